"""What each technique is, in a player's words: the text of the technique reference pages.

One :class:`About` per technique of the catalogue, keyed by its registered name:
when it applies and what it removes or places (``summary``), what to look for on a
board (``look_for``), and for a technique that gathers several forms under one
name, a line per form (``forms``).  The texts are written for a player who knows
the techniques before it in the reference's order (:func:`reading_order`), and
were checked against each technique's module (its docstring and its code), which
stays the authority: the pages show a real step of the technique beside them.

A technique named inside a text is written in brackets, ``[Naked Pair]``, so a
test can check that every name exists and the pages can show them (:func:`plain`
drops the brackets; :func:`mentions` lists the names).  Level and rating are not
repeated here: they come from the registry, which others may retune.

The fish family shares its wording: the texts of sizes two to four and of their
finned, sashimi, Franken, Mutant and Siamese forms are made by small functions of
the size (``_fish``, ``_finned`` ...), so the nine X-Wing-to-Jellyfish pages say
the same thing in the same words, and a fix reaches all of them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from .registry import Level, Technique, all_techniques
from .step import with_article


@dataclass(frozen=True)
class About:
    """A technique's reference text (names of techniques in brackets, see the module)."""

    summary: str  # when it applies, and what it removes or places (2-5 sentences)
    look_for: str  # what to look for on the board
    forms: tuple[str, ...] = ()  # the forms told under this one name ("Type 1: ...")


# -- the fish family ----------------------------------------------------------------------

FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
_COUNT = {2: "two", 3: "three", 4: "four"}
_EACH = {2: "", 3: " (each may have two or three of them)", 4: " (each may have two to four)"}


def _fish(k: int) -> About:
    count = _COUNT[k]
    if k == 2:
        return About(
            "For one digit, two rows in which it can only go in the same two columns. Each "
            "row needs the digit once and the two take it in different columns, so between "
            "them they fill both columns: every other cell of those two columns loses the "
            "digit. The same works with columns and rows swapped.",
            "A digit with exactly two places in each of two rows (or columns), lined up: "
            "the four corners of a rectangle.",
        )
    smaller = FISH[k - 1]
    return About(
        f"The [{smaller}] with {count} lines: {count} rows whose places for a digit all lie "
        f"in the same {count} columns{_EACH[k]}. The {count} rows take the digit in "
        f"{count} different columns, so they fill those columns and every other cell of "
        f"them loses the digit. The same works with columns and rows swapped.",
        f"{count.capitalize()} rows (or columns) where one digit has only a few places, all "
        f"falling in the same {count} columns (or rows); a row need not use all {count}.",
    )


def _finned(k: int) -> About:
    fish = FISH[k]
    article = with_article(fish).split()[0].capitalize()
    return About(
        f"{article} [{fish}] spoiled by fins: extra candidates of the digit in the base "
        "rows (or columns), outside the cover lines, all in one region. Either a fin "
        f"holds the digit, or the {fish} stands and fills the cover lines. A cell on a "
        "cover line, off the base lines and inside the fins' region, loses the digit "
        "either way: it sees every fin, and the fish would fill its line.",
        f"A near {fish}: base rows (or columns) whose candidates fit the cover lines but "
        "for one or two strays in a single region. Targets sit in that region, on a "
        "cover line.",
    )


def _sashimi(k: int) -> About:
    fish = FISH[k]
    return About(
        f"A [Finned {fish}] in which a base row keeps a single candidate in the cover "
        f"columns once its fins are set aside: a corner the {fish} would need is missing. "
        "The reasoning does not change: either a fin holds the digit or the fish stands, "
        "so a cell in a cover column inside the fins' region loses the digit.",
        "A finned fish whose finned row is thin: one candidate in the cover columns, "
        "the rest of its candidates bunched as fins in one region.",
    )


def _siamese(k: int, sashimi: bool) -> About:
    single = f"{'Sashimi' if sashimi else 'Finned'} {FISH[k]}"
    kinds = "both sashimi" if sashimi else "finned, one of them perhaps sashimi"
    return About(
        f"Two [{single}] patterns of one digit on the same base rows (or columns), "
        f"covered in two different ways, each with its own fins and its own removals "
        f"({kinds}). Each fish stands on its own, so both sets of removals hold and are "
        "told as one step. It rates as the single fish it is made of, which a hint "
        "gives first.",
        "A finned fish whose base lines could also be covered another way: try the other "
        "choice of cover lines and see whether it leaves fins in one region too.",
    )


def _franken(k: int) -> About:
    count = _COUNT[k]
    return About(
        f"A fish with regions among its units: {count} base units (rows and regions, say) "
        f"whose places for a digit lie in {count} cover units (columns and regions), no "
        "place shared by two base units. As in the "
        f"[{FISH[k]}], the base units need the digit in {count} different cells, which "
        "fill the cover units, so every other cell of the cover units loses the digit "
        "(and so does a base candidate that lies in two cover units).",
        "Rows and regions against columns and regions (or the reverse). In jigsaw grids, "
        "where regions reach across many rows and columns, these are common.",
    )


def _mutant(k: int) -> About:
    count = _COUNT[k]
    return About(
        f"The freest fish: {count} base units and {count} cover units of any kinds, a "
        "row and a column on the same side, say (what is neither basic nor "
        f"[Franken {FISH[k]}]). The logic is unchanged: the base units need the digit in "
        f"{count} different cells, which fill the cover units, so every other cell of "
        "the cover units loses it.",
        "One digit's places in a mix of rows, columns and regions that a matching mix of "
        "units covers exactly.",
    )


def _finned_complex(family: str, k: int) -> About:
    fish = f"{family} {FISH[k]}"
    return About(
        f"A [{fish}] with fins: base candidates outside every cover unit, or shared by "
        f"two base units. Either a fin holds the digit or the {fish} stands, so only a "
        "cell of the cover units that also sees every fin loses the digit.",
        f"A near {fish} with a stray candidate or two; the targets must see them all.",
    )


def _siamese_complex(family: str, k: int) -> About:
    single = f"Finned {family} {FISH[k]}"
    return About(
        f"Two [{single}] patterns of one digit on the same base units, covered in two "
        "different ways, each with its own fins and removals. Both stand, so their "
        "removals are told as one step, rated as the single fish.",
        "A finned fish whose base units admit a second cover that also works.",
    )


# -- the catalogue -----------------------------------------------------------------------

ABOUT: dict[str, About] = {
    # singles
    "Full House": About(
        "A row, column or region with one empty cell left. The one digit the unit lacks "
        "goes there.",
        "Units that are nearly full: count the empty cells, not the digits.",
    ),
    "Hidden Single": About(
        "A digit that has only one possible cell in a unit: every other cell there is "
        "filled or sees that digit already. The digit goes in that cell, whatever else "
        "the cell might allow.",
        "Take a digit and a region, and let the copies of the digit in the rows and "
        "columns around it rule out cells; then rows and columns.",
    ),
    "Naked Single": About(
        "A cell where every digit but one is already in its row, column or region, or "
        "has been ruled out. The cell takes the one digit left.",
        "Cells whose row, column and region are crowded; with candidates shown, a cell "
        "with a single candidate.",
    ),
    # variant rules
    "Constraint Pair": About(
        "Two cells a variant rule links: a dot or an X between them, neighbours on a "
        "thermometer or a whisper line, a knight's move apart. A candidate of one cell "
        "that no digit left in the other can stand beside is ruled out.",
        "Marks between cells whose candidates are few: the cell next to a placed digit "
        "on a dot, a thermometer's bulb and tip.",
    ),
    "Constraint Sum": About(
        "A rule over several cells (a killer cage's sum, an arrow, a between line, a "
        "quadruple). Only some ways of completing it fit the digits its cells can still "
        "hold; a candidate that takes part in none of them is ruled out.",
        "Small cages with extreme sums (two cells adding to 3 or 17), cages with cells "
        "already placed, arrows whose circle has few candidates.",
    ),
    "Extra House Single": About(
        "A diagonal, an extra region or a disjoint group holds every digit once, like a "
        "row. A digit with one place left in it goes there, as in [Hidden Single].",
        "Diagonals and extra regions that are nearly full, or a digit placed often around one.",
    ),
    "Extra House Intersection": About(
        "A digit whose places in one house all lie inside a second house, where one of "
        "the two is a diagonal or an extra region: the digit is in their overlap, so the "
        "rest of the second house loses it, as in [Pointing] and [Claiming].",
        "A diagonal crossing a box: a digit whose places on the diagonal sit in one box, "
        "or whose places in the box sit on the diagonal.",
    ),
    "Thermometer": About(
        "Digits rise strictly from a thermometer's bulb along its tube, so a cell k "
        "steps up the tube is at least k more than the bulb's smallest digit and at "
        "least k less than the largest digit of any cell k steps above it. Candidates "
        "outside those ranges are ruled out.",
        "Long thermometers (a tube of 7 cells on 9x9 leaves each cell three digits), "
        "and tubes beside placed digits.",
    ),
    "Kropki Pair": About(
        "A white dot joins consecutive digits, a black dot a digit and its double. A "
        "candidate of one cell that no digit left in the other can pair with is ruled "
        "out (a black dot never touches 5, 7 or 9 on 9x9).",
        "Black dots (only 1-2, 2-4, 3-6 and 4-8), and dots beside cells with few candidates.",
    ),
    "XV Pair": About(
        "An X joins two digits adding up to 10, a V two adding up to 5. A candidate "
        "whose partner the other cell cannot hold is ruled out.",
        "V marks (only 1+4 and 2+3), and X marks beside a cell holding a few digits.",
    ),
    "Whisper Line": About(
        "Neighbours along a German whisper line differ by at least 5 (Dutch: 4), so a "
        "candidate with no far enough digit left beside it goes; on 9x9 a German "
        "whisper never holds 5.",
        "The middle digits (4, 5, 6) on whisper lines, and cells next to a placed digit.",
    ),
    "Renban Line": About(
        "A renban line holds a run of consecutive digits in any order, so any two of "
        "its cells differ and lie no further apart than the line is long. A candidate "
        "too far from every digit left in another cell of the line goes.",
        "Long renban lines, and lines with a placed digit.",
    ),
    "Palindrome Line": About(
        "A palindrome line reads the same from either end, so mirrored cells hold the "
        "same digit: each keeps only the candidates the other has.",
        "Mirrored cells in the same box or row of other lines: they share candidates.",
    ),
    "Between Line": About(
        "The digits on a between line lie strictly between the digits in its two end "
        "circles. The ends must leave room for the middle cells, and the middle cells "
        "must fit inside some pair of ends; candidates that fit no way are ruled out.",
        "Long between lines (their ends must be far apart) and ends with few digits.",
    ),
    "Arrow Sum": About(
        "The digits on an arrow's shaft add up to the digit in its circle. Cells of "
        "the shaft that share a row, column or region differ; candidates of the circle "
        "or the shaft that no way of making the sum uses are ruled out.",
        "Arrows with long shafts (their circle is large) and shafts in one house.",
    ),
    "Little Killer Sum": About(
        "A clue outside the grid gives the sum of the digits along its diagonal, which "
        "may repeat where no house forbids it. Candidates that no way of making the sum "
        "uses are ruled out.",
        "Small or large clues on short diagonals.",
    ),
    "Sandwich Sum": About(
        "A clue beside a row or column gives the sum of the digits between its 1 and "
        "its highest digit (9 on a 9x9 grid), the crusts. Only some pairs of places can "
        "hold the crusts with different digits between them making the sum; candidates "
        "no such placement uses are ruled out.",
        "Clues of 0 or 35 (the crusts side by side, or at the ends), and lines whose 1 "
        "or 9 is already placed.",
    ),
    "Cage Combinations": About(
        "A killer cage holds different digits adding up to its total, and only a few "
        "sets of digits do that (two cells making 4 can only be 1+3). Of those sets, "
        "keep the ones whose digits can go one to a cell among the candidates; a "
        "candidate that no set left gives its cell is ruled out, and a cell left one "
        "digit takes it.",
        "Small cages with extreme totals (two cells making 3, 4, 16 or 17; three making "
        "6, 7, 23 or 24), cages beside placed digits, and single-cell cages.",
    ),
    "Cage Pointing": About(
        "A digit that every set of digits left for a cage contains must be in the cage. "
        "If its places in the cage all lie in one row, column or region, the rest of "
        "that house loses it, as in [Pointing]: more generally, any cell that sees all "
        "of those places does.",
        "A cage whose combinations share a digit (two cells making 4 need both 1 and 3) "
        "lying along one line or inside one region.",
    ),
    "Cage Claiming": About(
        "A row, column or region whose places for a digit all lie in one cage: the "
        "digit is in that cage, in those cells, as in [Claiming]. The cage's other cells "
        "lose it, and so do the cage's combinations without it, with whatever "
        "candidates only those combinations allowed.",
        "A digit squeezed into two or three cells of a house that one cage holds.",
    ),
    "Innies and Outies": About(
        "Every row, column and region adds up to 45 on a 9x9 grid (N(N+1)/2 on an NxN "
        "one). Take off the cages wholly inside one of them: the cells left, the innies, "
        "make a hidden cage with a known sum. A cage that crosses the edge can be traded "
        "for its cells outside, the outies, less its total; the sum is then narrowed like "
        "a cage, and a lone innie or outie is placed.",
        "A house nearly tiled by cages: one or two cells sticking in or out of a row, "
        "column or region.",
        forms=(
            "Innies: the cells of the house outside the cages wholly inside add up to "
            "the house's sum less those cages' totals.",
            "Outies: when cages cover the house, the cells of those cages outside it add "
            "up to the cages' totals less the house's sum.",
            "Innie minus outie: trading only some crossing cages gives a difference, "
            "such as r1c1 - r2c2 = 3.",
        ),
    ),
    "Multi-House Innies and Outies": About(
        "[Innies and Outies] over two to four adjacent houses at once: a band of rows or "
        "columns, or a group of regions, adds up to 45 times as many on a 9x9 grid. The "
        "cages wholly inside come off, crossing cages are traded for their outies, and "
        "the sum left is narrowed like a cage. Harder to see than one house: the cages "
        "to count are spread over the whole band.",
        "Two or three rows, columns or regions side by side that cages nearly tile, "
        "with a cell or two sticking in or out.",
    ),
    "Hidden Cage": About(
        "The 45 rule gives some cells a total: the innies of one to four houses, the "
        "outies of a cage that crosses their edge, or a cage less such a group inside "
        "it (cage splitting). When those cells all see each other they hold different "
        "digits, so they form a cage nobody drew, with combinations like any cage: a "
        "candidate no fitting combination gives its cell is ruled out, and a digit "
        "every combination needs is pointed or claimed as in [Cage Pointing] and "
        "[Cage Claiming].",
        "Two or three innies (or outies) in one row, column or region, and cages that "
        "stick out of a house by a cell or two: the part outside is a cage of its own.",
        forms=(
            "Innies: a house less the cages wholly inside it.",
            "Outies: the cells of crossing cages outside the houses, when they see each other.",
            "Cage splitting: a cage holding a hidden cage, less it, is a cage with the "
            "rest of the total.",
        ),
    ),
    "Cage Subset": About(
        "Two cages (drawn or hidden) whose cells all see each other, in one row, column "
        "or region say, share no digit. So only pairs of their combinations with no "
        "digit in common can go together: a combination with no such partner goes, "
        "with the candidates only it allowed; and a digit that every such pair holds "
        "is inside the two cages, so any cell that sees all its places there loses it, "
        "as in [Naked Pair]. Where no two cages say anything, three may: one "
        "combination each, no two sharing a digit, as in [Naked Triple].",
        "Two small cages side by side in one house whose combinations overlap "
        "(a 10 and a 9 in two cells each: 1+9 and 1+8 cannot both be used); three "
        "10s of two cells in one row, which take 1+9, 2+8 and 3+7 between them.",
    ),
    # locked candidates
    "Pointing": About(
        "Inside a region, every place for a digit lies on one row (or column). The digit "
        "must go in that part of the line, so the rest of the line, outside the region, "
        "loses it.",
        "A region whose candidates for a digit sit in one row or one column.",
    ),
    "Claiming": About(
        "[Pointing] the other way round: in a row (or column), every place for a digit "
        "lies inside one region. The digit must go where the line meets that region, so "
        "the region's other cells lose it.",
        "A row or column whose candidates for a digit are bunched inside one region.",
    ),
    "Law of Leftovers": About(
        "Jigsaw grids only. Take some adjacent rows (or columns) and as many regions "
        "that nearly fill them: both hold every digit the same number of times. Set "
        "aside the cells they share; the cells left in the rows (the innies) hold the "
        "same digits as the cells left in the regions (the outies). So a candidate of an "
        "innie that no outie can hold goes, and the other way round, and once one side "
        "is filled the other side's digits are known.",
        "A band of rows or columns where a region pokes out by a cell or two and another "
        "pokes in: those few cells mirror each other.",
    ),
    # subsets
    "Naked Pair": About(
        "Two cells of one unit whose candidates are the same two digits. Those two "
        "digits must fill those two cells, so no other cell of the unit can hold them "
        "(nor of another unit both cells share).",
        "Two cells showing just the same two candidates in a row, column or region.",
    ),
    "Naked Triple": About(
        "Three cells of a unit that hold only three digits between them (each cell may "
        "show two or three of them). The three digits fill those three cells, so the "
        "unit's other cells lose them.",
        "Cells with two or three candidates drawn from the same three digits, such as "
        "12, 23 and 13.",
    ),
    "Naked Quad": About(
        "Four cells of a unit that hold only four digits between them. The four digits "
        "fill those four cells, so the unit's other cells lose them.",
        "Four cells whose candidates together are four digits; the unit's other cells "
        "then hold a hidden subset of the other digits, which may be easier to see.",
    ),
    "Hidden Pair": About(
        "Two digits that, in one unit, fit only in the same two cells. Those cells must "
        "hold those two digits, so every other candidate in the two cells goes.",
        "Two digits with exactly two places in a unit, and the same two places.",
    ),
    "Hidden Triple": About(
        "Three digits whose places in a unit all lie in the same three cells (each digit "
        "may have two or three of them). Those cells must hold those three digits, so "
        "their other candidates go.",
        "Digits with few places in a unit, sharing the same three cells.",
    ),
    "Hidden Quad": About(
        "Four digits whose places in a unit all lie in the same four cells. Those cells "
        "must hold those four digits, so their other candidates go.",
        "Four digits of a unit confined to four cells; the unit's other cells then hold "
        "a naked subset of the other digits, which may be easier to see.",
    ),
    # basic fish
    "X-Wing": _fish(2),
    "Swordfish": _fish(3),
    "Jellyfish": _fish(4),
    "Finned X-Wing": _finned(2),
    "Finned Swordfish": _finned(3),
    "Finned Jellyfish": _finned(4),
    "Sashimi X-Wing": _sashimi(2),
    "Sashimi Swordfish": _sashimi(3),
    "Sashimi Jellyfish": _sashimi(4),
    "Siamese Finned X-Wing": _siamese(2, sashimi=False),
    "Siamese Finned Swordfish": _siamese(3, sashimi=False),
    "Siamese Finned Jellyfish": _siamese(4, sashimi=False),
    "Siamese Sashimi X-Wing": _siamese(2, sashimi=True),
    "Siamese Sashimi Swordfish": _siamese(3, sashimi=True),
    "Siamese Sashimi Jellyfish": _siamese(4, sashimi=True),
    # Franken and Mutant fish
    "Franken X-Wing": _franken(2),
    "Franken Swordfish": _franken(3),
    "Franken Jellyfish": _franken(4),
    "Mutant X-Wing": _mutant(2),
    "Mutant Swordfish": _mutant(3),
    "Mutant Jellyfish": _mutant(4),
    "Finned Franken X-Wing": _finned_complex("Franken", 2),
    "Finned Franken Swordfish": _finned_complex("Franken", 3),
    "Finned Franken Jellyfish": _finned_complex("Franken", 4),
    "Finned Mutant X-Wing": _finned_complex("Mutant", 2),
    "Finned Mutant Swordfish": _finned_complex("Mutant", 3),
    "Finned Mutant Jellyfish": _finned_complex("Mutant", 4),
    "Siamese Finned Franken X-Wing": _siamese_complex("Franken", 2),
    "Siamese Finned Franken Swordfish": _siamese_complex("Franken", 3),
    "Siamese Finned Franken Jellyfish": _siamese_complex("Franken", 4),
    "Siamese Finned Mutant X-Wing": _siamese_complex("Mutant", 2),
    "Siamese Finned Mutant Swordfish": _siamese_complex("Mutant", 3),
    "Siamese Finned Mutant Jellyfish": _siamese_complex("Mutant", 4),
    # two strong links
    "Skyscraper": About(
        "One digit with exactly two places in each of two rows (or two columns): two "
        "strong links. One end of each lies on a shared column (or row), so those two "
        "ends are not both the digit, and one of the two far ends is. A cell that sees "
        "both far ends loses the digit.",
        "Two parallel pairs of one digit with one end lined up: two towers of unequal height.",
    ),
    "2-String Kite": About(
        "One digit with exactly two places in a row and exactly two in a column. One end "
        "of the row's pair and one end of the column's pair share a region, so they are "
        "not both the digit, and one of the two far ends is. A cell that sees both far "
        "ends loses the digit.",
        "A row pair and a column pair of one digit that meet in one region; the target "
        "is where the far ends' column and row cross.",
    ),
    "Dual 2-String Kite": About(
        "Two [2-String Kite]s through the same two cells of a region: one reads the "
        "first cell's row with the second cell's column, the other the first cell's "
        "column with the second cell's row (or the two kites are on two digits). Each "
        "kite stands on its own, so both targets lose their digit, told as one step.",
        "A kite whose two region cells also start the other row and column pairs.",
    ),
    "Turbot Fish": About(
        "Two strong links on one digit joined as in the [Skyscraper] and the "
        "[2-String Kite], in any other shape: one link may lie in a region, or two "
        "parallel links may be joined through a region. The two joined ends are not both "
        "the digit, so one of the far ends is, and a cell that sees both far ends loses "
        "the digit.",
        "Pairs of one digit (a unit where it has exactly two places) whose ends see each "
        "other, whatever units they lie in.",
    ),
    "Empty Rectangle": About(
        "In a region, a digit's places all lie on one row and one column of it (a cross; "
        "the rest of the region, the empty rectangle, has none). Take a column where the digit "
        "has exactly two places, one of them on the cross's row outside the region. The "
        "cell on the other place's row and the cross's column cannot hold the digit: if "
        "it did, the other place (on its row) would not, so the place on the cross's row "
        "would, and the two would leave the region no place for it. The same works with "
        "rows and columns swapped.",
        "A region whose candidates for a digit form an L or a plus on one row and one "
        "column, and a two-place row or column that starts on that cross's line.",
    ),
    "Dual Empty Rectangle": About(
        "Two [Empty Rectangle]s on the same region's cross (the same digit and places), "
        "each with its own strong link and its own target. Both hold, so both targets "
        "lose the digit, told as one step.",
        "An Empty Rectangle whose cross also meets a second two-place line.",
    ),
    # wings
    "XY-Wing": About(
        "Three cells with two candidates each: a pivot with x and y, and two cells it "
        "sees (the pincers), one with x and z, the other with y and z. Whichever digit "
        "the pivot takes, one pincer is left with z. So a cell that sees both pincers "
        "cannot be z.",
        "A two-candidate cell that sees two other two-candidate cells sharing its digits "
        "and one more digit between them.",
    ),
    "XYZ-Wing": About(
        "An [XY-Wing] whose pivot holds x, y and z, with pincers x-z and y-z that it "
        "sees. If the pivot is x one pincer is z, if it is y the other is, and otherwise "
        "the pivot is z itself. So a cell that sees all three cannot be z.",
        "A three-candidate cell and two two-candidate cells inside its digits; targets "
        "see all three, so they lie where the pivot shares a unit with a pincer.",
    ),
    "W-Wing": About(
        "Two cells with the same two candidates, x and y, that do not see each other, "
        "and a unit where y has exactly two places, one seeing each cell. One of those "
        "places is y, so one of the two cells is not y but x. A cell that sees both "
        "cells cannot be x.",
        "Two matching two-candidate cells far apart, bridged by a pair (a unit with two "
        "places) of one of their digits.",
    ),
    "WXYZ-Wing": About(
        "Four cells, a pivot and three cells it sees, holding exactly four digits "
        "between them. Every digit but one, z, has its cells in the set all seeing each "
        "other, so it can be placed there at most once; four cells then need z as well. "
        "So one of the set's cells that allow z holds it, and a cell that sees all of "
        "those cannot be z.",
        "A cell and three cells around it with only four digits between them, one "
        "digit appearing in cells that do not see each other.",
    ),
    "VWXYZ-Wing": About(
        "The [WXYZ-Wing] with five cells and five digits: a pivot and four cells it "
        "sees. Every digit but z can be placed in the set at most once, so five cells "
        "need z too, and a cell that sees every z of the set cannot be z.",
        "Five cells around a pivot with only five digits between them.",
    ),
    # uniqueness
    "Unique Rectangle": About(
        "Four empty cells at the corners of a rectangle in two rows, two columns and "
        "exactly two regions, all allowing the same two digits x and y. If all four "
        "ended as x and y, swapping them would give a second solution, so in a puzzle "
        "with one solution some corner takes another digit.",
        "Cells showing the same pair at three or four corners of a rectangle spanning two regions.",
        (
            "Type 1: three corners are exactly x and y; the fourth loses x and y.",
            "Type 2: the two other corners, on one line, have one extra digit z each; "
            "one of them is z, so a cell that sees both loses z.",
            "Type 3: the other corners' extra digits act as one cell, making a naked "
            "subset with other cells of a unit they share.",
            "Type 4: in a unit the other two corners share, x can only go in them; one "
            "is x, so neither can be y.",
        ),
    ),
    "Unique Rectangle Type 5": About(
        "A [Unique Rectangle] whose corners other than the two-candidate ones (two on a "
        "diagonal, or three corners) have one extra digit z between them. One of them "
        "must be z, or the rectangle would be deadly, so a cell that sees all of them "
        "loses z.",
        "A pair rectangle with one or two bare x-y corners, the others all carrying "
        "the same extra digit.",
    ),
    "Unique Rectangle Type 6": About(
        "A [Unique Rectangle] whose two corners with only x and y lie on a diagonal, "
        "with x confined to the rectangle's corners in both of its rows (or both "
        "columns). Then x fills one diagonal; if it filled the other one, the two "
        "x-y corners would both be y and the rectangle deadly. So x goes on the x-y "
        "diagonal, and the other two corners lose x.",
        "A pair rectangle with its bare corners diagonal, and x in pairs (two places "
        "each) along both rows or both columns.",
    ),
    "Hidden Rectangle": About(
        "A rectangle of four empty cells allowing x and y (two rows, two columns, two "
        "regions) in which one corner holds only x and y. Look at the opposite corner: "
        "if in its row and in its column x can only go inside the rectangle, it cannot "
        "be y. If it were, x would fill the two corners beside it, the bare corner "
        "would be y, and the rectangle would be deadly.",
        "A bare x-y corner of a rectangle, and x in pairs along the row and column of "
        "the corner opposite.",
    ),
    "Avoidable Rectangle": About(
        "The [Unique Rectangle] idea for digits solved on the way rather than given: "
        "four cells in two rows, two columns and two regions, none a given. Four such "
        "cells ending as x and y could be swapped into a second solution of the same "
        "givens, so the corners that are still empty must avoid it.",
        "A rectangle of solved (not given) digits across two regions with a corner or "
        "two still open.",
        (
            "Type 1: three corners are solved, x on one and y on the two beside it; the "
            "fourth corner, diagonal to x, cannot be x.",
            "Type 2: two corners on one line are solved as x and y, and each other "
            "corner allows only the digit it would need and one more, the same z for "
            "both: one of them is z, so a cell that sees both loses z.",
        ),
    ),
    "BUG+1": About(
        "Every empty cell has two candidates except one cell with three, and every digit "
        "has two places in each unit except one digit, which has three in that cell's "
        "units. Without that digit the grid would be a bivalue universal grave (BUG), "
        "which never has exactly one solution. So in a puzzle with one solution the "
        "cell takes that digit.",
        "Late in a puzzle: a board of two-candidate cells with a single three-candidate cell.",
    ),
    # colouring
    "Simple Colouring": About(
        "Take one digit and its pairs: units where it has exactly two places, one of "
        "which holds it. Chain the pairs that share cells and colour the cells in two "
        "alternating colours: one colour holds every true copy, the other none. If two "
        "cells of one colour see each other (a colour wrap), that colour is false and "
        "all its cells lose the digit; a cell outside the chain that sees both colours "
        "(a colour trap) loses it too.",
        "A digit with many two-place units linked into one web; colour it and look for "
        "a clash or a cell seeing both colours.",
    ),
    "Multi-Colouring": About(
        "Two separate colour chains of one digit, A/B and C/D, coloured as in [Simple "
        "Colouring]. If a cell of A sees a cell of C, A and C are not both true, so B or "
        "D holds the digit, and a cell that sees both B and D loses it. If A sees both "
        "C and D, A cannot be true (the other chain would lose both colours), so A's "
        "cells lose the digit.",
        "Two colour chains of one digit that do not join but whose cells see each other.",
    ),
    "3D Medusa": About(
        "Colouring across digits: candidates are linked both where a digit has two places "
        "in a unit and where a cell has two candidates. A linked cluster splits into two "
        "colours, one all true and one all false. A colour is false if it appears twice "
        "in a cell, twice for one digit in a unit, or would leave some cell with nothing; "
        "then all its candidates go. An uncoloured candidate goes if it sees its digit "
        "in both colours, if its cell holds both colours, or if it sees its digit in one "
        "colour while its cell holds the other.",
        "Many two-candidate cells and two-place units woven together: colour from one "
        "candidate outwards through both kinds of pair.",
    ),
    # chains
    "X-Chain": About(
        "A chain on one digit: strong links (a unit where the digit has exactly two "
        "places, so one of them holds it) joined by weak links (two cells that see each "
        "other, so not both hold it). If the first end is not the digit the chain forces "
        "the last end to be it, so one of the ends holds it, and a cell that sees both "
        "ends loses it. The [Skyscraper], [2-String Kite] and [Turbot Fish] are its "
        "shortest forms.",
        "One digit's two-place units strung end to end; the targets see both ends.",
    ),
    "Grouped X-Chain": About(
        "An [X-Chain] that may pass through groups: the digit's places in a region that "
        "lie on one row (or column), taken together as one end of a link, which is true "
        "when any of its cells holds the digit. Groups let the chain cross regions "
        "where the digit still has three or more places. The [Empty Rectangle] is the "
        "shortest.",
        "A one-digit chain that would close if two or three cells of a region counted as one.",
    ),
    "XY-Chain": About(
        "A chain of two-candidate cells, each seeing the next and sharing a digit with "
        "it: from a cell with z and a, to a-b, b-c ..., to a cell with c and z. If the "
        "first cell is not z, each cell forces the next and the last one is z; so one "
        "end is z, and a cell that sees both ends loses z. The [XY-Wing] is the "
        "three-cell case.",
        "Two-candidate cells stepping through the grid, each passing one digit on, "
        "starting and ending with the same digit.",
    ),
    "Remote Pair": About(
        "Four or more cells that all hold the same two candidates x and y, each seeing "
        "the next. Along the chain the two digits alternate, so two cells an odd number "
        "of steps apart hold x and y between them. A cell that sees both loses x and y.",
        "The same pair in several cells linked by sight; colour them alternately and "
        "find a cell seeing both colours.",
    ),
    "Alternating Inference Chain": About(
        "The general chain: its nodes are candidates, joined alternately by strong links "
        "(one of the two is true: the two candidates of a two-candidate cell, or a digit "
        "with two places in a unit) and weak links (not both true: two candidates of one "
        "cell, or one digit in cells that see each other). It starts and ends with "
        "strong links, so one of its ends is true, and a candidate that clashes with "
        "both ends is false. It mixes the links of the [X-Chain] and the [XY-Chain].",
        "Pairs of any kind that chain together: a two-place digit hands over to a "
        "two-candidate cell and back.",
    ),
    "Continuous Nice Loop": About(
        "An [Alternating Inference Chain] whose two ends also clash, so it closes into a "
        "loop. In that loop every weak link holds exactly one true candidate, so each "
        "acts as a strong link too: a candidate that clashes with both ends of any link "
        "of the loop is false, typically the digit elsewhere in a unit the loop passes "
        "through, or a cell's other candidates.",
        "A chain that comes back to a cell that sees, or is, its start.",
    ),
    "Discontinuous Nice Loop": About(
        "A chain that comes back to its own start: assuming the start candidate false "
        "leads, link by link, to it being true. So it is true, and it is placed (when "
        "the start is a group, its digit leaves the cells that see all of it).",
        "A candidate whose denial runs round a loop and returns to it.",
    ),
    "Grouped AIC": About(
        "An [Alternating Inference Chain] with at least one group: one digit in two or "
        "more cells of a unit that lie where it meets another unit (a region's cells on "
        "one row, say), taken as one node that is true when any of its cells holds the "
        "digit. The reasoning is the same: one end is true, so what clashes with both "
        "ends is false.",
        "A chain that would link up if a digit's two or three places in a region line "
        "counted as one.",
    ),
    "Grouped Continuous Nice Loop": About(
        "A [Continuous Nice Loop] through at least one group (a digit's places where a "
        "region meets a line, taken as one node). Every weak link of the loop holds "
        "exactly one true node, so what clashes with both ends of any link goes.",
        "A loop of links in which some node is a group of two or three cells.",
    ),
    "Grouped Discontinuous Nice Loop": About(
        "A [Discontinuous Nice Loop] through at least one group: denying the start leads "
        "back to it, so the start is true and is placed (or, for a group, its digit "
        "leaves the cells that see the whole group).",
        "A self-proving loop in which some node is a group of cells.",
    ),
    "Grouped AIC through ALS": About(
        "A chain that may also pass through almost locked sets: n cells of a unit with "
        "n + 1 candidates between them. Take one digit out of such a set and the others "
        "are locked in, so the set links its digits like a two-candidate cell does. "
        "Each such step is told under its form's name (a grouped chain or loop); it is "
        "tried after every other chain.",
        "A chain that stalls at a few cells of a unit holding one digit more than cells.",
    ),
    # almost locked sets
    "ALS-XZ": About(
        "An almost locked set (ALS) is n cells of one unit holding n + 1 candidates "
        "between them; a two-candidate cell is the smallest. Take two sets A and B "
        "sharing a digit x whose places in both all see each other: at most one set "
        "keeps x, and the other is then locked on its other digits. So for another "
        "digit z in both sets, z is in A or in B, and a cell that sees every z of both "
        "loses it.",
        "Two small groups of cells, each with one more digit than cells, sharing two "
        "digits; one of them (x) in places that all see each other.",
        (
            "Doubly linked: with two such digits x and y, each set is locked on the "
            "rest, so every other digit leaves the cells that see all its places in "
            "its set, and x and y leave the cells that see all their places in both.",
        ),
    ),
    "ALS-XY-Wing": About(
        "Three almost locked sets: a pivot set B shares a restricted common digit with a "
        "set A (a digit whose places in both sets all see each other) and another one "
        "with a set C, x with A and y with C. If neither A nor C held a digit z they "
        "share, both would be locked, A would hold x, C would hold y, and B would lose "
        "both, one digit short for its cells. So z is in A or C, and a cell that sees "
        "every z of both loses it.",
        "The [ALS-XZ] with a set in the middle: an [XY-Wing] whose cells have grown into groups.",
    ),
    "ALS Chain": About(
        "The [ALS-XY-Wing] stretched: four or more almost locked sets in a row, each "
        "linked to the next by a restricted digit, no two links in a row on the same "
        "digit. If the first set lacks z it is locked and passes its link's digit on, "
        "and so on down the line until the last set holds z. So z is in the first set "
        "or the last, and a cell that sees every z of both loses it.",
        "Groups of cells with one digit more than cells, linked end to end; the ends "
        "share a digit.",
    ),
    "Death Blossom": About(
        "A stem cell with candidates d1, d2 ..., and for each a petal: an almost locked "
        "set holding that digit in places that all see the stem. Whichever digit the "
        "stem takes, that petal loses it and is locked on its other digits. So a digit z "
        "that every petal holds, and the stem does not, is in one of the petals, and a "
        "cell that sees every z of every petal loses it.",
        "A cell whose every candidate is shared with a small set it sees; the sets have "
        "one more digit in common.",
    ),
    "Sue de Coq": About(
        "Two or more cells where a row (or column) crosses a region, holding at least "
        "two more digits than cells. Add cells from the rest of the line and from the "
        "rest of the region, no digit in both, so that all together hold exactly as many "
        "digits as cells. Each digit is then placed exactly once in the pattern: the "
        "line cells' digits leave the rest of the line, the region cells' digits the "
        "rest of the region, and the crossing's other digits both.",
        "Two or three cells of a region line with four or five candidates between them, "
        "and two-candidate cells on the line and in the region that use them up.",
    ),
    "Aligned Pair Exclusion": About(
        "Two cells and the pairs of values they could take together. A pair is "
        "impossible if the cells see each other and the values are equal, or if a "
        "two-candidate cell that sees both holds exactly those two values (it would be "
        "left empty). A value of one cell that appears in no possible pair is removed "
        "from it. Two or more such two-candidate cells are needed.",
        "Two cells seen together by several two-candidate cells whose pairs cover most "
        "of their combinations.",
    ),
    # the exhaustive and the last resort
    "Template Set": About(
        "A template is one way to place a digit in every row, column and region: the "
        "cells it will occupy when the grid is full. Of the templates that fit the "
        "position (using the digit's placed cells and only cells that allow it), if "
        "every one uses a cell, that cell takes the digit. It is exhaustive trial for "
        "one digit, not a pattern a person spots.",
        "Nothing to spot: it counts every way the digit can still fill the grid.",
    ),
    "Template Delete": About(
        "Of the templates of a digit that fit the position (see [Template Set]), if none "
        "uses a candidate of the digit, that candidate is false. A cell that every "
        "template of another digit uses is taken by it, which rules out more templates.",
        "Nothing to spot: it counts every way the digit can still fill the grid.",
    ),
    "Forcing Chain": About(
        "Trial, one level deep: assume a candidate and follow naked and hidden singles. "
        "If that breaks a rule, the candidate is false. If every candidate of a cell, or "
        "every place of a digit in a unit, leads to the same placement or removal, that "
        "holds. A hint uses it only when no pattern applies.",
        "No pattern: pick a two-candidate cell or a two-place digit and follow both ways.",
    ),
    "Nested Forcing Chain": About(
        "Trial two levels deep: inside an assumption, candidates that lead to a "
        "contradiction by singles are removed too, until the assumption itself breaks. "
        "Then its candidate is false.",
        "No pattern: the last resort before full trial.",
    ),
    "Trial and Error": About(
        "Assume a candidate and search every way to finish the grid; if there is none, "
        "the candidate is false. It always makes progress on a puzzle with one "
        "solution, and is used only when nothing else applies.",
        "No pattern: a search, not reasoning a person follows.",
    ),
}


# -- reading the texts -------------------------------------------------------------------

_NAME = re.compile(r"\[([^\[\]]+)\]")


def about(name: str) -> About:
    """The text of technique ``name``; KeyError if it has none."""
    return ABOUT[name]


def plain(text: str) -> str:
    """``text`` as a player reads it: the brackets round technique names dropped."""
    return _NAME.sub(r"\1", text)


def mentions(text: str) -> tuple[str, ...]:
    """The technique names ``text`` writes in brackets, in order, each once."""
    return tuple(dict.fromkeys(_NAME.findall(text)))


def texts(entry: About) -> tuple[str, ...]:
    """Every text of an entry (summary, what to look for, forms)."""
    return (entry.summary, entry.look_for, *entry.forms)


def related(name: str) -> tuple[str, ...]:
    """The techniques technique ``name``'s texts mention (itself left out)."""
    found = (m for text in texts(ABOUT[name]) for m in mentions(text))
    return tuple(m for m in dict.fromkeys(found) if m != name)


def by_level() -> tuple[tuple[Level, tuple[Technique, ...]], ...]:
    """The catalogue grouped by level, Easy first, each in catalogue order.

    The reference lists techniques this way, and reads on in this order: a player
    learns a level's techniques before the next level's, and within a level the
    simpler first.
    """
    techniques = all_techniques()
    return tuple(
        (level, found)
        for level in Level
        if (found := tuple(t for t in techniques if t.level is level))
    )


def reading_order() -> tuple[Technique, ...]:
    """Every technique in the reference's order (:func:`by_level`, flattened)."""
    return tuple(t for _level, found in by_level() for t in found)


def catalogue() -> Mapping[str, About]:
    """Every text by technique name (read-only view for callers)."""
    return ABOUT

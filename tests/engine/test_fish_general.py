"""Franken, Mutant and Siamese fish, and the template pre-filter they stand on.

Positions are pencil-mark grids from real solve paths (hard jigsaws from the
game's library, a 16x16 and a 6x6 walk, see :mod:`.pencil`) with the exact removal
each fish is first seen making; HoDoKu's regression library supplies the classic
cases.  Library codes with no case in the library (0330 Franken X-Wing, 0333-0335,
0343-0345, 0350-0361) cannot be checked; 0363 and 0364 hold fish of sizes 5 and 6
(Squirmbag, Whale), beyond the search's :data:`MAX_SIZE` of 4, and are skipped.
"""

from __future__ import annotations

import pytest

from game.engine import generator
from game.engine.logic import AreaKind, Role, digit_templates, fish_search, registry
from game.engine.logic.fish_search import FishKind, kind_of, make_fish
from game.engine.logic.grid import CandidateGrid, cells_of
from game.engine.logic.path import solve_path
from game.engine.logic.registry import Level
from game.engine.logic.variant_units import variant_units
from game.engine.rules import RuleSet
from game.engine.shape import Shape

from .pencil import Exemplar, position, solution_of, wrong
from .reglib import REGLIB, cases

CLASSIC = Shape.classic(9)


EXEMPLARS = {
    "jigsaw finned franken swordfish": Exemplar(
        "Finned Franken Swordfish",
        Shape.from_regions(
            "001111222001111222000013332044553332444553332644555557664488877666888777666888777"
        ),
        (
            "=5 =2 67 167 =3 16 =4 =9 =8 "
            "13 13 =8 =4 =9 =5 =6 =2 =7 "
            "469 =7 469 =8 =2 =3 19 16 =5 "
            "69 689 =1 =2 68 =4 =7 =5 =3 "
            "34 35 3469 59 =7 89 =2 68 =1 "
            "=7 58 =2 59 =1 68 =3 =4 69 "
            "168 169 679 67 =5 =2 89 =3 =4 "
            "269 69 =5 =3 =4 =7 18 18 269 "
            "2389 =4 39 16 68 1689 =5 =7 29 "
        ),
        "6r8c1",
    ),
    "jigsaw franken x-wing": Exemplar(
        "Franken X-Wing",
        Shape.from_regions(
            "000112222000112222300111442330115544335555544335566744338866774888866777888666777"
        ),
        (
            "=8 279 279 17 =3 =6 179 =4 =5 "
            "=5 =6 =4 =9 127 127 127 =3 =8 "
            "=4 =1 =3 27 =6 =8 579 579 279 "
            "1379 =8 79 =4 =5 179 =6 =2 1379 "
            "=6 379 =5 127 1279 =4 127 =8 1379 "
            "1279 =5 =8 =3 1279 1279 =4 =6 179 "
            "1279 279 =6 =5 =8 1279 =3 79 =4 "
            "2379 23479 279 =8 2479 35 2579 =1 =6 "
            "2379 23479 =1 =6 479 35 =8 579 279 "
        ),
        "2r8c5",
    ),
    "jigsaw finned mutant swordfish": Exemplar(
        "Finned Mutant Swordfish",
        Shape.from_regions(
            "000000111200033111222333311222433351244446555244466555747666585777666888777788888"
        ),
        (
            "2569 25689 =4 =1 69 =7 39 3689 359 "
            "14 5689 689 =3 =7 159 469 4689 =2 "
            "=3 289 =5 69 469 489 28 =1 =7 "
            "14 =7 689 269 =3 1589 128 269 459 "
            "29 34 =1 259 59 =6 =7 34 =8 "
            "269 3469 =7 =8 =1 49 =5 2369 349 "
            "=7 469 =2 59 =8 =3 469 459 =1 "
            "=8 =1 39 =7 459 =2 349 3459 =6 "
            "569 569 369 =4 =2 18 18 =7 39 "
        ),
        "4r6c2",
    ),
    "16x16 finned franken x-wing": Exemplar(
        "Finned Franken X-Wing",
        Shape.classic(16),
        (
            "29AG =1 269ACFG =B 3ACF =5 269ACEFG =D =8 69ACG 6ACG =7 3EF EF =4 23CEG "
            "2458AG 2468FG 2568ACFG 25ACF 134ABCF 146ABC =7 234BFG "
            "5BC =E 56ACG =D 35BF 58F =9 238BCG "
            "4589AG =3 589ACFG 5ACF 4ABCF 49ABCE 9ABCEFG 49BEFG 59BC =1 5ACG =2 =6 578EF 7ABG =D "
            "=7 26DG 2569ACG =E =8 69ABC 269ABCG 29BG =4 69ACG =F =3 5B 5 =1 2BCG "
            "458AB 478BD 1578AB 57AD =9 147ABD ABF 345BF =G 3A =2 =C 1BF =6 =E 178B "
            "4AE 46E 16ACE AC 134AF =8 6AF 34F =D =B =7 14A 19F =G =2 =5 "
            "2458BG 24678BG =3 257 =E 1467B 6BG =C 15 =F =9 14 =D =A 7B 178B "
            "=F =9 157ABG 57AD 1ABD =2 ABG 5BG =6 A =8 =E 1B =3 =C =4 "
            "=D =C =4 =1 =6 =3 89E 89E 9E 9AG =B 9AG =7 =2 =5 =F "
            "239E =A 279EF =8 =G 9E =4 =1 9EF 39 3D =5 =C =B 36 39E "
            "=6 =5 9BE 3 =7 =F 9BCE =A 9CE =2 =1 =8 =G =4 =D 39E "
            "239BE 2BEF 29BEF =G =5 9BCE =D 29BE =7 =4 3C =6 =A E =8 139E "
            "=1 78BEG =D =4 B 9BE =3 89BE =A =5 6G 9BG =2 =C =F 7BEG "
            "38ABE 8BEF 8ABEF 3AF =2 =G =5 =7 19BC 89C C 19B =4 =D 3B =6 "
            "235BG 27BG 257BG =6 4BCD 4BCD =1 4B 2BC 7CG =E =F =8 =9 37BG =A "
            "=C 278BEFG 2578ABEFG =9 ABF ABE 8ABEF =6 =3 =D =4 BG 5BE =1 7BG 7BEG "
        ),
        "5r2c13",
    ),
    "6x6 finned franken x-wing": Exemplar(
        "Finned Franken X-Wing",
        Shape.classic(6),
        (
            "36 =5 136 126 124 146 "
            "6 =2 =4 156 15 =3 "
            "=1 346 356 56 45 =2 "
            "246 46 256 156 =3 1456 "
            "=5 13 123 =4 =6 1 "
            "2346 1346 1236 1235 125 15 "
        ),
        "6r4c1",
    ),
}


@pytest.mark.parametrize("key", sorted(EXEMPLARS))
def test_exemplar_is_found_exactly_and_every_step_is_sound(key: str) -> None:
    exemplar = EXEMPLARS[key]
    grid = exemplar.grid()
    answer = solution_of(grid)
    steps = list(registry.get(exemplar.technique).find(grid))
    for step in steps:
        assert not wrong(step, grid, answer), step.explanation
        assert step.technique == exemplar.technique
    assert exemplar.eliminations() in [set(step.eliminations) for step in steps]


@pytest.mark.parametrize("key", sorted(EXEMPLARS))
def test_fish_steps_outline_base_and_cover_sets(key: str) -> None:
    exemplar = EXEMPLARS[key]
    grid = exemplar.grid()
    step = next(registry.get(exemplar.technique).find(grid))
    bases = [area for area in step.areas if area.kind is AreaKind.BASE]
    covers = [area for area in step.areas if area.kind is AreaKind.COVER]
    size = {"X-Wing": 2, "Swordfish": 3, "Jellyfish": 4}[exemplar.technique.split()[-1]]
    assert len(bases) == len(covers) == size
    assert [area.index for area in bases] == list(range(size))
    assert all(area.label.startswith("base ") for area in bases)
    assert all(area.label.startswith("cover ") for area in covers)
    roles = {mark.role for mark in step.marks}
    assert Role.PATTERN in roles and Role.FOCUS in roles
    assert (Role.FIN in roles) == exemplar.technique.startswith("Finned")


def test_jigsaw_fish_uses_an_irregular_region() -> None:
    exemplar = EXEMPLARS["jigsaw finned franken swordfish"]
    grid = exemplar.grid()
    step = next(
        s
        for s in registry.get(exemplar.technique).find(grid)
        if set(s.eliminations) == exemplar.eliminations()
    )
    assert "region" in step.explanation
    labels = [area.label for area in step.areas]
    assert any("region" in label for label in labels), labels


# -- HoDoKu's regression library ---------------------------------------------------

needs_library = pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")

SIZES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
CODES = {
    "0331": ("Franken", 3),
    "0332": ("Franken", 4),
    "0340": ("Franken", 2),  # finned
    "0341": ("Franken", 3),
    "0342": ("Franken", 4),  # with endo fins and a cannibalistic case
    "0362": ("Mutant", 4),
}
TOO_BIG = {"0363": "a Finned Mutant Squirmbag (size 5)", "0364": "a Finned Mutant Whale (size 6)"}


@needs_library
@pytest.mark.parametrize("code", sorted(CODES))
def test_library_fish_are_found_by_their_own_technique(code: str) -> None:
    family, size = CODES[code]
    names = [f"{family} {SIZES[size]}", f"Finned {family} {SIZES[size]}"]
    checked = 0
    for case in cases(code):
        if case.code != code:
            continue
        removed: set[tuple[int, int]] = set()
        for name in names:
            for step in registry.get(name).find(case.grid):
                for cell, digit in step.eliminations:
                    assert case.solution[cell] != digit, f"line {case.line}: {step.explanation}"
                removed.update(step.eliminations)
        assert case.eliminations <= removed, f"reglib line {case.line}"
        checked += 1
    assert checked >= 3


@needs_library
@pytest.mark.parametrize("code", sorted(TOO_BIG))
def test_library_fish_beyond_the_size_bound(code: str) -> None:
    pytest.skip(f"{code} is {TOO_BIG[code]}; the search stops at size {fish_search.MAX_SIZE}")


SIAMESE = {
    "03111": "Siamese Finned Swordfish",
    "03121": "Siamese Finned Jellyfish",
    "03211": "Siamese Sashimi Swordfish",
    "03221": "Siamese Sashimi Jellyfish",
    "03411": "Siamese Finned Franken Swordfish",
    "03421": "Siamese Finned Franken Jellyfish",
    "03621": "Siamese Finned Mutant Jellyfish",
}


@needs_library
@pytest.mark.parametrize("code", sorted(SIAMESE))
def test_library_siamese_fish_make_all_their_removals_in_one_step(code: str) -> None:
    name = SIAMESE[code]
    checked = 0
    for case in cases(code):
        if case.code != code:
            continue
        steps = list(registry.get(name).find(case.grid))
        for step in steps:
            for cell, digit in step.eliminations:
                assert case.solution[cell] != digit, f"line {case.line}: {step.explanation}"
        assert any(case.eliminations <= set(step.eliminations) for step in steps), case.line
        checked += 1
    assert checked >= 2


@needs_library
def test_removable_candidates_hold_every_fish_removal_and_never_the_answer() -> None:
    checked = 0
    for code in ("0300", "0310", "0331", "0341", "0342", "0362", "0401", "0502"):
        for case in cases(code):
            grid = case.grid
            for digit in range(1, 10):
                removable = digit_templates.removable(grid, digit)
                assert removable is not None
                for cell in cells_of(removable):
                    assert case.solution[cell] != digit, case.line
                for cell, removed_digit in case.eliminations:
                    if removed_digit == digit:
                        assert removable >> cell & 1, case.line
            checked += 1
    assert checked >= 20


def test_a_template_search_starting_from_earlier_templates_gives_the_same_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Along a rater's path on a 9x9 jigsaw Windoku puzzle, each digit's template search
    starts from the templates found at earlier positions; its answer is the one a
    search from scratch gives."""
    made = generator.search("jigsaw,windoku", 9, Level.EXPERT, seed=3).puzzle.puzzle
    rules = RuleSet(made.shape, made.constraints)
    grid = CandidateGrid.from_grid(made.shape, made.givens, rules=rules)
    path = solve_path(grid, unique=False, include_last_resort=False, by_rating=True)
    units = variant_units(grid)
    assert units is not None
    positions = [grid]
    for step in path.steps:
        positions.append(positions[-1].apply(step.placements, step.eliminations))
    asked = [
        (digit, places)
        for position in positions
        for digit in range(1, 10)
        if (places := position.digit_cells(digit))
    ]
    monkeypatch.setattr(digit_templates, "_CACHE", {})
    monkeypatch.setattr(digit_templates, "_KNOWN", {})
    seeded = [fish_search.variant_removable(units, digit, places) for digit, places in asked]
    fresh = []
    for digit, places in asked:
        monkeypatch.setattr(digit_templates, "_CACHE", {})
        monkeypatch.setattr(digit_templates, "_KNOWN", {})
        fresh.append(fish_search.variant_removable(units, digit, places))
    assert seeded == fresh
    assert None not in fresh
    assert sum(1 for found in fresh if found) >= 5  # positions with something to remove
    assert len(path.steps) >= 30


# -- the machinery ---------------------------------------------------------------------


def _x_wing_removals(geo: fish_search.Geometry, places: int, kind: FishKind) -> int:
    """Every candidate some two-unit ``kind`` fish removes, by trying every target,
    every pair of base units and every cover unit (the module's definition: with the
    target held, two base units' candidates that do not see it fit in one cover unit,
    and the other cover unit runs through the target)."""
    units = range(len(geo.unit_mask))
    removed = 0
    for target in cells_of(places):
        free = places & ~geo.peer_mask[target] & ~(1 << target)
        held = [unit for unit in units if geo.unit_mask[unit] & free]
        for index, first in enumerate(held):
            for second in held[index + 1 :]:
                one, two = geo.unit_mask[first] & free, geo.unit_mask[second] & free
                if one & two:
                    continue
                for cover in units:
                    if cover in (first, second) or (one | two) & ~geo.unit_mask[cover]:
                        continue
                    for through in geo.cell_units[target]:
                        if through in (first, second, cover):
                            continue
                        covers = tuple(sorted((cover, through)))
                        fish = fish_search.make_fish_in(geo, places, (first, second), covers)
                        if fish.kind is kind and fish.eliminations >> target & 1:
                            removed |= 1 << target
    return removed


def test_the_target_search_finds_every_x_wing_of_every_kind() -> None:
    """Against a brute force over every base pair and cover unit: the search must
    miss no target, though it skips the units that cannot be in any base set."""
    grids = [exemplar.grid() for exemplar in EXEMPLARS.values() if exemplar.shape.size == 9]
    grids += [case.grid for code in ("0310", "0331", "0341") for case in list(cases(code))[:2]]
    found = 0
    for grid in grids:
        geo = fish_search.geometry(grid.shape)
        for digit in range(1, 10):
            places = grid.digit_cells(digit)
            for kind in FishKind:
                removed = 0
                for fish in fish_search.fish_in(geo, places, kind, 2):
                    removed |= fish.eliminations
                expected = _x_wing_removals(geo, places, kind)
                assert removed == expected, (grid.shape, digit, kind)
                found += expected.bit_count()
    assert found >= 10


def test_kinds_follow_hodoku() -> None:
    shape = Shape.classic(9)
    rows, columns, regions = shape.row_units, shape.column_units, shape.region_units
    assert kind_of(shape, rows[:2], columns[:2]) is FishKind.BASIC
    assert kind_of(shape, columns[:2], rows[:2]) is FishKind.BASIC
    assert kind_of(shape, (rows[0], regions[0]), columns[:2]) is FishKind.FRANKEN
    assert kind_of(shape, columns[:2], (rows[0], regions[1])) is FishKind.FRANKEN
    assert kind_of(shape, (regions[0], regions[3]), columns[:2]) is FishKind.FRANKEN
    assert kind_of(shape, (rows[0], columns[0]), (rows[1], columns[1])) is FishKind.MUTANT
    assert kind_of(shape, rows[:2], (columns[0], rows[2])) is FishKind.MUTANT


def test_make_fish_counts_shared_base_candidates_as_fins() -> None:
    # Base row 1 and box 1 share r1c1 (an endo fin); covers c2 and c5 take r2c2 and
    # r1c5, and r3c3 is left over (an exo fin).
    places = sum(1 << cell for cell in (0, 4, 10, 20))
    fish = make_fish(CLASSIC, places, (0, 18), (10, 13))
    assert fish.kind is FishKind.FRANKEN
    assert fish.fins == (1 << 0) | (1 << 20)
    assert fish.body == (1 << 4) | (1 << 10)


def test_make_fish_removes_a_base_candidate_in_two_covers() -> None:
    # Base box 1 (r1c1, r1c2, r2c1) and row 5 (r5c1) against row 1 and column 1:
    # r1c1 lies in both covers, so it would have to be both of the two copies.
    places = sum(1 << cell for cell in (0, 1, 9, 36, 6, 63))
    fish = make_fish(CLASSIC, places, (4, 18), (0, 9))
    assert fish.kind is FishKind.MUTANT
    assert not fish.fins
    assert set(cells_of(fish.eliminations)) == {0, 6, 63}  # r1c1, r1c7, r8c1


def test_ratings_put_every_franken_and_mutant_fish_above_the_basic_ones() -> None:
    basic = [t for t in registry.all_techniques() if t.find.__module__.endswith(".fish")]
    complex_ = [t for t in registry.all_techniques() if t.find.__module__.endswith("complex_fish")]
    assert len(complex_) == 12
    assert min(t.rating for t in complex_) > max(t.rating for t in basic)
    for size in SIZES.values():
        franken = registry.get(f"Franken {size}").rating
        assert registry.get(f"Finned Franken {size}").rating > franken
        assert registry.get(f"Mutant {size}").rating > franken
        assert registry.get(f"Finned Mutant {size}").rating > registry.get(f"Mutant {size}").rating


def test_unknown_templates_turn_the_generalised_search_off_but_not_basic_fish(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exemplar = EXEMPLARS["jigsaw franken x-wing"]
    grid = exemplar.grid()
    assert list(registry.get("Franken X-Wing").find(grid))
    monkeypatch.setattr(digit_templates, "SMALL_GRID_NODES", 0)
    monkeypatch.setattr(digit_templates, "_CACHE", {})
    monkeypatch.setattr(digit_templates, "_KNOWN", {})
    monkeypatch.setattr(fish_search, "_CACHE", {})
    assert digit_templates.removable(grid, 2) is None
    assert not list(registry.get("Franken X-Wing").find(grid))
    assert list(registry.get("X-Wing").find(position(X_WING, CLASSIC)))


# A classic X-Wing on 3 in rows 3 and 7 (HoDoKu's first 0300 case, as pencil marks).
X_WING = (
    "=9 348 2348 23478 378 347 =5 =6 =1 "
    "28 458 =6 2458 =1 45 =7 =9 =3 "
    "=7 =1 35 35 =9 =6 =2 =4 =8 "
    "=6 358 358 358 =2 =1 =4 =7 =9 "
    "1238 34789 23489 36789 3678 379 138 238 =5 "
    "1238 35789 23589 35789 =4 3579 138 238 =6 "
    "=4 =2 39 39 =5 =8 =6 =1 =7 "
    "=5 3689 =7 =1 36 =2 389 38 =4 "
    "38 3689 =1 34679 367 3479 389 =5 =2 "
)


def test_basic_fish_outline_their_rows_and_columns_too() -> None:
    step = next(registry.get("X-Wing").find(position(X_WING, CLASSIC)))
    labels = [(area.kind, area.label) for area in step.areas]
    assert labels == [
        (AreaKind.BASE, "base r3"),
        (AreaKind.BASE, "base r7"),
        (AreaKind.COVER, "cover c3"),
        (AreaKind.COVER, "cover c4"),
    ]
    assert all(area.digits == 1 << 2 for area in step.areas)  # the 3s

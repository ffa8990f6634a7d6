"""The puzzle's rules read on the position the game shows now: ``game.on_board``.

A :class:`~.rulebook.Rulebook` answers rules questions about any grid; the board
and the referee ask them about one grid, the current one.  :class:`OnBoard` is
that binding, so :class:`~.game.Game` stays the position, its history and the
referee, and a variant's new rule never adds a method to it: peers, repeats,
broken constraints, legal candidates, the rules in words, and why a digit would
break a rule ("refuse rule-breaking digits", for one cell or many).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from ...engine.symbols import cell_name, symbol
from ...engine.types import Cell, Digit, Grid
from .effects import Effect, Refusal
from .rulebook import Broken, Rulebook


class OnBoard:
    """``rulebook``'s answers for the grid ``grid()`` returns (the game's, as it stands)."""

    def __init__(self, rulebook: Rulebook, grid: Callable[[], Grid]) -> None:
        self.rulebook = rulebook
        self._grid = grid

    def peers(self, cell: Cell) -> frozenset[Cell]:
        """The cells sharing a house with ``cell`` under this puzzle's rules: its row,
        column and region, and a variant's diagonals, extra regions, disjoint groups
        and cages (what the board highlights around the selected cell)."""
        return frozenset(self.rulebook.peers[cell])

    def conflicts(self) -> frozenset[Cell]:
        """Cells whose digit repeats in one of their houses (rows, columns, regions, and
        a variant's diagonals, extra regions and cages)."""
        return self.rulebook.conflicts(self._grid())

    def broken(self) -> tuple[Broken, ...]:
        """Every constraint the board visibly breaks (a cage's sum, a thermometer out
        of order, a dot's pair...), with the cells to mark; empty on a classic or
        jigsaw puzzle.  Cheap on every redraw: the answer is kept per position."""
        return self.rulebook.broken(self._grid())

    def broken_rules(self) -> tuple[tuple[int, tuple[Cell, ...]], ...]:
        """:meth:`broken` as (each constraint's index in ``puzzle.constraints``, the
        cells where the grid breaks it), for a board that draws by index."""
        return tuple((broken.index, broken.cells) for broken in self.broken())

    def broken_cells(self) -> frozenset[Cell]:
        """Every cell of :meth:`broken`'s constraints where the board breaks them."""
        return frozenset(cell for broken in self.broken() for cell in broken.cells)

    def candidates(self) -> tuple[int, ...]:
        """Per cell, the digits its peers do not hold and the constraints allow there
        (a bitmask; 0 for filled cells)."""
        return self.rulebook.candidates(self._grid())

    def sentences(self) -> tuple[str, ...]:
        """The rules as players read them, from the registry: the grid's, then one
        per constraint type the puzzle has ("Digits in a cage do not repeat ...")."""
        return self.rulebook.sentences()

    def refusal(self, cells: Sequence[Cell], digit: Digit) -> Effect | None:
        """Why ``digit`` in ``cells`` breaks a rule now ("refuse rule-breaking digits"):
        a house peer holds it, or a constraint through a cell would be broken.

        The one owner of that rule, for one cell or many: each chosen cell is judged
        with the digit already in the others too, so two chosen cells of one house
        (or a knight's move apart under anti-knight) refuse each other.  Many cells
        are refused as one move: none takes the digit, and the words say so.
        """
        book, size = self.rulebook, self.rulebook.size
        chosen = tuple(dict.fromkeys(cells))
        after = list(self._grid())
        for cell in chosen:
            after[cell] = digit
        grid = tuple(after)
        many = "" if len(chosen) == 1 else f" None of the {len(chosen)} cells took it."
        for cell in chosen:
            name = cell_name(cell, size)
            clash = next((p for p in book.peers[cell] if grid[p] == digit), None)
            if clash is not None:
                refused = Effect.refused(
                    Refusal.PEER_HOLDS,
                    flash=(cell, clash),
                    digit=symbol(digit),
                    clash=cell_name(clash, size),
                    name=name,
                )
                return replace(refused, message=refused.message + many)
            broken = book.breaks(grid, cell, digit)
            if broken is not None:
                refused = Effect.refused(
                    Refusal.BREAKS_RULE,
                    flash=tuple(dict.fromkeys((cell, *broken.cells))),
                    digit=symbol(digit),
                    name=name,
                    words=broken.words,
                )
                return replace(refused, message=refused.message + many)
        return None

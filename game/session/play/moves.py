"""Player moves as small values with a text form, so a saved game is a move list.

Every change a player can make is a :class:`Move`: applying it to a
:class:`BoardState` gives the next state, and its ``text`` parses back to an equal
move (``place r4c7 9``, ``note r1c2 5``, ``fill-notes``...).  Moves carry everything
that decides their effect (for example whether placing a digit also clears it from
the notes of peers), so replaying a save gives the same states whatever the
settings are when it is loaded.
"""

from __future__ import annotations

import dataclasses
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ...engine.rules import candidates
from ...engine.shape import Shape
from ...engine.symbols import cell_name, digit_of, symbol
from .rulebook import Rulebook
from .state import COLOURS, BoardState, NoteKind, with_candidate_colour


@dataclass(frozen=True)
class MoveContext:
    """What moves may read besides the state: the shape, the givens, the solution, and
    the history so far (for :class:`Rewind`: ``earlier(k)`` is the state ``k`` moves
    before the current one, or the earliest there is)."""

    shape: Shape
    givens: tuple[int, ...]
    solution: tuple[int, ...] | None
    earlier: Callable[[int], BoardState] | None = None
    rulebook: Rulebook | None = None
    """The puzzle's rules beyond the shape (a variant's houses and constraints): what
    a placed digit prunes and which notes Fill notes writes (None: the shape's)."""

    def grid(self, state: BoardState) -> tuple[int, ...]:
        """Givens and entries together."""
        return tuple(g or e for g, e in zip(self.givens, state.entries, strict=True))

    def candidates(self, grid: tuple[int, ...]) -> tuple[int, ...]:
        """Per empty cell, the digits the rules still allow there (0 for filled cells)."""
        if self.rulebook is None:
            return candidates(self.shape, grid)
        return self.rulebook.candidates(grid)

    @property
    def peers(self) -> Sequence[Sequence[int]]:
        """Per cell, the cells sharing a house with it (a variant's houses included)."""
        return self.shape.peers if self.rulebook is None else self.rulebook.peers


class MoveError(ValueError):
    """A move's text cannot be read, or the move does not fit the puzzle."""


class Move(ABC):
    """One undoable change."""

    @abstractmethod
    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        """The state after this move (``state`` itself if nothing changes)."""

    @abstractmethod
    def text(self, size: int) -> str:
        """The move's text form, read back by :func:`parse_move`."""


@dataclass(frozen=True)
class Place(Move):
    """Put ``digit`` in ``cell``; with ``prune``, peers lose that digit from their notes."""

    cell: int
    digit: int
    prune: bool = True

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        return _place(state, context, {self.cell: self.digit}, self.prune)

    def text(self, size: int) -> str:
        keep = "" if self.prune else " keep-notes"
        return f"place {cell_name(self.cell, size)} {symbol(self.digit)}{keep}"


@dataclass(frozen=True)
class Erase(Move):
    """Clear the entry of ``cell``, or else its notes (all three kinds)."""

    cell: int

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        cell = self.cell
        if state.entries[cell]:
            return state.replace(
                entries={cell: 0}, ink={cell: 0}, revealed=_unrevealed(state, (cell,))
            )
        if any(state.notes_of(kind)[cell] for kind in NoteKind):
            return state.replace(**{kind.field: {cell: 0} for kind in NoteKind})
        return state

    def text(self, size: int) -> str:
        return f"erase {cell_name(self.cell, size)}"


@dataclass(frozen=True)
class ToggleNote(Move):
    """Add or remove the note ``digit`` of ``kind`` in an empty ``cell``."""

    cell: int
    digit: int
    kind: NoteKind = NoteKind.CANDIDATE

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if context.givens[self.cell] or state.entries[self.cell]:
            return state
        mask = state.notes_of(self.kind)[self.cell] ^ (1 << (self.digit - 1))
        return state.replace(**{self.kind.field: {self.cell: mask}})

    def text(self, size: int) -> str:
        return f"{NOTE_WORDS[self.kind]} {cell_name(self.cell, size)} {symbol(self.digit)}"


NOTE_WORDS = {NoteKind.CANDIDATE: "note", NoteKind.CORNER: "corner", NoteKind.CENTRE: "centre"}
"""The first word of each kind's toggle in a move text (``note r1c2 5``, ``corner r1c2 5``)."""


@dataclass(frozen=True)
class Paint(Move):
    """Colour ``cell`` (``digit`` None) or one candidate of it; colour 0 clears."""

    cell: int
    colour: int
    digit: int | None = None

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if self.digit is None:
            return state.replace(colours={self.cell: self.colour})
        packed = with_candidate_colour(state.marks[self.cell], self.digit, self.colour)
        return state.replace(marks={self.cell: packed})

    def text(self, size: int) -> str:
        where = cell_name(self.cell, size)
        if self.digit is not None:
            where += f"/{symbol(self.digit)}"
        return f"paint {where} {self.colour}"


@dataclass(frozen=True)
class ClearColours(Move):
    """Remove every colour from cells and candidates."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        zeros = (0,) * len(state.entries)
        return dataclasses.replace(state, colours=zeros, marks=zeros)

    def text(self, size: int) -> str:
        return "clear-colours"


@dataclass(frozen=True)
class Guess(Move):
    """Start a what-if guess: what follows is drawn in its own ink until committed."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        return dataclasses.replace(state, guesses=(*state.guesses, state))

    def text(self, size: int) -> str:
        return "guess"


@dataclass(frozen=True)
class Commit(Move):
    """Keep the innermost guess: its entries join the ink of the level around it."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if not state.guesses:
            return state
        level = state.level
        ink = tuple(level - 1 if k == level else k for k in state.ink)
        return dataclasses.replace(state, ink=ink, guesses=state.guesses[:-1])

    def text(self, size: int) -> str:
        return "commit"


@dataclass(frozen=True)
class Abandon(Move):
    """Drop the innermost guess: back to the position where it began."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        return state.guesses[-1] if state.guesses else state

    def text(self, size: int) -> str:
        return "abandon"


@dataclass(frozen=True)
class Rewind(Move):
    """Go back ``back`` moves, to the position there, as one move (undo brings the later
    work back): a savepoint, or just before the first mistake.

    Relative, so a save trimmed of its oldest moves still replays it; one that would
    reach before a trimmed save's start goes to that start.
    """

    back: int

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if context.earlier is None:
            raise MoveError("a rewind needs the history it goes back in")
        return context.earlier(self.back)

    def text(self, size: int) -> str:
        return f"rewind {self.back}"


@dataclass(frozen=True)
class Batch(Move):
    """Several moves as one (a digit, note, erase or colour on many selected cells)."""

    moves: tuple[Move, ...]

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        for move in self.moves:
            state = move.apply(state, context)
        return state

    def text(self, size: int) -> str:
        return "batch: " + "; ".join(move.text(size) for move in self.moves)


@dataclass(frozen=True)
class FillNotes(Move):
    """Every empty cell's notes become all the digits its peers do not hold."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        legal = context.candidates(context.grid(state))
        return dataclasses.replace(state, notes=legal)

    def text(self, size: int) -> str:
        return "fill-notes"


@dataclass(frozen=True)
class ClearNotes(Move):
    """Remove every note."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        zeros = (0,) * len(state.notes)
        return dataclasses.replace(state, notes=zeros, corner=zeros, centre=zeros)

    def text(self, size: int) -> str:
        return "clear-notes"


@dataclass(frozen=True)
class ApplyStep(Move):
    """A hint's deduction as one move: its placements and its eliminations.

    An elimination in a cell without notes first fills that cell's notes with its
    legal digits, so the deduction stays visible instead of vanishing.
    """

    technique: str
    placements: tuple[tuple[int, int], ...]
    eliminations: tuple[tuple[int, int], ...]

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        state = _place(state, context, dict(self.placements), prune=True)
        if not self.eliminations:
            return state
        legal = context.candidates(context.grid(state))
        notes: dict[int, int] = {}
        for cell, digit in self.eliminations:
            if state.entries[cell] or context.givens[cell]:
                continue
            mask = notes.get(cell, state.notes[cell] or legal[cell])
            notes[cell] = mask & ~(1 << (digit - 1))
        return state.replace(notes=notes)

    def text(self, size: int) -> str:
        parts = [f"{cell_name(c, size)}={symbol(d)}" for c, d in self.placements]
        parts += [f"{cell_name(c, size)}-{symbol(d)}" for c, d in self.eliminations]
        return f"step {self.technique}: {' '.join(parts)}"


@dataclass(frozen=True)
class Reveal(Move):
    """Put the solution's digit in ``cell`` (an assisted move)."""

    cell: int

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if context.solution is None or context.givens[self.cell]:
            return state
        placed = _place(state, context, {self.cell: context.solution[self.cell]}, prune=True)
        return placed.replace(revealed={self.cell: 1}) if placed != state else state

    def text(self, size: int) -> str:
        return f"reveal {cell_name(self.cell, size)}"


@dataclass(frozen=True)
class Solve(Move):
    """Fill every cell from the solution (the player gives up)."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        if context.solution is None:
            return state
        entries = tuple(
            0 if g else s for g, s in zip(context.givens, context.solution, strict=True)
        )
        zeros = (0,) * len(entries)
        # The solution is the main line: guesses and their inks end with it.
        return dataclasses.replace(
            state, entries=entries, notes=zeros, corner=zeros, centre=zeros, ink=zeros, guesses=()
        )

    def text(self, size: int) -> str:
        return "solve"


@dataclass(frozen=True)
class Restart(Move):
    """Back to the givens alone (undoable like any other move)."""

    def apply(self, state: BoardState, context: MoveContext) -> BoardState:
        return BoardState.empty(len(state.entries))  # colours and guesses go too

    def text(self, size: int) -> str:
        return "restart"


def _place(
    state: BoardState, context: MoveContext, placements: dict[int, int], prune: bool
) -> BoardState:
    """The digits placed (in the ink of the open guess); with ``prune``, peers lose
    them from every kind of note, and the cells' own notes go."""
    entries: dict[int, int] = {}
    ink: dict[int, int] = {}
    kinds: dict[str, dict[int, int]] = {kind.field: {} for kind in NoteKind}
    level = state.level
    peers = context.peers
    for cell, digit in placements.items():
        if context.givens[cell]:
            continue
        entries[cell] = digit
        ink[cell] = level
        for changed in kinds.values():
            changed[cell] = 0
        if prune:
            bit = ~(1 << (digit - 1))
            for name, changed in kinds.items():
                masks = getattr(state, name)
                for peer in peers[cell]:
                    mask = changed.get(peer, masks[peer])
                    if mask & ~bit:
                        changed[peer] = mask & bit
    return state.replace(entries=entries, ink=ink, revealed=_unrevealed(state, entries), **kinds)


def _unrevealed(state: BoardState, cells: Iterable[int]) -> dict[int, int]:
    """The revealed marks to take off ``cells`` (none where there is none: no copy)."""
    return {cell: 0 for cell in cells if state.revealed[cell]}


_CELL = r"r([0-9]{1,2})c([0-9]{1,2})"  # ASCII only: \d also matches other scripts
_PATTERNS: dict[str, re.Pattern[str]] = {
    "place": re.compile(rf"place {_CELL} ([0-9A-Za-z])( keep-notes)?"),
    "erase": re.compile(rf"erase {_CELL}"),
    "note": re.compile(rf"note {_CELL} ([0-9A-Za-z])"),
    "corner": re.compile(rf"corner {_CELL} ([0-9A-Za-z])"),
    "centre": re.compile(rf"centre {_CELL} ([0-9A-Za-z])"),
    "reveal": re.compile(rf"reveal {_CELL}"),
    "paint": re.compile(rf"paint {_CELL}(?:/([0-9A-Za-z]))? ([0-9])"),
    "rewind": re.compile(r"rewind ([0-9]{1,9})"),
    "step": re.compile(r"step ([^:]+): ?(.*)"),
}
"""Each move's pattern by its first word (one match per move when a long save loads)."""
_SIMPLE: dict[str, Move] = {
    "fill-notes": FillNotes(),
    "clear-notes": ClearNotes(),
    "clear-colours": ClearColours(),
    "solve": Solve(),
    "restart": Restart(),
    "guess": Guess(),
    "commit": Commit(),
    "abandon": Abandon(),
}
_TOGGLES: dict[str, NoteKind] = {word: kind for kind, word in NOTE_WORDS.items()}
MAX_BATCH = 625
"""Most moves one batch holds: a whole 25x25 grid selected."""


def parse_move(text: str, size: int) -> Move:
    """The move written as ``text`` for a grid of ``size``; MoveError if unreadable."""
    text = text.strip()
    if text in _SIMPLE:
        return _SIMPLE[text]
    if text.startswith("batch:"):
        parts = [part for part in text[len("batch:") :].split(";") if part.strip()]
        if not parts or len(parts) > MAX_BATCH:
            raise MoveError(f"a batch holds 1 to {MAX_BATCH} moves, not {len(parts)}")
        inner = tuple(parse_move(part, size) for part in parts)
        if any(isinstance(move, Batch | Rewind | Guess | Commit | Abandon) for move in inner):
            raise MoveError("a batch holds moves on cells only")
        return Batch(inner)
    kind = text.partition(" ")[0]
    pattern = _PATTERNS.get(kind)
    match = pattern.fullmatch(text) if pattern else None
    if match:
        if kind == "step":
            return _parse_step(match.group(1).strip(), match.group(2), size)
        if kind == "rewind":
            return Rewind(int(match.group(1)))
        cell = _cell(match.group(1), match.group(2), size)
        if kind == "erase":
            return Erase(cell)
        if kind == "reveal":
            return Reveal(cell)
        if kind == "paint":
            colour = int(match.group(4))
            if colour >= COLOURS:
                raise MoveError(f"colour {colour} is not one of 0 to {COLOURS - 1}")
            digit = _digit(match.group(3), size) if match.group(3) else None
            return Paint(cell, colour, digit)
        digit = _digit(match.group(3), size)
        if kind in _TOGGLES:
            return ToggleNote(cell, digit, _TOGGLES[kind])
        return Place(cell, digit, prune=match.group(4) is None)
    raise MoveError(f"unknown move {text!r}")


def _parse_step(technique: str, body: str, size: int) -> ApplyStep:
    placements: list[tuple[int, int]] = []
    eliminations: list[tuple[int, int]] = []
    for item in body.split():
        match = re.fullmatch(rf"{_CELL}([=-])([0-9A-Za-z])", item)
        if not match:
            raise MoveError(f"unreadable part {item!r} of a hint step")
        pair = (_cell(match.group(1), match.group(2), size), _digit(match.group(4), size))
        (placements if match.group(3) == "=" else eliminations).append(pair)
    return ApplyStep(technique, tuple(placements), tuple(eliminations))


def _cell(row_text: str, column_text: str, size: int) -> int:
    row, column = int(row_text), int(column_text)
    if not (1 <= row <= size and 1 <= column <= size):
        raise MoveError(f"r{row}c{column} is outside a {size}x{size} grid")
    return (row - 1) * size + column - 1


def _digit(text: str, size: int) -> int:
    digit = digit_of(text, size)
    if digit is None:
        raise MoveError(f"{text!r} is not a digit of a {size}x{size} grid")
    return digit

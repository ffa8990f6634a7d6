"""Saved games (``.sudoku``): the puzzle plus the move list; loading replays the moves.

After Simon Tatham's puzzles, a save holds what cannot be recomputed (the puzzle,
every move including the undone ones still on the redo list, the position in
that list, and the counters that undo never touches) and loading replays the
moves, so undo and redo work across a save exactly as before it.  The solution
is not stored: the solver finds it again in milliseconds, and a file cannot
then claim a wrong one.

The format (JSON, UTF-8, version 2; version 1 when the puzzle has no constraints)::

    {
      "format": "sudoku-game",
      "version": 2,
      "puzzle": {"size": 9, "givens": "53..7....6..195...", "regions": "000111222...",
                 "constraints": [{"type": "cage", "members": "r1c1 r1c2", "total": 9}]},
      "origin": {"path": "/home/ana/hard.txt", "index": 4, "title": "", "level": "hard",
                 "rated": "hard", "score": 3.4, "seed": 1234},
      "start": {"entries": "...", "notes": {}},
      "moves": ["place r1c3 4", "note r1c4 6", "fill-notes", "step Naked Single: r2c2=7"],
      "position": 3,
      "current": {"entries": "..4......", "notes": {"r1c4": "6"}},
      "elapsed": 312.5, "mistakes": 1, "hints_used": 0, "checks": 2, "reveals": 0,
      "solution_seen": false, "phase": "playing", "selected": "r1c4",
      "status": "playing", "created": "2025-01-31T20:15:02Z", "saved": "2025-01-31T20:20:14Z"
    }

- ``puzzle.constraints`` (version 2, only for a variant) holds the puzzle's rules
  beyond rows, columns and regions, every one exactly (see
  :mod:`game.engine.formats.native`); a bad one is a :class:`SaveError` naming it,
  and the file is left as it is.
- ``solver`` (variants only) is what the solver said of the puzzle:
  ``{"status": "unique", "solution": "4127..."}``.  A variant can take the solver
  seconds where a classic puzzle takes milliseconds, and Continue reads the autosave
  as the game starts; a solution is kept only if the rules say it is one, and
  anything else in the field is dropped and the solver asked again.
- ``moves`` are :func:`~.moves.parse_move` texts; ``position`` is how many are
  applied (the rest are the redo list).  ``start`` (optional) is the position a
  puzzle file carried before the first move.
- ``current`` and ``status`` are written for readers that do not replay moves
  (the picker, through :mod:`game.engine.formats.native`); this loader ignores them.
- ``phase`` is the game's :class:`~.phase.Phase`; saves written before it existed
  say ``gave_up`` (the solution was shown) and ``assisted`` (help was used), which
  are read as the phase and counters they meant.  ``origin.level`` is the level
  the puzzle was made at; ``rated`` and ``score`` the rater's verdict.
- ``origin`` and the timestamps are metadata: an unreadable one is dropped, never
  fatal.  Everything that decides the game is checked, and a bad file raises
  :class:`SaveError` saying exactly what is wrong (``moves[12]: unknown move
  'plce r1c1 5'``).
- Caps, the same on write as on read, so the game never writes a save it would
  refuse: at most :data:`MAX_MOVES` moves and :data:`~.storage.MAX_BYTES` in
  all; a ``title`` is cut to :data:`MAX_TITLE` characters (with "…"), an
  ``origin.path`` over :data:`MAX_PATH` characters and a timestamp over
  :data:`MAX_STAMP` are dropped.
- A game past a cap (50,000 moves and more, or move texts beyond the byte cap)
  is saved with its history *trimmed from the oldest end*: the save starts
  (``start``) from the position reached after the dropped moves, so the board,
  the position, the redo list and every counter are kept and only the earliest
  moves can no longer be undone after loading.  If the player undid so far back
  that the redo list alone is over the cap, the far end of the redo list goes
  instead.  Refusing moves past the cap was the other road; it would stop a
  game for a limit the player cannot see, to keep undo steps nobody takes.
  One thing does not survive trimming: a kept ``rewind`` (a savepoint, or the
  rewind to the first mistake) that reached back before the kept moves goes to
  the trimmed save's start instead.
- The enthusiast's state (corner and centre notes, colours, what-if inks) is
  written beside ``entries`` and ``notes`` (see :mod:`.state_fields`); ``times``
  holds the clock at each move and ``savepoints`` the named positions.
- ``shown`` (optional) lists the deductions the player was already charged a hint
  for, as hint step move texts (``step Naked Single: r2c2=7``), so a step paid
  for stays paid after Continue (:mod:`~game.session.play.help_ledger`); an
  unreadable one is dropped.
- ``written_by`` (autosaves only) is a random token of the copy of the game that
  wrote the file, so a copy removes only its own autosave (:mod:`.autosave`).
- Versions: the loader upgrades older saves one version at a time through
  :data:`_MIGRATIONS`, then reads the current version only, so version 2 will add
  one migration and change no reader.  A save from a newer game is refused with a
  message saying so.

API: :func:`save_game` (text) / :func:`game_to_dict`, :func:`load_game` (a
:class:`~.game.Game`), :func:`load_saved` (a :class:`SavedGame`: the game plus its
:class:`Origin` and timestamps), :func:`write_game` (atomic, to any path), and
:func:`snapshot` / :meth:`Snapshot.text` for the autosaver, which takes a cheap
immutable snapshot on the game's thread and writes the text on its own.
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeGuard

from ...engine.errors import PuzzleError
from ...engine.formats.native import (
    FORMAT_TAG,
    finite_number,
    load_object,
    puzzle_fields,
    read_cell,
    read_grid,
    read_puzzle,
    snippet,
)
from ...engine.logic.registry import Level
from ...engine.puzzle import Puzzle
from ...engine.solver import Status
from ...engine.symbols import cell_name, grid_string
from ..play.bookmarks import MAX_SAVEPOINTS, Bookmarks, Savepoint, clean_name
from ..play.game import Game
from ..play.help_ledger import MAX_SHOWN, Counters, Deduction, HelpLedger
from ..play.history import History
from ..play.moves import ApplyStep, Move, MoveContext, MoveError, parse_move
from ..play.phase import Phase
from ..play.puzzle_kind import Difficulty, Origin, PuzzleKind
from ..play.settings import Settings
from ..play.state import BoardState
from .big_files import is_big, run_apart
from .state_fields import read_state, state_fields
from .storage import MAX_BYTES, StorageError, json_record, os_reason, read_text, write_atomic

VERSION = 2
"""The newest format version this game reads, and writes for a variant puzzle.

Version 2 adds ``puzzle.constraints`` (a variant's rules); a puzzle without any is
still written as version 1, which it is exactly, so a game from before variants
goes on reading those saves, and refuses a variant's (saying it is newer) rather
than play it as a classic puzzle."""

EXTENSION = ".sudoku"

MAX_MOVES = 50_000
"""Most moves a save may hold: replaying keeps a board state per move in memory,
and no real game comes near this.  Longer games are trimmed on write (see the module)."""

MAX_TITLE = 255
"""Longest ``origin.title`` kept, in characters (a file name fits): longer ones are cut,
on read and write."""

MAX_PATH = 4096
"""Longest ``origin.path`` kept (PATH_MAX on Linux); a longer one is dropped, not cut,
since a cut path names another file."""

MAX_STAMP = 40
"""Longest timestamp kept; ours are 20 characters."""

_ELLIPSIS = "…"


class SaveError(ValueError):
    """A saved game cannot be loaded; ``reason`` says exactly why, ``path`` where.

    The only error :func:`load_game` and :func:`load_saved` raise.
    """

    def __init__(self, reason: str, *, path: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.path = path

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}" if self.path else self.reason


@dataclass(frozen=True)
class SavedGame:
    """A loaded save: the game ready to play, where it came from, and when."""

    game: Game
    origin: Origin
    created: str
    saved: str
    cursor: int | None = None
    """Where the board's cursor was (the board's, not the game's: see
    :class:`~game.session.board.Playing`)."""


# -- writing -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """Everything a save holds, copied out of a game: immutable, so another thread
    can turn it into text while the game goes on."""

    puzzle: Puzzle
    context: MoveContext
    start: BoardState
    moves: tuple[Move, ...]
    position: int
    current: BoardState
    phase: Phase
    elapsed: float
    counters: Counters
    solution_seen: bool
    selected: int | None
    origin: Origin
    created: str
    times: tuple[float, ...] = ()
    savepoints: tuple[tuple[str, int], ...] = ()
    shown: tuple[Deduction, ...] = ()
    """The deductions the player was already charged for (see
    :mod:`~game.session.play.help_ledger`)."""
    written_by: str = ""
    """The token of the copy of the game whose autosave this is ("" in other saves)."""
    solvability: Status | None = None
    """What the solver said of the puzzle (written for variants: see ``solver``)."""

    def to_dict(self, saved: str | None = None) -> dict[str, Any]:
        """The save as JSON-ready data, within every cap; ``saved`` defaults to now."""
        size = self.puzzle.size
        texts = [move.text(size) for move in self.moves]
        stamp = saved or now_text()
        start = self.start
        whole = self._fields(start, texts, self.position, stamp)
        if len(texts) <= MAX_MOVES and _size(whole) + self._margin() <= MAX_BYTES:
            return whole  # the usual case: everything fits, nothing to measure
        data = self._fields(start, [], 0, stamp)
        base = _size(data) + SAVEPOINT_BYTES * len(self.savepoints)
        first, end = _window(texts, self.position, base)
        if (first, end) == (0, len(texts)):
            return self._fields(start, texts, self.position, stamp)
        # Trimmed: the new start may hold more than the old one, so the room for
        # the moves is measured again (the window only ever shrinks: this ends).
        while True:
            start = self._after(first)
            data = self._fields(start, [], 0, stamp)
            if _size(data) + SAVEPOINT_BYTES * len(self.savepoints) <= base:
                break
            base = _size(data) + SAVEPOINT_BYTES * len(self.savepoints)
            first, end = _window(texts, self.position, base)
        return self._fields(start, texts[first:end], self.position - first, stamp, first)

    def text(self, saved: str | None = None) -> str:
        """The save file's text."""
        return json_record(self.to_dict(saved))

    def _margin(self) -> int:
        """Room kept beside the file's measured size, as :func:`_window` keeps it."""
        return SAVEPOINT_BYTES * len(self.savepoints) + 64

    def _fields(
        self, start: BoardState, moves: list[str], position: int, saved: str, first: int = 0
    ) -> dict[str, Any]:
        """The save's data with ``moves`` (the ones kept, from move ``first`` on)."""
        size = self.puzzle.size
        data: dict[str, Any] = {
            "format": FORMAT_TAG,
            "version": VERSION if self.puzzle.constraints else 1,
            "puzzle": puzzle_fields(self.puzzle),
        }
        origin = _origin_fields(self.origin)
        if origin:
            data["origin"] = origin
        if any(start.entries) or any(start.notes) or start.has_annotations():
            data["start"] = state_fields(start, size)
        data["moves"] = moves
        data["position"] = position
        data["current"] = state_fields(self.current, size)
        times = self.times[first : first + len(moves)]
        if moves and len(times) == len(moves):
            data["times"] = [
                min(round(t, 1), MAX_CLOCK) if math.isfinite(t) and t > 0 else 0.0 for t in times
            ]
        points = [
            {"name": name, "position": at - first}
            for name, at in self.savepoints
            if first <= at <= first + len(moves)
        ]
        if points:
            data["savepoints"] = points
        counters = self.counters
        elapsed = self.elapsed if math.isfinite(self.elapsed) and self.elapsed > 0 else 0.0
        data.update(
            elapsed=elapsed,
            mistakes=max(0, counters.mistakes),
            hints_used=max(0, counters.hints),
            checks=max(0, counters.checks),
            reveals=max(0, counters.reveals),
            solution_seen=self.solution_seen,
            phase=self.phase.value,
            selected=None if self.selected is None else cell_name(self.selected, size),
            status=self.phase.value,
            created=_capped_stamp(self.created),
            saved=_capped_stamp(saved),
        )
        if self.shown:
            data["shown"] = [_deduction_text(deduction, size) for deduction in self.shown]
        if self.written_by:
            data["written_by"] = self.written_by
        if self.puzzle.constraints and self.solvability is not None:
            found: dict[str, Any] = {"status": self.solvability.value}
            if self.context.solution is not None:
                found["solution"] = grid_string(self.context.solution)
            data["solver"] = found
        return data

    def _after(self, count: int) -> BoardState:
        """The position after the first ``count`` moves (the start of a trimmed save)."""
        history = History(self.start)
        context = dataclasses.replace(self.context, earlier=history.earlier)
        for move in self.moves[:count]:
            history.push(move, move.apply(history.current, context))
        return history.current


def _size(data: dict[str, Any]) -> int:
    return len(json_record(data).encode("utf-8"))


MAX_CLOCK = 999_999_999.9
"""The largest clock reading written for a move (31 years), so one takes at most
:data:`TIME_BYTES`."""

TIME_BYTES = 13
"""Most bytes one move's clock reading takes in ``times`` (11 characters, comma, space)."""

SAVEPOINT_BYTES = 120
"""Most bytes one savepoint takes (a 40-character name, escaped, and its position)."""


def _window(texts: Sequence[str], position: int, base: int) -> tuple[int, int]:
    """Which moves a save keeps, ``texts[first:end]``, so it stays within the caps.

    ``base`` is the size in bytes of everything else in the file.  The oldest
    moves go first, down to ``position``; then the far end of the redo list.
    Each move costs its text and its clock reading in ``times``.
    """
    first, end = 0, len(texts)
    if end > MAX_MOVES:
        first = min(end - MAX_MOVES, position)
        end = first + MAX_MOVES
    room = MAX_BYTES - base - 64
    # Fast path: an upper bound (12 bytes a character: an escaped surrogate pair;
    # plus quotes, indent and comma) says the moves fit without measuring each one.
    if sum(12 * len(text) + 8 + TIME_BYTES for text in texts[first:end]) <= room:
        return first, end
    # ASCII escapes are never shorter than UTF-8; 2 is the comma and space.
    costs = [len(json.dumps(text)) + 2 + TIME_BYTES for text in texts]
    total = sum(costs[first:end])
    while total > room and first < position:
        total -= costs[first]
        first += 1
    while total > room and end > position:
        end -= 1
        total -= costs[end]
    return first, end


def snapshot(
    game: Game,
    origin: Origin | None = None,
    created: str | None = None,
    cursor: int | None = None,
) -> Snapshot:
    """The game as it is now (cheap: a few tuple copies, no text), with the board's
    ``cursor`` (kept in the save as Tatham's mid end keeps the UI's state)."""
    history = game.history
    return Snapshot(
        puzzle=game.puzzle,
        context=game.context,
        start=history.initial,
        moves=history.moves,
        position=history.position,
        current=game.state,
        phase=game.phase,
        elapsed=game.elapsed,
        counters=game.counters,
        solution_seen=game.solution_seen,
        selected=cursor,
        origin=origin or Origin(PuzzleKind.of(game.puzzle, None)),
        created=created or now_text(),
        times=history.times,
        savepoints=tuple(
            (point.name, point.position) for point in game.what_if.savepoints.values()
        ),
        shown=game.help.shown,
        # Saved while the count was still being worked out: none kept, so loading counts.
        solvability=None if game.proving else game.solvability,
    )


def _deduction_text(deduction: Deduction, size: int) -> str:
    """A deduction as a hint step's move text (placements and eliminations sorted)."""
    step = ApplyStep(
        deduction.technique,
        tuple(sorted(deduction.placements)),
        tuple(sorted(deduction.eliminations)),
    )
    return step.text(size)


def game_to_dict(
    game: Game,
    origin: Origin | None = None,
    created: str | None = None,
    cursor: int | None = None,
) -> dict[str, Any]:
    """The save of ``game`` as JSON-ready data (``created`` defaults to now)."""
    return snapshot(game, origin, created, cursor).to_dict()


def save_game(
    game: Game,
    origin: Origin | None = None,
    created: str | None = None,
    cursor: int | None = None,
) -> str:
    """The save file text of ``game``; :func:`load_game` reads it back identical."""
    return snapshot(game, origin, created, cursor).text()


def write_game(
    path: str | os.PathLike[str],
    game: Game,
    origin: Origin | None = None,
    created: str | None = None,
    cursor: int | None = None,
) -> None:
    """Save ``game`` to ``path`` atomically; :class:`StorageError` (a sentence) on failure."""
    target = Path(path)
    try:
        write_atomic(target, save_game(game, origin, created, cursor))
    except OSError as error:
        raise StorageError(f"Could not save {target}: {os_reason(error)}.") from error


def now_text() -> str:
    """The current UTC time as the save's timestamps write it: ``2025-01-31T20:15:02Z``."""
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    return now.isoformat().replace("+00:00", "Z")


def shorten(text: str, limit: int = MAX_TITLE) -> str:
    """``text`` cut to ``limit`` characters, ending with "…" when it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + _ELLIPSIS


def _capped_stamp(stamp: str) -> str:
    return stamp if len(stamp) <= MAX_STAMP else ""


def _origin_fields(origin: Origin) -> dict[str, Any]:
    fields: dict[str, Any] = {}
    if origin.path and len(origin.path) <= MAX_PATH:
        fields["path"] = origin.path
        fields["index"] = max(0, origin.index)
    if origin.title:
        fields["title"] = shorten(origin.title)
    if origin.kind.level is not None:
        fields["level"] = origin.kind.level.name.lower()
    difficulty = origin.difficulty
    if difficulty is not None and math.isfinite(difficulty.score):
        fields["rated"] = difficulty.level.name.lower()
        fields["score"] = difficulty.score
    if origin.seed is not None:
        fields["seed"] = origin.seed
    return fields


# -- reading -------------------------------------------------------------------------------


Source = str | bytes | os.PathLike[str]
"""A save's text (``str``), its bytes, or the path of its file (``Path``)."""


def load_game(source: Source, settings: Settings | None = None) -> Game:
    """The game saved in ``source`` (text, bytes, or a ``Path``), moves replayed.

    :raises SaveError: saying what is wrong; nothing else.
    """
    return load_saved(source, settings).game


def load_saved(source: Source, settings: Settings | None = None) -> SavedGame:
    """The game saved in ``source`` with its origin and timestamps.

    A ``str`` is the save's text; pass a :class:`~pathlib.Path` for a file.

    :raises SaveError: saying what is wrong; nothing else.
    """
    path = os.fspath(source) if isinstance(source, os.PathLike) else None
    try:
        if path is not None and is_big(path):
            # Parsed in the helper process, which hands back the save with only the
            # fields read below: a frame never waits on parsing a big file.
            readable, text = run_apart(compact_save, path)
            if not readable:
                raise SaveError(text)
            source = text
        data = _upgrade(_object(_text(source)))
        return _read(data, settings or Settings())
    except SaveError as error:
        error.path = error.path or path
        raise
    except PuzzleError as error:  # the puzzle fields, read by the engine
        raise SaveError(str(error), path=path) from None


_FIELDS = (
    "format", "version", "puzzle", "solver", "origin", "start", "moves", "position", "times",
    "savepoints", "shown", "elapsed", "mistakes", "hints_used", "checks", "reveals", "assisted",
    "solution_seen", "gave_up", "phase", "status", "selected", "created", "saved",
)  # fmt: skip
"""Every field :func:`_read` reads: what :func:`compact_save` keeps."""

_ORIGIN_FIELDS = ("path", "index", "title", "level", "rated", "score", "seed")


def compact_save(path: str) -> tuple[bool, str]:
    """The save at ``path`` checked and rewritten with only the fields the game reads:
    ``(True, text)``, or ``(False, reason)`` when it cannot be loaded.

    Run in the helper process (:mod:`.big_files`) for big files.  It makes the same
    checks as :func:`_read` where a field could be big (the puzzle, the start,
    every move, the counters), so what comes back is small in values whatever the
    file held: moves are texts, the rest a few scalars.  The caller reads the
    text with :func:`load_saved`, which checks everything again.
    """
    try:
        data = _upgrade(_object(_text(Path(path))))
        puzzle = read_puzzle(data.get("puzzle"))
        if "start" in data:
            read_state(data["start"], puzzle, "start")
        moves = data.get("moves")
        count = len(_moves(moves, puzzle.size))
        position = data.get("position")
        if not _is_count(position) or position > count:
            raise _position_error(position, count)
        for key in ("mistakes", "hints_used", "checks", "reveals"):
            _counter(data, key)
        for key in ("assisted", "gave_up", "solution_seen"):
            _flag(data, key)
        _seconds(data.get("elapsed"))
        _phase(data, _flag(data, "gave_up"))
        if data.get("selected") is not None:
            _selected(data["selected"], puzzle.size)
    except SaveError as error:
        return False, error.reason
    except PuzzleError as error:
        return False, str(error)
    kept = {key: data[key] for key in _FIELDS if key in data}
    origin = data.get("origin")
    if isinstance(origin, dict):
        kept["origin"] = {
            key: value
            for key, value in origin.items()
            if key in _ORIGIN_FIELDS and not isinstance(value, list | dict)
        }
    times = data.get("times")
    if not (isinstance(times, list) and len(times) == count):
        kept.pop("times", None)  # unreadable clock readings are dropped by the reader too
    elif not all(isinstance(t, int | float) and not isinstance(t, bool) for t in times):
        kept.pop("times")
    points = data.get("savepoints")
    kept["savepoints"] = points[:MAX_SAVEPOINTS] if isinstance(points, list) else []
    shown = data.get("shown")
    kept["shown"] = (
        [t for t in shown[-MAX_SHOWN:] if isinstance(t, str)] if isinstance(shown, list) else []
    )
    for key in ("status", "created", "saved"):
        if isinstance(kept.get(key), list | dict):
            del kept[key]
    return True, json.dumps(kept, ensure_ascii=False)


def _text(source: Source) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, bytes):
        try:
            return source.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError as error:
            raise SaveError(f"not UTF-8 text (bad byte at offset {error.start})") from None
    try:
        text = read_text(Path(source))
    except OSError as error:
        raise SaveError(f"cannot read the file ({os_reason(error)})") from None
    except ValueError as error:
        raise SaveError(str(error)) from None
    if text is None:
        raise SaveError("no such file")
    return text


def _object(text: str) -> dict[str, Any]:
    try:
        data = load_object(text)
    except PuzzleError as error:
        where = f" at line {error.line}, column {error.column}" if error.line else ""
        raise SaveError(f"not a saved game: {error.reason}{where}") from None
    tag = data.get("format")
    if tag != FORMAT_TAG:
        found = "has no 'format'" if tag is None else f"has 'format' {snippet(tag)}"
        raise SaveError(f"not a saved game of this Sudoku: the JSON {found}, not {FORMAT_TAG!r}")
    return data


Migration = Callable[[dict[str, Any]], dict[str, Any]]

_MIGRATIONS: dict[int, Migration] = {1: lambda data: data}
"""``_MIGRATIONS[v]`` turns a version ``v`` save into a version ``v + 1`` one.

Version 2 only added the optional ``puzzle.constraints``, so a version 1 save is
a version 2 save as it stands.  :func:`_read` only ever reads the newest version.
"""


def _upgrade(data: dict[str, Any]) -> dict[str, Any]:
    version = data.get("version")
    if not _is_count(version) or version < 1:
        raise SaveError(f"'version' is {snippet(version)}; expected a whole number from 1")
    if version > VERSION:
        raise SaveError(
            f"saved by a newer version of this game (save format {version}); this version "
            f"reads formats up to {VERSION}. Update the game to continue this save."
        )
    while version < VERSION:
        data = _MIGRATIONS[version](data)
        version += 1
    return data


def _read(data: dict[str, Any], settings: Settings) -> SavedGame:
    """A version-:data:`VERSION` save as a game."""
    puzzle = read_puzzle(data.get("puzzle"))
    size = puzzle.size
    start = BoardState.empty(puzzle.shape.cells)
    if "start" in data:
        start = read_state(data["start"], puzzle, "start")
    moves = _moves(data.get("moves"), size)
    position = data.get("position")
    if not _is_count(position) or position > len(moves):
        raise _position_error(position, len(moves))
    selected = data.get("selected")
    counters = Counters(
        mistakes=_counter(data, "mistakes"),
        hints=_counter(data, "hints_used"),
        checks=_counter(data, "checks"),
        # ``assisted`` (before counters): a cell was revealed or the solution shown.
        reveals=_counter(data, "reveals") or int(_flag(data, "assisted")),
    )
    gave_up = _flag(data, "gave_up")
    phase = _phase(data, gave_up)
    solution_seen = _flag(data, "solution_seen") or gave_up or phase is Phase.SHOWN
    solution, solvability = _solver(data.get("solver"), puzzle)
    game = Game(
        puzzle, settings=settings, initial=start, solution=solution, solvability=solvability
    )
    history = _replay(game, moves, position, _times(data.get("times"), len(moves)))
    ledger = HelpLedger(counters, _shown(data.get("shown"), size), solution_seen)
    game = Game.restore(
        puzzle,
        history,
        settings=settings,
        elapsed=_seconds(data.get("elapsed")),
        ledger=ledger,
        phase=phase,
        solution=game.solution,
        solvability=game.solvability,
    )
    game.bookmarks = Bookmarks(_savepoints(data.get("savepoints"), history))
    origin = _origin(data.get("origin"), puzzle)
    cursor = None if selected is None else _selected(selected, size)
    return SavedGame(game, origin, _stamp(data, "created"), _stamp(data, "saved"), cursor)


def _solver(value: object, puzzle: Puzzle) -> tuple[tuple[int, ...] | None, Status | None]:
    """What the solver said of a variant puzzle when it was saved, if it still holds.

    A variant can take the solver seconds (a second per classic puzzle at most), and
    Continue reads the autosave as the game starts; so a variant's save keeps the
    verdict.  A unique solution is kept only if it is one (checked by the rules,
    independently of the solver); anything unreadable is dropped and the solver
    asked again.  (A file could claim a puzzle with several solutions unique, with
    one of them: mistakes would then be counted against that one.)
    """
    if not puzzle.constraints or not isinstance(value, dict):
        return None, None
    try:
        status = Status(value.get("status"))
    except ValueError:
        return None, None
    if status is not Status.UNIQUE:
        return None, status
    try:
        solution = read_grid(value.get("solution"), puzzle.size, "solver.solution")
    except PuzzleError:
        return None, None
    if not puzzle.rules.is_solution(solution, puzzle.givens):
        return None, None
    return solution, status


def _position_error(position: object, count: int) -> SaveError:
    expected = f"expected a whole number from 0 to {count}"
    return SaveError(f"'position' is {snippet(position)}; {expected}")


_OLD_STATUS = {"won": Phase.SOLVED}
"""Saves before ``phase`` wrote ``status`` "playing", "won" or "lost"; a loss then
was a dead end, Solve (``gave_up``) or the mistake limit, and only the last two
still end a game."""


def _phase(data: dict[str, Any], gave_up: bool) -> Phase:
    value = data.get("phase")
    if value is None:
        status = data.get("status")
        if gave_up:
            return Phase.SHOWN
        if status == "lost" and _counter(data, "mistakes"):
            return Phase.LOST
        return _OLD_STATUS.get(status if isinstance(status, str) else "", Phase.PLAYING)
    try:
        return Phase(value)
    except ValueError:
        names = ", ".join(phase.value for phase in Phase)
        raise SaveError(f"'phase' is {snippet(value)}; expected one of {names}") from None


def _moves(value: object, size: int) -> list[Move]:
    if not isinstance(value, list):
        raise SaveError(f"'moves' must be a list of move texts, not {snippet(value)}")
    if len(value) > MAX_MOVES:
        raise SaveError(f"'moves' holds {len(value)} moves; at most {MAX_MOVES} are read")
    moves = []
    for index, text in enumerate(value):
        if not isinstance(text, str):
            raise SaveError(f"moves[{index}]: {snippet(text)} is not a move text")
        try:
            moves.append(parse_move(text, size))
        except MoveError as error:
            raise SaveError(f"moves[{index}]: {error}") from None
    return moves


def _replay(game: Game, moves: list[Move], position: int, times: list[float]) -> History:
    """Every move applied into a history, stepped back to ``position``.

    Straight into the history, not through the game's actions: those would count
    mistakes again and refuse moves the settings now forbid.  A rewind reads the
    history being rebuilt, as it read the game's when it was made.
    """
    history = History(game.history.initial)
    context = dataclasses.replace(game.context, earlier=history.earlier)
    state = history.current
    for move, at in zip(moves, times, strict=True):
        state = move.apply(state, context)
        history.push(move, state, at)
    for _ in range(len(moves) - position):
        history.undo()
    return history


def _times(value: object, count: int) -> list[float]:
    """The clock at each move; metadata, so a bad list reads as "unknown" (zeros)."""
    if isinstance(value, list) and len(value) == count:
        read = [finite_number(item) for item in value]
        if all(t is not None and t >= 0 for t in read):
            return [t or 0.0 for t in read]
    return [0.0] * count


def _savepoints(value: object, history: History) -> list[Savepoint]:
    """The named positions, each checked against the history; bad ones are dropped."""
    points: dict[str, Savepoint] = {}
    for item in value[:MAX_SAVEPOINTS] if isinstance(value, list) else ():
        if not isinstance(item, dict):
            continue
        name, at = item.get("name"), item.get("position")
        if isinstance(name, str) and name.strip() and _is_count(at) and at <= len(history.moves):
            name = clean_name(name)
            points[name] = Savepoint(name, at, history.state_at(at))
    return list(points.values())


def _shown(value: object, size: int) -> list[Deduction]:
    """The deductions already paid for; help metadata, so an unreadable one is dropped
    (it costs the player at most one hint again), never fatal.  Saves before the
    ledger was kept have none."""
    found: list[Deduction] = []
    for text in value[-MAX_SHOWN:] if isinstance(value, list) else ():
        if not isinstance(text, str):
            continue
        try:
            move = parse_move(text, size)
        except MoveError:
            continue
        if isinstance(move, ApplyStep):
            placements, eliminations = frozenset(move.placements), frozenset(move.eliminations)
            found.append(Deduction(move.technique, placements, eliminations))
    return found


def _seconds(value: object) -> float:
    seconds = finite_number(value)
    if seconds is None or seconds < 0:
        raise SaveError(f"'elapsed' is {snippet(value)}; expected seconds, 0 or more")
    return seconds


def _counter(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if not _is_count(value):
        raise SaveError(f"{key!r} is {snippet(value)}; expected a whole number, 0 or more")
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise SaveError(f"{key!r} is {snippet(value)}; expected true or false")
    return value


def _selected(value: object, size: int) -> int:
    try:
        return read_cell(value, size, "'selected'")
    except PuzzleError as error:
        raise SaveError(str(error)) from None


def _origin(value: object, puzzle: Puzzle) -> Origin:
    """Where the puzzle came from; metadata, so a bad field is dropped, not fatal."""
    if not isinstance(value, dict):
        return Origin(PuzzleKind.of(puzzle, None))
    path = value.get("path")
    index = value.get("index")
    title = value.get("title")
    seed = value.get("seed")
    level = _level(value.get("level"))
    rated = _level(value.get("rated")) or level
    score = finite_number(value.get("score"))
    known = isinstance(path, str) and 0 < len(path) <= MAX_PATH
    return Origin(
        PuzzleKind.of(puzzle, level),
        path=path if known and isinstance(path, str) else "",
        index=index if known and _is_count(index) else 0,
        title=shorten(title) if isinstance(title, str) else "",
        seed=seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
        difficulty=Difficulty(rated, score) if rated is not None and score is not None else None,
    )


def _level(value: object) -> Level | None:
    if not isinstance(value, str):
        return None
    try:
        return Level.parse(value)
    except ValueError:
        return None


def _stamp(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    return _capped_stamp(value) if isinstance(value, str) else ""


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0

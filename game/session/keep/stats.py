"""Statistics: how a player does per kind of puzzle, and which puzzles they solved.

Per kind (a :class:`~.kinds.PuzzleKind`: variant, size, level; no level for
puzzles from files) a :class:`KindStats` counts games played and won, the best and
average winning time, and the current and best winning streak.  Only a game won
by the player's own hand is a win (``Game.counts_as_win``); an assisted finish,
giving up, a loss or an abandoned game counts as played and ends the streak.
Times are of wins only: a lost game's clock says nothing about speed.

Per puzzle (:func:`puzzle_id`, a hash of size, givens and regions, so the same
puzzle has the same id in any file or after a rename) a :class:`PuzzleMark` says
"in progress" or "solved" with the best time, for the picker's marks.

Stored as ``stats.json`` through :mod:`.storage`.  Statistics are history the
player cannot make again, so nothing in that file is ever overwritten unread:

- a file that is not JSON, is JSON of another shape (no ``"format":
  "sudoku-stats"``, ``kinds`` not a list...) or comes from a newer version of the
  game (``version`` above :data:`VERSION`) is set aside as ``.corrupt-`` and the
  game starts with empty statistics and a message;
- a file with some entries that make no sense keeps the rest (losing one line is
  better than losing all of them), but the whole file is set aside first, with a
  message, and what was kept is written back.

The caps checked on read (a kind name of at most 300 characters, puzzle ids of
at most 64, counts below 2**53, finite times) are checked on write too: an entry
the reader would drop is never written.

Every change is a small value (:class:`Outcome`: a counted game; :class:`Begun`:
a puzzle marked in progress) applied with :meth:`Statistics.apply`, so a copy of
the game can replay the changes it made onto the file another copy wrote
meanwhile instead of overwriting it (:mod:`.shared`).

The file is written one line per thousand puzzles (:func:`stats_text`): still
plain JSON any reader takes, but read and written a line at a time
(:func:`parse_stats`), so a player with 200,000 puzzles in the statistics never
has one long ``json.loads`` or ``json.dumps`` hold the interpreter while a frame
waits.  Any other layout of the same JSON (an earlier version's indented file, a
hand edit) is read whole, once.

API: ``stats = load_stats(storage).value`` (when ``.salvaged``, write it back);
``stats.record(game, kind)`` when a game is counted (again for the same game object
does nothing; *when* a game counts is the :class:`~.keeper.Keeper`'s rule);
``stats.started(puzzle)`` when one begins; ``stats.kind(kind)``,
``stats.mark(puzzle_id(puzzle))``; ``stats.to_json()`` for writing.
"""

from __future__ import annotations

import hashlib
import json
import math
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from ...engine.formats.native import constraint_fields, finite_number
from ...engine.logic.registry import Level
from ...engine.puzzle import Puzzle
from ...engine.symbols import grid_string
from ..play.game import Game
from ..play.puzzle_kind import PuzzleKind, kind_name
from .storage import Loaded, Partial, Storage, parse_json

STATS = "stats.json"
"""The statistics file's name in the data folder."""

FORMAT_TAG = "sudoku-stats"
VERSION = 1
"""The format version written, and the newest read."""

MAX_VARIANT = 300
MAX_ID = 64

IN_PROGRESS = "in progress"
SOLVED = "solved"
_STATUSES = (IN_PROGRESS, SOLVED)


@dataclass(frozen=True)
class KindStats:
    """Totals for one kind of puzzle."""

    played: int = 0
    won: int = 0
    total_time: float = 0.0  # seconds, summed over wins (for the average)
    best_time: float | None = None
    streak: int = 0  # wins in a row, up to the latest game
    best_streak: int = 0

    @property
    def average_time(self) -> float | None:
        """Mean winning time, None before the first win."""
        return self.total_time / self.won if self.won else None

    @property
    def win_rate(self) -> float:
        """Wins per game played (0 before the first game)."""
        return self.won / self.played if self.played else 0.0

    def after(self, won: bool, seconds: float) -> KindStats:
        """These totals with one more game."""
        if not won:
            return replace(self, played=self.played + 1, streak=0)
        streak = self.streak + 1
        best = seconds if self.best_time is None else min(self.best_time, seconds)
        return KindStats(
            played=self.played + 1,
            won=self.won + 1,
            total_time=self.total_time + seconds,
            best_time=best,
            streak=streak,
            best_streak=max(self.best_streak, streak),
        )


@dataclass(frozen=True)
class PuzzleMark:
    """A puzzle's mark for the picker: in progress or solved, and the best time."""

    status: str
    best_time: float | None = None


def puzzle_id(puzzle: Puzzle) -> str:
    """A stable id for ``puzzle``: the same in every file, run and version of the game.

    A variant's constraints are part of it (every givens-free killer has the same
    givens), in the save's exact form of them; a classic or jigsaw puzzle's id is
    what it was before variants, so its marks and best times stay.
    """
    text = f"{puzzle.size}:{grid_string(puzzle.givens)}:{puzzle.shape.region_labels()}"
    if puzzle.constraints:
        rules = constraint_fields(puzzle.constraints, puzzle.size)
        text += ":" + json.dumps(rules, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


@dataclass(frozen=True)
class Outcome:
    """One counted game, as it changes the statistics: replayable on any copy of them."""

    kind: PuzzleKind
    won: bool
    seconds: float
    puzzle: str  # its puzzle_id


@dataclass(frozen=True)
class Begun:
    """A puzzle marked "in progress" (a solved one stays solved)."""

    puzzle: str  # its puzzle_id


Change = Outcome | Begun
"""What one event does to the statistics (see :meth:`Statistics.apply`)."""


@dataclass
class Statistics:
    """Every kind's totals and every puzzle's mark; see the module docstring."""

    kinds: dict[PuzzleKind, KindStats] = field(default_factory=dict)
    puzzles: dict[str, PuzzleMark] = field(default_factory=dict)
    _recorded: weakref.WeakSet[Game] = field(
        default_factory=weakref.WeakSet, init=False, repr=False, compare=False
    )

    def kind(self, kind: PuzzleKind) -> KindStats:
        """The totals for ``kind`` (all zero if never played)."""
        return self.kinds.get(kind, KindStats())

    def mark(self, puzzle: Puzzle | str) -> PuzzleMark | None:
        """The picker's mark for a puzzle (or its id), None if never played."""
        return self.puzzles.get(puzzle if isinstance(puzzle, str) else puzzle_id(puzzle))

    def started(self, puzzle: Puzzle) -> Begun | None:
        """Mark ``puzzle`` in progress (a solved one stays solved); the change, if any."""
        change = Begun(puzzle_id(puzzle))
        return change if self.apply(change) else None

    def record(self, game: Game, kind: PuzzleKind) -> Outcome | None:
        """Count ``game`` (finished, or abandoned if still playing); None if already counted.

        A win by the player's own hand is a win; anything else counts as played
        and ends the streak.  The puzzle's mark becomes "solved" (best time kept)
        after a win, and is dropped after anything else unless it was solved before.
        """
        if game in self._recorded:
            return None
        self._recorded.add(game)
        seconds = game.elapsed if math.isfinite(game.elapsed) and game.elapsed > 0 else 0.0
        outcome = Outcome(kind, game.counts_as_win, seconds, puzzle_id(game.puzzle))
        self.apply(outcome)
        return outcome

    def apply(self, change: Change) -> bool:
        """Make ``change`` here; whether anything changed (see :meth:`record`)."""
        ident = change.puzzle
        before = self.puzzles.get(ident)
        if isinstance(change, Begun):
            if before is not None:
                return False
            self.puzzles[ident] = PuzzleMark(IN_PROGRESS)
            return True
        self.kinds[change.kind] = self.kind(change.kind).after(change.won, change.seconds)
        if change.won:
            best = change.seconds
            if before is not None and before.best_time is not None:
                best = min(best, before.best_time)
            self.puzzles[ident] = PuzzleMark(SOLVED, best)
        elif before is not None and before.status != SOLVED:
            del self.puzzles[ident]
        return True

    def copy(self) -> Statistics:
        """A copy that shares nothing mutable with this one (the entries are frozen)."""
        return Statistics(dict(self.kinds), dict(self.puzzles))

    def __iter__(self) -> Iterator[tuple[PuzzleKind, KindStats]]:
        """Kinds in a stable order: variant, size, level (puzzles from files first)."""
        return iter(sorted(self.kinds.items(), key=lambda item: _order(item[0])))

    # -- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The file's data; an entry the reader would drop is left out here too."""
        puzzles: dict[str, dict[str, Any]] = {}
        for chunk in self._puzzle_chunks():
            puzzles.update(chunk)
        return {
            "format": FORMAT_TAG,
            "version": VERSION,
            "kinds": self._kind_entries(),
            "puzzles": puzzles,
        }

    def to_json(self) -> str:
        """The text of ``stats.json`` (see :func:`stats_text`)."""
        return stats_text(self)

    def _kind_entries(self) -> list[dict[str, Any]]:
        kinds = []
        for key, stats in self:
            entry = {"variant": key.variant, "size": key.size, **_level_field(key)}
            entry.update(_kind_fields(stats))
            if _read_kind(entry) is not None:
                kinds.append(entry)
        return kinds

    def _puzzle_chunks(self) -> Iterator[dict[str, dict[str, Any]]]:
        """The puzzle marks as the file's data, :data:`CHUNK` at a time."""
        chunk: dict[str, dict[str, Any]] = {}
        for ident, mark in self.puzzles.items():
            if _writable(ident, mark):
                chunk[ident] = {"status": mark.status, "best_time": mark.best_time}
                if len(chunk) == CHUNK:
                    yield chunk
                    chunk = {}
        if chunk:
            yield chunk

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """Statistics from parsed JSON, keeping every entry that makes sense.

        :raises ValueError: when ``data`` is not statistics of this game, or of a
            newer version of it (see the module).
        """
        return _read(data)[0]


CHUNK = 1000
"""Puzzle marks per line of ``stats.json``: one short ``json`` call each way."""

_HEAD = '{"format": "sudoku-stats", "version": 1,'
_PUZZLES = ' "puzzles": {'
_TAIL = " }}"


def stats_text(stats: Statistics) -> str:
    """The text of ``stats.json``: JSON, with the puzzle marks :data:`CHUNK` to a line.

    Made from many small ``json.dumps`` calls, never one long one, so the writer
    thread making it lets the frame thread run (see the module).  ASCII only.
    """
    lines = [_HEAD, ' "kinds": ' + json.dumps(stats._kind_entries()) + ",", _PUZZLES]
    # Each mark is formatted straight into a string: a dict per mark for json.dumps
    # would make 200,000 short-lived containers, and the collections of the
    # garbage collector they set off stop every thread for up to 100 ms.
    # Likewise no tuple per mark: ``items()`` reuses its pair while nothing keeps it,
    # and the marks go in the dict's order, which is stable and spares a
    # 200,000-item sort holding the interpreter.
    chunks: list[str] = []
    line: list[str] = []
    for ident, mark in stats.puzzles.items():
        if not _writable(ident, mark):
            continue
        best = "null" if mark.best_time is None else repr(float(mark.best_time))
        line.append(f'{json.dumps(ident)}: {{"status": "{mark.status}", "best_time": {best}}}')
        if len(line) == CHUNK:
            chunks.append(", ".join(line))
            line = []
    if line:
        chunks.append(", ".join(line))
    lines.append(",\n".join(chunks))
    lines.append(_TAIL)
    return "\n".join(line for line in lines if line) + "\n"


def _writable(ident: str, mark: PuzzleMark) -> bool:
    """Whether the reader would keep this mark (what it would drop is never written)."""
    best = mark.best_time
    if not (_good_id(ident) and mark.status in _STATUSES):
        return False
    return best is None or (isinstance(best, float | int) and math.isfinite(best) and best >= 0)


def parse_stats(text: str) -> Statistics:
    """Statistics from a file's text, every entry that makes sense kept.

    :raises ValueError: when it is not JSON, not statistics, or from a newer version.
    """
    return Statistics.from_dict(_parse(text))


def _parse(text: str) -> object:
    """The file's JSON: a line at a time in :func:`stats_text`'s layout, else whole."""
    return _parse_lines(text) or parse_json(text)


def _parse_lines(text: str) -> dict[str, Any] | None:
    """The data of a file in :func:`stats_text`'s layout; None for any other text."""
    if not text.startswith(_HEAD):
        return None
    lines = text.removesuffix("\n").split("\n")
    if len(lines) < 4 or lines[2] != _PUZZLES or lines[-1] != _TAIL:
        return None
    body = lines[3:-1]
    if any(not line.endswith(",") for line in body[:-1]) or (body and body[-1].endswith(",")):
        return None
    try:
        data = json.loads("{" + lines[0][1:] + lines[1].removesuffix(",") + "}")
        puzzles: dict[str, Any] = {}
        for line in body:
            chunk = json.loads("{" + line.removesuffix(",") + "}")
            if not isinstance(chunk, dict):
                return None
            puzzles.update(chunk)
    except (ValueError, RecursionError):
        return None  # read whole instead, for a located message
    if not isinstance(data, dict):
        return None
    data["puzzles"] = puzzles
    return data


def load_stats(storage: Storage) -> Loaded[Statistics]:
    """The saved statistics (empty if none); never raises; ``value`` is never None.

    A file that cannot be read is set aside with a message; one read in part is
    set aside too, and ``salvaged`` then asks the caller to write the value back.
    """
    loaded = storage.load(STATS, _parse_for_load, "your statistics")
    return Loaded(loaded.value or Statistics(), loaded.message, loaded.salvaged)


def _parse_for_load(text: str) -> Statistics | Partial[Statistics]:
    stats, dropped = _read(_parse(text))
    if not dropped:
        return stats
    entries = "entry makes" if dropped == 1 else "entries make"
    return Partial(stats, f"{dropped} {entries} no sense")


def _read(data: object) -> tuple[Statistics, int]:
    """Statistics from parsed JSON and how many entries were dropped; ValueError if not ours."""
    if not isinstance(data, dict):
        raise ValueError("not statistics of this game (the JSON is not an object)")
    tag = data.get("format")
    if tag != FORMAT_TAG:
        raise ValueError(f"not statistics of this game ('format' is not {FORMAT_TAG!r})")
    version = data.get("version")
    if not _count(version) or version < 1:
        raise ValueError("not statistics of this game ('version' is not a whole number from 1)")
    if version > VERSION:
        raise ValueError(
            f"saved by a newer version of the game: format {version}, this one reads up "
            f"to {VERSION}"
        )
    kinds = data.get("kinds", [])
    puzzles = data.get("puzzles", {})
    if not isinstance(kinds, list) or not isinstance(puzzles, dict):
        raise ValueError("not statistics of this game ('kinds' or 'puzzles' has another shape)")
    stats = Statistics()
    dropped = 0
    for entry in kinds:
        read = _read_kind(entry)
        if read is None or read[0] in stats.kinds:
            dropped += 1
        else:
            stats.kinds[read[0]] = read[1]
    for ident, entry in puzzles.items():
        mark = _read_mark(entry)
        if mark is None or not _good_id(ident):
            dropped += 1
        else:
            stats.puzzles[ident] = mark
    return stats, dropped


def _good_id(ident: object) -> bool:
    return isinstance(ident, str) and 0 < len(ident) <= MAX_ID


def _order(kind: PuzzleKind) -> tuple[str, int, int]:
    return (kind.variant, kind.size, int(kind.level or 0))


def _level_field(kind: PuzzleKind) -> dict[str, int]:
    """The file keeps levels as numbers, 0 for a puzzle from a file (no level)."""
    return {"level": int(kind.level or 0)}


def _kind_fields(stats: KindStats) -> dict[str, Any]:
    return {
        "played": stats.played,
        "won": stats.won,
        "total_time": stats.total_time,
        "best_time": stats.best_time,
        "streak": stats.streak,
        "best_streak": stats.best_streak,
    }


def _read_kind(entry: object) -> tuple[PuzzleKind, KindStats] | None:
    if not isinstance(entry, dict):
        return None
    variant = entry.get("variant")
    size, level = entry.get("size"), entry.get("level")
    counts = [entry.get(name, 0) for name in ("played", "won", "streak", "best_streak")]
    if not isinstance(variant, str) or len(variant) > MAX_VARIANT:
        return None
    try:
        variant = kind_name(variant)  # "classic", "jigsaw" (older files), "jigsaw,x", ...
    except ValueError:
        return None
    if not (_count(size) and _count(level) and all(_count(value) for value in counts)):
        return None
    played, won, streak, best_streak = counts
    total = finite_number(entry.get("total_time", 0.0))
    best = entry.get("best_time")
    best_time = None if best is None else finite_number(best)
    if total is None or total < 0 or (best is not None and (best_time is None or best_time < 0)):
        return None
    if won > played or streak > won or best_streak > won or streak > best_streak:
        return None
    if (best_time is None) != (won == 0):
        return None
    if level and level not in tuple(Level):
        return None
    key = PuzzleKind(variant, size, Level(level) if level else None)
    return key, KindStats(played, won, total, best_time, streak, best_streak)


def _read_mark(entry: object) -> PuzzleMark | None:
    if not isinstance(entry, dict) or entry.get("status") not in _STATUSES:
        return None
    best = entry.get("best_time")
    best_time = None if best is None else finite_number(best)
    if best is not None and (best_time is None or best_time < 0):
        return None
    return PuzzleMark(entry["status"], best_time)


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53

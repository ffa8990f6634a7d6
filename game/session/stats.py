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

Stored as ``stats.json`` through :mod:`.storage`.  Loading is lenient: an entry
that does not make sense is dropped and the rest kept, because losing one line of
statistics is better than losing all of them; only a file that is not JSON at all
is set aside as corrupt.

API: ``stats = load_stats(storage).value``; ``stats.record(game, kind)``
when a game is counted (again for the same game object does nothing; *when* a
game counts is the :class:`~.keeper.Keeper`'s rule);
``stats.started(puzzle)`` when one begins; ``stats.kind(key)``,
``stats.mark(puzzle_id(puzzle))``; ``stats.to_json()`` for writing.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, TypeGuard

from ..engine.formats.native import finite_number
from ..engine.logic.registry import Level
from ..engine.puzzle import Puzzle
from ..engine.symbols import grid_string
from .game import Game
from .kinds import PuzzleKind, Variant
from .storage import Loaded, Storage, parse_json

STATS = "stats.json"
"""The statistics file's name in the data folder."""

FORMAT_TAG = "sudoku-stats"
VERSION = 1

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
    """A stable id for ``puzzle``: the same in every file, run and version of the game."""
    text = f"{puzzle.size}:{grid_string(puzzle.givens)}:{puzzle.shape.region_labels()}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:20]


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

    def started(self, puzzle: Puzzle) -> None:
        """Mark ``puzzle`` in progress (a solved one stays solved)."""
        ident = puzzle_id(puzzle)
        if ident not in self.puzzles:
            self.puzzles[ident] = PuzzleMark(IN_PROGRESS)

    def record(self, game: Game, kind: PuzzleKind) -> bool:
        """Count ``game`` (finished, or abandoned if still playing); False if already counted.

        A win by the player's own hand is a win; anything else counts as played
        and ends the streak.  The puzzle's mark becomes "solved" (best time kept)
        after a win, and is dropped after anything else unless it was solved before.
        """
        if game in self._recorded:
            return False
        self._recorded.add(game)
        won = game.counts_as_win
        self.kinds[kind] = self.kind(kind).after(won, game.elapsed)
        ident = puzzle_id(game.puzzle)
        before = self.puzzles.get(ident)
        if won:
            best = game.elapsed
            if before is not None and before.best_time is not None:
                best = min(best, before.best_time)
            self.puzzles[ident] = PuzzleMark(SOLVED, best)
        elif before is not None and before.status != SOLVED:
            del self.puzzles[ident]
        return True

    def __iter__(self) -> Iterator[tuple[PuzzleKind, KindStats]]:
        """Kinds in a stable order: variant, size, level (puzzles from files first)."""
        return iter(sorted(self.kinds.items(), key=lambda item: _order(item[0])))

    # -- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        kinds = [
            {"variant": k.variant.value, "size": k.size, **_level_field(k), **_kind_fields(v)}
            for k, v in self
        ]
        puzzles = {
            ident: {"status": mark.status, "best_time": mark.best_time}
            for ident, mark in sorted(self.puzzles.items())
        }
        return {"format": FORMAT_TAG, "version": VERSION, "kinds": kinds, "puzzles": puzzles}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: object) -> Statistics:
        """Statistics from parsed JSON, keeping every entry that makes sense; never raises."""
        stats = cls()
        if not isinstance(data, dict):
            return stats
        kinds = data.get("kinds")
        for entry in kinds if isinstance(kinds, list) else ():
            read = _read_kind(entry)
            if read is not None:
                stats.kinds[read[0]] = read[1]
        puzzles = data.get("puzzles")
        for ident, entry in (puzzles if isinstance(puzzles, dict) else {}).items():
            mark = _read_mark(entry)
            if mark is not None and isinstance(ident, str) and 0 < len(ident) <= 64:
                stats.puzzles[ident] = mark
        return stats


def parse_stats(text: str) -> Statistics:
    """Statistics from a file's text; ValueError only when it is not JSON at all."""
    return Statistics.from_dict(parse_json(text))


def load_stats(storage: Storage) -> Loaded[Statistics]:
    """The saved statistics (empty if none); a file that is not JSON is set aside.

    Never raises; ``value`` is never None.
    """
    loaded = storage.load(STATS, parse_stats, "your statistics")
    return Loaded(loaded.value or Statistics(), loaded.message)


def _order(kind: PuzzleKind) -> tuple[str, int, int]:
    return (kind.variant.value, kind.size, int(kind.level or 0))


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
    if variant not in tuple(Variant):
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
    key = PuzzleKind(Variant(variant), size, Level(level) if level else None)
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

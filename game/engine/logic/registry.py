"""The catalogue of techniques, ordered from simplest to hardest.

A technique is a generator function that yields every :class:`Step` it finds in a
:class:`CandidateGrid`, registered with the :func:`technique` decorator.  Adding a
technique means adding one module to ``game/engine/logic/techniques/``: every module
there is imported by :func:`all_techniques`, so nothing else needs editing.

A technique whose work grows steeply with the grid declares a budget here
(``budget=`` units per call, ``max_size=`` the largest grid it is tried on) and
charges its work with :func:`.budget.spend`; see :mod:`.budget` for the units and
how stepping aside works.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from .budget import DEFAULT_ALLOWANCE
from .grid import CandidateGrid
from .step import Step

Finder = Callable[[CandidateGrid], Iterator[Step]]


class Level(enum.IntEnum):
    """Difficulty levels players choose and see; a puzzle's level is its hardest step's."""

    EASY = 1  # singles only
    MEDIUM = 2  # adds locked candidates, pairs and triples, law of leftovers
    HARD = 3  # adds quads, fish and wings
    EXPERT = 4  # adds colouring, uniqueness and chains
    EXTREME = 5  # needs a forcing chain or trial

    @property
    def label(self) -> str:
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        """``"hard"`` -> ``Level.HARD`` (case-insensitive); ValueError otherwise."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(level.name.lower() for level in cls)
            raise ValueError(f"unknown difficulty {text!r} (choose from {names})") from None


@dataclass(frozen=True)
class Technique:
    """A named way of reasoning, its level and its base rating.

    ``rating`` follows the Sudoku Explainer scale so ratings compare with the
    published ones.  ``order`` is where the technique sits in the catalogue when
    that differs from its rating: SE has no name for some patterns players learn
    early (the W-Wing, the Hidden Rectangle) and reaches their eliminations with a
    chain, which it rates as a chain; the score follows SE, the hint still offers
    the shape a player learns first.  ``needs_unique`` marks uniqueness techniques, which are only
    sound when the puzzle is known to have one solution.  ``budget`` is the work
    one call may spend and ``max_size`` the largest grid the technique is tried on
    (None: any), see :mod:`.budget`.  ``one_digit`` marks techniques that read one
    digit's places alone (hidden singles, intersections, fish, kites, colouring,
    X-chains): whatever they remove lies on no template of that digit (see
    :mod:`.digit_templates`), so a screen that removes every such candidate at once
    may stand in for all of them; and their steps on a digit depend on its places
    alone (no budget shared between digits), so a solve path searches again only
    the digits a step changed (see :class:`.path.Searches`).  A Full House is not
    one: it reads which cells of a house are filled, and a digit placed elsewhere
    in the house makes one without changing the missing digit's places.
    ``local`` marks techniques whose steps are patterns on a few cells that those
    cells' candidates alone decide (subsets, bent wings, Sue de Coq, the Law of
    Leftovers): one that found nothing has nothing to say on patterns whose cells
    have not changed since, since candidates only shrink along a path, so a solve
    path shows it where they did (:attr:`.grid.CandidateGrid.focus`, see
    :class:`.path.Searches`).
    """

    name: str
    level: Level
    rating: float
    find: Finder
    needs_unique: bool = False
    last_resort: bool = False
    budget: int = DEFAULT_ALLOWANCE
    max_size: int | None = None
    order: float | None = None
    variant_only: bool = False
    one_digit: bool = False
    local: bool = False

    @property
    def place(self) -> float:
        """The catalogue position: ``order`` when given, else the rating."""
        return self.rating if self.order is None else self.order

    def rating_order(self) -> tuple[bool, float]:
        """The rater's sort key: by rating, the last resorts after everything else
        (sort stably, so equal ratings keep the catalogue's order)."""
        return self.last_resort, self.rating

    def fits(self, size: int) -> bool:
        """Whether the technique is tried on grids of ``size`` (see ``max_size``)."""
        return self.max_size is None or size <= self.max_size


_REGISTRY: dict[str, Technique] = {}


def technique(
    name: str,
    *,
    level: Level,
    rating: float,
    needs_unique: bool = False,
    last_resort: bool = False,
    budget: int = DEFAULT_ALLOWANCE,
    max_size: int | None = None,
    order: float | None = None,
    variant_only: bool = False,
    one_digit: bool = False,
    local: bool = False,
) -> Callable[[Finder], Finder]:
    """Register a finder under ``name``; the decorated function is returned unchanged.

    ``budget`` (units of work per call) and ``max_size`` (largest grid size tried)
    bound techniques whose cost grows steeply with the grid; see :mod:`.budget`.
    ``order`` places it in the catalogue apart from its rating (see :class:`Technique`).
    ``variant_only`` techniques read a variant's constraints and are skipped elsewhere.
    ``one_digit`` techniques reason about one digit's places alone, and ``local`` ones
    about a few cells' candidates (see :class:`Technique`).
    """

    def register(find: Finder) -> Finder:
        if name in _REGISTRY and _REGISTRY[name].find is not find:
            raise ValueError(f"technique {name!r} registered twice")
        global _catalogue
        _catalogue = None
        _REGISTRY[name] = Technique(
            name,
            level,
            rating,
            find,
            needs_unique,
            last_resort,
            budget,
            max_size,
            order,
            variant_only,
            one_digit,
            local,
        )
        return find

    return register


_loaded = False
_catalogue: tuple[Technique, ...] | None = None
""":func:`all_techniques`, sorted once until the next registration (a solve path asks
at every step: sorting a hundred techniques each time was a fifth of a rating)."""


def all_techniques() -> tuple[Technique, ...]:
    """Every registered technique, simplest first (by place, then registration)."""
    global _loaded, _catalogue
    if not _loaded:
        importlib.import_module(f"{__package__}.techniques")  # registers every module
        _loaded = True
    if _catalogue is None:
        registered = {name: i for i, name in enumerate(_REGISTRY)}
        _catalogue = tuple(
            sorted(_REGISTRY.values(), key=lambda t: (t.last_resort, t.place, registered[t.name]))
        )
    return _catalogue


def get(name: str) -> Technique:
    """The technique called ``name`` (case-insensitive); KeyError if unknown."""
    for found in all_techniques():
        if found.name.lower() == name.lower():
            return found
    raise KeyError(name)

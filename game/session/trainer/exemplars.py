"""The trainer's catalogue: real positions where a named technique applies.

``assets/trainer/positions.txt`` comes with the game; ``benchmarks/make_trainer.py``
builds it by walking the solve paths of the bundled library and of generated
puzzles, and keeps a position when the step a hint would give there is the
technique.  Some techniques are never the simplest step on a classic grid (a
Skyscraper that removes anything always comes with a Sashimi X-Wing, which a
hint gives first), so a position may also be *marked*: the technique applies
there, found by its own finder (:func:`~game.engine.logic.steps_named`), but a
hint gives a simpler step first.  ``make_trainer.py --add TECHNIQUE`` appends
such positions.  The technique trainer serves these positions as drills and the
technique pages draw their examples from them.  Pure Python (no pygame).

The file, version 1.  Lines starting with ``#`` are comments; the first line must
be the header :data:`HEADER`.  Every other line is one position, four fields
separated by ``" | "``::

    Hidden Pair | classic 9 | 5 =3 .127 ... | puzzles/classic/2-medium.txt:7 step 12

1. the technique's name, as the catalogue of techniques spells it; on a marked
   position followed by the technique a hint gives first, in brackets after
   ``hint:`` (``Skyscraper (hint: Sashimi X-Wing)``).  Lines without the
   bracket are read as before: the technique is the simplest step there;
2. the shape: ``classic N``, or ``jigsaw N`` then the region of every cell as
   ``N*N`` characters of 0-based region ids (``Shape.region_labels``);
3. the ``N*N`` cells in reading order, separated by single spaces: a clue is its
   digit (``5``), a digit placed since (by the earlier steps of the path) is
   ``=`` and the digit (``=5``), an empty cell is ``.`` followed by its
   candidates (``.127``; a bare ``.`` would be an empty cell without any);
4. where it came from (free text): the library file and line, or the generator's
   variant, size and seed, and the step's index in the solve path;
5. only on a variant's position: its constraints (cages, thermometers, dots ...)
   as compact f-puzzles JSON without givens (``game.engine.formats``), read back
   into the position's rule set.

The variant positions (killers, thermometers, dots) live in their own file,
``assets/trainer/variant_positions.txt`` (``benchmarks/make_variant_trainer.py``),
with the same header; both files make one catalogue.

Clues and placed digits are told apart because the Avoidable Rectangles read
which digits are clues (see :class:`~game.engine.logic.CandidateGrid`).

Reading is strict per line and lenient per file: a damaged line is skipped with a
warning naming the file and line (the rest still trains), and a missing file, or
one without the header, gives an empty catalogue and one warning, never a crash.
"""

from __future__ import annotations

import functools
import json
import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ...engine.errors import FormatError, PuzzleError
from ...engine.formats import format_fpuzzles
from ...engine.formats.fpuzzles import parse_fpuzzles
from ...engine.logic import CandidateGrid, Step, steps_named
from ...engine.logic.path import find_step
from ...engine.logic.registry import all_techniques
from ...engine.puzzle import Puzzle
from ...engine.rules import Constraint, RuleSet
from ...engine.shape import Shape
from ...engine.symbols import digit_of, digits_text, symbol
from ...resources import bundled

HEADER = "# sudoku technique trainer positions, version 1"
"""The first line of every catalogue file this module reads or writes."""

SEPARATOR = " | "

HINT_MARK = " (hint: "
"""Opens the marker of a position where the technique is not the simplest step."""

_log = logging.getLogger(__name__)


class ExemplarError(FormatError):
    """A line of the catalogue cannot be read (its line number says which)."""


@dataclass(frozen=True, eq=False)
class Exemplar:
    """A position where ``technique`` applies, and where it came from.

    ``simpler`` is empty when ``technique`` is the simplest step there (what a
    hint gives), else the name of the technique a hint gives first (a marked
    position: see the module docstring).  ``position`` carries which placed
    digits are clues (``givens``), as the file does.  Two exemplars are equal
    only when they are the same object: positions are compared with :meth:`line`
    when it matters.
    """

    technique: str
    shape: Shape
    position: CandidateGrid
    source: str
    simpler: str = ""

    @functools.cached_property
    def step(self) -> Step | None:
        """The technique's step here: the step a hint gives (the first one
        :func:`find_step` returns), or on a marked position the first step the
        technique's own finder names.

        None only if the engine has changed so that nothing applies any more (the
        catalogue's test catches that); callers treat it as "no example".
        """
        if self.simpler:
            own = steps_named(self.position, self.technique)
            return own[0] if own else None
        return find_step(self.position).step

    def line(self) -> str:
        """This exemplar as one line of the catalogue file (see the module docstring)."""
        return format_line(self.technique, self.position, self.source, self.simpler)


def format_line(technique: str, position: CandidateGrid, source: str, simpler: str = "") -> str:
    """The catalogue line for ``position`` (the canonical form :func:`parse_line` reads);
    ``simpler`` names the technique a hint gives first on a marked position."""
    shape = position.shape
    n = shape.size
    where = f"classic {n}" if not shape.is_jigsaw else f"jigsaw {n} {shape.region_labels()}"
    tokens = []
    for cell in range(shape.cells):
        value = position.values[cell]
        if value:
            clue = position.givens >> cell & 1
            tokens.append(symbol(value) if clue else "=" + symbol(value))
        else:
            tokens.append("." + digits_text(position.cands[cell]))
    clean_source = " ".join(source.replace("|", "/").split())
    name = f"{technique}{HINT_MARK}{simpler})" if simpler else technique
    fields = [name, where, " ".join(tokens), clean_source]
    rules = position.rules
    if rules is not None and rules.constraints:
        fields.append(_rules_text(shape, rules.constraints))
    return SEPARATOR.join(fields)


def _rules_text(shape: Shape, constraints: tuple[Constraint, ...]) -> str:
    """The constraints as compact f-puzzles JSON, in the order reading them back gives
    (written, read and written again), so a line read and written is the same text."""
    first = format_fpuzzles(Puzzle(shape, (0,) * shape.cells, constraints))
    again = parse_fpuzzles(json.loads(first)).puzzle.rules.constraints
    return format_fpuzzles(Puzzle(shape, (0,) * shape.cells, again)).strip()


def parse_line(text: str, line: int | None = None) -> Exemplar:
    """The exemplar on one catalogue line.

    :raises ExemplarError: naming ``line`` and what is wrong (field count, unknown
        technique, bad shape, wrong cell count, a digit out of range, a candidate
        that a peer's digit rules out, or a broken position).
    """

    def fail(reason: str) -> ExemplarError:
        return ExemplarError(reason, line=line)

    fields = text.rstrip("\r\n").split(SEPARATOR)
    if len(fields) not in (4, 5):
        raise fail(f"{len(fields)} fields separated by '|'; a position needs 4 (5 on a variant)")
    name, where, cells_text, source = (field.strip() for field in fields[:4])
    simpler = ""
    if name.endswith(")") and HINT_MARK in name:
        name, _, marked = name[:-1].partition(HINT_MARK)
        found = _technique_names().get(marked.strip().lower())
        if found is None:
            raise fail(f"unknown technique {marked.strip()!r} after 'hint:'")
        simpler = found
    technique = _technique_names().get(name.strip().lower())
    if technique is None:
        raise fail(f"unknown technique {name!r}")
    if simpler == technique:
        raise fail(f"{technique} marked as not the simplest step, with itself as the hint")
    shape = _parse_shape(where, fail)
    tokens = cells_text.split()
    if len(tokens) != shape.cells:
        raise fail(f"{len(tokens)} cells; a {shape.size}x{shape.size} grid has {shape.cells}")
    values: list[int] = []
    cands: list[int] = []
    givens = 0
    for cell, token in enumerate(tokens):
        value, mask, clue = _parse_cell(token, shape.size)
        if value is None:
            raise fail(f"cell {cell + 1}: cannot read {token!r}")
        values.append(value)
        cands.append(mask)
        givens |= clue << cell
    rules = _parse_rules(fields[4], shape, fail) if len(fields) == 5 else None
    position = CandidateGrid(shape, values, cands, givens=givens, rules=rules)
    for cell, mask in enumerate(cands):
        held = 0
        for peer in shape.peers[cell]:
            if values[peer]:
                held |= 1 << (values[peer] - 1)
        if mask & held or (values[cell] and held >> (values[cell] - 1) & 1):
            raise fail(f"cell {cell + 1}: a digit its peers already hold")
    if position.is_broken():
        raise fail("the position is broken (a cell or a unit has no place left)")
    return Exemplar(technique, shape, position, source, simpler)


def _parse_rules(text: str, shape: Shape, fail: Callable[[str], ExemplarError]) -> RuleSet | None:
    """The rule set of a variant position's fifth field (f-puzzles JSON)."""
    try:
        puzzle = parse_fpuzzles(json.loads(text)).puzzle
    except (PuzzleError, ValueError) as error:
        raise fail(f"bad rules: {error}") from None
    if puzzle.shape.size != shape.size or puzzle.shape.region_labels() != shape.region_labels():
        raise fail("the rules' grid is not the position's")
    rules = puzzle.rules
    if not rules.constraints:
        return None
    return RuleSet(shape, rules.constraints)


def _parse_shape(where: str, fail: Callable[[str], ExemplarError]) -> Shape:
    words = where.split()
    try:
        if len(words) == 2 and words[0] == "classic" and words[1].isascii():
            return Shape.classic(int(words[1]))
        if len(words) == 3 and words[0] == "jigsaw" and words[1].isascii():
            size = int(words[1])
            return Shape.from_regions(list(words[2]), size)
    except (PuzzleError, ValueError) as error:
        raise fail(f"bad shape {where!r}: {error}") from None
    raise fail(f"bad shape {where!r} (expected 'classic N' or 'jigsaw N LAYOUT')")


def _parse_cell(token: str, size: int) -> tuple[int | None, int, int]:
    """``(value, candidates, is_clue)``; value None when the token cannot be read."""
    if token.startswith("."):
        mask = 0
        for char in token[1:]:
            digit = digit_of(char, size)
            if digit is None:
                return None, 0, 0
            mask |= 1 << (digit - 1)
        return 0, mask, 0
    placed = token.startswith("=")
    body = token[1:] if placed else token
    digit = digit_of(body, size) if len(body) == 1 else None
    if digit is None:
        return None, 0, 0
    return digit, 0, 0 if placed else 1


@functools.cache
def _technique_names() -> dict[str, str]:
    return {found.name.lower(): found.name for found in all_techniques()}


# -- the bundled catalogue ----------------------------------------------------------


def catalogue_path() -> Path:
    """Where the bundled catalogue lives (``assets/trainer/positions.txt``)."""
    return bundled("assets") / "trainer" / "positions.txt"


def variant_catalogue_path() -> Path:
    """Where the bundled variant positions live (``assets/trainer/variant_positions.txt``)."""
    return bundled("assets") / "trainer" / "variant_positions.txt"


def read_catalogue(lines: Iterable[str], path: str = "") -> tuple[Exemplar, ...]:
    """Every readable position of a catalogue's lines, in file order.

    Damaged lines are skipped with a warning (``path:line: reason``); text without
    :data:`HEADER` on its first line gives nothing, with one warning.
    """
    found: list[Exemplar] = []
    numbered: Iterator[tuple[int, str]] = enumerate(lines, start=1)
    first = next(numbered, None)
    if first is None or first[1].strip() != HEADER:
        _log.warning("%s: not a trainer catalogue (no %r header); no positions", path, HEADER)
        return ()
    for number, text in numbered:
        if not text.strip() or text.startswith("#"):
            continue
        try:
            found.append(parse_line(text, number))
        except ExemplarError as error:
            _log.warning("%s", error.located(path))
    return tuple(found)


@functools.cache
def _bundled() -> dict[str, tuple[Exemplar, ...]]:
    entries: list[Exemplar] = []
    for path in (catalogue_path(), variant_catalogue_path()):
        try:
            with path.open(encoding="utf-8") as lines:
                entries.extend(read_catalogue(lines, str(path)))
        except (OSError, UnicodeDecodeError) as error:
            _log.warning("%s: cannot read the trainer's positions: %s", path, error)
    grouped: dict[str, list[Exemplar]] = {}
    for entry in entries:
        grouped.setdefault(entry.technique, []).append(entry)
    return {name: tuple(items) for name, items in grouped.items()}


def examples(technique: str) -> tuple[Exemplar, ...]:
    """The bundled positions for ``technique`` (any case), in file order; () if none."""
    name = _technique_names().get(technique.lower(), technique)
    return _bundled().get(name, ())


def techniques_with_examples() -> tuple[str, ...]:
    """The techniques the bundled catalogue has positions for, simplest first."""
    have = _bundled()
    return tuple(found.name for found in all_techniques() if found.name in have)


def reload() -> None:
    """Forget the cached catalogue (tests that swap the file, a rebuild)."""
    _bundled.cache_clear()

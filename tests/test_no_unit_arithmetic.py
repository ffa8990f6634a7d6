"""No module finds a unit's kind by index arithmetic: every one reads the house table.

Unit ``u`` is ``shape.houses[u]``, which knows its kind and its index; the order of
the table is a fact of :class:`~game.engine.shape.Shape` and of nothing else.  So
``range(2 * n, 3 * n)`` for the regions, ``unit // n`` for a kind, ``n + column``
for a column's unit, ``unit >= 2 * n`` for "is a region" or ``cell_units[c][2]``
for a cell's region are each a second owner of that fact, and the day a puzzle
carries diagonals or cages they are wrong.  This test reads every module of
``game`` (its syntax tree: comments and docstrings do not count) and fails on
those patterns.  Cell arithmetic (``cell // n``, ``cell % n``) is fine: the cell
numbering is the glossary's, not a table's.

The scan goes by names: it flags arithmetic between a grid's size and an
expression that names a unit (``unit``, ``u1``, ``joint``, ``line``, ``links[...]``,
...), so a unit kept in a variable called ``x`` escapes it; the test's own cases
below pin what it must catch and what it must leave alone.

:data:`ALLOWED` lists the few modules that keep an encoding of their own, with the
reason.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

ALLOWED: dict[str, str] = {
    "game/engine/solver/exact.py": (
        "the exact solver's bitboard is its own documented encoding (a block of fields "
        "per cell, row, column and region, laid out by offsets for speed), not unit "
        "indices; it passes today, and stays free to lay its fields out by arithmetic"
    ),
    "game/engine/logic/techniques/templates.py": (
        "a template search state packs used columns in bits 0..n-1 and used regions "
        "above them: bit positions of its own, not unit indices"
    ),
}
"""Module -> why it may do arithmetic that looks like unit-kind arithmetic."""

_SIZE = re.compile(r"^(?:(?:self\.)?(?:shape|grid|graph|geo)\.|self\.)?(?:n|size)$")
"""What names a grid's size: ``n``, ``size``, ``self.n``, ``grid.size``, ``shape.size``, ...

(Not ``line.size``: elsewhere a size is a font's or a tile's.)"""

_UNITISH = re.compile(
    r"\b(?:\w*units?\w*|u\d?|joint\w*|\w*links?\w*|house\w*|\w*lines?|\w*regions?)\b"
)
"""Expressions that hold (or look up) a unit index."""

_CELL_UNITS = re.compile(r"\bcell_units\b")


def _is_size(node: ast.expr) -> bool:
    return isinstance(node, ast.Name | ast.Attribute) and bool(_SIZE.match(ast.unparse(node)))


def _is_size_multiple(node: ast.expr) -> bool:
    """``2 * n``, ``3 * size``, ``n * 2``: the start or end of a block of units."""
    if not isinstance(node, ast.BinOp) or not isinstance(node.op, ast.Mult):
        return False
    for factor, other in ((node.left, node.right), (node.right, node.left)):
        if not isinstance(factor, ast.Constant) or type(factor.value) is not int:
            continue  # (``size * 2.0`` is a drawing's arithmetic)
        if factor.value in (2, 3) and _is_size(other):
            return True
    return False


def _unitish(node: ast.expr) -> bool:
    return bool(_UNITISH.search(ast.unparse(node)))


def _block(node: ast.BinOp) -> str | None:
    """``2 * n + region``, ``range(2 * n, 3 * n)``, ``unit_mask[2 * n :]``, ``u - 2 * n``."""
    return "a block of units by size" if _is_size_multiple(node) else None


def _division(node: ast.BinOp) -> str | None:
    """``unit // n``, ``(kinds >> (unit // n)) & 1``, ``u % n``."""
    if isinstance(node.op, ast.FloorDiv | ast.Mod) and _is_size(node.right) and _unitish(node.left):
        return "a unit's kind or index by division"
    return None


def _offset(node: ast.BinOp) -> str | None:
    """``n + column``, ``n + cell % n``, ``line + size``: a line's unit by offset."""
    if not isinstance(node.op, ast.Add | ast.Sub):
        return None
    for near, far in ((node.left, node.right), (node.right, node.left)):
        if not _is_size(near):
            continue
        is_mod = isinstance(far, ast.BinOp) and isinstance(far.op, ast.Mod) and _is_size(far.right)
        if is_mod or _unitish(far) or re.search(r"\b(?:column|col)\w*", ast.unparse(far)):
            return "a column or region unit by offset"
    return None


def _divmod(node: ast.Call) -> str | None:
    """``divmod(unit, n)``."""
    args = node.args
    if ast.unparse(node.func) != "divmod" or len(args) != 2:
        return None
    return "a unit's kind and index by divmod" if _is_size(args[1]) and _unitish(args[0]) else None


def _comparison(node: ast.Compare) -> str | None:
    """``unit >= 2 * n``, ``link_unit >= n``, ``lines[0] < n``."""
    sides = [node.left, *node.comparators]
    by_size = any(_is_size(side) or _is_size_multiple(side) for side in sides)
    if by_size and any(_unitish(side) for side in sides):
        return "a unit's kind by comparison"
    return None


def _position(node: ast.Subscript) -> str | None:
    """``cell_units[cell][2]``: a cell's region as the third of its units."""
    inner = node.value
    if not isinstance(inner, ast.Subscript) or not isinstance(node.slice, ast.Constant):
        return None
    return "a cell's unit by position" if _CELL_UNITS.search(ast.unparse(inner.value)) else None


def _unpacking(target: ast.expr, source: ast.expr) -> str | None:
    """``row, column, region = cell_units[cell]``."""
    three = isinstance(target, ast.Tuple) and len(target.elts) == 3
    if three and _CELL_UNITS.search(ast.unparse(source)):
        return "a cell's units unpacked by position"
    return None


def findings(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, what)`` for every piece of unit-kind arithmetic in ``tree``."""
    for node in ast.walk(tree):
        found: list[str | None] = []
        if isinstance(node, ast.BinOp):
            found += (_block(node), _division(node), _offset(node))
        elif isinstance(node, ast.Call):
            found.append(_divmod(node))
        elif isinstance(node, ast.Compare):
            found.append(_comparison(node))
        elif isinstance(node, ast.Subscript):
            found.append(_position(node))
        elif isinstance(node, ast.Assign):
            found.append(_unpacking(node.targets[0], node.value))
        elif isinstance(node, ast.For | ast.comprehension):
            found.append(_unpacking(node.target, node.iter))
        line = getattr(node, "lineno", 0) or getattr(getattr(node, "target", None), "lineno", 0)
        for what in found:
            if what:
                yield line, f"{what} ({ast.unparse(node)})"


def _modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def test_no_module_finds_a_units_kind_by_arithmetic() -> None:
    found: list[str] = []
    for path in _modules():
        name = path.relative_to(ROOT).as_posix()
        if name in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found.extend(f"{name}:{line}: {what}" for line, what in sorted(set(findings(tree))))
    assert not found, (
        "unit-kind arithmetic (read shape.houses, row_units, column_units, line_units or "
        "region_units instead):\n" + "\n".join(found)
    )


def test_the_allowed_modules_exist() -> None:
    for name in ALLOWED:
        # A module that moved or went away must leave the list, not keep a licence.
        assert (ROOT / name).is_file(), name


OLD = (
    "for region in range(2 * n, 3 * n): pass",
    "for line in range(2 * n): pass",
    "for unit in range(3 * grid.size): pass",
    "columns = range(n, 2 * n)",
    "masks = unit_mask[2 * n :]",
    "kind = joint // n",
    "k1, k2 = u1 // n, u2 // n",
    "ok = (self.cover_kinds >> (unit // n)) & 1",
    "kind, index = divmod(unit, shape.size)",
    "rating = 1.2 if unit >= 2 * n else 1.5",
    "x = corner.link_unit >= n",
    "region_unit = 2 * n + region",
    "number = u - 2 * n + 1",
    "mask = unit_mask[n + column]",
    "name = shape.unit_name(n + cross.column)",
    "row, column = far // n, n + far % n",
    "unit = line + size if self.by_rows == cross else line",
    "kinds = {self.links[min(p), max(p)] // size for p in pairs}",
    "kinds = {graph.link_unit(a, b) // n for a, b in pairs}",
    "region = shape.cell_units[cell][2]",
    "row, column, region = shape.cell_units[cell]",
    "kind = 'rows' if sets.lines[0] < n else 'columns'",
)
"""Lines of this code base before the house table, each of which must be caught."""

FINE = (
    "row, column = divmod(cell, n)",
    "row = cell // n",
    "column = cell % size",
    "digit = node % n + 1",
    "for region in shape.region_units: pass",
    "rating = 1.2 if shape.houses[unit].kind.is_region else 1.5",
    "mask = unit_mask[shape.column_units[cell % n]]",
    "for unit in shape.cell_units[cell]: pass",
    "inner = size - 2 * inset",
    "cell = row * n + column",
)
"""Cell arithmetic and table reads, which must pass."""


@pytest.mark.parametrize("code", OLD)
def test_the_scan_catches_the_old_arithmetic(code: str) -> None:
    assert list(findings(ast.parse(code))), code


@pytest.mark.parametrize("code", FINE)
def test_the_scan_leaves_cell_arithmetic_and_table_reads_alone(code: str) -> None:
    assert not list(findings(ast.parse(code))), code

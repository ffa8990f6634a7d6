"""Just enough of Simon Tatham's Solo game IDs to read the shared killers and X puzzles.

A stand-in until the formats package reads Solo IDs itself (tests and the variant
logic benchmark use it; the game does not).  ``<c>x<r>[x][k]:grid[,cage walls,sums]``
with the encodings of ``solo.c`` (``encode_grid``, ``encode_block_structure_desc``):
digits with ``_`` between neighbours and ``a``-``z`` for runs of 1-26 empty cells; a
wall string lists the ``n(n-1)`` inner vertical edges in reading order, then the
horizontal ones in transposed order, each letter the count of open edges before the
next wall (``_`` none, ``z`` 26 open edges and no wall).  A cage's sum sits on its
first cell in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.rules import Cage, Constraint, Diagonal, RuleSet
from game.engine.shape import Shape


@dataclass(frozen=True)
class SoloPuzzle:
    """A decoded Solo ID: its rules and givens."""

    rules: RuleSet
    givens: tuple[int, ...]


def decode(solo_id: str) -> SoloPuzzle:
    """The rules and givens of a classic-box Solo ID (plain, ``x`` and ``k``)."""
    params, desc = solo_id.split(":", 1)
    c_text, rest = params.split("x", 1)
    r_digits = "".join(ch for ch in rest if ch.isdigit())
    flags = rest[len(r_digits) :]
    n = int(c_text) * int(r_digits)
    parts = desc.split(",")
    givens = _grid(parts[0], n)
    rules: list[Constraint] = []
    if "x" in flags:
        rules += [Diagonal.of(n), Diagonal.of(n, anti=True)]
    if "k" in flags:
        owner = _blocks(parts[1], n)
        sums = _grid(parts[2], n)
        cages: dict[int, list[int]] = {}
        for cell, root in enumerate(owner):
            cages.setdefault(root, []).append(cell)
        for cells in cages.values():
            total = sums[cells[0]]
            rules.append(Cage(tuple(cells), total or None))
    return SoloPuzzle(RuleSet(Shape.classic(n), tuple(rules)), tuple(givens))


def _grid(text: str, n: int) -> list[int]:
    out: list[int] = []
    i = 0
    while i < len(text):
        char = text[i]
        if char.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            out.append(int(text[i:j]))
            i = j
            continue
        if char != "_":
            out.extend([0] * (ord(char) - ord("a") + 1))
        i += 1
    if len(out) != n * n:
        raise ValueError(f"{len(out)} cells in a {n}x{n} grid")
    return out


def _blocks(text: str, n: int) -> list[int]:
    """Per cell, a representative cell of its block (union-find over open edges)."""
    parent = list(range(n * n))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    pos = 0
    for char in text:
        run = 0 if char == "_" else ord(char) - ord("a") + 1
        for _ in range(run):
            if pos < n * (n - 1):
                y, x = divmod(pos, n - 1)
                a, b = y * n + x, y * n + x + 1
            else:
                x, y = divmod(pos - n * (n - 1), n - 1)
                a, b = y * n + x, (y + 1) * n + x
            parent[find(a)] = find(b)
            pos += 1
        if char != "z":
            pos += 1
    return [find(c) for c in range(n * n)]

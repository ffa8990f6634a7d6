"""Multi-Colouring and 3D Medusa: exact removals, sound steps, and their pictures.

Positions are pencil-mark grids from real solve paths (SE 8+ classics, hard
jigsaws from the game's library, a 6x6 walk; see :mod:`.pencil`) with the exact
removals each step was first seen making, one per Medusa rule; HoDoKu's library
supplies Multi-Colors 1 and 2 (codes 0502 and 0503; it has no 3D Medusa case).
"""

from __future__ import annotations

import pytest

from game.engine.logic import AreaKind, Role, registry
from game.engine.shape import Shape

from .pencil import Exemplar, solution_of, wrong
from .reglib import REGLIB, cases

CLASSIC = Shape.classic(9)

EXEMPLARS = {
    "jigsaw multi-colouring": Exemplar(
        "Multi-Colouring",
        Shape.from_regions(
            "000001112300001122334411122334415522334455522334455666777458866777858866777888866"
        ),
        (
            "=5 =3 =4 =6 =9 12 12 =8 =7 "
            "=6 128 128 =7 28 =4 =3 =5 =9 "
            "28 =4 28 =3 =5 =7 =9 =1 =6 "
            "=9 18 =7 158 =6 58 =4 =2 =3 "
            "=3 =7 =9 125 12 =6 25 =4 =8 "
            "12 =5 =6 =4 =3 =9 =8 =7 12 "
            "148 128 =3 128 =7 1258 =6 =9 1245 "
            "14 =9 =5 28 128 =3 =7 =6 124 "
            "=7 =6 128 =9 =4 1258 125 =3 125 "
        ),
        "2r7c9",
    ),
    "jigsaw medusa": Exemplar(
        "3D Medusa",
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
            "29 69 =5 =3 =4 =7 18 18 269 "
            "2389 =4 39 16 68 1689 =5 =7 29 "
        ),
        "6r7c2 9r4c2",
    ),
    "medusa sees both colours": Exemplar(
        "3D Medusa",
        CLASSIC,
        (
            "=6 47 =2 4578 =9 578 =1 =3 578 "
            "=3 =5 479 24 48 =1 67 2689 6789 "
            "79 =1 =8 =6 =3 257 =4 29 579 "
            "=1 =8 =3 245 46 25 57 69 679 "
            "=2 =9 56 =1 =7 =3 568 =4 68 "
            "47 467 567 58 68 =9 =3 =1 =2 "
            "89 36 69 38 =5 =4 =2 =7 =1 "
            "478 =2 47 =9 =1 678 68 =5 =3 "
            "=5 37 =1 378 =2 678 =9 68 =4 "
        ),
        "6r4c8",
    ),
    "medusa cell and unit": Exemplar(
        "3D Medusa",
        CLASSIC,
        (
            "=5 78 478 38 =6 14 13 =2 =9 "
            "=1 =6 =3 =2 =9 =7 =4 =5 =8 "
            "89 =2 489 38 14 =5 =6 =7 13 "
            "=4 378 278 69 12 13 789 168 =5 "
            "278 358 258 69 124 134 89 168 67 "
            "=6 =9 =1 =5 =7 =8 =2 =3 =4 "
            "28 =4 258 =7 58 =6 13 =9 13 "
            "=3 =1 67 =4 58 =9 578 68 =2 "
            "79 58 69 =1 =3 =2 58 =4 67 "
        ),
        "8r4c8",
    ),
    "medusa cell emptied": Exemplar(
        "3D Medusa",
        CLASSIC,
        (
            "=7 15 58 23 =4 23 1589 589 =6 "
            "1368 146 3468 =7 =5 =9 18 48 =2 "
            "=9 245 245 =8 =6 =1 57 457 =3 "
            "68 19 =7 =5 =2 =4 68 =3 19 "
            "16 =3 568 69 79 678 =4 =2 159 "
            "=4 2569 256 369 =1 368 5689 589 =7 "
            "=5 467 =1 469 =3 67 =2 679 =8 "
            "36 =8 346 246 79 26 579 =1 59 "
            "=2 67 =9 =1 =8 =5 =3 67 =4 "
        ),
        "6r7c8 6r9c2 7r7c2 7r9c8",
    ),
    "medusa two colours in a cell": Exemplar(
        "3D Medusa",
        CLASSIC,
        (
            "=8 56 346 29 =1 469 256 39 =7 "
            "15 =2 367 789 679 68 15 =4 39 "
            "49 14679 467 =5 2467 =3 126 126 =8 "
            "45 =3 =2 =1 49 =7 46 =8 4569 "
            "1457 15 =9 =6 =8 =2 =3 57 45 "
            "=6 47 =8 =3 =5 49 247 279 =1 "
            "2479 4679 =5 279 =3 169 =8 167 246 "
            "237 =8 =1 =4 267 =5 =9 367 236 "
            "239 4679 467 2789 2679 1689 147 13567 23456 "
        ),
        "6r1c3",
    ),
    "medusa twice in a unit": Exemplar(
        "3D Medusa",
        CLASSIC,
        (
            "57 =6 =4 =9 =2 =3 15 157 =8 "
            "=2 57 =1 468 48 468 =9 57 =3 "
            "38 89 389 =5 =7 =1 46 26 24 "
            "=1 =3 789 268 89 2678 68 =4 =5 "
            "=6 =2 79 48 4589 4578 38 39 =1 "
            "=4 89 =5 =1 =3 68 =7 26 29 "
            "3578 157 =6 348 1458 458 =2 1359 49 "
            "35 =4 =2 =7 15 =9 135 =8 =6 "
            "=9 15 38 238 =6 2458 1345 135 =7 "
        ),
        "2r3c8 2r6c9 3r5c7 4r3c9 4r9c7 6r3c7 6r6c8 8r3c2 8r4c3 8r4c7 8r6c6 9r3c3 9r5c8 9r6c2 9r7c9",
    ),
    "6x6 medusa": Exemplar(
        "3D Medusa",
        Shape.classic(6),
        (
            "36 =5 136 126 124 146 "
            "6 =2 =4 156 15 =3 "
            "=1 346 356 56 45 =2 "
            "246 46 256 156 =3 1456 "
            "=5 13 123 =4 =6 1 "
            "2346 1346 1236 1235 125 15 "
        ),
        "6r2c4",
    ),
}

# The words each Medusa rule is told with.
RULES = {
    "medusa sees both colours": "sees its digit in both colours",
    "medusa cell and unit": "sits in a cell of one colour and sees its digit in the other",
    "medusa cell emptied": "would leave r7c6 with no digit",
    "medusa two colours in a cell": "shares its cell with both colours",
    "medusa twice in a unit": "are both colour A and see each other",
}


@pytest.mark.parametrize("key", sorted(EXEMPLARS))
def test_exemplar_is_found_exactly_and_every_step_is_sound(key: str) -> None:
    exemplar = EXEMPLARS[key]
    grid = exemplar.grid()
    answer = solution_of(grid)
    steps = list(registry.get(exemplar.technique).find(grid))
    for step in steps:
        assert not wrong(step, grid, answer), step.explanation
    found = [step for step in steps if set(step.eliminations) == exemplar.eliminations()]
    assert found, [step.eliminations for step in steps]
    if key in RULES:
        assert RULES[key] in found[0].explanation


def test_medusa_wrap_removes_the_false_colour_and_says_which() -> None:
    exemplar = EXEMPLARS["medusa twice in a unit"]
    step = next(registry.get("3D Medusa").find(exemplar.grid()))
    assert "colour A is false and colour B true" in step.explanation
    a_marks = {(m.cell, m.digit) for m in step.marks if m.role is Role.COLOUR_A}
    assert set(step.eliminations) <= a_marks


@pytest.mark.parametrize("key", ["medusa sees both colours", "jigsaw medusa", "6x6 medusa"])
def test_medusa_draws_two_colours_and_their_links(key: str) -> None:
    exemplar = EXEMPLARS[key]
    step = next(
        s
        for s in registry.get("3D Medusa").find(exemplar.grid())
        if set(s.eliminations) == exemplar.eliminations()
    )
    roles = {mark.role for mark in step.marks}
    assert {Role.COLOUR_A, Role.COLOUR_B, Role.FOCUS} <= roles
    assert step.links and all(link.strong for link in step.links)
    clusters = [area for area in step.areas if area.kind is AreaKind.CLUSTER]
    assert [(area.index, area.label) for area in clusters] == [(0, "A"), (1, "B")]
    # Medusa colours several digits; a one-digit cluster is Simple Colouring's.
    assert (
        len({mark.digit for mark in step.marks if mark.role is Role.COLOUR_A}) > 1
        or len({mark.digit for mark in step.marks if mark.role is Role.COLOUR_B}) > 1
    )


def test_multi_colouring_names_four_colours_and_outlines_them() -> None:
    exemplar = EXEMPLARS["jigsaw multi-colouring"]
    step = next(registry.get("Multi-Colouring").find(exemplar.grid()))
    clusters = [area for area in step.areas if area.kind is AreaKind.CLUSTER]
    assert [(area.index, area.label) for area in clusters] == [
        (0, "A"),
        (1, "B"),
        (2, "C"),
        (3, "D"),
    ]
    assert "B or D holds the 2s" in step.explanation
    assert any(not link.strong for link in step.links)  # the link between the clusters
    assert step.rating >= 4.0


def test_colouring_is_tried_in_the_order_players_learn_it() -> None:
    rating = {name: registry.get(name).rating for name in ("Simple Colouring", "Multi-Colouring")}
    assert rating["Simple Colouring"] < rating["Multi-Colouring"] < registry.get("X-Chain").rating
    names = [t.name for t in registry.all_techniques()]
    assert names.index("Alternating Inference Chain") < names.index("3D Medusa")
    assert names.index("3D Medusa") < names.index("Forcing Chain")


@pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")
@pytest.mark.parametrize("code", ["0500", "0501", "0502", "0503"])
def test_library_colouring_cases(code: str) -> None:
    names = ["Simple Colouring"] if code in ("0500", "0501") else ["Multi-Colouring"]
    checked = 0
    for case in cases(code):
        removed: set[tuple[int, int]] = set()
        for name in names:
            for step in registry.get(name).find(case.grid):
                for cell, digit in step.eliminations:
                    assert case.solution[cell] != digit, f"line {case.line}: {step.explanation}"
                removed.update(step.eliminations)
                if name == "Simple Colouring":
                    clusters = [a for a in step.areas if a.kind is AreaKind.CLUSTER]
                    assert [a.label for a in clusters] == ["A", "B"]
        assert case.eliminations <= removed, f"reglib line {case.line}"
        checked += 1
    assert checked >= 1

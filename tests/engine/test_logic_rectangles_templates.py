"""Uniqueness patterns, dual single-digit patterns and templates: exact steps on every shape.

Positions were taken from logical solve paths (magictour's top1465, the real jigsaw
collection in the shared data, 6x6 puzzles made from fixed seeds as the soundness
test makes them) at a moment each technique applied, and are written here as
pencil-mark grids: ``=5`` a given, ``+5`` a digit placed while solving (not a given:
the avoidable rectangles must tell them apart), ``359`` the candidates of an empty
cell.  So these tests need no shared data, except the HoDoKu library cases at the
end.  Every step is checked against the unique solution of the position's digits.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from game.engine import solver
from game.engine.logic import AreaKind, CandidateGrid, Level, Role, Step, registry
from game.engine.logic.grid import given_cells
from game.engine.shape import Shape

from .reglib import REGLIB, cases


@dataclass(frozen=True)
class Exemplar:
    """A position where ``technique`` makes exactly ``eliminations`` and ``placements``."""

    technique: str
    kind: str  # "classic", "jigsaw" or "six" (6x6): part of the test id
    layout: int | str  # a classic size, or a jigsaw region layout
    text: str
    eliminations: tuple[tuple[int, int], ...]
    placements: tuple[tuple[int, int], ...]

    @property
    def shape(self) -> Shape:
        if isinstance(self.layout, int):
            return Shape.classic(self.layout)
        return Shape.from_regions(self.layout)


JIGSAW_557_LAYOUT = (
    "000000111022200111223244441233333441225353341555556744558666777888866777888866677"
)
JIGSAW_557 = (  # jigsaw_oneline.tsv id 557: a Template Delete and a Template Set
    "1346789 1248 123467 24678 123678 234789 +5 23479 123789 "
    "146789 =3 246 2468 12678 =5 12478 2479 12789 "
    "=5 =9 237 =1 2378 23478 23478 2347 =6 "
    "68 1258 12357 2578 =4 2378 =9 2367 12378 "
    "48 =7 345 =9 35 =6 238 =1 238 "
    "1347 14 =8 47 =9 2347 12367 23467 +5 "
    "=2 +6 +9 78 378 =1 37 =5 =4 "
    "1467 1245 124567 =3 2567 2479 1267 =8 1279 "
    "14678 12458 124567 245678 235678 234789 234678 23679 12379 "
)


EXEMPLARS = [
    Exemplar(
        "Avoidable Rectangle",
        "classic",  # top1465 #12
        9,
        "=8 +1 =9 +4 +6 +2 =3 57 57 "
        "246 234 2346 =7 +5 =1 24 89 89 "
        "=5 24 +7 89 +3 89 246 16 12 "
        "19 =7 18 35 +4 35 189 =2 =6 "
        "=3 248 12468 68 =9 678 178 158 158 "
        "69 589 568 =1 +2 678 789 =4 +3 "
        "179 =6 1358 =2 17 3579 18 13789 =4 "
        "12479 2349 1234 369 =8 34679 =5 13679 1279 "
        "12479 234589 123458 3569 17 345679 26 136789 12789 ",
        ((50, 6),),
        (),
    ),
    Exemplar(
        "Dual 2-String Kite",
        "classic",  # top1465 #93
        9,
        "=1 +4 =3 =7 +9 +2 +6 +8 =5 "
        "+9 +5 +2 =6 +8 =4 13 13 +7 "
        "=8 +7 +6 13 +5 13 +9 +4 +2 "
        "+7 +3 +5 =8 =1 +9 +2 +6 +4 "
        "+2 =9 18 +4 +6 35 =7 135 138 "
        "+4 =6 18 35 +2 +7 1358 =9 138 "
        "36 =2 +9 15 +7 158 =4 135 1368 "
        "=5 18 +4 +2 =3 +6 18 +7 +9 "
        "36 18 +7 +9 +4 158 1358 =2 1368 ",
        ((57, 5), (77, 5)),
        (),
    ),
    Exemplar(
        "Dual Empty Rectangle",
        "classic",  # top1465 #67
        9,
        "1569 1589 15689 159 =3 +7 568 +4 =2 "
        "=7 2589 25689 =4 68 569 3568 +1 368 "
        "156 =3 +4 +2 168 56 568 =9 +7 "
        "1359 =6 +7 1589 =2 3459 3589 58 3489 "
        "=8 12459 1259 159 16 34569 =7 256 3469 "
        "2359 2459 259 589 +7 34569 =1 2568 34689 "
        "=4 2589 +3 =7 59 =1 2689 68 689 "
        "19 +7 189 =6 49 +2 489 =3 =5 "
        "2569 259 2569 +3 459 =8 24 +7 +1 ",
        ((18, 1), (40, 1)),
        (),
    ),
    Exemplar(
        "Hidden Rectangle",
        "classic",  # top1465 #1
        9,
        "=4 569 1268 5789 =3 15789 259 2567 25679 "
        "1237 359 12 =6 12479 14579 =8 2357 234579 "
        "23678 3569 268 45789 24789 45789 23459 23567 =1 "
        "1236 346 1246 3478 =5 134678 1234 =9 23478 "
        "123 =8 12459 3479 1479 13479 =6 12357 23457 "
        "136 =7 14569 =2 14689 134689 1345 1358 3458 "
        "68 46 468 =1 469 =2 =7 356 3569 "
        "=5 126 =3 789 6789 6789 129 =4 2689 "
        "=9 1246 +7 3458 468 34568 12 1268 268 ",
        ((64, 2),),
        (),
    ),
    Exemplar(
        "Template Delete",
        "classic",  # top1465 #1
        9,
        "=4 12569 125689 5789 =3 15789 259 2567 25679 "
        "1237 12359 1259 =6 12479 14579 =8 2357 234579 "
        "23678 23569 25689 45789 24789 45789 23459 23567 =1 "
        "1236 12346 1246 3478 =5 134678 1234 =9 23478 "
        "123 =8 12459 3479 1479 13479 =6 12357 23457 "
        "136 =7 14569 =2 14689 134689 1345 1358 3458 "
        "68 46 468 =1 4689 =2 =7 3568 35689 "
        "=5 126 =3 789 6789 6789 129 =4 2689 "
        "=9 1246 +7 3458 468 34568 1235 123568 23568 ",
        ((1, 1), (10, 1), (28, 1)),
        (),
    ),
    Exemplar(
        "Template Set",
        "classic",  # top1465 #4
        9,
        "=3 16 =7 89 =4 12689 268 256 2568 "
        "256 456 2456 378 378 368 468 =9 =1 "
        "=8 146 +9 +5 12 126 246 37 37 "
        "=4 3568 1256 389 389 389 =7 12356 235689 "
        "2579 3578 25 =1 =6 34789 289 2345 234589 "
        "1679 3678 16 =2 =5 34789 1689 1346 34689 "
        "1567 4567 1456 479 1279 1259 =3 =8 24679 "
        "167 =9 38 3478 12378 1238 =5 12467 2467 "
        "157 =2 38 =6 13789 13589 19 147 479 ",
        (),
        ((66, 4),),
    ),
    Exemplar(
        "Unique Rectangle",
        "classic",  # top1465 #1
        9,
        "=4 569 1268 5789 =3 15789 259 2567 25679 "
        "1237 359 12 =6 1247 14579 =8 2357 234579 "
        "23678 3569 268 45789 2478 45789 23459 23567 =1 "
        "1236 346 1246 3478 =5 134678 1234 =9 23478 "
        "123 =8 12459 3479 147 13479 =6 12357 23457 "
        "136 =7 14569 =2 1468 134689 1345 1358 3458 "
        "68 46 468 =1 +9 =2 =7 35 35 "
        "=5 12 =3 78 678 678 129 =4 2689 "
        "=9 12 +7 3458 468 34568 12 1268 268 ",
        ((69, 1), (69, 2)),
        (),
    ),
    Exemplar(
        "Unique Rectangle Type 5",
        "classic",  # top1465 #308
        9,
        "+1 +2 +7 =3 =6 +5 49 489 89 "
        "=8 =5 36 49 49 +1 +2 +7 36 "
        "=9 36 =4 27 27 =8 136 35 15 "
        "257 37 +1 79 3579 =6 =8 2349 49 "
        "56 +4 358 89 3589 +2 369 =1 =7 "
        "26 78 =9 178 1378 =4 =5 23 36 "
        "+3 =1 28 =5 248 +7 49 =6 489 "
        "=4 678 568 168 18 =9 137 358 =2 "
        "57 +9 2568 12468 1248 =3 147 458 15 ",
        ((78, 4),),
        (),
    ),
    Exemplar(
        "Unique Rectangle Type 6",
        "classic",  # top1465 #37
        9,
        "789 2579 278 5789 5789 +6 =4 =1 +3 "
        "=6 579 1478 =3 145789 14579 2578 2789 589 "
        "=3 579 1478 145789 =2 14579 5678 6789 5689 "
        "27 =4 =9 1257 1567 =8 1367 367 16 "
        "78 367 3678 1479 1479 1479 178 =5 =2 "
        "278 =1 +5 27 67 +3 678 46789 4689 "
        "=5 239 23 =6 1489 1249 1238 2348 =7 "
        "147 =8 2367 1457 1457 12457 =9 2346 1456 "
        "1479 2679 267 145789 =3 124579 12568 2468 14568 ",
        ((30, 2), (45, 2)),
        (),
    ),
    Exemplar(
        "Dual Empty Rectangle",
        "jigsaw",  # jigsaw_oneline.tsv id 633
        "000111112300011222300012222344412555333444555344467555388867777388866777888666667",
        "13567 13567 1357 1579 1356789 179 68 +2 +4 "
        "135 1356 =2 =8 1356 =4 +9 +7 13 "
        "=2 =9 137 =4 137 +6 =5 +8 13 "
        "=9 13 =8 =6 13 +2 +4 +5 +7 "
        "+4 157 =6 1257 1257 17 =3 +9 +8 "
        "357 +4 3579 579 79 =8 =1 +6 =2 "
        "58 258 =4 259 289 =3 +7 =1 =6 "
        "178 1678 17 =3 1678 =5 =2 +4 +9 "
        "1678 12678 179 1279 +4 179 68 +3 +5 ",
        ((4, 6), (73, 6)),
        (),
    ),
    Exemplar(
        "Hidden Rectangle",
        "jigsaw",  # jigsaw_oneline.tsv id 645
        "000011122300011112300311222333344422535344426555574446555877666888877766888877766",
        "+7 1568 158 15689 =4 59 =3 +2 16 "
        "+4 358 =2 3589 =6 59 18 18 =7 "
        "+9 136 +4 13 +2 +7 +5 136 =8 "
        "=6 =7 358 358 38 +1 +2 =4 +9 "
        "+5 1238 =7 1238 38 +4 =9 136 136 "
        "13 =4 138 138 +9 +6 +7 =5 =2 "
        "=2 +9 +6 +4 +5 38 18 +7 13 "
        "=8 235 35 +7 =1 23 =6 +9 +4 "
        "13 1236 =9 1236 =7 238 +4 168 +5 ",
        ((12, 5),),
        (),
    ),
    Exemplar(
        "Template Delete",
        "jigsaw",
        JIGSAW_557_LAYOUT,
        JIGSAW_557,
        ((0, 1), (1, 1), (2, 1), (9, 1), (35, 1), (51, 1)),
        (),
    ),
    Exemplar(
        "Template Set",
        "jigsaw",
        JIGSAW_557_LAYOUT,
        JIGSAW_557,
        (),
        ((36, 4),),
    ),
    Exemplar(
        "Unique Rectangle",
        "jigsaw",  # jigsaw_oneline.tsv id 569
        "001111233000142233001142223001442233551642733556644788566647788556647888556777788",
        "1359 =2 1469 14 14 +7 1569 +8 3456 "
        "157 =4 57 +8 126 =3 12567 =9 2567 "
        "=8 139 12469 =5 =7 269 1269 26 2346 "
        "13579 =6 1249 14 1234 +8 12579 237 23457 "
        "279 79 =3 =6 =5 =4 =8 27 +1 "
        "23467 37 147 1234 +8 26 23469 =5 2379 "
        "234567 57 457 234 =9 =1 2346 2367 =8 "
        "234567 =8 457 =9 2346 256 236 =1 237 "
        "12356 135 +8 +7 236 2569 2369 =4 239 ",
        ((31, 1), (31, 4)),
        (),
    ),
    Exemplar(
        "Unique Rectangle Type 6",
        "jigsaw",  # jigsaw_oneline.tsv id 97
        "000012222033012112033311112003444122333444555667444588677775558677678558666678888",
        "+7 +1 +3 +2 =9 +8 =5 =4 +6 "
        "=8 =3 +2 =6 +4 +1 =7 +5 +9 "
        "+9 58 58 +4 =6 +2 +1 +3 +7 "
        "=5 +4 +6 +1 +7 +9 +8 +2 +3 "
        "=1 +9 +7 35 35 +6 +4 +8 +2 "
        "+3 =7 5 =8 +2 +4 =6 +9 15 "
        "+2 =6 +9 +7 +8 +5 =3 =1 =4 "
        "+6 25 =4 5 135 3 +9 +7 158 "
        "+4 58 +1 =9 35 37 +2 +6 58 ",
        ((67, 3), (77, 3)),
        (),
    ),
    Exemplar(
        "Avoidable Rectangle",
        "six",  # 6x6 seed 631
        6,
        "+6 24 4 +3 =5 +1 "
        "+1 +5 +3 =4 +2 =6 "
        "+3 =6 =2 +1 +4 +5 "
        "+5 4 14 +2 +6 =3 "
        "+4 =1 +5 +6 =3 +2 "
        "+2 +3 =6 +5 +1 =4 ",
        ((20, 4),),
        (),
    ),
    Exemplar(
        "Dual 2-String Kite",
        "six",  # 6x6 seed 100
        6,
        "+1 +3 =4 =6 +2 =5 "
        "56 +2 56 13 =4 13 "
        "=2 =4 156 15 =3 16 "
        "56 16 +3 1245 156 1246 "
        "=3 16 =2 145 156 146 "
        "+4 =5 16 23 16 23 ",
        ((22, 1), (22, 6)),
        (),
    ),
    Exemplar(
        "Dual Empty Rectangle",
        "six",  # 6x6 seed 100
        6,
        "+1 +3 =4 =6 +2 =5 "
        "56 +2 56 13 =4 13 "
        "=2 =4 156 15 =3 16 "
        "56 16 +3 24 156 24 "
        "=3 16 =2 145 156 146 "
        "+4 =5 16 23 16 23 ",
        ((14, 1), (34, 1)),
        (),
    ),
    Exemplar(
        "Hidden Rectangle",
        "six",  # 6x6 seed 39
        6,
        "=2 =3 +1 +5 +4 +6 "
        "56 56 =4 23 23 =1 "
        "15 =4 25 12 =6 +3 "
        "=3 126 26 +4 12 =5 "
        "16 126 236 136 =5 +4 "
        "+4 156 356 136 13 =2 ",
        ((25, 6),),
        (),
    ),
    Exemplar(
        "Template Delete",
        "six",  # 6x6 seed 27
        6,
        "+1 246 =5 24 =3 46 "
        "26 2346 2346 245 2456 =1 "
        "25 =1 23 =6 245 345 "
        "=4 2356 236 +1 25 35 "
        "56 456 +1 +3 456 =2 "
        "=3 2456 246 45 =1 456 ",
        ((10, 2),),
        (),
    ),
    Exemplar(
        "Template Set",
        "six",  # 6x6 seed 100
        6,
        "+1 +3 =4 =6 +2 =5 "
        "56 +2 56 13 =4 13 "
        "=2 =4 156 15 =3 16 "
        "56 16 +3 24 156 24 "
        "=3 16 =2 145 156 146 "
        "+4 =5 16 23 16 23 ",
        (),
        ((19, 1), (28, 1), (32, 1)),
    ),
    Exemplar(
        "Unique Rectangle",
        "six",  # 6x6 seed 100
        6,
        "+1 +3 =4 =6 +2 =5 "
        "56 +2 56 13 =4 13 "
        "=2 =4 156 15 =3 16 "
        "56 16 +3 1245 156 1246 "
        "=3 16 =2 145 156 146 "
        "+4 =5 16 123 16 1236 ",
        ((33, 1), (35, 1)),
        (),
    ),
    Exemplar(
        "Unique Rectangle Type 6",
        "six",  # 6x6 seed 154
        6,
        "+1 =4 +5 =2 +3 =6 "
        "+3 +2 =6 +5 +4 +1 "
        "56 15 14 346 26 23 "
        "26 =3 24 46 =1 +5 "
        "=4 16 12 36 =5 23 "
        "25 56 +3 =1 26 +4 ",
        ((13, 5), (30, 5)),
        (),
    ),
]


def position(text: str, shape: Shape) -> CandidateGrid:
    """A pencil-mark grid (see the module docstring), with its givens."""
    values, cands = [], []
    givens = 0
    for cell, token in enumerate(text.split()):
        if token[0] in "=+":
            values.append(int(token[1:]))
            cands.append(0)
            if token[0] == "=":
                givens |= 1 << cell
        else:
            values.append(0)
            cands.append(sum(1 << (int(ch) - 1) for ch in token))
    assert len(values) == shape.cells
    return CandidateGrid(shape, values, cands, givens=givens)


def solution_of(grid: CandidateGrid) -> tuple[int, ...]:
    """The unique solution of the position's digits, which keeps every candidate it uses."""
    found = solver.solutions(grid.shape, grid.values, limit=2)
    assert len(found) == 1
    answer = found[0]
    for cell, mask in enumerate(grid.cands):
        assert not mask or mask >> (answer[cell] - 1) & 1, "the position lost a true candidate"
    return answer


def wrong(step: Step, grid: CandidateGrid, answer: tuple[int, ...]) -> list[str]:
    """What ``step`` gets wrong in ``grid`` (empty when it is sound and changes something)."""
    found = [f"places {d} in {c}" for c, d in step.placements if answer[c] != d]
    found += [f"removes the answer {d} from {c}" for c, d in step.eliminations if answer[c] == d]
    found += [
        f"removes absent {d} from {c}"
        for c, d in step.eliminations
        if not grid.cands[c] >> (d - 1) & 1
    ]
    found += [f"places in filled {c}" for c, _ in step.placements if grid.values[c]]
    if not step.placements and not step.eliminations:
        found.append("changes nothing")
    if not step.explanation or step.rating <= 0:
        found.append("no explanation or rating")
    return found


@pytest.mark.parametrize("exemplar", EXEMPLARS, ids=[f"{e.technique}-{e.kind}" for e in EXEMPLARS])
def test_exemplar_is_found_exactly_and_every_step_is_sound(exemplar: Exemplar) -> None:
    grid = position(exemplar.text, exemplar.shape)
    answer = solution_of(grid)
    steps = list(registry.get(exemplar.technique).find(grid))
    for step in steps:
        assert step.technique == exemplar.technique
        assert not wrong(step, grid, answer), step.explanation
    made = [(set(s.eliminations), set(s.placements)) for s in steps]
    assert (set(exemplar.eliminations), set(exemplar.placements)) in made


def test_exemplars_cover_every_technique_and_shape() -> None:
    kinds: dict[str, set[str]] = {}
    for exemplar in EXEMPLARS:
        kinds.setdefault(exemplar.technique, set()).add(exemplar.kind)
    for name in NEW:
        assert "classic" in kinds[name], name
    assert sum("jigsaw" in found for found in kinds.values()) >= 5
    assert sum("six" in found for found in kinds.values()) >= 6


NEW = (
    "Unique Rectangle Type 5",
    "Unique Rectangle Type 6",
    "Hidden Rectangle",
    "Avoidable Rectangle",
    "Dual 2-String Kite",
    "Dual Empty Rectangle",
    "Template Set",
    "Template Delete",
)


def test_uniqueness_techniques_need_a_unique_puzzle_and_templates_are_extreme() -> None:
    for name in NEW:
        technique = registry.get(name)
        assert technique.needs_unique == ("Rectangle" in name and "Empty" not in name)
        assert not technique.last_resort
        if name.startswith("Template"):
            assert technique.level is Level.EXTREME  # trial-like, but proved: no last resort
        else:
            assert technique.level in (Level.HARD, Level.EXPERT)


# -- synthetic positions: one structure each, exact output --------------------------


def test_diagonal_roof_is_type_5_not_type_2() -> None:
    # 6x6 boxes: r1c1 and r2c4 allow only 1 and 2, r1c4 and r2c1 also 3; every
    # other cell allows everything.  r1c2, r1c3 (row 1 and r2c1's box) and r2c5,
    # r2c6 (row 2 and r1c4's box) see both roof corners.
    shape = Shape.classic(6)
    cands = [0b111111] * 36
    cands[0] = cands[9] = 0b011
    cands[3] = cands[6] = 0b111
    grid = CandidateGrid(shape, [0] * 36, cands)
    steps = list(registry.get("Unique Rectangle Type 5").find(grid))
    assert [set(s.eliminations) for s in steps] == [{(1, 3), (2, 3), (10, 3), (11, 3)}]
    assert not list(registry.get("Unique Rectangle").find(grid))


JIGSAW_6 = "000011001111222333222433555443555444"


def _avoidable_jigsaw(givens: int | None) -> CandidateGrid:
    # r1c2 = 1, r1c5 = 2 and r2c2 = 2 were placed while solving; r1c2/r2c2 lie in
    # one region and r1c5/r2c5 in another, so r2c5 = 1 would close a deadly pattern.
    values = [0] * 36
    values[1], values[4], values[7] = 1, 2, 2
    return CandidateGrid.from_grid(Shape.from_regions(JIGSAW_6), values, givens=givens)


def test_avoidable_rectangle_on_a_jigsaw() -> None:
    steps = list(registry.get("Avoidable Rectangle").find(_avoidable_jigsaw(givens=0)))
    assert [s.eliminations for s in steps] == [((10, 1),)]
    assert "none of them is a given" in steps[0].explanation


def test_avoidable_rectangle_is_silent_when_the_digits_are_givens() -> None:
    # By default every digit placed when the grid is built counts as a given.
    assert not list(registry.get("Avoidable Rectangle").find(_avoidable_jigsaw(givens=None)))
    assert not list(registry.get("Avoidable Rectangle").find(_avoidable_jigsaw(givens=1 << 4)))


def test_givens_default_to_the_placed_digits_and_survive_apply() -> None:
    shape = Shape.classic(4)
    values = [1, 0, 0, 0] + [0] * 12
    grid = CandidateGrid.from_grid(shape, values)
    assert grid.givens == 1
    later = grid.apply(placements=[(5, 3)], eliminations=[(2, 2)])
    assert later.values[5] == 3 and later.givens == 1
    assert given_cells(values) == 1
    assert CandidateGrid.from_notes(shape, values, [0] * 16, givens=0).givens == 0
    assert "givens=0x0" in repr(CandidateGrid.from_grid(shape, values, givens=0))


def _open_grid(size: int) -> CandidateGrid:
    """Every cell allows every digit, except that row 1 allows 1 only in r1c1."""
    full = (1 << size) - 1
    cands = [full] * (size * size)
    for cell in range(1, size):
        cands[cell] &= ~1
    return CandidateGrid(Shape.classic(size), [0] * (size * size), cands)


def test_templates_reach_a_12x12_and_give_up_on_an_open_16x16() -> None:
    grid = _open_grid(12)
    assert [s.placements for s in registry.get("Template Set").find(grid)] == [((0, 1),)]
    # 1 leaves the rest of column 1 and of r1c1's 3x4 box.
    removed = set(next(iter(registry.get("Template Delete").find(grid))).eliminations)
    assert removed == {(c, 1) for c in range(12, 144, 12)} | {
        (r * 12 + c, 1) for r in range(1, 3) for c in range(1, 4)
    }
    # Open 16x16 and 25x25 grids cost more than the budget: nothing, and no hang.
    for size in (16, 25):
        assert not list(registry.get("Template Set").find(_open_grid(size)))


def test_templates_on_a_small_grid_place_and_remove() -> None:
    # 4x4 with 1 placed in r1c1 and removed from r4c2: 1's templates are then
    # {r2c3, r3c2, r4c4} and {r2c4, r3c2, r4c3}.  Both use r3c2; neither uses r3c3
    # or r3c4.
    shape = Shape.classic(4)
    values = [1] + [0] * 15
    grid = CandidateGrid.from_grid(shape, values).apply(eliminations=[(13, 1)])
    placed = {p for s in registry.get("Template Set").find(grid) for p in s.placements}
    assert placed == {(9, 1)}
    steps = list(registry.get("Template Delete").find(grid))
    assert {e for e in steps[0].eliminations} == {(10, 1), (11, 1)}
    assert "2 templates fit" in steps[0].explanation and steps[0].rating == 7.5
    # HoDoKu's refinement: r3c2 is 1's in every template, so no other digit's may use it.
    refined = [s for s in steps if (9, 2) in s.eliminations]
    assert refined and refined[0].rating == 7.6 and "r3c2" in refined[0].explanation


def test_rectangle_steps_mark_their_corners_and_templates_outline_their_cells() -> None:
    for exemplar in EXEMPLARS:
        grid = position(exemplar.text, exemplar.shape)
        step = next(iter(registry.get(exemplar.technique).find(grid)))
        if "Rectangle" in exemplar.technique and "Empty" not in exemplar.technique:
            corners = {m.cell for m in step.marks if m.role is Role.PATTERN}
            assert len(corners) == 4
            assert "two solutions" in step.explanation or "second solution" in step.explanation
        if exemplar.technique.startswith("Template"):
            (area,) = step.areas
            assert area.kind is AreaKind.POSITION
            assert {c for c, _ in step.eliminations + step.placements} <= set(
                area.cells
            ) or step.eliminations


# -- HoDoKu's regression library ------------------------------------------------------

CODES: dict[str, tuple[str, ...]] = {
    "0404": ("Dual 2-String Kite",),
    "0405": ("Dual Empty Rectangle",),
    "0600": ("Unique Rectangle",),
    "0601": ("Unique Rectangle",),
    "0602": ("Unique Rectangle",),
    "0603": ("Unique Rectangle",),
    "0604": ("Unique Rectangle Type 5",),
    "0605": ("Unique Rectangle Type 6",),
    "0606": ("Hidden Rectangle",),
    "0607": ("Avoidable Rectangle",),
    "0608": ("Avoidable Rectangle",),
    "0610": ("BUG+1",),
    "1201": ("Template Set",),
    "1202": ("Template Delete",),
}


def _outcome(
    grid: CandidateGrid, steps: list[Step]
) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """What the steps remove and place, a placement also removing its cell's other digits.

    HoDoKu writes some BUG+1 results as the removal of the cell's other candidates
    and we as the placement; the two say the same.
    """
    removed = {e for step in steps for e in step.eliminations}
    placed = {p for step in steps for p in step.placements}
    for cell, digit in placed:
        removed.update((cell, d) for d in range(1, grid.size + 1) if d != digit)
    return removed, placed


@pytest.mark.skipif(not REGLIB.exists(), reason="shared data not available")
@pytest.mark.parametrize("code", sorted(CODES))
def test_library_results_are_found_and_fail_cases_find_nothing(code: str) -> None:
    finders = [registry.get(name) for name in CODES[code]]
    checked = 0
    for case in cases(code):
        if case.code != code:
            continue
        steps = [step for finder in finders for step in finder.find(case.grid)]
        for step in steps:
            assert not wrong(step, case.grid, case.solution), f"line {case.line}"
        if case.is_fail_case:
            assert not steps, f"reglib line {case.line}: a fail case found {steps[0].explanation}"
        else:
            removed, placed = _outcome(case.grid, steps)
            assert case.eliminations <= removed, f"line {case.line}"
            assert case.placements <= placed, f"line {case.line}"
        checked += 1
    assert checked >= 8

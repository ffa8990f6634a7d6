"""What each cell of a trainer round looks like, as values (the drill's :func:`cell_looks`).

The trainer draws its positions with the board's own views, so its cells are
:class:`~.looks.CellLook` values too.  Before the verdict a cell shows the
position's candidates, the cursor, and the player's marks: a candidate marked
for removal is struck through as a hint strikes it, a placement is the hint's
circled digit.  Once the round is over the instance is drawn exactly as a full
hint draws a step (its marks, strikes, placements and units, through the hint
card's own :func:`~.looks.hint_parts`), and the marks no instance accounts for
get the "not right" ring.

Pure: the round, the marks, the cursor and the verdict in, one look per cell out,
so tests assert on looks rather than pixels.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.logic.step import Role
from ...session.board import HintMarks
from ...session.trainer import Answer, Pick, Round, Verdict
from ..board import CellLook, Fill, hint_parts, region_tints


def trainer_looks(
    round_: Round, marks: Iterable[Pick], selected: int | None, verdict: Verdict | None
) -> tuple[CellLook, ...]:
    """The look of every cell of ``round_`` with the player's ``marks``."""
    position = round_.position
    shape = position.shape
    over = verdict is not None and verdict.outcome.final
    shown = verdict.instance if over and verdict is not None else None
    hint = hint_parts(shape, HintMarks(shown, True) if shown is not None else None)
    wrong = set(verdict.wrong) if verdict is not None else set()  # named until changed
    place = round_.answer is Answer.PLACE
    struck: dict[int, int] = dict(hint.struck)
    targets: dict[int, int] = dict(hint.targets)
    extra_roles: dict[int, list[tuple[int, Role]]] = {}
    for cell, digit in marks:
        if (cell, digit) in wrong:
            extra_roles.setdefault(cell, []).append((digit, Role.WRONG))
        elif place:
            targets.setdefault(cell, digit)
        else:
            struck[cell] = struck.get(cell, 0) | 1 << (digit - 1)
    tints = region_tints(shape) if shape.is_jigsaw else None
    looks = []
    for cell in range(shape.cells):
        digit = position.values[cell]
        notes = position.cands[cell]
        note_roles = hint.note_roles.get(cell, ())
        if cell in extra_roles:
            taken = {d for d, _ in note_roles}
            note_roles = tuple(
                sorted(note_roles + tuple(m for m in extra_roles[cell] if m[0] not in taken))
            )
        role = hint.roles.get(cell)
        if digit:
            note_roles = ()
        if cell == selected and not over:
            fill = Fill.SELECTED
        elif cell in hint.unit_cells:
            fill = Fill.UNIT
        else:
            fill = Fill.PLAIN
        looks.append(
            CellLook(
                digit=digit,
                given=bool(position.givens >> cell & 1),
                notes=0 if digit else notes,
                fill=fill,
                tint=tints[cell] if tints else 0,
                role=role,
                note_roles=note_roles,
                struck=0 if digit else struck.get(cell, 0) & notes,
                target=0 if digit else targets.get(cell, 0),
            )
        )
    return tuple(looks)

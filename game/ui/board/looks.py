"""What each cell should look like, as values: the bridge from game state to pixels.

A :class:`CellLook` says everything drawing needs about one cell (digit, notes,
highlight, error cues, hint marks, animation levels) and nothing else, so the
cell-drawing code never sees the game (Tatham's ``draw_tile`` idea).  Looks are
hashable: the board view caches one drawn tile per distinct look and redraws a
cell only when its look changes.  Animation intensities are quantised to a few
levels for the same reason.

:func:`cell_looks` is pure: the game plus the board's view state in, one look per
cell out.  Tests assert on these values instead of on pixels.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field

from ...engine.logic.grid import CandidateGrid
from ...engine.logic.step import Role, Step
from ...engine.shape import Shape
from ...session.board import HintMarks, PlayView
from ...session.play import Game
from .rules import CellMarks, RuleMarks, rule_marks

LEVELS = 4
"""Animation intensities are drawn in this many steps (plus 0, off)."""


class Fill(enum.IntEnum):
    """A cell's background highlight, in rising priority."""

    PLAIN = 0
    PEER = 1  # shares a house with the selected cell (row, column, region, a variant's)
    UNIT = 2  # in a unit a hint's nudge points at
    SAME = 3  # holds the selected digit
    CHOSEN = 4  # one of several cells chosen (the cursor among them is SELECTED)
    SELECTED = 5


class Lit(enum.IntEnum):
    """What lights a cell's background on request (HoDoKu's filters)."""

    NONE = 0
    DIGIT = 1  # the cell can take the filtered digit
    PAIR = 2  # the cell has exactly two candidates (bivalue)


class Edge(enum.IntFlag):
    """Sides of a chosen cell where the selection's outline runs (no chosen neighbour)."""

    NONE = 0
    TOP = 1
    RIGHT = 2
    BOTTOM = 4
    LEFT = 8


@dataclass(frozen=True, slots=True)
class CellLook:
    """One cell's appearance.  Equal looks draw identical pixels."""

    digit: int = 0
    given: bool = False
    notes: int = 0  # digit bitmask of the notes to draw
    fill: Fill = Fill.PLAIN
    tint: int = 0  # jigsaw region shade, 0..3, under any highlight
    conflict: bool = False  # the digit repeats in a unit (red + underline)
    wrong: bool = False  # the entry differs from the solution (red + corner mark)
    strong_note: int = 0  # the note of this digit is emphasised (same digit)
    role: Role | None = None  # a hint marks the whole cell
    note_roles: tuple[tuple[int, Role], ...] = ()  # a hint circles these notes
    struck: int = 0  # notes a hint eliminates (struck through)
    target: int = 0  # the digit a hint places here
    from_solution: bool = False  # a digit shown by "Show solution", not the player's
    revealed: bool = False  # a digit put there by Reveal, not typed (its own colour + a corner)
    preview: bool = False  # a digit of the position a step ahead belongs to, not the board's
    flash: int = 0  # error flash, 0..LEVELS
    glow: int = 0  # completed-unit glow or celebration, 0..LEVELS
    corner: int = 0  # corner notes (digit bitmask), drawn around the cell's edge
    centre: int = 0  # centre notes (digit bitmask), drawn small in the middle
    colour: int = 0  # the player's colour for the cell, 1..8 (0: none)
    marks: int = 0  # colours on candidates, 4 bits per digit (state.candidate_colour)
    ink: int = 0  # the what-if level the digit was placed at (0: the main line)
    outline: Edge = Edge.NONE  # where the outline of several chosen cells runs
    rules: CellMarks | None = None  # what the puzzle's constraints draw in the cell
    lit: Lit = Lit.NONE  # lit by the one-digit filter or the bivalue highlight


@dataclass
class ViewState:
    """What the board shows beyond the game: the frozen
    :class:`~game.session.board.PlayView` the scene last read from the session's
    :class:`~game.session.board.Playing` (which owns all of it), and the animation
    levels, which are the scene's own."""

    play: PlayView = field(default_factory=PlayView)
    hidden: frozenset[int] = frozenset()  # cells the Solve animation has not filled yet
    flash: dict[int, int] = field(default_factory=dict)  # cell -> level
    glow: dict[int, int] = field(default_factory=dict)  # cell -> level


def cell_looks(game: Game, view: ViewState) -> tuple[CellLook, ...]:
    """The look of every cell for the game as it stands and the view state."""
    shape = game.shape
    settings = game.settings
    grid = game.grid
    notes = game.state.notes
    seen = view.play
    selected = seen.cursor
    focus_digit = grid[selected] if selected is not None else 0
    if seen.digit_first and seen.active_digit:
        focus_digit = seen.active_digit
    chosen = seen.selection
    # With several cells chosen, the cursor's peers would be noise: the outline and
    # fill of the chosen cells are what the next key acts on.  Which cells are peers
    # (a variant's diagonals, extra regions and cages too) is the session's answer.
    peers = (
        game.on_board.peers(selected)
        if selected is not None and settings.highlight_peers and not chosen
        else frozenset()
    )
    if not settings.highlight_same_digit:
        focus_digit = 0 if not seen.digit_first else focus_digit
    if seen.hint is not None:
        # While a hint is drawn, the selection's row, column and same digits step
        # aside: the deduction's own colours are the only ones on the board.
        peers = frozenset()
        focus_digit = 0
    conflicts = game.on_board.conflicts() if settings.show_conflicts else frozenset()
    rules, broken = board_rules(game)
    # A digit in a broken constraint is marked as a repeat is (red, underlined); the
    # constraint's own drawing says which rule it breaks.
    conflicts |= broken
    wrong = set(seen.checked)
    if settings.show_mistakes:
        wrong |= game.wrong_entries()
    tints = region_tints(shape) if shape.is_jigsaw else None
    hint = hint_parts(shape, seen.hint)
    solved_for_them = game.from_solution()
    # A step ahead of the board is drawn on the position it belongs to: the digits
    # the earlier steps placed (as previews) and that position's candidates.
    ahead = seen.hint.position if seen.hint is not None else None
    state = game.state
    outlines = _outlines(shape.size, chosen)
    # The filters step aside while a hint is drawn: its picture needs every candidate.
    filtered = seen.filter_digit if seen.hint is None else 0
    pairs = seen.bivalue and seen.hint is None
    legal = game.on_board.candidates() if filtered or pairs else ()
    looks = []
    for cell in range(shape.cells):
        digit = grid[cell]
        given = bool(game.givens[cell])
        from_solution = cell in solved_for_them
        preview = False
        if cell in view.hidden:
            digit = 0
        elif ahead is not None and not digit and ahead.values[cell]:
            digit, preview = ahead.values[cell], True
        if cell == selected:
            fill = Fill.SELECTED
        elif cell in chosen:
            fill = Fill.CHOSEN
        elif focus_digit and digit == focus_digit and not from_solution:
            fill = Fill.SAME
        elif cell in hint.unit_cells:
            fill = Fill.UNIT
        elif cell in peers:
            fill = Fill.PEER
        else:
            fill = Fill.PLAIN
        shown_notes = 0 if digit or cell in view.hidden else notes[cell]
        if ahead is not None and not digit:
            shown_notes = ahead.cands[cell]
        note_roles = hint.note_roles.get(cell, ())
        role = hint.roles.get(cell)
        if digit and note_roles:
            # A mark on the digit a filled cell holds (a mistake) marks the cell.
            role = role or next((r for d, r in note_roles if d == digit), None)
            note_roles = ()
        struck = hint.struck.get(cell, 0)
        if not digit:
            for note, _ in note_roles:
                shown_notes |= 1 << (note - 1)
            shown_notes |= struck
        lit = Lit.NONE
        if (filtered or pairs) and not digit and cell not in view.hidden:
            # A cell's candidates are the player's notes there, or, in a cell without
            # notes, the digits the rules leave it (no peer holds them, the
            # constraints allow them).
            options = shown_notes or legal[cell]
            if filtered and options >> (filtered - 1) & 1:
                lit = Lit.DIGIT
            elif pairs and options.bit_count() == 2:
                lit = Lit.PAIR
            if filtered:
                shown_notes &= 1 << (filtered - 1)
        # A step ahead shows that position's candidates alone: the player's corner
        # and centre notes belong to the board as it is.
        empty = not digit and cell not in view.hidden and ahead is None
        pencil = state.corner[cell] | state.centre[cell] if empty else 0
        looks.append(
            CellLook(
                digit=digit,
                given=given,
                notes=shown_notes,
                fill=fill,
                tint=tints[cell] if tints else 0,
                conflict=cell in conflicts and not from_solution,
                wrong=cell in wrong and not from_solution and not given,
                strong_note=focus_digit
                if focus_digit and (shown_notes | pencil) >> (focus_digit - 1) & 1
                else 0,
                role=role,
                note_roles=note_roles,
                struck=struck,
                target=hint.targets.get(cell, 0) if not digit else 0,
                from_solution=from_solution,
                revealed=bool(digit and state.revealed[cell]) and not preview and not given,
                preview=preview,
                flash=view.flash.get(cell, 0),
                glow=view.glow.get(cell, 0),
                corner=state.corner[cell] if pencil else 0,
                centre=state.centre[cell] if pencil else 0,
                colour=state.colours[cell],
                marks=state.marks[cell] if not digit else 0,
                ink=state.ink[cell] if digit and not given and not preview else 0,
                outline=outlines.get(cell, Edge.NONE),
                rules=rules.cells[cell] if rules is not None else None,
                lit=lit,
            )
        )
    return tuple(looks)


def board_rules(game: Game) -> tuple[RuleMarks | None, frozenset[int]]:
    """What the puzzle's constraints draw, with the rules the position breaks marked
    (when conflicts are shown), and the filled cells of those rules; None for a
    puzzle without constraints."""
    constraints = game.puzzle.constraints
    if not constraints:
        return None, frozenset()
    breaks = game.on_board.broken_rules() if game.settings.show_conflicts else ()
    grid = game.grid
    cells = frozenset(cell for _, where in breaks for cell in where if grid[cell])
    marks = rule_marks(constraints, game.size, frozenset(index for index, _ in breaks))
    return marks, cells


def _outlines(size: int, chosen: frozenset[int]) -> dict[int, Edge]:
    """For each chosen cell, the sides with no chosen neighbour (the group's outline)."""
    outlines = {}
    for cell in chosen:
        row, column = divmod(cell, size)
        edge = Edge.NONE
        if row == 0 or cell - size not in chosen:
            edge |= Edge.TOP
        if column == size - 1 or cell + 1 not in chosen:
            edge |= Edge.RIGHT
        if row == size - 1 or cell + size not in chosen:
            edge |= Edge.BOTTOM
        if column == 0 or cell - 1 not in chosen:
            edge |= Edge.LEFT
        outlines[cell] = edge
    return outlines


@dataclass(frozen=True)
class HintParts:
    unit_cells: frozenset[int] = frozenset()
    roles: dict[int, Role] = field(default_factory=dict)
    note_roles: dict[int, tuple[tuple[int, Role], ...]] = field(default_factory=dict)
    struck: dict[int, int] = field(default_factory=dict)
    targets: dict[int, int] = field(default_factory=dict)


def hint_parts(shape: Shape, hint: HintMarks | None) -> HintParts:
    if hint is None:
        return HintParts()
    if not hint.full:
        step = hint.step
        return HintParts(frozenset(cell for unit in step.units for cell in shape.units[unit]))
    return _step_parts(shape, hint.step)


def _step_parts(shape: Shape, step: Step) -> HintParts:
    """Everything a step shown in full puts on the board: units, roles, strikes, targets."""
    unit_cells = frozenset(cell for unit in step.units for cell in shape.units[unit])
    roles: dict[int, Role] = {}
    note_roles: dict[int, list[tuple[int, Role]]] = {}
    for mark in step.marks:
        if mark.digit is None:
            roles[mark.cell] = mark.role
        else:
            note_roles.setdefault(mark.cell, []).append((mark.digit, mark.role))
    struck: dict[int, int] = {}
    for cell, digit in step.eliminations:
        struck[cell] = struck.get(cell, 0) | 1 << (digit - 1)
    targets = dict(step.placements)
    for cell in targets:
        roles.setdefault(cell, Role.FOCUS)
    return HintParts(
        unit_cells,
        roles,
        {cell: tuple(sorted(marks)) for cell, marks in note_roles.items()},
        struck,
        targets,
    )


def step_looks(
    position: CandidateGrid, step: Step, marks: RuleMarks | None = None
) -> tuple[CellLook, ...]:
    """Every cell's look for ``step`` drawn in full on ``position``, away from any game.

    The board draws a hint this way over the game (:func:`cell_looks`); the technique
    reference draws an example the same way on the position the example comes from:
    its digits (givens as givens), its candidates, and the step's marks, strikes and
    targets, with the units it points at tinted, and what ``marks`` (the position's
    constraints) draw in each cell.
    """
    shape = position.shape
    hint = _step_parts(shape, step)
    tints = region_tints(shape) if shape.is_jigsaw else None
    looks = []
    for cell in range(shape.cells):
        digit = position.values[cell]
        note_roles = hint.note_roles.get(cell, ())
        role = hint.roles.get(cell)
        if digit and note_roles:
            role = role or next((r for d, r in note_roles if d == digit), None)
            note_roles = ()
        struck = 0 if digit else hint.struck.get(cell, 0)
        notes = 0 if digit else position.cands[cell] | struck
        for note, _ in note_roles:
            notes |= 1 << (note - 1)
        looks.append(
            CellLook(
                digit=digit,
                given=bool(position.givens >> cell & 1) and bool(digit),
                notes=notes,
                fill=Fill.UNIT if cell in hint.unit_cells else Fill.PLAIN,
                tint=tints[cell] if tints else 0,
                role=role,
                note_roles=note_roles,
                struck=struck,
                target=hint.targets.get(cell, 0) if not digit else 0,
                rules=marks.cells[cell] if marks is not None else None,
            )
        )
    return tuple(looks)


@functools.lru_cache(maxsize=32)
def region_tints(shape: Shape) -> tuple[int, ...]:
    """A shade per cell so that touching regions differ (greedy colouring, 0..3).

    Regions are coloured largest-neighbourhood first, which finds 2 or 3 shades for
    every real jigsaw layout; four always suffice for a map, and a fifth is never
    needed in practice, so the fallback simply reuses the last shade.
    """
    n = shape.size
    touching: dict[int, set[int]] = {g: set() for g in range(n)}
    for cell in range(shape.cells):
        row, column = divmod(cell, n)
        for other in (cell + 1 if column + 1 < n else -1, cell + n if row + 1 < n else -1):
            if other >= 0 and shape.regions[other] != shape.regions[cell]:
                a, b = shape.regions[cell], shape.regions[other]
                touching[a].add(b)
                touching[b].add(a)
    shade: dict[int, int] = {}
    for region in sorted(touching, key=lambda g: (-len(touching[g]), g)):
        used = {shade[g] for g in touching[region] if g in shade}
        shade[region] = next((s for s in range(4) if s not in used), 3)
    return tuple(shade[shape.regions[cell]] for cell in range(shape.cells))

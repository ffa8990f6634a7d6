"""Trial: what follows from assuming candidates, found fast and then told slowly.

The last-resort techniques ask "what if r1c1 were 5?" hundreds of times per position,
so the asking is done on the exact solver's bitboard (:mod:`..solver`): a whole
position is one Python int and following naked and hidden singles to the end takes
a few whole-integer operations per round, about 20-40 microseconds per trial on 9x9.
That finds *which* assumption leads somewhere; :class:`Trace` then replays the few
chosen ones cell by cell, recording why each single follows, so the step can tell
the chain of consequences and be rated by how many of them it needs.

Both propagate the same rules (naked singles and hidden singles, to a fixpoint), so
what the bitboard finds, the replay explains.

Every propagation and every exact search is charged to the running technique's work
budget (:mod:`.budget`): on a 25x25 grid a propagation costs twenty times what it
costs on 9x9, and an exact search from an open position can run for minutes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import solver
from ..symbols import cell_name, symbol
from .budget import BudgetSpent, current, spend
from .grid import CandidateGrid, cells_of, digits_of

Candidate = tuple[int, int]


def round_units(size: int) -> int:
    """Budget units of one round of singles on the bitboard of a ``size`` grid.

    A round is a dozen operations on the whole state (``4 * N * N * (N + 1)`` bits);
    measured: ~5 microseconds on 9x9, ~60 on 25x25, where subtracting two 8 KB
    integers alone takes 16.
    """
    return 1 + 4 * size * size * (size + 1) // 1000


def placement_units(size: int) -> int:
    """Budget units of placing one digit on the bitboard (a few whole-state ANDs)."""
    return 1 + 4 * size * size * (size + 1) // 8000


@dataclass(frozen=True)
class Outcome:
    """The end of one bitboard propagation: a contradiction, or the state it reached.

    ``placed`` has the cell-field bit of each candidate placed on the way (see
    :meth:`Bitboard.bit`); ``rounds`` counts rounds of singles, a cheap proxy for how
    long the explanation will be.
    """

    dead: bool
    state: int
    placed: int
    rounds: int


class Bitboard:
    """A position on the solver's bitboard, ready for trials."""

    def __init__(self, grid: CandidateGrid) -> None:
        shape = grid.shape
        self.n = n = shape.size
        self.tables = tables = solver.bitboard(shape)  # never reached on variants (see path)
        state = tables.full
        for cell, value in enumerate(grid.values):
            if value:
                state &= tables.kill[cell * n + value - 1]
        self.base = tables.narrowed(state, grid.values, grid.cands)
        self.cell_fields = tables.values & ((1 << (shape.cells * (n + 1))) - 1)
        self.round_cost = round_units(n)
        self.place_cost = placement_units(n)

    def bit(self, cell: int, digit: int) -> int:
        """The bit of candidate ``(cell, digit)`` in a state's cell field."""
        # Computed, not tabled: a table of them takes 32 MB on 25x25.
        return 1 << (cell * (self.n + 1) + digit - 1)

    def has(self, state: int, cell: int, digit: int) -> bool:
        """Whether ``(cell, digit)`` is still a candidate in ``state``."""
        return state >> (cell * (self.n + 1) + digit - 1) & 1 != 0

    def place(self, state: int, cell: int, digit: int) -> int:
        return state & self.tables.kill[cell * self.n + digit - 1]

    def remove(self, state: int, cell: int, digit: int) -> int:
        return state & self.tables.drop[cell * self.n + digit - 1]

    def candidates(self, state: int) -> Iterable[Candidate]:
        """The candidates of ``state`` in cell order."""
        n = self.n
        width = n + 1
        alive = state & self.cell_fields
        while alive:
            low = alive & -alive
            position = low.bit_length() - 1
            cell, k = divmod(position, width)
            yield cell, k + 1
            alive ^= low

    def propagate(self, state: int) -> Outcome:
        """Follow naked and hidden singles from ``state`` until stuck, solved or dead.

        This is the solver's inner loop without the branching; see
        :mod:`..solver` for what the guard-bit arithmetic means.  Charged to the
        running budget by rounds and placements (see :func:`round_units`).
        """
        outcome = self._propagate(state)
        spend(self.round_cost * (outcome.rounds + 1) + self.place_cost * outcome.placed.bit_count())
        return outcome

    def _propagate(self, state: int) -> Outcome:
        tables = self.tables
        n = self.n
        width = n + 1
        lows = tables.lows
        guards = tables.guards
        values = tables.values
        kill = tables.kill
        candidate_at = tables.candidate_at
        placed = 0
        rounds = 0
        while True:
            v = state & values
            t = (v | guards) - lows
            nonempty = t & guards
            if nonempty != state & guards:
                return Outcome(True, state, placed, rounds)
            if not nonempty:
                return Outcome(False, state, placed, rounds)
            lowered = v & t
            several = ((lowered | guards) - lows) & guards
            singles = nonempty ^ several
            if not singles:
                return Outcome(False, state, placed, rounds)
            rounds += 1
            pending = v & (singles - (singles >> n))
            while pending:
                low = pending & -pending
                i = candidate_at[low.bit_length() - 1]
                mask = kill[i]
                state &= mask
                pending &= mask
                placed |= 1 << (i // n * width + i % n)

    def has_solution(self, state: int) -> bool:
        """Whether ``state`` can be completed at all (the exact search).

        Within the running budget, charged by the solver's own count of its work.
        :raises BudgetSpent: when the budget runs out before the search ends.
        """
        budget = current()
        if budget is None:
            return bool(self.tables.search(state, 0, 1, None))
        # The solver counts its work in rounds of singles, which is what a round costs.
        found: list[int] = []
        finished, _nodes, work = self.tables.run(
            [(state, 0)], found, 1, None, None, budget.remaining // self.round_cost + 1
        )
        budget.charge(self.round_cost * (work + 1))
        if not finished:
            raise BudgetSpent
        return bool(found)


@dataclass(frozen=True)
class Inference:
    """One consequence in a trace: a digit placed, and the removals that forced it.

    ``kind`` is ``"assumed"``, ``"naked"`` (the cell's last candidate) or ``"hidden"``
    (the digit's last place in ``unit``).  ``static`` says it would follow from one
    removal in the original position (a bivalue cell or a two-place unit there), the
    kind of link a static chain may use.
    """

    cell: int
    digit: int
    kind: str
    unit: int
    because: tuple[Candidate, ...]
    static: bool


@dataclass(frozen=True)
class Contradiction:
    """Where a trace breaks: a cell with no candidate, or a unit without a digit."""

    cell: int  # -1 for a unit
    unit: int  # -1 for a cell
    digit: int  # the digit with no place (0 for a cell)
    because: tuple[Candidate, ...]
    parents: tuple[int, ...]  # inferences directly involved (clashing placements)


class Trace:
    """The singles that follow from ``assumed`` placements, wave by wave, with reasons.

    Waves make the recorded reasons the shortest: a single found after wave ``k`` is
    placed in wave ``k + 1``.  ``removed`` are candidates known false beforehand (a
    nested trial's earlier findings); they are facts here, not consequences.
    """

    def __init__(
        self,
        grid: CandidateGrid,
        assumed: Sequence[Candidate],
        removed: Sequence[Candidate] = (),
    ) -> None:
        shape = grid.shape
        n = grid.size
        self.grid = grid
        self.inferences: list[Inference] = []
        self.removed_by: dict[Candidate, int] = {}
        self.placed_at: dict[int, int] = {}
        self.contradiction: Contradiction | None = None
        values = list(grid.values)
        cands = list(grid.cands)
        for cell, digit in removed:
            cands[cell] &= ~(1 << (digit - 1))
        # Reasons name the removals since the original position, the known-false
        # ``removed`` included (they have no cause here, so they end an ancestry).
        start = grid.cands
        self.values = values
        self.cands = cands
        unit_mask = grid.tables.unit_mask
        peer_mask = grid.tables.peer_mask
        cell_units = shape.cell_units
        digit_cells = [0] * (n + 1)
        for cell, mask in enumerate(cands):
            for digit in digits_of(mask):
                digit_cells[digit] |= 1 << cell
        unit_has = [0] * len(shape.units)  # digits placed per unit
        for cell, value in enumerate(values):
            if value:
                for unit in cell_units[cell]:
                    unit_has[unit] |= 1 << (value - 1)
        wave: list[Inference] = [Inference(c, d, "assumed", -1, (), True) for c, d in assumed]
        # The first round looks everywhere, so singles already pending in the
        # position are found too; later rounds look only where something changed.
        touched_cells = grid.tables.all_cells
        touched_units = {
            (unit, digit) for unit in range(len(shape.units)) for digit in range(1, n + 1)
        }
        while wave and self.contradiction is None:
            for inference in wave:
                index = len(self.inferences)
                cell, digit = inference.cell, inference.digit
                bit = 1 << (digit - 1)
                if values[cell] == digit:
                    continue
                if values[cell] or not cands[cell] & bit:
                    self.inferences.append(inference)
                    other = self.placed_at.get(cell)
                    self.contradiction = Contradiction(
                        cell,
                        -1,
                        digit,
                        () if values[cell] else ((cell, digit),),
                        (index,) if other is None else (index, other),
                    )
                    break
                self.inferences.append(inference)
                self.placed_at[cell] = index
                values[cell] = digit
                for other_digit in digits_of(cands[cell] & ~bit):
                    self.removed_by[(cell, other_digit)] = index
                    digit_cells[other_digit] &= ~(1 << cell)
                    for unit in cell_units[cell]:
                        touched_units.add((unit, other_digit))
                cands[cell] = 0
                digit_cells[digit] &= ~(1 << cell)
                for unit in cell_units[cell]:
                    unit_has[unit] |= bit
                for peer in cells_of(peer_mask[cell] & digit_cells[digit]):
                    cands[peer] &= ~bit
                    self.removed_by[(peer, digit)] = index
                    touched_cells |= 1 << peer
                    for unit in cell_units[peer]:
                        touched_units.add((unit, digit))
                digit_cells[digit] &= ~peer_mask[cell]
            if self.contradiction is not None:
                break
            wave = []
            chosen: set[int] = set()
            pending_cells, pending_units = touched_cells, touched_units
            touched_cells = 0
            touched_units = set()
            for cell in cells_of(pending_cells):
                if values[cell]:
                    continue
                mask = cands[cell]
                if not mask:
                    self.contradiction = Contradiction(
                        cell, -1, 0, tuple((cell, d) for d in digits_of(start[cell])), ()
                    )
                    break
                if mask & (mask - 1) == 0:
                    digit = mask.bit_length()
                    because = tuple((cell, d) for d in digits_of(start[cell]) if d != digit)
                    wave.append(
                        Inference(cell, digit, "naked", -1, because, start[cell].bit_count() == 2)
                    )
                    chosen.add(cell)
            if self.contradiction is not None:
                break
            for unit, digit in sorted(pending_units):
                if unit_has[unit] >> (digit - 1) & 1:
                    continue
                places = digit_cells[digit] & unit_mask[unit]
                if not places:
                    were = [c for c in shape.units[unit] if start[c] >> (digit - 1) & 1]
                    self.contradiction = Contradiction(
                        -1, unit, digit, tuple((c, digit) for c in were), ()
                    )
                    break
                if places & (places - 1) == 0:
                    cell = places.bit_length() - 1
                    if cell in chosen:
                        continue
                    were = [
                        c for c in shape.units[unit] if c != cell and start[c] >> (digit - 1) & 1
                    ]
                    because = tuple((c, digit) for c in were)
                    wave.append(Inference(cell, digit, "hidden", unit, because, len(were) == 1))
                    chosen.add(cell)

        # The replay is plain Python, cell by cell: about a millisecond on 9x9 and
        # five on 25x25.
        spend(4 * shape.cells + 20 * len(self.inferences))

    # -- reading the trace --------------------------------------------------------------

    def ancestry(
        self, because: Iterable[Candidate], parents: Iterable[int] = ()
    ) -> tuple[list[int], set[Candidate]]:
        """The inferences (in order) and removals a conclusion rests on."""
        needed: set[int] = set()
        removals: set[Candidate] = set()
        todo_removals = list(because)
        todo = list(parents)
        while todo or todo_removals:
            while todo_removals:
                removal = todo_removals.pop()
                if removal in removals:
                    continue
                removals.add(removal)
                cause = self.removed_by.get(removal)
                if cause is not None:
                    todo.append(cause)
            while todo:
                index = todo.pop()
                if index in needed:
                    continue
                needed.add(index)
                todo_removals.extend(self.inferences[index].because)
        return sorted(needed), removals

    def inference_text(self, index: int) -> str:
        """One consequence as a clause: "r1c4 would be 7 (its last candidate)"."""
        inference = self.inferences[index]
        n = self.grid.size
        where = cell_name(inference.cell, n)
        digit = symbol(inference.digit)
        if inference.kind == "hidden":
            unit = self.grid.shape.unit_name(inference.unit)
            return f"{digit} would have to go in {where} (its last place in {unit})"
        if inference.kind == "naked":
            return f"{where} would be {digit} (its last candidate)"
        return f"{where} is {digit}"

    def contradiction_text(self) -> str:
        """The broken rule at the end: "column 4 would have no place left for 9"."""
        found = self.contradiction
        assert found is not None
        n = self.grid.size
        if found.unit >= 0:
            unit = self.grid.shape.unit_name(found.unit)
            return f"{unit} would have no place left for {symbol(found.digit)}"
        if found.digit and found.parents and len(found.parents) == 2:
            return f"{cell_name(found.cell, n)} would need two different digits"
        if found.digit:
            cause = self.removed_by.get((found.cell, found.digit))
            if cause is not None and self.inferences[cause].cell != found.cell:
                holder = cell_name(self.inferences[cause].cell, n)
                return (
                    f"{cell_name(found.cell, n)} would need {symbol(found.digit)}, but "
                    f"{holder}, which it sees, would already be {symbol(found.digit)}"
                )
            return (
                f"{cell_name(found.cell, n)} would need {symbol(found.digit)}, which is ruled out"
            )
        return f"{cell_name(found.cell, n)} would have no candidate left"

    def conclusion_ancestry(self) -> tuple[list[int], set[Candidate]]:
        """What the contradiction rests on."""
        found = self.contradiction
        assert found is not None
        return self.ancestry(found.because, found.parents)


def story(trace: Trace, indices: Sequence[int], limit: int) -> str:
    """The consequences as one sentence, skipping the middle beyond ``limit`` clauses."""
    clauses = [trace.inference_text(i) for i in indices if trace.inferences[i].kind != "assumed"]
    if len(clauses) > limit:
        head = limit // 2
        tail = limit - head
        skipped = len(clauses) - limit
        clauses = clauses[:head] + [f"… ({skipped} more singles) …"] + clauses[-tail:]
    return "; ".join(clauses)

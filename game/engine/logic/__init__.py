"""The human-style logic engine: techniques a person uses, as explained steps.

Works from unit tables, so classic, jigsaw and other sizes all work.  Public API:

- :class:`CandidateGrid` (``grid.py``): a position and its candidates.
- :class:`Step`, :class:`Mark`, :class:`Link`, :class:`Role`, :class:`Area` (``step.py``):
  a deduction and what to draw of it.
- :func:`technique`, :class:`Level`, :func:`all_techniques` (``registry.py``): the catalogue.
- :func:`next_step`, :func:`solve_path`, :func:`steps_of`, :func:`steps_named` (``path.py``):
  solving, and what one technique finds in a position.
- :func:`decide` (``proof.py``): the solver's verdict on a puzzle, with the logic as a
  second witness where the search runs out.
"""

from .grid import CandidateGrid
from .path import SolvePath, next_step, solve_path, steps_named, steps_of
from .proof import decide
from .registry import Level, Technique, all_techniques, technique
from .step import Area, AreaKind, Link, Mark, Role, Step

__all__ = [
    "Area",
    "AreaKind",
    "CandidateGrid",
    "Level",
    "Link",
    "Mark",
    "Role",
    "SolvePath",
    "Step",
    "Technique",
    "all_techniques",
    "decide",
    "next_step",
    "solve_path",
    "steps_named",
    "steps_of",
    "technique",
]

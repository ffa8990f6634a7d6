"""A temporary ``git worktree`` of another commit, for the benchmarks that compare
two commits in one run on one machine (``solver.py``'s whole-process table,
``variant_generator.py --against``).

This machine is shared and its speed drifts, by half again between sessions and
by a tenth between two runs of the same commit minutes apart, so times taken in
separate runs do not compare; side by side in one run, their ratio does.
"""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """A temporary ``git worktree`` of ``rev`` (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="sudoku-bench-"))
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(folder), rev],
        check=True,
    )
    try:
        yield folder
    finally:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)], check=False
        )

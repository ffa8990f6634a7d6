"""Shared test setup: headless SDL, a data folder of the tests' own, the shared puzzle data."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Set before anything imports pygame: no test needs a display or a sound card.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The workplace's shared puzzle data; tests that need it skip when it is absent."""
    if not SHARED_DATA.is_dir():
        pytest.skip("shared puzzle data not available")
    return SHARED_DATA


@pytest.fixture(scope="session", autouse=True)
def _own_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """No test reads or writes the player's real data folder, or moves files out of it.

    Tests that start the game without choosing a folder (``run_game``) land here;
    tests of the default folder and of the migration unset it themselves.
    """
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SUDOKU_DATA_DIR", str(tmp_path_factory.mktemp("data")))
        yield

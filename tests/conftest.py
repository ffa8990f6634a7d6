"""Shared test setup: headless SDL, and paths to the shared puzzle data."""

from __future__ import annotations

import os
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

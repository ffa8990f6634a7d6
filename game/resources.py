"""Where the files that come with the game are: ``assets/`` (fonts, icon) and ``puzzles/``.

In a checkout they are the top-level folders beside ``game/``, where the
product's layout puts them.  An installed wheel carries them inside the package,
as ``game/assets`` and ``game/puzzles`` (``pyproject.toml`` maps them there), so
:func:`bundled` looks inside the package first and beside it second.  A checkout
never has the inner folders: building a wheel copies nothing into the tree.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

BUNDLED = ("assets", "puzzles")
"""The folders that come with the game (the wheel's build configuration maps each)."""


def bundled(name: str) -> Path:
    """The folder ``name`` (one of :data:`BUNDLED`) that came with the game."""
    package = package_folder()
    inside = package / name
    return inside if inside.is_dir() else package.parent / name


def package_folder() -> Path:
    """The ``game`` package's folder on the disk."""
    root = resources.files(__package__ or "game")
    # pip and pipx unpack a wheel, so the package is a real folder; the game needs
    # one (pygame opens fonts by path, the picker lists the puzzles folder), which
    # a zip member could not give.
    folder = root if isinstance(root, Path) else Path(__file__).parent
    return folder.resolve()

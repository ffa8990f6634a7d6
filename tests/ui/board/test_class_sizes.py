"""The board's classes stay small enough to read (issue 18's numbers): no class in
``game/ui/board`` over 420 lines (the limit for any class is 450), and the board's
scene under 320 (a scene's limit is 350)."""

from __future__ import annotations

import ast
from pathlib import Path

BOARD = Path(__file__).resolve().parents[3] / "game" / "ui" / "board"


def _classes() -> dict[str, int]:
    sizes = {}
    for path in sorted(BOARD.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                end = node.end_lineno or node.lineno
                sizes[f"{path.relative_to(BOARD)}:{node.name}"] = end - node.lineno + 1
    return sizes


def test_no_board_class_is_too_long() -> None:
    sizes = _classes()
    assert "tiles.py:TilePainter" in sizes and "scene.py:BoardScene" in sizes
    assert {name: n for name, n in sizes.items() if n > 450} == {}
    assert sizes["tiles.py:TilePainter"] <= 420
    assert sizes["scene.py:BoardScene"] <= 320

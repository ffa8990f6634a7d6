"""The layer rule: engine and session never import pygame (only game.ui may)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = [ROOT / "game" / "engine", ROOT / "game" / "session", ROOT / "game" / "cli"]


def test_no_pure_module_names_pygame() -> None:
    offenders = []
    for folder in PURE:
        for path in folder.rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names = []
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(name.split(".")[0] == "pygame" for name in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


def test_importing_engine_session_and_cli_loads_no_pygame() -> None:
    code = (
        "import sys, pkgutil, importlib, game.engine, game.session, game.cli\n"
        "for pkg in (game.engine, game.session, game.cli):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_ci_runs_the_test_command_readme_gives() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if "pytest" in line and "venv" in line]
    assert commands, "README gives no test command"
    assert commands[0] in ci

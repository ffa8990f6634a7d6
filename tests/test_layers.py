"""The layer rules, machine-checked: ui -> session -> engine, and no import cycles.

The engine never imports the session, the UI, the command line or pygame; the
session never imports the UI, the command line or pygame; the command line never
imports the UI.  Every import counts, including the ones inside functions, so a
rule cannot be dodged by deferring an import, and the modules of ``game`` form
no import cycle at all.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"

FORBIDDEN = {
    "game.engine": ("game.session", "game.ui", "game.cli", "pygame"),
    "game.session": ("game.ui", "game.cli", "pygame"),
    "game.cli": ("game.ui", "pygame"),
}
"""Layer -> what no module of it may import."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


MODULES = {module_name(path): path for path in GAME.rglob("*.py")}


def imported(module: str) -> set[str]:
    """Every module name ``module`` imports, anywhere in it, resolved to absolute names."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(0, node.level - 1)):
                base = base.rsplit(".", 1)[0]
            if node.level:
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            for alias in node.names:
                name = f"{target}.{alias.name}"
                found.add(name if name in MODULES else target)
    return found


def within_game(name: str) -> str | None:
    """The ``game`` module ``name`` refers to (a name inside a module maps to the module)."""
    while name and name not in MODULES and "." in name:
        name = name.rsplit(".", 1)[0]
    return name if name in MODULES else None


def test_each_layer_imports_only_what_is_below_it() -> None:
    offenders = []
    for module in MODULES:
        for layer, banned in FORBIDDEN.items():
            if module != layer and not module.startswith(layer + "."):
                continue
            for name in imported(module):
                if any(name == b or name.startswith(b + ".") for b in banned):
                    offenders.append(f"{module} imports {name}")
    assert offenders == []


def test_no_import_cycles_in_game() -> None:
    graph = {
        module: {t for t in map(within_game, imported(module)) if t and t != module}
        for module in MODULES
    }
    cycles = _strongly_connected(graph)
    assert cycles == [], f"import cycles: {cycles}"


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the components with more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            advanced = False
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _strongly_connected({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]


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


def test_ci_runs_the_gates_and_the_test_command_readme_gives() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [line.strip() for line in readme.splitlines() if "pytest" in line and "venv" in line]
    assert commands, "README gives no test command"
    assert commands[0] in ci
    gates = ci.index(commands[0])
    for gate in ("ruff check", "ruff format --check", "mypy"):
        assert -1 < ci.find(gate) < gates, f"{gate} must run before the tests"

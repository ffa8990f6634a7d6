"""The layer rules, machine-checked: ui -> session -> engine, and no import cycles.

The engine never imports the session, the UI, the command line or pygame; the
session never imports the UI, the command line or pygame; the command line never
imports the UI.  Every import counts, including the ones inside functions, so a
rule cannot be dodged by deferring an import, and the modules of ``game`` form
no import cycle at all.

Inside a layer, modules are grouped by feature into packages whose ``__init__`` is
their face: the UI sees the session only through those faces (a handful of
packages, as Simon Tatham's front ends see one header of the mid end), the UI's
packages see one another through their faces too, and the packages of a layer
depend on one another without a cycle, so that importing any face never finds
another one half made.
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


SESSION = "game.session"
MAX_SESSION_FACES = 8
"""At most this many session packages (the session's own face counts) serve the UI."""


def session_face(name: str) -> str:
    """The session package whose face may serve ``name``: ``game.session.<pkg>`` or the root."""
    parts = name.split(".")
    package = ".".join(parts[:3])
    return (
        package if len(parts) > 2 and MODULES.get(package, GAME).name == "__init__.py" else SESSION
    )


def test_the_ui_imports_the_session_only_through_package_faces() -> None:
    offenders = []
    faces = set()
    for module in MODULES:
        if not module.startswith("game.ui"):
            continue
        for name in imported(module):
            target = within_game(name)
            if target is None or not (target == SESSION or target.startswith(SESSION + ".")):
                continue
            face = session_face(target)
            faces.add(face)
            if target != face:
                offenders.append(f"{module} imports {target}, not the face {face}")
    assert offenders == []
    assert SESSION + ".play" in faces  # the rule is looking at real imports
    assert len(faces) <= MAX_SESSION_FACES, sorted(faces)


UI = "game.ui"


def faces_reached(module: str) -> set[tuple[str, str]]:
    """(module, name) for every ``from <module> import <name>`` in ``module``, resolved."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update((alias.name, "") for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(0, node.level - 1)):
                base = base.rsplit(".", 1)[0]
            target = (f"{base}.{node.module}" if node.module else base) if node.level else ""
            target = target or node.module or ""
            found.update((target, alias.name) for alias in node.names)
    return found


def bound_in_face(face: str, name: str) -> bool:
    """Whether the face ``face`` binds ``name`` itself (a re-exported function may share
    its module's name, as ``card_layout`` does)."""
    tree = ast.parse(MODULES[face].read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.ImportFrom) and any(a.name == name for a in node.names)
        for node in tree.body
    )


def test_ui_packages_import_one_another_only_through_their_faces() -> None:
    """Inside the UI too, a feature package sees another only through its ``__init__``
    (``from ..kit import Text``, never ``from ..kit.text import Text``)."""
    offenders = []
    top = GAME / "ui"
    for module, path in MODULES.items():
        if not module.startswith(UI + ".") or path.parent == top:
            continue
        own = ".".join(module.split(".")[:3])
        for target, name in faces_reached(module):
            if not target.startswith(UI + ".") or target not in MODULES:
                continue
            face = ".".join(target.split(".")[:3])
            if face == own or MODULES[target].parent == top:
                continue  # its own modules, or a module at the top of the UI
            if target != face:
                offenders.append(f"{module} imports {target}, not the face {face}")
            elif f"{face}.{name}" in MODULES and not bound_in_face(face, name):
                offenders.append(f"{module} imports the module {face}.{name}")
    assert offenders == []


def test_the_face_rule_resolves_relative_imports_to_modules() -> None:
    reached = faces_reached("game.ui.board.tiles")
    assert ("game.ui.board.looks", "CellLook") in reached  # a module of its own package
    assert ("game.ui.kit", "Text") in reached  # another package, through its face


def test_the_packages_of_each_layer_form_no_cycle() -> None:
    for layer in (SESSION, "game.ui"):
        depth = layer.count(".") + 2

        def package(module: str, depth: int = depth) -> str:
            return ".".join(module.split(".")[:depth])

        graph: dict[str, set[str]] = {}
        for module in MODULES:
            if (
                not module.startswith(layer + ".")
                or MODULES[module].parent == GAME / layer.split(".")[1]
            ):
                continue
            targets = {t for t in map(within_game, imported(module)) if t}
            graph.setdefault(package(module), set()).update(
                package(t)
                for t in targets
                if t.startswith(layer + ".")
                and MODULES[t].parent != GAME / layer.split(".")[1]
                and package(t) != package(module)
            )
        assert _strongly_connected(graph) == [], layer


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

"""The game installs like an app: a wheel with its fonts, icon and puzzles, and a command.

The wheel is built with the build backend ``pyproject.toml`` names (installed
from ``requirements-dev.txt``, so nothing is fetched), installed into a
temporary folder, and run from outside the checkout: the installed copy must
find its own files, not the checkout's.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pygame
import pytest
from packaging.requirements import Requirement

from game import resources
from game.main import COMMAND, main

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def pins(name: str) -> dict[str, str]:
    """Package -> pinned version in a requirements file (``-r`` lines left out)."""
    found = {}
    for line in (ROOT / name).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            package, version = line.split("==")
            found[package.strip().lower()] = version.strip()
    return found


def test_the_package_needs_what_requirements_txt_pins_and_admits_those_versions() -> None:
    runtime = pins("requirements.txt")
    needed = [Requirement(text) for text in PYPROJECT["project"]["dependencies"]]
    assert {r.name.lower() for r in needed} == set(runtime)
    for requirement in needed:
        assert requirement.specifier.contains(runtime[requirement.name.lower()]), requirement


def test_the_build_backend_is_the_one_the_dev_requirements_install() -> None:
    [backend] = PYPROJECT["build-system"]["requires"]
    name, version = backend.split("==")
    assert pins("requirements-dev.txt")[name] == version


def test_every_bundled_folder_is_mapped_into_the_wheel() -> None:
    mapped = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert mapped == {name: f"game/{name}" for name in resources.BUNDLED}


def test_in_a_checkout_the_bundled_folders_are_beside_the_package() -> None:
    assert resources.package_folder() == ROOT / "game"
    assert resources.bundled("assets") == ROOT / "assets"
    assert resources.bundled("puzzles") == ROOT / "puzzles"
    assert not (ROOT / "game" / "assets").exists()  # else the test below proves nothing


def test_an_installed_package_finds_them_inside_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "game" / "puzzles").mkdir(parents=True)
    monkeypatch.setattr(resources, "package_folder", lambda: tmp_path / "game")
    assert resources.bundled("puzzles") == tmp_path / "game" / "puzzles"
    assert resources.bundled("assets") == tmp_path / "assets"  # not inside: beside


def test_the_command_names_itself_in_help_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"], COMMAND) == 0
    assert capsys.readouterr().out.startswith("usage: sudoku ")
    assert main(["slove", "p.txt"], COMMAND) == 2
    error = capsys.readouterr().err
    assert error.startswith("sudoku: error: slove is neither a command")
    assert "play with: sudoku [--windowed]" in error


def test_python_dash_m_game_is_the_command_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "game", "rate", str(ROOT / "puzzles/single/classic-6x6-hard.txt")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Hard" in result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built by the backend's own hook, as pip calls it."""
    try:
        import hatchling  # noqa: F401
    except ImportError:
        pytest.skip("the build backend is not installed (pip install -r requirements-dev.txt)")
    out = tmp_path_factory.mktemp("wheel")
    build = "import sys, hatchling.build as b; print(b.build_wheel(sys.argv[1]))"
    result = subprocess.run(
        [sys.executable, "-c", build, str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return out / result.stdout.strip().splitlines()[-1]


def test_the_wheel_carries_the_fonts_icon_puzzles_and_the_command(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        entry_points = archive.read(info).decode()
    for folder in resources.BUNDLED:
        shipped = {
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / folder).rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
        }
        assert shipped, folder
        assert {f"game/{name}" for name in shipped} <= names
    assert "game/assets/fonts/DejaVuSans.ttf" in names and "game/assets/icon.png" in names
    assert re.search(r"^sudoku = game\.main:run$", entry_points, re.M)
    assert not any(name.startswith(("tests/", "benchmarks/")) for name in names)
    assert not any("__pycache__" in name for name in names)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed by pip into a folder of its own (its dependencies are this venv's)."""
    target = tmp_path_factory.mktemp("installed")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index"]
        + ["--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return target


def run_installed(
    installed: Path, args: list[str], tmp_path: Path
) -> subprocess.CompletedProcess[str]:
    """Run from a folder outside the checkout, so only the installed copy can be imported."""
    environ = dict(os.environ, PYTHONPATH=str(installed), SUDOKU_DATA_DIR=str(tmp_path / "data"))
    return subprocess.run(
        args, cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=300
    )


def test_the_installed_command_helps_and_solves_a_bundled_puzzle(
    installed: Path, tmp_path: Path
) -> None:
    command = installed / "bin" / "sudoku"
    if not command.exists():  # Windows puts a sudoku.exe launcher there instead
        pytest.skip("the console script is named differently here")
    helped = run_installed(installed, [str(command), "--help"], tmp_path)
    assert helped.returncode == 0, helped.stderr
    assert helped.stdout.startswith("usage: sudoku ") and "solve" in helped.stdout
    puzzle = installed / "game" / "puzzles" / "single" / "classic-9x9-expert.txt"
    solved = run_installed(installed, [str(command), "solve", str(puzzle)], tmp_path)
    assert solved.returncode == 0, solved.stderr
    assert "unique solution" in solved.stdout


def test_the_installed_game_uses_its_own_files_and_opens_its_menu(
    installed: Path, tmp_path: Path
) -> None:
    code = (
        "import os, sys, pygame\n"
        "from game.ui.kit import text\n"
        "from game.ui.stage import display\n"
        "from game.ui.picker import scene as picker\n"
        "print(text.REGULAR, text.REGULAR.is_file())\n"
        "print(picker.PUZZLES, picker.PUZZLES.is_dir())\n"
        "shown = display.Display.present\n"
        "def present(self, rects=None):\n"
        "    shown(self, rects)\n"
        "    if not os.path.exists('first-frame.png'):\n"
        "        pygame.image.save(self.surface, 'first-frame.png')\n"
        # Closed once the first frame is shown, however long the start took.
        "        pygame.event.post(pygame.event.Event(pygame.QUIT))\n"
        "display.Display.present = present\n"
        "from game.main import main\n"
        "sys.exit(main(['--windowed', '--size', '800x600']))\n"
    )
    result = run_installed(installed, [sys.executable, "-c", code], tmp_path)
    assert result.returncode == 0, result.stderr
    font, puzzles = result.stdout.splitlines()[:2]
    game = installed / "game"
    assert font == f"{game / 'assets' / 'fonts' / 'DejaVuSans.ttf'} True"
    assert puzzles == f"{game / 'puzzles'} True"
    frame = pygame.image.load(tmp_path / "first-frame.png")
    assert frame.get_size() == (800, 600)
    colours = {tuple(frame.get_at((x, y))) for x in range(0, 800, 10) for y in range(0, 600, 10)}
    assert len(colours) > 5  # a drawn menu (the background, card, buttons, text), not a blank

"""The catalogue builder's ``--add`` and ``--check`` pieces (benchmarks/make_trainer.py):
a marked position found on a real solve path, and the check that vouches for a line."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from game.session.trainer.exemplars import examples, parse_line

SCRIPT = Path(__file__).resolve().parents[3] / "benchmarks" / "make_trainer.py"


@pytest.fixture(scope="module")
def builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_trainer", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_trainer", module)
    spec.loader.exec_module(module)
    return module


def test_walking_a_puzzle_finds_a_marked_skyscraper_the_check_vouches_for(
    builder: ModuleType,
) -> None:
    found = builder.walk_for(("Skyscraper",), 0, ("library", "classic/3-hard.txt", 9))
    assert [f.technique for f in found] == ["Skyscraper"]
    entry = parse_line(found[0].line)
    assert entry.simpler and entry.simpler != "Skyscraper"
    assert entry.source.startswith("puzzles/classic/3-hard.txt:9 step ")
    assert builder._verify(entry.technique, entry.simpler, entry.position) == ("", True)
    # Walking the same puzzle again gives the same line (fixed seeds, no clock).
    again = builder.walk_for(("Skyscraper",), 0, ("library", "classic/3-hard.txt", 9))
    assert again[0].line == found[0].line


def test_the_check_names_a_line_whose_claim_no_longer_holds(builder: ModuleType) -> None:
    entry = next(e for e in examples("Skyscraper") if e.simpler)
    other = "X-Wing" if entry.simpler != "X-Wing" else "Finned X-Wing"
    problem, own = builder._verify(entry.technique, other, entry.position)
    assert own and f"marked 'hint: {other}', a hint gives {entry.simpler}" == problem
    problem, _ = builder._verify(entry.technique, "", entry.position)
    assert problem == f"Skyscraper expected, a hint gives {entry.simpler}"
    problem, own = builder._verify("Swordfish", entry.simpler, entry.position)
    assert not own and problem == "Swordfish's finder finds nothing here"


def test_adding_keeps_every_line_and_groups_them_by_technique(
    builder: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "positions.txt"
    monkeypatch.setattr(builder, "TARGET", target)
    sky = [e.line() for e in examples("Skyscraper")[:2]]
    wing = [e.line() for e in examples("X-Wing")[:1]]
    target.write_text("\n".join([builder.HEADER, *sky, *wing]) + "\n", encoding="utf-8")
    kept = builder.read_kept()
    assert [f.line for f in kept["Skyscraper"]] == sky
    builder.write(kept)
    lines = target.read_text(encoding="utf-8").splitlines()
    assert lines[0] == builder.HEADER
    body = [line for line in lines if not line.startswith("#")]
    assert body == [*wing, *sky]  # the catalogue's order: X-Wing before Skyscraper
    assert "# Skyscraper: 2 (" in "\n".join(lines)

"""The trainer's catalogue: every bundled position still teaches its technique, and
the reader turns damaged lines into located errors instead of crashes."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from game.engine.logic import CandidateGrid, all_techniques, steps_named
from game.engine.logic.path import find_step
from game.engine.puzzle import Puzzle
from game.engine.rules import Cage, RuleSet, Thermometer
from game.session.trainer import exemplars
from game.session.trainer.exemplars import (
    HEADER,
    ExemplarError,
    examples,
    format_line,
    parse_line,
    read_catalogue,
    techniques_with_examples,
)

BUNDLED = exemplars.catalogue_path()
LINES = [
    (number, text)
    for path in (BUNDLED, exemplars.variant_catalogue_path())
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
    if text and not text.startswith("#")
]


@pytest.mark.parametrize(
    ("number", "text"), LINES, ids=[f"{n}-{t.split(' | ')[0]}" for n, t in LINES]
)
def test_each_bundled_position_still_has_its_technique_as_the_simplest_step_or_as_marked(
    number: int, text: str
) -> None:
    entry = parse_line(text, number)
    assert entry.step is not None
    assert entry.step.technique == entry.technique
    assert entry.line() == text  # the file is in canonical form
    if entry.simpler:  # its own finder finds it, and a hint gives the step the line names
        assert steps_named(entry.position, entry.technique)
        hint = find_step(entry.position).step
        assert hint is not None and hint.technique == entry.simpler != entry.technique


def test_the_catalogue_has_six_skyscrapers_each_found_by_the_skyscraper_finder() -> None:
    found = examples("Skyscraper")
    assert len(found) >= 6
    assert sum(1 for e in found if e.shape.variant == "classic") >= 4
    for entry in found:
        own = steps_named(entry.position, "Skyscraper")
        assert own and all(step.technique == "Skyscraper" for step in own)
        assert all(step.eliminations for step in own)
    # On classic grids a Skyscraper always comes with a simpler fish: marked there.
    classic = [e for e in found if e.shape.variant == "classic"]
    assert all(e.simpler for e in classic)


def test_a_marked_line_round_trips_and_old_lines_read_as_before() -> None:
    position = a_position()
    text = format_line("Skyscraper", position, "made here", "Sashimi X-Wing")
    assert text.startswith("Skyscraper (hint: Sashimi X-Wing) | classic 9 | ")
    entry = parse_line(text)
    assert (entry.technique, entry.simpler) == ("Skyscraper", "Sashimi X-Wing")
    assert entry.line() == text
    plain = parse_line(format_line("Skyscraper", position, "made here"))
    assert plain.simpler == ""
    lower = parse_line(text.replace("(hint: Sashimi X-Wing)", "(hint: sashimi x-wing)"))
    assert lower.simpler == "Sashimi X-Wing"  # names are read in any case, written canonically


def test_the_bundled_catalogue_is_complete_enough_to_train() -> None:
    names = techniques_with_examples()
    assert "Hidden Single" in names and "X-Wing" in names and "ALS-XZ" in names
    order = [found.name for found in all_techniques() if found.name in names]
    assert list(names) == order
    for name in ("Naked Pair", "X-Wing", "XY-Wing", "Unique Rectangle"):
        found = examples(name)
        assert len(found) >= 8
        assert sum(1 for e in found if e.shape.is_jigsaw) >= 3
    assert examples("x-wing") == examples("X-Wing")
    assert examples("No Such Technique") == ()
    # Variant techniques train on killers (classic and jigsaw) and on drawn rules.
    for name in ("Cage Combinations", "Innies and Outies", "Hidden Cage", "Thermometer"):
        found = examples(name)
        assert len(found) >= 3, name
        assert all(e.position.rules is not None for e in found)
    killers = [e for e in examples("Cage Combinations") if e.shape.is_jigsaw]
    assert killers


VARIANT_AT_LEAST = 10
"""Positions every variant technique has in the bundled catalogue (12 are asked of
``benchmarks/make_variant_trainer.py``; a few may go when the logic changes)."""


def test_every_variant_technique_has_positions_to_train_on() -> None:
    short = {}
    for technique in all_techniques():
        if not technique.variant_only:
            continue
        found = examples(technique.name)
        if len(found) < VARIANT_AT_LEAST:
            short[technique.name] = len(found)
        assert all(e.position.rules is not None for e in found), technique.name
    assert not short, f"variant techniques with too few positions: {short}"


def test_a_variant_line_carries_its_rules() -> None:
    shape = PUZZLE.shape
    rules = RuleSet(shape, (Cage((0, 1), 3), Thermometer((20, 21, 22))))
    grid = CandidateGrid.from_grid(shape, [0] * 81, rules=rules)
    text = format_line("Cage Combinations", grid, "made here")
    assert text.count(" | ") == 4
    back = parse_line(text)
    assert back.position.rules is not None
    assert set(back.position.rules.constraints) == set(rules.constraints)
    assert back.line() == text
    assert back.step is not None and back.step.technique == "Cage Combinations"
    with pytest.raises(ExemplarError, match="bad rules"):
        parse_line(text.rsplit(" | ", 1)[0] + " | {not json")


PUZZLE = Puzzle.from_string(
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
)


def a_position() -> CandidateGrid:
    grid = CandidateGrid.from_grid(PUZZLE.shape, PUZZLE.givens)
    return grid.apply([(2, 4)], [(3, 2)])


def test_a_line_round_trips_with_clues_placed_digits_and_candidates() -> None:
    position = a_position()
    text = format_line("Hidden Single", position, "a test | with a bar")
    assert " =4 " in text  # placed, not a clue
    assert text.startswith("Hidden Single | classic 9 | 5 3 =4 .6 7 ")
    entry = parse_line(text, 3)
    assert entry.position.values == position.values
    assert entry.position.cands == position.cands
    assert entry.position.givens == position.givens
    assert entry.source == "a test / with a bar"
    assert entry.line() == text


def test_a_jigsaw_line_keeps_its_layout() -> None:
    layout = "001111222000011222003411122033445552333444555633344558667774588666778888666777788"
    puzzle = Puzzle.from_string("." * 81, layout)
    position = CandidateGrid.from_grid(puzzle.shape, puzzle.givens)
    entry = parse_line(format_line("X-Wing", position, "made up"))
    assert entry.shape is puzzle.shape
    assert entry.shape.is_jigsaw


def damaged() -> list[tuple[str, str]]:
    good = format_line("Hidden Single", a_position(), "test")
    name, shape, cells, source = good.split(" | ")
    tokens = cells.split()

    def with_cells(cells: list[str]) -> str:
        return " | ".join((name, shape, " ".join(cells), source))

    def cell_3(token: str) -> str:
        return with_cells(tokens[:3] + [token] + tokens[4:])

    return [
        ("three fields", " | ".join((name, shape, cells))),
        ("unknown technique", " | ".join(("Psychic Guess", shape, cells, source))),
        ("after 'hint:'", " | ".join((f"{name} (hint: Psychic Guess)", shape, cells, source))),
        ("unknown technique", " | ".join(("Psychic (hint: X-Wing)", shape, cells, source))),
        ("with itself", " | ".join((f"{name} (hint: {name})", shape, cells, source))),
        ("bad shape", " | ".join((name, "classic 7", cells, source))),
        ("bad shape", " | ".join((name, "jigsaw 9 0123", cells, source))),
        ("bad shape", " | ".join((name, "hexagonal", cells, source))),
        ("80 cells", with_cells(tokens[:-1])),
        ("cannot read", with_cells(["x"] + tokens[1:])),
        ("cannot read", with_cells(["=12"] + tokens[1:])),
        ("cannot read", cell_3(".0")),
        ("peers already hold", with_cells(["3"] + tokens[1:])),
        ("peers already hold", cell_3(".5")),
        ("broken", cell_3(".")),
    ]


@pytest.mark.parametrize(("reason", "text"), damaged(), ids=[r for r, _ in damaged()])
def test_a_damaged_line_is_rejected_with_its_line_number(reason: str, text: str) -> None:
    with pytest.raises(ExemplarError) as caught:
        parse_line(text, 7)
    assert caught.value.line == 7
    assert reason.split()[-1] in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_reading_skips_damaged_lines_and_keeps_the_rest(caplog: pytest.LogCaptureFixture) -> None:
    good = format_line("Hidden Single", a_position(), "test")
    lines = [HEADER, "# a comment", good, "Hidden Single | nonsense", "", good]
    with caplog.at_level(logging.WARNING):
        found = read_catalogue(lines, "cat.txt")
    assert len(found) == 2
    assert "cat.txt:4:" in caplog.text


def test_text_without_the_header_gives_nothing(caplog: pytest.LogCaptureFixture) -> None:
    good = format_line("Hidden Single", a_position(), "test")
    with caplog.at_level(logging.WARNING):
        assert read_catalogue([good], "other.txt") == ()
        assert read_catalogue([], "empty.txt") == ()
    assert "other.txt" in caplog.text and "empty.txt" in caplog.text


def test_a_missing_or_undecodable_bundled_file_gives_an_empty_catalogue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    target = tmp_path / "positions.txt"
    monkeypatch.setattr(exemplars, "catalogue_path", lambda: target)
    monkeypatch.setattr(exemplars, "variant_catalogue_path", lambda: target)
    try:
        for content in (None, b"\xff\xfe not text", b"nothing to see\n"):
            if content is not None:
                target.write_bytes(content)
            exemplars.reload()
            with caplog.at_level(logging.WARNING):
                assert examples("Hidden Single") == ()
                assert techniques_with_examples() == ()
    finally:
        monkeypatch.undo()
        exemplars.reload()
    assert examples("Hidden Single")

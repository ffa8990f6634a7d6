"""The technique reference's texts: one per technique, naming only techniques that exist."""

from __future__ import annotations

import re

import pytest

from game.engine.logic import about
from game.engine.logic.registry import Level, all_techniques

NAMES = {t.name for t in all_techniques()}

NOT_OURS = (
    "Y-Wing",
    "Squirmbag",
    "Whale",
    "Leviathan",
    "Nishio",
    "X-Cycle",
    "Kraken",
    "Broken Wing",
    "Unique Loop",
    "Bowman",
    "Locked Candidates",
    "Locked Pair",
    "Hidden Unique Rectangle",
)
"""Names players meet elsewhere that this catalogue does not have (or calls otherwise)."""


def test_every_technique_has_a_text_and_every_text_a_technique() -> None:
    assert set(about.catalogue()) == NAMES


@pytest.mark.parametrize("name", sorted(NAMES))
def test_bracketed_names_exist(name: str) -> None:
    for text in about.texts(about.about(name)):
        for mentioned in about.mentions(text):
            assert mentioned in NAMES, f"{name}: [{mentioned}] is no technique"


@pytest.mark.parametrize("name", sorted(NAMES))
def test_other_techniques_are_named_in_brackets(name: str) -> None:
    """A name written bare is one the test above could not check; the page's own name
    and names it brackets elsewhere in its texts may be repeated bare."""
    entry = about.about(name)
    bracketed = {m for text in about.texts(entry) for m in about.mentions(text)}
    for text in about.texts(entry):
        bare = re.sub(r"\[[^\]]*\]", "", text)
        for other in NAMES:
            if other in name or other in bracketed:
                continue
            assert not re.search(rf"(?<![\w-]){re.escape(other)}(?![\w-])", bare), (
                f"{name} names {other} without brackets"
            )


@pytest.mark.parametrize("name", sorted(NAMES))
def test_no_text_names_a_technique_we_do_not_have(name: str) -> None:
    for text in about.texts(about.about(name)):
        for foreign in NOT_OURS:
            pattern = rf"(?<![\w-]){re.escape(foreign)}(?![\w-])"
            assert not re.search(pattern, about.plain(text), re.IGNORECASE), f"{name}: {foreign}"


@pytest.mark.parametrize("name", sorted(NAMES))
def test_texts_are_short_plain_sentences(name: str) -> None:
    entry = about.about(name)
    sentences = re.findall(r"[.!?](?:\s|$)", entry.summary)
    assert 1 <= len(sentences) <= 5, f"{name}: {len(sentences)} sentences"
    assert entry.look_for.strip()
    for text in about.texts(entry):
        assert text == text.strip() and "  " not in text
        assert text.count("[") == text.count("]")


def test_plain_drops_brackets_and_mentions_lists_names_once() -> None:
    text = "Like [Pointing], then [Claiming] and [Pointing] again."
    assert about.plain(text) == "Like Pointing, then Claiming and Pointing again."
    assert about.mentions(text) == ("Pointing", "Claiming")


def test_related_leaves_the_technique_itself_out() -> None:
    assert about.related("Claiming") == ("Pointing",)
    assert "Finned X-Wing" not in about.related("Finned X-Wing")


def test_by_level_groups_the_whole_catalogue_easy_first() -> None:
    groups = about.by_level()
    levels = [level for level, _ in groups]
    assert levels == sorted(levels) and levels[0] is Level.EASY
    order = about.reading_order()
    assert {t.name for t in order} == NAMES and len(order) == len(NAMES)
    for level, found in groups:
        assert all(t.level is level for t in found)
        catalogue = [t for t in all_techniques() if t.level is level]
        assert list(found) == catalogue

"""The one-line text field: typing, caret keys, paste, and a suggestion replaced by typing."""

from __future__ import annotations

from game.ui.input.actions import Edit
from game.ui.kit.text_field import TextField


def test_typing_and_the_caret_keys() -> None:
    field = TextField()
    assert field.type("hello")
    field.edit(Edit.LEFT)
    field.edit(Edit.LEFT)
    field.type("X")
    assert (field.text, field.caret) == ("helXlo", 4)
    field.edit(Edit.HOME)
    field.edit(Edit.DELETE)
    assert (field.text, field.caret) == ("elXlo", 0)
    field.edit(Edit.END)
    field.edit(Edit.BACKSPACE)
    assert (field.text, field.caret) == ("elXl", 4)
    assert not field.edit(Edit.RIGHT)  # already at the end: nothing changed
    field.edit(Edit.HOME)
    assert not field.edit(Edit.BACKSPACE)
    assert not field.edit(Edit.LEFT)


def test_a_suggestion_is_replaced_by_typing_and_kept_by_caret_keys() -> None:
    field = TextField.suggesting("Hard 2025-01-31")
    assert field.suggested and field.caret == len(field.text)
    field.type("m")
    assert (field.text, field.caret, field.suggested) == ("m", 1, False)
    kept = TextField.suggesting("Hard")
    kept.edit(Edit.HOME)
    kept.type("Very ")
    assert kept.text == "Very Hard"
    erased = TextField.suggesting("Hard")
    assert erased.edit(Edit.BACKSPACE)
    assert erased.text == ""


def test_paste_takes_the_first_line_and_respects_the_limit() -> None:
    field = TextField(limit=10)
    field.edit(Edit.PASTE, clipboard=lambda: "first line\nsecond line")
    assert field.text == "first line"
    field.edit(Edit.PASTE, clipboard=lambda: "more")
    assert field.text == "first line"
    empty = TextField()
    assert not empty.edit(Edit.PASTE, clipboard=lambda: "")
    assert not empty.type("\t\x07")


def test_enter_and_escape_are_not_the_fields_business() -> None:
    field = TextField("abc", 3)
    assert not field.edit(Edit.ENTER)
    assert not field.edit(Edit.CANCEL)
    assert field.text == "abc"


def test_select_all_then_typing_replaces_everything() -> None:
    import pygame

    from game.ui.input.keymap import KeyMap

    assert KeyMap.field_edit_of(pygame.K_a, pygame.KMOD_CTRL) is Edit.SELECT_ALL
    field = TextField()
    field.type("old name")
    assert field.edit(Edit.SELECT_ALL)
    field.type("new")
    assert (field.text, field.caret) == ("new", 3)
    field.edit(Edit.SELECT_ALL)
    field.edit(Edit.BACKSPACE)
    assert field.text == ""
    assert not field.edit(Edit.SELECT_ALL)  # nothing to select

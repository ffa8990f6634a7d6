"""The key map: defaults, modifiers, letters as digits on big grids, overrides."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pytest

from game.ui.input.actions import Action, Command
from game.ui.input.keymap import DEFAULT_BINDINGS, KeyMap, markdown_table, parse_chord

CTRL = pygame.KMOD_LCTRL
SHIFT = pygame.KMOD_LSHIFT


@pytest.fixture
def keymap() -> KeyMap:
    return KeyMap()


def test_digits_place_and_shift_digits_note(keymap: KeyMap) -> None:
    assert keymap.resolve(pygame.K_5, 0, "5", 9) == Command(Action.DIGIT, 5)
    assert keymap.resolve(pygame.K_KP7, 0, "7", 9) == Command(Action.DIGIT, 7)
    assert keymap.resolve(pygame.K_5, SHIFT, "%", 9) == Command(Action.NOTE, 5)


def test_digits_beyond_the_grid_mean_nothing(keymap: KeyMap) -> None:
    assert keymap.resolve(pygame.K_7, 0, "7", 4) is None
    assert keymap.resolve(pygame.K_5, 0, "5", 0) is None  # no board: no digits


@pytest.mark.parametrize(
    ("key", "mod", "char", "action"),
    [
        (pygame.K_UP, 0, "", Action.MOVE_UP),
        (pygame.K_w, 0, "w", Action.MOVE_UP),
        (pygame.K_a, 0, "a", Action.MOVE_LEFT),
        (pygame.K_s, 0, "s", Action.MOVE_DOWN),
        (pygame.K_d, 0, "d", Action.MOVE_RIGHT),
        (pygame.K_n, 0, "n", Action.NOTES_MODE),
        (pygame.K_n, SHIFT, "N", Action.FILL_NOTES),
        (pygame.K_BACKSPACE, 0, "", Action.ERASE),
        (pygame.K_DELETE, 0, "", Action.ERASE),
        (pygame.K_0, 0, "0", Action.ERASE),
        (pygame.K_z, CTRL, "", Action.UNDO),
        (pygame.K_y, CTRL, "", Action.REDO),
        (pygame.K_z, CTRL | SHIFT, "", Action.REDO),
        (pygame.K_h, 0, "h", Action.HINT),
        (pygame.K_c, 0, "c", Action.CHECK),
        (pygame.K_s, CTRL, "", Action.SAVE),
        (pygame.K_o, CTRL, "", Action.OPEN),
        (pygame.K_F11, 0, "", Action.FULLSCREEN),
        (pygame.K_ESCAPE, 0, "", Action.BACK),
        (pygame.K_F1, 0, "", Action.HELP),
        (pygame.K_SLASH, SHIFT, "?", Action.HELP),
        (pygame.K_SEMICOLON, SHIFT, ":", Action.TYPED_MOVE),
    ],
)
def test_default_bindings(keymap: KeyMap, key: int, mod: int, char: str, action: Action) -> None:
    assert keymap.resolve(key, mod, char, 9) == Command(action)


def test_ctrl_z_is_not_a_plain_z(keymap: KeyMap) -> None:
    assert keymap.resolve(pygame.K_z, 0, "z", 9) is None


def test_on_16x16_letters_a_to_g_are_digits(keymap: KeyMap) -> None:
    assert keymap.resolve(pygame.K_a, 0, "a", 16) == Command(Action.DIGIT, 10)
    assert keymap.resolve(pygame.K_g, 0, "g", 16) == Command(Action.DIGIT, 16)
    assert keymap.resolve(pygame.K_c, SHIFT, "C", 16) == Command(Action.NOTE, 12)
    assert keymap.resolve(pygame.K_d, 0, "d", 16) == Command(Action.DIGIT, 13)


def test_on_16x16_stolen_shortcuts_move_to_ctrl_or_their_other_keys(keymap: KeyMap) -> None:
    assert keymap.resolve(pygame.K_c, CTRL, "", 16) == Command(Action.CHECK)
    assert keymap.resolve(pygame.K_LEFT, 0, "", 16) == Command(Action.MOVE_LEFT)
    # Moves keep the arrows only: Ctrl+A stays "every empty cell".
    assert keymap.resolve(pygame.K_a, CTRL, "", 16) == Command(Action.SELECT_EMPTY)
    assert keymap.resolve(pygame.K_w, 0, "w", 16) == Command(Action.MOVE_UP)
    assert keymap.resolve(pygame.K_h, 0, "h", 16) == Command(Action.HINT)
    assert keymap.resolve(pygame.K_f, 0, "f", 16) == Command(Action.DIGIT, 15)
    assert keymap.keys_for(Action.FILL_NOTES, 16) == ["Shift+N"]
    assert keymap.keys_for(Action.CHECK, 16) == ["Ctrl+C"]


def test_every_shortcut_of_the_classic_grid_still_works_on_16x16(keymap: KeyMap) -> None:
    for action in DEFAULT_BINDINGS:
        assert keymap.keys_for(action, 16), f"{action} has no key on 16x16"


def test_overrides_replace_an_actions_keys_and_report_problems() -> None:
    keymap = KeyMap({"hint": ["ctrl+h", "f2"], "nonsense": ["x"], "check": ["hyper+q"]})
    assert keymap.resolve(pygame.K_h, CTRL, "", 9) == Command(Action.HINT)
    assert keymap.resolve(pygame.K_F2, 0, "", 9) == Command(Action.HINT)
    assert keymap.resolve(pygame.K_h, 0, "h", 9) is None
    assert len(keymap.problems) == 2


def test_chords_parse_and_print() -> None:
    chord = parse_chord("Ctrl+Shift+Z")
    assert (chord.key, chord.ctrl, chord.shift) == (pygame.K_z, True, True)
    assert chord.text() == "Ctrl+Shift+Z"
    assert parse_chord("?").text() == "?"
    assert parse_chord("kp0").text() == "Num 0"
    with pytest.raises(ValueError):
        parse_chord("ctrl+nothing")


def test_help_rows_name_every_bound_action(keymap: KeyMap) -> None:
    rows = dict(keymap.describe(9))
    assert rows["Undo"] == "Ctrl+Z"
    assert rows["Place a digit"].startswith("1–9")
    assert dict(keymap.describe(16))["Place a digit"].endswith("A–G")


def test_readme_controls_table_matches_the_key_map() -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    assert markdown_table() in readme


def test_only_the_key_map_names_key_constants() -> None:
    ui = Path(__file__).resolve().parents[3] / "game" / "ui"
    offenders = []
    for path in ui.rglob("*.py"):
        if path.name == "keymap.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr.startswith("K_"):
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []

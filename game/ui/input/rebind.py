"""Changing key bindings: pure functions from the bindings and a request to new bindings.

The Keys page asks; this module decides.  Bindings are ``Settings.key_bindings``
(action name -> key names, only the actions the player changed) read through a
:class:`~.keymap.KeyMap`.  The rules:

- a key belongs to one action: binding it elsewhere takes it away from its owner
  (the page asks the player to confirm that first, naming the owner);
- the digit keys cannot be bound (:func:`~.keymap.reserved` says why);
- restoring an action's defaults takes its default keys back from whichever
  actions had them since;
- what is stored is canonical: actions back on their defaults are left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .actions import Action
from .keymap import DEFAULT_BINDINGS, KeyMap, parse_chord

Bindings = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Change:
    """New bindings for the settings, and the sentence that tells the player what happened."""

    bindings: Bindings
    message: str


def key_text(spec: str) -> str:
    """How players read a key name: ``"ctrl+h"`` -> ``Ctrl+H``."""
    return parse_chord(spec).text()


def assign(
    bindings: Mapping[str, tuple[str, ...]], action: Action, spec: str, replacing: str = ""
) -> Change:
    """Give ``spec`` to ``action`` (instead of ``replacing``, or in addition to its keys).

    A key that belonged to another action is taken from it; the message says so.
    """
    keymap = KeyMap(bindings)
    spec = parse_chord(spec).spec()
    result = {**bindings}
    owner = keymap.owner(spec)
    keys = list(keymap.specs(action))
    if replacing in keys:
        keys[keys.index(replacing)] = spec
    elif spec not in keys:
        keys.append(spec)
    result[action.value] = tuple(dict.fromkeys(keys))
    message = f"{key_text(spec)} now does {action.label}."
    if owner is not None and owner is not action:
        result[owner.value] = tuple(k for k in keymap.specs(owner) if k != spec)
        message = f"{key_text(spec)} moved from {owner.label} to {action.label}."
        if not result[owner.value]:
            message += f" {owner.label} has no key now."
    return Change(canonical(result), message)


def remove(bindings: Mapping[str, tuple[str, ...]], action: Action, spec: str) -> Change:
    """Take ``spec`` away from ``action``."""
    keymap = KeyMap(bindings)
    keys = tuple(k for k in keymap.specs(action) if k != parse_chord(spec).spec())
    message = f"{key_text(spec)} no longer does {action.label}."
    if not keys:
        message += " It has no key now."
    return Change(canonical({**bindings, action.value: keys}), message)


def restore(bindings: Mapping[str, tuple[str, ...]], action: Action) -> Change:
    """Put ``action`` back on its default keys, taking them back from other actions."""
    keymap = KeyMap(bindings)
    result = {name: keys for name, keys in bindings.items() if name != action.value}
    defaults = DEFAULT_BINDINGS.get(action, ())
    taken = []
    for spec in defaults:
        owner = keymap.owner(spec)
        if owner is not None and owner is not action:
            result[owner.value] = tuple(k for k in keymap.specs(owner) if k != spec)
            taken.append(owner.label)
    shown = ", ".join(key_text(k) for k in defaults) or "no key"
    message = f"{action.label}: back to {shown}."
    if taken:
        message = message[:-1] + f" (taken back from {', '.join(dict.fromkeys(taken))})."
    return Change(canonical(result), message)


def canonical(bindings: Mapping[str, tuple[str, ...]]) -> Bindings:
    """``bindings`` without the actions that are on their defaults again."""
    result: Bindings = {}
    for name, keys in bindings.items():
        try:
            default = DEFAULT_BINDINGS.get(Action(name))
        except ValueError:
            default = None  # an unknown name is kept: it is the player's file
        if tuple(keys) != default:
            result[name] = tuple(keys)
    return result

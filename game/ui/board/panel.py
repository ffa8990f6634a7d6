"""The board panel's model: what the header, pad, buttons, cards and status line show.

Built from the session's :class:`~game.session.board.playing.Playing` as a
:class:`~.panel_view.PanelModel` value that :class:`~.panel_view.PanelView` only
paints, so tests check the words and states without drawing.  The status line
names the keys actually bound ("Press H again to see it" becomes "Press Ctrl+H
again" after a rebinding), and a button's tooltip is its own value, drawn beside
the button, so it never hides the status line's answer to the click.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine.logic.step import AreaKind, Role, Step
from ...session.board import Mode, Playing, Reply, Stage
from ...session.play import Offer, Origin
from ..input import CHORES, Action, KeyMap
from ..kit import Style, clock_text
from .hits import STEP_CARD, ButtonHit, Hit, PadHit
from .layout import MIN_TEXT
from .looks import CellLook
from .panel_view import (
    ActionKey,
    HintCard,
    LegendItem,
    PanelModel,
    action_keys,
    detail_text,
    pad_keys,
)
from .steps_view import CommandKey, StepsCard

OFFERS: dict[Offer, tuple[Action, str]] = {
    Offer.UNDO: (Action.UNDO, "Press {key} to take it back."),
    Offer.HINT_AGAIN: (Action.HINT, "Press {key} again to see it."),
}
"""What an offer says, with the key bound to its action."""


@dataclass(frozen=True)
class PanelInputs:
    """What the panel needs beyond the game: the key map and the puzzle's origin."""

    keymap: KeyMap
    origin: Origin


def status_text(reply: Reply, keymap: KeyMap, size: int) -> str:
    """The status line for ``reply``: its message, and the key its offer names."""
    if reply.offer is None:
        return reply.message
    action, words = OFFERS[reply.offer]
    key = keymap.shortcut(action, size)
    if not key:
        return reply.message
    return f"{reply.message} {words.format(key=key)}".strip()


def panel_model(
    play: Playing,
    inputs: PanelInputs,
    looks: Sequence[CellLook],
    hover: Hit | None,
    scroll: int = 0,
    notice: str = "",
) -> PanelModel:
    """The whole panel for the board as it stands (``scroll``: lines the open card's
    explanation is scrolled by)."""
    game, keymap = play.game, inputs.keymap
    settings = game.settings
    seen = play.view()
    mode = seen.mode
    card = None
    if play.help.hints.stage is Stage.SHOWN and mode is Mode.HINT:
        hints = play.help.hints
        step = hints.answer.step if hints.answer is not None else None
        legend = legend_of(step, game.grid) if step is not None else ()
        card = HintCard(hints.title, hints.explanation, hints.apply_label, legend)
    # Counted from what the board shows, so the Solve animation counts down too.
    shown = Counter(look.digit for look in looks)
    active = seen.active_digit if seen.digit_first else 0
    actions = action_keys(game, keymap, seen.notes_mode, play.help.steps.open)
    if mode is Mode.ENDED:
        actions = tuple(_resting(key, game.can_undo()) for key in actions)
    status = status_text(seen.status, keymap, game.size)
    hover_name = _hover_name(hover)
    origin = inputs.origin
    return PanelModel(
        title=origin.heading,
        subtitle=origin.subtitle,
        detail=detail_text(game, settings, seen.notes_mode, seen.filter_digit, seen.bivalue),
        timer=clock_text(game.elapsed) if settings.show_timer else "",
        pad=pad_keys(game.size, shown, active),
        actions=actions,
        status=status,
        status_error=seen.status.error,
        notes_mode=seen.notes_mode,
        hover=hover_name,
        card=card,
        steps=_steps_card(play, keymap, status, seen.status.error) if mode is Mode.STEPS else None,
        tooltip=_tooltip(actions, hover_name),
        note_kind=settings.note_kind,
        guess=guess_text(game.what_if.guess_level, keymap, game.size),
        guess_level=game.what_if.guess_level,
        scroll=scroll,
        notice=notice,
        page_keys=(
            keymap.shortcut(Action.PAGE_DOWN, game.size),
            keymap.shortcut(Action.PAGE_UP, game.size),
        ),
    )


def notes_notice(size: int, note_size: int, needed: tuple[int, int] | None, key: str) -> str:
    """What the board says when its candidate notes are drawn under 12 px ("" if not):
    the window they need, and the key that makes the window full screen."""
    if note_size >= MIN_TEXT:
        return ""
    where = f"a {needed[0]}×{needed[1]} window or larger" if needed else "a larger screen"
    full = f" ({key}: full screen)" if key else ""
    return f"Notes on {size}×{size} need {where} to read{full}."


def guess_text(level: int, keymap: KeyMap, size: int) -> str:
    """What the panel says of an open what-if guess, naming the keys bound ("" if none)."""
    if not level:
        return ""
    ends = [
        f"{key} {verb}"
        for action, verb in ((Action.COMMIT_GUESS, "keeps"), (Action.ABANDON_GUESS, "abandons"))
        if (key := keymap.shortcut(action, size))
    ]
    return f"Guess {level} — {', '.join(ends)}" if ends else f"Guess {level}"


ROLE_WORDS: dict[Role, str] = {
    Role.FOCUS: "what the step decides",
    Role.PATTERN: "the pattern",
    Role.COVER: "the other side of the pattern",
    Role.PIVOT: "the pivot",
    Role.PINCER: "the pincers",
    Role.FIN: "the fin",
    Role.ON: "true along the chain",
    Role.OFF: "false along the chain",
    Role.COLOUR_A: "one colour",
    Role.COLOUR_B: "the other colour",
    Role.WRONG: "not right",
}
"""What each mark's colour means, in the hint card's key."""

AREA_WORDS: dict[AreaKind, str] = {
    AreaKind.BASE: "base set",
    AreaKind.COVER: "cover set",
    AreaKind.ALS: "almost locked set",
    AreaKind.GROUP: "cells taken together",
    AreaKind.CLUSTER: "colour cluster",
    AreaKind.POSITION: "cells the pattern fixes",
}


def legend_of(step: Step, grid: Sequence[int]) -> tuple[LegendItem, ...]:
    """The key to a step's picture: each mark role, area and removal it shows, once.

    A mark is drawn as the board draws it: a tinted cell for a whole cell or a
    filled one (``grid``), a ringed candidate otherwise.
    """
    items: list[LegendItem] = []
    seen: set[object] = set()
    for mark in step.marks:
        whole = mark.digit is None or bool(grid[mark.cell])
        key = (mark.role, whole)
        if key in seen or (mark.role is Role.FOCUS and step.placements):
            continue  # the digit placed has its own line
        seen.add(key)
        shape = "cell" if whole else "ring"
        items.append(LegendItem(ROLE_WORDS.get(mark.role, mark.role.value), shape, mark.role))
    for area in step.areas:
        words = AREA_WORDS.get(area.kind, area.kind.value)
        if area.label:
            words = (
                f"{words} {area.label}" if area.kind is AreaKind.ALS else f"{area.label}: {words}"
            )
        if words not in seen:
            seen.add(words)
            items.append(LegendItem(words, "outline", area=area))
    if step.placements:
        items.append(LegendItem("placed by this step", "target", Role.FOCUS))
    if step.eliminations:
        items.append(LegendItem("removed by this step", "strike"))
    return tuple(items)


def _resting(key: ActionKey, can_undo: bool) -> ActionKey:
    """A finished game's button: inactive, except Undo when the game allows it."""
    if key.name == "undo" and can_undo:
        return key
    return ActionKey(key.name, key.label, Style.DISABLED, key.tooltip)


def _hover_name(hover: Hit | None) -> str | int | None:
    if isinstance(hover, ButtonHit):
        return hover.name
    if isinstance(hover, PadHit):
        return hover.digit
    return None


def _tooltip(actions: Sequence[ActionKey], hover: str | int | None) -> str:
    return next((key.tooltip for key in actions if key.name == hover), "")


def _steps_card(play: Playing, keymap: KeyMap, status: str, error: bool) -> StepsCard:
    size = play.game.size

    def tip(label: str, action: Action) -> str:
        key = keymap.shortcut(action, size)
        return f"{label}  ·  {key}" if key else label

    everywhere = tuple(
        CommandKey(
            action.value, play.help.chore_label(chore), Style.NORMAL, tip(action.label, action)
        )
        for action, chore in CHORES.items()
    )
    labels = {
        "step-previous": "Previous step",
        "step-next": "Next step",
        "step-apply": "Apply the step shown",
        "step-close": "Close the steps",
    }
    tips = tuple((name, tip(labels[name], action)) for name, action in STEP_CARD.items())
    view = play.help.steps.view(keeps_notes=any(play.game.state.notes))
    return StepsCard(view, everywhere, tips, status, error)

"""The phase machine: every transition in its table, and nothing else."""

from __future__ import annotations

import pytest

from game.session.play.phase import TRANSITIONS, Event, Phase, PhaseError, advance, allows


def test_the_table_is_the_whole_machine() -> None:
    for phase in Phase:
        for event in Event:
            if (phase, event) in TRANSITIONS:
                assert allows(phase, event)
                assert advance(phase, event) is TRANSITIONS[(phase, event)]
            else:
                assert not allows(phase, event)
                with pytest.raises(PhaseError):
                    advance(phase, event)


def test_final_phases_have_no_way_out() -> None:
    for (phase, _event), after in TRANSITIONS.items():
        if phase.final:
            assert after is phase  # only "show the solution" after a loss, which stays lost


def test_a_dead_end_is_not_an_event() -> None:
    assert not any("dead" in event.value for event in Event)


def test_over_and_final() -> None:
    assert not Phase.PLAYING.over and not Phase.PAUSED.over
    assert Phase.SHOWN.over and not Phase.SHOWN.final
    assert all(phase.over for phase in (Phase.SOLVED, Phase.LOST, Phase.ABANDONED))

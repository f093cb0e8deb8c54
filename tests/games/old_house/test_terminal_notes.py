"""Terminal play of the Old House: the note beside a ``horror`` says what it costs, a Horror card
or, for the second fright of a Horror under ``three-hunters=balanced``, no card at all; a person
chooses a hero and shares Twilight's cards from the numbered list."""

from __future__ import annotations

import pytest
from rich.console import Console

from ghosttable import cli
from ghosttable.core import Action
from ghosttable.games.old_house import OldHouse
from tests.games.old_house.helpers import SMALL, new_state, play, twilight

THREE = ("medium", "exorcist", "athlete")
FREE = "free, no card: the Horror played this turn frightens a second hunter"


def test_the_second_fright_of_a_balanced_horror_is_noted_as_free(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2]}, **{"three-hunters": "balanced"})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east")
    assert state.action_note(0, Action.make("horror", hunter="medium")) == "plays a Horror card"
    play(state, "horror hunter=medium")
    assert state.action_note(0, Action.make("horror", hunter="athlete")) == FREE
    # The numbered list of terminal play shows the note; choosing the line plays the free fright.
    listed = [str(a) for a in state.legal_actions(0)]
    number = listed.index("horror hunter=athlete") + 1
    monkeypatch.setattr(cli.console, "input", lambda prompt="": str(number))
    cli._ask(state, 0)
    out = " ".join(capsys.readouterr().out.split())
    assert f"{number}. horror hunter=athlete ({FREE})" in out
    assert [h.horrified for h in state.hunters] == [True, False, True] and state.horror_left == 0


def test_under_the_printed_rules_a_horror_always_costs_a_card() -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2]})
    twilight(state, (7, 8, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "horror hunter=medium")
    # A second Horror card is in hand: the next fright plays it.
    assert state.horror_left == 0 and "horror hunter=athlete" in [str(a) for a in state.legal_actions(0)]
    assert state.action_note(0, Action.make("horror", hunter="athlete")) == "plays a Horror card"


def _text(renderable: object) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return " ".join(console.export_text().split())


def test_every_seat_reads_a_pending_free_horror_and_a_named_phantom_on_the_terminal_table() -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2]}, **{"three-hunters": "balanced"})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east")
    assert "free (no card)" not in _text(state.game.render_terminal(state.view(0), 0))
    play(state, "horror hunter=medium")
    for seat in (0, 1, None):
        assert "Horror: 1 more hunter may be frightened this turn, free (no card)" in _text(
            state.game.render_terminal(state.view(seat), seat)
        )

    state = new_state(4, THREE, script={"phantom_die": [1, 2], "hunter_die": [1, 1]}, **{"three-hunters": "balanced"})
    twilight(state)
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")  # the Phantom ends on C2
    named = "The Phantom was named this phase: no hunter may name it again before its next turn"
    assert named not in _text(state.game.render_terminal(state.view(2), 2))
    play(state, "start_turn hunter=exorcist", "guess", seat=2)  # the exorcist stands on C2 with the Phantom
    for seat in (0, 2, 3, None):
        assert named in _text(state.game.render_terminal(state.view(seat), seat))


def test_at_the_terminal_a_person_chooses_a_hero_and_shares_the_cards_by_number(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = OldHouse(3, house=SMALL).new_initial_state(0)
    shown = _text(state.game.render_terminal(state.view(1), 1))
    assert "Heroes on offer (hunter1 chooses):" in shown and "Exorcist (exorcist):" in shown
    listed = [str(a) for a in state.legal_actions(1)]
    number = listed.index("choose_hero hunter=tracker") + 1
    monkeypatch.setattr(cli.console, "input", lambda prompt="": str(number))
    cli._ask(state, 1)
    out = " ".join(capsys.readouterr().out.split())
    assert "choose_hero Choose a hero card for hunter 1 of 2." in out
    assert f"{number}. choose_hero hunter=tracker (When you look for trails" in out
    assert [h.name for h in state.hunters] == ["tracker"]
    play(state, "choose_hero hunter=medium")
    play(state, "pick_cards", "take_card card=10", "take_card card=11", "take_card card=12", "take_card card=13")
    assert "Cards left to share among the hunters: #1 pentagram, #2 trap" in _text(
        state.game.render_terminal(state.view(2), 2)
    )
    listed = [str(a) for a in state.legal_actions(2)]
    number = listed.index("give_card card=2 hunter=tracker") + 1
    monkeypatch.setattr(cli.console, "input", lambda prompt="": str(number))
    cli._ask(state, 2)
    out = " ".join(capsys.readouterr().out.split())
    assert f"{number}. give_card card=2 hunter=tracker (trap)" in out
    assert state.hunter("tracker").cards == [2] and 2 not in state.available

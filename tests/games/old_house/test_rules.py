"""Every rule as a short scripted scenario on the 4 x 4 test house (tests/games/old_house/houses/small.toml).

Map: A1-D4; west half dark, east half damp, C4 furnished; a wall between B3 and C3; relics A4,
D4, D1; the Phantom starts on B2; 2 Phantom Move cards per direction.
"""

from __future__ import annotations

import pytest

from ghosttable.core import Action, IllegalActionError
from ghosttable.core.state import SIMULTANEOUS
from ghosttable.games.old_house import OldHouse
from tests.games.old_house.helpers import SMALL, cell, kinds, new_state, play, twilight


def opening(state, first: tuple[str, ...] = ("step dir=east",), second: tuple[str, ...] = ("step dir=west",)) -> None:  # type: ignore[no-untyped-def]
    """Play the Twilight and both opening turns (each ends with end_turn)."""
    twilight(state)
    play(state, *first, "end_turn")
    play(state, *second, "end_turn")


def test_seats_and_sides() -> None:
    game = OldHouse(2, house=SMALL)
    assert game.seat_names() == ["phantom", "hunter1"]
    assert game.sides() == {"phantom": (0,), "hunters": (1,)}
    assert OldHouse(4, house=SMALL).sides() == {"phantom": (0,), "hunters": (1, 2, 3)}


def test_two_players_one_seat_runs_two_hunters() -> None:
    state = new_state(players=2, hunters=("medium", "tracker"))
    assert [(h.name, h.seat) for h in state.hunters] == [("medium", 1), ("tracker", 1)]
    assert [h.cell for h in state.hunters] == [cell(state, "A1"), cell(state, "A2")]


def test_twilight_open_pick_and_at_most_three_summons() -> None:
    state = new_state()
    assert state.decision_name(0) == "twilight_choice"
    play(state, "pick_cards", "take_card card=1", "take_card card=3", "take_card card=5")
    assert Action.make("take_card", card=2) not in state.legal_actions(0)
    assert Action.make("take_card", card=7) in state.legal_actions(0)
    play(state, "take_card card=7")
    assert state.phase == "phantom"
    assert sorted(c for h in state.hunters for c in h.cards) == [2, 4, 6, 8, 9, 10, 11, 12, 13]
    assert [len(h.cards) for h in state.hunters] == [5, 4]


def test_twilight_gamble_takes_one_plus_the_roll() -> None:
    state = new_state(script={"twilight_die": [6]})
    play(state, "gamble")
    assert state.quota == 7
    for c in (10, 11, 12, 13, 7, 8):
        play(state, f"take_card card={c}")
    assert state.phase == "twilight"
    play(state, "take_card card=9")
    assert state.phase == "phantom" and len(state.phantom_cards) == 7


def test_opening_turns_no_summon_no_relic_then_hunters() -> None:
    state = new_state(script={"phantom_die": [3, 1]})
    twilight(state, (1, 10, 11, 12))
    assert state.opening_turn and "summon" not in kinds(state, 0)
    play(state, "step dir=east", "step dir=east", "step dir=south", "end_turn")
    assert state.phantom_cell == cell(state, "D1")
    assert state.relics[cell(state, "D1")] is False
    assert state.phase == "phantom" and state.opening_turn
    play(state, "step dir=north", "end_turn")
    assert state.phase == "hunters" and state.current_player == SIMULTANEOUS
    assert state.acting_seats() == (1, 2)


def test_step_uses_a_card_and_the_shared_die_budget() -> None:
    state = new_state(script={"phantom_die": [1, 2, 6]})
    twilight(state)
    play(state, "step dir=north")
    assert state.hand == [1, 2, 2, 2]
    assert "step" not in kinds(state, 0)
    with pytest.raises(IllegalActionError):
        state.apply("step dir=north", 0)
    play(state, "end_turn")
    play(state, "step dir=north")
    # two north cards a round: none left
    assert Action.make("step", dir="north") not in state.legal_actions(0)


def test_a_turn_without_steps_discards_one_card() -> None:
    state = new_state(script={"phantom_die": [2, 2]})
    twilight(state)
    assert "end_turn" not in kinds(state, 0)
    play(state, "discard dir=south")
    assert state.hand == [2, 2, 1, 2] and state.phase == "phantom"
    view = state.view(1)
    assert view["phantom"]["hand_size"] == 7 and "private" not in view


def _to_hunters(state, die: int = 1) -> None:  # type: ignore[no-untyped-def]
    """Twilight and the two opening turns: route B2, C2, C3, C2; the Phantom ends on C2."""
    twilight(state)
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")


def test_relic_destroyed_reveals_and_discards_the_route() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C3", "end_turn", seat=2)
    assert state.phase == "phantom" and state.view(1)["phantom"]["cell"] is None
    play(state, "step dir=east", "step dir=south", "end_turn")
    assert state.relics[cell(state, "D1")] is True
    assert state.revealed and state.route == [cell(state, "D1")] and state.laid == []
    for seat in (None, 1, 2):
        assert state.view(seat)["phantom"]["cell"] == "D1"
    assert state.possible_cells(1) == frozenset([cell(state, "D1")])


def test_reveal_lasts_until_the_next_turn_then_hidden() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2, 1], "hunter_die": [1, 1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C3", "end_turn", seat=2)
    play(state, "step dir=east", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A1", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C4", "end_turn", seat=2)
    assert state.view(1)["phantom"]["cell"] == "D1"
    play(state, "step dir=north")
    assert state.view(1)["phantom"]["cell"] is None and not state.revealed


def test_trails_show_where_the_route_passed_and_not_elsewhere() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1, 2]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "move to=B1", "end_turn", seat=1)
    assert state.trails == set()
    play(state, "start_turn hunter=exorcist", "move to=B2", seat=2)
    assert state.trails == {cell(state, "B2")}
    assert "A trail appears on B2." in state.view(None)["log"]


def test_tracker_looks_on_the_four_cells_next_to_it() -> None:
    state = new_state(hunters=("tracker", "medium"), script={"phantom_die": [1, 2], "hunter_die": [3]})
    _to_hunters(state)
    play(state, "start_turn hunter=tracker", "move to=B3", seat=1)
    assert state.trails == {cell(state, "B2"), cell(state, "C3")}


def test_pentagram_shows_trails_around_it() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [2]})
    twilight(state, (10, 11, 12, 7))  # the hunters get the pentagram sides of cards 1, 3, 5, 9
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "end_turn")
    medium = state.hunter("medium")
    assert any(state.game.cards[c - 1].hunter == "pentagram" for c in medium.cards)
    play(state, "start_turn hunter=medium", "move to=B1", "pentagram", seat=1)
    assert state.pentagrams == [cell(state, "B1")]
    assert state.trails == {cell(state, "B2"), cell(state, "C2")}


def test_trap_triggers_damage_reveal_and_stop_and_stays_secret_until_then() -> None:
    state = new_state(script={"phantom_die": [1, 2, 3], "hunter_die": [1, 1]})
    _to_hunters(state)
    medium = state.hunter("medium")
    assert any(state.game.cards[c - 1].hunter == "trap" for c in medium.cards)
    play(state, "start_turn hunter=medium", "move to=A2", seat=1)
    with pytest.raises(IllegalActionError):
        state.apply("trap cell=D4", 1)
    play(state, "trap cell=C3", "end_turn", seat=1)
    assert "trap lies on" not in str(state.view(0)["log"]) and "traps" not in state.view(0)
    assert "The medium's trap lies on C3." in state.view(1)["log"]
    assert state.view(0)["traps_set"] == 1 and state.view(1)["traps"][0]["cell"] == "C3"
    play(state, "start_turn hunter=exorcist", "move to=D2", "end_turn", seat=2)
    play(state, "step dir=north")
    assert state.damage == 1 and state.revealed and state.phantom_cell == cell(state, "C3")
    assert "step" not in kinds(state, 0)
    assert "trap on C3" in str(state.view(0)["log"])


def test_traps_cannot_go_on_relics_except_for_the_engineer() -> None:
    state = new_state(hunters=("engineer", "medium"), script={"phantom_die": [1, 2], "hunter_die": [1]})
    _to_hunters(state)
    play(state, "start_turn hunter=engineer", seat=1)
    engineer = state.hunter("engineer")
    assert any(state.game.cards[c - 1].hunter == "trap" for c in engineer.cards)
    assert Action.make("trap", cell="D1") in state.legal_actions(1)
    play(state, "move to=D1", "end_turn", seat=1)
    play(state, "start_turn hunter=medium", seat=2)
    assert Action.make("trap", cell="D1") not in state.legal_actions(2)


def test_summon_by_cell_type_reveals_the_cell_and_shares_the_budget() -> None:
    state = new_state(script={"phantom_die": [1, 2, 3], "hunter_die": [1, 1]})
    twilight(state, (5, 1, 10, 11))  # Summon Slime, Summon Shadows
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    # C2 is damp: only Slime
    assert [a for a in state.legal_actions(0) if a.kind == "summon"] == [Action.make("summon", entity="slime")]
    play(state, "step dir=north")  # C3, damp
    play(state, "summon entity=slime")
    assert state.entities[0].cell == cell(state, "C3") and "step" not in kinds(state, 0)
    assert state.possible_cells(1) == frozenset([cell(state, "C3")])
    play(state, "move_entity entity=1 dir=east", "move_entity entity=1 dir=north")
    assert state.spent == 3 and "move_entity" not in kinds(state, 0)
    assert state.entities[0].cell == cell(state, "D4")


def test_entity_destroys_a_relic_after_two_turns_on_it_without_revealing() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2, 1], "hunter_die": [1, 1, 1, 1]})
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "summon entity=slime", "move_entity entity=1 dir=east", "move_entity entity=1 dir=south")
    play(state, "discard dir=south")
    assert state.entities[0].relic_turns == 1 and not state.relics[cell(state, "D1")]
    play(state, "start_turn hunter=medium", "move to=A1", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=B1", "end_turn", seat=2)
    play(state, "discard dir=south")
    assert state.relics[cell(state, "D1")] and not state.revealed


def test_hunter_banishes_an_entity_by_entering_its_cell() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1]})
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "summon entity=slime", "discard dir=south")
    play(state, "start_turn hunter=exorcist", "move to=C2", seat=2)
    assert state.entities == []


def test_correct_guess_damages_and_reveals_exorcist_deals_two() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    _to_hunters(state)
    play(state, "start_turn hunter=exorcist", "move to=B2", seat=2)
    assert state.hunter("exorcist").cell == cell(state, "B2")
    state2 = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    _to_hunters(state2)
    play(state2, "start_turn hunter=exorcist", "guess", seat=2)
    # the exorcist stands on C2, the Phantom's cell
    assert state2.damage == 2 and state2.revealed and state2.route == [cell(state2, "C2")]


def test_wrong_guess_costs_the_next_turn_by_default() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "guess", seat=1)
    assert state.damage == 0 and state.active is None and state.hunter("medium").stunned
    assert cell(state, "A1") not in state.possible_cells(1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "step dir=west", "end_turn")
    play(state, "start_turn hunter=medium", seat=1)
    assert state.active is None and not state.hunter("medium").stunned


def test_wrong_guess_this_turn_option() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1, 1]}, **{"wrong-guess": "this-turn"})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "guess", seat=1)
    assert not state.hunter("medium").stunned
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "step dir=west", "end_turn")
    play(state, "start_turn hunter=medium", seat=1)
    assert state.active == 0 and "move" in kinds(state, 1)


def test_check_of_honesty_costs_all_action_cards() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", seat=1)
    assert state.hunter("medium").cards
    play(state, "check_honesty", seat=1)
    assert state.hunter("medium").cards == [] and state.damage == 0
    assert "went:" not in str(state.view(1)["log"])
    assert "checks the Phantom's 2 move cards: they are honest; the medium loses" in str(state.view(0)["log"])


def test_checks_reveal_route_option_tells_the_hunters_the_directions() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]}, **{"checks-reveal-route": True})
    _to_hunters(state)
    before = state.possible_cells(1)
    play(state, "start_turn hunter=medium", "check_honesty", seat=1)
    assert "The Phantom's last turn went: north, south." in state.view(1)["log"]
    assert "went:" not in str(state.view(None)["log"])
    assert state.possible_cells(1) <= before and state.phantom_cell in state.possible_cells(1)


def test_horror_makes_a_hunter_skip_its_move() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1]})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "horror hunter=medium", "end_turn")
    play(state, "start_turn hunter=medium", seat=1)
    assert "move" not in kinds(state, 1) and "end_turn" in kinds(state, 1)
    play(state, "end_turn", seat=1)
    assert not state.hunter("medium").horrified


def test_acceleration_and_athlete_extend_moves() -> None:
    state = new_state(hunters=("athlete", "medium"), script={"phantom_die": [1, 1, 2], "hunter_die": [1]})
    twilight(state, (10, 1, 3, 7))
    play(state, "accelerate")
    assert state.budget == 3
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "end_turn")
    play(state, "start_turn hunter=athlete", seat=1)
    assert state.move_budget == 2
    athlete = state.hunter("athlete")
    if any(state.game.cards[c - 1].hunter == "acceleration" for c in athlete.cards):
        play(state, "accelerate", seat=1)
        assert state.move_budget == 4


def test_medium_senses_and_photographer_photographs() -> None:
    state = new_state(hunters=("medium", "photographer"), script={"phantom_die": [1, 2], "hunter_die": [1, 1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "sense", seat=1)
    assert "sense" not in kinds(state, 1)
    near = state.house.distances(cell(state, "A1"), 2)
    assert all((c in near) is False for c in state.possible_cells(1))  # C2 is 3 steps from A1
    play(state, "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=photographer", "photograph room=east", seat=2)
    assert state.possible_cells(1) <= state.house.room("east").cells
    assert "the Phantom is there" in str(state.view(None)["log"])


def test_round_ends_without_usable_cards_then_hunters_last_turn_and_cleanup() -> None:
    state = new_state(script={"phantom_die": [6, 6, 6], "hunter_die": [1, 1, 1, 1]})
    twilight(state)
    # 8 cards: spend them all in the opening turns (two 6-rolls plus Acceleration)
    play(state, "step dir=north", "step dir=south", "step dir=north", "step dir=south", "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "step dir=west", "end_turn")
    assert state.hand == [0, 0, 0, 0] and state.round_ending
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    assert state.round == 2 and state.phase == "twilight" and state.hand == [2, 2, 2, 2]
    assert state.traps == [] or not any(t.active for t in state.traps)
    assert state.entities == [] and state.pentagrams == [] and state.trails == set()
    assert all(h.cards == [] for h in state.hunters)


def test_seven_damage_banishes_the_phantom() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    _to_hunters(state)
    state.damage = 5
    play(state, "start_turn hunter=exorcist", "guess", seat=2)
    assert state.is_terminal() and state.winner == "hunters"
    assert state.returns() == [-1.0, 1.0, 1.0] and state.outcome() == "hunters"


def test_destroying_every_relic_wins_for_the_phantom() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 1]})
    _to_hunters(state)
    state.relics[cell(state, "A4")] = True
    state.relics[cell(state, "D4")] = True
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C3", "end_turn", seat=2)
    play(state, "step dir=east", "step dir=south", "end_turn")
    assert state.winner == "phantom" and state.returns() == [1.0, -1.0, -1.0]


def test_seven_rounds_pass_and_the_hunters_win() -> None:
    state = new_state(script={"phantom_die": [6, 6, 6], "hunter_die": [1] * 4})
    state.round = 7
    twilight(state)
    play(state, "step dir=north", "step dir=south", "step dir=north", "step dir=south", "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "step dir=west", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    assert state.winner == "hunters" and state.is_terminal()


def test_views_keep_both_secrets() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", "trap cell=D3", seat=1)
    phantom, hunter, spectator = state.view(0), state.view(1), state.view(None)
    assert phantom["private"]["cell"] == "C2" and phantom["private"]["route"][-1] == {"index": 3, "cell": "C2"}
    assert "private" not in hunter and hunter["phantom"]["cell"] is None
    assert "private" not in spectator and "traps" not in spectator and "traps" not in phantom
    assert "D3" in str(hunter["traps"]) and "D3" not in str(phantom["log"]) and "D3" not in str(spectator["log"])
    assert "You move" in str(phantom["log"]) and "You move" not in str(hunter["log"])
    assert state.secrets(1) and state.secrets(0)


def test_illegal_actions_leave_the_state_untouched() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [2]})
    _to_hunters(state)
    play(state, "start_turn hunter=medium", seat=1)
    before = state.fingerprint()
    for bad in ("move to=D4", "end_turn", "trap cell=A4", "step dir=north"):
        with pytest.raises(IllegalActionError) as err:
            state.apply(bad, 1)
        assert err.value.reason
    assert state.fingerprint() == before


def _slime_on_c2(state) -> None:  # type: ignore[no-untyped-def]
    """Twilight with Summon Slime, openings ending on C2, hunters to A2 and C1, then a Slime on C2."""
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "summon entity=slime")


def test_an_entity_entering_a_trap_is_banished_and_the_trap_is_spent() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 1]})
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "trap cell=D2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    play(state, "summon entity=slime", "move_entity entity=1 dir=east")
    assert state.entities == [] and state.active_traps() == []
    assert "The medium's trap on D2 banishes the Slime." in state.view(0)["log"]


def test_an_entity_entering_a_pentagram_destroys_it() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 1]})
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=D2", seat=2)
    exorcist = state.hunter("exorcist")
    assert any(state.game.cards[c - 1].hunter == "pentagram" for c in exorcist.cards)
    play(state, "pentagram", "end_turn", seat=2)
    assert state.pentagrams == [cell(state, "D2")]
    # the exorcist stands on D2, so make room: an entity entering a hunter's cell is banished first
    state.hunter("exorcist").cell = cell(state, "D1")
    play(state, "summon entity=slime", "move_entity entity=1 dir=east")
    assert state.pentagrams == [] and len(state.entities) == 1


def test_a_revealed_phantom_attacks_a_pentagram_next_to_it() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 2]})
    _to_hunters(state)
    play(state, "start_turn hunter=exorcist", "guess", "move to=C3", "end_turn", seat=2)
    play(state, "start_turn hunter=medium", "move to=B2", "pentagram", "end_turn", seat=1)
    assert state.revealed and state.pentagrams == [cell(state, "B2")]
    assert Action.make("attack_pentagram", cell="B2") in state.legal_actions(0)
    play(state, "attack_pentagram cell=B2")
    assert state.pentagrams == [] and state.revealed
    play(state, "step dir=south")
    assert "attack_pentagram" not in kinds(state, 0) and not state.revealed


def test_no_summon_onto_a_hunters_cell() -> None:
    state = new_state(script={"phantom_die": [1, 2, 2], "hunter_die": [1, 1]})
    twilight(state, (5, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", "move to=C1", "end_turn", seat=2)
    state.hunter("exorcist").cell = cell(state, "C2")
    assert "summon" not in kinds(state, 0)


# The three-hunters=balanced variant (docs/games/old_house.md, Balance).

THREE = ("medium", "exorcist", "athlete")


def test_balanced_variant_adds_one_card_to_the_roll_against_three_hunters_only() -> None:
    budgets = {}
    for players, variant in ((4, "balanced"), (4, "printed"), (3, "balanced")):
        state = new_state(players, THREE[: players - 1], script={"phantom_die": [1]}, **{"three-hunters": variant})
        twilight(state)
        budgets[players, variant] = state.budget
    assert budgets == {(4, "balanced"): 2, (4, "printed"): 1, (3, "balanced"): 1}


def test_balanced_variant_horror_frightens_two_hunters_with_one_card() -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2]}, **{"three-hunters": "balanced"})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "horror hunter=medium")
    assert state.horror_left == 1 and not any(state.game.cards[c - 1].phantom == "horror" for c in state.phantom_cards)
    assert state.view(1)["phantom"]["horror_left"] == 1
    play(state, "horror hunter=athlete")
    assert [h.horrified for h in state.hunters] == [True, False, True]
    assert "horror" not in kinds(state, 0)
    assert "The Horror also frightens the athlete" in str(state.view(None)["log"])


def test_printed_rules_horror_frightens_one_hunter_with_three_hunters() -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2]})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west", "step dir=east", "horror hunter=medium")
    assert state.horror_left == 0 and "horror" not in kinds(state, 0)


@pytest.mark.parametrize("variant", ["balanced", "printed"])
def test_balanced_variant_a_named_phantom_cannot_be_named_again_this_phase(variant: str) -> None:
    state = new_state(4, THREE, script={"phantom_die": [1, 2], "hunter_die": [1, 1]}, **{"three-hunters": variant})
    _to_hunters(state)
    play(state, "start_turn hunter=exorcist", "guess", seat=2)  # the exorcist stands on C2 with the Phantom
    assert state.damage == 2 and state.revealed
    play(state, "move to=C1", "end_turn", seat=2)
    play(state, "start_turn hunter=athlete", "move to=C2", seat=3)
    if variant == "printed":
        play(state, "guess", seat=3)
        assert state.damage == 3
        return
    assert "guess" not in kinds(state, 3) and state.view(3)["phantom"]["named"]
    with pytest.raises(IllegalActionError, match="cannot be named again before its next turn"):
        state.apply("guess", 3)
    assert state.damage == 2


def test_terminal_notes_name_both_sides_of_each_twilight_card() -> None:
    state = new_state()
    play(state, "pick_cards")
    notes = {str(a): state.action_note(0, a) for a in state.legal_actions(0)}
    assert notes["take_card card=7"] == "horror / trap"
    assert notes["take_card card=1"] == "summon shadows / pentagram"
    assert state.action_note(0, Action.make("gamble")) == ""

"""The rulebook's readings (rules version 3), each in a scripted scenario on the small test house,
and a spectator's determinization, which must not know where the traps lie.

The seven readings (docs/games/old_house.md, "The rulebook's readings"): a check of honesty shows
this turn's Move cards; the hunters share Twilight's cards; the opening turns move and leave the
start cell; a hunter that ends its turn unmoved is checked for a trail; a wrong guess costs this
turn; the hunters choose their heroes; a hunter plays cards before or after its move.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from ghosttable.core import Action, IllegalActionError
from ghosttable.core.errors import NotYourTurnError, RecordError
from ghosttable.core.records import replay
from ghosttable.core.state import SIMULTANEOUS
from ghosttable.games.old_house import OldHouse, OldHouseState
from tests.games.old_house.helpers import SMALL, cell, kinds, new_state, play, twilight


def _opening(state: OldHouseState) -> None:
    """Twilight and the two opening turns: route B2, C2, C3, C2 (the Phantom ends on C2)."""
    twilight(state)
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=north", "step dir=south", "end_turn")


# 1. The check of honesty -------------------------------------------------------------------------


def test_a_check_of_honesty_shows_every_hunter_the_move_cards_of_this_turn_and_no_one_else() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1, 1]})
    _opening(state)
    assert state.game.options["checks-reveal-route"] is True
    before = state.possible_cells(1)
    play(state, "start_turn hunter=medium", "check_honesty", seat=1)
    assert state.hunter("medium").cards == [] and state.damage == 0
    # both hunter seats read the directions laid this turn, in order; the spectator does not
    for seat in (1, 2):
        view = state.view(seat)
        assert view["checked_route"] == ["north", "south"]
        assert "The Phantom's last turn went: north, south." in view["log"]
    spectator = state.view(None)
    assert "checked_route" not in spectator and "went:" not in str(spectator["log"])
    assert "checked_route" not in state.view(0)
    # the hunters' belief: the route of this turn from any cell the turn may have started on
    assert state.possible_cells(1) < before and state.phantom_cell in state.possible_cells(1)
    assert state.possible_cells(None) == before
    # once a phase
    assert "check_honesty" not in kinds(state, 1)
    play(state, "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", seat=2)
    assert "check_honesty" not in kinds(state, 2)


# 2. Sharing the cards ----------------------------------------------------------------------------


def test_the_hunters_decide_who_takes_each_card_left_after_twilight() -> None:
    state = new_state()
    play(state, "pick_cards", "take_card card=10", "take_card card=11", "take_card card=12", "take_card card=13")
    assert state.phase == "sharing" and state.decision_name(1) == "share_cards"
    assert state.current_player == SIMULTANEOUS and state.acting_seats() == (1, 2)
    assert state.view(None)["sharing"]["available"][0] == {"id": 1, "phantom": "summon_shadows", "hunter": "pentagram"}
    # either hunter seat gives any card to any hunter; a card the Phantom took cannot be given
    give = [a for a in state.legal_actions(2) if a.kind == "give_card"]
    assert len(give) == 9 * 2 and give == state.legal_actions(1)
    fingerprint = state.fingerprint()
    with pytest.raises(IllegalActionError):
        state.apply("give_card card=10 hunter=medium", 1)
    with pytest.raises(NotYourTurnError):
        state.apply("give_card card=1 hunter=medium", 0)
    assert state.fingerprint() == fingerprint
    play(state, "give_card card=1 hunter=medium", seat=2)  # hunter2 gives hunter1's hunter a card
    for c in range(2, 10):
        play(state, f"give_card card={c} hunter=exorcist", seat=1 + c % 2)
    assert state.hunter("medium").cards == [1] and state.hunter("exorcist").cards == list(range(2, 10))
    assert "The exorcist takes trap (card 8)." in state.view(0)["log"]
    assert state.phase == "phantom" and state.view(None)["sharing"] is None


def test_card_sharing_dealt_deals_them_one_by_one_as_before() -> None:
    state = new_state(**{"card-sharing": "dealt"})
    play(state, "pick_cards", "take_card card=10", "take_card card=11", "take_card card=12", "take_card card=13")
    assert state.phase == "phantom"
    assert state.hunter("medium").cards == [1, 3, 5, 7, 9] and state.hunter("exorcist").cards == [2, 4, 6, 8]


# 3. The opening ----------------------------------------------------------------------------------


def test_each_opening_turn_moves_at_least_one_step_and_the_second_ends_off_the_start_cell() -> None:
    state = new_state(script={"phantom_die": [1, 1]})
    twilight(state, (7, 8, 9, 1))  # no Acceleration: the roll is all the steps
    start = state.house.phantom_start
    # no discard, no end of the turn and no Horror before a step
    assert kinds(state, 0) == {"step"}
    play(state, "step dir=east", "end_turn")
    # the second turn, one step: not back onto the start cell (it could not leave it again)
    assert Action.make("step", dir="west") not in state.legal_actions(0)
    assert kinds(state, 0) == {"step"}
    assert "second opening turn" in state.decision_prompt(0)
    assert state.view(None)["phantom"]["opening_turns_left"] == 1
    play(state, "step dir=north", "end_turn")
    assert state.phase == "hunters" and state.phantom_cell != start
    # everyone knows the rule, so no one's belief holds the start cell
    assert start not in state.possible_cells(None) and start not in state.possible_cells(1)


def test_the_second_opening_turn_may_pass_the_start_cell_but_not_end_there() -> None:
    state = new_state(script={"phantom_die": [1, 2]})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=east", "end_turn")
    play(state, "step dir=west")  # onto the start cell, one step left
    assert state.phantom_cell == state.house.phantom_start
    assert "end_turn" not in kinds(state, 0) and "horror" not in kinds(state, 0)
    play(state, "step dir=north")
    assert "end_turn" in kinds(state, 0) and "horror" in kinds(state, 0)
    play(state, "end_turn")
    assert state.phantom_cell == cell(state, "B3") and state.phase == "hunters"


# 4. A trail at the end of a turn -----------------------------------------------------------------


def test_a_horrified_hunter_that_does_not_move_is_checked_for_a_trail_at_the_end_of_its_turn() -> None:
    state = new_state(script={"phantom_die": [2, 2], "hunter_die": [1]})
    twilight(state, (7, 10, 11, 12))
    play(state, "step dir=west", "step dir=south", "end_turn")  # B2, A2, A1: the medium's cell
    play(state, "step dir=north", "step dir=north", "horror hunter=medium", "end_turn")  # A2, A3
    assert state.phantom_cell == cell(state, "A3") and state.trails == set()
    play(state, "start_turn hunter=medium", seat=1)
    assert "move" not in kinds(state, 1)
    play(state, "end_turn", seat=1)
    assert state.trails == {cell(state, "A1")}
    assert "A trail appears on A1." in state.view(None)["log"]
    assert state.phantom_cell in state.possible_cells(None)


# 5. A wrong guess --------------------------------------------------------------------------------


def test_a_wrong_guess_costs_the_rest_of_this_turn_only_by_default() -> None:
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1, 1]})
    assert state.game.options["wrong-guess"] == "this-turn"
    _opening(state)
    play(state, "start_turn hunter=medium", "guess", seat=1)  # before moving: the move is lost
    assert state.active is None and not state.hunter("medium").stunned
    assert state.hunter("medium").cell == cell(state, "A1")
    assert "loses the turn" in state.view(None)["log"][-1]
    assert state.view(None)["wrong_guess_costs_next_turn"] is False
    play(state, "start_turn hunter=exorcist", "move to=C1", "guess", seat=2)  # after moving: nothing more
    assert state.phase == "phantom"
    play(state, "step dir=west", "end_turn")
    play(state, "start_turn hunter=medium", seat=1)
    assert state.active == 0 and "move" in kinds(state, 1)


# 6. Heroes ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seats"), [(2, [1, 1]), (3, [1, 2]), (4, [1, 2, 3])])
def test_the_hunter_seats_choose_their_heroes_at_setup(players: int, seats: list[int]) -> None:
    state = OldHouse(players, house=SMALL).new_initial_state(4)
    names = ["tracker", "engineer", "photographer"][: len(seats)]
    for seat, name in zip(seats, names, strict=True):
        assert state.phase == "heroes" and state.current_player == seat
        assert state.decision_name(seat) == "choose_hero"
        offered = [str(a["hunter"]) for a in state.legal_actions(seat)]
        assert name in offered and not set(offered) & {h.name for h in state.hunters}
        assert state.view(None)["heroes"]["offered"][0]["ability"]
        others = [s for s in range(players) if s != seat]
        with pytest.raises(NotYourTurnError):
            state.apply(f"choose_hero hunter={name}", others[0])
        play(state, f"choose_hero hunter={name}")
    assert [h.name for h in state.hunters] == names and [h.seat for h in state.hunters] == seats
    assert [h.cell for h in state.hunters] == [state.house.portraits[n] for n in names]
    assert state.phase == "twilight" and state.current_player == 0
    assert f"Round 1 begins. Hunters: {', '.join(names)}." in state.view(1)["log"]
    with pytest.raises(IllegalActionError):
        state.apply("choose_hero hunter=medium", 0)


def test_a_hero_taken_cannot_be_chosen_again_and_heroes_random_deals_them() -> None:
    state = OldHouse(3, house=SMALL).new_initial_state(0)
    play(state, "choose_hero hunter=medium")
    fingerprint = state.fingerprint()
    with pytest.raises(IllegalActionError):
        state.apply("choose_hero hunter=medium", 2)
    assert state.fingerprint() == fingerprint
    dealt = OldHouse(3, house=SMALL, heroes="random").new_initial_state(0, {"hunter_cards": [["athlete", "exorcist"]]})
    assert dealt.phase == "twilight" and [h.name for h in dealt.hunters] == ["athlete", "exorcist"]


# 7. Cards before or after the move ---------------------------------------------------------------


def test_the_hunters_choose_who_goes_and_a_hunter_plays_its_cards_before_or_after_its_move() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1, 1]})
    _opening(state)
    assert state.acting_seats() == (1, 2) and state.current_player == SIMULTANEOUS
    # the exorcist's seat goes first: a trap before the move, a pentagram... it holds traps only
    play(state, "start_turn hunter=exorcist", "trap cell=D3", seat=2)
    assert not state.moved and "move" in kinds(state, 2)
    play(state, "move to=C1", seat=2)
    play(state, "trap cell=A3", "end_turn", seat=2)
    assert sorted(state.house.name_of(t.cell) for t in state.active_traps()) == ["A3", "D3"]
    # the medium: a pentagram before its move, a trap after it
    play(state, "start_turn hunter=medium", "pentagram", seat=1)
    assert state.pentagrams == [cell(state, "A1")] and "move" in kinds(state, 1)
    play(state, "move to=B1", "trap cell=D2", "end_turn", seat=1)
    assert len(state.active_traps()) == 3 and state.phase == "phantom"


# A spectator's determinization --------------------------------------------------------------------


def _with_a_trap_on(trap: str) -> OldHouseState:
    """After the opening, the exorcist sets a trap on ``trap``; the Phantom then steps north (to C3,
    clear of it); the hunters' phase begins."""
    state = new_state(script={"phantom_die": [1, 2, 1], "hunter_die": [1, 1]})
    _opening(state)
    play(state, "start_turn hunter=medium", "move to=A2", "end_turn", seat=1)
    play(state, "start_turn hunter=exorcist", f"trap cell={trap}", "move to=C1", "end_turn", seat=2)
    play(state, "step dir=north", "end_turn")
    assert state.phase == "hunters" and state.phantom_cell == cell(state, "C3")
    return state


def test_a_spectators_determinization_does_not_depend_on_where_the_traps_lie() -> None:
    one, other = _with_a_trap_on("A3"), _with_a_trap_on("D2")
    assert one.view(None) == other.view(None)
    # the hunters' belief differs (each knows its trap was not entered), the public one does not
    assert one.possible_cells(1) != other.possible_cells(1)
    assert one.possible_cells(None) == other.possible_cells(None)
    phantom_cells: set[int] = set()
    for k in range(40):
        a = one.determinize(None, random.Random(k))
        b = other.determinize(None, random.Random(k))
        assert a.snapshot() == b.snapshot() and a.fingerprint() == b.fingerprint()
        assert a.view(None) == one.view(None)
        # a consistent world: its Phantom is where its hunters' belief (with its traps) allows
        assert a.phantom_cell in a.possible_cells(1) and a.phantom_cell in one.possible_cells(None)
        trap = a.active_traps()[0]
        assert trap.cell not in trap.phantom_clear and trap.cell != a.phantom_cell
        phantom_cells.add(a.phantom_cell)
    # the spectator's samples spread over the public belief, trap cells the hunters ruled out included
    assert cell(one, "A3") in phantom_cells and cell(one, "D2") in phantom_cells
    assert phantom_cells <= set(one.possible_cells(None))


def test_a_hunters_determinization_still_keeps_to_the_hunters_traps() -> None:
    state = _with_a_trap_on("D2")
    for k in range(30):
        twin = state.determinize(1, random.Random(k))
        assert twin.view(1) == state.view(1)
        assert twin.phantom_cell in state.possible_cells(1) and twin.phantom_cell != cell(state, "D2")


# Records of the old version ------------------------------------------------------------------------


def test_a_record_of_rules_version_2_is_refused_by_name_and_one_of_version_5_replays() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    _opening(state)
    doc = state.record().to_json()
    assert doc["version"] == "5" and replay(doc).fingerprint() == state.fingerprint()
    unsigned = {k: v for k, v in doc.items() if k != "checksum"}
    with pytest.raises(RecordError, match="made with old-house version 2; this is version 5"):
        replay(dict(unsigned, version="2"))


def test_a_record_of_rules_version_4_replays_to_its_final_state_and_version_5_tells_more_of_the_opening() -> None:
    """Version 5 added only what the second opening turn tells the trackers before it ends: a
    whole game recorded under version 4 (three heuristic seats) replays to the final state it
    names, and the same actions on version 5 end in the same result, the trackers told more."""
    doc = json.loads((Path(__file__).parent / "records" / "rules-4-heuristic.json").read_text("utf-8"))
    assert doc["version"] == "4"
    old = replay(doc)
    assert old.fingerprint() == doc["result"]["final"]
    unsigned = {k: v for k, v in doc.items() if k != "checksum"}
    new = replay(dict(unsigned, version="5", result=None))
    assert new.returns() == old.returns() and new.score() == old.score()
    told = [item[2] for item in new.knowledge if item[0] == "add" and item[2][0] == "usable_at"]
    assert told and not any(item[0] == "add" and item[2][0] == "usable_at" for item in old.knowledge)


def test_the_second_opening_turn_tells_the_trackers_when_the_phantom_cannot_be_back_on_its_start() -> None:
    """A step back onto the start cell in the second opening turn needs a step left after it (or
    Acceleration) and a card usable from there; Horror needs the Phantom off it. The trackers
    learn each as it happens, so the belief never holds the start cell where the rules forbid it."""
    from tests.games.old_house.test_belief import brute_force_cells, random_game

    def second_opening_turn() -> OldHouseState:
        state = new_state(script={"phantom_die": [1, 3], "hunter_die": [1]})
        twilight(state, cards=(1, 3, 7, 8))  # no Acceleration: the die's steps are all there are
        play(state, "step dir=east", "end_turn")  # B2, the start, to C2; the second turn has 3 steps
        return state

    state = second_opening_turn()
    start = state.house.phantom_start
    assert cell(state, "B2") == start
    play(state, "step dir=east")  # D2; B2 was open too, with two steps left to leave it
    assert start in state.possible_cells(1)
    play(state, "horror hunter=" + state.hunters[0].name)  # Horror: off the start cell
    assert start not in state.possible_cells(1) and start not in state.possible_cells(None)
    assert brute_force_cells(state, 1) == set(state.possible_cells(1))

    state = second_opening_turn()
    play(state, "step dir=east", "step dir=west", "step dir=north")  # the last step could not be onto B2
    assert start not in state.possible_cells(1) and start not in state.possible_cells(None)
    assert brute_force_cells(state, 1) == set(state.possible_cells(1))

    for seed, steps in ((533, 23), (4880, 25), (13, 20)):  # once found where the belief held the start cell
        state = random_game(SMALL, 3, seed, steps)
        assert state.opening_turn and state.opening_left == 1
        start = state.house.phantom_start
        assert start not in state.possible_cells(1) and start not in state.possible_cells(None)
        assert brute_force_cells(state, 1) == set(state.possible_cells(1))


def test_a_record_of_rules_version_3_replays_to_its_final_state_without_the_hunters_turn_line() -> None:
    """Version 4 added only the log line that opens the hunters' turn: a whole game recorded
    under version 3 (three heuristic seats) replays to the final state it names, and the same
    actions on version 4 log that line at every hunters' turn."""
    doc = json.loads((Path(__file__).parent / "records" / "rules-3-heuristic.json").read_text("utf-8"))
    assert doc["version"] == "3"
    old = replay(doc)
    assert old.fingerprint() == doc["result"]["final"]
    assert not any("The hunters' turn." in str(line) for line in old.log)
    unsigned = {k: v for k, v in doc.items() if k != "checksum"}
    new = replay(dict(unsigned, version="4", result=None))
    assert sum("The hunters' turn." in str(line) for line in new.log) >= 2
    assert new.returns() == old.returns() and new.score() == old.score()
    assert OldHouse(3).as_version("2") is None

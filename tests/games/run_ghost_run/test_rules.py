"""Rules of Run, Ghost, Run! (seed, section by section), with the seed's worked examples."""

from __future__ import annotations

import pytest

from ghosttable.core import Action, IllegalActionError
from ghosttable.games.run_ghost_run.hall import Placement, parse_space
from tests.games.run_ghost_run.helpers import NO_FURNITURE, done, finish_turn, new_state, put, step


def test_setup_removes_cards_by_player_count_and_gives_seven_ghosts_each() -> None:
    for players, pile in ((2, 10), (3, 15), (4, 20)):
        state = new_state(players)
        assert len(state.deck) + players == pile
        assert len(state.removed) == 20 - pile
        for seat in range(players):
            sizes = [g.size for g in state.board.ghosts_of(seat)]
            assert sizes.count("small") == 4 and sizes.count("medium") == 2 and sizes.count("large") == 1
    assert new_state(3).start_side == ["south", "west", "north"]


def test_the_nine_point_move_of_the_seed() -> None:
    state = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]], script={"die": [6, 1]})
    assert state.phase == "plan" and state.card_value(0) == 9
    put(state, "red-m1", "hall", "A5")  # one space from the far edge
    put(state, "red-s4", "hall", "F2")  # already on the board
    step(state, 0, "red-s1", "A2", 2)  # A: a small ghost from her side, 2 moves
    step(state, 0, "red-m1", "exit", 2)  # B: the medium ghost advances and leaves, 2 moves
    step(state, 0, "red-s4", "E5", 4, place="under")  # C: hides 4 spaces away, under the desk
    step(state, 0, "red-l1", "F1", 1)  # D: the large ghost enters 1 space, the last move
    assert state.legal_actions(0) == [Action.make("done")]
    done(state, 0, 1)
    g = state.board.ghosts
    assert (g["red-s1"].space, g["red-s1"].place) == (parse_space("A2"), "floor")
    assert g["red-m1"].where == "exited"
    assert (g["red-s4"].space, g["red-s4"].place) == (parse_space("E5"), "under")
    assert g["red-l1"].space == parse_space("F1")
    assert state.points(0) == 3 + 1 + 2


def test_the_eight_point_merging_example_of_the_seed() -> None:
    state = new_state(2, first=[NO_FURNITURE[8], NO_FURNITURE[4]], script={"die": [6, 1]}, merging=True)
    assert state.board.ghosts["red-m1"].where == "unused"
    put(state, "red-m1", "reserve")  # seen last turn: back on the edge, medium
    put(state, "red-s4", "hall", "D6")
    step(state, 0, "red-s1", "B1", 1)  # A
    step(state, 0, "red-s2", "B1", 1, merge="red-s1")  # B
    step(state, 0, "red-m1", "D6", 6, merge="red-s4")  # C
    assert state.legal_actions(0) == [Action.make("done")]
    done(state, 0, 1)
    g = state.board.ghosts
    assert g["red-m2"].space == parse_space("B1")
    assert g["red-l1"].space == parse_space("D6")
    assert all(g[f"red-s{i}"].where == "reserve" for i in range(1, 5))
    assert g["red-m1"].where == "reserve"
    assert state.points(0) == 1 + 2


def test_merging_limits() -> None:
    state = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]], merging=True)
    legal = state.legal_actions(0)
    assert not any(a.get("ghost") in ("red-m1", "red-l1") for a in legal)  # only small ghosts leave first
    step(state, 0, "red-s1", "B1", 1)
    step(state, 0, "red-s2", "B1", 1, merge="red-s1")
    steps = state.legal_actions(0)
    assert not any(a.get("ghost") == "red-m2" for a in steps)  # the merged ghost cannot move this turn
    assert not any(a.get("merge") == "red-m2" for a in steps)  # nor merge again this turn
    # two medium ghosts never merge
    other = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]], merging=True)
    put(other, "red-m1", "hall", "B2")
    put(other, "red-m2", "hall", "A2")
    assert not any(a.get("merge") for a in other.legal_actions(0) if a.get("ghost") == "red-m2")


def test_no_entering_and_leaving_in_one_turn_and_costs() -> None:
    state = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]])
    legal = state.legal_actions(0)
    assert not any(a.get("to") == "exit" for a in legal)  # nothing is in the hall yet
    assert Action.make("step", ghost="red-s1", to="A6", place="floor", cost=6) in legal
    assert Action.make("step", ghost="blue-s1", to="A6", place="floor", cost=1) in state.legal_actions(1)
    with pytest.raises(IllegalActionError, match="costs"):
        state.apply(Action.make("step", ghost="red-l1", to="A1", place="floor", cost=12), 0)
    # a large ghost fits nowhere another ghost stands
    put(state, "blue-s1", "hall", "A1")
    assert not any(a.get("ghost") == "red-l1" and a.get("to") == "A1" for a in state.legal_actions(0))


def test_sealed_plans_are_resolved_in_order_from_the_die_holder() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], holder=1, script={"die": [6, 1]})
    step(state, 0, "red-l1", "A2", 2)
    step(state, 1, "blue-l1", "A2", 5)  # blue holds the die: its plan goes first
    # before the reveal neither seat's view shows the other's plan
    red_view = state.view(0)
    assert red_view["my_plan"]["steps"][0]["ghost"] == "red-l1"
    assert "blue-l1" not in str(red_view["my_plan"]) and red_view["players"][1]["plan_done"] is False
    done(state, 0, 1)
    g = state.board.ghosts
    assert g["blue-l1"].space == parse_space("A2")
    assert g["red-l1"].space == parse_space("A1")  # stopped on the last space of its path with room
    assert any(s["stopped_short"] for s in state.report["steps"])


def test_keyhole_must_change_side_and_seen_ghosts_go_home() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("east", 1), script={"die": [6, 1]})
    put(state, "blue-s1", "hall", "A1")
    done(state, 0, 1)
    assert state.phase == "keyhole" and state.chooser == 0
    sides = [a["side"] for a in state.legal_actions(0)]
    assert sides == ["south", "west", "north"]
    state.chance.script("door_die", [1])
    state.apply(Action.make("keyhole", side="south"), 0)
    assert state.keyhole == ("south", 1)
    assert state.board.ghosts["blue-s1"].where == "reserve"
    assert state.report["looks"][0]["seen"][0]["ghost"] == "blue-s1"
    assert state.die_holder == 1  # the chooser passes the die to the left
    assert state.turn == 2


def test_three_player_keyhole_rotation_over_four_turns() -> None:
    # Orange (seat 1) wins turn 1; Red (0) and Green (2) roll on turn 2 and Green wins; Red chooses
    # on turn 3 without rolling; all three roll again on turn 4.
    state = new_state(3, holder=0, script={"die": [2, 6, 3, 5, 1, 4, 6, 2]})
    seen_rollers = []
    choosers = []
    for _ in range(4):
        while state.phase != "keyhole":
            finish_turn_step(state)
        seen_rollers.append(sorted(state.rollers))
        choosers.append(state.chooser)
        if state.turn == 3:
            assert state.rolls == []
        finish_turn(state)
    assert choosers[:3] == [1, 2, 0]
    assert seen_rollers == [[0, 1, 2], [0, 2], [0], [0, 1, 2]]
    assert choosers[3] == 2  # order from the die holder (seat 1): faces 4, 6, 2 for seats 1, 2, 0


def finish_turn_step(state: object) -> None:
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

    assert isinstance(state, RunGhostRunState)
    if state.phase == "furniture":
        state.apply(Action.make("pass"))
    elif state.phase == "plan":
        for seat in list(state.acting_seats()):
            state.apply(Action.make("done"), seat)


def test_roll_off_ties_are_rolled_again() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], script={"die": [4, 4, 2, 5]})
    done(state, 0, 1)
    assert state.rolls == [[4, 4], [2, 5]] and state.chooser == 1


def test_moving_furniture() -> None:
    # card 2 shows the piano and the desk; card 4 the piano and the table
    state = new_state(2, first=[2, 4])
    assert state.phase == "furniture" and state.current_player == 0
    assert [a.kind for a in state.legal_actions()] == ["grasp", "grasp", "pass"]
    put(state, "red-s1", "hall", "B2", "on")  # a ghost on the piano
    state.apply(Action.make("grasp", piece="piano"))
    with pytest.raises(IllegalActionError):  # once grasped, no change of mind
        state.apply(Action.make("grasp", piece="desk"))
    place = Action.make("place", piece="piano", at="A6", rotation=0, posture="standing")
    assert place in state.legal_actions()
    state.apply(place)
    assert state.board.ghosts["red-s1"].place == "floor"  # put down on its own space
    # seat 1's card shows the piano (moved) and the table: only the table is offered
    assert state.current_player == 1
    assert [a.get("piece") for a in state.legal_actions() if a.kind == "grasp"] == ["table"]
    # no piece may stand outside the hall or on another piece
    state.apply(Action.make("grasp", piece="table"))
    spots = {(a["at"], a["rotation"], a["posture"]) for a in state.legal_actions()}
    assert ("F6", 0, "standing") not in spots
    assert ("A5", 0, "standing") not in spots  # would cover the piano


def test_both_pictured_pieces_moved_means_any_other_piece() -> None:
    state = new_state(2, first=[2, 16])
    state.moved = ["desk", "table"]
    state.queue = [1]
    state.__dict__.pop("_cache", None)
    offered = [a.get("piece") for a in state.legal_actions(1) if a.kind == "grasp"]
    assert offered == ["armchair", "mirror", "piano", "trolley"]


def test_scoring_and_both_tie_breaks() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]])
    put(state, "red-s1", "hall", "A2")
    put(state, "red-s2", "hall", "A3")
    put(state, "red-s3", "hall", "A5")
    put(state, "red-m1", "exited")
    assert state.points(0) == 1 + 3  # a pair of small ghosts, one medium out; the odd small counts 0
    put(state, "blue-m1", "hall", "F2")
    put(state, "blue-l1", "hall", "F3")
    put(state, "blue-s1", "exited")
    assert state.points(1) == 1 + 2 + 1
    # same points, one ghost out each: the fewest ghosts on their own side wins (red 3, blue 4)
    state.phase = "over"
    assert state.returns() == [1.0, -1.0]
    put(state, "blue-s2", "exited")
    put(state, "blue-l1", "reserve")
    assert state.points(1) == 1 + 1 + 1
    put(state, "red-s3", "reserve")
    put(state, "red-m1", "hall", "E4")
    assert state.points(0) == 1 + 1
    put(state, "red-s4", "exited")
    assert state.points(0) == 3 and state.points(1) == 3
    # red 1 out, blue 2 out: blue wins the first tie-break
    assert state.returns() == [-1.0, 1.0]
    put(state, "red-s3", "exited")
    put(state, "red-s4", "hall", "E5")
    put(state, "red-s1", "exited")
    put(state, "red-s2", "reserve")
    # red: exited s1 s3 (2) + medium 1 = 3 points, 2 out; blue 3 points, 2 out -> fewest at home
    assert state.points(0) == 3 and len(state.board.ghosts_of(0, "exited")) == 2
    assert (len(state.board.ghosts_of(0, "reserve")), len(state.board.ghosts_of(1, "reserve"))) == (3, 4)
    assert state.returns() == [1.0, -1.0]


def test_the_game_lasts_five_turns() -> None:
    for players in (2, 3, 4):
        state = new_state(players)
        turns = 0
        while not state.is_terminal():
            finish_turn(state)
            turns += 1
        assert turns == 5 and state.turn == 5


def test_merging_needs_room_for_the_bigger_ghost_and_may_resend_an_exited_small() -> None:
    state = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]], merging=True)
    put(state, "red-s4", "hall", "A4", "inside")  # inside the trolley: small ghosts only
    steps = state.legal_actions(0)
    assert Action.make("step", ghost="red-s1", to="A4", place="inside", cost=4) in steps
    assert not any(a.get("merge") == "red-s4" for a in steps)  # a medium ghost does not fit inside
    # with every small ghost away from home, one that has exited may be sent again
    for gid in ("red-s1", "red-s2", "red-s3"):
        put(state, gid, "exited")
    put(state, "red-s4", "hall", "F6")
    state.__dict__.pop("_cache", None)
    resend = [a for a in state.legal_actions(0) if a.get("ghost") == "red-s1"]
    assert resend and all(a.get("to") != "exit" for a in resend)
    step(state, 0, "red-s1", "B1", 1)
    assert state.points(0) == 3  # before the reveal the plan changes nothing
    state.apply(Action.make("done"), 0)
    state.apply(Action.make("done"), 1)
    assert state.board.ghosts["red-s1"].where == "hall"
    assert len(state.board.ghosts_of(0, "exited")) == 2
    assert state.points(0) == 2 + 1  # two exited smalls, and red-s1 now pairs with red-s4 in the hall


def test_furniture_may_be_stacked_on_a_piece_that_holds_its_whole_footprint() -> None:
    # card 9 shows the table and the armchair; card 4 the piano and the table
    state = new_state(2, first=[9, 4])
    put(state, "red-s1", "hall", "F3", "on")  # on the armchair's seat
    state.apply(Action.make("grasp", piece="armchair"))
    stack = Action.make("place", piece="armchair", at="D4", rotation=0, posture="standing")
    assert stack in state.legal_actions()  # the table covers C3-D4
    assert Action.make("place", piece="armchair", at="C2", rotation=0, posture="standing") in state.legal_actions()
    state.apply(stack)
    board = state.board
    assert board.furniture["armchair"].on == "table"
    assert board.base_of("armchair") == pytest.approx(0.8)
    assert [p.name for p in board.places_at(parse_space("D4"))] == ["under", "on"]
    assert [p.name for p in board.places_at(parse_space("C3"))] == ["under"]
    assert board.ghosts["red-s1"].place == "floor"  # put down on its own space when its seat left
    # a ghost perched on the stacked armchair stands on its seat, 0.8 + 0.4 above the floor
    put(state, "blue-s1", "hall", "D4", "on")
    assert board.base_height(board.ghosts["blue-s1"]) == pytest.approx(1.2)
    view = state.view(None)
    armchair = next(f for f in view["furniture"] if f["name"] == "armchair")
    assert armchair["on"] == "table" and armchair["base"] == 0.8
    assert min(b[2] for b in armchair["boxes"]) == pytest.approx(0.8)
    # the table carries the armchair: seat 1 may move only the piano
    assert [a.get("piece") for a in state.legal_actions(1) if a.kind == "grasp"] == ["piano"]
    state.apply(Action.make("grasp", piece="piano"), 1)
    spots = {(a["at"], a["rotation"], a["posture"]) for a in state.legal_actions(1)}
    assert ("C3", 0, "standing") in spots  # on the table, beside the armchair
    assert ("C4", 0, "standing") not in spots  # would cover the armchair: one level only


def test_a_stacked_piece_moved_away_puts_its_ghosts_down_on_their_space() -> None:
    state = new_state(2, first=[9, 4])
    state.board.furniture["armchair"] = Placement(3, 3, 0, "standing", "table")
    put(state, "red-s1", "hall", "D4", "on")
    state.apply(Action.make("grasp", piece="armchair"))
    state.apply(Action.make("place", piece="armchair", at="F1", rotation=0, posture="standing"))
    g = state.board.ghosts["red-s1"]
    assert (g.space, g.place) == (parse_space("D4"), "under")  # back in the table's only place there
    assert state.board.furniture["armchair"].on is None


def test_refusals_say_why_and_change_nothing() -> None:
    state = new_state(2, first=[2, 4], keyhole=("east", 1))
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match="grasp a piece your card shows"):
        state.apply(Action.make("grasp", piece="mirror"))
    state.apply(Action.make("grasp", piece="piano"))
    mid = state.fingerprint()
    with pytest.raises(IllegalActionError, match="cannot go there"):
        state.apply(Action.make("place", piece="piano", at="F1", rotation=0, posture="standing"))
    with pytest.raises(IllegalActionError, match="you grasped the piano"):
        state.apply(Action.make("place", piece="desk", at="A1", rotation=0, posture="standing"))
    assert state.fingerprint() == mid != before
    state.apply(state.legal_actions()[0])
    state.apply(Action.make("pass"))
    for seat in (0, 1):
        state.apply(Action.make("done"), seat)
    with pytest.raises(IllegalActionError, match="must change side"):
        state.apply(Action.make("keyhole", side="east"))


def test_every_offered_placement_moves_the_piece_there() -> None:
    import random

    from ghosttable.games.run_ghost_run import RunGhostRun

    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = RunGhostRun(4, midnight=True).new_initial_state(seed)
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            if state.phase == "furniture" and state.grasped is not None:
                name = state.grasped
                for action in rng.sample(legal, min(8, len(legal))):
                    twin = state.clone()
                    twin.apply(action, seat)
                    at = twin.board.furniture[name]
                    assert (at.anchor, at.rotation, at.posture) == (action["at"], action["rotation"], action["posture"])
                    checked += 1
            state.apply(legal[rng.randrange(len(legal))], seat)
    assert checked > 40

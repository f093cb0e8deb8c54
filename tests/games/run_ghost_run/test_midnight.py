"""The 12 Midnight Strikes cards, one by one (seed, "Midnight Strikes Cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall, midnight
from ghosttable.games.run_ghost_run.data import TIPPED_ON_BACK, game_data
from ghosttable.games.run_ghost_run.hall import Placement, parse_space
from ghosttable.games.run_ghost_run.rules import RunGhostRunState
from tests.games.run_ghost_run.helpers import done, finish_turn, new_state, put, step

ALL = [c.id for c in game_data().midnight]


def turn_two(
    card: str,
    setup: Callable[[RunGhostRunState], None] | None = None,
    players: int = 2,
    furniture: dict[str, Placement] | None = None,
    script: dict[str, list[Any]] | None = None,
    **options: Any,
) -> RunGhostRunState:
    """A game with Midnight Strikes whose pile starts with ``card``, played to the start of turn 2.

    ``setup`` arranges the hall during turn 1's keyhole decision; the turn-1 keyhole is made blind
    so the arranged ghosts are all there when the card is drawn. Seat 0 chooses the west side on
    turn 1, so seat 1 holds the die on turn 2.
    """
    order = [card, *[c for c in ALL if c != card]]
    full: dict[str, list[Any]] = {"midnight_deck": [order], "die": [6, 1] + [1] * players}
    full.update(script or {})
    full["door_die"] = [1, 1, *full.get("door_die", [])]
    first = [18, 14, 10, 6, 3, 1][: 2 * players] if players <= 3 else None
    state = new_state(players, first=first, script=full, midnight=True, **options)
    if furniture is not None:
        state.board.furniture = dict(furniture)
    assert state.midnight is None and state.turn == 1
    done(state, *range(players))
    assert state.phase == "keyhole" and state.chooser == 0
    if setup is not None:
        setup(state)
    real_look = state._look
    state._look = lambda side, door: {"side": side, "door": door, "seen": []}  # type: ignore[method-assign]
    state.apply(Action.make("keyhole", side="west"), 0)
    del state.__dict__["_look"]
    state._look = real_look  # type: ignore[method-assign]
    del state.__dict__["_look"]
    assert state.turn == 2 and state.midnight == card
    return state


def test_no_card_on_the_first_turn_and_the_die_holder_draws_on_the_second() -> None:
    state = turn_two("knock_knock")
    assert state.die_holder == 1
    assert any("blue draws Midnight Strikes: knock_knock" in line for line in state.log)
    assert len(state.midnight_deck) == 11


def test_double_curious_looks_again_from_the_opposite_door() -> None:
    state = turn_two("double_curious", furniture={}, script={"door_die": [3]})
    put(state, "red-s1", "hall", "C1")
    put(state, "blue-s1", "hall", "D6")
    finish_turn(state, side="south")
    looks = state.report["looks"]
    assert [(lk["side"], lk["door"]) for lk in looks] == [("south", 3), ("north", 3)]
    assert "red-s1" in {s["ghost"] for s in looks[0]["seen"]}
    assert "blue-s1" in {s["ghost"] for lk in looks for s in lk["seen"]}
    assert state.keyhole == ("north", 3)


def test_everybody_to_shelter_lays_every_ghost_down_for_the_turn() -> None:
    piano = {"piano": Placement(2, 1, 0, "standing")}
    state = turn_two("everybody_to_shelter", furniture=piano, script={"door_die": [3]})
    assert state.lying
    put(state, "red-l1", "hall", "C3")
    assert all(g["posture"] == "lying" for g in state.view(0)["ghosts"] if g["where"] == "hall")
    finish_turn(state, side="south")
    assert state.board.ghosts["red-l1"].where == "hall"  # lying, hidden behind the piano
    assert not state.lying  # standing again next turn


def test_overexcited_tips_each_piece_onto_its_side_not_its_back() -> None:
    # seed: "Tip the furniture over onto its side": the piece's width becomes its height, its
    # height the footprint's width; its depth and the way its front faces stay
    furniture = {"piano": Placement(1, 3, 0, "standing"), "mirror": Placement(4, 0, 180, "standing")}
    state = turn_two("overexcited", furniture=furniture)
    data = game_data()
    piano, mirror = state.board.furniture["piano"], state.board.furniture["mirror"]
    assert (piano.posture, piano.rotation, mirror.posture, mirror.rotation) == ("tipped", 0, "tipped", 180)
    # the piano (2 wide, 1 deep, 0.8 high) now stands on one space, 1.9 high (on its back it would
    # still be 2 wide and only 0.9 high)
    assert len(hall.covered_spaces(data.pieces["piano"], piano)) == 1
    assert max(b.hi[2] for b in hall.world_boxes(data.pieces["piano"], piano)) == pytest.approx(1.9)
    assert hall.footprint_size(data.pieces["piano"], 0, "tipped") == (1, 1)
    assert hall.footprint_size(data.pieces["table"], 0, "tipped") == (1, 2)
    # the mirror on its side is a panel 1.4 long and 1.0 high whose face still looks out front
    # (north, as it did), so it still reflects; a ghost may stand on the floor beside it
    assert hall.footprint_size(data.pieces["mirror"], 180, "tipped") == (2, 1)
    face = hall.mirror_face(data.pieces["mirror"], mirror)
    assert face is not None and face.axis == 1 and face.hi[2] == pytest.approx(1.0)
    assert face.hi[0] - face.lo[0] == pytest.approx(1.4)
    assert [p.name for p in hall.places_of(data.pieces["mirror"], mirror)] == ["floor"]


def test_overexcited_tips_every_piece_inside_the_hall() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "B2", "on")

    state = turn_two("overexcited", setup=setup)
    data = game_data()
    for name, at in state.board.furniture.items():
        assert at.posture == "tipped"
        assert hall.fits_in_hall(data.pieces[name], at)
    g = state.board.ghosts["red-s1"]
    assert g.where == "hall" and g.space == parse_space("B2")


def test_grimace_contest_turns_the_mirror_and_freezes_the_small_ghosts_before_it() -> None:
    state = turn_two("grimace_contest", furniture={"mirror": Placement(0, 0, 180, "tipped")})
    mirror = state.board.furniture["mirror"]
    assert mirror.posture == "standing"
    assert hall.facing(mirror) in ("north", "east")  # toward the centre from the corner
    placed = [g for g in state.board.ghosts.values() if g.where == "hall"]
    assert sorted(g.owner for g in placed) == [0, 1]
    assert {g.size for g in placed} == {"small"}
    assert placed[0].space == (mirror.col, mirror.row)
    frozen = {g.id for g in placed}
    for seat in (0, 1):
        assert not any(a.get("ghost") in frozen for a in state.legal_actions(seat))


def test_tag_youre_it_replaces_the_right_hand_neighbours_small_ghost() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "blue-s1", "hall", "C4", "floor")

    state = turn_two("tag_youre_it", setup=setup)
    # blue (seat 1) holds the die and goes first; its right-hand neighbour (red) had no ghost in the
    # hall: blue places one "3 spaces away from your starting side" (north), counted as written:
    # 3 spaces from the north edge's own row 6, so on row 3 (not row 4, the third row)
    assert state.phase == "midnight" and state.current_player == 1
    assert state.decision_name(1) == "tag_youre_it"
    spots = state.legal_actions(1)
    assert spots and all(str(a["to"]).endswith("3") for a in spots)
    assert all(hall.distance_from_side("north", parse_space(str(a["to"]))) == 3 for a in spots)
    assert Action.make("tag_place", to="B3", place="floor") in spots
    state.apply(Action.make("tag_place", to="B3", place="floor"), 1)
    # red's right-hand neighbour is blue: red replaces blue-s1
    assert state.current_player == 0
    assert [a.get("ghost") for a in state.legal_actions(0)] == ["blue-s1"]
    state.apply(Action.make("tag", ghost="blue-s1"), 0)
    assert state.board.ghosts["blue-s1"].where == "reserve"
    assert state.board.ghosts["red-s1"].space == parse_space("C4")
    assert state.board.ghosts["blue-s2"].space == parse_space("B3")
    assert state.phase == "plan"


def test_dance_floor_moves_a_piece_to_the_door_closest_to_it() -> None:
    # seed: "Move each piece of furniture to the door closest to where it is": the piano turned
    # to stand on B2 and B3 (centre 1.5, 2.0) is nearest west door 4 (A3's, 1.58 away; south door
    # 2 is 2.0 away), so it goes against the west edge covering A3, the nearer of the two such
    # spots (A2-A3): not straight down to the south edge, which its footprint is as near to
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "B2", "on")

    furniture = {"piano": Placement(1, 1, 90, "standing"), "trolley": Placement(2, 2, 0, "standing")}
    state = turn_two("dance_floor", setup=setup, furniture=furniture)
    assert state.board.furniture["piano"] == Placement(0, 1, 90, "standing")
    # the trolley on C3 (centre 2.5, 2.5): west door 4 (A3) and south door 3 (C1) are as close;
    # the doors' order (clockwise from south door 1) puts south door 3 first
    assert state.board.furniture["trolley"] == Placement(2, 0, 0, "standing")
    # ghosts stay on their spaces: red-s1 was on the piano over B2 and is now on B2's floor
    g = state.board.ghosts["red-s1"]
    assert g.where == "hall" and g.space == parse_space("B2") and g.place == "floor"


def test_dance_floor_moves_each_piece_to_the_nearest_door() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "C3", "under")

    state = turn_two("dance_floor", setup=setup)
    data = game_data()
    for name, at in state.board.furniture.items():
        fx, fy = hall.footprint_size(data.pieces[name], at.rotation, at.posture)
        gaps = {"south": at.row, "west": at.col, "north": hall.ROWS - at.row - fy, "east": hall.COLUMNS - at.col - fx}
        side = min(gaps, key=lambda k: gaps[k])
        if gaps[side] > 0:  # blocked by another piece one space nearer that door
            dx, dy = hall.INWARD[side]
            nearer = Placement(at.col - dx, at.row - dy, at.rotation, at.posture)
            assert not state.board.placement_free(name, nearer), name
    assert state.board.ghosts["red-s1"].space == parse_space("C3")  # ghosts stay on their spaces


def test_perched_cat_sends_home_every_ghost_not_on_furniture() -> None:
    state = turn_two("perched_cat", furniture={"piano": Placement(2, 1, 0, "standing")}, script={"door_die": [6]})
    put(state, "red-s1", "hall", "C2", "on")
    put(state, "red-s2", "hall", "A1", "floor")
    put(state, "blue-m1", "hall", "A1", "floor")
    finish_turn(state, side="east")
    assert state.report["looks"][0]["seen"] == []
    assert state.report["perched_cat"] == ["blue-m1", "red-s2"]
    assert state.board.ghosts["red-s1"].where == "hall"


def test_big_brother_replaces_a_ghost_with_the_next_size_up() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "A3")
        put(s, "red-l1", "hall", "F3")

    state = turn_two("big_brother", setup=setup, furniture={})
    # blue has no ghost in the hall: only red chooses
    assert state.phase == "midnight" and state.current_player == 0
    assert state.legal_actions(0) == [Action.make("grow", ghost="red-s1")]
    state.apply(Action.make("grow", ghost="red-s1"), 0)
    assert state.board.ghosts["red-m1"].space == parse_space("A3")
    assert state.board.ghosts["red-s1"].where == "reserve"
    assert state.phase == "plan"


def test_knock_knock_keeps_the_side_and_rolls_the_door() -> None:
    state = turn_two("knock_knock", script={"door_die": [4]})
    side = state.keyhole[0]
    holder = state.die_holder
    done(state, 0, 1)
    assert state.keyhole == (side, 4)
    assert state.turn == 3 and state.die_holder == (holder + 1) % 2
    assert state.report["looks"][0]["side"] == side


def test_im_dizzy_turns_the_board_a_quarter_clockwise_under_the_players() -> None:
    # seed: "Rotate the board a quarter turn clockwise": the hall turns under the seated players,
    # so the south player now faces the hall's old east edge, and starts from it
    state = turn_two("im_dizzy")
    assert state.start_side == ["east", "west"]
    assert state.exit_side(0) == "west" and state.exit_side(1) == "east"
    # entering from the east: F2 is 1 point away, A2 six
    legal = state.legal_actions(0)
    assert Action.make("step", ghost="red-s1", to="F2", place="floor", cost=1) in legal
    assert Action.make("step", ghost="red-s1", to="A2", place="floor", cost=6) in legal


def test_im_dizzy_turns_four_sides_each_to_the_edge_counter_clockwise_of_it() -> None:
    from ghosttable.games.run_ghost_run.midnight import BOARD_QUARTER_TURN

    sides = ["south", "west", "north", "east"]  # the 4 seats' starting sides, clockwise
    assert [BOARD_QUARTER_TURN[s] for s in sides] == ["east", "south", "west", "north"]


def test_crystal_ball_fixes_the_door_number() -> None:
    state = turn_two("crystal_ball", script={"crystal_die": [5]})
    assert state.crystal == 5
    assert state.view(0)["midnight"]["crystal_ball"] == 5
    finish_turn(state, side="south")
    assert state.keyhole == ("south", 5)


def test_one_two_three_sun_moves_every_ghost_one_space_toward_its_exit() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "A3")
        put(s, "red-m1", "hall", "B6")
        put(s, "blue-s1", "hall", "F4")

    state = turn_two("one_two_three_sun", setup=setup, furniture={})
    g = state.board.ghosts
    assert g["red-s1"].space == parse_space("A4")
    assert g["red-m1"].where == "exited"
    assert g["blue-s1"].space == parse_space("F3")


def test_every_card_is_tested() -> None:
    names = {n.removeprefix("test_") for n in globals() if n.startswith("test_")}
    for card in ALL:
        key = {"big_brother": "big_brother", "tag_youre_it": "tag_youre_it"}.get(card, card)
        assert any(n.startswith(key) for n in names), card


def test_merging_big_brother_takes_from_the_reserve_only() -> None:
    # seed: "a ghost of the next size up from your reserve": under Ghost Merging a medium ghost no
    # merge has made yet is not in the reserve, so with none there, nobody can grow a ghost
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "A3")

    state = turn_two("big_brother", setup=setup, furniture={}, merging=True)
    assert state.phase == "plan"
    assert state.board.ghosts["red-s1"].space == parse_space("A3")
    assert {state.board.ghosts[g].where for g in ("red-m1", "red-m2", "red-l1")} == {"unused"}


def test_merging_big_brother_grows_from_a_medium_ghost_sent_home() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "A3")
        put(s, "red-m2", "reserve")  # a medium ghost seen once: back on red's side

    state = turn_two("big_brother", setup=setup, furniture={}, merging=True)
    assert state.legal_actions(0) == [Action.make("grow", ghost="red-s1")]
    state.apply(Action.make("grow", ghost="red-s1"), 0)
    assert state.board.ghosts["red-m2"].space == parse_space("A3")
    assert state.board.ghosts["red-m1"].where == "unused"
    step(state, 0, "red-s1", "A2", 2)  # the replaced ghost is back on its side, free to enter


def test_overexcited_tips_a_stacked_piece_first_and_leaves_a_carrier_that_still_carries() -> None:
    furniture = {
        "table": Placement(2, 2, 0, "standing"),
        "armchair": Placement(3, 3, 0, "standing", "table"),
        "piano": Placement(0, 5, 0, "standing"),
    }
    state = turn_two("overexcited", furniture=furniture)
    board = state.board
    assert board.furniture["armchair"].posture == "tipped"
    assert board.furniture["piano"].posture == "tipped"
    # tipped where it stood, the armchair still rests on the table, which therefore stays up
    assert board.furniture["armchair"].on == "table"
    assert board.furniture["table"].posture == "standing"


# ----- the readings of rules 1.0 (RunGhostRun.as_version("1.0")) ------------------------------------


def test_rules_1_0_dance_floor_slides_each_piece_straight_to_its_nearest_edge() -> None:
    # the piano on B2-B3 is one space from the south and the west edge: the south (first of
    # hall.SIDES) wins, and it slides straight down, not to a door on the west edge
    furniture = {"piano": Placement(1, 1, 90, "standing"), "trolley": Placement(2, 2, 0, "standing")}
    state = turn_two("dance_floor", furniture=furniture, version="1.0")
    assert state.board.furniture["piano"] == Placement(1, 0, 90, "standing")
    assert state.board.furniture["trolley"] == Placement(2, 0, 0, "standing")


def test_rules_1_0_im_dizzy_turns_the_starting_sides_clockwise() -> None:
    state = new_state(4, version="1.0", midnight=True)
    before = list(state.start_side)
    state.midnight = "im_dizzy"
    midnight.draw_effect(state)
    assert state.start_side == [hall.CLOCKWISE[s] for s in before]
    assert hall.CLOCKWISE["south"] == "west"


def test_rules_1_0_tag_youre_it_places_on_the_third_row() -> None:
    state = turn_two("tag_youre_it", furniture={}, version="1.0")
    seat = state.queue[0]
    side = state.start_side[seat]
    spots = [parse_space(str(a["to"])) for a in state.legal_actions(seat)]
    assert spots and {hall.distance_from_side(side, sp) for sp in spots} == {2}


def test_rules_1_0_big_brother_under_merging_takes_an_unused_piece() -> None:
    def setup(s: RunGhostRunState) -> None:
        put(s, "red-s1", "hall", "A3")

    state = turn_two("big_brother", setup=setup, furniture={}, merging=True, version="1.0")
    assert state.legal_actions(0) == [Action.make("grow", ghost="red-s1")]
    state.apply(Action.make("grow", ghost="red-s1"), 0)
    assert state.board.ghosts["red-m1"].space == parse_space("A3")


def test_rules_1_0_overexcited_tips_each_piece_onto_its_back() -> None:
    state = turn_two("overexcited", version="1.0")
    postures = {at.posture for at in state.board.furniture.values()}
    assert TIPPED_ON_BACK in postures and "tipped" not in postures
    assert {f["posture"] for f in state.view(0)["furniture"]} <= {"standing", "tipped"}

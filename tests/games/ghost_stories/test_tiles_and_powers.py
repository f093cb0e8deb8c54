"""Each village tile, each Taoist power, the Yin-Yang and the Buddhas (play aid; reference 6-7)."""

from __future__ import annotations

from ghosttable.core import Action
from tests.games.ghost_stories.positions import do, give, kinds, put, table, yang


def at(state_tile: int, **kw: object) -> object:
    state = table(**kw)  # type: ignore[arg-type]
    state.pos[0] = state_tile
    yang(state)
    do(state, "stay")
    return state


def test_buddhist_temple_and_buddha_placement_next_turn() -> None:
    state = table()
    state.pos[0] = 4
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=4")
    assert state.fresh_buddhas[0] == 1 and state.temple_buddhas == 1
    assert "place_buddha" not in kinds(state)  # not in the turn it was taken
    state.pos[0] = 7
    state._end_turn()
    yang(state, 0)
    do(state, "stay")
    do(state, "skip_action")
    assert Action.make("place_buddha", space=1) in state.legal_actions()
    do(state, "place_buddha space=1")
    assert state.buddha_on[1] and state.buddhas[0] == 0


def test_two_buddhas_from_a_corner() -> None:
    state = table()
    state.buddhas[0] = 2
    state.temple_buddhas = 0
    state.pos[0] = 6
    yang(state)
    do(state, "stay")
    do(state, "skip_action")
    do(state, "place_buddha space=0")
    do(state, "place_buddha space=5")
    assert state.buddha_on[0] and state.buddha_on[5]


def test_cemetery_revives_with_two_qi_and_a_curse() -> None:
    state = table()
    state.alive[2] = False
    state.qi[2] = 0
    state.pos[0] = 8
    yang(state)
    do(state, "stay")
    state.chance.script("curse_die", ["haunt"])
    do(state, "ask_help tile=8 taoist=2")
    assert state.alive[2] and state.qi[2] == 2 and state.pos[2] == 8
    assert state.haunted[8]  # a haunt result haunts the Cemetery itself


def test_circle_of_prayer_swaps_its_token() -> None:
    state = table()
    state.circle = "red"
    state.pos[0] = 1
    yang(state)
    do(state, "stay")
    assert Action.make("ask_help", tile=1, colour="red") not in state.legal_actions()
    do(state, "ask_help tile=1 colour=green")
    assert state.circle == "green" and state.supply_tokens("red") == 4


def test_herbalist_takes_a_token_per_face_white_is_chosen() -> None:
    state = table()
    state.pos[0] = 2
    yang(state)
    do(state, "stay")
    state.chance.script("tao_dice", ["black", "white"])
    do(state, "ask_help tile=2")
    do(state, "take_token colour=blue")
    assert state.tokens[0] == [0, 0, 1, 0, 1]


def test_night_watchman_one_board_option() -> None:
    state = table(watchman="one-board")
    put(state, 3, 1, step=1)
    put(state, 4, 5, step=1)
    put(state, 0, 12, step=1)
    state.pos[0] = 5
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=5 board=1")
    assert state.haunt_step[3] == 0 and state.haunt_step[4] == 0 and state.haunt_step[0] == 1


def test_night_watchman_sends_every_figurine_back() -> None:
    # Chinese seed, play aid (Night Watchman): "send all the haunting figurines back onto the
    # ghost cards they belong to"; it outranks the reference's one-board reading (spec 1.2).
    state = table()
    assert state.game.options["watchman"] == "all-boards"
    put(state, 3, 1, step=1)
    put(state, 0, 12, step=1)
    state.pos[0] = 5
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=5")
    assert state.haunt_step[3] == 0 and state.haunt_step[0] == 0


def test_pavilion_moves_a_ghost_with_its_marks_then_another_taoist() -> None:
    state = table()
    put(state, 3, 5, step=1)
    state.mantra_space = 3
    state.pos[0] = 7
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=7 ghost=3 to=10")
    assert state.space_card[10] == 5 and state.haunt_step[10] == 1 and state.mantra_space == 10
    assert state.pending is not None and state.pending["name"] == "pavilion_taoist"
    do(state, "move_taoist taoist=2 tile=0")
    assert state.pos[2] == 0


def test_pavilion_onto_a_buddha_traps_the_ghost() -> None:
    state = table()
    put(state, 3, 5)
    state.buddha_on[10] = True
    state.temple_buddhas = 1
    state.pos[0] = 7
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=7 ghost=3 to=10")
    assert 5 in state.discard and state.temple_buddhas == 2


def test_sorcerers_hut_spares_incarnations() -> None:
    state = table()
    put(state, 3, 5)
    put(state, 4, 64)
    state.pos[0] = 0
    yang(state)
    do(state, "stay")
    options = {a for a in state.legal_actions() if a.kind == "ask_help"}
    assert options == {Action.make("ask_help", tile=0, ghost=3)}
    do(state, "ask_help tile=0 ghost=3")
    assert state.qi[0] == 3 and 5 in state.discard


def test_taoist_altar_restores_a_tile_then_a_ghost_comes() -> None:
    state = table()
    state.haunted[5] = True
    state.pos[0] = 3
    yang(state)
    do(state, "stay")
    before = len(state.deck)
    do(state, "ask_help tile=3 restore=5")
    assert not state.haunted[5] and len(state.deck) == before - 1


def test_tea_house_gives_a_token_and_qi_then_a_ghost_comes() -> None:
    state = table()
    state.pos[0] = 6
    yang(state)
    do(state, "stay")
    before = len(state.deck)
    do(state, "ask_help tile=6 colour=red")
    assert state.tokens[0][0] == 1 and state.qi[0] == 5 and len(state.deck) == before - 1


def test_haunted_tile_gives_no_help_and_yin_yang_restores_it() -> None:
    state = table()
    state.haunted[6] = True
    state.pos[0] = 6
    yang(state)
    do(state, "stay")
    assert "ask_help" not in kinds(state)
    do(state, "yin_yang_restore tile=6")
    assert not state.haunted[6] and "ask_help" in kinds(state)


# ----- powers ------------------------------------------------------------------------------------


def test_bottomless_pockets_before_moving() -> None:
    state = table()
    yang(state)
    do(state, "bottomless_pockets colour=green")
    assert state.tokens[0][1] == 1
    assert "bottomless_pockets" not in kinds(state)


def test_enfeeblement_mantra_lowers_resistance_and_comes_back() -> None:
    state = table(powers=("enfeeblement_mantra", "dance_of_the_peaks", "heavenly_gust", "gods_favorite"))
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    do(state, "enfeeblement_mantra ghost=1")
    assert state.requirements(1) == [(1, 0, 0, 0, 0)]
    state.chance.script("tao_dice", ["red", "green", "green"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[1] == 0 and state.mantra_space == -1
    assert state.mantra_ready_turn == state.turn + 1


def test_mantra_on_a_many_coloured_incarnation_picks_its_colour_after_the_roll() -> None:
    state = table(powers=("enfeeblement_mantra", "dance_of_the_peaks", "heavenly_gust", "gods_favorite"))
    put(state, 1, 65)  # Nameless: one of each colour
    state.mantra_space = 1
    assert len(state.requirements(1)) == 5


def test_dance_of_the_peaks_reaches_any_tile() -> None:
    state = table(colours=("red", "yellow", "blue", "green"), powers=("dance_of_the_peaks", "x", "y", "z"))
    state.power = ["dance_of_the_peaks", "bottomless_pockets", "heavenly_gust", "gods_favorite"]
    state.pos[0] = 0
    yang(state)
    assert Action.make("move", tile=8) in state.legal_actions()


def test_dance_of_the_twin_winds_after_the_move() -> None:
    state = table(colours=("red", "yellow", "blue", "green"))
    state.power = ["dance_of_the_twin_winds", "bottomless_pockets", "heavenly_gust", "gods_favorite"]
    yang(state)
    assert "twin_winds" not in kinds(state)
    do(state, "stay")
    do(state, "twin_winds taoist=1 tile=0")
    assert state.pos[1] == 0 and "twin_winds" not in kinds(state)


def test_dance_of_the_twin_winds_before_option() -> None:
    state = table(colours=("red", "yellow", "blue", "green"), **{"twin-winds": "before-move"})
    state.power = ["dance_of_the_twin_winds", "bottomless_pockets", "heavenly_gust", "gods_favorite"]
    yang(state)
    assert "twin_winds" in kinds(state)


def test_heavenly_gust_helps_and_exorcises() -> None:
    state = table(colours=("blue", "yellow", "red", "green"))
    state.power = ["heavenly_gust", "bottomless_pockets", "dance_of_the_peaks", "gods_favorite"]
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=7 ghost=1 to=10")
    do(state, "move_taoist taoist=1 tile=4")
    assert state.phase == "yang_action" and kinds(state) >= {"skip_action"} and "ask_help" not in kinds(state)


def test_second_wind_two_exorcisms() -> None:
    state = table(colours=("blue", "yellow", "red", "green"))
    state.power = ["second_wind", "bottomless_pockets", "dance_of_the_peaks", "gods_favorite"]
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    state.chance.script("tao_dice", ["green", "green", "green", "red", "red", "blue"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[1] == 38 and "exorcise" in kinds(state)
    do(state, "exorcise")
    assert state.space_card[1] == 0


def test_gods_favorite_rerolls_chosen_dice() -> None:
    state = table(colours=("green", "yellow", "red", "blue"))
    state.power = ["gods_favorite", "bottomless_pockets", "dance_of_the_peaks", "heavenly_gust"]
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    state.chance.script("tao_dice", ["red", "green", "blue", "white"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.pending is not None and state.pending["name"] == "reroll_tao_dice"
    assert len(state.legal_actions()) == 8
    do(state, "reroll dice=1,")
    assert state.dice == ["red", "white", "blue"] and state.space_card[1] == 0


def test_gods_favorite_rerolls_the_curse_die() -> None:
    state = table(colours=("green", "yellow", "red", "blue"))
    state.power = ["gods_favorite", "bottomless_pockets", "dance_of_the_peaks", "heavenly_gust"]
    put(state, 0, 11)
    from tests.games.ghost_stories.positions import begin_turn

    state.chance.script("curse_die", ["lose_qi", "blank"])
    begin_turn(state, 0)
    assert state.pending is not None and state.pending["name"] == "reroll_curse_die"
    do(state, "reroll_curse")
    assert state.qi[0] == 4


def test_strength_of_a_mountain_grey_die_and_no_curse() -> None:
    state = table(colours=("green", "yellow", "red", "blue"))
    state.power = ["strength_of_a_mountain", "bottomless_pockets", "dance_of_the_peaks", "heavenly_gust"]
    assert state.dice_count(0) == 4
    put(state, 0, 11)
    from tests.games.ghost_stories.positions import begin_turn

    begin_turn(state, 0)
    assert state.curse_face is None and state.qi[0] == 4


def test_power_token_borrows_a_neutral_boards_power() -> None:
    state = table(players=2, colours=("yellow", "red", "blue", "green"))
    state.power = ["bottomless_pockets", "dance_of_the_peaks", "second_wind", "strength_of_a_mountain"]
    yang(state)
    assert state.power_tokens[0] == 1
    do(state, "use_power_token board=3")
    assert state.dice_count(0) == 4 and state.power_tokens[0] == 0 and state.centre_power_tokens == 1
    do(state, "stay")  # still on the centre tile: the token comes back at the end of the turn
    do(state, "skip_action")
    do(state, "end_turn")
    assert state.power_tokens[0] == 1 and state.centre_power_tokens == 0


def test_power_tokens_kept_option() -> None:
    state = table(players=1, **{"power-tokens": "kept"})
    yang(state)
    assert state.power_tokens[0] == 3
    do(state, "use_power_token board=1")
    assert state.power_tokens[0] == 3


def test_yin_yang_asks_a_distant_villager() -> None:
    state = table()
    state.pos[0] = 4
    yang(state)
    do(state, "yin_yang_help tile=6 colour=blue")
    assert state.tokens[0][2] == 1 and state.qi[0] == 5 and not state.yin_yang[0]
    assert "yin_yang_help" not in kinds(state)


def test_help_is_given_by_the_tile_you_stand_on_only() -> None:
    state = table()
    give(state, 0)
    state.pos[0] = 4
    yang(state)
    do(state, "stay")
    helps = {a for a in state.legal_actions() if a.kind == "ask_help"}
    assert helps == {Action.make("ask_help", tile=4)}

"""Incarnation conditions, level setups for 1-4 players, neutral boards, losses, the score sheet,
views and determinization."""

from __future__ import annotations

import json
import random

import pytest

from ghosttable.core import Action
from ghosttable.games.ghost_stories.cards import COLOURS
from ghosttable.games.ghost_stories.game import GhostStories
from ghosttable.games.ghost_stories.scoring import score_sheet
from ghosttable.games.ghost_stories.village import OPPOSITE
from tests.games.ghost_stories.positions import begin_turn, do, give, kinds, place_first, put, table, yang

# ----- incarnations ------------------------------------------------------------------------------


def test_howling_nightmare_needs_the_opposite_space_empty() -> None:
    state = table()
    put(state, 1, 56)
    assert state.eligible(1)
    put(state, OPPOSITE[1], 2)
    assert not state.eligible(1)


def test_uncatchable_needs_a_buddha_on_its_space() -> None:
    state = table()
    put(state, 1, 57)
    state.pos[0] = 7
    state.buddhas[0] = 1
    state.temple_buddhas = 1
    yang(state)
    do(state, "stay")
    assert "exorcise" not in kinds(state)
    do(state, "skip_action")
    do(state, "place_buddha space=1")
    assert state.eligible(1)


def test_hope_killer_needs_every_colour_at_once() -> None:
    state = table()
    put(state, 1, 58)
    needs = state.exorcism_needs([1], ["red", "green", "white"])
    assert set(needs) == {(0, 1, 2, 2, 0), (1, 0, 2, 2, 0), (1, 1, 1, 2, 0), (1, 1, 2, 1, 0)}


def test_forgotten_ones_switch_off_every_power_and_power_token() -> None:
    state = table(players=2)
    put(state, 9, 60)
    assert not any(state.power_active(b) for b in range(4))
    yang(state)
    assert "use_power_token" not in kinds(state)


def test_bone_cracker_each_taoist_loses_a_token_on_arrival_and_each_yin_phase() -> None:
    state = table(deck=[61, 1, 2, 3])
    state.board_colour = ["red", "yellow", "blue", "green"]
    give(state, 0, red=2)
    give(state, 1, blue=1)
    begin_turn(state, 0)
    place_first(state)
    assert state.tokens[0] == [1, 0, 0, 0, 0] and state.tokens[1] == [0] * 5
    begin_turn(state, 0)
    assert state.tokens[0] == [0] * 5


def test_dark_mistress_blocks_tokens() -> None:
    state = table()
    put(state, 7, 62)
    assert state.tao_blocked()


def test_creeping_horror_holds_a_die() -> None:
    state = table()
    put(state, 11, 63)
    assert state.dice_count(0) == 2


def test_vampire_lord_haunts() -> None:
    state = table()
    put(state, 1, 64, step=1)
    begin_turn(state, 0)
    assert state.haunted[7]


def test_nameless_clears_the_circle_and_white_is_not_wild() -> None:
    state = table(deck=[65, 1, 2, 3])
    state.circle = "red"
    begin_turn(state, 0)
    place_first(state)
    assert state.circle is None and not state.white_wild()
    s = state.space_card.index(65)
    assert state.exorcism_needs([s], ["white", "white", "white"]) == [(1, 1, 1, 1, 1)]


def test_incarnation_reward_split_at_nightmare() -> None:
    state = table(level="nightmare")
    state.incarnations_total = 3
    put(state, 1, 64)
    state.pos[0] = 7
    state.yin_yang[2] = False
    give(state, 0, yellow=2)
    yang(state)
    state.chance.script("tao_dice", ["yellow", "white", "red"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:yellow,0:yellow")
    assert state.pending is not None and state.pending["name"] == "incarnation_qi"
    do(state, "give_qi taoist=3")
    assert state.qi[3] == 4  # 3 at Nightmare + 1
    # only one Taoist lacks the Yin-Yang: it goes to him at once; two incarnations remain
    assert state.yin_yang[2] and state.result is None


def test_incarnations_are_placed_like_ghosts_black_on_the_active_board() -> None:
    state = table(deck=[59, 1, 2, 3])
    put(state, 0, 2)
    put(state, 1, 13)
    begin_turn(state, 0)
    assert state.space_card[2] == 59


# ----- setup per level and player count ----------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", ["initiation", "normal", "nightmare", "hell"])
def test_setup(players: int, level: str) -> None:
    game = GhostStories(players, level=level)
    state = game.new_initial_state(11)
    expected_qi = 4 if level == "initiation" else 3
    incarnations = {"initiation": 1, "normal": 1}.get(level, 3 if players >= 3 else 2)
    assert state.incarnations_total == incarnations
    cards = len(state.deck) + len(state.discard) + sum(1 for c in state.space_card if c)
    if state.pending is not None and state.pending["name"] == "place_ghost":
        cards += 1
    assert cards == 55 - 5 * (4 - players) + incarnations
    assert len(state.removed) == 5 * (4 - players)
    # incarnations lie above the bottom 10, then every 10 cards (setup's first draws are on top)
    bottom = state.deck
    for i in range(incarnations):
        assert state.card(bottom[10 + 11 * i]).incarnation
    for b in range(players):
        colour = state.board_colour[b]
        assert state.qi[b] <= expected_qi
        assert state.yin_yang[b] == (level != "hell")
        if players == 1:
            assert all(state.tokens[b][i] >= (1 if c != "black" else 0) for i, c in enumerate(COLOURS))
        else:
            assert state.tokens[b][COLOURS.index(colour)] >= 1
        assert state.power_tokens[b] == (0 if players == 4 else 3 if players == 1 else 1)
    for b in range(players, 4):
        assert state.is_neutral(b) and state.qi[b] >= 1
    assert sorted(state.tiles) == sorted(t.id for t in state.data.tiles)
    assert sorted(state.board_colour) == ["blue", "green", "red", "yellow"]


def test_starting_kits_exactly() -> None:
    init = GhostStories(4, level="initiation").new_initial_state(3)
    # seat 0 acts first; nothing has touched the tokens before its Yang phase unless a ghost did
    assert sum(init.tokens[1]) == 2 and init.tokens[1][4] == 1 and init.qi[1] == 4
    hard = GhostStories(4, level="hell").new_initial_state(3)
    assert sum(hard.tokens[1]) == 1 and hard.qi[1] == 3 and not hard.yin_yang[1]
    five = GhostStories(4, level="initiation", **{"initiation-qi": 5}).new_initial_state(3)
    assert five.qi[1] == 5
    four = GhostStories(4, level="nightmare", incarnations="four").new_initial_state(3)
    assert four.incarnations_total == 4


# ----- neutral boards and possession ------------------------------------------------------------


def test_neutral_board_overrun_loses_its_qi_and_becomes_possessed() -> None:
    state = table(players=2)
    for s in (6, 7, 8):
        put(state, s, 2)
    state.qi[2] = 1
    begin_turn(state, 2)
    assert state.is_possessed(2) and not state.power_active(2)
    begin_turn(state, 2)
    assert state.pending is not None and state.pending["name"] == "choose_victim"
    do(state, "volunteer taoist=1")
    assert state.qi[1] == 3


def test_neutral_board_draws_under_the_default_and_not_under_no_draw() -> None:
    state = table(players=3)
    begin_turn(state, 3)
    assert state.pending is not None and state.pending["card"] == 1
    quiet = table(players=3, **{"neutral-boards": "no-draw"})
    begin_turn(quiet, 3)
    # the neutral board drew nothing: the first card goes to the next board's arrival step
    assert quiet.board == 0 and quiet.pending is not None and quiet.pending["card"] == 1


def test_tormentor_on_a_neutral_board_needs_a_volunteer() -> None:
    state = table(players=2)
    put(state, 6, 22)
    state.chance.script("curse_die", ["lose_qi"])
    begin_turn(state, 2)
    assert state.pending is not None and state.pending["name"] == "choose_victim" and state.current_player == 0
    do(state, "volunteer taoist=0")
    assert state.qi[0] == 3


# ----- losses ------------------------------------------------------------------------------------


def test_third_haunted_tile_loses() -> None:
    state = table()
    state.haunted[0] = state.haunted[1] = True
    put(state, 1, 1, step=1)
    begin_turn(state, 0)
    assert state.result == "loss" and "3 village tiles" in state.loss_reason


def test_fourth_tile_at_initiation_option() -> None:
    state = table(**{"haunted-tiles-lose": "fourth-at-initiation"})
    state.haunted[0] = state.haunted[2] = True
    put(state, 1, 1, step=1)
    begin_turn(state, 0)
    assert state.result is None and sum(state.haunted) == 3


def test_line_overflow_option() -> None:
    state = table(**{"haunted-tiles-lose": "line-overflow"})
    state.haunted[7] = state.haunted[4] = state.haunted[1] = state.haunted[0] = True
    put(state, 1, 1, step=1)
    begin_turn(state, 0)
    assert state.result == "loss" and "past the last tile" in state.loss_reason


def test_all_taoists_dead_loses() -> None:
    state = table(players=1)
    for s in (0, 1, 2):
        put(state, s, 2)
    state.qi[0] = 1
    begin_turn(state, 0)
    assert state.result == "loss" and "every Taoist" in state.loss_reason


def test_last_card_drawn_loses() -> None:
    state = table(deck=[1])
    state.incarnations_total = 1
    begin_turn(state, 0)
    assert state.result == "loss" and "last card" in state.loss_reason


# ----- score sheet -------------------------------------------------------------------------------


def test_score_sheet_victory_and_defeat() -> None:
    state = table(level="hell")
    state.deck = state.deck[:7]
    state.haunted[0] = True
    state.alive[3] = False
    state.qi[3] = 0
    state.qi[:3] = [2, 1, 1]
    state.exorcised_incarnations = [56, 57]
    state.result = "win"
    sheet = score_sheet(state)
    assert sheet["total"] == 20 + 4 + 7 - 3 - 4 + 2 + 4
    state.result = "loss"
    assert score_sheet(state)["total"] == 4 - 7 - 3 - 4 + 2 + 4
    assert state.score() == 4 - 7 - 3 - 4 + 2 + 4


def test_chinese_score_sheet_option() -> None:
    state = table(**{"score-sheet": "chinese"})
    put(state, 0, 2)
    state.result = "win"
    state.qi[:4] = [1, 1, 1, 1]
    assert score_sheet(state)["total"] == 4 + 2 * 11 + 10


# ----- views and hidden information ---------------------------------------------------------------


def test_view_shape_and_no_deck_order() -> None:
    state = GhostStories(3, level="nightmare").new_initial_state(5)
    view = state.view(0)
    json.dumps(view)
    assert view["deck"]["size"] == len(state.deck)
    assert len(view["deck"]["incarnations_at"]) == state.incarnations_total
    assert {"village", "boards", "taoists", "supply", "dice", "log", "decision", "score"} <= set(view)
    assert view["boards"][3]["neutral"] and view["boards"][0]["seat"] == 0
    assert list(state.deck) not in json.loads(json.dumps(view)).values()
    twin = state.determinize(0, random.Random(1))
    assert twin.view(0) == view
    assert twin.deck != state.deck
    assert [twin.card(c).incarnation for c in twin.deck] == [state.card(c).incarnation for c in state.deck]


def test_illegal_actions_are_refused_with_reasons() -> None:
    state = table()
    state.pos[0] = 0
    yang(state)
    before = state.fingerprint()
    with pytest.raises(Exception, match="not within reach"):
        state.apply(Action.make("move", tile=8))
    with pytest.raises(Exception, match="no ghost"):
        state.apply(Action.make("exorcise"))
    assert state.fingerprint() == before


def test_record_replays_a_whole_game() -> None:
    from ghosttable.core import replay

    game = GhostStories(2, level="normal")
    state = game.new_initial_state(9)
    rng = random.Random(9)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    again = replay(state.record(), game=game)
    assert again.fingerprint() == state.fingerprint()


# ----- more edge cases ---------------------------------------------------------------------------


def test_nightmare_needs_every_incarnation() -> None:
    state = table(level="nightmare")
    state.incarnations_total = 2
    put(state, 1, 64)
    state.pos[0] = 7
    give(state, 0, yellow=2)
    state.yin_yang = [True] * 4
    yang(state)
    state.chance.script("tao_dice", ["yellow", "white", "red"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:yellow,0:yellow")
    do(state, "give_qi taoist=0")
    assert state.result is None and state.exorcised_incarnations == [64]
    state.exorcised_incarnations.append(63)
    state._push(("check_win",))
    state._run()
    assert state.result == "win"


def test_exorcised_uncatchable_sends_its_buddha_back() -> None:
    state = table()
    put(state, 1, 57)
    state.buddha_on[1] = True
    state.temple_buddhas = 1
    state.pos[0] = 7
    give(state, 0, black=2)
    yang(state)
    state.chance.script("tao_dice", ["black", "red", "red"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:black,0:black")
    assert not state.buddha_on[1] and state.temple_buddhas == 2


def test_mantra_leaves_the_game_when_the_yellow_board_is_possessed() -> None:
    state = table(powers=("enfeeblement_mantra", "dance_of_the_peaks", "heavenly_gust", "gods_favorite"))
    put(state, 4, 5)
    state.mantra_space = 4
    state.qi[0] = 1
    state._lose_qi(0)
    assert state.mantra_removed and state.mantra_space == -1
    assert state.requirements(4) == [(0, 0, 0, 2, 0)]


def test_exorcism_spends_tokens_only_when_needed() -> None:
    state = table()
    put(state, 1, 38)
    state.pos[0] = 7
    give(state, 0, red=2)
    yang(state)
    state.dice = ["red", "red", "blue"]
    state.pending = {"name": "resolve_exorcism", "seat": 0, "taoist": 0, "spaces": [1]}
    assert state.legal_actions() == [Action.make("banish", ghosts=(1,), tokens=())]


def test_death_drops_buddhas_and_power_tokens() -> None:
    state = table(players=2)
    state.buddhas[0] = 1
    state.fresh_buddhas[0] = 1
    state.temple_buddhas = 0
    state.qi[0] = 1
    state._lose_qi(0)
    assert state.temple_buddhas == 2 and state.power_tokens[0] == 0 and not state.yin_yang[0]


def test_deck_out_with_an_incarnation_still_in_play_loses() -> None:
    state = table(deck=[1])
    put(state, 7, 64)
    begin_turn(state, 0)
    assert state.result == "loss"

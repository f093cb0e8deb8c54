"""Every worked example of the English rulebook (and the Chinese seed, which repeats them), played
with scripted dice and cards, asserting the exact outcome. See positions.py for the test layout."""

from __future__ import annotations

from ghosttable.core import Action
from tests.games.ghost_stories.positions import begin_turn, do, give, put, table, yang


def test_severed_heads_arrives_on_a_full_table() -> None:
    # Ghost placement rules, example: Bruce draws Severed Heads, places it as the 3rd ghost of his
    # board, one Tao die goes onto it, and its summon finds all 12 spaces full: he loses 1 Qi.
    state = table(deck=[47, 1, 2, 3, 64])
    for space, card in zip(range(3, 12), [2, 4, 13, 15, 24, 26, 35, 37, 17], strict=True):
        put(state, space, card)
    put(state, 0, 28)
    put(state, 1, 29)
    begin_turn(state, 0)
    assert state.space_card[2] == 47
    assert state.qi[0] == 3  # 4 at Initiation, minus 1: no overrun loss, the full-table loss only
    assert state.captive_dice() == 1 and state.dice_count(0) == 2
    assert len(state.deck) == 4  # only Severed Heads was drawn
    assert state.phase == "yang_move"


def test_exorcising_severed_heads_gives_the_die_back() -> None:
    # "Bruce exorcised Severed Heads, so the group recovers the Tao die that the ghost had captured."
    state = table()
    put(state, 1, 47)
    state.pos[0] = 7
    yang(state)
    assert state.dice_count(0) == 2
    state.chance.script("tao_dice", ["black", "red"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[1] == 0
    assert state.dice_count(0) == 3
    assert state.pending is not None and state.pending["name"] == "choose_token_colour"  # its reward


def test_bleeding_eyes_with_a_red_token() -> None:
    # Exorcism example: one red face only; Bruce spends a red token to send Bleeding Eyes to hell.
    state = table()
    put(state, 1, 38)
    state.pos[0] = 7
    give(state, 0, red=1)
    yang(state)
    state.chance.script("tao_dice", ["red", "green", "yellow"])
    do(state, "stay")
    do(state, "exorcise")
    legal = state.legal_actions()
    assert set(legal) == {
        Action.make("banish", ghosts=(1,), tokens=("0:red",)),
        Action.make("give_up"),
    }
    do(state, "banish ghosts=1, tokens=0:red,")
    assert state.space_card[1] == 0 and 38 in state.discard
    assert state.tokens[0] == [0, 0, 0, 0, 0]


def test_bleeding_eyes_without_a_token_stays() -> None:
    state = table()
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    state.chance.script("tao_dice", ["red", "green", "yellow"])
    do(state, "stay")
    do(state, "exorcise")  # failure is the only outcome: carried out at once
    assert state.space_card[1] == 38
    assert state.phase == "yang_buddha" or state.board == 1


def test_corner_double_exorcism_of_bleeding_eyes_and_perfidious_nymph() -> None:
    # Exorcising 2 ghosts: red, white, yellow; a red token joins the red face against Bleeding
    # Eyes, the white face is blue against the Perfidious Nymph.
    state = table()
    put(state, 0, 38)
    put(state, 5, 15)
    state.pos[0] = 6
    give(state, 0, red=1)
    yang(state)
    state.chance.script("tao_dice", ["red", "white", "yellow"])
    do(state, "stay")
    do(state, "exorcise")
    both = Action.make("banish", ghosts=(0, 5), tokens=("0:red",))
    assert both in state.legal_actions()
    assert Action.make("give_up") not in state.legal_actions()  # the dice alone beat either ghost
    state.apply(both)
    assert state.space_card[0] == 0 and state.space_card[5] == 0
    assert sorted(state.discard) == [15, 38]
    assert state.tokens[0][0] == 0


def test_forced_double_exorcism_with_the_zombie_curse() -> None:
    # Special note: yellow, yellow, white beat both the Zombie and the Coffin Breaker, so both go,
    # and the Zombie's curse die is rolled.
    state = table()
    put(state, 0, 6)
    put(state, 5, 3)
    state.pos[0] = 6
    yang(state)
    assert not state.power_active(1)  # the Coffin Breaker (west board) switches off its power
    state.chance.script("tao_dice", ["yellow", "yellow", "white"])
    state.chance.script("curse_die", ["blank"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[0] == 0 and state.space_card[5] == 0
    assert state.curse_face == "blank" and state.chance.scripted("curse_die") == 0
    assert state.power_active(1)


def test_only_the_double_exorcism_is_offered_when_the_dice_beat_both() -> None:
    state = table()
    put(state, 0, 6)
    put(state, 5, 3)
    state.pos[0] = 6
    give(state, 0, yellow=1)
    yang(state)
    state.dice = ["yellow", "yellow", "white"]
    state.pending = {"name": "resolve_exorcism", "seat": 0, "taoist": 0, "spaces": [0, 5]}
    assert state.legal_actions() == [Action.make("banish", ghosts=(0, 5), tokens=())]


def test_sharing_tao_tokens_against_the_hopping_vampire() -> None:
    # Sharing Tao tokens: the red Taoist (Bruce) joins the yellow Taoist (Sam) and spends Sam's two
    # yellow tokens with his one yellow face.
    state = table(
        colours=("red", "yellow", "blue", "green"), powers=("dance_of_the_peaks",) * 2 + ("heavenly_gust",) * 2
    )
    state.power = ["dance_of_the_peaks", "bottomless_pockets", "heavenly_gust", "gods_favorite"]
    put(state, 1, 8)
    state.pos[1] = 7
    give(state, 1, yellow=2)
    yang(state)
    state.chance.script("tao_dice", ["green", "yellow", "red"])
    do(state, "move tile=7")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=1:yellow,1:yellow")
    assert state.space_card[1] == 0
    assert state.tokens[1] == [0, 0, 0, 0, 0]


def test_tokens_of_a_taoist_elsewhere_cannot_be_spent() -> None:
    state = table(colours=("red", "yellow", "blue", "green"))
    put(state, 1, 8)
    state.pos[1] = 5
    give(state, 1, yellow=2)
    yang(state)
    state.chance.script("tao_dice", ["green", "yellow", "red"])
    do(state, "move tile=7")
    do(state, "exorcise")
    assert state.space_card[1] == 8  # the failure was the only outcome


def test_dark_wraith_reward_choice() -> None:
    # Curse and rewards: Bruce exorcises a Dark Wraith and takes his Yin-Yang back instead of a Qi.
    state = table()
    put(state, 1, 52, step=1)
    state.pos[0] = 7
    state.yin_yang[0] = False
    yang(state)
    state.chance.script("tao_dice", ["black", "black", "white"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.pending is not None and state.pending["name"] == "qi_or_yin_yang"
    assert {a.kind for a in state.legal_actions()} == {"gain_qi", "regain_yin_yang"}
    do(state, "regain_yin_yang")
    assert state.yin_yang[0] and state.qi[0] == 4


def test_circle_of_prayer_reached_by_yin_yang() -> None:
    # Yin-Yang example: Sam spends his Yin-Yang at the Circle of Prayer for a black token, then
    # beats the Dark Wraith with one black and one white face.
    state = table()
    put(state, 1, 52, step=1)
    state.pos[0] = 7
    yang(state)
    do(state, "yin_yang_help tile=1 colour=black")
    assert state.circle == "black" and not state.yin_yang[0]
    state.chance.script("tao_dice", ["black", "white", "green"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[1] == 0
    # the reward brings the Yin-Yang back, and it can be used again in the same turn
    do(state, "regain_yin_yang")
    assert any(a.kind == "yin_yang_help" for a in state.legal_actions())


def test_final_curse_of_deaths_army_loses_the_game() -> None:
    # End of the game, remark: Death's Army is exorcised, but its curse haunts a third tile.
    state = table()
    state.haunted[0] = state.haunted[2] = True
    put(state, 1, 59)
    state.pos[0] = 7
    give(state, 0, black=2)
    yang(state)
    state.chance.script("tao_dice", ["black", "black", "white"])
    state.chance.script("curse_die", ["haunt"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:black,0:black")
    assert 59 in state.exorcised_incarnations
    assert state.haunted[7]
    assert state.result == "loss" and state.is_terminal()
    assert state.returns() == [-1.0] * 4


def test_exorcising_the_incarnation_wins() -> None:
    state = table()
    put(state, 1, 64)
    state.pos[0] = 7
    give(state, 0, yellow=2)
    yang(state)
    state.chance.script("tao_dice", ["yellow", "white", "red"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:yellow,0:yellow")
    do(state, "give_qi taoist=1")
    assert state.result == "win"
    assert state.returns() == [1.0] * 4


def test_sacrifice_at_the_sorcerers_hut() -> None:
    # Death of a Taoist, example: two tiles are haunted and a haunter is about to haunt a third;
    # Sam, with 1 Qi, asks the Sorcerer for help and dies sending the ghost to hell.
    state = table()
    state.haunted[3] = state.haunted[5] = True
    put(state, 3, 5, step=1)  # Restless Dead on the west board, one step from haunting
    state.qi[0] = 1
    give(state, 0, red=1, black=1)
    state.pos[0] = 0
    yang(state)
    do(state, "stay")
    do(state, "ask_help tile=0 ghost=3")
    assert state.space_card[3] == 0 and 5 in state.discard
    assert not state.alive[0] and state.qi[0] == 0
    assert state.pos[0] == 8  # lying on the Cemetery
    assert state.tokens[0] == [0, 0, 0, 0, 0]
    assert state.is_possessed(0) and not state.power_active(0)
    assert state.result is None
    assert state.board == 1 and sum(state.haunted) == 2  # the west board's Yin phase haunts nothing

"""One test per ability kind of the ghost and incarnation cards (data/ghosts.toml)."""

from __future__ import annotations

from ghosttable.core import Action
from ghosttable.games.ghost_stories.cards import load_data
from tests.games.ghost_stories.positions import begin_turn, do, give, place_first, put, table, yang

ZERO = (0, 0, 0, 0, 0)


def test_every_card_uses_known_kinds_and_the_counts_match_the_reference() -> None:
    data = load_data()
    plain = [c for c in data.ghosts.values() if not c.incarnation]
    assert len(plain) == 55 and len(data.incarnation_ids) == 10
    assert sum(1 for c in plain if c.has("haunter")) == 20
    assert sum(1 for c in plain if c.has("tormentor")) == 5
    assert sum(1 for c in plain if c.has("curse", "exorcised")) == 10
    assert sum(1 for c in plain if c.has("summon")) == 10
    assert sum(1 for c in plain if c.has("dice_off")) == 5
    assert sum(1 for c in plain if c.has("power_off")) == 4
    assert sum(1 for c in plain if c.has("die_captive")) == 3
    assert sum(1 for c in plain if c.has("tao_off")) == 2
    for colour in ("red", "green", "blue", "yellow", "black"):
        assert sum(c.total_resistance for c in plain if c.colour == colour) == 24


def test_haunter_advances_then_haunts_every_second_yin_phase() -> None:
    state = table()
    put(state, 1, 1)  # Ghoul, south board, line 7, 4, 1
    begin_turn(state, 0)
    assert state.haunt_step[1] == 1 and not any(state.haunted)
    begin_turn(state, 0)
    assert state.haunted[7] and state.haunt_step[1] == 0
    begin_turn(state, 0)
    begin_turn(state, 0)
    assert state.haunted[4]  # the next active tile of the line


def test_quick_haunter_starts_one_step_advanced() -> None:
    state = table(deck=[52, 1, 2, 64])
    begin_turn(state, 0)
    place_first(state)
    s = state.space_card.index(52)
    assert state.haunt_step[s] == 1


def test_haunt_now_haunts_on_arrival() -> None:
    state = table(deck=[54, 1, 2, 64])
    begin_turn(state, 0)
    place_first(state)
    s = state.space_card.index(54)
    assert state.haunted[{0: 6, 1: 7, 2: 8}[s]]


def test_tormentor_rolls_the_curse_die_each_yin_phase() -> None:
    state = table()
    put(state, 0, 11)  # Lich
    state.chance.script("curse_die", ["lose_qi"])
    begin_turn(state, 0)
    assert state.qi[0] == 3


def test_curse_die_faces() -> None:
    state = table()
    put(state, 0, 2)
    put(state, 1, 11)
    put(state, 2, 13)  # a full board: no arrival, 1 Qi lost to the overrun each turn
    give(state, 0, red=2)
    state.chance.script("curse_die", ["lose_tokens"])
    begin_turn(state, 0)
    assert state.tokens[0] == [0] * 5 and state.qi[0] == 3
    state.chance.script("curse_die", ["haunt"])
    begin_turn(state, 0)
    assert state.haunted[7] and state.qi[0] == 2
    before = len(state.deck)
    state.chance.script("curse_die", ["ghost"])
    begin_turn(state, 0)
    assert len(state.deck) == before - 1
    place_first(state)
    assert state.qi[0] == 1  # after the curse's ghost, the overrun still costs 1 Qi
    state.chance.script("curse_die", ["lose_qi"])
    begin_turn(state, 0)
    assert not state.alive[0]


def test_summon_brings_another_ghost() -> None:
    state = table(deck=[4, 1, 2, 3, 64])
    begin_turn(state, 0)
    place_first(state)
    assert 4 in state.space_card and 1 in state.space_card
    assert len(state.deck) == 3


def test_power_off_while_on_the_board() -> None:
    state = table()
    put(state, 0, 3)
    assert not state.power_active(0) and state.power_active(1)
    state.space_card[0] = 0
    assert state.power_active(0)


def test_dice_off_only_tokens_help() -> None:
    state = table()
    put(state, 1, 2)  # Walking Corpse, yellow 1, dice have no effect
    state.pos[0] = 7
    yang(state)
    state.dice = ["yellow", "white", "white"]
    assert state.exorcism_needs([1], state.dice) == [(0, 0, 0, 1, 0)]
    give(state, 0, yellow=1)
    state.chance.script("tao_dice", ["yellow", "yellow", "yellow"])
    do(state, "stay")
    do(state, "exorcise")
    assert Action.make("banish", ghosts=(1,), tokens=("0:yellow",)) in state.legal_actions()


def test_die_captive_rolls_one_die_fewer() -> None:
    state = table()
    put(state, 3, 46)
    put(state, 6, 47)
    assert state.dice_count(0) == 1


def test_tao_off_blocks_tokens_but_not_the_circle() -> None:
    state = table()
    put(state, 1, 38)
    put(state, 4, 50)  # Black Widow
    state.pos[0] = 7
    give(state, 0, red=1)
    yang(state)
    state.chance.script("tao_dice", ["red", "green", "green"])
    do(state, "stay")
    do(state, "exorcise")
    assert state.space_card[1] == 38  # only failure was possible
    state.circle = "red"
    assert ZERO in state.exorcism_needs([1], ["red", "green", "green"])


def test_lose_qi_on_arrival() -> None:
    state = table(deck=[49, 1, 2, 64])
    begin_turn(state, 0)
    place_first(state)
    assert state.qi[0] == 3


def test_group_lose_tao_token_asks_each_taoist() -> None:
    state = table(deck=[55, 1, 2, 64])
    give(state, 0, red=1, blue=1)
    give(state, 1, green=1)
    give(state, 2, black=2)
    begin_turn(state, 0)
    place_first(state)
    assert state.pending is not None and state.pending["name"] == "discard_token" and state.current_player == 0
    do(state, "discard colour=blue")
    assert state.tokens[0] == [1, 0, 0, 0, 0]
    assert state.tokens[1] == [0] * 5 and state.tokens[2] == [0, 0, 0, 0, 1]


def test_reward_tao_two_tokens_of_your_choice() -> None:
    state = table()
    put(state, 1, 10)  # Yellow Plague, yellow 4
    state.pos[0] = 7
    give(state, 0, yellow=1)
    yang(state)
    state.chance.script("tao_dice", ["yellow", "white", "yellow"])
    do(state, "stay")
    do(state, "exorcise")
    do(state, "banish ghosts=1, tokens=0:yellow,")
    assert state.pending is not None and state.pending["name"] == "choose_token_colour"
    do(state, "take_token colour=black")
    do(state, "take_token colour=red")
    assert state.tokens[0] == [1, 0, 0, 0, 1]


def test_curse_before_reward() -> None:
    state = table()
    put(state, 1, 50)  # Black Widow: curse, then Qi or Yin-Yang
    state.pos[0] = 7
    state.qi[0] = 1
    yang(state)
    state.chance.script("tao_dice", ["black", "black", "red"])
    state.chance.script("curse_die", ["lose_qi"])
    do(state, "stay")
    do(state, "exorcise")
    assert not state.alive[0]  # the curse killed him before the reward could heal him


def test_buddha_traps_an_arriving_ghost_without_effects() -> None:
    state = table(deck=[11, 1, 2, 64])  # Lich arrives on the yellow board
    state.buddha_on[0] = True
    state.temple_buddhas = 1
    for s in (1, 2):
        put(state, s, 2)
    begin_turn(state, 0)
    assert 11 in state.discard and not state.buddha_on[0] and state.temple_buddhas == 2


def test_incarnation_sends_the_buddha_back() -> None:
    state = table(deck=[64, 1, 2, 3, 5])
    state.buddha_on[0] = True
    state.temple_buddhas = 1
    for s in (1, 2):
        put(state, s, 2)
    begin_turn(state, 0)
    assert state.space_card[0] == 64 and state.temple_buddhas == 2

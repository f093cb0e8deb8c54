"""Rules settled by the spec 1.1 audit against the rulebooks (see the spec page, version history)."""

from __future__ import annotations

from ghosttable.games.ghost_stories.game import GhostStories
from tests.games.ghost_stories.positions import begin_turn, do, place_first, put, table, yang


def test_grave_walker_takes_qi_from_the_board_it_lands_on() -> None:
    # English rulebook, Ghost placement: a black ghost on a full active board goes anywhere; its
    # left stone (lose 1 Qi) hits the board it stands on (Chinese seed: "the player or neutral").
    state = table(deck=[49, 1, 2, 64])
    for s, c in zip((0, 1, 2), (12, 23, 34), strict=True):
        put(state, s, c)
    begin_turn(state, 0)  # the south board is overrun: no draw this turn
    assert state.qi[0] == 3
    yang(state, 1)
    state.space_card[3:6] = [13, 24, 35]
    state.board = 0
    state.tasks = []
    state._draw()
    assert state.pending is not None and state.pending["name"] == "place_ghost"
    do(state, "place space=7")  # north board, seat 2
    assert state.space_card[7] == 49
    assert state.qi[2] == 3 and state.qi[0] == 3


def test_uncatchable_arrival_curse_falls_on_the_board_it_lands_on() -> None:
    state = table(deck=[57, 1, 2, 64])
    for s, c in zip((0, 1, 2), (12, 23, 34), strict=True):
        put(state, s, c)
    state.board = 0
    state.chance.script("curse_die", ["lose_qi"])
    state._draw()
    do(state, "place space=4")  # west board, seat 1
    state._run()
    assert state.qi[1] == 3 and state.qi[0] == 4


def test_only_eight_haunting_figurines() -> None:
    # English rulebook, Components: 8 Haunting figurines.
    state = table(deck=[16, 2, 4, 64])
    haunters = [1, 5, 12, 19, 23, 27, 34, 38]
    for s, c in zip((0, 1, 2, 4, 5, 6, 7, 8), haunters, strict=True):
        put(state, s, c)
    assert state.figurines_free() == 0
    state.board = 3
    state.board_colour = ["yellow", "red", "green", "blue"]
    state._draw()  # Sticky Feet (blue) comes to the east board
    place_first(state)
    s = state.space_card.index(16)
    assert state.haunt_step[s] == -1
    begin_turn(state, 3)
    assert state.haunt_step[s] == -1  # still none free: it does not haunt
    state.space_card[0] = 0
    state.haunt_step[0] = -1
    begin_turn(state, 3)
    assert state.haunt_step[s] == 1  # takes the freed figurine and moves it at once


def test_unlimited_figurines_option() -> None:
    state = table(deck=[16, 2, 4, 64], **{"haunting-figurines": "unlimited"})
    for s, c in zip((0, 1, 2, 4, 5, 6, 7, 8), [1, 5, 12, 19, 23, 27, 34, 38], strict=True):
        put(state, s, c)
    state.board = 3
    state.board_colour = ["yellow", "red", "green", "blue"]
    state._draw()
    place_first(state)
    assert state.haunt_step[state.space_card.index(16)] == 0


def test_solo_red_board_flies_and_the_pavilion_moves_your_own_taoist() -> None:
    # reference section 10, solo.
    state = GhostStories(1).new_initial_state(3)
    assert state.power[state.board_colour.index("red")] == "dance_of_the_peaks"
    plain = GhostStories(1, solo="plain").new_initial_state(3)
    red = state.board_colour.index("red")
    assert plain.board_colour == state.board_colour
    assert [p for b, p in enumerate(plain.power) if b != red] == [p for b, p in enumerate(state.power) if b != red]
    state = table(players=1)
    put(state, 1, 38)
    state.buddha_on[9] = True
    yang(state)
    do(state, "move tile=7")
    do(state, "ask_help tile=7 ghost=1 to=2")
    assert state.pending is not None and state.pending["name"] == "pavilion_taoist"
    do(state, "move_taoist taoist=0 tile=0")
    assert state.pos[0] == 0


def test_yin_step_one_moves_haunters_before_tormentors_roll() -> None:
    # English rulebook, Yin phase step 1: A. haunters, then B. tormentors.
    state = table()
    put(state, 0, 11)  # Lich, a tormentor, on the left
    put(state, 1, 1, step=1)  # Ghoul, one step from haunting
    state.chance.script("curse_die", ["blank"])
    begin_turn(state, 0)
    haunt = next(i for i, line in enumerate(state.log) if "is haunted" in line)
    roll = next(i for i, line in enumerate(state.log) if "rolls the curse die" in line)
    assert haunt < roll and state.haunted[7]


def test_view_counts_the_free_haunting_figurines() -> None:
    state = table()
    put(state, 1, 1)
    assert state.view(0)["supply"]["haunting_figurines"] == 7

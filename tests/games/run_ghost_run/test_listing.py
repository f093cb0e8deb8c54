"""The rules' fast listing of legal actions against the plain one (``reference_listing``): the same
actions in the same order at every furniture and movement decision of seeded random games, in every
configuration, and the same board after each seat's plan so far."""

from __future__ import annotations

import random

import pytest

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import RunGhostRun, RunGhostRunState
from ghosttable.games.run_ghost_run.hall import Placement
from tests.games.run_ghost_run import reference_listing as reference
from tests.games.run_ghost_run.helpers import new_state, put

CONFIGS = [
    (p, o) for p in (2, 3, 4) for o in ({}, {"merging": True}, {"midnight": True}, {"merging": True, "midnight": True})
]


def _check(state: RunGhostRunState, seat: int) -> None:
    legal = state.legal_actions(seat)
    assert legal == reference.legal_actions(state, seat), (state.phase, seat, len(state.history))
    _check_draw(state, seat, legal)
    if state.phase == "plan":
        board, stepped, made, left = state._tentative(seat)
        ghosts, ref_stepped, ref_made, ref_left = reference.tentative(state, seat)
        assert [[g.id, g.where, g.space, g.place] for g in sorted(board.ghosts.values(), key=lambda g: g.id)] == [
            [g.id, g.where, g.space, g.place] for g in sorted(ghosts.values(), key=lambda g: g.id)
        ]
        assert (stepped, made, left) == (ref_stepped, ref_made, ref_left)


def _check_draw(state: RunGhostRunState, seat: int, legal: list[Action]) -> None:
    """A random playout's draw (``_random_legal``) is uniform over the listing: while plans are
    built without merging, the slots it draws from, read in order, hold each listed action once
    and in the listing's order (the others hold none); where a grasped piece goes, they hold
    each listed action once (by spot, where it stands among them); elsewhere it is the listed
    action at ``randrange`` of the listing's length, leaving the generator as that draw leaves
    it."""
    if state.phase == "plan" and not state.merging:
        slots, slot = state._plan_slots(seat)
        listed = [a for a in map(slot, range(slots)) if a is not None]
        assert len(listed) == len(legal) and all(a is b for a, b in zip(listed, legal, strict=True))
        assert state._random_legal(seat, random.Random(len(legal))) in legal
        return
    if state.phase == "furniture" and state.grasped is not None:
        slots, slot = state._placement_slots(state.grasped)
        held = [a for a in map(slot, range(slots)) if a is not None]
        assert sorted(map(str, held)) == sorted(map(str, legal)) and {id(a) for a in held} == {id(a) for a in legal}
        assert state._random_legal(seat, random.Random(len(legal))) in legal
        return
    for k in range(4):
        drawn, listed_rng = random.Random(k), random.Random(k)
        assert state._random_legal(seat, drawn) is legal[listed_rng.randrange(len(legal))]
        assert drawn.getstate() == listed_rng.getstate()


def _play(players: int, options: dict[str, bool], seed: int, rng: random.Random) -> int:
    state = RunGhostRun(players, **options).new_initial_state(seed)
    checked = 0
    while not state.is_terminal():
        for seat in state.acting_seats():
            if state.is_terminal() or seat not in state.acting_seats():
                break
            if state.phase in ("furniture", "plan"):
                _check(state, seat)
                checked += 1
                if state.phase == "plan" and rng.random() < 0.2:
                    twin = state.determinize(seat, rng)
                    assert isinstance(twin, RunGhostRunState)
                    for other in twin.acting_seats():
                        _check(twin, other)
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)
    return checked


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_listing_matches_the_plain_one_in_a_few_seeded_games(players: int, options: dict[str, bool]) -> None:
    rng = random.Random(players * 100 + len(options))
    assert sum(_play(players, options, 2000 + k, rng) for k in range(2)) > 2 * 20


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_the_listing_matches_the_plain_one_in_300_seeded_games(players: int, options: dict[str, bool]) -> None:
    rng = random.Random(players * 100 + len(options))
    assert sum(_play(players, options, 1000 + k, rng) for k in range(25)) > 25 * 20


def test_a_stacked_piece_carrying_ghosts_away_lists_as_the_plain_way() -> None:
    # card 9 shows the table and the armchair
    for ghosts in ([("red-s1", "D4", "on")], [("red-s1", "D4", "on"), ("blue-s1", "C3", "under")], []):
        state = new_state(2, first=[9, 4])
        state.board.furniture["armchair"] = Placement(3, 3, 0, "standing", "table")
        for gid, space, place in ghosts:
            put(state, gid, "hall", space, place)
        put(state, "blue-l1", "hall", "A1")
        state.apply(Action.make("grasp", piece="armchair"))
        assert state.legal_actions() == reference.legal_actions(state, 0)
        assert len(state.legal_actions()) > 100
        _check_draw(state, 0, state.legal_actions())


def test_what_each_door_sees_matches_the_plain_sight_test() -> None:
    rng = random.Random(5)
    boards = 0
    for players, options in CONFIGS[:4]:
        for k in range(3):
            state = RunGhostRun(players, **options).new_initial_state(3000 + k)
            while not state.is_terminal():
                seat = state.acting_seats()[0]
                if state.phase == "keyhole" or rng.random() < 0.05:
                    boards += 1
                    for lying in (False, True):
                        plain = state.board.seen_from_all(lying)
                        for side, door in plain:
                            assert state.board.seen_from(side, door, lying) == plain[(side, door)], (side, door)
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))], seat)
    assert boards > 50

"""The belief (possible Phantom cells) against a brute-force enumeration of hidden histories.

The brute force replays a random game's actions from the start, trying every alternative for each
hidden choice of the Phantom (the direction of each move card played, the card discarded), and
keeps the alternatives whose view for the observer (the hunters, or a spectator) is identical to
the real game's view after every action. The Phantom cells of the surviving alternatives are
exactly the cells the observer cannot rule out; the tracker must give the same set.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ghosttable.core import Action
from ghosttable.core.errors import GameError
from ghosttable.games.old_house import OldHouse, OldHouseState
from ghosttable.games.old_house.views import build_view
from tests.games.old_house.helpers import SMALL, TINY

HIDDEN = ("step", "discard")
"""The Phantom's hidden choices: the direction of a move card played, the card discarded."""


def _observed(state: OldHouseState, seat: int | None) -> dict[str, object]:
    return build_view(state, seat, with_belief=False)


def _key(state: OldHouseState) -> tuple[object, ...]:
    clear = tuple((t.id, t.cell, tuple(sorted(t.phantom_clear))) for t in state.traps if t.active)
    return (state.phantom_cell, tuple(state.hand), tuple(state.route), tuple(state.laid), tuple(state.last_laid), clear)


def brute_force_cells(real: OldHouseState, seat: int | None) -> set[int]:
    """Phantom cells of every hidden history that the observer ``seat`` cannot tell from the real one
    (for a spectator, the traps' cells are hidden choices too)."""
    game = real.game
    replayed = game.new_initial_state(real.seed, real.initial_script)
    branches = [replayed.clone()]
    for who, action in real.history:
        replayed.apply(action, who)
        want = _observed(replayed, seat)
        survivors: dict[tuple[object, ...], OldHouseState] = {}
        for branch in branches:
            if who == 0 and action.kind in HIDDEN:
                options = [a for a in branch.legal_actions(0) if a.kind == action.kind]
            elif seat is None and action.kind == "trap":
                # a spectator does not know where a trap lies either
                options = [a for a in branch.legal_actions(who) if a.kind == "trap"]
            else:
                options = [action]
            for option in options:
                twin = branch.clone()
                try:
                    twin.apply(option, who)
                except GameError:
                    continue
                if _observed(twin, seat) == want:
                    survivors.setdefault(_key(twin), twin)
        branches = list(survivors.values())
        assert branches, "the real history itself must survive"
    return {b.phantom_cell for b in branches}


def random_game(house: str, players: int, seed: int, steps: int, **options: object) -> OldHouseState:
    """A game played by uniformly random choices for ``steps`` actions (or to its end)."""
    rng = random.Random(seed)
    state = OldHouse(players, house=house, **options).new_initial_state(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = rng.choice(state.acting_seats())
        legal = state.legal_actions(seat)
        state.apply(legal[rng.randrange(len(legal))], seat)
    return state


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(5, 120),
    players=st.sampled_from([2, 3]),
    reveal=st.booleans(),
)
def test_hunters_belief_equals_brute_force_on_the_tiny_house(seed: int, steps: int, players: int, reveal: bool) -> None:
    state = random_game(TINY, players, seed, steps, **{"checks-reveal-route": reveal})
    assert brute_force_cells(state, 1) == set(state.possible_cells(1))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(5, 18))
def test_public_belief_equals_brute_force_on_the_tiny_house(seed: int, steps: int) -> None:
    # the spectator does not know the traps either, so short games keep the enumeration small
    state = random_game(TINY, 2, seed, steps)
    assert brute_force_cells(state, None) == set(state.possible_cells(None))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(5, 70))
def test_belief_equals_brute_force_on_the_small_house(seed: int, steps: int) -> None:
    state = random_game(SMALL, 3, seed, steps)
    assert brute_force_cells(state, 1) == set(state.possible_cells(1))


def test_the_phantom_is_always_where_the_hunters_think_it_may_be() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = OldHouse(2 + seed % 3, house=SMALL).new_initial_state(seed)
        while not state.is_terminal():
            assert state.phantom_cell in state.possible_cells(1)
            assert state.phantom_cell in state.possible_cells(None)
            seat = rng.choice(state.acting_seats())
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))], seat)


def test_determinize_samples_a_hidden_route_consistent_with_the_belief() -> None:
    state = random_game(SMALL, 3, 5, 60)
    cells = set()
    for k in range(30):
        twin = state.determinize(1, random.Random(k))
        assert twin.view(1) == state.view(1)
        assert twin.phantom_cell in state.possible_cells(1)
        assert twin.route[-1] == twin.phantom_cell or twin.revealed
        assert sum(twin.hand) == sum(state.hand)
        cells.add(twin.phantom_cell)
        if len(state.possible_cells(1)) > 1:
            assert not any(isinstance(a, Action) and a.kind == "step" for _, a in twin.history)
    assert cells <= set(state.possible_cells(1))

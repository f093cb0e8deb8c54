"""Tensors keep secrets: two states that differ only in what a seat may not know give that seat
(and the spectator) the same tensor and the same legal ids. The twins come from the games' own
determinization (a state consistent with what the seat knows, its unknowns drawn anew: the deck's
order, the Phantom's cell and route, the traps, the other seats' staged and sealed plans) and from
the hand-built twins of Run, Ghost, Run!'s sealing tests; a tensor of the seat that does know the
secret does change with it, so the check has teeth."""

from __future__ import annotations

import random
from typing import cast

import pytest

from ghosttable import registry
from ghosttable.games.ghost_stories.rules import GhostStoriesState
from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.research.encoding import encoding_for
from tests.games.run_ghost_run.test_sealing import twins
from tests.research.playouts import configurations, positions


@pytest.mark.parametrize(("name", "players"), configurations())
def test_a_determinized_twin_gives_the_seat_the_same_tensor(name: str, players: int) -> None:
    enc = encoding_for(registry.load(name, players=players))
    rng = random.Random(players)
    checked = 0
    seed = players
    while checked < 12 * (players + 1):
        for k, state in enumerate(positions(name, players, seed)):
            if k % 9:
                continue
            for viewer in (None, *range(players)):
                twin = state.determinize(viewer, random.Random(rng.getrandbits(32)))
                assert enc.observation_tensor(twin, viewer) == enc.observation_tensor(state, viewer)
                if viewer is not None:
                    assert enc.legal_ids(twin, viewer) == enc.legal_ids(state, viewer)
                checked += 1
        seed += 10


def test_the_deck_order_is_in_no_tensor() -> None:
    enc = encoding_for(registry.load("ghost-stories", players=2))
    state = cast(GhostStoriesState, registry.load("ghost-stories", players=2).new_initial_state(seed=3))
    twin = cast(GhostStoriesState, state.determinize(None, random.Random(5)))
    assert twin.deck != state.deck and sorted(twin.deck) != twin.deck
    for viewer in (None, 0, 1):
        assert enc.observation_tensor(twin, viewer) == enc.observation_tensor(state, viewer)


def test_the_phantoms_cell_is_in_the_phantoms_tensor_only() -> None:
    game = registry.load("old-house", players=3)
    enc = encoding_for(game)
    found = 0
    for state in positions("old-house", 3, seed=4, limit=400):
        oh = cast(OldHouseState, state)
        twin = cast(OldHouseState, oh.determinize(1, random.Random(len(oh.history))))
        if twin.phantom_cell == oh.phantom_cell:
            continue
        found += 1
        for viewer in (None, 1, 2):
            assert enc.observation_tensor(twin, viewer) == enc.observation_tensor(oh, viewer)
        assert enc.observation_tensor(twin, 0) != enc.observation_tensor(oh, 0)  # the Phantom knows
    assert found > 5


def test_the_traps_cells_are_not_in_the_phantoms_tensor() -> None:
    enc = encoding_for(registry.load("old-house", players=2))
    found = 0
    for state in positions("old-house", 2, seed=6, limit=1500):
        oh = cast(OldHouseState, state)
        if not oh.traps:
            continue
        twin = cast(OldHouseState, oh.determinize(0, random.Random(len(oh.history))))
        if sorted(t.cell for t in twin.traps) == sorted(t.cell for t in oh.traps):
            continue
        found += 1
        assert enc.observation_tensor(twin, 0) == enc.observation_tensor(oh, 0)
        assert enc.observation_tensor(twin, None) == enc.observation_tensor(oh, None)
    assert found > 0


def test_a_sealed_plan_and_its_length_are_in_no_other_seats_tensor() -> None:
    first, second = twins()
    enc = encoding_for(first.game)
    for viewer in (None, 0, 2):
        assert enc.observation_tensor(first, viewer) == enc.observation_tensor(second, viewer)
        if viewer is not None:
            assert enc.legal_ids(first, viewer) == enc.legal_ids(second, viewer)
    assert enc.observation_tensor(first, 1) != enc.observation_tensor(second, 1)  # blue's own plan


def test_a_plan_being_staged_is_in_no_other_seats_tensor() -> None:
    enc = encoding_for(registry.load("run-ghost-run", players=3))
    for state in positions("run-ghost-run", 3, seed=2):
        if state.decision_name(state.acting_seats()[0]) == "plan_movement":
            break
    seat = min(state.acting_seats())
    before = {v: enc.observation_tensor(state, v) for v in (None, 0, 1, 2) if v != seat}
    steps = 0
    while steps < 3:
        moves = [a for i in enc.legal_ids(state, seat) if (a := enc.action_of(state, seat, i)).kind == "step"]
        if not moves:
            break
        action = moves[0]
        state.apply(action, seat)
        steps += 1
        for viewer, tensor in before.items():
            assert enc.observation_tensor(state, viewer) == tensor
    assert steps > 0

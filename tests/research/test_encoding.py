"""The games' fixed action spaces: over seeded games of every game and seat count, every legal
action's id is in range, round-trips through ``action_of``, and differs from the other legal
actions' ids; ``legal_ids`` is their sorted list; an action keeps its id from one position to
another; an id that is not legal now is refused with a reason and changes nothing; every tensor
has the encoding's shape, finite and non-negative."""

from __future__ import annotations

import math

import pytest

from ghosttable import registry
from ghosttable.core import IllegalActionError
from ghosttable.core.actions import Action
from ghosttable.games.encoding import Family, GameEncoding
from ghosttable.research.encoding import encoding_for
from tests.research.playouts import configurations, positions

SEEDS = (0, 1)


def stateless(enc: GameEncoding, action: Action) -> bool:
    """Whether ``action``'s id is read from the action alone (not a rank in the position)."""
    names = tuple(name for name, _ in action.params)
    return any(isinstance(f, Family) and f.kind == action.kind and f.names == names for f in enc.space.families)


@pytest.mark.parametrize(("name", "players"), configurations())
def test_every_legal_action_has_a_stable_distinct_id_that_round_trips(name: str, players: int) -> None:
    game = registry.load(name, players=players)
    enc = encoding_for(game)
    assert isinstance(enc, GameEncoding)
    seen: dict[Action, int] = {}
    kinds: set[str] = set()
    for seed in SEEDS:
        for k, state in enumerate(positions(name, players, seed)):
            for seat in state.acting_seats():
                legal = state.legal_actions(seat)
                ids = [enc.action_id(state, seat, a) for a in legal]
                assert all(0 <= i < enc.num_distinct_actions for i in ids)
                assert len(set(ids)) == len(ids), f"two legal actions share an id at {state.decision_name(seat)}"
                assert enc.legal_ids(state, seat) == sorted(ids)
                for action, i in zip(legal, ids, strict=True):
                    assert enc.action_of(state, seat, i) == action
                    kinds.add(action.kind)
                    if stateless(enc, action):
                        assert seen.setdefault(action, i) == i, f"{action} changed its id"
                if k % 7 == 0:
                    before = state.fingerprint()
                    free = next(i for i in range(enc.num_distinct_actions) if i not in set(ids))
                    for bad in (free, -1, enc.num_distinct_actions):
                        with pytest.raises(IllegalActionError) as refused:
                            enc.action_of(state, seat, bad)
                        assert refused.value.reason
                    assert state.fingerprint() == before
            if k % 5 == 0 or state.is_terminal():
                for viewer in (None, *range(players)):
                    tensor = enc.observation_tensor(state, viewer)
                    assert len(tensor) == enc.observation_shape[0]
                    assert all(math.isfinite(x) and x >= 0 for x in tensor)
    assert len(kinds) >= 5


@pytest.mark.parametrize(
    ("name", "options"), [("run-ghost-run", {"merging": True}), ("run-ghost-run", {"midnight": True})]
)
def test_ids_round_trip_under_the_options_that_add_actions(name: str, options: dict[str, object]) -> None:
    enc = encoding_for(registry.load(name, players=3, **options))
    kinds: set[str] = set()
    for seed in range(4):
        for state in positions(name, 3, seed, **options):
            for seat in state.acting_seats():
                for i, action in enc.legal_map(state, seat).items():  # type: ignore[attr-defined]
                    assert enc.action_of(state, seat, i) is action
                    kinds.add(action.kind)
    assert "step" in kinds


def test_sizes_follow_the_seats_and_only_where_the_game_says() -> None:
    sizes = {(n, p): encoding_for(registry.load(n, players=p)).num_distinct_actions for n, p in configurations()}
    assert len({v for (n, _), v in sizes.items() if n == "ghost-stories"}) == 1
    assert len({v for (n, _), v in sizes.items() if n == "old-house"}) == 1
    assert sizes["run-ghost-run", 2] < sizes["run-ghost-run", 3] < sizes["run-ghost-run", 4]  # more ghosts


def test_a_staged_step_has_an_id_and_a_sealed_plan_none() -> None:
    game = registry.load("run-ghost-run", players=2)
    enc = encoding_for(game)
    for state in positions("run-ghost-run", 2, 0):
        if state.decision_name(state.acting_seats()[0]) == "plan_movement":
            break
    seat = state.acting_seats()[0]
    ids = enc.legal_ids(state, seat)
    kinds = {enc.action_of(state, seat, i).kind for i in ids}
    assert kinds <= {"step", "done"} and "done" in kinds
    with pytest.raises(IllegalActionError, match="no action of its kind"):
        enc.action_id(state, seat, Action.make("seal", steps=()))

"""The PettingZoo environments pass PettingZoo's own checks (``api_test`` for every game and seat
count, ``parallel_api_test`` for Run, Ghost, Run!, ``seed_test``), give the game's returns as
rewards, take their chance from ``reset(seed=...)`` only, and refuse an illegal id with a reason,
changing nothing."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from ghosttable import registry
from ghosttable.core import IllegalActionError
from ghosttable.research.encoding import encoding_for
from tests.optional import required
from tests.research.playouts import configurations

pz_test = required("pettingzoo.test")
gpz = required("ghosttable.pettingzoo")


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """PettingZoo's checks warn about style (agent names like ``player_0``, an all-zero mask once a
    game is over): not failures here."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize(("name", "players"), configurations())
def test_api_test(name: str, players: int) -> None:
    pz_test.api_test(gpz.env(name, players=players), num_cycles=300)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parallel_api_test(players: int) -> None:
    pz_test.parallel_api_test(gpz.parallel_env("run-ghost-run", players=players), num_cycles=1000)


@pytest.mark.parametrize(("name", "players"), [("ghost-stories", 3), ("old-house", 2), ("run-ghost-run", 3)])
def test_seed_test(name: str, players: int) -> None:
    pz_test.seed_test(lambda: gpz.env(name, players=players), num_cycles=200)


def masked(env: Any, obs: dict[str, Any], agent: str) -> int:
    return int(env.action_space(agent).sample(mask=obs["action_mask"]))


def play_parallel(seed: int, players: int = 3) -> list[Any]:
    """A whole game of the Parallel environment with seeded masked sampling: what it sent."""
    env = gpz.parallel_env("run-ghost-run", players=players)
    obs, _ = env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(100 + i)
    sent: list[Any] = []
    while env.agents:
        actions = {a: masked(env, obs[a], a) for a in env.agents}
        obs, rewards, terms, _, _ = env.step(actions)
        sent.append((actions, {a: o["observation"].tobytes() for a, o in obs.items()}, rewards, terms))
    return sent


def test_the_parallel_env_is_seeded_by_reset_only() -> None:
    random.seed(1)
    np.random.seed(1)
    first = play_parallel(5)
    random.seed(2)
    np.random.seed(2)
    assert play_parallel(5) == first
    assert play_parallel(6) != first


@pytest.mark.parametrize("name", ["ghost-stories", "old-house", "run-ghost-run"])
def test_reset_seed_plays_the_games_own_seed_and_a_bare_reset_draws_from_the_env(name: str) -> None:
    env = gpz.env(name, players=2)
    env.reset(seed=11)
    assert env.state_now.fingerprint() == registry.load(name, players=2).new_initial_state(seed=11).fingerprint()
    fingerprints = []
    for global_seed in (1, 2):
        random.seed(global_seed)
        np.random.seed(global_seed)
        env.reset(seed=11)
        env.reset()
        fingerprints.append(env.state_now.fingerprint())
    assert fingerprints[0] == fingerprints[1]


@pytest.mark.parametrize(("name", "players"), [("ghost-stories", 2), ("old-house", 2), ("run-ghost-run", 4)])
def test_rewards_are_the_games_returns(name: str, players: int) -> None:
    env = gpz.env(name, players=players)
    env.reset(seed=3)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(i)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    returns = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            returns = returns or env.state_now.returns()
            env.step(None)
            continue
        assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].any()
        env.step(masked(env, obs, agent))
    assert returns is not None
    assert [totals[a] for a in env.possible_agents] == [float(r) for r in returns]


def test_an_illegal_id_is_refused_with_a_reason_and_changes_nothing() -> None:
    env = gpz.env("old-house", players=2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state_now.fingerprint()
    for bad in (illegal, -3, "north", None):
        with pytest.raises(IllegalActionError) as refused:
            env.step(bad)
        assert refused.value.reason
    assert env.state_now.fingerprint() == before


def test_in_the_parallel_env_only_acting_seats_must_act() -> None:
    env = gpz.parallel_env("run-ghost-run", players=2)
    obs, _ = env.reset(seed=2)
    acting = [a for a in env.agents if obs[a]["action_mask"].any()]
    idle = [a for a in env.agents if a not in acting]
    assert acting
    before = env.state_now.fingerprint()
    with pytest.raises(IllegalActionError, match="gave no action"):
        env.step({a: 0 for a in idle})
    assert env.state_now.fingerprint() == before
    # an idle seat's action, whatever it is, is ignored
    env.step({**{a: masked(env, obs[a], a) for a in acting}, **{a: 0 for a in idle}})
    assert env.state_now.fingerprint() != before


def test_all_seats_plan_their_moves_in_the_same_parallel_step() -> None:
    env = gpz.parallel_env("run-ghost-run", players=3)
    obs, _ = env.reset(seed=4)
    for _ in range(500):
        if len([a for a in env.agents if obs[a]["action_mask"].any()]) == 3:
            break
        obs, *_ = env.step({a: masked(env, obs[a], a) for a in env.agents})
    assert env.state_now.decision_name(0) == "plan_movement"


def test_every_observation_is_the_seats_tensor_and_mask_of_the_moment() -> None:
    env = gpz.parallel_env("run-ghost-run", players=3)
    enc = encoding_for(registry.load("run-ghost-run", players=3))
    obs, _ = env.reset(seed=8)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(i)
    steps = 0
    while env.agents:
        state = env.state_now
        for seat, agent in enumerate(env.possible_agents):
            assert env.view(agent) == state.view(seat)
            assert obs[agent]["observation"].tolist() == pytest.approx(enc.view_tensor(env.view(agent), seat))
            shown = np.flatnonzero(obs[agent]["action_mask"]).tolist()
            assert shown == enc.legal_ids(state, seat) or (shown == [] and seat in env._held)
        obs, *_ = env.step({a: masked(env, obs[a], a) for a in env.agents})
        steps += 1
    assert steps > 20


@pytest.mark.parametrize(("name", "players"), [("old-house", 3), ("old-house", 4), ("ghost-stories", 2)])
def test_the_parallel_env_takes_the_other_games_too(name: str, players: int) -> None:
    pz_test.parallel_api_test(gpz.parallel_env(name, players=players), num_cycles=1000)


def test_a_choice_an_earlier_seat_made_illegal_is_not_played_and_says_why() -> None:
    env = gpz.parallel_env("old-house", players=3)
    obs, _ = env.reset(seed=1)
    for _ in range(200):
        both = [a for a in env.agents if obs[a]["action_mask"].any()]
        if len(both) == 2:
            break
        obs, *_ = env.step({a: masked(env, obs[a], a) for a in env.agents})
    shared = np.flatnonzero(obs[both[0]]["action_mask"] & obs[both[1]]["action_mask"])
    assert len(both) == 2 and len(shared)
    state = env.state_now
    enc = encoding_for(state.game)
    first, second = (env.possible_agents.index(a) for a in both)
    assert enc.action_of(state, first, int(shared[0])).kind == "give_card"  # the same card, twice
    known = len(state.history)
    obs, _, _, _, infos = env.step({a: int(shared[0]) for a in env.agents})
    assert len(env.state_now.history) == known + 1
    assert infos[both[0]] == {} and infos[both[1]]["not_played"]
    assert np.flatnonzero(obs[both[1]]["action_mask"]).tolist() == enc.legal_ids(env.state_now, second)


def test_no_seat_tells_another_plan_length_from_when_it_sealed() -> None:
    """A seat that seals its plan waits (an empty mask) until every seat still planning has sealed
    too: what the others are shown does not change in between, whatever the plan's length."""
    env = gpz.parallel_env("run-ghost-run", players=3)
    obs, _ = env.reset(seed=4)
    for _ in range(500):
        if env.state_now.decision_name(0) == "plan_movement":
            break
        obs, *_ = env.step({a: masked(env, obs[a], a) for a in env.agents})
    done_id = encoding_for(registry.load("run-ghost-run", players=3)).action_id(
        env.state_now, 0, next(a for a in env.state_now.legal_actions(0) if a.kind == "done")
    )
    first, others = env.possible_agents[0], env.possible_agents[1:]

    def a_step(agent: str) -> int:  # the first of the seat's listed steps, else done
        ids = [i for i in np.flatnonzero(obs[agent]["action_mask"]).tolist() if i != done_id]
        return ids[0] if ids else done_id

    obs, *_ = env.step({first: done_id, **{a: a_step(a) for a in others}})
    waited = 0
    while 0 in env._held:  # seat 0 has sealed (an empty plan); the others plan on
        assert not obs[first]["action_mask"].any()
        assert env.state_now.phase == "plan" and not env.state_now.submitted[0]
        for a in others:
            assert env.view(a)["players"][0]["plan_done"] is False
        obs, *_ = env.step({first: 0, **{a: a_step(a) for a in others}})
        waited += 1
    assert waited >= 1
    while env.agents and env.state_now.phase == "plan":
        obs, *_ = env.step({a: masked(env, obs[a], a) for a in env.agents})
    assert not env._held


def test_a_fractional_id_or_an_unknown_agent_is_refused_and_changes_nothing() -> None:
    env = gpz.parallel_env("run-ghost-run", players=2)
    obs, _ = env.reset(seed=3)
    before = env.state_now.fingerprint()
    acting = [a for a in env.agents if obs[a]["action_mask"].any()]
    chosen = {a: masked(env, obs[a], a) for a in env.agents}
    with pytest.raises(IllegalActionError, match="integer id"):
        env.step({**chosen, acting[0]: chosen[acting[0]] + 0.5})
    with pytest.raises(IllegalActionError, match="no agent purple"):
        env.step({**chosen, "purple": 0})
    assert env.state_now.fingerprint() == before


def test_a_payment_in_two_colours_is_chosen_one_id_at_a_time() -> None:
    from tests.research.test_encoding import _exorcism

    env = gpz.env("ghost-stories", players=4)
    env.reset(seed=0)
    # board 0's Taoist at the corner tile 6 pays for Bleeding Eyes (red, 2) and the Perfidious
    # Nymph (blue, 1): its two red tokens, then a blue one of its own or of board 1's Taoist
    env.table.state = _exorcism({0: {"red": 2, "blue": 1}, 1: {"blue": 1}}, {0: 38, 5: 15}, tile=6)
    env.agent_selection = "taoist1"
    enc = env.table.encoding
    state = env.state_now
    paid = next(a for a in state.legal_actions(0) if a.kind == "banish" and a["ghosts"] == (0, 5))
    red, blue = enc.action_ids(state, 0, paid)
    before, known = state.fingerprint(), len(state.history)
    plain = env.observe("taoist1")
    assert plain["action_mask"][red] == 1 and plain["action_mask"].sum() > 2
    env.step(red)
    assert env.agent_selection == "taoist1" and env.rewards["taoist1"] == 0.0
    assert state.fingerprint() == before and len(state.history) == known  # nothing played yet
    staged = env.observe("taoist1")
    assert np.flatnonzero(staged["action_mask"]).tolist() == enc.legal_ids(state, 0, (red,))
    assert blue in np.flatnonzero(staged["action_mask"]).tolist()
    assert staged["observation"].tolist() == pytest.approx(enc.observation_tensor(state, 0, (red,)))
    assert staged["observation"].tolist() != plain["observation"].tolist()
    assert env.observe("taoist2")["observation"].tolist() == pytest.approx(enc.observation_tensor(state, 1))
    with pytest.raises(IllegalActionError, match="after the ids"):
        env.step(red)
    assert state.fingerprint() == before
    env.step(blue)
    assert len(env.state_now.history) == known + 1
    assert env.state_now.history[-1] == (0, paid)

"""The generic search's hooks: ``ismcts`` plays its playouts with a game's rollout policy and values
them with its position value; each built-in game's hooks stay legal, leave the state alone and
value within the returns' range; the lobby offers ``ismcts`` only where a game gives it hooks."""

from __future__ import annotations

import random

import pytest

from ghosttable.ai import Observation, bot_names, make_bot
from ghosttable.ai.hooks import RolloutPolicy, search_hooks
from ghosttable.ai.ismcts import ISMCTSBot
from ghosttable.core.actions import Action
from ghosttable.core.errors import OptionError
from ghosttable.core.state import State
from ghosttable.registry import load
from tests.toygame import SecretDraw


class _CountingHooks:
    """Hooks that play the first legal action and value every position 0.25 for seat 0, counting
    the calls."""

    def __init__(self, cutoff: int) -> None:
        self.cutoff = cutoff
        self.rollout_work = 3
        self.policy_calls = 0
        self.value_calls = 0
        self.values: list[list[float]] = []

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            self.policy_calls += 1
            assert legal == state.legal_actions(seat)
            return legal[0]

        return policy

    def position_value(self, state: State) -> list[float]:
        self.value_calls += 1
        assert not state.is_terminal()
        value = [0.25] + [-0.25] * (state.players - 1)
        self.values.append(value)
        return value


class _HookedDraw(SecretDraw):
    hooks = _CountingHooks(cutoff=0)

    def search_hooks(self) -> _CountingHooks:
        return self.hooks


def test_a_playout_with_hooks_plays_the_rollout_policy_and_values_where_it_is_cut_off() -> None:
    game = _HookedDraw(2)
    game.hooks = hooks = _CountingHooks(cutoff=1)
    state = game.new_initial_state(9)
    seat = state.acting_seats()[0]
    bot = ISMCTSBot(game, seat, seed=3, iterations=12)
    assert bot.hooks is hooks and bot.cutoff == 1
    action = bot.choose(Observation(state, seat))
    assert action in state.legal_actions(seat)
    # the policy chose a new node or a playout step in the iterations; a playout cut off after
    # one step (the toy game lasts longer) was valued by the hook
    assert hooks.policy_calls >= 12
    assert hooks.value_calls > 0


def test_work_counts_the_rollout_policy_and_cutoff_overrides_the_hooks() -> None:
    game = _HookedDraw(2)
    game.hooks = _CountingHooks(cutoff=0)
    state = game.new_initial_state(4)
    seat = state.acting_seats()[0]
    cheap = ISMCTSBot(game, seat, seed=1, iterations=6, cutoff=2)
    cheap.choose(Observation(state, seat))
    game.hooks = dear = _CountingHooks(cutoff=0)
    dear.rollout_work = 1000
    costly = ISMCTSBot(game, seat, seed=1, iterations=6, cutoff=2)
    costly.choose(Observation(state, seat))
    assert costly.cutoff == 2
    # the same search, each policy choice counted 997 units more
    assert costly.last_work - cheap.last_work == 997 * dear.policy_calls


def test_without_hooks_the_search_plays_out_at_random() -> None:
    game = _HookedDraw(2)
    game.hooks = hooks = _CountingHooks(cutoff=0)
    state = game.new_initial_state(9)
    seat = state.acting_seats()[0]
    bot = ISMCTSBot(game, seat, seed=3, iterations=10, hooks=False)
    assert bot.hooks is None
    assert bot.choose(Observation(state, seat)) in state.legal_actions(seat)
    assert hooks.policy_calls == 0 and hooks.value_calls == 0


def test_a_negative_cutoff_is_refused() -> None:
    with pytest.raises(ValueError, match="cutoff"):
        ISMCTSBot(SecretDraw(2), 0, seed=1, cutoff=-1)


GAMES = [("ghost-stories", 2), ("ghost-stories", 4), ("old-house", 3), ("old-house", 4), ("run-ghost-run", 2)]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_each_game_hooks_choose_legally_leave_the_state_alone_and_value_in_the_returns_range(
    name: str, players: int
) -> None:
    game = load(name, players)
    hooks = search_hooks(game)
    assert hooks is not None and hooks.cutoff > 0 and hooks.rollout_work >= 0
    rng = random.Random(11)
    state = game.new_initial_state(5)
    policy = hooks.rollout_policy(random.Random(2))
    checked = 0
    while not state.is_terminal() and checked < 60:
        seat = state.acting_seats()[0]
        legal = state.legal_actions(seat)
        twin = state.determinize(seat, rng)  # what a search's playout holds
        before = twin.fingerprint()
        value = hooks.position_value(twin)
        assert len(value) == players
        assert all(-1.0 <= v <= 1.0 for v in value), value
        if len(legal) > 1:
            assert policy(twin, seat, twin.legal_actions(seat)) in legal
            checked += 1
        assert twin.fingerprint() == before
        state.apply(legal[rng.randrange(len(legal))], seat)


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_the_built_in_games_offer_ismcts_with_their_hooks(name: str, players: int) -> None:
    game = load(name, players)
    assert "ismcts" in bot_names(game)
    assert isinstance(make_bot(game, "ismcts", 0, 1), ISMCTSBot)
    assert make_bot(game, "ismcts", 0, 1).hooks is not None  # type: ignore[attr-defined]


def test_the_lobby_does_not_offer_ismcts_for_a_game_without_hooks_but_simulate_plays_it() -> None:
    game = SecretDraw(2)
    assert "ismcts" not in bot_names(game) and "random" in bot_names(game)
    assert "ismcts" in bot_names(game, measurement=True)
    with pytest.raises(OptionError, match="no bot 'ismcts'"):
        make_bot(game, "ismcts", 0, 1)
    assert isinstance(make_bot(game, "ismcts", 0, 1, measurement=True), ISMCTSBot)

from __future__ import annotations

import random
from typing import Any

import pytest

from ghosttable.ai import Observation, bot_names, make_bot
from ghosttable.ai.ismcts import DEFAULT_WORK, MAX_ITERATIONS, MIN_ITERATIONS, ISMCTSBot
from ghosttable.ai.play import play_game
from ghosttable.core.playout import derive_seed
from ghosttable.core.state import State
from tests.toygame import SecretDraw


def test_generic_bots_can_play_every_game() -> None:
    # random is offered everywhere; ismcts is measured everywhere (offered where the game has
    # search hooks, see test_search_hooks)
    assert "random" in bot_names(SecretDraw(2))
    assert {"random", "ismcts"} <= set(bot_names(SecretDraw(2), measurement=True))


def test_ismcts_picks_a_legal_action_and_never_needs_the_real_state() -> None:
    game = SecretDraw(2)
    state = game.new_initial_state(9)
    bot = ISMCTSBot(game, 0, seed=1, iterations=50)
    action = bot.choose(Observation(state, 0))
    assert action in state.legal_actions(0)


def test_ismcts_outbids_random_play() -> None:
    # Bidding more always helps in Secret Draw, so a search bot should win clearly more than half.
    game = SecretDraw(2, bids="high", swaps=False)
    wins = 0
    games = 60
    for k in range(games):
        seed = derive_seed(7, k)
        bots = [ISMCTSBot(game, 0, seed, iterations=60), make_bot(game, "random", 1, seed + 1)]
        wins += play_game(game, bots, seed).returns()[0] > 0
    assert wins / games > 0.6


class _CountingObservation(Observation):
    """An observation that counts the determinizations asked of it (one per search iteration)."""

    __slots__ = ("asked",)

    def __init__(self, state: State, seat: int) -> None:
        super().__init__(state, seat)
        self.asked = 0

    def determinize(self, rng: random.Random) -> State:
        self.asked += 1
        return super().determinize(rng)


def test_ismcts_stops_when_its_work_budget_is_spent_and_replays_under_a_seed() -> None:
    game = SecretDraw(3)
    state = game.new_initial_state(4)
    picks = []
    for _ in range(2):
        bot = ISMCTSBot(game, 0, seed=5)
        obs = _CountingObservation(state, 0)
        picks.append((bot.choose(obs), bot.last_iterations, bot.last_work))
        assert obs.asked == bot.last_iterations
        assert MIN_ITERATIONS <= bot.last_iterations <= MAX_ITERATIONS
        assert bot.last_work >= DEFAULT_WORK or bot.last_iterations == MAX_ITERATIONS
        # the search stopped after the iteration that spent the budget, not later
        assert bot.last_work - DEFAULT_WORK < bot.last_work / bot.last_iterations * 3
    assert picks[0] == picks[1]


@pytest.mark.parametrize(
    ("budget", "expected"),
    [
        ({"work": 1}, MIN_ITERATIONS),
        ({"work": 1, "min_iterations": 3}, 3),
        ({"seconds": 0.0}, MIN_ITERATIONS),
        ({"iterations": 5, "work": 1}, 5),
        ({"iterations": 40, "seconds": 0.0}, 40),
        ({"work": 10**9, "max_iterations": 12}, 12),
    ],
)
def test_ismcts_budgets(budget: dict[str, Any], expected: int) -> None:
    game = SecretDraw(2)
    state = game.new_initial_state(9)
    bot = ISMCTSBot(game, 0, seed=1, **budget)
    obs = _CountingObservation(state, 0)
    assert bot.choose(obs) in state.legal_actions(0)
    assert obs.asked == bot.last_iterations == expected


@pytest.mark.parametrize(
    "budget",
    [
        {"iterations": 0},
        {"work": 0},
        {"seconds": float("nan")},
        {"seconds": -1.0},
        {"min_iterations": 9, "max_iterations": 8},
    ],
)
def test_ismcts_refuses_a_budget_that_is_no_budget(budget: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="must be"):
        ISMCTSBot(SecretDraw(2), 0, seed=1, **budget)


def test_ismcts_without_a_signal_picks_at_random_not_the_first_action_listed(monkeypatch: pytest.MonkeyPatch) -> None:
    # When every playout returns the same (a side that loses every random playout), the visits say
    # nothing: the choice must then be a seeded random pick, not always the first legal action.
    game = SecretDraw(2)
    state = game.new_initial_state(9)
    seat = state.acting_seats()[0]
    legal = state.legal_actions(seat)
    assert len(legal) == 3
    monkeypatch.setattr(type(state), "returns", lambda self: [0.0] * 2)
    picks = [
        ISMCTSBot(game, seat, seed=s, iterations=4 * len(legal)).choose(Observation(state, seat)) for s in range(12)
    ]
    assert len(set(picks)) > 1, picks
    assert all(p in legal for p in picks)

"""The spread figures of a simulated batch: the win rate's 95 % interval and the mean score's
standard error (``SimulationResult``, ``simulate --json``)."""

from __future__ import annotations

import math
import statistics
from collections import Counter

import pytest

from ghosttable.ai.play import SimulationResult, _wilson, simulate
from tests.toygame import SecretDraw


def test_wilson_interval_known_values() -> None:
    # 10 wins in 100 games: the textbook Wilson interval is 5.52 % to 17.44 %
    low, high = _wilson(10, 100)
    assert low == pytest.approx(0.05523, abs=1e-4) and high == pytest.approx(0.17437, abs=1e-4)
    # no win in 500 games: exactly 0 below, about 0.76 % above (not an empty interval)
    assert _wilson(0, 500)[0] == 0.0 and _wilson(0, 500)[1] == pytest.approx(0.00762, abs=1e-4)
    assert _wilson(500, 500) == (pytest.approx(1 - 0.00762, abs=1e-4), 1.0)
    assert _wilson(0, 0) == (0.0, 1.0)


def test_team_and_side_intervals_and_score_error() -> None:
    team = SimulationResult("g", 4, {}, ["b"], games=50, cooperative=True, side_wins=Counter(team=5))
    team.scores = [float(x) for x in range(10)]
    assert team.win_interval() == _wilson(5, 50)
    assert team.score_error() == pytest.approx(statistics.stdev(team.scores) / math.sqrt(10))
    data = team.to_json()
    assert data["win_interval"] == list(_wilson(5, 50)) and data["score_error"] == team.score_error()

    sides = SimulationResult("g", 2, {}, ["b"], games=10, sides=["a", "b"], side_wins=Counter(a=7, b=3))
    assert sides.to_json()["win_interval"] == {"a": list(_wilson(7, 10)), "b": list(_wilson(3, 10))}
    sides.scores = [1.0]
    assert sides.score_error() is None


def test_the_json_names_its_base_seed() -> None:
    data = simulate(SecretDraw(2), ["random", "random"], games=3, seed=41).to_json()
    assert data["seed"] == 41 and data["games"] == 3

"""The kernel's conformance harness over 2,000 seeded random games: 2, 3 and 4 players, with and
without each option (and both together)."""

from __future__ import annotations

import random

import pytest

from ghosttable.core import Action
from ghosttable.core.conformance import check_game
from ghosttable.games.run_ghost_run import RunGhostRun
from ghosttable.games.run_ghost_run.game import RunGhostRunVersion1
from tests.games.run_ghost_run.helpers import NO_FURNITURE, new_state, step

OPTION_SETS = [{}, {"merging": True}, {"midnight": True}, {"merging": True, "midnight": True}]


@pytest.mark.slow
def test_two_thousand_random_games_keep_the_contract() -> None:
    report = check_game(
        RunGhostRun,
        players=[2, 3, 4],
        options=OPTION_SETS,
        games=2000,
        seed=2026,
        deep_every=60,
        replay_every=50,
    )
    assert report.ok, report.failures
    assert report.games == 2000
    assert len(report.configurations) == 12
    assert report.probes > 10_000


def test_games_as_rules_1_0_played_them_keep_the_contract() -> None:
    """The game as 1.0 (plans kept step by step in the history, its Midnight readings): the
    harness's checks over a few games, determinizations among them."""
    report = check_game(
        RunGhostRunVersion1,
        players=[2, 4],
        options=[{"layout": "classic"}, {"merging": True, "midnight": True, "layout": "classic"}],
        games=4,
        seed=10,
        deep_every=6,
        replay_every=2,
    )
    assert report.ok, report.failures
    assert report.games == 4 and len(report.configurations) == 4


def test_a_rules_1_0_determinization_holds_no_step_of_another_seats_plan() -> None:
    state = new_state(3, first=[NO_FURNITURE[9], NO_FURNITURE[8], NO_FURNITURE[7]], version="1.0")
    step(state, 1, "blue-l1", "B3", 2)
    step(state, 2, "green-s1", "A6", 1)
    state.apply(Action.make("done"), 2)
    step(state, 0, "red-s1", "C1", 1)
    assert [a.kind for _, a in state.history] == ["step", "step", "done", "step"]
    twin = state.determinize(0, random.Random(5))
    assert twin.view(0) == state.view(0)
    assert (0, state.history[-1][1]) in twin.history  # the seat's own step is kept
    assert not [a for s, a in twin.history if s == 1]  # blue has not sealed: an empty draft
    assert [a for s, a in twin.history if s == 2] == twin.plans[2] and twin.plans[2][-1].kind == "done"


def test_a_sealed_plan_is_secret_until_the_reveal_and_resampled_by_determinization() -> None:
    state = new_state(3, first=[NO_FURNITURE[9], NO_FURNITURE[8], NO_FURNITURE[7]])
    step(state, 1, "blue-l1", "B3", 2)
    step(state, 1, "blue-s1", "A1", 1)
    secret = Action.make("step", ghost="blue-l1", to="B3", place="floor", cost=2).to_json()
    for viewer in (None, 0, 2):
        view = state.view(viewer)
        assert secret in state.secrets(viewer)
        assert "blue-l1" not in str(view["my_plan"]) and "B3" not in str(view["my_plan"])
        assert view["players"][1]["plan_done"] is False
        assert all(g["where"] == "reserve" for g in view["ghosts"] if g["owner"] == 1)
        twin = state.determinize(viewer, random.Random(3))
        assert twin.view(viewer) == view
    assert state.view(1)["my_plan"]["points_left"] == 8 - 2 - 1
    # after every seat is done the plans are public in the turn report
    for seat in (0, 1, 2):
        state.apply(Action.make("done"), seat)
    moved = {s["ghost"] for s in state.view(0)["last_turn"]["steps"]}
    assert moved == {"blue-l1", "blue-s1"}

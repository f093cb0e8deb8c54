"""What the engine keeps between decisions: a random playout leaves no reference cycle for the
cyclic collector (the plan phase's board and the plans carried out on it go when the turn ends),
and what is read once stands for what it was read from."""

from __future__ import annotations

import gc
import random

import pytest

from ghosttable.core.playout import derive_seed, random_playout
from ghosttable.games.run_ghost_run import RunGhostRun, sealing
from ghosttable.games.run_ghost_run.data import POSTURES, POSTURES_1_0, posture_text
from ghosttable.games.run_ghost_run.hall import Placement, parse_space
from ghosttable.games.run_ghost_run.listing import place_actions, place_spot
from ghosttable.games.run_ghost_run.rules import _setup


@pytest.mark.parametrize("options", [{}, {"merging": True, "midnight": True}])
def test_random_playouts_leave_no_cycle_behind(options: dict[str, bool]) -> None:
    game = RunGhostRun(4, **options)
    for k in range(2):  # the tables filled at first use
        random_playout(game.new_initial_state(derive_seed(3, k)), random.Random(k))
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for k in range(2, 6):
            state = game.new_initial_state(derive_seed(3, k))
            random_playout(state, random.Random(k))
            assert state.is_terminal()
            state.clone().determinize(0, random.Random(k))
        del state
        assert gc.collect() == 0
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("postures", [POSTURES, POSTURES_1_0])
def test_a_place_action_names_its_spot(postures: tuple[str, ...]) -> None:
    for act in place_actions("piano", postures):
        spot = place_spot(act, postures)
        assert spot is not None and spot.on is None
        c, r = parse_space(str(act["at"]))
        posture = postures[POSTURES.index(str(act["posture"]))]
        assert spot == Placement(c, r, int(act["rotation"]), posture)  # type: ignore[arg-type]
        assert posture_text(spot.posture) == act["posture"]
    other = POSTURES_1_0 if postures == POSTURES else POSTURES
    assert place_spot(place_actions("piano", postures)[0], other) is None
    rebuilt = place_actions("piano", postures)[0].from_json(place_actions("piano", postures)[0].to_json())
    assert place_spot(rebuilt, postures) is None  # an equal action from elsewhere is read from its text


def test_the_starting_board_is_made_once_and_copied() -> None:
    game = RunGhostRun(3, merging=True)
    one, two = game.new_initial_state(1), game.new_initial_state(2)
    assert one.board.ghosts is not two.board.ghosts and one.board.furniture is not two.board.furniture
    assert one.board.ghosts == two.board.ghosts and one.board.furniture == two.board.furniture
    one.board.ghosts["red-s1"].to_side("exited")
    assert two.board.ghosts["red-s1"].where == "reserve"
    ghosts, furniture = _setup(3, True, "balanced")
    assert [g[0] for g in ghosts] == list(two.board.ghosts)
    assert {g[3] for g in ghosts if g[2] != "small"} == {"unused"}
    assert furniture == two.board.furniture


def test_a_step_is_written_the_same_from_its_text_cache() -> None:
    step = sealing.read_step("red-s1:B3:floor:2", 1)
    assert sealing.step_text(step) == sealing.step_text(step) == "red-s1:B3:floor:2"
    merged = sealing.read_step("red-s2:B3:floor:1:red-s1", 1)
    assert sealing.step_text(merged) == "red-s2:B3:floor:1:red-s1"
    out = sealing.read_step("red-m1:exit:3", 1)
    assert sealing.step_text(out) == "red-m1:exit:3"

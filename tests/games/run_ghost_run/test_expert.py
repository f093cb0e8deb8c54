"""The ``expert`` bot: it plays legal whole plans from its own observation only, the same under a
seed, within its work budget; it weighs the keyhole's look and the last turn's exact scoring."""

from __future__ import annotations

from collections import Counter

import pytest

from ghosttable.ai import Observation
from ghosttable.ai.base import choose_whole
from ghosttable.ai.play import simulate
from ghosttable.core import Action
from ghosttable.games.run_ghost_run import RunGhostRun, RunGhostRunState
from ghosttable.games.run_ghost_run.expert import (
    FINAL_MARGIN,
    JOINT_WORK,
    OTHER_STYLES,
    OWN_STYLES,
    PLAN_WORK,
    Budget,
    ExpertBot,
    Valuer,
    candidate_plans,
    look_value,
)
from ghosttable.games.run_ghost_run.sealing import read_seal
from tests.games.run_ghost_run.helpers import NO_FURNITURE, done, new_state, put, step


def planning(players: int = 2) -> RunGhostRunState:
    state = new_state(players, first=[NO_FURNITURE[9], NO_FURNITURE[8], NO_FURNITURE[7]][:players])
    assert state.phase == "plan"
    return state


@pytest.mark.parametrize("options", [{}, {"merging": True, "midnight": True}])
def test_expert_is_registered_and_plays_whole_games(options: dict[str, bool]) -> None:
    game = RunGhostRun(2, **options)
    assert "expert" in game.bots()
    result = simulate(game, ["expert", "heuristic"], 1, seed=5)
    assert result.games == 1 and result.decisions > 0


def test_expert_seals_a_legal_whole_plan() -> None:
    state = planning()
    bot = ExpertBot(state.game, 0, 3)
    seal = choose_whole(bot, state, 0)
    assert seal.kind == "seal"
    steps = read_seal(seal)
    assert steps  # with 9 points and every ghost at home it moves someone
    state.apply(seal, 0)  # the rules accept it whole
    assert state.submitted[0]


def sealed_twins() -> tuple[RunGhostRunState, RunGhostRunState]:
    """Two three-seat positions at the plan that differ only in what blue (seat 1) has sealed:
    one step of one ghost, or three steps of three."""
    one, other = planning(3), planning(3)
    step(one, 1, "blue-l1", "B3", 2)
    done(one, 1)
    step(other, 1, "blue-s1", "A1", 1)
    step(other, 1, "blue-s2", "B1", 2)
    step(other, 1, "blue-m1", "C5", 3)
    done(other, 1)
    assert one.history != other.history
    return one, other


def test_expert_plays_the_same_whatever_another_seat_has_sealed() -> None:
    one, other = sealed_twins()
    first = choose_whole(ExpertBot(one.game, 0, 11), one, 0)
    second = choose_whole(ExpertBot(other.game, 0, 11), other, 0)
    assert first == second


def test_expert_is_deterministic_under_a_seed_and_keeps_to_its_budget() -> None:
    state = planning(3)
    choices = []
    for _ in range(2):
        bot = ExpertBot(state.game, 1, 42, work=600)
        first = bot.choose(Observation(state, 1))
        # the search stops at the iteration that reaches the budget: past it by at most one joint plan
        assert 600 <= bot.last_work <= 600 + JOINT_WORK + 1
        choices.append((first, choose_whole(ExpertBot(state.game, 1, 42, work=600), state, 1)))
    assert choices[0] == choices[1]
    small = ExpertBot(state.game, 1, 42, work=1)
    assert small.choose(Observation(state, 1)) in state.legal_actions(1)
    # below the cost of its candidate plans it makes them all and searches no further: it plays
    # the first, the heuristic's own plan
    made = (len(OWN_STYLES) + 2 * len(OTHER_STYLES)) * PLAN_WORK
    assert small.last_work == made


def test_plans_shared_between_seats_are_the_plans_made_anew() -> None:
    # the greedy plans without noise are kept for every bot of the process: along a game, with
    # the store carried from position to position, each seat's candidates are the ones made with
    # an empty store, and their work is counted alike
    import random

    from ghosttable.ai.base import make_bot
    from ghosttable.games.run_ghost_run import expert

    game = RunGhostRun(4, merging=True)
    state = game.new_initial_state(3)
    bots = [make_bot(game, "random", s, s) for s in range(4)]
    positions = 0
    while not state.is_terminal():
        if state.phase == "plan" and not any(state.plans):
            for seat in range(4):
                shared_budget, fresh_budget = Budget(0), Budget(0)
                shared = candidate_plans(state, seat, OWN_STYLES, random.Random(seat), shared_budget)
                kept = dict(expert._PLANS)
                expert._PLANS.clear()
                fresh = candidate_plans(state, seat, OWN_STYLES, random.Random(seat), fresh_budget)
                expert._PLANS.update(kept)
                assert shared == fresh and shared_budget.spent == fresh_budget.spent
            positions += 1
        seat = state.acting_seats()[0]
        state.apply(bots[seat].choose(Observation(state, seat)), seat)
    assert positions >= 4


def test_forced_steps_cost_nothing() -> None:
    # a step of a plan after its first comes from the plan made at the first, with no search
    fresh = planning()
    expert = ExpertBot(fresh.game, 0, 1)
    first = expert.choose(Observation(fresh, 0))
    assert first.kind == "step" and expert.last_work > 0
    fresh.apply(first, 0)
    expert.choose(Observation(fresh, 0))
    assert expert.last_work == 0


def test_the_last_turn_is_scored_exactly() -> None:
    state = planning()
    state.deck = state.deck[:1]  # fewer cards than seats: this turn is the last
    put(state, "red-s1", "hall", "A4", "inside")  # inside the trolley: never seen
    put(state, "red-s2", "hall", "A4", "inside")
    put(state, "blue-m1", "hall", "C1", "floor")
    valuer = Valuer(state, state.board.layout())
    assert valuer.final
    # red's pair of small ghosts scores 1 for sure, blue's medium 1 unless the keyhole sees it:
    # a tie on points and on ghosts out goes to the fewer ghosts at home (red 5, blue 6)
    values = look_value(state, state.board, valuer, 0)
    assert 1.0 <= values[0] <= 1.0 + FINAL_MARGIN
    assert values[1] <= -1.0 + FINAL_MARGIN


def test_expert_sends_the_keyhole_where_it_sees_rivals() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("north", 1), script={"die": [6, 1]})
    put(state, "blue-l1", "hall", "A1")
    put(state, "blue-m1", "hall", "A2")
    for seat in (0, 1):
        state.apply("done", seat)
    assert state.phase == "keyhole" and state.chooser == 0
    choice = ExpertBot(state.game, 0, 1).choose(Observation(state, 0))
    assert choice.kind == "keyhole"
    # both of blue's ghosts stand in column A: the west side's doors see them
    seen = {
        side: sum(len(state.board.seen_from(side, d, False)) for d in range(1, 7)) for side in ("south", "west", "east")
    }
    assert seen[str(choice["side"])] == max(seen.values())


def test_expert_moves_furniture_and_hides_on_under_and_inside_pieces() -> None:
    # the heuristic's faults that the expert answers: in ten seeded two-player games against it
    # (the expert on seat k mod 2, seeded as simulate seeds game k), the expert grasps pieces and
    # seals steps onto a piece's top, under it and inside it, not only onto the floor
    from ghosttable.ai.play import play_game
    from ghosttable.core.playout import derive_seed
    from ghosttable.games.run_ghost_run.strategy import HeuristicBot

    game = RunGhostRun(2)
    places: Counter[str] = Counter()
    grasps = 0
    for k in range(10):
        seed, seat = derive_seed(0, k), k % 2
        kinds = [ExpertBot if s == seat else HeuristicBot for s in (0, 1)]
        bots = [kind(game, s, derive_seed(seed, "bot", s)) for s, kind in enumerate(kinds)]
        for who, action in play_game(game, bots, seed).history:
            if who == seat and action.kind == "seal":
                places.update(str(st["place"]) for st in read_seal(action) if st["to"] != "exit")
            grasps += who == seat and action.kind == "grasp"
    assert grasps >= 5
    assert places["on"] >= 1 and places["under"] >= 5 and places["inside"] >= 5
    assert places["floor"] < sum(places.values()) * 0.8


def test_expert_weighs_furniture_and_puts_down_what_it_grasped() -> None:
    game = RunGhostRun(2)
    grasps = 0
    for seed in range(6):
        state = game.new_initial_state(seed)
        bots = [ExpertBot(game, 0, seed), ExpertBot(game, 1, seed + 50)]
        while not state.is_terminal() and state.turn <= 2:
            seat = state.acting_seats()[0]
            if state.phase == "furniture" and state.grasped is None:
                action = bots[seat].choose(Observation(state, seat))
                assert action in state.legal_actions(seat)
                state.apply(action, seat)
                if action.kind == "grasp":
                    grasps += 1
                    planned = bots[seat].placement
                    put_down = bots[seat].choose(Observation(state, seat))
                    assert put_down == planned and put_down in state.legal_actions(seat)
                    state.apply(put_down, seat)
                continue
            state.apply(choose_whole(bots[seat], state, seat), seat)
    assert grasps > 0  # it does move furniture when a placement beats passing


def test_advice_ranks_the_first_steps_of_whole_plans() -> None:
    from ghosttable.ai.advisor import advise

    state = planning()
    advice = advise(state, 0, work=800, seed=1)
    legal = state.legal_actions(0)
    assert [a.action for a in advice if a.action not in legal] == []
    assert {a.action for a in advice} == set(legal)
    assert advice[0].playouts > 0 and advice[0].action.kind in ("step", "done")
    assert all(0.0 <= a.chance <= 1.0 for a in advice)
    assert advice[0].chance >= max(a.chance for a in advice)
    assert Action.make("done") in {a.action for a in advice}


def test_advice_goes_on_from_a_staged_draft_and_a_keyhole_choice() -> None:
    from ghosttable.ai.advisor import advise

    state = planning()
    step(state, 0, "red-l1", "B3", 3)  # one step staged: the advice goes on from it
    advice = advise(state, 0, work=800, seed=2)
    legal = state.legal_actions(0)
    assert {a.action for a in advice} == set(legal)
    state.apply(advice[0].action, 0)  # the best advice is a legal next step of the draft
    keyhole = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("north", 1), script={"die": [6, 1]})
    put(keyhole, "blue-l1", "hall", "A1")
    for seat in (0, 1):
        keyhole.apply("done", seat)
    sides = advise(keyhole, 0, work=100, seed=0)
    assert [a.action.kind for a in sides] == ["keyhole"] * 3
    assert sides[0].chance >= sides[-1].chance


def test_on_the_last_turn_it_takes_the_sure_exit() -> None:
    state = new_state(2, first=[NO_FURNITURE[4], NO_FURNITURE[5]])
    assert state.phase == "plan"
    state.deck = state.deck[:1]  # fewer cards than seats: this turn is the last
    put(state, "red-m1", "hall", "D5", "under")  # under the desk, one row from red's exit edge
    seal = choose_whole(ExpertBot(state.game, 0, 4), state, 0)
    assert "red-m1:exit:2" in seal["steps"]  # type: ignore[operator]


def test_terminal_play_gives_a_hint_at_a_staged_plan(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.clirun import run

    # seed 4, on the classic layout: red grasps the first piece its card shows and puts it back,
    # then plans (and asks a hint)
    answers = iter(["1", "1", "hint"] + ["1"] * 5000)
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    code, out, _ = run(
        [
            "play",
            "run-ghost-run",
            "--terminal",
            "--players",
            "2",
            "-o",
            "layout=classic",
            "--bot",
            "heuristic",
            "--seed",
            "4",
        ],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "game over" in out
    hint = out.index("hint:")
    assert out.rfind("plan_movement", 0, hint) > out.rfind("place_furniture", 0, hint)
    best = out[hint:].splitlines()[1]  # the expert's choice, with its chance and the futures behind it
    assert int(best.split(".", 1)[0]) >= 1  # numbered as the choices are listed
    assert "cost=" in best and "sampled futures" in best and " 0%," not in best
    chance, futures = best.rsplit("  ", 1)[1].split(", ")
    assert chance.endswith("%") and int(futures.split()[0]) > 0


def test_a_hint_chance_is_the_share_of_playouts_won_not_a_single_coin() -> None:
    from ghosttable.ai.advisor import suggest

    furniture = RunGhostRun(2).new_initial_state(5)
    assert furniture.phase == "furniture"
    for state in (furniture, planning()):
        seat = state.acting_seats()[0]
        hint = suggest(state, seat, work=1_500, playout_work=12_000, seed=1)
        assert hint is not None and hint.action in state.legal_actions(seat)
        assert hint.playouts >= 5  # several determinizations played to the end
        assert 0.0 < hint.chance < 1.0  # the opening's outcome is open: neither a sure win nor a sure loss
        assert hint.chance * hint.playouts * 2 == round(hint.chance * hint.playouts * 2)  # halves of playouts


def test_a_hint_is_the_same_whatever_another_seat_has_sealed() -> None:
    from ghosttable.ai.advisor import suggest

    one, other = sealed_twins()
    first = suggest(one, 0, work=1_000, playout_work=8_000, seed=7)
    second = suggest(other, 0, work=1_000, playout_work=8_000, seed=7)
    assert first is not None and first == second
    assert first.playouts > 1

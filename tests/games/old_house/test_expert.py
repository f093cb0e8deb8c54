"""The expert bots: registered, legal, deterministic under a seed, within their work budget, and
blind to what their seat may not know (twin states differing only in a secret)."""

from __future__ import annotations

import random

import pytest

from ghosttable.ai.base import Observation, TrueStateObservation, bot_names, make_bot, observation_for
from ghosttable.ai.play import play_game
from ghosttable.core.errors import GameError, OptionError
from ghosttable.games.old_house.expert import (
    ExpertBot,
    ExpertHunters,
    ExpertPhantom,
    ExpertSettings,
    OracleBot,
    OraclePhantom,
)
from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.registry import load

SMALL_WORK = 1_500


def _play_until(players: int, seed: int, wanted: str) -> OldHouseState:
    """A heuristic game played until ``wanted``: ``hunter`` (a hunter about to move, the Phantom
    hidden on one of at least 3 cells) or ``phantom`` (a Midnight turn about to start, past the
    opening, with a trap on the board)."""
    game = load("old-house", players=players)
    for attempt in range(20):
        state = game.new_initial_state(seed + attempt)
        assert isinstance(state, OldHouseState)
        bots = [make_bot(game, "heuristic", s, seed + s) for s in range(players)]
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            if _wanted(state, seat, wanted):
                return state
            state.apply(bots[seat].choose(Observation(state, seat)), seat)
    raise AssertionError(f"no {wanted} decision found")


def _wanted(state: OldHouseState, seat: int, wanted: str) -> bool:
    if wanted == "hunter":
        return (
            seat >= 1
            and state.phase == "hunters"
            and state.active is not None
            and not state.moved
            and not state.revealed
            and len(state.possible_cells(1)) >= 3
            and any(a.kind == "move" for a in state.legal_actions(seat))
        )
    return (
        seat == 0
        and state.phase == "phantom"
        and not state.opening_turn
        and state.cards_this_turn == 0
        and any(t.active for t in state.traps)
    )


def test_expert_is_registered_for_both_sides() -> None:
    game = load("old-house", players=3)
    phantom = make_bot(game, "expert", 0, 1)
    hunter = make_bot(game, "expert", 1, 1)
    assert isinstance(phantom, ExpertBot) and isinstance(phantom.inner, ExpertPhantom)
    assert isinstance(hunter, ExpertBot) and isinstance(hunter.inner, ExpertHunters)
    with pytest.raises(ValueError, match="work"):
        ExpertBot(game, 0, 1, work=0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_plays_whole_games_with_legal_actions_only(players: int) -> None:
    game = load("old-house", players=players)
    bots = [ExpertBot(game, s, 10 + s, work=300) for s in range(players)]
    final = play_game(game, bots, players)  # raises GameError on an illegal action
    assert final.is_terminal() and final.winner in ("phantom", "hunters")


def test_expert_hunter_sees_only_its_observation() -> None:
    """Two states differing only in the Phantom's round (its cell included) give a hunter expert
    the same view, and the same choice under the same seed."""
    state = _play_until(3, 40, "hunter")
    seat = state.acting_seats()[0]
    rng = random.Random(3)
    twin = next(t for t in (state.determinize(seat, rng) for _ in range(50)) if t.phantom_cell != state.phantom_cell)
    assert isinstance(twin, OldHouseState)
    assert twin.view(seat) == state.view(seat)
    first = ExpertBot(state.game, seat, 5, work=SMALL_WORK).choose(Observation(state, seat))
    second = ExpertBot(state.game, seat, 5, work=SMALL_WORK).choose(Observation(twin, seat))
    assert first == second and first in state.legal_actions(seat)


def test_expert_phantom_sees_only_its_observation() -> None:
    """Two states differing only in where the untriggered traps lie give the Phantom expert the
    same view, and the same choice under the same seed."""
    state = _play_until(3, 60, "phantom")
    rng = random.Random(4)
    cells = [t.cell for t in state.traps]
    twin = next(t for t in (state.determinize(0, rng) for _ in range(50)) if [x.cell for x in t.traps] != cells)
    assert isinstance(twin, OldHouseState)
    assert twin.view(0) == state.view(0)
    first = ExpertBot(state.game, 0, 6, work=SMALL_WORK).choose(Observation(state, 0))
    second = ExpertBot(state.game, 0, 6, work=SMALL_WORK).choose(Observation(twin, 0))
    assert first == second and first in state.legal_actions(0)


def test_expert_is_deterministic_under_a_seed_and_the_seed_matters_to_its_worlds() -> None:
    state = _play_until(3, 60, "phantom")
    choices = [ExpertBot(state.game, 0, 8, work=SMALL_WORK).choose(Observation(state, 0)) for _ in range(2)]
    assert choices[0] == choices[1]
    hunter_state = _play_until(3, 40, "hunter")
    seat = hunter_state.acting_seats()[0]
    again = [ExpertBot(hunter_state.game, seat, 8).choose(Observation(hunter_state, seat)) for _ in range(2)]
    assert again[0] == again[1]


@pytest.mark.parametrize("side", ["phantom", "hunter"])
def test_expert_search_stops_after_the_world_that_spends_its_budget(side: str) -> None:
    for seed in range(60, 90):
        state = _play_until(3, seed, side)
        seat = state.acting_seats()[0]
        probe = ExpertBot(state.game, seat, 9, work=1)
        probe.choose(Observation(state, seat))
        if probe.inner.last_search is not None:  # type: ignore[attr-defined]
            break  # a turn the Phantom searches (it leaves a safe strike to its rules of thumb)
    for work in (1, 4_000):
        bot = ExpertBot(state.game, seat, 9, work=work)
        bot.choose(Observation(state, seat))
        record = bot.inner.last_search  # type: ignore[attr-defined]
        assert record is not None
        worlds, spent, before_last = record
        if work == 1:
            assert worlds == 1  # at least one world, whatever the budget
        else:
            assert worlds >= 2 and before_last < work  # each world but the last began within budget
        assert spent >= before_last
        assert worlds <= max(bot.settings.max_worlds, bot.settings.hunter_worlds)


def test_expert_phantom_counts_how_far_its_next_turn_spreads_the_hunters_belief() -> None:
    game = load("old-house", players=3)
    for seed in range(30):
        state = game.new_initial_state(seed)
        assert isinstance(state, OldHouseState)
        bots = [make_bot(game, "heuristic", s, seed + s) for s in range(3)]
        while not state.is_terminal() and not (state.revealed and state.phase == "hunters" and sum(state.hand) >= 6):
            seat = state.acting_seats()[0]
            state.apply(bots[seat].choose(Observation(state, seat)), seat)
        if not state.is_terminal():
            break
    assert state.revealed and len(state.hunters_tracker.cells()) == 1
    phantom = ExpertPhantom(game, 0, 1, ExpertSettings())
    spread = phantom._spread_next(state)
    dist = game.house.distance_table(state.phantom_cell)  # type: ignore[attr-defined]
    assert 1 < spread <= sum(1 for d in dist.values() if d <= 3)  # three cards from the revealed cell
    spent = state.clone()
    spent.hand = [0, 0, 0, 0]
    assert phantom._spread_next(spent) == 1  # no card left: it stays where the hunters saw it


def test_advice_ranks_every_legal_action_for_either_side_from_the_seat_s_knowledge() -> None:
    from ghosttable.ai.advisor import advise

    for side, seed in (("hunter", 40), ("phantom", 60)):
        state = _play_until(3, seed, side)
        seat = state.acting_seats()[0]
        advice = advise(state, seat, work=2_000, seed=3)
        legal = state.legal_actions(seat)
        assert sorted(map(str, (a.action for a in advice))) == sorted(map(str, legal))
        assert all(0.0 <= a.chance <= 1.0 for a in advice)
        searched = [a for a in advice if a.playouts > 0]
        assert searched and [a.chance for a in searched] == sorted((a.chance for a in searched), reverse=True)
        assert [str(a.action) for a in advise(state, seat, work=2_000, seed=3)] == [str(a.action) for a in advice]
        # the same advice on a twin that differs only in what the seat may not know
        rng = random.Random(5)
        twin = state.determinize(seat, rng)
        assert twin.view(seat) == state.view(seat)
        again = advise(twin, seat, work=2_000, seed=3)
        assert [(str(a.action), a.chance) for a in again] == [(str(a.action), a.chance) for a in advice]


def test_a_hint_is_the_expert_s_legal_choice_with_its_chance_from_many_playouts_of_the_seat_s_knowledge() -> None:
    from ghosttable.ai.advisor import suggest

    for side, seed in (("hunter", 40), ("phantom", 60)):
        state = _play_until(3, seed, side)
        seat = state.acting_seats()[0]
        hint = suggest(state, seat, work=2_000, playout_work=20_000, seed=3)
        assert hint is not None
        assert hint.action in state.legal_actions(seat)
        assert 0.0 <= hint.chance <= 1.0
        assert hint.playouts > 1  # the whole playout budget goes to the one action
        assert hint.chance * hint.playouts == pytest.approx(round(hint.chance * hint.playouts * 2) / 2)
        # the same hint on a twin that differs only in what the seat may not know
        twin = state.determinize(seat, random.Random(5))
        assert twin.view(seat) == state.view(seat)
        again = suggest(twin, seat, work=2_000, playout_work=20_000, seed=3)
        assert again == hint


def test_terminal_hint_gives_the_experts_choice_with_its_playouts(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hint`` at the terminal points to the same action as the browser's Hint button
    (``suggest``: the expert's choice, its chance from some twenty playouts), not to a flat
    ranking with a few playouts an action."""
    from ghosttable.ai import advisor
    from ghosttable.cli import run_terminal_game

    said: list[str] = []
    given: list[advisor.Advice | None] = []
    real = advisor.suggest

    def answer(prompt: str = "") -> str:
        said.append("hint" if not said else "quit")
        return said[-1]

    def suggest(*args: object, **kwargs: object) -> advisor.Advice | None:
        given.append(real(*args, **kwargs))  # type: ignore[arg-type]
        return given[-1]

    monkeypatch.setattr("ghosttable.cli.console.input", answer)
    monkeypatch.setattr(advisor, "suggest", suggest)
    state = run_terminal_game(load("old-house", players=3), {0}, ["human", "heuristic", "heuristic"], seed=3)
    out = capsys.readouterr().out
    assert said == ["hint", "quit"] and not state.is_terminal()
    assert "hint: the search's choice" in out
    line = out[out.index("hint:") :].splitlines()[1]
    assert len(given) == 1 and given[0] is not None
    assert str(given[0].action) in line and f"{given[0].chance:.0%}" in line
    futures = int(line.rsplit(", ", 1)[1].split()[0])
    assert futures == given[0].playouts >= 10


def test_the_oracle_is_for_measurement_only_and_plays_the_true_traps() -> None:
    game = load("old-house", players=3)
    assert "oracle" not in bot_names(game) and "oracle" in bot_names(game, measurement=True)
    with pytest.raises(OptionError):
        make_bot(game, "oracle", 0, 1)
    phantom = make_bot(game, "oracle", 0, 1, measurement=True)
    assert isinstance(phantom, OracleBot) and isinstance(phantom.inner, OraclePhantom)
    assert isinstance(make_bot(game, "oracle", 1, 1, measurement=True).inner, ExpertHunters)
    state = _play_until(3, 40, "phantom")
    oracle = OraclePhantom(game, 0, 1, ExpertSettings(work=SMALL_WORK))
    with pytest.raises(GameError):
        oracle._world(Observation(state, 0), set())
    assert isinstance(observation_for(phantom, state, 0), TrueStateObservation)
    # its worlds are the true state itself: the traps where the hunters set them
    world = oracle._world(TrueStateObservation(state, 0), set())
    assert sorted((t.id, t.cell) for t in world.traps) == sorted((t.id, t.cell) for t in state.traps)
    assert world.phantom_cell == state.phantom_cell and world.hand == state.hand and world.history == []
    choice = OracleBot(game, 0, 1, work=SMALL_WORK).choose(TrueStateObservation(state, 0))
    assert choice in state.legal_actions(0)


def test_a_seeded_oracle_game_replays_move_for_move() -> None:
    game = load("old-house", players=2)
    runs = []
    for _ in range(2):
        bots = [OracleBot(game, 0, 5, work=SMALL_WORK), make_bot(game, "heuristic", 1, 6)]
        runs.append([str(a) for _, a in play_game(game, bots, 77).history])
    assert runs[0] == runs[1] and len(runs[0]) > 10

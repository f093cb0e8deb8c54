"""The heuristic bot and terminal play."""

from __future__ import annotations

import pytest
from rich.console import Console

from ghosttable.ai import Observation
from ghosttable.ai.play import simulate
from ghosttable.games.run_ghost_run import RunGhostRun
from ghosttable.games.run_ghost_run.strategy import Exposure, ghost_worth, likely_doors
from tests.clirun import run
from tests.games.run_ghost_run.helpers import NO_FURNITURE, new_state, put


@pytest.mark.parametrize("options", [{}, {"merging": True, "midnight": True}])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_plays_whole_games(players: int, options: dict[str, bool]) -> None:
    game = RunGhostRun(players, **options)
    result = simulate(game, ["heuristic"] * players, 2, seed=players)
    assert result.games == 2 and result.decisions > 0


def test_heuristic_wins_more_than_its_share_against_three_random_bots() -> None:
    result = simulate(RunGhostRun(4), ["heuristic", "random", "random", "random"], 24, seed=99)
    rates = result.win_rate()
    assert isinstance(rates, dict)
    assert rates["red"] >= 0.5  # a fair share is 0.25


def test_exposure_prefers_hiding_places() -> None:
    state = new_state(2, first=[NO_FURNITURE[9], NO_FURNITURE[4]])
    exposure = Exposure(state.board, likely_doors(state), lying=False)
    # the default table covers C3-D4: under it, a ghost is seen by fewer doors than in the open
    assert exposure.risk((2, 2), "under", "small") < exposure.risk((1, 2), "floor", "small")
    assert exposure.risk((0, 3), "inside", "small") == 0.0


def test_heuristic_sends_the_keyhole_where_it_sees_rivals() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("north", 1), script={"die": [6, 1]})
    put(state, "blue-l1", "hall", "A1")
    put(state, "blue-m1", "hall", "A2")
    for seat in (0, 1):
        state.apply("done", seat)
    assert state.phase == "keyhole" and state.chooser == 0
    put(state, "red-l1", "hall", "F1")  # its own large ghost, seen from the east and the south
    bot = RunGhostRun(2).bots()["heuristic"](state.game, 0, 1)
    choice = bot.choose(Observation(state, 0))

    def rival_minus_own(side: str) -> float:
        total = 0.0
        for door in range(1, 7):
            for gid in state.board.seen_from(side, door, False):
                g = state.board.ghosts[gid]
                total += ghost_worth(state, g, 0.0) * (-1 if g.owner == 0 else 1)
        return total

    best = max(("south", "west", "east"), key=rival_minus_own)
    assert choice["side"] == best
    assert rival_minus_own(best) > 0


def render_text(view: dict[str, object], seat: int | None) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(RunGhostRun(2).render_terminal(view, seat))
    return console.export_text()


def test_render_shows_the_hall_the_doors_and_what_the_keyhole_saw() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("east", 1), script={"die": [6, 1]})
    put(state, "blue-s1", "hall", "A1")
    for seat in (0, 1):
        state.apply("done", seat)
    state.chance.script("door_die", [1])
    state.apply("keyhole side=south", 0)
    text = render_text(state.view(0), 0)
    assert "keyhole at south door 1 saw: blue-s1 on A1" in text
    assert "T*" in text and "P*" in text  # the table and the piano on their anchors
    assert "(S1)" in text and "W6" in text  # the keyhole's door, another door
    assert "red (die)" not in text and "blue (die)" in text


def test_terminal_play_runs_a_whole_game(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": "1")
    code, out, err = run(["play", "run-ghost-run", "--terminal", "-p", "2", "--seed", "4"], capsys, monkeypatch)
    assert code == 0, err
    assert "plan_movement" in out and "keyhole at" in out and "game over" in out


def test_terminal_play_never_prints_a_bots_sealed_step(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": "1")
    code, out, _ = run(["play", "run-ghost-run", "--terminal", "-p", "3", "--seed", "11"], capsys, monkeypatch)
    assert code == 0
    # Each bot's plan is one line a turn, whatever its length: 2 bots over the game's 5 turns.
    assert out.count("(heuristic): seals a movement plan") == 2 * 5, out
    assert "(heuristic): step" not in out and "steps=" not in out and "(heuristic): done" not in out


def test_terminal_play_ends_saying_why_and_who_won(capsys: pytest.CaptureFixture[str]) -> None:
    from ghosttable.cli import run_terminal_game

    game = RunGhostRun(3)
    state = run_terminal_game(game, set(), ["random"] * 3, seed=3)
    out = " ".join(capsys.readouterr().out.split())
    names = game.seat_names()
    points = {names[s]: state.points(s) for s in range(3)}
    best = max(state.ranking_key(s) for s in range(3))
    winners = [names[s] for s in range(3) if state.ranking_key(s) == best]
    assert "Game over: no Movement card is left." in out
    assert all(f"{name} {p}" in out for name, p in points.items())
    verdict = f"{winners[0]} wins" if len(winners) == 1 else "a tie between " + " and ".join(winners)
    assert verdict in out

"""The command line with Ghost Stories (bench, simulate, terminal play, rules) and the bots."""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from ghosttable.ai.play import simulate
from ghosttable.core import State
from ghosttable.games.ghost_stories.game import GhostStories
from tests.clirun import run


def test_bench_runs(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["bench", "ghost-stories", "--seconds", "0.5", "--json"], capsys, monkeypatch)
    figures = json.loads(out)
    assert code == 0 and figures["games"] >= 1 and figures["decisions_per_second"] > 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", ["initiation", "hell"])
def test_simulate_with_the_heuristic_bot(
    players: int, level: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "ghost-stories", "--players", str(players), "--option", f"level={level}"]
    code, out, _ = run([*argv, "--bot", "heuristic", "--games", "2", "--json"], capsys, monkeypatch)
    result = json.loads(out)
    assert code == 0 and result["games"] == 2 and set(result["outcomes"]) <= {"win", "loss"}


def test_rules_command_shows_the_cards(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["rules", "ghost-stories"], capsys, monkeypatch)
    assert code == 0 and "Nameless" in out and "Sorcerer" in out


def test_render_terminal_draws_the_village_and_boards() -> None:
    game = GhostStories(3, level="nightmare")
    state = game.new_initial_state(4)
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(game.render_terminal(state.view(0), 0))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Buddhist Temple" in text and "north" in text and "Taoists" in text and "deck" in text


@pytest.mark.parametrize("width", [80, 160])
def test_the_terminal_table_keeps_every_tile_name_whole(width: int) -> None:
    game = GhostStories(4)
    state = game.new_initial_state(3)
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(game.render_terminal(state.view(0), 0))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert max(len(line) for line in lines) <= width
    flat = " ".join(" ".join(line.replace("│", " ").split()) for line in lines)
    for tile in state.view(0)["village"]:
        assert tile["name"] in flat or all(word in flat for word in tile["name"].split())
    assert "…" not in flat
    for side in ("north", "west", "east", "south"):
        assert f"{side} (board" in flat


def test_terminal_play_reasks_after_bad_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["999", "no_such_action"] + ["1"] * 5000)
    monkeypatch.setattr("rich.console.Console.input", lambda self, prompt="": next(answers))
    code, out, _ = run(
        ["play", "ghost-stories", "--terminal", "--players", "2", "--bot", "heuristic", "--seed", "3"],
        capsys,
        monkeypatch,
    )
    assert code == 0 and "refused" in out and "game over" in out


def test_heuristic_clearly_beats_random() -> None:
    game = GhostStories(4, level="initiation")
    turns: dict[str, list[int]] = {"heuristic": [], "random": []}
    scores: dict[str, list[float]] = {"heuristic": [], "random": []}
    for bot in turns:

        def record(k: int, state: State, bot: str = bot) -> None:
            turns[bot].append(state.turn)  # type: ignore[attr-defined]

        result = simulate(game, [bot] * 4, 24, seed=1, on_game=record)
        scores[bot] = result.scores
    mean = {bot: sum(v) / len(v) for bot, v in turns.items()}
    assert mean["heuristic"] > 2 * mean["random"]  # it holds the village more than twice as long
    assert sum(scores["heuristic"]) / 24 > sum(scores["random"]) / 24 + 3

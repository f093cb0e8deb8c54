"""Terminal play: ``undo`` takes the last action of the turn back (offered only while it can be),
a refused one says why and asks again, and ``quit`` leaves the game unfinished."""

from __future__ import annotations

import pytest

from ghosttable.cli import run_terminal_game
from ghosttable.games.run_ghost_run.rules import RunGhostRunState
from ghosttable.registry import load
from tests.clirun import run
from tests.toygame import SecretDraw


def test_undo_takes_the_last_action_back_and_quit_leaves_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prompts: list[str] = []
    said: list[str] = []

    def answer(prompt: str = "") -> str:
        prompts.append(prompt)
        if "undo" in prompt and "undo" not in said:
            said.append("undo")
        elif "undo" in said and "quit" not in said:
            said.append("quit")
        else:
            said.append("1")
        return said[-1]

    monkeypatch.setattr("ghosttable.cli.console.input", answer)
    game = load("ghost-stories", players=1)
    state = run_terminal_game(game, {0}, ["random"], seed=2)
    out = " ".join(capsys.readouterr().out.split())
    assert "undone: your last action is taken back" in out
    at = said.index("undo")
    assert "undo" in prompts[at] and "undo" not in prompts[0]  # offered only once something can be taken back
    assert said[-1] == "quit" and not state.is_terminal()
    # the one action taken was taken back: the game is where it began, the same choice asked again
    assert state.history == [] and state.fingerprint() == game.new_initial_state(2).fingerprint()
    assert "the game is left unfinished after 0 actions" in out
    assert prompts[-1] == prompts[0]


def test_an_undo_with_nothing_to_take_back_is_refused_and_asked_again(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["undo", "quit"])
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": next(answers))
    code, out, err = run(["play", "secret-draw", "--terminal", "--seed", "5"], capsys, monkeypatch)
    assert code == 0, err
    text = " ".join(out.split())
    assert "refused: nothing to undo" in text
    assert "the game is left unfinished after 0 actions" in text and "game over" not in text


def test_undo_at_a_movement_plan_takes_back_its_last_step(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: list[str] = []
    said: list[str] = []

    def answer(prompt: str = "") -> str:
        printed.append(capsys.readouterr().out)
        if "step" in said and "undo" not in said:
            assert "undo" in prompt  # offered while the draft holds a step
            said.append("undo")
        elif "undo" in said:
            said.append("quit")
        elif "plan_movement" in printed[-1]:
            said.append("step")
        else:
            said.append("pass" if "pass" in printed[-1] else "1")
        return "1" if said[-1] == "step" else said[-1]

    monkeypatch.setattr("ghosttable.cli.console.input", answer)
    state = run_terminal_game(load("run-ghost-run", players=3), {0}, ["random"] * 3, seed=4)
    out = " ".join((*printed, capsys.readouterr().out))
    assert said[-2:] == ["undo", "quit"] and "undone: your last action is taken back" in out
    assert isinstance(state, RunGhostRunState) and state.phase == "plan" and state.plans[0] == []
    assert state.view(0)["my_plan"]["steps"] == [] and not state.has_staged(0)
    fresh = state.clone()
    fresh.__dict__.pop("_cache", None)
    assert state.legal_actions(0) == fresh.legal_actions(0)

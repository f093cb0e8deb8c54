"""Command-line behaviour a newcomer meets first: numbers out of range at the terminal prompt,
boolean rule options spelt as REST spells them, and the bound on ``simulate --games``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from ghosttable import registry
from ghosttable.core.errors import OptionError
from ghosttable.core.state import Game
from tests.clirun import run
from tests.toygame import SecretDraw


@pytest.mark.parametrize("typed", ["-1", "0", "4", "+7", "0003"])
def test_a_number_outside_the_list_is_out_of_range_and_asked_again(
    typed: str,
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    answers = iter([typed, "1", "keep"])

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return next(answers)

    monkeypatch.setattr("ghosttable.cli.console.input", answer)
    code, out, err = run(["play", "secret-draw", "--terminal", "--seed", "5"], capsys, monkeypatch)
    assert code == 0, err
    text = " ".join(out.split())
    if typed == "0003":  # a number in range, however written, is that line
        assert "out of range" not in text
        assert len(asked) == 2
    else:
        assert f"refused: {typed} is out of range: choose a number from 1 to 3" in text
        assert "action kind" not in text and "snake_case" not in text  # not read as an action
        assert len(asked) == 3  # the same decision was asked again, then the game went on
    assert "game over" in text


@pytest.mark.parametrize("value", ["1", "0", "yes", "no", "on", "off", "", "True", " true"])
@pytest.mark.parametrize("command", ["simulate", "rules", "bench"])
def test_a_boolean_option_takes_true_or_false_only_as_in_the_lobby(
    value: str,
    command: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run([command, "run-ghost-run", "--option", f"merging={value}"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.strip() == f"error: option merging takes true or false, not {json.dumps(value)}"


def test_the_boolean_refusal_is_the_one_rest_gives_for_a_number() -> None:
    with pytest.raises(OptionError, match=r"option merging takes true or false, not 1$"):
        registry.load("run-ghost-run", merging=1)  # a JSON number, as a REST body carries it


@pytest.mark.parametrize("value", ["true", "false"])
def test_a_boolean_option_spelt_true_or_false_is_accepted(
    value: str,
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ghosttable import cli

    loaded: list[Game] = []

    def load(name: str, players: int | None = None, **options: Any) -> Game:
        loaded.append(registry.load(name, players, **options))
        return loaded[-1]

    monkeypatch.setattr(cli, "load", load)
    code, _, err = run(["simulate", "secret-draw", "-o", f"swaps={value}", "-n", "2", "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert loaded[0].options["swaps"] is (value == "true")


def test_a_boolean_option_of_old_house_with_its_other_spelling_is_checked_too(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["rules", "old-house", "-o", "heat_map=1"], capsys, monkeypatch)
    assert code == 2 and err.strip() == 'error: option heat-map takes true or false, not "1"'


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ("1000001", "error: --games must be a number of games, from 1 to 1000000, not 1000001"),
        ("99999999999", "error: --games must be a number of games, from 1 to 1000000, not 99999999999"),
        ("0", "error: --games must be a number of games, from 1 to 1000000, not 0"),
        ("-5", "error: --games must be a number of games, from 1 to 1000000, not -5"),
    ],
)
def test_simulate_games_has_a_range_with_a_one_line_error(
    games: str,
    message: str,
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(["simulate", "secret-draw", "--games", games], capsys, monkeypatch)
    assert (code, out, err.strip()) == (2, "", message)


def test_simulate_plays_up_to_the_bound(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ghosttable import cli

    asked: list[int] = []

    def simulate(game: Game, bots: list[str], games: int, seed: int, **_: Any) -> Any:
        asked.append(games)
        raise cli.CliError("stopped before playing")

    monkeypatch.setattr(cli, "simulate", simulate)
    code, _, err = run(["simulate", "secret-draw", "--games", "1000000"], capsys, monkeypatch)
    assert asked == [1_000_000] and code == 2 and "stopped before playing" in err

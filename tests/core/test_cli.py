from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghosttable import __version__
from tests.clirun import run
from tests.toygame import SecretDraw


def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["--version"], capsys, monkeypatch)
    assert code == 0 and __version__ in out


def test_games_lists_the_registered_game(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["games", "--json"], capsys, monkeypatch)
    assert code == 0
    names = [g["name"] for g in json.loads(out)]
    assert "secret-draw" in names


def test_simulate_json_and_records(
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    code, out, err = run(
        [
            "simulate",
            "secret-draw",
            "--players",
            "3",
            "--option",
            "bids=high",
            "--games",
            "20",
            "--seed",
            "1",
            "--json",
            "--records",
            str(tmp_path),
        ],
        capsys,
        monkeypatch,
    )
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "secret-draw" and data["games"] == 20
    assert data["options"]["bids"] == "high"
    assert set(data["win_rate"]) == {"seat1", "seat2", "seat3"}
    assert sum(data["outcomes"].values()) == 20
    assert data["decisions"] > 0 and data["decisions_per_second"] > 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 20
    code, out, err = run(["replay", str(files[0]), "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert json.loads(out)["verified"] is True
    code, out, err = run(["replay", str(files[0])], capsys, monkeypatch)
    assert code == 0 and "options: swaps=true, bids=high\n" in out, err
    # A second batch into the same folder would overwrite part of the first: refused, nothing written.
    before = {f: f.read_text() for f in files}
    argv = ["simulate", "secret-draw", "--games", "2", "--seed", "9", "--records", str(tmp_path)]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 2 and "already holds game records" in err and len(err.strip().splitlines()) == 1
    assert {f: f.read_text() for f in sorted(tmp_path.glob("*.json"))} == before
    code, out, err = run([*argv[:-1], str(files[0])], capsys, monkeypatch)
    assert code == 2 and "is not a folder" in err
    # the same seed gives the same batch
    code, again, _ = run(
        ["simulate", "secret-draw", "-p", "3", "-o", "bids=high", "-n", "20", "-s", "1", "--json"], capsys, monkeypatch
    )
    assert json.loads(again)["outcomes"] == data["outcomes"]


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "chess", "--games", "1"],
        ["simulate", "secret-draw", "--players", "9"],
        ["simulate", "secret-draw", "--option", "bids"],
        ["simulate", "secret-draw", "--option", "bids=huge"],
        ["simulate", "secret-draw", "--bot", "genius"],
        ["simulate", "secret-draw", "--bot", "seat7=random"],
        ["simulate", "secret-draw", "--bot", "seat1=random", "--bot", "1=ismcts"],
        ["simulate", "secret-draw", "--games", "0"],
        ["simulate", "secret-draw", "--no-such-flag"],
        ["replay", "/no/such/file.json"],
        ["frobnicate"],
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(
    secret_draw: type[SecretDraw],
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err + out


def test_an_unfinished_record_replays_and_a_tampered_one_is_refused_in_one_line(
    secret_draw: type[SecretDraw],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    state = SecretDraw(2).new_initial_state(3)
    state.apply("bid amount=1", 0)
    path = tmp_path / "r.json"
    state.record().save(path)
    code, out, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 0 and "1 action; the game is not over" in out and "None" not in out, err
    doc = state.record().to_json()
    doc["seed"] = 4
    path.write_text(json.dumps(doc))
    code, _, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 2 and "checksum" in err


def test_terminal_play_reasks_on_bad_input(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = iter(["99", "bid amount=9", "1", "keep"])
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": next(answers))
    code, out, err = run(["play", "secret-draw", "--terminal", "--seed", "5"], capsys, monkeypatch)
    assert code == 0, err
    assert "choose a number from 1 to 3" in out
    assert "not allowed" in out
    assert "game over" in out


def test_bench_stops_in_the_middle_of_a_game_when_its_time_is_up(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from ghosttable import cli
    from ghosttable.ai.base import Observation, make_bot
    from ghosttable.core import Action

    class Slow:
        """A random bot taking 0.1 s a move: a whole game takes far longer than the bench's time."""

        name = "slow"

        def __init__(self, game: object, seat: int, seed: int) -> None:
            self.inner = make_bot(game, "random", seat, seed)  # type: ignore[arg-type]

        def choose(self, obs: Observation) -> Action:
            time.sleep(0.1)
            return self.inner.choose(obs)

    monkeypatch.setattr(cli, "make_bot", lambda game, name, seat, seed, **_: Slow(game, seat, seed))
    code, out, _ = run(["bench", "secret-draw", "--players", "3", "--seconds", "0.25", "--json"], capsys, monkeypatch)
    figures = json.loads(out)
    # The first game is not finished: the bench stopped after the move that crossed its time.
    assert code == 0
    assert figures["games"] == 0 and 1 <= figures["decisions"] <= 4


def test_terminal_play_ends_with_the_final_table_and_why_the_game_ended(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from ghosttable.cli import run_terminal_game
    from ghosttable.registry import load

    game = load("ghost-stories", players=4)
    state = run_terminal_game(game, set(), ["heuristic"] * 4, seed=3)
    out = capsys.readouterr().out
    reason = state.view(None)["end_reason"]
    assert reason and state.is_terminal()
    # The game's own words for the end come after the "game over" rule, above the outcome line.
    tail = out[out.index("game over") :]
    assert reason in " ".join(tail.split()) and tail.index("outcome:") > tail.index(reason.split()[0])


def test_help_rewraps_each_paragraph_to_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A docstring's paragraph is one paragraph on screen, however its source lines are broken.
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(["simulate", "--help"], capsys, monkeypatch)
    assert code == 0
    sentence = "with the same figures as here (records are written here, in game order). A progress bar shows"
    assert any(sentence in line for line in out.splitlines()), out


def test_games_shows_each_option_whole_in_an_80_column_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from ghosttable.cli import written
    from ghosttable.registry import game_class, game_names

    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(["games"], capsys, monkeypatch)
    assert code == 0
    for name in game_names():
        for option in game_class(name).spec.options:
            assert f"{option.name}={written(option.default)}" in out, (option.name, out)


def test_bench_all_without_openspiel_says_what_it_needs(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["bench", "all", "--seconds", "0.1"], capsys, monkeypatch)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "add --against-openspiel, or name one game" in err


def test_replay_names_a_single_player_in_the_singular(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    argv = ["simulate", "ghost-stories", "-p", "1", "-b", "random", "-n", "1", "--records", str(tmp_path)]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    (record,) = tmp_path.glob("*.json")
    code, out, err = run(["replay", str(record)], capsys, monkeypatch)
    assert code == 0, err
    assert ", 1 player, seed " in out and "1 players" not in out

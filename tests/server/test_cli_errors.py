from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ghosttable.cli import main

OLD_HOUSE_4 = ["play", "old-house", "--terminal", "-p", "4"]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--no-browser", "--db", "nosuch://x"], "cannot open the database"),
        (["play", "--no-browser", "--db", "/tmp/not-a-url.db"], "cannot open the database"),
        (["serve", "--db", "sqlite:////no/such/dir/x.db"], "cannot open the database"),
        (["serve", "--port", "0", "--db", "postgresql+pg8000://u@127.0.0.1:1/db"], "'pg8000' (postgresql+pg8000)"),
        (["serve", "--port", "0", "--db", "postgresql+pg8000://u@127.0.0.1:1/db"], "pip install pg8000"),
        (["serve", "--port", "0", "--db", "postgresql://u:p@127.0.0.1:1/db"], 'connection to server at "127.0.0.1"'),
        (["serve", "--port", "0", "--db", "postgresql://u:pw@127.0.0.1:1/db"], "'postgresql://u:***@127.0.0.1:1/db'"),
        (["serve", "--port", "0", "--db", "postgresql://u:pw@127.0.0.1:x/db"], "'postgresql://u:***@127.0.0.1:x/db'"),
        (["serve", "--port", "0", "--db", "postgresql://u@127.0.0.1:1/db?password=pw"], "password=%2A%2A%2A"),
        (["serve", "--port", "0", "--db", "mysql://u@127.0.0.1:1/db"], "'MySQLdb' (mysql+mysqldb)"),
        (["serve", "--port", "0", "--db", "mysql://u@127.0.0.1:1/db"], "pip install mysqlclient"),
        (["serve", "--port", "0", "--db", "oracle://u@127.0.0.1:1/db"], "pip install oracledb"),
        (["play", "--no-browser", "--db", "postgresql+asyncpg://u@127.0.0.1:1/db"], "asyncio driver"),
        (["serve", "--port", "99999"], "--port must be a port number, from 0 to 65535, not 99999"),
        (["serve", "--port", "0", "--set", "no_such_limit=1"], "no setting 'no_such_limit'"),
        (["serve", "--port", "0", "--set", "max_spectators=many"], "setting max_spectators takes a whole number"),
        (["serve", "--port", "0", "--set", "max_spectators"], "--set takes NAME=VALUE"),
        (["serve", "--port", "0", "--set", "body_timeout=0"], "setting body_timeout takes more than 0"),
        (["serve", "--port", "0", "--set", "header_timeout=0"], "setting header_timeout takes more than 0"),
        (["serve", "--port", "0", "--set", "hello_timeout=-1"], "setting hello_timeout takes more than 0"),
        (["serve", "--port", "0", "--set", "ws_deflate=2"], "setting ws_deflate takes 0 or 1, not 2"),
        (["serve", "--port", "0", "--set", "send_queue=0"], "setting send_queue takes from 1 to"),
        (["serve", "--port", "0", "--set", "max_websockets_per_address=x"], "takes a whole number, not 'x'"),
        (["play", "--port", "-1"], "--port must be a port number, from 0 to 65535, not -1"),
        (["serve", "--host", "999.1.1.1", "--port", "0", "--db", "sqlite://"], "cannot listen on 999.1.1.1"),
        (["bench", "ghost-stories", "--seconds", "0"], "--seconds must be a number of seconds, from 0.1 to 86400"),
        (["bench", "ghost-stories", "--seconds", "nan"], "--seconds must be a number of seconds, from 0.1 to 86400"),
        (["bench", "ghost-stories", "--seconds", "inf"], "from 0.1 to 86400, not inf"),
        (["bench", "ghost-stories", "--seconds", "-inf"], "from 0.1 to 86400, not -inf"),
        (["bench", "ghost-stories", "--seconds", "1e999"], "from 0.1 to 86400, not inf"),
        (["simulate", "ghost-stories", "--games", "0"], "--games must be a number of games, from 1 to 1000000, not 0"),
        (["play", "--seat", "phantom"], "--seat only applies to --terminal play"),
        (["play", "old-house", "--players", "3", "--bot", "hunters=random"], "--players, --bot only apply"),
        (["play", "ghost-stories", "--terminal", "--port", "9000"], "--port only applies to the browser lobby"),
        (["play", "ghost-stories", "--terminal", "--db", "sqlite://", "--no-browser"], "--db, --no-browser only"),
        (["play", "old-house", "--terminal", "--seat", "hunter1", "--bot", "hunter1=ismcts"], "is played here"),
        (["simulate", "ghost-stories", "-o", "level=hell", "-o", "level=normal"], "level is given twice"),
        (["play", "old-house", "--terminal", "--seat", "phantom", "--seat", "phantom"], "name each seat once"),
        (
            [*OLD_HOUSE_4, "--seat", "hunters", "--bot", "heuristic", "--bot", "random"],
            "2 --bot values for the 1 seat not played here (phantom): give one --bot NAME",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "hunters", *["--bot", "random"] * 4],
            "4 --bot values for the 1 seat not played here (phantom)",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "phantom", "--bot", "random", "--bot", "heuristic"],
            "2 --bot values for the 3 seats not played here (hunter1, hunter2, hunter3): "
            "give one --bot NAME for them all, or one per seat in that order",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "phantom", *["--bot", "random"] * 4],
            "4 --bot values for the 3 seats not played here",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "hunters", "--bot", "hunter2=random"],
            "hunter2 is played here",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "hunters", "--bot", "hunters=random"],
            "hunters is played here",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "hunters", "--seat", "phantom", "--bot", "random"],
            "every seat is played here",
        ),
        (
            [*OLD_HOUSE_4, "--seat", "phantom", "--bot", "random", "--bot", "expert", "--bot", "hunter1=random"],
            "not both",
        ),
    ],
)
def test_bad_server_arguments_give_one_line_and_exit_code_2(
    argv: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "argv", ["ghosttable", *argv])
    with pytest.raises(SystemExit) as info:
        main()
    _, err = capsys.readouterr()
    assert info.value.code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], err


def test_records_into_an_existing_file_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    target = tmp_path / "a-file"
    target.write_text("x")
    monkeypatch.setattr(
        sys, "argv", ["ghosttable", "simulate", "ghost-stories", "--games", "1", "--records", str(target)]
    )
    with pytest.raises(SystemExit) as info:
        main()
    _, err = capsys.readouterr()
    assert info.value.code == 2 and err.startswith("error: ") and str(target) in err


def test_no_command_prints_the_help_and_no_empty_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["ghosttable"])
    with pytest.raises(SystemExit) as info:
        main()
    out, err = capsys.readouterr()
    assert info.value.code == 2
    assert "simulate" in out and "error" not in err, err


def _sigint_as_at_a_terminal() -> None:
    # A shell starts background jobs with SIGINT ignored, and Python keeps an ignored SIGINT
    # ignored: the command must see Ctrl-C as it does in a terminal, however the tests were started.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_exits_with_code_130() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "ghosttable.cli", "simulate", "old-house", "--games", "100000", "--players", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_as_at_a_terminal,
    )
    time.sleep(3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"Traceback" not in err


def test_terminal_play_takes_one_bot_per_seat_not_played_here() -> None:
    from ghosttable.cli import _bots_for_the_others, assign_bots
    from ghosttable.registry import load

    game = load("old-house", players=3)
    specs = _bots_for_the_others(game, {1}, ["random", "heuristic"])
    assert assign_bots(game, specs, "heuristic") == ["random", "random", "heuristic"]
    assert _bots_for_the_others(game, {0}, ["random"]) == ["random"]
    assert _bots_for_the_others(game, {0}, ["hunters=random"]) == ["hunters=random"]


def test_one_bot_name_fills_the_seats_that_seat_names_leave() -> None:
    from ghosttable.cli import assign_bots
    from ghosttable.registry import load

    game = load("old-house", players=3)
    assert assign_bots(game, ["expert", "phantom=random"], "heuristic") == ["random", "expert", "expert"]
    assert assign_bots(game, ["hunters=expert", "random"], "heuristic") == ["random", "expert", "expert"]
    assert assign_bots(game, ["2=random", "expert"], "heuristic") == ["expert", "random", "expert"]


@pytest.mark.parametrize(
    ("seats", "bots", "expected"),
    [
        ({1, 2, 3}, ["heuristic"], "heuristic"),
        ({1, 2, 3}, ["phantom=random"], "random"),
        ({1, 2, 3}, ["seat1=random"], "random"),
        ({0}, ["hunters=random"], ["random"] * 3),
        ({0}, ["hunter2=random"], ["heuristic", "random", "heuristic"]),
        ({0}, ["random", "heuristic", "random"], ["random", "heuristic", "random"]),
        ({0, 2}, ["hunters=random"], ["random", "random"]),
        ({0}, ["random", "hunter2=expert"], ["random", "expert", "random"]),
    ],
)
def test_terminal_play_bot_forms_fill_the_seats_not_played_here(
    seats: set[int], bots: list[str], expected: str | list[str]
) -> None:
    from ghosttable.cli import _bots_for_the_others, assign_bots
    from ghosttable.registry import load

    game = load("old-house", players=4)
    names = assign_bots(game, _bots_for_the_others(game, seats, bots), "heuristic")
    others = [names[s] for s in range(game.players) if s not in seats]
    assert others == (expected if isinstance(expected, list) else [expected])

"""`ghosttable play` and `ghosttable serve`: the server starts, prints its address and serves the lobby."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from ghosttable.registry import game_names
from ghosttable.server import launch

ROOT = Path(__file__).resolve().parents[2]


def run_until_address(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "ghosttable", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.startswith("ghosttable lobby: http://"), line
    return proc, line.split(": ", 1)[1].strip()


def get_when_up(url: str) -> httpx.Response:
    for _ in range(200):
        try:
            return httpx.get(url, timeout=5)
        except httpx.TransportError:
            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


def stop(proc: subprocess.Popen[str]) -> None:
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.mark.parametrize("command", [["play", "--no-browser"], ["serve", "--port", "0"]])
def test_the_command_serves_the_lobby(command: list[str], tmp_path: Path) -> None:
    proc, address = run_until_address([*command], {"XDG_DATA_HOME": str(tmp_path)})
    try:
        assert address.startswith("http://127.0.0.1:")
        page = get_when_up(address)
        assert page.status_code == 200 and "/static/js/lobby.js" in page.text
        listed = [g["name"] for g in httpx.get(address + "api/games", timeout=5).json()]
        assert listed == game_names()
        assert httpx.get(address + "static/js/generic.js", timeout=5).status_code == 200
    finally:
        stop(proc)
    assert (tmp_path / "ghosttable" / "ghosttable.db").is_file()


def test_serve_takes_a_database_url(tmp_path: Path) -> None:
    db = tmp_path / "hosted.db"
    proc, address = run_until_address(["serve", "--port", "0", "--db", f"sqlite:///{db}"], {})
    try:
        assert get_when_up(address + "api/games").status_code == 200
    finally:
        stop(proc)
    assert db.is_file()


def test_play_opens_the_browser_at_the_lobby(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    opened: list[str] = []
    served: list[Any] = []

    class Now:
        def __init__(self, _delay: float, fn: Any, args: tuple[Any, ...]) -> None:
            self.call = lambda: fn(*args)

        def start(self) -> None:
            self.call()

    monkeypatch.setattr(launch.threading, "Timer", Now)
    monkeypatch.setattr(launch.webbrowser, "open", opened.append)
    monkeypatch.setattr(launch.uvicorn.Server, "run", lambda self, sockets: served.extend(sockets))
    launch.play_in_browser(open_browser=True, db_url=f"sqlite:///{tmp_path / 'x.db'}")
    assert len(served) == 1
    host, port = served[0].getsockname()[:2]
    assert host == "127.0.0.1" and port > 0
    assert opened == [f"http://127.0.0.1:{port}/"]
    served[0].close()

"""`ghosttable play` on a port that is taken moves to a free one, and says so in one line."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from ghosttable.server import launch


def _play(port: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> int:
    """Runs ``play_in_browser`` on ``port`` without serving; returns the port it listened on."""
    served: list[Any] = []
    monkeypatch.setattr(launch.uvicorn.Server, "run", lambda self, sockets: served.extend(sockets))
    launch.play_in_browser(open_browser=False, db_url=f"sqlite:///{tmp_path / 'p.db'}", port=port)
    assert len(served) == 1
    bound: int = served[0].getsockname()[1]
    served[0].close()
    return bound


def test_a_taken_port_is_named_in_one_line_after_the_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        bound = _play(taken, tmp_path, monkeypatch)
    out = capsys.readouterr().out.splitlines()
    assert bound != taken
    assert out[0] == f"ghosttable lobby: http://127.0.0.1:{bound}/"
    assert out[1] == f"port {taken} is taken: serving on {bound} instead; your seats of {taken} are kept there"
    assert len([line for line in out if "is taken" in line]) == 1


def test_a_free_port_is_used_without_a_note(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    bound = _play(free, tmp_path, monkeypatch)
    out = capsys.readouterr().out
    assert bound == free
    assert "is taken" not in out and f"ghosttable lobby: http://127.0.0.1:{free}/" in out


def test_play_has_no_limits_per_client_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table of `ghosttable play` comes from 127.0.0.1: a person who keeps many tables going
    is not refused as one address among many would be; the server-wide limits stay."""
    chosen: list[Any] = []
    monkeypatch.setattr(launch, "_serve_locked", lambda *args: chosen.append(args[-1]))
    launch.play_in_browser(open_browser=False, db_url=f"sqlite:///{tmp_path / 'p.db'}", port=0)
    (settings,) = chosen
    assert (settings.max_tables_per_address, settings.tables_per_minute) == (0, 0)
    assert settings.max_live_tables == launch.HostingSettings().max_live_tables > 0
    assert settings.max_ai_tables == launch.HostingSettings().max_ai_tables > 0

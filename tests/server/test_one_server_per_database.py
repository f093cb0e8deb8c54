"""One server per SQLite database: a second server on the same file is refused in one line (exit
code 2), and the lock goes with the server that held it (stopped, or killed)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ghosttable.server.dblock import DatabaseInUseError, DatabaseLock, database_file
from tests.server.test_launch import ROOT, get_when_up, run_until_address, stop


def second_server(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ghosttable", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


def test_a_second_server_on_the_same_database_is_refused_in_one_line(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    url = f"sqlite:///{db}"
    first, address = run_until_address(["serve", "--port", "0", "--db", url], {})
    try:
        assert get_when_up(address + "api/games").status_code == 200
        for command in (["serve", "--port", "0", "--db", url], ["play", "--no-browser", "--db", url]):
            refused = second_server(command)
            assert refused.returncode == 2, refused
            assert refused.stdout == ""
            lines = refused.stderr.splitlines()
            assert len(lines) == 1, refused.stderr
            assert lines[0].startswith("error: the database ")
            assert url in lines[0] and address in lines[0] and f"process {first.pid}" in lines[0]
            assert "Traceback" not in refused.stderr
        assert get_when_up(address + "api/games").status_code == 200  # the first one serves on
    finally:
        stop(first)
    assert not (tmp_path / "shared.db.server").exists()
    # Stopped (Ctrl-C), the first server gave the lock back: another one starts.
    again, address = run_until_address(["serve", "--port", "0", "--db", url], {})
    try:
        assert get_when_up(address + "api/games").status_code == 200
    finally:
        stop(again)


def test_the_lock_of_a_killed_server_blocks_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'killed.db'}"
    first, address = run_until_address(["serve", "--port", "0", "--db", url], {})
    get_when_up(address)
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=15)
    assert (tmp_path / "killed.db.server").exists()  # left behind: it no longer means anything
    again, address = run_until_address(["serve", "--port", "0", "--db", url], {})
    try:
        assert get_when_up(address + "api/games").status_code == 200
    finally:
        stop(again)


def test_the_refusal_masks_a_password_and_only_files_are_locked(tmp_path: Path) -> None:
    db = tmp_path / "x.db"
    held = DatabaseLock(f"sqlite:///{db}", "sqlite:///x.db")
    held.acquire()
    try:
        held.announce("http://127.0.0.1:9/")
        other = DatabaseLock(f"sqlite:///{db}", "postgresql://ann:***@host/x")
        with pytest.raises(DatabaseInUseError) as refused:
            other.acquire()
        assert "ann:***@" in str(refused.value) and "http://127.0.0.1:9/" in str(refused.value)
    finally:
        held.release()
    assert database_file("sqlite://") is None
    assert database_file("sqlite:///:memory:") is None
    assert database_file("postgresql://ann:secret@host/x") is None
    assert database_file(f"sqlite:///{db}") == db.resolve()
    # Nothing to lock: acquiring and releasing do nothing.
    DatabaseLock("postgresql://ann:secret@host/x", "postgresql://ann:***@host/x").acquire()

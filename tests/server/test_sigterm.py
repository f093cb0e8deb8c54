"""SIGTERM (how systemd and Docker stop a service) stops the server as Ctrl-C does."""

from __future__ import annotations

import signal
from collections.abc import Callable
from pathlib import Path

from filelock import FileLock

from tests.server.test_launch import get_when_up, run_until_address


def serve_then_sigterm(
    url: str, while_up: Callable[[], None] = lambda: None, signum: int = signal.SIGTERM
) -> tuple[int, str]:
    """Start ``ghosttable serve`` on ``url``, wait until it answers, run ``while_up``, send it
    ``signum`` (SIGTERM): its exit code and output (the process is killed if it does not stop)."""
    proc, address = run_until_address(["serve", "--port", "0", "--db", url], {})
    try:
        assert get_when_up(address + "api/games").status_code == 200
        while_up()
        proc.send_signal(signum)
        output, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return proc.returncode, output


def test_sigterm_stops_the_server_cleanly_and_releases_the_database(tmp_path: Path) -> None:
    def holder_written() -> None:
        assert (tmp_path / "e.db.server").is_file()

    code, output = serve_then_sigterm(f"sqlite:///{tmp_path / 'e.db'}", holder_written)
    assert code == 0, output
    assert "Traceback" not in output, output
    assert not (tmp_path / "e.db.server").exists()
    lock = FileLock(str(tmp_path / "e.db.lock"))
    lock.acquire(timeout=0)
    lock.release()
    # A graceful stop closes the database: SQLite folds its write-ahead log back into the file.
    assert not (tmp_path / "e.db-wal").exists()


def test_a_server_stopped_by_sigterm_can_be_started_again_on_its_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'again.db'}"
    for _ in range(2):
        code, output = serve_then_sigterm(url)
        assert code == 0, output


def test_ctrl_c_stops_the_server_with_exit_code_0(tmp_path: Path) -> None:
    code, output = serve_then_sigterm(f"sqlite:///{tmp_path / 'c.db'}", signum=signal.SIGINT)
    assert code == 0, output
    assert "Traceback" not in output and "aborted" not in output, output
    assert not (tmp_path / "c.db.server").exists()

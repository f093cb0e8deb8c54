"""A server that cannot listen says so in one line and leaves its data folder as it found it:
the address is bound before the database is locked or opened."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest


def serve(args: list[str], data: Path) -> subprocess.CompletedProcess[str]:
    """``ghosttable serve *args`` with ``data`` as the user's data folder (the default database's)."""
    return subprocess.run(
        [sys.executable, "-m", "ghosttable", "serve", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    )


def test_a_taken_port_for_serve_leaves_no_database_nor_lock(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve(["--port", str(port), "--db", f"sqlite:///{tmp_path}/d.db"], tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("host", ["256.1.1.1", "192.0.2.1"])
def test_a_host_that_cannot_be_bound_leaves_the_data_folder_empty(tmp_path: Path, host: str) -> None:
    # 256.1.1.1 is no address at all; 192.0.2.1 (TEST-NET-1) is an address of no interface here
    named = tmp_path / "named"
    named.mkdir()
    done = serve(["--host", host, "--port", "8790", "--db", f"sqlite:///{named}/d.db"], tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: cannot listen on {host}:8790: "), done.stderr
    assert list(named.iterdir()) == []
    # without --db the default database in the user's data folder is not made either
    default = serve(["--host", host, "--port", "8790"], tmp_path)
    assert default.returncode == 2 and default.stderr.startswith(f"error: cannot listen on {host}:8790: ")
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == ["named"]

"""A server that cannot listen says so in one line and leaves its database as it found it."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path


def test_a_taken_port_for_serve_leaves_no_database_side_files(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "ghosttable", "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path}/d.db"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: cannot listen on 127.0.0.1:{port}: Address already in use"
    # the database was opened (and made) before the port was tried: it is closed again, so SQLite's
    # write-ahead log and shared-memory files are gone; the lock file of filelock stays by design
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.db", "d.db.lock"]

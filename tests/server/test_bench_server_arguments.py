"""``scripts/bench_server.py`` refuses an argument it cannot take in one line, with exit code 2
and no traceback, before it starts a server."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bench_server.py"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--think", "abc"], "argument --think: takes S or MIN-MAX seconds (1-3), not 'abc'"),
        (["--think", "-1"], "argument --think: takes seconds from 0 to 600 (S or MIN-MAX), not '-1'"),
        (["--think", "3-1"], "argument --think: takes MIN-MAX with MIN at most MAX, not '3-1'"),
        (["--think", "1-x"], "argument --think: takes S or MIN-MAX seconds (1-3), not '1-x'"),
        (["--think", "nan"], "argument --think: takes seconds from 0 to 600"),
        (["--think", "1-601"], "argument --think: takes seconds from 0 to 600"),
        (["--game", "nope"], "argument --game: no game 'nope' (games: "),
        (["--seconds", "0"], "--seconds takes more than 0 and at most 600 seconds, not 0"),
        (["--seconds", "601"], "--seconds takes more than 0 and at most 600 seconds, not 601"),
        (["--tables", "0"], "--tables takes 1 to 2000, not 0"),
        (["--actions", "0"], "--actions takes at least 1, not 0"),
        (["--set", "body_timeout=0"], "setting body_timeout takes more than 0"),
    ],
)
def test_a_bad_argument_is_one_line_and_exit_code_2(argv: list[str], needle: str) -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("bench_server.py: error: ") and needle in last, done.stderr
    assert done.stdout == ""

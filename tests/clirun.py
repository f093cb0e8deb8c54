"""Running the ``ghosttable`` command in-process for tests: its exit code, standard output and
standard error."""

from __future__ import annotations

import sys

import pytest

from ghosttable.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    """``ghosttable *argv`` in this process: ``(exit code, stdout, stderr)``."""
    monkeypatch.setattr(sys, "argv", ["ghosttable", *argv])
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err

"""`--db` given as a file path, or empty, is refused in one line (exit code 2) saying what to
write; a URL without a password is echoed as given."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from ghosttable.cli import main
from ghosttable.server import launch


@pytest.mark.parametrize(
    ("command", "db", "needle"),
    [
        ("serve", "/tmp/plain.db", "'/tmp/plain.db': Could not parse SQLAlchemy URL"),
        ("serve", "/tmp/plain.db", "; for a file, write sqlite:////tmp/plain.db"),
        ("play", "/tmp/plain.db", "write sqlite:////tmp/plain.db"),
        ("serve", "~/games.db", f"write sqlite:///{Path.home().as_posix()}/games.db"),
        ("serve", "", "the database URL (--db) is empty"),
        ("play", "", "the database URL (--db) is empty: give one, e.g. sqlite:////path/to/ghosttable.db"),
        ("serve", "   ", "or leave --db out for the default"),
    ],
)
def test_a_file_path_or_an_empty_db_is_one_line_and_exit_code_2(
    command: str,
    db: str,
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    extra = ["--no-browser"] if command == "play" else []
    monkeypatch.setattr(sys, "argv", ["ghosttable", command, *extra, "--port", "0", "--db", db])
    with pytest.raises(SystemExit) as info:
        main()
    _, err = capsys.readouterr()
    assert info.value.code == 2
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle in lines[0], err
    assert not (tmp_path / "ghosttable").exists(), "an empty --db must not fall back to the default database"


def test_a_relative_file_path_is_hinted_with_its_absolute_url(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["ghosttable", "serve", "--port", "0", "--db", "tables.db"])
    with pytest.raises(SystemExit) as info:
        main()
    _, err = capsys.readouterr()
    assert info.value.code == 2
    assert f"write sqlite:///{tmp_path.resolve().as_posix()}/tables.db" in err and len(err.strip().splitlines()) == 1


def test_a_url_that_parses_gets_no_file_hint(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", ["ghosttable", "serve", "--port", "0", "--db", "nosuch://x"])
    with pytest.raises(SystemExit):
        main()
    _, err = capsys.readouterr()
    assert "cannot open the database 'nosuch://x'" in err and "write sqlite" not in err


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("sqlite:///:memory:", "sqlite:///:memory:"),
        ("sqlite://", "sqlite://"),
        ("sqlite:////tmp/a b.db", "sqlite:////tmp/a b.db"),
        ("postgresql://u@h:1/db", "postgresql://u@h:1/db"),
        ("postgresql://u:secret@h:1/db", "postgresql://u:***@h:1/db"),
        ("postgresql://u@h:1/db?password=secret", "postgresql://u@h:1/db?password=%2A%2A%2A"),
    ],
)
def test_the_database_url_is_echoed_as_given_with_its_password_masked(url: str, shown: str) -> None:
    assert launch._without_password(url) == shown


def test_serve_echoes_an_in_memory_database_as_given(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    served: list[Any] = []
    monkeypatch.setattr(launch.uvicorn.Server, "run", lambda self, sockets: served.extend(sockets))
    launch.serve("127.0.0.1", 0, "sqlite:///:memory:")
    for sock in served:
        sock.close()
    out = capsys.readouterr().out
    assert "database: sqlite:///:memory:\n" in out and "%3A" not in out

"""Fixtures for the server's tests: the app over a fresh SQLite file, with the test-only game."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url

from ghosttable.server.app import create_app
from ghosttable.server.protocol import merge_log
from ghosttable.server.settings import HostingSettings
from tests.toygame import SecretDraw

TEST_SETTINGS = HostingSettings(
    allowed_hosts=("testserver",), tables_per_minute=0, max_tables_per_address=0, max_ai_tables=0, bot_processes=0
)
"""The default settings, answering the test client's host name (``testserver``) too, with no
limit on the tables one address creates, and bots on threads of the test's own process (its
games registered at run time, its bots sharing the test's memory); the tests of these limits and
of bots in worker processes set them."""


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """An SQLite URL in the test's own folder."""
    return f"sqlite:///{tmp_path / 'ghosttable.db'}"


POSTGRESQL_ENV = "GHOSTTABLE_TEST_POSTGRESQL"
"""The environment variable naming a PostgreSQL server for the tests, as an SQLAlchemy URL of a
role that may create databases (``postgresql+psycopg://user:password@host:port/postgres``).
``scripts/test`` starts Debian's server and sets it; without it the PostgreSQL runs of the
storage tests are skipped, except under ``CI=true``, where its absence fails them."""

DATABASES = ("sqlite", "postgresql")
"""The database kinds the storage tests run on (``pytest.mark.parametrize`` or fixture params)."""


def database_url(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of ``kind`` for one test: an SQLite file in ``tmp_path``, or a new
    PostgreSQL database on the server named by :data:`POSTGRESQL_ENV`, dropped (its connections
    ended) after the test.

    Raises:
        pytest.skip.Exception: for ``"postgresql"`` when no server is named, outside CI.
        pytest.fail.Exception: for ``"postgresql"`` when no server is named under ``CI=true``.
    """
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'ghosttable.db'}"
        return
    server = os.environ.get(POSTGRESQL_ENV)
    if not server:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{POSTGRESQL_ENV} is not set: CI runs the storage tests on PostgreSQL too")
        pytest.skip(f"no PostgreSQL server for the tests ({POSTGRESQL_ENV} is not set)")
    from pytest_postgresql.janitor import DatabaseJanitor

    base = make_url(server)
    name = f"ghosttable_test_{uuid.uuid4().hex[:12]}"
    janitor = DatabaseJanitor(
        user=base.username or "postgres",
        password=base.password,
        host=base.host or "127.0.0.1",
        port=base.port or 5432,
        dbname=name,
        maintenance_dbname=base.database or "postgres",
    )
    janitor.init()
    try:
        yield base.set(database=name).render_as_string(hide_password=False)
    finally:
        janitor.drop()


@pytest.fixture(params=DATABASES)
def any_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database for the test, once on SQLite and once on PostgreSQL (see
    :func:`database_url`); a module uses it as its ``db_url`` to run every test on both."""
    yield from database_url(request.param, tmp_path)


@pytest.fixture
def make_client(secret_draw: type[SecretDraw], db_url: str) -> Iterator[Callable[..., TestClient]]:
    """Builds test clients (entered: the app started) over the test's database."""
    opened: list[TestClient] = []

    def make(url: str | None = None, ai_delay: float = 0.0, settings: HostingSettings = TEST_SETTINGS) -> TestClient:
        client = TestClient(create_app(url or db_url, ai_delay=ai_delay, settings=settings))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


class LogKeeper:
    """A client's log kept whole from the ``state`` messages it is sent (each brings the entries
    from its ``log_start`` on): :meth:`whole` gives the message with the whole log."""

    def __init__(self) -> None:
        self.log: list[dict[str, Any]] = []

    def whole(self, message: dict[str, Any]) -> dict[str, Any]:
        if message.get("type") != "state":
            return message
        merged = merge_log(self.log, message)
        assert merged is not None, "a state message skipped log entries"
        self.log = merged
        return {**message, "log": merged}


def new_table(client: TestClient, seats: list[dict[str, Any]], players: int | None = None, **options: Any) -> Any:
    """Create a Secret Draw table; returns the server's answer (table id, tokens, invites)."""
    body: dict[str, Any] = {"game": "secret-draw", "seats": seats, "options": options}
    if players is not None:
        body["players"] = players
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    return response.json()

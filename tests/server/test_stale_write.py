"""A write the database refuses as stale (someone else stored an action at this place) is a
structured ``stale`` error, one log line, and the table reloaded from the database."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from ghosttable.server.storage import Store
from tests.server.conftest import new_table
from tests.server.test_protocol import Player, room_of

ME = {"kind": "me"}


@pytest.fixture
def db_url(any_db_url: str) -> str:
    """Every test of this module runs on SQLite and on PostgreSQL."""
    return any_db_url


def test_a_stale_write_reloads_the_table_and_answers_stale(
    make_client: Callable[..., TestClient], db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    other = Store(db_url)  # another writer on the same database
    try:
        other.append_action(tid, 0, 0, {"kind": "bid", "amount": 2})
    finally:
        other.close()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        p0 = Player(ws)
        p0.hello(table["tokens"]["0"])
        assert p0.recv()["version"] == 0  # this server has not seen the other writer's action
        with caplog.at_level(logging.WARNING, logger="ghosttable.server"):
            refused = p0.act({"kind": "bid", "amount": 1}, 0)
        assert refused["type"] == "error" and refused["code"] == "stale" and refused["ref"] == p0.ref
        assert "reloaded" in refused["reason"]
        reloaded = p0.states()[-1]
        assert reloaded["version"] == 1
        assert reloaded["log"][0]["action"] == {"kind": "bid", "amount": 2}
        assert room_of(client, tid).version == 1
        records = [r for r in caplog.records if r.name == "ghosttable.server"]
        assert len(records) == 1 and records[0].exc_info is None
        assert "\n" not in records[0].getMessage() and "Traceback" not in caplog.text
        # The table plays on from what the database holds.
        p1_token = table["tokens"]["1"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws1:
            p1 = Player(ws1)
            p1.hello(p1_token)
            assert p1.act({"kind": "bid", "amount": 0}, 1)["type"] == "accepted"
    data = client.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    assert [a for _, a in data.actions] == [{"kind": "bid", "amount": 2}, {"kind": "bid", "amount": 0}]


def test_after_a_reload_an_ai_seat_plays_on(make_client: Callable[..., TestClient], db_url: str) -> None:
    client = make_client()
    table = new_table(client, [ME, {"kind": "ai", "bot": "random"}])
    tid = table["table"]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    for _ in range(500):  # bids are sealed at once: the AI seat bids at the start
        if len(store.load_table(tid).actions) == 1:  # type: ignore[union-attr]
            break
        time.sleep(0.02)
    assert len(store.load_table(tid).actions) == 1  # type: ignore[union-attr]
    # Another writer stores seat 0's bid and its keep: the AI seat is to act in the database.
    other = Store(db_url)
    try:
        other.append_action(tid, 1, 0, {"kind": "bid", "amount": 2})
        other.append_action(tid, 2, 0, {"kind": "keep"})
    finally:
        other.close()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        p0 = Player(ws)
        p0.hello(table["tokens"]["0"])
        assert p0.act({"kind": "bid", "amount": 1}, 1)["code"] == "stale"
        for _ in range(500):  # nobody acts here: the reload itself sets the AI seat going
            if room_of(client, tid).finished:
                break
            time.sleep(0.02)
        assert room_of(client, tid).finished and room_of(client, tid).version == 4


def test_two_servers_on_one_database_never_fork_a_table(make_client: Callable[..., TestClient], db_url: str) -> None:
    """Two servers over one database (as two ``serve`` processes on one PostgreSQL database):
    each acts on its own copy of a table, the second write at the same place is refused as stale,
    and both servers end up on the one history the database holds."""
    first, second = make_client(db_url), make_client(db_url)
    table = new_table(first, [ME, ME])
    tid, token = table["table"], table["tokens"]["0"]
    with first.websocket_connect(f"/ws/tables/{tid}") as ws_a, second.websocket_connect(f"/ws/tables/{tid}") as ws_b:
        a, b = Player(ws_a), Player(ws_b)
        a.hello(token)
        b.hello(token)
        assert a.recv()["version"] == b.recv()["version"] == 0
        assert a.act({"kind": "bid", "amount": 2}, 0)["type"] == "accepted"
        refused = b.act({"kind": "bid", "amount": 0}, 0)
        assert refused["type"] == "error" and refused["code"] == "stale"
        assert b.states()[-1]["log"][0]["action"] == {"kind": "bid", "amount": 2}
        assert room_of(second, tid).version == room_of(first, tid).version == 1
    for client in (first, second):
        data = client.app.state.store.load_table(tid)  # type: ignore[attr-defined]
        assert [a for _, a in data.actions] == [{"kind": "bid", "amount": 2}]

"""Storage: every accepted action is stored at once; tables survive restarts, even a killed process."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text
from websockets.sync.client import connect

from ghosttable.core.records import Record, replay
from ghosttable.server.app import create_app
from ghosttable.server.rooms import Room
from ghosttable.server.storage import Store, default_db_url
from tests.server.conftest import TEST_SETTINGS, new_table
from tests.server.test_protocol import Player
from tests.toygame import SecretDraw

ROOT = Path(__file__).resolve().parents[2]
ME = {"kind": "me"}


@pytest.fixture
def db_url(any_db_url: str) -> str:
    """Every test of this module runs on SQLite and on PostgreSQL."""
    return any_db_url


def started(url: str, ai_delay: float = 0.0) -> TestClient:
    client = TestClient(create_app(url, ai_delay=ai_delay, settings=TEST_SETTINGS))
    client.__enter__()
    return client


def stopped(client: TestClient) -> None:
    client.__exit__(None, None, None)


def room_of(client: TestClient, table_id: str) -> Room:
    room: Room = client.app.state.hub.rooms[table_id]  # type: ignore[attr-defined]
    return room


def engine_of(url: str) -> Any:
    """An engine on the test's database, outside the server (pooling off, so that nothing stays
    connected when the test drops the database)."""
    from sqlalchemy.pool import NullPool

    return create_engine(url, poolclass=NullPool)


def columns_of(url: str, table: str) -> set[str]:
    """The column names of ``table`` in the database at ``url``."""
    return {c["name"] for c in inspect(engine_of(url)).get_columns(table)}


def wait_for(predicate: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.02)


def test_a_table_survives_a_restart_with_every_accepted_action(secret_draw: type[SecretDraw], db_url: str) -> None:
    first = started(db_url)
    table = new_table(first, [ME, ME, ME], players=3)
    tid = table["table"]
    with first.websocket_connect(f"/ws/tables/{tid}") as w0, first.websocket_connect(f"/ws/tables/{tid}") as w1:
        p0, p1 = Player(w0), Player(w1)
        p0.hello(table["tokens"]["0"])
        p1.hello(table["tokens"]["1"])
        assert p0.act({"kind": "bid", "amount": 2}, 0)["type"] == "accepted"
        assert p1.act({"kind": "bid", "amount": 0}, 1)["type"] == "accepted"
    before = room_of(first, tid).state
    history, fingerprint, view = list(before.history), before.fingerprint(), before.view(2)
    stopped(first)

    second = started(db_url)
    summary = second.get(f"/api/tables/{tid}").json()
    assert summary["version"] == 2 and summary["status"] == "playing"
    with second.websocket_connect(f"/ws/tables/{tid}") as w2:
        p2 = Player(w2)
        assert p2.hello(table["tokens"]["2"])["seat"] == 2
        state = p2.recv()
        assert state["version"] == 2 and state["view"] == view
        room = room_of(second, tid)
        assert room.state.history == history and room.state.fingerprint() == fingerprint
        # The finished record is not served while the game goes on.
        assert second.get(f"/api/tables/{tid}/record").json()["code"] == "not_finished"
        assert p2.act({"kind": "bid", "amount": 1}, 2)["type"] == "accepted"
        for seat in range(3):
            token = table["tokens"][str(seat)]
            with second.websocket_connect(f"/ws/tables/{tid}") as ws:
                p = Player(ws)
                p.hello(token)
                assert p.act("keep", room.version)["type"] == "accepted"
        assert room.finished
        final = room.state.fingerprint()
    stopped(second)

    third = started(db_url)
    summary = third.get(f"/api/tables/{tid}").json()
    assert summary["status"] == "finished" and summary["version"] == 6
    record = Record.from_json(third.get(f"/api/tables/{tid}/record").json())
    assert replay(record).fingerprint() == final
    stored = third.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    assert stored.status == "finished" and stored.record is not None
    assert Record.from_json(stored.record).result == record.result
    mine = third.post("/api/my-tables", json={"tokens": [table["tokens"]["1"]]}).json()
    assert [(t["id"], t["seat"], t["status"]) for t in mine] == [(tid, 1, "finished")]
    frames = third.get(f"/api/tables/{tid}/replay", params={"seat": 1}).json()["frames"]
    assert len(frames) == 7 and frames[-1]["result"]["outcome"] == summary["result"]["outcome"]
    stopped(third)


def test_ai_seats_play_on_after_a_restart(secret_draw: type[SecretDraw], db_url: str) -> None:
    first = started(db_url, ai_delay=60.0)
    table = new_table(first, [ME, {"kind": "ai", "bot": "random"}])
    tid = table["table"]
    with first.websocket_connect(f"/ws/tables/{tid}") as ws:
        p = Player(ws)
        p.hello(table["tokens"]["0"])
        assert p.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"
    assert room_of(first, tid).version == 1  # the AI seat is still thinking when the server stops
    stopped(first)

    second = started(db_url)
    wait_for(lambda: second.get(f"/api/tables/{tid}").json()["version"] == 2)
    with second.websocket_connect(f"/ws/tables/{tid}") as ws:
        p = Player(ws)
        p.hello(table["tokens"]["0"])
        assert p.act("swap", 2)["type"] == "accepted"
    wait_for(lambda: second.get(f"/api/tables/{tid}").json()["status"] == "finished")
    replay(second.get(f"/api/tables/{tid}/record").json())
    stopped(second)


def test_an_action_that_cannot_be_stored_is_not_accepted(
    secret_draw: type[SecretDraw], db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = started(db_url)
    table = new_table(client, [ME, ME])
    tid = table["table"]
    store: Store = client.app.state.store  # type: ignore[attr-defined]

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        p = Player(ws)
        p.hello(table["tokens"]["0"])
        before = room_of(client, tid).state.fingerprint()
        monkeypatch.setattr(store, "append_action", broken)
        assert p.act({"kind": "bid", "amount": 1}, 0)["code"] == "storage_error"
        assert room_of(client, tid).state.fingerprint() == before
        monkeypatch.undo()
        assert p.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"
    assert len(store.load_table(tid).actions) == 1  # type: ignore[union-attr]
    stopped(client)


SERVER_SCRIPT = """
import sys
from ghosttable import registry
from tests.toygame import SecretDraw
registry.register(SecretDraw)
from ghosttable.server.launch import serve
serve("127.0.0.1", 0, sys.argv[1])
"""


def test_a_killed_server_loses_no_accepted_action(secret_draw: type[SecretDraw], db_url: str) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVER_SCRIPT, db_url],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("ghosttable lobby: http://127.0.0.1:"), line
        base = line.split(": ", 1)[1].strip()
        http = httpx.Client(base_url=base, timeout=10)
        for _ in range(100):
            try:
                http.get("/api/games")
                break
            except httpx.TransportError:
                time.sleep(0.05)
        table = http.post("/api/tables", json={"game": "secret-draw", "seats": [ME, ME]}).json()
        tid = table["table"]
        ws_url = base.replace("http://", "ws://") + f"ws/tables/{tid}"
        accepted = []
        for seat, action, version in ((0, {"kind": "bid", "amount": 2}, 0), (1, {"kind": "bid", "amount": 1}, 1)):
            with connect(ws_url) as ws:
                ws.send(json.dumps({"type": "hello", "token": table["tokens"][str(seat)]}))
                ws.send(json.dumps({"type": "act", "action": action, "version": version, "ref": 1}))
                while True:
                    message = json.loads(ws.recv(timeout=10))
                    if message["type"] in ("accepted", "error"):
                        break
                assert message["type"] == "accepted", message
                accepted.append(action)
        http.close()
    finally:
        proc.kill()
        proc.wait(timeout=10)
    client = started(db_url)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert tid in hub.live  # counted as in play; rebuilt when someone asks for it
    assert client.get(f"/api/tables/{tid}").json()["version"] == 2
    room = room_of(client, tid)
    assert [a.to_json() for _, a in room.state.history] == accepted
    assert room.state.view(0)["phase"] == "swap"
    stopped(client)


def test_the_default_database_is_in_the_user_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = default_db_url()
    assert url.startswith("sqlite:///") and url.endswith("ghosttable.db")
    assert Path(url.removeprefix("sqlite:///")).parent.is_dir()
    assert str(tmp_path / "data") in url


def test_a_table_that_cannot_be_rebuilt_is_retired_once_and_listed_as_not_playable(
    secret_draw: type[SecretDraw], db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    client = started(db_url)
    broken = new_table(client, [ME, ME])
    old = new_table(client, [ME, ME])
    fine = new_table(client, [ME, ME])
    stopped(client)
    store = Store(db_url)
    # A stored action that the rules refuse (as after a change of the rules), in two tables.
    for table in (broken, old):
        store.append_action(table["table"], 0, 0, {"kind": "bid", "amount": 99})
    store.close()
    with engine_of(db_url).begin() as db:  # played under another rules version
        db.execute(text("UPDATE gt_tables SET version = '0.1' WHERE id = :id"), {"id": old["table"]})

    caplog.set_level(logging.WARNING, logger="ghosttable.server")
    client = started(db_url)
    # Tables without an AI seat are rebuilt when first asked for; those that cannot be, retired then.
    assert client.app.state.hub.live == {broken["table"], old["table"], fine["table"]}  # type: ignore[attr-defined]
    answer = client.get(f"/api/tables/{broken['table']}")
    assert answer.status_code == 200
    summary = answer.json()
    assert summary["status"] == "retired" and summary["version"] == 1 and summary["result"] is None
    assert "is not allowed" in summary["retired"]["reason"]
    assert summary["retired"]["version"] == summary["retired"]["installed"] == SecretDraw.spec.version
    assert "seed" not in summary
    with client.websocket_connect(f"/ws/tables/{broken['table']}") as ws:
        assert ws.receive_json()["code"] == "table_unavailable"
    old_summary = client.get(f"/api/tables/{old['table']}").json()
    assert (
        "rules version 0.1" in old_summary["retired"]["reason"] and "is installed" in old_summary["retired"]["reason"]
    )
    assert old_summary["retired"]["version"] == "0.1"
    retired = [r.getMessage() for r in caplog.records if "retired" in r.getMessage()]
    assert len(retired) == 2 and any("is not allowed" in m for m in retired), retired
    assert client.app.state.hub.live == {fine["table"]}  # type: ignore[attr-defined]
    tokens = [broken["tokens"]["0"], fine["tokens"]["0"], old["tokens"]["1"]]
    listed = {t["id"]: t for t in client.post("/api/my-tables", json={"tokens": tokens}).json()}
    assert listed[fine["table"]]["status"] == "playing"
    assert listed[broken["table"]]["status"] == listed[old["table"]]["status"] == "retired"
    assert listed[old["table"]]["seat"] == 1 and [s["name"] for s in listed[old["table"]]["seats"]] == [
        "seat1",
        "seat2",
    ]
    stopped(client)

    # Marked in storage, kept (seats and actions), and not tried again at the next start.
    caplog.clear()
    client = started(db_url)
    assert not [r for r in caplog.records if "retired" in r.getMessage() or "not resumed" in r.getMessage()]
    assert client.app.state.hub.live == {fine["table"]}  # type: ignore[attr-defined]
    assert client.get(f"/api/tables/{broken['table']}").json()["retired"] == summary["retired"]
    assert not [r for r in caplog.records if "retired" in r.getMessage()]
    stopped(client)
    store = Store(db_url)
    kept = store.load_table(broken["table"])
    assert kept is not None and kept.status == "retired" and kept.actions == [(0, {"kind": "bid", "amount": 99})]
    assert kept.retired_reason == summary["retired"]["reason"] and len(kept.seats) == 2
    assert store.unfinished_ids() == [fine["table"]]
    store.close()


def test_a_database_made_before_retired_tables_keeps_working(secret_draw: type[SecretDraw], db_url: str) -> None:
    client = started(db_url)
    table = new_table(client, [ME, ME])
    stopped(client)
    with engine_of(db_url).begin() as db:
        db.execute(text("ALTER TABLE gt_tables DROP COLUMN retired_reason"))
    assert "retired_reason" not in columns_of(db_url, "gt_tables")
    client = started(db_url)
    assert client.get(f"/api/tables/{table['table']}").json()["status"] == "playing"
    stopped(client)
    assert "retired_reason" in columns_of(db_url, "gt_tables")
    store = Store(db_url)
    assert store.retire_table(table["table"], "the rules changed") and not store.retire_table(table["table"], "again")
    assert store.unfinished_ids() == []
    store.close()


def test_tables_keep_their_times_in_utc(secret_draw: type[SecretDraw], db_url: str) -> None:
    client = started(db_url)
    table = new_table(client, [ME, ME])
    created = client.get(f"/api/tables/{table['table']}").json()["created_at"]
    stopped(client)
    client = started(db_url)
    assert client.get(f"/api/tables/{table['table']}").json()["created_at"] == created
    assert created.endswith("+00:00")
    stopped(client)


def test_an_in_memory_database_serves_every_thread(secret_draw: type[SecretDraw]) -> None:
    client = started("sqlite://")
    table = new_table(client, [ME, ME])
    assert client.get(f"/api/tables/{table['table']}").json()["status"] == "playing"
    stopped(client)

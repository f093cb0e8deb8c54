"""Bounded resources: live tables per server and per address, the creation rate, AI-only tables,
spectators per table, send queues, idle tables unloaded, cached replays, bots in worker
processes (stopped with their table)."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ghosttable.core.actions import Action
from ghosttable.core.records import Record, replay
from ghosttable.registry import load
from ghosttable.server import botworker
from ghosttable.server.rooms import Connection, Hub, LimitError
from ghosttable.server.settings import HostingSettings
from ghosttable.server.storage import Store
from tests.server.conftest import TEST_SETTINGS, new_table
from tests.server.test_many_tables import wait_for

ME = {"kind": "me"}
RANDOM_AI = {"kind": "ai", "bot": "random"}


def limited(**limits: Any) -> HostingSettings:
    return dataclasses.replace(TEST_SETTINGS, **limits)


def create(client: TestClient, seats: list[dict[str, Any]]) -> Any:
    return client.post("/api/tables", json={"game": "secret-draw", "seats": seats})


def test_live_tables_are_bounded_per_server_and_per_address(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(max_live_tables=3, max_tables_per_address=2))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for _ in range(2):
        assert create(client, [ME, ME]).status_code == 200
    refused = create(client, [ME, ME])
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
    assert "your address" in refused.json()["reason"]
    other = TestClient(client.app, client=("192.0.2.9", 5000))
    assert create(other, [ME, ME]).status_code == 200
    server_full = create(TestClient(client.app, client=("192.0.2.10", 5000)), [ME, ME])
    assert server_full.status_code == 429 and "this server holds" in server_full.json()["reason"]
    assert len(client.app.state.store.unfinished_ids()) == 3 == len(hub.live)  # type: ignore[attr-defined]


def test_a_finished_table_frees_its_place(tmp_path: Path, secret_draw: type) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'g.db'}"), ai_delay=0.0, settings=limited(max_tables_per_address=1))
        await hub.start()
        made = await hub.create_table("secret-draw", 2, {}, [ME, ME], address="192.0.2.1")
        with pytest.raises(LimitError):
            await hub.create_table("secret-draw", 2, {}, [ME, ME], address="192.0.2.1")
        room = hub.rooms[made["table"]]
        while not room.finished:
            seat = room.state.acting_seats()[0]
            await hub.act(room, seat, room.state.legal_actions(seat)[0].to_json(), room.version)
        assert made["table"] not in hub.live
        await hub.create_table("secret-draw", 2, {}, [ME, ME], address="192.0.2.1")
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_the_creation_rate_of_one_address_is_bounded(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(tables_per_minute=4))
    answers = [create(client, [ME, ME]) for _ in range(6)]
    assert [a.status_code for a in answers] == [200, 200, 200, 200, 429, 429]
    assert answers[-1].json()["code"] == "rate_limited"
    assert create(TestClient(client.app, client=("192.0.2.9", 5000)), [ME, ME]).status_code == 200


def test_tables_of_ai_seats_only_are_bounded(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(max_ai_tables=2), ai_delay=60.0)
    assert [create(client, [RANDOM_AI, RANDOM_AI]).status_code for _ in range(3)] == [200, 200, 429]
    assert create(client, [ME, RANDOM_AI]).status_code == 200  # a person plays there


def test_spectators_per_table_are_bounded(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(max_spectators=2))
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as a, client.websocket_connect(f"/ws/tables/{tid}") as b:
        for ws in (a, b):
            ws.send_json({"type": "hello", "token": None})
            assert ws.receive_json()["type"] == "welcome"
        with client.websocket_connect(f"/ws/tables/{tid}") as c:
            c.send_json({"type": "hello", "token": None})
            assert c.receive_json()["code"] == "too_many_spectators"
            with pytest.raises(WebSocketDisconnect) as closed:
                c.receive_json()
            assert closed.value.code == 4429
        with client.websocket_connect(f"/ws/tables/{tid}") as player:  # seats are not spectators
            player.send_json({"type": "hello", "token": table["tokens"]["0"]})
            assert player.receive_json()["role"] == "player"


def test_a_client_that_does_not_read_is_dropped_and_its_seat_kept(tmp_path: Path, secret_draw: type) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'g.db'}"), ai_delay=0.0, settings=TEST_SETTINGS)
        await hub.start()
        made = await hub.create_table("secret-draw", 2, {}, [ME, ME])
        room = hub.rooms[made["table"]]
        deaf, reader = Connection(1, limit=3), Connection(None, limit=3)
        room.connections.update({deaf, reader})
        for _ in range(2):
            room.broadcast()
            while not reader.queue.empty():
                reader.queue.get_nowait()  # this one reads
        await hub.act(room, 0, {"kind": "bid", "amount": 1}, 0)
        assert reader.queue.qsize() == 1 and not reader.dropped.is_set()
        room.broadcast()
        assert deaf.dropped.is_set() and deaf.queue.qsize() == 1 and deaf.queue.get_nowait() is None
        deaf.send({"type": "pong", "ref": None})  # nothing more queues for a dropped connection
        assert deaf.queue.empty()
        assert room.seat_of_token(made["tokens"]["1"]) == 1  # its seat is kept
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_idle_tables_are_unloaded_and_loaded_on_demand(tmp_path: Path, secret_draw: type) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'g.db'}"), ai_delay=0.0, settings=limited(idle_unload=60.0))
        await hub.start()
        idle = await hub.create_table("secret-draw", 2, {}, [ME, ME])
        watched = await hub.create_table("secret-draw", 2, {}, [ME, ME])
        await hub.act(hub.rooms[idle["table"]], 0, {"kind": "bid", "amount": 2}, 0)
        before = hub.rooms[idle["table"]].state.fingerprint()
        hub.rooms[watched["table"]].connections.add(Connection(None))
        now = asyncio.get_running_loop().time()
        assert await hub.sweep(now + 30) == []  # not idle long enough
        assert await hub.sweep(now + 61) == [idle["table"]]
        assert set(hub.rooms) == {watched["table"]}
        again = await hub.room(idle["table"])
        assert again is not None and again.state.fingerprint() == before and idle["table"] in hub.live
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_replays_are_cached(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(replay_cache=1))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    tid = new_table(client, [RANDOM_AI, RANDOM_AI])["table"]
    wait_for(lambda: hub.rooms[tid].finished)
    first = client.get(f"/api/tables/{tid}/replay?seat=0").json()
    assert len(hub.replays) == 1 and hub.replays.get(tid, 0) is not None
    assert client.get(f"/api/tables/{tid}/replay?seat=0").json() == first
    spectator = client.get(f"/api/tables/{tid}/replay").json()
    assert spectator["frames"] != first["frames"] or spectator["seat"] is None
    assert len(hub.replays) == 1 and hub.replays.get(tid, 0) is None  # the older one went
    assert [f["version"] for f in first["frames"]] == list(range(hub.rooms[tid].version + 1))


def test_bots_play_in_worker_processes(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(bot_processes=1))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    body = {"game": "run-ghost-run", "players": 2, "seats": [{"kind": "ai", "bot": "heuristic"}] * 2}
    tid = client.post("/api/tables", json=body).json()["table"]
    wait_for(lambda: hub.rooms[tid].finished or hub.rooms[tid].ai_error is not None, seconds=300)
    room = hub.rooms[tid]
    assert room.ai_error is None and room.finished
    worker = hub._workers[0]
    assert worker._processes and all(pid != os.getpid() for pid in worker._processes)
    stored = client.app.state.store.load_table(tid)  # type: ignore[attr-defined]
    assert replay(Record.from_json(stored.record)).fingerprint() == room.state.fingerprint()


def test_a_bot_worker_asks_for_the_actions_it_lacks() -> None:
    spec = botworker.TableSpec("run-ghost-run", 2, {}, 7, {}, {0: "random", 1: "random"})
    state = load("run-ghost-run", players=2).new_initial_state(7)
    seat = state.acting_seats()[0]
    kind, chosen = botworker.move("t-worker", spec, 0, [], seat)
    assert kind == "action" and Action.from_json(chosen) in state.legal_actions(seat)
    # Told it holds one action of the table, a worker holding none asks for them all.
    assert botworker.move("t-worker", spec, 1, [], seat) == ("from", 0)
    state.apply(Action.from_json(chosen), seat)
    kind, second = botworker.move("t-worker", spec, 0, [(seat, chosen)], state.acting_seats()[0])
    assert kind == "action" and Action.from_json(second) in state.legal_actions(state.acting_seats()[0])
    botworker.forget("t-worker")
    assert botworker.move("t-worker", spec, 1, [], seat) == ("from", 0)
    botworker.forget("t-worker")


def test_the_bots_of_an_abandoned_table_stop(tmp_path: Path, secret_draw: type) -> None:
    async def run() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'g.db'}"), ai_delay=30.0, settings=limited(idle_unload=60.0))
        await hub.start()
        made = await hub.create_table("secret-draw", 2, {}, [RANDOM_AI, RANDOM_AI])
        room = hub.rooms[made["table"]]
        task = room.ai_task
        assert task is not None and not task.done()  # its first move waits for the AI delay
        assert await hub.sweep(asyncio.get_running_loop().time() + 61) == [made["table"]]
        assert task.cancelled() and made["table"] not in hub.rooms
        # Asked for again, the table is loaded and its AI seats play on.
        again = await hub.room(made["table"])
        assert again is not None and again.ai_task is not None and not again.ai_task.done()
        await hub.stop()
        hub.store.close()

    asyncio.run(run())


def test_a_dropped_connection_is_closed_and_can_come_back(make_client: Callable[..., TestClient]) -> None:
    # One message may wait: the hello's welcome and whole state are two, so the server drops the
    # connection at once, as it drops any client that leaves its messages unread.
    client = make_client(settings=limited(send_queue=1))
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = client.app.state.hub.rooms[tid]  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": table["tokens"]["0"]})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
        assert closed.value.code == 4408
    assert room.connections == set() and room.seat_of_token(table["tokens"]["0"]) == 0
    assert client.get(f"/api/tables/{tid}").json()["status"] == "playing"

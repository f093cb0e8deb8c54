"""Undo over the wire: a person's action that can be taken back is pending (shown to its seat
only, not stored); ``undo`` gives back the state before; a refused undo is a structured error that
changes nothing. An Old House Phantom's hidden step taken back leaves every other seat's stream,
and the lobby's summary, byte for byte what a table where the step never happened sends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.server import rooms
from ghosttable.server.app import create_app
from ghosttable.server.protocol import merge_log
from tests.server.conftest import TEST_SETTINGS
from tests.server.test_protocol import room_of, stored_actions
from tests.server.test_sealed_twins import SameSecrets, Wire

ME = {"kind": "me"}
PLAYERS = 3


@pytest.fixture
def clients(tmp_path: Path) -> Iterator[list[TestClient]]:
    """Two servers, each over its own database."""
    made = [
        TestClient(create_app(f"sqlite:///{tmp_path / name}.db", ai_delay=0.0, settings=TEST_SETTINGS))
        for name in ("a", "b")
    ]
    for client in made:
        client.__enter__()
    yield made
    for client in reversed(made):
        client.__exit__(None, None, None)


def undo(wire: Wire, version: int, tag: int) -> list[dict[str, Any]]:
    """Send an ``undo`` and read up to its answer (``accepted`` or ``error``); returns the
    messages read meanwhile, the answer last."""
    wire.ws.send_json({"type": "undo", "version": version, "ref": tag})
    out = []
    while True:
        message = wire.read()
        out.append(message)
        if message["type"] in ("accepted", "error"):
            return out


def old_house_tables(clients: list[TestClient], monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[str, str]]:
    """The same Old House table (id, tokens, seed) on every server."""
    made = []
    for client in clients:
        monkeypatch.setattr(rooms, "secrets", SameSecrets())
        body = {"game": "old-house", "players": PLAYERS, "seats": [ME] * PLAYERS}
        made.append(client.post("/api/tables", json=body).json())
    assert all(m == made[0] for m in made)
    return made[0]["table"], made[0]["tokens"]


def connect(stack: ExitStack, client: TestClient, tid: str, tokens: dict[str, str]) -> list[Wire]:
    """One connection a seat, then a spectator's, each past its ``hello``."""
    wires = [Wire(stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))) for _ in range(PLAYERS + 1)]
    for seat, wire in enumerate(wires):
        wire.ws.send_json({"type": "hello", "token": tokens[str(seat)] if seat < PLAYERS else None})
    return wires


def play_alike(clients: list[TestClient], wires: list[list[Wire]], tid: str, done: Any, tag: int) -> None:
    """Take the first legal action on every table alike until ``done(state)`` holds."""
    while not done(room_of(clients[0], tid).state):
        state = room_of(clients[0], tid).state
        seat = state.acting_seats()[0]
        choice = state.legal_actions(seat)[0]
        for client, conns in zip(clients, wires, strict=True):
            conns[seat].act(choice.to_json(), room_of(client, tid).version, tag)


def phantom_to_move(state: Any) -> bool:
    assert isinstance(state, OldHouseState)
    return state.phase == "phantom" and not state.active_traps()


def test_a_phantom_step_taken_back_leaves_no_trace_for_the_others(
    clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, tokens = old_house_tables(clients, monkeypatch)
    with ExitStack() as stack:
        wires = [connect(stack, client, tid, tokens) for client in clients]
        play_alike(clients, wires, tid, phantom_to_move, 100)
        version = room_of(clients[0], tid).version
        steps = [a for a in room_of(clients[0], tid).state.legal_actions(0) if a.kind == "step"]
        assert len(steps) >= 2
        summaries = [c.get(f"/api/tables/{tid}").json() for c in clients]
        start = room_of(clients[0], tid).state.fingerprint()

        # the first table: the Phantom steps one way, sees it pending, takes it back
        phantom = wires[0][0]
        stepped = phantom.act(steps[0].to_json(), version, 200)
        shown = stepped[-2]
        assert shown["type"] == "state" and shown["can_undo"] and shown["version"] == version + 1
        assert shown["log"][-1]["text"] == str(steps[0])
        assert stored_actions(clients[0], tid) == version  # pending: not stored
        assert clients[0].get(f"/api/tables/{tid}").json() == summaries[0]
        answered = undo(phantom, version + 1, 201)
        assert answered[-1] == {"type": "accepted", "ref": 201, "version": version}
        back = answered[-2]
        assert back["type"] == "state" and back["version"] == version and not back["can_undo"]
        assert room_of(clients[0], tid).state.fingerprint() == start
        # the delta cuts the Phantom's log back to what stands
        assert back["log_start"] == version and back["log"] == []
        assert merge_log([{"index": i} for i in range(version + 1)], back) == [{"index": i} for i in range(version)]

        # both tables: the Phantom steps the other way and ends its turn, then the others play on
        for conns in wires:
            conns[0].act(steps[1].to_json(), version, 300)
        assert room_of(clients[0], tid).state.fingerprint() == room_of(clients[1], tid).state.fingerprint()
        play_alike(clients, wires, tid, lambda s: s.phase != "phantom", 400)
        play_alike(clients, wires, tid, lambda s: s.phase == "phantom" or s.is_terminal(), 500)
        for conns in wires:
            for wire in conns:
                wire.drain(999)
        for watcher in range(1, PLAYERS + 1):
            assert wires[0][watcher].texts == wires[1][watcher].texts, watcher
            assert len(wires[0][watcher].texts) > 10
        # the Phantom's own stream tells the tables apart: it saw its step and its undo
        assert wires[0][0].texts != wires[1][0].texts
        after = [c.get(f"/api/tables/{tid}").json() for c in clients]
        assert _untimed(after[0]) == _untimed(after[1])
        assert [stored_actions(c, tid) for c in clients] == [room_of(clients[0], tid).version] * 2
        assert room_of(clients[0], tid).state.history == room_of(clients[1], tid).state.history


def test_an_undo_gives_back_the_state_before_and_a_refused_one_changes_nothing(
    clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients[0]
    tid, tokens = old_house_tables(clients[:1], monkeypatch)
    with ExitStack() as stack:
        wires = connect(stack, client, tid, tokens)
        play_alike([client], [wires], tid, phantom_to_move, 100)
        room = room_of(client, tid)
        version = room.version
        start = room.state.fingerprint()
        phantom, hunter = wires[0], wires[1]
        hunter.drain(1)
        actions = room.state.record().to_json()["actions"]

        # at the start of its turn (the die just rolled) the Phantom has nothing to take back
        refused = undo(phantom, version, 10)[-1]
        assert refused["type"] == "error" and refused["code"] == "illegal_action"
        assert "nothing to undo" in refused["reason"] and refused["ref"] == 10
        # a seat not to act, or a stale version, is refused too
        assert undo(hunter, version, 11)[-1]["code"] == "illegal_action"
        assert undo(phantom, version + 5, 12)[-1]["code"] == "stale"
        assert room_of(client, tid).state.fingerprint() == start
        seen = len(hunter.texts)

        # two steps taken back one by one
        first = next(a for a in room.state.legal_actions(0) if a.kind == "step")
        phantom.act(first.to_json(), version, 20)
        middle = room_of(client, tid).state.fingerprint()
        second = next(a for a in room_of(client, tid).state.legal_actions(0) if a.kind in ("step", "accelerate"))
        phantom.act(second.to_json(), version + 1, 21)
        assert room_of(client, tid).version == version + 2 and stored_actions(client, tid) == version
        undo(phantom, version + 2, 22)
        assert room_of(client, tid).state.fingerprint() == middle
        undo(phantom, version + 1, 23)
        assert room_of(client, tid).state.fingerprint() == start
        assert room_of(client, tid).state.record().to_json()["actions"] == actions
        hunter.drain(13)
        assert hunter.texts[seen:] == ['{"type":"pong","ref":13}']  # the hunter was sent nothing of it

        # a pending step stands once the turn ends: stored, and sent to the others with the rest
        phantom.act(first.to_json(), version, 30)
        assert room.pending
        play_alike([client], [wires], tid, lambda _: not room.pending, 31)
        assert stored_actions(client, tid) == room_of(client, tid).version >= version + 2
        hunter.drain(3)
        sent = [m for m in map(_json, hunter.texts[seen:]) if m["type"] == "state"]
        assert sent and [e["index"] for e in sent[-1]["log"]][:2] == [version, version + 1]
        assert sent[-1]["log"][0]["public_text"] == "plays a move card" and sent[-1]["log"][0]["text"] is None


def test_an_undo_message_needs_its_version(clients: list[TestClient], monkeypatch: pytest.MonkeyPatch) -> None:
    tid, tokens = old_house_tables(clients[:1], monkeypatch)
    with clients[0].websocket_connect(f"/ws/tables/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens["0"]})
        ws.send_json({"type": "undo", "ref": 5})
        for message in iter(ws.receive_json, None):
            if message["type"] == "error":
                assert message["code"] == "malformed_message" and "version" in message["reason"]
                break


def _json(text: str) -> dict[str, Any]:
    import json

    value: dict[str, Any] = json.loads(text)
    return value


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("created_at", "updated_at")}


def test_a_public_action_taken_back_leaves_the_store_and_everyone_sees_the_table_as_it_was(
    clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients[0]
    monkeypatch.setattr(rooms, "secrets", SameSecrets())
    made = client.post("/api/tables", json={"game": "ghost-stories", "players": 1, "seats": [ME]}).json()
    tid, token = made["table"], made["tokens"]["0"]
    with ExitStack() as stack:
        player = Wire(stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")))
        watcher = Wire(stack.enter_context(client.websocket_connect(f"/ws/tables/{tid}")))
        player.ws.send_json({"type": "hello", "token": token})
        watcher.ws.send_json({"type": "hello", "token": None})
        room = room_of(client, tid)
        for tag in range(40):  # the first legal action, until one can be taken back
            version = room.version
            start = room.state.fingerprint()
            player.act(room.state.legal_actions(0)[0].to_json(), version, tag)
            if room.undo.can_undo(room.state, 0):
                break
        assert room.undo.can_undo(room.state, 0) and not room.pending
        assert stored_actions(client, tid) == version + 1  # public: stored as it happened
        watcher.drain(100)
        seen = len(watcher.texts)
        answered = undo(player, version + 1, 101)
        assert answered[-1]["type"] == "accepted" and answered[-1]["version"] == version
        assert stored_actions(client, tid) == version and room.state.fingerprint() == start
        watcher.drain(102)
        shown = [_json(t) for t in watcher.texts[seen:] if _json(t)["type"] == "state"]
        assert len(shown) == 1 and shown[0]["version"] == version
        assert shown[0]["log_start"] == version and shown[0]["log"] == []
        assert client.get(f"/api/tables/{tid}").json()["version"] == version

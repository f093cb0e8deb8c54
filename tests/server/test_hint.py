"""Hints over the wire: ``hint`` answers the asking seat alone with one of its legal actions and
its estimated chance of winning, from its own knowledge; the worker process's answer is the one a
copy of the table's state gives; a seat not to act, or a stale version, is refused."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ghosttable.server import botworker
from tests.server.test_protocol import room_of
from tests.server.test_sealed_twins import Wire
from tests.server.test_undo import clients, connect, old_house_tables, phantom_to_move, play_alike

__all__ = ["clients"]


def ask(wire: Wire, version: int, tag: int) -> dict[str, Any]:
    """Send a ``hint`` and read up to its answer (``hint`` or ``error``)."""
    wire.ws.send_json({"type": "hint", "version": version, "ref": tag})
    while True:
        message = wire.read()
        if message["type"] in ("hint", "error"):
            return message


def test_a_hint_names_one_of_the_seats_actions_with_its_chance(
    clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients[0]
    tid, tokens = old_house_tables([client], monkeypatch)
    with ExitStack() as stack:
        wires = connect(stack, client, tid, tokens)
        play_alike([client], [wires], tid, phantom_to_move, 100)
        room = room_of(client, tid)
        version = room.version
        before = room.state.fingerprint()
        decision = room.state.decision(0)
        assert decision is not None
        answer = ask(wires[0], version, 7)
        assert answer["type"] == "hint" and answer["ref"] == 7 and answer["version"] == version
        index = answer["index"]
        assert isinstance(index, int) and decision.actions[index].to_json() == answer["action"]
        assert answer["text"] == str(decision.actions[index])
        chance = answer["chance"]
        assert isinstance(chance, float) and 0.0 <= chance <= 1.0
        assert room.state.fingerprint() == before and room.version == version

        refused = ask(wires[1], version, 8)
        assert refused["type"] == "error" and refused["code"] == "not_your_turn"
        assert ask(wires[0], version + 3, 9)["code"] == "stale"


def test_the_workers_hint_is_the_one_of_the_state_itself(
    clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients[0]
    tid, tokens = old_house_tables([client], monkeypatch)
    with ExitStack() as stack:
        wires = connect(stack, client, tid, tokens)
        play_alike([client], [wires], tid, phantom_to_move, 100)
        room = room_of(client, tid)
        spec = client.app.state.hub._table_spec(room)  # type: ignore[attr-defined]
        done = [(e.seat, e.action.to_json()) for e in room.log]
        remote = botworker.hint(spec, done, 0, seed=3)
        assert remote is not None and remote == botworker.hint_of(room.state.clone(), 0, seed=3)
        assert botworker.hint(spec, done, 1, seed=3) is None  # a hunter is not to act

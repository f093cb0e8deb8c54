"""Undo of a staged step over the wire (Run, Ghost, Run!): Red takes back the last step of its
movement plan before sealing it. Two tables alike but for Red's draft (two steps staged and one
taken back, or the one step alone) send Blue, Green and a spectator byte for byte the same
messages, through the reveal; Red alone is sent its draft back, with ``can_undo`` while the draft
holds a step; nothing is stored and the version stays."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ghosttable.games.run_ghost_run.rules import RunGhostRunState
from ghosttable.server import rooms
from tests.server.test_protocol import room_of, stored_actions
from tests.server.test_sealed_twins import SameSecrets, Wire, twin_clients
from tests.server.test_undo import undo

__all__ = ["twin_clients"]  # the fixture, used by name

ME = {"kind": "me"}
PLAYERS = 3


def _plan_state(client: TestClient, tid: str) -> RunGhostRunState:
    state = room_of(client, tid).state
    assert isinstance(state, RunGhostRunState)
    return state


def test_a_staged_step_taken_back_sends_the_others_what_a_table_without_it_sends(
    twin_clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    clients = twin_clients
    tables = []
    for client in clients:
        monkeypatch.setattr(rooms, "secrets", SameSecrets())
        body = {"game": "run-ghost-run", "players": PLAYERS, "seats": [ME] * PLAYERS}
        tables.append(client.post("/api/tables", json=body).json())
    assert tables[0] == tables[1]
    tid, tokens = tables[0]["table"], tables[0]["tokens"]
    with ExitStack() as stack:
        wires = [
            [Wire(stack.enter_context(c.websocket_connect(f"/ws/tables/{tid}"))) for _ in range(PLAYERS + 1)]
            for c in clients
        ]
        for conns in wires:
            for seat, wire in enumerate(conns):
                wire.ws.send_json({"type": "hello", "token": tokens[str(seat)] if seat < PLAYERS else None})
        tag = 100
        while _plan_state(clients[0], tid).phase != "plan":
            state = _plan_state(clients[0], tid)
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            choice = next((a for a in legal if a.kind == "pass"), legal[0])
            for client, conns in zip(clients, wires, strict=True):
                conns[seat].act(choice.to_json(), room_of(client, tid).version, tag)
            tag += 1
        version = room_of(clients[0], tid).version
        red = [conns[0] for conns in wires]
        for wire in red:
            wire.drain(tag)
        # nothing staged yet: the undo is refused with the reason, and nothing changes
        before = _plan_state(clients[0], tid).fingerprint()
        refused = undo(red[0], version, tag)[-1]
        assert refused["type"] == "error" and refused["code"] == "illegal_action"
        assert "nothing to undo" in refused["reason"]
        assert _plan_state(clients[0], tid).fingerprint() == before

        first = next(a for a in _plan_state(clients[0], tid).legal_actions(0) if a.kind == "step")
        for wire in red:
            shown = wire.act(first.to_json(), version, tag)[-2]
            assert shown["type"] == "state" and shown["can_undo"] and len(shown["view"]["my_plan"]["steps"]) == 1
        drafted = _plan_state(clients[1], tid).fingerprint()
        views = [_plan_state(clients[1], tid).view(s) for s in (None, 0, 1, 2)]
        # on the first table only: a second step, then taken back
        offered = _plan_state(clients[0], tid).legal_actions(0)
        second = next(a for a in offered if a.kind == "step" and a["ghost"] != first["ghost"])
        grown = red[0].act(second.to_json(), version, tag)[-2]
        assert grown["can_undo"] and len(grown["view"]["my_plan"]["steps"]) == 2
        answered = undo(red[0], version, tag)
        assert answered[-1]["type"] == "accepted"
        back: dict[str, Any] = answered[-2]
        assert back["type"] == "state" and back["version"] == version and back["can_undo"]
        assert len(back["view"]["my_plan"]["steps"]) == 1
        state = _plan_state(clients[0], tid)
        assert state.fingerprint() == drafted and [state.view(s) for s in (None, 0, 1, 2)] == views
        assert state.legal_actions(0) == _plan_state(clients[1], tid).legal_actions(0)
        for client in clients:
            assert room_of(client, tid).version == version and stored_actions(client, tid) == version

        # Blue and Green plan alike on both tables, then Red seals: the reveal
        for client, conns in zip(clients, wires, strict=True):
            for seat in (1, 2):
                step = next(a for a in _plan_state(client, tid).legal_actions(seat) if a.kind == "step")
                conns[seat].act(step.to_json(), room_of(client, tid).version_for(seat), tag)
                conns[seat].act("done", room_of(client, tid).version_for(seat), tag)
            conns[0].act("done", room_of(client, tid).version_for(0), tag)
            for wire in conns[1:]:
                wire.drain(999)
        for watcher in (1, 2, 3):
            assert wires[0][watcher].texts == wires[1][watcher].texts, watcher
        # Red's own stream tells the tables apart: it saw its second step and its undo
        assert wires[0][0].texts != wires[1][0].texts
        records = [room_of(c, tid).state.record().to_json() for c in clients]
        assert records[0] == records[1]

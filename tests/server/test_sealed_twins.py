"""Run, Ghost, Run! over the wire: two tables alike in everything but Red's sealed plan (one step
sent whole as a ``seal``, or three other steps staged one by one, then ``done``) send the other
seats and a spectator byte for byte the same messages until the reveal, and answer the lobby's
``GET /api/tables/<id>`` alike; Red's staged steps reach Red's own connection only, and are never
stored."""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ghosttable.core import Action
from ghosttable.games.run_ghost_run.sealing import step_text
from ghosttable.server import rooms
from ghosttable.server.app import create_app
from tests.server.conftest import TEST_SETTINGS
from tests.server.test_protocol import room_of, stored_actions

ME = {"kind": "me"}


class SameSecrets:
    """Stands for the ``secrets`` module in ``ghosttable.server.rooms``: the same table id, seat
    tokens and seed for every table made after a fresh one is put in place."""

    def __init__(self) -> None:
        self.count = itertools.count()

    def token_urlsafe(self, nbytes: int) -> str:
        return f"t{next(self.count):0{nbytes}d}"

    def randbits(self, k: int) -> int:
        return 20260 % (1 << k)


@pytest.fixture
def twin_clients(tmp_path: Path) -> Iterator[list[TestClient]]:
    """Two servers, each over its own database."""
    clients = [
        TestClient(create_app(f"sqlite:///{tmp_path / name}.db", ai_delay=0.0, settings=TEST_SETTINGS))
        for name in ("a", "b")
    ]
    for client in clients:
        client.__enter__()
    yield clients
    for client in reversed(clients):
        client.__exit__(None, None, None)


class Wire:
    """One WebSocket, keeping every message it was sent as the text that came over the wire."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.texts: list[str] = []

    def read(self) -> dict[str, Any]:
        text = self.ws.receive_text()
        self.texts.append(text)
        message: dict[str, Any] = json.loads(text)
        return message

    def drain(self, tag: int) -> None:
        """Read every message sent so far (up to the ``pong`` of a ``ping`` tagged ``tag``)."""
        self.ws.send_json({"type": "ping", "ref": tag})
        while self.read() != {"type": "pong", "ref": tag}:
            pass

    def act(self, action: Any, version: int, tag: int) -> list[dict[str, Any]]:
        """Send an ``act`` and read up to its answer, which must be ``accepted``; returns the
        messages read meanwhile, the answer last."""
        self.ws.send_json({"type": "act", "action": action, "version": version, "ref": tag})
        out = []
        while True:
            message = self.read()
            out.append(message)
            if message["type"] in ("accepted", "error"):
                assert message["type"] == "accepted", message
                return out


def test_plans_of_other_lengths_send_the_others_the_same_bytes_until_the_reveal(
    twin_clients: list[TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    clients = twin_clients
    tables = []
    for client in clients:
        monkeypatch.setattr(rooms, "secrets", SameSecrets())
        body = {"game": "run-ghost-run", "players": 3, "seats": [ME] * 3}
        tables.append(client.post("/api/tables", json=body).json())
    assert tables[0] == tables[1]  # the same id, tokens and seed on both servers
    tid = tables[0]["table"]
    tokens = tables[0]["tokens"]
    with ExitStack() as stack:
        # per table: Red (seat 0), Blue (1), Green (2) and a spectator
        wires = [
            [Wire(stack.enter_context(c.websocket_connect(f"/ws/tables/{tid}"))) for _ in range(4)] for c in clients
        ]
        for conns in wires:
            for seat, wire in enumerate(conns):
                wire.ws.send_json({"type": "hello", "token": tokens[str(seat)] if seat < 3 else None})
        tag = 100
        # the furniture decisions, the same on both tables: pass (or put a grasped piece back)
        while room_of(clients[0], tid).state.phase != "plan":
            state = room_of(clients[0], tid).state
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            choice = next((a for a in legal if a.kind == "pass"), legal[0])
            for client, conns in zip(clients, wires, strict=True):
                conns[seat].act(choice.to_json(), room_of(client, tid).version, tag)
            tag += 1
        version = room_of(clients[0], tid).version
        summaries = [c.get(f"/api/tables/{tid}").json() for c in clients]

        # Red's plans: one step sent whole on the first table, three other steps one by one on the second
        one = [a for a in room_of(clients[0], tid).state.legal_actions(0) if a.kind == "step"][-1]
        sealed = wires[0][0].act(str(Action.make("seal", steps=(step_text(one),))), version, tag)
        assert sealed[-2]["type"] == "state" and sealed[-2]["view"]["my_plan"]["done"]
        chosen: list[Action] = []
        for _ in range(3):
            legal = room_of(clients[1], tid).state.legal_actions(0)
            pick = next(a for a in legal if a.kind == "step" and a["ghost"] not in {c["ghost"] for c in chosen})
            chosen.append(pick)
            staged = wires[1][0].act(pick.to_json(), version, tag)
            # a staged step: Red alone is sent its grown plan; nothing is stored, the version stays
            assert staged[-1]["version"] == version
            assert staged[-2]["version"] == version
            assert len(staged[-2]["view"]["my_plan"]["steps"]) == len(chosen)
            assert room_of(clients[1], tid).version == version and stored_actions(clients[1], tid) == version
            assert clients[1].get(f"/api/tables/{tid}").json() == summaries[1]
        wires[1][0].act("done", version, tag)
        assert one not in chosen
        tag += 1
        for client in clients:
            assert room_of(client, tid).version == version + 1 and stored_actions(client, tid) == version + 1
        after = [c.get(f"/api/tables/{tid}").json() for c in clients]
        assert _untimed(after[0]) == _untimed(after[1]) and after[0]["version"] == version + 1
        assert _untimed(summaries[0]) == _untimed(summaries[1])

        # Blue and Green plan alike on both tables; Green's seal will reveal every plan
        for client, conns in zip(clients, wires, strict=True):
            blue = next(a for a in room_of(client, tid).state.legal_actions(1) if a.kind == "step")
            conns[1].act(blue.to_json(), version + 1, tag)
            conns[1].act("done", version + 1, tag)
            green = next(a for a in room_of(client, tid).state.legal_actions(2) if a.kind == "step")
            conns[2].act(green.to_json(), version + 2, tag)
        for conns in wires:
            for wire in conns[1:]:
                wire.drain(999)
        # everything Blue, Green and the spectator were sent until now: the same bytes
        for watcher in (1, 2, 3):
            assert wires[0][watcher].texts == wires[1][watcher].texts, watcher
            assert len(wires[0][watcher].texts) >= 6
        for conns in wires:
            conns[2].act("done", version + 2, tag)
            conns[3].drain(1000)
        # the reveal tells the plans apart (the streams above could have differed), and the
        # record keeps one seal a plan
        reports = [json.loads(conns[3].texts[-2])["view"]["last_turn"]["steps"] for conns in wires]
        assert [len([s for s in r if s["seat"] == 0]) for r in reports] == [1, 3]
        for client in clients:
            assert [a.kind for _, a in room_of(client, tid).state.history[version:]] == ["seal"] * 3


def _untimed(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in ("created_at", "updated_at")}

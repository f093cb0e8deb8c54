"""The Mystery of the Old House through the server: across many tables played by AI seats (the
server's heuristic bots, with one seat driven over the WebSocket by random choices), every message
each seat (and a spectator) receives is checked against the engine's secrets at that moment: a
hunter never gets the Phantom's cell, route or Move cards before the rules reveal them, the Phantom
never gets an untriggered trap's cell.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from ghosttable.core.records import Record, replay_states
from ghosttable.core.state import State
from ghosttable.games.old_house.rules import OldHouseState
from tests.server.conftest import LogKeeper

HEURISTIC = {"kind": "ai", "bot": "heuristic"}
# What every seat reads of the Phantom's Move cards and a hunter's trap (OldHouseState.public_action_text).
SECRET_ACTION_TEXTS = {"plays a move card", "discards a move card", "sets a trap"}

# (players, the seat driven over the WebSocket): the Phantom and each hunter seat, every size.
TABLES = [(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (4, 3)] * 2


def contains(haystack: Any, needle: Any) -> bool:
    """Whether `needle` (a JSON value) is `haystack` or one of its nested values."""
    if haystack == needle:
        return True
    if isinstance(haystack, dict):
        return any(contains(v, needle) for v in haystack.values())
    if isinstance(haystack, list):
        return any(contains(v, needle) for v in haystack)
    return False


def drive(ws: WebSocketTestSession, seed: int) -> list[dict[str, Any]]:
    """Plays the socket's seat with random choices until the game ends; returns every `state`."""
    rng = random.Random(seed)
    states: list[dict[str, Any]] = []
    keeper = LogKeeper()
    while True:
        message = keeper.whole(ws.receive_json())
        if message["type"] != "state":
            continue
        states.append(message)
        if message["status"] == "finished":
            return states
        decision = message["decision"]
        if decision:
            choice = rng.choice(decision["actions"])["action"]
            ws.send_json({"type": "act", "action": choice, "version": message["version"]})


def drain(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    """Every `state` a watching socket got, up to the end of the game."""
    states: list[dict[str, Any]] = []
    keeper = LogKeeper()
    while True:
        message = keeper.whole(ws.receive_json())
        if message["type"] == "state":
            states.append(message)
            if message["status"] == "finished":
                return states


def check_message(message: dict[str, Any], state: State, seat: int | None) -> None:
    """One `state` message to `seat`, against the engine's state at the message's version."""
    assert isinstance(state, OldHouseState)
    view = message["view"]
    assert view == json.loads(json.dumps(state.view(seat)))
    for secret in state.secrets(seat):
        assert not contains(message, secret), (seat, secret)
    phantom_known = state.revealed or state.is_terminal()
    if seat != 0 and not state.is_terminal():
        assert "private" not in view
        # The heat map's cells (the view's belief) always hold the Phantom's true cell.
        assert state.house.name_of(state.phantom_cell) in view["possible_cells"]
        assert view["phantom"]["cell"] == (state.house.name_of(state.phantom_cell) if phantom_known else None)
    if seat == 0 and not state.is_terminal():
        assert "traps" not in view
    if seat is None:
        assert "traps" not in view and "private" not in view
    # The table's log: another seat's Move cards and trap cells are never spelt out.
    for entry in message["log"]:
        if state.is_terminal() or entry["seat"] == seat:
            continue
        action = entry["action"]
        if action is not None:
            assert action["kind"] not in ("step", "discard", "trap"), entry
            assert entry["public_text"] is None, entry
        else:
            # A secret action shows only the game's public wording of it, never its direction or cell.
            assert entry["text"] is None and entry["decision"] is None, entry
            assert entry["public_text"] in SECRET_ACTION_TEXTS, entry


@pytest.mark.parametrize("players, driven", sorted(set(TABLES)))
def test_no_message_holds_another_sides_secrets(
    make_client: Callable[..., TestClient], players: int, driven: int
) -> None:
    client = make_client()
    checked = 0
    for round_ in range(TABLES.count((players, driven))):
        seats: list[dict[str, Any]] = [dict(HEURISTIC) for _ in range(players)]
        seats[driven] = {"kind": "me"}
        body = {"game": "old-house", "players": players, "seats": seats, "options": {"heat-map": True}}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 200, response.text
        created = response.json()
        table = created["table"]
        token = created["tokens"][str(driven)]
        with (
            client.websocket_connect(f"/ws/tables/{table}") as watcher,
            client.websocket_connect(f"/ws/tables/{table}") as ws,
        ):
            watcher.send_json({"type": "hello", "token": None})
            ws.send_json({"type": "hello", "token": token})
            mine = drive(ws, seed=players * 100 + driven * 10 + round_)
            watched = drain(watcher)
        stored = client.app.state.store.load_table(table)  # type: ignore[attr-defined]
        states = list(replay_states(Record.from_json(stored.record)))
        assert states[-1].is_terminal()
        for seat, messages in ((driven, mine), (None, watched)):
            assert messages and messages[-1]["status"] == "finished"
            for message in messages:
                check_message(message, states[message["version"]], seat)
                checked += 1
        # The revealing moments happen: the hunters see the Phantom's cell at some point.
        if driven != 0:
            assert any(m["view"]["phantom"]["cell"] for m in mine)
    assert checked > 100

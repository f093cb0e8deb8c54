"""The ``events`` message: the game's own event log, whole from the start, as the asking seat
reads it (its views hold only the newest lines): a hunter of the Old House never gets a line of the
Phantom's, a spectator neither side's; a game that keeps no log answers ``null``."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.games.old_house.views import LOG_TAIL
from tests.server.conftest import new_table
from tests.server.test_protocol import Player, room_of

HEURISTIC = {"kind": "ai", "bot": "heuristic"}


def next_state(player: Player) -> dict[str, Any]:
    message = player.recv()
    while message["type"] != "state":
        message = player.recv()
    return message


def events(player: Player) -> dict[str, Any]:
    player.ref += 1
    player.ws.send_json({"type": "events", "ref": player.ref})
    while True:
        reply = player.recv()
        if reply["type"] in ("events", "error"):
            assert reply["ref"] == player.ref
            return reply


def test_a_hunter_gets_its_whole_log_and_nothing_of_the_phantoms(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    body = {"game": "old-house", "players": 2, "seats": [HEURISTIC, {"kind": "me"}]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    created = response.json()
    table = created["table"]
    rng = random.Random(3)
    with (
        client.websocket_connect(f"/ws/tables/{table}") as ws,
        client.websocket_connect(f"/ws/tables/{table}") as watching,
    ):
        hunter, spectator = Player(ws), Player(watching)
        spectator.hello(None)
        hunter.hello(created["tokens"]["1"])
        message = next_state(hunter)
        while message["view"]["log_length"] <= LOG_TAIL and message["status"] == "playing":
            if message["decision"]:
                action = rng.choice(message["decision"]["actions"])["action"]
                ws.send_json({"type": "act", "action": action, "version": message["version"]})
            message = next_state(hunter)
        answer = events(hunter)
        seen = events(spectator)
    now = room_of(client, table).state  # the AI seat may have played on: each answer at its version

    def state_at(version: int) -> OldHouseState:
        state = now.game.new_initial_state(now.seed, now.initial_script)
        for seat, action in now.history[:version]:
            state.apply(action, seat)
        assert isinstance(state, OldHouseState)
        return state

    state = state_at(answer["version"])
    lines = answer["lines"]
    view = message["view"]  # an earlier version: the log only grew since
    assert answer["version"] >= message["version"]
    assert len(lines) >= view["log_length"] > len(view["log"])  # more than the view holds
    assert lines[view["log_length"] - len(view["log"]) : view["log_length"]] == view["log"]
    assert lines == [text for audience, text in state.log if audience in ("all", "hunters")]
    assert lines[-LOG_TAIL:] == state.view(1)["log"]
    phantoms = {text for audience, text in state.log if audience == "phantom"}
    assert phantoms and not phantoms & set(lines)
    watched = state_at(seen["version"])
    assert seen["lines"] == [text for audience, text in watched.log if audience == "all"]
    assert not {text for audience, text in watched.log if audience != "all"} & set(seen["lines"])


def test_events_come_after_hello_and_are_null_for_a_game_without_a_log(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client()
    table = new_table(client, [{"kind": "me"}, {"kind": "me"}])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        player = Player(ws)
        assert player.request({"type": "events"})["code"] == "hello_first"
        player.hello(table["tokens"]["0"])
        answer = events(player)
        assert answer == {"type": "events", "ref": player.ref, "version": 0, "lines": None}

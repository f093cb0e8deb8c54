"""Messages that cost what changed: after the welcome a seat is sent its new view and the new log
lines only; joining and leaving spectators send nothing to the others; the whole state is sent
again on ``resync``; a delta reveals nothing the whole message would not."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from tests.server.conftest import new_table
from tests.server.test_protocol import Player, room_of

ME = {"kind": "me"}
RANDOM_AI = {"kind": "ai", "bot": "random"}


def raw_states(player: Player) -> list[dict[str, Any]]:
    """The `state` messages as sent (before the log was kept whole)."""
    return [m for m in player.raw if m["type"] == "state"]


class RawPlayer(Player):
    """A player that also keeps each message as it was sent."""

    def __init__(self, ws: Any) -> None:
        super().__init__(ws)
        self.raw: list[dict[str, Any]] = []
        receive = ws.receive_json

        def keep() -> Any:
            message = receive()
            self.raw.append(message)
            return message

        ws.receive_json = keep


def test_each_message_brings_the_new_log_lines_only(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME, ME], players=3, bids="high")
    tid = table["table"]
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as w0,
        client.websocket_connect(f"/ws/tables/{tid}") as w1,
        client.websocket_connect(f"/ws/tables/{tid}") as w2,
        client.websocket_connect(f"/ws/tables/{tid}") as ws,
    ):
        players = [RawPlayer(w) for w in (w0, w1, w2)]
        spectator = RawPlayer(ws)
        for seat, p in enumerate(players):
            p.hello(table["tokens"][str(seat)])
        spectator.hello(None)
        room = room_of(client, tid)
        while not room.finished:
            for seat in room.state.acting_seats():
                legal = room.state.legal_actions(seat)
                assert players[seat].act(legal[-1].to_json(), room.version)["type"] == "accepted"
        for p in [*players, spectator]:
            while not p.states() or p.states()[-1]["status"] != "finished":
                p.recv()
    final = room.log
    names = room.game.seat_names()
    for viewer, p in ((0, players[0]), (1, players[1]), (2, players[2]), (None, spectator)):
        sent = raw_states(p)
        assert sent[0]["log_start"] == 0
        previous = sent[0]["version"]
        for message in sent[1:-1]:
            # Nothing before the seat's last message is sent again: only the actions since.
            assert message["log_start"] == previous and len(message["log"]) == message["version"] - previous
            previous = message["version"]
        # The game's end shows every action to everyone: the last message has the whole log.
        assert sent[-1]["status"] == "finished" and sent[-1]["log_start"] == 0
        # Kept whole, each message's log is the one the seat would read in a whole message.
        for whole in p.states():
            finished = whole["status"] == "finished"
            expected = [e.for_viewer(viewer, finished, names) for e in final[: whole["version"]]]
            assert whole["log"] == json.loads(json.dumps(expected))


def test_spectators_coming_and_going_send_nothing_to_the_others(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = room_of(client, tid)
    with client.websocket_connect(f"/ws/tables/{tid}") as w0:
        p0 = Player(w0)
        p0.hello(table["tokens"]["0"])
        p0.recv()  # its whole state
        for _ in range(5):
            with client.websocket_connect(f"/ws/tables/{tid}") as ws:
                watcher = Player(ws)
                assert watcher.hello(None)["role"] == "spectator"
                assert watcher.recv()["type"] == "state"
        # The seat's player is told only what it asks for: a pong comes first.
        assert p0.request({"type": "ping"})["type"] == "pong"
        assert [m["type"] for m in p0.seen] == ["welcome", "state", "pong"]
        # A seat's player coming is a small `seats` message, not a state.
        with client.websocket_connect(f"/ws/tables/{tid}") as w1:
            Player(w1).hello(table["tokens"]["1"])
            seats = p0.recv()
            assert seats["type"] == "seats" and [s["connected"] for s in seats["seats"]] == [True, True]
            assert "view" not in seats and "log" not in seats
        left = p0.recv()
        assert left["type"] == "seats" and [s["connected"] for s in left["seats"]] == [True, False]
    assert room.connections == set()


def test_resync_sends_the_whole_state_again(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as w0:
        p0 = RawPlayer(w0)
        p0.hello(table["tokens"]["0"])
        assert p0.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"
        p0.ws.send_json({"type": "resync"})
        again = p0.recv()
        assert again["type"] == "state" and again["version"] == 1
        assert p0.raw[-1]["log_start"] == 0 and len(p0.raw[-1]["log"]) == 1
    with client.websocket_connect(f"/ws/tables/{tid}") as w1:
        p1 = Player(w1)
        assert p1.request({"type": "resync"})["code"] == "hello_first"

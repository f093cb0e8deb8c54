"""The order of the messages an accepted action brings its sender: the ``state`` of the new
version first, then ``accepted`` (docs/protocol.md, "Server to client")."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.server.conftest import new_table
from tests.server.test_protocol import Player

ME = {"kind": "me"}


def test_the_state_of_an_accepted_action_comes_before_its_accepted(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as w0, client.websocket_connect(f"/ws/tables/{tid}") as w1:
        p0, p1 = Player(w0), Player(w1)
        p0.hello(table["tokens"]["0"])
        p1.hello(table["tokens"]["1"])
        for player, action, version in ((p0, "bid amount=1", 0), (p1, "bid amount=2", 1), (p0, "keep", 2)):
            start = len(player.seen)
            accepted = player.act(action, version)
            assert accepted["type"] == "accepted" and accepted["version"] == version + 1
            kinds = [(m["type"], m.get("version")) for m in player.seen[start:]]
            # The last two messages: the new state, then its acknowledgement.
            assert kinds[-2:] == [("state", version + 1), ("accepted", version + 1)], kinds

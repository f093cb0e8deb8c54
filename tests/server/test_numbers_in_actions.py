"""Numbers in actions sent over the WebSocket: the text form writes an integer one way only, and a
number sent as a JSON string is refused with the legal action's spelling; nothing changes."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from tests.server.conftest import new_table
from tests.server.test_protocol import Player, room_of, stored_actions

ME = {"kind": "me"}


def test_a_number_in_the_text_form_is_written_one_way(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        player = Player(ws)
        player.hello(table["tokens"]["0"])
        for text, right in (("bid amount=01", "amount=1"), ("bid amount=+1", "amount=1")):
            refused = player.act(text, 0)
            assert refused["code"] == "malformed_action" and right in refused["reason"], refused
        assert stored_actions(client, tid) == 0
        assert player.act("bid amount=1", 0)["type"] == "accepted"


def test_a_number_sent_as_a_string_is_refused_with_the_legal_spelling(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    room = room_of(client, tid)
    before = room.state.fingerprint()
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        player = Player(ws)
        player.hello(table["tokens"]["0"])
        refused = player.act({"kind": "bid", "amount": "1"}, 0)
        assert refused["code"] == "illegal_action"
        reason = refused["reason"]
        assert 'amount: "1"' in reason and "string" in reason
        assert "write bid amount=1" in reason and '{"kind": "bid", "amount": 1}' in reason
        assert "seal_bid" not in reason  # only the legal action's wording, not the engine's "not allowed at"
        assert room.state.fingerprint() == before and stored_actions(client, tid) == 0
        # A string that is no legal number gets the engine's own refusal.
        assert player.act({"kind": "bid", "amount": "9"}, 0)["code"] == "illegal_action"
        assert player.act({"kind": "bid", "amount": 1}, 0)["type"] == "accepted"

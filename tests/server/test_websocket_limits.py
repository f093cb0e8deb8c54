"""Bounded WebSockets: one that never says ``hello`` is closed after the ``hello_timeout``
setting, and one client address holds at most ``max_websockets_per_address`` open at once; every
closed socket gives its place back (nothing is left in the server's bookkeeping)."""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from ghosttable.server.launch import ONE_COMPUTER
from tests.server.conftest import new_table
from tests.server.test_limits import ME, limited
from tests.server.test_many_tables import wait_for


def closing_code(ws: WebSocketTestSession) -> int:
    """Read ``ws`` until the server closes it; the close code."""
    with pytest.raises(WebSocketDisconnect) as closed:
        while True:
            ws.receive_json()
    return closed.value.code


def test_a_websocket_that_does_not_say_hello_is_closed(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(hello_timeout=0.3))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with client.websocket_connect(f"/ws/tables/{tid}") as silent:
        message = silent.receive_json()
        assert message == {
            "type": "error",
            "code": "hello_timeout",
            "reason": "no hello came within 0.3 seconds of connecting",
            "ref": None,
        }
        assert closing_code(silent) == 4408
    with client.websocket_connect(f"/ws/tables/{tid}") as pinging:  # pings do not put it off
        for ref in range(3):
            pinging.send_json({"type": "ping", "ref": ref})
            assert pinging.receive_json() == {"type": "pong", "ref": ref}
        assert pinging.receive_json()["code"] == "hello_timeout"
        assert closing_code(pinging) == 4408
    with client.websocket_connect(f"/ws/tables/{tid}") as wrong:  # nor do refused messages
        wrong.send_json({"type": "resync"})
        assert wrong.receive_json()["code"] == "hello_first"
        assert wrong.receive_json()["code"] == "hello_timeout"
        assert closing_code(wrong) == 4408
    wait_for(lambda: hub.websockets == {})
    assert hub.rooms[tid].connections == set()


def test_a_websocket_that_said_hello_is_not_closed_by_the_hello_timeout(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(settings=limited(hello_timeout=0.2))
    table = new_table(client, [ME, ME])
    with client.websocket_connect(f"/ws/tables/{table['table']}") as ws:
        ws.send_json({"type": "hello", "token": table["tokens"]["0"]})
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["type"] == "state"
        time.sleep(0.5)  # past the timeout, the connection still answers and acts
        ws.send_json({"type": "ping", "ref": "late"})
        assert ws.receive_json() == {"type": "pong", "ref": "late"}
        ws.send_json({"type": "act", "action": {"kind": "bid", "amount": 1}, "version": 0, "ref": 1})
        assert [ws.receive_json()["type"] for _ in range(2)] == ["state", "accepted"]


def test_websockets_of_one_address_are_bounded(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(max_websockets_per_address=3))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, [ME, ME])
    tid = table["table"]
    with ExitStack() as held:
        first = [held.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in range(2)]
        first[0].send_json({"type": "hello", "token": table["tokens"]["0"]})
        assert first[0].receive_json()["type"] == "welcome"
        # a socket to an unknown table counts while it is open, and is given back when it closes
        with client.websocket_connect("/ws/tables/no-such-table") as unknown:
            assert unknown.receive_json()["code"] == "unknown_table"
            assert closing_code(unknown) == 4404
        wait_for(lambda: hub.websockets == {"testclient": 2})
        third = held.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
        wait_for(lambda: hub.websockets == {"testclient": 3})
        with client.websocket_connect(f"/ws/tables/{tid}") as refused:  # a seat's token changes nothing
            assert refused.receive_json() == {
                "type": "error",
                "code": "too_many_connections",
                "reason": "your address has as many connections open as one address may have (3)",
                "ref": None,
            }
            assert closing_code(refused) == 4429
        assert hub.websockets == {"testclient": 3}
        # another address has places of its own
        other = TestClient(client.app, client=("192.0.2.9", 5000))
        with other.websocket_connect(f"/ws/tables/{tid}") as elsewhere:
            elsewhere.send_json({"type": "hello", "token": None})
            assert elsewhere.receive_json()["type"] == "welcome"
            wait_for(lambda: hub.websockets == {"testclient": 3, "192.0.2.9": 1})
        third.close()
        wait_for(lambda: hub.websockets == {"testclient": 2})
        with client.websocket_connect(f"/ws/tables/{tid}") as again:  # a closed one gave its place back
            again.send_json({"type": "hello", "token": table["tokens"]["1"]})
            assert again.receive_json()["type"] == "welcome"
    wait_for(lambda: hub.websockets == {})
    assert hub.rooms[tid].connections == set()


def test_many_sockets_opened_and_closed_leave_no_bookkeeping(make_client: Callable[..., TestClient]) -> None:
    client = make_client(settings=limited(max_websockets_per_address=5, hello_timeout=0.2, max_spectators=2))
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, [ME, ME])
    tid = table["table"]
    for round_ in range(20):
        with ExitStack() as held:
            sockets = [held.enter_context(client.websocket_connect(f"/ws/tables/{tid}")) for _ in range(5)]
            sockets[0].send_json({"type": "hello", "token": table["tokens"][str(round_ % 2)]})
            for ws in sockets[1:4]:
                ws.send_json({"type": "hello", "token": None})  # two spectators, then one refused
            codes = [sockets[i].receive_json().get("code") for i in range(4)]
            assert codes[:3] == [None, None, None] and codes[3] == "too_many_spectators"
            assert closing_code(sockets[3]) == 4429
            wait_for(lambda: hub.websockets == {"testclient": 4})  # the refused spectator's place is back
            held.enter_context(client.websocket_connect(f"/ws/tables/{tid}"))
            with client.websocket_connect(f"/ws/tables/{tid}") as over:
                assert over.receive_json()["code"] == "too_many_connections"
                assert closing_code(over) == 4429
            if round_ % 4 == 0:  # now and then, the silent one waits for its hello timeout
                assert sockets[4].receive_json()["code"] == "hello_timeout"
        wait_for(lambda: hub.websockets == {})
    assert hub.rooms[tid].connections == set()


def test_play_on_one_computer_has_no_limit_of_sockets_per_address() -> None:
    assert ONE_COMPUTER.max_websockets_per_address == 0
    assert limited().max_websockets_per_address == 64 and limited().hello_timeout == 10.0

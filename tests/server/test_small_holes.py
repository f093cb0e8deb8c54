"""Requests that used to leak, hang or stop the server: a client gone mid-body, a table whose
rebuild fails with any error, unknown table ids, foreign hosts and origins, half-sent headers."""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ghosttable.server.app import create_app
from ghosttable.server.launch import bind_socket, hosts_for, uvicorn_config
from ghosttable.server.settings import HostingSettings, SettingError, parse_pairs
from tests.server.conftest import new_table
from tests.toygame import SecretDrawState

ME = {"kind": "me"}


def scope_of(method: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8000"), *headers],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 8000),
    }


def call_app(app: Any, scope: dict[str, Any], receive: Callable[[], Any]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def run() -> None:
        async with app.router.lifespan_context(app):
            await app(scope, receive, send)

    asyncio.run(run())
    return sent


def test_a_client_gone_mid_body_is_one_quiet_log_line(
    db_url: str, secret_draw: type, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db_url)
    parts = iter([{"type": "http.request", "body": b'{"game": "secr', "more_body": True}, {"type": "http.disconnect"}])

    async def receive() -> dict[str, Any]:
        return next(parts)

    with caplog.at_level(logging.INFO):
        call_app(app, scope_of("POST", "/api/tables", [(b"content-type", b"application/json")]), receive)
    lines = [r for r in caplog.records if "client left" in r.getMessage()]
    assert len(lines) == 1 and lines[0].levelno == logging.INFO and lines[0].exc_info is None
    assert lines[0].getMessage() == "POST /api/tables: the client left before its request body arrived"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert app.state.store.unfinished_ids() == []


def test_a_body_that_never_arrives_is_refused_after_the_body_timeout(db_url: str, secret_draw: type) -> None:
    app = create_app(db_url, settings=HostingSettings(body_timeout=0.05))
    parts = iter([{"type": "http.request", "body": b'{"game": ', "more_body": True}])

    async def receive() -> dict[str, Any]:
        part = next(parts, None)
        if part is None:
            await asyncio.Event().wait()  # the rest never comes
        assert part is not None
        return part

    sent = call_app(app, scope_of("POST", "/api/tables", [(b"content-type", b"application/json")]), receive)
    assert sent[0]["status"] == 408 and b'"code":"request_timeout"' in sent[-1]["body"]
    assert app.state.store.unfinished_ids() == []


class _Broken(SecretDrawState):
    """Secret Draw's state as a faulty rules update would make it: replaying any action fails
    with an error that is no game error."""

    def _apply(self, seat: int, action: Any) -> None:
        raise ZeroDivisionError("a bug in the rules")


def test_a_table_whose_rebuild_fails_with_any_error_is_retired_and_the_server_starts(
    make_client: Callable[..., TestClient], secret_draw: type, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = make_client()
    broken = new_table(first, [ME, ME])
    with first.websocket_connect(f"/ws/tables/{broken['table']}") as ws:
        ws.send_json({"type": "hello", "token": broken["tokens"]["0"]})
        ws.send_json({"type": "act", "action": {"kind": "bid", "amount": 1}, "version": 0, "ref": 1})
        while ws.receive_json()["type"] != "accepted":
            pass
    fresh = new_table(first, [ME, ME])["table"]
    first.__exit__(None, None, None)

    monkeypatch.setattr(SecretDrawState, "_apply", _Broken._apply)
    client = make_client()  # starts, rebuilding every unfinished table
    summary = client.get(f"/api/tables/{broken['table']}").json()
    assert summary["status"] == "retired"
    assert "ZeroDivisionError: a bug in the rules" in summary["retired"]["reason"]
    assert client.get(f"/api/tables/{fresh}").json()["status"] == "playing"


def test_unknown_table_ids_leave_nothing_behind(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for i in range(40):
        assert client.get(f"/api/tables/nothing-{i}").json()["code"] == "unknown_table"
        assert client.get(f"/api/tables/nothing-{i}/replay").status_code == 404
        assert client.post(f"/api/tables/nothing-{i}/join", json={"code": "x"}).status_code == 404
    with client.websocket_connect("/ws/tables/nothing-ws") as ws:
        assert ws.receive_json()["code"] == "unknown_table"
    assert hub._loading == {} and hub.rooms == {}


@pytest.fixture
def local_client(make_client: Callable[..., TestClient]) -> TestClient:
    """A client of a server with the default settings (its hosts: the loopback names only)."""
    return make_client(settings=HostingSettings())


def test_a_host_that_is_not_the_servers_is_refused(local_client: TestClient) -> None:
    for host in ("testserver", "evil.example", "evil.example:8000", "127.0.0.1.evil.example"):
        answer = local_client.get("/api/games", headers={"host": host})
        assert answer.status_code == 400 and answer.json()["code"] == "bad_host", host
    for host in ("127.0.0.1:8765", "localhost", "[::1]:8000", "LOCALHOST:1"):
        assert local_client.get("/api/games", headers={"host": host}).status_code == 200, host
    with pytest.raises(WebSocketDisconnect) as closed, local_client.websocket_connect("/ws/tables/x"):
        pass
    assert closed.value.code == 4403


def test_only_the_servers_own_origin_and_named_origins_may_call_it(
    make_client: Callable[..., TestClient], secret_draw: type
) -> None:
    named = make_client(
        settings=HostingSettings(allowed_hosts=("testserver",), allowed_origins=("https://ok.example",))
    )
    body = {"game": "secret-draw", "seats": [ME, ME]}
    for origin in ("http://evil.example", "null", "http://testserver.evil.example", "file://"):
        answer = named.post("/api/tables", json=body, headers={"origin": origin})
        assert answer.status_code == 403 and answer.json()["code"] == "forbidden_origin", origin
    assert named.app.state.store.unfinished_ids() == []  # type: ignore[attr-defined]
    for origin in ("http://testserver", "https://testserver", "https://ok.example", "https://OK.example/"):
        assert named.post("/api/tables", json=body, headers={"origin": origin}).status_code == 200, origin
    table = named.get("/api/games").json()  # no Origin at all: a plain request of this server's page
    assert table
    tid = named.app.state.store.unfinished_ids()[0]  # type: ignore[attr-defined]
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        named.websocket_connect(f"/ws/tables/{tid}", headers={"origin": "http://evil.example"}),
    ):
        pass
    assert closed.value.code == 4403
    with named.websocket_connect(f"/ws/tables/{tid}", headers={"origin": "http://testserver"}) as ws:
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "welcome"


def test_the_listening_address_is_one_of_the_hosts() -> None:
    assert hosts_for("192.0.2.7", HostingSettings()).allowed_hosts == ("192.0.2.7",)
    assert hosts_for("0.0.0.0", HostingSettings()).allowed_hosts == ("*",)
    assert hosts_for("::", HostingSettings(allowed_hosts=("a.example",))).allowed_hosts == ("a.example",)


def test_settings_are_read_from_name_value_pairs() -> None:
    chosen = HostingSettings().with_values(
        parse_pairs(["max-spectators=5", "allowed_hosts=a.example, b.example", "idle_unload=1.5"])
    )
    assert chosen.max_spectators == 5 and chosen.allowed_hosts == ("a.example", "b.example")
    assert chosen.idle_unload == 1.5
    for bad in (["nothing=1"], ["max_spectators=x"], ["max_spectators=-1"], ["novalue"]):
        with pytest.raises(SettingError):
            HostingSettings().with_values(parse_pairs(bad))


@pytest.fixture
def live_server(tmp_path: Path, secret_draw: type) -> Iterator[tuple[str, int]]:
    """The app under uvicorn with a header timeout of a fifth of a second."""
    settings = HostingSettings(header_timeout=0.2)
    sock = bind_socket("127.0.0.1", 0)
    server = uvicorn.Server(uvicorn_config(create_app(f"sqlite:///{tmp_path / 'g.db'}", settings=settings), settings))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        threading.Event().wait(0.05)
    assert server.started
    yield sock.getsockname()[:2]
    server.should_exit = True
    thread.join(timeout=20)
    sock.close()


def test_half_sent_request_headers_are_closed(live_server: tuple[str, int]) -> None:
    with socket.create_connection(live_server, timeout=20) as half:
        half.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        assert half.recv(1024) == b""  # closed by the server, no answer
    with socket.create_connection(live_server, timeout=20) as whole:
        whole.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        assert whole.recv(1024).startswith(b"HTTP/1.1 200")

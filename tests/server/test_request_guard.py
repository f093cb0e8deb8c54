"""Requests refused before the app reads them: a repeated query parameter (`malformed_request`, a
WebSocket closed with 4400) and a `Content-Length` over the body limit (413, the body unread)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ghosttable.server.app import create_app
from ghosttable.server.protocol import MAX_MESSAGE_BYTES
from tests.server.conftest import new_table

ME = {"kind": "me"}


def test_a_repeated_query_parameter_is_malformed(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    table = new_table(client, [ME, ME])
    tid = table["table"]
    for path in (f"/api/tables/{tid}/replay?seat=0&seat=1", f"/api/tables/{tid}?token=a&token=b", "/?x=&x="):
        response = client.get(path)
        assert response.status_code == 400, path
        assert response.json()["code"] == "malformed_request" and "more than once" in response.json()["reason"]
    assert client.get(f"/api/tables/{tid}?token=a&seat=1").status_code == 200
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(f"/ws/tables/{tid}?token=a&token=b"):
        pass
    assert closed.value.code == 4400


def test_an_announced_body_over_the_limit_is_refused_before_it_is_read(db_url: str, secret_draw: type) -> None:
    app = create_app(db_url)
    sent: list[dict[str, Any]] = []
    reads: list[str] = []

    async def receive() -> dict[str, Any]:
        reads.append("body")
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    def scope(length: bytes) -> dict[str, Any]:
        return {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": "POST",
            "scheme": "http",
            "path": "/api/my-tables",
            "raw_path": b"/api/my-tables",
            "query_string": b"",
            "root_path": "",
            "headers": [
                (b"host", b"127.0.0.1:8000"),
                (b"content-type", b"application/json"),
                (b"content-length", length),
            ],
            "client": ("127.0.0.1", 1),
            "server": ("127.0.0.1", 80),
        }

    asyncio.run(app(scope(str(MAX_MESSAGE_BYTES + 1).encode()), receive, send))
    assert sent[0]["status"] == 413 and reads == []
    assert b'"code":"malformed_request"' in sent[-1]["body"]
    sent.clear()
    asyncio.run(app(scope(b"12x"), receive, send))
    assert sent[0]["status"] == 400 and reads == []
    sent.clear()
    asyncio.run(app(scope(b"2"), receive, send))  # within the limit: read and answered as usual
    assert sent[0]["status"] == 400 and reads == ["body"]  # {} has no 'tokens'
    app.state.store.close()

"""The ASGI app: the lobby's REST interface, the play WebSocket, and the browser client's files.

REST (JSON; errors are ``{"code", "reason"}`` with a 4xx status):

- ``GET /api/games``: every registered game with its seat counts, seat names, rule options, bots
  and the URL of its own table module (``null``: the generic table), served under
  ``/table-modules/<game>.js``.
- ``POST /api/tables``: create a table; ``GET /api/tables/{id}``: its public summary (also of a
  retired table: one the rules installed here cannot rebuild).
- ``POST /api/tables/{id}/join``: claim an invited seat with its code (a used code gives the
  seat back to the browser that holds its token; anyone else is told the seat is taken).
- ``POST /api/my-tables``: the tables where the given seat tokens sit.
- ``GET /api/tables/{id}/record`` and ``GET /api/tables/{id}/replay?seat=N``: finished tables only.

WebSocket ``/ws/tables/{id}``: the play protocol (``docs/protocol.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send

from ghosttable import __version__
from ghosttable.ai.base import bot_names
from ghosttable.core.errors import GameError
from ghosttable.core.jsonio import NonStandardJSONError, loads_strict
from ghosttable.registry import game_class, game_names, load
from ghosttable.server.collector import CollectorSchedule
from ghosttable.server.protocol import (
    MAX_MESSAGE_BYTES,
    ProtocolError,
    error_message,
    events_message,
    parse_client_message,
)
from ghosttable.server.rooms import Connection, Hub, LimitError, Room, TableUnavailableError, retired_summary
from ghosttable.server.settings import LOOPBACK_HOSTS, HostingSettings
from ghosttable.server.storage import Store

log = logging.getLogger("ghosttable.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The browser client's files (served under ``/static``)."""


class ApiError(Exception):
    """A refused REST request: ``status`` with ``{"code", "reason"}``."""

    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.code = code
        self.reason = reason


class RequestGuard:
    """ASGI middleware refusing, before the app reads anything:

    - a ``Host`` that is not the server's (DNS rebinding): ``400 bad_host``; the server's hosts
      are the loopback names and ``settings.allowed_hosts`` (``*``: any);
    - an ``Origin`` (sent by browsers for WebSockets and for requests of other pages) that is
      neither the server's own (the origin's ``host:port`` is the ``Host`` asked for) nor one of
      ``settings.allowed_origins``: ``403 forbidden_origin`` (a page of another site cannot create
      tables on, or play at, a user's local server);
    - a query string that repeats a parameter (``?token=a&token=b``: ``400 malformed_request``);
    - a ``Content-Length`` that announces more than
      :data:`~ghosttable.server.protocol.MAX_MESSAGE_BYTES` (``413 malformed_request``, the body
      unread; one that is not a number is ``400 malformed_request``).

    A refused WebSocket is closed before it is accepted: with code 4403 for a host or origin,
    4400 for the rest."""

    def __init__(self, app: ASGIApp, settings: HostingSettings | None = None) -> None:
        self.app = app
        settings = settings or HostingSettings()
        self.hosts = {h.lower().strip("[]") for h in (*LOOPBACK_HOSTS, *settings.allowed_hosts)}
        self.origins = {o.lower().rstrip("/") for o in settings.allowed_origins}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = self._refusal(scope)
        if refusal is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            _, code, reason = refusal
            close_code = 4403 if code in ("bad_host", "forbidden_origin") else 4400
            await send({"type": "websocket.close", "code": close_code, "reason": reason})
        else:
            status, code, reason = refusal
            await JSONResponse({"code": code, "reason": reason}, status_code=status)(scope, receive, send)

    def _refusal(self, scope: Scope) -> tuple[int, str, str] | None:
        headers: dict[bytes, str] = {}
        for key, value in scope.get("headers", []):
            headers.setdefault(key.lower(), value.decode("latin-1"))
        host = headers.get(b"host", "").strip()
        name = _host_name(host)
        if "*" not in self.hosts and name not in self.hosts:
            return 400, "bad_host", "this server does not answer to the host asked for (its setting allowed_hosts)"
        origin = headers.get(b"origin")
        if origin is not None and not self._origin_allowed(origin.strip(), host):
            return (
                403,
                "forbidden_origin",
                "pages of another origin may not call this server (its setting allowed_origins)",
            )
        query = scope.get("query_string", b"").decode("latin-1")
        counts = Counter(name for name, _ in parse_qsl(query, keep_blank_values=True))
        repeated = sorted(n for n, k in counts.items() if k > 1)
        if repeated:
            return 400, "malformed_request", f"the query parameter {repeated[0]!r} is given more than once"
        length = headers.get(b"content-length")
        if length is not None:
            text = length.strip()
            if not text.isascii() or not text.isdigit():
                return 400, "malformed_request", "the Content-Length header must be a number of bytes"
            if int(text) > MAX_MESSAGE_BYTES:
                return 413, "malformed_request", f"request bodies are limited to {MAX_MESSAGE_BYTES} bytes"
        return None

    def _origin_allowed(self, origin: str, host: str) -> bool:
        if origin.lower().rstrip("/") in self.origins:
            return True
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


def _host_name(host: str) -> str:
    """The name of a ``Host`` header, without its port: ``[::1]:8000`` is ``::1``."""
    host = host.lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def builtin_table_modules() -> dict[str, Path]:
    """The games' own table modules shipped with the client: ``web/games/<game name>.js``."""
    folder = WEB_DIR / "games"
    return {p.stem: p for p in sorted(folder.glob("*.js"))} if folder.is_dir() else {}


def describe_games(modules: Mapping[str, Path]) -> list[dict[str, Any]]:
    """Every registered game for the lobby: its spec, its seat names for each seat count, its bots
    and the URL of its table module (``None``: the generic table)."""
    out = []
    for name in game_names():
        cls = game_class(name)
        spec = cls.spec
        seat_names: dict[str, list[str]] = {}
        bots: list[str] = []
        for n in range(spec.min_players, spec.max_players + 1):
            g = load(name, players=n)
            seat_names[str(n)] = g.seat_names()
            bots = bot_names(g)
        module = f"/table-modules/{name}.js" if name in modules else None
        out.append({**spec.to_json(), "seat_names": seat_names, "bots": bots, "table_module": module})
    return out


def create_app(
    db_url: str,
    *,
    ai_delay: float = 0.6,
    table_modules: Mapping[str, Path] | None = None,
    settings: HostingSettings | None = None,
    collector: bool = False,
) -> FastAPI:
    """The app over the database at ``db_url`` (schema created on start; unfinished tables resume
    on start).

    Args:
        db_url: an SQLAlchemy URL.
        ai_delay: seconds an AI seat waits before each move.
        table_modules: more table modules by game name (ES module files; a game added with
            ``registry.register`` brings its own table this way), besides ``web/games/*.js``.
        settings: the limits and checks (``docs/hosting.md``; default: :class:`HostingSettings`).
        collector: whether the app, while it runs, schedules the process's full garbage
            collections (every ``settings.gc_full_every`` seconds, see
            :mod:`ghosttable.server.collector`); ``ghosttable serve`` does, other uses keep Python's.
    """
    settings = settings or HostingSettings()
    modules = {**builtin_table_modules(), **(table_modules or {})}
    store = Store(db_url)
    hub = Hub(store, ai_delay=ai_delay, settings=settings)
    schedule = CollectorSchedule(settings.gc_full_every)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if collector:
            schedule.start()
        try:
            await hub.start()
            try:
                yield
            finally:
                await hub.stop()
                store.close()
        finally:
            await schedule.stop()

    app = FastAPI(title="ghosttable", version=__version__, lifespan=lifespan, docs_url="/api/docs")
    app.state.hub = hub
    app.state.store = store
    app.add_middleware(RequestGuard, settings=settings)

    @app.exception_handler(ApiError)
    async def _api_error(_: Request, exc: ApiError) -> Response:
        return JSONResponse({"code": exc.code, "reason": exc.reason}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_parameter(_: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ()) if part not in ("query", "path"))
        reason = f"bad parameter {where}: {first.get('msg', 'invalid')}" if where else "bad request parameters"
        return JSONResponse({"code": "malformed_request", "reason": reason}, status_code=400)

    @app.exception_handler(GameError)
    async def _game_error(_: Request, exc: GameError) -> Response:
        status = 409 if isinstance(exc, TableUnavailableError) else 429 if isinstance(exc, LimitError) else 400
        return JSONResponse(exc.to_json(), status_code=status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_: Request, exc: StarletteHTTPException) -> Response:
        codes = {404: "not_found", 405: "method_not_allowed"}
        reason = {404: "there is nothing at this address", 405: "this address does not take that method"}
        return JSONResponse(
            {"code": codes.get(exc.status_code, "http_error"), "reason": reason.get(exc.status_code, str(exc.detail))},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    async def read_body(request: Request) -> bytes:
        raw = bytearray()
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_MESSAGE_BYTES:
                raise ApiError(413, "malformed_request", f"request bodies are limited to {MAX_MESSAGE_BYTES} bytes")
        return bytes(raw)

    async def body_of(request: Request) -> dict[str, Any]:
        try:
            raw = await asyncio.wait_for(read_body(request), settings.body_timeout)
        except TimeoutError:
            raise ApiError(
                408, "request_timeout", f"the request body did not arrive within {settings.body_timeout:g} seconds"
            ) from None
        except ClientDisconnect:
            log.info("%s %s: the client left before its request body arrived", request.method, request.url.path)
            raise ApiError(400, "client_disconnected", "the client left before its request body arrived") from None
        try:
            data = loads_strict(raw)
        except NonStandardJSONError as exc:
            raise ApiError(400, "malformed_request", f"the request body is not standard JSON: {exc}") from None
        except RecursionError:
            raise ApiError(400, "malformed_request", "the request body nests JSON too deep") from None
        except ValueError:
            raise ApiError(400, "malformed_request", "the request body is not valid JSON") from None
        if not isinstance(data, dict):
            raise ApiError(400, "malformed_request", "the request body must be a JSON object")
        return data

    async def room_of(table_id: str) -> Room:
        room = await hub.room(table_id)
        if room is None:
            raise ApiError(404, "unknown_table", f"there is no table {table_id!r}")
        return room

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> Response:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/join/{table_id}", include_in_schema=False)
    async def join_page(table_id: str) -> Response:
        return FileResponse(WEB_DIR / "index.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> Response:
        return FileResponse(WEB_DIR / "table.html")

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return describe_games(modules)

    @app.get("/table-modules/{name}.js", include_in_schema=False)
    async def module_file(name: str) -> Response:
        path = modules.get(name)
        if path is None:
            raise ApiError(404, "unknown_table_module", f"no table module for {name!r}")
        return FileResponse(path, media_type="text/javascript")

    @app.post("/api/tables")
    async def create_table(request: Request) -> dict[str, Any]:
        body = await body_of(request)
        name = body.get("game")
        if not isinstance(name, str):
            raise ApiError(400, "malformed_request", "'game' must be a game's name")
        players = body.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise ApiError(400, "malformed_request", "'players' must be an integer")
        options = body.get("options", {})
        if not isinstance(options, dict):
            raise ApiError(400, "malformed_request", "'options' must be an object of rule options")
        seats = body.get("seats", [])
        if not isinstance(seats, list):
            raise ApiError(400, "malformed_request", "'seats' must be a list of seats")
        address = request.client.host if request.client is not None else None
        return await hub.create_table(name, players, options, seats, address=address)

    @app.get("/api/tables/{table_id}")
    async def table_summary(table_id: str) -> dict[str, Any]:
        try:
            return (await room_of(table_id)).summary()
        except TableUnavailableError as exc:
            if exc.data is None:
                raise
            return retired_summary(exc.data)

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        room = await room_of(table_id)
        body = await body_of(request)
        code = body.get("code")
        if not isinstance(code, str):
            raise ApiError(400, "malformed_request", "'code' must be the invitation's code")
        held = body.get("tokens", [])
        if not isinstance(held, list) or not all(isinstance(t, str) for t in held):
            raise ApiError(400, "malformed_request", "'tokens' must be a list of seat tokens (strings)")
        try:
            seat, token = await hub.claim_invite(room, code, held[:100])
        except ProtocolError as exc:
            raise ApiError(409 if exc.code == "seat_taken" else 403, exc.code, exc.reason) from None
        return {"table": table_id, "seat": seat, "token": token}

    @app.post("/api/my-tables")
    async def my_tables(request: Request) -> list[dict[str, Any]]:
        tokens = (await body_of(request)).get("tokens")
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise ApiError(400, "malformed_request", "'tokens' must be a list of seat tokens (strings)")
        return await hub.my_tables(tokens)

    def finished_room(room: Room) -> Room:
        if not room.finished:
            raise ApiError(409, "not_finished", "the record is available once the game is over")
        return room

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> dict[str, Any]:
        room = finished_room(await room_of(table_id))
        return room.state.record().to_json()

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str, seat: int | None = None) -> Response:
        room = finished_room(await room_of(table_id))
        if seat is not None and not 0 <= seat < room.game.players:
            raise ApiError(400, "malformed_request", f"there is no seat {seat}")
        frames = await hub.replay_text(room, seat)
        summary = json.dumps(room.summary(seat), separators=(",", ":"))
        return Response(f'{summary[:-1]},"frames":{frames}}}', media_type="application/json")

    @app.websocket("/ws/tables/{table_id}")
    async def play(ws: WebSocket, table_id: str) -> None:
        address = ws.client.host if ws.client is not None else None
        await ws.accept()
        if not hub.websocket_opened(address):
            most = settings.max_websockets_per_address
            reason = f"your address has as many connections open as one address may have ({most})"
            await ws.send_json(error_message("too_many_connections", reason))
            await ws.close(code=4429, reason="too many connections from your address")
            return
        try:
            try:
                room = await hub.room(table_id)
            except GameError as exc:
                await ws.send_json(error_message(exc.code, exc.reason))
                await ws.close(code=4409)
                return
            if room is None:
                await ws.send_json(error_message("unknown_table", f"there is no table {table_id!r}"))
                await ws.close(code=4404)
                return
            module = f"/table-modules/{room.game.spec.name}.js" if room.game.spec.name in modules else None
            await serve_connection(hub, room, ws, module)
        finally:
            hub.websocket_closed(address)

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app


async def serve_connection(hub: Hub, room: Room, ws: WebSocket, module: str | None) -> None:
    """Run one client's connection to ``room`` until it closes (see ``docs/protocol.md``).

    A client that does not read its messages (more than the ``send_queue`` setting wait) is
    closed with code 4408; its seat is kept. One that has not said ``hello`` within the
    ``hello_timeout`` setting's seconds is sent the error ``hello_timeout`` and closed with 4408
    too (its ``ping`` messages do not put that off)."""
    settings = hub.settings
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + settings.hello_timeout
    dropped = asyncio.Event()
    conn: Connection | None = None
    writer: asyncio.Task[None] | None = None

    async def write(c: Connection) -> None:
        while True:
            text = await c.queue.get()
            if text is None:
                return
            await ws.send_text(text)

    async def answer(message: dict[str, Any]) -> None:
        """Send ``message`` in order with the connection's others (directly before ``hello``)."""
        if conn is None:
            await ws.send_json(message)
        else:
            conn.send(message)

    async def hello(token: str | None) -> Connection | None:
        seat = None if token is None else room.seat_of_token(token)
        if token is not None and seat is None:
            raise ProtocolError("bad_token", "this token holds no seat at this table")
        spectators = sum(1 for c in room.connections if c.seat is None)
        if seat is None and spectators >= settings.max_spectators:
            await ws.send_json(
                error_message(
                    "too_many_spectators",
                    f"this table has as many spectators as it takes ({settings.max_spectators}): try again later",
                )
            )
            await ws.close(code=4429)
            return None
        joined = Connection(seat, limit=settings.send_queue)
        joined.dropped = dropped
        newly_connected = seat is not None and seat not in room.connected_seats()
        room.connections.add(joined)
        names = room.game.seat_names()
        joined.send(
            {
                "type": "welcome",
                "table": room.id,
                "seat": seat,
                "seat_name": None if seat is None else names[seat],
                "role": "spectator" if seat is None else "player",
                "game": room.game.spec.to_json(),
                "options": dict(room.game.options),
                "table_module": module,
            }
        )
        room.send_whole(joined)
        if newly_connected:
            room.broadcast_seats(besides=joined)  # its own state already shows it connected
        return joined

    async def no_hello() -> None:
        seconds = f"{settings.hello_timeout:g}"
        with contextlib.suppress(Exception):  # the client may be gone already
            await ws.send_json(error_message("hello_timeout", f"no hello came within {seconds} seconds of connecting"))
            await ws.close(code=4408, reason=f"no hello within {seconds} seconds")

    async def read() -> None:
        nonlocal conn, writer
        while True:
            if conn is None:
                try:
                    frame = await asyncio.wait_for(ws.receive(), max(0.0, hello_by - loop.time()))
                except TimeoutError:
                    await no_hello()
                    return
            else:
                frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw: str | bytes = frame["text"] if frame.get("text") is not None else frame.get("bytes") or b""
            ref: Any = None
            try:
                msg = parse_client_message(raw)
                ref = msg.get("ref")
                kind = msg["type"]
                if kind == "ping":
                    await answer({"type": "pong", "ref": ref})
                    continue
                if conn is None:
                    if kind != "hello":
                        raise ProtocolError("hello_first", "say hello (with your seat's token, or null) first")
                    conn = await hello(msg.get("token"))
                    if conn is None:
                        return
                    writer = asyncio.create_task(write(conn))
                    continue
                if kind == "hello":
                    raise ProtocolError("malformed_message", "this connection has already said hello")
                if kind == "resync":
                    room.send_whole(conn)
                    continue
                if kind == "events":
                    conn.send({**events_message(room.shown_state(conn.seat), conn.seat), "ref": ref})
                    continue
                if conn.seat is None:
                    raise ProtocolError("spectator", "spectators cannot act")
                claimed = msg.get("seat")
                if claimed is not None and claimed != conn.seat:
                    raise ProtocolError("wrong_seat", "your token holds another seat: you can only act for your own")
                if kind == "hint":
                    answer_hint = await hub.hint(room, conn.seat, msg["version"])
                    conn.send({**answer_hint, "ref": ref})
                    continue
                if kind == "undo":
                    await hub.undo(room, conn.seat, msg["version"])
                    conn.send({"type": "accepted", "ref": ref, "version": room.version})
                    continue
                entry = await hub.act(room, conn.seat, msg["action"], msg["version"])
                version = room.version if entry is None else entry.index + 1
                conn.send({"type": "accepted", "ref": ref, "version": version})
            except ProtocolError as exc:
                await answer(error_message(exc.code, exc.reason, ref if ref is not None else exc.ref))
            except GameError as exc:
                await answer(error_message(exc.code, exc.reason, ref))
            except RecursionError:
                await answer(error_message("malformed_message", "a message must not nest JSON this deep", ref))

    reader = asyncio.create_task(read())
    watch = asyncio.create_task(dropped.wait())
    try:
        await asyncio.wait({reader, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not reader.done():
            reader.cancel()
        failure: Exception | None = None
        try:
            await reader
        except (asyncio.CancelledError, WebSocketDisconnect):
            pass
        except Exception as exc:  # raised again once the connection is put away
            failure = exc
        if conn is not None:
            room.connections.discard(conn)
            conn.close()
            if conn.seat is not None and conn.seat not in room.connected_seats():
                room.broadcast_seats()
        if dropped.is_set():
            log.info("table %s: a connection that did not read its messages was closed", room.id)
            if writer is not None:
                writer.cancel()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(code=4408, reason="too many unread messages"), timeout=2)
        elif writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=2)
        hub.touch(room)
        if failure is not None:
            raise failure

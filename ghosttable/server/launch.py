"""Starting the server: ``ghosttable play`` (on this computer, opening the browser) and
``ghosttable serve`` (hosting for others)."""

from __future__ import annotations

import asyncio
import dataclasses
import re
import signal
import socket
import sqlite3
import threading
import webbrowser
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import uvicorn
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ghosttable.core.errors import GameError
from ghosttable.server.app import create_app
from ghosttable.server.dblock import DatabaseLock
from ghosttable.server.settings import HostingSettings
from ghosttable.server.storage import default_db_url

PLAY_PORT = 8765
"""``ghosttable play``'s usual port: a stable address keeps the browser's seat tokens (they are
kept per origin) across restarts. A free port is used when it is taken, and a line says so."""


class ServerSetupError(GameError):
    """The server cannot start: a database URL SQLAlchemy cannot open, an address that cannot be bound."""

    code = "server_setup"


def bind_socket(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: a free port chosen by the system).

    Raises ``OSError`` when the address cannot be bound.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def address_of(sock: socket.socket) -> str:
    """``http://host:port/`` of a bound socket."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


WILDCARD_HOSTS = ("0.0.0.0", "::", "")
"""Addresses that listen on every interface: the server's host names are then not known."""


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose request headers are not complete
    :attr:`header_timeout` seconds after it opened (or after its last answer): half-sent headers
    hold nothing open for long. uvicorn's own ``timeout_keep_alive`` still closes idle
    keep-alive connections sooner."""

    header_timeout: float = 10.0
    _header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm_header_timer()

    def on_headers_complete(self) -> None:
        self._disarm_header_timer()
        super().on_headers_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.pipeline and not self.transport.is_closing():
            self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_header_timer()
        super().connection_lost(exc)

    def _arm_header_timer(self) -> None:
        self._disarm_header_timer()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def _disarm_header_timer(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def uvicorn_config(app: Any, settings: HostingSettings) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: quiet logs, the lifespan on,
    ``settings.header_timeout`` for incomplete request headers, and WebSocket messages sent
    uncompressed unless ``settings.ws_deflate`` (compressing them costs more CPU than building
    them)."""
    protocol = type("HeaderTimeout", (HeaderTimeoutProtocol,), {"header_timeout": settings.header_timeout})
    return uvicorn.Config(
        app, log_level="warning", lifespan="on", http=protocol, ws_per_message_deflate=bool(settings.ws_deflate)
    )


def hosts_for(host: str, settings: HostingSettings) -> HostingSettings:
    """``settings`` with the listening address ``host`` among its allowed hosts; on a wildcard
    address (``0.0.0.0``, ``::``) with no host named, any ``Host`` is answered (``*``)."""
    if host in WILDCARD_HOSTS:
        named = settings.allowed_hosts or ("*",)
        return dataclasses.replace(settings, allowed_hosts=named)
    return dataclasses.replace(settings, allowed_hosts=(*settings.allowed_hosts, host))


def _without_password(url: str) -> str:
    """``url`` as it may be printed: as given when it holds no password (``sqlite:///:memory:``
    stays as written), else with the password (or its ``password`` query parameter) as ``***``
    (SQLAlchemy's own masking)."""
    try:
        parsed = make_url(url)
        if parsed.password is None and "password" not in parsed.query:
            return url
        if "password" in parsed.query:
            parsed = parsed.update_query_dict({"password": "***"})
        return parsed.render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):  # a malformed URL: mask what stands where a password would
        return re.sub(r"(://[^:/@]*:)[^@]*@", r"\1***@", url)


def _file_path_hint(url: str) -> str:
    """For a ``--db`` that SQLAlchemy cannot parse and that has no ``://``, a file path: the
    SQLite URL to write instead (``; for a file, write sqlite:////abs/path.db``, the path made absolute: four
    slashes on Unix); ``""`` for anything else."""
    if "://" in url:
        return ""
    try:
        make_url(url)
    except (SQLAlchemyError, ValueError):
        return f"; for a file, write sqlite:///{Path(url).expanduser().resolve().as_posix()}"
    return ""


class _Stopped(Exception):
    """SIGTERM or Ctrl-C arrived: the server stops (see :func:`_sigterm_stops_the_server`)."""


def _raise_stopped(signum: int, frame: FrameType | None) -> None:
    raise _Stopped


@contextmanager
def _sigterm_stops_the_server() -> Iterator[None]:
    """SIGTERM (how systemd and Docker stop a service) and Ctrl-C (SIGINT) stop the server: uvicorn
    shuts down gracefully, the database's lock is released and the process exits with code 0.

    While uvicorn runs it handles both signals itself (a graceful shutdown) and raises the signal
    again once it has stopped; these handlers, in place before and after, turn that (or a signal
    that arrives while the server is starting) into :class:`_Stopped`, which :func:`serve` takes
    as a normal end. Signal handlers are only set from the main thread: elsewhere nothing changes.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _raise_stopped) for signum in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    *,
    open_browser: bool = False,
    instead_of: int | None = None,
    settings: HostingSettings | None = None,
) -> None:
    """Run the server until interrupted (Ctrl-C or SIGTERM: a graceful stop, exit code 0),
    printing its address (and opening the lobby in the browser when ``open_browser``).

    Args:
        host: the interface to listen on.
        port: the port (0: a free one).
        db_url: an SQLAlchemy URL (default: SQLite in the user's data folder).
        instead_of: the port asked for, when it was taken and ``port`` replaces it: a line after
            the address says so.
        settings: the limits and checks (``docs/hosting.md``); ``host`` is added to its allowed
            hosts (see :func:`hosts_for`).

    Raises:
        DatabaseInUseError: another server uses the same SQLite database file (its lock, see
            :mod:`ghosttable.server.dblock`, is held until that server stops).
        ServerSetupError: ``db_url`` is empty, the database cannot be opened (a file path rather
            than a URL: the message gives the URL to write), or the address cannot be bound.
    """
    if db_url is not None and not db_url.strip():
        raise ServerSetupError(
            "the database URL (--db) is empty: give one, e.g. sqlite:////path/to/ghosttable.db, "
            "or leave --db out for the default"
        )
    with _sigterm_stops_the_server():
        try:
            sock = listening_socket(host, port)
            try:
                url = default_db_url() if db_url is None else db_url
                shown = _without_password(url)
                lock = DatabaseLock(url, shown)
                lock.acquire()
                try:
                    chosen = hosts_for(host, settings or HostingSettings())
                    _serve_locked(lock, url, shown, sock, open_browser, instead_of, chosen)
                finally:
                    lock.release()
            except BaseException:  # a server that does not run closes its socket (uvicorn closes it after a run)
                sock.close()
                raise
        except _Stopped:
            return


def listening_socket(host: str, port: int) -> socket.socket:
    """:func:`bind_socket`, for :func:`serve`: bound before the database is locked or opened, so a
    server that cannot listen leaves no file behind (not the database, not its lock).

    Raises ``ServerSetupError`` when the address cannot be bound (a port taken, a host that is
    no address of this machine or not an address at all) or the port is out of range."""
    try:
        return bind_socket(host, port)
    except OverflowError:
        raise ServerSetupError(f"port {port} is not between 0 and 65535") from None
    except OSError as exc:
        raise ServerSetupError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def _serve_locked(
    lock: DatabaseLock,
    url: str,
    shown: str,
    sock: socket.socket,
    open_browser: bool,
    instead_of: int | None,
    settings: HostingSettings,
) -> None:
    """:func:`serve` once the address is bound (``sock``) and the database's lock is held."""
    try:
        app = create_app(url, settings=settings, collector=True)
    except (SQLAlchemyError, sqlite3.Error, ValueError) as exc:  # ValueError: a malformed URL (say, its port)
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ServerSetupError(
            f"cannot open the database {shown!r}: {reason.replace(url, shown)}{_file_path_hint(url)}"
        ) from None
    address = address_of(sock)
    lock.announce(address)
    server = uvicorn.Server(uvicorn_config(app, settings))
    print(f"ghosttable lobby: {address}", flush=True)
    if instead_of is not None:
        served_on = sock.getsockname()[1]
        print(
            f"port {instead_of} is taken: serving on {served_on} instead; your seats of {instead_of} are kept there",
            flush=True,
        )
    print(f"database: {shown}", flush=True)
    if "*" in settings.allowed_hosts:
        print("answering any Host: name this server's host names with --set allowed_hosts=NAME,...", flush=True)
    if open_browser:
        threading.Timer(0.8, webbrowser.open, args=(address,)).start()
    server.run(sockets=[sock])


ONE_COMPUTER = HostingSettings(max_tables_per_address=0, tables_per_minute=0, max_websockets_per_address=0)
"""The settings of ``ghosttable play``: every table and connection of a server on 127.0.0.1 comes
from that one address, so the limits per client address are off (the server-wide ones stay)."""


def play_in_browser(open_browser: bool, db_url: str | None, port: int = PLAY_PORT) -> None:
    """``ghosttable play``: the server on 127.0.0.1 at ``port`` (a free port when it is taken, or
    when ``port`` is 0), the lobby opened in the browser unless ``open_browser`` is false (then the
    address is only printed), with the settings :data:`ONE_COMPUTER`. A port that is taken is
    named in a line after the address: the browser keeps seats per address, so those of the
    taken port are not at the new one."""
    instead_of = None
    if port:
        try:
            bind_socket("127.0.0.1", port).close()
        except OSError:
            port, instead_of = 0, port
    serve("127.0.0.1", port, db_url, open_browser=open_browser, instead_of=instead_of, settings=ONE_COMPUTER)

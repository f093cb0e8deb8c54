"""What the browser test modules share: the app served live on a thread, and a new table opened
from the lobby the way a person does it."""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import uvicorn
from playwright.sync_api import Page, expect

from ghosttable.server import rooms
from ghosttable.server.app import create_app
from ghosttable.server.launch import address_of, bind_socket
from ghosttable.server.settings import HostingSettings


class LiveServer:
    """The app served by uvicorn on a thread, on ``port`` (0: a free one), storing in SQLite at
    ``db``; AI seats wait ``ai_delay`` seconds before each move."""

    def __init__(self, db: Path, port: int = 0, ai_delay: float = 0.15) -> None:
        self.sock = bind_socket("127.0.0.1", port)
        self.address = address_of(self.sock)
        self.port: int = self.sock.getsockname()[1]
        modules = {"plugin-draw": Path(__file__).with_name("plugin_table.js")}
        # The browser tests make many tables from one address: its limits are off.
        settings = HostingSettings(tables_per_minute=0, max_tables_per_address=0)
        app = create_app(f"sqlite:///{db}", ai_delay=ai_delay, table_modules=modules, settings=settings)
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()


def fix_the_seed(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Tables created from now on (in this process's server) get ``seed``; tokens stay random."""
    monkeypatch.setattr(rooms, "secrets", SimpleNamespace(token_urlsafe=secrets.token_urlsafe, randbits=lambda _: seed))


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, ai_delay: float = 0.15) -> Iterator[str]:
    """Body of a module-scoped server fixture (``yield from serve(...)``): a fresh database in a
    temporary folder called ``name``; yields the server's address and stops it afterwards."""
    live = LiveServer(tmp_path_factory.mktemp(name) / "ghosttable.db", ai_delay=ai_delay)
    try:
        yield live.address
    finally:
        live.stop()


def open_new_table(
    page: Page, server: str, game: str, players: int, setup: Callable[[Page], None] | None = None
) -> str:
    """Create a table in the lobby (``setup`` fills the seats and options once the game and the
    player count are chosen); returns the table's id once its page is ready."""
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    if setup is not None:
        setup(page)
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    table = page.url.rsplit("/", 1)[1]
    # (a hot-seat table may pass to another seat at once, adding ``?seat=`` to the address)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    return table

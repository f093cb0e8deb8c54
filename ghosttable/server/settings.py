"""The server's limits and checks, each a setting with a default (``docs/hosting.md`` lists them).

``ghosttable serve --set NAME=VALUE`` (repeatable) changes one; :meth:`HostingSettings.with_values`
reads such pairs. Times are in seconds, sizes in messages or tables; ``0`` turns a limit of
tables, spectators or the creation rate off where its description says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The host names a server always answers to: the loopback addresses of its own machine."""


class SettingError(ValueError):
    """A ``NAME=VALUE`` that names no setting, or a value of the wrong kind."""


@dataclass(frozen=True)
class HostingSettings:
    """Every limit of one server. See the module docstring; each field's comment says its unit."""

    #: host names (the ``Host`` header, without its port) answered besides the loopback ones;
    #: ``*`` answers any (DNS rebinding is then possible: name the hosts of a public server)
    allowed_hosts: tuple[str, ...] = ()
    #: origins (``https://example.org``) whose pages may call the server, besides its own
    allowed_origins: tuple[str, ...] = ()
    #: live (unfinished) tables the server holds at most; ``0``: no limit
    max_live_tables: int = 2000
    #: live tables created from one client address (since the server started); ``0``: no limit
    max_tables_per_address: int = 50
    #: live tables whose every seat is an AI seat; ``0``: no limit
    max_ai_tables: int = 100
    #: tables one client address may create in a minute (a token bucket); ``0``: no limit
    tables_per_minute: int = 30
    #: spectator connections one table takes at most; ``0``: none
    max_spectators: int = 100
    #: messages waiting for one connection; a connection that has more is closed (its seat kept)
    send_queue: int = 256
    #: a table nobody watches (and whose AI seats do not play) is unloaded after this long
    idle_unload: float = 600.0
    #: how often idle tables are looked for
    idle_sweep_every: float = 30.0
    #: a connection whose request headers are not complete after this long is closed
    header_timeout: float = 10.0
    #: a request body not received in full after this long is refused (408)
    body_timeout: float = 10.0
    #: ``1``: WebSocket messages compressed (permessage-deflate), less traffic for more CPU
    ws_deflate: int = 0
    #: replays (a table as one seat saw it) kept ready, the most recent ones
    replay_cache: int = 32
    #: worker processes for bot moves (the cap on bot work done at once); ``0``: four threads
    #: of the server's own process (as for games registered at run time, which a new process
    #: does not know)
    bot_processes: int = 1
    #: bot moves waiting for a worker at most; the AI seats of other tables wait their turn
    bot_queue: int = 64
    #: seconds between full garbage collections of ``ghosttable serve``'s process (each walks
    #: every loaded table); ``0``: Python's own schedule (a full collection whenever the oldest
    #: objects have grown by a quarter)
    gc_full_every: float = 600.0

    def with_values(self, pairs: Mapping[str, str]) -> HostingSettings:
        """These settings with ``pairs`` (``{"max_spectators": "20"}``) read as each field's kind
        (a comma-separated list for the host and origin lists).

        Raises ``SettingError`` for an unknown name or a value that is not of the field's kind
        (or is negative)."""
        known = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for name, raw in pairs.items():
            key = name.strip().replace("-", "_")
            if key not in known:
                raise SettingError(f"no setting {name!r} (settings: {', '.join(sorted(known))})")
            current = getattr(self, key)
            text = raw.strip()
            if isinstance(current, tuple):
                changes[key] = tuple(part.strip() for part in text.split(",") if part.strip())
                continue
            try:
                value: float = int(text) if isinstance(current, int) else float(text)
            except ValueError:
                kind = "a whole number" if isinstance(current, int) else "a number of seconds"
                raise SettingError(f"setting {key} takes {kind}, not {raw!r}") from None
            if value < 0 or value != value:
                raise SettingError(f"setting {key} cannot be negative: {raw!r}")
            changes[key] = value
        return dataclasses.replace(self, **changes)


def parse_pairs(items: list[str]) -> dict[str, str]:
    """``["a=1", "b=x,y"]`` as ``{"a": "1", "b": "x,y"}``; raises ``SettingError`` for an item
    without ``=``."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise SettingError(f"--set takes NAME=VALUE, not {item!r}")
        out[name.strip()] = value
    return out

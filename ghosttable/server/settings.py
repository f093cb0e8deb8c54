"""The server's limits and checks, each a setting with a default (``docs/hosting.md`` lists them).

``ghosttable serve --set NAME=VALUE`` (repeatable) changes one; :meth:`HostingSettings.with_values`
reads such pairs. Times are in seconds, sizes in messages, tables or connections; ``0`` turns a
limit of tables, connections or the creation rate off where its description says so. Each number
has a range (:class:`Bounds`, in the field's metadata): a value outside it is refused with
:class:`SettingError`, whether it comes from ``--set`` or from Python.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The host names a server always answers to: the loopback addresses of its own machine."""

MOST = 1_000_000_000
"""The largest count, and the longest time in seconds (about 31 years), any setting takes."""


class SettingError(ValueError):
    """A ``NAME=VALUE`` that names no setting, or a value of the wrong kind or out of its range."""


@dataclass(frozen=True)
class Bounds:
    """The values one numeric setting takes: from ``low`` (excluded when ``above``) to ``high``,
    and ``0`` besides when ``off`` (the setting's "off" value below a higher ``low``)."""

    low: float
    high: float = MOST
    above: bool = False
    off: bool = False

    def admits(self, value: float) -> bool:
        """Whether ``value`` is in range (NaN never is)."""
        if self.off and value == 0:
            return True
        return (value > self.low if self.above else value >= self.low) and value <= self.high

    def words(self, whole: bool) -> str:
        """The range in words: ``from 1 to 1000000000``, ``more than 0 and at most 1000000000
        seconds``, ``0 or 1``."""
        low, high = _shown(self.low), _shown(self.high)
        unit = "" if whole else " seconds"
        if whole and self.high - self.low == 1 and not self.above:
            return f"{low} or {high}"
        span = f"more than {low} and at most {high}{unit}" if self.above else f"from {low} to {high}{unit}"
        return f"0, or {span}" if self.off else span


def _shown(number: float) -> str:
    """``number`` as a message writes it: ``10``, ``0.5``, ``inf``."""
    return str(int(number)) if math.isfinite(number) and number == int(number) else f"{number:g}"


def _ranged(default: float, low: float, high: float = MOST, *, above: bool = False, off: bool = False) -> Any:
    """A dataclass field with ``default`` and its :class:`Bounds` in its metadata."""
    return field(default=default, metadata={"bounds": Bounds(low, high, above, off)})


@dataclass(frozen=True)
class HostingSettings:
    """Every limit of one server. See the module docstring; each field's comment says its unit.

    Raises ``SettingError`` when a number is outside its range (each field's ``bounds`` metadata).
    """

    #: host names (the ``Host`` header, without its port) answered besides the loopback ones;
    #: ``*`` answers any (DNS rebinding is then possible: name the hosts of a public server)
    allowed_hosts: tuple[str, ...] = ()
    #: origins (``https://example.org``) whose pages may call the server, besides its own
    allowed_origins: tuple[str, ...] = ()
    #: live (unfinished) tables the server holds at most; ``0``: no limit
    max_live_tables: int = _ranged(2000, 0)
    #: live tables created from one client address (since the server started); ``0``: no limit
    max_tables_per_address: int = _ranged(50, 0)
    #: live tables whose every seat is an AI seat; ``0``: no limit
    max_ai_tables: int = _ranged(100, 0)
    #: tables one client address may create in a minute (a token bucket); ``0``: no limit
    tables_per_minute: int = _ranged(30, 0)
    #: spectator connections one table takes at most; ``0``: none
    max_spectators: int = _ranged(100, 0)
    #: WebSockets open at once from one client address, to every table together; ``0``: no limit
    max_websockets_per_address: int = _ranged(64, 0)
    #: messages waiting for one connection; a connection that has more is closed (its seat kept)
    send_queue: int = _ranged(256, 1)
    #: a table nobody watches (and whose AI seats do not play) is unloaded after this long
    idle_unload: float = _ranged(600.0, 0, above=True)
    #: how often idle tables are looked for; ``0``: never (idle tables stay loaded)
    idle_sweep_every: float = _ranged(30.0, 0)
    #: a connection whose request headers are not complete after this long is closed
    header_timeout: float = _ranged(10.0, 0, above=True)
    #: a request body not received in full after this long is refused (408)
    body_timeout: float = _ranged(10.0, 0, above=True)
    #: a WebSocket that has not sent ``hello`` this long after it opened is closed (4408)
    hello_timeout: float = _ranged(10.0, 0, above=True)
    #: ``1``: WebSocket messages compressed (permessage-deflate), less traffic for more CPU
    ws_deflate: int = _ranged(0, 0, 1)
    #: replays (a table as one seat saw it) kept ready, the most recent ones; ``0``: none
    replay_cache: int = _ranged(32, 0)
    #: worker processes for bot moves (the cap on bot work done at once); ``0``: four threads
    #: of the server's own process (as for games registered at run time, which a new process
    #: does not know)
    bot_processes: int = _ranged(1, 0, 64)
    #: bot moves waiting for a worker at most; the AI seats of other tables wait their turn
    bot_queue: int = _ranged(64, 0)
    #: seconds between full garbage collections of ``ghosttable serve``'s process (each walks
    #: every loaded table); ``0``: Python's own schedule (a full collection whenever the oldest
    #: objects have grown by a quarter)
    gc_full_every: float = _ranged(600.0, 1, off=True)

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            bounds: Bounds | None = f.metadata.get("bounds")
            value = getattr(self, f.name)
            if bounds is None:
                continue
            whole = isinstance(f.default, int)
            if not isinstance(value, (int, float)) or (whole and not isinstance(value, int)):
                kind = "a whole number" if whole else "a number of seconds"
                raise SettingError(f"setting {f.name} takes {kind}, not {value!r}")
            if not bounds.admits(value):
                raise SettingError(f"setting {f.name} takes {bounds.words(whole)}, not {_shown(value)}")

    def with_values(self, pairs: Mapping[str, str]) -> HostingSettings:
        """These settings with ``pairs`` (``{"max_spectators": "20"}``) read as each field's kind
        (a comma-separated list for the host and origin lists).

        Raises ``SettingError`` for an unknown name, a value that is not of the field's kind or
        one outside the field's range (a timeout of 0, ``ws_deflate=2``)."""
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

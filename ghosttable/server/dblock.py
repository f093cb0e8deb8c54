"""One server per database: a lock file beside an SQLite database, held while a server runs.

Two servers on one database would each keep its own copy of the tables in memory and refuse each
other's writes, so ``ghosttable play`` and ``ghosttable serve`` take this lock before they open
the database and refuse to start when another server holds it.

- The lock is ``<database file>.lock``, taken with :class:`filelock.FileLock` (an ``flock`` on
  Unix, ``LockFileEx`` on Windows): the system releases it when its process ends, even when it is
  killed, so the lock of a dead server never blocks a new one.
- Beside it, ``<database file>.server`` says which server holds the lock (``{"pid", "address"}``,
  JSON), so the refusal can name it; it is removed when the server stops.
- Only a database that is a file is locked: an in-memory SQLite database belongs to its process,
  and another database (``postgresql://...``) is not locked: run one server per such database.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from filelock import FileLock, Timeout
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from ghosttable.core.errors import GameError


class DatabaseInUseError(GameError):
    """Another server holds the database's lock (or the lock file cannot be made)."""

    code = "database_in_use"


def database_file(url: str) -> Path | None:
    """The file of an SQLite database URL (absolute), or ``None`` for an in-memory SQLite
    database, an SQLite URI (``?uri=true``) and any other database."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return None
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    if parsed.query.get("uri") in ("true", "1") or parsed.database.startswith("file:"):
        return None
    return Path(parsed.database).expanduser().resolve()


class DatabaseLock:
    """The lock of one database for one server (see the module docstring).

    Args:
        url: the database URL.
        shown: the URL as it may be printed (password masked), for messages.
    """

    def __init__(self, url: str, shown: str) -> None:
        self.shown = shown
        self.file = database_file(url)
        self._lock: FileLock | None = None

    @property
    def holder_file(self) -> Path | None:
        """``<database file>.server``: who holds the lock (``None`` when nothing is locked)."""
        return None if self.file is None else self.file.with_name(self.file.name + ".server")

    def acquire(self) -> None:
        """Take the lock, without waiting. Does nothing for a database that is not a file, or whose
        folder does not exist (opening it fails with its own message).

        Raises:
            DatabaseInUseError: another server holds it (the message names the database and that
                server), or the lock file cannot be made.
        """
        if self.file is None or not self.file.parent.is_dir():
            return
        lock = FileLock(str(self.file.with_name(self.file.name + ".lock")))
        try:
            lock.acquire(timeout=0)
        except Timeout:
            raise DatabaseInUseError(
                f"the database {self.shown!r} is in use by another ghosttable server ({self._holder()}): "
                "stop that one, or give this one another database (--db)"
            ) from None
        except OSError as exc:
            raise DatabaseInUseError(
                f"cannot lock the database {self.shown!r}: {exc.strerror or exc} ({exc.filename or self.file})"
            ) from None
        self._lock = lock

    def announce(self, address: str) -> None:
        """Write who holds the lock: this process, serving at ``address``."""
        holder = self.holder_file
        if self._lock is None or holder is None:
            return
        holder.write_text(json.dumps({"pid": os.getpid(), "address": address}), encoding="utf-8")

    def release(self) -> None:
        """Give the lock back (and remove the holder file). Safe to call when not held."""
        if self._lock is None:
            return
        holder = self.holder_file
        if holder is not None:
            holder.unlink(missing_ok=True)
        self._lock.release()
        self._lock = None

    def _holder(self) -> str:
        """The holder as words: ``http://...:port/, process N`` (or what of it is known)."""
        holder = self.holder_file
        info: Any = None
        if holder is not None:
            try:
                info = json.loads(holder.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                info = None
        if not isinstance(info, dict):
            return "still starting"
        parts = []
        if isinstance(info.get("address"), str):
            parts.append(info["address"])
        if isinstance(info.get("pid"), int) and not isinstance(info.get("pid"), bool):
            parts.append(f"process {info['pid']}")
        return ", ".join(parts) or "still starting"

"""When the server runs Python's cycle collector over its whole heap.

CPython collects its oldest generation whenever it has grown by a quarter: with hundreds of
tables loaded that is every few seconds under play, and each such collection walks every
object of every table (about 1 µs an object: 0.1 to 0.5 s for 500 tables) while the event
loop, and every table with it, waits. The server's garbage is freed by reference counting (a
full collection during play finds next to nothing), so :class:`CollectorSchedule` freezes what
exists once the server has started (the modules and the app: never scanned again), runs full
collections only every ``gc_full_every`` seconds of the
:class:`~ghosttable.server.settings.HostingSettings` and collects the middle generation more
often, in shorter pauses (:data:`MIDDLE`); the youngest is collected as Python has it.

The schedule is the process's, not one app's: ``ghosttable serve`` applies it (see
:func:`ghosttable.server.app.create_app`'s ``collector``), an app made in a test or embedded
elsewhere leaves the collector alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging

log = logging.getLogger("ghosttable.server")

NEVER = 2**31 - 1
"""The oldest generation's threshold that keeps CPython from ever starting a full collection
itself (its count of young collections never gets there)."""

MIDDLE = 2
"""Young collections between two collections of the middle generation (CPython: 10). Each of
those walks what survived the young collections since the last one (above all the tables'
new states): collected five times as often, each walks fewer objects, for the same work in
all in shorter pauses (10 ms instead of 20 ms of CPU at the 99th percentile with 500 tables in
play)."""


class CollectorSchedule:
    """Full collections every ``full_every`` seconds instead of CPython's own schedule.

    ``full_every`` 0 changes nothing: CPython's schedule is kept. :meth:`start` (on the running
    loop) and :meth:`stop` bracket the server's life; :meth:`stop` puts back the thresholds
    found and unfreezes what :meth:`start` froze."""

    def __init__(self, full_every: float) -> None:
        self.full_every = full_every
        self._saved: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def active(self) -> bool:
        """Whether the schedule is in place (started, with a period, not stopped)."""
        return self._saved is not None

    def start(self) -> None:
        """Collect once, freeze every object that survives (they are not scanned again), keep
        CPython from starting full collections and run them every ``full_every`` seconds on the
        running loop; the middle generation is collected every :data:`MIDDLE` young
        collections. Nothing changes when ``full_every`` is 0 or the schedule already runs."""
        if self.full_every <= 0 or self.active:
            return
        gc.collect()
        gc.freeze()
        young, _, _ = self._saved = gc.get_threshold()
        gc.set_threshold(young, MIDDLE, NEVER)
        self._task = asyncio.get_running_loop().create_task(self._collect_now_and_then())

    def full_collection(self) -> int:
        """Collect every generation (not the frozen start-up objects); returns the objects found
        unreachable, as :func:`gc.collect` does."""
        return gc.collect()

    async def stop(self) -> None:
        """Stop the periodic collections, put back CPython's thresholds as found and unfreeze."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            gc.unfreeze()
            self._saved = None

    async def _collect_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.full_every)
            found = self.full_collection()
            if found:
                log.debug("a full collection found %d unreachable objects", found)

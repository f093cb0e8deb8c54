"""The schedule of full garbage collections of ``ghosttable serve``'s process: frozen start-up
objects, no full collection started by CPython itself, one every ``gc_full_every`` seconds, and
everything put back when the server stops."""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import re
import weakref
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ghosttable.server import launch
from ghosttable.server.app import create_app
from ghosttable.server.collector import MIDDLE, NEVER, CollectorSchedule
from ghosttable.server.settings import HostingSettings
from tests.server.conftest import TEST_SETTINGS


class Knot:
    """An object in a reference cycle with itself: only the cycle collector frees it."""

    def __init__(self) -> None:
        self.me = self


def test_no_period_keeps_pythons_own_schedule() -> None:
    found = gc.get_threshold(), gc.get_freeze_count()

    async def run() -> None:
        schedule = CollectorSchedule(0)
        schedule.start()
        assert not schedule.active
        assert (gc.get_threshold(), gc.get_freeze_count()) == found
        await schedule.stop()

    asyncio.run(run())
    assert (gc.get_threshold(), gc.get_freeze_count()) == found


def test_the_schedule_freezes_start_up_and_puts_everything_back() -> None:
    found = gc.get_threshold()

    async def run() -> None:
        schedule = CollectorSchedule(600)
        schedule.start()
        assert schedule.active
        assert gc.get_threshold() == (found[0], MIDDLE, NEVER)
        assert gc.get_freeze_count() > 1000  # the modules, among others
        await schedule.stop()
        assert not schedule.active

    asyncio.run(run())
    assert gc.get_threshold() == found
    assert gc.get_freeze_count() == 0


def test_only_the_full_collection_frees_a_cycle_among_the_old_objects() -> None:
    async def run() -> None:
        schedule = CollectorSchedule(600)
        schedule.start()
        try:
            knot = Knot()
            gone = weakref.ref(knot)
            gc.collect(1)  # the knot, still in use, moves to the oldest generation
            del knot
            gc.collect(1)
            assert gone() is not None  # the young collections do not look there
            assert schedule.full_collection() > 0
            assert gone() is None
        finally:
            await schedule.stop()

    asyncio.run(run())


def test_full_collections_come_again_and_again() -> None:
    class Counted(CollectorSchedule):
        def __init__(self) -> None:
            super().__init__(0.001)
            self.count = 0
            self.third = asyncio.Event()

        def full_collection(self) -> int:
            self.count += 1
            if self.count == 3:
                self.third.set()
            return super().full_collection()

    async def run() -> int:
        schedule = Counted()
        schedule.start()
        try:
            await asyncio.wait_for(schedule.third.wait(), 60)
        finally:
            await schedule.stop()
        return schedule.count

    assert asyncio.run(run()) >= 3


def test_an_app_schedules_collections_only_when_asked(tmp_path: Path) -> None:
    found = gc.get_threshold()
    url = f"sqlite:///{tmp_path / 'ghosttable.db'}"
    with TestClient(create_app(url, settings=TEST_SETTINGS)):
        assert gc.get_threshold() == found
    with TestClient(create_app(url, settings=TEST_SETTINGS, collector=True)) as client:
        assert gc.get_threshold()[2] == NEVER
        assert client.get("/api/games").status_code == 200
    assert gc.get_threshold() == found
    off = dataclasses.replace(TEST_SETTINGS, gc_full_every=0.0)
    with TestClient(create_app(url, settings=off, collector=True)):
        assert gc.get_threshold() == found


def test_serve_schedules_the_collections(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    asked: list[dict[str, Any]] = []
    made = launch.create_app

    def create_app_noted(url: str, **kwargs: Any) -> Any:
        asked.append(kwargs)
        return made(url, **kwargs)

    served: list[Any] = []
    monkeypatch.setattr(launch, "create_app", create_app_noted)
    monkeypatch.setattr(launch.uvicorn.Server, "run", lambda self, sockets: served.extend(sockets))
    launch.serve("127.0.0.1", 0, f"sqlite:///{tmp_path / 'x.db'}")
    served[0].close()
    assert [kwargs["collector"] for kwargs in asked] == [True]


def test_every_setting_is_in_the_hosting_page() -> None:
    page = (Path(__file__).parents[2] / "docs" / "hosting.md").read_text()
    listed = set(re.findall(r"^\| `(\w+)` \|", page, flags=re.MULTILINE))
    assert listed == {f.name for f in dataclasses.fields(HostingSettings)}

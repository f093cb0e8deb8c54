"""Run, Ghost, Run! through the server: across many tables played by AI seats, no seat (nor a
spectator) is ever sent another seat's sealed movement plan before the reveal.

Every seat of every table is watched by a connection of its own, exactly as a browser that said
``hello`` with the seat's token, and every message queued to it is checked: the log never shows
another seat's step, no message holds the step's text or JSON, and while a plan phase lasts,
another seat's step changes nothing at all in what the seat is sent (view and decision alike).
"""

from __future__ import annotations

import asyncio
import json
from itertools import pairwise
from pathlib import Path
from typing import Any

from ghosttable.server.rooms import Connection, Hub, Room
from ghosttable.server.settings import HostingSettings
from ghosttable.server.storage import Store
from tests.server.conftest import LogKeeper

TABLES: list[tuple[int, dict[str, bool], list[str]]] = [
    (players, options, bots)
    for players, bots in (
        (2, ["heuristic", "random"]),
        (3, ["heuristic", "random", "heuristic"]),
        (4, ["random", "heuristic", "random", "heuristic"]),
    )
    for options in ({}, {"merging": True}, {"midnight": True}, {"merging": True, "midnight": True})
]
"""Twelve tables: 2, 3 and 4 players, with no option, each option and both."""


async def play_watched_tables(url: str) -> list[tuple[Room, dict[int | None, list[dict[str, Any]]]]]:
    """Plays every table of TABLES to its end with all its seats watched; returns each room and
    the messages each seat (``None``: a spectator) was sent."""
    hub = Hub(Store(url), ai_delay=0.0, settings=HostingSettings(max_ai_tables=0))
    await hub.start()
    watched: list[tuple[Room, dict[int | None, Connection]]] = []
    for i, (players, options, bots) in enumerate(TABLES):
        seats = [{"kind": "ai", "bot": b} for b in bots]
        created = await hub.create_table("run-ghost-run", players, options, seats, seed=1000 + i)
        room = hub.rooms[created["table"]]
        # No AI seat has moved yet: the table's first move waits for the event loop.
        assert room.version == 0
        conns: dict[int | None, Connection] = {seat: Connection(seat, limit=10**6) for seat in [*range(players), None]}
        room.connections.update(conns.values())
        room.broadcast()  # what a `hello` gets
        watched.append((room, conns))
    for _ in range(6000):
        if all(room.finished or room.ai_error for room, _ in watched):
            break
        await asyncio.sleep(0.05)
    await hub.stop()
    out = []
    for room, conns in watched:
        assert room.finished, room.ai_error
        received: dict[int | None, list[dict[str, Any]]] = {}
        for seat, conn in conns.items():
            messages = []
            keeper = LogKeeper()
            while not conn.queue.empty():
                text = conn.queue.get_nowait()
                if text is not None:
                    messages.append(keeper.whole(json.loads(text)))
            received[seat] = messages
        out.append((room, received))
    return out


def sealed_windows(room: Room) -> list[tuple[int, int, int, Any]]:
    """Each step of a plan as ``(index, seat, last version it is sealed at, action)``: a step
    applied as action ``index`` is sealed from version ``index + 1`` until the version the plan
    phase's last action makes (the reveal comes with it)."""
    out = []
    phase: list[Any] = []
    for entry in [*room.log, None]:
        if entry is not None and entry.decision == "plan_movement":
            phase.append(entry)
            continue
        if phase:
            last = phase[-1].index
            out.extend((e.index, e.seat, last, e.action) for e in phase if e.action.kind == "step")
            phase = []
    return out


def test_no_sealed_plan_reaches_another_seat_before_the_reveal(tmp_path: Path) -> None:
    tables = asyncio.run(play_watched_tables(f"sqlite:///{tmp_path / 'ghosttable.db'}"))
    checked_messages = 0
    sealed_checks = 0
    unchanged_checks = 0
    for room, received in tables:
        windows = sealed_windows(room)
        assert windows, "the AI seats made no plan step"
        steps_at = {index: seat for index, seat, _, _ in windows}
        final = room.version
        for seat, messages in received.items():
            versions = [m["version"] for m in messages]
            # The seat was told of every version, in order, up to the end.
            assert set(range(final + 1)) <= set(versions) and versions == sorted(versions)
            assert all(m["type"] == "state" and m["seat"] == seat for m in messages)
            for message in messages:
                checked_messages += 1
                v = message["version"]
                text = json.dumps(message)
                for index, owner, last, action in windows:
                    if owner == seat or not index + 1 <= v <= last:
                        continue
                    sealed_checks += 1
                    entry = message["log"][index]
                    assert entry["text"] is None and entry["action"] is None and entry["decision"] is None
                    assert str(action) not in text
                    assert json.dumps(action.to_json()) not in text
            # While plans are made, another seat's step changes nothing this seat is sent but
            # the log's line saying that seat acted.
            for before, after in pairwise(messages):
                between = range(before["version"], after["version"])
                if not between or any(steps_at.get(i, seat) == seat for i in between):
                    continue
                assert after["view"] == before["view"]
                assert after["decision"] == before["decision"]
                assert after["acting"] == before["acting"]
                unchanged_checks += 1
        # After the reveal, the turn's report shows every seat's steps to everyone.
        for _index, owner, last, action in windows:
            if last + 1 > final:
                continue
            after = next(m for m in received[None] if m["version"] == last + 1)
            report = after["view"]["last_turn"]
            assert any(s["ghost"] == action["ghost"] and s["seat"] == owner for s in report["steps"])
    assert checked_messages > 2000 and sealed_checks > 3000 and unchanged_checks > 500, (
        checked_messages,
        sealed_checks,
        unchanged_checks,
    )

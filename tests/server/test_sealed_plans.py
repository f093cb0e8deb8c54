"""Run, Ghost, Run! through the server: across many tables played by AI seats, no seat (nor a
spectator) is ever sent another seat's sealed movement plan before the reveal.

Every seat of every table is watched by a connection of its own, exactly as a browser that said
``hello`` with the seat's token, and every message queued to it is checked: the log never shows
another seat's sealed plan, no message holds the plan's text, JSON or any of its steps, and a plan
reaches the table as one action (the AI seats seal theirs whole): every connection is sent exactly
one message a version, so no plan's length shows in a count of messages or versions.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from ghosttable.games.run_ghost_run.sealing import read_seal, step_text
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
    """Each sealed plan as ``(index, seat, last version it is sealed at, its seal)``: a plan
    sealed as action ``index`` is sealed from version ``index + 1`` until the version the plan
    phase's last action makes (the reveal comes with it)."""
    out = []
    phase: list[Any] = []
    for entry in [*room.log, None]:
        if entry is not None and entry.decision == "plan_movement":
            assert entry.action.kind == "seal", entry.action
            phase.append(entry)
            continue
        if phase:
            last = phase[-1].index
            out.extend((e.index, e.seat, last, e.action) for e in phase)
            phase = []
    return out


def test_no_sealed_plan_reaches_another_seat_before_the_reveal(tmp_path: Path) -> None:
    tables = asyncio.run(play_watched_tables(f"sqlite:///{tmp_path / 'ghosttable.db'}"))
    checked_messages = 0
    sealed_checks = 0
    steps_checked = 0
    for room, received in tables:
        windows = sealed_windows(room)
        assert any(read_seal(seal) for _, _, _, seal in windows), "the AI seats moved no ghost"
        final = room.version
        for seat, messages in received.items():
            # One message a version, in order: a plan, whatever its length, is one action.
            assert [m["version"] for m in messages] == list(range(final + 1))
            assert all(m["type"] == "state" and m["seat"] == seat for m in messages)
            for message in messages:
                checked_messages += 1
                v = message["version"]
                text = json.dumps(message)
                for index, owner, last, seal in windows:
                    if owner == seat or not index + 1 <= v <= last:
                        continue
                    sealed_checks += 1
                    entry = message["log"][index]
                    assert entry["text"] is None and entry["action"] is None and entry["decision"] is None
                    assert entry["public_text"] == "seals a movement plan"
                    assert str(seal) not in text and json.dumps(seal.to_json()) not in text
                    for step in read_seal(seal):
                        steps_checked += 1
                        assert step_text(step) not in text and str(step) not in text
        # After the reveal, the turn's report shows every seat's steps to everyone.
        for _index, owner, last, seal in windows:
            if last + 1 > final:
                continue
            after = next(m for m in received[None] if m["version"] == last + 1)
            report = after["view"]["last_turn"]
            for step in read_seal(seal):
                assert any(s["ghost"] == step["ghost"] and s["seat"] == owner for s in report["steps"])
    assert checked_messages > 1500 and sealed_checks > 500 and steps_checked > 1000, (
        checked_messages,
        sealed_checks,
        steps_checked,
    )

"""AI seats: many tables played at once all end correctly, and a slow bot holds up no other table."""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ghosttable import registry
from ghosttable.ai.base import Bot, BotFactory, Observation
from ghosttable.core.actions import Action
from ghosttable.core.records import Record, replay
from ghosttable.core.state import Game
from tests.server.conftest import new_table
from tests.toygame import SecretDraw

RANDOM_AI = {"kind": "ai", "bot": "random"}


def wait_for(predicate: Callable[[], bool], seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting")
        time.sleep(0.05)


def test_fifty_tables_of_ai_seats_all_end_correctly(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    tables = [new_table(client, [RANDOM_AI] * 3, players=3, bids="high")["table"] for _ in range(50)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    wait_for(lambda: all(hub.rooms[t].finished for t in tables))
    store = client.app.state.store  # type: ignore[attr-defined]
    outcomes = set()
    for tid in tables:
        stored = store.load_table(tid)
        assert stored.status == "finished" and len(stored.actions) == 6
        record = Record.from_json(stored.record)
        final = replay(record)
        assert final.is_terminal() and final.fingerprint() == hub.rooms[tid].state.fingerprint()
        assert stored.outcome == final.outcome()
        assert client.get(f"/api/tables/{tid}").json()["result"]["outcome"] == final.outcome()
        outcomes.add(final.outcome())
    assert len(outcomes) > 1  # the seeds differ from table to table


class _Gate:
    opened = threading.Event()


class SlowBot:
    """Waits until the test opens the gate, then keeps its card or bids nothing."""

    name = "slow"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, obs: Observation) -> Action:
        _Gate.opened.wait(timeout=30)
        return obs.legal_actions()[0]


class SlowDraw(SecretDraw):
    spec = dataclasses.replace(SecretDraw.spec, name="slow-draw", title="Slow Draw")

    def bots(self) -> dict[str, BotFactory]:
        factory: Callable[[Game, int, int], Bot] = SlowBot
        return {"slow": factory}


@pytest.fixture
def slow_draw() -> Iterator[None]:
    registry.register(SlowDraw)
    _Gate.opened.clear()
    yield
    _Gate.opened.set()
    registry.unregister("slow-draw")


def test_a_slow_bot_does_not_hold_up_other_tables(make_client: Callable[..., TestClient], slow_draw: None) -> None:
    client = make_client()
    slow: Any = client.post(
        "/api/tables", json={"game": "slow-draw", "seats": [{"kind": "ai", "bot": "slow"}] * 2}
    ).json()["table"]
    fast = [new_table(client, [RANDOM_AI, RANDOM_AI])["table"] for _ in range(10)]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    wait_for(lambda: all(hub.rooms[t].finished for t in fast), seconds=30)
    assert hub.rooms[slow].version == 0 and not hub.rooms[slow].finished
    # People can still be served while the bot thinks.
    assert client.get(f"/api/tables/{slow}").json()["status"] == "playing"
    _Gate.opened.set()
    wait_for(lambda: hub.rooms[slow].finished, seconds=30)

"""Many tables' actions committed together: one transaction for every table's waiting actions,
each table's actions stored whole or not at all, and one table's failure its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from ghosttable.server.rooms import Hub
from ghosttable.server.storage import StaleWriteError, Store, StoredAction
from tests.server.conftest import new_table

ME = {"kind": "me"}


@pytest.fixture
def db_url(any_db_url: str) -> str:
    """Every test of this module runs on SQLite and on PostgreSQL."""
    return any_db_url


def bid(table: str, idx: int, amount: int) -> StoredAction:
    return StoredAction(table, idx, idx % 2, {"kind": "bid", "amount": amount})


def stored(store: Store, table: str) -> list[int]:
    data = store.load_table(table)
    assert data is not None
    return [a["amount"] for _, a in data.actions]


def test_groups_of_several_tables_are_stored_in_one_call_and_a_stale_one_is_refused_alone(
    make_client: Callable[..., TestClient], db_url: str
) -> None:
    client = make_client()
    a, b, c = (new_table(client, [ME, ME])["table"] for _ in range(3))
    store = Store(db_url)
    try:
        results = store.append_actions([[bid(a, 0, 1)], [bid(b, 0, 2), bid(b, 1, 3)], [bid(c, 4, 9)]])
        assert results[:2] == [None, None]
        assert isinstance(results[2], StaleWriteError)  # table c holds no action yet, not four
        assert stored(store, a) == [1]
        assert stored(store, b) == [2, 3]
        assert stored(store, c) == []
    finally:
        store.close()


def test_a_group_refused_past_its_first_action_leaves_nothing_and_the_others_are_stored(
    make_client: Callable[..., TestClient], db_url: str
) -> None:
    client = make_client()
    a, b = (new_table(client, [ME, ME])["table"] for _ in range(2))
    store = Store(db_url)
    try:
        # b's second action skips a place: the common transaction is rolled back, each group is
        # then stored on its own, and b's first action does not stay without its second
        results = store.append_actions([[bid(a, 0, 1)], [bid(b, 0, 2), bid(b, 2, 3)]])
        assert results[0] is None
        assert isinstance(results[1], StaleWriteError)
        assert stored(store, a) == [1]
        assert stored(store, b) == []
    finally:
        store.close()


def test_the_hub_commits_the_actions_waiting_meanwhile_together(
    make_client: Callable[..., TestClient], db_url: str
) -> None:
    client = make_client()
    tables = [new_table(client, [ME, ME])["table"] for _ in range(4)]
    store = Store(db_url)
    hub = Hub(store)
    calls: list[int] = []
    write = store.append_actions

    def counted(groups: list[list[StoredAction]]) -> list[Exception | None]:
        calls.append(len(groups))
        return write(groups)

    store.append_actions = counted  # type: ignore[method-assign]

    async def play() -> list[BaseException | None]:
        return await asyncio.gather(
            *(hub.store_actions([bid(t, 0, i)]) for i, t in enumerate(tables)),
            hub.store_actions([bid(tables[0], 5, 9)]),  # not its place: refused, the others stored
            return_exceptions=True,
        )

    try:
        answers = asyncio.run(play())
        assert answers[:4] == [None] * 4
        assert isinstance(answers[4], StaleWriteError)
        assert calls == [5]  # every table's action in one call, so one transaction
        assert [stored(store, t) for t in tables] == [[0], [1], [2], [3]]
    finally:
        hub._db_thread.shutdown(wait=True)
        store.close()

"""A retired table is shown with its game's title and seat names where they can still be read."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable

from fastapi.testclient import TestClient

from ghosttable.registry import game_class, load

ME = {"kind": "me"}


def _retire_with(db_url: str, table_id: str, **columns: object) -> None:
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        for column, value in columns.items():
            stored = json.dumps(value) if isinstance(value, dict) else value
            db.execute(f"UPDATE gt_tables SET {column} = ? WHERE id = ?", (stored, table_id))


def test_a_retired_table_keeps_its_games_title_and_seat_names(
    make_client: Callable[..., TestClient], db_url: str
) -> None:
    first = make_client()
    made = {}
    for case in ("bad_options", "bad_players", "unknown_game"):
        answer = first.post("/api/tables", json={"game": "run-ghost-run", "players": 2, "seats": [ME, ME]})
        assert answer.status_code == 200, answer.text
        made[case] = answer.json()["table"]
    first.__exit__(None, None, None)
    _retire_with(db_url, made["bad_options"], options={"no-such-option": 1})
    _retire_with(db_url, made["bad_players"], players=9, options={"no-such-option": 1})
    _retire_with(db_url, made["unknown_game"], game="no-such-game")

    client = make_client()
    title = game_class("run-ghost-run").spec.title
    colours = load("run-ghost-run", players=4).seat_names()
    for case, table_id in made.items():
        summary = client.get(f"/api/tables/{table_id}").json()
        assert summary["status"] == "retired", summary
        names = [s["name"] for s in summary["seats"]]
        if case == "unknown_game":
            assert summary["title"] == "no-such-game" and names == ["seat1", "seat2"]
        else:
            assert summary["title"] == title != "run-ghost-run"
            assert names == colours[:2], (case, names)

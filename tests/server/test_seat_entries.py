"""REST seat entries: a wrong shape is `malformed_request`, a well-formed seat the game refuses
`bad_option`; reasons quote the sent value as JSON spells it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

ME = {"kind": "me"}


@pytest.mark.parametrize(
    ("seats", "spelled"),
    [
        (["me"], '"me"'),
        ([True], "true"),
        ([None], "null"),
        ([{"kind": None}], "null"),
        ([{"kind": True}], "true"),
        ([{"kind": "robot"}], '"robot"'),
        ([{"kind": "ai", "bot": True}], "true"),
        ([{"kind": "ai", "bot": 3}], "3"),
    ],
)
def test_a_seat_of_the_wrong_shape_is_a_malformed_request_quoted_in_json(
    make_client: Callable[..., TestClient], seats: list[Any], spelled: str
) -> None:
    client = make_client()
    response = client.post("/api/tables", json={"game": "secret-draw", "seats": seats})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "malformed_request" and spelled in body["reason"], body
    assert "True" not in body["reason"] and "None" not in body["reason"]


def test_a_well_formed_seat_the_game_refuses_is_a_bad_option(make_client: Callable[..., TestClient]) -> None:
    client = make_client()
    response = client.post("/api/tables", json={"game": "secret-draw", "seats": [{"kind": "ai", "bot": "oracle"}]})
    assert response.status_code == 400 and response.json()["code"] == "bad_option"
    assert 'no bot "oracle"' in response.json()["reason"]
    response = client.post("/api/tables", json={"game": "old-house", "options": {"house": "elsewhere.toml"}})
    assert response.json()["code"] == "bad_option" and 'use "default"' in response.json()["reason"]

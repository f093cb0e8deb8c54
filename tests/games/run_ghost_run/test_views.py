"""The view's shape, as documented in docs/games/run_ghost_run.md."""

from __future__ import annotations

import json
from pathlib import Path

from ghosttable.games.run_ghost_run import hall
from tests.games.run_ghost_run.helpers import NO_FURNITURE, new_state, put, step

TOP_KEYS = {
    "view_version",
    "seat",
    "turn",
    "turns",
    "phase",
    "decision",
    "die_holder",
    "options",
    "players",
    "hall",
    "doors",
    "furniture",
    "ghosts",
    "keyhole",
    "ghost_shapes",
    "lying_factor",
    "midnight",
    "piles",
    "roll_off",
    "last_turn",
    "my_plan",
    "log",
}


def test_the_view_has_the_documented_shape() -> None:
    state = new_state(4, first=[NO_FURNITURE[9], NO_FURNITURE[8], NO_FURNITURE[7], NO_FURNITURE[6]])
    put(state, "blue-s1", "hall", "B2", "on")
    step(state, 0, "red-s1", "A2", 2)
    view = state.view(0)
    json.dumps(view)
    assert set(view) == TOP_KEYS
    doc = (Path(__file__).parents[3] / "docs" / "games" / "run_ghost_run.md").read_text()
    for key in TOP_KEYS:
        assert key in doc, key
    assert len(view["doors"]) == 24 and len(view["hall"]["spaces"]) == 36
    piano = next(f for f in view["furniture"] if f["name"] == "piano")
    assert piano["spaces"] == ["B2", "C2"] and piano["facing"] == "south" and piano["places"] == ["on"]
    assert all(len(b) == 6 for b in piano["boxes"])
    mirror = next(f for f in view["furniture"] if f["name"] == "mirror")
    assert mirror["mirror"]["axis"] == "y" and mirror["mirror"]["facing"] == 1
    blue = next(g for g in view["ghosts"] if g["id"] == "blue-s1")
    assert blue == {
        "id": "blue-s1",
        "owner": 1,
        "colour": "blue",
        "size": "small",
        "where": "hall",
        "space": "B2",
        "place": "on",
        "base": 0.8,
        "posture": "standing",
    }
    red = next(g for g in view["ghosts"] if g["id"] == "red-s1")
    assert red["where"] == "reserve"  # the sealed plan does not move it in the shared picture
    assert view["my_plan"]["points_left"] == 7
    assert {"id": "red-s1", "where": "hall", "space": "A2", "place": "floor"} in view["my_plan"]["ghosts_after"]
    eye = view["keyhole"]["eye"]
    assert eye["position"] == [round(v, 6) for v in hall.eye(view["keyhole"]["side"], view["keyhole"]["door"]).position]
    assert view["players"][0]["plan_done"] is False and view["decision"]["name"] == "plan_movement"

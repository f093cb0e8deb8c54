"""The view's shape, as documented in docs/games/run_ghost_run.md."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.views import eye_json
from tests.games.run_ghost_run.helpers import NO_FURNITURE, done, new_state, put, step

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
    "log_length",
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


def test_each_look_keeps_the_scene_the_keyhole_looked_at() -> None:
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("east", 1), script={"die": [6, 1]})
    put(state, "blue-s1", "hall", "A1")
    put(state, "red-s2", "hall", "B2", "on")
    put(state, "red-s3", "hall", "A4", "inside")
    before = state.view(None)
    done(state, 0, 1)
    state.chance.script("door_die", [1])
    state.apply(Action.make("keyhole", side="south"), 0)
    look = state.view(1)["last_turn"]["looks"][0]
    scene = look["scene"]
    # The eye is the one the keyhole had at that door; the boxes and the mirror are the hall's.
    assert scene["eye"] == eye_json("south", 1)
    assert sorted(b["box"] for b in scene["boxes"]) == sorted(b for f in before["furniture"] for b in f["boxes"])
    assert {b["piece"] for b in scene["boxes"]} == {f["name"] for f in before["furniture"]}
    assert scene["mirrors"] == [f["mirror"] for f in before["furniture"] if f["mirror"] is not None]
    # Every ghost in the hall at the look is there, seen or not, where it stood (on the piano: its top).
    ghosts = {g["ghost"]: g for g in scene["ghosts"]}
    assert set(ghosts) == {"blue-s1", "red-s2", "red-s3"}
    assert {s["ghost"] for s in look["seen"]} <= set(ghosts)
    assert "blue-s1" in {s["ghost"] for s in look["seen"]}
    assert ghosts["red-s2"]["place"] == "on" and ghosts["red-s2"]["base"] == 0.8
    assert ghosts["red-s3"]["place"] == "inside" and ghosts["blue-s1"]["space"] == "A1"
    assert state.board.ghosts["blue-s1"].where == "reserve"  # the seen ghost went home after the look
    json.dumps(scene)


def test_a_look_scene_read_later_is_the_scene_at_the_look() -> None:
    """The scene is written out when the report is first read: read after the board has changed,
    from the state or from a copy made before, it is still what the keyhole looked at."""

    def looked() -> Any:
        state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("east", 1), script={"die": [6, 1]})
        put(state, "blue-s1", "hall", "A1")
        put(state, "red-s2", "hall", "B2", "on")
        done(state, 0, 1)
        state.chance.script("door_die", [1])
        state.apply(Action.make("keyhole", side="south"), 0)
        return state

    at_once = looked()
    expected = json.loads(json.dumps(at_once.view(0)["last_turn"]["looks"][0]["scene"]))
    later = looked()
    twin = later.clone()
    name = next(iter(later.board.furniture))
    before = later.board.furniture[name]
    for ghost in later.board.ghosts.values():
        ghost.to_side("reserve")
    later.board.furniture[name] = type(before)(before.col, before.row, (before.rotation + 90) % 360, before.posture)
    put(later, "red-s1", "hall", "F6")
    assert later.report["looks"][0]["scene"] == expected
    assert twin.view(1)["last_turn"]["looks"][0]["scene"] == expected
    assert later.fingerprint() != at_once.fingerprint()  # the board did change

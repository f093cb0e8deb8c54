"""A stored table of an older rules version that the game can still play as (``Game.as_version``)
is rebuilt under that version: a Run, Ghost, Run! table created under 2.0 keeps its classic hall
and its log after an upgrade to 3.0, and its record says 2.0. One created under 1.0, whose plans
went into the history step by step (their length public before the reveal), is not played on: its
record replays, the table is retired."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from itertools import islice
from pathlib import Path

import pytest

from ghosttable.ai.base import choose_whole, make_bot
from ghosttable.core import replay
from ghosttable.core.errors import GameError
from ghosttable.core.records import Record, replay_states
from ghosttable.server.rooms import build_room
from ghosttable.server.storage import SeatData, TableData

RECORDS = Path(__file__).parents[1] / "games" / "run_ghost_run" / "records"
RECORD = RECORDS / "rules-2.0-random-both.json"


def _stored(doc: dict[str, object], version: str, actions: int) -> TableData:
    now = datetime.now(UTC)
    return TableData(
        id="t2",
        game=str(doc["game"]),
        version=version,
        players=4,
        options=dict(doc["options"]),  # type: ignore[call-overload]
        seed=int(doc["seed"]),  # type: ignore[call-overload]
        script={},
        status="playing",
        outcome=None,
        record=None,
        created_at=now,
        updated_at=now,
        seats=[SeatData(seat, "ai", "random") for seat in range(4)],
        actions=[(seat, action) for seat, action in doc["actions"][:actions]],  # type: ignore[index]
    )


def test_a_table_of_rules_2_0_is_rebuilt_as_2_0_and_its_record_says_so() -> None:
    doc = json.loads(RECORD.read_text("utf-8"))
    half = len(doc["actions"]) // 2
    room = build_room(_stored(doc, "2.0", half))
    assert room.game.spec.version == "2.0" and room.game.options["layout"] == "classic"
    expected = next(islice(replay_states(Record.from_json(doc)), half, None))
    assert room.state.fingerprint() == expected.fingerprint()
    assert room.state.record().to_json()["version"] == "2.0"
    assert not any("the plans are revealed" in str(line) for line in room.state.log)  # type: ignore[attr-defined]


def test_a_table_of_rules_1_0_is_not_played_on_but_its_record_replays() -> None:
    doc = json.loads((RECORDS / "rules-1.0-heuristic-four.json").read_text("utf-8"))
    actions = doc["actions"]
    # stop inside a plan phase, after a step, so that the next action is another seat's step or done
    cut = next(i for i in range(len(actions) // 2, len(actions)) if actions[i - 1][1]["kind"] == "step")
    with pytest.raises(GameError, match=r"version 1\.0, whose records replay but whose tables are not played on"):
        build_room(_stored(doc, "1.0", cut))
    # the game as 1.0 played it goes on step by step, each step its own action, and its record replays
    state = next(islice(replay_states(Record.from_json(doc)), cut, None))
    assert state.game.spec.version == "1.0" and not state.game.plays_on
    bots = [make_bot(state.game, "random", seat, seat) for seat in range(4)]
    while not state.is_terminal():
        seat = state.acting_seats()[0]
        state.apply(choose_whole(bots[seat], state, seat), seat)
    record = state.record().to_json()
    assert record["version"] == "1.0" and "step" in {a["kind"] for _, a in record["actions"][cut:]}
    assert replay(record).fingerprint() == state.fingerprint()


def test_a_table_of_the_installed_version_is_rebuilt_under_the_installed_rules() -> None:
    doc = json.loads(RECORD.read_text("utf-8"))
    room = build_room(_stored(doc, "3.0", 0))
    assert room.game.spec.version == "3.0" and room.game.options["layout"] == "balanced"

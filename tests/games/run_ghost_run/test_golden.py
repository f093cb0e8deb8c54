"""Golden playthroughs: seeded games whose every outcome is pinned, so that any change of behaviour
shows (bump ``spec.version`` and re-pin when a change is meant)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game
from ghosttable.core import Record, RecordError, replay
from ghosttable.games.run_ghost_run import RunGhostRun
from ghosttable.games.run_ghost_run.game import RunGhostRunVersion1

GOLDEN = [
    ({}, 32, [12, 2, 12], [1.0, -1.0, 1.0], "ce354c1b0511f0e8bd5bfe491801a90d"),
    ({"merging": True, "midnight": True}, 31, [8, 1, 4], [1.0, -1.0, -1.0], "4da93349f53563aba9de97e74479d27f"),
]
"""Re-pinned for rules version 2.0: the record keeps one action a plan (the game without options,
67 actions under 1.0, keeps 33, with the same points), and the Midnight Strikes cards read as the
seed writes them (the second game's points changed from [2, 1, 0]). Re-pinned for 3.0, whose games
start from the ``balanced`` layout (on ``classic`` the points were [11, 2, 9] and [2, 0, 0]) and
whose log tells the reveal's steps and the roll-off's dice."""


@pytest.mark.parametrize(("options", "decisions", "points", "returns", "fingerprint"), GOLDEN)
def test_golden_playthrough(
    options: dict[str, bool], decisions: int, points: list[int], returns: list[float], fingerprint: str
) -> None:
    game = RunGhostRun(3, **options)
    bots = [make_bot(game, name, seat, 100 + seat) for seat, name in enumerate(["heuristic", "random", "heuristic"])]
    state = play_game(game, bots, 2026)
    assert len(state.history) == decisions
    assert [state.points(s) for s in range(3)] == points
    assert state.returns() == returns
    assert state.fingerprint() == fingerprint
    record = Record.from_json(json.loads(json.dumps(state.record().to_json())))
    assert replay(record).fingerprint() == fingerprint


RECORDS = Path(__file__).parent / "records"


@pytest.mark.parametrize("name", ["rules-2.0-random-both", "rules-2.0-expert-plain"])
def test_records_of_rules_2_0_replay_on_the_classic_layout(name: str) -> None:
    """Rules 3.0 changed the starting layout and had the log tell the reveal's steps and the
    roll-off's dice: a 2.0 record (four seats; one with both
    options and eight furniture moves, one with five moves by ``expert``) replays on ``classic``
    to the final state it names, and on the new default it does not."""
    doc = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    assert doc["version"] == "2.0" and "layout" not in doc["options"]
    state = replay(doc)
    assert state.game.options["layout"] == "classic"
    assert state.fingerprint() == doc["result"]["final"]
    balanced = RunGhostRun(4, **doc["options"])
    assert balanced.options["layout"] == "balanced"
    with pytest.raises(RecordError):
        replay(doc, game=balanced)


RULES_1_0 = {
    "rules-1.0-heuristic-four": [],
    "rules-1.0-heuristic-merging": [],
    "rules-1.0-random-two": [],
    "rules-1.0-midnight-tag": ["tag_youre_it", "big_brother"],
    "rules-1.0-midnight-dizzy": ["im_dizzy", "big_brother"],
    "rules-1.0-midnight-merging": ["im_dizzy", "big_brother"],
}
"""Records made by rules 1.0 (``simulate``, seeds 0 on): heuristic players (four seats; two with
merging), random players (two seats, the furniture moved standing), and heuristic players with
Midnight Strikes (two seats, and three with merging), naming the 1.0 cards they drew."""


@pytest.mark.parametrize("name", sorted(RULES_1_0))
def test_records_of_rules_1_0_replay_step_by_step(name: str) -> None:
    """Rules 2.0 sealed a plan as one action and read five Midnight Strikes cards anew: a 1.0
    record, its plans kept as ``step`` and ``done`` actions, replays through
    ``RunGhostRun.as_version("1.0")`` on ``classic`` to the final state and returns it names, its
    history holding every action of the record."""
    doc = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    assert doc["version"] == "1.0" and {"step", "done"} <= {a["kind"] for _, a in doc["actions"]}
    state = replay(doc)
    assert isinstance(state.game, RunGhostRunVersion1)
    assert state.game.options["layout"] == "classic"
    assert state.fingerprint() == doc["result"]["final"]
    assert state.returns() == doc["result"]["returns"]
    assert len(state.history) == len(doc["actions"])
    assert state.record().to_json()["version"] == "1.0"
    drawn = [line.rsplit(": ", 1)[1] for line in state.log if "draws Midnight Strikes:" in line]  # type: ignore[attr-defined]
    assert set(RULES_1_0[name]) <= set(drawn)


@pytest.mark.parametrize("name", [n for n, cards in RULES_1_0.items() if cards])
def test_records_of_rules_1_0_need_its_midnight_readings(name: str) -> None:
    """With the plans kept step by step but the cards read as 2.0 reads them, the Midnight
    Strikes records of 1.0 are refused: their games turned on 1.0's readings."""

    class StepByStepOnly(RunGhostRunVersion1):
        midnight_as_written = True

    doc = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    with pytest.raises(RecordError):
        replay(doc, game=StepByStepOnly(doc["players"], **doc["options"], layout="classic"))


def test_a_rules_1_0_record_is_not_a_sealed_one() -> None:
    """Under sealing (2.0 on) a plan's steps stay out of the history and ``done`` is kept as a
    ``seal``: the game as 1.0 with sealing does not give back the 1.0 record's history."""

    class Sealing(RunGhostRunVersion1):
        seals_plans = True

    doc = json.loads((RECORDS / "rules-1.0-heuristic-four.json").read_text("utf-8"))
    with pytest.raises(RecordError):
        replay(doc, game=Sealing(4, **doc["options"], layout="classic"))


def test_other_rules_versions_are_refused() -> None:
    doc = json.loads((RECORDS / "rules-2.0-random-both.json").read_text("utf-8"))
    unsigned = {k: v for k, v in doc.items() if k != "checksum"}
    with pytest.raises(RecordError, match=r"version 0\.9; this is version 3\.0"):
        replay(dict(unsigned, version="0.9"))
    assert RunGhostRun(2).as_version("0.9") is None
    older = RunGhostRun(2, merging=True).as_version("2.0")
    assert older is not None and older.players == 2
    assert older.options == {"merging": True, "midnight": False, "layout": "classic"}
    first = RunGhostRun(3, midnight=True).as_version("1.0")
    assert isinstance(first, RunGhostRunVersion1) and first.spec.version == "1.0"
    assert first.options == {"merging": False, "midnight": True, "layout": "classic"}

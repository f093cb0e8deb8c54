"""Golden playthroughs: seeded games whose every outcome is pinned, so that any change of behaviour
shows (bump ``spec.version`` and re-pin when a change is meant)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game
from ghosttable.core import Record, RecordError, replay
from ghosttable.games.run_ghost_run import RunGhostRun, hall
from ghosttable.games.run_ghost_run.data import TIPPED_ON_BACK, game_data
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


RULES_1_0: dict[str, tuple[list[str], bool, bool]] = {
    "rules-1.0-heuristic-four": ([], False, False),
    "rules-1.0-heuristic-merging": ([], False, False),
    "rules-1.0-random-two": ([], False, False),
    "rules-1.0-random-tipped": ([], False, True),
    "rules-1.0-random-merging-midnight": (["overexcited", "tag_youre_it"], False, True),
    "rules-1.0-midnight-tag": (["tag_youre_it", "big_brother"], True, False),
    "rules-1.0-midnight-dizzy": (["im_dizzy", "big_brother"], True, False),
    "rules-1.0-midnight-merging": (["im_dizzy", "big_brother"], True, False),
    "rules-1.0-midnight-overexcited": (["overexcited"], False, True),
    "rules-1.0-midnight-dance-floor": (["dance_floor"], True, True),
}
"""Records made by rules 1.0's own code (``simulate``, seeds 0 on), each with the changed Midnight
Strikes cards it drew, whether its game turned on 1.0's readings of them and whether on 1.0's
``tipped`` (onto a piece's back): heuristic players (four seats; two with merging; two, and three
with merging, with Midnight Strikes), random players (two seats, the furniture moved standing, then
tipped once; two with both options; four with Midnight Strikes and Dance Floor)."""


@pytest.mark.parametrize("name", sorted(RULES_1_0))
def test_records_of_rules_1_0_replay_step_by_step(name: str) -> None:
    """Rules 2.0 sealed a plan as one action, tipped pieces onto their side and read five Midnight
    Strikes cards anew: a 1.0 record, its plans kept as ``step`` and ``done`` actions, replays
    through ``RunGhostRun.as_version("1.0")`` on ``classic`` to the final state and returns it
    names, its history holding every action of the record."""
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
    assert set(RULES_1_0[name][0]) <= set(drawn)


class _ReadAsWritten(RunGhostRunVersion1):
    midnight_as_written = True


class _TippedOntoTheSide(RunGhostRunVersion1):
    tips_onto_side = True


@pytest.mark.parametrize(
    ("name", "game"),
    [(n, _ReadAsWritten) for n, (_, readings, _) in RULES_1_0.items() if readings]
    + [(n, _TippedOntoTheSide) for n, (_, _, tipped) in RULES_1_0.items() if tipped],
)
def test_records_of_rules_1_0_need_its_readings(name: str, game: type[RunGhostRunVersion1]) -> None:
    """With the plans kept step by step but the Midnight Strikes cards read, or ``tipped`` laid
    down, as 2.0 does, these 1.0 records are refused: their games turned on 1.0's rules."""
    doc = json.loads((RECORDS / f"{name}.json").read_text("utf-8"))
    with pytest.raises(RecordError):
        replay(doc, game=game(doc["players"], **doc["options"], layout="classic"))


def test_a_piece_tipped_under_rules_1_0_lies_on_its_back_and_reads_tipped() -> None:
    """1.0's ``tipped``: local ``(u, v, z)`` becomes ``(u, z, back - v)``; the mirror (1 x 1
    spaces, 1.4 high) lies 1 wide and 2 deep (on its side, 2.0 on: 2 wide, 1 deep) and offers
    ``on``, and the view still says ``tipped``."""
    doc = json.loads((RECORDS / "rules-1.0-random-tipped.json").read_text("utf-8"))
    state = replay(doc)
    tipped = [n for n, at in state.board.furniture.items() if at.posture == TIPPED_ON_BACK]  # type: ignore[attr-defined]
    assert tipped
    view = state.view(None)
    assert {f["posture"] for f in view["furniture"]} <= {"standing", "tipped"}
    mirror = game_data().pieces["mirror"]
    assert hall.footprint_size(mirror, 0, TIPPED_ON_BACK) == (1, 2)
    assert hall.footprint_size(mirror, 0, "tipped") == (2, 1)
    assert [p.name for p in hall.places_in(mirror, TIPPED_ON_BACK)] == ["on"]


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

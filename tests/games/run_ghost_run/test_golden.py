"""Golden playthroughs: seeded games whose every outcome is pinned, so that any change of behaviour
shows (bump ``spec.version`` and re-pin when a change is meant)."""

from __future__ import annotations

import json

import pytest

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game
from ghosttable.core import Record, replay
from ghosttable.games.run_ghost_run import RunGhostRun

GOLDEN = [
    ({}, 33, [11, 2, 9], [1.0, -1.0, -1.0], "684a417569fbc7d933c0e6492c92a4f9"),
    ({"merging": True, "midnight": True}, 31, [2, 0, 0], [1.0, -1.0, -1.0], "e0a4f27a466538c6ce974741dc5b498e"),
]
"""Re-pinned for rules version 2.0: the record keeps one action a plan (the game without options,
67 actions under 1.0, keeps 33, with the same points), and the Midnight Strikes cards read as the
seed writes them (the second game's points changed from [2, 1, 0]). Re-pinned again, same rules
version, when the log came to tell the reveal's steps and the roll-off's dice (the fingerprint
counts the log's lines; every action and outcome is as before)."""


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

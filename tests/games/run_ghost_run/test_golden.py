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
    ({}, 67, [11, 2, 9], [1.0, -1.0, -1.0], "d1b6c5b98c46f458194d6962ffaa8f69"),
    ({"merging": True, "midnight": True}, 59, [2, 1, 0], [1.0, -1.0, -1.0], "4eed360be84ad6f67eae097266dcde25"),
]


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

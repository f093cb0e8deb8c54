"""The kernel's conformance harness over 2,000 seeded random games: 500 per player count, spread
over every rule option value (the four levels among them)."""

from __future__ import annotations

import pytest

from ghosttable.core.conformance import check_game


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_conformance(players: int) -> None:
    report = check_game("ghost-stories", players=[players], games=500, seed=players, deep_every=25, replay_every=12)
    assert report.ok and report.games == 500
    assert report.decisions > 500 * 10

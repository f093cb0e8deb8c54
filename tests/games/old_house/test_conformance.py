"""The kernel's conformance harness over 2,000 seeded random games of The Mystery of the Old House.

Its leak check covers the two secrets: ``secrets(seat)`` declares the Phantom's private record
(cell, route, Move cards) for hunters and spectators, and the hunters' trap list for the Phantom
and spectators; ``determinize`` resamples the Phantom's whole hidden route (hunters) and the
untriggered traps' cells (the Phantom), so any view or filtered log that showed them would change.
"""

from __future__ import annotations

import pytest

from ghosttable.core.conformance import check_game
from tests.games.old_house.helpers import SMALL


@pytest.mark.slow
def test_conformance_over_two_thousand_games() -> None:
    report = check_game("old-house", games=2000, seed=11, deep_every=800, replay_every=250)
    assert report.ok and report.games == 2000
    assert report.probes > 0 and report.decisions > 100_000


def test_conformance_deeply_on_the_small_house() -> None:
    options = [
        {"house": SMALL},
        {"house": SMALL, "wrong-guess": "this-turn"},
        {"house": SMALL, "checks-reveal-route": True},
        {"house": SMALL, "three-hunters": "balanced"},
    ]
    report = check_game("old-house", options=options, games=48, seed=3, deep_every=7, replay_every=3)
    assert report.ok and report.games == 48

from __future__ import annotations

import pytest

from ghosttable.core import ConformanceError
from ghosttable.core.conformance import check_game, option_sets
from tests.toygame import LeakyDraw, MutatingDraw, SecretDraw, UnreplayableDraw


def test_harness_passes_a_correct_game() -> None:
    report = check_game(SecretDraw, games=120, seed=3)
    assert report.ok and report.games == 120
    assert report.decisions > 0 and report.probes > 0
    assert len(report.configurations) == 2 * len(option_sets(SecretDraw)) == 6


def test_harness_catches_a_leaking_view() -> None:
    with pytest.raises(ConformanceError, match="changes under determinization"):
        check_game(LeakyDraw, games=10)


def test_harness_catches_a_record_that_does_not_replay() -> None:
    with pytest.raises(ConformanceError, match=r"replay differs|does not replay|does not match"):
        check_game(UnreplayableDraw, games=10)


def test_harness_catches_an_illegal_action_that_mutates_state() -> None:
    with pytest.raises(ConformanceError, match="refused action changed the state"):
        check_game(MutatingDraw, games=10)

"""The kernel's fast paths: interned actions, trusted application, random playouts, the bench."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ghosttable
from ghosttable.core import actions as actions_module
from ghosttable.core.actions import Action
from ghosttable.core.playout import derive_seed, random_playout
from ghosttable.core.records import replay
from tests.clirun import run
from tests.optional import required


def test_equal_actions_made_are_one_object_and_types_stay_apart() -> None:
    assert Action.make("move", tile=3) is Action.make("move", tile=3)
    assert Action.make("pick", card=True) is not Action.make("pick", card=1)
    assert Action.make("pick", card=True).to_json() == {"kind": "pick", "card": True}
    assert Action.make("pick", card=1).to_json() == {"kind": "pick", "card": 1}
    assert Action.make("pick", cards=(1, True)).to_json() == {"kind": "pick", "cards": [1, True]}
    assert Action.make("pick", cards=(1, 1)).to_json() == {"kind": "pick", "cards": [1, 1]}
    assert Action.make("pick", cards=[1, 1]) is Action.make("pick", cards=(1, 1))


def test_a_refused_value_is_refused_even_when_an_equal_action_is_interned() -> None:
    Action.make("pick", card=1)
    with pytest.raises(ghosttable.GameError, match="fraction"):
        Action.make("pick", card=1.0)
    with pytest.raises(ghosttable.GameError, match="fraction"):
        Action.make("pick", cards=(1.0,))


def test_actions_read_from_outside_are_not_interned() -> None:
    before = len(actions_module._INTERNED)
    for i in range(200):
        Action.parse(f"say word=w{i}")
        Action.from_json({"kind": "say", "word": f"j{i}"})
    assert len(actions_module._INTERNED) == before
    assert Action.parse("move tile=3") == Action.make("move", tile=3)


@pytest.mark.parametrize("name", ghosttable.game_names())
def test_random_playouts_end_and_their_records_replay(name: str) -> None:
    game = ghosttable.load(name)
    for k in range(3):
        state = game.new_initial_state(derive_seed(5, k))
        made = random_playout(state, random.Random(k))
        assert state.is_terminal()
        # every decision made is kept, but a staged one's (a plan's steps: the history keeps its seal)
        assert made >= len(state.history) > 0
        assert made == len(state.history) or name == "run-ghost-run"
        assert replay(state.record()).fingerprint() == state.fingerprint()


@pytest.mark.parametrize("name", [n for n in ghosttable.game_names() if n != "run-ghost-run"])
def test_the_default_draw_is_the_listing_choice(name: str) -> None:
    # the kernel's own draw: ``rng.choice`` of the listing, so these playouts go as they always did
    # (Run, Ghost, Run! draws its own way, uniformly: its listing test reads its slots)
    game = ghosttable.load(name)
    played, listed = game.new_initial_state(derive_seed(9, 0)), game.new_initial_state(derive_seed(9, 0))
    made = random_playout(played, random.Random(4), max_decisions=120)
    rng = random.Random(4)
    for _ in range(made):
        seat = listed.acting_seats()[0]
        listed.apply_legal(rng.choice(listed.legal_actions(seat)), seat)
    assert made > 0 and played.fingerprint() == listed.fingerprint()


def test_a_playout_stops_after_its_budget() -> None:
    state = ghosttable.load("ghost-stories").new_initial_state(1)
    assert random_playout(state, random.Random(1), max_decisions=5) == 5
    assert len(state.history) == 5 and not state.is_terminal()


def test_bench_against_openspiel_prints_each_game_and_the_ratio(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    required("pyspiel")
    code, out, err = run(["bench", "all", "--against-openspiel", "--seconds", "0.3", "--json"], capsys, monkeypatch)
    assert code == 0, err
    figures = json.loads(out)
    assert figures["openspiel"]["game"] == "python_tic_tac_toe"
    assert figures["openspiel"]["decisions_per_second"] > 0
    assert sorted(row["game"] for row in figures["games"]) == sorted(ghosttable.game_names())
    for row in figures["games"]:
        assert row["decisions"] > 0
        expected = row["decisions_per_second"] / figures["openspiel"]["decisions_per_second"]
        assert row["ratio"] == pytest.approx(expected)
    profile = tmp_path / "playouts.prof"
    argv = ["bench", "old-house", "--against-openspiel", "--seconds", "0.3", "--profile", str(profile)]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    assert "ratio to tic-tac-toe" in out and "tottime" in out
    assert profile.stat().st_size > 0


def test_bench_against_openspiel_refuses_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["bench", "old-house", "--against-openspiel", "--bot", "random"], capsys, monkeypatch)
    assert code == 2
    assert err.startswith("error: ") and "Traceback" not in err


def test_bench_refuses_a_profile_it_could_not_write_before_running(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "no-such-folder" / "playouts.prof"
    code, out, err = run(["bench", "old-house", "--seconds", "30", "--profile", str(missing)], capsys, monkeypatch)
    assert code == 2
    assert err.startswith("error: ") and "cannot write" in err and "Traceback" not in err
    assert out == ""

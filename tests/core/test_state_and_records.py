from __future__ import annotations

import json
from pathlib import Path

import pytest

import ghosttable
from ghosttable.ai.play import simulate
from ghosttable.core import (
    SIMULTANEOUS,
    Action,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    Record,
    RecordError,
    UnknownGameError,
    replay,
)
from tests.toygame import SecretDraw


def test_load_checks_players_and_options(secret_draw: type[SecretDraw]) -> None:
    game = ghosttable.load("secret-draw", players=3, bids="high", swaps="false")
    assert game.players == 3 and game.options == {"swaps": False, "bids": "high"}
    with pytest.raises(OptionError, match="2 to 3 players"):
        ghosttable.load("secret-draw", players=5)
    with pytest.raises(OptionError, match="no option"):
        ghosttable.load("secret-draw", colour="red")
    with pytest.raises(OptionError, match="one of low, high"):
        ghosttable.load("secret-draw", bids="huge")
    with pytest.raises(UnknownGameError):
        ghosttable.load("chess")
    # A refused value is spelt as a JSON client sent it; an integer option takes no fraction.
    with pytest.raises(OptionError, match="takes true or false, not null"):
        ghosttable.load("secret-draw", swaps=None)
    from ghosttable.core.spec import RuleOption

    rounds = RuleOption("rounds", 3, "How many rounds.")
    assert rounds.parse(4) == 4 and rounds.parse("5") == 5
    for fraction in (2.5, 4.0):  # a JSON number with a fraction is not an integer, even 4.0
        with pytest.raises(OptionError, match=rf"takes an integer \(written 4, -1\), not {fraction}"):
            rounds.parse(fraction)


def test_simultaneous_bids_then_turns_with_scripted_deck() -> None:
    game = SecretDraw(2)
    state = game.new_initial_state(seed=1, script={"deck": [[1, 2, 3, 4, 5, 6, 7, 9, 8]]})
    assert state.cards == [8, 9]  # type: ignore[attr-defined]
    assert state.current_player == SIMULTANEOUS
    assert state.acting_seats() == (0, 1)
    with pytest.raises(NotYourTurnError):
        state.apply("bid amount=1")  # two seats act: the seat must be named
    state.apply("bid amount=2", 1)
    assert state.view(0)["bids"] == [False, True]  # seat 1's bid stays sealed
    with pytest.raises(NotYourTurnError):
        state.apply("bid amount=1", 1)
    state.apply({"kind": "bid", "amount": 0}, 0)
    assert state.view(0)["bids"] == [0, 2]
    assert state.current_player == 0
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match="not a choice"):
        state.apply("bid amount=1")
    with pytest.raises(MalformedActionError):
        state.apply("{oops")
    assert state.fingerprint() == before
    state.apply("swap")
    assert state.cards[0] == 7  # type: ignore[attr-defined]
    state.apply("keep")
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]
    assert state.outcome() == "seat2"
    with pytest.raises(GameOverError):
        state.apply("keep")


def test_decision_points_give_stable_indices() -> None:
    state = SecretDraw(2).new_initial_state(3)
    decision = state.decision(0)
    assert decision is not None and decision.name == "seal_bid"
    assert [decision.index(a) for a in decision.actions] == list(range(3))
    assert state.decision(5) is None


def test_record_replays_exactly_and_tampering_is_refused(secret_draw: type[SecretDraw]) -> None:
    game = ghosttable.load("secret-draw", players=3)
    result = simulate(game, ["random"] * 3, 1, seed=4)
    assert result.games == 1
    state = game.new_initial_state(11, script={"deck": [[9, 8, 7, 6, 5, 4, 3, 2, 1]]})
    for seat in (0, 1, 2):
        state.apply("bid amount=1", seat)
    for _ in range(3):
        state.apply("swap")
    doc = state.record().to_json()
    again = replay(json.dumps(doc))
    assert again.fingerprint() == state.fingerprint()

    edited = dict(doc, seed=12)
    with pytest.raises(RecordError, match="checksum"):
        replay(edited)
    unsigned = {k: v for k, v in doc.items() if k != "checksum"}
    unsigned["actions"] = [*doc["actions"][:-1], [2, {"kind": "bid", "amount": 1}]]
    with pytest.raises(RecordError, match="refused"):
        replay(unsigned)
    wrong_result = dict(unsigned, actions=doc["actions"], result=dict(doc["result"], returns=[1, 1, 1]))
    with pytest.raises(RecordError, match="does not match"):
        replay(wrong_result)
    with pytest.raises(RecordError, match="version"):
        replay(dict(unsigned, actions=doc["actions"], version="0"))
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.from_json("{")
    with pytest.raises(RecordError, match="this is not a game record: it has no 'format' field"):
        Record.from_json('{"foo": 1}')
    with pytest.raises(RecordError, match="unknown record format 7 "):
        Record.from_json('{"format": 7}')
    for bad_result in (5, True, "x", [1, 2]):
        with pytest.raises(RecordError, match="'result' field has the wrong type"):
            replay(dict(unsigned, actions=doc["actions"], result=bad_result))


def test_a_record_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe\x00bin")
    with pytest.raises(RecordError, match="not UTF-8"):
        Record.load(path)


def test_clones_are_independent() -> None:
    state = SecretDraw(2).new_initial_state(5)
    twin = state.clone()
    twin.apply("bid amount=1", 0)
    assert state.acting_seats() == (0, 1)
    assert twin.fingerprint() != state.fingerprint()


def test_a_hand_written_record_may_leave_out_the_checksum_and_use_the_text_form(
    secret_draw: type[SecretDraw], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from ghosttable.cli import main

    game = ghosttable.load("secret-draw", players=3)
    state = game.new_initial_state(11, script={"deck": [[9, 8, 7, 6, 5, 4, 3, 2, 1]]})
    for seat in (0, 1, 2):
        state.apply("bid amount=1", seat)
    doc = state.record().to_json()
    assert Record.from_json(doc).checksummed
    by_hand = {k: v for k, v in doc.items() if k != "checksum"}
    by_hand["actions"] = [[seat, str(Action.from_json(a))] for seat, a in doc["actions"]]
    record = Record.from_json(by_hand)
    assert not record.checksummed and record.actions == Record.from_json(doc).actions
    assert replay(record).fingerprint() == state.fingerprint()
    with pytest.raises(RecordError, match="action 0 of the record is malformed: expected name=value"):
        Record.from_json(dict(by_hand, actions=[[0, "bid 1"]]))

    path = tmp_path / "by-hand.json"
    path.write_text(json.dumps(by_hand), encoding="utf-8")
    monkeypatch.setattr(sys, "argv", ["ghosttable", "replay", str(path), "--json"])
    main()
    assert json.loads(capsys.readouterr().out)["checksum"] == "absent"
    monkeypatch.setattr(sys, "argv", ["ghosttable", "replay", str(path)])
    main()
    assert "no checksum" in capsys.readouterr().out


def test_records_that_nest_too_deep_or_script_nonsense_are_refused(secret_draw: type[SecretDraw]) -> None:
    game = ghosttable.load("secret-draw", players=3)
    state = game.new_initial_state(11)
    doc = {k: v for k, v in state.record().to_json().items() if k != "checksum"}
    with pytest.raises(RecordError, match="too deep"):
        Record.from_json("[" * 5000 + "]" * 5000)
    for script in ({"deck": 5}, {"deck": None}, {"deck": [5]}, {"deck": [[1, 1, 1]]}, {"deck": [None]}):
        with pytest.raises(RecordError, match="script"):
            replay(dict(doc, script=script))

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

import ghosttable
from ghosttable.core import Action, IllegalActionError, MalformedActionError, Record, RecordError, replay
from ghosttable.core.jsonio import NonStandardJSONError, loads_strict
from ghosttable.server import protocol
from tests.core.test_cli import run
from tests.toygame import SecretDraw

NON_STANDARD = ("NaN", "Infinity", "-Infinity", "1e999", "-1e999")


@pytest.mark.parametrize("number", NON_STANDARD)
def test_the_strict_reader_refuses_what_standard_json_has_not(number: str) -> None:
    with pytest.raises(NonStandardJSONError, match=re.escape(number)):
        loads_strict(f'{{"score": {number}}}')
    assert loads_strict('{"score": 1.5e3, "n": -2}') == {"score": 1500.0, "n": -2}


def test_the_server_reads_client_messages_with_the_same_reader() -> None:
    assert protocol.loads_strict is loads_strict


def test_an_action_in_json_text_with_nan_is_malformed() -> None:
    with pytest.raises(MalformedActionError, match="not standard JSON: NaN"):
        Action.from_json('{"kind": "bid", "amount": NaN}')


def _record_text_with(secret_draw: type[SecretDraw], number: str) -> str:
    game = ghosttable.load("secret-draw", players=2)
    state = game.new_initial_state(3)
    state.apply("bid amount=1", 0)
    doc = {k: v for k, v in state.record().to_json().items() if k != "checksum"}
    text = json.dumps(doc)
    assert replay(text).fingerprint() == state.fingerprint()  # the same record, standard, replays
    return text.replace('"amount": 1', f'"amount": {number}')


@pytest.mark.parametrize("number", NON_STANDARD)
def test_a_record_holding_a_non_standard_number_is_refused(secret_draw: type[SecretDraw], number: str) -> None:
    with pytest.raises(RecordError, match=f"not standard JSON: {re.escape(number)} is"):
        Record.from_json(_record_text_with(secret_draw, number))


def test_replay_of_such_a_file_ends_with_one_line_and_exit_2(
    secret_draw: type[SecretDraw], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "record.json"
    path.write_text(_record_text_with(secret_draw, "Infinity"), encoding="utf-8")
    code, out, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.strip() == "error: the record is not standard JSON: Infinity is not a JSON number"


def test_the_strict_reader_refuses_repeated_keys_and_lone_surrogates() -> None:
    with pytest.raises(NonStandardJSONError, match='the key "card" appears twice'):
        loads_strict('{"kind": "take_card", "card": 1, "card": 2}')
    for text in ('{"ref": "\\ud800"}', '["\\udfff"]', '{"\\ud800": 1}', '{"a": [{"b": "x\\udc00"}]}'):
        with pytest.raises(NonStandardJSONError, match="lone surrogate"):
            loads_strict(text)
    assert loads_strict('{"a": "\\ud83d\\ude00"}') == {"a": "\U0001f600"}  # a proper surrogate pair


def test_an_action_names_a_parameter_once(secret_draw: type[SecretDraw]) -> None:
    with pytest.raises(MalformedActionError, match="'amount' is given twice"):
        Action.parse("bid amount=1 amount=2")
    with pytest.raises(MalformedActionError, match="appears twice"):
        Action.from_json('{"kind": "bid", "amount": 1, "amount": 2}')


def test_true_is_not_the_number_one(secret_draw: type[SecretDraw]) -> None:
    state = ghosttable.load("secret-draw", players=2).new_initial_state(3)
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=r"wrong type .* write bid amount=1"):
        state.apply({"kind": "bid", "amount": True}, 0)
    assert state.fingerprint() == before
    state.apply({"kind": "bid", "amount": 1}, 0)


def test_a_record_path_that_is_not_a_regular_file_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # opening it would wait for a writer forever
    for path in (fifo, Path("/dev/zero")):
        with pytest.raises(RecordError, match="not a regular file"):
            Record.load(path)

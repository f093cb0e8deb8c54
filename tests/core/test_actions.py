from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ghosttable.core import Action, MalformedActionError, coerce_action

words = st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True)
text_values = st.from_regex(r"[A-Za-z][A-Za-z0-9_.-]{0,8}", fullmatch=True).filter(
    lambda s: s not in ("none", "true", "false") and not s.lstrip("-").isdigit()
)
scalars = st.one_of(st.integers(-1000, 1000), st.booleans(), text_values)
values = st.one_of(scalars, st.tuples(scalars, scalars), st.just(()), st.tuples(scalars))


@given(words, st.dictionaries(words, values, max_size=4))
def test_json_and_text_forms_round_trip(kind: str, params: dict[str, object]) -> None:
    action = Action.make(kind, **params)
    assert Action.from_json(action.to_json()) == action
    assert Action.parse(str(action)) == action
    assert coerce_action(str(action)) == action
    assert hash(action) == hash(Action.make(kind, **params))


def test_text_form_reads_as_written() -> None:
    action = Action.make("exorcise", ghost=3, tokens=["red", "black"], pay=False)
    assert str(action) == "exorcise ghost=3 pay=false tokens=red,black"
    assert action["ghost"] == 3
    assert action.get("missing") is None


@pytest.mark.parametrize(
    "bad",
    ["{not json", "", "Kind x=1", "move x", '{"kind": 3}', "[]", 5, None, {"kind": "a", "b": {"c": 1}}],
)
def test_malformed_input_is_refused_with_a_reason(bad: object) -> None:
    with pytest.raises(MalformedActionError) as info:
        coerce_action(bad)  # type: ignore[arg-type]
    assert info.value.code == "malformed_action"
    assert info.value.reason

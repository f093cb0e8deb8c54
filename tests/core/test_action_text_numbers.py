"""The text form writes an integer one way only: ``01``, ``+1`` and ``-0`` are refused with the
right spelling, not read as numbers."""

from __future__ import annotations

import pytest

from ghosttable.core.actions import Action, coerce_action
from ghosttable.core.errors import MalformedActionError


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("play card=01", "card=1"),
        ("play card=+1", "card=1"),
        ("play card=-007", "card=-7"),
        ("play card=00", "card=0"),
        ("play card=-0", "card=0"),
        ("play cards=1,02", "cards=2"),
        ("play card=" + "9" * 40, "at most 18 digits"),
    ],
)
def test_a_number_not_written_the_one_way_is_refused_with_the_right_spelling(text: str, hint: str) -> None:
    with pytest.raises(MalformedActionError) as refused:
        Action.parse(text)
    assert hint in refused.value.reason
    with pytest.raises(MalformedActionError):
        coerce_action(text)


def test_numbers_written_the_one_way_are_numbers_and_round_trip() -> None:
    action = Action.parse("play card=10 shift=-3 zero=0 cards=0,12,-1")
    assert action == Action.make("play", card=10, shift=-3, zero=0, cards=(0, 12, -1))
    assert all(type(v) is int for v in (action["card"], action["shift"], action["zero"]))
    assert Action.parse(str(action)) == action
    # Words that merely hold digits stay words.
    assert Action.parse("move to=a01")["to"] == "a01"
    assert Action.parse("move to=1a")["to"] == "1a"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "take", "card": 1.5}, "parameter 'card' is a number with a fraction or an exponent"),
        ({"kind": "take", "card": {"n": 1}}, "parameter 'card' is an object"),
        ({"kind": "take", "cards": [[1]]}, "parameter 'cards' holds an array"),
        ({"kind": "take", "cards": [2.0]}, "parameter 'cards' holds a number with a fraction"),
    ],
)
def test_json_parameters_of_the_wrong_shape_are_named_in_json_words(data: dict[str, object], words: str) -> None:
    with pytest.raises(MalformedActionError) as caught:
        Action.from_json(data)
    assert words in str(caught.value)
    assert "float" not in str(caught.value) and "dict" not in str(caught.value)

"""One spelling per rule-option value (``RuleOption.parse``), shared by the command line and the
lobby's API: ``true``/``false`` for a yes-or-no option, a plain integer for a number."""

from __future__ import annotations

from typing import Any

import pytest

from ghosttable.core.errors import OptionError
from ghosttable.core.spec import RuleOption

SWITCH = RuleOption("merging", False, "A yes-or-no option.")
COUNT = RuleOption("initiation-qi", 4, "A number option.", choices=(4, 5))


@pytest.mark.parametrize(("raw", "value"), [(True, True), (False, False), ("true", True), ("false", False)])
def test_a_yes_or_no_option_takes_true_or_false(raw: Any, value: bool) -> None:
    assert SWITCH.parse(raw) is value


@pytest.mark.parametrize(
    ("raw", "spelt"),
    [("yes", '"yes"'), ("True", '"True"'), (" true", '" true"'), ("1", '"1"'), (0, "0"), (None, "null")],
)
def test_other_spellings_of_yes_or_no_are_refused_in_json_words(raw: Any, spelt: str) -> None:
    with pytest.raises(OptionError) as caught:
        SWITCH.parse(raw)
    assert str(caught.value) == f"option merging takes true or false, not {spelt}"


@pytest.mark.parametrize(("raw", "value"), [(5, 5), ("5", 5), ("4", 4)])
def test_an_integer_option_takes_an_integer_or_its_plain_text(raw: Any, value: int) -> None:
    assert COUNT.parse(raw) == value


@pytest.mark.parametrize("raw", ["05", "+5", " 5", "5.0", 5.0, True, "five", ""])
def test_other_spellings_of_an_integer_are_refused(raw: Any) -> None:
    with pytest.raises(OptionError, match=r"^option initiation-qi takes an integer \(written 4, -1\), not "):
        COUNT.parse(raw)


def test_a_value_outside_the_choices_is_named_in_json_words() -> None:
    with pytest.raises(OptionError, match=r"^option initiation-qi takes one of 4, 5; got 6$"):
        COUNT.parse(6)


def test_a_refused_value_keeps_its_own_letters_and_escapes_only_what_is_not_text() -> None:
    level = RuleOption("level", "initiation", "A text option.", choices=("initiation", "hell"))
    with pytest.raises(OptionError, match=r'got "地狱"$'):
        level.parse("地狱")
    with pytest.raises(OptionError, match=r'got "h\\udcffll"$'):  # a byte the command line could not decode
        level.parse("h\udcffll")

from __future__ import annotations

import pytest

from ghosttable.core import Chance, ChanceScriptError


def test_same_seed_same_outcomes_and_copies_are_independent() -> None:
    a, b = Chance(7), Chance(7)
    assert [a.roll("die", range(1, 7)) for _ in range(20)] == [b.roll("die", range(1, 7)) for _ in range(20)]
    c = a.copy()
    assert c.fingerprint() == a.fingerprint()
    first = a.shuffled("deck", list(range(10)))
    assert c.shuffled("deck", list(range(10))) == first
    a.roll("die", (1, 2))
    assert c.fingerprint() != a.fingerprint()


def test_a_copy_and_its_original_share_no_draws_whichever_draws_first() -> None:
    def rolls(chance: Chance) -> list[int]:
        dice = [chance.roll("die", range(1, 7)) for _ in range(12)]
        return [*dice, chance.randint("n", 1, 100), *chance.sample("s", range(30), 3)]

    expected = rolls(Chance(3))
    for copy_first in (True, False):
        original = Chance(3)
        twin = original.copy()
        second = twin.copy()  # a copy of a copy holds the same generator too
        order = [twin, original] if copy_first else [original, twin]
        assert [rolls(c) for c in order] == [expected, expected]
        assert rolls(second) == expected
        assert original.fingerprint() == twin.fingerprint() == second.fingerprint()


def test_scripted_outcomes_come_first_in_order() -> None:
    chance = Chance(1, {"die": [6, 1]})
    chance.script("deck", [[3, 1, 2]])
    assert chance.roll("die", range(1, 7)) == 6
    assert chance.roll("die", range(1, 7)) == 1
    assert chance.scripted("die") == 0
    assert chance.shuffled("deck", [1, 2, 3]) == [3, 1, 2]


def test_impossible_script_is_refused() -> None:
    chance = Chance(1, {"die": [7], "deck": [[1, 1]], "n": [9]})
    with pytest.raises(ChanceScriptError):
        chance.roll("die", range(1, 7))
    with pytest.raises(ChanceScriptError):
        chance.shuffled("deck", [1, 2])
    with pytest.raises(ChanceScriptError):
        chance.randint("n", 1, 6)


def test_reseed_forgets_the_script() -> None:
    chance = Chance(1, {"die": [6]})
    chance.reseed(5)
    assert chance.scripted("die") == 0

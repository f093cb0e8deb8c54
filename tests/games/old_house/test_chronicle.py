"""Chronicles, the append-only lists a state's copies share: each copy keeps its own entries
whichever of them appends first, and reads as the list it stands for."""

from __future__ import annotations

import copy
import pickle

from ghosttable.games.old_house.chronicle import Chronicle


def test_copies_keep_their_own_entries_whichever_appends_first() -> None:
    first = Chronicle([1, 2])
    second = first.copy()
    second.append(3)  # at the common end: in place
    first.append(4)  # past its own end: its own entries first
    third = first.copy()
    third.extend([5, 6])
    first += [7]
    assert list(first) == [1, 2, 4, 7]
    assert list(second) == [1, 2, 3]
    assert list(third) == [1, 2, 4, 5, 6]
    assert len(first) == 4 and len(second) == 3 and len(third) == 5


def test_a_chronicle_reads_as_the_list_it_stands_for() -> None:
    longer = Chronicle(["a", "b", "c"])
    shorter = longer.copy()
    longer.append("d")
    assert shorter == ["a", "b", "c"] and longer == Chronicle(["a", "b", "c", "d"])
    assert shorter[-1] == "c" and shorter[0] == "a" and shorter[-3:] == ["a", "b", "c"] and shorter[1:] == ["b", "c"]
    assert list(reversed(shorter)) == ["c", "b", "a"] and "d" not in shorter and shorter.index("b") == 1
    for bad in (3, -4):
        try:
            shorter[bad]
        except IndexError:
            pass
        else:
            raise AssertionError(f"index {bad} read past the end")
    assert repr(shorter) == "Chronicle(['a', 'b', 'c'])"


def test_deep_copies_and_pickles_own_their_entries() -> None:
    shared = Chronicle([(1,), (2,)])
    twin = shared.copy()
    for other in (copy.deepcopy(twin), pickle.loads(pickle.dumps(twin))):
        other.append((9,))
        assert other == [(1,), (2,), (9,)] and twin == [(1,), (2,)] and shared == [(1,), (2,)]

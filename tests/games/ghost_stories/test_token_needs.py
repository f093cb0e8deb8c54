"""The exorcism arithmetic against a brute force over every way of giving the dice to the ghosts."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from ghosttable.games.ghost_stories.cards import COLOURS
from ghosttable.games.ghost_stories.rules import token_needs


def brute_force(
    req_alts: tuple[tuple[tuple[int, ...], ...], ...], dice_ok: tuple[bool, ...], dice: tuple[str, ...], wild: bool
) -> list[tuple[int, ...]]:
    """Every die to no ghost or to one colour of one ghost; what is left, summed per colour; the
    minimal vectors of those."""
    left: set[tuple[int, ...]] = set()
    for reqs in itertools.product(*req_alts):
        choices = []
        for face in dice:
            options: list[tuple[int, int] | None] = [None]
            for g in range(len(reqs)):
                if dice_ok[g]:
                    colours = range(5) if face == "white" and wild else [COLOURS.index(face)] if face in COLOURS else []
                    options.extend((g, i) for i in colours)
            choices.append(options)
        for way in itertools.product(*choices):
            got = [[0] * 5 for _ in reqs]
            for slot in way:
                if slot is not None:
                    got[slot[0]][slot[1]] += 1
            left.add(tuple(sum(max(0, reqs[g][i] - got[g][i]) for g in range(len(reqs))) for i in range(5)))
    return sorted(v for v in left if not any(o != v and all(a <= b for a, b in zip(o, v, strict=True)) for o in left))


vectors = st.tuples(*[st.integers(0, 3)] * 5)
faces = st.sampled_from(["red", "green", "blue", "yellow", "black", "white"])


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(vectors, min_size=1, max_size=2), min_size=1, max_size=3),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.lists(faces, max_size=4),
    st.booleans(),
)
def test_token_needs_is_the_brute_force(
    alts: list[list[tuple[int, ...]]], ok: list[bool], dice: list[str], wild: bool
) -> None:
    req_alts = tuple(tuple(a) for a in alts)
    dice_ok = tuple(ok[: len(req_alts)])
    rolled = tuple(sorted(dice))
    assert token_needs(req_alts, dice_ok, rolled, wild) == brute_force(req_alts, dice_ok, rolled, wild)


def test_a_white_face_pays_any_colour_unless_whites_are_off() -> None:
    one_green = (((0, 1, 0, 0, 0),),)  # one green (COLOURS: red, green, blue, yellow, black)
    assert token_needs(one_green, (True,), ("white",), True) == [(0, 0, 0, 0, 0)]
    assert token_needs(one_green, (True,), ("white",), False) == [(0, 1, 0, 0, 0)]
    assert token_needs(one_green, (False,), ("white",), True) == [(0, 1, 0, 0, 0)]

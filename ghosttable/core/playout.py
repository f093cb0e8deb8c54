"""Playouts: seeds derived for whole batches of games, and states played on at random.

What search, the bench and simulations share that needs no bot: :func:`derive_seed` (the seed of
game ``k`` of a batch, and of each seat's bot in it) and :func:`random_playout`.
"""

from __future__ import annotations

import hashlib
import random

from ghosttable.core.state import State


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and ``parts`` (stable across runs and machines)."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def random_playout(state: State, rng: random.Random, *, max_decisions: int | None = None) -> int:
    """Play ``state`` on to its end with uniformly random legal actions, in place.

    The first acting seat picks one of its legal actions uniformly at random (at a simultaneous
    decision point, the seats that have not submitted yet take their turns in seat order):
    ``State._random_legal`` (by default ``rng.choice`` of the listing; a game may draw uniformly
    without listing every action), applied with
    :meth:`State.apply_legal` (the action comes from the state's own list, so it is not checked
    again); ``State._random_run`` plays them, one by one or, where a game says so, a run of the
    same seat's decisions at once (the same draws, the same state). Stops at the end of the game
    or after ``max_decisions`` decisions (``None``: the game's ``spec.max_decisions``). Returns the
    number of decisions made.
    """
    limit = state.game.spec.max_decisions if max_decisions is None else max_decisions
    made = 0
    while made < limit and not state.is_terminal():
        acting = state.acting_seats()
        if not acting:
            break
        # the game is not over and ``acting[0]`` is to act
        run = state._random_run(acting[0], rng, limit - made)
        if run == 0:
            break
        made += run
    return made

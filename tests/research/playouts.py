"""Seeded playouts of the three games for the research tests: each position is handed to a check,
the actions chosen by the game's ``heuristic`` bot at some seats and at random at the others, so
that the playouts reach the deep decisions (exorcisms, payments, merges) as well as the odd ones."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from ghosttable import registry
from ghosttable.ai.base import Observation
from ghosttable.core.state import State

GAMES = ("ghost-stories", "old-house", "run-ghost-run")


def configurations() -> list[tuple[str, int]]:
    """Every game with every seat count it allows."""
    out = []
    for name in GAMES:
        spec = registry.game_class(name).spec
        out += [(name, n) for n in range(spec.min_players, spec.max_players + 1)]
    return out


def positions(name: str, players: int, seed: int, limit: int = 100_000, **options: object) -> Iterator[State]:
    """The positions of one seeded game of ``name`` (the last one over), each yielded before its
    action is chosen: seats whose number has the parity of ``seed`` play the heuristic bot."""
    game = registry.load(name, players=players, **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    heuristic: Callable[..., object] = game.bots()["heuristic"]
    bots = {s: heuristic(game, s, seed) for s in range(players) if s % 2 == seed % 2}
    for _ in range(limit):
        yield state
        if state.is_terminal():
            return
        seat = rng.choice(state.acting_seats())
        bot = bots.get(seat)
        if bot is None or rng.random() < 0.2:
            action = rng.choice(state.legal_actions(seat))
        else:
            action = bot.choose(Observation(state, seat))  # type: ignore[attr-defined]
        state.apply(action, seat)

"""The uniform random bot."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ghosttable.ai.base import Observation

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """A uniformly random legal action. Raises ``ValueError`` when the seat has none."""
        actions = obs.legal_actions()
        if not actions:
            raise ValueError(f"seat {obs.seat} has no legal action")
        return actions[self.rng.randrange(len(actions))]

"""Bots for Ghost Stories."""

from __future__ import annotations

import random

from ghosttable.ai.base import Observation
from ghosttable.core import Action, Game


class HeuristicBot:
    """Placeholder replaced below."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        """Pick an action."""
        return self.rng.choice(obs.legal_actions())

"""Bots for Run, Ghost, Run!."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ghosttable.ai.base import Observation
    from ghosttable.core import Action, Game


class HeuristicBot:
    """Placeholder replaced below."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        acts = obs.legal_actions()
        return acts[self.rng.randrange(len(acts))]

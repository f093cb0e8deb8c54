"""Run, Ghost, Run!'s hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy
and a position value.

**Rollout policy.** The ``heuristic`` bot (:mod:`~ghosttable.games.run_ghost_run.strategy`), one per
seat for the whole playout: each builds its seat's movement plan greedily at the start of a turn
(on a determinization of the playout's state for that seat) and follows it step by step.

**Position value.** Each seat's standing against its best rival, as a return in [-1, 1]: a seat's
worth is what the heuristic counts (:func:`~.strategy.ghost_worth`): an exited ghost's exit
points, a ghost in the hall its hall points plus :data:`~.strategy.PROGRESS_WEIGHT` of its exit
points times its progress across the hall, times the chance (:data:`SEEN`, for any door) that the
keyhole does not send it home; the value is ``tanh`` of the seat's worth less the best other
seat's, over :data:`SCALE` points.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, cast

from ghosttable.ai.base import Observation
from ghosttable.games.run_ghost_run.strategy import HeuristicBot, ghost_worth

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game, State
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

SEEN = 0.25
"""The chance the position value gives a ghost in the hall of being seen and sent home."""

SCALE = 4.0
"""Points of worth ahead of the best rival that the value counts as a return of ``tanh(1)``."""


class RunGhostRunSearch:
    """:class:`~ghosttable.ai.hooks.SearchHooks` of Run, Ghost, Run! (see the module docstring)."""

    cutoff = 30
    rollout_work = 100

    def __init__(self, game: Game) -> None:
        self.game = game

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """The ``heuristic`` bot for every seat, one bot per seat for the playout."""
        bots: dict[int, HeuristicBot] = {}
        game = self.game

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = HeuristicBot(game, seat, rng.getrandbits(32))
            return bot.choose(Observation(state, seat))

        return policy

    def position_value(self, state: State) -> list[float]:
        """Each seat's ``tanh`` of its worth less its best rival's, over :data:`SCALE`."""
        worth = seat_worths(cast("RunGhostRunState", state))
        out = []
        for seat, mine in enumerate(worth):
            rival = max(w for s, w in enumerate(worth) if s != seat)
            out.append(math.tanh((mine - rival) / SCALE))
        return out


def seat_worths(st: RunGhostRunState) -> list[float]:
    """Each seat's worth (see the module docstring), in points."""
    worth = [0.0] * st.players
    for g in st.board.ghosts.values():
        worth[g.owner] += ghost_worth(st, g, SEEN)
    return worth

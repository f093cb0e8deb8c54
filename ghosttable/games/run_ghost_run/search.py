"""Run, Ghost, Run!'s hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy
and a position value.

**Rollout policy.** A fast cousin of the ``heuristic`` bot's plans (the heuristic tests the sight
of every likely door for every candidate step, a hundred times the cost of a random move): each
step of a plan takes a ghost out when one can leave (the biggest first), else moves the ghost
whose destination lies furthest across the hall from its owner's side, ahead of where that ghost
stood at the turn's start (hiding places, under or inside a piece, count :data:`HIDING` rows
more), and the plan is sealed when no step goes forward. Every other choice (the keyhole's side,
furniture, growing) is random.

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

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import HALL
from ghosttable.games.run_ghost_run.data import game_data
from ghosttable.games.run_ghost_run.strategy import ghost_worth

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game, State
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

SEEN = 0.25
"""The chance the position value gives a ghost in the hall of being seen and sent home."""

HIDING = 0.5
"""Rows across the hall a hiding place (under or inside a piece) counts in the rollout policy."""

SCALE = 4.0
"""Points of worth ahead of the best rival that the value counts as a return of ``tanh(1)``."""


class RunGhostRunSearch:
    """:class:`~ghosttable.ai.hooks.SearchHooks` of Run, Ghost, Run! (see the module docstring)."""

    cutoff = 30
    rollout_work = 100

    def __init__(self, game: Game) -> None:
        self.game = game

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """The fast plans of the module docstring for every seat; random elsewhere."""

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            choice = plan_step(cast("RunGhostRunState", state), seat, legal)
            return choice if choice is not None else legal[rng.randrange(len(legal))]

        return policy

    def position_value(self, state: State) -> list[float]:
        """Each seat's ``tanh`` of its worth less its best rival's, over :data:`SCALE`."""
        worth = seat_worths(cast("RunGhostRunState", state))
        out = []
        for seat, mine in enumerate(worth):
            rival = max(w for s, w in enumerate(worth) if s != seat)
            out.append(math.tanh((mine - rival) / SCALE))
        return out


def plan_step(st: RunGhostRunState, seat: int, legal: list[Action]) -> Action | None:
    """The rollout policy's step of a movement plan among ``legal`` (``done`` when no step goes
    forward), or ``None`` when ``legal`` is not a plan's."""
    steps = [a for a in legal if a.kind == "step"]
    done = next((a for a in legal if a.kind == "done"), None)
    if not steps:
        return done
    sizes = game_data().sizes
    ghosts = st.board.ghosts
    start = st.start_side[seat]
    best: Action | None = None
    best_key = (0.0, 0.0)
    for a in steps:
        g = ghosts[str(a["ghost"])]
        dest = str(a["to"])
        if dest == "exit":
            key = (100.0 + sizes[g.size].exit_points, 0.0)
        else:
            k = hall.NAME_INDEX.get(dest)
            space = hall.SPACES[k] if k is not None else hall.parse_space(dest)
            now = hall.distance_from_side(start, g.space) if g.where == HALL and g.space is not None else -1
            ahead = hall.distance_from_side(start, space) - now
            if ahead <= 0:
                continue
            hidden = HIDING if a["place"] in ("under", "inside") else 0.0
            key = (ahead + hidden, -float(str(a["cost"])))
        if best is None or key > best_key:
            best, best_key = a, key
    return best if best is not None else done


def seat_worths(st: RunGhostRunState) -> list[float]:
    """Each seat's worth (see the module docstring), in points."""
    worth = [0.0] * st.players
    for g in st.board.ghosts.values():
        worth[g.owner] += ghost_worth(st, g, SEEN)
    return worth

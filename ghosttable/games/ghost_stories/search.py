"""Ghost Stories' hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy and a
position value.

**Rollout policy.** The base policy of the ``expert`` bot's playouts
(:class:`~ghosttable.games.ghost_stories.expert.PlayoutPolicy`: the ``heuristic`` bot's priority
rules, keeping every Taoist in place at the Pavilion's free move), for every Taoist. It reads the
playout's state, whose deck order is sampled (``Observation.determinize``) and never consulted.
Where a Taoist moves, the heuristic weighs every tile of the village (a hundred times the cost of
a random move): the playouts are therefore short (:attr:`GhostStoriesSearch.cutoff`, about one
Taoist's turn and a half), and each choice counts :attr:`GhostStoriesSearch.rollout_work`.
A cheaper move there (to the tile facing the most ghosts) made the search's team play little
better than random (mean score -42.5 in 4 games at Initiation, 4 players).

**Position value.** The team's progress (:func:`~.evaluation.progress`: the fitted evaluation of
the public table, the share of the deck the base policy is expected to get through) brought into
the returns' range: ``progress - 1`` held in [-1, 1], the same for every seat. A position still in
play is worth between a lost game (-1) and a won one (+1); the better the table, the nearer 0 (a
table expected to reach the last incarnation). It is a scale of progress, not a chance of
victory: at the levels where the heuristic wins a few games in a hundred, a chance of victory is
near -1 for every position and would tell the search nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from ghosttable.ai.hooks import clamp
from ghosttable.games.ghost_stories.evaluation import progress
from ghosttable.games.ghost_stories.expert import PlayoutPolicy

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import State
    from ghosttable.games.ghost_stories.rules import GhostStoriesState


class GhostStoriesSearch:
    """:class:`~ghosttable.ai.hooks.SearchHooks` of Ghost Stories (see the module docstring)."""

    cutoff = 12
    rollout_work = 200

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """The ``expert`` bot's playout policy, for every Taoist."""
        base = PlayoutPolicy()
        base.rng = rng

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            return base.decide(cast("GhostStoriesState", state), legal)

        return policy

    def position_value(self, state: State) -> list[float]:
        """``progress - 1`` in [-1, 1], one copy per seat (see the module docstring)."""
        v = clamp(progress(cast("GhostStoriesState", state)) - 1.0)
        return [v] * state.players

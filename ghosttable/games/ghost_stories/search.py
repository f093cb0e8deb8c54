"""Ghost Stories' hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy and a
position value.

**Rollout policy.** The base policy of the ``expert`` bot's playouts
(:class:`~ghosttable.games.ghost_stories.expert.PlayoutPolicy`: the ``heuristic`` bot's priority
rules, keeping every Taoist in place at the Pavilion's free move), for every Taoist, except where a
Taoist moves: there the heuristic weighs every tile of the village (a hundred times the cost of its
other choices), and the playout moves instead to the reachable tile facing the most ghosts (staying
on a tie). It reads the playout's state, whose deck order is sampled (``Observation.determinize``)
and never consulted.

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
from ghosttable.games.ghost_stories.village import FACING

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import State
    from ghosttable.games.ghost_stories.rules import GhostStoriesState


class GhostStoriesSearch:
    """:class:`~ghosttable.ai.hooks.SearchHooks` of Ghost Stories (see the module docstring)."""

    cutoff = 24
    rollout_work = 60

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """The ``expert`` bot's playout policy, for every Taoist."""
        base = PlayoutPolicy()
        base.rng = rng

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            st = cast("GhostStoriesState", state)
            if st.pending is None and st.phase == "yang_move":
                return toward_ghosts(st, legal)
            return base.decide(st, legal)

        return policy

    def position_value(self, state: State) -> list[float]:
        """``progress - 1`` in [-1, 1], one copy per seat (see the module docstring)."""
        v = clamp(progress(cast("GhostStoriesState", state)) - 1.0)
        return [v] * state.players


def toward_ghosts(st: GhostStoriesState, legal: list[Action]) -> Action:
    """Of a ``yang_move`` step's actions, the move to the tile facing the most ghosts in play
    (``stay`` when no move faces more than the Taoist's own tile; the first listed action when
    neither ``stay`` nor ``move`` is offered)."""
    cards = st.space_card

    def facing(tile: int) -> int:
        return sum(1 for s in FACING[tile] if cards[s])

    best: Action | None = None
    most = -1
    for a in legal:
        if a.kind == "stay":
            count = facing(st.pos[st.board])
        elif a.kind == "move":
            count = facing(int(str(a["tile"])))
        else:
            continue
        if count > most or (count == most and a.kind == "stay"):
            best, most = a, count
    return best if best is not None else legal[0]

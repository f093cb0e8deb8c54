"""The Old House's hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy and
a position value.

**Rollout policy.** The ``heuristic`` bot's rules of thumb for both sides (the hunters' rules as
they are; the Phantom's without its look-ahead, which would cost a search inside each playout):
one bot per seat for the whole playout, each reading its seat's view of the playout's state, so
that a plan made at the start of a Phantom turn is followed through the turn.

**Position value.** The Phantom's chance, as a return in [-1, 1] (the hunters get its negative),
from what decides the game (rulebook, End of the Game: every relic destroyed within
:data:`~.rules.ROUNDS` rounds, or 7 Damage): a logistic of the relics destroyed against the
rounds gone (the Phantom must keep pace to finish in time), the Damage taken, the relics that
entities will destroy at the Phantom's next turn end, how many cells the hunters' belief still
holds (a hidden Phantom among many cells is hard to pin), and how far the nearest hunter stands
from the Phantom. It reads the playout's state, a determinization of the searching seat's
knowledge: the Phantom's cell there is the sampled one for a hunter's search.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, cast

from ghosttable.ai.base import Observation
from ghosttable.games.old_house.rules import BANISHMENT, ROUNDS
from ghosttable.games.old_house.strategy import HeuristicBot, PhantomWeights

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import State
    from ghosttable.games.old_house.rules import OldHouseRules, OldHouseState

ROLLOUT_WEIGHTS = PhantomWeights(search=False)
"""The Phantom's rules of thumb in a playout: the ``heuristic`` bot's, without its look-ahead."""

PACE = 4.0
"""Logistic weight of the relics destroyed ahead of the pace that destroys every one in time (the
share destroyed less the share of the rounds gone)."""

RELICS = 2.5
"""Logistic weight of the share of the relics destroyed."""

DAMAGE = 3.0
"""Logistic weight of the share of the banishing Damage taken."""

HIDDEN = 0.8
"""Logistic weight of the hunters' uncertainty: log2 of their possible cells over log2 of 16,
at most 1."""

DISTANCE = 0.6
"""Logistic weight of the nearest hunter's walking distance to the Phantom, over 6, at most 1."""

BIAS = -1.5
"""The logistic's constant: a Phantom that has done nothing yet is behind (the hunters win most
games where it does not keep pace)."""


class OldHouseSearch:
    """:class:`~ghosttable.ai.hooks.SearchHooks` of the Old House (see the module docstring)."""

    cutoff = 40
    rollout_work = 150

    def __init__(self, game: OldHouseRules) -> None:
        self.game = game

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """Heuristic rules of thumb for every seat, one bot per seat for the playout."""
        bots: dict[int, HeuristicBot] = {}
        game = self.game

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = HeuristicBot(game, seat, rng.getrandbits(32), weights=ROLLOUT_WEIGHTS)
                bot.learn = False
            return bot.choose(Observation(state, seat))

        return policy

    def position_value(self, state: State) -> list[float]:
        """The Phantom's chance as a return (seat 0), its negative for every hunter seat."""
        v = phantom_value(cast("OldHouseState", state))
        return [v] + [-v] * (state.players - 1)


def phantom_value(st: OldHouseState) -> float:
    """The Phantom's expected return from ``st``, in [-1, 1] (see the module docstring)."""
    if st.winner is not None:
        return 1.0 if st.winner == "phantom" else -1.0
    total = max(1, len(st.relics))
    destroyed = sum(st.relics.values())
    doomed = sum(1 for e in st.entities if e.relic == e.cell and e.relic_turns >= 1 and not st.relics.get(e.cell, True))
    share = min(total, destroyed + 0.5 * doomed) / total
    gone = (st.round - 1 + (0.5 if st.round_ending else 0.0)) / ROUNDS
    cells = max(1, len(st.hunters_tracker.cells()))
    hidden = min(1.0, math.log2(cells) / 4.0)
    table = st.house.distance_table(st.phantom_cell)
    near = min((table.get(h.cell, 12) for h in st.hunters), default=12)
    z = (
        BIAS
        + PACE * (share - gone)
        + RELICS * share
        - DAMAGE * st.damage / BANISHMENT
        + HIDDEN * hidden
        + DISTANCE * min(1.0, near / 6.0)
    )
    return math.tanh(z / 2.0)

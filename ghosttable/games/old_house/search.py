"""The Old House's hooks for the generic search (:mod:`ghosttable.ai.hooks`): a rollout policy and
a position value.

**Rollout policy.** A fast part of the ``heuristic`` bot's rules of thumb, read off the playout's
state at once (the heuristic itself reads a view per choice, a search of its own for the Phantom,
and would cost a hundred times a random move): the Phantom gambles in Twilight and takes the
cards in the heuristic's order, heads for the nearest intact relic and ends its turn on it, and
otherwise ends its turn; a hunter chases a revealed Phantom and names it on its cell, else walks
toward the intact relic nearest it. Only what the acting side knows is read: a hunter's policy
reads the Phantom's cell only while it is revealed.

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

from ghosttable.games.old_house.house import DIRECTIONS
from ghosttable.games.old_house.rules import BANISHMENT, ROUNDS
from ghosttable.games.old_house.strategy import HERO_ORDER, PhantomWeights

if TYPE_CHECKING:
    from ghosttable.ai.hooks import RolloutPolicy
    from ghosttable.core.actions import Action
    from ghosttable.core.state import State
    from ghosttable.games.old_house.rules import OldHouseRules, OldHouseState

CARD_ORDER = PhantomWeights().card_order
"""The order in which the rollout Phantom takes the action cards (the ``heuristic`` bot's)."""

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
    rollout_work = 10

    def __init__(self, game: OldHouseRules) -> None:
        self.game = game

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """The fast rules of thumb of the module docstring, for every seat."""

        def policy(state: State, seat: int, legal: list[Action]) -> Action:
            st = cast("OldHouseState", state)
            choice = phantom_choice(st, legal) if seat == 0 else hunter_choice(st, legal)
            return choice if choice is not None else legal[rng.randrange(len(legal))]

        return policy

    def position_value(self, state: State) -> list[float]:
        """The Phantom's chance as a return (seat 0), its negative for every hunter seat."""
        v = phantom_value(cast("OldHouseState", state))
        return [v] + [-v] * (state.players - 1)


def phantom_choice(st: OldHouseState, legal: list[Action]) -> Action | None:
    """The rollout Phantom's action among ``legal`` (``None``: a random one)."""
    kinds = {a.kind: a for a in legal}
    if "gamble" in kinds:
        return kinds["gamble"]
    if "take_card" in kinds:
        offered = {int(str(a["card"])): a for a in legal}
        return next((offered[c] for c in CARD_ORDER if c in offered), None)
    if "attack_pentagram" in kinds:
        return kinds["attack_pentagram"]
    cell = st.phantom_cell
    intact = [c for c, destroyed in st.relics.items() if not destroyed]
    if cell in intact and not st.opening_turn and "end_turn" in kinds:
        return kinds["end_turn"]
    steps = [a for a in legal if a.kind == "step"]
    if steps and intact:
        house = st.house
        tables = [house.distance_table(r) for r in intact]

        def gap(c: int) -> int:
            return min(t.get(c, 99) for t in tables)

        row = house.moves[cell]
        best = min(steps, key=lambda a: gap(row[DIRECTIONS.index(str(a["dir"]))]))
        if gap(row[DIRECTIONS.index(str(best["dir"]))]) < gap(cell):
            return best
    for kind in ("end_turn", "discard"):
        if kind in kinds:
            return kinds[kind]
    return None


def hunter_choice(st: OldHouseState, legal: list[Action]) -> Action | None:
    """The rollout hunters' action among ``legal`` (``None``: a random one)."""
    kinds = {a.kind: a for a in legal}
    if "choose_hero" in kinds:
        offered = {str(a["hunter"]): a for a in legal}
        return next((offered[h] for h in HERO_ORDER if h in offered), None)
    if "start_turn" in kinds or "give_card" in kinds or st.active is None:
        return None
    here = st.hunters[st.active].cell
    target = st.phantom_cell if st.revealed else None
    if "guess" in kinds and target == here:
        return kinds["guess"]
    moves = [a for a in legal if a.kind == "move"]
    if moves:
        house = st.house
        goals = [target] if target is not None else [c for c, destroyed in st.relics.items() if not destroyed]
        tables = [house.distance_table(c) for c in goals]
        index = house.cell_index
        return min(moves, key=lambda a: min((t.get(index[str(a["to"])], 99) for t in tables), default=0))
    return kinds.get("end_turn")


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

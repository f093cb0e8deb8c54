"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any game.

Each iteration samples a determinization of what the bot's seat knows, walks the tree with UCB1
(counting, for each child, how often it was *available* in the sampled worlds), adds one node,
finishes the game with random play, and backs the returns up. The root's most-visited legal
action is chosen. It reaches the game only through :class:`~ghosttable.ai.base.Observation`, so
it never sees a secret; at simultaneous decision points the other seats' sealed choices are
whatever the determinization sampled.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ghosttable.ai.base import Observation

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game, State


@dataclass
class _Node:
    seat: int = -1
    visits: int = 0
    available: int = 0
    value: float = 0.0
    children: dict[tuple[int, Action], _Node] = field(default_factory=dict)


class ISMCTSBot:
    """SO-ISMCTS with random rollouts.

    Args:
        game: the game (for its seat count).
        seat: the seat played.
        seed: seeds the bot's own generator.
        iterations: search iterations per decision (each one determinization and one playout).
        exploration: the UCB1 constant, for returns in [-1, 1].
        rollout_limit: decisions of random play after the tree before the playout is scored as it stands.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        *,
        iterations: int = 200,
        exploration: float = 0.7,
        rollout_limit: int = 400,
    ) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit

    def choose(self, obs: Observation) -> Action:
        """The most-visited legal action after the search. Raises ``ValueError`` with no legal action."""
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        root = _Node(seat=obs.seat)
        for _ in range(self.iterations):
            self._iterate(root, obs.determinize(self.rng))
        best = max(legal, key=lambda a: root.children[(obs.seat, a)].visits if (obs.seat, a) in root.children else -1)
        return best

    def _iterate(self, root: _Node, state: State) -> None:
        rng = self.rng
        node = root
        path: list[_Node] = []
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            untried = [a for a in actions if (seat, a) not in node.children]
            for a in actions:
                child = node.children.get((seat, a))
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = _Node(seat=seat, available=1)
                node.children[(seat, action)] = child
                state.apply(action, seat)
                path.append(child)
                break
            children = [node.children[(seat, a)] for a in actions]
            log_total = math.log(max(1, sum(c.available for c in children)))
            scores = [c.value / c.visits + self.exploration * math.sqrt(log_total / c.visits) for c in children]
            pick = max(range(len(actions)), key=scores.__getitem__)
            action = actions[pick]
            node = children[pick]
            state.apply(action, seat)
            path.append(node)
        steps = 0
        while not state.is_terminal() and steps < self.rollout_limit:
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
            steps += 1
        returns = state.returns()
        for visited in path:
            visited.visits += 1
            visited.value += returns[visited.seat]

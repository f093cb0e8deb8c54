"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS), for any game.

Each iteration samples a determinization of what the bot's seat knows, walks the tree with UCB1
(counting, for each child, how often it was *available* in the sampled worlds), adds one node,
plays on, and backs the returns up. The root's most-visited legal action is chosen. It reaches
the game only through :class:`~ghosttable.ai.base.Observation`, so it never sees a secret; at
simultaneous decision points the other seats' sealed choices are whatever the determinization
sampled.

**The game's hooks.** When the game offers :class:`~ghosttable.ai.hooks.SearchHooks` (its
``search_hooks()``), the search uses them: a new node is the rollout policy's choice when that one
is still untried (so that the policy's move is tried first and the search departs from it only
when its playouts say so), the playout is played by the rollout policy for ``cutoff`` decisions,
and a playout that has not ended by then is scored by the game's position value. Without hooks
(or with ``hooks=False``), the new node is a random untried action and the game is finished with
uniform random play (up to ``rollout_limit`` decisions, scored as it stands).

**The budget of a decision.** By default a search is bounded by *work*, not time, so that a seeded
game replays move for move on any machine: each position the search walks through (in the tree or
in a playout) counts one unit, each legal action listed there counts one more, each choice of a
game's rollout policy counts its ``rollout_work`` more, and each iteration counts
:data:`ITERATION_WORK` more for its determinization. The search stops
after the iteration that brings the total to :data:`DEFAULT_WORK` units, but runs at least
:data:`MIN_ITERATIONS` and at most :data:`MAX_ITERATIONS` iterations. With the games' hooks the
default keeps a decision of every built-in game near a tenth of a CPU second on one core, and is
the budget at which ``docs/research.md`` ("Built-in bots") measures the search against ``random``
in every game and side (a budget of 40,000 units cost about seven times as much CPU a game, more
than 200 games of each row could be given on the machine they were measured on).
``iterations=N`` asks for exactly ``N`` iterations instead; ``seconds=S`` also stops the search once
``S`` seconds are spent (after the minimum), which suits a fixed time per move but not a replayable
seeded game.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ghosttable.ai.base import Observation
from ghosttable.ai.hooks import RolloutPolicy, SearchHooks, search_hooks

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game, State

DEFAULT_WORK = 6_000
"""Work units (positions walked plus legal actions listed) a search spends by default per decision
(the budget of the figures in ``docs/research.md``)."""

ITERATION_WORK = 200
"""Work units each iteration counts besides its positions and actions: the determinization and the
walk from the root (sampling a world can cost as much as a short playout)."""

MIN_ITERATIONS = 4
"""Fewest iterations of a search with a work or time budget (a determinization and a playout each)."""

MAX_ITERATIONS = 1_000
"""Most iterations of a search with a work or time budget."""


POLICY_BIAS = 0.5
"""The UCB1 bonus of a node the rollout policy chose, in return units, over ``visits + 1``: the
search leaves the policy's move when the playouts of another say it is better, not on the noise of
one playout."""

POLICY_VISITS = 2
"""Visits the rollout policy's choice at the root counts more when the search picks its move."""


@dataclass
class _Node:
    seat: int = -1
    visits: int = 0
    available: int = 0
    value: float = 0.0
    favoured: bool = False
    children: dict[tuple[int, Action], _Node] = field(default_factory=dict)


class ISMCTSBot:
    """SO-ISMCTS, with the game's rollout policy and position value when it offers them.

    Args:
        game: the game (for its seat count).
        seat: the seat played.
        seed: seeds the bot's own generator.
        iterations: when given, exactly this many search iterations per decision (each one
            determinization and one playout), whatever they cost; ``work`` and ``seconds`` are
            then ignored.
        work: otherwise, the work units a decision may spend (see the module docstring): the
            search stops after the iteration that reaches it. Deterministic under a seed.
        seconds: also stop once this many seconds (wall clock, per decision) are spent; ``None``:
            no time limit. A time limit makes play depend on the machine's speed.
        min_iterations: fewest iterations under a ``work`` or ``seconds`` budget.
        max_iterations: most iterations under a ``work`` or ``seconds`` budget.
        exploration: the UCB1 constant, for returns in [-1, 1].
        rollout_limit: without hooks, decisions of random play after the tree before the playout is
            scored as it stands.
        hooks: use the game's :class:`~ghosttable.ai.hooks.SearchHooks` when it offers them
            (``False``: random playouts, as for a game without hooks).
        cutoff: with hooks, decisions of the rollout policy after the tree before the playout is
            valued (``None``: the hooks' own ``cutoff``).
        policy_bias: with hooks, the bonus a node chosen by the rollout policy gets in UCB1, in
            return units, shrinking as ``policy_bias / (visits + 1)``.
        policy_visits: with hooks, the visits the rollout policy's choice at the root counts more
            when the most-visited action is chosen.

    Raises:
        ValueError: a budget that is not a positive number (``iterations``, ``work``,
            ``min_iterations``, ``max_iterations`` below 1, ``seconds`` negative or not finite) or
            ``min_iterations`` above ``max_iterations``, or a ``cutoff`` below 0.
    """

    name = "ismcts"
    #: offered in the lobby only for a game with search hooks (see :func:`~ghosttable.ai.base.bot_names`)
    needs_search_hooks = True

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        *,
        iterations: int | None = None,
        work: int = DEFAULT_WORK,
        seconds: float | None = None,
        min_iterations: int = MIN_ITERATIONS,
        max_iterations: int = MAX_ITERATIONS,
        exploration: float = 0.7,
        rollout_limit: int = 400,
        hooks: bool = True,
        cutoff: int | None = None,
        policy_bias: float = POLICY_BIAS,
        policy_visits: int = POLICY_VISITS,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {iterations}")
        if work < 1 or not 1 <= min_iterations <= max_iterations:
            raise ValueError("work, min_iterations and max_iterations must be 1 or more, with min <= max")
        if seconds is not None and not (math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"seconds must be a finite number, 0 or more, not {seconds}")
        if cutoff is not None and cutoff < 0:
            raise ValueError(f"cutoff must be 0 or more, not {cutoff}")
        self.seat = seat
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.work = work
        self.seconds = seconds
        self.min_iterations = min_iterations
        self.max_iterations = max_iterations
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.policy_bias = policy_bias
        self.policy_visits = policy_visits
        #: the game's hooks the search uses (``None``: random playouts)
        self.hooks: SearchHooks | None = search_hooks(game) if hooks else None
        self.cutoff: int = cutoff if cutoff is not None else self.hooks.cutoff if self.hooks is not None else 0
        #: iterations and work units spent on the last decision that searched
        self.last_iterations = 0
        self.last_work = 0

    def choose(self, obs: Observation) -> Action:
        """The most-visited legal action after the search (the rollout policy's own choice counted
        ``policy_visits`` visits more; ties: the better mean return, then a seeded random pick).
        Raises ``ValueError`` with no legal action."""
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        if len(legal) == 1:
            return legal[0]
        root = _Node(seat=obs.seat)
        started = time.perf_counter()
        spent = done = 0
        while not self._budget_spent(done, spent, started):
            spent += self._iterate(root, obs.determinize(self.rng))
            done += 1
        self.last_iterations, self.last_work = done, spent
        rng = self.rng

        def rank(action: Action) -> tuple[int, float, float]:
            # most visits, then the best mean return, then a seeded draw: when the playouts give no
            # signal (every one lost, say) the choice is random, not the first action listed
            child = root.children.get((obs.seat, action))
            if child is None:
                return (-1, 0.0, rng.random())
            visits = child.visits + (self.policy_visits if child.favoured else 0)
            return (visits, child.value / max(child.visits, 1), rng.random())

        return max(legal, key=rank)

    def _budget_spent(self, done: int, spent: int, started: float) -> bool:
        if self.iterations is not None:
            return done >= self.iterations
        if done < self.min_iterations:
            return False
        if done >= self.max_iterations or spent >= self.work:
            return True
        return self.seconds is not None and time.perf_counter() - started >= self.seconds

    def _iterate(self, root: _Node, state: State) -> int:
        """One iteration on the determinization ``state``; returns the work units it spent."""
        rng = self.rng
        hooks = self.hooks
        policy: RolloutPolicy | None = None
        policy_work = 0
        if hooks is not None:
            policy = hooks.rollout_policy(random.Random(rng.getrandbits(32)))
            policy_work = hooks.rollout_work
        node = root
        path: list[_Node] = []
        work = ITERATION_WORK
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            work += 1 + len(actions)
            untried = [a for a in actions if (seat, a) not in node.children]
            for a in actions:
                child = node.children.get((seat, a))
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                favoured = False
                if policy is not None and len(actions) > 1:
                    work += policy_work
                    wanted = policy(state, seat, actions)
                    if (seat, wanted) not in node.children:
                        action, favoured = wanted, True
                child = _Node(seat=seat, available=1, favoured=favoured)
                node.children[(seat, action)] = child
                state.apply(action, seat)
                path.append(child)
                break
            children = [node.children[(seat, a)] for a in actions]
            log_total = math.log(max(1, sum(c.available for c in children)))
            bias = self.policy_bias
            scores = [
                c.value / c.visits
                + self.exploration * math.sqrt(log_total / c.visits)
                + (bias / (c.visits + 1) if c.favoured else 0.0)
                for c in children
            ]
            best_score = max(scores)
            ties = [i for i, v in enumerate(scores) if v == best_score]
            pick = ties[0] if len(ties) == 1 else ties[rng.randrange(len(ties))]
            action = actions[pick]
            node = children[pick]
            state.apply(action, seat)
            path.append(node)
        if hooks is not None and policy is not None:
            work += self._policy_playout(state, policy, policy_work)
            returns = state.returns() if state.is_terminal() else hooks.position_value(state)
        else:
            work += self._random_playout(state)
            returns = state.returns()
        for visited in path:
            visited.visits += 1
            visited.value += returns[visited.seat]
        return work

    def _random_playout(self, state: State) -> int:
        """Uniform random play on ``state`` (in place) for at most ``rollout_limit`` decisions;
        returns the work spent."""
        rng = self.rng
        work = steps = 0
        while not state.is_terminal() and steps < self.rollout_limit:
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            work += 1 + len(actions)
            state.apply(actions[rng.randrange(len(actions))], seat)
            steps += 1
        return work

    def _policy_playout(self, state: State, policy: RolloutPolicy, policy_work: int) -> int:
        """The rollout policy's play on ``state`` (in place) for at most ``cutoff`` decisions (a
        forced move is played without asking it); returns the work spent."""
        work = steps = 0
        while not state.is_terminal() and steps < self.cutoff:
            seat = state.acting_seats()[0]
            actions = state.legal_actions(seat)
            work += 1 + len(actions)
            if len(actions) == 1:
                action = actions[0]
            else:
                work += policy_work
                action = policy(state, seat, actions)
            state.apply(action, seat)
            steps += 1
        return work

"""The ``expert`` team bot: the ``heuristic`` bot's choices checked by look-ahead over sampled futures.

At the decisions that shape a turn (where the Taoist moves, what it does there, where it sets a
Buddha, where an arriving ghost goes, how an exorcism is paid, and at each Yang step whether to
spend the Yin-Yang) the bot lists a few candidate actions (the base policy's own choice and the
next best by its priorities) and plays each out on the same sampled futures: every *round* draws
one determinization of what the seat knows (a deck order and the dice to come, through
``Observation.determinize``, never the real state, dealt again from a sorted order by
:func:`redeal`) and plays every candidate from a copy of it (common random numbers: the
candidates meet the same ghosts and the same dice), with the base policy choosing for every seat,
up to the first Yang move step ``horizon`` turns on (to the end of the game once every incarnation
has left the deck). The position there is scored by :func:`~.evaluation.progress` (a won or lost
playout by its result, a loss well below any position still in play). Candidates whose paired
advantage over the base policy's choice cannot reach ``margin`` drop out of the rounds
(``prune``). The candidate whose mean paired advantage less ``confidence`` standard errors is
best is played if that is above ``margin`` (SPARTA's rule: the search overrides the agreed policy
only when it has reason to); otherwise the base policy's choice is. Every other
decision (a token's colour, a forced step, a single option) is the base policy's, at no search
cost.

**Whole turns** (``turn_actions`` above 1; off by default, see :data:`TURN_ACTIONS`). Where the
Taoist moves is weighed with what it does there: at a ``yang_move`` step each candidate move is
played with each of the few best actions open on the tile it leads to (an exorcism, a
villager's help, nothing), every such pair a candidate of its own (:func:`turn_plans`, in the
manner of rolling-horizon search over macro-actions), so that a move is not judged by the base
policy's action after it alone. The action step is searched again once the move is made.

**Budget.** A search is bounded by *work*, so that a seeded game replays move for move on any
machine: each position a playout walks through counts 1 unit, each legal action listed there 1,
each base-policy choice of a ``yang_move`` step :data:`MOVE_WORK` more (it weighs every tile), and
each determinization :data:`ROUND_WORK`. A search stops after the round that reaches ``work`` (at
least ``min_rounds`` rounds), and never passes :data:`OVERRUN` times the budget by more than a
playout's step;
``seconds`` adds a wall-clock limit (play then depends on the
machine). :data:`DEFAULT_WORK` (while an incarnation is still in the deck) and
:data:`DEFAULT_END_WORK` (once every incarnation has left it, when a unit costs about twice as
much) keep a decision under a second of CPU on one core (measured in
``docs/games/ghost_stories.md``).

``oracle`` (:class:`OracleBot`) runs the same search on the true state (deck order and future
dice): it cheats, and exists only to measure how far a search could go. It is never offered in the
lobby; ``simulate`` and ``bench`` hand it the true state through
:class:`~ghosttable.ai.base.TrueStateObservation`.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ghosttable.ai.advisor import Advice
from ghosttable.ai.base import Observation, TrueStateObservation
from ghosttable.core import Action, Game
from ghosttable.core.errors import GameError
from ghosttable.games.ghost_stories.evaluation import incarnations_out, progress, win_chance
from ghosttable.games.ghost_stories.strategy import HeuristicBot, _load
from ghosttable.games.ghost_stories.village import board_of

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState

DEFAULT_WORK = 32_000
"""Work units a decision of ``expert`` may spend by default while an incarnation is still in the
deck (see the module docstring)."""

DEFAULT_END_WORK = 32_000
"""Work units a decision of ``expert`` may spend by default once every incarnation has left the
deck: its playouts then run to the end of the game, where a unit costs about twice the CPU time
of one in a playout stopped at the horizon (the heuristic weighs exorcisms of the many-coloured
incarnations), so that both budgets take about as long at their hard limit."""

DEFAULT_TURN_WORK = 48_000
"""Work units a ``yang_move`` decision of ``expert`` may spend by default while an incarnation is
still in the deck, where it weighs whole turns (a move with the action after it, see
:func:`turn_plans`): up to three times the candidates of another step, at 1.5 times its
budget (with six candidates at 48,000 units, a decision took up to 0.69 s of CPU on the tuning
deals: ``docs/games/ghost_stories.md``, *Measured*)."""

DEFAULT_CANDIDATES = 6
"""Candidate actions a searched decision of ``expert`` weighs by default, the base policy's choice
included (six at twice the work of four measured better on the tuning deals, at 1.5 times the CPU
time: ``docs/games/ghost_stories.md``, *Measured*)."""

TURN_ACTIONS = 1
"""Actions after each candidate move that ``expert`` weighs as whole turns by default (see
:func:`turn_plans`): 1, the move alone. Three (``turn_actions=3``) measured within the noise of it at
4-player Initiation and Normal, at about 1.3 times the CPU time (``docs/games/ghost_stories.md``, *Measured*)."""

MOVE_WORK = 60
"""Work units a base-policy choice of a ``yang_move`` step counts besides its position and actions
(it values every tile of the village, the dearest choice of the base policy)."""

ROUND_WORK = 40
"""Work units a round counts for its determinization."""

OVERRUN = 1.25
"""The hard limit of a search, as a multiple of its work budget: no round is begun that would, at
the rounds' mean cost so far, pass it (even below ``min_rounds``), and a round that passes it
before every candidate is played is dropped, its playout cut short where it passes (playouts
that run to the end of the game, once every incarnation has left the deck, can cost several
times a budget). A decision's work never passes this limit by more than one step of a playout.
A search that cannot finish one round plays the base policy's choice."""

LOSS_PENALTY = 1.0
"""How much below the evaluation's share of the deck drawn a lost playout scores (see
:func:`~ghosttable.games.ghost_stories.evaluation.progress`). The evaluation of a position still
in play falls as the game goes on (Qi, tokens and Yin-Yangs are spent) while the share drawn
grows, so that a loss scored by its share alone scores above most positions of the game's
second half still in play (0.3-0.5 against 0.6-0.9 in the heuristic's games): the search would
walk into it. With this penalty a loss scores below the positions still in play at the same share
of the deck (the lowest of those games is about -0.1)."""

PRUNE = 2.0
"""A candidate of ``expert`` whose mean advantage plus this many standard errors is at most
``margin`` plays no more rounds (see :meth:`Search.run`)."""

CONFIDENCE = 1.0
"""Standard errors below its mean advantage at which ``expert`` judges a candidate (see
:func:`pick`)."""

PRUNE_AFTER = 3
"""Rounds every candidate plays before the search may drop one (see :meth:`Search.run`)."""

SEARCHED = ("yang_move", "yang_action", "yang_buddha", "place_ghost", "resolve_exorcism")
"""The decision points ``expert`` searches (by default); it leaves every other one to the base
policy."""


@dataclass
class Estimate:
    """What the search found for one candidate action.

    Attributes:
        action: the candidate.
        rounds: the playouts it got (one per round).
        total: the sum of their scores (progress units, see :mod:`evaluation`).
        chance: the sum of their estimated chances of victory (1 or 0 for a finished playout).
        paired: the sum of its score minus the base choice's score, round by round.
        paired_sq: the sum of the squares of those differences.
        follow: the same Taoist's actions played right after ``action`` in every playout (a
            whole turn's plan: a move and the action after it), as far as they stay legal; the
            base policy plays on from there.
    """

    action: Action
    rounds: int = 0
    total: float = 0.0
    chance: float = 0.0
    paired: float = 0.0
    paired_sq: float = 0.0
    follow: tuple[Action, ...] = ()

    @property
    def mean(self) -> float:
        """Mean score per playout (0 before any)."""
        return self.total / self.rounds if self.rounds else 0.0

    @property
    def win_chance(self) -> float:
        """Mean estimated chance of victory in [0, 1] (0 before any playout)."""
        return self.chance / self.rounds if self.rounds else 0.0

    def advantage(self) -> tuple[float, float]:
        """Mean paired advantage over the base choice, and its standard error (0 with < 2 rounds)."""
        if not self.rounds:
            return 0.0, 0.0
        mean = self.paired / self.rounds
        if self.rounds < 2:
            return mean, 0.0
        var = max(0.0, (self.paired_sq - self.rounds * mean * mean) / (self.rounds - 1))
        return mean, math.sqrt(var / self.rounds)


class PlayoutPolicy(HeuristicBot):
    """The base policy of the playouts: the ``heuristic`` bot, except for the Pavilion's free
    Taoist move, where it keeps every Taoist in place (the heuristic weighs every Taoist on every
    tile there, a hundred times the cost of its other sub-decisions)."""

    def __init__(self) -> None:
        self.seat = 0
        self.rng = random.Random(0)

    def _pavilion_taoist(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        for a in legal:
            if st.pos[int(str(a["taoist"]))] == a["tile"]:
                return a
        return legal[0]


class Search:
    """Playouts of candidate actions over shared sampled futures (see the module docstring).

    Args:
        horizon: playouts stop at the first Yang step of the turn ``horizon`` turns after the
            decision's (1: the end of this turn and the next board's Yin phase).
        rollout_limit: most decisions of one playout (a safety bound).
    """

    def __init__(self, *, horizon: int = 2, rollout_limit: int = 400, loss_penalty: float = LOSS_PENALTY) -> None:
        self.horizon = horizon
        self.loss_penalty = loss_penalty
        self.rollout_limit = rollout_limit
        self.policy: HeuristicBot = PlayoutPolicy()

    def playout(self, st: GhostStoriesState, stop: int, limit: float = math.inf) -> int:
        """Play ``st`` on with the base policy (in place) up to the first Yang move step of turn
        ``stop`` or later, or to the end of the game once every incarnation has left the deck;
        returns the work spent. It stops (unfinished) once the work passes ``limit``."""
        work = 0
        steps = 0
        decide = self.policy.decide
        while st.result is None and steps < self.rollout_limit and work <= limit:
            if st.turn >= stop and st.pending is None and st.phase == "yang_move" and not incarnations_out(st):
                break
            seat = st.current_player
            legal = st._legal_actions(seat)
            work += 1 + len(legal)
            if len(legal) == 1:
                action = legal[0]
            else:
                if st.pending is None and st.phase == "yang_move":
                    work += MOVE_WORK
                action = decide(st, legal)
            # the actions come from the legal list just made: the checks of ``apply`` are not needed
            st._apply(seat, action)
            steps += 1
        return work

    def run(
        self,
        sample: Callable[[random.Random], GhostStoriesState],
        seat: int,
        candidates: list[Action],
        base: Action,
        rng: random.Random,
        *,
        work: int,
        min_rounds: int = 2,
        max_rounds: int = 1_000,
        seconds: float | None = None,
        first_round: bool = False,
        prune: float | None = None,
        margin: float = 0.0,
        follows: list[tuple[Action, ...]] | None = None,
    ) -> tuple[list[Estimate], int, int]:
        """Rounds of playouts of every candidate (the first one always finished with
        ``first_round``, whatever :data:`OVERRUN` says); returns the estimates (in ``candidates``' order),
        the rounds played and the work spent. ``base`` must be one of ``candidates`` (the
        first of them where several share it). ``follows`` (one tuple per candidate) plays each
        candidate with its own follow-up actions (see :attr:`Estimate.follow`).

        With ``prune`` (a number of standard errors), from round :data:`PRUNE_AFTER` on a
        candidate whose mean paired advantage plus ``prune`` standard errors stays at or below
        ``margin`` plays no more rounds (it cannot be chosen), so that the budget goes to the
        candidates still in doubt; the search stops when only ``base`` is left."""
        plans = follows if follows is not None else [()] * len(candidates)
        estimates = [Estimate(a, follow=f) for a, f in zip(candidates, plans, strict=True)]
        base_index = candidates.index(base)
        active = [True] * len(candidates)
        started = time.perf_counter()
        spent = rounds = 0
        while rounds < max_rounds:
            if prune is not None and rounds >= PRUNE_AFTER:
                for i, est in enumerate(estimates):
                    if i != base_index and active[i]:
                        mean, se = est.advantage()
                        active[i] = mean + prune * se > margin
                if sum(active) == 1:
                    break
            if rounds and spent + spent / rounds > OVERRUN * work:
                break  # one more round would take the search past OVERRUN times its budget
            if rounds >= min_rounds and (
                spent >= work or (seconds is not None and time.perf_counter() - started >= seconds)
            ):
                break
            world = sample(rng)
            world.log = []
            world.history = []
            spent += ROUND_WORK
            # every candidate is played to the same turn, whether or not it ends the turn at once
            stop = world.turn + self.horizon
            played: list[tuple[Estimate, float, float]] = []
            dropped = False
            for est, live in zip(estimates, active, strict=True):
                if not live:
                    continue
                capped = bool(rounds or not first_round)
                if spent > OVERRUN * work and capped:
                    dropped = True  # the round would take the search past its hard limit
                    break
                st = world.clone()
                st._apply(seat, est.action)
                spent += follow_up(st, seat, est.follow)
                spent += self.playout(st, stop, OVERRUN * work - spent if capped else math.inf)
                if spent > OVERRUN * work and capped:
                    dropped = True  # the playout was cut short at the hard limit
                    break
                score = progress(st, loss_penalty=self.loss_penalty)
                chance = (1.0 if st.result == "win" else 0.0) if st.result else win_chance(score)
                played.append((est, score, chance))
            if dropped:
                break
            base_score = next(score for est, score, _ in played if est is estimates[base_index])
            for est, score, chance in played:
                d = score - base_score
                est.rounds += 1
                est.total += score
                est.chance += chance
                est.paired += d
                est.paired_sq += d * d
            rounds += 1
        return estimates, rounds, spent


def follow_up(st: GhostStoriesState, seat: int, plan: tuple[Action, ...]) -> int:
    """Play ``plan`` on ``st`` (in place) while ``seat`` is to act and each action is legal;
    returns the work spent (each position and its legal actions, as in a playout). A plan that
    stops being legal (the determinized dice or cards took the turn elsewhere) is dropped there,
    and the base policy plays on."""
    work = 0
    for action in plan:
        if st.result is not None or st.current_player != seat:
            break
        legal = st._legal_actions(seat)
        work += 1 + len(legal)
        if action not in legal:
            break
        st._apply(seat, action)
    return work


def candidate_actions(policy: HeuristicBot, st: GhostStoriesState, legal: list[Action], limit: int) -> list[Action]:
    """Up to ``limit`` actions worth a search at a ``yang_move``, ``yang_action``, ``yang_buddha``
    or ``place_ghost`` step, ranked by the base policy's priorities (its own choice is added by
    the caller). At the Yang steps the best use of the Taoist's Yin-Yang (see
    :func:`yin_yang_candidates`) is one of them, and a step taken before the move (the Yin-Yang,
    where the base policy spends it there) is weighed against the move itself."""
    name = st.decision_name(st.board)
    if name == "yang_move":
        ranked = [a for _, a in policy.move_options(st, legal)]
        return _with_yin_yang(policy, st, legal, ranked, limit)
    if name == "yang_action":
        t = st.board
        scored: list[tuple[float, int, Action]] = []
        haunted, cap = sum(st.haunted), st.haunted_limit()
        for i, a in enumerate(legal):
            if a.kind == "exorcise":
                scored.append((policy.exorcise_value(st, t, st.pos[t]), i, a))
            elif a.kind == "ask_help":
                prm = {k: v for k, v in a.params if k != "tile"}
                scored.append((policy._help_param_value(st, t, st.pos[t], prm, haunted, cap), i, a))
            elif a.kind == "skip_action":
                scored.append((0.0, i, a))
        scored.sort(key=lambda x: (-x[0], x[1]))
        return _with_yin_yang(policy, st, legal, [a for _, _, a in scored], limit)
    if name == "yang_buddha":

        def worth(a: Action) -> int:
            # a faced space holding a ghost, then the fuller boards (the base policy's order)
            space = int(str(a["space"]))
            return 100 if st.space_card[space] else _load(st, board_of(space))

        places = sorted((a for a in legal if a.kind == "place_buddha"), key=worth, reverse=True)
        ranked = [*places, *(a for a in legal if a.kind == "end_turn")]
        return _with_yin_yang(policy, st, legal, ranked, limit)
    if name == "place_ghost":
        # the emptier boards first (the base policy's own choice is added by the caller)
        return sorted(legal, key=lambda a: _load(st, board_of(int(str(a["space"])))))[:limit]
    if name == "resolve_exorcism":
        # which ghosts fall and which Tao tokens pay for them, by the base policy's worth of each
        return sorted(legal, key=lambda a: -policy.exorcism_worth(st, a))[:limit]
    return []


def _with_yin_yang(
    policy: HeuristicBot, st: GhostStoriesState, legal: list[Action], ranked: list[Action], limit: int
) -> list[Action]:
    """The first ``limit`` of ``ranked``, the best use of the Yin-Yang taking the last place."""
    spend = yin_yang_candidates(policy, st, legal)[:1]
    if not spend or limit < 2:
        return ranked[:limit]
    return [*ranked[: limit - 1], *spend]


def yin_yang_candidates(policy: HeuristicBot, st: GhostStoriesState, legal: list[Action]) -> list[Action]:
    """The Yin-Yang actions of a Yang step, best first: the restoring of a haunted tile (the tile
    whose villager the base policy values most), then the helps by the base policy's value of
    them (those worth nothing left out)."""
    t = st.board
    haunted, cap = sum(st.haunted), st.haunted_limit()
    scored: list[tuple[float, int, Action]] = []
    for i, a in enumerate(legal):
        if a.kind == "yin_yang_restore":
            scored.append((100.0, i, a))
        elif a.kind == "yin_yang_help":
            prm = {k: v for k, v in a.params if k != "tile"}
            value = policy._help_param_value(st, t, int(str(a["tile"])), prm, haunted, cap)
            if value > 0.0:
                scored.append((value, i, a))
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [a for _, _, a in scored]


def turn_plans(
    policy: HeuristicBot, st: GhostStoriesState, seat: int, moves: list[Action], actions: int
) -> tuple[list[Action], list[tuple[Action, ...]]]:
    """Whole turns to weigh at a ``yang_move`` step of ``seat`` on the determinization ``st``: each
    of ``moves`` (the base policy's choice first) with up to ``actions`` of the actions open on the
    tile it leads to (the base policy's there, then the next best of :func:`candidate_actions`),
    as candidates and their follow-ups for :meth:`Search.run`. The base choice comes first with
    no follow-up (the base policy's whole turn); a candidate that is not a move (a Yin-Yang) is
    weighed alone. What is open after a move is public (no card is drawn, no die rolled), so the
    plans depend on the seat's knowledge only."""
    cands: list[Action] = [moves[0]]
    follows: list[tuple[Action, ...]] = [()]
    for i, move in enumerate(moves):
        after = None
        if move.kind in ("move", "stay"):
            after = st.clone()
            after._apply(seat, move)
            if after.current_player != seat or after.decision_name(seat) != "yang_action":
                after = None
        if after is None:
            if i:
                cands.append(move)
                follows.append(())
            continue
        legal = after._legal_actions(seat)
        then = policy.decide(after, legal)
        ranked = [a for a in candidate_actions(policy, after, legal, actions) if a != then]
        for j, action in enumerate([then, *ranked][:actions]):
            if i == 0 and j == 0:
                continue  # the base policy's whole turn, already first
            cands.append(move)
            follows.append(() if j == 0 else (action,))
    return cands, follows


def redeal(st: GhostStoriesState, rng: random.Random) -> None:
    """Deal the unseen cards of a determinization again, from a canonical (sorted) order, keeping
    the incarnations' public places and the number of cards removed unseen.

    ``Observation.determinize`` shuffles the unseen cards starting from their true order: the
    deal it gives is as random, but which deal a given generator gives depends on that order. Dealt
    again from sorted cards, a search's sampled futures depend on the seat's knowledge alone, so two
    states that differ only in the deck's order give the same choices, draw for draw.
    """
    ghosts = st.data.ghosts
    slots = [ghosts[c].incarnation for c in st.deck]
    unseen = sorted([c for c in st.deck if not ghosts[c].incarnation] + st.removed)
    incarnations = sorted(c for c in st.deck if ghosts[c].incarnation)
    rng.shuffle(unseen)
    rng.shuffle(incarnations)
    removed = len(st.removed)
    st.removed = unseen[:removed]
    rest = unseen[removed:]
    st.deck = [incarnations.pop() if slot else rest.pop() for slot in slots]


class ExpertBot:
    """The heuristic's choices checked by look-ahead (see the module docstring).

    Args:
        game: the game.
        seat: the seat played.
        seed: seeds the bot's own generator (its determinizations).
        work: work units per searched decision while an incarnation is still in the deck
            (deterministic under a seed).
        end_work: work units per searched decision once every incarnation has left the deck
            (``None``: ``work``).
        seconds: also stop a search after this many seconds (``None``: no time limit).
        min_rounds: fewest rounds of a search.
        horizon: turns a playout looks ahead (see :class:`Search`).
        candidates: most candidate actions per searched decision (the base choice included).
        margin: the mean advantage (progress units) a candidate needs over the base choice.
        searched: the decision points searched (the others are the base policy's).
        loss_penalty: how much worse than the position it cut short a lost playout scores (see
            :func:`~ghosttable.games.ghost_stories.evaluation.progress`).
        prune: drop a candidate from the rounds once its advantage plus this many standard
            errors is at most ``margin`` (``None``: every candidate plays every round; see
            :meth:`Search.run`).
        confidence: standard errors of its advantage a candidate must keep above ``margin`` to
            be played instead of the base choice (see :func:`pick`).
        turn_actions: at a ``yang_move`` step, each candidate move is played with up to this
            many of the actions open after it (the base policy's and the next best), each pair
            a candidate of its own (see :func:`turn_plans`; 1: the move alone, the base policy
            acting after it).
        turn_work: work units of a ``yang_move`` search while an incarnation is still in the
            deck (it weighs whole turns, several candidates a move).

    Raises:
        ValueError: ``work``, ``end_work``, ``turn_work``, ``min_rounds``, ``horizon``,
            ``candidates`` or ``turn_actions`` below 1, ``seconds`` negative or not finite.
    """

    name = "expert"
    measurement_only = False

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int,
        *,
        work: int = DEFAULT_WORK,
        end_work: int | None = DEFAULT_END_WORK,
        seconds: float | None = None,
        min_rounds: int = 2,
        horizon: int = 2,
        candidates: int = DEFAULT_CANDIDATES,
        margin: float = 0.002,
        searched: tuple[str, ...] = SEARCHED,
        loss_penalty: float = LOSS_PENALTY,
        prune: float | None = PRUNE,
        confidence: float = CONFIDENCE,
        turn_actions: int = TURN_ACTIONS,
        turn_work: int = DEFAULT_TURN_WORK,
    ) -> None:
        if min(work, turn_work, min_rounds, horizon, candidates, turn_actions) < 1 or (
            end_work is not None and end_work < 1
        ):
            raise ValueError(
                "work, end_work, turn_work, min_rounds, horizon, candidates and turn_actions must be 1 or more"
            )
        if seconds is not None and not (math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"seconds must be a finite number, 0 or more, not {seconds}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.work = work
        self.end_work = work if end_work is None else end_work
        self.seconds = seconds
        self.min_rounds = min_rounds
        self.candidates = candidates
        self.margin = margin
        self.searched = searched
        self.prune = prune
        self.confidence = confidence
        self.turn_actions = turn_actions
        self.turn_work = turn_work
        #: whether a search always finishes its first round, whatever it costs (the oracle's)
        self.first_round = False
        self.search = Search(horizon=horizon, loss_penalty=loss_penalty)
        self.policy = HeuristicBot(game, seat, seed)
        #: rounds and work of the last decision (0 when it was not searched)
        self.last_rounds = 0
        self.last_work = 0

    def _world(self, obs: Observation, rng: random.Random) -> GhostStoriesState:
        state = obs.determinize(rng)
        if not hasattr(state, "space_card"):
            raise GameError("the expert bot plays Ghost Stories only")
        st: GhostStoriesState = state  # type: ignore[assignment]
        redeal(st, rng)
        return st

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``: the base policy's, or a candidate the search found
        better. Raises ``ValueError`` with no legal action."""
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        self.last_rounds = self.last_work = 0
        if len(legal) == 1:
            return legal[0]
        st = self._world(obs, self.rng)
        base = self.policy.decide(st, legal)
        if st.decision_name(obs.seat) not in self.searched or base.kind.startswith(("use_power", "enfee")):
            return base
        if base.kind in ("bottomless_pockets", "twin_winds"):
            return base
        cands = candidate_actions(self.policy, st, legal, self.candidates)
        if base in cands:
            cands.remove(base)
        cands = [base, *cands[: self.candidates - 1]]
        follows: list[tuple[Action, ...]] = [()] * len(cands)
        work = self.end_work if incarnations_out(st) else self.work
        if self.turn_actions > 1 and st.decision_name(obs.seat) == "yang_move":
            cands, follows = turn_plans(self.policy, st, obs.seat, cands, self.turn_actions)
            if not incarnations_out(st):
                work = self.turn_work
        if len(cands) == 1:
            return base
        estimates, self.last_rounds, self.last_work = self.search.run(
            lambda rng: self._world(obs, rng),
            obs.seat,
            cands,
            base,
            self.rng,
            work=work,
            min_rounds=self.min_rounds,
            seconds=self.seconds,
            first_round=self.first_round,
            prune=self.prune,
            margin=self.margin,
            follows=follows,
        )
        return pick(estimates, base, self.margin, self.confidence)


def pick(estimates: list[Estimate], base: Action, margin: float, confidence: float = 0.0) -> Action:
    """The candidate whose mean paired advantage less ``confidence`` standard errors is best, if
    that beats ``base`` by ``margin`` (with several candidates the best mean is often best by
    chance alone: the standard errors keep the search from trading the base choice for noise)."""

    def bound(e: Estimate) -> float:
        mean, se = e.advantage()
        return mean - confidence * se

    best = max(estimates, key=lambda e: (bound(e), e.action == base))
    if best.action != base and bound(best) > margin:
        return best.action
    return base


class OracleBot(ExpertBot):
    """``expert``'s search run on the true state: it knows the deck order and the dice to come.

    For measurement only (the ceiling of the search): it needs a
    :class:`~ghosttable.ai.base.TrueStateObservation`, which only ``simulate`` and ``bench`` build,
    and is never offered in the lobby. Its futures are all the real one, so one round decides.

    Raises:
        GameError: from :meth:`choose`, when handed an ordinary ``Observation``.
    """

    name = "oracle"
    measurement_only = True

    def __init__(self, game: Game, seat: int, seed: int, **kwargs: object) -> None:
        kwargs.setdefault("min_rounds", 1)
        kwargs.setdefault("candidates", 6)
        kwargs.setdefault("margin", 0.0)
        super().__init__(game, seat, seed, **kwargs)  # type: ignore[arg-type]
        self.work = self.end_work = 1
        self.first_round = True

    def _world(self, obs: Observation, rng: random.Random) -> GhostStoriesState:
        if not isinstance(obs, TrueStateObservation):
            raise GameError("the oracle bot sees the true state: it plays only in simulate and bench")
        state = obs.true_state()
        return state  # type: ignore[return-value]


def advise(obs: Observation, work: int, rng: random.Random) -> list[Advice]:
    """Every legal action of ``obs``'s seat ranked by the search, best first, each with its
    estimated chance of victory in [0, 1]: the mean over the playouts (from determinizations of
    the seat's view only) of 1 for a won playout, 0 for a lost one, and the calibrated chance of
    :func:`~ghosttable.games.ghost_stories.evaluation.win_chance` where a playout stopped. Every
    action gets at least one playout; ``work`` bounds the rest. ``[]`` when the seat is not to act."""
    legal = obs.legal_actions()
    if not legal:
        return []
    bot = ExpertBot(obs.game, obs.seat, 0)

    def sample(r: random.Random) -> GhostStoriesState:
        return bot._world(obs, r)

    st = sample(rng)
    base = bot.policy.decide(st, legal) if len(legal) > 1 else legal[0]
    cands = [base, *(a for a in legal if a != base)]
    estimates, _, _ = bot.search.run(sample, obs.seat, cands, base, rng, work=work, min_rounds=1, first_round=True)
    order = sorted(estimates, key=lambda e: (-e.win_chance, -e.mean, cands.index(e.action)))
    return [Advice(e.action, min(1.0, max(0.0, e.win_chance)), e.rounds) for e in order]


__all__ = [
    "DEFAULT_CANDIDATES",
    "DEFAULT_END_WORK",
    "DEFAULT_TURN_WORK",
    "DEFAULT_WORK",
    "Estimate",
    "ExpertBot",
    "OracleBot",
    "PlayoutPolicy",
    "Search",
    "advise",
    "candidate_actions",
    "pick",
    "turn_plans",
]

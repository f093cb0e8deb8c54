"""The ``expert`` bot for Run, Ghost, Run!: decoupled UCT over whole sealed movement plans.

It reads only what its seat may know: every position it weighs is a determinization of its seat's
:class:`~ghosttable.ai.base.Observation`, in which every other seat's unrevealed plan has been
drawn anew (:meth:`RunGhostRunState.determinize`); the bot then throws those drafts away and plans
for the other seats itself.

**Movement plans** (simultaneous moves, after Lanctot, Lisý and Winands' simultaneous-move MCTS).
At its first step of a turn the bot makes a few whole plans for every seat (:func:`candidate_plans`):
the ``heuristic`` bot's greedy plan, the same greedy build under other weights (bolder, more
cautious, worth counted as the last turn scores it) and a few noisy greedy builds. A *joint plan*
(one plan a seat) is carried out as the reveal would (seat order from the die holder, a ghost
without room stopping short) and scored by :func:`look_value`: the keyhole's look after it, exact
over what chance leaves open (each seat that may win the roll-off equally likely; the chooser's
side, the bot's own by the same value, another seat's by the ``heuristic`` bot's rule; each of the
six doors), then the position after the look (:class:`Valuer`: the exact final ranking on the last
turn, else each seat's points and ghosts' worth against the next look's likely doors). Decoupled
UCT (UCB1 per seat over its own plans, each seat's reward its own value) walks the joint plans;
each joint plan is scored once and kept. The plan played is the bot's most visited one.

**Furniture.** At ``move_furniture`` the bot weighs passing against a sample of the placements of
every piece it may grasp: each is put down on a copy of the position, every seat's greedy plan is
made on the new layout, and the joint plan is scored as above. It moves a piece only when that
beats passing. **Keyhole side**: the side whose six doors give the best :func:`look_value` (the
ghosts that go home, and the sight of the next look from the sides then left). Every other
decision (Midnight Strikes choices) is the ``heuristic`` bot's; a decision with one legal action,
and every step of a plan after its first, costs nothing.

**Budget.** Work units, so that a seeded game replays move for move on any machine: each plan made
counts :data:`PLAN_WORK`, each joint plan scored :data:`JOINT_WORK`, each UCT iteration 1, each
furniture placement weighed :data:`PLACE_WORK`. The candidate plans are always made (about 500
units with four players); the search then stops after the iteration, and the furniture's weighing
after the placement, that reaches the budget. :data:`DEFAULT_WORK` keeps a decision under a second
of CPU on one core (measured in ``docs/games/run_ghost_run.md``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import EXITED, HALL, RESERVE, Board, Ghost, Layout
from ghosttable.games.run_ghost_run.data import SizeData, game_data
from ghosttable.games.run_ghost_run.hall import parse_space
from ghosttable.games.run_ghost_run.listing import DONE
from ghosttable.games.run_ghost_run.strategy import PROGRESS_WEIGHT, Exposure, HeuristicBot, ghost_worth, likely_doors

if TYPE_CHECKING:
    from ghosttable.ai.advisor import Advice
    from ghosttable.ai.base import Observation
    from ghosttable.core import Game
    from ghosttable.core.state import State
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

DEFAULT_WORK = 2_500
"""Work units one decision of ``expert`` may spend by default (see the module docstring): enough
with two players to score every joint plan and revisit them; with four, about 150 joint plans of
some 3,000 and three furniture placements, which keeps a four-player game near 4 CPU seconds."""

PLAN_WORK = 20
"""Work units of one whole plan made for one seat."""

JOINT_WORK = 12
"""Work units of one joint plan carried out and scored."""

PLACE_WORK = 800
"""Work units of one furniture placement weighed (a plan a seat on the new layout, then the look)."""

EXPLORATION = 0.6
"""UCB1's exploration constant (rewards lie in [-1, 1])."""

MARGIN_SCALE = 4.0
"""Points of lead that make a reward of tanh(1) (about 0.76) before the last turn."""

HINT_DECISION_WORK = 40
"""Work units of one decision of a hint's playout (:func:`suggest`): about 0.3 ms of CPU, so the
default ``playout_work`` of a hint (60 000 units) is some 1 500 decisions, a few dozen playouts."""

FINAL_MARGIN = 0.02
"""On the last turn, the reward per point of margin added to the result (+1, 0 or -1), so that a
sure win or loss still prefers the larger margin."""

PLACEMENTS = 10
"""How many placements of each piece it may grasp the bot weighs (sampled, the current one aside)."""

MOVE_MARGIN = 0.02
"""How much a furniture move must beat passing by before the bot makes it."""

NEXT_RISK_WEIGHT = 1.0
"""How much of a ghost's worth the next look's risk takes away (1: the heuristic's own weight)."""


@dataclass(frozen=True)
class Style:
    """A way of building a plan greedily: a ghost in the hall is worth ``(1 - risk) ** caution x
    (hall points + progress x exit points x its progress)``; ``final`` scores as the game's end
    does (no progress); ``noise``: each step's gain is multiplied by ``1 + noise x N(0, 1)``."""

    progress: float = PROGRESS_WEIGHT
    caution: float = 1.0
    final: bool = False
    noise: float = 0.0


OWN_STYLES: tuple[Style, ...] = (
    Style(),
    Style(progress=1.0),
    Style(progress=0.3),
    Style(caution=2.0),
    Style(progress=1.0, caution=0.5),
    Style(final=True),
    Style(progress=1.5),
    Style(caution=3.0, progress=0.8),
    Style(noise=0.4),
    Style(noise=0.4),
    Style(progress=0.8, noise=0.4),
    Style(progress=1.0, noise=0.8),
    Style(caution=2.0, noise=0.8),
)
"""The bot's own plan styles, in order (the first is the ``heuristic`` bot's plan)."""

OTHER_STYLES: tuple[Style, ...] = (
    Style(),
    Style(progress=1.0),
    Style(caution=2.0),
    Style(final=True),
    Style(noise=0.4),
)
"""The styles of the plans the bot makes for the other seats (the first is the ``heuristic``'s)."""


class Budget:
    """Work spent against a limit (see the module docstring)."""

    def __init__(self, work: int) -> None:
        self.limit = work
        self.spent = 0

    def spend(self, units: int) -> None:
        """Count ``units`` of work."""
        self.spent += units

    @property
    def left(self) -> int:
        """The work left (negative once overspent)."""
        return self.limit - self.spent


# ----- the position after the look --------------------------------------------------------------------


def next_sides(side: str) -> tuple[str, ...]:
    """The sides the keyhole may look from next turn once it stands on ``side`` (it must change)."""
    return tuple(s for s in hall.SIDES if s != side)


class Valuer:
    """The worth of a position to each seat (see :meth:`values`), for one layout of the furniture."""

    def __init__(self, state: RunGhostRunState, layout: Layout) -> None:
        self.state = state
        self.layout = layout
        self.players = state.players
        self.final = len(state.deck) < state.players
        data = game_data()
        self.exit_points = {n: float(s.exit_points) for n, s in data.sizes.items()}
        self.hall_points = {n: float(s.hall_points) for n, s in data.sizes.items()}
        self.risk_cache: dict[tuple[tuple[str, ...], hall.Space, str, str], float] = {}

    def risk(self, sides: tuple[str, ...], g: Ghost) -> float:
        """The share of the 6-door sides ``sides`` that would see ``g`` (0 inside a piece)."""
        assert g.space is not None
        key = (sides, g.space, g.size, g.place)
        got = self.risk_cache.get(key)
        if got is None:
            if g.place == "inside" or not sides:
                got = 0.0
            else:
                sight, on, lying = self.layout.sight, g.place == "on", False
                seen = sum(
                    1 for s in sides for d in range(1, 7) if sight(s, d, g.space, g.size, on, False, lying) is not None
                )
                got = seen / (6 * len(sides))
            self.risk_cache[key] = got
        return got

    def worth(self, g: Ghost, sides: tuple[str, ...]) -> float:
        """A ghost in the hall's worth to its owner, the next look made from one of ``sides``."""
        assert g.space is not None
        start = self.state.start_side[g.owner]
        progress = (hall.distance_from_side(start, g.space) + 1) / (hall.ROWS + 1)
        risk = self.risk(sides, g) * NEXT_RISK_WEIGHT
        return (1.0 - risk) * (self.hall_points[g.size] + PROGRESS_WEIGHT * self.exit_points[g.size] * progress)

    def values(self, board: Board, gone: set[str], sides: tuple[str, ...]) -> list[float]:
        """Each seat's reward in [-1, 1] once the ghosts ``gone`` have gone home, the keyhole
        looking next from one of ``sides``: on the last turn the result (+1 best, -1 not, 0 all
        tied, both tie-breaks) plus :data:`FINAL_MARGIN` a point of margin; before it
        ``tanh((own worth - best other worth) / MARGIN_SCALE)``, a seat's worth its exited points plus
        its ghosts' worth in the hall."""
        n = self.players
        if self.final:
            keys = self._final_keys(board, gone)
            best = max(keys)
            everyone = all(k == best for k in keys)
            out = []
            for s in range(n):
                other = max(keys[o][0] for o in range(n) if o != s)
                result = 0.0 if everyone else (1.0 if keys[s] == best else -1.0)
                out.append(result + FINAL_MARGIN * (keys[s][0] - other))
            return out
        worth = [0.0] * n
        for g in board.ghosts.values():
            if g.where == EXITED:
                worth[g.owner] += self.exit_points[g.size]
            elif g.where == HALL and g.id not in gone:
                worth[g.owner] += self.worth(g, sides)
        return [math.tanh((worth[s] - max(worth[o] for o in range(n) if o != s)) / MARGIN_SCALE) for s in range(n)]

    def _final_keys(self, board: Board, gone: set[str]) -> list[tuple[float, int, int]]:
        n = self.players
        points = [0.0] * n
        smalls = [0] * n
        out = [0] * n
        home = [0] * n
        for g in board.ghosts.values():
            s = g.owner
            if g.where == EXITED:
                points[s] += self.exit_points[g.size]
                out[s] += 1
            elif g.where == HALL and g.id not in gone:
                if g.size == "small":
                    smalls[s] += 1
                else:
                    points[s] += self.hall_points[g.size]
            elif g.where == RESERVE or g.id in gone:
                home[s] += 1
        return [(points[s] + smalls[s] // 2, out[s], -home[s]) for s in range(n)]


def look_value(state: RunGhostRunState, board: Board, valuer: Valuer, me: int) -> list[float]:
    """Each seat's expected reward after the keyhole's look at the end of this turn, ``board``
    holding the ghosts as the reveal left them: exact over the roll-off (each seat with the fewest
    choices equally likely to choose; the chooser already known in the ``keyhole`` phase), the
    chooser's side (``me``'s by these rewards, another seat's by the ``heuristic`` bot's rule) and
    the door (each of six, or the Crystal Ball's). Knock, Knock, Knock (the side stays), Double
    Curious (the opposite door looks too), Perched Cat (the ghosts not ``on`` a piece go home) and
    Everybody to Shelter (lying ghosts) are followed."""
    midnight = state.midnight
    current = state.keyhole[0]
    doors = [state.crystal] if state.crystal is not None else list(range(1, 7))
    lay = valuer.layout
    ghosts = [g for g in board.ghosts.values() if g.where == HALL and g.space is not None]
    lying = state.lying
    seen_cache: dict[tuple[str, int], set[str]] = {}

    def seen(side: str, door: int) -> set[str]:
        got = seen_cache.get((side, door))
        if got is None:
            got = set()
            for g in ghosts:
                assert g.space is not None
                if lay.sight(side, door, g.space, g.size, g.place == "on", g.place == "inside", lying) is not None:
                    got.add(g.id)
            seen_cache[(side, door)] = got
        return got

    def side_values(side: str) -> list[float]:
        total = [0.0] * state.players
        for door in doors:
            gone = set(seen(side, door))
            end = side
            if midnight == "double_curious":
                end = hall.OPPOSITE[side]
                gone |= seen(end, door)
            if midnight == "perched_cat":
                gone |= {g.id for g in ghosts if g.place != "on"}
            vals = valuer.values(board, gone, next_sides(end))
            for s, v in enumerate(vals):
                total[s] += v
        return [t / len(doors) for t in total]

    if midnight == "knock_knock":
        return side_values(current)
    if state.phase == "keyhole" and state.chooser is not None:
        choosers = [state.chooser]
    else:
        fewest = min(state.choices_made)
        choosers = [s for s in range(state.players) if state.choices_made[s] == fewest]
    sides = [s for s in hall.SIDES if s != current]
    per_side = {side: side_values(side) for side in sides}
    out = [0.0] * state.players
    for chooser in choosers:
        if chooser == me:
            pick = max(sides, key=lambda s: (per_side[s][me], -sides.index(s)))
        else:
            pick = heuristic_side(state, board, chooser, sides, doors, seen)
        for s, v in enumerate(per_side[pick]):
            out[s] += v / len(choosers)
    return out


def heuristic_side(
    state: RunGhostRunState,
    board: Board,
    chooser: int,
    sides: Sequence[str],
    doors: Sequence[int],
    seen: Callable[[str, int], set[str]],
) -> str:
    """The side the ``heuristic`` bot picks for ``chooser``: the most rival worth sent home minus
    its own, over ``doors`` (its worth counted as :func:`strategy.ghost_worth` counts it unseen)."""
    best: tuple[float, int] | None = None
    pick = sides[0]
    for i, side in enumerate(sides):
        total = 0.0
        for door in doors:
            for gid in seen(side, door):
                g = board.ghosts[gid]
                w = ghost_worth(state, g, 0.0)
                total += -w if g.owner == chooser else w
        score = (total / len(doors), -i)
        if best is None or score > best:
            best, pick = score, side
    return pick


# ----- whole plans ---------------------------------------------------------------------------------------


def build_plan(state: RunGhostRunState, seat: int, style: Style, rng: random.Random) -> list[Action]:
    """A whole plan for ``seat`` (its ``step`` actions, after the draft it holds) built greedily in
    ``style`` on ``state`` (whose draft for ``seat`` is left as it was): each step the one that
    adds the most worth, until none adds any."""
    draft = list(state.plans[seat])
    exposure = Exposure(state.board, likely_doors(state), state.lying)
    data = game_data()
    chosen: list[Action] = []
    try:
        for _ in range(8):
            board, _, _, left = state._tentative(seat)
            if left <= 0:
                break
            best: tuple[float, int, Action] | None = None
            for act in state._plan_actions(seat):
                if act.kind != "step":
                    continue
                gain = _gain(state, board, act, exposure, style, data.sizes)
                if style.noise:
                    gain *= 1.0 + style.noise * rng.gauss(0.0, 1.0)
                key = (gain, -int(act["cost"]))  # type: ignore[arg-type]
                if best is None or key > (best[0], best[1]):
                    best = (key[0], key[1], act)
            if best is None or best[0] <= 0.01:
                break
            chosen.append(best[2])
            state.plans[seat].append(best[2])
    finally:
        state.plans[seat] = draft
    return chosen


def _style_worth(state: RunGhostRunState, g: Ghost, risk: float, style: Style, sizes: dict[str, SizeData]) -> float:
    sd = sizes[g.size]
    if g.where == EXITED:
        return float(sd.exit_points)
    if g.where != HALL or g.space is None:
        return 0.0
    safe = float(max(0.0, 1.0 - risk) ** style.caution)
    if style.final:
        return safe * sd.hall_points
    start = state.start_side[g.owner]
    progress = (hall.distance_from_side(start, g.space) + 1) / (hall.ROWS + 1)
    return safe * (sd.hall_points + style.progress * sd.exit_points * progress)


def _gain(
    state: RunGhostRunState, board: Board, act: Action, exposure: Exposure, style: Style, sizes: dict[str, SizeData]
) -> float:
    g = board.ghosts[str(act["ghost"])]

    def worth(x: Ghost) -> float:
        risk = exposure.risk(x.space, x.place, x.size) if x.where == HALL and x.space is not None else 0.0
        return _style_worth(state, x, risk, style, sizes)

    before = worth(g)
    dest = str(act["to"])
    if dest == "exit":
        return float(sizes[g.size].exit_points) - before
    k = hall.NAME_INDEX.get(dest)
    sp = hall.SPACES[k] if k is not None else parse_space(dest)
    place = str(act["place"])
    merge = act.get("merge")
    if merge is not None:
        t = board.ghosts[str(merge)]
        result = "medium" if g.size == t.size else "large"
        return worth(Ghost("probe", g.owner, result, HALL, sp, place)) - worth(t) - before
    return worth(Ghost("probe", g.owner, g.size, HALL, sp, place)) - before


PlanKey = tuple[object, ...]
"""What a greedy plan without noise is made from (see :func:`plan_key`)."""

_PLANS: dict[tuple[PlanKey, Style], list[Action]] = {}
_PLANS_LIMIT = 4096
"""How many greedy plans :func:`candidate_plans` keeps (all are dropped when full)."""


def plan_key(state: RunGhostRunState, seat: int) -> PlanKey:
    """Everything :func:`build_plan` reads of ``state`` for ``seat``: the board (ghosts and
    furniture), the seat's card and draft, its starting side, and what the keyhole and the
    Midnight Strikes card in play fix (frozen ghosts, lying ghosts, the side, the Crystal Ball).
    Nothing hidden from any seat but the seat's own draft is in it, so every determinization of
    one position gives one key (the piles' order is not read)."""
    ghosts = tuple((g.id, g.where, g.space, g.place, g.size) for g in state.board.ghosts.values())
    return (
        ghosts,
        tuple(state.board.furniture.items()),
        seat,
        state.cards[seat],
        tuple(state.plans[seat]),
        state.start_side[seat],
        state.keyhole,
        state.midnight,
        state.crystal,
        state.lying,
        tuple(state.frozen),
        state.merging,
        state.phase,
        state.turn,
    )


def candidate_plans(
    state: RunGhostRunState, seat: int, styles: Sequence[Style], rng: random.Random, budget: Budget
) -> list[list[Action]]:
    """``seat``'s whole plans in ``styles`` (duplicates dropped, in the order first made; the
    empty plan last when no style left every ghost home), each a list of ``step`` actions.

    A plan without noise draws nothing at random and depends on :func:`plan_key` only, so it is
    made once for every seat's bot in the process that meets the same position (four ``expert``
    players each plan for all four seats) and read back after; its work is counted all the same,
    so a seeded game plays alike whichever bots shared it."""
    out: list[list[Action]] = []
    seen: set[tuple[Action, ...]] = set()
    key = plan_key(state, seat)
    for style in styles:
        if style.noise:
            plan = build_plan(state, seat, style, rng)
        else:
            kept = _PLANS.get((key, style))
            if kept is None:
                if len(_PLANS) >= _PLANS_LIMIT:
                    _PLANS.clear()
                kept = _PLANS[(key, style)] = build_plan(state, seat, style, rng)
            plan = list(kept)
        budget.spend(PLAN_WORK)
        steps = tuple(sorted(plan, key=str))
        if steps not in seen:
            seen.add(steps)
            out.append(plan)
    if () not in seen:
        out.append([])
    return out


def reveal(state: RunGhostRunState, joint: Sequence[Sequence[Action]]) -> Board:
    """The board once the joint plan (one list of steps a seat) is carried out as the reveal does
    (``state`` itself is left alone)."""
    twin = state.clone()
    twin.plans = [list(p) for p in joint]
    twin._reveal()
    return twin.board


# ----- decoupled UCT ---------------------------------------------------------------------------------------


@dataclass
class Arm:
    """One seat's plan in the search: its visits and their rewards' sum."""

    plan: list[Action]
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        """The mean reward so far (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0


def duct(
    state: RunGhostRunState,
    arms: list[list[Arm]],
    me: int,
    budget: Budget,
    valuer: Valuer,
) -> dict[tuple[int, ...], list[float]]:
    """Decoupled UCT over ``arms`` (one list a seat): each iteration every seat picks its arm by
    UCB1 on its own rewards (unvisited arms first, in order), the joint plan is scored by
    :func:`look_value` (once, then kept) and every seat's arm gets that seat's reward. Runs until
    ``budget`` is spent, or every joint plan has been scored and visited 50 times over. Returns
    the scores kept, by joint index."""
    scores: dict[tuple[int, ...], list[float]] = {}
    joints = math.prod(len(a) for a in arms)
    iterations = 0
    while budget.left > 0 and iterations < 50 * joints:
        iterations += 1
        budget.spend(1)
        pick: list[int] = []
        for seat_arms in arms:
            total = sum(a.visits for a in seat_arms)
            best, best_i = -math.inf, 0
            for i, a in enumerate(seat_arms):
                if a.visits == 0:
                    best_i = i
                    break
                ucb = a.mean + EXPLORATION * math.sqrt(math.log(total) / a.visits)
                if ucb > best:
                    best, best_i = ucb, i
            pick.append(best_i)
        key = tuple(pick)
        vals = scores.get(key)
        if vals is None:
            board = reveal(state, [arms[s][i].plan for s, i in enumerate(pick)])
            vals = scores[key] = look_value(state, board, valuer, me)
            budget.spend(JOINT_WORK)
        for s, i in enumerate(pick):
            arms[s][i].visits += 1
            arms[s][i].total += vals[s]
    return scores


def best_arm(arms: list[Arm]) -> int:
    """The most visited arm (ties: the better mean, then the first)."""
    return max(range(len(arms)), key=lambda i: (arms[i].visits, arms[i].mean, -i))


# ----- the bot ----------------------------------------------------------------------------------------------


class ExpertBot:
    """The ``expert`` player (see the module docstring).

    Args:
        game: the game.
        seat: the seat it plays.
        seed: seeds its determinizations and noisy plans.
        work: its work budget a decision (:data:`DEFAULT_WORK`).
    """

    name = "expert"

    def __init__(self, game: Game, seat: int, seed: int, work: int = DEFAULT_WORK) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.work = work
        self.heuristic = HeuristicBot(game, seat, seed)
        self.plan: list[Action] = []
        self.plan_turn = -1
        self.placement: Action | None = None
        self.last_work = 0

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``. Raises ``ValueError`` when there is none."""
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        self.last_work = 0
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        if "step" in kinds:
            return self._plan_step(obs, legal)
        if "keyhole" in kinds:
            return self._keyhole(obs, legal)
        if "grasp" in kinds:
            return self._grasp(obs, legal)
        if "place" in kinds:
            if self.placement is not None and self.placement in legal:
                return self.placement
            return legal[0]
        return self.heuristic.choose(obs)

    def _world(self, obs: Observation) -> RunGhostRunState:
        return obs.determinize(random.Random(self.rng.getrandbits(64)))  # type: ignore[return-value]

    # ----- movement ------------------------------------------------------------------------------------

    def _plan_step(self, obs: Observation, legal: list[Action]) -> Action:
        state = self._world(obs)
        if not state.plans[self.seat] or self.plan_turn != state.turn:
            self.plan = [*self.search_plan(state), Action.make("done")]
            self.plan_turn = state.turn
        action = self.plan.pop(0) if self.plan else Action.make("done")
        return action if action in legal else next(a for a in legal if a.kind == "done")

    def search_plan(self, state: RunGhostRunState, budget: Budget | None = None) -> list[Action]:
        """The bot's whole plan (its ``step`` actions after its draft) for the plan phase of
        ``state`` (a determinization of its seat's observation), by decoupled UCT over every seat's
        candidate plans. ``state`` is left as it was."""
        budget = budget or Budget(self.work)
        own = self.weigh_plans(state, budget)
        self.last_work = budget.spent
        drafted = len(state.plans[self.seat])
        return list(own[best_arm(own)].plan[drafted:])

    def weigh_plans(self, state: RunGhostRunState, budget: Budget, *, each: bool = False) -> list[Arm]:
        """The bot's candidate plans (each its draft then the steps after it) as decoupled UCT over
        every seat's candidates left them, within ``budget`` (``each``: raised, if need be, so that
        every candidate is scored at least once)."""
        arms = self.plan_arms(state, budget)
        if each:
            budget.limit = max(budget.limit, budget.spent + max(map(len, arms)) * (JOINT_WORK + 1))
        valuer = Valuer(state, state.board.layout())
        duct(self._planning(state), arms, self.seat, budget, valuer)
        return arms[self.seat]

    def _planning(self, state: RunGhostRunState) -> RunGhostRunState:
        """``state`` with every other seat's draft emptied (the search plans for them) and the
        bot's own draft kept."""
        twin = state.clone()
        for s in range(state.players):
            if s != self.seat:
                twin.plans[s] = []
        return twin

    def plan_arms(self, state: RunGhostRunState, budget: Budget) -> list[list[Arm]]:
        """Every seat's candidate plans as arms: the bot's in :data:`OWN_STYLES` (its draft, then
        the steps after it), the others' in :data:`OTHER_STYLES`."""
        work = self._planning(state)
        draft = [a for a in state.plans[self.seat] if a.kind == "step"]
        arms = []
        for s in range(state.players):
            styles = OWN_STYLES if s == self.seat else OTHER_STYLES
            plans = candidate_plans(work, s, styles, self.rng, budget)
            arms.append([Arm([*draft, *p] if s == self.seat else p) for p in plans])
        return arms

    # ----- keyhole -------------------------------------------------------------------------------------

    def _keyhole(self, obs: Observation, legal: list[Action]) -> Action:
        values = self.side_values(self._world(obs), legal)
        return legal[max(range(len(legal)), key=lambda i: (values[i], -i))]

    def side_values(self, state: RunGhostRunState, legal: Sequence[Action]) -> list[float]:
        """The bot's expected reward for each ``keyhole side=...`` of ``legal`` in ``state`` (its
        chooser's turn): over the doors the die may give, the ghosts sent home and the position
        after the look (see :func:`look_value`)."""
        valuer = Valuer(state, state.board.layout())
        out = []
        for act in legal:
            side = str(act["side"])
            if state.midnight in ("double_curious", "perched_cat"):
                out.append(self._side_value(state, side, valuer))
                continue
            # the side chosen: scored as Knock, Knock, Knock scores the side it keeps
            twin = state.clone()
            twin.keyhole = (side, state.keyhole[1])
            twin.midnight = "knock_knock"
            out.append(look_value(twin, twin.board, valuer, self.seat)[self.seat])
        return out

    def _side_value(self, state: RunGhostRunState, side: str, valuer: Valuer) -> float:
        """The bot's expected reward when the keyhole looks from ``side`` (Double Curious and
        Perched Cat followed)."""
        ghosts = [g for g in state.board.ghosts.values() if g.where == HALL and g.space is not None]
        lay = valuer.layout
        doors = [state.crystal] if state.crystal is not None else list(range(1, 7))
        total = 0.0
        for door in doors:
            looks = [side, hall.OPPOSITE[side]] if state.midnight == "double_curious" else [side]
            gone: set[str] = set()
            for s in looks:
                for g in ghosts:
                    assert g.space is not None
                    on, inside = g.place == "on", g.place == "inside"
                    if lay.sight(s, door, g.space, g.size, on, inside, state.lying) is not None:
                        gone.add(g.id)
            if state.midnight == "perched_cat":
                gone |= {g.id for g in ghosts if g.place != "on"}
            total += valuer.values(state.board, gone, next_sides(looks[-1]))[self.seat]
        return total / len(doors)

    # ----- furniture -----------------------------------------------------------------------------------

    def _grasp(self, obs: Observation, legal: list[Action]) -> Action:
        state = self._world(obs)
        budget = Budget(self.work)
        passing = next(a for a in legal if a.kind == "pass")
        best_value = self._after_furniture(state, budget) + MOVE_MARGIN
        best: tuple[Action, Action] | None = None
        options: list[tuple[Action, Action]] = []
        for grasp in legal:
            if grasp.kind != "grasp":
                continue
            twin = state.clone()
            twin.apply(grasp, self.seat)
            places = twin.legal_actions(self.seat)
            rest = places[1:]  # the first is where the piece stands
            sample = rest if len(rest) <= PLACEMENTS else self.rng.sample(list(rest), PLACEMENTS)
            options += [(grasp, p) for p in sample]
        for grasp, place in options:
            if budget.left <= 0:
                break
            twin = state.clone()
            twin.apply(grasp, self.seat)
            twin.apply(place, self.seat)
            value = self._after_furniture(twin, budget)
            if value > best_value:
                best_value, best = value, (grasp, place)
        self.last_work = budget.spent
        if best is None:
            self.placement = None
            return passing
        self.placement = best[1]
        return best[0]

    def _after_furniture(self, state: RunGhostRunState, budget: Budget) -> float:
        """The bot's reward if the turn's plans were made now on ``state``'s furniture: the other
        seats yet to move furniture pass, each seat plays its greedy plan, the look is scored."""
        budget.spend(PLACE_WORK)
        twin = state.clone()
        twin.queue = []
        twin.grasped = None
        twin._start_plans()
        joint = [build_plan(twin, s, OWN_STYLES[0], self.rng) for s in range(twin.players)]
        valuer = Valuer(twin, twin.board.layout())
        board = reveal(twin, joint)
        return look_value(twin, board, valuer, self.seat)[self.seat]


def advise(obs: Observation, work: int, rng: random.Random) -> list[Advice]:
    """The advice of :func:`ghosttable.ai.advise` for Run, Ghost, Run!, best first, one
    :class:`~ghosttable.ai.advisor.Advice` a legal action.

    - Movement plan: the ``expert`` bot's decoupled UCT over whole plans, with ``work`` as its
      budget (raised so that every candidate is scored once); each legal action gets the best
      mean reward of a candidate plan it begins (``done``: the plan that moves nothing more), as
      ``chance = (reward + 1) / 2`` in [0, 1] and the plan's visits as ``playouts``; the steps
      no candidate begins follow, with chance 0 and no playout.
    - Keyhole side: each side's expected reward over the doors (exact, one "playout").
    - Elsewhere (furniture, Midnight Strikes choices): flat Monte Carlo
      (:func:`ghosttable.ai.advisor.flat_monte_carlo`).

    The reward is the bot's (see :class:`Valuer`): on the last turn the result of the game, before
    it a lead in points and ghosts' worth; ``[]`` when the seat is not to act."""
    from ghosttable.ai.advisor import Advice, flat_monte_carlo

    legal = obs.legal_actions()
    if not legal:
        return []
    kinds = {a.kind for a in legal}
    if not kinds & {"step", "keyhole"}:
        return flat_monte_carlo(obs, work, rng)
    bot = ExpertBot(obs.game, obs.seat, rng.getrandbits(32), work=work)
    state = bot._world(obs)

    def chance(reward: float) -> float:
        return min(1.0, max(0.0, (reward + 1.0) / 2.0))

    if "keyhole" in kinds:
        values = bot.side_values(state, legal)
        order = sorted(range(len(legal)), key=lambda i: (-values[i], i))
        return [Advice(legal[i], chance(values[i]), 1) for i in order]
    drafted = len(state.plans[obs.seat])
    best: dict[Action, Arm] = {}
    for arm in bot.weigh_plans(state, Budget(work), each=True):
        first = arm.plan[drafted] if len(arm.plan) > drafted else DONE
        got = best.get(first)
        if arm.visits and (got is None or arm.mean > got.mean):
            best[first] = arm
    ranked = sorted((a for a in legal if a in best), key=lambda a: (-best[a].mean, legal.index(a)))
    return [
        *(Advice(a, chance(best[a].mean), best[a].visits) for a in ranked),
        *(Advice(a, 0.0, 0) for a in legal if a not in best),
    ]


def suggest(obs: Observation, work: int, playout_work: int, rng: random.Random) -> Advice:
    """The hint of :func:`ghosttable.ai.advisor.suggest` for Run, Ghost, Run!: the best action of
    :func:`advise` (at furniture, the ``expert`` bot's choice), within ``work``; its chance of
    winning the share of playouts that win after it.

    Each playout is a determinization of the seat's observation (never the real state: another
    seat's sealed plan is drawn anew) with the action played, then finished by every seat alike: the
    search's fast plans (:func:`~ghosttable.games.run_ghost_run.search.plan_step`, the heuristic's
    cousin) for movement, the ``heuristic`` bot everywhere else (the keyhole's side, furniture,
    Midnight Strikes). A win counts 1, a result shared by every seat 1/2 (the game's returns: a
    seat tied at the best ranking wins), a loss 0. Playouts go on until ``playout_work`` is spent
    (each decision :data:`HINT_DECISION_WORK` units, each world ``WORLD_WORK``), at least one;
    ``playouts`` is their count. Raises ``ValueError`` when the seat is not to act."""
    from ghosttable.ai.advisor import flat_monte_carlo
    from ghosttable.ai.base import Observation as Window
    from ghosttable.games.run_ghost_run.search import plan_step

    legal = obs.legal_actions()
    if not legal:
        raise ValueError(f"seat {obs.seat} has no legal action")
    if "grasp" in {a.kind for a in legal}:  # the expert weighs each piece's placements against passing
        pick = ExpertBot(obs.game, obs.seat, rng.getrandbits(32), work=work).choose(obs)
    else:
        pick = advise(obs, work, rng)[0].action
    seed = rng.getrandbits(32)
    bots = [HeuristicBot(obs.game, s, seed + s) for s in range(obs.game.players)]

    def choose(state: State, seat: int) -> Action:
        st = cast("RunGhostRunState", state)
        step = plan_step(st, seat, st.legal_actions(seat))
        return step if step is not None else bots[seat].choose(Window(state, seat))

    return flat_monte_carlo(obs, playout_work, rng, candidates=[pick], choose=choose, decision_work=HINT_DECISION_WORK)[
        0
    ]


__all__ = [
    "DEFAULT_WORK",
    "ExpertBot",
    "Style",
    "Valuer",
    "advise",
    "build_plan",
    "candidate_plans",
    "look_value",
    "suggest",
]

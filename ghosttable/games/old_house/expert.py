"""Expert bots for The Mystery of the Old House, one for each side, searching over the belief.

:class:`ExpertBot` plays the Phantom on seat 0 and the hunters on any other seat. It reaches the
game only through its :class:`~ghosttable.ai.base.Observation` (its view, its legal actions and
determinizations), and spends a *work* budget per decision, not time, so a seeded game replays
move for move on any machine. The design follows the MCTS of Nijssen & Winands for Scotland Yard
(IEEE TCIAIG 4(4), 2012): the seekers reason over the hider's possible locations, biased by
*location categorisation*; the search plays determinized worlds out with domain-knowledge
policies.

**The hunters** weigh each cell of the exact possible-cell set (the view's ``possible_cells``,
from ``belief.py``) by its *category*: its distance to the nearest intact relic and to the nearest
hunter. The weight of a category is how often the Phantom stood on a cell of that category over
how often such a cell was possible, counted in games between the heuristic bots
(:data:`CATEGORY_WEIGHTS`: a hidden Phantom seldom stands next to a relic, since it strikes
from two or three steps away and leaves). A hunter
moving while the Phantom hides scores each cell in reach by the weighted chance that the Phantom
stands there (it names it there after its move) and the weight within two steps (the cells it
covers next), and, for the best :attr:`ExpertSettings.hunter_candidates` cells, plays the rest of
the hunters' phase and the Phantom's next turn out on determinized worlds (the Phantom's round
drawn from the hunters' belief, each world weighted by its Phantom cell's category), the other
hunters answering with this same greedy rule and the Phantom with the heuristic's rules of thumb;
a world is scored at that cut-off by the Damage dealt, the relics lost and how far the hunters
stand from the Phantom against the cells it may be on. When a wrong guess costs the next turn, it
names the Phantom on a cell whose weighted chance reaches :attr:`ExpertSettings.name_chance`.

**The Phantom** is the heuristic Phantom whose look-ahead runs on every turn of Midnight but the
opening ones, over 8 endpoints and their variants (a strike the rules of thumb find safe is left
to them, as in the heuristic), each played out on several
determinized worlds (the traps it has not seen to trigger and the dice drawn again), the hunters
answering with the heuristic hunters and, after a reveal, one more turn each. Worlds are added
until the work budget is spent; after the second and the fourth world, the worse half of the
candidates is dropped (successive halving). A candidate is scored by the heuristic's value
(relics, Damage, the hunters' reach over the square root of their possible-cell count: what the
hunters can know of it) less the Damage the hunters' free guesses can be expected to deal next
phase, and in the phase after its next turn (one over the cells their belief spreads to when it
plays three more Move cards: the cards each hypothesis has left limit it, and late in a round the
cards spent pin it), averaged over its worlds. Its endpoints are ranked with the cells its hand
leaves it to reach next turn (a strike reveals it: the escape is all the hunters must search).
It summons no entity while hidden off a relic (the entity would show its cell).
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import TYPE_CHECKING, Any

from ghosttable.ai.advisor import Advice, flat_monte_carlo
from ghosttable.ai.base import Observation, TrueStateObservation
from ghosttable.core.actions import Action
from ghosttable.core.errors import GameError
from ghosttable.games.old_house.strategy import HeuristicBot, PhantomWeights, _reach_chance

if TYPE_CHECKING:
    from ghosttable.core.state import Game, State
    from ghosttable.games.old_house.rules import OldHouseState

DEFAULT_WORK = 12_000
"""Work units per decision by default: each action applied in a world counts 1, each world drawn
:data:`WORLD_WORK` more, each of the Phantom's scored worlds :data:`SPREAD_WORK` more (the
Phantom 0.04 s of CPU a decision on average, about 1 s in its heaviest turns, on a loaded shared
core; docs/games/old_house.md, "Balance")."""

WORLD_WORK = 60
"""Work units a determinized world counts besides the actions played in it."""

SPREAD_WORK = 10
"""Work units the Phantom counts for carrying the hunters' belief one turn on in a scored world
(``ExpertSettings.spread_fear``)."""

CATEGORY_WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.3, 0.3, 0.3, 0.9),
    (0.31, 0.13, 0.30, 0.34),
    (1.68, 1.46, 0.95, 1.19),
    (1.17, 1.03, 1.24, 1.37),
)
"""Location categorisation: the weight of a possible cell by ``[relic][hunter]``, where ``relic`` is
its distance to the nearest intact relic (0, 1, 2, 3 or more) and ``hunter`` its distance to the
nearest hunter (1 or less, 2, 3, 4 or more). Counted over 60 games between the heuristic bots at 3
players (seed 2000): at each hunter's turn with the Phantom hidden on one of several cells, the
times the Phantom stood on a cell of the category over the times such a cell was possible, scaled
so that the weights average 1 over all possible cells (the first row, counted on 152 cells, is
smoothed to 0.3 where it counted none). A hidden Phantom is seldom next to a relic: it strikes
from two or three steps away and leaves (docs/games/old_house.md, "Bots")."""

EXPERT_PHANTOM = dataclasses.replace(
    PhantomWeights(),
    search_radius=99,
    search_cells=99,
    breadth=8,
    strike_by_rule=True,
    hidden_summons=False,
    escape_fear=20.0,
    mobility_fear=6.0,
)
"""The expert Phantom's tuning: the heuristic's, with the look-ahead on every turn and 8 endpoints,
no summon while hidden off a relic (the entity would show the hunters its cell), and the cells its
hand leaves it to reach next turn counted at strikes (``escape_fear``) and hiding endpoints
(``mobility_fear``)."""


@dataclasses.dataclass(frozen=True)
class ExpertSettings:
    """The expert's budget and tuning.

    ``work``: work units a decision may spend (see :data:`DEFAULT_WORK`); at least one world is
    always played. ``phantom``: the Phantom's weights. ``max_worlds``: most worlds per candidate
    turn of the Phantom. ``hunter_candidates``: cells a moving hunter plays out; ``hunter_worlds``:
    most worlds for them. ``name_chance``: the weighted chance at which a hunter names a hidden
    Phantom when a wrong guess costs its next turn. ``cover``: the worth of the weight within two
    steps of a cell, against the weight on it. ``pin_fear``: the Phantom's fear of the Damage the
    hunters may deal next phase (as a share of the Damage's worth). ``spread_fear``: its fear of
    the phase after that, each hunter finding it with a chance of one over the cells the hunters'
    belief spreads to in its next turn of ``spread_cards`` Move cards.
    """

    work: int = DEFAULT_WORK
    phantom: PhantomWeights = EXPERT_PHANTOM
    max_worlds: int = 8
    hunter_candidates: int = 3
    hunter_worlds: int = 4
    name_chance: float = 0.45
    cover: float = 0.5
    pin_fear: float = 1.0
    spread_fear: float = 1.0
    spread_cards: int = 3


def _category(dist: list[dict[int, int]], cell: int, intact: list[int], hunters: list[int]) -> float:
    relic = min((dist[cell].get(r, 30) for r in intact), default=3)
    hunter = min((dist[cell].get(h, 30) for h in hunters), default=4)
    return CATEGORY_WEIGHTS[min(relic, 3)][min(max(hunter, 1), 4) - 1]


class _Budget:
    """Work spent by one decision against its allowance."""

    def __init__(self, work: int) -> None:
        self.work = work
        self.spent = 0
        self.before_last = 0

    @property
    def left(self) -> bool:
        """Whether another world may be played."""
        return self.spent < self.work

    def start_world(self) -> None:
        """Note the work spent before the world about to be played."""
        self.before_last = self.spent

    def record(self, worlds: int) -> tuple[int, int, int]:
        """``(worlds played, work spent, work spent before the last world)``."""
        return (worlds, self.spent, self.before_last)


class ExpertPhantom(HeuristicBot):
    """The expert's Phantom (see the module docstring): the heuristic's look-ahead on every turn,
    each candidate on several worlds within a work budget, with successive halving."""

    name = "expert"

    def __init__(self, game: Game, seat: int, seed: int, settings: ExpertSettings) -> None:
        super().__init__(game, seat, seed, settings.phantom)
        self.settings = settings
        #: the last search's ``(worlds, work spent, work spent before its last world)``
        self.last_search: tuple[int, int, int] | None = None

    def _pressed(self, view: dict[str, Any]) -> bool:
        return True

    def _search(self, obs: Observation, view: dict[str, Any]) -> list[Action]:
        """This turn's plan: candidates scored over worlds added until the budget is spent."""
        candidates = self._candidates(view)
        if not candidates:
            return []
        budget = _Budget(self.settings.work)
        likely = self._trap_cells(view)
        deep = self.w.depth > 1 and (self.w.deep_always or view["phantom"]["revealed"])
        penalties = [self._route_penalty(view, candidate, likely) for candidate in candidates]
        totals = [0.0] * len(candidates)
        scripts: list[list[Action]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        worlds = 0
        while worlds < self.settings.max_worlds and (worlds == 0 or budget.left):
            budget.start_world()
            base = self._world(obs, likely)
            budget.spent += WORLD_WORK
            for i in alive:
                twin = base.clone()
                played = self._play_out(twin, candidates[i], deep)
                if worlds == 0:
                    scripts[i] = played
                totals[i] += self._value(base, twin) - penalties[i]
                budget.spent += len(twin.history) + (SPREAD_WORK if self.settings.spread_fear else 0)
            worlds += 1
            if worlds in (2, 4) and len(alive) > 3:
                alive.sort(key=lambda i: (-totals[i], i))
                alive = sorted(alive[: max(3, len(alive) // 2)])
        self.last_search = budget.record(worlds)
        best = max(alive, key=lambda i: (totals[i], -i))
        return scripts[best]

    def _value(self, base: Any, twin: Any) -> float:
        """The heuristic's value, less the Damage the hunters can be expected to deal in their next
        phase: each hunter able to reach the Phantom's cell finds it there with a chance of one in
        the number of cells it may be on (every possible cell a hunter ends on is named)."""
        value = super()._value(base, twin)
        if twin.is_terminal():
            return value
        size = len(twin.hunters_tracker.cells())
        cell = twin.phantom_cell
        expected = 0.0
        for h in twin.hunters:
            reach = _reach_chance(self.dist[h.cell].get(cell, 99), 1 if h.name == "athlete" else 0)
            expected += reach * (2 if h.name == "exorcist" else 1)
        value -= self.settings.pin_fear * self.w.damage_value * expected / size
        if self.settings.spread_fear:
            value -= self.settings.spread_fear * self.w.damage_value * len(twin.hunters) / self._spread_next(twin)
        return value

    def _spread_next(self, twin: OldHouseState) -> int:
        """The cells the hunters will have to consider after the Phantom's next turn, if it plays
        ``spread_cards`` Move cards (fewer when its hand is short; a discard when it can play
        none) and ends off every intact relic: their belief carried one turn on, each of their
        hypotheses limited by the cards it leaves the Phantom. Late in a round this is small
        whatever the Phantom does next: the cards spent sum up to where it stands."""
        tracker = twin.hunters_tracker.copy()
        left = sum(twin.hand)
        cards = min(self.settings.spread_cards, left)
        tracker.add(("turn",))
        for _ in range(cards):
            tracker.add(("step", -1))
        if cards == 0 and left:
            tracker.add(("discard",))
        intact = tuple(sorted(c for c, gone in twin.relics.items() if not gone))
        if intact:
            tracker.add(("at", intact, False))
        tracker.add(("end_turn",))
        return max(1, len(tracker.cells()))

    def _world(self, obs: Observation, likely: set[int]) -> OldHouseState:
        """A determinized state as the heuristic's look-ahead builds it, its history emptied (the
        actions a candidate's play-out applies are its work)."""
        base: OldHouseState = self._search_world(obs, likely)
        base.history = []
        return base


class ExpertHunters(HeuristicBot):
    """The expert's hunters (see the module docstring): a weighted belief over the possible-cell
    set, and the moves of a hidden chase played out on determinized worlds."""

    name = "expert"

    def __init__(self, game: Game, seat: int, seed: int, settings: ExpertSettings) -> None:
        super().__init__(game, seat, seed)
        self.settings = settings
        self.obs: Observation | None = None
        self.greedy: dict[int, _GreedyHunters] = {}
        self.phantom_model: HeuristicBot | None = None
        #: the last search's ``(worlds, work spent, work spent before its last world)``
        self.last_search: tuple[int, int, int] | None = None

    def choose(self, obs: Observation) -> Action:
        self.obs = obs
        try:
            return super().choose(obs)
        finally:
            self.obs = None

    def weights(self, view: dict[str, Any], possible: list[int]) -> dict[int, float]:
        """Each possible cell's chance of holding the Phantom (location categorisation), summing to 1."""
        intact = self._intact(view)
        hunters = [self._cell(h["cell"]) for h in view["hunters"]]
        raw = {c: _category(self.dist, c, intact, hunters) for c in possible}
        total = sum(raw.values()) or 1.0
        return {c: w / total for c, w in raw.items()}

    def _names(self, view: dict[str, Any], here: int, possible: list[int], target: int | None) -> bool:
        if here == target:
            return True
        if here not in possible:
            return False
        if not view.get("wrong_guess_costs_next_turn", True):
            return True
        return self.weights(view, possible)[here] >= self.settings.name_chance

    def _cover_scores(
        self, view: dict[str, Any], here: int, allowance: int, possible: list[int]
    ) -> list[tuple[float, int]]:
        """Each cell in reach scored by the weight on it and (``cover``) within two steps of it,
        less a little for standing next to another hunter or far from the relics most at risk."""
        weights = self.weights(view, possible)
        me = view["hunter_turn"]["hunter"]
        others = [self._cell(h["cell"]) for h in view["hunters"] if h["name"] != me]
        intact = self._intact(view)
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))[:2]
        out = []
        for c, d in self.dist[here].items():
            if not 1 <= d <= allowance:
                continue
            score = weights.get(c, 0.0) + self.settings.cover * sum(weights.get(n, 0.0) for n in self.house.near(c, 2))
            score -= 0.02 * min((self.dist[c].get(r, 30) for r in at_risk), default=0)
            score -= 0.05 * sum(1 for o in others if self.dist[c].get(o, 30) <= 1)
            out.append((score + self.rng.random() * 1e-4, c))
        out.sort(reverse=True)
        return out

    def _best_cover(
        self, view: dict[str, Any], here: int, allowance: int, possible: list[int], me: dict[str, Any]
    ) -> int:
        ranked = self._cover_scores(view, here, allowance, possible)
        if not ranked:
            return super()._best_cover(view, here, allowance, possible, me)
        if self.obs is None or len(possible) <= 1 or self.settings.hunter_candidates <= 1:
            return ranked[0][1]
        return self._played_out(self.obs, [c for _, c in ranked[: self.settings.hunter_candidates]])

    def _played_out(self, obs: Observation, cells: list[int]) -> int:
        """The cell among ``cells`` whose move scores best over determinized worlds (see the module
        docstring), each world weighted by its Phantom cell's category."""
        budget = _Budget(self.settings.work)
        totals = [0.0] * len(cells)
        mass = 0.0
        worlds = 0
        view = obs.view()
        intact = self._intact(view)
        hunters = [self._cell(h["cell"]) for h in view["hunters"]]
        while worlds < self.settings.hunter_worlds and (worlds == 0 or budget.left):
            budget.start_world()
            base: OldHouseState = obs.determinize(self.rng)  # type: ignore[assignment]
            base.history = []
            budget.spent += WORLD_WORK
            weight = _category(self.dist, base.phantom_cell, intact, hunters)
            mass += weight
            for i, cell in enumerate(cells):
                twin = base.clone()
                twin.apply(self.game.actions.move[cell], self.seat)  # type: ignore[attr-defined]
                value = self._rollout(twin, base)
                totals[i] += weight * value
                budget.spent += len(twin.history)
            worlds += 1
        self.last_search = budget.record(worlds)
        best = max(range(len(cells)), key=lambda i: (totals[i], -i))
        return cells[best]

    def _rollout(self, twin: OldHouseState, base: OldHouseState) -> float:
        """Finish this hunters' phase greedily and play the Phantom's next turn by the rules of
        thumb; the hunters' value of what is left (Damage dealt, relics kept, the Phantom's cell
        against the hunters and the cells it may be on)."""
        guard = 0
        while twin.phase == "hunters" and guard < 120:
            guard += 1
            seat = twin.acting_seats()[0]
            twin.apply(self._greedy(seat).choose(Observation(twin, seat)), seat)
        model = self._phantom_model()
        guard = 0
        while twin.phase == "phantom" and guard < 60:
            guard += 1
            twin.apply(model.choose(Observation(twin, 0)), 0)
        if twin.is_terminal():
            return 100.0 if twin.winner == "hunters" else -100.0
        value = 20.0 * (twin.damage - base.damage) - 10.0 * (sum(twin.relics.values()) - sum(base.relics.values()))
        cell = twin.phantom_cell
        near = sorted(self.dist[h.cell].get(cell, 30) for h in twin.hunters)
        size = len(twin.hunters_tracker.cells())
        value -= 1.5 * near[0] + 0.5 * sum(near[1:]) + 3.0 * math.log(size)
        return value

    def _greedy(self, seat: int) -> _GreedyHunters:
        bot = self.greedy.get(seat)
        if bot is None:
            bot = self.greedy[seat] = _GreedyHunters(self.game, seat, self.rng.getrandbits(32), self.settings)
        return bot

    def _phantom_model(self) -> HeuristicBot:
        bot = self.phantom_model
        if bot is None:
            weights = dataclasses.replace(PhantomWeights(), search=False)
            bot = self.phantom_model = HeuristicBot(self.game, 0, self.rng.getrandbits(32), weights)
            bot.learn = False
        bot.turn_key = None
        bot.plan = []
        return bot


class _GreedyHunters(ExpertHunters):
    """The hunters inside a rollout: the weighted belief without playing moves out."""

    def __init__(self, game: Game, seat: int, seed: int, settings: ExpertSettings) -> None:
        super().__init__(game, seat, seed, dataclasses.replace(settings, hunter_candidates=1))


class ExpertBot:
    """``expert`` for either side of The Mystery of the Old House (see the module docstring).

    Args:
        game: an ``OldHouse`` game.
        seat: 0 plays the Phantom, any other seat its hunters.
        seed: seeds the bot's generator: the same seed and budget give the same choices.
        work: work units a decision may spend (:data:`DEFAULT_WORK`).
        settings: the whole tuning (its ``work`` is replaced by ``work`` when that is given).

    Raises:
        ValueError: ``work`` below 1.
    """

    name = "expert"

    def __init__(
        self, game: Game, seat: int, seed: int, work: int | None = None, settings: ExpertSettings | None = None
    ) -> None:
        chosen = settings or ExpertSettings()
        if work is not None:
            chosen = dataclasses.replace(chosen, work=work)
        if chosen.work < 1:
            raise ValueError(f"work must be 1 or more, not {chosen.work}")
        self.seat = seat
        self.settings = chosen
        self.inner: HeuristicBot = (
            ExpertPhantom(game, seat, seed, chosen) if seat == 0 else ExpertHunters(game, seat, seed, chosen)
        )

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``."""
        return self.inner.choose(obs)


class OraclePhantom(ExpertPhantom):
    """:class:`ExpertPhantom` searching the true state: the traps where they lie and the dice to come."""

    name = "oracle"

    def _world(self, obs: Observation, likely: set[int]) -> OldHouseState:
        if not isinstance(obs, TrueStateObservation):
            raise GameError("the oracle bot sees the true state: it plays only in simulate and bench")
        base: OldHouseState = obs.true_state()  # type: ignore[assignment]
        base.history = []
        return base


class OracleBot(ExpertBot):
    """``expert``'s Phantom search run on the true state: every world it plays is the real one (the
    traps where the hunters set them, the hunters' and its own dice to come), and its hunters are
    the heuristic hunters it meets in ``simulate``, so it measures how far a Phantom of this
    search could go against them. On a hunters' seat it plays as ``expert``.

    For measurement only: it needs a :class:`~ghosttable.ai.base.TrueStateObservation`, which only
    ``simulate`` and ``bench`` build, and is never offered in the lobby.

    Raises:
        GameError: from :meth:`choose` on the Phantom's seat, when handed an ordinary ``Observation``.
    """

    name = "oracle"
    measurement_only = True

    def __init__(
        self, game: Game, seat: int, seed: int, work: int | None = None, settings: ExpertSettings | None = None
    ) -> None:
        super().__init__(game, seat, seed, work, settings)
        if seat == 0:
            self.inner = OraclePhantom(game, seat, seed, self.settings)


ADVICE_ROLLOUT_LIMIT = 600
"""Decisions a playout of the advice plays before it is scored as undecided (a half win)."""

ADVICE_CANDIDATES = 8
"""Legal actions the advice plays out at most: the ``expert``'s choice and the next best it sees."""

ADVICE_DECISION_WORK = 25
"""Work units each decision of an advice playout counts (a heuristic bot's decision reads a view)."""


def _advice_candidates(obs: Observation, legal: list[Action], pick: Action, seed: int) -> list[Action]:
    """The expert's choice first, then (for a hunter's move) the cells it ranks best, then the
    legal order, :data:`ADVICE_CANDIDATES` at most."""
    order = [pick]
    if obs.seat >= 1 and any(a.kind == "move" for a in legal):
        view = obs.view()
        hunter = ExpertHunters(obs.game, obs.seat, seed, ExpertSettings())
        turn = view["hunter_turn"]
        me = next(h for h in view["hunters"] if h["name"] == turn["hunter"])
        possible = [hunter._cell(c) for c in view["possible_cells"]]
        ranked = hunter._cover_scores(view, hunter._cell(me["cell"]), turn["move_allowance"], possible)
        moves = {a: a for a in legal if a.kind == "move"}
        for _, cell in ranked:
            action = Action.make("move", to=hunter.house.name_of(cell))
            if action in moves and action not in order:
                order.append(action)
            if len(order) >= ADVICE_CANDIDATES // 2:
                break
    for action in legal:
        if len(order) >= ADVICE_CANDIDATES:
            break
        if action not in order:
            order.append(action)
    return order


def advise(obs: Observation, work: int, rng: random.Random) -> list[Advice]:
    """The legal actions of ``obs``'s seat ranked best first, each with its estimated chance that
    the seat's side wins, in [0, 1]. At most :data:`ADVICE_CANDIDATES` of them are searched (the
    ``expert`` bot's choice, for a hunter's move the cells it ranks best, then the legal order):
    each is played on the same determinized worlds (from the seat's knowledge only), then the
    game is finished by the heuristic bots (the Phantom by its rules of thumb, without
    look-ahead); a win counts 1, a playout still undecided after :data:`ADVICE_ROLLOUT_LIMIT`
    decisions 1/2, a loss 0. Rounds (one world, every candidate) are played until ``work`` units
    are spent (each playout decision :data:`ADVICE_DECISION_WORK`, each world :data:`WORLD_WORK`),
    at least one. Ties go to the expert's order. The legal actions left unsearched follow, with
    0 playouts and the lowest chance found. ``[]`` when the seat is not to act."""
    legal = obs.legal_actions()
    if not legal:
        return []
    game = obs.game
    seed = rng.getrandbits(32)
    pick = legal[0] if len(legal) == 1 else ExpertBot(game, obs.seat, seed, work=min(work, DEFAULT_WORK)).choose(obs)
    order = _advice_candidates(obs, legal, pick, seed)
    advice = _played_out(obs, order, work, rng, seed)
    floor = advice[-1].chance
    return advice + [Advice(a, floor, 0) for a in legal if a not in order]


def _played_out(obs: Observation, candidates: list[Action], work: int, rng: random.Random, seed: int) -> list[Advice]:
    """``candidates`` played on the same determinized worlds of ``obs`` and finished by the
    heuristic bots (the Phantom without look-ahead), within ``work`` units (see :func:`advise`)."""
    game = obs.game
    fast = dataclasses.replace(PhantomWeights(), search=False)
    bots: list[HeuristicBot] = [HeuristicBot(game, 0, seed, fast)] + [
        HeuristicBot(game, s, seed + s) for s in range(1, game.players)
    ]

    def choose(state: State, seat: int) -> Action:
        return bots[seat].choose(Observation(state, seat))

    return flat_monte_carlo(
        obs,
        work,
        rng,
        rollout_limit=ADVICE_ROLLOUT_LIMIT,
        candidates=candidates,
        choose=choose,
        decision_work=ADVICE_DECISION_WORK,
    )


def suggest(obs: Observation, work: int, playout_work: int, rng: random.Random) -> Advice:
    """The hint of :func:`ghosttable.ai.advisor.suggest` for the Old House, for either side: the
    ``expert`` bot's choice (within ``work``, at most :data:`DEFAULT_WORK`), its chance of winning the
    share of playouts that the seat's side wins after it, each from a determinization of the seat's
    knowledge finished by the heuristic bots as in :func:`advise`, until ``playout_work`` is spent
    (each decision :data:`ADVICE_DECISION_WORK` units, each world ``WORLD_WORK``), at least one;
    ``playouts`` is their count. All of ``playout_work`` goes to the one action, so the chance rests
    on tens of playouts, where :func:`advise` shares its budget among up to
    :data:`ADVICE_CANDIDATES` actions. Raises ``ValueError`` when the seat is not to act."""
    legal = obs.legal_actions()
    if not legal:
        raise ValueError(f"seat {obs.seat} has no legal action")
    seed = rng.getrandbits(32)
    pick = (
        legal[0] if len(legal) == 1 else ExpertBot(obs.game, obs.seat, seed, work=min(work, DEFAULT_WORK)).choose(obs)
    )
    return _played_out(obs, [pick], playout_work, rng, seed)[0]

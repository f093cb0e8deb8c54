"""Heuristic bots for The Mystery of the Old House, one for each side.

:class:`HeuristicBot` plays the Phantom on seat 0 and the hunters on any other seat. The hunters
read only their seat's view and legal actions; the Phantom also plays its candidate turns out on
determinized states (``Observation.determinize``: the trap cells it has not seen resampled).

The Phantom gambles in Twilight for 1 + die cards, taking the three Horror cards first (Horror
keeps hunters from piling onto a revealed Phantom), then the Summon cards whose hunter side is a
Pentagram (pentagrams are what pins a hidden Phantom). In Midnight, when a hunter is near or the
hunters' possible-cell set is small, it looks one hunters' phase ahead: each candidate turn (the
best-ranked endpoints of its rules of thumb, with Acceleration where needed, by other orders of the
same cards, lengthened to spend the whole roll, with a summon where it fits, with Horror on the
nearest hunters when escaping a reveal, or a discard) is played on a determinized copy, the
hunters answer with this very bot (after a reveal, one more Phantom turn and hunters' phase are
played), and the turn is scored by relics destroyed, Damage taken, how many cells the hunters are
left to search against how near they stand, the trap risk at relic entrances, the distance to the
next relic and the Move cards still in hand (each one more hunters' phase before the round ends).
Otherwise, and for the strike itself, it follows its rules of thumb: strike an intact relic when
the hunters' expected reach (after Horror) is low, else hide far from hunters and close in on
relics, avoiding pentagram areas and the relic entrances it has not seen to be clear of traps.
Summons come when it is revealed anyway (typically on the relic it strikes); entities head for
intact relics the hunters do not watch (not the one being struck, not the ones nearest the
possible-cell set, not within a hunter's easy reach) and sit there two turns to destroy them
without a reveal. The numbers are :class:`PhantomWeights`.

The hunters chase a revealed Phantom and name it; otherwise they move to cover the possible-cell
set (the view's ``possible_cells``), guess when standing on a possible cell after their move (or
before it when that cell is the only one), set traps on the cells leading into the relics most at
risk, and draw pentagrams where many possible cells lie around them.
"""

from __future__ import annotations

import dataclasses
import random
from typing import TYPE_CHECKING, Any

from ghosttable.core.actions import Action
from ghosttable.games.old_house.belief import Tracker
from ghosttable.games.old_house.house import DIRECTIONS, House

if TYPE_CHECKING:
    from ghosttable.ai.base import Observation
    from ghosttable.core.state import Game

DIE_FACES = 6
HERO_ORDER = ("exorcist", "tracker", "athlete", "engineer", "medium", "photographer")
"""The heroes the heuristic hunters choose, best first: a correct guess worth 2 Damage, trails on 5
cells, one cell more each move, traps on the relics themselves, then the two questions."""
_SHARE_ORDER = {"trap": 0, "pentagram": 1, "acceleration": 2}
"""The order in which the heuristic hunters share the cards left after Twilight, by hunter side."""


def _reach_chance(distance: int, bonus: int) -> float:
    """Chance that a d6 roll plus ``bonus`` covers ``distance`` cells."""
    if distance <= 0:
        return 1.0
    need = distance - bonus
    if need <= 1:
        return 1.0
    if need > DIE_FACES:
        return 0.0
    return (DIE_FACES - need + 1) / DIE_FACES


def _route_plan(accelerate: bool, path: list[int]) -> list[Action]:
    """The actions of a route: Acceleration first if asked, then one step per direction index."""
    return ([Action.make("accelerate")] if accelerate else []) + [Action.make("step", dir=DIRECTIONS[d]) for d in path]


@dataclasses.dataclass(frozen=True)
class PhantomWeights:
    """The heuristic Phantom's tuning (see docs/games/old_house.md, "Bots" and "Balance").

    Twilight (rulebook, Phase I: 4 cards openly or 1 + die; reference, part 2: the 13 cards):
    ``card_order`` is the order the Phantom takes the action cards in (ids of
    ``data/action_cards.toml``: the Horror cards first, Horror/Pentagram before the Horror/Traps,
    then the Summon cards whose hunter side is a Pentagram), ``gamble`` the 1 + die choice.

    Rules of thumb (strikes, opening turns, turns with no hunter near): ``strike_value`` is the
    worth of ending a turn on an intact relic and ``reveal_fear`` the cost of each expected Damage
    from the hunters able to reach it then (after Horror); ``hide_fear`` the cost of the hunters'
    reach to a hiding cell, divided by the square root of the cells they will have to search;
    ``approach`` the cost of each step between the endpoint and the nearest intact relic;
    ``trap_fear`` the cost of each likely trap cell (a relic entrance not known clear) on the
    route, per trap on the board; ``pentagram_fear`` of each route cell round a pentagram;
    ``pad`` lengthens hiding routes with back-and-forth steps; ``summon_threat`` is the reach
    below which a summon is safe; ``entity_margin`` how much worse a plan may score to keep steps
    back for the entities; ``entity_trap_fear`` an entity's dislike of a guarded relic entrance;
    ``horror_reach`` how near (in steps) a hunter must be for Horror at a strike.

    Look-ahead (a hunter within ``search_radius`` steps or at most ``search_cells`` possible
    cells): ``search`` turns it on; ``breadth`` endpoints of the rules of thumb are tried, each
    also in ``route_variants`` other orders of its cards and, when ``burn``, lengthened to spend
    the whole roll; ``samples`` determinized copies each; when revealed at the turn's start, each
    endpoint also with Horror on the nearest hunters (while fewer than ``escape_horror_plans``
    plans), and with ``depth`` 2 one more Phantom turn (rules of thumb) and hunters' phase are
    played (always with ``deep_always``); ``trap_bias`` puts the unseen traps on relic entrances.
    A plan is worth ``relic_value`` a relic, minus ``damage_value`` a Damage, ``exposure`` times
    the hunters' reach over the square root of their possible cells, ``search_trap_fear`` per
    likely trap cell on the route and trap, ``approach`` per step to the next relic and
    ``card_weight`` per Move card still in hand (each card kept is one more hunters' phase before
    the round ends). ``strike_by_rule`` leaves strikes to the rules of thumb. ``stay_fear`` is
    the cost of ending a turn that began revealed on the very cell the hunters saw it on.
    ``hidden_summons`` allows a summon off a relic while hidden (the entity shows the hunters the
    Phantom's cell). ``escape_fear`` (at a strike) and ``mobility_fear`` (at a hiding endpoint)
    are the cost of few cells to reach next turn, over the square root of the cells the cards
    left after the route reach within ``escape_steps`` steps (a Phantom revealed with a short or
    one-sided hand has few cells to escape to, and the hunters can count its cards).
    """

    card_order: tuple[int, ...] = (9, 7, 8, 1, 3, 5, 2, 4, 6, 10, 11, 12, 13)
    gamble: bool = True
    trap_fear: float = 3.0
    strike_value: float = 14.0
    reveal_fear: float = 16.0
    hide_fear: float = 12.0
    approach: float = 0.6
    pad: bool = False
    summon_threat: float = 0.3
    pentagram_fear: float = 3.0
    entity_margin: float = 3.0
    entity_trap_fear: float = 0.5
    horror_reach: int = 8
    search: bool = True
    samples: int = 1
    breadth: int = 6
    route_variants: int = 2
    burn: bool = True
    escape_horror_plans: int = 12
    depth: int = 2
    deep_always: bool = False
    trap_bias: bool = True
    strike_by_rule: bool = True
    relic_value: float = 10.0
    damage_value: float = 20.0
    exposure: float = 8.0
    search_trap_fear: float = 3.0
    search_radius: int = 6
    search_cells: int = 6
    card_weight: float = 0.5
    stay_fear: float = 50.0
    hidden_summons: bool = True
    escape_fear: float = 0.0
    mobility_fear: float = 0.0
    escape_steps: int = 4


class HeuristicBot:
    """A rule-of-thumb player for either side (see the module docstring).

    Args:
        game: an ``OldHouse`` game.
        seat: 0 plays the Phantom, any other seat its hunters.
        seed: seeds the bot's own generator (used to break ties).
        weights: the Phantom's tuning (``PhantomWeights()`` when not given).
    """

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int, weights: PhantomWeights | None = None) -> None:
        self.seat = seat
        self.rng = random.Random(seed)
        house: House = game.house  # type: ignore[attr-defined]
        self.house = house
        self.dist = [house.distance_table(c) for c in range(house.size)]  # shared, read only
        self.turn_key: tuple[Any, ...] | None = None
        self.plan: list[int] = []
        self.w = weights or PhantomWeights()
        self.guess_at = 2  # when a wrong guess costs the next turn: named only on one of at most 2 possible cells
        self.game = game
        self.learn = True
        self.follow: HeuristicBot | None = None
        self.script_key: tuple[Any, ...] | None = None
        self.script: list[Action] = []
        self.hunter_bots: dict[int, HeuristicBot] = {}
        self.clear_key: tuple[Any, ...] | None = None
        self.clear: set[int] = set()
        self._index = house.cell_index
        self._rings: dict[tuple[int, int], frozenset[int]] = {}

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``."""
        legal = obs.legal_actions()
        view = obs.view()
        if self.seat == 0:
            self._learn_clear(obs, view)
            choice = self._scripted(obs, view, legal)
            if choice is None:
                choice = self._phantom(view, legal)
        else:
            choice = self._hunter(view, legal)
        return choice if choice in legal else legal[self.rng.randrange(len(legal))]

    # ----- shared -------------------------------------------------------------------------------

    def _cell(self, name: str) -> int:
        got = self._index.get(name)
        return self.house.parse(name) if got is None else got

    def _intact(self, view: dict[str, Any]) -> list[int]:
        return [self._cell(r["cell"]) for r in view["relics"] if not r["destroyed"]]

    # ----- the Phantom --------------------------------------------------------------------------

    def _phantom(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if "pick_cards" in kinds:
            return Action.make("gamble" if self.w.gamble else "pick_cards")
        if "take_card" in kinds:
            return self._take_card(legal)
        private = view["private"]
        phantom = view["phantom"]
        cell = self._cell(private["cell"])
        hunters = [(self._cell(h["cell"]), h["name"]) for h in view["hunters"]]
        intact = self._intact(view)
        hand = [private["hand"][d] for d in DIRECTIONS]
        attack = [a for a in legal if a.kind == "attack_pentagram"]
        if attack:
            return attack[0]
        turn_key = (view["time"]["round"], phantom["hand_size"] + phantom["cards_this_turn"], phantom["die"])
        if turn_key != self.turn_key:
            self.turn_key = turn_key
            left = phantom["steps_left"] or 0
            score, plan = self._plan(view, cell, left, hand, intact)
            escaping = phantom["revealed"] and phantom["cards_this_turn"] == 0
            reserve = 0 if escaping else self._entity_need(view, intact)  # a revealed Phantom runs first
            if reserve and left > 1:
                score3, plan3 = self._plan(view, cell, max(1, left - reserve), hand, intact)
                if score3 > score - self.w.entity_margin:
                    score, plan = score3, plan3
            if "accelerate" in kinds:
                score2, plan2 = self._plan(view, cell, left + 2, hand, intact)
                if score2 > score + 2.0:
                    self.plan = plan2
                    return Action.make("accelerate")
            self.plan = plan
        if self.plan and any(a.kind == "step" for a in legal):
            want = Action.make("step", dir=DIRECTIONS[self.plan[0]])
            if want in legal:
                self.plan = self.plan[1:]
                return want
        self.plan = []
        on_relic_now = cell in intact and not phantom["opening_turn"]
        summons = [a for a in legal if a.kind == "summon"]
        hidden_ok = self.w.hidden_summons and self._threat(cell, view) < self.w.summon_threat
        if summons and (on_relic_now or phantom["revealed"] or hidden_ok):
            return summons[0]
        horror = [a for a in legal if a.kind == "horror"]
        if horror and (on_relic_now or phantom["revealed"]):
            ranked = sorted(view["hunters"], key=lambda h: self.dist[self._cell(h["cell"])].get(cell, 99))
            for h in ranked:
                want = Action.make("horror", hunter=h["name"])
                if (
                    want in legal
                    and not h["horrified"]
                    and self.dist[self._cell(h["cell"])].get(cell, 99) <= self.w.horror_reach
                ):
                    return want
        entity_moves = [a for a in legal if a.kind == "move_entity"]
        if entity_moves:
            move = self._entity_move(view, entity_moves, intact, hunters)
            if move is not None:
                return move
        if "end_turn" in kinds:
            return Action.make("end_turn")
        discards = [a for a in legal if a.kind == "discard"]
        if discards:
            return max(discards, key=lambda a: hand[DIRECTIONS.index(str(a["dir"]))])
        steps = [a for a in legal if a.kind == "step"]  # an opening turn that must still move
        return steps[0] if steps else legal[0]

    def _take_card(self, legal: list[Action]) -> Action:
        for card in self.w.card_order:
            want = Action.make("take_card", card=card)
            if want in legal:
                return want
        return legal[0]

    def _learn_clear(self, obs: Observation, view: dict[str, Any]) -> None:
        """At the start of each Phantom turn: the cells known to hold none of the traps on the
        board (the Phantom or an entity entered them after the trap was set without triggering
        it; reference, part 2: the Phantom learns where a trap lies only when it triggers)."""
        phantom = view["phantom"]
        if view["phase"] != "phantom" or not self.learn:
            return
        key = (view["time"]["round"], phantom["hand_size"] + phantom["cards_this_turn"], phantom["die"])
        if key == self.clear_key:
            return
        self.clear_key = key
        self.clear = set()
        if not view["traps_set"]:
            return
        twin = obs.determinize(self.rng)
        active = [t for t in twin.traps if t.active]  # type: ignore[attr-defined]
        if active:
            self.clear = set.intersection(*(t.phantom_clear | t.entity_clear for t in active))

    # ----- the Phantom's look-ahead -------------------------------------------------------------

    def _scripted(self, obs: Observation, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """The next action of this turn's searched plan, or ``None`` to fall back on the rules of
        thumb (Twilight, opening turns, or a plan the real state refuses, e.g. after a trap)."""
        phantom = view["phantom"]
        if view["phase"] != "phantom" or phantom["opening_turn"] or not self.w.search:
            return None
        key = (view["time"]["round"], phantom["hand_size"] + phantom["cards_this_turn"], phantom["die"])
        if key != self.script_key:
            self.script_key = key
            self.script = self._search(obs, view) if self._pressed(view) else []
        if self.script and self.script[0] in legal:
            return self.script.pop(0)
        self.script = []
        return None

    def _pressed(self, view: dict[str, Any]) -> bool:
        """Whether the hunters are close enough for their answer to matter (a hunter within
        ``search_radius`` steps of the Phantom, or few possible cells): else the rules of thumb."""
        cell = self._cell(view["private"]["cell"])
        near = min((self.dist[self._cell(h["cell"])].get(cell, 99) for h in view["hunters"]), default=99)
        return near <= self.w.search_radius or len(view["possible_cells"]) <= self.w.search_cells

    def _search(self, obs: Observation, view: dict[str, Any]) -> list[Action]:
        """This turn's whole plan: each candidate (a route, with or without Acceleration, a summon,
        a Horror) is played on determinized copies of the state (trap cells and dice sampled), the
        hunters answer with their own heuristic, and the plan with the best mean value is kept."""

        likely = self._trap_cells(view)
        bases = [self._search_world(obs, likely) for _ in range(self.w.samples)]
        best_value, best_script = -1e18, []
        candidates = self._candidates(view)
        if not candidates:
            return []
        deep = self.w.depth > 1 and (self.w.deep_always or view["phantom"]["revealed"])
        for candidate in candidates:
            total = -self._route_penalty(view, candidate, likely) * len(bases)
            script: list[Action] = []
            for i, base in enumerate(bases):
                twin = base.clone()
                played = self._play_out(twin, candidate, deep)
                if i == 0:
                    script = played
                total += self._value(base, twin)
            value = total / len(bases) + self.rng.random() * 0.01
            if value > best_value:
                best_value, best_script = value, script
        return best_script

    def _search_world(self, obs: Observation, likely: set[int]) -> Any:
        """A determinized state for the look-ahead: the unseen traps moved onto ``likely`` cells,
        the hunters' belief rebuilt for this round (built once, shared by the copies)."""
        from ghosttable.games.old_house.rules import OldHouseState

        base = obs.determinize(self.rng)
        assert isinstance(base, OldHouseState)
        self._place_traps(base, likely)
        base._hunters_tracker = self._round_tracker(base)
        base.possible_cells(1)
        return base

    def _route_penalty(self, view: dict[str, Any], candidate: list[Action], likely: set[int]) -> float:
        """The look-ahead's cost of a candidate's route crossing likely trap cells."""
        cell = self._cell(view["private"]["cell"])
        route = self._cells_on(cell, [DIRECTIONS.index(str(a["dir"])) for a in candidate if a.kind == "step"])
        traps: int = view["traps_set"]
        return self.w.search_trap_fear * traps * sum(1 for c in route if c in likely)

    def _play_out(self, twin: Any, candidate: list[Action], deep: bool) -> list[Action]:
        """Play ``candidate`` on ``twin``, then the hunters' answer (and with ``deep``, after a
        reveal, one more Phantom turn by the rules of thumb and hunters' phase); the actions of
        the candidate applied."""
        from ghosttable.ai.base import Observation as Obs

        played = self._play_plan(twin, candidate)
        self._hunters_answer(twin)
        if deep and twin.phase == "phantom":
            follow = self._follow_bot()
            guard = 0
            while twin.phase == "phantom" and guard < 60:
                guard += 1
                twin.apply(follow.choose(Obs(twin, 0)), 0)
            self._hunters_answer(twin)
        return played

    def _hunters_answer(self, twin: Any) -> None:
        """Play the hunters' phase of ``twin`` with this bot's hunters."""
        from ghosttable.ai.base import Observation as Obs

        guard = 0
        while twin.phase == "hunters" and guard < 100:
            guard += 1
            seat = twin.acting_seats()[0]
            twin.apply(self._hunter_bot(seat).choose(Obs(twin, seat)), seat)

    def _follow_bot(self) -> HeuristicBot:
        """The Phantom of the look-ahead's second turn: the rules of thumb alone, fresh each time."""
        bot = self.follow
        if bot is None:
            bot = HeuristicBot(self.game, 0, self.rng.getrandbits(32), dataclasses.replace(self.w, search=False))
            bot.learn = False
            self.follow = bot
        bot.turn_key = None
        bot.plan = []
        return bot

    def _round_tracker(self, base: Any) -> Tracker:
        """The hunters' tracker of a determinized state, rebuilt for the current round only: it
        starts from the public belief at the round's start (the hunters' own start, which their
        traps of earlier rounds may have narrowed, is not known to the Phantom) and replays this
        round's events with the sampled trap cells."""
        public = base.public_tracker
        public.cells()
        tracker = Tracker(self.house, public.start)
        tracker.round = public.round
        cells = {t.id: t.cell for t in base.traps}
        knowledge = base.knowledge
        first = max((i + 1 for i, item in enumerate(knowledge) if item[0] == "new_round"), default=0)
        for item in knowledge[first:]:
            kind = item[0]
            if kind == "add":
                tracker.add(item[2])
            elif kind == "trap":
                tracker.set_trap(item[1], cells[item[1]])
            elif kind == "dirs":
                tracker.reveal_directions(item[1])
        return tracker

    def _place_traps(self, base: Any, likely: set[int]) -> None:
        """Move the unseen traps of a determinized state onto the cells where hunters set them
        (the entrances of relics), among the cells the Phantom has not seen to be clear."""
        if not self.w.trap_bias:
            return
        active = [t for t in base.traps if t.active]
        if not active:
            return
        taken: set[int] = set()
        relics = set(base.relics)
        for t in active:
            allowed = likely - t.phantom_clear - t.entity_clear - taken
            if t.hunter != "engineer":
                allowed -= relics
            if allowed:
                options = sorted(allowed)
                t.cell = options[self.rng.randrange(len(options))]
            taken.add(t.cell)
        base._hunters_tracker = None

    def _hunter_bot(self, seat: int) -> HeuristicBot:
        bot = self.hunter_bots.get(seat)
        if bot is None:
            bot = HeuristicBot(self.game, seat, self.rng.getrandbits(32), self.w)
            self.hunter_bots[seat] = bot
        return bot

    def _candidates(self, view: dict[str, Any]) -> list[list[Action]]:
        """Plans worth trying: the best-ranked endpoints of the rules of thumb, every relic strike,
        each with Acceleration when it is needed to get there, summons and Horror where they fit,
        and a discard (staying put)."""
        phantom = view["phantom"]
        private = view["private"]
        cell = self._cell(private["cell"])
        hand = [private["hand"][d] for d in DIRECTIONS]
        intact = self._intact(view)
        left = phantom["steps_left"] or 0
        kinds = [c["phantom"] for c in phantom["action_cards"]]
        accel = "acceleration" in kinds
        ranked = self._plan_all(view, cell, left, hand, intact)
        if accel:
            ranked += [
                (s - 1.0, t, p, True)
                for s, t, p, _ in self._plan_all(view, cell, left + 2, hand, intact)
                if len(p) > left
            ]
        ranked.sort(key=lambda x: -x[0])
        if self.w.strike_by_rule and ranked and ranked[0][1] in intact:
            return []
        chosen: list[tuple[int, list[int], bool]] = []
        seen: set[tuple[int, bool]] = set()
        for _, t, path, acc in ranked:
            if (t, acc) in seen or (self.w.strike_by_rule and t in intact):
                continue
            if len(chosen) < self.w.breadth or t in intact:
                chosen.append((t, path, acc))
                seen.add((t, acc))
        escaping = phantom["revealed"] and phantom["cards_this_turn"] == 0
        if self.w.burn and (cell, False) not in seen and not (escaping and chosen):
            chosen.append((cell, [], False))
        plans: list[list[Action]] = []
        horror_target = self._horror_target(view, cell)
        horrors = self._frights(view, kinds.count("horror"))
        summons = [k for k in ("shadows", "poltergeist", "slime") if f"summon_{k}" in kinds]
        for t, path, acc in chosen:
            steps = left + (2 if acc else 0)
            burnt = self._pad(cell, path, (steps - len(path)) - (steps - len(path)) % 2, hand) if self.w.burn else path
            if burnt != path and len(burnt) > len(path):
                plans.append(_route_plan(acc, burnt))
            base = _route_plan(acc, path)
            if not path:
                continue
            plans.append(base)
            for other in self._reorders(cell, path)[: self.w.route_variants]:
                plans.append(_route_plan(acc, other))
            strike = t in intact
            kinds_here = [k for k in self.house.summonable(t) if k in summons]
            if kinds_here and (strike or len(plans) <= 3) and (strike or phantom["revealed"] or self.w.hidden_summons):
                plans.append([*base, Action.make("summon", entity=kinds_here[0])])
            if strike and horror_target is not None:
                plans.append([*base, Action.make("horror", hunter=horror_target)])
            if escaping and len(plans) <= self.w.escape_horror_plans:
                near = sorted(
                    (h for h in view["hunters"] if not h["horrified"]),
                    key=lambda h: self.dist[self._cell(h["cell"])].get(t, 99),
                )[:horrors]
                for k in range(1, len(near) + 1):
                    plans.append([*base, *(Action.make("horror", hunter=h["name"]) for h in near[:k])])
        if not (escaping and plans):
            plans.append([])  # staying put (a discard); never where the hunters just saw it, if it can leave
        return plans

    def _reorders(self, cell: int, path: list[int]) -> list[list[int]]:
        """Other orders of the same cards to the same endpoint (the cards grouped the other way
        round, then interleaved), each staying on the board: a different route leaves different
        trails (rulebook, Midnight: a trail shows where the route passed)."""
        out: list[list[int]] = []
        seen = {tuple(path)}
        groups: dict[int, list[int]] = {}
        for d in path:
            groups.setdefault(d, []).append(d)
        keys = list(groups)
        flipped = [d for k in reversed(keys) for d in groups[k]]
        woven: list[int] = []
        lists = [list(groups[k]) for k in keys]
        while any(lists):
            for lst in lists:
                if lst:
                    woven.append(lst.pop())
        for option in (flipped, woven):
            if tuple(option) in seen:
                continue
            seen.add(tuple(option))
            c = cell
            for d in option:
                c = self.house.moves[c][d]
                if c < 0:
                    break
            else:
                out.append(option)
        return out

    def _frights(self, view: dict[str, Any], cards: int) -> int:
        """How many hunters ``cards`` Horror cards (plus a Horror still owed this turn) can make
        skip their move: two a card with the ``three-hunters=balanced`` variant, else one."""
        per_card = 2 if getattr(self.game, "balanced_three", False) else 1  # an OldHouse game
        return cards * per_card + int(view["phantom"].get("horror_left", 0))

    def _horror_target(self, view: dict[str, Any], cell: int) -> str | None:
        ranked = sorted(
            (h for h in view["hunters"] if not h["horrified"]),
            key=lambda h: self.dist[self._cell(h["cell"])].get(cell, 99),
        )
        return ranked[0]["name"] if ranked else None

    def _play_plan(self, twin: Any, plan: list[Action]) -> list[Action]:
        """Apply ``plan`` to ``twin`` (skipping what it refuses), move entities toward relics, end
        the turn; return the actions applied."""
        played: list[Action] = []
        for action in plan:
            if action in twin.legal_actions(0):
                twin.apply(action, 0)
                played.append(action)
        moves = self.house.moves
        for _ in range(12):
            if twin.phase != "phantom" or twin.budget - twin.spent <= 0 or not twin.entities:
                break
            intact = [c for c, gone in twin.relics.items() if not gone]
            hunter_cells = {h.cell for h in twin.hunters}
            best, best_gain = None, 0
            for e in twin.entities:
                if e.cell in intact:
                    continue
                here = min((self.dist[e.cell].get(r, 30) for r in intact), default=30)
                for d in range(4):
                    t = moves[e.cell][d]
                    if t < 0 or t in hunter_cells:
                        continue
                    gain = here - min((self.dist[t].get(r, 30) for r in intact), default=30)
                    if gain > best_gain:
                        best, best_gain = Action.make("move_entity", entity=e.id, dir=DIRECTIONS[d]), gain
            if best is None:
                break
            twin.apply(best, 0)
            played.append(best)
        if twin.phase == "phantom":
            legal = twin.legal_actions(0)
            end = Action.make("end_turn")
            if end in legal:
                twin.apply(end, 0)
                played.append(end)
            else:
                discards = [a for a in legal if a.kind == "discard"]
                if discards:
                    pick = max(discards, key=lambda a: twin.hand[DIRECTIONS.index(str(a["dir"]))])
                    twin.apply(pick, 0)
                    played.append(pick)
        return played

    def _value(self, base: Any, twin: Any) -> float:
        """How good ``twin`` (after the hunters' answer) is for the Phantom, against ``base``."""
        if twin.is_terminal():
            return 1000.0 if twin.winner == "phantom" else -1000.0
        relics = sum(twin.relics.values()) - sum(base.relics.values())
        value: float = self.w.relic_value * relics - self.w.damage_value * (twin.damage - base.damage)
        size = len(twin.hunters_tracker.cells())
        cell = twin.phantom_cell
        threat = 0.0
        for h in twin.hunters:
            d = self.dist[h.cell].get(cell, 99)
            threat += _reach_chance(d, 1 if h.name == "athlete" else 0) * (2 if h.name == "exorcist" else 1)
        value -= self.w.exposure * threat / size**0.5
        intact = [c for c, gone in twin.relics.items() if not gone]
        value -= self.w.approach * min((self.dist[cell].get(r, 30) for r in intact), default=0)
        if twin.round == base.round and not twin.round_ending:
            value -= self.w.card_weight * sum(twin.hand)
        return value

    def _paths(self, cell: int, left: int, hand: list[int]) -> dict[int, list[int]]:
        """Cells reachable with at most ``left`` cards of ``hand``, each with one shortest direction list."""
        moves = self.house.moves
        best: dict[int, list[int]] = {cell: []}
        frontier: list[tuple[int, list[int], tuple[int, ...]]] = [(cell, [], tuple(hand))]
        for _ in range(left):
            nxt = []
            for c, path, h in frontier:
                for d in range(4):
                    t = moves[c][d]
                    if t < 0 or h[d] == 0 or t in best:
                        continue
                    nh = list(h)
                    nh[d] -= 1
                    best[t] = [*path, d]
                    nxt.append((t, best[t], tuple(nh)))
            frontier = nxt
        return best

    def _pad(self, cell: int, path: list[int], extra: int, hand: list[int]) -> list[int]:
        """``path`` lengthened by back-and-forth steps at its start (more steps, more places to hide)."""
        left = list(hand)
        for d in path:
            left[d] -= 1
        out = list(path)
        moves = self.house.moves
        while extra >= 2:
            options = [d for d in range(4) if moves[cell][d] >= 0 and left[d] > 0 and left[(d + 2) % 4] > 0]
            if not options:
                break
            d = max(options, key=lambda x: left[x] + left[(x + 2) % 4])
            left[d] -= 1
            left[(d + 2) % 4] -= 1
            out = [d, (d + 2) % 4, *out]
            extra -= 2
        return out

    def _threat(self, target: int, view: dict[str, Any], horrors: int = 0) -> float:
        """Expected Damage from hunters able to reach ``target`` on their next turn (if they knew it),
        leaving out the ``horrors`` most dangerous ones (the Phantom can make them skip their move)."""
        parts = []
        for h in view["hunters"]:
            if h["horrified"]:
                continue
            hc = self._cell(h["cell"])
            d = self.dist[hc].get(target, 99)
            bonus = (1 if h["name"] == "athlete" else 0) + 2 * sum(
                1 for c in h["cards"] if c["hunter"] == "acceleration"
            )
            chance = 1.0 if d == 0 else _reach_chance(d, bonus)
            parts.append(chance * (2 if h["name"] == "exorcist" else 1))
        parts.sort(reverse=True)
        return sum(parts[horrors:])

    def _spread(self, view: dict[str, Any], steps: int, revealed_at: int | None) -> int:
        """About how many cells the hunters will have to consider after ``steps`` more cards."""
        base = [revealed_at] if revealed_at is not None else [self._cell(c) for c in view["possible_cells"]]
        cells: set[int] = set()
        for b in base:
            cells.update(self._ring(b, steps))
        return max(1, len(cells))

    def _ring(self, cell: int, steps: int) -> frozenset[int]:
        """The cells ``steps`` cards can end on from ``cell``: at most that far, an even number of
        steps short (a step there and back wastes two)."""
        key = (cell, steps)
        got = self._rings.get(key)
        if got is None:
            got = self._rings[key] = frozenset(
                c for c, d in self.dist[cell].items() if d <= steps and (d - steps) % 2 == 0
            )
        return got

    def _plan(
        self, view: dict[str, Any], cell: int, left: int, hand: list[int], intact: list[int]
    ) -> tuple[float, list[int]]:
        """The best (score, directions) for this turn: strike a relic safely, or hide and close in."""
        best_score, best_path = -1e9, []
        for score, _, path, _ in self._plan_all(view, cell, left, hand, intact):
            if score > best_score:
                best_score, best_path = score, path
        return best_score, best_path

    def _plan_all(
        self, view: dict[str, Any], cell: int, left: int, hand: list[int], intact: list[int]
    ) -> list[tuple[float, int, list[int], bool]]:
        """Every reachable endpoint scored by the rules of thumb: (score, cell, directions, False)."""
        out: list[tuple[float, int, list[int], bool]] = []
        phantom = view["phantom"]
        opening = phantom["opening_turn"]
        damage = phantom["damage"]
        revealed_at = cell if phantom["revealed"] else None
        paths = self._paths(cell, left, hand)
        traps = view["traps_set"]
        horrors = self._frights(view, sum(1 for c in phantom["action_cards"] if c["phantom"] == "horror"))
        entries = self._trap_cells(view)
        watched = {c for p in view["pentagrams"] for c in self.house.around(self._cell(p))}
        # an opening turn moves at least one step, and the second ends off the start cell
        start = self.house.phantom_start if phantom.get("opening_turns_left") == 1 else -1
        for t, path in paths.items():
            extra = left - len(path)
            padded = (self.w.pad or revealed_at is not None) and (t not in intact or opening)
            full = self._pad(cell, path, extra - extra % 2, hand) if padded else path
            if opening and (not full or t == start):
                continue
            route = self._cells_on(cell, full)
            risky = sum(1 for step_cell in route if step_cell in entries)
            seen = sum(1 for step_cell in set(route) if step_cell in watched)
            score = -self.w.trap_fear * traps * risky - self.w.pentagram_fear * seen
            if revealed_at is not None and t == cell and not opening:
                score -= self.w.stay_fear  # the hunters know this cell: staying is the surest banishment
            threat = self._threat(t, view, horrors if t in intact and not opening else 0)
            breadth = self._breadth(t, full, hand) if self.w.escape_fear or self.w.mobility_fear else 1
            if t in intact and not opening:
                if damage + threat >= 6.5:
                    score -= 100
                score += self.w.strike_value - self.w.reveal_fear * threat
                score -= self.w.escape_fear / breadth**0.5
            else:
                score -= self.w.mobility_fear / breadth**0.5
                spread = self._spread(view, len(full), revealed_at)
                score -= self.w.hide_fear * threat / spread**0.5
                d_rel = min((self.dist[t].get(r, 30) for r in intact), default=0)
                score -= self.w.approach * d_rel
            score += self.rng.random() * 0.01
            out.append((score, t, full, False))
        return out

    def _breadth(self, cell: int, route: list[int], hand: list[int]) -> int:
        """The cells the Phantom could reach from ``route``'s end ``cell`` in its next turn
        (``escape_steps`` cards at most) with the cards ``route`` leaves in ``hand``: after a
        reveal there, all the hunters have to search (they can deduce the hand from the cards laid)."""
        after = list(hand)
        for d in route:
            after[d] -= 1
        return len(self._paths(cell, self.w.escape_steps, after))

    def _trap_cells(self, view: dict[str, Any]) -> set[int]:
        """Where the hunters' traps most likely lie: the cells leading into every relic, intact or
        destroyed (traps stay round the relic just struck), and the relic cells themselves when
        the Engineer hunts (it may trap relics)."""
        relics = [self._cell(r["cell"]) for r in view["relics"]]
        cells = {c for r in relics for c in self.house.neighbours(r)}
        if any(h["name"] == "engineer" for h in view["hunters"]):
            cells.update(relics)
        return cells - self.clear

    def _cells_on(self, cell: int, path: list[int]) -> list[int]:
        out = []
        for d in path:
            cell = self.house.moves[cell][d]
            out.append(cell)
        return out

    def _entity_need(self, view: dict[str, Any], intact: list[int]) -> int:
        """Steps the entities off relics need to reach their nearest intact relics."""
        need = 0
        for e in view["entities"]:
            ec = self._cell(e["cell"])
            if ec in intact:
                continue
            need += min((self.dist[ec].get(r, 30) for r in intact), default=0)
        return need

    def _entity_move(
        self, view: dict[str, Any], moves: list[Action], intact: list[int], hunters: list[tuple[int, str]]
    ) -> Action | None:
        """One entity step toward its relic (the best one-step gain over all entities), or None.

        Each entity off a relic heads for an intact relic that is neither the one the Phantom is
        about to strike nor one the hunters guard (near their possible-cell set, where they set
        traps, or within a hunter's easy reach); among equally short steps it avoids the relic
        entrances closest to the possible-cell set (the ones the hunters trap first)."""
        hunter_cells = {h for h, _ in hunters}
        phantom_cell = self._cell(view["private"]["cell"])
        if not view["phantom"]["opening_turn"]:
            intact = [r for r in intact if r != phantom_cell]
        if not intact:
            return None
        possible = [self._cell(c) for c in view["possible_cells"]] or [phantom_cell]
        traps = view["traps_set"]
        guarded = self._guarded_entries(intact, possible) if traps else set()
        best: Action | None = None
        best_score = 0.0
        claimed: set[int] = {self._cell(e["cell"]) for e in view["entities"]} & set(intact)
        for e in view["entities"]:
            ec = self._cell(e["cell"])
            if ec in intact:
                continue
            target = self._entity_target(ec, intact, claimed, possible, hunters)
            here = self.dist[ec].get(target, 30)
            for a in moves:
                if a["entity"] != e["id"]:
                    continue
                t = self.house.moves[ec][DIRECTIONS.index(str(a["dir"]))]
                if t in hunter_cells:
                    continue
                gain = here - self.dist[t].get(target, 30) - (self.w.entity_trap_fear if t in guarded else 0.0)
                if gain > best_score:
                    best, best_score = a, gain
            claimed.add(target)
        return best

    def _entity_target(
        self, cell: int, intact: list[int], claimed: set[int], possible: list[int], hunters: list[tuple[int, str]]
    ) -> int:
        """The relic an entity on ``cell`` should sit on: near it, far from hunters and from the
        hunters' idea of where the Phantom is (relics they consider at risk get trapped)."""
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))[:2]

        def cost(r: int) -> float:
            hunter_d = min((self.dist[h].get(r, 30) for h, _ in hunters), default=30)
            return (
                self.dist[cell].get(r, 30)
                + (2.0 if r in at_risk else 0.0)
                + (3.0 if hunter_d <= 3 else 0.0)
                + (6.0 if r in claimed else 0.0)
            )

        return min(intact, key=cost)

    def _guarded_entries(self, intact: list[int], possible: list[int]) -> set[int]:
        """The entrance of each of the two relics nearest the possible-cell set that is itself
        nearest to it: where the hunters put their traps."""
        out: set[int] = set()
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))[:2]
        for r in at_risk:
            entries = self.house.neighbours(r)
            if entries:
                out.add(min(entries, key=lambda c: min((self.dist[c].get(p, 30) for p in possible), default=30)))
        return out

    # ----- the hunters --------------------------------------------------------------------------

    def _hunter(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        possible = [self._cell(c) for c in view["possible_cells"]]
        revealed = view["phantom"]["cell"]
        target_cell = self._cell(revealed) if revealed else None
        if "start_turn" in kinds:
            return self._pick_hunter(view, legal, possible)
        if "choose_hero" in kinds:
            return self._choose_hero(legal)
        if "give_card" in kinds:
            return self._give_card(view, legal, possible)
        turn = view["hunter_turn"]
        me = next(h for h in view["hunters"] if h["name"] == turn["hunter"])
        here = self._cell(me["cell"])
        if "guess" in kinds and target_cell is not None and here == target_cell:
            return Action.make("guess")
        if "guess" in kinds and "move" in kinds and len(possible) == 1 and possible[0] == here:
            return Action.make("guess")
        moves = [a for a in legal if a.kind == "move"]
        if moves:
            allowance = turn["move_allowance"]
            goal = self._hunter_goal(view, here, allowance, possible, target_cell, me)
            if goal is None and "accelerate" in kinds:
                goal = self._hunter_goal(view, here, allowance + 2, possible, target_cell, me)
                if goal is not None:
                    return Action.make("accelerate")
            if goal is None:
                goal = self._entity_to_banish(view, here, allowance)
            if goal is None:
                goal = self._best_cover(view, here, allowance, possible, me)
            return Action.make("move", to=self.house.name_of(goal))
        traps = [a for a in legal if a.kind == "trap"]
        if traps:
            choice = self._trap_cell(view, traps, possible)
            if choice is not None:
                return choice
        if "pentagram" in kinds:
            around = set(self.house.around(here))
            if len(around & set(possible)) >= 2:
                return Action.make("pentagram")
        if "sense" in kinds and len(possible) > 2:
            near = set(self.dist[here]) and {c for c, d in self.dist[here].items() if d <= 2}
            hits = len(near & set(possible))
            if 0 < hits < len(possible):
                return Action.make("sense")
        photos = [a for a in legal if a.kind == "photograph"]
        if photos and len(possible) > 2:
            best_room, best_split = None, 0.0
            for a in photos:
                cells = self.house.room(str(a["room"])).cells
                hits = sum(1 for c in possible if c in cells)
                split = min(hits, len(possible) - hits)
                if split > best_split:
                    best_room, best_split = a, split
            if best_room is not None:
                return best_room
        if "guess" in kinds and "move" not in kinds and self._names(view, here, possible, target_cell):
            return Action.make("guess")
        if "end_turn" in kinds:
            return Action.make("end_turn")
        return legal[0]

    def _names(self, view: dict[str, Any], here: int, possible: list[int], target: int | None) -> bool:
        """Whether the hunter, its move made, names the Phantom on its cell ``here``: always on the
        revealed Phantom's cell; on a possible cell when a wrong guess costs only the rest of this
        turn, or when at most ``guess_at`` cells are possible."""
        costly = view.get("wrong_guess_costs_next_turn", True)
        return here == target or (here in possible and (len(possible) <= self.guess_at or not costly))

    def _choose_hero(self, legal: list[Action]) -> Action:
        """The first hero of :data:`HERO_ORDER` still on offer."""
        offered = {str(a["hunter"]): a for a in legal}
        return next(offered[name] for name in HERO_ORDER if name in offered)

    def _give_card(self, view: dict[str, Any], legal: list[Action], possible: list[int]) -> Action:
        """The next card left after Twilight and the hunter to take it: cards spread evenly, a
        Trap to the hunter nearest the relics most at risk, a Pentagram to the one nearest the
        cells where the Phantom may be, an Acceleration to the one farthest from them."""
        hunters = {h["name"]: h for h in view["hunters"]}
        sides = {c["id"]: c["hunter"] for c in view["sharing"]["available"]}
        intact = self._intact(view)
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))[:2]

        def near(cell: int, targets: list[int]) -> int:
            return min((self.dist[cell].get(t, 30) for t in targets), default=0)

        def score(a: Action) -> tuple[int, int, str]:
            h = hunters[str(a["hunter"])]
            cell = self._cell(h["cell"])
            side = sides[int(a["card"])]  # type: ignore[arg-type]
            if side == "trap":
                fit = near(cell, at_risk)
            elif side == "pentagram":
                fit = near(cell, possible)
            else:
                fit = -near(cell, possible) + (3 if h["name"] == "athlete" else 0)
            return (len(h["cards"]), fit, h["name"])

        card = min(sides, key=lambda c: (_SHARE_ORDER.get(sides[c], 3), c))
        return min((a for a in legal if a["card"] == card), key=score)

    def _pick_hunter(self, view: dict[str, Any], legal: list[Action], possible: list[int]) -> Action:
        def score(a: Action) -> int:
            h = next(x for x in view["hunters"] if x["name"] == a["hunter"])
            hc = self._cell(h["cell"])
            return min((self.dist[hc].get(c, 30) for c in possible), default=30)

        return min(legal, key=score)

    def _hunter_goal(
        self,
        view: dict[str, Any],
        here: int,
        allowance: int,
        possible: list[int],
        target: int | None,
        me: dict[str, Any],
    ) -> int | None:
        """The cell to rush to: the revealed Phantom, or the only possible cell, when in reach."""
        goal = target if target is not None else (possible[0] if len(possible) == 1 else None)
        if goal is None or goal == here:
            return None
        d = self.dist[here].get(goal, 99)
        return goal if 1 <= d <= allowance else None

    def _entity_to_banish(self, view: dict[str, Any], here: int, allowance: int) -> int | None:
        """The cell of an entity worth banishing this move, or ``None``: an entity within reach
        that sits on an intact relic (it destroys it at the end of its second Phantom turn there)
        or stands next to one. A hunter ending its move on an entity's cell banishes it (rulebook,
        Midnight); the one closest to destroying a relic goes first, then the nearest."""
        intact = set(self._intact(view))
        best: tuple[int, int, int] | None = None
        for e in view["entities"]:
            cell = self._cell(e["cell"])
            d = self.dist[here].get(cell, 99)
            if not 1 <= d <= allowance:
                continue
            if cell in intact:
                urgency = 0 if e["relic_turns"] >= 1 else 1
            elif any(self.dist[cell].get(r, 99) <= 1 for r in intact):
                urgency = 2
            else:
                continue
            key = (urgency, d, cell)
            if best is None or key < best:
                best = key
        return None if best is None else best[2]

    def _best_cover(
        self, view: dict[str, Any], here: int, allowance: int, possible: list[int], me: dict[str, Any]
    ) -> int:
        reach = [c for c, d in self.dist[here].items() if 1 <= d <= allowance]
        others = [self._cell(h["cell"]) for h in view["hunters"] if h["name"] != me["name"]]
        intact = self._intact(view)
        pset = set(possible)
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))[:2]
        best, best_score = reach[0], -1e9
        size = max(1, len(possible))
        for c in reach:
            score = 0.0
            if c in pset:
                score += 4.0 / size**0.5 + 1.0
            close = len(self.house.near(c, 2) & pset)  # possible cells within 2 steps
            score += 3.0 * close / size
            score -= 0.25 * min((self.dist[c].get(r, 30) for r in at_risk), default=0)
            score -= 0.8 * sum(1 for o in others if self.dist[c].get(o, 30) <= 1)
            score += self.rng.random() * 0.01
            if score > best_score:
                best, best_score = c, score
        return best

    def _trap_cell(self, view: dict[str, Any], traps: list[Action], possible: list[int]) -> Action | None:
        options = {self._cell(str(a["cell"])): a for a in traps}
        intact = self._intact(view)
        at_risk = sorted(intact, key=lambda r: min((self.dist[r].get(c, 30) for c in possible), default=30))
        for relic in at_risk:
            if relic in options:
                return options[relic]
            entries = [c for c in self.house.neighbours(relic) if c in options]
            if entries:
                entries.sort(key=lambda c: min((self.dist[c].get(p, 30) for p in possible), default=30))
                return options[entries[0]]
        return None

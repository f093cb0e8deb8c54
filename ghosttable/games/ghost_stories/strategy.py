"""The ``heuristic`` team bot: every Taoist played by priority rules.

The bot reads a determinization of its seat's state (everything but the deck order is public,
and the deck is never consulted). Its rules, in order of weight:

- a ghost's *threat* grows with what it will do soon: a haunter one step from haunting (far more
  when one more haunted tile loses), a tormentor, a full board (Qi lost every turn), a captive die,
  switched-off powers or tokens, and above all an incarnation; a full board, a haunter and a
  tormentor weigh more when their board's Yin phase comes next (only this Taoist can stop them)
  than when three teammates act before it;
- each reachable tile is worth the best of: the expected threat removed by an exorcism from it
  (success odds from the dice, the Taoists' tokens there, the Circle and the Mantra), or the help
  of its villager (reviving, freeing tiles, sending figurines back, trapping a ghost on a Buddha
  through the Pavilion or moving a ghost off a full board with it, banishing at the Sorcerer's Hut
  when Qi allows (priced by the Qi the whole team still needs), tokens, Qi, Buddhas);
- the Taoist moves to the best tile, acts there, places Buddhas on the faced spaces most likely to
  receive ghosts, spends the Yin-Yang to free a haunted tile as soon as there is one, or as
  an extra help when that help is worth it;
- the Circle of Prayer is set early; ghost draws (Tea House, Taoist Altar) cost much once no
  incarnation is left in the deck; an incarnation that may be exorcised draws every Taoist to the
  tile facing it;
- sub-decisions: the most useful token colours, reroll useless dice, Qi to the weakest, blows to
  the strongest, ghosts onto Buddha traps or the emptiest boards (within the active Taoist's reach,
  not filling a board whose Taoist is low on Qi), the Pavilion's free move to the Taoist it helps
  most.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Mapping
from math import factorial, prod
from typing import TYPE_CHECKING, ClassVar

from ghosttable.ai.base import Observation
from ghosttable.core import Action, Game
from ghosttable.games.ghost_stories.cards import COLOURS
from ghosttable.games.ghost_stories.village import ADJACENT, FACING, LINES, OPPOSITE, board_of, board_spaces

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState

CI = {c: i for i, c in enumerate(COLOURS)}


class HeuristicBot:
    """Priority-rules team bot (see the module docstring). Deterministic given its seed."""

    name = "heuristic"
    #: weights of the priority rules, set by a cross-entropy search on seeded 4-player Initiation
    #: and Normal games (objective: cards drawn from the deck, plus a bonus per victory)
    weights: ClassVar[dict[str, float]] = {
        "temple": 7.0,
        "circle": 0.35,
        "herbalist": 1.68,
        "watchman": 0.59,
        "sorcerer": 2.73,
        "exorcise_min": 0.12,
        "exorcise": 1.4,
        "full_board": 7.48,
        "haunt": 5.9,
        "haunt_near": 8.93,
        "haunt_loses": 27.68,
        "ahead": 0.28,
        "blocker": 0.82,
        "buddha_spot": 1.64,
        "base": 1.13,
        "tormentor": 3.2,
        "incarnation": 21.86,
        "die_captive": 2.81,
        "load2": 1.07,
        "full_low_qi": 3.95,
        "curse_on_exorcism": 0.67,
        "reward": 3.0,
        "sorcerer_q2": 1.7,
        "sorcerer_q3": 1.4,
        "tea": 2.21,
        "stay": 0.25,
        "idle": 0.46,
        "help_min": 0.26,
        "token_cost": 0.58,
        "place_load": 2.17,
        "second_help": 1.19,
        "late_draw": 3.72,
        "siege": 8.07,
        "circle_first": 3.52,
        "yy_min": 3.62,
        "yy_low": 1.05,
        "yin_yang_at_qi": 2.81,
        "incarnation_blocker": 10.0,
        "circle_incarnation": 4.0,
        "temple_uncatchable": 8.0,
        "tokens_incarnation": 3.0,
        "place_pair": 3.0,
        "budget_per_card": 0.25,
        "budget_base": 4.0,
        "place_fill": 2.0,
        "place_fill_low_qi": 2.0,
        "place_active": 0.5,
        "pavilion_relief": 0.6,
    }
    #: how a threat grows with its timing: the factor on a full board (its Taoist loses 1 Qi at the
    #: board's next Yin phase), a board with two ghosts (the more ghosts drawn before that phase,
    #: the likelier it is full by then), a haunter one step from haunting and a tormentor, indexed
    #: by the turns until that board's next Yin phase (1: the very next turn, so only this Taoist
    #: can stop it; 4: three teammates act first). Set by paired probes on seeded games.
    soon: ClassVar[dict[str, tuple[float, float, float, float]]] = {
        "full_board": (2.0, 1.0, 0.6, 0.4),
        "load2": (0.6, 0.9, 1.1, 1.3),
        "haunt": (1.25, 1.0, 0.95, 0.9),
        "tormentor": (1.3, 1.0, 0.9, 0.8),
    }

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    # ----- entry point ------------------------------------------------------------------------

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``, by the priority rules."""
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = obs.determinize(self.rng)
        if not hasattr(state, "space_card"):
            return legal[0]
        st: GhostStoriesState = state  # type: ignore[assignment]
        return self.decide(st, legal)

    # ----- evaluation -------------------------------------------------------------------------

    def threat(self, st: GhostStoriesState, s: int, exorcism: bool = False) -> float:
        """How much removing the ghost on space ``s`` is worth now; with ``exorcism``, also its
        right stone (reward, curse), which only an exorcism brings (not the Sorcerer's Hut, a
        Buddha or the Pavilion)."""
        card = st.card(st.space_card[s])
        b = board_of(s)
        haunted = sum(st.haunted)
        limit = st.haunted_limit()
        value = self.weights["base"]
        soon = self.turns_to_yin(st, b) - 1
        if card.has("haunter"):
            active_ahead = any(not st.haunted[p] for p in LINES[s])
            if active_ahead:
                steps_left = 1 if st.haunt_step[s] >= 1 else 2 if st.haunt_step[s] == 0 else 3
                eta = soon + 1 + 4 * (steps_left - 1)
                severity = self.weights["haunt"] + (
                    self.weights["haunt_loses"]
                    if haunted >= limit - 1
                    else self.weights["haunt_near"]
                    if haunted >= limit - 2
                    else 0.0
                )
                urgency = self.soon["haunt"][soon] if steps_left == 1 else 0.55 if eta <= 8 else 0.35
                value += severity * urgency
            else:
                value += 0.5
        if card.has("tormentor"):
            value += self.weights["tormentor"] * self.soon["tormentor"][soon]
        if card.incarnation:
            remaining = st.incarnations_total - len(st.exorcised_incarnations)
            value += self.weights["incarnation"] + (4.0 if remaining == 1 else 0.0)
        if not card.incarnation and self._blocks_incarnation(st, s):
            value += self.weights["incarnation_blocker"]
        if card.has("power_off"):
            value += 1.0
        if card.has("die_captive"):
            value += self.weights["die_captive"]
        if card.has("tao_off"):
            value += 1.5
        if card.has("lose_tao_token", "yin"):
            value += 1.5
        load = _load(st, b)
        if b >= st.game.players or st.alive[b]:
            value += {
                3: self.weights["full_board"] * self.soon["full_board"][soon],
                2: self.weights["load2"] * self.soon["load2"][soon],
            }.get(load, 0.0)
            if load == 3 and b < st.game.players and st.qi[b] <= 2:
                value += self.weights["full_low_qi"]
        if load >= 2 and not card.incarnation:
            value += self.weights["blocker"] * max(0, card.total_resistance - 2)
        if exorcism:
            if card.has("curse", "exorcised"):
                value -= self.weights["curse_on_exorcism"]
            if card.has("reward_qi_or_yin_yang") or card.has("reward_tao"):
                value += self.weights["reward"]
        return value

    @staticmethod
    def incarnations_in_play(st: GhostStoriesState) -> list[int]:
        """Spaces holding an incarnation of Wu-Feng."""
        return [s for s in st.ghosts_in_play() if st.card(st.space_card[s]).incarnation]

    def _blocks_incarnation(self, st: GhostStoriesState, s: int) -> bool:
        """Whether the ghost on ``s`` keeps an incarnation that needs its opposite space empty
        (Howling Nightmare) from being exorcised."""
        for g in self.incarnations_in_play(st):
            if OPPOSITE[g] == s and st.card(st.space_card[g]).has("opposite_empty"):
                return True
        return False

    @staticmethod
    def turns_to_yin(st: GhostStoriesState, b: int) -> int:
        """Turns until board ``b``'s next Yin phase, seen from the active board's Yang phase."""
        d = (b - st.board) % 4
        if d == 0 and st.phase != "yin":
            d = 4
        return max(d, 1)

    def exorcise_value(self, st: GhostStoriesState, t: int, pos: int) -> float:
        """Expected threat removed by one exorcism from tile ``pos`` (exact over the dice)."""
        spaces = [s for s in FACING[pos] if st.eligible(s)]
        if not spaces:
            return 0.0
        holders = [] if st.tao_blocked() else [o for o in st.living() if st.pos[o] == pos or o == t]
        pool = tuple(sum(st.tokens[o][i] for o in holders) for i in range(5))
        n = st.dice_count(t)
        reqs = tuple(tuple(st.requirements(s)) for s in spaces)
        dice_ok = tuple(not st.card(st.space_card[s]).has("dice_off") for s in spaces)
        table = _odds_by_outcome(reqs, dice_ok, n, st.white_wild(), pool)
        threats = [self.threat(st, s, exorcism=True) for s in spaces]
        value = 0.0
        for prob, combos in table:
            value += prob * max(sum(threats[g] for g in c) for c in combos)
        if st.has_power(t, "gods_favorite") or st.has_power(t, "second_wind"):
            value *= 1.35
        return value * self.weights["exorcise"]

    def help_value(self, st: GhostStoriesState, t: int, pos: int) -> tuple[float, Action | None]:
        """The best help of tile ``pos`` for Taoist ``t`` and its action (``ask_help`` form)."""
        if st.haunted[pos]:
            return 0.0, None
        if st.data.tile(st.tiles[pos]).help == "move_ghost_and_taoist":
            return self._pavilion_value(st, pos)
        best: tuple[float, Action | None] = (0.0, None)
        haunted = sum(st.haunted)
        limit = st.haunted_limit()
        for prm in st._help_params(t, pos):
            v = self._help_param_value(st, t, pos, prm, haunted, limit)
            if v > best[0]:
                best = (v, Action.make("ask_help", tile=pos, **prm))
        return best

    def _pavilion_value(self, st: GhostStoriesState, pos: int) -> tuple[float, Action | None]:
        """:meth:`help_value` of the Pavilion on tile ``pos``: the same best move of a ghost (the
        first of the best, in the rules' order of ghosts and free spaces) found without valuing
        the moves worth nothing (an incarnation's; onto a space with no Buddha, unless it frees a
        full board), each ghost's threat worked out once."""
        free = [s for s in range(12) if not st.space_card[s]]
        loads = [_load(st, b) for b in range(4)]
        best: tuple[float, Action | None] = (0.0, None)
        for g in range(12):
            cid = st.space_card[g]
            if not cid or st.card(cid).incarnation:
                continue
            bg = board_of(g)
            relieves = loads[bg] == 3 and not (bg < st.game.players and not st.alive[bg])
            trap = -1.0
            for d in free:
                if st.buddha_on[d]:
                    if trap < 0.0:
                        trap = self.threat(st, g) * 0.95
                    v = trap
                elif relieves and board_of(d) != bg and loads[board_of(d)] <= 1:
                    v = self._relief_value(st, g, d)
                else:
                    continue
                if v > best[0]:
                    best = (v, Action.make("ask_help", tile=pos, ghost=g, to=d))
        return best

    def _help_param_value(
        self, st: GhostStoriesState, t: int, pos: int, prm: Mapping[str, object], haunted: int, limit: int
    ) -> float:
        kind = st.data.tile(st.tiles[pos]).help
        if kind == "take_buddha":
            if st.buddhas[t] + st.fresh_buddhas[t] > 0:
                return 0.3
            value = self.weights["temple"]
            for g in self.incarnations_in_play(st):
                if st.card(st.space_card[g]).has("buddha_required") and not st.buddha_on[g]:
                    value += self.weights["temple_uncatchable"]
            return value
        if kind == "revive":
            return 7.0
        if kind == "circle_token":
            c = str(prm["colour"])
            weight = sum(
                st.card(st.space_card[s]).total_resistance
                for s in st.ghosts_in_play()
                if st.card(st.space_card[s]).colour == c
            )
            current = 0
            if st.circle is not None:
                current = sum(
                    st.card(st.space_card[s]).total_resistance
                    for s in st.ghosts_in_play()
                    if st.card(st.space_card[s]).colour == st.circle
                )
            first = self.weights["circle_first"] if st.circle is None else 0.0
            siege = 0.0
            if st.circle != c:
                for g in self.incarnations_in_play(st):
                    siege += dict(st.card(st.space_card[g]).resistance).get(c, 0)
            return self.weights["circle"] * (weight - current) + first + self.weights["circle_incarnation"] * siege
        if kind == "roll_for_tokens":
            stocked = sum(1 for c in COLOURS if st.supply_tokens(c) > 0)
            expected = (stocked + (1 if stocked else 0)) / 3.0  # tokens the two dice bring
            base = self.weights["herbalist"] if sum(st.tokens[t]) < 3 else 0.4 * self.weights["herbalist"]
            return base * expected / 2.0
        if kind == "haunters_back":
            boards = range(4) if prm.get("board") is None else [int(str(prm["board"]))]
            v = 0.0
            for b in boards:
                for s in board_spaces(b):
                    if st.haunt_step[s] > 0:
                        v += 3.0 + (25.0 if haunted >= limit - 1 else 0.0)
            return v * self.weights["watchman"]
        if kind == "move_ghost_and_taoist":
            g, d = int(str(prm["ghost"])), int(str(prm["to"]))
            card = st.card(st.space_card[g])
            if st.buddha_on[d] and not card.incarnation:
                return self.threat(st, g) * 0.95
            return self._relief_value(st, g, d)
        if kind == "banish_for_qi":
            g = int(str(prm["ghost"]))
            cost = {
                1: 4.5 if len(st.living()) > 1 else 12.0,
                2: self.weights["sorcerer_q2"],
                3: self.weights["sorcerer_q3"],
            }.get(st.qi[t], 1.0)
            return self.threat(st, g) - cost * self.weights["sorcerer"] * self.qi_budget_scale(st)
        if kind == "restore_and_draw":
            return 3.0 + (20.0 if haunted >= limit - 1 else 0.0) - 1.0 - self.draw_cost(st)
        if kind == "token_qi_and_draw":
            tea = self.weights["tea"]
            return (tea + 1.5 if st.qi[t] <= 1 else tea if st.qi[t] == 2 else 0.4) - 0.6 - self.draw_cost(st)
        return 0.0

    def qi_budget_scale(self, st: GhostStoriesState) -> float:
        """How dear the team's Qi is now, as a factor on the Sorcerer's Hut price: the Qi the
        team will still need (a share per card left in the deck, plus a reserve for the
        incarnation) over the Qi its living Taoists hold, kept within 0.7 and 2.5."""
        need = self.weights["budget_per_card"] * len(st.deck) + self.weights["budget_base"]
        held = sum(st.qi[o] for o in st.living())
        return min(2.5, max(0.7, need / max(held, 1)))

    def _relief_value(self, st: GhostStoriesState, g: int, d: int) -> float:
        """The worth of the Pavilion's moving the ghost on space ``g`` to the free space ``d`` of
        another board: it frees a full board (whose Taoist would lose Qi every turn) for one
        with at most one ghost; nothing otherwise (incarnations are never moved)."""
        bg, bd = board_of(g), board_of(d)
        if bg == bd or st.card(st.space_card[g]).incarnation:
            return 0.0
        load_g = _load(st, bg)
        load_d = _load(st, bd)
        if load_g < 3 or load_d > 1 or (bg < st.game.players and not st.alive[bg]):
            return 0.0
        value = self.weights["pavilion_relief"] * self.weights["full_board"] - 0.5 * load_d
        if bg < st.game.players and st.qi[bg] <= 2:
            value += self.weights["full_low_qi"]
        return value

    def draw_cost(self, st: GhostStoriesState) -> float:
        """What one more ghost drawn from the deck costs: nothing while an incarnation is still in
        the deck (a draw brings it nearer), much once the last one is out (a draw only brings the
        deck's end nearer, fatal on its last card). Incarnation places in the deck are public."""
        if any(st.card(c).incarnation for c in st.deck):
            return 0.0
        return self.weights["late_draw"] * (10.0 if len(st.deck) <= 2 else 1.0)

    def tile_value(self, st: GhostStoriesState, t: int, pos: int) -> float:
        """The better of exorcising and asking for help on tile ``pos`` (both, for a Taoist with
        Heavenly Gust; two helps for Second Wind), plus the worth of setting a Buddha there, in
        threat units."""
        ex = self.exorcise_value(st, t, pos)
        hv = self.help_value(st, t, pos)[0]
        if st.has_power(t, "heavenly_gust"):
            value = ex + hv
        elif st.has_power(t, "second_wind"):
            value = max(ex, hv * self.weights["second_help"])
        else:
            value = max(ex, hv)
        if st.buddhas[t] > 0 and any(st._buddha_space_ok(s) for s in FACING[pos]):
            value += self.weights["buddha_spot"]
        return value

    def needed_colours(self, st: GhostStoriesState, t: int) -> list[str]:
        """Colours by how much they are wanted against the ghosts in play."""
        want = dict.fromkeys(COLOURS, 0.0)
        for s in st.ghosts_in_play():
            card = st.card(st.space_card[s])
            factor = self.weights["tokens_incarnation"] if card.incarnation else 1.0
            for c, n in card.resistance:
                want[c] += n * (1.0 + 0.2 * self.threat(st, s)) * factor
        for i, c in enumerate(COLOURS):
            want[c] -= 1.5 * st.tokens[t][i]
            if st.supply_tokens(c) <= 0:
                want[c] = -99.0
        want["black"] -= 0.5
        return sorted(COLOURS, key=lambda c: -want[c])

    # ----- Yang steps ---------------------------------------------------------------------------

    def _yin_yang(self, st: GhostStoriesState, legal: list[Action]) -> Action | None:
        haunted = sum(st.haunted)
        # a haunted tile is freed at once: it holds a villager's help and brings the loss nearer
        if haunted:
            restores = [a for a in legal if a.kind == "yin_yang_restore"]
            if restores:
                return restores[0]
        t = st.board
        dead = [a for a in legal if a.kind == "yin_yang_help" and "taoist" in dict(a.params)]
        if dead and st.qi[t] >= 2:
            return dead[0]
        return None

    def _yin_yang_spend(self, st: GhostStoriesState, legal: list[Action]) -> Action | None:
        """The Yin-Yang spent as an extra help when the help is worth it (less is asked of a
        Taoist about to die, whose Yin-Yang would be lost with it)."""
        t = st.board
        threshold = self.weights["yy_low"] if st.qi[t] <= 1 else self.weights["yy_min"]
        best, choice = threshold, None
        haunted, limit = sum(st.haunted), st.haunted_limit()
        for a in legal:
            if a.kind != "yin_yang_help":
                continue
            prm = {k: v for k, v in a.params if k != "tile"}
            v = self._help_param_value(st, t, int(str(a["tile"])), prm, haunted, limit)
            if v > best:
                best, choice = v, a
        return choice

    def _yang_move(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        yy = self._yin_yang(st, legal)
        if yy is not None:
            return yy
        t = st.board
        colours = self.needed_colours(st, t)
        for a in legal:
            if a.kind == "bottomless_pockets" and a["colour"] == colours[0]:
                return a
        mantras = [a for a in legal if a.kind == "enfeeblement_mantra"]
        if mantras:
            best = max(mantras, key=lambda a: self.threat(st, int(str(a["ghost"]))))
            current = self.threat(st, st.mantra_space) if st.mantra_space >= 0 else 0.0
            if self.threat(st, int(str(best["ghost"]))) > current + 0.5:
                return best
        moves = {int(str(a["tile"])): a for a in legal if a.kind == "move"}
        value, action = self.move_options(st, legal)[0]
        if value < self.weights["idle"]:
            # nothing worth doing: head for the tile facing the most threat
            target = self._most_threatened_tile(st)
            if target is not None and target != st.pos[t]:
                nearest = min(moves, key=lambda p: _distance(p, target), default=None)
                if nearest is not None and _distance(nearest, target) < _distance(st.pos[t], target):
                    return moves[nearest]
        return action

    def move_options(self, st: GhostStoriesState, legal: list[Action]) -> list[tuple[float, Action]]:
        """The ``stay`` and ``move`` actions of a ``yang_move`` step with their plan values (the
        tile's worth now plus a share of the best tile within one more step), best first."""
        t = st.board
        now = {p: self.tile_value(st, t, p) for p in range(9)}
        ahead = self.weights["ahead"]

        siege = self.siege_targets(st, t)

        def plan(p: int) -> float:
            near = sum(w * {0: 1.0, 1: 0.5}.get(_distance(p, q), 0.0) for q, w in siege)
            return now[p] + ahead * max(now[q] for q in (p, *ADJACENT[p])) + near

        options: list[tuple[float, int, Action]] = [(plan(st.pos[t]) + self.weights["stay"], 0, Action.make("stay"))]
        for a in legal:
            if a.kind == "move":
                options.append((plan(int(str(a["tile"]))), 1, a))
        options.sort(key=lambda x: (-x[0], x[1]))
        return [(v, a) for v, _, a in options]

    def siege_targets(self, st: GhostStoriesState, t: int) -> list[tuple[int, float]]:
        """The tiles facing an incarnation that may be exorcised now, each with the worth of
        Taoist ``t`` standing there (more when its Tao tokens match the incarnation's
        resistance, since Taoists on one tile pool their tokens)."""
        out = []
        for s in st.ghosts_in_play():
            card = st.card(st.space_card[s])
            if card.incarnation and st.eligible(s):
                held = sum(min(n, st.tokens[t][CI[c]]) for c, n in card.resistance)
                share = 0.5 + held / max(card.total_resistance, 1)
                out.append((LINES[s][0], self.weights["siege"] * share))
        return out

    def decide(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        """The priority rules' choice among ``legal`` on a full state ``st`` (a determinization)."""
        if len(legal) == 1:
            return legal[0]
        choice: Action = getattr(self, "_" + st.decision_name(self.seat))(st, legal)
        return choice if choice in legal else legal[0]

    def _most_threatened_tile(self, st: GhostStoriesState) -> int | None:
        best, where = 0.0, None
        for p in range(9):
            v = sum(self.threat(st, s) for s in FACING[p] if st.space_card[s])
            if v > best:
                best, where = v, p
        return where

    def _yang_action(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        yy = self._yin_yang(st, legal)
        if yy is not None:
            return yy
        t = st.board
        ex = self.exorcise_value(st, t, st.pos[t]) if any(a.kind == "exorcise" for a in legal) else 0.0
        helps = [a for a in legal if a.kind == "ask_help"]
        hv, ha = 0.0, None
        for a in helps:
            prm = {k: v for k, v in a.params if k != "tile"}
            v = self._help_param_value(st, t, st.pos[t], prm, sum(st.haunted), st.haunted_limit())
            if v > hv:
                hv, ha = v, a
        if ex >= hv and ex > self.weights["exorcise_min"]:
            return Action.make("exorcise")
        if ha is not None and hv > self.weights["help_min"]:
            return ha
        return Action.make("skip_action")

    def _yang_buddha(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        yy = self._yin_yang(st, legal) or self._yin_yang_spend(st, legal)
        if yy is not None:
            return yy
        places = [a for a in legal if a.kind == "place_buddha"]
        if places:

            def worth(a: Action) -> float:
                s = int(str(a["space"]))
                if st.space_card[s]:
                    return 100.0
                b = board_of(s)
                return _load(st, b) + (1.0 if b == st.board else 0.0)

            return max(places, key=worth)
        return Action.make("end_turn")

    # ----- sub-decisions ------------------------------------------------------------------------

    def _place_ghost(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        assert st.pending is not None
        card = st.card(st.pending["card"])

        def worth(a: Action) -> float:
            s = int(str(a["space"]))
            if st.buddha_on[s] and not card.incarnation:
                return 100.0
            b = board_of(s)
            load = _load(st, b)
            nearest = min((_distance(st.pos[o], LINES[s][0]) for o in st.living()), default=3)
            # the active Taoist acts right after this Yin phase: a ghost within its reach may go at once
            active = _distance(st.pos[st.board], LINES[s][0]) if st.alive[st.board] else 3
            near = (1.0 - self.weights["place_active"]) * nearest + self.weights["place_active"] * min(active, 2)
            # a ghost that fills a board costs its Taoist 1 Qi every turn (overrun): worse at low Qi
            fill = 0.0
            if load == 2 and b < st.game.players and st.alive[b]:
                fill = self.weights["place_fill"] + (self.weights["place_fill_low_qi"] if st.qi[b] <= 2 else 0.0)
            # a ghost beside another one on a corner tile's two spaces: one roll may exorcise both
            pair = any(x != s and st.space_card[x] for x in FACING[LINES[s][0]])
            return (
                -self.weights["place_load"] * load
                - near
                - (1.0 if st.buddha_on[s] else 0.0)
                + (self.weights["place_pair"] if pair else 0.0)
                - fill
            )

        return max(legal, key=worth)

    def _choose_victim(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: (st.qi[int(str(a["taoist"]))], -sum(st.tokens[int(str(a["taoist"]))])))

    def _reroll_tao_dice(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        t = st.board if st.pending is None else int(st.pending["taoist"])
        wanted: set[str] = {"white"} if st.white_wild() else set()
        for s in FACING[st.pos[t]]:
            if st.space_card[s]:
                wanted.update(c for c, _ in st.card(st.space_card[s]).resistance)
        if len(st.dice) == 2 and not any(a.kind == "exorcise" for a in legal):
            wanted = set(COLOURS) | {"white"}
        bad = tuple(i for i, f in enumerate(st.dice) if f not in wanted)
        for a in legal:
            if tuple(a["dice"]) == bad:  # type: ignore[arg-type]
                return a
        return legal[0]

    def _reroll_curse_die(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        return Action.make("keep_curse" if st.curse_face == "blank" else "reroll_curse")

    def _resolve_exorcism(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        return max(legal, key=lambda a: self.exorcism_worth(st, a))

    def exorcism_worth(self, st: GhostStoriesState, a: Action) -> float:
        """What an action of the ``resolve_exorcism`` step is worth: the threat of the ghosts it
        exorcises less the Tao tokens it spends (a teammate's a little before this Taoist's own);
        0 for giving up."""
        if a.kind == "give_up":
            return 0.0
        ghosts = _items(a["ghosts"])
        tokens = _items(a["tokens"])
        gain = sum(self.threat(st, int(str(s)), exorcism=True) for s in ghosts)
        own = sum(1 for x in tokens if str(x).startswith(f"{st.board}:"))
        return float(gain - self.weights["token_cost"] * len(tokens) - 0.01 * own)

    def _choose_token_colour(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        assert st.pending is not None
        order = self.needed_colours(st, int(st.pending["taoist"]))
        return min(legal, key=lambda a: order.index(str(a["colour"])))

    _herbalist_white = _choose_token_colour

    def _qi_or_yin_yang(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        assert st.pending is not None
        t = int(st.pending["taoist"])
        if st.qi[t] >= self.weights["yin_yang_at_qi"] and Action.make("regain_yin_yang") in legal:
            return Action.make("regain_yin_yang")
        return Action.make("gain_qi") if Action.make("gain_qi") in legal else legal[0]

    def _discard_token(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        assert st.pending is not None
        order = self.needed_colours(st, int(st.pending["taoist"]))
        return max(legal, key=lambda a: order.index(str(a["colour"])))

    def _incarnation_qi(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: st.qi[int(str(a["taoist"]))])

    def _incarnation_yin_yang(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        return legal[0]

    def _pavilion_taoist(self, st: GhostStoriesState, legal: list[Action]) -> Action:
        """The Pavilion's free move goes to the Taoist it brings nearest to a better tile (the
        best within one more step, which its own next move reaches); nobody moves otherwise."""
        reach: dict[tuple[int, int], float] = {}

        def best_within_one(o: int, p: int) -> float:
            if (o, p) not in reach:
                reach[o, p] = max(self.tile_value(st, o, q) for q in (p, *ADJACENT[p]))
            return reach[o, p]

        def worth(a: Action) -> float:
            o, p = int(str(a["taoist"])), int(str(a["tile"]))
            return 0.0 if p == st.pos[o] else best_within_one(o, p) - best_within_one(o, st.pos[o])

        best = max(legal, key=worth)
        if worth(best) > 0.0:
            return best
        for a in legal:
            if st.pos[int(str(a["taoist"]))] == a["tile"]:
                return a
        return legal[0]


def _odds(
    reqs: tuple[tuple[tuple[int, ...], ...], ...], dice_ok: tuple[bool, ...], n: int, wild: bool, pool: tuple[int, ...]
) -> list[tuple[float, list[tuple[int, ...]]]]:
    """For each multiset of ``n`` Tao dice faces: its probability and the sets of ghosts (indices)
    that the faces plus the token ``pool`` beat.

    Each face and each token meets one unit of one ghost's resistance, so what a set of ghosts
    needs adds up per colour: it falls when, for one choice of each ghost's alternative
    resistance, the pool holds every colour the ghosts that take no dice (DICE_OFF) need, and
    the white faces (when wild) cover what each colour's faces and tokens leave short. The same
    sets as :func:`~ghosttable.games.ghost_stories.rules.token_needs` gives over every way of
    giving each die to one ghost.
    """
    combos = [c for r in range(1, len(reqs) + 1) for c in itertools.combinations(range(len(reqs)), r)]
    needs = []
    for combo in combos:
        options = []
        for choice in itertools.product(*(reqs[g] for g in combo)):
            total, tokens_only = [0] * 5, [0] * 5
            for g, req in zip(combo, choice, strict=True):
                for i in range(5):
                    total[i] += req[i]
                    if not dice_ok[g]:
                        tokens_only[i] += req[i]
            if all(tokens_only[i] <= pool[i] for i in range(5)):
                options.append(tuple(total[i] - pool[i] for i in range(5)))
        needs.append(options)
    out = []
    for prob, counts in _rolls(n):
        whites = counts[5] if wild else 0
        beaten = [
            combo
            for combo, options in zip(combos, needs, strict=True)
            if any(sum(max(0, short[i] - counts[i]) for i in range(5)) <= whites for short in options)
        ]
        out.append((prob, beaten))
    return out


@functools.lru_cache(maxsize=1 << 14)
def _odds_by_outcome(
    reqs: tuple[tuple[tuple[int, ...], ...], ...], dice_ok: tuple[bool, ...], n: int, wild: bool, pool: tuple[int, ...]
) -> tuple[tuple[float, tuple[tuple[int, ...], ...]], ...]:
    """:func:`_odds` with the rolls that beat the same sets of ghosts taken together: each
    distinct non-empty list of beaten sets once, with the total probability of its rolls (in the
    order first met). Only this is cached: a few tuples of numbers per entry, which the garbage
    collector leaves alone (a cache of :func:`_odds`' lists, a hundred per entry, made its full
    collections take up to half a second once a process had played a few dozen games)."""
    grouped: dict[tuple[tuple[int, ...], ...], float] = {}
    for prob, beaten in _odds(reqs, dice_ok, n, wild, pool):
        if beaten:
            key = tuple(beaten)
            grouped[key] = grouped.get(key, 0.0) + prob
    return tuple((prob, key) for key, prob in grouped.items())


_FACES = ("red", "green", "blue", "yellow", "black", "white")


@functools.cache
def _rolls(n: int) -> list[tuple[float, tuple[int, ...]]]:
    """Every multiset of ``n`` Tao dice faces as its probability and its count per face (the
    colours of ``COLOURS``, then white)."""
    out = []
    for roll in itertools.combinations_with_replacement(_FACES, n):
        counts = tuple(roll.count(f) for f in _FACES)
        out.append((factorial(n) / prod(factorial(c) for c in counts) / 6**n, counts))
    return out


def _items(value: object) -> tuple[object, ...]:
    return tuple(value) if isinstance(value, tuple) else ()


def _load(st: GhostStoriesState, board: int) -> int:
    """How many of the 3 spaces of ``board`` hold a ghost."""
    return sum(1 for x in board_spaces(board) if st.space_card[x])


def _distance(a: int, b: int) -> int:
    if a < 0 or b < 0:
        return 3
    return max(abs(a // 3 - b // 3), abs(a % 3 - b % 3))


__all__ = ["HeuristicBot"]

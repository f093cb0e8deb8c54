"""Run, Ghost, Run!: the rules as a kernel ``State`` (the ``Game`` that ties them to the views and
the bots is ``game.RunGhostRun``).

Sources: the English rulebook (seed) for every rule, the reference (part 2) for the numbers it leaves
out; each decision the digital edition takes is listed in ``docs/games/run_ghost_run.md``.

A turn: (Midnight Strikes card, from turn 2, when the option is on) -> each seat draws a Movement
card, in order from the die holder, and those whose card shows furniture may move one piece ->
every seat builds a sealed movement plan at once (``step`` actions ending with ``done``, kept in
the seat's private draft; the history keeps the one ``seal`` action of the whole plan: see
:mod:`~ghosttable.games.run_ghost_run.sealing`) -> the plans are revealed and carried out in seat
order from the die holder -> roll-off for the keyhole's side -> the chooser picks a side (it must
change) -> the door is rolled -> the keyhole looks, and the ghosts it sees go back to their
starting side. The game ends when no Movement card is left at
the start of a turn.
"""

from __future__ import annotations

import copy
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from ghosttable.core import SIMULTANEOUS, TERMINAL, Action, Game, IllegalActionError, State
from ghosttable.core.state import _canonical
from ghosttable.games.run_ghost_run import hall, sealing
from ghosttable.games.run_ghost_run import midnight as midnight_cards
from ghosttable.games.run_ghost_run.board import (
    EXITED,
    FLOOR_ONLY,
    HALL,
    RESERVE,
    UNUSED,
    Board,
    Ghost,
    Layout,
    PendingScene,
)
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, POSTURES, POSTURES_1_0, SIZES, Place, game_data, posture_text
from ghosttable.games.run_ghost_run.hall import Placement, Space, parse_space, space_name
from ghosttable.games.run_ghost_run.listing import (
    ACTING,
    COSTS,
    DONE,
    KEYHOLE,
    OFFER_SIZES,
    OFFERS,
    ORDERS,
    ORIGIN_OF_SIDE,
    PASS,
    REACH,
    Listing,
    Memo,
    Plan,
    PlanBase,
    exit_step,
    fit_offer,
    grasp,
    movement_value,
    place_actions,
    place_spot,
    room_for,
    seats_everyone,
    size_units,
    spaces_of,
    spot_index,
    spots_by_posture,
    spots_inside,
    stacked_on,
    step_block,
    step_parts,
    step_table,
)

_NAMES: dict[Space, str] = dict(zip(hall.SPACES, hall.SPACE_NAMES, strict=True))
"""Each space's name (``(2, 0)`` -> ``"C1"``), for the spaces of the hall."""

VERSION = "3.0"
"""The rules' version (the spec's ``version``): bumped when behaviour changes."""


def _step_line(out: dict[str, Any]) -> str:
    """The log line of one step carried out at the reveal (an entry of the report's ``steps``)."""
    ghost = out["ghost"]
    if out["to"] == "exit":
        return f"{ghost} exits the hall"
    if "merged" in out:
        return f"{out['merged'][0]} and {out['merged'][1]} merge into {out['became']} on {out['to']}"
    if out["stopped_short"] and out["to"] == RESERVE:
        return f"{ghost} stays at home: no room toward {out['planned']}"
    if out["stopped_short"] and out["to"] == out["from"]:
        return f"{ghost} stays on {out['to']}: no room toward {out['planned']}"
    if out["stopped_short"]:
        return f"{ghost} stops short on {out['to']} instead of {out['planned']}"
    if out["from"] == RESERVE:
        return f"{ghost} enters the hall at {out['to']}"
    return f"{ghost} moves from {out['from']} to {out['to']}"


@functools.cache
def _setup(
    players: int, merging: bool, layout: str
) -> tuple[tuple[tuple[str, int, str, str], ...], dict[str, Placement]]:
    """The board a game starts from: each ghost as ``(id, owner, size, where)`` (seat by seat, sizes
    as ``SIZES``, numbered from 1; without the merging rule every ghost on its starting side, with
    it only the small ones, the others unused) and the furniture of the layout named ``layout``,
    pieces by name (the placements are shared: they never change)."""
    data = game_data()
    ghosts = []
    for seat in range(players):
        for size in SIZES:
            sd = data.sizes[size]
            for i in range(1, sd.count + 1):
                where = UNUSED if merging and size != "small" else RESERVE
                ghosts.append((f"{data.colours[seat]}-{sd.letter}{i}", seat, size, where))
    furniture: dict[str, Placement] = {}
    pieces = data.layouts[layout]
    for name in sorted(pieces):
        anchor, rotation, posture = pieces[name]
        c, r = parse_space(anchor)
        furniture[name] = Placement(c, r, rotation, posture)
    return tuple(ghosts), furniture


def _done_slot(q: int) -> Action:
    """The one slot of a plan decision with no movement points left: ``done``."""
    return DONE


class _PlacementGround(NamedTuple):
    """What the listing of a grasped piece's placements and the draw of one read of the board
    (see :meth:`RunGhostRunState._placement_ground`)."""

    shape: Any  # the piece's shape (game data)
    current: Placement  # where it stands
    here: int  # the spot index of where it stands
    by_space: dict[Space, list[Ghost]]  # the hall's ghosts by space, by id
    occupied: int  # the mask of the spaces holding ghosts
    others: list[tuple[str, Placement, int]]  # the other pieces, where they stand, their masks
    taken: int  # their masks together
    floors: int  # the masks of those standing on the floor
    on_top: int  # the masks of those stacked
    floor_others: list[tuple[str, Placement, int]]  # the other pieces on the floor
    old: int  # the piece's own mask
    lifted: bool  # whether lifting it (stacked, over ghosts) carries ghosts
    lifted_refused: int  # what a lifted piece's ghosts refuse (-1: every spot of its old mask)
    groups: list[tuple[int, tuple[str, ...]]]  # ghost sizes by space bit
    leave_floor: bool  # whether the ghosts it leaves stand on the floor
    stack_refused: dict[tuple[str, str], int]  # the refusals per piece below and posture
    plan_view: tuple[Any, ...]  # what :meth:`RunGhostRunState._stacks_on` reads


class RunGhostRunState(State):
    """One position of Run, Ghost, Run!. Public attributes are the rules' bookkeeping; ``view``
    is the only way they reach a seat."""

    @property
    def _tells_reveal(self) -> bool:
        """Whether the log tells the reveal's steps, the roll-off's dice and a pass at the furniture
        (rules 3.0 on; the game as 2.0 played it, ``RunGhostRun.as_version``, logs none of them)."""
        return bool(getattr(self.game, "tells_reveal", True))

    @property
    def seals_plans(self) -> bool:
        """Whether a movement plan is staged and kept in the history as one ``seal`` action (rules
        2.0 on); under 1.0 (``RunGhostRun.as_version("1.0")``) each ``step`` and the ``done`` are
        kept as they are sent."""
        return bool(getattr(self.game, "seals_plans", True))

    @property
    def postures(self) -> tuple[str, ...]:
        """The furniture's postures: ``POSTURES`` (``tipped`` onto a piece's side, rules 2.0 on),
        or under 1.0 ``POSTURES_1_0`` (``tipped`` onto its back, ``TIPPED_ON_BACK``)."""
        return POSTURES if getattr(self.game, "tips_onto_side", True) else POSTURES_1_0

    @property
    def midnight_as_written(self) -> bool:
        """Whether four Midnight Strikes cards read as the seed writes them (rules 2.0 on; see
        :mod:`~ghosttable.games.run_ghost_run.midnight` for 1.0's readings)."""
        return bool(getattr(self.game, "midnight_as_written", True))

    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        data = game_data()
        n = game.players
        self.merging = bool(game.options["merging"])
        self.use_midnight = bool(game.options["midnight"])
        self.turn = 0
        self.phase = "setup"
        self.start_side: list[str] = list(data.seats[n])
        ghosts, furniture = _setup(n, self.merging, str(game.options["layout"]))
        self.board = Board({gid: Ghost(gid, seat, size, where) for gid, seat, size, where in ghosts}, dict(furniture))
        ids = [c.id for c in data.movement]
        drop = data.removed_cards[n]
        self.removed: list[int] = sorted(self.chance.sample("removed", ids, drop)) if drop else []
        self.deck: list[int] = self.chance.shuffled("deck", [i for i in ids if i not in self.removed])
        self.discard: list[int] = []
        self.midnight_deck: list[str] = (
            self.chance.shuffled("midnight_deck", [c.id for c in data.midnight]) if self.use_midnight else []
        )
        self.midnight: str | None = None
        self.midnight_done: list[str] = []
        self.crystal: int | None = None
        side = self.chance.roll("keyhole_side", list(hall.SIDES))
        self.keyhole: tuple[str, int] = (side, self.chance.roll("door_die", [1, 2, 3, 4, 5, 6]))
        self.die_holder: int = self.chance.roll("first_die_holder", list(range(n)))
        self.cards: list[int | None] = [None] * n
        self.moved: list[str] = []
        self.queue: list[int] = []
        self.grasped: str | None = None
        self.plans: list[list[Action]] = [[] for _ in range(n)]
        self.submitted: list[bool] = [False] * n
        self.frozen: list[str] = []
        self.lying = False
        self.chooser: int | None = None
        self.choices_made: list[int] = [0] * n
        self.rollers: list[int] = []
        self.rolls: list[list[int]] = []
        self.tag_targets: dict[int, list[str]] = {}
        self.report: dict[str, Any] = {}
        self.log: list[str] = []
        self._start_turn()

    # ----- helpers ----------------------------------------------------------------------------------

    def order(self) -> list[int]:
        """Seats clockwise from the die holder (each seat's left-hand neighbour is the next one)."""
        return list(ORDERS[self.game.players][self.die_holder])

    def exit_side(self, seat: int) -> str:
        """The side opposite ``seat``'s starting side."""
        return hall.OPPOSITE[self.start_side[seat]]

    def card_value(self, seat: int) -> int:
        """The value of ``seat``'s Movement card this turn (0 when it has none)."""
        cid = self.cards[seat]
        return movement_value(cid) if cid is not None else 0

    def _say(self, text: str) -> None:
        self.log.append(f"turn {self.turn}: {text}")

    # ----- turn flow ---------------------------------------------------------------------------------

    def _start_turn(self) -> None:
        if len(self.deck) < self.players:
            self.phase = "over"
            self._say("no Movement cards are left: the game ends")
            return
        self.turn += 1
        self.moved = []
        self.frozen = []
        self.lying = False
        self.crystal = None
        self.midnight = None
        self.chooser = None
        self.rollers = []
        self.rolls = []
        self.cards = [None] * self.players
        if self.use_midnight and self.turn >= 2 and self.midnight_deck:
            self.midnight = self.midnight_deck.pop(0)
            self._say(f"{self.game.seat_names()[self.die_holder]} draws Midnight Strikes: {self.midnight}")
            if midnight_cards.draw_effect(self):
                return
        self._draw_cards()

    def _draw_cards(self) -> None:
        for seat in self.order():
            self.cards[seat] = self.deck.pop(0)
        self.queue = [s for s in self.order() if game_data().card(self.cards[s] or 0).furniture]
        self.grasped = None
        self._next_furniture()

    def _furniture_options(self, seat: int) -> list[str]:
        carrying = self.board.layout().carrying
        free = [p for p in sorted(self.board.furniture) if p not in self.moved and p not in carrying]
        shown = [p for p in game_data().card(self.cards[seat] or 0).furniture if p in free]
        return shown or free

    def _next_furniture(self) -> None:
        while self.queue:
            if self._furniture_options(self.queue[0]):
                self.phase = "furniture"
                return
            self.queue.pop(0)
        self._start_plans()

    def _start_plans(self) -> None:
        self.phase = "plan"
        self.plans = [[] for _ in range(self.players)]
        self.submitted = [False] * self.players

    def _after_plans(self) -> None:
        self._reveal()
        if self.midnight == "knock_knock":
            side = self.keyhole[0]
            door = self.chance.roll("door_die", [1, 2, 3, 4, 5, 6])
            self._say(f"Knock, Knock, Knock: the keyhole stays on the {side} side")
            self._place_keyhole(self.die_holder, side, door)
            return
        fewest = min(self.choices_made)
        eligible = [s for s in self.order() if self.choices_made[s] == fewest]
        self.rollers = list(eligible)
        self.rolls = []
        contenders = eligible
        while len(contenders) > 1:
            faces = [self.chance.roll("die", [1, 2, 3, 4, 5, 6]) for _ in contenders]
            self.rolls.append(faces)
            if self._tells_reveal:
                names = self.game.seat_names()
                rolled = zip(contenders, faces, strict=True)
                self._say("the roll-off: " + ", ".join(f"{names[c]} {f}" for c, f in rolled))
            best = max(faces)
            contenders = [s for s, f in zip(contenders, faces, strict=True) if f == best]
        self.chooser = contenders[0]
        self.choices_made[self.chooser] += 1
        self._say(f"{self.game.seat_names()[self.chooser]} chooses the keyhole's side")
        self.phase = "keyhole"

    def _place_keyhole(self, roller: int, side: str, door: int) -> None:
        looks = [self._look(side, door)]
        self.keyhole = (side, door)
        if self.midnight == "double_curious":
            other = hall.OPPOSITE[side]
            looks.append(self._look(other, door))
            self.keyhole = (other, door)
        self._report["looks"] = looks
        self._scenes_pending = True
        if self.midnight == "perched_cat":
            sent = []
            for g in sorted(self.board.ghosts.values(), key=lambda g: g.id):
                if g.where == HALL and g.place != "on":
                    g.to_side(RESERVE)
                    sent.append(g.id)
            self._report["perched_cat"] = sent
        self.die_holder = (roller + 1) % self.players
        self.lying = False
        self.discard.extend(c for c in self.cards if c is not None)
        self._start_turn()

    def _look(self, side: str, door: int) -> dict[str, Any]:
        seen = self.board.seen_from(side, door, self.lying)
        scene = PendingScene(self.board, side, door, self.lying)
        out = []
        for gid in sorted(seen):
            g = self.board.ghosts[gid]
            out.append(
                {
                    "ghost": gid,
                    "owner": g.owner,
                    "size": g.size,
                    "space": space_name(g.space or (0, 0)),
                    "how": seen[gid],
                }
            )
            g.to_side(RESERVE)
        self._say(f"the keyhole at {side} door {door} sees {', '.join(sorted(seen)) or 'nobody'}")
        return {"side": side, "door": door, "seen": out, "scene": scene}

    @property
    def report(self) -> dict[str, Any]:
        """The last turn as it was carried out: ``{"turn", "steps": [step outcome], "cards":
        {seat: card}, "looks": [{"side", "door", "seen": [...], "scene": {...}}], "perched_cat"}``
        (the looks from the keyhole's placing on). Each look's ``scene`` (see
        :meth:`PendingScene.to_json`) is written out when the report is first read, not when the
        keyhole looks: random playouts and search never read it."""
        got: dict[str, Any] = self._report
        if self._scenes_pending:
            for look in got.get("looks", ()):
                scene = look.get("scene")
                if isinstance(scene, PendingScene):
                    look["scene"] = scene.to_json()
            self._scenes_pending = False
        return got

    @report.setter
    def report(self, value: dict[str, Any]) -> None:
        self._report = value
        self._scenes_pending = False

    # ----- movement plans -----------------------------------------------------------------------------

    def _memo(self) -> Memo:
        memo: Memo | None = self.__dict__.get("_cache")
        if memo is None:
            memo = self.__dict__["_cache"] = Memo()
        return memo

    def _plan_base(self) -> PlanBase:
        """The plan phase's board as the listing reads it (computed once per turn)."""
        memo: Memo | None = self.__dict__.get("_cache")
        if memo is None:
            memo = self._memo()
        base = memo.base
        if base is None or base.board is not self.board or base.turn != self.turn:
            base = memo.base = PlanBase(self.board, self.turn, self.players)
            memo.plans = {}
        return base

    def _plan(self, seat: int) -> Plan:
        """``seat``'s plan so far carried out on the plan phase's board (carried on from the last
        time while the plan has only grown since)."""
        memo: Memo | None = self.__dict__.get("_cache")
        base = None if memo is None else memo.base
        if base is None or base.board is not self.board or base.turn != self.turn:
            base = self._plan_base()
            memo = self.__dict__["_cache"]
        assert memo is not None
        plan = self.plans[seat]
        cid = self.cards[seat]
        value = movement_value(cid) if cid is not None else 0
        got = memo.plans.get(seat)
        if got is not None and got.value == value:
            done = got.acts
            n = len(done)
            m = len(plan)
            if m == n:
                if plan == done:
                    return got
            elif m > n and plan[:n] == done:
                board = self.board
                for act in plan[n:]:
                    got.add(board, act)
                return got
        board = self.board
        got = memo.plans[seat] = Plan(base, board, seat, value)
        for act in plan:
            got.add(board, act)
        return got

    def _tentative(self, seat: int) -> tuple[Board, set[str], set[str], int]:
        """The board as ``seat``'s plan so far leaves it (other seats' ghosts where they were), the
        ghosts it has stepped, the ghosts made by its merges, and its points left."""
        plan = self._plan(seat)
        board = self.board.copy()
        spaces = hall.SPACES
        for gid, (where, i, place, _, _) in plan.ghosts.items():
            g = board.ghosts[gid]
            g.where, g.space, g.place = where, (spaces[i] if i >= 0 else None), place
        return board, plan.stepped, plan.made, plan.left

    def _merge_result(self, board: Board, seat: int, size: str) -> Ghost | None:
        want = NEXT_SIZE.get(size)
        if want is None:
            return None
        pieces = [g for g in board.ghosts_of(seat) if g.size == want]
        for where in (UNUSED, RESERVE):
            for g in pieces:
                if g.where == where:
                    return g
        return None

    def _plan_actions(self, seat: int) -> list[Action]:
        """``seat``'s legal steps (then ``done``) after its plan so far: for each ghost that may
        move (in the hall, by id; of those on the starting side, one per size), every space it can
        pay for (row by row), each place there with room for it, then its merges there; then its
        exit. The step actions are made once per ghost, space, cost and offer of places."""
        plan = self._plan(seat)
        left = plan.left
        if left <= 0:
            return [DONE]
        start = self.start_side[seat]
        exit_distance = hall.SIDE_DISTANCE[hall.OPPOSITE[start]]
        ghosts = plan.ghosts
        movers = self._movers(seat, plan)
        hall_at: dict[int, list[str]] = {}
        if self.merging:
            for gid in plan.base.own[seat]:
                rec = ghosts[gid]
                if rec[0] == HALL:
                    hall_at.setdefault(rec[1], []).append(gid)
        reach_left = min(left, hall.MAX_STEPS)
        side_origin = ORIGIN_OF_SIDE[start]
        acts: list[Action] = []
        for gid, where, i, size in movers:
            fits = plan.fits_of(size)
            origin = i if where == HALL else side_origin
            if hall_at:
                table = step_table(gid, origin)
                costs = COSTS[origin]
                for j in REACH[origin][reach_left]:
                    acts += step_block(table, gid, origin, j, fits[j])
                    if j in hall_at:
                        acts += self._merge_steps(plan, gid, size, j, costs[j], hall_at[j])
            else:
                table = step_table(gid, origin)
                mark = len(acts)
                try:
                    for j in REACH[origin][reach_left]:
                        offer = fits[j]
                        if offer:
                            acts += table[j][offer]
                except KeyError:
                    del acts[mark:]
                    for j in REACH[origin][reach_left]:
                        offer = fits[j]
                        if offer:
                            block = table[j].get(offer)
                            acts += step_block(table, gid, origin, j, offer) if block is None else block
            if where == HALL:
                cost = exit_distance[i] + 1
                if cost <= left:
                    acts.append(exit_step(gid, cost))
        acts.append(DONE)
        return acts

    def _movers(self, seat: int, plan: Plan) -> list[tuple[str, str, int, str]]:
        """The ghosts of ``seat`` that may step after its plan ``plan`` so far, in the listing's
        order (see :meth:`_plan_actions`): ``(ghost id, where, space index or -1, size)``."""
        ghosts = plan.ghosts
        stepped = plan.stepped
        made = plan.made
        frozen = self.frozen
        merging = self.merging
        own = plan.base.own[seat]
        has_small_reserve = merging and any(
            ghosts[gid][3] == "small"
            and ghosts[gid][0] == RESERVE
            and gid not in stepped
            and gid not in made
            and gid not in frozen
            for gid in own
        )
        movers: list[tuple[str, str, int, str]] = []
        offered: list[tuple[str, str]] = []
        for gid in own:
            if gid in stepped or gid in made or gid in frozen:
                continue
            where, i, _, size, _ = ghosts[gid]
            if where == HALL:
                movers.append((gid, where, i, size))
            elif where == RESERVE or (merging and where == EXITED and size == "small" and not has_small_reserve):
                key = (where, size)
                if key not in offered:
                    offered.append(key)
                    movers.append((gid, where, i, size))
        return movers

    def _random_legal(self, seat: int, rng: random.Random) -> Action | None:
        """A uniformly random legal action of ``seat``. Where a grasped piece goes, and while plans
        are built (without the merging rule), the actions are not listed: :meth:`_placement_slots`
        and :meth:`_plan_slots` number a few more slots than there are legal actions, each legal
        action holding exactly one of them, and slots are drawn (``rng.randrange``) until one
        holds an action, so that every legal action is drawn with the same chance. Elsewhere, the
        kernel's draw from the listing."""
        if self.phase == "furniture" and self.grasped is not None:
            slots, slot = self._placement_slots(self.grasped)
        elif self.phase != "plan" or self.merging:
            return super()._random_legal(seat, rng)
        else:
            slots, slot = self._plan_slots(seat)
        while True:
            got = slot(rng.randrange(slots))
            if got is not None:
                return got

    def _random_run(self, seat: int, rng: random.Random, limit: int) -> int:
        """While plans are built and sealed (the merging rule off): ``seat``'s steps drawn as
        :meth:`_random_legal` draws them, one after another until ``done`` or ``limit``, each kept
        in its draft and carried out on its plan as :meth:`apply_legal` and the next listing would
        (a step goes into no history while the plan is sealed); ``done`` goes through
        :meth:`apply_legal`. Elsewhere, one decision."""
        if self.phase != "plan" or self.merging or not self.seals_plans or limit < 2:
            return super()._random_run(seat, rng, limit)
        draft = self.plans[seat]
        board = self.board
        plan = self._plan(seat)
        made = 0
        while made < limit:
            slots, slot = self._plan_slots(seat, plan)
            while True:
                got = slot(rng.randrange(slots))
                if got is not None:
                    break
            made += 1
            if got.kind != "step":
                self.apply_legal(got, seat)
                return made
            draft.append(got)
            plan.add(board, got)
        return made

    def _plan_slots(self, seat: int, plan: Plan | None = None) -> tuple[int, Callable[[int], Action | None]]:
        """The slots of ``seat``'s plan decision (the merging rule off): ``(number of slots, the
        action a slot holds or None)``. Mover by mover (in the listing's order), each space it can
        pay for has as many slots as the most places a space of the layout offers, the first of
        them holding its steps to each place offered to the mover's size there; then one slot
        for its exit; the last slot holds ``done``. Read in order, the slots holding an action
        give the listing (:meth:`_plan_actions`). ``plan``: :meth:`_plan` of ``seat``, when the
        caller holds it."""
        if plan is None:
            plan = self._plan(seat)
        left = plan.left
        if left <= 0:
            return 1, _done_slot
        start = self.start_side[seat]
        side_origin = ORIGIN_OF_SIDE[start]
        reach_left = left if left < hall.MAX_STEPS else hall.MAX_STEPS
        width = plan.base.widest
        # (first slot, slot of the exit, ghost id, space index or -1, size, spaces, origin)
        blocks: list[tuple[int, int, str, int, str, tuple[int, ...], int]] = []
        slots = 0
        if self.merging:  # (the merging rule lists its steps: this serves the check of the slots)
            for gid, where, i, size in self._movers(seat, plan):
                origin = i if where == HALL else side_origin
                reach = REACH[origin][reach_left]
                exit_at = slots + len(reach) * width
                blocks.append((slots, exit_at, gid, i if where == HALL else -1, size, reach, origin))
                slots = exit_at + 1
        else:
            # the movers as :meth:`_movers` gives them, without the merging rule: the ghosts in the
            # hall, and of those on the starting side the first of each size, none stepped or frozen
            ghosts = plan.ghosts
            blocked: set[str] | frozenset[str] = plan.stepped
            if plan.made or self.frozen:
                blocked = plan.stepped.union(plan.made, self.frozen)
            side_reach = REACH[side_origin][reach_left]
            offered: list[str] = []
            for gid in plan.base.own[seat]:
                if gid in blocked:
                    continue
                rec = ghosts[gid]
                where = rec[0]
                if where == HALL:
                    i = rec[1]
                    reach = REACH[i][reach_left]
                    exit_at = slots + len(reach) * width
                    blocks.append((slots, exit_at, gid, i, rec[3], reach, i))
                elif where == RESERVE:
                    size = rec[3]
                    if size in offered:
                        continue
                    offered.append(size)
                    exit_at = slots + len(side_reach) * width
                    blocks.append((slots, exit_at, gid, -1, size, side_reach, side_origin))
                else:
                    continue
                slots = exit_at + 1
        done = slots
        fit = plan.fit

        def slot(q: int) -> Action | None:
            if q == done:
                return DONE
            for first, exit_at, gid, i, size, reach, origin in blocks:
                if q <= exit_at:
                    if q == exit_at:  # the exit's slot
                        if i >= 0:
                            cost = hall.SIDE_DISTANCE[hall.OPPOSITE[start]][i] + 1
                            if cost <= left:
                                return exit_step(gid, cost)
                        return None
                    at, k = divmod(q - first, width)
                    j = reach[at]
                    offer = fit(size, j)
                    if k >= OFFER_SIZES[offer]:
                        return None
                    table = step_table(gid, origin)
                    got = table[j].get(offer)
                    if got is None:
                        got = step_block(table, gid, origin, j, offer)
                    return got[k]
            return None

        return done + 1, slot

    def _merge_steps(self, plan: Plan, gid: str, size: str, j: int, cost: int, there: list[str]) -> list[Action]:
        """The merges of ghost ``gid`` (of ``size``) into the seat's ghosts ``there`` on the space of
        index ``j``, at ``cost``."""
        out = []
        units = size_units()
        for tid in there:
            if tid == gid or tid in plan.made:
                continue
            t = plan.ghosts[tid]
            if {size, t[3]} not in ({"small"}, {"small", "medium"}):
                continue
            result_size = "medium" if size == t[3] else "large"
            if plan.merge_piece(self.board, t[4], result_size) is None:
                continue
            place = t[2]
            offer = fit_offer(plan.base.layout, plan.per_space, plan.per_place, j, result_size, units[t[3]], place)
            if place in OFFERS[offer]:
                params = (("cost", cost), ("ghost", gid), ("merge", tid), ("place", place), ("to", hall.SPACE_NAMES[j]))
                out.append(Action("step", params))
        return out

    def _carry_step(
        self,
        board: Board,
        act: Action,
        made: set[str],
        strict: bool,
        loads: tuple[dict[Space, int], dict[tuple[Space, str], int]] | None = None,
        lay: Layout | None = None,
    ) -> dict[str, Any]:
        """Carry out one ``step`` on ``board``. ``strict``: as planned (the plan was legal on it);
        otherwise at the reveal, where a ghost that finds no room stops on the last space of its
        path that has room (reference part 2, "Simultaneous moves"). ``loads``: the board's
        :meth:`Board.load`, kept up to date here (computed afresh for each test when ``None``);
        ``lay``: the board's layout, when the caller holds it. Returns what happened."""
        gid, k, place, merge, _, dest = step_parts(act)
        g = board.ghosts[gid]
        seat = g.owner
        was = g.space
        origin = g.where if was is None else _NAMES.get(was) or space_name(was)
        head = {"seat": seat, "ghost": g.id, "from": origin, "planned": dest, "cost": act["cost"]}
        units = size_units()
        if lay is None:
            lay = board.layout()
        per_space, per_place = loads if loads is not None else ({}, {})
        counted = loads is not None

        def shift(ghost: Ghost, sign: int) -> None:
            sp = ghost.space
            if ghost.where == HALL and sp is not None:
                u = sign * units[ghost.size]
                per_space[sp] = per_space.get(sp, 0) + u
                key = (sp, ghost.place)
                per_place[key] = per_place.get(key, 0) + u

        if dest == "exit":
            if counted:
                shift(g, -1)
            g.to_side(EXITED)
            return {**head, "to": "exit", "place": None, "stopped_short": False}
        sp = hall.SPACES[k]
        # lift the mover so it does not count against its own destination
        saved = (g.where, was, g.place)
        if counted and saved[0] == HALL and was is not None:
            u = units[g.size]
            per_space[was] -= u
            per_place[(was, saved[2])] -= u
        g.where, g.space, g.place = RESERVE, None, ""
        if merge is not None:
            t = board.ghosts.get(merge)
            if t is not None and t.where == HALL and t.space == sp and t.place == place and t.id not in made:
                result_size = "medium" if g.size == t.size else "large"
                piece = self._merge_result(board, seat, "small" if result_size == "medium" else "medium")
                if piece is not None and place in board.fitting_places(
                    sp, result_size, loads=loads, freed=units[t.size], freed_place=place, layout=lay
                ):
                    if counted:
                        shift(t, -1)
                    t.to_side(RESERVE)
                    g.to_side(RESERVE)
                    piece.to_hall(sp, place)
                    if counted:
                        shift(piece, 1)
                    made.add(piece.id)
                    return {
                        **head,
                        "to": dest,
                        "place": place,
                        "stopped_short": False,
                        "merged": [g.id, t.id],
                        "became": piece.id,
                    }
        if strict or place in board.fitting_places(sp, g.size, loads=loads, layout=lay):
            g.where, g.space, g.place = HALL, sp, place
            if counted:
                u = units[g.size]
                per_space[sp] = per_space.get(sp, 0) + u
                key = (sp, place)
                per_place[key] = per_place.get(key, 0) + u
            return {**head, "to": dest, "place": place, "stopped_short": False}
        if saved[0] == HALL and was is not None:
            path = hall.path_between(was, sp)
        else:
            path = hall.entry_path(self.start_side[seat], sp)
        for back in reversed(path[:-1]):
            fits = board.fitting_places(back, g.size, loads=loads, layout=lay)
            if fits:
                g.to_hall(back, fits[0])
                if counted:
                    shift(g, 1)
                return {**head, "to": space_name(back), "place": fits[0], "stopped_short": True}
        g.where, g.space, g.place = saved
        if counted:
            shift(g, 1)
        return {**head, "to": origin, "place": saved[2] or None, "stopped_short": True}

    def _reveal(self) -> None:
        steps: list[dict[str, Any]] = []
        made: set[str] = set()
        loads = self.board.load()
        lay = self.board.layout()  # the furniture stands still while the ghosts move
        for seat in self.order():
            for act in self.plans[seat]:
                if act.kind == "step":
                    steps.append(self._carry_step(self.board, act, made, strict=False, loads=loads, lay=lay))
        self.report = {"turn": self.turn, "steps": steps, "cards": {str(s): self.cards[s] for s in range(self.players)}}
        self.frozen = []
        if self._tells_reveal:
            self._say("the plans are revealed" if steps else "the plans are revealed: no ghost moves")
            for out in steps:
                self._say(_step_line(out))

    # ----- the kernel's contract -----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`SIMULTANEOUS` while plans are built, :data:`TERMINAL` at the end."""
        if self.phase == "over":
            return TERMINAL
        if self.phase == "plan":
            return SIMULTANEOUS
        if self.phase == "keyhole":
            assert self.chooser is not None
            return self.chooser
        return self.queue[0]

    def acting_seats(self) -> tuple[int, ...]:
        """While plans are built: the seats that have not said ``done``."""
        if self.phase == "plan":
            key = (self.die_holder, tuple(self.submitted))
            got = ACTING.get(key)
            if got is None:
                order = ORDERS[len(self.submitted)][self.die_holder]
                got = ACTING[key] = tuple([s for s in order if not self.submitted[s]])
            return got
        return super().acting_seats()

    def decision_name(self, seat: int) -> str:
        """``move_furniture``, ``place_furniture``, ``plan_movement``, ``choose_keyhole_side``,
        ``tag_youre_it`` or ``big_brother``."""
        if self.phase == "furniture":
            return "place_furniture" if self.grasped else "move_furniture"
        if self.phase == "plan":
            return "plan_movement"
        if self.phase == "keyhole":
            return "choose_keyhole_side"
        if self.phase == "midnight":
            return self.midnight or "midnight"
        return "none"

    def decision_prompt(self, seat: int) -> str:
        """One sentence for the decision ``seat`` faces."""
        name = self.decision_name(seat)
        if name == "move_furniture":
            return "Grasp one piece of furniture your card shows to move it, or pass."
        if name == "place_furniture":
            return f"Put the {self.grasped} down: its south-west space, rotation and posture."
        if name == "plan_movement":
            left = self._plan(seat).left
            return f"Move one ghost (cost shown) or say done; {left} movement points left."
        if name == "choose_keyhole_side":
            return f"Choose the keyhole's side (it is on the {self.keyhole[0]} side and must change)."
        if name == "tag_youre_it":
            return "Replace a small ghost of your right-hand neighbour, or place one 3 spaces from your side."
        if name == "big_brother":
            return "Replace one of your ghosts in the hall with a ghost of the next size up."
        return ""

    def _legal_actions(self, seat: int) -> list[Action]:
        # a plan's steps are kept out of the history (see ``recorded_as``): its length tells them apart
        key = (len(self.history), seat, self.phase, self.grasped, len(self.plans[seat]))
        memo = self._memo()
        if memo.key != key:
            memo.legal = self._compute_legal(seat)
            memo.key = key
        return Listing(memo.legal)

    def snapshot(self) -> Any:
        """Everything in the state as compact canonical JSON-ready data (the god view)."""
        board = self.board
        data = {
            "ghosts": [
                [g.id, g.owner, g.size, g.where, list(g.space) if g.space else None, g.place]
                for g in sorted(board.ghosts.values(), key=lambda g: g.id)
            ],
            "furniture": [
                [n, a.col, a.row, a.rotation, posture_text(a.posture)] for n, a in sorted(board.furniture.items())
            ],
            "history": [[s, str(a)] for s, a in self.history],
            "plans": [[str(a) for a in plan] for plan in self.plans],
            "log": len(self.log),
        }
        skip: tuple[str, ...] = ("game", "chance", "initial_script", "_cache", "board", "history", "plans", "log")
        skip += ("_report", "_scenes_pending")
        rest = {k: v for k, v in vars(self).items() if k not in skip}
        rest["report"] = self.report
        return {"state": _canonical(rest), "data": data, "chance": self.chance.fingerprint()}

    def clone(self) -> RunGhostRunState:
        """An independent copy (what the state computes once per position is not copied)."""
        twin = copy.copy(self)
        memo: Memo | None = twin.__dict__.pop("_cache", None)
        twin.chance = self.chance.copy()
        twin.board = self.board.copy()
        if memo is not None and memo.base is not None and memo.base.board is self.board and memo.base.turn == self.turn:
            # the plan phase's board as the listing reads it is the twin's too
            twin._memo().base = memo.base.rebased(twin.board)
        twin.history = list(self.history)
        twin.plans = [list(p) for p in self.plans]
        twin.log = list(self.log)
        # the report's parts are never changed once made, only its top level (the looks)
        twin._report = dict(self._report)
        twin.initial_script = {k: list(v) for k, v in self.initial_script.items()}
        twin.removed = list(self.removed)
        twin.deck = list(self.deck)
        twin.discard = list(self.discard)
        twin.midnight_deck = list(self.midnight_deck)
        twin.midnight_done = list(self.midnight_done)
        twin.start_side = list(self.start_side)
        twin.cards = list(self.cards)
        twin.moved = list(self.moved)
        twin.queue = list(self.queue)
        twin.submitted = list(self.submitted)
        twin.frozen = list(self.frozen)
        twin.choices_made = list(self.choices_made)
        twin.rollers = list(self.rollers)
        twin.rolls = [list(r) for r in self.rolls]
        twin.tag_targets = {k: list(v) for k, v in self.tag_targets.items()}
        return twin

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == "furniture":
            if self.grasped is None:
                return [*map(grasp, self._furniture_options(seat)), PASS]
            return self._placements(self.grasped)
        if self.phase == "plan":
            return self._plan_actions(seat)
        if self.phase == "keyhole":
            here = self.keyhole[0]
            return [KEYHOLE[s] for s in hall.SIDES if s != here]
        if self.phase == "midnight":
            return midnight_cards.choices(self, seat)
        return []

    def _placement_ground(self, name: str) -> _PlacementGround | None:
        """What :meth:`_placements` and :meth:`_placement_slots` read of the board for the grasped
        piece ``name`` (``None`` when it carries another piece, which keeps it where it stands)."""
        board = self.board
        lay = board.layout()
        shape = game_data().pieces[name]
        current = board.furniture[name]
        here = spot_index(current)
        if name in lay.carrying:
            return None
        by_space: dict[Space, list[Ghost]] = {}
        sizes_at: dict[Space, list[str]] = {}
        index = hall.SPACE_INDEX
        ghosts = board.ghosts
        inside = [gid for gid, g in ghosts.items() if g.where == HALL and g.space is not None]
        inside.sort()
        for gid in inside:
            g = ghosts[gid]
            sp = g.space
            assert sp is not None
            group = by_space.get(sp)
            if group is None:
                by_space[sp] = [g]
                sizes_at[sp] = [g.size]
            else:
                group.append(g)
                sizes_at[sp].append(g.size)
        occupied = 0
        groups: list[tuple[int, tuple[str, ...]]] = []
        for sp, sizes in sizes_at.items():
            bit = 1 << index[sp]
            occupied |= bit
            groups.append((bit, tuple(sizes)))
        others = [(other, oat, lay.masks[other]) for other, oat in sorted(board.furniture.items()) if other != name]
        taken = 0
        floors = 0
        on_top = 0
        floor_others = []
        for other, oat, mask in others:
            taken |= mask
            if oat.on is None:
                floors |= mask
                floor_others.append((other, oat, mask))
            else:
                on_top |= mask
        units = size_units()
        # a stacked piece leaving puts its ghosts into the places of the piece below: off the
        # spaces it leaves, they sit in that piece's places whatever the spot
        old = lay.masks[name]
        lifted = current.on is not None and bool(old & occupied)
        if lifted:
            below = hall.places_of(game_data().pieces[str(current.on)], board.furniture[str(current.on)])
            stay = all(seats_everyone(below, [by_space[sp]], units) for sp in spaces_of(old) if sp in by_space)
            lifted_refused = old if stay else -1
        else:
            lifted_refused = 0
        # stacked on another piece (and not lifted), the ghosts it leaves stand on the floor and
        # those it now covers sit in the places of the stack: one mask per piece below and posture
        leave_floor = all(room_for(FLOOR_ONLY, sizes) for bit, sizes in groups if bit & old)
        stack_refused: dict[tuple[str, str], int] = {}
        plan_view = (current, here, lifted, occupied, leave_floor, groups, stack_refused, by_space)
        return _PlacementGround(
            shape,
            current,
            here,
            by_space,
            occupied,
            others,
            taken,
            floors,
            on_top,
            floor_others,
            old,
            lifted,
            lifted_refused,
            groups,
            leave_floor,
            stack_refused,
            plan_view,
        )

    def _placement_slots(self, name: str) -> tuple[int, Callable[[int], Action | None]]:
        """The slots of the decision where the grasped piece ``name`` goes: one per spot
        (``hall.spots`` order), holding its ``place`` action when :meth:`_placements` lists it and
        ``None`` otherwise (the same tests, spot by spot: where it stands; inside the hall and
        on the floor clear of what refuses the spot's posture; stacked; a lifted piece's spot that
        carries its ghosts back)."""
        actions = place_actions(name, self.postures)
        ground = self._placement_ground(name)
        if ground is None:
            return 1, lambda q: actions[spot_index(self.board.furniture[name])]
        shape, here, by_space, others, taken, floors = (
            ground.shape,
            ground.here,
            ground.by_space,
            ground.others,
            ground.taken,
            ground.floors,
        )
        old, lifted, lifted_refused, groups, plan_view = (
            ground.old,
            ground.lifted,
            ground.lifted_refused,
            ground.groups,
            ground.plan_view,
        )
        spots = hall.spots(name, self.postures)
        refusals: dict[str, int] = {}

        def slot(k: int) -> Action | None:
            if k == here:
                return actions[k]
            spot = spots[k]
            if not spot.in_hall:
                return None
            at = spot.placement
            posture = at.posture
            places = hall.places_in(shape, posture)
            refused = refusals.get(posture)
            if refused is None:
                refused = taken | lifted_refused
                for bit, sizes in groups:
                    if not room_for(places, sizes):
                        refused |= bit
                refusals[posture] = refused
            mask = spot.mask
            if not mask & refused:
                return actions[k]
            if mask & taken:
                stacks = self._stacks_on(name, k, mask, others, floors, posture, places, plan_view)
                return actions[k] if stacks else None
            if lifted and mask & old and self.board.can_reseat(name, at, by_space):
                return actions[k]
            return None

        return len(spots), slot

    def _placements(self, name: str) -> list[Action]:
        """Where the grasped piece ``name`` may go: first where it stands, then every other spot
        (postures, rotations, anchor spaces row by row) that resolves (on the floor or stacked, see
        :meth:`Board.resolve`) and leaves every ghost it covers a place.

        On the floor, the ghosts of each covered space are seated in the piece's places on their
        own (first fit, by id), so a spot is refused exactly when it covers another piece or a space
        whose ghosts do not all fit: one mask test per spot. A stacked spot, a spot covering ghosts
        of a stacked spot, and any spot of a stacked piece that carries ghosts away are tried as
        :meth:`Board.move_piece` would carry them out."""
        ground = self._placement_ground(name)
        actions = place_actions(name, self.postures)
        if ground is None:
            return [actions[spot_index(self.board.furniture[name])]]
        board = self.board
        (
            shape,
            current,
            here,
            by_space,
            occupied,
            others,
            taken,
            floors,
            on_top,
            floor_others,
            old,
            lifted,
            lifted_refused,
            groups,
            leave_floor,
            stack_refused,
            plan_view,
        ) = ground
        here_on_floor = here if current.on is None else -1
        out = [actions[here]]
        spots = hall.spots(name, self.postures)
        for posture, candidates in spots_by_posture(name, self.postures):
            places = hall.places_in(shape, posture)
            refused = taken | lifted_refused
            for bit, sizes in groups:
                if not room_for(places, sizes):
                    refused |= bit
            if lifted:
                for k, mask in candidates:
                    if not mask & refused:
                        out.append(actions[k])
                    elif mask & taken:
                        if self._stacks_on(name, k, mask, others, floors, posture, places, plan_view):
                            out.append(actions[k])
                    elif mask & old and board.can_reseat(name, spots[k].placement, by_space):
                        out.append(actions[k])
                continue
            # on the floor: one mask test; stacked: inside the floor pieces, then tried one by one
            chosen = [k for k, mask in candidates if not mask & refused]
            if here_on_floor >= 0 and spots[here_on_floor].placement.posture == posture and here_on_floor in chosen:
                chosen.remove(here_on_floor)
            stacked = []
            for low, lat, low_mask in floor_others:
                for k, mask in spots_inside(name, posture, low_mask):
                    if mask & on_top or (k == here and current.on == low):
                        continue
                    if mask & occupied:
                        if not leave_floor:
                            continue
                        refused_here = stack_refused.get((low, posture))
                        if refused_here is None:
                            stack = stacked_on(game_data().pieces[low], lat, places)
                            refused_here = 0
                            for bit, sizes in groups:
                                if not room_for(stack, sizes):
                                    refused_here |= bit
                            stack_refused[(low, posture)] = refused_here
                        if mask & refused_here:
                            continue
                    stacked.append(k)
            if stacked:
                chosen = sorted(chosen + stacked)
            out += [actions[k] for k in chosen]
        return out

    def _stacks_on(
        self,
        name: str,
        k: int,
        mask: int,
        others: list[tuple[str, Placement, int]],
        floors: int,
        posture: str,
        places: tuple[Place, ...],
        view: tuple[Any, ...],
    ) -> bool:
        """Whether spot ``k`` (``mask``) of piece ``name`` stacks it on one piece standing on the
        floor, covering no other, not where it stands now, with room for every ghost it disturbs
        (see :meth:`_placements`, which passes what it knows of the board in ``view``)."""
        current, here, lifted, occupied, leave_floor, groups, stack_refused, by_space = view
        if mask & ~floors:
            return False
        hit = [(other, oat, m) for other, oat, m in others if m & mask]
        if len(hit) != 1:
            return False
        low, lat, m = hit[0]
        if lat.on is not None or mask & ~m or (k == here and current.on == low):
            return False
        if lifted:
            at = hall.spots(name, self.postures)[k].placement
            return self.board.can_reseat(name, Placement(at.col, at.row, at.rotation, at.posture, low), by_space)
        if mask & occupied:
            if not leave_floor:
                return False
            refused = stack_refused.get((low, posture))
            if refused is None:
                stack = stacked_on(game_data().pieces[low], lat, places)
                refused = 0
                for bit, sizes in groups:
                    if not room_for(stack, sizes):
                        refused |= bit
                stack_refused[(low, posture)] = refused
            if mask & refused:
                return False
        return True

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind in ("step", "done"):
            self.plans[seat].append(action)
            if kind == "done":
                self.submitted[seat] = True
                if all(self.submitted):
                    self._after_plans()
            return
        if kind == "grasp":
            self.grasped = str(action["piece"])
            return
        if kind == "pass":
            if self._tells_reveal:
                self._say(f"{self.game.seat_names()[seat]} leaves the furniture as it stands")
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind == "place":
            name = str(action["piece"])
            spot = place_spot(action, self.postures)
            if spot is None:
                sp = parse_space(str(action["at"]))
                posture = self.postures[POSTURES.index(str(action["posture"]))]
                spot = Placement(sp[0], sp[1], int(action["rotation"]), posture)  # type: ignore[arg-type]
            at = self.board.resolve(name, spot) or self.board.furniture[name]
            if at != self.board.furniture[name]:
                self.board.move_piece(name, at, resolved=True)
            self.moved.append(name)
            self._say(f"{self.game.seat_names()[seat]} moves the {name} to {at.anchor}")
            self.grasped = None
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind == "keyhole":
            side = str(action["side"])
            door = self.crystal if self.crystal is not None else self.chance.roll("door_die", [1, 2, 3, 4, 5, 6])
            self._place_keyhole(seat, side, door)
            return
        midnight_cards.apply_choice(self, seat, action)

    def is_terminal(self) -> bool:
        """Whether the game is over (no Movement card left at the start of a turn)."""
        return self.phase == "over"

    # ----- scoring -------------------------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """``seat``'s points (seed, "End of the Game"): exited small 1, medium 3, large 5; in the
        hall 1 per pair of small ghosts, medium 1, large 2."""
        data = game_data()
        total = 0
        smalls = 0
        for g in self.board.ghosts_of(seat):
            if g.where == EXITED:
                total += data.sizes[g.size].exit_points
            elif g.where == HALL:
                if g.size == "small":
                    smalls += 1
                else:
                    total += int(data.sizes[g.size].hall_points)
        return total + smalls // 2

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """``(points, ghosts exited, -ghosts on the starting side)``: higher is better (both tie-breaks)."""
        out = len(self.board.ghosts_of(seat, EXITED))
        home = len(self.board.ghosts_of(seat, RESERVE))
        return (self.points(seat), out, -home)

    def returns(self) -> list[float]:
        """+1 for every seat tied at the best ranking key, -1 for the others (0 for all when all tie)."""
        if not self.is_terminal():
            return [0.0] * self.players
        keys = [self.ranking_key(s) for s in range(self.players)]
        best = max(keys)
        if all(k == best for k in keys):
            return [0.0] * self.players
        return [1.0 if k == best else -1.0 for k in keys]

    def score(self) -> float | None:
        """The winner's points at the end."""
        return float(max(self.points(s) for s in range(self.players))) if self.is_terminal() else None

    # ----- views and hidden information ----------------------------------------------------------------

    def action_is_public(self, seat: int, action: Action) -> bool:
        """A movement plan stays sealed until the reveal (rulebook: "Moving the ghosts"): its steps
        and the ``seal`` that stands for them; furniture moves, the keyhole side and the Midnight
        Strikes choices are made in the open (under 1.0 only the steps were sealed)."""
        if not self.seals_plans:
            return action.kind != "step"
        return action.kind not in ("step", "done", sealing.SEAL)

    def public_action_text(self, seat: int, action: Action) -> str | None:
        """What everyone reads of a sealed plan before the reveal: only that it was sealed."""
        if action.kind in ("done", sealing.SEAL) and self.seals_plans:
            return "seals a movement plan"
        return super().public_action_text(seat, action)

    def recorded_as(self, seat: int, action: Action) -> Action | None:
        """A movement plan is staged: its steps stay in the seat's draft (``plans``), out of the
        history, and ``done`` goes into it as the one ``seal`` action of the whole plan (see
        :mod:`~ghosttable.games.run_ghost_run.sealing`), so that nothing of a plan but its sealing
        reaches a record, a table's version or its log before the reveal. Under 1.0 every action
        is kept as it is."""
        if not self.seals_plans:
            return action
        kind = action.kind
        if kind == "step":
            return None
        if kind == "done" and self.phase == "plan":
            plan = self.plans[seat]
            memo: Memo | None = self.__dict__.get("_cache")
            kept = None if memo is None else memo.plans.get(seat)
            if kept is not None and kept.texts is not None and kept.acts == plan:
                # the plan carried out holds its steps' texts: the seal ``seal_of`` makes of them
                return Action(sealing.SEAL, (("steps", tuple(kept.texts)),))
            return sealing.seal_of(plan)
        return action

    def has_staged(self, seat: int) -> bool:
        """Whether ``seat`` is building its movement plan and its draft holds a step (never under
        1.0, whose steps go into the history)."""
        return self.seals_plans and self.phase == "plan" and not self.submitted[seat] and bool(self.plans[seat])

    def take_back_staged(self, seat: int) -> None:
        """Remove the last step of ``seat``'s movement plan, not yet sealed, from its draft (the
        listing and the plan carried out are computed afresh). Raises ``IllegalActionError`` when
        the seat is not building a plan or its draft holds no step; nothing changes then."""
        if self.phase != "plan":
            raise IllegalActionError("nothing is staged to take back: no movement plan is being made")
        if self.submitted[seat]:
            raise IllegalActionError("your movement plan is sealed: what was done stands")
        if not self.plans[seat]:
            raise IllegalActionError("nothing is staged to take back: your plan has no step yet")
        self.plans[seat].pop()
        memo: Memo | None = self.__dict__.get("_cache")
        if memo is not None:
            memo.key = None
            memo.plans.pop(seat, None)

    def parts(self, seat: int, action: Action) -> list[Action] | None:
        """A ``seal`` sent whole stands for its steps, then ``done`` (allowed while planning, before
        the seat has begun its plan step by step). Raises ``IllegalActionError`` for a seal that is
        not written as :mod:`~ghosttable.games.run_ghost_run.sealing` says, or sent at another time.
        Under 1.0 a plan has no ``seal``: ``None``."""
        if action.kind != sealing.SEAL or not self.seals_plans:
            return None
        if self.phase != "plan":
            raise IllegalActionError("a plan is sealed only while movement plans are made")
        if self.plans[seat]:
            raise IllegalActionError("you have begun your plan step by step: go on with it, or say done to seal it")
        return [*sealing.read_seal(action), DONE]

    def secrets(self, seat: int | None) -> list[Any]:
        """Other seats' plans before the reveal (each step, as an action and as a seal writes it,
        and the seal of a whole plan); the piles' orders."""
        out: list[Any] = []
        if self.phase == "plan":
            for s in range(self.players):
                if s != seat:
                    steps = [a for a in self.plans[s] if a.kind == "step"]
                    out.extend(a.to_json() for a in steps)
                    out.extend(sealing.step_text(a) for a in steps)
                    if steps:
                        out.append(sealing.seal_of(steps).to_json())
        if len(self.deck) >= 3:
            out.append(list(self.deck))
        if len(self.midnight_deck) >= 2:
            out.append(list(self.midnight_deck))
        return out

    def determinize(self, seat: int | None, rng: random.Random) -> RunGhostRunState:
        """A state ``seat`` cannot tell from this one: the unseen Movement cards (the pile and the
        cards put back in the box) and the Midnight Strikes pile reshuffled, chance reseeded, and
        every other seat's unrevealed plan drawn anew, whatever it was: a sealed plan becomes a
        random plan of 0 to 4 steps (in ``plans`` and in the history's ``seal``), a plan not yet
        sealed an empty one (the seat plans it afresh). Nothing of another seat's plan, not even
        its length, is left in the twin."""
        twin = self.clone()
        assert isinstance(twin, RunGhostRunState)
        twin.__dict__.pop("_cache", None)  # what the listing kept of the real plans
        twin.chance.reseed(rng.getrandbits(64))
        if twin.is_terminal():
            return twin
        pool = twin.deck + twin.removed
        rng.shuffle(pool)
        twin.deck = pool[: len(twin.deck)]
        twin.removed = sorted(pool[len(twin.deck) :])
        rng.shuffle(twin.midnight_deck)
        if twin.phase == "plan":
            # the turn's seals are the history's last entries (nothing else is kept while planning)
            first = len(twin.history) - sum(twin.submitted)
            for s in range(twin.players):
                if s == seat:
                    continue
                twin.plans[s] = []
                if not twin.submitted[s]:
                    continue
                for _ in range(rng.randint(0, 4)):
                    acts = [a for a in twin._plan_actions(s) if a.kind == "step"]
                    if not acts:
                        break
                    twin.plans[s].append(acts[rng.randrange(len(acts))])
                twin.plans[s].append(DONE)
            if not twin.seals_plans:
                twin._redraw_stepped_history(seat)
                return twin
            for i in range(first, len(twin.history)):
                s, _ = twin.history[i]
                if s != seat:
                    twin.history[i] = (s, sealing.seal_of(twin.plans[s]))
        return twin

    def _redraw_stepped_history(self, seat: int | None) -> None:
        """Under 1.0 (plans kept step by step): replace the other seats' steps and ``done`` of this
        turn's plans, the history's last entries, by their plans as drawn anew."""
        first = len(self.history)
        seals = list(self.submitted)  # the ``done`` each seat still has to meet, going back
        while first > 0:
            s, action = self.history[first - 1]
            if action.kind not in ("step", "done") or (action.kind == "done" and not seals[s]):
                break  # an earlier turn's
            if action.kind == "done":
                seals[s] = False
            first -= 1
        mine = [(s, a) for s, a in self.history[first:] if s == seat]
        drawn = [(s, a) for s in range(self.players) if s != seat for a in self.plans[s]]
        self.history[first:] = mine + drawn

    def reveals(self, seat: int, action: Action, before: State) -> bool:
        """Whether the action just carried out turned a card over (a Movement card or a Midnight
        Strikes card, from decks shuffled at setup) or revealed the sealed plans; a grasp, a piece
        put down or a step of one's own plan reveals nothing."""
        assert isinstance(before, RunGhostRunState)
        return (
            len(self.deck) != len(before.deck)
            or len(self.midnight_deck) != len(before.midnight_deck)
            or (before.phase == "plan" and self.phase != "plan")
        )

    def explain_illegal(self, seat: int, action: Action, legal: list[Action]) -> IllegalActionError:
        """Sharper reasons for a refused step (never naming another seat's plan)."""
        if self.phase == "plan" and action.kind == "step":
            _, stepped, made, left = self._tentative(seat)
            gid = str(action.get("ghost"))
            g = self.board.ghosts.get(gid)
            if g is None or g.owner != seat:
                return IllegalActionError(f"{gid} is not one of your ghosts")
            if gid in stepped:
                return IllegalActionError(f"{gid} has already moved this turn")
            if gid in made or gid in self.frozen:
                return IllegalActionError(f"{gid} cannot move this turn")
            cost = action.get("cost")
            if isinstance(cost, int) and cost > left:
                return IllegalActionError(f"that move costs {cost} but you have {left} movement points left")
            if action.get("to") == "exit" and g.where != HALL:
                return IllegalActionError("a ghost cannot enter and leave the hall in the same turn")
            return IllegalActionError(f"{action} is not a legal move: check its cost and that its place has room")
        if self.phase == "keyhole" and action.kind == "keyhole" and action.get("side") == self.keyhole[0]:
            return IllegalActionError("the keyhole must change side: choose another side")
        if self.phase == "furniture" and action.kind == "place" and self.grasped is not None:
            if action.get("piece") != self.grasped:
                return IllegalActionError(f"you grasped the {self.grasped}: put it down before anything else")
            return IllegalActionError(
                f"the {self.grasped} cannot go there: it must stay inside the hall, cover no piece but the one"
                " it is stacked on, and leave every ghost room"
            )
        if self.phase == "furniture" and action.kind == "grasp" and self.grasped is None:
            return IllegalActionError("grasp a piece your card shows that has not moved this turn and carries nothing")
        return super().explain_illegal(seat, action, legal)

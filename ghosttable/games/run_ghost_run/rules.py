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
import random
from collections.abc import Mapping, Sequence
from typing import Any

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
    stacked_places,
    takers,
)
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, POSTURES, ROTATIONS, SIZES, PieceShape, Place, game_data
from ghosttable.games.run_ghost_run.hall import Placement, Space, eye_json, parse_space, space_name

VERSION = "2.0"
"""The rules' version (the spec's ``version``): bumped when behaviour changes."""


DONE = Action("done")
"""The ``done`` action (the same value as ``Action.make("done")``)."""
PASS = Action("pass")
"""The ``pass`` action of a furniture decision."""
_KEYHOLE = {side: Action("keyhole", (("side", side),)) for side in hall.SIDES}
_GRASP: dict[str, Action] = {}
_PLACE: dict[str, tuple[Action, ...]] = {}
_EXIT: dict[tuple[str, int], Action] = {}


def _grasp(piece: str) -> Action:
    """``grasp piece=<piece>``, made once."""
    got = _GRASP.get(piece)
    if got is None:
        got = _GRASP[piece] = Action("grasp", (("piece", piece),))
    return got


def _place_actions(name: str) -> tuple[Action, ...]:
    """The ``place`` action of piece ``name`` at each of its spots (``hall.spots`` order), made once."""
    got = _PLACE.get(name)
    if got is None:
        got = _PLACE[name] = tuple(
            Action(
                "place",
                (
                    ("at", spot.placement.anchor),
                    ("piece", name),
                    ("posture", spot.placement.posture),
                    ("rotation", spot.placement.rotation),
                ),
            )
            for spot in hall.spots(name)
        )
    return got


_BY_POSTURE: dict[str, tuple[tuple[str, tuple[tuple[int, int], ...]], ...]] = {}


def _spots_by_posture(name: str) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """``((posture, ((spot index, mask), ...)), ...)``: the spots of piece ``name`` inside the hall
    (indices into ``hall.spots(name)``), posture by posture, in listing order."""
    got = _BY_POSTURE.get(name)
    if got is None:
        spots = hall.spots(name)
        got = _BY_POSTURE[name] = tuple(
            (posture, tuple((k, s.mask) for k, s in enumerate(spots) if s.in_hall and s.placement.posture == posture))
            for posture in POSTURES
        )
    return got


def _spaces_of(mask: int) -> list[Space]:
    """The spaces whose bits ``mask`` holds, by index."""
    return [sp for i, sp in enumerate(hall.SPACES) if mask >> i & 1]


def _spot_index(at: Placement) -> int:
    """The index of ``at``'s spot in ``hall.spots`` (``at`` inside the hall's anchors)."""
    return (POSTURES.index(at.posture) * len(ROTATIONS) + ROTATIONS.index(at.rotation)) * len(hall.SPACES) + (
        at.row * hall.COLUMNS + at.col
    )


_OFFERS: list[tuple[str, ...]] = [()]
"""Every offer of places met so far (a tuple of place names), by its number; 0 is no place."""
_OFFER_IDS: dict[tuple[str, ...], int] = {(): 0}


def _offer(places: tuple[str, ...]) -> int:
    """The number of an offer of places (see ``_OFFERS``)."""
    got = _OFFER_IDS.get(places)
    if got is None:
        got = _OFFER_IDS[places] = len(_OFFERS)
        _OFFERS.append(places)
    return got


_ORIGIN_OF_SIDE = {side: len(hall.SPACES) + k for k, side in enumerate(hall.SIDES)}
"""A step's origin: a space index (0 to 35) for a ghost in the hall, 36 + k for side ``SIDES[k]``."""


def _costs(origin: int) -> tuple[int, ...]:
    if origin < len(hall.SPACES):
        return tuple(hall.manhattan(hall.SPACES[origin], sp) for sp in hall.SPACES)
    side = hall.SIDES[origin - len(hall.SPACES)]
    return tuple(1 + d for d in hall.SIDE_DISTANCE[side])


_COSTS: tuple[tuple[int, ...], ...] = tuple(_costs(o) for o in range(len(hall.SPACES) + len(hall.SIDES)))
"""``_COSTS[origin][j]``: what a step from ``origin`` to the space of index ``j`` costs."""

_REACH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            j
            for j in range(len(hall.SPACES))
            if (origin >= len(hall.SPACES) or j != origin) and _COSTS[origin][j] <= left
        )
        for left in range(hall.MAX_STEPS + 1)
    )
    for origin in range(len(hall.SPACES) + len(hall.SIDES))
)
"""``_REACH[origin][n]``: the space indices a step from ``origin`` reaches for at most ``n`` points."""

_CELLS: dict[tuple[str, int, int], dict[int, tuple[Action, ...]]] = {}
_TABLES: dict[tuple[str, int], list[dict[int, tuple[Action, ...]]]] = {}


def _table(gid: str, origin: int) -> list[dict[int, tuple[Action, ...]]]:
    """Ghost ``gid``'s steps from ``origin``: ``table[j][offer]`` is the tuple of actions ``step
    cost= ghost= place= to=`` to the space of index ``j`` for each place of the offer (made when
    first asked for: see :func:`_block`). Origins that pay the same for a space share its steps."""
    got = _TABLES.get((gid, origin))
    if got is None:
        costs = _COSTS[origin]
        got = _TABLES[(gid, origin)] = [_CELLS.setdefault((gid, costs[j], j), {}) for j in range(len(hall.SPACES))]
    return got


def _block(table: list[dict[int, tuple[Action, ...]]], gid: str, origin: int, j: int, offer: int) -> tuple[Action, ...]:
    got = table[j].get(offer)
    if got is None:
        cost = _COSTS[origin][j]
        to = hall.SPACE_NAMES[j]
        got = table[j][offer] = tuple(
            Action("step", (("cost", cost), ("ghost", gid), ("place", p), ("to", to))) for p in _OFFERS[offer]
        )
    return got


def _exit(gid: str, cost: int) -> Action:
    """``step cost=<cost> ghost=<gid> to=exit``, made once."""
    got = _EXIT.get((gid, cost))
    if got is None:
        got = _EXIT[(gid, cost)] = Action("step", (("cost", cost), ("ghost", gid), ("to", "exit")))
    return got


_ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((holder + i) % players for i in range(players)) for holder in range(players)) for players in range(9)
)
"""``_ORDERS[players][holder]``: the seats clockwise from ``holder``."""

_ACTING: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}
"""The seats still building their plans, by die holder and seats done."""


_CARD_VALUES: dict[int, int] = {}


def _card_value(card_id: int) -> int:
    got = _CARD_VALUES.get(card_id)
    if got is None:
        got = _CARD_VALUES[card_id] = game_data().card(card_id).value
    return got


_UNITS: dict[str, int] = {}


def _units() -> dict[str, int]:
    """Capacity units by ghost size."""
    if not _UNITS:
        _UNITS.update({k: v.units for k, v in game_data().sizes.items()})
    return _UNITS


class _PlanBase:
    """The board at the start of the plan phase as the listing of steps reads it: the layout, the
    ghost units per space index and per ``(index, place)``, the offer of places of each space to a
    ghost of each size (computed on first use), each seat's ghost ids in id order, and each seat's
    plan so far carried out (kept from one listing to the next while the plan only grows)."""

    __slots__ = ("board", "fits", "layout", "own", "per_place", "per_space", "plans", "turn")

    def __init__(self, board: Board, turn: int, players: int) -> None:
        self.board = board
        self.turn = turn
        self.layout = board.layout()
        units = _units()
        per_space = [0] * len(hall.SPACES)
        per_place: dict[tuple[int, str], int] = {}
        index = hall.SPACE_INDEX
        own: list[list[str]] = [[] for _ in range(players)]
        for gid in sorted(board.ghosts):
            g = board.ghosts[gid]
            if 0 <= g.owner < players:
                own[g.owner].append(gid)
            if g.where == HALL and g.space is not None:
                i = index[g.space]
                u = units[g.size]
                per_space[i] += u
                per_place[(i, g.place)] = per_place.get((i, g.place), 0) + u
        self.per_space = per_space
        self.per_place = per_place
        self.own = own
        self.fits: dict[str, list[int]] = {}
        self.plans: dict[int, tuple[list[Action], int, _Plan]] = {}

    def fits_of(self, size: str) -> list[int]:
        """The offer of each space (by index) to a ghost of ``size`` before any plan."""
        got = self.fits.get(size)
        if got is None:
            empty = self.layout.memo.get(("offers", size))
            if empty is None:
                empty = self.layout.memo[("offers", size)] = _empty_offers(self.layout, size)
            got = list(empty)
            per_space = self.per_space
            for i, used in enumerate(per_space):
                if used:
                    got[i] = _fit(self.layout, per_space, self.per_place, i, size)
            self.fits[size] = got
        return got


_FIT_RULES: dict[str, dict[int, tuple[tuple[Place, ...], tuple[tuple[str, int], ...], int]]] = {}


def _fit_rules(size: str) -> dict[int, tuple[tuple[Place, ...], tuple[tuple[str, int], ...], int]]:
    """For ghosts of ``size``: ``{id(places): (places, takers, offer when empty)}`` for each tuple of
    places a layout gives (those tuples live as long as the program)."""
    got = _FIT_RULES.get(size)
    if got is None:
        got = _FIT_RULES[size] = {}
    return got


def _empty_offers(layout: Layout, size: str) -> tuple[int, ...]:
    """The offer of each space (by index) of ``layout`` to a ghost of ``size`` when no ghost is in
    the hall."""
    rules = _fit_rules(size)
    out = []
    for places in layout.places_by_index():
        rule = rules.get(id(places))
        if rule is None or rule[0] is not places:
            rule = rules[id(places)] = _fit_rule(places, size)
        out.append(rule[2])
    return tuple(out)


def _fit_rule(places: tuple[Place, ...], size: str) -> tuple[tuple[Place, ...], tuple[tuple[str, int], ...], int]:
    units = _units()[size]
    cands = takers(places, size)
    empty = _offer(tuple(name for name, cap in cands if units <= cap)) if units <= game_data().space_capacity else 0
    return (places, cands, empty)


def _fit(
    layout: Layout,
    per_space: list[int],
    per_place: dict[tuple[int, str], int],
    i: int,
    size: str,
    freed: int = 0,
    freed_place: str = "",
) -> int:
    """:meth:`Board.fitting_places` of the space of index ``i`` on these loads, as an offer."""
    units = _units()[size]
    used = per_space[i]
    if used - freed + units > game_data().space_capacity:
        return 0
    places = layout.places_by_index()[i]
    rules = _fit_rules(size)
    rule = rules.get(id(places))
    if rule is None or rule[0] is not places:
        rule = rules[id(places)] = _fit_rule(places, size)
    if not used:
        return rule[2]
    out = []
    for name, cap in rule[1]:
        if per_place.get((i, name), 0) - (freed if name == freed_place else 0) + units <= cap:
            out.append(name)
    return _offer(tuple(out))


class _Plan:
    """One seat's plan so far carried out on the plan phase's board, ghost by ghost.

    Attributes:
        ghosts: ``{ghost id: [where, space index or -1, place, size, owner]}`` for the seat's own
            ghosts (in id order) and any other ghost the plan names, as the plan leaves them.
        stepped: the ghosts the plan has stepped; made: the ghosts its merges made.
        left: the movement points left.
        per_space, per_place: ghost units per space index and per ``(index, place)`` after the plan.
        fits: the offer of each space to a ghost of each size after the plan (as needed).
        touched, changed: the space indices whose units the last step, and the whole plan, changed.
    """

    __slots__ = (
        "base",
        "changed",
        "fits",
        "ghosts",
        "left",
        "made",
        "per_place",
        "per_space",
        "seat",
        "stepped",
        "touched",
    )

    def __init__(self, base: _PlanBase, board: Board, seat: int, value: int) -> None:
        self.base = base
        ghosts: dict[str, list[Any]] = {}
        index = hall.SPACE_INDEX
        for gid in base.own[seat]:
            g = board.ghosts[gid]
            ghosts[gid] = [g.where, index[g.space] if g.space is not None else -1, g.place, g.size, g.owner]
        self.ghosts = ghosts
        self.stepped: set[str] = set()
        self.made: set[str] = set()
        self.per_space = base.per_space
        self.per_place = base.per_place
        self.fits: dict[str, list[int]] = {}
        self.touched: set[int] = set()
        self.changed: set[int] = set()
        self.seat = seat
        self.left = value

    def add(self, board: Board, act: Action) -> None:
        """Carry out one more action of the plan (a ``step``; ``done`` changes nothing)."""
        if act.kind != "step":
            return
        if self.per_space is self.base.per_space:
            self.per_space = list(self.base.per_space)
            self.per_place = dict(self.base.per_place)
        params: dict[str, Any] = dict(act.params)
        self.touched = set()
        self._carry(board, self.seat, params)
        self.stepped.add(str(params["ghost"]))
        self.left -= int(params["cost"])
        self.changed |= self.touched
        for size, fits in self.fits.items():
            for i in self.touched:
                fits[i] = _fit(self.base.layout, self.per_space, self.per_place, i, size)

    def _ghost(self, board: Board, gid: str) -> list[Any]:
        got = self.ghosts.get(gid)
        if got is None:
            g = board.ghosts[gid]
            index = hall.SPACE_INDEX
            got = self.ghosts[gid] = [g.where, index[g.space] if g.space is not None else -1, g.place, g.size, g.owner]
        return got

    def _move(self, rec: list[Any], where: str, i: int, place: str) -> None:
        units = _units()[rec[3]]
        if rec[0] == HALL and rec[1] >= 0:
            j = rec[1]
            self.per_space[j] -= units
            self.per_place[(j, rec[2])] -= units
            self.touched.add(j)
        rec[0], rec[1], rec[2] = where, i, place
        if where == HALL:
            self.per_space[i] += units
            self.per_place[(i, place)] = self.per_place.get((i, place), 0) + units
            self.touched.add(i)

    def merge_piece(self, board: Board, seat: int, size: str) -> str | None:
        """The ghost a merge of ``seat`` into ``size`` brings in: its first unused ghost of that
        size, else its first of that size on its starting side (by id); ``None`` when it has none."""
        if seat != self.seat:
            for gid, g in board.ghosts.items():
                if g.owner == seat:
                    self._ghost(board, gid)
        pieces = [gid for gid, rec in self.ghosts.items() if rec[4] == seat and rec[3] == size]
        pieces.sort()
        for where in (UNUSED, RESERVE):
            for gid in pieces:
                if self.ghosts[gid][0] == where:
                    return gid
        return None

    def _carry(self, board: Board, seat: int, params: dict[str, Any]) -> None:
        """One step as planned (``RunGhostRunState._carry_step`` with ``strict``)."""
        gid = str(params["ghost"])
        rec = self._ghost(board, gid)
        dest = str(params["to"])
        if dest == "exit":
            self._move(rec, EXITED, -1, "")
            return
        i = hall.NAME_INDEX.get(dest)
        if i is None:
            i = hall.SPACE_INDEX[parse_space(dest)]
        place = str(params["place"])
        merge = params.get("merge")
        self._move(rec, RESERVE, -1, "")
        if merge is not None and (str(merge) in self.ghosts or str(merge) in board.ghosts):
            tid = str(merge)
            t = self._ghost(board, tid)
            if t[0] == HALL and t[1] == i and t[2] == place and tid not in self.made:
                result = "medium" if rec[3] == t[3] else "large"
                piece = self.merge_piece(board, rec[4], result)
                offer = _fit(self.base.layout, self.per_space, self.per_place, i, result, _units()[t[3]], place)
                if piece is not None and place in _OFFERS[offer]:
                    self._move(t, RESERVE, -1, "")
                    self._move(self._ghost(board, piece), HALL, i, place)
                    self.made.add(piece)
                    return
        self._move(rec, HALL, i, place)

    def fits_of(self, size: str) -> list[int]:
        """The offer of each space (by index) to a ghost of ``size`` after the plan."""
        got = self.fits.get(size)
        if got is None:
            got = list(self.base.fits_of(size))
            for i in self.changed:
                got[i] = _fit(self.base.layout, self.per_space, self.per_place, i, size)
            self.fits[size] = got
        return got


class _Memo:
    """What a state computes once per position (``_cache``; a clone starts without it, and code
    that edits a state by hand drops it): the last legal listing and the plan phase's board."""

    __slots__ = ("base", "key", "legal")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.legal: list[Action] = []
        self.base: _PlanBase | None = None


class RunGhostRunState(State):
    """One position of Run, Ghost, Run!. Public attributes are the rules' bookkeeping; ``view``
    is the only way they reach a seat."""

    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        data = game_data()
        n = game.players
        self.merging = bool(game.options["merging"])
        self.use_midnight = bool(game.options["midnight"])
        self.turn = 0
        self.phase = "setup"
        self.start_side: list[str] = list(data.seats[n])
        self.board = Board()
        colours = data.colours
        for seat in range(n):
            for size in SIZES:
                sd = data.sizes[size]
                for i in range(1, sd.count + 1):
                    gid = f"{colours[seat]}-{sd.letter}{i}"
                    where = UNUSED if self.merging and size != "small" else RESERVE
                    self.board.ghosts[gid] = Ghost(gid, seat, size, where)
        for name in sorted(data.layout):
            anchor, rotation, posture = data.layout[name]
            c, r = parse_space(anchor)
            self.board.furniture[name] = Placement(c, r, rotation, posture)
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
        return list(_ORDERS[self.game.players][self.die_holder])

    def exit_side(self, seat: int) -> str:
        """The side opposite ``seat``'s starting side."""
        return hall.OPPOSITE[self.start_side[seat]]

    def card_value(self, seat: int) -> int:
        """The value of ``seat``'s Movement card this turn (0 when it has none)."""
        cid = self.cards[seat]
        return _card_value(cid) if cid is not None else 0

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
        self.report["looks"] = looks
        if self.midnight == "perched_cat":
            sent = []
            for g in sorted(self.board.ghosts.values(), key=lambda g: g.id):
                if g.where == HALL and g.place != "on":
                    g.to_side(RESERVE)
                    sent.append(g.id)
            self.report["perched_cat"] = sent
        self.die_holder = (roller + 1) % self.players
        self.lying = False
        self.discard.extend(c for c in self.cards if c is not None)
        self._start_turn()

    def _look(self, side: str, door: int) -> dict[str, Any]:
        seen = self.board.seen_from(side, door, self.lying)
        scene = self._scene_json(side, door)
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

    def _scene_json(self, side: str, door: int) -> dict[str, Any]:
        """What the keyhole at ``door`` of ``side`` looks at, as the sight test saw it (before the
        seen ghosts go home): ``{"eye", "boxes": [{"piece", "box": [x0, y0, z0, x1, y1, z1]}],
        "mirrors": [mirror face], "ghosts": [{"ghost", "owner", "size", "space", "place", "base",
        "posture"}]}`` in world units (one space = 1.0), for a perspective picture of the look."""
        board = self.board
        lay = board.layout()
        boxes = lay.boxes_json()
        mirrors = lay.mirrors_json()
        posture = "lying" if self.lying else "standing"
        ghosts = [
            {
                "ghost": g.id,
                "owner": g.owner,
                "size": g.size,
                "space": space_name(g.space),
                "place": g.place or None,
                "base": round(lay.top(g.space), 6) if g.place == "on" else 0.0,
                "posture": posture,
            }
            for g in sorted(board.ghosts.values(), key=lambda g: g.id)
            if g.where == HALL and g.space is not None
        ]
        return {"eye": eye_json(side, door), "boxes": boxes, "mirrors": mirrors, "ghosts": ghosts}

    # ----- movement plans -----------------------------------------------------------------------------

    def _memo(self) -> _Memo:
        memo: _Memo | None = self.__dict__.get("_cache")
        if memo is None:
            memo = self.__dict__["_cache"] = _Memo()
        return memo

    def _plan_base(self) -> _PlanBase:
        """The plan phase's board as the listing reads it (computed once per turn)."""
        memo = self._memo()
        base = memo.base
        if base is None or base.board is not self.board or base.turn != self.turn:
            base = memo.base = _PlanBase(self.board, self.turn, self.players)
        return base

    def _plan(self, seat: int) -> _Plan:
        """``seat``'s plan so far carried out on the plan phase's board (carried on from the last
        time while the plan has only grown since)."""
        base = self._plan_base()
        plan = self.plans[seat]
        value = self.card_value(seat)
        kept = base.plans.get(seat)
        if kept is not None:
            done, worth, got = kept
            n = len(done)
            if worth == value and len(plan) >= n and plan[:n] == done:
                if len(plan) > n:
                    for act in plan[n:]:
                        got.add(self.board, act)
                    base.plans[seat] = (list(plan), value, got)
                return got
        got = _Plan(base, self.board, seat, value)
        for act in plan:
            got.add(self.board, act)
        base.plans[seat] = (list(plan), value, got)
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
        blocked = plan.stepped | plan.made
        blocked.update(self.frozen)
        merging = self.merging
        own = plan.base.own[seat]
        has_small_reserve = any(
            ghosts[gid][3] == "small" and ghosts[gid][0] == RESERVE and gid not in blocked for gid in own
        )
        movers: list[tuple[str, str, int, str]] = []
        offered: set[tuple[str, str]] = set()
        for gid in own:
            where, i, _, size, _ = ghosts[gid]
            if gid in blocked:
                continue
            if where == HALL:
                movers.append((gid, where, i, size))
            elif where == RESERVE or (merging and where == EXITED and size == "small" and not has_small_reserve):
                key = (where, size)
                if key not in offered:
                    offered.add(key)
                    movers.append((gid, where, i, size))
        hall_at: dict[int, list[str]] = {}
        if merging:
            for gid in own:
                rec = ghosts[gid]
                if rec[0] == HALL:
                    hall_at.setdefault(rec[1], []).append(gid)
        reach_left = min(left, hall.MAX_STEPS)
        side_origin = _ORIGIN_OF_SIDE[start]
        acts: list[Action] = []
        for gid, where, i, size in movers:
            fits = plan.fits_of(size)
            origin = i if where == HALL else side_origin
            if hall_at:
                table = _table(gid, origin)
                costs = _COSTS[origin]
                for j in _REACH[origin][reach_left]:
                    acts += _block(table, gid, origin, j, fits[j])
                    if j in hall_at:
                        acts += self._merge_steps(plan, gid, size, j, costs[j], hall_at[j])
            else:
                table = _table(gid, origin)
                mark = len(acts)
                try:
                    for j in _REACH[origin][reach_left]:
                        offer = fits[j]
                        if offer:
                            acts += table[j][offer]
                except KeyError:
                    del acts[mark:]
                    for j in _REACH[origin][reach_left]:
                        acts += _block(table, gid, origin, j, fits[j])
            if where == HALL:
                cost = exit_distance[i] + 1
                if cost <= left:
                    acts.append(_exit(gid, cost))
        acts.append(DONE)
        return acts

    def _merge_steps(self, plan: _Plan, gid: str, size: str, j: int, cost: int, there: list[str]) -> list[Action]:
        """The merges of ghost ``gid`` (of ``size``) into the seat's ghosts ``there`` on the space of
        index ``j``, at ``cost``."""
        out = []
        units = _units()
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
            offer = _fit(plan.base.layout, plan.per_space, plan.per_place, j, result_size, units[t[3]], place)
            if place in _OFFERS[offer]:
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
    ) -> dict[str, Any]:
        """Carry out one ``step`` on ``board``. ``strict``: as planned (the plan was legal on it);
        otherwise at the reveal, where a ghost that finds no room stops on the last space of its
        path that has room (reference part 2, "Simultaneous moves"). ``loads``: the board's
        :meth:`Board.load`, kept up to date here (computed afresh for each test when ``None``).
        Returns what happened."""
        g = board.ghosts[str(act["ghost"])]
        seat = g.owner
        dest = str(act["to"])
        origin = space_name(g.space) if g.space is not None else g.where
        outcome: dict[str, Any] = {"seat": seat, "ghost": g.id, "from": origin, "planned": dest, "cost": act["cost"]}
        units = _units()

        def shift(ghost: Ghost, sign: int) -> None:
            if loads is not None and ghost.where == HALL and ghost.space is not None:
                u = sign * units[ghost.size]
                per_space, per_place = loads
                per_space[ghost.space] = per_space.get(ghost.space, 0) + u
                key = (ghost.space, ghost.place)
                per_place[key] = per_place.get(key, 0) + u

        if dest == "exit":
            shift(g, -1)
            g.to_side(EXITED)
            outcome.update(to="exit", place=None, stopped_short=False)
            return outcome
        k = hall.NAME_INDEX.get(dest)
        sp = hall.SPACES[k] if k is not None else parse_space(dest)
        place = str(act["place"])
        merge = act.get("merge")
        # lift the mover so it does not count against its own destination
        saved = (g.where, g.space, g.place)
        shift(g, -1)
        g.to_side(RESERVE)
        if merge is not None:
            t = board.ghosts.get(str(merge))
            if t is not None and t.where == HALL and t.space == sp and t.place == place and t.id not in made:
                result_size = "medium" if g.size == t.size else "large"
                piece = self._merge_result(board, seat, "small" if result_size == "medium" else "medium")
                if piece is not None and place in board.fitting_places(
                    sp, result_size, loads=loads, freed=units[t.size], freed_place=place
                ):
                    shift(t, -1)
                    t.to_side(RESERVE)
                    g.to_side(RESERVE)
                    piece.to_hall(sp, place)
                    shift(piece, 1)
                    made.add(piece.id)
                    outcome.update(to=dest, place=place, stopped_short=False, merged=[g.id, t.id], became=piece.id)
                    return outcome
        if strict or place in board.fitting_places(sp, g.size, loads=loads):
            g.to_hall(sp, place)
            shift(g, 1)
            outcome.update(to=dest, place=place, stopped_short=False)
            return outcome
        if saved[0] == HALL and saved[1] is not None:
            path = hall.path_between(saved[1], sp)
        else:
            path = hall.entry_path(self.start_side[seat], sp)
        for back in reversed(path[:-1]):
            fits = board.fitting_places(back, g.size, loads=loads)
            if fits:
                g.to_hall(back, fits[0])
                shift(g, 1)
                outcome.update(to=space_name(back), place=fits[0], stopped_short=True)
                return outcome
        g.where, g.space, g.place = saved
        shift(g, 1)
        outcome.update(to=origin, place=saved[2] or None, stopped_short=True)
        return outcome

    def _reveal(self) -> None:
        steps: list[dict[str, Any]] = []
        made: set[str] = set()
        loads = self.board.load()
        for seat in self.order():
            for act in self.plans[seat]:
                if act.kind == "step":
                    steps.append(self._carry_step(self.board, act, made, strict=False, loads=loads))
        self.report = {"turn": self.turn, "steps": steps, "cards": {str(s): self.cards[s] for s in range(self.players)}}
        self.frozen = []

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
            got = _ACTING.get(key)
            if got is None:
                order = _ORDERS[len(self.submitted)][self.die_holder]
                got = _ACTING[key] = tuple([s for s in order if not self.submitted[s]])
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
        return list(memo.legal)

    def snapshot(self) -> Any:
        """Everything in the state as compact canonical JSON-ready data (the god view)."""
        board = self.board
        data = {
            "ghosts": [
                [g.id, g.owner, g.size, g.where, list(g.space) if g.space else None, g.place]
                for g in sorted(board.ghosts.values(), key=lambda g: g.id)
            ],
            "furniture": [[n, a.col, a.row, a.rotation, a.posture] for n, a in sorted(board.furniture.items())],
            "history": [[s, str(a)] for s, a in self.history],
            "plans": [[str(a) for a in plan] for plan in self.plans],
            "log": len(self.log),
        }
        skip = ("game", "chance", "initial_script", "_cache", "board", "history", "plans", "log")
        rest = {k: v for k, v in vars(self).items() if k not in skip}
        return {"state": _canonical(rest), "data": data, "chance": self.chance.fingerprint()}

    def clone(self) -> RunGhostRunState:
        """An independent copy (what the state computes once per position is not copied)."""
        twin = copy.copy(self)
        twin.__dict__.pop("_cache", None)
        twin.chance = self.chance.copy()
        twin.board = self.board.copy()
        twin.history = list(self.history)
        twin.plans = [list(p) for p in self.plans]
        twin.log = list(self.log)
        # the report's parts are never changed once made, only its top level (the looks)
        twin.report = dict(self.report)
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
                return [*map(_grasp, self._furniture_options(seat)), PASS]
            return self._placements(self.grasped)
        if self.phase == "plan":
            return self._plan_actions(seat)
        if self.phase == "keyhole":
            here = self.keyhole[0]
            return [_KEYHOLE[s] for s in hall.SIDES if s != here]
        if self.phase == "midnight":
            return midnight_cards.choices(self, seat)
        return []

    def _placements(self, name: str) -> list[Action]:
        """Where the grasped piece ``name`` may go: first where it stands, then every other spot
        (postures, rotations, anchor spaces row by row) that resolves (on the floor or stacked, see
        :meth:`Board.resolve`) and leaves every ghost it covers a place.

        On the floor, the ghosts of each covered space are seated in the piece's places on their
        own (first fit, by id), so a spot is refused exactly when it covers another piece or a space
        whose ghosts do not all fit: one mask test per spot. A stacked spot, a spot covering ghosts
        of a stacked spot, and any spot of a stacked piece that carries ghosts away are tried as
        :meth:`Board.move_piece` would carry them out."""
        board = self.board
        lay = board.layout()
        shape = game_data().pieces[name]
        current = board.furniture[name]
        actions = _place_actions(name)
        here = _spot_index(current)
        if name in lay.carrying:
            return [actions[here]]
        by_space: dict[Space, list[Ghost]] = {}
        index = hall.SPACE_INDEX
        for gid in sorted(board.ghosts):
            g = board.ghosts[gid]
            if g.where == HALL and g.space is not None:
                by_space.setdefault(g.space, []).append(g)
        occupied = 0
        for sp in by_space:
            occupied |= 1 << index[sp]
        others = [(other, oat, lay.masks[other]) for other, oat in sorted(board.furniture.items()) if other != name]
        taken = 0
        floors = 0
        for _, oat, mask in others:
            taken |= mask
            if oat.on is None:
                floors |= mask
        units = _units()
        # a stacked piece leaving puts its ghosts into the places of the piece below: off the
        # spaces it leaves, they sit in that piece's places whatever the spot
        old = lay.masks[name]
        lifted = current.on is not None and bool(old & occupied)
        if lifted:
            below = hall.places_of(game_data().pieces[str(current.on)], board.furniture[str(current.on)])
            stay = all(_seats_everyone(below, [by_space[sp]], units) for sp in _spaces_of(old) if sp in by_space)
            lifted_refused = old if stay else -1
        else:
            lifted_refused = 0
        here_on_floor = here if current.on is None else -1
        out = [actions[here]]
        spots = hall.spots(name)
        groups = [(1 << index[sp], tuple(g.size for g in group)) for sp, group in by_space.items()]
        # stacked on another piece (and not lifted), the ghosts it leaves stand on the floor and
        # those it now covers sit in the places of the stack: one mask per piece below and posture
        leave_floor = all(_room_for(FLOOR_ONLY, sizes) for bit, sizes in groups if bit & old)
        stack_refused: dict[tuple[str, str], int] = {}
        for posture, candidates in _spots_by_posture(name):
            places = shape.tipped_places if posture == "tipped" else shape.places
            refused = taken | lifted_refused
            for bit, sizes in groups:
                if not _room_for(places, sizes):
                    refused |= bit
            for k, mask in candidates:
                if not mask & refused:
                    if k != here_on_floor:
                        out.append(actions[k])
                    continue
                if mask & taken:
                    # stacked: inside one piece standing on the floor, covering no other
                    if mask & ~floors:
                        continue
                    hit = [(other, oat, m) for other, oat, m in others if m & mask]
                    if len(hit) != 1:
                        continue
                    low, lat, m = hit[0]
                    if lat.on is not None or mask & ~m or (k == here and current.on == low):
                        continue
                    if lifted:
                        at = spots[k].placement
                        if not board.can_reseat(
                            name, Placement(at.col, at.row, at.rotation, at.posture, low), by_space
                        ):
                            continue
                    elif mask & occupied:
                        if not leave_floor:
                            continue
                        refused_here = stack_refused.get((low, posture))
                        if refused_here is None:
                            stack = _stacked_places(game_data().pieces[low], lat, places)
                            refused_here = 0
                            for bit, sizes in groups:
                                if not _room_for(stack, sizes):
                                    refused_here |= bit
                            stack_refused[(low, posture)] = refused_here
                        if mask & refused_here:
                            continue
                    out.append(actions[k])
                elif lifted and mask & old and board.can_reseat(name, spots[k].placement, by_space):
                    out.append(actions[k])
        return out

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "grasp":
            self.grasped = str(action["piece"])
            return
        if kind == "pass":
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind == "place":
            name = str(action["piece"])
            sp = parse_space(str(action["at"]))
            spot = Placement(sp[0], sp[1], int(action["rotation"]), str(action["posture"]))  # type: ignore[arg-type]
            at = self.board.resolve(name, spot) or self.board.furniture[name]
            if at != self.board.furniture[name]:
                self.board.move_piece(name, at)
            self.moved.append(name)
            self._say(f"{self.game.seat_names()[seat]} moves the {name} to {at.anchor}")
            self.grasped = None
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind in ("step", "done"):
            self.plans[seat].append(action)
            if kind == "done":
                self.submitted[seat] = True
                if all(self.submitted):
                    self._after_plans()
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
        Strikes choices are made in the open."""
        return action.kind not in ("step", "done", sealing.SEAL)

    def public_action_text(self, seat: int, action: Action) -> str | None:
        """What everyone reads of a sealed plan before the reveal: only that it was sealed."""
        if action.kind in ("done", sealing.SEAL):
            return "seals a movement plan"
        return super().public_action_text(seat, action)

    def recorded_as(self, seat: int, action: Action) -> Action | None:
        """A movement plan is staged: its steps stay in the seat's draft (``plans``), out of the
        history, and ``done`` goes into it as the one ``seal`` action of the whole plan (see
        :mod:`~ghosttable.games.run_ghost_run.sealing`), so that nothing of a plan but its sealing
        reaches a record, a table's version or its log before the reveal."""
        kind = action.kind
        if kind == "step":
            return None
        if kind == "done" and self.phase == "plan":
            return sealing.seal_of(self.plans[seat])
        return action

    def parts(self, seat: int, action: Action) -> list[Action] | None:
        """A ``seal`` sent whole stands for its steps, then ``done`` (allowed while planning, before
        the seat has begun its plan step by step). Raises ``IllegalActionError`` for a seal that is
        not written as :mod:`~ghosttable.games.run_ghost_run.sealing` says, or sent at another time."""
        if action.kind != sealing.SEAL:
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
            for i in range(first, len(twin.history)):
                s, _ = twin.history[i]
                if s != seat:
                    twin.history[i] = (s, sealing.seal_of(twin.plans[s]))
        return twin

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


def _stacked_places(lower: PieceShape, at: Placement, upper: tuple[Place, ...]) -> tuple[Place, ...]:
    """The places of a space under a stack: those of ``lower`` (standing at ``at``) but its top,
    then the top of the piece standing on it (whose own places are ``upper``)."""
    return stacked_places(hall.places_of(lower, at), upper)


_ROOM: dict[tuple[int, tuple[str, ...]], tuple[tuple[Place, ...], bool]] = {}


def _room_for(places: tuple[Place, ...], sizes: tuple[str, ...]) -> bool:
    """Whether ghosts of ``sizes`` (by id) on one space all find room in ``places`` (a piece's own
    place tuple), seated first fit as :func:`_seats_everyone` seats them; answered once per pair."""
    key = (id(places), sizes)
    got = _ROOM.get(key)
    if got is None or got[0] is not places:
        load: dict[str, int] = {}
        units = _units()
        fits = True
        for size in sizes:
            for place in places:
                if size in place.sizes and load.get(place.name, 0) + units[size] <= place.units:
                    load[place.name] = load.get(place.name, 0) + units[size]
                    break
            else:
                fits = False
                break
        got = _ROOM[key] = (places, fits)
    return got[1]


def _seats_everyone(places: Sequence[Place], groups: list[list[Ghost]], units: dict[str, int]) -> bool:
    """Whether every group of ghosts (one group per covered space) finds room in ``places``,
    seated first-fit by id as :meth:`Board.move_piece` seats them."""
    for group in groups:
        if not group:
            continue
        load: dict[str, int] = {}
        for g in group:
            for place in places:
                if g.size in place.sizes and load.get(place.name, 0) + units[g.size] <= place.units:
                    load[place.name] = load.get(place.name, 0) + units[g.size]
                    break
            else:
                return False
    return True

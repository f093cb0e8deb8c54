"""The tables Run, Ghost, Run!'s rules list legal actions from, and the plan phase as the listing
reads it.

Rule-free and made once: each step's cost and reach from each origin (a space, or a side for a
ghost entering), the step actions of each ghost (made when first needed, shared by every origin
that pays the same for a space), the offers of places (a number for each tuple of place names), a
piece's place actions and spots. Per plan phase: :class:`PlanBase` (the board's loads and the offer
of every space to each size) and :class:`Plan` (a seat's plan carried out on it, kept from one
listing to the next while it only grows). ``rules`` uses them; nothing here imports the views, the
bots or the rendering.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Sequence
from typing import Any, SupportsIndex

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import (
    EXITED,
    HALL,
    RESERVE,
    UNUSED,
    Board,
    Ghost,
    Layout,
    stacked_places,
    takers,
)
from ghosttable.games.run_ghost_run.data import (
    POSTURES,
    POSTURES_1_0,
    ROTATIONS,
    TIPPED_ON_BACK,
    PieceShape,
    Place,
    game_data,
    posture_text,
)
from ghosttable.games.run_ghost_run.hall import Placement, Space, parse_space

DONE = Action("done")
"""The ``done`` action (the same value as ``Action.make("done")``)."""
PASS = Action("pass")
"""The ``pass`` action of a furniture decision."""
KEYHOLE = {side: Action("keyhole", (("side", side),)) for side in hall.SIDES}
_GRASP: dict[str, Action] = {}
_PLACE: dict[tuple[str, tuple[str, ...]], tuple[Action, ...]] = {}
_EXIT: dict[tuple[str, int], Action] = {}


def grasp(piece: str) -> Action:
    """``grasp piece=<piece>``, made once."""
    got = _GRASP.get(piece)
    if got is None:
        got = _GRASP[piece] = Action("grasp", (("piece", piece),))
    return got


def place_actions(name: str, postures: tuple[str, ...] = POSTURES) -> tuple[Action, ...]:
    """The ``place`` action of piece ``name`` at each of its spots (``hall.spots`` order, for
    ``postures``), made once; a posture written as :func:`~.data.posture_text` says."""
    got = _PLACE.get((name, postures))
    if got is None:
        spots = hall.spots(name, postures)
        got = _PLACE[(name, postures)] = tuple(
            Action(
                "place",
                (
                    ("at", spot.placement.anchor),
                    ("piece", name),
                    ("posture", posture_text(spot.placement.posture)),
                    ("rotation", spot.placement.rotation),
                ),
            )
            for spot in spots
        )
        for act, spot in zip(got, spots, strict=True):
            _PLACE_SPOTS[id(act)] = (act, postures, spot.placement)
    return got


_PLACE_SPOTS: dict[int, tuple[Action, tuple[str, ...], Placement]] = {}


def place_spot(act: Action, postures: tuple[str, ...]) -> Placement | None:
    """The spot (on the floor) of ``act``, a ``place`` action :func:`place_actions` made for
    ``postures``; ``None`` for any other action (read it from its parameters then)."""
    got = _PLACE_SPOTS.get(id(act))
    if got is not None and got[0] is act and got[1] == postures:
        return got[2]
    return None


_BY_POSTURE: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, tuple[tuple[int, int], ...]], ...]] = {}


def spots_by_posture(
    name: str, postures: tuple[str, ...] = POSTURES
) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    """``((posture, ((spot index, mask), ...)), ...)``: the spots of piece ``name`` inside the hall
    (indices into ``hall.spots(name, postures)``), posture by posture, in listing order."""
    got = _BY_POSTURE.get((name, postures))
    if got is None:
        spots = hall.spots(name, postures)
        got = _BY_POSTURE[(name, postures)] = tuple(
            (posture, tuple((k, s.mask) for k, s in enumerate(spots) if s.in_hall and s.placement.posture == posture))
            for posture in postures
        )
    return got


@functools.lru_cache(maxsize=8192)
def spots_inside(name: str, posture: str, mask: int) -> tuple[tuple[int, int], ...]:
    """The spots of piece ``name`` in ``posture`` (as in :func:`spots_by_posture`) whose spaces
    all lie in ``mask``."""
    spots = dict(spots_by_posture(name, POSTURES_1_0 if posture == TIPPED_ON_BACK else POSTURES))[posture]
    return tuple((k, m) for k, m in spots if not m & ~mask)


def spaces_of(mask: int) -> list[Space]:
    """The spaces whose bits ``mask`` holds, by index."""
    return [sp for i, sp in enumerate(hall.SPACES) if mask >> i & 1]


POSTURE_INDEX: dict[str, int] = {**{p: i for i, p in enumerate(POSTURES_1_0)}, **{p: i for i, p in enumerate(POSTURES)}}
"""A posture's place in its postures' order (``POSTURES``, or rules 1.0's ``POSTURES_1_0``)."""


def spot_index(at: Placement) -> int:
    """The index of ``at``'s spot in ``hall.spots`` (``at`` inside the hall's anchors)."""
    return (POSTURE_INDEX[at.posture] * len(ROTATIONS) + ROTATIONS.index(at.rotation)) * len(hall.SPACES) + (
        at.row * hall.COLUMNS + at.col
    )


OFFERS: list[tuple[str, ...]] = [()]
"""Every offer of places met so far (a tuple of place names), by its number; 0 is no place."""
OFFER_SIZES: list[int] = [0]
"""``OFFER_SIZES[offer]``: how many places ``OFFERS[offer]`` holds."""
_OFFER_IDS: dict[tuple[str, ...], int] = {(): 0}


def _offer(places: tuple[str, ...]) -> int:
    """The number of an offer of places (see ``OFFERS``)."""
    got = _OFFER_IDS.get(places)
    if got is None:
        got = _OFFER_IDS[places] = len(OFFERS)
        OFFERS.append(places)
        OFFER_SIZES.append(len(places))
    return got


ORIGIN_OF_SIDE = {side: len(hall.SPACES) + k for k, side in enumerate(hall.SIDES)}
"""A step's origin: a space index (0 to 35) for a ghost in the hall, 36 + k for side ``SIDES[k]``."""


def _costs(origin: int) -> tuple[int, ...]:
    if origin < len(hall.SPACES):
        return tuple(hall.manhattan(hall.SPACES[origin], sp) for sp in hall.SPACES)
    side = hall.SIDES[origin - len(hall.SPACES)]
    return tuple(1 + d for d in hall.SIDE_DISTANCE[side])


COSTS: tuple[tuple[int, ...], ...] = tuple(_costs(o) for o in range(len(hall.SPACES) + len(hall.SIDES)))
"""``COSTS[origin][j]``: what a step from ``origin`` to the space of index ``j`` costs."""

REACH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            j
            for j in range(len(hall.SPACES))
            if (origin >= len(hall.SPACES) or j != origin) and COSTS[origin][j] <= left
        )
        for left in range(hall.MAX_STEPS + 1)
    )
    for origin in range(len(hall.SPACES) + len(hall.SIDES))
)
"""``REACH[origin][n]``: the space indices a step from ``origin`` reaches for at most ``n`` points."""

_CELLS: dict[tuple[str, int, int], dict[int, tuple[Action, ...]]] = {}
_TABLES: dict[tuple[str, int], list[dict[int, tuple[Action, ...]]]] = {}


def step_table(gid: str, origin: int) -> list[dict[int, tuple[Action, ...]]]:
    """Ghost ``gid``'s steps from ``origin``: ``table[j][offer]`` is the tuple of actions ``step
    cost= ghost= place= to=`` to the space of index ``j`` for each place of the offer (made when
    first asked for: see :func:`step_block`). Origins that pay the same for a space share its steps."""
    got = _TABLES.get((gid, origin))
    if got is None:
        costs = COSTS[origin]
        got = _TABLES[(gid, origin)] = [_CELLS.setdefault((gid, costs[j], j), {}) for j in range(len(hall.SPACES))]
    return got


def step_block(
    table: list[dict[int, tuple[Action, ...]]], gid: str, origin: int, j: int, offer: int
) -> tuple[Action, ...]:
    got = table[j].get(offer)
    if got is None:
        cost = COSTS[origin][j]
        to = hall.SPACE_NAMES[j]
        got = table[j][offer] = tuple(
            Action("step", (("cost", cost), ("ghost", gid), ("place", p), ("to", to))) for p in OFFERS[offer]
        )
        for act in got:
            place = str(act["place"])
            _STEP_PARTS[id(act)] = (act, (gid, j, place, None, cost, to), f"{gid}:{to}:{place}:{cost}")
    return got


StepParts = tuple[str, int, str, "str | None", int, str]
"""A ``step`` as the plan carries it out: ``(ghost id, space index or -1 for the exit, place,
ghost merged into or None, cost, destination as written)``."""

_STEP_PARTS: dict[int, tuple[Action, StepParts, str]] = {}
"""The steps this module makes, by identity: each with its :data:`StepParts` and its text in a seal
(``sealing.step_text``)."""


def step_parts(act: Action) -> StepParts:
    """``act`` (a ``step``) as :data:`StepParts` (read once for the steps this module makes)."""
    got = _STEP_PARTS.get(id(act))
    if got is not None and got[0] is act:
        return got[1]
    dest = str(act["to"])
    if dest == "exit":
        i = -1
    else:
        k = hall.NAME_INDEX.get(dest)
        i = k if k is not None else hall.SPACE_INDEX[parse_space(dest)]
    merge = act.get("merge")
    place = str(act.get("place", ""))
    cost: Any = act["cost"]
    return (str(act["ghost"]), i, place, None if merge is None else str(merge), int(cost), dest)


def exit_step(gid: str, cost: int) -> Action:
    """``step cost=<cost> ghost=<gid> to=exit``, made once."""
    got = _EXIT.get((gid, cost))
    if got is None:
        got = _EXIT[(gid, cost)] = Action("step", (("cost", cost), ("ghost", gid), ("to", "exit")))
        _STEP_PARTS[id(got)] = (got, (gid, -1, "", None, cost, "exit"), f"{gid}:exit:{cost}")
    return got


ORDERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((holder + i) % players for i in range(players)) for holder in range(players)) for players in range(9)
)
"""``ORDERS[players][holder]``: the seats clockwise from ``holder``."""

ACTING: dict[tuple[int, tuple[bool, ...]], tuple[int, ...]] = {}
"""The seats still building their plans, by die holder and seats done."""


_CARD_VALUES: dict[int, int] = {}


def movement_value(card_id: int) -> int:
    got = _CARD_VALUES.get(card_id)
    if got is None:
        got = _CARD_VALUES[card_id] = game_data().card(card_id).value
    return got


_UNITS: dict[str, int] = {}


def size_units() -> dict[str, int]:
    """Capacity units by ghost size."""
    if not _UNITS:
        _UNITS.update({k: v.units for k, v in game_data().sizes.items()})
    return _UNITS


_OWNERS: dict[tuple[int, tuple[str, ...], tuple[int, ...]], tuple[list[str], ...]] = {}


def _owners(ghosts: dict[str, Ghost], players: int) -> tuple[list[str], ...]:
    """Each seat's ghost ids in id order (seats ``0`` to ``players - 1``), made once per set of
    ghosts and owners (a game's ghosts never change: do not change the lists)."""
    key = (players, tuple(ghosts), tuple([g.owner for g in ghosts.values()]))
    got = _OWNERS.get(key)
    if got is None:
        own: list[list[str]] = [[] for _ in range(players)]
        for gid in sorted(ghosts):
            owner = ghosts[gid].owner
            if 0 <= owner < players:
                own[owner].append(gid)
        got = _OWNERS[key] = tuple(own)
    return got


class PlanBase:
    """The board at the start of the plan phase as the listing of steps reads it: the layout, the
    ghost units per space index and per ``(index, place)``, the offer of places of each space to a
    ghost of each size (computed on first use), each seat's ghost ids in id order, and ``widest``:
    the most places a space of the layout has (no offer holds more). Each seat's plan so far
    carried out on it is kept beside it (``Memo.plans``), not in it, so that a base and its plans
    hold no cycle and go as soon as the turn ends."""

    __slots__ = ("board", "fits", "layout", "own", "per_place", "per_space", "turn", "widest")

    def __init__(self, board: Board, turn: int, players: int) -> None:
        self.board = board
        self.turn = turn
        self.layout = board.layout()
        units = size_units()
        per_space = [0] * len(hall.SPACES)
        per_place: dict[tuple[int, str], int] = {}
        index = hall.SPACE_INDEX
        ghosts = board.ghosts
        for g in ghosts.values():
            if g.where == HALL and g.space is not None:
                i = index[g.space]
                u = units[g.size]
                per_space[i] += u
                per_place[(i, g.place)] = per_place.get((i, g.place), 0) + u
        self.per_space = per_space
        self.per_place = per_place
        self.own = _owners(ghosts, players)
        self.fits: dict[str, list[int]] = {}
        widest = self.layout.memo.get("widest")
        if widest is None:
            widest = self.layout.memo["widest"] = max(map(len, self.layout.places_by_index()))
        self.widest = widest

    def rebased(self, board: Board) -> PlanBase:
        """This base for ``board``, a copy of its board (the loads and offers are shared, the plans
        carried out are not)."""
        twin = PlanBase.__new__(PlanBase)
        twin.board = board
        twin.turn = self.turn
        twin.layout = self.layout
        twin.per_space = self.per_space
        twin.per_place = self.per_place
        twin.own = self.own
        twin.fits = self.fits
        twin.widest = self.widest
        return twin

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
                    got[i] = fit_offer(self.layout, per_space, self.per_place, i, size)
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
    return tuple(_rule(layout, size, i)[2] for i in range(len(hall.SPACES)))


_Rule = tuple[tuple[Place, ...], tuple[tuple[str, int], ...], int]


def _rule(layout: Layout, size: str, i: int) -> _Rule:
    """The rule of places (see :func:`_fit_rules`) of the space of index ``i`` of ``layout`` for
    ghosts of ``size``, read into the layout's rules (:func:`_space_rules`) when first asked for."""
    rules = _space_rules(layout, size)[0]
    got = rules[i]
    if got is None:
        places = layout.places_by_index()[i]
        known = _fit_rules(size)
        got = known.get(id(places))
        if got is None or got[0] is not places:
            got = known[id(places)] = _fit_rule(places, size)
        rules[i] = got
    return got


def _fit_rule(places: tuple[Place, ...], size: str) -> _Rule:
    units = size_units()[size]
    cands = takers(places, size)
    empty = _offer(tuple(name for name, cap in cands if units <= cap)) if units <= game_data().space_capacity else 0
    return (places, cands, empty)


def fit_offer(
    layout: Layout,
    per_space: list[int],
    per_place: dict[tuple[int, str], int],
    i: int,
    size: str,
    freed: int = 0,
    freed_place: str = "",
) -> int:
    """:meth:`Board.fitting_places` of the space of index ``i`` on these loads, as an offer."""
    rules, units, capacity = _space_rules(layout, size)
    used = per_space[i]
    if used - freed + units > capacity:
        return 0
    rule = rules[i]
    if rule is None:
        rule = _rule(layout, size, i)
    if not used:
        return rule[2]
    out = []
    for name, cap in rule[1]:
        if per_place.get((i, name), 0) - (freed if name == freed_place else 0) + units <= cap:
            out.append(name)
    return _offer(tuple(out))


def _space_rules(layout: Layout, size: str) -> tuple[list[_Rule | None], int, int]:
    """``(rules, units, capacity)`` for ghosts of ``size`` on ``layout``: each space's rule (by
    index, see :func:`_fit_rules`; ``None`` until :func:`_rule` reads it), the ghost's units and a
    space's capacity (made once per layout)."""
    got = layout.rules.get(size)
    if got is None:
        unread: list[_Rule | None] = [None] * len(hall.SPACES)
        got = layout.rules[size] = (unread, size_units()[size], game_data().space_capacity)
    return got


class Plan:
    """One seat's plan so far carried out on the plan phase's board, ghost by ghost.

    Attributes:
        acts: the plan's actions carried out so far, in order (``done`` too); value: its card's value.
        texts: the texts of its steps in a seal (``sealing.step_text``), in order, while each step
            is one this module made (else ``None``).
        ghosts: ``{ghost id: [where, space index or -1, place, size, owner]}`` for the seat's own
            ghosts (in id order) and any other ghost the plan names, as the plan leaves them.
        stepped: the ghosts the plan has stepped; made: the ghosts its merges made.
        left: the movement points left.
        per_space, per_place: ghost units per space index and per ``(index, place)`` after the plan.
        fits: the offer of each space to a ghost of each size after the plan (as needed).
        touched, changed: the space indices whose units the last step, and the whole plan, changed.
    """

    __slots__ = (
        "acts",
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
        "texts",
        "touched",
        "value",
    )

    def __init__(self, base: PlanBase, board: Board, seat: int, value: int) -> None:
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
        self.value = value
        self.acts: list[Action] = []
        self.texts: list[str] | None = []

    def add(self, board: Board, act: Action) -> None:
        """Carry out one more action of the plan (a ``step``; ``done`` changes nothing) and keep
        it at the end of ``acts``."""
        self.acts.append(act)
        if act.kind != "step":
            return
        if self.per_space is self.base.per_space:
            self.per_space = list(self.base.per_space)
            self.per_place = dict(self.base.per_place)
        got = _STEP_PARTS.get(id(act))
        if got is not None and got[0] is act:
            gid, i, place, merge, cost, _ = got[1]
            if self.texts is not None:
                self.texts.append(got[2])
        else:
            gid, i, place, merge, cost, _ = step_parts(act)
            self.texts = None
        touched = self.touched = set()
        if merge is None:  # what ``_carry`` does of a step that merges nothing, in one go
            rec = self.ghosts.get(gid)
            if rec is None:
                rec = self._ghost(board, gid)
            units = _UNITS[rec[3]] if _UNITS else size_units()[rec[3]]
            per_space = self.per_space
            per_place = self.per_place
            if rec[0] == HALL and rec[1] >= 0:
                j = rec[1]
                per_space[j] -= units
                per_place[(j, rec[2])] -= units
                touched.add(j)
            if i < 0:
                rec[0], rec[1], rec[2] = EXITED, -1, ""
            else:
                rec[0], rec[1], rec[2] = HALL, i, place
                per_space[i] += units
                key = (i, place)
                per_place[key] = per_place.get(key, 0) + units
                touched.add(i)
        else:
            self._carry(board, gid, i, place, merge)
        self.stepped.add(gid)
        self.left -= cost
        self.changed |= touched
        for size, fits in self.fits.items():
            for k in touched:
                fits[k] = fit_offer(self.base.layout, self.per_space, self.per_place, k, size)

    def _ghost(self, board: Board, gid: str) -> list[Any]:
        got = self.ghosts.get(gid)
        if got is None:
            g = board.ghosts[gid]
            index = hall.SPACE_INDEX
            got = self.ghosts[gid] = [g.where, index[g.space] if g.space is not None else -1, g.place, g.size, g.owner]
        return got

    def _move(self, rec: list[Any], where: str, i: int, place: str) -> None:
        units = size_units()[rec[3]]
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

    def _carry(self, board: Board, gid: str, i: int, place: str, merge: str | None) -> None:
        """One step as planned (``RunGhostRunState._carry_step`` with ``strict``): ghost ``gid`` to
        the space of index ``i`` (-1: the exit), ``place``, merging into ``merge``."""
        rec = self._ghost(board, gid)
        if i < 0:
            self._move(rec, EXITED, -1, "")
            return
        self._move(rec, RESERVE, -1, "")
        if merge is not None and (merge in self.ghosts or merge in board.ghosts):
            t = self._ghost(board, merge)
            if t[0] == HALL and t[1] == i and t[2] == place and merge not in self.made:
                result = "medium" if rec[3] == t[3] else "large"
                piece = self.merge_piece(board, rec[4], result)
                offer = fit_offer(
                    self.base.layout, self.per_space, self.per_place, i, result, size_units()[t[3]], place
                )
                if piece is not None and place in OFFERS[offer]:
                    self._move(t, RESERVE, -1, "")
                    self._move(self._ghost(board, piece), HALL, i, place)
                    self.made.add(piece)
                    return
        self._move(rec, HALL, i, place)

    def fit(self, size: str, i: int) -> int:
        """``fits_of(size)[i]``, without making the whole list: the offer of the space of index
        ``i`` on the loads the plan leaves (:func:`fit_offer`, which is what each entry of the list
        holds: the base's offers are those of its loads, empty spaces' those of an empty space)."""
        got = self.fits.get(size)
        if got is not None:
            return got[i]
        rule = self.base.layout.rules.get(size)
        if rule is not None:  # :func:`fit_offer`'s first answers, without the calls
            used = self.per_space[i]
            if used + rule[1] > rule[2]:
                return 0
            if not used and rule[0][i] is not None:
                return rule[0][i][2]  # type: ignore[no-any-return]
        return fit_offer(self.base.layout, self.per_space, self.per_place, i, size)

    def fits_of(self, size: str) -> list[int]:
        """The offer of each space (by index) to a ghost of ``size`` after the plan."""
        got = self.fits.get(size)
        if got is None:
            got = list(self.base.fits_of(size))
            for i in self.changed:
                got[i] = fit_offer(self.base.layout, self.per_space, self.per_place, i, size)
            self.fits[size] = got
        return got


class Listing(list[Action]):
    """Legal actions in their order, as a list. :meth:`index` finds an action by identity first (a
    bot hands back one of the very objects it was given, and the kernel's ``apply`` looks it up in
    the listing), which answers as the plain search does because no listing holds two equal
    actions; anything else is searched for by equality."""

    __slots__ = ()

    def index(self, value: Action, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize) -> int:
        """The position of ``value``. Raises ``ValueError`` when no action equals it."""
        if start == 0 and stop == sys.maxsize:
            for i, action in enumerate(self):
                if action is value:
                    return i
        return super().index(value, start, stop)


class Memo:
    """What a state computes once per position (``_cache``; a clone starts without it, and code
    that edits a state by hand drops it): the last legal listing, the plan phase's board and each
    seat's plan so far carried out on it (``{seat: plan}``, its actions and its card's value in
    it, kept from one listing to the next while the plan only grows)."""

    __slots__ = ("base", "key", "legal", "plans")

    def __init__(self) -> None:
        self.key: tuple[Any, ...] | None = None
        self.legal: list[Action] = []
        self.base: PlanBase | None = None
        self.plans: dict[int, Plan] = {}


def stacked_on(lower: PieceShape, at: Placement, upper: tuple[Place, ...]) -> tuple[Place, ...]:
    """The places of a space under a stack: those of ``lower`` (standing at ``at``) but its top,
    then the top of the piece standing on it (whose own places are ``upper``)."""
    return stacked_places(hall.places_of(lower, at), upper)


_ROOM: dict[tuple[int, tuple[str, ...]], tuple[tuple[Place, ...], bool]] = {}


def room_for(places: tuple[Place, ...], sizes: tuple[str, ...]) -> bool:
    """Whether ghosts of ``sizes`` (by id) on one space all find room in ``places`` (a piece's own
    place tuple), seated first fit as :func:`seats_everyone` seats them; answered once per pair."""
    key = (id(places), sizes)
    got = _ROOM.get(key)
    if got is None or got[0] is not places:
        load: dict[str, int] = {}
        units = size_units()
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


def seats_everyone(places: Sequence[Place], groups: list[list[Ghost]], units: dict[str, int]) -> bool:
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

"""The board: ghosts, furniture placements, hiding places, capacities, and the sight scene.

:class:`Board` is plain data (copied with the state); its methods answer the questions every rule
asks: which places a space offers, whether a ghost fits there, where ghosts go when a piece of
furniture moves, and which ghosts a door sees. Sources: seed "Moving Furniture", "Moving Ghosts";
reference part 2 "Space capacity", "Furniture as 3D boxes", "What the keyhole sees".

Everything that depends only on how the furniture stands (which piece covers which space, the
places each space offers, the pieces' world boxes, what each door sees of a ghost of a given size
on a given space) is a :class:`Layout`, computed once per furniture configuration and shared by
every board whose furniture stands that way (:func:`layout_of`).
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.data import SIZES, Place, game_data
from ghosttable.games.run_ghost_run.geometry import (
    EPSILON,
    Box,
    Group,
    Mirror,
    Scene,
    Segment,
    Target,
    face_in_view,
    group_boxes,
    look,
    sees_reflected,
    segment_clear_along,
    segment_of,
)
from ghosttable.games.run_ghost_run.hall import Placement, Space

FLOOR = Place("floor", 4, SIZES)
"""The floor of a space no piece covers: any size, up to the space's capacity."""

FLOOR_ONLY: tuple[Place, ...] = (FLOOR,)
"""The places of a space no piece covers."""

RESERVE = "reserve"
HALL = "hall"
EXITED = "exited"
UNUSED = "unused"

FurnitureKey = tuple[tuple[str, ...], tuple[int, ...]]
"""A furniture configuration as ``(pieces, identities of their placements)`` in the board's order."""

PieceKey = tuple[str, int, int, int, str, float]
"""Where a piece stands: ``(name, col, row, rotation, posture, base)``."""


@dataclass
class Ghost:
    """One ghost piece.

    Attributes:
        id: ``"<colour>-<letter><n>"`` such as ``"red-s1"``, unique in the game.
        owner: the seat owning it.
        size: ``small``, ``medium`` or ``large``.
        where: ``reserve`` (on its starting side), ``hall``, ``exited`` (out on the far side) or
            ``unused`` (a medium or large piece not yet made by merging).
        space: its space when in the hall, else ``None``.
        place: ``floor``, ``under``, ``inside`` or ``on`` when in the hall, else ``""``.
    """

    id: str
    owner: int
    size: str
    where: str
    space: Space | None = None
    place: str = ""

    def to_hall(self, space: Space, place: str) -> None:
        """Put the ghost in the hall at ``space``, ``place``."""
        self.where, self.space, self.place = HALL, space, place

    def to_side(self, where: str) -> None:
        """Take the ghost off the board (``reserve``, ``exited`` or ``unused``)."""
        self.where, self.space, self.place = where, None, ""

    def copy(self) -> Ghost:
        """An independent copy."""
        return Ghost(self.id, self.owner, self.size, self.where, self.space, self.place)


class Layout:
    """What one furniture configuration fixes, for every board whose furniture stands that way.

    Attributes:
        furniture: ``{piece: placement}`` (do not change it: the layout is shared).
        cover: ``{space: piece}`` for every space a piece stands on (the upper piece of a stack).
        carrying: the pieces another piece is stacked on.
        masks: ``{piece: bit mask of the spaces it covers}`` (bit ``r * 6 + c``).
        order: the pieces in ``furniture``'s order.

    The rest is computed on first use: the places of each space (:meth:`places`), the height each
    piece stands on and its world boxes, the sight scene, and what each door sees of a ghost of a
    given size on a given space (:meth:`sight`). ``memo`` keeps what other modules derive from the
    layout once (keyed by names they choose); ``rules`` the listing's rules of places for each
    ghost size (:func:`listing._space_rules`).
    """

    __slots__ = (
        "_all_places",
        "_base",
        "_boxes",
        "_facing",
        "_groups",
        "_json",
        "_mirrors",
        "_parts",
        "_places",
        "_scene",
        "_sight",
        "_spread",
        "_tops",
        "carrying",
        "cover",
        "furniture",
        "masks",
        "memo",
        "order",
        "rules",
    )

    def __init__(self, furniture: Mapping[str, Placement]) -> None:
        self.furniture: dict[str, Placement] = dict(furniture)
        self.order = tuple(self.furniture)
        # the pieces on the floor cover their spaces first, then those stacked on them
        cover: dict[Space, str] = {}
        masks: dict[str, int] = {}
        stacked: list[tuple[str, tuple[Space, ...]]] = []
        covered_by = hall.covered_by
        for name, at in self.furniture.items():
            spaces, masks[name] = covered_by(name, at)
            if at.on is None:
                for sp in spaces:
                    cover[sp] = name
            else:
                stacked.append((name, spaces))
        for name, spaces in stacked:
            for sp in spaces:
                cover[sp] = name
        self.cover = cover
        self.carrying: frozenset[str] = frozenset(at.on for at in self.furniture.values() if at.on is not None)
        self.masks = masks
        self._places: list[tuple[Place, ...] | None] = [None] * len(hall.SPACES)
        self._all_places: tuple[tuple[Place, ...], ...] | None = None
        self.memo: dict[Any, Any] = {}
        self.rules: dict[str, Any] = {}
        self._base: dict[str, float] = {}
        self._boxes: dict[str, tuple[Box, ...]] = {}
        self._scene: Scene | None = None
        self._groups: tuple[Group, ...] = ()
        self._parts: tuple[tuple[int, PieceKey, Group], ...] | None = None
        self._mirrors: tuple[Mirror, ...] = ()
        self._spread = -1
        self._facing: dict[tuple[str, int], tuple[Mirror, ...]] = {}
        self._json: tuple[tuple[tuple[str, tuple[float, ...]], ...], tuple[dict[str, Any], ...]] | None = None
        self._tops: dict[Space, float] = {}
        self._sight: dict[tuple[str, int, bool], dict[tuple[Space, str, bool, bool], str | None]] = {}

    # ----- places -----------------------------------------------------------------------------

    def places(self, space: Space) -> tuple[Place, ...]:
        """The places ``space`` offers (see :meth:`Board.places_at`)."""
        i = hall.SPACE_INDEX.get(space)
        if i is None:
            return self._places_of(space)
        got = self._places[i]
        if got is None:
            got = self._places[i] = self._places_of(space)
        return got

    def places_by_index(self) -> tuple[tuple[Place, ...], ...]:
        """:meth:`places` of every space, by index. Each tuple is shared by every space offering
        those places, for as long as the program runs (so its identity stands for its places)."""
        got = self._all_places
        if got is None:
            # piece by piece, as ``cover`` is made (a stacked piece's spaces last), each covered
            # space taking the places :meth:`_places_of` gives it
            data = game_data()
            index = hall.SPACE_INDEX
            out = [FLOOR_ONLY] * len(hall.SPACES)
            furniture = self.furniture
            for name, at in sorted(furniture.items(), key=lambda kv: kv[1].on is not None):
                own = hall.places_of(data.pieces[name], at)
                if at.on is not None:
                    own = stacked_places(hall.places_of(data.pieces[at.on], furniture[at.on]), own)
                for sp in hall.covered_spaces(data.pieces[name], at):
                    i = index.get(sp)
                    if i is not None:
                        out[i] = own
            self._places = list(out)
            got = self._all_places = tuple(out)
        return got

    def _places_of(self, space: Space) -> tuple[Place, ...]:
        piece = self.cover.get(space)
        if piece is None:
            return FLOOR_ONLY
        data = game_data()
        at = self.furniture[piece]
        own = hall.places_of(data.pieces[piece], at)
        if at.on is None:
            return own
        return stacked_places(hall.places_of(data.pieces[at.on], self.furniture[at.on]), own)

    # ----- boxes and sight --------------------------------------------------------------------

    def base_of(self, name: str) -> float:
        """The height piece ``name`` stands on (see :meth:`Board.base_of`)."""
        got = self._base.get(name)
        if got is None:
            data = game_data()
            at = self.furniture[name]
            if at.on is None:
                got = 0.0
            else:
                sx, sy = hall.footprint_size(data.pieces[name], at.rotation, at.posture)
                x0, y0, x1, y1 = at.col, at.row, at.col + sx, at.row + sy
                below = hall.world_boxes(data.pieces[at.on], self.furniture[at.on])
                got = max(
                    (b.hi[2] for b in below if b.lo[0] < x1 and b.hi[0] > x0 and b.lo[1] < y1 and b.hi[1] > y0),
                    default=0.0,
                )
            self._base[name] = got
        return got

    def boxes(self, name: str) -> tuple[Box, ...]:
        """The world boxes of piece ``name`` where it stands."""
        got = self._boxes.get(name)
        if got is None:
            shape = game_data().pieces[name]
            got = self._boxes[name] = tuple(hall.world_boxes(shape, self.furniture[name], self.base_of(name)))
        return got

    def scene(self) -> Scene:
        """The sight scene: every piece's boxes and the mirror's face, pieces by name."""
        if self._scene is None:
            boxes: list[Box] = []
            for name in sorted(self.furniture):
                boxes += self.boxes_placed(name)
            self._scene = Scene(tuple(boxes), self.mirrors())
        return self._scene

    def boxes_placed(self, name: str) -> tuple[Box, ...]:
        """The world boxes of piece ``name`` where it stands, as the scene holds them (shared by
        every layout where it stands so)."""
        at = self.furniture[name]
        return _piece_geometry(name, at.col, at.row, at.rotation, at.posture, self.base_of(name))[0]

    def parts(self) -> tuple[tuple[int, PieceKey, Group], ...]:
        """``((mask, piece key, group), ...)`` for every piece, by name: the spaces it covers, where
        it stands as ``(name, col, row, rotation, posture, base)`` and its boxes as one group (see
        :func:`geometry.group_boxes`). The groups and the mirror faces are kept alongside."""
        got = self._parts
        if got is None:
            parts: list[tuple[int, PieceKey, Group]] = []
            mirrors: list[Mirror] = []
            masks = self.masks
            furniture = self.furniture
            for name in sorted(furniture):
                at = furniture[name]
                base = 0.0 if at.on is None else self.base_of(name)
                kept = _PARTS.get((name, id(at)))
                if kept is None or kept[0] is not at or kept[1] != base:
                    if len(_PARTS) >= _PARTS_LIMIT:
                        _PARTS.clear()
                    _, face, group = _piece_geometry(name, at.col, at.row, at.rotation, at.posture, base)
                    kept = (at, base, (masks[name], (name, at.col, at.row, at.rotation, at.posture, base), group), face)
                    _PARTS[(name, id(at))] = kept
                parts.append(kept[2])
                if kept[3] is not None:
                    mirrors.append(kept[3])
            got = self._parts = tuple(parts)
            self._groups = tuple(part[2] for part in got)
            self._mirrors = tuple(mirrors)
        return got

    def mirrors(self) -> tuple[Mirror, ...]:
        """The mirror faces of the pieces, pieces by name."""
        if self._parts is None:
            self.parts()
        return self._mirrors

    def spread(self) -> int:
        """The masks of every piece together: the spaces some piece stands on."""
        got = self._spread
        if got < 0:
            got = self._spread = functools.reduce(operator.or_, self.masks.values(), 0)
        return got

    def boxes_json(self) -> list[dict[str, Any]]:
        """``[{"piece", "box": [x0, y0, z0, x1, y1, z1]}]`` (rounded as :meth:`Box.to_json`), pieces
        by name, each piece's boxes in order; a fresh list each call, its numbers rounded once."""
        if self._json is None:
            self._json = self._make_json()
        return [{"piece": name, "box": list(box)} for name, box in self._json[0]]

    def mirrors_json(self) -> list[dict[str, Any]]:
        """The scene's mirror faces as :meth:`Mirror.to_json` writes them; a fresh list each call."""
        if self._json is None:
            self._json = self._make_json()
        return [{**face, "lo": list(face["lo"]), "hi": list(face["hi"])} for face in self._json[1]]

    def _make_json(self) -> tuple[tuple[tuple[str, tuple[float, ...]], ...], tuple[dict[str, Any], ...]]:
        boxes: list[tuple[str, tuple[float, ...]]] = []
        for _, key, _ in self.parts():  # pieces by name
            name = key[0]
            boxes += [(name, box) for box in _rounded_boxes(*key)]
        mirrors = tuple(m.to_json() for m in self._mirrors)
        return tuple(boxes), mirrors

    def top(self, space: Space) -> float:
        """The height a ghost ``on`` the piece covering ``space`` stands on (0.0 when none does)."""
        got = self._tops.get(space)
        if got is None:
            piece = self.cover.get(space)
            got = 0.0 if piece is None else hall.top_at(list(self.boxes(piece)), space)
            self._tops[space] = got
        return got

    def sight(self, side: str, door: int, space: Space, size: str, on: bool, inside: bool, lying: bool) -> str | None:
        """How door ``door`` of ``side`` sees a ghost of ``size`` at ``space`` (``on`` the piece
        there, ``inside`` it, lying down): ``"direct"``, ``"mirror"`` or ``None`` (hidden), as
        :func:`geometry.sees` finds it; each answer is computed once per layout."""
        view = (side, door, lying)
        memo = self._sight.get(view)
        if memo is None:
            memo = self._sight[view] = {}
        how = memo.get((space, size, on, inside), "")
        if how != "":
            return how
        return self._sight_of(view, memo, space, size, on, inside)

    def seen(self, side: str, door: int, lying: bool, ghosts: Iterable[Ghost]) -> dict[str, str]:
        """:meth:`sight` of each of ``ghosts`` in the hall (lying down when ``lying``): ``{ghost id:
        "direct" | "mirror"}`` for those door ``door`` of ``side`` sees, in the order given."""
        view = (side, door, lying)
        memo = self._sight.get(view)
        if memo is None:
            memo = self._sight[view] = {}
        seen: dict[str, str] = {}
        for g in ghosts:
            space = g.space
            if g.where != HALL or space is None:
                continue
            place = g.place
            key = (space, g.size, place == "on", place == "inside")
            how = memo.get(key, "")
            if how == "":
                how = self._sight_of(view, memo, *key)
            if how is not None:
                seen[g.id] = how
        return seen

    def _sight_of(
        self,
        view: tuple[str, int, bool],
        memo: dict[tuple[Space, str, bool, bool], str | None],
        space: Space,
        size: str,
        on: bool,
        inside: bool,
    ) -> str | None:
        """:meth:`sight` worked out (and kept in ``memo``, the answers for ``view``)."""
        key = (space, size, on, inside)
        if inside:
            memo[key] = None
            return None
        side, door, lying = view
        base = self.top(space) if on else 0.0
        in_view = _IN_VIEW.get(view)
        if in_view is None:
            in_view = _IN_VIEW[view] = {}
        got = in_view.get((space, size, base))
        if got is None:
            got = in_view[(space, size, base)] = _target_in_view(side, door, space, size, base, lying)
        target, lines, cells = got
        parts = self._parts
        if parts is None:
            parts = self.parts()
        # :func:`geometry.sees_through`'s direct lines, each tested only against the pieces standing
        # on a space it passes over (a line passing over no piece's space is clear)
        if lines:
            near = [part for part in parts if part[0] & cells]
            if not near:
                memo[key] = "direct"
                return "direct"
            for line, segment in lines:
                if segment_clear_along(segment, [part[2] for part in near if part[0] & line]):
                    memo[key] = "direct"
                    return "direct"
        facing = self._facing.get((side, door))
        if facing is None:
            eye = hall.eye(side, door)
            facing = tuple(
                m
                for m in self._mirrors
                if (eye.position[m.axis] - m.coord) * m.sign > EPSILON and _face_seen(side, door, m)
            )
            self._facing[(side, door)] = facing
        how = memo[key] = sees_reflected(hall.eye(side, door), target, self._groups, facing) if facing else None
        return how


@functools.lru_cache(maxsize=8192)
def _face_seen(side: str, door: int, mirror: Mirror) -> bool:
    """:func:`geometry.face_in_view` from door ``door`` of ``side`` (answered once per mirror face)."""
    return face_in_view(hall.eye(side, door), mirror)


InView = tuple[Target, tuple[tuple[int, Segment], ...], int]
"""A sight target, its lines in view (the spaces each passes over, its segment) and all their spaces."""

_IN_VIEW: dict[tuple[str, int, bool], dict[tuple[Space, str, float], InView]] = {}
""":func:`_target_in_view`'s answers, by ``(side, door, lying)`` then ``(space, size, base)``."""


def _target_in_view(side: str, door: int, space: Space, size: str, base: float, lying: bool) -> InView:
    """The sight target of a ghost of ``size`` at ``space`` on height ``base`` (lying down or not);
    for each of its samples in the field of view of door ``door`` of ``side``, in order, the spaces
    its line from the eye passes over (:func:`_line_cells`) and that line as a segment from the eye
    (:func:`geometry.segment_of`; no furniture changes either); and the spaces of all its lines
    together (kept in ``_IN_VIEW`` by :meth:`Layout.sight`: no furniture changes any of it)."""
    target = hall.ghost_target("probe", space, size, base, lying, False)
    eye = hall.eye(side, door)
    lines = tuple(
        (_line_cells(side, door, p[0], p[1]), segment_of(eye.position, p)) for p in target.samples if eye.in_view(p)
    )
    return (target, lines, functools.reduce(operator.or_, (cells for cells, _ in lines), 0))


CELL_MARGIN = 1e-6
"""How far beyond a space's square a line may pass for :func:`_line_cells` to count it as passing
over that space (far more than any rounding error)."""


@functools.cache
def _line_cells(side: str, door: int, sx: float, sy: float) -> int:
    """The bit mask of the hall's spaces whose square, grown by ``CELL_MARGIN``, the straight line
    from the eye of door ``door`` of ``side`` to the point ``(sx, sy)`` passes over (seen from
    above), computed once per door and point: only for the samples a door has in view, a ghost's
    centre shared by its sizes."""
    ex, ey, _ = hall.eye(side, door).position
    dx, dy = sx - ex, sy - ey
    mask = 0
    # only the spaces under the line's bounding box can meet it
    c0 = max(0, math.floor(min(ex, sx) - CELL_MARGIN))
    c1 = min(hall.COLUMNS - 1, math.floor(max(ex, sx) + CELL_MARGIN))
    r0 = max(0, math.floor(min(ey, sy) - CELL_MARGIN))
    r1 = min(hall.ROWS - 1, math.floor(max(ey, sy) + CELL_MARGIN))
    # a space's square meets the line when the line's equation changes sign over it: the
    # least and the most of ``k + a x`` over each column (summed first, as ``k + x + y``)
    a, b = -dy, dx
    k = -(a * ex + b * ey)
    columns = []
    for c in range(c0, c1 + 1):
        x0, x1 = a * (c - CELL_MARGIN), a * (c + 1 + CELL_MARGIN)
        low_x, high_x = (x0, x1) if x0 <= x1 else (x1, x0)
        columns.append((1 << c, k + low_x, k + high_x))
    for r in range(r0, r1 + 1):
        y0, y1 = b * (r - CELL_MARGIN), b * (r + 1 + CELL_MARGIN)
        low_y, high_y = (y0, y1) if y0 <= y1 else (y1, y0)
        row = 0
        for bit, low, high in columns:
            if low + low_y <= 0.0 <= high + high_y:
                row |= bit
        mask |= row << (r * hall.COLUMNS)
    return mask


_PARTS: dict[tuple[str, int], tuple[Placement, float, tuple[int, PieceKey, Group], Mirror | None]] = {}
""":meth:`Layout.parts`' entry of a piece and its mirror face, by the piece's name and the identity of
its placement (kept in the entry, so that the identity passes to no other object while it is kept),
with the height it stands on; started afresh past ``_PARTS_LIMIT``."""
_PARTS_LIMIT = 1 << 14


@functools.lru_cache(maxsize=16384)
def _piece_geometry(
    name: str, col: int, row: int, rotation: int, posture: str, base: float
) -> tuple[tuple[Box, ...], Mirror | None, Group]:
    """Piece ``name`` so placed: its world boxes, its mirror face (or ``None``) and its boxes as one
    group (see :func:`geometry.group_boxes`), computed once per placement and base."""
    shape = game_data().pieces[name]
    at = Placement(col, row, rotation, posture)
    boxes = tuple(hall.world_boxes(shape, at, base))
    return boxes, hall.mirror_face(shape, at, base), group_boxes(boxes)[0]


@functools.lru_cache(maxsize=16384)
def _rounded_boxes(
    name: str, col: int, row: int, rotation: int, posture: str, base: float
) -> tuple[tuple[float, ...], ...]:
    """:meth:`Box.to_json` of each world box of piece ``name`` so placed (rounded once)."""
    at = Placement(col, row, rotation, posture)
    return tuple(tuple(box.to_json()) for box in hall.world_boxes(game_data().pieces[name], at, base))


_LAYOUTS: dict[FurnitureKey, Layout] = {}
_LAYOUT_LIMIT = 16
"""How many layouts :func:`layout_of` keeps (the oldest goes first)."""


def layout_of(furniture: Mapping[str, Placement]) -> Layout:
    """The shared :class:`Layout` of ``furniture`` (computed on first use; the last
    ``_LAYOUT_LIMIT`` configurations are kept). A configuration is found again by its pieces'
    names and the identity of their placements (placements never change, and boards and their
    copies share them): hashing each placement's fields costs more than the few layouts an equal
    placement made anew would find again. The layout kept holds those very placements, so no
    identity in a kept key can pass to another object."""
    key = (tuple(furniture), tuple(map(id, furniture.values())))
    got = _LAYOUTS.get(key)
    if got is None:
        if len(_LAYOUTS) >= _LAYOUT_LIMIT:
            del _LAYOUTS[next(iter(_LAYOUTS))]
        got = _LAYOUTS[key] = Layout(furniture)
    return got


@dataclass
class Board:
    """Ghosts and furniture. ``ghosts`` is keyed by ghost id, ``furniture`` by piece name."""

    ghosts: dict[str, Ghost] = field(default_factory=dict)
    furniture: dict[str, Placement] = field(default_factory=dict)

    def copy(self) -> Board:
        """An independent copy (ghosts copied; placements are immutable and shared)."""
        twin = Board({k: g.copy() for k, g in self.ghosts.items()}, dict(self.furniture))
        memo = self.__dict__.get("_layout")
        if memo is not None:
            twin.__dict__["_layout"] = memo
        return twin

    def layout(self) -> Layout:
        """The :class:`Layout` of the furniture as it stands now."""
        memo: Layout | None = self.__dict__.get("_layout")
        if memo is not None and memo.furniture == self.furniture and memo.order == tuple(self.furniture):
            return memo
        got = self.__dict__["_layout"] = layout_of(self.furniture)
        return got

    # ----- furniture ------------------------------------------------------------------------------

    def cover(self) -> dict[Space, str]:
        """``{space: piece}`` for every space a piece stands on (the upper piece of a stack)."""
        return dict(self.layout().cover)

    def places_at(self, space: Space, cover: dict[Space, str] | None = None) -> tuple[Place, ...]:
        """The places ``space`` offers: the floor, or the places of the piece standing on it; under
        a stack, the lower piece's places but its top, and the upper piece's top (``on``)."""
        if cover is None:
            return self.layout().places(space)
        piece = cover.get(space)
        if piece is None:
            return (FLOOR,)
        data = game_data()
        at = self.furniture[piece]
        own = hall.places_of(data.pieces[piece], at)
        if at.on is None:
            return own
        lower = hall.places_of(data.pieces[at.on], self.furniture[at.on])
        return tuple(p for p in lower if p.name != "on") + tuple(p for p in own if p.name == "on")

    def base_of(self, name: str) -> float:
        """The height piece ``name`` stands on: 0.0 on the floor, else the top of the highest box
        of the piece below that lies under its footprint."""
        return self.layout().base_of(name)

    def piece_boxes(self, name: str) -> list[Box]:
        """The boxes of piece ``name`` where it stands."""
        return list(self.layout().boxes(name))

    def scene(self) -> Scene:
        """The sight scene: every piece's boxes and the mirror's face."""
        return self.layout().scene()

    def carrying(self, name: str) -> bool:
        """Whether another piece is stacked on piece ``name``."""
        return name in self.layout().carrying

    def resolve(self, name: str, at: Placement) -> Placement | None:
        """Where piece ``name`` would stand if put down at ``at``'s spot: on the floor, or stacked on
        the one piece whose footprint holds its whole footprint; ``None`` when it may not go there.

        A piece stays inside the hall; it may cover no other piece except the one it is stacked on;
        that piece must stand on the floor (one level of stacking); a piece carrying another is not
        put anywhere (seed "Moving Furniture"; reference "possibly stacked").
        """
        # :meth:`resolver`'s test for one spot, without making the other pieces' list
        shape = game_data().pieces[name]
        lay = self.layout()
        if name in lay.carrying or not hall.fits_in_hall(shape, at):
            return None
        mine = hall.covered_mask(shape, at)
        low = None
        for other, mask in lay.masks.items():
            if mask & mine and other != name:
                if low is not None:
                    return None
                low = other
        if low is None:
            return at if at.on is None else Placement(at.col, at.row, at.rotation, at.posture)
        if self.furniture[low].on is not None or mine & ~lay.masks[low]:
            return None
        return Placement(at.col, at.row, at.rotation, at.posture, low)

    def resolver(self, name: str) -> Callable[[Placement], Placement | None]:
        """:meth:`resolve` for piece ``name`` with the other pieces' footprints computed once (for
        trying many spots on an unchanged board)."""
        data = game_data()
        shape = data.pieces[name]
        lay = self.layout()
        if name in lay.carrying:
            return lambda at: None
        others = [(other, oat, lay.masks[other]) for other, oat in sorted(self.furniture.items()) if other != name]

        def resolve(at: Placement) -> Placement | None:
            if not hall.fits_in_hall(shape, at):
                return None
            mine = hall.covered_mask(shape, at)
            hit = [(other, oat, mask) for other, oat, mask in others if mask & mine]
            if not hit:
                return at if at.on is None else Placement(at.col, at.row, at.rotation, at.posture)
            if len(hit) > 1:
                return None
            low, lat, mask = hit[0]
            if lat.on is not None or mine & ~mask:
                return None
            return Placement(at.col, at.row, at.rotation, at.posture, low)

        return resolve

    def placement_free(self, name: str, at: Placement) -> bool:
        """Whether piece ``name`` may be put down at ``at`` (see :meth:`resolve`)."""
        return self.resolve(name, at) == at

    def move_piece(self, name: str, at: Placement, *, resolved: bool = False) -> bool:
        """Move piece ``name`` to ``at``'s spot (stacked or not, see :meth:`resolve`) and re-seat the
        ghosts it disturbs; ``False`` (and nothing changed) when the piece may not go there or a
        disturbed ghost finds no place in its space.

        Ghosts on or in the moved piece are put on their own space (seed "Moving Furniture"): on
        its floor, or in the first place of the piece now covering it that has room. Ghosts on the
        floor of a space the piece now covers go into its first place with room. Ghosts never change
        space (as "Dance Floor" asks). ``resolved``: ``at`` is what :meth:`resolve` gave for it.
        """
        spot = at if resolved else self.resolve(name, at)
        if spot is None:
            return False
        placed = self._reseat(name, spot)
        if placed is None:
            return False
        self.furniture[name] = spot
        for gid, where in placed.items():
            self.ghosts[gid].place = where
        return True

    def can_reseat(self, name: str, at: Placement, by_space: Mapping[Space, list[Ghost]] | None = None) -> bool:
        """Whether every ghost piece ``name`` disturbs finds a place when it stands at ``at``, a
        placement :meth:`resolve` gave (so that :meth:`move_piece` to ``at`` succeeds); nothing
        changes. ``by_space``: the ghosts in the hall by space, each list by id, if known."""
        return self._reseat(name, at, by_space) is not None

    def _reseat(
        self, name: str, at: Placement, by_space: Mapping[Space, list[Ghost]] | None = None
    ) -> dict[str, str] | None:
        """The place each ghost disturbed by piece ``name`` standing at ``at`` (resolved) takes,
        ``{ghost id: place}`` (first fit, ghosts by id), or ``None`` when one finds no room. Only
        ghosts on the spaces the piece leaves or covers move, and they keep their space."""
        data = game_data()
        shape = data.pieces[name]
        lay = self.layout()
        mask = hall.covered_mask(shape, at)
        touched = lay.masks[name] | mask
        if by_space is None:
            index = hall.SPACE_INDEX
            movers = [
                g
                for g in self.ghosts.values()
                if g.where == HALL and g.space is not None and touched >> index[g.space] & 1
            ]
            movers.sort(key=lambda g: g.id)
        else:
            movers = [g for sp, group in by_space.items() if touched >> hall.SPACE_INDEX[sp] & 1 for g in group]
            movers.sort(key=lambda g: g.id)
        if not movers:
            return {}
        # the pieces after the move, those on the floor first; the last covering a space is on top
        after = [(n, at if n == name else p, mask if n == name else lay.masks[n]) for n, p in self.furniture.items()]
        after.sort(key=lambda item: item[1].on is not None)
        places: dict[Space, tuple[Place, ...]] = {}
        placed: dict[str, str] = {}
        load: dict[tuple[Space, str], int] = {}
        sizes = data.sizes
        for g in movers:
            space = g.space
            assert space is not None
            offer = places.get(space)
            if offer is None:
                bit = 1 << hall.SPACE_INDEX[space]
                top: tuple[str, Placement] | None = None
                for n, p, m in after:
                    if m & bit:
                        top = (n, p)
                if top is None:
                    offer = FLOOR_ONLY
                else:
                    own = hall.places_of(data.pieces[top[0]], top[1])
                    low = top[1].on
                    if low is None:
                        offer = own
                    else:
                        low_at = at if low == name else self.furniture[low]
                        offer = stacked_places(hall.places_of(data.pieces[low], low_at), own)
                places[space] = offer
            units = sizes[g.size].units
            target = None
            for place in offer:
                if g.size in place.sizes and load.get((space, place.name), 0) + units <= place.units:
                    target = place.name
                    break
            if target is None:
                return None
            placed[g.id] = target
            load[(space, target)] = load.get((space, target), 0) + units
        return placed

    # ----- ghosts ---------------------------------------------------------------------------------

    def load(self) -> tuple[dict[Space, int], dict[tuple[Space, str], int]]:
        """Ghost units per space and per ``(space, place)``."""
        units = game_data().sizes
        per_space: dict[Space, int] = {}
        per_place: dict[tuple[Space, str], int] = {}
        for g in self.ghosts.values():
            if g.where == HALL and g.space is not None:
                u = units[g.size].units
                per_space[g.space] = per_space.get(g.space, 0) + u
                key = (g.space, g.place)
                per_place[key] = per_place.get(key, 0) + u
        return per_space, per_place

    def fitting_places(
        self,
        space: Space,
        size: str,
        cover: dict[Space, str] | None = None,
        loads: tuple[dict[Space, int], dict[tuple[Space, str], int]] | None = None,
        freed: int = 0,
        freed_place: str = "",
        layout: Layout | None = None,
    ) -> list[str]:
        """The places of ``space`` where a ghost of ``size`` fits now; ``freed`` units of the place
        ``freed_place`` are counted as empty (the ghost a merge replaces). ``layout``: the board's
        :meth:`layout`, when the caller holds it."""
        data = game_data()
        per_space, per_place = self.load() if loads is None else loads
        units = data.sizes[size].units
        total = per_space.get(space, 0) - freed
        if total + units > data.space_capacity:
            return []
        out = []
        places = self.places_at(space, cover) if layout is None or cover is not None else layout.places(space)
        for place in places:
            if size not in place.sizes:
                continue
            used = per_place.get((space, place.name), 0) - (freed if place.name == freed_place else 0)
            if used + units <= place.units:
                out.append(place.name)
        return out

    def ghosts_of(self, seat: int, where: str | None = None) -> list[Ghost]:
        """The ghosts of ``seat`` (optionally only those ``where``), by id."""
        return sorted(
            (g for g in self.ghosts.values() if g.owner == seat and (where is None or g.where == where)),
            key=lambda g: g.id,
        )

    def base_height(self, g: Ghost) -> float:
        """The height a ghost in the hall stands on: for ``on``, the top of the highest box over its
        space's centre of the piece there (the upper piece of a stack); else the floor (0.0)."""
        if g.place != "on" or g.space is None:
            return 0.0
        return self.layout().top(g.space)

    def targets(self, lying: bool) -> list[Target]:
        """The sight targets of every ghost in the hall (all lying down when ``lying``)."""
        out = []
        for g in sorted(self.ghosts.values(), key=lambda g: g.id):
            if g.where == HALL and g.space is not None:
                out.append(hall.ghost_target(g.id, g.space, g.size, self.base_height(g), lying, g.place == "inside"))
        return out

    def seen_from(self, side: str, door: int, lying: bool) -> dict[str, str]:
        """Which ghosts door ``door`` of ``side`` sees: ``{ghost id: "direct" | "mirror"}``, by id."""
        ghosts = self.ghosts
        return self.layout().seen(side, door, lying, map(ghosts.__getitem__, sorted(ghosts)))

    def seen_from_all(self, lying: bool) -> dict[tuple[str, int], dict[str, str]]:
        """:meth:`seen_from` for all 24 doors at once."""
        scene = self.scene()
        targets = self.targets(lying)
        return {key: look(scene, hall.eye(*key), targets) for key in hall.all_doors()}


_STACKS: dict[tuple[int, int], tuple[tuple[Place, ...], tuple[Place, ...], tuple[Place, ...]]] = {}


def stacked_places(lower: tuple[Place, ...], upper: tuple[Place, ...]) -> tuple[Place, ...]:
    """The places of a space under a stack: ``lower``'s places but its top, then ``upper``'s top;
    one tuple per pair of (shape-owned) place tuples, so that every tuple :meth:`Layout.places`
    gives lives as long as the program and stands for its places by identity."""
    key = (id(lower), id(upper))
    got = _STACKS.get(key)
    if got is None:
        places = tuple(p for p in lower if p.name != "on") + tuple(p for p in upper if p.name == "on")
        got = _STACKS[key] = (lower, upper, places)
    return got[2]


_TAKERS: dict[tuple[int, str], tuple[tuple[Place, ...], tuple[tuple[str, int], ...]]] = {}


def takers(places: tuple[Place, ...], size: str) -> tuple[tuple[str, int], ...]:
    """``((place name, capacity in units), ...)`` of the ``places`` (a tuple :meth:`Layout.places`
    gave) that take a ghost of ``size``, in order."""
    key = (id(places), size)
    got = _TAKERS.get(key)
    if got is None or got[0] is not places:
        got = _TAKERS[key] = (places, tuple((p.name, p.units) for p in places if size in p.sizes))
    return got[1]


class PendingScene:
    """What the keyhole at door ``door`` of ``side`` looked at, kept as it stood (the furniture's
    placements, which never change, and each ghost in the hall as ``(id, owner, size, space,
    place)`` by id) to be written out as JSON only when a reader asks (:meth:`to_json`): a look's
    picture is for people, and playouts and search never read it."""

    __slots__ = ("door", "furniture", "ghosts", "lying", "side")

    def __init__(self, board: Board, side: str, door: int, lying: bool) -> None:
        self.side = side
        self.door = door
        self.lying = lying
        self.furniture = dict(board.furniture)
        by_id = board.ghosts
        self.ghosts = tuple(
            (g.id, g.owner, g.size, g.space, g.place)
            for g in map(by_id.__getitem__, sorted(by_id))
            if g.where == HALL and g.space is not None
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PendingScene):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def to_json(self) -> dict[str, Any]:
        """``{"eye", "boxes": [{"piece", "box": [x0, y0, z0, x1, y1, z1]}], "mirrors": [mirror
        face], "ghosts": [{"ghost", "owner", "size", "space", "place", "base", "posture"}]}`` in
        world units (one space = 1.0), for a perspective picture of the look (before the seen
        ghosts went home); a fresh dict each call."""
        lay = layout_of(self.furniture)
        posture = "lying" if self.lying else "standing"
        names = hall.SPACE_NAMES
        index = hall.SPACE_INDEX
        ghosts = [
            {
                "ghost": gid,
                "owner": owner,
                "size": size,
                "space": names[index[space]] if space in index else hall.space_name(space),
                "place": place or None,
                "base": round(lay.top(space), 6) if place == "on" else 0.0,
                "posture": posture,
            }
            for gid, owner, size, space, place in self.ghosts
        ]
        return {
            "eye": hall.eye_json(self.side, self.door),
            "boxes": lay.boxes_json(),
            "mirrors": lay.mirrors_json(),
            "ghosts": ghosts,
        }

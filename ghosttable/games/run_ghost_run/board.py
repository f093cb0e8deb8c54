"""The board: ghosts, furniture placements, hiding places, capacities, and the sight scene.

:class:`Board` is plain data (deep-copied with the state); its methods answer the questions every
rule asks: which places a space offers, whether a ghost fits there, where ghosts go when a piece of
furniture moves, and which ghosts a door sees. Sources: seed "Moving Furniture", "Moving Ghosts";
reference part 2 "Space capacity", "Furniture as 3D boxes", "What the keyhole sees".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.data import SIZES, Place, game_data
from ghosttable.games.run_ghost_run.geometry import Box, Mirror, Scene, Target, look
from ghosttable.games.run_ghost_run.hall import Placement, Space

FLOOR = Place("floor", 4, SIZES)
"""The floor of a space no piece covers: any size, up to the space's capacity."""

RESERVE = "reserve"
HALL = "hall"
EXITED = "exited"
UNUSED = "unused"


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


@dataclass
class Board:
    """Ghosts and furniture. ``ghosts`` is keyed by ghost id, ``furniture`` by piece name."""

    ghosts: dict[str, Ghost] = field(default_factory=dict)
    furniture: dict[str, Placement] = field(default_factory=dict)

    # ----- furniture ------------------------------------------------------------------------------

    def cover(self) -> dict[Space, str]:
        """``{space: piece}`` for every space a piece stands on (the upper piece of a stack)."""
        data = game_data()
        out: dict[Space, str] = {}
        for name, at in sorted(self.furniture.items(), key=lambda kv: kv[1].on is not None):
            for sp in hall.covered_spaces(data.pieces[name], at):
                out[sp] = name
        return out

    def places_at(self, space: Space, cover: dict[Space, str] | None = None) -> tuple[Place, ...]:
        """The places ``space`` offers: the floor, or the places of the piece standing on it; under
        a stack, the lower piece's places but its top, and the upper piece's top (``on``)."""
        cov = self.cover() if cover is None else cover
        piece = cov.get(space)
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
        data = game_data()
        at = self.furniture[name]
        if at.on is None:
            return 0.0
        sx, sy = hall.footprint_size(data.pieces[name], at.rotation, at.posture)
        x0, y0, x1, y1 = at.col, at.row, at.col + sx, at.row + sy
        below = hall.world_boxes(data.pieces[at.on], self.furniture[at.on])
        return max(
            (b.hi[2] for b in below if b.lo[0] < x1 and b.hi[0] > x0 and b.lo[1] < y1 and b.hi[1] > y0),
            default=0.0,
        )

    def piece_boxes(self, name: str) -> list[Box]:
        """The boxes of piece ``name`` where it stands."""
        return hall.world_boxes(game_data().pieces[name], self.furniture[name], self.base_of(name))

    def scene(self) -> Scene:
        """The sight scene: every piece's boxes and the mirror's face."""
        data = game_data()
        boxes: list[Box] = []
        mirrors: list[Mirror] = []
        for name in sorted(self.furniture):
            shape = data.pieces[name]
            at = self.furniture[name]
            base = self.base_of(name)
            boxes.extend(hall.world_boxes(shape, at, base))
            face = hall.mirror_face(shape, at, base)
            if face is not None:
                mirrors.append(face)
        return Scene(tuple(boxes), tuple(mirrors))

    def carrying(self, name: str) -> bool:
        """Whether another piece is stacked on piece ``name``."""
        return any(at.on == name for at in self.furniture.values())

    def resolve(self, name: str, at: Placement) -> Placement | None:
        """Where piece ``name`` would stand if put down at ``at``'s spot: on the floor, or stacked on
        the one piece whose footprint holds its whole footprint; ``None`` when it may not go there.

        A piece stays inside the hall; it may cover no other piece except the one it is stacked on;
        that piece must stand on the floor (one level of stacking); a piece carrying another is not
        put anywhere (seed "Moving Furniture"; reference "possibly stacked").
        """
        return self.resolver(name)(at)

    def resolver(self, name: str) -> Callable[[Placement], Placement | None]:
        """:meth:`resolve` for piece ``name`` with the other pieces' footprints computed once (for
        trying many spots on an unchanged board)."""
        data = game_data()
        shape = data.pieces[name]
        if self.carrying(name):
            return lambda at: None
        others = [
            (other, oat, frozenset(hall.covered_spaces(data.pieces[other], oat)))
            for other, oat in sorted(self.furniture.items())
            if other != name
        ]

        def resolve(at: Placement) -> Placement | None:
            if not hall.fits_in_hall(shape, at):
                return None
            mine = frozenset(hall.covered_spaces(shape, at))
            hit = [(other, oat, spaces) for other, oat, spaces in others if not spaces.isdisjoint(mine)]
            if not hit:
                return Placement(at.col, at.row, at.rotation, at.posture)
            if len(hit) > 1:
                return None
            low, lat, spaces = hit[0]
            if lat.on is not None or not mine <= spaces:
                return None
            return Placement(at.col, at.row, at.rotation, at.posture, low)

        return resolve

    def placement_free(self, name: str, at: Placement) -> bool:
        """Whether piece ``name`` may be put down at ``at`` (see :meth:`resolve`)."""
        return self.resolve(name, at) == at

    def move_piece(self, name: str, at: Placement) -> bool:
        """Move piece ``name`` to ``at``'s spot (stacked or not, see :meth:`resolve`) and re-seat the
        ghosts it disturbs; ``False`` (and nothing changed) when the piece may not go there or a
        disturbed ghost finds no place in its space.

        Ghosts on or in the moved piece are put on their own space (seed "Moving Furniture"): on
        its floor, or in the first place of the piece now covering it that has room. Ghosts on the
        floor of a space the piece now covers go into its first place with room. Ghosts never change
        space (as "Dance Floor" asks).
        """
        resolved = self.resolve(name, at)
        if resolved is None:
            return False
        at = resolved
        data = game_data()
        old_spaces = set(hall.covered_spaces(data.pieces[name], self.furniture[name]))
        saved = self.furniture[name]
        self.furniture[name] = at
        new_spaces = set(hall.covered_spaces(data.pieces[name], at))
        cover = self.cover()
        touched = old_spaces | new_spaces
        movers = [g for g in sorted(self.ghosts.values(), key=lambda g: g.id) if g.where == HALL and g.space in touched]
        placed: dict[str, str] = {}
        load: dict[tuple[Space, str], int] = {}
        for g in self.ghosts.values():
            if g.where == HALL and g.space is not None and g.space not in touched:
                key = (g.space, g.place)
                load[key] = load.get(key, 0) + data.sizes[g.size].units
        for g in movers:
            assert g.space is not None
            target = None
            for place in self.places_at(g.space, cover):
                if g.size not in place.sizes:
                    continue
                used = load.get((g.space, place.name), 0)
                if used + data.sizes[g.size].units <= place.units:
                    target = place.name
                    break
            if target is None:
                self.furniture[name] = saved
                return False
            placed[g.id] = target
            key = (g.space, target)
            load[key] = load.get(key, 0) + data.sizes[g.size].units
        for gid, where in placed.items():
            self.ghosts[gid].place = where
        return True

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
    ) -> list[str]:
        """The places of ``space`` where a ghost of ``size`` fits now; ``freed`` units of the place
        ``freed_place`` are counted as empty (the ghost a merge replaces)."""
        data = game_data()
        per_space, per_place = self.load() if loads is None else loads
        units = data.sizes[size].units
        total = per_space.get(space, 0) - freed
        if total + units > data.space_capacity:
            return []
        out = []
        for place in self.places_at(space, cover):
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
        piece = self.cover().get(g.space)
        if piece is None:
            return 0.0
        return hall.top_at(self.piece_boxes(piece), g.space)

    def targets(self, lying: bool) -> list[Target]:
        """The sight targets of every ghost in the hall (all lying down when ``lying``)."""
        out = []
        for g in sorted(self.ghosts.values(), key=lambda g: g.id):
            if g.where == HALL and g.space is not None:
                out.append(hall.ghost_target(g.id, g.space, g.size, self.base_height(g), lying, g.place == "inside"))
        return out

    def seen_from(self, side: str, door: int, lying: bool) -> dict[str, str]:
        """Which ghosts door ``door`` of ``side`` sees: ``{ghost id: "direct" | "mirror"}``."""
        return look(self.scene(), hall.eye(side, door), self.targets(lying))

    def seen_from_all(self, lying: bool) -> dict[tuple[str, int], dict[str, str]]:
        """:meth:`seen_from` for all 24 doors at once."""
        scene = self.scene()
        targets = self.targets(lying)
        return {key: look(scene, hall.eye(*key), targets) for key in hall.all_doors()}

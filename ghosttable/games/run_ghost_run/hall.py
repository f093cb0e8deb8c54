"""The hotel hall: spaces, sides, doors, furniture placements and the keyhole's eyes.

Coordinates (reference part 2, "Hall and doors"): a space is ``(column, row)``, columns 0-5 are A-F
west to east, rows 0-5 are 1-6 south to north; space ``(c, r)`` covers ``c..c+1`` by ``r..r+1`` in
the geometry's units. Sides are ``south``, ``west``, ``north``, ``east`` (clockwise around the table).
A side's doors are numbered 1-6 from left to right as seen by the player sitting on that side.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from ghosttable.games.run_ghost_run.data import POSTURES, ROTATIONS, TIPPED_ON_BACK, PieceShape, Place, game_data
from ghosttable.games.run_ghost_run.geometry import Box, Eye, Mirror, Target, top_samples

Space = tuple[int, int]

SIDES: tuple[str, ...] = ("south", "west", "north", "east")
OPPOSITE: dict[str, str] = {"south": "north", "north": "south", "west": "east", "east": "west"}
CLOCKWISE: dict[str, str] = {"south": "west", "west": "north", "north": "east", "east": "south"}
"""The side a quarter turn clockwise from each side (seen from above, north up)."""

INWARD: dict[str, tuple[int, int]] = {"south": (0, 1), "north": (0, -1), "west": (1, 0), "east": (-1, 0)}
"""The step from a side into the hall."""

COLUMNS = 6
ROWS = 6


def space_name(space: Space) -> str:
    """``(2, 0)`` -> ``"C1"``."""
    return f"{'ABCDEF'[space[0]]}{space[1] + 1}"


def parse_space(name: str) -> Space:
    """``"C1"`` -> ``(2, 0)``. Raises ``ValueError`` for a name that is not a space of the hall."""
    if len(name) != 2 or name[0] not in "ABCDEF" or name[1] not in "123456":
        raise ValueError(f"{name!r} is not a space (A1 to F6)")
    return ("ABCDEF".index(name[0]), int(name[1]) - 1)


def all_spaces() -> list[Space]:
    """Every space, row by row from the south-west corner."""
    return list(SPACES)


SPACES: tuple[Space, ...] = tuple((c, r) for r in range(ROWS) for c in range(COLUMNS))
"""Every space, row by row from the south-west corner: space ``(c, r)`` has the index ``r * 6 + c``
here (the index the rules' tables use)."""

SPACE_NAMES: tuple[str, ...] = tuple(space_name(sp) for sp in SPACES)
"""The name of each space, by index."""

SPACE_INDEX: dict[Space, int] = {sp: i for i, sp in enumerate(SPACES)}
"""The index of each space."""

NAME_INDEX: dict[str, int] = {name: i for i, name in enumerate(SPACE_NAMES)}
"""The index of each space by name (``"A1"`` is 0)."""


MAX_STEPS = COLUMNS - 1 + ROWS - 1
"""The longest orthogonal distance between two spaces of the hall."""


def in_hall(space: Space) -> bool:
    """Whether ``space`` is one of the 36 spaces."""
    return 0 <= space[0] < COLUMNS and 0 <= space[1] < ROWS


def door_space(side: str, door: int) -> Space:
    """The space just inside door ``door`` (1-6) of ``side``. Raises ``ValueError``."""
    if not 1 <= door <= 6:
        raise ValueError(f"door {door} does not exist (1 to 6)")
    if side == "south":
        return (door - 1, 0)
    if side == "north":
        return (6 - door, 5)
    if side == "west":
        return (0, 6 - door)
    if side == "east":
        return (5, door - 1)
    raise ValueError(f"{side!r} is not a side")


def door_number(side: str, space: Space) -> int:
    """The number of the door of ``side`` that lines up with ``space``'s column or row."""
    c, r = space
    return {"south": c + 1, "north": 6 - c, "west": 6 - r, "east": r + 1}[side]


def distance_from_side(side: str, space: Space) -> int:
    """How many spaces ``space`` lies beyond the first row or column of ``side`` (0 on that edge)."""
    c, r = space
    return {"south": r, "north": 5 - r, "west": c, "east": 5 - c}[side]


def manhattan(a: Space, b: Space) -> int:
    """Orthogonal distance between two spaces (ghosts never move diagonally)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def path_between(a: Space, b: Space) -> list[Space]:
    """The spaces after ``a`` up to ``b`` along the digital edition's path: columns first, then rows."""
    out: list[Space] = []
    c, r = a
    while c != b[0]:
        c += 1 if b[0] > c else -1
        out.append((c, r))
    while r != b[1]:
        r += 1 if b[1] > r else -1
        out.append((c, r))
    return out


def entry_path(side: str, space: Space) -> list[Space]:
    """The spaces a ghost entering from ``side`` crosses to reach ``space``, starting with the
    first space inside the door that lines up with it."""
    dx, dy = INWARD[side]
    first = door_space(side, door_number(side, space))
    out = [first]
    here = first
    while here != space:
        here = (here[0] + dx, here[1] + dy)
        out.append(here)
    return out


def exit_path(side: str, space: Space) -> list[Space]:
    """The spaces after ``space`` up to the edge of ``side``, straight toward it."""
    dx, dy = INWARD[side]
    out: list[Space] = []
    here = space
    while distance_from_side(side, here) > 0:
        here = (here[0] - dx, here[1] - dy)
        out.append(here)
    return out


@functools.cache
def eye(side: str, door: int) -> Eye:
    """The keyhole's eye at door ``door`` of ``side``: just outside the door, level with the centre
    of that row or column, at the data's height, looking into the hall (reference part 2)."""
    e = game_data().eye
    c, r = door_space(side, door)
    dx, dy = INWARD[side]
    cx, cy = c + 0.5, r + 0.5
    if dy:
        y = -e.distance if dy > 0 else ROWS + e.distance
        position = (cx, y, e.height)
    else:
        x = -e.distance if dx > 0 else COLUMNS + e.distance
        position = (x, cy, e.height)
    return Eye.looking(
        position,
        (float(dx), float(dy)),
        math.radians(e.pitch_degrees),
        math.radians(e.half_horizontal_degrees),
        math.radians(e.half_vertical_degrees),
    )


def eye_json(side: str, door: int) -> dict[str, Any]:
    """The keyhole's eye at door ``door`` of ``side`` for a perspective picture: ``{"position",
    "forward", "right", "up"}`` (each ``[x, y, z]``, rounded to 1e-6) and the half-angles in degrees
    (``half_horizontal_degrees``, ``half_vertical_degrees``); a fresh dict each call. Raises
    ``ValueError`` for a door that does not exist."""
    position, forward, right, up = _eye_numbers(side, door)
    data = game_data().eye
    return {
        "position": list(position),
        "forward": list(forward),
        "right": list(right),
        "up": list(up),
        "half_horizontal_degrees": data.half_horizontal_degrees,
        "half_vertical_degrees": data.half_vertical_degrees,
    }


@functools.cache
def _eye_numbers(side: str, door: int) -> tuple[tuple[float, ...], ...]:
    e = eye(side, door)
    return tuple(tuple(round(v, 6) for v in vec) for vec in (e.position, e.forward, e.right, e.up))


def all_doors() -> list[tuple[str, int]]:
    """The 24 doors as ``(side, number)``, side by side clockwise from the south."""
    return [(side, n) for side in SIDES for n in range(1, 7)]


def all_eyes() -> dict[tuple[str, int], Eye]:
    """The eye of every door."""
    return {key: eye(*key) for key in all_doors()}


# ----- furniture --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placement:
    """Where a piece stands: the south-west space of its footprint, its rotation (0, 90, 180, 270:
    its front faces south, west, north, east), its posture (``standing`` or ``tipped``) and the
    piece it is stacked on (``None``: the floor)."""

    col: int
    row: int
    rotation: int
    posture: str
    on: str | None = None

    @property
    def anchor(self) -> str:
        """The anchor space's name (``"B2"``)."""
        return space_name((self.col, self.row))


def _local_size(shape: PieceShape, posture: str) -> tuple[int, int, float]:
    """Width, depth (spaces) and height of the piece in its local frame after tipping."""
    return _local_size_of(shape.name, posture)


@functools.cache
def _local_size_of(name: str, posture: str) -> tuple[int, int, float]:
    shape = game_data().pieces[name]
    if posture == "tipped":
        return max(1, math.ceil(shape.height - 1e-9)), shape.depth, _side(shape)
    if posture == TIPPED_ON_BACK:
        return shape.width, max(1, math.ceil(shape.height - 1e-9)), _back(shape)
    return shape.width, shape.depth, shape.height


def _back(shape: PieceShape) -> float:
    """How far the piece reaches toward its back: what it rests on tipped as rules 1.0 tipped it."""
    return max(b[4] for b in shape.boxes)


def _side(shape: PieceShape) -> float:
    """How far the piece reaches across its width: its side face, which it rests on once tipped
    (seed, "Overexcited": "Tip the furniture over onto its side")."""
    return max(b[3] for b in shape.boxes)


def footprint_size(shape: PieceShape, rotation: int, posture: str) -> tuple[int, int]:
    """The footprint in spaces ``(east-west, north-south)``."""
    w, d, _ = _local_size(shape, posture)
    return (w, d) if rotation in (0, 180) else (d, w)


def covered_spaces(shape: PieceShape, at: Placement) -> tuple[Space, ...]:
    """The spaces the piece stands on, row by row from the south-west one."""
    return _covered(shape.name, at.col, at.row, at.rotation, at.posture)[0]


def covered_mask(shape: PieceShape, at: Placement) -> int:
    """:func:`covered_spaces` as a bit mask: bit ``r * 6 + c`` for space ``(c, r)`` (spaces outside
    the hall, for a placement that does not fit, count nothing)."""
    return _covered(shape.name, at.col, at.row, at.rotation, at.posture)[1]


def covered_by(name: str, at: Placement) -> tuple[tuple[Space, ...], int]:
    """``(covered_spaces, covered_mask)`` of the data's piece ``name`` standing at ``at``."""
    return _covered(name, at.col, at.row, at.rotation, at.posture)


@functools.cache
def _covered(name: str, col: int, row: int, rotation: int, posture: str) -> tuple[tuple[Space, ...], int]:
    sx, sy = footprint_size(game_data().pieces[name], rotation, posture)
    spaces = tuple((col + i, row + j) for j in range(sy) for i in range(sx))
    mask = 0
    for c, r in spaces:
        if 0 <= c < COLUMNS and 0 <= r < ROWS:
            mask |= 1 << (r * COLUMNS + c)
    return spaces, mask


@dataclass(frozen=True, slots=True)
class Spot:
    """One spot to put a piece down at: its ``placement`` on the floor (``on`` is ``None``), the
    spaces it covers (:func:`covered_spaces`) and their bit ``mask`` (:func:`covered_mask`), and
    whether it stays inside the hall (:func:`fits_in_hall`)."""

    placement: Placement
    spaces: tuple[Space, ...]
    mask: int
    in_hall: bool


@functools.cache
def spots(name: str, postures: tuple[str, ...] = POSTURES) -> tuple[Spot, ...]:
    """Every spot of piece ``name`` (its 2 postures x 4 rotations x 36 anchor spaces, inside the
    hall or not), in the order furniture placements are listed: postures as ``postures``
    (``POSTURES``, or rules 1.0's ``POSTURES_1_0``), then rotations as ``ROTATIONS``, then anchor
    spaces row by row. Raises ``KeyError`` for an unknown piece."""
    shape = game_data().pieces[name]
    out = []
    for posture in postures:
        for rotation in ROTATIONS:
            for c, r in SPACES:
                at = Placement(c, r, rotation, posture)
                out.append(Spot(at, covered_spaces(shape, at), covered_mask(shape, at), fits_in_hall(shape, at)))
    return tuple(out)


def fits_in_hall(shape: PieceShape, at: Placement) -> bool:
    """Whether the piece stays inside the hall."""
    sx, sy = footprint_size(shape, at.rotation, at.posture)
    return at.col >= 0 and at.row >= 0 and at.col + sx <= COLUMNS and at.row + sy <= ROWS


def _to_world(
    shape: PieceShape, at: Placement, u: float, v: float, z: float, base: float = 0.0
) -> tuple[float, float, float]:
    w, d, _ = _local_size(shape, at.posture)
    if at.posture == "tipped":
        # on its side: a quarter turn about the front-to-back axis, the side u = _side on the floor
        u, v, z = z, v, _side(shape) - u
    elif at.posture == TIPPED_ON_BACK:
        u, v, z = u, z, _back(shape) - v
    if at.rotation == 0:
        x, y = u, v
    elif at.rotation == 90:
        x, y = v, w - u
    elif at.rotation == 180:
        x, y = w - u, d - v
    else:
        x, y = d - v, u
    return (at.col + x, at.row + y, base + z)


def world_boxes(shape: PieceShape, at: Placement, base: float = 0.0) -> list[Box]:
    """The piece's boxes in the hall's frame, raised by ``base`` (a stacked piece)."""
    if shape is not game_data().pieces.get(shape.name):
        return _world_boxes(shape, at, base)
    return list(_placed_boxes(shape.name, at.col, at.row, at.rotation, at.posture, base))


@functools.lru_cache(maxsize=16384)
def _placed_boxes(name: str, col: int, row: int, rotation: int, posture: str, base: float) -> tuple[Box, ...]:
    """:func:`world_boxes` of the data's piece ``name`` (computed once per placement and base)."""
    return tuple(_world_boxes(game_data().pieces[name], Placement(col, row, rotation, posture), base))


def _world_boxes(shape: PieceShape, at: Placement, base: float) -> list[Box]:
    out = []
    for u0, v0, z0, u1, v1, z1 in shape.boxes:
        a = _to_world(shape, at, u0, v0, z0, base)
        b = _to_world(shape, at, u1, v1, z1, base)
        lo = (min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]))
        hi = (max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]))
        out.append(Box(lo, hi, shape.name))
    return out


def mirror_face(shape: PieceShape, at: Placement, base: float = 0.0) -> Mirror | None:
    """The piece's reflective face in the hall's frame (raised by ``base``), or ``None`` for a
    piece without one."""
    if shape.mirror is None:
        return None
    if shape is not game_data().pieces.get(shape.name):
        return _mirror_face(shape, at, base)
    return _placed_face(shape.name, at.col, at.row, at.rotation, at.posture, base)


@functools.lru_cache(maxsize=4096)
def _placed_face(name: str, col: int, row: int, rotation: int, posture: str, base: float) -> Mirror | None:
    """:func:`mirror_face` of the data's piece ``name`` (computed once per placement and base)."""
    return _mirror_face(game_data().pieces[name], Placement(col, row, rotation, posture), base)


def _mirror_face(shape: PieceShape, at: Placement, base: float) -> Mirror | None:
    if shape.mirror is None:
        return None
    face_v, face_h = shape.mirror
    a = _to_world(shape, at, 0.0, face_v, 0.0, base)
    b = _to_world(shape, at, float(shape.width), face_v, face_h, base)
    front = _to_world(shape, at, 0.0, face_v - 0.5, 0.0, base)
    axis = next(k for k in range(3) if abs(a[k] - b[k]) < 1e-9)
    sign = 1 if front[axis] > a[axis] else -1
    lo = (min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2]))
    hi = (max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]))
    return Mirror(axis, a[axis], sign, lo, hi, shape.name)


def facing(at: Placement) -> str:
    """The side of the hall the piece's front looks toward."""
    return {0: "south", 90: "west", 180: "north", 270: "east"}[at.rotation]


def places_of(shape: PieceShape, at: Placement) -> tuple[Place, ...]:
    """The places the piece offers in each space it covers, for its posture."""
    return places_in(shape, at.posture)


def places_in(shape: PieceShape, posture: str) -> tuple[Place, ...]:
    """The places the piece offers in each space it covers in ``posture``."""
    if posture == "tipped":
        return shape.tipped_places
    return shape.back_places if posture == TIPPED_ON_BACK else shape.places


def top_at(boxes: list[Box], space: Space) -> float:
    """The height of the highest box over ``space``'s centre (0.0 when none is)."""
    cx, cy = space[0] + 0.5, space[1] + 0.5
    top = 0.0
    for box in boxes:
        if box.lo[0] <= cx <= box.hi[0] and box.lo[1] <= cy <= box.hi[1]:
            top = max(top, box.hi[2])
    return top


def ghost_target(gid: str, space: Space, size: str, base: float, lying: bool, enclosed: bool) -> Target:
    """The sight target of a ghost of ``size`` standing (or lying) at the centre of ``space`` on
    height ``base``; ``enclosed`` for a ghost inside a piece."""
    data = game_data()
    sd = data.sizes[size]
    height = sd.height * (data.lying_factor if lying else 1.0)
    return Target(gid, top_samples(space[0] + 0.5, space[1] + 0.5, base, sd.half_width, height), enclosed)


SIDE_DISTANCE: dict[str, tuple[int, ...]] = {
    side: tuple(distance_from_side(side, sp) for sp in SPACES) for side in SIDES
}
"""``SIDE_DISTANCE[side][i]``: :func:`distance_from_side` of the space of index ``i``."""

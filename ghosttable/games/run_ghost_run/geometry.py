"""Exact sight geometry for the keyhole: segments against boxes, a frustum, mirror reflection.

This module knows nothing of the rules: it works on a :class:`Scene` (axis-aligned furniture boxes and
axis-aligned mirror faces), an :class:`Eye` (a point with a rectangular field of view) and
:class:`Target` ghosts (sample points on their top face). Units: one space = 1.0; ``x`` runs west to
east, ``y`` south to north, ``z`` up from the floor.

Sight model (reference part 2, "What the keyhole sees"): a target is seen when a straight segment
from the eye to one of its sample points lies in the field of view and crosses the interior of no
box, or when a segment from the eye meets a mirror's face (inside the field of view, unobstructed)
and the reflected segment from there reaches a sample point unobstructed. Ghosts never hide each
other. Every test is a closed-form segment/box or segment/plane computation: no sampling noise,
the same answer on every machine.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Vec = tuple[float, float, float]

EPSILON = 1e-9
"""Tolerance of the tests: a segment that only touches a box's surface is not obstructed by it."""


@dataclass(frozen=True, slots=True)
class Box:
    """An axis-aligned box from ``lo`` to ``hi`` (each ``(x, y, z)``); ``label`` names its piece."""

    lo: Vec
    hi: Vec
    label: str = ""

    def to_json(self) -> list[float]:
        """``[x0, y0, z0, x1, y1, z1]``, rounded to 1e-6."""
        return [round(v, 6) for v in (*self.lo, *self.hi)]


@dataclass(frozen=True, slots=True)
class Mirror:
    """A rectangular reflective face lying in the plane ``axis = coord`` (axis 0 = x, 1 = y, 2 = z),
    reflecting toward the side ``sign`` (+1 or -1) of that plane, spanning ``lo``..``hi`` on the
    other two axes (the ``axis`` components of ``lo`` and ``hi`` equal ``coord``)."""

    axis: int
    coord: float
    sign: int
    lo: Vec
    hi: Vec
    label: str = "mirror"

    def to_json(self) -> dict[str, object]:
        """``{"axis": "x"|"y"|"z", "coord": float, "facing": +1|-1, "lo": [..], "hi": [..]}``."""
        return {
            "axis": "xyz"[self.axis],
            "coord": round(self.coord, 6),
            "facing": self.sign,
            "lo": [round(v, 6) for v in self.lo],
            "hi": [round(v, 6) for v in self.hi],
        }


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything that can stop or bend a line of sight."""

    boxes: tuple[Box, ...]
    mirrors: tuple[Mirror, ...] = ()


@dataclass(frozen=True, slots=True)
class Eye:
    """The keyhole's eye at ``position`` with an orthonormal frame (``forward``, ``right``, ``up``)
    and a rectangular field of view of half-angle tangents ``tan_h`` (horizontal, about ``up``) and
    ``tan_v`` (vertical, about ``right``)."""

    position: Vec
    forward: Vec
    right: Vec
    up: Vec
    tan_h: float
    tan_v: float

    def in_view(self, point: Vec) -> bool:
        """Whether ``point`` lies inside the field of view (on its boundary counts as inside)."""
        ex, ey, ez = self.position
        dx, dy, dz = point[0] - ex, point[1] - ey, point[2] - ez
        ahead = dx * self.forward[0] + dy * self.forward[1] + dz * self.forward[2]
        if ahead <= EPSILON:
            return False
        side = dx * self.right[0] + dy * self.right[1] + dz * self.right[2]
        rise = dx * self.up[0] + dy * self.up[1] + dz * self.up[2]
        return abs(side) <= self.tan_h * ahead + EPSILON and abs(rise) <= self.tan_v * ahead + EPSILON

    @classmethod
    def looking(cls, position: Vec, heading: tuple[float, float], pitch: float, half_h: float, half_v: float) -> Eye:
        """An eye at ``position`` looking along the horizontal unit ``heading`` ``(dx, dy)``, tilted
        down by ``pitch`` radians, with half-angles ``half_h`` and ``half_v`` in radians."""
        hx, hy = heading
        c, s = math.cos(pitch), math.sin(pitch)
        forward = (hx * c, hy * c, -s)
        right = (hy, -hx, 0.0)
        up = (hx * s, hy * s, c)
        return cls(position, forward, right, up, math.tan(half_h), math.tan(half_v))


@dataclass(frozen=True, slots=True)
class Target:
    """A ghost as seen by the keyhole: its ``samples`` (points of its top face) and whether it is
    ``enclosed`` (inside a piece: never seen)."""

    id: str
    samples: tuple[Vec, ...]
    enclosed: bool = False


def top_samples(cx: float, cy: float, base: float, half_width: float, height: float) -> tuple[Vec, ...]:
    """The sample points of a ghost standing at ``(cx, cy)`` on ``base``: the centre and the four
    corners of its top face (a square of side ``2 * half_width`` at ``base + height``)."""
    z = base + height
    return (
        (cx, cy, z),
        (cx - half_width, cy - half_width, z),
        (cx + half_width, cy - half_width, z),
        (cx - half_width, cy + half_width, z),
        (cx + half_width, cy + half_width, z),
    )


def segment_crosses_box(a: Vec, b: Vec, box: Box) -> bool:
    """Whether the segment ``a``-``b`` passes through the interior of ``box`` (slab method; a
    segment that only touches the surface, an edge or a corner does not cross it)."""
    t0, t1 = 0.0, 1.0
    for k in range(3):
        start = a[k]
        delta = b[k] - start
        lo, hi = box.lo[k], box.hi[k]
        if -EPSILON < delta < EPSILON:
            if start <= lo + EPSILON or start >= hi - EPSILON:
                return False
            continue
        ta = (lo - start) / delta
        tb = (hi - start) / delta
        if ta > tb:
            ta, tb = tb, ta
        if ta > t0:
            t0 = ta
        if tb < t1:
            t1 = tb
        if t1 - t0 <= EPSILON:
            return False
    return True


def segment_clear(a: Vec, b: Vec, boxes: Iterable[Box]) -> bool:
    """Whether the segment ``a``-``b`` crosses none of ``boxes``."""
    minx, maxx = (a[0], b[0]) if a[0] < b[0] else (b[0], a[0])
    miny, maxy = (a[1], b[1]) if a[1] < b[1] else (b[1], a[1])
    minz, maxz = (a[2], b[2]) if a[2] < b[2] else (b[2], a[2])
    for box in boxes:
        lo, hi = box.lo, box.hi
        if hi[0] <= minx or lo[0] >= maxx:
            continue
        if hi[1] <= miny or lo[1] >= maxy:
            continue
        if hi[2] <= minz or lo[2] >= maxz:
            continue
        if segment_crosses_box(a, b, box):
            return False
    return True


def reflection_point(eye: Vec, point: Vec, mirror: Mirror) -> Vec | None:
    """Where the line of sight from ``eye`` to ``point`` by way of ``mirror`` meets its face, or
    ``None`` when both are not in front of the face or the meeting point is off the face."""
    k = mirror.axis
    c = mirror.coord
    de = (eye[k] - c) * mirror.sign
    dp = (point[k] - c) * mirror.sign
    if de <= EPSILON or dp <= EPSILON:
        return None
    t = de / (de + dp)
    hit = [eye[i] + (point[i] - eye[i]) * t for i in range(3)]
    hit[k] = c
    for i in range(3):
        if i != k and not mirror.lo[i] - EPSILON <= hit[i] <= mirror.hi[i] + EPSILON:
            return None
    return (hit[0], hit[1], hit[2])


Flat = tuple[float, float, float, float, float, float]
"""A box as ``(x0, y0, z0, x1, y1, z1)``."""


def flatten(boxes: Iterable[Box]) -> tuple[Flat, ...]:
    """The boxes as ``(x0, y0, z0, x1, y1, z1)`` tuples, for :func:`segment_clear_flat`."""
    return tuple((b.lo[0], b.lo[1], b.lo[2], b.hi[0], b.hi[1], b.hi[2]) for b in boxes)


def segment_clear_flat(a: Vec, b: Vec, flat: tuple[Flat, ...]) -> bool:
    """:func:`segment_clear` on flattened boxes (the same test, inlined for speed)."""
    ax, ay, az = a
    dx, dy, dz = b[0] - ax, b[1] - ay, b[2] - az
    minx, maxx = (ax, ax + dx) if dx >= 0 else (ax + dx, ax)
    miny, maxy = (ay, ay + dy) if dy >= 0 else (ay + dy, ay)
    minz, maxz = (az, az + dz) if dz >= 0 else (az + dz, az)
    for x0, y0, z0, x1, y1, z1 in flat:
        if x1 <= minx or x0 >= maxx or y1 <= miny or y0 >= maxy or z1 <= minz or z0 >= maxz:
            continue
        t0, t1 = 0.0, 1.0
        blocked = True
        for start, delta, lo, hi in ((ax, dx, x0, x1), (ay, dy, y0, y1), (az, dz, z0, z1)):
            if -EPSILON < delta < EPSILON:
                if start <= lo + EPSILON or start >= hi - EPSILON:
                    blocked = False
                    break
                continue
            ta = (lo - start) / delta
            tb = (hi - start) / delta
            if ta > tb:
                ta, tb = tb, ta
            if ta > t0:
                t0 = ta
            if tb < t1:
                t1 = tb
            if t1 - t0 <= EPSILON:
                blocked = False
                break
        if blocked:
            return False
    return True


def sees(
    scene: Scene,
    eye: Eye,
    target: Target,
    flat: tuple[Flat, ...] | None = None,
    mirrors: Sequence[Mirror] | None = None,
) -> str | None:
    """How ``eye`` sees ``target``: ``"direct"``, ``"mirror"``, or ``None`` when it is hidden.

    Direct sight is tried first, over every sample; then each mirror in order. ``flat`` and
    ``mirrors`` may pass the scene's boxes already flattened and the mirrors the eye is in front
    of (as :func:`look` does) to save time.
    """
    if target.enclosed:
        return None
    origin = eye.position
    boxes = flatten(scene.boxes) if flat is None else flat
    for sample in target.samples:
        if eye.in_view(sample) and segment_clear_flat(origin, sample, boxes):
            return "direct"
    for mirror in scene.mirrors if mirrors is None else mirrors:
        for sample in target.samples:
            hit = reflection_point(origin, sample, mirror)
            if hit is None or not eye.in_view(hit):
                continue
            if segment_clear_flat(origin, hit, boxes) and segment_clear_flat(hit, sample, boxes):
                return "mirror"
    return None


Group = tuple[Flat, tuple[Flat, ...]]
"""Boxes that belong together (one piece's) under their bounding box: ``(bounds, boxes)``."""


def group_boxes(boxes: Iterable[Box]) -> tuple[Group, ...]:
    """The boxes, flattened, in groups of consecutive boxes with the same label, each group under
    its bounding box (for :func:`segment_clear_grouped`)."""
    groups: list[list[Box]] = []
    for box in boxes:
        if groups and groups[-1][0].label == box.label:
            groups[-1].append(box)
        else:
            groups.append([box])
    out = []
    for group in groups:
        lo = tuple(min(b.lo[k] for b in group) for k in range(3))
        hi = tuple(max(b.hi[k] for b in group) for k in range(3))
        out.append(((lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]), flatten(group)))
    return tuple(out)


Segment = tuple[float, float, float, float, float, float, float, float, float, float, float, float, bool, bool, bool]
"""A segment as :func:`segment_clear_along` reads it (see :func:`segment_of`)."""


def segment_of(a: Vec, b: Vec) -> Segment:
    """The segment ``a``-``b`` as :func:`segment_clear_along` reads it: ``a``, the step ``b - a``,
    the bounds of the segment's bounding box on each axis, and whether it is flat on each axis
    (its step within ``EPSILON`` of 0)."""
    ax, ay, az = a
    dx, dy, dz = b[0] - ax, b[1] - ay, b[2] - az
    minx, maxx = (ax, ax + dx) if dx >= 0 else (ax + dx, ax)
    miny, maxy = (ay, ay + dy) if dy >= 0 else (ay + dy, ay)
    minz, maxz = (az, az + dz) if dz >= 0 else (az + dz, az)
    flat_x = -EPSILON < dx < EPSILON
    flat_y = -EPSILON < dy < EPSILON
    flat_z = -EPSILON < dz < EPSILON
    return (ax, ay, az, dx, dy, dz, minx, maxx, miny, maxy, minz, maxz, flat_x, flat_y, flat_z)


def segment_clear_grouped(a: Vec, b: Vec, groups: tuple[Group, ...]) -> bool:
    """:func:`segment_clear_flat` over the boxes of ``groups``, skipping each group whose bounding
    box the segment's bounding box does not meet (no box inside it could stop the segment): the same
    tests, each axis's written out, the same answer."""
    return segment_clear_along(segment_of(a, b), groups)


def segment_clear_along(segment: Segment, groups: tuple[Group, ...] | list[Group]) -> bool:
    """:func:`segment_clear_grouped` of a segment made once (:func:`segment_of`), for testing the
    same segment against the pieces of many layouts."""
    ax, ay, az, dx, dy, dz, minx, maxx, miny, maxy, minz, maxz, flat_x, flat_y, flat_z = segment
    for (gx0, gy0, gz0, gx1, gy1, gz1), boxes in groups:
        if gx1 <= minx or gx0 >= maxx or gy1 <= miny or gy0 >= maxy or gz1 <= minz or gz0 >= maxz:
            continue
        for x0, y0, z0, x1, y1, z1 in boxes:
            if x1 <= minx or x0 >= maxx or y1 <= miny or y0 >= maxy or z1 <= minz or z0 >= maxz:
                continue
            t0, t1 = 0.0, 1.0
            if flat_x:
                if ax <= x0 + EPSILON or ax >= x1 - EPSILON:
                    continue
            else:
                ta = (x0 - ax) / dx
                tb = (x1 - ax) / dx
                if ta > tb:
                    ta, tb = tb, ta
                if ta > t0:
                    t0 = ta
                if tb < t1:
                    t1 = tb
                if t1 - t0 <= EPSILON:
                    continue
            if flat_y:
                if ay <= y0 + EPSILON or ay >= y1 - EPSILON:
                    continue
            else:
                ta = (y0 - ay) / dy
                tb = (y1 - ay) / dy
                if ta > tb:
                    ta, tb = tb, ta
                if ta > t0:
                    t0 = ta
                if tb < t1:
                    t1 = tb
                if t1 - t0 <= EPSILON:
                    continue
            if flat_z:
                if az <= z0 + EPSILON or az >= z1 - EPSILON:
                    continue
            else:
                ta = (z0 - az) / dz
                tb = (z1 - az) / dz
                if ta > tb:
                    ta, tb = tb, ta
                if ta > t0:
                    t0 = ta
                if tb < t1:
                    t1 = tb
                if t1 - t0 <= EPSILON:
                    continue
            return False
    return True


FACE_MARGIN = 1e-6
"""How far outside the field of view a mirror's whole face must lie for :func:`face_in_view` to
say no (far more than any rounding error of a reflection point)."""


def face_in_view(eye: Eye, mirror: Mirror) -> bool:
    """Whether some point of ``mirror``'s face (grown by ``EPSILON``, as :func:`reflection_point`
    accepts it) may lie in ``eye``'s field of view; ``False`` only when all four corners break one
    of the view's bounds by more than ``FACE_MARGIN``, so that no reflection point can be in view."""
    k = mirror.axis
    a, b = [i for i in range(3) if i != k]
    corners = []
    for u in (mirror.lo[a] - EPSILON, mirror.hi[a] + EPSILON):
        for v in (mirror.lo[b] - EPSILON, mirror.hi[b] + EPSILON):
            point = [0.0, 0.0, 0.0]
            point[k], point[a], point[b] = mirror.coord, u, v
            corners.append(point)
    ex, ey, ez = eye.position
    bounds: list[list[float]] = [[], [], [], [], []]
    for px, py, pz in corners:
        dx, dy, dz = px - ex, py - ey, pz - ez
        ahead = dx * eye.forward[0] + dy * eye.forward[1] + dz * eye.forward[2]
        side = dx * eye.right[0] + dy * eye.right[1] + dz * eye.right[2]
        rise = dx * eye.up[0] + dy * eye.up[1] + dz * eye.up[2]
        bounds[0].append(ahead - EPSILON)
        bounds[1].append(eye.tan_h * ahead + EPSILON - side)
        bounds[2].append(eye.tan_h * ahead + EPSILON + side)
        bounds[3].append(eye.tan_v * ahead + EPSILON - rise)
        bounds[4].append(eye.tan_v * ahead + EPSILON + rise)
    return not any(max(values) < -FACE_MARGIN for values in bounds)


def sees_through(
    eye: Eye,
    target: Target,
    visible: Sequence[bool],
    groups: tuple[Group, ...],
    mirrors: Sequence[Mirror],
) -> str | None:
    """:func:`sees` with its parts known: ``visible[i]`` is ``eye.in_view`` of the target's sample
    ``i``, ``groups`` the scene's boxes grouped (see :func:`group_boxes`), ``mirrors`` the mirrors
    the eye is in front of whose face may be in view (see :func:`face_in_view`). The same answer as
    :func:`sees`: the same tests in the same order, computed the same way (:func:`reflection_point`
    and :meth:`Eye.in_view` written out here)."""
    if target.enclosed:
        return None
    origin = eye.position
    for sample, seen in zip(target.samples, visible, strict=True):
        if seen and segment_clear_grouped(origin, sample, groups):
            return "direct"
    return sees_reflected(eye, target, groups, mirrors)


def sees_reflected(eye: Eye, target: Target, groups: tuple[Group, ...], mirrors: Sequence[Mirror]) -> str | None:
    """``"mirror"`` when ``eye`` sees ``target`` in one of ``mirrors`` (the reflected half of
    :func:`sees_through`, with the same parts), else ``None``."""
    if not mirrors or target.enclosed:
        return None
    origin = eye.position
    samples = target.samples
    ex, ey, ez = origin
    f0, f1, f2 = eye.forward
    r0, r1, r2 = eye.right
    u0, u1, u2 = eye.up
    tan_h, tan_v = eye.tan_h, eye.tan_v
    for mirror in mirrors:
        k = mirror.axis
        c = mirror.coord
        sign = mirror.sign
        de = (origin[k] - c) * sign
        if de <= EPSILON:
            continue
        lo, hi = mirror.lo, mirror.hi
        for sample in samples:
            dp = (sample[k] - c) * sign
            if dp <= EPSILON:
                continue
            t = de / (de + dp)
            hx = ex + (sample[0] - ex) * t
            hy = ey + (sample[1] - ey) * t
            hz = ez + (sample[2] - ez) * t
            if k == 0:
                hx = c
            elif k == 1:
                hy = c
            else:
                hz = c
            if (k != 0 and not lo[0] - EPSILON <= hx <= hi[0] + EPSILON) or (
                k != 1 and not lo[1] - EPSILON <= hy <= hi[1] + EPSILON
            ):
                continue
            if k != 2 and not lo[2] - EPSILON <= hz <= hi[2] + EPSILON:
                continue
            dx, dy, dz = hx - ex, hy - ey, hz - ez
            ahead = dx * f0 + dy * f1 + dz * f2
            if ahead <= EPSILON:
                continue
            side = dx * r0 + dy * r1 + dz * r2
            rise = dx * u0 + dy * u1 + dz * u2
            if not (abs(side) <= tan_h * ahead + EPSILON and abs(rise) <= tan_v * ahead + EPSILON):
                continue
            hit = (hx, hy, hz)
            if segment_clear_grouped(origin, hit, groups) and segment_clear_grouped(hit, sample, groups):
                return "mirror"
    return None


def look(scene: Scene, eye: Eye, targets: Iterable[Target]) -> dict[str, str]:
    """``{target id: "direct" | "mirror"}`` for every target ``eye`` sees."""
    seen: dict[str, str] = {}
    flat = flatten(scene.boxes)
    facing = [m for m in scene.mirrors if (eye.position[m.axis] - m.coord) * m.sign > EPSILON]
    for target in targets:
        how = sees(scene, eye, target, flat, facing)
        if how is not None:
            seen[target.id] = how
    return seen


def look_all(
    scene: Scene, eyes: Mapping[tuple[str, int], Eye], targets: Sequence[Target]
) -> dict[tuple[str, int], dict[str, str]]:
    """:func:`look` for many eyes at once (e.g. all 24 doors): ``{(side, door): {id: how}}``."""
    return {key: look(scene, eye, targets) for key, eye in eyes.items()}

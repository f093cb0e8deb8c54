"""The Midnight Strikes cards (seed, "Midnight Strikes Cards"; option ``midnight``).

Rules 1.0 (``RunGhostRunState.midnight_as_written`` false) read four cards otherwise: I'm Dizzy
turned the starting sides clockwise, Tag, You're It placed a ghost on the third row from the side
(:data:`TAG_DISTANCE_1_0`), Dance Floor slid each piece straight to its nearest edge, and I'll Tell
My Big Brother also took an unused piece under Ghost Merging.

The die holder draws a card at the start of every turn from the second; :func:`draw_effect` applies
what happens at once, :func:`choices` and :func:`apply_choice` run the two cards that ask each seat
to choose. The cards that act later in the turn (Double Curious, Knock, Knock, Knock, Perched Cat,
Crystal Ball's door) are read by the turn itself in ``rules``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import EXITED, HALL, RESERVE, UNUSED, Ghost
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, PieceShape, game_data
from ghosttable.games.run_ghost_run.hall import Placement, Space, parse_space, space_name

if TYPE_CHECKING:
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

BOARD_QUARTER_TURN: dict[str, str] = {after: before for before, after in hall.CLOCKWISE.items()}
"""I'm Dizzy (seed: "Rotate the board a quarter turn clockwise"): the hall turns under the seated
players, so each starting side becomes the hall's edge that was counter-clockwise of it (south ->
east -> north -> west -> south: the south player now faces the old east edge)."""

TAG_DISTANCE = 3
"""Tag, You're It with no ghost to replace (seed: "place one from your reserve 3 spaces away from
your starting side"): the space 3 spaces from that edge, its fourth row (distance 3, the distance
being 0 on the edge's own row)."""

TAG_DISTANCE_1_0 = 2
"""Tag, You're It under rules 1.0: the third row from the starting side (distance 2)."""


def draw_effect(state: RunGhostRunState) -> bool:
    """Apply the drawn card's immediate effect (seed, "Midnight Strikes Cards"); ``True`` when seats
    must now choose, in turn from the die holder."""
    card = state.midnight
    if card == "everybody_to_shelter":
        state.lying = True
    elif card == "overexcited":
        for name in sorted(state.board.furniture, key=lambda n: (state.board.furniture[n].on is None, n)):
            at = state.board.furniture[name]
            tipped = state.postures[1]
            if at.posture != tipped:
                auto_place(state, name, [Placement(c, r, at.rotation, tipped) for c, r in _near(at.col, at.row)])
    elif card == "grimace_contest":
        _grimace(state)
    elif card == "tag_youre_it":
        n = state.players
        state.tag_targets = {}
        for s in range(n):
            right = (s - 1) % n
            state.tag_targets[s] = [g.id for g in state.board.ghosts_of(right, HALL) if g.size == "small"]
        state.queue = [s for s in state.order() if choices(state, s)]
    elif card == "dance_floor":
        if state.midnight_as_written:
            _dance_floor(state)
        else:
            _dance_to_edge(state)
    elif card == "big_brother":
        state.queue = [s for s in state.order() if choices(state, s)]
    elif card == "im_dizzy":
        turn = BOARD_QUARTER_TURN if state.midnight_as_written else hall.CLOCKWISE
        state.start_side = [turn[s] for s in state.start_side]
    elif card == "crystal_ball":
        state.crystal = state.chance.roll("crystal_die", [1, 2, 3, 4, 5, 6])
    elif card == "one_two_three_sun":
        _sun(state)
    if card in ("tag_youre_it", "big_brother") and state.queue:
        state.phase = "midnight"
        return True
    return False


def choices(state: RunGhostRunState, seat: int) -> list[Action]:
    """The choices ``seat`` has for the drawn card (Tag, You're It; I'll Tell My Big Brother)."""
    if state.midnight == "tag_youre_it":
        mine = [g for g in state.board.ghosts_of(seat, RESERVE) if g.size == "small"]
        if not mine:
            return []
        right = (seat - 1) % state.players
        targets = [
            gid
            for gid in state.tag_targets.get(seat, [])
            if state.board.ghosts[gid].where == HALL and state.board.ghosts[gid].owner == right
        ]
        if state.tag_targets.get(seat):
            return [Action.make("tag", ghost=gid) for gid in targets]
        start = state.start_side[seat]
        out = []
        distance = TAG_DISTANCE if state.midnight_as_written else TAG_DISTANCE_1_0
        for sp in hall.all_spaces():
            if hall.distance_from_side(start, sp) == distance:
                fits = state.board.fitting_places(sp, "small")
                if fits:
                    out.append(Action.make("tag_place", to=space_name(sp), place=fits[0]))
        return out
    if state.midnight == "big_brother":
        out = []
        units = game_data().sizes
        for g in state.board.ghosts_of(seat, HALL):
            bigger = NEXT_SIZE.get(g.size)
            if bigger is None or g.space is None:
                continue
            if not _reserve_of(state, seat, bigger):
                continue
            if g.place in state.board.fitting_places(g.space, bigger, freed=units[g.size].units, freed_place=g.place):
                out.append(Action.make("grow", ghost=g.id))
        return out
    return []


def apply_choice(state: RunGhostRunState, seat: int, action: Action) -> None:
    """Carry out ``seat``'s legal choice for the drawn card, then pass to the next seat that has one."""
    if action.kind == "tag":
        theirs = state.board.ghosts[str(action["ghost"])]
        mine = next(g for g in state.board.ghosts_of(seat, RESERVE) if g.size == "small")
        assert theirs.space is not None
        mine.to_hall(theirs.space, theirs.place)
        theirs.to_side(RESERVE)
        state._say(f"{mine.id} takes the place of {theirs.id}")
    elif action.kind == "tag_place":
        mine = next(g for g in state.board.ghosts_of(seat, RESERVE) if g.size == "small")
        mine.to_hall(parse_space(str(action["to"])), str(action["place"]))
        state._say(f"{mine.id} is placed on {action['to']}")
    elif action.kind == "grow":
        g = state.board.ghosts[str(action["ghost"])]
        big = _reserve_of(state, seat, NEXT_SIZE[g.size])[0]
        assert g.space is not None
        big.to_hall(g.space, g.place)
        g.to_side(RESERVE)
        state._say(f"{big.id} replaces {g.id}")
    state.queue.pop(0)
    while state.queue and not choices(state, state.queue[0]):
        state.queue.pop(0)
    if not state.queue:
        state._draw_cards()


def _reserve_of(state: RunGhostRunState, seat: int, size: str) -> list[Ghost]:
    """``seat``'s ghosts of ``size`` in its reserve (on its starting side), by id: what I'll Tell My
    Big Brother takes from (seed: "a ghost of the next size up from your reserve"; under Ghost
    Merging a piece no merge has made yet is not in the reserve). Under rules 1.0 an unused piece
    came too, after the reserve's."""
    if not state.midnight_as_written:
        spare = [h for h in state.board.ghosts_of(seat) if h.size == size and h.where in (RESERVE, UNUSED)]
        return sorted(spare, key=lambda h: (h.where != RESERVE, h.id))
    return sorted((h for h in state.board.ghosts_of(seat, RESERVE) if h.size == size), key=lambda h: h.id)


def auto_place(state: RunGhostRunState, name: str, candidates: list[Placement]) -> bool:
    """Move piece ``name`` to the first candidate spot it may take (stacked where the spot lies
    on another piece); a piece carrying another stays."""
    if state.board.carrying(name):
        return False
    for spot in candidates:
        at = state.board.resolve(name, spot)
        if at is not None and at == state.board.furniture[name]:
            return True
        if at is not None and state.board.move_piece(name, at):
            return True
    return False


def _grimace(state: RunGhostRunState) -> None:
    at = state.board.furniture["mirror"]
    shape = game_data().pieces["mirror"]
    fx, fy = hall.footprint_size(shape, at.rotation, "standing")
    cx, cy = at.col + fx / 2, at.row + fy / 2
    dx, dy = 3.0 - cx, 3.0 - cy
    rotation = (270 if dx > 0 else 90) if abs(dx) >= abs(dy) else 0 if dy < 0 else 180
    auto_place(state, "mirror", [Placement(c, r, rotation, "standing") for c, r in _near(at.col, at.row)])
    mirror = state.board.furniture["mirror"]
    face_side = hall.facing(mirror)
    dxf, dyf = {"south": (0, -1), "north": (0, 1), "west": (-1, 0), "east": (1, 0)}[face_side]
    ms = hall.covered_spaces(shape, mirror)[0]
    for seat in state.order():
        small = next((g for g in state.board.ghosts_of(seat, RESERVE) if g.size == "small"), None)
        if small is None:
            continue
        best: tuple[float, Space, str] | None = None
        for sp in hall.all_spaces():
            ahead = (sp[0] - ms[0]) * dxf + (sp[1] - ms[1]) * dyf
            if ahead < 0 or (ahead == 0 and sp != ms):
                continue
            fits = [p for p in state.board.fitting_places(sp, "small") if p != "inside"]
            if not fits:
                continue
            dist = math.hypot(sp[0] - ms[0], sp[1] - ms[1])
            key = (dist, sp, fits[0])
            if best is None or key < best:
                best = key
        if best is not None:
            small.to_hall(best[1], best[2])
            state.frozen.append(small.id)
            state._say(f"{small.id} faces the mirror on {space_name(best[1])}")


def _dance_floor(state: RunGhostRunState) -> None:
    """Dance Floor (seed: "Move each piece of furniture to the door closest to where it is, without
    extending beyond the hall. Ghosts stay on the spaces where they are."): each piece, stacked ones
    first, then the one nearest its door first, goes to the door closest to its footprint's centre
    (ties: the doors' order, clockwise from south door 1), its rotation and posture kept, against
    that door's edge and covering the door's space (of such spots, the one nearest where it stood).
    Where none of those is free, it goes as near that door as it can, or stays."""
    jobs = []
    for name in sorted(state.board.furniture):
        door, gap = _closest_door(state, name)
        jobs.append((state.board.furniture[name].on is None, gap, name, door))
    for _, _, name, door in sorted(jobs):
        at = state.board.furniture[name]
        order = _toward_door(game_data().pieces[name], at, door)
        auto_place(state, name, [Placement(c, r, at.rotation, at.posture) for c, r in order])


def _dance_to_edge(state: RunGhostRunState) -> None:
    """Dance Floor under rules 1.0: each piece (stacked ones first, then the one nearest an edge)
    slides straight to the edge it is nearest to (ties: south, west, north, east as
    ``hall.SIDES``), or as far as it can."""
    data = game_data()
    jobs = []
    for name in sorted(state.board.furniture):
        at = state.board.furniture[name]
        fx, fy = hall.footprint_size(data.pieces[name], at.rotation, at.posture)
        gaps = {
            "south": at.row,
            "north": hall.ROWS - at.row - fy,
            "west": at.col,
            "east": hall.COLUMNS - at.col - fx,
        }
        side = min(hall.SIDES, key=lambda s: (gaps[s], hall.SIDES.index(s)))
        jobs.append((at.on is None, gaps[side], name, side))
    for _, _, name, side in sorted(jobs):
        at = state.board.furniture[name]
        fx, fy = hall.footprint_size(data.pieces[name], at.rotation, at.posture)
        if side == "south":
            cands = [(at.col, r) for r in range(0, at.row + 1)]
        elif side == "north":
            cands = [(at.col, r) for r in range(hall.ROWS - fy, at.row - 1, -1)]
        elif side == "west":
            cands = [(c, at.row) for c in range(0, at.col + 1)]
        else:
            cands = [(c, at.row) for c in range(hall.COLUMNS - fx, at.col - 1, -1)]
        auto_place(state, name, [Placement(c, r, at.rotation, at.posture) for c, r in cands])


def _toward_door(shape: PieceShape, at: Placement, door: tuple[str, int]) -> list[Space]:
    """The anchors where a piece standing at ``at`` (its rotation and posture kept) may go toward
    ``door``, best first: against the door's edge and covering its space first, then by the gap
    between the footprint's centre and the door, then by how little it moves; none farther than
    where it stands (its own anchor ends the list)."""
    fx, fy = hall.footprint_size(shape, at.rotation, at.posture)
    px, py = _door_point(*door)
    dc, dr = hall.door_space(*door)
    side = door[0]

    def key(anchor: Space) -> tuple[bool, float, int, int, int]:
        c, r = anchor
        if side in ("south", "north"):
            against = (r == 0 if side == "south" else r + fy == hall.ROWS) and c <= dc < c + fx
        else:
            against = (c == 0 if side == "west" else c + fx == hall.COLUMNS) and r <= dr < r + fy
        gap = math.hypot(c + fx / 2 - px, r + fy / 2 - py)
        return (not against, gap, abs(c - at.col) + abs(r - at.row), r, c)

    anchors = [(c, r) for c, r in hall.all_spaces() if c + fx <= hall.COLUMNS and r + fy <= hall.ROWS]
    order = sorted(anchors, key=key)
    here = (at.col, at.row)
    return order[: order.index(here) + 1] if here in order else order


def _door_point(side: str, number: int) -> tuple[float, float]:
    """The middle of door ``number`` of ``side``, on the hall's edge (one space = 1.0)."""
    c, r = hall.door_space(side, number)
    return {
        "south": (c + 0.5, 0.0),
        "north": (c + 0.5, float(hall.ROWS)),
        "west": (0.0, r + 0.5),
        "east": (float(hall.COLUMNS), r + 0.5),
    }[side]


def _closest_door(state: RunGhostRunState, name: str) -> tuple[tuple[str, int], float]:
    """The door closest to piece ``name``'s footprint centre (ties: ``hall.all_doors`` order) and
    how far it is."""
    at = state.board.furniture[name]
    fx, fy = hall.footprint_size(game_data().pieces[name], at.rotation, at.posture)
    cx, cy = at.col + fx / 2, at.row + fy / 2
    best: tuple[float, int, tuple[str, int]] | None = None
    for k, door in enumerate(hall.all_doors()):
        px, py = _door_point(*door)
        key = (math.hypot(cx - px, cy - py), k, door)
        if best is None or key < best:
            best = key
    assert best is not None
    return best[2], best[0]


def _sun(state: RunGhostRunState) -> None:
    for seat in state.order():
        exit_side = state.exit_side(seat)
        mine = [g for g in state.board.ghosts_of(seat, HALL) if g.space is not None]
        mine.sort(key=lambda g: (hall.distance_from_side(exit_side, g.space or (0, 0)), g.id))
        dx, dy = hall.INWARD[state.start_side[seat]]
        for g in mine:
            assert g.space is not None
            if hall.distance_from_side(exit_side, g.space) == 0:
                g.to_side(EXITED)
                continue
            nxt = (g.space[0] + dx, g.space[1] + dy)
            saved = (g.space, g.place)
            g.to_side(RESERVE)
            fits = state.board.fitting_places(nxt, g.size)
            if fits:
                g.to_hall(nxt, fits[0])
            else:
                g.to_hall(*saved)


def _near(col: int, row: int) -> list[tuple[int, int]]:
    """Every anchor space, nearest to ``(col, row)`` first (ties by row, then column)."""
    return sorted(hall.all_spaces(), key=lambda s: (abs(s[0] - col) + abs(s[1] - row), s[1], s[0]))

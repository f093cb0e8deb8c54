"""The legal actions of Run, Ghost, Run! listed the plain way, as version 1.0 of the rules first
listed them: every step of every ghost tried on a copy of the board, every spot of a piece of
furniture resolved against the other pieces' footprints. Slow, and kept only to check the rules'
fast listing against it (``test_listing.py``).

It reads a state's public bookkeeping (``board``, ``plans``, ``phase``, ``moved``, ...) and uses
nothing of the board's own methods but its data, so that it stays an independent account.
"""

from __future__ import annotations

from typing import Any

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import EXITED, FLOOR, HALL, RESERVE, UNUSED, Ghost
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, POSTURES, ROTATIONS, Place, game_data
from ghosttable.games.run_ghost_run.hall import Placement, Space, parse_space, space_name
from ghosttable.games.run_ghost_run.rules import RunGhostRunState

Ghosts = dict[str, Ghost]
Furniture = dict[str, Placement]
Loads = tuple[dict[Space, int], dict[tuple[Space, str], int]]


# ----- the board, as plain functions of its ghosts and furniture ---------------------------------


def cover(furniture: Furniture) -> dict[Space, str]:
    data = game_data()
    out: dict[Space, str] = {}
    for name, at in sorted(furniture.items(), key=lambda kv: kv[1].on is not None):
        for sp in hall.covered_spaces(data.pieces[name], at):
            out[sp] = name
    return out


def places_at(furniture: Furniture, space: Space, cov: dict[Space, str]) -> tuple[Place, ...]:
    piece = cov.get(space)
    if piece is None:
        return (FLOOR,)
    data = game_data()
    at = furniture[piece]
    own = hall.places_of(data.pieces[piece], at)
    if at.on is None:
        return own
    lower = hall.places_of(data.pieces[at.on], furniture[at.on])
    return tuple(p for p in lower if p.name != "on") + tuple(p for p in own if p.name == "on")


def load(ghosts: Ghosts) -> Loads:
    units = game_data().sizes
    per_space: dict[Space, int] = {}
    per_place: dict[tuple[Space, str], int] = {}
    for g in ghosts.values():
        if g.where == HALL and g.space is not None:
            u = units[g.size].units
            per_space[g.space] = per_space.get(g.space, 0) + u
            per_place[(g.space, g.place)] = per_place.get((g.space, g.place), 0) + u
    return per_space, per_place


def fitting_places(
    ghosts: Ghosts,
    furniture: Furniture,
    space: Space,
    size: str,
    cov: dict[Space, str] | None = None,
    loads: Loads | None = None,
    freed: int = 0,
    freed_place: str = "",
) -> list[str]:
    data = game_data()
    per_space, per_place = load(ghosts) if loads is None else loads
    units = data.sizes[size].units
    if per_space.get(space, 0) - freed + units > data.space_capacity:
        return []
    out = []
    for place in places_at(furniture, space, cover(furniture) if cov is None else cov):
        if size not in place.sizes:
            continue
        used = per_place.get((space, place.name), 0) - (freed if place.name == freed_place else 0)
        if used + units <= place.units:
            out.append(place.name)
    return out


def ghosts_of(ghosts: Ghosts, seat: int, where: str | None = None) -> list[Ghost]:
    return sorted(
        (g for g in ghosts.values() if g.owner == seat and (where is None or g.where == where)), key=lambda g: g.id
    )


def resolve(furniture: Furniture, name: str, at: Placement) -> Placement | None:
    data = game_data()
    shape = data.pieces[name]
    if any(p.on == name for p in furniture.values()):
        return None
    if not hall.fits_in_hall(shape, at):
        return None
    mine = frozenset(hall.covered_spaces(shape, at))
    hit = [
        (other, oat)
        for other, oat in sorted(furniture.items())
        if other != name and not frozenset(hall.covered_spaces(data.pieces[other], oat)).isdisjoint(mine)
    ]
    if not hit:
        return Placement(at.col, at.row, at.rotation, at.posture)
    if len(hit) > 1:
        return None
    low, lat = hit[0]
    if lat.on is not None or not mine <= frozenset(hall.covered_spaces(data.pieces[low], lat)):
        return None
    return Placement(at.col, at.row, at.rotation, at.posture, low)


def move_piece(ghosts: Ghosts, furniture: Furniture, name: str, at: Placement) -> bool:
    resolved = resolve(furniture, name, at)
    if resolved is None:
        return False
    data = game_data()
    old_spaces = set(hall.covered_spaces(data.pieces[name], furniture[name]))
    saved = furniture[name]
    furniture[name] = resolved
    new_spaces = set(hall.covered_spaces(data.pieces[name], resolved))
    cov = cover(furniture)
    touched = old_spaces | new_spaces
    movers = [g for g in sorted(ghosts.values(), key=lambda g: g.id) if g.where == HALL and g.space in touched]
    placed: dict[str, str] = {}
    used_by: dict[tuple[Space, str], int] = {}
    for g in ghosts.values():
        if g.where == HALL and g.space is not None and g.space not in touched:
            used_by[(g.space, g.place)] = used_by.get((g.space, g.place), 0) + data.sizes[g.size].units
    for g in movers:
        assert g.space is not None
        target = None
        for place in places_at(furniture, g.space, cov):
            if (
                g.size in place.sizes
                and used_by.get((g.space, place.name), 0) + data.sizes[g.size].units <= place.units
            ):
                target = place.name
                break
        if target is None:
            furniture[name] = saved
            return False
        placed[g.id] = target
        used_by[(g.space, target)] = used_by.get((g.space, target), 0) + data.sizes[g.size].units
    for gid, where in placed.items():
        ghosts[gid].place = where
    return True


def copy_ghosts(ghosts: Ghosts) -> Ghosts:
    return {k: Ghost(g.id, g.owner, g.size, g.where, g.space, g.place) for k, g in ghosts.items()}


# ----- movement plans ------------------------------------------------------------------------------


def merge_result(ghosts: Ghosts, seat: int, size: str) -> Ghost | None:
    want = NEXT_SIZE.get(size)
    if want is None:
        return None
    pieces = [g for g in ghosts_of(ghosts, seat) if g.size == want]
    for where in (UNUSED, RESERVE):
        for g in pieces:
            if g.where == where:
                return g
    return None


def carry_step_strict(
    state: RunGhostRunState, ghosts: Ghosts, furniture: Furniture, act: Action, made: set[str]
) -> None:
    g = ghosts[str(act["ghost"])]
    seat = g.owner
    dest = str(act["to"])
    if dest == "exit":
        g.to_side(EXITED)
        return
    sp = parse_space(dest)
    place = str(act["place"])
    merge = act.get("merge")
    g.to_side(RESERVE)
    if merge is not None:
        t = ghosts.get(str(merge))
        units = game_data().sizes
        if t is not None and t.where == HALL and t.space == sp and t.place == place and t.id not in made:
            result_size = "medium" if g.size == t.size else "large"
            piece = merge_result(ghosts, seat, "small" if result_size == "medium" else "medium")
            if piece is not None and place in fitting_places(
                ghosts, furniture, sp, result_size, freed=units[t.size].units, freed_place=place
            ):
                t.to_side(RESERVE)
                g.to_side(RESERVE)
                piece.to_hall(sp, place)
                made.add(piece.id)
                return
    g.to_hall(sp, place)


def tentative(state: RunGhostRunState, seat: int) -> tuple[Ghosts, set[str], set[str], int]:
    """The ghosts as ``seat``'s plan so far leaves them, the ghosts it stepped, the ghosts its
    merges made, and its points left."""
    ghosts = copy_ghosts(state.board.ghosts)
    furniture = dict(state.board.furniture)
    stepped: set[str] = set()
    made: set[str] = set()
    spent = 0
    for act in state.plans[seat]:
        if act.kind != "step":
            continue
        carry_step_strict(state, ghosts, furniture, act, made)
        stepped.add(str(act["ghost"]))
        spent += int(act["cost"])  # type: ignore[arg-type]
    cid = state.cards[seat]
    value = game_data().card(cid).value if cid is not None else 0
    return ghosts, stepped, made, value - spent


def plan_actions(state: RunGhostRunState, seat: int) -> list[Action]:
    ghosts, stepped, made, left = tentative(state, seat)
    furniture = state.board.furniture
    if left <= 0:
        return [Action.make("done")]
    cov = cover(furniture)
    loads = load(ghosts)
    start = state.start_side[seat]
    exit_side = hall.OPPOSITE[start]
    movers: list[Ghost] = []
    offered: set[tuple[str, str]] = set()
    blocked = stepped | made | set(state.frozen)
    mine = ghosts_of(ghosts, seat)
    has_small_reserve = any(g.size == "small" and g.where == RESERVE and g.id not in blocked for g in mine)
    for g in mine:
        if g.id in blocked:
            continue
        sendable = g.where == RESERVE or (
            state.merging and g.where == EXITED and g.size == "small" and not has_small_reserve
        )
        if g.where == HALL:
            movers.append(g)
        elif sendable and (g.where, g.size) not in offered:
            offered.add((g.where, g.size))
            movers.append(g)
    acts: list[Action] = []
    units = game_data().sizes
    for g in movers:
        for sp in hall.all_spaces():
            if g.where == HALL:
                assert g.space is not None
                if sp == g.space:
                    continue
                cost = hall.manhattan(g.space, sp)
            else:
                cost = 1 + hall.distance_from_side(start, sp)
            if cost > left:
                continue
            for place in fitting_places(ghosts, furniture, sp, g.size, cov, loads):
                acts.append(Action.make("step", ghost=g.id, to=space_name(sp), place=place, cost=cost))
            if not state.merging:
                continue
            for t in ghosts_of(ghosts, seat, HALL):
                if t.space != sp or t.id == g.id or t.id in made:
                    continue
                if {g.size, t.size} not in ({"small"}, {"small", "medium"}):
                    continue
                result_size = "medium" if g.size == t.size else "large"
                if merge_result(ghosts, seat, "small" if result_size == "medium" else "medium") is None:
                    continue
                if t.place in fitting_places(
                    ghosts, furniture, sp, result_size, cov, loads, freed=units[t.size].units, freed_place=t.place
                ):
                    acts.append(
                        Action.make("step", ghost=g.id, to=space_name(sp), place=t.place, cost=cost, merge=t.id)
                    )
        if g.where == HALL and g.space is not None:
            cost = hall.distance_from_side(exit_side, g.space) + 1
            if cost <= left:
                acts.append(Action.make("step", ghost=g.id, to="exit", cost=cost))
    acts.append(Action.make("done"))
    return acts


# ----- furniture -------------------------------------------------------------------------------------


def furniture_options(state: RunGhostRunState, seat: int) -> list[str]:
    furniture = state.board.furniture
    carrying = {at.on for at in furniture.values()}
    free = [p for p in sorted(furniture) if p not in state.moved and p not in carrying]
    cid = state.cards[seat]
    shown = [p for p in game_data().card(cid or 0).furniture if p in free]
    return shown or free


def seats_everyone(places: tuple[Place, ...], groups: list[list[Ghost]]) -> bool:
    units = game_data().sizes
    for group in groups:
        load_of: dict[str, int] = {}
        for g in group:
            for place in places:
                if g.size in place.sizes and load_of.get(place.name, 0) + units[g.size].units <= place.units:
                    load_of[place.name] = load_of.get(place.name, 0) + units[g.size].units
                    break
            else:
                return False
    return True


def placements(state: RunGhostRunState, name: str) -> list[Action]:
    ghosts, furniture = state.board.ghosts, state.board.furniture
    shape = game_data().pieces[name]
    current = furniture[name]
    by_space: dict[Space, list[Ghost]] = {}
    for g in sorted(ghosts.values(), key=lambda g: g.id):
        if g.where == HALL and g.space is not None:
            by_space.setdefault(g.space, []).append(g)

    def can_move(at: Placement) -> bool:
        return move_piece(copy_ghosts(ghosts), dict(furniture), name, at)

    lifted = current.on is not None and any(x in by_space for x in hall.covered_spaces(shape, current))
    out = []
    for posture in POSTURES:
        for rotation in ROTATIONS:
            for sp in hall.all_spaces():
                at = resolve(furniture, name, Placement(sp[0], sp[1], rotation, posture))
                if at is None or at == current:
                    continue
                spaces = hall.covered_spaces(shape, at)
                if lifted:
                    if not can_move(at):
                        continue
                elif at.on is None:
                    if not seats_everyone(hall.places_of(shape, at), [by_space.get(x, []) for x in spaces]):
                        continue
                elif any(x in by_space for x in spaces) and not can_move(at):
                    continue
                out.append(Action.make("place", piece=name, at=space_name(sp), rotation=rotation, posture=posture))
    here = Action.make("place", piece=name, at=current.anchor, rotation=current.rotation, posture=current.posture)
    return [here, *out]


def legal_actions(state: RunGhostRunState, seat: int) -> list[Action]:
    """The legal actions of ``seat`` at a furniture or plan decision (what the reference lists)."""
    if state.phase == "furniture":
        if state.grasped is None:
            grasps = [Action.make("grasp", piece=p) for p in furniture_options(state, seat)]
            return [*grasps, Action.make("pass")]
        return placements(state, state.grasped)
    if state.phase == "plan":
        return plan_actions(state, seat)
    raise ValueError(f"the reference lists no {state.phase} decision")


def ghosts_after(state: RunGhostRunState, seat: int) -> list[Any]:
    """Every ghost as ``seat``'s plan so far leaves it: ``[id, where, space, place]``, by id."""
    ghosts = tentative(state, seat)[0]
    return [[g.id, g.where, g.space, g.place] for g in sorted(ghosts.values(), key=lambda g: g.id)]

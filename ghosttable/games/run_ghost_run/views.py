"""Per-seat views of Run, Ghost, Run! (the shape is documented in ``docs/games/run_ghost_run.md``).

Everything on the table is public: the hall, the furniture (with its boxes and mirror face, ready for
a perspective picture), every ghost, the drawn Movement cards, the keyhole, the roll-off, the last
turn's revealed plans and what the keyhole saw. Secret: another seat's movement plan until the
reveal (a seat sees only whether the others are done), and the order of both piles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.data import game_data, posture_text
from ghosttable.games.run_ghost_run.hall import eye_json, space_name

if TYPE_CHECKING:
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

__all__ = ["VIEW_VERSION", "build_view", "eye_json"]

VIEW_VERSION = 1

LOG_TAIL = 30
"""How many of the newest log lines a view holds (``log_length`` gives the full count, the
game's ``state_log`` every line)."""


def build_view(state: RunGhostRunState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``state`` for ``seat`` (``None``: a spectator)."""
    data = game_data()
    board = state.board
    cover = board.cover()
    per_space, per_place = board.load()
    names = state.game.seat_names()
    players = []
    for s in range(state.players):
        cid = state.cards[s]
        players.append(
            {
                "seat": s,
                "colour": names[s],
                "start_side": state.start_side[s],
                "exit_side": state.exit_side(s),
                "card": data.card(cid).to_json() if cid is not None else None,
                "points": state.points(s),
                "exited": len(board.ghosts_of(s, "exited")),
                "at_home": len(board.ghosts_of(s, "reserve")),
                "keyhole_choices": state.choices_made[s],
                "plan_done": state.submitted[s] if state.phase == "plan" else None,
            }
        )
    spaces = []
    for sp in hall.all_spaces():
        spaces.append(
            {
                "name": space_name(sp),
                "col": sp[0],
                "row": sp[1],
                "piece": cover.get(sp),
                "used": per_space.get(sp, 0),
                "places": [
                    {
                        "name": p.name,
                        "units": p.units,
                        "sizes": list(p.sizes),
                        "used": per_place.get((sp, p.name), 0),
                    }
                    for p in board.places_at(sp, cover)
                ],
            }
        )
    furniture = []
    for name in sorted(board.furniture):
        at = board.furniture[name]
        shape = data.pieces[name]
        base = board.base_of(name)
        face = hall.mirror_face(shape, at, base)
        furniture.append(
            {
                "name": name,
                "anchor": at.anchor,
                "col": at.col,
                "row": at.row,
                "rotation": at.rotation,
                "facing": hall.facing(at),
                "posture": posture_text(at.posture),
                "spaces": [space_name(x) for x in hall.covered_spaces(shape, at)],
                "on": at.on,
                "base": round(base, 6),
                "boxes": [b.to_json() for b in hall.world_boxes(shape, at, base)],
                "mirror": face.to_json() if face is not None else None,
                "places": [p.name for p in hall.places_of(shape, at)],
                "moved_this_turn": name in state.moved,
            }
        )
    ghosts = []
    for g in sorted(board.ghosts.values(), key=lambda g: g.id):
        ghosts.append(
            {
                "id": g.id,
                "owner": g.owner,
                "colour": names[g.owner],
                "size": g.size,
                "where": g.where,
                "space": space_name(g.space) if g.space is not None else None,
                "place": g.place or None,
                "base": round(board.base_height(g), 6) if g.space is not None else None,
                "posture": "lying" if state.lying and g.where == "hall" else "standing",
            }
        )
    side, door = state.keyhole
    midnight = None
    if state.midnight is not None:
        card = data.midnight_card(state.midnight)
        midnight = {"id": card.id, "title": card.title, "text": card.text}
    out: dict[str, Any] = {
        "view_version": VIEW_VERSION,
        "seat": seat,
        "turn": state.turn,
        "turns": state.turn + len(state.deck) // state.players,
        "phase": state.phase,
        "decision": _decision(state),
        "die_holder": state.die_holder,
        "options": {"merging": state.merging, "midnight": state.use_midnight},
        "players": players,
        "hall": {"columns": hall.COLUMNS, "rows": hall.ROWS, "spaces": spaces},
        "doors": [{"side": d[0], "number": d[1], "space": space_name(hall.door_space(*d))} for d in hall.all_doors()],
        "furniture": furniture,
        "ghosts": ghosts,
        "keyhole": {
            "side": side,
            "door": door,
            "space": space_name(hall.door_space(side, door)),
            "eye": eye_json(side, door),
        },
        "ghost_shapes": {
            name: {"height": sd.height, "half_width": sd.half_width, "units": sd.units}
            for name, sd in data.sizes.items()
        },
        "lying_factor": data.lying_factor,
        "midnight": {
            "card": midnight,
            "crystal_ball": state.crystal,
            "pile": len(state.midnight_deck),
            "lying": state.lying,
        },
        "piles": {"movement": len(state.deck), "discard": len(state.discard)},
        "roll_off": {"rollers": list(state.rollers), "rolls": [list(r) for r in state.rolls], "chooser": state.chooser},
        "last_turn": state.report,
        "my_plan": None,
        "log": state.log[-LOG_TAIL:],
        "log_length": len(state.log),
    }
    if seat is not None and state.phase == "plan":
        board_after, _, _, left = state._tentative(seat)
        out["my_plan"] = {
            "steps": [{k: v for k, v in a.params} for a in state.plans[seat] if a.kind == "step"],
            "points_left": left,
            "done": state.submitted[seat],
            "ghosts_after": [
                {
                    "id": g.id,
                    "where": g.where,
                    "space": space_name(g.space) if g.space is not None else None,
                    "place": g.place or None,
                }
                for g in board_after.ghosts_of(seat)
            ],
        }
    return out


def _decision(state: RunGhostRunState) -> dict[str, Any] | None:
    if state.is_terminal():
        return None
    acting = list(state.acting_seats())
    name = state.decision_name(acting[0]) if acting else "none"
    extra: dict[str, Any] = {}
    if state.phase == "furniture" and state.grasped is not None:
        extra["grasped"] = state.grasped
    return {"name": name, "seats": acting, **extra}

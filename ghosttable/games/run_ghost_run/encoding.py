"""Run, Ghost, Run!'s fixed action space and observation tensor (layout:
docs/games/run_ghost_run.md, "Encoding for learning agents").

A movement plan is staged step by step (see :mod:`sealing`): the ids are those of the steps and of
``done``, never of whole sealed plans. Ids are fixed by kind and values: the ghosts (every seat's,
in ``board.ghosts`` order), the 36 spaces, the four places, the furniture, postures and rotations.
A step's ``cost`` is not indexed (the ghost and where it goes fix it), nor, for a merge, the space
and place (the ghost merged into fixes them): ``step ghost=G to=S place=P`` by ghost, space and
place; ``step ghost=G to=exit`` by ghost; ``step ghost=G merge=H`` by the two ghosts.

The tensor reads the seat's view only: the seat's own staged plan is there (``my_plan``), another
seat's never, nor its length.
"""

from __future__ import annotations

from typing import Any, cast

from ghosttable.core.state import Game
from ghosttable.games.encoding import ActionFamily, ActionSpace, Family, GameEncoding, TensorBuilder
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import EXITED, HALL, RESERVE, UNUSED
from ghosttable.games.run_ghost_run.data import POSTURES, ROTATIONS, SIZES, game_data
from ghosttable.games.run_ghost_run.rules import RunGhostRunState

PLACES = ("floor", "inside", "on", "under")
WHERE = (RESERVE, HALL, EXITED, UNUSED)
PHASES = ("setup", "furniture", "plan", "keyhole", "midnight", "over")
MAX_SEATS = 4


def ghost_ids(game: Game) -> tuple[str, ...]:
    """Every ghost of ``game`` (all seats'), in the board's order."""
    state = cast(RunGhostRunState, game.new_initial_state(seed=0))
    return tuple(state.board.ghosts)


def action_families(game: Game) -> list[ActionFamily]:
    """The families of Run, Ghost, Run!'s actions with ``game``'s seats, in id order."""
    ghosts = ghost_ids(game)
    spaces = hall.SPACE_NAMES
    pieces = tuple(game_data().pieces)
    return [
        Family("done"),
        Family("pass"),
        Family("keyhole", (("side", hall.SIDES),)),
        Family("grasp", (("piece", pieces),)),
        Family(
            "place",
            (("piece", pieces), ("at", spaces), ("posture", POSTURES), ("rotation", ROTATIONS)),
        ),
        Family("step", (("ghost", ghosts), ("to", spaces), ("place", PLACES)), ignored=("cost",)),
        Family("step", (("ghost", ghosts), ("to", ("exit",))), ignored=("cost",)),
        Family("step", (("ghost", ghosts), ("merge", ghosts)), ignored=("cost", "place", "to")),
        Family("tag", (("ghost", ghosts),)),
        Family("tag_place", (("to", spaces), ("place", PLACES))),
        Family("grow", (("ghost", ghosts),)),
    ]


def observer(game: Game) -> Any:
    """The function that fills a tensor from a view of ``game`` (its seats fix the ghosts)."""
    ghosts = ghost_ids(game)
    spaces = hall.SPACE_NAMES
    pieces = tuple(game_data().pieces)
    cards = tuple(c.id for c in game_data().midnight)
    seats = range(MAX_SEATS)

    def observe(out: TensorBuilder, view: dict[str, Any], seat: int | None) -> None:
        out.one_hot("seat", seat, seats)
        out.scalar("turn", view["turn"], view["turns"])
        out.one_hot("phase", view["phase"], PHASES)
        decision = view.get("decision") or {}
        out.many_hot("deciding", decision.get("seats") or (), seats)
        out.one_hot("die_holder", view.get("die_holder"), seats)
        rows = {p["seat"]: p for p in view["players"]}
        for s in seats:
            p = rows.get(s) or {}
            card = p.get("card") or {}
            out.scalar(f"player[{s}].present", bool(p))
            out.scalar(f"player[{s}].points", p.get("points"), 7)
            out.scalar(f"player[{s}].exited", p.get("exited"), 7)
            out.scalar(f"player[{s}].at_home", p.get("at_home"), 7)
            out.scalar(f"player[{s}].card_value", card.get("value"), 10)
            out.many_hot(f"player[{s}].card_furniture", card.get("furniture") or (), pieces)
            out.scalar(f"player[{s}].keyhole_choices", p.get("keyhole_choices"), 3)
            out.scalar(f"player[{s}].plan_done", p.get("plan_done"))
        by_space = {sp["name"]: sp for sp in view["hall"]["spaces"]}
        for name in spaces:
            sp = by_space.get(name) or {}
            out.one_hot(f"space[{name}].piece", sp.get("piece"), pieces)
            out.scalar(f"space[{name}].used", sp.get("used"), 4)
        by_piece = {f["name"]: f for f in view["furniture"]}
        for name in pieces:
            f = by_piece.get(name) or {}
            out.one_hot(f"piece[{name}].anchor", f.get("anchor"), spaces)
            out.one_hot(f"piece[{name}].rotation", f.get("rotation"), ROTATIONS)
            out.one_hot(f"piece[{name}].posture", f.get("posture"), POSTURES)
            out.one_hot(f"piece[{name}].on", f.get("on"), pieces)
            out.scalar(f"piece[{name}].moved_this_turn", f.get("moved_this_turn"))
        by_ghost = {g["id"]: g for g in view["ghosts"]}
        for gid in ghosts:
            g = by_ghost.get(gid) or {}
            out.one_hot(f"ghost[{gid}].where", g.get("where"), WHERE)
            out.one_hot(f"ghost[{gid}].space", g.get("space"), spaces)
            out.one_hot(f"ghost[{gid}].place", g.get("place"), PLACES)
            out.one_hot(f"ghost[{gid}].size", g.get("size"), SIZES)
            out.scalar(f"ghost[{gid}].lying", g.get("posture") == "lying")
        keyhole = view.get("keyhole") or {}
        out.one_hot("keyhole.side", keyhole.get("side"), hall.SIDES)
        out.scalar("keyhole.door", keyhole.get("door"), 6)
        midnight = view.get("midnight") or {}
        drawn = midnight.get("card") or {}
        out.one_hot("midnight.card", drawn.get("id"), cards)
        out.scalar("midnight.pile", midnight.get("pile"), len(cards))
        out.scalar("midnight.lying", midnight.get("lying"))
        piles = view.get("piles") or {}
        out.scalar("piles.movement", piles.get("movement"), 20)
        out.scalar("piles.discard", piles.get("discard"), 20)
        plan = view.get("my_plan") or {}
        out.scalar("my_plan.points_left", plan.get("points_left"), 10)
        out.scalar("my_plan.done", plan.get("done"))
        out.scalar("my_plan.steps", len(plan.get("steps") or ()), 7)
        after = {g["id"]: g for g in plan.get("ghosts_after") or ()}
        for k in range(7):
            own = [gid for gid in ghosts if gid in after]
            g = after[own[k]] if k < len(own) else {}
            out.one_hot(f"my_plan.ghost[{k}].where", g.get("where"), WHERE)
            out.one_hot(f"my_plan.ghost[{k}].space", g.get("space"), spaces)
            out.one_hot(f"my_plan.ghost[{k}].place", g.get("place"), PLACES)

    return observe


def encoding(game: Game) -> GameEncoding:
    """The encoding of a loaded Run, Ghost, Run! game (its seat count fixes the ghosts)."""
    return GameEncoding(game, ActionSpace(action_families(game)), observer(game))

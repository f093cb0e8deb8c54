"""Building Run, Ghost, Run! positions for rule tests: scripted chance and hand-placed ghosts."""

from __future__ import annotations

from typing import Any

from ghosttable.core import Action
from ghosttable.games.run_ghost_run import RunGhostRun, RunGhostRunState
from ghosttable.games.run_ghost_run.data import game_data
from ghosttable.games.run_ghost_run.hall import parse_space

NO_FURNITURE = {4: 1, 5: 3, 6: 6, 7: 10, 8: 14, 9: 18}
"""Movement card ids of the cards showing no furniture, by value."""


def new_state(
    players: int = 2,
    first: list[int] | None = None,
    holder: int = 0,
    keyhole: tuple[str, int] = ("east", 1),
    script: dict[str, list[Any]] | None = None,
    version: str | None = None,
    **options: Any,
) -> RunGhostRunState:
    """A new game whose Movement pile starts with the card ids ``first`` (in draw order), its
    furniture on the ``classic`` layout unless ``options`` name another (the rule tests' positions,
    the seed's worked examples among them, are set among those pieces); ``version``: the game as
    that older rules version played it (``RunGhostRun.as_version``, on ``classic``)."""
    options.setdefault("layout", "classic")
    data = game_data()
    ids = [c.id for c in data.movement]
    first = first or []
    rest = [i for i in ids if i not in first]
    drop = data.removed_cards[players]
    removed, kept = rest[len(rest) - drop :], rest[: len(rest) - drop]
    full: dict[str, list[Any]] = {
        "deck": [first + kept],
        "first_die_holder": [holder],
        "keyhole_side": [keyhole[0]],
        "door_die": [keyhole[1]],
    }
    if drop:
        full["removed"] = [removed]
    full.update(script or {})
    game = RunGhostRun(players, **options)
    older = game.as_version(version) if version is not None else None
    assert version is None or older is not None, version
    state = (older or game).new_initial_state(7, full)
    assert isinstance(state, RunGhostRunState)
    return state


def put(state: RunGhostRunState, gid: str, where: str, space: str | None = None, place: str = "floor") -> None:
    """Put ghost ``gid`` in the hall at ``space``/``place``, or off the board (``where``)."""
    g = state.board.ghosts[gid]
    if where == "hall":
        assert space is not None
        g.to_hall(parse_space(space), place)
    else:
        g.to_side(where)
    state.__dict__.pop("_cache", None)


def step(
    state: RunGhostRunState, seat: int, ghost: str, to: str, cost: int, place: str = "floor", merge: str | None = None
) -> None:
    """Apply a ``step`` action for ``seat``, which must be legal."""
    params: dict[str, Any] = {"ghost": ghost, "to": to, "cost": cost}
    if to != "exit":
        params["place"] = place
    if merge is not None:
        params["merge"] = merge
    action = Action.make("step", **params)
    assert action in state.legal_actions(seat), f"{action} is not legal"
    state.apply(action, seat)


def done(state: RunGhostRunState, *seats: int) -> None:
    """Seal the plans of ``seats``."""
    for seat in seats:
        state.apply(Action.make("done"), seat)


def finish_turn(state: RunGhostRunState, side: str | None = None) -> None:
    """Play the rest of the turn without moving: pass on furniture, empty plans, keyhole ``side``
    (or the first side offered)."""
    turn = state.turn
    while not state.is_terminal() and state.turn == turn:
        if state.phase == "furniture":
            state.apply(Action.make("pass") if state.grasped is None else state.legal_actions()[0])
        elif state.phase == "plan":
            for seat in list(state.acting_seats()):
                state.apply(Action.make("done"), seat)
        elif state.phase == "keyhole":
            legal = state.legal_actions()
            pick = next((a for a in legal if a["side"] == side), legal[0])
            state.apply(pick)
        else:
            state.apply(state.legal_actions()[0])

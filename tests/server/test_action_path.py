"""The action path's shortcuts say what the long way says: the views of one state built together
(the board shared between the seats) give every connection the text its view built alone gives;
an action read from the wire by its JSON form is the listed action, and only when the types agree."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from ghosttable.core.actions import Action
from ghosttable.registry import load
from ghosttable.server.protocol import listed_action, state_message, wire_json
from ghosttable.server.rooms import Connection, Room
from ghosttable.server.storage import SeatData


def one_by_one(room: Room, conn: Connection, start: int) -> str:
    """The ``state`` text for ``conn``, its view built alone by ``State.view``."""
    state = room.shown_state(conn.seat)
    seat = conn.seat
    return wire_json(
        state_message(
            state,
            seat,
            table_id=room.id,
            seats=room.public_seats(),
            log=room.shown_log(seat),
            log_start=start,
            can_undo=seat is not None and state is room.state and room.undo.can_undo(state, seat),
            decision=False,
        )
    )


@pytest.mark.parametrize("players", [2, 3])
def test_views_built_together_send_what_views_built_alone_send(players: int) -> None:
    game = load("old-house", players=players)
    now = datetime(2026, 1, 1, tzinfo=UTC)
    seats = [SeatData(s, "me", None, f"token{s}", None) for s in range(players)]
    room = Room("t", game, game.new_initial_state(7, {}), seats, now, now)
    connections = [Connection(s, limit=10**9) for s in range(players)] + [Connection(None, limit=10**9)]
    room.connections.update(connections)
    room.track_decisions()
    rng = random.Random(players)
    compared = 0
    for _ in range(400):
        if room.state.is_terminal():
            break
        seat = rng.choice(room.state.acting_seats())
        if rng.random() < 0.1 and room.undo.can_undo(room.state, seat):
            room.state = room.undo.undo(room.state, seat)
            room.track_decisions(seat)
        else:
            after = room.undo.apply(room.state, rng.choice(room.state.legal_actions(seat)), seat)
            if len(after.history) > len(room.state.history):
                room.advance(room.log_entry(seat, after.history[-1][1]), after)
            else:
                room.state = after
                room.track_decisions(seat)
        finished = room.finished
        starts = {
            c: min(c.log_sent, len(room.shown_log(c.seat))) if c.saw_finish or not finished else 0 for c in connections
        }
        room.broadcast()
        for conn in connections:
            sent = conn.queue.get_nowait()
            assert conn.queue.empty()
            assert sent == one_by_one(room, conn, starts[conn])
            compared += 1
    assert compared > 400


def test_an_action_read_by_its_json_form_is_the_listed_one_only_when_the_types_agree() -> None:
    listing = (
        Action.make("move", cell=3),
        Action.make("take_card", card=1),
        Action.make("horror", free=True),
        Action.make("seal", steps=(1, 2)),
    )
    assert listed_action(listing, {"kind": "move", "cell": 3}) is listing[0]
    assert listed_action(listing, {"cell": 3, "kind": "move"}) is listing[0]  # the order of names does not matter
    assert listed_action(listing, {"kind": "horror", "free": True}) is listing[2]
    # true is not 1, 1.0 is not 1, a list is read the long way, and so is anything not listed
    assert listed_action(listing, {"kind": "take_card", "card": True}) is None
    assert listed_action(listing, {"kind": "take_card", "card": 1.0}) is None
    assert listed_action(listing, {"kind": "horror", "free": 1}) is None
    assert listed_action(listing, {"kind": "seal", "steps": [1, 2]}) is None
    assert listed_action(listing, {"kind": "move", "cell": 3, "to": 1}) is None
    assert listed_action(listing, "move cell=3") is None

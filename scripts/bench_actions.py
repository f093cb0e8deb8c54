"""The server's own work an action, without the database or the WebSocket: random legal Old
House play on a :class:`~ghosttable.server.rooms.Room` with both seats connected, each action
carried out as the server does (on a copy, through the table's ``UndoLog``) and both seats'
``state`` messages written as JSON. Prints the CPU time an action; for a count that another
process's load does not change, run it under valgrind and divide the instructions (less those of
``--actions 0``, the start-up alone) by the actions:

    python scripts/bench_actions.py --actions 3000
    valgrind --tool=callgrind --callgrind-out-file=/dev/null python scripts/bench_actions.py --actions 400
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import UTC, datetime

from ghosttable.registry import load
from ghosttable.server.rooms import Connection, Room
from ghosttable.server.storage import SeatData


def play(actions: int, seed: int) -> int:
    """Play ``actions`` actions over as many games as it takes; returns the count played."""
    done = 0
    game_seed = seed
    while done < actions:
        game = load("old-house", players=2)
        now = datetime.now(UTC)
        seats = [SeatData(s, "me", None, f"token{s}", None) for s in range(2)]
        room = Room(f"bench{game_seed}", game, game.new_initial_state(game_seed, {}), seats, now, now)
        connections = [Connection(s, limit=10**9) for s in range(2)]
        room.connections.update(connections)
        room.track_decisions()
        rng = random.Random(game_seed)
        while not room.state.is_terminal() and done < actions:
            seat = rng.choice(room.state.acting_seats())
            after = room.undo.apply(room.state, rng.choice(room.state.legal_actions(seat)), seat)
            if len(after.history) > len(room.state.history):
                room.advance(room.log_entry(seat, after.history[-1][1]), after)
            else:  # staged: the seat's draft
                room.state = after
                room.track_decisions(seat)
            room.broadcast()
            for c in connections:
                while not c.queue.empty():
                    c.queue.get_nowait()
            done += 1
        game_seed += 1
    return done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=3000, help="actions to play (at most 100000)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    if not 0 <= args.actions <= 100000:
        parser.error("--actions is 0 to 100000")
    started = time.process_time()
    done = play(args.actions, args.seed)
    spent = time.process_time() - started
    print(f"{done} actions, {1000 * spent / max(done, 1):.3f} ms of CPU an action")


if __name__ == "__main__":
    main()

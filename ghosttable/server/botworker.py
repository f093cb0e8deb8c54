"""Bot moves in worker processes: each worker keeps the tables it plays (their state rebuilt from
the seed and the actions it is sent, and their bots), so a move sends only the actions taken since
the worker's last move at that table, and no state is ever pickled.

The server sends every table's moves to the same worker (:func:`worker_of`); a worker forgets the
least recently played tables beyond :data:`TABLES_KEPT`, and rebuilds one it forgot when asked
again (the table's bots then start anew, as after a restart).
"""

from __future__ import annotations

import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ghosttable.ai.advisor import suggest
from ghosttable.ai.base import Bot, choose_whole, make_bot
from ghosttable.core.actions import Action
from ghosttable.core.playout import derive_seed
from ghosttable.core.state import Game, State
from ghosttable.registry import load

TABLES_KEPT = 64
"""Tables one worker keeps in memory."""


@dataclass(frozen=True)
class TableSpec:
    """What a worker needs to set a table up: its game, seat count, options, seed, scripted
    chance and the bot of each AI seat."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    script: dict[str, Any]
    bots: dict[int, str]


@dataclass
class _Table:
    game: Game
    state: State
    bots: dict[int, Bot] = field(default_factory=dict)


_tables: OrderedDict[str, _Table] = OrderedDict()


def worker_of(table_id: str, workers: int) -> int:
    """The worker (0 to ``workers`` - 1) that plays ``table_id``'s bots, the same every time."""
    return zlib.crc32(table_id.encode("utf-8")) % workers


def move(
    table_id: str, spec: TableSpec, first: int, actions: list[tuple[int, dict[str, Any]]], seat: int
) -> tuple[str, Any]:
    """The move of ``seat``'s bot once ``actions`` (``(seat, action JSON)``, the table's actions
    from number ``first`` on) are applied to the table as this worker knows it; at a staged
    decision (a movement plan), the one action of the whole (``choose_whole``).

    Returns ``("action", the action's JSON)``, or ``("from", n)`` when this worker holds only the
    first ``n`` actions of the table (send them from ``n`` on). ``first`` 0 sets the table up anew.
    Raises what the game or the bot raises (a ``GameError`` for a game not installed here)."""
    table = _tables.get(table_id)
    if first == 0 or table is None or len(table.state.history) != first:
        if first != 0:
            held = 0 if table is None else len(table.state.history)
            return "from", held if held < first else 0
        game = load(spec.game, players=spec.players, **spec.options)
        table = _Table(game, game.new_initial_state(spec.seed, spec.script))
    _tables[table_id] = table
    _tables.move_to_end(table_id)
    while len(_tables) > TABLES_KEPT:
        _tables.popitem(last=False)
    for actor, raw in actions:
        table.state.apply(Action.from_json(raw), actor)
    bot = table.bots.get(seat)
    if bot is None:
        bot = table.bots[seat] = make_bot(table.game, spec.bots[seat], seat, derive_seed(spec.seed, "bot", seat))
    return "action", choose_whole(bot, table.state, seat).to_json()


def hint(spec: TableSpec, actions: list[tuple[int, dict[str, Any]]], seat: int, seed: int) -> dict[str, Any] | None:
    """The hint for ``seat`` once ``actions`` (``(seat, action JSON)``, every action from the
    start, the table's pending ones included) are applied to the table set up anew: the advisor's
    suggestion (:func:`ghosttable.ai.advisor.suggest`) as ``{"action", "text", "chance"}``, or
    ``None`` when the seat is not to act. The table is rebuilt each time and kept nowhere (a
    hint is rare, and must not disturb the bots' tables)."""
    game = load(spec.game, players=spec.players, **spec.options)
    state = game.new_initial_state(spec.seed, spec.script)
    for actor, raw in actions:
        state.apply(Action.from_json(raw), actor)
    return hint_of(state, seat, seed)


def hint_of(state: State, seat: int, seed: int) -> dict[str, Any] | None:
    """:func:`hint` of ``state`` itself (read only through ``seat``'s observation)."""
    advice = suggest(state, seat, seed=seed)
    if advice is None:
        return None
    return {"action": advice.action.to_json(), "text": str(advice.action), "chance": advice.chance}


def forget(table_id: str) -> None:
    """Drop a table (finished or unloaded) from this worker."""
    _tables.pop(table_id, None)

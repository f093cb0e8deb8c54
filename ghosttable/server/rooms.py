"""Tables in play: seats and their tokens, accepting actions, AI seats, connections.

A :class:`Room` is one table held in memory: its game, its current state (rebuilt from the stored
actions when the table is loaded), its seats, the log, and the connections watching it. The
:class:`Hub` owns every room and the :class:`~ghosttable.server.storage.Store`; all database work
runs on one worker thread so the event loop never waits on the disk, and bots think on worker
threads (each on a clone of the state), so a slow bot never holds up another table.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
import multiprocessing
import secrets
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar

from ghosttable.ai.base import Bot, bot_names, choose_whole, make_bot
from ghosttable.core.actions import Action, coerce_action
from ghosttable.core.errors import GameError, GameOverError, IllegalActionError, NotYourTurnError, OptionError
from ghosttable.core.jsonio import json_spelling
from ghosttable.core.playout import derive_seed
from ghosttable.core.records import replay_states
from ghosttable.core.state import DecisionPoint, Game, State, UndoLog
from ghosttable.registry import game_class, is_builtin, load
from ghosttable.server import botworker
from ghosttable.server.protocol import (
    LogEntry,
    ProtocolError,
    action_is_public,
    listed_action,
    result_json,
    seats_message,
    state_message,
    wire_json,
)
from ghosttable.server.settings import HostingSettings
from ghosttable.server.storage import SeatData, StaleWriteError, Store, StoredAction, TableData, token_hash

log = logging.getLogger("ghosttable.server")

T = TypeVar("T")

SEAT_KINDS = ("me", "ai", "invite")


class TableUnavailableError(GameError):
    """A stored table that cannot be rebuilt: its game is not registered here, or a stored action
    is refused by the rules installed now. Such a table, if still being played, is retired (see
    :meth:`Hub.room`).

    Attributes:
        data: the table as stored (with its seats and actions), for its summary; ``None`` for a
            finished table (it keeps its status).
    """

    code = "table_unavailable"

    def __init__(self, reason: str, data: TableData | None = None) -> None:
        super().__init__(reason)
        self.data = data


class MalformedRequestError(GameError):
    """A request whose shape is wrong (a seat that is not ``{"kind", "bot"?}``, say), as opposed
    to a well-formed one the game refuses (``bad_option``)."""

    code = "malformed_request"


def _number_sent_as_text(action: Action, legal: list[Action]) -> Action | None:
    """The legal action that ``action`` is, but for numbers sent as strings (``"1"`` for ``1``),
    or ``None``."""
    for canon in legal:
        if canon.kind != action.kind or [k for k, _ in canon.params] != [k for k, _ in action.params]:
            continue
        fits = True
        for (_, want), (_, got) in zip(canon.params, action.params, strict=True):
            wants = want if isinstance(want, tuple) else (want,)
            gots = got if isinstance(got, tuple) else (got,)
            if isinstance(want, tuple) != isinstance(got, tuple) or len(wants) != len(gots):
                fits = False
                break
            for w, g in zip(wants, gots, strict=True):
                if type(w) is type(g) and w == g:
                    continue
                if type(w) is int and isinstance(g, str) and g == str(w):
                    continue
                fits = False
                break
            if not fits:
                break
        if fits and canon != action:
            return canon
    return None


class Connection:
    """One client watching a room, as ``seat`` (``None``: a spectator). Messages queue here as
    JSON text and a writer task sends them in order.

    At most ``limit`` messages wait: a client that does not read is dropped (``dropped`` is set
    and the queue emptied; its seat is kept, and it may connect again)."""

    def __init__(self, seat: int | None, limit: int = 256) -> None:
        self.seat = seat
        self.limit = limit
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.dropped = asyncio.Event()
        #: the count of log entries this connection was sent (as its seat reads them)
        self.log_sent = 0
        #: whether it was sent the finished table (whose log everyone reads whole)
        self.saw_finish = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending."""
        self.send_text(wire_json(message))

    def send_text(self, text: str) -> None:
        """Queue a message already written as JSON text; drops the connection when ``limit``
        messages already wait."""
        if self.dropped.is_set():
            return
        if self.queue.qsize() >= self.limit:
            self.dropped.set()
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        """Ask the writer to stop."""
        self.queue.put_nowait(None)


@dataclass
class Room:
    """One table in memory. See the module docstring.

    A person's action that can still be taken back (``undo``: the kernel's
    :class:`~ghosttable.core.state.UndoLog` says which) is stored and shown to everyone as any
    other when it is public (taking it back removes it from the store and shows everyone the
    table as it was; after pending actions it makes them stand, since showing it would show what
    they did); a secret one is *pending*: it is carried out on
    ``state`` and shown to the connections of the seat that took it, but neither stored nor shown
    to anyone else. Everyone else is shown ``standing``, the state before the first pending
    action, until an action that cannot be taken back makes the pending ones stand: they are then
    stored and sent to everyone, in order, with it. So an action taken back leaves no trace in
    what the others were sent, the store or the lobby.
    """

    id: str
    game: Game
    state: State
    seats: list[SeatData]
    created_at: datetime
    updated_at: datetime
    log: list[LogEntry] = field(default_factory=list)
    #: the table's scripted chance (``TableData.script``)
    script: dict[str, Any] = field(default_factory=dict)
    decision_since: list[int] = field(default_factory=list)
    signatures: list[Any] = field(default_factory=list)
    #: each seat's decision point as :meth:`track_decisions` last found it, and in which state
    #: (the state and its history's length then)
    decisions: list[DecisionPoint | None] = field(default_factory=list)
    decided_at: tuple[State | None, int] = (None, -1)
    bots: dict[int, Bot] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ai_task: asyncio.Task[None] | None = None
    ai_error: str | None = None
    #: the count of actions the table's bot worker was sent
    worker_known: int = 0
    #: the event loop's clock when someone last came, left or acted (see :meth:`Hub.sweep`)
    last_used: float = 0.0
    #: what the acting seat may take back of its turn
    undo: UndoLog = field(default_factory=UndoLog)
    #: the log entries of the pending actions (see the class docstring), in order
    pending: list[LogEntry] = field(default_factory=list)
    #: the state everyone but the pending seat is shown (``None``: nothing is pending)
    standing: State | None = None
    #: the seat whose actions are pending
    pending_seat: int | None = None
    #: the seats with a staged draft (a plan being built: its steps are in no history)
    drafting: set[int] = field(default_factory=set)

    def shown_state(self, seat: int | None) -> State:
        """The state ``seat`` (``None``: a spectator) is shown: with the pending actions for the
        seat that took them, without them for everyone else."""
        if self.standing is None or seat == self.pending_seat:
            return self.state
        return self.standing

    def shown_log(self, seat: int | None) -> list[LogEntry]:
        """The log ``seat`` is shown: the stored entries, and the pending ones for their seat."""
        if self.pending and seat == self.pending_seat:
            return [*self.log, *self.pending]
        return self.log

    def settle(self) -> list[LogEntry]:
        """Make the pending actions stand (once stored): their entries join the log, everyone is
        shown ``state``. Returns those entries."""
        entries, self.pending = self.pending, []
        self.log.extend(entries)
        self.standing = None
        self.pending_seat = None
        return entries

    @property
    def version(self) -> int:
        """The count of accepted actions (the pending ones included)."""
        return len(self.state.history)

    def version_for(self, seat: int | None) -> int:
        """The table's version as ``seat`` is shown it (the pending actions count for their seat
        only), which is all an answer to that seat may name."""
        return len(self.shown_state(seat).history)

    @property
    def standing_version(self) -> int:
        """The count of accepted actions that stand (the table's version as everyone else sees it)."""
        return len(self.shown_state(None).history)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    def seat_of_token(self, token: str) -> int | None:
        """The seat whose token is ``token`` (compared in constant time), or ``None``."""
        digest = token_hash(token)
        found = None
        for s in self.seats:
            if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                found = s.seat
        return found

    def public_seats(self) -> list[dict[str, Any]]:
        """What anyone may know of the seats: ``[{"seat", "name", "kind", "bot", "claimed",
        "connected"}]`` (``claimed``: a person holds the seat's token)."""
        names = self.game.seat_names()
        connected = {c.seat for c in self.connections}
        return [_public_seat(s, names[s.seat], s.kind == "ai" or s.seat in connected) for s in self.seats]

    def message_for(
        self,
        seat: int | None,
        log_start: int = 0,
        seats: list[dict[str, Any]] | None = None,
        view: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (built from its own view only), with the log's
        entries from ``log_start`` on (``seats``: :meth:`public_seats`, ``view``: the seat's view
        of :meth:`shown_state`, when the caller has them)."""
        state = self.shown_state(seat)
        can_undo = seat is not None and state is self.state and self.undo.can_undo(state, seat)
        return state_message(
            state,
            seat,
            table_id=self.id,
            seats=self.public_seats() if seats is None else seats,
            log=self.shown_log(seat),
            log_start=log_start,
            can_undo=can_undo,
            decision=self._decision(state, seat),
            view=view,
        )

    def broadcast(self, connections: Iterable[Connection] | None = None) -> None:
        """Send every connection (or those of ``connections``) its own ``state`` message: the
        new view and the log entries it was not sent yet (the whole log to a connection new to
        the table, and once the game is over, when every entry reads whole). Connections of the
        same seat at the same place share one message, written as JSON once."""
        finished = self.finished
        targets = list(self.connections if connections is None else connections)
        if not targets:
            return
        seats = self.public_seats()
        views = self._views({conn.seat for conn in targets})
        written: dict[tuple[int | None, int], str] = {}
        for conn in targets:
            # after an undo a seat's log is shorter than what it was sent: it keeps what stands
            shown = len(self.shown_log(conn.seat))
            start = min(conn.log_sent, shown) if conn.saw_finish or not finished else 0
            key = (conn.seat, start)
            text = written.get(key)
            if text is None:
                text = written[key] = wire_json(self.message_for(conn.seat, start, seats, views[conn.seat]))
            conn.send_text(text)
            conn.log_sent = shown
            conn.saw_finish = finished

    def _views(self, seats: set[int | None]) -> dict[int | None, dict[str, Any]]:
        """The view of each of ``seats`` of the state it is shown, the views of one state built
        together (:meth:`State.views`)."""
        by_state: dict[int, tuple[State, list[int | None]]] = {}
        for seat in sorted(seats, key=lambda s: -1 if s is None else s):
            state = self.shown_state(seat)
            by_state.setdefault(id(state), (state, []))[1].append(seat)
        views: dict[int | None, dict[str, Any]] = {}
        for state, group in by_state.values():
            views.update(zip(group, state.views(group), strict=True))
        return views

    def send_whole(self, conn: Connection) -> None:
        """Send ``conn`` the whole ``state`` (the log from its start)."""
        conn.log_sent = 0
        self.broadcast([conn])

    def broadcast_seats(self, besides: Connection | None = None) -> None:
        """Send every connection (but ``besides``) the ``seats`` message (a seat was claimed, or
        its player came or left); nothing else changed, so nothing else is sent."""
        seats = self.public_seats()
        written: dict[bool, str] = {}
        for conn in list(self.connections):
            if conn is not besides:
                mine = self.standing is not None and conn.seat == self.pending_seat
                text = written.get(mine)
                if text is None:
                    message = seats_message(self.shown_state(conn.seat), seats)
                    text = written[mine] = wire_json(message)
                conn.send_text(text)

    def connected_seats(self) -> set[int]:
        """The seats some connection plays."""
        return {c.seat for c in self.connections if c.seat is not None}

    def summary(self, seat: int | None = None) -> dict[str, Any]:
        """The lobby's description of the table (no secrets: no seed, no view)."""
        return {
            "id": self.id,
            "game": self.game.spec.name,
            "title": self.game.spec.title,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": "finished" if self.finished else "playing",
            "version": self.standing_version,
            "result": result_json(self.shown_state(None)),
            "seats": self.public_seats(),
            "seat": seat,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
        }

    def _decision(self, state: State, seat: int | None) -> DecisionPoint | Literal[False] | None:
        """``seat``'s decision point in ``state`` as :meth:`track_decisions` last found it when
        ``state`` is the table's state it looked at, else ``False`` (not known here)."""
        if seat is None or not 0 <= seat < len(self.decisions):
            return False
        seen, length = self.decided_at
        if seen is not state or length != len(state.history):
            return False
        return self.decisions[seat]

    def _signature(self, seat: int) -> Any:
        decision = self.decisions[seat]
        return None if decision is None else (decision.name, decision.actions)

    def track_decisions(self, actor: int | None = None) -> None:
        """After an accepted action of ``actor``: note, for the actor and for each seat whose
        decision point changed, the version from which its current decision stands (older choices
        of that seat are stale, so a repeated click never acts twice)."""
        self.decisions = [self.state.decision(s) for s in range(self.game.players)]
        self.decided_at = (self.state, len(self.state.history))
        if not self.signatures:
            self.signatures = [self._signature(s) for s in range(self.game.players)]
            self.decision_since = [self.version] * self.game.players
            return
        for s in range(self.game.players):
            sig = self._signature(s)
            if sig != self.signatures[s] or s == actor:
                self.signatures[s] = sig
                self.decision_since[s] = self.version

    def log_entry(self, seat: int, action: Action) -> LogEntry:
        """The log entry of ``action`` of ``seat``, about to be applied to the current state."""
        return LogEntry(
            index=self.version,
            seat=seat,
            action=action,
            public=action_is_public(self.state, seat, action),
            decision=self.state.decision_name(seat),
            ai=self.seats[seat].kind == "ai",
            public_text=self.state.public_action_text(seat, action),
        )

    def record_step(self, seat: int, action: Action) -> LogEntry:
        """Apply ``action`` (known to be legal) for ``seat`` and log it; returns the log entry."""
        entry = self.log_entry(seat, action)
        self.state.apply(action, seat)
        self.log.append(entry)
        self.track_decisions(seat)
        return entry

    def advance(self, entry: LogEntry, after: State) -> None:
        """Make ``after`` (the state once ``entry``'s action is applied) the table's state."""
        self.state = after
        self.log.append(entry)
        self.track_decisions(entry.seat)


def _installed_version(game_name: str) -> str | None:
    """The rules version of ``game_name`` installed here, or ``None`` when it is not registered."""
    try:
        return game_class(game_name).spec.version
    except GameError:
        return None


def _public_seat(s: SeatData, name: str, connected: bool) -> dict[str, Any]:
    """One seat as anyone may know it (see :meth:`Room.public_seats`)."""
    return {
        "seat": s.seat,
        "name": name,
        "kind": s.kind,
        "bot": s.bot,
        "claimed": s.kind == "ai" or s.token_hash is not None,
        "connected": connected,
    }


def _retired_names(data: TableData) -> tuple[str, list[str]]:
    """The title and seat names of a retired table: the game's display title and its seat names
    when it is registered here, read with the stored options, or, when these are no longer valid,
    with the default options (for a seat count the game no longer takes, as many of its largest
    table's names as fit). A seat without a name is ``seat1``, ``seat2``, ..., and a game that is
    not registered is titled by its name."""
    try:
        cls = game_class(data.game)
    except GameError:
        return data.game, []
    spec = cls.spec
    attempts: list[tuple[int, dict[str, Any]]] = [(data.players, dict(data.options)), (data.players, {})]
    if not spec.min_players <= data.players <= spec.max_players:
        attempts.append((spec.max_players, {}))
    for players, options in attempts:
        try:
            return spec.title, load(data.game, players=players, **options).seat_names()[: data.players]
        except GameError:
            continue
    return spec.title, []


def retired_summary(data: TableData, seat: int | None = None) -> dict[str, Any]:
    """The lobby's description of a retired table (one the rules installed here cannot rebuild):
    the shape of :meth:`Room.summary` with ``status`` ``"retired"``, ``result`` ``None``,
    ``version`` the count of stored actions, and ``retired``: ``{"reason", "version",
    "installed"}`` (why it cannot be rebuilt, in English, the rules version it was played under, the
    version installed here or ``None`` when its game is not registered). The title and the seat
    names are the game's when it is registered here (see :func:`_retired_names`)."""
    installed = _installed_version(data.game)
    title, names = _retired_names(data)
    return {
        "id": data.id,
        "game": data.game,
        "title": title,
        "players": data.players,
        "options": dict(data.options),
        "status": "retired",
        "version": len(data.actions),
        "result": None,
        "seats": [
            _public_seat(s, names[s.seat] if 0 <= s.seat < len(names) else f"seat{s.seat + 1}", False)
            for s in data.seats
        ],
        "seat": seat,
        "created_at": data.created_at.isoformat(),
        "updated_at": data.updated_at.isoformat(),
        "retired": {"reason": data.retired_reason, "version": data.version, "installed": installed},
    }


def build_room(data: TableData) -> Room:
    """A room rebuilt from stored data by replaying every stored action, under the rules version
    the table was created with when the game can still play as it (``Game.as_version``), else
    under the installed rules.

    Raises ``GameError`` when the game cannot be set up, a stored action is refused, or the
    table's version is kept only for its records (``Game.plays_on`` false), so that it is retired.
    """
    game = load(data.game, players=data.players, **data.options)
    if data.version and data.version != game.spec.version:
        older = game.as_version(data.version)
        if older is not None and not older.plays_on:
            raise GameError(
                f"the table was made with {data.game} version {data.version}, whose records replay but whose"
                f" tables are not played on (this is version {game.spec.version})"
            )
        game = older or game
    state = game.new_initial_state(data.seed, data.script)
    room = Room(data.id, game, state, list(data.seats), data.created_at, data.updated_at, script=dict(data.script))
    room.track_decisions()
    for seat, raw in data.actions:
        room.record_step(seat, Action.from_json(raw))
    return room


BOT_THREADS = 4
"""Threads for the bot moves played in the server's own process (``bot_processes`` 0, or a game
registered at run time)."""


class LimitError(GameError):
    """A request refused by one of the server's limits (``docs/hosting.md``): ``too_many_tables``
    or ``rate_limited`` (HTTP 429)."""

    code = "too_many_tables"

    def __init__(self, reason: str, code: str = "too_many_tables") -> None:
        super().__init__(reason)
        self.code = code


class ReplayCache:
    """The replay frames of the last ``size`` (table, seat) pairs asked for, as JSON text (a
    finished table's frames never change); ``size`` 0 keeps none."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[tuple[str, int | None], str] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, table_id: str, seat: int | None) -> str | None:
        """The kept frames of ``table_id`` as ``seat`` saw them, or ``None``."""
        text = self._items.get((table_id, seat))
        if text is not None:
            self._items.move_to_end((table_id, seat))
        return text

    def put(self, table_id: str, seat: int | None, text: str) -> None:
        """Keep ``text``, forgetting the least recently asked for beyond ``size``."""
        if self.size <= 0:
            return
        self._items[(table_id, seat)] = text
        self._items.move_to_end((table_id, seat))
        while len(self._items) > self.size:
            self._items.popitem(last=False)


class Hub:
    """Every room of the server, and the store behind them.

    Args:
        store: the database.
        ai_delay: seconds an AI seat waits before each move, so people can follow it.
        settings: the limits (``docs/hosting.md``): live tables, creation rate, idle tables
            unloaded, the bot workers.
    """

    def __init__(self, store: Store, ai_delay: float = 0.6, settings: HostingSettings | None = None) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.settings = settings or HostingSettings()
        self.rooms: dict[str, Room] = {}
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ghosttable-db")
        #: one table's actions waiting to be committed, with the future its writer awaits
        self._writes: list[tuple[list[StoredAction], asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        workers = self.settings.bot_processes
        spawn = multiprocessing.get_context("spawn")
        #: one process a worker, each playing the bots of its own tables (none: threads only)
        self._workers = [ProcessPoolExecutor(max_workers=1, mp_context=spawn) for _ in range(workers)]
        #: for games registered at run time (not known to a new process) and ``bot_processes`` 0
        self._bot_threads = ThreadPoolExecutor(max_workers=BOT_THREADS, thread_name_prefix="ghosttable-bot")
        self._bot_slots = asyncio.Semaphore(max(1, workers) + self.settings.bot_queue)
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        #: every table still being played, stored or loaded; and those whose every seat is an AI's
        self.live: set[str] = set()
        self.live_ai: set[str] = set()
        #: live tables by the client address that created them (since this server started)
        self._created_by: dict[str, str] = {}
        self._by_address: dict[str, set[str]] = {}
        #: the creation rate's token buckets: address -> (tokens, the loop's clock then)
        self._buckets: dict[str, tuple[float, float]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.replays = ReplayCache(self.settings.replay_cache)
        #: WebSockets open now by client address (an address leaves when its last one closes)
        self.websockets: dict[str, int] = {}

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store method on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_thread, lambda: fn(*args, **kwargs))

    async def store_actions(self, group: list[StoredAction]) -> None:
        """Store one table's accepted actions, in order, whole or not at all; returns once they
        are committed. The groups of every table that wait meanwhile are committed together, in
        one transaction, while the database thread is busy with the last one (see
        :meth:`Store.append_actions`), so many tables' actions cost one commit.

        Raises what the store raised for this group (``StaleWriteError``, a database error)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._writes.append((group, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_waiting())
        await future

    async def _write_waiting(self) -> None:
        """Commit the waiting groups, all at once, until none waits."""
        while self._writes:
            batch, self._writes = self._writes, []
            try:
                results = await self.db(self.store.append_actions, [group for group, _ in batch])
            except Exception as exc:
                results = [exc] * len(batch)
            for (_, future), result in zip(batch, results, strict=True):
                if future.done():  # its waiter was cancelled
                    continue
                if result is None:
                    future.set_result(None)
                else:
                    future.set_exception(result)

    async def start(self) -> None:
        """Count the tables still being played, resume those with an AI seat (rebuild them and let
        the AI play on) and start looking for idle tables. The others are loaded when someone asks
        for them. A table that cannot be rebuilt (its game is gone, or its rules changed) is
        retired (see :meth:`room`), so it is logged once and not tried again at the next start."""
        for table_id, ai_seats, seats in await self.db(self.store.unfinished_tables):
            self.live.add(table_id)
            if seats and ai_seats == seats:
                self.live_ai.add(table_id)
            if not ai_seats:
                continue
            try:
                room = await self.room(table_id)
            except TableUnavailableError:
                continue
            if room is not None:
                self.kick(room)
        if self.settings.idle_sweep_every > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def stop(self) -> None:
        """Stop the AI seats, the idle sweep and the workers (stored data is already complete)."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        tasks = [r.ai_task for r in self.rooms.values() if r.ai_task is not None and not r.ai_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in self.rooms.values():
            for conn in list(room.connections):
                conn.close()
        for worker in self._workers:
            worker.shutdown(wait=False, cancel_futures=True)
        self._bot_threads.shutdown(wait=False, cancel_futures=True)
        self._db_thread.shutdown(wait=True)

    def websocket_opened(self, address: str | None) -> bool:
        """Count a WebSocket opened from ``address`` (``None``: an unknown address, not counted);
        ``False`` (and nothing counted) when that address already has as many open as the
        ``max_websockets_per_address`` setting allows. Each counted one is given back with
        :meth:`websocket_closed`."""
        if address is None:
            return True
        most = self.settings.max_websockets_per_address
        held = self.websockets.get(address, 0)
        if most and held >= most:
            return False
        self.websockets[address] = held + 1
        return True

    def websocket_closed(self, address: str | None) -> None:
        """Give back a WebSocket :meth:`websocket_opened` counted for ``address``."""
        if address is None:
            return
        left = self.websockets.get(address, 0) - 1
        if left > 0:
            self.websockets[address] = left
        else:
            self.websockets.pop(address, None)

    def touch(self, room: Room) -> None:
        """Note that someone used ``room`` now (it is not idle)."""
        room.last_used = asyncio.get_running_loop().time()

    def _gone_from_play(self, table_id: str) -> None:
        """Forget a table that is no longer live (finished or retired) in the live counts."""
        self._forget_in_worker(table_id)
        self.live.discard(table_id)
        self.live_ai.discard(table_id)
        address = self._created_by.pop(table_id, None)
        if address is not None:
            mine = self._by_address.get(address)
            if mine is not None:
                mine.discard(table_id)
                if not mine:
                    del self._by_address[address]

    def _check_limits(self, address: str | None, all_ai: bool) -> None:
        """Refuse a new table over a limit (raises :class:`LimitError`); else take one token of
        ``address``'s creation rate."""
        limits = self.settings
        if limits.max_live_tables and len(self.live) >= limits.max_live_tables:
            raise LimitError(f"this server holds as many tables in play as it takes ({limits.max_live_tables})")
        if all_ai and limits.max_ai_tables and len(self.live_ai) >= limits.max_ai_tables:
            raise LimitError(f"this server plays as many tables of AI seats only as it takes ({limits.max_ai_tables})")
        if address is None:
            return
        if limits.max_tables_per_address and len(self._by_address.get(address, ())) >= limits.max_tables_per_address:
            raise LimitError(
                f"your address has as many tables in play as one address may have ({limits.max_tables_per_address})"
            )
        if limits.tables_per_minute:
            now = asyncio.get_running_loop().time()
            capacity = float(limits.tables_per_minute)
            tokens, then = self._buckets.get(address, (capacity, now))
            tokens = min(capacity, tokens + (now - then) * capacity / 60.0)
            if tokens < 1.0:
                raise LimitError(
                    f"tables are created at most {limits.tables_per_minute} a minute from one address: try again soon",
                    code="rate_limited",
                )
            self._buckets[address] = (tokens - 1.0, now)
            if len(self._buckets) > 4096:  # forget the addresses whose bucket is full again
                for key, (left, stamp) in list(self._buckets.items()):
                    if left + (now - stamp) * capacity / 60.0 >= capacity:
                        del self._buckets[key]

    async def sweep(self, now: float | None = None) -> list[str]:
        """Unload every table nobody watches and nobody used for the ``idle_unload`` setting's
        seconds (at the loop's clock ``now``, default: now), stopping its AI seats (an abandoned
        table's bots stop; they play on when the table is loaded again). A table busy with an
        action is left for the next sweep. Returns the unloaded tables' ids."""
        now = asyncio.get_running_loop().time() if now is None else now
        gone = []
        for table_id, room in list(self.rooms.items()):
            if room.connections or room.lock.locked() or now - room.last_used < self.settings.idle_unload:
                continue
            if room.ai_task is not None and not room.ai_task.done():
                room.ai_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.ai_task
            if room.connections or room.lock.locked():
                continue
            del self.rooms[table_id]
            self._forget_in_worker(table_id)
            gone.append(table_id)
        if gone:
            log.info("unloaded %d idle table%s", len(gone), "" if len(gone) == 1 else "s")
        return gone

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(self.settings.idle_sweep_every)
            try:
                await self.sweep()
            except Exception:
                log.exception("the sweep of idle tables failed")

    async def room(self, table_id: str) -> Room | None:
        """The room of ``table_id``, loaded from the database on first use; ``None`` if unknown.

        A table that cannot be rebuilt with the rules installed here (its game is not registered,
        or a stored action is refused, typically after a change of the rules' version) is marked
        ``retired`` in storage with the reason, logged once as a warning, and never rebuilt again:
        its seats and actions stay stored, and the lobby lists it as not playable.

        Raises ``TableUnavailableError`` (with the table's stored data) for a retired table."""
        room = self.rooms.get(table_id)
        if room is not None:
            return room
        loading = self._loading.get(table_id)
        if loading is None:
            # One load a table at a time, awaited by every asker; the entry goes when the load
            # ends, so an unknown id leaves nothing behind.
            loading = asyncio.ensure_future(self._load(table_id))
            self._loading[table_id] = loading
            loading.add_done_callback(lambda done: self._loaded(table_id, done))
        return await asyncio.shield(loading)

    def _loaded(self, table_id: str, done: asyncio.Future[Room | None]) -> None:
        if self._loading.get(table_id) is done:
            del self._loading[table_id]
        if not done.cancelled():
            done.exception()  # retrieved here too, for a load whose askers all left

    async def _load(self, table_id: str) -> Room | None:
        """Load and rebuild one table (see :meth:`room`)."""
        data = await self.db(self.store.load_table, table_id)
        if data is None:
            return None
        prefix = f"table {table_id} of {data.game} cannot be rebuilt with the rules installed here"
        if data.status == "retired":
            raise TableUnavailableError(f"{prefix}: {data.retired_reason or 'it was retired'}", data)
        try:
            room = build_room(data)
        except Exception as exc:  # any failure of the rules to rebuild the table retires it
            installed = _installed_version(data.game)
            why = (
                f"it was played under rules version {data.version}, and version {installed} is installed"
                if installed is not None and installed != data.version
                else exc.reason
                if isinstance(exc, GameError)
                else f"rebuilding it failed with {type(exc).__name__}: {exc}"
            )
            reason = f"{prefix}: {why}"
            if data.status != "playing":  # a finished table keeps its status and record
                raise TableUnavailableError(reason) from None
            if await self.db(self.store.retire_table, table_id, why):
                log.warning("%s; it is retired (kept, no longer played)", reason)
            self._gone_from_play(table_id)
            data.status, data.retired_reason = "retired", why
            raise TableUnavailableError(reason, data) from None
        self.rooms[table_id] = room
        self.touch(room)
        if not room.finished:
            self.kick(room)  # an unloaded table's AI seats play on
        return room

    async def create_table(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
        address: str | None = None,
    ) -> dict[str, Any]:
        """Create a table and start its AI seats.

        Args:
            game_name: a registered game.
            players: seat count (``None``: the game's default).
            options: rule options by name.
            seats: one ``{"kind": "me" | "ai" | "invite", "bot": name}`` per seat (``bot`` for
                ``ai`` only; missing seats are ``me``).
            seed: the chance seed (default: a random one).
            address: the client address asking (for its limits; ``None``: none applies).

        Returns:
            ``{"table": id, "tokens": {seat: token}, "invites": {seat: code}}`` (JSON keys are
            strings). Tokens and codes are returned only here.

        Raises:
            GameError: unknown game, bad options, seat count or bot (``OptionError``), a seat
                entry of the wrong shape (``MalformedRequestError``: not an object, a ``kind``
                not among ``me``, ``ai``, ``invite``, a ``bot`` that is not a string).
            LimitError: a limit of the server (live tables, tables of one address, AI-only
                tables, the creation rate) would be passed.
        """
        if not isinstance(options, dict):
            raise OptionError("'options' must be an object of rule options")
        rules = game_class(game_name).spec
        for name, raw in options.items():
            opt = rules.option(str(name))
            if opt.local_file and opt.parse(raw) != opt.default:
                raise OptionError(
                    f"option {opt.name} names a file on the server's machine: tables made here use"
                    f" {json_spelling(opt.default)} (other files are played from the command line)"
                )
        game = load(game_name, players=players, **options)
        if not isinstance(seats, list):
            raise MalformedRequestError("'seats' must be a list of seats")
        if len(seats) > game.players:
            raise OptionError(f"'seats' must be a list of at most {game.players} seats")
        specs = list(seats) + [{"kind": "me"}] * (game.players - len(seats))
        available = bot_names(game)
        table_id = secrets.token_urlsafe(9)
        tokens: dict[str, str] = {}
        invites: dict[str, str] = {}
        seat_rows: list[SeatData] = []
        for i, spec in enumerate(specs):
            if not isinstance(spec, dict):
                raise MalformedRequestError(
                    f'seat {i + 1} must be an object such as {{"kind": "ai", "bot": "heuristic"}},'
                    f" not {json_spelling(spec)}"
                )
            kind = spec.get("kind")
            if not isinstance(kind, str) or kind not in SEAT_KINDS:
                raise MalformedRequestError(
                    f"seat {i + 1}: 'kind' must be one of {', '.join(SEAT_KINDS)}, not {json_spelling(kind)}"
                )
            bot = spec.get("bot")
            if bot is not None and not isinstance(bot, str):
                raise MalformedRequestError(f"seat {i + 1}: 'bot' must be a bot's name, not {json_spelling(bot)}")
            if kind == "ai":
                bot = bot or ("heuristic" if "heuristic" in available else "random")
                if bot not in available:
                    raise OptionError(
                        f"no bot {json_spelling(bot)} for {game.spec.name} (bots: {', '.join(available)})"
                    )
                seat_rows.append(SeatData(i, "ai", bot=bot))
            elif kind == "me":
                token = secrets.token_urlsafe(24)
                tokens[str(i)] = token
                seat_rows.append(SeatData(i, "human", token_hash=token_hash(token)))
            else:
                code = secrets.token_urlsafe(12)
                invites[str(i)] = code
                seat_rows.append(SeatData(i, "human", invite_hash=token_hash(code)))
        now = datetime.now(UTC)
        data = TableData(
            id=table_id,
            game=game.spec.name,
            version=game.spec.version,
            players=game.players,
            options=dict(game.options),
            seed=secrets.randbits(62) if seed is None else seed,
            script={},
            status="playing",
            outcome=None,
            record=None,
            created_at=now,
            updated_at=now,
            seats=seat_rows,
        )
        all_ai = all(s.kind == "ai" for s in seat_rows)
        self._check_limits(address, all_ai)
        room = build_room(data)
        await self.db(self.store.create_table, data)
        self.rooms[table_id] = room
        self.touch(room)
        if not room.finished:
            self.live.add(table_id)
            if all_ai:
                self.live_ai.add(table_id)
            if address is not None:
                self._created_by[table_id] = address
                self._by_address.setdefault(address, set()).add(table_id)
        self.kick(room)
        return {"table": table_id, "tokens": tokens, "invites": invites}

    async def claim_invite(self, room: Room, code: str, held: list[str] | None = None) -> tuple[int, str]:
        """Claim the seat invited with ``code``: ``(seat, token)``.

        A used code gives its seat back to whoever already holds that seat's token (one of
        ``held``, the tokens the asking browser keeps): ``(seat, that token)``, nothing changes.

        Raises:
            ProtocolError: ``seat_taken`` (the code was used and none of ``held`` holds its
                seat) or ``bad_invitation`` (no seat of this table was invited with ``code``).
        """
        digest = token_hash(code)
        async with room.lock:
            invited = next(
                (s for s in room.seats if s.invite_hash is not None and hmac.compare_digest(s.invite_hash, digest)),
                None,
            )
            if invited is not None and invited.token_hash is not None:
                for token in held or []:
                    if isinstance(token, str) and hmac.compare_digest(token_hash(token), invited.token_hash):
                        return invited.seat, token
                raise ProtocolError(
                    "seat_taken", "this invitation was already used: its seat is taken, but you can watch the table"
                )
            token = secrets.token_urlsafe(24)
            seat = None if invited is None else await self.db(self.store.claim_invite, room.id, code, token_hash(token))
            if seat is None:
                raise ProtocolError("bad_invitation", "this invitation is not valid for this table")
            room.seats[seat].token_hash = token_hash(token)
        room.broadcast_seats()
        return seat, token

    async def my_tables(self, tokens: list[str]) -> list[dict[str, Any]]:
        """The tables where ``tokens`` hold a seat, newest first, each with that seat."""
        hashes = [token_hash(t) for t in tokens if isinstance(t, str)][:500]
        found = await self.db(self.store.seats_for_tokens, hashes)
        out = []
        for table_id, seat in found:
            try:
                room = await self.room(table_id)
            except TableUnavailableError as exc:
                if exc.data is not None:
                    out.append(retired_summary(exc.data, seat))
                continue
            if room is not None:
                out.append(room.summary(seat))
        out.sort(key=lambda s: s["updated_at"], reverse=True)
        return out

    async def act(self, room: Room, seat: int, raw_action: Any, version: int) -> LogEntry | None:
        """Accept ``raw_action`` for ``seat`` if it is legal now, store it, and tell everyone.

        An action the game stages (a step of a movement plan not yet sealed: the history does not
        keep it, see ``State.recorded_as``) is carried out on the table's state but neither stored
        nor logged, and only the connections of ``seat`` are sent the new state: the table's
        version, log, summary and every other connection's messages stay as they were. Such a
        draft lives in memory only (a restart, or a table unloaded as idle, forgets it). The action
        that ends it is stored and logged as the one action the history keeps (the ``seal`` of the
        whole plan). Returns the log entry, or ``None`` for a staged action.

        A person's secret action that can be taken back is pending (see :class:`Room`): like a
        staged action it reaches only the connections of ``seat`` and is not stored; the next
        action that cannot be taken back, or a public one, is stored after it and sent to
        everyone with it. Returns
        ``None`` for a pending action too.

        Args:
            version: the version of the table at which the client made its choice.

        Raises:
            ProtocolError: ``stale`` (the seat's decision point changed since ``version``, or the
                database already holds another action at this place: written by someone else,
                so the table is reloaded from the database and every connection is sent it) or
                ``storage_error``.
            GameError: the engine refused it (``game_over``, ``malformed_action``,
                ``not_your_turn``, ``illegal_action``), with the engine's reason.
        In every case of refusal the table is left exactly as it was (or as the database has it).
        """
        async with room.lock:
            entry = await self._act_locked(room, seat, raw_action, version)
        if entry is None:
            self.touch(room)
            room.broadcast([c for c in room.connections if c.seat == seat])
            return None
        if room.finished:
            self._gone_from_play(room.id)
        if not entry.ai:
            self.touch(room)
        room.broadcast()
        self.kick(room)
        return entry

    async def _act_locked(self, room: Room, seat: int, raw_action: Any, version: int) -> LogEntry | None:
        state = room.state
        if state.is_terminal():
            raise GameOverError("the game is over")
        known = room._decision(state, seat)  # the seat's listing, as found after the last change
        listed = listed_action(known.actions, raw_action) if known else None
        action = coerce_action(raw_action) if listed is None else listed
        now = room.version_for(seat)
        if version > now:
            raise ProtocolError(
                "stale",
                f"version {version} is ahead of the table (now {now}): choose again from the latest state",
            )
        if 0 <= seat < len(room.decision_since) and version < room.decision_since[seat]:
            raise ProtocolError(
                "stale",
                f"the table has moved on since version {version} (now {now}): choose again",
            )
        legal = state.legal_actions(seat) if known is False else [] if known is None else list(known.actions)
        if action not in legal:
            canon = _number_sent_as_text(action, legal)
            if canon is not None:
                sent = action.to_json()
                wrong = ", ".join(f"{k}: {json_spelling(sent[k])}" for k, v in canon.to_json().items() if sent[k] != v)
                raise IllegalActionError(
                    f"a string where this choice takes a number ({wrong}): write {canon}, in JSON "
                    f"{json_spelling(canon.to_json())}"
                )
        # The action is carried out on a copy, which becomes the table's state only once stored:
        # nobody is ever shown a state that a restart could lose. An action the listing does not
        # hold is refused there with the engine's own reason, unless it stands for a whole staged
        # decision (a sealed plan sent at once), which the engine then carries out part by part.
        after = room.undo.apply(state, action, seat, legal=legal if 0 <= seat < state.players else None)
        if len(after.history) == len(state.history):
            room.drafting.add(seat)
        else:
            room.drafting.discard(seat)
        undoable = room.seats[seat].kind != "ai" and room.undo.can_undo(after, seat)
        if not undoable:
            room.undo.settle()
        if len(after.history) == len(state.history):  # staged: the seat's private draft
            room.state = after
            room.track_decisions(seat)
            return None
        action = after.history[-1][1]  # what the record keeps (a sealed plan's one action)
        entry = room.log_entry(seat, action)
        if undoable and entry.public and room.pending:
            # shown to everyone, it shows what the pending actions before it did: they all stand
            undoable = False
            room.undo.settle()
        if undoable and not entry.public:
            # pending: hidden from the others, and the seat may take it back
            room.pending.append(entry)
            if room.standing is None:
                room.standing, room.pending_seat = state, seat
            room.state = after
            room.track_decisions(seat)
            return None
        finished = after.is_terminal()
        try:
            # the pending actions stand now: stored first, in order, with this one
            held = [StoredAction(room.id, e.index, e.seat, e.action.to_json()) for e in room.pending]
            last = StoredAction(
                room.id,
                entry.index,
                seat,
                action.to_json(),
                finished_record=json_record(after) if finished else None,
                outcome=after.outcome() if finished else None,
            )
            await self.store_actions([*held, last])
        except StaleWriteError:
            log.warning(
                "table %s: action %d was not stored: the database holds another one (written by another"
                " server on the same database?); the table is reloaded from the database",
                room.id,
                entry.index,
            )
            await self._reload(room)
            raise ProtocolError(
                "stale",
                "the table was changed elsewhere and is reloaded: choose again from the latest state",
            ) from None
        except Exception as exc:
            log.exception("could not store action %d of table %s", entry.index, room.id)
            raise ProtocolError("storage_error", "the action could not be stored, so it was not accepted") from exc
        room.settle()
        room.advance(entry, after)
        room.updated_at = datetime.now(UTC)
        return entry

    async def undo(self, room: Room, seat: int, version: int) -> None:
        """Take back ``seat``'s last action, asked at ``version`` (the table as the seat was shown
        it): the state before it comes back exactly. A pending action was never stored nor shown
        to anyone else, so only the connections of ``seat`` are sent the state; a public one
        leaves the store, and every connection is sent the table as it was (see :class:`Room`).

        Raises:
            ProtocolError: ``stale`` (the table is not at ``version``).
            GameError: ``illegal_action`` when nothing can be taken back now, with the reason
                (a die was rolled, something hidden was revealed, the turn began there ...).
        In every case of refusal the table is left exactly as it was.
        """
        async with room.lock:
            if version != room.version_for(seat):
                raise ProtocolError(
                    "stale", f"the table is at version {room.version_for(seat)}, not {version}: look again"
                )
            before = room.undo.undo(room.state, seat)
            stored = len(before.history) < len(room.state.history) and not room.pending
            if stored:  # a public action, stored and shown as it happened: it leaves the store
                try:
                    await self.db(self.store.take_back_action, room.id, len(before.history))
                except Exception:
                    log.exception("table %s: action %d could not be taken back", room.id, len(before.history))
                    await self._reload(room)
                    raise ProtocolError("storage_error", "the action could not be taken back") from None
                room.log.pop()
                room.updated_at = datetime.now(UTC)
            elif len(before.history) < len(room.state.history):
                room.pending.pop()
                if not room.pending:
                    room.standing, room.pending_seat = None, None
            room.state = before
            room.track_decisions(seat)
        self.touch(room)
        room.broadcast(None if stored else [c for c in room.connections if c.seat == seat])

    async def _reload(self, room: Room) -> None:
        """Make ``room`` what the database holds (after a stale write: the stored table moved on
        without this server), keeping its connections, send every connection the new state, and
        let its AI seats play on.
        A table that can no longer be loaded or rebuilt keeps what it showed, and is logged in one
        line."""
        data = await self.db(self.store.load_table, room.id)
        if data is None or data.status == "retired":
            log.warning("table %s could not be reloaded: it is %s", room.id, "gone" if data is None else "retired")
            return
        try:
            fresh = build_room(data)
        except GameError as exc:
            log.warning("table %s could not be reloaded: %s", room.id, exc.reason)
            return
        room.state = fresh.state
        room.undo, room.pending, room.standing, room.pending_seat = fresh.undo, [], None, None
        room.drafting = set()
        room.seats = fresh.seats
        room.log = fresh.log
        room.signatures = fresh.signatures
        room.decisions, room.decided_at = fresh.decisions, fresh.decided_at
        room.decision_since = fresh.decision_since
        room.updated_at = fresh.updated_at
        room.bots.clear()
        room.worker_known = 0
        for conn in room.connections:
            conn.log_sent = 0  # the stored log replaces the one they were sent
        room.broadcast()
        self.kick(room)

    async def hint(self, room: Room, seat: int, version: int) -> dict[str, Any]:
        """A suggested action for ``seat`` at ``version``, from its own knowledge only (the
        advisor's :func:`~ghosttable.ai.advisor.suggest`, about a second of search): the ``hint``
        message ``{"type": "hint", "version", "action", "text", "index", "chance"}`` (``index``:
        the action's place in the seat's decision). The search runs in the table's bot worker
        process, on the table rebuilt from its actions (the pending ones included), or on a
        thread with a copy of the state when the table has no worker or a seat's staged draft
        lives only here.

        Raises:
            ProtocolError: ``stale`` (the table is not at ``version``).
            GameError: ``not_your_turn`` when ``seat`` is not to act.
        """
        if version != room.version_for(seat):
            raise ProtocolError("stale", f"the table is at version {room.version_for(seat)}, not {version}: look again")
        state = room.state
        decision = state.decision(seat)
        if decision is None:
            raise NotYourTurnError(f"seat {seat} is not to act now: there is nothing to suggest")
        seed = derive_seed(state.seed, "hint", len(state.history))
        loop = asyncio.get_running_loop()
        async with self._bot_slots:
            if self._workers and is_builtin(room.game.spec.name) and not room.drafting:
                spec = self._table_spec(room)
                done = [(e.seat, e.action.to_json()) for e in room.shown_log(seat)]
                worker = self._workers[botworker.worker_of(room.id, len(self._workers))]
                found = await loop.run_in_executor(worker, botworker.hint, spec, done, seat, seed)
            else:
                found = await loop.run_in_executor(self._bot_threads, botworker.hint_of, state.clone(), seat, seed)
        if found is None:
            raise NotYourTurnError(f"seat {seat} is not to act now: there is nothing to suggest")
        action = Action.from_json(found["action"])
        index = decision.actions.index(action) if action in decision.actions else None
        return {"type": "hint", "version": version, "index": index, **found}

    def _table_spec(self, room: Room) -> botworker.TableSpec:
        """What the table's bot worker needs to set ``room`` up."""
        return botworker.TableSpec(
            room.game.spec.name,
            room.game.players,
            dict(room.game.options),
            room.state.seed,
            dict(room.script),
            {s.seat: s.bot or "random" for s in room.seats if s.kind == "ai"},
        )

    def kick(self, room: Room) -> None:
        """Start the room's AI task if an AI seat is to act and none is running."""
        if room.finished or room.ai_error is not None:
            return
        if room.ai_task is not None and not room.ai_task.done():
            return
        if not any(room.seats[s].kind == "ai" for s in room.state.acting_seats()):
            return
        room.ai_task = asyncio.get_running_loop().create_task(self._run_ai(room))

    def _bot(self, room: Room, seat: int) -> Bot:
        bot = room.bots.get(seat)
        if bot is None:
            name = room.seats[seat].bot or "random"
            bot = make_bot(room.game, name, seat, derive_seed(room.state.seed, "bot", seat))
            room.bots[seat] = bot
        return bot

    async def _run_ai(self, room: Room) -> None:
        loop = asyncio.get_running_loop()
        while True:
            if self.ai_delay > 0:
                await asyncio.sleep(self.ai_delay)
            async with room.lock:
                if room.finished:
                    return
                ai_seats = [s for s in room.state.acting_seats() if room.seats[s].kind == "ai"]
                if not ai_seats:
                    return
                seat = ai_seats[0]
                version = room.version
                remote = bool(self._workers) and is_builtin(room.game.spec.name)
                if remote:
                    first = room.worker_known if room.worker_known <= version else 0
                    sent = [(e.seat, e.action.to_json()) for e in room.log[first:version]]
                else:
                    bot = self._bot(room, seat)
                    observed = room.state.clone()
            try:
                async with self._bot_slots:
                    if remote:
                        action: Any = await self._worker_move(room, first, sent, seat, version)
                    else:
                        action = await loop.run_in_executor(self._bot_threads, choose_whole, bot, observed, seat)
                await self.act(room, seat, action, version)
            except ProtocolError as exc:
                if exc.code == "stale":
                    continue
                room.ai_error = exc.reason
            except GameError as exc:
                room.ai_error = f"{room.game.seat_names()[seat]} ({room.seats[seat].bot}) failed: {exc.reason}"
            except (RuntimeError, BrokenExecutor) as exc:  # the bot workers were shut down: the server stops
                log.info("AI of table %s stopped: %s", room.id, exc)
                return
            if room.ai_error is not None:
                log.error("AI of table %s stopped: %s", room.id, room.ai_error)
                for conn in list(room.connections):
                    conn.send({"type": "error", "code": "ai_failed", "reason": room.ai_error, "ref": None})
                return

    async def _worker_move(
        self, room: Room, first: int, sent: list[tuple[int, dict[str, Any]]], seat: int, version: int
    ) -> dict[str, Any]:
        """The move of ``seat``'s bot at ``version``, from the table's bot worker (see
        :mod:`ghosttable.server.botworker`): the actions it lacks are sent along."""
        loop = asyncio.get_running_loop()
        worker = self._workers[botworker.worker_of(room.id, len(self._workers))]
        spec = self._table_spec(room)
        for _ in range(3):
            kind, value = await loop.run_in_executor(worker, botworker.move, room.id, spec, first, sent, seat)
            if kind == "action":
                room.worker_known = version
                return dict(value)
            first = int(value)
            sent = [(e.seat, e.action.to_json()) for e in room.log[first:version]]
        raise GameError("the bot's worker could not follow the table")

    def _forget_in_worker(self, table_id: str) -> None:
        """Let the table's bot worker drop it (finished or unloaded)."""
        if self._workers:
            with contextlib.suppress(RuntimeError, BrokenExecutor):
                self._workers[botworker.worker_of(table_id, len(self._workers))].submit(botworker.forget, table_id)

    async def replay_text(self, room: Room, seat: int | None) -> str:
        """:meth:`replay_frames` of a finished table as JSON text, kept in the replay cache."""
        text = self.replays.get(room.id, seat)
        if text is None:
            frames = await asyncio.to_thread(self.replay_frames, room, seat)
            text = wire_json(frames)
            self.replays.put(room.id, seat, text)
        return text

    def replay_frames(self, room: Room, seat: int | None) -> list[dict[str, Any]]:
        """Every step of a finished table as ``seat`` saw it: ``[{"version", "view", "acting",
        "entry", "result"}]`` (frame 0 is the start; ``entry`` is the action that led to it)."""
        names = room.game.seat_names()
        frames = []
        for i, state in enumerate(replay_states(room.state.record(), room.game)):
            frames.append(
                {
                    "version": i,
                    "view": state.view(seat),
                    "acting": [] if state.is_terminal() else list(state.acting_seats()),
                    "entry": room.log[i - 1].for_viewer(seat, True, names) if i > 0 else None,
                    "result": result_json(state),
                }
            )
        return frames


def json_record(state: State) -> str:
    """The state's record as compact JSON text."""
    return json.dumps(state.record().to_json(), separators=(",", ":"))

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
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from ghosttable.ai.base import Bot, Observation, bot_names, make_bot
from ghosttable.core.actions import Action, coerce_action
from ghosttable.core.errors import GameError, GameOverError, IllegalActionError, OptionError
from ghosttable.core.jsonio import json_spelling
from ghosttable.core.playout import derive_seed
from ghosttable.core.records import replay_states
from ghosttable.core.state import Game, State
from ghosttable.registry import game_class, load
from ghosttable.server.protocol import LogEntry, ProtocolError, action_is_public, result_json, state_message
from ghosttable.server.storage import SeatData, StaleWriteError, Store, TableData, token_hash

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
    """One client watching a room, as ``seat`` (``None``: a spectator). Messages queue here and a
    writer task sends them in order."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for sending."""
        self.queue.put_nowait(message)

    def close(self) -> None:
        """Ask the writer to stop."""
        self.queue.put_nowait(None)


@dataclass
class Room:
    """One table in memory. See the module docstring."""

    id: str
    game: Game
    state: State
    seats: list[SeatData]
    created_at: datetime
    updated_at: datetime
    log: list[LogEntry] = field(default_factory=list)
    decision_since: list[int] = field(default_factory=list)
    signatures: list[Any] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)
    connections: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    ai_task: asyncio.Task[None] | None = None
    ai_error: str | None = None

    @property
    def version(self) -> int:
        """The count of accepted actions."""
        return len(self.state.history)

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

    def message_for(self, seat: int | None) -> dict[str, Any]:
        """The ``state`` message for ``seat`` (built from its own view only)."""
        return state_message(self.state, seat, table_id=self.id, seats=self.public_seats(), log=self.log)

    def broadcast(self) -> None:
        """Send every connection its own ``state`` message."""
        cache: dict[int | None, dict[str, Any]] = {}
        for conn in list(self.connections):
            if conn.seat not in cache:
                cache[conn.seat] = self.message_for(conn.seat)
            conn.send(cache[conn.seat])

    def summary(self, seat: int | None = None) -> dict[str, Any]:
        """The lobby's description of the table (no secrets: no seed, no view)."""
        return {
            "id": self.id,
            "game": self.game.spec.name,
            "title": self.game.spec.title,
            "players": self.game.players,
            "options": dict(self.game.options),
            "status": "finished" if self.finished else "playing",
            "version": self.version,
            "result": result_json(self.state),
            "seats": self.public_seats(),
            "seat": seat,
            "created_at": self.created_at.isoformat(),
            "updated_at": self.updated_at.isoformat(),
        }

    def _signature(self, seat: int) -> Any:
        decision = self.state.decision(seat)
        return None if decision is None else (decision.name, decision.actions)

    def track_decisions(self, actor: int | None = None) -> None:
        """After an accepted action of ``actor``: note, for the actor and for each seat whose
        decision point changed, the version from which its current decision stands (older choices
        of that seat are stale, so a repeated click never acts twice)."""
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
    """A room rebuilt from stored data by replaying every stored action.

    Raises ``GameError`` when the game cannot be set up or a stored action is refused.
    """
    game = load(data.game, players=data.players, **data.options)
    state = game.new_initial_state(data.seed, data.script)
    room = Room(data.id, game, state, list(data.seats), data.created_at, data.updated_at)
    room.track_decisions()
    for seat, raw in data.actions:
        room.record_step(seat, Action.from_json(raw))
    return room


class Hub:
    """Every room of the server, and the store behind them.

    Args:
        store: the database.
        ai_delay: seconds an AI seat waits before each move, so people can follow it.
    """

    def __init__(self, store: Store, ai_delay: float = 0.6) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.rooms: dict[str, Room] = {}
        self._db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ghosttable-db")
        self._bot_threads = ThreadPoolExecutor(max_workers=4, thread_name_prefix="ghosttable-bot")
        self._loading: dict[str, asyncio.Lock] = {}

    async def db(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """Run a store method on the database thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_thread, lambda: fn(*args, **kwargs))

    async def start(self) -> None:
        """Resume every table still being played: rebuild it and let its AI seats play on. A
        table that cannot be rebuilt (its game is gone, or its rules changed) is retired (see
        :meth:`room`), so it is logged once and not tried again at the next start."""
        for table_id in await self.db(self.store.unfinished_ids):
            try:
                room = await self.room(table_id)
            except TableUnavailableError:
                continue
            if room is not None:
                self.kick(room)

    async def stop(self) -> None:
        """Stop the AI seats and the worker threads (stored data is already complete)."""
        tasks = [r.ai_task for r in self.rooms.values() if r.ai_task is not None and not r.ai_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for room in self.rooms.values():
            for conn in list(room.connections):
                conn.close()
        self._bot_threads.shutdown(wait=False, cancel_futures=True)
        self._db_thread.shutdown(wait=True)

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
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(table_id)
            if room is not None:
                return room
            data = await self.db(self.store.load_table, table_id)
            if data is None:
                return None
            prefix = f"table {table_id} of {data.game} cannot be rebuilt with the rules installed here"
            if data.status == "retired":
                raise TableUnavailableError(f"{prefix}: {data.retired_reason or 'it was retired'}", data)
            try:
                room = build_room(data)
            except GameError as exc:
                installed = _installed_version(data.game)
                why = (
                    f"it was played under rules version {data.version}, and version {installed} is installed"
                    if installed is not None and installed != data.version
                    else exc.reason
                )
                reason = f"{prefix}: {why}"
                if data.status != "playing":  # a finished table keeps its status and record
                    raise TableUnavailableError(reason) from None
                if await self.db(self.store.retire_table, table_id, why):
                    log.warning("%s; it is retired (kept, no longer played)", reason)
                data.status, data.retired_reason = "retired", why
                raise TableUnavailableError(reason, data) from None
            self.rooms[table_id] = room
            return room

    async def create_table(
        self,
        game_name: str,
        players: int | None,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Create a table and start its AI seats.

        Args:
            game_name: a registered game.
            players: seat count (``None``: the game's default).
            options: rule options by name.
            seats: one ``{"kind": "me" | "ai" | "invite", "bot": name}`` per seat (``bot`` for
                ``ai`` only; missing seats are ``me``).
            seed: the chance seed (default: a random one).

        Returns:
            ``{"table": id, "tokens": {seat: token}, "invites": {seat: code}}`` (JSON keys are
            strings). Tokens and codes are returned only here.

        Raises:
            GameError: unknown game, bad options, seat count or bot (``OptionError``), a seat
                entry of the wrong shape (``MalformedRequestError``: not an object, a ``kind``
                not among ``me``, ``ai``, ``invite``, a ``bot`` that is not a string).
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
        room = build_room(data)
        await self.db(self.store.create_table, data)
        self.rooms[table_id] = room
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
        room.broadcast()
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

    async def act(self, room: Room, seat: int, raw_action: Any, version: int) -> LogEntry:
        """Accept ``raw_action`` for ``seat`` if it is legal now, store it, and tell everyone.

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
        room.broadcast()
        self.kick(room)
        return entry

    async def _act_locked(self, room: Room, seat: int, raw_action: Any, version: int) -> LogEntry:
        state = room.state
        if state.is_terminal():
            raise GameOverError("the game is over")
        action = coerce_action(raw_action)
        if version > room.version:
            raise ProtocolError(
                "stale",
                f"version {version} is ahead of the table (now {room.version}): choose again from the latest state",
            )
        if 0 <= seat < len(room.decision_since) and version < room.decision_since[seat]:
            raise ProtocolError(
                "stale",
                f"the table has moved on since version {version} (now {room.version}): choose again",
            )
        legal = state.legal_actions(seat)
        if action not in legal:
            canon = _number_sent_as_text(action, legal)
            if canon is not None:
                sent = action.to_json()
                wrong = ", ".join(f"{k}: {json_spelling(sent[k])}" for k, v in canon.to_json().items() if sent[k] != v)
                raise IllegalActionError(
                    f"a string where this choice takes a number ({wrong}): write {canon}, in JSON "
                    f"{json_spelling(canon.to_json())}"
                )
            state.clone().apply(action, seat)  # raises the engine's own error
            raise GameError("the action was refused")
        # The action is carried out on a copy, which becomes the table's state only once stored:
        # nobody is ever shown a state that a restart could lose.
        entry = room.log_entry(seat, action)
        after = state.clone()
        after.apply(action, seat)
        finished = after.is_terminal()
        try:
            await self.db(
                self.store.append_action,
                room.id,
                entry.index,
                seat,
                action.to_json(),
                finished_record=json_record(after) if finished else None,
                outcome=after.outcome() if finished else None,
            )
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
        room.advance(entry, after)
        room.updated_at = datetime.now(UTC)
        return entry

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
        room.seats = fresh.seats
        room.log = fresh.log
        room.signatures = fresh.signatures
        room.decision_since = fresh.decision_since
        room.updated_at = fresh.updated_at
        room.bots.clear()
        room.broadcast()
        self.kick(room)

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
                bot = self._bot(room, seat)
                observed = room.state.clone()
            try:
                action = await loop.run_in_executor(self._bot_threads, bot.choose, Observation(observed, seat))
                await self.act(room, seat, action, version)
            except ProtocolError as exc:
                if exc.code == "stale":
                    continue
                room.ai_error = exc.reason
            except GameError as exc:
                room.ai_error = f"{room.game.seat_names()[seat]} ({bot.name}) failed: {exc.reason}"
            except RuntimeError as exc:  # the bot threads were shut down: the server is stopping
                log.info("AI of table %s stopped: %s", room.id, exc)
                return
            if room.ai_error is not None:
                log.error("AI of table %s stopped: %s", room.id, room.ai_error)
                for conn in list(room.connections):
                    conn.send({"type": "error", "code": "ai_failed", "reason": room.ai_error, "ref": None})
                return

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

"""Storage of tables, seats and accepted actions (SQLAlchemy; any database URL it supports).

Schema (created on start):

- ``gt_tables``: one row per table: game name, rules version, seat count, rule options, seed,
  scripted chance, status (``playing``, ``finished``, or ``retired``: a table that cannot be
  rebuilt with the rules installed, kept with its seats and actions, with the reason in
  ``retired_reason``), the count of accepted actions, the outcome and, once finished, the whole
  record as JSON.
- ``gt_seats``: one row per seat: ``human`` or ``ai`` (with its bot), the hash of the seat's token
  and of its invitation code (tokens and codes themselves are never stored; an invited seat is
  claimed once it has a token, and keeps its code's hash so that a used link is known as used).
- ``gt_actions``: one row per accepted action, keyed by ``(table_id, idx)``.

Every accepted action is written by :meth:`Store.append_action` in one transaction together with
the table's action count (and its result when the action ended the game), so after a restart,
even of a killed process, replaying the stored actions rebuilds the table exactly.

A database made before a column existed gets it on start (:func:`add_missing_columns`: columns are
only ever added, nullable), so an existing database keeps working.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    case,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool


def token_hash(token: str) -> str:
    """The stored digest of a seat token or invitation code (hex, 64 characters)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


class _Base(DeclarativeBase):
    pass


class TableRow(_Base):
    """A table (one game being played, or played)."""

    __tablename__ = "gt_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    script: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    action_count: Mapped[int] = mapped_column(Integer, default=0)
    outcome: Mapped[str | None] = mapped_column(String(64), nullable=True)
    record: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    retired_reason: Mapped[str | None] = mapped_column(Text, nullable=True)


class SeatRow(_Base):
    """A seat of a table."""

    __tablename__ = "gt_seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("gt_tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(_Base):
    """One accepted action."""

    __tablename__ = "gt_actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("gt_tables.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass
class SeatData:
    """A seat as stored: ``kind`` is ``human`` or ``ai``; hashes are ``None`` when absent."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    invite_hash: str | None = None


@dataclass
class TableData:
    """A table as stored, with its seats and accepted actions (``(seat, action json)`` in order)."""

    id: str
    game: str
    version: str
    players: int
    options: dict[str, Any]
    seed: int
    script: dict[str, Any]
    status: str
    outcome: str | None
    record: str | None
    created_at: datetime
    updated_at: datetime
    seats: list[SeatData] = field(default_factory=list)
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    #: why the table was retired (status ``retired``), else ``None``
    retired_reason: str | None = None


log = logging.getLogger("ghosttable.server")


class StaleWriteError(Exception):
    """The table's stored action count is not the one the writer expected (a lost race)."""


class _StaleBeforeWriting(Exception):
    """A group's first action found its table elsewhere: nothing of the group was written."""

    def __init__(self, error: StaleWriteError) -> None:
        super().__init__(str(error))
        self.error = error


@dataclass(frozen=True)
class StoredAction:
    """One accepted action to store: number ``idx`` (0-based) of table ``table_id``, by ``seat``;
    ``finished_record`` and ``outcome`` (both given or neither) mark the table finished."""

    table_id: str
    idx: int
    seat: int
    action: dict[str, Any]
    finished_record: str | None = None
    outcome: str | None = None


def default_db_url() -> str:
    """``sqlite:///<user data folder>/ghosttable.db``, creating the folder."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("ghosttable", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'ghosttable.db'}"


class MissingDriverError(SQLAlchemyError):
    """The database URL's driver (its DBAPI module) is not installed in this environment; the
    message names the module and what to install."""


PIP_NAME = {"MySQLdb": "mysqlclient", "cx_Oracle": "cx-Oracle", "pymysql": "PyMySQL", "mariadb": "mariadb"}
"""The package to install for a DBAPI module whose package name differs from the module's."""


def _create_engine(url: str, **kwargs: Any) -> Engine:
    """``create_engine(url, **kwargs)``, turning the ``ImportError`` of a driver that is not
    installed into :class:`MissingDriverError`. An asyncio driver (``postgresql+asyncpg``) is
    refused the same way: the store is synchronous."""
    dialect = make_url(url).get_dialect()
    name = f"{dialect.name}+{dialect.driver}"
    if getattr(dialect, "is_async", False):
        raise MissingDriverError(
            f"{name} is an asyncio driver; the store needs a synchronous one (e.g. {dialect.name}://, "
            f"with its driver installed)"
        )
    try:
        return create_engine(url, **kwargs)
    except ImportError as exc:
        module = exc.name or dialect.driver
        package = PIP_NAME.get(module.split(".")[0], module.split(".")[0])
        raise MissingDriverError(
            f"its driver module {module!r} ({name}) is not installed in this environment "
            f"(install it there: pip install {package})"
        ) from None


class Store:
    """Synchronous access to the database; the server calls it from one worker thread.

    Args:
        url: an SQLAlchemy database URL (``sqlite:///path``, ``postgresql://...``).

    Raises:
        MissingDriverError: the URL's driver module is not installed (or is an asyncio one).
        sqlalchemy.exc.SQLAlchemyError: the database cannot be opened.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if make_url(url).database in (None, "", ":memory:"):
                # An in-memory database lives in one connection: share it between the threads.
                kwargs["poolclass"] = StaticPool
        self.engine: Engine = _create_engine(url, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        _Base.metadata.create_all(self.engine)
        add_missing_columns(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # The statements of every accepted action, built once (see append_action).
        at_idx = update(TableRow).where(
            TableRow.id == bindparam("tid"), TableRow.action_count == bindparam("idx"), TableRow.status == "playing"
        )
        self._step = at_idx.values(action_count=bindparam("count"), updated_at=bindparam("at"))
        self._last_step = at_idx.values(
            action_count=bindparam("count"),
            updated_at=bindparam("at"),
            status="finished",
            record=bindparam("record"),
            outcome=bindparam("outcome"),
        )
        self._insert_action = insert(ActionRow).values(
            table_id=bindparam("tid"),
            idx=bindparam("idx"),
            seat=bindparam("seat"),
            action=bindparam("action", type_=JSON),
            created_at=bindparam("at"),
        )

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create_table(self, data: TableData) -> None:
        """Store a new table and its seats (one transaction)."""
        with self._sessions.begin() as session:
            session.add(
                TableRow(
                    id=data.id,
                    game=data.game,
                    version=data.version,
                    players=data.players,
                    options=data.options,
                    seed=data.seed,
                    script=data.script,
                    status=data.status,
                    action_count=0,
                    created_at=data.created_at,
                    updated_at=data.updated_at,
                )
            )
            session.flush()
            for s in data.seats:
                session.add(
                    SeatRow(
                        table_id=data.id,
                        seat=s.seat,
                        kind=s.kind,
                        bot=s.bot,
                        token_hash=s.token_hash,
                        invite_hash=s.invite_hash,
                    )
                )

    def append_action(
        self,
        table_id: str,
        idx: int,
        seat: int,
        action: dict[str, Any],
        *,
        finished_record: str | None = None,
        outcome: str | None = None,
    ) -> None:
        """Store accepted action number ``idx`` (0-based) in one transaction.

        When ``finished_record`` is given the table is marked finished with that record and outcome.
        Raises ``StaleWriteError`` when the table does not hold exactly ``idx`` actions already.
        """
        try:
            with self.engine.begin() as conn:
                self._append(conn, [StoredAction(table_id, idx, seat, action, finished_record, outcome)])
        except _StaleBeforeWriting as exc:
            raise exc.error from None

    def append_actions(self, groups: list[list[StoredAction]]) -> list[Exception | None]:
        """Store several tables' accepted actions at once: each group holds one table's actions,
        in order, and is stored whole or not at all. All the groups go in one transaction (one
        commit for many tables); should that transaction fail, each group is stored in its own
        (a group of one action by :meth:`append_action`), so one table's failure is its own.

        Returns, per group, ``None`` once stored, or the exception that kept it out
        (``StaleWriteError`` when its table did not hold exactly its first action's ``idx``
        actions already, or the database's error). Nothing is returned before the commit."""
        if len(groups) > 1:
            results: list[Exception | None] = []
            try:
                with self.engine.begin() as conn:
                    for group in groups:
                        try:
                            self._append(conn, group)
                        except _StaleBeforeWriting as exc:
                            results.append(exc.error)
                        else:
                            results.append(None)
                return results
            except Exception:  # rolled back: each group on its own
                log.info("a write of %d tables failed together; each is written alone", len(groups), exc_info=True)
        alone: list[Exception | None] = []
        for group in groups:
            try:
                if len(group) == 1:
                    a = group[0]
                    self.append_action(
                        a.table_id, a.idx, a.seat, a.action, finished_record=a.finished_record, outcome=a.outcome
                    )
                else:
                    with self.engine.begin() as conn:
                        self._append(conn, group)
            except _StaleBeforeWriting as exc:
                alone.append(exc.error)
            except Exception as exc:
                alone.append(exc)
            else:
                alone.append(None)
        return alone

    def _append(self, conn: Connection, group: list[StoredAction]) -> None:
        """Store ``group`` (one table's actions, in order) on ``conn``, in its transaction.

        Raises ``_StaleBeforeWriting`` when the first action finds the table elsewhere (nothing
        written), ``StaleWriteError`` when a later one does (the transaction must be rolled back)."""
        rows: list[dict[str, Any]] = []
        for i, a in enumerate(group):
            params: dict[str, Any] = {"tid": a.table_id, "idx": a.idx, "count": a.idx + 1, "at": _now()}
            step = self._step
            if a.finished_record is not None:
                step = self._last_step
                params.update(record=a.finished_record, outcome=a.outcome)
            # One conditional UPDATE both checks the count and takes the row (a concurrent writer
            # waits for this transaction, then finds the count moved on).
            if conn.execute(step, params).rowcount != 1:
                stale = StaleWriteError(f"table {a.table_id} is not at action {a.idx}")
                if i == 0:
                    raise _StaleBeforeWriting(stale)
                raise stale
            rows.append({**params, "seat": a.seat, "action": a.action})
        conn.execute(self._insert_action, rows)

    def take_back_action(self, table_id: str, idx: int) -> None:
        """Remove stored action number ``idx`` (0-based), the table's last, in one transaction (a
        seat took it back: see ``Hub.undo``).

        Raises ``StaleWriteError`` when the table does not hold exactly ``idx + 1`` actions, or is
        not being played."""
        with self.engine.begin() as conn:
            taken = conn.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.action_count == idx + 1, TableRow.status == "playing")
                .values(action_count=idx, updated_at=_now())
            )
            if taken.rowcount != 1:
                raise StaleWriteError(f"table {table_id} does not end at action {idx}")
            conn.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.idx == idx))

    def load_table(self, table_id: str) -> TableData | None:
        """The table with its seats and actions, or ``None``."""
        with self._sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return self._data(session, row, with_actions=True)

    def _data(self, session: Session, row: TableRow, *, with_actions: bool) -> TableData:
        seats = session.scalars(select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)).all()
        actions: list[tuple[int, dict[str, Any]]] = []
        if with_actions:
            rows = session.scalars(select(ActionRow).where(ActionRow.table_id == row.id).order_by(ActionRow.idx)).all()
            actions = [(a.seat, a.action) for a in rows]
        return TableData(
            id=row.id,
            game=row.game,
            version=row.version,
            players=row.players,
            options=dict(row.options),
            seed=row.seed,
            script=dict(row.script or {}),
            status=row.status,
            outcome=row.outcome,
            record=row.record,
            created_at=_aware(row.created_at),
            updated_at=_aware(row.updated_at),
            seats=[SeatData(s.seat, s.kind, s.bot, s.token_hash, s.invite_hash) for s in seats],
            actions=actions,
            retired_reason=row.retired_reason,
        )

    def retire_table(self, table_id: str, reason: str) -> bool:
        """Mark a table still ``playing`` as ``retired`` with ``reason`` (its seats, actions and
        times are kept). Returns whether it was marked now (``False``: unknown, or not playing)."""
        with self._sessions.begin() as session:
            result = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == "playing")
                .values(status="retired", retired_reason=reason)
            )
            return bool(getattr(result, "rowcount", 0))

    def unfinished_ids(self) -> list[str]:
        """The ids of every table still being played."""
        with self._sessions() as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status == "playing")).all())

    def unfinished_tables(self) -> list[tuple[str, int, int]]:
        """``(id, AI seats, seats)`` of every table still being played."""
        with self._sessions() as session:
            rows = session.execute(
                select(TableRow.id, func.count(SeatRow.seat), func.sum(case((SeatRow.kind == "ai", 1), else_=0)))
                .join(SeatRow, SeatRow.table_id == TableRow.id, isouter=True)
                .where(TableRow.status == "playing")
                .group_by(TableRow.id)
            ).all()
            return [(r[0], int(r[2] or 0), int(r[1] or 0)) for r in rows]

    def seats_for_tokens(self, hashes: list[str]) -> list[tuple[str, int]]:
        """``(table id, seat)`` for each stored token hash among ``hashes``."""
        if not hashes:
            return []
        with self._sessions() as session:
            rows = session.execute(select(SeatRow.table_id, SeatRow.seat).where(SeatRow.token_hash.in_(hashes))).all()
            return [(r[0], r[1]) for r in rows]

    def claim_invite(self, table_id: str, code: str, new_token_hash: str) -> int | None:
        """Give the seat invited with ``code`` the token ``new_token_hash``; the code is used up
        (its hash stays with the seat, so a used link can be recognised as used).

        Returns the seat, or ``None`` when no unclaimed seat of the table has that code.
        """
        digest = token_hash(code)
        with self._sessions.begin() as session:
            seats = session.scalars(select(SeatRow).where(SeatRow.table_id == table_id)).all()
            for s in seats:
                if s.token_hash is None and s.invite_hash is not None and hmac.compare_digest(s.invite_hash, digest):
                    s.token_hash = new_token_hash
                    return s.seat
        return None


def add_missing_columns(engine: Engine) -> list[str]:
    """Add to the stored tables every column of the schema they lack (a database made by an
    earlier version); such columns are nullable, so existing rows read as before.

    Returns the added columns as ``"table.column"``.
    """
    added: list[str] = []
    inspector = inspect(engine)
    for table in _Base.metadata.sorted_tables:
        present = {c["name"] for c in inspector.get_columns(table.name)}
        for column in table.columns:
            if column.name in present or not column.nullable:
                continue
            kind = column.type.compile(dialect=engine.dialect)
            with engine.begin() as conn:
                conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}'))
            added.append(f"{table.name}.{column.name}")
    return added


def _aware(moment: datetime) -> datetime:
    """``moment`` in UTC (SQLite hands back naive datetimes)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()

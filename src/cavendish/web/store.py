"""Storage of tables and their actions: SQLAlchemy 2, SQLite (WAL) or PostgreSQL.

Design note
-----------
Three tables (the schema is made and upgraded by the Alembic migrations shipped
in :mod:`cavendish.web.migrations`, run by :meth:`Store.open` at start-up):

* ``tables``: a table's id, its :class:`~.config.TableConfig` as JSON, when made;
* ``seats``: the SHA-256 of each person's seat token (the token itself is never
  stored, so a copy of the database does not seat anyone);
* ``actions``: every action of a table, numbered from 1 (``seq``), as JSON.

:meth:`Store.append` commits an action in its own transaction and the caller
broadcasts only after it returns: whatever anyone was shown is on disk, and a
server killed with ``kill -9`` rebuilds every table from :meth:`Store.load`.
The server runs the appends in :attr:`Store.writer` (:mod:`.writer`), on the
event loop.  On PostgreSQL, one task commits every action waiting in one
transaction (:meth:`Store.append_many_async`: one statement, one round trip, on the
loop's own connection), the people's before, and apart from, the computers'; on
SQLite, an action is committed as it is asked (:class:`~.writer.LoopWriter`: a
commit there is some 60 us of the SQLite library, its insert written straight to
the driver's connection), and the log's checkpoints, the one step that waits for
the disk, are taken by a thread of their own (:mod:`.checkpoint`), never by a commit.
The key of ``actions`` is ``(table_id, seq)``: an action numbered as one stored
already (another server process on the same PostgreSQL stored it first,
:mod:`.bus`) is refused with :class:`SeqTaken`, and nothing is stored.

The default database is a SQLite file under the user's data folder
(:func:`default_url`), opened in WAL mode.

>>> store = Store.open("sqlite://")
>>> store.create_table("t1", '{"x": 1}', {"S": "tok"})
>>> store.append("t1", 1, ["deal"])
>>> store.load("t1").actions
[('deal',)]
>>> store.seat_of("t1", "tok"), store.seat_of("t1", "bad")
('S', None)
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import json
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    insert,
    select,
    text,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from ..core.errors import IllegalAction
from .checkpoint import Checkpointer
from .writer import GroupWriter, LoopWriter

__all__ = ["SeqTaken", "Store", "StoredTable", "default_url", "token_hash"]


class SeqTaken(IllegalAction):
    """An action numbered ``seq`` is stored for that table already: another server
    process sharing the database stored its action first (:mod:`.bus`)."""

    def __init__(self, table_id: str, seq: int) -> None:
        super().__init__(f"table {table_id}: action {seq} is stored already "
                         "(another server process stored its action first)")
        self.table_id, self.seq = table_id, seq


class Base(DeclarativeBase):
    """The declarative base of the web tables."""


class TableRow(Base):
    """One table."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    config: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    """A person's seat: the hash of its token."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), index=True)


class ActionRow(Base):
    """One action of a table, in order."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its config (JSON) and its actions in order."""

    id: str
    config: str
    actions: list[tuple[str, ...]]


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def default_url() -> str:
    """``sqlite:///<user data folder>/cavendish/web.sqlite3`` (the folder is made)."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("cavendish", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.sqlite3'}"


def _normalise(url: str) -> str:
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Store:
    """The database of a server."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._insert_action = insert(ActionRow)
        sqlite = engine.dialect.name == "sqlite"
        self.writer: GroupWriter | LoopWriter = (
            LoopWriter(self.append) if sqlite
            else GroupWriter(self.append_many_async, self.append_async))
        """Where the server commits its actions, on the event loop: on SQLite as they
        come; else several to a transaction, the people's first (:mod:`.writer`)."""
        self._raw: Any = None
        """A SQLite file's own connection for the actions' inserts (the driver's)."""
        self._created_at: Callable[[dt.datetime], Any] = lambda d: d
        self.checkpointer: Checkpointer | None = None
        """A SQLite file's checkpoints, off the commits (:mod:`.checkpoint`)."""
        if sqlite and not isinstance(engine.pool, StaticPool):  # a file, not memory
            self._raw = engine.raw_connection()
            column = ActionRow.__table__.c.created_at.type.dialect_impl(engine.dialect)
            self._created_at = column.bind_processor(engine.dialect) or self._created_at
            self.checkpointer = Checkpointer(engine.raw_connection)
            self.checkpointer.start()
        self._aconns: dict[bool, tuple[Any, asyncio.AbstractEventLoop]] = {}
        """PostgreSQL: the event loop's connections for the actions, each with its
        loop (:meth:`append_many_async`): the people's (True) and the computers'."""
        self.notify: Callable[[str, int, Sequence[str]], tuple[str, str]] | None = None
        """On PostgreSQL, the bus's channel and payload for an action (:mod:`.bus`):
        :meth:`append` then sends them with ``pg_notify`` in the insert's own
        statement (one round trip, as without the bus)."""

    @classmethod
    def open(cls, url: str | None = None) -> Store:
        """Connect, put SQLite in WAL mode, and run the migrations to the head."""
        url = _normalise(url or default_url())
        kwargs: dict[str, Any] = {}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs = {"poolclass": StaticPool, "connect_args": {"check_same_thread": False}}
        elif url.startswith("sqlite"):
            kwargs = {"connect_args": {"check_same_thread": False}}
        engine = create_engine(url, **kwargs)
        if url.startswith("sqlite"):

            @event.listens_for(engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA wal_autocheckpoint=0")  # .checkpoint's thread does it
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

        migrate(engine)
        return cls(engine)

    def create_table(self, table_id: str, config: str, tokens: dict[str, str]) -> None:
        """Store a new table and its seats' token hashes, in one transaction."""
        with Session(self.engine) as db, db.begin():
            db.add(TableRow(id=table_id, config=config, created_at=_now()))
            db.flush()
            for seat, token in tokens.items():
                db.add(SeatRow(table_id=table_id, seat=seat, token_hash=token_hash(token)))

    def append(self, table_id: str, seq: int, action: Sequence[str]) -> None:
        """Commit action number ``seq`` of a table (its own transaction); raises
        :class:`SeqTaken` if that number is stored already (the key is
        ``(table_id, seq)``), and nothing is stored.

        >>> store = Store.open("sqlite://")
        >>> store.create_table("t1", "{}", {})
        >>> store.append("t1", 1, ["deal"])
        >>> try:
        ...     store.append("t1", 1, ["deal"])
        ... except SeqTaken as exc:
        ...     print(exc.seq, store.actions_after("t1", 0))
        1 [('deal',)]
        """
        try:
            self.append_many([(table_id, seq, action)])
        except IntegrityError:  # the driver's as SQLAlchemy's (:meth:`_append_raw`)
            if self.actions_after(table_id, seq - 1)[:1]:
                raise SeqTaken(table_id, seq) from None
            raise

    def append_many(self, actions: Sequence[tuple[str, int, Sequence[str]]]) -> None:
        """Commit several actions ``(table_id, seq, action)``, of one table or of
        several, in one transaction: all of them, or (an error raised) none.

        >>> store = Store.open("sqlite://")
        >>> store.create_table("t1", "{}", {})
        >>> store.append_many([("t1", 1, ["deal"]), ("t1", 2, ["card", "SA"])])
        >>> try:
        ...     store.append_many([("t1", 3, ["card", "SK"]), ("t1", 2, ["card", "SQ"])])
        ... except IntegrityError:
        ...     print(store.actions_after("t1", 0))
        [('deal',), ('card', 'SA')]
        """
        if self._raw is not None:
            self._append_raw(actions)
            return
        if self.notify is not None:
            self._append_notify(actions)
            return
        now = _now()
        rows = [{"table_id": table_id, "seq": seq, "action": json.dumps(list(action)),
                 "created_at": now} for table_id, seq, action in actions]
        with self.engine.begin() as conn:  # Core, not the ORM: this is the hot path
            conn.execute(self._insert_action, rows)

    def _notify_params(self, actions: Sequence[tuple[str, int, Sequence[str]]]
                       ) -> dict[str, Any]:
        """The parameters of :data:`INSERT_NOTIFY_PG` for some actions."""
        assert self.notify is not None
        notes = [self.notify(table_id, seq, action) for table_id, seq, action in actions]
        return {"tables": [a[0] for a in actions], "seqs": [a[1] for a in actions],
                "actions": [json.dumps(list(a[2])) for a in actions], "created_at": _now(),
                "channel": notes[0][0], "payloads": [n[1] for n in notes]}

    def _append_notify(self, actions: Sequence[tuple[str, int, Sequence[str]]]) -> None:
        """PostgreSQL with the bus, off the event loop: :data:`INSERT_NOTIFY_PG`."""
        with self.engine.begin() as conn:
            conn.exec_driver_sql(INSERT_NOTIFY_PG, self._notify_params(actions))

    async def append_many_async(self, actions: Sequence[tuple[str, int, Sequence[str]]],
                                *, first: bool = False) -> None:
        """PostgreSQL: :meth:`append_many` on the event loop, on a connection of its
        own (:class:`psycopg.AsyncConnection`, made when first needed, again after
        it was lost; ``first``: the people's actions have one of their own, so that
        a person's never waits for the computers' transaction under way) in
        autocommit mode: with the bus, :data:`INSERT_NOTIFY_PG` is its
        own transaction, every row and notification or none, in one round trip, and
        nothing waits for a thread (issue 30's benchmark: through SQLAlchemy in the
        writer's thread it was three round trips, ``BEGIN``, the statement and
        ``COMMIT``, and the thread waited for the interpreter's lock after each, and
        again to wake, while the event loop ran).  A refused row is raised as
        SQLAlchemy's :class:`IntegrityError`, as by :meth:`append_many`."""
        import psycopg

        if self.notify is not None:
            sql, params = INSERT_NOTIFY_PG_BINARY, self._notify_params(actions)
        else:
            sql, params = INSERT_PG_BINARY, {
                "tables": [a[0] for a in actions], "seqs": [a[1] for a in actions],
                "actions": [json.dumps(list(a[2])) for a in actions], "created_at": _now()}
        loop = asyncio.get_running_loop()
        held = self._aconns.get(first)
        if held is not None and held[1] is not loop:  # another loop's
            self._close_async(first)
            held = None
        try:
            if held is None:
                url = self.engine.url.set(drivername="postgresql")
                conn = await psycopg.AsyncConnection.connect(
                    url.render_as_string(hide_password=False), autocommit=True,
                    application_name=WRITER)
                held = self._aconns[first] = (conn, loop)
            await held[0].execute(sql, params)
        except psycopg.errors.IntegrityError as exc:
            raise IntegrityError(sql, params, exc) from None
        except BaseException:
            self._close_async(first)  # lost, or in doubt: made again next time
            raise

    async def append_async(self, table_id: str, seq: int, action: Sequence[str], *,
                           first: bool = False) -> None:
        """:meth:`append` on the event loop (:meth:`append_many_async`): raises
        :class:`SeqTaken` if that number is stored already."""
        try:
            await self.append_many_async([(table_id, seq, action)], first=first)
        except IntegrityError:
            if await asyncio.to_thread(self.actions_after, table_id, seq - 1):
                raise SeqTaken(table_id, seq) from None
            raise

    def _close_async(self, first: bool | None = None) -> None:
        """Close the event loop's connection for the people's actions (``first``),
        the computers', or both (None), from any thread: libpq's own close."""
        for lane in (True, False) if first is None else (first,):
            held = self._aconns.pop(lane, None)
            if held is not None:
                with contextlib.suppress(Exception):
                    held[0].pgconn.finish()

    def _append_raw(self, actions: Sequence[tuple[str, int, Sequence[str]]]) -> None:
        """SQLite: :meth:`append_many` on the driver's connection, without SQLAlchemy's
        connection, transaction and statement (a quarter of the processor time); the
        same rows, and a refused one raised as SQLAlchemy's :class:`IntegrityError`."""
        now = self._created_at(_now())
        rows = [(table_id, seq, json.dumps(list(action)), now)
                for table_id, seq, action in actions]
        conn = self._raw.driver_connection
        try:
            conn.executemany(INSERT_RAW, rows)
            conn.commit()
        except sqlite3.IntegrityError as exc:
            conn.rollback()
            raise IntegrityError(INSERT_RAW, rows, exc) from None
        except BaseException:
            conn.rollback()
            raise

    def actions_after(self, table_id: str, seq: int) -> list[tuple[str, ...]]:
        """A table's actions numbered after ``seq``, in order.

        >>> store = Store.open("sqlite://")
        >>> store.create_table("t1", "{}", {})
        >>> for n, card in enumerate(["SA", "SK"], 2): store.append("t1", n, ["card", card])
        >>> store.actions_after("t1", 2)
        [('card', 'SK')]
        """
        with self.engine.connect() as conn:
            rows = conn.execute(select(ActionRow.action).where(
                ActionRow.table_id == table_id, ActionRow.seq > seq).order_by(ActionRow.seq))
            return [tuple(json.loads(a)) for (a,) in rows]

    def seat_of(self, table_id: str, token: str) -> str | None:
        """The seat a token holds at a table, or None."""
        with Session(self.engine) as db:
            row = db.scalar(select(SeatRow.seat).where(
                SeatRow.table_id == table_id, SeatRow.token_hash == token_hash(token)))
            return row

    def table_ids(self, since: dt.datetime | None = None) -> list[str]:
        """Every stored table, oldest first; with ``since``, those made or moved since.

        >>> store = Store.open("sqlite://")
        >>> store.create_table("t1", "{}", {})
        >>> store.table_ids(), store.table_ids(_now() + dt.timedelta(hours=1))
        (['t1'], [])
        """
        query = select(TableRow.id).order_by(TableRow.created_at)
        if since is not None:
            moved = select(ActionRow.table_id).where(ActionRow.created_at >= since)
            query = query.where((TableRow.created_at >= since) | TableRow.id.in_(moved))
        with Session(self.engine) as db:
            return list(db.scalars(query))

    def load(self, table_id: str) -> StoredTable:
        """A table's config and its actions in order (KeyError if there is none)."""
        with Session(self.engine) as db:
            row = db.get(TableRow, table_id)
            if row is None:
                raise KeyError(table_id)
            actions = db.scalars(select(ActionRow.action).where(
                ActionRow.table_id == table_id).order_by(ActionRow.seq))
            return StoredTable(row.id, row.config, [tuple(json.loads(a)) for a in actions])

    def close(self) -> None:
        """Release the connections (after the appends under way)."""
        self.writer.shutdown(wait=True)
        if self.checkpointer is not None:
            self.checkpointer.stop()
        if self._raw is not None:
            self._raw.close()
            self._raw = None
        self._close_async()
        self.engine.dispose()


INSERT_RAW = "INSERT INTO actions (table_id, seq, action, created_at) VALUES (?, ?, ?, ?)"
"""SQLite: an action stored, on the driver's connection (:meth:`Store._append_raw`)."""

WRITER = "cavendish-writer"
"""The ``application_name`` of the event loop's connection for the actions (as
``pg_stat_activity`` shows it)."""

INSERT_PG = (
    "INSERT INTO actions (table_id, seq, action, created_at) "
    "SELECT t, s, a, %(created_at)s FROM unnest(CAST(%(tables)s AS text[]), "
    "CAST(%(seqs)s AS integer[]), CAST(%(actions)s AS text[])) AS u(t, s, a)")
"""PostgreSQL without the bus: actions stored, in one statement."""

INSERT_NOTIFY_PG = (
    "WITH stored AS (" + INSERT_PG + ") "
    "SELECT pg_notify(%(channel)s, p) FROM unnest(CAST(%(payloads)s AS text[])) AS p")
"""PostgreSQL: actions stored and their notifications queued, in one statement (a
data-modifying ``WITH`` runs whole whether read or not; the notifications go out,
in their order, when the transaction commits, and not at all if it fails).  It was
one statement, one round trip, per action: a transaction of the writer's 64 actions
was 64 round trips, and a person's card waited for them (issue 30's benchmark).
Run alone in autocommit mode (:meth:`Store.append_many_async`), it is its own
transaction: one round trip for the whole of it."""


def _binary_arrays(sql: str) -> str:
    """``sql`` with its array parameters sent in PostgreSQL's binary format (psycopg's
    ``%(name)b``): in the text format psycopg quotes every element of an array through
    a regular expression, a Python call per quote of an action's JSON, and chooses the
    format anew each time (``%s``); some 80-120 us of the event loop's processor per
    statement against 15 us in binary (issue 30).  The statement is the same; only
    the event loop's writer uses it (:meth:`Store.append_many_async`).

    >>> _binary_arrays("CAST(%(seqs)s AS integer[])")
    'CAST(%(seqs)b AS integer[])'
    """
    return re.sub(r"%\((\w+)\)s AS (\w+)\[\]", r"%(\1)b AS \2[]", sql)


INSERT_PG_BINARY = _binary_arrays(INSERT_PG)
""":data:`INSERT_PG`, its arrays in the binary format (:func:`_binary_arrays`)."""

INSERT_NOTIFY_PG_BINARY = _binary_arrays(INSERT_NOTIFY_PG)
""":data:`INSERT_NOTIFY_PG`, its arrays in the binary format (:func:`_binary_arrays`)."""

MIGRATION_LOCK = 0x43617665
"""The PostgreSQL advisory lock held while the schema is upgraded."""


def migrate(engine: Engine) -> None:
    """Run the shipped Alembic migrations up to the head."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":  # server processes starting at once: one at a time
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")

"""The chat of a table: short texts from its seats and spectators, stored, then shown.

Design note
-----------
``{"type": "chat", "text": "..."}`` from any connection of a table (a seat or a
spectator) is checked, stored, then sent to every connection of the table as
``{"type": "chat", "seq", "id", "seat", "name", "text", "at"}`` (``seat`` null
for a spectator, whose ``name`` is ``Spectator``):

* a spectator's line reaches the players only between hands: while a hand is in
  play it goes to the spectators, and to the players once the hand is over
  (:func:`release_chat`; a player's snapshot leaves out the spectators' lines of the
  hand in play), so that a follower's "W holds SK S9 S4" never reaches them mid-hand;

* the text is stripped; empty, over :data:`MAX_CHAT` characters, or holding a
  control character (a newline and a tab excepted) is an error to the sender
  only, and nothing is stored or shown;
* every message a connection sends, a chat's included, passes the connection's
  rate limit first (:meth:`~.connection.Connection.allow`);
* it is stored in the ``chat`` table (its own transaction, off the event loop)
  before anyone is sent it: whatever was shown is on disk, as for actions;
* a snapshot (a connection joining or reconnecting) carries the table's last
  :data:`HISTORY` chat messages, oldest first, in ``chat`` (read from the
  database once per table and process, then kept in memory; at each snapshot
  when several processes share the database, :mod:`.bus`; in a thread, before
  the snapshot is built, never on the event loop: :func:`ready_chat`);
* with several processes on one PostgreSQL database, the insert's transaction
  also notifies the bus (:func:`store_chat`): every process sends the line to its
  own connections of the table (:func:`deliver_chat`).

The server sends the text as it was written; the page shows it as text (never as
markup: ``textContent``, never ``innerHTML``, ``static/chat.js``).  Chat is not
an action: it changes neither the table nor its ``seq``.

>>> check_text("  well played  ")
'well played'
>>> check_text("x" * 301)
Traceback (most recent call last):
...
ValueError: chat: 301 characters: at most 300
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import weakref
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Column, DateTime, Engine, Integer, MetaData, String, Table, Text, select
from sqlalchemy import text as sql_text

from .config import ConfigError, printable
from .connection import Connection, HubLike, TableLike

Notify = Callable[[str, int, Sequence[str]], tuple[str, str]]
"""The bus's message maker (:meth:`.bus.Bus.message`)."""

__all__ = [
    "HISTORY",
    "MAX_CHAT",
    "check_text",
    "deliver_chat",
    "load_chat",
    "post_chat",
    "ready_chat",
    "recent_chat",
    "release_chat",
    "store_chat",
]

MAX_CHAT = 300
"""Characters: a longer chat message is refused."""
HISTORY = 50
"""Chat messages a snapshot carries."""

_meta = MetaData()
CHAT = Table(
    "chat", _meta,  # made by the migration "spectate"
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32)),
    Column("seq", Integer),
    Column("seat", String(1)),
    Column("name", String(64)),
    Column("text", Text),
    Column("created_at", DateTime(timezone=True)),
)


def check_text(raw: object) -> str:
    """The chat text to store, stripped, or ValueError naming what is wrong: printable
    text only (:func:`.config.printable`: no control character but a newline or a
    tab, no bidirectional override, no lone surrogate)."""
    if not isinstance(raw, str):
        raise ValueError('chat: expected "text", a string')
    try:
        return printable(raw, "chat", limit=MAX_CHAT, lines=True)
    except ConfigError as exc:
        raise ValueError(str(exc)) from None


def _entry(row: Any) -> dict[str, Any]:
    at = row.created_at
    if at.tzinfo is None:  # SQLite keeps no time zone: it was stored in UTC
        at = at.replace(tzinfo=dt.UTC)
    return {"id": row.id, "seq": row.seq, "seat": row.seat, "name": row.name,
            "text": row.text, "at": at.isoformat()}


def store_chat(engine: Engine, table_id: str, seq: int, seat: str | None, name: str,
               text: str, notify: Notify | None = None) -> dict[str, Any]:
    """Commit one chat message (its own transaction); the stored entry.  With
    ``notify`` (the bus's, :attr:`.store.Store.notify`) the other processes are told
    in the same transaction: a notification numbered 0 (an action's are numbered
    from 1) whose action is ``("chat", ENTRY_JSON)``."""
    at = dt.datetime.now(dt.UTC)
    with engine.begin() as conn:
        result = conn.execute(CHAT.insert().values(
            table_id=table_id, seq=seq, seat=seat, name=name, text=text, created_at=at))
        key = result.inserted_primary_key
        assert key is not None
        entry = {"id": key[0], "seq": seq, "seat": seat, "name": name, "text": text,
                 "at": at.isoformat()}
        if notify is not None:
            channel, payload = notify(table_id, 0, ("chat", json.dumps(entry)))
            conn.execute(sql_text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": channel, "payload": payload})
    return entry


def deliver_chat(hub: HubLike, table_id: str, action: tuple[str, ...] | None) -> None:
    """A chat line another process stored (the bus): sent to this process's
    connections of the table, if it is live here."""
    table = hub.tables.get(table_id)
    if table is None or action is None or len(action) != 2:
        return  # not live here; or too long for a notification: in the next snapshot
    try:
        entry = json.loads(action[1])
    except ValueError:
        return
    chat = _chats.get(table)
    if chat is None:
        chat = _chat_of(table)  # the history, this line included
    else:
        chat.recent.append(entry)
    _send(table, chat, entry)


def load_chat(engine: Engine, table_id: str, limit: int = HISTORY) -> list[dict[str, Any]]:
    """The table's last ``limit`` chat messages, oldest first."""
    with engine.connect() as conn:
        rows = conn.execute(select(CHAT).where(CHAT.c.table_id == table_id)
                            .order_by(CHAT.c.id.desc()).limit(limit)).all()
    return [_entry(r) for r in reversed(rows)]


@dataclass
class _TableChat:
    recent: deque[dict[str, Any]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    held: list[dict[str, Any]] = field(default_factory=list)
    """Spectators' lines of the hand in play, not yet sent to the players."""


def _plays(conn: Connection) -> bool:
    """Whether the connection's person sits at the table (by token or as a member)."""
    return conn.seat is not None or conn.sits is not None


def _send(table: TableLike, chat: _TableChat, entry: dict[str, Any]) -> None:
    """A line to the table's connections: a spectator's, while a hand is in play, to
    the spectators only (the players have it between hands, :func:`release_chat`)."""
    hold = entry["seat"] is None and table.session.state is not None
    if hold:
        chat.held.append(entry)
    for conn in list(table.conns):
        if not (hold and _plays(conn)):
            conn.put({"type": "chat", **entry})


def release_chat(table: TableLike) -> None:
    """Between hands: the spectators' lines held back during the hand go to the players."""
    chat = _chats.get(table)
    if chat is None or not chat.held:
        return
    held, chat.held = chat.held, []
    for conn in list(table.conns):
        if _plays(conn):
            for entry in held:
                conn.put({"type": "chat", **entry})


_chats: weakref.WeakKeyDictionary[TableLike, _TableChat] = weakref.WeakKeyDictionary()


def _chat_of(table: TableLike) -> _TableChat:
    """The table's chat in this process: loaded here (on the event loop) only if
    :func:`ready_chat` has not loaded it."""
    chat = _chats.get(table)
    if chat is None:
        chat = _keep(table, load_chat(table.hub.store.engine, table.id))
    return chat


def _keep(table: TableLike, history: list[dict[str, Any]]) -> _TableChat:
    """The stored history as the table's chat, its lock and held lines kept."""
    old = _chats.get(table)
    chat = _TableChat(deque(history, maxlen=HISTORY),
                      asyncio.Lock() if old is None else old.lock,
                      [] if old is None else old.held)
    _chats[table] = chat
    return chat


async def ready_chat(table: TableLike) -> None:
    """Before a snapshot: the table's chat history read from the store, in a thread
    (a query on the event loop held every table of the process while the database
    answered): once per table and process, and again before every snapshot when
    other processes share the store (they store chat too, and a line too long for
    the bus's notification reaches this process only so)."""
    if table in _chats and not table.hub.shared:
        return
    history = await asyncio.to_thread(load_chat, table.hub.store.engine, table.id)
    _keep(table, history)


def recent_chat(table: TableLike, *, player: bool = False) -> list[dict[str, Any]]:
    """The chat history a snapshot carries (oldest first); a ``player``'s, while a
    hand is in play, without the spectators' lines of that hand."""
    recent = list(_chat_of(table).recent)
    if player and table.session.state is not None:
        start = table.hand_start
        recent = [e for e in recent if e["seat"] is not None or e["seq"] < start]
    return recent


async def post_chat(table: TableLike, conn: Connection, msg: dict[str, Any]) -> None:
    """A chat message from ``conn``: checked, stored, then sent to every connection
    of the table; an error to the sender only if refused."""
    try:
        text = check_text(msg.get("text"))
    except ValueError as exc:
        table.error(conn, str(exc), request="chat")
        return
    seat = None if conn.seat is None else str(conn.seat)
    name = "Spectator" if seat is None else table.config.names.get(seat, seat)
    chat = _chat_of(table)
    async with chat.lock:  # one at a time per table: stored and shown in the same order
        try:
            entry = await asyncio.to_thread(store_chat, table.hub.store.engine, table.id,
                                            table.seq, seat, name, text, table.hub.store.notify)
        except Exception:
            table.error(conn, "chat: the server could not store that: try again",
                        request="chat")
            return
        chat.recent.append(entry)
        _send(table, chat, entry)

"""The bus: several server processes on one PostgreSQL database, one table.

Design note
-----------
Any number of ``cavendish serve`` processes may share one PostgreSQL database;
a person connected to any of them plays at any table.  Each table's actions
reach every process through PostgreSQL's own ``LISTEN``/``NOTIFY`` (no other
server to run):

* **Sending.**  :meth:`Bus.message` is the store's ``notify``: the store runs
  ``pg_notify`` in the very statement that inserts the action
  (:meth:`.store.Store.append`; one round trip, as without the bus), so a
  notification is sent when, and only when, the action is committed, and in
  commit order.  Its payload is
  :func:`payload`: the table, the action's ``seq``, the action itself (a few
  bytes: the receiver need not read the database) and the sending process.
* **Receiving.**  Each process keeps one connection of its own that ``LISTEN`` s
  on :data:`CHANNEL` (:meth:`Bus.start`) and hands every notification of another
  process to the hub (:meth:`.tables.Hub.deliver`).  A table live in this
  process applies the action to its session and sends every connection its
  ``state``, exactly as for an action of its own; the sequence numbers are the
  same in every process.  A notification that skips a number (one missed, or a
  table loaded meanwhile) makes the table read what it lacks from the store.  A
  table not live here is ignored: it is loaded from the store when someone
  connects to it (:meth:`.tables.Hub.get`).  If the listening connection is
  lost, it is made again and every live table catches up from the store.
* **Computer players act exactly once.**  The store's primary key is
  ``(table_id, seq)``: of two processes storing an action numbered ``seq``, the
  second's insert is refused (:class:`.store.SeqTaken`), nothing of it is
  stored or shown, and that process reloads the table's actions from the store
  and goes on.  Rather than an advisory lock per table (a lock held on a
  connection per table, or one more round trip per card), this optimistic rule
  costs nothing when there is no race, and a race cannot duplicate a card.
  Races are rare besides: the process that stored a table's last action is the
  one that moves its computer players next (an action received from the bus
  does not start them), so one process drives a table at a time.  If that
  process dies, another one holding the table takes over: an action received
  arms a timer (:attr:`.tables.Hub.takeover` seconds), and if the table has
  not moved when it fires and a computer is to act, this process starts it.

SQLite stays the database of a single process, with no bus (:func:`for_store`
answers None), exactly as before.

>>> import json
>>> json.loads(payload("t1", 7, ("card", "SA"), "p1"))
{'t': 't1', 's': 7, 'a': ['card', 'SA'], 'o': 'p1'}
>>> parse(payload("t1", 7, ("card", "SA"), "p1"))
('t1', 7, ('card', 'SA'), 'p1')
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from .store import Store
from .trace import TRACER

__all__ = ["APPLICATION", "CHANNEL", "Bus", "for_store", "parse", "payload"]

log = logging.getLogger("cavendish.web.bus")

CHANNEL = "cavendish_actions"
"""The one channel every server process listens on."""
APPLICATION = "cavendish-bus"
"""The listening connections' ``application_name`` (as ``pg_stat_activity`` shows it)."""
MAX_PAYLOAD = 7900
"""Bytes: PostgreSQL refuses a payload of 8000 or more; a longer action is sent
without itself (the receivers read it from the store)."""

Deliver = Callable[[str, int, tuple[str, ...] | None], None]
"""The hub's receiver: a table's id, an action's seq, the action (None: read it)."""
Resync = Callable[[], Awaitable[None]]
"""The hub's catch-up of every live table after the bus was lost."""


def payload(table_id: str, seq: int, action: Sequence[str] | None, origin: str) -> str:
    """A notification's payload: JSON of the table, the seq, the action (None if it
    is too long to send) and the sending process."""
    text_ = json.dumps({"t": table_id, "s": seq, "a": None if action is None else list(action),
                        "o": origin}, separators=(",", ":"))
    if len(text_.encode()) > MAX_PAYLOAD and action is not None:
        return payload(table_id, seq, None, origin)
    return text_


def parse(text_: str) -> tuple[str, int, tuple[str, ...] | None, str]:
    """The fields of :func:`payload` (ValueError if the payload is not one)."""
    data = json.loads(text_)
    if not isinstance(data, dict):
        raise ValueError(f"bus payload {text_[:80]!r}: expected a JSON object")
    table_id, seq, action, origin = data.get("t"), data.get("s"), data.get("a"), data.get("o")
    if not (isinstance(table_id, str) and isinstance(seq, int) and isinstance(origin, str)
            and (action is None or (isinstance(action, list)
                                    and all(isinstance(a, str) for a in action)))):
        raise ValueError(f"bus payload {text_[:80]!r}: expected t, s, a and o")
    return table_id, seq, None if action is None else tuple(action), origin


class Bus:
    """One process's end of the bus: its notifications out, its listener in."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.origin = secrets.token_hex(6)
        """This process, as named in its payloads (its own notifications are skipped)."""
        self._own = f',"o":"{self.origin}"}}'
        """How each of this process's own payloads ends (:func:`payload`)."""
        self._task: asyncio.Task[None] | None = None
        self._conn: Any = None

    def own(self, text_: str) -> bool:
        """Whether a payload is this process's own: told by its end, unparsed (half
        of what the bus brings; each was parsed only to be dropped).

        >>> bus = Bus("postgresql://")
        >>> bus.own(payload("t1", 7, ("card", "SA"), bus.origin)), bus.own(payload(
        ...     "t1", 7, ("card", "SA"), "p1"))
        (True, False)
        """
        return text_.endswith(self._own)

    def message(self, table_id: str, seq: int, action: Sequence[str]) -> tuple[str, str]:
        """The channel and payload of an action's notification (the store sends it
        in the transaction storing the action)."""
        return CHANNEL, payload(table_id, seq, action, self.origin)

    async def _connect(self) -> Any:
        import psycopg

        conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True,
                                                     application_name=APPLICATION)
        await conn.execute(f"LISTEN {CHANNEL}")
        return conn

    async def start(self, deliver: Deliver, resync: Resync) -> None:
        """Listen (returns once ``LISTEN`` holds, so that nothing committed after it
        is missed), then hand every other process's notification to ``deliver``."""
        self._conn = await self._connect()
        self._task = asyncio.create_task(self._listen(deliver, resync))

    async def _listen(self, deliver: Deliver, resync: Resync) -> None:
        import psycopg

        pause = 0.5
        while True:
            try:
                if self._conn is None:
                    self._conn = await self._connect()
                    log.warning("the bus is listening again: every table catches up")
                    await resync()
                    pause = 0.5
                async for note in self._conn.notifies():
                    if self.own(note.payload):
                        continue
                    try:
                        table_id, seq, action, origin = parse(note.payload)
                    except ValueError as exc:
                        log.warning("%s", exc)
                        continue
                    if TRACER is not None:  # the benchmark's marks (:mod:`.trace`)
                        TRACER.notes[(table_id, seq)] = time.monotonic()
                    if origin != self.origin:
                        deliver(table_id, seq, action)
            except psycopg.Error as exc:
                log.warning("the bus's connection was lost (%s): again in %.1f s", exc, pause)
                with contextlib.suppress(Exception):
                    await self._conn.close()
                self._conn = None
                await asyncio.sleep(pause)
                pause = min(pause * 2, 5.0)

    async def stop(self) -> None:
        """Stop listening and close the connection."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None


def for_store(store: Store) -> Bus | None:
    """The bus of a store on PostgreSQL, hooked to send its actions; None on SQLite
    (one process, no bus).

    >>> for_store(Store.open("sqlite://")) is None
    True
    """
    url = store.engine.url
    if url.get_backend_name() != "postgresql":
        return None
    bus = Bus(url.set(drivername="postgresql").render_as_string(hide_password=False))
    store.notify = bus.message
    return bus

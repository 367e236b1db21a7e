"""The store's writer: the server's actions committed on the event loop, the
people's first, every action waiting committed together in one transaction.

Design note
-----------
Every action is stored before anyone is shown it (:mod:`.tables`).  The server
ran each append in a pool thread of its own transaction: at fifty busy tables
that was most of a millisecond of the interpreter's lock per card (SQLAlchemy's
connection, transaction and statement for one row; the thread woken, and its
answer carried back to the loop, for each), and a person's card waited in line
behind every computer card queued before it.

:class:`GroupWriter` keeps two lines, a person's actions and the computers', each
with its task on the event loop and its connection.  Each time round, a line's task
takes every action of its line waiting (at most ``batch`` of them) and commits them
in one transaction (the store's ``append_many``, a coroutine:
:meth:`~.store.Store.append_many_async`, one statement and one round trip to
PostgreSQL on the line's own connection: ``first`` says which); each waiting table
is then told.  An action waits at most for its line's transaction under way and its
own; a person's is never committed with a crowd of computers' actions (their rows
and notifications made its transaction longer: issue 30's benchmark), nor does it
wait for their transaction (it did, on one connection: ``writer_wait`` at the 99th
percentile 44 ms at delay 0 under load).  It is still committed before it is
shown, and a server killed at any moment has shown nothing it has not stored.
If the transaction fails (an action whose number another server process stored first,
:class:`~.store.SeqTaken`, or any error), nothing of it is stored and each of
its actions is committed again alone (the store's ``append``), so each gets its
own answer, as before.  One table has at most one action in the writer at a time
(its lock), so a table's actions are committed in their order.

It was a thread (issue 20): while the event loop ran, the thread waited for the
interpreter's lock to wake, again when PostgreSQL answered (up to the switch
interval, 5 ms, each time), and the loop was woken to hear it; with two server
processes busy, those waits were part of a person's round trip (issue 30).  On
the loop, a round trip to PostgreSQL is a wait on its socket, like any other.

On SQLite the store commits each action on the event loop as it is asked
(:class:`LoopWriter`), with no line at all: a commit there is a write to the
operating system's cache.

>>> import asyncio
>>> from cavendish.web.store import Store
>>> store = Store.open("sqlite://")
>>> store.create_table("t1", "{}", {})
>>> async def many(items: Sequence[tuple[str, int, Sequence[str]]], first: bool) -> None:
...     store.append_many(items)
>>> async def one(table_id: str, seq: int, action: Sequence[str], first: bool) -> None:
...     store.append(table_id, seq, action)
>>> writer = GroupWriter(many, one)
>>> async def two() -> None:
...     await asyncio.gather(writer.append("t1", 1, ("deal",)),
...                          writer.append("t1", 2, ("card", "SA"), first=True))
>>> asyncio.run(two())
>>> store.load("t1").actions
[('deal',), ('card', 'SA')]
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from .trace import TRACER

__all__ = ["GroupWriter", "LoopWriter", "Pending"]


@dataclass
class Pending:
    """One action waiting to be committed, and the future that says it was."""

    table_id: str
    seq: int
    action: Sequence[str]
    future: asyncio.Future[None]


class GroupWriter:
    """The store's one writer task on the event loop (started when first needed)."""

    def __init__(self, append_many: Callable[..., Awaitable[None]],
                 append: Callable[..., Awaitable[None]], *, batch: int = 64) -> None:
        if batch < 1:
            raise ValueError(f"batch {batch}: expected at least 1 action a transaction")
        self._append_many = append_many
        self._append = append
        self.batch = batch
        self._first: list[Pending] = []
        """A person's actions, in the order they came."""
        self._rest: list[Pending] = []
        """The computers' actions, in the order they came."""
        self._closed = False
        self._tasks: dict[bool, asyncio.Task[None]] = {}
        """Each line's task: the people's (True), the computers'."""
        self.transactions = 0
        """Transactions committed so far (one or more actions each)."""

    def append(self, table_id: str, seq: int, action: Sequence[str], *,
               first: bool = False) -> asyncio.Future[None]:
        """Queue action ``seq`` of a table; the future is done once it is committed
        (its exception the store's: :class:`~.store.SeqTaken` and the like).
        ``first``: a person's action, committed before any computer's waiting."""
        if self._closed:
            raise RuntimeError("the store's writer is shut down")
        loop = asyncio.get_running_loop()
        if any(t.get_loop() is not loop for t in self._tasks.values()):
            # another loop's tasks, stopped with it (a server started again in one
            # process, as the tests do): their actions were never shown, nor are they now
            self._first = [i for i in self._first if i.future.get_loop() is loop]
            self._rest = [i for i in self._rest if i.future.get_loop() is loop]
            self._tasks.clear()
        item = Pending(table_id, seq, action, loop.create_future())
        (self._first if first else self._rest).append(item)
        task = self._tasks.get(first)
        if task is None or task.done():
            self._tasks[first] = loop.create_task(self._run(first))
        return item.future

    def _take(self, first: bool) -> list[Pending]:
        """The next transaction's actions of one line: the people's waiting, alone (a
        small transaction, not one of the computers' 64 rows and notifications); or
        the computers'."""
        line = self._first if first else self._rest
        took = line[:self.batch]
        del line[:len(took)]
        return took

    async def _run(self, first: bool) -> None:
        """One line's task: its transactions one after another, on its own connection
        (a person's action never waits for the computers' transaction under way)."""
        while items := self._take(first):
            taken = time.monotonic()
            errors = await self._commit(items, first)
            self.transactions += 1
            if TRACER is not None:  # the benchmark's marks (:mod:`.trace`)
                now = time.monotonic()
                for item in items:
                    TRACER.writes[(item.table_id, item.seq)] = [taken, now, now]
            for item, error in zip(items, errors, strict=True):
                if item.future.done():  # its table stopped waiting (cancelled)
                    continue
                if error is None:
                    item.future.set_result(None)
                else:
                    item.future.set_exception(error)

    async def _commit(self, items: list[Pending], first: bool) -> list[BaseException | None]:
        """Commit the actions together; if that fails, each alone, with its own answer."""
        if len(items) > 1:
            try:
                await self._append_many([(i.table_id, i.seq, i.action) for i in items],
                                        first=first)
                return [None] * len(items)
            except Exception:  # each is tried again alone just below
                pass
        errors: list[BaseException | None] = []
        for item in items:
            try:
                await self._append(item.table_id, item.seq, item.action, first=first)
                errors.append(None)
            except Exception as exc:  # the waiting table's to handle
                errors.append(exc)
        return errors

    def shutdown(self, wait: bool = True) -> None:
        """Take no more actions (those waiting are never shown: the loop is ending)."""
        self._closed = True


class LoopWriter:
    """SQLite's writer: each action committed at once, on the event loop that asks.

    A commit to SQLite (WAL, ``synchronous=NORMAL``, no checkpoint on the way:
    :mod:`.store`) is a write to the operating system's cache: some 60 us of the
    processor, in the SQLite library. Handed to a writer thread (as it was before
    issue 20's benchmark) it cost a person far more: the thread had to win the
    interpreter's lock from the busy event loop three times a transaction (to take it,
    after the insert, after the commit), and a thread waiting for that lock waits up
    to the interpreter's switch interval (5 ms) each time, then the loop had to be
    woken to hear the answer. Here the action is committed before :meth:`append`
    returns, and the future it answers is done already (``await`` goes straight on): a
    person's card is applied, stored and shown in one turn of the loop, and never
    waits in a line (``first`` changes nothing). The price: while another connection
    of the process writes (a table made, a member sitting down, in a thread), the loop
    waits for it in SQLite's busy handler, a millisecond or so, rarely.

    >>> import asyncio
    >>> from cavendish.web.store import Store
    >>> store = Store.open("sqlite://")
    >>> store.create_table("t1", "{}", {})
    >>> writer = LoopWriter(store.append)
    >>> async def two() -> bool:
    ...     done = writer.append("t1", 1, ("deal",)).done()
    ...     try:
    ...         await writer.append("t1", 1, ("deal",))
    ...     except SeqTaken:
    ...         return done
    ...     return False
    >>> from cavendish.web.store import SeqTaken
    >>> asyncio.run(two()), store.load("t1").actions
    (True, [('deal',)])
    """

    def __init__(self, append: Callable[[str, int, Sequence[str]], None]) -> None:
        self._append = append
        self.transactions = 0
        """Transactions committed so far (one action each)."""

    def append(self, table_id: str, seq: int, action: Sequence[str], *,
               first: bool = False) -> asyncio.Future[None]:
        """Commit action ``seq`` of a table now; the future answers it (done already:
        its exception the store's, :class:`~.store.SeqTaken` and the like)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        taken = time.monotonic() if TRACER is not None else 0.0
        try:
            self._append(table_id, seq, action)
        except Exception as exc:  # the waiting table's to handle
            future.set_exception(exc)
        else:
            self.transactions += 1
            future.set_result(None)
            if TRACER is not None:  # committed and heard at once (:mod:`.trace`)
                now = time.monotonic()
                TRACER.writes[(table_id, seq)] = [taken, now, now]
        return future

    def shutdown(self, wait: bool = True) -> None:
        """Nothing waits: every action was committed when it was asked."""

"""Which server process holds the room, when several share one PostgreSQL database.

Design note
-----------
The tables of a club cross processes through the bus (:mod:`.bus`): any process
serves any table.  The room (:mod:`.room`) does not: its candidates, cuts and
rubbers are one sequence of events, decided in one process's memory and stored as
they are made.  Two processes deciding them at once would each cut out the
players of a finished rubber, and two lobbies would drift apart.  So one process
holds the room: the one holding a PostgreSQL advisory lock (:data:`ROOM_LOCK`,
taken on a connection of its own, kept while the process lives).  The others
answer the room's routes with 503 and a message saying so, and try for the lock
every few seconds: when the holder dies its connection closes, the lock is
free, and the next process to take it replays the room's stored events
(:meth:`~.room.Room.start`) and holds the room from then on.  A reverse proxy
sends ``/lobby``, ``/api/room`` and ``/ws-room`` to whichever process answers
(docs/web.md, "More than one process").  On SQLite there is one process, and it
holds the room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text

from .store import Store

__all__ = ["ROOM_LOCK", "RoomHost"]

ROOM_LOCK = 0x526F6F6D
"""The PostgreSQL advisory lock of the process that holds the room."""

RETRY = 3.0
"""Seconds between two tries for the lock by a process that does not hold it."""

log = logging.getLogger("cavendish.web")


class RoomHost:
    """Takes the room's lock (at once on SQLite) and starts the room when it has it."""

    def __init__(self, store: Store, start: Callable[[], Awaitable[None]]) -> None:
        self.store = store
        self.start = start
        self.held = False
        self._conn: Any = None
        self._task: asyncio.Task[None] | None = None

    async def begin(self) -> None:
        """Hold the room now if the lock is free, else keep trying in the background."""
        if self.store.engine.dialect.name != "postgresql":
            await self.start()
            self.held = True
            return
        if await asyncio.to_thread(self._try):
            await self._hold()
        else:
            self._task = asyncio.create_task(self._retry())

    def _try(self) -> bool:
        if self._conn is None:
            self._conn = self.store.engine.connect()
        got = bool(self._conn.execute(text("SELECT pg_try_advisory_lock(:key)"),
                                      {"key": ROOM_LOCK}).scalar())
        self._conn.commit()
        return got

    async def _hold(self) -> None:
        # held (and so answering the room's routes) only once the room's events are
        # replayed: before, a lobby asked for in between saw an empty room
        await self.start()
        self.held = True
        log.info("this process holds the room")

    async def _retry(self) -> None:
        while True:
            await asyncio.sleep(RETRY)
            try:
                got = await asyncio.to_thread(self._try)
            except Exception:  # the database away for a moment: try again later
                log.exception("the room's lock could not be asked for")
                with contextlib.suppress(Exception):
                    if self._conn is not None:
                        self._conn.close()
                self._conn = None
                continue
            if got:
                await self._hold()
                return

    async def end(self) -> None:
        """Stop trying; release the lock (closing its connection)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await asyncio.to_thread(self._conn.close)
            self._conn = None

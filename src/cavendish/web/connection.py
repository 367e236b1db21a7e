"""A websocket of a table, the errors of the protocol, and what a table shows of itself.

Design note
-----------
The bottom of the web tables (:mod:`.tables` builds on it, the app wires them on
top): a :class:`Connection` (one websocket: its seat, its queue and writer task,
its rate bucket; a queue grown past ``MAX_QUEUED`` bytes means a client that
does not read: its socket is dropped, the queue freed, and nothing more is queued
for it), :func:`encode` (the compact JSON sent), the protocol's errors,
the lanes of the computers' pools (``quick``, ``slow``), and two protocols,
:class:`TableLike` and :class:`HubLike`: what the modules beside the table
(:mod:`.chat`, :mod:`.spectators`) use of a live table and of its hub, so that
they never import :mod:`.tables` (which imports them).

>>> encode({"type": "error", "seq": 3})
'{"type":"error","seq":3}'
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

from ..core.cards import Seat
from ..core.errors import IllegalAction
from ..game.laws_session import LawsSession
from ..game.session import Session
from .config import TableConfig
from .store import Store

__all__ = ["BURST", "MAX_MESSAGE", "MAX_QUEUED", "QUICK", "QUICK_KINDS", "RATE", "SLOW",
           "TOO_SLOW", "Connection", "HubLike", "ProtocolError", "Superseded", "TableLike",
           "client_of", "encode", "same_origin"]

MAX_MESSAGE = 2048
"""Bytes: a longer message from a client is refused."""
RATE = 10.0
"""Messages per second a connection may send, on average..."""
BURST = 30.0
"""...with bursts of this many."""

MAX_QUEUED = 1 << 20
"""Bytes waiting for one socket: past this its client is not reading, and it is dropped
(a whole snapshot is some kilobytes: a reader this far behind is gone, or hostile)."""
TOO_SLOW = 4408
"""The close code of a socket dropped for not reading."""

QUICK, SLOW = "quick", "slow"
QUICK_KINDS = frozenset({"classical", "random"})
"""Kinds of player that answer in milliseconds."""

_ENCODER = json.JSONEncoder(separators=(",", ":"))


def encode(message: dict[str, Any]) -> str:
    """A message as the text sent (compact JSON).

    >>> encode({"type": "error", "seq": 3})
    '{"type":"error","seq":3}'
    """
    return _ENCODER.encode(message)


class ProtocolError(IllegalAction):
    """A client's message that cannot be acted on (the connection is kept)."""


class Superseded(ProtocolError):
    """Another server process stored an action of this number first: nothing of
    this one was stored or shown, and the table has caught up from the store."""


class Connection:
    """One websocket: its seat (None: a spectator), its queue, its rate bucket."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: Seat | None, *,
                 client: str = "", drop: Callable[[], Awaitable[None]] | None = None) -> None:
        self.send = send
        self.seat = seat
        self.client = client
        """Its address (:func:`client_of`): what its jobs are charged to (:mod:`.limits`)."""
        self.drop = drop
        """Closes the socket (a client that does not read)."""
        self.dropped = False
        self._closing: asyncio.Future[None] | None = None
        self.queued = 0
        """Bytes waiting in the queue."""
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = BURST
        self.stamp = time.monotonic()
        self.writer: asyncio.Task[None] | None = None
        self.follow: Seat | None = None
        """The one seat whose hand this spectator follows (:mod:`.spectators`)."""
        self.follow_all = False
        """It follows every hand (a teaching table, :mod:`.spectators`)."""
        self.sits: Seat | None = seat
        """The seat its person holds at the table, by token or as a member: he
        follows no hand there (:mod:`.spectators`)."""

    def start(self) -> None:
        """Start the writer task."""
        self.writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        while (text := await self.queue.get()) is not None:
            self.queued -= len(text)
            try:
                await self.send(text)
            except Exception:  # the socket is gone: the reader sees it too
                return

    def put(self, message: dict[str, Any]) -> None:
        """Queue a message."""
        self.put_text(encode(message))

    def put_text(self, text: str) -> None:
        """Queue a message already encoded (:func:`encode`); past ``MAX_QUEUED``
        bytes waiting, the socket is dropped instead."""
        if self.dropped:
            return
        self.queued += len(text)
        if self.queued > MAX_QUEUED:
            self._drop()
            return
        self.queue.put_nowait(text)

    def _drop(self) -> None:
        """A client that does not read: its queue freed, its writer stopped, its socket
        closed (its reader then ends, and the table forgets it)."""
        self.dropped = True
        self.queue = asyncio.Queue()
        self.queued = 0
        if self.writer is not None:
            self.writer.cancel()
        if self.drop is not None:
            self._closing = asyncio.ensure_future(self.drop())

    async def close(self) -> None:
        """Stop the writer after the queued messages."""
        if self.dropped:
            return
        self.queue.put_nowait(None)
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.writer, 5)

    def allow(self) -> bool:
        """The rate limit: a token bucket of ``BURST``, refilled at ``RATE`` a second."""
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class HubLike(Protocol):
    """What :mod:`.chat` uses of a hub (:class:`.tables.Hub`)."""

    @property
    def store(self) -> Store: ...

    @property
    def shared(self) -> bool: ...

    @property
    def tables(self) -> Mapping[str, TableLike]: ...


class TableLike(Protocol):
    """What :mod:`.chat` and :mod:`.spectators` use of a live table
    (:class:`.tables.LiveTable`)."""

    @property
    def id(self) -> str: ...

    @property
    def hub(self) -> HubLike: ...

    @property
    def config(self) -> TableConfig: ...

    @property
    def conns(self) -> set[Connection]: ...

    @property
    def lock(self) -> asyncio.Lock: ...

    @property
    def session(self) -> Session | LawsSession: ...

    @property
    def seq(self) -> int: ...

    def error(self, conn: Connection, message: str, **extra: Any) -> None: ...

    @property
    def hand_start(self) -> int:
        """The ``seq`` of the deal of the hand in play or last played (0: none yet)."""
        ...

    def message(self, seat: Seat | None, *, snapshot: bool = False,
                follow: Seat | None = None, follow_all: bool = False,
                player: bool = False) -> dict[str, Any]: ...


def same_origin(websocket: Any) -> bool:
    """A websocket's ``Origin`` (sent by every browser) names this host and port, or
    is absent (a program, not a page)."""
    origin: str | None = websocket.headers.get("origin")
    if origin is None:
        return True
    host: str = websocket.headers.get("x-forwarded-host") or websocket.headers.get("host", "")
    return origin.split("://", 1)[-1].rstrip("/").lower() == host.lower()


def client_of(request: Any) -> str:
    """Who a request or websocket comes from, for the limits per client: its peer's
    address (behind a proxy, the proxy's: a proxy should limit its clients itself;
    ``X-Forwarded-For`` is not believed, anyone may write it)."""
    client = request.client
    return str(client.host) if client is not None else "unknown"

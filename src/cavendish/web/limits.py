"""Limits per client: no one client can starve the others (issue 30, point 4).

Design note
-----------
A *client* is the address a request or websocket comes from
(:func:`.connection.client_of`); the limits are kept in memory, per server
process (a restart forgets them: they bound a flood, they are not an account):

* :meth:`ClientLimits.open_socket`: at most ``Limits.sockets`` websockets of one
  client open at once (each one's queue is bounded too: :class:`.connection.Connection`
  drops a socket that does not read);
* :meth:`ClientLimits.new_table`: tables made by one client, a token bucket of
  ``tables_burst`` refilled at ``tables_per_hour``;
* :class:`Shares`: the computers' slow pool shared fairly.  Each job (a computer's
  card for the table's owner, a hint, a ``why`` or a review for the connection that
  asked) is charged to a client, and at most ``Shares.each`` jobs of one client are
  in the pool at once, the others waiting their turn in that client's queue (first
  come, first served): with ``each`` below the pool's size, however many tables
  of heavy options one client makes, a worker is left for everybody else.

>>> limits = ClientLimits(Limits(sockets=1))
>>> limits.open_socket("1.2.3.4") is None, limits.open_socket("1.2.3.4")
(True, 'client 1.2.3.4: 1 websockets open already, at most 1: close one first')
>>> limits.close_socket("1.2.3.4"); limits.open_socket("1.2.3.4") is None
True
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .connection import TOO_SLOW, client_of, same_origin

__all__ = ["NO_LIMITS", "ClientLimits", "Limits", "Shares", "admit", "limits_of", "serve_socket"]


@dataclass(frozen=True)
class Limits:
    """The limits per client (``cavendish serve --client-limits off``: none)."""

    sockets: int = 64
    """Websockets of one client open at once."""
    tables_burst: int = 100
    """Tables one client may make at once..."""
    tables_per_hour: float = 120.0
    """...and then this many an hour."""
    jobs: int | None = None
    """Jobs of one client in the slow pool at once (None: one less than the
    pool's workers, at least one)."""


NO_LIMITS = Limits(sockets=10**9, tables_burst=10**9, tables_per_hour=1e12, jobs=10**9)
"""For a benchmark that plays hundreds of people from one address."""


@dataclass
class ClientLimits:
    """The sockets open and the tables made, per client."""

    limits: Limits = field(default_factory=Limits)
    clock: Callable[[], float] = time.monotonic
    sockets: dict[str, int] = field(default_factory=dict)
    buckets: dict[str, tuple[float, float]] = field(default_factory=dict)
    """Client: tables it may make now, and when that was reckoned."""

    def open_socket(self, client: str) -> str | None:
        """Count a websocket opened, or the refusal (nothing counted)."""
        held = self.sockets.get(client, 0)
        if held >= self.limits.sockets:
            return (f"client {client}: {held} websockets open already, at most "
                    f"{self.limits.sockets}: close one first")
        self.sockets[client] = held + 1
        return None

    def close_socket(self, client: str) -> None:
        """Count a websocket closed."""
        held = self.sockets.get(client, 0) - 1
        if held > 0:
            self.sockets[client] = held
        else:
            self.sockets.pop(client, None)

    def new_table(self, client: str) -> str | None:
        """Take a table from the client's bucket, or the refusal.

        >>> now = [0.0]
        >>> limits = ClientLimits(Limits(tables_burst=1, tables_per_hour=60), lambda: now[0])
        >>> limits.new_table("c") is None, limits.new_table("c")
        (True, 'client c: too many tables made: the next may be made in 60 s')
        >>> now[0] = 60.0; limits.new_table("c") is None
        True
        """
        lim = self.limits
        now = self.clock()
        if len(self.buckets) > 100_000:  # a flood of addresses: forget the full buckets
            self.buckets = {c: b for c, b in self.buckets.items()
                            if b[0] + (now - b[1]) * lim.tables_per_hour / 3600 < lim.tables_burst}
        left, then = self.buckets.get(client, (float(lim.tables_burst), now))
        left = min(float(lim.tables_burst), left + (now - then) * lim.tables_per_hour / 3600)
        if left < 1:
            wait = (1 - left) * 3600 / lim.tables_per_hour
            self.buckets[client] = (left, now)
            return (f"client {client}: too many tables made: the next may be made in "
                    f"{max(1, round(wait))} s")
        self.buckets[client] = (left - 1, now)
        return None


class Shares:
    """At most ``each`` jobs of one client in a pool at once; the rest wait in line.

    >>> async def main() -> list[int]:
    ...     shares, seen = Shares(1), []
    ...     async def job() -> None:
    ...         async with shares.slot("a"):
    ...             seen.append(shares.running["a"])
    ...             await asyncio.sleep(0)
    ...     await asyncio.gather(job(), job(), job())
    ...     return seen
    >>> asyncio.run(main())
    [1, 1, 1]
    """

    def __init__(self, each: int) -> None:
        self.each = max(1, each)
        self.running: dict[str, int] = {}
        self.waiting: dict[str, list[asyncio.Future[None]]] = {}
        self.peak: dict[str, int] = {}
        """The most jobs of each client seen in the pool at once (for the tests)."""

    @contextlib.asynccontextmanager
    async def slot(self, client: str) -> AsyncIterator[None]:
        """Hold one of the client's places in the pool for the job run inside."""
        if self.running.get(client, 0) >= self.each:
            turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.setdefault(client, []).append(turn)
            try:
                await turn  # handed the place of a job that ended (see below)
            except BaseException:
                line = self.waiting.get(client, [])
                if turn in line:
                    line.remove(turn)
                elif turn.done() and not turn.cancelled():
                    self._release(client)  # handed a place just as it was cancelled
                raise
        else:
            self.running[client] = self.running.get(client, 0) + 1
        self.peak[client] = max(self.peak.get(client, 0), self.running[client])
        try:
            yield
        finally:
            self._release(client)

    def _release(self, client: str) -> None:
        line = self.waiting.get(client)
        while line:
            turn = line.pop(0)
            if not turn.done():
                turn.set_result(None)  # the place passes on: the count stays
                return
        self.waiting.pop(client, None)
        left = self.running.get(client, 0) - 1
        if left > 0:
            self.running[client] = left
        else:
            self.running.pop(client, None)


TOO_MANY = 4429
"""The close code of a websocket refused: its client has too many open."""


def limits_of(request: Any) -> ClientLimits:
    """The app's limits (``app.state.limits``)."""
    limits: ClientLimits = request.app.state.limits
    return limits


async def admit(websocket: Any) -> str | None:
    """Accept a websocket; its client (counted as one more socket) if it may open one
    more, else None: it was told why and closed (``TOO_MANY``).  The caller calls
    ``close_socket(client)`` when an admitted one ends."""
    client = client_of(websocket)
    refused = limits_of(websocket).open_socket(client)
    await websocket.accept()
    if refused is None:
        return client
    await websocket.send_json({"type": "error", "seq": 0, "message": refused})
    await websocket.close(code=TOO_MANY)
    return None


def dropper(websocket: Any) -> Callable[[], Any]:
    """What drops a websocket whose client does not read (:class:`.connection.Connection`)."""

    async def drop() -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(websocket.close(code=TOO_SLOW, reason="too slow: not "
                                                   "reading its messages"), 10)
    return drop


async def serve_socket(websocket: Any, serve: Callable[[str], Awaitable[None]]) -> None:
    """A websocket's whole life under the limits (``/ws-room`` and ``/ws/{id}`` alike):
    a page of another site or port is closed unread (4403: it would read a seat
    token); a client with too many open is told why (:func:`admit`); else
    ``serve(client)``, and the socket is counted closed when it ends."""
    if not same_origin(websocket):
        await websocket.close(code=4403)
        return
    client = await admit(websocket)  # accepted; None: its client has too many open
    if client is None:
        return
    try:
        await serve(client)
    finally:
        limits_of(websocket).close_socket(client)

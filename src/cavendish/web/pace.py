"""The computers' cards let into the event loop one per turn of it: a person's card
is never queued behind a crowd of them.

Design note
-----------
The event loop runs, each turn, every callback that was ready when the turn
began, then looks at the sockets again.  When the pool answers for many tables
at once (fifty tables of computers playing as fast as they can), every one of
those answers was acted on in one turn (applied, stored, each connection's
message built): a person's card that arrived meanwhile waited for all of them,
and so did the store's answer for it and its message.  That wait was the tail of
a person's round trip.

A table whose computer has its card waits for :meth:`Pacer.turn` before it takes
the table's lock and acts; the pacer lets one such table through per turn of the
loop, in the order they came.  A person's card, its storing and its messages do
not wait for the pacer: they are handled on the next turn, behind at most one
computer's card.  When the loop has nothing else to do, the computers go at its
pace (thousands of turns a second, far more than the cards the pool answers):
nothing is throttled; a computer's card only ever waits for people's cards, a
policy a club would choose anyway (the person waiting for the screen first, the
computer's card a turn later).

Three computers' cards ready at once, and a person's card a turn of the loop
later: it is handled behind one of them, not all three.

>>> import asyncio
>>> async def order() -> list[str]:
...     pacer, seen = Pacer(), []
...     async def computer(name: str) -> None:
...         await pacer.turn()
...         seen.append(name)
...     async def person() -> None:
...         await asyncio.sleep(0)
...         await asyncio.sleep(0)
...         seen.append("person")
...     await asyncio.gather(*(computer(f"c{i}") for i in range(3)), person())
...     return seen
>>> asyncio.run(order())
['c0', 'person', 'c1', 'c2']
"""

from __future__ import annotations

import asyncio
from collections import deque

__all__ = ["Pacer"]


class Pacer:
    """Lets the waiting computers' cards through one per turn of the event loop."""

    def __init__(self) -> None:
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._scheduled = False
        self.waited = 0
        """Cards that found others waiting before them (a busy loop), so far."""

    async def turn(self) -> None:
        """Wait for this card's turn: the next turn of the loop if none waits."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if self._waiting:
            self.waited += 1
        self._waiting.append(future)
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._release, loop)
        await future

    def _release(self, loop: asyncio.AbstractEventLoop) -> None:
        while self._waiting:
            future = self._waiting.popleft()
            if not future.done():  # its table stopped waiting (cancelled)
                future.set_result(None)
                break
        if self._waiting:
            loop.call_soon(self._release, loop)
        else:
            self._scheduled = False

"""A computer's card asked of the pool with only the actions its worker has not seen.

Design note
-----------
A table's actions only ever grow (each is stored under its number, once).  The
server asked the pool for every computer card with the table's whole list of
actions, pickled in the server (its feeder thread, under the interpreter's lock
the event loop needs) and compared in the worker: the cost of a card grew with
the length of the session.

Here the server sends the *tail*: the actions from ``base`` on, with the digest
of the first ``base`` (a chain of BLAKE2b digests, one per action:
:func:`chain`).  A worker keeps each table's actions as it last saw them
(:data:`_histories`, the most recent tables); if its copy holds ``base`` actions
whose digest is the one sent, it puts the tail after them and asks the table's
chooser (:func:`~.computer.choose_card`, a laws table's own) with the whole list,
in its own memory; otherwise (a worker new to the table, a table it forgot, a
history that went another way: a card taken back while it thought) it answers
that it missed, and the server asks again with every action (``base`` 0).

The server does not know which worker will answer; it keeps, per table, how many
actions each worker (by process id) was last sent (:class:`History`), and sends
from the fewest of them: a worker that saw the table recently has them all, and
a worker new to the table misses once.  The answer is the chooser's, whatever
worker gives it and however the actions came: the same list of actions, the same
card.

>>> from cavendish.web.config import TableConfig
>>> from cavendish.web.computer import choose_card
>>> cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=3).to_json()
>>> history = History()
>>> base, digest, tail = history.request([("deal",)])
>>> pid, answer = choose_tail(choose_card, "doc-tail", cfg, base, digest, tail)
>>> answer == choose_card("doc-tail-2", cfg, [("deal",)])
True
>>> history.answered(pid, 1)
>>> actions = [("deal",), answer[0]]
>>> history.request(actions)[0], len(history.request(actions)[2])   # the new one only
(1, 1)
"""

from __future__ import annotations

import asyncio
import hashlib
import os
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, TypeVar

from .config import Action
from .looppool import LoopPool

__all__ = ["ROOT", "History", "ask", "chain", "choose_tail"]

T = TypeVar("T")

ROOT = b""
"""The digest of no action."""


def chain(digest: bytes, action: Sequence[str]) -> bytes:
    """The digest of a list of actions, from that of the list without its last
    (``digest``) and that last ``action``.

    >>> chain(chain(ROOT, ("deal",)), ("card", "SA")) != chain(chain(ROOT, ("deal",)),
    ...                                                        ("card", "SK"))
    True
    """
    return hashlib.blake2b(digest + "\x1f".join(action).encode(), digest_size=16).digest()


class History:
    """The server's side, one per live table: the digests of its actions so far,
    and how many of them each worker was last sent."""

    def __init__(self) -> None:
        self.digests: list[bytes] = [ROOT]
        """``digests[n]``: the digest of the first ``n`` actions."""
        self.known: dict[int, int] = {}
        """Process id of a worker: the number of actions it was last sent whole."""

    def request(self, actions: Sequence[Action]) -> tuple[int, bytes, list[Action]]:
        """``(base, digest of the first base actions, the actions from base on)``:
        from the fewest any worker that answered was sent (0 before any did)."""
        for i in range(len(self.digests) - 1, len(actions)):
            self.digests.append(chain(self.digests[i], actions[i]))
        base = min(self.known.values(), default=0)
        if base > len(actions):  # never: the actions only grow; all of them, then
            base = 0
        return base, self.digests[base], list(actions[base:])

    def answered(self, pid: int, length: int) -> None:
        """Worker ``pid`` now holds the first ``length`` actions."""
        self.known[pid] = length


_HISTORIES = 256
_histories: OrderedDict[str, tuple[list[Action], list[bytes]]] = OrderedDict()
"""A worker's copy of each recent table's actions, and their digests."""


def choose_tail(chooser: Callable[[str, str, list[Action]], T], table_id: str, config: str,
                base: int, digest: bytes, tail: list[Action]) -> tuple[int, T | None]:
    """In a worker: ``(its process id, the chooser's answer)`` for the table's
    actions, its copy of the first ``base`` of them followed by ``tail``; None for
    the answer if its copy does not hold those (the server sends them all again)."""
    held = _histories.get(table_id)
    if base == 0:
        held = ([], [ROOT])
    elif held is None or len(held[0]) < base or held[1][base] != digest:
        return os.getpid(), None
    actions, digests = held
    del actions[base:]
    del digests[base + 1:]
    for action in tail:
        action = tuple(action)
        digests.append(chain(digests[-1], action))
        actions.append(action)
    _histories[table_id] = held
    _histories.move_to_end(table_id)
    while len(_histories) > _HISTORIES:
        _histories.popitem(last=False)
    return os.getpid(), chooser(table_id, config, actions)


async def ask(pool: Executor, history: History,
              chooser: Callable[[str, str, list[Action]], T], table_id: str, config: str,
              actions: Sequence[Action]) -> T:
    """The chooser's answer from a worker of ``pool``, sent the tail of ``actions``
    (all of them again if that worker missed)."""
    loop = asyncio.get_running_loop()

    async def run(*args: Any) -> tuple[int, T | None]:
        if isinstance(pool, LoopPool):  # answered on the loop, no thread (.looppool)
            return await pool.call(choose_tail, chooser, table_id, config, *args)
        return await loop.run_in_executor(pool, choose_tail, chooser, table_id, config, *args)

    length = len(actions)
    base, digest, tail = history.request(actions)
    pid, answer = await run(base, digest, tail)
    if answer is None:
        history.answered(pid, 0)  # it holds none of them: all of them, until it is sent them
        pid, answer = await run(0, ROOT, list(actions[:length]))
        if answer is None:  # never: a worker takes the whole list as it comes
            raise RuntimeError(f"table {table_id}: the pool refused the table's actions")
    history.answered(pid, length)
    return answer

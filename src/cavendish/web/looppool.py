"""The quick computer players' worker processes, asked and answered on the event loop.

Design note
-----------
:class:`concurrent.futures.ProcessPoolExecutor` carries each call through two
threads of the server: its manager thread (which hands the call on, then reads,
unpickles and settles each answer) and its queue's feeder thread (which pickles
and writes each call).  At fifty tables of computers those two threads held the
interpreter's lock for about a fifth of the server's time, every time taking it
from the event loop that answers the people.

A :class:`LoopPool` has no thread: each worker process has a pipe of its own; a
call is pickled and written to the pipe of the worker with the fewest calls
waiting (a call is small: :mod:`.tail`), and the event loop reads each answer
when the pipe is readable (``add_reader``) and settles its future at once.
A worker answers its calls in order.  A worker that dies (killed, out of memory)
breaks the pool as a dead worker breaks a process pool: every call waiting and
every call after fails with :class:`~concurrent.futures.process.BrokenProcessPool`
(the hub then starts a new pool, :meth:`~.tables.Hub.renew_pool`).

It is an :class:`~concurrent.futures.Executor` (``submit``, ``shutdown``), and
:meth:`LoopPool.call` awaits a call without going through a thread at all.  It
must be made, and called, on the event loop that reads its answers.

>>> import asyncio, operator
>>> async def add() -> int:
...     pool = LoopPool(1)
...     try:
...         return await pool.call(operator.add, 2, 3)
...     finally:
...         pool.shutdown()
>>> asyncio.run(add())
5
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import multiprocessing
import pickle
from collections import deque
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.connection import Connection
from typing import Any, TypeVar

__all__ = ["LoopPool"]

T = TypeVar("T")

Settle = Callable[[bool, Any], None]
"""Told ``(True, result)`` or ``(False, exception)`` when a call is answered."""


def _serve(conn: Connection, initializer: Callable[..., object] | None,
           initargs: tuple[Any, ...]) -> None:
    """A worker: answer each call read from the pipe, in order, until it is closed."""
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            fn, args, kwargs = pickle.loads(conn.recv_bytes())
        except EOFError:  # the server closed the pipe (or is gone)
            return
        try:
            answer: tuple[bool, Any] = (True, fn(*args, **kwargs))
        except Exception as exc:  # sent back to the caller
            answer = (False, exc)
        try:
            data = pickle.dumps(answer)
        except Exception as exc:  # an answer that cannot be sent
            data = pickle.dumps((False, RuntimeError(f"the answer could not be sent: {exc!r}")))
        conn.send_bytes(data)


def _settler(future: asyncio.Future[Any] | concurrent.futures.Future[Any]) -> Settle:
    """What settles ``future`` with a call's answer (unless it is done: cancelled)."""

    def settle(ok: bool, value: Any) -> None:
        if future.done():
            return
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    return settle


class LoopPool(concurrent.futures.Executor):
    """``workers`` processes (spawned), each run ``initializer(*initargs)`` first."""

    def __init__(self, workers: int, *, initializer: Callable[..., object] | None = None,
                 initargs: tuple[Any, ...] = ()) -> None:
        if workers < 1:
            raise ValueError(f"workers {workers}: expected at least 1")
        self._loop = asyncio.get_running_loop()
        ctx = multiprocessing.get_context("spawn")
        self._conns: list[Connection] = []
        self._waiting: list[deque[Settle]] = []
        self._procs: list[multiprocessing.process.BaseProcess] = []
        self._broken: str | None = None
        self._closed = False
        for i in range(workers):
            ours, theirs = ctx.Pipe(duplex=True)
            proc = ctx.Process(target=_serve, args=(theirs, initializer, initargs),
                               name=f"cavendish-quick-{i}", daemon=True)
            proc.start()
            theirs.close()
            self._conns.append(ours)
            self._waiting.append(deque())
            self._procs.append(proc)
            self._loop.add_reader(ours.fileno(), self._readable, i)

    def _send(self, settle: Settle, fn: Callable[..., Any], args: tuple[Any, ...],
              kwargs: dict[str, Any]) -> None:
        if self._broken is not None:
            raise BrokenProcessPool(self._broken)
        if self._closed:
            raise RuntimeError("cannot schedule new calls after shutdown")
        data = pickle.dumps((fn, args, kwargs))
        i = min(range(len(self._conns)), key=lambda k: len(self._waiting[k]))
        self._waiting[i].append(settle)
        try:
            self._conns[i].send_bytes(data)
        except OSError as exc:
            self._waiting[i].pop()  # this call: refused here, not settled
            self._break(f"worker {i} cannot be written to: {exc}")
            raise BrokenProcessPool(self._broken) from None

    async def call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)`` in a worker, awaited on the loop (no thread)."""
        future: asyncio.Future[T] = self._loop.create_future()
        self._send(_settler(future), fn, args, kwargs)
        return await future

    def submit(self, fn: Callable[..., T], /, *args: Any,
               **kwargs: Any) -> concurrent.futures.Future[T]:
        """``fn(*args, **kwargs)`` in a worker (on the pool's loop thread only)."""
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        future.set_running_or_notify_cancel()
        self._send(_settler(future), fn, args, kwargs)
        return future

    def _readable(self, i: int) -> None:
        conn = self._conns[i]
        try:
            while conn.poll():
                ok, value = pickle.loads(conn.recv_bytes())
                self._waiting[i].popleft()(ok, value)
        except (EOFError, OSError):
            self._break(f"worker {i} (process {self._procs[i].pid}) died")

    def _break(self, why: str) -> None:
        """A worker died: every call waiting fails, and every call after."""
        if self._broken is None and not self._closed:
            self._broken = f"a computer players' worker process died: {why}"
        self._unhook()
        error = BrokenProcessPool(self._broken or "the pool is shut down")
        for waiting in self._waiting:
            while waiting:
                waiting.popleft()(False, error)

    def _unhook(self) -> None:
        for conn in self._conns:
            with contextlib.suppress(Exception):
                self._loop.remove_reader(conn.fileno())
            with contextlib.suppress(Exception):
                conn.close()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Close the pipes (each worker ends when it has read them to the end); the
        calls still waiting fail (``cancel_futures`` or not: nobody reads their
        answers any more); ``wait``: until the workers have ended."""
        if self._closed:
            return
        self._closed = True
        self._break("the pool is shut down")
        for proc in self._procs:
            if wait:
                proc.join(10)
            if proc.is_alive() and not wait:
                continue
            if proc.is_alive():
                proc.kill()

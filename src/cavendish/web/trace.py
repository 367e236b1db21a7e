"""Where a person's card spends its time in a server process: stage timestamps for
the web benchmark (issue 30), off unless asked for.

Design note
-----------
The benchmark (:mod:`.bench`) measures a person's round trip from its client:
sending ``play`` to reading the ``state`` that shows the card.  To say where that
time goes, a server started with the environment variable :data:`ENV` set to a
folder marks, on the clock every process of the machine shares
(``time.monotonic``, Linux's ``CLOCK_MONOTONIC``), the stages of each person's
action:

``read``
    the websocket frame handed to the table (:meth:`.tables.LiveTable.handle`);
``locked``
    the table's lock taken (:meth:`.tables.LiveTable._play`);
``applied``
    the action checked and applied to the session;
``taken``, ``committed``
    the store's writer thread took it into a transaction, and that transaction
    committed (:mod:`.writer`: on PostgreSQL, with the bus's ``NOTIFY``);
``settled``
    the event loop heard that it was committed;
``stored``
    the table's task went on after the commit;
``shown``
    every connection's ``state`` queued (:meth:`.tables.LiveTable._show`);

and, for every action of another process the bus brings (:mod:`.bus`), ``note``:
when its notification was read here.  The marks of one action are kept under
``(table id, seq)``; the benchmark joins them with its client's own (sent, read)
and with the other process's, and breaks the round trip into those stages.  The
tracer also samples the event loop's lag (:meth:`Tracer.tick`: how late a timer
of 10 ms fires, the time a ready callback waits for the loop's turn).  At exit
each process writes its marks to ``<folder>/trace-<pid>.json`` (stopped by
SIGTERM too).

Off (the variable unset), :data:`TRACER` is None and each mark is one test of it.
The action's marks travel with its task in a context variable, so a computer's
card, which runs in a task of its own, is not marked.

>>> t = Tracer("/nonexistent")
>>> t.begin(1.0); t.mark("locked", 1.5); t.finish("t1", 7)
>>> t.actions[("t1", 7)]
{'read': 1.0, 'locked': 1.5}
>>> _ = CURRENT.set(None)
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import contextvars
import json
import os
import signal
import time
from pathlib import Path

__all__ = ["CURRENT", "ENV", "TRACER", "Tracer"]

ENV = "CAVENDISH_WEB_TRACE"
"""The folder a traced server writes its marks to (unset: no tracing)."""

TICK = 0.01
"""Seconds between two samples of the event loop's lag."""

CURRENT: contextvars.ContextVar[dict[str, float] | None] = contextvars.ContextVar(
    "cavendish_web_trace", default=None)
"""The marks of the person's action the running task handles (None: none traced)."""


class Tracer:
    """One process's marks: each traced action's stages, the bus's notes, the lags."""

    def __init__(self, folder: str) -> None:
        self.folder = folder
        self.actions: dict[tuple[str, int], dict[str, float]] = {}
        self.writes: dict[tuple[str, int], list[float]] = {}
        """The writer's (taken, committed, settled) of every action this process
        stored: taken into a transaction, committed, heard on the event loop."""
        self.notes: dict[tuple[str, int], float] = {}
        self.lags: list[float] = []
        self.counts: dict[str, int] = {}
        """Events of the multi-process rules: ``takeover`` (a table moved by this
        process after it stood still), ``seq_taken`` (an action refused: another
        process stored that number first)."""
        self._ticking = False

    def begin(self, now: float | None = None) -> None:
        """A person's message read: its marks begin (in this task's context)."""
        CURRENT.set({"read": time.monotonic() if now is None else now})
        if not self._ticking:
            self._ticking = True
            with contextlib.suppress(RuntimeError):  # no loop running (a doctest)
                asyncio.get_running_loop().call_later(TICK, self.tick, time.monotonic() + TICK)

    def mark(self, stage: str, now: float | None = None) -> None:
        """A stage of the action under way reached (nothing if none is traced)."""
        marks = CURRENT.get()
        if marks is not None:
            marks[stage] = time.monotonic() if now is None else now

    def finish(self, table_id: str, seq: int) -> None:
        """The action under way was stored as ``seq`` of a table: its marks kept."""
        marks = CURRENT.get()
        if marks is not None:
            self.actions[(table_id, seq)] = marks
            CURRENT.set(None)

    def count(self, event: str) -> None:
        """One more ``event`` (:attr:`counts`)."""
        self.counts[event] = self.counts.get(event, 0) + 1

    def tick(self, due: float) -> None:
        """One sample of the loop's lag; the next one armed."""
        now = time.monotonic()
        self.lags.append(now - due)
        asyncio.get_running_loop().call_later(TICK, self.tick, now + TICK)

    def dump(self) -> None:
        """Write every mark to ``<folder>/trace-<pid>.json``."""
        path = Path(self.folder) / f"trace-{os.getpid()}.json"
        path.write_text(json.dumps({
            "pid": os.getpid(),
            "actions": [[t, s, m] for (t, s), m in self.actions.items()],
            "writes": [[t, s, *w] for (t, s), w in self.writes.items()],
            "notes": [[t, s, n] for (t, s), n in self.notes.items()],
            "lags": self.lags, "counts": self.counts}))


def _from_env() -> Tracer | None:
    folder = os.environ.get(ENV)
    if not folder:
        return None
    tracer = Tracer(folder)
    atexit.register(tracer.dump)
    with contextlib.suppress(ValueError):  # (not the main thread: no handler)
        # uvicorn stops on SIGTERM, then raises it again to the handler it found:
        # this one, which exits through ``atexit`` (the default would skip it)
        signal.signal(signal.SIGTERM, _exit)
    return tracer


def _exit(signum: int, frame: object) -> None:
    raise SystemExit(0)


TRACER: Tracer | None = _from_env()
"""This process's tracer, or None (:data:`ENV` unset: the usual case)."""

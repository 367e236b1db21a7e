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

Where the loop stands still, the tracer says why (:class:`Stalls`): a daemon
thread looks every :data:`SAMPLE` seconds at when the loop's lag sampler is due; a
loop more than :data:`STALL` seconds past it has not turned, and the thread takes
the main thread's stack (``sys._current_frames``) and the processor time the main
thread spent meanwhile (``time.pthread_getcpuclockid``: near the wall time, the
loop was running that code; far below, it waited for a processor or a lock).  The
collector's pauses (``gc.callbacks``) are kept with their generation and length,
and a stack taken during one is filed under it.  At exit the dump carries each
stall, the stacks by the time the loop stood still in them, and the pauses.

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
import gc
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any

__all__ = ["CURRENT", "ENV", "TRACER", "Stalls", "Tracer"]

ENV = "CAVENDISH_WEB_TRACE"
"""The folder a traced server writes its marks to (unset: no tracing)."""

TICK = 0.01
"""Seconds between two samples of the event loop's lag."""

STALL = 0.02
"""Seconds past its due time after which the lag sampler not yet run means the loop
stands still (:class:`Stalls`)."""

SAMPLE = 0.005
"""Seconds between two looks of the stall watcher at the loop."""

DEPTH = 14
"""Frames kept of a stalled stack, the innermost."""

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
        self.due = 0.0
        """When the loop's lag sampler is due next (:meth:`tick`): 0, not yet armed."""
        self.stalls = Stalls(self)

    def begin(self, now: float | None = None) -> None:
        """A person's message read: its marks begin (in this task's context)."""
        CURRENT.set({"read": time.monotonic() if now is None else now})
        if not self._ticking:
            self._ticking = True
            with contextlib.suppress(RuntimeError):  # no loop running (a doctest)
                self.due = time.monotonic() + TICK
                asyncio.get_running_loop().call_later(TICK, self.tick, self.due)
                self.stalls.start()

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
        self.due = now + TICK
        asyncio.get_running_loop().call_later(TICK, self.tick, self.due)

    def dump(self) -> None:
        """Write every mark to ``<folder>/trace-<pid>.json``."""
        path = Path(self.folder) / f"trace-{os.getpid()}.json"
        path.write_text(json.dumps({
            "pid": os.getpid(),
            "actions": [[t, s, m] for (t, s), m in self.actions.items()],
            "writes": [[t, s, *w] for (t, s), w in self.writes.items()],
            "notes": [[t, s, n] for (t, s), n in self.notes.items()],
            "lags": self.lags, "counts": self.counts, **self.stalls.summary()}))


def _where(frame: FrameType | None) -> list[str]:
    """A stack as ``module:function:line`` strings, outermost first, the innermost
    :data:`DEPTH` frames."""
    out: list[str] = []
    while frame is not None and len(out) < DEPTH:
        code = frame.f_code
        name = Path(code.co_filename).stem
        parent = Path(code.co_filename).parent.name
        out.append(f"{parent}/{name}:{code.co_name}:{frame.f_lineno}")
        frame = frame.f_back
    return out[::-1]


class Stalls:
    """Why a traced server's event loop stood still: the main thread's stacks taken
    while it was more than :data:`STALL` seconds late, and the collector's pauses.

    Each look while the loop stands still files the time since the last look under
    the stack seen (a sampling profiler of the stalls only).  A stall is kept as
    ``[due, seconds, share]``: when the loop should have turned, how long it stood
    still, and the share of that time the main thread was on a processor (1: the
    loop ran the code of its stacks; near 0: it waited for a processor, or a lock).

    >>> t = Tracer("/nonexistent")
    >>> t.stalls.look(now=1.0, cpu=5.0)     # not armed: nothing
    >>> t.due = 1.005
    >>> t.stalls.look(now=1.02, cpu=5.0)    # late by 15 ms: not a stall
    >>> t.stalls.look(now=1.03, cpu=5.01)   # 25 ms: a stall, 10 ms of it filed
    >>> t.stalls.look(now=1.04, cpu=5.02)
    >>> t.due = 1.045 + TICK                # the loop turned at 1.045
    >>> t.stalls.look(now=1.05, cpu=5.02)
    >>> s = t.stalls.summary()
    >>> s["stalls"]
    [[1.005, 0.04, 0.4]]
    >>> s["stall_stacks"][0]["ms"], s["stall_stacks"][0]["stack"]
    (20.0, ['(no Python frame)'])
    """

    def __init__(self, tracer: Tracer) -> None:
        self.tracer = tracer
        self.stacks: dict[tuple[str, ...], list[float]] = {}
        """Each stack seen in a stall: [seconds stood still in it, looks]."""
        self.stalls: list[list[float]] = []
        """Each stall: [due, seconds, the main thread's share of a processor]."""
        self.pauses: list[list[float]] = []
        """Each collection: [start, generation, seconds, 1 if on the main thread]."""
        self._open: tuple[float, float, float] | None = None
        """The stall under way: its due time; the time and processor seconds of the
        last look before it."""
        self._look = (0.0, 0.0)  # the last look: its time, the main thread's cpu
        self._before = (0.0, 0.0)  # the last look at most due
        self._gc_start = 0.0
        self._gc_gen = -1
        self._main = threading.main_thread().ident
        self._clock: int | None = None
        """The main thread's processor clock (Linux numbers them below 0)."""
        self._started = False
        self._stop = threading.Event()

    def start(self) -> None:
        """The watcher's thread and the collector's callback, once."""
        if self._started or self._main is None:
            return
        self._started = True
        with contextlib.suppress(AttributeError, OSError):  # else: no processor time
            self._clock = time.pthread_getcpuclockid(self._main)
        gc.callbacks.append(self._collected)
        threading.Thread(target=self._watch, name="cavendish-stall-watch",
                         daemon=True).start()

    def stop(self) -> None:
        """The watcher's thread ended and the collector's callback removed (a server
        keeps them to its end; a test stops them)."""
        self._stop.set()
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._collected)

    def _collected(self, phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._gc_start, self._gc_gen = now, info["generation"]
        else:
            main = threading.get_ident() == self._main
            self.pauses.append([round(self._gc_start, 6), info["generation"],
                                round(now - self._gc_start, 6), 1 if main else 0])
            self._gc_gen = -1

    def _watch(self) -> None:
        while not self._stop.wait(SAMPLE):
            cpu = time.clock_gettime(self._clock) if self._clock is not None else 0.0
            self.look(time.monotonic(), sys._current_frames().get(self._main or 0), cpu)

    def look(self, now: float, frame: FrameType | None = None, cpu: float = 0.0) -> None:
        """One look at the loop: ``frame`` the main thread's, ``cpu`` its processor
        seconds so far."""
        due = self.tracer.due
        if self._open is not None and self._open[0] != due:
            self._close(due - TICK, cpu, now)
        if due and now - due > STALL:
            if self._open is None:
                self._open = (due, *self._before)
            where = _where(frame) or ["(no Python frame)"]
            if self._gc_gen >= 0:
                where.append(f"(collecting generation {self._gc_gen})")
            seen = self.stacks.setdefault(tuple(where), [0.0, 0])
            seen[0] += now - self._look[0] if self._look[0] else SAMPLE
            seen[1] += 1
        self._look = (now, cpu)
        if now <= due or not due:
            self._before = self._look

    def _close(self, turned: float, cpu: float, now: float) -> None:
        assert self._open is not None
        due, t0, cpu0 = self._open
        share = (cpu - cpu0) / (now - t0) if now > t0 else 0.0
        self.stalls.append([round(due, 6), round(turned - due, 6), round(share, 3)])
        self._open = None

    def summary(self) -> dict[str, Any]:
        """The stalls, the stacks by the time stood still in them (the first 40), the
        collector's pauses."""
        stacks = sorted(self.stacks.items(), key=lambda kv: -kv[1][0])
        return {"stalls": self.stalls,
                "stall_stacks": [{"ms": round(t * 1000, 1), "looks": int(n), "stack": list(k)}
                                 for k, (t, n) in stacks[:40]],
                "gc": self.pauses}


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

"""Running independent tasks in parallel: in this process, in a process pool, or on Ray.

Design note
-----------
A match (or a simulation) is cut into chunks of boards (or rubbers); each chunk is
a task, a small picklable value, and the function that plays it is a module-level
function, so it runs the same in this process, in a
:class:`~concurrent.futures.ProcessPoolExecutor` (the default; processes forked
from a fork server, or ``spawn`` processes, so that a worker never inherits a lock
or a thread of the parent's) or on a Ray cluster.  Results come back in the order
of the tasks whatever order they finish in, so what is computed from them does not
depend on the number of workers.

:func:`chunk_ranges` cuts the work into ranges that shrink to one item, so that the
workers end together; :func:`task_timings` records where, how long and on how much
CPU each task ran (the pool benchmark's accounts).

Ray is optional: it is imported only when ``ray_address`` is given, and a missing
Ray raises :class:`RayNotInstalled`, which says how to install it.

Cold start.  A spawned worker is a new Python that imports the package, and the
main module again (multiprocessing runs it to find what it defines: the command
line's ``typer`` and ``rich`` and every command), some 0.6 s of CPU, and it used to
load DDS through endplay, whose package imports numpy and matplotlib (0.6 s more,
and numpy's BLAS threads), even for players that never solve: 1.3 s of CPU a
worker before its first task, 4 s for an 8-board ``random`` match with two workers
against 0.9 s in one process.  So:

* the workers are forked from a *fork server* (:func:`_start_method`:
  ``forkserver`` on POSIX systems but macOS; ``spawn`` elsewhere, or with
  ``CAVENDISH_POOL_START=spawn``), a process started once per calling process,
  with one thread, that imports before its first fork what each worker would
  (:func:`_preloads`: this module, the task's module, and the package's modules
  the main module holds names from: Python 3.11 does not import the main module
  itself there).  A worker then starts in some 5 ms of CPU.  The server imports no DDS:
  a fork of a process whose solver has started threads is not safe, and the
  workers need none of it until they solve.  A worker inherits the server's
  environment variables, those of the first pool's time;
* a command line that will play in a pool (``cavendish match -w 2``) starts the
  server first thing (:func:`prestart`), so that its imports run beside the
  command's own on the other core, and the workers fork as soon as the match
  begins;
* DDS is loaded in a worker by its first solve only
  (:func:`~cavendish.analysis.dd.set_threads` keeps the number until then and gives
  it to DDS as it loads, before any solve), and alone: endplay's binding without
  endplay's package (0.04 s).

Each worker process is started by :func:`_init_worker`, which

* watches the process whose pool it is in, and exits as soon as that process is
  gone (a parent killed with ``kill -9`` cannot shut its pool down: without the
  watch its workers, the fork server and the resource tracker that wait for them
  would block forever); a forked worker's parent is the fork server, which itself
  ends only once its children have, so the watch waits on a process handle of the
  pool's process (Linux's ``pidfd_open``), else looks at it every 0.2 s;
* limits DDS to the worker's share of the cores (:func:`dd_threads`), so that
  workers times solver threads never exceed the cores (a limit DDS gets when it
  loads);
* imports the task function's module before the first task (warm workers: the
  first chunk does not pay for loading the players).

The pool outlives the call that started it: the next :func:`run_tasks` with as
many workers reuses it, its workers already warm (a match of a few seconds would
otherwise spend a good part of them starting Python in each worker), and it is
shut down :data:`WARM_SECONDS` after its last use, when a call needs another
number of workers, when a task fails, or at exit (:func:`shutdown_pool` at once).
:func:`warm_pool` starts it ahead of the work and returns once every worker is up,
so that a timed run pays for no start.

The calling process shares the cores with the workers (K workers on K cores), so
what it spends on each task is taken from them: each future puts itself on a queue
when done, and a result costs the caller the same however many tasks are pending
(some 0.04 ms of its CPU a classical board here, chunks of 25 boards; a one-board
task's trip some 0.2 to 0.6 ms).  :class:`PoolOfOne` sends a K pool's tasks to one
worker process: the pool benchmark's like-for-like baseline.

>>> run_tasks(abs, [-3, 2, -1], workers=1)
[3, 2, 1]
>>> chunk_ranges(10, 3)
[range(0, 6), range(6, 9), range(9, 10)]
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import os
import queue
import select
import signal
import sys
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from multiprocessing import get_all_start_methods, get_context
from multiprocessing.context import ForkServerContext
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import MatchError

__all__ = [
    "CallTiming",
    "ParallelError",
    "PoolOfOne",
    "RayAuthRequired",
    "RayNotInstalled",
    "RayUnavailable",
    "TaskTiming",
    "Timings",
    "abandon_prestart",
    "chunk_ranges",
    "connect_ray",
    "dd_threads",
    "default_workers",
    "fork_prestarted",
    "forking_ahead",
    "import_ray",
    "prestart",
    "process_times",
    "run_tasks",
    "shutdown_pool",
    "task_timings",
    "waited_seconds",
    "warm_pool",
]

T = TypeVar("T")
R = TypeVar("R")


class ParallelError(MatchError):
    """Bad parallel settings (no workers, a chunk of nothing)."""


class RayUnavailable(ImportError):
    """``--ray`` was given but Ray cannot be used from here: a missing package or a
    cluster that refuses this process, not bad input, so it is an ``ImportError`` that
    no ``except ValueError`` swallows."""


class RayNotInstalled(RayUnavailable):
    """``--ray`` was given but Ray cannot be imported."""


class RayAuthRequired(RayUnavailable):
    """The Ray cluster uses token authentication and this process has no (right) token."""


def default_workers() -> int:
    """Every core of this machine (``os.cpu_count()``, at least one)."""
    return os.cpu_count() or 1


def dd_threads(workers: int, cores: int | None = None) -> int:
    """DDS threads for each of ``workers`` processes on ``cores`` cores (default: this
    machine's): an equal share, at least one.

    >>> dd_threads(2, 2), dd_threads(1, 16), dd_threads(16, 16), dd_threads(4, 2)
    (1, 16, 1, 1)
    """
    total = cores if cores is not None else default_workers()
    return max(1, total // max(1, workers))


PARENT_POLL = 0.2
"""Seconds between two looks of a worker at its parent."""


def watch_parent(parent: int, interval: float = PARENT_POLL) -> threading.Thread:
    """Start a daemon thread that ends this process (``os._exit``) once the process
    ``parent`` is gone: this process's parent, or, for a worker forked by a fork
    server, the process whose pool it serves (the server outlives it: it ends only
    once its children have).  Where Linux gives a process handle (``pidfd_open``) the
    thread waits on it; elsewhere it looks every ``interval`` seconds: at its parent
    (re-parented, ``os.getppid()`` changes) or, not a child, at whether ``parent``
    still exists."""
    try:
        handle: int | None = os.pidfd_open(parent)  # readable once it has exited
    except ProcessLookupError:
        os._exit(3)  # gone already
    except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
        handle = None
    child = os.getppid() == parent

    def exists() -> bool:
        if child:
            return os.getppid() == parent
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # another user's process: it exists
            pass
        return True

    def watch() -> None:
        if handle is not None:
            select.select([handle], [], [])
        else:
            while exists():
                time.sleep(interval)
        os._exit(3)  # orphaned: nobody will read our results

    thread = threading.Thread(target=watch, name="cavendish-parent-watch", daemon=True)
    thread.start()
    return thread


_began: tuple[float, float] | None = None
"""When this worker process's initializer began (``time.time()``) and the CPU seconds
the process had spent by then (its fork and start); None outside a worker."""


def _init_worker(parent: int, threads: int, module: str | None) -> None:
    """The start of every worker process (see the module's note)."""
    global _began
    _began = (time.time(), time.process_time())
    watch_parent(parent)
    from ..analysis import dd

    dd.set_threads(threads)
    if module:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)


@dataclass(frozen=True, slots=True)
class TaskTiming:
    """How one task ran (``run_tasks(..., timings=...)``): where, when, for how long, and
    on how much CPU; what the pool benchmark reasons with on a shared machine, where
    a worker's wall time also counts the time other programs held its core."""

    task: int
    """The task's index in the list given to :func:`run_tasks`."""
    worker: int
    """The process id of the worker (this process's with one worker)."""
    start: float
    """When the task began (``time.time()``, comparable between processes)."""
    seconds: float
    """Its wall time."""
    cpu: float
    """The CPU time its process spent in it (every thread of it: DDS's solver threads too)."""
    dds_threads: int | None
    """The solver threads DDS was set up for in that process
    (:func:`~cavendish.analysis.dd.dds_threads`); None where DDS is not loaded (no
    task of that process has solved a position)."""
    process_cpu: float | None = None
    """The CPU seconds of the task's process from its start to the task's end (a
    worker's: its start, its imports, its tasks so far; a forked process's count
    begins at its fork)."""
    process_waited: float | None = None
    """The seconds the process's main thread had waited for a core (runnable, not
    running: another program or another of ours held it) from its start to the
    task's end (Linux's ``/proc/PID/schedstat``); None where unknown."""
    began: float | None = None
    """When the worker's initializer began (``time.time()``); None for a task
    played in the calling process."""
    began_cpu: float | None = None
    """The worker's CPU seconds when its initializer began (its fork and start)."""


@dataclass(frozen=True, slots=True)
class CallTiming:
    """One call of :func:`run_tasks` inside :func:`task_timings`, seen from the
    calling process: when it began and for how long, this process's CPU over it
    (its own tasks, sending tasks, taking results: every thread of it), when its
    pool's first result came, and the seconds this process's main thread waited for
    a core meanwhile."""

    start: float
    """``time.time()`` as the call began."""
    seconds: float
    cpu: float
    cpu_at_start: float
    """This process's CPU seconds (``time.process_time()``) as the call began."""
    workers: int
    tasks: int
    first_result: float | None
    """``time.time()`` when the pool's first result was taken (None: no pool)."""
    waited: float | None


class Timings(list[TaskTiming]):
    """What :func:`task_timings` records: the tasks' :class:`TaskTiming` (the list)
    and the calls' :class:`CallTiming` (``calls``)."""

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[CallTiming] = []


def waited_seconds(pid: int | str = "self") -> float | None:
    """The seconds process ``pid``'s main thread has spent runnable but not running
    (waiting on a run queue for a core) since it started: Linux's
    ``/proc/PID/schedstat``; None where there is none.

    >>> w = waited_seconds()
    >>> w is None or w >= 0.0
    True
    """
    try:
        fields = Path(f"/proc/{pid}/schedstat").read_text().split()
        return int(fields[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def process_times(pid: int | str = "self") -> tuple[float, float, float] | None:
    """Process ``pid``'s CPU seconds (user and system, every thread), its reaped
    children's, and when it started (``time.time()``'s scale, to the clock's tick):
    Linux's ``/proc/PID/stat``; None where there is none (another system, or the
    process is gone).  How the pool benchmark reads the fork server's CPU.

    >>> t = process_times()
    >>> t is None or (t[0] >= 0.0 and t[2] <= time.time())
    True
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        boot = next(line for line in Path("/proc/stat").read_text().splitlines()
                    if line.startswith("btime "))
        fields = stat[stat.rindex(")") + 2:].split()  # from the state, field 3
        tick = os.sysconf("SC_CLK_TCK")
        user, system, child_user, child_system = (int(x) / tick for x in fields[11:15])
        return user + system, child_user + child_system, int(boot.split()[1]) + \
            int(fields[19]) / tick
    except (OSError, ValueError, IndexError, StopIteration):
        return None


_recording: list[Timings] = []
"""The lists of the :func:`task_timings` blocks now open, innermost last."""


@contextlib.contextmanager
def task_timings() -> Iterator[Timings]:
    """A list that receives the :class:`TaskTiming` of every task :func:`run_tasks`
    runs inside the block (in one process, in the pool or on Ray), as each call ends,
    and in its ``calls`` each call's :class:`CallTiming`.

    >>> with task_timings() as seen:
    ...     run_tasks(abs, [-3, 2])
    [3, 2]
    >>> [t.task for t in seen], seen[0].worker == os.getpid(), len(seen.calls)
    ([0, 1], True, 1)
    """
    timings = Timings()
    _recording.append(timings)
    try:
        yield timings
    finally:
        _recording.remove(timings)


def _timed_call(fn: Callable[[T], R], item: tuple[int, T]) -> tuple[R, TaskTiming]:
    """``fn`` on a task, with its :class:`TaskTiming` (the function a timed run sends)."""
    from ..analysis import dd

    index, task = item
    start, wall, cpu = time.time(), time.perf_counter(), time.process_time()
    result = fn(task)
    seconds, used = time.perf_counter() - wall, time.process_time() - cpu
    threads = dd.dds_threads() if dd.dds_loaded() else None  # a task that never solved: none
    if _began is None:  # the calling process: only what its tasks cost (no /proc read each)
        return result, TaskTiming(index, os.getpid(), start, seconds, used, threads)
    return result, TaskTiming(index, os.getpid(), start, seconds, used, threads,
                              time.process_time(), waited_seconds(), *_began)


def chunk_ranges(n: int, chunks: int) -> list[range]:
    """``range(n)`` cut into ``min(n, chunks)`` consecutive ranges, the first the longest
    and each next one no longer, shrinking evenly to a last range of one item: the
    lengths are one each plus the rest shared in the proportions ``k - 1, k - 2,
    ..., 0`` for ``k`` ranges.

    A pool hands the next range to the first worker free, so the workers end
    together to within the last ranges, which are short: with ranges all alike
    the first worker out of work would wait, on average, half a range for the
    last (with 8 ranges a worker, some 6% of the run, the difference between
    1.88 and 2 with two workers).  The first ranges being the longer (twice the
    mean), a pool should ask for several ranges a worker: a match and a
    simulation of rubbers ask for eight.  What a range computes does not depend
    on where it is cut (each board, each rubber has its own seed).

    >>> chunk_ranges(10, 3)
    [range(0, 6), range(6, 9), range(9, 10)]
    >>> [len(r) for r in chunk_ranges(120, 16)]
    [15, 14, 13, 12, 11, 10, 9, 7, 7, 6, 5, 4, 3, 2, 1, 1]
    >>> chunk_ranges(3, 8)
    [range(0, 1), range(1, 2), range(2, 3)]
    """
    if n < 0:
        raise ParallelError(f"cannot cut {n} items into chunks")
    if chunks < 1:
        raise ParallelError(f"chunks must be at least 1, not {chunks}")
    k = min(chunks, n)
    rest = n - k
    weight = k * (k - 1) // 2  # the sum of k - 1, k - 2, ..., 0
    lengths = [1 + (rest * (k - 1 - i) // weight if weight else rest) for i in range(k)]
    for i in range(n - sum(lengths)):  # what rounding down left: to the longest ones
        lengths[i] += 1
    out: list[range] = []
    start = 0
    for length in lengths:
        out.append(range(start, start + length))
        start += length
    return out


def import_ray() -> Any:
    """The ``ray`` module, imported now; :class:`RayNotInstalled` if it is missing."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise RayNotInstalled(
            "--ray needs Ray, which is not installed: pip install ray "
            "(or leave out --ray to use a process pool on this machine)"
        ) from exc


AUTH_HINT = (
    "set RAY_AUTH_MODE=token and the cluster's token, RAY_AUTH_TOKEN=... (or "
    "RAY_AUTH_TOKEN_PATH=FILE), in the environment"
)


def connect_ray(ray: Any, address: str) -> None:
    """``ray.init`` at ``address`` (``"local"`` starts a Ray for this process); a cluster
    with token authentication that this process cannot satisfy stops at once with
    :class:`RayAuthRequired`, one line saying what to set.

    Ray itself, asked to join such a cluster without the token, retries for about
    thirty seconds and then raises a bare ``ConnectionError``; so the cluster's GCS is
    asked once first (:func:`_refused_token`).
    """
    if ":" in address and "://" not in address:
        refused = _refused_token(address)
        if refused is not None:
            raise RayAuthRequired(f"--ray {address}: {refused}; {AUTH_HINT}")
    try:
        ray.init(address=address, log_to_driver=False)
    except ray.exceptions.AuthenticationError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else "token refused"
        raise RayAuthRequired(f"--ray {address}: {first}; {AUTH_HINT}") from None


def _refused_token(address: str) -> str | None:
    """Why the GCS at ``address`` refuses this process's token, or None (it accepts
    it, or cannot be asked: then ``ray.init`` says what is wrong).  One request, with
    a timeout of two seconds, through Ray's own GCS client."""
    try:
        from ray._raylet import GcsClient  # type: ignore[attr-defined]
        from ray.exceptions import AuthenticationError
    except ImportError:  # a Ray without the client: ray.init will say
        return None
    token_mode = os.environ.get("RAY_AUTH_MODE", "").lower() == "token"
    if token_mode and not _token_given():
        # Ray's client aborts the process (a failed C++ check) on a token mode without
        # a token: say it here
        return "RAY_AUTH_MODE=token is set but no token was found"
    saved = os.dup(2)
    try:
        # the client logs each refused attempt on the C++ side: the error below says it
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
            GcsClient(address=address, cluster_id=None).internal_kv_get(b"cavendish", None, 2)
    except AuthenticationError:
        if token_mode:
            return "the cluster refused the token given (RAY_AUTH_TOKEN or its file)"
        return "the cluster uses token authentication and no token was given"
    except Exception:  # unreachable, not a GCS...: ray.init will say, as before
        return None
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    return None


def _token_given() -> bool:
    """Whether a Ray token is in the environment or at Ray's default path."""
    if os.environ.get("RAY_AUTH_TOKEN") or os.environ.get("RAY_AUTH_TOKEN_PATH"):
        return True
    return (Path.home() / ".ray" / "auth_token").is_file()


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    on_done: Callable[[int, R], None] | None = None,
    parent_helps: bool = False,
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in parallel; ``on_done(i, result)`` as each ends.

    ``workers == 1`` keeps the work in this process; more start a process pool of
    at most ``workers`` processes (never more than there are tasks);
    ``ray_address`` sends the tasks to Ray at that address instead (``"auto"``,
    ``"HOST:6379"``, ``"ray://host:10001"``, or ``"local"`` for a Ray started for
    this process), ``workers`` being then ignored.  ``fn`` must be a
    module-level function and the tasks picklable.  The first exception raised
    by a task is raised here, the tasks not yet started being cancelled.
    Inside :func:`task_timings` each task's :class:`TaskTiming` is recorded.

    With ``parent_helps`` this process plays tasks too until the pool's first result
    comes back (:func:`_run_in`): for tasks whose results do not depend on where they
    run (a match's boards), the pool's start is no longer time lost.
    """
    if workers < 1:
        raise ParallelError(f"workers must be at least 1, not {workers}")
    if _recording:
        timings = _recording.pop()  # the timed run below records nothing more
        here = os.getpid()
        first: list[float] = []

        def report(i: int, pair: tuple[R, TaskTiming]) -> None:
            if not first and pair[1].worker != here:
                first.append(time.time())
            if on_done is not None:
                on_done(i, pair[0])

        start, wall, cpu, waited = time.time(), time.perf_counter(), time.process_time(), \
            waited_seconds()
        try:
            pairs = run_tasks(
                partial(_timed_call, fn),
                list(enumerate(tasks)),
                workers=workers,
                ray_address=ray_address,
                on_done=report,
                parent_helps=parent_helps,
            )
        finally:
            _recording.append(timings)
        now_waited = waited_seconds()
        timings.extend(timing for _, timing in pairs)
        timings.calls.append(CallTiming(
            start, time.perf_counter() - wall, time.process_time() - cpu, cpu, workers, len(tasks),
            first[0] if first else None,
            None if waited is None or now_waited is None else now_waited - waited,
        ))
        return [result for result, _ in pairs]
    if ray_address is not None:
        return _run_ray(fn, tasks, ray_address, on_done)
    if _solo and _solo[-1][0] == workers:
        return _run_in(_solo[-1][1], fn, tasks, on_done)
    results: dict[int, R] = {}
    if workers == 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            result = fn(task)
            results[i] = result
            if on_done is not None:
                on_done(i, result)
        return [results[i] for i in range(len(tasks))]
    with _borrowed(min(workers, len(tasks)), _module_of(fn)) as pool:
        return _run_in(pool, fn, tasks, on_done, parent_helps=parent_helps)


@contextlib.contextmanager
def _borrowed(workers: int, module: str | None) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``workers`` processes for the block (:func:`_acquire`), given back at
    its end: the warm pool kept (shut down if the block failed), a pool of the
    block's own shut down."""
    pool, shared = _acquire(workers, module)
    try:
        yield pool
    except BaseException:
        if shared:
            _release(failed=True)
        else:
            pool.shutdown(wait=True, cancel_futures=True)
        raise
    if shared:
        _release(failed=False)
    else:
        pool.shutdown(wait=True)


def _run_in(
    pool: ProcessPoolExecutor,
    fn: Callable[[T], R],
    tasks: Sequence[T],
    on_done: Callable[[int, R], None] | None,
    *,
    parent_helps: bool = False,
) -> list[R]:
    """The tasks in ``pool``, each result taken (and ``on_done`` told) as it ends;
    the tasks not yet started are cancelled when one fails.

    With ``parent_helps``, until the first result comes back this process takes the
    last tasks not yet started (it cancels their futures) and runs them itself: a
    command's pool spends its first seconds starting (the fork server imports the
    package, each worker its players), time in which the parent, warm already, plays
    the match's last chunks.  It stops at the first result, so it competes with the
    workers for the cores for one chunk at most.  A pool whose workers are all up
    already, or being started by :func:`warm_pool` (forked ahead by
    :func:`fork_prestarted`), gets no help:
    its workers take the tasks at once, and the parent's playing would only take
    their cores and hold back, holding the interpreter's lock, the threads that send
    them the tasks (0.03 to 0.13 s before a worker's first task, measured).

    Each future, once done, puts itself on a queue that this thread reads: a
    result costs this process the same whatever the tasks still pending (a
    ``wait(pending, FIRST_COMPLETED)`` per result looks at every pending future
    each time: with a thousand tasks, a second of this process's CPU taken from
    the workers on a machine of as many cores as workers).
    """
    finished: queue.SimpleQueue[Future[R]] = queue.SimpleQueue()
    index: dict[Future[R], int] = {}
    futures: dict[int, Future[R]] = {}
    results: dict[int, R] = {}
    lock = threading.Lock()
    bounds = [0, len(tasks) - 1]  # the next task to submit, the last one not taken here
    failed: list[BaseException] = []

    def submit_all() -> None:
        # the first submit starts the pool (with a fork server, waits for it to import
        # the package and fork a worker): with parent_helps, in a thread, while this
        # process plays
        try:
            while True:
                with lock:
                    i = bounds[0]
                    if i > bounds[1]:
                        return
                    bounds[0] += 1
                future = pool.submit(fn, tasks[i])
                index[future] = i
                futures[i] = future
                future.add_done_callback(finished.put)
        except BaseException as exc:
            failed.append(exc)

    def play_here(i: int) -> None:
        result = fn(tasks[i])
        results[i] = result
        if on_done is not None:
            on_done(i, result)

    helps = parent_helps and pool not in _up and pool not in _warming
    submitter = threading.Thread(target=submit_all, daemon=True) if helps else None
    try:
        if submitter is None:
            submit_all()
        else:
            submitter.start()
            while finished.empty() and not failed:  # until the pool's first result
                with lock:
                    last = bounds[1]
                    if last < bounds[0]:
                        break
                    bounds[1] -= 1
                play_here(last)
            submitter.join()
            last = bounds[0] - 1  # the tasks submitted: those not yet started are taken
            while last >= 0 and finished.empty() and futures[last].cancel():
                play_here(last)
                last -= 1
        if failed:
            raise failed[0]
        while len(results) < len(tasks):
            future = finished.get()
            if future.cancelled():  # played here
                continue
            i = index[future]
            result = future.result()
            results[i] = result
            if on_done is not None:
                on_done(i, result)
    except BaseException:
        with lock:
            bounds[1] = -1  # nothing more is submitted
        if submitter is not None and submitter.is_alive():
            submitter.join()
        for future in list(index):
            future.cancel()
        raise
    return [results[i] for i in range(len(tasks))]


def _module_of(fn: Callable[..., Any]) -> str | None:
    """The module that defines ``fn`` (a ``partial``'s function's), which the workers
    import before their first task."""
    while isinstance(fn, partial):
        # a timed task (:func:`_timed_call`): the module of what it times
        fn = fn.args[0] if fn.func is _timed_call and fn.args else fn.func
    return getattr(fn, "__module__", None)


WARM_SECONDS = 60.0
"""How long an idle pool keeps its workers before it is shut down."""

_pool_lock = threading.RLock()
_pool: tuple[int, ProcessPoolExecutor] | None = None
"""The warm pool and its number of workers."""
_idle: threading.Timer | None = None
_users = 0
"""Calls of run_tasks using the warm pool now (an idle pool is one with none)."""


def _new_pool(workers: int, module: str | None, threads: int | None = None) -> ProcessPoolExecutor:
    """A pool of ``workers`` processes (:func:`_start_method`), each importing ``module``
    first, with ``threads`` DDS threads (default: :func:`dd_threads` of ``workers``,
    its share)."""
    context = get_context(_start_method())
    if isinstance(context, ForkServerContext):
        context.set_forkserver_preload(_preloads(module))  # heeded by the server's start only
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_init_worker,
        initargs=(os.getpid(), dd_threads(workers) if threads is None else threads, module),
    )


START_VAR = "CAVENDISH_POOL_START"
"""The variable that forces how the workers start: ``forkserver`` or ``spawn``."""


def _start_method() -> str:
    """How the workers start: :data:`START_VAR` if set, else forked from a fork server
    where there is one (Linux and the other POSIX systems but macOS, where forking is
    unsafe for its frameworks), else ``spawn``.

    >>> _start_method() in ("forkserver", "spawn")
    True
    """
    methods = get_all_start_methods()
    forced = os.environ.get(START_VAR, "").strip().lower()
    if forced:
        if forced not in ("forkserver", "spawn") or forced not in methods:
            usable = ", ".join(m for m in ("forkserver", "spawn") if m in methods)
            raise ParallelError(f"{START_VAR}={forced!r}: expected one of {usable} (or unset)")
        return forced
    return "forkserver" if sys.platform != "darwin" and "forkserver" in methods else "spawn"


def _preloads(module: str | None) -> list[str]:
    """What the fork server imports before it forks a worker: this module (the
    workers' initializer, and the package), the task's ``module``, and the package's
    modules the main module holds names from (a worker runs the main module again, as
    ``spawn`` does, to find what it defines: the imports it would make, some 0.2 s of
    CPU for the command line's, are then already done).  Only the package's: another
    module that failed to import there otherwise than with an ``ImportError`` would
    end the server, and with it the pool.

    >>> preloads = _preloads("cavendish.match.duplicate")
    >>> preloads[:2], "__main__" in preloads
    (['cavendish.match.parallel', 'cavendish.match.duplicate'], True)
    """
    names = [__name__, *([module] if module else [])]
    main = sys.modules.get("__main__")
    if main is not None and getattr(main, "__file__", None):  # a script: run again
        for value in list(vars(main).values()):
            if isinstance(value, types.ModuleType):
                name = value.__name__
            elif isinstance(value, type | types.FunctionType):
                name = value.__module__
            else:
                continue
            if name.partition(".")[0] == "cavendish" and name not in names:
                names.append(name)
    return [*names, "__main__"]


def prestart(module: str | None = None, workers: int = 0) -> bool:
    """Start the fork server now, ahead of any pool, with the preloads a pool for
    ``module``'s tasks gives it (:func:`_preloads`), and return at once: the server
    imports them in its own process while this one goes on (a command line importing
    its own modules, on another core), so that a pool made later forks its workers
    at once instead of waiting for the server's imports (some 0.5 s of a core when a
    command's pool starts).  With ``workers`` (two or more) the warm pool of that
    many workers is held: :func:`fork_prestarted`, called once the command's
    arguments are checked, has a thread start it (:func:`_fork_ahead`), so that
    they are up and waiting when the work comes (some 0.05 to 0.1 s after the
    first submit otherwise, the calling process playing meanwhile), and a command
    line refused before its work forks no worker, nor waits for one to start and
    stop (:func:`abandon_prestart` ends the server).  Nothing is started where
    workers are spawned (:func:`_start_method`) or a server runs already; whether it
    is running is returned.  A server nobody uses ends with this process.

    >>> prestart("cavendish.match.duplicate") == (_start_method() == "forkserver")
    True
    """
    if _start_method() != "forkserver":
        return False
    from multiprocessing import forkserver

    context = get_context("forkserver")
    assert isinstance(context, ForkServerContext)
    context.set_forkserver_preload(_preloads(module))
    forkserver.ensure_running()
    _held[:] = [(workers, module)] if workers > 1 else []
    return True


_held: list[tuple[int, str | None]] = []
"""The workers :func:`prestart` holds for :func:`fork_prestarted` (their number and
module), until they are forked or abandoned."""


def fork_prestarted(workers: int) -> bool:
    """Fork the pool :func:`prestart` holds, by a thread (:func:`_fork_ahead`), if it
    has ``workers`` workers (a command's checked ``-w``; another number drops it:
    the command's first call makes its own pool); whether a thread was started.
    Called once the command's arguments are checked, so that a bad command line
    forks no worker.

    >>> fork_prestarted(2)   # nothing held
    False
    """
    if not _held:
        return False
    held, module = _held.pop()
    if held != workers:
        return False
    _ahead_up.clear()
    _ahead_workers[:] = [workers]
    threading.Thread(target=_fork_ahead, args=(workers, module), daemon=True,
                     name="cavendish-fork-ahead").start()
    return True


_ahead_up = threading.Event()
"""Clear while the workers :func:`fork_prestarted` forks are starting (set when they
are all up, or their start failed)."""
_ahead_up.set()
_ahead_workers: list[int] = []
"""The number of workers :func:`fork_prestarted` last forked ahead."""


def forking_ahead() -> bool:
    """Whether the workers of a command's pool are being forked ahead
    (:func:`fork_prestarted`) and are not all forked yet: the fork server still
    importing what they need (it forks none before), or forking them.  Once they are
    forked the work may be sent: it waits behind their check-in, not for it (a
    round trip, and the threads that carry it, is some 0.02 to 0.05 s here while this
    process holds the interpreter's lock).  A match's process plays boards itself meanwhile,
    one at a time, on the core the server leaves it
    (:func:`~cavendish.match.duplicate.run_match`).

    >>> forking_ahead()
    False
    """
    if _ahead_up.is_set():
        return False
    pool = _pool
    forked = getattr(pool[1], "_processes", None) if pool is not None else None
    return len(forked or ()) < max(_ahead_workers, default=0)


def abandon_prestart() -> bool:
    """End the fork server :func:`prestart` started if its workers are held still
    (never forked: the command failed or ended before its work), without waiting
    for its imports: a command line refused with ``-w 2`` leaves no process behind
    and ends as fast as with ``-w 1``.  Whether a server was ended.  A later pool
    starts a new server (``ensure_running`` sees this one gone).

    >>> abandon_prestart()   # nothing held
    False
    """
    if not _held:
        return False
    _held.clear()
    from multiprocessing import forkserver

    server = forkserver._forkserver  # the process's one server (no public handle)
    pid = getattr(server, "_forkserver_pid", None)
    if pid is None:
        return False
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGTERM)  # mid-import it would end them before it saw EOF
    stop = getattr(server, "_stop", None)  # closes its pipe, reaps it, removes its socket
    if callable(stop):
        with contextlib.suppress(OSError):
            stop()
    return True


def _fork_ahead(workers: int, module: str | None) -> None:
    """Start the warm pool of ``workers`` processes (:func:`warm_pool`, a check-in of
    0.01 s a worker), kept warm (:data:`WARM_SECONDS`) for the call that follows.  A
    failure here is left to that call to meet and report."""
    try:
        with contextlib.suppress(Exception):
            warm_pool(workers, module, delay=0.01)
    finally:
        _ahead_up.set()


def _acquire(workers: int, module: str | None) -> tuple[ProcessPoolExecutor, bool]:
    """A pool of ``workers`` processes and whether it is the shared warm one: the warm
    pool if it has as many workers and is sound, else a new warm pool (the old shut
    down), or, while another call uses a warm pool of another size, a pool of the
    caller's own."""
    global _pool, _idle, _users
    with _pool_lock:
        if _idle is not None:
            _idle.cancel()
            _idle = None
        if _pool is not None:
            n, pool = _pool
            if n == workers and not getattr(pool, "_broken", False):
                _users += 1
                return pool, True
            if _users:
                return _new_pool(workers, module), False
            shutdown_pool()
        pool = _new_pool(workers, module)
        _pool = (workers, pool)
        _users += 1
        return pool, True


def _release(failed: bool) -> None:
    """A call is done with the warm pool: shut it down if a task failed, else keep it
    for :data:`WARM_SECONDS` once no call uses it."""
    global _users, _idle
    with _pool_lock:
        _users -= 1
        if failed:
            shutdown_pool(cancel=True)
        elif _users == 0:
            _idle = threading.Timer(WARM_SECONDS, _shutdown_idle)
            _idle.daemon = True  # never keeps the interpreter from exiting
            _idle.start()


def _shutdown_idle() -> None:
    with _pool_lock:
        if _users == 0:
            shutdown_pool()


def shutdown_pool(cancel: bool = False) -> None:
    """End the warm pool's workers now (``cancel``: the tasks not yet started too).

    >>> shutdown_pool()   # no pool: nothing to do
    """
    global _pool
    with _pool_lock:
        if _pool is not None:
            _, pool = _pool
            _pool = None
            pool.shutdown(wait=True, cancel_futures=cancel)


atexit.register(shutdown_pool)


def _checkin(delay: float) -> int:
    """A worker's answer to :func:`warm_pool`: its process id, after ``delay`` seconds
    (long enough that one worker cannot take every check-in while another starts)."""
    time.sleep(delay)
    return os.getpid()


_up: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
"""The pools whose every worker has started (:func:`warm_pool`): their work needs no
help from the calling process (:func:`_run_in`'s ``parent_helps``)."""
_warming: weakref.WeakSet[ProcessPoolExecutor] = weakref.WeakSet()
"""The pools :func:`warm_pool` is starting (a command's, :func:`fork_prestarted`):
every worker is being forked already, from a fork server up or nearly, and takes the
tasks as it comes up; the calling process does not help them either."""


def warm_pool(workers: int, module: str | None = None, timeout: float = 300.0,
              delay: float = 0.05) -> set[int]:
    """Start the warm pool of ``workers`` processes if it is not up, and return once
    every one of its workers has started (Python, its initializer, ``module``
    imported): their process ids.  A timed run that follows pays for no worker's
    start; :class:`ParallelError` if they are not all up within ``timeout`` seconds.
    Each check-in keeps its worker ``delay`` seconds (:func:`_checkin`).

    >>> len(warm_pool(2)) == 2
    True
    >>> shutdown_pool()
    """
    if workers < 2:
        raise ParallelError(f"a pool to warm needs at least 2 workers, not {workers}")
    seen: set[int] = set()
    deadline = time.monotonic() + timeout
    with _borrowed(workers, module) as pool:
        _warming.add(pool)
        try:
            while len(seen) < workers:
                if time.monotonic() > deadline:
                    raise ParallelError(
                        f"only {len(seen)} of {workers} workers started in {timeout:g} s"
                    )
                seen.update(_run_in(pool, _checkin, [delay] * workers, None))
        finally:
            _warming.discard(pool)
        _up.add(pool)
    return seen


_solo: list[tuple[int, ProcessPoolExecutor]] = []
"""The :meth:`PoolOfOne.routed` blocks now open, innermost last: the number of workers
whose calls each takes, and its pool."""


class PoolOfOne:
    """A pool of one worker process, started and warm when made, that receives the
    tasks of the calls of :func:`run_tasks` for K workers inside :meth:`routed`
    (outside, they go where they always go): the like-for-like baseline of a pool of
    K, the same tasks (a match cut as for K), the same pickling, the same trips
    between processes, in one process.  ``threads`` is its DDS
    threads (default :func:`dd_threads` of one worker), ``module`` what it imports
    before its first task.  A context manager: its worker ends with the block.

    >>> with PoolOfOne() as solo:
    ...     with solo.routed(2):
    ...         there = run_tasks(_checkin, [0.0, 0.0, 0.0], workers=2)
    ...     here = run_tasks(_checkin, [0.0])
    >>> there == [solo.pid] * 3, here == [os.getpid()], solo.pid != os.getpid()
    (True, True, True)
    """

    def __init__(self, module: str | None = None, threads: int | None = None) -> None:
        self._pool = _new_pool(1, module, threads)
        try:
            self.pid: int = _run_in(self._pool, _checkin, [0.0], None)[0]
            """The worker's process id."""
        except BaseException:
            self.close()
            raise

    @contextlib.contextmanager
    def routed(self, workers: int = 1) -> Iterator[None]:
        """Inside the block, the tasks of calls for ``workers`` workers go to this pool."""
        entry = (workers, self._pool)
        _solo.append(entry)
        try:
            yield
        finally:
            _solo.remove(entry)

    def close(self) -> None:
        """End the worker (the tasks not yet started are cancelled)."""
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> PoolOfOne:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


RAY_IN_FLIGHT = 2
"""Tasks kept in flight per CPU of the Ray cluster (at least 2 in all)."""


def _ray_task(fn: Callable[[T], R], task: T, threads: int) -> R:
    """One task on a Ray worker: DDS limited to the CPUs Ray gave the task."""
    from ..analysis import dd

    dd.set_threads(threads)
    return fn(task)


def _run_ray(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    address: str,
    on_done: Callable[[int, R], None] | None,
    in_flight: int | None = None,
) -> list[R]:
    """The tasks on Ray: at most ``in_flight`` submitted and not yet finished (default
    :data:`RAY_IN_FLIGHT` per CPU of the cluster), each result taken as it ends."""
    ray = import_ray()
    if not ray.is_initialized():  # a caller (or a test) may have connected already
        connect_ray(ray, address)
    limit = in_flight
    if limit is None:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        limit = max(2, RAY_IN_FLIGHT * cpus)
    remote = ray.remote(num_cpus=1)(_ray_task)
    results: dict[int, R] = {}
    index: dict[Any, int] = {}
    pending: list[Any] = []
    queued = iter(enumerate(tasks))

    def fill() -> None:
        for i, task in queued:
            ref = remote.remote(fn, task, 1)
            index[ref] = i
            pending.append(ref)
            if len(pending) >= limit:
                return

    fill()
    while pending:
        done, pending[:] = ray.wait(pending, num_returns=1)
        for ref in done:
            i = index.pop(ref)
            result: R = ray.get(ref)
            results[i] = result
            if on_done is not None:
                on_done(i, result)
        fill()
    return [results[i] for i in range(len(tasks))]

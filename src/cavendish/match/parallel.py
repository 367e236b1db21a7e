"""Running independent tasks in parallel: in this process, in a process pool, or on Ray.

Design note
-----------
A match (or a simulation) is cut into chunks of boards (or rubbers); each chunk is
a task, a small picklable value, and the function that plays it is a module-level
function, so it runs the same in this process, in a
:class:`~concurrent.futures.ProcessPoolExecutor` (the default; ``spawn`` processes,
so that a worker never inherits a lock or a thread of the parent's) or on a Ray
cluster.  Results come back in the order of the tasks whatever order they finish
in, so what is computed from them does not depend on the number of workers.

Ray is optional: it is imported only when ``ray_address`` is given, and a missing
Ray raises :class:`RayNotInstalled`, which says how to install it.

>>> run_tasks(abs, [-3, 2, -1], workers=1)
[3, 2, 1]
>>> chunk_ranges(10, 3)
[range(0, 4), range(4, 8), range(8, 10)]
"""

from __future__ import annotations

import importlib
import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_context
from typing import Any, TypeVar

from ..core.errors import MatchError

__all__ = [
    "ParallelError",
    "RayNotInstalled",
    "chunk_ranges",
    "default_workers",
    "import_ray",
    "run_tasks",
]

T = TypeVar("T")
R = TypeVar("R")


class ParallelError(MatchError):
    """Bad parallel settings (no workers, a chunk of nothing)."""


class RayNotInstalled(ImportError):
    """``--ray`` was given but Ray cannot be imported: a missing package, not bad input,
    so it is an ``ImportError`` that no ``except ValueError`` swallows."""


def default_workers() -> int:
    """Every core of this machine (``os.cpu_count()``, at least one)."""
    return os.cpu_count() or 1


def chunk_ranges(n: int, chunks: int) -> list[range]:
    """``range(n)`` cut into at most ``chunks`` consecutive ranges of nearly equal length.

    >>> chunk_ranges(3, 8)
    [range(0, 1), range(1, 2), range(2, 3)]
    """
    if n < 0:
        raise ParallelError(f"cannot cut {n} items into chunks")
    if chunks < 1:
        raise ParallelError(f"chunks must be at least 1, not {chunks}")
    if n == 0:
        return []
    size = math.ceil(n / min(chunks, n))
    return [range(i, min(i + size, n)) for i in range(0, n, size)]


def import_ray() -> Any:
    """The ``ray`` module, imported now; :class:`RayNotInstalled` if it is missing."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise RayNotInstalled(
            "--ray needs Ray, which is not installed: pip install ray "
            "(or leave out --ray to use a process pool on this machine)"
        ) from exc


def run_tasks(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    ray_address: str | None = None,
    on_done: Callable[[int, R], None] | None = None,
) -> list[R]:
    """``[fn(t) for t in tasks]``, computed in parallel; ``on_done(i, result)`` as each ends.

    ``workers == 1`` keeps the work in this process; more start a process pool of
    at most ``workers`` processes (never more than there are tasks);
    ``ray_address`` sends the tasks to Ray at that address instead (``"auto"``, or
    ``"ray://host:10001"``), ``workers`` being then ignored.  ``fn`` must be a
    module-level function and the tasks picklable.  The first exception raised
    by a task is raised here, the tasks not yet started being cancelled.
    """
    if workers < 1:
        raise ParallelError(f"workers must be at least 1, not {workers}")
    if ray_address is not None:
        return _run_ray(fn, tasks, ray_address, on_done)
    results: dict[int, R] = {}
    if workers == 1 or len(tasks) <= 1:
        for i, task in enumerate(tasks):
            result = fn(task)
            results[i] = result
            if on_done is not None:
                on_done(i, result)
        return [results[i] for i in range(len(tasks))]
    with ProcessPoolExecutor(
        max_workers=min(workers, len(tasks)), mp_context=get_context("spawn")
    ) as pool:
        index: dict[Future[R], int] = {pool.submit(fn, t): i for i, t in enumerate(tasks)}
        pending = set(index)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in sorted(done, key=index.__getitem__):
                    result = future.result()
                    results[index[future]] = result
                    if on_done is not None:
                        on_done(index[future], result)
        except BaseException:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return [results[i] for i in range(len(tasks))]


def _run_ray(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    address: str,
    on_done: Callable[[int, R], None] | None,
) -> list[R]:
    ray = import_ray()
    ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    remote = ray.remote(fn)
    refs = [remote.remote(t) for t in tasks]
    index = {ref: i for i, ref in enumerate(refs)}
    results: dict[int, R] = {}
    pending = list(refs)
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            result: R = ray.get(ref)
            results[index[ref]] = result
            if on_done is not None:
                on_done(index[ref], result)
    return [results[i] for i in range(len(tasks))]


"""Pool benchmark: how much faster K worker processes play a match than one, and what
the pool does to a search player's decision time.

Run as ``python -m cavendish.bench.pool [--workers K] [--repeat N]`` (``make
bench-pool``, part of ``make bench``).  Each line is one JSON object:

* ``pool-classical-random`` and ``pool-pimc-classical``: the same match (same seed,
  same boards) played in one process (its DDS on one thread, as each worker's on
  two cores) and in K worker processes, both warm (a short match first: this
  process's imports, and the pool's workers, which stay warm from one match to
  the next).  The two are run ``repeat`` times, alternating, so that a change in
  the machine's load falls on both.  ``ratio`` is the best one-process time over
  the best pool time (``ratio_median`` the median of the paired ratios); the
  target is 1.8 for two workers (the issue's); ``same_result`` checks that the
  seed fixed every card.
* the CPU accounts of the same runs, which another program on the machine does
  not distort as it does the wall clock: ``cpu_1`` (the one process's CPU
  seconds), ``cpu_workers`` (each worker's, summed over its tasks, DDS's threads
  included), ``cpu_inflation`` (the pool's CPU over the one process's: above 1,
  the workers slow each other, sharing caches and memory, or pay for pickling)
  and ``cpu_ratio``, one process's CPU over the busiest worker's: the ratio the
  pool gives when each worker has a core to itself (on a quiet machine);
  ``tail_s`` is the time the first worker to run out of work waits for the
  last, and ``dds_threads`` the solver threads DDS itself reports in each task.
* ``pool-search-decision``: the median and 95th percentile (ms per card) of a
  ``search`` player's decisions when it plays alone (one process, DDS with its
  own choice of threads, a thread per core, as a user runs it; and with one
  thread) and when K workers play at once, each with its share of the cores
  (:func:`~cavendish.match.parallel.dd_threads`); the ratio's target is at most
  1.5.  From the two lone runs comes the share ``p`` of the decision that DDS
  spreads over its threads, and so what a K-core machine should see:
  ``(1 - p + p / 1) / (1 - p + p / K)`` times the lone decision, before any
  slowing of the workers by each other.
* ``load``: the load averages before and after (``os.getloadavg``), to judge how
  far other programs distorted the wall times.

``--scale`` multiplies the boards, ``--only`` picks lines by name.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ..analysis import dd
from ..match.duplicate import MatchResult, run_match
from ..match.parallel import TaskTiming, dd_threads, default_workers, task_timings

__all__ = ["Run", "main", "pool_accounts", "run"]

MATCHES = (("classical", "random", 200, 3), ("pimc", "classical", 24, 2))
"""The matches timed: the players, the boards and the runs a side (a classical board
costs some 0.07 s of CPU here, a pimc one some 5 s)."""
SEARCH = ("search", "pimc", 2)
"""The search player's match: some 55 s of CPU a board here (one board a worker)."""
SEED = 2024
NAMES = (*(f"pool-{a}-{b}" for a, b, _, _ in MATCHES), "pool-search-decision")


class Run:
    """One timed match: its wall and CPU seconds, its tasks' timings, and its result."""

    def __init__(self, seconds: float, cpu: float, tasks: list[TaskTiming], result: MatchResult):
        self.seconds = seconds
        self.cpu = cpu
        """This process's CPU seconds (all of the match's with one worker)."""
        self.tasks = tasks
        self.result = result


def _match(a: str, b: str, boards: int, workers: int, seed: int, threads: int | None) -> Run:
    """A match, warm, timed; ``threads`` (if given) is this process's DDS threads for it."""
    previous = dd.get_threads()
    if threads is not None:
        dd.set_threads(threads)
    try:
        # warm: this process's imports, or the pool's workers (which stay warm from
        # one run to the next); a board a worker, as a search board costs a minute
        run_match(a, b, boards=workers, seed=seed + 1, workers=workers)
        with task_timings() as tasks:
            start, cpu = time.perf_counter(), time.process_time()
            result = run_match(a, b, boards=boards, seed=seed, workers=workers)
            seconds, used = time.perf_counter() - start, time.process_time() - cpu
        return Run(seconds, used, tasks, result)
    finally:
        dd.set_threads(previous)


def pool_accounts(one: Run, pool: Run) -> dict[str, Any]:
    """The CPU accounts of a pool run beside the one-process run of the same match.

    >>> from cavendish.match.parallel import TaskTiming
    >>> t = [TaskTiming(0, 7, 0.0, 2.0, 2.0, 1), TaskTiming(1, 8, 0.0, 1.5, 1.5, 1),
    ...      TaskTiming(2, 8, 1.5, 0.5, 0.5, 1)]
    >>> one, pool = Run(4.0, 4.0, [], None), Run(2.1, 0.1, t, None)  # type: ignore[arg-type]
    >>> acc = pool_accounts(one, pool)
    >>> acc["cpu_workers"], acc["cpu_ratio"], acc["cpu_inflation"], acc["tail_s"]
    ([2.0, 2.0], 2.0, 1.0, 0.0)
    """
    cpu: dict[int, float] = {}
    ends: dict[int, float] = {}
    for t in pool.tasks:
        cpu[t.worker] = cpu.get(t.worker, 0.0) + t.cpu
        ends[t.worker] = max(ends.get(t.worker, 0.0), t.start + t.seconds)
    total = sum(cpu.values())
    return {
        "cpu_1": round(one.cpu, 2),
        "cpu_workers": [round(c, 2) for c in sorted(cpu.values(), reverse=True)],
        "cpu_inflation": round(total / one.cpu, 3) if one.cpu else None,
        "cpu_ratio": round(one.cpu / max(cpu.values()), 2) if cpu else None,
        "tail_s": round(max(ends.values()) - min(ends.values()), 2) if ends else None,
        "tasks": len(pool.tasks),
        "dds_threads": sorted({t.dds_threads for t in pool.tasks}, key=lambda n: n or 0),
    }


def _cards(run: Run) -> list[tuple[Any, ...]]:
    """What the seed fixes in a match: every board's deal, cards, tricks and points."""
    return [(r.board, r.deal, r.plays, r.tricks, r.points) for r in run.result.results]


def _load() -> list[float] | None:
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:  # no load average on this system
        return None


def match_line(a: str, b: str, boards: int, workers: int, seed: int, repeat: int) -> dict[str, Any]:
    """One match's line: one process against K workers, ``repeat`` times alternating."""
    load = _load()
    pairs: list[tuple[Run, Run]] = []
    for _ in range(max(1, repeat)):
        one = _match(a, b, boards, 1, seed, threads=1)
        many = _match(a, b, boards, workers, seed, threads=None)
        pairs.append((one, many))
    best_one = min((p[0] for p in pairs), key=lambda r: r.seconds)
    best_many = min((p[1] for p in pairs), key=lambda r: r.seconds)
    accounts = [pool_accounts(one, many) for one, many in pairs]
    same = all(_cards(one) == _cards(many) for one, many in pairs)
    return {
        "name": f"pool-{a}-{b}",
        "boards": boards,
        "seed": seed,
        "workers": workers,
        "repeat": len(pairs),
        "seconds_1": round(best_one.seconds, 2),
        f"seconds_{workers}": round(best_many.seconds, 2),
        "ratio": round(best_one.seconds / best_many.seconds, 2),
        "ratio_median": round(statistics.median(o.seconds / m.seconds for o, m in pairs), 2),
        "cpu_ratio": statistics.median(x["cpu_ratio"] for x in accounts if x["cpu_ratio"]),
        "target_ratio": 1.8 if workers == 2 else None,
        "same_result": same,
        "runs": accounts,
        "load": [load, _load()],
    }


def _decisions(run: Run) -> dict[str, Any]:
    return dict(run.result.decision_times("a").to_json())


def search_line(boards: int, workers: int, seed: int) -> dict[str, Any]:
    """The search player's decisions alone (DDS's own threads; one thread) and with K workers."""
    load = _load()
    a, b, _ = SEARCH
    alone = _match(a, b, boards, 1, seed, threads=0)
    one_thread = _match(a, b, boards, 1, seed, threads=1)
    shared = _match(a, b, boards, workers, seed, threads=None)
    t0, t1, tk = _decisions(alone), _decisions(one_thread), _decisions(shared)
    cores = default_workers()
    # DDS's share p of a decision, from T(1 thread) and T(c threads) = T1 (1 - p + p / c)
    p = None
    if cores > 1 and t1["median"]:
        p = max(0.0, min(1.0, (1 - t0["median"] / t1["median"]) / (1 - 1 / cores)))

    def ratio(x: float, y: float) -> float | None:
        return round(x / y, 2) if y else None

    expected = None
    if p is not None:
        expected = {str(k): round(1 / (1 - p + p / k), 2) for k in (2, 4, 8, 16)}
    return {
        "name": "pool-search-decision",
        "players": f"{a} against {b}",
        "boards": boards,
        "seed": seed,
        "workers": workers,
        "cores": cores,
        "dds_threads_per_worker": dd_threads(workers),
        "dds_threads_seen": sorted({t.dds_threads for t in shared.tasks}, key=lambda n: n or 0),
        "alone_ms": t0,
        "alone_one_thread_ms": t1,
        f"workers_{workers}_ms": tk,
        "median_ratio": ratio(tk["median"], t0["median"]),
        "p95_ratio": ratio(tk["p95"], t0["p95"]),
        "median_ratio_one_thread": ratio(tk["median"], t1["median"]),
        "target_ratio": 1.5,
        "dds_parallel_share": None if p is None else round(p, 2),
        "expected_median_ratio_k_workers_on_k_cores": expected,
        "load": [load, _load()],
    }


def run(
    *,
    workers: int = 2,
    seed: int = SEED,
    scale: float = 1.0,
    repeat: int | None = None,
    only: Sequence[str] = NAMES,
) -> Iterator[dict[str, Any]]:
    """Yield the pool's benchmark lines (``scale`` multiplies the boards, ``repeat``
    replaces each match's runs a side)."""
    for a, b, boards, runs in MATCHES:
        if f"pool-{a}-{b}" in only:
            n = max(4 * workers, round(boards * scale))
            yield match_line(a, b, n, workers, seed, runs if repeat is None else repeat)
    if "pool-search-decision" in only:
        yield search_line(max(workers, round(SEARCH[2] * scale)), workers, seed)


def main(argv: Sequence[str] | None = None) -> None:
    """Print one JSON line per benchmark."""
    parser = argparse.ArgumentParser(prog="python -m cavendish.bench.pool", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=min(2, default_workers()))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the boards")
    parser.add_argument("--repeat", type=int, default=None,
                        help="runs a side, one process and the pool alternating "
                        "(default 3 for classical, 2 for pimc)")
    parser.add_argument("--only", action="append", choices=NAMES,
                        help="this line only (repeatable)")
    args = parser.parse_args(argv)
    if args.workers < 2:
        parser.error(f"--workers {args.workers}: a pool needs at least 2")
    if args.scale <= 0:
        parser.error(f"--scale {args.scale}: must be above 0")
    if args.repeat is not None and args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: must be at least 1")
    lines = run(workers=args.workers, seed=args.seed, scale=args.scale, repeat=args.repeat,
                only=args.only or NAMES)
    for line in lines:
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()

"""Pool benchmark: how much faster K worker processes play a match than one, and what
the pool does to a search player's decision time.

Run as ``python -m cavendish.bench.pool [--workers K] [--repeat N]`` (``make
bench-pool``, part of ``make bench``).  Each line is one JSON object:

* ``pool-classical-random``, ``pool-random-random`` and ``pool-pimc-classical``: the
  same match (same seed, same boards) played in this process and in K worker
  processes.  The baseline (``baseline``, ``seconds_1``) is what ``-w 1`` does:
  the match in this process, its DDS on one thread as each worker's is on two
  cores.  Everything is warm before the first timed run (:func:`_warm`): this
  process's imports and first calls, every worker of the pool started
  (:func:`~cavendish.match.parallel.warm_pool`) and its first boards played; the
  pool stays warm from one run to the next, as it does between a user's calls.
  The runs are interleaved, ``repeat`` times, so that a change in the machine's
  load falls on each.  ``ratio`` is the best one-process time over the best pool
  time, ``ratio_median`` the median of the paired ratios; the target is 1.8 for
  two workers (the issue's); ``same_result`` checks that the seed fixed every
  card.  ``random-random`` is the probe of the pool's own costs: its boards are
  five times cheaper than classical's, so a cost a board or a run shows there
  first.
* the like-for-like baseline (not for pimc, whose boards make a task's trip
  nothing): ``seconds_pool_of_1``, the K pool's very tasks (the match cut as for K
  workers) sent to a pool of one worker process
  (:class:`~cavendish.match.parallel.PoolOfOne`), the same pickling and trips;
  ``ratio_pool_of_1`` the pool of K against it, and
  ``pool_of_1_cost_ms_per_board`` what its trips cost beside this process (noise
  can make it negative).
* the CPU accounts of the same runs (``runs``, one a repeat, each with its wall
  ratio and the load average as its two runs began): ``cpu_1`` (the one process's
  CPU seconds), ``cpu_workers`` (each worker's, summed over its tasks, DDS's
  threads included), ``cpu_main`` (this process's while the pool played: sending
  tasks, taking results; ``cpu_main_ms_per_board`` its median a board), which
  competes with the workers for the cores; ``parent_tasks`` and ``cpu_parent_tasks``
  the tasks this process played itself while the pool started (``cpu_main`` includes
  them; :func:`~cavendish.match.parallel.run_tasks`'s ``parent_helps``);
  ``cpu_inflation`` (the pool's CPU over the one process's: above 1, the two cores
  slow each other, sharing the cache and the memory, or another program's work
  evicts theirs) and ``cpu_ratio``, one
  process's CPU over the busiest worker's: the ratio when each worker has a core
  to itself; ``tail_s`` is the time the first worker to run out of work waits for
  the last, and ``dds_threads`` the solver threads DDS itself reports in each task
  (null where the worker has not solved: DDS is loaded by a worker's first solve).

  On a machine shared with other users' programs the wall ratio measures the
  share of the cores the benchmark gets more than the pool: Linux's autogroups
  share the CPU between sessions, not between processes, so while another
  session keeps both cores busy, two workers get about what one process would
  (ratios near 1 at a load average of 6 here).  Run it on a quiet machine, or
  give its session the priority (as root, ``setsid sh -c 'echo -20 >
  /proc/self/autogroup; exec make bench-pool'``) and read ``cpu_ratio`` beside it.
* ``pool-search-decision``: the median and 95th percentile (ms per card) of a
  ``search`` player's decisions when it plays alone (one process, DDS with its
  own choice of threads, a thread per core, as a user runs it; and with one
  thread) and when K workers play at once, each with its share of the cores
  (:func:`~cavendish.match.parallel.dd_threads`); the ratio's target is at most
  1.5.  From the two lone runs comes the share ``p`` of the decision that DDS
  spreads over its threads, and so what a K-core machine should see:
  ``(1 - p + p / 1) / (1 - p + p / K)`` times the lone decision, before any
  slowing of the workers by each other.
* ``pool-cli``: the issue's own figure, cold: ``cavendish match classical random
  --boards 600 --seed 2024 -q`` with ``-w 1``, with ``-w K`` and, the machine's
  ceiling, K independent ``-w 1`` runs started together, each a new process (the
  console script beside this Python), ``repeat`` times (default 5), the three in a
  rotated order each repeat; ``ratio`` is the best ``-w 1`` time over the best ``-w
  K`` time, ``ratio_median`` and ``ratio_spread`` the pairs' (median, range,
  quartiles), ``ceiling`` K times one ``-w 1``'s time over the time the K together
  took (the most a pool can get from these cores, start and all), and
  ``target_ratio`` (1.7 for two workers, the issue's) and ``meets_target``, whether
  ``ratio`` (best over best) and ``ratio_median`` reach it; ``serial_cpu_1`` and
  ``serial_cpu_K``, the parent's CPU outside the match (Python's start, the imports,
  reading the command line, the output: what K workers cannot share), median and
  spread; ``bytecode``, the package's modules with fresh bytecode before the runs
  (:func:`compile_package` compiles the others first: a checkout run with
  ``PYTHONDONTWRITEBYTECODE`` would compile every module it imports at each start);
  ``ratio_if_the_cores_were_ours`` the ratio of the runs' ``ideal_seconds`` (below):
  what the same CPU would give with the cores our own; ``cpu_inflation`` the
  boards' CPU in the pool over the same boards' in ``-w 1`` (above 1: a board costs
  more while both cores run ours), ``ceiling_cpu_inflation`` the same for the
  ceiling's independent runs.  With ``--against SCRIPT``
  (main's ``.venv/bin/cavendish``) that build's ``-w 1`` and ``-w K`` join each
  repeat: ``against`` gives its times and ours over its (``ours_over_theirs_1``
  shows whether ``-w 1`` grew).  ``uptime`` as it began and ended.
* ``pool-cli-run``: one line a run of ``pool-cli`` (``kind``: ``one``, ``pool``,
  ``ceiling``, ``against_*``), its accounts written by the console script
  (``CAVENDISH_ACCOUNTS``, :class:`~cavendish.cli.launch.Accounts`) and read by
  :func:`cli_accounts`: the parent's CPU phase by phase (``cpu_parent_phases``:
  ``startup``, ``prestart``, ``imports``, ``setup``, ``match`` with ``own_tasks``
  and ``pool_cost``, ``after``, ``exit``, ``teardown``), the ``timeline`` (wall
  seconds from the spawn), each worker's start, first task, last end, idle time at
  the end, CPU and wait for a core, the fork server's CPU, and the machine's
  ``core_seconds`` over the run (ours, other programs', idle, stolen by the host,
  from ``/proc/stat``): what was computed, and by whom, while the run's wall ran.
* ``load``: the load averages before and after (``os.getloadavg``), to judge how
  far other programs distorted the wall times.

``--scale`` multiplies the boards, ``--only`` picks lines by name.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..analysis import dd
from ..match.duplicate import MatchResult, run_match
from ..match.parallel import (
    PoolOfOne,
    TaskTiming,
    dd_threads,
    default_workers,
    task_timings,
    warm_pool,
)

__all__ = ["Run", "main", "pool_accounts", "run"]

MATCHES = (
    ("classical", "random", 400, 3, True),
    ("random", "random", 1000, 3, True),
    ("pimc", "classical", 24, 2, False),
)
"""The matches timed: the players, the boards, the runs a side, and whether a pool of
one process is timed too (the like-for-like baseline).  A classical board costs
some 0.017 s of CPU here (a faster player makes each run shorter, and what the pool
costs a board or a run weigh more), a random one 0.0034 s (the probe of the pool's
own costs: any fixed cost shows there first), a pimc one some 5 s (its pool of one
would add minutes for nothing to learn: a task's trip is nothing beside a board)."""
SEARCH = ("search", "pimc", 2)
"""The search player's match: some 55 s of CPU a board here (one board a worker)."""
SEED = 2024
CLI = ("classical", "random", 600, 5)
"""The command line's match timed cold (``pool-cli``): the players, the boards, the runs a side."""
TARGET = 1.7
"""The issue's target for ``pool-cli`` with two workers: ``-w 1``'s time over ``-w 2``'s."""
NAMES = (*(f"pool-{a}-{b}" for a, b, _, _, _ in MATCHES), "pool-cli", "pool-search-decision")
MODULE = "cavendish.match.duplicate"
"""What the workers import before their first task (the module of ``play_boards``)."""


class Run:
    """One timed match: its wall and CPU seconds, its tasks' timings, its result, and
    the load average (over the last minute) as it began."""

    def __init__(self, seconds: float, cpu: float, tasks: list[TaskTiming], result: MatchResult,
                 load: float | None = None):
        self.seconds = seconds
        self.cpu = cpu
        """This process's CPU seconds (all of the match's in one process; in a pool,
        what this process spent sending tasks and taking their results)."""
        self.tasks = tasks
        self.result = result
        self.load = load


def _match(a: str, b: str, boards: int, workers: int, seed: int, threads: int | None,
           warm: bool = False) -> Run:
    """A match, timed; ``threads`` (if given) is this process's DDS threads for it.
    ``warm``: a match of a board a worker first, untimed (the search line's warming;
    :func:`match_line` warms once, with :func:`_warm`)."""
    previous = dd.get_threads()
    if threads is not None:
        dd.set_threads(threads)
    try:
        if warm:
            run_match(a, b, boards=workers, seed=seed + 1, workers=workers)
        load = _load()
        with task_timings() as tasks:
            start, cpu = time.perf_counter(), time.process_time()
            result = run_match(a, b, boards=boards, seed=seed, workers=workers)
            seconds, used = time.perf_counter() - start, time.process_time() - cpu
        return Run(seconds, used, tasks, result, None if load is None else load[0])
    finally:
        dd.set_threads(previous)


def _warm(a: str, b: str, workers: int, seed: int) -> None:
    """Warm everything a timed run uses, so that no run pays for a start: this
    process's imports and first calls (DDS on one thread), every worker of the
    pool of ``workers`` started, and each worker's first boards played."""
    previous = dd.get_threads()
    dd.set_threads(1)
    try:
        run_match(a, b, boards=2, seed=seed + 1)
    finally:
        dd.set_threads(previous)
    warm_pool(workers, MODULE)
    run_match(a, b, boards=2 * workers, seed=seed + 1, workers=workers)


def pool_accounts(one: Run, pool: Run) -> dict[str, Any]:
    """The CPU accounts of a pool run beside the one-process run of the same match.

    >>> from cavendish.match.parallel import TaskTiming
    >>> t = [TaskTiming(0, 7, 0.0, 2.0, 2.0, 1), TaskTiming(1, 8, 0.0, 1.5, 1.5, 1),
    ...      TaskTiming(2, 8, 1.5, 0.5, 0.5, 1)]
    >>> one = Run(4.0, 4.0, [], None, 0.5)  # type: ignore[arg-type]
    >>> pool = Run(2.1, 0.1, t, None, 0.7)  # type: ignore[arg-type]
    >>> acc = pool_accounts(one, pool)
    >>> acc["cpu_workers"], acc["cpu_ratio"], acc["cpu_inflation"], acc["tail_s"]
    ([2.0, 2.0], 2.0, 1.0, 0.0)
    >>> acc["cpu_main"], acc["ratio"], acc["load"]
    (0.1, 1.9, [0.5, 0.7])
    """
    cpu: dict[int, float] = {}
    ends: dict[int, float] = {}
    here = os.getpid()  # the tasks this process played while the pool started
    mine = [t for t in pool.tasks if t.worker == here]
    for t in pool.tasks:
        if t.worker == here:
            continue
        cpu[t.worker] = cpu.get(t.worker, 0.0) + t.cpu
        ends[t.worker] = max(ends.get(t.worker, 0.0), t.start + t.seconds)
    total = sum(cpu.values()) + sum(t.cpu for t in mine)
    return {
        "ratio": round(one.seconds / pool.seconds, 2),
        "load": [one.load, pool.load],
        "cpu_1": round(one.cpu, 2),
        "cpu_workers": [round(c, 2) for c in sorted(cpu.values(), reverse=True)],
        "cpu_main": round(pool.cpu, 3),
        "parent_tasks": len(mine),
        "cpu_parent_tasks": round(sum(t.cpu for t in mine), 3),
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


def _ms(seconds: float, boards: int) -> float:
    return round(1000 * seconds / boards, 3)


def match_line(a: str, b: str, boards: int, workers: int, seed: int, repeat: int,
               like_for_like: bool = True) -> dict[str, Any]:
    """One match's line: one process against K workers (and, ``like_for_like``, a pool
    of one worker process), ``repeat`` times, interleaved, all warm."""
    load = _load()
    _warm(a, b, workers, seed)
    runs: list[tuple[Run, Run | None, Run]] = []
    with contextlib.ExitStack() as stack:
        solo = stack.enter_context(PoolOfOne(MODULE, threads=1)) if like_for_like else None
        if solo is not None:
            with solo.routed(workers):
                run_match(a, b, boards=2 * workers, seed=seed + 1, workers=workers)
        for _ in range(max(1, repeat)):
            one = _match(a, b, boards, 1, seed, threads=1)
            many = _match(a, b, boards, workers, seed, threads=None)
            alone = None
            if solo is not None:
                with solo.routed(workers):  # the tasks of the K pool, in one process
                    alone = _match(a, b, boards, workers, seed, threads=None)
            runs.append((one, alone, many))
    best_one = min((r[0] for r in runs), key=lambda r: r.seconds)
    best_many = min((r[2] for r in runs), key=lambda r: r.seconds)
    accounts = [pool_accounts(one, many) for one, _, many in runs]
    same = all(_cards(one) == _cards(many) for one, _, many in runs)
    line: dict[str, Any] = {
        "name": f"pool-{a}-{b}",
        "boards": boards,
        "seed": seed,
        "workers": workers,
        "repeat": len(runs),
        "baseline": "this process (warm, DDS on one thread, as each worker's is)",
        "seconds_1": round(best_one.seconds, 2),
        f"seconds_{workers}": round(best_many.seconds, 2),
        "ratio": round(best_one.seconds / best_many.seconds, 2),
        "ratio_median": round(statistics.median(x["ratio"] for x in accounts), 2),
        "cpu_ratio": statistics.median(x["cpu_ratio"] for x in accounts if x["cpu_ratio"]),
        "target_ratio": 1.8 if workers == 2 else None,
        "ms_per_board_1": _ms(best_one.seconds, boards),
        "cpu_main_ms_per_board": _ms(statistics.median(m.cpu for _, _, m in runs), boards),
    }
    solos = [(solo, many) for _, solo, many in runs if solo is not None]
    if solos:
        best_solo = min((s for s, _ in solos), key=lambda r: r.seconds)
        same = same and all(_cards(s) == _cards(m) for s, m in solos)
        line |= {
            "seconds_pool_of_1": round(best_solo.seconds, 2),
            "ratio_pool_of_1": round(best_solo.seconds / best_many.seconds, 2),
            "ratio_pool_of_1_median": round(
                statistics.median(s.seconds / m.seconds for s, m in solos), 2),
            "pool_of_1_cost_ms_per_board": _ms(best_solo.seconds - best_one.seconds, boards),
        }
    return line | {"same_result": same, "runs": accounts, "load": [load, _load()]}


def _decisions(run: Run) -> dict[str, Any]:
    return dict(run.result.decision_times("a").to_json())


def search_line(boards: int, workers: int, seed: int) -> dict[str, Any]:
    """The search player's decisions alone (DDS's own threads; one thread) and with K workers."""
    load = _load()
    a, b, _ = SEARCH
    alone = _match(a, b, boards, 1, seed, threads=0, warm=True)
    one_thread = _match(a, b, boards, 1, seed, threads=1, warm=True)
    shared = _match(a, b, boards, workers, seed, threads=None, warm=True)
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


CORES_FIELDS = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def _machine() -> dict[str, float] | None:
    """The machine's CPU seconds since boot, all cores (``/proc/stat``'s ``cpu``
    line): ``busy`` (user, nice, system, irq, softirq), ``idle`` (idle, iowait) and
    ``steal`` (what the host gave other guests); None where there is none."""
    try:
        with open("/proc/stat") as f:
            first = f.readline().split()
        ticks = dict(zip(CORES_FIELDS, (int(x) for x in first[1:9]), strict=True))
    except (OSError, ValueError, IndexError):
        return None
    hz = os.sysconf("SC_CLK_TCK")
    busy = sum(ticks[k] for k in ("user", "nice", "system", "irq", "softirq"))
    return {"busy": busy / hz, "idle": (ticks["idle"] + ticks["iowait"]) / hz,
            "steal": ticks["steal"] / hz}


def _uptime() -> str | None:
    """``uptime``'s line (the load the lead asks to see beside a figure)."""
    import subprocess

    try:
        return subprocess.run(["uptime"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


class CliRun:
    """One cold run of the command line: its wall seconds, the CPU seconds of its
    process (``wait4``'s rusage: the parent's; the workers, the fork server's
    children, are in ``accounts``), when it was started (``time.time()``), the
    accounts it wrote (:class:`~cavendish.cli.launch.Accounts`), and the machine's
    CPU over it (:func:`_machine`, differences)."""

    def __init__(self, workers: int, spawned: float, wall: float, cpu: float,
                 accounts: dict[str, Any] | None, machine: dict[str, float] | None):
        self.workers = workers
        self.spawned = spawned
        self.wall = wall
        self.cpu = cpu
        self.accounts = accounts
        self.machine = machine


def _cli_runs(command: list[str], workers: Sequence[int], folder: str) -> list[CliRun]:
    """The command with ``-w K`` for each K of ``workers``, started together (one K:
    alone), each with its accounts; each run's wall is to its own end."""
    import subprocess

    procs = []
    before = _machine()
    for i, k in enumerate(workers):
        path = os.path.join(folder, f"accounts-{k}-{i}.json")
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)
        env = dict(os.environ, CAVENDISH_ACCOUNTS=path)
        spawned, start = time.time(), time.perf_counter()
        proc = subprocess.Popen([*command, "-w", str(k)], stdout=subprocess.DEVNULL, env=env)
        procs.append((k, proc, path, spawned, start))
    ended: dict[int, tuple[float, float, int]] = {}
    while len(ended) < len(procs):
        pid, status, usage = os.wait4(-1, 0)
        ended[pid] = (time.perf_counter(), usage.ru_utime + usage.ru_stime,
                      os.waitstatus_to_exitcode(status))
    after = _machine()
    machine = None
    if before is not None and after is not None:
        machine = {k: round(after[k] - before[k], 2) for k in before}
    runs = []
    for k, proc, path, spawned, start in procs:
        end, cpu, code = ended[proc.pid]
        proc.returncode = code
        if code:
            raise RuntimeError(f"{' '.join(command)} -w {k} exited with status {code}")
        accounts = None
        with contextlib.suppress(OSError, ValueError), open(path) as f:
            accounts = json.load(f)
        runs.append(CliRun(k, spawned, end - start, cpu, accounts, machine))
    return runs


def cli_accounts(run: CliRun, cores: int | None = None) -> dict[str, Any]:
    """Where one run's time went, from its accounts: the parent's CPU phase by phase
    (``startup`` Python and the console script's module, ``prestart`` what it imports
    to start the fork server, ``imports`` the command line's, ``setup`` parsing and
    the match's making, ``match`` the match (its own tasks, ``own_tasks``, and
    ``pool_cost``: sending, pickling, taking results), ``after`` the result's
    figures and output, ``exit`` the pool's shutdown, ``teardown`` Python's end);
    ``timeline``, the wall seconds from the spawn at which each phase ended (and the
    pool's first result); each worker's start, first task, last end, CPU (its start,
    its tasks) and the seconds it waited for a core; the fork server's CPU; and the
    cores' seconds over the run: ours, other programs', idle (nobody computing) and
    stolen by the host (``/proc/stat``; with other runs started together, theirs are
    in ``others``).  ``ideal_seconds`` is the wall the run would take with the cores
    its own and its CPU as measured: its serial CPU (the parent outside the match)
    plus the match's CPU shared over the cores, at least the busiest worker's.
    """
    cores = cores or default_workers()
    out: dict[str, Any] = {"workers": run.workers, "seconds": round(run.wall, 3),
                           "cpu_parent": round(run.cpu, 3)}
    acc = run.accounts
    if not acc or "imported" not in {m["name"] for m in acc["marks"]}:  # not a match's
        return out
    t0 = run.spawned
    marks = {m["name"]: m for m in acc["marks"]}
    calls = acc.get("calls") or []
    tasks = acc.get("tasks") or []
    pid = acc["pid"]

    def at(t: float | None) -> float | None:
        return None if t is None else round(t - t0, 3)

    own = sum(t["cpu"] for t in tasks if t["worker"] == pid)
    match_cpu = sum(c["cpu"] for c in calls)
    cpu_at = {name: m["cpu"] for name, m in marks.items()}
    parent: dict[str, float | None] = {"startup": cpu_at["start"],
                                       "prestart": cpu_at["prestarted"] - cpu_at["start"],
                                       "imports": cpu_at["imported"] - cpu_at["prestarted"]}
    if calls:
        parent["setup"] = calls[0]["cpu_at_start"] - marks["imported"]["cpu"]
        parent["match"] = match_cpu
        parent["own_tasks"] = own
        parent["pool_cost"] = match_cpu - own
        parent["after"] = marks["ran"]["cpu"] - calls[-1]["cpu_at_start"] - calls[-1]["cpu"]
    parent["exit"] = marks["exit"]["cpu"] - marks["ran"]["cpu"]
    parent["teardown"] = run.cpu - marks["exit"]["cpu"]
    out["cpu_parent_phases"] = {k: None if v is None else round(v, 3) for k, v in parent.items()}
    waited = [m["waited"] for m in acc["marks"]]
    if None not in waited:
        out["parent_waited_for_a_core"] = round(waited[-1], 3)
    timeline = {m["name"]: at(m["time"]) for m in acc["marks"]}
    if calls:
        timeline["match_start"] = at(calls[0]["start"])
        timeline["first_result"] = at(calls[0]["first_result"])
        timeline["match_end"] = at(calls[-1]["start"] + calls[-1]["seconds"])
    timeline["end"] = round(run.wall, 3)
    out["timeline"] = timeline
    procs = acc.get("processes") or {}
    by_worker: dict[int, list[dict[str, Any]]] = {}
    for t in tasks:
        if t["worker"] != pid:
            by_worker.setdefault(t["worker"], []).append(t)
    workers = []
    match_end = timeline.get("match_end")
    for w, ts in sorted(by_worker.items()):
        ts.sort(key=lambda t: t["start"])
        first, last = ts[0], max(ts, key=lambda t: t["start"] + t["seconds"])
        seen = (procs.get("workers") or {}).get(str(w))
        cpu = max(t["process_cpu"] for t in ts)  # to the ns; /proc's to the clock's tick:
        if seen:  # what it spent after its last task too
            cpu = max(cpu, seen[0])
        in_tasks = sum(t["cpu"] for t in ts)
        end = at(last["start"] + last["seconds"])
        workers.append({
            "began": at(first["began"]),
            "first_task": at(first["start"]),
            "last_end": end,
            "idle_at_end": None if match_end is None or end is None else round(match_end - end, 3),
            "tasks": len(ts),
            "cpu": round(cpu, 3),
            "cpu_tasks": round(in_tasks, 3),
            "cpu_start": round(first["process_cpu"] - first["cpu"], 3),
            "waited_for_a_core": max((t["process_waited"] or 0.0) for t in ts),
        })
    out["workers_accounts"] = workers
    server = procs.get("forkserver")
    if server:
        me = procs.get("self")  # the starts are to the clock's tick, from the same boot time
        out["forkserver"] = {"cpu": round(server[0], 3),
                             "began": round(server[2] - me[2], 2) if me else None}
    ours = run.cpu + sum(w["cpu"] for w in workers) + (server[0] if server else 0.0)
    out["cpu_total"] = round(ours, 3)
    if run.machine is not None:
        m = run.machine
        out["core_seconds"] = {"cores_x_wall": round(cores * run.wall, 2), "ours": round(ours, 2),
                               "others": round(m["busy"] - ours, 2), "idle": m["idle"],
                               "stolen": m["steal"]}
    serial = run.cpu - match_cpu if calls else run.cpu
    work = match_cpu + sum(w["cpu"] for w in workers)
    busiest = max([own] + [w["cpu_tasks"] for w in workers])
    parallel = work if run.workers == 1 else max(work / cores, busiest)
    out["ideal_seconds"] = round(serial + parallel, 3)
    return out


def _serial_cpu(run: CliRun) -> float:
    """The parent's CPU seconds outside the match (Python's start, the imports, the
    reading of the command line, the output, the end): what ``-w K`` cannot share."""
    phases = cli_accounts(run).get("cpu_parent_phases") or {}
    return float(sum(v or 0.0 for k, v in phases.items()
                     if k not in ("match", "own_tasks", "pool_cost")))


def compile_package() -> dict[str, Any]:
    """This package's modules compiled to bytecode where theirs is missing or stale
    (``compileall``, into the package's ``__pycache__`` folders, which git ignores),
    before the command line is timed cold: an installed package has its bytecode (pip
    compiles a wheel's modules, Python writes a checkout's on their first import), but
    a checkout run with ``PYTHONDONTWRITEBYTECODE`` set, as this machine's sessions
    are, compiles every module it imports at each start (some 0.1 s of CPU in the
    command and as much in the fork server, measured).  Returns how many of its
    modules had fresh bytecode before, and whether Python writes bytecode itself."""
    import compileall
    import importlib.util
    from pathlib import Path

    import cavendish

    root = Path(cavendish.__file__).parent
    sources = [p for p in root.rglob("*.py") if "migrations" not in p.parts]

    def fresh(source: Path) -> bool:
        cached = Path(importlib.util.cache_from_source(str(source)))
        return cached.is_file() and cached.stat().st_mtime >= source.stat().st_mtime

    before = sum(fresh(p) for p in sources)
    compileall.compile_dir(str(root), quiet=2)
    return {"modules": len(sources), "fresh_before": before,
            "fresh_after": sum(fresh(p) for p in sources),
            "python_writes_bytecode": not os.environ.get("PYTHONDONTWRITEBYTECODE")}


def _boards_cpu(run: CliRun) -> float:
    """The CPU seconds a run's boards took, wherever played (its tasks'; 0 without
    accounts)."""
    return float(sum(t["cpu"] for t in (run.accounts or {}).get("tasks") or []))


def _spread(xs: Sequence[float]) -> dict[str, float] | None:
    """The median of ``xs`` with its range and quartiles."""
    if not xs:
        return None
    q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
    return {"median": round(statistics.median(xs), 2), "min": round(min(xs), 2),
            "q1": round(q[0], 2), "q3": round(q[2], 2), "max": round(max(xs), 2)}


def cli_line(a: str, b: str, boards: int, workers: int, seed: int, repeat: int,
             ceiling: bool = True, emit: Callable[[dict[str, Any]], None] | None = None,
             against: str | None = None) -> dict[str, Any]:
    """The command line's match, cold, with ``-w 1`` and ``-w workers`` and (``ceiling``)
    ``workers`` independent ``-w 1`` runs started together, the machine's ceiling;
    each repeat runs them in a rotated order.  ``against``: another build's console
    script (main's, before a change), whose ``-w 1`` and ``-w workers`` join each
    repeat (``against`` in the line: its times, and ours over its).  ``emit`` is
    given each run's accounts (:func:`cli_accounts`) as it ends."""
    import sys
    import tempfile
    from pathlib import Path

    script = Path(sys.executable).with_name("cavendish")
    rest = ["match", a, b, "--boards", str(boards), "--seed", str(seed), "-q"]
    command = [str(script), *rest]
    kinds = ["one", "pool", *(["ceiling"] if ceiling else []),
             *(["against_one", "against_pool"] if against else [])]
    bytecode = compile_package()
    began_uptime, load = _uptime(), _load()
    repeats: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cavendish-bench-pool-") as folder:
        for r in range(max(1, repeat)):
            order = kinds[r % len(kinds):] + kinds[:r % len(kinds)]
            now = _load()
            seen: dict[str, Any] = {"load": now[0] if now else None, "order": order}
            for kind in order:
                ks = {"one": [1], "pool": [workers], "ceiling": [1] * workers,
                      "against_one": [1], "against_pool": [workers]}[kind]
                which = [against, *rest] if kind.startswith("against") and against else command
                runs = _cli_runs(which, ks, folder)
                seen[kind] = runs
                for run in runs:
                    if emit is not None:
                        emit({"name": "pool-cli-run", "repeat": r, "kind": kind,
                              "load": seen["load"]} | cli_accounts(run))
            repeats.append(seen)
    one = [x["one"][0] for x in repeats]
    pool = [x["pool"][0] for x in repeats]
    best_one = min(r.wall for r in one)
    best_pool = min(r.wall for r in pool)
    ratios = [o.wall / p.wall for o, p in zip(one, pool, strict=True)]
    ideal = [cli_accounts(o)["ideal_seconds"] / cli_accounts(p)["ideal_seconds"]
             for o, p in zip(one, pool, strict=True) if o.accounts and p.accounts]
    inflation = [_boards_cpu(p) / _boards_cpu(o) for o, p in zip(one, pool, strict=True)
                 if _boards_cpu(o) and _boards_cpu(p)]
    line: dict[str, Any] = {
        "name": "pool-cli",
        "command": " ".join(["cavendish", *command[1:]]),
        "workers": workers,
        "repeat": len(repeats),
        "seconds_1": round(best_one, 2),
        f"seconds_{workers}": round(best_pool, 2),
        "ratio": round(best_one / best_pool, 2),
        "ratio_median": round(statistics.median(ratios), 2),
        "ratio_spread": _spread(ratios),
        "ratio_if_the_cores_were_ours": _spread(ideal),
        "cpu_inflation": _spread(inflation),
        "target_ratio": TARGET if workers == 2 else None,
        "meets_target": None if workers != 2 else {
            "ratio": best_one / best_pool >= TARGET,
            "ratio_median": statistics.median(ratios) >= TARGET},
        "serial_cpu_1": _spread([_serial_cpu(o) for o in one]),
        f"serial_cpu_{workers}": _spread([_serial_cpu(p) for p in pool]),
        "bytecode": bytecode,
    }
    if ceiling:
        # the hardware's: K matches' work in the time the K together took, over one's
        ceilings = [workers * x["one"][0].wall / max(r.wall for r in x["ceiling"])
                    for x in repeats]
        best_pair = min(max(r.wall for r in x["ceiling"]) for x in repeats)
        together = [sum(_boards_cpu(r) for r in x["ceiling"]) / (workers * _boards_cpu(x["one"][0]))
                    for x in repeats if _boards_cpu(x["one"][0])]
        line |= {"ceiling": round(workers * best_one / best_pair, 2),
                 "ceiling_median": round(statistics.median(ceilings), 2),
                 "ceiling_spread": _spread(ceilings),
                 "ceiling_cpu_inflation": _spread(together),
                 "seconds_ceiling": round(best_pair, 2)}
    if against:
        theirs_one = [x["against_one"][0].wall for x in repeats]
        theirs_pool = [x["against_pool"][0].wall for x in repeats]
        line["against"] = {
            "script": against,
            "seconds_1": round(min(theirs_one), 2),
            f"seconds_{workers}": round(min(theirs_pool), 2),
            "ratio": round(min(theirs_one) / min(theirs_pool), 2),
            "ratio_spread": _spread([o / p for o, p in zip(theirs_one, theirs_pool, strict=True)]),
            "ours_over_theirs_1": _spread(
                [o.wall / t for o, t in zip(one, theirs_one, strict=True)]),
            f"ours_over_theirs_{workers}": _spread(
                [p.wall / t for p, t in zip(pool, theirs_pool, strict=True)]),
        }
    line["runs"] = [
        {"seconds_1": round(x["one"][0].wall, 2), f"seconds_{workers}": round(x["pool"][0].wall, 2),
         "ratio": round(x["one"][0].wall / x["pool"][0].wall, 2), "load": x["load"],
         **({"seconds_ceiling": round(max(r.wall for r in x["ceiling"]), 2)} if ceiling else {}),
         **({"against_1": round(x["against_one"][0].wall, 2),
             f"against_{workers}": round(x["against_pool"][0].wall, 2)} if against else {})}
        for x in repeats]
    return line | {"uptime": [began_uptime, _uptime()], "load": [load, _load()]}


def run(
    *,
    workers: int = 2,
    seed: int = SEED,
    scale: float = 1.0,
    repeat: int | None = None,
    only: Sequence[str] = NAMES,
    emit: Callable[[dict[str, Any]], None] | None = None,
    against: str | None = None,
) -> Iterator[dict[str, Any]]:
    """Yield the pool's benchmark lines (``scale`` multiplies the boards, ``repeat``
    replaces each match's runs a side; ``emit`` is given the command line's runs'
    accounts as each ends, ``pool-cli-run``)."""
    for a, b, boards, runs, like_for_like in MATCHES:
        if f"pool-{a}-{b}" in only:
            n = max(4 * workers, round(boards * scale))
            yield match_line(a, b, n, workers, seed, runs if repeat is None else repeat,
                             like_for_like)
    if "pool-cli" in only:
        a, b, boards, runs = CLI
        yield cli_line(a, b, max(4 * workers, round(boards * scale)), workers, seed,
                       runs if repeat is None else repeat, emit=emit, against=against)
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
    parser.add_argument("--against", metavar="SCRIPT",
                        help="pool-cli: another build's console script (e.g. main's "
                        ".venv/bin/cavendish) timed in the same repeats, before against after")
    args = parser.parse_args(argv)
    if args.workers < 2:
        parser.error(f"--workers {args.workers}: a pool needs at least 2")
    if args.scale <= 0:
        parser.error(f"--scale {args.scale}: must be above 0")
    if args.repeat is not None and args.repeat < 1:
        parser.error(f"--repeat {args.repeat}: must be at least 1")
    def show(line: dict[str, Any]) -> None:
        print(json.dumps(line), flush=True)

    lines = run(workers=args.workers, seed=args.seed, scale=args.scale, repeat=args.repeat,
                only=args.only or NAMES, emit=show, against=args.against)
    for line in lines:
        show(line)


if __name__ == "__main__":
    main()

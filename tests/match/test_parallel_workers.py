"""The process pool's workers: they exit when their parent dies, share the cores with DDS,
and stay warm from one call to the next."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cavendish.analysis.dd import endplay_available
from cavendish.match.parallel import _start_method, dd_threads, run_tasks

PARENT = """
import time
from cavendish.match.parallel import run_tasks
run_tasks(time.sleep, [120, 120, 120, 120], workers=2)
"""


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            out.append(int(entry.name))
    return out


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid``: a fork server's workers are its children, not the pool's."""
    found, todo = [], [pid]
    while todo:
        kids = _children(todo.pop())
        found += kids
        todo += kids
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has exited


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_workers_exit_when_their_parent_is_killed_with_kill_9():
    parent = subprocess.Popen([sys.executable, "-c", PARENT])
    kids: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            kids = _descendants(parent.pid)
            if len(kids) >= 3:  # two workers and the resource tracker (and a fork server)
                break
            time.sleep(0.1)
        assert len(kids) >= 3, f"the pool did not start: children {kids}"
        time.sleep(1.0)  # the workers are in their tasks
        kids = _descendants(parent.pid)
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and any(_alive(k) for k in kids):
            time.sleep(0.1)
        left = [k for k in kids if _alive(k)]
        assert not left, f"processes of the killed match still running: {left}"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for k in kids:  # never leave a process behind, even when the test fails
            if _alive(k):
                os.kill(k, signal.SIGKILL)


FIRST_TASKS = """
import resource
from cavendish.match.parallel import run_tasks
seen = run_tasks(resource.getrusage, [resource.RUSAGE_SELF] * 6, workers=2)
print(max(r.ru_utime + r.ru_stime for r in seen))
"""


@pytest.mark.skipif(_start_method() != "forkserver", reason="workers are spawned here")
def test_a_worker_is_forked_from_a_server_that_has_imported_the_package_already():
    # a spawned worker spent some 0.6 s of CPU importing the package (and the command
    # line, run again as its main module) before its first task, in every worker.  A
    # process of its own, whose tasks are a function of the standard library: no
    # worker imports a test module (or pytest, run again as the main module)
    out = subprocess.run([sys.executable, "-c", FIRST_TASKS], capture_output=True, text=True,
                         timeout=120, check=True)
    spent = float(out.stdout.split()[-1])
    assert spent < 0.15, f"CPU a worker had spent by a task: {spent:.3f} s"


def test_workers_times_dds_threads_never_exceed_the_cores():
    for cores in (1, 2, 3, 16):
        for workers in range(1, 20):
            threads = dd_threads(workers, cores)
            assert threads >= 1
            assert workers * threads <= max(cores, workers)


def _threads_setting(_: int) -> int:
    from cavendish.analysis import dd

    return dd.get_threads()


def test_each_worker_runs_its_share_of_the_dds_threads():
    seen = run_tasks(_threads_setting, [0, 1, 2, 3], workers=2)
    assert seen == [dd_threads(2)] * 4
    assert _threads_setting(0) == 0  # this process keeps DDS's own choice


def _worker_pid(_: int) -> int:
    return os.getpid()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_pool_workers_stay_warm_between_calls_and_end_on_shutdown():
    from cavendish.match.parallel import shutdown_pool, warm_pool

    # the pool's two workers (one may take every task of a call: quick tasks, a slow start)
    first = warm_pool(2)
    ran = set(run_tasks(_worker_pid, list(range(6)), workers=2))
    second = set(run_tasks(_worker_pid, list(range(6)), workers=2))
    assert os.getpid() not in first and len(first) == 2
    assert ran | second <= first  # the same processes, already started: no new spawn
    shutdown_pool()
    third = set(run_tasks(_worker_pid, list(range(6)), workers=2))
    assert not third & first  # a new pool after a shutdown
    shutdown_pool()
    for pid in first | third:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        assert not _alive(pid), f"worker {pid} outlived shutdown_pool"


def _dds_report(_: int) -> int | None:
    from cavendish.analysis import dd

    return dd.dds_threads()


@pytest.mark.skipif(not endplay_available(), reason="needs DDS (endplay)")
def test_the_thread_limit_reaches_dds_itself_in_each_worker():
    # DDS's own report (GetDDSInfo), not our record of what we asked for
    cores = os.cpu_count() or 1
    seen = run_tasks(_dds_report, [0, 1, 2, 3], workers=2)
    assert seen == [min(dd_threads(2), cores)] * 4


def _dds_in_worker(delay: float) -> tuple[int, bool, int | None]:
    """A worker's process id, whether DDS is loaded there, and DDS's own thread count
    after a solve (None: not asked for, ``delay`` > 0)."""
    from cavendish.analysis import dd
    from cavendish.core.cards import hand_mask

    loaded = dd.dds_loaded()
    if delay > 0:
        time.sleep(delay)  # long enough that every worker takes some of these
        return os.getpid(), loaded, None
    hands = [hand_mask(h) for h in (["SA", "SQ"], ["H2", "H3"], ["S2", "S3"], ["SK", "S4"])]
    dd.solve(hands, "C", "S", use_cache=False)
    return os.getpid(), loaded, dd.dds_threads()


@pytest.mark.skipif(not endplay_available(), reason="needs DDS (endplay)")
def test_a_match_that_never_solves_loads_no_dds_in_its_workers():
    # loading DDS (its binding, once endplay's whole package) was most of a worker's start
    from cavendish.match.duplicate import run_match
    from cavendish.match.parallel import shutdown_pool, warm_pool

    shutdown_pool()  # workers of their own: no earlier test's solve in them
    try:
        started = warm_pool(2, "cavendish.match.duplicate")
        run_match("random", "random", boards=8, seed=3, workers=2)
        seen: list[tuple[int, bool, int | None]] = []
        deadline = time.monotonic() + 60
        while {pid for pid, _, _ in seen} != started and time.monotonic() < deadline:
            seen += run_tasks(_dds_in_worker, [0.05] * 8, workers=2)  # until both answer
        assert {pid for pid, _, _ in seen} == started
        assert not any(loaded for _, loaded, _ in seen), "a worker loaded DDS and never solved"
        # the first solve loads it, under the worker's share of the cores
        solved = run_tasks(_dds_in_worker, [0.0] * 4, workers=2)
        assert {threads for _, _, threads in solved} == {min(dd_threads(2), os.cpu_count() or 1)}
    finally:
        shutdown_pool()


@pytest.mark.skipif(not endplay_available(), reason="needs DDS (endplay)")
def test_setting_dds_threads_calls_dds_only_on_a_change(monkeypatch):
    from cavendish.analysis import dd

    calls: list[int] = []

    class Fake:
        def SetMaxThreads(self, n: int) -> None:
            calls.append(n)

    monkeypatch.setattr(dd, "_threads", dd.get_threads())  # restored afterwards
    monkeypatch.setattr(dd, "_dds", Fake())
    monkeypatch.setattr(dd, "_applied", None)
    for n in (1, 1, 1, 2, 2, 1):
        dd.set_threads(n)
    assert calls == [1, 2, 1]


FORK_AHEAD = """
import time
from cavendish.match import parallel
parallel.prestart("cavendish.match.duplicate", 2)
held = parallel._pool is None  # the workers wait for the command's checks
forked = parallel.fork_prestarted(2)
deadline = time.monotonic() + 60
up = set()
while len(up) < 2 and time.monotonic() < deadline:  # no work sent: the thread forks them
    time.sleep(0.02)
    with parallel._pool_lock:
        up = set(parallel._pool[1]._processes) if parallel._pool else set()
ahead = parallel.forking_ahead()  # both forked: the work may be sent (run_match stops playing)
seen = set(parallel.run_tasks(parallel._checkin, [0.05] * 6, workers=2))
print(held, forked, len(up), seen <= up, ahead)
"""


@pytest.mark.skipif(_start_method() != "forkserver", reason="workers are spawned here")
def test_a_command_line_s_workers_are_forked_before_its_work_is_sent_and_do_it():
    # cavendish match -w 2 has its pool's workers started as soon as its arguments are
    # checked (cli.launch, cli.match), not when the first task is sent; a process of its
    # own (the fork server's preloads are the process's)
    out = subprocess.run([sys.executable, "-c", FORK_AHEAD], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split() == ["True", "True", "2", "True", "False"]


def test_warm_pool_returns_once_every_worker_has_started_and_those_workers_do_the_tasks():
    from cavendish.match.parallel import shutdown_pool, warm_pool

    shutdown_pool()  # a cold start: no worker up yet
    try:
        started = warm_pool(2, "cavendish.match.duplicate")
        assert len(started) == 2 and os.getpid() not in started
        assert set(run_tasks(_worker_pid, list(range(8)), workers=2)) <= started
    finally:
        shutdown_pool()


def test_warm_pool_refuses_fewer_than_two_workers():
    from cavendish.match.parallel import ParallelError, warm_pool

    with pytest.raises(ParallelError, match="at least 2 workers, not 1"):
        warm_pool(1)


def test_a_pool_of_one_runs_the_k_pool_s_tasks_in_one_process_and_only_inside_its_block():
    from cavendish.match.duplicate import run_match
    from cavendish.match.parallel import PoolOfOne

    with PoolOfOne() as solo:
        with solo.routed(2):
            there = run_tasks(_worker_pid, list(range(5)), workers=2)
            match = run_match("random", "random", boards=6, seed=9, workers=2)
        assert run_tasks(_worker_pid, [0, 1]) == [os.getpid()] * 2
    assert there == [solo.pid] * 5 and solo.pid != os.getpid()
    assert not _alive(solo.pid), "the pool of one outlived its block"
    alone = run_match("random", "random", boards=6, seed=9)
    assert [(r.deal, r.plays) for r in match.results] == [(r.deal, r.plays) for r in alone.results]


def _nothing(_: int) -> None:
    return None


def test_a_result_costs_the_calling_process_the_same_however_many_tasks_are_pending():
    # waiting with wait(pending, FIRST_COMPLETED) looked at every pending future for
    # each result: the calling process's CPU per task grew with the tasks (1,000
    # one-board tasks cost it a second and more, taken from the workers' cores)
    run_tasks(_nothing, list(range(8)), workers=2)  # warm

    def per_task(n: int) -> float:
        start = time.process_time()
        run_tasks(_nothing, list(range(n)), workers=2)
        return (time.process_time() - start) / n

    few = min(per_task(300) for _ in range(2))
    many = per_task(3000)
    assert many < 3 * few + 1e-4, f"{many * 1e3:.3f} ms a task for 3000 against {few * 1e3:.3f}"


def test_a_bad_start_method_is_refused_naming_the_variable(monkeypatch):
    from cavendish.match.parallel import START_VAR, ParallelError, shutdown_pool

    shutdown_pool()  # the next call starts a pool
    monkeypatch.setenv(START_VAR, "fork")
    with pytest.raises(ParallelError, match="CAVENDISH_POOL_START='fork': expected one of"):
        run_tasks(_worker_pid, [0, 1], workers=2)


def test_spawned_and_forked_workers_play_the_same_cards(monkeypatch):
    from cavendish.match.duplicate import run_match
    from cavendish.match.parallel import START_VAR, shutdown_pool

    played = {}
    for method in ("spawn", _start_method()):
        shutdown_pool()
        monkeypatch.setenv(START_VAR, method)
        match = run_match("random", "random", boards=6, seed=11, workers=2)
        played[method] = [(r.deal, r.plays) for r in match.results]
    shutdown_pool()
    alone = run_match("random", "random", boards=6, seed=11)
    assert list(played.values()) == [[(r.deal, r.plays) for r in alone.results]] * 2

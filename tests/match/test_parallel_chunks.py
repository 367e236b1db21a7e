"""How the pool cuts its work and accounts for it: ranges that shrink so that the
workers end together, and each task's timing (worker, wall, CPU, DDS's threads)."""

from __future__ import annotations

import os

import pytest

from cavendish.match.duplicate import run_match
from cavendish.match.parallel import ParallelError, chunk_ranges, run_tasks, task_timings


@pytest.mark.parametrize("n, chunks", [(120, 16), (200, 16), (24, 16), (1000, 40), (16000, 640),
                                       (50, 16), (17, 16), (5, 5), (10, 3), (9, 1), (3, 8)])
def test_chunks_cover_every_item_once_and_shrink_to_one_so_the_workers_end_together(n, chunks):
    ranges = chunk_ranges(n, chunks)
    lengths = [len(r) for r in ranges]
    assert [i for r in ranges for i in r] == list(range(n))
    assert len(ranges) == min(n, chunks)
    assert lengths == sorted(lengths, reverse=True)  # the longest first
    assert lengths[-1] == 1 or len(ranges) == 1  # the last ones short: no long tail
    assert lengths[0] <= 2 * n / len(ranges) + 1  # the first at most twice the mean


def test_chunks_refuse_nothing_to_cut_into():
    assert chunk_ranges(0, 4) == []
    with pytest.raises(ParallelError, match="chunks must be at least 1, not 0"):
        chunk_ranges(5, 0)
    with pytest.raises(ParallelError, match="cannot cut -1 items"):
        chunk_ranges(-1, 2)


def test_a_match_cut_in_shrinking_chunks_plays_the_same_cards_in_one_process_and_the_pool():
    one = run_match("classical", "random", boards=20, seed=11, workers=1)
    two = run_match("classical", "random", boards=20, seed=11, workers=2)
    cards = [(r.board, r.deal, r.plays, r.tricks) for r in one.results]
    assert cards == [(r.board, r.deal, r.plays, r.tricks) for r in two.results]


def _pid(_: int) -> int:
    return os.getpid()


def test_task_timings_name_each_task_s_worker_and_its_times():
    with task_timings() as seen:
        pids = run_tasks(_pid, list(range(6)), workers=2)
    assert [t.task for t in seen] == list(range(6))
    assert [t.worker for t in seen] == pids  # the worker that ran each task
    assert all(t.seconds >= 0 and t.cpu >= 0 and t.start > 0 for t in seen)
    with task_timings() as alone:
        assert run_tasks(_pid, [0, 1]) == [os.getpid()] * 2
    assert [t.worker for t in alone] == [os.getpid()] * 2


def test_task_timings_record_nothing_outside_their_block_and_survive_a_failed_task():
    with task_timings() as seen, pytest.raises(ZeroDivisionError):
        run_tasks(_divide, [1, 0])
    assert [t.task for t in seen] == []
    with task_timings() as again:
        run_tasks(_pid, [0])
    assert len(again) == 1 and len(seen) == 0


def _divide(x: int) -> float:
    return 1 / x


def test_the_parent_plays_the_last_tasks_while_a_cold_pool_starts():
    from cavendish.match.parallel import shutdown_pool

    shutdown_pool()  # cold: the pool's start takes far longer than these tasks
    done: list[int] = []
    pids = run_tasks(_pid, list(range(12)), workers=2, parent_helps=True,
                     on_done=lambda i, _: done.append(i))
    mine = [i for i, p in enumerate(pids) if p == os.getpid()]
    assert mine and mine == list(range(12 - len(mine), 12))  # a run of the last tasks
    assert sorted(done) == list(range(12))  # every task reported once
    shutdown_pool()
    assert os.getpid() not in run_tasks(_pid, list(range(6)), workers=2)  # not unless asked


def test_a_pool_whose_workers_are_all_up_gets_no_help_from_the_parent():
    # its workers take the tasks at once: the parent's playing would take their cores
    from cavendish.match.parallel import shutdown_pool, warm_pool

    shutdown_pool()
    try:
        warm_pool(2)
        pids = run_tasks(_pid, list(range(12)), workers=2, parent_helps=True)
        assert os.getpid() not in pids and len(set(pids)) <= 2
    finally:
        shutdown_pool()

"""The pool benchmark's lines: its baseline said, the pool of one beside it, the
accounts of every run, and the same cards whatever the number of processes."""

from __future__ import annotations

import pytest

from cavendish.bench import pool as bench
from cavendish.match.parallel import shutdown_pool


@pytest.fixture(autouse=True, scope="module")
def _no_pool_left() -> object:
    yield
    shutdown_pool()


def test_a_match_line_says_its_baseline_and_times_the_k_pool_s_tasks_in_a_pool_of_one():
    line = bench.match_line("random", "random", 8, 2, 3, 2)
    assert line["name"] == "pool-random-random" and line["repeat"] == 2
    assert "this process" in line["baseline"] and "one thread" in line["baseline"]
    assert line["same_result"] is True  # one process, the pool of one and the pool of 2
    assert line["ratio"] > 0 and line["ratio_median"] > 0 and line["target_ratio"] == 1.8
    assert line["seconds_pool_of_1"] > 0 and line["ratio_pool_of_1"] > 0
    assert len(line["runs"]) == 2
    for run in line["runs"]:
        assert len(run["cpu_workers"]) <= 2 and run["cpu_main"] >= 0
        assert run["tasks"] == 8  # the match cut as for two workers: a board a task
        assert len(run["load"]) == 2


def test_a_line_without_the_like_for_like_baseline_times_no_pool_of_one():
    line = bench.match_line("random", "random", 8, 2, 3, 1, like_for_like=False)
    assert "seconds_pool_of_1" not in line and line["same_result"] is True


def test_the_pool_benchmark_refuses_a_pool_of_fewer_than_two(capsys):
    with pytest.raises(SystemExit):
        bench.main(["--workers", "1"])
    assert "--workers 1: a pool needs at least 2" in capsys.readouterr().err


def test_the_command_line_line_times_the_console_script_cold_with_one_and_k_workers():
    seen: list[dict[str, object]] = []
    line = bench.cli_line("random", "random", 8, 2, 3, 1, emit=seen.append)
    assert line["name"] == "pool-cli" and line["target_ratio"] == 1.7
    # the verdict on best over best and on the pairs' median, each a yes or a no
    assert {k: type(v) for k, v in line["meets_target"].items()} == {
        "ratio": bool, "ratio_median": bool}
    assert line["serial_cpu_1"]["median"] > 0 and line["serial_cpu_2"]["median"] > 0
    # timed with the package's bytecode fresh, as an installed package has it
    assert line["bytecode"]["fresh_after"] == line["bytecode"]["modules"] > 0
    assert line["command"] == "cavendish match random random --boards 8 --seed 3 -q"
    (run,) = line["runs"]
    assert run["seconds_1"] > 0 and run["seconds_2"] > 0 and run["seconds_ceiling"] > 0
    assert line["ratio"] == pytest.approx(line["seconds_1"] / line["seconds_2"], abs=0.02)
    assert line["ceiling"] > 0 and line["ratio_spread"]["min"] <= line["ratio_median"]
    # a board's CPU in the pool, and in the ceiling's runs, over the same in -w 1 alone
    assert line["cpu_inflation"]["median"] > 0 and line["ceiling_cpu_inflation"]["median"] > 0
    assert line["uptime"][0] and "load average" in line["uptime"][0]
    # one run alone with -w 1, one with -w 2, two -w 1 together: the ceiling
    assert sorted((x["kind"], x["workers"]) for x in seen) == [
        ("ceiling", 1), ("ceiling", 1), ("one", 1), ("pool", 2)]


def test_each_cold_run_says_where_its_time_went_in_the_parent_and_each_worker():
    seen: list[dict[str, object]] = []
    bench.cli_line("random", "random", 8, 2, 3, 1, ceiling=False, emit=seen.append)
    one = next(x for x in seen if x["kind"] == "one")
    pool = next(x for x in seen if x["kind"] == "pool")
    phases = one["cpu_parent_phases"]
    assert isinstance(phases, dict)
    # with -w 1 the parent plays every board: the match is its own tasks
    assert phases["own_tasks"] > 0 and phases["match"] >= phases["own_tasks"]
    assert one["workers_accounts"] == [] and one["ideal_seconds"] > 0
    timeline = pool["timeline"]
    assert isinstance(timeline, dict)
    assert timeline["start"] <= timeline["imported"] <= timeline["match_start"]
    assert timeline["match_start"] <= timeline["match_end"] <= timeline["end"]
    workers = pool["workers_accounts"]
    assert isinstance(workers, list) and 1 <= len(workers) <= 2
    for w in workers:  # each worker's tasks fall inside the match, on its own CPU
        assert timeline["match_start"] <= w["first_task"] <= w["last_end"] <= timeline["end"]
        assert w["cpu"] >= w["cpu_tasks"] > 0 and w["tasks"] >= 1
    assert pool["forkserver"]["cpu"] > 0  # its imports: the workers' start
    cores = pool["core_seconds"]
    assert cores["ours"] == pytest.approx(pool["cpu_total"], abs=0.01)

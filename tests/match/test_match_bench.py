"""The player benchmark: its targets, its checks, and its JSON lines."""

from __future__ import annotations

import json

import pytest

from cavendish.bench import players as bench
from cavendish.bench.players import Benchmark, benchmarks, check


def result(mean: float, low: float, a_ms: tuple[float, float], b_ms: tuple[float, float]):
    return {
        "tricks_per_deal": mean,
        "ci95": [low, 2 * mean - low],
        "decision_ms": {
            "a": {"median": a_ms[0], "p95": a_ms[1]},
            "b": {"median": b_ms[0], "p95": b_ms[1]},
        },
    }


def test_bench_targets_are_the_issues():
    first, second, third = benchmarks("strong")
    assert (first.a, first.b, first.boards, first.ci95_low_at_least) == (
        "classical", "random", 1000, 3.5)
    assert first.times == {"classical": (1.0, None)}
    assert (second.a, second.b, second.boards, second.mean_at_least) == (
        "pimc", "classical", 200, 0.5)
    assert (third.a, third.b, third.boards) == ("strong", "pimc", 400)
    assert (third.mean_at_least, third.ci95_low_above) == (0.15, 0.0)
    assert third.times == {"strong": (250.0, 3000.0), "pimc": (250.0, 3000.0)}


def test_bench_classical_target_is_the_lower_end_of_the_interval():
    first = benchmarks()[0]
    assert all(check(first, result(3.9, 3.5, (0.9, 5.0), (0.01, 0.02))).values())
    missed = check(first, result(3.9, 3.49, (0.9, 5.0), (0.01, 0.02)))
    assert missed == {"ci95 low >= 3.5": False, "classical median < 1 ms": True}
    slow = check(first, result(4.5, 4.0, (1.0, 5.0), (0.01, 0.02)))
    assert slow["classical median < 1 ms"] is False


def test_bench_search_target_needs_the_mean_and_the_interval_above_nought():
    third = benchmarks("strong")[2]
    fine = check(third, result(0.2, 0.01, (200.0, 2900.0), (100.0, 2000.0)))
    assert all(fine.values()) and len(fine) == 6
    assert check(third, result(0.2, 0.0, (200.0, 2900.0), (100.0, 2000.0)))["ci95 low > 0"] is False
    assert check(third, result(0.14, 0.05, (1.0, 1.0), (1.0, 1.0)))["mean >= 0.15"] is False
    late = check(third, result(0.2, 0.1, (200.0, 3000.0), (100.0, 2000.0)))
    assert late["strong p95 < 3000 ms"] is False and late["pimc p95 < 3000 ms"] is True


def test_bench_skips_a_match_whose_player_is_not_registered():
    lines = list(bench.run(quick=True, workers=1, strong="test-nobody", only=["test-nobody-pimc"]))
    assert lines == [{"name": "test-nobody-pimc", "skipped": "player 'test-nobody' not registered"}]


def test_bench_prints_one_json_line_per_match(test_players, monkeypatch, capsys):
    mine = Benchmark("hi-lo", "test-highest", "test-lowest", 200, mean_at_least=-13.0,
                     times={"test-highest": (1000.0, 5000.0)})
    monkeypatch.setattr(bench, "benchmarks", lambda strong="search": [mine])
    bench.main(["--quick", "--workers", "1", "--seed", "3"])
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 1
    line = json.loads(lines[0])
    assert (line["name"], line["seed"], line["boards"], line["quick"]) == ("hi-lo", 3, 20, True)
    assert {"tricks_per_deal", "ci95", "decision_ms", "target", "met"} <= set(line)
    assert line["target"] == {"tricks_per_deal_at_least": -13.0,
                              "decision_ms": {"test-highest": {"median_below": 1000.0,
                                                               "p95_below": 5000.0}}}
    assert line["met"] is True and all(line["checks"].values())


def test_bench_refuses_no_workers():
    with pytest.raises(SystemExit):
        bench.main(["--workers", "0"])

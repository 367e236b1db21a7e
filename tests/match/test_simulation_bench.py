"""The simulation benchmark (issue 22): the classical player's hands per second and
``odds record``'s 16,000 rubbers extrapolated, as JSON lines."""

from __future__ import annotations

import json

import pytest

from cavendish.bench import simulation


def test_odds_record_bench_extrapolates_perceval_16000_at_the_measured_rate() -> None:
    line = simulation.odds_record(2, 1)
    assert line["rubbers"] == 2 and line["hands"] >= 2 * 2  # a rubber has two games at least
    # "seconds" is rounded to the hundredth: the extrapolation is within 8000 of those
    assert abs(line["seconds_for_16000"] - line["seconds"] * 8000) <= 0.005 * 8000 + 1
    assert line["target_seconds"] == 900


def test_simulation_bench_prints_one_json_line_each(capsys: pytest.CaptureFixture[str]) -> None:
    simulation.main(["--boards", "1", "--rubbers", "1", "--workers", "1"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [x["name"] for x in lines] == ["classical-hands", "odds-record"]
    assert lines[0]["hands"] == 2 and lines[0]["target_hands_per_second"] == 200

"""--ray against a real (local) Ray: the same seed gives the same result on Ray, in the
pool and in one process; tasks stream back with a bounded number in flight."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import HandState, Seat, deal_cards
from cavendish.io import HandRecord, write_pbn_file
from cavendish.match import parallel
from cavendish.match.duplicate import run_match
from cavendish.match.rubbers import simulate_rubbers
from cavendish.odds.record import simulate_record


def _boards(result) -> list[tuple[int, str, tuple[int, int], object, tuple[str, str]]]:
    return [(r.board, r.deal, r.tricks, r.points, r.plays) for r in result.results]


def test_match_on_ray_plays_the_same_cards_as_the_pool_and_one_process(ray_cluster):
    one = run_match("classical", "random", boards=6, seed=3, workers=1)
    pool = run_match("classical", "random", boards=6, seed=3, workers=2)
    on_ray = run_match("classical", "random", boards=6, seed=3, ray_address="auto")
    assert _boards(on_ray) == _boards(pool) == _boards(one)


def test_rubbers_and_the_odds_record_on_ray_match_one_process(ray_cluster):
    one = simulate_rubbers("random", rubbers=6, seed=5, workers=1)
    on_ray = simulate_rubbers("random", rubbers=6, seed=5, ray_address="auto")
    assert on_ray.summaries == one.summaries
    rec_one = simulate_record("random", rubbers=4, seed=9, workers=1)
    rec_ray = simulate_record("random", rubbers=4, seed=9, ray_address="auto")
    assert rec_ray.to_json() == rec_one.to_json()


def test_ray_streams_results_with_a_bounded_number_in_flight(ray_cluster, monkeypatch):
    waits: list[int] = []
    real_wait = ray_cluster.wait

    def counting_wait(refs, **kwargs):
        waits.append(len(refs))
        return real_wait(refs, **kwargs)

    monkeypatch.setattr(ray_cluster, "wait", counting_wait)
    finished: list[int] = []
    out = parallel._run_ray(
        abs, list(range(-10, 0)), "auto", lambda i, r: finished.append(i), in_flight=3
    )
    assert out == [abs(x) for x in range(-10, 0)]
    assert max(waits) == 3 and len(waits) == 10  # never more than 3 submitted and unfinished
    assert sorted(finished) == list(range(10))


def test_each_ray_task_limits_dds_to_its_one_cpu(ray_cluster):
    from cavendish.analysis import dd
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # workers cannot import tests
    assert parallel.run_tasks(_threads, [0, 1, 2], ray_address="auto") == [1, 1, 1]
    assert dd.get_threads() == 0  # the driver keeps DDS's own choice


def _threads(_: int) -> int:
    from cavendish.analysis import dd

    return dd.get_threads()


def test_cli_commands_take_ray(ray_cluster, tmp_path: Path):
    runner = CliRunner()
    match = runner.invoke(
        app, ["match", "random", "random", "--boards", "4", "--seed", "2", "--ray", "auto",
              "--json"],
    )
    local = runner.invoke(app, ["match", "random", "random", "--boards", "4", "--seed", "2",
                                "-w", "1", "--json"])
    assert match.exit_code == 0, match.output
    tricks = json.loads(local.output)["tricks_per_deal"]
    assert json.loads(match.output)["tricks_per_deal"] == tricks
    odds = runner.invoke(
        app, ["odds", "record", "--rubbers", "2", "--players", "random", "--ray", "auto", "--json"]
    )
    assert odds.exit_code == 0, odds.output
    records = []
    for b in (1, 2):
        rng = random.Random(b)
        state = HandState(deal_cards(rng, Seat.S))
        for _ in range(52):
            state.play(rng.choice(state.legal_cards()))
        records.append(HandRecord.from_state(state, variant="short", board=b))
    pbn = tmp_path / "hands.pbn"
    write_pbn_file(records, pbn)
    on_ray = runner.invoke(app, ["analyse", str(pbn), "--json", "--ray", "auto"])
    local = runner.invoke(app, ["analyse", str(pbn), "--json", "--workers", "1"])
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.output) == json.loads(local.output)


def test_each_ray_task_s_dds_itself_reports_one_thread_and_its_timing(ray_cluster):
    from cavendish.analysis import dd
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    if not dd.endplay_available():
        pytest.skip("needs DDS (endplay)")
    with parallel.task_timings() as seen:
        assert parallel.run_tasks(_dds_report, [0, 1, 2], ray_address="auto") == [1, 1, 1]
    assert [t.task for t in seen] == [0, 1, 2] and {t.dds_threads for t in seen} == {1}


def _dds_report(_: int) -> int | None:
    from cavendish.analysis import dd

    return dd.dds_threads()


def test_the_example_runs_env_rollouts_on_ray_workers_as_in_one_process(ray_cluster):
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "examples" / "env_rollouts_on_ray.py"
    spec = importlib.util.spec_from_file_location("env_rollouts_on_ray", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # cloudpickle sends it by value from sys.modules
    spec.loader.exec_module(module)
    from ray import cloudpickle

    cloudpickle.register_pickle_by_value(module)  # workers cannot import examples/
    on_ray = module.run_on_ray(tasks=2, episodes=2)
    assert on_ray == [module.rollout((seed, 2)) for seed in range(2)]
    assert all(len(task) == 2 for task in on_ray)

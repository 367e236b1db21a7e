"""``cavendish match`` and ``cavendish simulate rubbers``, through their own Typer app."""

from __future__ import annotations

import json
import sys

import pytest
import typer
from typer.testing import CliRunner

from cavendish.cli.match import register


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """A root, so that match and simulate are sub-commands."""

    register(app)
    return app


def run(app: typer.Typer, *args: str):
    return CliRunner().invoke(app, list(args))


def one_error_line(result, status: int = 2) -> str:
    assert result.exit_code == status, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cavendish: error: ")
    return lines[0]


def test_match_json_has_the_issues_shape(app):
    result = run(app, "match", "random", "random", "--boards", "4", "--seed", "3", "-w", "1",
                 "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"a", "b", "boards", "tricks_per_deal", "ci95", "points_per_deal",
            "decision_ms"} <= set(data)
    assert (data["a"], data["b"], data["boards"], data["seed"]) == ("random", "random", 4, 3)
    assert len(data["ci95"]) == 2 and data["ci95"][0] <= data["tricks_per_deal"] <= data["ci95"][1]
    for team in ("a", "b"):
        times = data["decision_ms"][team]
        assert times["cards"] == 4 * 52 and 0 <= times["median"] <= times["p95"]


def test_match_json_is_the_same_with_two_workers(app):
    args = ["match", "random", "random", "-n", "6", "--seed", "5", "--variant", "long", "--json"]
    one = json.loads(run(app, *args, "-w", "1").stdout)
    two = json.loads(run(app, *args, "-w", "2").stdout)
    one.pop("decision_ms"), two.pop("decision_ms")
    assert one == two and one["variant"] == "long"


def test_match_text_output_names_the_players_and_the_interval(app):
    result = run(app, "match", "random", "random", "-n", "3", "-w", "1")
    assert result.exit_code == 0, result.stderr
    assert "random (A) against random (B): 3 boards" in result.stdout
    assert "95% interval" in result.stdout and "decision ms" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["random", "nobody"], "unknown player 'nobody': expected one of "),
        (["random", "random", "--boards", "0", "-w", "1"], "--boards 0: must be at least 1"),
        (["random", "random", "--workers", "0"], "--workers 0: must be at least 1"),
        (["random", "random", "--variant", "bridge"], "unknown variant 'bridge'"),
        (["random", "random", "--ray", "auto"], "pip install ray"),
    ],
)
def test_match_errors_are_one_line_with_status_2(app, args, words, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, installed or not
    assert words in one_error_line(run(app, "match", "-n", "2", *args))


def test_simulate_rubbers_json_counts_are_consistent(app):
    result = run(app, "simulate", "rubbers", "--players", "random", "--rubbers", "8", "--seed",
                 "2", "-w", "1", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rubbers"] == 8 and data["seed"] == 2 and data["variant"] == "short"
    assert set(data["players"].values()) == {"random"}
    two, three = data["rubbers_in_two_games"]["count"], data["rubbers_in_three_games"]["count"]
    assert two + three == 8 and 2 * two + 3 * three == data["games"]
    kinds = sum(data[k]["count"] for k in ("trebles", "doubles", "singles"))
    assert kinds == data["games"]
    for key in ("first_game_winners_won_rubber", "first_deal_won_game"):
        rate = data[key]
        assert set(rate) == {"count", "of", "fraction", "ci95"}
        assert rate["ci95"][0] <= rate["fraction"] <= rate["ci95"][1]
    assert isinstance(data["points_per_rubber"], float)


def test_simulate_rubbers_text_table(app):
    result = run(app, "simulate", "rubbers", "-n", "3", "-w", "1")
    assert result.exit_code == 0, result.stderr
    for words in ("rubbers won in two games", "trebles", "first deal of a game won it"):
        assert words in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "random,oracle"], "unknown player 'oracle': expected one of "),
        (["--players", "a,b,c"], "not 3"),
        (["--variant", "clay"], "single games, not rubbers"),
        (["--rubbers", "0"], "--rubbers 0: must be at least 1"),
    ],
)
def test_simulate_rubbers_errors_are_one_line_with_status_2(app, args, words):
    assert words in one_error_line(run(app, "simulate", "rubbers", "-w", "1", *args))


def test_a_policy_kind_plays_a_match_from_the_command_line(tmp_path, monkeypatch):
    (tmp_path / "mybot_for_test.py").write_text(
        "def act(obs, mask):\n    return int(mask.nonzero()[0][-1])  # the highest legal card\n"
    )
    monkeypatch.chdir(tmp_path)  # found in the current directory, as python -m finds it
    monkeypatch.setattr(sys, "path", list(sys.path))  # the directory it adds is undone
    from typer.testing import CliRunner

    from cavendish.cli.main import app

    out = CliRunner().invoke(app, ["match", "policy:mybot_for_test:act", "random", "--boards",
                                   "2", "-w", "1", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["a"] == "policy:mybot_for_test:act"
    bad = CliRunner().invoke(app, ["match", "policy:mybot_for_test:nothing", "random"])
    assert bad.exit_code == 2 and "no function 'nothing'" in bad.output

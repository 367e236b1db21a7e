"""``cavendish odds record``: simulated rubbers beside Perceval's record, through Typer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cavendish.cli.odds import register
from cavendish.odds.record import RECORD_KEYS, default_players


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def version() -> None:  # a second command, so that "odds" is a real sub-group
        """Print nothing."""

    register(app)
    return app


def run(app: typer.Typer, *args: str):
    return CliRunner().invoke(app, ["odds", "record", "--workers", "1", *args])


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cavendish: error: ")
    return lines[0]


def test_odds_record_json_rows_beside_perceval_and_reproducible(app):
    args = ("--players", "random", "--rubbers", "6", "--seed", "5", "--json")
    first, again = run(app, *args), run(app, *args)
    assert first.exit_code == 0, first.stderr
    data = json.loads(first.stdout)
    assert data == json.loads(again.stdout)
    assert (data["players"], data["rubbers"], data["seed"]) == ("random", 6, 5)
    assert data["players_default"] is False
    assert [r["key"] for r in data["rows"]] == list(RECORD_KEYS)
    for row in data["rows"]:
        low, high = row["ci95"]
        assert low <= row["simulated"] <= high
        # agrees is decided on unrounded values, so allow the rounding at the edge
        if low + 1e-4 < row["printed"] < high - 1e-4:
            assert row["agrees"] is True
        if row["printed"] < low - 1e-4 or row["printed"] > high + 1e-4:
            assert row["agrees"] is False


def test_odds_record_default_players_are_named_in_the_output(app):
    result = run(app, "--rubbers", "1", "--quiet")
    assert result.exit_code == 0, result.stderr
    assert f"players: {default_players()} in all four seats (the default:" in result.stdout
    data = json.loads(run(app, "--rubbers", "1", "--json").stdout)
    assert data["players"] == default_players() and data["players_default"] is True


def test_odds_record_text_table_has_every_figure_and_the_notes(app):
    result = run(app, "--players", "random", "--rubbers", "4", "--seed", "2")
    assert result.exit_code == 0, result.stderr
    out = result.stdout
    for label in ("rubbers won in two games", "trebles", "points per rubber", "agrees"):
        assert label in out
    assert "0.5016" in out and "0.4770*" in out  # 8,026/16,000, and 1 - 0.523 (derived)
    assert "5.4179" in out and "86,687" in out  # the points total, flagged beside 5.411


def test_odds_record_plot_writes_a_png(app, tmp_path: Path):
    out = tmp_path / "record.png"
    result = run(app, "--players", "random", "--rubbers", "3", "--plot", str(out), "--json")
    assert result.exit_code == 0, result.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000
    assert json.loads(result.stdout)["rubbers"] == 3


def test_odds_record_plot_to_an_impossible_path_fails_in_one_line(app, tmp_path: Path):
    bad = tmp_path / "no-such-dir" / "r.png"
    result = run(app, "--players", "random", "--rubbers", "1", "--plot", str(bad))
    assert result.exit_code == 2  # issue 19 item 2: refused before any rubber is played
    assert result.stderr.strip().startswith("cavendish: error: --plot ")
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--players", "oracle"), "unknown player 'oracle'"),
        (("--players", "random,random,random"), "give one name"),
        (("--rubbers", "0"), "--rubbers 0: must be at least 1"),
        (("--rubbers", "-3"), "--rubbers -3: must be at least 1"),
        (("--workers", "0"), "--workers 0: must be at least 1"),
    ],
)
def test_odds_record_errors_exit_2_with_one_clear_line(app, args, says):
    line = one_error_line(run(app, "--rubbers", "2", *args))
    assert says in line

"""``cavendish odds table`` and ``cavendish odds ask``, through their own Typer app."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
import typer
from typer.testing import CliRunner

from cavendish.cli.odds import register
from cavendish.odds import combin
from cavendish.odds.tables import TABLE_NAMES


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def version() -> None:  # a second command, so that "odds" is a real sub-group
        """Print nothing."""

    register(app)
    return app


def run(app: typer.Typer, *args: str):
    return CliRunner().invoke(app, list(args))


def one_error_line(result) -> str:
    assert result.exit_code == 2, result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cavendish: error: ")
    return lines[0]


# ---------------------------------------------------------------------------- table
@pytest.mark.parametrize("name", [n for n in TABLE_NAMES if n not in ("ace-lead", "king-second")])
def test_odds_table_json_has_exact_fractions_beside_the_printed_figures(app, name):
    result = run(app, "odds", "table", name, "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["table"] == name
    for row in data["rows"]:
        assert {"key", "probability", "exact", "printed", "agrees"} <= set(row)
        exact = Fraction(row["exact"])
        assert abs(float(exact) - row["probability"]) < 1e-12


def test_odds_table_suit_length_row_three_as_the_issue_shows_it(app):
    data = json.loads(run(app, "odds", "table", "suit-length", "--json").stdout)
    row = next(r for r in data["rows"] if r["key"] == "3")
    assert round(row["probability"], 4) == 0.2863
    assert Fraction(row["exact"]) == combin.suit_length(3)
    assert row["printed"] == 0.287 and row["agrees"] is True
    nine = next(r for r in data["rows"] if r["key"] == "9")
    assert nine["agrees"] is False and nine["status"] == "wrong"


def test_odds_table_text_flags_the_disagreements(app):
    result = run(app, "odds", "table", "goes-round")
    assert result.exit_code == 0
    assert "DISAGREES" in result.stdout and "ok, rounded" in result.stdout
    assert "83317/87172" in result.stdout  # 4:1 as a fraction


def test_odds_table_simulated_rows_carry_a_confidence_interval(app):
    result = run(app, "odds", "table", "king-second", "--json", "--samples", "150", "--seed", "4")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["simulation"]["samples"] == 150 and data["simulation"]["seed"] == 4
    for row in data["rows"]:
        lo, hi = row["ci95"]
        assert row["exact"] is None and lo <= row["probability"] <= hi


def test_odds_table_plot_writes_a_png(app, tmp_path):
    out = tmp_path / "chart.png"
    result = run(app, "odds", "table", "dealer-trumps", "--plot", str(out))
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_odds_table_unknown_name_is_one_line_and_status_2(app):
    line = one_error_line(run(app, "odds", "table", "bridge"))
    assert "unknown table 'bridge'" in line and "suit-length" in line


# ---------------------------------------------------------------------------- ask
ASK = [
    "odds",
    "ask",
    "--seat",
    "N",
    "--hand",
    "N:AK72.QJ4.T9.8765",
    "--dealer",
    "S",
    "--trump-card",
    "C3",
]


def test_odds_ask_json_exact_answer(app):
    result = run(app, *ASK, "E has the SQ", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["exact"] == "13/38" and data["ci95"] is None
    assert data["probability"] == pytest.approx(13 / 38)


def test_odds_ask_with_the_play_so_far(app):
    result = run(app, *ASK, "--played", "S3 S2 SQ C3", "S has no S or W has the SJ", "--json")
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["exact"] == "1/1"  # S (the dealer) showed out of spades


def test_odds_ask_text_names_the_knowledge_and_the_answer(app):
    result = run(app, *ASK, "E has 4+ C and W has 2- H")
    assert result.exit_code == 0, result.stderr
    assert "N holds AK72.QJ4.T9.8765 (dealer S, trump card C3)" in result.stdout
    assert "(exact, over" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--seat", "X"], "--seat: unknown seat 'X'"),
        (["--dealer", "Q"], "--dealer: unknown seat 'Q'"),
        (["--hand", "N:AK72.QJ4.T9"], "expected four suits"),
        (["--hand", "N:AK72.QJ4.T9.87650"], "'0' is not a rank"),
        (["--trump-card", "C1"], "cannot read card 'C1'"),
        (["--played", "SA"], "W cannot play ♠A, which is in N's hand"),
    ],
)
def test_odds_ask_malformed_input_is_one_line_and_status_2(app, args, words):
    base = dict(zip(ASK[2::2], ASK[3::2], strict=True))
    base.update(dict(zip(args[::2], args[1::2], strict=True)))
    argv = ["odds", "ask"] + [x for kv in base.items() for x in kv] + ["E has no S"]
    line = one_error_line(run(app, *argv))
    assert words in line


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("E has 14+ C", "'14+': a hand holds from 0 to 13"),
        ("X has the ♥K", "unknown seat 'X'"),  # item 5: cards as the play screen writes them
        ("E hass 4 C", "expected 'has' after the seat 'E', found 'hass'"),
    ],
)
def test_odds_ask_malformed_statement_is_one_line_and_status_2(app, question, words):
    line = one_error_line(run(app, *ASK, question))
    assert words in line and question in line

"""``cavendish solve``: JSON and text, the 4 x 4 table, and one clear line for every error."""

from __future__ import annotations

import json
import random

import pytest
import typer
from typer.testing import CliRunner, Result

from cavendish.analysis import dd
from cavendish.cli.solve import register
from cavendish.core.cards import Seat
from cavendish.core.state import HandState
from cavendish.core.table import deal_cards

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")

# West has led the SK to this two-card ending; clubs are trumps.  Worked by hand:
# North's ace wins this trick and West ruffs the queen (1); the queen loses this
# trick to the king and West's C2 takes the last (0).
ENDING = "N:AQ... 32... 4..2. K...2"
FOUR_SUITS = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def invoke(*args: str) -> Result:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """Test app."""

    register(app)
    return CliRunner().invoke(app, ["solve", *args])


def test_solve_json_mid_trick_worked_by_hand() -> None:
    result = invoke("--deal", ENDING, "--trump", "C", "--first", "W", "--played", "SK", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "to_play": "N",
        "trump": "C",
        "tricks": {"SA": 1, "SQ": 0},
        "line": ["SA", "S2", "S4", "SQ", "S3", "D2", "C2"],
    }


@pytest.mark.parametrize("seed", [1, 2])
def test_solve_json_full_deal_mid_trick_matches_the_solver(seed: int) -> None:
    # the deal string holds the played cards: the CLI takes them out of their hands
    state = HandState(deal_cards(random.Random(seed), Seat.S))
    for _ in range(2):
        state.play(state.legal_cards()[-1])
    played = " ".join(str(c) for _, c in state.current_trick)
    args = ["--deal", state.deal.to_pbn(), "--trump", state.trump.name]
    result = invoke(*args, "--first", state.leader.name, "--played", played, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    expected = dd.solve_state(state)
    assert out["to_play"] == state.turn.name and out["trump"] == state.trump.name
    assert out["tricks"] == {str(c): t for c, t in expected.tricks.items()}
    assert set(out["tricks"]) == {str(c) for c in state.legal_cards()}
    assert len(out["line"]) == 50 and out["line"][0] in out["tricks"]
    assert out["tricks"][out["line"][0]] == max(out["tricks"].values())
    assert list(out) == ["to_play", "trump", "tricks", "line"]


def test_solve_text_shows_the_hands_the_cards_and_the_line() -> None:
    result = invoke("--deal", ENDING, "--trump", "C", "--first", "W", "--played", "SK")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("North (to play)", "♠ A Q", "West", "East", "South", "trumps ♣", "W ♠K"):
        assert text in out, text
    assert "♠A" in out and "1 best" in out and "N-S tricks" in out
    assert "W ♠K  N ♠A  E ♠2  S ♠4  won by N" in out
    assert "N ♠Q  E ♠3  S ♦2  W ♣2  won by W" in out


def test_solve_table_json_worked_by_hand() -> None:
    # each hand holds a whole suit: the holder of trumps takes all thirteen, whoever leads
    result = invoke("--table", "--deal", FOUR_SUITS, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {
        "table": {
            "S": {"N": 13, "E": 0, "S": 13, "W": 0},
            "H": {"N": 0, "E": 13, "S": 0, "W": 13},
            "D": {"N": 13, "E": 0, "S": 13, "W": 0},
            "C": {"N": 0, "E": 13, "S": 0, "W": 13},
        }
    }


def test_solve_table_text() -> None:
    result = invoke("--table", "--deal", "N:AQ... 32... 4..2. K..3.")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Tricks for the side of the first player" in out
    assert "N leads" in out and "W leads" in out and "North" in out
    assert "to play" not in out


ERRORS = [
    (["--deal", "N:AK... Q... J... T...", "--trump", "S", "--first", "N"], "unequal hands"),
    (["--deal", "N:A... A... J... T...", "--trump", "S", "--first", "N"], "♠A is in two hands"),
    (
        ["--deal", "N:A2... K.2.. Q..2. J...2", "--trump", "S", "--first", "N", "--played",
         "SA H2"],
        "played card ♥2 (by E) is illegal: E still holds spades",
    ),
    (
        ["--deal", ENDING, "--trump", "C", "--first", "W", "--played", "SA"],
        "♠A, the first card of the trick, is played by W, but the deal gives it to N",
    ),
    (
        ["--deal", ENDING, "--trump", "C", "--first", "W", "--played", "HA"],
        "it is in no hand of the deal",
    ),
    (
        ["--deal", ENDING, "--trump", "C", "--first", "W", "--played", "SK SX"],
        "--played: cannot read card 'SX'",
    ),
    (
        ["--deal", FOUR_SUITS, "--trump", "C", "--first", "N", "--played", "SA HA DA CA"],
        "a trick in progress has at most three",
    ),
    (["--deal", "AK... Q... J... T...", "--trump", "S", "--first", "N"], "expected a PBN deal"),
    (["--deal", "N:AK... Q... J...", "--trump", "S", "--first", "N"], "expected four hands"),
    (["--deal", "N:AX... Q... J... T...", "--trump", "S", "--first", "N"], "'X' is not a rank"),
    (["--deal", "N:A.. Q... J... T...", "--trump", "S", "--first", "N"], "N's hand"),
    (["--deal", ENDING, "--trump", "X", "--first", "W"], "--trump 'X': expected S, H, D or C"),
    (["--deal", ENDING, "--trump", "NT", "--first", "W"], "--trump 'NT'"),
    (["--deal", ENDING, "--trump", "C", "--first", "Q"], "--first 'Q': expected N, E, S or W"),
    (["--trump", "C", "--first", "W"], "--deal is required"),
    (["--deal", ENDING, "--first", "W"], "--trump is required"),
    (["--deal", ENDING, "--trump", "C"], "--first is required"),
    (["--table", "--deal", ENDING, "--played", "SK"], "--table takes no --played"),
    (["--table", "--deal", ENDING, "--trump", "S"], "--table takes no --trump"),
    (["--table", "--deal", "N:AK... Q... J... T..."], "unequal hands"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_solve_errors_are_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cavendish: error: ")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_solve_help_says_the_deal_includes_the_played_cards() -> None:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """Test app."""

    register(app)
    result = CliRunner().invoke(app, ["solve", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "INCLUDES the cards already played to the current trick" in result.output

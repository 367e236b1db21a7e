"""Clay's dummy as 001 plays it (issue 23 item 2): single games, the dummy passing to
each player in turn, each game settled player against player "from each adversary".
001 ("Dummy Whist", Mr. Clay's method): "Single games are played and not rubbers, and
each player plays one in his turn. [...] if twelve tricks out of the thirteen are made,
the value of the game is fifteen points [...] And if all thirteen tricks are made [...]
the winner receives seventeen points from each adversary"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, Side, get_rules
from cavendish.game import Session
from cavendish.io.pbn import write_pbn_file
from cavendish.players import RandomPlayer
from cavendish.scoring import HandResult, ScoreSheet
from cavendish.scoring.clay import ClayLedger, ClayTable

CLAY = get_rules("clay")
ANN = ClayTable("Ann", Side.NS, ("Bob", "Cy"))


def three(seed: int) -> dict[Seat, RandomPlayer | None]:
    names = ("Ann", "Bob", "Cy")
    seats = (Seat.E, Seat.S, Seat.W)
    return {s: RandomPlayer(seed + i, n) for i, (s, n) in enumerate(zip(seats, names, strict=True))}


def test_001_clay_twelve_tricks_are_fifteen_from_each_adversary() -> None:
    """001: "if twelve tricks out of the thirteen are made, the value of the game is
    fifteen points, viz., eleven for tricks and four for the game"; the holder of the
    dummy gains it from each adversary."""
    sheet = ScoreSheet(CLAY)
    sheet.record(HandResult((12, 1)))
    assert sheet.games[0].value == 15
    assert sheet.ledger([ANN]).balances == {"Ann": 30, "Bob": -15, "Cy": -15}


def test_001_clay_a_game_lost_is_paid_to_each_adversary() -> None:
    """001: "from each adversary" cuts both ways: the holder who loses pays each."""
    sheet = ScoreSheet(CLAY)
    sheet.record(HandResult((1, 12)))
    assert sheet.ledger([ANN]).balances == {"Ann": -30, "Bob": 15, "Cy": 15}


def test_001_clay_grand_slam_is_seventeen_from_each_adversary_outside_the_game() -> None:
    """001: "if all thirteen tricks are made [...] the winner receives seventeen points
    from each adversary, viz., thirteen for the tricks and four for the game points.
    But this hand does not count towards the game in which it has occurred"."""
    sheet = ScoreSheet(CLAY)
    sheet.record(HandResult((8, 5)))  # N-S 2 towards the game
    sheet.record(HandResult((13, 0)))  # the slam: settled at once
    assert sheet.score == (2, 0) and not sheet.games
    assert sheet.ledger([ANN, ANN]).balances == {"Ann": 34, "Bob": -17, "Cy": -17}


def test_clay_ledger_needs_a_table_for_every_hand() -> None:
    sheet = ScoreSheet(CLAY)
    sheet.record(HandResult((12, 1)))
    with pytest.raises(ValueError, match="0 tables given for 1 hands"):
        sheet.ledger([])


@pytest.mark.parametrize("seed", range(3))
def test_001_clay_each_player_plays_the_dummy_in_his_turn(seed: int) -> None:
    """001: "Single games are played and not rubbers, and each player plays one in his
    turn": over three games each of the three people holds the dummy once, in the
    order of play, and the ledger nets to nothing."""
    session = Session.seated("clay", three(seed), seed, rubbers=3)
    result = session.play_all()
    holders = []
    for game in result.sheet.games:
        hand = result.hands[game.hands[-1]]
        (dummy,) = hand.state.dummies
        holders.append(hand.players[dummy.partner])
        # every hand of a game is played by the same holder of the dummy
        assert {result.hands[i].players[dummy.partner] for i in game.hands} == {holders[-1]}
    assert sorted(holders) == ["Ann", "Bob", "Cy"]
    ledger = session.ledger()
    assert sum(ledger.balances.values()) == 0
    games = sum(g.value for g in result.sheet.games) + sum(result.sheet.extras)
    assert sum(abs(v) for v in ledger.balances.values()) <= 4 * games
    assert ledger == ClayLedger.of(ledger.entries)


def test_cavendish_score_prints_the_clay_ledger(tmp_path: Path) -> None:
    """``cavendish score`` settles a file of Clay's games player against player."""
    session = Session.seated("clay", three(4), 4, rubbers=2)
    result = session.play_all()
    path = tmp_path / "clay.pbn"
    write_pbn_file(result.records(event="t", date="2024.01.01"), path)
    runner = CliRunner()
    res = runner.invoke(app, ["score", str(path), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["ledger"] == session.ledger().balances
    res = runner.invoke(app, ["score", str(path)])
    assert "Ledger (from each adversary)" in res.output


def test_play_clay_series_shows_the_ledger_and_the_dummy_passing(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        app,
        ["play", "--variant", "clay", "--rubbers", "2", "--seed", "6", "--seat", "S",
         "--out", str(tmp_path / "c.pbn")],
        input="auto\n" * 400,
    )
    assert res.exit_code == 0, res.output
    assert res.output.count("Ledger (from each adversary)") >= 2
    assert "The dummy passes" in res.output

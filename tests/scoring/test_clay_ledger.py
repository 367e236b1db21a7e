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
from cavendish.core.events import CardPlayed, Claimed
from cavendish.game import Session
from cavendish.game.session import SessionError
from cavendish.io.pbn import read_pbn_file, write_pbn_file
from cavendish.io.record import HandRecord
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
    ledger = session.ledger()
    line = " · ".join(f"{who} {value:+d}" for who, value in sorted(ledger.balances.items()))
    assert f"Total per player (from each adversary): {line}" in res.output
    assert "Total: NS" not in res.output and "Games: NS" not in res.output


def test_play_clay_series_shows_the_ledger_and_the_dummy_passing(tmp_path: Path) -> None:
    res = CliRunner().invoke(
        app,
        ["play", "--variant", "clay", "--rubbers", "2", "--seed", "6", "--seat", "S",
         "--out", str(tmp_path / "c.pbn")],
        input="auto\n" * 400,
    )
    assert res.exit_code == 0, res.output
    assert res.output.count("Total per player (from each adversary)") >= 2
    assert "The dummy passes" in res.output


def clay_series(tmp_path: Path) -> tuple[str, list[HandRecord]]:
    """``cavendish play --variant clay --rubbers 2 --seed 2`` with piped input: what
    the terminal said, and the record."""
    out = tmp_path / "c.pbn"
    res = CliRunner().invoke(
        app,
        ["play", "--variant", "clay", "--rubbers", "2", "--seed", "2", "--out", str(out)],
        input="auto\n" * 600,
    )
    assert res.exit_code == 0, res.output
    return res.output, read_pbn_file(out)


def test_001_clay_the_sheet_total_is_per_player_never_per_seat(tmp_path: Path) -> None:
    """001 (Clay's dummy, offset 234450): "the winner receives seventeen points from
    each adversary": the total is what each player has won or lost from each
    adversary, never a seat's sum across games with different dummies."""
    output, records = clay_series(tmp_path)
    assert "Total: NS" not in output and "Games: NS" not in output
    totals = [line for line in output.splitlines()
              if line.startswith("Total per player (from each adversary): ")]
    last = totals[-1].split(": ", 1)[1].split(" · ")
    names = {n for r in records for n in r.players if n != "Dummy"}
    assert {part.rsplit(" ", 1)[0] for part in last} == names
    assert sum(int(part.rsplit(" ", 1)[1]) for part in last) == 0


def test_001_clay_the_diagram_shows_the_names_as_the_hand_was_played(tmp_path: Path) -> None:
    """001 (Clay's dummy, offset 234101): "each player plays one in his turn": after the
    last hand of a game the dummy passes, and the diagram of that hand still names
    those who played it."""
    output, records = clay_series(tmp_path)
    assert "The dummy passes" in output
    for record in records:
        shown = output.split(f"Board {record.board} is over")[1].split("Taken: ")[0]
        for seat, word in zip("NESW", ("North", "East", "South", "West"), strict=True):
            name = record.players["NESW".index(seat)]
            assert f"{word} ({name})" in shown, (record.board, seat, name)


def test_001_clay_no_hands_are_thrown_up(tmp_path: Path) -> None:
    """001 (Clay's dummy, offset 234742): "When Dummy Whist is played in this way, no
    hands are thrown up, as every trick is of value": a concession, or a claim that
    gives up some tricks, is refused in those words; a claim of all is judged."""
    session = Session.seated("clay", three(4), 4, rubbers=1)
    session.start_hand()
    with pytest.raises(SessionError, match="no hands are thrown up, as every trick is of value"):
        session.concede(Seat.E)
    with pytest.raises(SessionError, match="no hands are thrown up"):
        session.claim_tricks(Seat.E, 12)
    claim = session.claim_tricks(Seat.E, 13)  # all of them: judged double dummy
    assert claim.tricks == 13
    res = CliRunner().invoke(
        app,
        ["play", "--variant", "clay", "--rubbers", "1", "--seed", "2",
         "--out", str(tmp_path / "c.pbn")],
        input="concede\n" + "auto\n" * 400,
    )
    assert res.exit_code == 0, res.output
    assert 'at Clay\'s dummy "no hands are thrown up, as every trick is of value" (001)' in (
        res.output
    )
    (record, *_) = read_pbn_file(tmp_path / "c.pbn")
    assert not any(isinstance(e, Claimed) for e in record.events)
    assert len([e for e in record.events if isinstance(e, CardPlayed)]) == 52

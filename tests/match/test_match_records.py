"""The hands a match played, kept with each board (the play of both rooms and the card
turned up) and written as PBN (``MatchResult.records``, ``cavendish match --pbn``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, Side, get_rules
from cavendish.io.pbn import read_pbn_file
from cavendish.match import MatchSpec, PlayerSpec
from cavendish.match.duplicate import play_room, room_names, run_match
from cavendish.match.journal import MatchHeader, load


@pytest.mark.parametrize("variant", ["short", "dummy", "double-dummy"])
def test_match_records_replay_to_each_rooms_tricks(variant: str) -> None:
    m = run_match("classical", "random", boards=3, seed=21, variant=variant)
    records = m.records()
    assert len(records) == 6
    for r, (one, two) in zip(m.results, zip(records[::2], records[1::2], strict=True),
                             strict=True):
        assert one.board == two.board == r.board + 1
        assert one.deal.to_pbn() == two.deal.to_pbn() == r.deal
        assert str(one.deal.trump_card) == r.trump_card
        # A sits N-S in room 1 and E-W in room 2
        assert (one.replay().tricks_won(Side.NS), two.replay().tricks_won(Side.EW)) == r.tricks
        assert one.players[0].startswith("A classical") or one.players[0] == "Dummy"
        assert two.players[1].startswith("A classical") or two.players[1] == "Dummy"
        assert one.variant == two.variant == variant


def test_match_records_name_the_seats_as_the_match_built_them() -> None:
    m = run_match("classical", "random", boards=1, seed=5)
    spec = MatchSpec(PlayerSpec.named("classical"), PlayerSpec.named("random"), "short", 5)
    built = play_room(spec, 0, 2)[0].players
    assert m.records()[1].players == built
    assert built == room_names("classical", "random", get_rules("short"), 2)
    assert built == ("B random N", "A classical E", "B random S", "A classical W")


def test_match_journal_keeps_the_play_and_the_trump_card(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    m = run_match("classical", "random", boards=2, seed=8, journal=path)
    back = load(path, MatchHeader("classical", "random", "short", 8))
    assert [(r.plays, r.trump_card) for r in back] == [(r.plays, r.trump_card)
                                                       for r in m.results]
    assert all(len(p.split()) == 52 for r in back for p in r.plays)


def test_match_journal_without_the_play_still_loads_and_has_no_records(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    run_match("classical", "random", boards=2, seed=8, journal=path)
    lines = path.read_text().splitlines()
    old = [lines[0]]
    for line in lines[1:]:
        row = json.loads(line)
        del row["plays"], row["trump_card"]
        old.append(json.dumps(row))
    path.write_text("\n".join(old) + "\n")
    m = run_match("classical", "random", boards=3, seed=8, journal=path)
    assert [r.board for r in m.results] == [0, 1, 2]
    assert [r.board for r in m.records()] == [3, 3]  # only the board played afresh


def test_cli_match_pbn_writes_both_rooms_of_every_board(tmp_path: Path) -> None:
    out = tmp_path / "hands.pbn"
    result = CliRunner().invoke(app, ["match", "classical", "random", "-n", "2", "--seed",
                                      "4", "-w", "1", "-q", "--json", "--pbn", str(out)])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    records = read_pbn_file(out)
    assert [r.board for r in records] == [1, 1, 2, 2]
    diffs = []
    for one, two in zip(records[::2], records[1::2], strict=True):
        a1 = one.replay().tricks_won(Side.NS)
        a2 = two.replay().tricks_won(Side.EW)
        diffs.append(a1 + a2 - 13)
    assert sum(diffs) / 2 == figures["tricks_per_deal"]
    assert records[0].players[int(Seat.N)] == "A classical N"


def test_cli_match_pbn_to_a_missing_folder_fails_before_playing(tmp_path: Path) -> None:
    out = tmp_path / "no" / "hands.pbn"
    result = CliRunner().invoke(app, ["match", "pimc", "random", "-n", "400", "-w", "1",
                                      "-q", "--pbn", str(out)])
    assert result.exit_code == 2
    assert f"--pbn {out}: no folder {out.parent} to write it in" in result.output


def test_cli_match_pbn_names_a_board_whose_journal_line_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    run_match("classical", "random", boards=2, seed=8, journal=path)
    lines = path.read_text().splitlines()
    row = json.loads(lines[2])
    row["plays"][1] = row["plays"][1].replace(row["plays"][1][:2], "ZZ", 1)
    lines[2] = json.dumps(row)
    path.write_text("\n".join(lines) + "\n")
    out = tmp_path / "hands.pbn"
    result = CliRunner().invoke(app, ["match", "classical", "random", "-n", "2", "--seed",
                                      "8", "-w", "1", "-q", "--json", "--journal", str(path),
                                      "--pbn", str(out)])
    assert result.exit_code == 1
    assert json.loads(result.stdout.splitlines()[0])["boards"] == 2  # the result is kept
    assert f"--pbn {out}: board 2: its record cannot be made:" in result.output
    assert "ZZ" in result.output

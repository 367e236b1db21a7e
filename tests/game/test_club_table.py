"""A table of more than four candidates, from the terminal (issue 23 item 5): the
cut, the waiting and the cutting out of laws 16-25 (003, the club code)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.game.club_table import ClubTable
from cavendish.game.session import SessionError
from cavendish.players import Player, RandomPlayer

SHORT = get_rules("short")


def people(n: int, human: bool = False) -> dict[str, Player | None]:
    out: dict[str, Player | None] = {f"P{i}": RandomPlayer(i, f"P{i}") for i in range(n)}
    if human:
        out["You"] = None
        out.pop("P0")
    return out


@pytest.mark.parametrize("seed", range(4))
def test_law_16_the_four_who_cut_the_lowest_play_and_the_lowest_deals(seed: int) -> None:
    """Law 16: "If there are more than four candidates, the players are selected by
    cutting [...] The four who cut the lowest cards play first, and again cut to
    decide on partners; the two lowest play against the two highest; the lowest is
    the dealer"."""
    club = ClubTable(SHORT, people(6), seed)
    session, rulings = club.next_rubber()
    cut = club.table.last_cut
    assert cut is not None and rulings[0][0] == 16
    assert sorted(session.seating.names.values()) == sorted(cut.players)
    assert session.seating.names[session.seating.first_dealer] == cut.dealer
    low = {session.seating.seat_of(n) for n in cut.low_pair}
    assert low in ({Seat.N, Seat.S}, {Seat.E, Seat.W})


def test_law_17_the_table_is_complete_with_six_and_the_others_wait() -> None:
    """Law 17: "When there are more than six candidates, those who cut the two next
    lowest cards belong to the table, which is complete with six players"."""
    club = ClubTable(SHORT, people(8), 2)
    club.next_rubber()
    assert len(club.table.members) == 6 and len(club.table.queue) == 2
    assert club.waiting() == club.table.members[4:] + club.table.queue
    assert any(law == 17 for law, _ in club.table.rulings)


@pytest.mark.parametrize("seed", range(3))
def test_law_20_those_who_played_most_consecutive_rubbers_go_out(seed: int) -> None:
    """Law 20: "At the end of a rubber, should admission be claimed by any one, or by
    two candidates, he who has, or they who have played a greater number of
    consecutive rubbers than the others is, or are, out"."""
    club = ClubTable(SHORT, people(6), seed)
    first, _ = club.next_rubber()
    first.play_all()
    waited = set(club.waiting())
    second, rulings = club.next_rubber()
    assert [law for law, _ in rulings] == [20]
    # the two who waited play now; two of the first four go out
    assert waited <= set(second.seating.names.values())
    assert len(set(first.seating.names.values()) & set(second.seating.names.values())) == 2


def test_a_person_is_seated_where_he_asks_whenever_he_plays() -> None:
    club = ClubTable(SHORT, people(6, human=True), 1, request=("You", Seat.E))
    played = 0
    for _ in range(3):
        session, _ = club.next_rubber()
        if "You" in session.seating.names.values():
            assert session.seating.names[Seat.E] == "You"
            played += 1
        else:
            assert "You" in club.waiting()
    assert played >= 1


def test_a_table_of_candidates_is_for_four_in_partnership() -> None:
    with pytest.raises(SessionError, match="four players in partnership"):
        ClubTable(get_rules("dummy"), people(6), 1)
    with pytest.raises(SessionError, match="four candidates"):
        ClubTable(SHORT, people(3), 1)


def test_cavendish_play_candidates_shows_the_cut_the_waiting_and_the_cutting_out(
    tmp_path: Path,
) -> None:
    res = CliRunner().invoke(
        app,
        ["play", "--candidates", "6", "--rubbers", "2", "--seed", "5", "--players", "random",
         "--out", str(tmp_path / "k.pbn")],
        input="auto\n" * 800,
    )
    assert res.exit_code == 0, res.output
    assert "Law 16:" in res.output and "Law 17:" in res.output and "Law 20:" in res.output
    assert "waiting: " in res.output
    res = CliRunner().invoke(app, ["play", "--candidates", "6", "--variant", "dummy"])
    assert res.exit_code == 2

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
from cavendish.io.pbn import read_pbn_file
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


def test_law_21_a_candidate_who_comes_during_the_cut_is_not_admitted_to_it() -> None:
    """Law 21: "Candidates [...] must declare [...] before any of the players have
    cut"; one who comes while the cards are cut waits behind those who cut (law 17)."""
    club = ClubTable(SHORT, people(6), 4)
    first, _ = club.next_rubber()
    first.play_all()
    club.late_comer("Late", RandomPlayer(9, "Late"))
    second, rulings = club.next_rubber()
    refused = [text for law, text in rulings if law == 21]
    assert refused and "Late" in refused[0] and "not admitted to this cut" in refused[0]
    assert "Late" not in second.seating.names.values()
    assert club.waiting()[-1] == "Late" and club.table.queue == ["Late"]


def test_law_21_a_person_who_retired_may_declare_before_the_next_cut() -> None:
    """Law 21: a candidate declares before the cut, and is then admitted to it."""
    club = ClubTable(SHORT, people(6, human=True), 2)
    club.next_rubber()
    played = "You" in club.table.players
    club.finish_rubber()
    club.retire("You")
    assert "You" not in club.waiting() and "You" not in club.table.players
    club.finish_rubber()
    club.table.declare("You")
    _, rulings = club.next_rubber()
    assert "You" in club.table.members and len(club.table.players) == 4
    # his place at play, left empty, fell to the first member out of play (law 20)
    assert played == any("places left empty" in text for law, text in rulings if law == 20)


def test_law_23_a_substitute_stands_for_the_rest_of_the_rubber_only() -> None:
    """Law 23: "A player [...] may, with the consent of the other three players,
    appoint a substitute [...] but such appointment becomes void with the conclusion
    of the rubber"."""
    club = ClubTable(SHORT, people(6), 1)
    session, _ = club.next_rubber()
    members = list(club.table.members)
    leaving = club.table.players[0]
    seat = session.seating.seat_of(leaving)
    sub = club.substitute(session, leaving)
    assert sub in members[4:] and session.seating.names[seat] == sub
    assert session.players[seat] is club.people[sub]
    assert (23, f"{sub} stands for {leaving} for the rest of the rubber") in club.table.rulings
    session.play_all()
    club.finish_rubber()
    assert club.table.members == members and not club.table.substitutes
    # he was a member out of play, and is one again (not gone from the table)
    assert (
        23,
        f"the rubber is over: {sub} stood for {leaving}, and is a member out of play again",
    ) in club.table.rulings


def test_law_23_nobody_waiting_no_substitute() -> None:
    club = ClubTable(SHORT, people(4), 1)
    session, _ = club.next_rubber()
    with pytest.raises(SessionError, match="law 23"):
        club.substitute(session, club.table.players[0])


def _play(tmp_path: Path, n: int, rubbers: int, lines: str, seed: int = 5) -> str:
    res = CliRunner().invoke(
        app,
        ["play", "--candidates", str(n), "--rubbers", str(rubbers), "--seed", str(seed),
         "--players", "random", "--out", str(tmp_path / "k.pbn")],
        input=lines,
    )
    assert res.exit_code == 0, res.output
    return res.output


def test_cavendish_play_candidates_withdraw_and_declare_between_rubbers(tmp_path: Path) -> None:
    """Laws 17, 21 from the terminal: the person retires between rubbers, a computer
    coming during the cut is refused at it, and the person declares before a cut."""
    # seed 0, 6 candidates: You belong to the table but sit out rubber 1
    out = _play(tmp_path, 6, 3, "withdraw\ndeclare\n" + "auto\n" * 600, seed=0)
    assert "Law 17: you retire from the table" in out
    second = out.split("Rubber 2 ·")[1].split("Rubber 3 ·")[0]
    assert "You" not in second.split("At play:")[1].splitlines()[0]
    assert "Law 21: you declare before the cut" in out
    assert "declares after the cutting began: too late: not admitted to this cut" in out
    assert "comes after the cut: he waits behind those who cut" in out
    # the rubber you watched is numbered as the session's and kept beside yours
    assert "Rubber 2: won by" in second and "Rubber 1: won by" not in second
    watched = tmp_path / "k-rubber2.pbn"
    assert "Saved its " in second and str(watched) in second
    records = read_pbn_file(watched)
    assert records and "You" not in {n for r in records for n in r.players}


def test_cavendish_play_candidates_leave_with_a_substitute(tmp_path: Path) -> None:
    """Law 23 from the terminal: the person quits during the rubber and a computer
    waiting stands for him, the other three consenting; the session goes on."""
    out = _play(tmp_path, 6, 2, "auto\n" * 5 + "quit\nsubstitute\n\n" + "auto\n" * 600)
    assert "Law 23: Hoyle stands for you for the rest of the rubber" in out
    back = "Law 23: the rubber is over: Hoyle stood for You, and is a member out of play again."
    assert back in out
    assert "Rubber 2 · 7 candidates" in out
    # the rubber's record holds its hands to the end, the substitute's included
    records = read_pbn_file(tmp_path / "k.pbn")
    assert len(records) >= 2 and "Hoyle" in records[-1].players  # a rubber: two games at least
    assert f"Saved the rubber's {len(records)} hands to {tmp_path / 'k.pbn'}" in out


def two_tables(seed: int) -> tuple[ClubTable, list[list[tuple[int | None, str]]]]:
    """Eleven computers, two tables: the first table's rubbers played out, and the
    second table's step at each of three breaks."""
    club = ClubTable(SHORT, people(11), seed, tables=2)
    steps = []
    for _ in range(3):
        club.next_rubber()[0].play_all()
        club.finish_rubber()
        steps.append(club.beside())
    return club, steps


@pytest.mark.parametrize("seed", range(3))
def test_law_22_at_a_new_table_those_of_no_other_table_enter_first(seed: int) -> None:
    """Law 22: "Candidates who have neither belonged to nor played at any other table
    have the prior right of entry; the others decide their right of admission by
    cutting"."""
    club = ClubTable(SHORT, people(11), seed, tables=2)
    club.next_rubber()[0].play_all()
    waiting = list(club.table.queue)
    club.finish_rubber()
    step = club.beside()
    second = club.club.tables["the second table"]
    (law22,) = [text for law, text in step if law == 22]
    mover = law22.split("; ")[1].split(" cut")[0]
    assert mover not in club.table.members and mover in second.members
    fresh = [n for n in waiting if n not in club.table.members]
    assert law22.startswith(f"{', '.join(fresh)} enter first") and mover in club.table.ever
    assert set(fresh) | {mover} == set(second.members)
    assert any(law is None and "the second table" in text for law, text in step)


@pytest.mark.parametrize("seed", range(3))
def test_law_24_cutting_into_another_table_loses_the_right_of_re_entry(seed: int) -> None:
    """003 law 24: "A player cutting into one table, whilst belonging to another, loses
    his right of re-entry into that latter, and takes his chance of cutting in, as if
    he were a fresh candidate"; the place he leaves goes at once to the candidate next
    by the cut (law 17: "the candidate who cut the next lowest card has a prior right")."""
    club = ClubTable(SHORT, people(11), seed, tables=2)
    for _ in range(2):
        club.next_rubber()[0].play_all()
        club.finish_rubber()
        queue = list(club.table.queue)
        step = club.beside()
    (law24,) = [text for law, text in step if law == 24]
    mover = law24.split(" cuts into")[0]
    assert "loses his right of re-entry into the table" in law24
    assert mover not in club.table.members + club.table.queue
    second = club.club.tables["the second table"]
    assert mover in second.members  # he cut in as a fresh candidate, the table having room
    assert len(club.table.players) == 4  # his place at play filled before the cut
    if queue:  # his place at the table filled at once (law 17)
        assert queue[0] in club.table.members and len(club.table.members) == 6
        assert (17, f"{mover} cuts into the second table: {queue[0]}, next by his cut, "
                "enters") in step
    club.next_rubber()


def _piped(tmp_path: Path, args: list[str], lines: str) -> str:
    res = CliRunner().invoke(app, ["play", *args, "--out", str(tmp_path / "k.pbn")],
                             input=lines)
    assert res.exit_code == 0, res.output
    return res.output


def _rubber(out: str, k: int) -> str:
    return out.split(f"Rubber {k} ·")[1].split(f"Rubber {k + 1} ·")[0]


def _listed(line: str) -> list[str]:
    return line.split(": ", 1)[1].split(" · waiting: ")[1].rstrip(".").split(", ")


def test_law_24_the_place_left_is_filled_at_once_at_the_terminal(tmp_path: Path) -> None:
    """003 law 24 and law 17 ("the candidate who cut the next lowest card has a prior
    right"), from the command of issue 31: ``cavendish play --candidates 11 --rubbers 4
    --seed 4``; the member who cuts into the second table leaves a place that the next
    by the cut takes at once, and he claims admission at the next cut (law 20)."""
    out = _piped(tmp_path, ["--candidates", "11", "--rubbers", "4", "--seed", "4"],
                 "auto\n" * 3000)
    (law24,) = [line for line in out.splitlines() if line.startswith("Law 24: ")]
    mover = law24.removeprefix("Law 24: ").split(" cuts into")[0]
    (law17,) = [line for line in out.splitlines()
                if line.startswith(f"Law 17: {mover} cuts into the second table: ")]
    entering = law17.split(": ")[2].split(",")[0]
    third = _rubber(out, 3)
    claim = next(line for line in third.splitlines() if line.startswith("Law 20: "))
    at_play = next(line for line in third.splitlines() if line.startswith("At play: "))
    assert entering in claim.split(" claim admission")[0] or entering in at_play
    assert mover not in at_play


def test_law_25_the_broken_table_stands_after_those_waiting_at_the_terminal(
    tmp_path: Path,
) -> None:
    """003 law 25: "the remaining players have the prior right to him of entry into
    any other": over him, and over nobody else; those already waiting keep their
    place (law 17).  ``cavendish play --candidates 11 --rubbers 4 --seed 4``."""
    out = _piped(tmp_path, ["--candidates", "11", "--rubbers", "4", "--seed", "4"],
                 "auto\n" * 3000)
    third, fourth = _rubber(out, 3), _rubber(out, 4)
    before = _listed(next(x for x in third.splitlines() if x.startswith("At play: ")))
    law25 = next(x for x in fourth.splitlines() + third.splitlines()
                 if x.startswith("Law 25: ") and " breaks up " in x)
    breaker = law25.removeprefix("Law 25: ").split(" breaks up")[0]
    others = law25.split("the second table: ")[1].split(" have the prior")[0].split(", ")
    after = _listed(next(x for x in fourth.splitlines() if x.startswith("At play: ")))
    waited = [n for n in before if n in after]
    assert waited
    assert max(after.index(n) for n in waited) < min(after.index(o) for o in others)
    assert max(after.index(o) for o in others) < after.index(breaker)
    assert "Cut for precedence (law 25): " in out  # the cut's cards shown (point 6)


def test_law_22_the_person_never_at_a_table_enters_a_new_table_first(tmp_path: Path) -> None:
    """003 law 22: "those candidates who have neither belonged to nor played at any
    other table have the prior right of entry; the others decide their right of
    admission by cutting": you, waiting, are one of them; the cut's cards are shown."""
    out = _piped(tmp_path, ["--candidates", "11", "--rubbers", "2", "--seed", "4"],
                 "auto\n" * 3000)
    (law22,) = [line for line in out.splitlines() if line.startswith("Law 22: ")]
    fresh = law22.removeprefix("Law 22: ").split(" enter first")[0].split(", ")
    assert "You" in fresh
    other = law22.split("; ")[1].split(" cut for")[0]
    assert other not in fresh
    assert "Cut for the table (law 16): " in out.split("Law 22: ")[1]
    if "you among them" in out:  # you play the second table's rubber, card by card
        records = read_pbn_file(tmp_path / "k-second2.pbn")
        assert records and all("You" in r.players for r in records)


def test_law_21_a_candidate_who_declares_twice_is_listed_once_at_the_terminal(
    tmp_path: Path,
) -> None:
    """003 law 21: "A candidate wishing to enter a table must declare such intention
    prior to any of the players having cut a card": you, waiting already, declare
    again and are listed once (``--candidates 8 --rubbers 2 --seed 3``)."""
    out = _piped(tmp_path, ["--candidates", "8", "--rubbers", "2", "--seed", "3"],
                 "declare\n" + "auto\n" * 3000)
    assert "Law 21: you wait already, next by your cut: a candidate is listed once." in out
    for k in (1, 2):
        line = next(x for x in _rubber(out, k).splitlines() if x.startswith("At play: "))
        names = line.removeprefix("At play: ").replace(" · waiting: ", ", ").split(", ")
        assert names.count("You") == 1 and len(names) == len(set(names))


def test_law_23_the_one_leaving_appoints_his_substitute(tmp_path: Path) -> None:
    """003 law 23: "Any one quitting a table prior to the conclusion of a rubber, may,
    with consent of the other three players, appoint a substitute": you name him."""
    first = _play(tmp_path, 6, 2, "auto\n" * 5 + "quit\nsubstitute\n\n" + "auto\n" * 600)
    offered = first.split("Whom do you appoint? (")[1].split(";")[0].split(", ")
    assert len(offered) >= 2
    chosen = offered[-1]
    out = _play(tmp_path, 6, 2,
                "auto\n" * 5 + f"quit\nsubstitute\nNobody\n{chosen.lower()}\n" + "auto\n" * 600)
    assert "Nobody is not waiting here: appoint one of" in out
    assert f"Law 23: {chosen} stands for you for the rest of the rubber" in out


@pytest.mark.parametrize("seed", range(3))
def test_law_25_who_breaks_up_a_table_stands_after_the_others(seed: int) -> None:
    """Law 25: "If any one break up a table, the remaining players have the prior
    right to him of entry into any other"."""
    club, steps = two_tables(seed)
    assert "the second table" not in club.club.tables
    texts = [text for law, text in steps[2] if law == 25]
    breaker = texts[-1].split(" breaks up")[0]
    others = texts[-1].split("the second table: ")[1].split(" have the prior")[0].split(", ")
    standing = club.table.members + club.table.queue
    assert all(standing.index(o) < standing.index(breaker) for o in others)
    assert club.beside() == []  # one table left


def test_cavendish_play_candidates_eleven_shows_the_second_table(tmp_path: Path) -> None:
    """Laws 22, 24, 25 from the terminal: eleven candidates, a second table beside."""
    out = _play(tmp_path, 11, 4, "auto\n" * 3000)
    for law in (22, 24, 25):
        assert f"Law {law}: " in out
    assert "Beside: the second table: " in out

"""Cutting, the formation of tables, cutting out, entry and re-entry (laws 13-25)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cavendish.core.table import cut_for_partners
from cavendish.laws import NotAllowed
from cavendish.laws.table_laws import Club, PhysicalCutter, Table, cut_order


class Script:
    """A cutter playing back rounds of ``{player: card}``."""

    def __init__(self, *rounds: dict[str, str]) -> None:
        self.rounds = list(rounds)

    def __call__(self, players: tuple[str, ...], reason: str) -> Sequence[str]:
        script = self.rounds.pop(0)
        assert sorted(players) == sorted(script), (players, script)
        return [script[p] for p in players]


def test_law_13_the_ace_is_the_lowest_card_in_cutting() -> None:
    cutter = PhysicalCutter({"Ann": ["SK"], "Bob": ["HA"], "Cy": ["D2"], "Di": ["C7"]})
    result = cut_for_partners(random.Random(0), ["Ann", "Bob", "Cy", "Di"], cutter=cutter)
    assert result.dealer == "Bob" and result.low_pair == ("Bob", "Cy")


def test_law_14_every_one_cuts_from_the_same_pack() -> None:
    cutter = PhysicalCutter({"Ann": ["SK"], "Bob": ["SK"], "Cy": ["D2"], "Di": ["C7"]})
    with pytest.raises(ValueError, match="law 14"):
        cut_for_partners(random.Random(0), ["Ann", "Bob", "Cy", "Di"], cutter=cutter)


def test_law_15_a_player_exposing_more_than_one_card_cuts_again() -> None:
    cutter = PhysicalCutter(
        {"Ann": [("S2", "S3"), "SK"], "Bob": ["HA"], "Cy": ["D2"], "Di": ["C7"]}
    )
    result = cut_for_partners(random.Random(0), ["Ann", "Bob", "Cy", "Di"], cutter=cutter)
    assert cutter.rulings == [(15, "Ann exposes S2 S3 in cutting: he must cut again")]
    assert result.high_pair == ("Di", "Ann")  # Ann's second cut, the king, counts


def test_law_16_more_than_four_candidates_the_four_lowest_play_lowest_deals() -> None:
    table = Table(
        cutter=Script(
            {"A": "S2", "B": "S9", "C": "H3", "D": "D4", "E": "CK"},
            {"A": "S5", "B": "H6", "C": "DQ", "D": "C2"},
        )
    )
    for name in "ABCDE":
        table.declare(name)
    result = table.form()
    assert set(result.players) == {"A", "B", "C", "D"} and result.dealer == "D"
    assert result.low_pair == ("D", "A") and table.members[4:] == ["E"]


def test_law_17_table_complete_with_six_next_lowest_has_the_prior_right() -> None:
    table = Table(seed=3)
    for name in "ABCDEFGH":
        table.declare(name)
    table.form()
    assert len(table.members) == 6 and len(table.queue) == 2
    seventh = table.queue[0]
    table.arrive("Late")
    assert table.queue == [seventh, table.queue[1], "Late"]
    table.end_rubber()
    waiting = table.members[4]
    entered = table.retire(waiting)
    assert entered == seventh  # before the after-comer
    assert table.rulings[-1][0] == 17


def test_law_18_two_equal_lowest_cut_again_for_the_deal_only() -> None:
    table = Table(
        cutter=Script(
            {"A": "S2", "B": "H2", "C": "DQ", "D": "CK"},
            {"A": "S9", "B": "S3"},
        )
    )
    for name in "ABCD":
        table.declare(name)
    result = table.form()
    assert result.dealer == "B" and set(result.low_pair) == {"A", "B"}


def test_law_19_three_equal_the_fourth_highest_two_lowest_of_the_new_cut_partners() -> None:
    three = Table(
        cutter=Script(
            {"A": "S4", "B": "H4", "C": "D4", "D": "CK"},
            {"A": "S9", "B": "S3", "C": "H7"},
        )
    )
    for name in "ABCD":
        three.declare(name)
    result = three.form()
    assert result.low_pair == ("B", "C") and result.dealer == "B"


def test_law_20_cutting_out_most_consecutive_rubbers_go_out_ties_cut_highest_out() -> None:
    table = Table(seed=7)
    for name in "ABCDE":
        table.declare(name)
    table.form()
    playing = list(table.players)
    waiting = table.members[4]
    table.end_rubber()
    table.consecutive[playing[0]] = 3  # has played three rubbers running
    result = table.cut_out()
    assert playing[0] not in result.players and waiting in result.players
    assert table.rulings[-1][0] == 20 or any(r[0] == 20 for r in table.rulings)
    # all equal: they cut, and the highest goes out
    tie = Table(
        cutter=Script(
            {"A": "S2", "B": "S3", "C": "S4", "D": "S5", "E": "S6"},  # the table
            {"A": "C2", "B": "C3", "C": "C4", "D": "C5"},  # partners and deal
            {"A": "H2", "B": "H3", "C": "H4", "D": "HK"},  # to go out: D cuts highest
            {"A": "D2", "B": "D3", "C": "D4", "E": "D5"},  # the new four
        )
    )
    for name in "ABCDE":
        tie.declare(name)
    tie.form()
    tie.end_rubber()
    result = tie.cut_out()
    assert "D" not in result.players and "E" in result.players


def test_law_21_candidate_must_declare_before_anyone_has_cut() -> None:
    table = Table()

    def cutter(players: tuple[str, ...], reason: str) -> list[str]:
        with pytest.raises(NotAllowed, match="law 21"):
            table.declare("Late")  # the cards are being cut
        return ["S2", "S3", "S4", "S5", "S6"][: len(players)]

    table.cutter = cutter
    for name in "ABCD":
        table.declare(name)
    table.form()
    assert "Late" not in table.members
    table.declare("Next")  # during the rubber: for the next cut
    table.end_rubber()
    table.cutter = None
    table.cut_out()
    assert "Next" in table.members and "Next" in table.players


def test_law_22_fresh_candidates_have_the_prior_right_at_a_new_table() -> None:
    club = Club(seed=4)
    club.new_table("one", list("ABCD"))
    table = club.new_table("two", ["A", "B", "P", "Q", "R", "S", "T"])
    assert {"P", "Q", "R", "S", "T"} <= set(table.members)
    assert len(table.members) == 6 and any(r[0] == 22 for r in club.rulings)
    assert len({"A", "B"} & set(table.members)) == 1  # A and B cut for the last place
    assert [c.reason for c in club.rounds] == ["cut for entry (law 22)"]
    assert club.rounds[0].players == ("A", "B")  # the cut's cards, to be shown


def test_law_23_substitute_with_the_consent_of_the_other_three_for_that_rubber() -> None:
    table = Table(seed=2)
    for name in "ABCD":
        table.declare(name)
    table.form()
    leaving = table.players[0]
    others = [p for p in table.players if p != leaving]
    with pytest.raises(NotAllowed, match="law 23"):
        table.substitute(leaving, "Sub", others[:2])
    table.substitute(leaving, "Sub", others)
    assert "Sub" in table.players
    table.end_rubber()
    assert "Sub" not in table.members and leaving in table.members


def test_law_23_a_substitute_from_the_table_returns_to_where_he_stood() -> None:
    """'for that rubber only': a substitute who was waiting goes back to his place in
    the waiting list, one who was a member out of play stays a member out of play."""
    table = Table(seed=2)
    for name in "ABCDEFGH":
        table.declare(name)
    table.form()
    members, queue = list(table.members), list(table.queue)
    first, second = table.players[0], table.players[1]
    waiting, out = queue[1], members[4]
    table.substitute(first, waiting, [p for p in table.players if p != first])
    table.substitute(second, out, [p for p in table.players if p != second])
    assert waiting not in table.queue and {waiting, out} <= set(table.players)
    assert len(table.members) == len(set(table.members)) == 6
    with pytest.raises(NotAllowed, match="playing this rubber already"):
        table.substitute(table.players[2], out, list(table.players))
    table.end_rubber()
    assert table.members == members and table.queue == queue
    assert first in table.players and second in table.players
    assert table.consecutive[waiting] == table.consecutive[out] == 0


def test_law_20_a_place_left_empty_at_play_is_taken_before_anyone_is_cut_out() -> None:
    """A player who retires between rubbers leaves a place at play: the first member
    out of play takes it, and only the claimants beyond the places left empty make
    anyone go out (law 20)."""
    table = Table(seed=3)
    for name in "ABCDEF":
        table.declare(name)
    table.form()
    table.end_rubber()
    leaving = table.players[0]
    stayed = table.players[1:]
    out_of_play = [m for m in table.members if m not in table.players]
    table.retire(leaving)
    table.cut_out()
    assert leaving not in table.players and out_of_play[0] in table.players
    laws20 = [text for law, text in table.rulings if law == 20]
    assert laws20[0].startswith(f"{out_of_play[0]}, first of the members out of play")
    # one claimant left, one of the three who played goes out
    assert out_of_play[1] in table.players
    assert sum(p in table.players for p in stayed) == 2


def test_law_24_cutting_into_another_table_loses_the_right_of_re_entry() -> None:
    """003 law 24: "A player cutting into one table, whilst belonging to another, loses
    his right of re-entry into that latter, and takes his chance of cutting in, as if
    he were a fresh candidate"; his place is filled at once by the next with the
    right (law 17: "the candidate who cut the next lowest card has a prior right")."""
    club = Club(seed=5)
    one = club.new_table("one", list("ABCDEFGH"))
    club.new_table("two", list("PQRST"))
    one.end_rubber()
    waiting, next_by_cut = one.members[4], one.queue[0]
    club.cut_into(waiting, "two")
    assert waiting not in one.members and next_by_cut in one.members
    assert len(one.members) == 6
    assert (17, f"{waiting} cuts into two: {next_by_cut}, next by his cut, enters") in one.rulings
    two = club.tables["two"]
    assert waiting in two.declared  # a fresh candidate for its next cut
    two.end_rubber()
    two.cut_out()
    assert waiting in two.members
    assert club.rulings[-1][0] == 24


def test_law_25_breaker_up_of_a_table_comes_after_the_others() -> None:
    """003 law 25: "If any one break up a table, the remaining players have the prior
    right to him of entry into any other, and should there not be sufficient vacancies
    ... they settle their precedence by cutting"; the cut's cards are kept to show."""
    club = Club(seed=6)
    one = club.new_table("one", list("ABCD"))
    club.new_table("two", list("PQRS"))
    breaker = one.members[0]
    standing = club.break_up("one", breaker, "two")
    assert standing[-1] == breaker and len(standing) == 4
    two = club.tables["two"]
    assert len(two.members) == 6 and breaker in two.queue
    assert any(r[0] == 25 for r in club.rulings)
    cut = club.rounds[0]  # then a cut again for equal cards, if any
    assert cut.reason == "cut for precedence (law 25)" and len(cut.cards) == 3


def test_law_25_gives_the_players_priority_over_him_and_over_nobody_else() -> None:
    """003 law 25: "the remaining players have the prior right to him": those already
    waiting at the other table (law 17) stand before them."""
    club = Club(seed=6)
    one = club.new_table("one", list("ABCD"))
    two = club.new_table("two", list("PQRSTUVW"))
    waiting = list(two.queue)
    two.members.remove(two.members[-1])  # a place free, and two wait for it
    breaker = one.members[0]
    club.break_up("one", breaker, "two")
    assert two.members[-1] == waiting[0]
    assert two.queue[: len(waiting) - 1] == waiting[1:]
    assert two.queue[-1] == breaker


def test_law_21_a_candidate_who_declares_twice_is_listed_once() -> None:
    """003 law 21: "A candidate wishing to enter a table must declare such intention";
    one waiting already is refused a second declaration, and listed once."""
    table = Table(seed=2)
    for name in "ABCDEFGH":
        table.declare(name)
    table.form()
    waiting = table.queue[0]
    with pytest.raises(NotAllowed, match="a candidate is listed once"):
        table.declare(waiting)
    table.end_rubber()
    table.cut_out()
    assert table.queue.count(waiting) == 1


def test_law_25_those_waiting_at_a_broken_up_table_wait_at_the_other_as_after_comers() -> None:
    club = Club(seed=6)
    one = club.new_table("one", list("ABCDEFGH"))
    club.new_table("two", list("PQRS"))
    waited = list(one.queue)
    assert waited
    club.break_up("one", one.members[0], "two")
    two = club.tables["two"]
    assert two.queue[-len(waited) :] == waited
    assert (17, f"{waited[0]}, who waited at one, waits at two") in club.rulings


def test_cut_order_is_seeded() -> None:
    names = ["A", "B", "C", "D", "E"]
    assert cut_order(random.Random(9), names) == cut_order(random.Random(9), names)

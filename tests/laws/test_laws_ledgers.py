"""The arbiter's three books (laws/ledgers.py): the decisions awaited (laws 84, 87),
the liabilities (laws 53-66) and the revoke ledger (laws 71-79), each with the
methods that own it, and the arbiter asking them instead of sharing attributes."""

from __future__ import annotations

import pytest
from laws_helpers import GRID, E, N, S, W, c

from cavendish.core.cards import Seat, Side
from cavendish.laws import Arbiter
from cavendish.laws.decisions import Decision
from cavendish.laws.errors import AwaitingDecision
from cavendish.laws.ledgers import (
    DecisionBook,
    Liabilities,
    RevokeCase,
    RevokeLedger,
    RevokeStatus,
    TrumpLiability,
)

NS, EW = Side.NS, Side.EW


def decision(book: DecisionBook, law: int, side: Side) -> Decision:
    return Decision(book.next_number, law, side, side.seats[0], side.other.seats[0],
                    f"law {law}", ("card", "pass"), "test")


def test_law_87_decisions_are_awaited_in_the_order_they_arise() -> None:
    book = DecisionBook()
    taken: list[tuple[int, str, Seat]] = []
    first, second = decision(book, 62, NS), None
    book.offer(first, lambda o, w: taken.append((62, o, w)), ruling=0)
    second = decision(book, 67, EW)
    book.offer(second, lambda o, w: taken.append((67, o, w)))
    assert book.pending() is first and book.awaiting
    book.take("pass", S)("pass", S)
    assert book.pending() is second
    book.take("card", W)("card", W)
    assert not book.awaiting and book.pending() is None
    assert taken == [(62, "pass", S), (67, "card", W)]
    assert book.elections == {0: ("pass", S), 1: ("card", W)}
    assert book.ruling_index(first) == 0 and book.ruling_index(second) is None
    assert [d.number for d in book.made] == [0, 1]


def test_law_84_a_side_agrees_who_makes_its_elections() -> None:
    book = DecisionBook()
    assert book.designated(NS) is None
    book.designate(NS, S)
    assert book.designated(NS) == S and book.designated(EW) is None


def test_law_69_a_void_hand_awaits_nothing() -> None:
    book = DecisionBook()
    book.offer(decision(book, 69, NS), lambda o, w: None)
    book.clear()
    assert not book.awaiting


def test_law_56_an_exposed_card_is_liable_until_played_and_a_dummys_never() -> None:
    book = Liabilities(dummies=(N,))
    book.make_liable(E, c("SA"), 56)
    book.make_liable(E, c("H2"), 62)
    book.make_liable(N, c("SK"), 56)
    assert book.of(E) == {c("SA"): 56, c("H2"): 62} and book.of(N) == {}
    assert book.law_of(E, c("H2")) == 62 and book.law_of(W, c("H2")) == 56
    book.forget(lambda seat, card: card != c("SA"))  # SA played
    assert book.of(E) == {c("H2"): 62} and book.sides() == {EW}
    book.drop(E, c("H2"))
    assert book.sides() == set()


def test_laws_60_62_63_a_suit_call_is_due_at_the_liable_sides_next_lead_once() -> None:
    book = Liabilities()
    book.liable_to_suit_call(EW, 62, E)
    assert book.take_suit_call(NS) is None
    assert book.take_suit_call(EW) == (EW, 62, E)
    assert book.take_suit_call(EW) is None


def test_laws_53_55_a_trump_liability_stands_until_released() -> None:
    book = Liabilities()
    book.liable_to_trump_call(TrumpLiability(S, 53, once=True))
    liability = book.trump(S)
    assert liability is not None and liability.law == 53 and book.trump(N) is None
    book.release_trump(S)
    assert book.trump(S) is None


def test_law_65_a_call_is_offered_once_at_a_moment() -> None:
    book = Liabilities()
    key = ("card", 3, int(E), 1)
    assert book.offer_once(key) and not book.offer_once(key)
    assert book.offer_once(("card", 3, int(E), 2))


def test_laws_73_76_the_ledger_finds_open_and_established_revokes() -> None:
    ledger = RevokeLedger()
    old = RevokeCase(E, c("H2"), 1, 5, 71, status=RevokeStatus.ESTABLISHED)
    new = RevokeCase(E, c("D3"), 4, 17, 71)
    ledger.note(old)
    ledger.note(new)
    assert ledger.open_case(E) is new and ledger.open_case(W) is None
    assert ledger.established(E) == [old] and ledger.established(W) == []
    new.status = RevokeStatus.CORRECTED
    assert ledger.open_case(E) is None


def test_laws_75_77_claims_are_matched_and_examined_once() -> None:
    ledger = RevokeLedger()
    case = RevokeCase(E, c("H2"), 1, 5, 71, status=RevokeStatus.ESTABLISHED)
    ledger.note(case)
    ledger.claim(NS, E, 2)
    assert ledger.matching(NS, E, 2) == [case]
    assert ledger.matching(NS, E, 3) == [] and ledger.matching(EW, None, None) == []
    assert ledger.claims_by(NS) == [(NS, E, 2)] and ledger.claims_by(EW) == []
    assert ledger.unexamined_against(EW) == [(NS, E, 2)]
    ledger.examine((NS, E, 2))
    assert ledger.unexamined_against(EW) == []


def test_the_arbiter_keeps_its_state_in_the_three_books() -> None:
    arb = Arbiter(GRID)
    arb.play(E, c("HA"))  # out of turn: W is eldest (law 62)
    assert arb.pending() is arb.decision_book.pending() is not None
    assert arb.decisions is arb.decision_book.made and arb.revokes is arb.revoke_ledger.cases
    assert arb.liable(E) == arb.liabilities.of(E) == {c("HA"): 62}
    with pytest.raises(AwaitingDecision, match="law 87"):
        arb.play(W, c("C4"))

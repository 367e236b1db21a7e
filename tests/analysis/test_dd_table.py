"""The 4 x 4 double-dummy table: trump suit by first player, tricks of the first player's side."""

from __future__ import annotations

import random

import pytest

from cavendish.analysis import dd, minimax
from cavendish.analysis.position import PositionError
from cavendish.core.cards import SUIT_MASK, Card, Seat, Suit, hand_mask
from cavendish.core.deal import Deal
from cavendish.core.state import HandState
from cavendish.core.table import deal_cards

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")


def rotate(hands: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """Every hand moves one seat to the left: N's cards go to E, E's to S ..."""
    return (hands[3], hands[0], hands[1], hands[2])


def test_table_of_one_suit_a_hand_goes_to_the_holder_of_trumps() -> None:
    # N holds every spade, E every heart, S every diamond, W every club.  Whoever
    # leads, the holder of the trump suit ruffs the lead if need be and runs his
    # thirteen trumps: his side takes all thirteen tricks.
    deal = Deal((SUIT_MASK[0], SUIT_MASK[1], SUIT_MASK[2], SUIT_MASK[3]), Seat.W, Card.parse("C2"))
    table = dd.dd_table(deal)
    holder = {Suit.S: Seat.N, Suit.H: Seat.E, Suit.D: Seat.S, Suit.C: Seat.W}
    for (suit, first), tricks in table.items():
        assert tricks == (13 if first.side == holder[suit].side else 0), (suit, first)
    # N-S tricks when E leads are 13 minus E-W's: 13 with spades trumps
    assert 13 - table[(Suit.S, Seat.E)] == table[(Suit.S, Seat.N)] == 13


def test_table_has_sixteen_entries_and_matches_solve_on_a_full_deal() -> None:
    deal = deal_cards(random.Random(11), Seat.S)
    table = dd.dd_table(deal)
    assert len(table) == 16 and all(0 <= t <= 13 for t in table.values())
    for suit, first in ((Suit.S, Seat.N), (Suit.H, Seat.E), (Suit.D, Seat.S), (Suit.C, Seat.W)):
        assert table[(suit, first)] == dd.solve(deal.hands, suit, first).best


def test_table_turns_with_the_deal() -> None:
    # moving every hand one seat to the left moves every column one seat to the left
    hands = deal_cards(random.Random(4), Seat.N).hands
    table = dd.dd_table(hands)
    turned = dd.dd_table(rotate(hands))
    for suit in Suit:
        for first in Seat:
            assert turned[(suit, first.left)] == table[(suit, first)]


def test_table_of_an_ending_matches_the_python_solver() -> None:
    rng = random.Random(5)
    for i in range(40):
        state = HandState(deal_cards(rng, Seat(i & 3)))
        for _ in range(52 - 4 * (1 + i % 5)):  # 1 to 5 cards a hand
            state.play(rng.choice(state.legal_cards()))
        hands = (state.hand(0), state.hand(1), state.hand(2), state.hand(3))
        table = dd.dd_table(hands)
        assert table == minimax.dd_table(hands), hands
        assert dd.dd_table(state) == table


def test_table_of_the_last_trick_by_hand() -> None:
    # N SA, E SK, S HA, W HK: N-S take the trick whoever leads and whatever is trumps
    # (N's ace or S's ace wins every lead, ruffing when a heart or spade is led to him)
    table = dd.dd_table([hand_mask([c]) for c in ("SA", "SK", "HA", "HK")])
    for suit in Suit:
        assert [table[(suit, first)] for first in Seat] == [1, 0, 1, 0]


def test_table_with_the_python_engine() -> None:
    hands = [hand_mask(h.split()) for h in ("SA H2", "SK H3", "HA S2", "HK S3")]
    previous = dd.set_engine("python")
    try:
        table = dd.dd_table(hands)
    finally:
        dd.set_engine(previous)
    assert dd.get_engine() == "endplay"
    assert table == dd.dd_table(hands)


def test_table_refuses_unequal_hands_and_a_trick_in_progress() -> None:
    with pytest.raises(PositionError, match="unequal hands"):
        dd.dd_table([hand_mask(["SA", "SK"]), hand_mask(["H2"]), hand_mask(["H3"]), 0])
    state = HandState(deal_cards(random.Random(1), Seat.S))
    state.play(state.legal_cards()[0])
    with pytest.raises(PositionError, match="a trick is in progress"):
        dd.dd_table(state)

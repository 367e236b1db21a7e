"""Deals: validation, the PBN deal string and the honours held (law 3)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.core import Card, Deal, DealError, Rank, Seat, Side, Suit, cards_of, deal_cards

RANK_LETTERS = "23456789TJQKA"
CLOCKWISE = "NESW"


def seeded_deal(seed: int) -> Deal:
    return deal_cards(random.Random(seed), Seat(seed % 4))


def some_card(mask: int, rng: random.Random) -> Card:
    return rng.choice(cards_of(mask))


def cards_from_pbn_hand(text: str) -> set[str]:
    """A hand read by hand: suits S.H.D.C, ranks as letters."""
    out: set[str] = set()
    for suit_letter, holding in zip("SHDC", text.split("."), strict=True):
        out.update(suit_letter + ch for ch in holding)
    return out


# --------------------------------------------------------------------------- validation
def test_deal_of_fourteen_and_twelve_cards_is_refused_naming_the_hand() -> None:
    deal = seeded_deal(1)
    rng = random.Random(1)
    moved = some_card(deal.hand(Seat.W), rng)
    hands = list(deal.hands)
    hands[Seat.W] &= ~moved.mask
    hands[Seat.N] |= moved.mask
    with pytest.raises(DealError, match="hand N has 14 cards, not 13"):
        Deal.from_hands(hands, deal.dealer, deal.trump_card)
    hands[Seat.N] = deal.hand(Seat.N)  # N back to 13, W still short
    with pytest.raises(DealError, match="hand W has 12 cards, not 13"):
        Deal.from_hands(hands, deal.dealer, deal.trump_card)


def test_deal_with_a_card_in_two_hands_is_refused_naming_the_card() -> None:
    deal = seeded_deal(2)
    rng = random.Random(2)
    stolen = some_card(deal.hand(Seat.S), rng)
    dropped = some_card(deal.hand(Seat.E), rng)
    hands = list(deal.hands)
    hands[Seat.E] = (hands[Seat.E] & ~dropped.mask) | stolen.mask  # still 13 cards
    with pytest.raises(DealError) as info:
        Deal.from_hands(hands, deal.dealer, deal.trump_card)
    assert f"card {stolen} is in two hands" in str(info.value)


def test_deal_whose_trump_card_is_not_the_dealers_is_refused() -> None:
    deal = seeded_deal(3)
    other = deal.dealer.left
    card = cards_of(deal.hand(other))[0]
    with pytest.raises(DealError) as info:
        Deal(deal.hands, deal.dealer, card)
    message = str(info.value)
    assert f"trump card {card}" in message and f"({deal.dealer})" in message
    # the same card is accepted with its holder as dealer
    assert Deal(deal.hands, other, card).trump is card.suit


def test_deal_refuses_a_mask_that_is_not_cards() -> None:
    deal = seeded_deal(4)
    hands = list(deal.hands)
    hands[Seat.S] |= 1 << 60
    with pytest.raises(DealError, match="hand S: not a mask of cards"):
        Deal.from_hands(hands, deal.dealer, deal.trump_card)
    with pytest.raises(DealError, match="four hands, not 3"):
        Deal.from_hands(hands[:3], deal.dealer, deal.trump_card)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "first seat"),
        ("X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432", "'X'"),
        ("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.", "found 3"),
        ("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543Z", "'Z'"),
    ],
)
def test_pbn_deal_string_errors_name_the_input(text: str, why: str) -> None:
    with pytest.raises(DealError) as info:
        Deal.from_pbn(text, trump_card="S2")
    assert why in str(info.value)


def test_pbn_deal_needs_its_trump_card() -> None:
    text = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    with pytest.raises(DealError, match="trump card"):
        Deal.from_pbn(text)
    assert Deal.from_pbn(text, trump_card="SA").trump is Suit.S


# --------------------------------------------------------------------------- PBN round trip
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Seat)))
def test_pbn_deal_string_round_trip_from_any_first_seat(seed: int, first: Seat) -> None:
    deal = seeded_deal(seed)
    text = deal.to_pbn(first)
    assert text[:2] == f"{CLOCKWISE[first]}:"
    parts = text[2:].split(" ")
    assert len(parts) == 4
    for i, part in enumerate(parts):
        seat = Seat((first + i) % 4)  # hands go clockwise from the first seat
        assert cards_from_pbn_hand(part) == {str(c) for c in cards_of(deal.hand(seat))}
    again = Deal.from_pbn(text, dealer=deal.dealer, trump_card=deal.trump_card)
    assert again == deal
    quoted = f'"{text}"'
    assert Deal.from_pbn(quoted, dealer=str(deal.dealer), trump_card=str(deal.trump_card)) == deal
    # the default first seat is the dealer, and the default dealer the first seat
    assert Deal.from_pbn(deal.to_pbn(), trump_card=deal.trump_card) == deal


# --------------------------------------------------------------------------- honours (law 3)
def naive_honours(deal: Deal, side: Side) -> int:
    count = 0
    for seat in Seat:
        if seat % 2 != side % 2:
            continue
        for card in cards_of(deal.hand(seat)):
            if card.suit == deal.trump_card.suit and card.rank >= Rank.JACK:
                count += 1
    return count


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_law_3_honours_are_the_trump_ace_king_queen_knave_held_between_partners(seed: int) -> None:
    deal = seeded_deal(seed)
    ns, ew = deal.honours(Side.NS), deal.honours(Side.EW)
    assert ns == naive_honours(deal, Side.NS)
    assert ew == naive_honours(deal, Side.EW)
    assert ns + ew == 4


def test_law_3_honours_counted_separately_or_conjointly() -> None:
    # spades: N has A K, S the Q, E the J; hearts, diamonds: S has all four; clubs: 2-2
    pbn = "N:AK5432.5432.32.2 J.876.T98765.QJT Q.AKQJT9.AKQJ.AK T9876.-.4.9876543"
    for trump, ns, ew in (("S2", 3, 1), ("H5", 4, 0), ("D2", 4, 0), ("C2", 2, 2)):
        deal = Deal.from_pbn(pbn, dealer="N", trump_card=trump)
        assert (deal.honours(Side.NS), deal.honours(Side.EW)) == (ns, ew), trump


def test_deal_knows_trump_suit_eldest_hand_and_suit_lengths() -> None:
    for seed in range(8):
        deal = seeded_deal(seed)
        assert deal.trump is deal.trump_card.suit
        assert deal.eldest is deal.dealer.left
        for seat in Seat:
            lengths = [deal.suit_length(seat, s) for s in Suit]
            counted = [sum(1 for c in cards_of(deal.hand(seat)) if c.suit == s) for s in Suit]
            assert lengths == counted and sum(lengths) == 13

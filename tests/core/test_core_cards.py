"""Cards, suits, ranks, seats and sides: notation, parsing and the geometry of the table."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.core import (
    CARDS,
    FULL_PACK,
    Card,
    CardParseError,
    DealError,
    Rank,
    Seat,
    Side,
    Suit,
    cards_of,
    format_hand,
    hand_mask,
    parse_cards,
    parse_pbn_hand,
)

# The notation, written out independently of the code under test.
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
OPEN_SYMBOLS = "♤♡♢♧"
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
RANK_LETTERS = "23456789TJQKA"  # index 0 is the two, 12 the ace
CLOCKWISE = "NESW"


def expected_name(suit: int, rank_index: int) -> str:
    return SUIT_LETTERS[suit] + RANK_LETTERS[rank_index]


def notations(suit: int, rank_index: int) -> list[str]:
    """Every accepted way of writing one card."""
    ranks = [RANK_LETTERS[rank_index], RANK_LETTERS[rank_index].lower()]
    if RANK_LETTERS[rank_index] == "T":
        ranks.append("10")
    suits = [
        SUIT_LETTERS[suit],
        SUIT_LETTERS[suit].lower(),
        SUIT_SYMBOLS[suit],
        OPEN_SYMBOLS[suit],
    ]
    out = []
    for s in suits:
        for r in ranks:
            out.append(s + r)
            out.append(r + s)
    return out


ALL_52 = [(s, r) for s in range(4) for r in range(13)]


# --------------------------------------------------------------------------- cards
@pytest.mark.parametrize(("suit", "rank_index"), ALL_52)
def test_card_parse_str_round_trip_every_card_every_notation(suit: int, rank_index: int) -> None:
    name = expected_name(suit, rank_index)
    card = Card.parse(name)
    assert int(card) == suit * 13 + rank_index
    assert card.suit == Suit(suit) and card.rank == Rank(rank_index + 2)
    assert str(card) == name
    assert Card.parse(str(card)) is card
    assert card is CARDS[int(card)] and Card(int(card)) is card
    for text in notations(suit, rank_index):
        assert Card.parse(text) is card, text
        assert Card.parse(f"  {text} ") is card, text


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("SA", "SA"),
        ("sa", "SA"),
        ("As", "SA"),
        ("♠A", "SA"),
        ("s10", "ST"),
        ("10s", "ST"),
        ("♦10", "DT"),
        ("HT", "HT"),
        ("ht", "HT"),
        ("C2", "C2"),
        ("2c", "C2"),
        ("♣k", "CK"),
        ("♡Q", "HQ"),
    ],
)
def test_card_notations_of_the_brief(text: str, name: str) -> None:
    assert str(Card.parse(text)) == name


@st.composite
def card_notation(draw: st.DrawFn) -> tuple[str, str]:
    suit = draw(st.integers(0, 3))
    rank_index = draw(st.integers(0, 12))
    return draw(st.sampled_from(notations(suit, rank_index))), expected_name(suit, rank_index)


@settings(max_examples=200, deadline=None)
@given(card_notation())
def test_card_parse_round_trips_generated_notations(notation: tuple[str, str]) -> None:
    text, name = notation
    card = Card.parse(text)
    assert str(card) == name
    assert str(Card.parse(str(card))) == name
    assert card.symbol == SUIT_SYMBOLS[SUIT_LETTERS.index(name[0])] + name[1]


@pytest.mark.parametrize(
    "bad", ["", " ", "S", "X5", "S1", "S11", "S0", "SS", "AA", "10", "1S", "ZZ", "S10H", "♠", "HX"]
)
def test_card_parse_bad_input_raises_card_parse_error_naming_it(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert isinstance(info.value, ValueError)
    assert repr(bad) in str(info.value)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=5))
def test_card_parse_any_text_gives_a_card_or_a_card_parse_error(text: str) -> None:
    try:
        card = Card.parse(text)
    except CardParseError as exc:
        assert repr(text) in str(exc)
    else:
        # whatever was accepted names the same card again
        assert Card.parse(str(card)) is card
        assert str(card)[0] in SUIT_LETTERS


@pytest.mark.parametrize("index", [-1, 52, 100])
def test_card_index_out_of_range_is_refused(index: int) -> None:
    with pytest.raises(CardParseError, match=str(index)):
        Card(index)


@pytest.mark.parametrize(("suit", "rank"), [(0, 1), (0, 15), (4, 2), (-1, 14)])
def test_card_of_refuses_impossible_suit_or_rank(suit: int, rank: int) -> None:
    with pytest.raises(CardParseError, match=f"suit {suit} and rank {rank}"):
        Card.of(suit, rank)


def test_card_of_and_mask_agree_with_the_index_layout() -> None:
    for suit, rank_index in ALL_52:
        card = Card.of(suit, rank_index + 2)
        assert int(card) == suit * 13 + rank_index
        assert card.mask == 1 << (suit * 13 + rank_index)


def test_parse_cards_reads_a_list_with_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("SA, h10 ♦2,cK")] == ["SA", "HT", "D2", "CK"]
    with pytest.raises(CardParseError, match="'Q1'"):
        parse_cards("SA Q1")


# --------------------------------------------------------------------------- suits, ranks
@pytest.mark.parametrize("suit", range(4))
def test_suit_parse_and_str(suit: int) -> None:
    expected = Suit(suit)
    word = SUIT_WORDS[suit]
    letter = SUIT_LETTERS[suit]
    for text in (letter, letter.lower(), SUIT_SYMBOLS[suit], OPEN_SYMBOLS[suit], word,
                 word[:-1], word.upper()):
        assert Suit.parse(text) is expected, text
    assert str(expected) == letter
    assert expected.symbol == SUIT_SYMBOLS[suit]
    assert expected.word == word
    assert expected.is_red == (letter in "HD")


@pytest.mark.parametrize("bad", ["", "X", "spadez", "♠♠", "1"])
def test_suit_parse_bad_input_names_it(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Suit.parse(bad)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("rank_index", range(13))
def test_rank_parse_and_str(rank_index: int) -> None:
    letter = RANK_LETTERS[rank_index]
    rank = Rank(rank_index + 2)
    assert Rank.parse(letter) is rank
    assert Rank.parse(letter.lower()) is rank
    assert str(rank) == letter
    if letter == "T":
        assert Rank.parse("10") is rank


def test_law_3_honours_are_ace_king_queen_and_knave() -> None:
    assert [str(r) for r in Rank if r.is_honour] == ["J", "Q", "K", "A"]


@pytest.mark.parametrize("bad", ["", "1", "11", "0", "X", "AK", "T0"])
def test_rank_parse_bad_input_names_it(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Rank.parse(bad)
    assert repr(bad) in str(info.value)


# --------------------------------------------------------------------------- seats, sides
WORDS = ("North", "East", "South", "West")


@pytest.mark.parametrize("i", range(4))
def test_seat_parse_and_str(i: int) -> None:
    seat = Seat(i)
    for text in (CLOCKWISE[i], CLOCKWISE[i].lower(), WORDS[i], WORDS[i].lower(), WORDS[i].upper()):
        assert Seat.parse(text) is seat
    assert str(seat) == CLOCKWISE[i]
    assert seat.word == WORDS[i]


@pytest.mark.parametrize("bad", ["", "X", "NE", "Norths", "1"])
def test_seat_parse_bad_input_names_it(bad: str) -> None:
    with pytest.raises(CardParseError) as info:
        Seat.parse(bad)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("i", range(4))
def test_seats_clockwise_partner_opposite_left_next_right_previous(i: int) -> None:
    seat = Seat.parse(CLOCKWISE[i])
    assert str(seat.left) == CLOCKWISE[(i + 1) % 4]
    assert str(seat.right) == CLOCKWISE[(i - 1) % 4]
    assert str(seat.partner) == CLOCKWISE[(i + 2) % 4]
    assert seat.left.right is seat and seat.right.left is seat
    assert seat.partner.partner is seat and seat.left.left is seat.partner
    assert seat.partner.side is seat.side
    assert seat.left.side is seat.side.other and seat.right.side is seat.side.other
    assert str(seat.side) == ("NS" if CLOCKWISE[i] in "NS" else "EW")
    assert seat in seat.side.seats
    for n in range(-5, 6):
        assert str(seat.offset(n)) == CLOCKWISE[(i + n) % 4]


def test_side_parse_str_other_and_seats() -> None:
    for text in ("NS", "ns", "N-S", "N/S", "SN"):
        assert Side.parse(text) is Side.NS
    for text in ("EW", "e-w", "WE"):
        assert Side.parse(text) is Side.EW
    assert str(Side.NS) == "NS" and str(Side.EW) == "EW"
    assert Side.NS.other is Side.EW and Side.EW.other is Side.NS
    assert [str(s) for s in Side.NS.seats] == ["N", "S"]
    assert [str(s) for s in Side.EW.seats] == ["E", "W"]
    with pytest.raises(CardParseError, match="'NE'"):
        Side.parse("NE")


# --------------------------------------------------------------------------- hands
def naive_format(mask: int) -> str:
    suits = []
    for s in range(4):
        held = [r for r in range(12, -1, -1) if mask >> (13 * s + r) & 1]
        suits.append("".join(RANK_LETTERS[r] for r in held))
    return ".".join(suits)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, FULL_PACK))
def test_format_hand_parse_pbn_hand_round_trip(mask: int) -> None:
    text = format_hand(mask)
    assert text == naive_format(mask)
    assert parse_pbn_hand(text) == mask
    # PBN readers also meet "10" for the ten and "-" for a void
    alt = ".".join(part.replace("T", "10") or "-" for part in text.split("."))
    assert parse_pbn_hand(alt) == mask
    assert hand_mask(cards_of(mask)) == mask
    assert hand_mask(str(c) for c in cards_of(mask)) == mask
    assert cards_of(mask) == sorted(cards_of(mask))
    assert len(cards_of(mask)) == mask.bit_count()


def test_format_hand_with_symbols_shows_voids() -> None:
    mask = hand_mask(["SA", "ST", "C2"])
    assert format_hand(mask, symbols=True) == "♠AT ♥- ♦- ♣2"


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("AK.QJ.T9", "four suits"),
        ("AK.QJ.T9.8.7", "four suits"),
        ("AX.QJ.T9.8", "'X' is not a rank"),
        ("AA.QJ.T9.8", "SA appears twice"),
    ],
)
def test_parse_pbn_hand_bad_input_names_it(bad: str, why: str) -> None:
    with pytest.raises(DealError) as info:
        parse_pbn_hand(bad)
    assert repr(bad) in str(info.value) and why in str(info.value)

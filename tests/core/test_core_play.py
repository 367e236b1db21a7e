"""Play of the hand: following suit, winning tricks, order of play, what each seat sees.

Laws: the basic rules of play (001, "Playing the hand"), law 52 (the trump card), law 91
(only the last trick may be seen), laws 62-63 and 67-68 (cards played out of turn) and
law 71 (the revoke), as recorded in "laws" mode.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.core import (
    CARDS,
    Card,
    CardPlayed,
    Deal,
    HandOver,
    HandState,
    IllegalPlay,
    MustFollowSuit,
    NothingToUndo,
    NotInHand,
    NotYourTurn,
    PlayOutOfTurn,
    Seat,
    SeatView,
    Suit,
    TrickQuitted,
    deal_cards,
    get_rules,
    trick_winner,
)

LAWS = get_rules("short").replace(mode="laws")
SEEDS = st.integers(0, 2**32 - 1)


def seeded_deal(seed: int) -> Deal:
    return deal_cards(random.Random(seed), Seat(seed % 4))


def naive_winner(cards: list[Card], leader: Seat, trump: Suit) -> Seat:
    """The highest trump, else the highest card of the suit led, written out plainly."""
    led = cards[0].suit
    trumps = [(c.rank, i) for i, c in enumerate(cards) if c.suit == trump]
    followers = [(c.rank, i) for i, c in enumerate(cards) if c.suit == led]
    _, i = max(trumps or followers)
    return Seat((leader + i) % 4)


def round_robin_deal() -> Deal:
    """Card k of the pack (S2, S3, ... CA) to seat k mod 4; W deals and holds CA, the trump."""
    hands = [0, 0, 0, 0]
    for k in range(52):
        hands[k % 4] |= 1 << k
    return Deal.from_hands(hands, Seat.W, Card.parse("CA"))


# --------------------------------------------------------------------------- basic rules
@settings(max_examples=60, deadline=None)
@given(SEEDS)
def test_follow_suit_trick_winner_and_order_of_play(seed: int) -> None:
    """Each player must follow suit if he can; the highest trump, else the highest card of
    the suit led, wins; the eldest hand leads, play goes clockwise, the winner leads next."""
    deal = seeded_deal(seed)
    rng = random.Random(seed)
    state = HandState(deal)
    leader = Seat((deal.dealer + 1) % 4)  # eldest hand: the dealer's left
    won = [0, 0]
    for trick_no in range(13):
        assert state.leader is leader and state.trick_number == trick_no
        played: list[Card] = []
        for position in range(4):
            seat = Seat((leader + position) % 4)  # clockwise from the leader
            assert state.turn is seat
            hand = state.hand_cards(seat)
            if played and any(c.suit == played[0].suit for c in hand):
                expected = {c for c in hand if c.suit == played[0].suit}
            else:
                expected = set(hand)
            assert set(state.legal_cards()) == expected
            assert state.legal_mask(seat) == sum(1 << c for c in expected)
            for other in Seat:
                if other is not seat:
                    assert state.legal_mask(other) == 0
            for card in hand:
                assert state.can_play(card) == (card in expected)
                assert (state.why_illegal(card) is None) == (card in expected)
            card = rng.choice(sorted(expected))
            event = state.play(card)
            assert event == CardPlayed(seat, card, trick_no, False)
            played.append(card)
        winner = naive_winner(played, leader, deal.trump)
        assert state.last_trick is not None
        assert state.last_trick.winner is winner
        assert list(state.last_trick.cards) == played
        assert trick_winner(played, leader, deal.trump) is winner
        assert state.events[-1] == TrickQuitted(trick_no, winner)
        won[winner % 2] += 1
        assert [state.tricks_won(0), state.tricks_won(1)] == won
        leader = winner
    assert state.is_over and sum(won) == 13
    assert state.legal_mask() == 0 and state.view(Seat.N).turn is None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), st.integers(0, 3),
       st.integers(0, 3))
def test_trick_winner_highest_trump_else_highest_of_suit_led(
    indexes: list[int], leader: int, trump: int
) -> None:
    cards = [CARDS[i] for i in indexes]
    assert trick_winner(cards, leader, trump) is naive_winner(cards, Seat(leader), Suit(trump))


# --------------------------------------------------------------------------- enforced mode
def test_enforced_mode_refuses_a_failure_to_follow_suit() -> None:
    state = HandState(round_robin_deal())
    for text in ("S2", "S3", "S4"):  # N leads, E and S follow
        state.play(Card.parse(text))
    before = state.copy()
    with pytest.raises(MustFollowSuit) as info:
        state.play(Card.parse("H4"))
    assert str(info.value) == "illegal card 'H4' for W: must follow spades"
    assert isinstance(info.value, IllegalPlay) and isinstance(info.value, ValueError)
    assert state.why_illegal(Card.parse("H4")) == "must follow spades"
    assert state == before


def test_enforced_mode_refuses_a_card_not_in_hand() -> None:
    state = HandState(round_robin_deal())
    before = state.copy()
    with pytest.raises(NotInHand) as info:
        state.play(Card.parse("S3"))  # E's card; N is to lead
    assert str(info.value) == "illegal card 'S3' for N: not in hand"
    assert state.why_illegal(Card.parse("S3")) == "not in hand"
    assert state == before


def test_enforced_mode_refuses_a_card_out_of_turn() -> None:
    state = HandState(round_robin_deal())
    before = state.copy()
    with pytest.raises(NotYourTurn) as info:
        state.play(Card.parse("S3"), Seat.E)
    assert str(info.value) == "illegal card 'S3' for E: not E's turn: N is to play"
    assert state.why_illegal(Card.parse("S3"), Seat.E) == "not E's turn: N is to play"
    assert state == before


def test_no_card_after_the_thirteenth_trick_and_nothing_to_undo_before_the_first() -> None:
    state = HandState(round_robin_deal())
    with pytest.raises(NothingToUndo, match="nothing to undo"):
        state.undo()
    while not state.is_over:
        state.play(state.legal_cards()[0])
    with pytest.raises(HandOver, match="the hand is over"):
        state.play(Card.parse("SA"))
    with pytest.raises(HandOver, match="the hand is over"):
        state.play(Card.parse("SA"), state.turn.left)
    assert state.why_illegal(Card.parse("SA")) == "the hand is over"


def test_a_card_index_out_of_range_is_an_illegal_play_not_a_crash() -> None:
    state = HandState(round_robin_deal())
    with pytest.raises(NotInHand, match="'52'"):
        state.play(52)
    assert state.why_illegal(52) is not None and not state.can_play(52)


# --------------------------------------------------------------------------- laws mode
def test_law_71_laws_mode_accepts_a_revoke_and_flags_it() -> None:
    state = HandState(round_robin_deal(), LAWS)
    for text in ("S2", "S3", "S4"):
        followed = state.play(Card.parse(text))
        assert isinstance(followed, CardPlayed) and not followed.revoke
    event = state.play(Card.parse("H4"))
    assert event == CardPlayed(Seat.W, Card.parse("H4"), 0, True)
    assert state.revokes == [event]
    assert "(revoke)" in str(event)
    assert state.last_trick is not None and state.last_trick.winner is Seat.S  # S4 holds it


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_law_71_revoke_flag_is_set_exactly_when_the_suit_led_was_held(seed: int) -> None:
    state = HandState(seeded_deal(seed), LAWS)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.turn
        hand = state.hand_cards(seat)
        trick = state.current_trick
        card = rng.choice(hand)  # any card at all: laws mode does not refuse a revoke
        led = trick[0][1].suit if trick else None
        should_flag = led is not None and card.suit != led and any(c.suit == led for c in hand)
        event = state.play(card)
        assert isinstance(event, CardPlayed) and event.revoke == should_flag
    assert state.revokes == [e for e in state.events if isinstance(e, CardPlayed) and e.revoke]


def test_laws_62_63_laws_mode_records_a_lead_out_of_turn_and_leaves_the_card_exposed() -> None:
    state = HandState(round_robin_deal(), LAWS)
    s3 = Card.parse("S3")
    event = state.play(s3, Seat.E)
    assert event == PlayOutOfTurn(Seat.E, s3, 0, Seat.N, True)
    assert state.hand(Seat.E) >> s3 & 1  # still in the hand ...
    assert state.exposed(Seat.E) == s3.mask  # ... lying face up, liable to be called
    assert state.turn is Seat.N and state.current_trick == []
    for seat in Seat:
        assert state.view(seat).exposed[Seat.E] == s3.mask  # every seat sees it
    state.play(Card.parse("S2"))
    state.play(s3)  # now in turn
    assert state.exposed(Seat.E) == 0 and not state.hand(Seat.E) >> s3 & 1


def test_laws_67_68_laws_mode_records_a_card_played_out_of_turn_to_a_trick() -> None:
    state = HandState(round_robin_deal(), LAWS)
    state.play(Card.parse("S2"))  # N leads; E is to play
    event = state.play(Card.parse("S4"), Seat.S)
    assert event == PlayOutOfTurn(Seat.S, Card.parse("S4"), 0, Seat.E, False)
    assert state.turn is Seat.E and len(state.current_trick) == 1
    with pytest.raises(NotInHand, match="'SA' for S: not in hand"):
        state.play(Card.parse("SA"), Seat.S)  # a card not in hand is refused in laws mode too
    with pytest.raises(NotInHand, match="'SA' for E: not in hand"):
        state.play(Card.parse("SA"))


# --------------------------------------------------------------------------- laws 52, 91
def visible_cards(view: SeatView) -> int:
    mask = view.hand
    for exposed in view.exposed:
        mask |= exposed
    for _, card in view.trick:
        mask |= card.mask
    if view.last_trick is not None:
        for card in view.last_trick.cards:
            mask |= card.mask
    if view.trump_card is not None:
        mask |= view.trump_card.mask
    return mask


@settings(max_examples=40, deadline=None)
@given(SEEDS)
def test_law_52_trump_card_is_seen_until_the_dealer_plays_to_the_first_trick(seed: int) -> None:
    deal = seeded_deal(seed)
    state = HandState(deal)
    rng = random.Random(seed)
    dealer_played = False
    while not state.is_over:
        for seat in Seat:
            shown = state.view(seat).trump_card
            assert shown == (None if dealer_played else deal.trump_card)
        assert state.trump_card_on_table == (not dealer_played)
        if state.turn is deal.dealer:
            dealer_played = True
        state.play(rng.choice(state.legal_cards()))
    assert dealer_played and all(state.view(s).trump_card is None for s in Seat)


@settings(max_examples=40, deadline=None)
@given(SEEDS, st.booleans())
def test_law_91_a_seat_sees_its_hand_the_trick_and_only_the_last_trick(
    seed: int, with_dummy: bool
) -> None:
    deal = seeded_deal(seed)
    dummies = (Seat(seed % 4).partner,) if with_dummy else ()
    rules = get_rules("dummy") if with_dummy else get_rules("short")
    state = HandState(deal, rules, dummies=dummies)
    rng = random.Random(seed)
    while True:
        tricks = state.tricks
        earlier = 0
        for t in tricks[:-1]:
            for c in t.cards:
                earlier |= c.mask
        for seat in Seat:
            view = state.view(seat)
            assert view.seat is seat and view.hand == state.hand(seat)
            assert view.trick == tuple(state.current_trick)
            assert view.last_trick == (tricks[-1] if tricks else None)
            assert view.trick_number == len(tricks)
            assert view.tricks_won == (state.tricks_won(0), state.tricks_won(1))
            assert view.legal == (0 if state.is_over else state.legal_mask(seat))
            assert view.dealer is deal.dealer and view.trump is deal.trump
            seen = visible_cards(view)
            assert seen & earlier == 0  # no trick before the last (law 91)
            for other in Seat:
                if other is seat:
                    continue
                if other in dummies:
                    assert view.exposed[other] == state.hand(other)
                    continue
                assert view.exposed[other] == 0
                hidden = state.hand(other)
                if view.trump_card is not None:
                    hidden &= ~view.trump_card.mask  # the turned-up card lies on the table
                assert seen & hidden == 0
        if state.is_over:
            break
        state.play(rng.choice(state.legal_cards()))

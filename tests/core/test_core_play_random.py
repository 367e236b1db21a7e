"""HandState.play_random, the hot path of random playouts: the card the ordinary path
would play (the k-th legal card, k = int(rnd() * legal cards)), the same event log and
tricks, the laws' calls obeyed, the hand's end refused; and the tricks quitted on the
hot path (recorded as ints, their Trick built when read) equal to those of a replay.
Seeded, so every failure is reproducible from its seed."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from cavendish.bench.engine import random_deal
from cavendish.core import (
    CARDS,
    SUIT_MASK,
    HandOver,
    HandState,
    MustFollowSuit,
    NotYourTurn,
    Seat,
    Suit,
    deal_cards,
    get_rules,
)
from cavendish.core.table import deal_for
from cavendish.scoring import ScoreSheet

LAWS = get_rules("short").replace(mode="laws")


def ordinary(state: HandState, rnd: Callable[[], float]) -> None:
    """One card by the ordinary path: the k-th legal card, played through play()."""
    cards = state.legal_cards()
    state.play(cards[int(rnd() * len(cards))])


def observed(state: HandState) -> tuple[object, ...]:
    return (
        state.events,
        state.tricks,
        state.last_trick,
        tuple(state.hand(s) for s in Seat),
        (state.tricks_won(0), state.tricks_won(1)),
        state.turn,
        state.is_over,
    )


@pytest.mark.parametrize("block", range(4))
def test_play_random_plays_the_card_and_log_of_the_ordinary_path(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        deal = deal_cards(random.Random(seed), Seat(seed % 4))
        fast, slow = HandState(deal), HandState(deal)
        rf, rs = random.Random(seed).random, random.Random(seed).random
        while not slow.is_over:
            event = fast.play_random(rf)
            ordinary(slow, rs)
            assert event == slow.events[-1 if slow.current_trick else -2]
            assert observed(fast) == observed(slow)
        assert fast == slow and rf() == rs()  # one draw a card, no more


def test_play_random_in_the_old_games_plays_twelve_tricks() -> None:
    rules = get_rules("whisk")
    deal = deal_for(rules, random.Random(5), Seat.N)
    fast, slow = HandState(deal, rules), HandState(deal, rules)
    rf, rs = random.Random(8).random, random.Random(8).random
    for _ in range(48):
        fast.play_random(rf)
        ordinary(slow, rs)
    assert fast.is_over and fast.trick_number == 12 and observed(fast) == observed(slow)


def test_play_random_after_the_last_trick_is_refused_hand_over() -> None:
    state = HandState(deal_cards(random.Random(2), Seat.W))
    rnd = random.Random(3).random
    for _ in range(52):
        state.play_random(rnd)
    with pytest.raises(HandOver, match="the hand is over"):
        state.play_random(rnd)


def test_play_random_obeys_a_call_in_force_law_62() -> None:
    # E, to lead, is called to lead hearts: every random lead is a heart
    for seed in range(20):
        state = HandState(deal_cards(random.Random(3), Seat.N), LAWS)
        state.call(Seat.E, "lead", "H", law=62)
        event = state.play_random(random.Random(seed).random)
        assert event.card.suit is Suit.H and event.seat is Seat.E  # type: ignore[union-attr]


def test_laws_mode_random_play_with_calls_matches_the_ordinary_path() -> None:
    deal = deal_cards(random.Random(3), Seat.N)
    fast, slow = HandState(deal, LAWS), HandState(deal, LAWS)
    for state in (fast, slow):
        state.call(Seat.E, "lead", "H", law=62)
    rf, rs = random.Random(4).random, random.Random(4).random
    for _ in range(52):
        fast.play_random(rf)
        ordinary(slow, rs)
    assert fast.is_over and observed(fast) == observed(slow)


def test_the_strict_core_still_refuses_what_play_random_never_plays() -> None:
    state = HandState(deal_cards(random.Random(6), Seat.S))
    lead = state.play_random(random.Random(1).random)
    led = lead.card.suit  # type: ignore[union-attr]
    turn = state.turn
    assert state.hand(turn) & SUIT_MASK[led]  # he holds the suit led (seed 6)
    off = next(c for c in CARDS if state.hand(turn) >> c & 1 and c.suit != led)
    with pytest.raises(MustFollowSuit, match=f"must follow {led.word}"):
        state.play(off)
    with pytest.raises(NotYourTurn):
        state.play(state.legal_cards()[0], turn.left)


def test_tricks_quitted_on_the_hot_path_equal_a_replay_of_the_log() -> None:
    deal = deal_cards(random.Random(12), Seat.E)
    state = HandState(deal)
    rnd = random.Random(13).random
    for _ in range(30):
        state.play_random(rnd)
    copy = state.copy()  # shares the records of the tricks quitted
    replayed = HandState(deal)
    for event in state.events:
        if event.kind == "play":
            replayed.apply(event)
    assert state.tricks == replayed.tricks and state == replayed
    for _ in range(10):  # back across two quitted tricks in the copy
        copy.undo()
    assert copy.trick_number == 5 and state.trick_number == 7
    assert state.tricks == replayed.tricks and state == replayed  # the original untouched
    for _ in range(22):
        state.play_random(rnd)
        replayed.play(state.events[-1 if state.current_trick else -2].card)  # type: ignore[union-attr]
    assert state.is_over and state == replayed


def test_bench_random_deal_plays_the_ordinary_paths_cards() -> None:
    sheet = ScoreSheet(get_rules("short"))
    state = random_deal(random.Random(21), Seat.N, sheet)
    rng = random.Random(21)
    slow = HandState(deal_cards(rng, Seat.N))
    while not slow.is_over:
        ordinary(slow, rng.random)
    assert state.events == slow.events and len(sheet.hands) == 1

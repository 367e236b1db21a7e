"""Random playouts: the invariants of a hand hold after every action, and undo, copy and
the event log are exact.  Seeded, so every failure is reproducible from its seed."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from cavendish.core import (
    FULL_PACK,
    Card,
    CardExposed,
    CardPlayed,
    Deal,
    HandState,
    HonoursCalled,
    PlayOutOfTurn,
    Seat,
    TrickQuitted,
    deal_cards,
    get_rules,
)
from cavendish.core.events import event_from_dict, event_to_dict

LAWS = get_rules("short").replace(mode="laws")


def snapshot(state: HandState) -> tuple[Any, ...]:
    """Everything observable about a hand, read through its public API (not ``==``)."""
    return (
        state.events,
        tuple(state.hand(s) for s in Seat),
        tuple(state.exposed(s) for s in Seat),
        tuple(state.current_trick),
        tuple(state.tricks),
        (state.tricks_won(0), state.tricks_won(1)),
        state.turn,
        state.leader,
        state.legal_mask(),
    )


def replay(state: HandState, *, through_json: bool = False) -> HandState:
    """A new hand built from ``state``'s event log alone."""
    new = HandState(state.deal, state.rules, dummies=state.dummies)
    events = list(state.events)
    if through_json:
        events = [event_from_dict(json.loads(json.dumps(event_to_dict(e)))) for e in events]
    for e in events:
        if isinstance(e, CardPlayed | PlayOutOfTurn):
            new.play(e.card, e.seat)
        elif isinstance(e, CardExposed):
            new.expose(e.card, e.seat, e.reason)
        elif isinstance(e, HonoursCalled):
            new.call_honours(e.seat, e.honours)
        else:
            assert isinstance(e, TrickQuitted)  # follows from the fourth card
    return new


def check_invariants(state: HandState) -> None:
    deal = state.deal
    tricks = state.tricks
    current = state.current_trick
    # every card is in exactly one place: a hand, the current trick, a quitted trick
    places = [state.hand(s) for s in Seat]
    places += [c.mask for _, c in current]
    places += [c.mask for t in tricks for c in t.cards]
    union = 0
    for mask in places:
        assert union & mask == 0, "a card in two places"
        union |= mask
    assert union == FULL_PACK
    # and every seat's cards are its own: held, or played by it
    played_by = {s: 0 for s in Seat}
    for seat, card in current:
        played_by[seat] |= card.mask
    for t in tricks:
        for i, card in enumerate(t.cards):
            played_by[Seat((t.leader + i) % 4)] |= card.mask
    for s in Seat:
        assert state.hand(s) | played_by[s] == deal.hand(s)
        assert state.exposed(s) & ~state.hand(s) == 0  # an exposed card is still held
    # tricks won add up
    assert state.tricks_won(0) + state.tricks_won(1) == len(tricks) == state.trick_number
    for side in (0, 1):
        assert state.tricks_won(side) == sum(1 for t in tricks if t.winner % 2 == side)
    assert state.is_over == (len(tricks) == 13)
    if state.is_over:
        assert state.tricks_won(0) + state.tricks_won(1) == 13 and not current
    # the log matches
    events = state.events
    assert sum(isinstance(e, CardPlayed) for e in events) == 4 * len(tricks) + len(current)
    assert [e.winner for e in events if isinstance(e, TrickQuitted)] == [t.winner for t in tricks]


def check_undo_and_copy(state: HandState, act: Any) -> Any:
    """Apply ``act`` to ``state`` checking that undo restores it and copies are independent."""
    before = state.copy()
    seen_before = snapshot(state)
    event = act(state)
    assert snapshot(before) == seen_before  # the copy did not move with the original
    after = state.copy()
    undone = state.undo()
    assert undone == event
    assert state == before and snapshot(state) == seen_before
    redone = act(state)
    assert redone == event and state == after
    if not state.is_over:  # and the original does not move with a copy
        twin = state.copy()
        twin_seen = snapshot(state)
        twin.play(twin.legal_cards()[0])
        assert snapshot(state) == twin_seen and state == after and twin != state
    return event


@pytest.mark.parametrize("block", range(6))
def test_random_playouts_keep_every_invariant_and_undo_is_exact(block: int) -> None:
    for seed in range(block * 50, block * 50 + 50):
        rng = random.Random(seed)
        deal = deal_cards(rng, Seat(seed % 4))
        state = HandState(deal)
        fresh = state.copy()
        history = [state.copy()]
        while not state.is_over:
            card = rng.choice(state.legal_cards())
            check_undo_and_copy(state, lambda s, c=card: s.play(c))
            check_invariants(state)
            history.append(state.copy())
            if not state.current_trick:  # at each trick's end the log replays the hand
                assert replay(state) == state
        assert replay(state, through_json=True) == state
        # undo back to the start, through every state on the way
        for earlier in reversed(history[:-1]):
            state.undo()
            assert state == earlier
            check_invariants(state)
        assert state == fresh == HandState(deal)


def test_undo_across_a_trick_boundary() -> None:
    deal = deal_cards(random.Random(11), Seat.E)
    state = HandState(deal)
    for _ in range(3):
        state.play(state.legal_cards()[0])
    before_fourth = state.copy()
    fourth_seat = state.turn
    fourth = state.legal_cards()[-1]
    state.play(fourth)
    assert state.trick_number == 1 and sum(state.tricks_won(s) for s in (0, 1)) == 1
    assert isinstance(state.events[-1], TrickQuitted)
    event = state.undo()  # takes back the fourth card and the quitted trick together
    assert event == CardPlayed(fourth_seat, fourth, 0, False)
    assert state == before_fourth
    assert state.trick_number == 0 and len(state.current_trick) == 3
    assert state.turn is fourth_seat and state.tricks == [] and state.last_trick is None
    assert (state.tricks_won(0), state.tricks_won(1)) == (0, 0)


def test_laws_mode_undo_of_out_of_turn_and_exposed_cards() -> None:
    # card k of the pack to seat k mod 4: N holds S2, E S3, S S4, W S5 ...; W deals, N leads
    hands = [0, 0, 0, 0]
    for k in range(52):
        hands[k % 4] |= 1 << k
    deal = Deal.from_hands(hands, Seat.W, Card.parse("CA"))
    state = HandState(deal, LAWS)
    start = state.copy()
    s3, d5 = Card.parse("S3"), Card.parse("D5")
    out = state.play(s3, Seat.E)  # E leads out of turn: S3 is exposed
    assert state.exposed(Seat.E) == s3.mask
    assert state.undo() == out and state == start and state.exposed(Seat.E) == 0
    shown = state.expose(d5, Seat.E, "dropped")
    assert shown == CardExposed(Seat.E, d5, 0, "dropped")
    assert state.exposed(Seat.E) == d5.mask
    assert state.undo() == shown and state == start and state.exposed(Seat.E) == 0
    # exposed, then played in turn: undoing the play exposes it again
    state.play(s3, Seat.E)
    state.play(Card.parse("S2"))
    before = state.copy()
    state.play(s3)
    assert state.exposed(Seat.E) == 0
    state.undo()
    assert state == before and state.exposed(Seat.E) == s3.mask
    state.undo()  # N's lead
    assert state.exposed(Seat.E) == s3.mask
    state.undo()  # the card out of turn
    assert state == start and state.exposed(Seat.E) == 0


def test_laws_mode_random_irregular_playouts_undo_and_replay_exactly() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        deal = deal_cards(rng, Seat(seed % 4))
        state = HandState(deal, LAWS)
        history = [state.copy()]
        while not state.is_over:
            roll = rng.random()
            others = [s for s in Seat if s is not state.turn and state.hand(s)]
            if roll < 0.1 and others:
                seat = rng.choice(others)
                card = rng.choice(state.hand_cards(seat))
                event = check_undo_and_copy(state, lambda s, c=card, w=seat: s.play(c, w))
                assert isinstance(event, PlayOutOfTurn) and event.turn is state.turn
            elif roll < 0.15:
                seat = rng.choice([s for s in Seat if state.hand(s)])
                card = rng.choice(state.hand_cards(seat))
                event = check_undo_and_copy(state, lambda s, c=card, w=seat: s.expose(c, w))
                assert isinstance(event, CardExposed)
            else:
                card = rng.choice(state.hand_cards(state.turn))  # revokes included
                check_undo_and_copy(state, lambda s, c=card: s.play(c))
            check_invariants(state)
            history.append(state.copy())
        assert replay(state) == state
        assert replay(state, through_json=True) == state
        for earlier in reversed(history[:-1]):
            state.undo()
            assert state == earlier
        assert state == HandState(deal, LAWS)

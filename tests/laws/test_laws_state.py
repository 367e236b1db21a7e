"""The rules core's support for the laws: calls honoured by the legal-card query, cards
taken back, imperfect tricks, mislaid cards; undo, copy and replay stay exact."""

from __future__ import annotations

import json
import random

import pytest
from laws_helpers import GRID, E, N, S, W, c, names

from cavendish.core.cards import Card, Seat, Suit
from cavendish.core.errors import WhistError
from cavendish.core.events import (
    CardPlayed,
    CardWithdrawn,
    Elected,
    Ruling,
    event_from_dict,
    event_to_dict,
)
from cavendish.core.rules import get_rules
from cavendish.core.state import HandState
from cavendish.core.table import deal_cards

LAWS = get_rules("short", mode="laws")


def test_enforced_hand_keeps_no_laws_bookkeeping() -> None:
    state = HandState(GRID)
    for card in ("H5", "H2", "HA", "H8"):
        state.play(Card.parse(card))
    assert state._book is None and state.calls() == [] and state.exposed(N) == 0


def test_law_64_calls_never_force_a_revoke_and_a_breach_is_flagged_law_61() -> None:
    state = HandState(GRID, LAWS)
    state.play(Card.parse("H5"))
    state.call(N, "card", "C8", law=56)
    assert names(state.legal_mask(N)) == ["H2", "H3", "H4"]  # must follow hearts
    state.call(N, "lowest", "H", law=76, trick=0)
    assert names(state.legal_mask(N)) == ["H2"]
    event = state.play(Card.parse("H4"))  # disobeys the call
    assert isinstance(event, CardPlayed) and event.revoke and state.revokes == [event]
    assert [x.call for x in state.calls(N)] == ["card"]  # the card call stands (law 65)


def test_withdrawn_cards_reopen_a_trick_and_are_not_revokes() -> None:
    state = HandState(GRID, LAWS)
    for card in ("H5", "C8", "HA", "H8"):
        state.play(Card.parse(card))
    assert state.trick_number == 1 and len(state.revokes) == 1
    state.withdraw(law=76)
    state.withdraw(law=76)
    event = state.withdraw(exposed=True, law=76)
    assert isinstance(event, CardWithdrawn) and event.card == c("C8")
    assert state.trick_number == 0 and state.turn == N and state.revokes == []
    assert state.exposed(N) == c("C8").mask and state.hand(N) >> c("C8") & 1


def test_imperfect_trick_and_surplus_card() -> None:
    state = HandState(GRID, LAWS)
    state.play(Card.parse("H5"))
    state.play(Card.parse("H2"))
    state.play(Card.parse("HA"))
    state.omit(law=69)
    trick = state.tricks[0]
    assert trick.missing == (S,) and trick.winner == E and len(trick.cards) == 3
    assert trick.plays() == [(W, c("H5")), (N, c("H2")), (E, c("HA"))]
    with pytest.raises(ValueError):
        trick.card_of(S)
    state.count_surplus(S, Card.parse("HT"), 0, law=69)
    assert state.tricks[0].card_of(S) == c("HT") and state.tricks_won(1) == 1
    with pytest.raises(WhistError):
        state.count_surplus(S, Card.parse("H9"), 0, law=69)


def test_leader_changed_and_mislaid_cards() -> None:
    state = HandState(GRID, LAWS)
    state.change_leader(N, law=63)
    assert state.turn == N and state.leader == N
    state.mislay(E, Card.parse("S8"), law=70)
    state.play(Card.parse("H2"))
    assert names(state.legal_mask(E)) == ["HJ", "HQ", "HK", "HA"]
    assert not state.hand(E) >> c("S8") & 1 and state.mislaid(E) == c("S8").mask
    state.restore(E, Card.parse("S8"), law=70)
    assert state.hand(E) >> c("S8") & 1 and state.mislaid(E) == 0


def _play_or_pass(state: HandState) -> None:
    if state.hand(state.turn):
        state.play(state.legal_cards()[0])
    else:
        state.omit(law=46)


def _random_laws_action(state: HandState, rng: random.Random) -> None:
    roll = rng.random()
    turn = state.turn
    if roll < 0.05 and (state.current_seats or state.tricks):
        before = state.copy()
        try:
            state.withdraw(exposed=rng.random() < 0.5, law=76)
        except WhistError:  # the last seat of the trick played no card: refused, unchanged
            assert state == before
            _play_or_pass(state)
    elif roll < 0.1:
        suit = rng.choice(list(Suit))
        state.call(turn, rng.choice(["highest", "lowest", "lead"]), suit, law=62)
    elif roll < 0.13 and state.hand(turn):
        state.call(turn, "card", rng.choice(state.hand_cards(turn)), law=56)
    elif roll < 0.16 and state.led_suit() is not None:
        state.omit(law=69)
    elif roll < 0.19 and state.hand(turn):
        state.mislay(turn, rng.choice(state.hand_cards(turn)), law=70)
    elif roll < 0.22 and not state.current_seats:
        state.change_leader(rng.choice(list(Seat)), law=63)
    elif roll < 0.23:
        state.note(Ruling(85, turn, "a note", ("a", "b"), state.trick_number))
    elif roll < 0.25:
        state.note(Elected(85, turn.side, "a", turn, state.trick_number))
    elif state.hand(turn):
        state.play(rng.choice(state.hand_cards(turn)))
    else:
        state.omit(law=46)


def test_laws_events_undo_copy_replay_and_json_are_exact() -> None:
    for seed in range(25):
        rng = random.Random(seed)
        state = HandState(deal_cards(rng, Seat(seed % 4)), LAWS)
        history = [state.copy()]
        steps = 0
        while not state.is_over and steps < 90:
            steps += 1
            before = state.copy()
            _random_laws_action(state, rng)
            after = state.copy()
            state.undo()
            assert state == before, f"seed {seed}: undo is not exact"
            state.apply(after.events[len(before.events)])
            assert state == after, f"seed {seed}: redo is not exact"
            history.append(state.copy())
        again = HandState(state.deal, LAWS)
        for event in state.events:
            if event.kind != "quitted":
                again.apply(event_from_dict(json.loads(json.dumps(event_to_dict(event)))))
        assert again == state, f"seed {seed}: the log does not replay"
        for earlier in reversed(history[:-1]):
            while len(state.events) > len(earlier.events):
                state.undo()
            assert state == earlier

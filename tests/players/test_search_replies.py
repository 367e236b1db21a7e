"""Replies in the current trick chosen from the replier's own hand (players/search/replies.py).

Double dummy credits the next hands with the whole layout; the model lets them
choose as sampling players do, from their own hand and deals of the rest.
"""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest
from search_helpers import knowledge_of, played_state

from cavendish.core import Seat
from cavendish.core.cards import Suit, hand_mask
from cavendish.players.search import World
from cavendish.players.search.evaluate import evaluate
from cavendish.players.search.opponent import voids_before
from cavendish.players.search.replies import reply_values
from cavendish.players.search.strong import SearchPlayer


def _view(hands: tuple[int, int, int, int], seat: Seat, won: tuple[int, int]) -> Any:
    """A stand-in for a SeatView at the start of a trick that ``seat`` leads."""
    return SimpleNamespace(seat=seat, trick=(), hand=hands[seat], legal=hands[seat],
                           trump=Suit.C, leader=seat, dealer=Seat.W, tricks_won=won)


def test_forced_replies_leave_the_double_dummy_values() -> None:
    """Two cards left and every reply forced: the model changes nothing.  N/S take both
    tricks (the spade ace and the heart ace) whoever leads and whatever is led, so the
    values are 2 for N's cards and 0 for E's."""
    hands = (hand_mask(["SA", "H2"]), hand_mask(["S3", "HK"]),
             hand_mask(["S4", "HA"]), hand_mask(["S5", "H3"]))
    for seat, tricks in ((Seat.N, 2.0), (Seat.E, 0.0)):
        view = _view(hands, seat, (5, 6))
        worlds = [World(hands, 1.0)]
        ev = evaluate(worlds, view)
        assert set(ev.expected.values()) == {tricks}
        out = reply_values(worlds, view, (0, 0, 0, 0), None, 0, ev, candidates=2, deals=3,
                           work=1e6, rng=random.Random(1), min_worlds=1)
        assert out == ev.expected


def _second_hand(seed: int) -> Any:
    for extra in range(0, 40, 4):
        state = played_state(seed, 25 + extra)
        seat = state.turn
        view = state.view(seat)
        if len(view.trick) == 1 and len(state.legal_cards()) >= 3:
            return state, seat, view
    pytest.skip("no second-hand choice in this deal")


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_an_adversary_choosing_from_his_own_hand_never_does_better_than_double_dummy(
    seed: int,
) -> None:
    """Second hand's only modelled reply is the third hand's, an adversary's: whatever it
    picks, the rest double dummy, the side to decide takes at least the double-dummy
    tricks (which assume the adversary's best card)."""
    state, seat, view = _second_hand(seed)
    k = knowledge_of(state, seat)
    worlds = _truth(state)
    ev = evaluate(worlds, view)
    gone = k.played & ~sum(1 << c for _, c in view.trick)
    out = reply_values(worlds, view, voids_before(k, len(k.plays)), k.turned, gone, ev,
                       candidates=4, deals=3, work=1e6, rng=random.Random(seed), min_worlds=1)
    assert out is not None and len(out) >= 2
    for card, value in out.items():
        assert value >= ev.expected[card]
    again = reply_values(worlds, view, voids_before(k, len(k.plays)), k.turned, gone, ev,
                         candidates=4, deals=3, work=1e6, rng=random.Random(seed),
                         min_worlds=1)
    assert again == out


def _truth(state: Any) -> list[World]:
    h = tuple(state.hand(s) for s in Seat)
    return [World((h[0], h[1], h[2], h[3]), 1.0)]


def test_no_model_for_the_last_two_hands_or_too_little_work() -> None:
    state = played_state(3, 26)  # trick 7, third hand to play: only the last hand replies
    view = state.view(state.turn)
    assert len(view.trick) == 2
    worlds = _truth(state)
    ev = evaluate(worlds, view)
    assert reply_values(worlds, view, (0, 0, 0, 0), None, 0, ev, candidates=2, deals=3,
                        work=1e6, rng=random.Random(1), min_worlds=1) is None
    state, _, view = _second_hand(3)
    worlds = _truth(state)
    ev = evaluate(worlds, view)
    assert reply_values(worlds, view, (0, 0, 0, 0), None, 0, ev, candidates=2, deals=3,
                        work=0.0, rng=random.Random(1)) is None


def test_search_with_replies_reproduces_and_plays_a_legal_card() -> None:
    state = played_state(11, 24)  # a lead in the seventh trick
    seat = state.turn
    view = state.view(seat)
    cards = []
    for _ in range(2):
        p = SearchPlayer(5, replies=2, reply_work=1e5)
        p.begin_hand(state.view(seat))
        for e in state.events:
            p.observe(e)
        cards.append(p.decide(view))
    assert cards[0] == cards[1]
    assert view.legal >> cards[0].card & 1


def test_bad_reply_options_are_refused() -> None:
    with pytest.raises(ValueError, match="reply_candidates 1"):
        SearchPlayer(0, replies=2, reply_candidates=1)
    with pytest.raises(ValueError, match="replies -1"):
        SearchPlayer(0, replies=-1)

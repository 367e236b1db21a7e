"""Hands part-played, and the same play on another layout of the hidden cards."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from cavendish.analysis import dd
from cavendish.core import Deal, HandState, Seat
from cavendish.core.events import CardPlayed, Event
from cavendish.core.state import SeatView
from cavendish.core.table import deal_cards
from cavendish.players.base import HandStarter, Observer
from cavendish.players.inference import Knowledge
from cavendish.players.search import LayoutSpace
from cavendish.players.tutor import opening_view


def played_state(seed: int, cards: int, dealer: Seat = Seat.S) -> HandState:
    """A random deal with ``cards`` cards played at random (legally)."""
    rng = random.Random(seed)
    state = HandState(deal_cards(rng, dealer))
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    return state


def dd_played_state(seed: int, cards: int) -> HandState:
    """A random deal (North deals) with ``cards`` cards played, every seat a
    double-dummy best card (the lowest of the best)."""
    state = HandState(deal_cards(random.Random(seed), Seat.N))
    for _ in range(cards):
        tricks = dd.solve_state(state).tricks
        best = max(tricks.values())
        state.play(min((c for c, t in tricks.items() if t == best), key=lambda c: (c % 13, c)))
    return state


def knowledge_of(state: HandState, seat: Seat) -> Knowledge:
    """``seat``'s knowledge, told of the hand's start and shown every event."""
    view = state.view(seat)
    k = Knowledge.from_view(opening_view(view, state.events, state.deal.trump_card))
    for e in state.events:
        k.observe(e)
    return k


def replay(deal: Deal, events: Sequence[Event]) -> HandState:
    """The same cards played on ``deal``."""
    state = HandState(deal)
    for e in events:
        if isinstance(e, CardPlayed):
            state.play(e.card)
    return state


def on_layout(state: HandState, layout: Sequence[int]) -> HandState:
    """The same play on another layout: ``layout`` is the cards each seat holds now
    (a world of the search players)."""
    played = [0, 0, 0, 0]
    for e in state.events:
        if isinstance(e, CardPlayed):
            played[e.seat] |= 1 << e.card
    trick = state.current_trick
    for s, c in trick:
        played[s] &= ~(1 << c)
    hands = [layout[s] | played[s] for s in Seat]
    for s, c in trick:
        hands[s] |= 1 << c
    deal = Deal((hands[0], hands[1], hands[2], hands[3]), state.deal.dealer,
                state.deal.trump_card)
    return replay(deal, state.events)


def other_layout(state: HandState, seat: Seat, seed: int) -> HandState:
    """The same play from ``seat``'s point of view on a different layout of the cards
    it cannot see (drawn from every layout its knowledge allows)."""
    k = knowledge_of(state, seat)
    space = LayoutSpace(k)
    rng = random.Random(seed)
    now = tuple(state.hand(s) for s in Seat)
    for _ in range(50):
        layout = space.draw(rng)
        if layout != now:
            break
    else:
        raise AssertionError("no other layout found")
    other = on_layout(state, layout)
    assert other.view(seat) == state.view(seat)
    assert [other.hand(s) for s in Seat] != [state.hand(s) for s in Seat]
    return other


class Listener(HandStarter, Observer, Protocol):
    """A player told of a hand: its seat's opening view, then every public event."""


def told(player: Listener, state: HandState, seat: Seat) -> SeatView:
    """Tell ``player`` of the hand as ``seat`` saw it (the opening view, then every
    event so far); return the seat's view now."""
    view = state.view(seat)
    player.begin_hand(opening_view(view, state.events, state.deal.trump_card))
    for e in state.events:
        player.observe(e)
    return view

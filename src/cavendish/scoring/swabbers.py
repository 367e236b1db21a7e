"""Whisk-and-swabbers: the stakes the holders of the swabbers receive.

Design note
-----------
000: Grose "states that swabbers are 'the ace of hearts, knave of clubs, ace and duce
of trumps at whist.' The true function of the swabbers is not positively known; it
is probable that the holders of these cards were entitled to receive a certain stake
from the other players."  The reading chosen here (stated with the other choices in
:mod:`cavendish.core.old_games`): at the start of play each swabber's holder
receives one stake from each of the other three players, so a hand's stakes sum to
nothing; a card is one swabber however many of Grose's names it answers to (the ace
of hearts when hearts are trumps); the deuce of trumps, put out of whisk's pack, is
never held.  The stakes are settled hand by hand, apart from the game score.

>>> import random
>>> from cavendish.core import HandState, Seat, get_rules
>>> from cavendish.core.table import deal_for
>>> rules = get_rules("swabbers")
>>> state = HandState(deal_for(rules, random.Random(1), Seat.N), rules)
>>> [str(c) for c in swabber_cards(state.trump)]
['H2', 'HA', 'CJ']
>>> stakes(state), sum(stakes(state))
((-2, 2, -2, 2), 0)
"""

from __future__ import annotations

from ..core.cards import CARDS, Card, Seat, Suit
from ..core.state import HandState

__all__ = ["SWABBERS", "held_swabbers", "stakes", "swabber_cards"]

SWABBERS = ("the ace of hearts", "the knave of clubs", "the ace of trumps", "the deuce of trumps")
"""Grose's four swabbers (000)."""


def swabber_cards(trump: Suit | int) -> list[Card]:
    """The swabbers when ``trump`` is trumps, in card order, each card once."""
    t = 13 * int(trump)
    found = {13 * Suit.H + 12, 13 * Suit.C + 9, t + 12, t}
    return [CARDS[c] for c in sorted(found)]


def held_swabbers(state: HandState) -> dict[Seat, list[Card]]:
    """Which swabbers each seat held at the start of play (a card not dealt, as the
    deuce of trumps at whisk, is held by nobody)."""
    out: dict[Seat, list[Card]] = {}
    for card in swabber_cards(state.trump):
        for seat in Seat:
            if state.opening_hand(seat) >> card & 1:
                out.setdefault(seat, []).append(card)
    return out


def stakes(state: HandState) -> tuple[int, int, int, int]:
    """What each seat (N E S W) wins (or pays, negative) in stakes for the swabbers of
    this hand: one stake from each of the other three players per swabber held."""
    won = [0, 0, 0, 0]
    for seat, cards in held_swabbers(state).items():
        for _ in cards:
            for other in Seat:
                won[other] += 3 if other == seat else -1
    return (won[0], won[1], won[2], won[3])

"""Claims at the table: judging a claim double dummy, and when a computer claims.

Design note
-----------
A player may claim some or all of the tricks left (the trick in progress
counted), or concede them.  A computer adversary accepts a claim only if the
claimer's side makes it *double dummy on the true layout against every defence*:
the double-dummy value of the position for the claimer's side (both sides
playing their best, :func:`cavendish.analysis.dd.solve_state`) is at least the
number claimed.  A concession (nothing claimed) is always accepted, except at
Clay's dummy, where "no hands are thrown up, as every trick is of value" (001,
offset 234755): there a concession, or a claim of fewer than all the tricks left
(which gives up the rest), is refused before anyone judges it
(:func:`thrown_up_refusal`); a claim of every trick left stands as elsewhere.

A computer player claims all the tricks left, on its lead, when its side holds
every one of them on every layout consistent with what it can see (its own
hand, a dummy's, and the cards played, which it remembers).  We test a
sufficient condition that needs no search, so that a claim is never wrong:

* every card of the leader's hand is a master: no card it cannot see is higher
  in the same suit;
* and no trump it cannot see can ruff: there is none, or the leader holds at
  least as many trumps as there are trumps it cannot see (leading its master
  trumps first draws them all, whoever holds them).

It may miss claims that need more reasoning (a squeeze, a finesse known to
work); it never claims a trick that could be lost.

>>> import random
>>> from cavendish.core import HandState, deal_cards, Seat
>>> state = HandState(deal_cards(random.Random(3), Seat.N))
>>> sure_claim(state, state.turn)
False
"""

from __future__ import annotations

from ..core.cards import FULL_PACK, SUIT_MASK, Seat
from ..core.state import HandState

__all__ = ["claim_holds", "double_dummy_tricks", "sure_claim", "thrown_up_refusal"]

NO_HANDS_THROWN_UP = (
    "at Clay's dummy \"no hands are thrown up, as every trick is of value\" (001): "
    "play the hand out"
)


def thrown_up_refusal(scoring: str, wanted: int, remaining: int) -> str | None:
    """Why a claim of ``wanted`` of the ``remaining`` tricks may not be made under the
    ``scoring`` policy, or None: at Clay's dummy no hand is thrown up, in whole (a
    concession) or in part.

    >>> thrown_up_refusal("clay", 0, 13) == NO_HANDS_THROWN_UP
    True
    >>> thrown_up_refusal("clay", 5, 5), thrown_up_refusal("club", 0, 13)
    (None, None)
    """
    return NO_HANDS_THROWN_UP if scoring == "clay" and wanted < remaining else None


def double_dummy_tricks(state: HandState, seat: Seat) -> int:
    """The tricks left (the current one included) that ``seat``'s side takes double
    dummy, both sides playing their best on the true layout."""
    from ..analysis.dd import solve_state

    remaining = state.tricks_in_hand - state.trick_number
    best = solve_state(state).best
    return best if state.turn.side == seat.side else remaining - best


def claim_holds(state: HandState, seat: Seat, tricks: int) -> bool:
    """Whether a computer adversary accepts ``seat``'s claim of ``tricks``: his side
    makes them double dummy against every defence (a concession always holds)."""
    if tricks == 0:
        return True
    return double_dummy_tricks(state, seat) >= tricks


def sure_claim(state: HandState, seat: Seat) -> bool:
    """Whether ``seat``, on lead with two tricks or more left, takes every trick left
    on every layout consistent with what it sees (the module's sufficient test).

    ``seat`` sees its own hand, the dummies' (face up) and every card played.
    """
    if state.is_over or state.current_trick or state.turn != seat:
        return False
    if state.tricks_in_hand - state.trick_number < 2:
        return False
    hand = state.hand(seat)
    seen = hand
    for d in state.dummies:
        seen |= state.hand(d)
    held = 0
    for s in Seat:
        held |= state.hand(s)
    unseen = held & ~seen & FULL_PACK
    for suit_mask in SUIT_MASK:
        mine = hand & suit_mask
        if not mine:
            continue
        lowest = mine & -mine
        # a card the leader cannot see, above his lowest card of the suit: not all masters
        if unseen & suit_mask & ~((lowest << 1) - 1):
            return False
    trumps = SUIT_MASK[state.trump]
    hidden = (unseen & trumps).bit_count()
    return hidden == 0 or (hand & trumps).bit_count() >= hidden

"""After a hand: what was dealt, what each side took, and what was possible.

Design note
-----------
The player sees, when a hand ends, the four hands as dealt, the tricks each side
took (a claim or concession counted) and the double-dummy result of the deal
from the opening lead: the tricks each side takes when all four play their best
with every card in view (:func:`cavendish.analysis.dd.solve_state` on the hand
before its first card).  The difference is what the play gained or lost.

>>> import random
>>> from cavendish.core import HandState, Seat, deal_cards
>>> state = HandState(deal_cards(random.Random(1), Seat.N))
>>> while not state.is_over:
...     _ = state.play(state.legal_cards()[0])
>>> r = review_hand(state, (state.tricks_won(0), state.tricks_won(1)))
>>> sum(r.dd_tricks), r.tricks == (state.tricks_won(0), state.tricks_won(1))
(13, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Seat, Side
from ..core.deal import Deal
from ..core.events import Claimed, settled_claim
from ..core.state import HandState

__all__ = ["HandReview", "review_hand"]


@dataclass(frozen=True, slots=True)
class HandReview:
    """A finished hand reviewed: the deal, the tricks taken, the double-dummy tricks."""

    deal: Deal
    """The four hands as dealt."""
    tricks: tuple[int, int]
    """Tricks taken by N-S and E-W (a claim or concession counted)."""
    dd_tricks: tuple[int, int]
    """N-S's and E-W's tricks double dummy from the opening lead."""
    claim: Claimed | None = None
    """The accepted claim or concession that ended the hand, if any."""

    @property
    def eldest(self) -> Seat:
        """The opening leader (the dealer's left)."""
        return self.deal.eldest

    def gained(self, side: Side) -> int:
        """Tricks ``side`` took beyond its double-dummy number (negative: fewer)."""
        return self.tricks[side] - self.dd_tricks[side]


def review_hand(state: HandState, tricks: tuple[int, int]) -> HandReview:
    """The review of a finished hand ``state`` whose sides took ``tricks``."""
    from ..analysis.dd import solve_state

    start = state.opening()  # after the ruff, if any (ruff-and-honours)
    best = solve_state(start).best
    eldest_side = start.turn.side
    dd = [0, 0]
    dd[eldest_side] = best
    dd[eldest_side.other] = state.tricks_in_hand - best
    return HandReview(state.deal, tricks, (dd[0], dd[1]), settled_claim(state.events))

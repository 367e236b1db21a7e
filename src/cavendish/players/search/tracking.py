"""Each held seat's memory of the hand, for the search players.

A search player may hold two seats (itself and a dummy); for each it keeps a
:class:`~cavendish.players.inference.Knowledge` built only from that seat's
views and the public events, and the hand the seat was dealt, so that when it
plays for its dummy it still knows its own cards (and the reverse).  The
knowledge is rebuilt from the view if the player was not told of the hand's
start, or if the view does not continue the record (a player reused on a new
hand), exactly as the classical player does.

>>> from cavendish.core import Card, Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> memory = HandMemory("modern")
>>> memory.begin_hand(state.view(Seat.S))
>>> event = state.play(Card.parse("C6"))
>>> memory.observe(event)
>>> memory.sync(state.view(Seat.S)).played_by(Seat.E) == 1 << event.card
True
"""

from __future__ import annotations

from ...core.cards import Seat
from ...core.events import Event
from ...core.state import SeatView
from ..inference import Knowledge, School, follow_view, get_school

__all__ = ["HandMemory"]


class HandMemory:
    """The knowledge and the dealt hand of every seat a player holds."""

    def __init__(self, school: School | str = "modern") -> None:
        self.school = get_school(school)
        self._knowledge: dict[Seat, Knowledge] = {}
        self._dealt: dict[Seat, int] = {}

    def begin_hand(self, view: SeatView) -> None:
        """A new hand for ``view.seat``: forget the last one."""
        self._knowledge[view.seat] = Knowledge.from_view(view, self.school)
        self._dealt[view.seat] = view.hand

    def observe(self, event: Event) -> None:
        """A public event, seen from every held seat."""
        for k in self._knowledge.values():
            k.observe(event)

    def knowledge(self, seat: Seat) -> Knowledge | None:
        """The knowledge of ``seat``, if the player holds it."""
        return self._knowledge.get(seat)

    def sync(self, view: SeatView) -> Knowledge:
        """The knowledge of ``view.seat`` brought up to ``view`` (rebuilt if need be)."""
        k, fresh = follow_view(
            self._knowledge.get(view.seat), view, self.school, self._dealt.get(view.seat, 0)
        )
        if fresh:
            self._knowledge[view.seat] = k
            self._dealt[view.seat] = view.hand | k.played_by(view.seat)
        partner = view.seat.partner
        other = self._knowledge.get(partner)
        pdealt = self._dealt.get(partner, 0)
        if (
            pdealt
            and other is not None
            and other.dealer == view.dealer
            and not pdealt & view.hand
            and pdealt & k.played == pdealt & k.played_by(partner)
        ):
            k.set_known(partner, pdealt & ~k.played)
        return k

"""The record of a card played, and what a reader of the play needs of the knowledge.

Design note
-----------
:class:`~.knowledge.Knowledge` records every card as a :class:`PlayRecord` and
hands it to :func:`~.reading.read_play`, which adds the school's readings back
to the knowledge.  The two modules used to import each other; this module is
what both need and needs neither: the record itself, and :class:`Readable`, the
part of the knowledge the reader uses (its facts, its record and the way to add
or withdraw an inference).  ``knowledge`` imports ``reading`` and this module;
``reading`` imports only this module, so the package has no circle of imports.

>>> from cavendish.core.cards import Card, Seat
>>> r = PlayRecord(Seat.W, Card.parse("S4"), 0, 0, Seat.W, 0, None, -1, -1)
>>> r.follows, r.suit
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from ...core.cards import Card, Seat
from .constraints import Clause, Inference
from .schools import School

__all__ = ["PlayRecord", "Readable"]


class PlayRecord(NamedTuple):
    """One card played, with its place in the trick, as the table saw it."""

    seat: Seat
    card: Card
    trick: int
    position: int
    """0 for the lead, 1 second hand, 2 third hand, 3 fourth hand."""
    leader: Seat
    led: int
    """The suit led to the trick."""
    winner_before: Seat | None
    """The seat winning the trick before this card (None for the lead)."""
    best_before: int
    """The card winning the trick before this card (-1 for the lead)."""
    live_before: int
    """The cards not yet played before this card (mask)."""
    revoke: bool = False

    @property
    def follows(self) -> bool:
        """Whether the card is of the suit led."""
        return self.card // 13 == self.led

    @property
    def suit(self) -> int:
        """The card's suit."""
        return self.card // 13


class Readable(Protocol):
    """What :func:`~.reading.read_play` reads and writes of a seat's knowledge
    (:class:`~.knowledge.Knowledge` is the one implementation)."""

    seat: Seat
    trump: int
    school: School
    trick: list[PlayRecord]
    calls: dict[Seat, int]
    echoes: dict[Seat, int]
    _followed: list[list[list[PlayRecord]]]
    _signal_pairs: set[tuple[int, int]]

    def add_inference(
        self,
        seat: Seat,
        clauses: Iterable[Clause],
        convention: str,
        text: str,
        confidence: float,
        *,
        original: bool = False,
        include_card: int | None = None,
        since: int | None = None,
    ) -> Inference | None:
        """Record a reading of ``seat``'s hand."""

    def drop_inferences(self, seat: Seat, predicate: object) -> None:
        """Withdraw the seat's inferences for which ``predicate(inf)`` is true."""

    def is_void(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` has shown out of ``suit``."""

    def seat_plays(self, seat: Seat) -> list[PlayRecord]:
        """The cards ``seat`` has played, in order."""

    def leads(self, seat: Seat) -> list[PlayRecord]:
        """The cards ``seat`` has led, in order."""

    def suit_opened_by(self, seat: Seat, suit: int) -> PlayRecord | None:
        """``seat``'s first lead of ``suit``."""

    def trump_leader(self, seat: Seat) -> bool:
        """Whether ``seat`` has led trumps."""

    def called(self, seat: Seat) -> bool:
        """Whether ``seat`` has called for trumps."""

"""What a seat remembers of its own: the hand it was dealt.

Everything else -- the cards played, its own signals included -- is in the seat's
:class:`~cavendish.players.inference.Knowledge`, so a player brought to a position
by its events knows as much as one that played the hand from the start.

>>> SeatMemory(hand0=0b111).hand0
7
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SeatMemory"]


@dataclass
class SeatMemory:
    """One seat's own record for the hand."""

    hand0: int = 0
    """The hand as dealt (mask)."""

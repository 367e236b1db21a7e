"""One board of a duplicate match: its deal, both rooms' tricks, points, times and play.

Design note
-----------
:class:`BoardResult` is the record that a match's workers send back, that
:mod:`.duplicate` sums and that :mod:`.journal` writes and reads; it lives in a
module of its own, below both, so that neither imports the other (the journal
needs the record, the match the journal), and a package holds no circle of
imports.  It is plain data: the deal as PBN, the plays as text.

>>> BoardResult(0, "", (7, 7), ((1, 0), (1, 0)), (), ()).tricks_diff
1.0
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["BoardResult"]


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board: its deal, A's tricks and both teams' points in each room, the times."""

    board: int
    """0-based index of the board in the match."""
    deal: str
    """The deal in PBN (the same in both rooms)."""
    tricks: tuple[int, int]
    """A's tricks in room 1 (as N-S) and in room 2 (as E-W)."""
    points: tuple[tuple[int, int], tuple[int, int]]
    """(A's points, B's points) in room 1 and in room 2."""
    times_a: tuple[float, ...]
    times_b: tuple[float, ...]
    plays: tuple[str, str] = ("", "")
    """The cards played in room 1 and in room 2, in order from the opening lead
    (``"HT H2 H9 HK ..."``); empty for a board read from an older journal."""
    trump_card: str = ""
    """The card turned up (``"S2"``); empty for a board read from an older journal."""
    stock: str = ""
    """Ruff-and-honours: the four cards left undealt, as a PBN hand (``"4.A.6.7"``)."""
    ruffs: tuple[str, str] = ("", "")
    """Ruff-and-honours: each room's ruff, ``"E:H3 H4 D2 C5"`` (the ruffer and the cards
    he put out; ``"E:"`` when he declined), or empty when nobody could ruff."""

    @property
    def tricks_diff(self) -> float:
        """``d_i``: A's tricks minus B's per deal, averaged over the two rooms.

        >>> BoardResult(0, "", (9, 5), ((3, 0), (0, 1)), (), ()).tricks_diff
        1.0
        """
        (a1, a2) = self.tricks
        n = self.tricks_in_hand
        return ((a1 - (n - a1)) + (a2 - (n - a2))) / 2

    @property
    def tricks_in_hand(self) -> int:
        """Thirteen, or twelve in the old games (the cards of the deal's first hand)."""
        hand = self.deal.split()[0].partition(":")[2] if self.deal else ""
        return len(hand.replace(".", "")) or 13

    @property
    def points_diff(self) -> float:
        """A's points minus B's per deal, averaged over the two rooms.

        >>> BoardResult(0, "", (9, 5), ((3, 0), (0, 1)), (), ()).points_diff
        1.0
        """
        (pa1, pb1), (pa2, pb2) = self.points
        return ((pa1 - pb1) + (pa2 - pb2)) / 2

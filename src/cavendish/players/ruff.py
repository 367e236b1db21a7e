"""The ruff at ruff-and-honours: which four cards a computer player puts out.

Design note
-----------
000 (Cotton, 1674): "The holder of the ace of trumps was allowed to *ruff, i.e.,*
to take in the stock and to put out four cards from his hand."  Taking in four
cards and putting out the four worst of the sixteen can never leave a hand weaker,
so a computer player always ruffs.  What it puts out follows the one piece of
play 000 reports from Cotton, that "the main ideas were to make trumps by ruffing":
it keeps every trump, then the higher cards, and among cards of equal rank puts
out those of its shortest plain suit first, towards a void to trump in.

The double-dummy layer (DDS, :mod:`cavendish.analysis.dd`) solves positions of four
equal hands, which twelve-card hands are, but it has no stock phase: no player
searches the ruff.  Every computer player, the search players included, ruffs by
this rule; from the first lead a search player's view names the cards it knows are
in no hand (whisk's deuces, the turned card, what it put out itself) and how many
stock cards it has not seen (:class:`~cavendish.core.state.SeatView`), and its
sampler leaves those unseen cards out of every world it gives DDS.

A player that defines ``ruff(view, stock)`` (a :class:`Ruffer`) chooses for
itself: it gets its seat's view before the first lead and the stock's cards (it
takes them in), and returns the four cards to put out, or none to decline.

>>> from cavendish.core.cards import hand_mask, Suit
>>> hand = hand_mask("SA S3 H2 H5 H7 D4 D9 DQ C3 C6 C8 CK".split())
>>> stock = hand_mask("S9 SJ HA D2".split())
>>> [str(c) for c in default_put_out(hand, stock, Suit.S)]
['H2', 'D2', 'D4', 'C3']
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from ..core.cards import SUIT_MASK, Card, Suit, cards_of
from ..core.state import SeatView

__all__ = ["Ruffer", "choose_put_out", "default_put_out"]


@runtime_checkable
class Ruffer(Protocol):
    """A player that chooses its own ruff (ruff-and-honours)."""

    def ruff(self, view: SeatView, stock: int) -> list[Card]:
        """The cards to put out after taking in ``stock`` (a mask), or [] to decline."""
        ...


def default_put_out(hand: int, stock: int, trump: Suit | int) -> list[Card]:
    """The cards to put out of ``hand`` with ``stock`` taken in: as many as the stock
    holds, the lowest plain cards, the shortest suit's first among equal ranks; trumps
    only when no plain card is left."""
    whole = hand | stock
    trumps = SUIT_MASK[trump]

    def worth(card: Card) -> tuple[bool, int, int]:
        length = (whole & SUIT_MASK[card.suit]).bit_count()
        return (bool(trumps >> card & 1), card % 13, length)

    return sorted(sorted(cards_of(whole), key=worth)[: stock.bit_count()])


def choose_put_out(player: object, view: SeatView, stock: int) -> list[Card]:
    """What ``player`` puts out at its ruff: its own choice if it is a :class:`Ruffer`,
    else :func:`default_put_out` (it always ruffs)."""
    if isinstance(player, Ruffer):
        return list(player.ruff(view, stock))
    return default_put_out(view.hand, stock, view.trump)

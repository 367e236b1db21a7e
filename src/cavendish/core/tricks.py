"""Who wins a trick: the one rule, written once.

Design note
-----------
A trick is won by the highest trump played to it, or, if no trump was played, by
the highest card of the suit led (law 73's trick, the rule every whist code states).
:func:`beats` is that rule between two cards: the card played against the card
winning so far.  :func:`winning_index` folds it over a trick's cards in order of
play (a hole, ``-1``, is a seat that played no card to it, laws 46, 69, 70), and
:func:`trick_winner` turns the index into a seat.  The hand state, the arbiter,
the players' knowledge and the records all call these; nothing else in Cavendish
compares two cards of a trick.

>>> from cavendish.core.cards import Card, Seat, Suit
>>> S2, HK, D2 = Card.parse("S2"), Card.parse("HK"), Card.parse("D2")
>>> beats(S2, HK, Suit.S), beats(D2, HK, Suit.S)
(True, False)
>>> trick_winner([Card.parse(c) for c in ("H4", "HK", "S2", "H3")], Seat.N, Suit.S)
<Seat.S: 2>
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from .cards import Seat

__all__ = ["beats", "full_trick_index", "trick_winner", "winning_index"]

_SEATS: Final = tuple(Seat)


def _rule(card: int, best: int, trump: int) -> bool:
    # the rule itself: a higher card of the suit, or a trump on another suit
    suit = card // 13
    best_suit = best // 13
    return (suit == best_suit and card > best) or (suit == trump and best_suit != trump)


_BEATS: Final = tuple(
    bytes(_rule(card, best, trump) for best in range(52) for card in range(52))
    for trump in range(4)
)
"""``_BEATS[trump][best * 52 + card]``: the rule, tabled once for the hot path."""


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best``, the card winning the trick so far: a higher
    card of the same suit, or a trump on a card of another suit.

    >>> from cavendish.core.cards import Card, Suit
    >>> HA, HK, CA = Card.parse("HA"), Card.parse("HK"), Card.parse("CA")
    >>> beats(HA, HK, Suit.C), beats(CA, HK, Suit.D)
    (True, False)
    """
    return _BEATS[trump][best * 52 + card] == 1


def winning_index(cards: Sequence[int], trump: int) -> int:
    """The position, in order of play, of the card that wins ``cards`` (``-1`` entries
    are seats that played no card, skipped); ``-1`` when no card was played.

    >>> from cavendish.core.cards import Card, Suit
    >>> winning_index([-1, Card.parse("D4"), Card.parse("DK"), Card.parse("H2")], Suit.S)
    2
    """
    table = _BEATS[trump]
    best = -1
    best_i = -1
    for i, c in enumerate(cards):
        if c >= 0 and (best < 0 or table[best * 52 + c]):
            best, best_i = c, i
    return best_i


def full_trick_index(a: int, b: int, c: int, d: int, trump: int) -> int:
    """:func:`winning_index` of a whole trick, its four cards ``a b c d`` in order of play
    (no hole): the same fold, unrolled for the hand state's hot path.

    >>> from cavendish.core.cards import Card, Suit
    >>> full_trick_index(*[Card.parse(c) for c in ("H4", "HK", "S2", "H3")], Suit.S)
    2
    """
    table = _BEATS[trump]
    best, index = a, 0
    if table[best * 52 + b]:
        best, index = b, 1
    if table[best * 52 + c]:
        best, index = c, 2
    if table[best * 52 + d]:
        index = 3
    return index


def trick_winner(cards: Iterable[int], leader: int, trump: int) -> Seat:
    """The seat that wins a trick led by ``leader``: the highest trump, else the highest
    card of the suit led.

    >>> from cavendish.core.cards import Card, Seat, Suit
    >>> trick_winner([Card.parse(c) for c in ("H4", "HK", "S2", "H3")], Seat.N, Suit.S)
    <Seat.S: 2>
    >>> trick_winner([Card.parse(c) for c in ("H4", "HK", "D2", "HA")], Seat.N, Suit.S)
    <Seat.W: 3>
    """
    entries = cards if isinstance(cards, Sequence) else list(cards)
    return _SEATS[(leader + winning_index(entries, trump)) & 3]

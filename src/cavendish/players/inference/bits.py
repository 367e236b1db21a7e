"""Suit arithmetic on card masks, shared by the inference module and the players.

A hand is a 52-bit mask (:mod:`cavendish.core.cards`); the cards of one suit are
13 bits, bit 0 the two and bit 12 the ace.  Everything here is a few integer
operations or a lookup in a table built once, so that the players stay fast.

*Live* cards are the cards not yet played.  A holding's *effective* ranks are its
ranks counted among the live cards from the top: once the ace has gone, the king
is the effective ace, and cards separated only by played cards are equals.

>>> from cavendish.core.cards import hand_mask
>>> hand = hand_mask(["HK", "HQ", "H4"])
>>> bin(suit_bits(hand, 1))
'0b110000000100'
>>> eff, back = effective(0b110000000100, FULL_SUIT & ~(1 << ACE))  # the ace played
>>> bin(eff), back
('0b1100000001000', (11, 10, 2))
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Final

__all__ = [
    "ACE",
    "FULL_SUIT",
    "JACK",
    "KING",
    "QUEEN",
    "TEN",
    "above",
    "below",
    "bit_list_desc",
    "effective",
    "head_sequence",
    "high_bit",
    "low_bit",
    "lowest_of_run",
    "rank_char",
    "suit_bits",
    "suit_mask",
    "to_card",
]

FULL_SUIT: Final = 0x1FFF
ACE: Final = 12
KING: Final = 11
QUEEN: Final = 10
JACK: Final = 9
TEN: Final = 8


def suit_bits(mask: int, suit: int) -> int:
    """The 13 bits of ``suit`` in ``mask``."""
    return (mask >> (13 * suit)) & FULL_SUIT


def suit_mask(bits: int, suit: int) -> int:
    """The card mask of 13 ``bits`` of ``suit``."""
    return bits << (13 * suit)


def to_card(bit: int, suit: int) -> int:
    """The card index of rank ``bit`` (0 = two) of ``suit``."""
    return 13 * suit + bit


def high_bit(bits: int) -> int:
    """The index of the highest set bit (-1 when there is none)."""
    return bits.bit_length() - 1


def low_bit(bits: int) -> int:
    """The index of the lowest set bit (-1 when there is none)."""
    return (bits & -bits).bit_length() - 1


def above(bit: int) -> int:
    """The 13-bit mask of every rank above ``bit``."""
    return FULL_SUIT & ~((2 << bit) - 1)


def below(bit: int) -> int:
    """The 13-bit mask of every rank below ``bit``."""
    return (1 << bit) - 1


def rank_char(bit: int) -> str:
    """``'A'`` for bit 12 ... ``'2'`` for bit 0."""
    return "23456789TJQKA"[bit]


@cache
def bit_list_desc(bits: int) -> tuple[int, ...]:
    """The set bits, highest first.

    >>> bit_list_desc(0b1000000000101)
    (12, 2, 0)
    """
    return tuple(b for b in range(12, -1, -1) if bits >> b & 1)


@lru_cache(maxsize=1 << 16)
def effective(held: int, live: int) -> tuple[int, tuple[int, ...]]:
    """A holding's effective ranks among the ``live`` cards of its suit.

    Returns the effective holding (bit 12 = the best live card) and, for each
    effective bit held (highest first), the actual bit it stands for.
    ``held`` must be a subset of ``live``.
    """
    eff = 0
    back: list[int] = []
    pos = 12
    for b in range(12, -1, -1):
        if live >> b & 1:
            if held >> b & 1:
                eff |= 1 << pos
                back.append(b)
            pos -= 1
    return eff, tuple(back)


def head_sequence(held: int, others: int) -> int:
    """The cards of ``held`` that are above every card in ``others`` (same suit bits):
    the holding's commanding cards.

    >>> bin(head_sequence(0b1100000000001, 0b0010000000000))
    '0b1100000000000'
    """
    top_other = high_bit(others)
    return held & above(top_other) if top_other >= 0 else held


def lowest_of_run(held: int, start: int, others: int) -> int:
    """The lowest card equal to ``start`` in ``held``: going down from ``start``, the
    last card of ``held`` met before any card of ``others`` (played cards are gaps
    that do not count).

    >>> lowest_of_run(0b0001110000000, 9, 0b0000000000001)  # J T 9 against the 2
    7
    >>> lowest_of_run(0b0001010000000, 9, 0b0000000000001)  # J 9, the T played
    7
    >>> lowest_of_run(0b0001010000000, 9, 0b0000100000000)  # J 9, the T out
    9
    """
    low = start
    for b in range(start - 1, -1, -1):
        if others >> b & 1:
            break
        if held >> b & 1:
            low = b
    return low

"""Exact probabilities of a random whist deal, in rational arithmetic.

Design note
-----------
Every function here returns a :class:`fractions.Fraction` computed with
:func:`math.comb` under one stated model: the pack is perfectly shuffled, so every
deal is equally likely, and the trump card is the last card dealt (the dealer's
own, law 44).  Each takes a :class:`Pack` so that the same formula can be checked
by brute-force enumeration on a reduced pack (four suits of three or four cards,
hands of three or four); the default is the whist pack of four suits of thirteen.

>>> suit_length(3)
Fraction(1336935171, 4669217350)
>>> round(float(dealer_trumps_at_least(5)), 4), round(float(other_trumps_at_least(5)), 4)
(0.2907, 0.1382)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

__all__ = [
    "WHIST_PACK",
    "Pack",
    "both_adversaries_follow",
    "dealer_trumps_at_least",
    "dealer_trumps_given_partner_one",
    "dealer_trumps_mean",
    "deals_count",
    "goes_round",
    "hands_count",
    "other_trumps_at_least",
    "other_trumps_mean",
    "partner_trumps_given_dealer_one",
    "partner_trumps_given_own_one_adversary_dealt",
    "suit_length",
]


@dataclass(frozen=True, slots=True)
class Pack:
    """A pack of ``suits`` suits of ``ranks`` cards, dealt to four players.

    >>> Pack().cards, Pack().hand, Pack(4, 3).hand
    (52, 13, 3)
    """

    suits: int = 4
    ranks: int = 13

    def __post_init__(self) -> None:
        if self.suits < 2 or self.ranks < 1 or (self.suits * self.ranks) % 4:
            raise ValueError(
                f"pack of {self.suits} suits of {self.ranks}: needs two suits or more and "
                "a number of cards divisible by four"
            )

    @property
    def cards(self) -> int:
        """Cards in the pack."""
        return self.suits * self.ranks

    @property
    def hand(self) -> int:
        """Cards in each of the four hands."""
        return self.cards // 4


WHIST_PACK = Pack()
"""The whist pack: 52 cards, four hands of thirteen."""


def _hyper(k: int, good: int, total: int, draws: int) -> Fraction:
    """P(exactly ``k`` good cards) drawing ``draws`` of ``total`` cards holding ``good``."""
    if k < 0 or k > good or draws - k < 0 or draws - k > total - good:
        return Fraction(0)
    return Fraction(
        math.comb(good, k) * math.comb(total - good, draws - k), math.comb(total, draws)
    )


def suit_length(n: int, pack: Pack = WHIST_PACK) -> Fraction:
    """P(a given hand holds exactly ``n`` cards of a suit named before the deal).

    >>> sum(suit_length(n) for n in range(14))
    Fraction(1, 1)
    """
    return _hyper(n, pack.ranks, pack.cards, pack.hand)


def dealer_trumps_at_least(k: int, pack: Pack = WHIST_PACK) -> Fraction:
    """P(the dealer holds ``k`` or more trumps).

    Model: the dealer holds the turned-up trump and ``hand - 1`` other cards drawn
    from the rest of the pack, which holds ``ranks - 1`` trumps.

    >>> dealer_trumps_at_least(1)
    Fraction(1, 1)
    """
    return sum(
        (
            _hyper(j, pack.ranks - 1, pack.cards - 1, pack.hand - 1)
            for j in range(k - 1, pack.ranks)
        ),
        Fraction(0),
    )


def other_trumps_at_least(k: int, pack: Pack = WHIST_PACK) -> Fraction:
    """P(a player other than the dealer holds ``k`` or more trumps).

    Model: his hand is drawn from the pack less the turned-up trump (which is the
    dealer's), so from ``cards - 1`` cards holding ``ranks - 1`` trumps.

    >>> other_trumps_at_least(0)
    Fraction(1, 1)
    """
    return sum(
        (
            _hyper(j, pack.ranks - 1, pack.cards - 1, pack.hand)
            for j in range(max(k, 0), pack.ranks)
        ),
        Fraction(0),
    )


def dealer_trumps_mean(pack: Pack = WHIST_PACK) -> Fraction:
    """The dealer's average number of trumps: the turn-up and his share of the rest.

    >>> dealer_trumps_mean()
    Fraction(65, 17)
    """
    return 1 + Fraction((pack.hand - 1) * (pack.ranks - 1), pack.cards - 1)


def other_trumps_mean(pack: Pack = WHIST_PACK) -> Fraction:
    """A non-dealer's average number of trumps.

    >>> other_trumps_mean()
    Fraction(52, 17)
    """
    return Fraction(pack.hand * (pack.ranks - 1), pack.cards - 1)


def _at_least(k: int, good: int, total: int, draws: int) -> Fraction:
    return sum((_hyper(j, good, total, draws) for j in range(max(k, 0), good + 1)), Fraction(0))


def dealer_trumps_given_partner_one(k: int = 5, pack: Pack = WHIST_PACK) -> Fraction:
    """P(the dealer holds ``k`` or more trumps | the dealer's partner holds exactly one).

    As the partner sees it: he holds one of the ``ranks - 1`` trumps still hidden and
    knows the turn-up is the dealer's; the dealer's other ``hand - 1`` cards come from
    the ``cards - hand - 1`` he cannot see.

    >>> round(float(dealer_trumps_given_partner_one()), 4)
    0.4836
    """
    unseen = pack.cards - pack.hand - 1
    return _at_least(k - 1, pack.ranks - 2, unseen, pack.hand - 1)


def partner_trumps_given_dealer_one(k: int = 5, pack: Pack = WHIST_PACK) -> Fraction:
    """P(the dealer's partner holds ``k`` or more trumps | the dealer holds only the turn-up).

    >>> round(float(partner_trumps_given_dealer_one()), 4)
    0.3518
    """
    unseen = pack.cards - pack.hand
    return _at_least(k, pack.ranks - 1, unseen, pack.hand)


def partner_trumps_given_own_one_adversary_dealt(k: int = 5, pack: Pack = WHIST_PACK) -> Fraction:
    """P(your partner holds ``k`` or more trumps | you hold one trump, an adversary dealt).

    The turn-up is known to be the adversary's, so your partner's hand comes from the
    ``cards - hand - 1`` unseen cards holding ``ranks - 2`` trumps.

    >>> round(float(partner_trumps_given_own_one_adversary_dealt()), 4)
    0.2859
    """
    unseen = pack.cards - pack.hand - 1
    return _at_least(k, pack.ranks - 2, unseen, pack.hand)


def _splits(total: int, parts: int, low: int, cap: int) -> list[tuple[int, ...]]:
    return [t for t in product(range(low, min(total, cap) + 1), repeat=parts) if sum(t) == total]


def goes_round(n: int, r: int, pack: Pack = WHIST_PACK) -> Fraction:
    """P(a suit goes round ``r`` times or more | the leader holds ``n`` of it).

    A suit goes round once when all four follow to it; ``r`` times or more when each
    of the other three holds ``r`` or more (the leader holds ``n >= r``).  Model: the
    other ``ranks - n`` cards of the suit fall at random among the other three hands.

    >>> goes_round(4, 3)
    Fraction(40898, 370481)
    >>> goes_round(8, 2)
    Fraction(0, 1)
    """
    if n < r:
        return Fraction(0)
    rest = pack.ranks - n
    h = pack.hand
    good = sum(
        math.comb(h, a) * math.comb(h, b) * math.comb(h, c) for a, b, c in _splits(rest, 3, r, h)
    )
    return Fraction(good, math.comb(3 * h, rest))


def both_adversaries_follow(n: int, rounds: int, pack: Pack = WHIST_PACK) -> Fraction:
    """P(each adversary holds ``rounds`` or more of a suit | the leader holds ``n``).

    The leader's partner may hold any number.  With ``rounds=1`` this is the chance
    that neither adversary can ruff the first round; with ``rounds=2``, the second.

    >>> [round(float(both_adversaries_follow(5, rounds)), 4) for rounds in (1, 2)]
    [0.9492, 0.6767]
    """
    rest = pack.ranks - n
    h = pack.hand
    good = sum(
        math.comb(h, a) * math.comb(h, b) * math.comb(h, rest - a - b)
        for a in range(rounds, min(rest, h) + 1)
        for b in range(rounds, min(rest - a, h) + 1)
        if rest - a - b <= h
    )
    return Fraction(good, math.comb(3 * h, rest))


def hands_count(pack: Pack = WHIST_PACK) -> int:
    """The number of different hands a player may hold.

    >>> hands_count()
    635013559600
    """
    return math.comb(pack.cards, pack.hand)


def deals_count(pack: Pack = WHIST_PACK) -> int:
    """The number of ways the pack may be distributed among four players.

    >>> deals_count()
    53644737765488792839237440000
    """
    return math.factorial(pack.cards) // math.factorial(pack.hand) ** 4

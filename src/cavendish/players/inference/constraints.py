"""Inferences as constraints: how many of some cards a seat holds.

Design note
-----------
Every reading of a card (sources/reference/conventions.md §14) comes down to counting: "exactly
three higher cards of the suit" (a fourth-best lead), "none lower" (second hand
low), "four trumps or more" (a call), "the ace or the queen" (a king led).  An
:class:`Inference` is a disjunction of :class:`Clause` s; a clause counts the
cards of ``mask`` in the seat's holding *as it was when the card was played*
(its current hand plus the cards it has played since, ``since`` being the cards
it had played before), and ``allowed`` is the set of counts it permits, as a bit
set (bit ``n``: exactly ``n`` cards).

A constraint is a reading under the conventions, not a law: a player may
deviate (a forced lead, a false card, a random player), so every inference has a
``confidence`` and :class:`~.knowledge.Knowledge` drops one that the cards later
contradict.

>>> from cavendish.core.cards import Seat, hand_mask
>>> higher = hand_mask(["H7", "H8", "H9", "HT", "HJ", "HQ", "HK", "HA"])
>>> inf = Inference(Seat.E, (Clause(higher, exactly(3)),), 0, "C44", "three higher", 0.9, 0)
>>> inf.holds(hand_mask(["HA", "HJ", "H9", "H6", "S2"]), 0)
True
>>> inf.holds(hand_mask(["HA", "HJ", "H6", "S2"]), 0)
False
>>> describe_counts(at_least(4)), describe_counts(exactly(3)), describe_counts(between(1, 2))
('4 or more', 'exactly 3', '1 to 2')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ...core.cards import Seat

__all__ = [
    "ANY_COUNT",
    "Clause",
    "Inference",
    "at_least",
    "at_most",
    "between",
    "count_range",
    "describe_counts",
    "exactly",
]

ANY_COUNT: Final = (1 << 14) - 1
"""Every count 0..13 allowed."""


def exactly(n: int) -> int:
    """The count set {n}."""
    return 1 << n


def at_least(n: int) -> int:
    """The count set {n, ..., 13}."""
    return ANY_COUNT & ~((1 << n) - 1)


def at_most(n: int) -> int:
    """The count set {0, ..., n}."""
    return (1 << (n + 1)) - 1


def between(lo: int, hi: int) -> int:
    """The count set {lo, ..., hi}."""
    return at_least(lo) & at_most(hi)


def count_range(allowed: int) -> tuple[int, int]:
    """The least and greatest count of a count set.

    >>> count_range(between(2, 5))
    (2, 5)
    """
    return (allowed & -allowed).bit_length() - 1, allowed.bit_length() - 1


def describe_counts(allowed: int) -> str:
    """A count set in words."""
    lo, hi = count_range(allowed)
    if lo == hi:
        return f"exactly {lo}"
    if hi == 13 and allowed == at_least(lo):
        return f"{lo} or more"
    if lo == 0 and allowed == at_most(hi):
        return f"at most {hi}"
    if allowed == between(lo, hi):
        return f"{lo} to {hi}"
    return " or ".join(str(n) for n in range(14) if allowed >> n & 1)


@dataclass(frozen=True)
class Clause:
    """``allowed`` counts of the cards of ``mask`` (a bit set over 0..13)."""

    mask: int
    allowed: int

    def holds(self, holding: int) -> bool:
        """Whether ``holding`` (a mask) has an allowed number of these cards."""
        return bool(self.allowed >> (holding & self.mask).bit_count() & 1)

    def __reduce__(self) -> tuple[type[Clause], tuple[int, int]]:
        """Rebuilt from its fields (pickle, ``copy``; compiled with mypyc, pickle's
        default way would assign the frozen fields one by one, and fail)."""
        return (Clause, (self.mask, self.allowed))


@dataclass(frozen=True)
class Inference:
    """What a card tells about the hand that played it: one of ``clauses`` holds."""

    seat: Seat
    clauses: tuple[Clause, ...]
    since: int
    """The cards the seat had played before the card read (they are not counted)."""
    convention: str
    """The catalogue id of the rule read, ``"C44"``."""
    text: str
    """The reading in plain English."""
    confidence: float
    """How far the reading is trusted, 0..1 (the seat's reliability included)."""
    trick: int
    """The 0-based trick of the card read."""
    cards: int = field(init=False, repr=False, compare=False)
    """Every card the clauses count (the union of their masks): a fact about none of
    them cannot change whether the reading may hold."""

    def __post_init__(self) -> None:
        cards = 0
        for c in self.clauses:
            cards |= c.mask
        object.__setattr__(self, "cards", cards)

    def holding_then(self, current: int, played: int) -> int:
        """The seat's holding when the card was read, from its current hand and every
        card it has played."""
        return current | (played & ~self.since)

    def holds(self, current: int, played: int) -> bool:
        """Whether the reading is true of a seat holding ``current`` that has played ``played``."""
        h = current | (played & ~self.since)
        return any(c.allowed >> (h & c.mask).bit_count() & 1 for c in self.clauses)

    def __str__(self) -> str:
        return f"{self.seat}: {self.text} ({self.convention})"

    def __reduce__(
        self,
    ) -> tuple[type[Inference], tuple[Seat, tuple[Clause, ...], int, str, str, float, int]]:
        """Rebuilt from its fields, :attr:`cards` computed again (pickle, ``copy``;
        compiled with mypyc, pickle's default way would assign the frozen fields one
        by one, and fail).

        >>> import copy
        >>> i = Inference(Seat.E, (Clause(0b110, 0b10),), 0, "C44", "fourth best", 1.0, 0)
        >>> j = copy.deepcopy(i)
        >>> j == i, j.cards == i.cards == 0b110
        (True, True)
        """
        return (Inference, (self.seat, self.clauses, self.since, self.convention, self.text,
                            self.confidence, self.trick))

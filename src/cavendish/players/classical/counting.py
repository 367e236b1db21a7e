"""The last tricks: count the cards and play by the count (C4, C10).

Design note
-----------
The book rules assume ignorance.  Cavendish's C4 ("tentative stage, then action on
information") says that once the fall of the cards has told where they are, the
player uses judgment; C10 that he counts every suit.  In the last
:data:`LAST_TRICKS` tricks the classical player does exactly that: it lists every
layout of the unseen cards the play allows (its own hand, the voids shown, the
cards known to be in a hand; each weighted by the school's readings through
:meth:`~cavendish.players.inference.Knowledge.weight`), scores each legal card in
each layout by playing the ending out double dummy (few cards are left, so the
ending is short and every layout is solved), and plays the card that makes the
most tricks on average.

The convention's card is kept whenever the count rates it as good as the best
(C2: the conventional card informs partner).  Counting is not attempted while
more than :data:`MAX_LAYOUTS` layouts remain; beyond :data:`SAMPLE` layouts a
seeded sample of them is solved, so the same view and seed give the same card.

Speed (issue 22): the layouts are counted before they are listed
(:func:`count_layouts`), and when a sample is to be drawn and no reading can weigh a
layout at nought, only the drawn layouts are dealt (:class:`_Deals` reaches a layout
by its index in the list, so the sample is the one the list would give).  Every
ending is solved exactly by the compiled solver of :mod:`.ending` where it was built
(:func:`.ending.solve`, some 0.01 ms a layout against DDS's 0.25, and no DDS to
load); without it, endings of up to :data:`PYTHON_CARDS` cards are solved in Python
(:class:`.ending.Ending`), longer ones by DDS in one batch.  Exact values are
unique: the cards played are the same as with DDS alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from ...analysis import dd, minimax
from ...analysis.position import Position
from ...core.cards import CARDS, Card, Seat, Suit
from ..inference import Knowledge
from .decision import Decision
from .ending import COMPILED, solve_many

_Layout = tuple[int, int, int, int]
_total: Callable[[list[int], list[int], list[int]], int] | None
_deal: Callable[[list[int], list[int], list[int], list[int], list[int]], list[_Layout]] | None
try:
    from ._layouts import deal as _deal
    from ._layouts import total as _total
except ImportError:  # not built: the Python walk below, the same layouts
    _deal = _total = None

__all__ = [
    "LAST_TRICKS", "MAX_LAYOUTS", "PYTHON_CARDS", "SAMPLE", "count_layouts", "count_out", "layouts",
]

LAST_TRICKS = 4
"""Counting starts when this many tricks (or fewer) are left to play."""
MAX_LAYOUTS = 3000
"""More layouts than this: the count is not yet clear enough to be worth making."""
SAMPLE = 48
"""At most this many layouts are solved (a seeded sample of them)."""
PYTHON_CARDS = 13
"""Endings with this many cards or fewer in the hands (the trick's excluded) are
solved in Python (:mod:`.ending`), longer ones by DDS.  Measured on the layouts of a
match (ms a layout, one thread): Python 0.04 at two tricks, 0.24 at three from the
lead, 0.26 at four with three cards on the table, 0.39 with two, 1.1 from the lead;
DDS about 0.25 whatever the ending (it sets up each board)."""
_EPS = 1e-9
_SEATS = tuple(Seat)
_SEATS_OF = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))
"""The seats of a 4-bit set, in seat order."""
def count_layouts(cards: list[int], allowed: list[int], need: list[int]) -> int:
    """How many ways ``cards`` can be dealt to the seats, each card to a seat whose
    ``allowed`` mask holds it, seat ``i`` receiving exactly ``need[i]`` cards.

    Cards allowed to the same seats are interchangeable for the count, so it is a
    sum over how many of each such group each seat takes (multinomials), not an
    enumeration: :func:`layouts` learns that there are too many before making any.

    >>> count_layouts([0, 1, 2, 3], [0b1111, 0b1111], [2, 2])
    6
    >>> count_layouts([0, 1, 2], [0b001, 0b110, 0b111], [1, 1, 1])  # card 0 to seat 0
    2
    """
    groups: dict[int, int] = {}
    for c in cards:
        pattern = sum(1 << i for i, a in enumerate(allowed) if a >> c & 1)
        groups[pattern] = groups.get(pattern, 0) + 1
    states: dict[tuple[int, ...], int] = {tuple(need): 1}
    for pattern, n in groups.items():
        seats = [i for i in range(len(allowed)) if pattern >> i & 1]
        nxt: dict[tuple[int, ...], int] = {}
        for left, ways in states.items():
            for split in _splits(n, [left[i] for i in seats]):
                rest = list(left)
                multinomial = math.factorial(n)
                for i, x in zip(seats, split, strict=True):
                    rest[i] -= x
                    multinomial //= math.factorial(x)
                key = tuple(rest)
                nxt[key] = nxt.get(key, 0) + ways * multinomial
        states = nxt
    return states.get((0,) * len(allowed), 0)


def _splits(n: int, caps: list[int]) -> list[tuple[int, ...]]:
    """Every way to write ``n`` as a sum of ``len(caps)`` parts, part ``i`` at most ``caps[i]``."""
    if not caps:
        return [()] if n == 0 else []
    out: list[tuple[int, ...]] = []
    for x in range(min(n, caps[0]) + 1):
        out.extend((x, *rest) for rest in _splits(n - x, caps[1:]))
    return out


class _Deals:
    """The layouts of the unseen cards that the facts allow, in the order
    :func:`layouts` lists them (the most constrained cards first, each card given to
    the seats in seat order, depth first), counted and reached by index without
    listing the others: the count solves a seeded sample of them, and listing
    thousands to keep 48 cost more than solving the 48."""

    def __init__(self, k: Knowledge) -> None:
        me = int(k.seat)
        self.seats = [s for s in range(4) if s != me]
        self.base = [k.known(s) for s in _SEATS]
        self.need = [0 if s == me else k.hand_size(s) - self.base[s].bit_count() for s in _SEATS]
        allowed = [0 if s == me else k.possible(s) for s in _SEATS]
        self.allowed = allowed
        a0, a1, a2, a3 = allowed
        unseen = k.unseen
        cards = [c for c in range(52) if unseen >> c & 1]
        # each card's seats, as a 4-bit set; the cards the fewest seats may hold first
        # (a stable sort: in card order among equals)
        pattern = {
            c: (a0 >> c & 1) | (a1 >> c & 1) << 1 | (a2 >> c & 1) << 2 | (a3 >> c & 1) << 3
            for c in cards
        }
        cards.sort(key=lambda c: pattern[c].bit_count())
        self.cards = cards
        self.masks = [pattern[c] for c in cards]
        self.options = [list(_SEATS_OF[m]) for m in self.masks]
        self._counts: dict[tuple[int, int, int, int, int], int] = {}

    @property
    def valid(self) -> bool:
        """Whether the facts can be dealt at all (no trick missed, no hand overfull)."""
        return min(self.need) >= 0 and len(self.cards) == sum(self.need)

    def total(self) -> int:
        """How many layouts there are (:func:`count_layouts`; compiled where built)."""
        if _total is not None and len(self.cards) <= 39:  # 64 bits hold the count
            return _total(self.cards, self.masks, self.need)
        return count_layouts(
            self.cards, [self.allowed[s] for s in self.seats], [self.need[s] for s in self.seats]
        )

    def _count(self, i: int, left: list[int]) -> int:
        """Layouts of ``cards[i:]`` with ``left[s]`` still to give each seat."""
        key = (i, left[0], left[1], left[2], left[3])
        got = self._counts.get(key)
        if got is None:
            if i == len(self.cards):
                got = 1 if not any(left) else 0
            else:
                got = 0
                for s in self.options[i]:
                    if left[s]:
                        left[s] -= 1
                        got += self._count(i + 1, left)
                        left[s] += 1
            self._counts[key] = got
        return got

    def at(self, index: int) -> tuple[int, int, int, int]:
        """The layout ``index`` (from 0) of :func:`layouts`' list."""
        hands = list(self.base)
        left = list(self.need)
        for i, c in enumerate(self.cards):
            for s in self.options[i]:
                if not left[s]:
                    continue
                left[s] -= 1
                n = self._count(i + 1, left)
                if index < n:
                    hands[s] |= 1 << c
                    break
                index -= n
                left[s] += 1
            else:
                raise IndexError("no such layout")
        return (hands[0], hands[1], hands[2], hands[3])

    def at_many(self, indices: list[int]) -> list[tuple[int, int, int, int]]:
        """The layouts ``indices`` (distinct, from 0), in their order: :meth:`at` of
        each (compiled where built: one walk down the list, shared by the indices
        that share a beginning)."""
        if _deal is not None and len(self.cards) <= 39:
            return _deal(self.cards, self.masks, self.need, self.base, indices)
        return [self.at(i) for i in indices]

    def every(self, limit: int) -> list[tuple[int, int, int, int]] | None:
        """Every layout, in order; None if there are more than ``limit``."""
        if _deal is not None and self.valid and len(self.cards) <= 39:  # compiled: by index
            n = self.total()
            return None if n > limit else _deal(
                self.cards, self.masks, self.need, self.base, list(range(n))
            )
        cards, options, seats = self.cards, self.options, self.seats
        # room[i][s]: how many of cards[i:] seat s may take; a seat that needs more
        # than that is a dead end, cut before it is walked into
        room = [[0, 0, 0, 0] for _ in range(len(cards) + 1)]
        for i in range(len(cards) - 1, -1, -1):
            room[i] = list(room[i + 1])
            for s in options[i]:
                room[i][s] += 1
        out: list[tuple[int, int, int, int]] = []
        hands = list(self.base)
        left = list(self.need)
        n = len(cards)
        if any(left[t] > room[0][t] for t in seats):
            return out

        def place(i: int) -> bool:
            if i == n:
                out.append((hands[0], hands[1], hands[2], hands[3]))
                return len(out) <= limit
            bit = 1 << cards[i]
            after = room[i + 1]
            opts = options[i]
            for s in opts:
                if left[s]:
                    left[s] -= 1
                    # only the seats that could have taken this card have less room now
                    if all(t == s or left[t] <= after[t] for t in opts):
                        hands[s] |= bit
                        ok = place(i + 1)
                        hands[s] &= ~bit
                        if not ok:
                            left[s] += 1
                            return False
                    left[s] += 1
            return True

        return out if place(0) else None


def layouts(k: Knowledge, limit: int = MAX_LAYOUTS) -> list[tuple[int, int, int, int]] | None:
    """Every layout (N E S W masks, the trick's cards excluded) of the unseen cards
    the facts allow, or None if there are more than ``limit``."""
    deals = _Deals(k)
    if not deals.valid:
        return None  # a trick was missed, or a hand is overfull: the count cannot be made
    if deals.total() > limit:
        return None  # counted, not enumerated: too many to be worth solving
    return deals.every(limit)


def _weighted(
    k: Knowledge, rng: random.Random
) -> list[tuple[tuple[int, int, int, int], float]] | None:
    """The layouts the count solves, each with its weight: every layout the facts
    allow, weighted by the readings (those the readings rule out dropped, unless
    that drops them all), or a seeded sample of :data:`SAMPLE` of them."""
    deals = _Deals(k)
    if not deals.valid:
        return None
    n = deals.total()
    if n > MAX_LAYOUTS or n == 0:
        return None
    if n > SAMPLE and all(inf.confidence < 1.0 for inf in k.inferences):
        # no reading can weigh a layout at nought, so none is dropped: the sample is
        # drawn from all n as from their list, and only the drawn are dealt
        chosen = deals.at_many(rng.sample(range(n), SAMPLE))
        weights = k.weights(chosen, same_facts=True)
        if not any(w > 0 for w in weights):  # the facts fail: every layout alike
            weights = [1.0] * len(chosen)
        return list(zip(chosen, weights, strict=True))
    found = deals.every(MAX_LAYOUTS)
    if not found:
        return None
    weighted = list(zip(found, k.weights(found, same_facts=True), strict=True))
    weighted = [(lay, w) for lay, w in weighted if w > 0] or [(lay, 1.0) for lay in found]
    if len(weighted) > SAMPLE:
        weighted = rng.sample(weighted, SAMPLE)
    return weighted


def _solve(
    k: Knowledge, trick: list[tuple[Seat, Card]], found: list[tuple[int, int, int, int]]
) -> list[dict[int, int]]:
    """For each layout, the tricks each legal card of the seat on turn makes from here,
    double dummy: by the compiled solver (:func:`~.ending.solve`) where it was built;
    else by :class:`~.ending.Ending` up to :data:`PYTHON_CARDS` cards in the hands, by
    DDS (one batch) beyond, where its fixed cost a board is the cheaper."""
    leader = trick[0][0] if trick else k.seat
    if COMPILED or 4 * (13 - k.trick_number) - len(trick) <= PYTHON_CARDS:
        return solve_many(found, int(leader), tuple(int(c) for _, c in trick), int(k.trump))
    trump = Suit(k.trump)
    cards = tuple(c for _, c in trick)
    # the layouts are valid by construction: solve_many checks each position once
    positions = [Position(lay, trump, leader, cards) for lay in found]
    return [{int(c): t for c, t in res.tricks.items()} for res in dd.solve_many(positions)]


def count_out(
    k: Knowledge,
    trick: list[tuple[Seat, Card]],
    legal: int,
    conventional: Decision,
    rng: random.Random,
) -> Decision | None:
    """The card the count prefers to ``conventional``, or None to keep it (too early,
    too many layouts, or the conventional card is as good as any)."""
    if 13 - k.trick_number > LAST_TRICKS or legal & (legal - 1) == 0:
        return None
    on_table = sum(1 << c for _, c in trick)
    if minimax.equivalent(legal, k.known(k.seat), k.live | on_table):
        return None  # every legal card takes the same tricks on every layout
    weighted = _weighted(k, rng)
    if not weighted:
        return None
    total = sum(w for _, w in weighted)
    score: dict[int, float] = {}
    for (_, w), tricks in zip(weighted, _solve(k, trick, [lay for lay, _ in weighted]),
                              strict=True):
        for card, made in tricks.items():
            score[card] = score.get(card, 0.0) + w * made
    if not score:
        return None
    best = max(score.values())
    if score.get(conventional.card, -1.0) >= best - _EPS:
        return None
    choice = min((c for c, v in score.items() if v >= best - _EPS), key=lambda c: (c % 13, c))
    left = 13 - k.trick_number
    return Decision(
        CARDS[choice],
        "C4",
        f"the last {left} tricks, counted: this card makes {best / total:.2f} of them on "
        f"average over the {len(weighted)} layouts the play allows, the "
        f"{conventional.card} {score[conventional.card] / total:.2f}",
        ("C10", conventional.convention),
    )

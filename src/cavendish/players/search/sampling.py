"""Deals of the unseen cards consistent with what one seat knows.

Design note
-----------
A *layout* is the four hands as they stand now (N E S W masks, the current
trick's cards excluded): the observer's own hand, every card known to be in a
hand (a dummy, the turned-up trump in the dealer's hand, an exposed card), and
the unseen cards shared among the other seats so that each holds as many cards
as it should and no seat holds a card of a suit it has renounced.

:class:`LayoutSpace` counts and draws those layouts *exactly uniformly*.  Voids
are per suit, so the unseen cards fall into at most four classes of cards that
may go to the same seats (one per suit, suits with the same seats merged).  The
number of layouts that put ``x[s]`` cards of a class of ``n`` in seat ``s`` is
the multinomial ``n! / prod(x[s]!)``; a dynamic programme over the classes and
the seats' vacant places counts every layout (:meth:`LayoutSpace.count`), and a
draw chooses each class's split in proportion to the layouts it leaves, then
deals the class's cards at random (:meth:`LayoutSpace.draw`).  When there are few
layouts (the last tricks) :meth:`LayoutSpace.layouts` enumerates them all.

The conventions read from the play (the
:class:`~cavendish.players.inference.Knowledge`'s inferences) are not facts:
:func:`draw_worlds` draws candidate layouts uniformly from the facts and weights
each by ``Knowledge.weight`` (the product of ``1 - confidence`` over the readings
it contradicts), then keeps ``n`` of them by systematic resampling, duplicates
merged into one :class:`World` with their multiplicity, so that a reading
becomes a likelihood and not a wall.  When every layout can be enumerated, each
is kept with its own weight (the exact posterior).

If the observer missed some tricks (``Knowledge.complete`` false) the unseen
cards are more than the places for them; the surplus goes to a sink, a fifth
"seat" that may take any card.  So do the stock cards of ruff-and-honours the
observer has not seen (``Knowledge.hidden``): they lie in no hand.

>>> from cavendish.core import Deal, HandState, Seat
>>> from cavendish.players.inference import Knowledge
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> k = Knowledge.from_view(HandState(deal).view(Seat.S))
>>> space = LayoutSpace(k)  # N dealt: the S2 he turned up is known to be his
>>> from math import factorial as f
>>> space.count() == f(38) // (f(12) * f(13) * f(13))
True
>>> import random
>>> layout = space.draw(random.Random(1))
>>> k.consistent(layout, inferences=False), layout[Seat.S] == deal.hand(Seat.S)
(True, True)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from ...core.cards import SUIT_MASK, Seat
from ...core.errors import PositionError
from ..inference import Knowledge

__all__ = ["Layout", "LayoutSpace", "SamplingError", "World", "draw_worlds"]

Layout = tuple[int, int, int, int]
"""Four hands, N E S W, as masks."""

_SEATS = tuple(Seat)


class SamplingError(PositionError):
    """No layout of the unseen cards agrees with the facts known."""


@dataclass(frozen=True, slots=True)
class World:
    """One layout of the hands, with its weight among the worlds drawn."""

    hands: Layout
    weight: float
    """Its share of the sample (multiplicity times likelihood; the weights of a
    sample need not sum to one)."""


def _multinomial(n: int, parts: tuple[int, ...]) -> int:
    out = math.factorial(n)
    for x in parts:
        out //= math.factorial(x)
    return out


def _splits(n: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to put ``n`` cards into places of capacities ``caps``."""
    if not caps:
        return [()] if n == 0 else []
    out: list[tuple[int, ...]] = []
    first = caps[0]
    rest = caps[1:]
    room_rest = sum(rest)
    for x in range(max(0, n - room_rest), min(first, n) + 1):
        for tail in _splits(n - x, rest):
            out.append((x, *tail))
    return out


class LayoutSpace:
    """Every layout consistent with the facts one :class:`Knowledge` holds."""

    def __init__(self, knowledge: Knowledge) -> None:
        k = knowledge
        self.knowledge = k
        base = [k.known(s) for s in _SEATS]
        self.base: Layout = (base[0], base[1], base[2], base[3])
        # the places: every other seat with room (and a sink for cards played unseen,
        # or lying unseen in the stock)
        slots: list[int] = []
        rooms: list[int] = []
        for s in _SEATS:
            if s == k.seat:
                continue
            room = k.hand_size(s) - base[s].bit_count()
            if room < 0:
                raise SamplingError(f"{s} is known to hold more cards than the {k.hand_size(s)} "
                                    "it has")
            slots.append(int(s))
            rooms.append(room)
        unseen = k.unseen
        surplus = unseen.bit_count() - sum(rooms)
        if surplus < 0 or (surplus > 0 and k.complete and surplus != k.hidden):
            raise SamplingError(
                f"{unseen.bit_count()} unseen cards for {sum(rooms)} places in the other hands"
            )
        if surplus:
            slots.append(-1)
            rooms.append(surplus)
        self.slots = tuple(slots)
        self.rooms = tuple(rooms)
        # classes of cards by the places that may take them (voids are per suit)
        by_allowed: dict[tuple[int, ...], int] = {}
        for suit in range(4):
            cards = unseen & SUIT_MASK[suit]
            if not cards:
                continue
            allowed = tuple(
                i for i, s in enumerate(slots) if s < 0 or not k.is_void(_SEATS[s], suit)
            )
            if not allowed:
                raise SamplingError(f"no hand may hold the unseen {'SHDC'[suit]} cards: "
                                    "every seat has renounced the suit")
            by_allowed[allowed] = by_allowed.get(allowed, 0) | cards
        self.classes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = tuple(
            (allowed, tuple(c for c in range(52) if mask >> c & 1))
            for allowed, mask in sorted(by_allowed.items())
        )
        self._count = lru_cache(maxsize=None)(self._count_from)
        self._options = lru_cache(maxsize=None)(self._options_at)
        if self.count() == 0:
            raise SamplingError("no layout of the unseen cards fits the voids and the hand sizes")

    # ------------------------------------------------------------ counting
    def _options_at(
        self, k: int, rooms: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Each split of class ``k`` into the places, with the layouts it leaves."""
        allowed, cards = self.classes[k]
        caps = tuple(rooms[i] for i in allowed)
        out: list[tuple[tuple[int, ...], int]] = []
        for split in _splits(len(cards), caps):
            left = list(rooms)
            for i, x in zip(allowed, split, strict=True):
                left[i] -= x
            rest = self._count(k + 1, tuple(left))
            if rest:
                out.append((split, _multinomial(len(cards), split) * rest))
        return tuple(out)

    def _count_from(self, k: int, rooms: tuple[int, ...]) -> int:
        if k == len(self.classes):
            return 1 if not any(rooms) else 0
        return sum(w for _, w in self._options(k, rooms))

    def count(self) -> int:
        """How many layouts agree with the facts."""
        return int(self._count(0, self.rooms))

    # ------------------------------------------------------------ drawing
    def _layout(self, parts: list[int]) -> Layout:
        hands = list(self.base)
        for i, s in enumerate(self.slots):
            if s >= 0:
                hands[s] |= parts[i]
        return (hands[0], hands[1], hands[2], hands[3])

    def draw(self, rng: random.Random) -> Layout:
        """One layout, every layout being equally likely."""
        rooms = self.rooms
        parts = [0] * len(self.slots)
        for k, (allowed, cards) in enumerate(self.classes):
            options = self._options(k, rooms)
            total = sum(w for _, w in options)
            x = rng.randrange(total)
            split = options[-1][0]
            for option, w in options:
                x -= w
                if x < 0:
                    split = option
                    break
            order = list(cards)
            rng.shuffle(order)
            left = list(rooms)
            at = 0
            for i, n in zip(allowed, split, strict=True):
                for c in order[at : at + n]:
                    parts[i] |= 1 << c
                at += n
                left[i] -= n
            rooms = tuple(left)
        return self._layout(parts)

    def layouts(self) -> Iterator[Layout]:
        """Every layout, in a fixed order (use only when :meth:`count` is small)."""
        yield from self._walk(0, self.rooms, [0] * len(self.slots))

    def _walk(self, k: int, rooms: tuple[int, ...], parts: list[int]) -> Iterator[Layout]:
        if k == len(self.classes):
            if not any(rooms):
                yield self._layout(parts)
            return
        allowed, cards = self.classes[k]
        for split, _ in self._options(k, rooms):
            left = list(rooms)
            for i, x in zip(allowed, split, strict=True):
                left[i] -= x
            for assignment in _assign(cards, split):
                new = parts[:]
                for i, m in zip(allowed, assignment, strict=True):
                    new[i] |= m
                yield from self._walk(k + 1, tuple(left), new)


def _assign(cards: tuple[int, ...], split: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """Every way to deal ``cards`` into groups of the sizes ``split`` (as masks)."""
    if not split:
        yield ()
        return
    n = split[0]
    for chosen in itertools.combinations(cards, n):
        mask = 0
        for c in chosen:
            mask |= 1 << c
        rest = tuple(c for c in cards if not mask >> c & 1)
        for tail in _assign(rest, split[1:]):
            yield (mask, *tail)


def draw_worlds(
    knowledge: Knowledge,
    rng: random.Random,
    n: int,
    *,
    candidates: int = 0,
    exact_limit: int = 0,
    inferences: bool = True,
    floor: float = 0.0,
) -> list[World]:
    """About ``n`` worlds for ``knowledge``'s seat, weighted by its readings of the play.

    ``exact_limit``: if there are at most that many layouts, return them all, each
    weighted by ``knowledge.weight`` (the exact posterior).  Otherwise draw
    ``max(n, candidates)`` layouts uniformly from the facts, weight each (unless
    ``inferences`` is false), and keep ``n`` by systematic resampling; a layout
    drawn more than once becomes one world of that multiplicity.  ``floor`` is the
    least weight a layout keeps (a reading may be wrong).
    """
    if n < 1:
        raise SamplingError(f"worlds: {n}; at least one world is needed")
    space = LayoutSpace(knowledge)
    use = inferences and bool(knowledge.inferences)
    # Knowledge.weight, less its check of the facts (every layout here agrees with them)
    readings = [
        (int(i.seat), i.clauses, i.since, 1.0 - i.confidence, knowledge.played_by(i.seat))
        for i in knowledge.inferences
    ]

    def weigh(layout: Layout) -> float:
        if not use:
            return 1.0
        w = 1.0
        for seat, clauses, since, miss, played in readings:
            h = layout[seat] | (played & ~since)
            if not any(c.allowed >> (h & c.mask).bit_count() & 1 for c in clauses):
                w *= miss
        return max(floor, w)

    total = space.count()
    if total <= exact_limit:
        worlds = [World(lay, weigh(lay)) for lay in space.layouts()]
        if sum(w.weight for w in worlds) <= 0.0:
            worlds = [World(w.hands, 1.0) for w in worlds]
        return [w for w in worlds if w.weight > 0.0]
    m = max(n, candidates) if use else n
    drawn = [space.draw(rng) for _ in range(m)]
    weights = [weigh(lay) for lay in drawn]
    if m == n or sum(weights) <= 0.0:
        counts: dict[Layout, float] = {}
        for lay in drawn[:n]:
            counts[lay] = counts.get(lay, 0.0) + 1.0
        return [World(lay, c) for lay, c in counts.items()]
    # systematic resampling: n evenly spaced pointers into the cumulative weights
    step = sum(weights) / n
    pointer = rng.random() * step
    kept: dict[Layout, float] = {}
    acc = 0.0
    taken = 0
    for lay, w in zip(drawn, weights, strict=True):
        acc += w
        while pointer < acc and taken < n:
            kept[lay] = kept.get(lay, 0.0) + 1.0
            pointer += step
            taken += 1
    return [World(lay, c) for lay, c in kept.items()]

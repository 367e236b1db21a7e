"""Scoring the legal cards over a sample of worlds, double dummy.

Design note
-----------
Each :class:`~.sampling.World` is a full layout of the hands as they stand; with
the trump suit, the leader of the current trick and its cards so far it is a
double-dummy :class:`~cavendish.analysis.position.Position`, and
:func:`cavendish.analysis.dd.solve_many` scores every legal card in it (DDS's
batch call; positions already solved come from the DD layer's cache).  A card's
value is the weighted mean over the worlds of the tricks the player's side takes
from here (the current trick included); :attr:`Evaluation.won` adds the tricks
the side has already taken, so :meth:`Evaluation.total` is the expected tricks of
the side for the whole hand.

With a time cap the worlds are solved a few at a time and the search stops once
the cap is passed (at least one batch is always solved).

>>> from cavendish.core import Deal, HandState, Seat, Card
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> ev = evaluate([World(deal.hands, 1.0)], state.view(Seat.E))  # the true layout
>>> ev.worlds, ev.won, set(ev.expected) == set(state.legal_cards())
(1, 0, True)
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ...analysis import dd
from ...analysis.position import Position
from ...core.cards import Card, Side
from ...core.state import SeatView
from .sampling import World

__all__ = ["Evaluation", "best_first", "evaluate", "joined", "weighted_means"]

_BATCH = 4
"""Worlds solved together when a time cap is set."""


@dataclass(frozen=True, slots=True)
class Evaluation:
    """Every legal card's expected double-dummy tricks over the worlds solved."""

    side: Side
    won: int
    """Tricks the player's side has already taken."""
    expected: dict[Card, float]
    """Per legal card: the weighted mean of the side's tricks from here."""
    per_world: tuple[dict[Card, int], ...]
    """Each world's score of every legal card."""
    weights: tuple[float, ...]
    """Each world's weight."""

    @property
    def worlds(self) -> int:
        """How many distinct worlds were solved."""
        return len(self.per_world)

    def total(self, card: Card) -> float:
        """The side's expected tricks for the hand if ``card`` is played."""
        return self.won + self.expected[card]

    def ranked(self) -> list[tuple[Card, float]]:
        """The cards, best first (ties: the lower rank first)."""
        return best_first(self.expected)

    def wins_against(self, card: Card, other: Card) -> float:
        """The weight of the worlds where ``card`` takes more tricks than ``other``,
        less that of the worlds where it takes fewer, over the total weight."""
        total = sum(self.weights)
        diff = 0.0
        for w, tricks in zip(self.weights, self.per_world, strict=True):
            a, b = tricks[card], tricks[other]
            if a > b:
                diff += w
            elif a < b:
                diff -= w
        return diff / total if total else 0.0


def best_first(values: Mapping[Card, float]) -> list[tuple[Card, float]]:
    """The cards by their values, best first; among equal values the lowest rank first
    (then the lower suit), the tie rule of every search player.

    >>> from cavendish.core.cards import Card
    >>> [str(c) for c, _ in best_first({Card.parse("SA"): 1.0, Card.parse("H2"): 1.0,
    ...                                  Card.parse("D3"): 2.0})]
    ['D3', 'H2', 'SA']
    """
    return sorted(values.items(), key=lambda kv: (-kv[1], kv[0] % 13, kv[0]))


def evaluate(
    worlds: Sequence[World], view: SeatView, *, time_ms: float | None = None
) -> Evaluation:
    """Score ``view``'s legal cards in every world (see the module's design note)."""
    if not worlds:
        raise ValueError("evaluate: no worlds to solve")
    played = tuple(card for _, card in view.trick)
    positions = [Position(w.hands, view.trump, view.leader, played) for w in worlds]
    if time_ms is None:
        results = dd.solve_many(positions)
    else:
        start = time.perf_counter()
        results = []
        for at in range(0, len(positions), _BATCH):
            results.extend(dd.solve_many(positions[at : at + _BATCH]))
            if (time.perf_counter() - start) * 1000.0 >= time_ms:
                break
    used = worlds[: len(results)]
    return _evaluation(view, tuple(r.tricks for r in results), tuple(w.weight for w in used))


def joined(view: SeatView, parts: Sequence[Evaluation]) -> Evaluation:
    """One evaluation of the worlds of ``parts`` (batches of worlds solved apart), as
    if solved together."""
    if not parts:
        raise ValueError("joined: no evaluation to join")
    per_world = tuple(t for p in parts for t in p.per_world)
    weights = tuple(w for p in parts for w in p.weights)
    return _evaluation(view, per_world, weights)


def weighted_means(
    per_world: Sequence[Mapping[Card, int]], weights: Sequence[float]
) -> dict[Card, float]:
    """Each card's weighted mean tricks over the worlds (the cards of the first world).

    >>> a, b = Card.parse("SA"), Card.parse("S2")
    >>> weighted_means([{a: 3, b: 1}, {a: 1, b: 1}], [3.0, 1.0])
    {Card('SA'): 2.5, Card('S2'): 1.0}
    """
    total = sum(weights)
    return {c: sum(w * t[c] for w, t in zip(weights, per_world, strict=True)) / total
            for c in per_world[0]}


def _evaluation(
    view: SeatView, per_world: tuple[dict[Card, int], ...], weights: tuple[float, ...]
) -> Evaluation:
    expected = weighted_means(per_world, weights)
    side = view.seat.side
    return Evaluation(side, view.tricks_won[side], expected, per_world, weights)

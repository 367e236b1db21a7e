"""A sequential budget: solve worlds in batches and stop once the best card is clear.

Design note
-----------
A search player spends the same worlds on every decision, whether one card
towers over the rest or two are a hair apart.  Most decisions are of the first
kind (issue 33: a median decision of ``search`` took 0.6 s of CPU), so the
worlds are better spent where the choice is close.

The worlds are solved a batch at a time (``batch`` worlds, in the order drawn:
a random order, since they are sampled).  After each batch the card with the
most weighted mean tricks (the tie rule of :func:`~.evaluate.best_first`) is
compared with every other legal card over the worlds solved so far, world by
world: ``d`` is the best card's tricks less the other's in each world.  The
best card is *clear* of another when no world prefers the other (every ``d``
at least nought: equal cards, and cards it beats or ties everywhere), or when
the weighted mean of ``d`` is more than ``z`` standard errors above nought (a
paired test; the worlds' weights count as in an importance sample: the
effective number of worlds is ``(sum w)^2 / sum w^2``).  When the best card is
clear of every other the search stops; otherwise it solves the next batch, up
to every world the budget drew.  No clock is read: the same worlds give the
same stop, so a decision reproduces for a seed.

>>> from cavendish.core.cards import Card
>>> a, b = Card.parse("SA"), Card.parse("S2")
>>> clear_choice([{a: 3, b: 2}, {a: 2, b: 2}, {a: 3, b: 3}], [1.0, 1.0, 1.0], z=2.0)
True
>>> clear_choice([{a: 3, b: 2}, {a: 2, b: 3}, {a: 3, b: 2}], [1.0, 1.0, 1.0], z=2.0)
False
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ...core.cards import Card
from .evaluate import best_first, weighted_means

__all__ = ["clear_choice", "paired_margin"]


def paired_margin(
    per_world: Sequence[Mapping[Card, int]], weights: Sequence[float], card: Card, other: Card
) -> tuple[float, float]:
    """The weighted mean of ``card``'s tricks less ``other``'s over the worlds, and its
    standard error (``inf`` with fewer than two effective worlds; 0 when every
    world gives the same difference).

    >>> from cavendish.core.cards import Card
    >>> a, b = Card.parse("SA"), Card.parse("S2")
    >>> m, se = paired_margin([{a: 1, b: 0}, {a: 0, b: 0}], [1.0, 1.0], a, b)
    >>> m, round(se, 3)
    (0.5, 0.5)
    """
    total = sum(weights)
    square = sum(w * w for w in weights)
    if total <= 0.0:
        return 0.0, math.inf
    diffs = [t[card] - t[other] for t in per_world]
    mean = sum(w * d for w, d in zip(weights, diffs, strict=True)) / total
    spread = sum(w * (d - mean) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
    effective = total * total / square
    if effective <= 1.0 + 1e-9:
        return mean, math.inf
    return mean, math.sqrt(spread / (effective - 1.0))


def clear_choice(
    per_world: Sequence[Mapping[Card, int]], weights: Sequence[float], *, z: float
) -> bool:
    """Whether the card with the most weighted mean tricks over ``per_world`` is clear
    of every other card (see the module's note): no world prefers the other, or the
    paired mean difference is more than ``z`` standard errors above nought."""
    if not per_world:
        return False
    total = sum(weights)
    if total <= 0.0:
        return False
    expected = weighted_means(per_world, weights)
    best = best_first(expected)[0][0]
    for other in expected:
        if other == best or all(t[best] >= t[other] for t in per_world):
            continue
        mean, se = paired_margin(per_world, weights, best, other)
        if not mean > z * se:
            return False
    return True

"""The random player: a uniform choice among the legal cards, from its own seed.

>>> import random as stdlib_random
>>> from cavendish.core import HandState, Seat, deal_cards
>>> state = HandState(deal_cards(stdlib_random.Random(2), Seat.N))
>>> view = state.view(state.turn)
>>> a, b = RandomPlayer(7).choose(view), RandomPlayer(7).choose(view)
>>> a == b, view.legal >> a & 1
(True, 1)
"""

from __future__ import annotations

import random

from ..core.cards import CARDS, Card
from ..core.state import SeatView
from .base import PlayerError

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Plays a uniformly random legal card; the same seed gives the same choices."""

    def __init__(self, seed: int, name: str = "Random") -> None:
        self.seed = seed
        self.name = name
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Card:
        """A legal card of ``view``, chosen uniformly."""
        mask = view.legal
        if not mask:
            raise PlayerError(f"{self.name}: seat {view.seat} has no card to play")
        cards = [i for i in range(52) if mask >> i & 1]
        return CARDS[self._rng.choice(cards)]

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed}, name={self.name!r})"

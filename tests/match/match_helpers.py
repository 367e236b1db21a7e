"""Small deterministic players for the match tests, and their registration.

In the test process the kinds are registered for one test at a time (the
``test_players`` fixture), so that the registry other tests see is untouched; a
pool's worker process imports this module to build them
(:class:`cavendish.match.PlayerSpec` imports the module a factory came from), and
there they are registered for good.
"""

from __future__ import annotations

import multiprocessing
import time

from cavendish.core import CARDS, Card, SeatView
from cavendish.players import PLAYERS, Player, PlayerFactory, RandomPlayer


def _legal(view: SeatView) -> list[int]:
    return [i for i in range(52) if view.legal >> i & 1]


class HighestPlayer:
    """Always plays its highest legal card (by rank; the lower suit index on a tie)."""

    def __init__(self, seed: int, name: str = "Highest") -> None:
        self.seed = seed
        self.name = name

    def choose(self, view: SeatView) -> Card:
        return CARDS[max(_legal(view), key=lambda c: (c % 13, -(c // 13)))]


class LowestPlayer:
    """Always plays its lowest legal card (by rank; the lower suit index on a tie)."""

    def __init__(self, seed: int, name: str = "Lowest") -> None:
        self.seed = seed
        self.name = name

    def choose(self, view: SeatView) -> Card:
        return CARDS[min(_legal(view), key=lambda c: (c % 13, c // 13))]


SLOW_MS = 2.0


class SlowPlayer:
    """A random player that takes at least ``SLOW_MS`` milliseconds over every card."""

    def __init__(self, seed: int, name: str = "Slow") -> None:
        self.name = name
        self.inner = RandomPlayer(seed, name)

    def choose(self, view: SeatView) -> Card:
        time.sleep(SLOW_MS / 1000)
        return self.inner.choose(view)


def _highest(seed: int, name: str) -> Player:
    return HighestPlayer(seed, name)


def _lowest(seed: int, name: str) -> Player:
    return LowestPlayer(seed, name)


def _slow(seed: int, name: str) -> Player:
    return SlowPlayer(seed, name)


FACTORIES: dict[str, PlayerFactory] = {
    "test-highest": _highest,
    "test-lowest": _lowest,
    "test-slow": _slow,
}

if multiprocessing.parent_process() is not None:  # a pool's worker: register for good
    PLAYERS.update(FACTORIES)

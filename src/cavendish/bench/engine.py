"""Engine benchmark: complete random deals per second, and the cost of the hot-path calls.

Run as ``python -m cavendish.bench.engine`` (``make bench-engine``).  Each result is one
JSON line.  ``random-deals`` times complete deals on one core: shuffle, cut and deal,
random legal play of all 52 cards through :meth:`HandState.play`, and the hand
scored by the club code (:class:`~cavendish.scoring.ScoreSheet`).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from ..core.cards import Seat
from ..core.rules import get_rules
from ..core.state import HandState
from ..core.table import deal_cards
from ..scoring import HandResult, ScoreSheet
from . import timed_main

__all__ = ["main", "random_deal", "run"]


def random_deal(rng: random.Random, dealer: Seat, sheet: ScoreSheet) -> HandState:
    """Deal, play the hand out with uniformly random legal cards, and score it.

    >>> sheet = ScoreSheet(get_rules("short"))
    >>> state = random_deal(random.Random(1), Seat.S, sheet)
    >>> state.is_over, len(sheet.hands)
    (True, 1)
    """
    state = HandState(deal_cards(rng, dealer), sheet.rules)
    play = state.play
    legal = state.legal_mask
    rnd = rng.random
    for _ in range(52):
        mask = legal()
        k = int(rnd() * mask.bit_count())
        for _ in range(k):
            mask &= mask - 1
        play((mask & -mask).bit_length() - 1)
    sheet.record(HandResult.from_state(state))
    return state


def _per_call(fn: Callable[[], object], number: int) -> float:
    start = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - start) / number


def run(seconds: float = 3.0, seed: int = 1) -> list[dict[str, object]]:
    """Run the engine benchmarks and return their results."""
    rng = random.Random(seed)
    sheet = ScoreSheet(get_rules("short"))
    for i in range(200):  # warm up
        random_deal(rng, Seat(i & 3), sheet)
    n = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        for i in range(200):
            random_deal(rng, Seat(i & 3), sheet)
        n += 200
        elapsed = time.perf_counter() - start
    results: list[dict[str, object]] = [
        {
            "name": "random-deals",
            "deals_per_second": round(n / elapsed, 1),
            "deals": n,
            "seconds": round(elapsed, 3),
            "seed": seed,
            "python": sys.version.split()[0],
        }
    ]
    state = HandState(deal_cards(random.Random(seed), Seat.S))
    for _ in range(22):  # mid-hand: trick 6, second card
        state.play(state.legal_cards()[0])
    results.append(
        {"name": "copy", "microseconds": round(_per_call(state.copy, 200_000) * 1e6, 3)}
    )
    results.append(
        {
            "name": "legal-card-query",
            "microseconds": round(_per_call(state.legal_mask, 500_000) * 1e6, 3),
            "what": "HandState.legal_mask() (bitmask of legal cards)",
        }
    )
    results.append(
        {
            "name": "legal-cards-list",
            "microseconds": round(_per_call(state.legal_cards, 200_000) * 1e6, 3),
            "what": "HandState.legal_cards() (list of Card)",
        }
    )
    card = state.legal_cards()[0]

    def play_undo() -> None:
        state.play(card)
        state.undo()

    results.append(
        {"name": "play-undo", "microseconds": round(_per_call(play_undo, 200_000) * 1e6, 3)}
    )
    return results


def main(argv: list[str] | None = None) -> int:
    """Print the engine benchmarks as JSON lines."""
    return timed_main(__doc__, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

"""Engine benchmark: complete random deals per second, and the cost of the hot-path calls.

Run as ``python -m cavendish.bench.engine`` (``make bench-engine``).  Each result is one
JSON line.  ``random-deals`` times complete deals on one core: shuffle, cut and deal
(seeded), random legal play of all 52 cards through :meth:`HandState.play_random`
(each card uniformly among the legal ones, every event logged: the public path of
random playouts, the same cards and log as :meth:`HandState.play` of the k-th legal
card), and the hand scored by the club code (:class:`~cavendish.scoring.ScoreSheet`).
``play-loop`` times the play alone on deals dealt beforehand, by the ordinary path the
players and the environment take (:meth:`HandState.legal_mask`, the k-th legal card,
:meth:`HandState.play` with its checks), and ``play-random-loop`` the same play by
:meth:`HandState.play_random`.  ``reference-strings`` is a plain program written from
the laws alone, with cards as strings (:func:`reference_deal`: deal, random legal
play and trick winners, no events, no scoring), the yardstick the engine should
beat.  Each line gives the CPU time per deal too (``time.process_time``), steadier
than the rate on a shared machine.  The last lines time the search's calls: ``copy``,
``legal-card-query``, ``legal-cards-list`` and ``play-undo`` (one card played and
taken back), mid-hand.
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

__all__ = ["main", "random_deal", "reference_deal", "run"]


def random_deal(rng: random.Random, dealer: Seat, sheet: ScoreSheet) -> HandState:
    """Deal, play the hand out with uniformly random legal cards
    (:meth:`HandState.play_random`, the rng's floats), and score it.

    >>> sheet = ScoreSheet(get_rules("short"))
    >>> state = random_deal(random.Random(1), Seat.S, sheet)
    >>> state.is_over, len(sheet.hands)
    (True, 1)
    """
    state = HandState(deal_cards(rng, dealer), sheet.rules)
    _play_random(state, rng.random)
    sheet.record(HandResult.from_state(state))
    return state


def _play_random(state: HandState, rnd: Callable[[], float]) -> None:
    play_random = state.play_random
    for _ in range(52):
        play_random(rnd)


def _play_out(state: HandState, rnd: Callable[[], float]) -> None:
    # the ordinary path: each card uniformly among the legal ones, the k-th card of
    # the legal mask, played through HandState.play (the same cards as play_random)
    play = state.play
    legal = state.legal_mask
    for _ in range(52):
        mask = legal()
        k = int(rnd() * mask.bit_count())
        while k:  # drop the k lowest cards
            mask &= mask - 1
            k -= 1
        play((mask & -mask).bit_length() - 1)


_RANKS = "23456789TJQKA"
_PACK = [suit + rank for suit in "SHDC" for rank in _RANKS]


def reference_deal(rng: random.Random) -> list[int]:
    """The yardstick: one deal played out at random by a plain program written from the
    laws alone (cards as strings, hands as lists; no events, no scoring, no checks), as
    :func:`random_deal` plays it; returns the tricks won by each seat.

    >>> sum(reference_deal(random.Random(1)))
    13
    """
    pack = _PACK[:]
    rng.shuffle(pack)  # law 33
    cut = rng.randint(4, 48)  # law 34: at least four cards each packet
    pack = pack[cut:] + pack[:cut]
    hands = [pack[i::4] for i in range(4)]  # one at a time from the dealer's left (law 44)
    trump = pack[-1][0]  # the last card, the dealer's own, turned up
    leader = 0
    won = [0, 0, 0, 0]
    choice = rng.choice
    for _ in range(13):
        trick: list[str] = []
        for i in range(4):
            hand = hands[(leader + i) & 3]
            follow = [c for c in hand if c[0] == trick[0][0]] if trick else hand
            card = choice(follow or hand)  # follow suit if able
            hand.remove(card)
            trick.append(card)
        best = 0  # the highest trump, else the highest card of the suit led
        for i in (1, 2, 3):
            c, b = trick[i], trick[best]
            higher = c[0] == b[0] and _RANKS.index(c[1]) > _RANKS.index(b[1])
            if higher or c[0] == trump != b[0]:
                best = i
        leader = (leader + best) & 3
        won[leader] += 1
    return won


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

    def batch() -> int:
        for i in range(200):
            random_deal(rng, Seat(i & 3), sheet)
        return 200

    n, elapsed, cpu = _timed(batch, seconds)
    results: list[dict[str, object]] = [
        {
            "name": "random-deals",
            "deals_per_second": round(n / elapsed, 1),
            "deals": n,
            "seconds": round(elapsed, 3),
            "cpu_microseconds_per_deal": round(cpu * 1e6 / n, 1),
            "seed": seed,
            "python": sys.version.split()[0],
            "what": "seeded shuffle, cut and deal; 52 random legal cards by "
            "HandState.play_random, every event logged; the hand scored by the club code",
        }
    ]
    results.append(_play_loop(seconds, seed, _play_out, "play-loop", _ORDINARY))
    results.append(
        _play_loop(seconds, seed, _play_random, "play-random-loop", "HandState.play_random")
    )
    results.append(_reference(seconds, seed))
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


def _timed(batch: Callable[[], int], seconds: float) -> tuple[int, float, float]:
    """Run ``batch`` (which returns the deals it played) for ``seconds``: the deals,
    the wall-clock seconds and the CPU seconds."""
    n = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        n += batch()
        elapsed = time.perf_counter() - start
    return n, elapsed, time.process_time() - cpu_start


_ORDINARY = "HandState.legal_mask, the k-th legal card, HandState.play with its checks"


def _play_loop(
    seconds: float, seed: int, play_out: Callable[[HandState, Callable[[], float]], None],
    name: str, how: str,
) -> dict[str, object]:
    """The play alone: random legal play by ``play_out`` on deals dealt beforehand,
    nothing scored."""
    rng = random.Random(seed)
    deals = [deal_cards(rng, Seat(i & 3)) for i in range(200)]
    rules = get_rules("short")

    def batch() -> int:
        for deal in deals:
            play_out(HandState(deal, rules), rng.random)
        return len(deals)

    n, elapsed, cpu = _timed(batch, seconds)
    return {
        "name": name,
        "deals_per_second": round(n / elapsed, 1),
        "cpu_microseconds_per_deal": round(cpu * 1e6 / n, 1),
        "what": f"random legal play of 52 cards by {how} (no dealing, no scoring)",
    }


def _reference(seconds: float, seed: int) -> dict[str, object]:
    """The yardstick of issue 22: :func:`reference_deal`'s plain program, timed alike."""
    rng = random.Random(seed)

    def batch() -> int:
        for _ in range(200):
            reference_deal(rng)
        return 200

    n, elapsed, cpu = _timed(batch, seconds)
    return {
        "name": "reference-strings",
        "deals_per_second": round(n / elapsed, 1),
        "cpu_microseconds_per_deal": round(cpu * 1e6 / n, 1),
        "what": "a plain program from the laws: lists of strings; deal and random legal "
        "play, trick winners; no events, no scoring",
    }


def main(argv: list[str] | None = None) -> int:
    """Print the engine benchmarks as JSON lines."""
    return timed_main(__doc__, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

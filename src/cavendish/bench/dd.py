"""Double-dummy benchmark: DDS through our layer, and what the layer costs over endplay.

Run as ``python -m cavendish.bench.dd``.  Each result is one JSON line:

* ``dd-full-solve``: fresh 52-card deals at the opening lead, every card of the
  leader scored (``solve_state``, cache off): solves per second.
* ``dd-table``: 4 x 4 tables (:func:`~cavendish.analysis.dd.dd_table`) of fresh
  deals: tables per second.
* ``dd-line``: the optimal line of a fresh deal, 52 cards: seconds per line.
* ``dd-layer``: ``overhead_vs_endplay`` is the time of our ``solve_state`` (cache
  off) divided by the time of a bare ``endplay.dds.solve_board`` call, on the
  same positions (a mix of trick 1, 5 and 9, some mid-trick), in the same run.
  The endplay deals are built beforehand and are not timed; ours start from a
  :class:`~cavendish.core.state.HandState`.  The passes run in the order
  endplay, ours, ours, endplay (repeated), so that drift and DDS's memory of the
  previous position weigh on both alike.  The scores are checked to be equal.
* ``dd-small``: positions of 4 to :data:`~cavendish.analysis.dd.COMPILED_CARDS` + 1
  cards a hand (random play, some mid-trick), solved by ``solve_many`` (cache off)
  with the compiled solver of small positions and with DDS alone
  (``set_compiled_cards(0)``, DDS's threads as set): microseconds a position for
  each size, ``compiled_us`` and ``dds_us`` (the size over the limit goes to DDS in
  both).  The scores are checked to be equal.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from ..analysis import dd
from ..analysis.position import Position
from ..core.cards import CARDS, Card, Seat, format_hand
from ..core.state import HandState
from ..core.table import deal_cards

__all__ = ["layer_positions", "main", "run", "small_positions"]


def layer_positions(rng: random.Random, count: int) -> list[HandState]:
    """``count`` positions, a third each at tricks 1, 5 and 9 (random play, some mid-trick).

    >>> states = layer_positions(random.Random(1), 6)
    >>> sorted(s.trick_number for s in states)
    [0, 0, 4, 4, 8, 8]
    """
    out: list[HandState] = []
    for i in range(count):
        state = HandState(deal_cards(rng, Seat(i & 3)))
        played = (0, 16, 32)[i % 3] + rng.randrange(4)
        for _ in range(played):
            state.play(rng.choice(state.legal_cards()))
        out.append(state)
    rng.shuffle(out)
    return out


def _endplay_deal(state: HandState) -> Any:
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    pos = Position.from_state(state)
    deal = EDeal(
        "N:" + " ".join(format_hand(h) for h in pos.hands),
        first=Player(int(pos.leader)),
        trump=Denom(int(pos.trump)),
    )
    for card in pos.played:
        deal.play(ECard(str(card)), from_hand=False)
    return deal


def _endplay_scores(solved: Any) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for card, score in solved:
        out[CARDS[int(card.suit) * 13 + int(card.rank).bit_length() - 3]] = score
    return dict(sorted(out.items()))


def _layer(rng: random.Random, count: int, rounds: int) -> dict[str, object]:
    from endplay.dds import solve_board

    states = layer_positions(rng, count)
    deals = [_endplay_deal(s) for s in states]
    bare = 0.0
    ours = 0.0
    for _ in range(rounds):
        for order in (("endplay", "ours"), ("ours", "endplay")):
            for which in order:
                if which == "endplay":
                    start = time.perf_counter()
                    for deal in deals:
                        solve_board(deal)
                    bare += time.perf_counter() - start
                else:
                    start = time.perf_counter()
                    for state in states:
                        dd.solve_state(state, use_cache=False)
                    ours += time.perf_counter() - start
    for state, deal in zip(states, deals, strict=True):
        mine = dd.solve_state(state, use_cache=False).tricks
        theirs = _endplay_scores(solve_board(deal))
        if mine != theirs:
            raise AssertionError(f"our layer and endplay disagree on {Position.from_state(state)}")
    return {
        "name": "dd-layer",
        "overhead_vs_endplay": round(ours / bare, 4),
        "ours_seconds": round(ours, 3),
        "endplay_seconds": round(bare, 3),
        "positions": count,
        "passes_each": 2 * rounds,
        "what": "solve_state (cache off) / bare endplay solve_board, same positions, "
        "tricks 1, 5 and 9",
    }


def small_positions(rng: random.Random, cards: int, count: int) -> list[Position]:
    """``count`` positions of random play with ``cards`` cards in the hand to play, the
    current trick 0-3 cards in.

    >>> [p.tricks_left for p in small_positions(random.Random(1), 5, 3)]
    [5, 5, 5]
    """
    out: list[Position] = []
    for i in range(count):
        state = HandState(deal_cards(rng, Seat(i & 3)))
        for _ in range(4 * (13 - cards) + rng.randrange(4)):
            state.play(rng.choice(state.legal_cards()))
        out.append(Position.from_state(state))
    return out


def _small(rng: random.Random, count: int, rounds: int) -> dict[str, object]:
    sizes = range(4, dd.COMPILED_CARDS + 2)
    compiled: dict[int, float] = {}
    alone: dict[int, float] = {}
    previous = dd.set_cache_size(0)
    try:
        for cards in sizes:
            positions = small_positions(rng, cards, count)
            best = {True: float("inf"), False: float("inf")}
            scores: dict[bool, list[dict[Card, int]]] = {}
            for _ in range(rounds):
                for small in (True, False):
                    limit = dd.set_compiled_cards(dd.COMPILED_CARDS if small else 0)
                    if dd._endgame is not None:
                        dd._endgame.clear()  # its table would remember the last pass
                    start = time.perf_counter()
                    results = dd.solve_many(positions)
                    best[small] = min(best[small], time.perf_counter() - start)
                    dd.set_compiled_cards(limit)
                    scores[small] = [r.tricks for r in results]
            if scores[True] != scores[False]:
                raise AssertionError(f"the compiled solver and DDS disagree at {cards} cards")
            compiled[cards] = round(best[True] / count * 1e6, 1)
            alone[cards] = round(best[False] / count * 1e6, 1)
    finally:
        dd.set_cache_size(previous)
    return {
        "name": "dd-small",
        "compiled_cards": dd.COMPILED_CARDS,
        "compiled_us": compiled,
        "dds_us": alone,
        "dds_threads": dd.dds_threads(),
        "positions_each": count,
        "what": "solve_many (cache off) us a position by cards a hand: with the compiled "
        "solver of small positions, and DDS alone; best of the passes",
    }


def run(
    deals: int = 20, tables: int = 6, positions: int = 100, rounds: int = 2, seed: int = 1
) -> list[dict[str, object]]:
    """Run the double-dummy benchmarks and return their results."""
    if dd.get_engine() != "endplay":
        raise SystemExit("the dd benchmark needs the endplay engine (DDS)")
    rng = random.Random(seed)
    results: list[dict[str, object]] = []
    fresh = [HandState(deal_cards(rng, Seat(i & 3))) for i in range(deals)]
    start = time.perf_counter()
    for state in fresh:
        dd.solve_state(state, use_cache=False)
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-full-solve",
            "solves_per_second": round(deals / elapsed, 2),
            "ms_per_solve": round(elapsed / deals * 1000, 1),
            "deals": deals,
            "seed": seed,
            "python": sys.version.split()[0],
        }
    )
    table_deals = [deal_cards(rng, Seat(i & 3)) for i in range(tables)]
    start = time.perf_counter()
    for deal in table_deals:
        dd.dd_table(deal)
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-table",
            "tables_per_second": round(tables / elapsed, 2),
            "tables": tables,
            "seed": seed,
        }
    )
    lines = 3
    start = time.perf_counter()
    for i in range(lines):
        dd.cache_clear()
        result = dd.solve_state(HandState(deal_cards(rng, Seat(i & 3))))
        if len(result.line) != 52:
            raise AssertionError("a full line has 52 cards")
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-line",
            "seconds_per_line": round(elapsed / lines, 3),
            "lines": lines,
            "what": "solve_state at the opening lead and its 52-card optimal line, cache cold",
        }
    )
    dd.cache_clear()
    results.append(_layer(rng, positions, rounds))
    results.append(_small(rng, positions, rounds + 1))
    return results


def main(argv: list[str] | None = None) -> int:
    """Print the double-dummy benchmarks as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals for dd-full-solve")
    parser.add_argument("--tables", type=int, default=6, help="deals for dd-table")
    parser.add_argument("--positions", type=int, default=100, help="positions for dd-layer")
    parser.add_argument("--rounds", type=int, default=2, help="endplay/ours pass pairs x2")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for result in run(args.deals, args.tables, args.positions, args.rounds, args.seed):
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

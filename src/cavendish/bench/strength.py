"""``make bench-strength``: every card of a player's side scored against double dummy.

Design note
-----------
A duplicate match tells which of two players wins, by whole hands; this
benchmark tells how far each kind of player is from perfect, card by card, and
where it loses.  For each kind it runs the shadow study
(:mod:`cavendish.bench.shadow`) with the kind as host and as its only shadow:
team A (the kind) plays team B (``--opponent``, ``pimc`` by default) over the
same fixed boards in both rooms, every decision of team A with more than one
legal card is kept, and each card is scored double dummy on the true layout: its
*cost* is the tricks it loses against the best card there.

The figures, for all decisions, by place in the trick (lead, second, third,
fourth hand) and by phase of the hand (tricks 1-4, 5-9, 10-13):

* ``costly_share``: the share of cards that cost a trick or more, with its
  standard error over the decisions (binomial, ``sqrt(p (1 - p) / n)``);
* ``mean_cost``: the mean cost of a card, standard error ``sd / sqrt(n)``;
* ``lost_per_hand``: the costs summed over a hand's decisions (of that place or
  phase), averaged over every hand the side played (two a board, one in each
  room), standard error over the hands.  The places add up to the whole, and
  so do the phases.

The same figures for opening leads alone (the first card of the hand, when
team A leads it), and the time per decision (median, mean and 90th percentile,
by the wall clock with the load beside it, and in the CPU time of the deciding
process, threads included, which the other programs on a shared machine disturb
far less).

What it does not see is what double dummy leaves out (what a card tells
partner, the guesses it sets the adversaries), as the shadow study's own note
says: a player can lose less here and win less in a match.

Run as ``python -m cavendish.bench.strength --kinds pimc search --boards 12``:
one JSON line per kind; ``--decisions FILE`` also writes every decision scored
(JSON lines: kind, board, room, index, seat, place, trick, card, cost, ms, cpu_ms).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..match.parallel import default_workers
from .shadow import PLACES, Decision, ShadowSpec, decisions_of

__all__ = ["PHASES", "figures", "main", "opening_leads", "strength_table", "times"]

PHASES = ((1, 4), (5, 9), (10, 13))
"""The phases of the hand, first and last trick of each."""

DEFAULT_KINDS = ("random", "classical", "pimc", "search")


def _share(costs: Sequence[int]) -> tuple[float, float]:
    n = len(costs)
    p = sum(c > 0 for c in costs) / n
    return p, math.sqrt(p * (1.0 - p) / n)


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, statistics.stdev(values) / math.sqrt(n)


def figures(decisions: Sequence[Decision], hands: Sequence[tuple[int, int]]) -> dict[str, Any]:
    """The figures of ``decisions`` (the host's own cards: ``costs[0]``) over ``hands``
    (every ``(board, room)`` the side played, with or without a decision here).

    >>> from cavendish.core import Card, Seat
    >>> c = Card.parse
    >>> ds = [Decision(0, 1, 0, Seat.E, c("SA"), (c("SA"),), (1,)),
    ...       Decision(0, 1, 5, Seat.E, c("S2"), (c("S2"),), (0,))]
    >>> f = figures(ds, [(0, 1), (0, 2)])
    >>> f["decisions"], f["costly_share"], f["mean_cost"], f["lost_per_hand"]
    (2, 0.5, 0.5, 0.5)
    """
    if not hands:
        raise ValueError("figures: no hands played")
    out: dict[str, Any] = {"decisions": len(decisions)}
    costs = [d.costs[0] for d in decisions]
    per_hand = dict.fromkeys(hands, 0.0)
    for d in decisions:
        per_hand[(d.board, d.room)] += d.costs[0]
    lost, lost_se = _mean_se(list(per_hand.values()))
    if costs:
        share, share_se = _share(costs)
        mean, mean_se = _mean_se([float(c) for c in costs])
        out |= {"costly_share": round(share, 4), "costly_share_se": round(share_se, 4),
                "mean_cost": round(mean, 4), "mean_cost_se": round(mean_se, 4)}
    else:
        out |= {"costly_share": None, "costly_share_se": None,
                "mean_cost": None, "mean_cost_se": None}
    out |= {"lost_per_hand": round(lost, 4), "lost_per_hand_se": round(lost_se, 4)}
    return out


def _quantiles(ms: list[float]) -> tuple[float, float, float]:
    """Median, mean and 90th percentile (linear between order statistics) of ``ms``."""
    ms = sorted(ms)
    at = 0.9 * (len(ms) - 1)
    lo = int(at)
    hi = min(lo + 1, len(ms) - 1)
    p90 = ms[lo] + (ms[hi] - ms[lo]) * (at - lo)
    return round(statistics.median(ms), 2), round(statistics.fmean(ms), 2), round(p90, 2)


def times(decisions: Sequence[Decision]) -> dict[str, float | None]:
    """The host's time per decision, ms: median, mean and 90th percentile, by the wall
    clock and in the CPU time of its process (``cpu_``).

    >>> from cavendish.core import Card, Seat
    >>> c = Card.parse("SA")
    >>> t = times([Decision(0, 1, i, Seat.E, c, (c,), (0,), ms, ms / 2) for i, ms in
    ...            enumerate([1.0, 2.0, 9.0])])
    >>> t["median_ms"], t["mean_ms"], t["p90_ms"], t["cpu_median_ms"]
    (2.0, 4.0, 7.6, 1.0)
    """
    names = ("median_ms", "mean_ms", "p90_ms", "cpu_median_ms", "cpu_mean_ms", "cpu_p90_ms")
    if not decisions:
        return dict.fromkeys(names, None)
    wall = _quantiles([d.ms for d in decisions])
    cpu = _quantiles([d.cpu_ms for d in decisions])
    return dict(zip(names, (*wall, *cpu), strict=True))


def opening_leads(decisions: Sequence[Decision]) -> dict[str, Any]:
    """The figures of the opening leads alone (the first card of a hand)."""
    leads = [d for d in decisions if d.index == 0]
    hands = sorted({(d.board, d.room) for d in leads})
    if not hands:
        return {"decisions": 0}
    out = figures(leads, hands)
    del out["lost_per_hand"], out["lost_per_hand_se"]  # one lead a hand: the mean cost
    return out | times(leads)


def strength_table(decisions: Sequence[Decision], boards: Sequence[int]) -> dict[str, Any]:
    """Every figure of one kind's decisions over ``boards`` (both rooms of each)."""
    hands = [(b, room) for b in boards for room in (1, 2)]
    return {
        "hands": len(hands),
        "all": figures(decisions, hands) | times(decisions),
        "by_place": {
            PLACES[p]: figures([d for d in decisions if d.place == p], hands)
            for p in range(4)
        },
        "by_phase": {
            f"tricks {lo}-{hi}": figures([d for d in decisions if lo <= d.trick <= hi], hands)
            for lo, hi in PHASES
        },
        "opening_leads": opening_leads(decisions),
    }


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's note)."""
    ap = argparse.ArgumentParser(prog="python -m cavendish.bench.strength", description=__doc__)
    ap.add_argument("--kinds", nargs="+", default=list(DEFAULT_KINDS), help="Kinds studied.")
    ap.add_argument("--opponent", default="pimc", help="Team B's kind.")
    ap.add_argument("--boards", type=int, default=12)
    ap.add_argument("--first", type=int, default=0, help="First board (0-based).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="short")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--decisions", default=None, help="Write every decision (JSON lines).")
    args = ap.parse_args(argv)
    if args.boards < 1:
        ap.error(f"--boards {args.boards}: at least one")
    workers = args.workers or default_workers()
    boards = list(range(args.first, args.first + args.boards))
    written: list[str] = []
    for kind in args.kinds:
        spec = ShadowSpec(kind, args.opponent, (kind,), args.seed, args.variant)
        load = _load()
        start = time.perf_counter()
        try:
            ds = decisions_of(spec, args.boards, first=args.first, workers=workers)
        except ValueError as exc:
            print(f"cavendish.bench.strength: error: {exc}", file=sys.stderr)
            return 2
        line = {"bench": "strength", "kind": kind, "opponent": args.opponent,
                "seed": args.seed, "variant": args.variant, "boards": args.boards,
                "first": args.first, "workers": workers, "load_before": load,
                "load_after": _load(), "seconds": round(time.perf_counter() - start, 1),
                **strength_table(ds, boards)}
        print(json.dumps(line), flush=True)
        written.extend(json.dumps({
            "kind": kind, "board": d.board, "room": d.room, "index": d.index,
            "seat": str(d.seat), "place": PLACES[d.place], "trick": d.trick,
            "card": str(d.played), "cost": d.costs[0], "ms": round(d.ms, 3),
            "cpu_ms": round(d.cpu_ms, 3),
        }) for d in ds)
        if args.decisions:
            with open(args.decisions, "w", encoding="utf-8") as f:
                f.writelines(w + "\n" for w in written)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

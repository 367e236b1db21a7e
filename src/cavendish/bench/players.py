"""Player benchmark: duplicate matches between the computer players, against their targets.

Run as ``python -m cavendish.bench.players [--quick] [--workers K] [--strong NAME]``
(``make bench-players``).  Each match is one JSON line: the two players, the seed
and the boards, ``tricks_per_deal`` with its 95% interval, ``points_per_deal``,
each team's decision times (median and 95th percentile, ms per card), the
``target`` and whether it was ``met`` (``checks`` gives each condition).  A match
whose players are not registered (yet) is one line ``{"name": ...,
"skipped": "player 'pimc' not registered"}``.

The targets (issue 4):

* classical minus random, 1,000 boards: the lower end of the 95% interval at least
  +3.5 tricks per deal; classical's median decision under 1 ms;
* pimc minus classical, 200 boards: at least +0.5 tricks per deal (the mean);
* the stronger search player (``--strong``, default ``search``) minus pimc, 400
  boards: the mean at least +0.15 and the 95% interval above nought;
* each search player: median under 250 ms and 95th percentile under 3 s per card.

Decision times are measured in worker processes that are single-threaded, one per
core (``--workers`` defaults to every core), so they are times on one core.
``--quick`` plays a tenth of the boards (at least 20): a smoke test of the
harness, whose intervals are too wide to judge the targets.

>>> [b.name for b in benchmarks("search")]
['classical-random', 'pimc-classical', 'search-pimc']
>>> check(benchmarks("search")[0], {"tricks_per_deal": 3.9, "ci95": [3.6, 4.2],
...     "decision_ms": {"a": {"median": 0.4, "p95": 2.0}, "b": {"median": 0.01, "p95": 0.02}}})
{'ci95 low >= 3.5': True, 'classical median < 1 ms': True}
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..match.duplicate import is_registered, run_match
from ..match.parallel import default_workers

__all__ = ["Benchmark", "benchmarks", "check", "main", "run"]

SEARCH_MEDIAN_MS = 250.0
SEARCH_P95_MS = 3000.0
SEED = 2024
"""The seed of every benchmark match (each match gets its own boards from it)."""


@dataclass(frozen=True, slots=True)
class Benchmark:
    """One match of the benchmark and its targets."""

    name: str
    a: str
    b: str
    boards: int
    ci95_low_at_least: float | None = None
    mean_at_least: float | None = None
    ci95_low_above: float | None = None
    times: dict[str, tuple[float, float | None]] = field(default_factory=dict)
    """Player kind -> (median below, 95th percentile below or None), ms per card."""

    def target(self) -> dict[str, Any]:
        """The targets as JSON data."""
        out: dict[str, Any] = {}
        if self.ci95_low_at_least is not None:
            out["ci95_low_at_least"] = self.ci95_low_at_least
        if self.mean_at_least is not None:
            out["tricks_per_deal_at_least"] = self.mean_at_least
        if self.ci95_low_above is not None:
            out["ci95_low_above"] = self.ci95_low_above
        if self.times:
            out["decision_ms"] = {
                kind: {"median_below": m, **({} if p is None else {"p95_below": p})}
                for kind, (m, p) in self.times.items()
            }
        return out


def benchmarks(strong: str = "search") -> list[Benchmark]:
    """The matches of the benchmark; ``strong`` names the stronger search player."""
    search = (SEARCH_MEDIAN_MS, SEARCH_P95_MS)
    return [
        Benchmark("classical-random", "classical", "random", 1000, ci95_low_at_least=3.5,
                  times={"classical": (1.0, None)}),
        Benchmark("pimc-classical", "pimc", "classical", 200, mean_at_least=0.5,
                  times={"pimc": search}),
        Benchmark(f"{strong}-pimc", strong, "pimc", 400, mean_at_least=0.15, ci95_low_above=0.0,
                  times={strong: search, "pimc": search}),
    ]


def check(bench: Benchmark, result: dict[str, Any]) -> dict[str, bool]:
    """Each target of ``bench`` against a match's JSON ``result``: condition -> met."""
    out: dict[str, bool] = {}
    low = result["ci95"][0] if result.get("ci95") else None
    if bench.ci95_low_at_least is not None:
        ok = low is not None and low >= bench.ci95_low_at_least
        out[f"ci95 low >= {bench.ci95_low_at_least:g}"] = ok
    if bench.mean_at_least is not None:
        out[f"mean >= {bench.mean_at_least:g}"] = result["tricks_per_deal"] >= bench.mean_at_least
    if bench.ci95_low_above is not None:
        out[f"ci95 low > {bench.ci95_low_above:g}"] = low is not None and low > bench.ci95_low_above
    for kind, (median_below, p95_below) in bench.times.items():
        teams = [t for t, k in (("a", bench.a), ("b", bench.b)) if k == kind]
        for team in teams:
            times = result["decision_ms"][team]
            out[f"{kind} median < {median_below:g} ms"] = times["median"] < median_below
            if p95_below is not None:
                out[f"{kind} p95 < {p95_below:g} ms"] = times["p95"] < p95_below
    return out


def run(
    *,
    quick: bool = False,
    workers: int | None = None,
    strong: str = "search",
    seed: int = SEED,
    only: Sequence[str] = (),
) -> Iterator[dict[str, Any]]:
    """Run the benchmark matches (``only``: those names), yielding each result as it ends."""
    k = workers or default_workers()
    for bench in benchmarks(strong):
        if only and bench.name not in only:
            continue
        missing = [p for p in (bench.a, bench.b) if not is_registered(p)]
        if missing:
            yield {"name": bench.name, "skipped": f"player {missing[0]!r} not registered"}
            continue
        boards = max(20, bench.boards // 10) if quick else bench.boards
        start = time.perf_counter()
        result = run_match(bench.a, bench.b, boards=boards, seed=seed, workers=k).to_json()
        checks = check(bench, result)
        yield {
            "name": bench.name,
            **result,
            "target": bench.target(),
            "met": all(checks.values()),
            "checks": checks,
            "quick": quick,
            "workers": k,
            "seconds": round(time.perf_counter() - start, 2),
        }


def main(argv: Sequence[str] | None = None) -> None:
    """Print one JSON line per benchmark match."""
    parser = argparse.ArgumentParser(prog="python -m cavendish.bench.players", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tenth of the boards (at least 20)")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--strong", default="search", help="the stronger search player's name")
    parser.add_argument("--seed", type=int, default=SEED, help="seed of every match")
    parser.add_argument("--only", action="append", default=[], help="run only this match")
    args = parser.parse_args(argv)
    if args.workers is not None and args.workers < 1:
        parser.error(f"--workers {args.workers}: must be at least 1")
    for line in run(
        quick=args.quick, workers=args.workers, strong=args.strong, seed=args.seed, only=args.only
    ):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

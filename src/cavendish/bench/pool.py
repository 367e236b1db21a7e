"""Pool benchmark: how much faster 2 (or K) worker processes play a match than one.

Run as ``python -m cavendish.bench.pool [--workers K]`` (``make bench-pool``, part of
``make bench``).  Each line is one JSON object:

* ``pool-classical-random`` and ``pool-pimc-classical``: the same match (same seed,
  same boards) played in one process (its DDS on one thread, as each worker's) and
  in K worker processes, each warm (a short match first: the imports, and the
  pool's workers, which stay warm from one match to the next); the seconds of
  each, ``ratio`` (one process's time over K workers'), the target ratio (1.8
  for two workers on two cores, the issue's) and whether the two results agree
  (they must: the seed fixes every card);
* ``pool-search-decision``: the median and 95th percentile of a ``search`` player's
  decision (ms per card) when it plays alone and when K workers play at once,
  each worker's DDS limited to its share of the cores
  (:func:`~cavendish.match.parallel.dd_threads`), and their ratio (target: at most
  1.5).

On a shared machine the times depend on what else runs: ``--repeat N`` takes the
best of N runs a side, one process and the pool alternating.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ..analysis import dd
from ..match.duplicate import run_match
from ..match.parallel import dd_threads, default_workers

__all__ = ["main", "run"]

MATCHES = (("classical", "random", 120), ("pimc", "classical", 24))
SEED = 2024


def _timed(a: str, b: str, boards: int, workers: int, seed: int) -> tuple[float, Any]:
    """A match's seconds and result; with one worker, DDS gets one thread, as each of
    the pool's workers does on two cores, so that the ratio is the pool's scaling."""
    previous = dd.get_threads()
    if workers == 1:
        dd.set_threads(1)
    try:
        # warm: this process's imports, or the pool's workers (which stay warm)
        run_match(a, b, boards=max(1, workers), seed=seed + 1, workers=workers)
        start = time.perf_counter()
        result = run_match(a, b, boards=boards, seed=seed, workers=workers)
        return time.perf_counter() - start, result
    finally:
        dd.set_threads(previous)


def run(
    *, workers: int = 2, seed: int = SEED, scale: float = 1.0, repeat: int = 1
) -> Iterator[dict[str, Any]]:
    """Yield the pool's benchmark lines (``scale`` multiplies the boards; each side's
    time is the best of ``repeat`` runs, one process and K workers alternating)."""
    for a, b, boards in MATCHES:
        n = max(2 * workers, round(boards * scale))
        ones, manys = [], []
        for _ in range(max(1, repeat)):
            ones.append(_timed(a, b, n, 1, seed))
            manys.append(_timed(a, b, n, workers, seed))
        one, r1 = min(ones, key=lambda x: x[0])
        many, rk = min(manys, key=lambda x: x[0])
        yield {
            "name": f"pool-{a}-{b}",
            "boards": n,
            "seed": seed,
            "workers": workers,
            "seconds_1": round(one, 2),
            f"seconds_{workers}": round(many, 2),
            "ratio": round(one / many, 2),
            "repeat": max(1, repeat),
            "target_ratio": 1.8 if workers == 2 else None,
            "same_result": r1.to_json()["tricks_per_deal"] == rk.to_json()["tricks_per_deal"],
        }
    n = max(2 * workers, round(4 * scale))
    _, alone = _timed("search", "pimc", n, 1, seed)
    _, shared = _timed("search", "pimc", n, workers, seed)
    t1 = alone.decision_times("a").to_json()
    tk = shared.decision_times("a").to_json()
    yield {
        "name": "pool-search-decision",
        "boards": n,
        "seed": seed,
        "workers": workers,
        "dds_threads_per_worker": dd_threads(workers),
        "alone_ms": t1,
        f"workers_{workers}_ms": tk,
        "median_ratio": round(tk["median"] / t1["median"], 2) if t1["median"] else None,
        "target_ratio": 1.5,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Print one JSON line per benchmark."""
    parser = argparse.ArgumentParser(prog="python -m cavendish.bench.pool", description=__doc__)
    parser.add_argument("--workers", type=int, default=min(2, default_workers()))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the boards")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs a side")
    args = parser.parse_args(argv)
    if args.workers < 2:
        parser.error(f"--workers {args.workers}: a pool needs at least 2")
    for line in run(workers=args.workers, seed=args.seed, scale=args.scale, repeat=args.repeat):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()

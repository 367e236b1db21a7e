"""Simulation benchmark: the classical player's hands per second on one core, and
Perceval's 16,000 rubbers (``odds record``) extrapolated from a shorter run.

Run as ``python -m cavendish.bench.simulation [--boards N] [--rubbers N] [--workers K]``
(``make bench-sim``, part of ``make bench``).  Each line is one JSON object:

* ``classical-hands``: ``match classical random`` in one process (DDS on one
  thread), each board played in both rooms; hands per second of the clock and per
  CPU second (on a shared machine the second is the better measure of one core),
  against the target of 200 (issue 22), with the load average of the machine;
* ``odds-record``: ``odds record`` (classical players in the four seats) of
  ``--rubbers`` rubbers on ``--workers`` processes: its seconds and hands, and the
  seconds Perceval's 16,000 rubbers would take at that rate, against the target of
  900 (fifteen minutes), with the load average.

The imports and DDS's loading are paid before the clock starts.  Repeat on a shared
machine, and take the best.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Iterator, Sequence
from typing import Any

from ..analysis import dd
from ..match.duplicate import run_match
from ..match.parallel import default_workers

__all__ = ["PERCEVAL_RUBBERS", "classical_hands", "main", "odds_record", "run"]

PERCEVAL_RUBBERS = 16_000
"""The rubbers of Perceval's record (001)."""
SEED = 2024


def classical_hands(boards: int, seed: int = SEED) -> dict[str, Any]:
    """``match classical random`` of ``boards`` boards in this process, timed.

    >>> r = classical_hands(1)
    >>> r["hands"], r["hands_per_second"] > 0
    (2, True)
    """
    previous = dd.get_threads()
    dd.set_threads(1)
    try:
        run_match("classical", "random", boards=1, seed=seed + 1, workers=1)  # warm
        start, cpu = time.perf_counter(), time.process_time()
        run_match("classical", "random", boards=boards, seed=seed, workers=1)
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    finally:
        dd.set_threads(previous)
    hands = 2 * boards
    return {
        "name": "classical-hands",
        "command": f"cavendish match classical random --boards {boards} -w 1 --seed {seed}",
        "hands": hands,
        "seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "hands_per_second": round(hands / wall, 1),
        "hands_per_cpu_second": round(hands / cpu, 1),
        "target_hands_per_second": 200,
        "load_average": _load(),
    }


def odds_record(rubbers: int, workers: int, seed: int = 1) -> dict[str, Any]:
    """``odds record`` of ``rubbers`` rubbers on ``workers`` processes, timed, and the
    time of Perceval's 16,000 at the same rate."""
    from ..odds.record import simulate_record

    # warm: the imports, and the pool's workers (which stay warm for the timed run)
    simulate_record("classical", rubbers=max(1, workers), seed=seed + 1, workers=workers)
    start = time.perf_counter()
    rec = simulate_record("classical", rubbers=rubbers, seed=seed, workers=workers)
    wall = time.perf_counter() - start
    return {
        "name": "odds-record",
        "command": f"cavendish odds record --rubbers {rubbers} -w {workers} --seed {seed}",
        "rubbers": rubbers,
        "hands": rec.stats.hands,
        "workers": workers,
        "seconds": round(wall, 2),
        "seconds_for_16000": round(wall * PERCEVAL_RUBBERS / rubbers),
        "target_seconds": 900,
        "load_average": _load(),
    }


def _load() -> float | None:
    """The machine's load over the last minute (other processes share the cores: a
    clock figure is worth what the load lets it be), None where it is not known."""
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def run(boards: int, rubbers: int, workers: int) -> Iterator[dict[str, Any]]:
    """Yield the benchmark's lines."""
    yield classical_hands(boards)
    yield odds_record(rubbers, workers)


def main(argv: Sequence[str] | None = None) -> None:
    """Print one JSON line per benchmark."""
    parser = argparse.ArgumentParser(
        prog="python -m cavendish.bench.simulation", description=__doc__
    )
    parser.add_argument("--boards", type=int, default=100)
    parser.add_argument("--rubbers", type=int, default=100)
    parser.add_argument("--workers", type=int, default=default_workers())
    args = parser.parse_args(argv)
    for line in run(args.boards, args.rubbers, args.workers):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()

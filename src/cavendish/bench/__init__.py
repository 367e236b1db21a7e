"""Benchmarks: each prints JSON lines (``make bench``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

__all__ = ["timed_main"]


def timed_main(
    doc: str | None,
    run: Callable[[float, int], Iterable[dict[str, Any]]],
    argv: Sequence[str] | None = None,
) -> int:
    """The ``main`` of a benchmark timed by ``--seconds`` and seeded by ``--seed``:
    ``run(seconds, seed)``'s results printed as JSON lines."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--seconds", type=float, default=3.0, help="time for each benchmark")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for result in run(args.seconds, args.seed):
        print(json.dumps(result), flush=True)
    return 0

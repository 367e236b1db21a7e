"""Environment benchmark: agent steps per second of ``whist_v0`` on one core.

Run as ``python -m cavendish.bench.env`` (``make bench-env``, part of ``make bench``).
Each result is one JSON line.  An agent step is what an agent library does per
turn: ``env.last()`` (the observation and its mask), a uniformly random legal card
drawn from the mask, ``env.step(card)``.  Measured with four random agents
(``random-agents``; also through ``raw_env``, without PettingZoo's order-enforcing
wrapper) and with one random agent against three ``classical`` players
(``vs-classical``, whose steps include the classical players' cards).  The rate per
CPU second is given beside the rate per second of the clock: on a shared machine
it is the better measure of what one core does.  ``vector-env-256-random-agents``
steps ``whist_v0.vector_env(256)`` with random legal cards, in the same run as one
env, and gives the ratio of the two per CPU second (target 10).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping
from typing import Any

from . import timed_main

__all__ = ["main", "run", "steps_per_second", "vector_steps_per_second"]


def steps_per_second(
    seconds: float, seed: int, opponents: Mapping[str, str] | None = None, *, raw: bool = False
) -> dict[str, Any]:
    """Play whole hands with random legal cards for ``seconds``; steps and hands timed.

    >>> r = steps_per_second(0.05, 1)
    >>> r["steps"] > 0 and r["hands"] > 0
    True
    """
    from ..env import whist_v0

    make = whist_v0.raw_env if raw else whist_v0.env
    env = make(opponents=dict(opponents or {}))
    rng = random.Random(seed)
    steps = hands = 0
    start = time.perf_counter()
    cpu = time.process_time()
    elapsed = 0.0
    episode = 0
    while elapsed < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
            del agent
        hands += 1
        elapsed = time.perf_counter() - start
    return _rates(steps, hands, elapsed, time.process_time() - cpu, seed)


def _rates(steps: int, hands: int, elapsed: float, cpu: float, seed: int) -> dict[str, Any]:
    """One benchmark's figures: steps and hands per second of the clock and of CPU."""
    return {
        "steps_per_second": round(steps / elapsed, 1),
        "steps_per_cpu_second": round(steps / cpu, 1),
        "hands_per_second": round(hands / elapsed, 2),
        "steps": steps,
        "hands": hands,
        "seconds": round(elapsed, 3),
        "seed": seed,
    }


def vector_steps_per_second(seconds: float, seed: int, n: int = 256) -> dict[str, Any]:
    """Step ``whist_v0.vector_env(n)`` with random legal cards for ``seconds``: agent
    steps (one card at one table) per second and per CPU second.

    >>> r = vector_steps_per_second(0.05, 1, n=4)
    >>> r["steps"] > 0
    True
    """
    import numpy as np

    from ..env import whist_v0

    env = whist_v0.vector_env(n)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps = hands = 0
    start = time.perf_counter()
    cpu = time.process_time()
    elapsed = 0.0
    while elapsed < seconds:
        for _ in range(52):
            # a uniformly random legal card at each table: the largest random key
            keys = rng.random((n, 52)) * obs["action_mask"]
            obs, _, terminated, _, _ = env.step(keys.argmax(axis=1))
            hands += int(terminated.sum())
        steps += 52 * n
        elapsed = time.perf_counter() - start
    return {"tables": n, **_rates(steps, hands, elapsed, time.process_time() - cpu, seed)}


def run(seconds: float = 3.0, seed: int = 1) -> list[dict[str, Any]]:
    """Run the environment benchmarks and return their results."""
    python = sys.version.split()[0]
    one = steps_per_second(seconds, seed)
    vector = vector_steps_per_second(seconds, seed)
    return [
        {"name": "env-random-agents", **one, "python": python},
        {
            "name": "vector-env-256-random-agents",
            "what": "whist_v0.vector_env(256) in one process (one core): agent steps, "
            "against one env's in the same run (target: 10x)",
            **vector,
            "x_one_env_per_cpu_second": round(
                vector["steps_per_cpu_second"] / one["steps_per_cpu_second"], 2
            ),
            "python": python,
        },
        {
            "name": "raw-env-random-agents",
            "what": "whist_v0.raw_env: no OrderEnforcingWrapper (each attribute read through it "
            "costs a Python call)",
            **steps_per_second(seconds, seed, raw=True),
            "python": python,
        },
        {
            "name": "env-vs-classical",
            "opponents": "classical x3",
            **steps_per_second(
                seconds,
                seed,
                {"player_1": "classical", "player_2": "classical", "player_3": "classical"},
            ),
            "python": python,
        },
    ]


def main(argv: list[str] | None = None) -> int:
    """Print the environment benchmarks as JSON lines."""
    return timed_main(__doc__, run, argv)


if __name__ == "__main__":
    raise SystemExit(main())

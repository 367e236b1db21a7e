"""Environment rollouts on Ray workers: whole episodes of whist_v0 played in Ray tasks.

Each task builds its own environment, plays ``episodes`` hands with a policy (here a
uniformly random legal card, seeded) and sends back the transitions' returns; the
driver gathers them.  The same seeds give the same rollouts wherever they run: on
a laptop's local Ray, or on a cluster (``--address HOST:PORT``; a cluster with token
authentication wants ``RAY_AUTH_MODE=token`` and ``RAY_AUTH_TOKEN`` in the
environment, as ``--ray`` does).

    .venv/bin/python examples/env_rollouts_on_ray.py --tasks 4 --episodes 8
"""

from __future__ import annotations

import argparse
import random
import statistics

import numpy as np


def rollout(task: tuple[int, int]) -> list[float]:
    """Play ``episodes`` hands from seed ``seed``: player_0's return in each."""
    from cavendish.env import whist_v0

    seed, episodes = task
    env = whist_v0.env(reward="tricks_zero_sum", observation="infostate")
    rng = random.Random(seed)
    returns = []
    for episode in range(episodes):
        env.reset(seed=seed * 1000 + episode)
        total = 0.0
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if agent == "player_0":
                total += reward
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        returns.append(total)
    return returns


def run_on_ray(tasks: int, episodes: int, address: str | None = None) -> list[list[float]]:
    """Every task's returns, computed on Ray (connected here unless it already is)."""
    import ray
    from cavendish.match.parallel import connect_ray

    if not ray.is_initialized():
        connect_ray(ray, address or "local")
    remote = ray.remote(num_cpus=1)(rollout)
    refs = [remote.remote((seed, episodes)) for seed in range(tasks)]
    results: list[list[float]] = ray.get(refs)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tasks", type=int, default=4)
    parser.add_argument("--episodes", type=int, default=8)
    parser.add_argument("--address", default=None, help="a Ray cluster (default: a local Ray)")
    args = parser.parse_args()
    results = run_on_ray(args.tasks, args.episodes, args.address)
    flat = [r for task in results for r in task]
    print(f"{len(flat)} episodes on Ray: player_0's mean return {statistics.fmean(flat):+.3f}")


if __name__ == "__main__":
    main()

"""One seat as a Gymnasium environment: a plain loop, no agent library.

``whist_v0.single_agent_env`` is a ``gymnasium.Env`` (it passes Gymnasium's
``check_env``): the agent holds ``player_0`` and Cavendish players hold the three
other seats.  Any single-agent library takes it as it is (Stable-Baselines3's
``PPO("MultiInputPolicy", env)``, or ``sb3_contrib``'s ``MaskablePPO``, which calls
its ``action_masks()``); here a plain loop plays a fixed rule, the highest legal card,
and a uniformly random legal card, against three classical players, and prints each
one's mean return (its side's tricks over six) over the same deals.

    .venv/bin/python examples/env_single_agent_loop.py --hands 40
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np

from cavendish.env import whist_v0


def mean_return(rule: str, hands: int, seed: int) -> float:
    """The rule's mean return per hand over ``hands`` deals."""
    env = whist_v0.single_agent_env(others="classical")
    rng = np.random.default_rng(seed)
    returns = []
    for hand in range(hands):
        obs, _ = env.reset(seed=seed + hand)
        total, done = 0.0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            card = legal[-1] if rule == "highest" else rng.choice(legal)
            obs, reward, terminated, truncated, _ = env.step(int(card))
            total += reward
            done = terminated or truncated
        returns.append(total)
    return statistics.fmean(returns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for rule in ("highest", "random"):
        print(f"{rule:>8} legal card against three classical players: "
              f"{mean_return(rule, args.hands, args.seed):+.2f} a hand ({args.hands} hands)")


if __name__ == "__main__":
    main()

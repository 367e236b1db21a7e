"""Evaluate two agents through the whist_v0 environment against classical opponents.

Nothing is trained: a random agent (a uniformly random legal card) and Cavendish's
classical player, seen through the environment's observation (the agent's seat,
its view of the table), each sit as ``player_0`` with ``player_2`` as its partner
and both adversaries played by ``classical``; the script prints each agent's mean
tricks per hand (its side's) over the same deals.

    .venv/bin/python examples/env_random_vs_classical.py --hands 40 --seed 1
"""

from __future__ import annotations

import argparse
import random
import statistics

import numpy as np

from cavendish.env import whist_v0
from cavendish.players import get_player, notify, notify_begin


def mean_tricks(agent: str, hands: int, seed: int) -> tuple[float, float]:
    """Mean tricks per hand of player_0's side, and its standard error."""
    env = whist_v0.env(
        opponents={"player_1": "classical", "player_2": agent, "player_3": "classical"}
    )
    raw = env.unwrapped
    rng = random.Random(seed)
    tricks = []
    for hand in range(hands):
        env.reset(seed=seed + hand)
        # the agent's own card: random, or a classical player told what the table saw
        # (its opening view, then every event of the hand) and asked with its seat's view
        chooser = get_player("classical", seed + hand, "agent") if agent == "classical" else None
        seen = 0
        if chooser is not None:
            notify_begin(chooser, raw.hand_state.view(raw.seat_of("player_0")))
        for name in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if chooser is None:
                card = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            else:
                events = raw.hand_state.events
                for event in events[seen:]:
                    notify(chooser, event)
                seen = len(events)
                card = int(chooser.choose(raw.hand_state.view(raw.seat_of(name))))
            env.step(card)
        tricks.append(raw.hand_state.tricks_won(raw.seat_of("player_0").side))
    return statistics.fmean(tricks), statistics.stdev(tricks) / len(tricks) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for agent in ("random", "classical"):
        mean, se = mean_tricks(agent, args.hands, args.seed)
        print(f"{agent:>9} agent (partner {agent}) against classical: "
              f"{mean:.2f} tricks per hand (± {1.96 * se:.2f}, {args.hands} hands)")


if __name__ == "__main__":
    main()

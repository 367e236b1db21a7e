"""Train a small numpy policy against random players, then put it on the ladder.

The policy is linear in a few features of the information state (the observation of
``whist_v0.env(observation="infostate")``, the same array ``policy:`` players see at
a table): the agent's hand, the cards already in the current trick, the suit led,
the trump suit and its place in the trick; a card's logit is that feature vector
times the card's column of weights, and the legal cards share a softmax.  It is
trained by REINFORCE on ``whist_v0.vector_env``: the agent's side (``player_0`` and
``player_2``) plays the policy and the adversaries random legal cards, at many tables
at once, every table ending its hand on the same step; the return of each card is
its side's tricks minus the adversaries' (``tricks_zero_sum``), less the batch mean.

Then the trained function sits at a table as ``policy:__main__:act`` and plays
``cavendish ladder``'s duplicate matches against ``random`` (and ``classical``).

    .venv/bin/python examples/env_train_numpy_policy.py --iterations 150 --boards 100
    # keep the weights, and ladder them from the command line later:
    .venv/bin/python examples/env_train_numpy_policy.py --out policy.npz
    NUMPY_POLICY=policy.npz PYTHONPATH=examples .venv/bin/cavendish ladder \\
        policy:env_train_numpy_policy:act random classical
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

from cavendish.env import whist_v0
from cavendish.match.ladder import interval_text, run_ladder
from cavendish.players.policy import INFOSTATE_FIELDS

FEATURES = 52 + 52 + 4 + 4 + 4 + 1
WEIGHTS: np.ndarray | None = None
"""The trained weights, (FEATURES, 52); loaded from $NUMPY_POLICY when not trained here."""


def features(obs: np.ndarray) -> np.ndarray:
    """(n, FEATURES) from (n, infostate) arrays: hand, cards in the current trick, suit
    led, trumps, place in the trick, and a constant."""
    n = obs.shape[0]
    at, _ = INFOSTATE_FIELDS["hand"]
    hand = obs[:, at : at + 52]
    at, length = INFOSTATE_FIELDS["plays"]
    plays = obs[:, at : at + length].reshape(n, 52, 56)[:, :, :52]
    count = plays.sum(axis=(1, 2))
    place = count % 4
    rows = np.arange(52)[None, :]
    in_trick = (rows >= (count - place)[:, None]) & (rows < count[:, None])
    trick = (plays * in_trick[:, :, None]).sum(axis=1)
    led = np.zeros((n, 4))
    leading = place > 0
    first = plays[np.arange(n), np.maximum(count - place, 0)]  # the card led, if any
    led[leading] = first[leading].reshape(-1, 4, 13).sum(axis=2)
    at, _ = INFOSTATE_FIELDS["trump"]
    trump = obs[:, at : at + 4]
    where = np.eye(4)[place]
    return np.hstack([hand, trick, led, trump, where, np.ones((n, 1))]).astype(np.float32)


def probabilities(weights: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The policy's distribution over the legal cards, (n, 52)."""
    logits = features(obs) @ weights
    logits = np.where(mask > 0, logits, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    return p


def act(obs: np.ndarray, mask: np.ndarray) -> int:
    """The policy at a table (``policy:...:act``): its most likely legal card."""
    global WEIGHTS
    if WEIGHTS is None:
        WEIGHTS = np.load(os.environ["NUMPY_POLICY"])["weights"]
    return int(probabilities(WEIGHTS, obs[None, :], mask[None, :])[0].argmax())


def train(iterations: int, tables: int, seed: int, rate: float = 0.2) -> np.ndarray:
    """REINFORCE against random adversaries; the weights."""
    rng = np.random.default_rng(seed)
    weights = np.zeros((FEATURES, 52), np.float32)
    env = whist_v0.vector_env(tables, observation="infostate", reward="tricks_zero_sum")
    obs, info = env.reset(seed=seed)
    for it in range(iterations):
        xs, grads, owners = [], [], []
        returns = np.zeros(tables)
        for _ in range(52):
            ours = info["agent"] % 2 == 0
            mask = obs["action_mask"]
            keys = rng.random(mask.shape) * mask  # random legal cards for the adversaries
            actions = keys.argmax(axis=1)
            if ours.any():
                p = probabilities(weights, obs["observation"][ours], mask[ours])
                chosen = (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)
                actions[ours] = chosen
                xs.append(features(obs["observation"][ours]))
                grads.append(np.eye(52, dtype=np.float32)[chosen] - p)
                owners.append(np.flatnonzero(ours))
            obs, rewards, terminated, _, info = env.step(actions)
            returns += rewards[:, 0]
        assert terminated.all()  # every table's hand ends on the same step
        advantage = returns - returns.mean()
        x = np.vstack(xs)
        g = np.vstack(grads) * advantage[np.concatenate(owners)][:, None]
        weights += rate * (x.T @ g) / tables
        if it % 25 == 0 or it == iterations - 1:
            print(f"iteration {it:>4}: side's tricks minus adversaries' {returns.mean():+.2f}")
    return weights


def main() -> None:
    global WEIGHTS
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--tables", type=int, default=128)
    parser.add_argument("--boards", type=int, default=100, help="boards of each ladder match")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.2, help="the learning rate")
    parser.add_argument("--out", default=None, help="save the weights here (.npz)")
    parser.add_argument("--against", nargs="*", default=["random", "classical"])
    args = parser.parse_args()
    start = time.perf_counter()
    WEIGHTS = train(args.iterations, args.tables, args.seed, args.rate)
    print(f"trained on {args.iterations * args.tables} hands in "
          f"{time.perf_counter() - start:.1f} s")
    if args.out:
        np.savez(args.out, weights=WEIGHTS)
    ladder = run_ladder(["policy:__main__:act", *args.against], boards=args.boards,
                        seed=args.seed, dd=False)
    for pair in ladder.pairs:
        print(f"{pair.a} v {pair.b}: {interval_text(pair.tricks)} tricks per deal")


if __name__ == "__main__":
    main()

"""whist_v0.vector_env: n tables stepped at once give what n single environments give,
stepped with the same seeds and the same cards (observations, masks, rewards, resets)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cavendish.env import whist_v0
from cavendish.env.whist import EnvError


@pytest.mark.parametrize(
    ("observation", "reward"),
    [("dict", "tricks"), ("infostate", "tricks_zero_sum")],
)
def test_vector_env_matches_n_single_envs_with_the_same_seeds(observation, reward):
    n, seed = 5, 40
    vec = whist_v0.vector_env(n, observation=observation, reward=reward)
    singles = [
        whist_v0.raw_env(observation=observation, reward=reward, illegal="penalise")
        for _ in range(n)
    ]
    obs, info = vec.reset(seed=seed)
    for i, env in enumerate(singles):
        env.reset(seed=seed + i)
    rng = random.Random(seed)
    ended = 0
    for _ in range(52 * 2 + 7):  # two whole hands and into a third: the auto-reset
        actions = []
        for i, env in enumerate(singles):
            agent = env.agent_selection
            single = env.observe(agent)
            assert info["agent"][i] == whist_v0.AGENTS.index(agent)
            assert np.array_equal(obs["observation"][i], single["observation"]), i
            assert np.array_equal(obs["action_mask"][i], single["action_mask"]), i
            legal = np.flatnonzero(single["action_mask"])
            actions.append(int(rng.choice(legal)) if rng.random() < 0.9 else 0)  # some illegal
        obs, rewards, terminated, truncated, info = vec.step(np.array(actions))
        assert not truncated.any()
        for i, env in enumerate(singles):
            env.step(actions[i])
            expected = [env.rewards.get(a, 0.0) for a in whist_v0.AGENTS]
            assert rewards[i].tolist() == expected, i
            assert bool(terminated[i]) == all(env.terminations.values())
            if terminated[i]:
                ended += 1
                env.reset()
    assert ended == 2 * n


def test_without_auto_reset_a_finished_table_stays_finished():
    vec = whist_v0.vector_env(2, auto_reset=False)
    obs, _ = vec.reset(seed=3)
    for _ in range(52):
        obs, rewards, terminated, _, _ = vec.step(obs["action_mask"].argmax(axis=1))
    assert terminated.all() and not obs["action_mask"].any()
    assert rewards.sum(axis=1).tolist() == [2.0, 2.0]  # two agents a side: 2(t - 6) + 2(13 - t - 6)
    obs, _, terminated, _, _ = vec.step(np.zeros(2, int))
    assert not terminated.any() and not obs["action_mask"].any()


@pytest.mark.parametrize(
    ("options", "message"),
    [({"reward": "points"}, "reward='points'"), ({"variant": "dummy"}, "four-handed")],
)
def test_vector_env_refuses_what_it_does_not_play(options, message):
    with pytest.raises(EnvError, match=message):
        whist_v0.vector_env(2, **options)

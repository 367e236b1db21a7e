"""whist_v0.single_agent_env: one seat against three Cavendish players, a Gymnasium
environment that passes Gymnasium's own checker."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from cavendish.env import whist_v0
from cavendish.env.whist import EnvError


@pytest.mark.parametrize("observation", ["dict", "infostate"])
def test_gymnasium_check_env_passes(observation):
    env = whist_v0.single_agent_env(others="random", observation=observation)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's complaints are warnings
        check_env(env, skip_render_check=True)


def test_an_episode_is_the_agents_thirteen_cards_and_its_reward_its_sides_tricks():
    env = whist_v0.single_agent_env(agent="player_2", others="classical")
    obs, _ = env.reset(seed=5)
    total, cards, terminated = 0.0, 0, False
    while not terminated:
        obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
        total += reward
        cards += 1
        assert not truncated and "illegal" not in info
    state = env.aec.hand_state
    side = env.aec.seat_of("player_2").side
    assert cards == 13 and total == state.tricks_won(side) - 6


def test_an_unmasked_illegal_card_is_replaced_and_costs_the_penalty():
    env = whist_v0.single_agent_env(others="random", illegal_reward=-3)
    obs, _ = env.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(bad)
    assert reward == -3 and info["illegal"] is True and not terminated


def test_others_must_hold_the_three_other_seats():
    with pytest.raises(EnvError, match="a kind for each seat"):
        whist_v0.single_agent_env(others={"player_1": "random"})

"""whist_v0: PettingZoo's own tests; the environment's seats, observation, rewards, options."""

from __future__ import annotations

import dataclasses
import functools
import random
import types
import warnings

import numpy as np
import pytest
from pettingzoo.test import (
    api_test,
    max_cycles_test,
    parallel_api_test,
    seed_test,
    state_test,
)

from cavendish.core.cards import Seat
from cavendish.core.deal import Deal
from cavendish.core.state import HandState
from cavendish.env import whist_v0
from cavendish.env.observation import FIELDS, STATE_FIELDS
from cavendish.env.whist import EnvError

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _random_play(env, seed: int = 0) -> dict[str, int]:
    """Play one episode with random legal cards; how many cards each agent played."""
    rng = random.Random(seed)
    counts: dict[str, int] = {}
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
        counts[agent] = counts.get(agent, 0) + 1
    return counts


MODES = [
    pytest.param(observation, reward, id=f"{observation}-{reward}")
    for observation in ("dict", "infostate")
    for reward in ("tricks", "tricks_zero_sum", "points")
]


@pytest.mark.parametrize(("observation", "reward"), MODES)
def test_pettingzoo_api_test_passes(observation, reward):
    env = whist_v0.env(observation=observation, reward=reward)
    api_test(env, num_cycles=200, verbose_progress=False)


def test_pettingzoo_api_test_passes_with_opponents_a_rubber_and_points():
    env = whist_v0.env(
        episode="rubber", reward="points", opponents={"player_1": "classical"}, variant="long"
    )
    api_test(env, num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize(("observation", "reward"), MODES)
def test_pettingzoo_seed_test_passes(observation, reward):
    seed_test(functools.partial(whist_v0.env, observation=observation, reward=reward), 120)


def test_pettingzoo_seed_test_passes_with_a_search_opponent():
    seed_test(functools.partial(whist_v0.env, opponents={"player_3": "pimc:worlds=4"}), 60)


@pytest.mark.parametrize(("observation", "reward"), MODES)
def test_pettingzoo_max_cycles_test_passes(observation, reward):
    # max_cycles_test samples actions without their masks, so the AEC env it builds
    # must go on after an illegal card: the "penalise" policy, not the default "terminate"
    options = {"observation": observation, "reward": reward}
    module = types.SimpleNamespace(
        env=functools.partial(whist_v0.env, illegal="penalise", **options),
        parallel_env=functools.partial(whist_v0.parallel_env, **options),
    )
    max_cycles_test(module)


@pytest.mark.parametrize(("observation", "reward"), MODES)
def test_pettingzoo_parallel_api_test_passes(observation, reward):
    parallel_api_test(
        whist_v0.parallel_env(observation=observation, reward=reward), num_cycles=200
    )


@pytest.mark.parametrize("episode", ["hand", "rubber"])
def test_pettingzoo_state_test_passes_in_the_aec_and_parallel_env(episode):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PettingZoo's complaints about a state are warnings
        state_test(
            whist_v0.env(illegal="penalise", episode=episode),
            whist_v0.parallel_env(episode=episode),
            num_cycles=60,
        )


def test_state_holds_the_whole_deal_and_every_card_played_in_order():
    env = whist_v0.raw_env(opponents={"player_1": "random"})
    env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(9):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    state = env.state()
    hs = env.hand_state
    agent_seat = [env.seat_of(a) for a in whist_v0.AGENTS]
    at, _ = STATE_FIELDS["hands"]
    for i, seat in enumerate(agent_seat):
        assert _mask(state[at + 52 * i : at + 52 * (i + 1)]) == hs.hand(seat)
    at, _ = STATE_FIELDS["dealt"]
    for i, seat in enumerate(agent_seat):
        assert _mask(state[at + 52 * i : at + 52 * (i + 1)]) == hs.deal.hands[seat]
    at, _ = STATE_FIELDS["plays"]
    plays = [(e.seat, e.card) for e in hs.events if type(e).__name__ == "CardPlayed"]
    assert len(plays) >= 9
    for k, (seat, card) in enumerate(plays):
        row = state[at + 56 * k : at + 56 * (k + 1)]
        assert np.flatnonzero(row[:52]).tolist() == [card]
        assert np.flatnonzero(row[52:]).tolist() == [agent_seat.index(seat)]
    assert not state[at + 56 * len(plays) : at + 56 * 52].any()
    at, _ = STATE_FIELDS["to_play"]
    assert np.flatnonzero(state[at : at + 4]).tolist() == [agent_seat.index(hs.turn)]
    assert env.state_space.contains(state)


def _mask(bits) -> int:
    return sum(1 << int(i) for i in np.flatnonzero(bits))


def test_agents_sit_relative_to_the_dealer_eldest_hand_leads():
    env = whist_v0.raw_env()
    for seed in range(8):
        env.reset(seed=seed)
        dealer = env.hand_state.deal.dealer
        assert env.agent_selection == "player_0"
        assert env.seat_of("player_0") == dealer.left
        assert env.seat_of("player_2") == dealer.left.partner
        assert env.seat_of("player_3") == dealer


def test_observation_is_the_agents_hand_and_the_mask_its_legal_cards():
    env = whist_v0.raw_env()
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        agent = env.agent_selection
        seat = env.seat_of(agent)
        obs = env.observe(agent)
        at, n = FIELDS["hand"]
        hand = sum(1 << i for i in np.flatnonzero(obs["observation"][at : at + n]))
        assert hand == env.hand_state.hand(seat)
        legal = sum(1 << i for i in np.flatnonzero(obs["action_mask"]))
        assert legal == env.hand_state.legal_mask(seat)
        other = next(a for a in whist_v0.AGENTS if a != agent)
        assert not env.observe(other)["action_mask"].any()  # only the seat on turn may play
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_observation_shows_no_hidden_hand_law_91():
    # the dealer's view is the same whatever the eldest hand and his left hold
    env = whist_v0.raw_env()
    env.reset(seed=11)
    before = env.observe("player_3")["observation"].copy()
    state = env.session.state
    hands = list(state.deal.hands)
    a, b = env.seat_of("player_0"), env.seat_of("player_1")
    hands[a], hands[b] = hands[b], hands[a]
    env.session.state = HandState(dataclasses.replace(state.deal, hands=tuple(hands)))
    assert np.array_equal(env.observe("player_3")["observation"], before)
    assert not np.array_equal(env.observe("player_0")["observation"], before)


def test_trump_card_is_seen_until_the_dealer_plays_law_52():
    env = whist_v0.raw_env()
    env.reset(seed=2)
    at, n = FIELDS["trump_card"]
    card = int(env.hand_state.deal.trump_card)
    rng = random.Random(2)
    for i in range(4):
        obs = env.observe("player_1")["observation"]
        assert obs[at + card] == 1 and obs[at : at + n].sum() == 1, i
        agent = env.agent_selection
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
    assert env.observe("player_1")["observation"][at : at + n].sum() == 0


def _episode_rewards(env, seed: int) -> dict[str, float]:
    """Each agent's rewards summed over one episode of random legal cards."""
    env.reset(seed=seed)
    rewards = dict.fromkeys(whist_v0.AGENTS, 0.0)
    rng = random.Random(1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return rewards


def test_tricks_reward_is_each_sides_tricks_over_six():
    env = whist_v0.env()
    rewards = _episode_rewards(env, 21)
    raw = env.unwrapped
    state = raw.hand_state
    for agent, r in rewards.items():
        assert r == state.tricks_won(raw.seat_of(agent).side) - 6
    assert rewards["player_0"] + rewards["player_1"] == 1  # thirteen tricks: 7 - 6 + 6 - 6


def test_points_reward_is_what_the_hand_scored_for_the_side_minus_the_adversaries():
    env = whist_v0.raw_env(reward="points")
    env.reset(seed=4)
    total = dict.fromkeys(whist_v0.AGENTS, 0.0)
    rng = random.Random(4)
    while not all(env.terminations.values()):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
        for a in whist_v0.AGENTS:
            total[a] += env.rewards[a]
    score = env.session.sheet.hands[-1]
    for agent, r in total.items():
        side = env.seat_of(agent).side
        assert r == score.points[side] - score.points[1 - side]


def test_an_episode_of_a_rubber_ends_when_the_rubber_is_won():
    env = whist_v0.env(episode="rubber", max_cycles=None)
    env.reset(seed=8)
    _random_play(env, 8)
    session = env.unwrapped.session
    assert len(session.sheet.rubbers) == 1
    assert len(session.hands) >= 2


def test_cavendish_opponents_play_their_seats_inside_step():
    env = whist_v0.env(opponents={"player_1": "classical", "player_3": "random"})
    assert env.possible_agents == ["player_0", "player_2"]
    env.reset(seed=3)
    counts = _random_play(env, 3)
    assert counts == {"player_0": 13, "player_2": 13}
    assert env.unwrapped.hand_state.is_over


def test_an_illegal_card_ends_the_episode_with_the_penalty():
    env = whist_v0.env(illegal_reward=-5)
    env.reset(seed=1)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -5
    assert sum(env._cumulative_rewards.values()) == -5


def test_an_illegal_card_penalised_is_replaced_by_the_lowest_legal_card():
    env = whist_v0.raw_env(illegal="penalise", illegal_reward=-2)
    env.reset(seed=1)
    agent = env.agent_selection
    legal = env.hand_state.legal_mask(env.seat_of(agent))
    lowest = (legal & -legal).bit_length() - 1
    env.step(int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0]))
    assert env.rewards[agent] == -2 and env.infos[agent]["illegal"] is True
    assert int(env.hand_state.current_trick[0][1]) == lowest
    assert not any(env.terminations.values())


def test_the_raw_env_refuses_an_illegal_card_naming_it():
    env = whist_v0.raw_env()
    env.reset(seed=1)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(EnvError, match=f"{agent}.*is illegal"):
        env.step(bad)
    with pytest.raises(EnvError, match="not a card's index"):
        env.step(52)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "dummy"}, "four-handed"),
        ({"variant": "whisk"}, "52-card games"),  # twelve cards a hand (000)
        ({"variant": "bridge"}, "bridge"),
        ({"episode": "game"}, "episode='game'"),
        ({"reward": "money"}, "reward='money'"),
        ({"opponents": {"player_9": "classical"}}, "player_9"),
        ({"opponents": {"player_1": "oracle"}}, "oracle"),
        ({"opponents": {"player_1": "pimc:worlds=x"}}, "worlds"),
        ({"opponents": dict.fromkeys(whist_v0.AGENTS, "random")}, "no agent"),
        ({"max_cycles": 0}, "max_cycles"),
        ({"illegal": "ignore"}, "illegal='ignore'"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(ValueError, match=message):
        whist_v0.raw_env(**options)


def test_reset_options_choose_the_variant_for_one_episode():
    env = whist_v0.raw_env()
    env.reset(seed=1, options={"variant": "long"})
    assert env.rules.name == "long"
    env.reset(seed=1)
    assert env.rules.name == "short"


def test_render_shows_the_table_as_text():
    env = whist_v0.raw_env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    assert f"dealer {env.hand_state.deal.dealer}" in text
    assert "player_0" in text and "trick 1" in text


def test_tricks_zero_sum_reward_is_the_sides_tricks_minus_the_adversaries():
    env = whist_v0.env(reward="tricks_zero_sum")
    rewards = _episode_rewards(env, 21)
    raw = env.unwrapped
    state = raw.hand_state
    for agent, r in rewards.items():
        side = raw.seat_of(agent).side
        assert r == state.tricks_won(side) - state.tricks_won(1 - side)
    assert sum(rewards.values()) == 0


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_reset_options_play_the_deal_given_dealer_and_trump_card():
    env = whist_v0.raw_env()
    env.reset(seed=1, options={"deal": DEAL, "dealer": "S", "trump_card": "C8"})
    deal = env.hand_state.deal
    assert deal == Deal.from_pbn(DEAL, dealer="S", trump_card="C8")
    assert env.seat_of("player_0") == Seat.W and env.seat_of("player_3") == Seat.S
    env.reset(seed=2, options={"deal": DEAL, "trump_card": "C3"})  # the first seat deals
    assert env.hand_state.deal.dealer == Seat.N
    env.reset(seed=1, options={"dealer": "E"})  # a fresh deal, by the dealer given
    assert env.hand_state.deal.dealer == Seat.E


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deal": DEAL}, "needs trump_card"),
        ({"trump_card": "C3"}, "needs a deal"),
        ({"deal": DEAL, "dealer": "X", "trump_card": "C3"}, "dealer='X'"),
        ({"deal": DEAL, "dealer": "S", "trump_card": "S2"}, "deal="),  # not the dealer's card
        ({"deal": "N:AKQJ", "trump_card": "C3"}, "deal="),
    ],
)
def test_a_bad_deal_option_is_refused_naming_it(options, message):
    env = whist_v0.raw_env()
    with pytest.raises(EnvError, match=message):
        env.reset(seed=1, options=options)

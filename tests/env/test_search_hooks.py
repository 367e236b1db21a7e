"""The hooks a researcher builds PIMC or alpha-mu from, over whist_v0: worlds sampled
consistent with an agent's observation, one solved double dummy, a state copied and
a card undone."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cavendish.analysis.dd import solve_state
from cavendish.env import whist_v0
from cavendish.env.whist import EnvError
from cavendish.players.search.sampling import draw_worlds


def _env_after(cards: int, seed: int):
    env = whist_v0.raw_env()
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(cards):
        env.step(int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]))))
    return env


def test_worlds_sampled_from_an_agents_knowledge_agree_with_its_observation():
    env = _env_after(22, seed=9)  # mid-trick, some suits shown out perhaps
    agent = env.agent_selection
    seat = env.seat_of(agent)
    real = env.hand_state
    worlds = draw_worlds(env.knowledge(agent), random.Random(1), 12, inferences=False)
    assert worlds
    for w in worlds:
        assert w.hands[seat] == real.hand(seat)  # its own hand, as it sees it
        world = env.world(w.hands)
        assert world.view(seat) == real.view(seat)  # the same observation in every world
        for s in range(4):  # nobody holds a card of a suit he has shown out of
            assert all(
                world.hand(s) >> c & 1 == 0 for c in range(52) if env.knowledge(agent).is_void(
                    s, c // 13)
            )


def test_a_world_solves_double_dummy_and_copy_and_undo_restore_it():
    env = _env_after(17, seed=4)
    agent = env.agent_selection
    (w,) = draw_worlds(env.knowledge(agent), random.Random(2), 1, inferences=False)
    world = env.world(w.hands)
    result = solve_state(world)
    assert set(result.tricks) == set(world.legal_cards())
    best = max(result.tricks.values())
    assert 0 <= best <= 13 - world.trick_number
    copy = world.copy()
    before = world.view(world.turn)
    card = world.legal_cards()[0]
    world.play(card)
    world.undo()
    assert world.view(world.turn) == before == copy.view(copy.turn)


def test_a_small_pimc_over_the_env_chooses_a_legal_card():
    env = _env_after(5, seed=2)
    agent = env.agent_selection
    worlds = draw_worlds(env.knowledge(agent), random.Random(3), 4, inferences=False)
    totals: dict[int, float] = {}
    for w in worlds:
        for card, tricks in solve_state(env.world(w.hands)).tricks.items():
            totals[int(card)] = totals.get(int(card), 0.0) + w.weight * tricks
    choice = max(totals, key=totals.__getitem__)
    assert env.observe(agent)["action_mask"][choice] == 1
    env.step(choice)


def test_a_layout_that_cannot_be_this_hand_is_refused():
    env = _env_after(3, seed=1)
    with pytest.raises(EnvError, match="cannot be this hand's"):
        env.world([0, 0, 0, 0])

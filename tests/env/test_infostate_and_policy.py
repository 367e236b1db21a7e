"""The information state (``observation="infostate"``) decoded field by field against the
hand, and a policy seated at a table as a player (``policy_player``, ``policy:`` kinds)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cavendish.core.cards import Seat
from cavendish.core.events import CardPlayed
from cavendish.env import policy_player, whist_v0
from cavendish.match.duplicate import run_match
from cavendish.players import PlayerOptionError, get_player
from cavendish.players.policy import INFOSTATE_FIELDS, INFOSTATE_SIZE, PolicyPlayer

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


def _field(vector, name):
    at, n = INFOSTATE_FIELDS[name]
    return vector[at : at + n]


def _mask(bits) -> int:
    return sum(1 << int(i) for i in np.flatnonzero(bits))


def _one_hot(bits) -> int:
    (i,) = np.flatnonzero(bits)
    return int(i)


def _check_against_the_hand(env, agent: str) -> None:
    """Every field of ``agent``'s information state, decoded, is what the hand says."""
    obs = env.observe(agent)
    vector = obs["observation"]
    assert vector.shape == (INFOSTATE_SIZE,) and vector.dtype == np.int8
    state = env.hand_state
    me = env.seat_of(agent)

    def rel(seat) -> int:
        return (seat - me) & 3

    assert _mask(_field(vector, "hand")) == state.hand(me)
    exposed = _field(vector, "exposed")
    for s in Seat:
        assert _mask(exposed[52 * rel(s) : 52 * rel(s) + 52]) == state.exposed(s)
    assert _one_hot(_field(vector, "trump")) == int(state.trump)
    turned = _field(vector, "trump_card")
    if state.trump_card_on_table:
        assert _one_hot(turned) == int(state.deal.trump_card)
    else:
        assert not turned.any()
    plays = [(e.seat, e.card) for e in state.events if type(e) is CardPlayed]
    rows = _field(vector, "plays").reshape(52, 56)
    for k, (seat, card) in enumerate(plays):
        assert _one_hot(rows[k, :52]) == card and _one_hot(rows[k, 52:]) == rel(seat)
    assert not rows[len(plays) :].any()
    shown = _field(vector, "shown_out").reshape(4, 4)
    for s in Seat:
        for suit in range(4):
            failed = any(
                seat == s and card // 13 != plays[k - k % 4][1] // 13 == suit
                for k, (seat, card) in enumerate(plays)
            )
            assert bool(shown[rel(s), suit]) == failed, (s, suit)
    assert _one_hot(_field(vector, "leader")) == rel(state.leader)
    tricks = _field(vector, "tricks")
    assert _one_hot(tricks[:14]) == state.tricks_won(me.side)
    assert _one_hot(tricks[14:]) == state.tricks_won(1 - me.side)
    score = _field(vector, "score")
    sheet = env.session.sheet.score
    assert _one_hot(score[:11]) == min(sheet[me.side], 10)
    assert _one_hot(score[11:]) == min(sheet[1 - me.side], 10)
    assert _one_hot(_field(vector, "seat")) == (me - state.deal.dealer - 1) & 3
    legal = state.legal_mask(me) if agent == env.agent_selection else 0
    assert _mask(obs["action_mask"]) == legal


def test_every_field_of_the_infostate_decodes_to_what_the_hand_holds():
    env = whist_v0.raw_env(observation="infostate", episode="rubber")
    env.reset(seed=12)
    rng = random.Random(12)
    steps = 0
    while not all(env.terminations.values()) and steps < 80:  # into the second hand
        for agent in whist_v0.AGENTS:
            _check_against_the_hand(env, agent)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert len(env.session.hands) >= 1  # a hand was scored: the score field was exercised


def test_the_offsets_are_contiguous_and_fill_the_vector():
    at = 0
    for name, (offset, length) in INFOSTATE_FIELDS.items():
        assert offset == at, name
        at += length
    assert at == INFOSTATE_SIZE


def _lowest_player_for_the_test():
    """A player written for the test: the lowest legal card by index."""

    class Lowest:
        name = "lowest"

        def choose(self, view):
            legal = view.legal
            return (legal & -legal).bit_length() - 1

    return Lowest()


def test_a_lowest_card_policy_plays_card_for_card_as_a_lowest_card_player():
    policy = run_match("policy:cavendish.players.policy:lowest", "random", boards=4, seed=7)
    import cavendish.players as registry

    registry.register("lowest-for-test", lambda seed, name: _lowest_player_for_the_test())
    try:
        written = run_match("lowest-for-test", "random", boards=4, seed=7)
    finally:
        registry.PLAYERS.pop("lowest-for-test")
    assert [r.plays for r in policy.results] == [r.plays for r in written.results]
    assert all(r.plays[0] for r in policy.results)


def test_policy_player_seats_a_function_and_sees_what_the_env_shows():
    seen: list[np.ndarray] = []

    def act(obs, mask):
        seen.append(obs.copy())
        return int(np.flatnonzero(mask)[-1])

    env = whist_v0.raw_env(observation="infostate", opponents={"player_1": "random"})
    env.reset(seed=4)
    player = policy_player(act)
    # the same information state at the table as in the env, for the seat on turn
    agent = env.agent_selection
    view = env.hand_state.view(env.seat_of(agent))
    player.plays = [(e.seat, e.card) for e in env.hand_state.events if type(e) is CardPlayed]
    card = player.choose(view)
    assert np.array_equal(seen[0], env.observe(agent)["observation"])
    assert card == max(view.legal_cards())


def test_a_policy_answering_an_illegal_card_is_refused_naming_it():
    player = PolicyPlayer(lambda obs, mask: 99, name="bad")
    env = whist_v0.raw_env()
    env.reset(seed=1)
    with pytest.raises(ValueError, match="bad: the policy answered 99"):
        player.choose(env.hand_state.view(env.seat_of(env.agent_selection)))


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("policy", "name its function"),
        ("policy:nomodule_here_x:act", "nomodule_here_x"),
        ("policy:cavendish.players.policy:nothing", "no function 'nothing'"),
        ("policy:cavendish.players.policy", "PACKAGE.MODULE:FUNCTION"),
    ],
)
def test_a_bad_policy_kind_is_refused_naming_it(kind, message):
    with pytest.raises(PlayerOptionError, match=message):
        get_player(kind, 0)


def test_a_policy_kind_sits_in_the_env_as_an_opponent():
    env = whist_v0.env(opponents={"player_1": "policy:cavendish.players.policy:lowest"})
    env.reset(seed=3)
    assert env.possible_agents == ["player_0", "player_2", "player_3"]

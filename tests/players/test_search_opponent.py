"""The search player's model of the other seats: each chooses its card from its own hand.

A card is read by how good it was on average over deals of the cards its player
could not see (:mod:`cavendish.players.search.opponent`), not by whether it was
double-dummy best in the world weighed, which would credit the player with the
other hands.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import knowledge_of, played_state

from cavendish.core import Seat
from cavendish.core.cards import SUIT_MASK
from cavendish.core.table import deal_cards
from cavendish.players.search import World, draw_worlds
from cavendish.players.search.opponent import imagined_positions, redeal_others, voids_before
from cavendish.players.search.strong import SearchPlayer, _position_before


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), seat=st.integers(0, 3),
       voids=st.tuples(*[st.integers(0, 15)] * 4), pin=st.booleans())
def test_redeal_keeps_the_seats_hand_sizes_voids_and_the_trump_card(
    seed: int, seat: int, voids: tuple[int, int, int, int], pin: bool
) -> None:
    rng = random.Random(seed)
    hands = deal_cards(rng, Seat.N).hands
    dealer = (seat + 1) % 4
    turned = hands[dealer] & -hands[dealer]
    fixed = {dealer: turned} if pin else {}
    out = redeal_others(hands, seat, voids, fixed, rng)
    assert out[seat] == hands[seat]
    assert [h.bit_count() for h in out] == [h.bit_count() for h in hands]
    assert out[0] | out[1] | out[2] | out[3] == (1 << 52) - 1
    if pin:
        assert out[dealer] & turned
    if out != hands:  # a deal was found: no seat but the kept one holds a suit it renounced
        for s in range(4):
            if s != seat:
                barred = sum(SUIT_MASK[x] for x in range(4) if voids[s] >> x & 1)
                assert not out[s] & barred & ~fixed.get(s, 0)


def test_an_impossible_redeal_leaves_the_hands_as_they_are() -> None:
    hands = deal_cards(random.Random(3), Seat.N).hands
    # every other seat void in every suit: nowhere to put a card
    assert redeal_others(hands, 0, (0, 15, 15, 15), {}, random.Random(1)) == hands


@pytest.mark.parametrize("seed", [1, 5, 9])
def test_a_card_is_read_by_its_players_hand_alone(seed: int) -> None:
    """Two worlds that give the seat that played a card the same hand but different
    other hands imagine the same deals for it, and so read its card alike."""
    state = played_state(seed, 22)
    me = state.turn
    k = knowledge_of(state, me)
    at = next(i for i in range(len(k.plays) - 1, -1, -1) if k.plays[i].seat not in (me,))
    reader = k.plays[at].seat
    truth = (state.hand(Seat.N), state.hand(Seat.E), state.hand(Seat.S), state.hand(Seat.W))
    # swap one card between the two seats that are neither the reader nor the observer
    a, b = (s for s in Seat if s not in (me, reader))
    ca, cb = truth[a] & -truth[a], truth[b] & -truth[b]
    other = list(truth)
    other[a] = truth[a] & ~ca | cb
    other[b] = truth[b] & ~cb | ca
    p1 = _position_before(k, truth, at)
    p2 = _position_before(k, (other[0], other[1], other[2], other[3]), at)
    assert p1 is not None and p2 is not None and p1.hands != p2.hands
    assert p1.hands[reader] == p2.hands[reader]
    i1 = imagined_positions(p1, k, at, 3, random.Random(7))
    i2 = imagined_positions(p2, k, at, 3, random.Random(7))
    assert i1 == i2
    for pos in i1:
        assert pos.hands[reader] == p1.hands[reader]


def test_voids_before_a_card_are_those_shown_before_it() -> None:
    state = played_state(4, 40)
    k = knowledge_of(state, state.turn)
    for at in (0, 20, len(k.plays)):
        shown = voids_before(k, at)
        for s in Seat:
            for suit in range(4):
                renounced = any(r.seat == s and r.position and r.card // 13 != r.led == suit
                                for r in k.plays[:at])
                assert bool(shown[s] >> suit & 1) == renounced


def test_the_own_model_weights_worlds_and_reproduces() -> None:
    state = played_state(8, 27)
    seat = state.turn
    k = knowledge_of(state, seat)
    worlds = draw_worlds(k, random.Random(2), 10)
    player = SearchPlayer(0, beta=1.0, likelihood_work=1e9, model="own", deals=2)
    view = state.view(seat)
    once = player.weigh_by_play(view, k, worlds, random.Random(5))
    again = player.weigh_by_play(view, k, worlds, random.Random(5))
    assert once == again
    assert all(0.0 < w.weight <= v.weight for w, v in zip(once, worlds, strict=True))
    assert any(w.weight < v.weight for w, v in zip(once, worlds, strict=True))
    assert all(isinstance(w, World) for w in once)


def test_unknown_model_is_refused() -> None:
    with pytest.raises(ValueError, match="model 'psychic'"):
        SearchPlayer(0, model="psychic")
    with pytest.raises(ValueError, match="deals: 0"):
        SearchPlayer(0, deals=0)

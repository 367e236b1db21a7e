"""Sampling the unseen cards: every layout consistent with the facts, each equally
likely, and the conventions read from the play as weights."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from search_helpers import knowledge_of, played_state

from cavendish.core import Card, Deal, HandState, Seat
from cavendish.core.cards import SUIT_MASK
from cavendish.players.inference import Knowledge
from cavendish.players.search import LayoutSpace, SamplingError, World, draw_worlds


def test_every_layout_counted_and_enumerated_respects_the_renounces() -> None:
    # late in a hand with a renounce or two: count, enumeration and the facts agree
    checked_voids = 0
    for seed in range(6):
        state = played_state(seed, 41)
        k = knowledge_of(state, state.turn)
        space = LayoutSpace(k)
        layouts = list(space.layouts())
        assert space.count() == len(layouts) == len(set(layouts))
        for lay in layouts:
            assert k.consistent(lay, inferences=False)
        truth = tuple(state.hand(s) for s in Seat)
        assert truth in layouts
        for s in Seat:
            for suit in range(4):
                if k.is_void(s, suit):
                    checked_voids += 1
                    assert all(not lay[s] & SUIT_MASK[suit] for lay in layouts)
    assert checked_voids > 0


def test_draws_are_uniform_over_the_layouts() -> None:
    state = played_state(2, 40)  # 140 layouts, two of the seats renounced a suit
    k = knowledge_of(state, state.turn)
    space = LayoutSpace(k)
    n = space.count()
    assert 10 <= n <= 400 and any(k.voids(s) for s in Seat)
    draws = 60 * n
    rng = random.Random(7)
    counts = Counter(space.draw(rng) for _ in range(draws))
    assert set(counts) == set(space.layouts())
    expected = draws / n
    chi2 = sum((counts[lay] - expected) ** 2 / expected for lay in space.layouts())
    df = n - 1
    assert chi2 < df + 5 * math.sqrt(2 * df)  # far out in the tail only if biased


def test_law_52_trump_card_turned_up_is_in_the_dealers_hand() -> None:
    deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
                         "T98.T98.QJT9.QJT", trump_card="S2")
    k = Knowledge.from_view(HandState(deal).view(Seat.E))
    rng = random.Random(1)
    two = Card.parse("S2")
    worlds = draw_worlds(k, rng, 30)
    assert sum(w.weight for w in worlds) == 30
    for w in worlds:
        assert w.hands[Seat.N] >> two & 1
        assert w.hands[Seat.E] == deal.hand(Seat.E)
        assert [h.bit_count() for h in w.hands] == [13, 13, 13, 13]


def test_c44_fourth_best_lead_read_as_a_weight_on_the_worlds() -> None:
    # East leads the six of clubs from K965: read as exactly three higher clubs
    deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
                         "T98.T98.QJT9.QJT", trump_card="S2")
    state = HandState(deal)
    state.play(Card.parse("C6"))
    k = knowledge_of(state, Seat.W)
    reading = [i for i in k.inferences if i.seat == Seat.E and i.convention == "C44"]
    assert reading
    uniform = draw_worlds(k, random.Random(5), 3000, inferences=False)
    weighted = draw_worlds(k, random.Random(6), 400, candidates=4000)

    def holds(hands: tuple[int, int, int, int]) -> bool:
        return reading[0].holds(hands[Seat.E], k.played_by(Seat.E))

    def share(worlds: list[World]) -> float:
        return sum(w.weight for w in worlds if holds(w.hands)) / sum(w.weight for w in worlds)

    # the posterior share, by importance weights over uniform draws
    posterior = sum(k.weight(w.hands) * w.weight for w in uniform if holds(w.hands)) / sum(
        k.weight(w.hands) * w.weight for w in uniform
    )
    assert share(uniform) < 0.3 < 0.45 < posterior
    assert share(weighted) == pytest.approx(posterior, abs=0.07)


def test_exact_posterior_when_few_layouts() -> None:
    state = played_state(11, 40)
    k = knowledge_of(state, state.turn)
    worlds = draw_worlds(k, random.Random(0), 4, exact_limit=10_000)
    space = LayoutSpace(k)
    assert {w.hands for w in worlds} <= set(space.layouts())
    for w in worlds:
        assert w.weight == pytest.approx(k.weight(w.hands)) or k.weight(w.hands) == 0.0


def test_impossible_knowledge_is_refused_by_name() -> None:
    deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
                         "T98.T98.QJT9.QJT", trump_card="S2")
    k = Knowledge.from_view(HandState(deal).view(Seat.E))
    k.set_known(Seat.S, deal.hand(Seat.S) | deal.hand(Seat.W) & SUIT_MASK[0])
    with pytest.raises(SamplingError, match="S is known to hold more cards"):
        LayoutSpace(k)
    with pytest.raises(SamplingError, match="at least one world"):
        draw_worlds(Knowledge.from_view(HandState(deal).view(Seat.E)), random.Random(0), 0)

"""The shadow study's cost and plain sampling (issue 33): the cost of a card is the
tricks it loses double dummy on the true layout against the best card there, so its
expectation over the layouts a seat cannot tell apart is the expected tricks of the
best card less the card's own, and the card with the most expected tricks -- plain
sampling's rule over every layout with its weight -- has the least expected cost
(docs/players.md, "What the cost can reward")."""

from __future__ import annotations

import random

import pytest
from search_helpers import dd_played_state, knowledge_of, on_layout, told

from cavendish.bench.shadow import card_costs
from cavendish.players.search import Budget, PIMCPlayer, draw_worlds


@pytest.mark.parametrize(("seed", "cards"), [(4, 40), (11, 40), (13, 36)])
def test_pimc_over_every_layout_plays_the_card_of_least_expected_shadow_cost(
    seed: int, cards: int
) -> None:
    state = dd_played_state(seed, cards)
    seat = state.turn
    k = knowledge_of(state, seat)
    worlds = draw_worlds(k, random.Random(0), 1, exact_limit=10_000)  # every layout
    n = len(worlds)
    assert 4 <= n <= 400
    player = PIMCPlayer(seed, budget=Budget(worlds=n, work=1e9, min_worlds=n, exact=10_000))
    view = told(player, state, seat)
    decision = player.decide(view)
    assert decision.worlds == n
    tricks = dict(decision.ranking)  # the side's expected tricks, every card tried
    cards_tried = list(tricks)
    total = sum(w.weight for w in worlds)
    cost = dict.fromkeys(cards_tried, 0.0)
    for w in worlds:  # the shadow study's cost, had this layout been the true one
        for card, c in zip(cards_tried, card_costs(on_layout(state, w.hands), cards_tried),
                           strict=True):
            cost[card] += w.weight * c / total
    assert max(cost.values()) > min(cost.values())  # a choice that matters
    # expected cost + expected tricks = the best card's expected tricks, for every card
    best_expected = {card: cost[card] + tricks[card] for card in cards_tried}
    assert max(best_expected.values()) - min(best_expected.values()) < 1e-9
    # so the card with the most expected tricks has the least expected cost
    assert cost[decision.card] == pytest.approx(min(cost.values()))


def test_the_least_expected_cost_need_not_be_nought_the_floor_no_player_avoids() -> None:
    # North's card after 40 of seed 11's double-dummy cards: every card loses a trick
    # double dummy on some layout North cannot tell from the others, so even the
    # card with the most expected tricks costs something on average
    state = dd_played_state(11, 40)
    k = knowledge_of(state, state.turn)
    worlds = draw_worlds(k, random.Random(0), 1, exact_limit=10_000)
    legal = state.legal_cards()
    total = sum(w.weight for w in worlds)
    cost = [0.0] * len(legal)
    for w in worlds:
        for i, c in enumerate(card_costs(on_layout(state, w.hands), legal)):
            cost[i] += w.weight * c / total
    assert min(cost) > 0.0

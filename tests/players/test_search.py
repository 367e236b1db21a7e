"""``search``: the stronger search player.  Like ``pimc`` it sees only its views and
the public events; it plays the convention's card when the worlds cannot tell it
from the best (C1: information to partner), and weights the worlds by how good the
cards the others played were in them."""

from __future__ import annotations

import math
import random

import pytest
from search_helpers import dd_played_state, knowledge_of, other_layout, played_state, told

from cavendish.core import Card, HandState, Seat
from cavendish.core.events import CardPlayed
from cavendish.core.table import deal_cards
from cavendish.match.duplicate import run_match
from cavendish.players import PLAYERS, Player
from cavendish.players.classical import ClassicalPlayer
from cavendish.players.search import Budget, SearchPlayer, World, draw_worlds
from cavendish.players.search.strong import STRONG_BUDGET

SMALL = Budget(worlds=8, work=40.0, min_worlds=4)


@pytest.mark.parametrize("seed,cards", [(2, 18), (6, 33)])
def test_law_91_search_sees_only_its_view_same_card_on_another_hidden_layout(
    seed: int, cards: int
) -> None:
    state = played_state(seed, cards)
    seat = state.turn
    other = other_layout(state, seat, seed + 1)
    a = SearchPlayer(seed, budget=SMALL)
    b = SearchPlayer(seed, budget=SMALL)
    assert a.decide(told(a, state, seat)) == b.decide(told(b, other, seat))


@pytest.mark.parametrize("seed", [1, 3, 5, 7])
def test_c1_search_plays_the_conventions_card_unless_the_worlds_rate_it_worse(seed: int) -> None:
    state = played_state(seed, 25 + seed)
    seat = state.turn
    player = SearchPlayer(seed, budget=SMALL, conventions=0.25)
    d = player.decide(told(player, state, seat))
    adviser = ClassicalPlayer("modern", seed)
    advice = adviser.decide(told(adviser, state, seat))
    if d.card != advice.card and d.ranking:
        scores = dict(d.ranking)
        assert scores[advice.card] < scores[d.card] - 0.25
    elif d.card == advice.card and d.ranking:
        best = max(v for _, v in d.ranking)
        assert dict(d.ranking)[d.card] >= best - 0.25


@pytest.mark.parametrize("seed,cards", [(1, 9), (2, 0), (7, 9)])
def test_c1_search_signals_by_default_the_classical_card_among_near_equals(
    seed: int, cards: int
) -> None:
    """Where plain sampling plays the lowest of the cards its worlds rate alike, the
    default ``search`` plays the classical card, rated within 0.1 tricks of the best."""
    state = played_state(seed, cards)
    seat = state.turn
    signalling = SearchPlayer(seed, budget=SMALL)
    plain = SearchPlayer(seed, budget=SMALL, conventions=None)
    d = signalling.decide(told(signalling, state, seat))
    p = plain.decide(told(plain, state, seat))
    adviser = ClassicalPlayer("modern", seed)
    advice = adviser.decide(told(adviser, state, seat))
    assert signalling.conventions == 0.1
    assert d.card == advice.card != p.card and d.notes == (advice.convention,)
    scores = dict(d.ranking)
    assert scores[d.card] >= max(scores.values()) - 0.1


def test_worlds_where_the_cards_played_were_blunders_weigh_less() -> None:
    state = dd_played_state(4, 30)
    seat = state.turn
    k = knowledge_of(state, seat)
    truth = tuple(state.hand(s) for s in Seat)
    worlds = [World(truth, 1.0), *draw_worlds(k, random.Random(2), 12)]
    player = SearchPlayer(0, budget=SMALL, beta=1.0, likelihood_work=1e9, model="dd")
    weighed = player.weigh_by_play(state.view(seat), k, worlds)
    assert weighed[0].weight == 1.0  # every card was best in the true layout
    assert all(w.weight <= v.weight for w, v in zip(weighed, worlds, strict=True))
    factors = [w.weight / v.weight for w, v in zip(weighed, worlds, strict=True)]
    assert min(factors) < 1.0
    for f in factors:  # a product of exp(-beta * tricks lost)
        lost = -math.log(f)
        assert lost == pytest.approx(round(lost))


def test_c5_opening_lead_by_convention_when_the_worlds_allow_it() -> None:
    state = HandState(deal_cards(random.Random(13), Seat.S))
    seat = state.turn
    budget = STRONG_BUDGET.with_(worlds=3, min_worlds=3)
    player = SearchPlayer(1, budget=budget, conventions=13.0)  # any loss allowed
    d = player.decide(told(player, state, seat))
    adviser = ClassicalPlayer("modern", 1)
    advice = adviser.decide(told(adviser, state, seat))
    assert d.card == advice.card and d.worlds == 3 and d.notes == (advice.convention,)


def test_search_records_why_and_forced_cards_need_no_worlds() -> None:
    for cards in range(5, 52):
        state = played_state(12, cards)
        if len(state.legal_cards()) == 1:
            break
    player = SearchPlayer(0, budget=SMALL)
    d = player.decide(told(player, state, state.turn))
    assert d.worlds == 0 and player.explain_last() == d
    assert isinstance(d.card, Card) and not any(
        isinstance(e, CardPlayed) and e.card == d.card for e in state.events)


def test_seeded_search_matches_reproduce(monkeypatch: pytest.MonkeyPatch) -> None:
    def small(seed: int, name: str) -> Player:
        return SearchPlayer(seed, name, budget=Budget(worlds=3, work=3.0, min_worlds=2),
                            likelihood_work=30.0)

    monkeypatch.setitem(PLAYERS, "test-search", small)
    one = run_match("test-search", "random", boards=1, seed=8)
    two = run_match("test-search", "random", boards=1, seed=8)
    assert [(r.deal, r.tricks) for r in one.results] == [(r.deal, r.tricks) for r in two.results]

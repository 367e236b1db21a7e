"""The levers of issue 33 on the search player: worlds weighted by the play seen
(a particle filter, checked against every layout's exact weight), more worlds at a
lead, more worlds where the decision is close."""

from __future__ import annotations

import random

import pytest
from search_helpers import dd_played_state, knowledge_of, played_state, told

from cavendish.players.search import SearchPlayer, draw_worlds
from cavendish.players.search.sampling import LayoutSpace
from cavendish.players.search.strong import STRONG_BUDGET, _merged


@pytest.mark.parametrize(("seed", "cards"), [(2, 41), (4, 40)])
def test_worlds_sampled_and_weighted_by_the_play_match_every_layouts_exact_weight(
    seed: int, cards: int
) -> None:
    state = dd_played_state(seed, cards)
    seat = state.turn
    k = knowledge_of(state, seat)
    view = state.view(seat)
    player = SearchPlayer(seed)
    space = LayoutSpace(k)
    assert 4 <= space.count() <= 400
    # exact: every layout, weighted by the readings and by the play
    exact = player.weigh_by_play(view, k, draw_worlds(k, random.Random(0), 1,
                                                      exact_limit=10_000))
    assert {w.hands for w in exact} <= set(space.layouts())
    total = sum(w.weight for w in exact)
    want = {w.hands: w.weight / total for w in exact}
    assert len(set(round(x, 9) for x in want.values())) > 1  # the play did weigh
    # sampled: layouts drawn from the facts, resampled by the readings, then weighted
    sampled = player.weigh_by_play(view, k, draw_worlds(k, random.Random(1), 4000,
                                                        candidates=16000))
    got: dict[tuple[int, int, int, int], float] = {}
    for w in sampled:
        got[w.hands] = got.get(w.hands, 0.0) + w.weight
    norm = sum(got.values())
    distance = sum(abs(got.get(h, 0.0) / norm - p) for h, p in want.items()) / 2
    assert distance < 0.06


def _told(player: SearchPlayer, seed: int, cards: int) -> tuple[SearchPlayer, object]:
    state = dd_played_state(seed, cards)
    return player, told(player, state, state.turn)


def test_lead_worlds_raise_the_worlds_at_a_lead_only() -> None:
    lead = dd_played_state(2, 8).view(dd_played_state(2, 8).turn)
    follow = dd_played_state(2, 9).view(dd_played_state(2, 9).turn)
    assert not lead.trick and follow.trick
    base, more = SearchPlayer(1), SearchPlayer(1, lead_worlds=96)
    assert more.worlds_wanted(lead) == 96 > base.worlds_wanted(lead) == STRONG_BUDGET.worlds
    assert more.worlds_wanted(follow) == base.worlds_wanted(follow)
    with pytest.raises(ValueError, match="lead_worlds"):
        SearchPlayer(1, lead_worlds=-1)


def test_lead_replies_off_values_a_lead_by_plain_double_dummy_and_keeps_the_replies_after() -> None:
    from cavendish.players.search.budget import Budget

    small = Budget(worlds=8, work=400.0, min_worlds=8)

    def ranking(seed: int, cards: int, **options: object) -> tuple[object, ...]:
        player, view = _told(SearchPlayer(1, budget=small, conventions=None, **options),
                             seed, cards)
        return player.decide(view).ranking  # type: ignore[attr-defined]

    # at a lead: as if there were no replies; the default's replies change the values
    assert ranking(2, 8, lead_replies=False) == ranking(2, 8, replies=0) != ranking(2, 8)
    # at second hand the replies are modelled as before
    assert ranking(3, 21, lead_replies=False) == ranking(3, 21) != ranking(3, 21, replies=0)


def test_merged_samples_weigh_each_world_drawn_alike() -> None:
    from cavendish.players.search import World

    a, b, c = (1, 2, 4, 8), (2, 1, 4, 8), (4, 2, 1, 8)
    merged = {w.hands: w.weight for w in _merged([World(a, 2.0), World(b, 0.5)],
                                                 [World(a, 1.0), World(c, 1.0)])}
    assert merged == {a: 3.0, b: 0.5, c: 1.0}


def test_presets_name_today_search_and_the_fast_one() -> None:
    from cavendish.players import get_player
    from cavendish.players.search.budget import Budget

    v1 = get_player("search:v1", 1)
    assert isinstance(v1, SearchPlayer)
    assert (v1.budget, v1.lead_worlds, v1.close_worlds) == (STRONG_BUDGET, 0, 0)
    fast = get_player("search:fast", 1)
    assert isinstance(fast, SearchPlayer)
    assert fast.budget == Budget(worlds=40, work=2400.0)  # twice plain PIMC's worlds
    # plain PIMC's rule: every world solved, the book's card only among exact equals
    assert (fast.likelihood_work, fast.replies, fast.conventions, fast.adaptive) == (
        0.0, 0, 0.0, 0)
    after = get_player("search:v1:replies=0", 1)  # an option after a preset wins
    assert isinstance(after, SearchPlayer) and after.replies == 0


def test_alphamu_values_the_last_tricks_never_above_plain_sampling() -> None:
    # at three tricks to go the cards are valued by alpha-mu over the same worlds:
    # one card for all worlds at the player's later turns can only lose against a
    # plan per world; earlier in the hand the lever leaves the values alone
    for seed, cards in ((3, 41), (4, 41)):
        state = played_state(seed, cards)
        seat = state.turn
        view = state.view(seat)
        plain = SearchPlayer(seed, conventions=None, replies=0, likelihood_work=0.0)
        fused = SearchPlayer(seed, conventions=None, replies=0, likelihood_work=0.0,
                             alphamu=3, alphamu_worlds=64)
        for p in (plain, fused):
            told(p, state, seat)
        a, b = plain.decide(view), fused.decide(view)
        assert a.worlds == b.worlds > 1
        plain_values, fused_values = dict(a.ranking), dict(b.ranking)
        assert set(plain_values) == set(fused_values)
        assert all(fused_values[c] <= plain_values[c] + 1e-9 for c in plain_values)
        assert b.card in fused_values and fused_values[b.card] == max(fused_values.values())
    with pytest.raises(ValueError, match="alphamu"):
        SearchPlayer(1, alphamu=-1)


def test_readings_off_draws_every_layout_the_facts_allow_alike() -> None:
    # the school's readings of the play weight the layouts; with readings=false the
    # same layouts are drawn, each as likely as the others
    from cavendish.players.search.budget import Budget

    state = dd_played_state(2, 41)
    k = knowledge_of(state, state.turn)
    view = state.view(state.turn)
    every = Budget(exact=10_000)
    read = SearchPlayer(1, budget=every).draw(view, k, random.Random(0), 8)
    plain = SearchPlayer(1, budget=every, readings=False).draw(view, k, random.Random(0), 8)
    assert {w.hands for w in read} == {w.hands for w in plain} == set(LayoutSpace(k).layouts())
    assert len({w.weight for w in read}) > 1
    assert {w.weight for w in plain} == {1.0}

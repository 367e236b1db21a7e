"""``pimc``: plain sampling search.  It sees only its seat's views and the public
events (laws 52, 91), its choices reproduce from its seed, and over the worlds it
solves it plays the card with the most expected double-dummy tricks."""

from __future__ import annotations

import pytest
from search_helpers import knowledge_of, other_layout, played_state, told

from cavendish.analysis import dd
from cavendish.core import Card
from cavendish.core.cards import hand_mask
from cavendish.match.duplicate import run_match
from cavendish.players import PLAYERS, Player, get_player
from cavendish.players.search import Budget, LayoutSpace, PIMCPlayer, equal_groups

SMALL = Budget(worlds=8, work=40.0, min_worlds=4)


@pytest.mark.parametrize("seed,cards", [(1, 21), (4, 30), (8, 37)])
def test_law_91_pimc_sees_only_its_view_same_card_on_another_hidden_layout(
    seed: int, cards: int
) -> None:
    state = played_state(seed, cards)
    seat = state.turn
    other = other_layout(state, seat, seed)
    a = PIMCPlayer(seed, budget=SMALL)
    b = PIMCPlayer(seed, budget=SMALL)
    da = a.decide(told(a, state, seat))
    db = b.decide(told(b, other, seat))
    assert da == db


def test_pimc_same_seed_same_card_whatever_it_played_before() -> None:
    state = played_state(5, 26)
    seat = state.turn
    fresh = PIMCPlayer(3, budget=SMALL)
    used = PIMCPlayer(3, budget=SMALL)
    earlier = played_state(9, 33)  # another hand first
    used.decide(told(used, earlier, earlier.turn))
    assert fresh.decide(told(fresh, state, seat)) == used.decide(told(used, state, seat))


def test_pimc_expected_tricks_are_the_mean_over_every_layout_at_the_end() -> None:
    # two tricks and a half to go: few layouts, all enumerated and solved
    state = played_state(2, 42)
    seat = state.turn
    player = PIMCPlayer(0, budget=Budget(worlds=8, exact=10_000))
    d = player.decide(told(player, state, seat))
    k = knowledge_of(state, seat)
    layouts = list(LayoutSpace(k).layouts())
    weights = [k.weight(lay) for lay in layouts]
    played = [c for _, c in state.current_trick]
    totals: dict[Card, float] = {}
    for lay, w in zip(layouts, weights, strict=True):
        for card, tricks in dd.solve(lay, state.trump, state.leader, played).tricks.items():
            totals[card] = totals.get(card, 0.0) + w * tricks
    won = state.tricks_won(seat.side)
    best = max(totals.values()) / sum(weights)
    assert d.worlds == len([w for w in weights if w > 0])
    assert d.tricks == pytest.approx(won + best)
    assert totals[d.card] / sum(weights) == pytest.approx(best)


def test_pimc_takes_the_only_legal_card_without_search() -> None:
    for cards in range(4, 52):
        state = played_state(12, cards)
        if len(state.legal_cards()) == 1:
            break
    else:
        pytest.fail("no forced card in the hand")
    player = PIMCPlayer(0, budget=SMALL)
    d = player.decide(told(player, state, state.turn))
    assert d.card == state.legal_cards()[0] and d.worlds == 0 and d.tricks is None


def test_equal_cards_in_sequence_count_cards_gone_but_not_cards_on_the_table() -> None:
    hand = hand_mask(["HK", "HJ", "H4"])
    assert equal_groups(hand, hand, hand_mask(["HQ"])) == [
        [Card.parse("H4")], [Card.parse("HJ"), Card.parse("HK")]]
    # the queen on the table is not gone: K and J are not equals
    assert len(equal_groups(hand, hand, 0)) == 3


def test_seeded_pimc_matches_reproduce(monkeypatch: pytest.MonkeyPatch) -> None:
    def small(seed: int, name: str) -> Player:
        return PIMCPlayer(seed, name, budget=Budget(worlds=3, work=3.0, min_worlds=2))

    monkeypatch.setitem(PLAYERS, "test-pimc", small)
    one = run_match("test-pimc", "random", boards=1, seed=21)
    two = run_match("test-pimc", "random", boards=1, seed=21)
    assert [r.tricks for r in one.results] == [r.tricks for r in two.results]
    assert [r.deal for r in one.results] == [r.deal for r in two.results]


def test_pimc_and_search_are_registered() -> None:
    assert isinstance(get_player("pimc", 1), PIMCPlayer)
    assert type(get_player("search", 1)).__name__ == "SearchPlayer"


def test_pimc_time_cap_stops_after_a_batch_of_worlds() -> None:
    state = played_state(6, 22)
    seat = state.turn
    capped = PIMCPlayer(2, budget=Budget(worlds=20, work=1e6, time_ms=1e-6))
    d = capped.decide(told(capped, state, seat))
    assert 1 <= d.worlds <= 4  # one batch, then the cap is seen to be passed
    free = PIMCPlayer(2, budget=Budget(worlds=20, work=1e6))
    assert free.decide(told(free, state, seat)).worlds > 4


def test_budget_spends_fewer_worlds_where_a_world_costs_most() -> None:
    b = Budget(worlds=20, work=800.0, min_worlds=6)
    opening, middle, end = b.worlds_for(13, 0), b.worlds_for(9, 0), b.worlds_for(3, 1)
    assert 6 <= opening < middle == end == 20
    with pytest.raises(ValueError, match="time_ms: 0"):
        Budget(time_ms=0)

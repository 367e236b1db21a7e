"""The sequential budget (``adaptive``): worlds in batches, a stop once the best card is clear.

The rule (:mod:`cavendish.players.search.sequential`) against per-world values
worked by hand, and the search player that uses it: it stops where the rule says,
no earlier and no later, and a seed gives the same decision twice.
"""

from __future__ import annotations

import math

import pytest
from search_helpers import dd_played_state, told

from cavendish.core import Card
from cavendish.core.state import SeatView
from cavendish.players import get_player
from cavendish.players.search import SearchPlayer
from cavendish.players.search.pimc import search_rng
from cavendish.players.search.sequential import clear_choice, paired_margin

A, B, C = Card.parse("SA"), Card.parse("SK"), Card.parse("H2")


def worlds_of(diffs: list[int]) -> list[dict[Card, int]]:
    """Per-world tricks of A and B with A's lead over B as given (B takes 3)."""
    return [{A: 3 + d, B: 3} for d in diffs]


def test_the_paired_margin_is_the_weighted_mean_and_its_standard_error_as_worked_by_hand() -> None:
    # d = 2 in seven worlds, -1 in one: mean 13/8; spread (7 * 0.375^2 + 2.625^2) / 8 = 0.984375;
    # eight equal worlds, so the standard error is sqrt(0.984375 / 7) = 0.375
    mean, se = paired_margin(worlds_of([2] * 7 + [-1]), [1.0] * 8, A, B)
    assert mean == pytest.approx(1.625) and se == pytest.approx(0.375)
    # weights 3 and 1, d = 1 and -1: mean 0.5, spread (3 * 0.25 + 2.25) / 4 = 0.75,
    # effective worlds 16 / 10 = 1.6, standard error sqrt(0.75 / 0.6)
    mean, se = paired_margin(worlds_of([1, -1]), [3.0, 1.0], A, B)
    assert mean == pytest.approx(0.5) and se == pytest.approx(math.sqrt(1.25))
    # one world (or one effective world) has no standard error
    assert paired_margin(worlds_of([1]), [1.0], A, B)[1] == math.inf


def test_the_search_stops_when_every_world_agrees() -> None:
    # A never worse than B, better in one world: no world prefers B
    assert clear_choice(worlds_of([0, 0, 1, 0, 0, 0, 0, 0]), [1.0] * 8, z=2.0)
    # equal cards in every world are no reason to go on
    assert clear_choice(worlds_of([0] * 8), [1.0] * 8, z=2.0)


def test_the_search_stops_when_the_paired_lead_passes_z_standard_errors() -> None:
    diffs = [2] * 7 + [-1]  # mean 1.625, standard error 0.375: 4.33 standard errors
    assert clear_choice(worlds_of(diffs), [1.0] * 8, z=2.0)
    assert clear_choice(worlds_of(diffs), [1.0] * 8, z=4.3)
    assert not clear_choice(worlds_of(diffs), [1.0] * 8, z=4.4)


def test_the_search_goes_on_where_the_worlds_are_split() -> None:
    # A ahead in five worlds, behind in three: mean 0.25, standard error about 0.37
    assert not clear_choice(worlds_of([1, -1, 1, -1, 1, -1, 1, 1]), [1.0] * 8, z=2.0)
    # clear of B (no world prefers it) but not of C, which wins half the worlds
    per_world = [{A: 3, B: 2, C: 4}, {A: 3, B: 3, C: 1}, {A: 4, B: 3, C: 5}, {A: 3, B: 3, C: 2}]
    assert not clear_choice(per_world, [1.0] * 4, z=2.0)
    assert clear_choice([{A: t[A], B: t[B]} for t in per_world], [1.0] * 4, z=2.0)


def test_the_best_card_is_found_by_the_weights() -> None:
    # A leads in a world of weight 1, B in one of weight 9: B is best, by 0.8 on average;
    # spread (1.8^2 + 9 * 0.2^2) / 10 = 0.36, effective worlds 100 / 82, so the
    # standard error is sqrt(0.36 / (100 / 82 - 1)) = sqrt(1.64): 0.625 standard errors
    mean, se = paired_margin(worlds_of([1, -1]), [1.0, 9.0], B, A)
    assert mean == pytest.approx(0.8) and se == pytest.approx(math.sqrt(1.64))
    assert clear_choice(worlds_of([1, -1]), [1.0, 9.0], z=0.6)
    assert not clear_choice(worlds_of([1, -1]), [1.0, 9.0], z=0.7)


POSITIONS = [(7, 40), (9, 44), (11, 27)]
"""(deal seed and player seed, cards played before): positions of ``test_search_v1``."""


def _asked(kind: str, seed: int, cards: int) -> tuple[SearchPlayer, SeatView]:
    state = dd_played_state(seed, cards)
    player = get_player(kind, seed)
    assert isinstance(player, SearchPlayer)
    return player, told(player, state, state.turn)


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
def test_the_adaptive_search_stops_at_the_first_batch_after_which_the_best_card_is_clear(
    seed: int, cards: int
) -> None:
    player, view = _asked("search:v1:adaptive=8", seed, cards)
    k = player.memory.sync(view)
    rng = search_rng(player.method, player.seed, view, k)
    drawn = len(player.draw(view, k, rng, player.worlds_wanted(view)))
    ev = player.search(view, k, search_rng(player.method, player.seed, view, k))
    n = ev.worlds
    assert n % 8 == 0 or n == drawn  # whole batches, or every world drawn
    # no batch before the last left the best card clear ...
    for m in range(8, n, 8):
        assert not clear_choice(ev.per_world[:m], ev.weights[:m], z=player.adaptive_z)
    # ... and the search stopped early only where the last one did
    if n < drawn:
        assert clear_choice(ev.per_world, ev.weights, z=player.adaptive_z)


def test_the_adaptive_search_spends_fewer_worlds_than_search_v1_and_reproduces() -> None:
    spent = []
    for seed, cards in POSITIONS:
        full, view = _asked("search:v1", seed, cards)
        first, _ = _asked("search:v1:adaptive=8", seed, cards)
        again, _ = _asked("search:v1:adaptive=8", seed, cards)
        d_full = full.decide(view)
        d1, d2 = first.decide(view), again.decide(view)
        assert (d1.card, d1.worlds, d1.ranking) == (d2.card, d2.worlds, d2.ranking)
        assert d1.worlds <= d_full.worlds
        spent.append((d1.worlds, d_full.worlds))
    assert any(a < b for a, b in spent), spent

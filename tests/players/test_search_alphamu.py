"""Alpha-mu against the exact value (issue 33, tests): on endings small enough to
enumerate every pure strategy of the searching player (one card for each thing it
may have seen), the best strategy's weighted mean over the worlds, with partner
and adversaries seeing each world, is what alpha-mu finds for every card."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from search_helpers import dd_played_state, played_state

from cavendish.analysis import dd
from cavendish.analysis.position import Position
from cavendish.core import Card, Seat
from cavendish.core.errors import PositionError
from cavendish.core.tricks import trick_winner
from cavendish.players.search.alphamu import AlphaMuTooBig, alphamu_values


class _Need(Exception):
    def __init__(self, key: tuple[int, ...], moves: list[Card]) -> None:
        self.key, self.moves = key, moves


def _value(pos: Position, seat: Seat, history: tuple[int, ...],
           strategy: dict[tuple[int, ...], Card]) -> int:
    """The tricks of ``seat``'s side from ``pos`` in one world, ``seat`` playing by
    ``strategy`` (keyed by the cards played since the start), the others minimax."""
    if pos.tricks_left == 0:
        return 0
    turn = pos.to_play
    legal = pos.legal_cards()
    if turn == seat:
        if history not in strategy:
            raise _Need(history, legal)
        moves = [strategy[history]]
    else:
        moves = legal
    results = []
    for c in moves:
        won = 0
        if len(pos.played) == 3:
            winner = trick_winner((*pos.played, c), pos.leader, pos.trump)
            won = int(winner % 2 == seat % 2)
        results.append(won + _value(pos.play(c), seat, (*history, int(c)), strategy))
    return max(results) if turn % 2 == seat % 2 else min(results)


def _exact(worlds: Sequence[Position], weights: Sequence[float], seat: Seat,
           card: Card) -> tuple[float, int]:
    """The best strategy's weighted mean starting with ``card``, and the strategies tried."""
    total = sum(weights)
    best = -1.0
    tried = 0
    stack: list[dict[tuple[int, ...], Card]] = [{(): card}]
    while stack:
        strategy = stack.pop()
        try:
            got = sum(w * _value(p, seat, (), strategy) for p, w in zip(worlds, weights,
                                                                           strict=True))
        except _Need as need:
            stack.extend(strategy | {need.key: m} for m in need.moves)
            continue
        tried += 1
        assert tried < 20_000, "the ending is too big to enumerate"
        best = max(best, got / total)
    return best, tried


def _worlds(seed: int, cards: int, n: int, *, dd_play: bool = True
            ) -> tuple[list[Position], Seat]:
    """The position after ``cards`` cards of double-dummy (or random) play, and up to
    ``n - 1`` more layouts of the cards its player cannot see (the same hand sizes,
    the trick's cards following suit)."""
    state = dd_played_state(seed, cards) if dd_play else played_state(seed, cards)
    true = Position.from_state(state)
    seat = true.to_play
    others = [s for s in range(4) if s != seat]
    pool = [c for s in others for c in range(52) if true.hands[s] >> c & 1]
    rng = random.Random(seed)
    worlds = [true]
    for _ in range(500):  # some endings have fewer layouts than asked
        if len(worlds) == n:
            break
        rng.shuffle(pool)
        hands = list(true.hands)
        at = 0
        for s in others:
            k = true.hands[s].bit_count()
            hands[s] = sum(1 << c for c in pool[at : at + k])
            at += k
        w = Position((hands[0], hands[1], hands[2], hands[3]), true.trump, true.leader,
                     true.played)
        try:
            w.validate()  # the cards already in the trick followed suit in this layout
        except PositionError:
            continue
        if w not in worlds:
            worlds.append(w)
    return worlds, seat


# (seed, cards played, worlds, double-dummy play): three tricks to go, the player
# at third or fourth hand with a choice now and one at the next trick, small
# enough to enumerate every strategy; the last is an ending where strategy fusion
# bites (each world alone would plan a different card for the next trick)
ENDINGS = [(5, 43, 3, True), (10, 43, 3, True), (11, 43, 3, True), (13, 43, 3, True),
           (24, 43, 3, True), (14, 42, 3, True), (32, 43, 4, False)]


@pytest.mark.parametrize(("seed", "cards", "n", "dd_play"), ENDINGS)
def test_alphamu_is_the_exact_value_of_the_best_strategy_on_small_endings(
    seed: int, cards: int, n: int, dd_play: bool
) -> None:
    worlds, seat = _worlds(seed, cards, n, dd_play=dd_play)
    weights = [1.0, 2.0, 3.0, 1.5][: len(worlds)]
    values = alphamu_values(worlds, weights, seat)
    assert set(values) == set(worlds[0].legal_cards()) and len(values) > 1
    pimc = [dd.solve_position(p).tricks for p in worlds]
    for card, value in values.items():
        exact, tried = _exact(worlds, weights, seat, card)
        assert tried >= 1
        assert value == pytest.approx(exact)
        # each world solved alone may plan a different card at the next turn: never less
        fused = sum(w * t[card] for w, t in zip(weights, pimc, strict=True)) / sum(weights)
        assert value <= fused + 1e-9


def test_alphamu_sees_strategy_fusion_that_plain_sampling_misses() -> None:
    # a card is worth less once the player must play one card for all the worlds it
    # cannot tell apart: a quarter of a trick in this ending (equal weights)
    worlds, seat = _worlds(32, 43, 4, dd_play=False)
    values = alphamu_values(worlds, [1.0] * len(worlds), seat)
    pimc = [dd.solve_position(p).tricks for p in worlds]
    gaps = [sum(t[c] for t in pimc) / len(worlds) - v for c, v in values.items()]
    assert min(gaps) >= -1e-9 and max(gaps) == pytest.approx(0.25)


def test_alphamu_gives_up_past_its_limit() -> None:
    worlds, seat = _worlds(32, 43, 4, dd_play=False)  # its fronts hold two vectors or more
    with pytest.raises(AlphaMuTooBig, match="over the limit of 1"):
        alphamu_values(worlds, [1.0] * len(worlds), seat, limit=1)

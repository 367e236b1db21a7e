"""The pure-Python solver against DDS, and against a brute force with no pruning at all."""

from __future__ import annotations

import random

import pytest

from cavendish.analysis import dd, minimax
from cavendish.analysis.position import Position
from cavendish.core.cards import Card, Seat, Suit
from cavendish.core.deal import parse_pbn_hand
from cavendish.core.state import HandState, trick_winner
from cavendish.core.table import deal_cards

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")


def random_ending(rng: random.Random, max_cards: int = 5) -> Position:
    """A position reached by random legal play: 1..max_cards a hand, often mid-trick."""
    state = HandState(deal_cards(rng, Seat(rng.randrange(4))))
    cards_each = rng.randint(1, max_cards)
    for _ in range(52 - 4 * cards_each + rng.randrange(4)):
        state.play(rng.choice(state.legal_cards()))
    pos = Position.from_state(state)
    pos.validate()
    return pos


def brute_force(pos: Position) -> dict[Card, int]:
    """Plain minimax, every card searched, no table: tricks for the side to play."""

    def ns_tricks(p: Position) -> int:
        if p.tricks_left == 0:
            return 0
        values = []
        for card in p.legal_cards():
            won = 0
            if len(p.played) == 3:
                won = int(trick_winner((*p.played, card), p.leader, p.trump) & 1 == 0)
            values.append(won + ns_tricks(p.play(card)))
        return max(values) if p.to_play & 1 == 0 else min(values)

    out = {}
    for card in pos.legal_cards():
        won = 0
        if len(pos.played) == 3:
            won = int(trick_winner((*pos.played, card), pos.leader, pos.trump) & 1 == 0)
        ns = won + ns_tricks(pos.play(card))
        out[card] = ns if pos.to_play & 1 == 0 else pos.tricks_left - ns
    return out


def test_python_solver_agrees_with_dds_on_random_endings() -> None:
    rng = random.Random(20240601)
    mid_trick = 0
    for _ in range(1000):
        pos = random_ending(rng)
        mine = minimax.score_position(pos)
        theirs = dd._dds_call(pos, -1, 3)
        assert set(mine) == set(pos.legal_cards()), pos
        assert mine == theirs, pos
        mid_trick += bool(pos.played)
    assert mid_trick >= 600  # three positions in four are mid-trick


def test_python_solver_agrees_with_dds_through_the_public_api() -> None:
    rng = random.Random(7)
    positions = [random_ending(rng, 4) for _ in range(60)]
    limit = dd.set_compiled_cards(0)  # DDS itself, not the compiled solver of small ones
    try:
        dds_results = [dd._solve_uncached(p, "endplay") for p in positions]
        _ = [r.line for r in dds_results]
    finally:
        dd.set_compiled_cards(limit)
    py_results = [dd._solve_uncached(p, "python") for p in positions]
    for pos, a, b in zip(positions, dds_results, py_results, strict=True):
        assert a.tricks == b.tricks, pos
        assert a.best == b.best and a.to_play == b.to_play == pos.to_play
        # same scores and the same tie-break: the two engines give the same line
        assert a.line == b.line, pos


def test_equivalent_card_pruning_changes_no_value() -> None:
    """Touching cards (counting cards already played) are searched once: no value changes."""
    rng = random.Random(99)
    for _ in range(150):
        pos = random_ending(rng, 3)
        assert minimax.score_position(pos) == brute_force(pos), pos


def test_python_solver_is_exact_whatever_its_table_already_holds() -> None:
    """One transposition table serves every leader in turn (as in a table or a line)."""
    # A five-card ending where the table, once filled by North's lead, used to hold
    # a wrong bound (an empty search window at a trick's start) and misvalue West's H2.
    hands = [parse_pbn_hand(h) for h in ("A.QJ97..", "K65..9.K", "QJT.83..", "82.2.K6.")]
    solver = minimax.MinimaxSolver(Suit.S)
    for leader in (Seat.N, Seat.W):
        here = Position.make(hands, Suit.S, leader)
        assert solver.score(here) == dd._dds_call(here, -1, 3), here
    rng = random.Random(5)
    for _ in range(60):
        pos = random_ending(rng, 5)
        solver = minimax.MinimaxSolver(pos.trump)
        for leader in (Seat.N, Seat.E, Seat.S, Seat.W):
            here = Position(pos.hands, pos.trump, leader, ())
            if here.tricks_left and not pos.played:
                assert solver.score(here) == dd._dds_call(here, -1, 3), here
        assert solver.score(pos) == dd._dds_call(pos, -1, 3), pos

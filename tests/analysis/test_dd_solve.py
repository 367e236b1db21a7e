"""Double-dummy solving: known endings worked by hand, mid-trick positions, lines, errors, cache."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from cavendish.analysis import dd
from cavendish.analysis.position import DDResult, Position, PositionError
from cavendish.core.cards import Card, Seat, Suit, hand_mask
from cavendish.core.state import HandState
from cavendish.core.table import deal_cards

pytestmark = pytest.mark.skipif(not dd.endplay_available(), reason="DDS (endplay) not importable")


def hands_of(*holdings: str) -> list[int]:
    """Four hands N E S W from space-separated cards."""
    return [hand_mask(h.split()) for h in holdings]


def scores(result: DDResult) -> dict[str, int]:
    return {str(c): t for c, t in result.tricks.items()}


@pytest.fixture(params=["endplay", "dds-only", "python"])
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    # "endplay" solves small positions with the compiled solver; "dds-only" is the
    # same engine with every position given to DDS
    previous = dd.set_engine("endplay" if request.param == "dds-only" else request.param)
    limit = dd.set_compiled_cards(0 if request.param == "dds-only" else dd.COMPILED_CARDS)
    try:
        yield request.param
    finally:
        dd.set_engine(previous)
        dd.set_compiled_cards(limit)


@pytest.fixture
def fresh_cache() -> Iterator[None]:
    size = dd.set_cache_size(dd.CACHE_SIZE)
    dd.cache_clear()
    try:
        yield
    finally:
        dd.set_cache_size(size)
        dd.cache_clear()


def state_after(seed: int, cards: int) -> HandState:
    rng = random.Random(seed)
    state = HandState(deal_cards(rng, Seat(seed & 3)))
    for _ in range(cards):
        state.play(rng.choice(state.legal_cards()))
    return state


# ------------------------------------------------------------ endings by hand
def test_finesse_wins_when_the_king_lies_before_the_tenace(engine: str) -> None:
    # N: SA SQ over W's SK; South leads small: W plays low, N's queen holds, the ace wins
    hands = hands_of("SA SQ", "H2 H3", "S2 S3", "SK S4")
    assert scores(dd.solve(hands, Suit.C, Seat.S)) == {"S2": 2, "S3": 2}
    # North must lead from the tenace himself: the king makes
    assert scores(dd.solve(hands, Suit.C, Seat.N)) == {"SQ": 1, "SA": 1}


def test_finesse_loses_when_the_king_lies_after_the_tenace(engine: str) -> None:
    hands = hands_of("SA SQ", "SK S4", "S2 S3", "H2 H3")
    assert dd.solve(hands, Suit.C, Seat.S).best == 1


def test_simple_squeeze_makes_every_trick(engine: str) -> None:
    # Diamonds are trumps but all are gone.  West guards spades (Q over South's J)
    # and hearts (KQ against North's A3).  South's club ace squeezes him: whatever
    # West lets go, North discards the idle S4 after him and N-S take all three.
    # Any other lead gives West the lead too soon: after SJ (covered) or H2 (North's
    # ace wins, the H3 loses to the king), West wins a trick, cashes his other
    # winner, and South's club ace is thrown away: one trick.
    hands = hands_of("HA H3 S4", "ST S9 S8", "CA SJ H2", "SQ HK HQ")
    result = dd.solve(hands, Suit.D, Seat.S)
    assert scores(result) == {"SJ": 1, "H2": 1, "CA": 3}
    assert result.best == 3 and result.line[0] == Card.parse("CA")


def test_whist_always_has_a_trump_suit(engine: str) -> None:
    # East ruffs North's ace when hearts are trumps; with clubs trumps the ace holds
    hands = hands_of("SA", "H2", "S3", "S4")
    assert dd.solve(hands, Suit.H, Seat.N).tricks == {Card.parse("SA"): 0}
    assert dd.solve(hands, Suit.C, Seat.N).tricks == {Card.parse("SA"): 1}


# ---------------------------------------------------------------- mid-trick
def test_mid_trick_second_hand_scores_from_the_trick_in_progress(engine: str) -> None:
    # West has led SK; North holds AQ: the ace wins this trick, then West ruffs the queen
    hands = hands_of("SA SQ", "S3 S2", "S4 D2", "C2")
    result = dd.solve(hands, Suit.C, Seat.W, ["SK"])
    assert result.to_play == Seat.N
    assert scores(result) == {"SQ": 0, "SA": 1}
    assert [str(c) for c in result.line] == ["SA", "S2", "S4", "SQ", "S3", "D2", "C2"]


def test_mid_trick_the_current_trick_is_counted_for_the_side_to_play(engine: str) -> None:
    # E led SK, S discarded H2, W plays S3 to the last trick: N's ace will win it
    hands = hands_of("SA", "", "", "S3")
    assert dd.solve(hands, Suit.C, Seat.E, ["SK", "H2"]).tricks == {Card.parse("S3"): 0}
    assert dd.solve(hands_of("SA", "", "", ""), Suit.C, Seat.E, ["SK", "H2", "S3"]).tricks == {
        Card.parse("SA"): 1
    }


def test_mid_trick_follower_must_follow_suit(engine: str) -> None:
    # East led a heart: South holds a heart and must play it, not his trump
    hands = hands_of("H9 D4", "H2", "HK C2", "HA D3")
    result = dd.solve(hands, Suit.C, Seat.E, ["HQ"])
    assert result.to_play == Seat.S and set(result.tricks) == {Card.parse("HK")}


def test_solve_state_mid_trick_scores_every_legal_card(engine: str) -> None:
    state = state_after(5, 41)  # ten tricks gone, the eleventh begun
    result = dd.solve_state(state)
    assert result.to_play == state.turn
    assert set(result.tricks) == set(state.legal_cards())
    assert result.best == max(result.tricks.values())


def test_solve_state_on_a_finished_hand_is_refused() -> None:
    state = state_after(3, 52)
    with pytest.raises(PositionError, match="the hand is over"):
        dd.solve_state(state)


# --------------------------------------------------------------------- lines
def replay(state: HandState, result: DDResult) -> int:
    """Play the line out in a copy (each card legal or HandState raises); the side's tricks."""
    side = state.turn.side
    before = state.tricks_won(side)
    copy = state.copy()
    for card in result.line:
        copy.play(card)
    assert copy.is_over
    return copy.tricks_won(side) - before


@pytest.mark.parametrize("cards", [0, 17, 30, 34, 43])
def test_line_is_legal_and_makes_the_stated_tricks(cards: int, fresh_cache: None) -> None:
    for seed in range(3):
        state = state_after(seed * 10 + cards, cards)
        result = dd.solve_state(state)
        assert len(result.line) == 52 - cards
        assert result.line[0] in result.tricks and result.tricks[result.line[0]] == result.best
        assert replay(state, result) == result.best


def test_line_is_optimal_for_both_sides_at_every_card(fresh_cache: None) -> None:
    for seed in (1, 2):
        state = state_after(seed, 34)  # trick 9, second hand to play
        side = state.turn.side
        result = dd.solve_state(state)
        walk = state.copy()
        start = walk.tricks_won(side)
        for card in result.line:
            here = dd.solve_state(walk)
            mine = here.best if walk.turn.side == side else len(
                walk.hand_cards(walk.turn)
            ) - here.best
            assert walk.tricks_won(side) - start + mine == result.best
            assert here.tricks[card] == here.best  # every card of the line is a best card
            walk.play(card)


def test_python_engine_line_replays(engine: str) -> None:
    for seed in range(6):
        state = state_after(seed, 36 + seed % 4)
        result = dd.solve_state(state)
        assert replay(state, result) == result.best


# -------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("hands", "leader", "played", "message"),
    [
        (("SA SK", "H2", "H3", "H4"), "N", "", "unequal hands: N holds 2 cards, E holds 1"),
        (("SA", "H2", "H3", ""), "N", "", "unequal hands"),
        (("SA", "SA", "H3", "H4"), "N", "", "card SA is in two hands: N's and E's"),
        (("S2", "H2", "H3", "H4"), "N", "SA", "unequal hands: N holds 1 card but should hold 0"),
        (("", "H2", "H3", "SA"), "N", "SA", "played card SA (by N) is still in W's hand"),
        (("S3", "S2", "S4 C6", "C5 H5"), "N", "SA HK", "card HK (by E) is illegal: E still holds"),
        (("", "", "", "S5"), "N", "SA SK SQ SJ", "a trick in progress has at most three"),
        (("", "", "", ""), "N", "", "no cards left to play"),
        (("SA", "H2", "H3", "H4"), "X", "", "leader: 'X' is not a seat"),
    ],
)
def test_bad_positions_are_refused_with_what_is_wrong(
    hands: tuple[str, ...], leader: str, played: str, message: str
) -> None:
    with pytest.raises(PositionError) as info:
        dd.solve(hands_of(*hands), Suit.C, leader, played.split())
    assert message in str(info.value)


def test_bad_trump_is_refused() -> None:
    with pytest.raises(PositionError, match="trump: 'X' is not a suit"):
        dd.solve(hands_of("SA", "H2", "H3", "H4"), "X", Seat.N)


def test_position_error_is_a_value_error() -> None:
    assert issubclass(PositionError, ValueError)


# ------------------------------------------------------ cache and solve_many
def test_cache_returns_the_same_result_and_counts_hits(fresh_cache: None) -> None:
    hands = hands_of("SA SQ", "H2 H3", "S2 S3", "SK S4")
    first = dd.solve(hands, Suit.C, Seat.S)
    again = dd.solve(hands, "C", "S")
    assert again is first
    info = dd.cache_info()
    assert (info["hits"], info["misses"], info["size"]) == (1, 1, 1)


def test_cache_is_a_bounded_lru(fresh_cache: None) -> None:
    dd.set_cache_size(3)
    hands = hands_of("SA SQ", "H2 H3", "S2 S3", "SK S4")
    results = {seat: dd.solve(hands, Suit.C, seat) for seat in Seat}  # N E S W: N evicted
    assert dd.cache_info()["size"] == 3
    assert dd.solve(hands, Suit.C, Seat.E) is results[Seat.E]  # E is now the most recent
    dd.solve(hands, Suit.D, Seat.N)  # evicts S, the least recently used
    assert dd.solve(hands, Suit.C, Seat.E) is results[Seat.E]
    assert dd.solve(hands, Suit.C, Seat.S) is not results[Seat.S]
    assert dd.solve(hands, Suit.C, Seat.N) is not results[Seat.N]


def test_cache_disabled_still_solves(fresh_cache: None) -> None:
    dd.set_cache_size(0)
    hands = hands_of("SA SQ", "H2 H3", "S2 S3", "SK S4")
    a = dd.solve(hands, Suit.C, Seat.S)
    b = dd.solve(hands, Suit.C, Seat.S)
    assert a is not b and a == b and dd.cache_info()["size"] == 0


def test_solve_many_matches_single_solves(engine: str, fresh_cache: None) -> None:
    states = [state_after(seed, 36 + seed % 5) for seed in range(12)]
    positions: list[object] = [Position.from_state(s) for s in states[:4]]
    positions += states[4:8]
    positions += [
        (Position.from_state(s).hands, s.trump, s.leader, [c for _, c in s.current_trick])
        for s in states[8:]
    ]
    positions.append(states[0])  # a repeat
    many = dd.solve_many(positions)
    dd.cache_clear()
    single = [dd.solve_state(s, use_cache=False) for s in [*states, states[0]]]
    assert [r.tricks for r in many] == [r.tricks for r in single]
    assert [r.to_play for r in many] == [s.turn for s in [*states, states[0]]]
    assert many[0] is many[-1]


def test_solve_many_refuses_what_is_not_a_position() -> None:
    with pytest.raises(PositionError, match="cannot solve 42"):
        dd.solve_many([42])


# -------------------------------------------------------------------- engines
def test_engine_switch_and_unknown_engine() -> None:
    previous = dd.set_engine("python")
    try:
        assert dd.get_engine() == "python"
        with pytest.raises(dd.EngineUnavailable, match="unknown engine 'dds'"):
            dd.set_engine("dds")
        assert dd.get_engine() == "python"
    finally:
        dd.set_engine(previous)


@pytest.mark.parametrize(
    ("value", "expected"), [("python", "python"), ("endplay", "endplay"), ("", "endplay")]
)
def test_engine_env_var_forces_an_engine(value: str, expected: str) -> None:
    env = {**os.environ, "CAVENDISH_DD_ENGINE": value}
    code = "from cavendish.analysis import dd; print(dd.get_engine())"
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == expected


def test_engine_env_var_with_a_bad_value_says_so() -> None:
    env = {**os.environ, "CAVENDISH_DD_ENGINE": "fast"}
    code = "from cavendish.analysis import dd"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode != 0
    assert "CAVENDISH_DD_ENGINE='fast': expected one of endplay, python" in out.stderr


def test_results_pickle_with_their_line_still_to_come(engine: str, fresh_cache: None) -> None:
    import pickle

    state = state_after(8, 38)
    result = dd.solve_state(state)
    copy = pickle.loads(pickle.dumps(result))
    assert copy.tricks == result.tricks and copy.to_play == result.to_play
    assert copy.line == result.line and replay(state, copy) == result.best

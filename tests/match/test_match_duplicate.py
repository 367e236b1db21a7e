"""Duplicate matches: the same deal in both rooms with the seats swapped, the per-deal
difference, seeds, workers, decision times and errors."""

from __future__ import annotations

import os
import random
import sys

import pytest
from match_helpers import SLOW_MS, HighestPlayer, LowestPlayer

from cavendish.core import HandState, Seat, Side, deal_cards, get_rules
from cavendish.match import (
    MatchError,
    MatchSpec,
    PlayerSpec,
    RayNotInstalled,
    play_board,
    play_room,
    run_match,
)
from cavendish.match.duplicate import board_dealer, deal_seed, table_dummies
from cavendish.players import UnknownPlayer
from cavendish.scoring import HandResult, score_club


def spec(a: str, b: str, variant: str = "short", seed: int = 7) -> MatchSpec:
    return MatchSpec(PlayerSpec.named(a), PlayerSpec.named(b), variant, seed)


def play_by_hand(deal_seed_: int, dealer: Seat, ns_highest: bool) -> HandState:
    """The deal played out directly, highest-card players one side, lowest the other."""
    state = HandState(deal_cards(random.Random(deal_seed_), dealer))
    highest, lowest = HighestPlayer(0), LowestPlayer(0)
    while not state.is_over:
        seat = state.turn
        on_ns = seat.side == Side.NS
        player = highest if on_ns == ns_highest else lowest
        state.play(player.choose(state.view(seat)))
    return state


def test_duplicate_same_deal_in_both_rooms_with_the_teams_swapped(test_players):
    s = spec("test-highest", "random")
    one, _ = play_room(s, 5, 1)
    two, _ = play_room(s, 5, 2)
    assert one.state.deal == two.state.deal
    assert one.dealer == two.dealer == board_dealer(5)
    assert [n.split()[0] for n in one.players] == ["A", "B", "A", "B"]
    assert [n.split()[0] for n in two.players] == ["B", "A", "B", "A"]
    other, _ = play_room(s, 6, 1)
    assert other.state.deal != one.state.deal


def test_duplicate_per_deal_difference_against_an_independent_replay(test_players):
    s = spec("test-highest", "test-lowest", seed=11)
    rules = get_rules("short")
    for board in range(6):
        seed, dealer = deal_seed(11, board), board_dealer(board)
        room1 = play_by_hand(seed, dealer, ns_highest=True)  # A (highest) sits N-S
        room2 = play_by_hand(seed, dealer, ns_highest=False)  # A sits E-W
        a1, a2 = room1.tricks_won(Side.NS), room2.tricks_won(Side.EW)
        # d_i = ((a1 - b1) + (a2 - b2)) / 2 with b = 13 - a
        expected = ((a1 - (13 - a1)) + (a2 - (13 - a2))) / 2
        p1 = score_club(rules, (0, 0), HandResult.from_state(room1)).points
        p2 = score_club(rules, (0, 0), HandResult.from_state(room2)).points
        expected_points = ((p1[Side.NS] - p1[Side.EW]) + (p2[Side.EW] - p2[Side.NS])) / 2
        result = play_board(s, board)
        assert result.tricks == (a1, a2)
        assert result.tricks_diff == expected
        assert result.points_diff == expected_points


def test_duplicate_player_against_itself_scores_nought_on_every_board():
    # the same deal, the same seat's seed in both rooms: the play is the same
    match = run_match("random", "random", boards=12, seed=3)
    assert [r.tricks_diff for r in match.results] == [0.0] * 12
    assert match.tricks.bounds == [0.0, 0.0]
    assert match.to_json()["points_per_deal"] == 0.0


def test_duplicate_tricks_per_deal_is_the_mean_of_the_board_differences(test_players):
    match = run_match("test-highest", "random", boards=15, seed=4)
    diffs = [r.tricks_diff for r in match.results]
    data = match.to_json()
    assert data["tricks_per_deal"] == round(sum(diffs) / len(diffs), 4)
    assert data["boards"] == 15 and len(diffs) == 15
    low, high = data["ci95"]
    assert low < data["tricks_per_deal"] < high
    assert all(-13 <= d <= 13 for d in diffs)


def test_duplicate_seeded_match_reproduces_exactly_with_one_or_two_workers(test_players):
    alone = run_match("test-highest", "random", boards=10, seed=21, workers=1)
    again = run_match("test-highest", "random", boards=10, seed=21, workers=1)
    pooled = run_match("test-highest", "random", boards=10, seed=21, workers=2)
    fingerprint = [(r.board, r.deal, r.tricks, r.points) for r in alone.results]
    assert fingerprint == [(r.board, r.deal, r.tricks, r.points) for r in again.results]
    assert fingerprint == [(r.board, r.deal, r.tricks, r.points) for r in pooled.results]
    strip = {"decision_ms"}
    assert {k: v for k, v in alone.to_json().items() if k not in strip} == {
        k: v for k, v in pooled.to_json().items() if k not in strip
    }
    other = run_match("test-highest", "random", boards=10, seed=22, workers=1)
    assert [r.deal for r in other.results] != [r.deal for r in alone.results]


def test_a_match_plays_its_last_boards_itself_while_its_workers_are_forked_ahead(
        monkeypatch, tmp_path):
    # cavendish match -w 2: while the fork server imports and forks the workers, the
    # command's process plays the last boards one at a time (issue 32); the match is the
    # same, every board once, in the journal and the progress alike
    from cavendish.match import duplicate, parallel
    from cavendish.match.journal import MatchHeader, load

    alone = run_match("classical", "random", boards=9, seed=5, workers=1)
    seen: list[int] = []  # the boards done, as the progress is told
    monkeypatch.setattr(duplicate, "forking_ahead", lambda: len(seen) < 3)  # up after three
    with parallel.task_timings() as timings:
        helped = run_match("classical", "random", boards=9, seed=5, workers=2,
                           progress=seen.append, journal=tmp_path / "m.jsonl")
    strip = {"decision_ms"}
    assert {k: v for k, v in helped.to_json().items() if k not in strip} == {
        k: v for k, v in alone.to_json().items() if k not in strip}
    assert [r.deal for r in helped.results] == [r.deal for r in alone.results]
    assert seen == list(range(1, 10))
    assert sorted(r.board for r in load(tmp_path / "m.jsonl",
                                        MatchHeader("classical", "random", "short", 5))) == \
        list(range(9))
    # three boards here, one a call, then the pool's call with the six others
    assert [(c.workers, c.tasks) for c in timings.calls] == [(1, 1)] * 3 + [(2, 6)]
    assert [t.worker for t in timings[:3]] == [os.getpid()] * 3


def test_duplicate_progress_reports_every_board_once(test_players):
    seen: list[int] = []
    run_match("test-highest", "test-lowest", boards=5, seed=1, progress=seen.append)
    assert seen == [1, 2, 3, 4, 5]


def test_duplicate_decision_times_are_recorded_per_team(test_players):
    match = run_match("test-slow", "random", boards=2, seed=1)
    slow, quick = match.decision_times("a"), match.decision_times("b")
    # every team plays 26 cards in each of the two rooms of a board
    assert slow.cards == quick.cards == 2 * 52
    assert slow.median >= SLOW_MS and slow.p95 >= slow.median
    assert quick.median < SLOW_MS
    times = match.to_json()["decision_ms"]
    assert set(times) == {"a", "b"} and set(times["a"]) == {"median", "p95", "cards"}


@pytest.mark.parametrize("variant", ["dummy", "double-dummy", "long"])
def test_duplicate_at_dummy_tables_each_team_plays_its_dummys_cards(test_players, variant):
    s = spec("test-highest", "test-lowest", variant)
    one, times = play_room(s, 2, 1)
    assert one.state.dummies == table_dummies(get_rules(variant))
    assert len(times["a"]) == len(times["b"]) == 26
    result = play_board(s, 2)
    assert len(result.times_a) == len(result.times_b) == 52


def test_duplicate_unknown_player_lists_the_registered_players():
    with pytest.raises(UnknownPlayer, match=r"unknown player 'nobody': expected one of .*random"):
        run_match("random", "nobody", boards=2)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [({"boards": 0}, "boards must be at least 1, not 0"), ({"workers": 0}, "workers")],
)
def test_duplicate_refuses_no_boards_or_no_workers(kwargs, words):
    args = {"boards": 2, **kwargs}
    with pytest.raises(MatchError, match=words):
        run_match("random", "random", **args)


def test_duplicate_on_ray_without_ray_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, installed or not
    with pytest.raises(RayNotInstalled, match="pip install ray"):
        run_match("random", "random", boards=2, ray_address="auto")

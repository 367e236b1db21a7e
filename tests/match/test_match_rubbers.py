"""Whole rubbers simulated: the players by seat, the seeds, and Perceval's figures counted."""

from __future__ import annotations

import pytest

from cavendish.core import Seat, Side, get_rules
from cavendish.game import play_rubber
from cavendish.match import RubberError, derive_seed, parse_players, simulate_rubbers
from cavendish.match.rubbers import PlayerSpec, RubberSpec, summarise_rubber
from cavendish.players import UnknownPlayer, get_player


@pytest.mark.parametrize(
    ("text", "variant", "seats"),
    [
        ("random", "short", ("random",) * 4),
        ("test-highest,random", "short", ("test-highest", "random") * 2),
        ("a, b ,c,d", "short", ("a", "b", "c", "d")),
        ("random", "dummy", (None, "random", "random", "random")),
        ("x,y", "double-dummy", (None, None, "x", "y")),
        ("x,y,x,z", "dummy", (None, "y", "x", "z")),
    ],
)
def test_players_option_seats_one_two_or_four_kinds(text, variant, seats):
    assert parse_players(text, get_rules(variant)) == seats


@pytest.mark.parametrize(
    ("text", "variant", "words"),
    [
        ("a,b,c", "short", "not 3"),
        ("a,,b,c", "short", "empty"),
        ("a,b,c,d", "dummy", "N is a dummy played by S"),
    ],
)
def test_players_option_refuses_other_shapes(text, variant, words):
    with pytest.raises(RubberError, match=words):
        parse_players(text, get_rules(variant))


def test_rubbers_figures_are_consistent_counts(test_players):
    stats = simulate_rubbers("test-highest,random", rubbers=25, seed=5)
    data = stats.to_json()
    assert data["rubbers"] == 25 == len(stats.summaries)
    for s in stats.summaries:
        assert len(s.games) in (2, 3)  # law 1: the best of three games
        winners = [g[0] for g in s.games]
        assert winners.count(s.winner) == 2 and winners[-1] == s.winner
        assert s.hands >= len(s.games)
    two, three = data["rubbers_in_two_games"]["count"], data["rubbers_in_three_games"]["count"]
    assert two + three == 25 and 2 * two + 3 * three == data["games"]
    assert 2 <= data["games_per_rubber"] <= 3
    kinds = data["trebles"]["count"] + data["doubles"]["count"] + data["singles"]["count"]
    assert kinds == data["games"]
    assert sum(data["rubbers_won"].values()) == 25
    assert data["points"] == sum(s.points for s in stats.summaries)
    assert data["points_per_rubber"] == round(data["points"] / 25, 4)
    assert 0 <= data["first_game_winners_won_rubber"]["count"] <= 25
    assert 0 <= data["first_deal_won_game"]["count"] <= data["games"]
    # a two-game rubber is always won by the first game's winners
    assert data["first_game_winners_won_rubber"]["count"] >= two
    assert data["players"] == {"N": "test-highest", "E": "random", "S": "test-highest",
                               "W": "random"}


def test_rubbers_points_follow_laws_9_and_10_from_the_game_values():
    stats = simulate_rubbers("random", rubbers=20, seed=8)
    rules = get_rules("short")
    for s in stats.summaries:
        won = sum(v for w, v, _ in s.games if w == s.winner)
        lost = sum(v for w, v, _ in s.games if w != s.winner)
        assert s.points == won + rules.rubber_bonus - lost  # losers' game deducted (law 10)


def test_rubber_summary_is_play_rubber_with_the_derived_seeds():
    spec = RubberSpec((PlayerSpec.named("random"),) * 4, "short", seed=9)
    summary = summarise_rubber(spec, 4)
    players = {s: get_player("random", derive_seed(9, "player", 4, str(s)), f"random {s}")
               for s in Seat}
    direct = play_rubber(players, "short", seed=derive_seed(9, "rubber", 4))
    record = direct.sheet.rubbers[0]
    assert summary.winner == record.winner and summary.points == record.points
    assert [g[:2] for g in summary.games] == [(g.winner, g.value) for g in record.games]
    first_dealers = [direct.hands[g.hands[0]].dealer.side for g in record.games]
    assert [g[2] for g in summary.games] == first_dealers


def test_rubbers_reproduce_with_one_or_two_workers(test_players):
    one = simulate_rubbers("test-lowest,random", rubbers=12, seed=3, workers=1)
    two = simulate_rubbers("test-lowest,random", rubbers=12, seed=3, workers=2)
    assert one.summaries == two.summaries
    assert one.to_json() == two.to_json()
    other = simulate_rubbers("test-lowest,random", rubbers=12, seed=4, workers=1)
    assert other.summaries != one.summaries


def test_rubbers_of_long_whist_are_all_singles():
    stats = simulate_rubbers("random", rubbers=4, seed=1, variant="long")
    assert stats.singles == stats.games and stats.trebles == stats.doubles == 0


def test_rubbers_at_dummy_whist_the_first_deal_is_dummys():
    stats = simulate_rubbers("random", rubbers=6, seed=2, variant="dummy")
    assert stats.players[Seat.N] is None
    # dummy law i: the first deal of each rubber is made in dummy's seat (N)
    assert all(s.first_deal == Side.NS for s in stats.summaries)


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"variant": "clay"}, RubberError, "single games, not rubbers"),
        ({"rubbers": 0}, RubberError, "rubbers must be at least 1"),
        ({"players": "random,nobody"}, UnknownPlayer, "expected one of .*random"),
    ],
)
def test_rubbers_refuse_impossible_settings(kwargs, error, words):
    args = {"players": "random", "rubbers": 2, **kwargs}
    with pytest.raises(error, match=words):
        simulate_rubbers(**args)

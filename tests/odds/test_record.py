"""Perceval's record and Pole's game probabilities: the printed data, and the record's rows.

The consistency checks are those of sources/reference/data.md section 9, run on the figures
as stored in ``cavendish.odds.printed``; the rows are checked on hand-made rubbers
(where every count and interval can be worked out here) and on small seeded runs.
"""

from __future__ import annotations

import math
from fractions import Fraction
from statistics import NormalDist

import pytest

from cavendish.core.cards import Side
from cavendish.match.rubbers import RubberStats, RubberSummary, simulate_rubbers
from cavendish.odds import record as record_module
from cavendish.odds.printed import figure, figures
from cavendish.odds.record import (
    RECORD_KEYS,
    OddsRecordError,
    agrees,
    default_players,
    record_rows,
    simulate_record,
)
from cavendish.players import UnknownPlayer

NS, EW = Side.NS, Side.EW


def n(key: str) -> int:
    """A count of Perceval's record as stored."""
    number = figure("perceval", key).number
    assert number.denominator == 1
    return int(number)


# ------------------------------------------------------------------ Perceval's data
def test_perceval_games_are_two_per_rubber_won_in_two_and_three_per_rubber_needing_three():
    assert n("rubbers-in-two") + n("rubbers-in-three") == n("rubbers")
    assert 2 * n("rubbers-in-two") + 3 * n("rubbers-in-three") == n("games")
    assert figure("perceval", "rubbers-in-two").scale == n("rubbers")


def test_perceval_trebles_doubles_and_singles_add_up_to_the_games():
    kinds = [figure("perceval", k) for k in ("trebles", "doubles", "singles")]
    assert sum(int(f.number) for f in kinds) == n("games")
    assert {f.scale for f in kinds} == {n("games")}
    assert sum(f.probability for f in kinds) == 1


def test_perceval_first_game_winners_won_about_three_to_one_not_five_to_two():
    won, lost = n("first-game-winners-won"), n("first-game-winners-lost")
    assert won + lost == n("rubbers")
    odds = Fraction(won, lost)
    three, common = (
        figure("perceval", "first-game-odds"),
        figure("perceval", "first-game-common-odds"),
    )
    assert abs(odds - three.number) <= three.unit  # 3.08 to 1 "supports three to one"
    assert abs(odds - common.number) > common.unit  # 5 to 2 is "not long enough"


def test_perceval_cuts_and_first_deals_of_games_add_up_with_the_printed_differences():
    won, lost = n("cut-won-by-sp"), n("cut-lost-by-sp")
    assert won + lost == n("rubbers") and lost - won == 132
    assert round(Fraction(lost - won, n("rubbers")) * 100, 3) == Fraction(825, 1000)
    to_sp, to_them = n("first-deal-of-game-to-sp"), n("first-deal-of-game-to-adversaries")
    assert to_sp + to_them == n("games") and to_them - to_sp == 888


def test_law_8_to_10_net_points_have_the_parity_of_the_game_values_so_86687_is_flagged():
    # Net points of a rubber: 2 + the winners' game values - the losers' (laws 8-10),
    # of the same parity as all its game values; checked on simulated rubbers.
    stats = simulate_rubbers("random", rubbers=12, seed=7)
    for s in stats.summaries:
        assert (s.points - sum(value for _, value, _ in s.games)) % 2 == 0
    values = 3 * n("trebles") + 2 * n("doubles") + n("singles") + 2 * n("rubbers")
    total, average = figure("perceval", "points"), figure("perceval", "points-per-rubber")
    assert values % 2 == 0 and int(total.number) % 2 == 1  # so the printed total is wrong
    per = total.number / n("rubbers")
    assert abs(per - average.number) < Fraction(1, 100)  # close to the average...
    assert abs(per - average.number) > average.unit / 2  # ...but not it, as printed
    assert "5.418" in total.note and "5.418" in average.note


def test_pole_game_probabilities_complement_and_give_the_printed_advantages():
    p = {f.key: f.probability for f in figures("pole-game")}
    assert p["with-deal-and-skill"] + p["against-deal-and-skill"] == 1
    assert p["with-deal-against-skill"] + p["with-skill-against-deal"] == 1
    assert p["ignoring-deal-and-skill"] == Fraction(1, 2)
    deal, skill = figure("pole-game", "deal-advantage"), figure("pole-game", "skill-advantage")
    even = p["with-deal-skill-even"]
    assert abs(even / (1 - even) - deal.number) <= deal.unit  # 1.096 "about 11 to 10"
    with_skill = p["with-skill-ignoring-deal"]
    assert abs(with_skill / (1 - with_skill) - skill.number) <= skill.unit  # 1.045, 21 to 20


def test_perceval_figures_quote_the_source_with_its_place():
    for f in figures("perceval") + figures("pole-game"):
        assert f.source.startswith("[001]@22") and f.text
    assert "19,543" in figure("perceval", "first-deal-of-game-to-sp").text


# ------------------------------------------------------------------ the rows
def wilson(k: int, m: int) -> tuple[float, float]:
    """Wilson's 95% score interval, written out here from its definition."""
    z = NormalDist().inv_cdf(0.975)
    p = k / m
    centre = (p + z * z / (2 * m)) / (1 + z * z / m)
    half = z / (1 + z * z / m) * math.sqrt(p * (1 - p) / m + z * z / (4 * m * m))
    return max(0.0, centre - half), min(1.0, centre + half)


def hand_made() -> RubberStats:
    """Five rubbers, each game (winners, value, side with its first deal)."""
    rubbers = [
        (NS, [(NS, 3, NS), (NS, 3, EW)]),
        (NS, [(NS, 3, NS), (NS, 2, NS)]),
        (EW, [(EW, 1, EW), (EW, 3, NS)]),
        (NS, [(EW, 2, NS), (NS, 3, EW), (NS, 1, NS)]),
        (EW, [(EW, 3, EW), (NS, 1, NS), (EW, 2, EW)]),
    ]
    summaries = []
    for i, (winner, games) in enumerate(rubbers):
        won = sum(v for w, v, _ in games if w == winner)
        lost = sum(v for w, v, _ in games if w != winner)
        summaries.append(RubberSummary(i, winner, 2 + won - lost, tuple(games), 4 * len(games)))
    return RubberStats(("random",) * 4, "short", 0, tuple(summaries))


def test_record_rows_of_hand_made_rubbers_count_as_perceval_counted():
    rows = {r.key: r for r in record_rows(hand_made())}
    assert tuple(rows) == RECORD_KEYS
    expected = {  # (count, of), counted by hand from hand_made()
        "rubbers-won-in-two": (3, 5),
        "first-game-winners-won-rubber": (4, 5),
        "trebles": (6, 12),
        "doubles": (3, 12),
        "singles": (3, 12),
        "game-won-with-deal": (8, 12),
        "game-won-without-deal": (4, 12),
        "first-deal-of-rubber-ns": (3, 5),
        "first-deal-of-game-ns": (7, 12),
    }
    for key, (k, m) in expected.items():
        row = rows[key]
        assert (row.count, row.of, row.interval) == (k, m, "wilson")
        assert row.simulated == k / m
        assert row.ci95 == pytest.approx(wilson(k, m), abs=1e-9)
        assert row.agrees == (row.ci95[0] <= row.printed <= row.ci95[1])
    points = rows["points-per-rubber"]
    values = [8, 7, 6, 4, 6]  # 2 + 6, 2 + 5, 2 + 4, 2 + 4 - 2, 2 + 5 - 1
    mean = sum(values) / 5
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 4)
    half = 2.7764451051977987 * sd / math.sqrt(5)  # t(0.975, 4)
    assert points.simulated == mean and points.interval == "student-t"
    assert points.ci95 == pytest.approx((mean - half, mean + half))
    assert points.agrees is True  # 5.411 in [4.36, 8.04]


def test_record_agreement_is_the_printed_value_inside_the_95_interval():
    rows = {r.key: r for r in record_rows(hand_made())}
    # 4 of 5 first-game winners won: [0.38, 0.96] holds 0.755; 12 games of which 6 were
    # trebles: [0.25, 0.75] holds 0.525; 3 of 5 rubbers in two games holds 0.5016.
    assert rows["first-game-winners-won-rubber"].agrees is True
    assert rows["trebles"].agrees is True
    # A run where every rubber is won in two: Wilson [0.57, 1] for 5 of 5 leaves out 0.5016.
    all_two = RubberStats(
        ("random",) * 4,
        "short",
        0,
        tuple(RubberSummary(i, NS, 8, ((NS, 3, NS), (NS, 3, EW)), 8) for i in range(5)),
    )
    two = {r.key: r for r in record_rows(all_two)}
    assert two["rubbers-won-in-two"].ci95[0] > 0.5016
    assert two["rubbers-won-in-two"].agrees is False
    assert two["points-per-rubber"].ci95 == (8.0, 8.0)
    assert two["points-per-rubber"].agrees is False


def test_record_agrees_is_inclusive_and_undecided_without_an_interval():
    assert agrees(0.5, (0.5, 0.6)) is True and agrees(0.6, (0.5, 0.6)) is True
    assert agrees(0.4999, (0.5, 0.6)) is False and agrees(0.6001, (0.5, 0.6)) is False
    one = RubberStats(("random",) * 4, "short", 0, hand_made().summaries[:1])
    points = {r.key: r for r in record_rows(one)}["points-per-rubber"]
    assert points.ci95 is None and points.agrees is None
    assert points.to_json()["agrees"] is None


def test_record_without_the_deal_is_the_complement_of_pole_with_deal_skill_even():
    rows = {r.key: r for r in record_rows(hand_made())}
    with_deal, without = rows["game-won-with-deal"], rows["game-won-without-deal"]
    assert with_deal.printed == float(figure("pole-game", "with-deal-skill-even").probability)
    assert without.derived and not with_deal.derived
    assert without.printed == pytest.approx(1 - with_deal.printed)
    assert without.simulated == pytest.approx(1 - with_deal.simulated)
    assert rows["points-per-rubber"].also_printed[0][0] == pytest.approx(86687 / 16000)


# ------------------------------------------------------------------ simulated records
def test_record_small_seeded_runs_reproduce_and_the_seed_matters():
    a = simulate_record("random", rubbers=6, seed=3)
    b = simulate_record("random", rubbers=6, seed=3)
    c = simulate_record("random", rubbers=6, seed=4)
    assert a.to_json() == b.to_json()
    assert [s.games for s in a.stats.summaries] != [s.games for s in c.stats.summaries]


def test_record_is_the_same_with_two_workers():
    one = simulate_record("random", rubbers=5, seed=9, workers=1)
    two = simulate_record("random", rubbers=5, seed=9, workers=2)
    assert one.to_json() == two.to_json()


def test_record_json_has_the_issue_keys_and_consistent_rows():
    rec = simulate_record("random", rubbers=8, seed=2)
    data = rec.to_json()
    assert (data["players"], data["rubbers"], data["seed"]) == ("random", 8, 2)
    assert [r["key"] for r in data["rows"]] == list(RECORD_KEYS)
    for r in data["rows"]:
        assert {"key", "printed", "simulated", "ci95", "agrees"} <= set(r)
        low, high = r["ci95"]
        assert low <= r["simulated"] <= high
        assert r["agrees"] == (
            rec.row(r["key"]).ci95[0] <= rec.row(r["key"]).printed <= rec.row(r["key"]).ci95[1]
        )
    first = data["rows"][0]
    assert first["key"] == "rubbers-won-in-two" and first["printed"] == 0.5016
    assert (
        sum(r["count"] for r in data["rows"] if r["key"] in ("trebles", "doubles", "singles"))
        == data["games"]
    )


def test_record_defaults_to_classical_when_registered_and_says_so():
    rec = simulate_record(None, rubbers=1, seed=1)
    assert rec.default and rec.players == default_players() == "classical"
    assert rec.stats.players == ("classical",) * 4
    assert "the default: the classical player is registered" in rec.describe_players()


def test_record_defaults_to_random_when_classical_is_not_registered(monkeypatch):
    monkeypatch.setattr(record_module, "is_registered", lambda kind: False)
    rec = simulate_record(None, rubbers=1, seed=1)
    assert rec.players == "random" and rec.stats.players == ("random",) * 4
    assert "the classical player is not registered" in rec.describe_players()


def test_record_errors_name_the_input():
    with pytest.raises(OddsRecordError, match="--rubbers 0: must be at least 1"):
        simulate_record("random", rubbers=0)
    with pytest.raises(UnknownPlayer, match="unknown player 'oracle'"):
        simulate_record("oracle", rubbers=1)
    with pytest.raises(OddsRecordError, match="give one name"):
        simulate_record("random,random,random", rubbers=1)
    with pytest.raises(KeyError, match="no record row 'aces'"):
        simulate_record("random", rubbers=1).row("aces")

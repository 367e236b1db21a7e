"""The simulated figures: the classical player's leads, the stand-in, and the simulations.

The simulations play with the classical player by default (see
``cavendish.odds.simulate``).  The stand-in, a rule small enough to count, is kept
as a named alternative for the tests of the machinery; its leads are tested against
the conventions they take from ``sources/reference/conventions.md``.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from cavendish.core import Card, HandState, Seat, SeatView, Suit, deal_cards, parse_pbn_hand
from cavendish.odds import combin
from cavendish.odds.simulate import (
    Estimate,
    StandInPlayer,
    classical_lead,
    classical_players,
    simulate_ace_lead,
    simulate_king_second,
    standin_lead_of,
    wilson,
)
from cavendish.odds.tables import build_table
from cavendish.players.classical import ClassicalPlayer


def lead(hand: str, trump: str = "D") -> str:
    return str(standin_lead_of(parse_pbn_hand(hand), Suit.parse(trump)))


# ---------------------------------------------------------------------------- the stand-in lead
@pytest.mark.parametrize(
    ("convention", "hand", "card"),
    [
        ("C31 king from A K", "AK742.Q73.95.J86", "SK"),
        ("C32 king from A K Q", "AKQ74.Q73.95.J86", "SK"),
        ("C33 king from K Q and small", "KQ742.J73.95.J86", "SK"),
        ("C34 king from K Q J x", "KQJ4.J73.952.J86", "SK"),
        ("C34 knave from K Q J x x", "KQJ42.J73.95.J86", "SJ"),
        ("C35 ten from K Q J T", "KQJT2.J73.95.J86", "ST"),
        ("C36 ace from A Q J", "AQJ42.J73.95.J86", "SA"),
        ("C37 ace from ace and four small", "A8642.K73.Q5.J92", "SA"),
        ("C38 lowest from ace and three small", "A864.K73.Q52.J92", "S4"),
        ("C39 queen from Q J T", "QJT42.K73.95.J86", "SQ"),
        ("C40 knave from J T 9", "JT942.K73.95.J86", "SJ"),
        ("C41 ten from K J T", "KJT42.A73.95.J86", "ST"),
        ("C41 nine from K J T 9", "KJT92.A73.95.J86", "S9"),
        ("C41 eight from K J T 9 8", "KJT98.A73.95.J86", "S8"),
        ("C42 lowest otherwise", "Q8642.K73.95.J86", "S2"),
        ("C16 the suit with more honours between equals", "Q864.KJ73.95.J86", "H3"),
        ("C27 highest of a forced short lead", "J86.T73.AKQ9.986", "SJ"),
        ("C28 lowest from an honour and two small", "K86.973.AKQ9.986", "S6"),
    ],
)
def test_standin_lead_follows_the_conventions(convention, hand, card):
    assert lead(hand) == card, convention


@pytest.mark.parametrize(
    ("convention", "hand", "card"),
    [
        ("C48 trumps with five or more: lowest from A and small (C54)", "K7.Q73.A9532.J86", "D2"),
        ("C54 lowest of a commanding sequence", "K7.Q73.AKQ53.J86", "DQ"),
        ("C54 king from A K J", "K7.Q73.AKJ53.J86", "DK"),
        ("C54 Clay: lowest from A K and others", "K7.Q7.AK7532.J86", "D2"),
        ("C54 Clay: with seven, the king", "K7.Q.AK75432.J86", "DK"),
    ],
)
def test_standin_trump_lead_follows_the_conventions(convention, hand, card):
    assert lead(hand, "D") == card, convention


def test_standin_player_plays_whole_hands_legally():
    for seed in range(6):
        state = HandState(deal_cards(random.Random(seed), Seat(seed % 4)))
        players = {s: StandInPlayer(s) for s in Seat}
        while not state.is_over:
            event = state.play(players[state.turn].choose(state.view(state.turn)))
            for p in players.values():
                p.observe(event)
        assert state.tricks_won(0) + state.tricks_won(1) == 13


def test_standin_second_hand_plays_low_from_king_and_a_small_card():
    # C72: the small card from K x when a small card is led (plain suit)
    from cavendish.core import Deal

    deal = Deal.from_pbn(
        "N:A8642.K73.Q5.J92 K3.J84.AT7.K8543 J975.A92.K864.Q7 QT.QT65.J932.AT6",
        dealer="W",
        trump_card="D2",
    )
    state = HandState(deal)
    state.play(Card.parse("S2"))
    view: SeatView = state.view(Seat.E)
    assert StandInPlayer(Seat.E).choose(view) == Card.parse("S3")


# ---------------------------------------------------------------------------- intervals
def test_wilson_interval_brackets_the_estimate_and_narrows_with_samples():
    lo, hi = wilson(30, 100)
    assert lo < 0.3 < hi
    lo2, hi2 = wilson(300, 1000)
    assert lo < lo2 < 0.3 < hi2 < hi
    assert wilson(0, 50)[0] == 0.0 and wilson(50, 50)[1] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0, 0)


# ---------------------------------------------------------------------------- king second
def lowest_spade(view: SeatView) -> Card:
    """A lead rule whose answer can be counted: the lowest spade, else the lowest card."""
    spades = [c for c in view.hand_cards() if c.suit == Suit.S]
    return spades[0] if spades else view.hand_cards()[0]


def exact_lowest_spade_king_second() -> dict[str, Fraction]:
    """Where the ace lies, counted exactly, for the ``lowest_spade`` rule in plain suits.

    Second hand holds K x of spades and 11 other cards; the dealer (fourth hand) the
    turn-up, not a spade.  The other 11 spades (A Q J T and seven small) and 27 other
    cards make up the leader's 13, the third hand's 13 and the dealer's other 12.  The
    deal counts when the leader holds a small spade (his lowest is then small).
    """
    total = with_ace = Fraction(0)
    for honours in range(5):
        for small in range(1, 8):
            w = math.comb(7, small) * math.comb(27, 13 - honours - small)
            total += math.comb(4, honours) * w
            if honours:
                with_ace += math.comb(3, honours - 1) * w
    leader = with_ace / total
    third = (1 - leader) * Fraction(13, 25)
    return {"leader": leader, "third": third, "fourth": 1 - leader - third, "king-wins": 1 - third}


def test_pole_king_second_simulation_matches_an_exact_count_for_a_countable_lead_rule():
    n = 2500
    est = simulate_king_second(False, n, seed=5, lead=lowest_spade)
    exact = exact_lowest_spade_king_second()
    for key, p in exact.items():
        sigma = math.sqrt(float(p) * (1 - float(p)) / n)
        assert abs(est[key].value - float(p)) < 4 * sigma, key


def test_pole_king_second_simulation_is_seeded_and_sums_to_one():
    a = simulate_king_second(True, 200, seed=3)
    assert a == simulate_king_second(True, 200, seed=3)
    assert sum(a[k].successes for k in ("leader", "third", "fourth")) == 200
    assert a["king-wins"].successes == 200 - a["third"].successes


def test_pole_king_second_default_lead_is_the_classical_players_modern_lead():
    seen: list[tuple[int, Card]] = []
    player = ClassicalPlayer("modern", 7)

    def recording(view: SeatView) -> Card:
        player.begin_hand(view)
        card = player.choose(view)
        seen.append((view.hand, card))
        return card

    default = simulate_king_second(False, 120, seed=7)
    assert default == simulate_king_second(False, 120, seed=7, lead=recording)
    assert default == simulate_king_second(False, 120, seed=7, lead=classical_lead("modern", 7))
    # every deal drawn is offered to the classical player; only its small leads of the
    # suit count, so it saw more deals than were counted
    assert len(seen) > 120


@pytest.mark.parametrize(
    ("school", "card", "convention"),
    [("modern", "S4", "C44 American leads: the fourth best"), ("old", "S2", "C42 the lowest")],
)
def test_king_second_leads_follow_the_school_of_the_classical_player(school, card, convention):
    from cavendish.core import Deal

    deal = Deal.from_pbn(
        "N:T8642.K73.Q5.J92 KQ3.J84.AT7.K853 J975.A92.K864.Q7 A.QT65.J932.AT64",
        dealer="W",
        trump_card="D2",
    )
    assert str(classical_lead(school)(HandState(deal).view(Seat.N))) == card, convention


def test_pole_king_second_a_small_trump_lead_denies_the_ace_less_than_a_plain_one():
    # Pole: a small plain card is led from length without the ace (C37 leads the ace from
    # ace and four small), while in trumps the ace is held back (C54), so the ace lies with
    # the leader more often in trumps (400 in 1,000 against 180)
    plain = simulate_king_second(False, 1200, seed=11)["leader"]
    trumps = simulate_king_second(True, 1200, seed=12)["leader"]
    assert plain.ci95[1] < trumps.ci95[0]


def test_pole_king_second_table_has_intervals_and_verdicts():
    t = build_table("king-second", samples=300, seed=2)
    assert [r.key for r in t.rows] == [
        f"{s}:{w}" for s in ("plain", "trumps") for w in ("leader", "third", "fourth", "king-wins")
    ]
    for r in t.rows:
        lo, hi = r.estimate.ci95
        assert r.exact is None and lo <= r.value <= hi
        assert r.comparison.status in ("consistent", "wrong")
        row = r.to_json()
        assert row["exact"] is None and row["ci95"] == [lo, hi] and row["samples"] == 300


# ---------------------------------------------------------------------------- ace and four small
def test_pole_ace_lead_played_out_agrees_with_the_exact_first_round():
    # with the ace led, the stand-in adversaries ruff it whenever they can: the ace wins
    # unless an adversary is void (and, for second hand, holds a trump: a small correction)
    n = 600
    est = simulate_ace_lead("ace", n, seed=9, player=StandInPlayer)["ace-wins-first"]
    p = float(combin.both_adversaries_follow(5, 1))
    assert abs(est.value - p) < 4 * math.sqrt(p * (1 - p) / n) + 0.002


def test_pole_ace_lead_small_first_never_wins_the_first_trick_with_the_ace():
    est = simulate_ace_lead("small", 60, seed=4)
    assert est["ace-wins-first"] == Estimate(0, 60)
    assert 0 < est["makes-a-trick"].successes <= 60


def test_pole_ace_lead_table_states_exact_and_played_rows():
    t = build_table("ace-lead", samples=60, seed=3)
    assert [r.key for r in t.rows] == [
        "ace-first",
        "ace-first:odds",
        "small-first",
        "ace-first:play",
        "small-first:play",
    ]
    assert t.row("ace-first").exact == combin.both_adversaries_follow(5, 1)
    assert t.row("ace-first:odds").comparison.status == "wrong"  # 24 to 1 is not 958 in 1000
    assert t.row("small-first:play").estimate.trials == 60
    assert "classical player (modern school)" in " ".join(t.notes)
    assert t.simulation["player"] == "classical (modern)"


def test_ace_lead_classical_players_are_one_a_seat_and_the_default():
    make = classical_players("old", 5)
    players = [make(s) for s in Seat]
    assert len({id(p) for p in players}) == 4  # one a seat: partners do not share a memory
    assert all(isinstance(p, ClassicalPlayer) and p.school.name == "old" for p in players)
    assert simulate_ace_lead("small", 25, seed=6) == simulate_ace_lead(
        "small", 25, seed=6, player=classical_players("modern", 6)
    )
    with pytest.raises(ValueError, match="unknown school 'bridge'"):
        classical_players("bridge")


def test_odds_table_school_option_reaches_the_classical_player():
    import json

    import typer
    from typer.testing import CliRunner

    from cavendish.cli.odds import register

    app = typer.Typer()
    register(app)
    run = CliRunner().invoke
    args = ["odds", "table", "king-second", "--json", "--samples", "40", "--seed", "2"]
    out = run(app, [*args, "--school", "old"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["simulation"]["lead"] == "classical (old)"
    bad = run(app, [*args, "--school", "bridge"])
    assert bad.exit_code == 2 and "unknown school 'bridge'" in bad.output

"""``ask``: the statement language, what a seat knows, and exact answers.

The exact answers are checked against brute force on small unseen sets: late in a
hand (nine or fewer unseen cards) every way of giving the unseen cards to the other
three seats is tried, each is kept only if the whole deal is a valid deal (the
trump card in the dealer's hand) and the play so far replays legally through
``HandState`` (so no void or trump-card reasoning of ``ask`` is reused), and the
statement is tested on the hands as they stand.
"""

from __future__ import annotations

import importlib
import random
from fractions import Fraction
from itertools import combinations

import pytest

from cavendish.core import Card, Deal, HandState, Seat, cards_of, deal_cards
from cavendish.core.errors import WhistError
from cavendish.odds.ask import (
    And,
    CardAtom,
    CountAtom,
    Knowledge,
    KnowledgeError,
    Not,
    Or,
    StatementError,
    ask,
    parse_statement,
)

HAND = "AK72.QJ4.T9.8765"
# the module (the package exports the function ``ask`` under the same name)
ask_module = importlib.import_module("cavendish.odds.ask")


# ---------------------------------------------------------------------------- brute force
def played_deal(seed: int, n_cards: int) -> tuple[Deal, list[Card]]:
    """A random deal and its first ``n_cards`` cards of random legal play."""
    rng = random.Random(seed)
    deal = deal_cards(rng, Seat(seed % 4))
    state = HandState(deal)
    cards = []
    for _ in range(n_cards):
        card = rng.choice(state.legal_cards())
        state.play(card)
        cards.append(card)
    return deal, cards


def brute_force(deal: Deal, played: list[Card], me: Seat, statement: str) -> Fraction:
    """P(statement) over every layout of the cards ``me`` has not seen that fits the play."""
    st = parse_statement(statement)
    # who played what, by replaying the true deal (only to know how many each has left)
    state = HandState(deal)
    by_seat: dict[Seat, int] = {s: 0 for s in Seat}
    for c in played:
        by_seat[state.turn] |= 1 << c
        state.play(c)
    seen = deal.hands[me] | sum(1 << c for c in played)
    hidden = cards_of(((1 << 52) - 1) & ~seen)
    others = [me.offset(i) for i in (1, 2, 3)]
    need = [13 - by_seat[s].bit_count() for s in others]
    assert sum(need) == len(hidden)
    good = total = 0
    for first in combinations(hidden, need[0]):
        rest = [c for c in hidden if c not in first]
        for second in combinations(rest, need[1]):
            third = [c for c in rest if c not in second]
            now = [0, 0, 0, 0]
            now[me] = deal.hands[me] & ~by_seat[me]
            for seat, part in zip(others, (first, second, third), strict=True):
                now[seat] = sum(1 << c for c in part)
            try:
                full = Deal.from_hands(
                    [now[s] | by_seat[s] for s in Seat], deal.dealer, deal.trump_card
                )
                replay = HandState(full)
                for c in played:
                    replay.play(c)
            except WhistError:
                continue
            total += 1
            good += st.holds(now)
    return Fraction(good, total)


def random_statement(rng: random.Random, me: Seat, deal: Deal) -> str:
    def atom() -> str:
        seat = rng.choice("NESW")
        if rng.random() < 0.4:
            card = rng.choice([*cards_of((1 << 52) - 1 & ~deal.hands[me]), Card.parse("SA")])
            return f"{seat} has the {card}"
        suit = rng.choice("SHDC")
        n = rng.randrange(0, 4)
        return f"{seat} has {rng.choice([f'{n}+', f'{n}-', str(n), 'no'])} {suit}"

    def expr(depth: int) -> str:
        if depth == 0 or rng.random() < 0.3:
            return ("not " if rng.random() < 0.2 else "") + atom()
        join = rng.choice([" and ", " or "])
        return "(" + join.join(expr(depth - 1) for _ in range(rng.randrange(2, 4))) + ")"

    return expr(2)


@pytest.mark.parametrize("seed", range(8))
def test_ask_matches_brute_force_enumeration_late_in_the_hand(seed):
    rng = random.Random(1000 + seed)
    n_cards = rng.choice([38, 40, 41, 42, 44, 45])
    deal, played = played_deal(seed, n_cards)
    me = Seat(rng.randrange(4))
    k = Knowledge.from_play(
        me, deal.hands[me], dealer=deal.dealer, trump_card=deal.trump_card, played=played
    )
    for _ in range(4):
        statement = random_statement(rng, me, deal)
        answer = ask(k, statement)
        assert answer.method == "exact"
        assert answer.exact == brute_force(deal, played, me, statement), statement


def test_ask_matches_brute_force_with_the_trump_card_still_in_the_dealers_hand():
    # find a late position where the dealer has not yet played the turn-up
    for seed in range(200):
        deal, played = played_deal(seed, 40)
        if deal.trump_card not in played:
            break
    else:  # pragma: no cover - the seeds above always contain such a case
        pytest.fail("no position with the trump card unplayed")
    me = deal.dealer.left
    k = Knowledge.from_play(
        me, deal.hands[me], dealer=deal.dealer, trump_card=deal.trump_card, played=played
    )
    assert k.known[deal.dealer] == 1 << deal.trump_card
    for statement in (
        f"{deal.dealer} has the {deal.trump_card}",
        f"{deal.dealer.partner} has 1+ {deal.trump_card.suit}",
        f"{deal.dealer} has 2+ {deal.trump_card.suit} or E has no S",
    ):
        assert ask(k, statement).exact == brute_force(deal, played, me, statement)


def test_monte_carlo_estimate_covers_the_exact_answer(monkeypatch):
    deal, played = played_deal(3, 12)
    me = Seat.N
    k = Knowledge.from_play(
        me, deal.hands[me], dealer=deal.dealer, trump_card=deal.trump_card, played=played
    )
    unseen_hearts = [c for c in cards_of(k.unseen) if c.suit == 1][:3]
    statement = " or ".join(f"E has the {c}" for c in unseen_hearts) + " and W has 3+ D"
    exact = ask(k, statement)
    assert exact.method == "exact"
    monkeypatch.setattr(ask_module, "EXACT_LIMIT", 5)  # exact counting now "out of reach"
    est = ask(k, statement, samples=4000, seed=7)
    assert est.method == "monte-carlo" and est.exact is None and est.ci95 is not None
    p = float(exact.exact)
    sigma = (p * (1 - p) / 4000) ** 0.5
    assert abs(est.probability - p) < 4 * sigma
    assert est.ci95[0] <= est.probability <= est.ci95[1]
    assert ask(k, statement, samples=4000, seed=7) == est  # seeded


def test_monte_carlo_samples_uniformly_over_a_small_unseen_set():
    deal, played = played_deal(11, 42)
    me = Seat.W
    k = Knowledge.from_play(
        me, deal.hands[me], dealer=deal.dealer, trump_card=deal.trump_card, played=played
    )
    statement = f"{me.left} has 1+ S or {me.partner} has 2+ H"
    exact = ask(k, statement, method="exact").exact
    assert exact == brute_force(deal, played, me, statement)
    est = ask(k, statement, method="monte-carlo", samples=3000, seed=1)
    p = float(exact)
    assert abs(est.probability - p) <= 4 * (p * (1 - p) / 3000) ** 0.5 + 1e-12


# ---------------------------------------------------------------------------- what the seat knows
def test_law_52_the_trump_card_is_known_in_the_dealers_hand_until_played():
    k = Knowledge.from_text("N", HAND, dealer="S", trump_card="C3")
    assert ask(k, "S has the C3").exact == 1
    assert ask(k, "S has no C").exact == 0
    assert ask(k, "E has the SQ").exact == Fraction(13, 38)
    # after the first trick (the dealer S followed with another card) it is still his
    k = Knowledge.from_text("N", HAND, dealer="S", trump_card="C3", played="S3 S2 SQ S4")
    assert ask(k, "S has the C3").exact == 1
    # once played, no one has it
    k = Knowledge.from_text("N", HAND, dealer="S", trump_card="C3", played="S3 S2 SQ C3")
    assert ask(k, "S has the C3 or E has the C3 or W has the C3").exact == 0
    assert k.voids[Seat.S] == 1 << 0  # S showed out of spades


def test_a_seat_that_fails_to_follow_is_known_void():
    k = Knowledge.from_text(
        "N", HAND, dealer="W", trump_card="D3", played="HQ H2 C2 H5"
    )  # N leads HQ; S (partner) discards
    assert ask(k, "S has 1+ H").exact == 0
    assert ask(k, "S has no H").exact == 1
    assert ask(k, "E has the HA or W has the HA").exact == 1


def test_the_hand_may_be_given_as_the_cards_still_held():
    full = Knowledge.from_text("N", HAND, dealer="W", trump_card="D3", played="HQ H2 H3 H5")
    rest = Knowledge.from_text(
        "N", "AK72.J4.T9.8765", dealer="W", trump_card="D3", played="HQ H2 H3 H5"
    )
    assert full == rest


def test_counts_refer_to_the_cards_still_held():
    k = Knowledge.from_text("N", HAND, dealer="W", trump_card="D3", played="HQ H2 H3 H5")
    assert ask(k, "N has 2 H").exact == 1  # J and 4 left
    assert ask(k, "N has the HQ").exact == 0


# ---------------------------------------------------------------------------- the language
def test_statement_grammar_and_binds_tighter_than_or():
    st = parse_statement("E has no S or W has no S and N has 4+ S")
    assert isinstance(st.expr, Or)
    assert isinstance(st.expr.parts[1], And)
    st = parse_statement("not (E has 4+ C or W has the HK)")
    assert isinstance(st.expr, Not)
    assert st.atoms == (CountAtom(Seat.E, 3, 4, 13), CardAtom(Seat.W, Card.parse("HK")))
    assert parse_statement("east has 3 diamonds").atoms == (CountAtom(Seat.E, 2, 3, 3),)
    assert parse_statement("W has ♥K").atoms == (CardAtom(Seat.W, Card.parse("HK")),)
    assert parse_statement("S has 2- H").atoms == (CountAtom(Seat.S, 1, 0, 2),)


def test_statements_evaluate_on_hands():
    hands = [0, 0, 0, 0]
    hands[Seat.E] = sum(1 << Card.parse(c) for c in ("C2", "C3", "C4", "C5", "HK"))
    assert parse_statement("E has 4+ C and E has the HK").holds(hands)
    assert not parse_statement("E has 5+ C or W has 1+ H").holds(hands)
    assert parse_statement("W has no S and not E has 3- C").holds(hands)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("E has 14+ C", "'14+': a hand holds from 0 to 13"),
        ("X has the HK", "unknown seat 'X'"),
        ("E hass 4 C", "expected 'has' after the seat 'E', found 'hass'"),
        ("E has 4 X", "unknown suit 'X'"),
        ("E has the Z9", "'Z9' is not a card"),
        ("E has 4+", "needs a suit"),
        ("", "empty"),
        ("E has 4+ C and", "ends too soon"),
        ("(E has no S", "'(' is not closed"),
        ("E has no S)", "')' with no '('"),
        ("E has no S W has no S", "unexpected 'W'"),
        ("E has four C", "expected a count"),
    ],
)
def test_malformed_statements_are_refused_with_a_clear_message(text, words):
    with pytest.raises(StatementError) as err:
        parse_statement(text)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("seat", "hand", "dealer", "trump", "played", "words"),
    [
        ("N", "AK72.QJ4.T9", "S", "C3", "", "expected four suits"),
        ("N", "AK72.QJ4.T9.876", "S", "C3", "", "N's hand has 12 cards"),
        ("N", "AK72.QJ4.T9.8775", "S", "C3", "", "C7 appears twice"),
        ("N", "AK72.QJ4.TX.8765", "S", "C3", "", "'X' is not a rank"),
        ("N", "E:AK72.QJ4.T9.8765", "S", "C3", "", "marked as E's"),
        ("X", HAND, "S", "C3", "", "unknown seat 'X'"),
        ("N", HAND, "S", "C5", "", "the trump card C5 is in N's hand"),
        ("N", HAND, "N", "C3", "", "the trump card C3 is not in N's hand"),
        ("N", HAND, "N", "C5", "SA", "E cannot play SA, which is in N's hand"),
        ("N", HAND, "W", "D3", "HA", "N plays HA, which is not in N's hand"),
        ("N", HAND, "N", "C5", "H2 H3 H5 S2", "N plays S2 but holds H4 and must follow hearts"),
        ("N", HAND, "W", "D3", "HQ H2 S3 H5 H4 H6 H7", "shown out of hearts"),
        ("N", HAND, "W", "D3", "HQ D3", "the trump card, which is the dealer's (W)"),
        ("N", HAND, "W", "D3", "DT D2 D4 S3", "W plays S3 but holds D3 and must follow"),
        ("N", HAND, "W", "D3", "HQ H2 H2", "H2 is played twice"),
        ("N", HAND, "W", "D3", "HQ H2 H3 ZZ", "cannot read card 'ZZ'"),
    ],
)
def test_malformed_knowledge_is_refused_with_a_clear_message(
    seat, hand, dealer, trump, played, words
):
    with pytest.raises(KnowledgeError) as err:
        Knowledge.from_text(seat, hand, dealer=dealer, trump_card=trump, played=played)
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_play_that_leaves_no_layout_is_refused():
    # E shows out of spades, hearts and diamonds, so his last ten cards must be clubs;
    # but N holds ten clubs and E has discarded the other three
    hand = "A.A.A.KQJT987654"
    ok = Knowledge.from_text("N", hand, dealer="W", trump_card="D3", played="SA C2 S2 S3")
    assert ask(ok, "E has no S").exact == 1
    with pytest.raises(KnowledgeError) as err:
        Knowledge.from_text(
            "N", hand, dealer="W", trump_card="D3", played="SA C2 S2 S3 HA C3 H2 H3 DA CA D2 D3"
        )
    assert "no layout of the unseen cards fits the play" in str(err.value)

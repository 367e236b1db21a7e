"""The inference module: what each card tells (sources/reference/conventions.md §14), kept as
constraints and weights over the unseen cards; the laws' facts (renounces)."""

from __future__ import annotations

import random

import pytest

from cavendish.core import SUIT_MASK, Card, HandState, Seat, Suit, hand_mask
from cavendish.core.table import deal_cards
from cavendish.players.classical import build_position
from cavendish.players.inference import (
    Clause,
    Inference,
    Knowledge,
    KnowledgeError,
    at_least,
    count_range,
    exactly,
    get_school,
)
from cavendish.players.inference.schools import UnknownSchool


def watch(state: HandState, seat: Seat, school: str = "modern") -> Knowledge:
    """The knowledge of ``seat`` built as a session would: the opening view, then
    every public event."""
    start = HandState(state.deal, state.rules)
    k = Knowledge.from_view(start.view(seat), school)
    for e in state.events:
        k.observe(e)
    return k


def about(k: Knowledge, seat: Seat, convention: str) -> list[Clause]:
    return [c for i in k.inferences_about(seat) if i.convention == convention for c in i.clauses]


def cards(text: str) -> int:
    return hand_mask(text.split())


# ----------------------------------------------------------------- facts (laws)
def test_law_renounce_makes_a_void_fact() -> None:
    # South leads the queen of hearts; West, with none, plays a spade
    state = build_position({"W": "QJ543.-.A8765.876"}, trump_card="C2", dealer="E",
                           plays=["HQ", "S3"])
    k = watch(state, Seat.N)
    assert k.is_void(Seat.W, Suit.H)
    assert not k.is_void(Seat.E, Suit.H)
    assert not k.possible(Seat.W) & SUIT_MASK[Suit.H]
    assert k.suit_length_bounds(Seat.W, Suit.H) == (0, 0)


def test_law_revoke_is_not_read_as_a_void() -> None:
    from cavendish.core import get_rules
    deal_state = build_position({"W": "QJ543.2.A876.876"}, trump_card="C2", dealer="E",
                                plays=["HQ"], rules=get_rules("short", mode="laws"))
    deal_state.play(Card.parse("S3"))  # West holds the H2: a revoke, recorded as such
    k = watch(deal_state, Seat.N)
    assert not k.is_void(Seat.W, Suit.H)


def test_knowledge_from_views_equals_knowledge_from_events() -> None:
    rng = random.Random(5)
    state = build_position({}, trump_card="D7", dealer="N", plays=[], seed=5)
    seat = Seat.S
    by_views = Knowledge.from_view(state.view(seat))
    while not state.is_over:
        legal = state.legal_cards()
        if state.turn == seat:
            by_views.sync(state.view(seat))
        state.play(rng.choice(legal))
    by_events = watch(state, seat)
    by_views.sync(state.view(seat))
    assert by_views.played == by_events.played
    for s in Seat:
        assert by_views.voids(s) == by_events.voids(s)
    assert [str(i) for i in by_views.inferences] == [str(i) for i in by_events.inferences]


def test_sync_refuses_a_view_of_another_seat() -> None:
    state = build_position({}, trump_card="D7", dealer="N")
    k = Knowledge.from_view(state.view(Seat.S))
    with pytest.raises(KnowledgeError, match="a view of E"):
        k.sync(state.view(Seat.E))


def test_unknown_school_is_refused() -> None:
    with pytest.raises(UnknownSchool, match="'french'"):
        get_school("french")


# ----------------------------------------------------------------- leads
def test_convention_c44_fourth_best_lead_shows_exactly_three_higher() -> None:
    state = build_position({"E": "KJ72.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["S2"])
    k = watch(state, Seat.S)
    higher = SUIT_MASK[Suit.S] & ~cards("S2")
    assert Clause(higher, exactly(3)) in about(k, Seat.E, "C44")
    # the counting is the American one: the four higher spades are unseen to South,
    # so East holds exactly three of the twelve cards above the two
    assert k.count_bounds(Seat.E, higher) == (3, 3)


def test_convention_c42_old_lowest_lead_shows_none_lower() -> None:
    state = build_position({"E": "KJ72.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["S7"])
    k = watch(state, Seat.S, "old")
    lower = cards("S2 S3 S4 S5 S6")
    assert Clause(lower, exactly(0)) in about(k, Seat.E, "C42")
    assert Clause(SUIT_MASK[Suit.S], at_least(4)) in about(k, Seat.E, "C139")
    assert not about(k, Seat.E, "C44")


def test_convention_c140_king_led_shows_ace_or_queen() -> None:
    state = build_position({"E": "AK72.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["SK"])
    k = watch(state, Seat.S)
    assert Clause(cards("SA SQ"), at_least(1)) in about(k, Seat.E, "C140")


def test_convention_c143_queen_led_shows_knave_ten_and_denies_ace_king() -> None:
    state = build_position({"E": "QJT2.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["SQ"])
    k = watch(state, Seat.W)
    clauses = about(k, Seat.E, "C143")
    assert Clause(cards("SJ ST"), exactly(2)) in clauses
    assert Clause(cards("SA SK"), exactly(0)) in clauses


def test_convention_c141_ace_then_queen_shows_the_knave_and_c36_four_cards() -> None:
    state = build_position({"E": "AQJ2.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["SA", "S3", "S4", "S5", "SQ"])
    k = watch(state, Seat.S)
    assert Clause(cards("SJ"), at_least(1)) in about(k, Seat.E, "C141")
    assert Clause(SUIT_MASK[Suit.S], exactly(4)) in about(k, Seat.E, "C36")


def test_convention_c142_old_ace_then_small_shows_five() -> None:
    state = build_position({"E": "A8762.Q85.T96.43"}, trump_card="C2", dealer="N",
                           plays=["SA", "S3", "S4", "S5", "S2"])
    k = watch(state, Seat.S, "old")
    assert Clause(SUIT_MASK[Suit.S], at_least(5)) in about(k, Seat.E, "C142")


def test_convention_c44_ace_then_original_fourth_best_shows_two_left_above() -> None:
    # A J 9 8 7 2: the ace, then the eight ([000]'s example)
    state = build_position({"E": "AJ9872.Q85.T96.4"}, trump_card="C2", dealer="N",
                           plays=["SA", "S3", "S4", "S5", "S8"])
    k = watch(state, Seat.S)
    higher8 = SUIT_MASK[Suit.S] & ~cards("S2 S3 S4 S5 S6 S7 S8")
    assert Clause(higher8, exactly(3)) in about(k, Seat.E, "C44")
    # the ace is gone: East still holds exactly two spades above the eight
    left = higher8 & ~cards("SA")
    assert k.count_bounds(Seat.E, left) == (2, 2)


def test_convention_c48_original_trump_lead_shows_four_or_more() -> None:
    state = build_position({"E": "8.Q85.T96.AKJ743"}, trump_card="C2", dealer="N",
                           plays=["C3"])
    k = watch(state, Seat.S)
    assert Clause(SUIT_MASK[Suit.C], at_least(4)) in about(k, Seat.E, "C48")


def test_convention_c144_return_without_the_master_denies_it() -> None:
    # South leads spades, North wins with the queen and returns a small one
    state = build_position({"S": "K8762.Q85.T96.43", "N": "Q93.JT9.8754.A96",
                            "E": "A5.AK.AKQJ2.KQJ2"}, trump_card="C2", dealer="E",
                           plays=["S6", "S4", "SQ", "S5", "S3"])
    k = watch(state, Seat.W)
    assert Clause(cards("SA"), exactly(0)) in about(k, Seat.N, "C144")


# ----------------------------------------------------------------- following
def test_convention_c151_second_hand_small_card_shows_none_lower() -> None:
    state = build_position({"S": "K8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "S5"])
    k = watch(state, Seat.N)
    assert Clause(cards("S2 S3 S4"), exactly(0)) in about(k, Seat.W, "C151")


def test_convention_c148_king_second_hand_shows_ace_or_no_more() -> None:
    state = build_position({"S": "J8762.Q85.T96.43", "W": "K.KJ432.AKJ5.J98"},
                           trump_card="C2", dealer="E", plays=["S6", "SK"])
    k = watch(state, Seat.N)
    assert about(k, Seat.W, "C148") == [
        Clause(cards("SA"), at_least(1)), Clause(SUIT_MASK[Suit.S], exactly(1))]


def test_convention_c155_fourth_hand_not_beating_shows_nothing_higher() -> None:
    # North's nine wins the trick so far; East, fourth hand, plays the four
    state = build_position({"S": "J8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "S3", "S9", "S4"])
    k = watch(state, Seat.N)
    higher = SUIT_MASK[Suit.S] & ~cards("S2 S3 S4 S5 S6 S7 S8 S9")
    assert Clause(higher, exactly(0)) in about(k, Seat.E, "C155")


def test_convention_c156_fourth_hand_winning_shows_nothing_between() -> None:
    state = build_position({"S": "J8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "S5", "S3", "SK"])
    k = watch(state, Seat.N)
    between = cards("SQ SJ ST S9 S8 S7")
    assert Clause(between, exactly(0)) in about(k, Seat.E, "C156")


def test_convention_c154_ace_third_hand_denies_king_and_queen() -> None:
    state = build_position({"S": "J8762.Q85.T96.43", "W": "KQ5.KJ7.8542.K65"},
                           trump_card="C2", dealer="E",
                           plays=["S6", "S5", "SA"])
    k = watch(state, Seat.E)
    assert Clause(cards("SK SQ"), exactly(0)) in about(k, Seat.N, "C154")


def test_convention_c157_honour_denies_the_card_next_below() -> None:
    state = build_position({"S": "J8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "S5", "SQ"])
    k = watch(state, Seat.E)
    # the knave is the next live card below the queen (East does not know South has it)
    assert about(k, Seat.N, "C157") == [Clause(cards("SJ"), exactly(0))]


def test_convention_c161_discarding_the_second_best_shows_no_more() -> None:
    # West has no hearts; he throws the king of diamonds (the ace out): no more diamonds
    state = build_position({"W": "AKQ4.-.K.JT98765"}, trump_card="S2", dealer="E",
                           plays=["H2", "DK"])
    k = watch(state, Seat.N)
    assert Clause(SUIT_MASK[Suit.D], exactly(1)) in about(k, Seat.W, "C161")
    assert k.suit_length_bounds(Seat.W, Suit.D) == (0, 0)


def test_convention_c158_declining_to_trump_shows_no_trumps_or_four() -> None:
    state = build_position({"W": "AKQ4.-.K2.JT9876"}, trump_card="S2", dealer="E",
                           plays=["HA", "D2"])
    k = watch(state, Seat.N)
    trumps = SUIT_MASK[Suit.S]
    assert about(k, Seat.W, "C158") == [Clause(trumps, exactly(0)), Clause(trumps, at_least(4))]


def test_convention_c152_trumping_a_doubtful_trick_shows_three_or_fewer() -> None:
    state = build_position({"W": "Q43.-.KJ42.JT9876"}, trump_card="S2", dealer="E",
                           plays=["H9", "S3"])
    k = watch(state, Seat.N)
    assert about(k, Seat.W, "C152") == [Clause(SUIT_MASK[Suit.S], count_range_mask(0, 3))]


def count_range_mask(lo: int, hi: int) -> int:
    from cavendish.players.inference import between
    return between(lo, hi)


# ----------------------------------------------------------------- signals
def call_position(school: str = "modern") -> Knowledge:
    # North dealt; East leads the king and then the ace of hearts; West plays the
    # seven and then the three: an unnecessarily high card, then a lower one
    state = build_position({"W": "QJ974.73.8642.K3", "E": "K2.AK952.J73.Q42"},
                           trump_card="S5", dealer="N",
                           plays=["HK", "H4", "H7", "H6", "HA", "H8", "H3", "HT"])
    return watch(state, Seat.S, school)


def test_convention_c125_call_for_trumps_shows_four_or_more() -> None:
    k = call_position()
    assert k.called(Seat.W)
    assert Clause(SUIT_MASK[Suit.S], at_least(4)) in about(k, Seat.W, "C125")


def test_convention_c125_the_old_school_reads_no_call() -> None:
    k = call_position("old")
    assert not k.called(Seat.W)
    assert not about(k, Seat.W, "C125")


def test_convention_c131_echo_shows_four_trumps() -> None:
    # East leads trumps; West, with four, echoes: the seven, then the three
    state = build_position({"W": "Q973.KJ7.8642.K3", "E": "AK2.A952.J73.Q42"},
                           trump_card="S5", dealer="N",
                           plays=["SA", "S4", "S7", "S5", "SK", "S6", "S3", "S8"])
    k = watch(state, Seat.S)
    assert k.echoed(Seat.W)
    assert Clause(SUIT_MASK[Suit.S], at_least(4)) in about(k, Seat.W, "C131")


# ----------------------------------------------------------------- robustness
def test_refuted_inference_is_dropped_and_the_seat_trusted_less() -> None:
    # West plays the six second hand (none lower, C151), then shows the two
    state = build_position({"S": "A9875.Q85.T96.43", "W": "62.KJ74.AKJ5.J98"},
                           trump_card="C2", dealer="E",
                           plays=["S9", "S6", "S3", "S4", "S8", "S2"])
    k = watch(state, Seat.N, "old")
    assert any(i.convention == "C151" and i.seat == Seat.W for i in k.refuted)
    assert not about(k, Seat.W, "C151")
    assert k.reliability[Seat.W] < 1.0
    assert k.reliability[Seat.E] == 1.0


def _satisfiable(k: Knowledge, inf: Inference) -> bool:
    """The facts' test of a reading, from the public facts alone: some clause allows a
    count between the cards the seat surely held (known, or played since) and those
    it may hold, within its hand's room."""
    s = inf.seat
    known = k.known(s)
    base = known | (k.played_by(s) & ~inf.since)
    free = k.possible(s) & ~known
    room = k.hand_size(s) - known.bit_count()
    for c in inf.clauses:
        lo = (base & c.mask).bit_count()
        hi = lo + min(room, (free & c.mask).bit_count())
        if any(c.allowed >> n & 1 for n in range(lo, hi + 1)):
            return True
    return False


def test_refutation_checked_where_facts_changed_keeps_no_contradicted_reading() -> None:
    # after each card only the readings whose facts changed are checked again: at every
    # card of hands played by random players (who keep no convention, so readings are
    # refuted often), every reading kept must still pass the facts' test, and every
    # reading refuted must fail it
    from cavendish.players.random import RandomPlayer

    refuted = 0
    for deal_seed in range(12):
        state = HandState(deal_cards(random.Random(deal_seed), Seat(deal_seed % 4)))
        players = [RandomPlayer(deal_seed * 4 + s) for s in range(4)]
        ks = [Knowledge.from_view(state.view(s), ("modern", "old")[deal_seed % 2]) for s in Seat]
        while not state.is_over:
            seat = state.turn
            n = len(state.events)
            state.play(players[seat].choose(state.view(seat)))
            for e in state.events[n:]:  # the card, and the trick quitted after a fourth
                for k in ks:
                    before = len(k.refuted)
                    k.observe(e)
                    assert all(_satisfiable(k, inf) for inf in k.inferences)
                    assert not any(_satisfiable(k, inf) for inf in k.refuted[before:])
                    refuted += len(k.refuted) - before
    assert refuted > 0


# ----------------------------------------------------------------- layouts
def test_consistent_layout_and_weight_follow_the_facts_and_inferences() -> None:
    state = build_position({"E": "KJ72.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["S2"], seed=1)
    k = watch(state, Seat.S)
    true_layout = tuple(state.hand(s) for s in Seat)
    assert k.consistent(true_layout)
    assert k.weight(true_layout) == 1.0
    # move one of East's higher spades to West, a small heart back: three higher no more
    e, w = true_layout[Seat.E], true_layout[Seat.W]
    sj = 1 << Card.parse("SJ")
    wh = w & SUIT_MASK[Suit.H] & -(w & SUIT_MASK[Suit.H])
    moved = list(true_layout)
    moved[Seat.E], moved[Seat.W] = (e & ~sj) | wh, (w & ~wh) | sj
    assert k.consistent(moved, inferences=False)
    assert not k.consistent(moved)
    assert 0.0 < k.weight(moved) < 1.0
    assert "three" in (k.why_inconsistent(moved) or "")
    wrong = list(true_layout)
    wrong[Seat.N], wrong[Seat.W] = wrong[Seat.W], wrong[Seat.N]
    assert k.weight(wrong) == 0.0


def test_sample_gives_layouts_consistent_with_the_facts() -> None:
    state = build_position({"W": "QJ543.-.A8765.876"}, trump_card="C2", dealer="E",
                           plays=["HQ", "S3", "H4", "H5"], seed=2)
    k = watch(state, Seat.N)
    rng = random.Random(0)
    for _ in range(20):
        layout = k.sample(rng)
        assert k.consistent(layout, inferences=False)
        assert layout[Seat.N] == state.hand(Seat.N)
        assert not layout[Seat.W] & SUIT_MASK[Suit.H]
    with_inferences = k.sample(rng, inferences=True)
    assert k.consistent(with_inferences, inferences=False)


def test_card_probabilities_respect_voids_and_vacant_places() -> None:
    state = build_position({"W": "QJ543.-.A8765.876"}, trump_card="C2", dealer="E",
                           plays=["HQ", "S3"], seed=2)
    k = watch(state, Seat.N)
    p = k.card_probabilities()
    for c in range(52):
        if k.unseen >> c & 1:
            assert sum(p[s][c] for s in Seat) == pytest.approx(1.0)
            if c // 13 == Suit.H:
                assert p[Seat.W][c] == 0.0
    assert p[Seat.N][state.hand_cards(Seat.N)[0]] == 1.0


def test_card_probabilities_follow_a_fourth_best_lead() -> None:
    # East leads the 9 of spades: three higher; South holds none above the 9
    state = build_position({"E": "AKJ9.Q85.T965.43", "S": "8765.432.AKQ.JT9"},
                           trump_card="C2", dealer="N", plays=["S9"], seed=3)
    k = watch(state, Seat.S)
    higher = [Card.parse(c) for c in ("SA", "SK", "SQ", "SJ", "ST")]
    expected_east = sum(k.probability(c, Seat.E) for c in higher)
    assert expected_east == pytest.approx(3.0, abs=0.05)
    lo, hi = count_range(exactly(3))
    assert (lo, hi) == (3, 3)


# ----------------------------------------------------------------- more readings
def test_convention_c31_ace_led_first_denies_the_king() -> None:
    state = build_position({"E": "A8762.Q85.T96.43", "N": "K.-.-.-"}, trump_card="C2",
                           dealer="N", plays=["SA"])
    k = watch(state, Seat.S)
    assert about(k, Seat.E, "C31") == [Clause(cards("SK"), exactly(0))]


def test_convention_c39_queen_then_knave_four_cards_then_ten_five() -> None:
    four = build_position({"E": "QJT2.Q85.T965.43"}, trump_card="C2", dealer="N",
                          plays=["SQ", "S3", "S4", "S5", "SJ"])
    assert Clause(SUIT_MASK[Suit.S], exactly(4)) in about(watch(four, Seat.S), Seat.E, "C39")
    five = build_position({"E": "QJT32.Q85.T96.43"}, trump_card="C2", dealer="N",
                          plays=["SQ", "S4", "S5", "S6", "ST"])
    assert Clause(SUIT_MASK[Suit.S], at_least(5)) in about(watch(five, Seat.S), Seat.E, "C39")


def test_convention_c139_a_plain_first_lead_denies_five_trumps() -> None:
    state = build_position({"E": "KJ72.Q85.T965.43"}, trump_card="C2", dealer="N",
                           plays=["S2"])
    k = watch(state, Seat.S)
    assert Clause(SUIT_MASK[Suit.C], count_range_mask(0, 4)) in about(k, Seat.E, "C139")


def test_convention_c163_knave_led_shows_king_queen_or_ten_nine() -> None:
    state = build_position({"E": "KQJ72.Q85.T96.43"}, trump_card="C2", dealer="N",
                           plays=["SJ"])
    k = watch(state, Seat.S)
    assert about(k, Seat.E, "C163") == [Clause(cards("SK SQ"), exactly(2)),
                                        Clause(cards("ST S9"), exactly(2))]


def test_convention_c163_ten_led_shows_king_and_knave() -> None:
    state = build_position({"E": "KJT72.Q85.T96.43"}, trump_card="C2", dealer="N",
                           plays=["ST"])
    k = watch(state, Seat.S)
    assert about(k, Seat.E, "C163") == [Clause(cards("SK SJ"), exactly(2))]


def test_convention_c149_queen_second_hand_shows_king_or_ace_ten_or_no_more() -> None:
    state = build_position({"S": "J8762.Q85.T96.43", "W": "Q.KJ432.AKJ5.J98"},
                           trump_card="C2", dealer="E", plays=["S6", "SQ"])
    k = watch(state, Seat.N)
    assert about(k, Seat.W, "C149") == [
        Clause(cards("SK"), at_least(1)), Clause(cards("SA ST"), exactly(2)),
        Clause(SUIT_MASK[Suit.S], exactly(1))]


def test_convention_c150_knave_second_hand_shows_queen_or_no_more() -> None:
    state = build_position({"S": "T8762.Q85.T96.43", "W": "J.KJ432.AKJ5.J98"},
                           trump_card="C2", dealer="E", plays=["S6", "SJ"])
    k = watch(state, Seat.N)
    assert about(k, Seat.W, "C150") == [
        Clause(cards("SQ"), at_least(1)), Clause(SUIT_MASK[Suit.S], exactly(1))]


def test_convention_c160_discarding_the_best_shows_the_next_best() -> None:
    state = build_position({"W": "AKQ4.-.K3.JT9876"}, trump_card="C2", dealer="E",
                           plays=["H2", "SA"])
    k = watch(state, Seat.N)
    assert about(k, Seat.W, "C160") == [Clause(cards("SK"), at_least(1))]


def test_convention_c167_third_hand_not_beating_shows_nothing_higher() -> None:
    # West's nine beats South's six; North, third hand, plays the three
    state = build_position({"S": "J8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "S9", "S3"])
    k = watch(state, Seat.E)
    higher = SUIT_MASK[Suit.S] & ~cards("S2 S3 S4 S5 S6 S7 S8 S9")
    assert Clause(higher, exactly(0)) in about(k, Seat.N, "C167")


def test_convention_c6_fourth_hand_small_card_under_partners_trick() -> None:
    state = build_position({"S": "J8762.Q85.T96.43"}, trump_card="C2", dealer="E",
                           plays=["S6", "SA", "S3", "S5"])
    k = watch(state, Seat.N, "old")
    assert Clause(cards("S2 S3 S4"), exactly(0)) in about(k, Seat.E, "C6")


def test_convention_c125_a_call_withdraws_the_readings_of_its_high_card() -> None:
    # West's seven second hand is first read as "nothing lower" (C151); his four on
    # the next round makes it a call, which explains the seven: no refutation
    state = build_position({"W": "QJ974.74.8632.K3", "S": "-.T82.-.-"}, trump_card="S5",
                           dealer="E", plays=["H2", "H7", "HA", "H3"])
    k = watch(state, Seat.S)
    assert not k.called(Seat.W)
    assert about(k, Seat.W, "C151")
    for c in ("HK", "H6", "H8", "H4"):
        state.play(Card.parse(c))
    k = watch(state, Seat.S)
    assert k.called(Seat.W)
    assert not about(k, Seat.W, "C151")
    assert not [i for i in k.refuted if i.seat == Seat.W]
    assert k.reliability[Seat.W] == 1.0

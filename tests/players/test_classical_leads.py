"""The classical player's leads: the choice of suit and the card from every holding
the sources tabulate (sources/reference/conventions.md §2-4, §8).  South is on lead (East dealt)
unless the position says otherwise; clubs are trumps unless stated."""

from __future__ import annotations

from classical_helpers import check, south_decides

from cavendish.core import Card
from cavendish.players.classical import Decision


def decide(hand: str, plays: tuple[str, ...] = (), *, dealer: str = "E", **kw: object) -> Decision:
    """South's decision with ``hand`` after ``plays`` (East dealt: South leads)."""
    return south_decides(hand, plays, dealer=dealer, **kw)  # type: ignore[arg-type]


# the first round of South's suit, won by his card (the adversaries and partner low)
WON = ("S3", "S4", "S5")


# ----------------------------------------------------------------- the suit
def test_convention_c15_lead_from_the_longest_suit() -> None:
    d = decide("AK7.QJ8.T9653.43")
    assert d.card.suit == 2 and "C15" in d.also


def test_convention_c15_equal_length_the_stronger_suit() -> None:
    d = decide("AQ72.8643.QJ5.43")
    assert d.card.suit == 0 and "C15" in d.also


def test_convention_c19_no_singleton_original_lead() -> None:
    d = decide("A.K864.Q95.J8643", trump="H2")
    assert d.card != Card.parse("SA") and d.card.suit == 3


def test_convention_c27_forced_lead_from_three_small_the_highest() -> None:
    # no four-card plain suit, four trumps: the highest of the short suit
    check(decide("Q72.A86.854.K943", trump="C2"), "D8", "C27")


def test_convention_c28_honour_and_two_small_the_lowest() -> None:
    check(decide("A72.K86.Q95.8643", trump="C2"), "S2", "C28")


def test_convention_c28_queen_knave_and_one_the_queen() -> None:
    check(decide("A72.K86.QJ5.8643", trump="C2"), "DQ", "C28")


def test_convention_c48_five_trumps_lead_trumps() -> None:
    check(decide("A72.86.Q5.KT9643"), "C3", "C48")


def test_convention_c49_four_trumps_with_honours_and_no_suit_to_bring_in() -> None:
    check(decide("K72.A86.K54.AKQ3"), "CQ", "C49")


def test_convention_c49_a_long_suit_is_brought_in_first() -> None:
    d = decide("K72.AQ865.K.AKQ3")
    assert d.card.suit == 1 and d.convention != "C49"


def test_convention_c51_single_high_trump_when_partner_dealt() -> None:
    # North dealt; East led a heart and South won it: his first lead
    d = decide("AK72.AK86.KQ54.J", ("H3", "HA", "H4", "H5"), dealer="N")
    check(d, "CJ", "C51")


def test_convention_c51_not_when_the_adversaries_dealt() -> None:
    d = decide("AK72.AK86.KQ54.J")
    assert d.convention != "C51"


# ----------------------------------------------------------------- the card (table §3.1)
def test_convention_c31_from_ace_king_the_king_then_the_ace() -> None:
    hand = "AK72.Q85.T96.J43"
    check(decide(hand), "SK", "C31")
    check(decide(hand, ("SK", *WON)), "SA", "C31")


def test_convention_c32_from_ace_king_queen_the_king_then_the_queen() -> None:
    hand = "AKQ2.Q85.T96.J43"
    check(decide(hand), "SK", "C32")
    check(decide(hand, ("SK", *WON)), "SQ", "C32")


def test_convention_c33_from_king_queen_the_king_then_a_small_one() -> None:
    hand = "KQ762.Q85.T96.43"
    check(decide(hand), "SK", "C33")
    # the king won: a small one, the original fourth best under American leads
    check(decide(hand, ("SK", *WON)), "S6", "C33")
    check(decide(hand, ("SK", *WON), school="old"), "S2", "C33")


def test_convention_c34_king_queen_knave_and_one_the_king() -> None:
    check(decide("KQJ2.Q85.T96.J43"), "SK", "C34")


def test_convention_c34_king_queen_knave_and_two_small_the_knave() -> None:
    check(decide("KQJ62.Q85.T96.43"), "SJ", "C34")


def test_convention_c35_king_queen_knave_ten_the_ten() -> None:
    check(decide("KQJT.Q85.T96.J43"), "ST", "C35")


def test_convention_c36_ace_queen_knave_the_ace_then_queen_or_knave() -> None:
    check(decide("AQJ2.Q85.T96.J43"), "SA", "C36")
    after = ("SA", *WON)
    check(decide("AQJ2.Q85.T96.J43", after), "SQ", "C36")  # four: the higher
    check(decide("AQJ62.Q85.T96.43", after), "SJ", "C36")  # five: the lower
    check(decide("AQJ62.Q85.T96.43", after, school="old"), "SQ", "C36")


def test_convention_c37_ace_and_four_small_the_ace_then_small() -> None:
    hand = "A8762.Q85.T96.43"
    check(decide(hand), "SA", "C37")
    check(decide(hand, ("SA", *WON)), "S6", "C37")  # the original fourth best
    check(decide(hand, ("SA", *WON), school="old"), "S2", "C37")  # the lowest (Clay)


def test_convention_c38_ace_and_three_small_the_lowest() -> None:
    check(decide("A762.Q85.T96.J43"), "S2", "C38")


def test_convention_c39_queen_knave_ten_the_queen_then_by_length() -> None:
    check(decide("QJT2.K85.T96.J43"), "SQ", "C39")
    after = ("SQ", *WON)
    check(decide("QJT2.K85.T96.J43", after), "SJ", "C39")  # four: the knave
    check(decide("QJT62.K85.T96.43", after), "ST", "C39")  # five: the ten
    check(decide("QJT62.K85.T96.43", after, school="old"), "SJ", "C39")


def test_convention_c40_knave_ten_nine_the_knave() -> None:
    check(decide("JT92.Q85.K96.J43"), "SJ", "C40")


def test_convention_c41_king_knave_ten_the_ten_nine_or_eight() -> None:
    check(decide("KJT2.Q85.K96.J43"), "ST", "C41")
    check(decide("KJT92.Q85.K96.43"), "S9", "C41")
    check(decide("KJT98.Q85.K96.43"), "S8", "C41")


def test_convention_c42_old_school_the_lowest_of_the_strong_suit() -> None:
    check(decide("Q8652.K85.K96.43", school="old"), "S2", "C42")


def test_convention_c44_modern_school_the_fourth_best() -> None:
    check(decide("Q8652.K85.K96.43"), "S5", "C44")
    check(decide("Q98652.K85.K96.4"), "S6", "C44")  # six cards: the antepenultimate


def test_convention_c47_go_on_with_the_highest_of_the_commanding_sequence() -> None:
    # South led the six; West took the ace, North dropped the king; South wins the
    # next trick with the ace of hearts and goes on with his suit: Q J are masters
    plays = ("S6", "SA", "SK", "S3", "H2", "H7", "H3", "HA")
    check(decide("QJ862.AQ5.K96.43", plays), "SQ", "C47")


# ----------------------------------------------------------------- trumps (§4)
def test_convention_c54_trump_lead_commanding_sequence_lowest_of_it() -> None:
    d = decide("A72.86.Q5.AKQ643")
    check(d, "CQ", "C48")
    assert "lowest of it" in d.reason and "C54" in d.also


def test_convention_c54_trump_lead_default_the_lowest() -> None:
    check(decide("A72.86.Q5.K98643"), "C3", "C48")


def test_convention_c54_no_needless_stripping_without_a_suit_to_bring_in() -> None:
    # South led the ace of trumps and both adversaries followed; with no long suit to
    # bring in he does not go on stripping them
    d = decide("A72.K86.Q5.AKJ86", ("CA", "C3", "C4", "C5"))
    assert d.card.suit != 3, str(d)


def test_convention_c54_trump_lead_from_ace_king_knave_the_king() -> None:
    check(decide("A72.8.Q5.AKJ8643"), "CK", "C48")


def test_convention_c55_return_partners_trump_lead_at_once() -> None:
    # North leads a trump; South wins with the ace and returns one: from three,
    # the highest he has left
    d = decide("A72.A86.KQ54.A95", ("C3", "C4", "CA", "C6"), dealer="W",
               others={"N": "854.J72.J76.KT83"})
    check(d, "C9", "C55")


def test_convention_c56_answering_a_call_lead_trumps() -> None:
    # North calls (the seven, then the three, of hearts on East's ace and king);
    # South wins the third trick and leads trumps: with two, the higher
    plays = ("HA", "H5", "H2", "H7", "HK", "H8", "H4", "H3", "D6", "DA", "D2", "D3")
    d = decide("QJ52.Q985.AK4.J9", plays, dealer="N", trump="C5",
               others={"N": "K943.73.QJ3.KQ85", "E": "A8.AKJT.T9865.T2"})
    check(d, "CJ", "C56")
    assert "C127" in d.also


def test_convention_c56_the_old_school_has_no_call_to_answer() -> None:
    plays = ("HA", "H5", "H2", "H7", "HK", "H8", "H4", "H3", "D6", "DA", "D2", "D3")
    d = decide("QJ52.Q985.AK4.J9", plays, dealer="N", trump="C5", school="old",
               others={"N": "K943.73.QJ3.KQ85", "E": "A8.AKJT.T9865.T2"})
    assert d.convention != "C56"


# ----------------------------------------------------------------- returns (§8)
def test_convention_c101_return_the_highest_from_three() -> None:
    # North leads a diamond (his suit); South wins with the ace and returns the ten
    check(decide("9843.Q85.AT2.J43", ("D5", "D3", "DA", "D4"), dealer="W"), "DT", "C101")


def test_convention_c101_return_the_lowest_from_four() -> None:
    check(decide("K94.Q85.AT32.J43", ("D5", "D4", "DA", "D6"), dealer="W"), "D2", "C101")


def test_convention_c102_master_card_of_partners_suit_goes_out() -> None:
    check(decide("9843.Q85.AK2.J43", ("D5", "D3", "DA", "D4"), dealer="W"), "DK", "C102")


def test_convention_c21_own_suit_before_partners() -> None:
    d = decide("KQ943.Q85.AT2.43", ("D5", "D3", "DA", "D4"), dealer="W")
    assert d.card.suit == 0 and "C21" in d.also, str(d)


# ----------------------------------------------------------------- later in the hand
def test_convention_c3_make_the_master_cards_after_the_opening() -> None:
    # South opened diamonds; East took the ace; South won a heart: his A K of spades
    # are masters no one has shown out of
    plays = ("D5", "D7", "D8", "DA", "H3", "HK", "H4", "H5")
    check(decide("AK.AKJ8.T9653.43", plays), "SA", "C3")


def test_convention_c26_trumps_out_bring_in_the_long_suit_by_underplay() -> None:
    # both adversaries have shown out of trumps; South's suit has no master
    plays = ("S2", "SA", "S3", "S4", "H2", "H3", "H4", "HA",
             "CA", "D2", "C3", "C2", "CK", "D3", "C4", "D4")
    check(decide("Q872.A5.J6.AKQ96", plays), "S7", "C26")


def test_convention_c58_adversary_renounces_trumps_draw_the_others_with_command() -> None:
    # West showed out of trumps; South, with the command and a suit to bring in, goes on
    plays = ("S2", "SA", "S3", "S4", "H2", "H3", "H4", "HA", "CA", "D2", "C3", "C2")
    d = decide("Q8762.A.-.AKQJT98", plays)
    assert d.card.suit == 3 and d.convention == "C58", str(d)


def test_convention_c59_partner_renounces_trumps_go_on() -> None:
    # North showed out of trumps: each round draws two of theirs for one of South's
    plays = ("CA", "C3", "D2", "C4")
    d = decide("Q872.A5.-.AKQJT98", plays)
    assert d.card.suit == 3 and d.convention == "C59", str(d)


def test_convention_c103_discarded_one_of_four_return_as_from_three() -> None:
    # North opened diamonds (South won with the ace); South later threw a diamond;
    # back on lead he returns the highest, as from three
    plays = ("D5", "DK", "DA", "D4", "H3", "HA", "H2", "H7",
             "S5", "S6", "S7", "D2", "H6", "HK", "HT", "H8")
    check(decide("-.KJ543.A972.QJT9", plays, dealer="W"), "D9", "C103")


def test_convention_c107_lead_partners_discard_under_adverse_trump_strength() -> None:
    # West led trumps unasked; North, out of them, threw a diamond: South leads it
    plays = ("S2", "SA", "S3", "S4", "CA", "C3", "C4", "C5",
             "CK", "D2", "C6", "C7", "H2", "H3", "H4", "HA")
    check(decide("Q2.AT987.843.975", plays, trump="C4"), "D8", "C107")


def test_convention_c22_lead_through_the_left_hand_adversarys_suit() -> None:
    plays = ("S2", "SA", "S3", "S4", "H2", "H3", "H4", "HA")
    d = decide("Q2.A765.843.9753", plays)
    assert d.card.suit == 1 and "C22" in d.also, str(d)


def test_convention_c23_avoid_the_suit_both_adversaries_lack() -> None:
    plays = ("S2", "SA", "S3", "S4", "H2", "H3", "D5", "HA", "H5", "D6", "H4", "D7")
    d = decide("Q2.A765.843.9753", plays)
    assert d.card.suit != 1, str(d)


def test_convention_c111_do_not_force_partner_when_weak() -> None:
    # North showed out of diamonds; with one trump South does not lead them (Clay)
    plays = ("D2", "DA", "D4", "H2")
    d = decide("K842.Q5.AJT976.3", plays, dealer="N", school="old")
    assert d.card.suit == 0 and "C111" in d.also, str(d)


def test_convention_c114_drayson_force_partner_unless_he_has_shown_strength() -> None:
    # the modern school follows Drayson: North may make a small trump
    plays = ("D2", "DA", "D4", "H2")
    d = decide("K842.Q5.AJT976.3", plays, dealer="N")
    assert d.card.suit == 2 and "C114" in d.also, str(d)


def test_convention_c115_force_the_adversary_strong_in_trumps() -> None:
    # East, void of hearts, led trumps unasked: South, weak in trumps, forces him
    plays = ("H2", "HA", "H3", "D2", "S2", "S3", "SA", "S5",
             "CA", "C3", "C4", "C5", "D3", "DA", "D4", "D5")
    check(decide("Q5.KJ7542.A96.73", plays, trump="CA"), "H4", "C115")


def test_convention_c24_do_not_abandon_the_strong_suit_for_a_ruff() -> None:
    # West showed out of spades on the king; South goes on with the ace all the same
    d = decide("AK72.Q85.T96.J43", ("SK", "H2", "S3", "S4"))
    check(d, "SA", "C31")
    assert "C24" in d.also


# ----------------------------------------------------------------- short holdings
def h(text: str) -> int:
    return sum(1 << "23456789TJQKA".index(ch) for ch in text)


def test_convention_c29_two_cards_lead_the_higher() -> None:
    from cavendish.players.classical.holdings import plain_lead
    from cavendish.players.inference import MODERN

    assert plain_lead(h("Q7"), MODERN)[:2] == (h("Q").bit_length() - 1, "C29")
    assert plain_lead(h("72"), MODERN)[:2] == (h("7").bit_length() - 1, "C29")


def test_convention_c19_a_singleton_is_led_only_when_nothing_else() -> None:
    from cavendish.players.classical.holdings import plain_lead
    from cavendish.players.inference import OLD

    assert plain_lead(h("K"), OLD)[1] == "C19"

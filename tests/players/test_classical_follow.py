"""The classical player following suit: second hand (§5), third hand (§6), fourth
hand (§7), trumping (§9), playing to the score (§12).  South is to play; clubs are
trumps unless stated."""

from __future__ import annotations

from classical_helpers import check, south_decides

from cavendish.players.classical import Decision

# the dealer who puts South second, third or fourth to the first trick
SECOND, THIRD, FOURTH = "N", "W", "S"


def decide(hand: str, plays: tuple[str, ...], *, dealer: str, **kw: object) -> Decision:
    """South's decision with ``hand`` after ``plays``."""
    return south_decides(hand, plays, dealer=dealer, **kw)  # type: ignore[arg-type]


def second(hand: str, lead: str = "S5", **kw: object) -> Decision:
    return decide(hand, (lead,), dealer=SECOND, **kw)


# ----------------------------------------------------------------- second hand (§5)
def test_convention_c63_second_hand_low() -> None:
    check(second("K83.Q85.T96.J943"), "S3", "C63")


def test_convention_c64_second_hand_ace_king_the_king() -> None:
    check(second("AK3.Q85.T96.J943"), "SK", "C64")


def test_convention_c65_second_hand_king_queen_the_queen() -> None:
    check(second("KQ3.Q85.T96.J943"), "SQ", "C65")


def test_convention_c66_second_hand_ace_queen_knave_the_lowest_of_the_equals() -> None:
    check(second("AQJ3.Q85.T96.J94"), "SJ", "C66")
    check(second("AQJT.Q85.T96.J94"), "ST", "C66")


def test_convention_c67_second_hand_ace_queen_ten_the_queen() -> None:
    check(second("AQT3.Q85.T96.J94"), "SQ", "C67")


def test_convention_c68_second_hand_ace_queen_the_lowest_on_a_strong_lead() -> None:
    check(second("AQ83.Q85.T96.J94"), "S3", "C68")


def test_convention_c69_second_hand_ace_king_knave_the_king() -> None:
    check(second("AKJ3.Q85.T96.J94"), "SK", "C69")


def test_convention_c70_second_hand_ace_knave_ten_plain_low_trumps_the_ten() -> None:
    check(second("AJT3.Q85.T96.J94"), "S3", "C70")
    check(second("Q85.T96.J94.AJT3", lead="C5"), "CT", "C70")


def test_convention_c71_second_hand_sequences_the_lowest_of_it() -> None:
    check(second("QJ3.Q85.T96.J943"), "SJ", "C71")
    check(second("JT3.Q85.T96.J943"), "ST", "C71")
    check(second("QJ83.Q85.T96.J94"), "S3", "C71")  # with two small: the lowest
    check(second("QJT3.Q85.T96.J94"), "ST", "C71")  # three high: the lowest of them


def test_convention_c72_second_hand_honour_and_one_small_the_small_card() -> None:
    check(second("Q3.Q85.T96.J9432", trump="H2"), "S3", "C72")


def test_convention_c73_king_second_the_small_card() -> None:
    check(second("K3.Q85.T96.J9432", trump="H2"), "S3", "C73")


def test_convention_c74_cover_an_honour_with_two_or_three_cards() -> None:
    check(second("K83.Q85.T96.J943", lead="SJ"), "SK", "C74")


def test_convention_c74_do_not_cover_with_four_small_behind_the_honour() -> None:
    check(second("K873.Q85.T96.J94", lead="SJ"), "S3", "C74")


def test_convention_c74_cover_when_the_second_card_is_worth_promoting() -> None:
    check(second("KT73.Q85.T96.J94", lead="SJ"), "SK", "C74")


def test_convention_c74_put_the_ace_on_a_knave() -> None:
    check(second("A873.Q85.T96.J94", lead="SJ"), "SA", "C74")


def test_convention_c75_second_round_win_with_the_best_card() -> None:
    # East led spades before (South played low, North won with the king); East leads
    # them again: South's ace is now the master
    plays = ("S5", "S3", "SQ", "SK", "D2", "DA", "D5", "D4", "S6")
    check(decide("A83.T95.K65.J943", plays, dealer=SECOND), "SA", "C75")


def test_convention_c110_doubtful_trick_four_trumps_do_not_trump() -> None:
    check(second("-.Q8753.T964.K984", lead="S7"), "D4", "C110")


def test_convention_c110_doubtful_trick_three_trumps_trump_it() -> None:
    check(second("-.Q8532.T9764.K94", lead="S7"), "C4", "C110")


def test_convention_c110_not_doubtful_when_partner_holds_the_best() -> None:
    # North threw the ace of spades (C160: he holds the king, now the best); when East
    # leads a spade South, with three trumps, does not trump his partner's trick
    plays = ("H2", "H3", "HK", "SA", "D2", "D3", "DA", "D4", "S5")
    d = decide("-.Q8753.T9764.K94", plays, dealer=SECOND)
    assert d.card.suit != 3 and d.convention == "C110", str(d)
    assert "partner holds the best" in d.reason


def test_convention_c109_certain_trick_against_us_trump_it() -> None:
    check(second("-.Q8753.T964.KJ94", lead="SA"), "C4", "C109")


# ----------------------------------------------------------------- third hand (§6)
def third(hand: str, plays: tuple[str, ...] = ("S5", "S3"), **kw: object) -> Decision:
    return decide(hand, plays, dealer=THIRD, **kw)


def test_convention_c79_third_hand_high() -> None:
    check(third("K84.Q85.T96.J943"), "SK", "C79")


def test_convention_c79_third_hand_the_lowest_of_a_head_sequence() -> None:
    check(third("KQJ.Q85.T96.J943"), "SJ", "C79")


def test_convention_c80_third_hand_ace_queen_finesse_the_queen() -> None:
    check(third("AQ4.Q85.T96.J943"), "SQ", "C80")


def test_convention_c82_no_finesse_on_the_second_round() -> None:
    # East led spades first (South low, North won with the ten); North leads another
    plays = ("S4", "S3", "S2", "ST", "S5", "S6")
    check(decide("AQ3.Q85.T96.J943", plays, dealer=SECOND), "SA", "C82")


def test_convention_c85_no_finesse_against_a_void() -> None:
    # East shows out: the king is not on the right, so the ace
    check(third("AQ4.Q85.T96.J943", ("S5", "H2"), others={"E": "-.AKJ7.K8752.Q75"}),
          "SA", "C85")


def test_convention_c86_score_no_finesse_when_one_trick_saves_the_game() -> None:
    # North has won two tricks; at love all the third saves the game (C7)
    plays = ("HA", "H2", "H5", "H4", "DA", "D2", "D6", "D4", "S5", "S6")
    others = {"N": "K95.AK7.AK5.8765"}
    d = decide("AQ4.Q85.T96.J943", plays, dealer=THIRD, others=others, score=(0, 0, 5))
    check(d, "SA", "C86")
    d = decide("AQ4.Q85.T96.J943", plays, dealer=THIRD, others=others)
    check(d, "SQ", "C80")  # the score unknown: the ordinary finesse


def test_convention_c87_left_hand_adversary_will_trump_do_not_waste() -> None:
    plays = ("SA", "S3", "S2", "H2", "S5", "S6")
    check(decide("K872.Q85.T96.J94", plays, dealer=THIRD,
                 others={"W": "-.KJ42.AK75.T8762"}), "S7", "C87")


def test_convention_c88_partner_leads_the_king_play_the_lowest() -> None:
    check(third("A82.Q85.T96.J943", ("SK", "S3")), "S2", "C88")


def test_convention_c88_never_trump_partners_king() -> None:
    d = third("-.Q8532.T9764.K94", ("SK", "S3"))
    assert d.card.suit != 3 and d.convention == "C88", str(d)


def test_convention_c89_partner_leads_the_queen_neither_king_nor_ace() -> None:
    check(third("K82.Q85.T96.J943", ("SQ", "S3")), "S2", "C89")


def test_convention_c90_unblock_king_on_partners_queen_after_the_ace() -> None:
    plays = ("SA", "S3", "S2", "S4", "SQ", "S5")
    check(third("K82.Q85.T96.J943", plays), "SK", "C90")


def test_convention_c90_unblock_king_singly_guarded_on_the_knave() -> None:
    plays = ("SA", "S3", "S2", "S4", "SJ", "S5")
    check(third("K82.Q85.T96.J943", plays), "SK", "C90")


def test_convention_c90_ace_on_partners_knave_from_a_long_sequence() -> None:
    check(third("A82.Q85.T96.J943", ("SJ", "S3")), "SA", "C90")


def test_convention_c90_hoyle_nine_from_queen_ten_nine_under_the_ace() -> None:
    check(third("QT94.Q85.T96.J94", ("SA", "S3")), "S9", "C90")


def test_convention_c93_not_the_queen_on_partners_ten() -> None:
    check(third("Q82.Q85.T96.J943", ("ST", "S3")), "S2", "C93")


def test_convention_c95_the_card_led_shows_the_high_cards_with_partner() -> None:
    # North leads the seven, his fourth best: the three higher out (A K J) are his,
    # so the seven will win; South keeps his cards (old school: no such reading)
    d = third("QT98.Q85.T96.J94", ("S7", "S3"))
    check(d, "S8", "C95")
    d = third("QT98.Q85.T96.J94", ("S7", "S3"), school="old")
    assert d.card != d.card.parse("S8") or d.convention != "C95"


# ----------------------------------------------------------------- fourth hand (§7)
def fourth(hand: str, plays: tuple[str, ...], **kw: object) -> Decision:
    return decide(hand, plays, dealer=FOURTH, **kw)


def test_convention_c97_fourth_hand_wins_as_cheaply_as_possible() -> None:
    check(fourth("KT3.Q85.T96.J942", ("S5", "S2", "S9")), "ST", "C97")


def test_convention_c97_fourth_hand_cannot_win_throws_the_lowest() -> None:
    check(fourth("KT3.Q85.T96.J942", ("S5", "S2", "SA")), "S3", "C97")


def test_convention_c6_partner_has_the_trick_the_lowest() -> None:
    check(fourth("KT3.Q85.T96.J942", ("S5", "SA", "S4")), "S3", "C6")


def test_convention_c109_fourth_hand_trumps_with_the_lowest_that_wins() -> None:
    check(fourth("-.Q853.T964.KJ942", ("S5", "S2", "S9")), "C2", "C109")
    check(fourth("-.Q853.T964.KJ942", ("S5", "S2", "C5")), "C9", "C109")  # over-trump


def test_convention_c6_third_hand_trick_already_trumped_the_lowest() -> None:
    check(third("K84.Q85.T96.J943", ("S5", "C5")), "S4", "C6")


# ----------------------------------------------------------------- score (§12)
def test_convention_c7_second_hand_takes_the_trick_that_saves_the_game() -> None:
    # South has won two tricks; at love all the third saves the game
    plays = ("H2", "HA", "H3", "H4", "HK", "H6", "H7", "H8", "D6", "D2", "D3", "DA", "S5")
    d = decide("AQ4.AK5.T96.J943", plays, dealer=SECOND, score=(0, 0, 5))
    check(d, "SA", "C7")
    d = decide("AQ4.AK5.T96.J943", plays, dealer=SECOND)
    check(d, "S4", "C68")

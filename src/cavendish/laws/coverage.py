"""The coverage table: laws 1-91 of the club code (and the laws of dummy and double
dummy), where each is adjudicated, the tests that prove it, or why it is not.

``docs/laws.md`` is :func:`render_markdown` of this table; a test keeps the two equal
and checks that every test named here exists.  A law counts as implemented only when
code adjudicates it and a named test proves it.

>>> len(LAWS), implemented_count() >= 80
(95, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .names import CASES, DOUBLE_DUMMY, DUMMY_I, DUMMY_II, DUMMY_III, law_name

__all__ = ["LAWS", "LawCoverage", "implemented_count", "law_title", "render_markdown"]

_SCORING = "tests/scoring/test_scoring_short_laws.py::"
_REVOKE_S = "tests/scoring/test_scoring_revoke.py::"
_TABLE = "tests/laws/test_laws_table.py::"
_CLUB = "tests/game/test_club_table.py::"
_HONOURS = "tests/game/test_honours_claimed.py::"
_DEAL = "tests/laws/test_laws_deal.py::"
_TRUMP = "tests/laws/test_laws_trump_card.py::"
_EXP = "tests/laws/test_laws_exposed.py::"
_OOT = "tests/laws/test_laws_out_of_turn.py::"
_MIS = "tests/laws/test_laws_misplay.py::"
_REV = "tests/laws/test_laws_revoke.py::"
_GEN = "tests/laws/test_laws_general.py::"
_SCN = "tests/laws/test_laws_scenario.py::"
_ST = "tests/laws/test_laws_state.py::"
_WEB_HONOURS = "tests/web/test_honours_claimed_web.py::"
_WEB_LAWS = "tests/web/test_laws_tables_bystander.py::"
_SCORE = "tests/game/test_score_corrected.py::"
_PERSON = "tests/game/test_person_deals.py::"
_PACKS = "tests/laws/test_two_packs.py::"
_ASTRAY = "tests/game/test_cards_astray.py::"


@dataclass(frozen=True, slots=True)
class LawCoverage:
    """One law: its number, a short title, and where it is adjudicated and tested."""

    number: int
    title: str
    status: str
    """``implemented`` or ``recorded`` (recorded, not adjudicated)."""
    where: str = ""
    tests: tuple[str, ...] = ()
    note: str = ""


def _law(number: int, title: str, where: str, *tests: str, note: str = "") -> LawCoverage:
    return LawCoverage(number, title, "implemented", where, tests, note)


def _recorded(number: int, title: str, reason: str) -> LawCoverage:
    return LawCoverage(number, title, "recorded", "", (), reason)


_SC = "cavendish.scoring.club"
_SH = "cavendish.scoring.sheet"
_TL = "cavendish.laws.table_laws"
_CT = "cavendish.core.table"
_DL = "cavendish.laws.deal_laws"
_TC = "cavendish.laws.trump_card"
_EX = "cavendish.laws.exposed"
_OO = "cavendish.laws.out_of_turn"
_MP = "cavendish.laws.misplay"
_RV = "cavendish.laws.revoke"
_GN = "cavendish.laws.general"
_BS = "cavendish.laws.base"
_CS = "cavendish.core.state"

LAWS: tuple[LawCoverage, ...] = (
    _law(
        1,
        "The rubber: best of three games",
        _SH,
        _SCORING + "test_law_1_rubber_is_best_of_three_third_game_played_when_one_each",
    ),
    _law(
        2,
        "A game is five points; each trick over six counts one",
        _SC,
        _SCORING + "test_law_2_each_trick_over_six_one_point_game_at_five",
    ),
    _law(
        3,
        "Honours: four score four, three score two",
        _SC,
        _SCORING + "test_law_3_honours_four_score_four_three_score_two_two_nothing",
    ),
    _law(
        4,
        "At four, honours are not scored",
        _SC,
        _SCORING + "test_law_4_side_at_four_cannot_score_honours",
    ),
    _law(
        5,
        "Revoke penalty first, tricks next, honours last",
        _SC,
        _SCORING + "test_law_5_tricks_score_before_honours_so_honours_cannot_save_a_game",
        _REVOKE_S + "test_law_72v_claimants_two_add_three_win_a_treble_against_thirteen_tricks",
    ),
    _law(
        6,
        "Honours claimed before the next trump card is turned up",
        _SC,
        _SCORING + "test_law_6_7_honours_claimed_automatically_at_the_end_of_the_hand",
        _HONOURS + "test_law_6_honours_not_claimed_before_the_next_trump_card_cannot_be_scored",
        _HONOURS + "test_law_6_computers_claim_their_honours_at_once",
        _WEB_HONOURS + "test_law_6_honours_not_claimed_before_the_next_deal_cannot_be_scored_web",
        note="claimed automatically for the side that held them, or by the players "
        "(cavendish play --honours claim; a web table's honours \"claim\"): a side that has "
        "not claimed when the hand is scored, just before the next deal, loses them",
    ),
    _law(
        7,
        "Honours called at the end of the hand",
        _SC,
        _SCORING + "test_law_7_honours_scored_in_the_hand_they_were_held_in",
        _HONOURS + "test_law_7_honours_must_be_called_at_the_end_of_the_hand_by_the_person",
        _HONOURS + "test_law_7_cavendish_play_honours_claim_asks_the_person",
        _WEB_HONOURS + "test_law_7_the_person_is_asked_to_claim_honours_over_the_protocol",
    ),
    _law(
        8,
        "Treble, double, single",
        _SC,
        _SCORING + "test_law_8_treble_double_single_by_the_losers_score",
    ),
    _law(
        9,
        "Two rubber points",
        _SH,
        _SCORING + "test_law_9_winners_of_the_rubber_gain_two_rubber_points",
    ),
    _law(
        10,
        "The losers' game deducted in a three-game rubber",
        _SH,
        _SCORING + "test_law_10_losers_game_deducted_in_a_three_game_rubber",
    ),
    _law(
        11,
        "An erroneous score corrected before the game is concluded",
        _SH,
        _SCORING + "test_law_11_correct_a_hand_of_the_game_in_progress",
        _SCORE + "test_law_11_an_erroneous_score_proved_before_the_next_trump_card_is_corrected",
        _SCORE + "test_law_11_a_score_that_is_right_is_not_corrected",
        "tests/cli/test_laws_play.py::test_law_11_correct_score_typed_between_hands_at_the_terminal",
        _WEB_LAWS + "test_law_11_an_erroneous_score_proved_at_a_web_table_is_corrected",
        note="at a table under the laws the computers keep the score and, careless "
        "(--sloppy P, a web table's score_slips), may write a hand down a trick short; "
        "a player proves it ('correct score', act correct_score)",
    ),
    _law(
        12,
        "An error in the amount of the rubber corrected during it",
        _SH,
        _SCORING + "test_law_12_correct_the_amount_of_the_rubber_during_the_rubber",
        _SCORE + "test_law_12_an_error_in_the_amount_of_the_rubber_is_rectified_during_the_rubber",
        _SCORE + "test_law_12_after_the_rubber_the_error_stands",
    ),
    _law(
        13,
        "The ace is the lowest card in cutting",
        _CT,
        _TABLE + "test_law_13_the_ace_is_the_lowest_card_in_cutting",
    ),
    _law(
        14,
        "All cut from the same pack",
        _CT,
        _TABLE + "test_law_14_every_one_cuts_from_the_same_pack",
    ),
    _law(
        15,
        "A player exposing more than one card cuts again",
        _TL + ".PhysicalCutter",
        _TABLE + "test_law_15_a_player_exposing_more_than_one_card_cuts_again",
    ),
    _law(
        16,
        "More than four candidates: the four lowest play",
        _TL + ".Table",
        _TABLE + "test_law_16_more_than_four_candidates_the_four_lowest_play_lowest_deals",
    ),
    _law(
        17,
        "The table complete with six; the next lowest has the prior right",
        _TL + ".Table",
        _TABLE + "test_law_17_table_complete_with_six_next_lowest_has_the_prior_right",
    ),
    _law(
        18,
        "Two equal cards cut again",
        _CT,
        _TABLE + "test_law_18_two_equal_lowest_cut_again_for_the_deal_only",
    ),
    _law(
        19,
        "Three equal cards cut again",
        _CT,
        _TABLE + "test_law_19_three_equal_the_fourth_highest_two_lowest_of_the_new_cut_partners",
    ),
    _law(
        20,
        "Cutting out by consecutive rubbers",
        _TL + ".Table.cut_out",
        _TABLE + "test_law_20_cutting_out_most_consecutive_rubbers_go_out_ties_cut_highest_out",
    ),
    _law(
        21,
        "Declare before anyone has cut",
        _TL + ".Table.declare",
        _TABLE + "test_law_21_candidate_must_declare_before_anyone_has_cut",
        _TABLE + "test_law_21_a_candidate_who_declares_twice_is_listed_once",
        _CLUB + "test_law_21_a_candidate_who_declares_twice_is_listed_once_at_the_terminal",
    ),
    _law(
        22,
        "New tables: fresh candidates first",
        _TL + ".Club.new_table",
        _TABLE + "test_law_22_fresh_candidates_have_the_prior_right_at_a_new_table",
        _CLUB + "test_law_22_the_person_never_at_a_table_enters_a_new_table_first",
    ),
    _law(
        23,
        "A substitute with the consent of the other three",
        _TL + ".Table.substitute",
        _TABLE + "test_law_23_substitute_with_the_consent_of_the_other_three_for_that_rubber",
        _CLUB + "test_law_23_the_one_leaving_appoints_his_substitute",
    ),
    _law(
        24,
        "Cutting into another table loses re-entry",
        _TL + ".Club.cut_into",
        _TABLE + "test_law_24_cutting_into_another_table_loses_the_right_of_re_entry",
        _CLUB + "test_law_24_the_place_left_is_filled_at_once_at_the_terminal",
        note="his place is filled at once by the next by the cut (law 17); at the other "
        "table he declares for its next cut",
    ),
    _law(
        25,
        "The breaker-up of a table enters after the others",
        _TL + ".Club.break_up",
        _TABLE + "test_law_25_breaker_up_of_a_table_comes_after_the_others",
        _TABLE + "test_law_25_gives_the_players_priority_over_him_and_over_nobody_else",
        _CLUB + "test_law_25_the_broken_table_stands_after_those_waiting_at_the_terminal",
        note="Cavendish's reading: those already waiting at the other table keep their "
        "place before them (law 17); the code is silent on them",
    ),
    _recorded(
        26,
        "Not shuffled below the table or face up",
        "a physical act the program cannot see; the code gives no penalty (the "
        "dealer's reshuffle when a card is seen is law 32)",
    ),
    _recorded(
        27,
        "Not shuffled during the play",
        "a physical act: the program shuffles only between hands, and the code gives no penalty",
    ),
    _recorded(
        28,
        "Not shuffled into packets or across the table",
        "the manner of shuffling is physical; the code gives no penalty",
    ),
    _law(
        29,
        "Each player shuffles once",
        _DL + ".DealProcedure.shuffle",
        _DEAL + "test_law_29_each_player_shuffles_once",
    ),
    _law(
        30,
        "The dealer's partner collects and shuffles first",
        _DL,
        _DEAL + "test_law_30_dealers_partner_has_the_first_right_to_shuffle",
        _PACKS + "test_law_30_31_the_still_pack_made_up_by_the_dealers_partner_for_the_next_deal",
        _PACKS + "test_law_30_31_the_still_pack_made_up_during_the_play_is_dealt_next",
        _PACKS + "test_000_two_packs_deal_the_cards_one_generator_dealt_at_the_same_seed",
        _PACKS + "test_law_30_31_the_pack_dealt_is_in_the_record_pbn_and_json",
        _PACKS + "test_law_30_31_a_saved_table_keeps_the_still_pack_and_deals_it_on_resume",
        note="with two packs (Rules.packs, as clubs play, 000) each is a real pack "
        "(cavendish.laws.packs): while one is in play the dealer's partner shuffles the "
        "other, the still pack, and the next deal is cut and dealt from its order; told "
        "at each deal and in the record (PBN [Pack], the JSON log's pack). Cavendish's "
        "choice: the others waive their shuffle (laws 29, 32), one shuffle makes a pack up",
    ),
    _recorded(
        31,
        "The pack placed face down to the dealer's left",
        "where the pack is put is physical; the code gives no penalty (with two packs the "
        "still pack is placed, and kept, at the next dealer's left: "
        "cavendish.laws.packs.Pack.placed_at)",
    ),
    _law(
        32,
        "The dealer shuffles last, again if a card is seen",
        _DL,
        _DEAL + "test_law_32_dealer_shuffles_last_and_again_if_a_card_is_seen",
    ),
    _law(
        33,
        "The deal goes to the left",
        _DL,
        _DEAL + "test_law_33_the_deal_goes_round_from_the_dealers_left_and_passes_to_the_left",
    ),
    _law(
        34,
        "The cut: four cards a packet; a fresh cut",
        _DL + ".DealProcedure.cut",
        _DEAL + "test_law_34_cut_leaves_four_cards_a_packet_fresh_cut_on_exposure",
    ),
    _law(
        35,
        "The pack once separated is not cut again",
        _DL,
        _DEAL + "test_law_35_the_pack_once_separated_cannot_be_cut_again",
    ),
    _law(
        36,
        "The dealer shuffling after the cut loses the deal",
        _DL,
        _DEAL + "test_law_36_dealer_shuffles_after_the_cut_loses_the_deal",
    ),
    _law(
        37,
        "A new deal: pack imperfect, a card faced",
        _DL + ", " + _MP,
        _DEAL + "test_law_37_card_faced_in_the_pack_a_new_deal_by_the_same_dealer",
        _MIS + "test_law_37_pack_imperfect_during_the_play_same_dealer_deals_again",
    ),
    _law(
        38,
        "A card exposed in dealing",
        _DL,
        _DEAL + "test_law_38_card_exposed_by_the_dealer_adversaries_may_claim_a_new_deal",
        _PERSON + "test_law_38_41_a_computer_dealers_slip_is_the_persons_election",
        "tests/cli/test_laws_play.py::"
        "test_law_44_38_the_person_deals_and_misdeals_then_elects_on_an_exposed_card",
    ),
    _law(
        39,
        "Touching the cards during the deal",
        _DL,
        _DEAL + "test_law_39_touching_after_the_other_side_does_not_lose_the_claim",
    ),
    _law(
        40,
        "One of the last cards exposed, the trump turned at once",
        _DL,
        _DEAL + "test_law_40_one_of_the_last_cards_exposed_trump_turned_claim_kept",
    ),
    _law(
        41,
        "The dealer looks at the trump card",
        _DL,
        _DEAL + "test_law_41_dealer_looks_at_the_trump_card_adversaries_may_exact_a_new_deal",
    ),
    _law(
        42,
        "A card of the other pack",
        _DL + ", cavendish.laws.packs",
        _DEAL + "test_law_42_card_of_the_other_pack_adversaries_decide",
        _PACKS + "test_law_42_48_the_other_pack_and_the_adversarys_cards_need_two_packs",
        _PACKS + "test_law_42_46_the_other_pack_is_the_real_pack_not_dealt",
        _PACKS + "test_law_42_the_card_of_the_other_pack_comes_from_it_and_goes_back",
        _PACKS + "test_law_42_46_a_card_astray_is_kept_by_a_snapshot_of_the_packs",
        _ASTRAY + "test_law_42_a_card_of_the_other_pack_taken_into_a_hand_goes_back_to_it",
        _ASTRAY + "test_law_42_cavendish_play_laws_the_person_elects_on_a_card_of_the_other_pack",
        _PACKS + "test_law_42_46_cavendish_rule_scenarios_put_the_card_astray_in_the_real_packs",
        note="a card of the other pack taken into a hand is a real card of that pack, which "
        "lacks it (cavendish.laws.packs); fresh deal or not it goes back, and a deal that "
        "stands is the deal dealt (Cavendish's reading: the card taken in was a fourteenth, "
        "not one dealt); at a table under the laws a careless dealer's table draws the slip "
        "with his others; computers elect a fresh deal, a person is asked",
    ),
    _law(43, "A misdeal loses the deal", _DL, _DEAL + "test_law_43_misdeal_loses_the_deal"),
    _law(
        44,
        "What is a misdeal",
        _DL,
        _DEAL + "test_law_44_misdeals_out_of_rotation_face_down_fourteen_and_put_right",
        _PERSON + "test_law_43_44_38_41_the_persons_own_deal_slips_and_his_adversaries_elect",
        note="a person's own deals slip with cavendish play --laws --sloppy P --sloppy-me "
        "(the program deals for him)",
    ),
    _law(
        45,
        "An adversary touched the cards first",
        _DL,
        _DEAL + "test_law_45_adversary_touched_the_cards_first_the_dealer_keeps_the_deal",
    ),
    _law(
        46,
        "A short hand found after playing",
        _MP + ", " + _DL + ", cavendish.laws.packs",
        _MIS + "test_law_46_short_hand_found_after_playing_deal_stands_card_restored",
        _MIS + "test_law_46_short_hand_found_before_playing_a_new_deal",
        _DEAL + "test_law_46_card_missing_from_a_hand_named_for_the_play",
        _PACKS + "test_law_46_search_the_other_pack_needs_two_packs",
        _PACKS + "test_law_42_46_the_other_pack_is_the_real_pack_not_dealt",
        _PACKS + "test_law_46_the_search_takes_the_card_from_the_still_packs_real_order",
        _ASTRAY + "test_law_46_the_card_short_lies_in_the_still_pack_and_the_search_restores_it",
        _ASTRAY + "test_law_46_cavendish_play_laws_the_card_short_searched_in_the_other_pack",
        _PACKS + "test_law_42_46_cavendish_rule_scenarios_put_the_card_astray_in_the_real_packs",
        note="with two packs the card short fell among the other pack's cards in dealing and "
        "is shuffled into the still pack (53 cards); the search takes it from that pack's "
        "real order (52 again) and refuses where it is not there; at a table under the laws "
        "the short player searches once he has played a card (Cavendish's reading of 'he "
        "may search')",
    ),
    _law(
        47,
        "A pack proved imperfect: past scores stand",
        _MP + ", " + _DL,
        _MIS + "test_law_47_pack_proved_imperfect_hand_void_past_scores_stand",
        _DEAL + "test_law_47_pack_proved_imperfect_during_the_deal_same_dealer",
    ),
    _law(
        48,
        "Dealing out of turn or with the adversaries' pack",
        _DL,
        _DEAL + "test_law_48_dealing_out_of_turn_stopped_before_the_trump_is_turned",
        _PACKS + "test_law_42_48_the_other_pack_and_the_adversarys_cards_need_two_packs",
        _PACKS + "test_law_48_the_adversarys_real_pack_dealt_and_stopped",
        note="'the adversary's cards': each side deals with its own pack (Cavendish's "
        "reading), the other side's real pack taken up (cavendish.laws.packs); refused at "
        "a table of one pack",
    ),
    _law(
        49,
        "No shuffling or cutting for partner without permission",
        _DL,
        _DEAL + "test_law_49_no_cutting_or_shuffling_for_partner_without_the_opponents_permission",
    ),
    _law(
        50,
        "An interruption that fails",
        _DL,
        _DEAL + "test_law_50_interruption_that_fails_the_dealer_may_deal_again_after_a_misdeal",
    ),
    _law(
        51,
        "A partner's deal taken and misdealt",
        _DL,
        _DEAL + "test_law_51_partners_deal_taken_and_misdealt_passes_to_the_next_adversary",
    ),
    _law(
        52,
        "The trump card taken up; left on the table",
        _TC,
        _TRUMP + "test_law_52_trump_card_left_on_the_table_after_the_first_trick_is_liable",
        _TRUMP + "test_law_52_partner_reminds_the_dealer_in_time_no_liability",
    ),
    _law(
        53,
        "The trump card named after it was taken up",
        _TC,
        _TRUMP + "test_law_53_trump_card_named_after_it_was_taken_up_"
        "highest_or_lowest_trump_called",
    ),
    _law(
        54,
        "The trump card taken up too soon",
        _TC,
        _TRUMP + "test_law_54_trump_card_taken_up_too_soon_wrong_card_shown_is_liable",
    ),
    _law(
        55,
        "The dealer forgets the trump card",
        _TC,
        _TRUMP + "test_law_55_dealer_forgets_the_trump_card_call_repeated_not_changed",
    ),
    _law(
        56,
        "Exposed cards: several at once, dropped face up, named",
        _EX,
        _EXP + "test_law_56_card_dropped_face_up_is_exposed_below_the_table_is_not",
        _EXP + "test_law_56_several_cards_played_at_once_adversaries_choose_which_stands",
    ),
    _law(
        57,
        "Winning cards played without waiting for partner",
        _OO,
        _OOT + "test_law_57_leading_again_without_waiting_partner_called_to_win",
    ),
    _law(
        58,
        "Cards thrown on the table",
        _EX,
        _EXP + "test_law_58_hand_thrown_down_is_exposed_each_card_liable_to_the_adversary",
        _EXP + "test_law_58_one_player_alone_keeps_his_hand",
    ),
    _law(
        59,
        "All four throw down: the hand abandoned",
        _EX + ", " + _RV,
        _EXP + "test_law_59_all_four_throw_down_hand_abandoned_revoke_add_or_deduct_only",
        note="the tricks not played go as the first to throw down said (the code is silent)",
    ),
    _law(
        60,
        "A detached card named",
        _EX,
        _EXP + "test_law_60_detached_card_named_right_is_liable_named_wrong_suit_called",
    ),
    _law(
        61,
        "A call disobeyed is a revoke",
        _CS + ", " + _RV,
        _REV + "test_law_61_a_called_suit_not_led_incurs_the_revoke_penalty",
        _ST + "test_law_64_calls_never_force_a_revoke_and_a_breach_is_flagged_law_61",
        _EXP + "test_law_65_call_of_a_card_may_be_repeated_until_it_is_played",
    ),
    _law(
        62,
        "A lead out of turn",
        _OO,
        _OOT + "test_law_62_lead_out_of_turn_adversaries_call_the_card",
        _OOT + "test_law_62_lead_out_of_turn_suit_called_at_the_offenders_next_lead",
        _OOT + "test_law_62_offender_partner_of_the_rightful_leader_suit_called_at_once",
        _OOT + "test_law_62_lead_out_of_turn_accepted_stands",
    ),
    _law(
        63,
        "A lead out of turn followed",
        _OO,
        _OOT + "test_law_63_false_lead_followed_by_the_second_hand_taken_back",
        _OOT + "test_law_63_false_lead_followed_by_all_three_stands",
    ),
    _law(
        64,
        "No one compelled to revoke",
        _CS,
        _EXP + "test_law_64_no_call_can_make_a_player_revoke",
        _ST + "test_law_64_calls_never_force_a_revoke_and_a_breach_is_flagged_law_61",
    ),
    _law(
        65,
        "The call of a card repeated until it is played",
        _EX + ", " + _CS,
        _EXP + "test_law_65_call_of_a_card_may_be_repeated_until_it_is_played",
    ),
    _law(
        66,
        "A suit called from one who has none: paid",
        _EX + ", " + _OO,
        _EXP + "test_law_66_suit_called_from_a_player_who_has_none_the_penalty_is_paid",
    ),
    _law(
        67,
        "Third hand before second; fourth may follow",
        _OO,
        _OOT + "test_law_67_third_hand_before_second_then_fourth_without_penalty",
    ),
    _law(
        68,
        "Fourth hand before partner: win or not win",
        _OO,
        _OOT + "test_law_68_fourth_hand_before_partner_second_called_to_win",
        _OOT + "test_law_68_second_hand_called_not_to_win",
        _OOT + "test_law_68_cases_and_decisions_ace_played_early_"
        "second_hand_told_to_win_must_trump",
        _OOT + "test_law_68_cases_and_decisions_small_card_early_second_hand_must_play_small",
    ),
    _law(
        69,
        "A card not played to a trick",
        _MP,
        _MIS + "test_law_69_card_not_played_found_after_the_next_trick_deal_stands_surplus_counts",
        _MIS + "test_law_69_new_deal_claimed_by_the_adversaries",
        _MIS + "test_law_69_found_before_he_played_to_the_next_he_plays_to_it",
    ),
    _law(
        70,
        "Two cards to one trick; a card in the wrong trick",
        _MP,
        _MIS + "test_law_70_two_cards_to_one_trick_answerable_for_the_revokes_it_causes",
        _MIS + "test_law_70_found_during_the_hand_the_card_is_restored",
    ),
    _law(
        71,
        "What is a revoke",
        _CS + ", " + _RV,
        _REV + "test_law_71_a_card_of_another_suit_while_holding_the_suit_led_is_a_revoke",
    ),
    _law(
        72,
        "The revoke penalty",
        _RV + ", " + _SC,
        _REV + "test_law_72_revoke_penalty_options_election_and_score",
        _REV + "test_law_72_revoke_penalty_add_three",
        _REV + "test_law_72_revoke_penalty_deduct_three",
        _REV + "test_law_72v_golden_claimants_two_their_opponents_nothing_add_three_win_a_treble",
        _SCN + "test_law_72v_golden_scenario_reports_the_revoke_and_a_treble",
    ),
    _law(
        73,
        "When a revoke is established",
        _RV,
        _REV + "test_law_73_established_when_the_trick_is_turned_and_quitted",
        _REV + "test_law_73_established_when_the_revoking_side_plays_to_the_next_trick",
    ),
    _law(
        74,
        "Partner's question: having none?",
        _RV,
        _REV + "test_law_74_having_none_question_protects_and_answer_corrects",
        _REV + "test_law_74_answered_in_the_negative_the_revoke_is_established",
    ),
    _law(
        75,
        "The search of the tricks",
        _RV,
        _REV + "test_law_75_search_of_the_tricks_at_the_end_finds_the_revoke",
    ),
    _law(
        76,
        "A revoke corrected in time",
        _RV,
        _REV + "test_law_76_correction_adversaries_elect_highest_and_later_cards_come_back",
        _REV + "test_law_76_correction_card_called_becomes_exposed_and_liable",
    ),
    _law(
        77,
        "Cards mixed before examination",
        _RV,
        _REV + "test_law_77_cards_mixed_before_examination_establish_the_revoke",
    ),
    _law(
        78,
        "No claim after the next cut",
        _RV,
        _REV + "test_law_78_no_claim_after_the_cut_for_the_next_deal",
    ),
    _law(
        79,
        "The revoking side may have the hand played out",
        _RV,
        _REV + "test_law_79_revoke_claimed_during_the_hand_it_is_played_out",
        note="the arbiter always plays the hand out: the code gives no result for a hand stopped",
    ),
    _law(
        80,
        "Bets decided after the penalty",
        _GN + ".bet_winner",
        _GEN + "test_law_80_bets_decided_by_the_score_after_the_penalty",
    ),
    _law(
        81,
        "Revokes on both sides",
        _RV + ", " + _SC,
        _REV + "test_law_81_both_sides_revoke_each_elected_by_its_adversaries_neither_wins",
    ),
    _law(
        82,
        "The revoking side cannot win the game",
        _SC,
        _REV + "test_law_82_revoking_side_cannot_win_the_game_and_scores_no_more_than_four",
    ),
    _law(
        83,
        "Fresh cards before the cut",
        _DL,
        _DEAL + "test_law_83_fresh_cards_before_the_cut_not_after",
        "tests/cli/test_laws_play.py::"
        "test_law_83_fresh_cards_called_for_between_hands_at_the_terminal",
        _WEB_LAWS + "test_law_83_fresh_cards_called_for_between_hands_at_a_web_table",
    ),
    _law(
        84,
        "Who elects; consulting",
        _BS,
        _GEN + "test_law_84_partners_who_consult_lose_the_penalty_but_not_for_a_revoke",
        _GEN + "test_law_84_who_elects_and_a_demand_is_final",
    ),
    _law(
        85,
        "The cards placed before their players",
        _GN,
        _GEN + "test_law_85_cards_placed_before_the_players_until_gathered",
    ),
    _law(
        86,
        "Calling attention to the trick",
        _GN,
        _GEN + "test_law_86_attention_called_to_the_trick_partner_must_play_highest",
    ),
    _law(
        87,
        "Reasonable time to decide",
        _BS,
        _GEN + "test_law_87_reasonable_time_nothing_proceeds_while_a_decision_is_awaited",
    ),
    _law(
        88,
        "A bystander's remark",
        _GN,
        _GEN + "test_law_88_bystander_remark_players_may_make_him_pay",
        "tests/cli/test_laws_play.py::test_law_88_a_bystander_s_remark_typed_at_the_terminal",
        _WEB_LAWS
        + "test_law_88_a_bystanders_remark_at_a_web_table_puts_the_stakes_to_the_adversaries",
    ),
    _law(
        89,
        "A bystander decides by agreement",
        _GN,
        _GEN + "test_law_89_bystander_decides_by_agreement_of_all_final",
        "tests/cli/test_laws_play.py::"
        "test_law_89_a_bystander_decides_by_agreement_of_all_at_the_terminal",
        _WEB_LAWS
        + "test_law_89_a_question_referred_to_a_bystander_is_decided_finally_at_a_web_table",
        _WEB_LAWS
        + "test_law_89_by_agreement_among_the_players_each_person_at_a_web_table_is_asked",
    ),
    _recorded(
        90,
        "Torn or marked cards replaced",
        "torn or marked cards are physical; the program's cards cannot be torn",
    ),
    _law(
        91,
        "The last trick only may be seen",
        _GN + ", " + _CS,
        _GEN + "test_law_91_only_the_last_trick_may_be_seen",
    ),
    _law(
        DUMMY_I,
        "Dummy deals at the commencement of each rubber",
        _DL,
        _DEAL + "test_dummy_law_i_dummy_deals_at_the_commencement_of_each_rubber",
        _PACKS + "test_dummy_law_i_a_side_dealing_twice_running_shuffles_its_own_pack_the_still"
        "_pack_waits",
        note="with two packs, the dummy's side dealing twice running deals its own pack "
        "shuffled anew; the still pack waits for the other side (cavendish.laws.packs)",
    ),
    _law(
        DUMMY_II,
        "Dummy is not liable to the revoke penalty",
        _RV,
        _REV + "test_dummy_law_ii_dummy_is_not_liable_to_the_revoke_penalty",
    ),
    _law(
        DUMMY_III,
        "Dummy's partner not penalised where he can gain nothing; a lead from the wrong hand",
        _OO + ", " + _EX + ", " + _GN,
        _OOT + "test_dummy_law_iii_lead_from_the_wrong_hand_suit_called_from_the_right_one",
        _EXP + "test_dummy_law_iii_dummys_partner_may_expose_his_cards_without_penalty",
    ),
    _law(
        DOUBLE_DUMMY,
        "Double dummy: no misdeal",
        _DL,
        _DEAL + "test_double_dummy_there_is_no_misdeal",
    ),
)
"""Laws 1-91, then dummy (i-iii) and double dummy."""


DECISIONS: tuple[str, ...] = (
    "Rulings cite the laws of dummy and double dummy, which are not numbered, as "
    "101-104 (`cavendish.laws.names`).",
    "An attentive table (the default) notices an irregularity at once; a revoke, which "
    "nobody sees, is found by the search at the end of the hand (law 75) and claimed "
    "for the adversaries.  At an inattentive table irregularities wait for a claim.",
    "Law 73: a trick is turned and quitted when a card of the next trick is put down (or "
    "the hand ends); until then it lies on the table, and laws 74 and 85 apply to it.",
    "Law 61 is applied to every call disobeyed (a called card, a card to win or not to "
    "win, the highest or lowest): it is a revoke, and the call of a card stands (law 65). "
    "The checklist's reading of law 56 and law 82's 'Vide Rule 61' support it.",
    "Law 62: the adversaries may also accept the lead (play to it, law 63) or exact "
    "nothing; when the rightful leader is the offender's partner the suit is called at "
    "once (Cavendish's note).  A dummy's card led out of turn cannot be called.",
    "Law 76: every card played after the revoke is taken back and played again (its "
    "player may play the same card), which is the same as 'may withdraw'.",
    "Law 57: a winning card 'as against his adversaries' is one that no adversary still "
    "to play can beat by a higher card of the suit or by trumping.",
    "Law 53 gives one call; law 55's liability lasts the hand.  The call is offered "
    "whenever the liable player may lawfully play a trump, and may be made at any time.",
    "Law 59: the tricks not played go as the first player to throw down said.",
    "Law 79: the hand is always played out (the code gives no result for a hand stopped).",
    "Law 69: the imperfect trick goes to whoever wins it once the surplus card counts.",
    "Law 46: a short hand found before the player has played is a new deal by the same "
    "dealer (laws 37, 46).",
    "Laws 37, 38, 41, 42, 47: a new deal is made by the same dealer.",
    "Law 42: the card of the other pack is one a player takes into his hand beside the "
    "thirteen dealt him (a fourteenth, from the other pack, which lacks it); fresh deal "
    "or not, it goes back to its pack, and a deal that stands is the deal as dealt.  "
    "Law 46: the card short fell among the other pack's cards in dealing, is gathered "
    "into the still pack by the dealer's partner and shuffled in (53 cards); the player "
    "searches as soon as he has played a card (the code says he 'may').  A card astray "
    "never searched for goes back to its own pack before either pack is dealt (a pack "
    "is dealt whole), and a pack that lacked one is made up anew.",
    "Law 44(vi): the cross-reference to 'the second paragraph' is not applied.",
    "Double dummy: a faulty deal is dealt again by the same dealer.",
    "Law 84: unless the side agrees otherwise, the elector is the first player of the "
    "side to play after the offender (dummy's partner for a dummy).",
    "Law 16: 'those first in the room having the preference' is read as: those present "
    "and declared when the cut is made cut; anyone later ranks after them (law 17).",
    "Law 23: a substitute stands for that rubber only; the absent player keeps his place.",
)
"""What the implementation decided where the sources are silent or unclear."""

_TITLES = {law.number: law.title for law in LAWS}


def law_title(number: int) -> str:
    """The short title of a law, as the coverage table gives it (the terminal's and
    the web tables' rulings cite it beside the law's number).

    >>> law_title(62), law_title(102)
    ('A lead out of turn', 'Dummy is not liable to the revoke penalty')
    """
    if number == CASES:
        return "Cavendish's principles for cases the code omits"
    return _TITLES.get(number) or law_name(number)


def implemented_count() -> int:
    """How many of laws 1-91 are implemented and tested."""
    return sum(1 for law in LAWS if law.number <= 91 and law.status == "implemented")


def render_markdown() -> str:
    """``docs/laws.md``: the coverage table."""
    numbered = [law for law in LAWS if law.number <= 91]
    lines = [
        "# The laws of whist: coverage",
        "",
        "The club code of 1864 (laws 1-91, in seeds 002 and 003) and the laws of dummy",
        "and double dummy: where each law is adjudicated, the test that proves it, or why",
        "it is not.  A law counts as implemented only when code adjudicates it and a named",
        "test proves it.  This file is generated from `cavendish.laws.coverage`",
        "(`python -c 'from cavendish.laws.coverage import render_markdown as r; "
        'print(r(), end="")\' > docs/laws.md`);',
        "`tests/laws/test_laws_coverage.py` checks that it is up to date and that every",
        "test named exists.",
        "",
        f"**Implemented and tested: {implemented_count()} of 91.**  Recorded, not "
        f"adjudicated: {', '.join(str(x.number) for x in numbered if x.status != 'implemented')}.",
        "",
        "| Law | Subject | Where | Tests | Notes |",
        "|---|---|---|---|---|",
    ]
    for law in LAWS:
        name = law_name(law.number)
        if law.status == "implemented":
            where = f"`{law.where}`"
            tests = "<br>".join(f"`{t.split('/')[-1]}`" for t in law.tests)
            note = law.note
        else:
            where = "recorded, not adjudicated"
            tests = ""
            note = law.note
        lines.append(f"| {name} | {law.title} | {where} | {tests} | {note} |")
    lines += ["", "## Decisions where the code is silent or unclear", ""]
    lines += [f"* {d}" for d in DECISIONS]
    lines += [
        "",
        "Test files: laws 1-12 in `tests/scoring/`; the rest in `tests/laws/` "
        "(`test_laws_table.py`, `test_laws_deal.py`, `test_laws_trump_card.py`, "
        "`test_laws_exposed.py`, `test_laws_out_of_turn.py`, `test_laws_misplay.py`, "
        "`test_laws_revoke.py`, `test_laws_general.py`, `test_laws_scenario.py`, "
        "`test_laws_state.py`).",
        "",
    ]
    return "\n".join(lines)

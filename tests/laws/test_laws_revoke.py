"""The revoke (laws 61, 71-82, dummy law ii), played through the arbiter.

The grid deal (laws_helpers.GRID): N holds S AKQJ H 432 D 765 C T98, E S T98 H AKQJ
D 432 C 765, S S 765 H T98 D AKQJ C 432, W S 432 H 765 D T98 C AKQJ; S deals, W
leads, spades are trumps (N-S hold the four honours).
"""

from __future__ import annotations

import pytest
from laws_helpers import EW, GRID, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.core.deal import Deal
from cavendish.core.events import Elected, Ruling
from cavendish.core.rules import get_rules
from cavendish.laws import Arbiter, NotAllowed, auto_elect
from cavendish.laws.names import DUMMY_II
from cavendish.scoring import ScoreSheet


def revoke_by_north() -> Arbiter:
    """W leads H5 and N, holding hearts, plays C8; E and S follow."""
    arb = arbiter()
    play_tricks(arb, "H5 C8 HA H8")
    return arb


def test_law_71_a_card_of_another_suit_while_holding_the_suit_led_is_a_revoke() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 C8")  # N holds H 432
    assert arb.state.events[-1].revoke  # type: ignore[union-attr]
    assert [(r.seat, r.law, r.status) for r in arb.revokes] == [(N, 71, "open")]
    arb2 = arbiter()
    play_tricks(arb2, "H5 H2 HA H8 D2 DA DT D5 C2 CA C8 C5 S2 SA S8")
    # following suit, or renouncing a suit one does not hold, is no revoke
    play_tricks(arb2, "S5")
    assert arb2.revokes == []


def test_law_72_revoke_penalty_options_election_and_score() -> None:
    arb = revoke_by_north()
    # play the hand out with the lowest legal cards, electing by hand at the end
    while not arb.state.is_over:
        seat = arb.state.turn
        arb.play(seat, arb.state.legal_cards(seat)[0])
    decision = arb.pending()
    assert decision is not None and decision.law == 72 and decision.side == EW
    assert decision.options == ("tricks", "deduct", "add") and decision.consult
    tricks_before = (arb.state.tricks_won(NS), arb.state.tricks_won(EW))
    arb.elect(EW, "tricks")
    result = arb.result()
    assert result is not None and [(r.side, r.penalty) for r in result.revokes] == [(NS, "tricks")]
    score = arb.score()
    assert score is not None
    # three tricks taken from N-S and added to E-W's own (Cavendish's note)
    assert score.tricks == (tricks_before[0] - 3, tricks_before[1] + 3)
    assert any(isinstance(e, Elected) and e.option == "tricks" for e in arb.events)


def test_law_72_revoke_penalty_add_three() -> None:
    arb = revoke_by_north()
    play_out_manual(arb)
    arb.elect(EW, "add")
    score = arb.score()
    assert score is not None and score.points[EW] >= 3
    assert score.penalties == ((NS, "add"),)


def test_law_72_revoke_penalty_deduct_three() -> None:
    arb = arbiter(score=(3, 0))
    play_tricks(arb, "H5 C8 HA H8")
    play_out_manual(arb)
    arb.elect(EW, "deduct")
    score = arb.score()
    assert score is not None and score.penalties == ((NS, "deduct"),)
    # N-S stood at 3: three deducted first (law 5), then their tricks and honours count,
    # but they cannot reach the game (law 82)
    assert "law 72: 3 deducted from NS's score for a revoke" in score.notes
    assert score.game_winner is None and score.after[NS] <= 4


def play_out_manual(arb: Arbiter) -> None:
    while not arb.state.is_over:
        seat = arb.state.turn
        arb.play(seat, arb.state.legal_cards(seat)[0])


def golden_deal() -> Deal:
    """N all the spades (trumps), E the hearts but the two, S the diamonds but the two
    and the two of hearts, W the clubs; N deals and turns up S2."""
    return Deal.from_pbn(
        "N:AKQJT98765432... .AKQJT9876543.2. .2.AKQJT9876543. ...AKQJT98765432",
        dealer="N",
        trump_card="S2",
    )


def test_law_72v_golden_claimants_two_their_opponents_nothing_add_three_win_a_treble() -> None:
    """Law 72(v): "The claimants two—their opponents nothing—the former add three to
    their score—and thereby win a treble game, even should the latter have made
    thirteen tricks, and held four honours."""
    arb = Arbiter(golden_deal(), get_rules("short"), score=(0, 2))
    arb.play(E, c("HA"))
    arb.play(S, c("D3"))  # S holds H2: a revoke
    arb.play(W, c("C2"))
    arb.play(N, c("S2"))
    while not arb.state.is_over:
        seat = arb.state.turn
        arb.play(seat, arb.state.legal_cards(seat)[-1])
    assert arb.state.tricks_won(NS) == 13 and arb.deal.honours(NS) == 4
    decision = arb.pending()
    assert decision is not None and decision.side == EW
    arb.elect(EW, "add")
    score = arb.score()
    assert score is not None
    assert score.game_winner == EW and score.game_value == 3 and score.after == (0, 5)
    # the computer's rule elects the same, being worth the most at the score
    again = Arbiter(golden_deal(), get_rules("short"), score=(0, 2))
    for a in arb.actions[:-1]:
        getattr(again, a.name)(**a.kwargs())
    assert auto_elect(again) == ["add"]


def test_law_73_established_when_the_trick_is_turned_and_quitted() -> None:
    arb = revoke_by_north()
    assert arb.revokes[0].status == "open"  # the trick lies on the table: correctable
    arb.play(E, c("S8"))  # E leads to the next trick: the revoke trick is quitted
    assert arb.revokes[0].status == "established"
    with pytest.raises(NotAllowed, match="law 73"):
        arb.correct_revoke(N)


def test_law_73_established_when_the_revoking_side_plays_to_the_next_trick() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA DJ")  # S, fourth hand, holds H T98: a revoke
    assert arb.revokes[0].status == "open"
    arb.play(N, c("SA"))  # N, his partner, leads out of turn
    assert arb.revokes[0].status == "established"
    assert "following trick" in arb.revokes[0].how


def test_law_74_having_none_question_protects_and_answer_corrects() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA DJ")  # S revokes; the trick is complete, still on the table
    arb.ask_having_none(N)
    decision = arb.pending()
    assert decision is not None and decision.answer and decision.seat == S
    assert decision.options == ("correct", "none") and decision.law == 74
    arb.elect(NS, "correct")
    # the revoke is corrected (law 76): DJ back, S must now follow; E-W elect a penalty
    assert arb.revokes[0].status == "corrected"
    assert arb.state.hand(S) >> c("DJ") & 1 and arb.state.trick_number == 0
    following = arb.pending()
    assert following is not None and following.law == 76 and following.side == EW


def test_law_74_answered_in_the_negative_the_revoke_is_established() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA DJ")
    arb.ask_having_none(N)
    arb.elect(NS, "none")
    arb.play(E, c("S8"))  # the trick is quitted: established despite the question
    assert arb.revokes[0].status == "established"
    # asked of a partner who truly has none: no revoke, nothing to answer
    arb2 = Arbiter(golden_deal(), get_rules("short"))
    play_tricks(arb2, "HA H2 C2")  # W holds no heart
    arb2.ask_having_none(E)
    assert arb2.pending() is None and arb2.rulings[-1].what.endswith("W has none")


def test_law_75_search_of_the_tricks_at_the_end_finds_the_revoke() -> None:
    arb = revoke_by_north()
    play_out_manual(arb)
    found = [r for r in arb.rulings if r.law == 71]
    assert len(found) == 1 and "N" in found[0].what and "trick 1" in found[0].what
    # an inattentive table searches when it claims
    quiet = arbiter(attentive=False)
    play_tricks(quiet, "H5 C8 HA H8")
    play_out_manual(quiet)
    assert quiet.pending() is None and quiet.result() is not None
    quiet.claim_revoke(EW)
    assert quiet.pending() is not None and quiet.pending().law == 72  # type: ignore[union-attr]
    quiet2 = arbiter(attentive=False)
    play_tricks(quiet2, "H5 C8 HA H8")
    play_out_manual(quiet2)
    quiet2.claim_revoke(NS)  # N-S search E-W's tricks: nothing
    assert "no revoke found" in quiet2.rulings[-1].what


def test_law_76_correction_adversaries_elect_highest_and_later_cards_come_back() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 C8 HA")  # N revokes second hand, E has played after him
    arb.correct_revoke(N)
    decision = arb.pending()
    assert decision is not None and decision.law == 76 and decision.side == EW
    assert decision.options == ("card", "highest", "lowest", "pass")
    ruling = arb.ruling_of(decision)
    assert ruling is not None and "E's HA taken back" in ruling.what
    assert arb.state.current_trick == [(W, c("H5"))]
    arb.elect(EW, "highest")
    assert names(arb.state.legal_mask(N)) == ["H4"]  # his highest heart to that trick
    arb.play(N, c("H4"))
    assert arb.state.legal_cards(E)  # E may play another card now (not liable)
    assert arb.state.exposed(E) == 0
    arb.play(E, c("HJ"))
    play_out_manual(arb)
    result = arb.result()
    assert result is not None and result.revokes == ()


def test_law_76_correction_card_called_becomes_exposed_and_liable() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 C8")
    arb.correct_revoke(N)
    arb.elect(EW, "card")
    assert arb.liable(N) == {c("C8"): 76}
    assert arb.state.exposed(N) == c("C8").mask


def test_law_77_cards_mixed_before_examination_establish_the_revoke() -> None:
    arb = arbiter(attentive=False)
    play_tricks(arb, "H5 H2 HA H8")
    play_out_manual(arb)
    arb.claim_revoke(EW, search=False)
    arb.mix_cards(N)  # the accused side mixes before the tricks are examined
    upheld = [r for r in arb.rulings if r.law == 77]
    assert upheld and "established" in upheld[0].what
    decision = arb.pending()
    assert decision is not None and decision.law == 72


def test_law_78_no_claim_after_the_cut_for_the_next_deal() -> None:
    arb = arbiter(attentive=False)
    play_tricks(arb, "H5 C8 HA H8")
    play_out_manual(arb)
    arb.cut_for_next()
    with pytest.raises(NotAllowed, match="law 78"):
        arb.claim_revoke(EW)
    result = arb.result()
    assert result is not None and result.revokes == ()


def test_law_79_revoke_claimed_during_the_hand_it_is_played_out() -> None:
    arb = arbiter(attentive=False)
    play_tricks(arb, "H5 C8 HA H8 S8")  # established: trick 2 begun
    arb.claim_revoke(EW)
    assert any(r.law == 79 for r in arb.rulings)
    assert not arb.is_over and arb.pending() is None  # play goes on
    play_out_manual(arb)
    assert arb.pending() is not None and arb.pending().law == 72  # type: ignore[union-attr]


def test_law_81_both_sides_revoke_each_elected_by_its_adversaries_neither_wins() -> None:
    arb = arbiter(score=(4, 4))
    play_tricks(arb, "H5 C8 HA H8")  # N revokes
    play_tricks(arb, "D2 DA CJ")  # W holds D T98: W revokes
    play_out_manual(arb)
    sides = [(d.side, d.law) for d in arb.decisions if d.law == 72]
    assert sorted(sides) == [(NS, 72), (EW, 72)]
    auto_elect(arb)
    score = arb.score()
    assert score is not None and score.game_winner is None
    assert max(score.after) <= 4


def test_law_82_revoking_side_cannot_win_the_game_and_scores_no_more_than_four() -> None:
    # N-S at 4 hold the four honours and take most tricks, but N revoked
    arb = arbiter(score=(4, 0))
    play_tricks(arb, "H5 C8 HA H8")
    play_out_manual(arb)
    arb.elect(EW, "deduct")
    score = arb.score()
    assert score is not None and score.game_winner is None and score.after[NS] <= 4


def test_law_61_a_called_suit_not_led_incurs_the_revoke_penalty() -> None:
    arb = arbiter()
    arb.play(E, c("HA"))  # E leads out of turn; W, his partner, is to lead
    decision = arb.pending()
    assert decision is not None and "suit:D" in decision.options  # called at once from W
    arb.elect(NS, "suit:D")
    assert names(arb.state.legal_mask(W)) == ["D8", "D9", "DT"]
    arb.play(W, c("CA"))  # leads another suit, holding diamonds
    case = arb.revokes[0]
    assert case.seat == W and case.law == 61
    play_out_manual(arb)
    assert any(d.law == 72 and d.side == NS for d in arb.decisions)


def test_dummy_law_ii_dummy_is_not_liable_to_the_revoke_penalty() -> None:
    rules = get_rules("dummy")
    # attentive: dummy's revoke is seen at once and put right without penalty
    arb = Arbiter(GRID, rules, dummies=(N,))
    play_tricks(arb, "H5 C8")
    assert [r.law for r in arb.rulings][-1] == DUMMY_II
    assert arb.state.turn == N and arb.pending() is None
    # not noticed until the trick is quitted: it stands good, no penalty
    quiet = Arbiter(GRID, rules, dummies=(N,), attentive=False)
    play_tricks(quiet, "H5 C8 HA H8")
    play_out_manual(quiet)
    quiet.claim_revoke(EW)
    assert any(r.law == DUMMY_II and "stands good" in r.what for r in quiet.rulings)
    result = quiet.result()
    assert result is not None and result.revokes == ()


def test_law_72_penalty_goes_to_the_score_sheet() -> None:
    arb = revoke_by_north()
    play_out_manual(arb)
    auto_elect(arb)
    result = arb.result()
    assert result is not None
    sheet = ScoreSheet(get_rules("short"))
    scored = sheet.record(result)
    assert scored.penalties and scored.penalties[0][0] == NS
    assert any(isinstance(e, Ruling) and e.law == 72 for e in arb.events)

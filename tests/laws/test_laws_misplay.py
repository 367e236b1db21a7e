"""Cards not played to a trick or played to the wrong one, a short hand, a bad pack
(laws 37, 46, 47, 69, 70)."""

from __future__ import annotations

import pytest
from laws_helpers import EW, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.core.events import PlayOmitted, SurplusPlayed
from cavendish.core.rules import get_rules
from cavendish.laws import Arbiter, NotAllowed
from cavendish.scoring import HandResult, ScoreSheet


def finish(arb: Arbiter) -> None:
    while not arb.state.is_over:
        seat = arb.state.turn
        arb.play(seat, arb.state.legal_cards(seat)[0])


def test_law_69_card_not_played_found_after_the_next_trick_deal_stands_surplus_counts() -> None:
    arb = arbiter(attentive=False)
    play_tricks(arb, "H5 H2 HA")
    arb.omit(S)  # the trick is gathered without S's card
    assert arb.state.tricks[0].missing == (S,) and arb.state.tricks[0].winner == E
    play_tricks(arb, "S8 S5")  # S has played to the next trick
    arb.claim_omission(EW)
    d = arb.pending()
    assert d is not None and d.law == 69 and d.options == ("new-deal", "stand")
    arb.elect(EW, "stand")
    finish(arb)
    assert any(isinstance(e, SurplusPlayed) for e in arb.events)
    trick = arb.state.tricks[0]
    assert trick.missing == () and len(trick.cards) == 4
    result = arb.result()
    assert result is not None and sum(result.tricks) == 13 and result.revokes == ()


def test_law_69_new_deal_claimed_by_the_adversaries() -> None:
    arb = arbiter(attentive=False)
    play_tricks(arb, "H5 H2 HA")
    arb.omit(S)
    play_tricks(arb, "S8 S5")
    arb.claim_omission(EW)
    arb.elect(EW, "new-deal")
    assert arb.void == "law 69" and arb.next_dealer == S and arb.result() is None


def test_law_69_found_before_he_played_to_the_next_he_plays_to_it() -> None:
    arb = arbiter()  # an attentive table sees it at once
    play_tricks(arb, "H5 H2 HA")
    arb.omit(S)
    d = arb.pending()
    assert d is not None and d.answer and d.seat == S
    assert d.options == ("play:H8", "play:H9", "play:HT")
    arb.elect(NS, "play:HT")
    assert arb.state.tricks[0].cards == (c("H5"), c("H2"), c("HA"), c("HT"))
    assert arb.state.turn == E


def test_law_70_two_cards_to_one_trick_answerable_for_the_revokes_it_causes() -> None:
    arb = arbiter(attentive=False)
    arb.play(W, c("CA"))
    arb.play_two(N, c("C8"), c("C9"))  # C9 goes into the trick unseen
    assert arb.state.mislaid(N) == c("C9").mask
    play_tricks(arb, "C5 C2")
    play_tricks(arb, "CK CT C6 C3")  # N's last club in hand
    arb.play(W, c("CQ"))
    arb.play(N, c("H2"))  # no club in his hand, but C9 is his: a revoke (law 70)
    assert arb.revokes and arb.revokes[0].seat == N
    finish(arb)
    last = arb.state.tricks[-1]
    assert N in last.missing  # he has no card for the last trick
    assert any(isinstance(e, PlayOmitted) and e.law == 70 for e in arb.events)


def test_law_70_found_during_the_hand_the_card_is_restored() -> None:
    arb = arbiter()
    arb.play(W, c("H5"))
    arb.play_two(N, c("H2"), c("C8"))
    play_tricks(arb, "HA H8")
    arb.count_tricks(EW)
    assert arb.rulings[-1].law == 70 and "restored" in arb.rulings[-1].what
    assert arb.state.hand(N) >> c("C8") & 1 and arb.state.mislaid(N) == 0
    arb.count_tricks(NS)
    assert "none has a card too many" in arb.rulings[-1].what


def test_law_46_short_hand_found_after_playing_deal_stands_card_restored() -> None:
    arb = arbiter(missing={N: c("C8")})
    assert arb.state.hand(N) & c("C8").mask == 0
    play_tricks(arb, "H5 H2 HA H8")
    arb.find_missing(N)
    assert arb.state.hand(N) >> c("C8") & 1 and arb.void is None
    assert arb.rulings[-1].law == 46
    # he is answerable for revokes as if the missing card had been in his hand
    arb2 = arbiter(attentive=False, missing={N: c("C8")})
    play_tricks(arb2, "CA CT C5 C2 CK C9 C6 C3 CQ")
    arb2.play(N, c("H2"))
    assert arb2.revokes and arb2.revokes[0].law == 71


def test_law_46_short_hand_found_before_playing_a_new_deal() -> None:
    arb = arbiter(missing={N: c("C8")})
    arb.find_missing(N)
    assert arb.void == "law 46" and arb.next_dealer == S
    with pytest.raises(NotAllowed):
        arb.play(W, c("H5"))


def test_law_47_pack_proved_imperfect_hand_void_past_scores_stand() -> None:
    sheet = ScoreSheet(get_rules("short"))
    sheet.record(HandResult((9, 4)))
    before = (sheet.score, list(sheet.hands))
    arb = arbiter(score=sheet.score)
    play_tricks(arb, "H5 H2 HA H8")
    arb.prove_imperfect_pack(E)
    assert arb.void == "law 47" and arb.next_dealer == arb.deal.dealer
    assert arb.result() is None and arb.score() is None
    assert (sheet.score, list(sheet.hands)) == before


def test_law_37_pack_imperfect_during_the_play_same_dealer_deals_again() -> None:
    arb = arbiter()
    arb.prove_imperfect_pack(W)
    assert arb.next_dealer == S and arb.is_over and "same dealer" in arb.rulings[-1].what
    assert names(arb.state.legal_mask(W))  # the hand itself is untouched, only void

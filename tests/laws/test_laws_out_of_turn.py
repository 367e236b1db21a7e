"""Leads and plays out of turn (laws 57, 62, 63, 67, 68; dummy law iii)."""

from __future__ import annotations

import pytest
from laws_helpers import EW, GRID, MIX, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.core.deal import Deal
from cavendish.core.events import CardPlayed, LeaderChanged
from cavendish.core.rules import get_rules
from cavendish.laws import Arbiter, AwaitingDecision, NotAllowed, auto_elect
from cavendish.laws.names import CASES, DUMMY_III


def test_law_62_lead_out_of_turn_adversaries_call_the_card() -> None:
    arb = arbiter()
    arb.play(N, c("SA"))  # W is to lead
    d = arb.pending()
    assert d is not None and d.law == 62 and d.side == EW
    assert d.options == ("card", "suit", "accept", "pass")
    with pytest.raises(AwaitingDecision):
        arb.play(W, c("H5"))  # law 87: nothing goes on until they decide
    arb.elect(EW, "card")
    assert arb.liable(N) == {c("SA"): 62} and arb.state.turn == W
    # N must play the card called at the first moment he lawfully can
    play_tricks(arb, "H5 H2 HA H8 D2 DA DT D5 C2 CA")  # N holds C T98: cannot play SA
    assert arb.pending() is None
    arb.play(N, c("C8"))
    play_tricks(arb, "C5")
    play_tricks(arb, "CK")  # W leads clubs again; N holds C T9
    arb.play(N, c("C9"))
    play_tricks(arb, "C6 C3")
    play_tricks(arb, "CQ")  # N holds only CT in clubs
    arb.play(N, c("CT"))
    play_tricks(arb, "C7 C4")
    arb.play(W, c("CJ"))  # N is void of clubs: SA can be played, the call is offered
    d = arb.pending()
    assert d is not None and d.options == ("call:SA", "pass") and d.side == EW
    arb.elect(EW, "call:SA")
    assert names(arb.state.legal_mask(N)) == ["SA"]
    arb.play(N, c("SA"))
    assert arb.liable(N) == {}


def test_law_62_lead_out_of_turn_suit_called_at_the_offenders_next_lead() -> None:
    arb = arbiter()
    arb.play(N, c("SA"))
    arb.elect(EW, "suit")
    assert arb.state.exposed(N) == 0 and arb.liable(N) == {}  # the card goes back
    play_tricks(arb, "D8 D5 D2 DA")  # S wins: N-S have the lead
    d = arb.pending()
    assert d is not None and d.law == 62 and d.seat == W and d.topic == "suit-call"
    arb.elect(EW, "suit:H")
    assert names(arb.state.legal_mask(S)) == ["H8", "H9", "HT"]


def test_law_62_offender_partner_of_the_rightful_leader_suit_called_at_once() -> None:
    arb = arbiter()
    arb.play(E, c("HA"))  # W, E's partner, is to lead
    d = arb.pending()
    assert d is not None and d.side == NS
    assert d.options == ("card", "suit:S", "suit:H", "suit:D", "suit:C", "accept", "pass")
    arb.elect(NS, "suit:S")
    assert names(arb.state.legal_mask(W)) == ["S2", "S3", "S4"]


def test_law_62_lead_out_of_turn_accepted_stands() -> None:
    arb = arbiter()
    arb.play(N, c("SA"))
    arb.elect(EW, "accept")
    assert arb.state.leader == N and arb.state.current_trick == [(N, c("SA"))]
    play_tricks(arb, "S8 S5 S2")
    assert arb.state.tricks[0].winner == N and arb.state.turn == N


def test_law_63_false_lead_followed_by_the_second_hand_taken_back() -> None:
    arb = arbiter(attentive=False)
    arb.play(N, c("SA"))  # unnoticed: E follows
    assert any(isinstance(e, LeaderChanged) for e in arb.events)
    arb.play(E, c("S8"))
    arb.claim_lead_out_of_turn(EW)
    d = arb.pending()
    assert d is not None and d.law == 63 and d.options == ("card", "suit", "pass")
    ruling = arb.ruling_of(d)
    assert ruling is not None and "E's S8 taken back without penalty" in ruling.what
    assert arb.state.hand(E) >> c("S8") & 1 and arb.state.exposed(E) == 0
    assert arb.state.turn == W and arb.state.current_trick == []
    arb.elect(EW, "card")
    assert arb.liable(N) == {c("SA"): 63}


def test_law_63_false_lead_followed_by_all_three_stands() -> None:
    arb = arbiter(attentive=False)
    arb.play(N, c("SA"))
    play_tricks(arb, "S8 S5 S2")
    assert arb.rulings[-1].law == 63 and "cannot be rectified" in arb.rulings[-1].what
    assert arb.state.tricks[0].winner == N
    with pytest.raises(NotAllowed, match="law 63"):
        arb.claim_lead_out_of_turn(EW)


def test_law_67_third_hand_before_second_then_fourth_without_penalty() -> None:
    arb = arbiter(MIX)
    arb.play(W, c("HQ"))
    arb.play(E, c("HA"))  # third hand before the second (N)
    assert arb.rulings[-1].law == 67 and arb.pending() is None
    arb.play(S, c("H3"))  # fourth hand before his partner: no penalty now
    assert arb.rulings[-1].law == 67 and arb.pending() is None
    arb.play(N, c("H5"))
    trick = arb.state.tricks[0]
    assert [str(x) for x in trick.cards] == ["HQ", "H5", "HA", "H3"] and trick.winner == E


def test_law_68_fourth_hand_before_partner_second_called_to_win() -> None:
    arb = arbiter(MIX)
    arb.play(W, c("HQ"))
    arb.play(S, c("H7"))  # fourth hand before his partner N, the third not having played
    d = arb.pending()
    assert d is not None and d.law == 68 and d.side == EW
    assert d.options == ("win", "not_win", "pass")
    arb.elect(EW, "win")
    assert names(arb.state.legal_mask(N)) == ["HK"]
    arb.play(N, c("HK"))
    arb.play(E, c("H2"))
    assert [str(x) for x in arb.state.tricks[0].cards] == ["HQ", "HK", "H2", "H7"]


def test_law_68_second_hand_called_not_to_win() -> None:
    arb = arbiter(MIX)
    arb.play(W, c("HQ"))
    arb.play(S, c("H7"))
    arb.elect(EW, "not_win")
    assert names(arb.state.legal_mask(N)) == ["H5", "H9"]
    # Cases and Decisions: fourth hand playing after his partner gains nothing
    arb2 = arbiter(MIX)
    play_tricks(arb2, "HQ HK")
    arb2.play(S, c("H7"))  # before E, the third hand; his partner N has played
    assert arb2.rulings[-1].law == CASES and arb2.pending() is None


def test_law_57_leading_again_without_waiting_partner_called_to_win() -> None:
    arb = arbiter(MIX)
    play_tricks(arb, "CA C3")
    arb.play(W, c("CT"))  # W leads again before E, his partner, has played
    d = arb.pending()
    assert d is not None and d.law == 57 and d.options == ("win:1", "win:2", "pass")
    assert arb.liable(W) == {c("CT"): 57}
    arb.elect(NS, "win:2")
    play_tricks(arb, "C4 C5")  # trick 1 to W's ace
    d = arb.pending()  # W leads: his exposed CT may be called
    assert d is not None and d.options[0] == "call:CT"
    arb.elect(NS, "call:CT")
    arb.play(W, c("CT"))
    arb.play(N, c("C7"))
    assert names(arb.state.legal_mask(E)) == ["CQ"]  # E must win trick 2, as he can


def test_dummy_law_iii_lead_from_the_wrong_hand_suit_called_from_the_right_one() -> None:
    arb = Arbiter(GRID, get_rules("dummy"), dummies=(N,))
    play_tricks(arb, "D8 D5 D2 DA")  # S wins: S's hand is to lead
    arb.play(N, c("SA"))  # the player leads from dummy's hand instead
    d = arb.pending()
    assert d is not None and d.law == DUMMY_III
    assert d.options == ("suit:S", "suit:H", "suit:D", "suit:C", "pass")
    assert arb.state.exposed(N) == 0  # the card goes back, not liable
    arb.elect(EW, "suit:C")
    assert names(arb.state.legal_mask(S)) == ["C2", "C3", "C4"]
    assert not any(isinstance(e, CardPlayed) and e.card == c("SA") for e in arb.events)


def void_north() -> Deal:
    """MIX with N's hearts and E's spades exchanged: N has no heart."""
    return Deal.from_pbn(
        "N:AJT7632..Q84.J73 .AKT9652.K95.Q84 Q84.J73.AT62.K95 K95.Q84.J73.AT62",
        dealer="S",
        trump_card="D2",
    )


def test_law_68_cases_and_decisions_ace_played_early_second_hand_told_to_win_must_trump() -> None:
    """Cases and Decisions: "Say, the fourth hand plays an ace out of turn.  The second
    hand may be required to win the trick.  If he has none of the suit he must trump it."
    """
    arb = Arbiter(void_north(), get_rules("short"))
    arb.play(W, c("H4"))
    arb.play(S, c("HJ"))  # the highest heart out: it would win the trick
    assert auto_elect(arb) == ["win"]  # the computer's rule follows the Cases
    assert names(arb.state.legal_mask(N)) == ["D4", "D8", "DQ"]  # none of the suit: trump


def test_law_68_cases_and_decisions_small_card_early_second_hand_must_play_small() -> None:
    """ "... if the fourth hand plays a small card, and the second is called on not to
    win the trick, he must play a small card also."""
    arb = arbiter(MIX)
    arb.play(W, c("H8"))
    arb.play(S, c("H3"))
    assert auto_elect(arb) == ["not_win"]
    assert names(arb.state.legal_mask(N)) == ["H5"]  # not the K or the 9

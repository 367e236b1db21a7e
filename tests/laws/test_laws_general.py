"""General rules (laws 80, 84-89, 91) and the arbiter's record of rulings."""

from __future__ import annotations

import pytest
from laws_helpers import EW, MIX, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.core.rules import get_rules
from cavendish.laws import Arbiter, AwaitingDecision, NotAllowed, bet_winner
from cavendish.laws.names import DUMMY_III
from cavendish.scoring import HandResult, Revoke, score_club


def test_law_80_bets_decided_by_the_score_after_the_penalty() -> None:
    rules = get_rules("short")
    hand = HandResult((7, 6), revokes=(Revoke(NS, "tricks"),))
    scored = score_club(rules, (0, 0), hand)
    # without the penalty N-S would have the odd trick; after it, E-W have it
    assert bet_winner(score_club(rules, (0, 0), HandResult((7, 6))), "odd-trick") == NS
    assert bet_winner(scored, "odd-trick") == EW
    assert bet_winner(scored, "score") == EW
    with pytest.raises(NotAllowed, match="law 80"):
        bet_winner(scored, "rubber")


def test_law_84_partners_who_consult_lose_the_penalty_but_not_for_a_revoke() -> None:
    arb = arbiter()
    arb.play(N, c("SA"))  # a lead out of turn: E-W may not consult
    arb.consult(EW)
    assert arb.pending() is None and arb.liable(N) == {}
    assert "right lost" in arb.rulings[-1].what and arb.rulings[-1].law == 84
    # a revoke penalty: they may consult, and then elect
    rev = arbiter()
    play_tricks(rev, "H5 C8 HA H8")
    while not rev.state.is_over:
        rev.play(rev.state.turn, rev.state.legal_cards()[0])
    rev.consult(EW)
    assert rev.pending() is not None and "allowed" in rev.rulings[-1].what
    rev.elect(EW, "add")
    assert rev.result() is not None


def test_law_84_who_elects_and_a_demand_is_final() -> None:
    arb = arbiter()
    arb.designate(EW, W)
    arb.play(N, c("SA"))
    d = arb.pending()
    assert d is not None and d.seat == W
    with pytest.raises(NotAllowed, match="law 84"):
        arb.elect(EW, "card", by=E)  # they agreed W elects
    arb.elect(EW, "card", by=W)
    with pytest.raises(NotAllowed, match="law 84"):
        arb.elect(EW, "suit", by=W)  # the demand is final
    with pytest.raises(NotAllowed, match="law 84"):
        arb.designate(EW, N)


def test_law_85_cards_placed_before_the_players_until_gathered() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2")
    assert arb.placed(E) == [(W, c("H5")), (N, c("H2"))]
    play_tricks(arb, "HA H8")  # the four cards are played, not yet gathered
    assert arb.placed(S) == [(W, c("H5")), (N, c("H2")), (E, c("HA")), (S, c("H8"))]
    assert arb.placed_trick(S, 1)[2] == (E, c("HA"))
    arb.play(E, c("S8"))  # the next lead: the first trick is gathered
    with pytest.raises(NotAllowed, match="law 85"):
        arb.placed_trick(S, 1)
    assert arb.placed(S) == [(E, c("S8"))]


def test_law_86_attention_called_to_the_trick_partner_must_play_highest() -> None:
    arb = arbiter(MIX)
    arb.play(W, c("HQ"))
    arb.play(N, c("HK"))
    arb.call_attention(N)  # "that trick is ours", before S has played
    d = arb.pending()
    assert d is not None and d.law == 86 and d.side == EW
    assert d.options == ("highest", "lowest", "win", "not_win", "pass")
    arb.elect(EW, "highest")
    arb.play(E, c("H2"))
    assert names(arb.state.legal_mask(S)) == ["HJ"]
    # dummy's partner may say the trick is his without penalty (dummy law iii)
    dummy = Arbiter(MIX, get_rules("dummy"), dummies=(S,))
    play_tricks(dummy, "HQ HK")
    dummy.call_attention(N)
    assert dummy.pending() is None and dummy.rulings[-1].law == DUMMY_III


def test_law_87_reasonable_time_nothing_proceeds_while_a_decision_is_awaited() -> None:
    arb = arbiter()
    arb.play(N, c("SA"))
    with pytest.raises(AwaitingDecision, match="law 87"):
        arb.play(W, c("H5"))
    with pytest.raises(AwaitingDecision, match="law 87"):
        arb.expose(E, c("HA"))
    arb.elect(EW, "pass")
    arb.play(W, c("H5"))


def test_law_88_bystander_remark_players_may_make_him_pay() -> None:
    arb = arbiter()
    arb.bystander_remark(N, "Mr Smith")
    d = arb.pending()
    assert d is not None and d.law == 88 and d.side == EW
    arb.elect(EW, "exact")
    assert arb.bystander_liable == [(N, "Mr Smith")]
    assert "pay the stakes" in arb.rulings[-1].what


def test_law_89_bystander_decides_by_agreement_of_all_final() -> None:
    arb = arbiter()
    with pytest.raises(NotAllowed, match="law 89"):
        arb.refer_to_bystander("who dealt?", "S", (N, E, S))
    arb.refer_to_bystander("who dealt?", "S", (N, E, S, W))
    assert arb.referrals == {"who dealt?": "S"}
    with pytest.raises(NotAllowed, match="final"):
        arb.refer_to_bystander("who dealt?", "W", (N, E, S, W))


def test_law_91_only_the_last_trick_may_be_seen() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA H8 S8 S5 S2 SA")
    assert arb.see_trick(W, 2).winner == N
    with pytest.raises(NotAllowed, match="law 91"):
        arb.see_trick(W, 1)
    play_tricks(arb, "SK")
    view = arb.state.view(E)
    seen = len(view.trick) + (len(view.last_trick.cards) if view.last_trick else 0)
    assert seen <= 8 and view.last_trick is not None and view.last_trick.winner == N

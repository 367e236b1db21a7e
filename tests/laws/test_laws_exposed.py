"""Exposed cards and cards liable to be called (laws 56, 58-60, 64-66; dummy law iii)."""

from __future__ import annotations

import pytest
from laws_helpers import EW, GRID, MIX, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.core.rules import get_rules
from cavendish.laws import Arbiter, NotAllowed
from cavendish.laws.names import DUMMY_III


def test_law_56_card_dropped_face_up_is_exposed_below_the_table_is_not() -> None:
    arb = arbiter()
    arb.drop(N, c("C8"), below_table=True)
    assert arb.state.exposed(N) == 0 and arb.liable(N) == {}
    assert "not an exposed card" in arb.rulings[-1].what
    arb.drop(N, c("C8"))
    assert arb.liable(N) == {c("C8"): 56} and arb.state.exposed(N) == c("C8").mask
    arb.name_card(E, c("D2"))  # a card named is exposed too
    assert arb.liable(E) == {c("D2"): 56}
    # every seat sees an exposed card
    assert all(arb.state.view(s).exposed[N] == c("C8").mask for s in (N, E, S, W))


def test_law_56_several_cards_played_at_once_adversaries_choose_which_stands() -> None:
    arb = arbiter()
    arb.play(W, c("H5"))
    arb.play_several(N, (c("H3"), c("H4"), c("C8")))
    d = arb.pending()
    assert d is not None and d.law == 56 and d.side == EW
    assert d.options == ("play:H3", "play:H4", "pass")  # C8 would be a revoke (law 64)
    arb.elect(EW, "play:H4")
    assert arb.state.current_trick == [(W, c("H5")), (N, c("H4"))]
    assert sorted(arb.liable(N)) == [c("H3"), c("C8")]


def test_law_58_hand_thrown_down_is_exposed_each_card_liable_to_the_adversary() -> None:
    arb = arbiter()
    arb.throw_down(N)
    assert arb.state.exposed(N) == arb.state.hand(N)
    assert set(arb.liable(N).values()) == {58}
    arb.play(W, c("H5"))
    d = arb.pending()  # N is to play: his hearts on the table may be called
    assert d is not None and d.options == ("call:H2", "call:H3", "call:H4", "pass")
    arb.elect(EW, "call:H4")
    assert names(arb.state.legal_mask(N)) == ["H4"]


def test_law_58_one_player_alone_keeps_his_hand() -> None:
    arb = arbiter()
    for seat in (N, E, W):
        arb.throw_down(seat)
    assert arb.abandoned is None and not arb.is_over
    kept = [r for r in arb.rulings if "alone keeps his hand" in r.what]
    assert len(kept) == 1 and kept[0].law == 58 and kept[0].seat == S
    assert arb.state.exposed(S) == 0


def test_law_59_all_four_throw_down_hand_abandoned_revoke_add_or_deduct_only() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 C8 HA H8")  # N revokes
    play_tricks(arb, "S8 S5 S2")
    arb.play(N, c("SA"))  # the revoking side plays to the next trick: established
    arb.throw_down(E, tricks=0)  # E concedes the rest
    for seat in (S, W, N):
        arb.throw_down(seat)
    assert arb.abandoned == (E, 0) and arb.is_over
    d = arb.pending()
    assert d is not None and d.law == 59 and d.options == ("add", "deduct")
    arb.elect(EW, "add")
    result = arb.result()
    assert result is not None and result.tricks == (12, 1)
    score = arb.score()
    assert score is not None and score.penalties == ((NS, "add"),)
    assert score.game_winner is None  # the revoking side cannot win the game


def test_law_60_detached_card_named_right_is_liable_named_wrong_suit_called() -> None:
    arb = arbiter()
    arb.detach(N, c("C8"))
    assert arb.state.exposed(N) == 0  # detached is not exposed (Cavendish's note)
    arb.name_detached(E, N, c("C8"))
    assert arb.liable(N) == {c("C8"): 60}
    arb2 = arbiter()
    arb2.detach(N, c("C8"))
    arb2.name_detached(E, N, c("C9"))  # a wrong card named: E's side liable
    assert arb2.state.exposed(N) == 0
    d = arb2.pending()  # W, E's partner, has the lead now: the first time E-W have it
    assert d is not None and d.law == 60 and d.side == NS and d.topic == "suit-call"
    arb2.elect(NS, "suit:D")
    assert names(arb2.state.legal_mask(W)) == ["D8", "D9", "DT"]


def test_law_64_no_call_can_make_a_player_revoke() -> None:
    arb = arbiter()
    arb.drop(N, c("C8"))
    arb.play(W, c("H5"))  # hearts led; N holds hearts: C8 cannot be called now
    assert arb.pending() is None
    assert names(arb.state.legal_mask(N)) == ["H2", "H3", "H4"]
    # a call standing on C8 does not bind while N must follow hearts
    arb.state.call(N, "card", "C8", law=65)
    assert names(arb.state.legal_mask(N)) == ["H2", "H3", "H4"]


def test_law_65_call_of_a_card_may_be_repeated_until_it_is_played() -> None:
    arb = arbiter(MIX)
    arb.drop(N, c("C3"))
    play_tricks(arb, "C2")  # N may play C3 now
    d = arb.pending()
    assert d is not None and d.options == ("call:C3", "pass")
    arb.elect(EW, "pass")  # not called this time
    arb.play(N, c("C7"))
    play_tricks(arb, "C4 C5")
    assert arb.liable(N) == {c("C3"): 56}  # still liable: it may be called later
    # bring clubs round again and call it; then disobey: the call stands (law 65)
    arb2 = arbiter(MIX)
    arb2.drop(N, c("C3"))
    arb2.play(W, c("C2"))
    arb2.elect(EW, "call:C3")
    arb2.play(N, c("CJ"))  # disobeyed: a revoke (law 61), and the call stands
    assert arb2.revokes and arb2.revokes[0].law == 61
    assert [x.call for x in arb2.state.calls(N)] == ["card"]


def test_law_66_suit_called_from_a_player_who_has_none_the_penalty_is_paid() -> None:
    from cavendish.core.deal import Deal

    deal = Deal.from_pbn(
        "N:AKQJT98765432... .AKQJT9876543.2. .2.AKQJT9876543. ...AKQJT98765432",
        dealer="N",
        trump_card="S2",
    )
    arb = Arbiter(deal, get_rules("short"))
    arb.play(W, c("CA"))  # W leads out of turn; E, his partner, is to lead
    arb.elect(NS, "suit:S")  # E has no spades
    assert arb.rulings[-1].law == 66 and "penalty is paid" in arb.rulings[-1].what
    assert arb.state.calls(E) == [] and arb.state.legal_mask(E) == arb.state.hand(E)


def test_dummy_law_iii_dummys_partner_may_expose_his_cards_without_penalty() -> None:
    arb = Arbiter(GRID, get_rules("dummy"), dummies=(N,))
    arb.expose(S, c("DA"))
    assert arb.state.exposed(S) == 0 and arb.liable(S) == {}
    assert arb.rulings[-1].law == DUMMY_III
    arb.throw_down(S)  # even all of them
    assert arb.state.exposed(S) == 0
    with pytest.raises(NotAllowed):
        arb.expose(S, c("HA"))  # not his card

"""The trump card (laws 52-55).  Grid deal: S deals and turns up S5; W leads."""

from __future__ import annotations

import pytest
from laws_helpers import EW, NS, E, N, S, W, arbiter, c, names, play_tricks

from cavendish.laws import NotAllowed, auto_elect


def test_law_52_trump_card_left_on_the_table_after_the_first_trick_is_liable() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA")
    arb.leave_trump_card()
    arb.play(S, c("H8"))
    assert arb.liable(S) == {c("S5"): 52}
    assert arb.rulings[-1].law == 52
    # S is void of nothing yet; when S may lawfully play S5 the call is offered,
    # and the computer, following custom, does not call the trump card
    play_tricks(arb, "S8")  # E leads a trump: S may play S5
    d = arb.pending()
    assert d is not None and "call:S5" in d.options
    assert auto_elect(arb) == ["pass"]


def test_law_52_partner_reminds_the_dealer_in_time_no_liability() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA")
    arb.leave_trump_card()
    arb.remind(N)
    arb.play(S, c("H8"))
    assert arb.liable(S) == {}
    with pytest.raises(NotAllowed, match="law 52"):
        arb.remind(E)  # only the dealer's partner


def test_law_53_trump_card_named_after_it_was_taken_up_highest_or_lowest_trump_called() -> None:
    arb = arbiter()
    assert arb.ask_trump_card(E) == c("S5")  # on the table: it may be asked
    play_tricks(arb, "H5 H2 HA H8")
    with pytest.raises(NotAllowed, match="law 53"):
        arb.ask_trump_card(E)
    assert str(arb.trump_suit()) == "S" or arb.trump_suit().name == "S"
    arb.name_trump_card(E)
    d = arb.pending()  # E is to lead and may lead a trump: the call is offered
    assert d is not None and d.law == 53 and d.options == ("highest", "lowest", "pass")
    assert d.side == NS
    arb.elect(NS, "highest")
    assert names(arb.state.legal_mask(E)) == ["ST"]
    arb.play(E, c("ST"))
    play_tricks(arb, "S5 S2 SA")
    play_tricks(arb, "SK")  # N leads a trump: E is liable no more (one call, law 53)
    assert arb.pending() is None


def test_law_54_trump_card_taken_up_too_soon_wrong_card_shown_is_liable() -> None:
    arb = arbiter()
    arb.play(W, c("H5"))
    arb.take_up_trump_card()
    d = arb.pending()
    assert d is not None and d.law == 54 and d.options == ("lay-down", "pass")
    arb.elect(EW, "lay-down")
    d = arb.pending()
    assert d is not None and d.answer and d.seat == S
    arb.elect(NS, "show:H8")  # the wrong card
    assert arb.liable(S) == {c("H8"): 54}
    d = arb.pending()
    assert d is not None and d.topic == "show-trump"  # he must show again
    arb.elect(NS, "show:S5")
    assert arb.pending() is None and "lays the trump card" in arb.rulings[-1].what


def test_law_55_dealer_forgets_the_trump_card_call_repeated_not_changed() -> None:
    arb = arbiter()
    play_tricks(arb, "H5 H2 HA H8")
    arb.forget_trump_card()
    arb.call_trump(EW, S, "lowest")  # called now; it waits till S may play a trump
    with pytest.raises(NotAllowed, match="law 55"):
        arb.call_trump(EW, S, "highest")  # not changed until the card is played
    arb.call_trump(EW, S, "lowest")  # repeated
    arb.play(E, c("S8"))
    assert names(arb.state.legal_mask(S)) == ["S5"]
    arb.play(S, c("S5"))
    # the liability lasts the hand: later the highest may be called
    play_tricks(arb, "S2 SA")
    play_tricks(arb, "SK")
    arb.play(E, c("S9"))
    d = arb.pending()
    assert d is not None and d.law == 55 and d.side == EW
    arb.elect(EW, "highest")
    assert names(arb.state.legal_mask(S)) == ["S7"]

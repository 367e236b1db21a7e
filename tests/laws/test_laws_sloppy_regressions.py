"""Cases found by the sloppy tables (test_laws_sloppy.py), each fixed in the arbiter and
kept here by the law it turns on."""

from __future__ import annotations

import random

import pytest

from cavendish.core.cards import SUIT_MASK, Seat, Side, cards_of
from cavendish.core.events import CardPlayed, Ruling
from cavendish.core.rules import get_rules
from cavendish.core.table import deal_cards
from cavendish.laws import Arbiter, NotAllowed, auto_elect
from cavendish.laws.names import DUMMY_II


def _two_revokes() -> Arbiter:
    """A trick where the second and third hands both renounce while holding the suit led."""
    for seed in range(200):
        arb = Arbiter(deal_cards(random.Random(seed), Seat.S), get_rules("short"))
        st = arb.state
        lead = st.turn
        card = st.legal_cards()[0]
        suit = SUIT_MASK[card.suit]
        second, third = lead.left, lead.partner
        if all(st.hand(s) & suit and st.hand(s) & ~suit for s in (second, third)):
            arb.play(lead, card)
            arb.play(second, cards_of(st.hand(second) & ~suit)[0])
            arb.play(third, cards_of(st.hand(third) & ~suit)[0])
            return arb
    raise AssertionError("no deal found")


def _finish(arb: Arbiter) -> None:
    for _ in range(400):
        if arb.finished or arb.void is not None:
            return
        if arb.pending() is not None:
            auto_elect(arb)
            continue
        arb.play(arb.state.turn, arb.state.legal_cards()[0])
    raise AssertionError("the hand did not finish in 400 actions")


def test_law_76_a_later_revoke_taken_back_with_the_correction_is_no_revoke() -> None:
    arb = _two_revokes()
    first, _second = arb.revokes
    arb.correct_revoke(first.seat)  # the second revoker's card comes back with it
    auto_elect(arb)
    assert [c.status for c in arb.revokes] == ["corrected", "corrected"]
    _finish(arb)
    result = arb.result()
    assert result is not None and result.revokes == ()  # nobody is penalised


def test_law_69_76_a_revoke_cannot_be_corrected_past_a_card_not_played() -> None:
    arb = _two_revokes()
    revoker = arb.revokes[0].seat
    arb.state.undo()  # the third hand's revoking card back: he plays no card instead
    arb.revokes.pop()
    arb.omit(arb.state.turn)
    with pytest.raises(NotAllowed, match=r"cannot be corrected: a player has since played no card"):
        arb.correct_revoke(revoker)
    arb.ask_having_none(revoker.partner)
    last = arb.rulings[-1]
    assert last.law == 74 and "too late" in last.what and not last.options
    assert arb.pending() is None


def test_law_63_a_false_lead_with_a_card_not_played_cannot_be_taken_back() -> None:
    arb = Arbiter(deal_cards(random.Random(5), Seat.S), get_rules("short"), attentive=False)
    st = arb.state
    wrong = st.turn.left
    arb.play(wrong, st.hand_cards(wrong)[0])  # followed as if right (inattentive table)
    arb.play(st.turn, st.legal_cards()[0])
    arb.omit(st.turn)
    with pytest.raises(NotAllowed, match=r"played no card to the trick led out of turn"):
        arb.claim_lead_out_of_turn(wrong.side.other)


def test_dummy_law_ii_a_revoke_with_a_card_out_of_dummys_hand_is_not_put_right() -> None:
    """Law 70: dummy's card played with another is out of his hand, yet he answers for the
    revokes it causes; holding none of the suit in hand, he cannot put it right by
    playing another card, so the arbiter must not try to (it looped)."""
    found = 0
    for seed in range(60):
        rng = random.Random(seed)
        arb = Arbiter(deal_cards(rng, Seat.S), get_rules("dummy"), dummies=(Seat.N,))
        st = arb.state
        while st.turn != Seat.N:
            arb.play(st.turn, st.legal_cards()[0])
        hand = st.hand(Seat.N)
        singles = [c for c in cards_of(hand) if (hand & SUIT_MASK[c.suit]).bit_count() == 1]
        card = st.legal_cards(Seat.N)[0]
        extras = [c for c in singles if c != card]
        if not extras:
            continue
        arb.play_two(Seat.N, card, extras[0])
        _finish(arb)
        assert arb.finished and arb.void is None, f"seed {seed}"
        stood = [
            e for e in arb.events if isinstance(e, CardPlayed) and e.revoke and e.seat == Seat.N
        ]
        if stood:
            found += 1
            assert any(
                isinstance(e, Ruling) and e.law == DUMMY_II and "stands good" in e.what
                for e in arb.events
            )
            result = arb.result()
            assert result is not None and all(r.side != Side.NS for r in result.revokes)
    assert found >= 1

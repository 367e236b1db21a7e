"""Issue 18 items 3, 4 and 6: a strict core, one verifier per action, events by type."""

from __future__ import annotations

import random

import pytest

from cavendish.core import Card, HandState, Seat, get_rules
from cavendish.core.errors import ActionRefused, CavendishError, NotACard, WhistError
from cavendish.core.events import _KINDS, TrickQuitted
from cavendish.core.state import _ACTIONS, _FOLDS, _STATEFUL
from cavendish.core.table import deal_cards

LAWS = get_rules("short", mode="laws")


@pytest.mark.parametrize("value", [-1, 52, True, "SA", 1.0, None])
def test_the_strict_core_refuses_what_is_not_a_card_with_its_own_error(value: object) -> None:
    state = HandState(deal_cards(random.Random(1), Seat.S), LAWS)
    before = state.copy()
    with pytest.raises(NotACard, match="not a card"):
        state.play(value)  # type: ignore[arg-type]
    with pytest.raises(NotACard):
        state.mislay(Seat.N, value, law=46)  # type: ignore[arg-type]  # -1 is no ace of clubs
    with pytest.raises(NotACard):
        state.expose(value, Seat.N)  # type: ignore[arg-type]
    assert not state.can_play(value)  # type: ignore[arg-type]
    assert state.why_illegal(value) == "not a card (a Card or an int 0..51)"  # type: ignore[arg-type]
    assert state == before


@pytest.mark.parametrize("mode", ["enforced", "laws"])
def test_one_verifier_play_can_play_and_why_illegal_agree(mode: str) -> None:
    rng = random.Random(7)
    for _ in range(2):
        state = HandState(deal_cards(rng, Seat(rng.randrange(4))), get_rules("short", mode=mode))
        while not state.is_over:
            for seat in Seat:
                for card in map(Card, range(52)):
                    why = state.why_illegal(card, seat)
                    assert state.can_play(card, seat) == (why is None)
                    if why is None:
                        state.verify_play(card, seat)
                        if mode == "enforced":  # the hot path takes exactly these cards
                            assert state.copy().play(card, seat).card == card
                    else:
                        with pytest.raises(CavendishError) as info:
                            state.verify_play(card, seat)
                        assert str(info.value).endswith(why)
                        if mode == "enforced":
                            with pytest.raises(type(info.value), match="^" + str(info.value)):
                                state.copy().play(card, seat)
            state.play(rng.choice(state.legal_cards()))


def test_withdraw_cover_and_omit_have_can_forms_that_agree_with_the_action() -> None:
    state = HandState(deal_cards(random.Random(3), Seat.N), LAWS)
    assert not state.can_withdraw() and not state.can_omit()  # nothing played; the lead
    with pytest.raises(ActionRefused):
        state.withdraw(law=76)
    with pytest.raises(ActionRefused):
        state.omit(law=69)
    card = state.legal_cards()[0]
    assert not state.can_cover(state.turn, card)
    with pytest.raises(ActionRefused):
        state.cover(state.turn, card, law=62)
    state.expose(card, state.turn)
    assert state.can_cover(state.turn, card)
    state.play(card)
    assert state.can_withdraw() and state.can_omit()
    assert state.withdraw(law=76).card == card


def test_every_kind_of_event_is_applied_by_its_entry_in_the_table() -> None:
    kinds = set(_KINDS.values())
    assert set(_ACTIONS) == kinds - {TrickQuitted}
    assert set(_STATEFUL) <= set(_FOLDS)
    assert issubclass(NotACard, WhistError)

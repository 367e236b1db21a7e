"""The tutor: ``hint`` from a seat's view and the public events only, and ``why``
in the words of the player that chose the card."""

from __future__ import annotations

import pytest
from search_helpers import other_layout, played_state

from cavendish.core import Card, Deal, HandState, Seat
from cavendish.players import RandomPlayer
from cavendish.players.classical import ClassicalPlayer
from cavendish.players.search import Budget, PIMCPlayer, SearchPlayer
from cavendish.players.tutor import Tutor, TutorError, explain, opening_view

SMALL = Budget(worlds=6, work=30.0, min_worlds=3)
DEAL = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
                     "T98.T98.QJT9.QJT", trump_card="S2")


def test_law_52_opening_view_rebuilt_from_the_view_and_the_public_events() -> None:
    for dummies in ((), (Seat.N,)):
        state = HandState(DEAL, dummies=dummies)
        before = {s: state.view(s) for s in Seat}
        for card in ("HJ", "H5", "H9", "HK", "SA", "S4", "S5", "S8", "D2"):
            state.play(Card.parse(card))
        for s in Seat:
            assert opening_view(state.view(s), state.events, DEAL.trump_card) == before[s]


def test_hint_classical_part_is_the_classical_players_card_at_the_table() -> None:
    state = played_state(3, 14)
    seat = state.turn
    at_table = ClassicalPlayer("modern", 0)
    at_table.begin_hand(opening_view(state.view(seat), state.events, state.deal.trump_card))
    for e in state.events:
        at_table.observe(e)
    hint = Tutor(seed=0, budget=SMALL).hint(state.view(seat), state.events,
                                            state.deal.trump_card)
    assert hint.classical == at_table.decide(state.view(seat))
    got = hint.to_json()
    assert set(got) == {"classical", "search"}
    assert set(got["classical"]) == {"card", "convention", "reason"}
    assert set(got["search"]) == {"card", "tricks"}
    won = state.tricks_won(seat.side)
    assert won <= got["search"]["tricks"] <= won + 13 - state.trick_number
    assert got["search"]["card"] in {str(c) for c in state.legal_cards()}


def test_law_91_hint_is_the_same_whatever_the_hidden_hands() -> None:
    state = played_state(8, 29)
    seat = state.turn
    other = other_layout(state, seat, 1)
    tutor = Tutor("old", 4, budget=SMALL)
    a = tutor.hint(state.view(seat), state.events, state.deal.trump_card)
    b = tutor.hint(other.view(seat), other.events, other.deal.trump_card)
    assert a == b


def test_no_hint_for_a_seat_not_to_play() -> None:
    state = HandState(DEAL)
    with pytest.raises(TutorError, match="no hint for S: it is not to play"):
        Tutor().hint(state.view(Seat.S), state.events, DEAL.trump_card)


def test_why_in_the_players_own_words() -> None:
    state = HandState(DEAL)
    view = state.view(Seat.E)
    classical = ClassicalPlayer("modern", 0)
    card = classical.choose(view)
    text = explain(classical, card)
    # issue 19 item 5: the convention is named, its title not said twice
    assert text.startswith(f"{card}: ") and "(C44" in text
    assert text.lower().count("american leads") <= 1
    search = SearchPlayer(0, budget=SMALL)
    state.play(card)
    view = state.view(Seat.S)
    card = search.choose(view)
    assert "expected for NS" in explain(search, card) or "only card" in explain(search, card)
    pimc = PIMCPlayer(0, budget=SMALL)
    card = pimc.choose(view)
    assert explain(pimc, card).startswith(f"{card}: ")
    assert "at random" in explain(RandomPlayer(1), card)
    assert "no account" in explain(object(), card)

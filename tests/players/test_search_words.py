"""A search card in the tutor's words (issue 33, point 3): the worlds behind it, the
tricks it expects, the convention it agrees with or departs from, and no card the
hearer may not see."""

from __future__ import annotations

import re

import pytest
from search_helpers import dd_played_state, told

from cavendish.core import Card, Seat
from cavendish.players.search import Budget, SearchPlayer
from cavendish.players.search.pimc import SearchDecision
from cavendish.players.tutor import search_words

_NAMED = re.compile("[♠♥♦♣][2-9TJQKA]")


def _named(text: str) -> set[Card]:
    return {Card.parse(m) for m in _NAMED.findall(text)}


@pytest.mark.parametrize(("seed", "cards"), [(3, 0), (5, 9), (12, 37)])
def test_search_words_name_only_the_hearers_cards(seed: int, cards: int) -> None:
    state = dd_played_state(seed, cards)
    seat = state.turn
    player = SearchPlayer(seed, budget=Budget(worlds=6, work=60.0, min_worlds=4),
                          conventions=1.0)
    view = told(player, state, seat)
    d = player.decide(view)
    assert d.tricks is not None and d.book is not None
    mine = search_words(d, seat, to_player=True)
    theirs = search_words(d, seat, to_player=False)
    assert f"{d.worlds} layout" in mine and f"{d.tricks:.2f}" in mine
    assert _named(mine) <= {Card.parse(str(c)) for c in state.legal_cards()}
    assert _named(theirs) == {d.card}
    assert ("book" in mine) and ("book" in theirs)


def test_search_words_agree_depart_or_keep_the_book_for_partner() -> None:
    a, four = Card.parse("SA"), Card.parse("S4")
    agree = SearchDecision(four, 6.2, 40, "", book=(four, "C44", 6.2))
    kept = SearchDecision(four, 6.15, 40, "", ranking=((a, 6.2), (four, 6.15)),
                          book=(four, "C44", 6.15))
    assert "agrees" in search_words(agree, Seat.E, to_player=True)
    # the book's card played at a small loss: the words say by how much, and to
    # another hearer they do not name the card the search preferred
    assert "0.05 tricks below ♠A" in search_words(kept, Seat.E, to_player=True)
    assert _named(search_words(kept, Seat.E, to_player=False)) == {four}
    depart = SearchDecision(a, 6.6, 40, "", book=(four, "C44", 6.2))
    words = search_words(depart, Seat.E, to_player=True)
    assert "♠4" in words and "♠A wins 0.40 tricks more" in words and "EW" in words
    forced = SearchDecision(four, None, 0, "the only card the laws allow")
    assert search_words(forced, Seat.E, to_player=False) == "♠4: the only card the laws allow"


def test_why_of_a_search_card_is_said_in_the_tutors_words_naming_no_hidden_card() -> None:
    # issue 33, point 3: ``why`` of a search card says the layouts behind it, the
    # tricks it expects and the book's convention, and names only the card played
    from cavendish.players.tutor import explain

    state = dd_played_state(5, 9)
    seat = state.turn
    player = SearchPlayer(5, budget=Budget(worlds=6, work=60.0, min_worlds=4), conventions=1.0)
    view = told(player, state, seat)
    d = player.decide(view)
    assert d.tricks is not None and d.book is not None and d.side == seat.side
    text = explain(player, d.card)
    assert text == f"{d.card}: {search_words(d, seat, to_player=False)}"
    assert f"{d.worlds} layout" in text and f"{d.tricks:.2f}" in text and str(seat.side) in text
    assert "book (" + d.book[1] in text or f"book's card ({d.book[1]}" in text
    assert _named(text) == {d.card}

"""Long whist: hands thrown down after a wrong call (issue 31 point 12).  001 (Dick's
Hand-book, "Long Whist", offset 3573): "If any one calls without having two honors, or
without being at the score of eight, or shall answer the call without having an honor,
the adversaries may consult as to a fresh deal, reclaiming their hands if thrown
down."  A wrong call that showed honours as if the game were won throws the hands
down: the adversaries consult with the four hands on the table, and when the hand
stands they reclaim theirs and play goes on."""

from __future__ import annotations

from pathlib import Path

from test_calling_at_eight import held, south_to_play

from cavendish.core import Seat
from cavendish.core.events import WrongCall
from cavendish.game.calling import WRONG_NOT_AT_EIGHT
from cavendish.web.visibility import card_list, visible_state

SEED_001 = next((Path(__file__).parents[2] / "sources").glob("001_*.txt"))


def test_001_offset_3573_the_passage_of_hands_thrown_down() -> None:
    text = SEED_001.read_text(encoding="utf-8")
    at = text.index("reclaiming their hands if thrown down")
    assert at == 3573
    assert "the ad- versaries may consult as to a fresh deal, " in text[at - 60:at]


def test_001_reclaiming_their_hands_if_thrown_down_after_a_wrong_call() -> None:
    """S calls "Can you one?" at seven (not at eight) holding two honours, N one: the
    honours are shown as if the game were won and the hands thrown down; W (a person,
    an adversary) consults with the four hands on the table, lets the hand stand, and
    the adversaries reclaim their hands: play goes on with the cards as they were."""
    s = south_to_play(lambda s: held(s, Seat.S) >= 2 and held(s, Seat.N) >= 1, ns=7,
                      humans=(Seat.S, Seat.W))
    assert s.state is not None
    before = {seat: s.state.hand(seat) for seat in Seat}
    outcome = s.call_honours(Seat.S)
    assert outcome.wrong == WRONG_NOT_AT_EIGHT and outcome.fresh_deal is None
    assert s.hands_thrown_down == before  # on the table, seen by all while they consult
    for who in (Seat.W, None):  # the web page's state: the person electing, a spectator
        shown = visible_state(s, who)["election"]["thrown_down"]
        assert shown == {str(seat): card_list(mask) for seat, mask in before.items()}
    s.elect_fresh_deal(Seat.W, False)
    assert s.hands_thrown_down is None and s.to_play == Seat.S
    assert {seat: s.state.hand(seat) for seat in Seat} == before  # reclaimed as they were
    event = next(e for e in s.state.events if isinstance(e, WrongCall))
    assert event.thrown_down and not event.fresh_deal
    assert "The hands were thrown down" in str(event) and "reclaim their hands" in str(event)


def test_001_a_wrong_call_that_shows_no_honours_throws_no_hand_down() -> None:
    """Reminding partner of calling shows nothing: no hand is thrown down."""
    s = south_to_play(lambda s: True, humans=(Seat.S, Seat.W))
    s.remind(Seat.S)
    assert s.election_due is not None and s.hands_thrown_down is None
    s.elect_fresh_deal(Seat.W, False)
    assert s.state is not None
    event = next(e for e in s.state.events if isinstance(e, WrongCall))
    assert not event.thrown_down and "thrown down" not in str(event)

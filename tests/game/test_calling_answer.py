"""Long whist at eight: a person answers his computer partner's "Can you one?" (issue 23
item 1).  Each test quotes the passage of Dick's Hand-book (001, "Long Whist") it
proves."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from cavendish.cli.play import TerminalGame
from cavendish.core import HonoursCalled, Seat, Side, honours_mask
from cavendish.game import Session, SessionError
from cavendish.game.calling import WRONG_FALSE_ANSWER
from cavendish.players import Player, RandomPlayer
from cavendish.scoring import HandResult


def asked(want) -> Session:  # type: ignore[no-untyped-def]
    """The first long-whist table (by seed), N-S at eight, South a person, where North
    (a computer holding two honours) has asked South "Can you one?" and
    ``want(south_honours)`` holds."""
    for seed in range(600):
        players: dict[Seat, Player | None] = {
            seat: None if seat == Seat.S else RandomPlayer(seed + i, f"R{i}")
            for i, seat in enumerate(Seat)
        }
        s = Session.seated("long", players, seed, calls="players")
        for tricks in ((13, 0), (7, 6)):  # seven and one: N-S at eight
            s.sheet.record(HandResult(tricks))
        assert s.sheet.score == (8, 0)
        s.start_hand()
        s.run()
        if s.answer_due == Seat.S and want(held(s, Seat.S)):
            return s
    raise AssertionError("no seed gives that hand")


def held(session: Session, seat: Seat) -> int:
    assert session.state is not None
    deal = session.state.deal
    return (deal.hand(seat) & honours_mask(deal.trump)).bit_count()


def test_001_a_computer_at_eight_with_two_honours_asks_its_person_partner() -> None:
    """001: "A player who holds two honors (at the score of eight) when it is his turn to
    play (but before playing), asks his partner, "Can you one?" or, "Have you an
    honor?" ": the question waits for the person's answer, and no card is played."""
    s = asked(lambda n: True)
    assert s.state is not None and s.state.turn == Seat.N and held(s, Seat.N) == 2
    assert s.to_play is None and s.run() == []
    with pytest.raises(SessionError, match="has not been asked"):
        s.answer_call(Seat.E, True)


def test_001_if_his_partner_holds_the_requisite_court_card_the_game_is_ended() -> None:
    """001: "If his partner holds the requisite court card, the honors are then shown,
    the points scored, and the game ended." """
    s = asked(lambda n: n >= 1)
    outcome = s.answer_call(Seat.S, True)
    assert isinstance(outcome.called, HonoursCalled) and outcome.called.side == Side.NS
    assert s.called == outcome.called and s.answer_due is None
    s.play_out()
    played = s.finish_hand()
    assert played.score is not None and played.score.game_winner == Side.NS


def test_001_a_person_who_denies_his_honour_calls_nothing_honours_count_last() -> None:
    """001: "At the score of eight, however, honors count before tricks, provided they are
    properly called and shown, but not otherwise": the person answers "No" although he
    holds an honour; nothing is called and play goes on."""
    s = asked(lambda n: n >= 1)
    outcome = s.answer_call(Seat.S, False)
    assert outcome.called is None and outcome.wrong is None and '"No."' in outcome.words
    assert s.called is None and s.to_play == Seat.N
    s.run()
    s.play_out()
    played = s.finish_hand()
    assert played.result is not None and played.result.honours_called is None
    assert played.score is not None and any("did not call" in n for n in played.score.notes)


def test_001_answering_the_call_without_an_honour_lets_the_adversaries_claim_a_fresh_deal(
) -> None:
    """001: "If any one [...] shall answer the call without having an honor, the
    adversaries may consult as to a fresh deal": the computer adversaries claim it."""
    s = asked(lambda n: n == 0)
    dealer = s.dealer
    outcome = s.answer_call(Seat.S, True)
    assert outcome.wrong == WRONG_FALSE_ANSWER and outcome.seat == Seat.S
    assert outcome.fresh_deal is True and s.state is None and len(s.void_hands) == 1
    s.start_hand()
    assert s.dealer == dealer


def test_the_terminal_asks_the_person_to_answer_his_partners_question(tmp_path: Path) -> None:
    """``cavendish play --call-honours ask``: the person is asked at the moment his
    partner asks, and his answer ("yes", after a word that is not an answer) is the
    table's."""
    s = asked(lambda n: n >= 1)
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    game = TerminalGame(
        s, console, console, io.StringIO("maybe\nyes\n"), 1, tmp_path / "x.pbn", human="Human"
    )
    game._human_answer(Seat.S)
    text = out.getvalue()
    assert 'asks: "Can you one?"' in text and 'S: "Yes."' in text
    assert s.called is not None


def test_the_terminal_asks_the_person_at_eight_whether_to_call(tmp_path: Path) -> None:
    """001: "A player who holds two honors (at the score of eight) when it is his turn
    to play (but before playing), asks his partner, "Can you one?" ": at his turn the
    person is asked whether to call, and "yes" asks it."""
    for seed in range(600):
        players: dict[Seat, Player | None] = {
            seat: None if seat == Seat.S else RandomPlayer(seed + i, f"R{i}")
            for i, seat in enumerate(Seat)
        }
        s = Session.seated("long", players, seed, calls="players")
        for tricks in ((13, 0), (7, 6)):
            s.sheet.record(HandResult(tricks))
        s.start_hand()
        s.run()
        if s.call_offered == Seat.S and held(s, Seat.S) == 2 and held(s, Seat.N) >= 1:
            break
    else:
        raise AssertionError("no seed gives that hand")
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    game = TerminalGame(
        s, console, console, io.StringIO("yes\n"), 1, tmp_path / "x.pbn", human="Human"
    )
    game._human_turn(Seat.S)
    assert 'Call? Ask your partner "Can you one?"' in out.getvalue()
    assert s.called is not None and s.called.seat == Seat.S

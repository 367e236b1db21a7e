"""The game driver under the laws (game/laws_session.py): one table, the same deal,
end of hand and call of honours as the plain session, and the laws' pauses for
elections (law 87)."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from cavendish.core import Card, HonoursCalled, Seat, SeatView, get_rules
from cavendish.core.events import Elected, PlayOutOfTurn
from cavendish.game import Session, SessionError, seat_by_cut
from cavendish.game.laws_session import LawsSession
from cavendish.laws.errors import LawsError
from cavendish.players import Player, RandomPlayer
from cavendish.players.sloppy import SloppyPlayer


class Lowest:
    """Plays its lowest legal card."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: SeatView) -> Card:
        return view.legal_cards()[0]


def tables(variant: str, seed: int) -> tuple[Session, LawsSession]:
    """The same people, seed and random players at a plain table and under the laws."""
    rules = get_rules(variant)
    people = ["A", "B", "C", "D"][: rules.players]

    def seated() -> tuple[random.Random, dict[Seat, Player | None], object]:
        rng = random.Random(seed)
        seating = seat_by_cut(rules, people, rng)
        players: dict[Seat, Player | None] = {
            s: RandomPlayer(people.index(n), n) for s, n in seating.names.items()
        }
        return rng, players, seating

    rng, players, seating = seated()
    plain = Session(rules, seating, players, rng, rubbers=2)  # type: ignore[arg-type]
    rng, players, seating = seated()
    laws = LawsSession(rules, seating, players, rng, rubbers=2)  # type: ignore[arg-type]
    return plain, laws


@pytest.mark.parametrize(("variant", "seed"), [("short", 3), ("long", 14), ("dummy", 2)])
def test_law_33_and_dummy_law_i_the_laws_table_deals_and_scores_as_the_plain_table(
    variant: str, seed: int
) -> None:
    # no irregularity: the arbiter's hands, deals, dealers, calls of honours and
    # scores are the plain session's, board for board (one rubber dealer, one end
    # of hand, one call of honours)
    plain, laws = tables(variant, seed)
    plain.play_all()
    while not laws.is_over:
        laws.start_hand()
        laws.run()
        assert laws.hand_over and laws.to_play is None
        laws.finish_hand()
    assert len(laws.hands) == len(plain.hands)
    for a, b in zip(plain.hands, laws.hands, strict=True):
        assert (a.board, a.rubber, a.dealer) == (b.board, b.rubber, b.dealer)
        assert a.state.deal.to_pbn() == b.state.deal.to_pbn()
        assert a.result == b.result and a.score == b.score
    assert laws.sheet.totals == plain.sheet.totals
    assert (laws.dealer, laws.rubber) == (plain.dealer, plain.rubber)


def test_long_whist_honours_are_called_under_the_laws_as_at_the_plain_table() -> None:
    plain, laws = tables("long", 14)
    plain.play_all()
    while not laws.is_over:
        laws.start_hand()
        laws.run()
        laws.finish_hand()
    calls = [
        [e for e in h.state.events if isinstance(e, HonoursCalled)] for h in (plain.hands)
    ]
    assert any(calls)  # (seed 14: a side calls at the point of eight)
    assert calls == [
        [e for e in h.state.events if isinstance(e, HonoursCalled)] for h in laws.hands
    ]


def human_table(players: Mapping[str, Player] | None = None) -> LawsSession:
    rules = get_rules("short")
    rng = random.Random(4)
    seating = seat_by_cut(rules, ["You", "A", "B", "C"], rng, request=("You", Seat.S))
    chosen = players or {}
    table: dict[Seat, Player | None] = {
        s: None if n == "You" else chosen.get(n, Lowest(n)) for s, n in seating.names.items()
    }
    return LawsSession(rules, seating, table, rng)


def test_law_87_play_waits_for_the_humans_election() -> None:
    eager = {n: SloppyPlayer(Lowest(n), 1.0, seed=i, slips=("out_of_turn",))
             for i, n in enumerate("ABC")}
    session = human_table(eager)
    session.start_hand()
    session.players[Seat.N] = Lowest(session.seating.names[Seat.N])  # partner plays true
    while not session.human_to_decide:
        assert not session.hand_over
        if session.human_to_play:
            seat = session.to_play
            assert seat is not None
            session.play(session.view(seat).legal_cards()[0], seat)
        else:
            session.step()
    decision = session.pending()
    assert decision is not None and decision.side == Seat.S.side
    assert any(isinstance(e, PlayOutOfTurn) for e in session.arbiter.events)  # type: ignore[union-attr]
    assert not session.human_to_play
    with pytest.raises(SessionError, match="give it with elect"):
        session.step()
    with pytest.raises(LawsError):  # law 87: no card while the election is awaited
        session.play(session.view(Seat.S).hand_cards()[0], Seat.S)
    option = session.computer_option()
    events = session.elect(option)
    assert next(e for e in events if isinstance(e, Elected)).seat == Seat.S


def test_a_card_the_human_does_not_hold_is_refused_by_name() -> None:
    session = human_table()
    session.start_hand()
    west = session.arbiter.state.hand_cards(Seat.W)[0]  # type: ignore[union-attr]
    with pytest.raises(SessionError, match=f"{west} is not in your hand"):
        session.play(west)


def test_only_the_arbiters_table_actions_can_be_acted() -> None:
    session = human_table()
    session.start_hand()
    with pytest.raises(SessionError, match="not a table action"):
        session.act("result")
    with pytest.raises(SessionError, match="not a table action"):
        session.act("_rule", 1, Seat.S, "x")


def test_the_driver_refuses_steps_out_of_order() -> None:
    session = human_table()
    with pytest.raises(SessionError, match="no hand is in play"):
        session.step()
    session.start_hand()
    with pytest.raises(SessionError, match="still in play"):
        session.start_hand()
    with pytest.raises(SessionError, match="is not over"):
        session.finish_hand()
    session.run()
    assert session.human_to_play
    with pytest.raises(SessionError, match="held by a human"):
        session.step()

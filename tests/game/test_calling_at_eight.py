"""Long whist: calling honours at the point of eight is the player's act (issue 23
item 1).  Each test quotes the passage of Dick's Hand-book (001, "Long Whist") it
proves."""

from __future__ import annotations

import json

import pytest

from cavendish.core import HonoursCalled, Seat, Side, get_rules, honours_mask
from cavendish.core.events import WrongCall
from cavendish.game import Session, SessionError
from cavendish.game.calling import (
    WRONG_AFTER_PLAYING,
    WRONG_NO_TWO_HONOURS,
    WRONG_NOT_AT_EIGHT,
    WRONG_REMINDER,
)
from cavendish.io.jsonlog import records_from_json, records_to_json
from cavendish.io.pbn import read_pbn, write_pbn
from cavendish.players import Player, RandomPlayer
from cavendish.scoring import HandResult
from cavendish.scoring.club import score_club

LONG = get_rules("long")


def table(seed: int, humans: tuple[Seat, ...] = (Seat.S,), **options: object) -> Session:
    players: dict[Seat, Player | None] = {
        seat: None if seat in humans else RandomPlayer(seed + i, f"R{i}")
        for i, seat in enumerate(Seat)
    }
    return Session.seated("long", players, seed, calls="players", **options)  # type: ignore[arg-type]


def put_at(session: Session, ns: int, ew: int) -> None:
    """Score hands on the sheet until N-S stand at ``ns`` and E-W at ``ew`` (< 10)."""
    for side, points in ((0, ns), (1, ew)):
        while points:
            n = min(points, 7)
            tricks = (6 + n, 7 - n) if side == 0 else (7 - n, 6 + n)
            session.sheet.record(HandResult(tricks))
            points -= n
    assert session.sheet.score == (ns, ew)


def held(session: Session, seat: Seat) -> int:
    assert session.state is not None
    deal = session.state.deal
    return (deal.hand(seat) & honours_mask(deal.trump)).bit_count()


def south_to_play(want, ns: int = 8, ew: int = 3, humans=(Seat.S,)) -> Session:  # type: ignore[no-untyped-def]
    """The first table (by seed) where South, a person, is to play to trick one and
    ``want(session)`` holds."""
    for seed in range(400):
        s = table(seed, humans)
        put_at(s, ns, ew)
        s.start_hand()
        s.run()
        state = s.state
        if s.to_play == Seat.S and state is not None and state.trick_number == 0 and want(s):
            return s
    raise AssertionError("no seed gives that hand")


def test_001_can_you_one_is_offered_and_a_call_answered_yes_wins_the_game() -> None:
    """001: "A player who holds two honors (at the score of eight) when it is his turn
    to play (but before playing), asks his partner, "Can you one?" [...] If his partner
    holds the requisite court card, the honors are then shown, the points scored, and
    the game ended." """
    s = south_to_play(lambda s: held(s, Seat.S) == 2 and held(s, Seat.N) >= 1)
    assert s.call_offered == Seat.S
    outcome = s.call_honours(Seat.S)
    assert outcome.wrong is None and '"Can you one?"' in outcome.words
    assert isinstance(outcome.called, HonoursCalled) and outcome.called.side == Side.NS
    assert s.called == outcome.called
    s.play_out()
    played = s.finish_hand()
    assert played.score is not None and played.score.game_winner == Side.NS
    assert any("call their honours before the play" in n for n in played.score.notes)


def test_001_a_partner_without_an_honour_answers_no_and_play_goes_on() -> None:
    """001: "If his partner holds the requisite court card, the honors are then shown"
    (and if he does not, nothing is shown: the hand is played)."""
    s = south_to_play(lambda s: held(s, Seat.S) == 2 and held(s, Seat.N) == 0)
    outcome = s.call_honours(Seat.S)
    assert outcome.called is None and outcome.wrong is None and '"No."' in outcome.words
    assert s.called is None and s.to_play == Seat.S and s.call_offered is None


def test_001_three_honours_in_one_hand_are_shown_and_end_the_game() -> None:
    """001: "If a player whose side is at the score of eight, holds three or four
    honors in his own hand, he may show and score them, when it is his turn to play,
    and thus end the game." """
    s = south_to_play(lambda s: held(s, Seat.S) >= 3)
    outcome = s.call_honours(Seat.S)
    assert outcome.called is not None and outcome.words.startswith("shows")


def test_001_honours_not_called_are_claimed_only_after_the_play() -> None:
    """001: "the honors must be called and shown before the player (who calls) leads or
    plays, or they cannot be claimed until the play of the hand is completed."  The
    person who plays without calling has not called: no call is recorded, and his
    partner (a computer holding one honour) does not ask either."""
    s = south_to_play(lambda s: held(s, Seat.S) == 2 and held(s, Seat.N) == 1)
    assert s.view(Seat.S).legal_cards()
    s.play(s.view(Seat.S).legal_cards()[0])
    s.run()
    s.play_out()
    assert s.called is None
    played = s.finish_hand()
    assert played.result is not None and played.result.called_by_players
    assert played.result.honours_called is None
    assert played.score is not None
    assert any("did not call" in n for n in played.score.notes)


def test_001_at_eight_honours_count_before_tricks_if_called_but_not_otherwise() -> None:
    """001: "At the score of eight, however, honors count before tricks, provided they
    are properly called and shown, but not otherwise."  N-S at eight hold three
    honours; E-W at five take eleven tricks: called, the honours win the game for N-S;
    not called, E-W's tricks score first and win it."""
    called = HandResult((2, 11), (3, 1), honours_called=Side.NS, called_by_players=True)
    silent = HandResult((2, 11), (3, 1), called_by_players=True)
    assert score_club(LONG, (8, 5), called).game_winner == Side.NS
    assert score_club(LONG, (8, 5), silent).game_winner == Side.EW
    # the engine's automatic call (the default) is unchanged: every side calls
    assert score_club(LONG, (8, 5), HandResult((2, 11), (3, 1))).game_winner == Side.NS


def test_001_calling_after_having_played_lets_the_adversaries_claim_a_fresh_deal() -> None:
    """001: "If any one calls after having played, or reminds his partner of calling,
    after the deal is completed, the adversaries may claim a fresh deal."  The
    computer adversaries claim it: the hand is void, the same dealer deals again."""
    s = south_to_play(lambda s: held(s, Seat.S) >= 2)
    dealer, board = s.dealer, s.board
    s.play(s.view(Seat.S).legal_cards()[0])
    outcome = s.call_honours(Seat.S)
    assert outcome.wrong == WRONG_AFTER_PLAYING and outcome.fresh_deal is True
    assert s.state is None and len(s.void_hands) == 1
    s.start_hand()
    assert s.dealer == dealer and s.board == board
    assert s.state is not None and s.state.deal.dealer == dealer


def test_001_reminding_partner_of_calling_lets_the_adversaries_claim_a_fresh_deal() -> None:
    """001: "If any one [...] reminds his partner of calling, after the deal is
    completed, the adversaries may claim a fresh deal." """
    s = south_to_play(lambda s: True)
    outcome = s.remind(Seat.S)
    assert outcome.wrong == WRONG_REMINDER and outcome.fresh_deal is True
    assert s.state is None


def test_001_calling_without_being_at_the_score_of_eight_is_a_wrong_call() -> None:
    """001: "If any one calls without having two honors, or without being at the score
    of eight [...] the adversaries may consult as to a fresh deal." """
    s = south_to_play(lambda s: held(s, Seat.S) >= 2, ns=7)
    assert s.call_offered is None
    outcome = s.call_honours(Seat.S)
    assert outcome.wrong == WRONG_NOT_AT_EIGHT and outcome.fresh_deal is True


def test_001_the_holder_of_a_single_honour_must_not_inquire_of_his_partner() -> None:
    """001: "The holder of a single honor must not inquire of his partner if he has
    two. [...] If any one calls without having two honors [...] the adversaries may
    consult as to a fresh deal." """
    s = south_to_play(lambda s: held(s, Seat.S) == 1 and held(s, Seat.N) >= 2)
    assert s.call_offered is None
    outcome = s.call_honours(Seat.S)
    assert outcome.wrong == WRONG_NO_TWO_HONOURS and outcome.fresh_deal is True


def test_001_the_adversaries_may_let_the_hand_stand_after_a_wrong_call() -> None:
    """001: "the adversaries may claim a fresh deal" (may: a person among them elects;
    until he does, no card is played)."""
    s = south_to_play(lambda s: True, humans=(Seat.S, Seat.W))
    outcome = s.remind(Seat.S)
    assert outcome.fresh_deal is None and s.election_due == outcome
    assert s.to_play is None
    with pytest.raises(SessionError, match="elect"):
        s.play(s.view(Seat.S).legal_cards()[0])
    with pytest.raises(SessionError, match="not an adversary"):
        s.elect_fresh_deal(Seat.N, True)
    done = s.elect_fresh_deal(Seat.W, False)
    assert done.fresh_deal is False and s.to_play == Seat.S and s.state is not None


def test_001_a_call_before_ones_turn_is_refused_and_changes_nothing() -> None:
    """001: the call is made "when it is his turn to play (but before playing)"."""

    def north_yet_to_play(s: Session) -> bool:
        assert s.state is not None
        return held(s, Seat.N) >= 2 and s.state.trick_number == 0 and all(
            seat != Seat.N for seat, _ in s.state.current_trick
        )

    s = south_to_play(north_yet_to_play, humans=(Seat.S, Seat.N))
    with pytest.raises(SessionError, match="his turn"):
        s.call_honours(Seat.N)
    assert s.call_log == [] and s.called is None


def test_001_a_call_not_at_eight_is_put_to_the_adversaries_whoever_s_turn_it_is() -> None:
    """001 (offset 3389): "If any one calls [...] without being at the score of eight
    [...] the adversaries may consult as to a fresh deal": North, a person, calls out
    of his turn, his side not at eight; the call is wrong, not refused."""

    def north_yet_to_play(s: Session) -> bool:
        assert s.state is not None
        return s.state.trick_number == 0 and all(
            seat != Seat.N for seat, _ in s.state.current_trick
        )

    s = south_to_play(north_yet_to_play, ns=7, humans=(Seat.S, Seat.N))
    assert s.to_play == Seat.S
    outcome = s.call_honours(Seat.N)
    assert outcome.wrong == WRONG_NOT_AT_EIGHT and outcome.seat == Seat.N
    assert outcome.fresh_deal is True  # the computer adversaries claim it
    assert s.state is None and len(s.void_hands) == 1


def test_001_a_fresh_deal_keeps_the_void_hand_in_the_pbn_and_the_json_log() -> None:
    """001 (offset 3389): "the adversaries may consult as to a fresh deal, reclaiming
    their hands if thrown down": the hand made void is kept in the record, the wrong
    call and the election its last event, and the fresh deal follows it."""
    s = south_to_play(lambda s: True, ns=7, humans=(Seat.S, Seat.N))
    void_deal = s.state.deal if s.state is not None else None
    outcome = s.call_honours(Seat.N)
    assert outcome.fresh_deal is True
    s.start_hand()
    s.play_out()
    s.finish_hand()
    records = s.result().records()
    first, second = records[0], records[1]
    assert first.deal == void_deal and first.board == second.board == 1
    assert isinstance(first.events[-1], WrongCall) and first.events[-1].fresh_deal
    assert second.deal.dealer == first.deal.dealer and second.deal != first.deal
    assert read_pbn(write_pbn(records)) == records
    assert records_from_json(records_to_json(records)) == records


def test_001_the_void_hand_is_kept_when_the_session_is_saved_and_resumed() -> None:
    """A void hand (001: "the adversaries may consult as to a fresh deal") stays in the
    record across a save and a resume: nothing is lost."""
    s = south_to_play(lambda s: True, ns=7, humans=(Seat.S, Seat.N))
    s.call_honours(Seat.N)
    s.start_hand()
    data = json.loads(json.dumps(s.snapshot()))
    players = {seat: s.players[seat] for seat in s.players}
    again = Session.restore(data, players)
    assert [h.state.events for h in again.void_hands] == [h.state.events for h in s.void_hands]
    assert [h.board for h in again.void_hands] == [1]
    assert isinstance(again.void_hands[0].state.events[-1], WrongCall)


def test_001_a_call_without_two_honours_is_wrong_whoever_s_turn_it_is() -> None:
    """001 (offset 3389): "If any one calls without having two honors [...] the
    adversaries may consult as to a fresh deal", at any time, from any seat."""

    def north_weak_yet_to_play(s: Session) -> bool:
        assert s.state is not None
        return held(s, Seat.N) < 2 and s.state.trick_number == 0 and all(
            seat != Seat.N for seat, _ in s.state.current_trick
        )

    s = south_to_play(north_weak_yet_to_play, humans=(Seat.S, Seat.N))
    outcome = s.call_honours(Seat.N)
    assert outcome.wrong == WRONG_NO_TWO_HONOURS and outcome.fresh_deal is True


@pytest.mark.parametrize("seed", range(6))
def test_computer_players_call_at_eight_as_the_engine_calls_for_them(seed: int) -> None:
    """Computer players call when they should: with the call left to the players and
    four computers, every rubber is the one the engine's automatic call plays."""
    players = [RandomPlayer(seed + i, f"R{i}") for i in range(4)]
    again = [RandomPlayer(seed + i, f"R{i}") for i in range(4)]
    auto = Session.seated("long", dict(zip(Seat, players, strict=True)), seed).play_all()
    own = Session.seated(
        "long", dict(zip(Seat, again, strict=True)), seed, calls="players"
    ).play_all()
    assert [str(e) for h in own.hands for e in h.state.events] == [
        str(e) for h in auto.hands for e in h.state.events
    ]
    assert own.sheet.totals == auto.sheet.totals


def test_calls_mode_is_checked_and_kept_by_a_saved_session() -> None:
    with pytest.raises(SessionError, match="calls 'sometimes'"):
        Session.seated(
            "long", {seat: RandomPlayer(i) for i, seat in enumerate(Seat)}, 1, calls="sometimes"
        )
    s = table(3)
    s.start_hand()
    again = Session.restore(s.snapshot(), dict(s.players))
    assert again.calls == "players"

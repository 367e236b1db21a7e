"""Hand records: from a hand in play, replayed card by card, and the errors of replay
that name the board, the trick and the reason."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from io_playouts import PLAYERS, irregular_hand, random_hand

from cavendish.core import (
    SUIT_MASK,
    Card,
    CardExposed,
    CardPlayed,
    HandState,
    PlayOutOfTurn,
    Seat,
    TrickQuitted,
    cards_of,
    get_rules,
)
from cavendish.io import HandRecord, RecordError, log_from_plays
from cavendish.scoring import HandResult


def _record(state: HandState, board: int = 1) -> HandRecord:
    return HandRecord.from_state(state, variant="short", board=board, players=PLAYERS)


# ---------------------------------------------------------------- building and replay
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), stop_after=st.integers(0, 52), laws=st.booleans())
def test_replay_rebuilds_the_hand_from_its_record(seed: int, stop_after: int, laws: bool) -> None:
    state = random_hand(seed, stop_after=stop_after, laws=laws)
    rec = _record(state)
    assert rec.plays == tuple(e.card for e in state.events if isinstance(e, CardPlayed))
    assert rec.events == state.events
    replayed = rec.replay(state.rules)
    assert replayed == state
    # the log follows from the cards, the revoke flags and the other events' places
    assert log_from_plays(rec.deal, rec.plays, revokes=rec.revokes, extras=rec.extras) == rec.events
    # without the log, a regular hand replays from its cards alone
    if not rec.irregular:
        bare = HandRecord(rec.deal, plays=rec.plays, board=rec.board)
        assert bare.replay().events == state.events


def test_replay_of_an_irregular_hand_is_in_laws_mode_by_default() -> None:
    state = irregular_hand(21)
    rec = _record(state)
    assert rec.irregular
    assert rec.default_rules() == get_rules("short").replace(mode="laws")
    assert rec.replay() == state
    regular = _record(random_hand(21))
    assert not regular.irregular and regular.replay().rules == get_rules("short")


def test_laws_62_to_68_card_out_of_turn_in_the_log_is_refused_by_enforced_rules() -> None:
    state = irregular_hand(22)
    rec = _record(state, board=5)
    first = next(e for e in state.events if isinstance(e, PlayOutOfTurn))
    before = state.events[: state.events.index(first)]
    assert not any(isinstance(e, CardPlayed) and e.revoke for e in before)
    with pytest.raises(RecordError) as info:
        rec.replay(get_rules("short"))
    assert str(info.value) == (
        f"board 5, trick {first.trick + 1}: illegal card '{first.card}' for {first.seat}: "
        f"not {first.seat}'s turn: {first.turn} is to play"
    )


def test_result_is_the_scorers_input_for_the_replayed_hand() -> None:
    state = irregular_hand(23)
    rec = _record(state)
    assert rec.result() == HandResult.from_state(state)
    assert rec.result({0: "deduct"}).revokes[0].penalty == "deduct"


def test_result_of_an_unfinished_hand_is_refused() -> None:
    rec = _record(random_hand(24, stop_after=30), board=8)
    with pytest.raises(RecordError, match=r"^board 8: the hand is not over: 30 cards played$"):
        rec.result()


# ---------------------------------------------------------------- replay errors
def _revoke_position(state: HandState) -> tuple[int, Seat, Card, str]:
    """The first card of a legal hand where the player on turn could have revoked: its
    place, the seat, a card of another suit he holds, and the suit led."""
    replay = HandState(state.deal)
    for k, event in enumerate(e for e in state.events if isinstance(e, CardPlayed)):
        trick = replay.current_trick
        if trick:
            led = trick[0][1].suit
            hand = replay.hand(replay.turn)
            others = hand & ~SUIT_MASK[led]
            if hand & SUIT_MASK[led] and others:
                return k, replay.turn, cards_of(others)[0], led.word
        replay.play(event.card)
    raise AssertionError("no chance to revoke")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_law_71_failing_to_follow_suit_names_board_trick_card_and_seat(seed: int) -> None:
    state = random_hand(seed)
    rec = _record(state)
    k, seat, card, suit = _revoke_position(state)
    bad = HandRecord(rec.deal, plays=(*rec.plays[:k], card, *rec.plays[k + 1 :]), board=3)
    with pytest.raises(RecordError) as info:
        bad.replay()
    assert str(info.value) == (
        f"board 3, trick {k // 4 + 1}: illegal card '{card}' for {seat}: must follow {suit}"
    )


def test_a_card_not_in_hand_names_board_trick_card_and_seat() -> None:
    state = random_hand(30)
    rec = _record(state)
    north_card = cards_of(rec.deal.hand(Seat.N))[0]  # W, the eldest, leads it
    bad = HandRecord(rec.deal, plays=(north_card, *rec.plays[1:]), board=2)
    with pytest.raises(RecordError) as info:
        bad.replay()
    assert str(info.value) == f"board 2, trick 1: illegal card '{north_card}' for W: not in hand"


def test_a_record_of_more_than_52_cards_is_refused() -> None:
    rec = _record(random_hand(31, stop_after=51))
    last = next(c for c in cards_of((1 << 52) - 1) if c not in rec.plays)
    full = HandRecord(rec.deal, plays=(*rec.plays, last), board=4)
    full.replay()
    with pytest.raises(RecordError, match=r"^board 4: 53 cards played, but a hand has 52$"):
        HandRecord(rec.deal, plays=(*full.plays, last), board=4)


def test_a_log_with_the_wrong_seat_names_board_and_trick() -> None:
    state = random_hand(32, stop_after=6)
    rec = _record(state, board=6)
    log = list(rec.events)
    fifth = log[5]  # after trick 1 (4 cards and its quitting), the second card of trick 2
    assert isinstance(fifth, CardPlayed)
    log[5] = fifth._replace(seat=fifth.seat.left)
    bad = HandRecord(rec.deal, plays=rec.plays, board=6, events=tuple(log))
    with pytest.raises(RecordError) as info:
        bad.replay()
    assert str(info.value) == (
        f"board 6, trick 2: the record has {fifth.seat.left} play {fifth.card}, "
        f"but {fifth.seat} is to play"
    )


def test_a_log_with_the_wrong_trick_winner_names_board_and_trick() -> None:
    state = random_hand(33, stop_after=8)
    rec = _record(state, board=7)
    log = list(rec.events)
    quitted = log[4]
    assert isinstance(quitted, TrickQuitted)
    log[4] = quitted._replace(winner=quitted.winner.partner)
    bad = HandRecord(rec.deal, plays=rec.plays, board=7, events=tuple(log))
    with pytest.raises(
        RecordError,
        match=r"^board 7, trick 1: the record has trick 1 to [NESW], "
        r"but the replay gives trick 1 to [NESW]$",
    ):
        bad.replay()


def test_law_56_exposed_card_not_in_hand_is_refused_on_replay() -> None:
    state = random_hand(34, stop_after=4)
    rec = _record(state, board=9)
    east_card = cards_of(state.hand(Seat.E))[0]
    exposed = CardExposed(Seat.W, east_card, 1, "dropped")
    bad = HandRecord(rec.deal, plays=rec.plays, board=9, events=(*rec.events, exposed))
    with pytest.raises(RecordError) as info:
        bad.replay()
    assert str(info.value) == f"board 9, trick 2: illegal card '{east_card}' for W: not in hand"


# ---------------------------------------------------------------- checks when made
def test_a_record_refuses_plays_that_disagree_with_its_log() -> None:
    rec = _record(random_hand(35, stop_after=5), board=3)
    with pytest.raises(
        RecordError, match=r"^board 3: the plays and the event log disagree at card 5"
    ):
        HandRecord(rec.deal, plays=rec.plays[:4], board=3, events=rec.events)


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"variant": "bridge"}, "board 1: unknown variant 'bridge'"),
        ({"board": 0}, "board 0: a board number is a positive integer"),
        ({"date": "2 May 1864"}, "date '2 May 1864': expected PBN style YYYY.MM.DD"),
        ({"players": ("a", "b")}, "players are four names, N E S W"),
        ({"dummies": (Seat.N, Seat.N)}, "a dummy is named twice"),
        ({"plays": ("SA", "XX")}, "cannot read card 'XX'"),
    ],
)
def test_a_record_refuses_what_is_not_a_record(changes: dict[str, object], problem: str) -> None:
    deal = random_hand(36, stop_after=0).deal
    with pytest.raises(RecordError, match=problem.replace("(", r"\(")):
        HandRecord(deal, **changes)  # type: ignore[arg-type]


def test_a_record_takes_cards_as_text_and_an_unknown_date_as_empty() -> None:
    state = random_hand(37, stop_after=3)
    as_text: tuple[object, ...] = tuple(str(c) for c in _record(state).plays)
    rec = HandRecord(state.deal, plays=as_text, date="????.??.??")  # type: ignore[arg-type]
    assert rec.plays == _record(state).plays and rec.date == ""
    assert all(isinstance(c, Card) for c in rec.plays)

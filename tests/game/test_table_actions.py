"""At the table (issue 19, item 3): claims and concessions judged double dummy, the
computer's sure claim, the last card playing itself, undo in practice, the review."""

from __future__ import annotations

import pytest

from cavendish.analysis.dd import solve_state
from cavendish.core import CardPlayed, HandState, Seat, get_rules
from cavendish.core.events import Claimed, TakenBack, event_from_dict, event_to_dict
from cavendish.game import Session, SessionError
from cavendish.game.claims import double_dummy_tricks, sure_claim
from cavendish.io.jsonlog import records_from_json, records_to_json
from cavendish.io.pbn import read_pbn, write_pbn
from cavendish.players import Player, RandomPlayer


def computers(seed: int = 0) -> dict[Seat, Player | None]:
    return {seat: RandomPlayer(seed + i, f"R{i}") for i, seat in enumerate(Seat)}


def with_human(seed: int = 0, *, practice: bool = False, auto_last: bool = True) -> Session:
    players = computers(seed)
    players[Seat.S] = None
    return Session.seated(
        "short", players, seed=seed, max_hands=2, practice=practice, auto_last=auto_last
    )


def into_the_hand(session: Session, cards: int) -> HandState:
    session.start_hand()
    state = session.state
    assert state is not None
    for _ in range(cards):
        session.play(state.legal_cards()[0])
    return state


def test_a_claim_beyond_double_dummy_is_refused_and_play_goes_on() -> None:
    session = Session.seated("short", computers(3), seed=3, max_hands=1)
    state = into_the_hand(session, 16)
    dd = double_dummy_tricks(state, Seat.N)
    assert dd < 9
    claim = session.claim_tricks(Seat.N, dd + 1)
    assert not claim.accepted
    assert session.to_play == state.turn  # play goes on
    assert state.events[-1] == claim  # the refused claim is in the log
    session.run()
    assert sum(session.finish_hand().result.tricks) == 13  # type: ignore[union-attr]


def test_a_claim_made_double_dummy_is_accepted_and_the_tricks_are_scored() -> None:
    session = Session.seated("short", computers(4), seed=4, max_hands=1)
    state = into_the_hand(session, 21)  # mid-trick: the trick in progress counts
    before = (state.tricks_won(0), state.tricks_won(1))
    dd = double_dummy_tricks(state, Seat.E)
    claim = session.claim_tricks(Seat.E, dd)
    assert claim.accepted and claim.remaining == 13 - state.trick_number
    assert session.to_play is None
    played = session.finish_hand()
    assert played.result is not None
    assert played.result.tricks[Seat.E.side] == before[Seat.E.side] + dd
    assert sum(played.result.tricks) == 13


def test_concede_gives_the_adversaries_every_trick_left() -> None:
    session = Session.seated("short", computers(5), seed=5, max_hands=1)
    state = into_the_hand(session, 8)
    ew = state.tricks_won(1)
    assert session.concede(Seat.N).accepted
    played = session.finish_hand()
    ns = state.tricks_won(0)
    assert played.result is not None and played.result.tricks == (ns, 13 - ns)
    assert played.result.tricks[1] == ew + 11


def test_a_claim_of_more_tricks_than_are_left_is_refused_with_the_range() -> None:
    session = Session.seated("short", computers(6), seed=6, max_hands=1)
    into_the_hand(session, 4)
    with pytest.raises(SessionError, match="0 to 12 tricks"):
        session.claim_tricks(Seat.S, 13)


def test_claims_are_written_to_pbn_with_a_star_and_the_claim_tag_and_read_back() -> None:
    session = Session.seated("short", computers(7), seed=7, max_hands=1)
    state = into_the_hand(session, 30)
    session.claim_tricks(Seat.W, 13 - state.trick_number)  # refused or not, it is logged
    session.claim_tricks(Seat.W, double_dummy_tricks(state, Seat.W))
    played = session.finish_hand()
    rec = played.record(variant="short")
    text = write_pbn([rec])
    lines = text.split("\r\n")
    play = lines.index('[Play "' + str(rec.deal.eldest) + '"]')
    assert lines[play + 9] == "*"  # after the last card played (seven tricks and two cards)
    assert f'[Claim "W {double_dummy_tricks(state, Seat.W)}"]' in lines
    assert [read_pbn(text)] == [[rec]]
    assert records_from_json(records_to_json([rec])) == [rec]
    assert read_pbn(text)[0].result() == played.result


def test_a_claim_tag_without_our_table_is_read_as_an_accepted_claim() -> None:
    session = Session.seated("short", computers(8), seed=8, max_hands=1)
    into_the_hand(session, 24)
    session.claim_tricks(Seat.N, 0)
    text = write_pbn([session.finish_hand().record(variant="short")])
    bare = text.split("[Irregularities")[0]  # another program's file: the tag and '*' only
    (rec,) = read_pbn(bare)
    assert rec.result().tricks == session.hands[0].result.tricks  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="bad Claim"):
        read_pbn(bare.replace('[Claim "N 0"]', '[Claim "N 9"]'))


def test_table_events_round_trip_as_dicts() -> None:
    for event in (Claimed(Seat.S, 3, 5, False, 8), TakenBack(Seat.E, ("S4", "SK"), 2)):
        assert event_from_dict(event_to_dict(event)) == event


@pytest.mark.parametrize("seed", range(6))
def test_a_computer_claims_only_what_its_side_holds_on_every_layout(seed: int) -> None:
    session = Session.seated(
        "short", computers(seed), seed=seed, max_hands=3, computer_claims=True
    )
    claims = 0
    while not session.is_over:
        session.start_hand()
        state = session.state
        assert state is not None
        while session.to_play is not None:
            seat = session.to_play
            if sure_claim(state, seat):
                # every layout: the claimer's side takes all the tricks left double dummy
                assert double_dummy_tricks(state, seat) == 13 - state.trick_number
            session.step()
        claim = session.claim
        if claim is not None:
            claims += 1
            assert claim.accepted and claim.tricks == claim.remaining
        session.finish_hand()
    assert sum(h.result.tricks[0] + h.result.tricks[1] for h in session.hands) == 39  # type: ignore[union-attr]


def test_sure_claim_needs_masters_and_no_hidden_ruff() -> None:
    from cavendish.core import Deal

    def opening(south: str, west: str) -> HandState:
        # E deals (the trump card C2 is his), so S leads the first trick
        deal = Deal.from_pbn(
            f"E:..KQJT98765432.2 {south} {west} 65432.8765432.A.", trump_card="C2"
        )
        return HandState(deal, get_rules("short"))

    # the ace of spades and twelve trumps; the one trump S cannot see is below his
    sure = opening("A...AKQJT9876543", "KQJT987.AKQJT9..")
    assert sure.turn == Seat.S and sure_claim(sure, Seat.S)
    assert double_dummy_tricks(sure, Seat.S) == 13
    # the king instead of the ace: a spade he cannot see is higher
    unsure = opening("K...AKQJT9876543", "AQJT987.AKQJT9..")
    assert not sure_claim(unsure, Seat.S)
    # all thirteen spades but a trump unseen: a void adversary could ruff
    deal = Deal.from_pbn(
        "E:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
        trump_card="C2",
    )
    assert not sure_claim(HandState(deal), Seat.S)


def test_the_last_card_plays_itself_and_the_option_turns_it_off() -> None:
    for auto_last in (True, False):
        session = with_human(9, auto_last=auto_last)
        session.start_hand()
        state = session.state
        assert state is not None
        asked = 0
        while session.to_play is not None:
            session.run()
            if session.to_play is None:
                break
            asked += 1
            assert state.hand(Seat.S).bit_count() > (1 if auto_last else 0)
            session.play(state.legal_cards()[0])
        assert asked == (12 if auto_last else 13)
        assert state.is_over


def test_undo_in_practice_takes_back_your_card_and_the_computers_after_it() -> None:
    session = with_human(10, practice=True)
    session.start_hand()
    state = session.state
    assert state is not None
    session.run()
    session.play(state.legal_cards()[0])
    session.run()
    session.play(state.legal_cards()[0])
    session.run()
    mine = [e for e in state.events if isinstance(e, CardPlayed) and e.seat == Seat.S]
    last = mine[-1]
    at = state.events.index(last)
    after = [e.card for e in state.events[at:] if isinstance(e, CardPlayed)]
    event = session.undo(Seat.S)
    assert event.cards == tuple(str(c) for c in after)
    assert state.events[-1] == event
    assert session.to_play == Seat.S and state.can_play(last.card)
    assert [e for e in state.events if isinstance(e, CardPlayed) and e.seat == Seat.S] == mine[:-1]
    # the hand goes on and is recorded with its undo
    session.run()
    while session.to_play is not None:
        session.play(state.legal_cards()[0])
        session.run()
    played = session.finish_hand()
    rec = played.record(variant="short")
    assert read_pbn(write_pbn([rec])) == [rec]


def test_undo_after_the_last_card_played_itself_takes_back_the_card_before_it() -> None:
    # with auto_last the person's thirteenth card plays itself: taking *it* back would
    # only see it played again at once, so undo reaches back to the card he chose
    for seed in range(20, 40):
        session = with_human(seed, practice=True)
        session.start_hand()
        state = session.state
        assert state is not None
        session.run()
        while session.to_play == Seat.S and state.hand(Seat.S).bit_count() > 1:
            session.play(state.legal_cards()[0])
            if state.hand(Seat.S).bit_count() > 1:
                session.run()
        while state.hand(Seat.S) and not state.is_over:  # one card at a time, as the
            session.step()                               # web table plays them
        mine = [e for e in state.events if isinstance(e, CardPlayed) and e.seat == Seat.S]
        if state.is_over or len(mine) != 13:
            continue  # the hand ended with S's card: nothing left to take back in it
        chosen = mine[-2]
        event = session.undo(Seat.S)
        assert event.cards[0] == str(chosen.card)
        assert session.to_play == Seat.S and state.hand(Seat.S).bit_count() == 2
        return
    pytest.fail("no seed left S's last card in a trick still in play")


def test_undo_is_refused_outside_practice_and_before_your_first_card() -> None:
    session = with_human(11)
    session.start_hand()
    session.run()
    with pytest.raises(SessionError, match="practice"):
        session.undo(Seat.S)
    practice = with_human(11, practice=True)
    practice.start_hand()
    practice.run()
    with pytest.raises(SessionError, match="nothing to take back"):
        practice.undo(Seat.S)


def test_the_review_gives_the_deal_the_tricks_and_double_dummy_from_the_opening_lead() -> None:
    session = Session.seated("short", computers(12), seed=12, max_hands=1)
    session.play_all()
    played = session.hands[0]
    review = session.review(played)
    assert review.deal == played.state.deal
    assert review.tricks == played.result.tricks  # type: ignore[union-attr]
    start = HandState(played.state.deal)
    assert review.dd_tricks[start.turn.side] == solve_state(start).best
    assert sum(review.dd_tricks) == 13

"""Honours claimed by the players (issue 31 point 12): 003 laws 6-7, "Honours, unless
claimed before the trump card of the following deal is turned up, cannot be scored"
and "To score honours is not sufficient; they must be called at the end of the
hand"; with ``honours="claim"`` (``cavendish play --honours claim``) a person's side
claims them, a side of computers claims at once, and a side that has not claimed
when the next deal comes loses them."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, Side
from cavendish.core.events import HonoursClaimed
from cavendish.game import Session, SessionError
from cavendish.io.pbn import read_pbn_file
from cavendish.players import Player, RandomPlayer


def table(seed: int) -> Session:
    players: dict[Seat, Player | None] = {
        seat: None if seat == Seat.S else RandomPlayer(seed + i, f"R{i}")
        for i, seat in enumerate(Seat)
    }
    return Session.seated("short", players, seed, honours="claim", max_hands=1)


def over(want) -> Session:  # type: ignore[no-untyped-def]
    """The first table (by seed) whose first hand, played out, ``want``s."""
    for seed in range(300):
        s = table(seed)
        s.start_hand()
        s.play_out()
        assert s.state is not None
        if want(s):
            return s
    raise AssertionError("no seed gives that hand")


def test_law_7_honours_must_be_called_at_the_end_of_the_hand_by_the_person() -> None:
    """003 law 7: "To score honours is not sufficient; they must be called at the end of
    the hand": the person's side is asked; claimed, they score."""
    s = over(lambda s: s.state.honours(Side.NS) >= 3)
    assert s.honours_claim_due == Side.NS
    event = s.claim_honours(Seat.S)
    assert isinstance(event, HonoursClaimed) and event.side == Side.NS
    assert s.honours_claim_due is None
    played = s.finish_hand()
    assert played.result is not None and played.result.honours[Side.NS] >= 3
    with pytest.raises(SessionError, match="no hand is in play"):
        s.claim_honours(Seat.S)  # the hand is scored: nothing is left to claim


def test_law_6_honours_not_claimed_before_the_next_trump_card_cannot_be_scored() -> None:
    """003 law 6: "Honours, unless claimed before the trump card of the following deal
    is turned up, cannot be scored": the person does not claim, the hand is scored
    (the next deal comes), and his side's honours count nothing."""
    s = over(lambda s: s.state.honours(Side.NS) >= 3)
    played = s.finish_hand()
    assert played.result is not None and played.result.honours[Side.NS] == 0
    assert played.score is not None and played.score.honours[Side.NS] == 0


def test_law_6_computers_claim_their_honours_at_once() -> None:
    """A side of computers claims its honours at the end of the hand."""
    s = over(lambda s: s.state.honours(Side.EW) >= 3)
    assert s.honours_claim_due is None  # nothing is the person's to claim
    played = s.finish_hand()
    claims = [e for e in played.state.events if isinstance(e, HonoursClaimed)]
    assert [c.side for c in claims] == [Side.EW] and claims[0].seat.side == Side.EW
    assert played.result is not None and played.result.honours[Side.EW] >= 3


def test_law_7_a_claim_before_the_end_of_the_hand_is_refused() -> None:
    s = table(1)
    s.start_hand()
    with pytest.raises(SessionError, match="at the end of the hand"):
        s.claim_honours(Seat.S)


def test_law_7_cavendish_play_honours_claim_asks_the_person(tmp_path: Path) -> None:
    """``cavendish play --honours claim``: at the end of a hand in which your side held
    honours you are asked to claim them; the claim is in the record."""
    out = tmp_path / "h.pbn"
    res = CliRunner().invoke(
        app, ["play", "--honours", "claim", "--seed", "1", "--rubbers", "1", "--out", str(out)],
        input="auto\n" * 600,
    )
    assert res.exit_code == 0, res.output
    said = " ".join(res.output.split())
    assert "claim them? (yes/no; not claimed before the next trump card is turned up" in said
    claims = [e for r in read_pbn_file(out) for e in r.events if isinstance(e, HonoursClaimed)]
    assert any(c.seat == Seat.S for c in claims)
    bad = CliRunner().invoke(app, ["play", "--honours", "later"])
    assert bad.exit_code == 2 and "--honours 'later'" in bad.output

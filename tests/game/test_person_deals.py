"""The dealing laws when a person deals (issue 31 point 16): at a table under the laws
the program deals for the person; with ``own_deal_slips`` (``cavendish play --laws
--sloppy P --sloppy-me``) his deal slips as a careless dealer's would, and a slip that
gives the dealer's adversaries an election is theirs: elected by the computer's rule
for a side of computers, asked of a person's side (:meth:`LawsSession.elect_in_deal`).

* law 38 (003 line 384): "If, whilst dealing, a card be exposed by the dealer or his
  partner, should neither of the adversaries have touched the cards, the latter can
  claim a new deal";
* law 41 (003 line 401): "If a player, whilst dealing, look at the trump card, his
  adversaries have a right to see it, and may exact a new deal";
* laws 43-44: "A misdeal loses the deal"."""

from __future__ import annotations

import random

import pytest

from cavendish.core import Seat, get_rules
from cavendish.core.events import Elected
from cavendish.game.laws_session import LawsSession
from cavendish.game.seating import seat_by_cut
from cavendish.game.session import SessionError
from cavendish.laws.texts import law_words
from cavendish.players import Player, RandomPlayer
from cavendish.players.sloppy import SloppyPlayer


def table(seed: int, *, own: float = 0.0, deal_rate: float = 0.0) -> LawsSession:
    """Short whist, the person ("You") South, computers careless only in dealing."""
    rules, rng = get_rules("short"), random.Random(seed)
    seating = seat_by_cut(rules, ["You", "A", "B", "C"], rng, request=("You", Seat.S))
    players: dict[Seat, Player | None] = {
        s: None if n == "You" else SloppyPlayer(RandomPlayer(i), 0.0, seed=i,
                                               deal_rate=deal_rate)
        for i, (s, n) in enumerate(sorted(seating.names.items()))
    }
    return LawsSession(rules, seating, players, rng, rubbers=None, max_hands=12,
                       own_deal_slips=own)


def play_out(s: LawsSession) -> None:
    while not s.hand_over:
        if s.human_to_decide:
            s.elect(s.computer_option())
        elif s.human_to_play:
            seat = s.to_play
            assert seat is not None
            s.play(s.view(seat).legal_cards()[0], seat)
        else:
            s.step()
    s.finish_hand()


def words(law: int) -> str:
    return " ".join(law_words(law).split())


def test_law_43_44_38_41_the_persons_own_deal_slips_and_his_adversaries_elect() -> None:
    """Every deal of the person slips (``own_deal_slips=1``): each is ruled, a misdeal
    losing the deal (laws 43-44), a card exposed or the trump card looked at put to
    the computers, his adversaries, who exact a new deal by their rule (laws 38, 41)."""
    assert "the latter can claim a new deal" in words(38)
    assert "may exact a new deal" in words(41)
    s = table(5, own=1.0)
    laws: set[int] = set()
    for _ in range(8):
        dealer = s.dealer
        s.start_hand()
        assert s.deal_pending is None  # never the person's election: his own deal
        if dealer == Seat.S:
            assert s.deal_rulings and s.deal_rulings[0].seat == Seat.S
            laws |= {r.law for r in s.deal_rulings}
            for e in s.deal_elections:
                assert isinstance(e, Elected) and e.side.name == "EW" and e.option == "new-deal"
        play_out(s)
    assert laws & {43, 44} and laws & {38, 41}, laws


def test_law_38_41_a_computer_dealers_slip_is_the_persons_election() -> None:
    """A careless computer dealer exposes a card or looks at the trump card: the person's
    side is asked (the deal waits, ``deal_pending``); "stand" lets the deal go on to
    the trump card and be played; "new-deal" makes the same dealer deal again."""
    s = table(1, deal_rate=0.5)
    seen: dict[str, int] = {}
    for _ in range(12):
        if s.is_over:
            break
        s.start_hand()
        while s.deal_pending is not None:
            proc, deal = s.deal_pending
            decision = proc.pending()
            assert decision is not None and decision.side.name == "NS"
            assert decision.law in (38, 41) and decision.options == ("new-deal", "stand")
            option = "stand" if not seen.get("stand") else "new-deal"
            seen[option] = seen.get(option, 0) + 1
            dealer = s.dealer
            with pytest.raises(SessionError, match="awaits an election"):
                s.start_hand()
            s.elect_in_deal(option, Seat.S)
            s.start_hand()
            if option == "stand" and s.arbiter is not None:
                assert s.arbiter.deal == deal  # the deal stood, as dealt
            if option == "new-deal":
                assert any(e.option == "new-deal" for e in s.deal_elections)
                assert any(r.seat == dealer and "a new deal by the same dealer" in r.what
                           for r in s.deal_rulings)
        play_out(s)
    assert seen.get("stand") and seen.get("new-deal"), seen


def test_law_43_44_a_computers_deal_slips_at_a_web_table_option() -> None:
    """A web table's computers play in the pool (their seats hold None), so no
    :class:`SloppyPlayer` slips for them: the table option ``computer_deal_slips``
    makes a computer's deal slip through the same laws code as a person's own (laws
    43-44: "A misdeal loses the deal"); 0, the default, never.  The option is a laws
    table's only, a chance from 0 to 1."""
    from cavendish.web.config import ConfigError, TableConfig
    from cavendish.web.laws_table import build_laws_session

    assert "A misdeal loses the deal" in words(43)
    told: dict[float, list[int]] = {}
    for chance in (1.0, 0.0):
        config = TableConfig.from_request(
            {"variant": "short", "laws": True, "seats": {"S": "human"},
             "computer_deal_slips": chance}, seed=3)
        session = build_laws_session(config)
        assert session.computer_deal_slips == chance
        rulings = []
        for _ in range(3):
            dealer = session.dealer
            session.start_hand()
            if session.deal_pending is not None:  # the person's side elects (law 38, 41)
                session.elect_in_deal(session.deal_pending[0].pending().options[1])
                session.start_hand()
            rulings += [(dealer, r.law) for r in session.deal_rulings]
            play_out(session)
        told[chance] = [law for _, law in rulings]
        assert all(dealer != Seat.S for dealer, _ in rulings)  # the person's never slips
    assert told[0.0] == []
    assert any(law in (38, 41, 44) for law in told[1.0]), told
    with pytest.raises(ConfigError, match="computer_deal_slips 2"):
        TableConfig.from_request({"variant": "short", "laws": True,
                                  "computer_deal_slips": 2}, seed=3)
    with pytest.raises(ConfigError, match="computer_deal_slips"):
        TableConfig.from_request({"variant": "short", "computer_deal_slips": 0.5}, seed=3)

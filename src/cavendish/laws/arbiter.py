"""The arbiter: a table run by the club code (laws 13-91, dummy and double dummy).

Design note
-----------
:class:`Arbiter` puts together the laws' mixins (one module per concept) around a
:class:`~cavendish.core.state.HandState` in "laws" mode.  Players act through its
methods (play, play out of turn, expose a card, throw down the hand, ask "having
none?", claim a revoke ...); the arbiter lets an irregularity happen, notices it
(at once at an ``attentive`` table, else when it is claimed or comes to light),
rules on it citing its law, offers the non-offending side exactly the options the
law gives and waits for their election (:meth:`pending`, :meth:`elect`), then
applies it.  Penalty cards and calls constrain later play through the hand's
legal-card query.  At the end of the hand the revokes are claimed and their
penalties elected, and :meth:`result` yields the
:class:`~cavendish.scoring.result.HandResult` for the score sheet.

After every action the arbiter examines the table, in this order: the trump card
left on the table (law 52); revokes established (law 73); a lead out of turn
followed by all (law 63); a card that stands played for its owner (laws 56, 67,
68); a player without a card (laws 46, 70); a suit to call from the leader (laws
60, 62, 63); exposed cards to call (laws 56, 65); a trump to call (laws 53, 55);
at the end, omissions (law 69), the search for revokes (law 75) and their
penalties (laws 72, 59).

>>> from cavendish.core.deal import Deal
>>> deal = Deal.from_pbn("S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
...                      "...AKQJT98765432", trump_card="S2")
>>> arb = Arbiter(deal)
>>> arb.play(Seat.N, Card.parse("D2"))          # W is to lead: N leads out of turn
>>> print(arb.pending())
law 62: N led D2 out of turn; EW (E) to elect: card | suit | accept | pass
>>> arb.elect(Side.EW, "card")                  # D2 stays exposed, liable to be called
>>> [str(c) for c in arb.liable(Seat.N)]
['D2']
"""

from __future__ import annotations

from ..core.cards import SUIT_MASK, Card, Seat, Side
from ..core.events import Call, CardPlayed, TrickQuitted
from ..scoring.result import HandResult, HandScore, Revoke
from ..scoring.sheet import POLICIES
from .base import table_action
from .errors import NotAllowed
from .exposed import ExposedCardLaws
from .general import GeneralLaws
from .misplay import MisplayLaws
from .out_of_turn import OutOfTurnLaws
from .revoke import RevokeLaws
from .trump_card import TrumpCardLaws

__all__ = ["Arbiter"]


class Arbiter(
    TrumpCardLaws,
    ExposedCardLaws,
    OutOfTurnLaws,
    RevokeLaws,
    MisplayLaws,
    GeneralLaws,
):
    """A hand of whist at a table run by the club code (see the module)."""

    # ------------------------------------------------------------------ play
    @table_action()
    def play(self, seat: Seat, card: Card) -> None:
        """``seat`` puts ``card`` on the table: in turn, out of turn (laws 57, 62, 63,
        67, 68), or against the rule of following suit or a call (laws 61, 71)."""
        self._check_in_play("play")
        if seat == self.state.turn:
            self._play_card(seat, card)
        else:
            self._out_of_turn(seat, card)

    def _play_card(self, seat: Seat, card: Card) -> None:
        st = self.state
        if not st.hand(seat) >> card & 1:
            raise NotAllowed(f"{card} is not in {seat}'s hand")
        led = st.led_suit()
        held = st.hand(seat) | st.mislaid(seat)
        in_hand = led is not None and bool(st.hand(seat) & SUIT_MASK[led])
        event = st.play(card, seat)
        assert isinstance(event, CardPlayed)
        index = len(st.events) - (2 if isinstance(st.events[-1], TrickQuitted) else 1)
        self.liabilities.drop(seat, card)
        if event.revoke:
            followed = led is None or card.suit == led or not held & SUIT_MASK[led]
            # a revoke caused by a card out of his hand (laws 46, 70) cannot be put right
            # by playing another: he holds none of the suit
            self._note_revoke(event, index, 61 if followed else 71, in_hand or followed)

    # ------------------------------------------------------------- examine
    def _examine(self) -> None:
        for _ in range(400):
            self._establish_revokes()
            if self.void is not None:
                return
            if self.finished:
                self._penalty_decisions()  # a claim made after the end (laws 75, 77)
                return
            if self.decision_book.awaiting or not self._step():
                return
        raise RuntimeError("the arbiter did not settle after 400 steps")  # pragma: no cover

    def _step(self) -> bool:
        """One thing the table now calls for; True if something was done or awaited."""
        st = self.state
        self._forget_played_liabilities()
        if self._trump_card_left():
            return True
        self._establish_revokes()
        if self._false_lead_done():
            return True
        if self._attentive_omissions():
            return True
        if self.abandoned is None and not st.is_over:
            if self._play_standing():
                return True
            if self._short_hand():
                return True
            if self._offer_suit_call():
                return True
            if self._offer_card_call():
                return True
            return bool(self._offer_trump_call())
        return self._end_of_hand()

    def _play_standing(self) -> bool:
        """A card that stands as played (laws 56, 67, 68) is played when its turn comes."""
        st = self.state
        seat = st.turn
        for call in st.calls(seat):
            if call.call == Call.PLAY:
                self._play_card(seat, Card.parse(call.target))
                return True
        return False

    def _end_of_hand(self) -> bool:
        if self.abandoned is None and self._settle_omissions():
            return True
        self._establish_revokes()
        if self.attentive and not self.revoke_ledger.searched:
            self.revoke_ledger.searched = True
            for side in (Side.NS, Side.EW):
                if self.revoke_ledger.matching(side, None, None):
                    self._search(side, None, None)
        self._penalty_decisions()
        if self.decision_book.awaiting:
            return True
        self.finished = True
        return False

    # --------------------------------------------------------------- result
    def result(self) -> HandResult | None:
        """The hand's result for the score sheet, with the revokes claimed and their
        penalties; None for a void hand (a new deal)."""
        if self.void is not None:
            return None
        if not self.finished or self.decision_book.awaiting:
            raise NotAllowed(
                "the hand has no result yet: it is not over, or a decision "
                f"is awaited ({self.pending()})"
            )
        return self.result_preview()

    def result_preview(self) -> HandResult:
        """The result as it would be with the penalties elected so far (the others left
        to the scorer's best choice): for the computer's elections at the end of the hand."""
        st = self.state
        won = [st.tricks_won(Side.NS), st.tricks_won(Side.EW)]
        if self.abandoned is not None:
            first, claim = self.abandoned
            rest = 13 - st.trick_number
            won[first.side] += claim
            won[first.side.other] += rest - claim
        if sum(won) != 13:
            raise NotAllowed("no result before the hand is over")
        revokes = tuple(
            Revoke(c.seat.side, c.penalty, c.trick)  # type: ignore[arg-type]
            for c in self.revokes
            if c.claimed and not c.dummy
        )
        return HandResult((won[0], won[1]), (st.deal.honours(0), st.deal.honours(1)), revokes)

    def score(self) -> HandScore | None:
        """The hand scored from the game score it began at (:mod:`cavendish.scoring`)."""
        result = self.result()
        if result is None:
            return None
        return POLICIES[self.rules.scoring](self.rules, self.before, result)

"""The trump card (laws 52-55).

Design note
-----------
The trump card lies face up until the dealer's turn to play to the first trick,
when he takes it into his hand (law 52; :attr:`HandState.trump_card_on_table
<cavendish.core.state.HandState.trump_card_on_table>`).

* **Left on the table** (law 52): the dealer says he leaves it; if it still lies
  there when the first trick is turned and quitted, it is an exposed card liable to
  be called.  His partner may remind him at any time; reminded before the trick is
  quitted, he takes it up without liability.  (Cavendish: "it is not usual to call
  the trump card if left on the table", which the computer's rule follows.)
* **Named after it was taken up** (law 53): the trump card cannot be asked for
  then (the trump *suit* may be asked at any time, Cavendish's note); a player who
  names it is liable to have his highest or lowest trump called (once).
* **Taken up too soon** (law 54): the adversaries may desire the dealer to lay it
  on the table again; a wrong card shown is liable to be called, and a second, a
  third ..., until he produces the trump card.
* **Forgotten** (law 55): a dealer who declares he cannot recollect the trump card
  may have his highest or lowest trump called at any time during the hand, and
  must play it unless it makes him revoke (law 64); the call may be repeated, but
  not changed from highest to lowest or back, until the card is played.

The adversaries are offered the call of the highest or lowest trump whenever the
liable player may lawfully play a trump; :meth:`call_trump` makes it at any other
moment (it then waits for the first moment it can be obeyed).
"""

from __future__ import annotations

from ..core.cards import Card, Seat, Side, Suit
from ..core.events import Call
from .base import ArbiterBase, TrumpLiability, table_action
from .errors import NotAllowed

__all__ = ["TrumpCardLaws"]


class TrumpCardLaws(ArbiterBase):
    """Laws 52-55."""

    @property
    def dealer(self) -> Seat:
        """The dealer of the hand."""
        return self.state.deal.dealer

    # ----------------------------------------------------------------- law 52
    @table_action()
    def leave_trump_card(self) -> None:
        """The dealer plays to the first trick without taking up the trump card (law 52)."""
        self._check_in_play("leave the trump card")
        st = self.state
        if st.trick_number > 0:
            raise NotAllowed("the first trick is quitted: the trump card is taken up or liable", 52)
        if not st.hand(self.dealer) >> st.deal.trump_card & 1:
            raise NotAllowed(f"the dealer has played the trump card {st.deal.trump_card}", 52)
        self._trump_left = True

    @table_action()
    def remind(self, seat: Seat) -> None:
        """The dealer's partner reminds him to take up the trump card (law 52)."""
        if seat != self.dealer.partner:
            raise NotAllowed(f"only the dealer's partner ({self.dealer.partner}) may remind", 52)
        card = self.state.deal.trump_card
        if self._trump_left and not self._trump_exposed:
            self._trump_left = False
            self._rule(52, seat, f"{seat} reminds the dealer: he takes up the trump card {card}")
        elif self._trump_exposed:
            self._rule(52, seat, f"{seat} reminds the dealer, too late: {card} stays liable")
        else:
            self._rule(52, seat, f"{seat} reminds the dealer of the trump card: nothing is amiss")

    def _trump_card_left(self) -> bool:
        """Law 52: the first trick is quitted with the trump card on the table."""
        st = self.state
        card = st.deal.trump_card
        if not self._trump_left or self._trump_exposed or st.trick_number == 0:
            return False
        self._trump_exposed = True
        if not st.hand(self.dealer) >> card & 1:
            return False
        st.expose(card, self.dealer, "trump card left on the table (law 52)")
        self.liabilities.make_liable(self.dealer, card, 52)
        self._rule(
            52,
            self.dealer,
            f"the trump card {card} is left on the table after the first trick: liable to be "
            "called",
        )
        return True

    # ----------------------------------------------------------------- law 53
    def trump_suit(self) -> Suit:
        """The trump suit, which any player may ask at any time (law 53, note)."""
        return self.state.trump

    def ask_trump_card(self, seat: Seat) -> Card:
        """The trump card, while it lies on the table; after, it cannot be asked for
        (law 53)."""
        if not self.state.trump_card_on_table:
            raise NotAllowed(
                f"{seat} asks for the trump card after it was taken up: it cannot be asked "
                "for (the suit may be)",
                53,
            )
        return self.state.deal.trump_card

    @table_action()
    def name_trump_card(self, seat: Seat) -> None:
        """``seat`` names the trump card after the dealer took it up (law 53)."""
        self._check_in_play("name the trump card")
        st = self.state
        if st.trump_card_on_table:
            self._rule(
                53, seat, f"{seat} names the trump card while it lies on the table: no offence"
            )
            return
        self.liabilities.liable_to_trump_call(TrumpLiability(seat, 53, once=True))
        self._rule(
            53,
            seat,
            f"{seat} names the trump card after it was taken up: liable to have his highest "
            "or lowest trump called",
        )

    # ----------------------------------------------------------------- law 54
    @table_action()
    def take_up_trump_card(self) -> None:
        """The dealer takes the trump card into his hand before his turn (law 54)."""
        self._check_in_play("take up the trump card")
        st = self.state
        if not st.trump_card_on_table:
            raise NotAllowed("the trump card is no longer on the table", 54)
        options = ("lay-down", "pass")
        dealer = self.dealer
        index = self._rule(
            54, dealer, f"the dealer {dealer} takes up the trump card before his turn", options
        )
        self._decide(
            54,
            dealer.side.other,
            dealer,
            "desire the dealer to lay the trump card on the table",
            options,
            "lay-down-trump",
            lambda option, who: self._ask_to_show() if option == "lay-down" else None,
            ruling=index,
        )

    def _ask_to_show(self) -> None:
        dealer = self.dealer
        options = tuple(f"show:{c}" for c in self.state.hand_cards(dealer))
        self._decide(
            54,
            dealer.side,
            dealer,
            f"{dealer} lays the trump card on the table",
            options,
            "show-trump",
            lambda option, who: self._shown(Card.parse(option[5:])),
            answer_by=dealer,
        )

    def _shown(self, card: Card) -> None:
        st = self.state
        dealer = self.dealer
        if card == st.deal.trump_card:
            self._rule(54, dealer, f"the dealer lays the trump card {card} on the table")
            return
        st.expose(card, dealer, "shown for the trump card (law 54)")
        self.liabilities.make_liable(dealer, card, 54)
        self._rule(
            54,
            dealer,
            f"the dealer shows {card}, not the trump card: liable to be called; he must show again",
        )
        self._ask_to_show()

    # ----------------------------------------------------------------- law 55
    @table_action()
    def forget_trump_card(self) -> None:
        """The dealer declares he cannot recollect the trump card (law 55)."""
        self._check_in_play("forget the trump card")
        dealer = self.dealer
        self.liabilities.liable_to_trump_call(TrumpLiability(dealer, 55, once=False))
        self._rule(
            55,
            dealer,
            f"the dealer {dealer} cannot recollect the trump card: his highest or lowest trump "
            "may be called at any time during the hand",
        )

    @table_action()
    def call_trump(self, side: Side, seat: Seat, direction: str) -> None:
        """``side`` call ``seat``'s highest or lowest trump (laws 53, 55): it must be
        played at the first moment it can be without a revoke; repeated, it cannot be
        changed until the card is played (law 55)."""
        self._check_in_play("call a trump")
        liability = self.liabilities.trump(seat)
        if liability is None:
            raise NotAllowed(f"{seat} is not liable to have a trump called", 53)
        if side == seat.side:
            raise NotAllowed(f"{side} cannot call their own trump", 53)
        if direction not in (Call.HIGHEST, Call.LOWEST):
            raise NotAllowed(f"call the highest or the lowest trump, not {direction!r}", 55)
        standing = [c for c in self.state.calls(seat) if c.call in (Call.HIGHEST, Call.LOWEST)]
        if standing and standing[0].call != direction:
            raise NotAllowed(
                f"the call of {seat}'s {standing[0].call} trump stands: it may be repeated, "
                "not changed, until the card is played",
                55,
            )
        if standing:
            self._rule(liability.law, seat, f"the call of {seat}'s {direction} trump is repeated")
            return
        self._make_trump_call(liability, direction)

    def _make_trump_call(self, liability: TrumpLiability, direction: str) -> None:
        self.state.call(liability.seat, direction, self.state.trump, law=liability.law)
        liability.direction = direction
        self._rule(liability.law, liability.seat, f"{liability.seat}'s {direction} trump is called")
        if liability.once:
            self.liabilities.release_trump(liability.seat)

    def _offer_trump_call(self) -> bool:
        """Offer the call of the highest or lowest trump when the liable player may
        lawfully play a trump now and no such call stands."""
        st = self.state
        if st.is_over:
            return False
        seat = st.turn
        liability = self.liabilities.trump(seat)
        if liability is None:
            return False
        if any(c.call in (Call.HIGHEST, Call.LOWEST, Call.PLAY, Call.CARD) for c in st.calls(seat)):
            return False
        trumps = st.legal_mask(seat) & self._suit_cards(seat, st.trump)
        key = ("trump", st.trick_number, int(seat), len(st.current_seats))
        if not trumps or not self.liabilities.offer_once(key):
            return False
        options = ("highest", "lowest", "pass")
        index = self._rule(
            liability.law,
            seat,
            f"{seat} may now be called to play his highest or lowest trump",
            options,
        )
        self._decide(
            liability.law,
            seat.side.other,
            seat,
            f"call {seat}'s highest or lowest trump",
            options,
            "trump-call",
            lambda option, who: (
                self._make_trump_call(liability, option) if option != "pass" else None
            ),
            ruling=index,
        )
        return True

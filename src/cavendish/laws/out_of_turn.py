"""Leads and plays out of turn (laws 57, 62, 63, 67, 68; dummy law iii).

Design note
-----------
A card put on the table by a player whose turn it is not is first recorded by the
hand as exposed (:class:`~cavendish.core.events.PlayOutOfTurn`); the arbiter then
rules by where it fell:

* **a lead out of turn** (law 62): the adversaries may call the card led in error
  (it stays exposed, liable to be called), or call a suit from the offender or his
  partner when either is next to lead, or let the lead stand by playing to it
  (law 63: once the other three have followed, the trick is complete and the error
  cannot be rectified), or exact nothing.  If the rightful leader is the offender's
  partner, the suit is called at once, from him (Cavendish's note to law 62).
  At an inattentive table (``attentive=False``) the false lead is followed as if
  it were right until someone claims: if only the second, or second and third,
  have played, their cards are taken back without penalty and the offender's card
  may be called or a suit called (law 63).
* **a lead from the wrong hand** at dummy (the player leads from dummy's hand when
  he should lead from his own, or the reverse): the card goes back, not liable,
  and a suit may be called from the hand that ought to have led (dummy law iii).
* **the third hand before the second** (law 67): his card stands, and the fourth
  may then play before his partner without penalty.
* **the fourth hand before his partner**, the third not having played (law 68):
  his card stands, and his partner (the second hand) may be called on to win or
  not to win the trick; told to win with none of the suit, he must trump (Cases
  and Decisions).  The fourth hand playing after his partner but before the third
  gains nothing: his card stands, no penalty.
* **a player who leads again without waiting for his partner**, having played the
  best card on the table or led a winning card (law 57): the partner may be called
  on to win, if he can, the first or any other of those tricks; the cards so
  played are exposed.  If the card he played was not a winner, the card he put
  down is simply exposed (law 56).

A card that stands is his card to the trick: the arbiter plays it for him when his
turn comes.
"""

from __future__ import annotations

from ..core.cards import SUIT_MASK, Card, Seat, Side
from ..core.events import Call
from .base import ArbiterBase, table_action
from .errors import NotAllowed
from .names import CASES, DUMMY_III

__all__ = ["OutOfTurnLaws"]

_SUITS = ("S", "H", "D", "C")


class OutOfTurnLaws(ArbiterBase):
    """Laws 57, 62, 63, 67, 68 and dummy law iii (leads from the wrong hand)."""

    def _out_of_turn(self, seat: Seat, card: Card) -> None:
        st = self.state
        if not st.hand(seat) >> card & 1:
            raise NotAllowed(f"{card} is not in {seat}'s hand", 56)
        seats = st.current_seats
        if not seats:
            if self._is_dummy_pair(seat, st.turn):
                self._wrong_hand(seat, card)
            elif self.attentive:
                self._lead_out_of_turn(seat, card)
            else:
                self._unnoticed_lead(seat, card)
            return
        if seat in seats:
            self._lead_again(seat, (card,))
            return
        self._premature(seat, card)

    # ------------------------------------------------------------- law 62
    def _lead_out_of_turn(self, seat: Seat, card: Card) -> None:
        st = self.state
        rightful = st.turn
        st.play(card, seat)
        self.liabilities.make_liable(seat, card, 62)
        if rightful.side == seat.side:
            options = ("card", *(f"suit:{s}" for s in _SUITS), "accept", "pass")
        else:
            options = ("card", "suit", "accept", "pass")
        if seat in self.dummies:
            options = options[1:]  # dummy's cards lie exposed: calling the card is no penalty
        index = self._rule(
            62, seat, f"{seat} leads {card} out of turn ({rightful} to lead)", options
        )
        self._decide(
            62,
            seat.side.other,
            seat,
            f"{seat} led {card} out of turn",
            options,
            "lead-out-of-turn",
            lambda option, who: self._elect_lead(seat, card, rightful, option, 62),
            ruling=index,
            card=card,
        )

    def _elect_lead(self, seat: Seat, card: Card, rightful: Seat, option: str, law: int) -> None:
        st = self.state
        if option == "card":
            if not st.exposed(seat) >> card & 1:
                st.expose(card, seat, f"led out of turn, called (law {law})")
            self.liabilities.make_liable(seat, card, law)
            return
        if st.exposed(seat) >> card & 1:
            st.cover(seat, card, law=law)
        self.liabilities.drop(seat, card)
        if option == "accept":
            st.change_leader(seat, law=63)
            self._play_card(seat, card)
            self._rule(63, seat, f"the lead of {card} out of turn is accepted: it stands")
        elif option == "suit":
            self.liabilities.liable_to_suit_call(seat.side, law, seat)
        elif option.startswith("suit:"):
            self._call_suit_now(rightful, option, law)

    def _call_suit_now(self, leader: Seat, option: str, law: int) -> None:
        from ..core.cards import Suit

        suit = Suit.parse(option[5:])
        if not self.state.hand(leader) & SUIT_MASK[suit]:
            self._rule(
                66,
                leader,
                f"{leader} is called to lead {suit.word} and has none: the penalty is paid",
            )
            return
        self.state.call(leader, "lead", suit, law=law)

    # ------------------------------------------------------------- law 63
    def _unnoticed_lead(self, seat: Seat, card: Card) -> None:
        st = self.state
        rightful = st.turn
        st.play(card, seat)
        st.change_leader(seat, law=63)
        self._play_card(seat, card)
        self._false_lead = (seat, card, rightful, st.trick_number)

    def _false_lead_done(self) -> bool:
        """Law 63: the other three have followed the false lead: it stands."""
        if self._false_lead is None:
            return False
        seat, card, _rightful, trick = self._false_lead
        if self.state.trick_number > trick:
            self._false_lead = None
            self._rule(
                63,
                seat,
                f"{seat}'s lead of {card} out of turn was followed by all: the trick "
                "is complete and the error cannot be rectified",
            )
            return True
        return False

    @table_action()
    def claim_lead_out_of_turn(self, side: Side) -> None:
        """``side`` point out that the trick in progress was led out of turn: the cards
        played to it are taken back, and the offender is liable (law 63)."""
        if self._false_lead is None:
            raise NotAllowed("no trick in progress was led out of turn", 63)
        seat, card, rightful, _ = self._false_lead
        if side == seat.side:
            raise NotAllowed(f"{side} led out of turn: the claim is the adversaries'", 63)
        st = self.state
        if len(st.current_seats) != len(st.current_trick):
            raise NotAllowed(
                "a player has played no card to the trick led out of turn (law 69): its "
                "cards cannot be taken back",
                63,
            )
        taken: list[str] = []
        while True:
            last_seat, last_card = st.current_trick[-1]
            offender = last_seat == seat and last_card == card
            st.withdraw(exposed=offender, law=63)
            if offender:
                break
            taken.append(f"{last_seat}'s {last_card}")
        st.change_leader(rightful, law=63)
        self._false_lead = None
        self.liabilities.make_liable(seat, card, 63)
        if rightful.side == seat.side:
            options: tuple[str, ...] = ("card", *(f"suit:{s}" for s in _SUITS), "pass")
        else:
            options = ("card", "suit", "pass")
        back = f"; {', '.join(taken)} taken back without penalty" if taken else ""
        index = self._rule(
            63, seat, f"{seat} led {card} out of turn ({rightful} to lead){back}", options
        )
        self._decide(
            63,
            side,
            seat,
            f"{seat} led {card} out of turn",
            options,
            "lead-out-of-turn",
            lambda option, who: self._elect_lead(seat, card, rightful, option, 63),
            ruling=index,
            card=card,
        )

    # ------------------------------------------------------- dummy law iii
    def _wrong_hand(self, seat: Seat, card: Card) -> None:
        st = self.state
        rightful = st.turn
        st.play(card, seat)
        st.cover(seat, card, law=DUMMY_III)
        options = (*(f"suit:{s}" for s in _SUITS), "pass")
        index = self._rule(
            DUMMY_III,
            seat,
            f"{card} led from {seat}'s hand when {rightful}'s should lead: the card goes "
            f"back; a suit may be called from {rightful}",
            options,
        )
        self._decide(
            DUMMY_III,
            seat.side.other,
            seat,
            f"a suit to call from {rightful}, the hand that ought to have led",
            options,
            "suit-call",
            lambda option, who: (
                self._call_suit_now(rightful, option, DUMMY_III) if option != "pass" else None
            ),
            ruling=index,
        )

    # ------------------------------------------------------- laws 67, 68
    def _premature(self, seat: Seat, card: Card) -> None:
        st = self.state
        leader = st.leader
        place = (seat - leader) & 3
        played = len(st.current_seats)
        t = st.trick_number
        st.play(card, seat)
        st.call(seat, "play", card, law=67 if place == 2 else 68, trick=t)
        second = leader.left
        third_early = any(c.call == Call.PLAY for c in st.calls(leader.partner))
        if played == 1 and place == 2:
            self._rule(
                67,
                seat,
                f"{seat}, third hand, plays {card} before the second: it stands; the "
                "fourth hand may now play before his partner",
            )
        elif played == 1 and place == 3 and third_early:
            self._rule(
                67,
                seat,
                f"{seat}, fourth hand, plays {card} before his partner after the third "
                "did: no penalty",
            )
        elif played == 1 and place == 3:
            options = ("win", "not_win", "pass")
            index = self._rule(
                68,
                seat,
                f"{seat}, fourth hand, plays {card} before his partner {second}: {second} may be "
                "called on to win or not to win the trick",
                options,
            )
            self._decide(
                68,
                seat.side.other,
                seat,
                f"{second} to win or not to win the trick",
                options,
                "win-or-not",
                lambda option, who: (
                    st.call(second, option, law=68, trick=t) if option != "pass" else None
                ),
                ruling=index,
                card=card,
            )
        else:
            self._rule(
                CASES,
                seat,
                f"{seat} plays {card} before {st.turn}, his partner having played: "
                "it stands; he gains nothing by it, no penalty",
            )

    # ------------------------------------------------------------- law 57
    @table_action()
    def lead_ahead(self, seat: Seat, cards: tuple[Card, ...]) -> None:
        """``seat``, having played to the trick in progress, leads ``cards`` one after
        the other without waiting for his partner (law 57)."""
        self._check_in_play("lead ahead")
        if seat not in self.state.current_seats:
            raise NotAllowed(f"{seat} has not played to this trick", 57)
        for card in cards:
            if not self.state.hand(seat) >> card & 1:
                raise NotAllowed(f"{card} is not in {seat}'s hand", 57)
        self._lead_again(seat, cards)

    def _lead_again(self, seat: Seat, cards: tuple[Card, ...]) -> None:
        st = self.state
        t = st.trick_number
        winner = self.winning_seat()
        mine = dict(st.current_trick).get(seat)  # None: he played no card to it (law 69)
        for card in cards:
            st.play(card, seat)
        partner = seat.partner
        winning = mine is not None and (winner == seat or self._master(seat, mine))
        if not winning or partner in st.current_seats:
            for card in cards:
                self.liabilities.make_liable(seat, card, 56)
            self._rule(
                56,
                seat,
                f"{seat} puts down {' '.join(str(c) for c in cards)} before the trick "
                "is complete: exposed, liable to be called",
            )
            return
        for card in cards:
            self.liabilities.make_liable(seat, card, 57)
        tricks = [t + i for i in range(len(cards) + 1) if t + i < 13]
        options = (*tuple(f"win:{n + 1}" for n in tricks), "pass")
        index = self._rule(
            57,
            seat,
            f"{seat} plays {' '.join(str(c) for c in cards)} without waiting for his partner: "
            f"they are exposed; {partner} may be called on to win one of those tricks",
            options,
        )
        self._decide(
            57,
            seat.side.other,
            seat,
            f"which trick {partner} must win if he can",
            options,
            "partner-win",
            lambda option, who: (
                st.call(partner, "win", law=57, trick=int(option[4:]) - 1)
                if option != "pass"
                else None
            ),
            ruling=index,
        )

    def _master(self, seat: Seat, card: Card) -> bool:
        """``card`` is a winning card as against the adversaries yet to play (law 57)."""
        st = self.state
        if st.current_trick and st.current_trick[0][0] != seat:
            return False
        trump = st.trump
        for adv in (seat.left, seat.right):
            if adv in st.current_seats:
                continue
            hand = st.hand(adv)
            suit = hand & SUIT_MASK[card.suit]
            if suit >> (card + 1):
                return False  # he holds a higher card of the suit
            if not suit and card.suit != trump and hand & SUIT_MASK[trump]:
                return False
        return True

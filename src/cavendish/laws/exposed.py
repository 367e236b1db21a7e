"""Exposed cards and cards liable to be called (laws 56, 58-60, 64-66; dummy law iii).

Design note
-----------
An exposed card (law 56: two or more cards played at once, a card dropped face up
or shown in any way on or above the table, a card named) stays in the hand face up
and is *liable to be called*: whenever its owner is to play and may lawfully play
it, the adversaries are asked whether they call it (the call may be made, and
repeated, until the card is played, law 65).  A card called must be played at the
first moment it can be played without a revoke (law 64); the legal-card query of
the hand honours the call for every player, and a call disobeyed is a revoke
(law 61).  A card dropped below the table is not exposed (law 56).

A hand thrown down on the table (law 58) is all exposed, each player's cards
liable to be called by the adversary; a player who alone keeps his hand cannot be
made to give it up.  If all four throw down (law 59), the hand is abandoned: what
the cards show is not heard, but a revoke established is, with the penalty of
adding or deducting three (no tricks taken).  The tricks not played go as the
first player to throw down said: the others, throwing down after him, agreed (an
implementer's decision: the code is silent).

A card detached from the hand so as to be named may be called; an adversary who
names a wrong card makes his own side liable to have a suit called at its next
lead (law 60).  A suit called must be led if held (law 61); held by none, the
penalty is paid (law 66).

Dummy's partner may expose some or all of his cards without penalty (dummy law iii).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.cards import Card, Seat, Side, Suit
from ..core.events import Call
from .base import ArbiterBase, table_action
from .errors import NotAllowed
from .names import DUMMY_III

__all__ = ["ExposedCardLaws"]

_SUITS = ("S", "H", "D", "C")


class ExposedCardLaws(ArbiterBase):
    """Laws 56, 58, 59, 60, 64, 65, 66 and dummy law iii (exposing)."""

    # ----------------------------------------------------------------- law 56
    @table_action()
    def drop(self, seat: Seat, card: Card, below_table: bool = False) -> None:
        """``seat`` drops ``card``: face up on or above the table it is exposed; on the
        floor or below the table it is not (law 56)."""
        self._check_in_play("drop a card")
        self._own(seat, card)
        if below_table:
            self._rule(56, seat, f"{seat} drops {card} below the table: not an exposed card")
            return
        self._expose(seat, card, 56, f"{seat} drops {card} face up")

    @table_action()
    def expose(self, seat: Seat, card: Card) -> None:
        """``seat`` shows ``card`` on or above the table, however briefly (law 56)."""
        self._check_in_play("expose a card")
        self._own(seat, card)
        self._expose(seat, card, 56, f"{seat} exposes {card}")

    @table_action()
    def name_card(self, seat: Seat, card: Card) -> None:
        """``seat`` names a card of his hand: it is exposed (law 56)."""
        self._check_in_play("name a card")
        self._own(seat, card)
        self._expose(seat, card, 56, f"{seat} names his {card}")

    @table_action()
    def play_several(self, seat: Seat, cards: tuple[Card, ...]) -> None:
        """``seat`` plays two or more cards at once (law 56 i): all are exposed; the
        adversaries choose which stands for the trick (Cavendish's note), the rest
        may be called later."""
        self._check_in_play("play several cards")
        if len(cards) < 2 or len(set(cards)) != len(cards):
            raise NotAllowed(f"{seat} plays several cards: name two or more different cards", 56)
        for card in cards:
            self._own(seat, card)
        for card in cards:
            self._expose(seat, card, 56, f"{seat} plays {card} with other cards at once")
        st = self.state
        if st.turn != seat or self._no_gain(seat):
            return
        lawful = [c for c in cards if st.can_play(c, seat)]
        if not lawful:
            return
        options = (*tuple(f"play:{c}" for c in lawful), "pass")
        index = self._rule(
            56,
            seat,
            f"{seat} plays {' '.join(str(c) for c in cards)} at once: which stands?",
            options,
        )
        self._decide(
            56,
            seat.side.other,
            seat,
            f"which of {seat}'s cards stands for the trick",
            options,
            "which-card",
            lambda option, who: self._stands(seat, option),
            ruling=index,
        )

    def _stands(self, seat: Seat, option: str) -> None:
        if option.startswith("play:"):
            card = Card.parse(option[5:])
            self.liabilities.drop(seat, card)
            self.state.call(seat, "play", card, law=56, trick=self.state.trick_number)

    def _expose(self, seat: Seat, card: Card, law: int, what: str) -> None:
        """Expose ``card`` of ``seat``, liable to be called under ``law``."""
        if seat in self.dummies:
            self._rule(law, seat, f"{what}: dummy's cards lie exposed already")
            return
        if self._no_gain(seat):
            self._rule(DUMMY_III, seat, f"{what}: dummy's partner, no penalty")
            return
        if self.state.exposed(seat) >> card & 1:
            return
        self.state.expose(card, seat, f"{what} (law {law})")
        self.liabilities.make_liable(seat, card, law)
        self._rule(law, seat, f"{what}: liable to be called")

    def _own(self, seat: Seat, card: Card) -> None:
        if not self.state.hand(seat) >> card & 1:
            raise NotAllowed(f"{card} is not in {seat}'s hand", 56)

    # ------------------------------------------------------------- laws 58, 59
    @table_action()
    def throw_down(self, seat: Seat, tricks: int | None = None) -> None:
        """``seat`` throws his cards face up on the table (law 58); ``tricks`` is how
        many of the tricks not yet played he says his side takes (default: all).
        When all four have thrown down, the hand is abandoned (law 59)."""
        self._check_in_play("throw down")
        remaining = 13 - self.state.trick_number
        if tricks is not None and not 0 <= tricks <= remaining:
            raise NotAllowed(f"{seat} claims {tricks} of the {remaining} tricks left", 58)
        if seat in self._thrown:
            raise NotAllowed(f"{seat} has thrown down already", 58)
        self._thrown[seat] = remaining if tricks is None else tricks
        if self._no_gain(seat):
            self._rule(DUMMY_III, seat, f"{seat} throws down his hand: dummy's partner, no penalty")
        else:
            for card in self.state.hand_cards(seat):
                self.state.expose(card, seat, "hand thrown down (law 58)")
                self.liabilities.make_liable(seat, card, 58)
            self._rule(58, seat, f"{seat} throws his cards on the table: liable to be called")
        down = set(self._thrown) | set(self.dummies)
        if len(down) == 4:
            first = next(iter(self._thrown))
            claim = min(self._thrown[first], remaining)  # tricks played since he threw down
            self.abandoned = (first, claim)
            self._rule(
                59,
                first,
                f"all four throw down: the hand is abandoned; {first.side} take {claim} of the "
                f"{remaining} tricks left, as {first} said; what the cards show is not heard",
            )
        else:
            kept = [s for s in (self.state.turn.offset(i) for i in range(4)) if s not in down]
            if len(kept) == 1:
                self._rule(
                    58, kept[0], f"{kept[0]} alone keeps his hand: he cannot be made to give it up"
                )

    # ----------------------------------------------------------------- law 60
    @table_action()
    def detach(self, seat: Seat, card: Card) -> None:
        """``seat`` draws ``card`` from his hand so that it can be named: a detached
        card is not exposed unless it is named (law 60, Cavendish's note)."""
        self._check_in_play("detach a card")
        self._own(seat, card)
        self._detached[seat] = card

    @table_action()
    def name_detached(self, by: Seat, owner: Seat, card: Card) -> None:
        """Adversary ``by`` names ``owner``'s detached card as ``card``: named right, it
        is liable to be called; named wrong, ``by``'s side is liable to have a suit
        called at its next lead (law 60)."""
        self._check_in_play("name a detached card")
        detached = self._detached.get(owner)
        if detached is None:
            raise NotAllowed(f"{owner} has no card detached", 60)
        if by.side == owner.side:
            raise NotAllowed(f"{by} names his own side's card: only an adversary names it", 60)
        del self._detached[owner]
        if detached == card:
            self._expose(owner, card, 60, f"{owner}'s detached {card} is named by {by}")
            return
        self.liabilities.liable_to_suit_call(by.side, 60, by)
        self._rule(
            60,
            by,
            f"{by} names {card}, but {owner} detached another card: {by.side} liable to "
            "have a suit called at their next lead",
        )

    # ------------------------------------------------------------ laws 62, 65
    def _offer_suit_call(self) -> bool:
        """Laws 60, 62, 63: the liable side has the lead: the adversaries may name a suit."""
        st = self.state
        if st.is_over or st.led_suit() is not None or st.current_seats:
            return False
        leader = st.turn
        due = self.liabilities.take_suit_call(leader.side)
        if due is None:
            return False
        side, law, offender = due

        def apply(option: str, who: Seat, s: Seat = leader, lw: int = law) -> None:
            self._call_suit(s, option, lw)

        options = (*tuple(f"suit:{s}" for s in _SUITS), "pass")
        index = self._rule(
            law,
            leader,
            f"{leader} has the lead for {side}: a suit may be called (for {offender}'s error)",
            options,
        )
        self._decide(
            law,
            side.other,
            leader,
            f"a suit to call from {leader}'s lead",
            options,
            "suit-call",
            apply,
            ruling=index,
        )
        return True

    def _call_suit(self, leader: Seat, option: str, law: int) -> None:
        """Call a suit from ``leader`` (laws 61, 66)."""
        if not option.startswith("suit:"):
            return
        suit = Suit.parse(option[5:])
        if not self._suit_cards(leader, suit):
            self._rule(
                66,
                leader,
                f"{leader} is called to lead {suit.word} and has none: the penalty is paid",
            )
            return
        self.state.call(leader, "lead", suit, law=law)

    def _offer_card_call(self) -> bool:
        """Law 65 (with 56): the owner of liable cards is to play one lawfully."""
        st = self.state
        if st.is_over:
            return False
        seat = st.turn
        liable = self.liable(seat)
        if not liable:
            return False
        if any(c.call in (Call.CARD, Call.PLAY) for c in st.calls(seat)):
            return False  # a call stands (law 65) or his card is on the table already
        base = st.legal_mask(seat)
        callable_ = [c for c in sorted(liable) if base >> c & 1 and st.hand(seat) >> c & 1]
        key = ("card", st.trick_number, int(seat), len(st.current_seats))
        if not callable_ or not self.liabilities.offer_once(key):
            return False
        options = (*tuple(f"call:{c}" for c in callable_), "pass")
        law = liable[callable_[0]]
        index = self._rule(
            law,
            seat,
            f"{seat} is to play and holds exposed cards liable to be called",
            options,
        )
        self._decide(
            law,
            seat.side.other,
            seat,
            f"call {seat}'s exposed cards",
            options,
            "call-exposed",
            lambda option, who: self._call_card(seat, option),
            ruling=index,
        )
        return True

    def _call_card(self, seat: Seat, option: str) -> None:
        if option.startswith("call:"):
            card = Card.parse(option[5:])
            law = self.liabilities.law_of(seat, card)
            self.state.call(seat, "card", card, law=law)

    def _forget_played_liabilities(self) -> None:
        """Cards played are no longer liable."""
        st = self.state
        self.liabilities.forget(
            lambda seat, card: bool(st.hand(seat) >> card & 1 and st.exposed(seat) >> card & 1)
        )

    def _thrown_seats(self) -> Iterable[Seat]:
        return self._thrown.keys()

    def _liable_sides(self) -> set[Side]:
        return self.liabilities.sides()

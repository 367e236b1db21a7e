"""The position as the player to move sees it, worked out once per card.

A :class:`Ctx` joins the seat's view, its :class:`~..inference.Knowledge`, the
school, the seat's own plan (:mod:`.memory`) and the score (:mod:`.score`), and
answers the questions every rule asks: which cards are masters, who may ruff,
how strong we are in trumps, who is winning the trick.
"""

from __future__ import annotations

import random

from ...core.cards import CARDS, SUIT_MASK, Card, Seat
from ...core.state import SeatView
from ...core.tricks import beats
from ..inference import Knowledge, School
from ..inference.bits import (
    FULL_SUIT,
    bit_list_desc,
    effective,
    high_bit,
    low_bit,
    lowest_of_run,
    suit_bits,
)
from .decision import Decision
from .memory import SeatMemory
from .score import ScoreTargets

TRUST = 0.5
"""The reliability below which a seat's signals are not believed."""

__all__ = ["RANK_WORDS", "Ctx"]

RANK_WORDS = (
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "knave",
    "queen",
    "king",
    "ace",
)
"""Rank names by bit."""

_HONOUR_BITS = 0b1111 << 9


class Ctx:
    """Everything a rule needs to choose one card."""

    def __init__(
        self,
        view: SeatView,
        k: Knowledge,
        school: School,
        memory: SeatMemory,
        score: ScoreTargets,
        rng: random.Random,
    ) -> None:
        self.view = view
        self.k = k
        self.school = school
        self.memory = memory
        self.score = score
        self.rng = rng
        self.me = view.seat
        self.partner = view.seat.partner
        self.lho = view.seat.left
        self.rho = view.seat.right
        self.trump = int(view.trump)
        self.hand = view.hand
        self.legal = view.legal
        self.trick = view.trick
        self.pos = len(view.trick)
        self.led = view.trick[0][1] // 13 if view.trick else -1
        self.live = k.live
        """Cards not yet played (in anyone's hand)."""
        self.out = self.live & ~self.hand
        """Live cards in the other hands."""
        if view.trick:
            who, best = k.winning() or (view.trick[0][0], view.trick[0][1])
            self.winner: Seat | None = who
            self.best = int(best)
        else:
            self.winner = None
            self.best = -1
        self.trumps_held = (self.hand & SUIT_MASK[self.trump]).bit_count()
        self.trump_honours = (suit_bits(self.hand, self.trump) & _HONOUR_BITS).bit_count()
        self.hand0 = memory.hand0 if memory.hand0 else (self.hand | k.played_by(self.me))
        self.tricks_left = 13 - view.trick_number

    # ------------------------------------------------------------ suits
    def mine(self, suit: int) -> int:
        """My cards of ``suit`` (13 bits)."""
        return (self.hand >> (13 * suit)) & FULL_SUIT

    def others(self, suit: int) -> int:
        """The live cards of ``suit`` in the other hands (13 bits)."""
        return (self.out >> (13 * suit)) & FULL_SUIT

    def live_bits(self, suit: int) -> int:
        """The live cards of ``suit`` (13 bits)."""
        return (self.live >> (13 * suit)) & FULL_SUIT

    def length(self, suit: int) -> int:
        """How many cards of ``suit`` I hold."""
        return (self.hand & SUIT_MASK[suit]).bit_count()

    def original_length(self, suit: int) -> int:
        """How many cards of ``suit`` I was dealt."""
        return (self.hand0 & SUIT_MASK[suit]).bit_count()

    def card(self, suit: int, bit: int) -> Card:
        """The card of ``suit`` with rank bit ``bit``."""
        return CARDS[13 * suit + bit]

    def eff(self, suit: int) -> tuple[int, tuple[int, ...]]:
        """My effective holding in ``suit`` among the live cards, and the actual bits."""
        return effective(self.mine(suit), self.live_bits(suit))

    def from_eff(self, suit: int, eff_bit: int) -> Card:
        """The actual card standing for effective rank ``eff_bit`` of my holding."""
        eff, back = self.eff(suit)
        for i, b in enumerate(bit_list_desc(eff)):
            if b == eff_bit:
                return self.card(suit, back[i])
        raise ValueError(f"effective rank {eff_bit} not held in suit {suit}")

    def lowest(self, suit: int) -> Card:
        """My lowest card of ``suit``."""
        return self.card(suit, low_bit(self.mine(suit)))

    def highest(self, suit: int) -> Card:
        """My highest card of ``suit``."""
        return self.card(suit, high_bit(self.mine(suit)))

    def lowest_equal(self, card: int) -> Card:
        """The lowest of my cards equal to ``card`` (a sequence, counting played gaps)."""
        suit = card // 13
        return self.card(suit, lowest_of_run(self.mine(suit), card % 13, self.others(suit)))

    def is_master(self, card: int) -> bool:
        """Whether no live card of the suit in another hand is higher."""
        suit = card // 13
        return not self.others(suit) >> (card % 13 + 1)

    def has_master(self, suit: int) -> bool:
        """Whether I hold the best live card of ``suit``."""
        m = self.mine(suit)
        return bool(m) and high_bit(m) > high_bit(self.others(suit))

    def masters(self, suit: int) -> int:
        """My cards of ``suit`` above every card in the other hands (13 bits)."""
        m = self.mine(suit)
        top = high_bit(self.others(suit))
        return m & ~((2 << top) - 1) if top >= 0 else m

    # ------------------------------------------------------------ trumps
    @property
    def trump_mask(self) -> int:
        """Every trump."""
        return SUIT_MASK[self.trump]

    def may_have_trumps(self, seat: Seat) -> bool:
        """Whether ``seat`` may still hold a trump (facts only)."""
        return bool(self.k.possible(seat) & self.trump_mask)

    def called(self, seat: Seat) -> bool:
        """Whether ``seat`` has called for trumps and is trusted to mean it: a seat
        whose cards have contradicted the school's readings three times or more
        (reliability under one half) is not believed (C125 is a table agreement)."""
        return self.k.called(seat) and self.trusted(seat)

    def trusted(self, seat: Seat) -> bool:
        """Whether ``seat``'s cards have kept to the school well enough for its
        signals and its trump leads to be read as showing strength."""
        return self.k.reliability[seat] >= TRUST

    def adversary_trumps(self) -> bool:
        """Whether either adversary may still hold a trump."""
        return self.may_have_trumps(self.lho) or self.may_have_trumps(self.rho)

    @property
    def strong_in_trumps(self) -> bool:
        """Five trumps or more, or four with two honours (C48, C126)."""
        n = self.trumps_held
        return n >= 5 or (n == 4 and self.trump_honours >= 2)

    def may_ruff(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` is known void in ``suit`` and may hold a trump."""
        return suit != self.trump and self.k.is_void(seat, suit) and self.may_have_trumps(seat)

    def adversary_may_ruff(self, suit: int) -> bool:
        """Whether an adversary is known void in ``suit`` and may trump it."""
        return self.may_ruff(self.lho, suit) or self.may_ruff(self.rho, suit)

    def sure_winner(self, card: int) -> bool:
        """A master card that no adversary can trump, to my knowledge."""
        suit = card // 13
        if not self.is_master(card):
            return False
        if suit == self.trump or not self.adversary_trumps():
            return True
        if self.adversary_may_ruff(suit):
            return False
        # while cards of the suit are out and no adversary has shown out, they follow
        return self.others(suit).bit_count() >= 2

    # ------------------------------------------------------------ the trick
    @property
    def partner_winning(self) -> bool:
        """Whether partner is winning the trick in progress."""
        return self.winner == self.partner

    def beats(self, card: int) -> bool:
        """Whether ``card`` would win the trick as it stands."""
        return self.best < 0 or beats(card, self.best, self.trump)

    def cheapest_winner(self, suit: int) -> Card | None:
        """My lowest card of ``suit`` that beats the trick's best card, if any."""
        m = self.mine(suit)
        if self.best // 13 == suit:
            m &= ~((2 << (self.best % 13)) - 1)
        elif self.best >= 0 and suit != self.trump:
            return None
        return self.card(suit, low_bit(m)) if m else None

    def decision(
        self, card: int, convention: str, reason: str, also: tuple[str, ...] = ()
    ) -> Decision:
        """A decision for ``card``."""
        return Decision(CARDS[card], convention, reason, also)

    def eff_decision(
        self, card: int, eff_bit: int, convention: str, reason: str, also: tuple[str, ...] = ()
    ) -> Decision:
        """A decision for ``card`` chosen by a rule about effective ranks: when the
        card stands for a higher honour (the cards above it played), say so."""
        actual = card % 13
        if eff_bit != actual and eff_bit >= 8:
            reason += (
                f" (the {RANK_WORDS[actual]} ranks as the {RANK_WORDS[eff_bit]}, the "
                "cards above it being played)"
            )
        return Decision(CARDS[card], convention, reason, also)

"""The shuffle, the cut and the deal made by hand, adjudicated (laws 29-51, 83; dummy
law i; the law of double dummy).

Design note
-----------
A program that deals for the players never misdeals (:func:`~cavendish.core.table.deal_cards`).
:class:`DealProcedure` is for a player who asks to deal by hand, or a table that
records a physical deal: it takes the acts one by one (shuffles, the cut, each card
dealt, a card exposed, a player touching his cards, the trump card turned up) and
rules on each by the code.  Its outcome (:class:`DealOutcome`) is a deal to play,
or a new deal by the same dealer, or a misdeal and the next dealer.

* Shuffling (laws 29, 30, 32, 36): the dealer's partner has the first right to
  shuffle (he may waive it); each player shuffles once; the dealer shuffles last,
  and again if a card is seen while he shuffles (law 32) and the adversaries so
  require; the dealer who shuffles after the cut loses the deal (law 36).
* The cut (laws 34, 35, 49): by the dealer's right-hand player, at least four cards
  in each packet; a card exposed or confusion gives a fresh cut (and the right to
  shuffle again, law 29); once separated the pack cannot be cut again; the cutter's
  partner cuts for him only with the opponents' permission (law 49).
* New deals (laws 37-42, 47): an imperfect pack or a card faced in it (same dealer);
  a card exposed in dealing (law 38: the adversaries of whoever exposed it may
  claim a new deal, unless their side touched its cards first, law 39; if no new
  deal, the card cannot be called); one of the last cards exposed and the trump
  turned up at once does not lose the claim (law 40); the dealer looking at the
  trump card (law 41); a card of the other pack (law 42).
* Misdeals (laws 43-45, 50, 51): dealing out of rotation or two cards at once and
  then a third without putting it right by moving one card (law 44 i, vi), the
  trump card turned face down (ii) or not coming to the dealer in order (iii), a
  hand of fourteen (iv), the dealer counting the cards (v), the pack not cut and the
  adversaries objecting in time (vii).  A misdeal loses the deal (law 43), except
  when an adversary touched the cards first (law 45), or after an interruption that
  failed (law 50); if a player took his partner's deal, the deal passes to the
  adversary next after the rightful dealer (law 51).
* Dealing out of turn or with the adversaries' pack may be stopped until the trump
  card is turned up; after, it stands (law 48).  Fresh cards may be called for before
  the pack is cut, not after: two packs, the dealer chooses (law 83).
* A card missing from a hand (law 46): the outcome names it; the arbiter applies
  law 46 in the play.
* Double dummy: there is no misdeal; the same dealer deals again (the law says only
  "the deal is a disadvantage": so it is not passed on).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.cards import CARDS, Card, Seat, Side
from ..core.deal import Deal
from ..core.events import Elected, Ruling
from ..core.rules import Rules, get_rules
from ..core.table import MIN_PACKET
from .decisions import Decision
from .errors import AwaitingDecision, NotAllowed
from .names import DOUBLE_DUMMY, DUMMY_I

__all__ = [
    "DEAL_ACTS",
    "ELECTED_DEAL_ACTS",
    "STRAY_DEAL_ACTS",
    "CardsAstray",
    "DealOutcome",
    "DealProcedure",
    "adversarys_cards",
    "first_dealer_of_rubber",
    "packs_line",
    "side_name",
    "slipped_deal",
]


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """How a deal ended."""

    verdict: str
    """``dealt`` (a hand to play), ``new deal`` (dealt again) or ``misdeal``."""
    next_dealer: Seat
    """Who deals next: the same dealer again (a new deal, law 37), the next in rotation
    (a misdeal, law 43; or, once the hand is dealt, the next deal, law 33)."""
    law: int
    deal: Deal | None = None
    missing: tuple[tuple[Seat, Card], ...] = ()
    """Cards missing from a hand (law 46), each with its seat."""
    not_liable: tuple[Card, ...] = ()
    """Cards exposed in the deal that cannot be called in the play (law 38)."""


class CardsAstray(Protocol):
    """The table's real packs as law 42 sees them (:class:`cavendish.laws.packs.TablePacks`)."""

    def lacks(self, card: Card) -> bool:
        """Whether the other pack lacks ``card`` (taken into a hand dealt from this one)."""
        ...  # pragma: no cover

    def give_back(self, card: Card, law: int = 42) -> Any:
        """``card`` goes back to the other pack; that pack is returned."""
        ...  # pragma: no cover

    def take_from_other(self) -> Card:
        """A card of the other pack taken into a hand (the one already taken, if any)."""
        ...  # pragma: no cover

    def stray_into_other(self, card: Card) -> None:
        """``card`` of the pack being dealt falls among the other pack's cards (law 46)."""
        ...  # pragma: no cover

    def other_name(self) -> str:
        """The other pack by name (``E-W's pack``)."""
        ...  # pragma: no cover


def first_dealer_of_rubber(dummy: Seat) -> tuple[Seat, int]:
    """Dummy deals at the commencement of each rubber (dummy law i): his seat deals,
    his partner dealing for him.  Returns the seat and the law cited.

    >>> first_dealer_of_rubber(Seat.N)
    (<Seat.N: 0>, 101)
    """
    return dummy, DUMMY_I


class DealProcedure:
    """A deal made by hand, act by act (see the module)."""

    def __init__(
        self,
        dealer: Seat,
        rules: Rules | None = None,
        *,
        seed: int = 0,
        pack: Sequence[Card | str] | None = None,
        rightful: Seat | None = None,
        own_pack: bool = True,
    ) -> None:
        self.rules = rules if rules is not None else get_rules("short")
        self.dealer = dealer
        self.rightful = dealer if rightful is None else rightful
        self.own_pack = own_pack
        self.rng = random.Random(seed)
        self._given = pack is not None
        if pack is not None:
            order = [Card.parse(c) if isinstance(c, str) else Card(c) for c in pack]
            if sorted(order) != list(CARDS):
                raise NotAllowed("the pack must hold the 52 cards once each")
            self.pack = order
        else:
            self.pack = list(CARDS)
            self.rng.shuffle(self.pack)
        self.rulings: list[Ruling] = []
        self.elections: list[Elected] = []
        self.decisions: list[Decision] = []
        self._queue: list[Decision] = []
        self._handlers: dict[int, Callable[[str], None]] = {}
        self.phase = "shuffle"
        self.shuffled: list[Seat] = []
        self._waived: set[Seat] = set()
        self._reshuffle = False
        self.cut_by: Seat | None = None
        self.uncut = False
        self.dealt: list[tuple[Seat, Card]] = []
        self._error: str | None = None
        self._error_card: int | None = None
        self.touches: list[Seat] = []
        self.exposed: list[tuple[Card, Seat, int]] = []
        self._not_liable: list[Card] = []
        self.missing: list[tuple[Seat, Card]] = []
        self.foreign: list[tuple[Seat, Card]] = []
        self._failed_interruption = False
        self.trump_turned = False
        self.outcome: DealOutcome | None = None
        self._permitted_cutter: Seat | None = None
        self.other_pack: str | None = None
        """The other pack by name (``E-W's pack``) where the deal is made from the
        table's real packs (:meth:`cavendish.laws.packs.TablePacks.deal_procedure`)."""
        self.table_packs: CardsAstray | None = None
        """The table's real packs where the deal is made from them: law 42's card of the
        other pack must be one that pack lacks, and goes back to it."""
        adversarys_cards(self.rules, own_pack)
        if self.dealer != self.rightful or not own_pack:
            what = "out of turn" if self.dealer != self.rightful else "with the adversaries' pack"
            self._rule(
                48,
                self.dealer,
                f"{self.dealer} deals {what}: he may be stopped until the trump card is turned up",
            )

    # ------------------------------------------------------------- decisions
    def pending(self) -> Decision | None:
        """The decision awaited, if any."""
        return self._queue[0] if self._queue else None

    def elect(self, side: Side, option: str, by: Seat | None = None) -> None:
        """``side`` take ``option`` of the decision awaited."""
        d = self.pending()
        if d is None or d.side != side:
            raise NotAllowed(f"{side} have no decision to make", 84)
        if option not in d.options:
            raise NotAllowed(f"{option!r} is not one of {', '.join(d.options)}", d.law)
        self._queue.pop(0)
        who = d.seat if by is None else by
        self.elections.append(Elected(d.law, side, option, who, 0))
        self._handlers.pop(d.number)(option)

    def _decide(
        self,
        law: int,
        side: Side,
        offender: Seat,
        question: str,
        options: tuple[str, ...],
        handler: Callable[[str], None],
    ) -> None:
        seat = offender.left if offender.left.side == side else offender.right
        d = Decision(len(self.decisions), law, side, seat, offender, question, options, "deal")
        self.decisions.append(d)
        self._queue.append(d)
        self._handlers[d.number] = handler
        self._rule(law, offender, question, options)

    def _rule(self, law: int, seat: Seat, what: str, options: tuple[str, ...] = ()) -> None:
        self.rulings.append(Ruling(law, seat, what, options, 0))

    def _ready(self, what: str, *, allow_late_claim: bool = False) -> None:
        if self.outcome is not None:
            raise NotAllowed(f"{what}: the deal is over ({self.outcome.verdict})")
        if self._queue:
            if allow_late_claim and self.late_claims_only():
                return
            raise AwaitingDecision(
                f"{what}: a decision is awaited first (law 87): {self._queue[0]}"
            )

    def late_claims_only(self) -> bool:
        """Whether every decision awaited is the adversaries' claim of a new deal for
        one of the last cards exposed, which they keep though the dealer deals on and
        turns the trump card up (law 40).

        >>> DealProcedure(Seat.S).late_claims_only()
        True
        """
        return all(
            d.law == 38 and d.options == ("new-deal", "stand") and self._late(d)
            for d in self._queue
        )

    def _late(self, d: Decision) -> bool:
        return d.question.endswith("(one of the last cards)")

    def _end(self, verdict: str, next_dealer: Seat, law: int, what: str) -> None:
        self._rule(law, self.dealer, what)
        self._queue.clear()
        self._handlers.clear()
        self.outcome = DealOutcome(verdict, next_dealer, law)

    def _new_deal(self, law: int, what: str) -> None:
        self._end("new deal", self.dealer, law, f"{what}: a new deal by the same dealer")

    def _misdeal(self, law: int, what: str) -> None:
        if self.rules.table == "double-dummy":
            self._end(
                "new deal",
                self.dealer,
                DOUBLE_DUMMY,
                f"{what}: no misdeal at double dummy; the same dealer deals again",
            )
            return
        first = next((s for s in self.touches if s != self.dealer), None)
        if first is not None and first.side != self.dealer.side:
            self._end(
                "misdeal",
                self.dealer,
                45,
                f"{what}: a misdeal, but an adversary touched "
                "the cards first: the dealer deals again",
            )
            return
        if self._failed_interruption:
            self._end(
                "misdeal",
                self.dealer,
                50,
                f"{what}: a misdeal after the adversaries' interruption failed: he may deal again",
            )
            return
        if self.dealer == self.rightful.partner:
            self._end(
                "misdeal",
                self.rightful.left,
                51,
                f"{what}: {self.dealer} took his partner's deal and misdealt: "
                f"{self.rightful} loses the deal, {self.rightful.left} deals",
            )
            return
        self._end(
            "misdeal",
            self.dealer.left,
            law,
            f"{what}: a misdeal loses the deal (law 43); {self.dealer.left} deals",
        )

    # --------------------------------------------------------------- law 83
    def call_fresh_cards(self, seat: Seat) -> None:
        """``seat`` calls for fresh cards, paying for them, before the cut (law 83):
        two new packs; the dealer chooses one."""
        self._ready("call for fresh cards")
        if self.cut_by is not None or self.phase == "deal":
            raise NotAllowed(f"{seat} calls for fresh cards after the pack is cut", 83)

        def choose(option: str) -> None:
            self.pack = list(CARDS)
            self.rng.shuffle(self.pack)
            self.shuffled.clear()
            self._waived.clear()
            self._rule(83, self.dealer, f"the dealer takes {option}: fresh cards, shuffled anew")

        self._decide(
            83,
            self.dealer.side,
            self.dealer.left,
            f"{seat} calls for two new packs: the dealer chooses",
            ("pack-1", "pack-2"),
            choose,
        )

    # ----------------------------------------------------- laws 29, 30, 32, 36
    def waive_shuffle(self, seat: Seat) -> None:
        """The dealer's partner waives his first right to shuffle (law 30)."""
        if seat != self.dealer.partner:
            raise NotAllowed(f"{seat} has no first right to shuffle to waive", 30)
        self._waived.add(seat)

    def shuffle(self, seat: Seat, card_seen: bool = False, for_partner: bool = False) -> None:
        """``seat`` shuffles (laws 29, 30, 32, 36, 49)."""
        self._ready("shuffle")
        if self.phase == "deal":
            if seat == self.dealer and self.cut_by is not None:
                self._end(
                    "misdeal",
                    self.dealer.left,
                    36,
                    f"{seat} shuffles after the pack is cut: he loses the deal",
                )
                return
            raise NotAllowed(f"{seat} cannot shuffle once the pack is cut", 35)
        if for_partner:
            raise NotAllowed(
                f"{seat} cannot shuffle for his partner without the opponents' permission", 49
            )
        partner = self.dealer.partner
        if seat != partner and partner not in self.shuffled and partner not in self._waived:
            raise NotAllowed(f"the dealer's partner {partner} has the first right to shuffle", 30)
        if self.dealer in self.shuffled and (seat != self.dealer or not self._reshuffle):
            raise NotAllowed("the dealer has shuffled: he has the last shuffle", 32)
        if seat in self.shuffled and not (seat == self.dealer and self._reshuffle):
            raise NotAllowed(f"{seat} has shuffled once: a player shuffles once only", 29)
        self._reshuffle = False
        self.shuffled.append(seat)
        if not self._given:
            self.rng.shuffle(self.pack)
        if card_seen and seat == self.dealer:

            def reshuffle(option: str) -> None:
                if option == "reshuffle":
                    self._reshuffle = True

            self._decide(
                32,
                self.dealer.side.other,
                self.dealer,
                "a card seen while the dealer shuffles: make him shuffle again",
                ("reshuffle", "pass"),
                reshuffle,
            )
        self.phase = "cut" if seat == self.dealer else "shuffle"

    # --------------------------------------------------------- laws 34, 35, 49
    def cut(
        self, seat: Seat, lifted: int, card_exposed: bool = False, confused: bool = False
    ) -> None:
        """``seat`` cuts, lifting ``lifted`` cards (laws 34, 35, 49)."""
        self._ready("cut")
        if self.cut_by is not None:
            raise NotAllowed(f"{seat} cannot cut again: the pack once separated stands", 35)
        cutter = self.dealer.right
        if seat != cutter:
            if seat == cutter.partner and self._permitted_cutter == cutter:
                raise NotAllowed(f"{seat} was refused leave to cut for his partner", 49)
            if seat == cutter.partner and self._permitted_cutter != seat:

                def permit(option: str) -> None:
                    self._permitted_cutter = seat if option == "permit" else cutter

                self._decide(
                    49,
                    seat.side.other,
                    seat,
                    f"{seat} would cut for his partner {cutter}: permit it?",
                    ("permit", "refuse"),
                    permit,
                )
                return
            if seat != self._permitted_cutter:
                raise NotAllowed(
                    f"the player on the dealer's right ({cutter}) cuts, not {seat}", 34
                )
        if self.dealer not in self.shuffled:
            raise NotAllowed("the dealer has the last shuffle: he shuffles before the cut", 32)
        if not MIN_PACKET <= lifted <= 52 - MIN_PACKET:
            self._rule(
                34,
                seat,
                f"{seat} leaves {min(lifted, 52 - lifted)} cards in a packet, "
                f"fewer than four: a fresh cut",
            )
            return
        if card_exposed or confused:
            why = "a card exposed" if card_exposed else "the cards confused"
            self._rule(34, seat, f"{why} in cutting: a fresh cut; each may shuffle again (law 29)")
            self.shuffled.clear()
            self._waived.clear()
            self.phase = "shuffle"
            return
        self.pack = self.pack[lifted:] + self.pack[:lifted]
        self.cut_by = seat
        self.phase = "deal"

    def skip_cut(self) -> None:
        """The dealer begins to deal without having the pack cut (law 44 vii)."""
        self._ready("deal uncut")
        if self.dealer not in self.shuffled:
            raise NotAllowed("the dealer has the last shuffle", 32)
        self.uncut = True
        self.phase = "deal"

    def object_no_cut(self, seat: Seat, looked: bool = False) -> None:
        """An adversary points out the pack was not cut (law 44 vii): a misdeal if before
        the trump card is turned up and before they looked at their cards."""
        self._ready("object to the cut")
        if not self.uncut:
            raise NotAllowed("the pack was cut", 44)
        if seat.side == self.dealer.side:
            raise NotAllowed(f"{seat} is not an adversary of the dealer", 44)
        if self.trump_turned or looked:
            self._rule(
                44, seat, "the pack was not cut, but the objection comes too late: the deal stands"
            )
            return
        self._misdeal(44, "the pack was not cut to the dealer")

    # ------------------------------------------------------- laws 38-41, 44-45
    def touch(self, seat: Seat) -> None:
        """``seat`` touches his cards during the deal (laws 38, 39, 45)."""
        self._ready("touch the cards", allow_late_claim=True)
        if seat not in self.touches:
            self.touches.append(seat)

    def interrupt(self, seat: Seat, valid: bool) -> None:
        """An adversary questions the score or the dealer's right to deal (law 50)."""
        self._ready("interrupt")
        if seat.side == self.dealer.side:
            raise NotAllowed(f"{seat} is the dealer's partner", 50)
        if valid:
            self._end(
                "new deal",
                self.rightful if self.dealer != self.rightful else self.dealer,
                50,
                f"{seat}'s claim is made good",
            )
            return
        self._failed_interruption = True
        self._rule(50, seat, f"{seat} interrupts the dealer and fails to establish the claim")

    def deal_card(
        self,
        to: Seat | None = None,
        face_up: bool = False,
        by: Seat | None = None,
        two: bool = False,
    ) -> None:
        """Deal the next card (two with ``two``) to ``to`` (default: the next in rotation);
        ``face_up``: exposed by ``by`` (default the dealer) (laws 38, 40, 44)."""
        self._ready("deal", allow_late_claim=True)
        if self.phase != "deal":
            raise NotAllowed("the pack must be shuffled by the dealer and cut before the deal", 34)
        if self.trump_turned:
            raise NotAllowed("the trump card is turned up: the deal is done")
        count = 2 if two else 1
        if len(self.dealt) + count > 51:
            raise NotAllowed("the last card is the trump card: turn it up", 44)
        proper = self._next_seat()
        target = proper if to is None else to
        if self._error is not None:
            self._misdeal(44, f"{self._error}, and a third card dealt without putting it right")
            return
        for _ in range(count):
            card = self.pack[len(self.dealt)]
            self.dealt.append((target, card))
        if two:
            self._error = "two cards dealt at once"
            self._error_card = len(self.dealt) - 1
        elif target != proper:
            self._error = f"a card dealt to {target} out of rotation"
            self._error_card = len(self.dealt) - 1
        if face_up:
            self._exposed_in_deal(self.dealt[-1][1], self.dealer if by is None else by)

    def rectify(self, to: Seat) -> None:
        """Before the next card, move the misdealt card to ``to`` (law 44 vi): one card only."""
        self._ready("put the deal right")
        if self._error is None or self._error_card is None:
            raise NotAllowed("nothing to put right", 44)
        seat, card = self.dealt[self._error_card]
        self.dealt[self._error_card] = (to, card)
        counts = self._counts()
        expected = self._expected_counts()
        if counts != expected:
            self._misdeal(44, "the deal cannot be put right by moving one card")
            return
        self._rule(
            44, self.dealer, f"{card} moved from {seat} to {to}: put right before a third card"
        )
        self._error = None
        self._error_card = None

    def count_cards(self) -> None:
        """The dealer, thinking he has erred, counts the cards (law 44 v): a misdeal."""
        self._ready("count the cards")
        self._misdeal(44, "the dealer counts the cards during the deal")

    def look_at_trump(self, seat: Seat) -> None:
        """``seat``, dealing, looks at the trump card (law 41)."""
        self._ready("look at the trump card")
        card = self.pack[51]

        def apply(option: str) -> None:
            if option == "new-deal":
                self._new_deal(41, "the dealer looked at the trump card")

        self._decide(
            41,
            seat.side.other,
            seat,
            f"{seat} looks at the trump card ({card}, shown to the adversaries): exact a new deal?",
            ("new-deal", "stand"),
            apply,
        )

    def _exposed_in_deal(self, card: Card, by: Seat) -> None:
        """Law 38: a card exposed in dealing; law 39: touching; law 40: the last cards."""
        index = len(self.dealt) - 1
        self.exposed.append((card, by, index))
        claimants = by.side.other
        if self._touched_first(claimants):
            self._not_liable.append(card)
            self._rule(
                38,
                by,
                f"{card} exposed in the deal by {by}, but {claimants} touched "
                "their cards first: no claim; the card cannot be called",
            )
            return
        late = index >= 47
        question = f"{card} exposed in the deal by {by}: claim a new deal?" + (
            " (one of the last cards)" if late else ""
        )

        def apply(option: str) -> None:
            if option == "new-deal":
                law = 40 if late and self.trump_turned else 38
                self._new_deal(law, f"{card} was exposed in dealing")
            else:
                self._not_liable.append(card)
                if self.trump_turned and self.outcome is None:
                    self._finish()

        self._decide(38, claimants, by, question, ("new-deal", "stand"), apply)

    def _touched_first(self, side: Side) -> bool:
        """Law 39: a side touched its cards before the other side did."""
        for seat in self.touches:
            if seat == self.dealer:
                continue
            return seat.side == side
        return False

    def drop_card(self) -> None:
        """The next card falls below the table and is not dealt: the hand it was for is
        a card short (law 46, in the play)."""
        self._ready("drop a card")
        proper = self._next_seat()
        card = self.pack[len(self.dealt)]
        self.dealt.append((proper, card))
        self.missing.append((proper, card))
        if self.table_packs is not None:  # it falls among the other pack's cards
            self.table_packs.stray_into_other(card)

    def take_other_card(self, seat: Seat) -> None:
        """``seat`` takes into the hand dealt to him a card of the other pack, from the
        table's real packs (which lacks it), and it is discovered (law 42: see
        :meth:`foreign_card`)."""
        if self.table_packs is None:
            raise NotAllowed("a card of the other pack needs the table's two packs", 42)
        self.foreign_card(seat, self.table_packs.take_from_other())

    def face_in_pack(self, card: Card) -> None:
        """``card``, not the last, is found faced in the pack (law 37 ii): a new deal."""
        self._ready("find a card faced")
        if card == self.pack[51]:
            self._rule(37, self.dealer, "the last card faced is the trump card: no fault")
            return
        self._new_deal(37, f"{card} is found faced in the pack")

    def prove_imperfect(self, seat: Seat) -> None:
        """``seat`` proves the pack incorrect or imperfect during the deal (laws 37, 47)."""
        self._ready("prove the pack imperfect")
        self._new_deal(47, f"{seat} proves the pack imperfect")

    def foreign_card(self, seat: Seat, card: Card) -> None:
        """``seat`` has taken into his hand a card of the other pack (law 42): the
        adversaries decide whether there is a fresh deal (if not, the card is changed for
        ``card``, the card of this pack it stands for).  The law runs "on discovery of
        the error": after the deal is made too, the trump card turned up."""
        if self.rules.packs == 1:
            raise NotAllowed("one pack at this table: there is no other pack (law 42 runs "
                             "where two packs are used, as clubs play, 000)", 42)
        if self.outcome is not None and self.outcome.verdict == "dealt" and not self._queue:
            pass  # discovered after the deal: the adversaries may still have a fresh deal
        else:
            self._ready("find a card of the other pack", allow_late_claim=True)

        packs = self.table_packs
        if packs is not None and not packs.lacks(card):
            raise NotAllowed(f"{self.other_pack or 'the other pack'} lacks no {card}: "
                             f"{seat}'s {card} is not of the other pack", 42)

        def apply(option: str) -> None:
            back = ""
            if packs is not None:
                whole = packs.give_back(card, 42)
                back = f"; {card} goes back to {whole.name} ({whole.count} cards again)"
            if option == "new-deal":
                self._new_deal(42, f"{seat} holds a card of the other pack{back}")
            elif packs is not None:
                self._rule(42, seat, f"the deal stands{back}; {seat} keeps the thirteen cards "
                           "dealt him (Cavendish's reading: the card taken in was a "
                           "fourteenth, not one dealt)")
            else:
                self._rule(
                    42,
                    seat,
                    f"the deal stands; {seat}'s card of the other pack is changed for {card}",
                )

        self._decide(
            42,
            seat.side.other,
            seat,
            f"{seat} holds a card of the other pack"
            + ("" if self.other_pack is None else f", {self.other_pack}") + ": a fresh deal?",
            ("new-deal", "stand"),
            apply,
        )

    def stop(self, seat: Seat) -> None:
        """``seat`` stops a deal out of turn or with the adversaries' pack (law 48)."""
        if self.outcome is not None and self.outcome.verdict != "dealt":
            raise NotAllowed("the deal is over")
        if self.dealer == self.rightful and self.own_pack:
            raise NotAllowed(f"{self.dealer} deals in turn with his own pack", 48)
        if self.trump_turned:
            raise NotAllowed(
                "the trump card is turned up: the game proceeds as if no mistake had been made", 48
            )
        self._end(
            "new deal",
            self.rightful,
            48,
            f"{seat} stops the deal: {self.rightful} deals"
            + ("" if self.own_pack else " with his own pack"),
        )

    # ------------------------------------------------------------ the trump
    def turn_trump(self, face_down: bool = False) -> None:
        """The dealer turns up the last card, the trump card (law 44 ii, iii, iv)."""
        self._ready("turn up the trump card", allow_late_claim=True)
        if self.phase != "deal":
            raise NotAllowed("the pack must be cut before the deal", 34)
        if self._error is not None:
            counts = self._counts()
            counts[self.dealer] += 1
            if any(n >= 14 for n in counts.values()) and any(n < 13 for n in counts.values()):
                self._misdeal(44, "a player has fourteen cards and another fewer than thirteen")
            else:
                self._misdeal(44, f"{self._error}, not put right")
            return
        if face_down:
            self._misdeal(44, "the dealer put the last card face down")
            return
        card = self.pack[len(self.dealt)] if len(self.dealt) < 52 else self.dealt[-1][1]
        self.dealt.append((self.dealer, card))
        self.trump_turned = True
        counts = self._counts()
        if any(n >= 14 for n in counts.values()) and any(n < 13 for n in counts.values()):
            self._misdeal(44, "a player has fourteen cards and another fewer than thirteen")
            return
        if counts[self.dealer] != 13 or len(self.dealt) != 52:
            self._misdeal(44, "the trump card does not come in its order to the dealer")
            return
        if not self._queue:
            self._finish()

    def _finish(self) -> None:
        hands = [0, 0, 0, 0]
        for seat, card in self.dealt:
            hands[seat] |= 1 << card
        deal = Deal((hands[0], hands[1], hands[2], hands[3]), self.dealer, self.dealt[-1][1])
        self._rule(33, self.dealer, f"{self.dealer} has dealt; the trump card is {deal.trump_card}")
        self.outcome = DealOutcome(
            "dealt", self.dealer.left, 33, deal, tuple(self.missing), tuple(self._not_liable)
        )

    # -------------------------------------------------------------- helpers
    def _next_seat(self) -> Seat:
        return self.dealer.offset(1 + len(self.dealt) % 4)

    def _counts(self) -> dict[Seat, int]:
        counts = dict.fromkeys(Seat, 0)
        for seat, _ in self.dealt:
            counts[seat] += 1
        return counts

    def _expected_counts(self) -> dict[Seat, int]:
        counts = dict.fromkeys(Seat, 0)
        for k in range(len(self.dealt)):
            counts[self.dealer.offset(1 + k % 4)] += 1
        return counts

    def deal_all(self) -> DealOutcome:
        """Deal the rest in order and turn up the trump card (a regular deal)."""
        while len(self.dealt) < 51 and self.outcome is None:
            self.deal_card()
        if self.outcome is None:
            self.turn_trump()
        assert self.outcome is not None or self._queue
        if self.outcome is None:
            raise AwaitingDecision(f"a decision is awaited: {self._queue[0]}")
        return self.outcome

    def __repr__(self) -> str:
        return f"<DealProcedure dealer {self.dealer} {self.phase}, {len(self.dealt)} dealt>"


DEAL_ACTS: tuple[str, ...] = ("two_at_once", "count", "face_down")
"""The slips of a dealer that :func:`slipped_deal` makes (law 44 i, v, ii)."""

ELECTED_DEAL_ACTS: tuple[str, ...] = ("expose", "look_at_trump")
"""The slips in dealing that give the dealer's adversaries an election, which
:func:`slipped_deal` stops at: a card exposed by the dealer ("the latter can claim a
new deal", law 38; one of the last cards, law 40) and the dealer looking at the trump
card ("his adversaries [...] may exact a new deal", law 41)."""


STRAY_DEAL_ACTS: tuple[str, ...] = ("drop", "other_card")
"""The slips that put a card astray between the two packs of a club table, which
:func:`slipped_deal` makes where the table's packs are given: a card of the deal falls
among the other pack's cards (``drop``: the hand it was for is a card short, law 46),
and a player takes into the hand dealt to him a card of the other pack
(``other_card``: his adversaries elect a fresh deal or not, law 42).  Kept apart
from :data:`DEAL_ACTS`, so that the slips drawn from those are drawn as before."""


def packs_line(rules: Rules, dealer: Seat) -> str:
    """The packs at ``dealer``'s deal, told to the players: one pack, or two as clubs
    play (000: "Two packs of cards are invariably used at clubs").  With two, the
    dealer deals with his side's pack (Cavendish's reading of law 48's "the
    adversary's cards": each side has its own); the still pack, the other side's, is
    the pack of the ensuing deal: the dealer's partner collects it and has the first
    right to shuffle it (law 30), and it is placed to the left of the next dealer
    (law 31).

    >>> import textwrap
    >>> print(textwrap.fill(packs_line(get_rules("short"), Seat.S), 80))
    S deals with N-S's pack; the still pack, E-W's, is made up by N, the dealer's
    partner (law 30), and placed at W's left for the next deal (law 31)
    >>> packs_line(get_rules("whisk"), Seat.S)
    'S deals with the one pack of the table'
    """
    if rules.packs == 1:
        return f"{dealer} deals with the one pack of the table"
    side, other = side_name(dealer.side), side_name(dealer.side.other)
    return (f"{dealer} deals with {side}'s pack; the still pack, {other}'s, is made up by "
            f"{dealer.partner}, the dealer's partner (law 30), and placed at {dealer.left}'s "
            "left for the next deal (law 31)")


def adversarys_cards(rules: Rules, own_pack: bool) -> None:
    """Refuse a deal "with the adversary's cards" (law 48) at a table of one pack.

    >>> adversarys_cards(get_rules("short", packs=1), own_pack=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.laws.errors.NotAllowed: one pack at this table: there are no adversary's cards ...
    """
    if not own_pack and rules.packs == 1:
        raise NotAllowed(
            "one pack at this table: there are no adversary's cards to deal with (law 48 "
            "runs where two packs are used, as clubs play, 000)", 48)


def side_name(side: Side) -> str:
    """``N-S`` or ``E-W``: the side whose pack it is, as the players and the record
    name it.

    >>> side_name(Side.EW)
    'E-W'
    """
    return side.label


def pack_of(deal: Deal) -> list[Card]:
    """The pack in the order that deals ``deal`` to its seats, one card at a time from
    the dealer's left, the trump card last (law 33).

    >>> from cavendish.core.table import deal_cards
    >>> deal = deal_cards(random.Random(1), Seat.S)
    >>> p = DealProcedure(Seat.S, pack=pack_of(deal))
    >>> p.phase = "deal"
    >>> p.deal_all().deal == deal
    True
    """
    hands = {seat: [c for c in CARDS if deal.hand(seat) >> c & 1] for seat in Seat}
    trump = deal.trump_card
    assert trump is not None
    hands[deal.dealer].remove(trump)
    pack: list[Card] = []
    for k in range(51):
        pack.append(hands[deal.dealer.offset(1 + k % 4)].pop(0))
    pack.append(trump)
    return pack


def slipped_deal(deal: Deal, rules: Rules, slip: str, at: int,
                 packs: CardsAstray | None = None) -> DealProcedure:
    """The dealer of ``deal`` deals it by hand and slips after ``at`` cards (one of
    :data:`DEAL_ACTS`): the partner and the dealer shuffle (the cards stay as they
    are), the right-hand player cuts, and the deal goes wrong.  The procedure's
    ``outcome`` is the misdeal and the next dealer (law 43; law 44; at double dummy
    a new deal by the same dealer) and its ``rulings`` say why.

    >>> from cavendish.core.table import deal_cards
    >>> deal = deal_cards(random.Random(1), Seat.S)
    >>> p = slipped_deal(deal, get_rules("short"), "count", 10)
    >>> p.outcome.verdict, p.outcome.next_dealer, p.outcome.law
    ('misdeal', <Seat.W: 3>, 44)
    >>> p = slipped_deal(deal, get_rules("double-dummy"), "face_down", 10)
    >>> p.outcome.verdict, p.outcome.next_dealer
    ('new deal', <Seat.S: 2>)

    A slip of :data:`ELECTED_DEAL_ACTS` stops at the adversaries' election (no
    ``outcome`` yet): a new deal, or the deal goes on (:meth:`DealProcedure.deal_all`)
    and stands as ``deal``.

    >>> p = slipped_deal(deal, get_rules("short"), "expose", 10)
    >>> p.outcome, p.pending().law, p.pending().side, p.pending().options
    (None, 38, <Side.EW: 1>, ('new-deal', 'stand'))
    >>> p.elect(p.pending().side, "stand"); p.deal_all().deal == deal
    True

    A slip of :data:`STRAY_DEAL_ACTS`: ``drop`` deals on to the trump card, a card
    short in the hand it was for (``outcome.missing``, law 46); ``other_card``, with
    the table's ``packs``, stops at the law 42 election of the adversaries of the
    player who took a card of the other pack into his hand (the last dealt to).

    >>> p = slipped_deal(deal, get_rules("short"), "drop", 10)
    >>> p.outcome.verdict, p.outcome.deal == deal, len(p.outcome.missing)
    ('dealt', True, 1)
    """
    acts = DEAL_ACTS + ELECTED_DEAL_ACTS + STRAY_DEAL_ACTS
    if slip not in acts:
        raise NotAllowed(f"unknown slip in dealing {slip!r}: expected one of {', '.join(acts)}")
    if not 1 <= at <= 49:
        raise NotAllowed(f"a slip after {at} cards: expected 1 to 49")
    order = pack_of(deal)
    lifted = 26
    dealer = deal.dealer
    proc = DealProcedure(dealer, rules, pack=order[-lifted:] + order[:-lifted])
    proc.shuffle(dealer.partner)
    proc.shuffle(dealer)
    proc.cut(dealer.right, lifted)
    for _ in range(at):
        proc.deal_card()
    if packs is not None and slip in STRAY_DEAL_ACTS:
        proc.table_packs, proc.other_pack = packs, packs.other_name()
    if slip == "drop":  # a card falls among the other pack's cards (law 46)
        proc.drop_card()
        proc.deal_all()
        return proc
    if slip == "other_card":  # law 42: his adversaries elect
        proc.take_other_card(proc.dealt[-1][0])
        return proc
    if slip in ELECTED_DEAL_ACTS:  # the adversaries' election awaited (laws 38, 40, 41)
        if slip == "expose":
            proc.deal_card(face_up=True)
        else:
            proc.look_at_trump(dealer)
        return proc
    if slip == "two_at_once":
        proc.deal_card(two=True)
        if len(proc.dealt) < 51:
            proc.deal_card()
        else:  # two at once at the end of the pack: the trump card is the third card
            proc.turn_trump()
    elif slip == "count":
        proc.count_cards()
    else:
        while len(proc.dealt) < 51:
            proc.deal_card()
        proc.turn_trump(face_down=True)
    assert proc.outcome is not None
    return proc

"""Cards not played to a trick, or played to the wrong one; a short hand; a bad pack
(laws 37, 46, 47, 69, 70).

Design note
-----------
* **A card not played to a trick** (law 69): the trick is turned and quitted
  without it (:meth:`~cavendish.core.state.HandState.omit`).  Found before the
  player has played to the next trick, he plays to it now.  Found after, the
  adversaries may claim a new deal; if they let the deal stand, his surplus card at
  the end of the hand counts as played to the imperfect trick, and is no revoke
  there.  An attentive table sees the omission at once; otherwise it is found when
  claimed, or at the end of the hand at the latest (the surplus card).
* **Two cards to one trick, or a card gathered into the wrong trick** (law 70): the
  card is out of his hand but he is answerable for every revoke it causes (the
  hand flags a failure to follow with such a card as a revoke).  Found during the
  hand by counting the tricks face down, the card is restored; found only at the
  end, he has played no card to the last trick.
* **A short hand** (law 46): three players have thirteen cards and the fourth
  fewer, found only after he has played: the deal stands, he is answerable for his
  revokes as if the missing card were in his hand, and he may search the other pack
  for it: the pack of the side that did not deal (each side deals with its own,
  :mod:`cavendish.laws.packs`); where the arbiter has the table's real packs
  (``packs``), the card is taken from that pack's order, and refused when it is not
  there.  At a table of one pack (``Rules.packs``) there is no
  other pack: the card is found and restored all the same, and the ruling says there
  was none to search.
  Found before he has played, the pack was not dealt right: a new deal by the same
  dealer (an implementer's reading of laws 37 and 46).
* **A pack proved incorrect or imperfect** during the play (laws 37, 47): the hand is
  void, the same dealer deals again, and no past score is altered.
"""

from __future__ import annotations

from ..core.cards import Card, Seat, Side
from .base import ArbiterBase, Omission, table_action
from .deal_laws import side_name
from .errors import NotAllowed

__all__ = ["MisplayLaws"]


class MisplayLaws(ArbiterBase):
    """Laws 37, 46, 47, 69, 70."""

    # ----------------------------------------------------------------- law 69
    @table_action()
    def omit(self, seat: Seat) -> None:
        """``seat``, on turn, plays no card: the trick goes on without his (law 69)."""
        self._check_in_play("omit a card")
        st = self.state
        if seat != st.turn:
            raise NotAllowed(f"{seat} is not to play: {st.turn} is", 69)
        if st.led_suit() is None:
            raise NotAllowed(f"{seat} is to lead: a lead cannot be omitted", 69)
        self.omissions.append(Omission(seat, st.trick_number))
        st.omit(law=69)

    @table_action()
    def claim_omission(self, side: Side) -> None:
        """``side`` point out that an adversary played no card to a trick (law 69)."""
        found = [
            o
            for o in self.omissions
            if not o.discovered and o.seat.side != side and o.trick < self.state.trick_number
        ]
        if not found:
            raise NotAllowed(f"no adversary of {side} has missed a former trick", 69)
        self._discover(found[0])

    def _discover(self, omission: Omission) -> None:
        st = self.state
        omission.discovered = True
        seat = omission.seat
        later = self._played_to((seat,), omission.trick + 1) or st.is_over
        if not later:
            lawful = self._surplus_options(omission)
            options = tuple(f"play:{c}" for c in lawful)
            index = self._rule(
                69,
                seat,
                f"{seat} played no card to trick {omission.trick + 1}, found before "
                "he played to the next: he plays to it now",
                options,
            )
            self._decide(
                69,
                seat.side,
                seat,
                f"{seat} plays his card to trick {omission.trick + 1}",
                options,
                "omission-play",
                lambda option, who: self._fill(omission, Card.parse(option[5:])),
                answer_by=seat,
                ruling=index,
            )
            return
        options = ("new-deal", "stand")
        index = self._rule(
            69,
            seat,
            f"{seat} played no card to trick {omission.trick + 1} and has played to the next: "
            "the adversaries may claim a new deal",
            options,
        )
        self._decide(
            69,
            seat.side.other,
            seat,
            f"a new deal, or let the deal stand ({seat} missed trick {omission.trick + 1})",
            options,
            "omission",
            lambda option, who: self._omission_elected(omission, option),
            ruling=index,
        )

    def _surplus_options(self, omission: Omission) -> list[Card]:
        st = self.state
        hand = st.hand_cards(omission.seat)
        led = st.tricks[omission.trick].cards[0].suit
        follow = [c for c in hand if c.suit == led]
        return follow or hand

    def _fill(self, omission: Omission, card: Card) -> None:
        self.state.count_surplus(omission.seat, card, omission.trick, law=69)
        omission.stand = True

    def _omission_elected(self, omission: Omission, option: str) -> None:
        if option == "new-deal":
            self._void(69, omission.seat, "a card not played to a trick: a new deal")
            return
        omission.stand = True
        self._rule(
            69, omission.seat, "the deal stands: the surplus card will count to the imperfect trick"
        )

    def _settle_omissions(self) -> bool:
        """At the end of the hand: find what was missed, count the surplus cards."""
        st = self.state
        for omission in self.omissions:
            if not omission.discovered:
                self._discover(omission)
                return True
        for omission in self.omissions:
            trick = st.tricks[omission.trick]
            if omission.stand and omission.seat in trick.missing and st.hand(omission.seat):
                card = st.hand_cards(omission.seat)[0]
                st.count_surplus(omission.seat, card, omission.trick, law=69)
                self._rule(
                    69,
                    omission.seat,
                    f"{omission.seat}'s surplus {card} counts to trick {omission.trick + 1}: "
                    "no revoke there",
                )
                return True
        return False

    def _attentive_omissions(self) -> bool:
        if not self.attentive:
            return False
        for omission in self.omissions:
            if not omission.discovered and omission.trick < self.state.trick_number:
                self._discover(omission)
                return True
        return False

    # ----------------------------------------------------------------- law 70
    @table_action()
    def play_two(self, seat: Seat, card: Card, extra: Card) -> None:
        """``seat`` plays ``card`` to the trick and, unseen, ``extra`` with it (law 70)."""
        self._check_in_play("play two cards")
        st = self.state
        if seat != st.turn:
            raise NotAllowed(f"{seat} is not to play: {st.turn} is", 70)
        if card == extra or not st.hand(seat) >> extra & 1:
            raise NotAllowed(f"{extra} is not a second card of {seat}'s hand", 70)
        st.mislay(seat, extra, law=70)
        self._misplaced.append((seat, extra))
        self._play_card(seat, card)

    @table_action()
    def mix_card(self, seat: Seat, card: Card) -> None:
        """``seat`` mixes ``card`` of his hand with a trick it does not belong to (law 70)."""
        self._check_in_play("mix a card with a trick")
        if not self.state.hand(seat) >> card & 1:
            raise NotAllowed(f"{card} is not in {seat}'s hand", 70)
        self.state.mislay(seat, card, law=70)
        self._misplaced.append((seat, card))

    @table_action()
    def count_tricks(self, side: Side) -> None:
        """``side`` have the tricks counted face down during the hand: a card too many
        is searched for and restored to its owner (law 70)."""
        self._check_in_play("count the tricks")
        if not self._misplaced:
            self._rule(70, side.seats[0], "the tricks are counted: none has a card too many")
            return
        for seat, card in self._misplaced:
            self.state.restore(seat, card, law=70)
            self._rule(
                70,
                seat,
                f"a trick has a card too many: {seat}'s {card} is restored to him; he remains "
                "answerable for any revoke made meanwhile",
            )
        self._misplaced.clear()

    def _short_hand(self) -> bool:
        """The player on turn has no card left (laws 46, 70): no card to this trick."""
        st = self.state
        if st.is_over or st.hand(st.turn):
            return False
        seat = st.turn
        law = 70 if any(s == seat for s, _ in self._misplaced) else 46
        st.omit(law=law)
        self._rule(law, seat, f"{seat} has no card left: none to this trick")
        return True

    # ----------------------------------------------------------------- law 46
    @table_action()
    def find_missing(self, seat: Seat) -> None:
        """``seat`` finds he has fewer than thirteen cards (law 46)."""
        self._check_in_play("find a card missing")
        card = next((c for c in self._missing_cards(seat)), None)
        if card is None:
            raise NotAllowed(f"{seat} has no card missing", 46)
        if not self._has_played(seat):
            self._void(
                46,
                seat,
                f"{seat} has fewer than thirteen cards before playing: a new "
                "deal by the same dealer",
            )
            return
        searched = None if self.packs is None else self.packs.search(card, 46)
        self.state.restore(seat, card, law=46)
        found = (
            f"found in the other pack, {side_name(self.deal.dealer.side.other)}'s,"
            + ("" if searched is None else f" taken from its cards ({searched.count} again; "
               "Cavendish's reading: it fell among them in dealing)")
            if self.rules.packs == 2
            else "found (one pack at this table: there is no other pack to search, law 46's "
            "search runs where two packs are used, as clubs play, 000)"
        )
        self._rule(
            46,
            seat,
            f"{seat} has played with a card short: the deal stands; {card} is {found} and "
            "restored; he is answerable for any revoke as if he had held it",
        )

    def _missing_cards(self, seat: Seat) -> list[Card]:
        from ..core.cards import cards_of

        misplaced = {c for s, c in self._misplaced if s == seat}
        return [c for c in cards_of(self.state.mislaid(seat)) if c not in misplaced]

    # ------------------------------------------------------------- laws 37, 47
    @table_action()
    def prove_imperfect_pack(self, seat: Seat) -> None:
        """``seat`` proves the pack incorrect or imperfect during the hand: the hand is
        void and the same dealer deals again; no past score is altered (laws 37, 47)."""
        self._check_not_closed("prove the pack imperfect")
        self._void(
            47,
            seat,
            "the pack is proved imperfect: the hand is void, the same dealer "
            "deals again; no past score, game or rubber is altered",
        )

    def _void(self, law: int, seat: Seat, what: str) -> None:
        self._rule(law, seat, what)
        self.void = f"law {law}"
        self.next_dealer = self.state.deal.dealer
        self.decision_book.clear()

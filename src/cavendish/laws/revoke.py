"""The revoke (laws 61, 71-82, dummy law ii).

Design note
-----------
A card of another suit played while holding the suit led (law 71), or a card
played against a call (law 61), is accepted in "laws" mode and becomes a
:class:`~cavendish.laws.base.RevokeCase`.  Nobody knows of it when it is played;
what happens next is what the code provides:

* the revoker's partner may ask "having none?" (law 74): asked before the trick is
  turned and quitted, the quitting no longer establishes the revoke, and the
  revoker answers: he corrects it, or says he has none (which ends the protection);
* the revoker may discover his mistake in time (law 76): he takes the card back
  and plays a right one, the players after him may take back theirs, and the
  adversaries may call the card played in error or make him play his highest or
  lowest of the suit led to that trick;
* otherwise it is established (law 73) when the trick is turned and quitted (a card
  of the next trick is down) or when the revoker or his partner leads or plays to
  the next trick, in turn or not;
* at the end of the hand the adversaries may search all the tricks (law 75) and
  claim it (an attentive table claims every revoke established); a claim made
  before the search with the accused mixing the cards establishes the revoke
  (law 77); no claim is heard after the cut for the next deal (law 78); a claim
  during the hand does not stop it: it is played out (law 79);
* for each revoke claimed the claimants elect, at the end of the hand and after
  consulting if they like (law 84), to take three tricks, deduct three or add three
  (law 72); in a hand abandoned by all four (law 59), to add or deduct three only.
  :mod:`cavendish.scoring` scores it: first (law 5), not divided (72), only in
  that game, the revokers unable to win the game (law 82), both sides (law 81).

Dummy is not liable to the penalty (dummy law ii): a dummy's revoke seen before the
trick is quitted is put right without penalty; after, it stands good.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.cards import Card, Seat, Side
from ..core.events import Call, CardPlayed, CardWithdrawn, PlayOmitted, SurplusPlayed
from ..core.state import standing_plays
from .base import ArbiterBase, RevokeCase, RevokeStatus, table_action
from .errors import NotAllowed
from .names import DUMMY_II

__all__ = ["RevokeLaws"]

_PENALTIES = ("tricks", "deduct", "add")


class RevokeLaws(ArbiterBase):
    """Laws 61, 71-82 and dummy law ii."""

    def _note_revoke(
        self, event: CardPlayed, index: int, law: int, correctable: bool = True
    ) -> None:
        """A card just played is flagged as a revoke (law 71, or 61 for a call
        disobeyed): open a case.  ``correctable``: another card of his hand would not
        have revoked (not so when the suit led is held only by a card mislaid, law 70)."""
        case = RevokeCase(
            event.seat, event.card, event.trick, index, law, dummy=event.seat in self.dummies
        )
        self.revoke_ledger.note(case)
        if case.dummy and self.attentive and correctable:
            # dummy's cards lie face up: the revoke is seen at once and put right
            self._correct(case, dummy=True)

    def _establish_revokes(self) -> None:
        """Law 73 (and 74): revokes become established."""
        st = self.state
        standing: set[int] | None = None
        for case in self.revokes:
            if case.status != RevokeStatus.OPEN:
                continue
            if case.index >= 0:
                # a card taken back with another's correction or a false lead (laws 63, 76)
                # is no revoke: it was never played
                if standing is None:
                    standing = {id(e) for e in standing_plays(st.events)}
                if id(st.events[case.index]) not in standing:
                    case.status = RevokeStatus.CORRECTED
                    case.how = "the card was taken back"
                    continue
            reason = ""
            if st.is_over or self.abandoned is not None:
                reason = "the hand is over"
            elif self._played_to((case.seat, case.seat.partner), case.trick + 1):
                reason = "the revoking side played to the following trick"
            elif self._quitted(case.trick) and (not case.asked or case.denied):
                reason = "the trick was turned and quitted"
            if reason:
                case.status = RevokeStatus.ESTABLISHED
                case.how = reason

    # ------------------------------------------------------------- law 74
    @table_action()
    def ask_having_none(self, seat: Seat) -> None:
        """``seat`` asks his partner whether he has none of the suit he renounced (law 74)."""
        self._check_in_play("ask")
        partner = seat.partner
        case = self.revoke_ledger.open_case(partner)
        renounce = self._renounced(partner)
        if case is None and renounce is None:
            raise NotAllowed(f"{partner} has not renounced to a trick still on the table", 74)
        if case is None:
            self._rule(74, seat, f"{seat} asks {partner}: having none? {partner} has none")
            return
        if self._quitted(case.trick):
            self._rule(74, seat, f"{seat} asks {partner} too late: the trick is quitted")
            return
        if not self._correctable(case):
            self._rule(
                74,
                seat,
                f"{seat} asks {partner} too late: a player has since played no card to the "
                "trick or had one counted to it (law 69), so the cards cannot be taken back",
            )
            return
        case.asked = True
        index = self._rule(
            74,
            partner,
            f"{seat} asks {partner} whether he has none of the suit he renounced",
            ("correct", "none"),
        )
        self._decide(
            74,
            partner.side,
            partner,
            f"{partner}, having none?",
            ("correct", "none"),
            "revoke-answer",
            lambda option, who: self._answer(case, option),
            answer_by=partner,
            ruling=index,
        )

    def _answer(self, case: RevokeCase, option: str) -> None:
        if option == "correct":
            self._correct(case)
            return
        case.denied = True
        self._rule(74, case.seat, f"{case.seat} answers that he has none")

    def _renounced(self, seat: Seat) -> Card | None:
        st = self.state
        plays = st.current_trick
        if not plays and st.last_trick is not None and not self._quitted(st.trick_number - 1):
            plays = st.last_trick.plays()
        if not plays:
            return None
        led = plays[0][1].suit
        for who, card in plays:
            if who == seat and card.suit != led:
                return card
        return None

    # ------------------------------------------------------------- law 76
    @table_action()
    def correct_revoke(self, seat: Seat) -> None:
        """``seat`` discovers his revoke in time and takes the card back (law 76)."""
        self._check_in_play("correct a revoke")
        case = self.revoke_ledger.open_case(seat)
        if case is None:
            if self.revoke_ledger.established(seat):
                raise NotAllowed(f"{seat}'s revoke is established: too late to correct it", 73)
            raise NotAllowed(f"{seat} has no revoke to correct", 76)
        if not self._correctable(case):
            raise NotAllowed(
                f"{seat}'s revoke cannot be corrected: a player has since played no card to "
                "the trick or had one counted to it (law 69)",
                76,
            )
        self._correct(case)

    def _correctable(self, case: RevokeCase) -> bool:
        """Law 76 takes back every card played after the revoke: the hand cannot take
        back a card not played to a trick, nor one counted to it later (law 69)."""
        return not any(
            isinstance(e, PlayOmitted | SurplusPlayed) for e in self.state.events[case.index + 1 :]
        )

    def _correct(self, case: RevokeCase, *, dummy: bool = False) -> None:
        st = self.state
        taken: list[str] = []
        while True:
            event: CardWithdrawn = st.withdraw(exposed=False, law=76)
            if event.seat == case.seat and event.card == case.card:
                break
            taken.append(f"{event.seat}'s {event.card}")
        case.status = RevokeStatus.CORRECTED
        if any(x.call == Call.PLAY and x.target == str(case.card) for x in st.calls(case.seat)):
            st.cover(case.seat, case.card, law=76)  # a card put down too early: no longer
            self.liabilities.drop(case.seat, case.card)  # stands, and comes back to hand
        others = f"; {', '.join(taken)} taken back, not liable to be called" if taken else ""
        if dummy or case.dummy:
            self._rule(
                DUMMY_II,
                case.seat,
                f"dummy ({case.seat}) revoked with {case.card}: put right, no penalty{others}",
            )
            return
        options = ("card", "highest", "lowest", "pass")
        index = self._rule(
            76,
            case.seat,
            f"{case.seat} corrects his revoke with {case.card} before it is established" + others,
            options,
        )
        led = st.led_suit()
        self._decide(
            76,
            case.seat.side.other,
            case.seat,
            f"{case.seat} played {case.card} in error",
            options,
            "revoke-corrected",
            lambda option, who: self._corrected_penalty(case, option, led),
            ruling=index,
        )

    def _corrected_penalty(self, case: RevokeCase, option: str, led: object) -> None:
        st = self.state
        if option == "card":
            st.expose(case.card, case.seat, "played in error, revoke corrected (law 76)")
            self.liabilities.make_liable(case.seat, case.card, 76)
        elif option in (Call.HIGHEST, Call.LOWEST) and led is not None:
            st.call(case.seat, option, str(led), law=76, trick=case.trick)

    # ------------------------------------------------------- laws 75, 77-79
    @table_action()
    def claim_revoke(
        self,
        side: Side,
        seat: Seat | None = None,
        trick: int | None = None,
        search: bool = True,
    ) -> None:
        """``side`` claim a revoke by the other side (by ``seat``, in trick ``trick``,
        counted from 1); with ``search`` the tricks are searched at once (law 75),
        otherwise the claim waits for :meth:`search_tricks` (law 77)."""
        self._check_claim_window()
        if seat is not None and seat.side == side:
            raise NotAllowed(f"{side} cannot claim a revoke against {seat}, their own side", 75)
        self.revoke_ledger.claim(side, seat, trick)
        if not self.state.is_over and self.abandoned is None:
            self._rule(79, side.seats[0], "a revoke claimed: the hand is played out")
        if search:
            self._search(side, seat, trick)

    @table_action()
    def search_tricks(self, side: Side) -> None:
        """``side`` search all the tricks for the revokes they have claimed (law 75)."""
        self._check_claim_window()
        mine = self.revoke_ledger.claims_by(side)
        if not mine:
            raise NotAllowed(f"{side} have claimed no revoke", 75)
        for _, seat, trick in mine:
            self._search(side, seat, trick)

    @table_action()
    def mix_cards(self, seat: Seat) -> None:
        """``seat`` mixes the cards of the tricks; if a revoke is claimed against his
        side and not yet examined, it is established (law 77)."""
        pending = self.revoke_ledger.unexamined_against(seat.side)
        if not pending:
            self._rule(77, seat, f"{seat} mixes the cards: no claim against his side is open")
            return
        for side, accused, trick in pending:
            self.revoke_ledger.examine((side, accused, trick))
            found = self.revoke_ledger.matching(side, accused, trick, established_only=False)
            if found:
                for case in found:
                    self._uphold(case, 77, "the cards were mixed before they were examined")
            else:
                self._deemed_revoke(side.other, accused, trick)

    def _deemed_revoke(self, side: Side, accused: Seat | None, trick: int | None) -> None:
        """Law 77: the cards mixed by the accused side, the revoke claimed is
        established though the search could not prove it."""
        seat = accused if accused is not None else side.seats[0]
        number = trick - 1 if trick is not None else self.state.trick_number - 1
        case = RevokeCase(
            seat,
            Card(0),
            max(number, 0),
            -1,
            77,
            status=RevokeStatus.ESTABLISHED,
            how="the accused mixed the cards before they were examined",
        )
        self.revoke_ledger.note(case)
        self._uphold(case, 77, case.how)

    @table_action()
    def cut_for_next(self) -> None:
        """The cards are cut for the next deal: no revoke can be claimed after (law 78)."""
        if not self.is_over:
            raise NotAllowed("the cards are cut for the next deal only when the hand is over")
        self.cut = True
        unclaimed = [c for c in self.revoke_ledger.established() if not c.claimed]
        for case in unclaimed:
            self._rule(
                78, case.seat, f"{case.seat}'s revoke in trick {case.trick + 1} was never claimed"
            )

    def _check_claim_window(self) -> None:
        if self.cut:
            raise NotAllowed("a revoke cannot be claimed after the cards are cut", 78)
        if self.void is not None:
            raise NotAllowed(f"the hand is void ({self.void})")

    def _search(self, side: Side, seat: Seat | None, trick: int | None) -> None:
        self.revoke_ledger.examine((side, seat, trick))
        found = self.revoke_ledger.matching(side, seat, trick)
        if not found:
            who = side.seats[0]
            self._rule(75, who, f"{side} search the tricks: no revoke found")
            return
        for case in found:
            self._uphold(case, 75, case.how)

    def _uphold(self, case: RevokeCase, law: int, how: str) -> None:
        case.claimed = True
        if case.dummy:
            self._rule(
                DUMMY_II,
                case.seat,
                f"dummy ({case.seat}) revoked with {case.card} in trick {case.trick + 1}: "
                "it stands good, dummy is not liable to the penalty",
            )
            return
        what = "a called card or suit not played" if case.law == 61 else "revoke"
        card = f" with {case.card}" if case.index >= 0 else ""
        self._rule(
            case.law if law == 75 else law,
            case.seat,
            f"{what} by {case.seat}{card} in trick {case.trick + 1}, established ({how})",
        )

    # ------------------------------------------------------------- law 72
    def _penalty_decisions(self) -> None:
        """At the end of the hand: one election per revoke claimed (laws 72, 59, 81)."""
        options = ("add", "deduct") if self.abandoned is not None else _PENALTIES
        for case in self.revokes:
            if not case.claimed or case.dummy or case.decision is not None:
                continue
            claimants = case.seat.side.other
            law = 59 if self.abandoned is not None else 72
            index = self._rule(
                law,
                case.seat,
                f"penalty for {case.seat}'s revoke in trick {case.trick + 1}",
                options,
            )
            decision = self._decide(
                law,
                claimants,
                case.seat,
                f"penalty for {case.seat}'s revoke (trick {case.trick + 1})",
                options,
                "revoke-penalty",
                _setter(case),
                consult=True,
                ruling=index,
            )
            case.decision = decision.number


def _setter(case: RevokeCase) -> Callable[[str, Seat], None]:
    def elect(option: str, who: Seat) -> None:
        case.penalty = option

    return elect

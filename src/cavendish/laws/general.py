"""General rules (laws 80, 84-89, 91; dummy law iii).

Design note
-----------
* Law 84 (who elects, consulting) and law 87 (reasonable time to decide) are in
  :class:`~cavendish.laws.base.ArbiterBase`: a side may agree who elects for it
  (:meth:`designate`); either partner's demand is final; partners who consult on
  any penalty but a revoke's lose it; nothing else happens at the table while a
  decision is awaited.
* Law 85: during a trick, or after the four cards are played and before they are
  gathered (before the next lead), anyone may have the cards placed before the
  players who played them: :meth:`placed`.
* Law 86: a player who calls attention to the trick before his partner has played
  (saying it is his, naming his card, drawing it towards him) lets the adversaries
  require the partner to play the highest or lowest of the suit led, or to win or
  lose the trick.  Dummy's partner is not liable (dummy law iii).
* Law 88: a bystander whose remark calls attention to an oversight affecting the
  score may be called on by the players only to pay the stakes and the bets.
* Law 89: a bystander may decide any question, by agreement of all the players; his
  decision is final.
* Law 91: the last trick turned may be seen, no earlier one: :meth:`see_trick`.
* Law 80: bets on the odd trick or on the score are decided by the score after the
  revoke penalty is paid: :func:`bet_winner`.
"""

from __future__ import annotations

from ..core.cards import Card, Seat, Side
from ..core.events import Call
from ..core.state import Trick
from ..scoring.result import HandScore
from .base import ArbiterBase, table_action
from .errors import NotAllowed
from .names import DUMMY_III

__all__ = ["GeneralLaws", "bet_winner"]


class GeneralLaws(ArbiterBase):
    """Laws 85, 86, 88, 89, 91."""

    # ----------------------------------------------------------------- law 85
    def placed(self, seat: Seat) -> list[tuple[Seat, Card]]:
        """The cards of the trick on the table, each before the player who played it
        (law 85): the trick in progress, or the last one until the next lead."""
        st = self.state
        if st.current_trick:
            return st.current_trick
        last = st.last_trick
        if last is None:
            raise NotAllowed(f"{seat} asks for the cards to be placed: none is on the table", 85)
        return last.plays()

    def placed_trick(self, seat: Seat, number: int) -> list[tuple[Seat, Card]]:
        """The cards of trick ``number`` (from 1) placed, if it still lies on the table:
        once gathered it cannot be (laws 85, 91)."""
        st = self.state
        index = number - 1
        if index == st.trick_number and st.current_trick:
            return st.current_trick
        if index == st.trick_number - 1 and not st.current_trick and st.last_trick is not None:
            return st.last_trick.plays()
        raise NotAllowed(
            f"{seat} asks for the cards of trick {number} to be placed: they have been gathered",
            85,
        )

    # ----------------------------------------------------------------- law 91
    def see_trick(self, seat: Seat, number: int) -> Trick:
        """Trick ``number`` (from 1) if it is the last trick turned: no earlier trick may
        be seen (law 91)."""
        st = self.state
        if st.last_trick is None or number != st.trick_number:
            raise NotAllowed(
                f"{seat} asks to see trick {number}: only the last trick turned "
                f"({st.trick_number or 'none yet'}) may be seen",
                91,
            )
        return st.last_trick

    # ----------------------------------------------------------------- law 86
    @table_action()
    def call_attention(self, seat: Seat) -> None:
        """``seat`` calls attention to the trick before his partner has played (law 86)."""
        self._check_in_play("call attention to the trick")
        st = self.state
        partner = seat.partner
        if not st.current_trick:
            raise NotAllowed(f"{seat} calls attention to the trick, but none is in progress", 86)
        if partner in st.current_seats:
            self._rule(86, seat, f"{seat} speaks of the trick after his partner played: no penalty")
            return
        if self._no_gain(seat) or seat in self.dummies:
            self._rule(DUMMY_III, seat, f"{seat} speaks of the trick: dummy's partner, no penalty")
            return
        led = st.led_suit()
        t = st.trick_number
        options = ("highest", "lowest", "win", "not_win", "pass")
        index = self._rule(
            86,
            seat,
            f"{seat} calls attention to the trick before {partner} has played",
            options,
        )

        def apply(option: str, who: Seat) -> None:
            if option in (Call.HIGHEST, Call.LOWEST) and led is not None:
                st.call(partner, option, led, law=86, trick=t)
            elif option in ("win", "not_win"):
                st.call(partner, option, law=86, trick=t)

        self._decide(
            86,
            seat.side.other,
            seat,
            f"what {partner} must play",
            options,
            "attention",
            apply,
            ruling=index,
        )

    # ------------------------------------------------------------- laws 88, 89
    @table_action()
    def bystander_remark(self, helped: Seat, bystander: str = "a bystander") -> None:
        """A bystander's remark calls ``helped``'s attention to an oversight affecting the
        score: the players may call on him to pay the stakes and bets (law 88)."""
        options = ("exact", "excuse")
        index = self._rule(
            88,
            helped,
            f"{bystander} draws {helped}'s attention to an oversight in the score",
            options,
        )

        def apply(option: str, who: Seat) -> None:
            if option == "exact":
                self.bystander_liable.append((helped, bystander))
                self._rule(
                    88,
                    helped,
                    f"{bystander} is to pay the stakes and all bets on that game or rubber",
                )

        self._decide(
            88,
            helped.side.other,
            helped,
            f"call on {bystander} to pay",
            options,
            "bystander",
            apply,
            ruling=index,
        )

    @table_action()
    def refer_to_bystander(self, question: str, decision: str, seats: tuple[Seat, ...]) -> None:
        """The players in ``seats`` agree that a bystander decide ``question``; he decides
        ``decision``, which is final (law 89)."""
        players = {s for s in Seat if s not in self.dummies}
        if set(seats) != players:
            missing = ", ".join(str(s) for s in sorted(players - set(seats)))
            raise NotAllowed(
                f"a bystander decides only by agreement of all: {missing} did not agree", 89
            )
        if question in self.referrals:
            raise NotAllowed(f"{question!r} was decided: the decision is final", 89)
        self.referrals[question] = decision
        self._rule(89, seats[0], f"by agreement a bystander decides {question!r}: {decision}")


def bet_winner(score: HandScore, bet: str) -> Side | None:
    """Who wins a bet on the hand, decided by the score after the revoke penalty is
    paid (law 80): ``"odd-trick"`` (the side with seven tricks or more) or ``"score"``
    (the side that scored more points in the hand); None for a tie.

    >>> from cavendish.core.rules import get_rules
    >>> from cavendish.scoring import HandResult, Revoke, score_club
    >>> hand = HandResult((8, 5), revokes=(Revoke(Side.NS, "tricks"),))
    >>> bet_winner(score_club(get_rules("short"), (0, 0), hand), "odd-trick")
    <Side.EW: 1>
    """
    if bet == "odd-trick":
        ns, ew = score.tricks
        return Side.NS if ns >= 7 else Side.EW if ew >= 7 else None
    if bet == "score":
        ns, ew = score.points
        return Side.NS if ns > ew else Side.EW if ew > ns else None
    raise NotAllowed(f"a bet on {bet!r}: expected 'odd-trick' or 'score'", 80)

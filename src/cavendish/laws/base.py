"""The arbiter's core: the hand, the decisions awaited, the rulings and the liabilities.

Design note
-----------
:class:`ArbiterBase` wraps a :class:`~cavendish.core.state.HandState` in "laws" mode.
Every table action is a method decorated with :func:`table_action`, which records it
(an :class:`~cavendish.laws.actions.Action`), refuses it while a decision is awaited
(law 87) and, once it is done, lets the arbiter examine the table (establish revokes,
offer the calls the laws allow, end the hand).  The laws themselves live in mixins,
one module per concept; :class:`~cavendish.laws.arbiter.Arbiter` puts them together.

What the arbiter keeps besides the hand is in three books, each an object with the
methods that own it (:mod:`cavendish.laws.ledgers`), which the mixins ask rather
than sharing attributes:

* ``decision_book`` (:class:`~cavendish.laws.ledgers.DecisionBook`): the decisions
  (:class:`~cavendish.laws.decisions.Decision`), the queue of those awaited, the
  elections made, who elects for a side (law 84);
* ``liabilities`` (:class:`~cavendish.laws.ledgers.Liabilities`): exposed cards
  liable to be called and the law that made them so, sides liable to have a suit
  called at their next lead (laws 60, 62, 63), players liable to have their highest
  or lowest trump called (laws 53, 55), and the calls already offered;
* ``revoke_ledger`` (:class:`~cavendish.laws.ledgers.RevokeLedger`): the revoke
  cases, the claims and their examination (laws 71-79).

Besides them: what a single law remembers (a few private attributes, each used by
one mixin), and the state of the hand beyond the cards: void (a new deal),
abandoned (law 59), closed by the next cut (law 78).

Every finding is a :class:`~cavendish.core.events.Ruling` in the hand's log and every
election an :class:`~cavendish.core.events.Elected`, so the log is the record.

The arbiter offers decisions and applies elections; it knows nothing of how a
computer elects.  Those rules sit above it (:mod:`cavendish.laws.policy`, whose
:func:`~cavendish.laws.policy.auto_elect` answers every decision awaited), so the
package has no circle of imports.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from ..core.cards import SUIT_MASK, Card, Seat, Side, Suit
from ..core.deal import Deal
from ..core.events import CardPlayed, Elected, Event, PlayOutOfTurn, Ruling
from ..core.rules import Mode, Rules, get_rules
from ..core.state import HandState, trick_winner
from .actions import Action, to_plain
from .decisions import Decision
from .errors import AwaitingDecision, LawsError, NotAllowed
from .ledgers import (
    DecisionBook,
    Handler,
    Liabilities,
    RevokeCase,
    RevokeLedger,
    RevokeStatus,
    TrumpLiability,
)
from .names import law_name

if TYPE_CHECKING:
    from .packs import TablePacks

__all__ = [
    "ArbiterBase",
    "Omission",
    "RevokeCase",
    "RevokeStatus",
    "TrumpLiability",
    "table_action",
]

P = ParamSpec("P")
R = TypeVar("R")
A = TypeVar("A", bound="ArbiterBase")


def table_action(
    free: bool = False,
) -> Callable[[Callable[Concatenate[A, P], R]], Callable[Concatenate[A, P], R]]:
    """Make a method a table action: recorded, refused while a decision is awaited
    (unless ``free``: elections, questions that change nothing), and followed by the
    arbiter's examination of the table."""

    def wrap(fn: Callable[Concatenate[A, P], R]) -> Callable[Concatenate[A, P], R]:
        signature = inspect.signature(fn)

        @functools.wraps(fn)
        def run(self: A, /, *args: P.args, **kwargs: P.kwargs) -> R:
            outer = self._depth == 0
            if outer:
                awaited = self.decision_book.pending()
                if not free and awaited is not None:
                    raise AwaitingDecision(
                        f"{fn.__name__}: a decision is awaited first (law 87): {awaited}"
                    )
                bound = signature.bind(self, *args, **kwargs)
                bound.apply_defaults()
                plain = tuple((k, to_plain(v)) for k, v in list(bound.arguments.items())[1:])
                self.actions.append(Action(fn.__name__, plain))
            self._depth += 1
            try:
                result = fn(self, *args, **kwargs)
            except BaseException:
                if outer:
                    self.actions.pop()
                raise
            finally:
                self._depth -= 1
            if outer:
                self._examine()
            return result

        return run

    return wrap


@dataclass
class Omission:
    """A player who played no card to a trick (law 69)."""

    seat: Seat
    trick: int
    discovered: bool = False
    stand: bool = False


class ArbiterBase:
    """The hand in "laws" mode, the decisions awaited and the liabilities (see module)."""

    def __init__(
        self,
        deal: Deal,
        rules: Rules | None = None,
        *,
        score: tuple[int, int] = (0, 0),
        dummies: Iterable[Seat] = (),
        attentive: bool = True,
        missing: dict[Seat, Card] | None = None,
        packs: TablePacks | None = None,
    ) -> None:
        base = rules if rules is not None else get_rules("short")
        self.rules = base.replace(mode=Mode.LAWS)
        dummy_seats = tuple(dummies)
        needed = {"whist": 0, "dummy": 1, "double-dummy": 2}[self.rules.table]
        if len(dummy_seats) != needed:
            raise LawsError(
                f"{self.rules.table} has {needed} dummies, but {len(dummy_seats)} were named"
            )
        if needed == 2 and dummy_seats[0].side == dummy_seats[1].side:
            raise LawsError("double dummy: each side has one dummy, not two on one side")
        self.state = HandState(deal, self.rules, dummies=dummy_seats)
        if len(score) != 2 or min(score) < 0:
            raise LawsError(f"score {score!r}: expected the game score of N-S and E-W")
        self.before = (score[0], score[1])
        self.attentive = attentive
        self.actions: list[Action] = []
        self._depth = 0
        self.decision_book = DecisionBook()
        """The decisions offered, awaited and made (law 87; law 84)."""
        self.liabilities = Liabilities(dummy_seats)
        """Cards, suits and trumps the adversaries may call (laws 53-66)."""
        self.revoke_ledger = RevokeLedger()
        """The revokes, their claims and examination (laws 71-79)."""
        # what single laws remember of the hand (each used by one mixin)
        self._thrown: dict[Seat, int] = {}
        self._detached: dict[Seat, Card] = {}
        self._false_lead: tuple[Seat, Card, Seat, int] | None = None
        self._misplaced: list[tuple[Seat, Card]] = []
        self._trump_left = False
        self._trump_exposed = False
        # the state of the hand beyond the cards
        self.void: str | None = None
        """Why the hand is void and dealt again (laws 37, 46, 47, 69), or None."""
        self.next_dealer: Seat = deal.dealer.left
        self.abandoned: tuple[Seat, int] | None = None
        """Law 59: the first to throw down and the tricks of the rest his side takes."""
        self.cut: bool = False
        """The cards have been cut for the next deal (law 78)."""
        self.finished = False
        self.omissions: list[Omission] = []
        self.bystander_liable: list[tuple[Seat, str]] = []
        self.referrals: dict[str, str] = {}
        self.packs = packs
        """The table's two packs, where the hand is dealt from them
        (:class:`~cavendish.laws.packs.TablePacks`): law 46's search takes the missing
        card from the other pack's real order; None: no packs modelled."""
        if missing:
            for seat, card in missing.items():
                self.state.mislay(seat, card, law=46)

    # ------------------------------------------------------------------ queries
    @property
    def deal(self) -> Deal:
        """The deal being played."""
        return self.state.deal

    @property
    def dummies(self) -> tuple[Seat, ...]:
        """The exposed hands (dummy whist, double dummy)."""
        return self.state.dummies

    @property
    def events(self) -> tuple[Event, ...]:
        """The hand's log: cards, rulings, elections."""
        return self.state.events

    @property
    def rulings(self) -> list[Ruling]:
        """Every ruling so far, in order."""
        return [e for e in self.state.events if isinstance(e, Ruling)]

    @property
    def decisions(self) -> list[Decision]:
        """Every decision offered in the hand, in order."""
        return self.decision_book.made

    @property
    def elections(self) -> dict[int, tuple[str, Seat]]:
        """The option taken for each decision decided (by its number), and by whom."""
        return self.decision_book.elections

    @property
    def revokes(self) -> list[RevokeCase]:
        """Every revoke of the hand (laws 61, 71, 77), in order."""
        return self.revoke_ledger.cases

    def pending(self) -> Decision | None:
        """The decision awaited now, or None if play may go on."""
        return self.decision_book.pending()

    def liable(self, seat: Seat) -> dict[Card, int]:
        """``seat``'s exposed cards liable to be called, with the law that made them so."""
        return self.liabilities.of(seat)

    @property
    def is_over(self) -> bool:
        """The hand is over: played out, abandoned (law 59) or void."""
        return self.void is not None or self.abandoned is not None or self.state.is_over

    # -------------------------------------------------------------- decisions
    @table_action(free=True)
    def elect(self, side: Side, option: str, by: Seat | None = None) -> None:
        """``side`` takes ``option`` of the decision awaited (by ``by``, default the
        player named in it).  Either partner's demand is final (law 84)."""
        decision = self.pending()
        if decision is None:
            raise NotAllowed(f"{side} elect {option!r}, but no decision is awaited", 84)
        if side != decision.side:
            raise NotAllowed(
                f"{side} cannot elect: the decision is {decision.side}'s ({decision.question})",
                decision.law,
            )
        who = decision.seat if by is None else by
        if who.side != side:
            raise NotAllowed(f"{who} is not of {side}", 84)
        if decision.answer and who != decision.seat:
            raise NotAllowed(f"only {decision.seat} can answer: {decision.question}", decision.law)
        chosen = self.decision_book.designated(side)
        if chosen is not None and who != chosen and not decision.answer:
            raise NotAllowed(f"{side} agreed that {chosen} makes the election, not {who}", 84)
        if option not in decision.options:
            raise NotAllowed(
                f"{option!r} is not an option of {law_name(decision.law)}: "
                f"expected one of {', '.join(decision.options)}",
                decision.law,
            )
        handler = self.decision_book.take(option, who)
        self.state.note(Elected(decision.law, side, option, who, self.state.trick_number))
        handler(option, who)

    @table_action(free=True)
    def consult(self, side: Side) -> None:
        """The partners of ``side`` consult on the decision awaited: allowed for a revoke
        penalty, otherwise they lose their right to the penalty (law 84)."""
        decision = self.pending()
        if decision is None or decision.side != side or decision.answer:
            raise NotAllowed(f"{side} have no election to consult on", 84)
        if decision.consult:
            self._rule(84, decision.seat, f"{side} consult on the revoke penalty: allowed")
            return
        self._rule(84, decision.seat, f"{side} consult on {decision.question}: right lost")
        handler = self.decision_book.take("lost", decision.seat)
        if "pass" in decision.options:
            handler("pass", decision.seat)

    @table_action(free=True)
    def designate(self, side: Side, seat: Seat) -> None:
        """``side`` agree that ``seat`` makes their elections (law 84)."""
        if seat.side != side:
            raise NotAllowed(f"{seat} is not of {side}", 84)
        self.decision_book.designate(side, seat)

    def _decide(
        self,
        law: int,
        side: Side,
        offender: Seat,
        question: str,
        options: tuple[str, ...],
        topic: str,
        handler: Handler,
        *,
        consult: bool = False,
        answer_by: Seat | None = None,
        ruling: int | None = None,
        card: Card | None = None,
    ) -> Decision:
        """Await ``side``'s election among ``options``; ``handler`` applies it."""
        seat = answer_by if answer_by is not None else self._elector(side, offender)
        decision = Decision(
            self.decision_book.next_number,
            law,
            side,
            seat,
            offender,
            question,
            options,
            topic,
            consult,
            answer_by is not None,
            self.state.trick_number,
            card,
        )
        self.decision_book.offer(decision, handler, ruling=ruling)
        return decision

    def ruling_of(self, decision: Decision) -> Ruling | None:
        """The ruling that gave rise to ``decision``."""
        index = self.decision_book.ruling_index(decision)
        if index is None:
            return None
        event = self.state.events[index]
        return event if isinstance(event, Ruling) else None

    def _elector(self, side: Side, offender: Seat) -> Seat:
        """Who elects for ``side``: the player agreed on (law 84), else the first of the
        side to play after the offender, a dummy's partner for a dummy."""
        chosen = self.decision_book.designated(side)
        if chosen is not None:
            return chosen
        seat = offender.left if offender.left.side == side else offender.left.left
        if seat in self.dummies:
            seat = seat.partner
        return seat

    def _rule(self, law: int, seat: Seat, what: str, options: tuple[str, ...] = ()) -> int:
        """Record a ruling in the log; return its index there."""
        self.state.note(Ruling(law, seat, what, options, self.state.trick_number))
        return len(self.state.events) - 1

    # ------------------------------------------------------------ liabilities
    # ----------------------------------------------------------------- helpers
    def _adversaries(self, seat: Seat) -> Side:
        return seat.side.other

    def _quitted(self, trick: int) -> bool:
        """Trick ``trick`` has been turned and quitted (law 73): a card of a later trick
        is down, or the hand is over.  Until then the trick lies on the table."""
        st = self.state
        if st.trick_number <= trick:
            return False
        if st.is_over:
            return True
        return any(isinstance(e, CardPlayed | PlayOutOfTurn) and e.trick > trick for e in st.events)

    def _played_to(self, seats: Iterable[Seat], trick: int) -> bool:
        """One of ``seats`` led or played to trick ``trick``, in turn or not."""
        wanted = set(seats)
        return any(
            isinstance(e, CardPlayed | PlayOutOfTurn) and e.trick == trick and e.seat in wanted
            for e in self.state.events
        )

    def _has_played(self, seat: Seat) -> bool:
        return any(isinstance(e, CardPlayed) and e.seat == seat for e in self.state.events)

    def _is_dummy_pair(self, a: Seat, b: Seat) -> bool:
        """``a`` and ``b`` are a dummy and its partner (one player's two hands)."""
        return a != b and a.partner == b and (a in self.dummies or b in self.dummies)

    def _no_gain(self, seat: Seat) -> bool:
        """Dummy law iii: dummy's partner is not liable for an error whence he can gain
        nothing (exposing his cards, announcing the trick)."""
        return seat.partner in self.dummies and seat not in self.dummies

    def winning_seat(self) -> Seat | None:
        """Who is winning the trick in progress, or None before the lead."""
        st = self.state
        plays = st.current_trick
        if not plays:
            return None
        position = trick_winner([c for _, c in plays], 0, st.trump)  # index among the plays
        return plays[int(position)][0]

    def _suit_cards(self, seat: Seat, suit: Suit) -> int:
        return self.state.hand(seat) & SUIT_MASK[suit]

    def _check_not_closed(self, what: str) -> None:
        if self.void is not None:
            raise NotAllowed(f"{what}: the hand is void ({self.void})")
        if self.abandoned is not None:
            raise NotAllowed(f"{what}: the hand was abandoned", 59)

    def _check_in_play(self, what: str) -> None:
        self._check_not_closed(what)
        if self.state.is_over:
            raise NotAllowed(f"{what}: the hand is over")

    # ------------------------------------------------- hooks the mixins provide
    def _examine(self) -> None:
        """Establish, offer and close what the table now calls for (see Arbiter)."""

    def _play_card(self, seat: Seat, card: Card) -> None:
        """Play ``card`` for ``seat`` in turn, noting a revoke (see Arbiter)."""
        raise NotImplementedError

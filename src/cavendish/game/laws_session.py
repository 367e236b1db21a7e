"""The game driver under the laws: a rubber at one table, every hand through the arbiter.

Design note
-----------
A :class:`LawsSession` is :class:`~cavendish.game.session.Session` for a table
where irregularities may happen: each hand is played through the laws
:class:`~cavendish.laws.arbiter.Arbiter`, which rules on every irregularity and
waits for the elections the laws give the side not in fault.  It keeps the
table, the generator of the deals, the score sheet and the hands as ``Session``
does, and moves the deal, scores the hand and calls honours with the very same
functions (:func:`~cavendish.game.session.end_hand`,
:func:`~cavendish.game.session.rubber_dealer`,
:func:`~cavendish.game.session.honours_call`,
:func:`~cavendish.game.session.call_honours_due`); a void hand (a new deal,
laws 37, 46, 47, 69) is not scored and the dealer the arbiter names deals again.

The step-by-step driver is Session's, with what the laws add:

* a decision awaited (:meth:`LawsSession.pending`) stops play (law 87): the
  computer's side elects by the computer's rules
  (:func:`~cavendish.laws.policy.computer_option`) at :meth:`LawsSession.step`,
  a human's side through :meth:`LawsSession.elect`;
* a sloppy computer dealer may slip in dealing
  (:meth:`~cavendish.players.sloppy.SloppyPlayer.deal_slip`; a computer that is no
  sloppy player at ``computer_deal_slips``, a web table's option): the deal is made
  act by act (:func:`~cavendish.laws.deal_laws.slipped_deal`), the misdeal is
  ruled (laws 43-44; at double dummy no misdeal, the same dealer deals again) and
  the next dealer deals; the rulings are :attr:`LawsSession.deal_rulings`; a
  slip whose election is a person's side's waits (:attr:`LawsSession.deal_pending`),
  and a save made then keeps it: the deal, the slip and the dealing's rulings so
  far, the same election offered again on resume (the deal not drawn again);
* where two packs are used, a card astray between them is drawn at the table's slip
  chances apart from the other slips (:meth:`LawsSession._stray_slip`): law 46's card
  fallen among the other pack's cards, shuffled into the still pack and searched out
  of it once the short player has played (Cavendish's reading), and law 42's card of
  the other pack taken into a hand, on which the adversaries elect (computers a fresh
  deal, a person's side asked as for laws 38, 40, 41); the card goes back to its pack;
* the score is kept by the computers (Cavendish's choice: no law says who scores);
  with ``score_slips`` the scorer writes a hand down wrongly at that chance (a
  trick of the side that won the odd tricks left out, where that changes no game's
  winner), drawn from the board and its deal, so a replay writes it the same; a
  player proves the error (:meth:`LawsSession.correct_score`) and the sheet is
  corrected within the windows of laws 11-12
  (:meth:`~cavendish.scoring.sheet.ScoreSheet.correct`): before the trump card of
  the next deal is turned up, or, for the amount of the rubber, during the rubber;
* a computer's turn may be several table actions (a sloppy player's slip, see
  :func:`~cavendish.players.sloppy.turn_actions`); each :meth:`LawsSession.step`
  does one, and elections between them are awaited as above;
* a human may act at any time, in turn or not: :meth:`LawsSession.play` (a card,
  out of turn or a revoke if it is one) and :meth:`LawsSession.act` (any other
  action of the arbiter: ``expose``, ``claim_revoke``, ``throw_down`` ...); the
  laws refuse what they forbid with a :class:`~cavendish.laws.errors.LawsError`
  and nothing changes.

::

    session.start_hand()
    while not session.hand_over:
        if session.human_to_decide:
            session.elect(option)          # one of session.pending().options
        elif session.human_to_play:
            session.play(card)             # or session.act("expose", seat=..., card=...)
        else:
            session.step()                 # the computers' elections and cards
    session.finish_hand()                  # scored (or void); the deal moves

>>> import random
>>> from cavendish.core import get_rules
>>> from cavendish.players import RandomPlayer
>>> from cavendish.players.sloppy import SloppyPlayer
>>> from .seating import seat_by_cut
>>> rules, rng = get_rules("short"), random.Random(5)
>>> seating = seat_by_cut(rules, ["A", "B", "C", "D"], rng)
>>> players = {s: SloppyPlayer(RandomPlayer(i), 0.3, seed=i)
...            for i, s in enumerate(sorted(seating.names))}
>>> session = LawsSession(rules, seating, players, rng)
>>> _ = session.start_hand()
>>> _ = session.run()              # every seat a computer: the hand is played out
>>> hand = session.finish_hand()
>>> hand.board, hand.void is not None or sum(hand.result.tricks) == 13
(1, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..core.cards import CARDS, Card, Seat
from ..core.deal import Deal
from ..core.events import Elected, Event, Ruling, event_from_dict, event_to_dict
from ..core.rules import Rules
from ..core.state import HandState, SeatView
from ..laws.actions import Action
from ..laws.arbiter import Arbiter
from ..laws.deal_laws import (
    DEAL_ACTS,
    ELECTED_DEAL_ACTS,
    STRAY_DEAL_ACTS,
    DealProcedure,
    slipped_deal,
)
from ..laws.decisions import Decision
from ..laws.errors import LawsError
from ..laws.policy import computer_option
from ..players.base import Player, notify_begin
from ..players.sloppy import SloppyPlayer, notice_revoke, turn_actions
from ..scoring.result import HandResult
from ..scoring.sheet import ScoreSheet
from .seating import Seating
from .session import (
    PlayedHand,
    SessionError,
    TableBase,
    call_honours_due,
    end_hand,
    honours_call,
    read_table,
)

__all__ = ["LAWS_SNAPSHOT_FORMAT", "LawsHand", "LawsSession", "laws_refusal"]

LAWS_SNAPSHOT_FORMAT = "cavendish-laws-session"
"""The ``format`` of a :meth:`LawsSession.snapshot` (``cavendish play --laws``'s save)."""
LAWS_SNAPSHOT_VERSION = 1


@dataclass(frozen=True, slots=True)
class LawsHand(PlayedHand):
    """A hand played under the laws: a :class:`~.session.PlayedHand` that may be void."""

    void: str | None = None
    """Why the hand was void and dealt again (no result, no score), or None."""


def laws_refusal(rules: Rules) -> str | None:
    """Why the laws arbiter cannot play ``rules``' game, or None: it plays the club
    code's game of 52 cards dealt round, and the games whist grew from deal twelve.

    >>> from cavendish.core.rules import get_rules
    >>> laws_refusal(get_rules("short")) is None
    True
    >>> laws_refusal(get_rules("whisk"))  # doctest: +ELLIPSIS
    "the laws arbiter plays the club code's game of 52 cards ...: whisk deals 12 cards a hand (000)"
    """
    if rules.tricks == 13:
        return None
    return (f"the laws arbiter plays the club code's game of 52 cards dealt round: "
            f"{rules.name} deals {rules.tricks} cards a hand (000)")


class LawsSession(TableBase):
    """A table playing hands under the laws until the rubbers are over (see the module).

    ``players`` maps each person's seat to a :class:`~cavendish.players.Player`
    (a :class:`~cavendish.players.sloppy.SloppyPlayer` commits irregularities), or
    to None for a human.  The mapping is kept, not copied: a seat's player may be
    replaced between two actions.  Unlike :class:`~.session.Session`, players are
    not told the score (they never were under the laws).  The table's queries
    (names, seats, the cut, rubbers finished ...) and :meth:`by_cut` are
    :class:`~.session.TableBase`'s, as for ``Session``.

    >>> from cavendish.players import RandomPlayer
    >>> people = {"You": None, **{n: RandomPlayer(i, n) for i, n in enumerate("ABC")}}
    >>> session = LawsSession.by_cut("short", people, 3, request=("You", Seat.S))
    >>> session.names[Seat.S], session.human_seats()
    ('You', (<Seat.S: 2>,))
    """

    def __init__(
        self,
        rules: Rules,
        seating: Seating,
        players: dict[Seat, Player | None],
        rng: random.Random,
        *,
        rubbers: int | None = 1,
        max_hands: int | None = None,
        score_slips: float = 0.0,
        own_deal_slips: float = 0.0,
        persons: frozenset[Seat] | None = None,
        computer_deal_slips: float = 0.0,
    ) -> None:
        refused = laws_refusal(rules)
        if refused is not None:
            raise SessionError(f"{refused}, so it is played without --laws")
        for name, chance in (("score_slips", score_slips), ("own_deal_slips", own_deal_slips),
                             ("computer_deal_slips", computer_deal_slips)):
            if not 0.0 <= chance <= 1.0:
                raise SessionError(f"{name} {chance}: expected a chance from 0 to 1")
        super().__init__(rules, seating, players, rng, rubbers=rubbers, max_hands=max_hands)
        self.score_slips = score_slips
        """The chance that the scorer writes a finished hand down wrongly (see the
        module; laws 11-12 let a player prove it: :meth:`correct_score`)."""
        self.misscored: dict[int, HandResult] = {}
        """The hands written down wrongly (by index on the sheet): each its true result,
        until a player proves the error."""
        self.score_rulings: list[Ruling] = []
        """The corrections of the score (laws 11-12), in order."""
        self._corrections: list[tuple[int, int, str]] = []
        """(hands finished, board, seat) of each correction, for :meth:`snapshot`."""
        self.arbiter: Arbiter | None = None
        """The arbiter of the hand in play (None between hands)."""
        self._actions: list[Action] = []
        self._last_turn: tuple[int, int, Seat] | None = None
        self._seen = 0
        self.deal_rulings: list[Ruling] = []
        """The rulings on the misdeals made before the hand in play was dealt (and on
        fresh cards called for, law 83)."""
        self._fresh: list[Ruling] = []
        """Fresh cards called for before the next cut (law 83): its rulings."""
        self.own_deal_slips = own_deal_slips
        """The chance that a person's own deal slips (the program deals for him): one of
        the misdeals of law 44, or a card exposed or the trump card looked at, which
        his adversaries elect on (laws 38, 40, 41)."""
        self.computer_deal_slips = computer_deal_slips
        """The chance that a computer's deal slips where his seat holds no
        :class:`~cavendish.players.sloppy.SloppyPlayer` (a web table's computers, which
        play in the pool): the same slips as a person's own (:attr:`own_deal_slips`),
        drawn the same way, so that a replay makes them again."""
        self.persons = persons
        """The seats of the people, where the players do not say it (a web server's
        session, whose computer seats hold None: they play in the pool); None: the seats
        without a computer player."""
        self.deal_pending: tuple[DealProcedure, Deal] | None = None
        """A slip in dealing whose election is a person's side's: the procedure and the
        deal it would make (:meth:`elect_in_deal`)."""
        self.deal_elections: list[Elected] = []
        """The elections made in dealing the hand in play (laws 38, 40, 41)."""
        self._pending_slip: tuple[str, int] | None = None
        """The slip (act, cards dealt) of :attr:`deal_pending`, for :meth:`snapshot`."""
        self._dealt: Deal | None = None
        self._dealing = False
        self._called_at: int | None = None
        """How many of the arbiter's actions came before the call of honours (for replay)."""
        self._replays: list[dict[str, Any]] = []
        """Each finished hand's deal and acts, as :meth:`snapshot` saves them."""
        self._hand_pack = ""
        """The side whose pack the hand in play was dealt from (:attr:`pack_dealt` when
        it was dealt; as saved, when it is replayed)."""
        self._missing: dict[Seat, Card] = {}
        """The card a hand of the deal in play is short of (law 46: it fell among the
        other pack's cards in dealing), by seat."""

    # ----------------------------------------------------------------- queries
    @property
    def _in_play(self) -> bool:
        return self.arbiter is not None

    @property
    def state(self) -> HandState | None:
        """The hand in play (the arbiter's), or None between hands: as ``Session.state``."""
        return None if self.arbiter is None else self.arbiter.state

    @property
    def hand_over(self) -> bool:
        """The hand in play is over: finished (the tricks searched) or void."""
        arb = self._require()
        return arb.finished or arb.void is not None

    @property
    def to_play(self) -> Seat | None:
        """The seat whose card is wanted, or None (no hand in play, or it is over)."""
        if self.arbiter is None or self.hand_over:
            return None
        return self.arbiter.state.turn

    @property
    def in_turn(self) -> bool:
        """A computer's turn of several actions is under way (:meth:`step` goes on with it)."""
        return bool(self._actions)

    @property
    def human_to_play(self) -> bool:
        """Whether play waits for a human: his card (or his dummy's) is wanted, no
        decision is awaited and no computer's turn is under way."""
        seat = self.to_play
        return (
            seat is not None
            and not self._actions
            and self.pending() is None
            and self.controller(seat) is None
        )

    @property
    def human_to_decide(self) -> bool:
        """Whether the decision awaited is a human's (see :meth:`is_human_decision`)."""
        decision = self.pending()
        return decision is not None and self.is_human_decision(decision)

    def human_seats(self) -> tuple[Seat, ...]:
        """The seats whose cards humans play (their own and their dummies')."""
        return tuple(s for s in Seat if self.controller(s) is None)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see now."""
        return self._require().state.view(seat)

    def pending(self) -> Decision | None:
        """The decision awaited now (law 87: play waits for it), or None."""
        return self.arbiter.pending() if self.arbiter is not None else None

    def is_human_decision(self, decision: Decision) -> bool:
        """Whether a human takes ``decision``: his answer (law 74), or an election of a
        side where a human sits."""
        if decision.answer:
            return self.controller(decision.seat) is None
        return any(self.controller(s) is None for s in Seat if s.side == decision.side)

    def computer_option(self, decision: Decision | None = None) -> str:
        """The option the computer's rules of election take for ``decision`` (default:
        the one awaited)."""
        arb = self._require()
        d = decision if decision is not None else arb.pending()
        if d is None:
            raise SessionError("no decision is awaited")
        return computer_option(arb, d)

    def current_hand(self) -> LawsHand | None:
        """The hand in play, unscored (for saving a record of an unfinished session)."""
        if self.arbiter is None:
            return None
        return LawsHand(self.board, self.rubber, self.names, self.arbiter.state,
                        pack=self._hand_pack)

    # ------------------------------------------------------- saving, resuming
    def snapshot(self, app: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything needed to go on with this table later, as JSON-ready data: the
        rules, the seats and who is human, and each hand as the arbiter saw it (its deal
        and every table act in order, the call of honours placed among them), the
        dealer, the rubber and the state of the deals' generator.  ``app`` is the
        caller's own data, kept as given.  Replaying the acts before a fresh arbiter
        gives every ruling and election again (the arbiter rules the same way on the
        same acts), as the web's laws tables do after a restart.

        >>> from cavendish.core import get_rules
        >>> from cavendish.players import RandomPlayer
        >>> from cavendish.players.sloppy import SloppyPlayer
        >>> from .seating import seat_by_cut
        >>> rules, rng = get_rules("short"), random.Random(5)
        >>> seating = seat_by_cut(rules, ["A", "B", "C", "D"], rng)
        >>> def players():
        ...     return {s: SloppyPlayer(RandomPlayer(i), 0.3, seed=i)
        ...             for i, s in enumerate(sorted(seating.names))}
        >>> session = LawsSession(rules, seating, players(), rng, rubbers=None, max_hands=3)
        >>> _ = session.start_hand(); _ = session.run(); _ = session.finish_hand()
        >>> _ = session.start_hand(); _ = [session.step() for _ in range(9)]
        >>> again = LawsSession.restore(session.snapshot({"seed": 5}), players())
        >>> again.arbiter.state == session.arbiter.state, again.sheet.score == session.sheet.score
        (True, True)
        >>> again.rng.getstate() == session.rng.getstate(), again.board == session.board
        (True, True)
        """
        replays = list(self._replays)
        if self.arbiter is not None:
            replays.append(self._replay_data(self.arbiter))
        return {
            **self._table_snapshot(LAWS_SNAPSHOT_FORMAT, LAWS_SNAPSHOT_VERSION),
            "in_play": self.arbiter is not None,
            "hands": replays,
            "score_slips": self.score_slips,
            "own_deal_slips": self.own_deal_slips,
            "computer_deal_slips": self.computer_deal_slips,
            "corrections": [list(c) for c in self._corrections],
            "deal_pending": self._deal_pending_data(),
            "app": dict(app or {}),
        }

    def _deal_pending_data(self) -> dict[str, Any] | None:
        """The election awaited in the deal (:attr:`deal_pending`), as :meth:`snapshot`
        saves it: the deal, the dealer's slip, and the rulings and elections of the
        dealing so far; None when none is awaited."""
        if self.deal_pending is None or self._pending_slip is None:
            return None
        deal = self.deal_pending[1]
        return {
            "deal": deal.to_pbn(),
            "trump_card": str(deal.trump_card),
            "slip": list(self._pending_slip),
            "rulings": [event_to_dict(r) for r in self.deal_rulings],
            "elections": [event_to_dict(e) for e in self.deal_elections],
        }

    def _restore_deal_pending(self, data: dict[str, Any]) -> None:
        """The election awaited in the deal, as :meth:`_deal_pending_data` saved it: the
        same slip in the same deal put to the same side again (laws 38, 40, 41)."""
        deal = Deal.from_pbn(str(data["deal"]), trump_card=str(data["trump_card"]))
        if deal.dealer != self.dealer:
            raise ValueError(f"the deal awaiting an election is {deal.dealer}'s, "
                             f"but the dealer is {self.dealer}")
        act, at = data["slip"]
        slip = (str(act), int(at))
        proc = slipped_deal(deal, self.rules, *slip, packs=self.packs)
        if proc.pending() is None:
            raise ValueError(f"the slip {slip[0]!r} in the deal awaits no election")
        rulings = [event_from_dict(r) for r in data["rulings"]]
        elections = [event_from_dict(e) for e in data["elections"]]
        if not all(isinstance(r, Ruling) for r in rulings) or not all(
                isinstance(e, Elected) for e in elections):
            raise ValueError("the deal's rulings and elections are not rulings and elections")
        self.deal_rulings = [r for r in rulings if isinstance(r, Ruling)]
        self.deal_elections = [e for e in elections if isinstance(e, Elected)]
        self.deal_pending, self._pending_slip = (proc, deal), slip

    def _replay_data(self, arb: Arbiter) -> dict[str, Any]:
        return {
            "deal": arb.deal.to_pbn(),
            "trump_card": str(arb.deal.trump_card),
            "acts": [a.to_dict() for a in arb.actions],
            "honours_called_after": self._called_at,
            **({"pack": self._hand_pack} if self._hand_pack else {}),
            **({"missing": {str(k): str(v) for k, v in self._missing.items()}}
               if self._missing else {}),
        }

    @classmethod
    def restore(
        cls, data: dict[str, Any], players: Mapping[Seat, Player | None]
    ) -> LawsSession:
        """The table a :meth:`snapshot` saved, with ``players`` in its seats (None for a
        human), ready to go on: every hand replayed act by act before a fresh arbiter
        (the finished ones scored again on a new sheet), the next deals those the saved
        table would have made.  The computer players are shown the hand in play's
        opening; their own random choices from here on may differ from an unbroken
        session's.  Raises :class:`SessionError` naming what is wrong with ``data``."""
        rules, seating, rng = read_table(data, players, LAWS_SNAPSHOT_FORMAT,
                                         LAWS_SNAPSHOT_VERSION)
        try:
            hands = [
                (Deal.from_pbn(str(h["deal"]), trump_card=str(h["trump_card"])),
                 [Action.from_dict(a) for a in h["acts"]],
                 None if h["honours_called_after"] is None else int(h["honours_called_after"]),
                 str(h.get("pack", "")),
                 {Seat.parse(str(k)): Card.parse(str(v))
                  for k, v in dict(h.get("missing", {})).items()})
                for h in data["hands"]
            ]
            in_play = bool(data["in_play"])
            rubbers = None if data["rubbers"] is None else int(data["rubbers"])
            max_hands = None if data["max_hands"] is None else int(data["max_hands"])
            slips = float(data.get("score_slips", 0.0))  # saved before laws 11-12: none
            own = float(data.get("own_deal_slips", 0.0))
            computers = float(data.get("computer_deal_slips", 0.0))  # saved before: none
            corrections = [(int(n), int(b), str(s)) for n, b, s in data.get("corrections", [])]
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise SessionError(f"the saved session is damaged: {exc}") from None
        session = cls(rules, seating, dict(players), rng, rubbers=rubbers, max_hands=max_hands,
                      score_slips=slips, own_deal_slips=own, computer_deal_slips=computers)
        def correct_due() -> None:  # the scores corrected after as many hands as then
            for finished, board, seat in corrections:
                if finished == len(session.hands):
                    session.correct_score(Seat.parse(seat), board)
        correct_due()
        for i, (deal, acts, called_at, pack, missing) in enumerate(hands):
            try:
                session._replay(deal, acts, called_at, pack, missing)
            except (LawsError, SessionError, ValueError) as exc:
                raise SessionError(
                    f"the saved session cannot be replayed: board {i + 1}: {exc}"
                ) from None
            last = i == len(hands) - 1
            if session.hand_over and not (last and in_play):
                session.finish_hand()
                correct_due()
            elif not (last and in_play):
                raise SessionError(
                    f"the saved session is damaged: board {i + 1} is saved as finished "
                    "but its acts do not finish it"
                )
        session.dealer = Seat.parse(str(data["dealer"]))
        session.rubber = int(data["rubber"])
        session._restore_packs(data)
        pending = data.get("deal_pending")  # saved before it was kept: none
        if pending is not None and not in_play:
            try:
                session._restore_deal_pending(pending)
            except (KeyError, TypeError, ValueError, AttributeError, LawsError) as exc:
                raise SessionError(
                    f"the saved session is damaged: the election awaited in the deal: {exc}"
                ) from None
        return session

    def _replay(self, deal: Deal, acts: list[Action], called_at: int | None,
                pack: str = "", missing: dict[Seat, Card] | None = None) -> None:
        """Play one saved hand again: ``deal`` (dealt from ``pack``, ``missing`` the card
        a hand was short of, law 46) before a fresh arbiter, then each act, the call of
        honours made after ``called_at`` acts, as it was.  The packs are not searched
        again: the snapshot holds them as they were left."""
        self.dealer = deal.dealer
        self._hand_pack = pack
        self._missing = dict(missing or {})
        self.deal_rulings = []
        self._open(deal, replay=True)
        arb = self._require()

        def call_if_due() -> None:
            if called_at is not None and len(arb.actions) == called_at:
                self._called = call_honours_due(arb.state, self._call)
                self._called_at = called_at
                if self._called is None:
                    raise SessionError(f"the call of honours after {called_at} acts is not due")

        call_if_due()
        for act in acts:
            _table_action(arb, act.name)(**act.kwargs())
            call_if_due()
        self._seen = len(arb.events)

    # ----------------------------------------------------------------- actions
    def start_hand(self) -> list[Event]:
        """Deal the next hand (law 33) and put it before a new arbiter; return any event
        made before the first card (a call of honours by the eldest hand)."""
        if self.arbiter is not None:
            raise SessionError(f"board {self.board} is still in play")
        if self.is_over:
            raise SessionError("the session is over")
        if self.deal_pending is not None:
            awaited = self.deal_pending[0].pending()
            raise SessionError(f"the deal awaits an election first: {awaited}")
        deal = self._deal()
        if deal is None:  # a person's side elects in the deal first (elect_in_deal)
            return []
        self._still_pack_made_up()
        self._hand_pack = self.pack_dealt
        return [*self._open(deal), *self._after()]

    def _open(self, deal: Deal, *, replay: bool = False) -> list[Event]:
        """Put ``deal`` before a new arbiter and show each computer its hand; return the
        misdeals' rulings that came before it."""
        arb = Arbiter(deal, self.rules, score=self.sheet.score, dummies=self.dummies,
                      missing=dict(self._missing) or None,
                      packs=None if replay else self.packs)
        self.arbiter = arb
        self._actions = []
        self._last_turn = None
        self._seen = 0
        self._called = None
        self._called_at = None
        for seat in Seat:
            player = self.controller(seat)
            if player is not None:
                notify_begin(player, arb.state.view(seat))
        self._call = honours_call(self.rules, self.sheet.score, arb.state)
        return list(self.deal_rulings)

    def call_fresh_cards(self, seat: Seat, pack: str | None = None) -> list[Ruling]:
        """``seat`` calls for fresh cards between hands, before the next cut, paying for
        them (law 83: "two new packs"; the dealer chooses one, ``pack`` "pack-1" or
        "pack-2": a computer dealer takes the first).  The rulings come before the next
        deal (:attr:`deal_rulings`); refused (:class:`SessionError`) during a hand."""
        if self.arbiter is not None or self.is_over:
            raise SessionError("fresh cards are called for between hands, before the cut")
        proc = DealProcedure(self.dealer, self.rules)
        proc.call_fresh_cards(seat)
        decision = proc.pending()
        assert decision is not None
        if pack is None and self.controller(self.dealer) is None:
            raise SessionError(f"the dealer ({self.dealer}) chooses: pack-1 or pack-2")
        choice = decision.options[0] if pack is None else pack
        if choice not in decision.options:
            raise SessionError(f"{choice!r}: the dealer chooses pack-1 or pack-2 (law 83)")
        proc.elect(decision.side, choice, self.dealer)
        self._fresh.extend(proc.rulings)
        return list(proc.rulings)

    def _deal(self) -> Deal | None:
        """The next deal (law 33); a sloppy dealer's misdeals first, each ruled and the
        deal passed on as the laws say (laws 43-44; double dummy: the same dealer).  A
        slip that gives the dealer's adversaries an election (laws 38, 40, 41) is
        elected by the computer's rule (a new deal), or, where a person sits on that
        side, awaits his election (:attr:`deal_pending`): None is returned."""
        if self._dealt is not None:  # the deal stood at the adversaries' election
            deal, self._dealt = self._dealt, None
            return deal
        self._missing = {}
        if not self._dealing:
            self.deal_rulings, self._fresh = self._fresh, []
            self.deal_elections = []
        self._dealing = False
        for _ in range(64):
            deal = self._deal_from_packs()
            slip = self._deal_slip(deal)
            if slip is None:
                return deal
            proc = slipped_deal(deal, self.rules, *slip, packs=self.packs)
            decision = proc.pending()
            if decision is not None:
                if any(self._person(s) for s in Seat if s.side == decision.side):
                    self.deal_pending, self._pending_slip = (proc, deal), slip
                    return None
                # the computer's rule for the deal's elections: a new deal
                proc.elect(decision.side, decision.options[0], decision.seat)
            stood = self._settle_deal(proc, deal)
            if stood is not None:
                return stood
        return self._deal_from_packs()  # sixty-four misdeals: one dealt as it comes

    def _deal_slip(self, deal: Deal) -> tuple[str, int] | None:
        """The dealer's slip in dealing ``deal``, or None: a sloppy computer's
        (:meth:`~cavendish.players.sloppy.SloppyPlayer.deal_slip`, and at the same chance,
        where a person is among his adversaries, a slip that gives them an election); a
        person's own at :attr:`own_deal_slips` (the program deals for him); another
        computer's at :attr:`computer_deal_slips`.  The draws
        beyond the player's own come from the board and the deal: a replay makes them
        again."""
        player = self.controller(self.dealer)
        draw = random.Random(f"deal-slip|{self.board}|{len(self.deal_rulings)}|{deal.to_pbn()}")
        if isinstance(player, SloppyPlayer):
            slip = player.deal_slip()
            person_against = any(self._person(s) for s in Seat if s.side != self.dealer.side)
            if slip is None and person_against and draw.random() < player.deal_rate:
                slip = (draw.choice(ELECTED_DEAL_ACTS), draw.randint(1, 49))
            return slip
        chance = self.own_deal_slips if self._person(self.dealer) else self.computer_deal_slips
        if chance and draw.random() < chance:
            return draw.choice(DEAL_ACTS + ELECTED_DEAL_ACTS), draw.randint(1, 49)
        return self._stray_slip(deal, chance)

    def _stray_slip(self, deal: Deal, chance: float) -> tuple[str, int] | None:
        """Where two packs are used, a card astray between them (one of
        :data:`~cavendish.laws.deal_laws.STRAY_DEAL_ACTS`: law 46's card fallen among
        the other pack's cards, law 42's card of the other pack taken into a hand), each
        as often as each of the other slips, drawn apart from them (from the board and
        the deal) so that a table where none is drawn deals as it always did; at the
        table's chances only (:attr:`own_deal_slips`, :attr:`computer_deal_slips`), a
        sloppy computer's own slips being his misdeals.  A card does not fall among a
        pack already made up."""
        if self.packs is None or not chance:
            return None
        draw = random.Random(f"stray-slip|{self.board}|{len(self.deal_rulings)}|{deal.to_pbn()}")
        share = len(STRAY_DEAL_ACTS) / len(DEAL_ACTS + ELECTED_DEAL_ACTS)
        if draw.random() >= chance * share:
            return None
        acts = [a for a in STRAY_DEAL_ACTS
                if a != "drop" or self.packs.packs[self.dealer.side.other].order is None]
        return draw.choice(acts), draw.randint(1, 49)

    def _person(self, seat: Seat) -> bool:
        """Whether a person plays ``seat``'s cards (:attr:`persons` where given: a web
        server's session holds no computer player)."""
        if self.persons is not None:
            return self.holder(seat) in self.persons
        return self.controller(seat) is None

    def _settle_deal(self, proc: DealProcedure, deal: Deal) -> Deal | None:
        """After the elections of a slipped deal: its rulings and elections told, and
        ``deal`` if it stands (dealt on to the trump card), else None, the deal passed on
        as the laws say."""
        outcome = proc.outcome if proc.outcome is not None else proc.deal_all()
        self.deal_rulings.extend(proc.rulings)
        self.deal_elections.extend(proc.elections)
        if outcome.verdict == "dealt":
            self._missing.update(outcome.missing)  # law 46: among the other pack's cards
            return deal
        self.dealer = outcome.next_dealer
        return None

    def elect_in_deal(self, option: str, by: Seat | None = None) -> None:
        """A person's side takes ``option`` of the election a slip in dealing gave it
        (laws 38, 40, 41: a new deal, or let the deal stand); then :meth:`start_hand`
        deals on.  Refused (:class:`SessionError`, a laws error for a bad option) when
        no election is awaited."""
        if self.deal_pending is None:
            raise SessionError("no election is awaited in the deal")
        proc, deal = self.deal_pending
        decision = proc.pending()
        assert decision is not None
        proc.elect(decision.side, option, decision.seat if by is None else by)
        self.deal_pending = self._pending_slip = None
        self._dealt = self._settle_deal(proc, deal)
        self._dealing = True  # the rulings so far stay with the next deal

    def play(self, card: Card | int | str, seat: Seat | None = None) -> list[Event]:
        """A human plays ``card`` from ``seat`` (default: whichever of the humans'
        hands holds it): in turn, out of turn, or a revoke, as the laws see it."""
        arb = self._require()
        c = Card.parse(card) if isinstance(card, str) else CARDS[card]
        who = seat if seat is not None else self.holder_of(c)
        arb.play(who, c)
        return self._after()

    def act(self, name: str, *args: Any, **kwargs: Any) -> list[Event]:
        """Any table action of the arbiter by its name and arguments (``expose``,
        ``claim_revoke``, ``throw_down`` ...: see :class:`~cavendish.laws.arbiter.Arbiter`);
        a :class:`~cavendish.laws.errors.LawsError` if the laws refuse it (nothing changes).
        """
        _table_action(self._require(), name)(*args, **kwargs)
        return self._after()

    def elect(self, option: str, by: Seat | None = None) -> list[Event]:
        """Take ``option`` of the decision awaited, for its side, by ``by`` (default: the
        seat that must answer, or a human of the side)."""
        arb = self._require()
        decision = arb.pending()
        if decision is None:
            raise SessionError("no decision is awaited")
        if by is None:
            by = decision.seat
            if not decision.answer:
                by = next(
                    (s for s in sorted(self.seating.names)
                     if s.side == decision.side and self.players[s] is None),
                    decision.seat,
                )
        arb.elect(decision.side, option, by)
        return self._after()

    def step(self) -> list[Event]:
        """One computer action: an election of a computer's side, or the next action of
        the computer on turn (his card, or his slip and what follows it)."""
        arb = self._require()
        if self.hand_over:
            raise SessionError(f"board {self.board} is over: finish it first")
        decision = arb.pending()
        if decision is not None:
            if self.is_human_decision(decision):
                raise SessionError(f"{decision.side} are to elect: give it with elect()")
            arb.elect(decision.side, computer_option(arb, decision), decision.seat)
            return self._after()
        if not self._actions:
            st = arb.state
            seat = st.turn
            if self.controller(seat) is None:
                raise SessionError(f"{seat} is held by a human: give the card with play()")
            key = (st.trick_number, len(st.current_seats), seat)
            self._actions = list(
                turn_actions(arb, seat, self.controller, allow_slip=key != self._last_turn)
            )
            self._last_turn = key
        action = self._actions.pop(0)
        try:
            getattr(arb, action.name)(**action.kwargs())
        except LawsError:
            self._actions.clear()  # the laws refuse it (a second card after the trick ...)
            return self._after()
        notice_revoke(arb, self.controller)
        return self._after()

    def run(self) -> list[Event]:
        """The computers' elections and cards until a human is to act or the hand is over."""
        events: list[Event] = []
        while not self.hand_over and not self.human_to_play and not self.human_to_decide:
            events.extend(self.step())
        return events

    def finish_hand(self) -> LawsHand:
        """Score the hand that is over (a void hand is not scored) and move the deal."""
        arb = self._require()
        if not self.hand_over:
            raise SessionError(
                f"board {self.board} is not over: trick {arb.state.trick_number + 1} is in play"
            )
        if arb.void is not None:
            hand = LawsHand(self.board, self.rubber, self.names, arb.state, void=arb.void,
                            pack=self._hand_pack)
            self.dealer = arb.next_dealer
        else:
            result = arb.result()
            assert result is not None
            if self._called is not None:
                result = HandResult(
                    result.tricks, result.honours, result.revokes, self._called.side
                )
            written = self._written(result, arb.deal)
            score, dealer, rubber = end_hand(
                self.rules, self.sheet, self.seating, self.dealer, self.rubber, written
            )
            if written != result:
                self.misscored[len(self.sheet.results) - 1] = result
            hand = LawsHand(self.board, self.rubber, self.names, arb.state, result, score,
                            pack=self._hand_pack)
            self.dealer, self.rubber = dealer, rubber
        self.hands.append(hand)
        self._replays.append(self._replay_data(arb))
        self.arbiter = None
        self._call = None
        self._actions = []
        return hand

    # ------------------------------------------------- the score (laws 11-12)
    def _written(self, result: HandResult, deal: Deal) -> HandResult:
        """``result`` as the scorer writes it: at the chance :attr:`score_slips` (drawn
        from the board and its deal) a trick of the side that won the odd tricks left
        out, where the side keeps the odd trick and no game changes its winner."""
        if not self.score_slips:
            return result
        if random.Random(f"score|{self.board}|{deal.to_pbn()}").random() >= self.score_slips:
            return result
        won = 0 if result.tricks[0] > result.tricks[1] else 1
        tricks = list(result.tricks)
        tricks[won] -= 1
        tricks[1 - won] += 1
        if tricks[won] <= tricks[1 - won]:
            return result  # a seven-six hand: the slip would give the odd trick away
        slipped = replace(result, tricks=(tricks[0], tricks[1]))
        before = list(self.sheet.results)
        true = ScoreSheet.replay(self.rules, [*before, result])
        wrong = ScoreSheet.replay(self.rules, [*before, slipped])
        if [g.winner for g in true.games] != [g.winner for g in wrong.games]:
            return result
        return slipped

    def correct_score(self, seat: Seat, board: int | None = None) -> Ruling:
        """``seat`` proves an erroneous score of ``board`` (default: the last hand
        scored) by its tricks and honours: the sheet is corrected (law 11: "prior to the
        conclusion of the game in which it occurred, and such game is not concluded
        until the trump card of the following deal has been turned up"; law 12: an
        error "affecting the amount of the rubber [...] at any time during the
        rubber").  Refused (:class:`SessionError`) for a score that is right, and
        (:class:`~cavendish.scoring.sheet.ScoreCorrectionError`) outside the laws'
        windows."""
        scored = [h for h in self.hands if h.result is not None]
        if not scored:
            raise SessionError("no hand is on the score sheet yet")
        index = len(scored) - 1 if board is None else next(
            (i for i, h in enumerate(scored) if h.board == board), -1)
        if index < 0:
            raise SessionError(f"board {board} is not on the score sheet (void, or not played)")
        true = self.misscored.get(index)
        if true is None:
            raise SessionError(
                f"board {scored[index].board}: the sheet agrees with its tricks and honours: "
                "no erroneous score is proved (laws 11-12)")
        ends = [g.hands[-1] for g in self.sheet.games]
        if ends and ends[-1] == len(self.sheet.results) - 1:
            ends.pop()  # the game just won is concluded at the next deal's trump card
        law = 11 if not ends or index > ends[-1] else 12
        wrong = self.sheet.hands[index]
        new = self.sheet.correct(index, true)  # the laws' windows: ScoreCorrectionError
        del self.misscored[index]
        self._corrections.append((len(self.hands), scored[index].board, str(seat)))
        at = self.hands.index(scored[index])
        self.hands[at] = replace(scored[index], score=new)
        ruling = Ruling(law, seat, f"{seat} proves an erroneous score of board "
                        f"{scored[index].board}: written {wrong.points[0]}-{wrong.points[1]}, "
                        f"corrected to {new.points[0]}-{new.points[1]} (N-S - E-W)", (), 0)
        self.score_rulings.append(ruling)
        return ruling

    # ----------------------------------------------------------------- helpers
    def holder_of(self, card: Card) -> Seat:
        """Which of the humans' hands holds ``card``; a :class:`SessionError` if none."""
        arb = self._require()
        for seat in self.human_seats():
            if arb.state.hand(seat) >> card & 1:
                return seat
        raise SessionError(f"{card} is not in your hand")

    def _require(self) -> Arbiter:
        if self.arbiter is None:
            raise SessionError("no hand is in play: call start_hand()")
        return self.arbiter

    def _after(self) -> list[Event]:
        """After every action: end a computer's turn cut short by the end of the hand,
        call honours if it is due, and return the events since the last action."""
        arb = self._require()
        self._search_other_pack(arb)
        if arb.finished or arb.void is not None:
            self._actions.clear()
        elif not self._actions and arb.pending() is None and self._called is None:
            self._called = call_honours_due(arb.state, self._call)
            if self._called is not None:
                self._called_at = len(arb.actions)
        events = list(arb.events[self._seen :])
        self._seen = len(arb.events)
        return events


    def _search_other_pack(self, arb: Arbiter) -> None:
        """Law 46: a player short of a card of the deal (fallen among the other pack's
        cards) discovers it once he has played a card, and searches the other pack
        (Cavendish's reading: at once, computer or person alike; the law says he "may"):
        the card is taken from the still pack's real order and restored to his hand."""
        if arb.finished or arb.void is not None or self._actions or arb.pending() is not None:
            return
        for seat, card in self._missing.items():
            if arb.state.mislaid(seat) >> card & 1 and arb._has_played(seat):
                arb.find_missing(seat)


def _table_action(arb: Arbiter, name: str) -> Any:
    """The arbiter's table action called ``name``; a :class:`SessionError` if there is none
    (a private name, or a method that is not a table action)."""
    action = getattr(arb, name, None)
    if name.startswith("_") or not callable(action) or not hasattr(action, "__wrapped__"):
        raise SessionError(f"{name!r} is not a table action of the arbiter")
    return action

"""The game driver: a rubber (or a game, or N hands) of whist at one table.

Design note
-----------
A :class:`Session` holds a table (who sits where, see :mod:`.seating`), one
``random.Random`` seeded once (the cut, then every deal: where two packs are used, as
clubs play, each cut and dealt from the dealer's side's pack and the still pack made
up while it is in play, :mod:`cavendish.laws.packs`; else with
:func:`~cavendish.core.table.deal_for`), the :class:`~cavendish.scoring.ScoreSheet`
and the hands played.  Each seat is held by a :class:`~cavendish.players.Player`
or, for the terminal, by a human (``None``), who is asked for a card by the
caller of the step-by-step driver:

>>> import random
>>> from cavendish.core import Seat, get_rules
>>> from cavendish.players import RandomPlayer
>>> session = Session.seated(get_rules("short"),
...     {seat: RandomPlayer(i, f"P{i}") for i, seat in enumerate(Seat)}, seed=1)
>>> _ = session.start_hand()
>>> _ = session.run()           # every seat is a computer: the hand is played out
>>> played = session.finish_hand()
>>> played.board, sum(played.result.tricks)
(1, 13)

and :func:`play_rubber` runs a whole rubber between four players.

The laws the driver applies:

* the deal passes to the left (law 33); at dummy whist and double dummy the first
  deal of each rubber is made in a dummy's seat (dummy law i; at double dummy the
  two dummies take it in turn, rubber by rubber);
* a dummy's hand lies face up for the whole hand (``HandState(..., dummies=...)``)
  and is played by dummy's partner, who is asked with dummy's view;
* long whist, at the point of eight: a side standing at eight (``call_honours_at``)
  that holds three or four honours calls them; the call is recorded
  (:class:`~cavendish.core.events.HonoursCalled`) at the first turn, in trick one,
  of a player of that side who holds two honours or more ("Can you one?"), before
  he plays.  The call wins the game, but the hand is still played out so that the
  record is a complete hand: the scorer counts the called honours before tricks,
  so the play that follows changes nothing (:meth:`Session.play_out` finishes it).
  With ``calls="players"`` the call is a person's own act (:mod:`.calling`): he is
  offered it at his turn (:attr:`Session.call_offered`) and makes it with
  :meth:`Session.call_honours`; a wrong call or a reminder (:meth:`Session.remind`)
  lets the adversaries claim a fresh deal (:meth:`Session.elect_fresh_deal`); the
  computer players still call when they should;
* a variant without rubbers (Clay's dummy) stops at the end of a game.

Players get views only: ``choose(view)``, and the optional ``observe(event)`` and
``begin_hand(view)`` hooks (:mod:`cavendish.players.base`).
"""

from __future__ import annotations

import json
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Self

from ..core.cards import CARDS, Card, Seat, Side, as_card
from ..core.deal import Deal, honours_mask
from ..core.errors import IllegalAction
from ..core.events import (
    CardPlayed,
    Claimed,
    Event,
    HonoursCalled,
    HonoursClaimed,
    Ruffed,
    TakenBack,
    WrongCall,
    settled_claim,
)
from ..core.rules import Rules, get_rules
from ..core.state import HandState, SeatView
from ..core.table import CutResult, deal_for
from ..laws.packs import TablePacks, side_name
from ..players.base import Player, PlayerError, notify_begin, notify_score, observer_hook
from ..players.random import RandomPlayer
from ..players.ruff import choose_put_out
from ..scoring.clay import ClayLedger, ClayTable
from ..scoring.result import HandResult, HandScore, honours_value
from ..scoring.sheet import ScoreSheet
from .calling import (
    CALL_MODES,
    WRONG_FALSE_ANSWER,
    CallOutcome,
    judge_call,
    judge_reminder,
    throws_down,
)
from .claims import claim_holds, sure_claim, thrown_up_refusal
from .review import HandReview, review_hand
from .seating import Seating, pass_dummy, seat_by_cut, seat_fixed

if TYPE_CHECKING:
    from ..io.record import HandRecord

__all__ = [
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_VERSION",
    "HandReview",
    "PlayedHand",
    "Session",
    "SessionError",
    "SessionResult",
    "TableBase",
    "call_honours_due",
    "check_table",
    "end_hand",
    "honours_call",
    "play_rubber",
    "read_table",
    "rubber_dealer",
    "units_finished",
]


SNAPSHOT_FORMAT = "cavendish-session"
"""The ``format`` of a :meth:`Session.snapshot`."""
SNAPSHOT_VERSION = 1


class SessionError(IllegalAction):
    """The driver was asked for something out of order (no hand in play, a human's turn...)."""


def honours_call(rules: Rules, score: tuple[int, int], state: HandState) -> tuple[Seat, int] | None:
    """Long whist at the point of eight: who calls honours in this hand, and how many.

    A side standing at ``rules.call_honours_at`` that holds three or four honours
    calls them; the caller is the first player of that side, in the order of play
    to the first trick, who holds two honours or more (he asks "Can you one?", or
    shows three or four).  None if nobody calls.

    >>> from cavendish.core import Deal, get_rules
    >>> deal = Deal.from_pbn("S:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> honours_call(get_rules("long"), (8, 3), HandState(deal))  # N holds one, S two
    (<Seat.S: 2>, 3)
    >>> honours_call(get_rules("long"), (7, 3), HandState(deal)) is None
    True
    """
    at = rules.call_honours_at
    if at is None or not rules.honours:
        return None
    deal = state.deal
    honours = honours_mask(deal.trump)
    for side in Side:
        if score[side] != at:
            continue
        if rules.honours_barred_at is not None and score[side] >= rules.honours_barred_at:
            continue
        held = state.honours(side)
        if held < 3:
            continue
        for i in range(4):
            seat = deal.eldest.offset(i)
            if seat.side == side and (state.opening_hand(seat) & honours).bit_count() >= 2:
                return seat, held
    return None


def call_honours_due(state: HandState, call: tuple[Seat, int] | None) -> HonoursCalled | None:
    """Make the call of honours ``call`` (from :func:`honours_call`) if it is due now:
    in trick one, at the caller's turn, before he plays; None if it is not due.

    >>> from cavendish.core import Deal, get_rules
    >>> deal = Deal.from_pbn("S:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> state = HandState(deal, get_rules("long"))
    >>> call_honours_due(state, (Seat.S, 3)) is None     # W leads: not S's turn yet
    True
    >>> for card in ("D5", "D7", "DQ"):
    ...     _ = state.play(Card.parse(card))
    >>> call = call_honours_due(state, (Seat.S, 3))
    >>> call.seat, call.honours
    (<Seat.S: 2>, 3)
    """
    if call is None:
        return None
    seat, held = call
    if state.trick_number != 0 or state.is_over or state.turn != seat:
        return None
    event = state.call_honours(seat, held)
    assert isinstance(event, HonoursCalled)
    return event


def units_finished(rules: Rules, sheet: ScoreSheet) -> int:
    """Rubbers finished on ``sheet`` (games, for variants without rubbers)."""
    return len(sheet.rubbers) if rules.rubber else len(sheet.games)


def rubber_dealer(seating: Seating, dealer: Seat, rubber: int) -> Seat:
    """Who deals first in rubber ``rubber`` (1-based), the last deal having been
    ``dealer``'s: the deal passes to the left (law 33), except that at dummy whist and
    double dummy a dummy deals first, the dummies taking it in turn (dummy law i).

    >>> import random
    >>> from cavendish.core import get_rules
    >>> seating = seat_fixed(get_rules("short"), {s: str(s) for s in Seat}, random.Random(1))
    >>> rubber_dealer(seating, Seat.N, 2)
    <Seat.E: 1>
    """
    dummies = seating.dummies
    if not dummies:
        return dealer.left
    order = [seating.first_dealer] + [d for d in dummies if d != seating.first_dealer]
    return order[(rubber - 1) % len(order)]


def end_hand(
    rules: Rules, sheet: ScoreSheet, seating: Seating, dealer: Seat, rubber: int,
    result: HandResult,
) -> tuple[HandScore, Seat, int]:
    """Score ``result`` on ``sheet`` and move the deal: the score, the next dealer and
    the number of the rubber he deals in (law 33; dummy law i at the end of a rubber).

    >>> import random
    >>> from cavendish.core import get_rules
    >>> rules = get_rules("short")
    >>> seating = seat_fixed(rules, {s: str(s) for s in Seat}, random.Random(1))
    >>> score, dealer, rubber = end_hand(rules, ScoreSheet(rules), seating, Seat.N, 1,
    ...                                 HandResult((7, 6)))
    >>> score.points, dealer, rubber
    ((1, 0), <Seat.E: 1>, 1)
    """
    units = units_finished(rules, sheet)
    score = sheet.record(result)
    if units_finished(rules, sheet) > units:
        return score, rubber_dealer(seating, dealer, rubber + 1), rubber + 1
    return score, dealer.left, rubber


def check_table(
    seating: Seating, players: Mapping[Seat, object], rubbers: int | None, max_hands: int | None
) -> None:
    """Refuse a session without an end, or whose players are not the people seated."""
    if rubbers is None and max_hands is None:
        raise SessionError("a session needs an end: a number of rubbers or of hands")
    if set(players) != set(seating.names):
        raise SessionError(
            f"players are given for seats {''.join(str(s) for s in sorted(players))} "
            f"but people sit at {''.join(str(s) for s in sorted(seating.names))}"
        )


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """One hand of the session: its board number, the table, the play and the score."""

    board: int
    rubber: int
    """1-based number of the rubber (of the game, for variants without rubbers)."""
    players: tuple[str, str, str, str]
    """Names by seat N, E, S, W (``Dummy`` for a dummy's seat)."""
    state: HandState
    """The hand as played (finished, or in progress for :meth:`Session.current_hand`)."""
    result: HandResult | None = None
    score: HandScore | None = None
    pack: str = ""
    """The side whose pack was dealt (``N-S`` or ``E-W``) where two packs are used, as
    clubs play (000; :mod:`cavendish.laws.packs`); empty where it is not told."""

    @property
    def dealer(self) -> Seat:
        """Who dealt."""
        return self.state.deal.dealer

    def record(
        self, *, variant: str, event: str = "", site: str = "", date: str = ""
    ) -> HandRecord:
        """The hand as a :class:`~cavendish.io.record.HandRecord` (for PBN)."""
        from ..io.record import HandRecord

        return HandRecord.from_state(
            self.state,
            variant=variant,
            board=self.board,
            players=self.players,
            event=event,
            site=site,
            date=date,
            pack=self.pack,
        )


@dataclass
class SessionResult:
    """What a session produced: the score sheet and the hands, in order."""

    rules: Rules
    sheet: ScoreSheet
    hands: list[PlayedHand] = field(default_factory=list)
    seating: Seating | None = None
    void: list[PlayedHand] = field(default_factory=list)
    """Hands made void by a fresh deal (long whist, 001), kept for the record only."""

    def ledger(self) -> ClayLedger:
        """Clay's dummy: each person's winnings, player against player (see
        :meth:`ScoreSheet.ledger <cavendish.scoring.sheet.ScoreSheet.ledger>`)."""
        tables: list[ClayTable] = []
        for h in self.hands:
            if len(h.state.dummies) != 1:
                raise SessionError(
                    f"board {h.board}: the player-against-player ledger is Clay's dummy's, "
                    "a table of three with one dummy"
                )
            tables.append(ClayTable.at(h.players, h.state.dummies[0]))
        return self.sheet.ledger(tables)

    def records(self, *, event: str = "", site: str = "", date: str = "") -> list[HandRecord]:
        """Every hand as a record, for :func:`cavendish.io.pbn.write_pbn` (and the JSON
        log): a hand made void by a fresh deal comes before the deal that replaced it."""
        return [
            h.record(variant=self.rules.name, event=event, site=site, date=date)
            for h in with_void(self.hands, self.void)
        ]


HONOURS_MODES = ("auto", "claim")
"""``auto``: the scorer claims honours for the side that held them; ``claim``: the
players claim them (laws 6-7)."""


def _claimed_sides(state: HandState) -> set[Side]:
    """The sides that claimed their honours in ``state``'s log, or called them at eight."""
    return {e.side for e in state.events if isinstance(e, HonoursClaimed | HonoursCalled)}


def with_void(hands: Sequence[PlayedHand], void: Sequence[PlayedHand]) -> list[PlayedHand]:
    """``hands`` with the ``void`` hands among them, each before the hand of its board
    (the fresh deal that replaced it)."""
    return sorted([*void, *hands], key=lambda h: (h.board, h.result is not None))


class TableBase:
    """What every table answers alike (:class:`Session`, and under the laws
    :class:`~cavendish.game.laws_session.LawsSession`): who sits where and plays
    which cards, the cut, the hands played and the rubbers finished."""

    def __init__(
        self,
        rules: Rules,
        seating: Seating,
        players: dict[Seat, Player | None],
        rng: random.Random,
        *,
        rubbers: int | None = 1,
        max_hands: int | None = None,
    ) -> None:
        check_table(seating, players, rubbers, max_hands)
        self.rules = rules
        self.seating = seating
        self.players = players
        self.rng = rng
        self.rubbers = rubbers
        self.max_hands = max_hands
        self.sheet = ScoreSheet(rules)
        self.hands: list[PlayedHand] = []
        self.dealer = seating.first_dealer
        self.rubber = 1
        self._call: tuple[Seat, int] | None = None
        self._called: HonoursCalled | None = None
        self.packs: TablePacks | None = (
            TablePacks() if rules.packs == 2 and rules.tricks == 13 else None)
        """The two packs, as clubs play (000): each deal cut and dealt from the dealer's
        side's pack, the still pack made up while it is in play (laws 30-31,
        :mod:`cavendish.laws.packs`); None at a table of one pack (deals drawn at once,
        :func:`~cavendish.core.table.deal_for`)."""

    @classmethod
    def by_cut(
        cls,
        rules: Rules | str,
        people: Mapping[str, Player | None],
        seed: int,
        *,
        request: tuple[str, Seat] | None = None,
        rubbers: int | None = 1,
        max_hands: int | None = None,
        **options: Any,
    ) -> Self:
        """The people cut for partners and deal, and sit as the cut says (a seat
        asked for in ``request`` is given; see :func:`~.seating.seat_by_cut`).
        ``options`` go to the constructor as they are (a :class:`Session`'s
        ``practice``, ``auto_last`` and ``computer_claims``)."""
        r = get_rules(rules) if isinstance(rules, str) else rules
        rng = random.Random(seed)
        seating = seat_by_cut(r, list(people), rng, request=request)
        players = {seat: people[name] for seat, name in seating.names.items()}
        return cls(r, seating, players, rng, rubbers=rubbers, max_hands=max_hands, **options)

    @property
    def _in_play(self) -> bool:
        """Whether a hand is in play (each table knows its own)."""
        raise NotImplementedError

    @property
    def cut(self) -> CutResult | None:
        """The cut that formed the table."""
        return self.seating.cut

    @property
    def dummies(self) -> tuple[Seat, ...]:
        """The dummy seats."""
        return self.seating.dummies

    @property
    def names(self) -> tuple[str, str, str, str]:
        """Names by seat N, E, S, W (``Dummy`` for a dummy)."""
        n = [self.seating.name_of(s) for s in Seat]
        return (n[0], n[1], n[2], n[3])

    @property
    def units_finished(self) -> int:
        """Rubbers finished (games, for variants without rubbers)."""
        return units_finished(self.rules, self.sheet)

    @property
    def is_over(self) -> bool:
        """True when the session has played what it was asked to (and no hand is in play)."""
        if self._in_play:
            return False
        if self.rubbers is not None and self.units_finished >= self.rubbers:
            return True
        return self.max_hands is not None and len(self.hands) >= self.max_hands

    @property
    def board(self) -> int:
        """The number of the hand in play (or the next one)."""
        return len(self.hands) + 1

    def holder(self, seat: Seat) -> Seat:
        """The seat of the person who plays ``seat``'s cards."""
        return self.seating.holder(seat)

    def controller(self, seat: Seat) -> Player | None:
        """The player who chooses ``seat``'s cards (None for a human)."""
        return self.players[self.holder(seat)]

    @property
    def called(self) -> HonoursCalled | None:
        """The call of honours made in the hand in play (long whist), if any."""
        return self._called

    def _deal_from_packs(self) -> Deal:
        """The dealer's next deal: from his side's pack where two are used (cut and
        dealt, :meth:`TablePacks.deal <cavendish.laws.packs.TablePacks.deal>`), else
        shuffled, cut and dealt at once (:func:`~cavendish.core.table.deal_for`)."""
        if self.packs is None:
            return deal_for(self.rules, self.rng, self.dealer)
        return self.packs.deal(self.rng, self.dealer)

    def _still_pack_made_up(self) -> None:
        """The deal stands and its pack is in play: the dealer's partner makes up the
        still pack for the next deal (laws 30-31)."""
        if self.packs is not None:
            self.packs.make_up_still(self.rng, self.dealer)

    def _deal_given(self) -> None:
        """A deal given (a board replayed from a file) is dealt from no pack of the
        table's: the record tells no pack for it."""
        if self.packs is not None:
            self.packs.dealt = None

    @property
    def pack_dealt(self) -> str:
        """The side whose pack the hand in play (or the last) was dealt from, ``N-S`` or
        ``E-W``; empty at a table of one pack or for a deal given."""
        if self.packs is None or self.packs.dealt is None:
            return ""
        return side_name(self.packs.dealt)

    def result(self) -> SessionResult:
        """The sheet and the hands finished so far."""
        return SessionResult(self.rules, self.sheet, list(self.hands), self.seating)

    def _table_snapshot(self, fmt: str, version: int) -> dict[str, Any]:
        """What every table's snapshot saves alike (read back by :func:`read_table`):
        the format, the rules, the seats and who is human, the dealer, the rubber,
        the session's limits and the state of the deals' generator."""
        v, internal, gauss = self.rng.getstate()
        return {
            "format": fmt,
            "version": version,
            "variant": self.rules.name,
            "seats": {str(seat): name for seat, name in self.seating.names.items()},
            "humans": [str(seat) for seat, p in self.players.items() if p is None],
            "dummies": [str(d) for d in self.dummies],
            "first_dealer": str(self.seating.first_dealer),
            "dealer": str(self.dealer),
            "rubber": self.rubber,
            "rubbers": self.rubbers,
            "max_hands": self.max_hands,
            "rng": [v, list(internal), gauss],
            **({} if self.packs is None else {"packs": self.packs.to_dict()}),
        }

    def _restore_packs(self, data: dict[str, Any]) -> None:
        """The packs a snapshot saved (:meth:`_table_snapshot`); a save made before the
        packs were kept has none made up: the next deal shuffles its pack anew."""
        if self.packs is not None and data.get("packs") is not None:
            try:
                self.packs = TablePacks.from_dict(data["packs"])
            except ValueError as exc:
                raise SessionError(f"the saved session is damaged: {exc}") from None


def read_table(
    data: dict[str, Any], players: Mapping[Seat, Player | None], fmt: str, version: int
) -> tuple[Rules, Seating, random.Random]:
    """The rules, seating and deals' generator of a snapshot of the format ``fmt``
    (:meth:`TableBase._table_snapshot`), its humans checked against ``players``'
    None seats; a :class:`SessionError` naming what is wrong.

    >>> read_table({"format": "x"}, {}, SNAPSHOT_FORMAT, SNAPSHOT_VERSION)
    Traceback (most recent call last):
    ...
    cavendish.game.session.SessionError: not a saved session (expected format 'cavendish-session')
    """
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SessionError(f"not a saved session (expected format {fmt!r})")
    if data.get("version") != version:
        raise SessionError(
            f"saved session version {data.get('version')!r} is not supported "
            f"(expected {version})"
        )
    try:
        rules = get_rules(str(data["variant"]))
        seating = Seating(
            {Seat.parse(k): str(v) for k, v in data["seats"].items()},
            tuple(Seat.parse(d) for d in data["dummies"]),
            Seat.parse(data["first_dealer"]),
            None,
        )
        humans = {Seat.parse(x) for x in data["humans"]}
        v, internal, gauss = data["rng"]
        rng = random.Random()
        rng.setstate((int(v), tuple(int(x) for x in internal), gauss))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SessionError(f"the saved session is damaged: {exc}") from None
    given = {s for s, p in players.items() if p is None}
    if given != humans:
        raise SessionError(
            f"the saved session has humans at {''.join(sorted(str(s) for s in humans))}, "
            f"not at {''.join(sorted(str(s) for s in given))}"
        )
    return rules, seating, rng


class Session(TableBase):
    """A table playing hands until the rubber is over (or ``max_hands`` are played).

    ``players`` maps each person's seat to a :class:`Player`, or to None for a seat
    whose cards the caller supplies (a human).  Dummy seats are not in it: their
    cards are chosen by the partner's player.  ``rubbers`` is how many rubbers (or
    games, for variants without rubbers) to play; ``max_hands`` caps the hands.
    ``stand_in`` plays a human's cards in :meth:`play_out` (default: a
    :class:`~cavendish.players.random.RandomPlayer` with its own fixed seed, so it
    never draws from ``rng``, which is the cut's and the deals').

    The step-by-step driver, for a caller that supplies a human's cards::

        session.start_hand()
        while session.to_play is not None:
            session.run()                  # the computers' cards
            if session.human_to_play:
                session.play(card)         # IllegalPlay if refused; nothing changes
        session.finish_hand()              # scored; the deal passes to the left
    """

    def __init__(
        self,
        rules: Rules,
        seating: Seating,
        players: Mapping[Seat, Player | None],
        rng: random.Random,
        *,
        rubbers: int | None = 1,
        max_hands: int | None = None,
        stand_in: Player | None = None,
        tell_score: bool = True,
        practice: bool = False,
        auto_last: bool = True,
        computer_claims: bool = False,
        calls: str = "auto",
        wrong_calls: float = 0.0,
        honours: str = "auto",
    ) -> None:
        ordered = {s: players[s] for s in sorted(players)}
        # the table is checked once, by TableBase (the same seats as ``players``)
        super().__init__(rules, seating, ordered, rng, rubbers=rubbers, max_hands=max_hands)
        if calls not in CALL_MODES:
            raise SessionError(f"calls {calls!r}: expected one of {', '.join(CALL_MODES)}")
        # the stand-in has its own fixed seed: it must not draw from the deals' generator
        self.stand_in = stand_in if stand_in is not None else RandomPlayer(0, "Stand-in")
        self.tell_score = tell_score
        """Whether players that define ``set_score`` are told the game's score before
        each hand (C7: play to the score)."""
        self.practice = practice
        """A practice session: a human may take back his last card (:meth:`undo`)."""
        self.auto_last = auto_last
        """A human's last card of the hand plays itself (he has only one)."""
        self.computer_claims = computer_claims
        """The computer players claim the tricks left when they are sure of them all
        (:func:`~.claims.sure_claim`)."""
        self.calls = calls
        """Long whist: ``auto``, the engine calls for every side entitled to; ``players``,
        a person's call at eight is his own act (:mod:`.calling`)."""
        if not 0.0 <= wrong_calls <= 1.0 or (wrong_calls and calls != "players"):
            raise SessionError(
                f"wrong_calls {wrong_calls}: a chance from 0 to 1, with calls=\"players\""
            )
        if honours not in HONOURS_MODES:
            raise SessionError(f"honours {honours!r}: expected one of {', '.join(HONOURS_MODES)}")
        self.honours = honours
        """``auto``: honours are claimed for the side that held them (laws 6-7 applied by
        the scorer); ``claim``: the players claim them at the end of the hand
        (:meth:`claim_honours`), computers at once for a side of computers, and a side
        that has not claimed when the hand is scored, just before the trump card of the
        next deal is turned up, loses them (law 6)."""
        self.wrong_calls = wrong_calls
        """``calls="players"``: the chance that a computer player, at his turn in trick
        one before he plays, calls wrongly ("Can you one?" not at eight, or without two
        honours, 001), where a person is among his adversaries to elect whether to
        claim a fresh deal (Cavendish's choice: the wrong calls of computers are there
        for the person's election).  Drawn from a generator of its own, seeded from the
        deals' generator's state without drawing from it."""
        # the ints of the state only: the hash of a tuple of ints is the same in every
        # run (hash(None), in the state too, is not before Python 3.12)
        self._wrong_rng = random.Random(hash(rng.getstate()[1]))
        self.call_log: list[CallOutcome] = []
        """The calls and reminders of the hand in play (``calls="players"``)."""
        self.void_hands: list[PlayedHand] = []
        """Hands made void by a fresh deal the adversaries claimed (not scored, no
        result): each kept for the record, the wrong call and the election its last
        event (:class:`~cavendish.core.events.WrongCall`), the fresh deal after it
        (:meth:`hands_with_void`)."""
        self.next_deal: Deal | None = None
        """A deal to play at the next :meth:`start_hand` instead of dealing one (a
        board replayed from a file)."""
        self._pending: CallOutcome | None = None
        self.offer_ruff = False
        """Ruff-and-honours: a person holding the ace of trumps is asked whether he ruffs
        (:attr:`ruff_offered`, :meth:`ruff`) before any card is played; False (a caller
        that does not ask, as the web tables): his ruff lapses, declined, at the first
        card."""
        self._question: Seat | None = None
        """A computer that asked "Can you one?" of a person partner, awaiting his answer."""
        self._hooks: tuple[tuple[Player | None, ...], list[Callable[[Event], None]]] = ((), [])
        """The players when their observe hooks were last looked up, and the hooks."""
        self.state: HandState | None = None

    # ------------------------------------------------------------ constructors
    @classmethod
    def seated(
        cls,
        rules: Rules | str,
        players: Mapping[Seat, Player | None],
        seed: int,
        *,
        names: Mapping[Seat, str] | None = None,
        rubbers: int | None = 1,
        max_hands: int | None = None,
        practice: bool = False,
        auto_last: bool = True,
        computer_claims: bool = False,
        calls: str = "auto",
        wrong_calls: float = 0.0,
        honours: str = "auto",
    ) -> Session:
        """A table whose seats the caller chose (empty seats are dummies); the cut
        decides only the first dealer (see :func:`~.seating.seat_fixed`).  The options
        ``practice``, ``auto_last``, ``computer_claims``, ``calls``, ``wrong_calls`` and
        ``honours`` are the constructor's."""
        r = get_rules(rules) if isinstance(rules, str) else rules
        rng = random.Random(seed)
        given = dict(names or {})
        table: dict[Seat, str] = {}
        for seat in sorted(players):
            player = players[seat]
            name = given.get(seat) or (player.name if player is not None else "Human")
            table[seat] = name
        if len(set(table.values())) != len(table):
            table = {s: f"{n} ({s})" for s, n in table.items()}
        seating = seat_fixed(r, table, rng)
        return cls(
            r, seating, players, rng, rubbers=rubbers, max_hands=max_hands,
            practice=practice, auto_last=auto_last, computer_claims=computer_claims,
            calls=calls, wrong_calls=wrong_calls, honours=honours,
        )

    # ----------------------------------------------------------------- queries
    @property
    def _in_play(self) -> bool:
        return self.state is not None

    @property
    def to_play(self) -> Seat | None:
        """The seat whose card is wanted, or None (no hand in play, or it is over)."""
        seat = self._wanted()
        return None if seat is None or self.claim is not None else seat

    def _wanted(self) -> Seat | None:
        """:attr:`to_play` but for an accepted claim, which the callers look for."""
        state = self.state
        if state is None or state.is_over:
            return None
        if self._pending is not None or self._question is not None:
            return None
        return state.turn

    @property
    def human_to_play(self) -> bool:
        """Whether the card wanted now is a human's to give (not when it is his last
        card and it plays itself, :attr:`auto_last`)."""
        seat = self.to_play
        return seat is not None and self.controller(seat) is None and not self._last_due(seat)

    @property
    def claim(self) -> Claimed | None:
        """The accepted claim or concession that ended the hand in play, if any."""
        return None if self.state is None else settled_claim(self.state.events)

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see now."""
        return self._require_state().view(seat)

    def current_hand(self) -> PlayedHand | None:
        """The hand in play, unscored (for saving a record of an unfinished session)."""
        if self.state is None:
            return None
        return PlayedHand(self.board, self.rubber, self.names, self.state,
                          pack=self.pack_dealt)

    # ------------------------------------------------------- saving, resuming
    def snapshot(self, app: dict[str, Any] | None = None) -> dict[str, Any]:
        """Everything needed to go on with this session later, as JSON-ready data:
        the rules, the seats and who is human, the hands finished (their logs; the
        score sheet follows from them), the hand in play to its last event, the
        dealer, the rubber and the state of the deals' generator, so that a resumed
        session deals what this one would have dealt.  ``app`` is the caller's own
        data (how to make its computer players again), kept as given.

        >>> from cavendish.players import RandomPlayer
        >>> s = Session.seated("short", {seat: RandomPlayer(i) for i, seat in enumerate(Seat)},
        ...                    seed=4, max_hands=2)
        >>> _ = s.start_hand(); _ = s.step(); _ = s.step()
        >>> data = s.snapshot({"kind": "random"})
        >>> t = Session.restore(data, {seat: RandomPlayer(i) for i, seat in enumerate(Seat)})
        >>> t.state == s.state, t.rng.getstate() == s.rng.getstate(), data["app"]
        (True, True, {'kind': 'random'})
        """
        from ..io.jsonlog import records_to_json

        hands = list(self.hands)
        current = self.current_hand()
        if current is not None:
            hands.append(current)
        return {
            **self._table_snapshot(SNAPSHOT_FORMAT, SNAPSHOT_VERSION),
            "tell_score": self.tell_score,
            "practice": self.practice,
            "auto_last": self.auto_last,
            "computer_claims": self.computer_claims,
            "calls": self.calls,
            "wrong_calls": self.wrong_calls,
            "honours": self.honours,
            "hand_rubbers": [h.rubber for h in self.hands],
            "in_play": current is not None,
            "log": json.loads(records_to_json(h.record(variant=self.rules.name) for h in hands)),
            "void_log": json.loads(
                records_to_json(h.record(variant=self.rules.name) for h in self.void_hands)
            ),
            "void_rubbers": [h.rubber for h in self.void_hands],
            "app": dict(app or {}),
        }

    @classmethod
    def restore(
        cls,
        data: dict[str, Any],
        players: Mapping[Seat, Player | None],
        *,
        stand_in: Player | None = None,
    ) -> Session:
        """The session a :meth:`snapshot` saved, with ``players`` in its seats (None for a
        human), ready to go on: the finished hands scored again on a new sheet, the
        hand in play replayed to its last event (the computer players are shown it
        from its first card), the next deals those the saved session would have made.
        Raises :class:`SessionError` naming what is wrong with ``data``."""
        from ..io.jsonlog import JSONLogError, records_from_json
        from ..io.record import RecordError

        rules, seating, rng = read_table(data, players, SNAPSHOT_FORMAT, SNAPSHOT_VERSION)
        try:
            records = records_from_json(json.dumps(data["log"]), source="the saved session")
            hand_rubbers = [int(r) for r in data["hand_rubbers"]]
            in_play = bool(data["in_play"])
        except (KeyError, TypeError, ValueError, JSONLogError) as exc:
            raise SessionError(f"the saved session is damaged: {exc}") from None
        session = cls(
            rules,
            seating,
            players,
            rng,
            rubbers=data.get("rubbers"),
            max_hands=data.get("max_hands"),
            stand_in=stand_in,
            tell_score=bool(data.get("tell_score", True)),
            practice=bool(data.get("practice", False)),
            auto_last=bool(data.get("auto_last", True)),
            computer_claims=bool(data.get("computer_claims", False)),
            calls=str(data.get("calls", "auto")),
            wrong_calls=float(data.get("wrong_calls", 0.0)),
            honours=str(data.get("honours", "auto")),
        )
        finished = records[:-1] if in_play else records
        if len(finished) != len(hand_rubbers):
            raise SessionError("the saved session is damaged: hands and rubbers disagree")
        try:
            for rec, rubber in zip(finished, hand_rubbers, strict=True):
                state = rec.replay(rules)
                result = session._result_of(state)
                score = session.sheet.record(result)
                session.hands.append(
                    PlayedHand(rec.board, rubber, session.names, state, result, score,
                               pack=rec.pack)
                )
            if in_play:
                session.state = records[-1].replay(rules)
            void = records_from_json(
                json.dumps(data.get("void_log", {"format": "cavendish-log", "version": 1,
                                                 "boards": []})),
                source="the saved session's void hands",
            )
            for rec, rubber in zip(void, data.get("void_rubbers", []), strict=True):
                names = (rec.players[0], rec.players[1], rec.players[2], rec.players[3])
                session.void_hands.append(
                    PlayedHand(rec.board, int(rubber), names, rec.replay(rules), pack=rec.pack)
                )
        except (RecordError, ValueError, JSONLogError) as exc:
            raise SessionError(f"the saved session cannot be replayed: {exc}") from None
        session.dealer = Seat.parse(data["dealer"])
        session.rubber = int(data["rubber"])
        session._restore_packs(data)
        if session.state is not None:
            session._call = honours_call(rules, session.sheet.score, session.state)
            session._called = next(
                (e for e in session.state.events if isinstance(e, HonoursCalled)), None
            )
            session._resync_players()
            if session.calls == "players":
                session._computer_calls()  # a question to a person is asked again
        return session

    # ----------------------------------------------------------------- actions
    def start_hand(self) -> list[Event]:
        """Deal the next hand (law 33: the deal passes to the left), or play
        :attr:`next_deal` if one is given (a board replayed; its dealer must be the
        session's); return any event made before the first card (a call of honours by
        the eldest hand)."""
        if self.state is not None:
            raise SessionError(f"board {self.board} is still in play")
        if self.is_over:
            raise SessionError("the session is over")
        deal, self.next_deal = self.next_deal, None
        if deal is None:
            deal = self._deal_from_packs()
            self._still_pack_made_up()
        elif deal.dealer != self.dealer or deal.hand_size != self.rules.tricks:
            raise SessionError(
                f"the deal given is dealt by {deal.dealer} with {deal.hand_size} cards a hand; "
                f"the table's dealer is {self.dealer}, {self.rules.tricks} cards a hand"
            )
        else:
            self._deal_given()
        self.state = HandState(deal, self.rules, dummies=self.dummies)
        ruffed = self._computer_ruff(self.state)
        self._call = honours_call(self.rules, self.sheet.score, self.state)
        self._called = None
        self._question = None
        self.call_log = []
        self._begin_players(self.state)
        return ruffed + self._before_turn()

    def play(self, card: Card | int | str) -> list[Event]:
        """Play ``card`` for the seat to play (a human's card); an illegal card raises
        :class:`~cavendish.core.errors.IllegalPlay` and changes nothing."""
        state = self._require_state()
        if state.is_over or self.claim is not None:
            raise SessionError(f"board {self.board} is over: finish it first")
        if self._pending is not None:
            raise SessionError("the adversaries have a fresh deal to elect first")
        return self._play(state, card)

    def _play(self, state: HandState, card: Card | int | str) -> list[Event]:
        """:meth:`play` once its checks are made (the hand goes on, no election is due:
        :attr:`to_play` has just named the seat)."""
        before = len(state.events)
        if state.ruff_due is not None:
            state.verify_play(as_card(card))
            state.ruff(state.ruff_due)  # a card is led: the ruff not made is declined
        state.play(as_card(card))
        events = list(state.events[before:])
        for e in events:
            self._broadcast(e)
        events.extend(self._before_turn())
        return events

    def step(self) -> list[Event]:
        """Let the computer player on turn choose and play one card."""
        self._require_state()
        seat = self.to_play
        if seat is None:
            raise SessionError(f"board {self.board} is over: no card to play")
        return self._step(seat, self.controller(seat))

    def _step(self, seat: Seat, player: Player | None) -> list[Event]:
        """:meth:`step` for ``seat``, just named by :attr:`to_play`, and its ``player``."""
        state = self._require_state()
        if self.ruff_offered is not None:
            raise SessionError(
                f"{self.ruff_offered} holds the ace of trumps: he ruffs or declines first"
            )
        if player is None:
            if self._last_due(seat):
                return self._play(state, state.legal_cards()[0])
            raise SessionError(f"{seat} is held by a human: give the card with play()")
        if self.computer_claims and sure_claim(state, seat) and not self._claimed_now(state):
            return [self.claim_tricks(self.holder(seat))]
        return self._play(state, self._choose(player, state, seat))

    def run(self) -> list[Event]:
        """Play the computers' cards until a human is to play or the hand is over (or a
        person is to say whether he ruffs, :attr:`ruff_offered`)."""
        events: list[Event] = []
        if self.ruff_offered is not None:
            return events
        # to_play and the controller asked once a card: the loop of step() while not
        # human_to_play.  Whether a claim ended the hand is looked for in the log once,
        # then in each card's new events only (a claim enters the log only through a
        # step here, and _step returns every event it logged)
        seat = self.to_play
        while seat is not None:
            player = self.controller(seat)
            if player is None and not self._last_due(seat):
                break  # a human's card
            new = self._step(seat, player)
            events.extend(new)
            seat = self._turn_after(new)
        return events

    def _turn_after(self, new: list[Event]) -> Seat | None:
        """:attr:`to_play` after a step of :meth:`run` that logged ``new`` (the hand
        had no accepted claim before it)."""
        if any(isinstance(e, Claimed) and e.accepted for e in new):
            return None
        return self._wanted()

    def play_out(self) -> list[Event]:
        """Play the hand to its end, humans' cards chosen by the stand-in player
        (after a call of honours has ended the game, or when a human gives up)."""
        state = self._require_state()
        events: list[Event] = []
        while (seat := self.to_play) is not None:
            player = self.controller(seat) or self.stand_in
            events.extend(self.play(self._choose(player, state, seat)))
        return events

    def finish_hand(self) -> PlayedHand:
        """Score the finished hand and move the deal (law 33; dummy law i)."""
        state = self._require_state()
        if not state.is_over and self.claim is None:
            raise SessionError(
                f"board {self.board} is not over: trick {state.trick_number + 1} is in play"
            )
        self._computers_claim_honours(state)
        result = self._result_of(state)
        score, dealer, rubber = end_hand(
            self.rules, self.sheet, self.seating, self.dealer, self.rubber, result
        )
        played = PlayedHand(self.board, self.rubber, self.names, state, result, score,
                            pack=self.pack_dealt)
        self.hands.append(played)
        self.state = None
        self._call = None
        if rubber != self.rubber and self.rules.scoring == "clay" and not self.is_over:
            self._pass_dummy()
        self.dealer, self.rubber = dealer, rubber
        return played

    def _pass_dummy(self) -> None:
        """Clay's dummy: after a game the dummy passes to the next player ("each player
        plays one in his turn", 001; :func:`~.seating.pass_dummy`)."""
        self.seating, moved = pass_dummy(self.seating)
        self.players = dict(sorted((moved[s], p) for s, p in self.players.items()))

    def ledger(self) -> ClayLedger:
        """Clay's dummy: each person's winnings over the games finished, player against
        player "from each adversary" (001; :meth:`ScoreSheet.ledger
        <cavendish.scoring.sheet.ScoreSheet.ledger>`), each hand with its own table.

        >>> from cavendish.players import RandomPlayer
        >>> s = Session.seated("clay", {seat: RandomPlayer(i) for i, seat in
        ...                             enumerate((Seat.E, Seat.S, Seat.W))}, seed=2, rubbers=3)
        >>> ledger = s.play_all() and s.ledger()
        >>> len({t.holder for t, _, _ in ledger.entries}) > 1, sum(ledger.balances.values())
        (True, 0)
        """
        return self.result().ledger()

    def claim_tricks(self, seat: Seat, tricks: int | None = None) -> Claimed:
        """``seat`` (a player, or his dummy) claims ``tricks`` of the tricks left, the
        trick in progress counted (None: all of them).  The computer adversaries
        accept only if his side makes them double dummy against every defence
        (:func:`~.claims.claim_holds`); accepted, the hand ends (score it with
        :meth:`finish_hand`); refused, play goes on.  Either way the claim is an
        event of the hand's log (:class:`~cavendish.core.events.Claimed`).

        >>> from cavendish.players import RandomPlayer
        >>> s = Session.seated("short", {seat: RandomPlayer(i) for i, seat in enumerate(Seat)},
        ...                    seed=2, max_hands=1)
        >>> _ = s.start_hand()
        >>> s.claim_tricks(Seat.N, 13).accepted     # nobody makes all thirteen here
        False
        >>> s.concede(Seat.E).accepted, s.to_play, sum(s.finish_hand().result.tricks)
        (True, None, 13)
        """
        state = self._require_state()
        if state.is_over or self.claim is not None:
            raise SessionError(f"board {self.board} is over: nothing is left to claim")
        remaining = state.tricks_in_hand - state.trick_number
        wanted = remaining if tricks is None else tricks
        if isinstance(wanted, bool) or not 0 <= wanted <= remaining:
            raise SessionError(f"a claim is of 0 to {remaining} tricks (those left), not {tricks}")
        refusal = thrown_up_refusal(self.rules.scoring, wanted, remaining)
        if refusal is not None:
            raise SessionError(refusal)
        who = self.holder(seat)
        accepted = claim_holds(state, who, wanted)
        event = Claimed(who, wanted, remaining, accepted, state.trick_number)
        state.note(event)
        return event

    def concede(self, seat: Seat) -> Claimed:
        """``seat`` concedes every trick left to the adversaries (always accepted): the
        hand ends; a :class:`~cavendish.core.events.Claimed` of no trick.  Refused
        (:class:`SessionError`) at Clay's dummy: "no hands are thrown up" (001)."""
        return self.claim_tricks(seat, 0)

    def undo(self, seat: Seat) -> TakenBack:
        """In a practice session, take back the last card played by the person at
        ``seat`` (his own or his dummy's, in the hand in play) and every card played
        after it; the computer players are shown the hand again as it now stands.
        The taking back is an event of the log
        (:class:`~cavendish.core.events.TakenBack`).  Refused (:class:`SessionError`)
        outside practice, or when he has no card to take back in this hand.

        >>> from cavendish.players import RandomPlayer
        >>> players = {seat: RandomPlayer(i) for i, seat in enumerate(Seat)}
        >>> players[Seat.S] = None
        >>> s = Session.seated("short", players, seed=2, max_hands=1, practice=True)
        >>> _ = s.start_hand(); _ = s.run()
        >>> _ = s.play(s.view(Seat.S).legal_cards()[0]); _ = s.run()
        >>> str(s.undo(Seat.S)).startswith("S takes back"), s.to_play
        (True, <Seat.S: 2>)
        """
        if not self.practice:
            raise SessionError("cards are taken back only in a practice session (--practice)")
        state = self._require_state()
        if self.claim is not None:
            raise SessionError(f"board {self.board} is over: it ended by a claim")
        person = self.holder(seat)
        log = state.events
        mine = [
            i for i, e in enumerate(log)
            if isinstance(e, CardPlayed) and self.holder(e.seat) == person
        ]
        if self.auto_last:  # a last card that played itself is not his to take back: it
            mine = [i for i in mine if not self._was_last(log, i)]  # would play again
        if not mine:
            raise SessionError("you have played no card in this hand: nothing to take back")
        first = mine[-1]
        taken: list[str] = []
        kept: list[Claimed | TakenBack] = []
        while len(state.events) > first:
            event = state.undo()
            if isinstance(event, CardPlayed):
                taken.append(str(event.card))
            elif isinstance(event, Claimed | TakenBack):
                kept.append(event)
        if self._called is not None and self._called not in state.events:
            self._called = None
        for event in reversed(kept):
            state.note(event)
        undone = TakenBack(person, tuple(reversed(taken)), state.trick_number)
        state.note(undone)
        self._resync_players()
        self._before_turn()
        return undone

    # ------------------------------------------ ruff-and-honours: the ruff (000)
    @property
    def ruff_offered(self) -> Seat | None:
        """The seat whose person may ruff now (ruff-and-honours): he holds the ace of
        trumps, no card is played yet and the caller asks (:attr:`offer_ruff`).  A
        computer player ruffs as the hand is dealt (:mod:`cavendish.players.ruff`); a
        person answers with :meth:`ruff`, and a card played first declines it."""
        state = self.state
        if state is None:
            return None
        seat = state.ruff_due
        if seat is None or self.controller(seat) is not None or not self.offer_ruff:
            return None
        return seat

    def ruff(self, seat: Seat, put_out: Sequence[Card | int | str] = ()) -> Ruffed:
        """The person at ``seat`` ruffs: takes in the stock and puts out ``put_out``
        (four cards of his hand and the stock), or declines with none.  Refused
        (``ActionRefused``, naming why) when the ruff is not his now."""
        state = self._require_state()
        event = state.ruff(seat, [as_card(c) for c in put_out])
        self._call = honours_call(self.rules, self.sheet.score, state)
        self._resync_players()
        return event

    def _computer_ruff(self, state: HandState) -> list[Event]:
        """A computer player holding the ace of trumps ruffs as the hand is dealt."""
        seat = state.ruff_due
        if seat is None:
            return []
        player = self.controller(seat)
        if player is None:
            return []
        view = state.view(seat)
        return [state.ruff(seat, choose_put_out(player, view, state.deal.stock))]

    # ------------------------------------------------ long whist: the call at eight
    def result(self) -> SessionResult:
        """The sheet, the hands finished so far and the hands made void (001)."""
        done = super().result()
        done.void = list(self.void_hands)
        return done

    def hands_with_void(self) -> list[PlayedHand]:
        """The hands finished, each void hand before the fresh deal that replaced it."""
        return with_void(self.hands, self.void_hands)

    @property
    def call_offered(self) -> Seat | None:
        """The seat whose person may ask "Can you one?" now (``calls="players"``): it
        is his turn in trick one, before he plays, his side is at eight and he holds
        two honours or more (001).  None otherwise.

        >>> from cavendish.players import RandomPlayer
        >>> s = Session.seated("long", {seat: RandomPlayer(i) for i, seat in enumerate(Seat)},
        ...                    seed=1, calls="players")
        >>> _ = s.start_hand(); s.call_offered is None   # nobody is at eight yet
        True
        """
        state = self.state
        seat = self.to_play
        if self.calls != "players" or state is None or seat is None:
            return None
        if self.controller(seat) is not None or not self._may_ask(state, seat):
            return None
        return seat

    @property
    def answer_due(self) -> Seat | None:
        """The person asked "Can you one?" by his computer partner (``calls="players"``),
        who is to answer with :meth:`answer_call` before play goes on; None otherwise."""
        return None if self._question is None else self._question.partner

    def answer_call(self, seat: Seat, yes: bool) -> CallOutcome:
        """The person at ``seat`` answers his partner's "Can you one?": "Yes" with an
        honour calls the honours (the game is won); "No" calls nothing (his side's
        honours count last, after tricks); "Yes" without an honour is wrong (001), put
        to the adversaries, who may claim a fresh deal."""
        asker = self._question
        if asker is None or seat != asker.partner:
            raise SessionError(f"{seat} has not been asked \"Can you one?\"")
        state = self._require_state()
        outcome = judge_call(self.rules, self.sheet.score, state, asker, answer=yes)
        assert outcome is not None  # the question was asked at the asker's turn
        self._question = None
        return self._settle(outcome)

    @property
    def election_due(self) -> CallOutcome | None:
        """A wrong call or reminder whose adversaries (a person among them) have not yet
        said whether they claim a fresh deal (:meth:`elect_fresh_deal`)."""
        return self._pending

    @property
    def hands_thrown_down(self) -> dict[Seat, int] | None:
        """While the adversaries elect after a wrong call that showed honours as if the
        game were won: the four hands lying on the table, seen by all, as the
        adversaries "consult as to a fresh deal, reclaiming their hands if thrown down"
        (001); None otherwise."""
        pending, state = self._pending, self.state
        if pending is None or state is None or not throws_down(pending, state):
            return None
        return {seat: state.hand(seat) for seat in Seat}

    def call_honours(self, seat: Seat) -> CallOutcome:
        """The person at ``seat`` calls honours ("Can you one?", or shows three or
        four; ``calls="players"``).  A proper call whose partner holds the honour is
        recorded (:class:`~cavendish.core.events.HonoursCalled`) and wins the game; a
        wrong one (after having played, not at eight, without two honours: 001) is put
        to the adversaries, who may claim a fresh deal (computer adversaries do:
        the hand is void and the same dealer deals again, see :attr:`void_hands`).
        Refused (:class:`SessionError`) when the call is not his to make now."""
        state = self._require_calling()
        if self._called is not None:
            raise SessionError(f"honours are already called in board {self.board}")
        outcome = judge_call(self.rules, self.sheet.score, state, seat)
        if outcome is None:
            raise SessionError(
                f"{seat} cannot call honours now: the call is made at his turn to play, "
                "before he plays"
            )
        return self._settle(outcome)

    def remind(self, seat: Seat) -> CallOutcome:
        """The person at ``seat`` reminds his partner to call honours: wrong after the
        deal is complete (001), so the adversaries may claim a fresh deal."""
        self._require_calling()
        outcome = judge_reminder(self.rules, seat)
        if outcome is None:
            raise SessionError(f"there is no calling of honours in {self.rules.name} whist")
        return self._settle(outcome)

    def elect_fresh_deal(self, seat: Seat, claim: bool) -> CallOutcome:
        """An adversary (``seat``) of a wrong call says whether his side claims a fresh
        deal (True: the hand is void and dealt again) or lets the hand stand."""
        pending = self._pending
        if pending is None:
            raise SessionError("no wrong call awaits the adversaries' election")
        if seat.side == pending.seat.side:
            raise SessionError(
                f"{seat} is not an adversary of {pending.seat}: the adversaries elect"
            )
        return self._resolve(pending, claim)

    def _require_calling(self) -> HandState:
        state = self._require_state()
        if self.calls != "players":
            raise SessionError('honours are called by the engine here (calls="auto")')
        if self._pending is not None:
            raise SessionError("the adversaries have a fresh deal to elect first")
        if state.is_over or self.claim is not None:
            raise SessionError(f"board {self.board} is over")
        return state

    def _may_ask(self, state: HandState, seat: Seat) -> bool:
        """Whether ``seat`` may properly ask "Can you one?" now (and has not asked)."""
        at = self.rules.call_honours_at
        if at is None or not self.rules.honours or self._called is not None:
            return False
        if state.trick_number != 0 or state.turn != seat:
            return False
        if any(o.seat == seat for o in self.call_log):
            return False
        if any(o.wrong == WRONG_FALSE_ANSWER and o.seat == seat.partner for o in self.call_log):
            return False  # his question was answered (wrongly): it is not asked twice
        if self.sheet.score[seat.side] != at:
            return False
        return (state.opening_hand(seat) & honours_mask(state.deal.trump)).bit_count() >= 2

    def _settle(self, outcome: CallOutcome) -> CallOutcome:
        """Record a call's outcome: the call made, or the wrong call put to the
        adversaries (at once when computers hold both their seats)."""
        state = self._require_state()
        self.call_log.append(outcome)
        if outcome.called is not None:
            event = state.call_honours(outcome.called.seat, outcome.called.honours)
            assert isinstance(event, HonoursCalled)
            self._called = event
            self._broadcast(event)
            return outcome
        if outcome.wrong is None:
            return outcome
        adversaries = (outcome.seat.left, outcome.seat.left.partner)
        if all(self.controller(a) is not None for a in adversaries):
            return self._resolve(outcome, True)
        self._pending = outcome
        return outcome

    def _resolve(self, wrong: CallOutcome, claim: bool) -> CallOutcome:
        done = replace(wrong, fresh_deal=claim)
        self._pending = None
        self.call_log[self.call_log.index(wrong)] = done
        state = self._require_state()
        assert wrong.wrong is not None
        event = WrongCall(wrong.seat, wrong.words, wrong.wrong, claim, state.trick_number,
                          throws_down(wrong, state))
        state.note(event)
        self._broadcast(event)
        if claim:
            self.void_hands.append(PlayedHand(self.board, self.rubber, self.names, state,
                                              pack=self.pack_dealt))
            self.state = None  # a fresh deal by the same dealer: start_hand() deals it
            self._call = None
            self._called = None
        else:
            self._computer_calls()
        return done

    def _computer_calls(self) -> list[Event]:
        """``calls="players"``: a computer player at eight holding two honours asks
        "Can you one?" at his turn in trick one, before he plays (001)."""
        state = self.state
        if state is None or self._pending is not None or state.is_over:
            return []
        seat = state.turn
        if self.controller(seat) is None:
            return []
        wrong = self._sloppy_call(state, seat)
        if wrong is not None:
            self._settle(wrong)  # put to the person among the adversaries
            return []
        if not self._may_ask(state, seat) or self._question is not None:
            return []
        mine = (state.opening_hand(seat) & honours_mask(state.deal.trump)).bit_count()
        if mine == 2 and self.controller(seat.partner) is None:
            self._question = seat  # "Can you one?": his person partner answers
            return []
        outcome = judge_call(self.rules, self.sheet.score, state, seat)
        if outcome is None:
            return []
        self._settle(outcome)
        return [outcome.called] if outcome.called is not None else []

    def _sloppy_call(self, state: HandState, seat: Seat) -> CallOutcome | None:
        """A computer's wrong call (:attr:`wrong_calls`), drawn once a hand for ``seat``
        at his turn in trick one, when a person is among his adversaries; None when
        none is made (or the call would be proper)."""
        if not self.wrong_calls or state.trick_number != 0 or self._question is not None:
            return None
        if any(o.seat == seat for o in self.call_log):
            return None
        if all(self.controller(a) is not None for a in (seat.left, seat.left.partner)):
            return None
        if self._wrong_rng.random() >= self.wrong_calls:
            return None
        outcome = judge_call(self.rules, self.sheet.score, state, seat)
        return outcome if outcome is not None and outcome.wrong is not None else None

    def review(self, played: PlayedHand) -> HandReview:
        """After a hand: the four hands as dealt, the tricks each side took, and the
        double-dummy result of the deal from the opening lead (what was possible);
        see :func:`~.review.review_hand`."""
        if played.result is None:
            raise SessionError(f"board {played.board} is not scored yet: finish it first")
        return review_hand(played.state, played.result.tricks)

    def play_all(self) -> SessionResult:
        """Play every hand to the end of the session (all seats held by players)."""
        while not self.is_over:
            self.start_hand()
            self.run()
            if self.to_play is not None:
                raise SessionError(f"{self.to_play} is held by a human: play_all needs players")
            self.finish_hand()
        return self.result()

    # ----------------------------------------------------------------- helpers
    def _require_state(self) -> HandState:
        if self.state is None:
            raise SessionError("no hand is in play: call start_hand()")
        return self.state

    @staticmethod
    def _claimed_now(state: HandState) -> bool:
        """Whether a claim was made in the trick in progress (a computer claims once)."""
        return any(isinstance(e, Claimed) and e.trick == state.trick_number for e in state.events)

    def _was_last(self, log: Sequence[Event], index: int) -> bool:
        """Whether the card played at ``log[index]`` was its seat's last in hand."""
        event = log[index]
        assert isinstance(event, CardPlayed) and self.state is not None
        later = sum(1 for e in log[index + 1:] if isinstance(e, CardPlayed)
                    and e.seat == event.seat)
        return later == 0 and self.state.hand(event.seat) == 0

    def _last_due(self, seat: Seat) -> bool:
        """Whether ``seat``'s card plays itself: his last card, with :attr:`auto_last`."""
        state = self.state
        return (
            self.auto_last
            and state is not None
            and state.hand(seat).bit_count() == 1
            and bool(state.legal_mask(seat))
        )

    def _result_of(self, state: HandState) -> HandResult:
        """The scorer's input for a finished hand (the call at eight left to the
        players when ``calls="players"``; honours not claimed lost when the players
        claim them, ``honours="claim"``, law 6)."""
        result = HandResult.from_state(state)
        if self.calls == "players":
            result = replace(result, called_by_players=True)
        if self.honours == "claim":
            held = list(result.honours)
            for side in Side:
                if side not in _claimed_sides(state):
                    held[side] = 0  # "unless claimed [...] cannot be scored" (law 6)
            result = replace(result, honours=(held[0], held[1]))
        return result

    # ------------------------------------------------ honours claimed (laws 6-7)
    @property
    def honours_claim_due(self) -> Side | None:
        """``honours="claim"``: the side of a person that held honours worth scoring and
        has not claimed them, the hand over and not yet scored; None otherwise.  It
        claims with :meth:`claim_honours`, or loses them when the hand is scored."""
        state = self.state
        if self.honours != "claim" or state is None or not self.rules.honours:
            return None
        if not state.is_over and self.claim is None:
            return None
        for side in Side:
            if self._unclaimed(state, side) and any(
                self.controller(seat) is None for seat in Seat if seat.side == side
            ):
                return side
        return None

    def claim_honours(self, seat: Seat) -> HonoursClaimed:
        """``seat`` claims the honours his side held, at the end of the hand (law 7:
        "they must be called at the end of the hand"); refused (:class:`SessionError`)
        before the hand is over, or when his side has none to claim."""
        state = self._require_state()
        if self.honours != "claim":
            raise SessionError('honours are claimed for the players here (honours="auto")')
        if not state.is_over and self.claim is None:
            raise SessionError("honours are claimed at the end of the hand (law 7)")
        if not self._unclaimed(state, seat.side):
            raise SessionError(f"{seat.side} have no honours to claim in board {self.board}")
        event = HonoursClaimed(seat, seat.side, state.honours(seat.side), state.trick_number)
        state.note(event)
        return event

    def _unclaimed(self, state: HandState, side: Side) -> bool:
        """Whether ``side`` held honours worth scoring and has not claimed (or called)
        them."""
        return bool(honours_value(state.honours(side))) and side not in _claimed_sides(state)

    def _computers_claim_honours(self, state: HandState) -> None:
        """``honours="claim"``: a side of computers claims its honours at the end of the
        hand; a person's side claims them itself (:meth:`claim_honours`)."""
        if self.honours != "claim" or not self.rules.honours:
            return
        for side in Side:
            seats = [seat for seat in Seat if seat.side == side]
            if self._unclaimed(state, side) and all(
                self.controller(seat) is not None for seat in seats
            ):
                state.note(HonoursClaimed(seats[0], side, state.honours(side), state.trick_number))

    def _resync_players(self) -> None:
        """Show the computer players the hand in play from its first card, as if they
        had seen it played (after a resume, or after cards were taken back)."""
        state = self._require_state()
        self._begin_players(state.opening())
        for event in state.events:
            self._broadcast(event)

    def _begin_players(self, opening: HandState) -> None:
        """Tell each computer player the score (C7) and its seats' opening views."""
        for seat in Seat:
            player = self.controller(seat)
            if player is None:
                continue
            if self.tell_score:
                side = seat.side
                ours, theirs = self.sheet.score[side], self.sheet.score[side.other]
                notify_score(player, ours, theirs, self.rules.game_points)
            notify_begin(player, opening.view(seat))

    def _choose(self, player: Player, state: HandState, seat: Seat) -> Card:
        view = state.view(seat)
        card = player.choose(view)
        if not isinstance(card, int) or not 0 <= card < 52:
            raise PlayerError(f"{player.name} answered {card!r} for {seat}: not a card")
        card = CARDS[card]
        if not view.legal >> card & 1:
            why = state.why_illegal(card, seat) or "not a legal card"
            raise PlayerError(f"{player.name} chose {card} for {seat}: {why}")
        return card

    def _before_turn(self) -> list[Event]:
        if self.calls == "players":
            return self._computer_calls()
        state = self.state
        if state is None or self._call is None or self._called is not None:
            return []
        event = call_honours_due(state, self._call)
        if event is None:
            return []
        self._called = event
        self._broadcast(event)
        return [event]

    def _broadcast(self, event: Event) -> None:
        if isinstance(event, Ruffed):
            return  # the cards put out are the ruffer's secret; players see their hands
        for observe in self._observers():
            observe(event)

    def _observers(self) -> list[Callable[[Event], None]]:
        """The players' ``observe`` hooks, each player once (a player may hold two
        seats), in seat order: looked up again only when a seat's player is not the one
        it was (the seats may be given new players between events; the old players
        are held in the cache, so their ids are not reused while it stands)."""
        players = tuple(self.players.values())
        held, hooks = self._hooks
        if len(held) == len(players) and all(map(operator.is_, held, players)):
            return hooks
        hooks = []
        seen: set[int] = set()
        for player in players:
            if player is not None and id(player) not in seen:
                seen.add(id(player))
                observe = observer_hook(player)
                if observe is not None:
                    hooks.append(observe)
        self._hooks = (players, hooks)
        return hooks


def play_rubber(
    players: Mapping[Seat, Player] | Sequence[Player],
    rules: Rules | str = "short",
    seed: int = 0,
    *,
    rubbers: int | None = 1,
    max_hands: int | None = None,
) -> SessionResult:
    """Play a whole rubber (or game) between computer players and return the sheet and hands.

    ``players`` maps seats to players (seats left out are dummies), or lists them
    for seats N, E, S, W.

    >>> from cavendish.players import RandomPlayer
    >>> result = play_rubber([RandomPlayer(i, f"R{i}") for i in range(4)], "short", seed=3)
    >>> len(result.sheet.rubbers), result.sheet.totals == play_rubber(
    ...     [RandomPlayer(i, f"R{i}") for i in range(4)], "short", seed=3).sheet.totals
    (1, True)
    """
    if isinstance(players, Mapping):
        seats = dict(players)
    else:
        seats = dict(zip(Seat, players, strict=False))
    session = Session.seated(rules, seats, seed, rubbers=rubbers, max_hands=max_hands)
    return session.play_all()

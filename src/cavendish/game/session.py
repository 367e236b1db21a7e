"""The game driver: a rubber (or a game, or N hands) of whist at one table.

Design note
-----------
A :class:`Session` holds a table (who sits where, see :mod:`.seating`), one
``random.Random`` seeded once (the cut, then every deal with
:func:`~cavendish.core.table.deal_cards`), the :class:`~cavendish.scoring.ScoreSheet`
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
  so the play that follows changes nothing (:meth:`Session.play_out` finishes it);
* a variant without rubbers (Clay's dummy) stops at the end of a game.

Players get views only: ``choose(view)``, and the optional ``observe(event)`` and
``begin_hand(view)`` hooks (:mod:`cavendish.players.base`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.cards import CARDS, Card, Seat, Side, as_card
from ..core.deal import honours_mask
from ..core.errors import IllegalAction
from ..core.events import Event, HonoursCalled
from ..core.rules import Rules, get_rules
from ..core.state import HandState, SeatView
from ..core.table import CutResult, deal_cards
from ..players.base import Player, PlayerError, notify, notify_begin, notify_score
from ..players.random import RandomPlayer
from ..scoring.result import HandResult, HandScore
from ..scoring.sheet import ScoreSheet
from .seating import Seating, seat_by_cut, seat_fixed

if TYPE_CHECKING:
    from ..io.record import HandRecord

__all__ = [
    "PlayedHand",
    "Session",
    "SessionError",
    "SessionResult",
    "honours_call",
    "play_rubber",
]


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
        held = deal.honours(side)
        if held < 3:
            continue
        for i in range(4):
            seat = deal.eldest.offset(i)
            if seat.side == side and (deal.hand(seat) & honours).bit_count() >= 2:
                return seat, held
    return None


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
        )


@dataclass
class SessionResult:
    """What a session produced: the score sheet and the hands, in order."""

    rules: Rules
    sheet: ScoreSheet
    hands: list[PlayedHand] = field(default_factory=list)
    seating: Seating | None = None

    def records(self, *, event: str = "", site: str = "", date: str = "") -> list[HandRecord]:
        """Every hand as a record, for :func:`cavendish.io.pbn.write_pbn`."""
        return [
            h.record(variant=self.rules.name, event=event, site=site, date=date) for h in self.hands
        ]


class Session:
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
    ) -> None:
        if rubbers is None and max_hands is None:
            raise SessionError("a session needs an end: a number of rubbers or of hands")
        if set(players) != set(seating.names):
            raise SessionError(
                f"players are given for seats {''.join(str(s) for s in sorted(players))} "
                f"but people sit at {''.join(str(s) for s in sorted(seating.names))}"
            )
        self.rules = rules
        self.seating = seating
        self.players: dict[Seat, Player | None] = {s: players[s] for s in sorted(players)}
        self.rng = rng
        self.rubbers = rubbers
        self.max_hands = max_hands
        # the stand-in has its own fixed seed: it must not draw from the deals' generator
        self.stand_in = stand_in if stand_in is not None else RandomPlayer(0, "Stand-in")
        self.tell_score = tell_score
        """Whether players that define ``set_score`` are told the game's score before
        each hand (C7: play to the score)."""
        self.sheet = ScoreSheet(rules)
        self.hands: list[PlayedHand] = []
        self.dealer = seating.first_dealer
        self.rubber = 1
        self.state: HandState | None = None
        self._call: tuple[Seat, int] | None = None
        self._called: HonoursCalled | None = None

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
    ) -> Session:
        """A table whose seats the caller chose (empty seats are dummies); the cut
        decides only the first dealer (see :func:`~.seating.seat_fixed`)."""
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
        return cls(r, seating, players, rng, rubbers=rubbers, max_hands=max_hands)

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
    ) -> Session:
        """The people cut for partners and deal, and sit as the cut says (a seat
        asked for in ``request`` is given; see :func:`~.seating.seat_by_cut`)."""
        r = get_rules(rules) if isinstance(rules, str) else rules
        rng = random.Random(seed)
        seating = seat_by_cut(r, list(people), rng, request=request)
        players = {seat: people[name] for seat, name in seating.names.items()}
        return cls(r, seating, players, rng, rubbers=rubbers, max_hands=max_hands)

    # ----------------------------------------------------------------- queries
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
        return len(self.sheet.rubbers) if self.rules.rubber else len(self.sheet.games)

    @property
    def is_over(self) -> bool:
        """True when the session has played what it was asked to (and no hand is in play)."""
        if self.state is not None:
            return False
        if self.rubbers is not None and self.units_finished >= self.rubbers:
            return True
        return self.max_hands is not None and len(self.hands) >= self.max_hands

    @property
    def board(self) -> int:
        """The number of the hand in play (or the next one)."""
        return len(self.hands) + 1

    @property
    def to_play(self) -> Seat | None:
        """The seat whose card is wanted, or None (no hand in play, or it is over)."""
        if self.state is None or self.state.is_over:
            return None
        return self.state.turn

    def holder(self, seat: Seat) -> Seat:
        """The seat of the person who plays ``seat``'s cards."""
        return self.seating.holder(seat)

    def controller(self, seat: Seat) -> Player | None:
        """The player who chooses ``seat``'s cards (None for a human)."""
        return self.players[self.holder(seat)]

    @property
    def human_to_play(self) -> bool:
        """Whether the card wanted now is a human's to give."""
        seat = self.to_play
        return seat is not None and self.controller(seat) is None

    @property
    def called(self) -> HonoursCalled | None:
        """The call of honours made in the hand in play (long whist), if any."""
        return self._called

    def view(self, seat: Seat) -> SeatView:
        """What ``seat`` may see now."""
        return self._require_state().view(seat)

    def current_hand(self) -> PlayedHand | None:
        """The hand in play, unscored (for saving a record of an unfinished session)."""
        if self.state is None:
            return None
        return PlayedHand(self.board, self.rubber, self.names, self.state)

    def result(self) -> SessionResult:
        """The sheet and the hands finished so far."""
        return SessionResult(self.rules, self.sheet, list(self.hands), self.seating)

    # ----------------------------------------------------------------- actions
    def start_hand(self) -> list[Event]:
        """Deal the next hand (law 33: the deal passes to the left); return any event
        made before the first card (a call of honours by the eldest hand)."""
        if self.state is not None:
            raise SessionError(f"board {self.board} is still in play")
        if self.is_over:
            raise SessionError("the session is over")
        deal = deal_cards(self.rng, self.dealer)
        self.state = HandState(deal, self.rules, dummies=self.dummies)
        self._call = honours_call(self.rules, self.sheet.score, self.state)
        self._called = None
        for seat in Seat:
            player = self.controller(seat)
            if player is None:
                continue
            if self.tell_score:
                side = seat.side
                ours, theirs = self.sheet.score[side], self.sheet.score[side.other]
                notify_score(player, ours, theirs, self.rules.game_points)
            notify_begin(player, self.state.view(seat))
        return self._before_turn()

    def play(self, card: Card | int | str) -> list[Event]:
        """Play ``card`` for the seat to play (a human's card); an illegal card raises
        :class:`~cavendish.core.errors.IllegalPlay` and changes nothing."""
        state = self._require_state()
        if state.is_over:
            raise SessionError(f"board {self.board} is over: finish it first")
        before = len(state.events)
        state.play(as_card(card))
        events = list(state.events[before:])
        for e in events:
            self._broadcast(e)
        events.extend(self._before_turn())
        return events

    def step(self) -> list[Event]:
        """Let the computer player on turn choose and play one card."""
        state = self._require_state()
        seat = self.to_play
        if seat is None:
            raise SessionError(f"board {self.board} is over: no card to play")
        player = self.controller(seat)
        if player is None:
            raise SessionError(f"{seat} is held by a human: give the card with play()")
        return self.play(self._choose(player, state, seat))

    def run(self) -> list[Event]:
        """Play the computers' cards until a human is to play or the hand is over."""
        events: list[Event] = []
        while self.to_play is not None and not self.human_to_play:
            events.extend(self.step())
        return events

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
        if not state.is_over:
            raise SessionError(
                f"board {self.board} is not over: trick {state.trick_number + 1} is in play"
            )
        units = self.units_finished
        result = HandResult.from_state(state)
        score = self.sheet.record(result)
        played = PlayedHand(self.board, self.rubber, self.names, state, result, score)
        self.hands.append(played)
        self.state = None
        self._call = None
        if self.units_finished > units:
            self.rubber += 1
            self.dealer = self._rubber_dealer()
        else:
            self.dealer = self.dealer.left
        return played

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

    def _rubber_dealer(self) -> Seat:
        if not self.dummies:
            return self.dealer.left
        order = [self.seating.first_dealer] + [
            d for d in self.dummies if d != self.seating.first_dealer
        ]
        return order[(self.rubber - 1) % len(order)]

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
        state = self.state
        if state is None or self._call is None or self._called is not None:
            return []
        seat, held = self._call
        if state.trick_number != 0 or state.is_over or state.turn != seat:
            return []
        event = state.call_honours(seat, held)
        assert isinstance(event, HonoursCalled)
        self._called = event
        self._broadcast(event)
        return [event]

    def _broadcast(self, event: Event) -> None:
        seen: set[int] = set()
        for player in self.players.values():
            if player is not None and id(player) not in seen:
                seen.add(id(player))
                notify(player, event)


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

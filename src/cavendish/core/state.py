"""The state of one hand in play: ``play()``, ``undo()``, ``copy()`` and the event log.

Design note
-----------
:class:`HandState` is mutable and built for search: the four holdings are ints
(bitmasks) in a list, the current trick is a short list of card ints, and
following suit is one ``&`` with a precomputed suit mask.  Every applied action
appends a frozen event (:mod:`cavendish.core.events`) to the log and ``undo()``
pops it, so ``copy()`` is a handful of list copies.

Legality depends on the rules' mode.  In ``"enforced"`` mode (the default) a card
not in hand, a failure to follow suit and a card out of turn are refused with an
:class:`~cavendish.core.errors.IllegalPlay` that names the card, the seat and the
reason.  In ``"laws"`` mode the revoke (law 71) is accepted and recorded on its
:class:`~cavendish.core.events.CardPlayed` event, and a card put down out of turn
(laws 62-63, 67-68) is recorded as a :class:`~cavendish.core.events.PlayOutOfTurn`
event that leaves the card exposed in the hand (law 56) for the arbiter; a card
not in the hand is refused in both modes.

The trump card lies face up until the dealer plays to the first trick (law 52);
each seat's :meth:`HandState.view` shows its own hand, the exposed hands (dummy),
the trump card while it is on the table, the current trick and the last trick
turned and quitted, but no earlier trick (law 91).

>>> from cavendish.core.table import deal_cards
>>> import random
>>> state = HandState(deal_cards(random.Random(1), Seat.S))
>>> state.turn, state.trump_card_on_table
(<Seat.W: 3>, True)
>>> card = state.legal_cards()[0]
>>> state.play(card)
CardPlayed(seat=<Seat.W: 3>, card=Card('S8'), trick=0, revoke=False, kind='play')
>>> state.undo().card == card, len(state.events)
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .cards import CARDS, SUIT_MASK, Card, Seat, Side, Suit, cards_of
from .deal import Deal
from .errors import HandOver, MustFollowSuit, NothingToUndo, NotInHand, NotYourTurn
from .events import CardExposed, CardPlayed, Event, HonoursCalled, PlayOutOfTurn, TrickQuitted
from .rules import Rules

__all__ = ["HandState", "SeatView", "Trick", "trick_winner"]

_SEATS = tuple(Seat)
_new_event = tuple.__new__  # builds a NamedTuple event without its keyword-parsing __new__
_SUITS = tuple(Suit)
_SIDES = tuple(Side)


class Trick(NamedTuple):
    """A trick turned and quitted: who led, the four cards in order of play, the winner."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played to this trick."""
        return self.cards[(seat - self.leader) & 3]

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"{self.leader} led: {cards}; {self.winner} won"


def trick_winner(cards: Iterable[int], leader: int, trump: int) -> Seat:
    """The seat that wins a trick: the highest trump, else the highest card of the suit led.

    >>> trick_winner([Card.parse(c) for c in ("H4", "HK", "S2", "H3")], Seat.N, Suit.S)
    <Seat.S: 2>
    >>> trick_winner([Card.parse(c) for c in ("H4", "HK", "D2", "HA")], Seat.N, Suit.S)
    <Seat.W: 3>
    """
    best = -1
    best_i = 0
    best_suit = -1
    for i, c in enumerate(cards):
        s = c // 13
        if best < 0 or (s == best_suit and c > best) or (s == trump and best_suit != trump):
            best, best_i, best_suit = c, i, s
    return _SEATS[(leader + best_i) & 3]


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seat may see at its turn (laws 52, 91): nothing hidden from it is here."""

    seat: Seat
    hand: int
    """The seat's own cards (mask)."""
    dealer: Seat
    trump: Suit
    trump_card: Card | None
    """The turned-up card, while it still lies on the table (law 52)."""
    turn: Seat | None
    """The seat to play, or None when the hand is over."""
    leader: Seat
    """Who led (or is to lead) the current trick."""
    trick: tuple[tuple[Seat, Card], ...]
    """The current trick so far."""
    last_trick: Trick | None
    """The last trick turned and quitted (law 91); no earlier trick is shown."""
    trick_number: int
    """0-based number of the current trick (13 when the hand is over)."""
    tricks_won: tuple[int, int]
    """Tricks taken by N-S and by E-W."""
    exposed: tuple[int, int, int, int]
    """Cards lying face up, by seat: a dummy's hand, and cards liable to be called."""
    legal: int
    """The cards this seat may play now (mask); 0 when it is not its turn."""

    def hand_cards(self) -> list[Card]:
        """The seat's cards."""
        return cards_of(self.hand)

    def legal_cards(self) -> list[Card]:
        """The cards the seat may play now."""
        return cards_of(self.legal)


class HandState:
    """One hand of whist from the opening lead to the thirteenth trick."""

    __slots__ = (
        "_any_exposed",
        "_enforced",
        "_exposed",
        "_hands",
        "_leader",
        "_log",
        "_trick",
        "_tricks",
        "_trump",
        "_turn",
        "_won",
        "deal",
        "dummies",
        "rules",
    )

    def __init__(
        self, deal: Deal, rules: Rules | None = None, *, dummies: Iterable[Seat] = ()
    ) -> None:
        self.deal = deal
        self.rules = rules if rules is not None else Rules()
        self.dummies: tuple[Seat, ...] = tuple(dummies)
        self._enforced = self.rules.mode == "enforced"
        self._hands = list(deal.hands)
        self._trump = int(deal.trump_card) // 13
        self._leader = int(deal.dealer.left)
        self._turn = self._leader
        self._trick: list[int] = []
        self._tricks: list[Trick] = []
        self._won = [0, 0]
        self._log: list[Event] = []
        self._exposed = [0, 0, 0, 0]
        self._any_exposed = False

    # ----------------------------------------------------------------- queries
    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return _SUITS[self._trump]

    @property
    def turn(self) -> Seat:
        """The seat to play next."""
        return _SEATS[self._turn]

    @property
    def leader(self) -> Seat:
        """The seat that led (or leads) the current trick."""
        return _SEATS[self._leader]

    @property
    def trick_number(self) -> int:
        """0-based number of the current trick; 13 once the hand is over."""
        return len(self._tricks)

    @property
    def is_over(self) -> bool:
        """True once thirteen tricks have been turned and quitted."""
        return len(self._tricks) == 13

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards played to the trick in progress, with their seats."""
        lead = self._leader
        return [(_SEATS[(lead + i) & 3], CARDS[c]) for i, c in enumerate(self._trick)]

    @property
    def tricks(self) -> list[Trick]:
        """Every trick quitted so far (the full record; a seat's view shows only the last)."""
        return list(self._tricks)

    @property
    def last_trick(self) -> Trick | None:
        """The last trick turned and quitted."""
        return self._tricks[-1] if self._tricks else None

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything applied to this hand, in order."""
        return tuple(self._log)

    @property
    def trump_card_on_table(self) -> bool:
        """The trump card lies face up until the dealer plays to the first trick (law 52)."""
        if self._tricks:
            return False
        dealer = self.deal.dealer
        return len(self._trick) <= ((dealer - self._leader) & 3)

    @property
    def revokes(self) -> list[CardPlayed]:
        """Every card played as a revoke (laws mode only)."""
        return [e for e in self._log if isinstance(e, CardPlayed) and e.revoke]

    def hand(self, seat: Seat | int) -> int:
        """The cards ``seat`` still holds (mask)."""
        return self._hands[seat]

    def hand_cards(self, seat: Seat | int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self._hands[seat])

    def exposed(self, seat: Seat | int) -> int:
        """Cards of ``seat`` lying face up: liable to be called (law 56)."""
        return self._exposed[seat]

    def tricks_won(self, side: Side | int) -> int:
        """Tricks taken so far by ``side``."""
        return self._won[side]

    def legal_mask(self, seat: Seat | int | None = None) -> int:
        """The cards ``seat`` (default: the seat to play) may legally play now.

        A seat that is not on turn has no legal card.  The mask follows suit:
        the suit led if held, otherwise the whole hand.
        """
        turn = self._turn
        if seat is not None and seat != turn:
            return 0
        if len(self._tricks) == 13:
            return 0
        hand = self._hands[turn]
        if self._trick:
            follow = hand & SUIT_MASK[self._trick[0] // 13]
            if follow:
                return follow
        return hand

    def legal_cards(self, seat: Seat | int | None = None) -> list[Card]:
        """The cards the seat to play may legally play, in card order."""
        return cards_of(self.legal_mask(seat))

    def can_play(self, card: Card | int | str, seat: Seat | int | None = None) -> bool:
        """Whether ``card`` is a legal play now (for ``seat``, default the seat to play).

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> s = HandState(deal_cards(random.Random(3), Seat.N))
        >>> s.can_play(s.legal_cards()[0]), s.can_play(s.legal_cards()[0], Seat.S)
        (True, False)
        """
        if isinstance(card, str):
            card = Card.parse(card)
        return bool(self.legal_mask(seat) >> card & 1)

    def why_illegal(self, card: Card | int | str, seat: Seat | int | None = None) -> str | None:
        """Why ``card`` may not be played now, or None if it may."""
        if isinstance(card, str):
            card = Card.parse(card)
        who = _SEATS[self._turn if seat is None else seat]
        if not 0 <= card < 52:
            return f"no card {card!r}: a card index is 0..51"
        c = CARDS[card]
        if self.is_over:
            return "the hand is over"
        if who != self._turn:
            return f"not {who}'s turn: {self.turn} is to play"
        if not self._hands[who] >> c & 1:
            return "not in hand"
        if self._trick:
            led = self._trick[0] // 13
            if c // 13 != led and self._hands[who] & SUIT_MASK[led]:
                return f"must follow {_SUITS[led].word}"
        return None

    # ----------------------------------------------------------------- actions
    def play(self, card: Card | int | str, seat: Seat | int | None = None) -> Event:
        """Play ``card`` for the seat on turn (or for ``seat``), and return its event.

        In enforced mode anything illegal raises an ``IllegalPlay``; in laws mode a
        revoke is played and marked, a card out of turn is recorded and exposed.
        """
        if isinstance(card, str):
            card = Card.parse(card)
        turn = self._turn
        if seat is not None and seat != turn:
            return self._out_of_turn(card, seat)
        bit = 1 << card
        hands = self._hands
        hand = hands[turn]
        if not hand & bit:
            if len(self._tricks) == 13:
                raise HandOver(f"the hand is over: {_name(card)} cannot be played")
            raise NotInHand(_name(card), _SEATS[turn].name)
        trick = self._trick
        revoke = False
        if trick:
            led = SUIT_MASK[trick[0] // 13]
            if not bit & led and hand & led:
                if self._enforced:
                    raise MustFollowSuit(
                        _name(card), _SEATS[turn].name, _SUITS[trick[0] // 13].word
                    )
                revoke = True
        hands[turn] = hand ^ bit
        if self._any_exposed:
            self._exposed[turn] &= ~bit
        trick.append(card)
        event: Event = _new_event(
            CardPlayed, (_SEATS[turn], CARDS[card], len(self._tricks), revoke, "play")
        )
        self._log.append(event)
        if len(trick) == 4:
            self._quit_trick()
        else:
            self._turn = (turn + 1) & 3
        return event

    def _quit_trick(self) -> None:
        trick = self._trick
        trump = self._trump
        best = trick[0]
        best_suit = best // 13
        best_i = 0
        for i in (1, 2, 3):
            c = trick[i]
            s = c // 13
            if s == best_suit:
                if c > best:
                    best, best_i = c, i
            elif s == trump:
                best, best_i, best_suit = c, i, s
        winner = (self._leader + best_i) & 3
        seat = _SEATS[winner]
        number = len(self._tricks)
        self._tricks.append(
            Trick(
                _SEATS[self._leader],
                (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]], CARDS[trick[3]]),
                seat,
            )
        )
        self._won[winner & 1] += 1
        self._log.append(_new_event(TrickQuitted, (number, seat, "quitted")))
        self._trick = []
        self._leader = self._turn = winner

    def _out_of_turn(self, card: int, seat: Seat | int) -> Event:
        who = _SEATS[seat]
        if len(self._tricks) == 13:
            raise HandOver(f"the hand is over: {_name(card)} cannot be played by {who}")
        if self._enforced:
            raise NotYourTurn(_name(card), who.name, _SEATS[self._turn].name)
        if not self._hands[who] >> card & 1:
            raise NotInHand(_name(card), who.name)
        event = PlayOutOfTurn(
            who, CARDS[card], len(self._tricks), _SEATS[self._turn], not self._trick
        )
        self._exposed[who] |= 1 << card
        self._any_exposed = True
        self._log.append(event)
        return event

    def expose(self, card: Card | int | str, seat: Seat | int, reason: str = "exposed") -> Event:
        """Record a card of ``seat`` exposed without being played (law 56)."""
        if isinstance(card, str):
            card = Card.parse(card)
        who = _SEATS[seat]
        if not self._hands[who] >> card & 1:
            raise NotInHand(_name(card), who.name)
        event = CardExposed(who, CARDS[card], len(self._tricks), reason)
        self._exposed[who] |= 1 << card
        self._any_exposed = True
        self._log.append(event)
        return event

    def call_honours(self, seat: Seat | int, honours: int) -> Event:
        """Record a call of honours at the point of eight (long whist)."""
        who = _SEATS[seat]
        event = HonoursCalled(who.side, who, honours)
        self._log.append(event)
        return event

    def undo(self) -> Event:
        """Take back the last action and return its event."""
        log = self._log
        if not log:
            raise NothingToUndo("nothing to undo: no card has been played")
        event = log.pop()
        if isinstance(event, TrickQuitted):
            trick = self._tricks.pop()
            self._won[trick.winner & 1] -= 1
            self._leader = int(trick.leader)
            self._trick = [int(c) for c in trick.cards]
            event = log.pop()
        if isinstance(event, CardPlayed):
            card = int(event.card)
            seat = int(event.seat)
            self._trick.pop()
            self._hands[seat] |= 1 << card
            self._turn = seat
            if self._any_exposed:
                self._restore_exposed()
        elif isinstance(event, PlayOutOfTurn | CardExposed):
            self._restore_exposed()
        return event

    def _restore_exposed(self) -> None:
        exposed = [0, 0, 0, 0]
        for e in self._log:
            if isinstance(e, PlayOutOfTurn | CardExposed):
                exposed[e.seat] |= 1 << e.card
            elif isinstance(e, CardPlayed):
                exposed[e.seat] &= ~(1 << e.card)
        self._exposed = exposed
        self._any_exposed = any(exposed) or any(
            isinstance(e, PlayOutOfTurn | CardExposed) for e in self._log
        )

    def copy(self) -> HandState:
        """An independent copy (the deal, rules and events are shared, being frozen)."""
        new = HandState.__new__(HandState)
        new.deal = self.deal
        new.rules = self.rules
        new.dummies = self.dummies
        new._enforced = self._enforced
        new._hands = self._hands[:]
        new._trump = self._trump
        new._leader = self._leader
        new._turn = self._turn
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._won = self._won[:]
        new._log = self._log[:]
        new._exposed = self._exposed[:]
        new._any_exposed = self._any_exposed
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandState):
            return NotImplemented
        return (
            self.deal == other.deal
            and self.rules == other.rules
            and self.dummies == other.dummies
            and self._hands == other._hands
            and self._leader == other._leader
            and self._turn == other._turn
            and self._trick == other._trick
            and self._tricks == other._tricks
            and self._won == other._won
            and self._log == other._log
            and self._exposed == other._exposed
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------------------- views
    def view(self, seat: Seat | int) -> SeatView:
        """What ``seat`` may see now (laws 52 and 91)."""
        me = _SEATS[seat]
        exposed = list(self._exposed)
        for d in self.dummies:
            exposed[d] = self._hands[d]
        over = self.is_over
        return SeatView(
            seat=me,
            hand=self._hands[me],
            dealer=self.deal.dealer,
            trump=self.trump,
            trump_card=self.deal.trump_card if self.trump_card_on_table else None,
            turn=None if over else self.turn,
            leader=self.leader,
            trick=tuple(self.current_trick),
            last_trick=self.last_trick,
            trick_number=self.trick_number,
            tricks_won=(self._won[0], self._won[1]),
            exposed=(exposed[0], exposed[1], exposed[2], exposed[3]),
            legal=0 if over else self.legal_mask(me),
        )

    def __repr__(self) -> str:
        return (
            f"<HandState {self.deal.to_pbn()} trump {self.trump.name} "
            f"trick {self.trick_number + 1} {self.turn} to play>"
        )


def _name(card: int) -> str:
    # only on error paths: a card index out of range is named as given, not an IndexError
    return str(CARDS[card]) if 0 <= card < 52 else repr(card)

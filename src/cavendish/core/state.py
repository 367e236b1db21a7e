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

The laws arbiter (:mod:`cavendish.laws`) adds what the laws need, all in "laws"
mode and all as events of the log: calls that constrain later play (a called card,
a called suit, the highest or lowest of a suit, to win or not to win the trick),
which :meth:`HandState.legal_mask` honours for every player and whose breach is
flagged as a revoke (law 61); a card taken back from a trick (laws 63, 76); a
change of leader (law 63); a card not played to a trick, or played to the wrong
one (laws 46, 69, 70).  None of it costs the enforced hot path anything: that
bookkeeping lives in an object that exists only while such an event is in the
log, and every method takes its slow path only then.  With it, ``undo()``
rebuilds the hand from the log, so the log is always the whole truth.

The hot path (``play`` with no bookkeeping, the seat on turn, a legal card) is one
method: one test that the card is a card, the legal mask's own expression inline,
and a shared frozen event per (trick, seat, card), built once (the state keeps the
current trick's row of them); the trick is quitted through
:func:`~cavendish.core.tricks.full_trick_index` and recorded as ints (leader, cards,
winner), its :class:`Trick` built only when read (``tricks``, ``last_trick``, the
laws' paths), so a playout allocates nothing per card but the log's slot.  Every
refusal is :meth:`HandState._refusal`'s, the one statement of a card's legality.
:meth:`HandState.play_random` is the playouts' path: the k-th legal card drawn from
the legal mask itself (one table lookup when following suit), then ``play``'s hot
path; the same card, event and log as ``play`` of that card.

The trump card lies face up until the dealer plays to the first trick (law 52);
each seat's :meth:`HandState.view` shows its own hand, the exposed hands (dummy),
the trump card while it is on the table, the current trick and the last trick
turned and quitted, but no earlier trick (law 91).

The old games (000) deal twelve cards each, so a hand is twelve tricks: the state
counts the tricks of its deal (``_ntricks``, read once), and nothing on the hot path
changes.  Ruff-and-honours adds one act before the first lead: the holder of the
ace of trumps may take in the stock and put out four cards (:meth:`HandState.ruff`,
a :class:`~cavendish.core.events.Ruffed` event of the log, undone and replayed like
any other); the hands it leaves are those the deal is played and its honours
counted with (:meth:`HandState.opening_hand`).

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

import operator
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

from .cards import CARDS, SUIT_MASK, Card, Seat, Side, Suit, cards_of
from .deal import Deal, honours_mask
from .errors import (
    ActionRefused,
    HandOver,
    IllegalPlay,
    MustFollowSuit,
    NotACard,
    NothingToUndo,
    NotInHand,
    NotYourTurn,
    WhistError,
)
from .events import (
    CALLS,
    Called,
    CardCovered,
    CardExposed,
    CardMislaid,
    CardPlayed,
    CardRestored,
    CardWithdrawn,
    Claimed,
    Elected,
    Event,
    HonoursCalled,
    LeaderChanged,
    PlayOmitted,
    PlayOutOfTurn,
    Ruffed,
    Ruling,
    SurplusPlayed,
    TakenBack,
    TrickQuitted,
)
from .rules import Rules
from .tricks import beats, full_trick_index, trick_winner, winning_index

__all__ = ["HandState", "SeatView", "Trick", "standing_plays", "trick_winner"]

_SEATS: Final = tuple(Seat)
_new_event: Final = tuple.__new__  # builds a NamedTuple event without its keyword-parsing __new__
_SUITS: Final = tuple(Suit)
_SIDES: Final = tuple(Side)
_BITS: Final = tuple(1 << i for i in range(52))
_SUIT_OF: Final = tuple(SUIT_MASK[card // 13] for card in range(52))
"""``_SUIT_OF[card]``: the mask of the card's suit (following suit is one ``&``)."""


_NEXT: Final = (1, 2, 3, 0)
"""``_NEXT[seat]``: the seat on its left, next to play."""


_PLAYED: Final = (
    *(
        tuple(
            tuple(_new_event(CardPlayed, (seat, card, number, False, "play")) for card in CARDS)
            for seat in _SEATS
        )
        for number in range(13)
    ),
    ((),) * 4,
)
"""``_PLAYED[trick][seat][card]``: every card played without a revoke, built once (the
events are frozen, so the hot path shares them).  The state keeps the current trick's
row (``HandState._row``); the last row, empty, is the row once the hand is over."""
_QUITTED: Final = tuple(
    tuple(_new_event(TrickQuitted, (number, seat, "quitted")) for seat in _SEATS)
    for number in range(13)
)
"""``_QUITTED[trick][winner]``: every trick quitted, built once."""

_BASE: Final = tuple(13 * (card // 13) for card in range(52))
"""``_BASE[card]``: the first card of its suit (the suit's bits start there)."""


def _ranks_in() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for bits in range(1, 1 << 13):
        high = bits.bit_length() - 1
        table.append(table[bits ^ (1 << high)] + (high,))
    return tuple(table)


_RANKS_IN: Final = _ranks_in()
"""``_RANKS_IN[bits]``: the ranks (0 for the two .. 12 for the ace) of the 13-bit
holding of one suit ``bits``, low to high: the k-th card of a suit is one lookup."""


def _kth(mask: int, rnd: Callable[[], float]) -> int:
    """The k-th card of ``mask`` in card order, ``k = int(rnd() * cards)``: a card drawn
    uniformly from ``mask`` (:meth:`HandState.play_random`'s one draw)."""
    k = int(rnd() * mask.bit_count())
    while k:  # drop the k lowest cards
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


_Quitted = tuple[int, list[int], int]
"""A trick quitted on the hot path, as :meth:`HandState._put` records it: the leader,
the four cards in order of play, the winner (ints); its :class:`Trick` is built when
read (:meth:`HandState._trick_at`)."""


class Trick(NamedTuple):
    """A trick turned and quitted: who led, the cards in order of play, the winner.

    A trick has four cards, but for an imperfect trick (laws 46, 69, 70), whose
    ``missing`` seats played no card to it.
    """

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat
    missing: tuple[Seat, ...] = ()

    def card_of(self, seat: Seat) -> Card:
        """The card ``seat`` played to this trick."""
        pos = (seat - self.leader) & 3
        if self.missing:
            if seat in self.missing:
                raise ValueError(f"{Seat(seat)} played no card to this trick (an imperfect trick)")
            pos -= sum(1 for m in self.missing if (m - self.leader) & 3 < pos)
        return self.cards[pos]

    def plays(self) -> list[tuple[Seat, Card]]:
        """(seat, card) in order of play, the missing seats left out."""
        seats = [self.leader.offset(i) for i in range(4)]
        return list(zip([s for s in seats if s not in self.missing], self.cards, strict=True))

    def __str__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"{self.leader} led: {cards}; {self.winner} won"


class _Book:
    """The laws-mode bookkeeping: exposed cards, calls in force, mislaid cards.

    It exists only while the log holds an event that needs it; it is rebuilt from
    the log by :meth:`HandState._rebuild`.
    """

    __slots__ = ("calls", "exposed", "mislaid")

    def __init__(self) -> None:
        self.exposed = [0, 0, 0, 0]
        self.calls: list[Called] = []
        self.mislaid = [0, 0, 0, 0]

    def copy(self) -> _Book:
        new = _Book()
        new.exposed = self.exposed[:]
        new.calls = self.calls[:]
        new.mislaid = self.mislaid[:]
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Book):
            return NotImplemented
        return (self.exposed, self.calls, self.mislaid) == (
            other.exposed,
            other.calls,
            other.mislaid,
        )

    __hash__ = None  # type: ignore[assignment]


_STATEFUL = (
    PlayOutOfTurn,
    CardExposed,
    Called,
    CardWithdrawn,
    CardCovered,
    LeaderChanged,
    PlayOmitted,
    SurplusPlayed,
    CardMislaid,
    CardRestored,
)
"""Events that need the laws-mode bookkeeping (and the slow path)."""


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
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
    tricks_in_hand: int = 13
    """The tricks of the hand: thirteen, or twelve in the old games (000)."""
    out_of_play: int = 0
    """Cards the seat knows are in no hand: the deuces put out (whisk), the stock's
    turned card, the cards the seat itself put out at its ruff (ruff-and-honours)."""
    stock_hidden: int = 0
    """How many cards lie in the stock unseen by this seat (ruff-and-honours)."""
    stock_card: Card | None = None
    """Ruff-and-honours: the stock's top card, turned up for trumps and seen by every
    player (000: "The top card of the stock was turned up for trumps"); shown while it
    lies on the stock, and after a ruff too (it was seen: the ruffer took it in, and may
    have put it out again).  It is no card of the dealer's (:attr:`trump_card` is None)."""

    def hand_cards(self) -> list[Card]:
        """The seat's cards."""
        return cards_of(self.hand)

    def legal_cards(self) -> list[Card]:
        """The cards the seat may play now."""
        return cards_of(self.legal)


class HandState:
    """One hand of whist from the opening lead to the thirteenth trick."""

    __slots__ = (
        "_book",
        "_enforced",
        "_hands",
        "_leader",
        "_log",
        "_ntricks",
        "_row",
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
        self._leader = (int(deal.dealer) + 1) & 3  # the eldest hand, on the dealer's left
        self._turn = self._leader
        self._trick: list[int] = []
        self._tricks: list[Trick | _Quitted] = []
        self._row = _PLAYED[0]  # the events of the trick in play (see _PLAYED)
        self._won = [0, 0]
        self._log: list[Event] = []
        self._book: _Book | None = None
        self._ntricks = deal.hands[0].bit_count()  # 13; 12 in the old games (000)

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
        """0-based number of the current trick; 13 (12 in the old games) once the hand
        is over."""
        return len(self._tricks)

    @property
    def is_over(self) -> bool:
        """True once thirteen tricks (twelve in the old games) have been turned and quitted."""
        return len(self._tricks) == self._ntricks

    @property
    def tricks_in_hand(self) -> int:
        """The tricks of this hand: thirteen, or twelve in the old games (000)."""
        return self._ntricks

    @property
    def current_trick(self) -> list[tuple[Seat, Card]]:
        """The cards played to the trick in progress, with their seats."""
        lead = self._leader
        return [(_SEATS[(lead + i) & 3], CARDS[c]) for i, c in enumerate(self._trick) if c >= 0]

    @property
    def current_seats(self) -> list[Seat]:
        """The seats that have had their turn in the trick in progress (a seat that
        played no card to it included, law 69)."""
        lead = self._leader
        return [_SEATS[(lead + i) & 3] for i in range(len(self._trick))]

    @property
    def tricks(self) -> list[Trick]:
        """Every trick quitted so far (the full record; a seat's view shows only the last)."""
        return [self._trick_at(i) for i in range(len(self._tricks))]

    @property
    def last_trick(self) -> Trick | None:
        """The last trick turned and quitted."""
        return self._trick_at(-1) if self._tricks else None

    def _trick_at(self, index: int) -> Trick:
        """Trick ``index`` quitted, as a :class:`Trick` (built from the hot path's record
        on the first read, and kept)."""
        tricks = self._tricks
        trick = tricks[index]
        if isinstance(trick, Trick):
            return trick
        leader, cards, winner = trick
        played = tuple(map(CARDS.__getitem__, cards))
        made = _new_event(Trick, (_SEATS[leader], played, _SEATS[winner], ()))
        tricks[index] = made
        return made

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything applied to this hand, in order."""
        return tuple(self._log)

    @property
    def trump_card_on_table(self) -> bool:
        """The trump card lies face up until the dealer plays to the first trick (law 52)."""
        if self._tricks:
            return False
        if self.deal.stock and self.ruffed is not None and self.ruffed.taken:
            return False  # taken in with the stock by the ruff (ruff-and-honours)
        dealer = self.deal.dealer
        return len(self._trick) <= ((dealer - self._leader) & 3)

    @property
    def revokes(self) -> list[CardPlayed]:
        """Every card played as a revoke (laws mode only), but those taken back."""
        if self._book is None and self._enforced:
            return []  # the enforced rules refuse every revoke
        gone = _withdrawn(self._log) if self._book is not None else set()
        return [
            e
            for i, e in enumerate(self._log)
            if isinstance(e, CardPlayed) and e.revoke and i not in gone
        ]

    def hand(self, seat: Seat | int) -> int:
        """The cards ``seat`` still holds (mask)."""
        return self._hands[seat]

    def hand_cards(self, seat: Seat | int) -> list[Card]:
        """The cards ``seat`` still holds."""
        return cards_of(self._hands[seat])

    def exposed(self, seat: Seat | int) -> int:
        """Cards of ``seat`` lying face up: liable to be called (law 56)."""
        return 0 if self._book is None else self._book.exposed[seat]

    def mislaid(self, seat: Seat | int) -> int:
        """Cards out of ``seat``'s hand that he is answerable for (laws 46, 70)."""
        return 0 if self._book is None else self._book.mislaid[seat]

    def calls(self, seat: Seat | int | None = None) -> list[Called]:
        """The calls in force (on ``seat``, or on every seat), in the order made."""
        if self._book is None:
            return []
        return [c for c in self._book.calls if seat is None or c.seat == seat]

    def tricks_won(self, side: Side | int) -> int:
        """Tricks taken so far by ``side``."""
        return self._won[side]

    def led_suit(self) -> Suit | None:
        """The suit led to the trick in progress, or None before the lead."""
        for c in self._trick:
            if c >= 0:
                return _SUITS[c // 13]
        return None

    def legal_mask(self, seat: Seat | int | None = None) -> int:
        """The cards ``seat`` (default: the seat to play) may legally play now.

        A seat that is not on turn has no legal card.  The mask follows suit:
        the suit led if held, otherwise the whole hand; and it obeys the calls in
        force on the seat (laws 56-68, 76, 86), none of which can make him revoke
        (law 64).
        """
        if self._book is not None:
            return self._legal_laws(seat)
        turn = self._turn
        if seat is not None and seat != turn:
            return 0
        hand = self._hands[turn]  # empty once the hand is over (no laws event moved a card)
        trick = self._trick
        if trick:
            return hand & _SUIT_OF[trick[0]] or hand
        return hand

    def legal_cards(self, seat: Seat | int | None = None) -> list[Card]:
        """The cards the seat to play may legally play, in card order."""
        return cards_of(self.legal_mask(seat))

    def verify_play(self, card: Card | int, seat: Seat | int | None = None) -> None:
        """Raise the error that refuses ``card`` as a legal play now (for ``seat``, default
        the seat to play): the hand over, not his turn, not in his hand, a failure to
        follow suit, a call disobeyed.  This is the one statement of a card's legality:
        :meth:`play`, :meth:`can_play` and :meth:`why_illegal` all use it.

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> s = HandState(deal_cards(random.Random(3), Seat.N))
        >>> s.verify_play(s.legal_cards()[0], Seat.S)
        Traceback (most recent call last):
        ...
        cavendish.core.errors.NotYourTurn: illegal card 'S2' for S: not S's turn: E is to play
        """
        refusal = self._refusal(card, seat)
        if refusal is not None:
            raise refusal

    def can_play(self, card: Card | int, seat: Seat | int | None = None) -> bool:
        """Whether ``card`` is a legal play now (for ``seat``, default the seat to play).

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> s = HandState(deal_cards(random.Random(3), Seat.N))
        >>> s.can_play(s.legal_cards()[0]), s.can_play(s.legal_cards()[0], Seat.S)
        (True, False)
        """
        return self._refusal(card, seat) is None

    def why_illegal(self, card: Card | int, seat: Seat | int | None = None) -> str | None:
        """Why ``card`` may not be played now, or None if it may."""
        refusal = self._refusal(card, seat)
        return None if refusal is None else refusal.why

    def _refusal(self, card: object, seat: Seat | int | None) -> IllegalPlay | HandOver | None:
        """What refuses ``card`` now for ``seat`` (see :meth:`verify_play`), or None."""
        turn = self._turn
        who = _SEATS[turn if seat is None else seat]
        if not _is_card(card):
            return NotACard(card, who.name)
        name = _name(card)  # type: ignore[arg-type]
        if len(self._tricks) == self._ntricks:
            return HandOver(f"the hand is over: {name} cannot be played")
        if who != turn:
            return NotYourTurn(name, who.name, _SEATS[turn].name)
        if not self._hands[who] >> card & 1:  # type: ignore[operator]
            return NotInHand(name, who.name)
        if self.legal_mask(who) >> card & 1:  # type: ignore[operator]
            return None
        if not self._base(who) >> card & 1:  # type: ignore[operator]
            led = self.led_suit()
            assert led is not None
            return MustFollowSuit(name, who.name, led.word)
        call = self._binding_call(who)
        return IllegalPlay(name, who.name, str(call) if call is not None else "against a call")

    # ----------------------------------------------------------------- actions
    def play(self, card: Card | int, seat: Seat | int | None = None) -> Event:
        """Play ``card`` for the seat on turn (or for ``seat``), and return its event.

        In enforced mode anything illegal raises an ``IllegalPlay``; in laws mode a
        revoke is played and marked, a card out of turn is recorded and exposed.
        """
        # The hot path: a card (one test), no laws bookkeeping, the seat on turn.
        # ``legal`` is :meth:`legal_mask` without its bookkeeping branch (the same
        # expression); a card outside it goes to _revoke, whose refusal comes from
        # :meth:`_refusal`, the one statement of legality.
        cls = card.__class__
        if cls is not Card and (cls is not int or not 0 <= card < 52):
            card = _strict(card, self._turn if seat is None else seat)
        turn = self._turn
        if self._book is not None or (seat is not None and seat != turn):
            return self._play_slow(card, seat)
        hand = self._hands[turn]
        trick = self._trick
        legal = (hand & _SUIT_OF[trick[0]] or hand) if trick else hand
        event = self._row[turn][card] if legal >> card & 1 else self._revoke(card)
        return self._put(turn, hand, card, event)

    def play_random(self, rnd: Callable[[], float]) -> Event:
        """Play a card chosen at random among the legal ones, and return its event.

        ``rnd`` is a source of floats in ``[0, 1)`` (``random.Random(seed).random``):
        one draw per card, ``k = int(rnd() * n)`` with ``n`` the legal cards, and the
        ``k``-th legal card in card order is played.  It is exactly
        ``play(legal_cards()[int(rnd() * len(legal_cards()))])``, the same card, the same
        event and the same log, at a fraction of the cost: the card is drawn from the
        legal mask itself, so it needs none of :meth:`play`'s refusals (the search's
        random playouts, random players and the engine benchmark use it).  With the
        laws bookkeeping (calls in force) the choice is made among
        :meth:`legal_mask`'s cards and played through :meth:`play`.  Refused with
        :class:`~cavendish.core.errors.HandOver` once the hand is over.

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> a, b = (HandState(deal_cards(random.Random(4), Seat.N)) for _ in "ab")
        >>> ra, rb = random.Random(9).random, random.Random(9).random
        >>> for _ in range(52):
        ...     cards = a.legal_cards()
        ...     _ = a.play(cards[int(ra() * len(cards))])
        ...     _ = b.play_random(rb)
        >>> a.events == b.events and b.is_over
        True
        """
        if self._book is not None:
            return self._play_random_slow(rnd)
        turn = self._turn
        hand = self._hands[turn]
        trick = self._trick
        if trick:
            base = _BASE[trick[0]]
            ranks = _RANKS_IN[hand >> base & 0x1FFF]
            # following suit: the k-th rank held of the suit led; void: the whole hand
            card = base + ranks[int(rnd() * len(ranks))] if ranks else _kth(hand, rnd)
        elif hand:
            card = _kth(hand, rnd)
        else:
            raise HandOver("the hand is over: no card to play")
        # the tail of :meth:`play`'s hot path (the card is legal by construction)
        return self._put(turn, hand, card, self._row[turn][card])

    def _put(self, turn: int, hand: int, card: int, event: Event) -> Event:
        """The seat on turn, holding ``hand``, puts ``card`` to the trick (``event``,
        logged); the turn passes, or, at the fourth card, the trick is turned and
        quitted (law 73)."""
        self._hands[turn] = hand ^ _BITS[card]
        trick = self._trick
        trick.append(card)
        log = self._log
        log.append(event)
        if len(trick) < 4:
            self._turn = _NEXT[turn]
            return event
        leader = self._leader
        a, b, c, d = trick
        winner = (leader + full_trick_index(a, b, c, d, self._trump)) & 3
        tricks = self._tricks
        log.append(_QUITTED[len(tricks)][winner])
        tricks.append((leader, trick, winner))  # its Trick is built when read
        self._row = _PLAYED[len(tricks)]
        self._won[winner & 1] += 1
        self._trick = []
        self._leader = self._turn = winner
        return event

    def _play_random_slow(self, rnd: Callable[[], float]) -> Event:
        """:meth:`play_random` with the laws bookkeeping: the choice among
        :meth:`legal_mask`'s cards, played through :meth:`play`."""
        legal = self.legal_mask()
        if not legal:
            if self.is_over:
                raise HandOver("the hand is over: no card to play")
            raise ActionRefused(f"{self.turn} has no card that can be played now")
        return self.play(_kth(legal, rnd))

    def _revoke(self, card: int) -> CardPlayed:
        """A card the seat on turn may not play: refused, or (laws mode, a failure to
        follow suit) its event marked as a revoke, to be played (law 71)."""
        refusal = self._refusal(card, None)
        assert refusal is not None  # legal_mask took every legal card
        if self._enforced or not isinstance(refusal, MustFollowSuit):
            raise refusal
        number = len(self._tricks)
        return _new_event(CardPlayed, (_SEATS[self._turn], CARDS[card], number, True, "play"))

    def _play_slow(self, card: int, seat: Seat | int | None) -> Event:
        """``play`` with the laws bookkeeping, or for a seat out of turn."""
        if self._book is not None:
            return self._play_laws(card, seat)
        assert seat is not None
        return self._out_of_turn(card, seat)

    def _out_of_turn(self, card: int, seat: Seat | int) -> Event:
        who = _SEATS[seat]
        if len(self._tricks) == self._ntricks:
            raise HandOver(f"the hand is over: {_name(card)} cannot be played by {who}")
        if self._enforced:
            raise NotYourTurn(_name(card), who.name, _SEATS[self._turn].name)
        if not self._hands[who] >> card & 1:
            raise NotInHand(_name(card), who.name)
        event = PlayOutOfTurn(
            who, CARDS[card], len(self._tricks), _SEATS[self._turn], not self.current_seats
        )
        return self._record(event)

    def expose(self, card: Card | int, seat: Seat | int, reason: str = "exposed") -> Event:
        """Record a card of ``seat`` exposed without being played (law 56)."""
        who = _SEATS[seat]
        card = _strict(card, who)
        if not self._hands[who] >> card & 1:
            raise NotInHand(_name(card), who.name)
        return self._record(CardExposed(who, CARDS[card], len(self._tricks), reason))

    # ---------------------------------------------- ruff-and-honours: the ruff
    @property
    def ruffed(self) -> Ruffed | None:
        """The ruff (or its refusal) made in this hand, if any."""
        if not self.deal.stock:
            return None
        return next((e for e in self._log if isinstance(e, Ruffed)), None)

    @property
    def ruff_due(self) -> Seat | None:
        """Ruff-and-honours: the seat that may ruff now, the holder of the ace of trumps,
        before any card is played and once only; None otherwise (and when the ace was
        turned up, lying in the stock: nobody holds it to ruff).

        >>> import random
        >>> from cavendish.core.rules import get_rules
        >>> from cavendish.core.table import deal_for
        >>> rules = get_rules("ruff-and-honours")
        >>> state = HandState(deal_for(rules, random.Random(3), Seat.N), rules)
        >>> seat = state.ruff_due; seat
        <Seat.E: 1>
        >>> out = state.hand_cards(seat)[:4]
        >>> event = state.ruff(seat, out)
        >>> len(event.taken), state.hand(seat).bit_count(), state.ruff_due is None
        (4, 12, True)
        >>> state.undo() == event, state.hand(seat) == state.deal.hand(seat)
        (True, True)
        """
        deal = self.deal
        if not deal.stock or not self.rules.ruff:
            return None
        if any(isinstance(e, CardPlayed | PlayOutOfTurn | Ruffed) for e in self._log):
            return None
        ace = 13 * self._trump + 12
        for seat in _SEATS:
            if deal.hands[seat] >> ace & 1:
                return seat
        return None

    def ruff(self, seat: Seat | int, put_out: Iterable[Card | int] = ()) -> Ruffed:
        """Ruff-and-honours: ``seat``, holding the ace of trumps, takes in the stock and
        puts out the four cards ``put_out`` (any four of his hand and the stock); with
        no cards he declines, and the stock stays as dealt.  Refused (``ActionRefused``,
        naming why) when the ruff is not his, or once a card is played.
        """
        who = _SEATS[seat]
        due = self.ruff_due
        if due != who:
            if not self.deal.stock or not self.rules.ruff:
                raise ActionRefused(f"{who} cannot ruff: there is no ruffing in {self.rules.name}")
            why = "the ruff is past (it is made before the first card)" if due is None else (
                f"the ruff is {due}'s, who holds the ace of trumps"
            )
            raise ActionRefused(f"{who} cannot ruff: {why}")
        out = [_strict(c, who) for c in put_out]
        if not out:
            return self._record_ruff(_new_event(Ruffed, (who, (), (), "ruffed")))
        stock = self.deal.stock
        whole = self._hands[who] | stock
        wanted = stock.bit_count()
        mask = 0
        for c in out:
            if mask >> c & 1:
                raise ActionRefused(f"{who} cannot put out {c} twice")
            if not whole >> c & 1:
                raise NotInHand(str(c), who.name)
            mask |= 1 << c
        if len(out) != wanted:
            raise ActionRefused(
                f"{who} takes in the {wanted} cards of the stock and must put out {wanted}, "
                f"not {len(out)}"
            )
        taken = tuple(str(c) for c in cards_of(stock))
        event = _new_event(
            Ruffed, (who, taken, tuple(str(c) for c in cards_of(mask)), "ruffed")
        )
        return self._record_ruff(event)

    def _record_ruff(self, event: Ruffed) -> Ruffed:
        self._log.append(event)
        _fold_ruffed(self, event)
        return event

    def opening(self) -> HandState:
        """A new state of this deal at the first lead: the ruff made (or declined) as in
        this hand, no card played (what a review solves, what players begin with)."""
        start = HandState(self.deal, self.rules, dummies=self.dummies)
        ruffed = self.ruffed
        if ruffed is not None:
            start.apply(ruffed)
        return start

    def opening_hand(self, seat: Seat | int) -> int:
        """The cards ``seat`` held when the play began: as dealt, or after the ruff
        (ruff-and-honours, :meth:`ruff`)."""
        hand = self.deal.hands[seat]
        ruffed = self.ruffed
        if ruffed is not None and ruffed.seat == seat and ruffed.taken:
            hand = (hand | self.deal.stock) & ~_mask_of(ruffed.put_out)
        return hand

    def honours(self, side: Side | int) -> int:
        """How many honours of trumps ``side`` held in play (law 3): the deal's
        (:meth:`Deal.honours`), or, after a ruff, the hands it left; an honour put out
        to the stock counts for nobody."""
        if not self.deal.stock:
            return self.deal.honours(side)
        honours = honours_mask(self._trump)
        return (
            (self.opening_hand(side) | self.opening_hand(side + 2)) & honours
        ).bit_count()

    def call_honours(self, seat: Seat | int, honours: int) -> Event:
        """Record a call of honours at the point of eight (long whist)."""
        who = _SEATS[seat]
        event = HonoursCalled(who.side, who, honours)
        self._log.append(event)
        return event

    # ------------------------------------------------------- laws-mode actions
    def call(
        self,
        seat: Seat | int,
        call: str,
        target: Card | Suit | str = "",
        *,
        law: int,
        trick: int = -1,
    ) -> Called:
        """Record a call on ``seat`` (see :data:`~cavendish.core.events.CALLS`) that
        constrains his later play; the legal-card query honours it.

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> from cavendish.core.rules import get_rules
        >>> s = HandState(deal_cards(random.Random(3), Seat.N), get_rules("short", mode="laws"))
        >>> s.turn, [str(c) for c in s.legal_cards()][:3]
        (<Seat.E: 1>, ['S2', 'S7', 'ST'])
        >>> _ = s.call(Seat.E, "lead", "H", law=62)
        >>> [str(c) for c in s.legal_cards()]
        ['H2', 'H3', 'HK', 'HA']
        """
        if call not in CALLS:
            raise ActionRefused(f"unknown call {call!r}: expected one of {', '.join(CALLS)}")
        text = str(target)
        if call in ("card", "play"):
            c = Card.parse(text)
            if not self._hands[seat] >> c & 1:
                raise NotInHand(str(c), _SEATS[seat].name)
            text = str(c)
        elif call in ("highest", "lowest", "lead"):
            text = str(Suit.parse(text))
        else:
            text = ""
        event = Called(_SEATS[seat], call, text, trick, law)
        self._record(event)
        return event

    def verify_withdraw(self) -> None:
        """Raise the error that refuses a withdrawal now (no card to take back)."""
        found = self._withdrawable()
        if isinstance(found, WhistError):
            raise found

    def can_withdraw(self) -> bool:
        """Whether a card can be taken back now (see :meth:`withdraw`).

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> from cavendish.core.rules import get_rules
        >>> s = HandState(deal_cards(random.Random(3), Seat.N), get_rules("short", mode="laws"))
        >>> s.can_withdraw(), s.play(s.legal_cards()[0]).kind, s.can_withdraw()
        (False, 'play', True)
        """
        return not isinstance(self._withdrawable(), WhistError)

    def withdraw(self, *, exposed: bool = False, law: int) -> CardWithdrawn:
        """Take back the last card played to a trick (reopening the last trick turned
        and quitted if no card of the next one is down); ``exposed``: it lies face up,
        liable to be called (laws 63, 76)."""
        found = self._withdrawable()
        if isinstance(found, WhistError):
            raise found
        seat, card, trick_no = found
        event = CardWithdrawn(seat, card, trick_no, exposed, law)
        self._log.append(event)
        self._rebuild()
        return event

    def _withdrawable(self) -> tuple[Seat, Card, int] | ActionRefused:
        """The seat, card and trick a withdrawal would take back, or what refuses it."""
        trick_no = len(self._tricks)
        entries = self._trick
        if entries:
            if entries[-1] < 0:
                return ActionRefused("no card to take back: the last seat played no card")
            seat = _SEATS[(self._leader + len(entries) - 1) & 3]
            return seat, CARDS[entries[-1]], trick_no
        if not self._tricks:
            return ActionRefused("no card to take back: no card has been played")
        last = self._trick_at(-1)
        if last.leader.offset(3) in last.missing:
            return ActionRefused("no card to take back: the last seat played no card to it")
        return _SEATS[(int(last.leader) + 3) & 3], last.cards[-1], trick_no - 1

    def verify_cover(self, seat: Seat | int, card: Card | int) -> None:
        """Raise the error that refuses :meth:`cover` of ``seat``'s ``card`` now."""
        refusal = self._cover_refusal(seat, card)
        if refusal is not None:
            raise refusal

    def can_cover(self, seat: Seat | int, card: Card | int) -> bool:
        """Whether ``seat``'s ``card`` can be taken up now: it is exposed or called."""
        return self._cover_refusal(seat, card) is None

    def cover(self, seat: Seat | int, card: Card | int, *, law: int) -> CardCovered:
        """An exposed card goes back into the hand, no longer liable to be called, and
        any call to play it ends."""
        self.verify_cover(seat, card)
        event = CardCovered(_SEATS[seat], CARDS[card], len(self._tricks), law)
        self._record(event)
        return event

    def _cover_refusal(self, seat: Seat | int, card: Card | int) -> WhistError | None:
        if not _is_card(card):
            return NotACard(card, _SEATS[seat].name)
        c = CARDS[card]
        called = any(x.call in ("card", "play") and x.target == str(c) for x in self.calls(seat))
        if not self.exposed(seat) >> c & 1 and not called:
            return ActionRefused(f"{c} of {_SEATS[seat]} is neither exposed nor called")
        return None

    def change_leader(self, seat: Seat | int, *, law: int) -> LeaderChanged:
        """Before the lead, make ``seat`` the leader of the trick (law 63)."""
        if self._trick:
            raise ActionRefused("the leader can change only before the lead")
        if self.is_over:
            raise HandOver("the hand is over: no trick to lead")
        event = LeaderChanged(_SEATS[seat], _SEATS[self._leader], len(self._tricks), law)
        self._record(event)
        return event

    def verify_omit(self) -> None:
        """Raise the error that refuses :meth:`omit` now (the hand over, the lead)."""
        refusal = self._omit_refusal()
        if refusal is not None:
            raise refusal

    def can_omit(self) -> bool:
        """Whether the seat on turn may play no card to this trick now (see :meth:`omit`)."""
        return self._omit_refusal() is None

    def omit(self, *, law: int) -> PlayOmitted:
        """The seat on turn plays no card to this trick (law 69; laws 46, 70 when his
        hand is empty); the trick is turned and quitted without it when its turn is done."""
        self.verify_omit()
        event = PlayOmitted(_SEATS[self._turn], len(self._tricks), law)
        self._record(event)
        return event

    def _omit_refusal(self) -> WhistError | None:
        if self.is_over:
            return HandOver("the hand is over: no trick to omit a card from")
        if self.led_suit() is None and self._hands[self._turn]:
            return ActionRefused(f"{self.turn} is to lead: the lead cannot be omitted")
        return None

    def count_surplus(
        self, seat: Seat | int, card: Card | int, trick: int, *, law: int = 69
    ) -> SurplusPlayed:
        """Count ``seat``'s ``card`` as his card to the imperfect trick ``trick`` (law 69)."""
        c = _strict(card, seat)
        if not 0 <= trick < len(self._tricks) or seat not in self._trick_at(trick).missing:
            raise ActionRefused(f"{_SEATS[seat]} did not miss trick {trick + 1}")
        if not self._hands[seat] >> c & 1:
            raise NotInHand(str(c), _SEATS[seat].name)
        event = SurplusPlayed(_SEATS[seat], c, trick, law)
        self._record(event)
        return event

    def mislay(self, seat: Seat | int, card: Card | int, *, law: int) -> CardMislaid:
        """``card`` leaves ``seat``'s hand unplayed; he stays answerable for revokes as
        if he held it (laws 46, 70)."""
        c = _strict(card, seat)
        if not self._hands[seat] >> c & 1:
            raise NotInHand(str(c), _SEATS[seat].name)
        event = CardMislaid(_SEATS[seat], c, len(self._tricks), law)
        self._record(event)
        return event

    def restore(self, seat: Seat | int, card: Card | int, *, law: int) -> CardRestored:
        """A mislaid card is found and given back (laws 46, 70)."""
        c = _strict(card, seat)
        if not self.mislaid(seat) >> c & 1:
            raise ActionRefused(f"{c} of {_SEATS[seat]} is not mislaid")
        event = CardRestored(_SEATS[seat], c, len(self._tricks), law)
        self._record(event)
        return event

    def note(self, event: Ruling | Elected | Claimed | TakenBack) -> Event:
        """Append a ruling, an election or a table event (a claim, cards taken back) to
        the log (it changes nothing in the hand)."""
        if not isinstance(event, Ruling | Elected | Claimed | TakenBack):
            raise ActionRefused(
                f"only a Ruling, Elected or table event can be noted, not {event!r}"
            )
        self._log.append(event)
        return event

    def apply(self, event: Event) -> Event:
        """Apply any event but a trick quitted (which follows from the fourth card) and
        return the event the state records: the way to replay a log.

        >>> from cavendish.core.table import deal_cards
        >>> import random
        >>> from cavendish.core.rules import get_rules
        >>> laws = get_rules("short", mode="laws")
        >>> s = HandState(deal_cards(random.Random(3), Seat.N), laws)
        >>> _ = s.play(s.legal_cards()[0]); _ = s.withdraw(exposed=True, law=76)
        >>> t = HandState(s.deal, laws)
        >>> for e in s.events:
        ...     _ = t.apply(e)
        >>> t == s
        True
        """
        action = _ACTIONS.get(type(event))
        if action is None:
            raise ActionRefused(f"cannot apply {event!r}: a trick is quitted by its fourth card")
        return action(self, event)

    def undo(self) -> Event:
        """Take back the last action and return its event."""
        log = self._log
        if not log:
            raise NothingToUndo("nothing to undo: no card has been played")
        if self._book is not None:
            event = log.pop()
            if isinstance(event, TrickQuitted):
                event = log.pop()
            self._rebuild()
            return event
        event = log.pop()
        cls = event.__class__
        if cls is TrickQuitted:
            record = self._tricks.pop()
            if isinstance(record, Trick):
                leader, cards = int(record.leader), [int(c) for c in record.cards]
                winner = int(record.winner)
            else:
                leader, cards, winner = record[0], record[1][:], record[2]
            self._won[winner & 1] -= 1
            self._leader = leader
            self._trick = cards
            self._row = _PLAYED[len(self._tricks)]
            event = log.pop()
            cls = event.__class__
        if cls is CardPlayed:
            played: CardPlayed = event  # type: ignore[assignment]
            seat = played.seat  # a Seat is its int
            self._trick.pop()
            self._hands[seat] |= _BITS[played.card]
            self._turn = seat
        elif isinstance(event, Ruffed) and event.taken:
            hand = self._hands[event.seat] | _mask_of(event.put_out)
            self._hands[event.seat] = hand & ~_mask_of(event.taken)
        return event

    def copy(self) -> HandState:
        """An independent copy (the deal, rules and events are shared, being frozen)."""
        # built by __init__ (compiled with mypyc the class has no bare __new__), its
        # fields then copied
        new = HandState(self.deal, self.rules, dummies=self.dummies)
        new._hands = self._hands[:]
        new._trump = self._trump
        new._leader = self._leader
        new._turn = self._turn
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._row = self._row
        new._won = self._won[:]
        new._log = self._log[:]
        new._ntricks = self._ntricks
        book = self._book
        new._book = None if book is None else book.copy()
        return new

    def __reduce__(self) -> tuple[Callable[..., HandState], tuple[Any, ...]]:
        """Pickled as its fields (process pools and Ray ship states): compiled with
        mypyc the class has no ``__dict__`` for pickle's default way.

        >>> import pickle, random
        >>> from cavendish.core.table import deal_cards
        >>> state = HandState(deal_cards(random.Random(2), Seat.E))
        >>> _ = state.play_random(random.Random(1).random)
        >>> back = pickle.loads(pickle.dumps(state))
        >>> back == state, back.events == state.events, back.legal_mask() == state.legal_mask()
        (True, True, True)
        """
        fields = (
            self._hands, self._leader, self._turn, self._trick, self._tricks, self._won,
            self._log, self._book,
        )
        return _unpickled, (self.deal, self.rules, self.dummies, fields)

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
            and self.tricks == other.tricks
            and self._won == other._won
            and self._log == other._log
            and self._book == other._book
        )

    __hash__ = None  # type: ignore[assignment]

    # ------------------------------------------------------ laws-mode internals
    def _record(self, event: Event) -> Event:
        """Append a stateful laws event and apply it (creating the bookkeeping)."""
        if self._book is None:
            self._book = _Book()
        self._log.append(event)
        quitted = self._fold(event)
        if quitted is not None:
            self._log.append(quitted)
        return event

    def _rebuild(self) -> None:
        """Recompute the whole hand from the log (laws mode: after undo or withdrawal)."""
        log = self._log
        deal = self.deal
        self._hands = list(deal.hands)
        self._leader = self._turn = int(deal.dealer.left)
        self._trick = []
        self._tricks = []
        self._row = _PLAYED[0]
        self._won = [0, 0]
        if not any(isinstance(e, _STATEFUL) for e in log):
            self._book = None
            for e in log:
                if isinstance(e, CardPlayed):
                    self._advance(int(e.card))
                elif isinstance(e, Ruffed):
                    _fold_ruffed(self, e)
            return
        self._book = _Book()
        gone = _withdrawn(log)
        for i, e in enumerate(log):
            if i in gone:
                continue
            self._fold(e)

    def _fold(self, event: Event) -> TrickQuitted | None:
        """Apply one event to the hand (no logging); a trick quitted is returned."""
        fold = _FOLDS.get(type(event))
        return None if fold is None else fold(self, event)

    def _advance(self, entry: int) -> TrickQuitted | None:
        """The seat on turn puts ``entry`` (a card, or -1 for none) to the trick."""
        turn = self._turn
        book = self._book
        if book is not None:
            self._consume_calls(turn, entry)
        if entry >= 0:
            bit = 1 << entry
            self._hands[turn] &= ~bit
            if book is not None:
                book.exposed[turn] &= ~bit
        trick = self._trick
        trick.append(entry)
        if len(trick) < 4:
            self._turn = (turn + 1) & 3
            return None
        leader = self._leader
        winner = (leader + winning_index(trick, self._trump)) & 3
        seat = _SEATS[winner]
        missing = tuple(_SEATS[(leader + i) & 3] for i, c in enumerate(trick) if c < 0)
        number = len(self._tricks)
        self._tricks.append(
            Trick(_SEATS[leader], tuple(CARDS[c] for c in trick if c >= 0), seat, missing)
        )
        self._row = _PLAYED[min(len(self._tricks), 13)]
        self._won[winner & 1] += 1
        self._trick = []
        self._leader = self._turn = winner
        return TrickQuitted(number, seat)

    def _count_surplus(self, event: SurplusPlayed) -> None:
        old = self._trick_at(event.trick)
        leader = int(old.leader)
        entries = []
        cards = iter(old.cards)
        for i in range(4):
            seat = _SEATS[(leader + i) & 3]
            if seat == event.seat:
                entries.append(int(event.card))
            elif seat in old.missing:
                entries.append(-1)
            else:
                entries.append(int(next(cards)))
        self._hands[event.seat] &= ~(1 << event.card)
        winner = _SEATS[(leader + winning_index(entries, self._trump)) & 3]
        missing = tuple(s for s in old.missing if s != event.seat)
        self._tricks[event.trick] = Trick(
            old.leader, tuple(CARDS[c] for c in entries if c >= 0), winner, missing
        )
        self._won[old.winner & 1] -= 1
        self._won[winner & 1] += 1

    def _base(self, turn: int) -> int:
        """The cards the seat on turn may play by the rule of following suit."""
        hand = self._hands[turn]
        led = self.led_suit()
        if led is not None:
            follow = hand & SUIT_MASK[led]
            if follow:
                return follow
        return hand

    def _applies(self, call: Called, turn: int, base: int) -> int:
        """The cards ``call`` leaves the seat on turn, or 0 if it does not bind now."""
        trick_no = len(self._tricks)
        if 0 <= call.trick != trick_no:
            return 0
        kind = call.call
        hand = self._hands[turn]
        if kind == "play":
            bit = 1 << Card.parse(call.target)
            return bit if hand & bit else 0
        if kind == "card":
            bit = 1 << Card.parse(call.target)
            return bit if base & bit else 0
        if kind in ("highest", "lowest"):
            suit = base & SUIT_MASK[Suit.parse(call.target)]
            if not suit:
                return 0
            top = suit.bit_length() - 1 if kind == "highest" else (suit & -suit).bit_length() - 1
            return 1 << top
        if kind == "lead":
            if any(c >= 0 for c in self._trick):
                return 0
            return hand & SUIT_MASK[Suit.parse(call.target)]
        # win / not_win: beat the best card of the trick, or not: the cards on the
        # table and those put down too early that stand as played (laws 67, 68)
        entries = [c for c in self._trick if c >= 0]
        if not entries:
            return 0
        book = self._book
        assert book is not None
        trick_no = len(self._tricks)
        entries += [
            int(Card.parse(c.target))
            for c in book.calls
            if c.call == "play" and c.seat != turn and c.trick in (trick_no, -1)
        ]
        best = entries[winning_index(entries, self._trump)]
        winners = 0
        for c in cards_of(base):
            if beats(c, best, self._trump):
                winners |= 1 << c
        return winners if kind == "win" else base & ~winners

    def _binding_call(self, turn: int) -> Called | None:
        book = self._book
        if book is None:
            return None
        base = self._base(turn)
        for call in book.calls:
            if call.seat == turn and self._applies(call, turn, base):
                return call
        return None

    def _legal_laws(self, seat: Seat | int | None) -> int:
        turn = self._turn
        if seat is not None and seat != turn:
            return 0
        if len(self._tricks) == self._ntricks:
            return 0
        base = self._base(turn)
        return self._constrain(turn, base)

    def _constrain(self, turn: int, base: int) -> int:
        book = self._book
        assert book is not None
        mask = base
        bound = False
        for call in book.calls:
            if call.seat != turn:
                continue
            allowed = self._applies(call, turn, base)
            if not allowed:
                continue
            narrowed = allowed if not bound else mask & allowed
            if narrowed:
                mask = narrowed
                bound = True
        return mask

    def _consume_calls(self, turn: int, entry: int) -> None:
        """The calls on the seat on turn that its play (or no play) satisfies or ends."""
        book = self._book
        assert book is not None
        if not any(c.seat == turn for c in book.calls):
            return
        base = self._base(turn)
        trick_no = len(self._tricks)
        leading = not any(c >= 0 for c in self._trick)
        keep: list[Called] = []
        for call in book.calls:
            if call.seat != turn:
                keep.append(call)
                continue
            kind = call.call
            if 0 <= call.trick < trick_no:
                continue  # its trick is past
            if kind in ("card", "play"):
                if entry != Card.parse(call.target):
                    keep.append(call)  # the call stands until the card is played (law 65)
            elif kind == "lead":
                if not leading:
                    keep.append(call)
            elif kind in ("win", "not_win"):
                if call.trick != trick_no:
                    keep.append(call)
            elif call.trick < 0 and not self._applies(call, turn, base):
                keep.append(call)  # highest/lowest: waits for the first moment it binds
        book.calls = keep

    def _play_laws(self, card: int, seat: Seat | int | None) -> Event:
        """``play`` with the bookkeeping: calls, holes, mislaid cards."""
        turn = self._turn
        if seat is not None and seat != turn:
            return self._out_of_turn(card, seat)
        book = self._book
        assert book is not None
        refusal = self._refusal(card, None)
        if refusal is not None and type(refusal) not in (MustFollowSuit, IllegalPlay):
            raise refusal  # not his card, the hand over: refused in both modes
        # law 71: off the suit led while holding it, or answerable for a mislaid card of it
        # (laws 46, 70); a card that stands as played (laws 67, 68) may be a revoke too
        led = self.led_suit()
        hand = self._hands[turn]
        revoke = (
            led is not None
            and card // 13 != led
            and bool((hand | book.mislaid[turn]) & SUIT_MASK[led])
        )
        if revoke:
            if self._enforced and led is not None and hand & SUIT_MASK[led]:
                raise refusal or MustFollowSuit(_name(card), _SEATS[turn].name, led.word)
        elif refusal is not None:
            if self._enforced:
                raise refusal
            revoke = True  # a call disobeyed incurs the penalty of a revoke (law 61)
        event = CardPlayed(_SEATS[turn], CARDS[card], len(self._tricks), revoke)
        self._log.append(event)
        quitted = self._advance(card)
        if quitted is not None:
            self._log.append(quitted)
        return event

    # ------------------------------------------------------------------- views
    def view(self, seat: Seat | int) -> SeatView:
        """What ``seat`` may see now (laws 52 and 91)."""
        me = _SEATS[seat]
        exposed = [self.exposed(s) for s in _SEATS]
        for d in self.dummies:
            exposed[d] = self._hands[d]
        over = self.is_over
        return SeatView(
            seat=me,
            hand=self._hands[me],
            dealer=self.deal.dealer,
            trump=self.trump,
            # a stock's turned card (ruff-and-honours) is no card of the dealer's hand
            trump_card=(
                self.deal.trump_card if self.trump_card_on_table and not self.deal.stock else None
            ),
            turn=None if over else self.turn,
            leader=self.leader,
            trick=tuple(self.current_trick),
            last_trick=self.last_trick,
            trick_number=self.trick_number,
            tricks_won=(self._won[0], self._won[1]),
            exposed=(exposed[0], exposed[1], exposed[2], exposed[3]),
            legal=0 if over else self.legal_mask(me),
            **(self._out_of_play(me) if self._ntricks != 13 else {}),
            stock_card=self.deal.trump_card if self.deal.stock else None,
        )

    def _out_of_play(self, seat: Seat) -> dict[str, int]:
        """The old games' view of the cards in no hand (see :class:`SeatView`)."""
        deal = self.deal
        out = 0 if deal.stock else _DEUCES
        hidden = 0
        if deal.stock:
            ruffed = self.ruffed
            if ruffed is not None and ruffed.taken:
                if ruffed.seat == seat:
                    out = _mask_of(ruffed.put_out)
                else:
                    hidden = deal.stock.bit_count()
            else:
                out = 1 << deal.trump_card  # the turned card lies on the stock
                hidden = deal.stock.bit_count() - 1
        return {"tricks_in_hand": self._ntricks, "out_of_play": out, "stock_hidden": hidden}

    def __repr__(self) -> str:
        return (
            f"<HandState {self.deal.to_pbn()} trump {self.trump.name} "
            f"trick {self.trick_number + 1} {self.turn} to play>"
        )


def _unpickled(
    deal: Deal, rules: Rules, dummies: tuple[Seat, ...], fields: tuple[Any, ...]
) -> HandState:
    """The state :meth:`HandState.__reduce__` pickled."""
    state = HandState(deal, rules, dummies=dummies)
    (
        state._hands, state._leader, state._turn, state._trick, state._tricks, state._won,
        state._log, state._book,
    ) = fields
    state._row = _PLAYED[min(len(state._tricks), 13)]
    return state


# ------------------------------------------------------------ events by type
# A new kind of event is one entry in each table: how it is applied (replayed from a
# log, :meth:`HandState.apply`) and how it changes the hand (:meth:`HandState._fold`).

_ACTIONS: dict[type[Any], Callable[[HandState, Any], Event]] = {
    CardPlayed: lambda s, e: s.play(e.card, e.seat),
    PlayOutOfTurn: lambda s, e: s.play(e.card, e.seat),
    CardExposed: lambda s, e: s.expose(e.card, e.seat, e.reason),
    HonoursCalled: lambda s, e: s.call_honours(e.seat, e.honours),
    Ruffed: lambda s, e: s.ruff(e.seat, [Card.parse(c) for c in e.put_out]),
    Called: lambda s, e: s.call(e.seat, e.call, e.target, law=e.law, trick=e.trick),
    CardWithdrawn: lambda s, e: s.withdraw(exposed=e.exposed, law=e.law),
    CardCovered: lambda s, e: s.cover(e.seat, e.card, law=e.law),
    LeaderChanged: lambda s, e: s.change_leader(e.seat, law=e.law),
    PlayOmitted: lambda s, e: s.omit(law=e.law),
    SurplusPlayed: lambda s, e: s.count_surplus(e.seat, e.card, e.trick, law=e.law),
    CardMislaid: lambda s, e: s.mislay(e.seat, e.card, law=e.law),
    CardRestored: lambda s, e: s.restore(e.seat, e.card, law=e.law),
    Ruling: lambda s, e: s.note(e),
    Elected: lambda s, e: s.note(e),
    Claimed: lambda s, e: s.note(e),
    TakenBack: lambda s, e: s.note(e),
}
"""How :meth:`HandState.apply` replays each kind of event (a trick quitted has none)."""


def _book_of(state: HandState) -> _Book:
    book = state._book
    assert book is not None
    return book


def _fold_exposed(state: HandState, e: PlayOutOfTurn | CardExposed) -> None:
    _book_of(state).exposed[e.seat] |= 1 << e.card


def _fold_withdrawn(state: HandState, e: CardWithdrawn) -> None:
    if e.exposed:
        _book_of(state).exposed[e.seat] |= 1 << e.card


def _fold_covered(state: HandState, e: CardCovered) -> None:
    book = _book_of(state)
    book.exposed[e.seat] &= ~(1 << e.card)
    name = str(e.card)
    book.calls = [
        c
        for c in book.calls
        if not (c.seat == e.seat and c.call in ("card", "play") and c.target == name)
    ]


def _fold_called(state: HandState, e: Called) -> None:
    _book_of(state).calls.append(e)


def _fold_leader(state: HandState, e: LeaderChanged) -> None:
    state._leader = state._turn = int(e.seat)


def _fold_mislaid(state: HandState, e: CardMislaid) -> None:
    book = _book_of(state)
    bit = 1 << e.card
    state._hands[e.seat] &= ~bit
    book.exposed[e.seat] &= ~bit
    book.mislaid[e.seat] |= bit


_DEUCES: Final = sum(1 << (13 * suit) for suit in range(4))
"""The four deuces, put out of the pack at whisk (000)."""


def _mask_of(cards: Iterable[str]) -> int:
    """The mask of cards written as text (a :class:`Ruffed` event's)."""
    mask = 0
    for c in cards:
        mask |= 1 << Card.parse(c)
    return mask


def _fold_ruffed(state: HandState, e: Ruffed) -> None:
    if e.taken:
        state._hands[e.seat] = (state._hands[e.seat] | _mask_of(e.taken)) & ~_mask_of(e.put_out)


def _fold_restored(state: HandState, e: CardRestored) -> None:
    bit = 1 << e.card
    _book_of(state).mislaid[e.seat] &= ~bit
    state._hands[e.seat] |= bit


_FOLDS: dict[type[Any], Callable[[HandState, Any], TrickQuitted | None]] = {
    CardPlayed: lambda s, e: s._advance(int(e.card)),
    PlayOmitted: lambda s, e: s._advance(-1),
    PlayOutOfTurn: _fold_exposed,
    CardExposed: _fold_exposed,
    CardWithdrawn: _fold_withdrawn,
    CardCovered: _fold_covered,
    Called: _fold_called,
    LeaderChanged: _fold_leader,
    CardMislaid: _fold_mislaid,
    CardRestored: _fold_restored,
    SurplusPlayed: lambda s, e: s._count_surplus(e),
    Ruffed: _fold_ruffed,
}
"""How each kind of event changes the hand in laws mode (:meth:`HandState._fold`); the
kinds not here (a trick quitted, honours called, a ruling, an election) change nothing."""


def standing_plays(events: Iterable[Event]) -> list[CardPlayed]:
    """The cards played to tricks and not taken back (laws 63, 76), in order of play:
    what a record's play is, when the log holds a card withdrawn.

    >>> from cavendish.core.table import deal_cards
    >>> import random
    >>> from cavendish.core.rules import get_rules
    >>> s = HandState(deal_cards(random.Random(3), Seat.N), get_rules("short", mode="laws"))
    >>> _ = s.play(s.legal_cards()[0]); _ = s.withdraw(law=76); _ = s.play(s.legal_cards()[-1])
    >>> [str(e.card) for e in standing_plays(s.events)]
    ['CT']
    """
    log = list(events)
    gone = _withdrawn(log)
    return [e for i, e in enumerate(log) if isinstance(e, CardPlayed) and i not in gone]


def _withdrawn(log: list[Event]) -> set[int]:
    """Indexes of the plays (and no-plays) taken back by a later ``CardWithdrawn``."""
    stack: list[int] = []
    gone: set[int] = set()
    for i, e in enumerate(log):
        if isinstance(e, CardPlayed | PlayOmitted):
            stack.append(i)
        elif isinstance(e, CardWithdrawn) and stack:
            gone.add(stack.pop())
    return gone


def _is_card(value: object) -> bool:
    """Whether ``value`` is a card for the strict core: a Card, or an int 0..51 (no bool)."""
    if isinstance(value, bool):
        return False
    try:
        index = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return False
    return 0 <= index < 52


def _strict(value: object, seat: Seat | int) -> Card:
    """The card ``value`` is, or :class:`NotACard` (for ``seat``): the core takes a Card or
    an int 0..51, never text (read at the edge with :func:`~cavendish.core.cards.as_card`)."""
    if not _is_card(value):
        raise NotACard(value, _SEATS[seat].name)
    return CARDS[operator.index(value)]  # type: ignore[arg-type]


def _name(card: int) -> str:
    # only on error paths: a card index out of range is named as given, not an IndexError
    return str(CARDS[card]) if 0 <= card < 52 else repr(card)

"""Double-dummy positions and results, shared by both solving engines.

Design note
-----------
A :class:`Position` is what a double-dummy solver needs and nothing more: the
cards each seat still holds (52-bit masks, N E S W), the trump suit, the seat
that led the current trick and the cards already played to it, in order.  The
cards on the table are *not* in the hands.  In whist there is always a trump
suit and no declarer: the side to play is the seat on turn and its partner.

:meth:`Position.validate` raises :class:`PositionError` for anything a solver
cannot take: unequal hands (the seats that have played to the current trick hold
one card fewer), a card in two hands, a played card still held, a played card
that did not follow suit although its player still holds the suit led.

A :class:`DDResult` scores every legal card of the player to play: the tricks
his side takes from here on (the current trick included) if he plays it and
everyone plays perfectly after.  Its optimal ``line`` is worked out on first use
(:func:`build_line`), so that scoring a position costs one solver call.

>>> from cavendish.core.cards import hand_mask
>>> pos = Position.make([hand_mask(["SA"]), hand_mask(["SK"]), hand_mask(["H2"]), 0],
...                     Suit.H, Seat.W, ["S2"])
>>> pos.to_play, pos.legal_cards(), pos.tricks_left
(<Seat.N: 0>, [Card('SA')], 1)
>>> try:
...     Position.make([hand_mask(["SA", "S3"]), 0, 0, 0], Suit.S, Seat.N)
... except PositionError as exc:
...     print(exc)
unequal hands: N holds 2 cards, E holds 0 (every seat must hold 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import CARDS, FULL_PACK, SUIT_MASK, Card, Seat, Suit, cards_of
from ..core.errors import PositionError
from ..core.state import trick_winner

__all__ = [
    "DDResult",
    "Position",
    "PositionError",
    "best_card",
    "build_line",
    "side_tricks",
]

_SEATS = tuple(Seat)
_SUITS = tuple(Suit)


def _coerce_card(card: Card | int | str, what: str) -> Card:
    if isinstance(card, str):
        try:
            return Card.parse(card)
        except ValueError as exc:
            raise PositionError(f"{what}: {exc}") from None
    if not isinstance(card, int) or not 0 <= card < 52:
        raise PositionError(f"{what}: {card!r} is not a card")
    return CARDS[card]


@dataclass(frozen=True, slots=True)
class Position:
    """Four hands, the trump suit, the leader of the current trick and its cards so far.

    The plain constructor does not check anything (the solvers build many
    positions from valid ones); :meth:`make` converts and validates.
    """

    hands: tuple[int, int, int, int]
    """The cards each seat still holds, N E S W (the current trick's cards excluded)."""
    trump: Suit
    leader: Seat
    """The seat that led the current trick, or leads it when ``played`` is empty."""
    played: tuple[Card, ...] = ()
    """The cards played to the current trick so far, in order (at most three)."""

    @classmethod
    def make(
        cls,
        hands: Sequence[int],
        trump: Suit | int | str,
        leader: Seat | int | str,
        played: Iterable[Card | int | str] = (),
    ) -> Position:
        """Build and validate a position; raise :class:`PositionError` if it is not one."""
        if isinstance(hands, int | str) or len(hands) != 4:
            raise PositionError("hands: expected four masks of cards, for N, E, S and W")
        for seat, mask in zip(_SEATS, hands, strict=True):
            if not isinstance(mask, int) or mask < 0 or mask & ~FULL_PACK:
                raise PositionError(f"hand {seat}: {mask!r} is not a mask of cards")
        try:
            suit = Suit.parse(trump) if isinstance(trump, str) else Suit(trump)
        except ValueError:
            raise PositionError(f"trump: {trump!r} is not a suit (S, H, D or C)") from None
        try:
            seat = Seat.parse(leader) if isinstance(leader, str) else Seat(leader)
        except ValueError:
            raise PositionError(f"leader: {leader!r} is not a seat (N, E, S or W)") from None
        cards = tuple(_coerce_card(c, "played card") for c in played)
        pos = cls((hands[0], hands[1], hands[2], hands[3]), suit, seat, cards)
        pos.validate()
        return pos

    @classmethod
    def from_state(cls, state: Any) -> Position:
        """The position of a :class:`~cavendish.core.state.HandState` (not validated)."""
        trick = state.current_trick
        return cls(
            (state.hand(0), state.hand(1), state.hand(2), state.hand(3)),
            state.trump,
            state.leader,
            tuple(card for _, card in trick),
        )

    # ------------------------------------------------------------- queries
    @property
    def to_play(self) -> Seat:
        """The seat on turn."""
        return _SEATS[(self.leader + len(self.played)) & 3]

    @property
    def tricks_left(self) -> int:
        """Tricks still to be decided, the current one included."""
        return int(self.hands[(self.leader + len(self.played)) & 3].bit_count())

    def legal_mask(self) -> int:
        """The cards the seat on turn may play (it must follow the suit led if it can)."""
        hand = self.hands[(self.leader + len(self.played)) & 3]
        if self.played:
            follow = hand & SUIT_MASK[self.played[0] // 13]
            if follow:
                return follow
        return hand

    def legal_cards(self) -> list[Card]:
        """The cards the seat on turn may play, in card order."""
        return cards_of(self.legal_mask())

    def play(self, card: Card | int) -> Position:
        """The position after the seat on turn plays ``card`` (assumed legal).

        >>> from cavendish.core.cards import hand_mask
        >>> p = Position.make([hand_mask(["SA"]), hand_mask(["SK"]), hand_mask(["H2"]),
        ...                    hand_mask(["S3"])], Suit.H, Seat.N)
        >>> for c in ("SA", "SK", "H2", "S3"):
        ...     p = p.play(Card.parse(c))
        >>> p.leader, p.played, p.tricks_left
        (<Seat.S: 2>, (), 0)
        """
        turn = (self.leader + len(self.played)) & 3
        hands = list(self.hands)
        hands[turn] &= ~(1 << card)
        new_hands = (hands[0], hands[1], hands[2], hands[3])
        if len(self.played) == 3:
            winner = trick_winner((*self.played, card), self.leader, self.trump)
            return Position(new_hands, self.trump, winner, ())
        return Position(new_hands, self.trump, self.leader, (*self.played, CARDS[card]))

    def validate(self) -> None:
        """Raise :class:`PositionError` unless a solver can take this position."""
        played = self.played
        if len(played) > 3:
            raise PositionError(
                f"played: {len(played)} cards; a trick in progress has at most three "
                "(after the fourth card the trick is quitted)"
            )
        seen = 0
        for seat, mask in zip(_SEATS, self.hands, strict=True):
            twice = seen & mask
            if twice:
                card = _first(twice)
                other = next(s for s in _SEATS if self.hands[s] >> card & 1)
                raise PositionError(f"card {card} is in two hands: {other}'s and {seat}'s")
            seen |= mask
        on_table = 0
        for i, card in enumerate(played):
            who = _SEATS[(self.leader + i) & 3]
            bit = 1 << card
            if on_table & bit:
                raise PositionError(f"played card {card} is played twice")
            if seen & bit:
                holder = next(s for s in _SEATS if self.hands[s] & bit)
                raise PositionError(
                    f"played card {card} (by {who}) is still in {holder}'s hand: "
                    "remove the cards of the current trick from the hands"
                )
            on_table |= bit
        to_play = (self.leader + len(played)) & 3
        n = self.hands[to_play].bit_count()
        for i in range(4):
            seat = _SEATS[(self.leader + i) & 3]
            want = n - 1 if i < len(played) else n
            have = self.hands[seat].bit_count()
            if have != want:
                if played:
                    raise PositionError(
                        f"unequal hands: {seat} holds {_count(have)} but should hold {want} "
                        f"({_SEATS[to_play]}, to play, holds {n}; the seats that have played "
                        f"to the current trick hold one card fewer)"
                    )
                raise PositionError(
                    f"unequal hands: {_SEATS[to_play]} holds {_count(n)}, {seat} holds "
                    f"{have} (every seat must hold {n})"
                )
        if n == 0:
            raise PositionError("no cards left to play: the hand is over")
        if played:
            led = played[0] // 13
            for i in range(1, len(played)):
                card = played[i]
                who = _SEATS[(self.leader + i) & 3]
                if card // 13 != led and self.hands[who] & SUIT_MASK[led]:
                    raise PositionError(
                        f"played card {card} (by {who}) is illegal: {who} still holds "
                        f"{_SUITS[led].word}, the suit led, and must follow suit"
                    )

    def __str__(self) -> str:
        from ..core.cards import format_hand

        hands = " ".join(format_hand(h) for h in self.hands)
        trick = " ".join(str(c) for c in self.played) or "-"
        return f"N:{hands} trump {self.trump} leader {self.leader} played {trick}"


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _first(mask: int) -> Card:
    return CARDS[(mask & -mask).bit_length() - 1]


def best_card(tricks: dict[Card, int]) -> Card:
    """The card a line plays: a best-scoring card, the lowest in rank (then spades first).

    >>> best_card({Card.parse("SA"): 2, Card.parse("S2"): 2, Card.parse("HK"): 1})
    Card('S2')
    """
    best = max(tricks.values())
    return min((c for c, t in tricks.items() if t == best), key=lambda c: (c % 13, c // 13))


def side_tricks(before: Position, card: Card | int) -> int:
    """1 if playing ``card`` completes the current trick and the side on turn wins it, else 0."""
    if len(before.played) != 3:
        return 0
    winner = trick_winner((*before.played, card), before.leader, before.trump)
    return int((winner & 1) == (before.to_play & 1))


def build_line(
    pos: Position, best_of: Callable[[Position], Card], first: Card | None = None
) -> tuple[Card, ...]:
    """An optimal line of play from ``pos`` to the end of the hand.

    ``best_of(p)`` returns an optimal card for the seat on turn at ``p``; it is
    not called where only one card is legal.  ``first`` is the first card of the
    line when already known.
    """
    line: list[Card] = []
    p = pos
    while p.hands[(p.leader + len(p.played)) & 3]:
        legal = p.legal_mask()
        if first is not None:
            card, first = first, None
        elif legal & (legal - 1) == 0:
            card = CARDS[legal.bit_length() - 1]
        else:
            card = best_of(p)
        line.append(card)
        p = p.play(card)
    return tuple(line)


@dataclass(frozen=True, init=False, eq=False)
class DDResult:
    """The double-dummy value of every legal card of the seat to play.

    ``tricks[card]`` is the number of tricks the side to play takes from here to
    the end (the current trick included) if ``card`` is played and all four
    play perfectly after; ``best`` is the most of them; ``line`` is one optimal
    line of play from here to the end of the hand, the best first card included
    (computed on first use, then kept).

    >>> r = DDResult(Seat.N, Suit.S, {Card.parse("SA"): 1, Card.parse("S2"): 0},
    ...              (Card.parse("SA"),))
    >>> r.best, r.best_cards, r.line
    (1, (Card('SA'),), (Card('SA'),))
    """

    to_play: Seat
    trump: Suit
    tricks: dict[Card, int]
    best: int
    _line: tuple[Card, ...] | None = field(default=None, repr=False)
    _source: Callable[[], tuple[Card, ...]] | None = field(default=None, repr=False)

    def __init__(
        self,
        to_play: Seat,
        trump: Suit,
        tricks: dict[Card, int],
        line: tuple[Card, ...] | Callable[[], tuple[Card, ...]],
        best: int | None = None,
    ) -> None:
        object.__setattr__(self, "to_play", to_play)
        object.__setattr__(self, "trump", trump)
        object.__setattr__(self, "tricks", tricks)
        object.__setattr__(self, "best", max(tricks.values()) if best is None else best)
        if callable(line):
            object.__setattr__(self, "_line", None)
            object.__setattr__(self, "_source", line)
        else:
            object.__setattr__(self, "_line", tuple(line))
            object.__setattr__(self, "_source", None)

    @property
    def line(self) -> tuple[Card, ...]:
        """One optimal line of play from here to the end of the hand."""
        line = self._line
        if line is None:
            assert self._source is not None
            line = self._source()
            object.__setattr__(self, "_line", line)
            object.__setattr__(self, "_source", None)
        return line

    @property
    def best_cards(self) -> tuple[Card, ...]:
        """Every card that scores ``best``, in card order."""
        return tuple(sorted(c for c, t in self.tricks.items() if t == self.best))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DDResult):
            return NotImplemented
        return (
            self.to_play == other.to_play
            and self.trump == other.trump
            and self.tricks == other.tricks
            and self.best == other.best
            and self.line == other.line
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        tricks = ", ".join(f"{c}: {t}" for c, t in self.tricks.items())
        line = " ".join(str(c) for c in self.line)
        return (
            f"DDResult(to_play={self.to_play.name}, trump={self.trump.name}, "
            f"tricks={{{tricks}}}, line=({line}), best={self.best})"
        )

"""Cards, suits, ranks and seats.

Design note
-----------
Inside the engine a card is a small int ``0..51``: ``suit * 13 + (rank - 2)``,
suits in PBN order (spades 0, hearts 1, diamonds 2, clubs 3), ranks 2..14 (ace 14).
A hand is a 52-bit int with bit ``card`` set for every card held, so the cards of
one suit are ``(hand >> (13 * suit)) & 0x1FFF`` and following suit is one mask.

At the edges the same ints appear as frozen values: :class:`Card` is an ``int``
subclass with 52 interned instances, :class:`Suit` and :class:`Seat` are
``IntEnum``.  So a ``Card`` can be used wherever the engine takes a card index,
with no conversion, and it parses and prints in the usual notations:

>>> Card.parse("SA"), Card.parse("ht"), Card.parse("♠A"), Card.parse("s10")
(Card('SA'), Card('HT'), Card('SA'), Card('ST'))
>>> str(Card.parse("♦10"))
'DT'
>>> Seat.N.partner, Seat.N.left, Seat.N.right
(<Seat.S: 2>, <Seat.E: 1>, <Seat.W: 3>)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Final

from .errors import NotationError

__all__ = [
    "ALL_CARDS",
    "CARDS",
    "FULL_PACK",
    "RANK_CHARS",
    "SUIT_MASK",
    "Card",
    "CardParseError",
    "Rank",
    "Seat",
    "Side",
    "Suit",
    "as_card",
    "cards_of",
    "format_hand",
    "hand_mask",
    "parse_cards",
]


class CardParseError(NotationError):
    """A card, suit, rank or seat could not be read from its text."""


class Suit(enum.IntEnum):
    """A suit, in PBN order (spades first).

    >>> Suit.parse("♥"), str(Suit.C), Suit.D.symbol
    (<Suit.H: 1>, 'C', '♦')
    """

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def symbol(self) -> str:
        """The suit's symbol, ``♠♥♦♣``."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's name in plural, ``spades``."""
        return _SUIT_WORDS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.H, Suit.D)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``S``, ``h``, ``♠`` or ``spades``."""
        key = text.strip().lower()
        suit = _SUIT_LOOKUP.get(key)
        if suit is None:
            raise CardParseError(f"unknown suit {text!r}: expected one of S H D C or ♠ ♥ ♦ ♣")
        return suit

    def __str__(self) -> str:
        return self.name


_SUIT_SYMBOLS: Final = ("♠", "♥", "♦", "♣")
_SUIT_WORDS: Final = ("spades", "hearts", "diamonds", "clubs")
_SUIT_LOOKUP: Final[dict[str, Suit]] = {}
for _s in Suit:
    _SUIT_LOOKUP[_s.name.lower()] = _s
    _SUIT_LOOKUP[_SUIT_SYMBOLS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s]] = _s
    _SUIT_LOOKUP[_SUIT_WORDS[_s][:-1]] = _s
for _sym, _s in (("♤", Suit.S), ("♡", Suit.H), ("♢", Suit.D), ("♧", Suit.C)):
    _SUIT_LOOKUP[_sym] = _s


RANK_CHARS: Final = "23456789TJQKA"
"""Rank characters from the two (index 0) to the ace (index 12)."""


class Rank(enum.IntEnum):
    """A rank, two to ace (ace high in play; see :meth:`cut_value` for cutting).

    >>> Rank.parse("10"), str(Rank.QUEEN), Rank.ACE.cut_value
    (<Rank.TEN: 10>, 'Q', 1)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def cut_value(self) -> int:
        """Value in cutting: the ace is lowest (law 13), then two up to king."""
        return 1 if self == Rank.ACE else int(self)

    @property
    def is_honour(self) -> bool:
        """Ace, king, queen and knave are honours (law 3)."""
        return self >= Rank.JACK

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``A``, ``k``, ``T``, ``10``, ``2``."""
        key = text.strip().upper()
        if key == "10":
            return Rank.TEN
        if len(key) == 1 and key in RANK_CHARS:
            return Rank(RANK_CHARS.index(key) + 2)
        raise CardParseError(f"unknown rank {text!r}: expected one of 2-9, T (or 10), J, Q, K, A")

    def __str__(self) -> str:
        return RANK_CHARS[self - 2]


class Card(int):
    """A card: an int ``0..51`` with a suit and a rank.  There are 52 instances.

    >>> c = Card.of(Suit.H, Rank.TEN)
    >>> c, int(c), c.suit, c.rank, c.symbol
    (Card('HT'), 21, <Suit.H: 1>, <Rank.TEN: 10>, '♥T')
    >>> Card.parse(str(c)) is c
    True
    """

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise CardParseError(f"card index {index} out of range 0..51")
        return CARDS[index]

    @classmethod
    def _make(cls, index: int) -> Card:
        return int.__new__(cls, index)

    @classmethod
    def of(cls, suit: Suit | int, rank: Rank | int) -> Card:
        """The card of ``suit`` and ``rank`` (2..14)."""
        if not 2 <= rank <= 14 or not 0 <= suit <= 3:
            raise CardParseError(f"no card with suit {suit} and rank {rank}")
        return CARDS[suit * 13 + rank - 2]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: suit then rank (``SA``, ``♠A``, ``s10``) or rank then suit (``AS``)."""
        t = text.strip()
        if len(t) < 2:
            raise CardParseError(f"cannot read card {text!r}: expected a suit and a rank, as SA")
        for suit_part, rank_part in ((t[0], t[1:]), (t[-1], t[:-1])):
            suit = _SUIT_LOOKUP.get(suit_part.lower())
            if suit is None:
                continue
            try:
                rank = Rank.parse(rank_part)
            except CardParseError:
                continue
            return CARDS[suit * 13 + rank - 2]
        raise CardParseError(
            f"cannot read card {text!r}: expected a suit (S H D C or ♠ ♥ ♦ ♣) and a rank "
            "(2-9, T or 10, J, Q, K, A), as SA, ht, ♠A or s10"
        )

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 13)

    @property
    def rank(self) -> Rank:
        """The card's rank (2..14)."""
        return Rank(self % 13 + 2)

    @property
    def mask(self) -> int:
        """The card's bit in a hand mask."""
        return 1 << self

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, ``♠A``."""
        return _SUIT_SYMBOLS[self // 13] + RANK_CHARS[self % 13]

    def __str__(self) -> str:
        return _NAMES[self]

    def __repr__(self) -> str:
        return f"Card({_NAMES[self]!r})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


_NAMES: Final = tuple("SHDC"[i // 13] + RANK_CHARS[i % 13] for i in range(52))
CARDS: Final[tuple[Card, ...]] = tuple(Card._make(i) for i in range(52))
"""The 52 cards, indexed by card number."""
ALL_CARDS: Final = CARDS
FULL_PACK: Final = (1 << 52) - 1
"""The mask of the whole pack."""
SUIT_MASK: Final = tuple(0x1FFF << (13 * s) for s in range(4))
"""``SUIT_MASK[s]`` is the mask of every card of suit ``s``."""


class Side(enum.IntEnum):
    """A partnership: N-S (0) or E-W (1).

    >>> Side.NS.seats, Side.EW.other, str(Side.EW), Side.NS.label
    ((<Seat.N: 0>, <Seat.S: 2>), <Side.NS: 0>, 'EW', 'N-S')
    """

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        """The adversaries."""
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The side's two seats."""
        return (Seat(self), Seat(self + 2))

    @property
    def label(self) -> str:
        """``N-S`` or ``E-W``, as the players, the sheet and the record name the side
        (:meth:`parse` reads it back)."""
        return "N-S" if self == Side.NS else "E-W"

    @classmethod
    def parse(cls, text: str) -> Side:
        """Read ``NS``/``N-S`` or ``EW``/``E-W``."""
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "SN"):
            return Side.NS
        if key in ("EW", "WE"):
            return Side.EW
        raise CardParseError(f"unknown side {text!r}: expected NS or EW")

    def __str__(self) -> str:
        return self.name


class Seat(enum.IntEnum):
    """A seat at the table; play goes clockwise N, E, S, W.

    >>> Seat.parse("west"), Seat.E.side, str(Seat.S.partner)
    (<Seat.W: 3>, <Side.EW: 1>, 'N')
    """

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return _SEAT_OF[(self + 2) & 3]

    @property
    def left(self) -> Seat:
        """The next seat in play (clockwise): N's left is E."""
        return _SEAT_OF[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        """The previous seat in play: N's right is W."""
        return _SEAT_OF[(self + 3) & 3]

    @property
    def side(self) -> Side:
        """The seat's partnership."""
        return Side(self & 1)

    @property
    def word(self) -> str:
        """``North``, ``East`` ..."""
        return ("North", "East", "South", "West")[self]

    def offset(self, n: int) -> Seat:
        """The seat ``n`` places to the left."""
        return _SEAT_OF[(self + n) & 3]

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read ``N``, ``e``, ``South``, ``west``."""
        key = text.strip().upper()
        for seat in Seat:
            if key in (seat.name, seat.word.upper()):
                return seat
        raise CardParseError(f"unknown seat {text!r}: expected one of N E S W")

    def __str__(self) -> str:
        return self.name


_SEAT_OF: tuple[Seat, ...] = tuple(Seat)
"""``_SEAT_OF[i]``: the seat numbered ``i`` (a lookup, not an enum call: the seats' relations
are read for every card)."""


def as_card(value: Card | int | str) -> Card | int:
    """A card given at the edge (a command, a request, a record) made ready for the strict
    core: text is read with :meth:`Card.parse`; a Card or an int passes unchanged, for the
    core to accept (0..51) or refuse with its own error.

    >>> as_card("ht"), as_card(Card.parse("SA")), as_card(52)
    (Card('HT'), Card('SA'), 52)
    """
    return Card.parse(value) if isinstance(value, str) else value


def cards_of(mask: int) -> list[Card]:
    """The cards of a mask, in card order (spades first, low to high).

    >>> cards_of(hand_mask(["SA", "C2", "S2"]))
    [Card('S2'), Card('SA'), Card('C2')]
    """
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def hand_mask(cards: Iterable[Card | int | str]) -> int:
    """The mask of some cards, given as cards, indexes or text.

    >>> hex(hand_mask(["S2", "S3"]))
    '0x3'
    """
    mask = 0
    for c in cards:
        idx = Card.parse(c) if isinstance(c, str) else c
        mask |= 1 << idx
    return mask


def parse_cards(text: str) -> list[Card]:
    """Read a list of cards separated by spaces or commas.

    >>> parse_cards("SA, h10 ♦2")
    [Card('SA'), Card('HT'), Card('D2')]
    """
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def suit_ranks_desc(mask: int, suit: int) -> Iterator[int]:
    """The ranks (2..14) of ``suit`` held in ``mask``, highest first."""
    bits = (mask >> (13 * suit)) & 0x1FFF
    for r in range(12, -1, -1):
        if bits >> r & 1:
            yield r + 2


def format_hand(mask: int, *, symbols: bool = False, empty: str = "-") -> str:
    """A hand by suit, highest first, PBN style ``AK72.QJ4.T9.8765``.

    >>> format_hand(hand_mask(["SA", "SK", "S2", "D9"]))
    'AK2..9.'
    >>> format_hand(hand_mask(["SA", "HK"]), symbols=True)
    '♠A ♥K ♦- ♣-'
    """
    parts = []
    for s in range(4):
        ranks = "".join(RANK_CHARS[r - 2] for r in suit_ranks_desc(mask, s))
        if symbols:
            parts.append(_SUIT_SYMBOLS[s] + (ranks or empty))
        else:
            parts.append(ranks)
    return (" " if symbols else ".").join(parts)

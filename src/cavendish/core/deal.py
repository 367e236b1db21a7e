"""A deal: four hands, the dealer and the turned-up trump card.

Design note
-----------
A :class:`Deal` is frozen and holds the four hands as 52-bit masks indexed by
:class:`Seat`.  The trump card is the last card dealt, so it always lies in the
dealer's hand; :meth:`Deal.validate` checks that, thirteen cards each and no card
twice.  The old games (000) deal twelve cards each: whisk from a pack of 48 (the
deuces put out), the trump card again the dealer's last; ruff-and-honours from the
whole pack, four cards left in the ``stock``, whose top card (the trump card) is
turned up.  A deal of twelve-card hands is checked the same way (the four hands of
one size, the trump card in the stock when there is one); which cards the variant's
pack holds is :func:`~cavendish.core.old_games.check_deal`'s to say.  The PBN deal
string (``"N:AK72.QJ4.T9.8765 ..."``: the first seat, then
the hands clockwise, suits S.H.D.C) is the text form.

>>> d = Deal.from_pbn("S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
...                   trump_card="S2")
>>> d.dealer, d.trump, str(d.trump_card), d.hand(Seat.W) == SUIT_MASK[Suit.H]
(<Seat.S: 2>, <Suit.S: 0>, 'S2', True)
>>> d.to_pbn()
'S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432'
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import (
    CARDS,
    FULL_PACK,
    RANK_CHARS,
    SUIT_MASK,
    Card,
    CardParseError,
    Seat,
    Side,
    Suit,
    format_hand,
)
from .errors import DealError

__all__ = ["HONOUR_RANKS_MASK", "Deal", "honours_mask", "parse_pbn_hand"]

HONOUR_RANKS_MASK = 0b1111 << 9
"""Within one suit's 13 bits: knave, queen, king, ace."""


def honours_mask(trump: Suit | int) -> int:
    """The mask of the four honours (A K Q J) of ``trump`` (law 3)."""
    return HONOUR_RANKS_MASK << (13 * trump)


def parse_pbn_hand(text: str) -> int:
    """Read one hand in PBN notation (``AK72.QJ4.T9.8765``; ``-`` is accepted as a void).

    >>> from .cards import cards_of
    >>> cards_of(parse_pbn_hand("A.K.-.T2"))
    [Card('SA'), Card('HK'), Card('C2'), Card('CT')]
    """
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise DealError(
            f"hand {text!r}: expected four suits separated by dots, as AK72.QJ4.T9.8765"
        )
    mask = 0
    for suit, holding in enumerate(parts):
        if holding == "-":
            continue
        for ch in holding.upper().replace("10", "T"):
            idx = RANK_CHARS.find(ch)
            if idx < 0:
                raise DealError(f"hand {text!r}: {ch!r} is not a rank (2-9, T, J, Q, K, A)")
            bit = 1 << (13 * suit + idx)
            if mask & bit:
                raise DealError(f"hand {text!r}: {CARDS[13 * suit + idx]} appears twice")
            mask |= bit
    return mask


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands (masks indexed by seat), the dealer, the turned-up trump card and the
    stock (ruff-and-honours: the cards not dealt; 0 for every other game)."""

    hands: tuple[int, int, int, int]
    dealer: Seat
    trump_card: Card
    stock: int = 0

    def __post_init__(self) -> None:
        self.validate()

    @classmethod
    def dealt(
        cls, hands: tuple[int, int, int, int], dealer: Seat, trump_card: Card, stock: int = 0
    ) -> Deal:
        """A deal made by dealing a whole pack round (:func:`~cavendish.core.table.deal_cards`),
        right by construction: built without :meth:`validate`, the dealer's hot path.
        Anything read or built by hand goes through the checked constructor."""
        deal = object.__new__(cls)
        _set = object.__setattr__
        _set(deal, "hands", hands)
        _set(deal, "dealer", dealer)
        _set(deal, "trump_card", trump_card)
        _set(deal, "stock", stock)
        return deal

    @property
    def trump(self) -> Suit:
        """The trump suit: the suit of the card turned up."""
        return self.trump_card.suit

    @property
    def eldest(self) -> Seat:
        """The eldest hand, on the dealer's left, who leads first."""
        return self.dealer.left

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player: 13, or 12 in the old games (000)."""
        return self.hands[0].bit_count()

    def hand(self, seat: Seat | int) -> int:
        """The mask of ``seat``'s thirteen (or twelve) cards."""
        return self.hands[seat]

    def honours(self, side: Side | int) -> int:
        """How many of the four honours of trumps ``side`` holds between its hands (law 3)."""
        hands = self.hands
        return ((hands[side] | hands[side + 2]) & honours_mask(self.trump_card // 13)).bit_count()

    def validate(self) -> None:
        """Raise :class:`DealError` unless this is a complete, correct whist deal."""
        if len(self.hands) != 4:
            raise DealError(f"a deal has four hands, not {len(self.hands)}")
        seen = 0
        size = self.hands[0].bit_count() if self.hands[0] >= 0 else 0
        if size not in (12, 13):
            size = 13  # the first hand is wrong: say so against the whist hand's thirteen
        for seat, mask in zip(Seat, self.hands, strict=True):
            if mask & ~FULL_PACK or mask < 0:
                raise DealError(f"hand {seat}: not a mask of cards")
            n = mask.bit_count()
            if n != size:
                raise DealError(f"hand {seat} has {n} cards, not {size}")
            twice = seen & mask
            if twice:
                card = CARDS[(twice & -twice).bit_length() - 1]
                raise DealError(f"card {card} is in two hands (the second is {seat})")
            seen |= mask
        stock = self.stock
        if stock:
            if stock & ~FULL_PACK or stock < 0 or stock & seen or stock | seen != FULL_PACK:
                raise DealError(
                    f"the stock {format_hand(stock & FULL_PACK)} is not the four cards "
                    "the hands leave of the pack"
                )
            if not stock >> self.trump_card & 1:
                raise DealError(
                    f"the trump card {self.trump_card} is not the stock's top card "
                    f"(the stock is {format_hand(stock)})"
                )
        elif not self.hands[self.dealer] >> self.trump_card & 1:
            raise DealError(
                f"the trump card {self.trump_card} is not in the dealer's ({self.dealer}) hand"
            )

    def to_pbn(self, first: Seat | None = None) -> str:
        """The PBN deal string, starting with ``first`` (default: the dealer)."""
        start = self.dealer if first is None else first
        seats = [start.offset(i) for i in range(4)]
        return f"{start}:" + " ".join(format_hand(self.hands[s]) for s in seats)

    @classmethod
    def from_pbn(
        cls,
        text: str,
        *,
        dealer: Seat | str | None = None,
        trump_card: Card | str | None = None,
        stock: int = 0,
    ) -> Deal:
        """Read a PBN deal string.  ``dealer`` defaults to the first seat of the string;
        ``trump_card`` (the card turned up, which must be in the dealer's hand, or in the
        ``stock`` when there is one) is required.
        """
        text = text.strip().strip('"')
        if len(text) < 2 or text[1] != ":":
            raise DealError(f"deal {text!r}: expected a first seat and a colon, as N:AK72.QJ4...")
        try:
            first = Seat.parse(text[0])
        except CardParseError as exc:
            raise DealError(f"deal {text!r}: {exc}") from None
        parts = text[2:].split()
        if len(parts) != 4:
            raise DealError(f"deal {text!r}: expected four hands, found {len(parts)}")
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            hands[first.offset(i)] = parse_pbn_hand(part)
        dseat = first if dealer is None else (
            Seat.parse(dealer) if isinstance(dealer, str) else Seat(dealer)
        )
        if trump_card is None:
            raise DealError("a whist deal needs its trump card (the card turned up)")
        tc = Card.parse(trump_card) if isinstance(trump_card, str) else Card(trump_card)
        return cls((hands[0], hands[1], hands[2], hands[3]), dseat, tc, stock)

    @classmethod
    def from_hands(
        cls, hands: dict[Seat, int] | list[int] | tuple[int, ...], dealer: Seat, trump_card: Card
    ) -> Deal:
        """Build a deal from four masks (a list in seat order or a dict by seat)."""
        seq = tuple(hands[s] for s in Seat) if isinstance(hands, dict) else tuple(hands)
        if len(seq) != 4:
            raise DealError(f"a deal has four hands, not {len(seq)}")
        return cls((seq[0], seq[1], seq[2], seq[3]), dealer, trump_card)

    def suit_length(self, seat: Seat | int, suit: Suit | int) -> int:
        """How many cards of ``suit`` ``seat`` holds."""
        return (self.hands[seat] & SUIT_MASK[suit]).bit_count()

    def __str__(self) -> str:
        return f"{self.to_pbn()} (dealer {self.dealer}, trump card {self.trump_card})"

"""The rules core: cards, deals, the table procedure, the hand state and rule-sets.

Everything else in Cavendish depends on this package, never the reverse.
"""

from .cards import (
    CARDS,
    FULL_PACK,
    SUIT_MASK,
    Card,
    CardParseError,
    Rank,
    Seat,
    Side,
    Suit,
    cards_of,
    format_hand,
    hand_mask,
    parse_cards,
)
from .deal import Deal, honours_mask, parse_pbn_hand
from .errors import (
    DealError,
    HandOver,
    IllegalPlay,
    MustFollowSuit,
    NothingToUndo,
    NotInHand,
    NotYourTurn,
    WhistError,
)
from .events import CardExposed, CardPlayed, Event, HonoursCalled, PlayOutOfTurn, TrickQuitted
from .rules import VARIANTS, Rules, UnknownVariant, get_rules, variant_names
from .state import HandState, SeatView, Trick, trick_winner
from .table import CutResult, cut_for_partners, cut_pack, deal_cards, shuffled_pack

__all__ = [
    "CARDS",
    "FULL_PACK",
    "SUIT_MASK",
    "VARIANTS",
    "Card",
    "CardExposed",
    "CardParseError",
    "CardPlayed",
    "CutResult",
    "Deal",
    "DealError",
    "Event",
    "HandOver",
    "HandState",
    "HonoursCalled",
    "IllegalPlay",
    "MustFollowSuit",
    "NotInHand",
    "NotYourTurn",
    "NothingToUndo",
    "PlayOutOfTurn",
    "Rank",
    "Rules",
    "Seat",
    "SeatView",
    "Side",
    "Suit",
    "Trick",
    "TrickQuitted",
    "UnknownVariant",
    "WhistError",
    "cards_of",
    "cut_for_partners",
    "cut_pack",
    "deal_cards",
    "format_hand",
    "get_rules",
    "hand_mask",
    "honours_mask",
    "parse_cards",
    "parse_pbn_hand",
    "shuffled_pack",
    "trick_winner",
    "variant_names",
]

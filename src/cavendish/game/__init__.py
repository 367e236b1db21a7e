"""The game driver: forming the table, dealing, playing and scoring hands.

>>> from cavendish.players import RandomPlayer
>>> result = play_rubber([RandomPlayer(i, f"R{i}") for i in range(4)], "short", seed=1)
>>> result.sheet.rubbers[0].winner in (Side.NS, Side.EW)
True
"""

from ..core.cards import Side
from .laws_session import LawsHand, LawsSession
from .seating import Seating, SeatingError, cut_for_deal, seat_by_cut, seat_fixed
from .session import PlayedHand, Session, SessionError, SessionResult, honours_call, play_rubber

__all__ = [
    "LawsHand",
    "LawsSession",
    "PlayedHand",
    "Seating",
    "SeatingError",
    "Session",
    "SessionError",
    "SessionResult",
    "Side",
    "cut_for_deal",
    "honours_call",
    "play_rubber",
    "seat_by_cut",
    "seat_fixed",
]

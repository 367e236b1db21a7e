"""The game driver: forming the table, dealing, playing and scoring hands; claims,
undo in practice, the review after a hand, saving and resuming a session.

>>> from cavendish.players import RandomPlayer
>>> result = play_rubber([RandomPlayer(i, f"R{i}") for i in range(4)], "short", seed=1)
>>> result.sheet.rubbers[0].winner in (Side.NS, Side.EW)
True
"""

from ..core.cards import Side
from .claims import claim_holds, double_dummy_tricks, sure_claim
from .laws_session import LawsHand, LawsSession
from .review import HandReview, review_hand
from .saved import autosave_path, load_snapshot, save_session
from .seating import Seating, SeatingError, cut_for_deal, seat_by_cut, seat_fixed
from .session import PlayedHand, Session, SessionError, SessionResult, honours_call, play_rubber

__all__ = [
    "HandReview",
    "LawsHand",
    "LawsSession",
    "PlayedHand",
    "Seating",
    "SeatingError",
    "Session",
    "SessionError",
    "SessionResult",
    "Side",
    "autosave_path",
    "claim_holds",
    "cut_for_deal",
    "double_dummy_tricks",
    "honours_call",
    "load_snapshot",
    "play_rubber",
    "review_hand",
    "save_session",
    "seat_by_cut",
    "seat_fixed",
    "sure_claim",
]

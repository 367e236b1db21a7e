"""The game driver: forming the table, dealing, playing and scoring hands; claims,
undo in practice, the review after a hand, saving and resuming a session.

>>> from cavendish.players import RandomPlayer
>>> result = play_rubber([RandomPlayer(i, f"R{i}") for i in range(4)], "short", seed=1)
>>> result.sheet.rubbers[0].winner in (Side.NS, Side.EW)
True

The laws' session (:mod:`.laws_session`, which imports the laws) and saving
(:mod:`.saved`) are imported when one of their names is first asked of the package
(``__getattr__``): a match, which plays hands by :mod:`.session` alone, does not
import the laws (some 0.1 s of CPU before its first board, in each pool's fork
server too).
"""

from typing import TYPE_CHECKING

from ..core.cards import Side
from ..core.lazy import names_on_first_use
from .claims import claim_holds, double_dummy_tricks, sure_claim
from .review import HandReview, review_hand
from .seating import Seating, SeatingError, cut_for_deal, seat_by_cut, seat_fixed
from .session import PlayedHand, Session, SessionError, SessionResult, honours_call, play_rubber

if TYPE_CHECKING:
    from .laws_session import LawsHand, LawsSession
    from .saved import autosave_path, load_snapshot, save_session

_LATER = {
    "LawsHand": "laws_session",
    "LawsSession": "laws_session",
    "autosave_path": "saved",
    "load_snapshot": "saved",
    "save_session": "saved",
}
"""The names imported from their module when first asked (see the note)."""

__getattr__ = names_on_first_use(__name__, _LATER, globals())

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

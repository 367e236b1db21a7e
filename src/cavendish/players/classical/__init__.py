"""The classical computer player: the conventions of Pole, Clay, Cavendish and the
American leads, each card with the convention that chose it.

>>> from cavendish.core import Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> ClassicalPlayer("old").decide(HandState(deal).view(Seat.E)).convention
'C42'

The player registers itself as ``"classical"`` (modern school):

>>> from cavendish.players import get_player
>>> get_player("classical", 7, "Pole")
ClassicalPlayer(school='modern', seed=7, name='Pole')
"""

from .. import register as _register
from .catalogue import TITLES, UnknownConvention, title_of
from .decision import FORCED, Decision
from .player import ClassicalPlayer
from .positions import PositionError, build_position, replay_to
from .score import ScoreTargets


def _factory(seed: int, name: str) -> ClassicalPlayer:
    return ClassicalPlayer("modern", seed, name)


_register("classical", _factory)

__all__ = [
    "FORCED",
    "TITLES",
    "ClassicalPlayer",
    "Decision",
    "PositionError",
    "ScoreTargets",
    "UnknownConvention",
    "build_position",
    "replay_to",
    "title_of",
]

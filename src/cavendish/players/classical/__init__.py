"""The classical computer player: the conventions of Pole, Clay, Cavendish and the
American leads, each card with the convention that chose it.

>>> from cavendish.core import Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> ClassicalPlayer("old").decide(HandState(deal).view(Seat.E)).convention
'C42'

The player registers itself as ``"classical"`` (modern school; ``classical:school=old``
for the old school):

>>> from cavendish.players import get_player
>>> get_player("classical", 7, "Pole")
ClassicalPlayer(school='modern', seed=7, name='Pole')
>>> get_player("classical:school=old", 7, "Clay")
ClassicalPlayer(school='old', seed=7, name='Clay')
"""

from collections.abc import Mapping

from .. import register as _register
from ..base import Player
from ..options import build_with_options
from .catalogue import TITLES, UnknownConvention, title_of
from .decision import FORCED, Decision
from .player import ClassicalPlayer
from .positions import PositionError, build_position, replay_to
from .score import ScoreTargets


def _factory(seed: int, name: str) -> ClassicalPlayer:
    return ClassicalPlayer("modern", seed, name)


def _with_options(spec: str, seed: int, name: str, options: Mapping[str, str]) -> Player:
    return build_with_options(spec, ClassicalPlayer, seed, name, options)


_register("classical", _factory, _with_options)

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

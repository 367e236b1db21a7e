"""Cavendish: classical whist as its great authorities laid it down.

>>> import cavendish, random
>>> deal = cavendish.deal_cards(random.Random(5), cavendish.Seat.S)
>>> state = cavendish.HandState(deal)
>>> while not state.is_over:
...     _ = state.play(state.legal_cards()[0])
>>> state.tricks_won(cavendish.Side.NS) + state.tricks_won(cavendish.Side.EW)
13
"""

from .compiled import guard as _guard

_guard()  # in a source checkout: no compiled module older than its source (make venv)

from .core import *  # noqa: E402, F403
from .core import __all__ as _core_all  # noqa: E402

__version__ = "0.1.0"
__all__ = [*_core_all, "__version__"]

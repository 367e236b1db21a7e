"""Environments for agent libraries: ``from cavendish.env import whist_v0``.

``whist_v0`` follows the conventions of ``pettingzoo.classic``: ``whist_v0.env()``
(wrapped), ``whist_v0.raw_env()`` and ``whist_v0.parallel_env()``.  It needs the
``env`` extra (``pip install '.[env]'`` from the source: PettingZoo, Gymnasium).
:func:`policy_player` seats any function from an information state and a mask to a
card at a Cavendish table (:mod:`cavendish.players.policy`).
"""

from ..players.policy import policy_player
from . import whist_v0

__all__ = ["policy_player", "whist_v0"]

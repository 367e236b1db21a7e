"""Environments for agent libraries: ``from cavendish.env import whist_v0``.

``whist_v0`` follows the conventions of ``pettingzoo.classic``: ``whist_v0.env()``
(wrapped), ``whist_v0.raw_env()`` and ``whist_v0.parallel_env()``.  It needs the
``env`` extra (``pip install cavendish[env]``: PettingZoo, Gymnasium).
"""

from . import whist_v0

__all__ = ["whist_v0"]

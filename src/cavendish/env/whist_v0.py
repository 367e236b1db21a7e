"""Classical whist for PettingZoo, version 0 (see :mod:`cavendish.env.whist`);
``vector_env(n)`` steps n tables at once (:mod:`cavendish.env.vector`).

>>> from cavendish.env import whist_v0
>>> whist_v0.env().metadata["name"]
'whist_v0'
"""

from .vector import vector_env
from .whist import AGENTS, EnvError, env, parallel_env, raw_env

__all__ = ["AGENTS", "EnvError", "env", "parallel_env", "raw_env", "vector_env"]

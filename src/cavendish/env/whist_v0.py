"""Classical whist for PettingZoo, version 0 (see :mod:`cavendish.env.whist`);
``vector_env(n)`` steps n tables at once (:mod:`cavendish.env.vector`),
``single_agent_env()`` is one seat as a Gymnasium environment (:mod:`cavendish.env.single`).

>>> from cavendish.env import whist_v0
>>> whist_v0.env().metadata["name"]
'whist_v0'
"""

from .single import single_agent_env
from .vector import vector_env
from .whist import AGENTS, EnvError, env, parallel_env, raw_env

__all__ = [
    "AGENTS",
    "EnvError",
    "env",
    "parallel_env",
    "raw_env",
    "single_agent_env",
    "vector_env",
]

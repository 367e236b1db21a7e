"""A single-agent Gymnasium environment: one seat is the agent, Cavendish players hold the
other three.

Design note
-----------
Single-agent libraries (Stable-Baselines3, CleanRL, a plain loop) want a
``gymnasium.Env``: ``reset`` and ``step`` of one agent.  :class:`WhistSingleAgentEnv`
is ``whist_v0.raw_env`` with every seat but the agent's given to Cavendish players
(``opponents``, its partner included), so that each ``step`` plays the agent's card
and then the others' up to its next turn; the episode, the rewards, the observation
and the seeding are the multi-agent environment's.  Such libraries sample actions
without masks, so an illegal card is replaced by the lowest legal card at a cost of
``illegal_reward`` (``info["illegal"]``); the mask is in the observation
(``action_mask``) for those that use one.

>>> env = single_agent_env(others="random")
>>> obs, info = env.reset(seed=1)
>>> sorted(obs), env.action_space
(['action_mask', 'observation'], Discrete(52))
>>> obs, reward, terminated, truncated, info = env.step(int(obs["action_mask"].argmax()))
>>> terminated, truncated
(False, False)
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from .whist import AGENTS, EnvError, Obs, raw_env

__all__ = ["WhistSingleAgentEnv", "single_agent_env"]


class WhistSingleAgentEnv(gymnasium.Env[Obs, int]):
    """One agent of ``whist_v0``; the three other seats are Cavendish players."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        agent: str = "player_0",
        others: str | dict[str, str] = "classical",
        *,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        **kwargs: Any,
    ) -> None:
        if agent not in AGENTS:
            raise EnvError(f"agent {agent!r}: expected one of {', '.join(AGENTS)}")
        kinds = others if isinstance(others, dict) else {a: others for a in AGENTS}
        opponents = {a: kinds[a] for a in AGENTS if a != agent and a in kinds}
        if len(opponents) != 3:
            raise EnvError(f"others: a kind for each seat but {agent}'s, not {sorted(kinds)}")
        self.agent = agent
        self.aec = raw_env(
            opponents=opponents,
            illegal="penalise",
            illegal_reward=illegal_reward,
            render_mode=render_mode,
            **kwargs,
        )
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new episode, played up to the agent's first card."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        return self.aec.observe(self.agent), {}

    def step(self, action: int) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """The agent's card, then the other seats' up to its next turn."""
        aec = self.aec
        if aec.terminations[self.agent] or aec.truncations[self.agent]:
            raise EnvError("the episode is over: call reset()")
        aec.step(int(action))
        info = dict(aec.infos[self.agent])
        return (
            aec.observe(self.agent),
            float(aec.rewards[self.agent]),
            bool(aec.terminations[self.agent]),
            bool(aec.truncations[self.agent]),
            info,
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal cards now (the name ``sb3_contrib``'s maskable algorithms call)."""
        mask: npt.NDArray[np.bool_] = self.aec.observe(self.agent)["action_mask"].astype(bool)
        return mask

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return self.aec.render()


def single_agent_env(**kwargs: Any) -> WhistSingleAgentEnv:
    """One agent against Cavendish players (see :class:`WhistSingleAgentEnv`)."""
    return WhistSingleAgentEnv(**kwargs)

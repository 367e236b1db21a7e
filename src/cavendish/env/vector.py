"""``whist_v0.vector_env(n)``: n tables of whist stepped at once, numpy arrays in and out.

Design note
-----------
An agent library that trains by self-play steps many tables in one process.  Stepping
n :class:`~cavendish.env.whist.raw_env` one by one costs n Python calls into the
rules per step; here the n tables' hands, tricks and cards played are numpy arrays,
and one :meth:`WhistVectorEnv.step` plays one card at every table with a few array
operations: the legal mask is the hand's cards of the suit led (the whole hand when
it has none, law 1 of play), the trick goes to the highest trump or else the highest
card of the suit led.  Those are the rules of :mod:`cavendish.core` written again over
arrays, so the equivalence is a test: ``tests/env/test_vector_env.py`` steps n single
environments with the same seeds and the same cards and compares every observation,
mask and reward.  The deals are not written again: each episode's deal is
:func:`episode_deal`, the cut and the deal of :mod:`cavendish.core.table` and
:mod:`cavendish.game.seating` from the episode's seed, as the single environment
makes them.

What it plays: one hand per episode (``episode="hand"``), four agents (no Cavendish
opponents), the four-handed variants, ``reward`` ``"tricks"`` or
``"tricks_zero_sum"`` at the hand's end, ``observation`` ``"dict"`` or
``"infostate"``.  An illegal card is replaced by the lowest legal card at a cost of
``illegal_reward`` (the parallel env's ``penalise``).

Arrays: ``reset(seed)`` gives ``(observations, infos)``, ``step(actions)`` gives
``(observations, rewards, terminations, truncations, infos)``.  ``observations`` is
``{"observation": (n, size) int8, "action_mask": (n, 52) int8}``, the view of the
agent to play at each table, ``infos["agent"]`` (n,) its index (0 for ``player_0``);
``rewards`` is (n, 4) float32, each agent's reward at that step.  With
``auto_reset`` (the default) a table whose hand ended is dealt its next episode in
the same step: ``terminations`` says it ended and the observation is the new hand's
first (Gymnasium's same-step autoreset).  Without it, a finished table stays
finished (its mask all zeros, its actions ignored) until :meth:`reset`.

>>> v = vector_env(3)
>>> obs, info = v.reset(seed=1)
>>> obs["observation"].shape, obs["action_mask"].shape, info["agent"].tolist()
((3, 588), (3, 52), [0, 0, 0])
>>> actions = obs["action_mask"].argmax(axis=1)
>>> obs, rewards, terminated, truncated, info = v.step(actions)
>>> rewards.shape, info["agent"].tolist()
((3, 4), [1, 1, 1])
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core.cards import Seat
from ..core.deal import Deal
from ..core.rules import Rules
from ..core.table import deal_for
from ..game.seating import seat_fixed
from ..players.policy import INFOSTATE_FIELDS, INFOSTATE_SIZE
from .observation import FIELDS, SIZE
from .whist import OBSERVATIONS, EnvError, _check_choice, _check_variant

__all__ = ["WhistVectorEnv", "episode_deal", "vector_env"]

_NAMES = {s: s.word for s in Seat}
_RANK = np.arange(52) % 13
_SUIT = np.arange(52) // 13


def episode_deal(rules: Rules, seed: int) -> Deal:
    """The deal of an episode of seed ``seed``: the cut for the first dealer and his deal,
    drawn from ``random.Random(seed)`` as the single environment's session draws them.

    >>> from cavendish.core.rules import get_rules
    >>> episode_deal(get_rules("short"), 5).hands[0].bit_count()
    13
    """
    rng = random.Random(seed)
    seating = seat_fixed(rules, _NAMES, rng)
    return deal_for(rules, rng, seating.first_dealer)


def _bits(masks: tuple[int, ...]) -> npt.NDArray[np.uint8]:
    """Masks of 52 cards as rows of 0s and 1s."""
    raw = b"".join(m.to_bytes(7, "little") for m in masks)
    out: npt.NDArray[np.uint8] = np.unpackbits(
        np.frombuffer(raw, dtype=np.uint8).reshape(len(masks), 7), axis=1, bitorder="little"
    )[:, :52]
    return out


class WhistVectorEnv:
    """n tables of one hand each, stepped together (see the module's note)."""

    def __init__(
        self,
        n: int,
        *,
        variant: str = "short",
        reward: str = "tricks",
        observation: str = "dict",
        auto_reset: bool = True,
        illegal_reward: float = -1.0,
    ) -> None:
        if n < 1:
            raise EnvError(f"vector_env: n must be at least 1, not {n}")
        self.n = n
        self.rules = _check_variant(variant)
        self.reward = _check_choice("reward", reward, ("tricks", "tricks_zero_sum"))
        self.observation_mode = _check_choice("observation", observation, OBSERVATIONS)
        self.auto_reset = auto_reset
        self.illegal_reward = illegal_reward
        self.size = SIZE if observation == "dict" else INFOSTATE_SIZE
        rows = np.arange(n)
        self._rows = rows
        self._seeds = [random.Random(i) for i in range(n)]
        self.hands = np.zeros((n, 4, 52), np.uint8)
        self.played = np.zeros((n, 4, 52), np.uint8)
        self.trick = np.full((n, 4), -1, np.int64)  # the card each seat put to the trick
        self.plays = np.full((n, 52), -1, np.int64)  # cards in order of play
        self.players = np.zeros((n, 52), np.int64)  # who played them
        self.count = np.zeros(n, np.int64)  # cards played this hand
        self.leader = np.zeros(n, np.int64)
        self.turn = np.zeros(n, np.int64)
        self.dealer = np.zeros(n, np.int64)
        self.trump = np.zeros(n, np.int64)
        self.trump_card = np.zeros(n, np.int64)
        self.won = np.zeros((n, 2), np.int64)
        self.shown = np.zeros((n, 4, 4), np.uint8)
        self.done = np.zeros(n, bool)
        self._mask = np.zeros((n, 52), np.uint8)

    # ------------------------------------------------------------------ reset
    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, npt.NDArray[np.int8]], dict[str, Any]]:
        """Deal every table; table ``i`` draws its episodes' seeds from
        ``random.Random(seed + i)``, as ``raw_env().reset(seed=seed + i)`` does."""
        if options:
            raise EnvError(f"vector_env.reset takes no options, not {sorted(options)}")
        if seed is not None:
            self._seeds = [random.Random(seed + i) for i in range(self.n)]
        self._deal(self._rows)
        return self._observe(), {"agent": self._agent()}

    def _deal(self, r: npt.NDArray[np.int64]) -> None:
        """Deal the next episode at tables ``r``."""
        deals = [episode_deal(self.rules, self._seeds[i].getrandbits(63)) for i in r.tolist()]
        self.hands[r] = _bits(tuple(m for d in deals for m in d.hands)).reshape(len(r), 4, 52)
        self.played[r] = 0
        self.trick[r] = -1
        self.plays[r] = -1
        self.count[r] = 0
        dealer = np.array([int(d.dealer) for d in deals], np.int64)
        turned = np.array([int(d.trump_card) for d in deals], np.int64)
        self.dealer[r] = dealer
        self.leader[r] = self.turn[r] = (dealer + 1) & 3
        self.trump_card[r] = turned
        self.trump[r] = turned // 13
        self.won[r] = 0
        self.shown[r] = 0
        self.done[r] = False

    # ------------------------------------------------------------------- step
    def step(self, actions: Any) -> tuple[
        dict[str, npt.NDArray[np.int8]],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Play each table's card (``actions``, (n,) card indices) for its agent to play."""
        actions = np.asarray(actions, dtype=np.int64).reshape(self.n)
        rows, n = self._rows, self.n
        rewards = np.zeros((n, 4), np.float32)
        live = ~self.done
        turn = self.turn
        mask = self._mask  # the legal cards the last observation showed
        card = np.clip(actions, 0, 51)
        illegal = live & ((actions < 0) | (actions > 51) | (mask[rows, card] == 0))
        if illegal.any():
            lowest = mask.argmax(axis=1)
            card = np.where(illegal, lowest, card)
            agent = (turn - self.dealer - 1) & 3
            rewards[rows[illegal], agent[illegal]] += self.illegal_reward
        r = rows[live]
        c = card[live]
        t = turn[live]
        self.hands[r, t, c] = 0
        self.played[r, t, c] = 1
        k = self.count[live]
        self.plays[r, k] = c
        self.players[r, k] = t
        led = self.trick[r, self.leader[live]]
        first = k % 4 == 0
        led = np.where(first, c, led)
        out = ~first & (_SUIT[c] != _SUIT[np.maximum(led, 0)])
        self.shown[r[out], t[out], _SUIT[led[out]]] = 1
        self.trick[r, t] = c
        self.count[live] += 1
        self.turn[live] = (t + 1) & 3
        full = live & (self.count % 4 == 0)
        if full.any():
            self._quit(rows[full])
        over = live & (self.count == 52)
        if over.any():
            self._score(rows[over], rewards)
            if self.auto_reset:
                self._deal(rows[over])
            else:
                self.done[over] = True
        truncated = np.zeros(n, bool)
        return self._observe(), rewards, over, truncated, {"agent": self._agent()}

    def _quit(self, r: npt.NDArray[np.int64]) -> None:
        """The tricks of tables ``r`` are full: the winner takes them and leads."""
        cards = self.trick[r]  # (m, 4) by seat
        suit = _SUIT[cards]
        led = suit[np.arange(len(r)), self.leader[r]]
        trump = self.trump[r][:, None]
        value = np.where(suit == trump, 100 + _RANK[cards], np.where(suit == led[:, None],
                                                                     _RANK[cards], -1))
        winner = value.argmax(axis=1)
        np.add.at(self.won, (r, winner & 1), 1)
        self.leader[r] = winner
        self.turn[r] = winner
        self.trick[r] = -1

    def _score(self, r: npt.NDArray[np.int64], rewards: npt.NDArray[np.float32]) -> None:
        """The hands of tables ``r`` are over: each agent's reward by its side."""
        first = (self.dealer[r] + 1) & 3
        for a in range(4):
            side = (first + a) & 1
            ours = self.won[r, side]
            theirs = self.won[r, side ^ 1]
            gain = ours - 6 if self.reward == "tricks" else ours - theirs
            rewards[r, a] += gain

    # --------------------------------------------------------------- observe
    def _agent(self) -> npt.NDArray[np.int64]:
        agent: npt.NDArray[np.int64] = (self.turn - self.dealer - 1) & 3
        return agent

    def _legal(self) -> npt.NDArray[np.uint8]:
        """The cards of the suit led in the hand of the player to play, or his whole
        hand when he has none of it (or leads)."""
        rows, n = self._rows, self.n
        legal = self.hands[rows, self.turn]  # (n, 52), a copy
        led = self.trick[rows, self.leader]
        suit = _SUIT[np.maximum(led, 0)]
        by_suit = legal.reshape(n, 4, 13)
        held = by_suit[rows, suit]  # (n, 13): his cards of the suit led
        follow = (led >= 0) & held.any(axis=1)
        by_suit[follow] = 0
        by_suit[rows[follow], suit[follow]] = held[follow]
        legal[self.done] = 0
        return legal

    def _observe(self) -> dict[str, npt.NDArray[np.int8]]:
        infostate = self.observation_mode == "infostate"
        vector = self._infostate_view() if infostate else self._dict_view()
        vector[self.done] = 0
        self._mask = self._legal()
        return {"observation": vector, "action_mask": self._mask.view(np.int8)}

    def _relative(self) -> npt.NDArray[np.int64]:
        """(n, 4): the absolute seat of each relative seat of the player to play."""
        rel: npt.NDArray[np.int64] = (self.turn[:, None] + np.arange(4)[None, :]) & 3
        return rel

    def _dict_view(self) -> npt.NDArray[np.int8]:
        n, rows, me = self.n, self._rows, self.turn
        rel = self._relative()
        out = np.zeros((n, SIZE), np.int8)
        at, _ = FIELDS["hand"]
        out[:, at : at + 52] = self.hands[rows, me]
        at, _ = FIELDS["played"]
        out[:, at : at + 208] = self.played[rows[:, None], rel].reshape(n, 208)
        at, _ = FIELDS["trick"]
        cards = self.trick[rows[:, None], rel]  # (n, 4) by relative seat
        r, s = np.nonzero(cards >= 0)
        out[r, at + 52 * s + cards[r, s]] = 1
        out[rows, FIELDS["leader"][0] + ((self.leader - me) & 3)] = 1
        out[rows, FIELDS["trump"][0] + self.trump] = 1
        on = self.count < 4  # the dealer has not yet played to the first trick (law 52)
        out[rows[on], FIELDS["trump_card"][0] + self.trump_card[on]] = 1
        side = me & 1
        out[rows, FIELDS["tricks_ours"][0] + self.won[rows, side]] = 1
        out[rows, FIELDS["tricks_theirs"][0] + self.won[rows, side ^ 1]] = 1
        for name in ("score_ours", "score_theirs", "games_ours", "games_theirs"):
            out[:, FIELDS[name][0]] = 1  # one hand from love-all
        out[rows, FIELDS["seat"][0] + ((me - self.dealer - 1) & 3)] = 1
        return out

    def _infostate_view(self) -> npt.NDArray[np.int8]:
        n, rows, me = self.n, self._rows, self.turn
        rel = self._relative()
        out = np.zeros((n, INFOSTATE_SIZE), np.int8)
        at, _ = INFOSTATE_FIELDS["hand"]
        out[:, at : at + 52] = self.hands[rows, me]
        out[rows, INFOSTATE_FIELDS["trump"][0] + self.trump] = 1
        on = self.count < 4
        out[rows[on], INFOSTATE_FIELDS["trump_card"][0] + self.trump_card[on]] = 1
        at, _ = INFOSTATE_FIELDS["plays"]
        r, k = np.nonzero(self.plays >= 0)
        out[r, at + 56 * k + self.plays[r, k]] = 1
        out[r, at + 56 * k + 52 + ((self.players[r, k] - me[r]) & 3)] = 1
        at, _ = INFOSTATE_FIELDS["shown_out"]
        out[:, at : at + 16] = self.shown[rows[:, None], rel].reshape(n, 16)
        out[rows, INFOSTATE_FIELDS["leader"][0] + ((self.leader - me) & 3)] = 1
        side = me & 1
        at, _ = INFOSTATE_FIELDS["tricks"]
        out[rows, at + self.won[rows, side]] = 1
        out[rows, at + 14 + self.won[rows, side ^ 1]] = 1
        at, _ = INFOSTATE_FIELDS["score"]
        out[:, at] = out[:, at + 11] = 1  # one hand from love-all
        out[rows, INFOSTATE_FIELDS["seat"][0] + ((me - self.dealer - 1) & 3)] = 1
        return out


def vector_env(n: int, **kwargs: Any) -> WhistVectorEnv:
    """n tables stepped together (see :class:`WhistVectorEnv`)."""
    return WhistVectorEnv(n, **kwargs)

"""``whist_v0``: classical whist as a PettingZoo environment, for agents to train and be tested.

Design note
-----------
The environment drives a :class:`~cavendish.game.session.Session` step by step,
the same driver the terminal uses: the deal, the laws of the table, the score sheet
and the honours call of long whist are the session's, not copies of them.  An
agent's card is given to the session as a human's card would be
(:meth:`Session.play`); the seats held by Cavendish's own players (``opponents``)
are played by the session between two agent turns (:meth:`Session.run`).

Agents and seats.  The four agents ``player_0`` ... ``player_3`` sit relative to the
dealer of the episode's first hand: ``player_0`` is the eldest hand (the dealer's
left, who leads first), ``player_1`` its left, ``player_2`` its partner, ``player_3``
the dealer.  ``player_0`` and ``player_2`` are partners against ``player_1`` and
``player_3``.  In an episode of a rubber the agents keep their seats while the
deal passes to the left, and the observation says where the agent sits relative
to the current dealer.  Seats given to ``opponents`` are not agents: they are
played inside :meth:`raw_env.step`.

Options (keyword arguments of :func:`env`, :func:`raw_env` and
:func:`parallel_env`; ``variant``, ``episode`` and ``reward`` may also be given to
``reset(options=...)`` for one episode, and so may a given deal: ``deal`` (PBN,
``"N:..."``), ``dealer`` (``"S"``; the deal's first seat by default) and
``trump_card`` (``"C3"``), so that a file's boards can be replayed; another key there
is ignored with a warning, as PettingZoo expects):

* ``variant``: a four-handed variant (``short``, ``whist``, ``long``, ``american``);
  the dummy variants are refused (their dummy is no agent of its own);
* ``episode``: ``"hand"`` (thirteen tricks, the default) or ``"rubber"``;
* ``reward``: ``"tricks"`` (each side's tricks over six at the end of each hand:
  8 tricks to 5 gives +2 and -1), ``"tricks_zero_sum"`` (the side's tricks minus
  the adversaries' at the end of each hand: 8 to 5 gives +3 and -3) or ``"points"``
  (the points the hand scored for the agent's side towards the game, honours
  included, minus the adversaries');
* ``observation``: ``"dict"`` (the default: the vector of
  :mod:`cavendish.env.observation`) or ``"infostate"`` (everything the seat may
  know, every card played in order with its player: :mod:`cavendish.players.policy`),
  each beside its action mask;
* ``opponents``: ``{agent: kind}`` with a kind of the players registry and its
  options (``"classical"``, ``"pimc:worlds=8"``, ``"search"``), seeded from the
  episode's seed;
* ``max_cycles``: truncate after this many tricks (each agent plays once a trick);
  ``None`` (the default) never truncates;
* ``render_mode``: ``"ansi"`` (``render()`` returns the table as text) or
  ``"human"`` (prints it).

``state()`` (and ``state_space``) is the whole deal and history, for centralized
critics (:func:`~cavendish.env.observation.encode_state`); the hand in play as a
:class:`~cavendish.core.state.HandState` is ``hand_state``.  For a search over the
environment (PIMC, alpha-mu), :meth:`raw_env.knowledge` is what an agent may know (to
sample worlds with :func:`cavendish.players.search.sampling.draw_worlds`) and
:meth:`raw_env.world` the hand in play on a sampled layout (to solve double dummy,
copy, play and undo).

The observation is ``{"observation": vector, "action_mask": mask}`` (the vector is
described in :mod:`cavendish.env.observation`); an action is a card's index
(``Discrete(52)``).  An illegal card given to the raw environment raises
:class:`EnvError` (``illegal="raise"``, the raw default), ends the episode with
``illegal_reward`` to its agent (``"terminate"``, the default of :func:`env`, as
``pettingzoo.classic``), or is replaced by the lowest legal card at a cost of
``illegal_reward`` (``"penalise"``).

>>> e = env()
>>> e.reset(seed=3)
>>> e.agent_selection, e.action_space("player_0")
('player_0', Discrete(52))
>>> obs, reward, terminated, truncated, info = e.last()
>>> int(obs["action_mask"].sum()), obs["observation"].shape
(13, (588,))
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ..core.cards import CARDS, Card, Seat, format_hand
from ..core.deal import Deal
from ..core.errors import CavendishError, SettingsError
from ..core.events import CardPlayed
from ..core.rules import Rules, get_rules
from ..core.state import HandState
from ..game.session import Session
from ..match.seeds import derive_seed
from ..players import get_player, kind_of, player_names
from ..players.base import Player
from ..players.inference import Knowledge
from ..players.policy import INFOSTATE_SIZE, infostate
from .observation import SIZE, STATE_SIZE, encode, encode_state

__all__ = ["AGENTS", "EnvError", "env", "parallel_env", "raw_env"]

AGENTS = ("player_0", "player_1", "player_2", "player_3")
"""The agents, by their place after the first dealer: 0 the eldest hand, 3 the dealer."""
EPISODES = ("hand", "rubber")
REWARDS = ("tricks", "tricks_zero_sum", "points")
OBSERVATIONS = ("dict", "infostate")
ILLEGAL = ("raise", "terminate", "penalise")
Obs = dict[str, npt.NDArray[np.int8]]


class EnvError(SettingsError):
    """A bad option or action given to the whist environment."""


def _check_variant(name: str) -> Rules:
    rules = get_rules(name)
    if rules.players != 4:
        raise EnvError(
            f"variant {name!r}: whist_v0 plays the four-handed variants "
            "(short, whist, long, american); a dummy is not an agent of its own"
        )
    if rules.tricks != 13:
        raise EnvError(
            f"variant {name!r}: whist_v0 plays the 52-card games (its observation is of "
            f"52 cards and 13 tricks); {name} deals {rules.tricks} a hand (000)"
        )
    return rules


def _check_choice(option: str, value: object, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise EnvError(f"{option}={value!r}: expected one of {', '.join(allowed)}")
    return str(value)


class raw_env(AECEnv[str, Obs, int]):  # PettingZoo's name for it
    """The whist environment without wrappers (see the module's note)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "whist_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = "short",
        episode: str = "hand",
        reward: str = "tricks",
        opponents: Mapping[str, str] | None = None,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        observation: str = "dict",
    ) -> None:
        super().__init__()
        self.observation_mode = _check_choice("observation", observation, OBSERVATIONS)
        self.illegal = _check_choice("illegal", illegal, ILLEGAL)
        self.illegal_reward = illegal_reward
        self.rules = _check_variant(variant)
        self.episode = _check_choice("episode", episode, EPISODES)
        self.reward = _check_choice("reward", reward, REWARDS)
        self.opponents = dict(opponents or {})
        for agent, kind in self.opponents.items():
            if agent not in AGENTS:
                raise EnvError(f"opponents: {agent!r} is no agent: expected one of {AGENTS}")
            if kind_of(kind) not in player_names():
                raise EnvError(
                    f"opponents: {agent}={kind!r}: unknown player, expected one of "
                    f"{', '.join(player_names())}"
                )
            get_player(kind, 0)  # its options are checked now, not at the first reset
        if max_cycles is not None and max_cycles < 1:
            raise EnvError(f"max_cycles must be at least 1 (or None), not {max_cycles}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode={render_mode!r}: expected ansi or human")
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        self.possible_agents = [a for a in AGENTS if a not in self.opponents]
        if not self.possible_agents:
            raise EnvError("opponents: every seat is a Cavendish player, so there is no agent")
        width = SIZE if self.observation_mode == "dict" else INFOSTATE_SIZE
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 1, shape=(width,), dtype=np.int8),
                "action_mask": spaces.Box(0, 1, shape=(52,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(52)
        self.state_space = spaces.Box(0, 1, shape=(STATE_SIZE,), dtype=np.int8)
        self._seeds = random.Random()
        self._defaults = (self.rules, self.episode, self.reward)
        self._seat_of: dict[str, Seat] = {}
        self._agent_at: dict[Seat, str] = {}
        self.session: Session | None = None
        self.cycles = 0
        self._flagged: str | None = None

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(52)``: a card's index."""
        return self._act_space

    # ------------------------------------------------------------------- reset
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new episode: cut, deal and play the Cavendish seats up to an agent's turn."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.rules, self.episode, self.reward = self._defaults
        given = {k: (options or {}).get(k) for k in ("deal", "dealer", "trump_card")}
        for key, value in (options or {}).items():
            if key in given:
                continue
            if key == "variant":
                self.rules = _check_variant(str(value))
            elif key == "episode":
                self.episode = _check_choice("episode", value, EPISODES)
            elif key == "reward":
                self.reward = _check_choice("reward", value, REWARDS)
            else:  # PettingZoo passes options it does not know to every env: ignored, said
                warnings.warn(
                    f"whist_v0 ignores the reset option {key!r} (it knows variant, episode, "
                    "reward, deal, dealer, trump_card)",
                    stacklevel=2,
                )
        deal, dealer = _given_deal(given["deal"], given["dealer"], given["trump_card"])
        episode_seed = self._seeds.getrandbits(63)
        session = Session.seated(
            self.rules,
            dict.fromkeys(Seat),
            episode_seed,
            names={s: s.word for s in Seat},
            rubbers=1 if self.episode == "rubber" else None,
            max_hands=1 if self.episode == "hand" else None,
            auto_last=False,  # an agent is asked for every card, its last one too
        )
        if dealer is not None:
            session.dealer = dealer
        first = session.dealer
        self._seat_of = {a: first.offset(1 + i) for i, a in enumerate(AGENTS)}
        self._agent_at = {s: a for a, s in self._seat_of.items()}
        for agent, kind in self.opponents.items():
            seat = self._seat_of[agent]
            player: Player = get_player(kind, derive_seed(episode_seed, "env", agent), agent)
            session.players[seat] = player
        self.session = session
        self.cycles = 0
        self._flagged = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        session.next_deal = deal
        try:
            session.start_hand()
        except CavendishError as exc:
            raise EnvError(f"reset option deal: {exc}") from None
        self._advance()

    # ----------------------------------------------------------------- observe
    def seat_of(self, agent: str) -> Seat:
        """The seat ``agent`` holds in this episode."""
        return self._seat_of[agent]

    @property
    def hand_state(self) -> HandState:
        """The hand in play (or the last one, once the episode is over)."""
        session = self._session()
        if session.state is not None:
            return session.state
        return session.hands[-1].state

    def state(self) -> npt.NDArray[np.int8]:
        """The whole deal and history, for a centralized critic (``state_space``; the
        fields are :func:`~cavendish.env.observation.encode_state`'s)."""
        session = self._session()
        state = self.hand_state
        first = int(self._seat_of["player_0"])
        deal = state.deal
        opening = deal.hands
        hands = state.hand
        games = [0, 0]
        for g in session.sheet.rubber_games:
            games[(g.winner - first) & 1] += 1
        turn = None if state.is_over else state.turn
        side = first & 1
        return encode_state(
            hands=(hands(first), hands((first + 1) & 3), hands((first + 2) & 3),
                   hands((first + 3) & 3)),
            dealt=(opening[first], opening[(first + 1) & 3], opening[(first + 2) & 3],
                   opening[(first + 3) & 3]),
            trump_card=int(deal.trump_card),
            on_table=state.trump_card_on_table,
            plays=[((s - first) & 3, c) for s, c in _plays(state)],
            leader=(state.leader - first) & 3,
            to_play=None if turn is None else (turn - first) & 3,
            tricks=(state.tricks_won(side), state.tricks_won(side ^ 1)),
            score=(session.sheet.score[side], session.sheet.score[side ^ 1]),
            games=(games[0], games[1]),
            dealer=(deal.dealer - first) & 3,
        )

    # ------------------------------------------------------------ search hooks
    def knowledge(self, agent: str) -> Knowledge:
        """What ``agent`` may know now, as a search player keeps it (the facts: its
        hand, the cards played, who has shown out): give it to
        :func:`cavendish.players.search.sampling.draw_worlds` to sample the unseen
        cards' layouts consistent with the agent's observation."""
        state = self.hand_state
        seat = self._seat_of[agent]
        known = Knowledge.from_view(state.opening().view(seat))
        for event in state.events:
            known.observe(event)
        known.sync(state.view(seat))
        return known

    def world(self, hands: Sequence[int]) -> HandState:
        """The hand in play as it would stand had the cards lain as ``hands`` (a
        layout of the hands now, N E S W masks, as a sampled world's ``hands``): a
        :class:`~cavendish.core.state.HandState` with the same cards played, to solve
        double dummy (:func:`cavendish.analysis.dd.solve_state`), copy and
        ``play``/``undo`` in a search.  A layout that cannot have been is refused."""
        state = self.hand_state
        opening = state.deal.hands
        dealt = [hands[s] | (opening[s] & ~state.hand(s)) for s in range(4)]
        try:
            deal = Deal.from_hands(dealt, state.deal.dealer, state.deal.trump_card)
            world = HandState(deal, state.rules)
            for seat, card in _plays(state):
                world.play(card, seat)
        except CavendishError as exc:
            raise EnvError(f"world: the layout given cannot be this hand's: {exc}") from None
        return world

    def observe(self, agent: str) -> Obs:
        """What ``agent`` may see now, and its legal cards (none unless it is to play)."""
        session = self._session()
        live = session.state
        state = live if live is not None else session.hands[-1].state
        me = self._seat_of[agent]
        if self.observation_mode == "infostate":
            side = me & 1
            view = state.view(me)
            vector, mask = infostate(
                view, _plays(state), (session.sheet.score[side], session.sheet.score[side ^ 1])
            )
            return {"observation": vector, "action_mask": mask}
        deal = state.deal
        hands = deal.hands
        hand = state.hand
        played = [0, 0, 0, 0]
        trick = [0, 0, 0, 0]
        for s in range(4):
            played[(s - me) & 3] = hands[s] & ~hand(s)
        for s, card in state.current_trick:
            trick[(s - me) & 3] = 1 << card
        side = me & 1
        sheet = session.sheet
        games = [0, 0]
        for g in sheet.rubber_games:
            games[g.winner != side] += 1
        vector, mask = encode(
            hand=hand(me),
            played=(played[0], played[1], played[2], played[3]),
            trick=(trick[0], trick[1], trick[2], trick[3]),
            leader=(state.leader - me) & 3,
            trump=int(state.trump),
            trump_card=int(deal.trump_card) if state.trump_card_on_table else None,
            tricks=(state.tricks_won(side), state.tricks_won(side ^ 1)),
            score=(sheet.score[side], sheet.score[side ^ 1]),
            games=(games[0], games[1]),
            seat=(me - deal.dealer - 1) & 3,
            legal=0 if live is None else state.legal_mask(me),
        )
        return {"observation": vector, "action_mask": mask}

    # -------------------------------------------------------------------- step
    def step(self, action: int | None) -> None:
        """Play ``action`` (a card) for the agent selected, then the Cavendish seats."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        session = self._session()
        if action is None or (self.illegal == "raise" and not 0 <= int(action) < 52):
            raise EnvError(f"{agent}: action {action!r} is not a card's index (0-51)")
        card = int(action) if 0 <= int(action) < 52 else 52
        state = session.state
        assert state is not None
        seat = self._seat_of[agent]
        legal = state.legal_mask(seat)
        illegal = not legal >> card & 1
        if illegal and self.illegal == "raise":
            why = state.why_illegal(card, seat) or "not a legal card"
            raise EnvError(f"{agent} ({seat}): {CARDS[card]} is illegal: {why}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if illegal and self.illegal == "terminate":  # as PettingZoo's TerminateIllegalWrapper
            EnvLogger.warn_on_illegal_move()
            self.terminations = dict.fromkeys(self.agents, True)
            self.rewards[agent] = float(self.illegal_reward)
            self._accumulate_rewards()
            self._deads_step_first()
            return
        if self._flagged is not None:
            self.infos[self._flagged].pop("illegal", None)
            self._flagged = None
        if illegal:  # penalised: the lowest legal card is played instead
            card = (legal & -legal).bit_length() - 1
            self.rewards[agent] += self.illegal_reward
            self.infos[agent]["illegal"] = True
            self._flagged = agent
        tricks = state.trick_number
        session.play(card)
        self._advance(tricks)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _advance(self, tricks_before: int | None = None) -> None:
        """Play the Cavendish seats, score finished hands (dealing the next in a rubber)
        and select the agent to play next."""
        session = self._session()
        while True:
            state = session.state
            assert state is not None
            before = state.trick_number if tricks_before is None else tricks_before
            tricks_before = None
            if self.opponents:
                session.run()
            self.cycles += state.trick_number - before
            if not state.is_over:
                break
            played = session.finish_hand()
            assert played.score is not None
            for agent in self.agents:
                side = self._seat_of[agent] & 1
                if self.reward == "tricks":
                    self.rewards[agent] += played.score.tricks[side] - 6
                elif self.reward == "tricks_zero_sum":
                    tricks = played.score.tricks
                    self.rewards[agent] += tricks[side] - tricks[1 - side]
                else:
                    self.rewards[agent] += played.score.points[side] - played.score.points[1 - side]
            if session.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
                return
            if self.max_cycles is not None and self.cycles >= self.max_cycles:
                break
            session.start_hand()
        if self.max_cycles is not None and self.cycles >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            return
        turn = session.to_play
        assert turn is not None
        self.agent_selection = self._agent_at[turn]

    # ------------------------------------------------------------------ render
    def render(self) -> str | None:
        """The table as text: dealer, trump, score, tricks, the four hands, the trick."""
        if self.render_mode is None:
            return None
        session = self._session()
        state = self.hand_state
        deal = state.deal
        lines = [
            f"hand {len(session.hands) + (session.state is not None)}, "
            f"dealer {deal.dealer}, trumps {state.trump.word}"
            + (f", turned up {deal.trump_card}" if state.trump_card_on_table else ""),
            f"score N-S {session.sheet.score[0]}, E-W {session.sheet.score[1]}; "
            f"tricks N-S {state.tricks_won(0)}, E-W {state.tricks_won(1)}",
        ]
        for seat in Seat:
            who = self._agent_at[seat]
            if who in self.opponents:
                who = f"{who} ({self.opponents[who]})"
            lines.append(f"{seat} {who:<22} {format_hand(state.hand(seat))}")
        trick = " ".join(f"{s}:{c}" for s, c in state.current_trick)
        lines.append(f"trick {min(state.trick_number + 1, 13)}: {trick or '-'}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _session(self) -> Session:
        if self.session is None:
            raise EnvError("call reset() before using the environment")
        return self.session


def _plays(state: HandState) -> list[tuple[int, int]]:
    """The hand's cards played, in order: (seat, card)."""
    return [(int(e.seat), int(e.card)) for e in state.events if type(e) is CardPlayed]


def _given_deal(
    text: object, dealer: object, trump_card: object
) -> tuple[Deal | None, Seat | None]:
    """The deal and dealer ``reset(options=...)`` gives (a PBN deal ``"N:..."``, the
    dealer ``"S"``, the card turned up ``"C3"``); each refused naming the option."""
    seat = None
    if dealer is not None:
        try:
            seat = Seat.parse(str(dealer))
        except CavendishError as exc:
            raise EnvError(f"reset option dealer={dealer!r}: {exc}") from None
    if text is None:
        if trump_card is not None:
            raise EnvError(f"reset option trump_card={trump_card!r} needs a deal")
        return None, seat
    if trump_card is None:
        raise EnvError("reset option deal needs trump_card, the card turned up (as 'C3')")
    try:
        card = Card.parse(str(trump_card))
        deal = Deal.from_pbn(str(text), dealer=seat, trump_card=card)
    except CavendishError as exc:
        raise EnvError(f"reset option deal={text!r}: {exc}") from None
    return deal, deal.dealer


class OrderEnforcing(wrappers.OrderEnforcingWrapper[str, Obs, int]):
    """PettingZoo's ``OrderEnforcingWrapper`` with the reads an agent loop makes at
    every step (``last``, ``agent_selection``, ``agents``, the reward and done dicts)
    answered by properties, not through ``__getattr__`` (a Python call a read, two
    layers deep): the same errors before ``reset``, fewer calls a step.

    >>> e = OrderEnforcing(raw_env())
    >>> e.agent_selection
    Traceback (most recent call last):
    ...
    AttributeError: agent_selection cannot be accessed before reset
    >>> e.reset(seed=1)
    >>> e.agent_selection in e.agents, bool(e.last()[0]["action_mask"].any())
    (True, True)
    """

    def _inner(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def last(self, observe: bool = True) -> tuple[Obs | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, terminated, truncated and info."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        got: tuple[Obs | None, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return got

    @property
    def agent_selection(self) -> str:
        """The agent to act."""
        value: str = self._inner("agent_selection")
        return value

    @property
    def agents(self) -> list[str]:
        """The agents still in the episode."""
        value: list[str] = self._inner("agents")
        return value

    @property
    def rewards(self) -> dict[str, float]:
        """Each agent's reward for the last step."""
        value: dict[str, float] = self._inner("rewards")
        return value

    @property
    def terminations(self) -> dict[str, bool]:
        """Whether each agent's episode has ended."""
        value: dict[str, bool] = self._inner("terminations")
        return value

    @property
    def truncations(self) -> dict[str, bool]:
        """Whether each agent's episode was cut short."""
        value: dict[str, bool] = self._inner("truncations")
        return value

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info."""
        value: dict[str, dict[str, Any]] = self._inner("infos")
        return value

    def __str__(self) -> str:
        return str(self.env)


def env(
    *, illegal: str = "terminate", illegal_reward: float = -1.0, **kwargs: Any
) -> AECEnv[str, Obs, int]:
    """The environment as ``pettingzoo.classic`` gives it: the order of calls is
    enforced (PettingZoo's ``OrderEnforcingWrapper``), and with ``illegal="terminate"``
    (the default) an illegal card or an action out of range ends the episode with
    ``illegal_reward`` to its agent, as PettingZoo's ``TerminateIllegalWrapper`` does
    (done inside :class:`raw_env`: each layer of wrapper costs every attribute read,
    and the environment is meant to be fast); with ``illegal="penalise"`` the lowest
    legal card is played instead, the agent gets ``illegal_reward`` and
    ``info["illegal"]``, and the episode goes on."""
    _check_choice("illegal", illegal, ("terminate", "penalise"))
    base: AECEnv[str, Obs, int] = raw_env(illegal=illegal, illegal_reward=illegal_reward, **kwargs)
    return OrderEnforcing(base)


class WhistParallelEnv(ParallelEnv[str, Obs, int]):
    """The parallel interface: every live agent gives an action at each step, and the
    one whose turn it is plays it; the others' actions are ignored (their masks are
    all zeros).  A card that is not legal is replaced by the lowest legal card and
    costs its agent ``illegal_reward`` (it does not end the episode: a parallel
    caller often samples without masks); ``info["illegal"]`` says so.  Here
    ``max_cycles`` counts parallel steps (cards played by agents)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "name": "whist_v0"}  # noqa: RUF012

    def __init__(
        self, *, max_cycles: int | None = None, illegal_reward: float = -1.0, **kwargs: Any
    ) -> None:
        self.aec = raw_env(illegal="penalise", illegal_reward=illegal_reward, **kwargs)
        self.max_cycles = max_cycles
        self.possible_agents = self.aec.possible_agents[:]
        self.agents: list[str] = []
        self.render_mode = self.aec.render_mode
        self.state_space = self.aec.state_space
        self._steps = 0

    def state(self) -> npt.NDArray[np.int8]:
        """As :meth:`raw_env.state`: the whole deal and history."""
        return self.aec.state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """As :meth:`raw_env.observation_space`."""
        return self.aec.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """As :meth:`raw_env.action_space`."""
        return self.aec.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Obs], dict[str, dict[str, Any]]]:
        """A new episode; the observation and info of every agent."""
        self.aec.reset(seed=seed, options=options)
        self.agents = self.aec.agents[:]
        self._steps = 0
        return {a: self.aec.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, int]) -> tuple[
        dict[str, Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the card of the agent on turn (and the Cavendish seats after it)."""
        aec = self.aec
        agent = aec.agent_selection
        if agent not in actions:
            raise EnvError(f"no action for {agent}, whose turn it is")
        aec.step(int(actions[agent]))
        self._steps += 1
        rewards = {a: float(aec.rewards[a]) for a in self.agents}
        infos = {a: dict(aec.infos[a]) for a in self.agents}
        terminations = {a: bool(aec.terminations[a]) for a in self.agents}
        over = self.max_cycles is not None and self._steps >= self.max_cycles
        truncations = {a: bool(aec.truncations[a]) or over for a in self.agents}
        observations = {a: aec.observe(a) for a in self.agents}
        self.agents = [a for a in self.agents if not (terminations[a] or truncations[a])]
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """As :meth:`raw_env.render`."""
        return self.aec.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(**kwargs: Any) -> WhistParallelEnv:
    """The parallel interface (see :class:`WhistParallelEnv`)."""
    return WhistParallelEnv(**kwargs)

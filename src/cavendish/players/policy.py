"""Any policy at the table: the information state of a seat, and a function as a player.

Design note
-----------
A learned policy is a function from an observation (and the mask of legal cards) to
a card's index.  :class:`PolicyPlayer` seats such a function at any Cavendish table:
it watches the public events (every card played, in order), hears the score when
the table tells it (C7), and on its turn builds the seat's *information state*
with :func:`infostate` from its :class:`~cavendish.core.state.SeatView`, the plays
and the score, then asks the function.  The environment ``whist_v0`` builds its
``observation="infostate"`` with the same :func:`infostate` from the same three
things, so a policy trained there sees the same array at a table.

The information state is one flat ``int8`` vector of 0s and 1s, everything a seat
may know (laws 52, 91: the cards each seat has played are public, in order),
written from the seat's side, seats *relative* to it (0 itself, 1 its left,
2 its partner, 3 its right); cards are ``suit * 13 + rank`` (spades first, the two
low).  The fields, in order (:data:`INFOSTATE_FIELDS` gives each (offset, length)):

==============  =======  ======================================================
field           length   what
==============  =======  ======================================================
``hand``        52       the seat's own cards
``exposed``     4 x 52   cards lying face up, by relative seat (a dummy, cards
                         exposed and liable to be called)
``trump``       4        the trump suit (one-hot, ``S H D C``)
``trump_card``  52       the turned-up card while it lies on the table (law 52)
``plays``       52 x 56  the cards played this hand in order: play ``k`` is at
                         ``offset + 56 * k``, its card one-hot (52) then who
                         played it, relative seat one-hot (4); unplayed slots 0
``shown_out``   4 x 4    relative seat ``r`` has shown out of suit ``s`` (failed
                         to follow it) at ``offset + 4 * r + s``
``leader``      4        the leader of the current trick (relative seat)
``tricks``      2 x 14   tricks won this hand: the seat's side (one-hot 0-13),
                         then the adversaries'
``score``       2 x 11   the game's score as the table told it (one-hot 0-10,
                         10 for ten or more): the side's, then the adversaries'
``seat``        4        the seat relative to the dealer (0 the eldest hand,
                         3 the dealer)
==============  =======  ======================================================

>>> INFOSTATE_SIZE, INFOSTATE_FIELDS["plays"]
(3302, (316, 2912))
>>> from cavendish.core import HandState, Seat, deal_cards
>>> import random
>>> state = HandState(deal_cards(random.Random(1), Seat.S))
>>> player = PolicyPlayer(lambda obs, mask: int(mask.nonzero()[0][0]))
>>> card = player.choose(state.view(state.turn))
>>> card == min(state.legal_cards())
True
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

from ..core.cards import CARDS, Card
from ..core.events import CardPlayed, Event
from ..core.state import SeatView
from .base import PlayerError
from .options import PlayerOptionError

__all__ = [
    "INFOSTATE_FIELDS",
    "INFOSTATE_SIZE",
    "PolicyFn",
    "PolicyPlayer",
    "infostate",
    "load_policy",
    "lowest",
    "offsets",
    "policy_player",
    "unpack",
]

PolicyFn = Callable[[Any, Any], int]
"""A policy: (observation vector, action mask) -> a card's index (0-51)."""

_LAYOUT = (
    ("hand", 52),
    ("exposed", 4 * 52),
    ("trump", 4),
    ("trump_card", 52),
    ("plays", 52 * 56),
    ("shown_out", 4 * 4),
    ("leader", 4),
    ("tricks", 2 * 14),
    ("score", 2 * 11),
    ("seat", 4),
)


def offsets(layout: tuple[tuple[str, int], ...]) -> dict[str, tuple[int, int]]:
    """Each field's (offset, length) in a vector of the fields of ``layout`` in order.

    >>> offsets((("a", 2), ("b", 3)))
    {'a': (0, 2), 'b': (2, 3)}
    """
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, length in layout:
        out[name] = (at, length)
        at += length
    return out


INFOSTATE_FIELDS: dict[str, tuple[int, int]] = offsets(_LAYOUT)
"""Each field's (offset, length) in the information state."""
INFOSTATE_SIZE = sum(length for _, length in _LAYOUT)
"""The length of the information state."""
_OFF = {name: at for name, (at, _) in INFOSTATE_FIELDS.items()}


def infostate(
    view: SeatView, plays: list[tuple[int, int]], score: tuple[int, int] = (0, 0)
) -> tuple[Any, Any]:
    """The information state of ``view.seat`` and its action mask (``int8`` arrays):
    ``plays`` are the hand's (seat, card) in order, ``score`` (the side's, the
    adversaries') the game's score.  Built as one Python int and unpacked once."""
    me = int(view.seat)
    bits = view.hand
    at = _OFF["exposed"]
    for s in range(4):
        bits |= view.exposed[s] << (at + 52 * ((s - me) & 3))
    bits |= 1 << (_OFF["trump"] + int(view.trump))
    if view.trump_card is not None:
        bits |= 1 << (_OFF["trump_card"] + int(view.trump_card))
    at = _OFF["plays"]
    shown = 0
    led = -1
    for k, (seat, card) in enumerate(plays):
        rel = (seat - me) & 3
        bits |= (1 << (at + 56 * k + card)) | (1 << (at + 56 * k + 52 + rel))
        if k % 4 == 0:
            led = card // 13
        elif card // 13 != led:
            shown |= 1 << (4 * rel + led)
    bits |= shown << _OFF["shown_out"]
    bits |= 1 << (_OFF["leader"] + ((view.leader - me) & 3))
    side = me & 1
    at = _OFF["tricks"]
    bits |= (1 << (at + view.tricks_won[side])) | (1 << (at + 14 + view.tricks_won[side ^ 1]))
    at = _OFF["score"]
    bits |= (1 << (at + min(score[0], 10))) | (1 << (at + 11 + min(score[1], 10)))
    bits |= 1 << (_OFF["seat"] + ((me - view.dealer - 1) & 3))
    return unpack(bits, INFOSTATE_SIZE, view.legal)


def unpack(bits: int, size: int, legal: int) -> tuple[Any, Any]:
    """The ``size`` low bits of ``bits`` and the 52 of ``legal`` as two ``int8``
    arrays of 0s and 1s, unpacked in one call.

    >>> v, m = unpack(0b101, 3, 1 << 51)
    >>> v.tolist(), int(m[51]), int(m.sum())
    ([1, 0, 1], 1, 1)
    """
    import numpy as np

    at = (size + 7) // 8 * 8
    bits |= legal << at
    raw = np.frombuffer(bits.to_bytes((at + 52 + 7) // 8, "little"), dtype=np.uint8)
    both = np.unpackbits(raw, bitorder="little", count=at + 52).view(np.int8)
    return both[:size], both[at:]


def load_policy(target: str) -> PolicyFn:
    """The function ``PACKAGE.MODULE:FUNCTION`` names (the module imported, from the
    current directory too); a :class:`PlayerOptionError` naming it if it cannot be."""
    module_name, colon, attr = target.partition(":")
    if not colon or not module_name or not attr:
        raise PlayerOptionError(
            f"player 'policy:{target}': write policy:PACKAGE.MODULE:FUNCTION"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is None or not module_name.startswith(exc.name) or os.getcwd() in sys.path:
            raise PlayerOptionError(f"player 'policy:{target}': {exc}") from None
        sys.path.append(os.getcwd())  # as ``python -m`` would find it
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as again:
            raise PlayerOptionError(f"player 'policy:{target}': {again}") from None
    fn = getattr(module, attr, None)
    if not callable(fn):
        raise PlayerOptionError(
            f"player 'policy:{target}': {module_name} has no function {attr!r}"
        )
    policy: PolicyFn = fn
    return policy


class PolicyPlayer:
    """A function from (information state, mask) to a card's index, as a player.

    ``target`` names the function (``PACKAGE.MODULE:FUNCTION``) so that the player
    can be rebuilt in another process (it pickles by name); a function given without
    it pickles only if the function does.
    """

    def __init__(
        self, fn: PolicyFn, seed: int = 0, name: str = "policy", target: str | None = None
    ) -> None:
        self.fn = fn
        self.seed = seed
        self.name = name
        self.target = target
        self.plays: list[tuple[int, int]] = []
        self.score = (0, 0)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.target is not None:
            return (_rebuild, (self.target, self.seed, self.name))
        return (PolicyPlayer, (self.fn, self.seed, self.name))

    def begin_hand(self, view: SeatView) -> None:
        """A new hand: no card played yet."""
        self.plays = []

    def observe(self, event: Event) -> None:
        """Keep each card played, in order."""
        if type(event) is CardPlayed:
            self.plays.append((int(event.seat), int(event.card)))

    def set_score(self, ours: int, theirs: int, game_points: int = 5) -> None:
        """The game's score, as the table tells it before a hand (C7)."""
        self.score = (ours, theirs)

    def choose(self, view: SeatView) -> Card:
        """The function's card for this view."""
        obs, mask = infostate(view, self.plays, self.score)
        action = self.fn(obs, mask)
        try:
            card = int(action)
        except (TypeError, ValueError):
            raise PlayerError(f"{self.name}: the policy answered {action!r}, not a card") from None
        if not 0 <= card < 52 or not view.legal >> card & 1:
            raise PlayerError(
                f"{self.name}: the policy answered {action!r}, not a legal card for {view.seat}"
            )
        return CARDS[card]

    def __repr__(self) -> str:
        return f"PolicyPlayer(target={self.target!r}, seed={self.seed}, name={self.name!r})"


def _rebuild(target: str, seed: int, name: str) -> PolicyPlayer:
    return PolicyPlayer(load_policy(target), seed, name, target)


def lowest(obs: Any, mask: Any) -> int:
    """A policy for tests and examples: the lowest legal card by index (spades first,
    the two low).

    >>> import numpy as np
    >>> lowest(None, np.array([0, 0, 1, 1] + [0] * 48, dtype=np.int8))
    2
    """
    return int(mask.nonzero()[0][0])


def policy_player(fn: PolicyFn, name: str = "policy", seed: int = 0) -> PolicyPlayer:
    """Any function from (information state, mask) to a card's index as a Cavendish
    :class:`~cavendish.players.base.Player` (also ``cavendish.env.policy_player``).

    >>> policy_player(lowest, "low").name
    'low'
    """
    return PolicyPlayer(fn, seed, name)

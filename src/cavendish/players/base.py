"""The player protocol: a seat's view in, a card out.

Design note
-----------
A :class:`Player` is anything with a ``name`` and a ``choose(view)`` method.  The
session asks it for a card with :meth:`HandState.view <cavendish.core.state.HandState.view>`
of the seat to play: the seat's own hand, the exposed hands (a dummy), the trump
card while it lies on the table, the current trick and the last trick (laws 52,
91).  A player never receives the :class:`~cavendish.core.state.HandState`, so it
cannot look at a hidden hand.

Two hooks are optional, and called only on a player that defines them:

* ``observe(event)``: every public event of the hand, in order (a card played, a
  trick turned and quitted, honours called), as the table sees it;
* ``begin_hand(view)``: once at the start of each hand, with the view of every
  seat the player holds (its own and, at dummy whist, its dummy's), before any
  card is played; a player that plays a dummy is asked for dummy's cards with
  dummy's view, so this is where it sees both of its hands together.

>>> from cavendish.players.random import RandomPlayer
>>> isinstance(RandomPlayer(1), Player), has_observer(RandomPlayer(1))
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from ..core.cards import Card
from ..core.errors import IllegalAction
from ..core.events import Event
from ..core.state import SeatView

__all__ = [
    "HandStarter",
    "Observer",
    "Player",
    "PlayerError",
    "ScoreAware",
    "has_observer",
    "notify",
    "notify_begin",
    "notify_score",
    "observer_hook",
]


class PlayerError(IllegalAction):
    """A player answered with a card it may not play."""


@runtime_checkable
class Player(Protocol):
    """Chooses a card for a seat from what that seat may see."""

    name: str

    def choose(self, view: SeatView) -> Card:
        """The card to play now: one of ``view.legal``."""
        ...


@runtime_checkable
class Observer(Protocol):
    """A player that wants to see every public event."""

    def observe(self, event: Event) -> None:
        """Called after each public event of the hand."""
        ...


@runtime_checkable
class HandStarter(Protocol):
    """A player that wants the views of its seats when a hand begins."""

    def begin_hand(self, view: SeatView) -> None:
        """Called once per held seat before the first card of a hand."""
        ...


def has_observer(player: object) -> bool:
    """Whether ``player`` defines the ``observe`` hook."""
    return getattr(player, "observe", None) is not None


# The hooks are looked up with getattr, which is what ``isinstance`` against a
# runtime-checkable protocol does for a one-method protocol (the attribute exists and
# is not None), without its cost: it is called for every event and every player, and
# the protocol check took more time than a classical player's reading of the event.
def notify(player: object, event: Event) -> None:
    """Pass ``event`` to ``player`` if it observes events."""
    observe = observer_hook(player)
    if observe is not None:
        observe(event)


def observer_hook(player: object) -> Callable[[Event], None] | None:
    """``player``'s ``observe`` hook, or None if it observes nothing (a table that
    passes every event to the same players looks it up once)."""
    observe: Callable[[Event], None] | None = getattr(player, "observe", None)
    return observe


def notify_begin(player: object, view: SeatView) -> None:
    """Pass a seat's opening view to ``player`` if it defines ``begin_hand``."""
    begin = getattr(player, "begin_hand", None)
    if begin is not None:
        begin(view)


@runtime_checkable
class ScoreAware(Protocol):
    """A player that plays to the score (C7): told the game's score before each hand."""

    def set_score(self, ours: int, theirs: int, game_points: int = 5) -> None:
        """Points of the player's side, of the adversaries, and the points of a game."""
        ...


def notify_score(player: object, ours: int, theirs: int, game_points: int) -> None:
    """Tell ``player`` the score before a hand if it defines ``set_score``."""
    if isinstance(player, ScoreAware):
        player.set_score(ours, theirs, game_points)

"""Computer players and the registry that names them.

The registry is a dict of factories, ``kind -> factory(seed, name) -> Player``;
other kinds of player add themselves with :func:`register`.

>>> get_player("random", 3, "Hoyle")
RandomPlayer(seed=3, name='Hoyle')
>>> get_player("oracle", 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cavendish.players.UnknownPlayer: unknown player 'oracle': expected one of classical, pimc, ...
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Observer, Player, PlayerError, has_observer, notify, notify_begin
from .random import RandomPlayer

__all__ = [
    "PLAYERS",
    "Observer",
    "Player",
    "PlayerError",
    "PlayerFactory",
    "RandomPlayer",
    "UnknownPlayer",
    "get_player",
    "has_observer",
    "notify",
    "notify_begin",
    "player_names",
    "register",
]

PlayerFactory = Callable[[int, str], Player]
"""Builds a player from a seed and a display name."""


class UnknownPlayer(ValueError):
    """No player of that kind is registered."""


def _random(seed: int, name: str) -> Player:
    return RandomPlayer(seed, name)


def _pimc(seed: int, name: str) -> Player:
    from .search import PIMCPlayer  # imported on use: the search loads the DD layer

    return PIMCPlayer(seed, name)


def _search(seed: int, name: str) -> Player:
    from .search import SearchPlayer

    return SearchPlayer(seed, name)


PLAYERS: dict[str, PlayerFactory] = {"random": _random, "pimc": _pimc, "search": _search}
"""Every kind of computer player, by name."""


def player_names() -> list[str]:
    """The registered kinds of player, sorted."""
    return sorted(PLAYERS)


def register(kind: str, factory: PlayerFactory) -> None:
    """Add a kind of player to the registry (a later registration replaces an earlier)."""
    PLAYERS[kind] = factory


def get_player(kind: str, seed: int, name: str | None = None) -> Player:
    """A new player of ``kind`` with its own ``seed`` (``name`` defaults to the kind)."""
    factory = PLAYERS.get(kind)
    if factory is None:
        raise UnknownPlayer(f"unknown player {kind!r}: expected one of {', '.join(player_names())}")
    return factory(seed, kind if name is None else name)


from .classical import ClassicalPlayer  # noqa: E402, F401  (registers itself as "classical")

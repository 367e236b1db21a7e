"""Computer players and the registry that names them.

The registry is a dict of factories, ``kind -> factory(seed, name) -> Player``;
other kinds of player add themselves with :func:`register`.  A kind may carry
options (``search:replies=0:worlds=64``, :mod:`cavendish.players.options`) when
it is registered with a builder that takes them.  ``policy:PACKAGE.MODULE:FUNCTION``
seats any function from an information state and a mask to a card
(:mod:`cavendish.players.policy`).

>>> get_player("random", 3, "Hoyle")
RandomPlayer(seed=3, name='Hoyle')
>>> get_player("oracle", 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
cavendish.players.UnknownPlayer: unknown player 'oracle': expected one of classical, pimc, ...
>>> get_player("pimc:worlds=8", 3).budget.worlds
8
>>> get_player("policy:cavendish.players.policy:lowest", 3, "low")
PolicyPlayer(target='cavendish.players.policy:lowest', seed=3, name='low')
>>> get_player("random:speed=2", 3)
Traceback (most recent call last):
...
cavendish.players.options.PlayerOptionError: player 'random:speed=2': random takes no options
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..core.errors import SettingsError
from .base import Observer, Player, PlayerError, has_observer, notify, notify_begin
from .options import PlayerOptionError, build_with_options, parse_kind
from .random import RandomPlayer

__all__ = [
    "CONFIGURABLE",
    "PLAYERS",
    "Observer",
    "OptionsBuilder",
    "Player",
    "PlayerError",
    "PlayerFactory",
    "PlayerOptionError",
    "RandomPlayer",
    "UnknownPlayer",
    "get_player",
    "has_observer",
    "kind_of",
    "notify",
    "notify_begin",
    "player_names",
    "register",
]

PlayerFactory = Callable[[int, str], Player]
"""Builds a player from a seed and a display name."""

OptionsBuilder = Callable[[str, int, str, Mapping[str, str]], Player]
"""Builds a player from the whole kind string, a seed, a display name and the options."""


class UnknownPlayer(SettingsError):
    """No player of that kind is registered."""


def _random(seed: int, name: str) -> Player:
    return RandomPlayer(seed, name)


def _pimc(seed: int, name: str) -> Player:
    from .search import PIMCPlayer  # imported on use: the search loads the DD layer

    return PIMCPlayer(seed, name)


def _search(seed: int, name: str) -> Player:
    from .search import SearchPlayer

    return SearchPlayer(seed, name)


def _pimc_with(spec: str, seed: int, name: str, options: Mapping[str, str]) -> Player:
    from .search import PIMCPlayer
    from .search.budget import Budget

    return build_with_options(spec, PIMCPlayer, seed, name, options, budget=Budget())


def _search_with(spec: str, seed: int, name: str, options: Mapping[str, str]) -> Player:
    from .search import STRONG_BUDGET, SearchPlayer

    return build_with_options(spec, SearchPlayer, seed, name, options, budget=STRONG_BUDGET)


def _policy(seed: int, name: str) -> Player:
    raise PlayerOptionError("player 'policy': name its function, policy:PACKAGE.MODULE:FUNCTION")


def _policy_with(spec: str, seed: int, name: str, options: Mapping[str, str]) -> Player:
    from .policy import PolicyPlayer, load_policy  # imported on use: it needs numpy

    target = options["target"]
    return PolicyPlayer(load_policy(target), seed, name, target)


PLAYERS: dict[str, PlayerFactory] = {
    "random": _random,
    "pimc": _pimc,
    "search": _search,
    "policy": _policy,
}
"""Every kind of computer player, by name."""

CONFIGURABLE: dict[str, OptionsBuilder] = {
    "pimc": _pimc_with,
    "search": _search_with,
    "policy": _policy_with,
}
"""The kinds that take options, with their builders."""


def player_names() -> list[str]:
    """The registered kinds of player, sorted."""
    return sorted(PLAYERS)


def register(kind: str, factory: PlayerFactory, options: OptionsBuilder | None = None) -> None:
    """Add a kind of player to the registry (a later registration replaces an earlier);
    ``options`` builds it with options (``kind:key=value``), if it takes any."""
    PLAYERS[kind] = factory
    if options is None:
        CONFIGURABLE.pop(kind, None)
    else:
        CONFIGURABLE[kind] = options


def kind_of(spec: str) -> str:
    """The registered kind a kind string names, without its options.

    >>> kind_of("search:replies=0"), kind_of("random")
    ('search', 'random')
    """
    return parse_kind(spec)[0]


def get_player(kind: str, seed: int, name: str | None = None) -> Player:
    """A new player of ``kind`` with its own ``seed`` (``name`` defaults to the kind).

    ``kind`` may carry options, ``search:replies=0:worlds=64``; a malformed,
    unknown or refused option raises :class:`PlayerOptionError`.
    """
    base, options = parse_kind(kind)
    factory = PLAYERS.get(base)
    if factory is None:
        raise UnknownPlayer(f"unknown player {base!r}: expected one of {', '.join(player_names())}")
    display = kind if name is None else name
    if not options:
        return factory(seed, display)
    build = CONFIGURABLE.get(base)
    if build is None:
        raise PlayerOptionError(f"player {kind!r}: {base} takes no options")
    return build(kind, seed, display, options)


from .classical import ClassicalPlayer  # noqa: E402, F401  (registers itself as "classical")

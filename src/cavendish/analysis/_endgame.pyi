"""The compiled exact solver of small double-dummy positions (``_endgame.c``): the DD
layer's (:mod:`.dd`) and the classical player's counting's
(:mod:`cavendish.players.classical.ending`)."""

from collections.abc import Sequence
from typing import Any

def score(
    hands: tuple[int, int, int, int], leader: int, played: tuple[int, ...], trump: int
) -> dict[int, int]: ...
def score_many(
    layouts: list[tuple[int, int, int, int]], leader: int, played: tuple[int, ...], trump: int
) -> list[dict[int, int]]: ...
def clear() -> None: ...
def score_each(
    positions: list[tuple[tuple[int, int, int, int], int, tuple[int, ...], int]],
    cards: Sequence[Any] | None = None,
) -> list[dict[Any, int]]: ...
def build(name: str | None = None) -> str: ...
def nodes() -> int: ...

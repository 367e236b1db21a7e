"""The compiled exact solver of small double-dummy positions (``_endgame.c``): the DD
layer's (:mod:`.dd`) and the classical player's counting's
(:mod:`cavendish.players.classical.ending`)."""

def score(
    hands: tuple[int, int, int, int], leader: int, played: tuple[int, ...], trump: int
) -> dict[int, int]: ...
def score_many(
    layouts: list[tuple[int, int, int, int]], leader: int, played: tuple[int, ...], trump: int
) -> list[dict[int, int]]: ...
def clear() -> None: ...

"""Playing to the score (C7, C86, C135): how many tricks win or save the game.

The player learns the score through the optional hook
``set_score(ours, theirs, game_points)`` (points of its side, of the adversaries,
and the points that make a game).  Without it the score is unknown and every
trick counts alike, as at Clay's dummy (C138): no trick is *critical*.

Each trick above six is a point (law 2), so a side at ``ours`` points needs
``6 + game_points - ours`` tricks to win the game from this hand by tricks
alone, and the adversaries are stopped once they cannot reach theirs: the side
saves the game with ``8 - (game_points - theirs)`` tricks.  Honours are not
counted (partner's are unknown until the end), so the targets are those of
"honours equal" in Pole's figures (sources/reference/conventions.md C7): at love all in short
whist the third trick saves the game.

>>> t = ScoreTargets.from_score(0, 0, 5)
>>> t.win, t.save, t.critical(2), t.critical(3)
(11, 3, True, False)
>>> ScoreTargets.unknown().critical(2)
False
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ScoreTargets"]


@dataclass(frozen=True)
class ScoreTargets:
    """The tricks that win (``win``) and save (``save``) the game, or None."""

    win: int | None
    save: int | None

    @classmethod
    def unknown(cls) -> ScoreTargets:
        """No score given: no target."""
        return cls(None, None)

    @classmethod
    def from_score(cls, ours: int, theirs: int, game_points: int) -> ScoreTargets:
        """The targets at ``ours`` to ``theirs`` in a game of ``game_points``."""
        if game_points < 1 or ours < 0 or theirs < 0:
            raise ValueError(
                f"score {ours} to {theirs} in a game of {game_points}: points must be "
                "non-negative and a game at least one point"
            )
        need = 6 + max(1, game_points - ours)
        save = 8 - max(1, game_points - theirs)
        return cls(need if need <= 13 else None, save if save >= 1 else None)

    def __reduce__(self) -> tuple[type[ScoreTargets], tuple[int | None, int | None]]:
        """Rebuilt from its fields (pickle, ``copy``; compiled with mypyc, pickle's
        default way would assign the frozen fields one by one, and fail)."""
        return (ScoreTargets, (self.win, self.save))

    def critical(self, tricks_won: int) -> bool:
        """Whether the next trick reaches a target (win or save the game)."""
        return tricks_won + 1 in (self.win, self.save)

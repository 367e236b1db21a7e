"""The score sheet: hands into games, games into rubbers (laws 1, 8-10).

Design note
-----------
:class:`ScoreSheet` takes one :class:`~cavendish.scoring.result.HandResult` after
another and keeps the game score, the games won and the rubbers.  The hand is
scored by the policy the rules name (``club`` or ``clay``, a plain function in
:data:`POLICIES`).  A game ends the moment a side reaches the game; the next hand
starts a new game at 0-0.  With ``rules.rubber`` a rubber is the best of three
games (law 1): its winners gain their games' values and the rubber points (law 9),
less the losers' game in a three-game rubber (law 10).  Without rubbers (Clay's
dummy) each game stands alone.

>>> from cavendish.core.rules import get_rules
>>> sheet = ScoreSheet(get_rules("short"))
>>> _ = sheet.record(HandResult((11, 2), (4, 0)))   # NS: 5 for tricks, game, treble
>>> _ = sheet.record(HandResult((8, 5), (0, 3)))    # NS 2, EW honours 2
>>> _ = sheet.record(HandResult((10, 3)))           # NS 4 more: game, a double
>>> sheet.rubbers[0].winner, sheet.rubbers[0].points, sheet.totals
(<Side.NS: 0>, 7, (7, 0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..core.cards import Side
from ..core.rules import Rules
from .clay import score_clay
from .club import score_club
from .result import HandResult, HandScore

__all__ = ["POLICIES", "GameRecord", "RubberRecord", "ScoreSheet"]

Policy = Callable[[Rules, tuple[int, int], HandResult], HandScore]
POLICIES: dict[str, Policy] = {"club": score_club, "clay": score_clay}
"""Scoring policies by the name a :class:`Rules` gives."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A finished game: its winners, its value to them, the final score and its hands."""

    winner: Side
    value: int
    score: tuple[int, int]
    hands: tuple[int, ...]
    """Indexes (into the sheet's hands) of the hands of this game."""


@dataclass(frozen=True, slots=True)
class RubberRecord:
    """A finished rubber: its winners and their net points (laws 9, 10)."""

    winner: Side
    points: int
    games: tuple[GameRecord, ...]


@dataclass
class ScoreSheet:
    """The running score of a session under one rule-set."""

    rules: Rules
    hands: list[HandScore] = field(default_factory=list)
    games: list[GameRecord] = field(default_factory=list)
    rubbers: list[RubberRecord] = field(default_factory=list)
    score: tuple[int, int] = (0, 0)
    """The score of the game in progress."""
    extras: tuple[int, int] = (0, 0)
    """Clay: settlements outside games (grand slams)."""
    _game_hands: list[int] = field(default_factory=list)
    _rubber_games: list[GameRecord] = field(default_factory=list)

    @property
    def policy(self) -> Policy:
        """The scoring function of the rules."""
        return POLICIES[self.rules.scoring]

    def record(self, result: HandResult) -> HandScore:
        """Score one hand and carry its consequences into games and rubbers."""
        scored = self.policy(self.rules, self.score, result)
        index = len(self.hands)
        self.hands.append(scored)
        if scored.outside_game:
            self.extras = (
                self.extras[0] + scored.settlement[0],
                self.extras[1] + scored.settlement[1],
            )
            return scored
        self._game_hands.append(index)
        if scored.game_winner is None:
            self.score = scored.after
            return scored
        winner = scored.game_winner
        value = scored.game_value
        if self.rules.scoring == "clay":
            won = [0, 0]
            for i in self._game_hands:
                won[0] += self.hands[i].settlement[0]
                won[1] += self.hands[i].settlement[1]
            value = won[winner] - won[winner.other] + self.rules.game_bonus
        game = GameRecord(winner, value, scored.after, tuple(self._game_hands))
        self.games.append(game)
        self._game_hands = []
        self.score = (0, 0)
        if self.rules.rubber:
            self._rubber_games.append(game)
            self._close_rubber_if_won()
        return scored

    def _close_rubber_if_won(self) -> None:
        games = self._rubber_games
        for side in (Side.NS, Side.EW):
            if sum(1 for g in games if g.winner == side) == 2:
                points = sum(g.value for g in games if g.winner == side) + self.rules.rubber_bonus
                if len(games) == 3 and self.rules.deduct_losers_games:
                    points -= sum(g.value for g in games if g.winner != side)
                self.rubbers.append(RubberRecord(side, points, tuple(games)))
                self._rubber_games = []
                return

    @property
    def rubber_games(self) -> tuple[GameRecord, ...]:
        """The games won so far in the rubber in progress."""
        return tuple(self._rubber_games)

    @property
    def rubber_over(self) -> bool:
        """True when no rubber is in progress (none begun, or the last just ended)."""
        return not self._rubber_games and self.score == (0, 0) and not self._game_hands

    @property
    def totals(self) -> tuple[int, int]:
        """Points won by each side: finished rubbers (or, without rubbers, finished games
        and Clay's grand slams)."""
        total = [0, 0]
        if self.rules.rubber:
            for r in self.rubbers:
                total[r.winner] += r.points
        else:
            for g in self.games:
                total[g.winner] += g.value
            total[0] += self.extras[0]
            total[1] += self.extras[1]
        return (total[0], total[1])

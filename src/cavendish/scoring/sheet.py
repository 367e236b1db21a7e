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
dummy) each game stands alone; Clay's game value (the net tricks of the game's
hands, plus four) is set by the sheet on the hand that wins the game.

Laws 11-12 (an erroneous score proved is corrected): the engine scores every hand
itself, so its arithmetic needs no correcting; the sheet keeps every hand's
:class:`~cavendish.scoring.result.HandResult` and is the same as
:meth:`ScoreSheet.replay` of them.  What can be wrong is an input (tricks, honours,
an election): :meth:`ScoreSheet.correct` replaces one hand's result and recomputes
the sheet, within the laws' windows: until the game the hand belongs to is
concluded, which is not before the trump card of the next deal is turned up, i.e.
until another hand is recorded (law 11); and, for an error in the amount of the
rubber, at any time during the rubber (law 12), provided the games keep their
winners.

>>> from cavendish.core.rules import get_rules
>>> sheet = ScoreSheet(get_rules("short"))
>>> _ = sheet.record(HandResult((11, 2), (4, 0)))   # NS: 5 for tricks, game, treble
>>> _ = sheet.record(HandResult((8, 5), (0, 3)))    # NS 2, EW honours 2
>>> _ = sheet.record(HandResult((10, 3)))           # NS 4 more: game, a double
>>> sheet.rubbers[0].winner, sheet.rubbers[0].points, sheet.totals
(<Side.NS: 0>, 7, (7, 0))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..core.cards import Side
from ..core.errors import LawsError
from ..core.rules import Rules
from .clay import ClayLedger, ClayTable, score_clay
from .club import score_club
from .result import HandResult, HandScore

__all__ = ["POLICIES", "GameRecord", "RubberRecord", "ScoreCorrectionError", "ScoreSheet"]

Policy = Callable[[Rules, tuple[int, int], HandResult], HandScore]
POLICIES: dict[str, Policy] = {"club": score_club, "clay": score_clay}
"""Scoring policies by the name a :class:`Rules` gives."""


class ScoreCorrectionError(LawsError):
    """A correction the laws do not allow (laws 11-12), or of a hand not on the sheet."""


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class GameRecord:
    """A finished game: its winners, its value to them, the final score and its hands."""

    winner: Side
    value: int
    score: tuple[int, int]
    hands: tuple[int, ...]
    """Indexes (into the sheet's hands) of the hands of this game."""


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
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
    results: list[HandResult] = field(default_factory=list)
    """What each hand produced, as recorded: the sheet is recomputed from these."""
    _game_hands: list[int] = field(default_factory=list)
    _rubber_games: list[GameRecord] = field(default_factory=list)

    @classmethod
    def replay(cls, rules: Rules, results: Iterable[HandResult]) -> ScoreSheet:
        """A new sheet with ``results`` recorded in order (laws 11-12: the sheet is
        always what its hands score).

        >>> from cavendish.core.rules import get_rules
        >>> sheet = ScoreSheet(get_rules("short"))
        >>> _ = sheet.record(HandResult((9, 4), (0, 2)))
        >>> ScoreSheet.replay(sheet.rules, sheet.results) == sheet
        True
        """
        sheet = cls(rules)
        for result in results:
            sheet.record(result)
        return sheet

    @property
    def policy(self) -> Policy:
        """The scoring function of the rules."""
        return POLICIES[self.rules.scoring]

    def record(self, result: HandResult) -> HandScore:
        """Score one hand and carry its consequences into games and rubbers."""
        policy = POLICIES[self.rules.scoring]  # (not self.policy(...): mypyc, issue 22)
        scored = policy(self.rules, self.score, result)
        index = len(self.hands)
        self.results.append(result)
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
            scored = replace(scored, game_value=value)
            self.hands[index] = scored
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

    def correct(self, index: int, result: HandResult) -> HandScore:
        """Laws 11-12: replace the result of hand ``index`` (0-based) and recompute the
        sheet; return the hand's new score.

        Allowed until the game of that hand is concluded, i.e. until a later hand is
        recorded (law 11); with rubbers, also for any hand of the rubber in progress
        if every finished game keeps its winner (law 12: the amount of the rubber).

        >>> from cavendish.core.rules import get_rules
        >>> sheet = ScoreSheet(get_rules("short"))
        >>> _ = sheet.record(HandResult((7, 6)))     # NS 1
        >>> _ = sheet.record(HandResult((10, 3)))    # NS 5: game, scored a treble
        >>> _ = sheet.correct(0, HandResult((7, 6), (1, 3)))   # but EW held three honours
        >>> sheet.score, sheet.games[0].value                  # EW stood at 2: a double
        ((0, 0), 2)
        >>> _ = sheet.record(HandResult((8, 5)))     # the next deal: game 1 concluded
        >>> sheet.correct(1, HandResult((4, 9)))     # would give game 1 to EW
        Traceback (most recent call last):
        ...
        cavendish.scoring.sheet.ScoreCorrectionError: hand 1 cannot be corrected: ...
        """
        if not 0 <= index < len(self.results):
            raise ScoreCorrectionError(
                f"hand {index}: no such hand on the sheet (hands 0 to {len(self.results) - 1})"
            )
        results = list(self.results)
        results[index] = result
        new = ScoreSheet.replay(self.rules, results)
        if index < self._game_start(last_game_open=True):
            if not self.rules.rubber or index < self._rubber_start():
                raise ScoreCorrectionError(
                    f"hand {index} cannot be corrected: its game was concluded when a later "
                    "hand was dealt (law 11)"
                    + ("" if not self.rules.rubber else " and its rubber is over (law 12)")
                )
            old_winners = [g.winner for g in self.games]
            new_winners = [g.winner for g in new.games[: len(self.games)]]
            if new_winners != old_winners:
                raise ScoreCorrectionError(
                    f"hand {index} cannot be corrected: its game was concluded (law 11), and "
                    "law 12 corrects the amount of the rubber, not who won its games"
                )
        self.hands, self.games, self.rubbers = new.hands, new.games, new.rubbers
        self.score, self.extras, self.results = new.score, new.extras, new.results
        self._game_hands, self._rubber_games = new._game_hands, new._rubber_games
        return self.hands[index]

    def _game_start(self, *, last_game_open: bool) -> int:
        """Index of the first hand of the game in progress; with ``last_game_open``, of
        the game just won if no hand has been recorded since (law 11)."""
        ends = [g.hands[-1] for g in self.games]
        if last_game_open and ends and ends[-1] == len(self.hands) - 1:
            ends.pop()
        return ends[-1] + 1 if ends else 0

    def _rubber_start(self) -> int:
        """Index of the first hand of the rubber in progress (past the last hand when
        the last rubber has just ended)."""
        if not self.rubbers:
            return 0
        return self.rubbers[-1].games[-1].hands[-1] + 1

    @property
    def rubber_games(self) -> tuple[GameRecord, ...]:
        """The games won so far in the rubber in progress."""
        return tuple(self._rubber_games)

    @property
    def rubber_over(self) -> bool:
        """True when no rubber is in progress (none begun, or the last just ended)."""
        return not self._rubber_games and self.score == (0, 0) and not self._game_hands

    def ledger(self, tables: Sequence[ClayTable]) -> ClayLedger:
        """Clay's dummy: each person's winnings, player against player, over the games
        finished and the grand slams on this sheet; ``tables[i]`` is who played hand
        ``i`` (a game is settled with its last hand's table).

        >>> from cavendish.core.rules import get_rules
        >>> sheet = ScoreSheet(get_rules("clay"))
        >>> _ = sheet.record(HandResult((12, 1)))       # a game in one hand: 11 + 4
        >>> _ = sheet.record(HandResult((0, 13)))       # a grand slam for E-W: 17
        >>> t = [ClayTable("Ann", Side.NS, ("Bob", "Cy")),
        ...      ClayTable("Bob", Side.NS, ("Cy", "Ann"))]
        >>> sheet.ledger(t).balances
        {'Ann': 47, 'Bob': -49, 'Cy': 2}
        """
        if len(tables) < len(self.hands):
            raise ValueError(
                f"{len(tables)} tables given for {len(self.hands)} hands: one a hand is needed"
            )
        settled: list[tuple[int, tuple[ClayTable, Side, int]]] = []
        for game in self.games:
            last = game.hands[-1]
            settled.append((last, (tables[last], game.winner, game.value)))
        for i, hand in enumerate(self.hands):
            if hand.outside_game:
                winner = Side.NS if hand.settlement[0] else Side.EW
                settled.append((i, (tables[i], winner, max(hand.settlement))))
        return ClayLedger.of(entry for _, entry in sorted(settled, key=lambda x: x[0]))

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

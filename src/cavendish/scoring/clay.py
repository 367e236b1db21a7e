"""Clay's way of scoring dummy (001, "Dummy Whist": Mr. Clay's method).

Design note: our reading of the passage
---------------------------------------
"Single games are played and not rubbers, and each player plays one in his turn.
Honors are not counted, but each trick counts for one, and the winning of the
game for four.  Thus, if twelve tricks out of the thirteen are made, the value of
the game is fifteen points, viz., eleven for tricks and four for the game.  And
if all thirteen tricks are made ... the winner receives seventeen points from
each adversary ... But this hand does not count towards the game in which it has
occurred, and that game proceeds as if no grand slam had been made."

* The game is reached as in short whist: five points, one for each trick over
  six, no honours (the passage changes what the game is *worth*, not how it is
  won; twelve tricks make the game in one hand, as its example needs).
* "Each trick counts for one" in the settlement, net: in every hand of the game
  the side that took more tricks gains the difference (12 tricks to 1 gain 11).
  The trick counts of all the hands of the game are added up, and the winners of
  the game gain four more; the game's value is the winners' total less the
  losers' (twelve tricks in one hand: 11 + 4 = 15).
* A grand slam (13 tricks) is settled at once: 13 + 4 = 17 to the side that made
  it.  The hand gives no game points and no trick count to the game in progress.
* Single games: no rubbers, no rubber points.  Each player takes dummy in turn.
* "From each adversary": values are per side; at the three-player table the
  player with dummy gains (or pays) the value from (or to) each of the other two.
  The per-player ledger (:class:`ClayLedger`, :meth:`ScoreSheet.ledger
  <cavendish.scoring.sheet.ScoreSheet.ledger>`) settles each game, and each grand
  slam, between the person who held the dummy in it (:class:`ClayTable`) and each
  of his two adversaries: he gains the value from each (twice it in all), or pays
  it to each.  A game is settled with the table of its last hand (the dummy passes
  only between games: "each player plays one in his turn").
* Revokes are penalised as in the club code (dummy's partner is liable; dummy
  is not); a penalty of three tricks changes the trick count settled.  A hand
  with a revoke is scored as an ordinary hand of the game, never as a grand slam
  outside it: the penalty is "applicable only to the score of the game in which it
  occurs" (law 72(iii)), and the revokers cannot win the game by that hand (law 82).
* The sheet (:class:`~cavendish.scoring.sheet.ScoreSheet`) adds up the game and
  sets the game's value on the hand that wins it; this function alone gives that
  hand's trick count and game points, and a ``game_value`` of 0.

>>> from cavendish.core.rules import get_rules
>>> s = score_clay(get_rules("clay"), (0, 0), HandResult((12, 1)))
>>> s.game_winner, s.settlement
(<Side.NS: 0>, (11, 0))
>>> score_clay(get_rules("clay"), (3, 0), HandResult((0, 13))).settlement
(0, 17)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..core.cards import Seat, Side
from ..core.rules import Rules
from .club import score_club
from .result import HandResult, HandScore

__all__ = ["ClayLedger", "ClayTable", "score_clay"]


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class ClayTable:
    """Who played a hand of Clay's dummy: the person who held the dummy, his side,
    and his two adversaries."""

    holder: str
    side: Side
    adversaries: tuple[str, str]

    @classmethod
    def at(cls, players: Sequence[str], dummy: Seat) -> ClayTable:
        """The table of a hand whose ``players`` are named by seat N, E, S, W and whose
        dummy sits at ``dummy``.

        >>> ClayTable.at(("Dummy", "Bob", "Ann", "Cy"), Seat.N)
        ClayTable(holder='Ann', side=<Side.NS: 0>, adversaries=('Bob', 'Cy'))
        """
        left = dummy.left
        return cls(players[dummy.partner], dummy.side, (players[left], players[left.partner]))


@dataclass
class ClayLedger:
    """Each person's net winnings over a series of Clay's games, settled player
    against player "from each adversary" (001).

    >>> ledger = ClayLedger()
    >>> ledger.settle(ClayTable("Ann", Side.NS, ("Bob", "Cy")), Side.NS, 15)
    >>> ledger.settle(ClayTable("Bob", Side.NS, ("Cy", "Ann")), Side.EW, 5)
    >>> ledger.balances
    {'Ann': 35, 'Bob': -25, 'Cy': -10}
    >>> sum(ledger.balances.values())
    0
    """

    balances: dict[str, int] = field(default_factory=dict)
    """Net points by person (what he won less what he paid)."""
    entries: list[tuple[ClayTable, Side, int]] = field(default_factory=list)
    """Each settlement: the table, the side that won it and its value."""

    def settle(self, table: ClayTable, winner: Side, value: int) -> None:
        """``winner`` won ``value`` at ``table``: the holder of the dummy gains it from
        each adversary, or pays it to each."""
        sign = 1 if winner == table.side else -1
        for who in (table.holder, *table.adversaries):
            self.balances.setdefault(who, 0)
        for adversary in table.adversaries:
            self.balances[table.holder] += sign * value
            self.balances[adversary] -= sign * value
        self.entries.append((table, winner, value))

    @classmethod
    def of(cls, settled: Iterable[tuple[ClayTable, Side, int]]) -> ClayLedger:
        """A ledger with ``settled`` (table, winners, value) entered in order."""
        ledger = cls()
        for table, winner, value in settled:
            ledger.settle(table, winner, value)
        return ledger


def score_clay(rules: Rules, before: tuple[int, int], result: HandResult) -> HandScore:
    """Score one hand of Clay's dummy from ``before``: game points (as short whist
    without honours) and the hand's settlement (net tricks; a grand slam's 17)."""
    for side in (Side.NS, Side.EW):
        if result.tricks[side] == 13 and not result.revokes:
            value = 13 + rules.game_bonus
            settlement = (value, 0) if side == Side.NS else (0, value)
            return HandScore(
                tricks=result.tricks,
                honours=(0, 0),
                points=(0, 0),
                before=before,
                after=before,
                settlement=settlement,
                outside_game=True,
                notes=(
                    f"grand slam: {side} gain {value} from each adversary; "
                    "the hand does not count towards the game",
                ),
            )
    score = score_club(rules.replace(honours=False), before, result)
    ns, ew = score.tricks
    net = abs(ns - ew)
    settlement = (net, 0) if ns > ew else (0, net)
    return replace(score, settlement=settlement)

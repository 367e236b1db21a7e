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

from dataclasses import replace

from ..core.cards import Side
from ..core.rules import Rules
from .club import score_club
from .result import HandResult, HandScore

__all__ = ["score_clay"]


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

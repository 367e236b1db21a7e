"""Measuring computer players: duplicate matches, and whole rubbers simulated.

* :func:`run_match` plays a duplicate match between two kinds of player (every
  deal twice, the teams swapping seats) and reports A's tricks and points per
  deal against B's, with a 95% interval, and each team's decision times;
* :func:`simulate_rubbers` plays whole rubbers and counts what Perceval counted:
  games per rubber, rubbers won in two games, trebles, doubles and singles, the
  first game's winners and the first deal.

Both reproduce exactly from a seed, with any number of workers.

>>> from cavendish.match import run_match
>>> run_match("random", "random", boards=2, seed=1).tricks.mean
0.0

The matches' and the rubbers' modules (:mod:`.duplicate`, :mod:`.rubbers`: the
players, the game) are imported when one of their names is first asked of the
package (``__getattr__``), so that importing the pool's module
(:mod:`.parallel`) stays light: the console script starts a match's fork server
(:func:`.parallel.prestart`) before it imports the players.
"""

from typing import TYPE_CHECKING

from ..core.lazy import names_on_first_use
from .parallel import ParallelError, RayNotInstalled, default_workers, run_tasks
from .seeds import derive_seed
from .stats import Interval, mean_ci, median, percentile, student_t_quantile, wilson_interval

if TYPE_CHECKING:
    from .duplicate import (
        BoardResult,
        DecisionTimes,
        MatchError,
        MatchResult,
        MatchSpec,
        PlayerSpec,
        TimedPlayer,
        play_board,
        play_room,
        run_match,
    )
    from .rubbers import RubberError, RubberStats, RubberSummary, parse_players, simulate_rubbers

_LATER = {
    **dict.fromkeys(("BoardResult", "DecisionTimes", "MatchError", "MatchResult", "MatchSpec",
                     "PlayerSpec", "TimedPlayer", "play_board", "play_room", "run_match"),
                    "duplicate"),
    **dict.fromkeys(("RubberError", "RubberStats", "RubberSummary", "parse_players",
                     "simulate_rubbers"), "rubbers"),
}
"""The names imported from their module when first asked (see the note)."""

__getattr__ = names_on_first_use(__name__, _LATER, globals())


__all__ = [
    "BoardResult",
    "DecisionTimes",
    "Interval",
    "MatchError",
    "MatchResult",
    "MatchSpec",
    "ParallelError",
    "PlayerSpec",
    "RayNotInstalled",
    "RubberError",
    "RubberStats",
    "RubberSummary",
    "TimedPlayer",
    "default_workers",
    "derive_seed",
    "mean_ci",
    "median",
    "parse_players",
    "percentile",
    "play_board",
    "play_room",
    "run_match",
    "run_tasks",
    "simulate_rubbers",
    "student_t_quantile",
    "wilson_interval",
]

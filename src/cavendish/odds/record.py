"""Perceval's record of 16,000 rubbers and Pole's figures, beside simulated rubbers.

Design note
-----------
The rubbers are played by :func:`cavendish.match.rubbers.simulate_rubbers` (short
whist, seeded, in parallel); this module only sets what it counts beside the
figures 001 prints (:mod:`cavendish.odds.printed`, tables ``perceval`` and
``pole-game``).  Each row has the printed value, the simulated value with its 95%
interval, and ``agrees``: whether the printed value lies inside that interval.

* Proportions (rubbers won in two games, trebles, ...) take Wilson's interval over
  the rubbers or the games they are counted in, as Perceval counted them.
* Points per rubber (the winners' net points, laws 8-10) take Student's t interval
  over the rubbers.  It is set beside the printed average, 5.411; the printed total
  86,687 gives 5.418 and is shown as ``also_printed``: the two disagree, and
  neither is tested for exact equality.
* A game "with the deal" is won by the side that had the game's first deal.  Pole
  gives 0.523 for "with deal, skill being even"; the players of a simulation with
  one kind in all four seats are even in skill.  "Without the deal" is its
  complement, 0.477, which Pole does not print (``derived``).
* Perceval's two deal counts are of S. P.'s side: who won the cut for the first deal
  of the rubber, and to whom the first deal of each game fell.  Their simulated
  counterparts are North-South's; they test the fairness of the cut and of the
  passing of the deal, not skill.

>>> rec = simulate_record("random", rubbers=4, seed=2, workers=1)
>>> rec.players, rec.rubbers, [r.key for r in rec.rows][:2]
('random', 4, ['rubbers-won-in-two', 'first-game-winners-won-rubber'])
>>> agrees(0.5016, (0.48, 0.53)), agrees(0.5016, (0.51, 0.53)), agrees(0.5, None)
(True, False, None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Side
from ..core.errors import MatchError
from ..match.duplicate import is_registered
from ..match.rubbers import RubberError, RubberStats, simulate_rubbers
from ..match.stats import mean_ci, wilson_interval
from .printed import Printed, figure

__all__ = [
    "RECORD_KEYS",
    "OddsRecordError",
    "Record",
    "RecordRow",
    "agrees",
    "default_players",
    "record_rows",
    "simulate_record",
]

VARIANT = "short"
"""Perceval's rubbers were of short whist (games of five, trebles, doubles, singles)."""

RECORD_KEYS: tuple[str, ...] = (
    "rubbers-won-in-two",
    "first-game-winners-won-rubber",
    "trebles",
    "doubles",
    "singles",
    "points-per-rubber",
    "game-won-with-deal",
    "game-won-without-deal",
    "first-deal-of-rubber-ns",
    "first-deal-of-game-ns",
)
"""The rows of a record, in order."""


class OddsRecordError(MatchError):
    """A record asked for with impossible settings (no rubbers, no workers)."""


def default_players() -> str:
    """``"classical"`` if that player is registered now, else ``"random"``.

    >>> default_players() in ("classical", "random")
    True
    """
    return "classical" if is_registered("classical") else "random"


def agrees(printed: float, ci95: Sequence[float] | None) -> bool | None:
    """Whether ``printed`` lies inside the interval ``ci95`` (None when there is none).

    >>> agrees(0.755, [0.70, 0.755]), agrees(5.411, [5.5, 6.0])
    (True, False)
    """
    if ci95 is None:
        return None
    low, high = ci95
    return low <= printed <= high


@dataclass(frozen=True, slots=True)
class RecordRow:
    """One figure: the printed value beside the simulated one and its 95% interval."""

    key: str
    label: str
    printed: float
    printed_figure: Printed
    """The figure as 001 prints it (for a derived value, the figure it is derived from)."""
    simulated: float
    ci95: tuple[float, float] | None
    """None when one rubber gives no interval (points per rubber)."""
    count: int | None
    """For a proportion: the rubbers or games counted (of ``of``)."""
    of: int
    """The rubbers or games the figure is counted over."""
    interval: str
    """``"wilson"`` (a proportion) or ``"student-t"`` (a mean)."""
    derived: bool = False
    """True when the printed value is computed from a printed figure (a complement)."""
    also_printed: tuple[tuple[float, str], ...] = ()
    """Other printings of the same figure: (value, how it is read)."""
    note: str = ""

    @property
    def agrees(self) -> bool | None:
        """Whether the printed value lies inside the simulated value's 95% interval."""
        return agrees(self.printed, self.ci95)

    def to_json(self) -> dict[str, Any]:
        """The row as JSON (values rounded to four places; ``agrees`` on the exact ones)."""
        p = self.printed_figure
        return {
            "key": self.key,
            "label": self.label,
            "printed": round(self.printed, 4),
            "simulated": round(self.simulated, 4),
            "ci95": None if self.ci95 is None else [round(x, 4) for x in self.ci95],
            "agrees": self.agrees,
            "count": self.count,
            "of": self.of,
            "interval": self.interval,
            "printed_text": p.text,
            "source": p.source,
            "derived": self.derived,
            "also_printed": [{"value": round(v, 4), "text": t} for v, t in self.also_printed],
            "note": self.note,
        }


def _proportion(
    key: str,
    label: str,
    printed: Printed,
    count: int,
    of: int,
    *,
    value: float | None = None,
    derived: bool = False,
    also: tuple[tuple[float, str], ...] = (),
    note: str = "",
) -> RecordRow:
    return RecordRow(
        key,
        label,
        float(printed.probability) if value is None else value,
        printed,
        count / of,
        wilson_interval(count, of),
        count,
        of,
        "wilson",
        derived,
        also,
        note,
    )


def record_rows(stats: RubberStats) -> list[RecordRow]:
    """The rows of :data:`RECORD_KEYS` for the rubbers of ``stats``.

    >>> from cavendish.match.rubbers import simulate_rubbers
    >>> stats = simulate_rubbers("random", rubbers=2, seed=5)
    >>> rows = record_rows(stats)
    >>> rows[0].of, rows[2].of == stats.games, rows[0].interval, rows[5].interval
    (2, True, 'wilson', 'student-t')
    """
    n, g = stats.rubbers, stats.games
    if n < 1:
        raise OddsRecordError("a record needs at least one rubber")
    with_deal = figure("pole-game", "with-deal-skill-even")
    won_with = stats.first_deal_won_game
    points_total = figure("perceval", "points")
    per_rubber = figure("perceval", "points-per-rubber")
    ci = mean_ci([s.points for s in stats.summaries])
    first_odds = figure("perceval", "first-game-odds")
    ns_rubbers = sum(1 for s in stats.summaries if s.first_deal == Side.NS)
    ns_games = sum(1 for s in stats.summaries for game in s.games if game[2] == Side.NS)
    return [
        _proportion(
            "rubbers-won-in-two",
            "rubbers won in two games",
            figure("perceval", "rubbers-in-two"),
            stats.two_game_rubbers,
            n,
        ),
        _proportion(
            "first-game-winners-won-rubber",
            "first game's winners won rubber",
            figure("perceval", "first-game-winners-won"),
            stats.first_game_winners_won,
            n,
            also=((float(first_odds.probability), first_odds.text),),
        ),
        _proportion(
            "trebles", "trebles (of the games)", figure("perceval", "trebles"), stats.trebles, g
        ),
        _proportion(
            "doubles", "doubles (of the games)", figure("perceval", "doubles"), stats.doubles, g
        ),
        _proportion(
            "singles", "singles (of the games)", figure("perceval", "singles"), stats.singles, g
        ),
        RecordRow(
            "points-per-rubber",
            "points per rubber",
            float(per_rubber.number),
            per_rubber,
            ci.mean,
            None if ci.low is None or ci.high is None else (ci.low, ci.high),
            None,
            n,
            "student-t",
            also_printed=(
                (
                    float(points_total.number / figure("perceval", "rubbers").number),
                    f"{points_total.text} in 16,000 rubbers",
                ),
            ),
            note="the printed total and average disagree (5.418 against 5.411)",
        ),
        _proportion(
            "game-won-with-deal",
            "game won with its first deal",
            with_deal,
            won_with,
            g,
        ),
        _proportion(
            "game-won-without-deal",
            "game won without its first deal",
            with_deal,
            g - won_with,
            g,
            value=float(1 - with_deal.probability),
            derived=True,
            note="not printed: 1 - 0.523, the complement of 'with deal, skill being even'",
        ),
        _proportion(
            "first-deal-of-rubber-ns",
            "first deal of a rubber to N-S",
            figure("perceval", "cut-won-by-sp"),
            ns_rubbers,
            n,
            note="Perceval counts the cuts won by S. P. or his partner; N-S stands in for them",
        ),
        _proportion(
            "first-deal-of-game-ns",
            "first deal of a game to N-S",
            figure("perceval", "first-deal-of-game-to-sp"),
            ns_games,
            g,
            note="Perceval counts the games whose first deal fell to S. P.'s side, and found "
            "the difference 'very large, and difficult to account for'; N-S stands in for them",
        ),
    ]


@dataclass(frozen=True)
class Record:
    """Simulated rubbers set beside Perceval's record and Pole's figures."""

    players: str
    """``--players`` as given or chosen: one kind, ``A,B`` or four kinds."""
    default: bool
    """True when the players were chosen by :func:`default_players`."""
    stats: RubberStats
    rows: tuple[RecordRow, ...]

    @property
    def rubbers(self) -> int:
        """Rubbers played."""
        return self.stats.rubbers

    @property
    def seed(self) -> int:
        """The simulation's seed."""
        return self.stats.seed

    def row(self, key: str) -> RecordRow:
        """The row of ``key`` (one of :data:`RECORD_KEYS`)."""
        for r in self.rows:
            if r.key == key:
                return r
        raise KeyError(f"no record row {key!r}: expected one of {', '.join(RECORD_KEYS)}")

    def describe_players(self) -> str:
        """Who played, and whether by default.

        >>> simulate_record("random", rubbers=1, seed=1, workers=1).describe_players()
        'random in all four seats'
        """
        seats = self.stats.players
        if len(set(seats)) == 1:
            who = f"{seats[0]} in all four seats"
        else:
            who = " ".join(f"{s}={p}" for s, p in zip("NESW", seats, strict=True))
        if self.default:
            why = (
                "the classical player is registered"
                if self.players == "classical"
                else "the classical player is not registered"
            )
            who += f" (the default: {why})"
        return who

    def to_json(self) -> dict[str, Any]:
        """``{"players", "rubbers", "seed", "rows": [...]}`` and the counts behind them."""
        return {
            "players": self.players,
            "players_default": self.default,
            "seats": {s: p for s, p in zip("NESW", self.stats.players, strict=True)},
            "variant": self.stats.variant,
            "rubbers": self.rubbers,
            "seed": self.seed,
            "games": self.stats.games,
            "hands": self.stats.hands,
            "rows": [r.to_json() for r in self.rows],
        }


def simulate_record(
    players: str | None = None,
    *,
    rubbers: int,
    seed: int = 1,
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Record:
    """Play ``rubbers`` rubbers of short whist and set them beside Perceval's record.

    ``players`` is as ``--players`` of ``cavendish simulate rubbers``; None chooses
    :func:`default_players`.  ``workers``, ``ray_address`` and ``progress`` as for
    :func:`~cavendish.match.rubbers.simulate_rubbers`; the same seed gives the same
    record with any number of workers.
    """
    if rubbers < 1:
        raise OddsRecordError(f"--rubbers {rubbers}: must be at least 1")
    chosen = default_players() if players is None else players.strip()
    try:
        stats = simulate_rubbers(
            chosen,
            rubbers=rubbers,
            seed=seed,
            variant=VARIANT,
            workers=workers,
            ray_address=ray_address,
            progress=progress,
        )
    except RubberError as exc:
        raise OddsRecordError(str(exc)) from exc
    return Record(chosen, players is None, stats, tuple(record_rows(stats)))

"""A ladder: every kind of player against every other in duplicate, on fixed seeds.

Design note
-----------
A ladder is one :func:`~.duplicate.run_match` for each pair of kinds (the first
named as team A), every match on the same seed, so on the same deals: a learned
policy (``policy:PACKAGE.MODULE:FUNCTION``) meets the built-in players on equal
terms.  For each pair it keeps A's tricks per deal against B with the 95% interval
(:func:`~.stats.mean_ci`).  For each kind it sums, over every match it played:

* its *tricks per deal* against the field (the mean of its matches' means);
* the tricks its cards lost against double dummy, per hand it played (each hand
  annotated with :func:`~cavendish.analysis.annotate.annotate_record`; a card costs
  what the DD value of the position drops by it; a kind's cards are those of the
  team it was in each room) — ``dd=False`` leaves this out, which is most of the
  time of a ladder of fast players;
* its decisions per second: the cards it chose over the time its ``choose`` took.

Nothing depends on the order of play or on the number of workers: each match
reproduces exactly from the seed (see :mod:`.duplicate`).

>>> ladder = run_ladder(["random", "random"], boards=2, seed=1, dd=False)
Traceback (most recent call last):
...
cavendish.core.errors.MatchError: ladder: kind 'random' is named twice
>>> ladder = run_ladder(["random", "classical"], boards=2, seed=1, dd=False)
>>> [(p.a, p.b) for p in ladder.pairs]
[('random', 'classical')]
>>> sorted(ladder.to_json())
['boards', 'kinds', 'pairs', 'seed', 'variant']
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import MatchError
from .duplicate import MatchResult, run_match
from .stats import Interval

__all__ = ["KindRow", "Ladder", "PairRow", "run_ladder"]


@dataclass(frozen=True, slots=True)
class PairRow:
    """One match of the ladder: A's tricks per deal against B."""

    a: str
    b: str
    tricks: Interval


@dataclass(slots=True)
class KindRow:
    """One kind's figures over all its matches."""

    kind: str
    means: list[float] = field(default_factory=list)
    """Its tricks per deal in each match (as A or B)."""
    hands: int = 0
    lost: int = 0
    """Tricks its cards lost against double dummy (when annotated)."""
    cards: int = 0
    ms: float = 0.0

    @property
    def tricks(self) -> float:
        """Its tricks per deal against the field: the mean of its matches' means."""
        return sum(self.means) / len(self.means) if self.means else 0.0

    @property
    def lost_per_hand(self) -> float | None:
        """DD tricks lost per hand it played, or None if not annotated."""
        return self.lost / self.hands if self.hands else None

    @property
    def decisions_per_second(self) -> float:
        """Cards chosen per second of its own time."""
        return self.cards / (self.ms / 1000) if self.ms > 0 else 0.0


@dataclass(frozen=True, slots=True)
class Ladder:
    """Every pair's match and every kind's row."""

    kinds: tuple[str, ...]
    boards: int
    seed: int
    variant: str
    pairs: tuple[PairRow, ...]
    rows: tuple[KindRow, ...]

    def to_json(self) -> dict[str, Any]:
        """The ladder as JSON data."""

        def interval(i: Interval) -> dict[str, Any]:
            return {"mean": round(i.mean, 3), "ci95": None if i.low is None or i.high is None
                    else [round(i.low, 3), round(i.high, 3)]}

        return {
            "kinds": [
                {
                    "kind": r.kind,
                    "tricks_per_deal": round(r.tricks, 3),
                    "dd_lost_per_hand": None if r.lost_per_hand is None
                    else round(r.lost_per_hand, 3),
                    "decisions_per_second": round(r.decisions_per_second, 1),
                }
                for r in self.rows
            ],
            "pairs": [{"a": p.a, "b": p.b, **interval(p.tricks)} for p in self.pairs],
            "boards": self.boards,
            "seed": self.seed,
            "variant": self.variant,
        }


def _lost_by_team(match: MatchResult) -> tuple[tuple[int, int], tuple[int, int]]:
    """(tricks lost against DD, hands) of team A and of team B over the match's hands."""
    from ..analysis.annotate import annotate_record

    lost = [0, 0]
    hands = [0, 0]
    for record in match.records():
        ann = annotate_record(record)
        for seat, k in ann.lost_by_seat().items():
            team = 0 if record.players[seat].startswith("A ") else 1
            lost[team] += k
        hands[0] += 1
        hands[1] += 1
    return (lost[0], hands[0]), (lost[1], hands[1])


def run_ladder(
    kinds: Sequence[str],
    *,
    boards: int = 20,
    seed: int = 1,
    variant: str = "short",
    workers: int = 1,
    dd: bool = True,
    progress: Callable[[str], None] | None = None,
) -> Ladder:
    """Every pair of ``kinds`` in a duplicate match of ``boards`` on ``seed``."""
    if len(kinds) < 2:
        raise MatchError(f"ladder: at least two kinds are needed, not {len(kinds)}")
    for kind in kinds:
        if list(kinds).count(kind) > 1:
            raise MatchError(f"ladder: kind {kind!r} is named twice")
    rows = {k: KindRow(k) for k in kinds}
    pairs: list[PairRow] = []
    for a, b in itertools.combinations(kinds, 2):
        if progress is not None:
            progress(f"{a} v {b}")
        match = run_match(a, b, boards=boards, seed=seed, variant=variant, workers=workers)
        tricks = match.tricks
        pairs.append(PairRow(a, b, tricks))
        rows[a].means.append(tricks.mean)
        rows[b].means.append(-tricks.mean)
        for team, kind in (("a", a), ("b", b)):
            times = [t for r in match.results for t in (r.times_a if team == "a" else r.times_b)]
            rows[kind].cards += len(times)
            rows[kind].ms += sum(times)
        if dd:
            (lost_a, hands_a), (lost_b, hands_b) = _lost_by_team(match)
            rows[a].lost += lost_a
            rows[a].hands += hands_a
            rows[b].lost += lost_b
            rows[b].hands += hands_b
    order = sorted(rows.values(), key=lambda r: -r.tricks)
    return Ladder(tuple(kinds), boards, seed, variant, tuple(pairs), tuple(order))


def interval_text(i: Interval) -> str:
    """``+1.250 [+0.500, +2.000]``.

    >>> from cavendish.match.stats import mean_ci
    >>> interval_text(mean_ci([1.0, 2.0, 3.0]))
    '+2.000 [-0.484, +4.484]'
    """
    if i.low is None or i.high is None:
        return f"{i.mean:+.3f}"
    return f"{i.mean:+.3f} [{i.low:+.3f}, {i.high:+.3f}]"

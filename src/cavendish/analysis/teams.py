"""Where a duplicate match was won: each team's double-dummy cost, by phase and position.

Design note
-----------
A duplicate match plays each board twice with the teams' seats swapped
(:mod:`cavendish.match.duplicate`); its PBN file names the players at each seat
(``A search N``, ``B pimc E``, ...).  Annotated (:mod:`.annotate`), every card
has a double-dummy *cost*.  For a board, let ``L_A`` and ``L_B`` be the costs of
each team's cards summed over both rooms.  By the identity of :mod:`.annotate`
(``made = dd_start - lost(side) + lost(other side)``) and because team A holds
in room 2 the cards team B held in room 1::

    A's tricks minus B's per deal, averaged over the two rooms  ==  L_B - L_A

exactly.  So the match's ``tricks_per_deal`` splits, card by card, into where
each team's cards lost tricks: :func:`team_breakdown` sums the costs by the
categories of :data:`CATEGORIES` (the opening lead, the phases of the hand, the
position in the trick, the side that led first or not), per board, and gives for
each category the mean over the boards of each team's loss and of A's gain
``L_B - L_A`` with its standard error over the boards.  A whole-hand gain that
does not equal the tricks per deal would be a bug, and the tests check it.

A team is read from the names: a name's last word, if it is a seat (``N``),
is dropped, and a seat named ``Dummy`` or left empty takes its partner's name.
The two seats of a side must then agree, every board must be played exactly
twice with the two teams on opposite sides, and the file must hold two teams:
otherwise :class:`TeamsError` says which board is wrong and why.

>>> teams_of(("A search N", "B pimc E", "A search S", "B pimc W"))
('A search', 'B pimc')
>>> teams_of(("Dummy", "A search E", "B pimc S", "A search W"))
('B pimc', 'A search')
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Seat, Side
from ..core.deal import Deal
from ..core.errors import RecordFileError
from ..io.record import HandRecord
from .annotate import BoardAnnotation, CardNote

__all__ = ["CATEGORIES", "TeamBreakdown", "TeamRow", "TeamsError", "team_breakdown", "teams_of"]


class TeamsError(RecordFileError):
    """The records are not the two rooms of a duplicate match between two teams."""


def _in_trick(note: CardNote) -> int:
    return note.index % 4


def _eldest_side(ann: BoardAnnotation) -> Side:
    return ann.eldest.side


CATEGORIES: tuple[tuple[str, Callable[[CardNote, BoardAnnotation], bool]], ...] = (
    ("the whole hand", lambda n, a: True),
    ("the opening lead", lambda n, a: n.index == 0),
    ("trick 1 in all", lambda n, a: n.trick == 1),
    ("tricks 2-4", lambda n, a: 2 <= n.trick <= 4),
    ("tricks 5-9", lambda n, a: 5 <= n.trick <= 9),
    ("tricks 10-13", lambda n, a: n.trick >= 10),
    ("leading to a trick", lambda n, a: _in_trick(n) == 0),
    ("second hand", lambda n, a: _in_trick(n) == 1),
    ("third hand", lambda n, a: _in_trick(n) == 2),
    ("fourth hand", lambda n, a: _in_trick(n) == 3),
    ("on the side that led first", lambda n, a: n.side == _eldest_side(a)),
    ("on the other side", lambda n, a: n.side != _eldest_side(a)),
)
"""The categories of cards, each a name and a test of a card on its board."""


def _team_name(name: str) -> str:
    words = name.split()
    if len(words) > 1 and words[-1] in {s.name for s in Seat}:
        words = words[:-1]
    return " ".join(words)


def teams_of(players: Sequence[str], board: int = 1) -> tuple[str, str]:
    """The teams sitting N-S and E-W, read from the four names N, E, S, W.

    >>> teams_of(("Ann", "Bob", "Ann", "Bob"))
    ('Ann', 'Bob')
    >>> teams_of(("A x N", "B y E", "C z S", "B y W"), board=4)
    Traceback (most recent call last):
    ...
    cavendish.analysis.teams.TeamsError: board 4: N and S are not one team ('A x' and 'C z')
    """
    names = [_team_name(p) for p in players]
    out: list[str] = []
    for one, two in ((Seat.N, Seat.S), (Seat.E, Seat.W)):
        first, second = names[one], names[two]
        if first in ("", "Dummy"):
            first = second
        if second in ("", "Dummy"):
            second = first
        if first in ("", "Dummy"):
            raise TeamsError(f"board {board}: {one} and {two} have no names")
        if first != second:
            raise TeamsError(
                f"board {board}: {one} and {two} are not one team ({first!r} and {second!r})"
            )
        out.append(first)
    if out[0] == out[1]:
        raise TeamsError(f"board {board}: {out[0]!r} sits on both sides")
    return out[0], out[1]


@dataclass(frozen=True, slots=True)
class TeamRow:
    """One category: each team's mean loss a board (both rooms), A's gain and its s.e."""

    where: str
    lost: tuple[float, float]
    """Team A's and team B's tricks lost a board, summed over the two rooms."""
    gain: float
    """B's loss minus A's: A's gain, in tricks per deal."""
    se: float
    """The gain's standard error over the boards (0 with one board)."""


@dataclass(frozen=True, slots=True)
class TeamBreakdown:
    """A duplicate match's double-dummy costs, team by team (see the module's note)."""

    teams: tuple[str, str]
    boards: int
    tricks_per_deal: float
    """A's tricks minus B's per deal, averaged over the rooms and boards (from what was made)."""
    rows: tuple[TeamRow, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        a, b = self.teams
        return {
            "teams": list(self.teams),
            "boards": self.boards,
            "tricks_per_deal": self.tricks_per_deal,
            "rows": [
                {
                    "where": r.where,
                    "lost": {a: r.lost[0], b: r.lost[1]},
                    "gain": r.gain,
                    "se": r.se,
                }
                for r in self.rows
            ],
        }

    def format(self) -> str:
        """The breakdown as a text table."""
        a, b = self.teams
        width = max(len(w) for w, _ in CATEGORIES)
        head = f"{'where':<{width}}  {a + ' lost':>14}  {b + ' lost':>14}  {a + ' gain (s.e.)':>22}"
        lines = [
            f"{a} v {b}: {self.boards} boards, {a} minus {b} {self.tricks_per_deal:+.4f} "
            "tricks per deal",
            "tricks lost double dummy a board (both rooms); the gain is the other team's "
            "loss minus this one's",
            head,
        ]
        for r in self.rows:
            gain = f"{r.gain:+.3f} ({r.se:.3f})"
            lines.append(f"{r.where:<{width}}  {r.lost[0]:>14.3f}  {r.lost[1]:>14.3f}  {gain:>22}")
        return "\n".join(lines)


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    # the standard library's, since analysis sits below cavendish.match.stats
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return statistics.fmean(values), se


def team_breakdown(
    records: Sequence[HandRecord], annotations: Sequence[BoardAnnotation]
) -> TeamBreakdown:
    """Split a duplicate match's result into each team's double-dummy costs.

    ``annotations[i]`` is the annotation of ``records[i]`` (as
    :func:`~cavendish.analysis.annotate.annotate_records` returns them).  The
    first record's N-S team is team A.

    >>> from cavendish.match import run_match
    >>> from cavendish.analysis.annotate import annotate_records
    >>> m = run_match("random", "classical", boards=2, seed=5)
    >>> recs = m.records()
    >>> br = team_breakdown(recs, annotate_records(recs, workers=1))
    >>> br.teams, br.boards
    (('A random', 'B classical'), 2)
    >>> br.tricks_per_deal == m.tricks.mean == br.rows[0].gain
    True
    """
    if len(records) != len(annotations):
        raise ValueError(f"{len(records)} records but {len(annotations)} annotations")
    if not records:
        raise TeamsError("no board")
    by_board: dict[int, list[tuple[tuple[str, str], BoardAnnotation, Deal]]] = {}
    names: list[str] = []
    for rec, ann in zip(records, annotations, strict=True):
        if rec.board != ann.board:
            raise ValueError(f"record of board {rec.board} paired with annotation of {ann.board}")
        if not ann.finished:
            why = ann.stopped or "the hand is not finished"
            raise TeamsError(f"board {rec.board}: {why}")
        sides = teams_of(rec.players, rec.board)
        for t in sides:
            if t not in names:
                names.append(t)
        by_board.setdefault(rec.board, []).append((sides, ann, rec.deal))
    if len(names) != 2:
        raise TeamsError(f"a match is between two teams, and the file names {len(names)}: {names}")
    a, b = names
    gains: list[list[float]] = [[] for _ in CATEGORIES]
    losses: list[list[tuple[float, float]]] = [[] for _ in CATEGORIES]
    diffs: list[float] = []
    for board, rooms in sorted(by_board.items()):
        if len(rooms) != 2:
            times = "once" if len(rooms) == 1 else f"{len(rooms)} times"
            raise TeamsError(f"board {board}: played {times}, not twice")
        if rooms[0][0] != (rooms[1][0][1], rooms[1][0][0]):
            raise TeamsError(f"board {board}: the teams did not swap seats between the rooms")
        if rooms[0][2] != rooms[1][2]:
            raise TeamsError(f"board {board}: the two rooms did not hold the same deal")
        totals = [[0.0, 0.0] for _ in CATEGORIES]
        made_a = 0
        for sides, ann, _ in rooms:
            team_of_side = {Side.NS: sides[0], Side.EW: sides[1]}
            made_a += ann.made[0] if sides[0] == a else ann.made[1]
            for note in ann.cards:
                k = 0 if team_of_side[note.side] == a else 1
                for c, (_, test) in enumerate(CATEGORIES):
                    if test(note, ann):
                        totals[c][k] += note.cost
        diffs.append(made_a - 13.0)
        for c, (la, lb) in enumerate(totals):
            gains[c].append(lb - la)
            losses[c].append((la, lb))
    n = len(diffs)
    rows = []
    for c, (where, _) in enumerate(CATEGORIES):
        gain, se = _mean_se(gains[c])
        lost = (sum(x for x, _ in losses[c]) / n, sum(y for _, y in losses[c]) / n)
        rows.append(TeamRow(where, lost, gain, se))
    return TeamBreakdown((a, b), n, sum(diffs) / n, tuple(rows))

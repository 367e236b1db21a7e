"""How much a search player may spend on one card: worlds, work, and an optional clock.

Design note
-----------
A search player's decisions must reproduce: the same seed and the same views
give the same card, whatever the machine or its load.  So the budget is counted
in *worlds* and in *work*, not in seconds.  Work is the expected cost of the
double-dummy solves, in milliseconds of a reference machine (this project's CI
box: DDS scores every card of a full deal's opening lead in about 70 ms, of a
mid-hand position in 1 to 3 ms, of the last tricks in a fraction of a
millisecond).  :func:`world_cost` is that table, by the cards left in the hand to
play and the place in the trick (a lead has the most cards to try).

For each card the player takes ``min(worlds, work / world_cost)`` worlds, at least
``min_worlds``: the opening lead, where a world costs most, gets fewer worlds than
a play in the middle of the hand, and the last tricks, where every layout can be
enumerated (``exact`` layouts or fewer), are solved exactly.

``time_ms`` is an optional cap on the wall time of one decision: the worlds are
solved in small batches and the search stops when the cap is passed.  It is off
(``None``) by default, since a decision that depends on the clock does not
reproduce; the matches leave it off.

>>> b = Budget(worlds=20, work=800.0)
>>> b.worlds_for(13, 0), b.worlds_for(12, 1), b.worlds_for(4, 2)
(11, 20, 20)
>>> Budget(worlds=0)
Traceback (most recent call last):
...
cavendish.players.search.budget.BudgetError: worlds: 0; a search needs at least one world
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ...core.errors import SettingsError

__all__ = ["COSTS", "Budget", "BudgetError", "world_cost"]


class BudgetError(SettingsError):
    """A budget that cannot be spent (no worlds, negative work)."""


COSTS: Final[dict[int, tuple[float, float, float, float]]] = {
    13: (72.0, 24.0, 22.0, 12.0),
    12: (30.0, 8.0, 8.0, 6.0),
    11: (18.0, 4.0, 3.5, 3.0),
    10: (6.0, 3.0, 3.0, 2.0),
    9: (2.0, 1.2, 1.0, 1.0),
}
"""Reference milliseconds per world, by the cards the player to move holds (13 at
the opening lead) and the place in the trick (0 lead, 1 second hand ...)."""


def world_cost(cards_left: int, position: int) -> float:
    """The expected cost (reference ms) of scoring every card in one world.

    >>> world_cost(13, 0), world_cost(5, 3)
    (72.0, 0.5)
    """
    row = COSTS.get(cards_left)
    if row is not None:
        return row[position & 3]
    return 1.0 if position == 0 else 0.5


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend (see the module's design note)."""

    worlds: int = 20
    """The most worlds (sampled layouts) a decision solves."""
    work: float = 1200.0
    """The expected solving cost a decision may spend, in reference ms."""
    min_worlds: int = 6
    """The fewest worlds a decision solves, whatever the work."""
    exact: int = 64
    """Enumerate every layout when there are at most this many."""
    candidates: int = 4
    """Layouts drawn per world kept, when readings of the play weight them."""
    time_ms: float | None = None
    """An optional cap on a decision's wall time (off: decisions then reproduce)."""

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise BudgetError(f"worlds: {self.worlds}; a search needs at least one world")
        if self.work < 0:
            raise BudgetError(f"work: {self.work}; must be 0 or more")
        if self.min_worlds < 1:
            raise BudgetError(f"min_worlds: {self.min_worlds}; must be at least 1")
        if self.exact < 0 or self.candidates < 1:
            raise BudgetError(f"exact {self.exact}, candidates {self.candidates}: "
                              "exact must be 0 or more, candidates at least 1")
        if self.time_ms is not None and self.time_ms <= 0:
            raise BudgetError(f"time_ms: {self.time_ms}; give a positive cap or None")

    def worlds_for(self, cards_left: int, position: int) -> int:
        """The worlds to solve for a card when the player holds ``cards_left`` cards
        at ``position`` in the trick."""
        by_work = int(self.work / world_cost(cards_left, position))
        return max(min(self.min_worlds, self.worlds), min(self.worlds, by_work))

    def with_(self, **changes: object) -> Budget:
        """A copy with some fields changed (validated)."""
        return replace(self, **changes)  # type: ignore[arg-type]

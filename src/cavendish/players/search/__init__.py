"""The search players: ``pimc`` (plain sampling) and ``search`` (the stronger one).

Both sample layouts of the unseen cards consistent with what their seat knows
(:mod:`.sampling`), solve them double dummy through the DD layer
(:mod:`.evaluate`) and spend a reproducible :class:`~.budget.Budget` per card.
"""

from .budget import Budget, BudgetError, world_cost
from .evaluate import Evaluation, evaluate
from .pimc import PIMCPlayer, SearchDecision, equal_groups
from .sampling import LayoutSpace, SamplingError, World, draw_worlds
from .strong import STRONG_BUDGET, SearchPlayer

__all__ = [
    "STRONG_BUDGET",
    "Budget",
    "BudgetError",
    "Evaluation",
    "LayoutSpace",
    "PIMCPlayer",
    "SamplingError",
    "SearchDecision",
    "SearchPlayer",
    "World",
    "draw_worlds",
    "equal_groups",
    "evaluate",
    "world_cost",
]

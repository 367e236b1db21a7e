"""The laws of whist: the club code of 1864 (laws 13-91, dummy and double dummy),
adjudicated.

* :class:`Arbiter` runs one hand at a table by the code: irregularities happen,
  are noticed or claimed, ruled on citing their law, the non-offenders elect among
  the options the law gives, and the penalty is applied and scored.
* :class:`DealProcedure` adjudicates a deal made by hand (laws 29-51, 83).
* :class:`Club` and :class:`Table` form tables and cut in and out (laws 15-25).
* :mod:`cavendish.laws.scenario` replays a scenario (a deal and the actions at the
  table) and reports the rulings; :mod:`cavendish.laws.coverage` is the table of
  laws 1-91 and where each is adjudicated and tested.
"""

from typing import TYPE_CHECKING

from ..core.lazy import names_on_first_use

if TYPE_CHECKING:
    from .actions import Action, ActionError
    from .arbiter import Arbiter
    from .deal_laws import DealOutcome, DealProcedure
    from .decisions import Decision
    from .errors import AwaitingDecision, LawsError, NotAllowed
    from .general import bet_winner
    from .names import law_name
    from .policy import auto_elect, computer_option
    from .scenario import Finding, Report, Scenario, run_scenario
    from .table_laws import Club, PhysicalCutter, Table

# A name is imported when first used (PEP 562), so that a module of this package
# (``laws.packs``, the two packs every club game deals from) can be imported without
# the arbiter and the rest: a match plays its boards without loading them.
_WHERE = {
    "Action": "actions",
    "ActionError": "actions",
    "Arbiter": "arbiter",
    "DealOutcome": "deal_laws",
    "DealProcedure": "deal_laws",
    "Decision": "decisions",
    "AwaitingDecision": "errors",
    "LawsError": "errors",
    "NotAllowed": "errors",
    "bet_winner": "general",
    "law_name": "names",
    "auto_elect": "policy",
    "computer_option": "policy",
    "Finding": "scenario",
    "Report": "scenario",
    "Scenario": "scenario",
    "run_scenario": "scenario",
    "Club": "table_laws",
    "PhysicalCutter": "table_laws",
    "Table": "table_laws",
}

__getattr__ = names_on_first_use(__name__, _WHERE, globals())

__all__ = [
    "Action",
    "ActionError",
    "Arbiter",
    "AwaitingDecision",
    "Club",
    "DealOutcome",
    "DealProcedure",
    "Decision",
    "Finding",
    "LawsError",
    "NotAllowed",
    "PhysicalCutter",
    "Report",
    "Scenario",
    "Table",
    "auto_elect",
    "bet_winner",
    "computer_option",
    "law_name",
    "run_scenario",
]

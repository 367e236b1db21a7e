"""Inference: what the cards played tell each seat about the hands it cannot see.

One module, used by every player and by the tutor.  A
:class:`~.knowledge.Knowledge` is one seat's memory of the hand (the facts of
the laws: cards played, renounces, known cards) and its reading of the play
under a :class:`~.schools.School` (the conventions of sources/reference/conventions.md §14), kept
as :class:`~.constraints.Inference` constraints with confidences over the unseen
cards.  See :mod:`.knowledge` for the API.

>>> from cavendish.core import Card, Deal, HandState, Seat
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> west = Knowledge.from_view(state.view(Seat.W), "modern")
>>> west.observe(state.play(Card.parse("C6")))  # East leads the six of clubs: his fourth best
>>> [str(i) for i in west.inferences_about(Seat.E)][0]
'E: fourth-best lead: exactly three clubs higher than the 6 (C44)'
"""

from .constraints import (
    ANY_COUNT,
    Clause,
    Inference,
    at_least,
    at_most,
    between,
    count_range,
    describe_counts,
    exactly,
)
from .knowledge import Knowledge, KnowledgeError, PlayRecord, follow_view
from .reading import eff_cards, is_unnecessary, read_play
from .schools import MODERN, OLD, SCHOOLS, School, UnknownSchool, get_school

__all__ = [
    "ANY_COUNT",
    "MODERN",
    "OLD",
    "SCHOOLS",
    "Clause",
    "Inference",
    "Knowledge",
    "KnowledgeError",
    "PlayRecord",
    "School",
    "UnknownSchool",
    "at_least",
    "at_most",
    "between",
    "count_range",
    "describe_counts",
    "eff_cards",
    "exactly",
    "follow_view",
    "get_school",
    "is_unnecessary",
    "read_play",
]

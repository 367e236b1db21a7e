"""Probabilities: Dr Pole's tables recomputed exactly, and questions about unseen hands.

* :mod:`~cavendish.odds.combin`: exact probabilities of a random deal (fractions);
* :mod:`~cavendish.odds.printed`: the figures 001 prints, as data;
* :mod:`~cavendish.odds.tables`: each table, computed beside the printed figures;
* :mod:`~cavendish.odds.simulate`: the figures that depend on play, simulated;
* :mod:`~cavendish.odds.ask`: the statement language and its exact evaluation;
* :mod:`~cavendish.odds.plot`: a chart of a table (matplotlib).

>>> from cavendish.odds import Knowledge, ask, build_table
>>> build_table("dealer-trumps").row("5").comparison.printed.text
'5 or more: 292 in 1,000 deals'
>>> k = Knowledge.from_text("S", "AKQJ.T98.765.432", dealer="S", trump_card="SJ")
>>> ask(k, "N has no S").exact
Fraction(575, 38998)
"""

from .ask import (
    Answer,
    Knowledge,
    KnowledgeError,
    PlayError,
    Statement,
    StatementError,
    ask,
    count_layouts,
    parse_hand,
    parse_statement,
)
from .printed import PRINTED, Printed, figure, figures
from .simulate import Estimate, StandInPlayer, standin_lead, wilson
from .tables import TABLE_NAMES, Comparison, Row, Table, UnknownTable, build_table

__all__ = [
    "PRINTED",
    "TABLE_NAMES",
    "Answer",
    "Comparison",
    "Estimate",
    "Knowledge",
    "KnowledgeError",
    "PlayError",
    "Printed",
    "Row",
    "StandInPlayer",
    "Statement",
    "StatementError",
    "Table",
    "UnknownTable",
    "ask",
    "build_table",
    "count_layouts",
    "figure",
    "figures",
    "parse_hand",
    "parse_statement",
    "standin_lead",
    "wilson",
]

"""Scoring: one hand by the club code or Clay's method, and the score sheet of games and rubbers.

>>> from cavendish.core.rules import get_rules
>>> sheet = ScoreSheet(get_rules("american"))
>>> sheet.record(HandResult((13, 0), (4, 0))).points   # seven up, tricks only
(7, 0)
"""

from .clay import score_clay
from .club import best_elections, best_penalty, score_club
from .result import PENALTIES, HandResult, HandScore, Penalty, Revoke, honours_value
from .sheet import POLICIES, GameRecord, RubberRecord, ScoreCorrectionError, ScoreSheet

__all__ = [
    "PENALTIES",
    "POLICIES",
    "GameRecord",
    "HandResult",
    "HandScore",
    "Penalty",
    "Revoke",
    "RubberRecord",
    "ScoreCorrectionError",
    "ScoreSheet",
    "best_elections",
    "best_penalty",
    "honours_value",
    "score_clay",
    "score_club",
]

"""Decisions the laws leave to a side: what is awaited, from whom, and the options.

Design note
-----------
When a law gives the non-offending side a choice ("the adversaries may either call
the card ... or call a suit"), the arbiter does not guess: it records a
:class:`Decision` and waits (law 87) until the side elects one of its options.
The same object serves for the few answers the laws require of an offender (the
revoker's answer to "having none?", law 74; the dealer showing the trump card,
law 54): ``answer`` is then true and ``seat`` is the player who must answer.

``topic`` names the kind of decision for the computer's rules of election
(:mod:`cavendish.laws.policy`); ``consult`` is true where partners may consult
(revoke penalties only, law 84).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import Card, Seat, Side
from .names import law_name

__all__ = ["Decision"]


@dataclass(frozen=True, slots=True)
class Decision:
    """A choice awaited from ``side`` (by ``seat``) under ``law``.

    >>> d = Decision(0, 62, Side.NS, Seat.N, Seat.E, "E led out of turn",
    ...              ("card", "suit", "pass"), "lead-out-of-turn")
    >>> str(d)
    'law 62: E led out of turn; NS (N) to elect: card | suit | pass'
    """

    number: int
    """Its place among the hand's decisions, from 0."""
    law: int
    side: Side
    """The side that decides (the non-offenders, but for an answer)."""
    seat: Seat
    """The player who decides for the side (law 84), or who must answer."""
    offender: Seat
    question: str
    options: tuple[str, ...]
    topic: str
    """What kind of decision (for the computer's rules of election)."""
    consult: bool = False
    """Partners may consult (revoke penalties, law 84)."""
    answer: bool = False
    """An answer required of a player rather than a penalty elected by a side."""
    trick: int = 0
    card: Card | None = None
    """The card the decision is about, if one (a card led out of turn, played early)."""

    def __str__(self) -> str:
        verb = "to answer" if self.answer else "to elect"
        return (
            f"{law_name(self.law)}: {self.question}; {self.side} ({self.seat}) {verb}: "
            f"{' | '.join(self.options)}"
        )

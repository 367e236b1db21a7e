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

from ..core.cards import Card, Seat, Side, Suit
from ..core.events import Call
from .names import law_name

__all__ = ["Decision", "option_text"]


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


_OPTIONS = {
    "card": "call the card played in error: it stays face up, liable to be called",
    "suit": "call a suit from the offender or his partner when next they lead",
    "accept": "let the lead stand: it is played to as if in turn",
    "pass": "exact no penalty",
    "win": "he must win the trick if he can",
    "not_win": "he must not win the trick",
    "highest": "he must play his highest card of the suit",
    "lowest": "he must play his lowest card of the suit",
    "new-deal": "claim a new deal",
    "stand": "let the deal stand",
    "tricks": "take three tricks from the revokers, added to your own",
    "deduct": "deduct three points from the revokers' score",
    "add": "add three points to your own score",
    "correct": "say you hold the suit: take the card back and play a right one",
    "none": "say you have none of the suit",
    "lay-down": "desire the dealer to lay the trump card on the table",
    "exact": "call on the bystander to pay the stakes and bets",
    "excuse": "let it pass",
}


def option_text(decision: Decision, option: str) -> str:
    """A one-line explanation of one option of a decision (the terminal's menu and
    the web tables' message of the options).

    >>> from cavendish.core.cards import Side
    >>> d = Decision(0, 62, Side.NS, Seat.N, Seat.E, "E led S3 out of turn",
    ...              ("card", "suit:H", "pass"), "lead-out-of-turn")
    >>> option_text(d, "suit:H")
    'call hearts: the leader must lead a heart if he has one'
    """
    if option.startswith("suit:"):
        suit = Suit.parse(option[5:])
        return f"call {suit.word}: the leader must lead a {suit.word[:-1]} if he has one"
    if option.startswith("call:"):
        return f"call the exposed {option[5:]}: he must play it when he lawfully can"
    if option.startswith("play:"):
        return f"{option[5:]} is the card that stands for the trick"
    if option.startswith("win:"):
        return f"his partner must win trick {option[4:]} if he can"
    if option.startswith("show:"):
        return f"lay the {option[5:]} on the table"
    if decision.topic == "trump-call" and option in (Call.HIGHEST, Call.LOWEST):
        return f"he must play his {option} trump when he lawfully can"
    return _OPTIONS.get(option, option)

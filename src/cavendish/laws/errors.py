"""The arbiter's errors: each a ``ValueError`` naming the action, the player and the law."""

from __future__ import annotations

from ..core.errors import LawsError

__all__ = ["AwaitingDecision", "LawsError", "NotAllowed"]


class NotAllowed(LawsError):
    """The laws do not allow this action now (the message cites the law).

    >>> str(NotAllowed("W cannot cut again", 35))
    'W cannot cut again (law 35)'
    """

    def __init__(self, what: str, law: int | None = None) -> None:
        self.law = law
        super().__init__(f"{what} (law {law})" if law is not None else what)


class AwaitingDecision(LawsError):
    """An action was attempted while a side must first decide (law 87: the offender
    must give the adversaries reasonable time to decide)."""

"""A card with the convention that chose it.

>>> from cavendish.core.cards import Card
>>> d = Decision(Card.parse("SK"), "C31", "from A K lead the king, then the ace")
>>> str(d), d.title
('SK: from A K lead the king, then the ace (C31)', 'From A K: K, then A')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.cards import Card
from .catalogue import title_of

__all__ = ["FORCED", "Decision"]

FORCED = "forced"
"""The id given when the laws leave a single card: no convention chose it."""


@dataclass(frozen=True)
class Decision:
    """The card to play, the catalogue id of the convention behind it
    (sources/reference/conventions.md, ``"C31"``; :data:`FORCED` for the only legal card) and the
    reason in one line of plain English."""

    card: Card
    convention: str
    reason: str
    also: tuple[str, ...] = ()
    """Other conventions that led to the card (the choice of suit, a signal...)."""

    @property
    def title(self) -> str:
        """The convention's title in the catalogue."""
        return title_of(self.convention)

    def __str__(self) -> str:
        return f"{self.card}: {self.reason} ({self.convention})"

    def __reduce__(self) -> tuple[type[Decision], tuple[Card, str, str, tuple[str, ...]]]:
        """Rebuilt from its fields (pickle, ``copy``; compiled with mypyc, pickle's
        default way would assign the frozen fields one by one, and fail).

        >>> import pickle
        >>> d = Decision(Card.parse("SK"), "C31", "from A K lead the king", ("C1",))
        >>> pickle.loads(pickle.dumps(d)) == d
        True
        """
        return (Decision, (self.card, self.convention, self.reason, self.also))

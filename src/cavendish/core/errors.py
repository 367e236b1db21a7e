"""The engine's errors: every one a ``ValueError`` that says what was wrong and where."""

from __future__ import annotations

__all__ = [
    "DealError",
    "HandOver",
    "IllegalPlay",
    "MustFollowSuit",
    "NotInHand",
    "NotYourTurn",
    "NothingToUndo",
    "WhistError",
]


class WhistError(ValueError):
    """Base class of every error the rules core raises."""


class DealError(WhistError):
    """A deal is not a valid whist deal (wrong number of cards, a card twice, ...)."""


class IllegalPlay(WhistError):
    """A card was refused.

    >>> str(MustFollowSuit("H4", "W", "spades"))
    "illegal card 'H4' for W: must follow spades"
    """

    def __init__(self, card: str, seat: str, why: str) -> None:
        self.card = card
        self.seat = seat
        self.why = why
        super().__init__(f"illegal card {card!r} for {seat}: {why}")


class NotInHand(IllegalPlay):
    """The card is not in the player's hand."""

    def __init__(self, card: str, seat: str) -> None:
        super().__init__(card, seat, "not in hand")


class MustFollowSuit(IllegalPlay):
    """The player holds the suit led and did not follow."""

    def __init__(self, card: str, seat: str, suit_word: str) -> None:
        super().__init__(card, seat, f"must follow {suit_word}")


class NotYourTurn(IllegalPlay):
    """A seat played out of turn while the rules are enforced."""

    def __init__(self, card: str, seat: str, turn: str) -> None:
        super().__init__(card, seat, f"not {seat}'s turn: {turn} is to play")


class HandOver(WhistError):
    """All thirteen tricks have been played."""


class NothingToUndo(WhistError):
    """``undo()`` was called on a hand with no card played."""

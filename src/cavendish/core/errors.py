"""Cavendish's errors: one family, rooted in :class:`CavendishError`.

Design note
-----------
Every error Cavendish raises for bad input or a refused action is a
:class:`CavendishError`, itself a ``ValueError`` (so ``except ValueError`` still
works for callers that predate the family).  Beneath the root sits a small set of
kinds, one per thing that can be wrong; every module's own error subclasses the
kind it belongs to, and says in its message what was wrong and where.  The kinds
live here, in the rules core, because every ring depends on the core and none on
another ring's errors.

====================  ============================================================
kind                  the module errors beneath it
====================  ============================================================
``NotationError``     ``CardParseError``, ``DealError``, ``StatementError``
``RulesError``        ``UnknownVariant``, ``SeatingError``
``IllegalAction``     ``IllegalPlay`` (``NotInHand``, ``NotACard``, ``MustFollowSuit``,
                      ``NotYourTurn``), ``HandOver``, ``NothingToUndo``,
                      ``ActionRefused``, ``PlayerError``, ``SessionError``,
                      ``TutorError``
``PositionError``     ``KnowledgeError`` (``PlayError``), ``SamplingError``
``RecordFileError``   ``PBNError``, ``RecordError``, ``JSONLogError``,
                      ``ScenarioFileError``, ``ProblemError``, ``TeamsError``,
                      ``JournalError``
``LawsError``         ``NotAllowed``, ``AwaitingDecision``, ``ActionError``,
                      ``ScoreCorrectionError``
``MatchError``        ``ParallelError``, ``RubberError``, ``StatsError``,
                      ``OddsRecordError``, ``JournalError``
``SettingsError``     ``UnknownPlayer``, ``PlayerOptionError``, ``UnknownConvention``,
                      ``UnknownSchool``, ``UnknownTable``, ``BudgetError``,
                      ``EngineUnavailable``
====================  ============================================================

What each kind covers is in its docstring below, and in ``docs/errors.md``.

:class:`WhistError` marks the errors raised by the hand state itself (the rules
core's actions); each is also of its kind (``IllegalPlay`` is an
:class:`IllegalAction`, ``DealError`` a :class:`NotationError`).

One error stays outside the family on purpose: ``RayNotInstalled``
(:mod:`cavendish.match.parallel`) is an ``ImportError``, a missing package rather
than bad input, so that no ``except ValueError`` swallows it.

>>> issubclass(MustFollowSuit, IllegalAction), issubclass(IllegalAction, ValueError)
(True, True)
>>> str(MustFollowSuit("H4", "W", "spades"))
"illegal card 'H4' for W: must follow spades"
"""

from __future__ import annotations

__all__ = [
    "ActionRefused",
    "CavendishError",
    "DealError",
    "HandOver",
    "IllegalAction",
    "IllegalPlay",
    "KnowledgeError",
    "LawsError",
    "MatchError",
    "MustFollowSuit",
    "NotACard",
    "NotInHand",
    "NotYourTurn",
    "NotationError",
    "NothingToUndo",
    "PositionError",
    "RecordFileError",
    "RulesError",
    "SettingsError",
    "WhistError",
]


class CavendishError(ValueError):
    """The root of every error Cavendish raises for bad input or a refused action."""


class NotationError(CavendishError):
    """Text that cannot be read: a card, suit, rank, seat, deal or statement."""


class RulesError(CavendishError):
    """Rules and variants: an unknown variant or option, or an impossible value."""


class IllegalAction(CavendishError):
    """An action the rules or the table refuse (a card, a withdrawal, an undo...)."""


class PositionError(CavendishError):
    """The hands, the play or the knowledge given do not make a position."""


class KnowledgeError(PositionError):
    """A layout, an event or a seat's hand does not fit what is known."""


class RecordFileError(CavendishError):
    """A record file cannot be read, written or replayed: the message names it."""


class LawsError(CavendishError):
    """The laws arbiter: an irregularity, election or correction the laws do not allow."""


class MatchError(CavendishError):
    """A match, a simulation or a parallel run asked for with impossible settings."""


class SettingsError(CavendishError):
    """A player, convention, school, table, engine or budget that does not exist or is
    refused."""


class WhistError(CavendishError):
    """Base class of every error the hand state (the rules core's actions) raises."""


class DealError(WhistError, NotationError):
    """A deal is not a valid whist deal (wrong number of cards, a card twice, ...)."""


class IllegalPlay(WhistError, IllegalAction):
    """A card was refused.

    >>> str(NotInHand("H4", "W"))
    "illegal card 'H4' for W: not in hand"
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


class NotACard(NotInHand):
    """Something that is not a card was given to the strict core: an int outside 0..51,
    a bool, a text (text is read at the edge, with ``Card.parse`` or ``as_card``).

    >>> str(NotACard(-1, "N"))
    "illegal card '-1' for N: not a card (a Card or an int 0..51)"
    """

    def __init__(self, value: object, seat: str) -> None:
        why = "not a card (a Card or an int 0..51)"
        IllegalPlay.__init__(self, repr(value).strip("'"), seat, why)


class MustFollowSuit(IllegalPlay):
    """The player holds the suit led and did not follow."""

    def __init__(self, card: str, seat: str, suit_word: str) -> None:
        super().__init__(card, seat, f"must follow {suit_word}")


class NotYourTurn(IllegalPlay):
    """A seat played out of turn while the rules are enforced."""

    def __init__(self, card: str, seat: str, turn: str) -> None:
        super().__init__(card, seat, f"not {seat}'s turn: {turn} is to play")


class ActionRefused(WhistError, IllegalAction):
    """An action of the hand state other than a card refused: no card to take back, an
    unknown call, a leader changed after the lead, a card not exposed..."""


class HandOver(WhistError, IllegalAction):
    """All thirteen tricks have been played."""

    why = "the hand is over"


class NothingToUndo(WhistError, IllegalAction):
    """``undo()`` was called on a hand with no card played."""

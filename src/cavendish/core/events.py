"""Events: every action applied to a hand, frozen, in order.

Design note
-----------
The log of a :class:`~cavendish.core.state.HandState` is a list of these
``NamedTuple`` events (frozen, typed, cheap to create in the hot path).  The log
is the single record of a hand: PBN and JSON records, replay, the laws arbiter
and the web app read it.  Each event has a ``kind`` for serialisation.

The laws arbiter (:mod:`cavendish.laws`) adds events of its own, all recorded in
"laws" mode only.  Some change the hand (:class:`Called`, a constraint on later
play; :class:`CardWithdrawn`, a card taken back from a trick; :class:`CardCovered`,
an exposed card no longer liable; :class:`LeaderChanged`; :class:`PlayOmitted`,
:class:`SurplusPlayed`, :class:`CardMislaid` and :class:`CardRestored` for a card
not played to a trick or played to the wrong one); two only annotate it
(:class:`Ruling`, the arbiter's finding citing its law, and :class:`Elected`, the
option a side took).  :data:`LAWS_EVENTS` lists them; :meth:`HandState.apply
<cavendish.core.state.HandState.apply>` applies any of them.

>>> e = CardPlayed(Seat.W, Card.parse("H4"), 0, False)
>>> e.kind, str(e)
('play', 'W plays H4')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import Any, NamedTuple, get_type_hints

from .cards import Card, Seat, Side

__all__ = [
    "CALLS",
    "LAWS_EVENTS",
    "TABLE_EVENTS",
    "Call",
    "Called",
    "CardCovered",
    "CardExposed",
    "CardMislaid",
    "CardPlayed",
    "CardRestored",
    "CardWithdrawn",
    "Claimed",
    "Elected",
    "Event",
    "HonoursCalled",
    "HonoursClaimed",
    "LeaderChanged",
    "PlayOmitted",
    "PlayOutOfTurn",
    "Ruffed",
    "Ruling",
    "SurplusPlayed",
    "TakenBack",
    "TrickQuitted",
    "WrongCall",
    "event_from_dict",
    "event_to_dict",
    "settled_claim",
]


class CardPlayed(NamedTuple):
    """A card played to the current trick.  ``revoke`` marks a failure to follow
    suit while holding the suit led (law 71), accepted only in "laws" mode."""

    seat: Seat
    card: Card
    trick: int
    revoke: bool = False
    kind: str = "play"

    def __str__(self) -> str:
        note = " (revoke)" if self.revoke else ""
        return f"{self.seat} plays {self.card}{note}"


class TrickQuitted(NamedTuple):
    """The fourth card fell: the trick is turned and quitted, won by ``winner`` (law 73)."""

    trick: int
    winner: Seat
    kind: str = "quitted"

    def __str__(self) -> str:
        return f"trick {self.trick + 1} to {self.winner}"


class PlayOutOfTurn(NamedTuple):
    """``seat`` put ``card`` on the table when ``turn`` was to play (laws 62-63, 67-68),
    recorded in "laws" mode.  The card is exposed: it stays in the hand, face up,
    liable to be called (law 56), until the arbiter rules."""

    seat: Seat
    card: Card
    trick: int
    turn: Seat
    lead: bool
    kind: str = "out_of_turn"

    def __str__(self) -> str:
        what = "leads" if self.lead else "plays"
        return f"{self.seat} {what} {self.card} out of turn ({self.turn} to play)"


class CardExposed(NamedTuple):
    """A card exposed without being played (law 56): dropped face up, named, shown."""

    seat: Seat
    card: Card
    trick: int
    reason: str = "exposed"
    kind: str = "exposed"

    def __str__(self) -> str:
        return f"{self.seat} exposes {self.card} ({self.reason})"


class HonoursCalled(NamedTuple):
    """Long whist at the point of eight: ``side`` calls and shows ``honours`` honours
    before the hand is played out, and the game ends."""

    side: Side
    seat: Seat
    honours: int
    kind: str = "honours_called"

    def __str__(self) -> str:
        return f"{self.seat} calls honours for {self.side} ({self.honours}): game"


class Ruffed(NamedTuple):
    """Ruff-and-honours (000): the holder of the ace of trumps, ``seat``, "allowed to
    ruff, i.e., to take in the stock and to put out four cards from his hand", does so
    before the first card is led: he takes in ``taken`` (the stock, the turned-up
    trump card among it) and puts out ``put_out`` (cards as text, ``("D3", "C4", ...)``).
    Both empty: he declines to ruff, and the stock stays as dealt.

    >>> str(Ruffed(Seat.E, ("SA", "H2", "D9", "C4"), ("H3", "H4", "D2", "C5")))
    'E ruffs: takes in SA H2 D9 C4, puts out H3 H4 D2 C5'
    >>> str(Ruffed(Seat.E, (), ()))
    'E declines to ruff'
    """

    seat: Seat
    taken: tuple[str, ...]
    put_out: tuple[str, ...]
    kind: str = "ruffed"

    def __str__(self) -> str:
        if not self.taken:
            return f"{self.seat} declines to ruff"
        taken, out = " ".join(self.taken), " ".join(self.put_out)
        return f"{self.seat} ruffs: takes in {taken}, puts out {out}"


class Call(StrEnum):
    """What a :class:`Called` constraint requires of its seat (:data:`CALLS`); a
    member is its word (``Call.HIGHEST == "highest"``), as records write it."""

    CARD = "card"
    PLAY = "play"
    HIGHEST = "highest"
    LOWEST = "lowest"
    LEAD = "lead"
    WIN = "win"
    NOT_WIN = "not_win"


CALLS = tuple(c.value for c in Call)
"""What a :class:`Called` constraint requires of its seat:

* ``card``: play the exposed card ``target`` at the first moment it is lawful (laws 56, 65);
* ``play``: the card ``target`` put down too early stands as played: it is his card to
  this trick, whatever it is (laws 67, 68);
* ``highest`` / ``lowest``: play the highest or lowest card of the suit ``target``
  when he may lawfully play that suit (laws 53, 55, 76, 86);
* ``lead``: lead the suit ``target`` if he holds it (laws 60, 62, 63; law 66 if not);
* ``win`` / ``not_win``: win, or not win, the trick if he can (laws 57, 68, 86).
"""


class Called(NamedTuple):
    """A call by the adversaries that constrains ``seat``'s play (see :data:`CALLS`).

    ``target`` is a card (``"SA"``), a suit letter (``"S"``) or ``""``; ``trick`` is the
    trick the call is for, or -1 for the first trick where it can be obeyed.  A call
    disobeyed is a revoke (law 61).

    >>> str(Called(Seat.E, "lead", "H", -1, 62))
    'E must lead H (law 62)'
    """

    seat: Seat
    call: str
    target: str
    trick: int
    law: int
    kind: str = "called"

    def __str__(self) -> str:
        what = {
            "card": f"must play {self.target} when he can",
            "play": f"has played {self.target}: it stands",
            "highest": f"must play his highest {self.target}",
            "lowest": f"must play his lowest {self.target}",
            "lead": f"must lead {self.target}",
            "win": "must win the trick if he can",
            "not_win": "must not win the trick",
        }.get(self.call, self.call)
        return f"{self.seat} {what} (law {self.law})"


class CardWithdrawn(NamedTuple):
    """The last card played to a trick is taken back into ``seat``'s hand (laws 63, 76);
    ``exposed``: it lies face up, liable to be called.  A trick already turned and
    quitted is reopened when the card withdrawn is its last."""

    seat: Seat
    card: Card
    trick: int
    exposed: bool
    law: int
    kind: str = "withdrawn"

    def __str__(self) -> str:
        how = ", exposed" if self.exposed else ""
        return f"{self.seat} takes back {self.card}{how} (law {self.law})"


class CardCovered(NamedTuple):
    """An exposed card of ``seat`` goes back into his hand, no longer liable to be
    called (laws 38, 62; dummy law iii)."""

    seat: Seat
    card: Card
    trick: int
    law: int
    kind: str = "covered"

    def __str__(self) -> str:
        return f"{self.seat} takes up {self.card}: not liable to be called (law {self.law})"


class LeaderChanged(NamedTuple):
    """Before any card of trick ``trick`` is played, ``seat`` becomes its leader in place of
    ``previous`` (a lead out of turn followed, law 63; the lead given back)."""

    seat: Seat
    previous: Seat
    trick: int
    law: int
    kind: str = "leader"

    def __str__(self) -> str:
        return (
            f"{self.seat} leads trick {self.trick + 1} in place of {self.previous} (law {self.law})"
        )


class PlayOmitted(NamedTuple):
    """``seat`` plays no card to trick ``trick``, which is turned and quitted without it
    (law 69; laws 46 and 70 when he has no card left)."""

    seat: Seat
    trick: int
    law: int
    kind: str = "omitted"

    def __str__(self) -> str:
        return f"{self.seat} plays no card to trick {self.trick + 1} (law {self.law})"


class SurplusPlayed(NamedTuple):
    """``card`` is counted as ``seat``'s card to the imperfect trick ``trick``; it is no
    revoke there, and the trick goes to whoever it now falls to (law 69)."""

    seat: Seat
    card: Card
    trick: int
    law: int
    kind: str = "surplus"

    def __str__(self) -> str:
        return f"{self.seat}'s {self.card} counts to trick {self.trick + 1} (law {self.law})"


class CardMislaid(NamedTuple):
    """``card`` leaves ``seat``'s hand without being played: a second card to a trick or
    a card gathered into a trick (law 70), a card missing from the deal (law 46).  He
    stays answerable for revokes as if it were in his hand."""

    seat: Seat
    card: Card
    trick: int
    law: int
    kind: str = "mislaid"

    def __str__(self) -> str:
        return f"{self.seat}'s {self.card} is out of his hand (law {self.law})"


class CardRestored(NamedTuple):
    """A mislaid ``card`` is found and given back to ``seat`` (laws 46, 70)."""

    seat: Seat
    card: Card
    trick: int
    law: int
    kind: str = "restored"

    def __str__(self) -> str:
        return f"{self.seat}'s {self.card} is restored to his hand (law {self.law})"


class Ruling(NamedTuple):
    """The arbiter's finding: what ``seat`` did, the law that governs it, and the
    options that law gives (empty when it gives none).

    >>> str(Ruling(62, Seat.E, "E leads S3 out of turn", ("card", "suit", "pass"), 0))
    'law 62: E leads S3 out of turn [card | suit | pass]'
    """

    law: int
    seat: Seat
    what: str
    options: tuple[str, ...]
    trick: int
    kind: str = "ruling"

    def __str__(self) -> str:
        offered = f" [{' | '.join(self.options)}]" if self.options else ""
        return f"law {self.law}: {self.what}{offered}"


class Elected(NamedTuple):
    """``side`` (by ``seat``) took ``option`` of the ruling under ``law``."""

    law: int
    side: Side
    option: str
    seat: Seat
    trick: int
    kind: str = "elected"

    def __str__(self) -> str:
        return f"{self.side} ({self.seat}) elect {self.option} (law {self.law})"


# ------------------------------------------------------------------ table events
# Claims, concessions and cards taken back in practice: the game driver
# (cavendish.game.session) notes them in the log with HandState.note; they change
# no holding.  An accepted claim ends the hand (the scorer counts the tricks claimed).


class Claimed(NamedTuple):
    """``seat`` claims ``tricks`` of the ``remaining`` tricks (the trick in progress
    counted) for his side; ``tricks`` 0 is a concession of them all.  ``accepted``:
    the adversaries agreed and the hand ends there; otherwise play goes on.

    >>> str(Claimed(Seat.S, 4, 4, False, 9)), str(Claimed(Seat.E, 0, 3, True, 10))
    ('S claims 4 of the last 4 tricks: refused', 'E concedes the last 3 tricks')
    """

    seat: Seat
    tricks: int
    remaining: int
    accepted: bool
    trick: int
    kind: str = "claim"

    def __str__(self) -> str:
        if self.tricks == 0:
            return f"{self.seat} concedes the last {self.remaining} tricks"
        verdict = "accepted" if self.accepted else "refused"
        return f"{self.seat} claims {self.tricks} of the last {self.remaining} tricks: {verdict}"


class TakenBack(NamedTuple):
    """In a practice session, ``seat`` took back his last card, and the cards played
    after it, ``cards`` in order of play (as text: ``("S4", "SK")``)."""

    seat: Seat
    cards: tuple[str, ...]
    trick: int
    kind: str = "taken_back"

    def __str__(self) -> str:
        return f"{self.seat} takes back {' '.join(self.cards)} (practice)"


class WrongCall(NamedTuple):
    """Long whist: ``seat`` called wrongly (``words``, what was ``wrong``, 001), and the
    adversaries elected: ``fresh_deal`` True, the hand is void and dealt again (it is
    kept in the record, its last event this one); False, the hand stands.

    >>> str(WrongCall(Seat.S, '"Can you one?"', "called without two honours", True, 0))
    'S: "Can you one?" Wrong: S called without two honours. The adversaries claim a fresh deal.'
    """

    seat: Seat
    words: str
    wrong: str
    fresh_deal: bool
    trick: int
    thrown_down: bool = False
    """The honours were shown as if the game were won, and the hands thrown down: the
    adversaries consulted with them on the table, "reclaiming their hands if thrown
    down" (001) when the hand stands."""
    kind: str = "wrong_call"

    def __str__(self) -> str:
        elected = (
            "The adversaries claim a fresh deal." if self.fresh_deal
            else "The adversaries let the hand stand."
        )
        if self.thrown_down:
            elected = "The hands were thrown down. " + elected + (
                "" if self.fresh_deal else " They reclaim their hands, and play goes on.")
        return f"{self.seat}: {self.words} Wrong: {self.seat} {self.wrong}. {elected}"


class HonoursClaimed(NamedTuple):
    """At the end of the hand ``seat`` claims the ``honours`` his ``side`` held (laws
    6-7: "To score honours is not sufficient; they must be called at the end of the
    hand"), where the table leaves the claim to the players.

    >>> str(HonoursClaimed(Seat.N, Side.NS, 4, 13))
    'N claims honours for NS: 4'
    """

    seat: Seat
    side: Side
    honours: int
    trick: int
    kind: str = "honours_claimed"

    def __str__(self) -> str:
        return f"{self.seat} claims honours for {self.side}: {self.honours}"


TABLE_EVENTS: tuple[type[Any], ...] = (Claimed, TakenBack, WrongCall, HonoursClaimed)
"""The game driver's events: noted in the log, no holding changed."""


def settled_claim(events: Iterable[Event]) -> Claimed | None:
    """The accepted claim or concession that ended the hand, if any.

    >>> settled_claim([Claimed(Seat.S, 2, 2, False, 11)]) is None
    True
    """
    return next((e for e in events if isinstance(e, Claimed) and e.accepted), None)


Event = (
    CardPlayed
    | TrickQuitted
    | PlayOutOfTurn
    | CardExposed
    | HonoursCalled
    | Ruffed
    | Called
    | CardWithdrawn
    | CardCovered
    | LeaderChanged
    | PlayOmitted
    | SurplusPlayed
    | CardMislaid
    | CardRestored
    | Ruling
    | Elected
    | Claimed
    | TakenBack
    | WrongCall
    | HonoursClaimed
)

LAWS_EVENTS: tuple[type[Any], ...] = (
    Called,
    CardWithdrawn,
    CardCovered,
    LeaderChanged,
    PlayOmitted,
    SurplusPlayed,
    CardMislaid,
    CardRestored,
    Ruling,
    Elected,
)
"""The event kinds of the laws arbiter (recorded in "laws" mode only)."""


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dict of an event (seats, sides and cards as text).

    >>> event_to_dict(CardPlayed(Seat.N, Card.parse("SA"), 0))
    {'kind': 'play', 'seat': 'N', 'card': 'SA', 'trick': 0, 'revoke': False}
    """
    out: dict[str, Any] = {"kind": event.kind}
    for name, value in zip(event._fields, event, strict=True):
        if name == "kind":
            continue
        if isinstance(value, Seat | Side | Card):
            out[name] = str(value)
        elif isinstance(value, tuple):
            out[name] = list(value)
        else:
            out[name] = value
    return out


_KINDS: dict[str, type[Any]] = {
    "play": CardPlayed,
    "quitted": TrickQuitted,
    "out_of_turn": PlayOutOfTurn,
    "exposed": CardExposed,
    "honours_called": HonoursCalled,
    "ruffed": Ruffed,
    **{cls._field_defaults["kind"]: cls for cls in LAWS_EVENTS},
    **{cls._field_defaults["kind"]: cls for cls in TABLE_EVENTS},
}
_READERS: dict[Any, Callable[[str], Any]] = {Seat: Seat.parse, Side: Side.parse, Card: Card.parse}
"""How a field written as text is read back, by the type the event declares for it: a new
kind of event with a seat, a side or a card needs nothing here."""
_FIELD_TYPES = {cls: get_type_hints(cls) for cls in _KINDS.values()}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read an event written by :func:`event_to_dict`.

    >>> event_from_dict({'kind': 'quitted', 'trick': 3, 'winner': 'E'})
    TrickQuitted(trick=3, winner=<Seat.E: 1>, kind='quitted')
    >>> r = Ruling(62, Seat.E, "E leads S3 out of turn", ("card", "pass"), 0)
    >>> event_from_dict(event_to_dict(r)) == r
    True
    """
    kind = data.get("kind")
    cls = _KINDS.get(str(kind))
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}: expected one of {sorted(_KINDS)}")
    args: dict[str, Any] = {}
    for name in cls._fields:
        if name == "kind":
            continue
        if name not in data:
            if name in cls._field_defaults:
                continue
            raise ValueError(f"event {kind!r} lacks the field {name!r}")
        value = data[name]
        reader = _READERS.get(_FIELD_TYPES[cls][name])
        if reader is not None:
            value = reader(str(value))
        elif isinstance(value, list):
            value = tuple(value)
        args[name] = value
    event: Event = cls(**args)
    return event

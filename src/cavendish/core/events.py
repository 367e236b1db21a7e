"""Events: every action applied to a hand, frozen, in order.

Design note
-----------
The log of a :class:`~cavendish.core.state.HandState` is a list of these
``NamedTuple`` events (frozen, typed, cheap to create in the hot path).  The log
is the single record of a hand: PBN and JSON records, replay, the laws arbiter
and the web app read it.  Each event has a ``kind`` for serialisation.

>>> e = CardPlayed(Seat.W, Card.parse("H4"), 0, False)
>>> e.kind, str(e)
('play', 'W plays H4')
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card, Seat, Side

__all__ = [
    "CardExposed",
    "CardPlayed",
    "Event",
    "HonoursCalled",
    "PlayOutOfTurn",
    "TrickQuitted",
    "event_from_dict",
    "event_to_dict",
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


Event = CardPlayed | TrickQuitted | PlayOutOfTurn | CardExposed | HonoursCalled


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
        else:
            out[name] = value
    return out


_KINDS: dict[str, type[Any]] = {
    "play": CardPlayed,
    "quitted": TrickQuitted,
    "out_of_turn": PlayOutOfTurn,
    "exposed": CardExposed,
    "honours_called": HonoursCalled,
}
_SEAT_FIELDS = {"seat", "winner", "turn"}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Read an event written by :func:`event_to_dict`.

    >>> event_from_dict({'kind': 'quitted', 'trick': 3, 'winner': 'E'})
    TrickQuitted(trick=3, winner=<Seat.E: 1>, kind='quitted')
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
        if name in _SEAT_FIELDS:
            value = Seat.parse(str(value))
        elif name == "side":
            value = Side.parse(str(value))
        elif name == "card":
            value = Card.parse(str(value))
        args[name] = value
    event: Event = cls(**args)
    return event

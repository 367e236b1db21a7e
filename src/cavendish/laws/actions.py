"""Table actions as data: what a scenario is made of.

Design note
-----------
Every public action of the :class:`~cavendish.laws.arbiter.Arbiter` (a card played,
a card exposed, a question asked, an election ...) is recorded as an
:class:`Action`: its name and its arguments in plain JSON values (seats ``"N"``,
sides ``"NS"``, cards ``"SA"``, suits ``"S"``).  A scenario is a deal and a list of
actions; :meth:`Action.apply` replays one on an arbiter, so that the whole table
(irregularities included) can be stored, read back and ruled on again.

>>> a = Action("play", (("seat", "W"), ("card", "H4")))
>>> a.to_dict()
{'act': 'play', 'seat': 'W', 'card': 'H4'}
>>> Action.from_dict({"act": "play", "seat": "W", "card": "H4"}) == a
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.cards import Card, Seat, Side, Suit
from .errors import LawsError

__all__ = ["Action", "ActionError", "to_plain"]

_SEATS = {"seat", "by", "owner", "helped", "against", "dealer", "to", "source"}
_CARDS = {"card", "extra", "guess"}


class ActionError(LawsError):
    """An action cannot be read or applied (unknown name, bad argument)."""


def to_plain(value: object) -> Any:
    """A JSON-ready form of an action argument.

    >>> to_plain(Seat.N), to_plain((Card.parse("SA"), Card.parse("H2"))), to_plain(Side.EW)
    ('N', ('SA', 'H2'), 'EW')
    """
    if isinstance(value, Seat | Side | Card | Suit):
        return str(value) if not isinstance(value, Suit) else value.name
    if isinstance(value, tuple | list):
        return tuple(to_plain(v) for v in value)
    if value is None or isinstance(value, bool | int | str):
        return value
    raise ActionError(
        f"an action argument must be a seat, side, card, suit, number or text, not {value!r}"
    )


def _from_plain(name: str, value: Any) -> Any:
    if value is None:
        return None
    try:
        if name in _SEATS:
            return Seat.parse(str(value))
        if name == "side":
            return Side.parse(str(value))
        if name in _CARDS:
            return Card.parse(str(value))
        if name == "cards":
            return tuple(Card.parse(str(c)) for c in value)
        if name == "seats":
            return tuple(Seat.parse(str(s)) for s in value)
        if name == "suit":
            return Suit.parse(str(value))
    except ValueError as exc:
        raise ActionError(f"bad {name!r} {value!r}: {exc}") from None
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One table action: the arbiter method ``name`` and its arguments (plain values)."""

    name: str
    args: tuple[tuple[str, Any], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """``{"act": name, **args}``."""
        out: dict[str, Any] = {"act": self.name}
        for key, value in self.args:
            out[key] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        """Read an action written by :meth:`to_dict`."""
        if not isinstance(data, dict) or not isinstance(data.get("act"), str):
            raise ActionError(f'an action is an object with an "act" name, not {data!r}')
        return cls(
            data["act"],
            tuple(
                (k, tuple(v) if isinstance(v, list) else v) for k, v in data.items() if k != "act"
            ),
        )

    def kwargs(self) -> dict[str, Any]:
        """The arguments as the arbiter takes them (seats, sides, cards, suits)."""
        return {k: _from_plain(k, v) for k, v in self.args}

    def __str__(self) -> str:
        inner = ", ".join(f"{k}={v}" for k, v in self.args)
        return f"{self.name}({inner})"

"""The schools of play: which conventions a partnership has agreed.

Design note
-----------
The sources describe successive systems (sources/reference/conventions.md, "profiles" and §17).
A :class:`School` is the table agreement both the players and the inference
module read, so a card is read under the same conventions it was played by:

* ``modern``: American leads (Trist, 1883-84: the fourth-best card of the strong
  suit, which is the penultimate from five; after a high card the original
  fourth-best; the A Q J and Q J T continuations by length), the call for trumps
  (five trumps, or four with two honours), the echo (four trumps or more), the
  modern discard under adverse trump strength (C120), and Drayson's forcing (C114:
  force partner unless he has shown strength in trumps).
* ``old``: Pole's Rules and Clay (profile S1): the lowest card of the strong suit,
  A then the lowest, A then Q whatever the length, no signals, the old discard
  from the weakest suit at all times, and Clay's forcing rule (C112: not without
  four trumps and an honour).

>>> get_school("modern").fourth_best, get_school("old").signals
(True, False)
>>> get_school("french")
Traceback (most recent call last):
...
cavendish.players.inference.schools.UnknownSchool: unknown school 'french': expected modern or old
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.errors import SettingsError

__all__ = ["MODERN", "OLD", "SCHOOLS", "School", "UnknownSchool", "get_school"]


class UnknownSchool(SettingsError):
    """No school of that name."""


@dataclass(frozen=True)
class School:
    """A set of agreed conventions (see the module's design note)."""

    name: str
    fourth_best: bool
    """Low-card leads: the fourth best (American, C44) or the lowest (C42, S1)."""
    length_continuations: bool
    """A Q J and Q J T continuations show four or five cards (C36, C39, C44(3))."""
    signals: bool
    """The call for trumps (C125) and the echo (C131) are played and read."""
    adverse_trump_discard: bool
    """Under adverse trump strength, discard from the best-protected suit (C120)."""
    force_when_weak: bool = False
    """Drayson's doctrine (C114): force partner even when weak in trumps, unless he has
    shown strength in them; otherwise Clay's (C112): not without four trumps and an
    honour."""

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[type[School], tuple[str, bool, bool, bool, bool, bool]]:
        """Rebuilt from its fields (pickle, ``copy``): compiled with mypyc, pickle's
        default way would assign the frozen fields one by one, and fail.

        >>> import pickle
        >>> pickle.loads(pickle.dumps(MODERN)) == MODERN
        True
        """
        return (School, (self.name, self.fourth_best, self.length_continuations,
                         self.signals, self.adverse_trump_discard, self.force_when_weak))


MODERN = School(
    "modern",
    fourth_best=True,
    length_continuations=True,
    signals=True,
    adverse_trump_discard=True,
    force_when_weak=True,
)
OLD = School(
    "old", fourth_best=False, length_continuations=False, signals=False, adverse_trump_discard=False
)
SCHOOLS: dict[str, School] = {"modern": MODERN, "old": OLD}
"""Every school, by name."""


def get_school(name: str | School) -> School:
    """The school called ``name`` (a :class:`School` is returned as it is)."""
    if isinstance(name, School):
        return name
    school = SCHOOLS.get(name)
    if school is None:
        raise UnknownSchool(f"unknown school {name!r}: expected modern or old")
    return school

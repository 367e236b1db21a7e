"""Rule-sets: every variant of the game as data.

Design note
-----------
A :class:`Rules` is a frozen set of named options with defaults (the club code's
short whist).  Variants are entries in a registry by name; a variant differs only
in its data, and the scoring policy it names is a function chosen from
:mod:`cavendish.scoring`.  ``rules.replace(table="dummy")`` combines options.

Where the sources are silent the choice is written here:

* ``short`` (laws 1-12): five points, honours, treble/double/single, rubbers of
  three games with two rubber points and the losers' games deducted.
* ``long`` (001, "Long Whist"): ten points, honours, calling honours at eight, no
  honours at nine.  001 lists single/double/treble games and rubber points among
  what short whist *adds* to the old game, so a long game is worth one and a
  rubber (best of three) carries no rubber points; the losers' game is deducted.
* ``american`` (001, "Seven-point whist"): seven points up, tricks only.  The seeds
  give no game values or rubber rules: as for long whist, each game is worth one,
  in rubbers of three without rubber points.
* ``clay`` (001, Clay's dummy): see :mod:`cavendish.scoring.clay`.
* ``whist``, ``dummy``, ``double-dummy``: short whist at four, three and two players.
* ``ruff-and-honours``, ``whisk``, ``swabbers``: the games whist grew from (000's
  history): twelve cards each, nine up; see :mod:`cavendish.core.old_games`, whose
  design note quotes 000 and gives every choice made where it is silent.

A rule-set also says what pack is dealt: ``deuces_out`` (the deuces put out: a pack
of 48) and ``stock`` (cards left undealt, the top one turned up for trumps), and
with them :attr:`Rules.tricks`, the tricks of a hand (thirteen, or twelve).

>>> get_rules("long").game_points, get_rules("short").replace(table="dummy").table
(10, 'dummy')
>>> get_rules("bridge")
Traceback (most recent call last):
...
cavendish.core.rules.UnknownVariant: unknown variant 'bridge': expected one of american, ...
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from enum import StrEnum
from typing import Any, Literal

from .errors import RulesError

__all__ = [
    "SOURCES",
    "VARIANTS",
    "Mode",
    "Rules",
    "TableSize",
    "UnknownVariant",
    "get_rules",
    "variant_names",
]



class Mode(StrEnum):
    """How a hand treats an irregularity; a member is its word (``Mode.LAWS == "laws"``)."""

    ENFORCED = "enforced"
    """A revoke or a card out of turn is refused."""
    LAWS = "laws"
    """It is recorded, for the laws arbiter (:mod:`cavendish.laws`) to rule on."""


TableSize = Literal["whist", "dummy", "double-dummy"]
_TABLES = ("whist", "dummy", "double-dummy")
_SCORINGS = ("club", "clay")


class UnknownVariant(RulesError):
    """No variant or option of that name."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The options of one variant.  Defaults are the club code's short whist."""

    name: str = "short"
    table: TableSize = "whist"
    """Players at the table: 4 (whist), 3 (dummy), 2 (double dummy)."""
    mode: Mode = Mode.ENFORCED
    """``enforced`` refuses a revoke or a card out of turn; ``laws`` records it."""
    game_points: int = 5
    """Points that make a game (law 2)."""
    honours: bool = True
    """Whether honours are scored (law 3)."""
    honours_barred_at: int | None = 4
    """A side standing at this score when the deal begins cannot score honours (law 4)."""
    call_honours_at: int | None = None
    """Long whist: a side at this score calls its honours before tricks (at eight)."""
    game_values: tuple[tuple[int, int], ...] = ((0, 3), (1, 2), (3, 1))
    """(losers' lowest score, game value) from the top: treble, double, single (law 8)."""
    rubber: bool = True
    """Games are played in rubbers of three (law 1); if False, single games."""
    rubber_bonus: int = 2
    """Rubber points to the winners of a rubber (law 9)."""
    deduct_losers_games: bool = True
    """In a three-game rubber the losers' game value is deducted (law 10)."""
    revoke_penalty: int = 3
    """Tricks taken or points deducted or added for a revoke (law 72)."""
    scoring: str = "club"
    """Scoring policy: ``club`` (laws 1-12 and its variants) or ``clay``."""
    game_bonus: int = 4
    """Clay: what winning the game counts in the settlement."""
    deuces_out: bool = False
    """Whisk (000): the deuces are put out and 48 cards dealt, twelve each."""
    stock: int = 0
    """Ruff-and-honours (000): cards left in the stock after the deal (four); the top
    card of the stock is turned up for trumps instead of the dealer's last card."""
    ruff: bool = False
    """Ruff-and-honours (000): the holder of the ace of trumps may *ruff*, take in the
    stock and put out as many cards from his hand, before the first card is led."""
    swabbers: bool = False
    """Whisk-and-swabbers (000): the holders of the ace of hearts, the knave of clubs
    and the ace and deuce of trumps receive a stake from the others."""
    packs: int = 2
    """Packs at the table: two, as clubs play ("Two packs of cards are invariably used
    at clubs; if possible this should be adhered to", 000 and 003, the etiquette; the
    club code's laws 42, 46 and 48 speak of "the other pack" and "the adversary's
    cards"), or one (the old games of 000, which say nothing of a second).  With two,
    each side deals with its own pack and the other, the still pack, is made ready for
    the next deal (laws 30-31; :func:`cavendish.laws.deal_laws.packs_line`)."""

    def __post_init__(self) -> None:
        if not isinstance(self.mode, Mode):  # a mode given by its word
            if self.mode not in tuple(Mode):
                raise UnknownVariant(
                    f"unknown mode {self.mode!r}: expected one of {', '.join(Mode)}"
                )
            object.__setattr__(self, "mode", Mode(self.mode))
        if self.table not in _TABLES:
            raise UnknownVariant(
                f"unknown table {self.table!r}: expected one of {', '.join(_TABLES)}"
            )
        if self.scoring not in _SCORINGS:
            raise UnknownVariant(
                f"unknown scoring {self.scoring!r}: expected one of {', '.join(_SCORINGS)}"
            )
        if self.game_points < 1:
            raise RulesError(f"game_points must be positive, not {self.game_points}")
        if self.stock not in (0, 4) or (self.stock and self.deuces_out):
            raise RulesError(
                f"stock {self.stock}: a stock is four cards of the full pack (ruff-and-honours), "
                "or none"
            )
        if self.packs not in (1, 2):
            raise RulesError(f"packs {self.packs}: one pack, or two as clubs play (000)")
        if self.ruff and not self.stock:
            raise RulesError("ruff: the ace of trumps ruffs the stock, and there is no stock")
        if (self.deuces_out or self.stock) and self.table != "whist":
            raise RulesError(
                f"table {self.table!r}: the twelve-card games are played by four (000)"
            )

    @property
    def pack_size(self) -> int:
        """Cards in the pack dealt from: 52, or 48 with the deuces put out.

        >>> get_rules("whisk").pack_size, get_rules("ruff-and-honours").pack_size
        (48, 52)
        """
        return 48 if self.deuces_out else 52

    @property
    def tricks(self) -> int:
        """Tricks in a hand: the cards each player is dealt (13, or 12 in the old games).

        >>> [get_rules(name).tricks for name in ("short", "whisk", "ruff-and-honours")]
        [13, 12, 12]
        """
        return (self.pack_size - self.stock) // 4

    @property
    def players(self) -> int:
        """How many people sit at the table."""
        return {"whist": 4, "dummy": 3, "double-dummy": 2}[self.table]

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed; unknown options are refused."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise UnknownVariant(
                f"unknown option {unknown[0]!r}: expected one of {', '.join(sorted(known))}"
            )
        return replace(self, **changes)

    def game_value(self, losers_score: int) -> int:
        """The value of a game by the losers' score (law 8).

        >>> [Rules().game_value(s) for s in range(5)]
        [3, 2, 2, 1, 1]
        """
        value = self.game_values[0][1]
        for threshold, v in self.game_values:
            if losers_score >= threshold:
                value = v
        return value


_SHORT = Rules()
VARIANTS: dict[str, Rules] = {
    "short": _SHORT,
    "whist": _SHORT.replace(name="whist"),
    "dummy": _SHORT.replace(name="dummy", table="dummy"),
    "double-dummy": _SHORT.replace(name="double-dummy", table="double-dummy"),
    "long": Rules(
        name="long",
        game_points=10,
        honours_barred_at=9,
        call_honours_at=8,
        game_values=((0, 1),),
        rubber_bonus=0,
    ),
    "american": Rules(
        name="american",
        game_points=7,
        honours=False,
        honours_barred_at=None,
        game_values=((0, 1),),
        rubber_bonus=0,
    ),
    "clay": Rules(
        name="clay",
        table="dummy",
        honours=False,
        honours_barred_at=None,
        game_values=((0, 0),),
        rubber=False,
        rubber_bonus=0,
        deduct_losers_games=False,
        scoring="clay",
    ),
}
"""Every named rule-set."""


def _nine_up(name: str, **options: Any) -> Rules:
    """One of the old games (000): nine up, honours scored as at whist and called at the
    point of eight as at long whist; each game worth one, in rubbers of three without
    rubber points, as for long whist (the sources are silent on what a game is worth)."""
    return Rules(
        name=name,
        packs=1,  # 000 tells of one pack in the old games, and of two only at the clubs
        game_points=9,
        honours_barred_at=None,
        call_honours_at=8,
        game_values=((0, 1),),
        rubber_bonus=0,
    ).replace(**options)


VARIANTS.update(
    {
        "ruff-and-honours": _nine_up("ruff-and-honours", stock=4, ruff=True),
        "whisk": _nine_up("whisk", deuces_out=True),
        "swabbers": _nine_up("swabbers", deuces_out=True, swabbers=True),
    }
)


SOURCES: dict[str, str] = {
    "short": "short whist, the club code's laws 1-12 (001-003): five points, honours, rubbers",
    "whist": "short whist at four (the club code, 001-003)",
    "dummy": "dummy whist at three (the dummy laws, 001 and 002)",
    "double-dummy": "double dummy at two (the double-dummy laws, 001 and 002)",
    "long": "long whist (001, 'Long Whist'): ten points, honours called at eight",
    "american": "American seven-point whist (001): seven up, tricks only",
    "clay": "Clay's dummy (001): single games settled player against player",
    "ruff-and-honours": (
        "ruff-and-honours (000, Cotton 1674): twelve each, four to the stock, the ace of "
        "trumps ruffs; nine up"
    ),
    "whisk": "whisk, Cotton's whist (000): the deuces put out, twelve each, no stock; nine up",
    "swabbers": (
        "whisk-and-swabbers (000, Fielding and Grose): whisk, with stakes to the holders "
        "of the swabbers"
    ),
}
"""One line on each variant's source (``cavendish variants``)."""


def variant_names() -> list[str]:
    """The registry's names, sorted."""
    return sorted(VARIANTS)


def get_rules(name: str, **changes: Any) -> Rules:
    """The rule-set registered as ``name``, with ``changes`` applied."""
    rules = VARIANTS.get(name)
    if rules is None:
        raise UnknownVariant(
            f"unknown variant {name!r}: expected one of {', '.join(variant_names())}"
        )
    return rules.replace(**changes) if changes else rules

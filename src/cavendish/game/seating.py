"""Forming the table: cutting for partners, seats and the first deal.

Design note
-----------
At whist (four players) the four cut with
:func:`~cavendish.core.table.cut_for_partners` (laws 13-19): the two lowest play
against the two highest, partners sit opposite, and the lowest cutter deals the
first hand (law 16).  Law 16 gives the lowest "choice of seats"; a program must
settle it: a seat asked for (the human's) is always given; otherwise the lowest
sits South with his partner North, and of the adversaries the lower cutter sits
on his left (West).

The seeds do not say how three or two people form a dummy table; our reading:

* Dummy whist (three players): the three cut, ace lowest, equal lowest cards cut
  again (law 18); the lowest takes dummy as partner (law 16's privilege of the
  lowest) against the other two, and dummy sits opposite him.  The first deal of
  each rubber is made in dummy's seat (dummy law i).
* Double dummy (two players): the two cut; each has his dummy opposite; the
  lowest's dummy deals first (dummy law i, which double dummy keeps).

Seats fixed by the caller (a simulation that wants given partnerships) skip the
cut for partners: at whist the four cut only for the deal, the lowest dealing.

>>> import random
>>> from cavendish.core.rules import get_rules
>>> s = seat_by_cut(get_rules("short"), ["You", "Hoyle", "Clay", "Pole"], random.Random(4),
...                 request=("You", Seat.E))
>>> s.seat_of("You"), s.names[Seat.W] in s.cut.low_pair + s.cut.high_pair, s.dummies
(<Seat.E: 1>, True, ())
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ..core.cards import Seat
from ..core.errors import RulesError
from ..core.rules import Rules
from ..core.table import Cut, CutResult, cut_for_partners, shuffled_pack

__all__ = [
    "Seating",
    "SeatingError",
    "cut_for_deal",
    "pass_dummy",
    "seat_by_cut",
    "seat_fixed",
    "seat_four",
]


class SeatingError(RulesError):
    """The people or seats given cannot form a table under the rules."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where: the people by seat, the dummy seats, the first dealer and the cut."""

    names: Mapping[Seat, str]
    """The people at the table, by seat; dummy seats are absent."""
    dummies: tuple[Seat, ...]
    """The exposed hands (none at whist, one at dummy, two at double dummy)."""
    first_dealer: Seat
    """The seat that deals the first hand."""
    cut: CutResult | None
    """The cut that formed the table (None if nobody cut)."""

    def seat_of(self, name: str) -> Seat:
        """The seat of the person called ``name``."""
        for seat, who in self.names.items():
            if who == name:
                return seat
        raise SeatingError(f"nobody called {name!r} is at the table")

    def holder(self, seat: Seat) -> Seat:
        """The seat of the person who plays ``seat``'s cards (dummy's partner for a dummy)."""
        return seat.partner if seat in self.dummies else seat

    def name_of(self, seat: Seat) -> str:
        """The name shown for ``seat``: the person, or ``Dummy``."""
        return "Dummy" if seat in self.dummies else self.names[seat]


def _check(rules: Rules, names: Sequence[str]) -> None:
    need = rules.players
    if len(names) != need:
        raise SeatingError(
            f"{rules.name} ({rules.table}) is played by {need} people, not {len(names)}: "
            f"{', '.join(names) or 'nobody'}"
        )
    if len(set(names)) != len(names):
        raise SeatingError(f"each person at the table needs a different name: {', '.join(names)}")


def cut_for_deal(rng: random.Random, names: Sequence[str]) -> CutResult:
    """Two or three people cut (ace lowest, law 13); equal lowest cards cut again (law 18).

    ``order`` puts the lowest first; only the lowest is settled by re-cutting.

    >>> r = cut_for_deal(random.Random(2), ["Ann", "Bob", "Cy"])
    >>> sorted(r.order), r.order[0] == r.dealer
    (['Ann', 'Bob', 'Cy'], True)
    """
    if not names:
        raise SeatingError("nobody to cut")
    rounds: list[Cut] = []

    def order(group: list[str], reason: str) -> list[str]:
        pack = shuffled_pack(rng)
        picks = rng.sample(range(52), len(group))
        cards = tuple(pack[i] for i in picks)
        rounds.append(Cut(tuple(group), cards, reason))
        tiers: dict[int, list[str]] = {}
        for who, card in zip(group, cards, strict=True):
            tiers.setdefault(card.rank.cut_value, []).append(who)
        result: list[str] = []
        for i, value in enumerate(sorted(tiers)):
            tied = tiers[value]
            if i == 0 and len(tied) > 1:
                tied = order(tied, "cut again (equal lowest cards, law 18)")
            result.extend(tied)
        return result

    if len(names) == 1:
        return CutResult(tuple(names), ())
    final = order(list(names), "cut for the deal")
    return CutResult(tuple(final), tuple(rounds))


def seat_by_cut(
    rules: Rules,
    names: Sequence[str],
    rng: random.Random,
    *,
    request: tuple[str, Seat] | None = None,
) -> Seating:
    """Cut for partners (or dummy) and deal, and seat the people (see the module note).

    ``request`` is ``(name, seat)``: that person sits there, whatever the cut.
    """
    _check(rules, names)
    if request is not None and request[0] not in names:
        raise SeatingError(f"{request[0]!r} asked for a seat but is not at the table")
    if rules.table == "whist":
        return seat_four(cut_for_partners(rng, names), request)
    cut = cut_for_deal(rng, names)
    lowest = cut.order[0]
    if rules.table == "dummy":
        others = [n for n in cut.order if n != lowest]
        if request is None or request[0] == lowest:
            seat = Seat.S if request is None else request[1]
            placed = {seat: lowest, seat.left: others[0], seat.right: others[1]}
            dummy = seat.partner
        else:
            who, seat = request
            mate = others[1] if others[0] == who else others[0]
            placed = {seat: who, seat.partner: mate, seat.left: lowest}
            dummy = seat.right
        return Seating(dict(sorted(placed.items())), (dummy,), dummy, cut)
    # double dummy
    rival = cut.order[1]
    seat, first = (Seat.S, lowest) if request is None else (request[1], request[0])
    second = rival if first == lowest else lowest
    placed = {seat: first, seat.left: second}
    dummies = tuple(sorted((seat.partner, seat.left.partner)))
    low_seat = seat if first == lowest else seat.left
    return Seating(dict(sorted(placed.items())), dummies, low_seat.partner, cut)


def seat_four(cut: CutResult, request: tuple[str, Seat] | None = None) -> Seating:
    """Seat the four who play after ``cut`` (law 16: the two lowest against the two
    highest, the lowest deals); ``request`` (name, seat) puts one of them in a seat.

    >>> from cavendish.core.table import cut_for_partners
    >>> cut = cut_for_partners(random.Random(2), ["A", "B", "C", "D", "E"])
    >>> seating = seat_four(cut)
    >>> sorted(seating.names.values()) == sorted(cut.players), seating.name_of(Seat.S) == cut.dealer
    (True, True)
    """
    low, high = cut.low_pair, cut.high_pair
    if request is None:
        anchor, seat = cut.dealer, Seat.S
    else:
        anchor, seat = request
    own, other = (low, high) if anchor in low else (high, low)
    partner = own[1] if own[0] == anchor else own[0]
    placed = {seat: anchor, seat.partner: partner, seat.left: other[0], seat.right: other[1]}
    dealer = next(s for s, n in placed.items() if n == cut.dealer)
    return Seating(dict(sorted(placed.items())), (), dealer, cut)


def seat_fixed(rules: Rules, seats: Mapping[Seat, str], rng: random.Random) -> Seating:
    """People in seats the caller chose; empty seats are dummies, partners of people.

    At whist the four cut for the deal only (law 16: the lowest deals); at dummy
    the first deal is dummy's (dummy law i); at double dummy the two cut and the
    lowest's dummy deals first.

    >>> from cavendish.core.rules import get_rules
    >>> s = seat_fixed(get_rules("dummy"), {Seat.S: "A", Seat.E: "B", Seat.W: "C"},
    ...                random.Random(1))
    >>> s.dummies, s.first_dealer, s.name_of(Seat.N)
    ((<Seat.N: 0>,), <Seat.N: 0>, 'Dummy')
    """
    names = [seats[s] for s in sorted(seats)]
    _check(rules, names)
    dummies = tuple(s for s in Seat if s not in seats)
    for d in dummies:
        if d.partner not in seats:
            raise SeatingError(
                f"seat {d} is empty and so is its partner's ({d.partner}): "
                "a dummy is played by the person opposite"
            )
    ordered = {s: seats[s] for s in sorted(seats)}
    if rules.table == "whist":
        cut = cut_for_partners(rng, names)
        dealer = next(s for s, n in ordered.items() if n == cut.dealer)
        return Seating(ordered, (), dealer, cut)
    if rules.table == "dummy":
        return Seating(ordered, dummies, dummies[0], None)
    cut = cut_for_deal(rng, names)
    low_seat = next(s for s, n in ordered.items() if n == cut.dealer)
    return Seating(ordered, dummies, low_seat.partner, cut)


def pass_dummy(seating: Seating) -> tuple[Seating, dict[Seat, Seat]]:
    """Clay's dummy: "each player plays one in his turn" (001).  After a game the
    people move round the table, keeping their order, so that the person on the left
    of the dummy's partner becomes the dummy's partner; the new seating and where
    each person moved (old seat to new seat).

    >>> import random
    >>> from cavendish.core import get_rules
    >>> s = seat_fixed(get_rules("clay"), {Seat.E: "Bob", Seat.S: "Ann", Seat.W: "Cy"},
    ...                random.Random(1))
    >>> t, moved = pass_dummy(s)
    >>> [t.names[x] for x in (Seat.E, Seat.S, Seat.W)], moved[Seat.W]
    (['Ann', 'Cy', 'Bob'], <Seat.S: 2>)
    """
    if len(seating.dummies) != 1:
        raise SeatingError("the dummy passes in turn only at a table of three with one dummy")
    dummy = seating.dummies[0]
    ring = [dummy.partner, dummy.partner.left, dummy.left]  # holder, then to his left
    moved = {ring[i]: ring[i - 1] for i in range(3)}  # each person one place on
    names = {moved[seat]: name for seat, name in seating.names.items()}
    return replace(seating, names=names), moved

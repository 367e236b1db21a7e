"""Cutting, the formation of tables, cutting out, entry and re-entry (laws 13-25).

Design note
-----------
Cutting for partners and deal among four or more candidates (laws 13, 14, 16, 18,
19) is :func:`~cavendish.core.table.cut_for_partners`.  This module adds the rest:

* :class:`PhysicalCutter`, a cutter for a table that cuts a real pack: a player who
  shows more than one card must cut again (law 15); everyone cuts from the same
  pack (law 14, checked by the cut).
* :class:`Table`: a table of at most six members.  More than four candidates cut:
  the four lowest play, the next two belong to the table, which is then complete
  (laws 16, 17); the others wait in the order of their cut, ahead of any
  after-comer (law 17).  The code's "those first in the room having the
  preference" is read as: those present and declared when the cut is made cut,
  and rank before anyone who comes later.  A candidate must declare before anyone
  has cut (law 21).  At the end of a rubber, members waiting claim admission, and
  those who have played most consecutive rubbers go out, the highest of a cut
  among equals (law 20).  A player leaving during a rubber may appoint a substitute
  with the other three players' consent, for that rubber only (law 23).
  A candidate is listed once: one waiting already cannot declare again (law 21).
  A place a member leaves is filled at once by the candidate next by his cut
  (law 17, :meth:`Table.leave`).
* :class:`Club`: several tables.  A member of one table who cuts into another loses
  his right of re-entry into the first, whose place goes at once to its next
  candidate (law 17), and declares at the other as a fresh candidate (law 24); at a
  new table, candidates who have neither belonged to nor played at any other table
  enter first, the others cut (law 22); when one player breaks up a table, the
  others have a prior right over him at any other table and cut among themselves if
  there are too few places (law 25).  Law 25 gives them priority over him only:
  Cavendish reads it so that those already waiting at the other table keep their
  place before them (law 17), the code being silent on them.

Every round cut is kept with its cards (``Table.rounds``, ``Club.rounds``) so the
table can show them, for laws 22 and 25 as for laws 16-20.

Every random step takes a seed (through a ``random.Random``) or a ``cutter``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..core.cards import Card
from ..core.table import Cut, CutResult, Cutter, cut_for_partners, cut_round
from .errors import NotAllowed

__all__ = ["Club", "PhysicalCutter", "Table", "cut_order"]

MAX_MEMBERS = 6
"""Law 17: a table is complete with six players."""


class PhysicalCutter:
    """Cuts from a real pack, played back from what each player showed.

    ``draws`` gives, for each player, his successive draws in order; a draw is a card
    (``"SA"``) or several cards shown at once (``("SA", "S2")``), which is void: he
    must cut again (law 15).

    >>> cutter = PhysicalCutter({"Ann": [("H2", "H3"), "H9"], "Bob": ["SK"]})
    >>> [str(c) for c in cutter(("Ann", "Bob"), "cut")], cutter.rulings
    (['H9', 'SK'], [(15, 'Ann exposes H2 H3 in cutting: he must cut again')])
    """

    def __init__(self, draws: dict[str, list[str | tuple[str, ...]]]) -> None:
        self.draws = {name: list(items) for name, items in draws.items()}
        self.rulings: list[tuple[int, str]] = []

    def __call__(self, players: tuple[str, ...], reason: str) -> list[Card]:
        out: list[Card] = []
        for player in players:
            queue = self.draws.get(player, [])
            while True:
                if not queue:
                    raise NotAllowed(f"{player} has no card left to cut ({reason})", 15)
                draw = queue.pop(0)
                shown = (draw,) if isinstance(draw, str) else tuple(draw)
                if len(shown) == 1:
                    out.append(Card.parse(shown[0]))
                    break
                self.rulings.append(
                    (15, f"{player} exposes {' '.join(shown)} in cutting: he must cut again")
                )
        return out


def cut_order(
    rng: random.Random,
    players: Sequence[str],
    cutter: Cutter | None = None,
    reason: str = "cut",
    rounds: list[Cut] | None = None,
) -> list[str]:
    """``players`` ordered by a cut, lowest first (ace low, law 13); equal cards cut again
    among themselves (laws 18, 19) until the order is settled.  Each round's cards are
    added to ``rounds`` when given, to be shown.

    >>> shown: list[Cut] = []
    >>> cut_order(random.Random(1), ["Ann", "Bob", "Cy"], rounds=shown), len(shown)
    (['Ann', 'Bob', 'Cy'], 1)
    """
    if len(players) <= 1:
        return list(players)
    cut, values = cut_round(rng, players, reason, cutter)
    if rounds is not None:
        rounds.append(cut)
    by_value: dict[int, list[str]] = {}
    for player, value in zip(players, values, strict=True):
        by_value.setdefault(value, []).append(player)
    out: list[str] = []
    for value in sorted(by_value):
        tied = by_value[value]
        out.extend(
            tied if len(tied) == 1 else cut_order(rng, tied, cutter, "cut again", rounds)
        )
    return out


@dataclass
class Table:
    """A whist table: members (at most six), the four at play, and the waiting list."""

    name: str = "table"
    seed: int = 0
    cutter: Cutter | None = None
    members: list[str] = field(default_factory=list)
    """Those who belong to the table (laws 16, 17), the four playing first."""
    players: tuple[str, ...] = ()
    """The four at play: the two lowest (dealer first) against the two highest."""
    queue: list[str] = field(default_factory=list)
    """Candidates waiting to belong, in order of right: their cut, then arrival (law 17)."""
    declared: list[str] = field(default_factory=list)
    """Candidates who declared for the next cut (law 21)."""
    consecutive: dict[str, int] = field(default_factory=dict)
    """Rubbers each member has played in a row (law 20)."""
    substitutes: dict[str, str] = field(default_factory=dict)
    """substitute -> the player he stands for, this rubber only (law 23)."""
    standing: dict[str, int | None] = field(default_factory=dict)
    """substitute -> where he stood before: his place in the waiting list, or None for
    a member out of play; he goes back there when the rubber is over (law 23)."""
    ever: set[str] = field(default_factory=set)
    """Everyone who has belonged to or played at this table (law 22)."""
    rulings: list[tuple[int, str]] = field(default_factory=list)
    rounds: list[Cut] = field(default_factory=list)
    """Every round cut at this table, its cards, to be shown (laws 16-20)."""
    in_rubber: bool = False
    cutting: bool = False
    last_cut: CutResult | None = None

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # -------------------------------------------------------- laws 16, 17, 21
    def declare(self, name: str) -> None:
        """``name`` declares he wishes to enter, before anyone has cut (law 21)."""
        if self.cutting:
            raise NotAllowed(f"{name} declares after the cutting began: too late", 21)
        if name in self.members or name in self.declared:
            raise NotAllowed(f"{name} has declared already, or belongs to the table", 21)
        if name in self.queue:
            raise NotAllowed(
                f"{name} waits already, next by his cut: a candidate is listed once", 21
            )
        self.declared.append(name)

    def form(self) -> CutResult:
        """Form the table from the candidates declared (at least four; laws 16, 17)."""
        if self.members:
            raise NotAllowed(f"{self.name} is formed already", 16)
        candidates = self.queue + self.declared
        if len(candidates) < 4:
            raise NotAllowed(f"a table needs four candidates, not {len(candidates)}", 16)
        self.cutting = True
        result = cut_for_partners(self.rng, candidates, cutter=self.cutter)
        self.cutting = False
        self.declared = []
        order = list(result.order)
        self.members = order[:MAX_MEMBERS]
        self.queue = order[MAX_MEMBERS:]
        self.players = result.players
        self.last_cut = result
        self.rounds.extend(result.rounds)
        self.ever.update(self.members)
        for m in self.members:
            self.consecutive.setdefault(m, 0)
        self.rulings.append((16, f"{', '.join(result.players)} play; {result.dealer} deals"))
        if len(order) > 4:
            self.rulings.append(
                (
                    17,
                    f"{', '.join(self.members[4:]) or 'none'} also belong to the table; "
                    f"{', '.join(self.queue) or 'none'} wait in the order of their cut",
                )
            )
        self.in_rubber = True
        return result

    def arrive(self, name: str) -> None:
        """An after-comer wishes to belong: he waits behind those who cut (law 17)."""
        if name in self.members or name in self.queue:
            raise NotAllowed(f"{name} is at the table or waiting already", 17)
        self.queue.append(name)

    def retire(self, name: str) -> str | None:
        """A member retires between rubbers: the first waiting (by his cut, law 17)
        takes his place.  Returns who enters."""
        if self.in_rubber and name in self.players:
            raise NotAllowed(f"{name} is playing a rubber: he may appoint a substitute", 23)
        return self.leave(name, "retires")

    def leave(self, name: str, why: str) -> str | None:
        """Member ``name`` leaves the table (``why``: "retires", "cuts into another
        table"); the place is filled at once by the candidate who cut next lowest
        (law 17: "on the retirement of one of those six players, the candidate who
        cut the next lowest card has a prior right").  Returns who enters."""
        if name not in self.members:
            raise NotAllowed(f"{name} does not belong to {self.name}", 17)
        self.members.remove(name)
        self.players = tuple(p for p in self.players if p != name)
        entering = self.queue.pop(0) if self.queue else None
        if entering is not None:
            self.admit(entering)
            self.rulings.append((17, f"{name} {why}: {entering}, next by his cut, enters"))
        return entering

    def admit(self, name: str) -> None:
        """``name`` becomes a member, out of play until a cut puts him at play."""
        self.members.append(name)
        self.ever.add(name)
        self.consecutive[name] = 0

    def fill(self) -> list[str]:
        """Places free at the table go at once to those with the right to them: those
        waiting, in the order of their cut (law 17), then those declared (law 21).
        Returns who entered."""
        entered: list[str] = []
        while len(self.members) < MAX_MEMBERS and (self.queue or self.declared):
            name = (self.queue or self.declared).pop(0)
            self.admit(name)
            entered.append(name)
        if entered:
            self.rulings.append(
                (17, f"{', '.join(entered)}, first with the right, enter {self.name}")
            )
        return entered

    # ------------------------------------------------------------- laws 20, 23
    def end_rubber(self) -> None:
        """The rubber is over: the players' consecutive rubbers count up; substitutes go
        (law 23)."""
        if not self.in_rubber:
            raise NotAllowed(f"no rubber is in progress at {self.name}")
        for p in self.members:
            if p in self.players:
                self.consecutive[p] = self.consecutive.get(p, 0) + 1
            else:
                self.consecutive[p] = 0
        for sub, absent in list(self.substitutes.items()):
            self.players = tuple(absent if p == sub else p for p in self.players)
            self.consecutive[absent] = 0
            if sub not in self.standing:  # he came from outside the table: he goes
                self.members = [absent if m == sub else m for m in self.members]
                self.consecutive.pop(sub, None)
                self.rulings.append(
                    (23, f"the rubber is over: {sub} stood for {absent}, and goes")
                )
                continue
            place = self.standing[sub]
            self.consecutive[sub] = 0
            if place is None:  # a member out of play, as before
                where = "a member out of play"
            else:  # back to his place among those waiting
                self.members = [absent if m == sub else m for m in self.members]
                self.queue.insert(place, sub)
                where = "waiting in his place"
            self.rulings.append(
                (23, f"the rubber is over: {sub} stood for {absent}, and is {where} again")
            )
        self.substitutes.clear()
        self.standing.clear()
        self.in_rubber = False

    def cut_out(self) -> CutResult:
        """Law 20: members waiting (and candidates declared, if the table has room) claim
        admission; those who played most consecutive rubbers go out, the highest of a
        cut among equals; then the four cut for partners (law 16)."""
        if self.in_rubber:
            raise NotAllowed("cutting out is at the end of a rubber", 20)
        room = MAX_MEMBERS - len(self.members)
        for name in self.declared[:room]:
            self.admit(name)
        self.queue.extend(self.declared[room:])
        self.declared = []
        claimants = [m for m in self.members if m not in self.players]
        vacant = claimants[: 4 - len(self.players)]
        if vacant:  # a place at play left empty needs nobody to go out for it
            self.players = (*self.players, *vacant)
            claimants = claimants[len(vacant) :]
            self.rulings.append(
                (
                    20,
                    f"{', '.join(vacant)}, first of the members out of play, "
                    "take the places left empty at play",
                )
            )
        self.cutting = True
        out: list[str] = []
        if claimants:
            k = len(claimants)
            ranked = sorted(self.players, key=lambda p: -self.consecutive.get(p, 0))
            line = self.consecutive.get(ranked[k - 1], 0)
            certain = [p for p in ranked if self.consecutive.get(p, 0) > line]
            tied = [p for p in ranked if self.consecutive.get(p, 0) == line]
            need = k - len(certain)
            out = certain
            if need:
                order = cut_order(
                    self.rng, tied, self.cutter, "cut to go out (law 20)", self.rounds
                )
                out = certain + order[len(order) - need :]  # the highest are out
            self.rulings.append(
                (
                    20,
                    f"{', '.join(claimants)} claim admission: {', '.join(out)} "
                    "go out (most consecutive rubbers, the highest of a cut among equals)",
                )
            )
        four = [p for p in self.players if p not in out] + claimants
        result = cut_for_partners(self.rng, four, cutter=self.cutter)
        self.cutting = False
        self.players = result.players
        self.last_cut = result
        self.rounds.extend(result.rounds)
        self.in_rubber = True
        return result

    def substitute(self, leaving: str, substitute: str, consent: Iterable[str]) -> None:
        """``leaving`` quits during the rubber and appoints ``substitute``, with the
        consent of the other three players (law 23)."""
        if not self.in_rubber or leaving not in self.players:
            raise NotAllowed(f"{leaving} is not playing a rubber at {self.name}", 23)
        others = {p for p in self.players if p != leaving}
        missing = others - set(consent)
        if missing:
            raise NotAllowed(
                f"{leaving} appoints {substitute} without the consent of "
                f"{', '.join(sorted(missing))}",
                23,
            )
        if substitute in self.players or substitute in self.substitutes:
            raise NotAllowed(f"{substitute} is playing this rubber already", 23)
        if substitute in self.queue:
            self.standing[substitute] = self.queue.index(substitute)
            self.queue.remove(substitute)
        elif substitute in self.members:
            self.standing[substitute] = None
        if substitute not in self.members:
            self.members = [substitute if m == leaving else m for m in self.members]
        self.players = tuple(substitute if p == leaving else p for p in self.players)
        self.substitutes[substitute] = leaving
        self.rulings.append((23, f"{substitute} stands for {leaving} for the rest of the rubber"))


@dataclass
class Club:
    """Several tables (laws 22, 24, 25)."""

    seed: int = 0
    tables: dict[str, Table] = field(default_factory=dict)
    rulings: list[tuple[int, str]] = field(default_factory=list)
    rounds: list[Cut] = field(default_factory=list)
    """The rounds cut between tables (laws 22, 25), their cards, to be shown."""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def belongs(self, name: str) -> str | None:
        """The table ``name`` belongs to, if any."""
        for tname, table in self.tables.items():
            if name in table.members:
                return tname
        return None

    def new_table(self, tname: str, candidates: Sequence[str]) -> Table:
        """Form a fresh table (law 22): candidates who have neither belonged to nor played
        at any other table enter first; the others cut for the places left."""
        if tname in self.tables:
            raise NotAllowed(f"{tname} exists already", 22)
        seen = set().union(*(t.ever for t in self.tables.values())) if self.tables else set()
        fresh = [c for c in candidates if c not in seen]
        others = [c for c in candidates if c in seen]
        places = MAX_MEMBERS - len(fresh)
        chosen = fresh[:MAX_MEMBERS]
        waiting: list[str] = fresh[MAX_MEMBERS:]
        if others:
            order = cut_order(self.rng, others, None, "cut for entry (law 22)", self.rounds)
            chosen += order[: max(places, 0)]
            waiting += order[max(places, 0) :]
            self.rulings.append(
                (
                    22,
                    f"{', '.join(fresh)} enter first, never having belonged to another table; "
                    f"{', '.join(others)} cut for the places left",
                )
            )
        table = Table(tname, seed=self.rng.randrange(2**32))
        table.declared = chosen
        table.form()
        table.queue.extend(waiting)
        self.tables[tname] = table
        return table

    def cut_into(self, name: str, tname: str) -> None:
        """``name`` cuts into table ``tname`` while belonging to another: he loses his
        right of re-entry there, and "takes his chance of cutting in, as if he were a
        fresh candidate" (law 24): he declares for ``tname``'s next cut (law 21).  The
        place he leaves is filled at once by the next with the right (law 17)."""
        home = self.belongs(name)
        if home is None or home == tname:
            raise NotAllowed(f"{name} does not belong to another table", 24)
        old = self.tables[home]
        if old.in_rubber and name in old.players:
            raise NotAllowed(f"{name} is playing a rubber at {home}", 24)
        target = self.tables[tname]
        if target.cutting:
            raise NotAllowed(f"{name} cuts into {tname} after its cutting began: too late", 21)
        old.leave(name, f"cuts into {tname}")
        target.declare(name)
        self.rulings.append(
            (24, f"{name} cuts into {tname}: he loses his right of re-entry into {home}")
        )

    def break_up(self, tname: str, by: str, into: str) -> list[str]:
        """``by`` breaks up table ``tname``; its other members have a prior right over
        him to enter ``into``, and cut for precedence if there are too few places
        (law 25).  Returns the order in which they stand for entry."""
        table = self.tables.pop(tname)
        if by not in table.members:
            raise NotAllowed(f"{by} does not belong to {tname}", 25)
        rest = [m for m in table.members if m != by]
        target = self.tables[into]
        target.fill()  # those already waiting there keep their right (law 17)
        room = MAX_MEMBERS - len(target.members)
        order = rest
        if len(rest) > room:
            order = cut_order(self.rng, rest, None, "cut for precedence (law 25)", self.rounds)
            self.rulings.append(
                (25, f"too few places at {into}: {', '.join(rest)} cut for precedence")
            )
        standing = [*order, by]
        for name in standing:
            if len(target.members) < MAX_MEMBERS:
                target.admit(name)
            else:
                target.queue.append(name)  # after those waiting; the others before him
        self.rulings.append(
            (
                25,
                f"{by} breaks up {tname}: {', '.join(rest)} have the prior right to enter "
                f"{into} before him, after those waiting there (Cavendish's reading: the "
                "code is silent on them)",
            )
        )
        for name in table.queue:  # those who waited there come as after-comers (law 17)
            if name not in target.members and name not in target.queue:
                target.arrive(name)
                self.rulings.append((17, f"{name}, who waited at {tname}, waits at {into}"))
        return standing

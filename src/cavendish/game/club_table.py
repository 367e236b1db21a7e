"""A table of more than four candidates: the cut, the waiting and the cutting out
(laws 16-25), each rubber played by the four the cut chose.

Design note
-----------
:class:`ClubTable` joins the library's :class:`~cavendish.laws.table_laws.Table`
(who belongs to the table, who plays, who waits; laws 16, 17, 20, 21) to the game
driver: each rubber is a :class:`~cavendish.game.session.Session` of the four the
cut (law 16) or the cutting out (law 20) put at play, seated by
:func:`~cavendish.game.seating.seat_four` (the two lowest against the two highest,
the lowest deals).  The candidates all declare before anyone cuts (law 21), in the
order given ("those first in the room having the preference", law 16).  Each
rubber's deals come from a generator of its own, seeded from the table's seed and
the rubber's number, so a rubber is the same whoever waited before it.

Between rubbers (:meth:`ClubTable.finish_rubber`, then the next cut) a person may
retire from the table or declare for the next cut (laws 17, 21) through the
library's :class:`Table`.  A candidate who comes while the cut is being made
(:meth:`ClubTable.late_comer`) tries to declare during it: the table refuses him
(law 21, the library's ``declare`` while ``cutting``) and he waits as an
after-comer (law 17).  A player may leave during a rubber with a substitute from
those waiting, the other three consenting (law 23, :meth:`ClubTable.substitute`);
the substitute goes at the end of the rubber.

With ``tables=2`` a second table plays beside the first (:meth:`ClubTable.beside`,
called between rubbers), through the library's :class:`Club`: at the first break
a member of the first table who sat out retires from it (law 17) and the
candidates waiting form the second table with him, the fresh ones entering first
(law 22: a person waiting is one of them, never having belonged to a table); at
the second break a member of the first table cuts into the second and loses his
right of re-entry (law 24), his place filled at once by the next by the cut (law
17), and he declares at the second as a fresh candidate; at the third a computer
breaks the second table up, and its others stand before him for the first, after
those already waiting there (law 25).  The second table's rubbers are played out
at once, except one the person plays (:attr:`ClubTable.beside_session`), which
the caller plays card by card.  Every round cut, with its cards, is at
:meth:`ClubTable.new_rounds`.  A person leaving during a rubber appoints his
substitute among the computers waiting (law 23).

>>> from cavendish.core import get_rules
>>> from cavendish.players import RandomPlayer
>>> people = {n: RandomPlayer(i, n) for i, n in enumerate("ABCDEF")}
>>> club = ClubTable(get_rules("short"), people, seed=3)
>>> session, rulings = club.next_rubber()
>>> [law for law, _ in rulings], len(club.waiting())
([16, 17], 2)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.cards import Card, Seat
from ..core.rules import Rules
from ..core.table import Cut, shuffled_pack
from ..laws.errors import NotAllowed
from ..laws.table_laws import Club, Table
from ..players.base import Player
from .seating import seat_four
from .session import Session, SessionError

__all__ = ["ClubTable"]


class ClubTable:
    """Candidates (``people``: a name to a player, None for a human) cutting for a
    table, rubber after rubber (see the module).  ``request`` seats a person where he
    asks whenever he plays; ``options`` go to each rubber's :class:`Session`."""

    def __init__(
        self,
        rules: Rules,
        people: Mapping[str, Player | None],
        seed: int,
        *,
        request: tuple[str, Seat] | None = None,
        tables: int = 1,
        **options: Any,
    ) -> None:
        if rules.table != "whist":
            raise SessionError(
                f"a table of candidates is for four players in partnership, not {rules.name}"
            )
        if len(people) < 4:
            raise SessionError(f"a table needs four candidates, not {len(people)} (law 16)")
        self.rules = rules
        self.people = dict(people)
        self.seed = seed
        self.request = request
        self.options = options
        if tables not in (1, 2):
            raise SessionError(f"tables {tables}: one table, or two (laws 22, 24, 25)")
        self.table = Table("the table", seed=seed)
        self.club = Club(seed=seed + 1, tables={"the table": self.table})
        self.tables = tables
        self._stage = 0
        for name in self.people:
            self.table.declare(name)
        self.rubber = 0
        self._seen = 0
        self._late: list[str] = []
        self._rounds_seen: dict[str, int] = {}
        self.beside_session: Session | None = None
        """The second table's rubber when the person plays it (set by :meth:`beside`):
        the caller plays it card by card, as his own table's."""

    def finish_rubber(self) -> None:
        """The rubber is over (law 20's count; a substitute goes, law 23): between now and
        the next cut a person may retire or declare (laws 17, 21)."""
        if self.table.in_rubber:
            self.table.end_rubber()

    def _computers(self, names: Sequence[str]) -> list[str]:
        return [n for n in names if self.people.get(n) is not None]

    def _session_at(self, table: Table, salt: int) -> Session:
        """The rubber the four at play at ``table`` play; the person seated where he
        asks when he is one of them."""
        cut = table.last_cut
        assert cut is not None
        request = self.request
        if request is not None and request[0] not in cut.players:
            request = None
        seating = seat_four(cut, request)
        players = {seat: self.people[name] for seat, name in seating.names.items()}
        rng = random.Random(self.seed * 1_000_003 + salt)
        return Session(self.rules, seating, players, rng, rubbers=1, **self.options)

    def _play_at(self, table: Table, salt: int) -> str:
        """Play out a rubber at the second table, or leave it to the caller when the
        person plays there (:attr:`beside_session`); a line saying how it went."""
        session = self._session_at(table, 500_000 + salt)
        if None in session.players.values():
            self.beside_session = session
            return f"{table.name}: {', '.join(table.players)} play a rubber, you among them"
        won = session.play_all().sheet.rubbers[-1]
        return (
            f"{table.name}: {', '.join(table.players)} play a rubber; "
            f"won by {won.winner}, {won.points} points"
        )

    def beside(self) -> list[tuple[int | None, str]]:
        """Between rubbers (after :meth:`finish_rubber`), the second table's step: its
        rulings (laws 16-25) and a line (law None) for each rubber played there.  A
        person waiting is a candidate for the new table like the computers, with the
        prior right of one who never belonged to a table (law 22); when he is at play
        there, his rubber is :attr:`beside_session`, to be played before the next."""
        self.beside_session = None
        if self.tables < 2 or self._stage > 2:
            return []
        club, first = self.club, self.table
        seen = len(club.rulings)
        out: list[tuple[int | None, str]] = []
        name = "the second table"
        if self._stage == 0:
            sat_out = self._computers([m for m in first.members if m not in first.players])
            if not sat_out or len(first.queue) < 4:
                out.append((None, f"too few wait to form {name} (four are needed, law 16)"))
                self._stage = 3
                return out
            self.retire(sat_out[0])
            going = [*first.queue, sat_out[0]]
            first.queue = []
            out += first.rulings[self._seen :]
            self._seen = len(first.rulings)
            second = club.new_table(name, going)
            out += club.rulings[seen:] + second.rulings
        else:
            second = club.tables[name]
            mark = len(second.rulings)
            second.end_rubber()
            if self._stage == 1:
                sat_out = [m for m in first.members if m not in first.players]
                movers = self._computers(sat_out) or self._computers(first.members)
                club.cut_into(movers[-1], name)
                out += club.rulings[seen:] + first.rulings[self._seen :]
                self._seen = len(first.rulings)
                second.cut_out()
                out += second.rulings[mark:]
            else:
                club.break_up(name, self._computers(second.players)[-1], "the table")
                out += club.rulings[seen:] + first.rulings[self._seen :]
                self._seen = len(first.rulings)
                self._stage += 1
                return out
        out.append((None, self._play_at(second, self._stage)))
        self._stage += 1
        return out

    def new_rounds(self) -> list[Cut]:
        """The rounds cut since the last call, at every table and between tables (laws
        16-25), their cards to be shown."""
        out: list[Cut] = []
        books = {"club": self.club.rounds} | {
            name: table.rounds for name, table in self.club.tables.items()
        }
        for name, rounds in books.items():
            out += rounds[self._rounds_seen.get(name, 0) :]
            self._rounds_seen[name] = len(rounds)
        return out

    def retire(self, name: str) -> str | None:
        """``name`` retires between rubbers (law 17: the first waiting enters the table);
        if he played the last rubber, his place at play falls to the first member out
        of play, before anyone is cut out (law 20).  Returns who entered the table."""
        return self.table.retire(name)

    def late_comer(self, name: str, player: Player | None) -> None:
        """``name`` comes while the next cut is being made: he is refused at that cut
        (law 21) and waits behind those who cut (law 17)."""
        if name in self.people:
            raise SessionError(f"{name} is a candidate already")
        self.people[name] = player
        self._late.append(name)

    def _cutter(self, late: list[str]) -> Any:
        """A cutter that draws as the table's own random cut does, the late-comers
        trying to declare while the cards are being cut (law 21)."""

        def cut(players: tuple[str, ...], reason: str) -> Sequence[Card]:
            for name in late:
                try:
                    self.table.declare(name)
                except NotAllowed as exc:
                    why = str(exc).removesuffix(" (law 21)")
                    self.table.rulings.append((21, f"{why}: not admitted to this cut"))
            late.clear()
            pack = shuffled_pack(self.table.rng)
            return [pack[i] for i in self.table.rng.sample(range(52), len(players))]

        return cut

    def substitute(self, session: Session, leaving: str, sub: str | None = None) -> str:
        """``leaving`` quits during the rubber and appoints ``sub`` (law 23: he "may [...]
        appoint a substitute"), one of those waiting; the other three consent (the
        computers do).  A computer leaving appoints the first computer waiting.
        Returns the substitute."""
        waiting = [n for n in self.waiting() if self.people.get(n) is not None]
        if not waiting:
            raise SessionError(f"nobody is waiting to stand for {leaving} (law 23)")
        if sub is None:
            sub = waiting[0]
        elif sub not in waiting:
            raise SessionError(
                f"{sub} is not waiting here: appoint one of {', '.join(waiting)} (law 23)"
            )
        consent = [p for p in self.table.players if p != leaving]  # the computers consent
        self.table.substitute(leaving, sub, consent)
        seat = session.seating.seat_of(leaving)
        names = {**session.seating.names, seat: sub}
        session.seating = dataclasses.replace(session.seating, names=names)
        session.players[seat] = self.people[sub]
        return sub

    def waiting(self) -> list[str]:
        """The candidates not playing this rubber: members out, then those waiting."""
        playing = set(self.table.players)
        return [m for m in self.table.members if m not in playing] + list(self.table.queue)

    def next_rubber(self) -> tuple[Session, list[tuple[int, str]]]:
        """Cut for the next rubber (the table formed, law 16; then cutting out, law 20)
        and return its session and the rulings of the cut."""
        if self.rubber == 0:
            self.table.form()
        else:
            self.finish_rubber()
            late, self._late = self._late, []
            if late:
                self.table.cutter = self._cutter(list(late))
            try:
                self.table.cut_out()
            finally:
                self.table.cutter = None
            for name in late:
                self.table.arrive(name)
                self.table.rulings.append(
                    (17, f"{name} comes after the cut: he waits behind those who cut")
                )
        self.rubber += 1
        session = self._session_at(self.table, self.rubber)
        rulings = self.table.rulings[self._seen :]
        self._seen = len(self.table.rulings)
        return session, rulings

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

>>> from cavendish.core import get_rules
>>> from cavendish.players import RandomPlayer
>>> people = {n: RandomPlayer(i, n) for i, n in enumerate("ABCDEF")}
>>> club = ClubTable(get_rules("short"), people, seed=3)
>>> session, rulings = club.next_rubber()
>>> [law for law, _ in rulings], len(club.waiting())
([16, 17], 2)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.cards import Seat
from ..core.rules import Rules
from ..laws.table_laws import Table
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
        self.table = Table("the table", seed=seed)
        for name in self.people:
            self.table.declare(name)
        self.rubber = 0
        self._seen = 0

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
            self.table.end_rubber()
            self.table.cut_out()
        self.rubber += 1
        cut = self.table.last_cut
        assert cut is not None
        request = self.request
        if request is not None and request[0] not in cut.players:
            request = None
        seating = seat_four(cut, request)
        players = {seat: self.people[name] for seat, name in seating.names.items()}
        rng = random.Random(self.seed * 1_000_003 + self.rubber)
        session = Session(self.rules, seating, players, rng, rubbers=1, **self.options)
        rulings = self.table.rulings[self._seen :]
        self._seen = len(self.table.rulings)
        return session, rulings

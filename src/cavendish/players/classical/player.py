"""The classical player: plays by the conventions of the sources and names them.

Design note
-----------
:class:`ClassicalPlayer` sees only :class:`~cavendish.core.state.SeatView` s and
the public events (``observe``, ``begin_hand``).  For each seat it plays it keeps
a :class:`~cavendish.players.inference.Knowledge` (its memory of the play and
its reading of the other hands under the school) and a
:class:`~.memory.SeatMemory` (its hand as dealt).  Each card
is chosen by the first rule that applies for the seat's place in the trick
(:mod:`.leads`, :mod:`.second_hand`, :mod:`.third_hand`, :mod:`.fourth_hand`,
with :mod:`.ruffing`, :mod:`.discards` and :mod:`.signals`), and comes back as a
:class:`~.decision.Decision`: the card, the catalogue id of the convention and
a one-line reason.

``school`` is ``"modern"`` (American leads, the call and the echo) or ``"old"``
(the lowest of the strong suit, no signals); partners should share it, since
each reads the other by it.  The optional hook ``set_score(ours, theirs,
game_points)`` lets the player play to the score (C7, C86); without it every
trick counts alike.  ``seed`` breaks ties; the same seed and the same views give
the same cards, whatever happened before.

>>> from cavendish.core import HandState, Seat, Deal
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> d = ClassicalPlayer("modern").decide(state.view(Seat.E))
>>> str(d)
'C5: American leads: the fourth best, showing exactly three higher (C44)'
"""

from __future__ import annotations

import copy
import random
from typing import TypeVar

from ...core.cards import Card, Seat
from ...core.events import Event
from ...core.state import SeatView
from ..base import PlayerError
from ..inference import Knowledge, School, follow_view, get_school
from .context import Ctx
from .counting import count_out
from .decision import FORCED, Decision
from .fourth_hand import fourth_hand
from .leads import lead
from .memory import SeatMemory
from .score import ScoreTargets
from .second_hand import second_hand
from .third_hand import third_hand

__all__ = ["ClassicalPlayer"]

_BY_POSITION = (lead, second_hand, third_hand, fourth_hand)


class ClassicalPlayer:
    """A computer player of the classical school (see the module's design note)."""

    def __init__(
        self, school: School | str = "modern", seed: int = 0, name: str = "Classical"
    ) -> None:
        self.school = get_school(school)
        self.seed = seed
        self.name = name
        self._knowledge: dict[Seat, Knowledge] = {}
        self._memory: dict[Seat, SeatMemory] = {}
        self._score = ScoreTargets.unknown()
        self._last: Decision | None = None

    # ------------------------------------------------------------ hooks
    def begin_hand(self, view: SeatView) -> None:
        """A new hand: forget the last one for this seat and remember the hand dealt."""
        self._knowledge[view.seat] = Knowledge.from_view(view, self.school)
        self._memory[view.seat] = SeatMemory(hand0=view.hand)

    def observe(self, event: Event) -> None:
        """Remember a public event (every seat this player holds sees it)."""
        for k in self._knowledge.values():
            k.observe(event)

    def set_score(self, ours: int, theirs: int, game_points: int = 5) -> None:
        """The score before the hand: points of this player's side, of the
        adversaries, and the points of a game (C7)."""
        self._score = ScoreTargets.from_score(ours, theirs, game_points)

    # ------------------------------------------------------------ choosing
    def knowledge(self, seat: Seat) -> Knowledge | None:
        """This player's knowledge for ``seat`` (for the tutor)."""
        return self._knowledge.get(seat)

    def _sync(self, view: SeatView) -> Knowledge:
        mem = self._memory.get(view.seat)
        k, fresh = follow_view(
            self._knowledge.get(view.seat) if mem is not None else None,
            view,
            self.school,
            mem.hand0 if mem is not None else 0,
        )
        if fresh:
            self._knowledge[view.seat] = k
            self._memory[view.seat] = SeatMemory(hand0=view.hand | k.played_by(view.seat))
        partner = view.seat.partner
        pmem = self._memory.get(partner)
        pk = self._knowledge.get(partner)
        if pmem is not None and pmem.hand0 and pk is not None and pk.dealer == view.dealer:
            k.set_known(partner, pmem.hand0 & ~k.played)
        return k

    def decide(self, view: SeatView) -> Decision:
        """The card to play from ``view``, with the convention that chose it."""
        if not view.legal:
            raise PlayerError(f"{self.name}: seat {view.seat} has no card to play")
        k = self._sync(view)
        mem = self._memory[view.seat]
        if view.legal & (view.legal - 1) == 0:
            card = Card(view.legal.bit_length() - 1)
            d = Decision(card, FORCED, "the only card the laws allow")
        else:
            rng = random.Random(hash((self.seed, int(view.seat), view.hand, k.played)))
            ctx = Ctx(view, k, self.school, mem, self._score, rng)
            d = _BY_POSITION[len(view.trick)](ctx)
            counted = count_out(k, list(view.trick), view.legal, d, rng)
            if counted is not None:
                d = counted
            if not view.legal >> d.card & 1:
                raise PlayerError(
                    f"{self.name}: the rules chose {d.card} for {view.seat}, "
                    f"which it may not play ({d.convention})"
                )
        self._last = d
        return d

    def advise(self, view: SeatView) -> Decision:
        """The card this player would play from ``view``, and why, leaving the player
        exactly as it was: advice for another player, who may not follow it.

        :meth:`decide` remembers what it chose (a signal begun, the reading of the
        hand it synchronised, the decision ``why`` explains); ``advise`` puts back the
        seat's knowledge, its memory and the last decision, so that a card it advised
        and was not played is never remembered as played.  Call :meth:`decide` when
        the advice is followed.

        >>> from cavendish.core import Deal, HandState, Seat
        >>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
        ...                      "T98.T98.QJT9.QJT", trump_card="S2")
        >>> view = HandState(deal).view(Seat.E)
        >>> player = ClassicalPlayer("modern")
        >>> player.begin_hand(view)
        >>> advice = player.advise(view)
        >>> player.explain_last() is None     # nothing remembered
        True
        >>> player.decide(view) == advice     # the card it plays when asked to
        True
        """
        seat = view.seat
        knowledge, memory, last = self._knowledge.get(seat), self._memory.get(seat), self._last
        if knowledge is not None:
            self._knowledge[seat] = copy.deepcopy(knowledge)
        if memory is not None:
            self._memory[seat] = copy.deepcopy(memory)
        try:
            return self.decide(view)
        finally:
            _put_back(self._knowledge, seat, knowledge)
            _put_back(self._memory, seat, memory)
            self._last = last

    def choose(self, view: SeatView) -> Card:
        """The card to play from ``view`` (see :meth:`decide`)."""
        return self.decide(view).card

    def explain_last(self) -> Decision | None:
        """The decision behind the last card chosen."""
        return self._last

    def __repr__(self) -> str:
        return f"ClassicalPlayer(school={self.school.name!r}, seed={self.seed}, name={self.name!r})"


_V = TypeVar("_V")


def _put_back(store: dict[Seat, _V], seat: Seat, value: _V | None) -> None:
    """Restore ``store[seat]`` to ``value`` (None: it was not there)."""
    if value is None:
        store.pop(seat, None)
    else:
        store[seat] = value

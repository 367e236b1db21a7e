"""The session of a duplicate challenge's table: the match harness's boards, in order.

Design note
-----------
A :class:`BoardSession` deals board ``i`` (0-based) from
``random.Random(deal_seed(seed, i))`` by ``board_dealer(i)``, as the match harness
(:mod:`cavendish.match.duplicate`) does, and in a worker of the pool seats before
each board the computer players the harness would seat there.  It sits below
:mod:`.config` (whose :func:`~.config.build_session` makes it for a challenge's
config) and :mod:`.challenge` (the challenge itself, its routes and its rooms), so
that neither imports the other's dependants.

>>> from cavendish.core.cards import Seat
>>> from cavendish.core.rules import get_rules
>>> s = BoardSession.seated(get_rules("short"), {seat: None for seat in Seat}, 5, max_hands=2)
>>> s.match_seed = 5
>>> _ = s.start_hand()
>>> s.dealer == board_dealer(0)
True
"""

from __future__ import annotations

import random

from ..core.cards import Seat
from ..core.events import Event
from ..game.session import Session
from ..match.duplicate import PlayerSpec, board_dealer, deal_seed, player_seed

__all__ = ["BoardSession"]


class BoardSession(Session):
    """A session that deals the match harness's boards, one after another: board
    ``i`` from ``deal_seed(seed, i)`` by ``board_dealer(i)``; the dummies stay where
    the harness puts them.  With ``kinds`` (in a worker of the pool) each board's
    computer players are those the harness seats: new, seeded ``player_seed(seed,
    i, seat)``."""

    match_seed: int = 0
    kinds: dict[Seat, str] | None = None

    def start_hand(self) -> list[Event]:
        """Deal the next board as the harness deals it."""
        if self.state is None and not self.is_over:
            i = len(self.hands)
            self.rng = random.Random(deal_seed(self.match_seed, i))
            self.dealer = board_dealer(i)
            self.packs = None  # each board dealt at once from its own seed: no still pack
            for seat, kind in (self.kinds or {}).items():
                self.players[seat] = PlayerSpec.named(kind).build(
                    player_seed(self.match_seed, i, seat), f"{kind} {seat}")
        return super().start_hand()

    def _pass_dummy(self) -> None:
        """Clay's dummy stays put: every board is seated as in the harness."""

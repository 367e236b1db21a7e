"""What a hand produced, and what it scored.

Design note
-----------
A :class:`HandResult` is the scorer's input: tricks and honours by side, the
revokes with the claimants' elections, and (long whist) a call of honours at
eight.  It is built from a finished :class:`~cavendish.core.state.HandState` or
by hand in tests.  A :class:`HandScore` is the scorer's output for one hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..core.cards import Side
from ..core.events import HonoursCalled, settled_claim
from ..core.state import HandState

__all__ = ["PENALTIES", "HandResult", "HandScore", "Penalty", "Revoke", "honours_value"]

Penalty = Literal["tricks", "deduct", "add"]
PENALTIES: tuple[Penalty, ...] = ("add", "tricks", "deduct")
"""Law 72's three penalties: add three to the claimants' score, take three tricks
from the revokers (added to the claimants' own), deduct three from the revokers."""


def honours_value(held: int) -> int:
    """Law 3: four honours score 4, three score 2, two or fewer nothing.

    >>> [honours_value(n) for n in range(5)]
    [0, 0, 0, 2, 4]
    """
    return 4 if held == 4 else 2 if held == 3 else 0


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class Revoke:
    """One revoke (law 71) by ``side``; ``penalty`` is the adversaries' election (law 72),
    or None to let the scorer elect the penalty worth most to them at the score."""

    side: Side
    penalty: Penalty | None = None
    trick: int = 0

    def __post_init__(self) -> None:
        if self.penalty is not None and self.penalty not in PENALTIES:
            raise ValueError(
                f"revoke penalty {self.penalty!r}: expected one of {', '.join(PENALTIES)} (law 72)"
            )
        if not isinstance(self.side, Side):
            raise ValueError(f"revoke side {self.side!r}: expected Side.NS or Side.EW")


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class HandResult:
    """Tricks by side (N-S, E-W), honours held by side, revokes, and a call at eight."""

    tricks: tuple[int, int]
    honours: tuple[int, int] = (0, 0)
    revokes: tuple[Revoke, ...] = ()
    honours_called: Side | None = None
    called_by_players: bool = False
    """Long whist: the call at eight was the players' act, and :attr:`honours_called`
    says who called; a side at eight that did not call counts its honours last, after
    tricks (001: "honors count before tricks, provided they are properly called and
    shown, but not otherwise").  False: the scorer calls for a side entitled to, as
    every side would (the engine's automatic call)."""
    tricks_in_hand: int = 13
    """Thirteen; twelve in the old games of 000 (twelve cards each)."""

    def __post_init__(self) -> None:
        n = self.tricks_in_hand
        if len(self.tricks) != 2 or sum(self.tricks) != n or min(self.tricks) < 0:
            if n not in (12, 13):
                raise ValueError(
                    f"tricks_in_hand {n}: a hand has thirteen tricks (twelve in the old games)"
                )
            word = "thirteen" if n == 13 else "twelve"
            raise ValueError(f"tricks {self.tricks}: a hand has {word} tricks between two sides")
        if len(self.honours) != 2 or min(self.honours) < 0 or sum(self.honours) > 4:
            raise ValueError(f"honours {self.honours}: there are four honours between two sides")
        if self.honours_called is not None and not isinstance(self.honours_called, Side):
            raise ValueError(f"honours_called {self.honours_called!r}: expected a Side or None")

    @classmethod
    def from_state(
        cls, state: HandState, elections: dict[int, Penalty] | None = None
    ) -> HandResult:
        """The result of a finished hand, honours claimed for the side that held them
        (laws 6-7 applied automatically).  ``elections`` maps the index of a revoke in
        ``state.revokes`` (in order of play; a dummy's revokes keep their index but carry
        no penalty, dummy law ii) to the claimants' penalty; the rest are left to the
        scorer (:func:`~cavendish.scoring.club.best_elections`)."""
        events = state.events
        won = [state.tricks_won(0), state.tricks_won(1)]  # N-S, E-W
        if not state.is_over:  # only a claim or a concession ends a hand early
            claim = settled_claim(events)
            if claim is None:
                raise ValueError(
                    f"the hand is not over: trick {state.trick_number + 1} is in play"
                )
            won[claim.seat.side] += claim.tricks  # the tricks claimed or conceded
            won[claim.seat.side.other] += claim.remaining - claim.tricks
        deal = state.deal
        called = None
        for e in events:  # compiled with mypyc (cavendish.compiled): a type test an event
            if isinstance(e, HonoursCalled):
                called = e.side
        revokes = []
        found = state.revokes
        if found:
            choices = elections or {}
            for i, ev in enumerate(found):
                if ev.seat in state.dummies:
                    continue  # dummy is not liable to the revoke penalty (dummy law ii)
                revokes.append(Revoke(ev.seat.side, choices.get(i), ev.trick))
        return cls(
            tricks=(won[0], won[1]),
            honours=(
                (deal.honours(0), deal.honours(1))
                if not deal.stock  # the hands as dealt; after a ruff, as it left them
                else (state.honours(0), state.honours(1))
            ),
            revokes=tuple(revokes),
            honours_called=called,
            tricks_in_hand=state.tricks_in_hand,
        )


@dataclass(frozen=True)  # no slots=True: compiled by mypyc (cavendish.compiled)
class HandScore:
    """What one hand scored, side by side (index 0 N-S, 1 E-W)."""

    tricks: tuple[int, int]
    """Tricks after any revoke penalty of three tricks."""
    honours: tuple[int, int]
    """What each side's honours are worth (4, 2 or 0), scored or not."""
    points: tuple[int, int]
    """What each side actually scored towards the game in this hand."""
    before: tuple[int, int]
    """The game score when the deal began."""
    after: tuple[int, int]
    """The game score after the hand (before a won game is wiped)."""
    game_winner: Side | None = None
    game_value: int = 0
    settlement: tuple[int, int] = (0, 0)
    """Clay: what each side's tricks (net) and slams gain in the settlement."""
    outside_game: bool = False
    """Clay's grand slam: settled at once, not counted towards the game in progress."""
    penalties: tuple[tuple[Side, Penalty], ...] = ()
    """(revoking side, penalty applied) for each revoke."""
    notes: tuple[str, ...] = field(default=())
    """Plain-English reasons, with law numbers."""

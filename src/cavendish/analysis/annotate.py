"""Annotate played hands: the double-dummy cost of every card.

Design note
-----------
For each card played, the position before it is solved (one solver call scores
every legal card there): the card's *cost* is the number of tricks its side loses
against the best card at that point, ``best - tricks[card]`` (0 for a best card).
A card that costs one trick is marked ``?``, two or more ``??``.

Let ``V`` be the double-dummy total of a side (tricks won so far plus what it
can take from here with best play all round).  A card of that side lowers ``V``
by its cost; a card of the other side raises it by its cost; at the end ``V`` is
the tricks the side took.  So, exactly, for a finished hand and either side::

    made = dd_start - lost(side) + lost(other side)

where ``dd_start`` is the side's double-dummy total at the opening lead and
``lost`` sums the costs of a side's cards.  :class:`BoardAnnotation` carries
every term, and the tests check the identity on random hands.

A record with an irregularity (a revoke, a card out of turn) is annotated up to
the first revoke: after it the position is not one of legal play, and the
annotation says where it stopped.

>>> import random
>>> from cavendish.core import HandState, Seat, deal_cards
>>> from cavendish.io import HandRecord
>>> state = HandState(deal_cards(random.Random(7), Seat.S))
>>> for _ in range(40):
...     _ = state.play(state.legal_cards()[-1])
>>> rec = HandRecord.from_state(state, variant="short", board=1)
>>> ann = annotate_record(rec)
>>> len(ann.cards), ann.finished
(40, False)
>>> ann.dd_now[0] == ann.dd_start_ns - ann.lost[0] + ann.lost[1]
True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from typing import Any

from ..core.cards import Card, Seat, Side
from ..core.state import HandState
from ..io.record import HandRecord
from . import dd
from .position import Position

__all__ = [
    "BoardAnnotation",
    "CardNote",
    "annotate_record",
    "annotate_records",
    "mark",
]


def mark(cost: int) -> str:
    """The mark of a card by its cost: ``""``, ``"?"`` (one trick lost), ``"??"`` (two or more).

    >>> [mark(c) for c in (0, 1, 2, 5)]
    ['', '?', '??', '??']
    """
    if cost <= 0:
        return ""
    return "?" if cost == 1 else "??"


@dataclass(frozen=True, slots=True)
class CardNote:
    """One card played, with its double-dummy verdict."""

    index: int
    """0-based position in the record's plays."""
    trick: int
    """1-based."""
    seat: Seat
    card: Card
    best: int
    """Tricks the card's side could take from here (this trick included) with the best card."""
    got: int
    """Tricks the side can take from here after this card (best play after it)."""
    best_cards: tuple[Card, ...]
    """Every card that scores ``best``."""

    @property
    def side(self) -> Side:
        """The side of the player."""
        return self.seat.side

    @property
    def cost(self) -> int:
        """Tricks the card loses against the best card at that point."""
        return self.best - self.got

    @property
    def mark(self) -> str:
        """``""``, ``"?"`` or ``"??"``."""
        return mark(self.cost)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the shape is documented in docs/problems.md)."""
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat.name,
            "side": self.side.name,
            "card": str(self.card),
            "cost": self.cost,
            "mark": self.mark,
            "best": self.best,
            "got": self.got,
            "best_cards": [str(c) for c in self.best_cards],
        }


@dataclass(frozen=True, slots=True)
class BoardAnnotation:
    """One board: the double-dummy value at the start, what was made, and every card."""

    board: int
    dealer: Seat
    trump_card: Card
    cards: tuple[CardNote, ...]
    made: tuple[int, int]
    """Tricks taken by N-S and E-W over the tricks completed (of the cards annotated)."""
    dd_start_ns: int
    """N-S's double-dummy total at the opening lead (E-W's is 13 minus it)."""
    dd_now: tuple[int, int]
    """Each side's double-dummy total after the last card annotated (= made when finished)."""
    finished: bool
    """All 52 cards were played and annotated."""
    stopped: str = ""
    """Why the annotation stopped early (an irregularity), or empty."""

    @property
    def eldest(self) -> Seat:
        """The eldest hand, who led first."""
        return self.dealer.left

    @property
    def dd_start(self) -> int:
        """Tricks the eldest hand's side can take, double dummy, at the start."""
        return self.dd_start_ns if self.eldest.side == Side.NS else 13 - self.dd_start_ns

    @property
    def lost(self) -> tuple[int, int]:
        """The summed costs of N-S's cards and of E-W's cards."""
        out = [0, 0]
        for note in self.cards:
            out[note.side] += note.cost
        return (out[0], out[1])

    def errors(self, side: Side) -> list[CardNote]:
        """The cards of ``side`` that cost a trick or more."""
        return [n for n in self.cards if n.side == side and n.cost > 0]

    @property
    def mistakes(self) -> list[CardNote]:
        """Every card that cost a trick or more double dummy, in order of play (each
        note's ``best_cards`` are the better cards)."""
        return [n for n in self.cards if n.cost > 0]

    def lost_by_seat(self) -> dict[Seat, int]:
        """The tricks each seat's cards lost against double dummy in this hand (a
        dummy's cards are its own seat's: its partner chose them).

        >>> import random
        >>> from cavendish.core import HandState, deal_cards
        >>> from cavendish.io import HandRecord
        >>> state = HandState(deal_cards(random.Random(7), Seat.S))
        >>> while not state.is_over:
        ...     _ = state.play(state.legal_cards()[-1])
        >>> ann = annotate_record(HandRecord.from_state(state, variant="short", board=1))
        >>> by = ann.lost_by_seat()
        >>> by[Seat.N] + by[Seat.S] == ann.lost[0], by[Seat.E] + by[Seat.W] == ann.lost[1]
        (True, True)
        """
        out = dict.fromkeys(Seat, 0)
        for note in self.cards:
            out[note.seat] += note.cost
        return out

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the shape is documented in docs/problems.md)."""
        eldest = self.eldest
        return {
            "board": self.board,
            "dealer": self.dealer.name,
            "trump": self.trump_card.suit.name,
            "trump_card": str(self.trump_card),
            "eldest": eldest.name,
            "dd_start": {"side": eldest.side.name, "tricks": self.dd_start},
            "dd_start_ns": self.dd_start_ns,
            "made": {"NS": self.made[0], "EW": self.made[1]},
            "lost": {"NS": self.lost[0], "EW": self.lost[1]},
            "dd_now": {"NS": self.dd_now[0], "EW": self.dd_now[1]},
            "finished": self.finished,
            "stopped": self.stopped or None,
            "cards": [n.to_json() for n in self.cards],
        }


def annotate_record(record: HandRecord) -> BoardAnnotation:
    """Annotate one board (its legality is checked by :meth:`HandRecord.replay` first).

    The positions before each card (and the last one, if the hand is unfinished)
    go to the solver in one batch (:func:`cavendish.analysis.dd.solve_many`).
    """
    record.replay()  # raises RecordError for a record that does not replay
    deal = record.deal
    state = HandState(deal)  # enforced: a revoke stops the annotation
    positions: list[Position] = []
    seats: list[tuple[int, Seat, Card]] = []
    stopped = ""
    for i, card in enumerate(record.plays):
        if not state.can_play(card):
            why = state.why_illegal(card) or "illegal"
            stopped = (
                f"card {i + 1} ({card} by {state.turn}, trick {state.trick_number + 1}) "
                f"is irregular ({why}): the annotation stops before it"
            )
            break
        positions.append(Position.from_state(state))
        seats.append((state.trick_number + 1, state.turn, card))
        state.play(card)
    made = (state.tricks_won(Side.NS), state.tricks_won(Side.EW))
    start = Position.from_state(HandState(deal))
    todo = [*positions] if positions else [start]
    if not state.is_over:
        todo.append(Position.from_state(state))
    results = dd.solve_many(todo)
    first = results[0]
    dd_ns = first.best if start.to_play.side == Side.NS else 13 - first.best
    notes: list[CardNote] = []
    for i, ((trick, seat, card), result) in enumerate(zip(seats, results, strict=False)):
        best = result.best
        notes.append(
            CardNote(
                index=i,
                trick=trick,
                seat=seat,
                card=card,
                best=best,
                got=result.tricks[card],
                best_cards=result.best_cards,
            )
        )
    if state.is_over:
        ns_now = made[0]
    else:
        last = results[-1]
        here = Position.from_state(state)
        ns_rest = last.best if here.to_play.side == Side.NS else here.tricks_left - last.best
        ns_now = made[0] + ns_rest
    return BoardAnnotation(
        board=record.board,
        dealer=deal.dealer,
        trump_card=deal.trump_card,
        cards=tuple(notes),
        made=made,
        dd_start_ns=dd_ns,
        dd_now=(ns_now, 13 - ns_now),
        finished=state.is_over and not stopped,
        stopped=stopped,
    )


def annotate_records(
    records: Sequence[HandRecord],
    *,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[BoardAnnotation]:
    """Annotate many boards, in a process pool of ``workers`` (default: all cores).

    ``progress(k)`` is called after each board with the number done so far.  With
    one worker, or one board, the work stays in this process.
    """
    n = len(records)
    k = (os.cpu_count() or 1) if workers is None else workers
    if k < 1:
        raise ValueError(f"workers must be at least 1, not {k}")
    out: list[BoardAnnotation] = []
    if k == 1 or n <= 1:
        for rec in records:
            out.append(annotate_record(rec))
            if progress is not None:
                progress(len(out))
        return out
    with ProcessPoolExecutor(max_workers=min(k, n), mp_context=get_context("spawn")) as pool:
        for ann in pool.map(annotate_record, records):
            out.append(ann)
            if progress is not None:
                progress(len(out))
    return out

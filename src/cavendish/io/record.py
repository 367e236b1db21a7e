"""Hand records: one board's deal, its play and its event log, ready to be written down.

Design note
-----------
A :class:`HandRecord` is the frozen, serialisable account of one hand: the deal
(with the dealer and the card turned up), the variant it was played under, every
card played in order of play (fewer than 52 for a hand not finished), the names at
the table and the full event log of :mod:`cavendish.core.events`, irregularities
included (a card led out of turn, a card exposed, a revoke flagged on its
``CardPlayed``, a call of honours at eight).  PBN and the JSON log
(:mod:`cavendish.io.pbn`, :mod:`cavendish.io.jsonlog`) read and write it.

A record is checked when it is made only for what can be told without playing:
a known variant, a positive board number, at most 52 cards, a date in PBN style
and, when the log is given, the same cards in the log as in ``plays``.  Whether the
play was legal is found by :meth:`HandRecord.replay`, which rebuilds the
:class:`~cavendish.core.state.HandState` card by card and raises
:class:`RecordError` naming the board, the trick and the reason.

>>> import random
>>> from cavendish.core.table import deal_cards
>>> state = HandState(deal_cards(random.Random(4), Seat.S))
>>> for _ in range(6):
...     _ = state.play(state.legal_cards()[0])
>>> rec = HandRecord.from_state(state, variant="short", board=3)
>>> len(rec.plays), rec.replay() == state
(6, True)
>>> [str(c) for c in rec.plays]
['S3', 'S6', 'S2', 'S4', 'SA', 'S7']
>>> again = HandRecord(rec.deal, plays=rec.plays[:4] + rec.plays[:1], board=3)
>>> again.replay()
Traceback (most recent call last):
...
cavendish.io.record.RecordError: board 3, trick 2: illegal card 'S3' for N: not in hand
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..core.cards import Card, CardParseError, Seat
from ..core.deal import Deal
from ..core.errors import WhistError
from ..core.events import (
    CardExposed,
    CardPlayed,
    Event,
    HonoursCalled,
    PlayOutOfTurn,
    TrickQuitted,
)
from ..core.rules import Rules, UnknownVariant, get_rules
from ..core.state import HandState, trick_winner
from ..scoring.result import HandResult, Penalty

__all__ = ["UNKNOWN_DATE", "HandRecord", "RecordError", "log_from_plays", "split_tricks"]

_DATE = re.compile(r"\A[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}\Z")
UNKNOWN_DATE = "????.??.??"
"""The PBN date with no digit known; a record keeps it as ``""``."""


class RecordError(ValueError):
    """A hand record is inconsistent, or its play cannot be replayed.

    The message names the board and, for a replay, the trick (counted from 1).
    """


def split_tricks(deal: Deal, plays: Sequence[Card]) -> list[tuple[Seat, tuple[Card, ...]]]:
    """The tricks of a play as (leader, cards in order of play); the last may be short.

    Each trick's leader is the winner of the one before (the eldest hand leads the
    first).  Legality is not judged: this is arithmetic on the cards as given.

    >>> d = Deal.from_pbn("S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
    ...                   "...AKQJT98765432", trump_card="S2")
    >>> split_tricks(d, [Card.parse(c) for c in ("HA", "D2", "C2", "S2", "SA")])
    [(<Seat.W: 3>, (Card('HA'), Card('D2'), Card('C2'), Card('S2'))), (<Seat.S: 2>, (Card('SA'),))]
    """
    out: list[tuple[Seat, tuple[Card, ...]]] = []
    leader = deal.eldest
    for start in range(0, len(plays), 4):
        cards = tuple(plays[start : start + 4])
        out.append((leader, cards))
        if len(cards) == 4:
            leader = trick_winner(cards, leader, deal.trump)
    return out


def log_from_plays(
    deal: Deal,
    plays: Sequence[Card],
    *,
    revokes: Iterable[int] = (),
    extras: Iterable[tuple[int, Event]] = (),
) -> tuple[Event, ...]:
    """The event log of a play, built without judging its legality.

    Each card becomes a ``CardPlayed`` for the seat whose turn it is (flagged as a
    revoke when its index in ``plays`` is in ``revokes``), each fourth card a
    ``TrickQuitted`` to the trick's winner.  Each ``(position, event)`` of
    ``extras`` (out of turn, exposed, honours called) goes after the first
    ``position`` cards played, in the order given; its ``trick``, ``turn`` and
    ``lead`` fields are set from that position.

    >>> d = Deal.from_pbn("S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. "
    ...                   "...AKQJT98765432", trump_card="S2")
    >>> ooo = PlayOutOfTurn(Seat.N, Card.parse("D2"), 0, Seat.W, True)
    >>> [str(e) for e in log_from_plays(d, [Card.parse("HA")], extras=[(0, ooo)])]
    ['N leads D2 out of turn (W to play)', 'W plays HA']
    """
    revoked = frozenset(revokes)
    pending = sorted(extras, key=lambda item: item[0])
    log: list[Event] = []
    leader = deal.eldest
    trick: list[Card] = []
    number = 0
    j = 0
    for position in range(len(plays) + 1):
        turn = leader.offset(len(trick))
        while j < len(pending) and pending[j][0] == position:
            event = pending[j][1]
            if isinstance(event, PlayOutOfTurn):
                event = event._replace(trick=number, turn=turn, lead=not trick)
            elif isinstance(event, CardExposed):
                event = event._replace(trick=number)
            log.append(event)
            j += 1
        if position == len(plays):
            break
        card = plays[position]
        log.append(CardPlayed(turn, card, number, position in revoked))
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, deal.trump)
            log.append(TrickQuitted(number, leader))
            number += 1
            trick = []
    if j < len(pending):
        raise RecordError(
            f"an event after card {pending[j][0]}, but only {len(plays)} cards were played"
        )
    return tuple(log)


def _is_irregular(event: Event) -> bool:
    if isinstance(event, CardPlayed):
        return event.revoke
    return isinstance(event, PlayOutOfTurn | CardExposed)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board: the deal, the variant, the cards played in order, the names and the log."""

    deal: Deal
    variant: str = "short"
    """A name from the rules registry (:func:`cavendish.core.rules.get_rules`)."""
    plays: tuple[Card, ...] = ()
    """Every card played to a trick, in order of play (shorter than 52 if unfinished)."""
    board: int = 1
    players: tuple[str, str, str, str] = ("", "", "", "")
    """Names by seat, N E S W."""
    dummies: tuple[Seat, ...] = ()
    events: tuple[Event, ...] = ()
    """The full event log, irregularities included; may be empty (then ``plays`` is all)."""
    event: str = ""
    site: str = ""
    date: str = ""
    """PBN style ``YYYY.MM.DD`` (``?`` for an unknown digit), or empty."""

    def __post_init__(self) -> None:
        where = f"board {self.board}"
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise RecordError(f"board {self.board!r}: a board number is a positive integer")
        try:
            get_rules(self.variant)
        except UnknownVariant as exc:
            raise RecordError(f"{where}: {exc}") from None
        try:
            plays = tuple(c if isinstance(c, Card) else _as_card(c) for c in self.plays)
            dummies = tuple(Seat.parse(s) if isinstance(s, str) else Seat(s) for s in self.dummies)
        except (CardParseError, ValueError) as exc:
            raise RecordError(f"{where}: {exc}") from None
        if len(plays) > 52:
            raise RecordError(f"{where}: {len(plays)} cards played, but a hand has 52")
        if len(set(dummies)) != len(dummies):
            raise RecordError(f"{where}: a dummy is named twice in {[str(d) for d in dummies]}")
        players = tuple(self.players)
        if len(players) != 4 or not all(isinstance(p, str) for p in players):
            raise RecordError(f"{where}: players are four names, N E S W, not {self.players!r}")
        date = "" if self.date == UNKNOWN_DATE else self.date
        if date and not _DATE.match(date):
            raise RecordError(f"{where}: date {self.date!r}: expected PBN style YYYY.MM.DD")
        events = tuple(self.events)
        if events:
            played = [e.card for e in events if isinstance(e, CardPlayed)]
            if played != list(plays):
                k = next(
                    (i for i, (a, b) in enumerate(zip(played, plays, strict=False)) if a != b),
                    min(len(played), len(plays)),
                )
                raise RecordError(
                    f"{where}: the plays and the event log disagree at card {k + 1}: "
                    f"{len(plays)} cards played, {len(played)} in the log"
                    + (
                        f" ({plays[k]} against {played[k]})"
                        if k < min(len(played), len(plays))
                        else ""
                    )
                )
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "dummies", dummies)
        object.__setattr__(self, "players", (players[0], players[1], players[2], players[3]))
        object.__setattr__(self, "events", events)
        object.__setattr__(self, "date", date)

    # ------------------------------------------------------------- building
    @classmethod
    def from_state(
        cls,
        state: HandState,
        *,
        variant: str,
        board: int,
        players: Sequence[str] = ("", "", "", ""),
        event: str = "",
        site: str = "",
        date: str = "",
    ) -> HandRecord:
        """The record of a hand in play or played out: its deal, cards, dummies and log."""
        log = state.events
        return cls(
            deal=state.deal,
            variant=variant,
            plays=tuple(e.card for e in log if isinstance(e, CardPlayed)),
            board=board,
            players=_four_names(players, board),
            dummies=state.dummies,
            events=log,
            event=event,
            site=site,
            date=date,
        )

    # ------------------------------------------------------------- queries
    @property
    def is_finished(self) -> bool:
        """All 52 cards have been played."""
        return len(self.plays) == 52

    @property
    def irregular(self) -> bool:
        """The log holds a revoke, a card out of turn or an exposed card (laws mode)."""
        return any(_is_irregular(e) for e in self.events)

    @property
    def revokes(self) -> tuple[int, ...]:
        """Indexes in :attr:`plays` of the cards flagged as revokes in the log."""
        out: list[int] = []
        n = 0
        for e in self.events:
            if isinstance(e, CardPlayed):
                if e.revoke:
                    out.append(n)
                n += 1
        return tuple(out)

    @property
    def extras(self) -> tuple[tuple[int, Event], ...]:
        """The events that are neither a card played nor a trick quitted, each with the
        number of cards played before it (its position in :attr:`plays`)."""
        out: list[tuple[int, Event]] = []
        n = 0
        for e in self.events:
            if isinstance(e, CardPlayed):
                n += 1
            elif not isinstance(e, TrickQuitted):
                out.append((n, e))
        return tuple(out)

    def tricks_won(self) -> tuple[int, int]:
        """Tricks completed in :attr:`plays` won by N-S and by E-W (no legality judged)."""
        won = [0, 0]
        tricks = split_tricks(self.deal, self.plays)
        for k, (leader, cards) in enumerate(tricks):
            if len(cards) == 4:
                winner = (
                    tricks[k + 1][0]
                    if k + 1 < len(tricks)
                    else trick_winner(cards, leader, self.deal.trump)
                )
                won[winner & 1] += 1
        return (won[0], won[1])

    # ------------------------------------------------------------- replay
    def default_rules(self) -> Rules:
        """``get_rules(variant)``, in "laws" mode if the log holds an irregularity."""
        rules = get_rules(self.variant)
        return rules.replace(mode="laws") if self.irregular else rules

    def replay(self, rules: Rules | None = None) -> HandState:
        """Rebuild the hand by playing it again: the events if there is a log, else the cards.

        Raises :class:`RecordError` naming the board, the trick and the reason when a
        card is refused or the log does not match what the replay produces.
        """
        state = HandState(
            self.deal, rules if rules is not None else self.default_rules(), dummies=self.dummies
        )
        if self.events:
            self._replay_events(state)
        else:
            for card in self.plays:
                try:
                    state.play(card)
                except WhistError as exc:
                    raise self._error(state, str(exc)) from None
        return state

    def result(self, elections: dict[int, Penalty] | None = None) -> HandResult:
        """The scorer's input for this hand (the replay must be a finished hand)."""
        state = self.replay()
        if not state.is_over:
            raise RecordError(
                f"board {self.board}: the hand is not over: {len(self.plays)} cards played"
            )
        return HandResult.from_state(state, elections)

    def _error(self, state: HandState, reason: str, trick: int | None = None) -> RecordError:
        number = min(state.trick_number, 12) + 1 if trick is None else trick + 1
        return RecordError(f"board {self.board}, trick {number}: {reason}")

    def _replay_events(self, state: HandState) -> None:
        log = self.events
        for i, event in enumerate(log):
            if isinstance(event, TrickQuitted):
                got = state.events[i] if i < len(state.events) else None
                if got != event:
                    what = f"the replay gives {got}" if got is not None else "no trick is complete"
                    raise self._error(state, f"the record has {event}, but {what}", event.trick)
                continue
            if len(state.events) > i:
                raise self._error(
                    state, f"the record has {event}, but the replay gives {state.events[i]}"
                )
            try:
                if isinstance(event, CardPlayed):
                    if not state.is_over and event.seat != state.turn:
                        raise self._error(
                            state,
                            f"the record has {event.seat} play {event.card}, "
                            f"but {state.turn} is to play",
                        )
                    got_event = state.play(event.card)
                elif isinstance(event, PlayOutOfTurn):
                    got_event = state.play(event.card, event.seat)
                elif isinstance(event, CardExposed):
                    got_event = state.expose(event.card, event.seat, event.reason)
                elif isinstance(event, HonoursCalled):
                    got_event = state.call_honours(event.seat, event.honours)
                else:
                    raise self._error(state, f"not an event: {event!r}")
            except WhistError as exc:
                raise self._error(state, str(exc)) from None
            if got_event != event:
                trick = got_event.trick if isinstance(got_event, CardPlayed) else None
                raise self._error(
                    state, f"the record has {event}, but the replay gives {got_event}", trick
                )
        if len(state.events) != len(log):
            extra = state.events[len(log)]
            trick = extra.trick if isinstance(extra, CardPlayed | TrickQuitted) else None
            raise self._error(state, f"the record ends before {extra}", trick)


def _four_names(players: Sequence[str], board: int) -> tuple[str, str, str, str]:
    names = tuple(players)
    if len(names) != 4:
        raise RecordError(f"board {board}: players are four names, N E S W, not {players!r}")
    return (names[0], names[1], names[2], names[3])


def _as_card(value: object) -> Card:
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, int):
        return Card(value)
    raise CardParseError(f"not a card: {value!r}")

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

A hand played under the laws arbiter (:mod:`cavendish.laws`) has more in its log:
every ruling and election, cards taken back from a trick, calls, a change of
leader, cards not played to a trick or played to the wrong one
(:data:`~cavendish.core.events.LAWS_EVENTS`).  Its ``plays`` are the *standing*
plays (:func:`~cavendish.core.state.standing_plays`: the cards played to tricks
and not taken back), and its tricks, which may be imperfect (laws 46, 69, 70), are
those of its replay (:meth:`HandRecord.tricks`), not four cards at a time.

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
from typing import Any, get_args

from ..core.cards import Card, CardParseError, Seat
from ..core.deal import Deal
from ..core.errors import DealError, RecordFileError, WhistError
from ..core.events import (
    LAWS_EVENTS,
    Called,
    CardExposed,
    CardPlayed,
    CardWithdrawn,
    Elected,
    Event,
    HonoursCalled,
    PlayOmitted,
    PlayOutOfTurn,
    Ruling,
    TrickQuitted,
    event_from_dict,
    settled_claim,
)
from ..core.old_games import check_deal
from ..core.rules import Rules, UnknownVariant, get_rules
from ..core.state import HandState, Trick, standing_plays, trick_winner
from ..scoring.result import PENALTIES, HandResult, Penalty, Revoke

__all__ = [
    "PACKS",
    "UNKNOWN_DATE",
    "HandRecord",
    "RecordError",
    "event_from_json",
    "has_laws_events",
    "laws_result",
    "log_from_plays",
    "split_tricks",
]

_EVENT_TYPES: tuple[type[Any], ...] = get_args(Event)
_DATE = re.compile(r"\A[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}\Z")
UNKNOWN_DATE = "????.??.??"
PACKS = ("", "N-S", "E-W")
"""What a record's ``pack`` may say: not told, or the side whose pack was dealt."""
"""The PBN date with no digit known; a record keeps it as ``""``."""


class RecordError(RecordFileError):
    """A hand record is inconsistent, or its play cannot be replayed.

    The message names the board and, for a replay, the trick (counted from 1).
    """


_FIELD_TYPES: dict[str, type] = {
    "trick": int,
    "revoke": bool,
    "lead": bool,
    "honours": int,
    "reason": str,
    "law": int,
    "exposed": bool,
    "taken": tuple,
    "put_out": tuple,
    "call": str,
    "target": str,
    "what": str,
    "option": str,
    "options": tuple,
}
"""The type of each event field a record file gives as a JSON number, word or list."""
_FIELD_RANGES: dict[str, tuple[range, ...]] = {
    "trick": (range(14),),
    "honours": (range(5),),
    "law": (range(1, 92), range(100, 105)),
}
"""The numbers a field may hold: a trick counted from 0 (13 once the hand is over;
a call's -1 is "the first trick where it can be obeyed"), the honours held, a law
(the club code's 1-91, and 100-104, the numbers :mod:`cavendish.laws.names` gives
the cases and the laws of dummy)."""


def json_kind(value: object) -> str:
    """How a JSON value is named in an error: ``null``, ``int``, ``dict``...

    >>> json_kind(None), json_kind({})
    ('null', 'dict')
    """
    return "null" if value is None else type(value).__name__


def event_from_json(raw: object) -> Event:
    """An event read from the JSON object of a record file (the JSON log's ``events``,
    a PBN ``Irregularities`` row's ``Detail``), every field of the type and in the
    range the engine writes; :class:`ValueError` naming the field otherwise.

    >>> event_from_json({"kind": "ruling", "law": 76, "seat": "E", "what": "x",
    ...                  "options": ["card"], "trick": 1})
    Ruling(law=76, seat=<Seat.E: 1>, what='x', options=('card',), trick=1, kind='ruling')
    >>> event_from_json({"kind": "ruling", "law": {}, "seat": "E", "what": "x",
    ...                  "options": ["card"], "trick": 1})
    Traceback (most recent call last):
    ...
    ValueError: 'law' must be int, not {}
    """
    if not isinstance(raw, dict):
        raise ValueError(f"expected an object, not {json_kind(raw)}")
    try:
        event = event_from_dict(raw)
    except (ValueError, TypeError) as exc:
        raise ValueError(str(exc)) from None
    for name, value in zip(event._fields, event, strict=True):
        wanted = _FIELD_TYPES.get(name)
        if wanted is not None and (
            not isinstance(value, wanted) or (wanted is int and isinstance(value, bool))
        ):
            what = "a list" if wanted is tuple else wanted.__name__
            raise ValueError(f"{name!r} must be {what}, not {value!r}")
        if isinstance(value, tuple) and not all(isinstance(v, str) for v in value):
            raise ValueError(f"{name!r} must be a list of strings, not {list(value)!r}")
        ranges = _FIELD_RANGES.get(name, ())
        if name == "trick" and isinstance(event, Called):
            ranges = (range(-1, 14),)
        if ranges and not any(value in r for r in ranges):
            bounds = " or ".join(f"{r.start} to {r.stop - 1}" for r in ranges)
            raise ValueError(f"{name!r} must be {bounds}, not {value!r}")
    return event


def split_tricks(deal: Deal, plays: Sequence[Card]) -> list[tuple[Seat, tuple[Card, ...]]]:
    """The tricks of a play as (leader, cards in order of play); the last may be short.

    Each trick's leader is the winner of the one before (the eldest hand leads the
    first).  Legality is not judged: this is arithmetic on the cards as given, four
    cards a trick; a hand played under the laws, whose tricks may be imperfect or
    change leader, has its tricks from its replay (:meth:`HandRecord.tricks`).

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
    ``lead`` fields are set from that position.  This is four cards a trick: the log
    of a hand played under the laws arbiter is its own record (see the module).

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
    return isinstance(event, (PlayOutOfTurn, CardExposed, *LAWS_EVENTS))


def has_laws_events(events: Iterable[Event]) -> bool:
    """Whether a log holds an event of the laws arbiter (:data:`LAWS_EVENTS`): then its
    plays are the standing plays and its tricks are read from its replay.

    >>> has_laws_events([Ruling(62, Seat.N, "N leads out of turn", ("card",), 0)])
    True
    """
    return any(isinstance(e, LAWS_EVENTS) for e in events)


def _standing_flags(events: Sequence[Event]) -> list[bool]:
    """For each event of the log: is it a standing play (a card played, not taken back)?"""
    if not has_laws_events(events):
        return [isinstance(e, CardPlayed) for e in events]
    # as standing_plays: a card withdrawn takes back the last play (or no-play) standing
    stack: list[int] = []
    gone: set[int] = set()
    for i, e in enumerate(events):
        if isinstance(e, CardPlayed | PlayOmitted):
            stack.append(i)
        elif isinstance(e, CardWithdrawn) and stack:
            gone.add(stack.pop())
    return [isinstance(e, CardPlayed) and i not in gone for i, e in enumerate(events)]


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
    pack: str = ""
    """Where two packs are used, as clubs play (000), the side whose pack was dealt:
    ``N-S`` or ``E-W`` (laws 30-31, :mod:`cavendish.laws.packs`); empty: not told."""

    def __post_init__(self) -> None:
        where = f"board {self.board}"
        if self.pack not in PACKS:
            raise RecordError(f"{where}: pack {self.pack!r}: expected N-S or E-W (the side "
                              "whose pack was dealt), or nothing")
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise RecordError(f"board {self.board!r}: a board number is a positive integer")
        try:
            check_deal(get_rules(self.variant), self.deal)
        except (UnknownVariant, DealError) as exc:
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
            played = [e.card for e in standing_plays(events)]
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
        pack: str = "",
    ) -> HandRecord:
        """The record of a hand in play or played out: its deal, cards (the standing
        plays), dummies and log (and the pack dealt, where it is told)."""
        log = state.events
        return cls(
            deal=state.deal,
            variant=variant,
            plays=tuple(e.card for e in standing_plays(log)),
            board=board,
            players=_four_names(players, board),
            dummies=state.dummies,
            events=log,
            event=event,
            site=site,
            date=date,
            pack=pack,
        )

    # ------------------------------------------------------------- queries
    @property
    def is_finished(self) -> bool:
        """All the cards have been played (52, or 48 in the old games), or the hand ended
        by a claim or concession accepted (:func:`~cavendish.core.events.settled_claim`)."""
        full = 4 * self.deal.hand_size
        return len(self.plays) == full or settled_claim(self.events) is not None

    @property
    def irregular(self) -> bool:
        """The log holds a revoke, a card out of turn, an exposed card or an event of the
        laws arbiter (laws mode)."""
        return any(_is_irregular(e) for e in self.events)

    @property
    def laws(self) -> bool:
        """The log holds an event of the laws arbiter (a ruling, an election, a card
        taken back ...): the hand's tricks are those of its replay."""
        return has_laws_events(self.events)

    @property
    def revokes(self) -> tuple[int, ...]:
        """Indexes in :attr:`plays` of the standing cards flagged as revokes in the log."""
        out: list[int] = []
        n = 0
        for e, standing in zip(self.events, _standing_flags(self.events), strict=True):
            if standing:
                assert isinstance(e, CardPlayed)
                if e.revoke:
                    out.append(n)
                n += 1
        return tuple(out)

    @property
    def extras(self) -> tuple[tuple[int, Event], ...]:
        """The events that are neither a standing play nor a trick quitted (a card played
        and later taken back is one), each with the number of standing plays before it
        (its position in :attr:`plays`)."""
        out: list[tuple[int, Event]] = []
        n = 0
        for e, standing in zip(self.events, _standing_flags(self.events), strict=True):
            if standing:
                n += 1
            elif not isinstance(e, TrickQuitted):
                out.append((n, e))
        return tuple(out)

    def tricks(self) -> list[Trick]:
        """The tricks turned and quitted, from the replay (imperfect tricks included).

        >>> import random
        >>> from cavendish.core.table import deal_cards
        >>> state = HandState(deal_cards(random.Random(4), Seat.S))
        >>> for _ in range(9):
        ...     _ = state.play(state.legal_cards()[0])
        >>> rec = HandRecord.from_state(state, variant="short", board=1)
        >>> [str(t.winner) for t in rec.tricks()]
        ['N', 'N']
        """
        return self.replay().tricks

    def tricks_won(self) -> tuple[int, int]:
        """Tricks completed in :attr:`plays` won by N-S and by E-W (no legality judged;
        a hand under the laws is counted on its replay)."""
        if self.laws:
            state = self.replay()
            return (state.tricks_won(0), state.tricks_won(1))
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
        """The scorer's input for this hand (the replay must be a finished hand).

        For a hand played under the laws arbiter the log is the judge: the revokes are
        those claimed, with the penalties elected (laws 72, 59), a dummy's are not
        penalised, and a hand abandoned by all four (law 59) gives the tricks not
        played as the first to throw down said (:func:`laws_result`); ``elections``
        is then not used.
        """
        state = self.replay()
        if self.laws:
            try:
                return laws_result(state)
            except ValueError as exc:
                raise RecordError(f"board {self.board}: {exc}") from None
        if not state.is_over and settled_claim(state.events) is None:
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
                elif isinstance(event, _EVENT_TYPES):
                    got_event = state.apply(event)
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


_ABANDONED = re.compile(r"take (\d+) of the (\d+) tricks left")
_REVOKE_TRICK = re.compile(r"revoke in trick (\d+)")


def laws_result(state: HandState) -> HandResult:
    """The scorer's input for a hand played under the laws arbiter, read from its log.

    The tricks are those turned and quitted; a hand abandoned by all four (law 59)
    adds the tricks not played as its ruling gave them.  Each penalty ruling for a
    revoke (laws 72, 59; one per revoke claimed, dummy's excepted, dummy law ii) is
    answered by the claimants' election, in order.  Raises ``ValueError`` for a hand
    not over, void (a new deal, law 69), or whose penalties are not all elected.

    >>> import random
    >>> from cavendish.core.table import deal_cards
    >>> from cavendish.core.rules import get_rules
    >>> s = HandState(deal_cards(random.Random(5), Seat.S), get_rules("short", mode="laws"))
    >>> while not s.is_over:
    ...     _ = s.play(s.legal_cards()[0])
    >>> laws_result(s) == HandResult.from_state(s)
    True
    """
    events = state.events
    won = [state.tricks_won(0), state.tricks_won(1)]
    penalties: dict[int, list[tuple[Ruling, Seat]]] = {}
    elected: dict[int, list[Elected]] = {}
    for e in events:
        if isinstance(e, Elected):
            if e.law == 69 and e.option == "new-deal":
                raise ValueError("the hand is void: the adversaries claimed a new deal (law 69)")
            elected.setdefault(e.law, []).append(e)
        elif isinstance(e, Ruling) and e.law in (59, 72) and e.options:
            penalties.setdefault(e.law, []).append((e, e.seat))
        elif isinstance(e, Ruling) and e.law == 59:
            m = _ABANDONED.search(e.what)
            if m is not None:
                claim, rest = int(m.group(1)), int(m.group(2))
                won[e.seat.side] += claim
                won[e.seat.side.other] += rest - claim
    if sum(won) != 13:
        raise ValueError(f"the hand is not over: {sum(won)} tricks turned and quitted")
    revokes: list[Revoke] = []
    for law in (72, 59):
        rulings = penalties.get(law, [])
        answers = elected.get(law, [])
        if len(answers) < len(rulings):
            raise ValueError(
                f"{len(rulings)} revoke penalties ruled under law {law}, but {len(answers)} elected"
            )
        for (ruling, seat), answer in zip(rulings, answers, strict=False):
            if answer.option not in PENALTIES:
                raise ValueError(f"{answer}: not a revoke penalty of law {law}")
            m = _REVOKE_TRICK.search(ruling.what)
            trick = int(m.group(1)) - 1 if m is not None else 0
            revokes.append(Revoke(seat.side, answer.option, trick))
    deal = state.deal
    return HandResult(
        (won[0], won[1]),
        (deal.honours(0), deal.honours(1)),
        tuple(revokes),
        next((e.side for e in events if isinstance(e, HonoursCalled)), None),
    )


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

"""The arbiter's books: the decisions awaited, the liabilities, the revokes.

Design note
-----------
The :class:`~cavendish.laws.arbiter.Arbiter` keeps, beside the hand, three books
that several laws write in; each is an object here with the methods that own it,
so that a mixin (one concept of the laws) asks the book rather than reaching into
shared attributes:

* :class:`DecisionBook`: every decision offered, those awaited in order (law 87:
  play waits for them), the handler that applies each election, the elections
  made, the ruling each decision came from, and the player a side agreed should
  elect for it (law 84);
* :class:`Liabilities`: exposed cards liable to be called and the law that made
  them so (law 56 and the laws that send to it), sides liable to have a suit called
  at their next lead (laws 60, 62, 63), players liable to have their highest or
  lowest trump called (laws 53, 55), and the calls already offered (an offer is
  made once);
* :class:`RevokeLedger`: the revoke cases (laws 71-79), the claims made and those
  examined, and whether the tricks were searched at the end of the hand.

>>> from cavendish.core.cards import Card, Seat, Side
>>> book = Liabilities(dummies=(Seat.N,))
>>> book.make_liable(Seat.E, Card.parse("SA"), 56)
>>> book.make_liable(Seat.N, Card.parse("SK"), 56)   # dummy's cards lie face up by right
>>> {str(c): law for c, law in book.of(Seat.E).items()}, book.of(Seat.N), book.sides()
({'SA': 56}, {}, {<Side.EW: 1>})
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from ..core.cards import Card, Seat, Side
from .decisions import Decision

__all__ = [
    "Claim",
    "DecisionBook",
    "Handler",
    "Liabilities",
    "RevokeCase",
    "RevokeLedger",
    "RevokeStatus",
    "TrumpLiability",
]

Handler = Callable[[str, Seat], object]
"""Applies an election: the option taken and who took it."""

Claim = tuple[Side, Seat | None, int | None]
"""A claim of a revoke: the claimants, the accused (or anyone) and the trick (from 1)."""


# ------------------------------------------------------------------ decisions
class DecisionBook:
    """The decisions of a hand (see the module).

    >>> from cavendish.core.cards import Seat, Side
    >>> book = DecisionBook()
    >>> d = Decision(book.next_number, 62, Side.NS, Seat.N, Seat.E, "a lead out of turn",
    ...              ("card", "pass"), "lead-out-of-turn")
    >>> book.offer(d, lambda option, who: print(f"{who} takes {option}"), ruling=3)
    >>> book.pending() is d, book.ruling_index(d), book.awaiting
    (True, 3, True)
    >>> _ = book.take("pass", Seat.S)(
    ...     "pass", Seat.S)
    S takes pass
    >>> book.pending(), book.elections
    (None, {0: ('pass', <Seat.S: 2>)})
    """

    def __init__(self) -> None:
        self.made: list[Decision] = []
        """Every decision offered in the hand, in order (its ``number`` is its index)."""
        self.elections: dict[int, tuple[str, Seat]] = {}
        """The option taken for each decision decided, and by whom."""
        self._queue: list[Decision] = []
        self._handlers: dict[int, Handler] = {}
        self._ruling_of: dict[int, int] = {}
        self._designated: dict[Side, Seat] = {}

    @property
    def next_number(self) -> int:
        """The number the next decision offered takes."""
        return len(self.made)

    @property
    def awaiting(self) -> bool:
        """Whether a decision is awaited (law 87: nothing else may be done)."""
        return bool(self._queue)

    def pending(self) -> Decision | None:
        """The decision awaited now, or None."""
        return self._queue[0] if self._queue else None

    def offer(self, decision: Decision, handler: Handler, *, ruling: int | None = None) -> None:
        """Await ``decision``, after those already awaited; ``handler`` applies it;
        ``ruling`` is the index in the log of the ruling it came from."""
        self.made.append(decision)
        self._queue.append(decision)
        self._handlers[decision.number] = handler
        if ruling is not None:
            self._ruling_of[decision.number] = ruling

    def take(self, option: str, who: Seat) -> Handler:
        """The decision awaited is decided: ``option``, by ``who``; its handler, to apply."""
        decision = self._queue.pop(0)
        self.elections[decision.number] = (option, who)
        return self._handlers.pop(decision.number)

    def clear(self) -> None:
        """Nothing is awaited any more (the hand is void, law 69)."""
        self._queue.clear()
        self._handlers.clear()

    def ruling_index(self, decision: Decision) -> int | None:
        """The index in the log of the ruling ``decision`` came from."""
        return self._ruling_of.get(decision.number)

    def designate(self, side: Side, seat: Seat) -> None:
        """``side`` agree that ``seat`` makes their elections (law 84)."""
        self._designated[side] = seat

    def designated(self, side: Side) -> Seat | None:
        """The player ``side`` agreed on to elect for them, if any (law 84)."""
        return self._designated.get(side)


# ---------------------------------------------------------------- liabilities
@dataclass
class TrumpLiability:
    """A player liable to have his highest or lowest trump called (laws 53, 55)."""

    seat: Seat
    law: int
    once: bool
    """Law 53: one call; law 55: any time during the hand."""
    direction: str = ""
    """The standing call (law 55: repeated but not changed until the card is played)."""


class Liabilities:
    """What the adversaries may call on a player, and the calls offered (see the module)."""

    def __init__(self, dummies: Iterable[Seat] = ()) -> None:
        self.dummies = tuple(dummies)
        self.cards: dict[tuple[Seat, Card], int] = {}
        """Exposed cards liable to be called, with the law that made them so."""
        self.suits: list[tuple[Side, int, Seat]] = []
        """Sides liable to a suit called at their next lead: the side, the law, the offender."""
        self.trumps: dict[Seat, TrumpLiability] = {}
        """Players liable to have their highest or lowest trump called."""
        self._offered: set[tuple[str, int, int, int]] = set()

    # --------------------------------------------------------- exposed cards
    def make_liable(self, seat: Seat, card: Card, law: int) -> None:
        """An exposed card of ``seat`` is liable to be called (law 56); a dummy's is
        not: his cards lie face up by right."""
        if seat in self.dummies:
            return
        self.cards[(seat, card)] = law

    def drop(self, seat: Seat, card: Card) -> None:
        """``seat``'s ``card`` is no longer liable (played, or taken back into hand)."""
        self.cards.pop((seat, card), None)

    def of(self, seat: Seat) -> dict[Card, int]:
        """``seat``'s cards liable to be called, with the law that made them so."""
        return {c: law for (s, c), law in self.cards.items() if s == seat}

    def law_of(self, seat: Seat, card: Card, default: int = 56) -> int:
        """The law that made ``seat``'s ``card`` liable (``default`` if none did)."""
        return self.cards.get((seat, card), default)

    def forget(self, still_liable: Callable[[Seat, Card], bool]) -> None:
        """Forget the cards no longer liable (played, or no longer face up)."""
        for seat, card in list(self.cards):
            if not still_liable(seat, card):
                del self.cards[(seat, card)]

    def sides(self) -> set[Side]:
        """The sides that hold cards liable to be called."""
        return {s.side for s, _ in self.cards}

    # ----------------------------------------------------------------- suits
    def liable_to_suit_call(self, side: Side, law: int, offender: Seat) -> None:
        """``side`` may have a suit called at their next lead, for ``offender``'s error."""
        self.suits.append((side, law, offender))

    def take_suit_call(self, leader: Side) -> tuple[Side, int, Seat] | None:
        """The first suit call ``leader``'s side is liable to, now due (and removed)."""
        for i, entry in enumerate(self.suits):
            if entry[0] == leader:
                del self.suits[i]
                return entry
        return None

    # ---------------------------------------------------------------- trumps
    def liable_to_trump_call(self, liability: TrumpLiability) -> None:
        """A player becomes liable to have his highest or lowest trump called."""
        self.trumps[liability.seat] = liability

    def trump(self, seat: Seat) -> TrumpLiability | None:
        """``seat``'s liability to a trump call, if any."""
        return self.trumps.get(seat)

    def release_trump(self, seat: Seat) -> None:
        """``seat`` is no longer liable to a trump call (a call of law 53 was made)."""
        del self.trumps[seat]

    # ---------------------------------------------------------------- offers
    def offer_once(self, key: tuple[str, int, int, int]) -> bool:
        """True the first time a call is offered for ``key`` (what, trick, seat,
        cards on the table), False after: a call is offered once."""
        if key in self._offered:
            return False
        self._offered.add(key)
        return True


# -------------------------------------------------------------------- revokes
class RevokeStatus(StrEnum):
    """Where a revoke case stands (its value is the word written in records)."""

    OPEN = "open"
    """Played, and still correctable (law 76)."""
    ESTABLISHED = "established"
    """Established (law 73): the trick quitted, or the revoker or his partner played again."""
    CORRECTED = "corrected"
    """Taken back in time (law 76)."""


@dataclass
class RevokeCase:
    """A card played as a revoke (law 71) or against a call (law 61), and its fate."""

    seat: Seat
    card: Card
    trick: int
    index: int
    """Its ``CardPlayed`` in the hand's log."""
    law: int
    """71 (a suit not followed) or 61 (a call disobeyed)."""
    dummy: bool = False
    asked: bool = False
    """Partner asked "having none?" before the trick was quitted (law 74)."""
    denied: bool = False
    """The question was answered in the negative (law 74)."""
    status: RevokeStatus = RevokeStatus.OPEN
    """Open, established (law 73) or corrected (law 76)."""
    how: str = ""
    """Why it was established."""
    claimed: bool = False
    penalty: str | None = None
    decision: int | None = None


@dataclass
class RevokeLedger:
    """The revokes of a hand, the claims of them and their examination (laws 71-79).

    >>> from cavendish.core.cards import Card, Seat, Side
    >>> ledger = RevokeLedger()
    >>> ledger.note(RevokeCase(Seat.E, Card.parse("H2"), 3, 14, 71))
    >>> str(ledger.open_case(Seat.E).card), ledger.open_case(Seat.W)
    ('H2', None)
    >>> ledger.claim(Side.NS, Seat.E, 4)
    >>> ledger.claims_by(Side.NS), ledger.unexamined_against(Side.EW)
    ([(<Side.NS: 0>, <Seat.E: 1>, 4)], [(<Side.NS: 0>, <Seat.E: 1>, 4)])
    """

    cases: list[RevokeCase] = field(default_factory=list)
    """Every revoke of the hand, in order."""
    claims: list[Claim] = field(default_factory=list)
    examined: list[Claim] = field(default_factory=list)
    searched: bool = False
    """The tricks were searched at the end of the hand (an attentive table)."""

    def note(self, case: RevokeCase) -> None:
        """A revoke, played or deemed (law 77)."""
        self.cases.append(case)

    def open_case(self, seat: Seat) -> RevokeCase | None:
        """``seat``'s last revoke still open (correctable, law 76)."""
        for case in reversed(self.cases):
            if case.seat == seat and case.status == RevokeStatus.OPEN:
                return case
        return None

    def established(self, seat: Seat | None = None) -> list[RevokeCase]:
        """The revokes established (of ``seat``, or of anyone)."""
        return [
            c for c in self.cases
            if c.status == RevokeStatus.ESTABLISHED and (seat is None or c.seat == seat)
        ]

    def matching(
        self, side: Side, seat: Seat | None, trick: int | None, *, established_only: bool = True
    ) -> list[RevokeCase]:
        """The revokes a claim by ``side`` (against ``seat``, in ``trick`` from 1) finds."""
        return [
            c
            for c in self.cases
            if c.seat.side != side
            and not c.claimed
            and c.status != RevokeStatus.CORRECTED
            and (c.status == RevokeStatus.ESTABLISHED or not established_only)
            and (seat is None or c.seat == seat)
            and (trick is None or c.trick == trick - 1)
        ]

    def claim(self, side: Side, seat: Seat | None, trick: int | None) -> None:
        """``side`` claim a revoke (law 75)."""
        self.claims.append((side, seat, trick))

    def claims_by(self, side: Side) -> list[Claim]:
        """The claims ``side`` made."""
        return [c for c in self.claims if c[0] == side]

    def unexamined_against(self, side: Side) -> list[Claim]:
        """The claims against ``side`` not yet examined (law 77)."""
        return [c for c in self.claims if c[0] != side and c not in self.examined]

    def examine(self, claim: Claim) -> None:
        """A claim is examined (the tricks searched, or the cards mixed)."""
        self.examined.append(claim)

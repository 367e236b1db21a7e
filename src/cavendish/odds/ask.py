"""Questions about the unseen hands, answered exactly from what one seat knows.

Design note
-----------
**The statement language.**  An atom names a seat and what it holds *now* (the
cards still in its hand): ``E has 4+ C`` (four or more clubs), ``W has 2- H`` (two
or fewer), ``S has 3 D`` (exactly three), ``E has no S``, ``W has the HK`` (``the``
may be left out).  Atoms are joined with ``and`` and ``or`` (``and`` binds tighter),
negated with ``not`` and grouped with parentheses.  Seats, suits and cards are read
as everywhere in Cavendish (``N``/``north``, ``S``/``♠``/``spades``, ``HK``/``♥K``).

**What the seat knows** (:class:`Knowledge`): its own thirteen cards, the dealer,
the trump card and the cards played so far, in order from the opening lead (the
dealer's left leads first).  Every card played is seen by everyone; a seat that
failed to follow a suit is known to be void in it; the trump card, turned up, is
known to be in the dealer's hand until he plays it (the play is replayed and
refused, with a message, if it is not a legal play under these facts).

**The model.**  Every layout of the unseen cards consistent with that knowledge is
equally likely: the deal was random and the choices of the players are taken to
tell nothing more (the usual *a priori* reading, as in Pole's tables).

**Exact counting.**  The unseen cards go to the three other seats, each taking as
many as it still lacks, none in a suit it is void in.  Layouts are counted by a
dynamic programme over the four suits: for each suit, every split of its unseen
cards among the seats (a multivariate hypergeometric count, ``u!/(a! b! c!)``) and,
for each card a statement names, which seat holds it; the state carries the cards
given to each seat so far and the truth of every atom already decided.  A
statement naming many cards of one suit makes that enumeration large; beyond
:data:`EXACT_LIMIT` options for one suit the answer is estimated by Monte Carlo,
sampling layouts exactly uniformly (from the same programme's counts), with a 95%
confidence interval.

>>> k = Knowledge.from_text("N", "AK72.QJ4.T9.8765", dealer="S", trump_card="C3")
>>> a = ask(k, "E has the SQ")   # E holds 13 of the 38 unseen: S's C3 is not unseen
>>> a.exact, a.method
(Fraction(13, 38), 'exact')
>>> ask(k, "S has no C").exact   # the dealer holds the turned-up three of clubs
Fraction(0, 1)
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any, Literal

from ..core.cards import (
    CARDS,
    FULL_PACK,
    SUIT_MASK,
    Card,
    CardParseError,
    Seat,
    Suit,
    cards_of,
    format_hand,
)
from ..core.deal import parse_pbn_hand
from ..core.errors import DealError, KnowledgeError, NotationError
from ..core.state import trick_winner
from .simulate import wilson

__all__ = [
    "EXACT_LIMIT",
    "And",
    "Answer",
    "CardAtom",
    "CountAtom",
    "Knowledge",
    "KnowledgeError",
    "Not",
    "Or",
    "PlayError",
    "Statement",
    "StatementError",
    "ask",
    "count_layouts",
    "parse_hand",
    "parse_statement",
]

EXACT_LIMIT = 30_000
"""The most (card-assignment x suit-split) options of one suit counted exactly."""

Method = Literal["auto", "exact", "monte-carlo"]


class StatementError(NotationError):
    """A statement about the unseen hands could not be read."""


class PlayError(KnowledgeError):
    """The cards played so far cannot be read, or cannot have been played."""


# ============================================================================ statements
@dataclass(frozen=True, slots=True)
class CountAtom:
    """``seat`` holds between ``low`` and ``high`` cards of ``suit`` (inclusive)."""

    seat: Seat
    suit: Suit
    low: int
    high: int

    def holds(self, hands: Sequence[int]) -> bool:
        """Whether the atom is true of four hands (masks by seat)."""
        return self.low <= (hands[self.seat] & SUIT_MASK[self.suit]).bit_count() <= self.high

    def __str__(self) -> str:
        if self.low == self.high:
            count = "no" if self.low == 0 else str(self.low)
        elif self.high == 13:
            count = f"{self.low}+"
        elif self.low == 0:
            count = "no" if self.high == 0 else f"{self.high}-"
        else:
            count = f"{self.low}..{self.high}"
        return f"{self.seat} has {count} {self.suit}"


@dataclass(frozen=True, slots=True)
class CardAtom:
    """``seat`` holds ``card``."""

    seat: Seat
    card: Card

    def holds(self, hands: Sequence[int]) -> bool:
        """Whether the atom is true of four hands (masks by seat)."""
        return bool(hands[self.seat] >> self.card & 1)

    def __str__(self) -> str:
        return f"{self.seat} has the {self.card}"


Atom = CountAtom | CardAtom


@dataclass(frozen=True, slots=True)
class Not:
    """The negation of a statement."""

    inner: Expr

    def __str__(self) -> str:
        return f"not {_wrap(self.inner)}"


@dataclass(frozen=True, slots=True)
class And:
    """All of the parts."""

    parts: tuple[Expr, ...]

    def __str__(self) -> str:
        return " and ".join(_wrap(p) for p in self.parts)


@dataclass(frozen=True, slots=True)
class Or:
    """Any of the parts."""

    parts: tuple[Expr, ...]

    def __str__(self) -> str:
        return " or ".join(str(p) if not isinstance(p, Or) else f"({p})" for p in self.parts)


Expr = CountAtom | CardAtom | Not | And | Or


def _wrap(e: Expr) -> str:
    return f"({e})" if isinstance(e, Or | And) else str(e)


def _evaluate(e: Expr, truth: Callable[[CountAtom | CardAtom], bool]) -> bool:
    if isinstance(e, CountAtom | CardAtom):
        return truth(e)
    if isinstance(e, Not):
        return not _evaluate(e.inner, truth)
    if isinstance(e, And):
        return all(_evaluate(p, truth) for p in e.parts)
    return any(_evaluate(p, truth) for p in e.parts)


@dataclass(frozen=True, slots=True)
class Statement:
    """A parsed statement: its text, its expression and its distinct atoms.

    >>> s = parse_statement("E has 4+ C and (W has the HK or not S has 2- H)")
    >>> str(s.expr)
    'E has 4+ C and (W has the HK or not S has 2- H)'
    >>> s.holds([0, 0xF << 39, 0, 0])
    False
    """

    text: str
    expr: Expr
    atoms: tuple[CountAtom | CardAtom, ...] = field(default=())

    def evaluate(self, truth: Callable[[CountAtom | CardAtom], bool]) -> bool:
        """The statement's truth, given the truth of each atom."""
        return _evaluate(self.expr, truth)

    def holds(self, hands: Sequence[int]) -> bool:
        """Whether the statement is true of four hands (masks indexed by seat)."""
        return _evaluate(self.expr, lambda a: a.holds(hands))

    def __str__(self) -> str:
        return str(self.expr)


_TOKEN = re.compile(r"\(|\)|[^\s()]+")
_COUNT = re.compile(r"^(\d+)([+-]?)$")
_KEYWORDS = {"and", "or", "not", "has", "the", "no"}


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _TOKEN.findall(text)
        self.i = 0
        self.atoms: dict[CountAtom | CardAtom, None] = {}

    def fail(self, why: str) -> StatementError:
        return StatementError(f"statement {self.text!r}: {why}")

    def peek(self) -> str | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str | None:
        tok = self.peek()
        if tok is not None:
            self.i += 1
        return tok

    def parse(self) -> Statement:
        if not self.tokens:
            raise self.fail("empty; expected something like 'E has 4+ C'")
        expr = self.disjunction()
        rest = self.peek()
        if rest is not None:
            if rest == ")":
                raise self.fail("a ')' with no '(' to close")
            raise self.fail(f"unexpected {rest!r}: expected 'and', 'or' or the end")
        return Statement(self.text, expr, tuple(self.atoms))

    def disjunction(self) -> Expr:
        parts = [self.conjunction()]
        while (self.peek() or "").lower() == "or":
            self.take()
            parts.append(self.conjunction())
        return parts[0] if len(parts) == 1 else Or(tuple(parts))

    def conjunction(self) -> Expr:
        parts = [self.negation()]
        while (self.peek() or "").lower() == "and":
            self.take()
            parts.append(self.negation())
        return parts[0] if len(parts) == 1 else And(tuple(parts))

    def negation(self) -> Expr:
        tok = self.peek()
        if tok is None:
            raise self.fail("ends too soon: expected a seat, 'not' or '('")
        if tok.lower() == "not":
            self.take()
            return Not(self.negation())
        if tok == "(":
            self.take()
            inner = self.disjunction()
            if self.take() != ")":
                raise self.fail("a '(' is not closed")
            return inner
        return self.atom()

    def atom(self) -> Expr:
        tok = self.take()
        assert tok is not None
        if tok.lower() in _KEYWORDS or tok == ")":
            raise self.fail(f"expected a seat (N, E, S or W), found {tok!r}")
        try:
            seat = Seat.parse(tok)
        except CardParseError:
            raise self.fail(f"unknown seat {tok!r}: expected N, E, S or W") from None
        verb = self.take()
        if verb is None or verb.lower() != "has":
            found = "the end" if verb is None else repr(verb)
            raise self.fail(f"expected 'has' after the seat {tok!r}, found {found}")
        what = self.take()
        if what is None:
            raise self.fail(f"'{tok} has' needs a count and a suit (4+ C) or a card (the HK)")
        low_what = what.lower()
        atom: CountAtom | CardAtom
        if low_what == "the":
            atom = CardAtom(seat, self.card(self.take(), seat))
        elif low_what == "no":
            atom = CountAtom(seat, self.suit(self.take(), f"{tok} has no"), 0, 0)
        elif m := _COUNT.match(what):
            n = int(m.group(1))
            if n > 13:
                raise self.fail(f"{what!r}: a hand holds from 0 to 13 cards of a suit")
            low, high = {"+": (n, 13), "-": (0, n), "": (n, n)}[m.group(2)]
            atom = CountAtom(seat, self.suit(self.take(), f"{tok} has {what}"), low, high)
        else:
            try:
                atom = CardAtom(seat, Card.parse(what))
            except CardParseError:
                raise self.fail(
                    f"after '{tok} has' expected a count (4, 4+, 2-), 'no' or 'the' and a card, "
                    f"found {what!r}"
                ) from None
        self.atoms.setdefault(atom)
        return atom

    def card(self, tok: str | None, seat: Seat) -> Card:
        if tok is None:
            raise self.fail(f"'{seat} has the' needs a card, as HK")
        try:
            return Card.parse(tok)
        except CardParseError:
            raise self.fail(f"{tok!r} is not a card: expected a suit and a rank, as HK") from None

    def suit(self, tok: str | None, before: str) -> Suit:
        if tok is None:
            raise self.fail(f"'{before}' needs a suit (S, H, D or C)")
        try:
            return Suit.parse(tok)
        except CardParseError:
            raise self.fail(
                f"unknown suit {tok!r} after '{before}': expected S, H, D or C"
            ) from None


def parse_statement(text: str) -> Statement:
    """Read a statement about the hands (see the module note).

    >>> [str(a) for a in parse_statement("E has 4+ C or W has 2- H or N has the SA").atoms]
    ['E has 4+ C', 'W has 2- H', 'N has the SA']
    >>> parse_statement("E has 14+ C")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.odds.ask.StatementError: statement 'E has 14+ C': '14+': a hand holds from 0 to 13 ...
    """
    return _Parser(text).parse()


# ============================================================================ knowledge
def parse_hand(text: str, seat: Seat | None = None) -> int:
    """Read a hand in PBN notation, optionally prefixed by its seat (``N:AK72.QJ4.T9.8765``).

    >>> format_hand(parse_hand("N:AK72.QJ4.T9.8765", Seat.N))
    'AK72.QJ4.T9.8765'
    >>> parse_hand("E:AK72.QJ4.T9.8765", Seat.N)
    Traceback (most recent call last):
    ...
    cavendish.core.errors.KnowledgeError: hand 'E:AK72.QJ4.T9.8765' is marked as E's, but ...
    """
    body = text.strip().strip('"')
    if len(body) >= 2 and body[1] == ":":
        try:
            marked = Seat.parse(body[0])
        except CardParseError:
            raise KnowledgeError(
                f"hand {text!r}: {body[0]!r} is not a seat (N, E, S or W)"
            ) from None
        if seat is not None and marked != seat:
            raise KnowledgeError(f"hand {text!r} is marked as {marked}'s, but the seat is {seat}")
        body = body[2:]
    try:
        return parse_pbn_hand(body)
    except DealError as exc:
        raise KnowledgeError(str(exc)) from None


def _as_card(c: Card | str | int) -> Card:
    return Card.parse(c) if isinstance(c, str) else CARDS[c]


def _as_seat(s: Seat | str | int) -> Seat:
    return Seat.parse(s) if isinstance(s, str) else Seat(s)


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows of the deal: see the module note.

    ``known[X]``: the cards seat X is known to hold now (the asker's own hand; the
    turned-up trump while the dealer keeps it); ``sizes[X]``: how many cards X still
    holds; ``voids[X]``: the suits X has shown out of (a 4-bit mask); ``unseen``: the
    cards whose holder is unknown.
    """

    seat: Seat
    dealer: Seat
    trump_card: Card
    hand: int
    """The asker's original thirteen cards."""
    played: tuple[tuple[Seat, Card], ...]
    known: tuple[int, int, int, int]
    sizes: tuple[int, int, int, int]
    voids: tuple[int, int, int, int]
    unseen: int

    @property
    def others(self) -> tuple[Seat, Seat, Seat]:
        """The three seats whose hands are unseen, clockwise from the asker's left."""
        return (self.seat.offset(1), self.seat.offset(2), self.seat.offset(3))

    def describe(self) -> str:
        """What the seat knows, in a line or two.

        >>> print(Knowledge.from_text("N", "AK72.QJ4.T9.8765", dealer="W", trump_card="D3",
        ...                           played="HQ H2 H3 H5 SK").describe())
        N holds A72.J4.T9.8765 (dealer W, trump card D3); 5 cards played
        unseen 35 cards: E 12, S 12, W 11 and the D3; no void known
        """
        voids = [
            f"{s} void in {''.join(Suit(x).name for x in range(4) if self.voids[s] >> x & 1)}"
            for s in self.others
            if self.voids[s]
        ]
        known = [
            f"{s} {self.lacking(s)}" + "".join(f" and the {c}" for c in cards_of(self.known[s]))
            for s in self.others
        ]
        return (
            f"{self.seat} holds {format_hand(self.known[self.seat])} (dealer {self.dealer}, "
            f"trump card {self.trump_card}); {len(self.played)} cards played\n"
            f"unseen {self.unseen.bit_count()} cards: {', '.join(known)}; "
            + ("; ".join(voids) if voids else "no void known")
        )

    def lacking(self, seat: Seat) -> int:
        """How many unseen cards ``seat`` holds."""
        return self.sizes[seat] - self.known[seat].bit_count()

    @classmethod
    def from_text(
        cls,
        seat: Seat | str,
        hand: str,
        *,
        dealer: Seat | str,
        trump_card: Card | str,
        played: str | Iterable[Card | str] = (),
    ) -> Knowledge:
        """Build from text: ``hand`` in PBN (``N:AK72.QJ4.T9.8765``), ``played`` the cards
        in order (``"SA S2 SK S5 ..."``; commas and ``|`` between tricks are allowed)."""
        try:
            me = _as_seat(seat)
        except CardParseError as exc:
            raise KnowledgeError(str(exc)) from None
        mask = parse_hand(hand, me)
        return cls.from_play(me, mask, dealer=dealer, trump_card=trump_card, played=played)

    @classmethod
    def from_play(
        cls,
        seat: Seat | str,
        hand: int,
        *,
        dealer: Seat | str,
        trump_card: Card | str,
        played: str | Iterable[Card | str] = (),
    ) -> Knowledge:
        """Build from a hand mask and the play so far, replaying it to find the voids.

        ``hand`` is the seat's thirteen cards, or the cards it still holds (those
        plus the ones it has played make thirteen).
        """
        try:
            me = _as_seat(seat)
            dealer_seat = _as_seat(dealer)
            tc = _as_card(trump_card)
        except CardParseError as exc:
            raise KnowledgeError(str(exc)) from None
        try:
            if isinstance(played, str):
                cards = [Card.parse(t) for t in re.split(r"[\s,|;/]+", played) if t]
            else:
                cards = [_as_card(c) for c in played]
        except CardParseError as exc:
            raise PlayError(str(exc)) from None
        return _replay(me, hand, dealer_seat, tc, cards)


def _replay(me: Seat, hand: int, dealer: Seat, tc: Card, cards: list[Card]) -> Knowledge:
    if len(cards) > 52:
        raise PlayError(f"{len(cards)} cards played: a hand has only 52")
    # which cards did the asker play? (the turn order is needed for that: replay)
    turn = dealer.left
    leader = turn
    trick: list[Card] = []
    seen = 0
    mine_played = 0
    order: list[tuple[Seat, Card]] = []
    for c in cards:
        if seen >> c & 1:
            raise PlayError(f"{c} is played twice")
        seen |= 1 << c
        order.append((turn, c))
        if turn == me:
            mine_played |= 1 << c
        trick.append(c)
        if len(trick) == 4:
            leader = turn = trick_winner(trick, leader, tc.suit)
            trick = []
        else:
            turn = turn.left
    n = hand.bit_count()
    if hand & mine_played or n == 13:
        original = hand
    elif n + mine_played.bit_count() == 13:
        original = hand | mine_played
    else:
        raise KnowledgeError(
            f"{me}'s hand has {n} cards: expected 13 (or 13 less the "
            f"{mine_played.bit_count()} {me} has played)"
        )
    if original.bit_count() != 13:
        raise KnowledgeError(f"{me}'s hand has {original.bit_count()} cards, not 13")
    if me == dealer and not original >> tc & 1:
        raise KnowledgeError(
            f"the trump card {tc} is not in {me}'s hand, but {me} is the dealer and holds it"
        )
    if me != dealer and original >> tc & 1:
        raise KnowledgeError(
            f"the trump card {tc} is in {me}'s hand, but it is the dealer's ({dealer})"
        )
    # replay with the facts each seat is known by
    holding = [0, 0, 0, 0]
    holding[me] = original
    if me != dealer:
        holding[dealer] |= 1 << tc
    voids = [0, 0, 0, 0]
    sizes = [13, 13, 13, 13]
    trick = []
    for i, (seat, c) in enumerate(order):
        where = f"card {i + 1} ({seat} to play, trick {i // 4 + 1})"
        suit = c // 13
        if seat != me and original >> c & 1:
            raise PlayError(f"{where}: {seat} cannot play {c}, which is in {me}'s hand")
        if seat == me and not holding[me] >> c & 1:
            raise PlayError(f"{where}: {me} plays {c}, which is not in {me}'s hand")
        if c == tc and seat != dealer:
            raise PlayError(
                f"{where}: {seat} cannot play {c}, the trump card, which is the dealer's ({dealer})"
            )
        if voids[seat] >> suit & 1:
            raise PlayError(
                f"{where}: {seat} has shown out of {Suit(suit).word} and cannot play {c}"
            )
        if trick:
            led = trick[0] // 13
            if suit != led:
                if holding[seat] & SUIT_MASK[led]:
                    held = cards_of(holding[seat] & SUIT_MASK[led])[0]
                    raise PlayError(
                        f"{where}: {seat} plays {c} but holds {held} and must follow "
                        f"{Suit(led).word}"
                    )
                voids[seat] |= 1 << led
        holding[seat] &= ~(1 << c)
        sizes[seat] -= 1
        trick.append(c)
        if len(trick) == 4:
            trick = []
    known = (holding[0], holding[1], holding[2], holding[3])
    unseen = FULL_PACK & ~original & ~seen
    for s in Seat:
        if s != me:
            unseen &= ~known[s]
    for s in Seat:
        if known[s].bit_count() > sizes[s]:
            raise PlayError(
                f"{s} has no cards left but is known to hold {cards_of(known[s])[0]}"
            )
    k = Knowledge(
        seat=me,
        dealer=dealer,
        trump_card=tc,
        hand=original,
        played=tuple(order),
        known=known,
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        voids=(voids[0], voids[1], voids[2], voids[3]),
        unseen=unseen,
    )
    if count_layouts(k) == 0:
        raise PlayError(
            "no layout of the unseen cards fits the play: the seats that have shown out "
            "cannot hold the cards left"
        )
    return k


# ============================================================================ counting
_Options = dict[tuple[int, int, int, int], int]
"""Per suit: (cards to the first, second, third other seat, atom bits) -> layouts."""


def _splits(total: int, allowed: Sequence[bool]) -> list[tuple[int, int, int]]:
    out = []
    for a in range(total + 1 if allowed[0] else 1):
        for b in range(total - a + 1 if allowed[1] else 1):
            c = total - a - b
            if c and not allowed[2]:
                continue
            out.append((a, b, c))
    return out


def _multinomial(n: int, parts: tuple[int, int, int]) -> int:
    return math.comb(n, parts[0]) * math.comb(n - parts[0], parts[1])


def _suit_size(k: Knowledge, suit: int, labelled: int) -> int:
    allowed = sum(1 for s in k.others if not k.voids[s] >> suit & 1)
    u = (k.unseen & SUIT_MASK[suit]).bit_count() - labelled
    seats = max(allowed, 1)
    return int(allowed**labelled) * math.comb(u + seats - 1, seats - 1)


def _suit_options(
    k: Knowledge, suit: int, atoms: Sequence[tuple[int, CountAtom | CardAtom]]
) -> _Options:
    """The ways to lay out the unseen cards of ``suit``, with the bits of ``atoms``."""
    others = k.others
    index = {s: i for i, s in enumerate(others)}
    allowed = [not k.voids[s] >> suit & 1 for s in others]
    seats_ok = [i for i in range(3) if allowed[i]]
    unseen = k.unseen & SUIT_MASK[suit]
    labelled = sorted(
        {a.card for _, a in atoms if isinstance(a, CardAtom) and unseen >> a.card & 1}
    )
    u = unseen.bit_count() - len(labelled)
    base = [(k.known[s] & SUIT_MASK[suit]).bit_count() for s in others]
    out: _Options = {}
    if unseen and not seats_ok:
        return out
    splits = _splits(u, allowed)
    for assign in product(seats_ok, repeat=len(labelled)):
        lab = [0, 0, 0]
        for i in assign:
            lab[i] += 1
        where = dict(zip(labelled, assign, strict=True))
        for split in splits:
            d = (lab[0] + split[0], lab[1] + split[1], lab[2] + split[2])
            bits = 0
            for bit, a in atoms:
                if isinstance(a, CountAtom):
                    n = base[index[a.seat]] + d[index[a.seat]]
                    ok = a.low <= n <= a.high
                else:
                    ok = where[a.card] == index[a.seat]
                if ok:
                    bits |= 1 << bit
            key = (d[0], d[1], d[2], bits)
            out[key] = out.get(key, 0) + _multinomial(u, split)
    return out


def _constant_truth(k: Knowledge, atom: CountAtom | CardAtom) -> bool | None:
    """The truth of an atom that does not depend on the unseen cards, else None."""
    if isinstance(atom, CardAtom):
        if k.unseen >> atom.card & 1:
            return None
        return bool(k.known[atom.seat] >> atom.card & 1)
    if atom.seat == k.seat:
        return atom.low <= (k.known[k.seat] & SUIT_MASK[atom.suit]).bit_count() <= atom.high
    return None


def _atom_plan(
    k: Knowledge, statement: Statement
) -> tuple[int, list[list[tuple[int, CountAtom | CardAtom]]]]:
    """The bits of the constant atoms and, by suit, the atoms the layout decides."""
    const = 0
    by_suit: list[list[tuple[int, CountAtom | CardAtom]]] = [[], [], [], []]
    for bit, atom in enumerate(statement.atoms):
        truth = _constant_truth(k, atom)
        if truth is None:
            suit = atom.suit if isinstance(atom, CountAtom) else atom.card // 13
            by_suit[suit].append((bit, atom))
        elif truth:
            const |= 1 << bit
    return const, by_suit


def _count(k: Knowledge, options: Sequence[_Options]) -> dict[int, int]:
    """Layouts by atom bits, over the suits' options (the DP over suits)."""
    caps = tuple(k.lacking(s) for s in k.others)
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 1}
    for opts in options:
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (g0, g1, g2, bits), w in states.items():
            for (d0, d1, d2, b), v in opts.items():
                h0, h1, h2 = g0 + d0, g1 + d1, g2 + d2
                if h0 > caps[0] or h1 > caps[1] or h2 > caps[2]:
                    continue
                key = (h0, h1, h2, bits | b)
                nxt[key] = nxt.get(key, 0) + w * v
        states = nxt
    out: dict[int, int] = {}
    for (g0, g1, g2, bits), w in states.items():
        if (g0, g1, g2) == caps:
            out[bits] = out.get(bits, 0) + w
    return out


def count_layouts(k: Knowledge) -> int:
    """How many layouts of the unseen cards fit what the seat knows.

    >>> k = Knowledge.from_text("N", "AK72.QJ4.T9.8765", dealer="N", trump_card="C5")
    >>> count_layouts(k) == math.factorial(39) // math.factorial(13) ** 3
    True
    """
    counts = _count(k, [_suit_options(k, s, []) for s in range(4)])
    return sum(counts.values(), 0)


# ============================================================================ answers
@dataclass(frozen=True, slots=True)
class Answer:
    """The probability of a statement, exact or estimated."""

    statement: str
    probability: float
    exact: Fraction | None
    ci95: tuple[float, float] | None
    method: Literal["exact", "monte-carlo"]
    layouts: int | None = None
    """Exact: how many layouts of the unseen cards fit what the seat knows."""
    samples: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The answer as JSON-ready data."""
        return {
            "statement": self.statement,
            "probability": self.probability,
            "exact": None
            if self.exact is None
            else f"{self.exact.numerator}/{self.exact.denominator}",
            "ci95": None if self.ci95 is None else list(self.ci95),
            "method": self.method,
        }

    def __str__(self) -> str:
        if self.exact is not None:
            return (
                f"P({self.statement}) = {self.exact.numerator}/{self.exact.denominator} "
                f"= {self.probability:.6f} (exact, over {self.layouts:,} layouts)"
            )
        assert self.ci95 is not None
        lo, hi = self.ci95
        return (
            f"P({self.statement}) ≈ {self.probability:.4f}, 95% interval [{lo:.4f}, {hi:.4f}] "
            f"(Monte Carlo, {self.samples:,} layouts)"
        )


def exact_within_reach(k: Knowledge, statement: Statement) -> bool:
    """Whether :func:`ask` can count the layouts exactly (see :data:`EXACT_LIMIT`)."""
    _, by_suit = _atom_plan(k, statement)
    for s in range(4):
        labelled = len({a.card for _, a in by_suit[s] if isinstance(a, CardAtom)})
        if _suit_size(k, s, labelled) > EXACT_LIMIT:
            return False
    return True


def ask(
    knowledge: Knowledge,
    statement: Statement | str,
    *,
    method: Method = "auto",
    samples: int = 20_000,
    seed: int = 0,
) -> Answer:
    """The probability of ``statement`` given ``knowledge``: exact where counting is in
    reach (``method="auto"``), else by Monte Carlo with ``samples`` seeded layouts.

    >>> k = Knowledge.from_text("N", "AK72.QJ4.T9.8765", dealer="W", trump_card="D3")
    >>> a = ask(k, "E has 4+ C or W has 2- H")
    >>> a.exact, round(a.probability, 4)
    (Fraction(860582957, 1482664962), 0.5804)
    """
    st = parse_statement(statement) if isinstance(statement, str) else statement
    if method not in ("auto", "exact", "monte-carlo"):
        raise ValueError(f"unknown method {method!r}: expected auto, exact or monte-carlo")
    if method == "monte-carlo" or (method == "auto" and not exact_within_reach(knowledge, st)):
        return _monte_carlo(knowledge, st, samples, seed)
    const, by_suit = _atom_plan(knowledge, st)
    counts = _count(knowledge, [_suit_options(knowledge, s, by_suit[s]) for s in range(4)])
    total = sum(counts.values())
    if total == 0:
        raise KnowledgeError("no layout of the unseen cards fits what the seat knows")
    good = 0
    cache: dict[int, bool] = {}
    bit_of = {a: i for i, a in enumerate(st.atoms)}
    for bits, w in counts.items():
        allbits = bits | const
        if allbits not in cache:

            def truth(atom: CountAtom | CardAtom, b: int = allbits) -> bool:
                return bool(b >> bit_of[atom] & 1)

            cache[allbits] = st.evaluate(truth)
        if cache[allbits]:
            good += w
    exact = Fraction(good, total)
    return Answer(str(st), float(exact), exact, None, "exact", layouts=total)


# ============================================================================ Monte Carlo
class _Sampler:
    """Draws layouts of the unseen cards exactly uniformly, from the DP's counts."""

    def __init__(self, k: Knowledge) -> None:
        self.k = k
        a, b, c = k.others
        self.caps = (k.lacking(a), k.lacking(b), k.lacking(c))
        self.options = [
            [((d0, d1, d2), w) for (d0, d1, d2, _), w in _suit_options(k, s, []).items()]
            for s in range(4)
        ]
        # forward[i][g]: layouts of suits 0..i-1 giving the seats g cards
        forward: list[dict[tuple[int, int, int], int]] = [{(0, 0, 0): 1}]
        for opts in self.options:
            nxt: dict[tuple[int, int, int], int] = {}
            for g, w in forward[-1].items():
                for d, v in opts:
                    h = (g[0] + d[0], g[1] + d[1], g[2] + d[2])
                    if h[0] <= self.caps[0] and h[1] <= self.caps[1] and h[2] <= self.caps[2]:
                        nxt[h] = nxt.get(h, 0) + w * v
            forward.append(nxt)
        self.forward = forward
        self.cards = [cards_of(k.unseen & SUIT_MASK[s]) for s in range(4)]
        self._choices: dict[
            tuple[int, tuple[int, int, int]], tuple[list[tuple[int, int, int]], list[int]]
        ] = {}

    def choices(
        self, suit: int, g: tuple[int, int, int]
    ) -> tuple[list[tuple[int, int, int]], list[int]]:
        key = (suit, g)
        if key not in self._choices:
            prev = self.forward[suit]
            ds: list[tuple[int, int, int]] = []
            cum: list[int] = []
            total = 0
            for d, v in self.options[suit]:
                p = (g[0] - d[0], g[1] - d[1], g[2] - d[2])
                w = prev.get(p, 0) * v
                if w:
                    total += w
                    ds.append(d)
                    cum.append(total)
            self._choices[key] = (ds, cum)
        return self._choices[key]

    def sample(self, rng: random.Random) -> list[int]:
        k = self.k
        hands = list(k.known)
        g = self.caps
        for suit in (3, 2, 1, 0):
            ds, cum = self.choices(suit, g)
            x = rng.randrange(cum[-1])
            lo, hi = 0, len(cum) - 1
            while lo < hi:
                mid = (lo + hi) // 2
                if cum[mid] > x:
                    hi = mid
                else:
                    lo = mid + 1
            d = ds[lo]
            cards = self.cards[suit][:]
            rng.shuffle(cards)
            start = 0
            for i, seat in enumerate(k.others):
                for c in cards[start : start + d[i]]:
                    hands[seat] |= 1 << c
                start += d[i]
            g = (g[0] - d[0], g[1] - d[1], g[2] - d[2])
        return hands


def _monte_carlo(k: Knowledge, st: Statement, samples: int, seed: int) -> Answer:
    if samples < 1:
        raise ValueError(f"samples must be positive, not {samples}")
    sampler = _Sampler(k)
    if not sampler.forward[-1].get(sampler.caps):
        raise KnowledgeError("no layout of the unseen cards fits what the seat knows")
    rng = random.Random(seed)
    hits = sum(1 for _ in range(samples) if st.holds(sampler.sample(rng)))
    return Answer(
        str(st), hits / samples, None, wilson(hits, samples), "monte-carlo", samples=samples
    )

"""A library of double-dummy problems: the two of Dick's Hand-book and classical endings.

Design note
-----------
A problem is a position (four hands of equal length: a whole deal or an
ending), the trump suit, the seat that leads and a *goal*: a side and a number of
tricks, as "N-S to take all thirteen tricks".  Whist has a trump suit and no
declarer, so the side with the goal is named outright.  Every problem ships as a
PBN file in ``cavendish/analysis/data/problems/`` (docs/problems.md describes the
format): the PBN tags ``Event``, ``Site``, ``Date``, ``Board``, ``Dealer`` and
``Deal`` (``Dealer`` is the leader's right-hand neighbour, as the eldest hand
leads in whist), our own ``[Trump "C"]`` (or ``[TrumpCard "C3"]``),
``[Leader "S"]``, ``[Goal "NS 13"]``, ``[Title ...]`` and ``[Source ...]``, a
commentary in braces, and the lines of play as sections:

* ``[Solution "name"]``: a winning line.  Each line of the section is one trick:
  the seat that leads it, then its cards in order of play.  A card in brackets,
  ``(S4)``, is one the source leaves open and the editor chose.
* ``[Try "name"]``: a tempting line that fails: every card of the goal side keeps
  the goal but the last, which loses it.

Lines are checked for legality when a problem is loaded; whether they keep the
goal is the solver's business (:func:`check_line`), and the tests'.

>>> p = load_problem("simple-squeeze")
>>> p.goal_text, p.leader, p.trump, p.cards_each
('NS to take all 3 tricks', <Seat.S: 2>, <Suit.H: 1>, 3)
>>> [str(c) for c in p.solutions[0].cards[:4]]
['H5', 'SQ', 'D3', 'C5']
>>> max_tricks(p, p.start()), p.tricks
(3, 3)
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Literal

from ..core.cards import Card, CardParseError, Seat, Side, Suit, cards_of
from ..core.deal import parse_pbn_hand
from ..core.errors import DealError, RecordFileError
from . import dd
from .position import Position, PositionError

__all__ = [
    "Line",
    "LineStep",
    "Problem",
    "ProblemError",
    "ProblemSession",
    "UnknownProblem",
    "Verdict",
    "check_line",
    "format_line",
    "hand_text",
    "keeping_cards",
    "line_result",
    "list_problems",
    "load_problem",
    "max_tricks",
    "parse_problem",
    "problem_names",
    "read_problem_file",
]

LineKind = Literal["solution", "try"]


class ProblemError(RecordFileError):
    """A problem file cannot be read, or a move in a problem is refused."""


class UnknownProblem(ProblemError):
    """No problem of that name in the library."""


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play: a solution or a try, every card in order of play from the start."""

    name: str
    kind: LineKind
    cards: tuple[Card, ...]
    note: str = ""
    """The commentary given with the line."""
    supplied: frozenset[int] = frozenset()
    """Indexes in :attr:`cards` of the cards the source leaves open (chosen by the editor)."""

    def is_printed(self, index: int) -> bool:
        """Whether the ``index``-th card is given by the source (not chosen by the editor)."""
        return index not in self.supplied


@dataclass(frozen=True, slots=True)
class Problem:
    """A double-dummy problem: the hands, trumps, the leader and the goal, with its lines."""

    name: str
    """The library name (the file's stem), as ``vienna``."""
    title: str
    source: str
    hands: tuple[int, int, int, int]
    """The cards of N, E, S and W (masks), of equal length."""
    trump: Suit
    leader: Seat
    side: Side
    """The side that has the goal (the side the solver plays in ``problem play``)."""
    tricks: int
    """The goal: tricks the side is to take."""
    solutions: tuple[Line, ...] = ()
    tries: tuple[Line, ...] = ()
    commentary: str = ""
    board: int = 0
    tags: tuple[tuple[str, str], ...] = field(default=(), repr=False)

    @property
    def cards_each(self) -> int:
        """Cards in each hand: 13 for a whole deal, fewer for an ending."""
        return self.hands[0].bit_count()

    @property
    def defenders(self) -> Side:
        """The side against the goal."""
        return self.side.other

    @property
    def goal_text(self) -> str:
        """The goal in words: ``NS to take all 13 tricks``."""
        n = self.cards_each
        if self.tricks == n:
            return f"{self.side} to take all {n} tricks"
        return f"{self.side} to take {self.tricks} of the {n} tricks"

    def tag(self, name: str, default: str = "") -> str:
        """The value of a PBN tag of the file (the first, if repeated)."""
        for key, value in self.tags:
            if key == name:
                return value
        return default

    def start(self) -> Position:
        """The position at the start: nobody has played."""
        return Position(self.hands, self.trump, self.leader, ())

    @property
    def lines(self) -> tuple[Line, ...]:
        """The solutions, then the tries."""
        return self.solutions + self.tries


# ---------------------------------------------------------------- the solver
def _side_total(pos: Position, won: int, result: dd.DDResult, side: Side, card: Card) -> int:
    here = result.tricks[card]
    if pos.to_play.side == side:
        return won + here
    return won + pos.tricks_left - here


def max_tricks(problem: Problem, pos: Position, won: int = 0) -> int:
    """The most tricks the goal side can still make in all, having ``won`` already.

    >>> p = load_problem("throw-in")
    >>> max_tricks(p, p.start())
    2
    """
    if pos.tricks_left == 0:
        return won
    result = dd.solve(pos.hands, pos.trump, pos.leader, pos.played)
    side = problem.side
    if pos.to_play.side == side:
        return won + result.best
    return won + pos.tricks_left - result.best


def keeping_cards(problem: Problem, pos: Position, won: int = 0) -> tuple[Card, ...]:
    """The cards of the seat to play (of the goal side) after which the goal is still reachable.

    >>> p = load_problem("simple-squeeze")
    >>> keeping_cards(p, p.start())
    (Card('H5'),)
    """
    result = dd.solve(pos.hands, pos.trump, pos.leader, pos.played)
    return tuple(
        c for c in result.tricks
        if _side_total(pos, won, result, problem.side, c) >= problem.tricks
    )


@dataclass(frozen=True, slots=True)
class LineStep:
    """One card of a line, with the goal side's double-dummy total before and after it."""

    index: int
    """0-based position of the card in the line."""
    trick: int
    """1-based."""
    seat: Seat
    card: Card
    printed: bool
    """Given by the source (False: chosen by the editor)."""
    goal_side: bool
    """The card is played by the goal side."""
    before: int
    """The most tricks the goal side can make in all, before the card (double dummy)."""
    after: int
    """The same, once the card is played."""
    target: int

    @property
    def keeps(self) -> bool:
        """The goal is still reachable after the card."""
        return self.after >= self.target

    @property
    def error(self) -> bool:
        """A card of the goal side that lowers the side's best total."""
        return self.goal_side and self.after < self.before

    @property
    def gift(self) -> bool:
        """A defender's card that raises the goal side's best total."""
        return not self.goal_side and self.after > self.before


def _illegal(problem: Problem, pos: Position, card: Card, index: int) -> str:
    seat = pos.to_play
    trick = problem.cards_each - pos.tricks_left + 1
    if pos.tricks_left == 0:
        why = "the hand is over"
    elif not pos.hands[seat] >> card & 1:
        why = f"{seat} does not hold it"
    else:
        why = f"{seat} must follow {Suit(pos.played[0] // 13).word}"
    return f"problem {problem.name}: card {index + 1} ({card}, trick {trick}) is illegal: {why}"




def check_line(problem: Problem, line: Line | Sequence[Card]) -> list[LineStep]:
    """Replay a line card by card, with the solver's verdict on every card.

    One solver call per card: the position before it scores every legal card, which
    gives the side's best total before the card and after it.

    >>> p = load_problem("simple-squeeze")
    >>> [(str(s.card), s.before, s.after, s.keeps) for s in check_line(p, p.tries[0])][:2]
    [('DQ', 3, 2, False)]
    """
    cards = line.cards if isinstance(line, Line) else tuple(line)
    steps: list[LineStep] = []
    side = problem.side
    pos = problem.start()
    won = [0, 0]
    for i, card in enumerate(cards):
        if not pos.legal_mask() >> card & 1:
            raise ProblemError(_illegal(problem, pos, card, i))
        result = dd.solve(pos.hands, pos.trump, pos.leader, pos.played)
        totals = [_side_total(pos, won[side], result, side, c) for c in result.tricks]
        ours = pos.to_play.side == side
        steps.append(
            LineStep(
                index=i,
                trick=problem.cards_each - pos.tricks_left + 1,
                seat=pos.to_play,
                card=card,
                printed=line.is_printed(i) if isinstance(line, Line) else True,
                goal_side=ours,
                before=max(totals) if ours else min(totals),
                after=_side_total(pos, won[side], result, side, card),
                target=problem.tricks,
            )
        )
        before = pos
        pos = pos.play(card)
        if len(before.played) == 3:
            won[pos.leader & 1] += 1
    return steps


def line_result(problem: Problem, line: Line | Sequence[Card]) -> tuple[int, int]:
    """Tricks won by N-S and by E-W over the complete tricks of a line (no solver).

    >>> p = load_problem("simple-squeeze")
    >>> line_result(p, p.solutions[0])
    (3, 0)
    """
    cards = line.cards if isinstance(line, Line) else tuple(line)
    won = [0, 0]
    pos = problem.start()
    for i, card in enumerate(cards):
        if not pos.legal_mask() >> card & 1:
            raise ProblemError(_illegal(problem, pos, card, i))
        before = pos
        pos = pos.play(card)
        if len(before.played) == 3:
            won[pos.leader & 1] += 1
    return (won[0], won[1])


# ---------------------------------------------------------------- play a problem
@dataclass(frozen=True, slots=True)
class Verdict:
    """What one card of the goal side did to the goal."""

    seat: Seat
    card: Card
    reachable_before: bool
    reachable_after: bool
    keepers: tuple[Card, ...]
    """The cards that would have kept the goal at that point (empty if none would)."""
    best_total: int
    """The most tricks the goal side can still make in all after the card."""

    @property
    def lost_here(self) -> bool:
        """The goal was reachable before this card and is not after it."""
        return self.reachable_before and not self.reachable_after


class ProblemSession:
    """A problem in play: the goal side's cards come from outside (a person, a test), the
    defenders play the solver's best defence, ties broken by a seeded RNG.

    >>> s = ProblemSession(load_problem("simple-squeeze"), seed=1)
    >>> s.user_to_play, s.turn
    (True, <Seat.S: 2>)
    >>> v = s.play_user(Card.parse("DQ"))
    >>> v.reachable_after, [str(c) for c in v.keepers]
    (False, ['H5'])
    """

    def __init__(self, problem: Problem, seed: int | None = 0) -> None:
        self.problem = problem
        self.rng = random.Random(seed)
        self.position = problem.start()
        self.won = [0, 0]
        self.history: list[tuple[Seat, Card]] = []
        self.reachable = True

    @property
    def is_over(self) -> bool:
        """Whether every card has been played."""
        return self.position.tricks_left == 0

    @property
    def turn(self) -> Seat:
        """The seat to play."""
        return self.position.to_play

    @property
    def user_to_play(self) -> bool:
        """Whether the seat to play belongs to the goal side."""
        return not self.is_over and self.turn.side == self.problem.side

    @property
    def trick_number(self) -> int:
        """1-based number of the current trick."""
        return self.problem.cards_each - self.position.tricks_left + 1

    @property
    def side_tricks(self) -> int:
        """Tricks taken so far by the goal side."""
        return self.won[self.problem.side]

    @property
    def succeeded(self) -> bool:
        """Over, and the goal side took its tricks."""
        return self.is_over and self.side_tricks >= self.problem.tricks

    def why_illegal(self, card: Card) -> str | None:
        """Why ``card`` may not be played now, or None if it may."""
        pos = self.position
        seat = pos.to_play
        if self.is_over:
            return "the problem is over"
        if not pos.hands[seat] >> card & 1:
            return f"{seat.word} does not hold {card.symbol}"
        if not pos.legal_mask() >> card & 1:
            return f"{seat.word} must follow {Suit(pos.played[0] // 13).word}"
        return None

    def _apply(self, card: Card) -> None:
        before = self.position
        self.position = before.play(card)
        self.history.append((before.to_play, card))
        if len(before.played) == 3:
            self.won[self.position.leader & 1] += 1

    def play_user(self, card: Card) -> Verdict:
        """Play a card of the goal side; raise :class:`ProblemError` if it is not legal now."""
        if not self.user_to_play:
            raise ProblemError(f"it is not the {self.problem.side} side's turn")
        why = self.why_illegal(card)
        if why is not None:
            raise ProblemError(f"cannot play {card.symbol}: {why}")
        pos = self.position
        side = self.problem.side
        result = dd.solve(pos.hands, pos.trump, pos.leader, pos.played)
        won = self.won[side]
        keepers = tuple(
            c for c in result.tricks
            if _side_total(pos, won, result, side, c) >= self.problem.tricks
        )
        after = _side_total(pos, won, result, side, card)
        verdict = Verdict(
            seat=pos.to_play,
            card=card,
            reachable_before=bool(keepers),
            reachable_after=after >= self.problem.tricks,
            keepers=keepers,
            best_total=after,
        )
        self.reachable = verdict.reachable_after
        self._apply(card)
        return verdict

    def defence_card(self) -> Card:
        """The defenders' card: one that leaves the goal side fewest tricks (seeded ties)."""
        pos = self.position
        result = dd.solve(pos.hands, pos.trump, pos.leader, pos.played)
        best = sorted(c for c, t in result.tricks.items() if t == result.best)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def play_defence(self) -> Card:
        """Play the defenders' card and return it."""
        if self.is_over or self.user_to_play:
            raise ProblemError("it is not the defenders' turn")
        card = self.defence_card()
        self._apply(card)
        return card


# ---------------------------------------------------------------- files
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_CARD = re.compile(r"^\((.+)\)$")


def _data_dir() -> Path:
    return Path(str(resources.files("cavendish.analysis").joinpath("data", "problems")))


def problem_names() -> list[str]:
    """The names of the problems in the library, in library order (by ``Board``).

    >>> problem_names()[:2]
    ['vienna', 'boston']
    """
    return [p.name for p in list_problems()]


_LIBRARY: dict[str, Problem] = {}


def _library() -> dict[str, Problem]:
    if not _LIBRARY:
        found = [read_problem_file(path) for path in sorted(_data_dir().glob("*.pbn"))]
        found.sort(key=lambda p: (p.board or 10**6, p.name))
        for p in found:
            _LIBRARY[p.name] = p
    return _LIBRARY


def list_problems() -> list[Problem]:
    """Every problem of the library, in library order."""
    return list(_library().values())


def load_problem(name: str) -> Problem:
    """The problem called ``name``; :class:`UnknownProblem` (naming them all) if none is.

    >>> load_problem("vienna").goal_text
    'NS to take all 13 tricks'
    >>> load_problem("nowhere")
    Traceback (most recent call last):
    ...
    cavendish.analysis.problems.UnknownProblem: unknown problem 'nowhere': expected one of ...
    """
    lib = _library()
    key = name.strip().lower()
    if key not in lib:
        raise UnknownProblem(f"unknown problem {name!r}: expected one of {', '.join(lib)}")
    return lib[key]


def read_problem_file(path: str | Path) -> Problem:
    """Read one problem file; its name is the file's stem."""
    p = Path(path)
    return parse_problem(p.read_text(encoding="utf-8"), name=p.stem, source=str(p))


@dataclass
class _Section:
    kind: LineKind
    name: str
    line: int
    rows: list[tuple[int, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _tokens(text: str, source: str) -> Iterator[tuple[str, int, str, str]]:
    """("tag", line, name, value), ("comment", line, text, ""), ("text", line, text, "")."""
    i = 0
    n = len(text)
    line = 1
    buf: list[str] = []
    buf_line = 1

    def flush() -> Iterator[tuple[str, int, str, str]]:
        chunk = "".join(buf).strip()
        buf.clear()
        if chunk:
            yield ("text", buf_line, chunk, "")

    while i < n:
        ch = text[i]
        if ch == "{":
            end = text.find("}", i)
            if end < 0:
                raise ProblemError(f"{source}, line {line}: a comment '{{' is never closed")
            yield from flush()
            body = text[i + 1 : end]
            yield ("comment", line, " ".join(body.split()), "")
            line += body.count("\n")
            i = end + 1
            buf_line = line
        elif ch == "[":
            m = _TAG.match(text, i)
            if m is None:
                bad = text[i : text.find("\n", i) if "\n" in text[i:] else n]
                raise ProblemError(
                    f'{source}, line {line}: bad tag {bad!r}: expected [Name "value"]'
                )
            yield from flush()
            yield ("tag", line, m.group(1), m.group(2).replace('\\"', '"'))
            i = m.end()
            buf_line = line
        elif ch == "\n":
            yield from flush()
            line += 1
            i += 1
            buf_line = line
        elif ch == ";" or (ch == "%" and text[i - 1 : i] in ("", "\n")):
            end = text.find("\n", i)
            i = n if end < 0 else end
        else:
            if not buf:
                buf_line = line
            buf.append(ch)
            i += 1
    yield from flush()


def parse_problem(text: str, *, name: str, source: str | None = None) -> Problem:
    """Read a problem from the text of its PBN file.

    >>> text = '''[Deal "N:A... K... .A.. .K.."]
    ... [Trump "S"] [Leader "N"] [Goal "NS 1"]'''
    >>> parse_problem(text, name="tiny").goal_text
    'NS to take all 1 tricks'
    >>> parse_problem('[Deal "N:A... K... .A.. .K.."] [Trump "S"] [Leader "N"]', name="x")
    Traceback (most recent call last):
    ...
    cavendish.analysis.problems.ProblemError: x: missing tag [Goal "NS 13"]: the side and its tricks
    """
    where = source or name
    tags: list[tuple[str, str]] = []
    tag_lines: dict[str, int] = {}
    comments: list[str] = []
    sections: list[_Section] = []
    current: _Section | None = None
    for kind, line, a, b in _tokens(text, where):
        if kind == "tag":
            if a in ("Solution", "Try"):
                current = _Section("solution" if a == "Solution" else "try", b, line)
                sections.append(current)
            else:
                current = None
                tags.append((a, b))
                tag_lines.setdefault(a, line)
        elif kind == "comment":
            (current.notes if current is not None else comments).append(a)
        else:
            if current is None:
                raise ProblemError(f"{where}, line {line}: unexpected text {a!r} outside a section")
            current.rows.append((line, a))
    tagd: dict[str, str] = {}
    for k, v in tags:
        tagd.setdefault(k, v)

    def need(tag: str, what: str) -> str:
        if tag not in tagd:
            raise ProblemError(f"{where}: missing tag [{tag} {what}")
        return tagd[tag]

    def fail(tag: str, what: str) -> ProblemError:
        return ProblemError(f"{where}, line {tag_lines.get(tag, 0)}: [{tag}]: {what}")

    hands = _parse_deal(need("Deal", '"N:AK.Q..."]: the four hands'), fail)
    if "Trump" in tagd:
        try:
            trump = Suit.parse(tagd["Trump"])
        except CardParseError as exc:
            raise fail("Trump", str(exc)) from None
    elif "TrumpCard" in tagd:
        try:
            trump = Card.parse(tagd["TrumpCard"]).suit
        except CardParseError as exc:
            raise fail("TrumpCard", str(exc)) from None
    else:
        raise ProblemError(
            f'{where}: missing tag [Trump "S"] (or [TrumpCard "S2"]): the trump suit'
        )
    try:
        leader = Seat.parse(need("Leader", '"S"]: the seat that leads'))
    except CardParseError as exc:
        raise fail("Leader", str(exc)) from None
    side, tricks = _parse_goal(need("Goal", '"NS 13"]: the side and its tricks'), fail)
    n = hands[0].bit_count()
    if not 1 <= tricks <= n:
        raise fail("Goal", f"{tricks} tricks, but each hand holds {n} cards")
    board = 0
    if "Board" in tagd:
        try:
            board = int(tagd["Board"])
        except ValueError:
            raise fail("Board", f"{tagd['Board']!r} is not a number") from None
    problem = Problem(
        name=name,
        title=tagd.get("Title", tagd.get("Event", name)),
        source=tagd.get("Source", ""),
        hands=hands,
        trump=trump,
        leader=leader,
        side=side,
        tricks=tricks,
        commentary="\n\n".join(comments),
        board=board,
        tags=tuple(tags),
    )
    lines = [_parse_line(problem, s, where) for s in sections]
    return replace(
        problem,
        solutions=tuple(ln for ln in lines if ln.kind == "solution"),
        tries=tuple(ln for ln in lines if ln.kind == "try"),
    )


def _parse_deal(text: str, fail: object) -> tuple[int, int, int, int]:
    assert callable(fail)
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise fail("Deal", f"{t!r}: expected a first seat and a colon, as N:AK.Q2.J.T9")
    try:
        first = Seat.parse(t[0])
    except CardParseError as exc:
        raise fail("Deal", f"{t!r}: {exc}") from None
    parts = t[2:].split()
    if len(parts) != 4:
        raise fail("Deal", f"{t!r}: expected four hands, found {len(parts)}")
    hands = [0, 0, 0, 0]
    for i, part in enumerate(parts):
        try:
            hands[first.offset(i)] = parse_pbn_hand(part)
        except DealError as exc:
            raise fail("Deal", str(exc)) from None
    out = (hands[0], hands[1], hands[2], hands[3])
    try:
        Position.make(out, Suit.S, Seat.N)
    except PositionError as exc:
        raise fail("Deal", str(exc)) from None
    return out


def _parse_goal(text: str, fail: object) -> tuple[Side, int]:
    assert callable(fail)
    parts = text.split()
    if len(parts) != 2 or not parts[1].isdigit():
        raise fail("Goal", f"{text!r}: expected a side and a number of tricks, as NS 13")
    try:
        side = Side.parse(parts[0])
    except CardParseError as exc:
        raise fail("Goal", str(exc)) from None
    return side, int(parts[1])


def _parse_line(problem: Problem, section: _Section, where: str) -> Line:
    cards: list[Card] = []
    supplied: set[int] = set()
    pos = problem.start()
    for lineno, row in section.rows:
        words = row.replace(",", " ").split()
        here = f"{where}, line {lineno} ([{section.kind.title()} {section.name!r}])"
        if pos.tricks_left == 0:
            raise ProblemError(f"{here}: the hand is over, but the line goes on: {row!r}")
        try:
            seat = Seat.parse(words[0])
        except CardParseError as exc:
            raise ProblemError(
                f"{here}: a trick starts with the seat that leads it: {exc}"
            ) from None
        if pos.played or seat != pos.leader:
            raise ProblemError(f"{here}: {pos.leader} leads this trick, not {seat}")
        if not 1 <= len(words) - 1 <= 4:
            raise ProblemError(f"{here}: a trick has one to four cards, not {len(words) - 1}")
        for word in words[1:]:
            m = _CARD.match(word)
            try:
                card = Card.parse(m.group(1) if m else word)
            except CardParseError as exc:
                raise ProblemError(f"{here}: {exc}") from None
            if not pos.legal_mask() >> card & 1:
                seat_now = pos.to_play
                why = (
                    f"{seat_now} does not hold it"
                    if not pos.hands[seat_now] >> card & 1
                    else f"{seat_now} must follow {Suit(pos.played[0] // 13).word}"
                )
                raise ProblemError(f"{here}: {card} is illegal: {why}")
            if m:
                supplied.add(len(cards))
            cards.append(card)
            pos = pos.play(card)
    return Line(
        name=section.name,
        kind=section.kind,
        cards=tuple(cards),
        note="\n".join(section.notes),
        supplied=frozenset(supplied),
    )


def format_line(problem: Problem, line: Line) -> list[str]:
    """A line as text, one trick a row: ``1. S: ♥5 ♠Q ♦3 ♣5`` (supplied cards in brackets).

    >>> p = load_problem("vienna")
    >>> format_line(p, p.solutions[0])[:2]
    ['1. S: ♣A (♣2) (♣6) (♣9)', '2. S: ♣K (♣4) (♣7) (♣10)']
    """
    rows: list[str] = []
    pos = problem.start()
    parts: list[str] = []
    leader = pos.leader
    for i, card in enumerate(line.cards):
        if not pos.played:
            leader = pos.leader
        text = card.suit.symbol + ("10" if str(card)[1] == "T" else str(card)[1])
        parts.append(text if line.is_printed(i) else f"({text})")
        finished = len(pos.played) == 3
        pos = pos.play(card)
        if finished:
            rows.append(f"{len(rows) + 1}. {leader}: {' '.join(parts)}")
            parts = []
    if parts:
        rows.append(f"{len(rows) + 1}. {leader}: {' '.join(parts)}")
    return rows


def hand_text(mask: int) -> str:
    """A hand by suit on one line: ``♠ A 2  ♥ —  ♦ 3  ♣ —``.

    >>> hand_text((1 << 12) | (1 << 0) | (1 << 27))
    '♠ A 2  ♥ —  ♦ 3  ♣ —'
    """
    out: list[str] = []
    for suit in Suit:
        ranks = [c for c in reversed(cards_of(mask)) if c.suit == suit]
        body = " ".join("10" if str(c)[1] == "T" else str(c)[1] for c in ranks) or "—"
        out.append(f"{suit.symbol} {body}")
    return "  ".join(out)

"""PBN 2.1 (Portable Bridge Notation) for whist: write hand records and read them back.

Design note
-----------
PBN is the bridge world's text format for deals and their play.  Whist has the
deal and the play but no auction, so a whist board is written as a PBN game with
the fifteen mandatory tags, the ``Play`` section and a few tags of our own
(``docs/pbn.md`` in the repository describes the format in full):

* ``Declarer`` and ``Contract`` are ``""``: PBN 2.1 (3.4) gives a mandatory tag
  that is *inappropriate* to a game as an empty string.  ``Vulnerable`` is
  ``"None"``, ``Scoring`` is ``"Whist"`` and ``Result`` is the tricks of both
  sides, ``"NS 7 EW 6"`` (3.4.15), counted over the tricks completed.
* ``[Claim "S 5"]``: the hand ended by a claim (or a concession, ``"S 0"``) accepted
  after the last card played, which the play section marks with ``*`` (PBN 2.1): the
  claimer's seat and the tricks his side took of those left.  Every claim, accepted
  or refused, is also a row of the ``Irregularities`` table (``Claim``), as are
  cards taken back in practice (``TakenBack``) and a wrong call at eight with the
  adversaries' election (``WrongCall``: long whist, 001; a hand made void by a fresh
  deal is kept, unfinished, before the deal that replaces it), their events in
  ``Detail``.
* ``[TrumpCard "C3"]`` is the card turned up (it must be in the dealer's hand),
  ``[Variant "short"]`` the rule-set, ``[Dummies "N"]`` the exposed hands, and
  where two packs are used, as clubs play (000), ``[Pack "N-S"]`` the side whose pack
  was dealt (laws 30-31).
* The old games (000, :mod:`cavendish.core.old_games`) deal twelve cards a hand: the
  ``Deal`` tag holds four hands of twelve (whisk: the deuces out), and the play is
  twelve tricks.  Ruff-and-honours adds ``[Stock "4.A.6.7"]``, the four cards left
  undealt (as a PBN hand), whose top card is the ``TrumpCard``; its ruff is a row of
  the ``Irregularities`` table (``Ruffed``, at 0 cards played, ``Detail`` the event's
  JSON with the cards taken in and put out).  Whisk-and-swabbers adds
  ``[Swabbers "E HA;W CJ"]`` (who held which swabbers) and ``[Stakes "N -2;E +2;S -2;W +2"]``
  (each seat's stakes of the hand), both as the deal gives them; the reader refuses
  either where the deal gives otherwise.
* ``[Play "W"]`` starts at the eldest hand (the opening leader); each line is a
  trick, its columns fixed by seat in the order N E S W rotated to start at the
  eldest hand; ``-`` marks a card not played and ``*`` ends an unfinished play.
  A revoke is written ``^R`` before its card (3.9).
* ``[Irregularities "Played;Seat;Event;Card;Detail"]`` is a supplemental table
  (chapter 5) after the play, one row per event that is not a card played to a
  trick: a card played out of turn (which stays exposed in the hand), a card
  exposed, a call of honours at eight; ``Played`` is the number of cards played
  before it.
* A hand played under the laws arbiter (:mod:`cavendish.laws`) writes its play from
  its tricks as they stand (a card taken back is not there, a card counted to an
  imperfect trick is, law 69; ``-`` for a card not played to a trick, laws 46, 69,
  70), and its table has a row for every other event of its log: rulings,
  elections, calls, cards taken back (``Withdrawn``, and the card played then
  taken back, ``Play``), changes of leader, cards not played or mislaid.  These
  rows carry the whole event in ``Detail``, as the JSON of
  :func:`~cavendish.core.events.event_to_dict`; ``Played`` counts the standing
  plays before the event.  The reader rebuilds the log by replaying the hand in
  "laws" mode, in order, so that every ruling is in the record.

The writer follows the export format: ``% PBN 2.1`` and ``% EXPORT`` first,
CRLF line ends, the mandatory tags in order, then the supplemental tags in
alphabetical order, then the sections, and an empty line before each game but
the first.  The reader takes the import format: tags in any order or on one line,
white space inside tag pairs, ``{...}`` and ``;`` comments, ``%`` escape lines,
LF or CRLF, lower-case cards, play annotations (``!``, ``=1=``, ``$12``), ``+``,
inherited values ``#`` and ``##`` (4.8), unknown tags and sections (skipped).
It checks the syntax, the deal and that every card is a card, but not the
legality of the play: that is :meth:`HandRecord.replay`'s job.

>>> import random
>>> from cavendish.core.state import HandState
>>> from cavendish.core.table import deal_cards
>>> state = HandState(deal_cards(random.Random(2), Seat.S))
>>> for _ in range(5):
...     _ = state.play(state.legal_cards()[0])
>>> rec = HandRecord.from_state(state, variant="short", board=1)
>>> text = write_pbn([rec])
>>> print(text.replace("\\r\\n", "\\n"), end="")
% PBN 2.1
% EXPORT
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Board "1"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "S"]
[Vulnerable "None"]
[Deal "S:KJT7.92.9.AJT953 AQ52.T6.AKT8762. 64.AQJ54.QJ.Q842 983.K873.543.K76"]
[Scoring "Whist"]
[Declarer ""]
[Contract ""]
[Result "NS 1 EW 0"]
[TrumpCard "SK"]
[Variant "short"]
[Play "W"]
S2 S4 S3 S7
- - - ST
*
>>> read_pbn(text) == [rec]
True
>>> read_pbn('[Deal "N:AKQ"]', source="bad.pbn")
Traceback (most recent call last):
...
cavendish.io.pbn.PBNError: bad.pbn, line 1 (board 1): bad Deal 'N:AKQ': expected four hands, found 1
"""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from os import PathLike
from pathlib import Path
from typing import NamedTuple

from ..core.cards import FULL_PACK, Card, CardParseError, Seat, format_hand
from ..core.deal import Deal, parse_pbn_hand
from ..core.errors import DealError, RecordFileError, WhistError
from ..core.events import (
    LAWS_EVENTS,
    CardExposed,
    CardPlayed,
    Claimed,
    Event,
    HonoursCalled,
    PlayOutOfTurn,
    SurplusPlayed,
    event_to_dict,
    settled_claim,
)
from ..core.old_games import check_deal
from ..core.rules import UnknownVariant, get_rules
from ..core.state import HandState, standing_plays, trick_winner
from ..scoring.swabbers import held_swabbers, stakes
from .files import write_atomic
from .record import (
    UNKNOWN_DATE,
    HandRecord,
    RecordError,
    event_from_json,
    log_from_plays,
    split_tricks,
)

__all__ = [
    "PBNError",
    "PBNWarning",
    "read_pbn",
    "read_pbn_file",
    "swabber_tags",
    "write_pbn",
    "write_pbn_file",
]

EOL = "\r\n"
"""PBN 2.1 (2.3): the export format ends each line with CR LF."""
IRREGULARITY_COLUMNS = ("Played", "Seat", "Event", "Card", "Detail")
"""The columns of the ``Irregularities`` table as we write it."""
_EVENT_NAMES = {"out_of_turn": "OutOfTurn", "exposed": "Exposed", "honours_called": "HonoursCalled"}
_LAWS_NAMES = {
    "play": "Play",
    "called": "Called",
    "withdrawn": "Withdrawn",
    "covered": "Covered",
    "leader": "Leader",
    "omitted": "Omitted",
    "surplus": "Surplus",
    "mislaid": "Mislaid",
    "restored": "Restored",
    "ruling": "Ruling",
    "elected": "Elected",
}
"""The Irregularities ``Event`` of each laws event kind (its ``Detail`` is the event's JSON)."""
_LAWS_KINDS = {name: kind for kind, name in _LAWS_NAMES.items()}
_TABLE_NAMES = {
    "claim": "Claim", "taken_back": "TakenBack", "ruffed": "Ruffed", "wrong_call": "WrongCall",
    "honours_claimed": "HonoursClaimed",
}
"""The Irregularities ``Event`` of the game driver's events (claims, cards taken back in
practice); as for the laws events, ``Detail`` is the event's JSON."""
_DETAIL_KINDS = {**_LAWS_KINDS, **{name: kind for kind, name in _TABLE_NAMES.items()}}
_SEAT_LETTERS = "NESW"


class _Located(Exception):
    """A message about a PBN text that names the source, the line and the board."""

    def __init__(
        self,
        what: str,
        *,
        source: str | None = None,
        line: int | None = None,
        board: int | None = None,
    ) -> None:
        self.what = what
        self.source = source
        self.line = line
        self.board = board
        where = source or ""
        if line is not None:
            where += f", line {line}" if where else f"line {line}"
        if board is not None:
            where += f" (board {board})" if where else f"board {board}"
        super().__init__(f"{where}: {what}" if where else what)


class PBNError(_Located, RecordFileError):
    """A PBN text cannot be read (or a record cannot be written as PBN).

    The message names the source, the line, the board where known, and the fault.
    """


class PBNWarning(_Located, UserWarning):
    """A PBN text read with a change it does not spell out (a date's time dropped),
    issued with :func:`warnings.warn`; the message names the source, the line and the
    board as :class:`PBNError`'s does."""


# ======================================================================= writing
def write_pbn(records: Iterable[HandRecord]) -> str:
    """PBN 2.1 export format text of the records, one game per board, in the order given."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for k, rec in enumerate(records):
        if k:
            lines.append("")
        lines.extend(_game_lines(rec))
    return EOL.join(lines) + EOL


def write_pbn_file(records: Iterable[HandRecord], path: str | PathLike[str]) -> None:
    """Write the records to ``path``: ISO 8859-1 as PBN asks when every character fits,
    otherwise UTF-8.  The file is written whole (:func:`~cavendish.io.files.write_atomic`)."""
    text = write_pbn(records)
    try:
        data = text.encode("latin-1")
    except UnicodeEncodeError:
        data = text.encode("utf-8")
    write_atomic(path, data)


def _quote(value: str, rec: HandRecord, what: str) -> str:
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in value):
        raise PBNError(
            f"the {what} {value!r} holds a line break, tab or other control character, "
            "which a PBN string may not",
            board=rec.board,
        )
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _laws_rows(rec: HandRecord) -> tuple[list[dict[Seat, str]], tuple[int, int], bool]:
    """The play of a hand under the laws as its tricks stand: a row per trick (seat to
    the card's text, ``^R`` before a revoke), the tricks won, and whether it is over."""
    try:
        state = rec.replay()
    except RecordError as exc:
        raise PBNError(
            f"the event log cannot be replayed, so it cannot be written as PBN: {exc}",
            board=rec.board,
        ) from None
    revoked = {int(e.card) for e in standing_plays(state.events) if e.revoke}
    tricks = [t.plays() for t in state.tricks]
    if state.current_seats:
        tricks.append(state.current_trick)
    rows = [
        {seat: ("^R " if card in revoked else "") + str(card) for seat, card in plays}
        for plays in tricks
    ]
    return rows, (state.tricks_won(0), state.tricks_won(1)), state.is_over


def _game_lines(rec: HandRecord) -> list[str]:
    if rec.events and not rec.laws:
        expected = log_from_plays(rec.deal, rec.plays, revokes=rec.revokes, extras=rec.extras)
        if expected != rec.events:
            bad = next(
                (a for a, b in zip(rec.events, expected, strict=False) if a != b), rec.events[-1]
            )
            raise PBNError(
                f"the event log does not follow from the cards played (at {bad}), "
                "so it cannot be written as PBN; replay() tells why",
                board=rec.board,
            )
    deal = rec.deal
    names = dict(zip(Seat, rec.players, strict=True))
    if rec.laws:
        rows, (ns, ew), over = _laws_rows(rec)
    else:
        rows, over = _regular_rows(rec), len(rec.plays) == 4 * deal.hand_size
        ns, ew = rec.tricks_won()
    tags: list[tuple[str, str]] = [
        ("Event", rec.event or "?"),
        ("Site", rec.site or "?"),
        ("Date", rec.date or UNKNOWN_DATE),
        ("Board", str(rec.board)),
        ("West", names[Seat.W] or "?"),
        ("North", names[Seat.N] or "?"),
        ("East", names[Seat.E] or "?"),
        ("South", names[Seat.S] or "?"),
        ("Dealer", str(deal.dealer)),
        ("Vulnerable", "None"),
        ("Deal", deal.to_pbn()),
        ("Scoring", "Whist"),
        ("Declarer", ""),
        ("Contract", ""),
        ("Result", f"NS {ns} EW {ew}"),
    ]
    claim = settled_claim(rec.events)
    if claim is not None:  # the play ends with '*' after the last card played (PBN 2.1)
        tags.append(("Claim", f"{claim.seat} {claim.tricks}"))
        ns += claim.tricks if claim.seat.side == 0 else claim.remaining - claim.tricks
        ew += claim.tricks if claim.seat.side == 1 else claim.remaining - claim.tricks
        tags[14] = ("Result", f"NS {ns} EW {ew}")
    if rec.dummies:
        tags.append(("Dummies", "".join(str(s) for s in rec.dummies)))
    if deal.stock:
        tags.append(("Stock", format_hand(deal.stock)))
    if get_rules(rec.variant).swabbers:
        held, staked = swabber_tags(deal, rec.variant)
        tags.append(("Stakes", staked))
        tags.append(("Swabbers", held))
    if rec.pack:
        tags.append(("Pack", rec.pack))
    tags.append(("TrumpCard", str(deal.trump_card)))
    tags.append(("Variant", rec.variant))
    given = {"Event": rec.event, "Site": rec.site}
    given.update((seat.word, name) for seat, name in names.items())
    for name, value in given.items():
        if value in ("#", "?") or value.startswith("##"):
            raise PBNError(
                f"the {name} {value!r} cannot be written: PBN reads a value '#' as the "
                "previous game's, '##...' as one for the games after it (4.8) and '?' "
                "as unknown (3.4)",
                board=rec.board,
            )
    lines = [f"[{name} {_quote(value, rec, name)}]" for name, value in tags]
    eldest = deal.eldest
    lines.append(f'[Play "{eldest}"]')
    for row in rows:
        lines.append(" ".join(row.get(eldest.offset(column), "-") for column in range(4)))
    if not over:
        lines.append("*")
    if rec.extras:
        lines.append(f'[Irregularities "{";".join(IRREGULARITY_COLUMNS)}"]')
        for position, event in rec.extras:
            lines.append(_irregularity_row(position, event, rec))
    return lines


def swabber_tags(deal: Deal, variant: str) -> tuple[str, str]:
    """Whisk-and-swabbers (000): the ``Swabbers`` tag (who held which swabbers at the
    start of play, ``"-"`` when nobody did) and the ``Stakes`` tag (what each seat won
    or paid for them this hand), both as the deal gives them.

    >>> from cavendish.core.table import deal_for
    >>> import random
    >>> rules = get_rules("swabbers")
    >>> swabber_tags(deal_for(rules, random.Random(1), Seat.N), "swabbers")
    ('E HA;W CJ', 'N -2;E +2;S -2;W +2')
    """
    state = HandState(deal, get_rules(variant))
    held = ";".join(f"{seat} {' '.join(str(c) for c in cards)}"
                    for seat, cards in sorted(held_swabbers(state).items()))
    return held or "-", ";".join(f"{seat} {won:+d}" for seat, won in zip(Seat, stakes(state),
                                                                           strict=True))


def _regular_rows(rec: HandRecord) -> list[dict[Seat, str]]:
    """The play four cards a trick, each trick led by the winner of the one before."""
    revoked = set(rec.revokes)
    rows: list[dict[Seat, str]] = []
    start = 0
    for leader, cards in split_tricks(rec.deal, rec.plays):
        rows.append(
            {
                leader.offset(j): ("^R " if start + j in revoked else "") + str(card)
                for j, card in enumerate(cards)
            }
        )
        start += len(cards)
    return rows


def _irregularity_row(position: int, event: Event, rec: HandRecord) -> str:
    if isinstance(event, PlayOutOfTurn):
        return f"{position} {event.seat} OutOfTurn {event.card} -"
    if isinstance(event, CardExposed):
        return f"{position} {event.seat} Exposed {event.card} {_quote(event.reason, rec, 'reason')}"
    if isinstance(event, HonoursCalled):
        return f"{position} {event.seat} HonoursCalled - {event.honours}"
    name = _LAWS_NAMES.get(event.kind) or _TABLE_NAMES.get(event.kind)
    if name is not None:
        card = getattr(event, "card", None)
        detail = json.dumps(event_to_dict(event), ensure_ascii=True)
        return (
            f"{position} {event.seat} {name} {card if card is not None else '-'} "  # type: ignore[union-attr]
            f"{_quote(detail, rec, 'event')}"
        )
    raise PBNError(f"cannot write the event {event!r}", board=rec.board)


# ======================================================================= reading
def read_pbn_file(path: str | PathLike[str]) -> list[HandRecord]:
    """Read a PBN file (UTF-8, else ISO 8859-1); errors name the file."""
    data = Path(path).read_bytes()
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    return read_pbn(text, source=str(path))


def read_pbn(text: str, *, source: str = "<string>") -> list[HandRecord]:
    """Read every board of a PBN text, in order.

    Raises :class:`PBNError` naming ``source``, the line and the fault for bad tag
    syntax, a deal that is not 52 distinct cards 13 to each hand, a trump card
    missing or not in the dealer's hand, an unknown variant or a card that is not a
    card.  The legality of the play is not judged here (see ``HandRecord.replay``).
    """
    reader = _Reader(source)
    records: list[HandRecord] = []
    for game in _split_games(_tokenize(text.removeprefix("\ufeff"), source)):
        rec = reader.game(game, len(records) + 1)
        if rec is not None:
            records.append(rec)
    return records


class _Token(NamedTuple):
    kind: str
    """``[``, ``]``, ``str`` (a quoted string), ``word`` or ``gap`` (a semi-empty line)."""
    text: str
    line: int


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SPACE = " \t\v\f"
_WORD_STOP = frozenset(_SPACE + '[]{};"')
_NAME = re.compile(r"\A[A-Za-z0-9_]+\Z")


def _tokenize(text: str, source: str) -> list[_Token]:
    tokens: list[_Token] = []
    comment_from = 0  # the line where an open brace comment began
    for lineno, line in enumerate(_LINE_BREAK.split(text), start=1):
        if not comment_from:
            if line.startswith("%"):
                continue  # 2.4: escape line
            if not line.strip(_SPACE):
                tokens.append(_Token("gap", "", lineno))
                continue
        i, n = 0, len(line)
        while i < n:
            if comment_from:
                end = line.find("}", i)
                if end < 0:
                    break
                comment_from = 0
                i = end + 1
                continue
            ch = line[i]
            if ch in _SPACE:
                i += 1
            elif ch == ";":
                break
            elif ch == "{":
                comment_from = lineno
                i += 1
            elif ch in "[]":
                tokens.append(_Token(ch, ch, lineno))
                i += 1
            elif ch == "}":
                raise PBNError("'}' without an opening '{'", source=source, line=lineno)
            elif ch == '"':
                i = _read_string(line, i, lineno, source, tokens)
            else:
                j = i
                while j < n and line[j] not in _WORD_STOP:
                    j += 1
                tokens.append(_Token("word", line[i:j], lineno))
                i = j
    if comment_from:
        raise PBNError(
            "unterminated comment: '{' has no closing '}'", source=source, line=comment_from
        )
    return tokens


def _read_string(line: str, i: int, lineno: int, source: str, out: list[_Token]) -> int:
    buf: list[str] = []
    j = i + 1
    while j < len(line):
        ch = line[j]
        if ch == "\\" and j + 1 < len(line) and line[j + 1] in '"\\':
            buf.append(line[j + 1])
            j += 2
        elif ch == '"':
            out.append(_Token("str", "".join(buf), lineno))
            return j + 1
        else:
            buf.append(ch)
            j += 1
    raise PBNError(
        f"unterminated string {line[i:].strip()!r}: no closing quote on the line",
        source=source,
        line=lineno,
    )


def _split_games(tokens: list[_Token]) -> list[list[_Token]]:
    games: list[list[_Token]] = [[]]
    for tok in tokens:
        if tok.kind == "gap":
            if games[-1]:
                games.append([])
        else:
            games[-1].append(tok)
    return [g for g in games if g]


def _show(tok: _Token) -> str:
    return f'"{tok.text}"' if tok.kind == "str" else repr(tok.text)


@dataclass
class _Tag:
    name: str
    value: str
    line: int
    data: list[_Token] = field(default_factory=list)


# tags that may not inherit a value with "#" (4.8), and our own deal-bound tags
_NO_INHERIT = frozenset(
    {
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Auction",
        "Play",
        "Note",
        "TrumpCard",
        "Stock",
        "Swabbers",
        "Stakes",
        "Pack",
        "Irregularities",
    }
)
# tags that take no section data after them
_PLAIN = frozenset(
    {
        "Event",
        "Site",
        "Date",
        "Board",
        "West",
        "North",
        "East",
        "South",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Scoring",
        "Declarer",
        "Contract",
        "Result",
        "TrumpCard",
        "Stock",
        "Variant",
        "Dummies",
        "Swabbers",
        "Stakes",
        "Pack",
    }
)
_UNKNOWN = frozenset({"", "?"})
_PLAY_PIECE = re.compile(
    r"(?P<mark>\^[A-Za-z])|(?P<card>[A-Za-z0-9]+)|(?P<skip>[-+])|(?P<end>\*)"
    r"|(?P<note>[!?]{1,2}|=\d+=|\$\d+)"
)
_DATE = re.compile(r"\A[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}\Z")
_DATE_TIME = re.compile(
    r"\A([0-9?]{4})([.-])([0-9?]{2})\2([0-9?]{2})[ T]+[0-9]{1,2}:[0-9]{2}(?::[0-9]{2})?\Z"
)
"""A date written with a time, as BBO writes it (``2021-04-03 05:06``)."""


class _Reader:
    """Reads games one by one, remembering inherited tag values (4.8)."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.previous: dict[str, str] = {}
        self.sticky: dict[str, str] = {}

    def fail(self, what: str, line: int, board: int | None = None) -> PBNError:
        return PBNError(what, source=self.source, line=line, board=board)

    # -------------------------------------------------------------- tag pairs
    def tags(self, tokens: list[_Token]) -> list[_Tag]:
        out: list[_Tag] = []
        i = 0
        n = len(tokens)
        while i < n:
            tok = tokens[i]
            if tok.kind == "[":
                name = tokens[i + 1] if i + 1 < n else None
                if name is None or name.kind != "word" or not _NAME.match(name.text):
                    found = f", found {_show(name)}" if name is not None else ""
                    raise self.fail(
                        f"bad tag syntax: expected a tag name after '['{found}", tok.line
                    )
                value = tokens[i + 2] if i + 2 < n else None
                if value is None or value.kind != "str":
                    found = f" (found {_show(value)})" if value is not None else ""
                    raise self.fail(
                        f"bad tag syntax: the tag {name.text} has no value in double quotes{found}",
                        tok.line,
                    )
                close = tokens[i + 3] if i + 3 < n else None
                if close is None or close.kind != "]":
                    found = f", found {_show(close)}" if close is not None else ""
                    raise self.fail(
                        f"bad tag syntax: the tag [{name.text} ...] is not closed by ']'{found}",
                        tok.line,
                    )
                out.append(_Tag(name.text, value.text, tok.line))
                i += 4
            elif tok.kind == "]":
                raise self.fail("bad tag syntax: ']' without '['", tok.line)
            elif not out:
                raise self.fail(f"unexpected {_show(tok)} before the first tag", tok.line)
            else:
                out[-1].data.append(tok)
                i += 1
        return out

    # -------------------------------------------------------------- one game
    def game(self, tokens: list[_Token], index: int) -> HandRecord | None:
        tags = self.tags(tokens)
        first: dict[str, _Tag] = {}
        for tag in tags:
            if tag.name == "Deal" and "Deal" in first:
                raise self.fail(
                    f"a second Deal tag in the game that began at line {tokens[0].line} "
                    f"(the first is at line {first['Deal'].line}): two boards run together? "
                    "PBN separates games by an empty line",
                    tag.line,
                )
            first.setdefault(tag.name, tag)  # 3.4: a tag that already occurred is ignored
        start = tokens[0].line
        values: dict[str, str] = {}
        for name, tag in first.items():
            value = tag.value
            if value.startswith("#"):
                if name in _NO_INHERIT:
                    raise self.fail(f"the tag {name} may not inherit a value ('#')", tag.line)
                if value.startswith("##"):
                    value = value[2:]
                    self.sticky[name] = value
                elif value == "#":
                    value = self.previous.get(name, "")
            values[name] = value
        header_only = all(t.value.startswith("##") for t in first.values())
        for name, value in self.sticky.items():
            values.setdefault(name, value)
        self.previous = dict(values)
        if "Deal" not in first:
            if header_only:
                return None
            raise self.fail("no Deal tag: a whist board needs the whole deal", start)

        board_tag = first.get("Board")
        board = self.board(values.get("Board", ""), board_tag.line if board_tag else start, index)
        for name, tag in first.items():
            if name in _PLAIN and tag.data:
                raise self.fail(
                    f"unexpected {_show(tag.data[0])} after the tag [{name} ...]",
                    tag.data[0].line,
                    board,
                )
        deal = self.deal(first, board, start)
        variant_tag = first.get("Variant")
        variant = values.get("Variant", "")
        variant = "short" if variant in _UNKNOWN else variant
        try:
            rules = get_rules(variant)
        except UnknownVariant as exc:
            raise self.fail(str(exc), variant_tag.line if variant_tag else start, board) from None
        try:
            check_deal(rules, deal)
        except DealError as exc:
            raise self.fail(f"bad Deal: {exc}", first["Deal"].line, board) from None
        self.check_swabbers(first, deal, variant, board)
        dummies_tag = first.get("Dummies")
        dummies = self.dummies(
            values.get("Dummies", ""), dummies_tag.line if dummies_tag else start, board
        )
        names = []
        for seat in Seat:
            name = values.get(seat.word, "")
            names.append("" if name in _UNKNOWN else name)
        date = values.get("Date", "")
        date_tag = first.get("Date")
        date_line = date_tag.line if date_tag else start
        if date in _UNKNOWN or date == UNKNOWN_DATE:
            date = ""
        elif (timed := _DATE_TIME.match(date)) is not None:
            day = "{}.{}.{}".format(*timed.group(1, 3, 4))
            warnings.warn(
                PBNWarning(
                    f"Date {date!r} has a time, which PBN's Date does not hold: read as {day}",
                    source=self.source,
                    line=date_line,
                    board=board,
                ),
                stacklevel=4,
            )
            date = day
        elif not _DATE.match(date):
            raise self.fail(
                f"bad Date {date!r}: expected YYYY.MM.DD (with ? for an unknown digit)",
                date_line,
                board,
            )
        play_tag = first.get("Play")
        slots = self.play_slots(play_tag, board) if play_tag is not None else []
        if play_tag is not None and slots:
            self.check_leader(play_tag, deal, board)
        rows: list[tuple[int, Event, int]] = []
        if "Irregularities" in first:
            cards = sum(1 for card, _, _ in slots if card is not None)
            rows = self.irregularities(first["Irregularities"], cards, board)
        plays: list[Card] = []
        events: tuple[Event, ...] = ()
        if any(isinstance(e, (CardPlayed, *LAWS_EVENTS)) for _, e, _ in rows):
            events = self.laws_log(play_tag, slots, deal, variant, dummies, rows, board)
            plays = [e.card for e in standing_plays(events)]
        else:
            revokes: list[int] = []
            if play_tag is not None:
                plays, revokes = self.play(play_tag, slots, deal, board)
            extras = [(played, e) for played, e, _ in rows]
            if "Claim" in first and settled_claim(e for _, e in extras) is None:
                extras.append((len(plays), self.claim(first["Claim"], deal, plays, board)))
            if plays or extras:
                events = log_from_plays(deal, plays, revokes=revokes, extras=extras)
        event, site = values.get("Event", ""), values.get("Site", "")
        try:
            return HandRecord(
                deal=deal,
                variant=variant,
                plays=tuple(plays),
                board=board,
                players=(names[0], names[1], names[2], names[3]),
                dummies=dummies,
                events=events,
                event="" if event in _UNKNOWN else event,
                site="" if site in _UNKNOWN else site,
                date=date,
                pack=values.get("Pack", ""),
            )
        except RecordError as exc:
            line = first["Pack"].line if "Pack" in first and "pack" in str(exc) else start
            raise self.fail(str(exc), line, board) from None

    def check_swabbers(self, tags: dict[str, _Tag], deal: Deal, variant: str,
                       board: int) -> None:
        """The ``Swabbers`` and ``Stakes`` tags, where given, must be what the deal gives
        at whisk-and-swabbers (:func:`swabber_tags`); another variant has no swabbers."""
        given = [tags[name] for name in ("Swabbers", "Stakes") if name in tags]
        if not given:
            return
        if not get_rules(variant).swabbers:
            raise self.fail(
                f"a {given[0].name} tag, but the variant {variant!r} has no swabbers "
                "(only whisk-and-swabbers, \"swabbers\", has)",
                given[0].line,
                board,
            )
        held, staked = swabber_tags(deal, variant)
        expected = {"Swabbers": held, "Stakes": staked}
        for tag in given:
            if " ".join(tag.value.split()) != expected[tag.name]:
                raise self.fail(
                    f"bad {tag.name} {tag.value!r}: the deal gives {expected[tag.name]!r}",
                    tag.line,
                    board,
                )

    def claim(self, tag: _Tag, deal: Deal, plays: list[Card], board: int) -> Claimed:
        """The ``[Claim "S 5"]`` tag of a file without our Irregularities row: the seat
        that claimed and the tricks his side took of those left, after the last card."""
        parts = tag.value.split()
        left = deal.hand_size - len(plays) // 4
        if (
            len(parts) != 2
            or parts[0].upper() not in _SEAT_LETTERS
            or not parts[1].isdigit()
            or int(parts[1]) > left
        ):
            raise self.fail(
                f"bad Claim {tag.value!r}: expected the claimer's seat and the tricks his "
                f"side took of the {left} left, as \"S {left}\"",
                tag.line,
                board,
            )
        return Claimed(Seat.parse(parts[0]), int(parts[1]), left, True, len(plays) // 4)

    def board(self, value: str, line: int, index: int) -> int:
        text = value.strip()
        if text in _UNKNOWN:
            return index
        if not text.isdigit() or int(text) < 1:
            raise self.fail(f"bad Board {value!r}: expected a positive integer", line)
        return int(text)

    def deal(self, tags: dict[str, _Tag], board: int, start: int) -> Deal:
        tag = tags["Deal"]
        text = tag.value.strip()
        m = re.match(r"\A([NESWnesw]):(.*)\Z", text)
        if m is None:
            raise self.fail(
                f"bad Deal {text!r}: expected the first seat and a colon, "
                "as N:AK72.QJ4.T9.8765 ...",
                tag.line,
                board,
            )
        first = Seat.parse(m.group(1))
        parts = m.group(2).split()
        if len(parts) != 4:
            raise self.fail(
                f"bad Deal {text!r}: expected four hands, found {len(parts)}", tag.line, board
            )
        if "-" in parts:
            raise self.fail(
                f"bad Deal {text!r}: a whist board needs all four hands, "
                f"but the hand of {first.offset(parts.index('-'))} is not given ('-')",
                tag.line,
                board,
            )
        hands = [0, 0, 0, 0]
        for i, part in enumerate(parts):
            try:
                hands[first.offset(i)] = parse_pbn_hand(part)
            except DealError as exc:
                raise self.fail(f"bad Deal: {exc}", tag.line, board) from None
        dealer_tag = tags.get("Dealer")
        dealer = first
        if dealer_tag is not None and dealer_tag.value.strip() not in _UNKNOWN:
            letter = dealer_tag.value.strip().upper()
            if len(letter) != 1 or letter not in _SEAT_LETTERS:
                raise self.fail(
                    f"bad Dealer {dealer_tag.value!r}: expected N, E, S or W",
                    dealer_tag.line,
                    board,
                )
            dealer = Seat.parse(letter)
        trump_tag = tags.get("TrumpCard")
        if trump_tag is None or trump_tag.value.strip() in _UNKNOWN:
            raise self.fail(
                'no TrumpCard tag: a whist deal needs the card turned up, as [TrumpCard "C3"]'
                + _bridge_hint(tags, dealer),
                trump_tag.line if trump_tag else tag.line,
                board,
            )
        try:
            trump = Card.parse(trump_tag.value)
        except CardParseError as exc:
            raise self.fail(f"bad TrumpCard: {exc}", trump_tag.line, board) from None
        stock = 0
        stock_tag = tags.get("Stock")
        if stock_tag is not None and stock_tag.value.strip() not in _UNKNOWN:
            try:
                stock = parse_pbn_hand(stock_tag.value)
            except DealError as exc:
                raise self.fail(f"bad Stock: {exc}", stock_tag.line, board) from None
        try:
            return Deal((hands[0], hands[1], hands[2], hands[3]), dealer, trump, stock)
        except DealError as exc:
            if stock:
                raise self.fail(f"bad Deal or Stock: {exc}", tag.line, board) from None
            whole = (
                all(h.bit_count() == 13 for h in hands)
                and (hands[0] | hands[1] | hands[2] | hands[3]) == FULL_PACK
            )
            if whole:  # the cards are right: the fault is the trump card's
                raise self.fail(f"bad TrumpCard: {exc}", trump_tag.line, board) from None
            raise self.fail(f"bad Deal: {exc}", tag.line, board) from None

    def dummies(self, value: str, line: int, board: int) -> tuple[Seat, ...]:
        text = value.strip().upper()
        if text in _UNKNOWN:
            return ()
        if any(ch not in _SEAT_LETTERS for ch in text) or len(set(text)) != len(text):
            raise self.fail(
                f'bad Dummies {value!r}: expected the dummies\' seats, as "N" or "NE"',
                line,
                board,
            )
        return tuple(Seat.parse(ch) for ch in text)

    # -------------------------------------------------------------- play section
    def play_slots(self, tag: _Tag, board: int) -> list[tuple[Card | None, bool, int]]:
        """The play section's cells in order, four a trick: (card or None, marked ``^R``,
        line)."""
        slots: list[tuple[Card | None, bool, int]] = []
        ended_at = 0
        mark = False
        for tok in tag.data:
            if tok.kind == "str":
                raise self.fail(
                    f"unexpected string {_show(tok)} in the play section", tok.line, board
                )
            pos = 0
            while pos < len(tok.text):
                m = _PLAY_PIECE.match(tok.text, pos)
                if m is None:
                    raise self.fail(
                        f"unexpected {tok.text[pos:]!r} in the play section", tok.line, board
                    )
                pos = m.end()
                piece = m.group()
                if ended_at:
                    raise self.fail(
                        f"unexpected {piece!r} after the '*' that ends the play", tok.line, board
                    )
                if m.group("note"):
                    continue  # suffixes, note references and NAGs are annotations
                if m.group("end"):
                    ended_at = tok.line
                elif m.group("mark"):
                    if piece.upper() != "^R":
                        why = (
                            "a lead out of turn accepted (^L) cannot be replayed in whist: "
                            "record it in the Irregularities table"
                            if piece.upper() == "^L"
                            else "it marks an irregularity of the auction"
                        )
                        raise self.fail(f"{piece!r} in the play section: {why}", tok.line, board)
                    mark = True
                elif m.group("skip"):
                    slots.append((None, False, tok.line))
                else:
                    try:
                        card = Card.parse(piece)
                    except CardParseError as exc:
                        raise self.fail(
                            f"bad card in the play section: {exc}", tok.line, board
                        ) from None
                    slots.append((card, mark, tok.line))
                    mark = False
        if mark:
            raise self.fail("'^R' is not followed by a card", tag.data[-1].line, board)
        if len(slots) > 52:
            raise self.fail("more than 13 tricks in the play section", slots[52][2], board)
        if slots and tag.value.strip().upper() not in _SEAT_LETTERS:
            raise self.fail(
                f"bad Play {tag.value!r}: expected the seat of the first column, N, E, S or W",
                tag.line,
                board,
            )
        return slots

    def check_leader(self, tag: _Tag, deal: Deal, board: int) -> None:
        """PBN's ``[Play]`` names the player of the first column, who led the first
        trick; the laws make the eldest hand lead (law 43).  A file whose play starts
        elsewhere is refused: its cards are never re-seated."""
        seat = Seat.parse(tag.value.strip())
        if seat != deal.eldest:
            raise self.fail(
                f'[Play "{seat}"]: the play section starts with {seat}, but the laws make '
                f"{deal.eldest}, the eldest hand (left of the dealer {deal.dealer}), lead the "
                f'first trick; write the play from [Play "{deal.eldest}"] (a lead out of turn '
                "is an OutOfTurn row of the Irregularities table)",
                tag.line,
                board,
            )

    def play(
        self, tag: _Tag, slots: list[tuple[Card | None, bool, int]], deal: Deal, board: int
    ) -> tuple[list[Card], list[int]]:
        """The cards in order of play, four a trick, and the indexes of the revokes."""
        first = Seat.parse(tag.value.strip()) if slots else deal.eldest
        plays: list[Card] = []
        revokes: list[int] = []
        leader = deal.eldest
        gap_line = 0
        for k in range(0, len(slots), 4):
            row = slots[k : k + 4]
            row += [(None, False, row[-1][2])] * (4 - len(row))
            cards: list[Card] = []
            for j in range(4):
                seat = leader.offset(j)
                played, revoke, line = row[(seat - first) & 3]
                if played is None:
                    gap_line = gap_line or line
                    continue
                if gap_line:
                    raise self.fail(
                        f"trick {k // 4 + 1}: {played} for {seat} follows a card not played "
                        f"('-' or '+'), but the play must be given in order of play",
                        line,
                        board,
                    )
                if revoke:
                    revokes.append(len(plays))
                plays.append(played)
                cards.append(played)
            if len(cards) == 4:
                leader = trick_winner(cards, leader, deal.trump)
        return plays, revokes

    # -------------------------------------------------------------- irregularities
    # -------------------------------------------------------------- laws hands
    def laws_log(
        self,
        tag: _Tag | None,
        slots: list[tuple[Card | None, bool, int]],
        deal: Deal,
        variant: str,
        dummies: tuple[Seat, ...],
        rows: list[tuple[int, Event, int]],
        board: int,
    ) -> tuple[Event, ...]:
        """The log of a hand played under the laws: the hand replayed in "laws" mode,
        each standing play taken from the play section when its seat is to play, each
        row of the table applied after the standing plays it counts."""
        first = Seat.parse(tag.value.strip()) if tag is not None and slots else deal.eldest
        where = tag.line if tag is not None else rows[0][2]
        cells: dict[tuple[int, Seat], tuple[Card, bool, int]] = {}
        for k, (card, mark, line) in enumerate(slots):
            if card is not None:
                cells[(k // 4, first.offset(k % 4))] = (card, mark, line)
        for _, event, line in rows:
            if isinstance(event, SurplusPlayed):
                cell = cells.pop((event.trick, event.seat), None)
                if cell is None or cell[0] != event.card:
                    raise self.fail(
                        f"Irregularities: {event}, but the play section does not give "
                        f"{event.card} to {event.seat} in trick {event.trick + 1}",
                        line,
                        board,
                    )
        total = len(cells)
        state = HandState(deal, get_rules(variant).replace(mode="laws"), dummies=dummies)
        standing = 0
        j = 0
        while True:
            while j < len(rows) and rows[j][0] == standing:
                self._apply_row(state, rows[j][1], rows[j][2], board)
                j += 1
            if standing == total:
                break
            seat, number = state.turn, state.trick_number
            cell = cells.pop((number, seat), None) if not state.is_over else None
            if cell is None:
                raise self.fail(
                    f"trick {number + 1}: the replay has {seat} to play the standing card "
                    f"{standing + 1}, but the play section gives him none there",
                    where,
                    board,
                )
            card, mark, line = cell
            try:
                played = state.play(card)
            except WhistError as exc:
                raise self.fail(f"trick {number + 1}: {exc}", line, board) from None
            assert isinstance(played, CardPlayed)
            if played.revoke != mark:
                said = "marks it '^R'" if mark else "does not mark it '^R'"
                raise self.fail(
                    f"trick {number + 1}: {seat}'s {card} is {'' if played.revoke else 'not '}"
                    f"a revoke on replay, but the play section {said}",
                    line,
                    board,
                )
            standing += 1
        if j < len(rows):
            raise self.fail(
                f"Irregularities: Played {rows[j][0]}, but the hand has {standing} standing plays",
                rows[j][2],
                board,
            )
        return state.events

    def _apply_row(self, state: HandState, event: Event, line: int, board: int) -> None:
        try:
            got = state.apply(event)
        except WhistError as exc:
            raise self.fail(f"Irregularities: {event}: {exc}", line, board) from None
        # the three older rows carry no trick (PlayOutOfTurn no turn): the replay sets them
        same = got.kind == event.kind if event.kind in _EVENT_NAMES else got == event
        if not same:
            raise self.fail(
                f"Irregularities: the table has {event}, but the replay gives {got}", line, board
            )

    def irregularities(self, tag: _Tag, played: int, board: int) -> list[tuple[int, Event, int]]:
        columns = [_column_name(c) for c in tag.value.split(";")]
        for needed in ("Played", "Seat", "Event"):
            if needed not in columns:
                raise self.fail(
                    f"the Irregularities table has no {needed} column "
                    f"(expected {';'.join(IRREGULARITY_COLUMNS)})",
                    tag.line,
                    board,
                )
        width = len(columns)
        if len(tag.data) % width:
            raise self.fail(
                f"the Irregularities table has {len(tag.data)} elements, not rows of {width}",
                tag.data[-1].line,
                board,
            )
        out: list[tuple[int, Event, int]] = []
        last = 0
        for r in range(0, len(tag.data), width):
            row = dict(zip(columns, tag.data[r : r + width], strict=True))
            line = tag.data[r].line
            text = row["Played"].text
            if not text.isdigit() or not last <= int(text) <= played:
                raise self.fail(
                    f"Irregularities: bad Played {text!r}: expected the number of cards played "
                    f"before the event, {last} to {played}, in order",
                    line,
                    board,
                )
            last = int(text)
            seat_text = row["Seat"].text.upper()
            if seat_text not in ("N", "E", "S", "W"):
                raise self.fail(
                    f"Irregularities: bad Seat {row['Seat'].text!r}: expected N, E, S or W",
                    line,
                    board,
                )
            seat = Seat.parse(seat_text)
            kind = row["Event"].text
            detail = row.get("Detail")
            event: Event
            if kind in _DETAIL_KINDS:
                event = self.laws_event(kind, seat, row, line, board)
            elif kind == "HonoursCalled":
                honours = detail.text if detail is not None else ""
                if not honours.isdigit() or int(honours) > 4:
                    raise self.fail(
                        f"Irregularities: HonoursCalled needs the honours held, 0 to 4, "
                        f"in Detail, not {honours!r}",
                        line,
                        board,
                    )
                event = HonoursCalled(seat.side, seat, int(honours))
            elif kind in ("OutOfTurn", "Exposed"):
                card_tok = row.get("Card")
                try:
                    card = Card.parse(card_tok.text if card_tok is not None else "")
                except CardParseError as exc:
                    raise self.fail(f"Irregularities: bad Card: {exc}", line, board) from None
                if kind == "OutOfTurn":
                    event = PlayOutOfTurn(seat, card, 0, seat, False)
                else:
                    reason = "exposed"
                    if detail is not None and not (detail.kind == "word" and detail.text == "-"):
                        reason = detail.text
                    event = CardExposed(seat, card, 0, reason)
            else:
                raise self.fail(
                    f"Irregularities: unknown Event {kind!r}: expected one of "
                    f"{', '.join(sorted([*_EVENT_NAMES.values(), *_DETAIL_KINDS]))}",
                    line,
                    board,
                )
            out.append((last, event, line))
        return out

    def laws_event(
        self, kind: str, seat: Seat, row: dict[str, _Token], line: int, board: int
    ) -> Event:
        """A row of a laws event: the event is the JSON in ``Detail``; ``Seat`` and
        ``Card`` must agree with it."""
        detail = row.get("Detail")
        if detail is None or detail.kind != "str":
            raise self.fail(
                f"Irregularities: {kind} needs the event as JSON in Detail, a quoted string",
                line,
                board,
            )
        try:
            data = json.loads(detail.text)
        except json.JSONDecodeError as exc:
            raise self.fail(
                f"Irregularities: {kind}: Detail is not JSON: {exc}", line, board
            ) from None
        if not isinstance(data, dict):
            raise self.fail(f"Irregularities: {kind}: Detail is not a JSON object", line, board)
        try:
            event = event_from_json(data)
        except ValueError as exc:
            raise self.fail(f"Irregularities: {kind}: {exc}", line, board) from None
        if event.kind != _DETAIL_KINDS[kind]:
            raise self.fail(
                f"Irregularities: the Event is {kind}, but Detail holds a {event.kind!r} event",
                line,
                board,
            )
        given = getattr(event, "seat", None)
        if given != seat:
            raise self.fail(
                f"Irregularities: the Seat is {seat}, but Detail gives {given}",
                line,
                board,
            )
        card = getattr(event, "card", None)
        card_tok = row.get("Card")
        if card_tok is not None and card_tok.text != (str(card) if card is not None else "-"):
            raise self.fail(
                f"Irregularities: the Card is {card_tok.text}, but Detail gives "
                f"{card if card is not None else 'no card'}",
                line,
                board,
            )
        return event


def _bridge_hint(tags: dict[str, _Tag], dealer: Seat) -> str:
    """For a bridge board (a contract or an auction), what would make it whist."""
    contract = tags.get("Contract")
    if contract is not None and contract.value.strip() not in _UNKNOWN:
        what = f"Contract {contract.value.strip()!r}"
    elif "Auction" in tags:
        what = "an Auction"
    else:
        return ""
    return (
        f"; this is a bridge board ({what}): to read it as whist, add the card the dealer "
        f"({dealer}) turned up, one of his cards, as a TrumpCard tag; its play, if any, "
        f"must start with the eldest hand ({dealer.offset(1)}), as the laws of whist lead"
    )


def _column_name(text: str) -> str:
    name = text.strip().lstrip("+-")
    return name.split("\\", 1)[0].strip()

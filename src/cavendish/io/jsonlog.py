"""The JSON event log: every board of a session with its full event log.

Design note
-----------
PBN keeps what other programs understand; the JSON log keeps everything the
engine recorded, event by event, as :func:`~cavendish.core.events.event_to_dict`
writes it.  A file is one object::

    {"format": "cavendish-log", "version": 1, "boards": [BOARD, ...]}

and each board::

    {"board": 1, "variant": "short", "dealer": "S",
     "deal": "S:KJT7.92.9.AJT953 ...", "trump_card": "SK",
     "players": {"N": "", "E": "", "S": "", "W": ""}, "dummies": [],
     "event": "", "site": "", "date": "",
     "plays": ["S2", "S4", ...], "events": [{"kind": "play", ...}, ...]}

``deal`` is the PBN deal string (first seat the dealer) and ``trump_card`` the
card turned up.  On reading, only ``deal`` and ``trump_card`` are required:
``board`` defaults to the board's place in the list, ``variant`` to ``short``,
``dealer`` to the first seat of ``deal``, ``plays`` to the cards of the ``play``
events that stand (not taken back, :func:`~cavendish.core.state.standing_plays`),
and the rest to empty; ``stock`` (ruff-and-honours: the four cards left undealt, as a
PBN hand) is written only for a deal that has one, and ``pack`` (``N-S`` or ``E-W``,
the side whose pack was dealt where two packs are used, as clubs play, 000) only
where it is told.  The writer puts one event per
line.  A hand played under the laws arbiter keeps every ruling, election and
correction in ``events``
(:data:`~cavendish.core.events.LAWS_EVENTS`), each kind as
:func:`~cavendish.core.events.event_to_dict` writes it.

>>> import random
>>> from cavendish.core.cards import Seat
>>> from cavendish.core.state import HandState
>>> from cavendish.core.table import deal_cards
>>> state = HandState(deal_cards(random.Random(2), Seat.S))
>>> _ = state.play(state.legal_cards()[0])
>>> rec = HandRecord.from_state(state, variant="short", board=4)
>>> text = records_to_json([rec])
>>> print(text[text.index('"events"'):])
"events": [
        {"kind": "play", "seat": "W", "card": "S2", "trick": 0, "revoke": false}
      ]
    }
  ]
}
<BLANKLINE>
>>> records_from_json(text) == [rec]
True
>>> records_from_json('{"format": "cavendish-log", "version": 1, "boards": [{"board": 2}]}')
Traceback (most recent call last):
...
cavendish.io.jsonlog.JSONLogError: <string>, board 2: no "deal"
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from os import PathLike
from pathlib import Path
from typing import Any

from ..core.cards import Card, CardParseError, Seat, format_hand
from ..core.deal import Deal, parse_pbn_hand
from ..core.errors import DealError, RecordFileError
from ..core.events import Event, event_to_dict
from ..core.state import standing_plays
from .files import write_atomic
from .record import HandRecord, RecordError, event_from_json, json_kind

__all__ = [
    "FORMAT",
    "VERSION",
    "JSONLogError",
    "read_json_file",
    "records_from_json",
    "records_to_json",
    "write_json_file",
]

FORMAT = "cavendish-log"
"""The ``format`` of every JSON log."""
VERSION = 1
"""The version of the format this module writes and reads."""


class JSONLogError(RecordFileError):
    """A JSON log cannot be read: the message names the source, the board and the fault."""


def _board_dict(rec: HandRecord) -> dict[str, Any]:
    stock = {"stock": format_hand(rec.deal.stock)} if rec.deal.stock else {}
    pack = {"pack": rec.pack} if rec.pack else {}  # two packs, as clubs play: whose was dealt
    return {
        "board": rec.board,
        "variant": rec.variant,
        "dealer": str(rec.deal.dealer),
        "deal": rec.deal.to_pbn(),
        "trump_card": str(rec.deal.trump_card),
        **stock,
        "players": {str(seat): name for seat, name in zip(Seat, rec.players, strict=True)},
        "dummies": [str(s) for s in rec.dummies],
        **pack,
        "event": rec.event,
        "site": rec.site,
        "date": rec.date,
        "plays": [str(c) for c in rec.plays],
    }


def records_to_json(records: Iterable[HandRecord]) -> str:
    """The JSON log of the records (two-space indents, one event per line)."""
    boards: list[str] = []
    for rec in records:
        fields = [
            f"      {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}"
            for key, value in _board_dict(rec).items()
        ]
        events = ["        " + json.dumps(event_to_dict(e), ensure_ascii=False) for e in rec.events]
        if events:
            fields.append('      "events": [\n' + ",\n".join(events) + "\n      ]")
        else:
            fields.append('      "events": []')
        boards.append("    {\n" + ",\n".join(fields) + "\n    }")
    body = "[\n" + ",\n".join(boards) + "\n  ]" if boards else "[]"
    return (
        f'{{\n  "format": {json.dumps(FORMAT)},\n  "version": {VERSION},\n  "boards": {body}\n}}\n'
    )


def write_json_file(records: Iterable[HandRecord], path: str | PathLike[str]) -> None:
    """Write the JSON log of the records to ``path`` (UTF-8)."""
    write_atomic(path, records_to_json(records))


def read_json_file(path: str | PathLike[str]) -> list[HandRecord]:
    """Read a JSON log file; errors name the file."""
    return records_from_json(Path(path).read_text(encoding="utf-8"), source=str(path))


def records_from_json(text: str, *, source: str = "<string>") -> list[HandRecord]:
    """Read the boards of a JSON log, in order.

    Raises :class:`JSONLogError` naming ``source``, the board and what is wrong.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JSONLogError(f"{source}: not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise JSONLogError(f'{source}: expected a JSON object with "boards", not {json_kind(data)}')
    if data.get("format") != FORMAT:
        raise JSONLogError(f'{source}: "format" is {data.get("format")!r}, expected {FORMAT!r}')
    if data.get("version") != VERSION:
        raise JSONLogError(
            f'{source}: "version" {data.get("version")!r} is not supported (expected {VERSION})'
        )
    boards = data.get("boards")
    if not isinstance(boards, list):
        raise JSONLogError(f'{source}: "boards" must be a list, not {json_kind(boards)}')
    return [_board(item, k + 1, source) for k, item in enumerate(boards)]


def _board(item: object, index: int, source: str) -> HandRecord:
    if not isinstance(item, dict):
        raise JSONLogError(f"{source}, board {index}: expected an object, not {json_kind(item)}")
    board = item.get("board", index)
    where = f"{source}, board {board}"

    def fail(what: str) -> JSONLogError:
        return JSONLogError(f"{where}: {what}")

    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise JSONLogError(
            f'{source}, board {index}: "board" must be a positive integer, not {board!r}'
        )
    for key in ("deal", "trump_card"):
        if key not in item:
            raise fail(f'no "{key}"')
        if not isinstance(item[key], str):
            raise fail(f'"{key}" must be a string, not {json_kind(item[key])}')
    dealer = item.get("dealer")
    if dealer is not None and not isinstance(dealer, str):
        raise fail(f'"dealer" must be a seat letter, not {json_kind(dealer)}')
    stock = item.get("stock", "")
    if not isinstance(stock, str):
        raise fail(f'"stock" must be a PBN hand (as "4.A.6.7"), not {json_kind(stock)}')
    try:
        deal = Deal.from_pbn(
            item["deal"],
            dealer=dealer,
            trump_card=item["trump_card"],
            stock=parse_pbn_hand(stock) if stock else 0,
        )
    except (DealError, CardParseError) as exc:
        raise fail(f"bad deal: {exc}") from None
    players_raw = item.get("players", {})
    if not isinstance(players_raw, dict) or not all(
        isinstance(v, str) for v in players_raw.values()
    ):
        raise fail('"players" must map seats (N E S W) to names')
    try:
        by_seat = {Seat.parse(k): v for k, v in players_raw.items()}
        dummies = tuple(Seat.parse(str(s)) for s in _list(item, "dummies", fail))
        plays_raw = item.get("plays")
        plays = (
            None
            if plays_raw is None
            else tuple(Card.parse(str(c)) for c in _list(item, "plays", fail))
        )
    except CardParseError as exc:
        raise fail(str(exc)) from None
    events: list[Event] = []
    for k, raw in enumerate(_list(item, "events", fail), start=1):
        try:
            event = event_from_json(raw)
        except ValueError as exc:
            raise fail(f"event {k}: {exc}") from None
        events.append(event)
    if plays is None:
        plays = tuple(e.card for e in standing_plays(events))
    text_fields: dict[str, str] = {}
    for key in ("variant", "event", "site", "date", "pack"):
        value = item.get(key, "short" if key == "variant" else "")
        if not isinstance(value, str):
            raise fail(f'"{key}" must be a string, not {json_kind(value)}')
        text_fields[key] = value
    try:
        return HandRecord(
            deal=deal,
            variant=text_fields["variant"],
            plays=plays,
            board=board,
            players=(
                by_seat.get(Seat.N, ""),
                by_seat.get(Seat.E, ""),
                by_seat.get(Seat.S, ""),
                by_seat.get(Seat.W, ""),
            ),
            dummies=dummies,
            events=tuple(events),
            event=text_fields["event"],
            site=text_fields["site"],
            date=text_fields["date"],
            pack=text_fields["pack"],
        )
    except RecordError as exc:
        raise JSONLogError(f"{source}, {exc}") from None


def _list(item: dict[str, Any], key: str, fail: Callable[[str], JSONLogError]) -> list[Any]:
    value = item.get(key, [])
    if not isinstance(value, list):
        raise fail(f'"{key}" must be a list, not {json_kind(value)}')
    return value

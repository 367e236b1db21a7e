"""A match's journal: boards written as they finish, so that a long match resumes.

Design note
-----------
A journal is a JSON-lines file.  Its first line names the match
(``{"match": {"a": ..., "b": ..., "variant": ..., "seed": ...}}``); every other
line is one board's :class:`~.board.BoardResult`, with the card turned up and
both rooms' play (a line of an older journal without them still loads).  Since
board ``i`` depends only on the seed and ``i`` (see :mod:`.duplicate`), boards
read back from a journal are exactly the boards a fresh run would play:
:func:`~.duplicate.run_match` with ``journal=`` plays only the boards missing from
it and appends each chunk as it ends, so an interrupted match loses at most the
chunks in progress.

A journal of another match (other players, variant or seed), or a line that is
not a board, is refused with the file and the line named, and nothing is played.
Every board line is checked, not only parsed: a board number of 0 or more, the
tricks 0 to 13, the points whole numbers not below 0, the times finite and not
below 0, the plays two texts; a board given twice must be the same board.

A process killed while it appended leaves a last line without its newline.  If that
line is not JSON, it is the board being written: :func:`load` drops it with a
:class:`JournalWarning` (the board is played again) and :func:`append` cuts it off
before it writes.  A last line that is whole but has no newline gets one before the
next line, so that two boards never share a line.

>>> import tempfile, pathlib
>>> from cavendish.match.board import BoardResult
>>> path = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
>>> header = MatchHeader("classical", "random", "short", 1)
>>> append(path, header, [BoardResult(0, "N:...", (9, 7), ((3, 0), (1, 0)), (0.1,), (0.2,))])
>>> with path.open("a") as f:  # killed while writing board 1
...     _ = f.write('{"board": 1, "deal": "N:')
>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     boards = load(path, header)
>>> [r.board for r in boards], str(caught[0].message).split(": ", 1)[1][:28]
([0], 'line 3 was cut short (the bo')
>>> append(path, header, [])
>>> path.read_text().count("\\n"), path.read_text().endswith("\\n")
(2, True)
>>> [r.tricks for r in load(path, header)]
[(9, 7)]
>>> try:
...     load(path, MatchHeader("classical", "random", "short", 2))
... except JournalError as exc:
...     print(str(exc).split(": ", 1)[1])
line 1 is the journal of classical random short seed 1, not of classical random short seed 2
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core.errors import MatchError, RecordFileError
from .board import BoardResult

__all__ = ["JournalError", "JournalWarning", "MatchHeader", "append", "load"]


class JournalError(MatchError, RecordFileError):
    """A journal that cannot be read, or that belongs to another match."""


@dataclass(frozen=True, slots=True)
class MatchHeader:
    """What makes a match: the two kinds of player, the variant and the seed."""

    a: str
    b: str
    variant: str
    seed: int

    def __str__(self) -> str:
        return f"{self.a} {self.b} {self.variant} seed {self.seed}"


class JournalWarning(UserWarning):
    """A journal read with a change: its cut-short last line dropped."""


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _pair(value: object, what: str, low: int, high: int | None) -> tuple[int, int]:
    """Two whole numbers from ``low`` to ``high`` (no bound when None)."""
    if (
        isinstance(value, list)
        and len(value) == 2
        and all(_whole(v) and v >= low and (high is None or v <= high) for v in value)
    ):
        return (value[0], value[1])
    bound = f"{low} to {high}" if high is not None else f"{low} or more"
    raise ValueError(f"{what} must be two whole numbers {bound}, not {value!r}")


def _times(value: object, what: str) -> tuple[float, ...]:
    if isinstance(value, list) and all(
        (_whole(t) or isinstance(t, float)) and math.isfinite(t) and t >= 0 for t in value
    ):
        return tuple(float(t) for t in value)
    raise ValueError(
        f"{what} must be a list of times in seconds (finite, 0 or more), not {value!r}"
    )


def _board(row: Any) -> BoardResult:
    """A board line, every field checked (:class:`ValueError` naming the field)."""
    if not isinstance(row, dict):
        raise ValueError(f"expected an object, not {row!r}")
    for key in ("board", "deal", "tricks", "points", "times_a", "times_b"):
        if key not in row:
            raise ValueError(f"no {key!r}")
    board = row["board"]
    if not _whole(board) or board < 0:
        raise ValueError(f"'board' must be a whole number 0 or more, not {board!r}")
    for key in ("deal", "trump_card", "stock"):
        if not isinstance(row.get(key, ""), str):
            raise ValueError(f"{key!r} must be text, not {row[key]!r}")
    ruffs = row.get("ruffs", ["", ""])  # ruff-and-honours only
    if not (isinstance(ruffs, list) and len(ruffs) == 2 and all(isinstance(p, str) for p in ruffs)):
        raise ValueError(f"'ruffs' must be a list of the two rooms' ruffs, not {ruffs!r}")
    points = row["points"]
    if not isinstance(points, list) or len(points) != 2:
        raise ValueError(f"'points' must be the two rooms' [A, B] points, not {points!r}")
    plays = row.get("plays", ["", ""])  # older journals did not keep the play
    if not (isinstance(plays, list) and len(plays) == 2 and all(isinstance(p, str) for p in plays)):
        raise ValueError(f"'plays' must be a list of the two rooms' cards, not {plays!r}")
    return BoardResult(
        board=board,
        deal=row["deal"],
        tricks=_pair(row["tricks"], "'tricks'", 0, 13),
        points=(_pair(points[0], "'points'", 0, None), _pair(points[1], "'points'", 0, None)),
        times_a=_times(row["times_a"], "'times_a'"),
        times_b=_times(row["times_b"], "'times_b'"),
        plays=(plays[0], plays[1]),
        trump_card=row.get("trump_card", ""),
        stock=row.get("stock", ""),
        ruffs=(ruffs[0], ruffs[1]),
    )


def load(path: Path, header: MatchHeader) -> list[BoardResult]:
    """The boards of ``header``'s match in the journal at ``path`` (none if it does not
    exist), by board; raises :class:`JournalError` for another match or a bad line,
    and warns (:class:`JournalWarning`) when it drops a cut-short last line."""
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"{path}: cannot read the journal: {exc}") from None
    boards: dict[int, BoardResult] = {}
    lines = text.split("\n")
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            if n == len(lines):  # no newline after it: the line being written
                warnings.warn(
                    JournalWarning(
                        f"{path}: line {n} was cut short (the board being written when "
                        "the process stopped): dropped, it is played again"
                    ),
                    stacklevel=2,
                )
                break
            what = "the match's header" if n == 1 else "a board"
            raise JournalError(f"{path}: line {n} is not {what}: {exc}") from None
        try:
            if n == 1:
                got = MatchHeader(**row["match"])
                if got != header:
                    raise JournalError(f"{path}: line 1 is the journal of {got}, not of {header}")
                continue
            board = _board(row)
        except JournalError:
            raise
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            what = "the match's header" if n == 1 else "a board"
            raise JournalError(f"{path}: line {n} is not {what}: {exc}") from None
        if boards.get(board.board, board) != board:
            raise JournalError(
                f"{path}: line {n} gives board {board.board} again, and not as before"
            )
        boards[board.board] = board
    return [boards[i] for i in sorted(boards)]


def append(path: Path, header: MatchHeader, results: Iterable[BoardResult]) -> None:
    """Append boards to the journal at ``path`` (its header first if it is new), after
    cutting off a cut-short last line or ending a whole one that has no newline."""
    lines = []
    try:
        start = _repair(path)
        if start == 0:
            lines.append(json.dumps({"match": asdict(header)}))
        lines.extend(json.dumps(asdict(r), allow_nan=False) for r in results)
        with path.open("a", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
            f.flush()
    except OSError as exc:
        raise JournalError(f"{path}: cannot write the journal: {exc}") from None


def _repair(path: Path) -> int:
    """Make the journal end with a newline: cut off a last line that is not JSON, end
    one that is; the size of the file after it (0: the header is still to write)."""
    if not path.exists():
        return 0
    data = path.read_bytes()
    if not data or data.endswith(b"\n"):
        return len(data)
    cut = data.rfind(b"\n") + 1
    try:
        json.loads(data[cut:])
    except ValueError:
        with path.open("r+b") as f:
            f.truncate(cut)
        return cut
    with path.open("ab") as f:
        f.write(b"\n")
    return len(data) + 1

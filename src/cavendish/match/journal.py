"""A match's journal: boards written as they finish, so that a long match resumes.

Design note
-----------
A journal is a JSON-lines file.  Its first line names the match
(``{"match": {"a": ..., "b": ..., "variant": ..., "seed": ...}}``); every other
line is one board's :class:`~.duplicate.BoardResult`, with the card turned up and
both rooms' play (a line of an older journal without them still loads).  Since
board ``i`` depends only on the seed and ``i`` (see :mod:`.duplicate`), boards
read back from a journal are exactly the boards a fresh run would play:
:func:`~.duplicate.run_match` with ``journal=`` plays only the boards missing from
it and appends each chunk as it ends, so an interrupted match loses at most the
chunks in progress.

A journal of another match (other players, variant or seed), or a line that is
not a board, is refused with the file and the line named, and nothing is played.

>>> import tempfile, pathlib
>>> from cavendish.match.duplicate import BoardResult
>>> path = pathlib.Path(tempfile.mkdtemp()) / "m.jsonl"
>>> header = MatchHeader("classical", "random", "short", 1)
>>> append(path, header, [BoardResult(0, "N:...", (9, 7), ((3, 0), (1, 0)), (0.1,), (0.2,))])
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
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..core.errors import RecordFileError
from .duplicate import BoardResult, MatchError

__all__ = ["JournalError", "MatchHeader", "append", "load"]


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


def _board(row: Any) -> BoardResult:
    tricks = row["tricks"]
    points = row["points"]
    plays = row.get("plays", ["", ""])  # older journals did not keep the play
    if not isinstance(plays, list) or len(plays) != 2:
        raise ValueError(f"plays: expected a list of the two rooms' cards, not {plays!r}")
    return BoardResult(
        board=int(row["board"]),
        deal=str(row["deal"]),
        tricks=(int(tricks[0]), int(tricks[1])),
        points=((int(points[0][0]), int(points[0][1])), (int(points[1][0]), int(points[1][1]))),
        times_a=tuple(float(t) for t in row["times_a"]),
        times_b=tuple(float(t) for t in row["times_b"]),
        plays=(str(plays[0]), str(plays[1])),
        trump_card=str(row.get("trump_card", "")),
    )


def load(path: Path, header: MatchHeader) -> list[BoardResult]:
    """The boards of ``header``'s match in the journal at ``path`` (none if it does not
    exist), by board; raises :class:`JournalError` for another match or a bad line."""
    if not path.exists():
        return []
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise JournalError(f"{path}: cannot read the journal: {exc}") from None
    boards: dict[int, BoardResult] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            if n == 1:
                got = MatchHeader(**row["match"])
                if got != header:
                    raise JournalError(
                        f"{path}: line 1 is the journal of {got}, not of {header}"
                    )
                continue
            board = _board(row)
        except JournalError:
            raise
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            what = "the match's header" if n == 1 else "a board"
            raise JournalError(f"{path}: line {n} is not {what}: {exc}") from None
        boards[board.board] = board
    return [boards[i] for i in sorted(boards)]


def append(path: Path, header: MatchHeader, results: Iterable[BoardResult]) -> None:
    """Append boards to the journal at ``path`` (its header first if it is new)."""
    lines = []
    if not path.exists() or path.stat().st_size == 0:
        lines.append(json.dumps({"match": asdict(header)}))
    lines.extend(json.dumps(asdict(r)) for r in results)
    try:
        with path.open("a", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))
            f.flush()
    except OSError as exc:
        raise JournalError(f"{path}: cannot write the journal: {exc}") from None

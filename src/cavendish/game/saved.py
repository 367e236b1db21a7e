"""A session's save file: what ``cavendish play`` writes after every trick and ``--resume`` reads.

Design note
-----------
The file is the JSON of :meth:`~cavendish.game.session.Session.snapshot` (the
rules, the seats, the finished hands and the hand in play as event logs, the
dealer and the state of the deals' generator), or of
:meth:`~cavendish.game.laws_session.LawsSession.snapshot` for a table under the
laws (each hand's deal and the arbiter's acts), plus the caller's own data under
``app`` (how to make its computer players again).  It is written whole with
:func:`~cavendish.io.files.write_atomic` (a temporary file renamed over the old
one), so that a crash or ``kill -9`` at any moment leaves the last complete save:
at most the card being typed is lost.  The web app saves and resumes with the
same two functions.

>>> import tempfile, pathlib
>>> from cavendish.core import Seat
>>> from cavendish.players import RandomPlayer
>>> s = Session.seated("short", {seat: RandomPlayer(i) for i, seat in enumerate(Seat)},
...                    seed=4, max_hands=1)
>>> _ = s.start_hand(); _ = s.step()
>>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> save_session(s, path, {"seed": 4})
>>> data = load_snapshot(path)
>>> data["app"], Session.restore(data, s.players).state == s.state
({'seed': 4}, True)
"""

from __future__ import annotations

import json
from os import PathLike
from pathlib import Path
from typing import Any

from ..io.files import read_error, write_atomic
from .laws_session import LAWS_SNAPSHOT_FORMAT, LawsSession
from .session import SNAPSHOT_FORMAT, Session, SessionError

__all__ = ["autosave_path", "load_snapshot", "save_session"]


def save_session(
    session: Session | LawsSession, path: str | PathLike[str], app: dict[str, Any] | None = None
) -> None:
    """Write ``session``'s snapshot to ``path`` whole (temporary file, then rename)."""
    write_atomic(path, json.dumps(session.snapshot(app), ensure_ascii=False) + "\n")


def load_snapshot(path: str | PathLike[str]) -> dict[str, Any]:
    """Read a save file written by :func:`save_session`; :class:`SessionError` if it
    cannot be read or is not one (the message names the file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SessionError(read_error(path, exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SessionError(f"{path}: not a saved session: {exc}") from None
    if not isinstance(data, dict) or data.get("format") not in (
        SNAPSHOT_FORMAT, LAWS_SNAPSHOT_FORMAT
    ):
        raise SessionError(f"{path}: not a saved session of cavendish play")
    return data


def autosave_path(out: str | PathLike[str]) -> Path:
    """Where a session whose record goes to ``out`` autosaves: beside it.

    >>> autosave_path("games/rubber.pbn").as_posix()
    'games/rubber.autosave.json'
    """
    p = Path(out)
    return p.with_name(f"{p.stem}.autosave.json")

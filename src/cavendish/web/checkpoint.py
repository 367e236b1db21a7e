"""SQLite's checkpoints, taken by a thread of their own, never by a commit.

Design note
-----------
In WAL mode a commit appends the transaction's pages to the write-ahead log; a
*checkpoint* copies the log back into the database file, and it is the only
step that waits for the disk (``fsync`` of the log, then of the database, with
``synchronous=NORMAL``: a commit itself only writes to the operating system's
cache, and survives the server killed with ``kill -9``).  By default SQLite runs
a checkpoint inside the commit that takes the log past 1000 pages: that one
commit, and at a busy server every action waiting behind it, waited for the disk
(5 to 50 ms on a shared machine): the tail of a person's card round trip.

The store turns that off (``PRAGMA wal_autocheckpoint=0`` on every connection:
:meth:`~.store.Store.open`) and a :class:`Checkpointer` thread runs a *passive*
checkpoint every ``interval`` seconds on a connection of its own: it copies what
the log holds without waiting for, or holding up, the writer (SQLite lets a
checkpoint run beside a writer in WAL mode), and waits for the disk itself, out of
the interpreter's lock.  A log wholly copied is started again from its beginning
by the next commit, so the file stays as small as a few seconds of actions.
Durability is SQLite's WAL durability, unchanged: a committed action is in the
log, and the log is read back when the database is next opened.

>>> import tempfile
>>> from pathlib import Path
>>> from cavendish.web.store import Store
>>> folder = tempfile.mkdtemp()
>>> store = Store.open(f"sqlite:///{Path(folder) / 'doc.sqlite3'}")
>>> store.create_table("t1", "{}", {})
>>> store.append("t1", 1, ["deal"])
>>> store.checkpointer is not None and store.checkpointer.run_once()
True
>>> store.close()
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Checkpointer"]

log = logging.getLogger("cavendish.web")


class Checkpointer:
    """A thread taking a passive checkpoint of a SQLite database every ``interval``
    seconds, on the connection ``connect()`` gives (a DB-API connection)."""

    def __init__(self, connect: Callable[[], Any], *, interval: float = 0.5) -> None:
        if not interval > 0:
            raise ValueError(f"interval {interval}: expected more than 0 seconds")
        self.interval = interval
        self._connect = connect
        self._conn: Any = None
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.checkpoints = 0
        """Checkpoints taken so far."""

    def start(self) -> None:
        """Start the thread (once)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sqlite-checkpoint",
                                            daemon=True)
            self._thread.start()

    def run_once(self, mode: str = "PASSIVE") -> bool:
        """One checkpoint (``PASSIVE``, or ``TRUNCATE`` at the end); True if the
        log was copied whole."""
        if mode not in ("PASSIVE", "TRUNCATE"):
            raise ValueError(f"checkpoint mode {mode!r}: expected PASSIVE or TRUNCATE")
        with self._lock:
            if self._conn is None:
                self._conn = self._connect()
            cur = self._conn.cursor()
            try:
                busy, frames, copied = cur.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
            finally:
                cur.close()
            self.checkpoints += 1
            return bool(busy == 0 and frames == copied)

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.run_once()
            except Exception:  # the next one may succeed; the log only grows meanwhile
                log.exception("the SQLite checkpoint failed")

    def stop(self) -> None:
        """Stop the thread, take a last checkpoint (the log emptied), close."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        try:
            self.run_once("TRUNCATE")
        except Exception:  # the log is read back when the database is next opened
            log.exception("the last SQLite checkpoint failed")
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

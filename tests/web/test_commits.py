"""Issue 20's benchmark, the round trip's tail: on SQLite an action is committed on the
event loop as it is asked (:class:`cavendish.web.writer.LoopWriter`), on the driver's
own connection, and the log's checkpoints are taken by a thread of their own
(:mod:`cavendish.web.checkpoint`), never inside a commit.  What must hold: an action
is stored (visible to any other connection) before its future answers, a number stored
already is refused and nothing of the transaction kept, and the database holds every
action however the log stands."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError

from cavendish.web.checkpoint import Checkpointer
from cavendish.web.store import SeqTaken, Store
from cavendish.web.writer import LoopWriter


def _file_store(tmp_path: Path) -> tuple[Store, Path]:
    path = tmp_path / "commits.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    store.create_table("t1", "{}", {})
    return store, path


def test_on_sqlite_an_action_is_stored_before_its_future_answers(tmp_path: Path) -> None:
    """The future is done when ``append`` returns, and another connection (another
    process's, say) reads the action then: it was committed, not only queued."""
    store, path = _file_store(tmp_path)
    assert isinstance(store.writer, LoopWriter)

    async def play() -> list[tuple[int, str]]:
        future = store.writer.append("t1", 1, ("deal",), first=True)
        assert future.done() and future.exception() is None
        with sqlite3.connect(path) as other:
            return other.execute("SELECT seq, action FROM actions").fetchall()

    try:
        assert asyncio.run(play()) == [(1, '["deal"]')]
    finally:
        store.close()


def test_a_number_stored_already_is_refused_on_the_drivers_connection(tmp_path: Path) -> None:
    """SeqTaken for one action, SQLAlchemy's IntegrityError for a group, as on the
    SQLAlchemy path; nothing of a refused transaction is stored, and the connection
    goes on storing."""
    store, _ = _file_store(tmp_path)
    try:
        store.append("t1", 1, ("deal",))
        with pytest.raises(SeqTaken, match="action 1 is stored already"):
            store.append("t1", 1, ("card", "SA"))
        with pytest.raises(IntegrityError):
            store.append_many([("t1", 2, ("card", "SA")), ("t1", 1, ("deal",))])

        async def refused() -> BaseException | None:
            return store.writer.append("t1", 1, ("deal",)).exception()

        assert isinstance(asyncio.run(refused()), SeqTaken)
        store.append("t1", 2, ("card", "SK"))
        assert store.load("t1").actions == [("deal",), ("card", "SK")]
    finally:
        store.close()


def test_a_commit_takes_no_checkpoint_and_the_checkpointer_thread_does(tmp_path: Path) -> None:
    """Every connection has SQLite's own checkpoint turned off; the thread takes them
    (a passive checkpoint copies the log whole when nothing reads), and the last one,
    at close, empties the log: every action is in the database file itself."""
    store, path = _file_store(tmp_path)
    try:
        assert store.checkpointer is not None
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        for seq in range(1, 301):
            store.append("t1", seq, ("card", "SA"))
        deadline = time.monotonic() + 10
        while store.checkpointer.checkpoints == 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.checkpointer.checkpoints > 0
        assert store.checkpointer.run_once() is True
    finally:
        store.close()
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM actions").fetchone() == (300,)


def test_the_checkpointer_refuses_a_bad_interval_or_mode(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="interval 0: expected more than 0 seconds"):
        Checkpointer(lambda: None, interval=0)
    with pytest.raises(ValueError, match="checkpoint mode 'FULL'"):
        Checkpointer(lambda: None).run_once("FULL")


@pytest.mark.parametrize(("args", "deflate"), [((), False), (("--ws-compression",), True)])
def test_the_websocket_is_compressed_only_when_the_server_is_asked_to(
        tmp_path: Path, args: tuple[str, ...], deflate: bool) -> None:
    """The client offers permessage-deflate; ``cavendish serve`` accepts it only with
    ``--ws-compression`` (off by default: docs/web.md), and the table plays either way."""
    from web_servers import Server

    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", log=tmp_path / "server.log",
                    args=args)
    try:
        table = server.post("/api/tables", {"seats": {"S": "human"}, "seed": 4})
        with server.ws(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
            extensions = ws.response.headers.get("Sec-WebSocket-Extensions") or ""
            assert ("permessage-deflate" in extensions) is deflate, extensions
            assert '"type":"state"' in ws.recv(timeout=30)
    finally:
        server.stop()

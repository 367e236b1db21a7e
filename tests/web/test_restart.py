"""Every action is stored before it is shown: a server killed with ``kill -9``
mid-hand and restarted has the table where it was -- the computer players go on
and the person reconnects with his seat token to the same hand, from the same card.
On SQLite (WAL) and on a real PostgreSQL server."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_servers import Server, pool_workers, postgres_cluster, postgres_missing

PG_WHY = postgres_missing()


def _until_my_turn(ws: Any) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if msg["type"] == "state" and (msg["legal"] or msg["phase"] != "play"):
            return msg


def _kill_mid_hand_and_restart(db: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    # a delay, so that the kill falls between the person's card and the computers'
    server = Server(db, delay=0.4, log=log)
    try:
        table = server.post("/api/tables", {"variant": "short", "seed": 31,
                                            "seats": {"S": "human"}})
        path = f"/ws/{table['id']}?token={table['tokens']['S']}"
        with server.ws(path) as ws:
            for _ in range(2):  # two of the person's cards
                msg = _until_my_turn(ws)
                ws.send(json.dumps({"type": "play", "card": msg["legal"][-1]}))
            while True:  # the state that shows the second card: it is stored
                shown = json.loads(ws.recv(timeout=30))
                if shown["type"] == "state" and shown["seq"] > msg["seq"]:
                    break
        assert pool_workers(server.proc.pid), "the server has no pool workers"
        assert server.kill9() == [], "pool workers outlived their server"
    except BaseException:
        server.stop()
        raise
    server = Server(db, delay=0, log=log)
    try:
        with server.ws(path) as ws:
            snap = json.loads(ws.recv(timeout=30))
            assert snap["snapshot"] and snap["seq"] >= shown["seq"]
            assert snap["board"] == shown["board"] == 1
            held = set(shown["hand"])
            assert set(snap["hand"]) == held  # the same hand, from the same card
            if snap["seq"] == shown["seq"]:
                assert snap["trick"] == shown["trick"]
            # the computers go on; the person plays the hand to its end
            while True:
                msg = snap if snap["legal"] else _until_my_turn(ws)
                snap = {"legal": []}
                if msg["phase"] != "play":
                    break
                ws.send(json.dumps({"type": "play", "card": msg["legal"][0]}))
        assert sum(msg["review"]["result"]) == 13
        assert msg["score"]["hands"][0]["board"] == 1
    finally:
        server.stop()


def test_kill_9_mid_hand_then_restart_goes_on_from_the_same_card_on_sqlite(
        tmp_path: Path) -> None:
    _kill_mid_hand_and_restart(f"sqlite:///{tmp_path / 'web.sqlite3'}", tmp_path)


def _until_seq(ws: Any, seq: int) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=30))
        if msg["type"] == "state" and msg["seq"] >= seq:
            return msg


def test_kill_9_after_an_undo_and_after_a_concession_then_restart_shows_them_on_sqlite(
        tmp_path: Path) -> None:
    """Taking back and conceding are stored actions, replayed as the cards are."""
    _undo_concede_and_restart(f"sqlite:///{tmp_path / 'web.sqlite3'}", tmp_path)


def _undo_concede_and_restart(db: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = Server(db, delay=0, log=log)
    try:
        table = server.post("/api/tables", {"variant": "short", "seed": 31, "practice": True,
                                            "seats": {"S": "human"}})
        path = f"/ws/{table['id']}?token={table['tokens']['S']}"
        with server.ws(path) as ws:
            before = _until_my_turn(ws)
            ws.send(json.dumps({"type": "play", "card": before["legal"][-1]}))
            _until_my_turn(ws)
            ws.send(json.dumps({"type": "undo"}))
            undone = json.loads(ws.recv(timeout=30))
        assert undone["events"][0]["kind"] == "undo", undone
        assert undone["hand"] == before["hand"] and undone["trick"] == before["trick"]
        server.kill9()
        server = Server(db, delay=0, log=log)
        with server.ws(path) as ws:
            snap = json.loads(ws.recv(timeout=30))
            assert snap["seq"] == undone["seq"] and snap["hand"] == before["hand"]
            assert snap["trick"] == before["trick"] and snap["legal"] == before["legal"]
            # the list of claims and cards taken back survives the restart (issue 30, 12)
            assert [e["kind"] for e in snap["log"]] == ["undo"] and snap["log"] == undone["log"]
            ws.send(json.dumps({"type": "concede"}))
            conceded = _until_seq(ws, snap["seq"] + 1)
        assert conceded["phase"] == "between" and conceded["events"][0]["accepted"]
        server.kill9()
        server = Server(db, delay=0, log=log)
        with server.ws(path) as ws:
            snap = json.loads(ws.recv(timeout=30))
        assert snap["seq"] == conceded["seq"] and snap["phase"] == "between"
        assert snap["review"] == conceded["review"] and "concedes" in snap["review"]["claim"]
        assert snap["score"] == conceded["score"]
        assert [e["kind"] for e in snap["log"]] == ["undo", "concede"]
        assert snap["log"] == conceded["log"]
    finally:
        server.stop()


@pytest.fixture
def postgres() -> Iterator[str]:
    if PG_WHY:
        pytest.skip(PG_WHY)
    with postgres_cluster() as url:
        yield url


def test_kill_9_mid_hand_then_restart_goes_on_from_the_same_card_on_postgresql(
        postgres: str, tmp_path: Path) -> None:
    _kill_mid_hand_and_restart(postgres, tmp_path)


def test_a_computer_worker_killed_is_replaced_and_the_hand_goes_on(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", delay=0, log=tmp_path / "log")
    try:
        table = server.post("/api/tables", {"variant": "short", "seed": 5,
                                            "seats": {"S": "human"}})
        with server.ws(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
            msg = _until_my_turn(ws)
            workers = pool_workers(server.proc.pid)
            assert workers, "the server has no pool workers"
            for pid in workers:
                os.kill(pid, signal.SIGKILL)
            while msg["phase"] == "play":
                ws.send(json.dumps({"type": "play", "card": msg["legal"][0]}))
                msg = _until_my_turn(ws)
        assert sum(msg["review"]["result"]) == 13
        assert set(pool_workers(server.proc.pid)).isdisjoint(workers)
    finally:
        server.stop()


def test_a_search_players_thinking_never_holds_up_a_classical_table(tmp_path: Path) -> None:
    """Searching players think in their own pool: while a table of four ``search``
    players thinks, a person's table of ``classical`` players goes on at once."""
    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", delay=0, log=tmp_path / "log")
    try:
        slow = server.post("/api/tables", {"seed": 3, "seats": {s: "search" for s in "NESW"}})
        table = server.post("/api/tables", {"variant": "short", "seed": 8,
                                            "seats": {"S": "human"}})
        rounds = []
        with server.ws(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
            msg = _until_my_turn(ws)
            while msg["phase"] == "play":
                t0 = time.monotonic()
                ws.send(json.dumps({"type": "play", "card": msg["legal"][0]}))
                msg = _until_my_turn(ws)
                rounds.append(time.monotonic() - t0)
            # a table of computers only is always thinking: the search pool was busy
            assert server.get(f"/api/tables/{slow['id']}")["to_play"] is not None
        rounds.sort()
        assert rounds[len(rounds) // 2] < 1.5, f"rounds of the person's table: {rounds}"
    finally:
        server.stop()


def test_kill_9_after_an_undo_and_after_a_concession_then_restart_shows_them_on_postgresql(
        postgres: str, tmp_path: Path) -> None:
    _undo_concede_and_restart(postgres, tmp_path)

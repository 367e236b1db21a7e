"""More than one server process (issue 21, item 5; ``cavendish.web.bus``): two
``cavendish serve`` processes on two ports share one throwaway PostgreSQL cluster;
a person on each plays at one table, each sees every event, and the computer
players' cards are stored once.  The conflict rule itself (a ``seq`` stored by
another process first is refused, and the loser catches up) is also proved in
one process on a shared SQLite file, without PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import text
from web_client import Receiver, check_no_leak, deal_of, play_hand
from web_servers import Server, postgres_cluster, postgres_missing

from cavendish.web.bus import APPLICATION, for_store
from cavendish.web.config import TableConfig, apply_action, build_session
from cavendish.web.laws_table import table_class
from cavendish.web.store import WRITER, SeqTaken, Store
from cavendish.web.tables import Hub, LiveTable, Superseded

PG_WHY = postgres_missing()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """One throwaway cluster for this module's tests (each makes its own tables)."""
    if PG_WHY:
        pytest.skip(PG_WHY)
    with postgres_cluster() as url:
        yield url


class Socket:
    """A websockets connection with the calls ``web_client.Receiver`` makes."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws

    def receive_json(self) -> Any:
        return json.loads(self.ws.recv(timeout=60))

    def send_json(self, msg: dict[str, Any]) -> None:
        self.ws.send(json.dumps(msg))


def servers(db: str, tmp_path: Path, *specs: tuple[float, list[str]]) -> list[Server]:
    """Servers on one database, started at once (their migrations take turns)."""
    with ThreadPoolExecutor(len(specs)) as ex:
        futures = [ex.submit(Server, db, delay=delay, log=tmp_path / f"server{i}.log",
                             args=args) for i, (delay, args) in enumerate(specs)]
        started, failed = [], []
        for f in futures:
            try:
                started.append(f.result())
            except Exception as exc:
                failed.append(exc)
    if failed:
        for s in started:
            s.stop()
        raise failed[0]
    return started


def stored_actions(db: str, table_id: str) -> list[tuple[int, list[str]]]:
    """Every stored action of a table, by seq, read straight from PostgreSQL."""
    import psycopg

    with psycopg.connect(db) as conn:
        rows = conn.execute("SELECT seq, action FROM actions WHERE table_id = %s ORDER BY seq",
                            (table_id,)).fetchall()
    return [(seq, json.loads(action)) for seq, action in rows]


def hands_of(actions: list[list[str]]) -> list[list[str]]:
    """The cards of each hand, in the stored order (a hand starts at each ``deal``)."""
    hands: list[list[str]] = []
    for action in actions:
        if action == ["deal"]:
            hands.append([])
        elif action[0] == "card":
            hands[-1].append(action[1])
    return hands


@contextlib.contextmanager
def two_people(cluster: str, tmp_path: Path,
               seed: int) -> Iterator[tuple[Server, Server, str, list[Receiver]]]:
    """Two servers; a table made on the first with people at N and S (E and W
    classical, no claims): N connected to the first server, S to the second."""
    a, b = servers(cluster, tmp_path, (0.0, []), (0.0, []))
    try:
        table = a.post("/api/tables", {"variant": "short", "seed": seed,
                                       "computer_claims": False,
                                       "seats": {"N": "human", "S": "human"}})
        tid, tokens = table["id"], table["tokens"]
        with a.ws(f"/ws/{tid}?token={tokens['N']}") as wa, \
                b.ws(f"/ws/{tid}?token={tokens['S']}") as wb:
            yield a, b, tid, [Receiver("N", Socket(wa)), Receiver("S", Socket(wb))]
    finally:
        a.stop()
        b.stop()


def test_a_person_on_each_of_two_processes_plays_one_table_and_sees_every_event(
        cluster: str, tmp_path: Path) -> None:
    with two_people(cluster, tmp_path, 21) as (a, b, tid, receivers):
        last = play_hand(receivers)
        assert last["phase"] == "between" and sum(last["review"]["result"]) == 13
        texts = []
        for s in (a, b):
            with urllib.request.urlopen(f"{s.url}/api/tables/{tid}/pbn", timeout=10) as r:
                texts.append(r.read().decode())
        assert texts[0] == texts[1], "the two processes record different hands"
        hands, trump_card, plays = deal_of(texts[0])
        assert len(plays) == 52

        # every event seen by both: after its snapshot, each connection got one state per
        # stored action, in order, with the same events as the other connection
        by_seq = []
        for r in receivers:
            seqs = [m["seq"] for m in r.messages]
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), (r.seat, seqs)
            by_seq.append({m["seq"]: m for m in r.messages})
        common = sorted(set(by_seq[0]) & set(by_seq[1]))
        assert common[-1] == last["seq"] and len(common) >= 52
        for seq in common:
            ma, mb = by_seq[0][seq], by_seq[1][seq]
            if not (ma["snapshot"] or mb["snapshot"]):
                assert ma["events"] == mb["events"], seq
            for key in ("trick", "last_trick", "to_play", "tricks_won", "score", "phase"):
                assert ma[key] == mb[key], (seq, key)
        for r in receivers:  # the cards shown played are the record's, in order
            snap = r.messages[0]
            before = snap["trick_number"] * 4 + len(snap["trick"])  # played before it joined
            shown = [e["card"] for m in r.messages[1:] for e in m["events"]
                     if e["kind"] == "card"]
            assert shown == plays[before:], r.seat
            check_no_leak(r, hands, [], trump_card, plays)

        # the computers' cards played once: the store holds seq 1..n, one deal and the
        # hand's 52 cards, each once, each seat's thirteen in the record's order
        stored = stored_actions(cluster, tid)
        assert [seq for seq, _ in stored] == list(range(1, len(stored) + 1))
        assert [act for _, act in stored] == [["deal"]] + [["card", c] for c in plays]
        assert hands_of([act for _, act in stored]) == [plays]
        assert len(set(plays)) == 52
        for seat in "EW":
            assert sorted(c for c in plays if c in hands[seat]) == sorted(hands[seat])


def test_a_lost_bus_connection_is_made_again_and_the_table_catches_up(
        cluster: str, tmp_path: Path) -> None:
    """Both processes' listening connections are ended mid-hand (as a PostgreSQL
    restart or a network cut would): each listens again, catches up from the store,
    and the people go on seeing every action, in order."""
    import psycopg

    with two_people(cluster, tmp_path, 8) as (_, _, tid, receivers):
        with psycopg.connect(cluster, autocommit=True) as conn:
            ended = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = %s", (APPLICATION,)).fetchall()
        assert len(ended) == 2, ended  # one listener per process
        last = play_hand(receivers)
        assert last["phase"] == "between"
        for r in receivers:
            seqs = [m["seq"] for m in r.messages]
            assert seqs == list(range(seqs[0], seqs[0] + len(seqs))), (r.seat, seqs)
        assert [act for _, act in stored_actions(cluster, tid)][-1][0] == "card"
        for i in (0, 1):
            assert "the bus is listening again" in (tmp_path / f"server{i}.log").read_text()


def test_two_processes_racing_to_move_one_table_store_each_computer_card_once(
        cluster: str, tmp_path: Path) -> None:
    """Both processes hold a table of four computers, each shows a card 50 ms after
    choosing it, and each takes over when the table stands still 1 ms longer than
    that: they race for the cards, and the store keeps one of each."""
    quick = ["--takeover", "0.001"]
    a, b = servers(cluster, tmp_path, (0.05, quick), (0.05, quick))
    try:
        table = a.post("/api/tables", {"variant": "short", "seed": 4, "rubbers": 2,
                                       "seats": {s: "classical" for s in "NESW"},
                                       "computer_claims": False})
        tid = table["id"]
        # a spectator on each: both hold the table (a process forgets a table that
        # another moves and nobody there watches)
        with a.ws(f"/ws/{tid}"), b.ws(f"/ws/{tid}") as spectator:
            deadline = time.monotonic() + 120
            seen: list[dict[str, Any]] = []
            while time.monotonic() < deadline:
                msg = json.loads(spectator.recv(timeout=60))
                seen.append(msg)
                if msg["type"] == "state" and len(msg["score"]["hands"]) >= 2:
                    break
        stored = stored_actions(cluster, tid)
        assert [seq for seq, _ in stored] == list(range(1, len(stored) + 1))
        finished = hands_of([act for _, act in stored])[:2]
        assert [len(h) for h in finished] == [52, 52]
        assert all(len(set(h)) == 52 for h in finished)
        session = build_session(TableConfig.from_json(_config(cluster, tid)))
        for _, act in stored:  # the stored actions replay: every card legal, in turn
            apply_action(session, tuple(act))
        logs = "".join((tmp_path / f"server{i}.log").read_text() for i in (0, 1))
        # not vacuous: the processes did race (B took over, someone lost an insert)
        assert re.search(r"stood still at action \d+: this process moves it", logs), logs[-2000:]
    finally:
        a.stop()
        b.stop()


def _config(db: str, table_id: str) -> str:
    import psycopg

    with psycopg.connect(db) as conn:
        row = conn.execute("SELECT config FROM tables WHERE id = %s", (table_id,)).fetchone()
    assert row is not None
    config: str = row[0]
    return config


def test_when_the_process_moving_a_table_dies_another_takes_over(
        cluster: str, tmp_path: Path) -> None:
    slow, quick = (3.0, []), (0.0, ["--takeover", "0.5"])
    a, b = servers(cluster, tmp_path, slow, quick)
    try:
        for seed in range(40):  # a deal where a computer leads: A waits 3 s to play it
            table = a.post("/api/tables", {"variant": "short", "seed": seed,
                                           "seats": {"S": "human"}})
            if a.get(f"/api/tables/{table['id']}")["to_play"] != "S":
                break
        tid = table["id"]
        with b.ws(f"/ws/{tid}?token={table['tokens']['S']}") as ws:
            first = json.loads(ws.recv(timeout=30))
            assert first["seq"] == 1 and first["to_play"] != "S"
            a.kill9()  # A dies before its computer's card
            msg = first
            while msg["type"] != "state" or msg["phase"] == "play":
                if msg["type"] == "state" and msg["legal"]:
                    ws.send(json.dumps({"type": "play", "card": msg["legal"][0]}))
                msg = json.loads(ws.recv(timeout=30))
        assert sum(msg["review"]["result"]) == 13
        stored = stored_actions(cluster, tid)
        assert [seq for seq, _ in stored] == list(range(1, len(stored) + 1))
        assert "this process moves it" in (tmp_path / "server1.log").read_text()
    finally:
        a.stop()
        b.stop()


async def _race_on_one_database(db: str) -> None:
    stores = [Store.open(db), Store.open(db)]  # two processes' stores, one database
    for store in stores:
        for_store(store)  # on PostgreSQL: each action stored with its notification
    try:
        with ThreadPoolExecutor(1) as pool:
            hubs = [Hub(s, {"quick": pool, "slow": pool}, delay=0, shared=True,
                        table_class=table_class) for s in stores]
            # four people: nothing moves by itself, the test makes every move
            cfg = TableConfig.from_request(
                {"variant": "short", "seats": dict.fromkeys("NESW", "human")}, seed=9)
            table, _ = await hubs[0].create(cfg)
            other = await hubs[1].get(table.id)  # loaded from the store by the other hub
            assert isinstance(other, LiveTable) and other.seq == 1
            if other.watch is not None:
                other.watch.cancel()
            # the table's first card, chosen on each side; the first hub stores its own
            turn = table.session.to_play
            assert turn is not None and other.session.to_play == turn
            card = str(table.session.view(turn).legal_cards()[0])
            other_card = str(other.session.view(turn).legal_cards()[-1])
            assert card != other_card
            await table.act(("card", card))
            with pytest.raises(Superseded, match="another server process"):
                async with other.lock:
                    await other._act(("card", other_card))
            # the other stored nothing, and caught up with the first one's card
            assert stores[1].actions_after(table.id, 0) == [("deal",), ("card", card)]
            assert other.actions == table.actions and other.seq == 2
            assert other.session.state is not None
            assert [str(c) for _, c in other.session.state.current_trick] == [card]
            # the first hub plays on; the other, where nobody watches the table, forgets
            # it when told, and loads it again, up to date, when it is asked for
            turn = table.session.to_play
            assert turn is not None
            await table.act(("card", str(table.session.view(turn).legal_cards()[0])))
            hubs[1].deliver(table.id, 3, table.actions[-1])  # asked for just now: kept
            assert hubs[1].tables[table.id] is other
            hubs[1].forget_after = 0
            hubs[1].deliver(table.id, 3, table.actions[-1])
            assert table.id not in hubs[1].tables
            again = await hubs[1].get(table.id)
            assert again is not None and again is not other and again.actions == table.actions
            if again.watch is not None:
                again.watch.cancel()
    finally:
        for s in stores:
            s.close()


def test_an_action_whose_seq_another_process_stored_first_is_refused_and_the_loser_catches_up(
        tmp_path: Path) -> None:
    """The store's key decides a race; a table moved elsewhere and watched by nobody
    here is forgotten, then loaded again up to date."""
    asyncio.run(_race_on_one_database(f"sqlite:///{tmp_path / 'web.sqlite3'}"))


def test_the_same_race_on_postgresql_where_an_action_and_its_notification_are_one_statement(
        cluster: str) -> None:
    asyncio.run(_race_on_one_database(cluster))


def _room_of(server: Server) -> tuple[int, Any]:
    """``GET /api/room`` of one process: (status, body)."""
    import urllib.error

    try:
        return 200, server.get("/api/room")
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_one_process_holds_the_room_and_another_takes_it_when_the_holder_dies(
        cluster: str, tmp_path: Path) -> None:
    # the room (laws 16-25) is one sequence of cuts: decided in one process, the one
    # holding its lock; the others say so, and the next takes it when the holder dies
    a, b = servers(cluster, tmp_path, (0.0, []), (0.0, []))
    try:
        deadline = time.monotonic() + 30
        while True:
            (sa, ra), (sb, rb) = _room_of(a), _room_of(b)
            if 200 in (sa, sb):
                break
            assert time.monotonic() < deadline, (sa, ra, sb, rb)
            time.sleep(0.2)
        holder, other = (a, b) if sa == 200 else (b, a)
        status, refused = _room_of(other)
        assert status == 503 and "another server process" in refused["detail"], refused
        member = holder.post("/api/members", {"name": "Mathews"})
        req = urllib.request.Request(
            holder.url + f"/api/room/tables?member={member['key']}",
            json.dumps({"variant": "short"}).encode(), {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            rid = json.loads(r.read())["id"]
        before = _room_of(holder)[1]
        holder.kill9()
        deadline = time.monotonic() + 40
        while (status := _room_of(other)[0]) != 200:
            assert time.monotonic() < deadline, "no process took the room"
            time.sleep(0.5)
        after = _room_of(other)[1]
        assert rid in json.dumps(after["tables"]) and after["tables"] == before["tables"]
    finally:
        a.stop()
        b.stop()


def test_the_writers_lost_connection_refuses_that_action_and_is_made_again_for_the_next(
        cluster: str) -> None:
    """The event loop's connection for the actions killed by PostgreSQL: the action
    under way is refused (the table says the storage is unavailable, nothing shown)
    and nothing of it stored; the next is committed on a new connection."""
    store = Store.open(cluster)
    for_store(store)  # the bus's notifications with every action, as a server does
    store.create_table("lost", "{}", {})

    async def run() -> BaseException | None:
        await store.writer.append("lost", 1, ("deal",))
        with store.engine.begin() as conn:
            killed = conn.execute(text("SELECT count(pg_terminate_backend(pid)) FROM "
                                       "pg_stat_activity WHERE application_name = :name"),
                                  {"name": WRITER}).scalar()
        assert killed == 1
        try:
            await store.writer.append("lost", 2, ("card", "SA"))
        except Exception as exc:  # the table's StorageUnavailable
            refused: BaseException | None = exc
        else:
            refused = None
        await store.writer.append("lost", 2, ("card", "SK"))
        return refused

    try:
        refused = asyncio.run(run())
        assert refused is not None and not isinstance(refused, SeqTaken)
        assert store.load("lost").actions == [("deal",), ("card", "SK")]
    finally:
        store.close()


def test_actions_with_quotes_backslashes_and_any_script_are_stored_as_sent_in_binary(
        cluster: str) -> None:
    """The event loop's writer sends its arrays in PostgreSQL's binary format: an
    action whose JSON has quotes, backslashes, braces, commas and cards written as a
    player writes them is stored as sent, in one statement with numbers past what a
    small integer holds (its notification queued with it, as a server's)."""
    store = Store.open(cluster)
    for_store(store)
    store.create_table("quoted", "{}", {})
    odd = ("chat", 'he said "{♠A, ♥10}" \\ NULL, "" \t ok')
    batch = [("quoted", 1, ("deal",)), ("quoted", 2, odd), ("quoted", 40000, ("card", "SA"))]
    try:
        asyncio.run(store.append_many_async(batch))
        assert store.load("quoted").actions == [("deal",), odd, ("card", "SA")]
    finally:
        store.close()

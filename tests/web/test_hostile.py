"""Hostile input (issue 30, point 4): each is refused with a word to its sender,
changes nothing, and leaves no traceback in the server's log."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_protocol import new_table

from cavendish.web.computer import choose_card
from cavendish.web.limits import Limits
from cavendish.web.server import create_app
from cavendish.web.tables import LiveTable


@pytest.fixture(autouse=True)
def no_traceback(caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """After each test: nothing logged with a traceback (the server's log)."""
    caplog.set_level(logging.WARNING)
    yield
    assert not [r for r in caplog.records if r.exc_info], caplog.text


def _names(client: TestClient, name: str) -> Any:
    return client.post("/api/tables", json={"seats": {"S": "human"}, "names": {"S": name}})


@pytest.mark.parametrize("name", ["bell\x07", "Ann\u202eevil", "tab\tname"])
def test_a_name_that_is_not_printable_text_is_refused(client: TestClient, name: str) -> None:
    r = _names(client, name)
    assert r.status_code == 400 and "printable text only" in r.json()["error"]
    assert client.get("/api/room").status_code == 200  # the lobby still answers everyone


def test_lone_surrogate_name_is_refused(client: TestClient) -> None:
    body = '{"seats": {"S": "human"}, "names": {"S": "\\ud800"}}'
    r = client.post("/api/tables", content=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "U+D800" in r.json()["error"]
    assert client.get("/api/room").status_code == 200


def test_deeply_nested_json_is_refused(client: TestClient) -> None:
    deep = "[" * 1000 + "]" * 1000
    r = client.post("/api/tables", content=deep, headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    table = new_table(client, "short", seed=1)
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        ws.receive_json()
        ws.send_text('{"type": ' + deep + "}")
        while (msg := ws.receive_json())["type"] != "error":
            pass
        assert "malformed JSON" in msg["message"]
        ws.send_json({"type": "snapshot"})  # the connection is kept
        while ws.receive_json()["type"] != "state":
            pass


def test_a_claim_of_a_superscript_number_is_refused(client: TestClient) -> None:
    table = new_table(client, "short", seed=2)
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "claim", "tricks": "\u00b2"})
        while (msg := ws.receive_json())["type"] != "error":
            pass
    assert "expected a whole number" in msg["message"]


def test_a_spectator_cannot_play(client: TestClient) -> None:
    table = new_table(client, "short", seed=3)
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        snap = ws.receive_json()
        ws.send_json({"type": "play", "card": "SA"})
        msg = ws.receive_json()
    assert msg["type"] == "error" and "spectator cannot act" in msg["message"]
    assert client.get(f"/api/tables/{table['id']}").json()["seq"] == snap["seq"]


def test_a_lowercase_seat_is_refused(client: TestClient) -> None:
    r = client.post("/api/tables", json={"seats": {"s": "human"}})
    assert r.status_code == 400 and "'s' is not a seat" in r.json()["error"]


def test_a_text_plain_body_cannot_make_a_table(client: TestClient) -> None:
    r = client.post("/api/tables", content='{"seats": {"S": "human"}}',
                    headers={"Content-Type": "text/plain"})
    assert r.status_code == 415 and "application/json" in r.json()["error"]


@pytest.mark.parametrize("kind", ["search:worlds=1000000", "pimc:work=1e9", "search:time_ms=nan"])
def test_an_unbounded_computer_option_is_refused(client: TestClient, kind: str) -> None:
    r = client.post("/api/tables", json={"seats": {"S": "human", "E": kind}})
    assert r.status_code == 400 and "more than this server allows" in r.json()["error"]


def test_every_page_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/options", "/static/table.js", "/api/tables/nope"):
        h = client.get(path).headers
        assert "script-src 'self'" in h["content-security-policy"], path
        assert "unsafe-inline" not in h["content-security-policy"]
        assert h["x-content-type-options"] == "nosniff"
        assert h["referrer-policy"] == "same-origin"


def test_the_member_cookie_is_httponly_samesite_and_secure_behind_tls(
        client: TestClient) -> None:
    plain = client.post("/api/members", json={"name": "Plain"}).headers["set-cookie"]
    assert "httponly" in plain.lower() and "samesite=lax" in plain.lower()
    assert "secure" not in plain.lower()
    tls = client.post("/api/members", json={"name": "Proxied"},
                      headers={"X-Forwarded-Proto": "https"}).headers["set-cookie"]
    assert "secure" in tls.lower()


def test_a_websocket_opened_by_a_page_of_another_origin_is_refused(client: TestClient) -> None:
    table = new_table(client, "short", seed=4)
    for path in (f"/ws/{table['id']}?token={table['tokens']['S']}", "/ws-room"):
        with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
                path, headers={"Origin": "http://testserver:8081"}) as ws:
            ws.receive_json()
        assert refused.value.code == 4403
    with client.websocket_connect(f"/ws/{table['id']}",
                                  headers={"Origin": "http://testserver"}) as ws:
        assert ws.receive_json()["type"] == "state"  # its own pages are welcome


def _member(client: TestClient, name: str, password: str | None = None) -> str:
    body: dict[str, str] = {"name": name} if password is None else {"name": name,
                                                                    "password": password}
    r = client.post("/api/members", json=body)
    assert r.status_code == 200, r.text
    client.cookies.clear()
    key: str = r.json()["key"]
    return key


def _altered(key: str) -> str:
    return key[:-1] + ("A" if key[-1] != "A" else "B")


def test_a_forged_or_altered_member_key_is_refused_wherever_a_key_is_read(
        client: TestClient) -> None:
    key = _member(client, "Mathews")
    table = new_table(client, "short", seed=5)
    for bad in (_altered(key), "forged-" + "x" * 25):
        for method, path in (("GET", "/api/room/me"), ("GET", "/api/members/me"),
                             ("POST", "/api/room/tables"), ("POST", "/api/room/take")):
            r = client.request(method, f"{path}?member={bad}", json={})
            assert r.status_code == 401 and "member key refused" in r.json()["detail"], path
            assert "max-age=0" in r.headers["set-cookie"].lower()  # the page forgets it
        with client.websocket_connect(f"/ws-room?member={bad}") as ws:
            assert "member key refused" in ws.receive_json()["message"]
        token = table["tokens"]["S"]
        with client.websocket_connect(f"/ws/{table['id']}?token={token}&member={bad}") as ws:
            msg = ws.receive_json()
            assert msg["type"] == "error" and "member key refused" in msg["message"]
            assert ws.receive_json()["you"] == "S"  # his seat token still plays
    members = client.app.state.members  # type: ignore[attr-defined]
    assert members.seated(table["id"]) == {}  # nobody was recorded at the seat
    assert client.get(f"/api/room/me?member={key}").status_code == 200


def test_logout_invalidates_the_member_key_across_a_restart(
        client: TestClient, tmp_path: Any) -> None:
    from cavendish.web.members import Members
    from cavendish.web.store import Store

    key = _member(client, "Pole")
    assert client.post(f"/api/members/logout?member={key}").status_code == 200
    assert client.get(f"/api/members/me?member={key}").status_code == 401
    assert client.get(f"/api/room/me?member={key}").status_code == 401
    store = Store.open(f"sqlite:///{tmp_path / 'client.sqlite3'}")  # the server restarted
    try:
        assert Members(store).by_key(key) is None
    finally:
        store.close()


def test_passwords_cannot_be_guessed_without_limit(client: TestClient) -> None:
    from cavendish.web.members import FREE_TRIES

    _member(client, "Clay", "longwhist8")
    members = client.app.state.members  # type: ignore[attr-defined]
    now = [1000.0]
    members.throttle.clock = lambda: now[0]
    login = "/api/members/login"
    for i in range(FREE_TRIES):
        r = client.post(login, json={"name": "Clay", "password": f"guess-{i:04}"})
        assert r.status_code == 403, r.text
    r = client.post(login, json={"name": "Clay", "password": "longwhist8"})
    assert r.status_code == 429 and "too many wrong passwords" in r.json()["error"]
    assert r.headers["retry-after"] == "1"  # the right one too waits: it is not read
    now[0] += 1.5
    assert client.post(login, json={"name": "Clay", "password": "wrong-again"}).status_code == 403
    now[0] += 1.5  # the second wait is twice the first
    assert client.post(login, json={"name": "Clay", "password": "longwhist8"}).status_code == 429
    now[0] += 1.0
    assert client.post(login, json={"name": "Clay", "password": "longwhist8"}).status_code == 200
    # one client guessing many names is held back as well
    for i in range(FREE_TRIES + 1):
        r = client.post(login, json={"name": f"Nobody{i}", "password": "whatever1"})
    assert r.status_code == 429 and "client" in r.json()["error"]


@contextlib.contextmanager
def _limited(tmp_path: Any, limits: Limits,
             pool: ThreadPoolExecutor | None = None) -> Iterator[TestClient]:
    """A server with its own limits per client (the fixture's has the defaults)."""
    db = f"sqlite:///{tmp_path / 'limited.sqlite3'}"
    with contextlib.ExitStack() as stack:
        pool = pool or stack.enter_context(ThreadPoolExecutor(2))
        yield stack.enter_context(TestClient(create_app(db, delay=0, pool=pool,
                                                        limits=limits)))


def _another_client(client: TestClient, host: str) -> TestClient:
    """A client of the same running server from another address."""
    other = TestClient(client.app, client=(host, 50001))
    other.portal = client.portal  # the server's own event loop
    return other


def test_a_socket_that_never_reads_is_dropped_and_its_queue_freed() -> None:
    from cavendish.web.connection import MAX_QUEUED, Connection

    async def run() -> tuple[Connection, int, list[str]]:
        never = asyncio.Event()
        dropped: list[str] = []

        async def send(text: str) -> None:
            await never.wait()  # a client that never reads: the first send never ends

        async def drop() -> None:
            dropped.append("closed")

        conn = Connection(send, None, client="slow", drop=drop)
        conn.start()
        most = 0
        for i in range(10_000):
            conn.put({"type": "state", "seq": i, "pad": "x" * 1000})
            most = max(most, conn.queued)
            await asyncio.sleep(0)
        return conn, most, dropped

    conn, most, dropped = asyncio.run(run())
    assert conn.dropped and dropped == ["closed"]
    assert most <= MAX_QUEUED and conn.queued == 0 and conn.queue.empty()


def test_a_client_with_too_many_sockets_open_is_refused(tmp_path: Any) -> None:
    with _limited(tmp_path, Limits(sockets=2)) as client:
        table = new_table(client, "short", seed=6)
        path = f"/ws/{table['id']}"
        with client.websocket_connect(path) as one, client.websocket_connect("/ws-room") as two:
            one.receive_json()
            two.receive_json()
            with pytest.raises(WebSocketDisconnect) as refused, \
                    client.websocket_connect(path) as three:
                msg = three.receive_json()
                assert "2 websockets open already, at most 2" in msg["message"]
                three.receive_json()
            assert refused.value.code == 4429
            with _another_client(client, "10.0.0.2").websocket_connect(path) as other:
                assert other.receive_json()["type"] == "state"  # another client is welcome
        with client.websocket_connect(path) as again:  # his closed ones are not counted
            assert again.receive_json()["type"] == "state"


def test_a_client_making_too_many_tables_is_refused(tmp_path: Any) -> None:
    with _limited(tmp_path, Limits(tables_burst=3, tables_per_hour=1)) as client:
        for seed in range(3):
            new_table(client, "short", seed=seed)
        r = client.post("/api/tables", json={"seats": {"S": "human"}})
        assert r.status_code == 429 and "too many tables made" in r.json()["error"]
        client.post("/api/members", json={"name": "Hoyle"})
        r = client.post("/api/room/tables", json={"variant": "short"})
        assert r.status_code == 429 and "too many tables made" in r.json()["error"]
        other = _another_client(client, "10.0.0.3")
        assert other.post("/api/tables", json={"seats": {"S": "human"}}).status_code == 200


def test_one_clients_heavy_tables_leave_the_slow_pool_to_the_others(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Client A's three tables of searching computers (a fake slow job that waits to
    be let go) hold one worker of two; client B's table is thought for at once."""
    release = threading.Event()
    started: list[str] = []

    def slow_job(table_id: str, config: str, actions: list[Any]) -> Any:
        started.append(table_id)
        release.wait(30)
        fast = json.loads(config)  # then a quick card, so that the test ends soon
        fast["kinds"] = {s: "random" for s in fast["kinds"]}
        return choose_card(table_id, json.dumps(fast), actions)

    monkeypatch.setattr(LiveTable, "chooser", staticmethod(slow_job))
    computers = {"seats": {s: "search" for s in "NESW"}, "variant": "short"}
    with ThreadPoolExecutor(2) as pool, _limited(tmp_path, Limits(jobs=1), pool) as client:
        try:
            heavy = [client.post("/api/tables", json=computers).json()["id"] for _ in range(3)]
            other = _another_client(client, "10.0.0.4")
            light = other.post("/api/tables", json=computers).json()["id"]
            deadline = time.monotonic() + 10
            while light not in started and time.monotonic() < deadline:
                time.sleep(0.01)
            hub = client.app.state.hub  # type: ignore[attr-defined]
            assert light in started, started  # B was not queued behind A's tables
            assert len([t for t in started if t in heavy]) == 1
            assert hub.shares.running == {"testclient": 1, "10.0.0.4": 1}
            assert len(hub.shares.waiting["testclient"]) == 2  # A's others wait their turn
        finally:
            release.set()
    assert hub.shares.peak["testclient"] == 1


def test_a_finished_table_is_put_away_and_still_served_from_the_store(
        client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    made = client.post("/api/tables", json={"variant": "short", "rubbers": 1, "seed": 7,
                                            "seats": {s: "random" for s in "NESW"}}).json()
    deadline = time.monotonic() + 60
    while not hub.tables[made["id"]].session.is_over and time.monotonic() < deadline:
        time.sleep(0.05)
    pbn = client.get(f"/api/tables/{made['id']}/pbn").text
    assert pbn.count("[Board ") >= 2
    playing = new_table(client, "short", seed=8)["id"]  # a person's table in play: kept
    hub.evict_after = 0.0
    time.sleep(0.01)
    assert client.portal.call(_sweep, hub) == [made["id"]]  # type: ignore[union-attr]
    assert set(hub.tables) == {playing}
    assert client.get(f"/api/tables/{made['id']}/pbn").text == pbn  # read back from the store
    assert made["id"] in hub.tables
    hub.idle_after = 0.0  # now every table stands still too long
    time.sleep(0.01)
    gone = client.portal.call(_sweep, hub)  # type: ignore[union-attr]
    assert sorted(gone) == sorted([made["id"], playing])
    with client.websocket_connect(f"/ws/{playing}?token=nope") as ws:  # its page: read back
        assert ws.receive_json()["type"] == "error"
        assert ws.receive_json()["type"] == "state"
    assert playing in hub.tables


def test_a_restart_rebuilds_only_the_tables_made_or_moved_lately(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, "short", seed=9)["id"]
    hub.tables.clear()
    hub.idle_after = 0.0  # the table was moved longer ago than that
    assert hub.restore() == 0 and table not in hub.tables
    hub.idle_after = 3600.0
    assert hub.restore() == 1 and table in hub.tables


async def _sweep(hub: Any) -> list[str]:
    gone: list[str] = hub.sweep()
    return gone

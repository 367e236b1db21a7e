"""The chat of a table (issue 21 item 3): from seats and spectators, at most 300
characters (longer: an error, nothing stored), rate-limited with every other
message, stored before anyone is shown it, and a snapshot's recent history on
reconnecting (after a restart too)."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_protocol import new_table
from web_browser import chromium_missing, launch, shot
from web_servers import Server, postgres_cluster, postgres_missing

from cavendish.web.chat import HISTORY, MAX_CHAT, load_chat, store_chat
from cavendish.web.server import create_app


def _until(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (state messages of the play pass by)."""
    while (msg := ws.receive_json())["type"] != kind:
        pass
    assert isinstance(msg, dict)
    return msg


def _stored(client: TestClient, tid: str) -> list[dict[str, Any]]:
    return load_chat(client.app.state.hub.store.engine, tid, 1000)  # type: ignore[attr-defined]


def _quiet(client: TestClient, ws: Any) -> None:
    """Read a seat's connection until the table waits for him (no card is coming)."""
    while not ws.receive_json().get("legal"):
        pass


@contextlib.contextmanager
def _south(client: TestClient, seed: int) -> Iterator[tuple[str, Any]]:
    """A new table and South's connection, read until the table waits for him."""
    table = new_table(client, "short", seed=seed)
    tid = table["id"]
    with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as s:
        _quiet(client, s)
        yield tid, s


def test_a_chat_message_is_stored_then_shown_to_every_seat_and_spectator(
        client: TestClient) -> None:
    with _south(client, 7) as (tid, s), client.websocket_connect(f"/ws/{tid}") as spectator:
        s.send_json({"type": "chat", "text": "  <b>Good</b> luck & \"play\" well  "})
        mine, theirs = _until(s, "chat"), _until(spectator, "chat")
        spectator.send_json({"type": "chat", "text": "Well led"})  # mid-hand: to the
        second = _until(spectator, "chat")  # spectators now, to the players between hands
    assert mine == theirs
    assert mine["seat"] == "S" and mine["name"] == "Guest S"
    assert mine["text"] == '<b>Good</b> luck & "play" well'  # as written: the page escapes
    assert second["seat"] is None and second["name"] == "Spectator" and second["id"] > mine["id"]
    stored = _stored(client, tid)
    assert [(m["id"], m["seat"], m["text"]) for m in stored] == [
        (mine["id"], "S", mine["text"]), (second["id"], None, "Well led")]
    assert client.get(f"/api/tables/{tid}").json()["seq"] == mine["seq"]  # not an action


def test_a_chat_message_over_the_limit_or_empty_is_an_error_and_nothing_is_stored(
        client: TestClient) -> None:
    with _south(client, 8) as (tid, s):
        for text, needle in (("x" * (MAX_CHAT + 1), f"{MAX_CHAT + 1} characters: at most 300"),
                             ("   ", "empty"), (None, "expected \"text\""), (7, "expected"),
                             ("bell\x07", "control character")):
            s.send_json({"type": "chat", "text": text} if text is not None else {"type": "chat"})
            err = s.receive_json()
            assert err["type"] == "error" and needle in err["message"], (text, err)
            assert err["request"] == "chat"
        assert _stored(client, tid) == []
        s.send_json({"type": "chat", "text": "é" * MAX_CHAT})  # the limit is characters
        assert _until(s, "chat")["text"] == "é" * MAX_CHAT
    assert len(_stored(client, tid)) == 1


def test_a_flood_of_chat_is_rate_limited_and_only_what_was_shown_is_stored(
        client: TestClient) -> None:
    with _south(client, 9) as (tid, s):
        for i in range(60):
            s.send_json({"type": "chat", "text": f"spam {i}"})
        answers = [s.receive_json() for _ in range(60)]
    refused = [a for a in answers if a["type"] == "error"]
    shown = [a["text"] for a in answers if a["type"] == "chat"]
    assert refused and all("too many messages" in a["message"] for a in refused)
    assert len(shown) + len(refused) == 60
    assert [m["text"] for m in _stored(client, tid)] == shown


def test_a_reconnecting_client_gets_the_recent_chat_in_its_snapshot_even_after_a_restart(
        tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    with ThreadPoolExecutor(2) as pool:
        with TestClient(create_app(db, delay=0, pool=pool)) as client:
            table = new_table(client, "short", seed=10, follow="one")
            tid = table["id"]
            engine = client.app.state.hub.store.engine  # type: ignore[attr-defined]
            for i in range(HISTORY):  # said before (stored), then three more said now
                store_chat(engine, tid, 1, None, "Spectator", f"line {i}")
            with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as s:
                _quiet(client, s)
                for i in range(HISTORY, HISTORY + 3):
                    s.send_json({"type": "chat", "text": f"line {i}"})
                    assert s.receive_json()["type"] == "chat"
            with client.websocket_connect(f"/ws/{tid}") as again:
                snap = again.receive_json()
        with (TestClient(create_app(db, delay=0, pool=pool)) as client,  # restarted
              client.websocket_connect(f"/ws/{tid}?follow=E") as after):
            restored = after.receive_json()
    want = [f"line {i}" for i in range(3, HISTORY + 3)]  # the last HISTORY, oldest first
    assert snap["snapshot"] and [m["text"] for m in snap["chat"]] == want
    assert [m["text"] for m in restored["chat"]] == want
    assert restored["chat"] == snap["chat"]


def test_a_snapshot_reads_the_chat_from_the_store_off_the_event_loop(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A query on the event loop held every table of the process while the database
    answered (issue 30's stall watcher found 200-470 ms of it as 200 people joined)."""
    import asyncio

    from cavendish.web import chat

    on_loop: list[bool] = []

    def load(engine: Any, table_id: str, limit: int = HISTORY) -> list[dict[str, Any]]:
        try:
            asyncio.get_running_loop()
            on_loop.append(True)
        except RuntimeError:
            on_loop.append(False)
        return load_chat(engine, table_id, limit)

    monkeypatch.setattr(chat, "load_chat", load)
    with _south(client, 7) as (tid, s):
        s.send_json({"type": "chat", "text": "first"})
        _until(s, "chat")
        client.app.state.hub.shared = True  # type: ignore[attr-defined]  # as on PostgreSQL
        # with other processes: each snapshot reads the chat again
        with client.websocket_connect(f"/ws/{tid}") as spectator:
            assert [m["text"] for m in spectator.receive_json()["chat"]] == ["first"]
            spectator.send_json({"type": "snapshot"})
            assert [m["text"] for m in _until(spectator, "state")["chat"]] == ["first"]
    assert len(on_loop) >= 3 and not any(on_loop)


@pytest.mark.skipif(chromium_missing() is not None, reason=chromium_missing() or "")
def test_the_page_shows_chat_as_text_never_markup_and_a_follower_sees_one_hand(
        tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", delay=0, log=tmp_path / "log")
    try:
        table = server.post("/api/tables", {"seats": {"S": "human"}, "seed": 3})
        hostile = '<img src=x onerror="document.body.dataset.pwned=1"> <b>bold</b> & co'
        with sync_playwright() as pw, server.ws(f"/ws/{table['id']}?token="
                                                f"{table['tokens']['S']}") as person, \
                server.ws(f"/ws/{table['id']}") as rail:
            browser = launch(pw)
            try:
                page = browser.new_page()
                page.goto(f"{server.url}/table/{table['id']}?follow=E")
                page.wait_for_selector("#my-hand .card")
                person.send(json.dumps({"type": "chat", "text": hostile}))
                page.wait_for_selector("#chat-log .chat-text")
                assert page.inner_text("#chat-log .chat-text").strip() == hostile
                assert page.locator("#chat-log img").count() == 0
                assert page.locator("#chat-log .chat-text b").count() == 0
                assert page.evaluate("document.body.dataset.pwned") is None
                hand = page.locator("#my-hand .card").count()
                assert 12 <= hand <= 13 and page.locator("#my-hand button").count() == 0
                page.fill("#chat-text", "hello from the rail")
                page.click("#chat-form button")
                while (msg := json.loads(rail.recv(timeout=10)))["type"] != "chat" \
                        or msg["seat"] is not None:  # (the person has it between hands)
                    pass
                assert msg["text"] == "hello from the rail" and msg["name"] == "Spectator"
                shot(page, "chat-and-follow")
            finally:
                browser.close()
    finally:
        server.stop()


@pytest.mark.skipif(postgres_missing() is not None, reason=postgres_missing() or "")
def test_a_chat_line_reaches_the_connections_of_every_process_on_one_postgresql(
        tmp_path: Path) -> None:
    with postgres_cluster() as db:
        one = Server(db, delay=0, log=tmp_path / "one.log")
        two = Server(db, delay=0, log=tmp_path / "two.log")
        try:
            table = one.post("/api/tables", {"seats": {"S": "human"}, "seed": 3})
            tid = table["id"]
            with one.ws(f"/ws/{tid}?token={table['tokens']['S']}") as person, \
                 two.ws(f"/ws/{tid}") as spectator, one.ws(f"/ws/{tid}") as rail:
                def until(ws: Any, kind: str) -> dict[str, Any]:
                    while (msg := json.loads(ws.recv(timeout=30)))["type"] != kind:
                        pass
                    assert isinstance(msg, dict)
                    return msg

                spectator.recv(timeout=30)  # its snapshot: it is joined on process two
                person.send(json.dumps({"type": "chat", "text": "from process one"}))
                mine, theirs = until(person, "chat"), until(spectator, "chat")
                spectator.send(json.dumps({"type": "chat", "text": "from process two"}))
                while (back := until(rail, "chat"))["seat"] is not None:  # (the person
                    pass                                                 # has it later)
            with two.ws(f"/ws/{tid}") as late:
                history = json.loads(late.recv(timeout=30))["chat"]
        finally:
            one.stop()
            two.stop()
    assert mine == theirs and mine["text"] == "from process one" and mine["seat"] == "S"
    assert back["text"] == "from process two" and back["seat"] is None
    assert [m["text"] for m in history] == ["from process one", "from process two"]

"""Nothing stuck (issue 30, points 5-6): a bad link says so, and a table asked for
while the storage is away is answered so, not with a 500; a computer card the table
refuses is logged and a legal one played; a failed commit is told to the clients and
tried again; a table that stands still is set going again by its watchdog."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from cavendish.core.cards import cards_of
from cavendish.web import tables
from cavendish.web.computer import choose_card
from cavendish.web.config import Action, TableConfig, apply_action, build_session
from cavendish.web.server import create_app
from cavendish.web.tables import LiveTable


def test_an_unknown_tables_page_says_no_such_table_and_the_api_answers_404(
        client: TestClient) -> None:
    page = client.get("/table/nosuchtable")
    assert page.status_code == 404 and "No such table" in page.text
    assert client.get("/api/tables/nosuchtable").status_code == 404
    made = client.post("/api/tables", json={"seats": {"S": "human"}}).json()
    assert client.get(f"/table/{made['id']}").status_code == 200


def test_a_table_asked_for_while_the_storage_is_away_is_answered_503_then_made_when_back(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    real = store.create_table

    def away(*args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("connection refused"))

    monkeypatch.setattr(store, "create_table", away)
    r = client.post("/api/tables", json={"seats": {"S": "human"}})
    assert r.status_code == 503 and "storage is unavailable" in r.json()["error"]
    monkeypatch.setattr(store, "create_table", real)
    assert client.post("/api/tables", json={"seats": {"S": "human"}}).status_code == 200


def test_a_table_whose_first_deal_cannot_be_stored_is_answered_503_and_not_kept(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The table is stored, then the storage goes away before its deal is: 503, as for
    the table itself, and no table without a deal is left live."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real = hub.store.writer.append

    def away(table_id: str, seq: int, action: Action, *, first: bool = False) -> Any:
        raise OperationalError("INSERT", {}, Exception("database or disk is full"))

    monkeypatch.setattr(hub.store.writer, "append", away)
    r = client.post("/api/tables", json={"seats": {"S": "human"}})
    assert r.status_code == 503 and "storage is unavailable" in r.json()["error"]
    assert not hub.tables
    monkeypatch.setattr(hub.store.writer, "append", real)
    assert client.post("/api/tables", json={"seats": {"S": "human"}}).status_code == 200


# ------------------------------------------------------- the computers never stand still
def _table_of_computers(client: TestClient, seed: int = 3) -> str:
    made = client.post("/api/tables", json={"seats": {}, "seed": seed})
    assert made.status_code == 200, made.text
    table_id: str = made.json()["id"]
    return table_id


def _watch(client: TestClient, table_id: str, until: Callable[[dict[str, Any]], bool],
           limit: int = 400) -> list[dict[str, Any]]:
    """A spectator's messages of a table until one satisfies ``until``."""
    seen: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        while len(seen) < limit:
            seen.append(ws.receive_json())
            if until(seen[-1]):
                return seen
    raise AssertionError(f"not seen in {limit} messages: {seen[-3:]}")


def _cards_played(msg: dict[str, Any]) -> list[str]:
    return [e["card"] for e in msg.get("events", []) if e["kind"] == "card"]


def test_a_computer_card_the_table_refuses_is_logged_and_a_legal_card_played_instead(
        client: TestClient, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The pool answers, once, with a card of the next seat's hand (as the pool's
    session and the server's disagreeing would): the server's session refuses it; the
    refusal is logged with the table, the seat, the card and why, and the computer
    plays a legal card of the server's own session in its stead: the table goes on."""
    wrong: list[str] = []

    def chooser(table_id: str, config: str, actions: list[Action]) -> tuple[Action, str]:
        if wrong or len(actions) < 2:
            return choose_card(table_id, config, actions)
        session = build_session(TableConfig.from_json(config))
        for action in actions:
            apply_action(session, action)
        turn = session.to_play
        assert turn is not None and session.state is not None
        card = str(cards_of(session.state.hand(turn.left))[0])  # not his: refused
        wrong.append(f"{turn} chose card {card}")
        return ("card", card), "a card of another hand"

    monkeypatch.setattr(LiveTable, "chooser", staticmethod(chooser))
    table_id = _table_of_computers(client)
    _watch(client, table_id, lambda m: m.get("seq", 0) >= 6 and bool(wrong))
    refused = [r for r in caplog.records if "refused" in r.getMessage()]
    assert refused, "the refusal was not logged"
    text = refused[0].getMessage()
    assert f"table {table_id}: the computer at {wrong[0]}, refused (" in text
    assert "not in" in text and "plays card" in text and refused[0].levelname == "ERROR"


def test_a_failed_commit_tells_the_clients_the_storage_is_unavailable_and_play_goes_on(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A commit fails (a full disk: the store raises) twice for a computer's card:
    every connection is told the storage is unavailable, the card is tried again after
    a pause (doubling), and when the storage is back they are told so and the table
    goes on; nothing was stored or shown twice, and no action is lost."""
    monkeypatch.setattr(tables, "STORAGE_PAUSE", 0.05)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    real = hub.store.writer.append
    failures: list[int] = []

    def append(table_id: str, seq: int, action: Action, *, first: bool = False) -> Any:
        watched = table_id in hub.tables and hub.tables[table_id].conns  # (seen failing)
        if action[0] == "card" and watched and len(failures) < 2:
            failures.append(seq)
            raise OperationalError("INSERT", {}, Exception("database or disk is full"))
        return real(table_id, seq, action, first=first)

    monkeypatch.setattr(hub.store.writer, "append", append)
    table_id = _table_of_computers(client)
    back: list[int] = []

    def on_again(msg: dict[str, Any]) -> bool:
        """Told the storage is back, then an action more (the table goes on)."""
        if msg["type"] == "storage" and msg["available"]:
            back.append(msg["seq"])
        return bool(back) and msg["type"] == "state" and msg["seq"] > back[0]

    seen = _watch(client, table_id, on_again)
    told = [m for m in seen if m["type"] == "storage"]
    assert [m["available"] for m in told] == [False, False, True], told
    assert "the storage is unavailable" in told[0]["message"]
    assert failures == [failures[0]] * 2  # the same card tried again
    stored = hub.store.load(table_id).actions  # (the table moves on meanwhile)
    live = hub.tables[table_id].actions
    n = min(len(stored), len(live))
    assert n > back[0] and stored[:n] == live[:n]
    states = [m["seq"] for m in seen if m["type"] == "state" and not m["snapshot"]]
    assert states == sorted(set(states))  # each action shown once, in order


class StuckOnce(Executor):
    """A pool whose first call never answers (a worker hung), the others answered."""

    def __init__(self, real: Executor) -> None:
        self.real = real
        self.stuck: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if not self.stuck:
            self.stuck.append(Future())
            return self.stuck[0]
        return self.real.submit(fn, *args, **kwargs)


def test_the_watchdog_sets_a_table_that_stands_still_going_again_and_logs_it(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The pool never answers the first computer card: the table stands still longer
    than its computers could need (the hub's ``watchdog``, here 1 s), its watchdog
    logs it with its id and last action and asks again: the hand goes on.  (A loaded
    machine may make a later card take that long too: the first stall is the one.)"""
    db = f"sqlite:///{tmp_path / 'dog.sqlite3'}"
    with ThreadPoolExecutor(2) as real:
        pool = StuckOnce(real)
        with TestClient(create_app(db, delay=0, pool=pool)) as client:
            hub = client.app.state.hub  # type: ignore[attr-defined]
            hub.watchdog = 1.0
            table_id = _table_of_computers(client)
            _watch(client, table_id, lambda m: len(_cards_played(m)) > 0)
            assert pool.stuck[0].cancelled() and hub.tables[table_id].stalls >= 1  # asked again
    logged = [r.getMessage() for r in caplog.records if "has not moved" in r.getMessage()]
    assert logged[0].startswith(f"table {table_id} has not moved for 1.0 s (last action 1: "
                                "deal")
    assert "set going again" in logged[0]

"""Members' records (issue 21 item 1): the records shown equal the records
recomputed independently from the stored hands; bad ids are a clear 404.

The independent computation reads the member's hands back from his PBN (checked
against each table's own PBN, written from the live session), finds his seats by
his name in them, scores them again on a fresh score sheet
(:meth:`ScoreSheet.replay` of each record's result) and annotates each hand
double dummy: the server's path (replaying the stored actions through a session)
is not used.

The server here keeps a SQLite file: the in-memory database of the ``client``
fixture is one connection shared by every thread, and a member sitting down (a
write in a thread) while the computers' cards are stored (another) can collide on
it ("cannot commit - no transaction is active")."""

from __future__ import annotations

import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_client import Paced, Receiver, play_hand

from cavendish.analysis.annotate import annotate_record
from cavendish.core.cards import Seat, Side
from cavendish.core.rules import get_rules
from cavendish.io.pbn import read_pbn
from cavendish.io.record import HandRecord
from cavendish.scoring.sheet import ScoreSheet
from cavendish.web.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A fresh server on a SQLite file (threads stand in for the process pool)."""
    with ThreadPoolExecutor(2) as pool, TestClient(create_app(
            f"sqlite:///{tmp_path / 'web.sqlite3'}", delay=0, pool=pool)) as c:
        yield c


def _join(client: TestClient, name: str) -> tuple[str, str]:
    body = client.post("/api/members", json={"name": name}).json()
    return body["id"], body["key"]


def _play_session(client: TestClient, table: dict[str, Any], keys: dict[str, str]) -> None:
    """The people at ``keys``' seats (each with his member key) play every hand to
    the end of the session: each his first legal card, the first of them dealing,
    within the server's rate limit (:class:`Paced`)."""
    from contextlib import ExitStack

    with ExitStack() as stack:
        receivers = [Receiver(seat, Paced(stack.enter_context(client.websocket_connect(
            f"/ws/{table['id']}?token={table['tokens'][seat]}&member={key}"))))
            for seat, key in keys.items()]
        while True:
            last = play_hand(receivers)
            if last["phase"] == "over":
                return
            receivers[0].ws.send_json({"type": "next"})


def _independent(pbn: str, name: str) -> dict[str, Any]:
    """The record recomputed from the hands in PBN alone."""
    by_table: dict[str, list[HandRecord]] = {}
    for rec in read_pbn(pbn):
        by_table.setdefault(rec.event, []).append(rec)
    out: dict[str, Any] = {"rubbers_played": 0, "rubbers_won": 0, "games_played": 0, "games_won": 0,
           "points_won": 0, "points_lost": 0, "hands": 0, "tricks_lost": 0}
    lost_by_hand = {}
    for event, recs in by_table.items():
        seats = [s for s in Seat if recs[0].players[s] == name]
        assert seats, f"{name} is at no seat of {event}"
        side = seats[0].side
        rules = get_rules(recs[0].variant)
        sheet = ScoreSheet.replay(rules, [r.result() for r in recs])
        out["rubbers_played"] += len(sheet.rubbers)
        out["rubbers_won"] += sum(1 for r in sheet.rubbers if r.winner == side)
        out["games_played"] += len(sheet.games)
        out["games_won"] += sum(1 for g in sheet.games if g.winner == side)
        out["points_won"] += sheet.totals[side]
        out["points_lost"] += sheet.totals[Side(1 - side)]
        for rec in recs:
            by_seat = annotate_record(rec).lost_by_seat()
            lost = sum(by_seat[s] for s in seats)  # no dummy at short whist
            lost_by_hand[(event.split()[2], rec.board)] = lost
            out["tricks_lost"] += lost
            out["hands"] += 1
    out["lost_per_hand"] = round(out["tricks_lost"] / out["hands"], 2) if out["hands"] else None
    return {"totals": out, "lost": lost_by_hand}


def test_members_records_recomputed_from_the_stored_hands_equal_the_records_shown(
        client: TestClient) -> None:
    ann, ann_key = _join(client, "Ann")
    bob, bob_key = _join(client, "Bob")
    client.cookies.clear()  # each person's key goes with his own connection
    # Ann alone at S; then Ann at W and Bob at N at another table (other sides)
    one = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                           "seed": 21, "rubbers": 1}).json()
    two = client.post("/api/tables", json={"variant": "short", "seed": 8, "rubbers": 1,
                                           "seats": {"W": "human", "N": "human"}}).json()
    _play_session(client, one, {"S": ann_key})
    _play_session(client, two, {"W": ann_key, "N": bob_key})
    # a third table where Ann has a hand in play: it is not in her record
    three = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 5}).json()
    with client.websocket_connect(f"/ws/{three['id']}?token={three['tokens']['S']}"
                                  f"&member={ann_key}") as ws:
        assert ws.receive_json()["phase"] == "play"

    for member, name in ((ann, "Ann"), (bob, "Bob")):
        shown = client.get(f"/api/members/{member}/record").json()
        pbn = client.get(f"/api/members/{member}/pbn").text
        mine = _independent(pbn, name)
        assert shown["member"] == {"id": member, "name": name}
        assert shown["totals"] == mine["totals"], name
        assert {(h["table"], h["board"]): h["lost"] for h in shown["hands"]} == mine["lost"]
        assert shown["totals"]["rubbers_played"] == (2 if name == "Ann" else 1)
        # his hands are the tables' own hands (the live sessions' PBN), his name at his seat
        tables = {t["id"] for t in shown["tables"]}
        ours = {(r.event, r.board): r for r in read_pbn(pbn)}
        for table_id in tables:
            for rec in read_pbn(client.get(f"/api/tables/{table_id}/pbn").text):
                got = ours.pop((rec.event, rec.board))
                assert (got.deal, got.plays, got.events) == (rec.deal, rec.plays, rec.events)
        assert not ours
        # each rubber's PBN holds that rubber's hands, and the record's page links it
        for rubber in shown["rubbers"]:
            assert rubber["finished"] and rubber["won"] == (rubber["points"] > 0)
            part = client.get(rubber["pbn"])
            assert part.status_code == 200, part.text
            assert [r.board for r in read_pbn(part.text)] == rubber["boards"]
    assert three["id"] not in {h["table"] for h in
                               client.get(f"/api/members/{ann}/record").json()["hands"]}
    # the costs were computed once, and kept: one row per finished hand
    rows = client.app.state.hub.store.engine.connect().exec_driver_sql(  # type: ignore[attr-defined]
        "select count(*) from hand_costs").scalar()
    assert rows == len(read_pbn(client.get(f"/api/tables/{one['id']}/pbn").text)) + len(
        read_pbn(client.get(f"/api/tables/{two['id']}/pbn").text))


def test_bad_member_table_or_rubber_ids_are_a_clear_404(client: TestClient) -> None:
    ann, _ = _join(client, "Ann")
    table = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 4}).json()
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "concede"})
        assert ws.receive_json()["phase"] == "between"
    base = f"/api/members/{ann}"
    assert client.get(f"{base}/rubbers/{table['id']}/1/pbn").status_code == 200
    for path, says in [
        ("/api/members/nobody/record", "member 'nobody': no member of that id"),
        ("/api/members/nobody/pbn", "no member of that id"),
        ("/api/members/" + "x" * 40 + "/record", "no member of that id"),
        (f"{base}/rubbers/elsewhere/1/pbn", "table 'elsewhere': member"),
        (f"{base}/rubbers/{table['id']}/2/pbn", "rubber 2 of table"),
        (f"{base}/rubbers/{table['id']}/one/pbn", "rubber 'one': expected a rubber's number"),
    ]:
        r = client.get(path)
        assert r.status_code == 404, (path, r.text)
        assert says in json.loads(r.text)["detail"], (path, r.text)
    # a member who never sat has an empty record, not an error
    cid, _ = _join(client, "Clay")
    empty = client.get(f"/api/members/{cid}/record").json()
    assert empty["totals"]["hands"] == 0 and empty["rubbers"] == []
    assert empty["totals"]["lost_per_hand"] is None


def test_the_join_and_record_pages_are_served_and_me_goes_to_the_members_own(
        client: TestClient) -> None:
    for path in ("/join", "/member/anyone"):
        page = client.get(path)
        assert page.status_code == 200 and "<!doctype html>" in page.text, path
    assert "club-link" in client.get("/").text  # the front page links the club
    nobody = client.get("/me", follow_redirects=False)
    assert (nobody.status_code, nobody.headers["location"]) == (303, "/join")
    ann, _ = _join(client, "Ann")  # the cookie is kept by the client
    mine = client.get("/me", follow_redirects=False)
    assert (mine.status_code, mine.headers["location"]) == (303, f"/member/{ann}")

"""The room (issue 21 item 2) through the protocol: club tables formed by the cut and
cut out after each rubber by the code's laws 16-25 (:mod:`cavendish.laws.table_laws`),
every cut shown to the room and stored, and replayed the same after a restart."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from web_client import Receiver, play_hand

from cavendish.core.cards import Card
from cavendish.web.room import RoomError
from cavendish.web.server import create_app


def _join(client: TestClient, name: str) -> str:
    key: str = client.post("/api/members", json={"name": name}).json()["key"]
    client.cookies.clear()  # each request names its member with ?member=
    return key


def _post(client: TestClient, key: str, path: str, body: dict[str, Any] | None = None,
          status: int = 200) -> Any:
    r = client.post(f"{path}?member={key}", json=body or {})
    assert r.status_code == status, r.text
    return r.json()


def _table(client: TestClient, rid: str) -> dict[str, Any]:
    room = client.get("/api/room").json()
    return next(t for t in room["tables"] if t["id"] == rid)


def _names(entries: list[dict[str, Any]]) -> list[str]:
    return [e["name"] for e in entries]


def _value(card: str) -> int:
    return Card.parse(card).rank.cut_value


def _six_members(client: TestClient, prefix: str = "M") -> tuple[str, dict[str, str]]:
    """Six members declare for a new table and cut: the table id and their keys."""
    keys = {f"{prefix}{i}": _join(client, f"{prefix}{i}") for i in range(1, 7)}
    first = next(iter(keys.values()))
    rid = _post(client, first, "/api/room/tables", {"variant": "short"})["id"]
    for key in list(keys.values())[1:]:
        _post(client, key, f"/api/room/tables/{rid}/declare")
    _post(client, first, f"/api/room/tables/{rid}/cut")
    return rid, keys


def _computer_table(client: TestClient, key: str, count: int, rubbers: int) -> str:
    rid: str = _post(client, key, "/api/room/tables", {
        "variant": "short", "computers": count, "computer": "random", "declare": False,
        "rubbers": rubbers})["id"]
    return rid


def _events(ws: Any, kind: str, rid: str, n: int) -> list[dict[str, Any]]:
    """Read the room's socket until ``n`` events of ``kind`` at table ``rid``."""
    out: list[dict[str, Any]] = []
    while len(out) < n:
        msg = ws.receive_json()
        assert msg["type"] != "error", msg
        if msg["type"] == "event" and msg["kind"] == kind and msg["table"] == rid:
            out.append(msg)
    return out


def test_law_16_17_of_six_candidates_the_four_lowest_play_the_next_two_wait_with_prior_right(
        client: TestClient) -> None:
    keys = {f"C{i}": _join(client, f"C{i}") for i in range(1, 8)}
    with client.websocket_connect("/ws-room") as ws:
        assert ws.receive_json()["type"] == "room"
        rid = _post(client, keys["C1"], "/api/room/tables", {"variant": "short"})["id"]
        for name in ["C2", "C3", "C4", "C5", "C6"]:
            _post(client, keys[name], f"/api/room/tables/{rid}/declare")
        # the cut is asked by a candidate, and shown to the room as it is made
        cut = _post(client, keys["C3"], f"/api/room/tables/{rid}/cut")
        shown = _events(ws, "cut", rid, 1)[0]
    assert shown["rounds"] == cut["rounds"] and shown["law"] == 16
    first = cut["rounds"][0]["cards"]
    assert sorted(first) == [f"C{i}" for i in range(1, 7)]  # all six cut from one pack
    assert len(set(first.values())) == 6
    order = cut["order"]
    # ace low: the four who play cut no higher than the two left out, and the fifth
    # no higher than the sixth (equal cards cut again); the four cut again for
    # partners and deal (law 16), so their own order is that second cut's
    assert max(_value(first[p]) for p in order[:4]) <= min(_value(first[p]) for p in order[4:])
    assert _value(first[order[4]]) <= _value(first[order[5]])
    partners = next(r for r in cut["rounds"] if r["reason"].startswith("cut for partners"))
    assert sorted(partners["cards"]) == sorted(order[:4])
    table = _table(client, rid)
    assert sorted(_names(list(table["seats"].values()))) == sorted(order[:4])
    assert _names(table["waiting"]) == order[4:6]  # law 17: they belong to the table
    assert table["free"] == 0 and len(table["members"]) == 6
    # the lowest deals and sits S; the two lowest are partners (law 16)
    assert cut["seats"]["S"] == order[0] and cut["seats"]["N"] == order[1]
    # an after-comer declares for the next cut: behind the fifth and sixth
    _post(client, keys["C7"], f"/api/room/tables/{rid}/declare")
    table = _table(client, rid)
    assert _names(table["declared"]) == ["C7"] and _names(table["waiting"]) == order[4:6]
    # a second declaration is refused (law 21)
    assert _post(client, keys["C7"], f"/api/room/tables/{rid}/declare", status=409)["law"] == 21
    # a player gets his seat's token, which seats him under his name
    me = client.get(f"/api/room/me?member={keys[order[0]]}").json()
    [seat] = me["seats"]
    assert seat["seat"] == "S" and seat["live"] == table["live"]
    with client.websocket_connect(f"/ws/{seat['live']}?token={seat['token']}") as ws:
        state = ws.receive_json()
    assert state["you"] == "S" and len(state["hand"]) == 13 and state["names"]["S"] == order[0]
    assert client.get(f"/api/room/me?member={keys[order[4]]}").json()["seats"] == []


def test_law_20_after_each_rubber_those_who_played_most_consecutive_rubbers_cut_out(
        client: TestClient) -> None:
    key = _join(client, "Steward")
    rid = _computer_table(client, key, 6, rubbers=3)
    with client.websocket_connect("/ws-room") as ws:
        ws.receive_json()
        cut = _post(client, key, f"/api/room/tables/{rid}/cut")
        first, second, third = _events(ws, "rubber", rid, 3)
    assert third["ended"] and _table(client, rid)["status"] == "over"  # its three rubbers
    four, claimants = cut["order"][:4], cut["order"][4:6]
    # after the first rubber: the two waiting claim admission; all four have played one
    # rubber, so the two highest of a cut among them go out
    out = [p for p in four if p not in first["players"]]
    assert sorted(first["players"]) == sorted([p for p in four if p not in out] + claimants)
    assert len(out) == 2
    law20 = first["rounds"][0]
    assert law20["reason"] == "cut to go out (law 20)" and sorted(law20["cards"]) == sorted(four)
    stay = [p for p in four if p not in out]
    assert min(_value(law20["cards"][p]) for p in out) >= max(
        _value(law20["cards"][p]) for p in stay)
    assert first["rubber"] == 2 and first["live"] != cut["live"]
    # after the second: the two who stayed have played two in a row, the others one
    assert {p: second["consecutive"][p] for p in [*stay, *claimants, *out]} == {
        **{p: 2 for p in stay}, **{p: 1 for p in claimants}, **{p: 0 for p in out}}
    assert sorted(p for p in first["players"] if p not in second["players"]) == sorted(stay)
    assert sorted(second["players"]) == sorted([*claimants, *out])
    # each rubber was played at a live table seated as its cut said
    for event in (cut, first, second):
        table = client.get(f"/api/tables/{event['live']}").json()
        assert table["names"] == event["seats"] and table["table"]["room"] == rid
    assert first_finished(client, cut["live"]) and first_finished(client, first["live"])


def test_law_20_the_incoming_members_get_seat_tokens_and_the_outgoing_members_lose_theirs(
        client: TestClient) -> None:
    rid, keys = _six_members(client, "P")
    table = _table(client, rid)
    seats = {name: client.get(f"/api/room/me?member={keys[name]}").json()["seats"]
             for name in keys}
    playing = {n: s[0] for n, s in seats.items() if s}
    assert sorted(playing) == sorted(_names(list(table["seats"].values())))
    with client.websocket_connect("/ws-room") as room_ws:
        room_ws.receive_json()
        while True:  # the whole rubber, by the people; new sockets each hand (the rate limit)
            with contextlib.ExitStack() as stack:
                receivers = [Receiver(s["seat"], stack.enter_context(client.websocket_connect(
                    f"/ws/{s['live']}?token={s['token']}"))) for s in playing.values()]
                if play_hand(receivers)["phase"] != "over":
                    receivers[0].ws.send_json({"type": "next"})
                    continue
                [event] = _events(room_ws, "rubber", rid, 1)
                outgoing = [n for n in playing if n not in event["players"]]
                told = {r.seat: r.next() for r in receivers
                        if playing_name(playing, r.seat) in outgoing}
                break
    incoming = [n for n in event["players"] if n not in playing]
    assert len(outgoing) == len(incoming) == 2
    assert sorted(incoming) == sorted(_names(table["waiting"]))
    for name in outgoing:  # his token is revoked: his socket was told, and it seats no one
        old = playing[name]
        assert "no longer yours" in told[old["seat"]]["message"]
        with client.websocket_connect(f"/ws/{old['live']}?token={old['token']}") as ws:
            assert "wrong token" in ws.receive_json()["message"]
        assert client.get(f"/api/room/me?member={keys[name]}").json()["seats"] == []
    for name in event["players"]:  # every one at play has a seat at the new live table
        [mine] = client.get(f"/api/room/me?member={keys[name]}").json()["seats"]
        assert mine["live"] == event["live"] != table["live"]
        assert event["seats"][mine["seat"]] == name
        with client.websocket_connect(f"/ws/{mine['live']}?token={mine['token']}") as ws:
            state = ws.receive_json()
        assert state["you"] == mine["seat"] and state["names"][mine["seat"]] == name


def playing_name(playing: dict[str, dict[str, Any]], seat: str | None) -> str:
    """The member who held ``seat`` at the rubber just played."""
    return next(n for n, s in playing.items() if s["seat"] == seat)


def first_finished(client: TestClient, live: str) -> bool:
    """A rubber's live table has played its rubber to the end."""
    state = client.get(f"/api/tables/{live}").json()
    return bool(state["over"] and state["score"]["rubbers"])


def test_law_24_a_member_who_cuts_into_another_table_loses_his_right_of_re_entry(
        client: TestClient) -> None:
    rid, keys = _six_members(client)
    table = _table(client, rid)
    wanderer = _names(table["waiting"])[0]  # the fifth: he belongs, with the prior right
    host_key = _join(client, "Host")
    other = _computer_table(client, host_key, 4, rubbers=5)
    _post(client, host_key, f"/api/room/tables/{other}/cut")
    moved = _post(client, keys[wanderer], f"/api/room/tables/{other}/declare")
    assert moved["law"] == 24 and moved["from"] == rid
    assert "loses his right of re-entry" in moved["rulings"][0]["text"]
    assert wanderer not in _names(_table(client, rid)["members"])
    # "as if he were a fresh candidate": he declares for the other table's next cut
    assert _names(_table(client, other)["declared"]) == [wanderer]
    # back at the first table he is an after-comer: behind one who declared before him
    latecomer = _join(client, "Late")
    _post(client, latecomer, f"/api/room/tables/{rid}/declare")
    _post(client, keys[wanderer], f"/api/room/tables/{rid}/declare")
    first = _table(client, rid)
    assert _names(first["declared"]) == ["Late", wanderer]
    assert first["free"] == 1  # his place: the first declared takes it at the next cut


def test_law_22_at_a_new_table_fresh_candidates_enter_before_one_who_belonged_elsewhere(
        client: TestClient) -> None:
    rid, keys = _six_members(client, "F")
    veteran = _names(_table(client, rid)["waiting"])[0]
    left = _post(client, keys[veteran], f"/api/room/tables/{rid}/leave")
    assert left["law"] == 17 and veteran not in _names(_table(client, rid)["members"])
    # he opens the new table and declares first; six fresh candidates come after him
    new = _post(client, keys[veteran], "/api/room/tables",
                {"computers": 4, "computer": "random"})["id"]
    for name in ("Fresh1", "Fresh2"):
        _post(client, _join(client, name), f"/api/room/tables/{new}/declare")
    cut = _post(client, keys[veteran], f"/api/room/tables/{new}/cut")
    # the six fresh fill the table: no place is left for him to cut for
    assert sorted(cut["order"]) == sorted(n for n in cut["rounds"][0]["cards"])
    assert veteran not in cut["order"] and len(cut["order"]) == 6
    table = _table(client, new)
    assert veteran not in _names(table["members"]) and _names(table["waiting"])[-1] == veteran
    assert any(r["law"] == 22 and "enter first" in r["text"] for r in cut["rulings"])


def test_law_25_the_breaker_up_of_a_table_enters_another_after_its_other_members(
        client: TestClient) -> None:
    rid, keys = _six_members(client, "B")
    host = _join(client, "Host")
    other = _computer_table(client, host, 4, rubbers=5)
    _post(client, host, f"/api/room/tables/{other}/cut")
    with client.websocket_connect("/ws-room") as ws:
        ws.receive_json()
        broke = _post(client, keys["B3"], f"/api/room/tables/{rid}/break-up", {"into": other})
        assert _events(ws, "break_up", rid, 1)[0]["standing"] == broke["standing"]
    assert broke["law"] == 25 and broke["standing"][-1] == "B3"
    assert sorted(broke["standing"][:-1]) == ["B1", "B2", "B4", "B5", "B6"]
    # two places were left at the other table: the five cut for precedence (law 25)
    assert any("cut for precedence" in r["text"] for r in broke["rulings"])
    # the cut's cards are shown, as for the cuts of laws 16 and 20
    assert broke["rounds"][0]["reason"] == "cut for precedence (law 25)"
    assert sorted(broke["rounds"][0]["cards"]) == sorted(broke["standing"][:-1])
    target = _table(client, other)
    members = _names(target["members"])
    assert members[4:] == broke["standing"][:2]
    assert _names(target["waiting"])[-1] == "B3"  # he enters last
    assert _table(client, rid)["status"] == "broken"
    # his seat's token at the broken table's rubber seats him no more than anyone else
    assert _post(client, keys["B3"], f"/api/room/tables/{rid}/declare", status=409)


def test_law_23_a_substitute_with_the_consent_of_the_other_three_takes_the_seat_and_token(
        client: TestClient) -> None:
    ann, sub = _join(client, "Ann"), _join(client, "Sub")
    rid = _post(client, ann, "/api/room/tables", {"variant": "short", "computers": 3,
                                                  "computer": "random"})["id"]
    _post(client, ann, f"/api/room/tables/{rid}/cut")
    [mine] = client.get(f"/api/room/me?member={ann}").json()["seats"]
    path = f"/ws/{mine['live']}?token={mine['token']}"
    with client.websocket_connect(path) as ws:
        assert ws.receive_json()["you"] == mine["seat"]
        refused = _post(client, ann, f"/api/room/tables/{rid}/substitute",
                        {"substitute": "Nobody"}, status=400)
        assert "expected the name of a member" in refused["error"]
        done = _post(client, ann, f"/api/room/tables/{rid}/substitute", {"substitute": "Sub"})
        assert done["law"] == 23 and done["seat"] == mine["seat"]  # the computers consent
        told = ws.receive_json()
        while told["type"] != "error":
            told = ws.receive_json()
        assert "no longer yours" in told["message"]
        demoted = ws.receive_json()
        while demoted["type"] != "state" or demoted["you"] is not None:
            demoted = ws.receive_json()
        assert demoted["hand"] == [] and demoted["names"][mine["seat"]] == "Sub"
    with client.websocket_connect(path) as ws:  # his token is revoked
        assert "wrong token" in ws.receive_json()["message"]
    [theirs] = client.get(f"/api/room/me?member={sub}").json()["seats"]
    assert theirs["seat"] == mine["seat"] and theirs["token"] != mine["token"]
    with client.websocket_connect(f"/ws/{theirs['live']}?token={theirs['token']}") as ws:
        state = ws.receive_json()
    assert state["you"] == mine["seat"] and len(state["hand"]) == 13


def test_a_member_takes_a_free_seat_of_an_open_table_under_his_name(
        client: TestClient) -> None:
    key = _join(client, "Pembridge")
    made = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 4}).json()
    listed = next(t for t in client.get("/api/room").json()["open_tables"]
                  if t["id"] == made["id"])
    assert listed["free"] == ["S"] and listed["seats"]["E"]["computer"] == "classical"
    took = _post(client, key, "/api/room/take", {"table": made["id"], "seat": "S"})
    with client.websocket_connect(f"/ws/{made['id']}?token={took['token']}") as ws:
        state = ws.receive_json()
    assert state["you"] == "S" and state["names"]["S"] == "Pembridge"
    with client.websocket_connect(f"/ws/{made['id']}?token={made['tokens']['S']}") as ws:
        assert "wrong token" in ws.receive_json()["message"]  # the link made with it
    listed = next(t for t in client.get("/api/room").json()["open_tables"]
                  if t["id"] == made["id"])
    assert listed["free"] == [] and listed["seats"]["S"]["name"] == "Pembridge"
    assert _post(client, _join(client, "Other"), "/api/room/take",
                 {"table": made["id"], "seat": "S"}, status=409)


def test_the_rooms_requests_name_what_is_wrong(client: TestClient) -> None:
    key = _join(client, "Critic")
    assert client.post("/api/room/tables", json={}).status_code == 403  # no member
    bad: list[tuple[dict[str, Any], str]] = [
        ({"variant": "dummy"}, "four players in partnership"),
        ({"variant": "bridge"}, "expected one of"), ({"rubbers": 0}, "rubbers 0"),
        ({"computers": 3, "computer": "wizard"}, "computer 'wizard'")]
    for body, says in bad:
        assert says in _post(client, key, "/api/room/tables", body, status=400)["error"]
    rid = _post(client, key, "/api/room/tables", {"computers": 2})["id"]
    refused = _post(client, key, f"/api/room/tables/{rid}/cut", status=409)
    assert refused["law"] == 16 and "four candidates, not 3" in refused["error"]
    assert "no such table" in _post(client, key, "/api/room/tables/zzz/declare",
                                    status=400)["error"]
    stranger = _join(client, "Stranger")  # neither its opener nor a candidate
    assert "asks for the cut" in _post(client, stranger, f"/api/room/tables/{rid}/cut",
                                       status=400)["error"]


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'room.sqlite3'}"


@contextlib.contextmanager
def _server(db: str) -> Iterator[TestClient]:
    with ThreadPoolExecutor(2) as pool, TestClient(create_app(db, delay=0, pool=pool)) as c:
        yield c


def test_every_cut_is_stored_and_a_restart_replays_the_same_cuts(db_url: str) -> None:
    with _server(db_url) as client:
        people = {f"R{i}": _join(client, f"R{i}") for i in range(1, 5)}
        at_play = _post(client, people["R1"], "/api/room/tables")["id"]
        for name in ("R2", "R3", "R4"):
            _post(client, people[name], f"/api/room/tables/{at_play}/declare")
        _post(client, people["R1"], f"/api/room/tables/{at_play}/cut")
        [seat] = client.get(f"/api/room/me?member={people['R1']}").json()["seats"]
        key = _join(client, "Keeper")
        rid = _computer_table(client, key, 6, rubbers=2)
        with client.websocket_connect("/ws-room") as ws:
            ws.receive_json()
            _post(client, key, f"/api/room/tables/{rid}/cut")
            _events(ws, "rubber", rid, 1)
        before = client.get("/api/room").json()["events"]
    cuts = [e for e in before if e["kind"] in ("cut", "rubber") and e["table"] == rid]
    assert [e["law"] for e in cuts] == [16, 20] and cuts[1]["rounds"]
    with _server(db_url) as client:
        after = client.get("/api/room").json()["events"]
        assert after[: len(before)] == before  # the same cards, the same order, the same seats
        assert client.get(f"/api/tables/{cuts[1]['live']}").json()["names"] == cuts[1]["seats"]
        # the seat tokens were in the old process's memory: a member asking gets a new one
        [again] = client.get(f"/api/room/me?member={people['R1']}").json()["seats"]
        assert again["seat"] == seat["seat"] and again["token"] != seat["token"]
        with client.websocket_connect(f"/ws/{again['live']}?token={again['token']}") as ws:
            assert ws.receive_json()["you"] == seat["seat"]
        with client.websocket_connect(f"/ws/{seat['live']}?token={seat['token']}") as ws:
            assert "wrong token" in ws.receive_json()["message"]
    # a record whose cards the replay does not give is refused, naming the event
    engine = create_engine(db_url)
    with engine.begin() as conn:
        seq, data = conn.execute(text(
            "select seq, data from room_events where kind='cut' order by seq limit 1")).one()
        doctored = json.loads(data)
        first = doctored["outcome"]["rounds"][0]["cards"]
        name = next(iter(first))
        first[name] = "SA" if first[name] != "SA" else "SK"
        conn.execute(text("update room_events set data=:d where seq=:s"),
                     {"d": json.dumps(doctored), "s": seq})
    engine.dispose()
    with pytest.raises(RoomError, match=f"room event {seq} \\(cut\\)"), \
            _server(db_url):
        pass

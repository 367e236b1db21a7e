"""The card room players trust (issue 30, points 1-3): a held seat is never free, a
person who has left is marked gone and only after a while may a computer sit in
for him, following a hand is the table's option (none by default with two or more
people), spectators' chat reaches the players between hands only, and no message
(hints and ``why`` included) names a card its receiver may not see."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_protocol import new_table
from web_client import Receiver, check_no_leak, deal_of

from cavendish.core.cards import Seat
from cavendish.web.computer import choose_card, why_for
from cavendish.web.config import TableConfig, apply_action, build_session
from cavendish.web.visibility import hidden_from, names_any


def _join(client: TestClient, name: str) -> str:
    r = client.post("/api/members", json={"name": name})
    assert r.status_code == 200, r.text
    key: str = r.json()["key"]
    client.cookies.clear()
    return key


def _open(client: TestClient, tid: str) -> dict[str, Any]:
    listed: dict[str, Any] = next(t for t in client.get("/api/room").json()["open_tables"]
                                  if t["id"] == tid)
    return listed


def _until(ws: Any, kind: str) -> dict[str, Any]:
    while (msg := ws.receive_json())["type"] != kind:
        pass
    assert isinstance(msg, dict)
    return msg


def test_a_held_seat_is_never_offered_nor_taken_until_its_person_has_been_away_a_while(
        client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    bob = _join(client, "Bob")
    made = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 4}).json()
    tid = made["id"]
    assert _open(client, tid)["free"] == ["S"]  # nobody has held it yet
    with client.websocket_connect(f"/ws/{tid}?token={made['tokens']['S']}") as ws:
        ws.receive_json()
        assert _open(client, tid)["free"] == []  # held: not offered...
        r = client.post(f"/api/room/take?member={bob}", json={"table": tid, "seat": "S"})
        assert r.status_code == 409 and "held by Guest S (at the table)" in r.json()["error"]
    time.sleep(0.1)
    listed = _open(client, tid)  # gone, but only just: still his
    assert listed["free"] == [] and listed["seats"]["S"]["gone"] is True
    r = client.post(f"/api/room/take?member={bob}", json={"table": tid, "seat": "S"})
    assert r.status_code == 409 and "still his" in r.json()["error"]
    hub.gone_after = 0.2  # (a minute at a real table)
    time.sleep(0.3)
    assert _open(client, tid)["free"] == ["S"]
    r = client.post(f"/api/room/take?member={bob}", json={"table": tid, "seat": "S"})
    assert r.status_code == 200, r.text


def test_a_person_who_gives_up_his_seat_frees_it_at_once(client: TestClient) -> None:
    made = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 5}).json()
    with client.websocket_connect(f"/ws/{made['id']}?token={made['tokens']['S']}") as ws:
        ws.receive_json()
        ws.send_json({"type": "leave"})
        told = _until(ws, "seats")
    assert told["people"]["S"] == {"gone": False, "free": True, "substitute": False}
    assert _open(client, made["id"])["free"] == ["S"]


def test_a_computer_sits_in_for_a_person_away_a_while_until_he_comes_back(
        client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table = new_table(client, "short", seed=9)  # S and N people, E and W computers
    tid, tokens = table["id"], table["tokens"]
    with client.websocket_connect(f"/ws/{tid}?token={tokens['S']}") as south:
        with client.websocket_connect(f"/ws/{tid}?token={tokens['N']}") as north:
            north.receive_json()
        south.send_json({"type": "substitute", "seat": "N"})
        assert "only just gone" in _until(south, "error")["message"]
        hub.gone_after = 0.2
        told = _until(south, "seats")  # after the grace of a reload: N has gone
        assert told["people"]["N"]["gone"] is True
        time.sleep(0.3)  # ...and, a while later, may be filled
        south.send_json({"type": "substitute", "seat": "N"})
        assert _until(south, "seats")["people"]["N"]["substitute"] is True
        played_by_n = False
        south.send_json({"type": "snapshot"})  # (the states passed by were skipped)
        while not played_by_n:  # S plays his cards; a computer plays N's
            msg = _until(south, "state")
            assert msg["phase"] == "play"
            played_by_n = any(e["kind"] == "card" and e["seat"] == "N" for e in msg["events"])
            if msg["legal"]:
                south.send_json({"type": "play", "card": msg["legal"][0]})
        with client.websocket_connect(f"/ws/{tid}?token={tokens['N']}") as north:
            assert north.receive_json()["you"] == "N"  # he takes his seat back
            back = _until(south, "seats")
    assert back["people"]["N"] == {"gone": False, "free": False, "substitute": False}


def test_following_is_off_by_default_where_two_people_play_and_a_choice_of_the_maker(
        client: TestClient) -> None:
    two = new_table(client, "short", seed=3)  # S and N: nobody follows
    with client.websocket_connect(f"/ws/{two['id']}?follow=E") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and "nobody follows a hand at this table" in err["message"]
        assert ws.receive_json()["hand"] == []
    one = client.post("/api/tables", json={"seats": {"S": "human"}, "seed": 3}).json()
    with client.websocket_connect(f"/ws/{one['id']}?follow=E") as ws:
        assert 12 <= len(ws.receive_json()["hand"]) <= 13  # one person: a hand may be followed
        ws.send_json({"type": "follow", "seat": "all"})
        assert "one hand at most" in _until(ws, "error")["message"]
    teach = new_table(client, "short", seed=3, follow="all")
    with client.websocket_connect(f"/ws/{teach['id']}?follow=all") as ws:
        snap = ws.receive_json()
    assert snap["following"] == "all" and snap["hand"] == []
    assert sorted(snap["hands"]) == ["E", "N", "S", "W"]
    assert all(12 <= len(h) <= 13 for h in snap["hands"].values())  # (a card may be out)
    r = client.post("/api/tables", json={"seats": {"S": "human"}, "follow": "some"})
    assert r.status_code == 400 and "follow 'some'" in r.json()["error"]


def test_a_rubber_with_following_on_is_marked_so_in_its_pbn(client: TestClient) -> None:
    for follow, mark in (("one", "(spectators could follow one hand)"), ("none", None)):
        table = new_table(client, "short", seed=2, follow=follow)
        with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as s, \
             client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['N']}") as n:
            _play_out([Receiver("S", s), Receiver("N", n)])
        pbn = client.get(f"/api/tables/{table['id']}/pbn").text
        event = next(line for line in pbn.splitlines() if line.startswith("[Event "))
        assert (mark in event) if mark else ("follow" not in event), event


def test_a_spectators_chat_reaches_the_players_only_between_hands(client: TestClient) -> None:
    table = client.post("/api/tables", json={"seats": {"S": "human"}, "seed": 6}).json()
    tid = table["id"]
    with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as s, \
         client.websocket_connect(f"/ws/{tid}?follow=W") as rail:
        rail.receive_json()
        rail.send_json({"type": "chat", "text": "W holds the king of spades"})
        assert _until(rail, "chat")["text"] == "W holds the king of spades"
        seen: list[dict[str, Any]] = []
        while True:  # S plays the hand out
            msg = s.receive_json()
            seen.append(msg)
            if msg["type"] == "chat":
                break
            if msg["type"] == "state" and msg["legal"]:
                s.send_json({"type": "play", "card": msg["legal"][0]})
    states = [m for m in seen if m["type"] == "state"]
    assert states[-1]["phase"] in ("between", "over")  # the line came after the hand
    assert all(m.get("chat", []) == [] for m in states)  # not in his snapshot either
    assert seen[-1]["text"] == "W holds the king of spades"


def _play_out(receivers: list[Receiver], *, ask: bool = False) -> None:
    """Read every connection in step and play the hand out (a seat's first connection
    plays); with ``ask``, the person to play first asks for a hint and ``why`` (their
    answers are read too)."""
    states = [r.messages[-1] if r.messages else r.next() for r in receivers]
    top = max(m["seq"] for m in states)  # (a snapshot already read stands for its seat)
    for i, r in enumerate(receivers):
        while states[i]["seq"] < top:
            states[i] = r.next()
    asked: dict[str, int] = {}
    while states[0]["phase"] == "play":
        moved: set[str | None] = set()
        for r, m in zip(receivers, states, strict=True):
            if not m["legal"] or r.seat in moved:  # (a seat's second connection: still)
                continue
            moved.add(r.seat)
            if ask and asked.get(r.seat or "", 0) < 3:  # the tutor's search: three a seat
                asked[r.seat or ""] = asked.get(r.seat or "", 0) + 1
                r.ws.send_json({"type": "hint"})
                r.ws.send_json({"type": "why"})
                answers = {r.next()["type"], r.next()["type"]}
                assert answers <= {"hint", "why", "error"}, answers
            r.ws.send_json({"type": "play", "card": m["legal"][0]})
        states = [r.next() for r in receivers]
        assert len({m["seq"] for m in states}) == 1


@pytest.mark.parametrize("follow", ["none", "one", "all"])
def test_no_message_of_a_whole_hand_names_a_hidden_card_hints_and_why_included(
        client: TestClient, follow: str) -> None:
    """Every message to every connection (two people, a spectator, a follower where
    following is on, and a seated member who opens the spectators' link), hints and
    ``why`` read as text, against the deal.  At a teaching table (``"all"``) a
    spectator who sits nowhere there sees every hand as it stands, while a second
    connection with N's seat token and Ann's member key asking to follow all get
    no hidden hand (issue 30, point 2: "Whatever the option, a connection with the
    seat token or member key of a person at that table gets no hidden hand of it")."""
    ann = _join(client, "Ann")
    table = new_table(client, "short", seed=12, practice=True, follow=follow,
                      computer="pimc:worlds=4")
    tid, tokens = table["id"], table["tokens"]
    whom = "all" if follow == "all" else "E"
    with contextlib.ExitStack() as stack:
        def ws(path: str) -> Any:
            return stack.enter_context(client.websocket_connect(path))

        def refused(path: str) -> Any:  # a person of the table asks to follow: refused
            conn = ws(path)
            first = conn.receive_json()
            assert first["type"] == "error" and "you sit at this table" in first["message"]
            return conn

        south = Receiver("S", ws(f"/ws/{tid}?token={tokens['S']}&member={ann}"))
        north = Receiver("N", ws(f"/ws/{tid}?token={tokens['N']}"))
        south.next()  # Ann sits at S: the club records it
        spectator = Receiver(None, ws(f"/ws/{tid}"))
        ann_watching = Receiver(None, refused(f"/ws/{tid}?member={ann}&follow={whom}"))
        receivers = [south, north, spectator, ann_watching]
        persons = [ann_watching]  # connections of the people seated here: no other hand
        if follow == "all":  # N opens the spectators' link with his token, following all
            north_too = Receiver("N", refused(f"/ws/{tid}?token={tokens['N']}&follow=all"))
            receivers.append(north_too)
            persons.append(north_too)
        if follow != "none":
            receivers.append(Receiver(None, ws(f"/ws/{tid}?follow={whom}"), follow=whom))
        _play_out(receivers, ask=True)
        if follow == "all":  # asked again in the hand's last state: refused again
            ann_watching.ws.send_json({"type": "follow", "seat": "all"})
            assert "you sit at this table" in _until(ann_watching.ws, "error")["message"]
    hands, trump_card, plays = deal_of(client.get(f"/api/tables/{tid}/pbn").text)
    told = [m for r in (south, north) for m in r.messages if m["type"] in ("hint", "why")]
    assert {m["type"] for m in told} == {"hint", "why"}, told  # both were read
    for r in receivers:
        assert check_no_leak(r, hands, [], trump_card, plays, words=True) == len(r.messages)
    assert all(m["hand"] == [] and "hands" not in m
               for m in ann_watching.messages + spectator.messages)
    assert all("hands" not in m and set(m["hand"]) <= hands["N"]  # N's own, no other
               for r in persons[1:] for m in r.messages if m["type"] == "state")
    if follow == "all":  # the teacher's follower sees every hand, as it stands
        teacher = receivers[-1]
        states = [m for m in teacher.messages if m["type"] == "state" and m["phase"] == "play"]
        assert states
        for m in states:
            n = m["trick_number"] * 4 + len(m["trick"])
            held = {c for cards in m["hands"].values() for c in cards}
            assert held == {c for cs in hands.values() for c in cs} - set(plays[:n]), m


def _practice_hand_until_a_hidden_card_is_named(seed: int) -> tuple[str, list[Any]]:
    """A practice table (S a person playing the first legal card, three classical
    computers) played until a computer's own account of its card names a card S may
    not see: the config and the actions so far."""
    cfg = TableConfig.from_request({"seats": {"S": "human", "N": "classical", "E": "classical",
                                              "W": "classical"}, "practice": True}, seed=seed)
    config = cfg.to_json()
    session = build_session(cfg)
    actions: list[Any] = [("deal",)]
    apply_action(session, actions[0])
    while (turn := session.to_play) is not None:
        if cfg.kind_of(session.holder(turn)) == "human":
            action: Any = ("card", str(session.view(turn).legal_cards()[0]))
            why = ""
        else:
            action, why = choose_card(f"trust-{seed}", config, actions)
        apply_action(session, action)
        actions.append(action)
        if names_any(why, hidden_from(session, Seat.S)):
            return config, actions
    raise AssertionError(f"seed {seed}: no computer named a card hidden from S")


def test_why_is_built_from_what_its_hearer_may_see_and_names_no_hidden_card() -> None:
    """The classical player counting the last tricks compares its card with another
    of its hand ("... the H9 1.13"): to S, its account is built without it (the text
    of the builder itself, before the last guard that would replace a name)."""
    config, actions = _practice_hand_until_a_hidden_card_is_named(seed=3)
    session = build_session(TableConfig.from_json(config))
    for action in actions:
        apply_action(session, action)
    hidden = hidden_from(session, Seat.S)
    own = why_for(config, actions)  # the player's own account: names a card S may not see
    assert names_any(own["why"], hidden), own
    told = why_for(config, actions, "S")
    assert told["card"] == own["card"] and not names_any(told["why"], hidden), told
    assert told["why"].startswith(f"{own['card']}: ")


def test_at_a_practice_table_why_reaches_its_hearer_built_for_him_not_only_filtered(
        client: TestClient) -> None:
    """The hand of the test above at a table: S asks ``why`` at each of his turns; the
    computer whose own account named a card hidden from him is explained from what he
    sees, so the last guard (which would write "hidden card") has nothing to do."""
    r = client.post("/api/tables", json={"seats": {"S": "human", "N": "classical",
                                                   "E": "classical", "W": "classical"},
                                         "practice": True, "seed": 3})
    tid, token = r.json()["id"], r.json()["tokens"]["S"]
    with client.websocket_connect(f"/ws/{tid}?token={token}") as ws:
        south = Receiver("S", ws)
        state = south.next()
        whys = []
        while state["phase"] == "play":
            if state["legal"]:
                ws.send_json({"type": "why"})
                while (msg := south.next())["type"] != "why":
                    assert msg["type"] in ("state", "error"), msg
                whys.append(msg["why"])
                ws.send_json({"type": "play", "card": state["legal"][0]})
            state = south.next()
            while state["type"] != "state":
                state = south.next()
    hands, trump_card, plays = deal_of(client.get(f"/api/tables/{tid}/pbn").text)
    assert check_no_leak(south, hands, [], trump_card, plays, words=True) == len(south.messages)
    # the counting card, whose own account named a hidden card, told by its convention
    assert any("by the book (C4: " in w for w in whys), whys
    assert not [w for w in whys if "hidden card" in w], whys

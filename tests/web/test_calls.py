"""Long whist's call at eight as the player's act, over the protocol (issue 23 item 1):
``"calls": "players"`` puts "Can you one?" in the person's hands, and 001's remedy
for a wrong call, a fresh deal at the adversaries' claim, in theirs.

001 (Dick's Hand-book, Long Whist): "A player who holds two honors (at the score of
eight) when it is his turn to play (but before playing), asks his partner, 'Can you
one?'"; and of wrong calls, "the adversaries may claim a fresh deal"."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_client import Receiver, caught_up

from cavendish.web import connection


def long_table(client: TestClient, seed: int, seats: dict[str, str]) -> dict[str, Any]:
    r = client.post("/api/tables", json={"variant": "long", "seats": seats, "seed": seed,
                                         "calls": "players"})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def until_legal(r: Receiver) -> dict[str, Any]:
    msg = r.next()
    while msg["type"] != "state" or not (msg["legal"] or msg["call_offered"]):
        if msg["type"] == "state" and msg["phase"] == "between":
            r.ws.send_json({"type": "next"})
        msg = r.next()
    return msg


def test_calls_players_is_refused_where_there_is_no_call_and_for_an_unknown_mode(
        client: TestClient) -> None:
    r = client.post("/api/tables", json={"variant": "short", "calls": "players"})
    assert r.status_code == 400 and "no call of honours" in r.json()["error"]
    r = client.post("/api/tables", json={"variant": "long", "calls": "sometimes"})
    assert r.status_code == 400 and "calls 'sometimes'" in r.json()["error"]
    table = client.post("/api/tables", json={"variant": "long", "seats": {"S": "human"}}).json()
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        assert ws.receive_json()["calls"] == "auto"
        ws.send_json({"type": "call"})
        err = ws.receive_json()
        while err["type"] == "state":  # the computers' cards played meanwhile
            err = ws.receive_json()
    assert err["type"] == "error" and "called by the engine" in err["message"]


def test_at_eight_with_two_honours_the_person_is_offered_can_you_one_and_calls(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(connection, "RATE", 1000.0)  # six hands played as fast as they come
    table = long_table(client, 16, {"S": "human"})  # N-S reach eight in board 7
    with (client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws,
          client.websocket_connect(f"/ws/{table['id']}") as watcher):
        me, spectator = Receiver("S", ws), Receiver(None, watcher)
        msg = until_legal(me)
        hands = 1
        while not msg["call_offered"]:
            assert hands < 12, "seed 16 no longer brings S to eight with two honours"
            me.ws.send_json({"type": "play", "card": msg["legal"][0]})
            before = msg["board"]
            msg = until_legal(me)
            hands += msg["board"] != before
        # the offer is at his turn in the first trick, his side at eight
        assert msg["trick_number"] == 0 and msg["to_play"] == "S"
        assert msg["score"]["game"]["NS"] == 8
        me.ws.send_json({"type": "call"})
        after = me.next()
        call = after["events"][0]
        assert call["kind"] == "call" and call["text"].startswith('S: "Can you one?"')
        assert call["wrong"] is None and not after["call_offered"]
        # the offer was told to S alone: a spectator never saw it
        while True:
            seen = spectator.next()
            assert seen.get("call_offered") in (False, None)
            if seen["seq"] >= after["seq"]:
                break
        assert seen["events"][0]["text"] == call["text"]


def test_calling_when_not_entitled_lets_computer_adversaries_claim_a_fresh_deal(
        client: TestClient) -> None:
    table = long_table(client, 3, {"S": "human"})
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        me = Receiver("S", ws)
        msg = until_legal(me)
        assert not msg["call_offered"]  # nobody is at eight in the first hand
        dealer, board = msg["dealer"], msg["board"]
        me.ws.send_json({"type": "call"})
        after = me.next()
        call = after["events"][0]
        assert call["kind"] == "call" and call["wrong"] and call["fresh_deal"] is True
        assert "fresh deal" in call["text"] and after["phase"] == "between"
        me.ws.send_json({"type": "next"})
        fresh = me.next()
        while fresh["type"] != "state" or fresh["phase"] != "play":
            fresh = me.next()
        assert fresh["dealer"] == dealer and fresh["board"] == board  # dealt again
        me.ws.send_json({"type": "remind"})  # reminding partner is wrong too (001)
        reminded = me.next()
        while not reminded["events"] or reminded["events"][0]["kind"] == "card":
            reminded = me.next()  # the computers' cards played meanwhile
        assert reminded["events"][0]["kind"] == "remind"
        assert reminded["events"][0]["fresh_deal"] is True


def test_a_person_adversary_elects_and_the_caller_cannot(client: TestClient) -> None:
    table = long_table(client, 3, {"S": "human", "E": "human"})
    with (client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as s,
          client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['E']}") as e):
        rs, re_ = Receiver("S", s), Receiver("E", e)
        ms, me = caught_up([rs, re_])  # the two joined at different moments
        while not (ms["legal"] or me["legal"]):
            ms, me = rs.next(), re_.next()
        caller, other = (rs, re_) if ms["legal"] else (re_, rs)
        caller.ws.send_json({"type": "call"})
        mc, mo = caller.next(), other.next()
        assert mc["election"]["yours"] is False and mo["election"]["yours"] is True
        assert mc["to_play"] is None and mc["legal"] == []  # play waits for the election
        caller.ws.send_json({"type": "elect", "fresh": True})
        err = caller.next()
        assert err["type"] == "error" and "adversar" in err["message"]
        other.ws.send_json({"type": "elect", "fresh": "yes"})
        err = other.next()
        assert err["type"] == "error" and '"fresh": true' in err["message"]
        other.ws.send_json({"type": "elect", "fresh": False})
        mc, mo = caller.next(), other.next()
        assert mc["events"][0]["kind"] == "elect" and mc["events"][0]["fresh_deal"] is False
        assert "let the hand stand" in mc["events"][0]["text"]
        assert mc["election"] is None and mc["legal"]  # the hand stands: he plays on


def test_a_computer_partner_asks_the_person_can_you_one_and_play_waits_for_his_answer(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    # 001: the player at eight holding two honours "asks his partner, 'Can you one?'";
    # here the asker is the computer at N and the partner asked is the person at S
    monkeypatch.setattr(connection, "RATE", 1000.0)  # four hands played as fast as they come
    table = long_table(client, 28, {"S": "human"})  # N asks S in board 5
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        me = Receiver("S", ws)
        msg = me.next()
        while msg["type"] != "state" or msg["question"] is None:
            assert msg["type"] == "state" and msg["board"] < 8, msg
            if msg["phase"] == "between":
                ws.send_json({"type": "next"})
            elif msg["legal"]:
                ws.send_json({"type": "play", "card": msg["legal"][0]})
            msg = me.next()
        assert msg["question"] == {"seat": "N", "to": "S", "yours": True}
        assert msg["to_play"] is None and msg["legal"] == []  # play waits for his answer
        with client.websocket_connect(f"/ws/{table['id']}") as watcher:
            seen = watcher.receive_json()
        assert seen["question"]["yours"] is False  # asked aloud: everyone heard it
        ws.send_json({"type": "answer", "yes": "maybe"})
        err = me.next()
        assert err["type"] == "error" and '"yes": true' in err["message"]
        ws.send_json({"type": "answer", "yes": False})
        after = me.next()
        answer = after["events"][0]
        assert answer["kind"] == "answer" and '"No."' in answer["text"]
        assert answer["wrong"] is None and after["question"] is None
        assert after["to_play"] is not None  # play goes on


def test_the_old_games_of_twelve_cards_are_refused_under_the_laws(client: TestClient) -> None:
    for variant in ("whisk", "ruff-and-honours", "swabbers"):
        r = client.post("/api/tables", json={"variant": variant, "laws": True})
        assert r.status_code == 400 and "52 cards" in r.json()["error"], r.text

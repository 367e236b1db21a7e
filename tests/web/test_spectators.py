"""Spectators following one player's hand (issue 21 item 3): a follower sees the
followed seat's cards still held, exactly, and no other hand (not even a dummy's
lying face up); one seat at a time; never a dummy's; never by a connection that
holds a seat of the table."""

from __future__ import annotations

import contextlib

import pytest
from fastapi.testclient import TestClient
from test_protocol import new_table
from web_client import Receiver, check_no_leak, deal_of, play_hand

from cavendish.core.cards import Seat
from cavendish.web.config import TableConfig, apply_action, build_session
from cavendish.web.visibility import visible_state


@pytest.mark.parametrize(("variant", "follow"), [("short", "E"), ("dummy", "S")])
def test_a_follower_sees_exactly_the_followed_seats_cards_still_held_and_no_other_hand(
        client: TestClient, variant: str, follow: str) -> None:
    table = new_table(client, variant, seed=17, follow="one")  # two people at short whist
    tid = table["id"]
    tokens = table["tokens"]
    with contextlib.ExitStack() as stack:
        follower = Receiver(None, stack.enter_context(
            client.websocket_connect(f"/ws/{tid}?follow={follow}")), follow=follow)
        seats = [Receiver(k, stack.enter_context(client.websocket_connect(f"/ws/{tid}?token={t}")))
                 for k, t in tokens.items()]
        play_hand([follower, *seats])
    hands, trump_card, plays = deal_of(client.get(f"/api/tables/{tid}/pbn").text)
    during = [m for m in follower.messages if m["phase"] == "play"]
    assert len(during) >= 40
    for m in during:
        n = m["trick_number"] * 4 + len(m["trick"])
        assert set(m["hand"]) == hands[follow] - set(plays[:n]), m  # his hand, exactly
        assert m["exposed"] == {} and m["legal"] == [] and m["you"] is None
        assert m["following"] == follow
    assert check_no_leak(follower, hands, [], trump_card, plays) == len(follower.messages)


def test_a_person_seated_at_the_table_cannot_follow_a_hand_there(client: TestClient) -> None:
    table = new_table(client, "short", seed=4)
    tid, token = table["id"], table["tokens"]["S"]
    with client.websocket_connect(f"/ws/{tid}?token={token}&follow=E") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and "you sit at this table (S)" in err["message"]
        snap = ws.receive_json()
        assert snap["you"] == "S" and "following" not in snap
        mine = set(snap["hand"])
        ws.send_json({"type": "follow", "seat": "W"})  # nor by asking later
        err = ws.receive_json()
        assert err["type"] == "error" and "cannot follow" in err["message"]
        ws.send_json({"type": "snapshot"})
        again = ws.receive_json()
    assert set(again["hand"]) == mine and "following" not in again
    session = client.app.state.hub.tables[tid].session  # type: ignore[attr-defined]
    assert mine == set(visible_state(session, Seat.S)["hand"])
    with pytest.raises(ValueError, match="only a spectator follows"):
        visible_state(session, Seat.S, follow=Seat.E)


def test_a_spectator_follows_one_seat_at_a_time_never_a_dummy(client: TestClient) -> None:
    table = new_table(client, "dummy", seed=6)  # N is the dummy, S a person
    tid = table["id"]
    with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as person:
        while not person.receive_json()["legal"]:  # the table now waits for S
            pass
        _follow_one_at_a_time(client, tid)


def _follow_one_at_a_time(client: TestClient, tid: str) -> None:
    session = client.app.state.hub.tables[tid].session  # type: ignore[attr-defined]
    held = {s: set(visible_state(session, None, follow=Seat.parse(s))["hand"])
            for s in "ESW"}
    assert all(len(h) >= 12 for h in held.values()) and not held["E"] & held["W"]
    with client.websocket_connect(f"/ws/{tid}?follow=E") as ws:
        assert set(ws.receive_json()["hand"]) == held["E"]
        ws.send_json({"type": "follow", "seat": "W"})  # the new choice replaces the old
        snap = ws.receive_json()
        assert snap["following"] == "W" and set(snap["hand"]) == held["W"]
        assert snap["exposed"] == {}
        for bad, needle in (("N", "N is a dummy"), ("X", "expected a seat"), (3, "expected")):
            ws.send_json({"type": "follow", "seat": bad})
            err = ws.receive_json()
            assert err["type"] == "error" and needle in err["message"], (bad, err)
        ws.send_json({"type": "snapshot"})  # still W after the refusals
        assert set(ws.receive_json()["hand"]) == held["W"]
        ws.send_json({"type": "follow", "seat": None})  # stops following
        snap = ws.receive_json()
        assert snap["hand"] == [] and "following" not in snap
        ws.send_json({"type": "play", "card": sorted(held["W"])[0]})  # a follower cannot act
        assert "spectator cannot act" in ws.receive_json()["message"]
    with client.websocket_connect(f"/ws/{tid}?follow=N") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and "N is a dummy" in err["message"]
        assert ws.receive_json()["hand"] == []


def test_the_follow_branch_of_the_visibility_rule_shows_the_seats_own_view() -> None:
    cfg = TableConfig.from_request({"variant": "dummy", "seats": {"S": "human"}}, seed=2)
    session = build_session(cfg)
    apply_action(session, ("deal",))
    for seat in (Seat.E, Seat.S, Seat.W):
        own = visible_state(session, seat)
        followed = visible_state(session, None, follow=seat)
        assert followed["hand"] == own["hand"]
        assert followed["exposed"] == {} and followed["legal"] == []
        public = visible_state(session, None)  # the rest is the spectator's public view
        assert {k: v for k, v in followed.items() if k != "following"} == {**public,
                                                                           "hand": own["hand"]}


def test_a_member_seated_at_the_table_cannot_follow_a_hand_there_even_without_his_token(
        client: TestClient) -> None:
    table = new_table(client, "short", seed=5, follow="one")
    tid, token = table["id"], table["tokens"]["S"]
    ann = client.post("/api/members", json={"name": "Ann"}).json()["key"]
    bob = client.post("/api/members", json={"name": "Bob"}).json()["key"]
    client.cookies.clear()
    with client.websocket_connect(f"/ws/{tid}?token={token}&member={ann}") as seat:
        seat.receive_json()  # Ann sits at S: the club records it
        with client.websocket_connect(f"/ws/{tid}?member={ann}&follow=E") as again:
            err = again.receive_json()
            assert err["type"] == "error" and "you sit at this table (S)" in err["message"]
            snap = again.receive_json()
            assert snap["hand"] == [] and "following" not in snap
            again.send_json({"type": "follow", "seat": "W"})
            assert "cannot follow" in again.receive_json()["message"]
        with client.websocket_connect(f"/ws/{tid}?member={bob}&follow=E") as other:
            snap = other.receive_json()  # Bob sits nowhere here: he follows E
            assert snap["type"] == "state" and snap["following"] == "E"
            assert len(snap["hand"]) >= 12

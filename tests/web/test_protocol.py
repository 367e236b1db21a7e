"""The protocol (docs/web.md) driven by a client over the websocket: whole hands in
every variant, the no-leak rule checked on every message, spectators, bad input."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_client import (
    Receiver,
    cards_in,
    check_no_leak,
    deal_of,
    play_hand,
    to_a_persons_turn,
)

from cavendish.core.rules import get_rules, variant_names
from cavendish.web.server import create_app

PEOPLE = {"whist": {"S": "human", "N": "human"}, "dummy": {"S": "human"},
          "double-dummy": {"S": "human", "W": "human"}}


def new_table(client: TestClient, variant: str, seed: int, **extra: Any) -> dict[str, Any]:
    seats = PEOPLE[get_rules(variant).table]
    r = client.post("/api/tables", json={"variant": variant, "seats": seats, "seed": seed,
                                         **extra})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_plays_a_whole_hand_over_the_websocket_and_nothing_leaks(
        client: TestClient, variant: str) -> None:
    table = new_table(client, variant, seed=11, follow="one")  # (none by default with two)
    tid = table["id"]
    follow = "W" if get_rules(variant).players == 2 else "E"  # a player, never a dummy
    with (client.websocket_connect(f"/ws/{tid}") as spectator,
          client.websocket_connect(f"/ws/{tid}?follow={follow}") as follower,
          contextlib_multi(client, tid, table["tokens"]) as seats):
        receivers = [Receiver(None, spectator), Receiver(None, follower, follow=follow)]
        receivers += [Receiver(s, ws) for s, ws in seats.items()]
        last = play_hand(receivers, pick=1)
    assert last["phase"] in ("between", "over")
    tricks = get_rules(variant).tricks  # twelve in the old games (000)
    assert sum(last["review"]["result"]) == tricks
    assert len(last["score"]["hands"]) == 1
    pbn = client.get(f"/api/tables/{tid}/pbn").text
    hands, trump_card, plays = deal_of(pbn)
    dummies = last["dummies"]
    # the cards shown as played are the record's, in order
    for r in receivers:
        first = r.messages[0]
        before = first["trick_number"] * 4 + len(first["trick"])  # played before it joined
        shown = [e["card"] for m in r.messages[1:] for e in m["events"] if e["kind"] == "card"]
        assert shown == plays[before:]
        assert check_no_leak(r, hands, dummies, trump_card, plays) >= 4 * tricks - before
        if r.follow is not None:  # the followed seat's hand, as that seat sees it; no other
            assert set(first["hand"]) == hands[r.follow] - set(plays[:before])
            assert all(m["legal"] == [] and m["exposed"] == {} for m in r.messages)
            assert all(m["hand"] == [] or set(m["hand"]) <= hands[r.follow]
                       for m in r.messages)
        elif r.seat is None:
            assert all(m["hand"] == [] and m["legal"] == [] and m["exposed"] == {}
                       for m in r.messages)
        else:
            first = r.messages[0]
            assert set(first["hand"]) == hands[r.seat]  # the snapshot shows his hand
    for token in table["tokens"].values():  # tokens never appear in any message
        assert all(token not in json.dumps(m) for r in receivers for m in r.messages)


class contextlib_multi:  # a context manager of several websockets
    def __init__(self, client: TestClient, tid: str, tokens: dict[str, str]) -> None:
        self.cms = {s: client.websocket_connect(f"/ws/{tid}?token={t}") for s, t in tokens.items()}

    def __enter__(self) -> dict[str, Any]:
        return {s: cm.__enter__() for s, cm in self.cms.items()}

    def __exit__(self, *exc: object) -> None:
        for cm in self.cms.values():
            cm.__exit__(None, None, None)


def test_the_state_message_has_the_fields_of_the_protocol(client: TestClient) -> None:
    table = new_table(client, "short", seed=3)
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        msg = ws.receive_json()
    for key in ("type", "seq", "hand", "to_play", "legal", "trick", "last_trick", "score"):
        assert key in msg
    assert msg["type"] == "state" and msg["snapshot"] is True and msg["you"] == "S"
    assert len(msg["hand"]) == 13 and set(msg["legal"]) <= set(msg["hand"])


def test_the_pbn_holds_finished_hands_only_never_the_hand_in_play(client: TestClient) -> None:
    table = new_table(client, "short", seed=5)
    pbn = client.get(f"/api/tables/{table['id']}/pbn").text
    assert "[Deal " not in pbn  # the hand in play is not written
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as s, \
         client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['N']}") as n:
        play_hand([Receiver("S", s), Receiver("N", n)])
    assert client.get(f"/api/tables/{table['id']}/pbn").text.count("[Deal ") == 1


def test_the_public_state_shows_no_hand(client: TestClient) -> None:
    table = new_table(client, "dummy", seed=8)
    state = client.get(f"/api/tables/{table['id']}").json()
    assert state["hand"] == [] and state["exposed"] == {} and state["legal"] == []
    on_table = {state["trump_card"]} | {p["card"] for p in state["trick"]}
    assert cards_in(state) <= on_table | cards_in(state["last_trick"])
    assert client.get("/api/tables/nope").status_code == 404


@pytest.mark.parametrize(("body", "needle"), [
    ({"variant": "bridge"}, "variant 'bridge'"),
    ({"seats": {"X": "human"}}, "'X' is not a seat"),
    ({"seats": {"N": "oracle"}}, "unknown player 'oracle'"),
    ({"variant": "dummy", "seats": {"N": "human", "S": "human", "E": "human",
                                    "W": "human"}}, "has 1 dummy"),
    ({"rubbers": 0}, "rubbers 0"),
    ({"seed": -1}, "seed -1"),
])
def test_a_bad_table_request_is_refused_naming_what_is_wrong(
        client: TestClient, body: dict[str, Any], needle: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and needle in r.json()["error"]


def test_hostile_messages_get_an_error_change_nothing_and_keep_the_connection(
        client: TestClient) -> None:
    table = new_table(client, "short", seed=21)
    tid = table["id"]
    with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as s, \
         client.websocket_connect(f"/ws/{tid}?token={table['tokens']['N']}") as n:
        on, off, state = to_a_persons_turn(Receiver("S", s), Receiver("N", n))
        seq = state["seq"]
        other = next(c for c in off.messages[-1]["hand"])
        not_legal = [c for c in state["hand"] if c not in state["legal"]]
        hostile: list[tuple[Receiver, str, str]] = [
            (on, json.dumps({"type": "play", "card": other}), "not in"),
            (off, json.dumps({"type": "play", "card": other}), "not your turn"),
            (on, json.dumps({"type": "play", "card": "XZ"}), "play:"),
            (on, json.dumps({"type": "play"}), '"card"'),
            (on, json.dumps({"type": "fly"}), "unknown message type 'fly'"),
            (on, "{not json", "malformed JSON"),
            (on, json.dumps([1, 2]), "JSON object"),
            (on, json.dumps({"type": "play", "card": "SA", "pad": "x" * 5000}), "refused"),
            # claims and undo are wired (issue 20): bad ones are still refused
            (on, json.dumps({"type": "claim", "tricks": "lots"}), "expected a whole number"),
            (on, json.dumps({"type": "claim", "tricks": 14}), "0 to 13 tricks"),
            (on, json.dumps({"type": "claim", "tricks": True}), "expected a whole number"),
            (on, json.dumps({"type": "undo"}), "practice tables only"),
            (on, json.dumps({"type": "hint"}), "practice tables only"),
            (on, json.dumps({"type": "why"}), "practice tables only"),
            (on, json.dumps({"type": "next"}), "still in play"),
            (on, json.dumps({"type": "review", "board": 3}), "not a finished hand"),
        ]
        if not_legal:
            hostile.append((on, json.dumps({"type": "play", "card": not_legal[0]}), "follow"))
        for r, text, needle in hostile:
            r.ws.send_text(text)
            err = r.next()
            assert err["type"] == "error" and needle in err["message"], (text, err)
            assert err["seq"] == seq  # nothing changed
        on.ws.send_bytes(b"\x00\x01")
        assert "binary" in on.next()["message"]
        on.ws.send_json({"type": "snapshot"})  # the connection is kept, the table unmoved
        snap = on.next()
        assert snap["seq"] == seq and snap["hand"] == state["hand"]


def test_a_flood_of_messages_is_rate_limited(client: TestClient) -> None:
    table = new_table(client, "short", seed=2)
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        ws.receive_json()
        for _ in range(60):
            ws.send_json({"type": "fly"})
        errors = [ws.receive_json()["message"] for _ in range(60)]
    assert any("too many messages" in e for e in errors)


def test_a_wrong_token_is_told_and_watches_as_a_spectator(client: TestClient) -> None:
    table = new_table(client, "short", seed=2)
    with client.websocket_connect(f"/ws/{table['id']}?token=forged") as ws:
        err = ws.receive_json()
        assert err["type"] == "error" and "wrong token" in err["message"]
        snap = ws.receive_json()
        assert snap["you"] is None and snap["hand"] == []
        ws.send_json({"type": "play", "card": "SA"})
        assert "spectator" in ws.receive_json()["message"]


def test_a_practice_table_gives_a_hint_and_explains_a_computer_card(client: TestClient) -> None:
    table = new_table(client, "short", seed=9, practice=True)
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as s, \
         client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['N']}") as n:
        rs, rn = Receiver("S", s), Receiver("N", n)
        r, _, m = to_a_persons_turn(rs, rn)
        r.ws.send_json({"type": "hint"})
        hint = r.next()
        assert hint["type"] == "hint" and hint["classical"]["card"] in m["legal"]
        # play on until a computer has played a card, then ask why
        while True:
            computer = [e for e in m["events"] if e["kind"] == "card" and e["seat"] in "EW"]
            if computer:
                break
            r.ws.send_json({"type": "play", "card": m["legal"][0]})
            r, _, m = to_a_persons_turn(rs, rn)
        r.ws.send_json({"type": "why"})
        why = r.next()
    assert why["type"] == "why", why
    assert (why["seat"], why["card"]) == (computer[-1]["seat"], computer[-1]["card"])
    assert why["why"].startswith(why["card"])


def test_why_is_answered_after_a_restart_as_it_was_before(tmp_path: Path) -> None:
    # the explanation is not stored: the seeded player is asked again, and says the same
    db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    with ThreadPoolExecutor(2) as pool, TestClient(create_app(db, delay=0, pool=pool)) as c:
        table = new_table(c, "short", seed=9, practice=True)
        url = f"/ws/{table['id']}?token={table['tokens']['S']}"
        with c.websocket_connect(url) as s, \
             c.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['N']}") as n:
            rs, rn = Receiver("S", s), Receiver("N", n)
            r, _, m = to_a_persons_turn(rs, rn)
            while not [e for e in m["events"] if e["kind"] == "card" and e["seat"] in "EW"]:
                r.ws.send_json({"type": "play", "card": m["legal"][0]})
                r, _, m = to_a_persons_turn(rs, rn)
            r.ws.send_json({"type": "why"})
            before = r.next()
    assert before["type"] == "why", before
    with (ThreadPoolExecutor(2) as pool,
          TestClient(create_app(db, delay=0, pool=pool)) as c,
          c.websocket_connect(url) as s):
        assert s.receive_json()["snapshot"] is True
        s.send_json({"type": "why"})
        after = s.receive_json()
    assert after == before

"""The duplicate challenge (issue 21 item 4): a person plays the match harness's
boards with a computer partner against computer opponents; the same boards are
played by the computers in the other room; the comparison, board by board, in
tricks and in double-dummy cost, recomputed here from the stored hands."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from cavendish.analysis.annotate import annotate_record
from cavendish.core import deal_cards
from cavendish.core.cards import Side, parse_cards
from cavendish.core.deal import Deal
from cavendish.io.pbn import read_pbn
from cavendish.io.record import HandRecord
from cavendish.match.duplicate import (
    MatchSpec,
    PlayerSpec,
    board_dealer,
    deal_seed,
    play_room,
)
from cavendish.web.server import create_app

JSON_TYPE = {"content-type": "application/json"}
"""A body declared JSON (the server answers 415 to any other type) that is not."""

SEED = 12


def _harness_room(board: int) -> list[str]:
    """The computers' room of a board as the harness plays it, here: its cards."""
    spec = MatchSpec(PlayerSpec.named("classical"), PlayerSpec.named("classical"), "short", SEED)
    hand, _ = play_room(spec, board, 1)
    return [str(c) for c in hand.record(variant="short").plays]


def _play_board(ws: Any, choose: Any) -> dict[str, Any]:
    """Play the person's cards (``choose(state)``) until the board is over."""
    while True:
        msg = ws.receive_json()
        assert msg["type"] == "state", msg
        if msg["phase"] != "play":
            assert isinstance(msg, dict)
            return msg
        if msg["legal"]:
            ws.send_json({"type": "play", "card": choose(msg)})


def test_a_challenge_of_two_boards_is_compared_board_by_board_from_the_stored_hands(
        client: TestClient) -> None:
    made = client.post("/api/challenges", json={"boards": 2, "seed": SEED, "variant": "short",
                                                "computer": "classical", "name": "Ann"})
    assert made.status_code == 200, made.text
    ch = made.json()
    cid, tid = ch["id"], ch["table"]
    before = client.get(f"/api/challenges/{cid}").json()
    assert before["played"] == 0 and not before["finished"] and before["seed"] is None
    assert all(b["person"] is None and b["computers"] is None for b in before["results"])
    mirror = _harness_room(0)  # board 1: the person plays what the computers' South played
    with client.websocket_connect(f"/ws/{tid}?token={ch['token']}") as ws:
        def same_as_harness(msg: dict[str, Any]) -> str:
            n = msg["trick_number"] * 4 + len(msg["trick"])
            card: str = mirror[int(n)]
            assert card in msg["legal"], (n, card, msg["legal"])
            return card

        over = _play_board(ws, same_as_harness)
        assert over["phase"] == "between" and over["table"]["seats"]["S"] == "human"
        half = client.get(f"/api/challenges/{cid}").json()
        assert half["played"] == 1 and half["results"][1]["person"] is None
        assert half["results"][1]["computers"] is None  # nothing of board 2 is shown yet
        ws.send_json({"type": "next"})
        last = _play_board(ws, lambda msg: msg["legal"][-1])
        assert last["phase"] == "over"
    got = client.get(f"/api/challenges/{cid}").json()
    assert got["finished"] and got["played"] == 2 and got["seed"] == SEED
    # the person's room: the table's own stored hands (its PBN), recomputed here
    records = {r.board: r for r in read_pbn(client.get(f"/api/tables/{tid}/pbn").text)}
    assert set(records) == {1, 2}
    totals = {"person": [0, 0], "computers": [0, 0]}
    for i, row in enumerate(got["results"]):
        rec = records[i + 1]
        harness_deal = deal_cards(random.Random(deal_seed(SEED, i)), board_dealer(i))
        assert rec.deal == harness_deal  # the match harness's board
        person, computers = row["person"], row["computers"]
        assert person["plays"] == [str(c) for c in rec.plays]
        ann = annotate_record(rec)
        assert person["tricks"]["NS"] == rec.replay().tricks_won(Side.NS)
        assert (person["lost"]["NS"], person["lost"]["EW"]) == ann.lost
        # the computers' room: its stored hand, replayed and annotated here, and the
        # harness playing the board again gives the same cards
        theirs = HandRecord(Deal.from_pbn(computers["deal"], trump_card=computers["trump_card"]),
                            variant="short", plays=tuple(parse_cards(" ".join(computers["plays"]))),
                            board=i + 1)
        assert theirs.deal == harness_deal and computers["plays"] == _harness_room(i)
        assert computers["tricks"]["NS"] == theirs.replay().tricks_won(Side.NS)
        assert (computers["lost"]["NS"], computers["lost"]["EW"]) == annotate_record(theirs).lost
        assert row["tricks_diff"] == person["tricks"]["NS"] - computers["tricks"]["NS"]
        assert row["lost_diff"] == person["lost"]["NS"] - computers["lost"]["NS"]
        for room, r in (("person", person), ("computers", computers)):
            totals[room][0] += r["tricks"]["NS"]
            totals[room][1] += r["lost"]["NS"]
    # board 1: the same players with the same seeds, and the person played as the
    # computers' South did: the two rooms are the same hand
    one = got["results"][0]
    assert one["person"]["plays"] == one["computers"]["plays"] == mirror
    assert one["tricks_diff"] == 0 and one["lost_diff"] == 0
    for room in ("person", "computers"):
        assert [got["totals"][room]["tricks"], got["totals"][room]["lost"]] == totals[room]
    assert got["totals"]["tricks_diff"] == totals["person"][0] - totals["computers"][0]


@pytest.mark.parametrize(("body", "needle"), [
    ({"boards": 0}, "boards 0"),
    ({"boards": 33}, "from 1 to 32"),
    ({"boards": "two"}, "boards 'two'"),
    ({"variant": "bridge"}, "variant 'bridge'"),
    ({"computer": "oracle"}, "unknown player 'oracle'"),
    ({"seed": -3}, "seed -3"),
])
def test_a_bad_challenge_request_is_refused_naming_what_is_wrong(
        client: TestClient, body: dict[str, Any], needle: str) -> None:
    r = client.post("/api/challenges", json=body)
    assert r.status_code == 400 and needle in r.json()["error"], r.text
    assert client.get("/api/challenges/nope").status_code == 404


def test_a_body_that_is_not_a_json_object_is_refused_by_both_posts(client: TestClient) -> None:
    for path in ("/api/challenges", "/api/tables"):
        r = client.post(path, content=b"{boards: 2", headers=JSON_TYPE)
        assert r.status_code == 400 and r.json()["error"] == "the body is not JSON"
        r = client.post(path, json=[2])
        assert r.status_code == 400 and r.json()["error"] == "expected a JSON object"


def test_the_challenge_page_is_served(client: TestClient) -> None:
    for path in ("/challenge", "/challenge/abc"):
        page = client.get(path)
        assert page.status_code == 200 and "/static/challenge.js" in page.text
    assert "textContent" in client.get("/static/challenge.js").text


def test_a_restarted_server_answers_the_same_comparison_from_what_it_stored(
        tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    with ThreadPoolExecutor(2) as pool:
        with TestClient(create_app(db, delay=0, pool=pool)) as client:
            ch = client.post("/api/challenges", json={"boards": 1, "variant": "dummy"}).json()
            assert ch["seed"] is None  # a random seed is not told before the boards are played
            with client.websocket_connect(f"/ws/{ch['table']}?token={ch['token']}") as ws:
                assert _play_board(ws, lambda msg: msg["legal"][0])["phase"] == "over"
            first = client.get(f"/api/challenges/{ch['id']}").json()
        with TestClient(create_app(db, delay=0, pool=pool)) as client:
            again = client.get(f"/api/challenges/{ch['id']}").json()
            table = client.get(f"/api/tables/{ch['table']}").json()
    assert first["finished"] and again == first and isinstance(first["seed"], int)
    assert table["phase"] == "over" and len(table["score"]["hands"]) == 1
    board = first["results"][0]["person"]
    assert board["lost_by_seat"]["N"] + board["lost_by_seat"]["S"] == board["lost"]["NS"]

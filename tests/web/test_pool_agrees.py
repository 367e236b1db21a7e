"""The pool's session and the server's agree on every action (issue 30, point 5): the
server applies each card the pool's computer chooses (:func:`cavendish.web.computer.
choose_card`) to its own session, which has no computer players in it, and never
refuses one; and through the protocol, every variant of ``/api/options`` with every
computer kind it offers plays a whole hand, with a person and with none, no card of
a computer refused (the server logs a refusal and plays a legal card instead) and no
table set going by its watchdog.  At ruff-and-honours a computer holding the ace of
trumps ruffs as the hand is dealt (000: "The holder of the ace of trumps was allowed to ruff"); the
server's session once left it unruffed, refused the computer's next card as not in
its hand, and the table stood still (seeds 4, 6 and 1947336770 with a person at S)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_client import Receiver, play_hand

from cavendish.core.rules import variant_names
from cavendish.players import player_names
from cavendish.web.computer import choose_card
from cavendish.web.config import HUMAN, TableConfig, apply_action, build_session
from cavendish.web.server import COMPUTER_KINDS, create_app

Action = tuple[str, ...]

CHEAP = {"pimc": "pimc:worlds=1:min_worlds=1:work=1:exact=0",
         "search": "search:fast:worlds=1:min_worlds=1:work=1:exact=0"}
"""The searching kinds at their cheapest budget (one world): what is tested is the
table, not their play."""
OFFERED = [k for k in COMPUTER_KINDS if k.split(":")[0] in player_names()]
"""The computer kinds ``/api/options`` offers (checked against it below)."""


def play_one_hand(variant: str, kind: str, seed: int) -> list[Action]:
    """One hand of ``variant`` with a person at S (his lowest legal card each turn,
    his dummy's too) and ``kind`` at the other seats, the computers' actions chosen
    by the pool's code and applied to the server's session: the actions, all taken."""
    cfg = TableConfig.from_request(
        {"variant": variant, "seats": {"S": HUMAN}, "computer": kind}, seed=seed)
    config = cfg.to_json()
    server = build_session(cfg)
    actions: list[Action] = [("deal",)]
    apply_action(server, ("deal",))
    while server.state is not None and (seat := server.to_play) is not None:
        if cfg.kind_of(server.holder(seat)) == HUMAN:
            action: Action = ("card", str(server.view(seat).legal_cards()[0]))
        else:
            action, _ = choose_card(f"agree-{variant}-{kind}-{seed}", config, list(actions))
        apply_action(server, action)  # refused: IllegalAction, and the test fails here
        actions.append(action)
        assert len(actions) < 60, f"{variant} {kind} seed {seed}: the hand does not end"
    assert server.hands, f"{variant} {kind} seed {seed}: no hand was finished"
    return actions


@pytest.mark.parametrize("seed", [4, 6, 1947336770])
def test_000_a_computer_holding_the_ace_of_trumps_ruffs_alike_in_the_pool_and_the_server(
        seed: int) -> None:
    actions = play_one_hand("ruff-and-honours", "classical", seed)
    assert actions[-1][0] in ("card", "claim")


@pytest.mark.parametrize("kind", OFFERED)
@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_plays_a_hand_to_its_end_with_the_pools_cards(
        variant: str, kind: str) -> None:
    play_one_hand(variant, CHEAP.get(kind, kind), seed=11)


def _first_hand_watched(client: TestClient, table_id: str) -> dict[str, Any]:
    """A spectator's last ``state`` of a table of computers: the first hand finished."""
    with client.websocket_connect(f"/ws/{table_id}") as ws:
        for _ in range(200):
            msg: dict[str, Any] = ws.receive_json()
            if msg["type"] == "state" and msg["phase"] in ("between", "over"):
                return msg
    raise AssertionError(f"table {table_id}: the first hand did not end in 200 messages")


def _stop(table: Any) -> None:
    """A table of computers stopped after its first hand: it would play its rubber
    out, and the next kind's tables need the one thread (``failed`` stops its
    computers as a failure would; its move under way and its watchdog are cancelled,
    so that nothing sets it going again)."""
    table.failed = "stopped by the test after its first hand"
    for pending in (table.busy, table.dog):
        if pending is not None:
            pending.cancel()


@pytest.fixture(scope="module")
def one_thread(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A server whose computers think in one thread, as each worker process of the real
    pool does: the double-dummy solver the searching kinds share is not to be entered
    by two threads at once (with two, a search player answered a card not in its hand)."""
    db = f"sqlite:///{tmp_path_factory.mktemp('agree') / 'agree.sqlite3'}"
    with ThreadPoolExecutor(1) as pool, TestClient(create_app(db, delay=0, pool=pool)) as c:
        yield c


@pytest.mark.parametrize("variant", variant_names())
def test_every_variant_with_every_computer_kind_plays_a_hand_through_the_protocol(
        one_thread: TestClient, caplog: pytest.LogCaptureFixture, variant: str) -> None:
    """For each kind ``/api/options`` offers: a table with a person at S (his first
    legal card each turn, his dummy's too) and one of computers only, each plays its
    first hand to the end over the websocket.  A table that stood still would be set
    going by its watchdog (here after 30 s, logged); a computer's card the server's
    session refused would be logged and replaced: either fails the test."""
    client = one_thread
    options = client.get("/api/options").json()
    assert options["computers"] == OFFERED and variant in options["variants"]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.watchdog = 30.0
    for kind in OFFERED:
        body = {"variant": variant, "computer": CHEAP.get(kind, kind), "seed": 11}
        person = client.post("/api/tables", json={**body, "seats": {"S": HUMAN}}).json()
        alone = client.post("/api/tables", json={**body, "seats": {}}).json()
        with client.websocket_connect(f"/ws/{person['id']}?token={person['tokens']['S']}"
                                      ) as ws:
            last = play_hand([Receiver("S", ws)])
        assert last["phase"] in ("between", "over"), (kind, last["phase"])
        assert last["score"]["hands"], kind
        watched = _first_hand_watched(client, alone["id"])
        assert watched["score"]["hands"], kind
        for table_id in (person["id"], alone["id"]):
            assert hub.tables[table_id].stalls == 0 and hub.tables[table_id].failed is None
        _stop(hub.tables[alone["id"]])
    trouble = [r.getMessage() for r in caplog.records
               if r.name.startswith("cavendish") and r.levelno >= logging.WARNING]
    assert not trouble, trouble

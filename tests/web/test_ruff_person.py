"""Ruff-and-honours on the web: a person holding the ace of trumps is offered the ruff,
as the terminal offers it (issue 30, point 13).

000 (Britannica, Whist, the history): "Twelve cards were dealt to each player, four
being left in the stock. The top card of the stock was turned up for trumps. The
holder of the ace of trumps was allowed to ruff, i.e., to take in the stock and to
put out four cards from his hand."

The offer is told to him alone (the others are not told who holds the ace); the
computers wait for his answer, a stored ``ruff`` action (restart replays it); he sees
the stock's card turned up, and its other cards only once he has taken them in.
Chosen here, the source silent: he puts out four of the cards he may see when he
answers (his hand and the card turned up).

On the page (issue 30, point 13), while he is asked, the header names him as the one
to act ("Your turn: take the ruff or decline it"), not the computer to lead, and the
prompt is reached and answered by the keyboard alone; axe-core passes the page with
the prompt open.  Chosen here, the source silent: the others' pages do not name him
(they are not told who holds the ace): before the first card every page at
ruff-and-honours says the leader plays "once the holder of the ace of trumps has
said whether he ruffs", whoever holds it."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_browser import axe_clean, chromium_missing, shot, wait_until
from web_client import Receiver, check_no_leak, deal_of, play_hand
from web_servers import Server  # the server and browser fixtures: conftest.py

from cavendish.core.cards import Seat, cards_of
from cavendish.web.config import HUMAN, TableConfig, apply_action, build_session

BODY = {"variant": "ruff-and-honours", "seats": {"S": HUMAN}, "computer": "classical"}


def seed_where_s_holds_the_ace_and_a_computer_leads() -> int:
    """The first seed whose first deal gives the person at S the ace of trumps, with a
    computer to lead (so that the table must wait for his answer)."""
    for seed in range(1, 200):
        session = build_session(TableConfig.from_request(BODY, seed=seed))
        apply_action(session, ("deal",))
        if session.ruff_offered == Seat.S and session.to_play != Seat.S:
            return seed
    raise AssertionError("no seed in 1..199 deals S the ace of trumps with a computer to lead")


def _table(client: TestClient) -> dict[str, Any]:
    seed = seed_where_s_holds_the_ace_and_a_computer_leads()
    r = client.post("/api/tables", json={**BODY, "seed": seed})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def _no_leak(me: Receiver, pbn: str, ruffed_at: int, hand_after: set[str]) -> int:
    """Every state of S's connection holds no card he may not see: before his ruff
    his dealt hand and the card turned up (the stock's others hidden), after it his
    hand with the stock taken in.  (His refused request's error echoes the cards he
    named: not a message of the table, left out.)"""
    hands, trump_card, plays = deal_of(pbn)
    states = [m for m in me.messages if m["type"] == "state"]
    before = [m for m in states if m["seq"] < ruffed_at]
    after = [m for m in states if m["seq"] >= ruffed_at]
    n = check_no_leak(SimpleNamespace(seat="S", follow=None, messages=before),  # type: ignore[arg-type]
                      hands, [], trump_card, plays)
    return n + check_no_leak(SimpleNamespace(seat="S", follow=None, messages=after),  # type: ignore[arg-type]
                             {**hands, "S": hand_after}, [], trump_card, plays)


def test_000_the_holder_of_the_ace_of_trumps_takes_in_the_stock_and_puts_out_four(
        client: TestClient) -> None:
    table = _table(client)
    tid = table["id"]
    with (client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as ws,
          client.websocket_connect(f"/ws/{tid}") as watcher):
        me, spectator = Receiver("S", ws), Receiver(None, watcher)
        first, seen = me.next(), spectator.next()
        assert first["ruff_offered"] and not seen["ruff_offered"]  # told to him alone
        assert first["stock_card"] and first["stock_hidden"] == 3
        assert first["trick_number"] == 0 and first["trick"] == [] and not first["legal"]
        hand = first["hand"]
        assert len(hand) == 12
        ws.send_json({"type": "ruff", "put_out": hand[:3]})  # three: refused, naming why
        err = me.next()
        assert err["type"] == "error" and '"put_out": four cards' in err["message"]
        # a card of the stock he has not seen is refused (he sees the card turned up)
        live = client.app.state.hub.tables[tid]  # type: ignore[attr-defined]
        unseen = [str(c) for c in cards_of(live.session.state.deal.stock)
                  if str(c) != first["stock_card"]]
        ws.send_json({"type": "ruff", "put_out": [*hand[:3], unseen[0]]})
        err = me.next()
        assert err["type"] == "error" and "not seen" in err["message"], err
        put_out = [c for c in hand if not c.endswith("A")][-4:]
        ws.send_json({"type": "ruff", "put_out": put_out})
        after = me.next()
        spectator.next()
        assert after["type"] == "state" and not after["ruff_offered"]
        ruffed_at = after["seq"]
        mine = set(after["hand"])
        assert len(mine) == 12 and not mine & set(put_out)
        taken = mine - set(hand)
        assert len(taken) == 4 and first["stock_card"] in taken  # the whole stock taken in
        last = play_hand([me, spectator])
        assert last["phase"] in ("between", "over")
        ruff = client.get(f"/api/tables/{tid}").json()["review"]["ruff"]
        took, _, out = ruff.removeprefix("S ruffs: takes in ").partition(", puts out ")
        assert set(took.split()) == taken and set(out.split()) == set(put_out), ruff
    pbn = client.get(f"/api/tables/{tid}/pbn").text
    # the Irregularities row, its Detail the cards taken in and put out
    row = next(line for line in pbn.splitlines() if "Ruffed" in line)
    assert all(c in row for c in [*put_out, *taken]), row
    assert _no_leak(me, pbn, ruffed_at, mine) == len([m for m in me.messages
                                                      if m["type"] == "state"])
    hands, trump_card, plays = deal_of(pbn)  # a spectator: no hand, nor the stock
    assert check_no_leak(spectator, {**hands, "S": mine}, [], trump_card, plays) > 12
    # restart: the session rebuilt from the stored actions has the same ruff
    assert ("ruff", "S", *put_out) in live.actions
    rebuilt = build_session(live.config)
    for action in live.actions:
        apply_action(rebuilt, action)
    assert str(rebuilt.hands[0].state.ruffed) == ruff


def test_000_a_person_declines_the_ruff_and_the_stock_stays_as_dealt(
        client: TestClient) -> None:
    table = _table(client)
    tid = table["id"]
    with client.websocket_connect(f"/ws/{tid}?token={table['tokens']['S']}") as ws:
        me = Receiver("S", ws)
        first = me.next()
        assert first["ruff_offered"]
        ws.send_json({"type": "play", "card": first["hand"][0]})  # not his turn: refused
        assert me.next()["type"] == "error"
        ws.send_json({"type": "ruff", "put_out": []})
        after = me.next()
        assert not after["ruff_offered"] and set(after["hand"]) == set(first["hand"])
        assert play_hand([me])["phase"] in ("between", "over")
        assert client.get(f"/api/tables/{tid}").json()["review"]["ruff"] == \
            "S declines to ruff"
        ws.send_json({"type": "ruff", "put_out": []})  # once only, before the first card
        assert me.next()["type"] == "error"
    pbn = client.get(f"/api/tables/{tid}/pbn").text
    hands, trump_card, plays = deal_of(pbn)
    assert check_no_leak(SimpleNamespace(seat="S", follow=None,  # type: ignore[arg-type]
                                         messages=[m for m in me.messages
                                                   if m["type"] == "state"]),
                         hands, [], trump_card, plays) > 12


WHY = chromium_missing()


def _focus(page: Any, selector: str, presses: int = 80) -> None:
    """Press Tab until an element matching ``selector`` has the focus."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"{presses} presses of Tab reached no {selector}")


@pytest.mark.skipif(WHY is not None, reason=WHY or "")
def test_000_the_ruff_prompt_names_its_person_as_the_one_to_act_and_is_answered_by_keyboard(
        server: Server, browser: Any) -> None:
    """000: "The holder of the ace of trumps was allowed to ruff, i.e., to take in the
    stock and to put out four cards from his hand": S, asked, reads in the header that
    it is his turn to answer (not the leader's to play), his seat marked to act and
    the live region saying so; axe-core finds no serious or critical violation with
    the prompt open; with the keyboard alone (Tab and Enter, Space, the letters of a
    card) he chooses the card turned up and three of his hand and takes the ruff."""
    seed = seed_where_s_holds_the_ace_and_a_computer_leads()
    made = server.post("/api/tables", {**BODY, "seed": seed})
    page = browser.new_context(viewport={"width": 1100, "height": 900}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(made["links"]["S"])
    page.wait_for_selector("#ruff-offer:not([hidden])")
    public = server.get(f"/api/tables/{made['id']}")
    leader = public["to_play"]
    assert leader != "S" and public["trick"] == []
    header = page.inner_text("#turn")
    assert header == "Your turn: take the ruff or decline it", header
    assert f"({leader}) to play" not in header
    marked = page.locator(".seat.to-play")
    assert marked.count() == 1 and "(you)" in marked.inner_text()
    said = page.inner_text("#announce")
    assert "You hold the ace of trumps" in said and "Your turn: take the ruff" in said, said
    # a spectator's page: the leader to play once the ace's holder has said, not who he is
    rail = browser.new_context().new_page()
    rail.goto(made["watch"])
    wait_until(rail, "document.body.dataset.seq > 0")
    watched = rail.inner_text("#turn")
    assert watched.endswith(f"({leader}) to play, once the holder of the ace of trumps has "
                            "said whether he ruffs"), watched
    assert rail.locator(".seat.to-play").count() == 1 and "South" not in watched
    axe_clean(page, "table, ruff-and-honours, the ruff prompt open")
    shot(page, "t30-ruff-prompt-open")
    # the keyboard alone: the card turned up (a button while he is asked) by Tab and
    # Enter, two cards of his hand by Tab and Space, a third typed
    stock = public["stock_card"]
    _focus(page, f"#stock-card button.card[data-card='{stock}']")
    page.keyboard.press("Enter")
    hand = page.locator("#my-hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    out = [c for c in hand if not c.endswith("A")][:3]
    for c in out[:2]:
        _focus(page, f"#my-hand button.card[data-card='{c}']")
        page.keyboard.press("Space")
    page.keyboard.type(out[2])
    chosen = page.locator("button.card[aria-pressed='true']").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert sorted(chosen) == sorted([stock, *out]), chosen
    assert "4 of four chosen" in page.inner_text("#message")
    assert page.locator("button.card.chosen").count() == 4  # marked on the page too
    shot(page, "t30-ruff-prompt-chosen")
    _focus(page, "#ruff-btn")
    before = int(page.evaluate("document.body.dataset.seq"))
    page.keyboard.press("Enter")
    wait_until(page, f"(document.body.dataset.seq|0) > {before}")
    assert page.locator("#ruff-offer").is_hidden()
    assert not page.inner_text("#turn").startswith("Your turn: take the ruff")
    live = page.locator("#my-hand button.card").evaluate_all(
        "els => els.map(e => e.dataset.card)")
    assert len(live) == 12 and not set(live) & {stock, *out}, live
    shot(page, "t30-ruff-prompt-taken")
    assert not errors, errors

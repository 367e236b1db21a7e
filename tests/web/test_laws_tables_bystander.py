"""Laws of the club code reached at a web table under the laws (issue 31 point 16), as
they are in the terminal's ``cavendish play --laws``:

* law 88 (003 line 843): "If a bystander make any remark which calls the attention
  of a player or players to an oversight affecting the score, he is liable to be
  called on, by the players only, to pay the stakes and all bets on that game or
  rubber": the ``act`` ``bystander``, the adversaries of the seat helped elect;
* law 89 (003 line 848): "A bystander, by agreement among the players, may decide
  any question" (``act`` ``refer``; the arbiter holds his decision final): where
  another person plays, he is asked on his page (``act`` ``agree``), the question
  referred only when all agree, and a refusal told to all;
* law 83 (003 line 803): "Any player (on paying for them) before, but not after, the
  pack be cut for the deal, may call for fresh cards. He must call for two new
  packs, of which the dealer takes his choice" (``act`` ``fresh``, between hands)."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_laws_tables import _laws_table, _play_out, _seated, _send, _until
from web_browser import axe_clean, chromium_missing, shot, wait_until
from web_client import Receiver
from web_servers import Server  # the server and browser fixtures: conftest.py

from cavendish.laws.texts import law_words
from cavendish.web.server import create_app


def _refused(receiver: Receiver, msg: dict[str, Any]) -> str:
    """Send ``msg`` and return the error it draws (states of other acts read past; the
    error taken out of the receiver's messages, so that its last state is read on)."""
    receiver.ws.send_json(msg)
    error = receiver.next()
    while error["type"] == "state":
        error = receiver.next()
    assert error["type"] == "error", error
    receiver.messages.remove(error)
    return str(error["message"])


def _between(receivers: list[Receiver]) -> dict[str, Any]:
    """Play the hand out; the person's (``receivers[1]``) state between hands."""
    last = _play_out(receivers)
    while last["phase"] == "play":
        last = receivers[0].next()
    mine = receivers[1].messages[-1]
    while mine["seq"] < last["seq"]:
        mine = receivers[1].next()
    assert mine["phase"] == "between"
    return dict(mine)


def _words(law: int) -> str:
    """The code's words for ``law`` (003, as :mod:`cavendish.laws.texts` holds them)."""
    return " ".join(law_words(law).split())


def test_law_88_a_bystanders_remark_at_a_web_table_puts_the_stakes_to_the_adversaries(
        client: TestClient) -> None:
    """003 law 88: the remark calls S's attention to an oversight affecting the score;
    the adversaries (computers, E-W) may call on the bystander to pay: a ruling of
    law 88 for all to see, and their election."""
    assert "calls the attention of a player or players to an oversight affecting the " \
           "score" in _words(88)
    with _seated(client, "S", 11) as (_, receivers):
        states = _until(receivers, lambda ms: bool(ms[1]["legal"]))
        assert "bystander" in states[1]["laws"]["acts"]
        states = _send(receivers, "S", {"type": "act", "act": "bystander", "seat": "S"})
        rulings = [r for r in states[0]["laws"]["rulings"] if r["law"] == 88]
        assert rulings and "oversight in the score" in rulings[0]["text"]
        pending = states[1]["laws"]["pending"]
        if pending is not None:  # the computers' side elects at once, after the ruling
            assert pending["law"] == 88 and not pending["yours"]


def test_law_89_a_question_referred_to_a_bystander_is_decided_finally_at_a_web_table(
        client: TestClient) -> None:
    """003 law 89: the question referred by all is decided, and the decision is final:
    the same question again is refused."""
    assert "by agreement among the players, may decide any question" in _words(89)
    with _seated(client, "S", 11) as (_, receivers):
        _until(receivers, lambda ms: bool(ms[1]["legal"]))
        msg = {"type": "act", "act": "refer", "question": "was the king led?",
               "decision": "yes"}
        states = _send(receivers, "S", msg)
        rulings = [r for r in states[0]["laws"]["rulings"] if r["law"] == 89]
        assert rulings and "'was the king led?': yes" in rulings[0]["text"]
        assert "the decision is final" in _refused(receivers[1], msg)


def test_law_89_by_agreement_among_the_players_each_person_at_a_web_table_is_asked(
        client: TestClient, tmp_path: Path) -> None:
    """003 law 89 (line 848): "A bystander, by agreement among the players, may decide
    any question."  S and W, two people, play with two computers: S proposes a
    question; W is asked on his page (``yours``), play waits (S's card and W's card
    refused, the computers still); the proposal survives a restart of the server;
    W agrees and the question is referred (law 89's ruling, for all).  S proposes
    another; W does not agree: every connection is told so, nothing is referred,
    and play goes on."""
    assert "by agreement among the players, may decide any question" in _words(89)
    with _seated(client, "SW", 11) as (tid, receivers):
        states = _until(receivers, lambda ms: any(m["legal"] for m in ms))
        assert all(m["laws"]["referral"] is None for m in states)
        by_seat = {r.seat: r for r in receivers}
        south, west = by_seat["S"], by_seat["W"]
        ask = {"type": "act", "act": "refer", "question": "was the king led by West?",
               "decision": "no"}
        states = _send(receivers, "S", ask)
        told = {r.seat: m for r, m in zip(receivers, states, strict=True)}
        for seat, m in told.items():  # said aloud: all hear the proposal, W is asked
            ref = m["laws"]["referral"]
            assert ref["question"] == "was the king led by West?" and ref["seat"] == "S"
            assert ref["waiting"] == ["W"] and ref["yours"] == (seat == "W"), (seat, ref)
            assert ref["agreed"] == ["N", "E", "S"]  # the computers agree (the etiquette)
            assert [e["kind"] for e in m["events"]] == ["referral"] and m["legal"] == []
        assert not [r for r in told["S"]["laws"]["rulings"] if r["law"] == 89]
        seq = told["S"]["seq"]
        for r in (south, west):  # play waits for the answer: the next message an error
            mine = r.messages[-1]
            r.ws.send_json({"type": "play", "card": mine["hand"][0]})
            error = r.ws.receive_json()
            assert error["type"] == "error" and "play waits for W to answer" in error["message"]
        south.ws.send_json({"type": "act", "act": "agree", "yes": True})
        assert "not yours" in south.ws.receive_json()["message"]
        db = f"sqlite:///{tmp_path / 'client.sqlite3'}"  # the client fixture's database
        with (ThreadPoolExecutor(1) as pool, TestClient(create_app(db, delay=0, pool=pool)) as c,
              c.websocket_connect(f"/ws/{tid}") as again):  # another server, the same store
            snap = again.receive_json()
            assert snap["seq"] == seq and snap["laws"]["referral"]["waiting"] == ["W"]
        states = _send(receivers, "W", {"type": "act", "act": "agree", "yes": True})
        assert states[0]["seq"] == seq + 1  # nothing else moved while W was asked
        for m in states:
            assert m["laws"]["referral"] is None
            rulings = [r for r in m["laws"]["rulings"] if r["law"] == 89]
            assert rulings and "'was the king led by West?': no" in rulings[0]["text"], rulings
        states = _send(receivers, "S", {**ask, "question": "did East revoke?", "decision": "yes"})
        assert states[0]["laws"]["referral"]["yours"] is False
        states = _send(receivers, "W", {"type": "act", "act": "agree", "yes": False})
        for m in states:  # the refusal told to all, the spectator too
            event = next(e for e in m["events"] if e["kind"] == "referral")
            assert event["refused"] and event["seat"] == "W"
            assert "W does not agree that a bystander decide 'did East revoke?'" in event["text"]
            assert m["laws"]["referral"] is None
            assert not [r for r in m["laws"]["rulings"] if "did East revoke?" in r["text"]]
        last = _play_out(receivers)  # play goes on to the end of the hand
        assert last["phase"] in ("between", "over")


def test_law_89_a_computer_sitting_in_for_the_person_asked_agrees_for_him(
        client: TestClient) -> None:
    """003 law 89 "by agreement among the players", Cavendish's choice where the law is
    silent: S proposes, W (asked) leaves; once he has been away a while S puts a
    computer in his seat (issue 30, point 10), which agrees by the computer's rule:
    the question is referred (law 89's ruling), not left waiting for ever."""
    table = _laws_table(client, "SW", 11)
    tid, tokens = table["id"], table["tokens"]
    with client.websocket_connect(f"/ws/{tid}?token={tokens['S']}") as ws:
        south = Receiver("S", ws)
        with client.websocket_connect(f"/ws/{tid}?token={tokens['W']}") as west:
            west.receive_json()
            m = south.next()
            while not (m["type"] == "state" and m["phase"] == "play"):
                m = south.next()
            ws.send_json({"type": "act", "act": "refer", "question": "was the king led?",
                          "decision": "yes"})
            while (m := south.next())["laws"]["referral"] is None:
                pass
            assert m["laws"]["referral"]["waiting"] == ["W"]
        client.app.state.hub.gone_after = 0.2  # type: ignore[attr-defined]
        time.sleep(0.4)
        ws.send_json({"type": "substitute", "seat": "W"})
        deadline = time.monotonic() + 20
        while True:  # the public state, asked: never a wait for ever
            laws = client.get(f"/api/tables/{tid}").json()["laws"]
            referred = [r["text"] for r in laws["rulings"] if r["law"] == 89]
            if referred:
                break
            assert time.monotonic() < deadline, f"still waiting: {laws['referral']}"
            time.sleep(0.05)
        assert "'was the king led?': yes" in referred[0]


def test_law_83_fresh_cards_called_for_between_hands_at_a_web_table(
        client: TestClient) -> None:
    """003 law 83: between hands (before the cut) a person calls for fresh cards; the
    dealer takes his choice of two new packs; the ruling comes with the next deal.
    During a hand the call is refused."""
    assert "before, but not after, the pack be cut for the deal" in _words(83)
    with _seated(client, "S", 11) as (_, receivers):
        _until(receivers, lambda ms: bool(ms[1]["legal"]))
        assert "act 'fresh'" in _refused(receivers[1], {"type": "act", "act": "fresh"})
        mine = _between(receivers)
        assert "fresh" in mine["laws"]["acts"]
        dealer = mine["laws"]["dealer"]
        # two packs, as clubs play (000; laws 30-31): the next dealer's, the still pack
        assert mine["laws"]["packs"].startswith(f"{dealer} deals with ")
        assert "the still pack" in mine["laws"]["packs"]
        msg = {"type": "act", "act": "fresh", "pack": "pack-2"}
        states = _send(receivers, "S", msg)
        assert states[1]["phase"] == "between"  # the call made, the cut not yet
        receivers[1].ws.send_json({"type": "next"})
        while (states := [r.next() for r in receivers])[0]["phase"] != "play":
            pass
        rulings = [r for r in states[0]["laws"]["deal_rulings"] if r["law"] == 83]
        assert rulings, states[0]["laws"]["deal_rulings"]
        chose = " ".join(r["text"] for r in rulings)
        assert ("pack-2" in chose or "second" in chose) if dealer == "S" else True


def test_law_11_an_erroneous_score_proved_at_a_web_table_is_corrected(
        client: TestClient) -> None:
    """003 law 11: "If an erroneous score be proved, such mistake can be corrected prior
    to the conclusion of the game in which it occurred": at a laws table whose scorer
    slips (``"score_slips": 1``) board 1 is written down wrongly; the person's
    ``correct_score`` between hands corrects it (a ruling of law 11 for all), and a
    second proof of the same board is refused: the score is right now."""
    assert "prior to the conclusion of the game" in _words(11)
    bad = client.post("/api/tables", json={"seats": {"S": "human"}, "score_slips": 1})
    assert bad.status_code == 400 and "at a table under the laws" in bad.json()["error"]
    with _seated(client, "S", 11, score_slips=1) as (_, receivers):
        mine = _between(receivers)
        assert "correct_score" in mine["laws"]["acts"]
        written = mine["score"]["hands"][0]["points"]
        states = _send(receivers, "S", {"type": "act", "act": "correct_score"})
        rulings = states[0]["laws"]["score_rulings"]
        assert [r["law"] for r in rulings] == [11], rulings
        assert "erroneous score of board 1" in rulings[0]["text"]
        assert states[0]["score"]["hands"][0]["points"] != written
        again = {"type": "act", "act": "correct_score", "board": 1}
        assert "no erroneous score is proved" in _refused(receivers[1], again)


def test_law_43_38_a_person_deals_at_a_web_table_and_his_adversary_elects(
        client: TestClient) -> None:
    """A person may deal at a web table under the laws (``"deal_slips": 1``: his deals
    slip, the program dealing for him): seed 3, S's deal is a misdeal (law 44, "A
    misdeal loses the deal", law 43) and W, a person, deals and exposes a card (law 38:
    "the latter can claim a new deal"): S, his adversary, is offered the election
    before any card; he lets the deal stand and the hand is played."""
    assert "the latter can claim a new deal" in _words(38)
    with _seated(client, "SW", 3, deal_slips=1) as (_, receivers):
        states = [r.messages[-1] for r in receivers]
        by_seat = {r.seat: m for r, m in zip(receivers, states, strict=True)}
        south, west = by_seat["S"], by_seat["W"]
        assert south["phase"] == "between" and south["laws"]["pending"]["law"] == 38
        assert south["laws"]["pending"]["yours"] and not west["laws"]["pending"]["yours"]
        told = [r["law"] for r in south["laws"]["deal_rulings"]]
        assert told[0] == 44 and 38 in told
        states = _send(receivers, "S", {"type": "elect", "option": "stand"})
        assert states[0]["phase"] == "play" and states[0]["dealer"] == "W"
        assert states[0]["laws"]["pending"] is None


WHY = chromium_missing()


@pytest.mark.skipif(WHY is not None, reason=WHY or "")
def test_law_89_by_agreement_among_the_players_in_the_browser_a_dialog_asks_the_other(
        server: Server, browser: Any) -> None:
    """003 law 89 (line 848), "A bystander, by agreement among the players, may decide
    any question", on the page: S refers a question in a dialog of the page; W's page
    asks him in a dialog (axe-core passes it); W agrees and both pages show law 89's
    ruling.  S refers another; W does not agree and S's page says so."""
    table = server.post("/api/tables", {"seats": {"S": "human", "W": "human"}, "seed": 11,
                                        "laws": True})
    pages = {}
    for seat in ("S", "W"):
        page = browser.new_context().new_page()
        page.goto(table["links"][seat].replace("#", "?pause=0#"))
        wait_until(page, "document.body.dataset.phase === 'play'")
        pages[seat] = page
    south, west = pages["S"], pages["W"]

    def refer(question: str, decision: str) -> None:
        south.get_by_role("button", name="Refer to a bystander…").click()
        south.fill("#refer-question", question)
        south.fill("#refer-decision", decision)
        south.click("#refer-propose")
        west.wait_for_selector("#refer-ask[open]")

    refer("was the king led by West?", "no")
    asked = west.inner_text("#refer-ask")
    assert 'South proposes that a bystander decide "was the king led by West?"' in asked
    assert "by agreement among the players, may decide any question" in asked
    # (South's page is sent its own state: it may come a moment after West's)
    wait_until(south, "document.getElementById('laws').innerText"
                      ".includes('Waiting for West to agree.')")
    assert south.inner_text("#turn") == ("Play waits for West to agree that a bystander "
                                         "decide a question")
    assert west.inner_text("#turn").startswith("Your turn: do you agree that a bystander")
    assert south.locator("#my-hand button.card.legal").count() == 0  # play waits
    axe_clean(west, "table under the laws, law 89's question asked in a dialog")
    shot(west, "t31-law89-asked")
    west.click("#refer-yes")
    for page in (south, west):
        wait_until(page, "document.getElementById('laws').innerText"
                         ".includes(\"by agreement a bystander decides 'was the king led by "
                         "West?': no\")")
    assert west.locator("#refer-ask[open]").count() == 0
    refer("did East revoke?", "yes")
    west.click("#refer-no")
    wait_until(south, "document.getElementById('message').innerText.includes("
                      "\"W does not agree that a bystander decide 'did East revoke?'\")")
    assert "error" in (south.get_attribute("#message", "class") or "")
    assert "did East revoke?" not in south.inner_text("#laws")
    shot(south, "t31-law89-refused")

"""Claims, concessions and taking back over the websocket (issue 20 item 3/4):
each a stored action shown to every connection as a public event; a claim judged
double dummy (the adversaries accept only what the claimer's side makes against
every defence); undo at practice tables only; a person's last card plays itself;
the computer players claim when sure; and no hidden card shown on the way."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_protocol import contextlib_multi, new_table
from web_client import (
    Receiver,
    check_seen_before_shown,
    deal_of,
    in_step,
    until_a_person_may_act,
)

from cavendish.core.cards import Seat
from cavendish.game.claims import double_dummy_tricks


def _dd(client: TestClient, tid: str, seat: str) -> int:
    """The tricks left that ``seat``'s side makes double dummy (the judge's answer,
    read from the server's own session while a person is to play)."""
    session = client.app.state.hub.tables[tid].session  # type: ignore[attr-defined]
    return double_dummy_tricks(session.state, Seat.parse(seat))


def _side(seat: str) -> int:
    return 0 if seat in "NS" else 1


def _receivers(spectator: Any, seats: dict[str, Any]) -> list[Receiver]:
    """The connections (a spectator's first, if any), read to the same action."""
    receivers = [Receiver(None, spectator)] if spectator is not None else []
    receivers += [Receiver(s, ws) for s, ws in seats.items()]
    states = [r.next() for r in receivers]  # the snapshots: bring all to the latest
    top = max(m["seq"] for m in states)
    for r, m in zip(receivers, states, strict=True):
        while m["seq"] < top:
            m = r.next()
    return receivers


def _on_turn(receivers: list[Receiver]) -> Receiver:
    """Read in step until a person may play: his connection."""
    states = until_a_person_may_act(receivers)
    return next(r for r, m in zip(receivers, states, strict=True) if m["legal"])


def _play_to_the_end(receivers: list[Receiver]) -> list[dict[str, Any]]:
    """Each person plays his first legal card until the hand is over: the last states."""
    while (states := until_a_person_may_act(receivers))[0]["phase"] == "play":
        r = next(r for r, s in zip(receivers, states, strict=True) if s["legal"])
        r.ws.send_json({"type": "play", "card": r.messages[-1]["legal"][0]})
        in_step(receivers)
    return states


@contextlib.contextmanager
def _watched(client: TestClient, variant: str, seed: int,
             **extra: Any) -> Iterator[tuple[str, list[Receiver]]]:
    """A new table, its people and a spectator connected and read to the same action."""
    table = new_table(client, variant, seed, **extra)
    tid = table["id"]
    with (client.websocket_connect(f"/ws/{tid}") as spectator,
          contextlib_multi(client, tid, table["tokens"]) as seats):
        yield tid, _receivers(spectator, seats)


def _no_leak(client: TestClient, tid: str, receivers: list[Receiver], dummies: list[str]) -> None:
    hands, trump_card, _ = deal_of(client.get(f"/api/tables/{tid}/pbn").text)
    for r in receivers:
        assert check_seen_before_shown(r, hands, dummies, trump_card) == len(r.messages) >= 2
        if r.seat is None:
            assert all(m["hand"] == [] and m["exposed"] == {} for m in r.messages
                       if m["type"] == "state")


def test_a_claim_the_claimer_cannot_make_double_dummy_is_refused_play_goes_on_and_an_honest_claim_ends_the_hand(  # noqa: E501
        client: TestClient) -> None:
    with _watched(client, "short", seed=7) as (tid, receivers):
        on = _on_turn(receivers)
        m = on.messages[-1]
        remaining = 13 - m["trick_number"]
        dd = _dd(client, tid, on.seat or "")
        assert dd < remaining, "the seed must leave a claim of every trick unsound"
        on.ws.send_json({"type": "claim", "tricks": dd + 1})
        shown = in_step(receivers)
        for s in shown:  # every connection, the spectator too, is told the verdict
            assert s["phase"] == "play" and s["seq"] == m["seq"] + 1
            (e,) = s["events"]
            assert (e["kind"], e["seat"], e["tricks"], e["accepted"]) == (
                "claim", on.seat, dd + 1, False)
            assert e["text"].endswith("refused")
        assert on.messages[-1]["legal"] == m["legal"]  # play goes on, as it stood
        on.ws.send_json({"type": "claim"})  # once a trick
        err = on.next()
        assert err["type"] == "error" and "already" in err["message"]
        on.ws.send_json({"type": "play", "card": m["legal"][0]})
        in_step(receivers)
        on = _on_turn(receivers)
        m = on.messages[-1]
        won = m["tricks_won"]["NS" if _side(on.seat or "") == 0 else "EW"]
        dd = _dd(client, tid, on.seat or "")
        on.ws.send_json({"type": "claim", "tricks": dd})
        shown = in_step(receivers)
    last = shown[0]
    assert last["phase"] == "between"  # the hand is over and scored
    (e,) = last["events"]
    assert e["kind"] == ("claim" if dd else "concede") and e["accepted"]
    assert last["review"]["claim"] == e["text"]
    result = last["review"]["result"]
    assert sum(result) == 13 and result[_side(on.seat or "")] == won + dd
    assert last["score"]["hands"][0]["tricks"] == result
    _no_leak(client, tid, receivers, last["dummies"])


def test_a_concession_gives_the_adversaries_every_trick_left_and_ends_the_hand(
        client: TestClient) -> None:
    with _watched(client, "dummy", seed=4) as (tid, receivers):
        states = until_a_person_may_act(receivers)
        me = receivers[1]
        m = states[1]
        before = m["tricks_won"]
        me.ws.send_json({"type": "concede"})
        shown = in_step(receivers)
        me.ws.send_json({"type": "concede"})
        assert "no hand is in play" in me.next()["message"]
    last = shown[0]
    assert last["phase"] == "between"
    (e,) = last["events"]
    assert (e["kind"], e["seat"], e["accepted"]) == ("concede", "S", True)
    assert last["review"]["claim"] == e["text"] and "concedes" in e["text"]
    ns, ew = last["review"]["result"]
    assert ns == before["NS"] and ew == 13 - ns
    _no_leak(client, tid, receivers, last["dummies"])


def test_undo_at_a_practice_table_takes_back_the_persons_card_and_those_after_it(
        client: TestClient) -> None:
    with _watched(client, "short", seed=9, practice=True) as (tid, receivers):
        on = _on_turn(receivers)
        before = on.messages[-1]
        card = before["legal"][-1]
        on.ws.send_json({"type": "play", "card": card})
        in_step(receivers)
        states = until_a_person_may_act(receivers)  # the computers' cards, then a person's turn
        played = [e["card"] for r in receivers[:1] for m in r.messages
                  if m["seq"] > before["seq"] for e in m["events"] if e["kind"] == "card"]
        on.ws.send_json({"type": "undo"})
        shown = in_step(receivers)
        for s in shown:
            (e,) = s["events"]
            assert (e["kind"], e["seat"]) == ("undo", on.seat)
            assert e["cards"] == played and e["cards"][0] == card
            assert s["to_play"] == before["to_play"] and s["trick"] == before["trick"]
        mine = on.messages[-1]
        assert mine["hand"] == before["hand"] and mine["legal"] == before["legal"]
        # and the hand goes on to its end
        states = _play_to_the_end(receivers)
    assert sum(states[0]["review"]["result"]) == 13
    _no_leak(client, tid, receivers, states[0]["dummies"])


def test_undo_is_refused_at_a_table_that_is_not_for_practice(client: TestClient) -> None:
    with _watched(client, "short", seed=9) as (_tid, receivers):
        on = _on_turn(receivers)
        on.ws.send_json({"type": "play", "card": on.messages[-1]["legal"][0]})
        in_step(receivers)
        states = until_a_person_may_act(receivers)
        seq = states[0]["seq"]
        on.ws.send_json({"type": "undo"})
        err = on.next()
        on.ws.send_json({"type": "snapshot"})
        snap = on.next()
    assert err["type"] == "error" and "practice tables only" in err["message"]
    assert err["seq"] == seq and snap["seq"] == seq  # nothing was stored


@pytest.mark.parametrize("auto_last", [True, False])
def test_a_persons_last_card_plays_itself_unless_the_table_says_not(
        client: TestClient, auto_last: bool) -> None:
    table = new_table(client, "short", seed=5, auto_last=auto_last)
    tid = table["id"]
    with contextlib_multi(client, tid, table["tokens"]) as seats:
        receivers = _receivers(None, seats)
        states = _play_to_the_end(receivers)
    last_trick = [m for r in receivers for m in r.messages if m["type"] == "state"
                  and m["phase"] == "play" and m["trick_number"] == 12 and m["to_play"] == r.seat]
    assert last_trick, "the people were to play in the last trick"
    offered = [m for m in last_trick if m["legal"]]
    assert (offered == []) is auto_last
    shown = [e["card"] for m in receivers[0].messages if m["type"] == "state"
             for e in m["events"] if e["kind"] == "card"]
    assert states[0]["review"]["tricks"][12]["cards"][0]["card"] in shown
    assert sum(states[0]["review"]["result"]) == 13


def _watch(client: TestClient, *, computer_claims: bool) -> tuple[list[dict[str, Any]], int]:
    """A table of four computers watched to its end (it never waits for anyone, so
    the watcher reads it all): the claims seen and the number of actions."""
    r = client.post("/api/tables", json={"variant": "short", "seed": 4, "rubbers": 2,
                                         "computer_claims": computer_claims})
    claims: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{r.json()['id']}") as ws:
        m = ws.receive_json()
        while m["phase"] != "over":
            m = ws.receive_json()
            claims += [e for e in m["events"] if e["kind"] == "claim"]
            if m["events"] and m["events"][0]["kind"] == "claim":
                assert m["phase"] != "play" and m["review"]["claim"] == claims[-1]["text"]
    return claims, m["seq"]


def test_the_computer_players_claim_when_sure_of_every_trick_left(client: TestClient) -> None:
    claims, seq = _watch(client, computer_claims=True)
    assert claims, "no computer claimed in two rubbers"
    for claim in claims:  # on lead, sure of every trick left: never refused
        assert claim["accepted"] and claim["tricks"] == claim["remaining"] >= 2
    # the same table with the computers' claims off plays those tricks out
    none, played = _watch(client, computer_claims=False)
    assert none == [] and played > seq


def test_the_double_dummy_review_of_a_conceded_hand_counts_the_conceded_tricks() -> None:
    """A hand ended by a concession at its first card: the review's ``made`` is the
    tricks as scored (all thirteen to the other side), ``played`` the tricks won in
    play (none)."""
    from cavendish.web.computer import review_for
    from cavendish.web.config import TableConfig

    cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=3)
    review = review_for(cfg.to_json(), [("deal",), ("concede", "S")], 1)
    assert review["made"] == {"NS": 0, "EW": 13}
    assert review["played"] == {"NS": 0, "EW": 0}

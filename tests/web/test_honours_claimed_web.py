"""Honours claimed by the players at a web table (issue 31 point 12): ``"honours":
"claim"`` in the table's config, offered by ``/api/options``, follows 003 laws 6-7 as
the terminal's ``--honours claim`` does:

* law 7 (003 line 123): "To score honours is not sufficient; they must be called at
  the end of the hand": the person's side is asked (``honours_claim`` in its state,
  the ``honours`` message), a side of computers claims at once;
* law 6 (003 line 118): "Honours, unless claimed before the trump card of the
  following deal is turned up, cannot be scored": the next hand dealt (``next``)
  without the claim, they count nothing."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from web_client import Receiver

from cavendish.core.cards import Side
from cavendish.core.events import HonoursClaimed
from cavendish.laws.texts import law_words
from cavendish.web.config import ConfigError, TableConfig, apply_action, build_session


def _config(seed: int) -> TableConfig:
    return TableConfig.from_request({"seats": {"S": "human"}, "honours": "claim",
                                     "computer": "random"}, seed=seed)


def _seed_where(side: Side) -> int:
    """The first seed whose first deal gives ``side`` three honours or four."""
    for seed in range(200):
        session = build_session(_config(seed))
        apply_action(session, ("deal",))
        assert session.state is not None
        if session.state.honours(side) >= 3:
            return seed
    raise AssertionError(f"no seed in 200 deals {side} three honours")


def _played_out(seed: int) -> Any:
    """The table's session with its first hand played to the last card (the person's
    cards the first legal ones), as the server's session holds it."""
    session = build_session(_config(seed))
    apply_action(session, ("deal",))
    pool = build_session(_config(seed), computers=True)  # the computers' cards
    apply_action(pool, ("deal",))
    while (turn := session.to_play) is not None:
        player = pool.controller(turn)
        if player is None:
            card = session.view(turn).legal_cards()[0]
        else:
            card = player.choose(pool.view(turn))
        apply_action(session, ("card", str(card)))
        apply_action(pool, ("card", str(card)))
    return session


def test_law_6_7_honours_claim_is_a_table_option_checked_where_asked() -> None:
    """``"honours": "claim"`` is taken where the variant scores honours, and refused
    for Clay's (no honours) and under the laws (the arbiter scores them)."""
    assert _config(1).honours == "claim"
    assert TableConfig.from_request({}, seed=1).honours == "auto"
    for body, words in (({"variant": "clay", "honours": "claim"}, "scores no honours"),
                        ({"honours": "claim", "laws": True}, "under the laws"),
                        ({"honours": "sometimes"}, "expected one of")):
        try:
            TableConfig.from_request(body, seed=1)
        except ConfigError as exc:
            assert words in str(exc)
        else:
            raise AssertionError(f"{body} was taken")


def test_law_7_honours_called_at_the_end_of_the_hand_by_the_person_at_a_web_table() -> None:
    """003 law 7, "they must be called at the end of the hand": the hand is not scored
    while the person's side may claim; claimed (the ``honours`` action), they score."""
    assert "they must be called at the end of the hand" in " ".join(law_words(7).split())
    session = _played_out(_seed_where(Side.NS))
    assert session.state is not None and session.honours_claim_due == Side.NS
    events = apply_action(session, ("honours", "N"))  # either partner claims
    assert isinstance(events[0], HonoursClaimed) and events[0].side == Side.NS
    assert session.state is None  # claimed: the hand is scored at once
    result = session.hands[-1].result
    assert result is not None and result.honours[Side.NS] >= 3


def test_law_6_honours_not_claimed_before_the_next_deal_cannot_be_scored_web() -> None:
    """003 law 6, "unless claimed before the trump card of the following deal is turned
    up, cannot be scored": the next hand is dealt without the claim, the honours are
    lost; a side of computers claims its own at once."""
    words = " ".join(law_words(6).split())
    assert "unless claimed before the trump card of the following deal" in words
    session = _played_out(_seed_where(Side.NS))
    apply_action(session, ("deal",))
    first = session.hands[-1]
    assert first.result is not None and first.result.honours[Side.NS] == 0
    assert session.state is not None and session.state.trick_number == 0
    computers = _played_out(_seed_where(Side.EW))
    assert computers.state is None  # nothing for the person to claim: scored at once
    claimed = [e for e in computers.hands[-1].state.events if isinstance(e, HonoursClaimed)]
    assert [e.side for e in claimed] == [Side.EW]


def test_law_7_the_person_is_asked_to_claim_honours_over_the_protocol(
        client: TestClient) -> None:
    """Over the protocol: ``/api/options`` lists the variants whose honours may be
    claimed; the person's state carries ``honours_claim`` (his side's, ``yours``) at
    the end of the hand; his ``honours`` message claims them and the hand is scored
    with them."""
    options = client.get("/api/options").json()
    assert "short" in options["honours"] and "clay" not in options["honours"]
    seed = _seed_where(Side.NS)
    r = client.post("/api/tables", json={"seats": {"S": "human"}, "honours": "claim",
                                         "computer": "random", "seed": seed})
    assert r.status_code == 200, r.text
    table = r.json()
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        me = Receiver("S", ws)
        msg = me.next()
        assert msg["honours_mode"] == "claim"
        while not msg.get("honours_claim"):
            if msg["type"] == "state" and msg["legal"] and msg["to_play"] == "S":
                ws.send_json({"type": "play", "card": msg["legal"][0]})
            msg = me.next()
        assert msg["honours_claim"]["side"] == "NS" and msg["honours_claim"]["yours"]
        assert msg["honours_claim"]["honours"] >= 3
        ws.send_json({"type": "honours"})
        msg = me.next()
        while msg["type"] != "state" or msg["phase"] != "between":
            msg = me.next()
        assert msg["honours_claim"] is None
        assert msg["score"]["hands"][-1]["honours"][0] >= 2  # NS's honours scored

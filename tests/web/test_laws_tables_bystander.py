"""Laws of the club code reached at a web table under the laws (issue 31 point 16), as
they are in the terminal's ``cavendish play --laws``:

* law 88 (003 line 843): "If a bystander make any remark which calls the attention
  of a player or players to an oversight affecting the score, he is liable to be
  called on, by the players only, to pay the stakes and all bets on that game or
  rubber": the ``act`` ``bystander``, the adversaries of the seat helped elect;
* law 89 (003 line 848): "A bystander, by agreement among the players, may decide
  any question" (``act`` ``refer``; the arbiter holds his decision final);
* law 83 (003 line 803): "Any player (on paying for them) before, but not after, the
  pack be cut for the deal, may call for fresh cards. He must call for two new
  packs, of which the dealer takes his choice" (``act`` ``fresh``, between hands)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from test_laws_tables import _play_out, _seated, _send, _until
from web_client import Receiver

from cavendish.laws.texts import law_words


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

"""A table under the laws is saved and resumed as a plain one is (``cavendish play
--laws``'s autosave): every hand replayed act by act before a fresh arbiter gives the
same rulings, elections, calls of honours and score."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.core.events import Ruling
from cavendish.game import SessionError, seat_by_cut
from cavendish.game.laws_session import LAWS_SNAPSHOT_FORMAT, LawsHand, LawsSession
from cavendish.game.saved import load_snapshot, save_session
from cavendish.players import Player, RandomPlayer
from cavendish.players.sloppy import SloppyPlayer


def sloppy_table(variant: str, seed: int, human: bool = False) -> LawsSession:
    """Four (or fewer) random players committing irregularities at a third of their cards;
    with ``human``, the first person cut is a human (None)."""
    rules = get_rules(variant)
    rng = random.Random(seed)
    people = ["A", "B", "C", "D"][: rules.players]
    seating = seat_by_cut(rules, people, rng)
    players: dict[Seat, Player | None] = {
        s: SloppyPlayer(RandomPlayer(people.index(n), n), 0.35, seed=people.index(n) + seed,
                        deal_rate=0.2)
        for s, n in seating.names.items()
    }
    if human:
        players[min(players)] = None
    return LawsSession(rules, seating, players, rng, rubbers=None, max_hands=2)


def voids(session: LawsSession) -> list[str | None]:
    return [h.void if isinstance(h, LawsHand) else "not a laws hand" for h in session.hands]


def same_table(a: LawsSession, b: LawsSession) -> None:
    assert (a.arbiter is None) == (b.arbiter is None)
    if a.arbiter is not None and b.arbiter is not None:
        assert b.arbiter.state == a.arbiter.state
        assert b.arbiter.events == a.arbiter.events
        assert b.arbiter.actions == a.arbiter.actions
        assert b.pending() == a.pending()
    assert b.sheet.score == a.sheet.score
    assert [h.score for h in b.hands] == [h.score for h in a.hands]
    assert voids(b) == voids(a)
    assert [h.state.events for h in b.hands] == [h.state.events for h in a.hands]
    assert (b.dealer, b.rubber, b.board) == (a.dealer, a.rubber, a.board)
    assert b.rng.getstate() == a.rng.getstate()
    # the packs (laws 30-31): the still pack made up, and whose pack each hand was dealt
    assert (a.packs and a.packs.to_dict()) == (b.packs and b.packs.to_dict())
    assert [h.pack for h in b.hands] == [h.pack for h in a.hands]


def restored(session: LawsSession) -> LawsSession:
    data = json.loads(json.dumps(session.snapshot({"seed": 1})))  # through JSON, as on disk
    players = {s: p if p is None else RandomPlayer(0) for s, p in session.players.items()}
    return LawsSession.restore(data, players)


@pytest.mark.parametrize(("variant", "seed", "void_hands"),
                         [("short", 3, 0), ("long", 14, 0), ("dummy", 2, 0), ("short", 89, 2)])
def test_law_87_a_saved_laws_table_is_the_same_table_after_every_act(
    variant: str, seed: int, void_hands: int
) -> None:
    """Saved after any act (mid-trick, a decision awaited, between hands, after a hand
    made void by law 69 and dealt again), the table restored has the same hand,
    rulings, elections and score.  Seed 89: two hands void by law 69, the second dealt
    again by the same dealer with his own pack shuffled anew while the still pack lies
    made up (laws 30-31); seed 40 had two void hands before the packs were real objects,
    one now (its hand after the void is dealt from a pack shuffled anew)."""
    session = sloppy_table(variant, seed)
    rulings = 0
    while not session.is_over:
        session.start_hand()
        same_table(session, restored(session))
        while not session.hand_over:
            session.step()
            same_table(session, restored(session))
        rulings += sum(isinstance(e, Ruling) for e in session.arbiter.events)  # type: ignore[union-attr]
        session.finish_hand()
        same_table(session, restored(session))
    assert rulings > 0  # the table really had irregularities to replay
    assert sum(v is not None for v in voids(session)) == void_hands


def test_a_human_decision_awaited_is_awaited_again_after_resume() -> None:
    for seed in range(40):
        session = sloppy_table("short", seed, human=True)
        session.start_hand()
        while not session.hand_over and not session.human_to_decide:
            if session.human_to_play:
                seat = session.to_play
                assert seat is not None
                session.play(session.view(seat).legal_cards()[0], seat)
            else:
                session.step()
        if session.human_to_decide:
            break
    else:
        pytest.fail("no seed gave the human a decision")
    again = restored(session)
    assert again.human_to_decide and again.pending() == session.pending()
    decision = session.pending()
    assert decision is not None
    option = decision.options[0]
    assert again.elect(option) == session.elect(option)


def test_a_damaged_or_hostile_save_is_refused_by_what_is_wrong() -> None:
    session = sloppy_table("short", 3)
    session.start_hand()
    for _ in range(6):
        session.step()
    data = session.snapshot()
    players = {s: RandomPlayer(0) for s in Seat}
    bad = json.loads(json.dumps(data))
    bad["hands"][0]["acts"][0] = {"act": "__init__", "seat": "N"}
    with pytest.raises(SessionError, match="'__init__' is not a table action"):
        LawsSession.restore(bad, players)
    bad = json.loads(json.dumps(data))
    bad["hands"][0]["acts"][0] = {"act": "play", "seat": "N", "card": "ZZ"}
    with pytest.raises(SessionError, match="cannot be replayed: board 1: bad 'card' 'ZZ'"):
        LawsSession.restore(bad, players)
    bad = json.loads(json.dumps(data))
    del bad["rng"]
    with pytest.raises(SessionError, match="damaged: 'rng'"):
        LawsSession.restore(bad, players)
    bad = json.loads(json.dumps(data))
    bad["in_play"] = False  # the hand in play said to be finished
    with pytest.raises(SessionError, match="board 1 is saved as finished"):
        LawsSession.restore(bad, players)
    with pytest.raises(SessionError, match=r"expected format 'cavendish-laws-session'"):
        LawsSession.restore({**data, "format": "cavendish-session"}, players)


def test_save_session_writes_a_laws_table_that_load_snapshot_reads(tmp_path: Path) -> None:
    session = sloppy_table("short", 5)
    session.start_hand()
    session.step()
    save_session(session, tmp_path / "t.json", {"seed": 5})
    data = load_snapshot(tmp_path / "t.json")
    assert data["format"] == LAWS_SNAPSHOT_FORMAT and data["app"] == {"seed": 5}


def test_play_laws_autosaves_and_resume_goes_on_with_the_same_hand(tmp_path: Path) -> None:
    """``cavendish play --laws``: leaving mid-hand keeps the autosave; ``--resume``
    reopens the same hand (the same rulings so far), and a finished session removes it."""
    runner = CliRunner()
    out = tmp_path / "s.pbn"
    first = runner.invoke(app, ["play", "--laws", "--seed", "5", "--sloppy", "0.2",
                                "--players", "random", "--out", str(out)],
                          input="auto\n" * 3)
    assert first.exit_code == 0, first.output
    save = tmp_path / "s.autosave.json"
    assert f"To go on later: cavendish play --resume {save}" in first.output
    data = load_snapshot(save)
    assert data["format"] == LAWS_SNAPSHOT_FORMAT and data["in_play"]
    saved_acts = data["hands"][-1]["acts"]
    players = {Seat.parse(s): None if n == "You" else RandomPlayer(0)
               for s, n in data["seats"].items()}
    before = LawsSession.restore(data, players)
    assert before.arbiter is not None
    second = runner.invoke(app, ["play", "--resume", str(save)], input="auto\n" * 2000)
    assert second.exit_code == 0, second.output
    assert "resumed" in second.output
    assert "Saved " in second.output
    assert not save.exists()  # the session ran to its end: nothing left to resume
    text = out.read_text()
    assert "[Board \"1\"]" in text
    # the resumed hand began where the save left it: its first acts are the saved ones
    assert len(saved_acts) > 0
    assert before.arbiter.actions[: len(saved_acts)] == before.arbiter.actions


def test_resume_of_a_damaged_laws_save_exits_2_naming_the_file(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "s.pbn"
    runner.invoke(app, ["play", "--laws", "--seed", "5", "--players", "random",
                        "--out", str(out)], input="auto\n" * 3)
    save = tmp_path / "s.autosave.json"
    data = json.loads(save.read_text())
    data["hands"][0]["acts"].append({"act": "play", "seat": "Q", "card": "SA"})
    save.write_text(json.dumps(data))
    result = runner.invoke(app, ["play", "--resume", str(save)], input="")
    assert result.exit_code == 2
    assert f"--resume {save}" in result.stderr and "damaged" in result.stderr


def test_law_38_41_an_election_awaited_in_the_deal_is_kept_by_the_save() -> None:
    """003 line 388, law 38: "If, whilst dealing, a card be exposed by the dealer or his
    partner, should neither of the adversaries have touched the cards, the latter can
    claim a new deal" (law 41 likewise for the trump card looked at).  A careless
    computer dealer slips; the person's side is to elect; the table saved then and
    restored awaits the same election in the same deal (not drawn again), and each
    option gives the same table as the unbroken session."""
    line = (Path(__file__).parents[2] / "sources" / "003_66747c784035cc3b.txt").read_text(
        encoding="utf-8").splitlines()[387]
    assert "a card be exposed by the dealer or his partner" in line
    rules = get_rules("short")
    for seed in range(40):
        rng = random.Random(seed)
        seating = seat_by_cut(rules, ["You", "A", "B", "C"], rng, request=("You", Seat.S))
        players: dict[Seat, Player | None] = {
            s: None if n == "You" else SloppyPlayer(RandomPlayer(i), 0.0, seed=i,
                                                   deal_rate=0.5)
            for i, (s, n) in enumerate(sorted(seating.names.items()))
        }
        session = LawsSession(rules, seating, players, rng, rubbers=None, max_hands=4)
        session.start_hand()
        while session.deal_pending is None and not session.is_over:
            while not session.hand_over:  # the person plays his lowest card
                seat = session.to_play
                if session.human_to_play and seat is not None:
                    session.play(session.view(seat).legal_cards()[0], seat)
                else:
                    session.step()
            session.finish_hand()
            if not session.is_over:
                session.start_hand()
        if session.deal_pending is not None:
            break
    else:
        pytest.fail("no seed gave the person's side an election in the deal")
    bad = json.loads(json.dumps(session.snapshot()))
    bad["deal_pending"]["slip"] = ["count", 10]  # a misdeal: no election to await
    with pytest.raises(SessionError, match="election awaited in the deal: the slip 'count'"):
        LawsSession.restore(bad, {s: p if p is None else RandomPlayer(0)
                                  for s, p in session.players.items()})
    pending_deal = session.deal_pending[1]
    for option in ("stand", "new-deal"):  # the last one against the unbroken session
        again = restored(session)
        assert again.deal_pending is not None and session.deal_pending is not None
        assert again.deal_pending[1] == session.deal_pending[1]  # the same deal
        assert again.deal_pending[0].pending() == session.deal_pending[0].pending()
        assert again.deal_rulings == session.deal_rulings and again.arbiter is None
        same_table(session, again)
        with pytest.raises(SessionError, match="awaits an election"):
            again.start_hand()
        twin = restored(session) if option == "stand" else session
        twin.elect_in_deal(option, Seat.S)
        again.elect_in_deal(option, Seat.S)
        # the election's rulings, and who deals next, as at the unbroken table
        assert again.deal_rulings == twin.deal_rulings and again.dealer == twin.dealer
        assert again.deal_elections == twin.deal_elections
        assert [e.option for e in again.deal_elections][-1:] == [option]
        if option == "stand":
            again.start_hand()
            assert again.arbiter is not None and again.arbiter.deal == pending_deal
        else:
            assert again.dealer == pending_deal.dealer  # a new deal by the same dealer


def test_law_38_play_laws_resume_offers_the_election_awaited_in_the_deal_again(
        tmp_path: Path) -> None:
    """``cavendish play --laws --sloppy``: a computer dealer exposes a card (law 38) and
    the person leaves while his side's election is asked; ``--resume`` asks the same
    election of the same deal, and "stand" plays that very deal."""
    runner = CliRunner()
    out, save = tmp_path / "d.pbn", tmp_path / "d.autosave.json"
    first = runner.invoke(app, ["play", "--laws", "--seed", "12", "--sloppy", "0.5",
                                "--players", "random", "--out", str(out)], input="quit\n")
    assert first.exit_code == 0, first.output
    asked = [ln for ln in first.output.splitlines() if ln.startswith("Your side's election")]
    assert len(asked) == 1 and "law 38" in asked[0]
    pending = load_snapshot(save)["deal_pending"]
    assert pending is not None and pending["slip"][0] == "expose"
    second = runner.invoke(app, ["play", "--resume", str(save)], input="stand\nquit\n")
    assert second.exit_code == 0, second.output
    assert [ln for ln in second.output.splitlines()
            if ln.startswith("Your side's election")] == asked
    data = load_snapshot(save)
    assert data["deal_pending"] is None and data["in_play"]
    assert data["hands"][-1]["deal"] == pending["deal"]  # the deal stood, not drawn again

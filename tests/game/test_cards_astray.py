"""A card astray between the two packs of a club table (issue 31 point 17): laws 42 and
46 at a table under the laws, the card lying in the real other pack.

* law 42 (003 line 413): "If a player take into the hand dealt to him a card belonging
  to the other pack, the adversaries, on discovery of the error, may decide whether
  they will have a fresh deal or not";
* law 46 (003 line 492): "should he have played, [...] he may search the other pack for
  it, or them."

The slips are drawn with the dealer's other slips (``computer_deal_slips``,
``own_deal_slips``, a sloppy computer's ``deal_rate``): a table where none is drawn
deals as it always did."""

from __future__ import annotations

import json
import random
from pathlib import Path

from test_person_deals import play_out
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.game.laws_session import LawsSession
from cavendish.game.seating import seat_by_cut
from cavendish.players import Player, RandomPlayer

SEED_003 = Path(__file__).parents[2] / "sources" / "003_66747c784035cc3b.txt"


def _line(number: int) -> str:
    return " ".join(SEED_003.read_text(encoding="utf-8").splitlines()[number - 1].split())


def _table(seed: int, *, person: bool = False) -> LawsSession:
    rules, rng = get_rules("short"), random.Random(seed)
    seating = seat_by_cut(rules, ["You", "A", "B", "C"], rng, request=("You", Seat.S))
    players: dict[Seat, Player | None] = {
        s: None if person and n == "You" else RandomPlayer(i)
        for i, (s, n) in enumerate(sorted(seating.names.items()))
    }
    return LawsSession(rules, seating, players, rng, rubbers=None, max_hands=30,
                       computer_deal_slips=0.5, own_deal_slips=0.5)


def test_law_46_the_card_short_lies_in_the_still_pack_and_the_search_restores_it() -> None:
    """003 line 492: "he may search the other pack for it".  A card of the deal falls
    among the other pack's cards; the still pack made up during the play holds it (53
    cards, the card in its real order); once the short player has played he searches
    it: the card leaves that order, is in his hand again, and the pack is 52."""
    assert "he may search the other pack for it, or them" in _line(492)
    s = _table(1)
    found = 0
    while not s.is_over and found < 1:
        s.start_hand()
        missing = dict(s._missing)
        if missing:
            (seat, card), = missing.items()
            assert s.packs is not None
            still = s.packs.still
            assert still is not None and still.side == s.dealer.side.other
            assert still.count == 53 and len(still.order or ()) == 53
            assert (still.order or ())[still.stray_at[0]] == card and still.strays == [card]
            arb = s.arbiter
            assert arb is not None and not arb.state.hand(seat) >> card & 1
            saved = json.loads(json.dumps(s.snapshot()))  # the stray kept by a save
            back = LawsSession.restore(saved, dict(s.players))
            assert back.packs is not None and back.packs.to_dict() == s.packs.to_dict()
            assert back.arbiter is not None and back.arbiter.state.mislaid(seat) >> card & 1
            while not arb._has_played(seat):
                s.step()
            assert arb.state.hand(seat) >> card & 1  # restored, searched after his card
            assert still.count == 52 and still.strays == [] and still.stray_at == []
            assert len(still.order or ()) == 52 and (still.order or ()).count(card) == 1
            ruling = next(r for r in arb.rulings if r.law == 46)
            assert f"{card} is found in the other pack" in ruling.what
            assert "taken from its cards (52 again;" in ruling.what
            found += 1
        play_out(s)
    assert found == 1


def test_law_42_a_card_of_the_other_pack_taken_into_a_hand_goes_back_to_it() -> None:
    """003 line 413: "the adversaries, on discovery of the error, may decide whether
    they will have a fresh deal or not".  The card came from the other pack, which
    lacks it (51 cards) until the election; then it goes back and the pack is whole.
    The computers elect by the deal's rule (a fresh deal); a person's side is asked
    (:meth:`LawsSession.elect_in_deal`) and may let the deal stand."""
    assert ("a card belonging to the other pack, the adversaries, on discovery of the "
            "error, may decide whether they will have a fresh deal or not") in _line(413)
    computers = person = 0
    for seed in range(1, 40):
        s = _table(seed, person=True)
        while not s.is_over and not (person and computers):
            s.start_hand()
            if s.deal_pending is not None:
                proc, deal = s.deal_pending
                d = proc.pending()
                assert d is not None
                if d.law == 42 and not person:
                    assert s.packs is not None
                    other = s.packs.packs[s.dealer.side.other]
                    assert other.count == 51 and len(other.away) == 1
                    card = other.away[0]
                    s.elect_in_deal("stand")
                    assert other.away == [] and other.count == 52
                    s.start_hand()
                    assert s.arbiter is not None and s.arbiter.deal == deal
                    assert any(r.law == 42 and "the deal stands" in r.what
                               and f"{card} goes back to {other.name}" in r.what
                               for r in s.deal_rulings)
                    person += 1
                else:
                    s.elect_in_deal(d.options[0])
                    s.start_hand()
            computers += sum(1 for r in s.deal_rulings if r.law == 42 and "same dealer" in r.what)
            play_out(s)
        if person and computers:
            break
    assert person == 1 and computers >= 1, (person, computers)


def test_law_46_cavendish_play_laws_the_card_short_searched_in_the_other_pack(
        tmp_path: Path) -> None:
    """003 line 492 at the terminal: ``cavendish play --laws --sloppy 0.2 --sloppy-me
    --seed 2`` (the person's own deals slip): on board 3 a card of N-S's pack falls among
    E-W's; N, having played, finds it in E-W's pack, the still pack, 52 again."""
    assert "he may search the other pack for it" in _line(492)
    res = CliRunner().invoke(app, ["play", "--laws", "--sloppy", "0.2", "--sloppy-me",
                                   "--seed", "2", "--out", str(tmp_path / "p.pbn")],
                             input="auto\n" * 900)
    out = " ".join(res.output.split())
    assert res.exit_code == 0, out[-500:]
    assert ("N has played with a card short: the deal stands; ♠4 is found in the other "
            "pack, E-W's, taken from its cards (52 again; Cavendish's reading: it fell among them "
            "in dealing) and restored") in out


def test_law_42_cavendish_play_laws_the_person_elects_on_a_card_of_the_other_pack(
        tmp_path: Path) -> None:
    """003 line 413 at the terminal (``cavendish play --laws --sloppy 0.2 --sloppy-me``,
    the person South deals): seed 90, W takes a card of E-W's pack, the other pack, and
    the person's side is asked: "stand" lets the deal stand and the card goes back; seed
    27, N takes one and the computers, E-W, elect a fresh deal by their rule."""
    assert "may decide whether they will have a fresh deal or not" in _line(413)
    outs = {}
    for seed, first in ((90, "stand\n"), (27, "")):
        res = CliRunner().invoke(app, ["play", "--laws", "--sloppy", "0.2", "--sloppy-me",
                                       "--seed", str(seed), "--out", str(tmp_path / "p.pbn")],
                                 input=first + "auto\n" * 900)
        assert res.exit_code == 0
        outs[seed] = " ".join(res.output.split())
    assert ("Your side's election (NS), law 42 (A card of the other pack): W holds a card "
            "of the other pack, E-W's pack: a fresh deal?") in outs[90]
    assert ("the deal stands; ♦6 goes back to E-W's pack (52 cards again); W keeps the "
            "thirteen cards dealt him") in outs[90]
    assert ("N holds a card of the other pack; ♦6 goes back to E-W's pack (52 cards again): "
            "a new deal by the same dealer EW (Clay, E) elect new-deal (law 42)") in outs[27]

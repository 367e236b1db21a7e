"""The deal's irregularities at the table (issue 23 item 3): a sloppy dealer misdeals
in play (laws 43-44), deal acts in scenario files (laws 29-51), and the double-dummy
variant's "no misdeal" seen in play.  Each test quotes the law it proves (003)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.core.table import deal_cards
from cavendish.game.laws_session import LawsSession
from cavendish.game.seating import seat_by_cut
from cavendish.laws.actions import ActionError
from cavendish.laws.names import DOUBLE_DUMMY
from cavendish.laws.scenario import Scenario, run_scenario
from cavendish.players import Player, RandomPlayer
from cavendish.players.sloppy import SloppyPlayer

DEALING = Path(__file__).resolve().parents[2] / "docs" / "scenarios" / "deal"
LAW_OF = {
    "misdeal-two-cards-at-once": 44,
    "dealer-counts-the-cards": 44,
    "card-exposed-in-dealing": 38,
    "double-dummy-no-misdeal": DOUBLE_DUMMY,
    # issue 31 point 16: the rightful dealer, the adversaries' pack, fresh cards
    "deal-out-of-turn-stopped": 48,
    "partners-deal-misdealt": 51,
    "fresh-cards-before-the-cut": 83,
    "card-of-the-other-pack-after-the-deal": 42,
    "last-card-exposed-trump-turned": 40,
    # issue 31 point 17: the card astray in the real packs
    "card-of-the-other-pack-taken-the-deal-stands": 42,
    "card-fallen-into-the-other-pack-searched": 46,
}


def sloppy_table(variant: str, seed: int, deal_rate: float) -> LawsSession:
    rules = get_rules(variant)
    rng = random.Random(seed)
    names = ["A", "B", "C", "D"][: rules.players]
    seating = seat_by_cut(rules, names, rng)
    players: dict[Seat, Player | None] = {
        s: SloppyPlayer(RandomPlayer(i), 0.0, seed=seed + i, deal_rate=deal_rate)
        for i, s in enumerate(sorted(seating.names))
    }
    return LawsSession(rules, seating, players, rng, max_hands=3, rubbers=None)


def test_law_44_a_sloppy_dealer_misdeals_and_law_43_the_deal_passes() -> None:
    """Law 44: "It is a misdeal [...] vi. Should a player [...] deal two cards at once,
    or two cards to the same hand, and then deal a third; [...] v. Should the dealer
    count the cards [...]"; law 43: "A misdeal loses the deal"."""
    seen = 0
    for seed in range(6):
        s = sloppy_table("short", seed, 0.5)
        dealer = s.dealer
        s.start_hand()
        for ruling in s.deal_rulings:
            assert ruling.law == 44 and ruling.seat == dealer
            assert ruling.what.endswith(f"{dealer.left} deals")
            dealer = dealer.left
            seen += 1
        assert s.arbiter is not None and s.arbiter.deal.dealer == dealer == s.dealer
        s.run()
        hand = s.finish_hand()
        assert hand.void is not None or hand.result is not None
    assert seen > 0


def test_double_dummy_there_is_no_misdeal_in_play() -> None:
    """Double dummy (001): "there is no misdeal" (the deal is a disadvantage): the same
    dealer deals again."""
    seen = 0
    for seed in range(6):
        s = sloppy_table("double-dummy", seed, 0.5)
        dealer = s.dealer
        s.start_hand()
        for ruling in s.deal_rulings:
            assert ruling.law == DOUBLE_DUMMY and "no misdeal" in ruling.what
            seen += 1
        assert s.dealer == dealer
    assert seen > 0


def test_a_careful_dealer_never_misdeals_and_the_deals_are_as_before() -> None:
    """Without a dealing slip the deals are the generator's, as they were."""
    s = sloppy_table("short", 3, 0.0)
    t = sloppy_table("short", 3, 0.0)
    s.start_hand()
    assert s.deal_rulings == []
    assert s.arbiter is not None
    assert s.arbiter.deal == deal_cards(t.rng, t.dealer)


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DEALING / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_every_deal_scenario_is_listed() -> None:
    assert sorted(p.stem for p in DEALING.glob("*.json")) == sorted(LAW_OF)


@pytest.mark.parametrize("name", sorted(LAW_OF))
def test_deal_scenario_is_ruled_under_its_law_without_the_computer(name: str) -> None:
    data = load(name)
    assert isinstance(data.pop("title"), str) and isinstance(data.pop("note"), str)
    scenario = Scenario.from_dict(data)
    assert scenario.to_dict() == data
    report = run_scenario(scenario, auto=False)
    assert LAW_OF[name] in {f.law for f in report.findings}
    for finding in report.findings:
        assert not finding.computer and (finding.taken is None) == (not finding.options)


def test_law_38_the_deal_stands_and_is_played_as_dealt() -> None:
    """Law 38: "If, whilst dealing, a card be exposed by either of the dealer's
    adversaries [...] If a card be exposed by the dealer or his partner, the
    adversaries may claim a new deal"; they let it stand, and the deal dealt by hand is
    the scenario's deal, played as its actions say."""
    play = json.loads(
        (DEALING.parent / "lead-out-of-turn.json").read_text(encoding="utf-8")
    )
    plain = run_scenario(Scenario.from_dict({k: v for k, v in play.items()
                                             if k not in ("title", "note")}), auto=False)
    dealing = load("card-exposed-in-dealing")["dealing"]
    play["dealing"] = dealing
    by_hand = run_scenario(Scenario.from_dict({k: v for k, v in play.items()
                                               if k not in ("title", "note")}), auto=False)
    assert [f.law for f in by_hand.findings] == [38, 33] + [f.law for f in plain.findings]
    assert by_hand.score == plain.score


def test_bad_deal_acts_are_refused_naming_the_act() -> None:
    data = load("dealer-counts-the-cards")
    data["dealing"] = [{"act": "deal_card", "two": "yes"}]
    with pytest.raises(ActionError, match="deal act 1 \\(deal_card\\): 'two' must be a bool"):
        Scenario.from_dict(data)
    data["dealing"] = [{"act": "shuffle_twice"}]
    with pytest.raises(ActionError, match="deal act 1: expected"):
        Scenario.from_dict(data)
    data["dealing"] = [{"act": "cut", "seat": "E", "lifted": 26}]
    with pytest.raises(ActionError, match=r"deal act 1 \(cut\).*shuffle"):
        run_scenario(Scenario.from_dict(data), auto=False)


def test_cavendish_play_laws_sloppy_shows_a_misdeal(tmp_path: Path) -> None:
    """``cavendish play --laws --sloppy P``: the computers misdeal too (law 44)."""
    out = str(tmp_path / "l.pbn")
    res = CliRunner().invoke(
        app, ["play", "--laws", "--sloppy", "0.5", "--seed", "3", "--out", out],
        input="quit\n",
    )
    assert "law 44 (What is a misdeal)" in res.output


def test_law_48_the_rightful_dealer_and_the_adversaries_pack_in_a_scenario() -> None:
    """003 law 48: "Any one dealing out of turn, or with the adversary's cards, may be
    stopped before the trump card is turned up, after which the game must proceed as
    if no mistake had been made": the scenario names the rightful dealer and the pack."""
    data = load("deal-out-of-turn-stopped")
    stopped = run_scenario(Scenario.from_dict(data), auto=False)
    assert stopped.findings[-1].what == "E stops the deal: S deals"
    data["dealing"] = [*data["dealing"][:3], {"act": "deal_all"}]  # not stopped: it stands
    stands = run_scenario(Scenario.from_dict(data), auto=False)
    assert [f.law for f in stands.findings] == [48, 33]
    data = load("card-exposed-in-dealing")
    data["own_pack"] = False
    data["dealing"] = [*data["dealing"][:3], {"act": "deal_card"}, {"act": "stop", "seat": "W"}]
    report = run_scenario(Scenario.from_dict(data), auto=False)
    assert "S deals with the adversaries' pack" in report.findings[0].what
    data["rightful_dealer"] = "X"
    with pytest.raises(ActionError, match='"rightful_dealer" is a seat'):
        Scenario.from_dict(data)
    data["rightful_dealer"], data["own_pack"] = "S", "no"
    with pytest.raises(ActionError, match='"own_pack" must be true or false'):
        Scenario.from_dict(data)


def test_cavendish_rule_reads_the_deal_acts_of_laws_40_42_48_51_83(tmp_path: Path) -> None:
    """``cavendish rule FILE`` rules each new deal scenario under its law."""
    for name, law in (("deal-out-of-turn-stopped", 48), ("partners-deal-misdealt", 51),
                      ("fresh-cards-before-the-cut", 83),
                      ("card-of-the-other-pack-after-the-deal", 42),
                      ("last-card-exposed-trump-turned", 40)):
        res = CliRunner().invoke(app, ["rule", str(DEALING / f"{name}.json")])
        assert res.exit_code == 0, res.output
        assert f"law {law} (" in res.output

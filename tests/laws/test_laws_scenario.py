"""Scenarios: the deal and the actions at the table, replayed and ruled on."""

from __future__ import annotations

import json
import random

import pytest
from laws_helpers import EW, GRID, arbiter

from cavendish.core.cards import Seat
from cavendish.core.table import deal_cards
from cavendish.laws import Action, ActionError, LawsError, auto_elect
from cavendish.laws.scenario import Scenario, run_scenario

GOLDEN = {
    "deal": "N:AKQJT98765432... .AKQJT9876543.2. .2.AKQJT9876543. ...AKQJT98765432",
    "dealer": "N",
    "trump_card": "S2",
    "score": [0, 2],
    "actions": [
        {"act": "play", "seat": "E", "card": "HA"},
        {"act": "play", "seat": "S", "card": "D3"},
        {"act": "play", "seat": "W", "card": "C2"},
        {"act": "play", "seat": "N", "card": "S2"},
    ],
}


def golden_scenario() -> Scenario:
    """Law 72(v): the claimants (E-W) at two, the revokers at nothing, take all thirteen
    tricks with four honours; E-W add three and win a treble."""
    arb = Scenario.from_dict(GOLDEN).arbiter()
    for a in Scenario.from_dict(GOLDEN).actions:
        getattr(arb, a.name)(**a.kwargs())
    while not arb.state.is_over:
        arb.play(arb.state.turn, arb.state.legal_cards()[-1])
    arb.elect(EW, "add")
    return Scenario.from_dict({**GOLDEN, "actions": [a.to_dict() for a in arb.actions]})


def test_law_72v_golden_scenario_reports_the_revoke_and_a_treble() -> None:
    report = run_scenario(golden_scenario(), auto=False)
    laws = [f.law for f in report.findings]
    assert 71 in laws and 72 in laws
    penalty = next(f for f in report.findings if f.law == 72)
    assert penalty.options == ("tricks", "deduct", "add") and penalty.taken == "add"
    assert penalty.by is not None and penalty.by.side == EW and not penalty.computer
    assert report.score is not None and report.score.game_winner == EW
    assert report.score.game_value == 3 and report.result is not None
    assert report.result.tricks == (13, 0)


def test_scenario_reads_and_writes_json_and_replays_the_same() -> None:
    scenario = golden_scenario()
    again = Scenario.from_dict(json.loads(json.dumps(scenario.to_dict())))
    assert again == scenario
    assert run_scenario(again) == run_scenario(scenario)


def test_scenario_decisions_left_to_the_computer_are_marked() -> None:
    data = {
        "deal": GRID.to_pbn(),
        "dealer": "S",
        "trump_card": "S5",
        "actions": [
            {"act": "play", "seat": "N", "card": "SA"},  # a lead out of turn
            {"act": "play", "seat": "W", "card": "H5"},
        ],
    }
    report = run_scenario(Scenario.from_dict(data))
    first = report.findings[0]
    assert first.law == 62 and first.computer and first.taken in first.options
    assert not report.finished and report.score is None
    with pytest.raises(LawsError, match="unanswered"):
        run_scenario(Scenario.from_dict(data), auto=False)


def test_every_table_action_is_recorded_and_replays_to_the_same_log() -> None:
    rng = random.Random(11)
    for seed in range(6):
        deal = deal_cards(random.Random(seed), Seat(seed % 4))
        arb = arbiter(deal, attentive=seed % 2 == 0)
        while not arb.finished and arb.void is None:
            if arb.pending() is not None:
                auto_elect(arb)
                continue
            seat = arb.state.turn
            hand = arb.state.hand_cards(seat)
            roll = rng.random()
            if roll < 0.05 and arb.state.hand(seat.left):
                arb.play(seat.left, rng.choice(arb.state.hand_cards(seat.left)))
            elif roll < 0.08:
                arb.drop(seat, rng.choice(hand))
            elif arb.state.is_over:
                break
            else:
                arb.play(seat, rng.choice(hand))  # revokes included
        scenario = Scenario(deal, tuple(arb.actions), attentive=arb.attentive)
        replayed = scenario.arbiter()
        for action in scenario.actions:
            getattr(replayed, action.name)(**action.kwargs())
        assert replayed.events == arb.events, f"seed {seed}"


def test_bad_scenarios_are_refused_with_the_reason() -> None:
    with pytest.raises(ActionError, match="trump_card"):
        Scenario.from_dict({"deal": GRID.to_pbn()})
    with pytest.raises(ActionError, match="act"):
        Action.from_dict({"seat": "N"})
    bad = {
        "deal": GRID.to_pbn(),
        "dealer": "S",
        "trump_card": "S5",
        "actions": [{"act": "fly", "seat": "N"}],
    }
    with pytest.raises(ActionError, match="no table action 'fly'"):
        run_scenario(Scenario.from_dict(bad))


def test_careless_tables_keep_every_card_in_one_place_and_replay_exactly() -> None:
    from laws_helpers import sloppy_hand

    from cavendish.core.cards import FULL_PACK
    from cavendish.laws import Arbiter

    for seed in range(40):
        arb = sloppy_hand(seed)
        st = arb.state
        places = [st.hand(s) for s in Seat] + [st.mislaid(s) for s in Seat]
        places += [c.mask for _, c in st.current_trick]
        places += [c.mask for t in st.tricks for c in t.cards]
        seen = 0
        for mask in places:
            assert seen & mask == 0, f"seed {seed}: a card in two places"
            seen |= mask
        assert seen == FULL_PACK, f"seed {seed}: a card lost"
        again = Arbiter(
            arb.deal, arb.rules, dummies=arb.dummies, attentive=arb.attentive, score=arb.before
        )
        for action in arb.actions:
            getattr(again, action.name)(**action.kwargs())
        assert again.events == arb.events, f"seed {seed}: the actions do not replay"
        if arb.finished and arb.pending() is None and arb.void is None:
            result = arb.result()
            assert result is not None and sum(result.tricks) == 13

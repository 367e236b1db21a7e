"""The example scenarios of docs/scenarios/: valid scenarios in the documented format,
each replayed by the arbiter to a finished hand whose every decision the table made,
each showing the law it is named for."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cavendish.laws.names import DUMMY_II, DUMMY_III
from cavendish.laws.scenario import Scenario, run_scenario

SCENARIOS = Path(__file__).resolve().parents[2] / "docs" / "scenarios"
NAMES = sorted(p.stem for p in SCENARIOS.glob("*.json"))

# the law each example is about: its ruling must be among the findings
LAW_OF = {
    "revoke-add-three": 72,
    "revoke-deduct-three": 72,
    "revoke-take-three-tricks": 72,
    "revoke-corrected": 76,
    "lead-out-of-turn": 62,
    "fourth-hand-plays-early": 68,
    "exposed-card-called": 56,
    "trump-card-left": 52,
    "trump-card-named": 53,
    "card-not-played": 69,
    "two-cards-to-a-trick": 70,
    "hand-thrown-down": 59,
    "winning-cards-played-ahead": 57,
    "suit-call-disobeyed": 61,
    "law-72v-claimants-two": 72,
    "dummy-revoke": DUMMY_II,
    "lead-from-the-wrong-hand": DUMMY_III,
}


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCENARIOS / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_there_is_an_example_for_each_kind_of_irregularity() -> None:
    assert sorted(LAW_OF) == NAMES and len(NAMES) >= 12


@pytest.mark.parametrize("name", NAMES)
def test_example_scenario_is_in_the_documented_format_and_reads_back_the_same(name: str) -> None:
    data = load(name)
    assert isinstance(data.pop("title"), str) and isinstance(data.pop("note"), str)
    scenario = Scenario.from_dict(data)
    assert scenario.to_dict() == data  # nothing in the file is lost or defaulted away


@pytest.mark.parametrize("name", NAMES)
def test_example_scenario_is_ruled_under_its_law_and_scored_without_the_computer(
    name: str,
) -> None:
    report = run_scenario(Scenario.from_dict(load(name)), auto=False)
    assert report.finished and report.void is None
    assert report.result is not None and report.score is not None
    assert LAW_OF[name] in {f.law for f in report.findings}
    for finding in report.findings:
        assert not finding.computer
        assert (finding.taken is None) == (not finding.options)


def test_law_72_each_of_the_three_penalties_has_its_example() -> None:
    taken = set()
    for name in ("revoke-add-three", "revoke-deduct-three", "revoke-take-three-tricks"):
        report = run_scenario(Scenario.from_dict(load(name)), auto=False)
        assert report.result is not None
        (revoke,) = report.result.revokes
        taken.add(revoke.penalty)
    assert taken == {"add", "deduct", "tricks"}

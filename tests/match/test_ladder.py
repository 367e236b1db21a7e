"""cavendish ladder: every pair of kinds in duplicate on one seed; each kind's tricks per
deal against the field, DD tricks lost per hand and decisions per second."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from cavendish.analysis.annotate import annotate_record
from cavendish.cli.main import app
from cavendish.core.errors import MatchError
from cavendish.match.duplicate import run_match
from cavendish.match.ladder import run_ladder

LOWEST = "policy:cavendish.players.policy:lowest"


def test_each_pair_is_the_duplicate_match_on_the_ladders_seed():
    ladder = run_ladder(["random", "classical", LOWEST], boards=3, seed=5, dd=False)
    assert [(p.a, p.b) for p in ladder.pairs] == [
        ("random", "classical"), ("random", LOWEST), ("classical", LOWEST)
    ]
    for pair in ladder.pairs:
        assert pair.tricks == run_match(pair.a, pair.b, boards=3, seed=5).tricks
    rows = {r.kind: r for r in ladder.rows}
    one, two, three = (p.tricks.mean for p in ladder.pairs)
    assert rows["random"].tricks == pytest.approx((one + two) / 2)
    assert rows[LOWEST].tricks == pytest.approx((-two - three) / 2)
    assert all(r.decisions_per_second > 0 and r.cards == 2 * 3 * 2 * 26 for r in rows.values())


def test_dd_tricks_lost_are_each_kinds_cards_own_losses():
    ladder = run_ladder(["random", "classical"], boards=2, seed=3)
    match = run_match("random", "classical", boards=2, seed=3)
    lost = {"A": 0, "B": 0}
    for record in match.records():
        for seat, k in annotate_record(record).lost_by_seat().items():
            lost[record.players[seat][0]] += k
    rows = {r.kind: r for r in ladder.rows}
    assert rows["random"].lost == lost["A"] and rows["classical"].lost == lost["B"]
    assert rows["random"].hands == rows["classical"].hands == 4
    assert rows["random"].lost_per_hand == lost["A"] / 4


def test_a_kind_named_twice_or_alone_is_refused():
    with pytest.raises(MatchError, match="named twice"):
        run_ladder(["random", "random"], boards=1)
    with pytest.raises(MatchError, match="at least two kinds"):
        run_ladder(["random"], boards=1)


def test_cavendish_ladder_prints_json_and_refuses_a_bad_kind():
    runner = CliRunner()
    out = runner.invoke(app, ["ladder", "random", LOWEST, "--boards", "2", "--no-dd", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert {k["kind"] for k in data["kinds"]} == {"random", LOWEST}
    bad = runner.invoke(app, ["ladder", "random", "oracle", "--boards", "2"])
    assert bad.exit_code == 2 and "oracle" in bad.output

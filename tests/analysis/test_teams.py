"""Each team's double-dummy costs in a duplicate match (cavendish.analysis.teams)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.analysis.annotate import annotate_records
from cavendish.analysis.teams import CATEGORIES, TeamBreakdown, TeamsError, team_breakdown, teams_of
from cavendish.cli.main import app
from cavendish.io import write_pbn_file
from cavendish.io.pbn import read_pbn_file
from cavendish.match import run_match


def _row(br: TeamBreakdown, where: str) -> tuple[float, float, float]:
    for r in br.rows:
        if r.where == where:
            return r.lost[0], r.lost[1], r.gain
    raise KeyError(where)


@pytest.mark.parametrize(("a", "b", "variant", "seed"), [
    ("random", "classical", "short", 3),
    ("classical", "random", "long", 8),
    ("random", "random", "dummy", 11),
])
def test_whole_hand_gain_is_the_match_tricks_per_deal(
    a: str, b: str, variant: str, seed: int
) -> None:
    m = run_match(a, b, boards=4, seed=seed, variant=variant)
    recs = m.records()
    br = team_breakdown(recs, annotate_records(recs, workers=1))
    assert br.boards == 4
    assert br.tricks_per_deal == pytest.approx(m.tricks.mean)
    whole = _row(br, "the whole hand")
    assert whole[2] == pytest.approx(m.tricks.mean)
    # each partition of the cards adds up to the whole hand, for both teams
    for parts in (
        ("leading to a trick", "second hand", "third hand", "fourth hand"),
        ("trick 1 in all", "tricks 2-4", "tricks 5-9", "tricks 10-13"),
        ("on the side that led first", "on the other side"),
    ):
        rows = [_row(br, p) for p in parts]
        for k in range(3):
            assert sum(r[k] for r in rows) == pytest.approx(whole[k])


def test_the_costs_are_the_annotations_summed_by_team() -> None:
    m = run_match("random", "classical", boards=2, seed=17)
    recs = m.records()
    anns = annotate_records(recs, workers=1)
    br = team_breakdown(recs, anns)
    # by hand: team A sits N-S in room 1 (records 0, 2) and E-W in room 2 (1, 3)
    lost_a = lost_b = 0
    first_leads = [0, 0]
    for i, ann in enumerate(anns):
        a_side = "NS" if i % 2 == 0 else "EW"
        for n in ann.cards:
            if n.side.name == a_side:
                lost_a += n.cost
            else:
                lost_b += n.cost
        lead = ann.cards[0]
        first_leads[0 if lead.side.name == a_side else 1] += lead.cost
    whole = (lost_a / 2, lost_b / 2, (lost_b - lost_a) / 2)
    assert _row(br, "the whole hand") == pytest.approx(whole)
    leads = (first_leads[0] / 2, first_leads[1] / 2)
    assert _row(br, "the opening lead")[:2] == pytest.approx(leads)
    assert br.teams == ("A random", "B classical")
    assert [r.where for r in br.rows] == [w for w, _ in CATEGORIES]


def test_standard_error_is_over_the_boards_gains() -> None:
    m = run_match("random", "classical", boards=3, seed=4)
    recs = m.records()
    br = team_breakdown(recs, annotate_records(recs, workers=1))
    gains = [r.tricks_diff for r in m.results]
    mean = sum(gains) / 3
    se = (sum((g - mean) ** 2 for g in gains) / 2 / 3) ** 0.5
    assert br.rows[0].se == pytest.approx(se)


def test_teams_of_reads_the_names_and_takes_dummy_from_its_partner() -> None:
    assert teams_of(("A x N", "B y E", "A x S", "B y W")) == ("A x", "B y")
    assert teams_of(("Dummy", "Dummy", "B y S", "A x W")) == ("B y", "A x")
    assert teams_of(("Ann", "", "Ann", "Bob")) == ("Ann", "Bob")
    with pytest.raises(TeamsError, match="board 2: E and W have no names"):
        teams_of(("Ann", "", "Ann", ""), board=2)
    with pytest.raises(TeamsError, match="sits on both sides"):
        teams_of(("Ann", "Ann", "Ann", "Ann"))


def test_records_that_are_not_a_duplicate_match_are_refused() -> None:
    m = run_match("random", "classical", boards=2, seed=6)
    recs = m.records()
    anns = annotate_records(recs, workers=1)
    with pytest.raises(TeamsError, match="board 2: played once, not twice"):
        team_breakdown(recs[:3], anns[:3])
    same_seats = [recs[0], dataclasses.replace(recs[1], players=recs[0].players)]
    with pytest.raises(TeamsError, match="board 1: the teams did not swap seats"):
        team_breakdown(same_seats, anns[:2])
    other_deal = [recs[0], dataclasses.replace(recs[3], board=1)]
    with pytest.raises(TeamsError, match="board 1: the two rooms did not hold the same deal"):
        team_breakdown(other_deal, [anns[0], dataclasses.replace(anns[3], board=1)])
    three = [*recs[:2], dataclasses.replace(recs[2], players=("C z N", "B classical E",
                                                              "C z S", "B classical W"))]
    with pytest.raises(TeamsError, match="two teams, and the file names 3"):
        team_breakdown([*three, recs[3]], anns)
    unfinished = dataclasses.replace(anns[0], finished=False)
    with pytest.raises(TeamsError, match="board 1: the hand is not finished"):
        team_breakdown(recs, [unfinished, *anns[1:]])


def test_analyse_by_team_cli(tmp_path: Path) -> None:
    m = run_match("classical", "random", boards=2, seed=9)
    path = tmp_path / "match.pbn"
    write_pbn_file(m.records(), path)
    assert len(read_pbn_file(path)) == 4
    runner = CliRunner()
    result = runner.invoke(app, ["analyse", str(path), "--by-team", "--json", "--workers", "1"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["teams"] == ["A classical", "B random"]
    assert out["boards"] == 2
    assert out["tricks_per_deal"] == pytest.approx(m.tricks.mean)
    assert out["rows"][0]["where"] == "the whole hand"
    text = runner.invoke(app, ["analyse", str(path), "--by-team", "--workers", "1"])
    assert text.exit_code == 0
    assert "A classical v B random: 2 boards" in text.output
    assert "third hand" in text.output
    # a file that is not a match's: one room of each board only
    write_pbn_file(m.records()[::2], tmp_path / "half.pbn")
    bad = runner.invoke(app, ["analyse", str(tmp_path / "half.pbn"), "--by-team"])
    assert bad.exit_code == 1
    assert "not a duplicate match between two teams: board 1: played once" in bad.output

"""A match's journal: boards written as they end, so that a long match resumes
(``run_match(journal=...)``, ``cavendish match --journal``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.match.duplicate import run_match
from cavendish.match.journal import JournalError, MatchHeader, load


def _key(results: object) -> list[tuple[int, str, tuple[int, int]]]:
    return [(r.board, r.deal, r.tricks) for r in results]  # type: ignore[attr-defined]


def test_an_interrupted_match_resumes_to_the_same_boards(tmp_path: Path) -> None:
    whole = run_match("classical", "random", boards=6, seed=9)
    path = tmp_path / "m.jsonl"
    first = run_match("classical", "random", boards=3, seed=9, journal=path)
    assert _key(first.results) == _key(whole.results[:3])
    seen: list[int] = []
    resumed = run_match("classical", "random", boards=6, seed=9, journal=path,
                        workers=2, progress=seen.append)
    assert _key(resumed.results) == _key(whole.results)
    assert resumed.tricks == whole.tricks
    assert seen[0] == 3 and seen[-1] == 6  # three boards came from the journal
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {"match": {"a": "classical", "b": "random",
                                              "variant": "short", "seed": 9}}
    assert sorted(json.loads(x)["board"] for x in lines[1:]) == list(range(6))
    # a journal's own boards are kept exactly, decision times included
    again = run_match("classical", "random", boards=6, seed=9, journal=path)
    assert again.results == resumed.results


def test_a_journal_of_another_match_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    run_match("classical", "random", boards=1, seed=9, journal=path)
    with pytest.raises(JournalError, match=r"m\.jsonl: line 1 is the journal of classical "
                       r"random short seed 9, not of classical random short seed 10"):
        run_match("classical", "random", boards=2, seed=10, journal=path)


def test_a_bad_line_in_a_journal_is_named(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    run_match("classical", "random", boards=1, seed=9, journal=path)
    with path.open("a") as f:
        f.write('{"board": 1, "deal": "x"}\n')
    with pytest.raises(JournalError, match=r"m\.jsonl: line 3 is not a board"):
        load(path, MatchHeader("classical", "random", "short", 9))


def test_cli_match_journal_resumes(tmp_path: Path) -> None:
    path = tmp_path / "cli.jsonl"
    runner = CliRunner()
    args = ["match", "classical", "random", "-n", "2", "--seed", "4", "-w", "1", "-q",
            "--json", "--journal", str(path)]
    one = runner.invoke(app, args)
    two = runner.invoke(app, args)
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert json.loads(one.output) == json.loads(two.output)
    path.write_text('{"match": {"a": "pimc"}}\n')
    bad = runner.invoke(app, args)
    assert bad.exit_code == 2
    assert "cli.jsonl: line 1 is not the match's header" in bad.output

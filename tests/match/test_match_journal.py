"""A match's journal: boards written as they end, so that a long match resumes
(``run_match(journal=...)``, ``cavendish match --journal``)."""

from __future__ import annotations

import json
import tempfile
import warnings
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.match.duplicate import BoardResult, run_match
from cavendish.match.journal import JournalError, JournalWarning, MatchHeader, append, load


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


# ------------------------------------------------- defects found by fuzzing (issue 19)
HEADER = MatchHeader("classical", "random", "short", 9)


def _good_line() -> dict[str, object]:
    return {
        "board": 0, "deal": "N:...", "tricks": [9, 5], "points": [[3, 0], [0, 1]],
        "times_a": [0.1], "times_b": [0.2], "plays": ["", ""], "trump_card": "S2",
    }


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("board", -1, r"'board' must be a whole number 0 or more, not -1"),
        ("board", True, r"'board' must be a whole number 0 or more, not True"),
        ("tricks", [99, 5], r"'tricks' must be two whole numbers 0 to 13, not \[99, 5\]"),
        ("tricks", [9, -50], r"'tricks' must be two whole numbers 0 to 13, not \[9, -50\]"),
        ("tricks", [9.5, 3], r"'tricks' must be two whole numbers"),
        ("points", [[3, 0]], r"'points' must be the two rooms' \[A, B\] points"),
        ("points", [[3, -1], [0, 0]], r"'points' must be two whole numbers 0 or more"),
        ("times_a", [float("nan")], r"'times_a' must be a list of times .*, not \[nan\]"),
        ("times_b", [float("inf")], r"'times_b' must be a list of times"),
        ("times_b", [-1.0], r"'times_b' must be a list of times"),
        ("plays", ["", 3], r"'plays' must be a list of the two rooms' cards"),
        ("deal", None, r"'deal' must be text, not None"),
    ],
)
def test_journal_checks_every_board_line_not_only_the_header(
    tmp_path: Path, field: str, value: object, problem: str
) -> None:
    """Fuzzing found a board of -1, tricks of 99 and -50 and NaN times accepted from a
    journal, changing the match's result.  Each is refused, naming the line and field."""
    path = tmp_path / "m.jsonl"
    good = _good_line()
    bad = {**good, "board": 1, field: value}
    lines = [json.dumps({"match": asdict(HEADER)}), json.dumps(good), json.dumps(bad)]
    path.write_text("".join(line + "\n" for line in lines))
    with pytest.raises(JournalError, match=rf"m\.jsonl: line 3 is not a board: {problem}"):
        load(path, HEADER)


def test_journal_board_given_twice_differently_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    again = {**_good_line(), "tricks": [10, 5]}
    lines = [json.dumps({"match": asdict(HEADER)}), json.dumps(_good_line()), json.dumps(again)]
    path.write_text("".join(line + "\n" for line in lines))
    with pytest.raises(JournalError, match=r"line 3 gives board 0 again, and not as before"):
        load(path, HEADER)


def test_journal_cut_short_last_line_is_dropped_with_a_warning_and_its_board_played_again(
    tmp_path: Path,
) -> None:
    """``kill -9`` while a board was written leaves its line cut short: the board is
    played again and the resumed match is the uninterrupted one."""
    whole = run_match("classical", "random", boards=3, seed=9)
    path = tmp_path / "m.jsonl"
    run_match("classical", "random", boards=3, seed=9, journal=path)
    text = path.read_text()
    last = text.splitlines()[-1]
    path.write_text(text[: len(text) - len(last) - 1] + last[: len(last) // 2])
    with pytest.warns(JournalWarning, match=r"m\.jsonl: line 4 was cut short"):
        resumed = run_match("classical", "random", boards=3, seed=9, journal=path)
    assert _key(resumed.results) == _key(whole.results)
    assert path.read_text().endswith("\n")
    assert _key(load(path, HEADER)) == _key(whole.results)


def test_journal_last_line_without_its_newline_does_not_corrupt_the_next_append(
    tmp_path: Path,
) -> None:
    whole = run_match("classical", "random", boards=3, seed=9)
    path = tmp_path / "m.jsonl"
    run_match("classical", "random", boards=2, seed=9, journal=path)
    path.write_text(path.read_text().rstrip("\n"))
    resumed = run_match("classical", "random", boards=3, seed=9, journal=path)
    assert _key(resumed.results) == _key(whole.results)
    assert len(path.read_text().splitlines()) == 4
    assert _key(load(path, HEADER)) == _key(whole.results)


_RESULTS = [
    BoardResult(k, f"N:{k}", (k % 14, 13 - k % 14), ((k, 0), (0, k)), (0.5 * k,), (1.0,))
    for k in range(4)
]


@settings(max_examples=60, deadline=None, derandomize=True)
@given(cut=st.integers(0, 10_000), more=st.integers(0, 3))
def test_journal_cut_at_any_byte_loads_its_whole_lines_and_appends_cleanly(
    cut: int, more: int
) -> None:
    """A journal cut anywhere (a process killed mid-write) loads the boards whose lines
    are whole, no others, and a later append leaves a journal every line of which reads."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.jsonl"
        append(path, HEADER, _RESULTS[:3])
        data = path.read_bytes()
        cut %= len(data) + 1
        path.write_bytes(data[:cut])
        ends_a_line = data[cut : cut + 1] == b"\n"  # only the newline is missing
        whole_lines = data[:cut].count(b"\n") + ends_a_line
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", JournalWarning)
            kept = load(path, HEADER)
        assert kept == _RESULTS[: max(0, whole_lines - 1)]
        append(path, HEADER, _RESULTS[3 : 3 + more])
        with warnings.catch_warnings():
            warnings.simplefilter("error", JournalWarning)
            assert load(path, HEADER) == kept + _RESULTS[3 : 3 + more]

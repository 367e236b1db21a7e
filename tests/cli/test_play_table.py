"""``cavendish play`` at the table (issue 19, item 3): claim, concede, undo in practice,
and the review after each hand, driven by piped input."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner, Result

from cavendish.cli.main import app
from cavendish.core.events import Claimed, TakenBack
from cavendish.io.pbn import read_pbn_file

runner = CliRunner()


def run(*args: str, input: str) -> Result:
    return runner.invoke(app, list(args), input=input)


def test_a_refused_claim_is_shown_and_play_goes_on_then_a_concession_ends_the_hand(
    tmp_path: Path,
) -> None:
    out = tmp_path / "c.pbn"
    res = run("play", "--seed", "5", "--out", str(out), input="claim\nconcede\nquit\n")
    assert res.exit_code == 0, res.output
    assert re.search(r"claims (\d+) of the last \1 tricks: refused", res.stdout)
    assert "Play goes on." in res.stdout
    assert re.search(r"concedes the last \d+ tricks", res.stdout)
    assert "double dummy from the opening lead" in res.stdout
    (first, *_) = read_pbn_file(out)
    kinds = [e for e in first.events if isinstance(e, Claimed)]
    assert [c.accepted for c in kinds] == [False, True]
    assert first.is_finished and sum(first.result().tricks) == 13


def test_undo_takes_back_in_practice_and_is_refused_otherwise(tmp_path: Path) -> None:
    out = tmp_path / "u.pbn"
    res = run("play", "--seed", "5", "--practice", "--out", str(out), input="auto\nundo\nquit\n")
    assert res.exit_code == 0, res.output
    assert "takes back" in res.stdout
    (rec,) = read_pbn_file(out)
    assert any(isinstance(e, TakenBack) for e in rec.events)
    res = run("play", "--seed", "5", "--out", str(out), input="auto\nundo\nquit\n")
    assert "only in a practice session (--practice)" in res.stdout

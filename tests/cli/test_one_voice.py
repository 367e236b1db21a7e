"""One voice (issue 19, item 5): cards written as the play screen writes them, or in
ASCII; no catalogue offsets; no doubled reasons; tidy help; --version; one message
for a missing file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cavendish import __version__
from cavendish.cli.main import app
from cavendish.cli.voice import set_ascii
from cavendish.game import play_rubber
from cavendish.io.pbn import write_pbn_file
from cavendish.players import RandomPlayer
from cavendish.players.tutor import account

runner = CliRunner()
OFFSET = re.compile(r"@\d+(\.\d+)?k|\[00\d\]|seed 00\d")
SYMBOLS = re.compile("[♠♥♦♣]")


@pytest.fixture(autouse=True)
def _default_cards() -> object:
    yield
    set_ascii(None)


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.stdout.strip() == f"cavendish {__version__}"


@pytest.mark.parametrize("command", [[], ["play"], ["analyse"], ["match"], ["odds", "table"]])
def test_help_shows_no_bool_value_and_no_sentence_broken_where_the_source_was(
    command: list[str],
) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    if command == ["play"]:
        assert "your seat is the one you ask for." in result.output


def test_ascii_writes_cards_as_letters_and_the_default_with_symbols() -> None:
    plain = runner.invoke(app, ["deal", "--seed", "4"])
    assert SYMBOLS.search(plain.stdout)
    ascii_ = runner.invoke(app, ["--ascii", "deal", "--seed", "4"])
    assert ascii_.exit_code == 0 and not SYMBOLS.search(ascii_.stdout)
    assert re.search(r"trump card [SHDC][AKQJT2-9]", ascii_.stdout)


def test_errors_write_cards_as_the_play_screen_does_and_json_keeps_st() -> None:
    out = runner.invoke(app, ["solve", "--deal", "N:A... A... J... T...", "--trump", "S",
                              "--first", "N"])
    assert "♠A is in two hands" in out.stderr
    out = runner.invoke(app, ["--ascii", "solve", "--deal", "N:A... A... J... T...",
                              "--trump", "S", "--first", "N"])
    assert "SA is in two hands" in out.stderr
    data = runner.invoke(app, ["deal", "--seed", "4", "--json"]).stdout
    assert not SYMBOLS.search(data)


@pytest.mark.parametrize(
    "args",
    [["problem", "show", "vienna"], ["problem", "show", "double-squeeze"],
     ["odds", "table", "suit-length"], ["odds", "table", "dealer-trumps"]],
)
def test_no_catalogue_offsets_in_user_output(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert not OFFSET.search(result.stdout), OFFSET.search(result.stdout)
    assert "Dick's Hand-book of Whist" in result.stdout


def test_no_doubled_reasons() -> None:
    assert account("forced", "forced") == "forced"
    text = account("fourth hand: win as cheaply as possible", "C97")
    assert text == "fourth hand: win as cheaply as possible (C97)"


def test_american_whist_score_sheet_has_no_honours_column(tmp_path: Path) -> None:
    players = [RandomPlayer(i, f"R{i}") for i in range(4)]
    path = tmp_path / "american.pbn"
    write_pbn_file(play_rubber(players, "american", seed=2).records(), path)
    sheet = runner.invoke(app, ["score", str(path)]).stdout
    assert "Tricks" in sheet and "Honours" not in sheet
    short = tmp_path / "short.pbn"
    write_pbn_file(play_rubber(players, "short", seed=2).records(), short)
    assert "Honours" in runner.invoke(app, ["score", str(short)]).stdout


@pytest.mark.parametrize("command", [["score"], ["analyse"], ["rule"]])
def test_a_missing_file_is_reported_the_same_way_by_every_command(
    command: list[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.pbn"
    result = runner.invoke(app, [*command, str(missing)])
    assert result.exit_code != 0
    assert result.stderr.strip() == f"cavendish: error: cannot read {missing}: no such file"

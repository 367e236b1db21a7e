"""``cavendish match`` read without Typer (cli.quick): the same options, defaults and
values as Typer's command, and every other line left to Typer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.main import get_command
from typer.testing import CliRunner

from cavendish.cli import match as match_cli
from cavendish.cli.quick import DEFAULTS, FLAGS, OPTIONS, parse_match


def _typer_match() -> Any:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """A root, so that match is a sub-command."""

    match_cli.register(app)
    return app, get_command(app).commands["match"]  # type: ignore[attr-defined]


def test_the_quick_reading_knows_every_option_of_typer_s_command_and_its_default():
    _, command = _typer_match()
    options: dict[str, str] = {}
    defaults: dict[str, Any] = {}
    for param in command.params:
        if param.param_type_name == "argument" or param.name == "help":
            continue
        defaults[param.name] = param.default
        for opt in [*param.opts, *param.secondary_opts]:
            options[opt] = param.name
    quick = {**{o: name for o, (name, _) in OPTIONS.items()}, **FLAGS}
    assert quick == options
    assert defaults == DEFAULTS


LINES = [
    ["classical", "random"],
    ["classical", "random", "--boards", "600", "--seed", "2024", "-q", "-w", "2"],
    ["-q", "classical", "-n", "7", "random", "--json", "-w1"],
    ["search:replies=0", "random", "--boards=3", "--seed=0", "--variant", "Whist",
     "-vlong", "--ray", "auto", "--workers=4", "--quiet"],
    ["a", "b", "--journal", "m.jsonl", "--pbn=out/m.pbn", "-n0", "-w", "0"],
    ["a", "b", "--boards", "5", "--boards", "6", "--json", "--json"],
]


@pytest.mark.parametrize("line", LINES)
def test_the_quick_reading_gives_the_values_typer_gives(line, monkeypatch):
    app, _ = _typer_match()
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(match_cli, "play_match", lambda a, b, **k: seen.append(
        {"a": a, "b": b, **k}))
    result = CliRunner().invoke(app, ["match", *line])
    assert result.exit_code == 0, result.stderr
    assert parse_match(line) == seen[0]
    assert all(type(v) is type(seen[0][k]) for k, v in parse_match(line).items())


@pytest.mark.parametrize("line", [
    ["classical", "random", "--help"],
    ["classical", "random", "--"],
    ["classical"],
    ["classical", "random", "clay"],
    ["classical", "random", "--bords", "5"],
    ["classical", "random", "--boards"],
    ["classical", "random", "--boards", "-1"],
    ["classical", "random", "--boards", "1_000"],
    ["classical", "random", "--boards", "007"],
    ["classical", "random", "--boards", " 7"],
    ["classical", "random", "--boards", "٣"],
    ["classical", "random", "-qn5"],
    ["classical", "random", "-n=5"],
    ["classical", "random", "--json=yes"],
    ["classical", "random", "--journal", ""],
    ["classical", "random", "--variant", "-x"],
    ["-", "random"],
])
def test_a_line_the_quick_reading_does_not_read_whole_is_left_to_typer(line):
    assert parse_match(line) is None


def test_a_path_is_read_as_typer_reads_it():
    values = parse_match(["a", "b", "--journal", "~/m.jsonl"])
    assert values is not None and values["journal"] == Path("~/m.jsonl")

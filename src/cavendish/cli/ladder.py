"""The ``cavendish ladder`` command: every kind of player against every other.

``cavendish ladder [KIND ...] [--boards N] [--seed S] [--variant V] [--workers K]
[--no-dd] [--json]`` plays a duplicate match between each pair of kinds (by default
the built-in kinds, random, classical, pimc and search; any ``policy:`` kind may be
named) on the same seed, and prints each kind's tricks per deal against the field,
its tricks lost against double dummy per hand and its decisions per second, then
each pair's tricks per deal with its 95% interval (:mod:`cavendish.match.ladder`).
A bad kind, variant or count is one line on stderr and exit status 2.

>>> import json
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> _ = app.callback()(lambda: None)  # a group of commands, as the cavendish command is
>>> register(app)
>>> out = CliRunner().invoke(app, ["ladder", "random", "classical", "--boards", "2",
...                                "--workers", "1", "--no-dd", "--json"]).stdout
>>> [k["kind"] for k in json.loads(out)["kinds"]]
['classical', 'random']
"""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from ..core.rules import UnknownVariant
from ..match.duplicate import MatchError
from ..match.ladder import interval_text, run_ladder
from ..players import PlayerOptionError, UnknownPlayer
from .common import fail

__all__ = ["BUILT_IN", "register"]

BUILT_IN = ("random", "classical", "pimc", "search")
"""The kinds a ladder plays when none is named."""


def ladder_command(
    kinds: Annotated[
        list[str] | None,
        typer.Argument(help="Kinds of player (default: random classical pimc search)."),
    ] = None,
    boards: Annotated[int, typer.Option("--boards", "-n", help="Deals in each match.")] = 20,
    seed: Annotated[int, typer.Option(help="Seed of every match.")] = 1,
    variant: Annotated[str, typer.Option("--variant", "-v", help="Rules.")] = "short",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes.")] = 1,
    dd: Annotated[
        bool, typer.Option("--dd/--no-dd", help="Count the tricks lost against double dummy.")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ladder as JSON.")] = False,
) -> None:
    """Every kind against every other in duplicate, on the same deals."""
    if boards < 1:
        fail(f"--boards {boards}: must be at least 1", 2)
    if workers < 1:
        fail(f"--workers {workers}: must be at least 1", 2)
    err = Console(stderr=True)
    try:
        ladder = run_ladder(
            list(kinds or BUILT_IN), boards=boards, seed=seed, variant=variant, workers=workers,
            dd=dd, progress=None if as_json else lambda what: err.print(f"playing {what}"),
        )
    except (UnknownPlayer, PlayerOptionError, UnknownVariant, MatchError) as exc:
        fail(str(exc), 2)
    if as_json:
        typer.echo(json.dumps(ladder.to_json()))
        return
    table = Table(title=f"ladder: {boards} boards each match, seed {seed}, {variant}")
    for column in ("kind", "tricks per deal v field", "DD tricks lost per hand", "decisions/s"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for row in ladder.rows:
        lost = row.lost_per_hand
        table.add_row(row.kind, f"{row.tricks:+.3f}", "-" if lost is None else f"{lost:.2f}",
                      f"{row.decisions_per_second:,.0f}")
    pairs = Table(title="each match: A's tricks per deal against B, 95% interval")
    for column in ("A", "B", "tricks per deal"):
        pairs.add_column(column)
    for p in ladder.pairs:
        pairs.add_row(p.a, p.b, interval_text(p.tricks))
    console = Console()
    console.print(table)
    console.print(pairs)


def register(app: typer.Typer) -> None:
    """Add ``ladder`` to the command line."""
    app.command("ladder")(ladder_command)

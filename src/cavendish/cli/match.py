"""The ``cavendish match`` and ``cavendish simulate rubbers`` commands.

``cavendish match A B [--boards N] [--seed S] [--variant V] [--workers K] [--ray
ADDRESS] [--journal FILE.jsonl] [--pbn FILE.pbn] [--json]`` plays a duplicate match
between two kinds of computer player (every deal twice, the teams swapping seats)
and reports A's tricks and points per deal against B's, with a 95% interval, and
each team's decision times; ``--pbn`` writes every hand played, both rooms.
``cavendish simulate rubbers --players P --rubbers N [--seed S] [--variant V]
[--json]`` plays whole rubbers and counts Perceval's figures.  Both show a
progress bar on stderr (on a terminal) and run in a process pool over every core
(``--workers``), or on Ray (``--ray ADDRESS``, if Ray is installed).  Every error
is one line on stderr, ``cavendish: error: ...``; a bad option, player or variant
exits with status 2.

>>> import json
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> register(app)
>>> out = CliRunner().invoke(app, ["match", "random", "random", "--boards", "2",
...                                "--workers", "1", "--json"]).stdout
>>> json.loads(out)["tricks_per_deal"]
0.0
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from ..core.rules import variant_names
from .match_run import check_counts, play_match, report, run_options, with_progress

if TYPE_CHECKING:
    from ..match.rubbers import RubberStats

__all__ = ["register"]

_VARIANTS = ", ".join(variant_names())


# -------------------------------------------------------------------- match
def match_command(
    a: Annotated[str, typer.Argument(help="Player A: a registered kind of player.")],
    b: Annotated[str, typer.Argument(help="Player B: a registered kind of player.")],
    boards: Annotated[
        int, typer.Option("--boards", "-n", help="Deals to play, each twice (seats swapped).")
    ] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the deals and of every player.")] = 1,
    variant: Annotated[
        str, typer.Option("--variant", "-v", help=f"Rules: {_VARIANTS}.")
    ] = "short",
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes to play in (default: every core)."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Play on the Ray cluster at ADDRESS ('auto' for a local one); needs Ray.",
        ),
    ] = None,
    journal: Annotated[
        Path | None,
        typer.Option(
            "--journal",
            metavar="FILE.jsonl",
            help="Write each board to FILE as it ends, and take the boards already in "
            "it: an interrupted match resumes.",
        ),
    ] = None,
    pbn: Annotated[
        Path | None,
        typer.Option(
            "--pbn",
            metavar="FILE.pbn",
            help="Write every hand played to FILE in PBN, both rooms of each board "
            "(for 'cavendish analyse').",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Duplicate match: A's team against B's, every deal played twice with the seats swapped.

    Reports A's tricks minus B's per deal (averaged over the two rooms) with its 95%
    interval (Student's t), the same for points (each hand scored alone from
    love-all), and each team's decision time per card (median and 95th percentile).
    The same seed gives the same match with any number of workers.
    """
    play_match(a, b, boards=boards, seed=seed, variant=variant, workers=workers, ray=ray,
               journal=journal, pbn=pbn, as_json=as_json, quiet=quiet)


# ----------------------------------------------------------------- simulate
def rubbers_command(
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            help="One kind for all four seats, 'A,B' for N-S and E-W, or four kinds N,E,S,W.",
        ),
    ] = "random",
    rubbers: Annotated[int, typer.Option("--rubbers", "-n", help="Rubbers to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the cuts, the deals and the players.")] = 1,
    variant: Annotated[
        str, typer.Option("--variant", "-v", help=f"Rules (with rubbers): {_VARIANTS}.")
    ] = "short",
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes to play in (default: every core)."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option("--ray", metavar="ADDRESS", help="Play on the Ray cluster at ADDRESS."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play whole rubbers and count what Perceval counted in his record of 16,000.

    Games per rubber, rubbers won in two games, how often the first game's winners
    win the rubber, trebles, doubles and singles, points per rubber, and how often
    the side with the first deal of a game wins it.
    """
    from ..match.rubbers import RubberError, simulate_rubbers  # not with a match's command

    check_counts("--rubbers", rubbers, workers)
    stats = with_progress(
        "rubbers", rubbers, quiet, RubberError,
        lambda progress: simulate_rubbers(
            players, rubbers=rubbers, **run_options(seed, variant, workers, ray, progress)
        ),
    )
    report(stats.to_json(), lambda: _rubber_table(stats), as_json)


def _rubber_table(stats: RubberStats) -> Table:
    seats = " ".join(
        f"{s}={'dummy' if p is None else p}" for s, p in zip("NESW", stats.players, strict=True)
    )
    table = Table(
        title=f"{stats.rubbers} rubbers of {stats.variant}, seed {stats.seed}: {seats}",
        title_justify="left",
    )
    table.add_column("figure")
    table.add_column("count", justify="right")
    table.add_column("fraction", justify="right")
    for row in stats.rows():
        table.add_row(*row)
    return table


def register(app: typer.Typer) -> None:
    """Add ``match`` and the ``simulate`` group (``rubbers``) to ``app``."""
    app.command("match")(match_command)
    simulate = typer.Typer(
        name="simulate",
        help="Simulations: whole rubbers between computer players.",
        no_args_is_help=True,
    )
    simulate.command("rubbers")(rubbers_command)
    app.add_typer(simulate, name="simulate")

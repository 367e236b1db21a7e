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

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn, TypedDict, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from ..core.rules import UnknownVariant, get_rules, variant_names
from ..io.pbn import write_pbn_file
from ..match.duplicate import MatchError, MatchResult, PlayerSpec, run_match
from ..match.parallel import RayUnavailable, default_workers, fork_prestarted
from ..match.rubbers import RubberError, RubberStats, simulate_rubbers
from ..players import PlayerOptionError, UnknownPlayer
from .common import checked_output, fail
from .terminal import progress_bar

_R = TypeVar("_R")

__all__ = ["register"]

_VARIANTS = ", ".join(variant_names())


def _fail(message: str, status: int = 2) -> NoReturn:
    fail(message, status)


def _check_counts(option: str, value: int, workers: int | None) -> None:
    if value < 1:
        _fail(f"{option} {value}: must be at least 1")
    if workers is not None and workers < 1:
        _fail(f"--workers {workers}: must be at least 1")


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
    _check_counts("--boards", boards, workers)
    checked_output(pbn, "--pbn")
    checked_output(journal, "--journal")

    def play(progress: Callable[[int], None] | None) -> MatchResult:
        options = _run_options(seed, variant, workers, ray, progress)
        _fork_ahead(a.strip(), b.strip(), options)
        return run_match(a.strip(), b.strip(), boards=boards, journal=journal, **options)

    result = _with_progress("boards", boards, quiet, MatchError, play)
    _report(result.to_json(), _match_table(result), as_json)
    if pbn is not None:
        _write_hands(result, pbn)


def _fork_ahead(a: str, b: str, options: _RunOptions) -> None:
    """The pool the console script started early (:mod:`cavendish.cli.launch`) forked
    now that the command line is checked, the kinds and the variant too (the errors
    :func:`run_match` would raise, before any worker starts): a refused command line
    forks none, and ends as fast as with one worker."""
    PlayerSpec.named(a)
    PlayerSpec.named(b)
    get_rules(options["variant"])
    if options["ray_address"] is None:
        fork_prestarted(options["workers"])


def _write_hands(result: MatchResult, path: Path) -> None:
    """Both rooms of every board to ``path`` in PBN; a warning for boards whose play
    the journal did not keep."""
    try:
        records = result.records()
    except MatchError as exc:
        _fail(f"--pbn {path}: {exc}", 1)
    missing = result.boards - len(records) // 2
    if missing:
        Console(stderr=True, highlight=False).print(
            f"cavendish: warning: {missing} boards came from a journal that did not keep "
            f"the play; {path} has the other {len(records) // 2}",
            markup=False, soft_wrap=True,
        )
    try:
        write_pbn_file(records, path)
    except OSError as exc:
        _fail(f"--pbn {path}: cannot write the hands: {exc.strerror or exc}", 1)


class _RunOptions(TypedDict):
    seed: int
    variant: str
    workers: int
    ray_address: str | None
    progress: Callable[[int], None] | None


def _run_options(
    seed: int, variant: str, workers: int | None, ray: str | None,
    progress: Callable[[int], None] | None,
) -> _RunOptions:
    """The options a match and a rubber simulation share, as the library takes them."""
    return _RunOptions(seed=seed, variant=variant.strip().lower(),
                       workers=workers or default_workers(), ray_address=ray, progress=progress)


def _with_progress(
    label: str,
    total: int,
    quiet: bool,
    refused: type[Exception],
    work: Callable[[Callable[[int], None] | None], _R],
) -> _R:
    """``work(progress)`` under a progress bar of ``total`` ``label``; an unknown player
    or variant, a refused request (``refused``) or a missing Ray exits with status 2,
    any other ``ValueError`` with 1."""
    with progress_bar(label, total, quiet) as progress:
        try:
            return work(progress)
        except (UnknownPlayer, PlayerOptionError, UnknownVariant, refused, RayUnavailable) as exc:
            _fail(str(exc))
        except ValueError as exc:
            _fail(str(exc), 1)


def _report(figures: object, table: Table, as_json: bool) -> None:
    """The figures as one line of JSON, or the table."""
    if as_json:
        typer.echo(json.dumps(figures))
    else:
        Console(highlight=False).print(table)


def _interval(bounds: list[float] | None) -> str:
    return "-" if bounds is None else f"[{bounds[0]:+.3f}, {bounds[1]:+.3f}]"


def _match_table(result: MatchResult) -> Table:
    table = Table(
        title=f"{result.a} (A) against {result.b} (B): {result.boards} boards of "
        f"{result.variant}, seed {result.seed}",
        title_justify="left",
    )
    table.add_column("per deal, A minus B")
    table.add_column("mean", justify="right")
    table.add_column("95% interval", justify="right")
    tricks, points = result.tricks, result.points
    table.add_row("tricks", f"{tricks.mean:+.3f}", _interval(tricks.bounds))
    table.add_row("points", f"{points.mean:+.3f}", _interval(points.bounds))
    for team, name in (("a", result.a), ("b", result.b)):
        t = result.decision_times("a" if team == "a" else "b")
        table.add_row(
            f"decision ms, {team.upper()} ({name})",
            f"median {t.median:.3f}",
            f"p95 {t.p95:.3f} ({t.cards} cards)",
        )
    return table


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
    _check_counts("--rubbers", rubbers, workers)
    stats = _with_progress(
        "rubbers", rubbers, quiet, RubberError,
        lambda progress: simulate_rubbers(
            players, rubbers=rubbers, **_run_options(seed, variant, workers, ray, progress)
        ),
    )
    _report(stats.to_json(), _rubber_table(stats), as_json)


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

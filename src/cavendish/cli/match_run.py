"""The work of ``cavendish match`` once its command line is read, and what it shares
with ``cavendish simulate rubbers``: the progress bar, the options as the library
takes them, the report.

Design note
-----------
This module imports neither Typer nor Rich: :mod:`cavendish.cli.match` declares the
commands to Typer and calls :func:`play_match`, and :mod:`cavendish.cli.quick` calls
it without Typer for a command line it reads whole (some 0.2 s of CPU before the
first board, serial in ``-w 1`` and ``-w K`` alike).  Rich is imported where the
output needs it: the table (not with ``--json``), the progress bar (not with
``--quiet``), a warning or an error (:func:`~cavendish.cli.common.fail`); the PBN
writer only with ``--pbn``.  The errors and their exit statuses are the command's:
an unknown player or variant, a refused request or a missing Ray exit with status 2,
any other ``ValueError`` with 1.

>>> import contextlib, io, json
>>> out = io.StringIO()
>>> with contextlib.redirect_stdout(out):
...     play_match("random", "random", boards=2, workers=1, as_json=True, quiet=True)
>>> json.loads(out.getvalue())["boards"]
2
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn, TypedDict, TypeVar

from ..core.rules import UnknownVariant, get_rules
from ..match.duplicate import MatchError, MatchResult, PlayerSpec, run_match
from ..match.parallel import RayUnavailable, default_workers, fork_prestarted
from ..players import PlayerOptionError, UnknownPlayer
from .common import checked_output, fail

if TYPE_CHECKING:
    from rich.table import Table

_R = TypeVar("_R")

__all__ = ["RunOptions", "check_counts", "play_match", "report", "run_options", "with_progress"]


def _fail(message: str, status: int = 2) -> NoReturn:
    fail(message, status)


def check_counts(option: str, value: int, workers: int | None) -> None:
    """A count (``--boards``, ``--rubbers``) and ``--workers`` at least 1, or the
    usage error (status 2)."""
    if value < 1:
        _fail(f"{option} {value}: must be at least 1")
    if workers is not None and workers < 1:
        _fail(f"--workers {workers}: must be at least 1")


def play_match(
    a: str,
    b: str,
    boards: int = 100,
    seed: int = 1,
    variant: str = "short",
    workers: int | None = None,
    ray: str | None = None,
    journal: Path | None = None,
    pbn: Path | None = None,
    as_json: bool = False,
    quiet: bool = False,
) -> None:
    """``cavendish match A B``: the match played and reported, the hands written to
    ``pbn`` (the command's options, by the names its function takes)."""
    check_counts("--boards", boards, workers)
    checked_output(pbn, "--pbn")
    checked_output(journal, "--journal")

    def play(progress: Callable[[int], None] | None) -> MatchResult:
        options = run_options(seed, variant, workers, ray, progress)
        _fork_ahead(a.strip(), b.strip(), options)
        return run_match(a.strip(), b.strip(), boards=boards, journal=journal, **options)

    result = with_progress("boards", boards, quiet, MatchError, play)
    report(result.to_json(), lambda: _match_table(result), as_json)
    if pbn is not None:
        _write_hands(result, pbn)


def _fork_ahead(a: str, b: str, options: RunOptions) -> None:
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
    from rich.console import Console

    from ..io.pbn import write_pbn_file

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


class RunOptions(TypedDict):
    """The options a match and a rubber simulation share, as the library takes them."""

    seed: int
    variant: str
    workers: int
    ray_address: str | None
    progress: Callable[[int], None] | None


def run_options(
    seed: int, variant: str, workers: int | None, ray: str | None,
    progress: Callable[[int], None] | None,
) -> RunOptions:
    """The options a match and a rubber simulation share, as the library takes them."""
    return RunOptions(seed=seed, variant=variant.strip().lower(),
                      workers=workers or default_workers(), ray_address=ray, progress=progress)


def with_progress(
    label: str,
    total: int,
    quiet: bool,
    refused: type[Exception],
    work: Callable[[Callable[[int], None] | None], _R],
) -> _R:
    """``work(progress)`` under a progress bar of ``total`` ``label``; an unknown player
    or variant, a refused request (``refused``) or a missing Ray exits with status 2,
    any other ``ValueError`` with 1.  With ``quiet``, no bar, nor Rich imported."""
    if quiet:
        bar: contextlib.AbstractContextManager[Callable[[int], None] | None] = (
            contextlib.nullcontext(None))
    else:
        from .terminal import progress_bar

        bar = progress_bar(label, total, quiet)
    with bar as progress:
        try:
            return work(progress)
        except (UnknownPlayer, PlayerOptionError, UnknownVariant, refused, RayUnavailable) as exc:
            _fail(str(exc))
        except ValueError as exc:
            _fail(str(exc), 1)


def report(figures: object, table: Callable[[], Table], as_json: bool) -> None:
    """The figures as one line of JSON, or the table (made, and Rich imported, only
    then)."""
    if as_json:
        print(json.dumps(figures), flush=True)  # as typer.echo wrote it
    else:
        from rich.console import Console

        Console(highlight=False).print(table())


def _interval(bounds: list[float] | None) -> str:
    return "-" if bounds is None else f"[{bounds[0]:+.3f}, {bounds[1]:+.3f}]"


def _match_table(result: MatchResult) -> Table:
    from rich.table import Table

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

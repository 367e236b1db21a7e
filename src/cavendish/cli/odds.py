"""The ``cavendish odds`` commands: Pole's tables recomputed, and questions about unseen hands.

``cavendish odds table NAME [--json] [--plot FILE.png] [--samples N] [--seed S]
[--school modern|old]`` prints one of Pole's
tables (``suit-length``, ``dealer-trumps``, ``other-trumps``, ``goes-round``,
``ace-lead``, ``king-second``, ``hands-and-deals``) with the exact value of each
row beside the printed figure (the rows that depend on play simulated with the
classical player of the school given); ``cavendish odds ask --seat N --hand ... --dealer S
--trump-card C3 [--played ...] "E has 4+ C"`` gives the probability of a statement
about the hands a seat cannot see; ``cavendish odds record [--rubbers N]
[--players P] [--seed S] [--json] [--plot FILE.png]`` plays rubbers of short whist
between computer players and sets the results beside Perceval's record of 16,000
rubbers and Pole's figures.  Every error in the input is one line on stderr,
``cavendish: error: ...``, with exit status 2.

>>> import json
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> register(app)
>>> out = CliRunner().invoke(app, ["odds", "table", "hands-and-deals", "--json"]).output
>>> [r["agrees"] for r in json.loads(out)["rows"]]
[True, True]
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.table import Table as RichTable

from ..core.cards import Card, CardParseError, Seat
from ..match.parallel import RayUnavailable, default_workers
from ..odds.ask import Knowledge, PlayError, ask, parse_hand
from ..odds.record import OddsRecordError, Record, simulate_record
from ..odds.tables import TABLE_NAMES, build_table
from ..players import PlayerOptionError, UnknownPlayer
from .common import checked_output, fail
from .terminal import progress_bar
from .voice import say

__all__ = ["register"]

_NAMES = ", ".join(TABLE_NAMES)


def _fail(message: str, status: int = 2) -> NoReturn:
    fail(message, status)


def table(
    name: Annotated[str, typer.Argument(help=f"The table: {_NAMES}.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Also draw the computed against the printed values (PNG)."),
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option(help="Deals counted by the simulated tables (ace-lead, king-second)."),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the simulated tables.")] = 1,
    school: Annotated[
        str,
        typer.Option(
            help="The classical player's school for the simulated tables: modern "
            "(American leads, the fourth best) or old (the lowest)."
        ),
    ] = "modern",
) -> None:
    """Pole's probabilities: each row's exact value beside the figure 001 prints.

    Exact values are fractions (shown also as decimals); rows that depend on play
    are simulated, seeded, with a 95% interval.  A row is flagged where the printed
    figure disagrees with the computed one beyond the printed rounding.
    """
    checked_output(plot, "--plot")
    if samples is not None and samples < 1:
        _fail(f"--samples must be positive, not {samples}")
    try:
        t = build_table(
            name.strip().lower(), samples=samples, seed=seed, school=school.strip().lower()
        )
    except ValueError as exc:
        _fail(str(exc))
    if plot is not None:
        from ..odds.plot import plot_table

        try:
            plot_table(t, plot)
        except (OSError, ValueError) as exc:
            _fail(f"--plot {str(plot)!r}: {exc}", 1)
    if as_json:
        typer.echo(json.dumps(t.to_json(), indent=2, ensure_ascii=False))
    else:
        typer.echo(say(t.render()))


def ask_command(
    question: Annotated[
        str,
        typer.Argument(
            help="A statement: 'E has 4+ C', 'W has 2- H', 'S has 3 D', 'W has the HK', "
            "'E has no S', joined with and / or (also not, parentheses)."
        ),
    ],
    seat: Annotated[str, typer.Option("--seat", help="The seat asking: N, E, S or W.")],
    hand: Annotated[str, typer.Option("--hand", help="Its hand in PBN, as N:AK72.QJ4.T9.8765.")],
    dealer: Annotated[str, typer.Option("--dealer", help="The dealer: N, E, S or W.")],
    trump_card: Annotated[str, typer.Option("--trump-card", help="The card turned up, as C3.")],
    played: Annotated[
        str,
        typer.Option("--played", help="The cards played so far, in order from the opening lead."),
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    samples: Annotated[
        int, typer.Option(help="Layouts drawn where exact counting is out of reach.")
    ] = 20_000,
    seed: Annotated[int, typer.Option(help="Seed of the Monte Carlo estimate.")] = 0,
) -> None:
    """The probability of a statement about the unseen hands, given all the seat knows.

    The seat knows its own hand, the trump card (in the dealer's hand until he plays
    it), every card played and every failure to follow suit.  Exact by counting the
    layouts of the unseen cards; by Monte Carlo, with a 95% interval, only where
    exact counting is out of reach.
    """
    if samples < 1:
        _fail(f"--samples must be positive, not {samples}")
    me = _seat("--seat", seat)
    dealer_seat = _seat("--dealer", dealer)
    try:
        mask = parse_hand(hand, me)
    except ValueError as exc:
        _fail(f"--hand: {exc}")
    try:
        turned = Card.parse(trump_card)
    except ValueError as exc:
        _fail(f"--trump-card: {exc}")
    try:
        knowledge = Knowledge.from_play(
            me, mask, dealer=dealer_seat, trump_card=turned, played=played
        )
    except PlayError as exc:
        _fail(f"--played: {exc}")
    except ValueError as exc:
        _fail(str(exc))
    try:
        answer = ask(knowledge, question, samples=samples, seed=seed)
    except ValueError as exc:
        _fail(str(exc))
    if as_json:
        typer.echo(json.dumps(answer.to_json()))
    else:
        typer.echo(knowledge.describe())
        typer.echo(str(answer))


def _seat(option: str, value: str) -> Seat:
    try:
        return Seat.parse(value)
    except CardParseError as exc:
        _fail(f"{option}: {exc}")


def record_command(
    rubbers: Annotated[int, typer.Option("--rubbers", "-n", help="Rubbers to play.")] = 200,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            help="One kind for all four seats, 'A,B' for N-S and E-W, or four kinds N,E,S,W "
            "(default: classical if registered, else random).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the cuts, the deals and the players.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option("--plot", help="Also draw the simulated against the printed values (PNG)."),
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", help="Processes to play in (default: every core)."),
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option("--ray", metavar="ADDRESS", help="Play on the Ray cluster at ADDRESS."),
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Simulated rubbers of short whist beside Perceval's record of 16,000 and Pole's figures.

    Rubbers won in two games, the first game's winners winning the rubber, trebles,
    doubles and singles, points per rubber, a game won with and without its first
    deal, and the first deals that fell to one side: each printed value beside the
    simulated one, its 95% interval, and whether the printed value lies inside it.
    """
    checked_output(plot, "--plot")
    if rubbers < 1:
        _fail(f"--rubbers {rubbers}: must be at least 1")
    if workers is not None and workers < 1:
        _fail(f"--workers {workers}: must be at least 1")
    with progress_bar("rubbers", rubbers, quiet) as progress:
        try:
            rec = simulate_record(
                players,
                rubbers=rubbers,
                seed=seed,
                workers=workers or default_workers(),
                ray_address=ray,
                progress=progress,
            )
        except (UnknownPlayer, PlayerOptionError, OddsRecordError, RayUnavailable) as exc:
            _fail(str(exc))
        except ValueError as exc:
            _fail(str(exc), 1)
    if plot is not None:
        from ..odds.plot import plot_record

        try:
            plot_record(rec, plot)
        except (OSError, ValueError) as exc:
            _fail(f"--plot {str(plot)!r}: {exc}", 1)
    if as_json:
        typer.echo(json.dumps(rec.to_json(), ensure_ascii=False))
    else:
        console = Console(highlight=False)
        console.print(f"players: {rec.describe_players()}", soft_wrap=True)
        console.print(_record_table(rec))
        console.print(
            f"counted over {rec.rubbers} rubbers or {rec.stats.games} games; "
            "--json gives the counts",
            soft_wrap=True,
        )
        for r in rec.rows:
            for value, text in r.also_printed:
                console.print(f"{r.key}: also printed {value:.4f} ({text})", soft_wrap=True)
            if r.note:
                console.print(f"{r.key}: {r.note}", soft_wrap=True)


def _record_table(rec: Record) -> RichTable:
    table = RichTable(
        title=f"{rec.rubbers} rubber{'s' if rec.rubbers != 1 else ''} of short whist "
        f"({rec.stats.games} games), seed {rec.seed}",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        padding=(0, 1),
        pad_edge=False,
        show_edge=False,
    )
    table.add_column("figure", no_wrap=True)
    table.add_column("printed", justify="right", no_wrap=True)
    table.add_column("simulated", justify="right", no_wrap=True)
    table.add_column("95% interval", justify="right", no_wrap=True)
    table.add_column("agrees", no_wrap=True)
    for r in rec.rows:
        interval = "-" if r.ci95 is None else f"{r.ci95[0]:.4f}..{r.ci95[1]:.4f}"
        verdict = {True: "yes", False: "NO", None: "-"}[r.agrees]
        printed = f"{r.printed:.4f}" + ("*" if r.derived else "")
        table.add_row(r.label, printed, f"{r.simulated:.4f}", interval, verdict)
    table.caption = "* derived, not printed: see the notes below"
    return table


def register(app: typer.Typer) -> None:
    """Add the ``odds`` command group (``table``, ``ask``, ``record``) to ``app``."""
    odds = typer.Typer(
        name="odds",
        help="Probabilities: Pole's tables recomputed exactly; questions about unseen hands; "
        "simulated rubbers beside Perceval's record.",
        no_args_is_help=True,
    )
    odds.command("table")(table)
    odds.command("ask")(ask_command)
    odds.command("record")(record_command)
    app.add_typer(odds, name="odds")

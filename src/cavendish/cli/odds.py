"""The ``cavendish odds`` commands: Pole's tables recomputed, and questions about unseen hands.

``cavendish odds table NAME [--json] [--plot FILE.png]`` prints one of Pole's
tables (``suit-length``, ``dealer-trumps``, ``other-trumps``, ``goes-round``,
``ace-lead``, ``king-second``, ``hands-and-deals``) with the exact value of each
row beside the printed figure; ``cavendish odds ask --seat N --hand ... --dealer S
--trump-card C3 [--played ...] "E has 4+ C"`` gives the probability of a statement
about the hands a seat cannot see.  Every error in the input is one line on
stderr, ``cavendish: error: ...``, with exit status 2.

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
from rich.console import Console

from ..core.cards import Card, CardParseError, Seat
from ..odds.ask import Knowledge, PlayError, ask, parse_hand
from ..odds.tables import TABLE_NAMES, build_table

__all__ = ["register"]

_NAMES = ", ".join(TABLE_NAMES)


def _fail(message: str, status: int = 2) -> NoReturn:
    Console(stderr=True, highlight=False).print(
        f"cavendish: error: {message}", markup=False, soft_wrap=True
    )
    raise typer.Exit(status)


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
) -> None:
    """Pole's probabilities: each row's exact value beside the figure 001 prints.

    Exact values are fractions (shown also as decimals); rows that depend on play
    are simulated, seeded, with a 95% interval.  A row is flagged where the printed
    figure disagrees with the computed one beyond the printed rounding.
    """
    if samples is not None and samples < 1:
        _fail(f"--samples must be positive, not {samples}")
    try:
        t = build_table(name.strip().lower(), samples=samples, seed=seed)
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
        typer.echo(t.render())


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


def register(app: typer.Typer) -> None:
    """Add the ``odds`` command group (``table``, ``ask``) to ``app``."""
    odds = typer.Typer(
        name="odds",
        help="Probabilities: Pole's tables recomputed exactly; questions about unseen hands.",
        no_args_is_help=True,
    )
    odds.command("table")(table)
    odds.command("ask")(ask_command)
    app.add_typer(odds, name="odds")

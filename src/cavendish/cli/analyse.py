"""``cavendish analyse FILE.pbn``: the double-dummy cost of every card of every board.

For each board: the double-dummy value at the start (tricks the eldest hand's
side can take), what each side made, the tricks each side's errors cost, and a
table of every card: trick, seat, card, cost (tricks lost against the best card
at that point) and a mark, ``?`` for one trick lost and ``??`` for two or more.
``--json`` prints the same as one JSON object (its shape is in docs/problems.md).
``--by-team``, for the PBN file of a duplicate match (``cavendish match ... --pbn``),
prints instead where each team's cards lost tricks: the costs summed by phase
and position, A's gain over B in each, with its standard error over the boards
(:mod:`cavendish.analysis.teams`).
Boards are solved in parallel (``--workers``, default: every core; or on Ray with
``--ray ADDRESS``), with a progress bar on stderr when stderr is a terminal.

>>> import typer
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> @app.callback()
... def main() -> None: ...
>>> register(app)
>>> result = CliRunner().invoke(app, ["analyse", "no-such-file.pbn"])
>>> result.exit_code, "no such file" in result.output
(1, True)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..analysis.annotate import BoardAnnotation, annotate_record
from ..analysis.position import PositionError
from ..analysis.teams import TeamsError, team_breakdown
from ..core.cards import Seat
from ..io.pbn import PBNError, read_pbn_file
from ..io.record import HandRecord, RecordError
from ..match.parallel import RayUnavailable, run_tasks
from .common import fail, read_error
from .voice import card_label, say

__all__ = ["format_board", "format_mistakes", "lost_by_player", "mistakes_json", "register"]


def _fail(message: str, status: int) -> NoReturn:
    fail(message, status)


def format_board(ann: BoardAnnotation) -> str:
    """One board as text: a summary, then a table of the cards."""
    eldest = ann.eldest
    lost_ns, lost_ew = ann.lost
    lines = [
        f"Board {ann.board}: dealer {ann.dealer}, trumps {ann.trump_card.suit.word} "
        f"(turned up {card_label(ann.trump_card)}), {eldest} leads",
        f"  double dummy at the start: {eldest.side} {ann.dd_start} tricks "
        f"({eldest.side.other} {13 - ann.dd_start})",
        f"  made: NS {ann.made[0]}, EW {ann.made[1]}"
        + ("" if ann.finished else f" (unfinished; double dummy now NS {ann.dd_now[0]})"),
        f"  tricks lost by errors: NS {lost_ns}, EW {lost_ew}",
    ]
    if ann.stopped:
        lines.append(say(f"  stopped: {ann.stopped}"))
    lines.append(f"  {'trick':>5}  {'seat':<4}  {'card':<4}  {'cost':>4}  mark")
    for n in ann.cards:
        lines.append(
            f"  {n.trick:>5}  {n.seat.name:<4}  {card_label(n.card):<4}  {n.cost:>4}  {n.mark}"
        )
    return "\n".join(lines)


def lost_by_player(ann: BoardAnnotation, rec: HandRecord) -> dict[Seat, int]:
    """Each player's tricks lost against double dummy in the hand, by his seat: a
    dummy's cards count to its partner, who chose them."""
    out: dict[Seat, int] = {}
    for seat, k in ann.lost_by_seat().items():
        who = seat.partner if seat in rec.dummies else seat
        out[who] = out.get(who, 0) + k
    return out


def format_mistakes(ann: BoardAnnotation, rec: HandRecord) -> str:
    """One board's mistakes: only the cards that cost a trick or more double dummy,
    each with the better card(s), then each player's tricks lost against double dummy."""
    players = rec.players
    lines = [f"Board {ann.board}: {len(ann.mistakes) or 'no'} card"
             f"{'' if len(ann.mistakes) == 1 else 's'} lost a trick or more double dummy"]
    for n in ann.mistakes:
        better = " or ".join(card_label(c) for c in n.best_cards)
        lines.append(
            f"  trick {n.trick:>2}  {_who(n.seat, players)} played {card_label(n.card)}: "
            f"{n.cost} trick{'' if n.cost == 1 else 's'} lost; better {better}"
        )
    lost = lost_by_player(ann, rec)
    lines.append(
        "  tricks lost against double dummy: "
        + ", ".join(f"{_who(seat, players)} {k}" for seat, k in lost.items())
    )
    return "\n".join(lines)


def mistakes_json(ann: BoardAnnotation, rec: HandRecord) -> dict[str, Any]:
    """One board's mistakes as JSON data (cards as ``ST``)."""
    players = rec.players
    lost = lost_by_player(ann, rec)
    return {
        "board": ann.board,
        "mistakes": [
            {
                "trick": n.trick,
                "seat": n.seat.name,
                "player": players[n.seat],
                "card": str(n.card),
                "cost": n.cost,
                "better": [str(c) for c in n.best_cards],
            }
            for n in ann.mistakes
        ],
        "lost": {seat.name: {"player": players[seat], "tricks": k} for seat, k in lost.items()},
    }


def _who(seat: Seat, players: tuple[str, str, str, str]) -> str:
    return f"{seat} ({players[seat]})" if players[seat] else str(seat)


def _totals(
    annotations: list[BoardAnnotation], records: list[HandRecord]
) -> dict[tuple[str, str], int]:
    """Tricks lost against double dummy over the file, by (seat, player)."""
    out: dict[tuple[str, str], int] = {}
    for ann, rec in zip(annotations, records, strict=True):
        for seat, k in lost_by_player(ann, rec).items():
            key = (str(seat), rec.players[seat])
            out[key] = out.get(key, 0) + k
    return out


def register(app: typer.Typer) -> None:
    """Add the ``analyse`` command to ``app``."""

    @app.command("analyse")
    def analyse_cmd(
        file: Annotated[Path, typer.Argument(help="A PBN file of played hands.")],
        as_json: Annotated[
            bool, typer.Option("--json", help="Print one JSON object (see docs/problems.md).")
        ] = False,
        workers: Annotated[
            int | None,
            typer.Option("--workers", help="Processes to solve boards in (default: every core)."),
        ] = None,
        by_team: Annotated[
            bool,
            typer.Option(
                "--by-team",
                help="For a duplicate match's file: each team's costs by phase and position.",
            ),
        ] = False,
        mistakes: Annotated[
            bool,
            typer.Option(
                "--mistakes",
                help="Only the cards that cost a trick or more double dummy, each with the "
                "better card, and each player's tricks lost per hand.",
            ),
        ] = False,
        ray: Annotated[
            str | None,
            typer.Option("--ray", metavar="ADDRESS", help="Solve on the Ray cluster at ADDRESS."),
        ] = None,
    ) -> None:
        """The double-dummy cost of every card of every board of FILE.

        JSON: {"file", "boards": [{"board", "dealer", "trump", "trump_card",
        "eldest", "dd_start": {"side", "tricks"}, "dd_start_ns", "made": {"NS",
        "EW"}, "lost": {"NS", "EW"}, "dd_now": {"NS", "EW"}, "finished",
        "stopped", "cards": [{"index", "trick", "seat", "side", "card", "cost",
        "mark", "best", "got", "best_cards"}]}]}.  With --by-team: {"file",
        "teams", "boards", "tricks_per_deal", "rows": [{"where", "lost": {team:
        tricks}, "gain", "se"}]}.
        """
        if workers is not None and workers < 1:
            _fail(f"--workers {workers}: must be at least 1", 2)
        try:
            records = read_pbn_file(file)
        except (OSError, UnicodeDecodeError) as exc:
            _fail(read_error(file, exc), 1)
        except (PBNError, RecordError) as exc:
            _fail(f"{file}: malformed PBN: {exc}" if str(file) not in str(exc) else str(exc), 1)
        if not records:
            _fail(f"{file}: no board in the file", 1)
        for rec in records:
            _check(rec, file)
        try:
            annotations = _run(records, workers or os.cpu_count() or 1, ray)
        except (RecordError, PositionError) as exc:
            _fail(f"{file}: {exc}", 1)
        except RayUnavailable as exc:
            _fail(str(exc), 2)
        if by_team:
            try:
                breakdown = team_breakdown(records, annotations)
            except TeamsError as exc:
                _fail(f"{file}: not a duplicate match between two teams: {exc}", 1)
            if as_json:
                typer.echo(json.dumps({"file": str(file), **breakdown.to_json()}))
            else:
                typer.echo(breakdown.format())
            return
        if mistakes:
            pairs = list(zip(annotations, records, strict=True))
            if as_json:
                typer.echo(json.dumps({
                    "file": str(file),
                    "boards": [mistakes_json(a, r) for a, r in pairs],
                }, ensure_ascii=False))
                return
            blocks = [format_mistakes(a, r) for a, r in pairs]
            totals = _totals(annotations, records)
            blocks.append("Over the file, tricks lost against double dummy: " + ", ".join(
                f"{seat} ({name}) {k}" if name else f"{seat} {k}"
                for (seat, name), k in totals.items()
            ))
            typer.echo("\n\n".join(blocks))
            return
        if as_json:
            typer.echo(
                json.dumps(
                    {"file": str(file), "boards": [a.to_json() for a in annotations]},
                    ensure_ascii=False,
                )
            )
            return
        typer.echo("\n\n".join(format_board(a) for a in annotations))


def _check(rec: HandRecord, file: Path) -> None:
    try:
        rec.replay()
    except RecordError as exc:
        _fail(f"{file}: {exc}", 1)


def _run(records: list[HandRecord], workers: int, ray: str | None) -> list[BoardAnnotation]:
    """Every board annotated: in this process, a pool of ``workers`` or on Ray."""
    console = Console(stderr=True)
    if len(records) < 2 or not console.is_terminal:
        return run_tasks(annotate_record, records, workers=workers, ray_address=ray)
    with Progress(
        TextColumn("analysing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task("boards", total=len(records))
        done = 0

        def advance(_: int, __: BoardAnnotation) -> None:
            nonlocal done
            done += 1
            bar.update(task, completed=done)

        return run_tasks(
            annotate_record, records, workers=workers, ray_address=ray, on_done=advance
        )

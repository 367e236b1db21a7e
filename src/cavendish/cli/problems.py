"""``cavendish problem``: list, show and play the library of double-dummy problems.

``problem list`` names every problem with its goal; ``problem show NAME`` draws the
four hands and states the trumps, the leader, the goal and the source (with
``--solution``, the printed lines of play too); ``problem play NAME`` lets you play
the goal side's cards, both hands of it, against the solver's best defence and
tells you after each card whether the goal is still within reach and, the moment
it is not, every card that would have kept it.

>>> import typer
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> register(app)
>>> out = CliRunner().invoke(app, ["problem", "list"]).output
>>> out.splitlines()[0].split()[:2]
['vienna', 'The']
"""

from __future__ import annotations

import secrets
import sys
from typing import Annotated, NoReturn

import typer

from ..analysis.problems import (
    Problem,
    ProblemError,
    ProblemSession,
    UnknownProblem,
    Verdict,
    format_line,
    list_problems,
    load_problem,
)
from ..core.cards import Card, CardParseError, Seat, Suit, cards_of
from .common import fail
from .voice import card_label, rank_label, say, suit_label

__all__ = ["register"]


def _fail(message: str, status: int) -> NoReturn:
    fail(message, status)


def _problem(name: str) -> Problem:
    try:
        return load_problem(name)
    except UnknownProblem as exc:
        _fail(str(exc), 2)
    except ProblemError as exc:  # a damaged library file
        _fail(str(exc), 1)


def diagram(problem: Problem) -> str:
    """The four hands, North at the top, with the trumps, the leader and the goal.

    >>> print(diagram(load_problem("simple-squeeze")))  # doctest: +NORMALIZE_WHITESPACE
    The simple squeeze
    <BLANKLINE>
                          North
                          ♠ A 2  ♥ —  ♦ 3  ♣ —
    West                                        East
    ♠ K Q  ♥ —  ♦ K  ♣ —                        ♠ —  ♥ —  ♦ —  ♣ 7 6 5
                          South
                          ♠ 3  ♥ 5  ♦ Q  ♣ —
    <BLANKLINE>
    Trumps: hearts. South leads. Goal: NS to take all 3 tricks.
    """
    pad = 22
    west, east = hand_text(problem.hands[Seat.W]), hand_text(problem.hands[Seat.E])
    gap = max(44, len(west) + 4)
    lines = [
        problem.title,
        "",
        " " * pad + "North",
        " " * pad + hand_text(problem.hands[Seat.N]),
        "West".ljust(gap) + "East",
        west.ljust(gap) + east,
        " " * pad + "South",
        " " * pad + hand_text(problem.hands[Seat.S]),
        "",
        f"Trumps: {problem.trump.word}. {problem.leader.word} leads. Goal: {problem.goal_text}.",
    ]
    return "\n".join(lines)


def hand_text(mask: int) -> str:
    """A hand by suit on one line, as the play screen writes cards: ``♠ A 2  ♥ —``
    (``S A 2  H —`` in ASCII)."""
    out: list[str] = []
    for suit in Suit:
        ranks = [c for c in reversed(cards_of(mask)) if c.suit == suit]
        body = " ".join(rank_label(c) for c in ranks) or "—"
        out.append(f"{suit_label(suit)} {body}")
    return "  ".join(out)


def _cards(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(_symbol(c) for c in cards)


def _symbol(card: Card) -> str:
    return card_label(card)


def register(app: typer.Typer) -> None:
    """Add the ``problem`` command group (list, show, play) to ``app``."""
    group = typer.Typer(
        name="problem",
        help="The library of double-dummy problems: list, show and play them.",
        no_args_is_help=True,
        add_completion=False,
    )

    @group.command("list")
    def list_cmd() -> None:
        """List the problems: name, title and goal."""
        problems = list_problems()
        width = max(len(p.name) for p in problems)
        for p in problems:
            typer.echo(f"{p.name.ljust(width)}  {p.title} ({p.goal_text}; trumps {p.trump.word})")

    @group.command("show")
    def show_cmd(
        name: Annotated[str, typer.Argument(help="The problem's name (see `problem list`).")],
        solution: Annotated[
            bool, typer.Option("--solution", help="Also print the solution and the tries.")
        ] = False,
    ) -> None:
        """Show a problem: the four hands, trumps, who leads, the goal and the source."""
        p = _problem(name)
        typer.echo(diagram(p))
        if p.source:
            typer.echo(say(f"Source: {p.source}."))
        if not solution:
            return
        for line in p.lines:
            label = "Solution" if line.kind == "solution" else "Try (it fails)"
            typer.echo("")
            typer.echo(f"{label} {line.name}:")
            if line.note:
                typer.echo(say("  " + line.note.replace("\n", "\n  ")))
            for row in format_line(p, line):
                typer.echo("  " + row)
        if any(line.supplied for line in p.lines):
            typer.echo("")
            typer.echo("Cards in brackets are not named by the source; the editor chose them.")
        if p.commentary:
            typer.echo("")
            typer.echo(say(p.commentary))

    @group.command("play")
    def play_cmd(
        name: Annotated[str, typer.Argument(help="The problem's name (see `problem list`).")],
        seed: Annotated[
            int | None,
            typer.Option("--seed", help="Seed for the defence's choice among equal cards."),
        ] = None,
    ) -> None:
        """Play the goal side's cards (both hands) against the solver's best defence.

        Type one card a line (SA, as, ♠A, s10); end of input (Ctrl-D) quits.
        """
        p = _problem(name)
        if seed is None:
            seed = secrets.randbelow(2**31)
        typer.echo(diagram(p))
        typer.echo(f"You play {p.side.seats[0].word} and {p.side.seats[1].word}. (seed {seed})")
        session = ProblemSession(p, seed=seed)
        _play(session)

    app.add_typer(group, name="problem")


def _show_position(session: ProblemSession) -> None:
    pos = session.position
    typer.echo("")
    typer.echo(f"Trick {session.trick_number}:")
    for seat in Seat:
        typer.echo(f"  {seat.word:<6} {hand_text(pos.hands[seat])}")


def _verdict_text(session: ProblemSession, v: Verdict) -> str:
    p = session.problem
    head = f"{v.seat.word} plays {_symbol(v.card)}"
    if v.reachable_after:
        return f"{head}: the goal ({p.goal_text}) is still within reach."
    if v.lost_here:
        return (
            f"{head}: the goal is lost; {p.side} can now make at most {v.best_total}. "
            f"{_cards(v.keepers)} would have kept it."
        )
    return f"{head}: the goal is out of reach ({p.side} can make at most {v.best_total})."


def _play(session: ProblemSession) -> None:
    p = session.problem
    stdin = sys.stdin
    shown = 0
    while not session.is_over:
        if session.trick_number != shown:
            shown = session.trick_number
            _show_position(session)
        if not session.user_to_play:
            seat = session.turn
            card = session.play_defence()
            typer.echo(f"{seat.word} plays {_symbol(card)}.")
            continue
        seat = session.turn
        trick = session.position.played
        so_far = f" (trick so far: {_cards(list(trick))})" if trick else ""
        typer.echo(f"{seat.word} to play{so_far}: ", nl=False)
        text = stdin.readline()
        if not text:
            typer.echo("")
            typer.echo("Goodbye: the problem is left unfinished.")
            return
        text = text.strip()
        if not text:
            continue
        try:
            card = Card.parse(text)
        except CardParseError as exc:
            typer.echo(say(str(exc)))
            continue
        why = session.why_illegal(card)
        if why is not None:
            typer.echo(f"You cannot play {_symbol(card)}: {why}.")
            continue
        try:
            verdict = session.play_user(card)
        except ProblemError as exc:  # pragma: no cover - why_illegal was checked
            typer.echo(say(str(exc)))
            continue
        typer.echo(say(_verdict_text(session, verdict)))
    made = session.side_tricks
    if session.succeeded:
        typer.echo(f"Success: {p.side} took {made} tricks; the goal was {p.tricks}.")
    else:
        typer.echo(f"Failure: {p.side} took {made} tricks; the goal was {p.tricks}.")

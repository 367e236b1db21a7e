"""``cavendish hint``: the tutor's hint for one seat, outside a game.

The deal is given as it was dealt (a PBN deal string, thirteen cards a hand),
with the dealer and the trump card turned up; ``--played`` lists every card
played so far, in order from the opening lead (the leader of each trick follows
from the play).  The seat must be the one to play.  The answer is the classical
player's card with its convention and reason, and the search player's card with
the expected double-dummy tricks of the seat's side for the hand::

    {"classical": {"card": "S4", "convention": "C44", "reason": "..."},
     "search": {"card": "S4", "tricks": 7.4}}

Every error is one line on stderr, ``cavendish: error: ...``, exit status 2 for a
bad command line (a deal, card or seat that cannot be read; a card that may not be
played; a seat not to play).

>>> import json, typer
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> @app.callback()
... def main() -> None: ...
>>> register(app)
>>> deal = "N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 T98.T98.QJT9.QJT"
>>> out = CliRunner().invoke(app, ["hint", "--deal", deal, "--dealer", "N", "--trump-card",
...                                "S2", "--played", "C6 CA CJ C2 H5 HT", "--seat", "N",
...                                "--worlds", "4", "--json"]).output
>>> got = json.loads(out)
>>> sorted(got), got["classical"]["card"][0], got["search"]["card"][0]
(['classical', 'search'], 'H', 'H')
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..core.cards import CardParseError, Seat, parse_cards
from ..core.deal import Deal
from ..core.errors import WhistError
from ..core.state import HandState
from ..players.inference import UnknownSchool, get_school
from ..players.search.budget import Budget
from ..players.search.strong import STRONG_BUDGET
from ..players.tutor import Tutor
from .common import fail
from .terminal import card_text, hand_line, trick_text
from .voice import say

__all__ = ["build_state", "register"]


class _Usage(ValueError):
    """A bad command line: one line for stderr."""


def _fail(message: str) -> NoReturn:
    fail(message, 2)


def build_state(deal: str, dealer: str, trump_card: str, played: str) -> HandState:
    """The hand after ``played`` (every card from the opening lead, in order).

    >>> s = build_state("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                 "T98.T98.QJT9.QJT", "N", "S2", "C6 CA")
    >>> s.turn, s.trick_number
    (<Seat.W: 3>, 0)
    """
    try:
        d = Deal.from_pbn(deal, dealer=dealer, trump_card=trump_card)
    except (WhistError, ValueError) as exc:
        raise _Usage(f"--deal/--dealer/--trump-card: {exc}") from None
    try:
        cards = parse_cards(played)
    except CardParseError as exc:
        raise _Usage(f"--played: {exc}") from None
    state = HandState(d)
    for i, card in enumerate(cards, start=1):
        if state.is_over:
            raise _Usage(f"--played: card {i} ({card}) comes after the thirteenth trick")
        why = state.why_illegal(card)
        if why is not None:
            raise _Usage(f"--played: card {i} ({card}) cannot be played by {state.turn}: {why}")
        state.play(card)
    return state


def register(app: typer.Typer) -> None:
    """Add the ``hint`` command to ``app``."""

    @app.command()
    def hint(
        deal: Annotated[
            str, typer.Option("--deal", help="The deal as dealt: a PBN deal string.")
        ],
        dealer: Annotated[str, typer.Option("--dealer", help="The dealer: N, E, S or W.")],
        trump_card: Annotated[
            str, typer.Option("--trump-card", help="The card turned up (in the dealer's hand).")
        ],
        seat: Annotated[
            str, typer.Option("--seat", help="The seat to advise (it must be to play).")
        ],
        played: Annotated[
            str,
            typer.Option("--played", help="Every card played so far, in order from the opening "
                         "lead, e.g. \"HT H2 H5 HA\"."),
        ] = "",
        school: Annotated[
            str, typer.Option("--school", help="The classical player's school: modern or old.")
        ] = "modern",
        seed: Annotated[int, typer.Option(help="Seed of the search player's sampling.")] = 0,
        worlds: Annotated[
            int | None,
            typer.Option(help="Most worlds the search player samples (default: its budget's).")
        ] = None,
        as_json: Annotated[
            bool, typer.Option("--json", help="Print the hint as JSON.")
        ] = False,
    ) -> None:
        """What the classical player and the search player would play now, and why."""
        try:
            who = Seat.parse(seat)
        except CardParseError as exc:
            _fail(f"--seat: {exc}")
        try:
            chosen = get_school(school.strip().lower())
        except UnknownSchool as exc:
            _fail(f"--school: {exc}")
        if worlds is not None and worlds < 1:
            _fail(f"--worlds {worlds}: must be at least 1")
        try:
            state = build_state(deal, dealer, trump_card, played)
        except _Usage as exc:
            _fail(str(exc))
        if state.is_over:
            _fail("the hand is over: there is no card to advise on")
        if state.turn != who:
            _fail(f"--seat {who}: {who} is not to play; after {len(parse_cards(played))} "
                  f"card(s) {state.turn} is")
        budget: Budget = STRONG_BUDGET
        if worlds is not None:
            budget = budget.with_(worlds=worlds, min_worlds=min(worlds, budget.min_worlds))
        tutor = Tutor(chosen, seed, budget=budget)
        result = tutor.hint(state.view(who), state.events, state.deal.trump_card)
        if as_json:
            typer.echo(json.dumps(result.to_json()))
            return
        console = Console(highlight=False)
        view = state.view(who)
        head = Text(f"{who} to play, trick {view.trick_number + 1}, trumps {view.trump.word}: ")
        head.append_text(hand_line(view.hand, view.legal))
        console.print(head)
        if view.trick:
            line = Text("On the table: ")
            line.append_text(trick_text(view.trick))
            console.print(line)
        for text, card in zip(result.lines(), (result.classical.card, result.search.card),
                              strict=True):
            line = Text()
            line.append_text(card_text(card))
            line.append("  " + say(text))
            console.print(line, soft_wrap=True)

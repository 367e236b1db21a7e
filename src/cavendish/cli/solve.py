"""``cavendish solve``: the double-dummy value of every card of a position, or the 4 x 4 table.

The deal is a PBN deal string (``N:AK72.QJ4.T9.8765 ...``; an ending may hold
fewer than thirteen cards a hand).  It gives the hands as they were at the
start of the current trick: the cards named by ``--played`` (the cards already
played to the trick, in order, the first by ``--first``) are taken out of their
players' hands.  Every error is one line on stderr and exit status 2.

>>> import json, typer
>>> from typer.testing import CliRunner
>>> app = typer.Typer()
>>> @app.callback()
... def main() -> None: ...
>>> register(app)
>>> deal = "N:AQ... 32... 4..2. K...2"
>>> out = CliRunner().invoke(app, ["solve", "--deal", deal, "--trump", "C", "--first", "W",
...                                "--played", "SK", "--json"]).output
>>> got = json.loads(out)
>>> got["to_play"], got["tricks"], " ".join(got["line"])
('N', {'SA': 1, 'SQ': 0}, 'SA S2 S4 SQ S3 D2 C2')
"""

from __future__ import annotations

import json
from typing import Annotated, NoReturn

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..analysis import dd
from ..analysis.position import DDResult, Position
from ..core.cards import Card, Seat, Suit, parse_cards
from ..core.deal import parse_pbn_hand
from .common import fail
from .terminal import card_text, hand_lines, trick_text
from .voice import suit_label

__all__ = ["parse_deal", "register", "result_json", "table_json"]

_ORDINALS = ("first", "second", "third", "fourth")


class _Usage(ValueError):
    """A bad command line: one line for stderr."""


def _fail(message: str) -> NoReturn:
    fail(message, 2)


def parse_deal(text: str) -> tuple[int, int, int, int]:
    """The four hands (masks, N E S W) of a PBN deal string, any equal or unequal lengths.

    >>> from cavendish.core.cards import cards_of
    >>> hands = parse_deal("W:K... AQ... 32... 4..2.")
    >>> [len(cards_of(h)) for h in hands], cards_of(hands[3])
    ([2, 2, 2, 1], [Card('SK')])
    """
    raw = text.strip().strip('"')
    if len(raw) < 2 or raw[1] != ":" or raw[0].upper() not in "NESW":
        raise _Usage(
            f"--deal {text!r}: expected a PBN deal string, a first seat and a colon then four "
            "hands, as N:AK72.QJ4.T9.8765 ..."
        )
    first = Seat.parse(raw[0])
    parts = raw[2:].split()
    if len(parts) != 4:
        raise _Usage(f"--deal {text!r}: expected four hands after the colon, found {len(parts)}")
    hands = [0, 0, 0, 0]
    for i, part in enumerate(parts):
        seat = first.offset(i)
        try:
            hands[seat] = parse_pbn_hand(part)
        except ValueError as exc:
            raise _Usage(f"--deal: {seat}'s hand: {exc}") from None
    return (hands[0], hands[1], hands[2], hands[3])


def _position(deal: str, trump: str, first: str, played: str) -> Position:
    hands = list(parse_deal(deal))
    try:
        suit = Suit.parse(trump)
    except ValueError:
        raise _Usage(f"--trump {trump!r}: expected S, H, D or C") from None
    try:
        leader = Seat.parse(first)
    except ValueError:
        raise _Usage(f"--first {first!r}: expected N, E, S or W (who led the trick)") from None
    try:
        cards = parse_cards(played)
    except ValueError as exc:
        raise _Usage(f"--played: {exc}") from None
    if len(cards) > 3:
        raise _Usage(
            f"--played {played!r}: {len(cards)} cards; a trick in progress has at most three"
        )
    for i, card in enumerate(cards):
        seat = leader.offset(i)
        bit = 1 << card
        if hands[seat] & bit:
            hands[seat] ^= bit
            continue
        holders = [s for s in Seat if hands[s] & bit]
        where = (
            f"the deal gives it to {holders[0]}"
            if holders
            else "it is in no hand of the deal (the deal must include the cards played "
            "to the current trick)"
        )
        if card in cards[:i]:
            where = "it is played twice"
        raise _Usage(
            f"--played: {card}, the {_ORDINALS[i]} card of the trick, is played by {seat}, "
            f"but {where}"
        )
    return Position.make(hands, suit, leader, cards)


def result_json(result: DDResult) -> dict[str, object]:
    """The JSON object of a result: to_play, trump, tricks (best first) and line."""
    order = sorted(result.tricks.items(), key=lambda ct: (-ct[1], ct[0].suit, -ct[0].rank))
    return {
        "to_play": result.to_play.name,
        "trump": result.trump.name,
        "tricks": {str(c): t for c, t in order},
        "line": [str(c) for c in result.line],
    }


def table_json(table: dict[tuple[Suit, Seat], int]) -> dict[str, object]:
    """``{"table": {trump: {first player: tricks of his side}}}``."""
    return {"table": {s.name: {p.name: table[(s, p)] for p in Seat} for s in Suit}}


def _diagram(pos: Position, *, centre: bool = True) -> Table:
    def block(seat: Seat) -> Text:
        title = Text(seat.word, style="bold")
        if centre and seat == pos.to_play:
            title.append(" (to play)", style="bold")
        title.append("\n")
        title.append_text(hand_lines(pos.hands[seat]))
        return title

    middle = Text(f"trumps {suit_label(pos.trump)}\n", style="bold") if centre else Text("")
    if not centre:
        pass
    elif pos.played:
        for i, card in enumerate(pos.played):
            middle.append(f"{pos.leader.offset(i)} ")
            middle.append_text(card_text(card))
            middle.append("\n")
    else:
        middle.append(f"{pos.leader} to lead")
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(min_width=12)
    grid.add_row("", block(Seat.N), "")
    grid.add_row(block(Seat.W), middle, block(Seat.E))
    grid.add_row("", block(Seat.S), "")
    return grid


def _line_text(pos: Position, line: tuple[Card, ...]) -> Text:
    out = Text("Best line:", style="bold")
    p = pos
    trick: list[tuple[Seat, Card]] = [(pos.leader.offset(i), c) for i, c in enumerate(pos.played)]
    for card in line:
        trick.append((p.to_play, card))
        p = p.play(card)
        if not p.played:
            out.append("\n  ")
            out.append_text(trick_text(trick))
            out.append(f"  won by {p.leader}", style="dim")
            trick = []
    return out


def _show_result(pos: Position, result: DDResult) -> None:
    side = result.to_play.side.label
    table = Table(title=f"{result.to_play.word} to play")
    table.add_column("card")
    table.add_column(f"{side} tricks", justify="right")
    order = sorted(result.tricks.items(), key=lambda ct: (-ct[1], ct[0].suit, -ct[0].rank))
    for card, tricks in order:
        mark = " best" if tricks == result.best else ""
        table.add_row(card_text(card), f"{tricks}{mark}")
    Console(highlight=False).print(Group(_diagram(pos), table, _line_text(pos, result.line)))


def _show_table(hands: tuple[int, int, int, int], table: dict[tuple[Suit, Seat], int]) -> None:
    out = Table(title="Tricks for the side of the first player")
    out.add_column("trumps")
    for seat in Seat:
        out.add_column(f"{seat} leads", justify="right")
    for suit in Suit:
        out.add_row(suit_label(suit), *(str(table[(suit, seat)]) for seat in Seat))
    diagram = _diagram(Position(hands, Suit.S, Seat.N, ()), centre=False)
    Console(highlight=False).print(Group(diagram, out))


def register(app: typer.Typer) -> None:
    """Add the ``solve`` command to ``app``."""

    @app.command("solve")
    def solve_cmd(
        deal: Annotated[
            str | None,
            typer.Option(
                "--deal",
                help="PBN deal string, as N:AK72.QJ4.T9.8765 ... (an ending has fewer "
                "cards a hand). It INCLUDES the cards already played to the current "
                "trick: those named by --played are taken out of their players' hands.",
            ),
        ] = None,
        trump: Annotated[
            str | None, typer.Option("--trump", help="Trump suit: S, H, D or C.")
        ] = None,
        first: Annotated[
            str | None,
            typer.Option(
                "--first",
                help="N, E, S or W: who led the current trick (who leads, if --played is empty).",
            ),
        ] = None,
        played: Annotated[
            str,
            typer.Option(
                "--played",
                help='Cards already played to the current trick, in order, as "D8 DK".',
            ),
        ] = "",
        table: Annotated[
            bool,
            typer.Option(
                "--table",
                help="Print the 4 x 4 table instead: for each trump suit and first player, "
                "the tricks of the first player's side (no --trump, --first or --played).",
            ),
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    ) -> None:
        """The double-dummy tricks of every legal card of the player to play, and a best line.

        Tricks are counted for the side to play (the player on turn and his partner)
        from the current trick to the end.  JSON: {"to_play", "trump", "tricks":
        {card: tricks}, "line": list of cards}; with --table: {"table": {trump:
        {first: tricks}}}.
        Errors print one line on stderr and exit with status 2.
        """
        try:
            if deal is None:
                raise _Usage("--deal is required: a PBN deal string, as N:AK72.QJ4.T9.8765 ...")
            if table:
                given = [n for n, v in (("--trump", trump), ("--first", first)) if v is not None]
                if played.strip():
                    given.append("--played")
                if given:
                    raise _Usage(
                        f"--table takes no {', '.join(given)}: the table covers every trump "
                        "suit and every first player, from the start of a trick"
                    )
                hands = parse_deal(deal)
                result_table = dd.dd_table(hands)
                if as_json:
                    typer.echo(json.dumps(table_json(result_table)))
                else:
                    _show_table(hands, result_table)
                return
            if trump is None:
                raise _Usage("--trump is required: S, H, D or C (or use --table)")
            if first is None:
                raise _Usage("--first is required: N, E, S or W, who led the current trick")
            pos = _position(deal, trump, first, played)
            result = dd.solve_position(pos)
            if as_json:
                typer.echo(json.dumps(result_json(result)))
            else:
                _show_result(pos, result)
        except ValueError as exc:
            _fail(str(exc))

"""Drawing whist in the terminal with Rich: cards, hands, tricks, deals and the score sheet.

Every function returns a Rich renderable (``Text`` or ``Table``); nothing here
prints, so the same pieces serve ``play``, ``deal`` and ``score``.  Hearts and
diamonds are red; a ten is shown as ``10``.

>>> from cavendish.core import Card, hand_mask
>>> card_text(Card.parse("HT")).plain, card_text(Card.parse("HT")).style
('♥10', 'red')
>>> hand_lines(hand_mask(["SA", "SK", "D2"]), legal=hand_mask(["D2"])).plain.splitlines()
['♠ A K', '♥ —', '♦ 2', '♣ —']
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..core.cards import Card, Seat, Side, Suit, cards_of
from ..core.deal import Deal
from ..core.state import Trick
from ..core.table import Cut
from ..scoring.clay import ClayLedger
from ..scoring.sheet import ScoreSheet
from .voice import card_label, rank_label, suit_label

__all__ = [
    "card_text",
    "deal_diagram",
    "hand_line",
    "hand_lines",
    "indent_text",
    "last_trick_text",
    "progress_bar",
    "rank_label",
    "score_table",
    "sheet_summary",
    "suit_style",
    "trick_text",
]

RED = "red"


def suit_style(suit: Suit | int) -> str:
    """The colour of a suit: red for hearts and diamonds, the terminal's own for black."""
    return RED if Suit(suit).is_red else ""


def card_text(card: Card) -> Text:
    """A card with its suit symbol, coloured: ``♥10`` in red (``HT`` in ASCII,
    :mod:`~cavendish.cli.voice`)."""
    return Text(card_label(card), style=suit_style(card.suit))


def _suit_holding(mask: int, suit: Suit, legal: int | None) -> Text:
    line = Text(suit_label(suit), style=suit_style(suit))
    cards = [c for c in reversed(cards_of(mask)) if c.suit == suit]
    if not cards:
        line.append(" —", style="dim")
    for c in cards:
        playable = legal is None or bool(legal >> c & 1)
        style = suit_style(suit) if playable else "dim"
        line.append(" ")
        line.append(rank_label(c), style=style + (" bold" if playable and legal else ""))
    return line


def hand_lines(mask: int, legal: int | None = None) -> Text:
    """A hand by suit, one suit a line, highest first; cards not in ``legal`` are dimmed."""
    out = Text()
    for i, suit in enumerate(Suit):
        if i:
            out.append("\n")
        out.append_text(_suit_holding(mask, suit, legal))
    return out


def hand_line(mask: int, legal: int | None = None) -> Text:
    """A hand by suit on one line: ``♠ A K 7  ♥ Q J  ♦ —  ♣ 9 2``."""
    out = Text()
    for i, suit in enumerate(Suit):
        if i:
            out.append("   ")
        out.append_text(_suit_holding(mask, suit, legal))
    return out


def trick_text(plays: Sequence[tuple[Seat, Card]], names: Sequence[str] | None = None) -> Text:
    """Cards on the table with their seats, in order of play: ``W ♠4  N ♠K``."""
    out = Text()
    for i, (seat, card) in enumerate(plays):
        if i:
            out.append("  ")
        label = str(seat) if names is None else f"{seat} {names[seat]}"
        out.append(label + " ", style="bold")
        out.append_text(card_text(card))
    return out


def last_trick_text(trick: Trick, names: Sequence[str]) -> Text:
    """A trick turned and quitted, with its winner."""
    plays = [(trick.leader.offset(i), c) for i, c in enumerate(trick.cards)]
    out = trick_text(plays)
    out.append(f"  → won by {trick.winner} ({names[trick.winner]})")
    return out


def deal_diagram(deal: Deal, names: Sequence[str] | None = None) -> Text:
    """The four hands in the usual diagram, North at the top.

    >>> import random
    >>> from cavendish.core import deal_cards
    >>> lines = deal_diagram(deal_cards(random.Random(1), Seat.N)).plain.splitlines()
    >>> lines[0].strip(), len(lines)
    ('North (dealer)', 15)
    """
    width = 24

    def title(seat: Seat) -> str:
        who = seat.word if names is None else f"{seat.word} ({names[seat]})"
        return who + (" (dealer)" if seat == deal.dealer else "")

    def block(seat: Seat) -> list[Text]:
        lines = hand_lines(deal.hand(seat)).split("\n")
        return [Text(title(seat), style="bold"), *lines]

    out = Text()
    for line in block(Seat.N):
        out.append(" " * width)
        out.append_text(line)
        out.append("\n")
    west, east = block(Seat.W), block(Seat.E)
    for w, e in zip(west, east, strict=True):
        pad = Text(" " * max(1, 2 * width - len(w.plain)))
        out.append_text(w)
        out.append_text(pad)
        out.append_text(e)
        out.append("\n")
    south = block(Seat.S)
    for i, line in enumerate(south):
        out.append(" " * width)
        out.append_text(line)
        if i < len(south) - 1:
            out.append("\n")
    return out


def _pair(values: tuple[int, int]) -> tuple[str, str]:
    return str(values[0]), str(values[1])


def score_table(sheet: ScoreSheet, boards: Sequence[int] | None = None) -> Table:
    """The score sheet: each hand's tricks, honours (not at American whist, which
    scores none), points and the game score.

    ``boards`` numbers the rows (default 1, 2, ...).
    """
    table = Table(title="Score sheet (each column NS-EW)", title_justify="left")
    honours = sheet.rules.honours  # American whist scores no honours: no column for them
    for name in ("Board", "Tricks", "Honours", "Points", "Game"):
        if name == "Honours" and not honours:
            continue
        table.add_column(name, justify="right" if name == "Board" else "center")
    table.add_column("", justify="left")
    game_of: dict[int, str] = {}
    for number, game in enumerate(sheet.games, start=1):
        if game.hands:
            game_of[game.hands[-1]] = f"{game.winner} win game {number} ({game.value})"
    for i, hand in enumerate(sheet.hands):
        label = str(boards[i]) if boards is not None and i < len(boards) else str(i + 1)
        note = game_of.get(i, "")
        if hand.outside_game:
            note = f"grand slam: {hand.settlement[0]}-{hand.settlement[1]} apart"
        cells = [
            label,
            "-".join(_pair(hand.tricks)),
            "-".join(_pair(hand.honours)),
            "-".join(_pair(hand.points)),
            "-".join(_pair(hand.after)),
            note,
        ]
        if not honours:
            del cells[2]
        table.add_row(*cells)
    return table


def sheet_summary(
    sheet: ScoreSheet, first_rubber: int = 1, ledger: ClayLedger | None = None
) -> Text:
    """Games, rubbers and totals under the score table; the sheet's rubbers are
    numbered from ``first_rubber`` (a club's table, whose sheets are one a rubber).

    At Clay's dummy the dummy passes from game to game, so a seat's sum across games
    means nothing: the total is per player, what each has won or lost from each
    adversary (001), from ``ledger``; the game in progress is by seat, as played.

    >>> from cavendish.core.rules import get_rules
    >>> from cavendish.scoring.clay import ClayTable
    >>> from cavendish.scoring.result import HandResult
    >>> sheet = ScoreSheet(get_rules("clay"))
    >>> _ = sheet.record(HandResult((12, 1)))
    >>> ledger = sheet.ledger([ClayTable("Ann", Side.NS, ("Bob", "Cy"))])
    >>> print(sheet_summary(sheet, ledger=ledger).plain)
    Total per player (from each adversary): Ann +30 · Bob -15 · Cy -15
    """
    out = Text()
    clay = sheet.rules.scoring == "clay"
    won = [sum(1 for g in sheet.games if g.winner == side) for side in Side]
    if not clay:
        out.append(f"Games: NS {won[0]}, EW {won[1]}")
    if sheet.rules.rubber:
        games = sheet.rubber_games
        if games:
            inside = [sum(1 for g in games if g.winner == side) for side in Side]
            out.append(f" (rubber in progress: NS {inside[0]}, EW {inside[1]})")
        for n, rubber in enumerate(sheet.rubbers, start=first_rubber):
            out.append(f"\nRubber {n}: won by {rubber.winner}, {rubber.points} points")
    score = sheet.score
    if score != (0, 0):
        out.append(f"\nGame in progress: NS {score[0]}, EW {score[1]}")
    if clay:
        out.append("\n" if out.plain else "")
        out.append("Total per player (from each adversary): ", style="bold")
        parts = [] if ledger is None else _balances(ledger)
        out.append(" · ".join(parts) if parts else "nothing settled yet")
        return out
    totals = sheet.totals
    out.append(f"\nTotal: NS {totals[0]}, EW {totals[1]}", style="bold")
    return out


def _balances(ledger: ClayLedger) -> list[str]:
    return [f"{who} {value:+d}" for who, value in sorted(ledger.balances.items())]


def cut_text(cut: Cut) -> Text:
    """One round of cutting for partners and deal, each card drawn.

    >>> from cavendish.core import Card
    >>> cut_text(Cut(("Ann", "Bob"), (Card.parse("H2"), Card.parse("SA")), "cut")).plain
    'Cut: Ann ♥2 · Bob ♠A'
    """
    line = Text(cut.reason[0].upper() + cut.reason[1:] + ": ")
    for i, (who, card) in enumerate(zip(cut.players, cut.cards, strict=True)):
        if i:
            line.append(" · ")
        line.append(f"{who} ")
        line.append_text(card_text(card))
    return line


class Leave(Exception):
    """The human left the table: end of input, Ctrl-C or ``quit``."""

    def __init__(self, how: str, status: int) -> None:
        super().__init__(how)
        self.how = how
        self.status = status


def run_table(console: Console, body: Callable[[], None]) -> int:
    """Run a session's loop ``body`` and say how it ended; the exit status: 0 when it
    ran to the end, the :class:`Leave`'s when the human left, 130 on Ctrl-C.

    >>> console = Console(file=__import__("io").StringIO(), width=40)
    >>> def leave() -> None:
    ...     raise Leave("Quit", 0)
    >>> run_table(console, leave), console.file.getvalue().strip()
    (0, 'Quit: leaving the table.')
    """
    try:
        body()
        console.print(Rule("The end"))
        return 0
    except Leave as leave:
        console.print()
        console.print(f"{leave.how}: leaving the table.")
        return leave.status
    except KeyboardInterrupt:
        console.print()
        console.print("Interrupted: leaving the table.")
        return 130


def indent_text(text: Text, by: str = "  ") -> Text:
    """``text`` with every line indented.

    >>> indent_text(Text("one")).plain
    '  one'
    """
    out = Text()
    for i, line in enumerate(text.split("\n")):
        if i:
            out.append("\n")
        out.append(by)
        out.append_text(line)
    return out


@contextmanager
def progress_bar(label: str, total: int, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A Rich progress bar on stderr, shown only on a terminal and not with ``--quiet``;
    yields a function that sets the count done (or None when no bar is shown)."""
    console = Console(stderr=True)
    if quiet or not console.is_terminal:
        yield None
        return
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda k: bar.update(task, completed=k)

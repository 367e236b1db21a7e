"""``cavendish play``: a rubber in the terminal, one human against computer players.

Design note
-----------
The loop drives a :class:`~cavendish.game.session.Session` step by step: the
computers' cards are played until the human (or the human's dummy) is to play;
then the table is drawn from the seat's :class:`~cavendish.core.state.SeatView`
only, and a line is read from stdin (so input can be piped, or sent by tmux).

What the human sees follows the laws: the trump card while it lies on the table
(law 52) or, at ruff-and-honours, the stock's top card turned up for trumps
(000), the trump suit always, the current trick, and the last trick turned
and quitted (law 91), never an earlier one.  On a terminal the screen is cleared
at each turn, so no earlier trick stays in view; when output is not a terminal
(a pipe, a test) nothing is cleared.  Where the table has two packs, as clubs play
(000, ``Rules.packs``), the board's first screen says whose pack is dealt and where
the still pack goes (laws 30-31, :func:`~cavendish.laws.deal_laws.packs_line`).

At each prompt: a card (``SA``, ``as``, ``♠A``, ``s10``), or ``last``, ``hand``,
``score``, ``hint``, ``why``, ``auto`` (play the first legal card: for scripts
and tests), ``help``, ``quit``.

The tutor (:mod:`cavendish.players.tutor`): ``hint`` shows the card the
classical player would play in your place, with its convention, and the search
player's card with the expected double-dummy tricks of your side, both worked
out from your view and the play so far only.  ``why`` explains the last card a
computer player played, in its own words (``why W``: West's last card); only
the cards still in view, of the current and the last trick (law 91).

Ctrl-C, Ctrl-D (end of input) and ``quit`` leave at once; every way of leaving
saves the record so far (finished hands, and the hand in play) as PBN.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..core.cards import Card, CardParseError, Seat, cards_of, parse_cards
from ..core.errors import ActionRefused, IllegalPlay
from ..core.events import CardPlayed, Claimed, Event, HonoursCalled, TakenBack
from ..core.rules import Rules
from ..core.state import HandState
from ..game.saved import save_session
from ..game.seating import Seating
from ..game.session import PlayedHand, Session, SessionError
from ..laws.deal_laws import packs_line
from ..players.ruff import default_put_out
from ..players.search.budget import Budget
from ..players.tutor import Hint, Tutor, explain
from ..scoring.swabbers import held_swabbers, stakes
from .terminal import (
    Leave,
    card_text,
    cut_text,
    deal_diagram,
    hand_lines,
    indent_text,
    last_trick_text,
    run_table,
    score_table,
    sheet_summary,
    trick_text,
)
from .voice import card_label, say, suit_label

__all__ = [
    "COMPUTER_NAMES",
    "HUMAN",
    "TerminalGame",
    "default_out_path",
    "hint_lines",
    "introduce_table",
    "seats_text",
    "settle_autosave",
    "why_line",
]

HUMAN = "You"
COMPUTER_NAMES = ("Hoyle", "Clay", "Pole")
"""The computer players are named after three authorities of the game."""

HELP = """Commands:
  SA, as, ♠A, s10, h10, 10h   play a card (suit and rank in either order; T or 10)
  last    show the last trick turned and quitted (law 91: never an earlier one)
  hand    show the table again
  score   show the score sheet
  hint    the classical player's card (with its convention) and the search player's
          card (with its expected tricks) in your place
  why     why the last computer card was played (why W: West's last card)
  auto    play your first legal card (for scripts)
  claim   claim the tricks left (claim 3: three of them); the computers accept
          only if your side makes them double dummy, else play goes on
  concede give the adversaries every trick left; not at Clay's dummy, where "no
          hands are thrown up" (001), nor a claim of fewer than all the tricks left
          (Cavendish's reading: that gives up the rest)
  undo    take back your last card and the computer cards after it (--practice only)
  call    long whist at eight (--call-honours ask): ask partner "Can you one?" (or show
          your three or four honours) before you play to the first trick
  remind  remind your partner to call honours (wrong: the adversaries may claim a
          fresh deal, 001)
  ruff    ruff-and-honours: asked before the first card when you hold the ace of
          trumps (yes, no, or auto for the computers' choice of the four to put out)
  help    this list
  quit    leave now and save the record (so do Ctrl-C and Ctrl-D)"""


def default_out_path(seed: int, now: _dt.datetime | None = None) -> Path:
    """``cavendish-<seed>-<YYYYmmdd-HHMMSS>.pbn`` in the current directory.

    >>> default_out_path(7, _dt.datetime(2024, 5, 1, 12, 0, 3)).name
    'cavendish-7-20240501-120003.pbn'
    """
    stamp = (now or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    return Path(f"cavendish-{seed}-{stamp}.pbn")


@dataclass
class TerminalGame:
    """One session in the terminal: the loop, the drawing and the saving."""

    session: Session
    console: Console
    errors: Console
    stdin: TextIO
    seed: int
    out: Path
    human: str = HUMAN
    save: Callable[[list[PlayedHand], Path], None] | None = None
    school: str = "modern"
    """The school of the tutor's classical player."""
    tutor_budget: Budget | None = None
    """What the tutor's search player may spend (None: its default budget)."""
    autosave: Path | None = None
    """Where the session is saved before each of your turns and after each hand
    (removed when the session ends and the record is saved); None: no autosave."""
    app_data: dict[str, Any] = field(default_factory=dict)
    """What ``--resume`` needs to make the computer players again (kept in the save)."""
    _keep_screen: bool = True
    _why: dict[Seat, tuple[Card, int, str]] = field(default_factory=dict)
    """Each computer-held seat's last card, its trick and its explanation."""
    _last_computer: Seat | None = None
    _packs_told: int = 0
    """The board whose packs line (two packs, laws 30-31) has been told."""

    # ------------------------------------------------------------------ entry
    def run(self) -> int:
        """Play to the end of the session (or until the human leaves); save; exit status."""
        self.session.offer_ruff = True  # the terminal asks the person whether he ruffs

        def loop() -> None:
            self._introduce()
            self._autosave()
            while not self.session.is_over:
                self._play_hand()
                if not self.session.is_over:
                    self._read("Press Enter for the next hand (or type quit): ", allow_quit=True)

        return self._save(run_table(self.console, loop))

    # ---------------------------------------------------------------- drawing
    @property
    def names(self) -> tuple[str, str, str, str]:
        return self.session.names

    def label(self, seat: Seat) -> str:
        """``S (You)``, ``N (Dummy)``."""
        return f"{seat} ({self.names[seat]})"

    def _introduce(self) -> None:
        s = self.session
        self.console.print(Rule(f"Cavendish · {_variant_title(s.rules)} · seed {self.seed}"))
        if s.hands or s.state is not None:
            state = s.state
            where = (
                f"board {s.board}, trick {state.trick_number + 1}"
                if state is not None
                else f"board {s.board}"
            )
            self.console.print(
                f"Resuming at {where}: {len(s.hands)} hand"
                f"{'s' if len(s.hands) != 1 else ''} played before.",
                markup=False,
            )
        introduce_table(self.console, s.rules, s.seating, self.human)

    def _seats(self) -> Text:
        return seats_text(self.session.seating, self.human)

    def _hand_header(self) -> Text:
        s = self.session
        view = s.view(s.seating.seat_of(self.human))
        out = Text(f"Board {s.board} · dealer {self.label(view.dealer)} · ")
        out.append("trumps ")
        out.append(suit_label(view.trump) + " " + view.trump.word, style=_style(view.trump.is_red))
        if view.trump_card is not None:
            out.append(" · trump card ")
            out.append_text(card_text(view.trump_card))
            out.append(" on the table")
        if view.stock_card is not None:  # ruff-and-honours: every player saw it (000)
            out.append(" · turned up on the stock ")
            out.append_text(card_text(view.stock_card))
        return out

    def _status(self) -> Text:
        sheet = self.session.sheet
        score = sheet.score
        out = Text(f"Score NS {score[0]}–EW {score[1]}")
        if sheet.rules.rubber:
            games = sheet.rubber_games
            ns = sum(1 for g in games if g.winner == 0)
            out.append(f" · games NS {ns}–EW {len(games) - ns}")
        return out

    def draw_turn(self, seat: Seat) -> None:
        """The table as the human sees it when ``seat`` (his or his dummy's) is to play."""
        s = self.session
        me = s.seating.seat_of(self.human)
        view = s.view(seat)
        mine = s.view(me)
        self._new_screen()
        self.console.print(self._hand_header())
        if s.rules.packs == 2 and self._packs_told != s.board:
            # two packs, as clubs play (000): whose is dealt, where the still pack goes
            # (laws 30-31); told on the board's first screen, once
            self._packs_told = s.board
            self.console.print(packs_line(s.rules, view.dealer) + ".", style="dim",
                               soft_wrap=True, markup=False)
        self.console.print(self._seats(), style="dim")
        status = self._status()
        status.append(f" · tricks NS {view.tricks_won[0]}–EW {view.tricks_won[1]}")
        self.console.print(status)
        if view.last_trick is not None:
            line = Text("Last trick:  ")
            line.append_text(last_trick_text(view.last_trick, self.names))
            self.console.print(line)
        line = Text(f"Trick {view.trick_number + 1}:    ")
        if view.trick:
            line.append_text(trick_text(view.trick))
        else:
            line.append(f"{self.label(view.leader)} to lead", style="dim")
        self.console.print(line)
        for d in s.dummies:
            legal = view.legal if d == seat else None
            owner = "Your" if d.partner == me else f"{self.names[d.partner]}'s"
            self.console.print(Text(f"{owner} dummy, {d}:", style="bold"))
            self.console.print(indent_text(hand_lines(mine.exposed[d], legal)))
        legal_mine = view.legal if seat == me else None
        self.console.print(Text(f"Your hand, {me}:", style="bold"))
        self.console.print(indent_text(hand_lines(mine.hand, legal_mine)))

    def _new_screen(self) -> None:
        """Clear the terminal (law 91: no earlier trick stays in view); in a pipe, a rule.
        The first screen keeps the cut above it."""
        if self.console.is_terminal and not self._keep_screen:
            self.console.clear()
        else:
            self.console.print()
        self._keep_screen = False
        self.console.print(Rule(style="dim"))

    def show_last(self, seat: Seat) -> None:
        """The ``last`` command."""
        trick = self.session.view(seat).last_trick
        if trick is None:
            self.console.print("No trick has been turned and quitted yet.")
            return
        line = Text("Last trick:  ")
        line.append_text(last_trick_text(trick, self.names))
        self.console.print(line)

    def show_score(self) -> None:
        """The ``score`` command, and the sheet after each hand."""
        s = self.session
        self.console.print(score_table(s.sheet))
        ledger = s.ledger() if s.rules.scoring == "clay" else None
        self.console.print(sheet_summary(s.sheet, ledger=ledger))

    # ------------------------------------------------------------------- play
    def _play_hand(self) -> None:
        s = self.session
        if s.state is None:  # a resumed session may have its hand in play
            self._show_events(s.start_hand())
        self._why.clear()
        self._last_computer = None
        if s.ruff_offered is not None:
            self._human_ruff(s.ruff_offered)
        while s.to_play is not None or s.answer_due is not None or s.election_due is not None:
            self._show_events(self._run_computers())
            if s.election_due is not None:  # a computer's wrong call: you elect (001)
                self._human_elect()
                if s.state is None:
                    self.console.print(
                        "The hand is void: the same dealer deals again.", style="bold"
                    )
                    return
                continue
            if s.answer_due is not None:
                self._human_answer(s.answer_due)
                if s.state is None:
                    self.console.print(
                        "The hand is void: the same dealer deals again.", style="bold"
                    )
                    return
                continue
            if s.called is not None:
                self._show_events(s.play_out())
                break
            seat = s.to_play
            if seat is None:
                break
            self._human_turn(seat)
            if s.state is None:  # a fresh deal claimed after a wrong call
                self.console.print(
                    "The hand is void: the same dealer deals again.", style="bold"
                )
                return
        self._end_hand()

    def _human_turn(self, seat: Seat) -> None:
        s = self.session
        self.draw_turn(seat)
        view = s.view(seat)
        whose = "Your card" if seat not in s.dummies else "Dummy's card"
        follow = ""
        if view.trick:
            led = view.trick[0][1].suit
            if all(c.suit == led for c in view.legal_cards()):
                follow = f", follow {led.word}"
        prompt = f"{whose} ({seat}{follow}; help for commands): "
        self._autosave()
        if s.call_offered == seat:
            self.console.print(
                f"Your side is at {s.rules.call_honours_at} and you hold two honours or more: "
                "you may call them before you play (honours count before tricks only if "
                "called).",
                style="bold",
                markup=False,
            )
            first = self._read(
                'Call? Ask your partner "Can you one?" (yes, no, or a command): ',
                allow_quit=True,
            ).strip()
            if first.lower() in ("y", "yes"):
                if self._call(seat, "call"):
                    return
                first = ""
            elif first.lower() in ("n", "no"):
                first = ""
        else:
            first = ""
        while True:
            text = first or self._read(prompt, allow_quit=True).strip()
            first = ""
            if not text:
                continue
            word = text.lower()
            if word in ("help", "?", "h"):
                self.console.print(HELP)
            elif word == "last":
                self.show_last(seat)
            elif word in ("hand", "table", "show"):
                self.draw_turn(seat)
            elif word == "score":
                self.show_score()
            elif word == "hint":
                self.show_hint(seat)
            elif word == "why" or word.startswith("why "):
                self.show_why(word[3:].strip())
            elif word == "auto":
                self._show_events(s.play(view.legal_cards()[0]))
                return
            elif word == "claim" or word.startswith("claim "):
                if self._claim(seat, word[5:].strip()):
                    return
            elif word in ("call", "remind"):
                if self._call(seat, word):
                    return
            elif word == "concede":
                try:
                    self._show_events([s.concede(seat)])
                except SessionError as exc:
                    self.console.print(str(exc), style="red", markup=False, soft_wrap=True)
                    continue
                return
            elif word == "undo":
                try:
                    self._show_events([s.undo(seat)])
                except SessionError as exc:
                    self.console.print(str(exc), style="red", markup=False, soft_wrap=True)
                    continue
                return
            else:
                try:
                    card = Card.parse(text)
                    events = s.play(card)
                except (CardParseError, IllegalPlay) as exc:
                    # part of the conversation: on stdout, between the prompts
                    self.console.print(say(str(exc)), style="red", markup=False, soft_wrap=True)
                    continue
                self._show_events(events)
                return

    def _human_ruff(self, seat: Seat) -> None:
        """Ruff-and-honours: the person holding the ace of trumps says whether he ruffs
        (takes in the stock) and, if he does, which four cards he puts out (000)."""
        s = self.session
        self.draw_turn(seat)
        turned = s.view(seat).stock_card
        assert turned is not None  # a ruff is offered only where there is a stock
        self.console.print(
            f"The stock's top card, turned up for trumps: {card_label(turned)}.", markup=False
        )
        self.console.print(
            "You hold the ace of trumps: you may ruff, taking in the stock and putting out "
            "four cards (000).",
            style="bold",
            markup=False,
        )
        while True:
            answer = self._read("Ruff? (yes/no): ", allow_quit=True).strip().lower()
            if answer in ("n", "no"):
                s.ruff(seat)
                return
            if answer == "auto":  # for scripts: the computer players' ruff
                assert s.state is not None
                s.ruff(seat, default_put_out(s.state.hand(seat), s.state.deal.stock, s.state.trump))
                return
            if answer in ("y", "yes"):
                break
        assert s.state is not None
        stock = s.state.deal.stock
        shown = " ".join(card_label(c) for c in cards_of(stock))
        self.console.print(f"The stock: {shown}", markup=False)
        while True:
            text = self._read("Put out four cards (as D3 C4 C5 H2): ", allow_quit=True)
            try:
                s.ruff(seat, parse_cards(text))
            except (CardParseError, ActionRefused, IllegalPlay) as exc:
                self.console.print(say(str(exc)), style="red", markup=False, soft_wrap=True)
                continue
            return

    def _claim_honours(self, state: HandState) -> None:
        """``--honours claim``: the hand is over and your side held honours worth
        scoring: you claim them, or they are lost (laws 6-7)."""
        s = self.session
        side = s.honours_claim_due
        if side is None:
            return
        me = s.seating.seat_of(self.human)
        answer = self._read(
            f"Your side ({side}) held {state.honours(side)} honours: claim them? (yes/no; "
            "not claimed before the next trump card is turned up, they are lost, law 6): ",
            allow_quit=True,
        ).strip().lower()
        if answer in ("y", "yes", "auto"):
            self.console.print(f"{s.claim_honours(me)}.", markup=False)
        else:
            self.console.print(
                f"Law 6: {side}'s honours are not claimed: they cannot be scored.", markup=False
            )

    def _human_elect(self) -> None:
        """A computer called wrongly and you are among his adversaries: you say whether
        your side claims a fresh deal (001: "the adversaries may consult as to a fresh
        deal"; your computer partner leaves it to you)."""
        s = self.session
        pending = s.election_due
        assert pending is not None
        seat = next(a for a in (pending.seat.left, pending.seat.left.partner)
                    if s.controller(a) is None)
        self.draw_turn(seat)
        self.console.print(str(pending), style="bold", markup=False, soft_wrap=True)
        thrown = s.hands_thrown_down
        if thrown is not None:  # honours shown as if the game were won (001)
            self.console.print("The hands are thrown down: you consult with them on the "
                               "table, and reclaim yours if the hand stands (001; "
                               "Cavendish's reading: the callers take theirs up too, no "
                               "law of exposed cards running here).",
                               markup=False, soft_wrap=True)
            for who, mask in thrown.items():
                self.console.print(
                    f"  {self.label(who)} {' '.join(card_label(c) for c in cards_of(mask))}",
                    markup=False, soft_wrap=True)
        while True:
            answer = self._read(
                "Claim a fresh deal? (yes: the hand is void; no: it stands): ", allow_quit=True
            ).strip().lower()
            if answer in ("y", "yes", "n", "no", "auto"):  # auto: the computers' rule, yes
                break
            self.console.print("Answer yes or no.", markup=False)
        done = s.elect_fresh_deal(seat, answer in ("y", "yes", "auto"))
        self.console.print(
            "You claim a fresh deal." if done.fresh_deal else "You let the hand stand.",
            markup=False,
        )

    def _human_answer(self, seat: Seat) -> None:
        """Long whist at eight: the person's computer partner asks "Can you one?" and he
        answers (001); a "Yes" without an honour is wrong, put to the adversaries."""
        s = self.session
        asker = seat.partner
        self.draw_turn(seat)
        self.console.print(
            f'{self.label(asker)} asks: "Can you one?" (have you an honour?)', style="bold"
        )
        while (answer := self._read("Your answer (yes/no): ", allow_quit=True)
               .strip().lower()) not in ("y", "yes", "n", "no"):
            pass
        outcome = s.answer_call(seat, answer in ("y", "yes"))
        self.console.print(say(str(outcome)), style="bold", markup=False, soft_wrap=True)

    def _call(self, seat: Seat, word: str) -> bool:
        """The ``call`` and ``remind`` commands; True when the hand ended or is void."""
        s = self.session
        try:
            outcome = s.call_honours(seat) if word == "call" else s.remind(seat)
        except SessionError as exc:
            self.console.print(str(exc), style="red", markup=False, soft_wrap=True)
            return False
        self.console.print(say(str(outcome)), style="bold", markup=False, soft_wrap=True)
        return s.called is not None or s.state is None

    def _claim(self, seat: Seat, arg: str) -> bool:
        """The ``claim [N]`` command; True when the hand ended by it."""
        s = self.session
        try:
            tricks = int(arg) if arg else None
            event = s.claim_tricks(seat, tricks)
        except (ValueError, SessionError) as exc:
            text = str(exc) if isinstance(exc, SessionError) else f"claim {arg}: not a number"
            self.console.print(text, style="red", markup=False, soft_wrap=True)
            return False
        self._show_events([event])
        if not event.accepted:
            self.console.print(
                "The adversaries refuse: your side does not make that double dummy "
                "against every defence. Play goes on.",
                markup=False,
            )
        return event.accepted

    def _run_computers(self) -> list[Event]:
        """The computers' cards until a human is to play (as ``Session.run``), each
        with the player's own account of it, for ``why``."""
        s = self.session
        events: list[Event] = []
        while (seat := s.to_play) is not None and not s.human_to_play:
            player = s.controller(seat)
            assert s.state is not None
            trick = s.state.trick_number
            step = s.step()
            events.extend(step)
            card = next((e.card for e in step if isinstance(e, CardPlayed)), None)
            if card is not None:
                self._why[seat] = (card, trick, explain(player, card))
                self._last_computer = seat
        return events

    def show_hint(self, seat: Seat) -> None:
        """The ``hint`` command: the tutor's two cards for ``seat`` (yours or your dummy's)."""
        s = self.session
        state = s.state
        assert state is not None
        me = s.seating.seat_of(self.human)
        held = [x for x in Seat if x != seat and (x == me or s.holder(x) == me)]
        self.console.print("Thinking...", style="dim")
        tutor = Tutor(self.school, self.seed, budget=self.tutor_budget)
        hint = tutor.hint(s.view(seat), state.events, state.deal.trump_card,
                          also=[s.view(x) for x in held])
        for text in hint_lines(hint):
            self.console.print(text, soft_wrap=True)

    def show_why(self, arg: str) -> None:
        """The ``why`` command: a computer's last card still in view, explained."""
        s = self.session
        state = s.state
        assert state is not None
        if arg:
            try:
                who: Seat | None = Seat.parse(arg)
            except CardParseError as exc:
                self.console.print(str(exc), style="red", markup=False, soft_wrap=True)
                return
        else:
            who = self._last_computer
        got = self._why.get(who) if who is not None else None
        if who is None or got is None:
            self.console.print("No computer player has played a card yet in this hand.")
            return
        line = why_line(self.label(who), got, state.trick_number)
        self.console.print(line, soft_wrap=isinstance(line, Text))

    def _show_events(self, events: list[Event]) -> None:
        # a call of honours is shown with the end of the hand (the screen is cleared then)
        for e in events:
            if isinstance(e, CardPlayed) and e.revoke:
                self.console.print(f"{self.label(e.seat)} revokes with {card_label(e.card)}.")
            elif isinstance(e, Claimed | TakenBack):
                text = say(str(e))
                self.console.print(
                    f"{self.label(e.seat)}{text[len(str(e.seat)):]}.", style="bold", markup=False
                )

    def _show_swabbers(self, played: PlayedHand) -> None:
        """Whisk-and-swabbers: who held the swabbers and the stakes of the hand (000)."""
        held = held_swabbers(played.state)
        if not held:
            self.console.print("Swabbers: none held this hand.", markup=False)
            return
        who = "; ".join(
            f"{self.label(seat)} {' '.join(card_label(c) for c in cards)}"
            for seat, cards in held.items()
        )
        won = stakes(played.state)
        totals = [sum(stakes(h.state)[seat] for h in self.session.hands) for seat in Seat]
        line = " ".join(f"{seat} {won[seat]:+d}" for seat in Seat)
        total = " ".join(f"{seat} {totals[seat]:+d}" for seat in Seat)
        self.console.print(
            f"Swabbers: {who}. Stakes this hand: {line} (so far: {total}).", markup=False
        )

    def _show_call(self, call: HonoursCalled) -> None:
        self.console.print(
            f"{self.label(call.seat)} called honours at trick 1: {call.side} hold {call.honours} "
            f"at the point of {self.session.rules.call_honours_at}; they count before tricks "
            "and win the game. The rest of the hand was played out automatically.",
            style="bold",
        )

    def _end_hand(self) -> None:
        s = self.session
        state = s.state
        assert state is not None
        self._claim_honours(state)
        last = state.last_trick
        rubbers = len(s.sheet.rubbers)
        call = s.called
        played = s.finish_hand()
        self._new_screen()  # law 91: the trick before the last goes out of sight
        if call is not None:
            self._show_call(call)
        if last is not None:  # the names as the hand was played (the dummy may pass)
            line = Text("Last trick:  ")
            line.append_text(last_trick_text(last, played.players))
            self.console.print(line)
        score = played.score
        assert score is not None
        self.console.print(Rule(f"Board {played.board} is over"))
        self._show_review(played)
        honours = (
            f" · honours NS {score.honours[0]}, EW {score.honours[1]}" if s.rules.honours else ""
        )
        line = Text(
            f"Tricks NS {score.tricks[0]}, EW {score.tricks[1]}{honours}"
            f" · points NS {score.points[0]}, EW {score.points[1]}"
        )
        self.console.print(line)
        for note in score.notes:
            self.console.print(note, style="dim")
        if s.rules.swabbers:
            self._show_swabbers(played)
        if score.game_winner is not None:
            self.console.print(
                f"{score.game_winner} win the game, worth {s.sheet.games[-1].value}.", style="bold"
            )
        if len(s.sheet.rubbers) > rubbers:
            rubber = s.sheet.rubbers[-1]
            self.console.print(
                f"{rubber.winner} win the rubber: {rubber.points} points.", style="bold"
            )
        self.show_score()
        if s.rules.scoring == "clay" and score.game_winner is not None and not s.is_over:
            holder = s.seating.names[s.seating.dummies[0].partner]
            self.console.print(
                f"The dummy passes: {holder} holds it in the next game "
                "(001: \"each player plays one in his turn\").",
                markup=False,
            )
        self._autosave()

    def _show_review(self, played: PlayedHand) -> None:
        """The four hands as dealt, the tricks each side took, the double-dummy result."""
        review = self.session.review(played)
        if review.claim is not None:
            self.console.print(f"The hand ended: {review.claim}.", markup=False)
        self.console.print(deal_diagram(review.deal, played.players))  # as it was played
        dd = review.dd_tricks
        took = review.tricks
        self.console.print(
            f"Taken: NS {took[0]}, EW {took[1]} · double dummy from the opening lead "
            f"({review.eldest}): NS {dd[0]}, EW {dd[1]}",
            markup=False,
        )

    # -------------------------------------------------------------- input/out
    def _autosave(self) -> None:
        """Save the session whole (temporary file, then rename): a crash loses at most
        the card being typed."""
        if self.autosave is None:
            return
        save_session(self.session, self.autosave, self.app_data)
    def _read(self, prompt: str, *, allow_quit: bool) -> str:
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = self.stdin.readline()
        if not line:
            raise Leave("End of input", 0)
        if allow_quit and line.strip().lower() in ("quit", "exit", "q"):
            raise Leave("Quit", 0)
        return line

    def _save(self, status: int) -> int:
        hands = self.session.hands_with_void()  # a void hand kept before its fresh deal
        current = self.session.current_hand()
        if current is not None:
            hands.append(current)
        if self.save is None:
            return status
        try:
            self.save(hands, self.out)
        except (OSError, ValueError) as exc:
            self.errors.print(
                f"cavendish: error: cannot save {self.out}: {exc}", markup=False, soft_wrap=True
            )
            return 1
        unfinished = " (the last hand unfinished)" if current is not None else ""
        self.console.print(
            f"Saved {len(hands)} hand{'s' if len(hands) != 1 else ''}{unfinished} to {self.out}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        settle_autosave(self.autosave, self.session.is_over, self._autosave, self.console)
        return status


def settle_autosave(
    autosave: Path | None, over: bool, save: Callable[[], None], console: Console
) -> None:
    """When a session in the terminal ends (its record saved): its autosave removed if
    the session is over, else saved once more and the command to go on told.

    >>> import io, tempfile
    >>> path = Path(tempfile.mkdtemp()) / "s.autosave.json"
    >>> out = Console(file=io.StringIO(), width=200)
    >>> settle_autosave(path, False, lambda: path.write_text("{}"), out)
    >>> path.exists(), "cavendish play --resume" in out.file.getvalue()
    (True, True)
    >>> settle_autosave(path, True, lambda: None, out); path.exists()
    False
    """
    if autosave is None:
        return
    if over:
        autosave.unlink(missing_ok=True)
        return
    save()
    console.print(
        f"To go on later: cavendish play --resume {autosave}",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def _style(red: bool) -> str:
    return "red" if red else ""


def hint_lines(hint: Hint) -> list[Text]:
    """The ``hint`` command's answer: the classical player's card, then the search
    player's, each with its account."""
    out = []
    for line, card in zip(hint.lines(), (hint.classical.card, hint.search.card), strict=True):
        text = Text("  ")
        text.append_text(card_text(card))
        text.append("  " + say(line))
        out.append(text)
    return out


def why_line(label: str, got: tuple[Card, int, str], trick_now: int) -> Text | str:
    """The ``why`` command's answer for a computer's last card ``got`` (its card, its
    trick and its account), or why it cannot be given (law 91)."""
    card, trick, text = got
    if trick < trick_now - 1:
        return (f"{label}'s last card was played to trick {trick + 1}, "
                "which is out of sight (law 91: only the last trick may be seen).")
    line = Text(f"{label} played ")
    line.append_text(card_text(card))
    line.append(f" to trick {trick + 1}. {say(text)}")
    return line


def introduce_table(console: Console, rules: Rules, seating: Seating, human: str) -> None:
    """The cut for partners and deal (laws 13-19), who deals first and who sits where,
    as the opening screen of ``cavendish play`` (and ``--laws``) tells them."""
    cut = seating.cut
    if cut is not None:
        for rnd in cut.rounds:
            console.print(cut_text(rnd))
        console.print("(in cutting the ace is lowest, law 13)", style="dim")
    if cut is not None:
        low = cut.order[0]
        first = "You" if low == human else low
        s_ = "" if low == human else "s"
        if rules.table == "whist":
            pair = " and ".join(cut.low_pair).replace(human, "you")
            high = " and ".join(cut.high_pair).replace(human, "you")
            console.print(
                f"Lowest cards: {pair}, partners against {high}. {first} deal{s_} first."
            )
        elif rules.table == "dummy":
            console.print(
                f"{first} cut{s_} lowest and take{s_} dummy; dummy deals first (dummy law i)."
            )
        else:
            own = "your" if low == human else "his"
            console.print(f"{first} cut{s_} lowest: {own} dummy deals first (dummy law i).")
    console.print(seats_text(seating, human))


def seats_text(seating: Seating, human: str) -> Text:
    """``Seats: N Ann (your partner) · E Bob · S you · W Cal``: who sits where."""
    me = seating.seat_of(human)
    seats = Text("Seats: ")
    for i, seat in enumerate(Seat):
        if i:
            seats.append(" · ")
        who = seating.name_of(seat)
        if seat == me:
            who = "you"
        elif seat == me.partner:
            who += " (yours)" if seat in seating.dummies else " (your partner)"
        elif seat in seating.dummies:
            who += f" ({seating.name_of(seat.partner)}'s)"
        seats.append(f"{seat} {who}")
    return seats


def _variant_title(rules: Rules) -> str:
    titles = {
        "short": "short whist",
        "whist": "short whist",
        "long": "long whist",
        "american": "American seven-point whist",
        "clay": "Clay's dummy",
        "dummy": "dummy whist",
        "double-dummy": "double dummy",
        "ruff-and-honours": "ruff-and-honours (Cotton, 1674)",
        "whisk": "whisk (Cotton's whist, deuces out)",
        "swabbers": "whisk-and-swabbers",
    }
    return titles.get(rules.name, rules.name)


def today_pbn() -> str:
    """Today's date as PBN writes it, ``YYYY.MM.DD``."""
    return _dt.date.today().strftime("%Y.%m.%d")

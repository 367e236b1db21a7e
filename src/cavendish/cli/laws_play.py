"""``cavendish play --laws``: a rubber in the terminal under the laws of whist.

Design note
-----------
Every hand is played through the laws arbiter (:class:`~cavendish.laws.Arbiter`),
so that anyone at the table may commit an irregularity and the arbiter rules on
it, citing its law:

* the human may do anything a player can do at a real table: a card typed when it
  is not his turn is played out of turn (the arbiter rules by where it fell: laws
  57, 62, 63, 67, 68, dummy law iii); a card of another suit while holding the suit
  led is a revoke (law 71), which nobody sees until it is established and the
  tricks are searched at the end of the hand (law 75); and the commands below
  expose a card, play two at once, throw down the hand, ask "having none?" and so
  on;
* the computer players commit irregularities only when asked to, with ``--sloppy
  P``, the chance of an irregularity at each card they play
  (:class:`~cavendish.players.sloppy.SloppyPlayer`), and elect by the computer's
  rules of election (:mod:`cavendish.laws.policy`);
* the human is asked for every election the laws give his side (a menu of the
  law's options, with the law and a one-line reason) and for every answer the laws
  ask of him ("having none?", law 74), and is told of every ruling.

The computers' cards are played without waiting, unless ``--pause`` is given:
then the game pauses before each computer card (an empty line lets the computer
play; a card played then is out of turn); ``go`` stops the pauses, ``stop`` (or
``pause``) brings them back.  ``hint`` and ``why`` are the tutor's, as in
``cavendish play``: at your turn, the classical and the search player's cards for
you; the reason a computer played its last card.  As in ``cavendish play``,
input is read line by line (it may be piped), ``auto`` plays the first legal
card (and, at a pause or an election, lets the computer's rule decide), and
Ctrl-C, Ctrl-D and ``quit`` leave at once, saving the record so far (every
ruling and election included) as PBN.  As in ``cavendish play``, the table is
saved whole (:meth:`~cavendish.game.laws_session.LawsSession.snapshot`: each
hand's deal and the arbiter's acts) before and after each of the human's turns
and elections and after each hand, beside the record; ``cavendish play --resume
FILE`` replays it before the arbiter and goes on.

>>> import io, tempfile
>>> from rich.console import Console
>>> out, path = io.StringIO(), Path(tempfile.mkdtemp()) / "laws.pbn"
>>> run_laws_game("short", Seat.S, 3, 0.0, path, Console(file=out, width=100),
...               io.StringIO("auto\\n" * 20), player_kind="random")
0
>>> "End of input: leaving the table." in out.getvalue()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..core.cards import Card, CardParseError, Seat, cards_of
from ..core.events import (
    Called,
    CardCovered,
    CardExposed,
    CardMislaid,
    CardPlayed,
    CardRestored,
    CardWithdrawn,
    Elected,
    Event,
    HonoursCalled,
    LeaderChanged,
    PlayOmitted,
    PlayOutOfTurn,
    Ruling,
    SurplusPlayed,
)
from ..core.rules import Rules, UnknownVariant, get_rules
from ..game.laws_session import LawsSession
from ..game.seating import Seating, seat_by_cut
from ..game.session import PlayedHand, SessionError
from ..io.record import HandRecord
from ..laws.arbiter import Arbiter
from ..laws.base import RevokeStatus
from ..laws.coverage import law_title
from ..laws.deal_laws import packs_line
from ..laws.decisions import Decision, option_text
from ..laws.errors import LawsError
from ..laws.names import law_name
from ..players import PLAYERS, Player, get_player
from ..players.sloppy import SloppyPlayer
from ..players.tutor import Tutor, explain
from ..scoring.sheet import ScoreSheet
from .play import (
    COMPUTER_NAMES,
    HUMAN,
    default_out_path,
    hint_lines,
    introduce_table,
    settle_autosave,
    today_pbn,
    why_line,
)
from .terminal import (
    Leave,
    card_text,
    hand_lines,
    indent_text,
    last_trick_text,
    run_table,
    score_table,
    sheet_summary,
    trick_text,
)
from .voice import card_label, say, suit_label

__all__ = ["LAWS_HELP", "LawsGame", "option_text", "resume_laws_game", "run_laws_game"]

LAWS_HELP = """Commands (the laws of whist; the arbiter rules on everything):
  SA, as, ♠A, s10     play a card: in turn, out of turn (laws 57, 62, 67, 68), or from
                      the wrong hand at dummy (dummy law iii); a card of another suit
                      while you hold the suit led is a revoke (law 71)
  several SA SK       play two or more cards at once (law 56)
  two SA SK           play SA to the trick and, unseen, SK with it (law 70)
  ahead SK [SQ ...]   having played, lead again without waiting for partner (law 57)
  drop SA / expose SA / name SA   a card dropped face up, shown, named (law 56)
  omit                play no card to this trick (law 69)
  throw down [N]      throw your cards on the table, saying your side takes N of the
                      tricks left (laws 58, 59)
  ask                 ask your partner "having none?" of the suit he renounced (law 74)
  correct             take back your revoke before it is established (law 76)
  correct score [B]   prove an erroneous score of board B (the last hand): corrected
                      before the next trump card is turned up (law 11), or during the
                      rubber for its amount (law 12); also between hands
  claim revoke [SEAT] [TRICK]   claim a revoke by the adversaries (laws 75, 79)
  claim lead          the trick in progress was led out of turn (law 63)
  claim omission      an adversary played no card to a trick (law 69)
  count               have the tricks counted face down (law 70)
  call highest|lowest SEAT      call a trump from a player liable to it (laws 53, 55)
  remind              remind the dealer, your partner, to take up the trump card (law 52)
  leave trump / take up trump / forget trump   the dealer's faults (laws 52, 54, 55)
  name trump          name the trump card after it was taken up (law 53)
  attention           call attention to the trick before partner has played (law 86)
  bystander SEAT      a bystander's remark draws SEAT's attention to an oversight in
                      the score; SEAT's adversaries may call on him to pay (law 88)
  refer Q: D          all the players agree that a bystander decide question Q; his
                      decision D is final (law 89; the computers agree)
  rulings             every ruling of this hand so far
  last, hand, score   the last trick (law 91), the table, the score sheet
  auto                your first legal card; at a pause, let the computer play; at an
                      election, the computer's rule
  hint                at your turn: the classical player's card (with its convention)
                      and the search player's card (with its expected tricks)
  why [SEAT]          why the last computer card was played (why W: West's last card)
  go / stop           play the computers' cards at once / pause before each of them
  help, quit          this list; leave now and save the record (so do Ctrl-C, Ctrl-D)"""

@dataclass
class LawsGame:
    """A session of whist in the terminal under the laws (see the module): the screen
    and the reading of commands around a :class:`~cavendish.game.laws_session.LawsSession`
    (a new one, or one restored from a save by :meth:`LawsSession.restore`)."""

    session: LawsSession
    console: Console
    stdin: TextIO
    seed: int
    out: Path
    errors: Console
    sloppy: float = 0.0
    pause: bool = False
    """Pause before each computer card (``--pause``; ``go`` and ``stop`` toggle it)."""
    human: str = HUMAN
    autosave: Path | None = None
    """Where the table is saved before each of the human's turns and elections and
    after each hand (removed when the session ends); None: no autosave."""
    app_data: dict[str, Any] = field(default_factory=dict)
    """What ``--resume`` needs to make the computer players again (kept in the save)."""
    _shown: int = 0
    _keep_screen: bool = True
    _why: dict[Seat, tuple[Card, int, str]] = field(default_factory=dict)
    """Each computer-held seat's last card, its trick and its player's account of it."""
    _last_computer: Seat | None = None

    # ----------------------------------------------------------------- seats
    @property
    def rules(self) -> Rules:
        """The variant played."""
        return self.session.rules

    @property
    def seating(self) -> Seating:
        """Who sits where (the cut, laws 13-19)."""
        return self.session.seating

    @property
    def players(self) -> dict[Seat, Player | None]:
        """Each seat's player (None for the human): the session's own mapping, so a
        seat's player may be replaced between two actions."""
        return self.session.players

    @property
    def rng(self) -> random.Random:
        """The generator of the deals."""
        return self.session.rng

    @property
    def arb(self) -> Arbiter | None:
        """The arbiter of the hand in play."""
        return self.session.arbiter

    @property
    def sheet(self) -> ScoreSheet:
        """The score sheet."""
        return self.session.sheet

    @property
    def me(self) -> Seat:
        """The human's seat."""
        return self.seating.seat_of(self.human)

    @property
    def my_seats(self) -> tuple[Seat, ...]:
        """The seats whose cards the human plays: his own and his dummy's."""
        me = self.me
        return (me, me.partner) if me.partner in self.seating.dummies else (me,)

    @property
    def names(self) -> tuple[str, str, str, str]:
        return self.session.names

    def label(self, seat: Seat) -> str:
        """``S (You)``."""
        return f"{seat} ({self.names[seat]})"

    # ------------------------------------------------------------------ loop
    def run(self) -> int:
        """Play the session (or until the human leaves), save the record; exit status."""
        def loop() -> None:
            self._introduce()
            while not self.session.is_over:
                self._play_hand()
                while not self.session.is_over:
                    line = self._read("Press Enter for the next hand ('fresh' calls for fresh "
                                      "cards, law 83; 'correct score [BOARD]' proves an "
                                      "erroneous score, laws 11-12; or type quit): "
                                      ).strip().lower()
                    if line.startswith("correct score"):
                        self._correct_score(line.split()[2:])
                    elif line == "fresh":
                        self._fresh_cards()
                    else:
                        break

        return self._save(run_table(self.console, loop))

    def _correct_score(self, words: list[str]) -> bool:
        """You prove an erroneous score (laws 11-12): of board ``words[0]``, or of the
        last hand scored; the sheet is corrected, or the laws' refusal told."""
        if words and not words[0].isdigit():
            self._say(f"correct score {words[0]!r}: expected a board number")
            return False
        try:
            ruling = self.session.correct_score(self.me, int(words[0]) if words else None)
        except (LawsError, SessionError) as exc:
            self._say(str(exc))
            return False
        self.console.print(self._ruling_text(ruling), soft_wrap=True)
        self.console.print(score_table(self.sheet))
        return True

    def _fresh_cards(self) -> None:
        """You call for fresh cards before the next cut (law 83); the dealer chooses
        one of the two new packs (you, when you deal)."""
        s = self.session
        pack = None
        if s.controller(s.dealer) is None:
            answer = self._read("Two new packs: which do you take? (1 or 2): ").strip()
            pack = "pack-2" if answer == "2" else "pack-1"
        s.call_fresh_cards(self.me, pack)  # its rulings are shown with the next deal
        self.console.print("Fresh cards are brought: the next deal is made with them.",
                           markup=False)

    def _introduce(self) -> None:
        self.console.print(
            Rule(f"Cavendish · {self.rules.name} whist under the laws · seed {self.seed}")
        )
        introduce_table(self.console, self.rules, self.seating, self.human)
        sloppy = (
            f"the computers commit an irregularity at {self.sloppy:.0%} of their cards, and "
            f"keep the score (Cavendish's choice), writing a hand down wrongly at "
            f"{self.sloppy:.0%} ('correct score', laws 11-12)"
            + ("; your own deals slip at that chance too (--sloppy-me: the program deals "
               "for you)" if self.session.own_deal_slips else "")
            if self.sloppy
            else "the computers play correctly"
        )
        self.console.print(
            f"Every irregularity is ruled on by the laws; {sloppy}. Type help for the commands."
        )

    def _play_hand(self) -> None:
        s = self.session
        resumed = s.arbiter is not None  # a saved hand in play, replayed by --resume
        if not resumed:
            if s.deal_pending is None:  # else a save kept the election awaited: asked again
                s.start_hand()
            told = 0
            while s.deal_pending is not None:  # a slip in dealing: your side elects
                told = self._elect_in_deal(told)
                s.start_hand()
            for ruling in s.deal_rulings[told:]:  # a sloppy dealer's misdeals before this deal
                self.console.print(self._ruling_text(ruling), soft_wrap=True)
            for elected in s.deal_elections:
                self.console.print(self._elected_text(elected), soft_wrap=True)
        self._shown = 0
        self._why.clear()
        self._last_computer = None
        arb = s.arbiter
        assert arb is not None
        again = ", resumed" if resumed else ""
        self.console.print(
            Rule(f"Board {s.board} · dealer {self.label(arb.deal.dealer)}{again}")
        )
        # the packs: two as clubs play (000), the still pack made ready (laws 30-31)
        self.console.print(packs_line(self.rules, arb.deal.dealer) + ".", style="dim",
                           soft_wrap=True)
        if resumed:
            self._shown = len(arb.events)  # told before the save: shown on the table
        while True:
            self._show_events()
            if s.hand_over:
                break
            if s.pending() is not None:
                if s.human_to_decide:
                    self._autosave()
                if self._decide():
                    self._autosave()
                else:
                    s.step()  # the computer's side elects
            elif s.in_turn:
                self._computer_step()  # the computer's turn goes on (a slip, then his card)
            elif s.human_to_play:
                seat = s.to_play
                assert seat is not None
                self._autosave()
                self._human_turn(seat)
                self._autosave()
            else:
                seat = s.to_play
                assert seat is not None
                if not (self.pause and self._pause(seat)):
                    self._computer_step()
        self._end_hand()

    def _elect_in_deal(self, told: int) -> int:
        """A slip in dealing gave your side an election (laws 38, 40, 41): the rulings so
        far told, your election asked (``auto``: the computer's rule, a new deal) and
        made; returns how many of the deal's rulings are told."""
        s = self.session
        assert s.deal_pending is not None
        proc, _ = s.deal_pending
        for ruling in s.deal_rulings[told:]:
            self.console.print(self._ruling_text(ruling), soft_wrap=True)
        shown = list(proc.rulings)
        for ruling in shown:
            self.console.print(self._ruling_text(ruling), soft_wrap=True)
        decision = proc.pending()
        assert decision is not None
        self._autosave()  # the election awaited is kept by the save
        option = self._ask_option(decision, lambda: decision.options[0], common=False)
        before = len(s.deal_rulings)
        s.elect_in_deal(option, self.me)
        return before + len(shown)

    def _computer_step(self) -> None:
        """One action of the computer on turn, each card with its player's account of
        it, for ``why``."""
        s = self.session
        for e in s.step():
            if isinstance(e, CardPlayed) and e.seat not in self.my_seats:
                player = s.controller(e.seat)
                inner = player.inner if isinstance(player, SloppyPlayer) else player
                self._why[e.seat] = (e.card, e.trick, explain(inner, e.card))
                self._last_computer = e.seat

    # -------------------------------------------------------------- decisions
    def _decide(self) -> bool:
        """Ask the human for the decision awaited if it is his side's; True if he took it."""
        s = self.session
        decision = s.pending()
        if decision is None or not s.is_human_decision(decision):
            return False
        self._show_events()
        option = self._ask_option(decision, lambda: s.computer_option(decision))
        s.elect(option, decision.seat if decision.answer else self.me)
        return True

    def _ask_option(self, decision: Decision, rule: Callable[[], str], *,
                    common: bool = True) -> str:
        """The option the human takes of ``decision``, from a menu of the law's options
        (``auto``: the computer's ``rule``); with ``common`` the table's commands are
        answered meanwhile."""
        whose = "Your answer" if decision.answer else f"Your side's election ({decision.side})"
        head = Text(f"{whose}, ")
        head.append(f"{law_name(decision.law)} ({law_title(decision.law)})", style="bold")
        head.append(f": {say(decision.question)}.")
        self.console.print(head, soft_wrap=True)
        for i, option in enumerate(decision.options, start=1):
            self.console.print(f"  {i}. {option:<10} {option_text(decision, option)}")
        prompt = f"Choose 1-{len(decision.options)} or an option (auto: the computer's rule): "
        while True:
            text = self._read(prompt).strip()
            word = text.lower()
            if not text:
                continue
            if common and self._common(word, self.me):
                continue
            if word == "auto":
                option = rule()
            elif word.isdigit() and 1 <= int(word) <= len(decision.options):
                option = decision.options[int(word) - 1]
            elif text in decision.options or word in decision.options:
                option = text if text in decision.options else word
            else:
                self.console.print(
                    f"{text!r} is not one of the options: "
                    f"{', '.join(decision.options)} (or 1-{len(decision.options)})",
                    style="red",
                    markup=False,
                )
                continue
            return option

    # ------------------------------------------------------------------ turns
    def _human_turn(self, seat: Seat) -> None:
        arb = self.arb
        assert arb is not None
        self.draw(seat)
        whose = "Your card" if seat == self.me else "Dummy's card"
        prompt = f"{whose} ({seat}; help for commands): "
        while True:
            text = self._read(prompt).strip()
            if not text:
                continue
            word = text.lower()
            if self._common(word, seat):
                continue
            if word == "auto":
                first = arb.state.legal_cards(seat)[0]
                if self._act("play", seat, first):
                    return
                continue
            if self._command(text):
                return

    def _pause(self, seat: Seat) -> bool:
        """Before a computer's card: True if the human did something (the table is
        examined again), False to let the computer play."""
        self.draw(None)
        prompt = f"{self.label(seat)} to play · Enter lets him; a card plays yours out of turn: "
        while True:
            text = self._read(prompt).strip()
            word = text.lower()
            if not text or word == "auto":
                return False
            if word == "go":
                self._common(word, seat)
                return False
            if self._common(word, seat):
                continue
            if self._command(text):
                return True

    def _common(self, word: str, seat: Seat) -> bool:
        """Commands that change nothing at the table; True if ``word`` was one."""
        arb = self.arb
        match word:
            case "help" | "?" | "h":
                self.console.print(LAWS_HELP)
            case "last":
                self._show_last()
            case "hand" | "table" | "show":
                self.draw(seat if arb is not None and seat == arb.state.turn else None)
            case "score":
                self.console.print(score_table(self.sheet))
                self.console.print(sheet_summary(self.sheet))
            case "rulings":
                rulings = arb.rulings if arb is not None else []
                if not rulings:
                    self.console.print("No ruling in this hand yet.")
                for r in rulings:
                    self.console.print(self._ruling_text(r))
            case "pause" | "stop":
                self.pause = True
                self.console.print("The game pauses before each computer card.")
            case "go":
                self.pause = False
                self.console.print(
                    "No more pauses: you are asked at your turn and for elections."
                )
            case "hint":
                self._show_hint()
            case _ if word == "why" or word.startswith("why "):
                self._show_why(word[3:].strip())
            case _:
                return False
        return True

    def _show_hint(self) -> None:
        """The ``hint`` command: the tutor's two cards for the human's seat on turn."""
        s = self.session
        arb = s.arbiter
        seat = s.to_play
        if arb is None or seat not in self.my_seats or s.pending() is not None:
            self.console.print("A hint is given at your turn to play (or your dummy's).")
            return
        assert seat is not None
        also = [s.view(x) for x in self.my_seats if x != seat]
        self.console.print("Thinking...", style="dim")
        tutor = Tutor("modern", self.seed)
        try:
            hint = tutor.hint(s.view(seat), arb.state.events, arb.deal.trump_card, also=also)
        except ValueError as exc:  # the laws' log does not fit the tutor's reading of it
            self._say(f"No hint here: {exc}")
            return
        for text in hint_lines(hint):
            self.console.print(text, soft_wrap=True)

    def _show_why(self, arg: str) -> None:
        """The ``why`` command: a computer's last card still in view, explained."""
        who: Seat | None = self._last_computer
        if arg:
            try:
                who = Seat.parse(arg)
            except CardParseError as exc:
                self._say(str(exc))
                return
        got = self._why.get(who) if who is not None else None
        arb = self.arb
        if who is None or got is None or arb is None:
            self.console.print("No computer player has played a card yet in this hand.")
            return
        line = why_line(self.label(who), got, arb.state.trick_number)
        self.console.print(line, soft_wrap=isinstance(line, Text))

    def _command(self, text: str) -> bool:
        """A table action typed by the human; True if it was done."""
        words = text.split()
        try:
            done = self._table_action(words[0].lower(), words[1:], text)
        except CardParseError as exc:
            self._say(f"{exc} (help lists the commands)")
            return False
        except SessionError as exc:  # a card the human does not hold
            self._say(str(exc))
            return False
        if done is None:
            self._say(f"{text!r}: not a command (help lists them)")
            return False
        return done

    def _table_action(self, verb: str, rest: list[str], text: str) -> bool | None:
        """The arbiter's action named by ``verb`` and its arguments ``rest``: True if
        done, False if the laws refused it, None if ``text`` is no command."""
        s = self.session
        me = self.me
        side = me.side
        low = [w.lower() for w in rest]
        match verb, low:
            case ("several" | "ahead" | "two"), [_, *_]:
                cards = [Card.parse(w) for w in rest]
                seat = s.holder_of(cards[0])
                if verb == "several":
                    return self._act("play_several", seat, tuple(cards))
                if verb == "ahead":
                    return self._act("lead_ahead", seat, tuple(cards))
                if len(cards) == 2:
                    return self._act("play_two", seat, cards[0], cards[1])
            case ("leave" | "take" | "forget" | "name"), _ if "trump" in low:
                return self._trump_fault(verb)
            case ("drop" | "expose" | "name"), [_]:
                card = Card.parse(rest[0])
                name = "name_card" if verb == "name" else verb
                return self._act(name, s.holder_of(card), card)
            case "omit", []:
                turn = s.view(me).turn  # the seat on turn (seen by all)
                if turn not in self.my_seats:
                    self._say(f"{turn} is to play, not you")
                    return False
                return self._act("omit", turn)
            case "throw", ["down", *more]:
                count = int(more[0]) if more and more[0].isdigit() else None
                return self._act("throw_down", me, count)
            case "ask", _:
                return self._act("ask_having_none", me)
            case _ if text.lower().startswith("having none"):
                return self._act("ask_having_none", me)
            case "correct", ["score", *more]:
                return self._correct_score(more)
            case "correct", []:
                arb = s.arbiter
                assert arb is not None
                open_ = [c.seat for c in arb.revokes if c.status == RevokeStatus.OPEN]
                seat = next((x for x in self.my_seats if x in open_), me)
                return self._act("correct_revoke", seat)
            case "claim", ["revoke", *more]:
                accused = Seat.parse(more[0]) if more else None
                trick = int(more[1]) if len(more) > 1 and more[1].isdigit() else None
                return self._act("claim_revoke", side, accused, trick)
            case "claim", ["lead", *_]:
                return self._act("claim_lead_out_of_turn", side)
            case "claim", ["omission", *_]:
                return self._act("claim_omission", side)
            case "count", []:
                return self._act("count_tricks", side)
            case "call", [("highest" | "lowest") as direction, who]:
                return self._act("call_trump", side, Seat.parse(who), direction)
            case "remind", []:
                return self._act("remind", me)
            case "attention", []:
                return self._act("call_attention", me)
            case "bystander", [who]:
                return self._act("bystander_remark", Seat.parse(who))
            case "refer", [_, *_] if ":" in text:
                question, decision = (p.strip() for p in text[5:].split(":", 1))
                agreed = tuple(x for x in Seat if x not in s.seating.dummies)
                return self._act("refer_to_bystander", question, decision, agreed)
            case _, []:
                card = Card.parse(text)
                return self._act("play", s.holder_of(card), card)
        return None

    def _trump_fault(self, verb: str) -> bool:
        """``name trump`` (law 53), and the dealer's ``leave``, ``take up`` and ``forget``
        the trump card (laws 52, 54, 55)."""
        arb = self.arb
        assert arb is not None
        if verb == "name":
            return self._act("name_trump_card", self.me)
        if arb.dealer not in self.my_seats:
            self._say(f"only the dealer ({arb.dealer}) can {verb} the trump card")
            return False
        fault = {"leave": "leave_trump_card", "take": "take_up_trump_card",
                 "forget": "forget_trump_card"}
        return self._act(fault[verb])

    def _act(self, name: str, *args: object) -> bool:
        """Do a table action through the session; a refusal by the laws is told, and
        nothing changes."""
        try:
            self.session.act(name, *args)
        except LawsError as exc:
            self._say(str(exc))
            return False
        return True

    def _say(self, text: str) -> None:
        self.console.print(say(text), style="red", markup=False, soft_wrap=True)

    # ---------------------------------------------------------------- drawing
    def _ruling_text(self, ruling: Ruling) -> Text:
        out = Text("Ruling: ", style="bold")
        out.append(f"{law_name(ruling.law)} ({law_title(ruling.law)}): {say(ruling.what)}")
        if ruling.options:
            out.append(f" [{' | '.join(ruling.options)}]", style="dim")
        return out

    def _show_events(self) -> None:
        """Tell the human of every ruling, election and correction since the last time."""
        arb = self.arb
        if arb is None:
            return
        events = arb.events
        mine = set(self.my_seats)
        for e in events[self._shown :]:
            if isinstance(e, HonoursCalled):
                self.console.print(
                    f"{self.label(e.seat)} calls honours at the point of "
                    f"{self.rules.call_honours_at}: {e.side} hold {e.honours}, and win "
                    "the game; the hand is played out.",
                    style="bold",
                )
                continue
            line = self._event_text(e, mine)
            if line is not None:
                self.console.print(line, soft_wrap=True)
        self._shown = len(events)

    def _event_text(self, e: Event, mine: set[Seat]) -> Text | str | None:
        """How the screen tells ``e`` (None: not shown), found by the event's type."""
        tell = _EVENT_TEXT.get(type(e))
        return None if tell is None else tell(self, e, mine)

    def _elected_text(self, e: Elected) -> str:
        who = f"{self.names[e.seat]}, {e.seat}"
        return f"  {e.side} ({who}) elect {e.option} ({law_name(e.law)})"

    def _out_of_turn_text(self, e: PlayOutOfTurn) -> str:
        what = "leads" if e.lead else "plays"
        return (f"{self.label(e.seat)} {what} {card_label(e.card)} out of turn "
                f"({e.turn} to play).")

    def _exposed_text(self, e: CardExposed) -> str:
        return f"  {self.label(e.seat)}'s {card_label(e.card)} lies face up ({e.reason})."

    def draw(self, seat: Seat | None) -> None:
        """The table as the human sees it; ``seat`` is his hand to play, if one."""
        arb = self.arb
        assert arb is not None
        st = arb.state
        me = self.me
        view = st.view(me)
        self._new_screen()
        head = Text(f"Board {self.session.board} · dealer {self.label(view.dealer)} · trumps ")
        head.append(
            suit_label(view.trump) + " " + view.trump.word, style="red" if view.trump.is_red else ""
        )
        if view.trump_card is not None:
            head.append(" · trump card ")
            head.append_text(card_text(view.trump_card))
            head.append(" on the table")
        self.console.print(head)
        score = self.sheet.score
        self.console.print(
            f"Score NS {score[0]}–EW {score[1]} · tricks NS {view.tricks_won[0]}–EW "
            f"{view.tricks_won[1]}"
        )
        if view.last_trick is not None:
            line = Text("Last trick:  ")
            line.append_text(last_trick_text(view.last_trick, self.names))
            self.console.print(line)
        line = Text(f"Trick {view.trick_number + 1}:    ")
        if view.trick:
            line.append_text(trick_text(view.trick))
            line.append(f" · {self.label(st.turn)} to play", style="dim")
        else:
            line.append(f"{self.label(st.turn)} to lead", style="dim")
        self.console.print(line)
        for other in Seat:
            shown = view.exposed[other]
            if other in self.seating.dummies or not shown or other == me:
                continue
            line = Text(f"Face up, {self.label(other)}: ")
            line.append_text(_cards_text(shown))
            self.console.print(line)
        for call in st.calls():
            self.console.print(f"In force: {call}", style="dim")
        for d in self.seating.dummies:
            owner = "Your" if d.partner == me else f"{self.names[d.partner]}'s"
            legal = st.legal_mask(d) if seat == d else None
            self.console.print(Text(f"{owner} dummy, {d}:", style="bold"))
            self.console.print(indent_text(hand_lines(view.exposed[d] or st.hand(d), legal)))
        self.console.print(Text(f"Your hand, {me}:", style="bold"))
        self.console.print(indent_text(hand_lines(view.hand, view.legal if seat == me else None)))
        if view.exposed[me]:
            line = Text("Your cards face up (liable to be called): ")
            line.append_text(_cards_text(view.exposed[me]))
            self.console.print(line)

    def _new_screen(self) -> None:
        if self.console.is_terminal and not self._keep_screen:
            self.console.clear()
            self._shown_screen()
        else:
            self.console.print()
        self._keep_screen = False
        self.console.print(Rule(style="dim"))

    def _shown_screen(self) -> None:
        """After clearing the screen, the rulings of the current trick are shown again."""
        arb = self.arb
        if arb is None:
            return
        t = arb.state.trick_number
        for r in arb.rulings:
            if r.trick == t:
                self.console.print(self._ruling_text(r))

    def _show_last(self) -> None:
        arb = self.arb
        trick = arb.state.last_trick if arb is not None else None
        if trick is None:
            self.console.print("No trick has been turned and quitted yet.")
            return
        line = Text("Last trick:  ")
        line.append_text(last_trick_text(trick, self.names))
        self.console.print(line)

    # ---------------------------------------------------------------- the end
    def _end_hand(self) -> None:
        self._show_events()
        s = self.session
        units = s.units_finished
        hand = s.finish_hand()
        self._autosave()
        if hand.void is not None:
            self.console.print(
                f"The hand is void ({hand.void}): {self.label(s.dealer)} deals again; "
                "nothing is scored.",
                style="bold",
            )
            return
        score = hand.score
        assert score is not None
        self.console.print(Rule(f"Board {hand.board} is over"))
        result = hand.result
        assert result is not None
        self.console.print(  # the tricks as taken; the points as the scorer wrote them
            f"Tricks NS {result.tricks[0]}, EW {result.tricks[1]} · honours NS "
            f"{score.honours[0]}, EW {score.honours[1]} · points NS {score.points[0]}, "
            f"EW {score.points[1]} (the scorer's)"
        )
        for note in score.notes:
            self.console.print(note, style="dim")
        if score.game_winner is not None:
            value = self.sheet.games[-1].value
            self.console.print(f"{score.game_winner} win the game, worth {value}.", style="bold")
        if s.units_finished > units and self.rules.rubber and self.sheet.rubbers:
            rubber = self.sheet.rubbers[-1]
            self.console.print(
                f"{rubber.winner} win the rubber: {rubber.points} points.", style="bold"
            )
        self.console.print(score_table(self.sheet))
        self.console.print(sheet_summary(self.sheet))

    # -------------------------------------------------------------- input/out
    def _read(self, prompt: str) -> str:
        self.console.print(prompt, end="", markup=False, highlight=False)
        line = self.stdin.readline()
        if not line:
            raise Leave("End of input", 0)
        if line.strip().lower() in ("quit", "exit", "q"):
            raise Leave("Quit", 0)
        return line

    def records(self) -> list[HandRecord]:
        """Every hand of the session as a record (void and unfinished hands included)."""
        hands: list[PlayedHand] = list(self.session.hands)
        current = self.session.current_hand()
        if current is not None:
            hands.append(current)
        return [
            h.record(
                variant=self.rules.name,
                event=f"Cavendish {self.rules.name} whist under the laws, seed {self.seed}",
                site="cavendish play --laws",
                date=today_pbn(),
            )
            for h in hands
        ]

    def _autosave(self) -> None:
        """Save the table whole (temporary file, then rename): a crash loses at most
        what is being typed."""
        if self.autosave is not None:
            from ..game.saved import save_session

            save_session(self.session, self.autosave, self.app_data)

    def _save(self, status: int) -> int:
        from ..io.pbn import write_pbn_file

        try:
            records = self.records()
            write_pbn_file(records, self.out)
        except (OSError, ValueError) as exc:
            self.errors.print(
                f"cavendish: error: cannot save {self.out}: {exc}", markup=False, soft_wrap=True
            )
            return 1
        n = len(records)
        unfinished = ""
        if self.session.arbiter is not None:
            unfinished = " (the last hand unfinished)"
        self.console.print(
            f"Saved {n} hand{'s' if n != 1 else ''}{unfinished} to {self.out}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
        settle_autosave(self.autosave, self.session.is_over, self._autosave, self.console)
        return status


def _plain_text(e: Event) -> str:
    return "  " + say(str(e))


_EventText = Callable[[LawsGame, Any, set[Seat]], Text | str | None]
_EVENT_TEXT: dict[type[Any], _EventText] = {
    Ruling: lambda game, e, mine: game._ruling_text(e),
    Elected: lambda game, e, mine: game._elected_text(e),
    PlayOutOfTurn: lambda game, e, mine: game._out_of_turn_text(e),
    CardExposed: lambda game, e, mine: game._exposed_text(e),
    **{
        kind: lambda game, e, mine: _plain_text(e)
        for kind in (
            Called, CardWithdrawn, CardCovered, LeaderChanged,
            PlayOmitted, SurplusPlayed, CardRestored,
        )
    },
    CardMislaid: lambda game, e, mine: (
        f"{_plain_text(e)} (unseen by the others)" if e.seat in mine else None
    ),
}
"""How the laws table's screen tells each kind of event, found by its type (issue 18
item 6): a new kind of event shown to the player is one entry here."""


def _cards_text(mask: int) -> Text:
    out = Text()
    for i, card in enumerate(reversed(cards_of(mask))):
        if i:
            out.append(" ")
        out.append_text(card_text(card))
    return out


def _computer_kind(kind: str | None) -> str:
    """The computer players: ``kind``, else the classical player when it is available,
    else the random player."""
    if kind is not None:
        return kind
    if "classical" not in PLAYERS:
        try:
            import importlib

            importlib.import_module("cavendish.players.classical")
        except ImportError:
            pass
    return "classical" if "classical" in PLAYERS else "random"


def _derived(seed: int, index: int, salt: int) -> int:
    return (seed * 1_000_003 + salt * (index + 1)) % 2**63


def run_laws_game(
    variant: str,
    seat: Seat,
    seed: int,
    sloppy: float,
    out: Path | None,
    console: Console,
    stdin: TextIO,
    *,
    errors: Console | None = None,
    player_kind: str | None = None,
    rubbers: int = 1,
    pause: bool = False,
    autosave: Path | None = None,
    sloppy_me: bool = False,
) -> int:
    """Play ``rubbers`` rubbers of ``variant`` under the laws in the terminal, the human
    in ``seat`` against computer players committing irregularities at ``sloppy`` of
    their cards (and the scorer's slips at that chance; with ``sloppy_me`` the human's
    own deals slip at it too); save the record as PBN to ``out`` (default
    ``cavendish-<seed>-<timestamp>.pbn``), the table to ``autosave`` (when given) as it
    goes, for ``--resume``.  Returns the exit status: 0, 130 after
    Ctrl-C, 1 if the record cannot be saved, 2 for a bad variant, chance or player.
    """
    err = errors if errors is not None else Console(stderr=True, highlight=False)
    try:
        rules = get_rules(variant.strip().lower())
    except UnknownVariant as exc:
        err.print(f"cavendish: error: {exc}", markup=False, soft_wrap=True)
        return 2
    if not 0.0 <= sloppy <= 1.0:
        err.print(
            f"cavendish: error: --sloppy {sloppy}: expected a chance between 0 and 1",
            markup=False,
            soft_wrap=True,
        )
        return 2
    kind = _computer_kind(player_kind)
    try:
        get_player(kind, 0)
    except ValueError as exc:  # an unknown kind, or a bad option
        err.print(f"cavendish: error: {exc}", markup=False, soft_wrap=True)
        return 2
    rng = random.Random(seed)
    names = [HUMAN, *COMPUTER_NAMES[: rules.players - 1]]
    seating = seat_by_cut(rules, names, rng, request=(HUMAN, seat))
    target = out if out is not None else default_out_path(seed)
    players = _laws_players(seating.names, seed, kind, sloppy)
    game = LawsGame(
        session=LawsSession(rules, seating, players, rng, rubbers=rubbers, score_slips=sloppy,
                            own_deal_slips=sloppy if sloppy_me else 0.0),
        console=console,
        stdin=stdin,
        seed=seed,
        out=target,
        errors=err,
        sloppy=sloppy,
        pause=pause,
        autosave=autosave,
        app_data={"seed": seed, "players": kind, "sloppy": sloppy, "pause": pause,
                  "sloppy_me": sloppy_me,
                  "out": str(target)},
    )
    return game.run()


def _laws_players(
    names: Mapping[Seat, str], seed: int, kind: str, sloppy: float
) -> dict[Seat, Player | None]:
    """The seats' players: None for the human, each computer a
    :class:`~cavendish.players.sloppy.SloppyPlayer` around ``kind`` seeded from ``seed``
    and its name (so that a resumed table seats the same players)."""
    players: dict[Seat, Player | None] = {}
    for s, name in names.items():
        if name == HUMAN:
            players[s] = None
            continue
        i = COMPUTER_NAMES.index(name)
        inner = get_player(kind, _derived(seed, i, 7919), name)
        players[s] = SloppyPlayer(inner, sloppy, _derived(seed, i, 104729), deal_rate=sloppy)
    return players


def resume_laws_game(
    data: dict[str, Any],
    out: Path | None,
    console: Console,
    stdin: TextIO,
    *,
    errors: Console | None = None,
    autosave: Path | None = None,
) -> int:
    """Go on with a table saved by ``cavendish play --laws`` (``data`` read by
    :func:`~cavendish.game.saved.load_snapshot`): the same seats, players and seed,
    every hand replayed before the arbiter.  Raises :class:`SessionError` naming what
    is wrong with ``data``; returns the exit status as :func:`run_laws_game`."""
    err = errors if errors is not None else Console(stderr=True, highlight=False)
    app = data.get("app")
    try:
        if not isinstance(app, dict):
            raise TypeError("no 'app' part")
        seed, kind = int(app["seed"]), str(app["players"])
        sloppy, pause = float(app["sloppy"]), bool(app["pause"])
        names = {Seat.parse(k): str(v) for k, v in data["seats"].items()}
        players = _laws_players(names, seed, kind, sloppy)
    except (KeyError, TypeError, ValueError) as exc:
        raise SessionError(f"the saved session is damaged: {exc}") from None
    session = LawsSession.restore(data, players)
    target = out if out is not None else Path(str(app.get("out") or default_out_path(seed)))
    game = LawsGame(
        session=session,
        console=console,
        stdin=stdin,
        seed=seed,
        out=target,
        errors=err,
        sloppy=sloppy,
        pause=pause,
        autosave=autosave,
        app_data={**app, "out": str(target)},
    )
    return game.run()

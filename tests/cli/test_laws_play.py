"""``cavendish play --laws`` (cli/laws_play.py): a rubber under the laws in the terminal,
driven by piped input: the human's irregularities ruled on, his side's elections asked
from a menu, every ruling told and saved in the PBN record."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from cavendish.cli.laws_play import LawsGame, option_text, run_laws_game
from cavendish.cli.play import COMPUTER_NAMES, HUMAN
from cavendish.cli.voice import card_label, say
from cavendish.core.cards import SUIT_MASK, Card, Seat, cards_of
from cavendish.core.events import Elected, PlayOutOfTurn, Ruling
from cavendish.core.rules import get_rules
from cavendish.core.state import HandState, SeatView
from cavendish.core.table import deal_cards
from cavendish.game.laws_session import LawsSession
from cavendish.game.seating import seat_by_cut
from cavendish.game.session import SessionError
from cavendish.io import RecordError, read_pbn_file
from cavendish.laws.decisions import Decision
from cavendish.players import Player
from cavendish.players.sloppy import SloppyPlayer
from cavendish.scoring import ScoreSheet


class Lowest:
    """Plays its lowest legal card: the table is foreseeable."""

    def __init__(self, name: str) -> None:
        self.name = name

    def choose(self, view: SeatView) -> Card:
        return view.legal_cards()[0]


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=120, highlight=False), out


def game(
    stdin: str,
    tmp_path: Path,
    *,
    seed: int = 4,
    players: dict[str, Player] | None = None,
    pause: bool = False,
) -> tuple[LawsGame, io.StringIO]:
    """A table of short whist, the human South, computers by name (default: Lowest)."""
    rules = get_rules("short")
    rng = random.Random(seed)
    names = [HUMAN, *COMPUTER_NAMES]
    seating = seat_by_cut(rules, names, rng, request=(HUMAN, Seat.S))
    chosen = players or {}
    table: dict[Seat, Player | None] = {
        s: None if n == HUMAN else chosen.get(n, Lowest(n)) for s, n in seating.names.items()
    }
    con, out = console()
    laws = LawsGame(
        session=LawsSession(rules, seating, table, rng),
        console=con,
        stdin=io.StringIO(stdin),
        seed=seed,
        out=tmp_path / "laws.pbn",
        errors=con,
        pause=pause,
    )
    return laws, out


def first_deal(laws: LawsGame) -> HandState:
    """The first hand's deal, drawn from a copy of the game's generator."""
    rng = random.Random()
    rng.setstate(laws.rng.getstate())
    return HandState(deal_cards(rng, laws.seating.first_dealer), get_rules("short"))


def rulings_of(path: Path) -> list[Ruling]:
    return [e for rec in read_pbn_file(path) for e in rec.events if isinstance(e, Ruling)]


# ---------------------------------------------------------------- a whole rubber
def test_laws_play_a_rubber_with_sloppy_computers_tells_every_ruling_and_saves_it(
    tmp_path: Path,
) -> None:
    con, out = console()
    path = tmp_path / "rubber.pbn"
    status = run_laws_game(
        "short",
        Seat.S,
        11,
        0.2,
        path,
        con,
        io.StringIO("auto\n" * 30000),
        errors=con,
        player_kind="random",
    )
    text = out.getvalue()
    assert status == 0, text[-3000:]
    assert "The end" in text and f"to {path}" in text
    records = read_pbn_file(path)
    rulings = [e for rec in records for e in rec.events if isinstance(e, Ruling)]
    assert len(rulings) > 10
    assert text.count("Ruling: ") == len(rulings)  # every ruling told, once
    for r in rulings[:20]:
        told = say(r.what)  # cards written as the play screen writes them (issue 19 item 5)
        assert f"({told[:40]}" in text or told in text
    # the record scores as the game did: the penalties elected are in the log
    sheet = ScoreSheet(get_rules("short"))
    void = 0
    for rec in records:
        try:
            result = rec.result()
        except RecordError as exc:  # a new deal (law 69): not scored, the same dealer deals
            assert "void" in str(exc)
            void += 1
            continue
        sheet.record(result)
    assert text.count("The hand is void") == void
    assert f"Total: NS {sheet.totals[0]}, EW {sheet.totals[1]}" in text
    assert len(sheet.rubbers) == 1


def test_laws_play_dummy_whist_gives_the_human_his_dummys_cards(tmp_path: Path) -> None:
    con, out = console()
    path = tmp_path / "dummy.pbn"
    status = run_laws_game(
        "dummy", Seat.S, 2, 0.1, path, con, io.StringIO("auto\n" * 30000), player_kind="random"
    )
    assert status == 0
    assert "Dummy's card (N" in out.getvalue() or "dummy, N:" in out.getvalue()
    assert all(rec.dummies for rec in read_pbn_file(path))


# ---------------------------------------------------------------- the human's acts
def test_law_62_a_card_typed_at_a_pause_is_led_out_of_turn(tmp_path: Path) -> None:
    laws, out = game("", tmp_path, pause=True)
    state = first_deal(laws)
    assert state.turn != Seat.S  # a computer leads: the game pauses before his card
    card = state.hand_cards(Seat.S)[0]
    laws.stdin = io.StringIO(f"{card}\n" + "auto\n" * 6)
    assert laws.run() == 0
    text = out.getvalue()
    assert f"S (You) leads {card_label(card)} out of turn ({state.turn} to play)." in text
    assert say(f"Ruling: law 62 (A lead out of turn): S leads {card} out of turn") in text
    (rec,) = read_pbn_file(tmp_path / "laws.pbn")
    assert any(isinstance(e, PlayOutOfTurn) and e.card == card for e in rec.events)
    elected = [e for e in rec.events if isinstance(e, Elected)]
    assert elected and elected[0].law == 62 and elected[0].side == Seat.S.side.other


def test_law_71_the_humans_revoke_is_played_and_penalised_at_the_end(tmp_path: Path) -> None:
    laws, out = game("", tmp_path)
    state = first_deal(laws)
    turns = 0
    revoke: Card | None = None
    while revoke is None:
        seat = state.turn
        led = state.led_suit()
        hand = state.hand(seat)
        if seat == Seat.S:
            if led is not None and hand & SUIT_MASK[led] and hand & ~SUIT_MASK[led]:
                revoke = cards_of(hand & ~SUIT_MASK[led])[0]
                break
            turns += 1
        state.play(state.legal_cards()[0])
    laws.stdin = io.StringIO("auto\n" * turns + f"{revoke}\n" + "auto\n" * 13)
    assert laws.run() == 0
    text = out.getvalue()
    assert say(f"Ruling: law 71 (What is a revoke): revoke by S with {revoke}") in text
    assert "Ruling: law 72 (The revoke penalty): penalty for S's revoke" in text
    assert "law 82: NS revoked and cannot win the game this hand" in text
    (rec,) = read_pbn_file(tmp_path / "laws.pbn")[:1]
    assert [r.side for r in rec.result().revokes] == [Seat.S.side]


def test_law_84_the_humans_side_elects_from_a_menu_of_the_laws_options(tmp_path: Path) -> None:
    # the adversaries put a card down out of turn at their first chance
    eager = {
        name: SloppyPlayer(Lowest(name), 1.0, seed=i, slips=("out_of_turn",))
        for i, name in enumerate(COMPUTER_NAMES)
    }
    laws, out = game("1\n" + "auto\n" * 60, tmp_path, players=eager)
    partner = laws.seating.names[Seat.N]
    laws.players[Seat.N] = Lowest(partner)
    assert laws.run() == 0
    text = out.getvalue()
    assert "Your side's election (NS), law 6" in text  # law 62, 67 or 68
    menu = text[text.index("Your side's election (NS)") :]
    assert "  1. " in menu and "Choose 1-" in menu
    (rec,) = read_pbn_file(tmp_path / "laws.pbn")[:1]
    first = next(e for e in rec.events if isinstance(e, Elected) and e.side == Seat.S.side)
    ruling = next(e for e in rec.events if isinstance(e, Ruling) and e.law == first.law)
    assert first.option == ruling.options[0] and first.seat == Seat.S


def test_a_command_the_laws_refuse_is_told_and_changes_nothing(tmp_path: Path) -> None:
    laws, out = game("correct\nclaim omission\nSZ\nwhatever now\n", tmp_path, pause=True)
    assert laws.run() == 0
    text = out.getvalue()
    assert "S has no revoke to correct (law 76)" in text
    assert "no adversary of NS has missed a former trick (law 69)" in text
    assert "cannot read card 'SZ'" in text
    assert "'whatever now': not a command" in text
    (rec,) = read_pbn_file(tmp_path / "laws.pbn")
    assert not rec.events


def test_law_58_throw_down_exposes_the_humans_cards(tmp_path: Path) -> None:
    laws, out = game("throw down 2\n" + "auto\n" * 3, tmp_path, pause=True)
    assert laws.run() == 0
    assert "Ruling: law 58 (Cards thrown on the table): S throws his cards on the table" in (
        out.getvalue()
    )
    assert "Your cards face up (liable to be called):" in out.getvalue()


# ---------------------------------------------------------------- leaving
def test_ctrl_c_leaves_saves_the_unfinished_hand_and_exits_130(tmp_path: Path) -> None:
    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            line = super().readline()
            if not line:
                raise KeyboardInterrupt
            return line

    laws, out = game("", tmp_path, pause=True)
    laws.stdin = Interrupting("auto\n" * 5)
    assert laws.run() == 130
    assert "Interrupted: leaving the table." in out.getvalue()
    assert "(the last hand unfinished)" in out.getvalue()
    (rec,) = read_pbn_file(tmp_path / "laws.pbn")
    assert 0 < len(rec.plays) < 52


def test_quit_saves_and_exits_0(tmp_path: Path) -> None:
    laws, out = game("auto\nquit\n", tmp_path, pause=True)
    assert laws.run() == 0
    assert "Quit: leaving the table." in out.getvalue()
    assert (tmp_path / "laws.pbn").exists()


@pytest.mark.parametrize(
    ("variant", "sloppy", "kind", "problem"),
    [
        ("bridge", 0.1, None, "unknown variant 'bridge'"),
        ("short", 1.5, None, "--sloppy 1.5: expected a chance between 0 and 1"),
        ("short", 0.1, "oracle", "unknown player 'oracle'"),
    ],
)
def test_bad_variant_chance_or_player_exit_2(
    tmp_path: Path, variant: str, sloppy: float, kind: str | None, problem: str
) -> None:
    con, _ = console()
    err, errout = console()
    status = run_laws_game(
        variant,
        Seat.S,
        1,
        sloppy,
        tmp_path / "x.pbn",
        con,
        io.StringIO(""),
        errors=err,
        player_kind=kind,
    )
    assert status == 2
    assert errout.getvalue().startswith(f"cavendish: error: {problem}")
    assert not (tmp_path / "x.pbn").exists()


def test_every_option_of_the_laws_has_a_plain_english_line() -> None:
    from cavendish.core.cards import Side

    options = [
        "card", "suit", "accept", "pass", "win", "not_win", "highest", "lowest", "new-deal",
        "stand", "tricks", "deduct", "add", "correct", "none", "lay-down", "exact", "excuse",
        "suit:H", "call:SA", "play:SA", "win:3", "show:SA",
    ]  # fmt: skip
    d = Decision(0, 62, Side.NS, Seat.N, Seat.E, "question", tuple(options), "lead-out-of-turn")
    for option in options:
        text = option_text(d, option)
        assert text != option and len(text) > 10, option


def test_the_computers_are_the_classical_player_when_registered(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cavendish.cli.laws_play import _computer_kind
    from cavendish.players import PLAYERS

    assert _computer_kind("random") == "random"
    monkeypatch.setitem(PLAYERS, "classical", PLAYERS["random"])
    assert _computer_kind(None) == "classical"


def test_law_53_naming_the_trump_card_while_on_the_table_is_no_offence(tmp_path: Path) -> None:
    laws, out = game("name trump\nask\nleave trump\n", tmp_path, pause=True)
    assert laws.run() == 0
    text = out.getvalue()
    assert (
        "Ruling: law 53 (The trump card named after it was taken up): S names the trump card "
        "while it lies on the table: no offence"
    ) in text
    assert "N has not renounced to a trick still on the table (law 74)" in text
    dealer = laws.seating.first_dealer
    assert dealer != Seat.S  # (seed 4)
    assert f"only the dealer ({dealer}) can leave the trump card" in text


# ---------------------------------------------------------------- a pleasant table (issue 19)
def test_laws_play_plays_the_computers_cards_without_waiting_unless_pause_is_asked(
    tmp_path: Path,
) -> None:
    outputs = {}
    for pause in (False, True):
        con, out = console()
        status = run_laws_game(
            "short", Seat.S, 4, 0.0, tmp_path / f"p{pause}.pbn", con,
            io.StringIO("auto\n" * 200), errors=con, player_kind="random", pause=pause,
        )
        assert status == 0
        outputs[pause] = out.getvalue()
    assert "Enter lets him" not in outputs[False]
    assert "Enter lets him" in outputs[True]
    # without pauses the same input reaches further into the rubber
    assert outputs[False].count("Your card (") > outputs[True].count("Your card (")


def test_go_and_stop_toggle_the_pause_before_computer_cards(tmp_path: Path) -> None:
    laws, out = game("", tmp_path, pause=True)
    state = first_deal(laws)
    assert state.turn != Seat.S  # (seed 4) a computer leads: the game pauses
    laws.stdin = io.StringIO("go\n" + "auto\n" + "stop\n" + "auto\n" * 40)
    assert laws.run() == 0
    text = out.getvalue()
    assert text.count("Enter lets him") >= 2  # the first pause, and those after stop
    go = text.index("No more pauses")
    assert text.index("The game pauses before each computer card.") > go
    assert "Enter lets him" not in text[go : text.index("The game pauses before each")]


def test_hint_and_why_work_under_the_laws_as_in_plain_play(tmp_path: Path) -> None:
    from cavendish.players.classical import ClassicalPlayer

    classical = {n: ClassicalPlayer("modern", i, n) for i, n in enumerate(COMPUTER_NAMES)}
    laws, out = game("hint\nwhy\n" + "auto\n" * 3, tmp_path, players=classical)
    assert laws.run() == 0
    text = out.getvalue()
    assert "Classical: " in text and "Search: " in text  # the tutor's two cards
    # why: the last computer card, in its player's own words (a convention cited)
    why = text[text.index("Search: ") :]
    assert " played ♠" in why or " played ♥" in why or " played ♦" in why or " played ♣" in why
    assert "(C" in why.splitlines()[1]


def test_the_opening_screen_under_the_laws_names_partners_as_plain_play_does(
    tmp_path: Path,
) -> None:
    laws, out = game("quit\n", tmp_path)
    assert laws.run() == 0
    text = out.getvalue()
    partner = laws.seating.names[Seat.N]
    assert f"N {partner} (your partner)" in text and "S you" in text
    assert "Lowest cards: " in text and "partners against" in text


def test_pause_is_refused_without_laws(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cavendish.cli.main import app

    result = CliRunner().invoke(app, ["play", "--pause", "--seed", "1", "--out",
                                      str(tmp_path / "x.pbn")], input="")
    assert result.exit_code == 2
    assert "--pause needs --laws" in result.output
    assert not (tmp_path / "x.pbn").exists()


def test_the_twelve_card_games_are_refused_under_the_laws(tmp_path: Path) -> None:
    # the laws arbiter plays the club code's game of 52 cards dealt round; whisk puts
    # the deuces out (000): one refusal, game.laws_session.laws_refusal, says why
    from typer.testing import CliRunner

    from cavendish.cli.main import app
    from cavendish.core.rules import get_rules
    from cavendish.game.laws_session import LawsSession
    from cavendish.game.session import SessionError

    result = CliRunner().invoke(app, ["play", "--variant", "whisk", "--laws", "--seed", "1",
                                      "--out", str(tmp_path / "x.pbn")], input="")
    assert result.exit_code == 2
    assert "--laws: the laws arbiter plays the club code's game of 52 cards" in result.output
    assert "whisk deals 12 cards a hand (000)" in result.output
    assert not (tmp_path / "x.pbn").exists()
    with pytest.raises(SessionError, match="whisk deals 12 cards a hand"):
        LawsSession.by_cut(get_rules("whisk"), {n: None for n in "ABCD"}, 1)


def test_law_88_a_bystander_s_remark_typed_at_the_terminal(tmp_path: Path) -> None:
    """003 law 88: a bystander who calls attention to an oversight affecting the score
    may be called on to pay the stakes and all bets: ``bystander W`` at the terminal;
    N-S (the person's side) elect."""
    laws, out = game("bystander W\n1\n" + "auto\n" * 60, tmp_path)
    assert laws.run() == 0
    rulings = rulings_of(tmp_path / "laws.pbn")
    assert any(r.law == 88 and "draws W's attention" in r.what for r in rulings)
    assert "Your side's election (NS), law 88" in out.getvalue()


def test_law_89_a_bystander_decides_by_agreement_of_all_at_the_terminal(tmp_path: Path) -> None:
    """003 law 89: a bystander decides a question referred to him by all the players;
    his decision is final (``refer Q: D``; the computers agree)."""
    laws, _ = game("refer who dealt: S dealt\n" + "auto\n" * 60, tmp_path)
    assert laws.run() == 0
    rulings = rulings_of(tmp_path / "laws.pbn")
    assert any(r.law == 89 and "decides 'who dealt': S dealt" in r.what for r in rulings)


def test_law_83_fresh_cards_called_for_between_hands_at_the_terminal(tmp_path: Path) -> None:
    """003 law 83: "Any one, before the cards are cut for the deal, may call for fresh
    cards" (two new packs; the dealer chooses): ``fresh`` at the prompt between hands;
    the rulings come with the next deal."""
    laws, out = game("auto\n" * 13 + "fresh\n1\n" + "auto\n" * 60, tmp_path)
    assert laws.run() == 0
    text = out.getvalue()
    assert "Fresh cards are brought" in text
    assert "law 83" in text.split("Fresh cards are brought")[1]
    assert "S calls for two new packs: the dealer chooses" in text
    during, _ = game("", tmp_path)
    during.session.start_hand()
    with pytest.raises(SessionError, match="between hands, before the cut"):
        during.session.call_fresh_cards(Seat.S)  # law 83: before the cut only


def test_law_11_correct_score_typed_between_hands_at_the_terminal(tmp_path: Path) -> None:
    """003 law 11: "If an erroneous score be proved, such mistake can be corrected prior
    to the conclusion of the game in which it occurred": the scorer wrote board 1 down
    wrongly (every hand at ``score_slips=1``, as ``--sloppy 1`` would); ``correct
    score`` between hands, before the next deal, corrects it."""
    laws, out = game("auto\n" * 13 + "correct score\ncorrect score\n" + "auto\n" * 60,
                     tmp_path, seed=5)
    laws.session.score_slips = 1.0
    assert laws.run() == 0
    text = out.getvalue()
    assert "law 11" in text and "proves an erroneous score of board 1" in text
    assert "no erroneous score is proved" in text  # the second time: it is right now
    assert 0 not in laws.session.misscored


def test_law_44_38_the_person_deals_and_misdeals_then_elects_on_an_exposed_card(
        tmp_path: Path) -> None:
    """``cavendish play --laws --sloppy 0.2 --sloppy-me``: you deal first and misdeal
    (law 44: "Should the dealer deal two cards at once [...] and then deal a third":
    "A misdeal loses the deal", law 43); the next dealer, a computer, exposes a card
    (law 38: "the latter can claim a new deal"), and your side is asked."""
    from typer.testing import CliRunner

    from cavendish.cli.main import app

    out = tmp_path / "d.pbn"
    res = CliRunner().invoke(app, ["play", "--laws", "--sloppy", "0.2", "--sloppy-me",
                                   "--seed", "10", "--out", str(out)], input="auto\n" * 900)
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert "You deal first." in text
    assert "Ruling: law 44 (What is a misdeal): two cards dealt at once" in text
    assert "Your side's election (NS), law 38 (A card exposed in dealing)" in text
    assert "NS (You, S) elect new-deal (law 38)" in text
    bad = CliRunner().invoke(app, ["play", "--laws", "--sloppy-me", "--out", str(out)])
    assert bad.exit_code == 2 and "--sloppy-me needs --laws and --sloppy P" in bad.output

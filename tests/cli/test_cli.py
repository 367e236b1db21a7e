"""The ``cavendish`` command: deal, play (driven by piped input) and score."""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cavendish.cli.main import app, main, make_session
from cavendish.cli.voice import card_label
from cavendish.core import (
    Card,
    CardPlayed,
    Deal,
    HandState,
    HonoursCalled,
    Seat,
    Suit,
    cut_for_partners,
    get_rules,
)
from cavendish.game import Session, SessionResult, play_rubber
from cavendish.io.pbn import read_pbn_file, write_pbn_file
from cavendish.io.record import HandRecord
from cavendish.players import RandomPlayer
from cavendish.scoring import ScoreSheet

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def play_auto(session: Session, human_cards: int | None = None) -> int:
    """Drive ``session`` as ``cavendish play`` does when every line is ``auto``:
    the human plays his first legal card.  Returns the number of human turns."""
    turns = 0
    while not session.is_over:
        session.start_hand()
        while session.to_play is not None:
            session.run()
            if session.called is not None:
                session.play_out()
                break
            if session.to_play is None:
                break
            if human_cards is not None and turns == human_cards:
                return turns
            session.play(session.view(session.to_play).legal_cards()[0])
            turns += 1
        session.finish_hand()
    return turns


# ---------------------------------------------------------------------- deal


def test_deal_json_shape_and_the_same_seed_gives_the_same_deal() -> None:
    first = run("deal", "--seed", "42", "--json")
    again = run("deal", "--seed", "42", "--json")
    other = run("deal", "--seed", "43", "--json")
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    # issue 19 item 5: deal --json includes its seed
    assert list(data) == ["seed", "dealer", "deal", "trump_card"] and data["seed"] == 42
    assert data == json.loads(again.stdout)
    assert data != json.loads(other.stdout)
    deal = Deal.from_pbn(data["deal"], trump_card=data["trump_card"])  # validates the deal
    assert str(deal.dealer) == data["dealer"] == data["deal"][0]


def test_law_16_deal_default_dealer_is_the_lowest_cutter() -> None:
    for seed in range(5):
        data = json.loads(run("deal", "--seed", str(seed), "--json").stdout)
        cut = cut_for_partners(random.Random(seed), ["N", "E", "S", "W"])
        assert data["dealer"] == cut.dealer


def test_deal_dealer_option_and_text_diagram() -> None:
    data = json.loads(run("deal", "--seed", "7", "--dealer", "e", "--json").stdout)
    assert data["dealer"] == "E"
    text = run("deal", "--seed", "7", "--dealer", "E")
    assert text.exit_code == 0
    for word in ("North", "East (dealer)", "South", "West", "♠", "♥", "♦", "♣"):
        assert word in text.stdout
    trump = Card.parse(data["trump_card"])
    assert f"trump card {trump.suit.symbol}" in text.stdout
    assert data["deal"] in text.stdout


def test_deal_unknown_dealer_is_one_line_on_stderr() -> None:
    result = run("deal", "--dealer", "X")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "cavendish: error: --dealer: unknown seat 'X': expected one of N E S W"
    ]


# ---------------------------------------------------------------------- play


def test_play_a_whole_rubber_from_piped_input(tmp_path: Path) -> None:
    out = tmp_path / "rubber.pbn"
    result = run("play", "--seed", "5", "--out", str(out), input="auto\n" * 400)
    assert result.exit_code == 0, result.output
    assert "The end" in result.stdout and f"to {out}" in result.stdout
    records = read_pbn_file(out)
    replica = make_session(get_rules("short"), Seat.S, 5)
    play_auto(replica)
    assert len(replica.sheet.rubbers) == 1
    assert [r.deal for r in records] == [h.state.deal for h in replica.hands]
    assert [r.plays for r in records] == [
        tuple(e.card for e in h.state.events if isinstance(e, CardPlayed)) for h in replica.hands
    ]
    totals = replica.sheet.totals
    assert f"Total: NS {totals[0]}, EW {totals[1]}" in result.stdout


def test_play_shows_the_cut_the_seats_and_the_trump_card(tmp_path: Path) -> None:
    result = run(
        "play", "--seed", "2", "--seat", "E", "--out", str(tmp_path / "x.pbn"), input="auto\n"
    )
    cut = make_session(get_rules("short"), Seat.E, 2).cut
    assert cut is not None
    first = cut.rounds[0]
    for who, card in zip(first.players, first.cards, strict=True):
        assert f"{who} {card.symbol.replace('T', '10')}" in result.stdout
    assert "E you" in result.stdout
    assert "trump card" in result.stdout and "on the table" in result.stdout
    assert "Your hand, E:" in result.stdout


def test_play_end_of_input_saves_the_record_so_far(tmp_path: Path) -> None:
    out = tmp_path / "partial.pbn"
    result = run("play", "--seed", "8", "--out", str(out), input="auto\n" * 3)
    assert result.exit_code == 0
    assert "End of input" in result.stdout
    assert f"Saved 1 hand (the last hand unfinished) to {out}" in result.stdout
    (record,) = read_pbn_file(out)
    state = record.replay()
    assert not state.is_over
    mine = [e for e in state.events if isinstance(e, CardPlayed) and e.seat == Seat.S]
    assert len(mine) == 3


def test_play_illegal_card_is_explained_and_asked_again(tmp_path: Path) -> None:
    # a seed where South, at his first turn, must follow suit and holds another suit
    for seed in range(50):
        session = make_session(get_rules("short"), Seat.S, seed)
        session.start_hand()
        session.run()
        view = session.view(Seat.S)
        if view.trick and view.legal != view.hand:
            break
    else:  # pragma: no cover - the search always succeeds
        pytest.fail("no seed found")
    led = view.trick[0][1].suit
    wrong = next(c for c in view.hand_cards() if c.suit != led)
    out = tmp_path / "illegal.pbn"
    typed = str(wrong).lower()
    result = run("play", "--seed", str(seed), "--out", str(out), input=f"{typed}\nzz\nauto\n")
    # issue 19 item 5: the error writes the card as the play screen does (♠3)
    shown = card_label(wrong)
    assert f"illegal card '{shown}' for S: must follow {Suit(led).word}" in result.stdout
    assert "cannot read card 'zz'" in result.stdout
    after = result.stdout.split(f"illegal card '{shown}'", 1)[1]
    assert "Your card (S" in after  # asked again
    (record,) = read_pbn_file(out)
    played = record.replay().events
    mine = [e.card for e in played if isinstance(e, CardPlayed) and e.seat == Seat.S]
    assert mine == [view.legal_cards()[0]]


def test_play_help_and_last_trick(tmp_path: Path) -> None:
    result = run(
        "play", "--seed", "3", "--out", str(tmp_path / "h.pbn"), input="help\nlast\nauto\nlast\n"
    )
    assert "Commands:" in result.stdout
    assert "No trick has been turned and quitted yet." in result.stdout
    assert result.stdout.count("Last trick:") >= 2


def test_law_91_no_more_than_eight_cards_of_tricks_are_shown(tmp_path: Path) -> None:
    result = run("play", "--seed", "4", "--out", str(tmp_path / "r.pbn"), input="auto\n" * 400)
    blocks = result.stdout.split("─" * 80)
    assert len(blocks) > 30
    card = re.compile(r"[♠♥♦♣](?:10|[2-9JQKA])")
    for block in blocks:
        shown = [ln for ln in block.splitlines() if ln.startswith(("Last trick:", "Trick "))]
        assert sum(ln.startswith("Last trick:") for ln in shown) <= 1
        assert sum(len(card.findall(ln)) for ln in shown) <= 8


@pytest.mark.parametrize("variant", ["long", "american", "clay", "dummy", "double-dummy"])
def test_play_every_variant_to_its_end(variant: str, tmp_path: Path) -> None:
    out = tmp_path / "v.pbn"
    result = run(
        "play",
        "--variant",
        variant,
        "--seed",
        "6",
        "--seat",
        "N",
        "--out",
        str(out),
        input="auto\n" * 900,
    )
    assert result.exit_code == 0, result.output
    assert "The end" in result.stdout
    if variant == "double-dummy":
        assert "Dummy's card (S" in result.stdout
    records = read_pbn_file(out)
    assert records and all(r.variant == variant and r.is_finished for r in records)


def test_play_unknown_variant_lists_the_variants() -> None:
    result = run("play", "--variant", "bridge")
    assert result.exit_code == 2
    assert "unknown variant 'bridge': expected one of american, clay, double-dummy" in (
        result.stderr
    )


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_play_ctrl_c_leaves_cleanly_and_saves(tmp_path: Path) -> None:
    out = tmp_path / "interrupted.pbn"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cavendish.cli", "play", "--seed", "1", "--out", str(out)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        # Ctrl-C as at a terminal: a background job (tests run with `&`) inherits SIGINT
        # ignored, and Python then installs no KeyboardInterrupt for it
        preexec_fn=_default_sigint,
    )
    assert proc.stdout is not None
    seen = b""
    # generous: a starved machine (a match beside the tests) must not fail it
    deadline = time.monotonic() + 120
    while b"help for commands" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            seen += os.read(proc.stdout.fileno(), 65536)
    assert b"help for commands" in seen
    proc.send_signal(signal.SIGINT)
    rest, err = proc.communicate(timeout=120)
    text = (seen + rest).decode()
    assert proc.returncode == 130, err.decode()
    assert "Traceback" not in err.decode()
    assert "Interrupted" in text and f"to {out}" in text
    (record,) = read_pbn_file(out)
    assert not record.is_finished


# --------------------------------------------------------------------- score


def _session_file(
    tmp_path: Path, variant: str = "short", seed: int = 3
) -> tuple[Path, SessionResult]:
    rules = get_rules(variant)
    people = {Seat.S, Seat.W} | ({Seat.E} if rules.players > 2 else set())
    if rules.players == 4:
        people.add(Seat.N)
    players = {seat: RandomPlayer(seat + seed, f"R{int(seat)}") for seat in sorted(people)}
    result = play_rubber(players, rules, seed=seed)
    path = tmp_path / "session.pbn"
    write_pbn_file(result.records(event="test"), path)
    return path, result


@pytest.mark.parametrize(
    ("variant", "seed"), [("short", 3), ("long", 3), ("dummy", 4), ("double-dummy", 5)]
)
def test_score_json_replays_a_session_file(tmp_path: Path, variant: str, seed: int) -> None:
    path, result = _session_file(tmp_path, variant, seed)
    if variant == "long":  # a file with a call of honours at eight in it
        assert any(isinstance(e, HonoursCalled) for h in result.hands for e in h.state.events)
    out = run("score", str(path), "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    sheet = result.sheet
    assert len(data["boards"]) == len(sheet.hands)
    for board, hand in zip(data["boards"], sheet.hands, strict=True):
        assert board == {
            "tricks": {"NS": hand.tricks[0], "EW": hand.tricks[1]},
            "honours": {"NS": hand.honours[0], "EW": hand.honours[1]},
            "points": {"NS": hand.points[0], "EW": hand.points[1]},
        }
    assert data["games"] == [{"winner": str(g.winner), "value": g.value} for g in sheet.games]
    assert data["rubbers"] == [{"winner": str(r.winner), "points": r.points} for r in sheet.rubbers]
    assert data["score"] == {"NS": sheet.totals[0], "EW": sheet.totals[1]}
    assert len(data["rubbers"]) == 1


def test_score_variant_option_overrides_the_files_tags(tmp_path: Path) -> None:
    path, result = _session_file(tmp_path)
    data = json.loads(run("score", str(path), "--variant", "american", "--json").stdout)
    sheet = ScoreSheet(get_rules("american"))
    for hand in result.hands:
        assert hand.result is not None
        sheet.record(hand.result)
    assert data["score"] == {"NS": sheet.totals[0], "EW": sheet.totals[1]}
    assert all(b["honours"] == {"NS": 0, "EW": 0} for b in data["boards"])


def test_score_text_is_a_score_sheet(tmp_path: Path) -> None:
    path, result = _session_file(tmp_path)
    out = run("score", str(path))
    assert out.exit_code == 0
    assert "Score sheet" in out.stdout and "Rubber 1: won by" in out.stdout
    totals = result.sheet.totals
    assert f"Total: NS {totals[0]}, EW {totals[1]}" in out.stdout


def _spoil(record: HandRecord, how: str) -> tuple[HandRecord, int]:
    """The record with one card changed: a failure to follow suit, or a card not in hand."""
    plays = list(record.plays)
    state = HandState(record.deal)
    for i, card in enumerate(plays):
        seat = state.turn
        if state.current_trick:
            led = state.current_trick[0][1].suit
            if how == "revoke":
                other = [c for c in state.hand_cards(seat) if c.suit != led]
                if other and card.suit == led:
                    j = plays.index(other[0])
                    plays[i], plays[j] = plays[j], plays[i]
                    break
            else:
                plays[i] = next(c for c in state.hand_cards(seat.left))
                break
        state.play(card)
    spoilt = HandRecord(record.deal, record.variant, tuple(plays), record.board, record.players)
    return spoilt, state.trick_number + 1


@pytest.mark.parametrize(("how", "why"), [("revoke", "must follow"), ("stolen", "not in hand")])
def test_score_refuses_an_illegal_play_naming_board_and_trick(
    tmp_path: Path, how: str, why: str
) -> None:
    path, _ = _session_file(tmp_path)
    records = read_pbn_file(path)
    spoilt, trick = _spoil(records[1], how)
    write_pbn_file([records[0], spoilt, *records[2:]], path)
    out = run("score", str(path), "--json")
    assert out.exit_code == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cavendish: error: ")
    assert f"board {spoilt.board}, trick {trick}:" in lines[0] and why in lines[0]
    assert out.stdout == ""


def test_score_unreadable_files(tmp_path: Path) -> None:
    missing = run("score", str(tmp_path / "nothing.pbn"))
    assert missing.exit_code == 1
    assert missing.stderr.startswith("cavendish: error: cannot read")
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Deal "N:AKQ"]\n')
    out = run("score", str(bad))
    assert out.exit_code == 1
    assert "bad.pbn" in out.stderr and "Traceback" not in out.output
    assert len(out.stderr.strip().splitlines()) == 1
    empty = tmp_path / "empty.pbn"
    empty.write_text("% PBN 2.1\n")
    assert "no hands" in run("score", str(empty)).stderr


def test_score_unknown_variant_lists_the_variants(tmp_path: Path) -> None:
    path, _ = _session_file(tmp_path)
    out = run("score", str(path), "--variant", "bridge")
    assert out.exit_code == 2
    assert (
        "expected one of american, clay, double-dummy, dummy, long, ruff-and-honours, short, "
        "swabbers, whisk, whist"
    ) in out.stderr


def test_score_skips_an_unfinished_hand_with_a_note(tmp_path: Path) -> None:
    out = tmp_path / "partial.pbn"
    run("play", "--seed", "8", "--out", str(out), input="auto\n" * 3)
    result = run("score", str(out), "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["boards"] == []
    assert "board 1 is unfinished" in result.stderr


# ---------------------------------------------------------------------- main


def test_usage_errors_are_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["deal", "--bogus"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "cavendish: error: No such option: --bogus (see 'cavendish deal --help')"
    ]


def test_main_runs_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["deal", "--seed", "1", "--json"])
    assert exit_.value.code == 0
    assert json.loads(capsys.readouterr().out)["dealer"] in "NESW"


def test_a_pbn_warning_is_one_line_on_stderr_and_the_file_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """BBO's ``[Date "2021-04-03 05:06"]`` is read with a warning (issue 19), shown as
    the CLI shows its errors."""
    path = tmp_path / "bbo.pbn"
    path.write_text(
        '[Date "2021-04-03 05:06"]\n[Board "1"]\n[Dealer "S"]\n'
        '[Deal "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]\n'
        '[TrumpCard "S2"]\n'
    )
    with pytest.raises(SystemExit) as exit_:
        main(["score", str(path), "--json"])
    assert exit_.value.code == 0
    assert capsys.readouterr().err.splitlines()[0] == (
        f"cavendish: warning: {path}, line 1 (board 1): Date '2021-04-03 05:06' has a time, "
        "which PBN's Date does not hold: read as 2021.04.03"
    )

"""``cavendish play --call-honours ask``: the call at eight offered to the person in
the terminal (issue 23 item 1)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat
from cavendish.core.events import WrongCall
from cavendish.io.pbn import read_pbn_file

runner = CliRunner()


def test_001_a_wrong_call_typed_at_the_terminal_voids_the_hand(tmp_path: Path) -> None:
    """001: "If any one calls [...] without being at the score of eight [...] the
    adversaries may consult as to a fresh deal": the person types ``call`` at 0-0, the
    computer adversaries claim the fresh deal, and no hand is scored."""
    out = tmp_path / "c.pbn"
    res = runner.invoke(
        app,
        ["play", "--variant", "long", "--call-honours", "ask", "--seed", "3", "--seat", "S",
         "--out", str(out)],
        input="call\n\nquit\n",
    )
    assert res.exit_code == 0, res.output
    assert "without being at the score of eight" in res.output
    assert "The adversaries claim a fresh deal." in res.output
    # the void hand is kept in the record, the fresh deal after it (issue 31 point 11)
    assert "Saved 2 hands (the last hand unfinished)" in res.output
    void, fresh = read_pbn_file(out)
    (wrong,) = [e for e in void.events if isinstance(e, WrongCall)]
    assert wrong.fresh_deal and wrong.seat == Seat.S and void.events[-1] == wrong
    assert "without being at the score of eight" in wrong.wrong
    assert fresh.board == void.board and fresh.deal.dealer == void.deal.dealer
    assert fresh.deal != void.deal


def test_call_honours_option_is_checked() -> None:
    res = runner.invoke(app, ["play", "--variant", "long", "--call-honours", "never"])
    assert res.exit_code == 2 and "--call-honours 'never'" in res.output


def test_reminding_is_refused_when_the_engine_calls_for_every_side(tmp_path: Path) -> None:
    """Under the default (``--call-honours auto``) the engine calls for every side: the
    person's ``remind`` is refused and the hand goes on."""
    res = runner.invoke(
        app,
        ["play", "--variant", "short", "--seed", "3", "--seat", "S",
         "--out", str(tmp_path / "s.pbn")],
        input="remind\nquit\n",
    )
    assert res.exit_code == 0, res.output
    assert 'honours are called by the engine here' in res.output


def test_001_a_person_elects_after_a_computer_s_wrong_call(tmp_path: Path) -> None:
    """001 (offset 3389): "If any one calls [...] without being at the score of eight
    [...] the adversaries may consult as to a fresh deal": a computer (``--sloppy``)
    calls wrongly, and you, his adversary, elect: "no" lets the hand stand, played
    out and scored; "yes" makes it void, kept in the record before the fresh deal."""
    args = ["play", "--variant", "long", "--call-honours", "ask", "--sloppy", "1",
            "--seed", "1", "--rubbers", "1"]
    out = tmp_path / "stand.pbn"
    res = runner.invoke(app, [*args, "--out", str(out)],
                        input="no\n" * 2 + "auto\n" * 30 + "quit\n")
    assert res.exit_code == 0, res.output
    assert "Claim a fresh deal? (yes: the hand is void; no: it stands)" in res.output
    assert "You let the hand stand." in res.output
    first = read_pbn_file(out)[0]
    wrongs = [e for e in first.events if isinstance(e, WrongCall)]
    assert wrongs and all(not w.fresh_deal and w.seat.side != Seat.S.side for w in wrongs)
    assert first.is_finished  # the hand stood: played out and scored
    out = tmp_path / "void.pbn"
    res = runner.invoke(app, [*args, "--out", str(out)], input="yes\n\nquit\n")
    assert res.exit_code == 0, res.output
    assert "You claim a fresh deal." in res.output
    void = read_pbn_file(out)[0]
    assert [e.fresh_deal for e in void.events if isinstance(e, WrongCall)] == [True]
    assert not void.is_finished


def test_sloppy_without_laws_needs_the_call_left_to_the_players() -> None:
    res = runner.invoke(app, ["play", "--variant", "long", "--sloppy", "0.5"])
    assert res.exit_code == 2 and "--call-honours ask" in res.output


def test_001_reclaiming_their_hands_if_thrown_down_at_the_terminal(tmp_path: Path) -> None:
    """001 (offset 3573): "the adversaries may consult as to a fresh deal, reclaiming
    their hands if thrown down": W calls at nought holding two honours, E the third
    (seed 1): the honours shown, the hands lie thrown down and you consult with the
    four of them before you elect; the hand stands and they are taken up again."""
    out = tmp_path / "thrown.pbn"
    res = runner.invoke(app, ["play", "--variant", "long", "--call-honours", "ask",
                              "--sloppy", "1", "--seed", "1", "--rubbers", "1",
                              "--out", str(out)], input="no\n" * 2 + "auto\n" * 30 + "quit\n")
    assert res.exit_code == 0, res.output
    before, after = res.output.split("The hands are thrown down", 1)
    assert "Wrong: W called without being at the score of eight" in before
    shown = after.split("Claim a fresh deal?")[0]
    assert all(f"  {seat} (" in shown for seat in "NESW")  # the four hands, face up
    wrongs = [e for e in read_pbn_file(out)[0].events if isinstance(e, WrongCall)]
    assert wrongs[0].thrown_down and not wrongs[0].fresh_deal

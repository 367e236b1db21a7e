"""A record is never lost: output paths checked before play, the autosave after every
card, ``play --resume`` after ``kill -9`` (issue 19, item 2)."""

from __future__ import annotations

import json
import os
import pty
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cavendish.cli.main import app, make_session
from cavendish.core import CardPlayed, Seat, get_rules
from cavendish.game import Session
from cavendish.game.saved import autosave_path, load_snapshot, save_session
from cavendish.io.files import OutputPathError, check_output_path, write_atomic
from cavendish.io.pbn import read_pbn_file
from cavendish.players import RandomPlayer

runner = CliRunner()
PROMPT = b"help for commands"


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


# ------------------------------------------------------------- output paths


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--seed", "1", "--out", "{missing}/x.pbn"],
        ["play", "--seed", "1", "--out", "{folder}"],
        ["match", "random", "random", "--boards", "2", "--pbn", "{missing}/x.pbn"],
        ["match", "random", "random", "--boards", "2", "--journal", "{missing}/j.jsonl"],
        ["odds", "table", "suit-length", "--plot", "{missing}/p.png"],
        ["odds", "record", "--rubbers", "1", "--plot", "{missing}/p.png"],
    ],
)
def test_an_unwritable_output_path_is_refused_before_the_first_card(
    tmp_path: Path, args: list[str]
) -> None:
    filled = [a.format(missing=tmp_path / "nowhere", folder=tmp_path) for a in args]
    out = run(*filled, input="auto\n" * 5)
    assert out.exit_code == 2, out.output
    assert out.stderr.startswith("cavendish: error: ")
    assert len(out.stderr.strip().splitlines()) == 1
    assert "Board 1" not in out.stdout and "Cut" not in out.stdout


def test_check_output_path_leaves_nothing_behind(tmp_path: Path) -> None:
    existing = tmp_path / "old.pbn"
    existing.write_text("keep")
    assert check_output_path(existing, "--out") == existing
    assert check_output_path(tmp_path / "new.pbn", "--out") == tmp_path / "new.pbn"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.pbn"]
    assert existing.read_text() == "keep"
    with pytest.raises(OutputPathError, match="no folder"):
        check_output_path(tmp_path / "a" / "b.pbn", "--out")


def test_write_atomic_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "f.json"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in tmp_path.iterdir()] == ["f.json"]  # no temporary file left


def test_write_atomic_writes_a_pipe_or_device_in_place_never_replacing_it(tmp_path: Path) -> None:
    """``--out /dev/null`` run as root once put a plain file where /dev/null was: a
    rename over a device or a named pipe replaces it.  Such a path is written in place."""
    import stat
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    write_atomic(fifo, "through the pipe")
    reader.join(timeout=10)
    assert got == [b"through the pipe"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still a pipe, not a plain file
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_write_atomic_through_a_link_replaces_the_file_and_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.pbn"
    real.write_text("old")
    link = tmp_path / "link.pbn"
    link.symlink_to(real)
    write_atomic(link, "new")
    assert link.is_symlink() and real.read_text() == "new"


# ------------------------------------------------------------- save, resume


def _auto_until(session: Session, human_cards: int) -> None:
    """Play the human's first legal card ``human_cards`` times (hands started as needed)."""
    done = 0
    while done < human_cards:
        if session.state is None:
            session.start_hand()
        session.run()
        if session.to_play is None:
            session.finish_hand()
            continue
        session.play(session.view(session.to_play).legal_cards()[0])
        done += 1


def test_resume_keeps_seats_sheet_dealer_hand_in_play_and_the_next_deals() -> None:
    rules = get_rules("short")
    straight = make_session(rules, Seat.S, 11, "random")
    _auto_until(straight, 20)  # into the second hand
    saved = straight.snapshot({"seed": 11})
    players = {seat: straight.players[seat] for seat in Seat}
    resumed = Session.restore(json.loads(json.dumps(saved)), players)
    assert resumed.names == straight.names
    assert resumed.dealer == straight.dealer and resumed.rubber == straight.rubber
    assert resumed.sheet.hands == straight.sheet.hands
    assert resumed.state == straight.state
    # the deals an uninterrupted session would have dealt
    for s in (straight, resumed):
        s.play_out()
        s.finish_hand()
    for _ in range(3):
        if straight.is_over:
            break
        a, b = straight.start_hand(), resumed.start_hand()
        assert a == b
        assert straight.state is not None and resumed.state is not None
        assert straight.state.deal == resumed.state.deal
        straight.play_out(), resumed.play_out()
        straight.finish_hand(), resumed.finish_hand()


def test_restore_refuses_other_humans_and_damaged_data() -> None:
    session = make_session(get_rules("short"), Seat.S, 2, "random")
    data = session.snapshot()
    computers = {seat: RandomPlayer(int(seat)) for seat in Seat}
    with pytest.raises(ValueError, match="humans at S"):
        Session.restore(data, computers)
    with pytest.raises(ValueError, match="damaged"):
        Session.restore({**data, "rng": "nonsense"}, dict(session.players))


def _read_until(fd: int, needle: bytes, count: int, seen: bytes, timeout: float) -> bytes:
    deadline = time.monotonic() + timeout
    while seen.count(needle) < count and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:
                break
    return seen


def test_kill_9_mid_hand_and_resume_loses_at_most_the_card_being_typed(tmp_path: Path) -> None:
    """``cavendish play`` on a pseudo-terminal; five cards typed, the sixth half typed,
    then SIGKILL.  The autosave holds the five cards; ``--resume`` goes on from there."""
    out = tmp_path / "rubber.pbn"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100", "TERM": "dumb"}
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cavendish.cli", "play", "--seed", "7", "--out", str(out),
         "--players", "random"],
        stdin=slave, stdout=slave, stderr=slave, env=env, cwd=tmp_path,
    )
    os.close(slave)
    seen = b""
    try:
        for typed in range(5):
            seen = _read_until(master, PROMPT, typed + 1, seen, 120)
            assert seen.count(PROMPT) >= typed + 1, seen.decode(errors="replace")[-2000:]
            os.write(master, b"auto\n")
        seen = _read_until(master, PROMPT, 6, seen, 120)
        assert seen.count(PROMPT) >= 6
        os.write(master, b"s")  # the card being typed when the process dies
        time.sleep(0.2)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == -signal.SIGKILL
    save = autosave_path(out)
    data = load_snapshot(save)
    assert not out.exists()  # killed: the PBN was never written, the autosave was
    humans = [seat for seat in Seat if data["seats"][str(seat)] == "You"]
    log = data["log"]["boards"]
    mine = [
        e for board in log for e in board["events"]
        if e["kind"] == "play" and Seat.parse(e["seat"]) in humans
    ]
    assert len(mine) == 5  # every card typed before the kill is in the save
    # resume, leave at once: the record now holds those five cards of ours
    res = run("play", "--resume", str(save), "--out", str(out), input="quit\n")
    assert res.exit_code == 0, res.output
    assert "Resuming at board" in res.stdout
    records = read_pbn_file(out)
    me = humans[0]
    played = [
        e for r in records for e in r.events if isinstance(e, CardPlayed) and e.seat == me
    ]
    assert len(played) == 5
    assert save.exists()  # the session is not over: its save stays to go on with


def test_a_finished_session_removes_its_autosave(tmp_path: Path) -> None:
    out = tmp_path / "done.pbn"
    res = run("play", "--seed", "3", "--players", "random", "--out", str(out),
              input="auto\n" * 400 + "\n" * 20)
    assert res.exit_code == 0, res.output
    assert out.exists() and not autosave_path(out).exists()


def test_resume_of_a_file_that_is_not_a_save_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.json"
    bad.write_text("{}")
    res = run("play", "--resume", str(bad))
    assert res.exit_code == 2 and "not a saved session" in res.stderr
    res = run("play", "--resume", str(tmp_path / "missing.json"))
    assert res.exit_code == 2 and "no such file" in res.stderr


def test_save_session_is_what_resume_reads(tmp_path: Path) -> None:
    session = make_session(get_rules("long"), Seat.E, 5, "random")
    _auto_until(session, 3)
    path = tmp_path / "s.json"
    save_session(session, path, {"seed": 5, "players": "random"})
    again = Session.restore(load_snapshot(path), dict(session.players))
    assert again.state == session.state

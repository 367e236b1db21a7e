"""The console script (cli.launch): a match starts without the rest of the command
line, and every other command still finds the whole of it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = str(Path(sys.executable).with_name("cavendish"))

LIGHT_MATCH = """
import sys
sys.argv = ["cavendish", "match", "random", "random", "--boards", "1", "-w", "1", "-q"]
from cavendish.cli.launch import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print("cavendish.cli.main" in sys.modules, "cavendish.laws.arbiter" in sys.modules,
      "cavendish.cli.play" in sys.modules)
"""


def test_a_match_imports_neither_the_other_commands_nor_the_laws():
    # some 0.3 s of CPU before the first board, serial in -w 1 and -w 2 alike
    out = subprocess.run([sys.executable, "-c", LIGHT_MATCH], capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.split()[-3:] == ["False", "False", "False"]


QUICK_MATCH = """
import json, sys
sys.argv = ["cavendish", "match", "random", "random", "--boards", "1", "-w", "1", "-q",
            *json.loads(sys.argv[1])]
from cavendish.cli.launch import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in
                        ("typer", "click", "pydantic", "pydantic_core", "rich", "cavendish"))))
"""


def _modules_of_a_quick_match(*args: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", QUICK_MATCH, json.dumps(args)],
                         capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_a_match_s_command_line_is_read_without_typer_pydantic_or_rich():
    # some 0.2 s of CPU before the first board (issue 32): the import budget of a
    # quiet match printing JSON is the package's match and nothing of the command line's
    # libraries, nor the PBN and JSON log writers, the rubbers, the progress bar
    modules = _modules_of_a_quick_match("--json")
    assert not {m.split(".")[0] for m in modules} & {"typer", "click", "pydantic",
                                                      "pydantic_core", "rich"}
    assert not modules & {"cavendish.cli.app", "cavendish.cli.match", "cavendish.cli.main",
                          "cavendish.cli.terminal", "cavendish.io.pbn", "cavendish.io.jsonlog",
                          "cavendish.match.rubbers", "cavendish.match.journal"}


def test_a_match_s_table_imports_rich_and_still_no_typer():
    modules = _modules_of_a_quick_match()
    assert {"rich.console", "rich.table"} <= modules
    assert not {m.split(".")[0] for m in modules} & {"typer", "click", "pydantic"}
    assert "rich.progress" not in modules  # quiet: no bar


@pytest.mark.parametrize("refused", [
    ["classical", "random", "--boards", "0"],
    ["classical", "random", "-w", "0"],
    ["classical", "nobody"],
    ["classical", "random", "--variant", "nothing"],
    ["classical", "random", "--pbn", "/nonexistent/folder/m.pbn"],
])
def test_a_match_read_without_typer_is_refused_as_typer_refuses_it(refused):
    # the console script reads these lines itself (cli.quick); python -m cavendish.cli
    # reads them with Typer: the same line on stderr, the same status
    boards = [] if "--boards" in refused else ["--boards", "1"]
    line = ["match", *refused, *boards, "-q"]
    quick = subprocess.run([SCRIPT, *line], capture_output=True, text=True, timeout=60)
    typer_read = subprocess.run([sys.executable, "-m", "cavendish.cli", *line],
                                capture_output=True, text=True, timeout=60)
    assert quick.stderr.startswith("cavendish: error: ")
    assert (quick.returncode, quick.stderr, quick.stdout) == (
        typer_read.returncode, typer_read.stderr, typer_read.stdout)


def test_the_script_s_help_still_lists_every_command_and_a_match_s_its_options():
    whole = subprocess.run([SCRIPT, "--help"], capture_output=True, text=True, timeout=60)
    assert whole.returncode == 0
    for command in ("play", "deal", "match", "simulate", "odds", "analyse"):
        assert command in whole.stdout
    match = subprocess.run([SCRIPT, "match", "--help"], capture_output=True, text=True,
                           timeout=60)
    assert match.returncode == 0 and "--workers" in match.stdout and "--journal" in match.stdout


def test_a_light_match_s_usage_error_is_one_line_as_the_whole_command_line_s():
    out = subprocess.run([SCRIPT, "match", "random", "nobody", "--boards", "1", "-w", "2"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("cavendish: error: unknown player 'nobody'")
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_light_command_in_a_process_with_the_whole_command_line_registers_nothing_twice():
    from cavendish.cli.app import app, light
    from cavendish.cli.main import app as whole

    before = [c.name for c in app.registered_commands]
    assert light(["cavendish", "match", "random", "random"]) is not None
    assert whole is app and [c.name for c in app.registered_commands] == before
    assert before.count("match") == 1


REFUSED = """
import json, os, sys, threading
from multiprocessing import active_children, forkserver
sys.argv = ["cavendish", "match", *json.loads(sys.argv[1])]
from cavendish.cli.launch import main
from cavendish.match import parallel
try:
    main()
except SystemExit as exc:
    code = exc.code
children = []
for tid in os.listdir("/proc/self/task"):
    with open(f"/proc/self/task/{tid}/children") as f:
        children += f.read().split()
commands = []
for pid in children:
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        commands.append(f.read().decode(errors="replace"))
print(json.dumps({
    "code": code, "pool": parallel._pool is not None,
    "held": bool(getattr(parallel, "_held", None)),
    "workers": len(active_children()),
    "forking": any(t.name == "cavendish-fork-ahead" for t in threading.enumerate()),
    "server": getattr(forkserver._forkserver, "_forkserver_pid", None) is not None,
    "servers": sum("forkserver" in c for c in commands),
}))
"""


@pytest.mark.parametrize("refused", [
    ["classical", "random", "--boards", "0"],   # out of range (the command's check)
    ["classical", "random", "--boards", "x"],   # not a number (Typer's parsing)
    ["classical", "nobody", "--boards", "1"],   # no such kind (the match's check)
])
def test_a_refused_match_with_two_workers_says_what_one_worker_says_and_forks_none(refused):
    # the console script's own main in a process of its own: -w 2 prestarts the fork
    # server, which the refusal must end with no worker forked (counted, not timed)
    runs = {}
    for workers in ("1", "2"):
        out = subprocess.run(
            [sys.executable, "-c", REFUSED, json.dumps([*refused, "-q", "-w", workers])],
            capture_output=True, text=True, timeout=120)
        runs[workers] = (out.stderr, json.loads(out.stdout.splitlines()[-1]))
    (one_said, one), (two_said, two) = runs["1"], runs["2"]
    assert one_said.startswith("cavendish: error: ") and len(one_said.splitlines()) == 1
    assert two_said == one_said and two["code"] == one["code"] == 2
    assert two == {"code": 2, "pool": False, "held": False, "workers": 0, "forking": False,
                   "server": False, "servers": 0}


def test_a_two_worker_match_s_journal_and_pbn_are_whole_as_the_script_ends(tmp_path):
    # the script ends by os._exit after its exit handlers: every file written first
    from cavendish.io.pbn import read_pbn_file
    from cavendish.match.journal import MatchHeader, load

    journal, pbn, accounts = tmp_path / "m.jsonl", tmp_path / "m.pbn", tmp_path / "acc.json"
    out = subprocess.run(
        [SCRIPT, "match", "random", "random", "--boards", "6", "--seed", "5", "-w", "2", "-q",
         "--journal", str(journal), "--pbn", str(pbn), "--json"],
        capture_output=True, text=True, timeout=120,
        env={**os.environ, "CAVENDISH_ACCOUNTS": str(accounts)})
    assert out.returncode == 0 and not out.stderr, out.stderr  # no semaphore leaked either
    assert json.loads(out.stdout)["boards"] == 6
    boards = load(journal, MatchHeader("random", "random", "short", 5))
    assert sorted(r.board for r in boards) == list(range(6))
    assert sorted(r.board for r in read_pbn_file(pbn)) == sorted([*range(1, 7)] * 2)
    record = json.loads(accounts.read_text())
    assert {t["worker"] for t in record["tasks"]} - {record["pid"]}  # played in the pool


LEFT_OPEN = """
import sys
sys.argv = ["cavendish", "match", "random", "random", "--boards", "1", "-w", "1", "-q"]
left = open({path!r}, "w")
left.write("every line\\n" * 100)   # in the buffer, never flushed nor closed
from cavendish.cli.launch import main
main()
"""


def test_a_file_left_open_for_writing_is_flushed_by_an_ordinary_exit(tmp_path):
    path = tmp_path / "left.txt"
    out = subprocess.run([sys.executable, "-c", LEFT_OPEN.format(path=str(path))],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert path.read_text() == "every line\n" * 100

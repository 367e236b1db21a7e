"""The console script (cli.launch): a match starts without the rest of the command
line, and every other command still finds the whole of it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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

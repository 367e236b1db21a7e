"""The examples run (briefly) as a researcher would run them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("script", "args", "says"),
    [
        ("env_random_vs_classical.py", ["--hands", "2"], "tricks per hand"),
        ("env_single_agent_loop.py", ["--hands", "2"], "a hand"),
        ("env_train_numpy_policy.py",
         ["--iterations", "2", "--tables", "8", "--boards", "2", "--against", "random"],
         "policy:__main__:act v random"),
    ],
)
def test_example_runs(script, args, says):
    done = subprocess.run([sys.executable, str(EXAMPLES / script), *args],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert says in done.stdout

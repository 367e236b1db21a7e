"""``cavendish serve``: bad options are refused with a clear error, never a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

CAVENDISH = str(Path(sys.executable).parent / "cavendish")


@pytest.mark.parametrize(("args", "needle"), [
    (["--workers", "0"], "--workers"),
    (["--delay", "-1"], "--delay"),
    (["--port", "eighty"], "--port"),
])
def test_serve_refuses_a_bad_option_naming_it(args: list[str], needle: str) -> None:
    done = subprocess.run([CAVENDISH, "serve", *args], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("cavendish: error:") and needle in done.stderr
    assert "Traceback" not in done.stderr


def test_serve_is_in_the_help() -> None:
    done = subprocess.run([CAVENDISH, "--help"], capture_output=True, text=True, timeout=60)
    assert "serve" in done.stdout


def test_the_servers_collector_freezes_what_is_loaded_and_pauses_briefly() -> None:
    """What ``serve`` has loaded before it serves is out of the collector's scans;
    the middle generation is collected after every second collection of the youngest
    (short pauses: each looks at fewer objects) and a full collection waits, as
    before, for a thousand of the youngest (in a process of its own: the settings
    are the interpreter's)."""
    probe = ("import gc; from cavendish.web.command import quiet_collector; "
             "gc.unfreeze(); quiet_collector(); "
             "print(gc.get_freeze_count(), *gc.get_threshold())")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60, check=True)
    frozen, young, middle, oldest = map(int, done.stdout.split())
    assert frozen > 1000  # the modules' objects
    assert young > 700  # Python's default: a young collection every 700
    assert middle <= 2
    assert middle * oldest >= 1000

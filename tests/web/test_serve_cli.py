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

"""--ray against a real Ray cluster with token authentication: with RAY_AUTH_MODE and the
token in the environment the match plays the same cards as one process; without them
the command stops at once with one line saying what to set."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def token_cluster(tmp_path_factory) -> Iterator[tuple[str, str]]:
    """A head node started with RAY_AUTH_MODE=token; its address and token.  Stopped by
    killing its own process group (never ``ray stop``, which stops every Ray here)."""
    token = secrets.token_hex(16)
    port = _free_port()
    env = dict(os.environ, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token)
    temp = tmp_path_factory.mktemp("ray")
    head = subprocess.Popen(
        [str(BIN / "ray"), "start", "--head", "--block", f"--port={port}", "--num-cpus=1",
         "--include-dashboard=false", "--disable-usage-stats", f"--temp-dir={temp}"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert head.poll() is None, "ray start --head exited"
            time.sleep(0.5)
        time.sleep(3)  # the GCS listens before the raylet has joined
        yield f"127.0.0.1:{port}", token
    finally:
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(head.pid, sig)
            except ProcessLookupError:
                break
            time.sleep(3)
        head.wait(timeout=30)


def _cavendish(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAY_AUTH")}
    base["HOME"] = str(Path(env.pop("HOME_DIR")))  # no ~/.ray/auth_token to fall back on
    return subprocess.run(
        [str(BIN / "cavendish"), *args], env={**base, **env}, capture_output=True, text=True,
        timeout=240,
    )


def test_ray_with_token_auth_plays_with_the_token_and_stops_in_one_line_without(
    token_cluster, tmp_path
):
    address, token = token_cluster
    match = ["match", "random", "classical", "--boards", "2", "--seed", "4", "--json"]
    without = _cavendish([*match, "--ray", address], HOME_DIR=str(tmp_path))
    assert without.returncode == 2
    lines = without.stderr.strip().splitlines()
    assert len(lines) == 1 and "RAY_AUTH_MODE=token" in lines[0] and "RAY_AUTH_TOKEN" in lines[0]
    wrong = _cavendish([*match, "--ray", address], HOME_DIR=str(tmp_path),
                       RAY_AUTH_MODE="token", RAY_AUTH_TOKEN="not-" + token)
    assert wrong.returncode == 2 and "refused the token" in wrong.stderr
    on_ray = _cavendish([*match, "--ray", address], HOME_DIR=str(tmp_path),
                        RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=token)
    assert on_ray.returncode == 0, on_ray.stderr[-2000:]
    local = _cavendish([*match, "-w", "1"], HOME_DIR=str(tmp_path))
    assert json.loads(on_ray.stdout)["tricks_per_deal"] == json.loads(local.stdout)[
        "tricks_per_deal"]

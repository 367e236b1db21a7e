"""Real servers for the tests: ``cavendish serve`` in a subprocess on a free
loopback port, and a throwaway PostgreSQL cluster (initdb/pg_ctl as ``postgres``)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cavendish.web.pgcluster import free_port, postgres_cluster, postgres_missing

__all__ = ["Server", "free_port", "pool_workers", "postgres_cluster", "postgres_missing"]


class Server:
    """``cavendish serve`` in its own process group (its pool workers are in it too)."""

    def __init__(self, db: str, *, delay: float = 0.0, log: Path,
                 args: Sequence[str] = ()) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = open(log, "ab")  # noqa: SIM115 - closed in stop()
        exe = Path(sys.executable).parent / "cavendish"
        self.proc = subprocess.Popen(
            [str(exe), "serve", "--port", str(self.port), "--db", db, "--delay", str(delay),
             "--workers", "1", *args],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while True:
            try:
                self.get("/api/options")
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the server did not start: see {log}") from None
                time.sleep(0.2)

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as r:
            return json.loads(r.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        req = urllib.request.Request(self.url + path, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as r:
            return json.loads(r.read())

    def ws(self, path: str) -> Any:
        from websockets.sync.client import connect

        return connect(f"ws://127.0.0.1:{self.port}{path}", open_timeout=10)

    def kill9(self) -> list[int]:
        """``kill -9`` the server process; answer its pool workers still alive 5 s
        later (they should have exited), then end them and the rest of the group."""
        workers = pool_workers(self.proc.pid)
        self.proc.kill()
        self.proc.wait(10)
        deadline = time.monotonic() + 5
        while (alive := [p for p in workers if _running(p)]) and time.monotonic() < deadline:
            time.sleep(0.1)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()
        return alive

    def stop(self) -> None:
        """End it (SIGTERM, then SIGKILL)."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def pool_workers(pid: int) -> list[int]:
    """The computer players' worker processes of a server (its spawned children)."""
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmd = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and b"spawn_main" in cmd:
            out.append(int(entry.name))
    return out


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"

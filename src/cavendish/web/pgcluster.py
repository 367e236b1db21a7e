"""A throwaway PostgreSQL cluster, for the benchmark and the tests.

Design note
-----------
:func:`postgres_cluster` makes a cluster in a temporary folder with Debian's
``initdb`` and starts it with ``pg_ctl`` on a free loopback port (fsync off: it
is thrown away), as the ``postgres`` user (``runuser``; ``initdb`` refuses to
run as root), and answers its URL; on leaving, it is stopped and its folder
removed.  :func:`postgres_missing` says why no cluster can be made here, so that
a caller can skip saying why.  Nothing here is used by the server itself.

>>> free_port() > 0
True
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

__all__ = ["PG_BIN", "free_port", "postgres_cluster", "postgres_missing"]

PG_BIN = Path("/usr/local/bin")
"""Where ``initdb`` and ``pg_ctl`` are looked for."""


_calls = 0
"""How many ports :func:`free_port` has chosen from a slice in this process."""


def free_port() -> int:
    """A free TCP port on the loopback address.

    The port is free when chosen, not reserved: a server started on it binds it
    seconds later.  When the tests run in several processes (pytest-xdist sets
    ``PYTEST_XDIST_WORKER`` to ``gw0``, ``gw1`` ... and ``PYTEST_XDIST_WORKER_COUNT``),
    each process takes its ports from its own slice of 20000-29999, below the
    kernel's ephemeral ports, trying them in turn from a place set by its process
    id and by the ports it chose before; so two of them never choose the same port
    in that interval (the kernel's own choice, ``bind`` to port 0, cannot be split
    so: it hands out odd ports only).
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    count = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    if count <= 1 or not (worker.startswith("gw") and worker[2:].isdigit()):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port: int = s.getsockname()[1]
            return port
    global _calls
    span = 10000 // count
    low = 20000 + (int(worker[2:]) % count) * span
    first = os.getpid() * 7919 + 101 * _calls  # a port chosen before is not chosen again
    _calls += 1
    for i in range(span):
        port = low + (first + i) % span
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise OSError(f"no free loopback port in {low}-{low + span - 1} (test process {worker})")


def postgres_missing() -> str | None:
    """Why a PostgreSQL cluster cannot be made here, or None."""
    for prog in ("initdb", "pg_ctl"):
        if not (PG_BIN / prog).exists():
            return f"{PG_BIN / prog} is absent: PostgreSQL is not installed here"
    if shutil.which("runuser") is None:
        return "runuser is absent: initdb must run as the postgres user"
    try:
        import pwd

        pwd.getpwnam("postgres")
    except KeyError:
        return "there is no postgres user to run initdb as"
    return None


@contextlib.contextmanager
def postgres_cluster(*settings: str) -> Iterator[str]:
    """A throwaway cluster in a temporary folder owned by ``postgres``; its URL.
    ``settings`` are more server settings, such as ``"max_connections=200"``."""
    folder = Path(tempfile.mkdtemp(prefix="cavendish-pg-"))
    shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    port = free_port()
    options = " ".join(f"-c {s}" for s in ("listen_addresses=127.0.0.1", "fsync=off",
                                            *settings))

    def run(*args: str) -> None:
        subprocess.run(["runuser", "-u", "postgres", "--", *args], check=True,
                       capture_output=True, timeout=120)

    try:
        run(str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres",
            "--no-sync")
        run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w",
            "-o", f"-p {port} -k {folder} {options}", "start")
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(Exception):
            run(str(PG_BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop")
        shutil.rmtree(folder, ignore_errors=True)

"""The console script ``cavendish``: starts a match's pool early, then runs the app.

Design note
-----------
This module is the script's entry point (``pyproject.toml``) and imports nothing of
the package at its top, so that its :func:`main` runs before the command line's
modules are imported (some 0.6 s of CPU; a ``match`` imports only its own,
:func:`cavendish.cli.app.light`).  A ``match`` that will play in a pool of
several processes (``-w K``, K above one, or no ``-w`` on a machine of several
cores; not ``--ray``) has the pool's fork server started first
(:func:`~cavendish.match.parallel.prestart`): the server's imports then run on
another core beside the command line's (:func:`pool_workers` reads the number of
workers).  Its workers are forked by a thread once the command line, the kinds
and the variant are checked (:func:`~cavendish.match.parallel.fork_prestarted`, at
the start of the ``match`` command), so that they are waiting when its first task is
sent; a command refused before then forks none, and its server is ended as it
exits (:func:`~cavendish.match.parallel.abandon_prestart`): a bad command line
with ``-w 2`` ends as fast as with ``-w 1``, with the same error.  The server imports
the task's module and this one, not the command line (a worker runs the script
again only as a module, which defines :func:`main` and calls nothing).  Any other
command starts nothing.  A ``match`` whose command line is made of its own options
alone is read without Typer (:func:`cavendish.cli.quick.quick`: no click, pydantic
nor Rich before the first board); any other goes to Typer, the match's commands
alone (:func:`cavendish.cli.app.light`) or the whole command line
(:func:`cavendish.cli.main.main`).

With :data:`ACCOUNTS_VAR` set to a file name, the script writes there, as it exits,
the accounts of its run (:class:`Accounts`: when and on how much CPU each phase
ended, every task's :class:`~cavendish.match.parallel.TaskTiming`, the pool's
processes' CPU): what the pool benchmark reads (``python -m cavendish.bench.pool
--only pool-cli``).  Nothing is recorded without it.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

ACCOUNTS_VAR = "CAVENDISH_ACCOUNTS"
"""The variable naming the file where the script writes its run's accounts."""
POOL_TASKS = "cavendish.match.duplicate"
"""The module of a match's tasks (``play_boards``), which the fork server imports."""


def pool_workers(argv: Sequence[str], cores: int) -> int:
    """The workers of the pool the command line ``argv`` (``sys.argv``) plays in on a
    machine of ``cores`` cores: a ``match``'s ``-w K`` (every core by default), 0 where
    it plays in no pool of processes (one worker, ``--ray``, ``--help``, another
    command, a ``-w`` that is no number: the command line will say so).

    >>> pool_workers(["cavendish", "match", "classical", "random", "-w", "2"], 2)
    2
    >>> pool_workers(["cavendish", "match", "classical", "random"], 4)
    4
    >>> pool_workers(["cavendish", "match", "classical", "random", "--workers=1"], 2)
    0
    >>> pool_workers(["cavendish", "match", "classical", "random", "-w3"], 2)
    3
    >>> pool_workers(["cavendish", "match", "classical", "random"], 1)
    0
    >>> pool_workers(["cavendish", "match", "a", "b", "--ray", "auto"], 2)
    0
    >>> pool_workers(["cavendish", "deal"], 2), pool_workers(["cavendish", "match", "--help"], 2)
    (0, 0)
    """
    if len(argv) < 2 or argv[1] != "match" or "--help" in argv:
        return 0
    workers = str(cores)
    rest = list(argv[2:])
    for i, arg in enumerate(rest):
        if arg == "--ray" or arg.startswith("--ray="):
            return 0
        if arg in ("-w", "--workers"):
            workers = rest[i + 1] if i + 1 < len(rest) else ""
        elif arg.startswith("--workers="):
            workers = arg.partition("=")[2]
        elif arg.startswith("-w") and arg[2:].isdigit():
            workers = arg[2:]
    return int(workers) if workers.isdigit() and int(workers) > 1 else 0


class Accounts:
    """A run's accounts, written as one JSON object to ``path`` at exit (after the
    pool's shutdown): ``marks``, the phases' ends (``time.time()``, this process's CPU
    seconds, and the seconds its main thread had waited for a core: ``start`` as this
    module's :func:`main` began, ``prestarted``, ``imported`` the command line,
    ``ran`` the command, ``exit`` after the pool's shutdown); ``calls`` and ``tasks``,
    :func:`~cavendish.match.parallel.task_timings`' records of the command; and
    ``processes``, the CPU of the fork server and of each worker as the command
    ended (``/proc``; :func:`~cavendish.match.parallel.process_times`)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.marks: list[dict[str, Any]] = []
        self.record: dict[str, Any] = {"pid": os.getpid(), "marks": self.marks}
        self.mark("start")
        atexit.register(self.write)  # before the pool's: runs after its shutdown

    def mark(self, name: str) -> None:
        """The end of a phase."""
        waited: float | None = None
        with contextlib.suppress(OSError, IndexError, ValueError), \
                open("/proc/self/schedstat") as f:
            waited = int(f.read().split()[1]) / 1e9
        self.marks.append({"name": name, "time": time.time(), "cpu": time.process_time(),
                           "waited": waited})

    @contextlib.contextmanager
    def recording(self) -> Iterator[None]:
        """The command's tasks recorded, then its processes' CPU read."""
        from dataclasses import asdict
        from multiprocessing import forkserver

        from ..match.parallel import process_times, task_timings

        with task_timings() as timings:
            try:
                yield
            finally:
                self.mark("ran")
                self.record["tasks"] = [asdict(t) for t in timings]
                self.record["calls"] = [asdict(c) for c in timings.calls]
                server = getattr(forkserver._forkserver, "_forkserver_pid", None)
                pids = {t.worker for t in timings} - {os.getpid()}
                self.record["processes"] = {
                    "self": process_times(),  # its start: the others' starts' reference
                    "forkserver": server and process_times(server),
                    "workers": {str(pid): process_times(pid) for pid in sorted(pids)},
                }

    def write(self) -> None:
        """The accounts to the file (at exit)."""
        self.mark("exit")
        with open(self.path, "w", encoding="utf-8") as f:
            json.dump(self.record, f)


def files_open_for_writing() -> list[str] | None:
    """The files (regular files, not pipes, sockets or terminals) this process has
    open for writing, beside its standard streams (``/proc/self/fd``; some 0.05 ms):
    what Python's teardown would flush and close.  None where it cannot be known
    (no ``/proc``).

    >>> import tempfile
    >>> with tempfile.NamedTemporaryFile("w") as f:
    ...     name = os.path.realpath(f.name)
    ...     name in (files_open_for_writing() or [name])
    True
    >>> name in (files_open_for_writing() or [])
    False
    """
    import stat

    try:
        fds = [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return None
    found: list[str] = []
    for fd in fds:
        if fd <= 2:
            continue
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                continue
            with open(f"/proc/self/fdinfo/{fd}", encoding="ascii") as info:
                flags = next(int(line.split()[1], 8) for line in info
                             if line.startswith("flags:"))
            if flags & (os.O_WRONLY | os.O_RDWR):
                found.append(os.readlink(f"/proc/self/fd/{fd}"))
        except (OSError, StopIteration, ValueError, IndexError):
            continue  # closed meanwhile (the listing's own descriptor)
    return found


def _end_now(status: list[int]) -> None:
    """The last exit handler of a light command (:func:`~cavendish.cli.app.light`)
    that ended with ``status``: the standard streams flushed, the process ends
    without Python's teardown (freeing every module and object, 0.05 to 0.1 s of CPU
    after a match, in ``-w 1`` and ``-w K`` alike).  Every other handler has run
    (the pool's shutdown, the accounts), and threading's before them.  A match
    closes its files (the journal, the PBN, the accounts) as it writes them; a file
    still open for writing (:func:`files_open_for_writing`: one a future option
    left open, whose buffer only the teardown would flush), or a process whose
    files cannot be listed, ends the ordinary way.  Nothing is done where no status
    was set (another command, or an exception)."""
    if not status:
        return
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    if files_open_for_writing() != []:
        return
    os._exit(status[0])


def main() -> None:
    """The console script: a match's pool started early (see the module's note), then
    the command line (its accounts recorded with :data:`ACCOUNTS_VAR`)."""
    status: list[int] = []
    atexit.register(_end_now, status)  # the first registered: the last to run
    path = os.environ.get(ACCOUNTS_VAR)
    accounts = Accounts(path) if path else None
    prestarted = False
    if pool_workers(sys.argv, 2):
        from ..match.parallel import default_workers, prestart

        workers = pool_workers(sys.argv, default_workers())
        if workers:
            prestarted = prestart(POOL_TASKS, workers)
    if accounts is not None:
        accounts.mark("prestarted")
    from .quick import quick

    run = quick(sys.argv)  # a match's command line read without Typer
    if run is None:
        from .app import light

        run = light(sys.argv)  # a match: its commands alone
    if run is None:
        from .main import main as whole

        whole()
        return
    if accounts is not None:
        accounts.mark("imported")
    try:
        with accounts.recording() if accounts is not None else contextlib.nullcontext():
            run()
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            status.append(exc.code or 0)
        raise
    finally:
        if prestarted:  # a pool never forked (a refused command line): its server ended
            from ..match.parallel import abandon_prestart

            abandon_prestart()

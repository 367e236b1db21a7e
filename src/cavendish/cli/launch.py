"""The console script ``cavendish``: starts a match's pool early, then runs the app.

Design note
-----------
This module is the script's entry point (``pyproject.toml``) and imports nothing of
the package at its top, so that its :func:`main` runs before the command line's
modules are imported (some 0.6 s of CPU).  A ``match`` that will play in a pool of
several processes (``-w K``, K above one, or no ``-w`` on a machine of several
cores; not ``--ray``) has the pool's fork server started first
(:func:`~cavendish.match.parallel.prestart`): the server's imports then run on
another core beside the command line's, and the match's workers fork at once where
they used to wait for them.  The server imports the task's module and this one, not
the command line (a worker runs the script again only as a module, which defines
:func:`main` and calls nothing).  Any other command starts nothing.  The command
line itself is :func:`cavendish.cli.main.main`.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

POOL_TASKS = "cavendish.match.duplicate"
"""The module of a match's tasks (``play_boards``), which the fork server imports."""


def wants_pool(argv: Sequence[str], cores: int) -> bool:
    """Whether the command line ``argv`` (``sys.argv``) is a ``match`` that plays in a
    pool of processes on a machine of ``cores`` cores.

    >>> wants_pool(["cavendish", "match", "classical", "random", "-w", "2"], 2)
    True
    >>> wants_pool(["cavendish", "match", "classical", "random"], 2)
    True
    >>> wants_pool(["cavendish", "match", "classical", "random", "--workers=1"], 2)
    False
    >>> wants_pool(["cavendish", "match", "classical", "random"], 1)
    False
    >>> wants_pool(["cavendish", "match", "a", "b", "--ray", "auto"], 2)
    False
    >>> wants_pool(["cavendish", "deal"], 2), wants_pool(["cavendish", "match", "--help"], 2)
    (False, False)
    """
    if len(argv) < 2 or argv[1] != "match" or "--help" in argv:
        return False
    workers = str(cores)
    rest = list(argv[2:])
    for i, arg in enumerate(rest):
        if arg == "--ray" or arg.startswith("--ray="):
            return False
        if arg in ("-w", "--workers"):
            workers = rest[i + 1] if i + 1 < len(rest) else ""
        elif arg.startswith("--workers="):
            workers = arg.partition("=")[2]
        elif arg.startswith("-w") and arg[2:].isdigit():
            workers = arg[2:]
    return workers.isdigit() and int(workers) > 1


def main() -> None:
    """The console script: a match's pool started early (see the module's note), then
    the command line."""
    if wants_pool(sys.argv, 2):
        from ..match.parallel import default_workers, prestart

        if wants_pool(sys.argv, default_workers()):
            prestart(POOL_TASKS)
    from .main import main as run

    run()

"""The modules compiled with mypyc, and the guard against running a stale build.

Design note
-----------
:data:`GROUPS` is the one list of the modules ``setup.py`` compiles with mypyc (it
reads this file as text, without importing the package): each group is one shared
library, and the groups are built side by side: the rules core and scoring, and the
classical player (players/inference, players/classical).  A compiled class has no
``__dict__`` and its ``__new__`` runs ``__init__``: a class that ``pickle`` or
``copy.deepcopy`` must rebuild (players shipped to a process pool or Ray, the
classical player's advice) takes a ``__reduce__`` (issue 22).  A dataclass of a
compiled module takes no ``slots=True`` (it would replace the class mypyc compiled,
whose own type checks then refuse the instances it builds).  A compiled module is the
same Python module, typed, run faster; without mypyc or a C compiler the ``.py``
files run with the same results.

An editable install puts each compiled module (a ``.so``) beside its ``.py``, and
Python imports the ``.so`` first: a developer who edits the ``.py`` and forgets to
rebuild would silently run the old code.  :func:`check_fresh` refuses that (the
package calls it on import, in a source checkout only): every compiled module
found must be at least as new as its source, or :class:`StaleBuildError` names the
module and says to run ``make venv``.

>>> "cavendish.core.state" in COMPILED, "cavendish.players.classical.player" in COMPILED
(True, True)
>>> check_fresh() is None
True
"""

from __future__ import annotations

import importlib.machinery
import os
from pathlib import Path

__all__ = ["COMPILED", "GROUPS", "StaleBuildError", "check_fresh", "guard", "stale_modules"]

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "cavendish.core._compiled",
        (
            "cavendish.core.tricks",
            "cavendish.core.table",
            "cavendish.core.state",
            "cavendish.scoring.result",
            "cavendish.scoring.club",
            "cavendish.scoring.clay",
            "cavendish.scoring.sheet",
        ),
    ),
    (
        "cavendish.players._compiled",
        (
            "cavendish.players.inference.bits",
            "cavendish.players.inference.constraints",
            "cavendish.players.inference.knowledge",
            "cavendish.players.inference.reading",
            "cavendish.players.inference.schools",
            "cavendish.players.classical.catalogue",
            "cavendish.players.classical.context",
            "cavendish.players.classical.counting",
            "cavendish.players.classical.decision",
            "cavendish.players.classical.discards",
            "cavendish.players.classical.ending",
            "cavendish.players.classical.fourth_hand",
            "cavendish.players.classical.holdings",
            "cavendish.players.classical.leads",
            "cavendish.players.classical.memory",
            "cavendish.players.classical.player",
            "cavendish.players.classical.positions",
            "cavendish.players.classical.ruffing",
            "cavendish.players.classical.score",
            "cavendish.players.classical.second_hand",
            "cavendish.players.classical.signals",
            "cavendish.players.classical.third_hand",
        ),
    ),
)
"""(shared library, modules) for each group mypyc compiles (``setup.py``)."""

COMPILED: tuple[str, ...] = tuple(m for _, modules in GROUPS for m in modules)
"""Every module compiled with mypyc, by its dotted name."""

_SRC = Path(__file__).resolve().parent.parent
"""The directory that holds the ``cavendish`` package (``src`` in a checkout)."""


class StaleBuildError(ImportError):
    """A compiled module is older than its source: the source's edits would not run."""


def stale_modules(root: Path = _SRC) -> list[tuple[Path, Path]]:
    """(source, compiled file) for every compiled module under ``root`` older than its
    ``.py`` (no compiled file, nothing stale: the ``.py`` runs).

    >>> stale_modules()
    []
    """
    stale = []
    for module in COMPILED:
        source = root.joinpath(*module.split(".")).with_suffix(".py")
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            built = source.with_suffix(suffix)
            try:
                if built.stat().st_mtime < source.stat().st_mtime:
                    stale.append((source, built))
            except FileNotFoundError:
                continue
    return stale


def check_fresh(root: Path = _SRC) -> None:
    """Raise :class:`StaleBuildError` if a compiled module under ``root`` is older than
    its source (``CAVENDISH_ALLOW_STALE=1`` silences it, for a build in progress)."""
    if os.environ.get("CAVENDISH_ALLOW_STALE"):
        return
    stale = stale_modules(root)
    if stale:
        names = ", ".join(str(source.relative_to(root)) for source, _ in stale)
        raise StaleBuildError(
            f"the compiled modules are older than their sources ({names}): Python would "
            "run the old compiled code, not your edits. Run `make venv` to rebuild them "
            "(or delete the stale .so files to run the Python sources)"
        )


def guard() -> None:
    """:func:`check_fresh` in a source checkout (``pyproject.toml`` beside ``src``), the
    only place a developer edits a compiled module's source; nothing elsewhere (an
    installed wheel's files bear the times they were unpacked at)."""
    if (_SRC.parent / "pyproject.toml").is_file():
        check_fresh()


if __name__ == "__main__":  # the Makefile's list of sources (run as a script, no import)
    print(" ".join(f"src/{m.replace('.', '/')}.py" for m in COMPILED))

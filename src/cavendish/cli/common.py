"""What every ``cavendish`` command shares: the one-line error, the output check.

Design note
-----------
Every error is one line on stderr, ``cavendish: error: ...``, and an exit status
(2 for a usage error, 1 for a failure in the work).  Every output file a command
is given (``--out``, ``--pbn``, ``--journal``, ``--plot``) is checked with
:func:`checked_output` before the work begins, so that a record is never lost at
the end of a long run (:func:`cavendish.io.files.check_output_path`).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> checked_output(folder / "a.pbn", "--pbn") == folder / "a.pbn"
True
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console

from ..io.files import OutputPathError, check_output_path, read_error

__all__ = ["checked_output", "fail", "read_error"]


def fail(message: str, status: int = 1) -> NoReturn:
    """``cavendish: error: MESSAGE`` on stderr, one line, and exit with ``status``."""
    Console(stderr=True, highlight=False).print(
        f"cavendish: error: {message}", markup=False, soft_wrap=True
    )
    raise typer.Exit(status)


def checked_output(path: Path | None, option: str) -> Path | None:
    """``path`` if a file can be written there (None stays None); otherwise the error
    naming ``option`` and exit status 2, before any work is done."""
    if path is None:
        return None
    try:
        return check_output_path(path, option)
    except OutputPathError as exc:
        fail(str(exc), 2)

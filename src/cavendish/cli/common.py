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

import inspect
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from ..io.files import OutputPathError, check_output_path, read_error
from .voice import say

if TYPE_CHECKING:
    import typer

__all__ = ["checked_output", "fail", "read_error", "show_warning", "tidy_help"]


def fail(message: str, status: int = 1) -> NoReturn:
    """``cavendish: error: MESSAGE`` on stderr, one line, and exit with ``status``
    (the message's cards written as the play screen writes them, :func:`~.voice.say`).
    Typer and Rich are imported here, not with the module: a match whose command line
    needs no Typer (:mod:`.quick`) imports them only to say an error."""
    import typer
    from rich.console import Console

    Console(stderr=True, highlight=False).print(
        f"cavendish: error: {say(message)}", markup=False, soft_wrap=True
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


_python_showwarning = warnings.showwarning


def show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """The project's warnings (a PBN date's time dropped, a journal's torn last line)
    as one line on stderr; other warnings as Python shows them (every command's
    ``warnings.showwarning``)."""
    if category.__module__.startswith("cavendish."):
        print(f"cavendish: warning: {message}", file=sys.stderr)
    else:
        _python_showwarning(message, category, filename, lineno, file, line)


def _unwrap(doc: str) -> str:
    """A docstring's paragraphs each on one line (the help is wrapped to the terminal,
    not broken where the source was)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def tidy_help(app: typer.Typer) -> None:
    """Every command's help in ``app`` (and its groups) with its paragraphs unwrapped,
    and no ``<bool>`` shown for a flag (it takes no value)."""
    from typer.core import TyperOption

    for command in app.registered_commands:
        fn = command.callback
        if isinstance(command.help, str):
            command.help = _unwrap(command.help)
        elif fn is not None and fn.__doc__:
            fn.__doc__ = _unwrap(fn.__doc__)
    for group in app.registered_groups:
        info = group.typer_instance
        if info is not None:
            if isinstance(group.help, str):
                group.help = _unwrap(group.help)
            if isinstance(info.info.help, str):
                info.info.help = _unwrap(info.info.help)
            tidy_help(info)
    if app.registered_callback is not None:
        fn = app.registered_callback.callback
        if fn is not None and fn.__doc__:
            fn.__doc__ = _unwrap(fn.__doc__)
    if not getattr(TyperOption, "_cavendish_flags", False):
        shown = TyperOption.display_type_rich

        def display_type_rich(self: TyperOption, ctx: Any) -> str | None:
            # a flag takes no value: show no type for it ('<bool>')
            return None if self.is_flag else shown(self, ctx)

        TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign]
        TyperOption._cavendish_flags = True  # type: ignore[attr-defined]

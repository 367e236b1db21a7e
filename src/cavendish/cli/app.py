"""The ``cavendish`` command line's shell: the Typer app, its root options
(``--version``, ``--ascii``) and :func:`main`, which runs it with every error one
line on stderr.

Design note
-----------
The commands are not here: :mod:`cavendish.cli.main` registers all of them on
:data:`app` (its import is the whole command line, some 0.5 s of CPU), and
:func:`light` only those of one module, for a command that needs no other: the
console script (:mod:`cavendish.cli.launch`) runs ``cavendish match`` and ``cavendish
simulate`` with :mod:`cavendish.cli.match`'s commands alone, so that a match, whose
pool waits for the command line to start, does not import the other commands and
Typer does not build them (some 0.3 s of CPU before the first board); a match whose
command line :mod:`cavendish.cli.quick` reads whole does not come here at all.

>>> light(["cavendish", "play"]) is None, light(["cavendish"]) is None
(True, True)
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable, Sequence
from typing import Annotated

import typer

from .. import __version__
from .common import show_warning
from .voice import guard_streams, set_ascii

__all__ = ["app", "light", "main"]

app = typer.Typer(
    name="cavendish",
    help="Classical whist: play a rubber in the terminal, deal, score PBN records, odds, problems.",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"cavendish {__version__}")
        raise typer.Exit(0)


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_show_version,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
    ascii_cards: Annotated[
        bool,
        typer.Option(
            "--ascii",
            help="Write cards in ASCII (ST for the ten of spades) instead of with suit "
            "symbols (♠10); chosen by itself when the terminal cannot print the symbols.",
        ),
    ] = False,
) -> None:
    """Classical whist: play a rubber in the terminal, deal, score PBN records, odds, problems."""
    set_ascii(True if ascii_cards else None)


def main(argv: Sequence[str] | None = None) -> None:
    """The console script: run the app; usage errors too are one line on stderr."""
    warnings.showwarning = show_warning
    guard_streams()
    try:
        status = app(
            args=None if argv is None else list(argv),
            prog_name="cavendish",
            standalone_mode=False,
        )
    except typer.TyperException as exc:  # click's usage errors, among others
        if not exc.format_message():  # no command given: click has shown the help
            sys.exit(exc.exit_code)
        ctx = getattr(exc, "ctx", None)
        hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
        print(f"cavendish: error: {exc.format_message()}{hint}", file=sys.stderr)
        sys.exit(exc.exit_code)
    except typer.Abort:
        print("cavendish: aborted", file=sys.stderr)
        sys.exit(1)
    sys.exit(status if isinstance(status, int) else 0)


LIGHT = {"match": "match", "simulate": "match"}
"""The commands run without the rest of the command line: the module of :mod:`cavendish.cli`
that registers each (its ``register(app)``)."""


def light(argv: Sequence[str]) -> Callable[[], None] | None:
    """For a command line ``argv`` (``sys.argv``) whose command is in :data:`LIGHT`,
    that command's module registered alone on :data:`app`, and :func:`main` to run
    it; None for any other (then :mod:`cavendish.cli.main` is the command line).
    A help asked of the whole app (``cavendish --help``) is not light.  For the
    console script, once (a process that later imports :mod:`cavendish.cli.main`
    would have the command twice); where that module is imported already, its app
    (the same :data:`app`) has every command: :func:`main` is returned as it is."""
    if len(argv) < 2 or argv[1] not in LIGHT:
        return None
    if f"{__package__}.main" in sys.modules:  # the whole command line is here already
        return main
    from importlib import import_module

    from .common import tidy_help

    import_module(f"{__package__}.{LIGHT[argv[1]]}").register(app)
    tidy_help(app)
    return main

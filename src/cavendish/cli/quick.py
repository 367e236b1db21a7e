"""``cavendish match`` read without Typer, for a command line it reads whole.

Design note
-----------
Typer builds its command (a pydantic adapter for every option) and imports click,
pydantic and Rich: some 0.2 s of CPU before a match's first board, serial in ``-w
1`` and ``-w K`` alike, a share of a 600-board match that two workers cannot halve.
The console script (:mod:`cavendish.cli.launch`) asks :func:`quick` first: a ``match``
command line made only of the command's own options, each in a form click reads the
same way (``--boards 600``, ``--boards=600``, ``-n 600``, ``-n600``; ``-q``, ``--json``)
with plain values (a count of ASCII digits, no leading zero; a name or path that is
not empty and does not begin with ``-``) and its two players, is read here and
played by :func:`~cavendish.cli.match_run.play_match`, the function Typer's command
calls.  Anything else (``--help``, ``--``, a flag cluster, a negative or malformed
count, an unknown option, a missing or extra player) goes to Typer, which says what
it always said.  The two readings cannot drift: the tests compare the options, their
defaults and the values read with Typer's own
(``tests/cli/test_launch.py``).

The command runs as the app would run it (:func:`cavendish.cli.app.main`): the
warnings and the streams set up, the root option ``--ascii`` absent, an exit raised by
an error (:func:`~cavendish.cli.common.fail`) ended with its status, an interrupt with
130, a closed pipe with 1.

>>> parse_match(["classical", "random", "--boards", "600", "-w", "2", "-q"])["boards"]
600
>>> parse_match(["classical", "random", "-n600", "--seed=7", "--json"])["seed"]
7
>>> parse_match(["classical", "random", "--help"]) is None
True
>>> parse_match(["classical", "random", "--boards", "-1"]) is None
True
>>> parse_match(["classical"]) is None
True
"""

from __future__ import annotations

import errno
import re
import sys
import warnings
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

__all__ = ["DEFAULTS", "FLAGS", "OPTIONS", "parse_match", "quick"]

OPTIONS: dict[str, tuple[str, type]] = {
    "--boards": ("boards", int), "-n": ("boards", int),
    "--seed": ("seed", int),
    "--variant": ("variant", str), "-v": ("variant", str),
    "--workers": ("workers", int), "-w": ("workers", int),
    "--ray": ("ray", str),
    "--journal": ("journal", Path),
    "--pbn": ("pbn", Path),
}
"""The match's options that take a value: name on the command line, name of
:func:`~cavendish.cli.match_run.play_match`'s parameter, type."""
FLAGS: dict[str, str] = {"--json": "as_json", "--quiet": "quiet", "-q": "quiet"}
"""The match's flags and their parameters."""
DEFAULTS: dict[str, Any] = {
    "boards": 100, "seed": 1, "variant": "short", "workers": None, "ray": None,
    "journal": None, "pbn": None, "as_json": False, "quiet": False,
}
"""Each parameter's value when its option is not given (Typer's command declares the
same: a test compares them)."""

_COUNT = re.compile(r"0|[1-9][0-9]*")


def _value(kind: type, text: str) -> Any:
    """``text`` as an option of type ``kind`` reads it, or None where Typer should
    read it (and perhaps refuse it)."""
    if kind is int:
        return int(text) if _COUNT.fullmatch(text) else None
    if not text or text.startswith("-"):
        return None
    return Path(text) if kind is Path else text


def parse_match(args: Sequence[str]) -> dict[str, Any] | None:
    """The parameters of :func:`~cavendish.cli.match_run.play_match` from a match's
    arguments (``sys.argv[2:]``), or None where Typer should read them (see the
    module's note)."""
    values = dict(DEFAULTS)
    players: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if arg in FLAGS:
            values[FLAGS[arg]] = True
            continue
        if not arg.startswith("-"):
            players.append(arg)
            continue
        name, equals, text = arg.partition("=")
        if name.startswith("--") and equals:
            pass  # --option=value
        elif arg in OPTIONS:  # --option value, -x value
            if not rest:
                return None
            name, text = arg, rest.pop(0)
        elif not arg.startswith("--") and arg[:2] in OPTIONS and len(arg) > 2:
            name, text = arg[:2], arg[2:]  # -xVALUE
        else:
            return None
        if name not in OPTIONS:
            return None
        parameter, kind = OPTIONS[name]
        value = _value(kind, text)
        if value is None:
            return None
        values[parameter] = value
    if len(players) != 2:
        return None
    values["a"], values["b"] = players
    return values


def quick(argv: Sequence[str]) -> Callable[[], None] | None:
    """For a ``match`` command line (``sys.argv``) :func:`parse_match` reads, the
    function that plays it (the match's modules imported); None for any other."""
    if len(argv) < 2 or argv[1] != "match":
        return None
    values = parse_match(argv[2:])
    if values is None:
        return None
    from .match_run import play_match

    return partial(_run, play_match, values)


def _run(play: Callable[..., None], values: dict[str, Any]) -> None:
    """``play(**values)`` as :func:`cavendish.cli.app.main` runs a command: ends with
    :class:`SystemExit` and the command's status."""
    from .common import show_warning
    from .voice import guard_streams, set_ascii

    warnings.showwarning = show_warning
    guard_streams()
    set_ascii(None)  # the app's root option --ascii, not given
    try:
        play(**values)
    except EOFError:
        print(file=sys.stderr)
        print("cavendish: aborted", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper

        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        sys.exit(1)
    except Exception as exc:
        import typer  # imported already by the error's fail()

        if not isinstance(exc, typer.Exit):
            raise
        sys.exit(exc.exit_code)
    sys.exit(0)

"""Output files: checked before the work begins, written whole or not at all.

Design note
-----------
A record must never be lost: a whole rubber played, then "cannot write" at the
end, loses it.  So every command that writes a file (``--out``, ``--pbn``,
``--journal``, ``--plot``, a session's autosave) asks :func:`check_output_path`
before its first card is dealt.  The check is done by trying, not by reading
permission bits (which say nothing under root, or on a read-only mount): an
existing file is opened for appending and closed unchanged; for a new file a
temporary file is created in its folder and removed.

:func:`write_atomic` writes a file whole: the bytes go to a temporary file in
the same folder, are flushed to disk, and the temporary file is renamed over
the target (``os.replace``, atomic on POSIX and Windows), so a crash, even
``kill -9``, leaves the old file or the new one, never half of one.

:func:`read_error` is the one message for a file that cannot be read (missing,
a folder, no permission), the same in every command.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> check_output_path(folder / "out.pbn", "--out") == folder / "out.pbn"
True
>>> check_output_path(folder / "no" / "out.pbn", "--out")
Traceback (most recent call last):
...
cavendish.io.files.OutputPathError: --out ...: no folder ... to write it in
>>> write_atomic(folder / "a.txt", "whist\\n"); (folder / "a.txt").read_text()
'whist\\n'
>>> read_error(folder / "missing.pbn", FileNotFoundError(2, "No such file or directory"))
'cannot read ...missing.pbn: no such file'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from os import PathLike
from pathlib import Path

from ..core.errors import RecordFileError

__all__ = ["OutputPathError", "check_output_path", "read_error", "write_atomic"]


class OutputPathError(RecordFileError):
    """An output file cannot be written: the message names the option, the path and why."""


def check_output_path(path: str | PathLike[str], option: str) -> Path:
    """``path`` as a :class:`Path` if a file can be written there, else
    :class:`OutputPathError` naming ``option`` (``--out``) and what is wrong.

    Nothing is left behind: an existing file is opened for appending and closed
    unchanged, a new file's folder is tried with a temporary file, removed at once.
    """
    p = Path(path)
    where = f"{option} {p}" if option else str(p)
    if p.is_dir():
        raise OutputPathError(f"{where}: is a folder, not a file")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.exists():
        raise OutputPathError(f"{where}: no folder {folder} to write it in")
    if not folder.is_dir():
        raise OutputPathError(f"{where}: {folder} is not a folder")
    try:
        if p.exists():
            fd = os.open(p, os.O_WRONLY | os.O_APPEND)
            os.close(fd)
        else:
            fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=".probe")
            os.close(fd)
            os.unlink(probe)
    except OSError as exc:
        raise OutputPathError(f"{where}: cannot write there: {_reason(exc)}") from None
    return p


def write_atomic(path: str | PathLike[str], data: str | bytes, encoding: str = "utf-8") -> None:
    """Write ``data`` to ``path`` whole: a temporary file in the same folder, flushed
    to disk, then renamed over ``path`` (a crash leaves the old file or the new).

    A link is followed (the file it names is replaced, the link kept), and a path that
    is not a regular file (``/dev/null``, ``/dev/stdout``, a named pipe) is written in
    place: renaming over it would put a plain file where the device or pipe was.
    """
    p = Path(path)
    raw = data.encode(encoding) if isinstance(data, str) else data
    if p.is_symlink():
        p = p.resolve()
    if p.exists() and not p.is_file():
        with open(p, "wb") as f:
            f.write(raw)
        return
    folder = p.parent if str(p.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private (0600); give it the usual permissions
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_error(path: str | PathLike[str], exc: OSError | UnicodeDecodeError) -> str:
    """The one message for an input file that cannot be read, for every command:
    ``cannot read FILE: no such file`` (or ``is a folder``, ``permission denied``,
    ``not a text file``)."""
    return f"cannot read {path}: {_reason(exc)}"


def _reason(exc: OSError | UnicodeDecodeError) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return f"not a text file ({exc.reason})"
    if isinstance(exc, FileNotFoundError):
        return "no such file"
    if isinstance(exc, IsADirectoryError):
        return "is a folder, not a file"
    if isinstance(exc, PermissionError):
        return "permission denied"
    return (exc.strerror or str(exc)).lower()

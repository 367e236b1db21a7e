"""Build the compiled modules: the two C extensions of pyproject.toml, and the hot
modules compiled with mypyc.

Design note
-----------
The list of modules compiled by mypyc is :data:`COMPILED` in
``src/cavendish/compiled.py``, the one place that names them (read here without
importing the package, and by the package's guard against a stale build).  Each is
an ordinary, typed Python module: compiled, it runs the same code faster, and where
mypyc or a C compiler is missing (``CAVENDISH_NO_MYPYC=1``, or the build fails) the
``.py`` files run as they are, with the same results.  The modules are compiled in
groups (one shared library each) built side by side, one per core
(``build_ext --parallel``), at ``-O2`` (``CAVENDISH_MYPYC_OPT`` to change it).
"""

from __future__ import annotations

import ast
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).parent
SRC = HERE / "src"


# the exact solver of small double-dummy positions (analysis: the DD layer's and the
# classical player's counting) and the classical player's layouts, in C (optional:
# without a C compiler DDS and the Python solvers give the same cards more slowly)
C_EXTENSIONS = [
    Extension(
        f"cavendish.{package}.{name}",
        sources=[f"src/cavendish/{package.replace('.', '/')}/{name}.c"],
        depends=[f"src/cavendish/{package.replace('.', '/')}/{h}" for h in headers],
        extra_compile_args=["-O2"],
        optional=True,
    )
    for package, name, headers in (
        ("analysis", "_endgame", ("_endgame_search.h",)),  # included twice by _endgame.c
        ("players.classical", "_layouts", ()),
    )
]


def _compiled_groups() -> list[tuple[str, tuple[str, ...]]]:
    """The groups of :data:`cavendish.compiled.COMPILED`, read as a literal."""
    tree = ast.parse((SRC / "cavendish" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "GROUPS" for t in targets):
                assert node.value is not None
                groups: list[tuple[str, tuple[str, ...]]] = ast.literal_eval(node.value)
                return groups
    raise RuntimeError("src/cavendish/compiled.py defines no GROUPS")


def _path(module: str) -> str:
    return str(Path("src", *module.split(".")).with_suffix(".py"))


def _mypyc_extensions() -> list[object]:
    if os.environ.get("CAVENDISH_NO_MYPYC"):
        print("cavendish: CAVENDISH_NO_MYPYC set: the pure-Python modules run", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("cavendish: mypyc is missing: the pure-Python modules run", file=sys.stderr)
        return []
    groups = _compiled_groups()
    paths = [_path(m) for _, modules in groups for m in modules]
    try:
        extensions: list[object] = mypycify(
            paths,
            opt_level=os.environ.get("CAVENDISH_MYPYC_OPT", "2"),
            separate=[([_path(m) for m in modules], name) for name, modules in groups],
        )
    except BaseException as exc:  # mypyc's own errors end in SystemExit
        print(f"cavendish: mypyc failed ({exc!r}): the pure-Python modules run", file=sys.stderr)
        return []
    for ext in extensions:
        ext._cavendish_mypyc = True  # type: ignore[attr-defined]
    return extensions


class BuildExt(build_ext):
    """``build_ext`` that builds the groups in parallel and gives up the mypyc modules
    as a whole when any of them fails (a shim without its library would not import)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = min(os.cpu_count() or 1, 4)

    def run(self) -> None:
        super().run()
        # an up-to-date extension is not rebuilt, but it is as new as its sources now:
        # the package's guard (cavendish.compiled.check_fresh) compares the times
        for ext in self.extensions:
            if getattr(ext, "_cavendish_mypyc", False):
                built = Path(self.get_ext_fullpath(ext.name))
                if built.exists():
                    built.touch()

    def build_extensions(self) -> None:
        try:
            super().build_extensions()
        except Exception as exc:
            mypyc = [e for e in self.extensions if getattr(e, "_cavendish_mypyc", False)]
            if not mypyc:
                raise
            print(f"cavendish: compiling failed ({exc}): the pure-Python modules run",
                  file=sys.stderr)
            for ext in mypyc:
                built = Path(self.get_ext_fullpath(ext.name))
                built.unlink(missing_ok=True)
                if self.inplace:
                    inplace = Path(*ext.name.split(".")).with_suffix("")
                    for so in SRC.glob(str(inplace) + ".*.so"):
                        so.unlink()
            self.extensions = [e for e in self.extensions if e not in mypyc]
            super().build_extensions()


setup(ext_modules=[*C_EXTENSIONS, *_mypyc_extensions()], cmdclass={"build_ext": BuildExt})

"""The doctests of the modules compiled with mypyc (``cavendish.compiled.COMPILED``).

A compiled module's ``__file__`` is its ``.so``, not the ``.py`` that pytest collects
its doctests from (pytest refuses the mismatch), and mypyc drops the docstrings.  So
the doctests are read from the source (the ``.py`` run as a module of its own, under
another name) and run in the compiled module's namespace: every example calls the
compiled code, the code that runs.  Without a build the ordinary doctests run.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from collections.abc import Generator, Iterable
from pathlib import Path
from types import ModuleType

import pytest
from _pytest.doctest import (
    DoctestItem,
    DoctestModule,
    _get_checker,
    _get_continue_on_failure,
    _get_runner,
    get_optionflags,
)

from cavendish.compiled import COMPILED

_SRC = Path(__file__).resolve().parent / "src"
_COMPILED_FILES = {
    _SRC.joinpath(*name.split(".")).with_suffix(".py"): name for name in COMPILED
}


class CompiledDoctestModule(DoctestModule):
    """The doctests of a module that may be compiled: read from its source, run in the
    namespace of the module imported (compiled or not)."""

    def _getobj(self) -> ModuleType:
        return importlib.import_module(_COMPILED_FILES[Path(self.path).resolve()])

    def collect(self) -> Iterable[DoctestItem]:
        name = _COMPILED_FILES[Path(self.path).resolve()]
        module = self.obj
        # its own name, so that the finder takes its functions and classes for its own
        spec = importlib.util.spec_from_file_location(f"{name}__source", self.path)
        assert spec is not None and spec.loader is not None
        source = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = source  # while it runs (dataclasses look it up), no longer
        try:
            spec.loader.exec_module(source)
        finally:
            del sys.modules[spec.name]
        self.session._fixturemanager.parsefactories(self)
        runner = _get_runner(
            verbose=False,
            optionflags=get_optionflags(self.config),
            checker=_get_checker(),
            continue_on_failure=_get_continue_on_failure(self.config),
        )
        for test in doctest.DocTestFinder().find(source, name, globs=vars(module)):
            if test.examples:
                yield DoctestItem.from_parent(self, name=test.name, runner=runner, dtest=test)


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(
    file_path: Path, parent: pytest.Collector
) -> Generator[None, list[pytest.Collector | None], list[pytest.Collector | None]]:
    collected = yield
    if file_path.resolve() not in _COMPILED_FILES:
        return collected
    return [
        CompiledDoctestModule.from_parent(parent, path=file_path)
        if type(c) is DoctestModule
        else c
        for c in collected
    ]

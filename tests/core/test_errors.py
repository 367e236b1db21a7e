"""Issue 18 item 5: one family of errors under CavendishError, each name defined once."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import cavendish
from cavendish.core.errors import CavendishError, RulesError
from cavendish.core.rules import Rules, UnknownVariant
from cavendish.match.parallel import RayNotInstalled

# RayUnavailable (and its kinds RayNotInstalled, RayAuthRequired) is an ImportError (no
# player's ``except ValueError`` may swallow it);
# Leave: the terminal's way out, not an error; StaleBuildError is an ImportError raised
# by the package's import before anything of cavendish.core is imported (a compiled
# module older than its source, cavendish.compiled)
_KNOWN_OUTSIDE = {
    "RayUnavailable",
    "RayNotInstalled",
    "RayAuthRequired",
    "Leave",
    "StaleBuildError",
}


def _error_classes() -> dict[str, list[type[BaseException]]]:
    found: dict[str, list[type[BaseException]]] = {}
    for info in pkgutil.walk_packages(cavendish.__path__, "cavendish."):
        if info.name.endswith("__main__") or ".migrations" in info.name:
            continue  # Alembic's migration scripts run only inside Alembic
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (
                inspect.isclass(obj)
                and issubclass(obj, Exception)
                and not issubclass(obj, Warning)  # a warning is not an error
                and obj.__module__ == module.__name__
                and not name.startswith("_")
            ):
                found.setdefault(name, []).append(obj)
    return found


def test_every_error_of_the_library_is_a_cavendish_error() -> None:
    strays = [
        f"{c.__module__}.{name}"
        for name, classes in _error_classes().items()
        for c in classes
        if not issubclass(c, CavendishError) and name not in _KNOWN_OUTSIDE
    ]
    assert strays == []


def test_no_error_name_is_defined_twice() -> None:
    twice = {n: [c.__module__ for c in cs] for n, cs in _error_classes().items() if len(cs) > 1}
    assert twice == {}


def test_game_points_below_one_is_a_rules_error_not_an_unknown_variant() -> None:
    with pytest.raises(RulesError, match="game_points must be positive, not 0") as info:
        Rules(game_points=0)
    assert not isinstance(info.value, UnknownVariant)


def test_ray_not_installed_escapes_an_except_value_error() -> None:
    assert not issubclass(RayNotInstalled, ValueError)
    assert issubclass(RayNotInstalled, ImportError)

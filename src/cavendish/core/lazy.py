"""Names of a package imported from their modules when first asked (PEP 562).

Design note
-----------
A package whose heavy modules a light command need not load (``game``: the laws'
session; ``match``: the players behind a match; ``laws``: the arbiter behind the two
packs every club game deals from; ``io``: the PBN and JSON log writers) keeps a
table from each such public name to its module and sets its module ``__getattr__``
to :func:`names_on_first_use`'s function: the first use of a name imports its
module and keeps the value in the package, so later uses are plain lookups.  Type
checkers see the names through the package's ``if TYPE_CHECKING:`` imports.

>>> space: dict[str, object] = {}
>>> get = names_on_first_use("cavendish.core", {"Rules": "rules"}, space)
>>> get("Rules").__name__, "Rules" in space
('Rules', True)
>>> get("Nothing")
Traceback (most recent call last):
...
AttributeError: module 'cavendish.core' has no attribute 'Nothing'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["names_on_first_use"]


def names_on_first_use(package: str, where: Mapping[str, str],
                       namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The module ``__getattr__`` of ``package``: a name of ``where`` is imported from
    its module (relative to ``package``) and kept in ``namespace`` (the package's
    ``globals()``); any other name is an :class:`AttributeError`."""

    def __getattr__(name: str) -> Any:
        if name not in where:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{where[name]}"), name)
        namespace[name] = value
        return value

    return __getattr__

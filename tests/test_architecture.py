"""The rings of docs/architecture.md, checked: every import of every module (read with
``ast``, ``TYPE_CHECKING`` and function-level imports included) goes from a package
to its own or to one of a lower rank, so core imports nothing outer and nothing
imports cli or web."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "cavendish"
DOC = Path(__file__).resolve().parents[1] / "docs" / "architecture.md"

RANKS = {
    "core": 0,
    "scoring": 1,
    "io": 2,
    "laws": 2,
    "analysis": 3,
    "players": 4,
    "game": 5,
    "match": 6,
    "odds": 7,
    "env": 8,
    "cli": 9,
    "bench": 9,
    "web": 9,
}
"""The rank of each package (docs/architecture.md): a package imports its own and
lower ranks only."""

TOP = "core"
"""What the top-level ``cavendish/__init__.py`` may import (besides itself)."""


def package_of(path: Path, src: Path) -> str | None:
    """The package of Cavendish a module belongs to (None: the top-level modules)."""
    rel = path.relative_to(src)
    return rel.parts[0] if len(rel.parts) > 1 else None


def imports_of(path: Path, src: Path) -> Iterator[tuple[int, list[list[str]]]]:
    """Each import statement of ``path`` (anywhere in it: function-level and
    ``TYPE_CHECKING`` imports included), with its line and the absolute dotted names it
    may import, as parts: the module named and, for ``from M import a``, ``M.a`` too
    (``a`` may be a module: ``from . import chat``, ``from .. import game``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    here = list(path.relative_to(src.parent).parts[:-1])  # ["cavendish", "game", ...]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = here[: len(here) - (node.level - 1)] if node.level else []
            module = base + (node.module.split(".") if node.module else [])
            yield node.lineno, [module] + [[*module, a.name] for a in node.names]
        elif isinstance(node, ast.Import):
            yield node.lineno, [a.name.split(".") for a in node.names]


def imported(path: Path, src: Path) -> list[tuple[int, str]]:
    """Every package of Cavendish that ``path`` imports, with the line."""
    found: list[tuple[int, str]] = []
    for line, names in imports_of(path, src):
        packages = dict.fromkeys(
            parts[1] for parts in names
            if len(parts) > 1 and parts[0] == "cavendish" and parts[1] in RANKS
        )
        found.extend((line, package) for package in packages)
    return found


def breaches(path: Path, src: Path = SRC) -> list[str]:
    """The imports of ``path`` (a module under ``src``, the ``cavendish`` folder) that
    break the rule, as ``file:line: a -> b``."""
    own = package_of(path, src)
    out = []
    for line, target in imported(path, src):
        inward = target == TOP if own is None else target == own or RANKS[target] < RANKS[own]
        if not inward:
            where = path.relative_to(src.parent).as_posix()
            out.append(f"{where}:{line}: {own or 'cavendish'} -> {target}")
    return out


MODULES = sorted(SRC.rglob("*.py"))


def test_every_package_of_the_source_has_its_place_in_the_rings() -> None:
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages - set(RANKS) == set(), "place the new package in RANKS and the drawing"


def test_the_drawing_of_docs_architecture_puts_every_ring_at_its_rank() -> None:
    lines = DOC.read_text(encoding="utf-8").splitlines()
    for package, rank in RANKS.items():
        drawn = [ln for ln in lines if re.search(rf"\b{package}\b.*rank {rank}\b", ln)]
        assert drawn, f"{package} is not drawn at rank {rank}"
        row = [ln for ln in lines if ln.startswith(f"| {rank} ") and f"`{package}`" in ln]
        assert row, f"{package} has no row of rank {rank} in the table"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(SRC)))
def test_each_ring_depends_inward_only(path: Path) -> None:
    assert breaches(path) == []


def test_the_rule_is_seen_to_fail_on_an_outward_import(tmp_path: Path) -> None:
    # the checker itself: a core module that imports the game, a game module that
    # imports the command line (relative and absolute), and a legal inward import
    cases = {
        "core/bad.py": "from ..game import Session\n",
        "game/bad.py": "def f() -> None:\n    from cavendish.cli import main\n",
        "players/bad.py": "from .. import web\n",
        "game/good.py": "from ..core.cards import Card\nfrom . import seating\n",
    }
    src = tmp_path / "cavendish"
    found = {}
    for rel, source in cases.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
        found[rel] = breaches(path, src)
    assert found["core/bad.py"] == ["cavendish/core/bad.py:1: core -> game"]
    assert found["game/bad.py"] == ["cavendish/game/bad.py:2: game -> cli"]
    assert found["players/bad.py"] == ["cavendish/players/bad.py:1: players -> web"]
    assert found["game/good.py"] == []


# -- no circle of imports inside a package ------------------------------------------------

def module_name(path: Path, src: Path = SRC) -> str:
    """``cavendish.web.tables`` for ``src/cavendish/web/tables.py`` (a package's
    ``__init__`` is named by its folder)."""
    parts = list(path.relative_to(src.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(path: Path, known: set[str], src: Path = SRC) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere (:func:`imports_of`):
    ``from . import x`` names the module ``x``."""
    return {".".join(parts) for _, names in imports_of(path, src) for parts in names} & known


def circles(folder: Path, src: Path = SRC) -> list[list[str]]:
    """The circles of imports among the modules directly inside ``folder`` (its
    ``__init__`` aside): each strongly connected set of two or more, by module name."""
    paths = {module_name(p, src): p for p in folder.glob("*.py") if p.name != "__init__.py"}
    edges = {m: sorted(module_imports(p, set(paths), src) - {m}) for m, p in paths.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w.rsplit(".", 1)[-1])
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(paths):
        if v not in index:
            visit(v)
    return found


PACKAGES = sorted(p.parent for p in SRC.rglob("__init__.py"))
"""Every package of the source, subpackages included."""


@pytest.mark.parametrize(
    "folder", PACKAGES, ids=lambda f: f.relative_to(SRC).as_posix() or "cavendish"
)
def test_no_package_has_a_circle_of_imports_inside_it(folder: Path) -> None:
    assert circles(folder) == []


def test_the_circle_check_is_seen_to_fail_on_a_circle(tmp_path: Path) -> None:
    src = tmp_path / "cavendish"
    pkg = src / "web"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("from .tables import Table\n", encoding="utf-8")
    (pkg / "tables.py").write_text("def f() -> None:\n    from . import chat\n", encoding="utf-8")
    (pkg / "chat.py").write_text("from .tables import f\n", encoding="utf-8")
    (pkg / "app.py").write_text("from . import chat, tables\n", encoding="utf-8")
    assert circles(pkg, src) == [["chat", "tables"]]

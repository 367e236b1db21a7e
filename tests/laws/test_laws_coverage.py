"""The coverage table (docs/laws.md): laws 1-91, each implemented and tested or recorded
with the reason; the file is up to date and every test it names exists."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from cavendish.laws.coverage import LAWS, implemented_count, render_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_docs_laws_md_is_the_coverage_table() -> None:
    assert (ROOT / "docs" / "laws.md").read_text(encoding="utf-8") == render_markdown()


def test_every_law_of_the_code_is_listed_once_and_80_are_implemented() -> None:
    numbers = [law.number for law in LAWS if law.number <= 91]
    assert numbers == list(range(1, 92))
    assert implemented_count() >= 80
    for law in LAWS:
        if law.status == "implemented":
            assert law.tests, f"law {law.number} has no test"
        else:
            assert law.status == "recorded" and law.note, f"law {law.number}: give the reason"


def test_every_test_named_exists_and_names_its_law() -> None:
    for law in LAWS:
        for test in law.tests:
            path, name = test.split("::")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert f"def {name}(" in text, f"{test} (law {law.number}) does not exist"
        if 13 <= law.number <= 91 and law.status == "implemented":
            own = [t for t in law.tests if t.startswith("tests/laws/")]
            assert any(re.search(rf"_law_{law.number}(v|_)", t) for t in own), (
                f"law {law.number}: no test named after it in tests/laws"
            )


def test_every_module_named_exists() -> None:
    for law in LAWS:
        for where in law.where.split(", ") if law.where else ():
            parts = where.split(".")
            for k in range(len(parts), 0, -1):
                try:
                    obj: object = importlib.import_module(".".join(parts[:k]))
                except ModuleNotFoundError:
                    continue
                for attr in parts[k:]:
                    obj = getattr(obj, attr)
                break
            else:  # pragma: no cover - a failure
                raise AssertionError(f"law {law.number}: {where} not found")

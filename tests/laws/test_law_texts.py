"""The words of the laws (``cavendish.laws.texts``) are the club code's, as seed 003
prints them "verbatim from the club code": the table kept in the package is what the
source gives, every law 1-91 and the laws of dummy and double dummy are there, and a
ruling's law is cited with its words at the web tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from cavendish.laws.names import CASES, DOUBLE_DUMMY, DUMMY_I, DUMMY_II, DUMMY_III
from cavendish.laws.texts import LAW_TEXTS, law_words, read_law_texts, render_module

SEED_003 = Path(__file__).resolve().parents[2] / "sources" / "003_66747c784035cc3b.txt"
MODULE = Path(__file__).resolve().parents[2] / "src" / "cavendish" / "laws" / "texts.py"


def test_the_laws_words_kept_in_the_package_are_seed_003s_and_the_module_is_up_to_date(
        ) -> None:
    source = SEED_003.read_text(encoding="utf-8")
    assert read_law_texts(source) == LAW_TEXTS
    assert render_module(source) == MODULE.read_text(encoding="utf-8")


def test_every_law_of_the_code_and_of_dummy_and_double_dummy_has_its_words() -> None:
    assert sorted(LAW_TEXTS) == [*range(1, 92), DUMMY_I, DUMMY_II, DUMMY_III, DOUBLE_DUMMY]
    assert all(text and "[" not in text and "  " not in text for text in LAW_TEXTS.values())
    assert law_words(CASES) == ""  # Cavendish's principles are no law of the code


@pytest.mark.parametrize(("law", "begins"), [
    (62, "If any player lead out of turn, his adversaries may either call the card"),
    (72, "The penalty for a revoke:— Is at the option of the adversaries"),
    (DUMMY_II, "Dummy is not liable to the penalty for a revoke"),
    (DOUBLE_DUMMY, "There is no misdeal, as the deal is a disadvantage."),
])
def test_law_62_72_and_the_dummy_laws_read_as_the_code_prints_them(law: int, begins: str) -> None:
    assert law_words(law).startswith(begins)


def test_a_source_without_the_club_code_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no club code"):
        read_law_texts("The laws of some other game.")

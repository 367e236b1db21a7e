"""Citations for readers: the book and its section, never a catalogue offset.

Design note
-----------
Inside the project a passage of a source is located by a character offset in its
text (``[001]@225.9k``, ``seed 001 @235.1k-238.0k``): exact, and checked by the
tests, but meaningless to a whist player.  Every line a user reads goes through
:func:`cite`, which replaces such a location with the work's title and the
section the offset falls in (the section headings of Dick's Hand-book, the work
most cited, are listed here with the offset where each begins).

>>> cite("printed: 'once in 80 deals' [001]@225.9k; ok")  # doctest: +NORMALIZE_WHITESPACE
"printed: 'once in 80 deals' (Dick's Hand-book of Whist, Pole's probabilities:
number of cards which will be held); ok"
>>> cite("Clay, pp. 97-99 (seed 001 @235.1k-238.0k).")
"Clay, pp. 97-99 (Dick's Hand-book of Whist, double dummy: the Great Vienna coup)."
>>> cite("Clay, in Dick's Hand-book of Whist, pp. 97-99 (seed 001 @235.1k).")
"Clay, in Dick's Hand-book of Whist, pp. 97-99 (double dummy: the Great Vienna coup)."
"""

from __future__ import annotations

import re
from bisect import bisect_right

__all__ = ["WORKS", "cite", "section"]

WORKS = {
    "000": "the Encyclopaedia Britannica (9th edition), 'Whist'",
    "001": "Dick's Hand-book of Whist",
    "002": "the Encyclopaedia Britannica (11th edition), 'Whist'",
    "003": "Cavendish, The Laws and Principles of Whist",
}
"""The four source documents, by their number in the catalogues."""

_SECTIONS_001 = (
    (0.0, "title pages and the laws"),
    (29.2, "etiquette of whist"),
    (30.9, "technical terms"),
    (51.8, "Pole's rules for playing the modern scientific game"),
    (82.6, "rhyming rules"),
    (84.7, "Clay's rules for playing whist"),
    (123.8, "Pole, the principles of modern whist"),
    (142.9, "Pole, the principles of modern whist: what card of the long suit should be led"),
    (150.2, "Pole, the principles of modern whist"),
    (210.8, "Pole, simple elementary rules"),
    (223.4, "Pole's probabilities"),
    (225.9, "Pole's probabilities: number of cards which will be held"),
    (227.0, "Pole's probabilities: trumps held by a dealer or non-dealer"),
    (228.2, "Pole's probabilities: how often a suit will go round"),
    (228.5, "Pole's probabilities: the lead of the ace from ace and four small"),
    (229.7, "Pole's probabilities: king and a small card second hand"),
    (232.9, "dummy whist"),
    (235.1, "double dummy: the Great Vienna coup"),
    (238.0, "double dummy: the Boston problem"),
    (243.8, "the publishers' pages"),
)
_STARTS = [start for start, _ in _SECTIONS_001]
_LOCATION = re.compile(
    r"\(?(?:\[(?P<a>\d{3})\]|seed (?P<b>\d{3}) ?)@(?P<at>\d+(?:\.\d+)?)k"
    r"(?:-(?:@)?\d+(?:\.\d+)?k)?(?:, @\d+(?:\.\d+)?k)*\)?"
)


def section(work: str, at_k: float) -> str:
    """The work's title and, for Dick's Hand-book, the section at ``at_k`` thousand
    characters.

    >>> section("001", 145.8).split(", ", 1)[1]
    'Pole, the principles of modern whist: what card of the long suit should be led'
    """
    title = WORKS.get(work, f"source {work}")
    if work != "001":
        return title
    return f"{title}, {_SECTIONS_001[max(0, bisect_right(_STARTS, at_k) - 1)][1]}"


def cite(text: str) -> str:
    """``text`` with every catalogue location replaced by the book and its section."""

    def name(m: re.Match[str]) -> str:
        work = m.group("a") or m.group("b") or ""
        where = section(work, float(m.group("at")))
        title = WORKS.get(work, "")
        if title and title in text[: m.start()] and where.startswith(title + ", "):
            where = where[len(title) + 2 :]  # the book is named already: its section only
        return f"({where})"

    return _LOCATION.sub(name, text)

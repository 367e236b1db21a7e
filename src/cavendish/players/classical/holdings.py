"""Which card to lead from a holding: the tables of sources/reference/conventions.md §3 and §4.

Every function takes a holding as 13 bits of *effective* ranks (bit 12 is the
best live card; see :func:`cavendish.players.inference.bits.effective`), so the
same table serves the original lead and a suit opened later, when some high
cards have gone.  Each returns ``(bit, convention, reason)``.

>>> from cavendish.players.inference import MODERN, OLD
>>> def h(text):  # a holding from rank letters
...     return sum(1 << "23456789TJQKA".index(ch) for ch in text)
>>> plain_lead(h("AK72"), MODERN)[:2], plain_lead(h("Q8652"), MODERN)[:2]
((11, 'C31'), (3, 'C44'))
>>> plain_lead(h("Q8652"), OLD)[:2], plain_lead(h("KJT92"), OLD)[:2]
((0, 'C42'), (7, 'C41'))
>>> trump_lead(h("AKQ32"))[:2], trump_lead(h("AKJ3"))[:2], trump_lead(h("K9532"))[:2]
((10, 'C54'), (11, 'C54'), (0, 'C54'))
"""

from __future__ import annotations

from ..inference import School
from ..inference.bits import (
    ACE,
    FULL_SUIT,
    JACK,
    KING,
    QUEEN,
    TEN,
    bit_list_desc,
    lowest_of_run,
    rank_char,
)

__all__ = ["answer_call", "continuation", "plain_lead", "return_card", "trump_lead"]

NINE = 7

Choice = tuple[int, str, str]


def _has(h: int, b: int) -> bool:
    return bool(h >> b & 1)


def plain_lead(h: int, school: School) -> Choice:
    """The card to open a plain suit with (C19, C27-C29, C31-C44)."""
    r = bit_list_desc(h)
    n = len(r)
    if n == 0:
        raise ValueError("plain_lead of an empty holding: there is no card to lead")
    if n == 1:
        return r[0], "C19", "a single card: the only card of the suit"
    if n == 2:
        return r[0], "C29", "from two cards lead the higher"
    a, k, q, j, t = (_has(h, b) for b in (ACE, KING, QUEEN, JACK, TEN))
    if n == 3:
        if a and k:
            return KING, "C31", "from A K lead the king, then the ace"
        if k and q:
            return KING, "C33", "from K Q lead the king"
        if r[0] in (QUEEN, JACK) and _has(h, r[0] - 1):
            return r[0], "C28", f"from {_name(r[0])} {_name(r[0] - 1)} and one lead the top card"
        if r[0] >= QUEEN:
            return r[-1], "C28", "from an honour and two small lead the lowest, keeping the honour"
        return r[0], "C27", "a short suit: lead the highest, which shows it is not a long suit"
    if a and k:
        if q:
            return KING, "C32", "from A K Q lead the king, then the queen"
        return KING, "C31", "from A K lead the king, then the ace"
    if k and q:
        if j:
            if t:
                return TEN, "C35", "from K Q J T lead the ten, for partner to put on the ace"
            if n >= 5:
                return JACK, "C34", "from K Q J and two small lead the knave: partner unblocks"
            return KING, "C34", "from K Q J and one small lead the king"
        return KING, "C33", "from K Q and small cards lead the king, then a small one"
    if a and q and j:
        if school.length_continuations:
            return ACE, "C36", "from A Q J lead the ace; then the queen with four, knave with five"
        return ACE, "C36", "from A Q J lead the ace, then the queen"
    if a and n >= 5:
        return ACE, "C37", "from the ace and four small lead the ace, to avoid its being trumped"
    if q and j and t:
        return QUEEN, "C39", "from Q J T lead the queen"
    if k and j and t:
        low = lowest_of_run(h, TEN, FULL_SUIT & ~h)
        return low, "C41", f"from K J T lead the {_name(low)}, the lowest of the run from the ten"
    if j and t and _has(h, NINE):
        return JACK, "C40", "from J T 9 lead the knave"
    if a and n == 4:
        return r[-1], "C38", "from the ace and three small lead the lowest, holding the ace back"
    if school.fourth_best:
        return r[3], "C44", "American leads: the fourth best, showing exactly three higher"
    return r[-1], "C42", "lead the lowest of the strong suit (Pole, Clay)"


def trump_lead(h: int) -> Choice:
    """The trump to lead (C54): the lowest, unless at the head of a commanding
    sequence of three (its lowest) or from A K J (the king)."""
    r = bit_list_desc(h)
    if not r:
        raise ValueError("trump_lead of an empty holding: there is no trump to lead")
    if _has(h, ACE):
        run = lowest_of_run(h, ACE, FULL_SUIT & ~h)
        if ACE - run + 1 >= 3:
            return run, "C54", "from a commanding sequence lead the lowest of it"
        if _has(h, KING) and _has(h, JACK) and not _has(h, QUEEN):
            return KING, "C54", "from A K J lead the king, then wait for the return"
    return r[-1], "C54", "lead the lowest trump: there is no fear of a ruff"


def draw_trump(h: int) -> Choice:
    """The trump to continue drawing with (C54): the lowest of a head sequence of two
    or more, else the lowest trump (keeping the master to regain the lead)."""
    r = bit_list_desc(h)
    if _has(h, ACE) and _has(h, KING):
        run = lowest_of_run(h, ACE, FULL_SUIT & ~h)
        return run, "C54", "draw trumps with the lowest of the commanding sequence"
    return r[-1], "C54", "continue with the lowest trump, keeping the high ones"


def answer_call(h: int) -> Choice:
    """The trump to lead on partner's call (C56)."""
    r = bit_list_desc(h)
    if _has(h, ACE):
        return ACE, "C56", "partner called: lead trumps, the ace first to make two rounds sure"
    if len(r) <= 3:
        return r[0], "C56", "partner called: lead trumps, the highest from three or fewer"
    return r[-1], "C56", "partner called: lead trumps, the lowest from four or more"


def return_card(h: int, count: int, *, discarded: bool = False) -> Choice:
    """The card to return partner's suit with (C101-C103): the master card if held;
    else the highest if ``count`` (the original length, less cards discarded) was
    three or fewer, the lowest from four or more."""
    r = bit_list_desc(h)
    if not r:
        raise ValueError("return_card of an empty holding: there is no card to return")
    if r[0] == ACE:
        return ACE, "C102", "return partner's suit: the master card, out of his way"
    if count <= 3:
        if discarded:
            return (
                r[0],
                "C103",
                ("return partner's suit: the highest, as from three, having discarded one of four"),
            )
        return r[0], "C101", "return partner's suit: the highest, having held three or fewer"
    return r[-1], "C101", "return partner's suit: the lowest, having held four or more"


def continuation(orig: int, first: int, cur: int, school: School) -> Choice | None:
    """The card to continue a suit I opened with ``first`` from ``orig`` (actual
    bits), holding ``cur`` now (actual bits), by the continuation rules (C31-C39,
    C44(2)); None when no rule applies."""
    n0 = orig.bit_count()
    fourth = bit_list_desc(orig)[3] if n0 >= 4 else -1

    def small(conv: str, what: str) -> Choice:
        if school.fourth_best and fourth >= 0 and _has(cur, fourth):
            return fourth, conv, f"{what}, then the original fourth best (American leads)"
        low = bit_list_desc(cur)[-1]
        return low, conv, f"{what}, then the lowest"

    if not cur:
        return None
    if first == KING:
        if _has(orig, ACE) and _has(orig, QUEEN) and _has(cur, QUEEN):
            return QUEEN, "C32", "from A K Q: the king, then the queen"
        if _has(orig, ACE) and _has(cur, ACE):
            return ACE, "C31", "from A K: the king, then the ace"
        if _has(orig, QUEEN) and not _has(orig, ACE):
            return small("C33", "from K Q: the king won")
    if first == ACE:
        if _has(orig, QUEEN) and _has(orig, JACK):
            if school.length_continuations and n0 >= 5 and _has(cur, JACK):
                return JACK, "C36", "from A Q J and five or more: the ace, then the knave"
            if _has(cur, QUEEN):
                return QUEEN, "C36", "from A Q J: the ace, then the queen"
        elif not _has(orig, KING) and n0 >= 5:
            return small("C37", "from the ace and four small: the ace")
    if first == QUEEN and _has(orig, JACK) and _has(orig, TEN):
        if school.length_continuations and n0 >= 5 and _has(cur, TEN):
            return TEN, "C39", "from Q J T and five or more: the queen, then the ten"
        if _has(cur, JACK):
            return JACK, "C39", "from Q J T: the queen, then the knave"
    return None


def _name(bit: int) -> str:
    return rank_char(bit)

"""Dr Pole's probabilities and Perceval's record as 001 (Dick's Hand-book) prints them: data.

Design note
-----------
Every figure is stored as printed, with the text it was read from and its place in
the source (``[001]@225.9k`` is the character offset in seed 001), never corrected.
Where the OCR has damaged a figure the damaged figure is kept and the damage is
said in ``note``: the comparison shows it as printed, so a reader sees both.

A figure is read in its own terms, the *number* of its text:

* ``per``: "287 times in 1,000 deals" is 287 per 1000; every digit is significant,
  so its unit (the precision it claims) is 1.
* ``once_in``: "once in 860 deals" is 860; its unit is the place of its last
  non-zero digit (10 here), since round figures are printed with trailing zeros.
* ``count``: a count printed in full ("635,013,559,600"); unit 1.
* ``odds``: "24 to 1" is the odds p/(1-p) = 24; unit 1.
* ``value``: a plain number such as the mean 3.82; unit as printed (0.01).
* ``absent``: a dash or a blank cell, read as 0 per the table's scale.

Perceval's record of 16,000 rubbers (table ``perceval``) is stored the same way:
each count as ``per`` with the rubbers or the games as its scale ("21,004 trebles"
out of 39,974 games), the totals as ``value``; Pole's probability of winning a
single game derived from it is the table ``pole-game``.  The record's points total
and its average disagree (86,687 / 16,000 is 5.418, not 5.411): both are kept,
with a note.

>>> f = figure("suit-length", "0")
>>> f.text, f.number, f.unit, f.probability
('once in 80 deals', Fraction(80, 1), Fraction(10, 1), Fraction(1, 80))
>>> figure("dealer-trumps", "3").number, figure("other-trumps", "3").note[:20]
(Fraction(846, 1), 'OCR damage: 951 is i')
>>> t = figure("perceval", "trebles")
>>> t.number, t.scale, float(figure("pole-game", "with-deal-skill-even").probability)
(Fraction(21004, 1), 39974, 0.523)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

__all__ = ["PRINTED", "Kind", "Printed", "figure", "figures"]

Kind = Literal["per", "once_in", "count", "odds", "value", "absent"]


@dataclass(frozen=True, slots=True)
class Printed:
    """One figure as printed in the source."""

    table: str
    key: str
    text: str
    """The words of the source, as printed (OCR included)."""
    kind: Kind
    number: Fraction
    """The printed number in its own terms (287 for "287 in 1,000"; 80 for "once in 80")."""
    scale: int = 1
    """For ``per`` and ``absent``: the base (1000 for "in 1,000 deals")."""
    source: str = ""
    note: str = ""
    unit_override: Fraction | None = None

    @property
    def unit(self) -> Fraction:
        """The precision the figure claims, in its own terms (see the module note)."""
        if self.unit_override is not None:
            return self.unit_override
        if self.kind == "once_in":
            n = int(self.number)
            unit = 1
            while n and n % 10 == 0:
                n //= 10
                unit *= 10
            return Fraction(unit)
        return Fraction(1)

    @property
    def probability(self) -> Fraction:
        """The figure as a probability (for ``value`` figures: the value itself)."""
        if self.kind in ("per", "absent"):
            return self.number / self.scale
        if self.kind in ("once_in", "count"):
            return 1 / self.number
        if self.kind == "odds":
            return self.number / (self.number + 1)
        return self.number

    def to_number(self, exact: Fraction) -> Fraction:
        """An exact probability (or value) expressed in this figure's own terms."""
        if self.kind in ("per", "absent"):
            return exact * self.scale
        if self.kind in ("once_in", "count"):
            return 1 / exact if exact else Fraction(10**40)
        if self.kind == "odds":
            return exact / (1 - exact) if exact != 1 else Fraction(10**40)
        return exact


def _per(
    table: str, key: str, n: int, scale: int, text: str, source: str, note: str = ""
) -> Printed:
    return Printed(table, key, text, "per", Fraction(n), scale, source, note)


def _once(table: str, key: str, n: int, text: str, source: str, note: str = "") -> Printed:
    return Printed(table, key, text, "once_in", Fraction(n), 1, source, note)


def _absent(table: str, key: str, scale: int, text: str, source: str, note: str = "") -> Printed:
    return Printed(table, key, text, "absent", Fraction(0), scale, source, note)


_SL = "[001]@225.9k"
_SUIT_LENGTH = [
    _once(
        "suit-length",
        "0",
        80,
        "once in 80 deals",
        _SL,
        "the row's label (0, none) is lost in the OCR",
    ),
    _per("suit-length", "1", 80, 1000, "80 times in 1,000 deals", _SL),
    _per("suit-length", "2", 206, 1000, "206 times in 1,000 deals", _SL),
    _per("suit-length", "3", 287, 1000, "287 times in 1,000 deals", _SL),
    _per("suit-length", "4", 239, 1000, "239 times in 1,000 deals", _SL),
    _per("suit-length", "5", 125, 1000, "125 times in 1,000 deals", _SL),
    _once("suit-length", "6", 24, "once in 24 deals", _SL),
    _once("suit-length", "7", 114, "once in 114 deals", _SL),
    _once("suit-length", "8", 860, "once in 860 deals", _SL),
    _once(
        "suit-length",
        "9",
        12100,
        "once in 12.100 deals",
        _SL,
        "printed '12.100' (sic), read as 12,100",
    ),
    _once("suit-length", "10", 243000, "once in 243,000 deals", _SL),
    _once("suit-length", "11", 11000000, "once in 11,000,000 deals", _SL),
    _once("suit-length", "12", 1250000000, "once in 1,250,000,000 deals", _SL),
    _once("suit-length", "13", 635000000000, "once in 635,000,000,000 deals", _SL),
]

_TR = "[001]@227.0k"
_DEALER = [(1, 1000), (2, 975), (3, 846), (4, 585), (5, 292), (6, 100), (7, 23), (8, 4), (9, 1)]
_OTHER: list[tuple[int, int | None]] = [
    (1, 983),
    (2, 885),
    (3, 951),
    (4, 375),
    (5, 137),
    (6, 35),
    (7, 5),
    (8, None),
    (9, None),
]
_OTHER_NOTES = {
    3: "OCR damage: 951 is impossible (above the 885 printed for 2 or more); probably 651",
    4: "perhaps OCR damage of 358, or Pole's own figure",
}
_DEALER_TRUMPS = [
    _per("dealer-trumps", str(k), n, 1000, f"{k} or more: {n:,} in 1,000 deals", _TR)
    for k, n in _DEALER
]
_OTHER_TRUMPS = [
    _per(
        "other-trumps",
        str(k),
        n,
        1000,
        f"{k} or more: {n:,} in 1,000 deals",
        _TR,
        _OTHER_NOTES.get(k, ""),
    )
    if n is not None
    else _absent("other-trumps", str(k), 1000, f"{k} or more: — (none in 1,000 deals)", _TR)
    for k, n in _OTHER
]

_RELATED_TRUMPS = [
    Printed(
        "dealer-trumps",
        "mean",
        "the average number of trumps held by the dealer is 3.82",
        "value",
        Fraction(382, 100),
        1,
        "[001]@227.4k",
        unit_override=Fraction(1, 100),
    ),
    _per(
        "dealer-trumps",
        "dealer-5+|partner-1",
        48,
        100,
        "if the dealer's partner holds only one trump, the chances are 48 in 100 (or nearly "
        "even) that the dealer holds five trumps, or more",
        "[001]@227.5k",
    ),
    _per(
        "dealer-trumps",
        "partner-5+|dealer-1",
        35,
        100,
        "if the dealer holds only one trump, the chances of his partner holding five or over "
        "are only 35 in 100",
        "[001]@227.9k",
    ),
    Printed(
        "other-trumps",
        "mean",
        "by the non-dealer 3.06",
        "value",
        Fraction(306, 100),
        1,
        "[001]@227.4k",
        unit_override=Fraction(1, 100),
    ),
    _per(
        "other-trumps",
        "partner-5+|own-1,adversary-dealt",
        28,
        100,
        "and if the deal is with the adversary they are reduced to 28",
        "[001]@227.9k",
    ),
]

_GR_B = "[001]@228.2k"
_GR_A = "[001]@145.8k"
_ROUND_WORDS = {1: "once or more", 2: "twice or more", 3: "thrice"}
_GOES_ROUND_B = {
    (4, 1): 956,
    (5, 1): 937,
    (6, 1): 878,
    (7, 1): 800,
    (8, 1): 685,
    (4, 2): 642,
    (5, 2): 570,
    (6, 2): 341,
    (7, 2): 143,
    (4, 3): 158,
}
_GOES_ROUND_A = {
    (4, 1): 96,
    (5, 1): 94,
    (6, 1): 88,
    (7, 1): 80,
    (8, 1): 69,
    (4, 2): 64,
    (5, 2): 57,
    (6, 2): 34,
    (7, 2): 14,
    (4, 3): 16,
}


def _goes_round(
    version: dict[tuple[int, int], int], scale: int, source: str, table: str, words: str
) -> list[Printed]:
    out = []
    for r in (1, 2, 3):
        for n in (4, 5, 6, 7, 8):
            label = f"leader holds {n}, {_ROUND_WORDS[r]}"
            if (n, r) in version:
                v = version[(n, r)]
                out.append(_per(table, f"{n}:{r}", v, scale, f"{label}: {v} {words}", source))
            else:
                out.append(
                    _absent(
                        table,
                        f"{n}:{r}",
                        scale,
                        f"{label}: blank {words}",
                        source,
                        "a blank cell (an impossible event)",
                    )
                )
    return out


_GOES_ROUND = _goes_round(_GOES_ROUND_B, 1000, _GR_B, "goes-round", "in 1,000 deals")
_GOES_ROUND_ALT = _goes_round(
    _GOES_ROUND_A, 100, _GR_A, "goes-round:100-leads", "in 100 leads (OCR collapsed; reconstructed)"
)

_AL = "[001]@229.0k"
_ACE_LEAD = [
    _per(
        "ace-lead",
        "ace-first",
        958,
        1000,
        "the probability of making the ace on the first round is 958 in 1,000",
        _AL,
    ),
    Printed(
        "ace-lead",
        "ace-first:odds",
        "in other words, the chances are 24 to 1",
        "odds",
        Fraction(24),
        1,
        _AL,
        "958 in 1,000 is 22.8 to 1, not 24 to 1",
    ),
    _per(
        "ace-lead",
        "small-first",
        836,
        1000,
        "if a small card is led, the leader will probably make one trick in the suit 836 "
        "times in 1,000 deals",
        _AL,
    ),
    _per(
        "ace-lead",
        "ace-first:play",
        958,
        1000,
        "the probability of making the ace on the first round is 958 in 1,000",
        _AL,
    ),
    _per(
        "ace-lead",
        "small-first:play",
        836,
        1000,
        "if a small card is led, the leader will probably make one trick in the suit 836 "
        "times in 1,000 deals",
        _AL,
    ),
]
_ACE_LEAD_RATIO = Printed(
    "ace-lead",
    "ratio",
    "the odds in favor of opening with the ace, are, therefore, about 8 to 7",
    "value",
    Fraction(8, 7),
    1,
    _AL,
    unit_override=Fraction(1, 7),
)

_KS = "[001]@230.9k"
_KS_T = "[001]@231.6k"
_KING_SECOND = [
    _per(
        "king-second",
        "plain:leader",
        180,
        1000,
        "the ace will lie with the leader 180 times in 1,000",
        _KS,
    ),
    _per("king-second", "plain:third", 410, 1000, "with the third hand 410 times", _KS),
    _per("king-second", "plain:fourth", 410, 1000, "and with the fourth hand 410", _KS),
    _per(
        "king-second",
        "plain:king-wins",
        590,
        1000,
        "the king put on will win the trick 590 times in 1,000, or about six times in ten",
        _KS,
    ),
    _per(
        "king-second",
        "trumps:leader",
        400,
        1000,
        "the ace will lie with the leader 400 times in 1,000",
        _KS_T,
    ),
    _per("king-second", "trumps:third", 300, 1000, "with the third hand 300", _KS_T),
    _per("king-second", "trumps:fourth", 300, 1000, "with the fourth also 300", _KS_T),
    _per(
        "king-second",
        "trumps:king-wins",
        7,
        10,
        "putting on the king would win the trick seven times out of ten",
        _KS_T,
    ),
]

_HD = "[001]@226.7k"
_HANDS_AND_DEALS = [
    Printed("hands-and-deals", "hands", "635,013,559,600", "count", Fraction(635013559600), 1, _HD),
    Printed(
        "hands-and-deals",
        "deals",
        "53,644,737,765,488,792,839,237,440,000",
        "count",
        Fraction(53644737765488792839237440000),
        1,
        _HD,
    ),
]

_PV = "[001]@224.3k"
_PV_RUBBERS = 16000
_PV_GAMES = 39974


def _perceval(key: str, n: int, scale: int, text: str, source: str, note: str = "") -> Printed:
    return _per("perceval", key, n, scale, text, source, note)


def _value(
    table: str, key: str, value: Fraction, unit: Fraction, text: str, source: str, note: str = ""
) -> Printed:
    return Printed(table, key, text, "value", value, 1, source, note, unit_override=unit)


_PERCEVAL = [
    _value(
        "perceval",
        "rubbers",
        Fraction(_PV_RUBBERS),
        Fraction(1),
        "Mr. Perceval's record of 16,000 rubbers",
        "[001]@224.2k",
    ),
    _value(
        "perceval",
        "games",
        Fraction(_PV_GAMES),
        Fraction(1),
        "The 16,000 rubbers consisted of 39,974 games",
        _PV,
    ),
    _value(
        "perceval",
        "points",
        Fraction(86687),
        Fraction(1),
        "and counted 86,687 points",
        _PV,
        "inconsistent: 86,687 / 16,000 is 5.418, not the 5.411 printed beside it, and the "
        "net points of a rubber (laws 8-10) always add up to an even total, so 86,687 (odd) "
        "cannot be right; one of the two figures is wrong, in the original or in the OCR",
    ),
    _value(
        "perceval",
        "points-per-rubber",
        Fraction(5411, 1000),
        Fraction(1, 1000),
        "being an average of 5.411 points per rubber",
        "[001]@224.4k",
        "inconsistent with the 86,687 points printed beside it (5.418 per rubber)",
    ),
    _perceval(
        "rubbers-in-two",
        8026,
        _PV_RUBBERS,
        "8,026 rubbers were won in two games",
        "[001]@224.4k",
    ),
    _perceval(
        "rubbers-in-three", 7974, _PV_RUBBERS, "7,974 rubbers required three", "[001]@224.4k"
    ),
    _perceval(
        "first-game-winners-won",
        12080,
        _PV_RUBBERS,
        "In 12,080 cases the winners of the first game won the rubber",
        "[001]@224.5k",
    ),
    _perceval(
        "first-game-winners-lost", 3920, _PV_RUBBERS, "in 3,920 they lost it", "[001]@224.5k"
    ),
    _perceval(
        "trebles",
        21004,
        _PV_GAMES,
        "Out of the 39,974 games 21,004 were trebles",
        "[001]@224.6k",
    ),
    _perceval("doubles", 9522, _PV_GAMES, "9,522 were doubles", "[001]@224.6k"),
    _perceval("singles", 9448, _PV_GAMES, "and 9,448 were single games", "[001]@224.6k"),
    _perceval(
        "cut-won-by-sp",
        7934,
        _PV_RUBBERS,
        "In cutting for the first deal of the rubber it was won by S. P. or his partner "
        "7,934 times",
        "[001]@224.7k",
    ),
    _perceval(
        "cut-lost-by-sp",
        8066,
        _PV_RUBBERS,
        "and lost by them 8,066 times; the difference against them being thus 132, or about "
        "0.825 per cent",
        "[001]@224.7k",
    ),
    _perceval(
        "first-deal-of-game-to-sp",
        19543,
        _PV_GAMES,
        "In the separate games, the first deal fell to S. P. or his partner 19,543 times",
        "[001]@224.9k",
        "printed '19,- 543' across a line break",
    ),
    _perceval(
        "first-deal-of-game-to-adversaries",
        20431,
        _PV_GAMES,
        "and to the adversaries 20,431 times, giving an adverse difference of 888",
        "[001]@224.9k",
    ),
    Printed(
        "perceval",
        "first-game-odds",
        "the betting should be, instead, three to one",
        "odds",
        Fraction(3),
        1,
        "[001]@224.1k",
        "the odds on the winners of the first game taking the rubber",
    ),
    Printed(
        "perceval",
        "first-game-common-odds",
        "the common odds or 5 to 2 on the winners of the first game taking the rubber are "
        "not long enough",
        "odds",
        Fraction(5, 2),
        1,
        "[001]@224.0k",
        unit_override=Fraction(1, 2),
    ),
]

_PG = "[001]@225.4k"
_POLE_GAME = [
    _value("pole-game", key, Fraction(v, 1000), Fraction(1, 1000), text, src)
    for key, v, text, src in (
        ("with-deal-and-skill", 534, "With deal and skill 0.534", _PG),
        ("with-deal-skill-even", 523, "With deal, skill being even 0.523", _PG),
        ("with-deal-against-skill", 512, "With deal, against skill 0.512", _PG),
        ("ignoring-deal-and-skill", 500, "Ignoring both deal and skill 0.500", "[001]@225.5k"),
        ("with-skill-ignoring-deal", 511, "With skill, ignoring deal 0.511", "[001]@225.5k"),
        ("with-skill-against-deal", 488, "With skill, against the deal 0.488", "[001]@225.5k"),
        ("against-deal-and-skill", 466, "Against both deal and skill 0.466", "[001]@225.6k"),
    )
] + [
    Printed(
        "pole-game",
        "deal-advantage",
        "the advantage of the deal is about 11 to 10",
        "odds",
        Fraction(11, 10),
        1,
        "[001]@225.7k",
        unit_override=Fraction(1, 10),
    ),
    Printed(
        "pole-game",
        "skill-advantage",
        "and of skill about 21 to 20",
        "odds",
        Fraction(21, 20),
        1,
        "[001]@225.7k",
        unit_override=Fraction(1, 20),
    ),
]

PRINTED: tuple[Printed, ...] = (
    *_SUIT_LENGTH,
    *_DEALER_TRUMPS,
    *_OTHER_TRUMPS,
    *_RELATED_TRUMPS,
    *_GOES_ROUND,
    *_GOES_ROUND_ALT,
    *_ACE_LEAD,
    _ACE_LEAD_RATIO,
    *_KING_SECOND,
    *_HANDS_AND_DEALS,
    *_PERCEVAL,
    *_POLE_GAME,
)
"""Every printed figure: Pole's tables, Perceval's record (``perceval``) and Pole's
probability of winning a single game (``pole-game``)."""

_BY_KEY = {(p.table, p.key): p for p in PRINTED}


def figure(table: str, key: str) -> Printed:
    """The printed figure of ``table`` for ``key``.

    >>> figure("goes-round", "4:3").text
    'leader holds 4, thrice: 158 in 1,000 deals'
    """
    try:
        return _BY_KEY[(table, key)]
    except KeyError:
        raise KeyError(f"no printed figure for {table!r} key {key!r}") from None


def figures(table: str) -> list[Printed]:
    """Every printed figure of ``table``, in the order printed.

    >>> [f.key for f in figures("hands-and-deals")]
    ['hands', 'deals']
    """
    return [p for p in PRINTED if p.table == table]

"""Pole's probability tables, recomputed, beside the figures 001 prints.

Design note
-----------
Each table is a list of :class:`Row`: the exact value (a :class:`~fractions.Fraction`
from :mod:`cavendish.odds.combin`) or, where the figure depends on play, a seeded
simulation with its 95% interval (:mod:`cavendish.odds.simulate`), beside the
printed figure (:mod:`cavendish.odds.printed`) and a verdict:

* ``exact``: the printed figure is the exact value;
* ``rounded``: it is the exact value rounded to the nearest unit of its last
  printed digit (for "once in N" figures, the last non-zero digit);
* ``loose``: it is within one unit, but not the nearest (287 for 286.33): the
  exact value rounded the other way, or a figure computed from rounded
  intermediate numbers;
* ``consistent`` (simulated rows): the printed figure, give or take one unit,
  meets the 95% interval;
* ``wrong``: none of these; ``off_by`` says by how many units.

``agrees`` is true for all but ``wrong``.  The models are stated in each table's
``model`` and in ``docs/odds.md``.

>>> t = build_table("suit-length")
>>> row = t.row("3")
>>> row.exact, row.comparison.status, row.agrees
(Fraction(1336935171, 4669217350), 'loose', True)
>>> [r.key for r in t.rows if not r.agrees]
['9']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from ..core.errors import SettingsError
from . import combin
from .printed import Printed, figure
from .simulate import (
    Estimate,
    LeadRule,
    PlayerFactory,
    simulate_ace_lead,
    simulate_king_second,
)

__all__ = [
    "DEFAULT_SAMPLES",
    "SCHOOLS",
    "TABLE_NAMES",
    "Comparison",
    "Row",
    "Table",
    "UnknownTable",
    "build_table",
    "compare_estimate",
    "compare_exact",
    "disagreements_report",
]

Status = Literal["exact", "rounded", "loose", "consistent", "wrong"]

TABLE_NAMES = (
    "suit-length",
    "dealer-trumps",
    "other-trumps",
    "goes-round",
    "ace-lead",
    "king-second",
    "hands-and-deals",
)
"""The tables, by name."""

SIMULATED = frozenset({"ace-lead", "king-second"})
"""Tables with rows that depend on play (simulated)."""

DEFAULT_SAMPLES = {"ace-lead": 1000, "king-second": 10000}
"""Deals counted by default in the simulated tables (for each simulated case: the
ace-lead and the small-card lead; the plain suit and trumps).  With the classical
player, ``king-second`` takes about 14 s and ``ace-lead`` about 30 s on one core."""

SCHOOLS = ("modern", "old")
"""The classical player's schools the simulated tables may be played by."""


class UnknownTable(SettingsError):
    """No table of that name."""


# ============================================================================ verdicts
@dataclass(frozen=True, slots=True)
class Comparison:
    """A printed figure set against the computed value."""

    printed: Printed
    status: Status
    off_by: Fraction
    """How far apart, in units of the printed precision (0 when they meet)."""
    computed: Fraction
    """The computed value (or the estimate) in the printed figure's own terms."""

    @property
    def agrees(self) -> bool:
        """True unless the printed figure is wrong beyond its rounding."""
        return self.status != "wrong"

    def to_json(self) -> dict[str, Any]:
        """The comparison as JSON-ready data."""
        out: dict[str, Any] = {
            "printed": float(self.printed.probability),
            "printed_text": self.printed.text,
            "source": self.printed.source,
            "agrees": self.agrees,
            "status": self.status,
            "off_by_units": round(float(self.off_by), 4),
        }
        if self.printed.note:
            out["note"] = self.printed.note
        return out


def compare_exact(printed: Printed, exact: Fraction) -> Comparison:
    """Set an exact value against a printed figure (see the module note).

    >>> compare_exact(figure("suit-length", "2"), combin.suit_length(2)).status
    'rounded'
    >>> c = compare_exact(figure("suit-length", "9"), combin.suit_length(9))
    >>> c.status, round(float(c.off_by), 2)
    ('wrong', 13.02)
    """
    value = printed.to_number(exact)
    off = abs(value - printed.number) / printed.unit
    status: Status
    if off == 0:
        status = "exact"
    elif off <= Fraction(1, 2):
        status = "rounded"
    elif off < 1:
        status = "loose"
    else:
        status = "wrong"
    return Comparison(printed, status, off, value)


def compare_estimate(printed: Printed, estimate: Estimate) -> Comparison:
    """Set a simulated proportion against a printed figure: ``consistent`` when the
    printed figure, give or take one unit, meets the 95% interval.

    >>> compare_estimate(figure("king-second", "plain:third"), Estimate(41, 100)).status
    'consistent'
    """
    lo, hi = (printed.to_number(Fraction(x)) for x in estimate.ci95)
    lo, hi = min(lo, hi), max(lo, hi)
    a, b = printed.number - printed.unit, printed.number + printed.unit
    gap = max(lo - b, a - hi, Fraction(0))
    status: Status = "consistent" if gap == 0 else "wrong"
    return Comparison(
        printed, status, gap / printed.unit, printed.to_number(Fraction(estimate.value))
    )


# ============================================================================ rows and tables
def _frac(x: Fraction) -> str:
    return f"{x.numerator}/{x.denominator}"


def _dec(x: float) -> str:
    if x == 0:
        return "0"
    if abs(x) >= 1e-3:
        return f"{x:.6f}"
    return f"{x:.6e}"


@dataclass(frozen=True, slots=True)
class Row:
    """One row: a key, the computed value and the printed figure(s) beside it."""

    key: str
    label: str
    exact: Fraction | None = None
    estimate: Estimate | None = None
    comparison: Comparison | None = None
    also: tuple[Comparison, ...] = ()
    """Other printings of the same figure (goes-round: the "in 100 leads" version)."""
    quantity: Literal["probability", "value"] = "probability"
    count: int | None = None
    """For counts (hands-and-deals): the count itself; the probability is one over it."""

    @property
    def value(self) -> float:
        """The exact value or the estimate, as a float."""
        if self.exact is not None:
            return float(self.exact)
        assert self.estimate is not None
        return self.estimate.value

    @property
    def agrees(self) -> bool | None:
        """Whether the printed figure agrees (None if nothing is printed)."""
        return None if self.comparison is None else self.comparison.agrees

    def to_json(self) -> dict[str, Any]:
        """The row as JSON-ready data: the issue's keys first."""
        out: dict[str, Any] = {"key": self.key, self.quantity: self.value}
        out["exact"] = None if self.exact is None else _frac(self.exact)
        if self.comparison is not None:
            out["printed"] = float(self.comparison.printed.probability)
            out["agrees"] = self.comparison.agrees
        else:
            out["printed"] = None
            out["agrees"] = None
        out["label"] = self.label
        if self.count is not None:
            out["count"] = self.count
        if self.estimate is not None:
            out["ci95"] = list(self.estimate.ci95)
            out["samples"] = self.estimate.trials
        if self.comparison is not None:
            c = self.comparison.to_json()
            del c["printed"], c["agrees"]
            out.update(c)
        if self.also:
            out["also_printed"] = [c.to_json() for c in self.also]
        return out


@dataclass(frozen=True, slots=True)
class Table:
    """A recomputed table beside the printed one."""

    name: str
    title: str
    model: str
    rows: tuple[Row, ...]
    related: tuple[Row, ...] = ()
    """Figures printed with the table that are not rows of it (means, conditional odds)."""
    notes: tuple[str, ...] = ()
    simulation: dict[str, Any] = field(default_factory=dict)
    """For simulated tables: the seed, the samples and the player used."""

    def row(self, key: str) -> Row:
        """The row (or related figure) of ``key``."""
        for r in (*self.rows, *self.related):
            if r.key == key:
                return r
        raise KeyError(f"table {self.name!r} has no row {key!r}")

    def to_json(self) -> dict[str, Any]:
        """The table as JSON-ready data (``rows`` as the issue gives them)."""
        out: dict[str, Any] = {
            "table": self.name,
            "title": self.title,
            "model": self.model,
            "rows": [r.to_json() for r in self.rows],
        }
        if self.related:
            out["related"] = [r.to_json() for r in self.related]
        if self.notes:
            out["notes"] = list(self.notes)
        if self.simulation:
            out["simulation"] = self.simulation
        return out

    def render(self) -> str:
        """The table as text, one row a line."""
        lines = [f"{self.name}: {self.title}", f"model: {self.model}"]
        if self.simulation:
            sim = ", ".join(f"{k} {v}" for k, v in self.simulation.items())
            lines.append(f"simulation: {sim}")
        lines.append("")
        lines.extend(_render_rows(self.rows))
        if self.related:
            lines += ["", "related figures:"]
            lines.extend(_render_rows(self.related))
        for n in self.notes:
            lines.append(f"note: {n}")
        return "\n".join(lines)


_MARK = {
    "exact": "ok, exact",
    "rounded": "ok, rounded",
    "loose": "ok within one unit (not the nearest)",
    "consistent": "ok within the 95% interval",
    "wrong": "DISAGREES",
}


def _computed_text(row: Row) -> str:
    if row.exact is not None:
        text = _frac(row.exact) if row.count is None else f"{row.count:,}"
        return f"{text} = {_dec(float(row.exact))}"
    assert row.estimate is not None
    lo, hi = row.estimate.ci95
    return f"{row.estimate.value:.4f} [{lo:.4f}, {hi:.4f}] (n={row.estimate.trials})"


def _render_rows(rows: tuple[Row, ...]) -> list[str]:
    out = []
    for r in rows:
        out.append(f"{r.key:<10} {r.label}")
        out.append(f"           computed: {_computed_text(r)}")
        comps = ([r.comparison] if r.comparison is not None else []) + list(r.also)
        for c in comps:
            in_terms = float(c.computed)
            mark = _MARK[c.status]
            if c.status == "wrong":
                mark += f" by {float(c.off_by):.1f} units"
            out.append(
                f"           printed:  {c.printed.text!r} {c.printed.source}; computed in "
                f"its terms {in_terms:,.4g}: {mark}"
            )
            if c.printed.note:
                out.append(f"           ({c.printed.note})")
    return out


def _exact_row(
    table: str,
    key: str,
    label: str,
    exact: Fraction,
    *,
    also: str | None = None,
    quantity: Literal["probability", "value"] = "probability",
    count: int | None = None,
) -> Row:
    p = figure(table, key)
    extra: tuple[Comparison, ...] = ()
    if also is not None:
        extra = (compare_exact(figure(also, key), exact),)
    return Row(key, label, exact, None, compare_exact(p, exact), extra, quantity, count)


def _sim_row(table: str, key: str, label: str, est: Estimate) -> Row:
    return Row(key, label, None, est, compare_estimate(figure(table, key), est))


# ============================================================================ the tables
def suit_length_table() -> Table:
    """Cards of a suit named before the deal, in a given hand ([001]@225.9k)."""
    rows = tuple(
        _exact_row(
            "suit-length", str(n), f"holds exactly {n} of a named suit", combin.suit_length(n)
        )
        for n in range(14)
    )
    return Table(
        "suit-length",
        "the number of cards of a named suit held by a given player (Pole)",
        "a random deal: P(n) = C(13,n) C(39,13-n) / C(52,13)",
        rows,
    )


def dealer_trumps_table() -> Table:
    """Trumps held by the dealer, "k or more" in 1,000 deals ([001]@227.0k)."""
    rows = tuple(
        _exact_row(
            "dealer-trumps",
            str(k),
            f"the dealer holds {k} or more trumps",
            combin.dealer_trumps_at_least(k),
        )
        for k in range(1, 10)
    )
    related = (
        _exact_row(
            "dealer-trumps",
            "mean",
            "the dealer's average number of trumps",
            combin.dealer_trumps_mean(),
            quantity="value",
        ),
        _exact_row(
            "dealer-trumps",
            "dealer-5+|partner-1",
            "the dealer holds 5 or more, his partner holding exactly one",
            combin.dealer_trumps_given_partner_one(5),
        ),
        _exact_row(
            "dealer-trumps",
            "partner-5+|dealer-1",
            "the dealer's partner holds 5 or more, the dealer holding only the turn-up",
            combin.partner_trumps_given_dealer_one(5),
        ),
    )
    return Table(
        "dealer-trumps",
        "trumps held by the dealer, k or more, in 1,000 deals (Pole)",
        "a random deal; the dealer holds the turned-up trump and 12 of the other 51 cards "
        "(12 trumps among them); conditional figures as the partner or the dealer sees them",
        rows,
        related,
    )


def other_trumps_table() -> Table:
    """Trumps held by a non-dealer, "k or more" in 1,000 deals ([001]@227.0k)."""
    rows = tuple(
        _exact_row(
            "other-trumps",
            str(k),
            f"a non-dealer holds {k} or more trumps",
            combin.other_trumps_at_least(k),
        )
        for k in range(1, 10)
    )
    related = (
        _exact_row(
            "other-trumps",
            "mean",
            "a non-dealer's average number of trumps",
            combin.other_trumps_mean(),
            quantity="value",
        ),
        _exact_row(
            "other-trumps",
            "partner-5+|own-1,adversary-dealt",
            "your partner holds 5 or more, you holding one and an adversary dealing",
            combin.partner_trumps_given_own_one_adversary_dealt(5),
        ),
    )
    return Table(
        "other-trumps",
        "trumps held by a player other than the dealer, k or more, in 1,000 deals (Pole)",
        "a random deal; a non-dealer holds 13 of the 51 cards other than the turned-up "
        "trump (12 trumps among them)",
        rows,
        related,
    )


def goes_round_table() -> Table:
    """How often a suit goes round, by the leader's length ([001]@228.2k, @145.8k)."""
    words = {1: "once or more", 2: "twice or more", 3: "three times"}
    rows = tuple(
        _exact_row(
            "goes-round",
            f"{n}:{r}",
            f"the leader holds {n}: the suit goes round {words[r]}",
            combin.goes_round(n, r),
            also="goes-round:100-leads",
        )
        for r in (1, 2, 3)
        for n in (4, 5, 6, 7, 8)
    )
    return Table(
        "goes-round",
        "how often a suit goes round, the leader holding n of it, in 1,000 deals (Pole)",
        "a random deal; the other 13-n cards of the suit fall at random among the other "
        "three hands; the suit goes round r times or more when each of them holds r or more",
        rows,
        notes=(
            "the 'in 100 leads' printing ([001]@145.8k) is collapsed by the OCR; its "
            "reconstruction (sources/reference/data.md section 3.1) is compared as 'also printed'",
        ),
    )


def _who(rule: object, school: str) -> str:
    if rule is None:
        return f"classical ({school})"
    return str(getattr(rule, "__name__", repr(rule)))


def ace_lead_table(
    samples: int = DEFAULT_SAMPLES["ace-lead"],
    seed: int = 1,
    player: PlayerFactory | None = None,
    school: str = "modern",
) -> Table:
    """The lead of the ace from ace and four small cards ([001]@229.0k).

    The ``:play`` rows are played out by ``player`` (by default the classical player
    of ``school``, one a seat)."""
    ace = combin.both_adversaries_follow(5, 1)
    small = combin.both_adversaries_follow(5, 2)
    ace_sim = simulate_ace_lead("ace", samples, seed, player, school=school)
    small_sim = simulate_ace_lead("small", samples, seed + 1, player, school=school)
    rows = (
        _exact_row(
            "ace-lead",
            "ace-first",
            "the ace, led first, wins the first round (model: neither adversary is void)",
            ace,
        ),
        _exact_row("ace-lead", "ace-first:odds", "the same, as odds", ace),
        _exact_row(
            "ace-lead",
            "small-first",
            "a small card led first, the ace wins the "
            "second round (model: each adversary holds two or more)",
            small,
        ),
        _sim_row(
            "ace-lead",
            "ace-first:play",
            "the ace, led first, wins the first trick (played out)",
            ace_sim["ace-wins-first"],
        ),
        _sim_row(
            "ace-lead",
            "small-first:play",
            "a small card led first, the leader makes a trick in the suit (played out)",
            small_sim["makes-a-trick"],
        ),
    )
    ratio = figure("ace-lead", "ratio")
    related = (
        Row(
            "ratio",
            "the odds for leading the ace: ace-first / small-first (exact model)",
            ace / small,
            None,
            compare_exact(ratio, ace / small),
            (),
            "value",
        ),
    )
    return Table(
        "ace-lead",
        "the lead of the ace from ace and four small cards of a plain suit (Pole)",
        "exact rows: the leader holds the ace and four small cards, the adversaries' cards "
        "are random, and an adversary who cannot follow trumps; ':play' rows: random deals "
        "with that holding, played out by the players named below (seeded)",
        rows,
        related,
        notes=(
            "the ':play' rows are played out by "
            + (
                f"the classical player ({school} school), one for each seat"
                if player is None
                else _who(player, school)
            )
            + "; the opening card (the ace, or the lowest) is fixed",
        ),
        simulation={
            "samples": samples,
            "seed": seed,
            "player": _who(player, school),
        },
    )


def king_second_table(
    samples: int = DEFAULT_SAMPLES["king-second"],
    seed: int = 1,
    lead: LeadRule | None = None,
    school: str = "modern",
) -> Table:
    """King and a small card second hand, a small card led ([001]@230.9k).

    The opening lead is chosen by ``lead`` (by default the classical player of
    ``school``)."""
    rows: list[Row] = []
    labels = {
        "leader": "the ace lies with the leader",
        "third": "the ace lies with the third hand",
        "fourth": "the ace lies with the fourth hand",
        "king-wins": "the king put on wins the trick (the ace is not with the third hand)",
    }
    for i, (suit, trumps) in enumerate((("plain", False), ("trumps", True))):
        est = simulate_king_second(trumps, samples, seed + i, lead, school=school)
        for what, label in labels.items():
            rows.append(_sim_row("king-second", f"{suit}:{what}", f"{suit}: {label}", est[what]))
    return Table(
        "king-second",
        "second hand holds the king and a small card, a small card is led (Pole)",
        "random deals (dealer W, eldest hand N leads) in which second hand holds exactly K "
        "and a small card (a nine or lower) of the suit, the other cards at random; a deal "
        "counts when the opening lead, chosen by the player named below from the leader's "
        "own hand, is a small card of that suit; in trumps the turn-up is a trump other "
        "than the ace (seeded)",
        tuple(rows),
        notes=(
            "the opening lead is "
            + (
                f"the classical player's ({school} school: "
                + ("the fourth best, C44" if school == "modern" else "the lowest, C42")
                + ", from the longest suit, C15; trumps with five or more, C48)"
                if lead is None
                else _who(lead, school)
            ),
            "king-wins is 'the ace is not with the third hand': Pole sets aside the fourth "
            "hand's ace, which he will not put on his partner's king",
        ),
        simulation={
            "samples": samples,
            "seed": seed,
            "lead": _who(lead, school),
        },
    )


def hands_and_deals_table() -> Table:
    """The numbers of hands and of deals ([001]@226.7k)."""
    hands = combin.hands_count()
    deals = combin.deals_count()
    rows = (
        _exact_row(
            "hands-and-deals",
            "hands",
            "different hands a player may hold (probability: one particular hand)",
            Fraction(1, hands),
            count=hands,
        ),
        _exact_row(
            "hands-and-deals",
            "deals",
            "different deals to four players (probability: one particular deal)",
            Fraction(1, deals),
            count=deals,
        ),
    )
    return Table(
        "hands-and-deals",
        "the number of different hands and of different deals",
        "C(52,13) hands; 52!/(13!)^4 deals",
        rows,
    )


_BUILDERS: dict[str, Callable[[], Table]] = {
    "suit-length": suit_length_table,
    "dealer-trumps": dealer_trumps_table,
    "other-trumps": other_trumps_table,
    "goes-round": goes_round_table,
    "hands-and-deals": hands_and_deals_table,
}


def build_table(
    name: str,
    *,
    samples: int | None = None,
    seed: int = 1,
    lead: LeadRule | None = None,
    player: PlayerFactory | None = None,
    school: str = "modern",
) -> Table:
    """The table ``name`` (one of :data:`TABLE_NAMES`).  ``samples``, ``seed``, ``lead``,
    ``player`` and ``school`` are used by the simulated tables (``ace-lead``,
    ``king-second``) only: without ``lead`` / ``player`` they play with the classical
    player of ``school`` (``modern`` or ``old``, :data:`SCHOOLS`).

    >>> build_table("hands-and-deals").row("deals").comparison.status
    'exact'
    >>> build_table("bridge")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cavendish.odds.tables.UnknownTable: unknown table 'bridge': expected one of suit-length, ...
    """
    if school not in SCHOOLS:
        raise ValueError(f"unknown school {school!r}: expected one of {', '.join(SCHOOLS)}")
    if name == "ace-lead":
        return ace_lead_table(samples or DEFAULT_SAMPLES[name], seed, player, school)
    if name == "king-second":
        return king_second_table(samples or DEFAULT_SAMPLES[name], seed, lead, school)
    if name not in _BUILDERS:
        raise UnknownTable(f"unknown table {name!r}: expected one of {', '.join(TABLE_NAMES)}")
    return _BUILDERS[name]()


def disagreements_report(tables: list[Table] | None = None) -> str:
    """Every printed figure that is not the exact value correctly rounded, as text.

    Only exact (not simulated) rows are listed, so the report does not depend on a
    player or a seed.  ``loose`` figures (within one unit) are listed apart from the
    ``wrong`` ones.
    """
    if tables is None:
        tables = [build_table(n) for n in TABLE_NAMES if n not in SIMULATED] + [
            _ace_lead_exact_only()
        ]
    lines = ["# Pole's printed figures (001) that differ from the exact values", ""]
    for status, title in (
        ("wrong", "Wrong beyond the printed rounding"),
        ("loose", "Within one unit, but not the nearest rounding"),
    ):
        lines.append(f"## {title}")
        lines.append("")
        for t in tables:
            for r in (*t.rows, *t.related):
                if r.exact is None:
                    continue
                for c in ([r.comparison] if r.comparison else []) + list(r.also):
                    if c.status != status:
                        continue
                    lines.append(
                        f"- {t.name} {r.key} ({c.printed.table}): printed "
                        f"{c.printed.text!r} {c.printed.source}; exact {_frac(r.exact)} "
                        f"= {_dec(float(r.exact))}, in the printed terms "
                        f"{float(c.computed):,.6g}; off by {float(c.off_by):.3f} units"
                        + (f" [{c.printed.note}]" if c.printed.note else "")
                    )
        lines.append("")
    return "\n".join(lines)


def _ace_lead_exact_only() -> Table:
    ace = combin.both_adversaries_follow(5, 1)
    small = combin.both_adversaries_follow(5, 2)
    rows = (
        _exact_row("ace-lead", "ace-first", "the ace wins the first round", ace),
        _exact_row("ace-lead", "ace-first:odds", "the same, as odds", ace),
        _exact_row("ace-lead", "small-first", "the ace wins the second round", small),
    )
    ratio = figure("ace-lead", "ratio")
    related = (
        Row(
            "ratio",
            "ace-first / small-first",
            ace / small,
            None,
            compare_exact(ratio, ace / small),
            (),
            "value",
        ),
    )
    return Table("ace-lead", "exact rows", "as ace_lead_table", rows, related)

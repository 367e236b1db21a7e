"""Charts: a table's computed values, or a simulated record, against the printed ones.

The chart draws each row's exact value (or simulated estimate, with its 95%
interval) as a dot and the printed figure as a cross, red where the two disagree
beyond the printed rounding; other printings of the same figure are hollow
squares.  Tables whose values span more than three orders of magnitude are drawn
on a logarithmic scale (zeros, impossible events, are then left out).  The figure
is drawn without pyplot, so no display or global state is touched.

:func:`plot_record` draws a record of simulated rubbers
(:mod:`cavendish.odds.record`) the same way: each simulated figure a dot with its
95% interval as a bar, each printed figure a cross, green inside the interval and
red outside, other printings hollow squares (set a little to the right); the
proportions on the left, the points per rubber (another scale) on the right.

>>> import tempfile, pathlib
>>> from cavendish.odds.tables import build_table
>>> with tempfile.TemporaryDirectory() as d:
...     out = plot_table(build_table("suit-length"), pathlib.Path(d) / "s.png")
...     out.read_bytes()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .tables import Table

if TYPE_CHECKING:
    from .record import Record, RecordRow

__all__ = ["plot_record", "plot_table"]


def plot_table(table: Table, path: str | Path) -> Path:
    """Draw ``table`` to ``path`` (PNG, or any format matplotlib knows by the suffix)."""
    from matplotlib.figure import Figure

    out = Path(path)
    rows = list(table.rows)
    values = [r.value for r in rows]
    printed = [float(r.comparison.printed.probability) if r.comparison else None for r in rows]
    positive = [v for v in values + [p for p in printed if p is not None] if v and v > 0]
    log = bool(positive) and max(positive) / min(positive) > 1e3

    fig = Figure(figsize=(max(6.0, 0.55 * len(rows) + 2), 4.5))
    ax = fig.subplots()
    xs = list(range(len(rows)))

    def keep(v: float | None) -> bool:
        return v is not None and (not log or v > 0)

    ex = [(x, v) for x, v in zip(xs, values, strict=True) if keep(v)]
    ok: list[tuple[int, float]] = []
    bad: list[tuple[int, float]] = []
    for x, p, r in zip(xs, printed, rows, strict=True):
        if p is not None and keep(p):
            (ok if r.agrees else bad).append((x, p))
    ax.scatter(
        [x for x, _ in ex],
        [v for _, v in ex],
        color="tab:blue",
        zorder=3,
        label="computed (exact or simulated)",
    )
    for x, r in zip(xs, rows, strict=True):
        if r.estimate is not None:
            lo, hi = r.estimate.ci95
            ax.vlines(x, lo, hi, color="tab:blue", linewidth=2, zorder=2)
    if ok:
        ax.scatter(
            [x for x, _ in ok],
            [p for _, p in ok],
            marker="x",
            color="tab:green",
            zorder=4,
            label="printed, agrees",
        )
    if bad:
        ax.scatter(
            [x for x, _ in bad],
            [p for _, p in bad],
            marker="x",
            color="tab:red",
            s=60,
            zorder=4,
            label="printed, disagrees",
        )
    also = [
        (x, float(c.printed.probability))
        for x, r in zip(xs, rows, strict=True)
        for c in r.also
        if keep(float(c.printed.probability))
    ]
    _printed_elsewhere(ax, also)
    if log:
        ax.set_yscale("log")
    ax.set_xticks(xs)
    ax.set_xticklabels(
        [r.key for r in rows],
        rotation=45 if len(rows) > 10 else 0,
        ha="right" if len(rows) > 10 else "center",
        fontsize=8,
    )
    ax.set_ylabel("probability")
    ax.set_title(f"{table.name}: {table.title}", fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(out)
    return out


def plot_record(record: Record, path: str | Path) -> Path:
    """Draw ``record``: simulated values with their intervals against the printed ones.

    >>> import tempfile, pathlib
    >>> from cavendish.odds.record import simulate_record
    >>> rec = simulate_record("random", rubbers=3, seed=1, workers=1)
    >>> with tempfile.TemporaryDirectory() as d:
    ...     plot_record(rec, pathlib.Path(d) / "r.png").read_bytes()[:4]
    b'\\x89PNG'
    """
    from matplotlib.figure import Figure

    out = Path(path)
    shares = [r for r in record.rows if r.interval == "wilson"]
    means = [r for r in record.rows if r.interval != "wilson"]
    fig = Figure(figsize=(0.7 * len(shares) + 3.5, 5.0))
    axes = fig.subplots(1, 2, width_ratios=[max(len(shares), 1), max(len(means), 1) + 0.5])
    _record_panel(axes[0], shares, "probability (of the rubbers or the games)")
    _record_panel(axes[1], means, "points")
    axes[0].axhline(0.5, color="tab:gray", linewidth=0.5, zorder=1)
    fig.suptitle(
        f"{record.rubbers} simulated rubbers of short whist against Perceval and Pole\n"
        f"seed {record.seed}; {record.describe_players()}",
        fontsize=9,
    )
    handles, labels = axes[0].get_legend_handles_labels()
    for h, label in zip(*axes[1].get_legend_handles_labels(), strict=True):
        if label not in labels:
            handles.append(h)
            labels.append(label)
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=7)
    fig.tight_layout(rect=(0.0, 0.07, 1.0, 0.95))
    fig.savefig(out)
    return out


def _record_panel(ax: Any, rows: list[RecordRow], ylabel: str) -> None:
    """One panel of :func:`plot_record`: a dot and a bar per row, and its printed crosses."""
    xs = list(range(len(rows)))
    ax.scatter(
        xs, [r.simulated for r in rows], color="tab:blue", zorder=3, label="simulated (95% bar)"
    )
    for x, r in zip(xs, rows, strict=True):
        if r.ci95 is not None:
            ax.vlines(x, r.ci95[0], r.ci95[1], color="tab:blue", linewidth=2, zorder=2)
    for agree, colour, label in (
        (True, "tab:green", "printed, inside the interval"),
        (False, "tab:red", "printed, outside the interval"),
        (None, "tab:gray", "printed, no interval"),
    ):
        for derived in (False, True):
            pts = [
                (x, r.printed)
                for x, r in zip(xs, rows, strict=True)
                if r.agrees is agree and r.derived is derived
            ]
            if pts:
                ax.scatter(
                    [x for x, _ in pts],
                    [p for _, p in pts],
                    marker="+" if derived else "x",
                    s=70,
                    color=colour,
                    zorder=4,
                    label=label + (" (derived)" if derived else ""),
                )
    also = [(x + 0.2, v) for x, r in zip(xs, rows, strict=True) for v, _ in r.also_printed]
    _printed_elsewhere(ax, also)
    ax.set_xlim(-0.6, len(rows) - 0.4)
    ax.set_xticks(xs)
    ax.set_xticklabels([r.key for r in rows], rotation=35, ha="right", fontsize=7)
    ax.set_ylabel(ylabel, fontsize=8)
    ax.grid(True, alpha=0.3)


def _printed_elsewhere(ax: Any, points: Sequence[tuple[float, float]]) -> None:
    """Hollow grey squares: the figures other sources print for the same row."""
    if points:
        ax.scatter(
            [x for x, _ in points],
            [y for _, y in points],
            marker="s",
            facecolors="none",
            edgecolors="tab:gray",
            zorder=3,
            label="printed elsewhere",
        )

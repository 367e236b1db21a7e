"""A chart of a table: the computed values against the printed ones (matplotlib).

The chart draws each row's exact value (or simulated estimate, with its 95%
interval) as a dot and the printed figure as a cross, red where the two disagree
beyond the printed rounding; other printings of the same figure are hollow
squares.  Tables whose values span more than three orders of magnitude are drawn
on a logarithmic scale (zeros, impossible events, are then left out).  The figure
is drawn without pyplot, so no display or global state is touched.

>>> import tempfile, pathlib
>>> from cavendish.odds.tables import build_table
>>> with tempfile.TemporaryDirectory() as d:
...     out = plot_table(build_table("suit-length"), pathlib.Path(d) / "s.png")
...     out.read_bytes()[:4]
b'\\x89PNG'
"""

from __future__ import annotations

from pathlib import Path

from .tables import Table

__all__ = ["plot_table"]


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
    if also:
        ax.scatter(
            [x for x, _ in also],
            [p for _, p in also],
            marker="s",
            facecolors="none",
            edgecolors="tab:gray",
            zorder=3,
            label="printed elsewhere",
        )
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

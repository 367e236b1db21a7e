"""The statistics of a match: the mean, Student's t interval, percentiles and Wilson's interval.

Design note
-----------
scipy is not a dependency, so Student's t quantile is computed here: the t
distribution's CDF is the regularized incomplete beta function,
``P(T <= t) = 1 - I_x(df/2, 1/2) / 2`` with ``x = df / (df + t^2)`` for t >= 0,
evaluated by its continued fraction (Lentz's method); the quantile is found by
bisection on that CDF.  The result agrees with the printed tables to every printed
figure (``t(0.975, 4) = 2.776``, ``t(0.975, 30) = 2.042``).

Percentiles are by linear interpolation between the order statistics (the
"inclusive" method of :func:`statistics.quantiles`, numpy's default): the q-th
percentile of ``n`` sorted values sits at position ``(n - 1) * q / 100``.

>>> ci = mean_ci([2, -1, 3, 0, 1])
>>> ci.mean, round(ci.low, 4), round(ci.high, 4)
(1.0, -0.9632, 2.9632)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..core.errors import MatchError

__all__ = [
    "Interval",
    "StatsError",
    "mean_ci",
    "median",
    "percentile",
    "regularized_beta",
    "student_t_cdf",
    "student_t_quantile",
    "wilson_interval",
]


class StatsError(MatchError):
    """A statistic asked of data or parameters it is not defined for."""


def regularized_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function ``I_x(a, b)``.

    >>> regularized_beta(1, 1, 0.3)          # the uniform distribution's CDF
    0.3
    >>> round(regularized_beta(2, 3, 0.5), 10)   # 1 - (1 + 3*0.5 + 6*0.25 ...) / 16 = 11/16
    0.6875
    """
    if a <= 0 or b <= 0:
        raise StatsError(f"incomplete beta: a={a} and b={b} must be positive")
    if not 0.0 <= x <= 1.0:
        raise StatsError(f"incomplete beta: x={x} must lie in [0, 1]")
    if x in (0.0, 1.0):
        return x
    log_front = (
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    front = math.exp(log_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return h


def student_t_cdf(t: float, df: float) -> float:
    """``P(T <= t)`` for Student's t with ``df`` degrees of freedom.

    >>> student_t_cdf(0.0, 7)
    0.5
    >>> round(student_t_cdf(1.0, 1), 10)     # Cauchy: 1/2 + atan(1)/pi
    0.75
    """
    if df <= 0:
        raise StatsError(f"Student's t needs positive degrees of freedom, not {df}")
    if t == 0:
        return 0.5
    tail = 0.5 * regularized_beta(df / 2.0, 0.5, df / (df + t * t))
    return 1.0 - tail if t > 0 else tail


@lru_cache(maxsize=256)
def student_t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom (bisection on the CDF).

    >>> round(student_t_quantile(0.975, 4), 3), round(student_t_quantile(0.975, 1), 3)
    (2.776, 12.706)
    >>> round(student_t_quantile(0.025, 10), 3)
    -2.228
    """
    if not 0.0 < p < 1.0:
        raise StatsError(f"a quantile needs 0 < p < 1, not p={p}")
    if df <= 0:
        raise StatsError(f"Student's t needs positive degrees of freedom, not {df}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -student_t_quantile(1.0 - p, df)
    high = 1.0
    while student_t_cdf(high, df) < p:
        high *= 2.0
    low = 0.0
    for _ in range(200):
        mid = (low + high) / 2.0
        if student_t_cdf(mid, df) < p:
            low = mid
        else:
            high = mid
        if high - low < 1e-12:
            break
    return (low + high) / 2.0


@dataclass(frozen=True, slots=True)
class Interval:
    """A sample's mean with its two-sided confidence interval (Student's t)."""

    n: int
    mean: float
    sd: float
    """The sample standard deviation (divisor ``n - 1``); 0 for a single value."""
    low: float | None
    """None when ``n < 2``: one value gives no interval."""
    high: float | None

    @property
    def se(self) -> float:
        """The standard error of the mean, ``sd / sqrt(n)`` (0 for a single value).

        >>> round(mean_ci([1, 2, 3, 6]).se, 4)
        1.0801
        """
        return self.sd / math.sqrt(self.n)

    @property
    def bounds(self) -> list[float] | None:
        """``[low, high]``, or None when there is no interval."""
        if self.low is None or self.high is None:
            return None
        return [self.low, self.high]


def mean_ci(values: Sequence[float], level: float = 0.95) -> Interval:
    """The mean of ``values`` and ``mean ± t(1 - (1 - level)/2, n - 1) · s / sqrt(n)``.

    >>> mean_ci([4, 4, 4])
    Interval(n=3, mean=4.0, sd=0.0, low=4.0, high=4.0)
    >>> mean_ci([3]).bounds is None
    True
    """
    n = len(values)
    if n == 0:
        raise StatsError("the mean of no values is not defined: play at least one board")
    if not 0.0 < level < 1.0:
        raise StatsError(f"a confidence level lies strictly between 0 and 1, not {level}")
    mean = math.fsum(values) / n
    if n == 1:
        return Interval(1, mean, 0.0, None, None)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = student_t_quantile(1.0 - (1.0 - level) / 2.0, n - 1) * sd / math.sqrt(n)
    return Interval(n, mean, sd, mean - half, mean + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0-100) by linear interpolation between order statistics.

    >>> percentile(range(1, 21), 95)        # position 19 * 0.95 = 18.05: 19 + 0.05 * (20 - 19)
    19.05
    >>> percentile([7.0], 95)
    7.0
    """
    if not values:
        raise StatsError("a percentile of no values is not defined")
    if not 0.0 <= q <= 100.0:
        raise StatsError(f"a percentile lies between 0 and 100, not {q}")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q / 100.0
    below = math.floor(pos)
    above = min(below + 1, len(ordered) - 1)
    frac = pos - below
    return float(ordered[below] + (ordered[above] - ordered[below]) * frac)


def median(values: Sequence[float]) -> float:
    """The median (the 50th percentile).

    >>> median([3, 1, 2, 10])
    2.5
    """
    return percentile(values, 50.0)


def wilson_interval(successes: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default).

    >>> low, high = wilson_interval(8, 10)
    >>> round(low, 4), round(high, 4)
    (0.4902, 0.9433)
    """
    if n < 1:
        raise StatsError(f"a proportion needs at least one trial, not {n}")
    if not 0 <= successes <= n:
        raise StatsError(f"successes {successes} must lie between 0 and the trials, {n}")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))

"""The match statistics: Student's t quantile, the 95% interval, percentiles, Wilson's interval."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.match.stats import (
    StatsError,
    mean_ci,
    median,
    percentile,
    regularized_beta,
    student_t_cdf,
    student_t_quantile,
    wilson_interval,
)

# Student's t quantiles as printed in the usual tables (three decimals).
PRINTED_T = [
    (0.975, 1, 12.706),
    (0.975, 2, 4.303),
    (0.975, 4, 2.776),
    (0.975, 9, 2.262),
    (0.975, 19, 2.093),
    (0.975, 30, 2.042),
    (0.975, 120, 1.980),
    (0.95, 5, 2.015),
    (0.995, 10, 3.169),
]


@pytest.mark.parametrize(("p", "df", "printed"), PRINTED_T)
def test_student_t_quantile_agrees_with_printed_tables_to_1e3(p, df, printed):
    assert abs(student_t_quantile(p, df) - printed) < 1e-3


def test_student_t_quantile_tends_to_the_normal_for_many_degrees_of_freedom():
    assert abs(student_t_quantile(0.975, 1_000_000) - 1.959964) < 1e-4


@settings(max_examples=60, deadline=None)
@given(p=st.floats(0.001, 0.999), df=st.integers(1, 500))
def test_student_t_cdf_inverts_the_quantile(p, df):
    assert abs(student_t_cdf(student_t_quantile(p, df), df) - p) < 1e-9


def test_student_t_cdf_for_one_degree_of_freedom_is_cauchy():
    for t in (-3.0, -0.5, 0.2, 1.0, 7.5):
        assert abs(student_t_cdf(t, 1) - (0.5 + math.atan(t) / math.pi)) < 1e-12


def test_incomplete_beta_against_the_binomial_sum():
    # I_x(a, n - a + 1) = P(Binomial(n, x) >= a)
    n, x = 9, 0.37
    for a in range(1, n + 1):
        tail = sum(math.comb(n, j) * x**j * (1 - x) ** (n - j) for j in range(a, n + 1))
        assert abs(regularized_beta(a, n - a + 1, x) - tail) < 1e-12


def test_ci95_against_a_hand_computed_example():
    # d = [2, -1, 3, 0, 1]: mean = 5 / 5 = 1
    # deviations 1, -2, 2, -1, 0; squares 1 + 4 + 4 + 1 + 0 = 10; s^2 = 10 / 4 = 2.5
    # s = sqrt(2.5) = 1.581139; s / sqrt(5) = sqrt(0.5) = 0.707107
    # t(0.975, 4) = 2.776445; half-width 2.776445 * 0.707107 = 1.963243
    # interval [1 - 1.963243, 1 + 1.963243] = [-0.963243, 2.963243]
    ci = mean_ci([2, -1, 3, 0, 1])
    assert ci.n == 5 and ci.mean == 1.0
    assert abs(ci.sd - 1.581139) < 1e-6
    assert ci.low is not None and ci.high is not None
    assert abs(ci.low - (-0.963243)) < 1e-5
    assert abs(ci.high - 2.963243) < 1e-5
    assert ci.bounds == [ci.low, ci.high]


def test_ci95_of_one_value_is_none_and_of_equal_values_is_a_point():
    assert mean_ci([3.5]).bounds is None
    assert mean_ci([-2, -2, -2, -2]).bounds == [-2.0, -2.0]


def test_ci_other_level_is_narrower():
    wide, narrow = mean_ci([2, -1, 3, 0, 1], 0.99), mean_ci([2, -1, 3, 0, 1], 0.90)
    assert wide.low is not None and narrow.low is not None
    assert wide.low < narrow.low


def test_percentile_interpolates_between_order_statistics():
    # ten values 10, 20, ..., 100 (given unsorted): p95 at position 9 * 0.95 = 8.55,
    # between the 9th (90) and the 10th (100): 90 + 0.55 * 10 = 95.5
    values = [70, 10, 100, 40, 20, 90, 30, 60, 50, 80]
    assert percentile(values, 95) == pytest.approx(95.5)
    assert percentile(values, 0) == 10 and percentile(values, 100) == 100
    assert median(values) == 55.0
    assert median([5.0, 1.0, 3.0]) == 3.0


def test_wilson_interval_against_a_hand_computed_example():
    # 30 of 40, z = 1.959964: p = 0.75, z^2 = 3.841459
    # centre = (0.75 + 3.841459 / 80) / (1 + 3.841459 / 40) = 0.798018 / 1.096036 = 0.728096
    # half = z * sqrt(0.75 * 0.25 / 40 + 3.841459 / 6400) / 1.096036
    #      = 1.959964 * sqrt(0.0046875 + 0.00060023) / 1.096036 = 0.130034
    low, high = wilson_interval(30, 40)
    assert abs(low - 0.598062) < 1e-5 and abs(high - 0.858130) < 1e-5


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: mean_ci([]), "no values"),
        (lambda: percentile([], 50), "no values"),
        (lambda: percentile([1], 101), "101"),
        (lambda: student_t_quantile(1.0, 3), "p=1.0"),
        (lambda: student_t_quantile(0.9, 0), "degrees of freedom"),
        (lambda: wilson_interval(5, 4), "successes 5"),
    ],
)
def test_statistics_refuse_undefined_input_naming_it(call, words):
    with pytest.raises(StatsError, match=words):
        call()

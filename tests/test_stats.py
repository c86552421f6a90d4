"""The statistics of the checks, against hand computations and scipy."""

import math

import numpy as np
import pytest
import scipy.stats

from mines_theory.verification.stats import (
    bootstrap,
    estimate,
    exceedance_z,
    loglog_slope,
    mean_and_se,
    median_interval,
    proportion,
)


def test_mean_and_se_by_hand():
    mean, se = mean_and_se([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and se == pytest.approx(math.sqrt(5 / 3) / 2)
    m = estimate("m", np.array([[1.0, 2.0], [3.0, 6.0]]).sum(axis=1))      # 3, 9
    assert (m.value, m.uncertainty) == (6.0, pytest.approx(3.0))


def test_proportion_agresti_coull():
    m = proportion("p", 3, 20)
    p = 5 / 24
    assert m.value == 0.15 and m.uncertainty == pytest.approx(math.sqrt(p * (1 - p) / 24))
    assert proportion("p", 0, 100).uncertainty > 0


def test_exceedance_z_against_the_null_standard_error():
    assert exceedance_z(10, 100, 0.1) == 0.0
    assert exceedance_z(30, 100, 0.1) == pytest.approx(0.2 / math.sqrt(0.0009))
    with pytest.raises(ValueError, match="allowed must lie in"):
        exceedance_z(1, 10, 0.0)


def test_bootstrap_interval_covers_and_is_deterministic():
    rng = np.random.default_rng(0)
    data = rng.normal(3.0, 1.0, 200)
    m = bootstrap(lambda i: data[i].mean(), 200, "mean", seed=1)
    assert m.interval[0] < data.mean() < m.interval[1]
    assert m.uncertainty == pytest.approx(data.std(ddof=1) / math.sqrt(200), rel=0.25)
    assert bootstrap(lambda i: data[i].mean(), 200, "mean", seed=1) == m


def test_median_interval_from_order_statistics():
    """n = 10: j = Bin(10, ½).ppf(0.025) = 2, so the interval is [x₍₂₎, x₍₉₎] (97.9%)."""
    values = np.arange(1.0, 11.0)
    m = median_interval(values[::-1], "median")
    assert m.value == 5.5 and m.interval == (2.0, 9.0)
    assert int(scipy.stats.binom.ppf(0.025, 10, 0.5)) == 2
    with_failure = median_interval(np.array([1.0, 2.0, 3.0, np.nan, np.nan]), "median")
    assert with_failure.value == 3.0 and with_failure.interval[1] == math.inf


def test_loglog_slope():
    x = np.array([1.0, 10.0, 100.0])
    assert loglog_slope(x, 3.0 / x) == pytest.approx(-1.0)

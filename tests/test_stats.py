"""The statistics of the checks, against hand computations and scipy."""

import math

import mpmath
import numpy as np
import pytest
import scipy.stats

from mines_theory.verification.framework.stats import (
    at_least,
    bootstrap,
    estimate,
    exceedance_z,
    finite,
    largest,
    largest_z,
    loglog_slope,
    mean_and_se,
    median,
    median_interval,
    proportion,
    smallest,
    trials_needed,
    z_measurement,
)
from mines_theory.verification.framework.verdict import Kind, Undecidable


def test_mean_and_se_by_hand():
    mean, se = mean_and_se([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and se == pytest.approx(math.sqrt(5 / 3) / 2)
    m = estimate("m", np.array([[1.0, 2.0], [3.0, 6.0]]).sum(axis=1))  # 3, 9
    assert (m.value, m.uncertainty) == (6.0, pytest.approx(3.0))


def _wilson(x: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson's score interval in closed form (Wilson 1927): the p with
    |x/n − p| = z·√(p(1 − p)/n)."""
    p = x / n
    centre = (p + z**2 / (2 * n)) / (1 + z**2 / n)
    half = z / (1 + z**2 / n) * math.sqrt(p * (1 - p) / n + z**2 / (4 * n**2))
    return centre - half, centre + half


def _exact_tail(x: int, n: int, allowed) -> mpmath.mpf:
    """P(Bin(n, allowed) ≥ x), summed term by term at 50 digits (independent of scipy)."""
    with mpmath.workdps(50):
        a = mpmath.mpf(allowed)
        return mpmath.fsum(
            mpmath.binomial(n, j) * a**j * (1 - a) ** (n - j) for j in range(x, n + 1)
        )


def _deviate(tail) -> float:
    """Φ̄⁻¹(tail) at 50 digits."""
    with mpmath.workdps(50):
        return float(-mpmath.sqrt(2) * mpmath.erfinv(2 * tail - 1))


@pytest.mark.parametrize("x, n", [(3, 20), (0, 100), (100, 100), (1, 5), (37, 400)])
def test_proportion_is_wilsons_interval(x, n):
    m = proportion("p", x, n)
    low, high = _wilson(x, n)
    assert m.value == x / n and m.kind is Kind.PROPORTION and m.percent
    assert m.interval == pytest.approx((low, high), abs=1e-12)
    assert m.uncertainty == pytest.approx((high - low) / (2 * 1.96), abs=1e-12)
    assert m.uncertainty > 0  # 0 of n is "0 within something", never exactly 0


@pytest.mark.parametrize(
    "x, n, allowed",
    [(30, 100, 0.1), (12, 100, 0.1), (1, 100, 1 / 9000), (74, 400, 0.1), (2, 10, 0.5)],
)
def test_exceedance_z_is_the_exact_tails_deviate(x, n, allowed):
    assert exceedance_z(x, n, allowed) == pytest.approx(
        _deviate(_exact_tail(x, n, allowed)), rel=1e-9
    )


def test_exceedance_z_beyond_the_doubles_is_chernoffs_lower_bound():
    """42,750 of 1.5·10⁵ at δ = 0.01: the exact tail is about 10^(−47,000), beyond the doubles;
    the reported z is the deviate of exp(−n·KL), below the exact deviate (mpmath's log of the
    largest term, a lower bound of the tail, gives an upper bound of z) and far above K_SE."""
    z = exceedance_z(42_750, 150_000, 0.01)
    with mpmath.workdps(50):
        log_term = (
            mpmath.log(mpmath.binomial(150_000, 42_750))
            + 42_750 * mpmath.log(mpmath.mpf("0.01"))
            + 107_250 * mpmath.log(mpmath.mpf("0.99"))
        )
        z_upper = float(mpmath.sqrt(-2 * log_term))  # Φ̄(z) ≈ exp(−z²/2) at this size
    assert 300 < z <= z_upper


def test_exceedance_z_of_no_event_is_minus_infinity():
    assert exceedance_z(0, 100, 0.1) == -math.inf  # p = 1 exactly
    assert z_measurement("z", -math.inf).render() == "-∞"
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
    with_failure = median_interval(np.array([1.0, 2.0, 3.0, np.inf, np.inf]), "median")
    assert with_failure.value == 3.0 and with_failure.interval[1] == math.inf


def test_loglog_slope():
    x = np.array([1.0, 10.0, 100.0])
    assert loglog_slope(x, 3.0 / x) == pytest.approx(-1.0)


# --------------------------------------------------------------------------------------------
# hand computations for every helper, and what none of them lets through (issue 22 §2-3)
# --------------------------------------------------------------------------------------------


def test_median_interval_uncertainty_by_hand():
    """n = 10, values 1..10: interval [2, 9], so u = (9 − 2)/(2·1.96) = 1.7857…; n = 20:
    Bin(20, ½).ppf(0.025) = 6 (P(≤ 5) = 0.0207 ≤ 0.025 < P(≤ 6) = 0.0577), interval
    [x₍₆₎, x₍₁₅₎] = [6, 15], u = 9/3.92."""
    m = median_interval(np.arange(1.0, 11.0), "m")
    assert m.kind is Kind.INTERVAL and m.uncertainty == pytest.approx(7 / 3.92, rel=1e-12)
    m = median_interval(np.arange(1.0, 21.0), "m")
    assert (m.value, m.interval) == (10.5, (6.0, 15.0)) and m.uncertainty == pytest.approx(9 / 3.92)
    assert sum(math.comb(20, k) for k in range(6)) / 2**20 == pytest.approx(0.020695, abs=1e-6)


def test_median_interval_below_six_values_is_min_to_max():
    """n = 5: no j ≥ 1 has P(Bin(5, ½) < j) ≤ 2.5% (P(0) = 1/32), so [min, max] (93.75%)."""
    m = median_interval([3.0, 1.0, 2.0, 5.0, 4.0], "m")
    assert (m.value, m.interval, m.uncertainty) == (3.0, (1.0, 5.0), pytest.approx(4 / 3.92))
    one = median_interval([7.0], "m")
    assert (one.value, one.interval) == (7.0, (7.0, 7.0)) and one.uncertainty == 0.0


def test_median_interval_takes_inf_as_never_reached_and_cannot_decide_on_nan():
    """+∞ is a run that never reached its target, a value; NaN is a missing value (issue 36: a
    median of [NaN] was +∞), so the median cannot be decided, with or without other values."""
    m = median_interval([1.0, np.inf, np.inf], "m")
    assert m.value == math.inf and m.uncertainty == math.inf and m.interval == (1.0, math.inf)
    for values, reason in [([], "m: no values"), ([np.nan], "m: 1 of 1 values are NaN")]:
        with pytest.raises(Undecidable, match=reason):
            median_interval(values, "m")
    with pytest.raises(Undecidable, match="m: 1 of 3 values are NaN"):
        median_interval([1.0, 2.0, np.nan], "m")
    with pytest.raises(ValueError, match="confidence must lie in"):
        median_interval([1.0, 2.0], "m", confidence=1.0)


def test_proportion_and_exceedance_by_hand():
    """0 of 5: Wilson's interval is [0, z²/(n + z²)] = [0, 0.43448]; 4 of 5: [0.37553, 0.96378].
    exceedance_z(2, 10, 0.5): P(Bin(10, ½) ≥ 2) = 1013/1024, whose deviate is −2.2896."""
    assert proportion("p", 0, 5).interval == pytest.approx((0.0, 0.434482), abs=1e-6)
    assert proportion("p", 4, 5).value == 0.8
    assert proportion("p", 4, 5).interval == pytest.approx((0.375535, 0.963776), abs=1e-6)
    assert exceedance_z(2, 10, 0.5) == pytest.approx(
        float(scipy.stats.norm.isf(1013 / 1024)), abs=1e-9
    )
    with pytest.raises(Undecidable, match="p: no trials"):
        proportion("p", 0, 0)
    with pytest.raises(ValueError, match=r"successes must lie in \[0, trials\] = \[0, 5\], got 6"):
        proportion("p", 6, 5)
    with pytest.raises(Undecidable, match="no trials"):
        exceedance_z(0, 0, 0.1)
    assert trials_needed(0.1) == 100 and trials_needed(0.3) == 34 and trials_needed(1e-3) == 10_000


def test_bootstrap_by_hand():
    """One unit: every resample is that unit, so the interval is [v, v] and u = 0. Constant data:
    the same. A statistic that is NaN on every resample has a NaN interval, which no deciding
    verdict accepts."""
    m = bootstrap(lambda i: 3.0 + len(i), 1, "b")
    assert (m.value, m.interval, m.uncertainty) == (4.0, (4.0, 4.0), 0.0)
    data = np.array([1.0, 0.0, 0.0, 0.0])
    m = bootstrap(lambda i: data[i].sum(), 4, "b", resamples=2000, seed=3)
    # the sum of 4 draws from {1, 0, 0, 0} is Bin(4, ¼): 2.5% and 97.5% quantiles 0 and 3
    assert m.value == 1.0 and m.interval == (0.0, 3.0) and m.uncertainty == pytest.approx(3 / 3.92)
    nan = bootstrap(lambda i: math.nan, 3, "b")
    assert math.isnan(nan.uncertainty)


def test_bootstrap_needs_a_unit_and_a_resample():
    """Issue 36: units = 0 gave a NaN measurement from the mean of nothing. No unit or no
    resample cannot decide (Undecidable, as ``at_least``); a negative or fractional count is an
    invalid configuration (ValueError naming it). One unit and one resample can."""
    for kw, reason in [({}, "units = {units}: a bootstrap"), ({"resamples": 0}, "resamples")]:
        with pytest.raises(Undecidable, match=reason):
            bootstrap(lambda i: 1.0, 0 if not kw else 3, "b", **kw)
    for units in (-1, 2.5, "3"):
        with pytest.raises(ValueError, match="units must be a non-negative integer"):
            bootstrap(lambda i: 1.0, units, "b")
    assert bootstrap(lambda i: 1.0, 1, "b", resamples=1).interval == (1.0, 1.0)


def test_mean_and_se_needs_two_finite_samples():
    with pytest.raises(Undecidable, match="1 sample: a standard error needs at least 2"):
        mean_and_se([1.0])
    with pytest.raises(Undecidable, match="0 samples"):
        mean_and_se(np.zeros((0, 3)))
    with pytest.raises(Undecidable, match="1 of 3 samples are NaN"):
        mean_and_se([1.0, np.nan, 2.0])
    mean, se = mean_and_se(np.array([[1.0, 10.0], [3.0, 10.0]]))
    np.testing.assert_array_equal(mean, [2.0, 10.0])
    np.testing.assert_allclose(se, [1.0, 0.0])


def test_largest_z_by_hand():
    """Entries: mean 2 ± 1 against 1 (z = 1), mean 10 ± 0 against 10 (z = 0), mean 5 ± 0
    against 4 (z = ∞: no spread, an error)."""
    samples = np.array([[1.0, 10.0, 5.0], [3.0, 10.0, 5.0]])
    assert largest_z(samples[:, :2], np.array([1.0, 10.0])) == 1.0
    assert largest_z(samples, np.array([1.0, 10.0, 4.0])) == math.inf
    with pytest.raises(Undecidable, match="z-scores: 1 of 2 values are NaN"):
        largest_z(samples[:, :2], np.array([1.0, np.nan]))
    assert z_measurement("z", -2.0) == z_measurement("z", -2.0)
    assert (z_measurement("z", -2.0).uncertainty, z_measurement("z", -2.0).kind) == (1.0, Kind.Z)


def test_max_min_median_refuse_nan_and_empty():
    """Python's max over [nan, 1, 2] is nan and min over [1, nan] is 1: a spread of 1.00 from
    NaN (issue 22 §2). These helpers raise Undecidable instead; ±∞ is a value."""
    for helper in (largest, smallest, median):
        with pytest.raises(Undecidable, match="rates: 1 of 3 values are NaN"):
            helper([1.0, math.nan, 2.0], "rates")
        with pytest.raises(Undecidable, match=r"rates: no values \(need at least 1\)"):
            helper([], "rates")
    assert (largest([1.0, math.inf], "x"), smallest([1.0, -math.inf], "x")) == (math.inf, -math.inf)
    assert median([4.0, 1.0, 3.0], "x") == 3.0
    np.testing.assert_array_equal(finite([[1.0, 2.0]], "x", minimum=2), [[1.0, 2.0]])
    with pytest.raises(Undecidable, match=r"x: 1 values \(need at least 2\)"):
        finite([1.0], "x", minimum=2)


def test_at_least():
    assert at_least("seeds", 3, 2, "a standard error") == 3
    assert at_least("seeds", np.int64(3), 2, "a standard error") == 3
    with pytest.raises(Undecidable) as error:
        at_least("seeds", 1, 2, "a standard error")
    assert error.value.reason == "seeds = {seeds}: a standard error needs at least 2"
    assert error.value.measurements[0].value == 1 and error.value.measurements[0].kind is Kind.COUNT
    for bad in (-1, 2.5, "3", True, None):
        with pytest.raises(ValueError, match="seeds must be a non-negative integer"):
            at_least("seeds", bad, 2, "a standard error")


def test_loglog_slope_refuses_what_has_no_logarithm():
    assert loglog_slope([1.0, 2.0], [1.0, 4.0]) == pytest.approx(2.0)
    for x, y in [
        ([1.0, 2.0], [1.0, 0.0]),
        ([1.0, 2.0], [1.0, math.inf]),
        ([1.0, 1.0], [1.0, 2.0]),
        ([-1.0, 2.0], [1.0, 2.0]),
    ]:
        with pytest.raises(Undecidable, match="a log-log slope needs"):
            loglog_slope(x, y)
    with pytest.raises(Undecidable, match="slope ordinates: 1 of 2 values are NaN"):
        loglog_slope([1.0, 2.0], [1.0, math.nan])
    with pytest.raises(Undecidable, match="slope abscissae"):
        loglog_slope([1.0], [1.0])


# --------------------------------------------------------------------------------------------
# boundaries found by mutation testing
# --------------------------------------------------------------------------------------------


def test_helpers_name_and_type_what_they_return():
    m = estimate("m", [1.0, 3.0], percent=True)
    assert (m.name, m.kind, m.percent, m.value, m.uncertainty) == ("m", Kind.SE, True, 2.0, 1.0)
    p = proportion("p", 5, 5)
    assert (p.name, p.kind, p.percent, p.value) == ("p", Kind.PROPORTION, True, 1.0)
    assert proportion("p", 1, 1).value == 1.0
    assert z_measurement("z", 2).name == "z"
    b = bootstrap(lambda i: 1.0, 3, "b", percent=True)
    assert (b.name, b.kind, b.percent) == ("b", Kind.INTERVAL, True)
    mi = median_interval([1.0, 2.0, 3.0], "mi", percent=True)
    assert (mi.name, mi.percent) == ("mi", True)
    mean, se = mean_and_se([1, 2, 3])
    assert type(mean) is float and type(se) is float
    assert finite([1, 2], "x").dtype == np.float64


def test_boundaries_of_the_sizes():
    assert at_least("n", 2, 2, "p") == 2
    with pytest.raises(Undecidable) as error:
        at_least("n", 0, 1, "p")
    assert error.value.measurements[0].name == "n"
    with pytest.raises(Undecidable, match="1 sample"):
        mean_and_se(3.0)
    assert exceedance_z(1, 1, 0.5) == pytest.approx(0.0)  # P(X ≥ 1) = ½: z = 0
    with pytest.raises(ValueError, match="allowed must lie in"):
        exceedance_z(1, 10, 1.0)
    with pytest.raises(Undecidable, match="^no trials"):
        exceedance_z(0, 0, 0.5)
    assert largest_z(np.array([[1.0], [3.0]]), np.array([2.0])) == 0.0  # no error: z = 0


def test_bootstrap_defaults_and_no_warning_on_nan():
    import warnings

    data = np.arange(10.0)
    assert bootstrap(lambda i: data[i].mean(), 10, "m") == bootstrap(
        lambda i: data[i].mean(), 10, "m", resamples=400, seed=0
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert math.isnan(bootstrap(lambda i: math.nan, 3, "b").interval[0])


def test_median_interval_of_runs_that_never_reached():
    m = median_interval([np.inf, np.inf], "m")
    assert m.value == math.inf and m.uncertainty == math.inf and m.interval == (math.inf, math.inf)


def test_loglog_slope_boundaries():
    for x, y in [([0.0, 1.0], [1.0, 2.0]), ([-1.0, 2.0], [0.0, 2.0])]:
        with pytest.raises(Undecidable, match="^a log-log slope needs"):
            loglog_slope(x, y)
    with pytest.raises(Undecidable, match="^slope ordinates: 1 values"):
        loglog_slope([1.0, 2.0], [1.0])
    with pytest.raises(Undecidable, match="^slope abscissae"):
        loglog_slope([1.0], [1.0, 2.0])
    assert loglog_slope([1, 2, 4], [1, 4, 16]) == pytest.approx(2.0)


def test_bootstrap_draws_400_resamples_by_default():
    calls = []
    bootstrap(lambda i: calls.append(len(i)) or 1.0, 3, "b")
    assert len(calls) == 1 + 400 and set(calls) == {3}


def test_bootstrap_method_decides_the_interval():
    """``method`` is not ignored: on a skewed sample (exponential, 40 units) the BCa interval of
    the mean lies to the right of the percentile one (BCa corrects the percentile interval's
    shift towards the short tail; Efron 1987), and an unknown method is a ValueError."""
    data = np.random.default_rng(3).exponential(size=40)
    percentile = bootstrap(lambda i: data[i].mean(), 40, "m", resamples=2000)
    bca = bootstrap(lambda i: data[i].mean(), 40, "m", method="BCa", resamples=2000)
    assert percentile.value == bca.value
    assert bca.interval[0] > percentile.interval[0] and bca.interval[1] > percentile.interval[1]
    with pytest.raises(ValueError, match="method must be 'BCa' or 'percentile', got 'bca'"):
        bootstrap(lambda i: data[i].mean(), 40, "m", method="bca")


@pytest.mark.parametrize("n", [1, 8, 16, 40, 1000])
def test_a_unanimous_share_quotes_the_wilson_end_of_stats_proportion(n):
    """A share that is 0 (or 1) in all of its n seeds renders the end of Wilson's interval in
    closed form (no scipy at render time): it is stats.proportion's, which scipy computes."""
    from mines_theory.numbers import format_number
    from mines_theory.verification.framework.stats import proportion
    from mines_theory.verification.framework.verdict import Measurement

    for value, successes, end in ((0.0, 0, 1), (1.0, n, 0)):
        shown = Measurement(
            "share", value, kind="interval", interval=(value, value), percent=True, units=n
        ).render()
        expected = format_number(proportion("share", successes, n).interval[end] * 100)
        assert f"bound {expected}%)" in shown, (shown, expected)

"""The statistics every check uses, each written once: Monte Carlo means with standard errors,
proportions and the one-sided test that an event is not more frequent than allowed,
bootstrap intervals over independent seeds, order-statistic intervals for medians, and
log-log slopes.

Conventions: ``K_SE`` standard errors is the tolerance of every Monte Carlo comparison; seeds
are fixed by the caller. The field's tests, from scipy.stats, decide: an exceedance by the exact
binomial test (``exceedance_z``), a proportion's interval is Wilson's (``proportion``), a
bootstrap interval BCa or percentile (``bootstrap``), a median's from order statistics.

No statistic is computed from nothing: ``largest``, ``smallest``, ``median`` and ``finite``
replace ``max``/``min``/``np.median`` over data that may hold NaN or be empty, and raise
``verdict.Undecidable`` naming what was undecidable instead of returning NaN (or, as Python's
``max`` does with a NaN first, a number); ``mean_and_se`` needs two samples, ``proportion`` and
``exceedance_z`` one trial, ``loglog_slope`` two positive finite points. A check decorated with
``verdict.decides`` then returns "not checked" with that reason.

>>> max([float("nan"), 1.0, 2.0]), min([1.0, float("nan")])   # what this module avoids
(nan, 1.0)
>>> largest([float("nan"), 1.0, 2.0], "rates")
Traceback (most recent call last):
...
mines_theory.verification.framework.verdict.Undecidable: rates: 1 of 3 values are NaN
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np
import scipy.special
import scipy.stats
from numpy.typing import ArrayLike

from mines_theory.validation import probability

from .verdict import Kind, Measurement, Undecidable

__all__ = [
    "K_SE",
    "MIN_EXPECTED",
    "MIN_UNITS",
    "MIN_Z_DRAWS",
    "at_least",
    "bootstrap",
    "estimate",
    "exceedance_z",
    "finite",
    "largest",
    "largest_z",
    "loglog_slope",
    "mean_and_se",
    "median",
    "median_interval",
    "proportion",
    "sample_maximum",
    "smallest",
    "trials_needed",
    "single_event_trials",
    "z_measurement",
]

#: Tolerance of every Monte Carlo comparison: |estimate − target| ≤ K_SE standard errors.
K_SE = 5.0

#: The fewest draws from which a mean's z-score is read against ``K_SE``: the standard error is
#: itself estimated, and |t| > 5 has probability 2.5·10⁻⁵ at 29 degrees of freedom (7·10⁻⁴ at 9,
#: 0.13 at 1, against 5.7·10⁻⁷ for the normal law the tolerance is set for). A declaration's
#: minimum (``sizes.Data``) for a check that decides on a z-score.
MIN_Z_DRAWS = 30

#: The fewest independent units (seeds) for a 95% interval over them: with fewer than 6 no pair
#: of order statistics covers the median with 95% (P(Bin(5, ½) = 0) = 1/32 > 2.5%,
#: ``median_interval``), and a bootstrap resamples too few distinct sets. A declaration's minimum
#: for a check that decides on such an interval.
MIN_UNITS = 6


def at_least(name: str, value: Any, minimum: int, purpose: str) -> int:
    """A check's sample size ``value`` (parameter ``name``) as an int, when it is at least
    ``minimum``: a negative or non-integer ``value`` is an invalid configuration (``ValueError``
    naming the parameter); a valid one below ``minimum`` cannot decide (``Undecidable``, whose
    reason names ``purpose``, with ``value`` as the measurement ``name``).

    >>> at_least("seeds", 4, 2, "a standard error")
    4
    >>> at_least("seeds", 1, 2, "a standard error")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mines_theory.verification.framework.verdict.Undecidable: seeds = {seeds}: a standard ...
    """
    try:
        valid = not isinstance(value, bool) and float(value).is_integer() and value >= 0
    except (TypeError, ValueError):
        valid = False
    if not valid:
        raise ValueError(f"{name} must be a non-negative integer, got {value!r}")
    if value < minimum:
        raise Undecidable(
            f"{name} = {{{name}}}: {purpose} needs at least {minimum}",
            Measurement(name, int(value), kind=Kind.COUNT),
        )
    return int(value)


def finite(values: ArrayLike, what: str, *, minimum: int = 1) -> np.ndarray:
    """``values`` as a float array, when it holds at least ``minimum`` values and no NaN; else
    ``Undecidable`` naming ``what`` (±∞ passes: a run that never reached its target is a
    number, +∞, not a missing one).

    >>> finite([1.0, np.inf], "gaps")
    array([ 1., inf])
    >>> finite([], "rates")
    Traceback (most recent call last):
    ...
    mines_theory.verification.framework.verdict.Undecidable: rates: no values (need at least 1)
    """
    x = np.asarray(values, dtype=float)
    if x.size < minimum:
        raise Undecidable(
            f"{what}: {'no values' if x.size == 0 else f'{x.size} values'} "
            f"(need at least {minimum})"
        )
    nan = int(np.isnan(x).sum())
    if nan:
        raise Undecidable(f"{what}: {nan} of {x.size} values are NaN")
    return x


def largest(values: ArrayLike, what: str) -> float:
    """max of ``values``, never of NaN or of nothing (``finite``).

    >>> largest([0.5, 2.0, 1.0], "ratios")
    2.0
    """
    return float(np.max(finite(values, what)))


def smallest(values: ArrayLike, what: str) -> float:
    """min of ``values``, never of NaN or of nothing (``finite``).

    >>> smallest([0.5, 2.0, 1.0], "ratios")
    0.5
    """
    return float(np.min(finite(values, what)))


def median(values: ArrayLike, what: str) -> float:
    """The median of ``values``, never of NaN or of nothing (``finite``; for a median with its
    interval, +∞ standing for a run that never reached its target, see ``median_interval``).

    >>> median([3.0, 1.0, 2.0, 10.0], "evaluations")
    2.5
    """
    return float(np.median(finite(values, what)))


def mean_and_se(samples: ArrayLike, axis: int = 0) -> tuple[Any, Any]:
    """Mean and standard error of the mean of i.i.d. ``samples`` along ``axis``; at least two
    samples and no NaN, else ``Undecidable``.

    >>> mean_and_se(np.array([1.0, 2.0, 3.0, 4.0]))
    (2.5, 0.6454972243679028)
    """
    samples = np.asarray(samples, dtype=float)
    n = samples.shape[axis] if samples.ndim else 1
    if n < 2:
        raise Undecidable(f"{n} sample{'s' if n != 1 else ''}: a standard error needs at least 2")
    if np.isnan(samples).any():
        raise Undecidable(f"{int(np.isnan(samples).sum())} of {samples.size} samples are NaN")
    mean = samples.mean(axis=axis)
    se = samples.std(axis=axis, ddof=1) / math.sqrt(n)
    return (float(mean), float(se)) if np.ndim(mean) == 0 else (mean, se)


def largest_z(samples: ArrayLike, exact: ArrayLike) -> float:
    """max over the entries of |mean − exact| / standard error, for i.i.d. ``samples`` along
    axis 0 (an entry with zero spread and no error counts as z = 0).

    >>> largest_z(np.array([[1.0, 0.0], [3.0, 0.0]]), np.array([1.0, 0.0]))
    1.0
    """
    mean, se = mean_and_se(np.asarray(samples, dtype=float))
    error = np.abs(np.asarray(mean) - exact)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(error == 0, 0.0, error / np.asarray(se))
    return largest(np.ravel(z), "z-scores")


def estimate(name: str, samples: ArrayLike, **kw) -> Measurement:
    """The Monte Carlo mean of ``samples`` with its standard error, as a measurement."""
    mean, se = mean_and_se(samples)
    return Measurement(name, mean, se, Kind.SE, **kw)


def proportion(name: str, successes: int, trials: int) -> Measurement:
    """The fraction successes/trials with Wilson's 95% score interval
    (``scipy.stats.binomtest(...).proportion_ci(method="wilson")``): never of width zero, so
    that 0 of n is reported as "0.0% [0.0%, 3.7%]" and compared within that. The uncertainty is
    the interval's half-width / 1.96.

    >>> proportion("p", 0, 100).render()
    '0.0% [0.0%, 3.7%]'
    """
    x, n = int(successes), int(trials)
    if n < 1:
        raise Undecidable(f"{name}: no trials")
    if not 0 <= x <= n:
        raise ValueError(f"successes must lie in [0, trials] = [0, {n}], got {x}")
    ci = scipy.stats.binomtest(x, n).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = float(ci.low), float(ci.high)
    return Measurement(
        name, x / n, (high - low) / (2 * 1.96), Kind.PROPORTION, (low, high), percent=True
    )


def exceedance_z(successes: int, trials: int, allowed: float) -> float:
    """The exact one-sided binomial test of H₀: P(event) ≤ ``allowed`` (the tail
    P(Bin(trials, allowed) ≥ successes), as ``scipy.stats.binomtest(..., alternative="greater")``
    computes it, here in logs), reported as its normal deviate z = Φ̄⁻¹(p): z > K_SE exactly
    when p < Φ̄(K_SE) = 2.9·10⁻⁷, as rare under H₀ as for every other comparison, at any number
    of trials (no expected-event floor, as the normal
    approximation needed). An event observed no more often than expected gives z ≤ 0; no event
    at all, p = 1 and z = −∞. Where the tail is below 10⁻³⁰⁸, z is the deviate of Chernoff's
    bound exp(−n·KL(x/n ‖ allowed)) on it, a lower bound of the exact z (still far above K_SE).

    >>> round(exceedance_z(30, 100, 0.1), 2), round(exceedance_z(26, 100, 0.1), 2)
    (5.46, 4.46)
    >>> round(exceedance_z(1, 100, 1 / 9000), 2)      # one event: p = 0.011, no rejection
    2.29
    """
    if not 0 < allowed < 1:
        raise ValueError(f"allowed must lie in (0, 1), got {allowed!r}")
    if trials < 1:
        raise Undecidable("no trials: an exceedance needs at least 1")
    x, n = int(successes), int(trials)
    log_p = float(scipy.stats.binom.logsf(x - 1, n, allowed))
    if log_p == -math.inf:  # beyond the doubles: Chernoff's bound, p ≤ exp(−n·KL)
        rate = x / n
        kl = rate * math.log(rate / allowed) + (
            (1 - rate) * math.log((1 - rate) / (1 - allowed)) if rate < 1 else 0.0
        )
        log_p = -n * kl
    return float(-scipy.special.ndtri_exp(log_p))


#: Expected events under H₀ in ``trials_needed``.
MIN_EXPECTED = 10


def trials_needed(allowed: float) -> int:
    """The fewest trials with ``MIN_EXPECTED`` expected events at probability ``allowed``: the
    floor the checks of a bound "with probability ≥ 1 − allowed" declare, so that the rate is
    estimated at the scale of ``allowed`` (10 expected events: a Wilson interval from about half
    to 1.7 times it) and not only bounded. The exact test (``exceedance_z``) is valid with
    fewer; each floor is one at which the shortened check reaches its published status (issue 43
    §3).

    >>> trials_needed(0.1), trials_needed(0.5)
    (100, 20)
    """
    allowed = probability("allowed", allowed)  # a ZeroDivisionError at 0 before
    return math.ceil(MIN_EXPECTED / allowed - 1e-9)


def single_event_trials(allowed: float) -> int:
    """The fewest trials at which one event is a rate 1/n within ``K_SE`` standard errors under
    H₀, √(allowed(1 − allowed)/n), of ``allowed``: with fewer, a single event is already a rate
    more than K_SE standard errors above it, so the data resolve nothing at the scale of
    ``allowed``. The floor of the checks whose event is too rare for ``trials_needed``'s
    expected events (the exact test itself rejects on one event only when allowed < 2.9·10⁻⁷).

    >>> single_event_trials(1 / 9000), single_event_trials(0.1)
    (334, 1)
    """
    if not 0 < allowed < 1:
        raise ValueError(f"allowed must lie in (0, 1), got {allowed!r}")

    def above(n: int) -> bool:  # 1/n more than K_SE standard errors above allowed
        return (1 / n - allowed) / math.sqrt(allowed * (1 - allowed) / n) > K_SE

    # above(n) ⇔ x² − a > K·s·x with x = 1/√n, s = √(a(1 − a)): x beyond the positive root
    s = math.sqrt(allowed * (1 - allowed))
    root = (K_SE * s + math.sqrt((K_SE * s) ** 2 + 4 * allowed)) / 2
    n = max(1, math.floor(1 / root**2))
    while above(n):  # the closed form, up to rounding
        n += 1
    return n


def z_measurement(name: str, z: float) -> Measurement:
    """A z-score as a measurement (its own standard uncertainty is 1)."""
    return Measurement(name, float(z), 1.0, Kind.Z)


def sample_maximum(name: str, per_seed: ArrayLike, digits: int = 3) -> Measurement:
    """The largest of ``per_seed`` (each seed's own largest value), as a sample maximum
    (``Kind.MAXIMUM``): rendered with its count of seeds, "1770 (largest of 256 seeds)", and
    with no interval. A bootstrap interval of a maximum is degenerate: no resample of the seeds
    exceeds the largest seed, so its upper end is the estimate itself. Never of NaN or of
    nothing (``largest``).

    >>> sample_maximum("largest", [3.0, 1770.4, 12.0]).render()
    '1770 (largest of 3 seeds)'
    """
    values = np.ravel(np.asarray(per_seed, dtype=float))
    return Measurement(
        name, largest(values, name), kind=Kind.MAXIMUM, units=values.size, digits=digits
    )


def bootstrap(
    statistic: Callable[[np.ndarray], float],
    units: int,
    name: str,
    *,
    method: str = "percentile",
    resamples: int = 400,
    seed: int = 0,
    **kw,
) -> Measurement:
    """``statistic(indices)`` on all ``units`` independent units (seeds) with a 95% bootstrap
    interval from ``resamples`` resamples of the units (fixed ``seed``), by
    ``scipy.stats.bootstrap``: ``method="percentile"`` (the default) for a statistic built on
    order statistics (a median, a quantile; a maximum is ``sample_maximum``), whose jackknife,
    from which BCa estimates its acceleration, is inconsistent (Efron 1982, ch. 3); ``"BCa"``
    (bias-corrected and accelerated, Efron 1987) for a smooth one (a mean, a fraction, a slope
    of means). Where every resample gives one value the interval is that value; where the
    statistic is undefined (NaN) on some resamples, the interval is the percentile interval of
    the others. No unit (or no resample) cannot decide: ``Undecidable``; a negative or
    fractional count: ``ValueError``.
    The measurement keeps ``units``, so that a share that is 0 in every unit is rendered as a
    count of seeds with a Wilson bound (``Measurement.render``), not as "0% [0%, 0%]".

    >>> data = np.arange(10.0)
    >>> m = bootstrap(lambda i: data[i].mean(), 10, "mean", method="BCa")
    >>> m.value, m.interval[0] < 4.5 < m.interval[1]
    (4.5, True)

    References
    ----------
    B. Efron, "Better bootstrap confidence intervals", JASA 82 (1987), 171-185.
    B. Efron, *The Jackknife, the Bootstrap and Other Resampling Plans*, SIAM (1982).
    """
    if method not in ("BCa", "percentile"):
        raise ValueError(f"method must be 'BCa' or 'percentile', got {method!r}")
    units = at_least("units", units, 1, "a bootstrap")
    resamples = at_least("resamples", resamples, 1, "a bootstrap interval")
    value = float(statistic(np.arange(units)))
    if units == 1:  # one unit resamples to itself
        return Measurement(name, value, 0.0, Kind.INTERVAL, (value, value), units=1, **kw)
    with warnings.catch_warnings(), np.errstate(invalid="ignore", divide="ignore"):
        # a degenerate distribution (every resample one value) or an undefined statistic:
        # BCa's acceleration is 0/0 and scipy warns; both are handled below
        warnings.simplefilter("ignore", scipy.stats.DegenerateDataWarning)
        warnings.simplefilter("ignore", RuntimeWarning)
        result = scipy.stats.bootstrap(
            (np.arange(units),),
            lambda indices: float(statistic(indices)),
            vectorized=False,
            n_resamples=resamples,
            method="percentile" if units < 3 else method,  # BCa's jackknife needs 3 units
            rng=np.random.default_rng(seed),
        )
    draws = result.bootstrap_distribution
    low, high = float(result.confidence_interval.low), float(result.confidence_interval.high)
    if np.all(np.isnan(draws)):
        low = high = math.nan
    elif not (math.isfinite(low) and math.isfinite(high)):  # degenerate, or NaN on some
        low, high = (float(q) for q in np.nanquantile(draws, [0.025, 0.975]))
    return Measurement(
        name, value, (high - low) / (2 * 1.96), Kind.INTERVAL, (low, high), units=units, **kw
    )


def median_interval(values: ArrayLike, name: str, confidence: float = 0.95, **kw) -> Measurement:
    """The median of ``values`` with a distribution-free interval from order statistics: the
    j-th and (n+1−j)-th smallest values with j the largest such that P(Bin(n, ½) < j) ≤ (1 −
    confidence)/2 (+∞ is a value: a run that never reached its target). The uncertainty is the
    interval's width / (2·1.96), ∞ when an end is infinite.

    With fewer than 6 values no j ≥ 1 qualifies at 95% (P(Bin(5, ½) = 0) = 1/32 > 2.5%): the
    interval is then [min, max], whose coverage is 1 − 2^{1−n} (93.75% for 5 values), not
    ``confidence``. No values, or a NaN among them (a missing value, not a run that never
    reached its target: pass +∞ for that): ``Undecidable`` (``finite``).

    >>> m = median_interval([5.0, 1.0, np.inf, 3.0, 2.0, 4.0, 6.0, 7.0, 8.0, 9.0], "e")
    >>> m.value, m.interval         # 10 values: j = 2, the 2nd and 9th smallest
    (5.5, (2.0, 9.0))
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must lie in (0, 1), got {confidence!r}")
    x = np.sort(finite(values, name))
    n = x.size
    j = int(scipy.stats.binom.ppf((1 - confidence) / 2, n, 0.5))
    j = max(j, 1)
    low, high = x[j - 1], x[n - j]
    median = float(np.median(x))
    u = (high - low) / (2 * 1.96) if np.isfinite(low) and np.isfinite(high) else math.inf
    return Measurement(name, median, u, Kind.INTERVAL, (float(low), float(high)), **kw)


def loglog_slope(x: ArrayLike, y: ArrayLike) -> float:
    """The least-squares slope of log y against log x; ``Undecidable`` unless there are two
    distinct x and every x and y is positive and finite.

    >>> round(loglog_slope([1.0, 2.0, 4.0], [3.0, 12.0, 48.0]), 12)
    2.0
    """
    x, y = finite(x, "slope abscissae", minimum=2), finite(y, "slope ordinates", minimum=2)
    bad = int((~np.isfinite(y) | (y <= 0)).sum() + (~np.isfinite(x) | (x <= 0)).sum())
    if bad or np.unique(x).size < 2:
        raise Undecidable(
            f"a log-log slope needs two distinct positive x and positive finite "
            f"y; {bad} points are not"
        )
    return float(np.polyfit(np.log(np.asarray(x, float)), np.log(np.asarray(y, float)), 1)[0])

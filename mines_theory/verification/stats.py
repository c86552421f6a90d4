"""The statistics every check uses, each written once: Monte Carlo means with standard errors,
proportions and the one-sided test that an event is not more frequent than allowed,
bootstrap intervals over independent seeds, order-statistic intervals for medians, and
log-log slopes.

Conventions: ``K_SE`` standard errors is the tolerance of every Monte Carlo comparison; seeds
are fixed by the caller; a proportion's standard error is Agresti–Coull's, so it is never zero.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import scipy.stats

from .verdict import Kind, Measurement

__all__ = ["K_SE", "mean_and_se", "largest_z", "estimate", "proportion", "exceedance_z", "z_measurement",
           "bootstrap", "median_interval", "loglog_slope"]

#: Tolerance of every Monte Carlo comparison: |estimate − target| ≤ K_SE standard errors.
K_SE = 5.0


def mean_and_se(samples, axis: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Mean and standard error of the mean of i.i.d. ``samples`` along ``axis``.

    >>> mean_and_se(np.array([1.0, 2.0, 3.0, 4.0]))
    (2.5, 0.6454972243679028)
    """
    samples = np.asarray(samples, dtype=float)
    n = samples.shape[axis]
    mean = samples.mean(axis=axis)
    se = samples.std(axis=axis, ddof=1) / math.sqrt(n)
    return (float(mean), float(se)) if np.ndim(mean) == 0 else (mean, se)


def largest_z(samples, exact) -> float:
    """max over the entries of |mean − exact| / standard error, for i.i.d. ``samples`` along
    axis 0 (an entry with zero spread and no error counts as z = 0).

    >>> largest_z(np.array([[1.0, 0.0], [3.0, 0.0]]), np.array([1.0, 0.0]))
    1.0
    """
    mean, se = mean_and_se(np.asarray(samples, dtype=float))
    error = np.abs(np.asarray(mean) - exact)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(error == 0, 0.0, error / np.asarray(se))
    return float(np.max(z))


def estimate(name: str, samples, **kw) -> Measurement:
    """The Monte Carlo mean of ``samples`` with its standard error, as a measurement."""
    mean, se = mean_and_se(samples)
    return Measurement(name, mean, se, Kind.SE, **kw)


def proportion(name: str, successes: int, trials: int) -> Measurement:
    """The fraction successes/trials with Agresti–Coull's standard error
    √(p̃(1 − p̃)/(n + 4)), p̃ = (x + 2)/(n + 4): never zero, so that 0 of n is reported as
    "0 ± something" and compared within that.

    >>> proportion("p", 0, 100).render()
    '0.0 ± 1.3%'
    """
    x, n = int(successes), int(trials)
    p_tilde = (x + 2) / (n + 4)
    return Measurement(name, x / n, math.sqrt(p_tilde * (1 - p_tilde) / (n + 4)), Kind.SE,
                       percent=True)


def exceedance_z(successes: int, trials: int, allowed: float) -> float:
    """The one-sided binomial z-score of H₀: P(event) ≤ ``allowed``, with the standard error
    under H₀, √(allowed(1 − allowed)/n). An event observed no more often than allowed gives
    z ≤ 0; z > K_SE rejects H₀ (the bound "with probability ≥ 1 − allowed" fails).

    >>> round(exceedance_z(30, 100, 0.1), 2)
    6.67
    """
    if not 0 < allowed < 1:
        raise ValueError(f"allowed must lie in (0, 1), got {allowed!r}")
    return (successes / trials - allowed) / math.sqrt(allowed * (1 - allowed) / trials)


def z_measurement(name: str, z: float) -> Measurement:
    """A z-score as a measurement (its own standard uncertainty is 1)."""
    return Measurement(name, float(z), 1.0, Kind.Z)


def bootstrap(statistic: Callable[[np.ndarray], float], units: int, name: str, *,
              resamples: int = 400, seed: int = 0, **kw) -> Measurement:
    """``statistic(indices)`` on all ``units`` independent units (seeds) with a 95% percentile
    bootstrap interval from ``resamples`` resamples of the units (fixed ``seed``).

    >>> data = np.arange(10.0)
    >>> m = bootstrap(lambda i: data[i].mean(), 10, "mean")
    >>> m.value, m.interval[0] < 4.5 < m.interval[1]
    (4.5, True)
    """
    value = float(statistic(np.arange(units)))
    rng = np.random.default_rng(seed)
    draws = np.array([statistic(rng.integers(0, units, units)) for _ in range(resamples)])
    if np.all(np.isnan(draws)):
        low = high = math.nan
    else:
        low, high = (float(q) for q in np.nanquantile(draws, [0.025, 0.975]))
    return Measurement(name, value, (high - low) / (2 * 1.96), Kind.INTERVAL, (low, high), **kw)


def median_interval(values, name: str, confidence: float = 0.95, **kw) -> Measurement:
    """The median of ``values`` with a distribution-free interval from order statistics: the
    j-th and (n+1−j)-th smallest values with j the largest such that P(Bin(n, ½) < j) ≤ (1 −
    confidence)/2 (NaN counts as +∞, e.g. a run that never reached its target)."""
    x = np.sort(np.where(np.isnan(values), np.inf, np.asarray(values, dtype=float)))
    n = x.size
    j = int(scipy.stats.binom.ppf((1 - confidence) / 2, n, 0.5))
    j = max(j, 1)
    low, high = x[j - 1], x[n - j]
    median = float(np.median(x))
    u = (high - low) / (2 * 1.96) if np.isfinite(low) and np.isfinite(high) else math.inf
    return Measurement(name, median, u, Kind.INTERVAL, (float(low), float(high)), **kw)


def loglog_slope(x, y) -> float:
    """The least-squares slope of log y against log x."""
    return float(np.polyfit(np.log(np.asarray(x, float)), np.log(np.asarray(y, float)), 1)[0])

"""Which order in α a sweep shows (Theorem 3.4, PDF Theorem 4, ``prop:Sigma``): local log-log
slopes over windows of the α grid, and a decision that names an order only where they have
settled. Separate from the runs, so that it can be fed slope sequences under each alternative
(``tests/test_section3_orders.py``)."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import scipy.stats

__all__ = [
    "ORDER_CANDIDATES",
    "ORDER_DRIFT",
    "ORDER_MATCH",
    "ORDER_SETTLE",
    "ORDER_SPAN",
    "ORDER_WINDOW",
    "OrderDecision",
    "decide_order",
    "local_slopes",
    "slope_fit",
    "sweep_order",
]

#: The rule that decides an order in α from a sweep, declared before any run: log-log slopes
#: over each window of ``ORDER_WINDOW`` consecutive grid points (``local_slopes``); at least
#: ``ORDER_SETTLE`` windows at the smallest α, spanning at least ``ORDER_SPAN`` decades, must vary
#: by at most ``ORDER_DRIFT`` per decade of α (settled) and average within ``ORDER_MATCH`` of a
#: half-integer order in ``ORDER_CANDIDATES`` (``decide_order``). Otherwise the order is not
#: decided: a mixture such as α² + cα^1.5 drifts from 2 toward 1.5 as α falls, and a global fit
#: over the drift would call it α² (slope 1.88 on α ∈ [10⁻⁵, 0.3] at c = 0.01). Settled means
#: settled over two decades, not flat over one: the local slope of that mixture has a flat
#: maximum near α = 10⁻² (1.952, 1.965, 1.971, 1.957 over the decade α ∈ [10⁻²·⁵, 10⁻¹·⁵],
#: 0.019 per decade), which a rule of one decade at 0.02 per decade called α² on a grid of two
#: decades (issue 43 §1); a maximum s₀ − k(log α − x₀)² spreads by k·w/4 per decade over w
#: decades, so the wider span and the smaller drift both reject it. On the grids of Theorem
#: 3.4's check the slopes vary by less than 10⁻⁴ per decade.
ORDER_WINDOW = 3
ORDER_SETTLE = 3
ORDER_SPAN = 2.0
ORDER_DRIFT = 0.005
ORDER_MATCH = 0.05
ORDER_CANDIDATES = (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0)


def slope_fit(x, y) -> tuple[float, float]:
    """(slope, standard error) of the least-squares fit of log y against log x (``stats.
    loglog_slope``'s slope, with scipy's standard error of it); NaN where fewer than three
    finite positive points remain."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    keep = np.isfinite(x) & np.isfinite(y) & (x > 0) & (y > 0)
    if keep.sum() < 3:
        return math.nan, math.nan
    fit = scipy.stats.linregress(np.log(x[keep]), np.log(y[keep]))
    return float(fit.slope), float(fit.stderr)


def local_slopes(alpha, error, window: int = ORDER_WINDOW) -> tuple[np.ndarray, np.ndarray]:
    """(log₁₀ of each window's central α, the log-log slope of ``error`` over the window), for
    every run of ``window`` consecutive grid points, smallest α first; points that are not
    finite and positive are dropped first. Empty where fewer than ``window`` points remain."""
    x, y = np.asarray(alpha, float), np.asarray(error, float)
    keep = np.isfinite(x) & np.isfinite(y) & (x > 0) & (y > 0)
    order = np.argsort(x[keep])
    lx, ly = np.log10(x[keep][order]), np.log10(y[keep][order])
    count = max(lx.size - window + 1, 0)
    centres = np.array([lx[i : i + window].mean() for i in range(count)])
    slopes = np.array(
        [np.polyfit(lx[i : i + window], ly[i : i + window], 1)[0] for i in range(count)]
    )
    return centres, slopes


@dataclasses.dataclass(frozen=True)
class OrderDecision:
    """An order in α read from local slopes: ``order`` (NaN where not decided), the mean of the
    settled slopes, their drift per decade of α and the reason."""

    order: float
    slope: float
    drift: float
    reason: str

    @property
    def decided(self) -> bool:
        return not math.isnan(self.order)


def decide_order(
    log_alpha,
    slopes,
    *,
    settle: int = ORDER_SETTLE,
    span: float = ORDER_SPAN,
    drift: float = ORDER_DRIFT,
    match: float = ORDER_MATCH,
    candidates: tuple[float, ...] = ORDER_CANDIDATES,
) -> OrderDecision:
    """The order in α that local log-log slopes (``local_slopes``: window centres log₁₀ α and
    slopes, smallest α first) settle on, or "not decided".

    The slopes at the smallest α decide: the first ``settle`` windows, and more until their
    centres span ``span`` decades of α. They must vary by at most ``drift`` per decade (spread
    over span) and average within ``match`` of a candidate. The alternatives this rules out: a
    slope still drifting (a mixed order whose crossover lies inside the grid, which a global fit
    would misname), a slope flat only locally (a flat maximum of the local slope, which a
    shorter span or a looser drift would take for a settled order), and a slope settled away
    from every candidate. A settled slope gives the
    order on the grid's α; an order that takes over only below the grid cannot be seen by any
    finite sweep.

    >>> decide_order([-5, -4, -3], [2.0, 2.0, 2.001]).order
    2.0
    >>> decide_order([-5, -4, -3], [1.70, 1.76, 1.82]).reason
    'drifting: 0.06 per decade > 0.005'
    """
    x, s = np.asarray(log_alpha, float), np.asarray(slopes, float)
    if x.size < settle:
        return OrderDecision(math.nan, math.nan, math.nan, f"fewer than {settle} local slopes")
    wide = np.nonzero(x - x[0] >= span - 1e-9)[0]  # NaN compares False: caught below
    count = max(settle, int(wide[0]) + 1) if wide.size else x.size
    x, s = x[:count], s[:count]
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(s))):
        return OrderDecision(math.nan, math.nan, math.nan, "a local slope is not finite")
    mean, spanned = float(s.mean()), float(x[-1] - x[0])
    if spanned < span - 1e-9:
        return OrderDecision(
            math.nan, mean, math.nan, f"the windows span {spanned:.2g} < {span:g} decades"
        )
    per_decade = float(s.max() - s.min()) / spanned
    if per_decade > drift:
        return OrderDecision(
            math.nan, mean, per_decade, f"drifting: {per_decade:.2g} per decade > {drift:g}"
        )
    nearest = min(candidates, key=lambda c: abs(c - mean))
    if abs(nearest - mean) > match:
        return OrderDecision(
            math.nan, mean, per_decade, f"settled at {mean:.3f}, {match:g} away from any order"
        )
    return OrderDecision(float(nearest), mean, per_decade, f"settled at {mean:.3f}")


def sweep_order(alpha, error) -> OrderDecision:
    """``decide_order`` on ``local_slopes`` of a sweep."""
    return decide_order(*local_slopes(alpha, error))

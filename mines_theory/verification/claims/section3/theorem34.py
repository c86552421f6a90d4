"""Theorem 3.4 (PDF Theorem 4, ``prop:Sigma``) decided and described from what its sweeps ran:
``Theorem34Data`` (the numbers ``theorems.theorem34_data`` measures), ``decide_theorem34`` (the
status and the qualifiers, a pure function of those numbers and the criteria declared here) and
``describe_theorem34`` (the verdict's prose and measurements). No Monte Carlo and no solver
runs here, so that every criterion can be fed synthetic numbers on both sides
(``tests/test_section3_theorem34.py``)."""

from __future__ import annotations

import dataclasses
import math

from mines_theory.problems.objectives import PowerHessian1D
from .orders import (
    ORDER_DRIFT,
    ORDER_MATCH,
    ORDER_SETTLE,
    ORDER_SPAN,
    ORDER_WINDOW,
    OrderDecision,
)
from ...framework.decisions import LOOSE, status_of
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict

__all__ = ["CONSTANT_MATCH", "Theorem34Data", "decide_theorem34", "describe_theorem34"]

#: How close error/α^p at the smallest α must come to its limit E|u|^p (a share of it).
CONSTANT_MATCH = 0.01

#: The order-p limits of error/α^p on the 1-D objectives: E|u|^1.5 (Hölder-½) and √(2/π) (kink).
HOLDER_MOMENT = PowerHessian1D.absolute_moment(1.5)
KINK_MOMENT = math.sqrt(2 / math.pi)


@dataclasses.dataclass(frozen=True)
class Theorem34Data:
    """What the sweeps of Theorem 3.4 measured (``theorems.theorem34_data``).

    Attributes
    ----------
    alpha_max : float
        The largest α eq:alp_cond allows on the 2-D logistic objective.
    grid, valid : int
        Points of its α grid, and those inside eq:alp_cond.
    misses_valid, misses_grid : int
        Points (inside eq:alp_cond; of the whole grid) where one of the two bounds is not
        shown to hold.
    misses_1d : int
        Points of the three 1-D sweeps where the bound is not shown to hold or eq:alp_cond
        does not.
    loose : float
        The smallest bound/measured inside eq:alp_cond (NaN without a point there).
    slope, slope_se : float
        The least-squares log-log slope of the error at the small α, and its standard error.
    smooth_slope, holder_slope, kink_slope : float
        The same on the 1-D objectives f″ = 1 + x², 1 + |x|^1.5, 1 + min(|x|, 1).
    holder_constant, kink_constant : float
        error/α^1.5 and error/α at the smallest α of the Hölder-½ and kinked sweeps.
    orders : dict
        ``orders.OrderDecision`` per sweep: "logistic", "smooth", "holder", "kink".
    frames : dict
        The runs themselves, for the verdict's data (not compared).
    """

    alpha_max: float
    grid: int
    valid: int
    misses_valid: int
    misses_grid: int
    misses_1d: int
    loose: float
    slope: float
    slope_se: float
    smooth_slope: float
    holder_slope: float
    kink_slope: float
    holder_constant: float
    kink_constant: float
    orders: dict[str, OrderDecision]
    frames: dict = dataclasses.field(default_factory=dict, compare=False, repr=False)


def _settled(order: float) -> str:
    return (
        f"local log-log slopes of ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ over windows of {ORDER_WINDOW} grid "
        f"points settle at {order:g}: the ≥ {ORDER_SETTLE} at the smallest α that span "
        f"{ORDER_SPAN:g} decades vary by ≤ {ORDER_DRIFT:g} per decade and average within "
        f"{ORDER_MATCH:g} of it"
    )


def decide_theorem34(data: Theorem34Data, small: float) -> tuple[Status, tuple[Qualifier, ...]]:
    """The status and qualifiers of Theorem 3.4 from ``data`` (``small``: the largest α of the
    logistic fit, for the criterion's text).

    Status: "hypotheses not met" without a grid point inside eq:alp_cond; "not checked" where a
    slope could not be fitted (NaN); else "holds" where both bounds hold inside eq:alp_cond
    and the 1-D bound holds on all three objectives (``decisions.status_of``). Qualifiers:
    looseness ≥ ``LOOSE``; both bounds beyond eq:alp_cond; the three orders, each decided on
    settled local slopes (``orders.decide_order``: NaN where not decided) and, for α^1.5 and α,
    error/α^p within ``CONSTANT_MATCH`` of its limit.

    Raises
    ------
    Undecidable
        Where the looseness or a leading constant is not finite.
    """
    if data.valid == 0:
        return Status.HYPOTHESES_NOT_MET, ()
    slopes = (data.slope, data.smooth_slope, data.holder_slope, data.kink_slope)
    if any(math.isnan(s) for s in slopes):
        return Status.NOT_CHECKED, ()
    numbers = dict(
        loose=data.loose, holder_constant=data.holder_constant, kink_constant=data.kink_constant
    )
    infinite = [name for name, x in numbers.items() if not math.isfinite(x)]
    if infinite:
        raise Undecidable(f"{', '.join(infinite)} not finite: Theorem 3.4 decides nothing")
    status = status_of(bounds=data.misses_valid == 0, one_d=data.misses_1d == 0)
    holder_off = abs(data.holder_constant / HOLDER_MOMENT - 1)
    kink_off = abs(data.kink_constant / KINK_MOMENT - 1)
    orders = data.orders
    qualifiers = (
        Qualifier(
            "loose",
            f"bound/measured ≥ {LOOSE:g} at every α allowed by eq:alp_cond",
            bool(data.loose >= LOOSE),
        ),
        Qualifier(
            "holds beyond eq:alp_cond",
            "both bounds hold at every α of the grid",
            data.misses_grid == 0,
        ),
        Qualifier(
            "order α² with a quadratic even part of the Hessian",
            _settled(2) + f", on the logistic objective (α ≤ {small:g}) and on "
            "f″ = 1 + x² near x* (inside eq:alp_cond); rejects order α^1.5 and a slope still "
            "drifting (not decided)",
            orders["logistic"].order == 2.0 and orders["smooth"].order == 2.0,
        ),
        Qualifier(
            "order α^1.5 with a Hölder-½ even part of the Hessian",
            _settled(1.5) + " on f″ = 1 + |x|^1.5 near x* (inside eq:alp_cond), and "
            "error/α^1.5 at the smallest α within 1% of E|u|^1.5; rejects orders α² and α and a "
            "slope still drifting (not decided)",
            orders["holder"].order == 1.5 and holder_off <= CONSTANT_MATCH,
        ),
        Qualifier(
            "order α attained with a Lipschitz Hessian",
            _settled(1) + " on the kinked objective inside eq:alp_cond, and error/α at "
            "the smallest α within 1% of √(2/π); rejects order α^1.5 and a slope still "
            "drifting (not decided)",
            orders["kink"].order == 1.0 and kink_off <= CONSTANT_MATCH,
        ),
    )
    return status, qualifiers


def describe_theorem34(
    data: Theorem34Data, status: Status, qualifiers: tuple[Qualifier, ...]
) -> Verdict:
    """The verdict of Theorem 3.4: ``decide_theorem34``'s status and qualifiers, with the
    measurements of ``data`` and the sentence that shows them."""
    counts = (
        Measurement("alpha_max", data.alpha_max, 1e-6 * data.alpha_max),
        Measurement("valid", data.valid, kind=Kind.COUNT),
        Measurement("grid", data.grid, kind=Kind.COUNT),
    )
    if status is Status.HYPOTHESES_NOT_MET:
        return Verdict(
            status,
            "2-D logistic: eq:alp_cond requires α ≤ "
            "{alpha_max}; none of the {grid} grid points satisfies it",
            counts,
            data=dict(sweep=data.frames.get("sweep")),
        )
    if status is Status.NOT_CHECKED:
        return Verdict(
            status,
            "too few α (fewer than 3 positive errors) to fit the order of one of the sweeps",
        )
    loose = data.loose
    measurements = (
        *counts,
        Measurement("loose", loose, 1e-3 * abs(loose) if math.isfinite(loose) else 0),
        Measurement("slope", data.slope, 0.01, digits=3),
        Measurement("slope_se", data.slope_se, 1e-3 + 0.1 * data.slope_se, digits=1),
        Measurement("smooth_slope", data.smooth_slope, 0.01, digits=3),
        Measurement("holder_slope", data.holder_slope, 0.01, digits=3),
        Measurement("holder_constant", data.holder_constant, 1e-3, digits=3),
        Measurement("holder_moment", HOLDER_MOMENT, 1e-12, digits=3),
        Measurement("kink_slope", data.kink_slope, 0.01, digits=3),
        Measurement("kink_constant", data.kink_constant, 1e-3, digits=3),
        Measurement("sqrt_2_pi", KINK_MOMENT, 1e-12, digits=3),
        *(
            Measurement(f"settled_{name}", decision.slope, 0.01, digits=3)
            for name, decision in data.orders.items()
        ),
        Measurement("drift", max(d.drift for d in data.orders.values()), 1e-3, digits=1),
    )
    return Verdict(
        status,
        "2-D logistic: eq:alp_cond requires α ≤ {alpha_max} ({valid} of {grid} "
        "grid points); there both bounds "
        + ("hold" if data.misses_valid == 0 else "do not hold")
        + "; smallest bound/measured {loose}; measured slope {slope} (standard error "
        "of the fit {slope_se}). 1-D objectives inside eq:alp_cond, the bound "
        + ("holds on all three" if data.misses_1d == 0 else "fails on one")
        + ": f″ = 1 + x² "
        "near x* (Lipschitz f‴) slope {smooth_slope}; f″ = 1 + |x|^1.5 (Hölder-½ f‴) "
        "slope {holder_slope}, error/α^1.5 → {holder_constant} (E|u|^1.5 = "
        "{holder_moment}); f″ = 1 + min(|x|, 1) (f‴ jumps) slope {kink_slope}, error/α "
        "→ {kink_constant} (√(2/π) = {sqrt_2_pi}). Local slopes at the smallest α settle at "
        "{settled_logistic}, {settled_smooth}, {settled_holder}, {settled_kink} (largest drift "
        "{drift} per decade)",
        measurements,
        qualifiers,
        data=dict(alpha_max=data.alpha_max, orders=data.orders, **data.frames),
    )

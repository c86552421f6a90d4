"""The corrigendum's checks: each repaired bound evaluated on the same runs the printed one is
checked on (the ``section5`` and ``appendix_d`` configurations, cached per process), as a
``Verdict`` whose looseness (bound/measured, with a bootstrap interval) says whether the
repaired theorem says anything at those settings.

Probabilities. The repaired statements hold with 1 − Nδ for the N events of probability δ
their proofs use, or with 1 − δ once δ/N replaces δ inside the constants. The checks use the
second form (the first is vacuous whenever Nδ ≥ 1, as at every setting below): constants at
δ/N, exceedances allowed in a fraction δ of the independent units, with ``K_SE`` one-sided
binomial standard errors (``stats.exceedance_z``).

Every check can fail: each takes the bound (or the constant) as an argument, and
``tests/test_corrigendum.py`` feeds the printed constant, or a run or constant under the
alternative, and sees it flip.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import scipy.stats

from .appendix_d.lemmas import BIAS, D7, BiasExperiment, HalfSquareG
from .section5.mean import LEMMA52, MeanRun, per_step_ratios
from .section5.covariance import LEMMA53, CovarianceRun, squared_errors
from .section5.nonquadratic import NQ_LEMMA52, NonQuadraticMeanRun
from .section5.one_step import ONE_STEP, OneStepAtOptimum
from .section5.theorem54 import final_rates
from ..framework.stats import K_SE, at_least, bootstrap, exceedance_z, proportion, trials_needed
from ..framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides
from mines_theory.theory.bounds.corrected import (
    Lemma53Corrected,
    per_step_failures_corrected,
    lemma53_constants_corrected,
    chi_threshold_corrected,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    theorem54_bounds_corrected,
    nu_bounds_corrected,
    hh_bound_corrected,
    tgm3_bound_corrected,
    G_norm_1_bound_corrected,
    local_region_threshold_corrected,
)
from mines_theory.theory.bounds.section5 import c_constants

__all__ = [
    "E8_GRID",
    "exceedance_verdict",
    "check_lemma51_repaired",
    "check_lemma52_repaired",
    "check_lemma52_nonquadratic_repaired",
    "check_lemma53_repaired",
    "check_theorem54_repaired",
    "check_lemma_d2_repaired",
    "check_lemma_d4_repaired",
    "check_lemma_d5_repaired",
    "check_lemma_d7_repaired",
    "check_lemma_e8_repaired",
    "lemma53_corrected_for",
    "theorem54_corrected_C",
]


# ---------------------------------------------------------------------------------------------
# One test for every repaired bound: exceedances against an allowed fraction, and looseness
# ---------------------------------------------------------------------------------------------


@decides
def exceedance_verdict(
    values,
    bound,
    *,
    allowed: float,
    what: str,
    units: str = "draws",
    extra: tuple[Measurement, ...] = (),
    qualifiers: tuple[Qualifier, ...] = (),
    summary_tail: str = "",
    data=None,
) -> Verdict:
    """A repaired bound "value ≤ bound with probability ≥ 1 − allowed" on independent units.

    ``values``: one measured value per unit (draw, batch or seed); ``bound``: a number or one
    per unit. Status "holds" unless the fraction of units above the bound exceeds ``allowed`` by
    more than ``K_SE`` one-sided binomial standard errors (``stats.exceedance_z``): the
    alternative it rejects is a bound that fails more often than the statement allows.
    Looseness: the ``allowed``-quantile of bound/value over the units (≥ 1 where the bound
    holds as stated; 10 means the bound is 10 times what the (1 − allowed)-quantile of the data
    needs), with a 95% bootstrap interval over the units. "Not checked" with fewer units than
    the binomial test needs (``stats.trials_needed``)."""
    values = np.asarray(values, dtype=float).ravel()
    n = values.size
    at_least(units, n, trials_needed(allowed), f"the binomial test at {allowed:g}")
    B = np.broadcast_to(np.asarray(bound, dtype=float), values.shape)
    count = int(np.sum(values > B))
    with np.errstate(divide="ignore"):
        ratio = np.where(values > 0, B / np.where(values > 0, values, 1.0), np.inf)
    loose = bootstrap(lambda i: float(np.quantile(ratio[i], allowed)), n, "looseness")
    if not math.isfinite(loose.value):
        raise Undecidable(
            "{what}: the values are 0 in more than a fraction δ of the units; "
            "bound/measured is infinite"
        )
    z = exceedance_z(count, n, allowed)
    status = Status.HOLDS if z <= K_SE else Status.FAILS
    summary = (
        f"{what}: {n} {units}, above the repaired bound in " + "{exceeding} (allowed "
        f"{allowed:g}, {K_SE:g} SE one-sided); bound/measured at the {allowed:g}-quantile "
        "{looseness}" + summary_tail
    )
    return Verdict(
        status, summary, (proportion("exceeding", count, n), loose, *extra), qualifiers, data=data
    )


def _number(name: str, value: float, **kw) -> Measurement:
    return Measurement(name, value, 1e-9 * abs(value), **kw)


# ---------------------------------------------------------------------------------------------
# Lemma 5.1 (PDF Lemma 9): one step from μ*, where eq:dec_0 reduces to Δ_α,1
# ---------------------------------------------------------------------------------------------


@decides
def check_lemma51_repaired(
    config: OneStepAtOptimum = ONE_STEP, delta_alpha: float | None = None
) -> Verdict:
    """Lemma 5.1 repaired: one step from μ* on ``section5.OneStepAtOptimum`` (the run on which
    the printed Δ_α,1 is exceeded) must stay below the repaired Δ_α,1
    (``bounds.delta_alpha_1_corrected``) at δ/(b + 2) in all but a fraction δ of the draws.
    ``delta_alpha``: the bound to test instead (the printed one flips the verdict)."""
    f = config.objective()
    events = per_step_failures_corrected(b=config.b)
    if delta_alpha is None:
        delta_alpha = delta_alpha_1_corrected(
            d=1,
            b=config.b,
            delta=config.delta / events,
            L=f.L,
            gamma=f.gamma,
            tau=f.sigma,
            alpha=config.alpha,
        )
    gaps = config.run()
    printed = config.bounds()["printed"]
    return exceedance_verdict(
        gaps,
        delta_alpha,
        allowed=config.delta,
        what=f"f(μ_k+1) − f* after one step from μ* (SoftCubic1D, s = {config.scale:g}, "
        f"b = {config.b}, α = {config.alpha:g})",
        extra=(
            _number("delta_alpha", delta_alpha),
            _number("printed", printed),
            proportion("above_printed", int(np.sum(gaps > printed)), gaps.size),
        ),
        summary_tail="; Δ_α,1 = {delta_alpha} (printed {printed}, exceeded in {above_printed})",
        data={"gaps": gaps},
    )


# ---------------------------------------------------------------------------------------------
# Lemma 5.2 (PDF Lemma 10): the per-step contraction along the oracle-step runs
# ---------------------------------------------------------------------------------------------


@decides
def check_lemma52_repaired(config: MeanRun = LEMMA52, divisor: float = 32.0) -> Verdict:
    """Lemma 5.2 repaired: f_{k+1} − f* ≤ (1 − ξ_kc₂/(``divisor``·𝓛_kc₁))(f_k − f*) along the
    runs of ``config`` (the oracle step b/(4𝓛_kc₁), a quadratic: Δ_α,2 = 0 and eq:cond is all of
    R^d), with the measured ξ_k, 𝓛_k. Repaired: ``divisor`` = 32 (printed 8). With δ/(b + 2)
    inside c₂ the statement is vacuous at these settings (c₂ ≤ 0): the check uses the run's δ per
    event and allows a fraction δ of the steps above the bound (the union bound would allow
    (b + 2)δ ≥ 1). Looseness: the median measured contraction over the median promised one
    (bootstrap over seeds)."""
    _, frame = config.run()
    c = c_constants(d=config.d, b=config.b, delta=config.delta)
    union = c_constants(
        d=config.d, b=config.b, delta=config.delta / per_step_failures_corrected(b=config.b)
    )
    ratio, mask = per_step_ratios(frame)
    xi = frame.pivot(index="k", columns="seed", values="xi").iloc[:-1].to_numpy()
    curvature = frame.pivot(index="k", columns="seed", values="curvature").iloc[:-1].to_numpy()
    promised = xi * c.c2 / (divisor * curvature * c.c1)
    R, M = ratio.to_numpy(), mask.to_numpy()
    if config.seeds < 2 or not M.any(axis=0).all():
        raise Undecidable(
            "bootstrap intervals over seeds need at least 2 seeds, each with a step "
            "above the rounding floor"
        )
    above = R > 1.0 - promised
    violations = bootstrap(
        lambda s: float(np.mean(above[:, s][M[:, s]])), config.seeds, "violations", percent=True
    )
    loose = bootstrap(
        lambda s: (
            (1.0 - float(np.median(R[:, s][M[:, s]]))) / float(np.median(promised[:, s][M[:, s]]))
        ),
        config.seeds,
        "looseness",
    )
    status = Status.HOLDS if violations.value <= config.delta else Status.FAILS
    return Verdict(
        status,
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds × {config.iterations} steps: steps above the repaired rate "
        "1 − ξ_kc₂/(" + f"{divisor:g}" + "𝓛_kc₁) {violations} (allowed δ = "
        f"{config.delta:g}); measured/promised contraction " + "{looseness}; with δ/(b + 2) "
        "inside the constants c₂ = {c2_union}",
        (violations, loose, _number("c2_union", union.c2)),
        (
            Qualifier(
                "union-bound form vacuous",
                "c₂ ≤ 0 at δ/(b + 2): the repaired lemma with "
                "probability 1 − δ promises no contraction at these settings",
                union.c2 <= 0,
            ),
        ),
        data={"promised": promised, "ratio": R, "mask": M},
    )


@decides
def check_lemma52_nonquadratic_repaired(
    config: NonQuadraticMeanRun = NQ_LEMMA52,
    divisor: float = 32.0,
    delta_alpha: float | None = None,
) -> Verdict:
    """Lemma 5.2 repaired where Δ_α,2 and eq:cond matter: the 2-D logistic runs of
    ``section5.check_lemma52_nonquadratic`` (γ > 0, the practical step, read with the 𝓛_k it
    assumes). At each step that meets the repaired hypotheses (∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹ and the
    repaired eq:cond) and could violate the bound (f_k − f* > Δ_α,2), f_{k+1} − f* must stay
    below (1 − ξ_kc₂/(``divisor``·𝓛_kc₁))(f_k − f*) + Δ_α,2 (repaired:
    ``bounds.delta_alpha_2_corrected``) in all but a fraction δ (bootstrap over seeds).
    Looseness: the median measured contraction over the median promised one."""
    f, out = config.objective(), config.run()
    d, tau, zeta, gap = f.dim, f.sigma / 2, 2 * f.L, out["gap"]
    c = c_constants(d=d, b=config.b, delta=config.delta)
    if delta_alpha is None:
        delta_alpha = delta_alpha_2_corrected(
            d=d,
            b=config.b,
            delta=config.delta,
            sigma=f.sigma,
            gamma=f.gamma,
            tau=tau,
            zeta=zeta,
            alpha=config.alpha,
        )
    assumed = config.b / (4 * c.c1 * out["eta1"])
    region = np.vectorize(
        lambda x, k: local_region_threshold_corrected(
            L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, xi=x, curvature=k
        )
    )(out["xi"], assumed)
    rate = 1 - out["xi"] * c.c2 / (divisor * assumed * c.c1)
    informative = (gap <= region) & (out["curvature"] <= assumed) & (gap > delta_alpha)
    if not informative.any(axis=0).all() or config.seeds < 2:
        raise Undecidable(
            "a seed has no step inside the repaired hypotheses with "
            "f_k − f* > Δ_α,2: bootstrap intervals over seeds need every seed"
        )
    over = out["next"] > rate * gap + delta_alpha
    violations = bootstrap(
        lambda s: float(over[:, s][informative[:, s]].mean()),
        config.seeds,
        "violations",
        percent=True,
    )
    loose = bootstrap(
        lambda s: (
            (1 - float(np.median((out["next"] / gap)[:, s][informative[:, s]])))
            / float(np.median(1 - rate[:, s][informative[:, s]]))
        ),
        config.seeds,
        "looseness",
    )
    share = proportion("informative", int(informative.sum()), informative.size)
    return Verdict(
        Status.HOLDS if violations.value <= config.delta else Status.FAILS,
        f"2-D logistic (γ = {f.gamma:.3g}), practical step, α = {config.alpha:g}, "
        f"b = {config.b}, {config.seeds} seeds × {config.iterations} steps: " + "{informative} "
        "of the steps meet the repaired hypotheses with f_k − f* > Δ_α,2 = {delta_alpha}; of "
        f"these {{violations}} exceed the repaired bound (allowed δ = {config.delta:g}); "
        "measured/promised contraction {looseness}",
        (share, _number("delta_alpha", delta_alpha), violations, loose),
    )


# ---------------------------------------------------------------------------------------------
# Lemma 5.3 (PDF Lemma 11): ‖Σ_k⁻¹ − H*‖² ≤ C/k along the covariance runs
# ---------------------------------------------------------------------------------------------


def lemma53_corrected_for(config: CovarianceRun) -> Lemma53Corrected:
    """The repaired constants of Lemma 5.3 for ``config`` (a quadratic, γ = 0), with δ divided by
    the number of δ-events the proof uses, so that the statement holds with 1 − δ."""
    f, frame = config.run()
    kw = {
        "d": config.d,
        "b": config.b,
        "L": f.L,
        "sigma": f.sigma,
        "gamma": 0.0,
        "tau": f.sigma / 2,
        "zeta": 2 * f.L,
        "alpha": config.alpha,
        "K": config.iterations,
        "f_gap_1": float(frame.f_gap.iloc[0]),
        "initial_error_sq": float(frame.precision_error.iloc[0] ** 2),
    }
    events = lemma53_constants_corrected(delta=config.delta, **kw).failures
    return lemma53_constants_corrected(delta=config.delta / events, **kw)


@decides
def check_lemma53_repaired(config: CovarianceRun = LEMMA53, C: float | None = None) -> Verdict:
    """Lemma 5.3 repaired: k‖Σ_k⁻¹ − H*‖² ≤ C at every recorded k, C of
    ``bounds.lemma53_constants_corrected`` (at δ/N, N the proof's δ-events), in all but a
    fraction δ of the seeds of ``config`` (the run ``section5.check_lemma53`` uses). ``C``: the
    constant to test instead. The projection onto S' caps k‖Σ_k⁻¹ − H*‖² at K·d(ζ − τ)²; where
    that is below C no run could exceed it ("too loose to be tested")."""
    f, frame = config.run()
    errors = squared_errors(frame)
    k = errors.index.to_numpy(dtype=float)
    largest = (errors.to_numpy() * k[:, None]).max(axis=0)
    constants = lemma53_corrected_for(config)
    printed = config.constants().C
    if C is None:
        C = constants.C
    cap = config.iterations * config.d * (2 * f.L - f.sigma / 2) ** 2
    return exceedance_verdict(
        largest,
        C,
        allowed=config.delta,
        units="seeds",
        what=f"max_k k‖Σ_k⁻¹ − H*‖² (d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.iterations} iterations)",
        extra=(
            _number("C", C),
            _number("printed", printed),
            _number("cap", cap),
            _number("events", constants.failures),
        ),
        qualifiers=(
            Qualifier(
                "too loose to be tested",
                "the projection onto S' caps "
                "k‖Σ_k⁻¹ − H*‖² at K·d(ζ − τ)² < C: no run could exceed C",
                cap < C,
            ),
        ),
        summary_tail="; C = {C} (printed {printed}, the cap K·d(ζ − τ)² = {cap}), δ divided by "
        "the {events} δ-events of the proof",
        data={"largest": largest, "constants": constants},
    )


# ---------------------------------------------------------------------------------------------
# Theorem 5.4 (PDF Theorem 12): eq:lxi with the repaired C, and the final rate
# ---------------------------------------------------------------------------------------------


def theorem54_corrected_C(config: MeanRun) -> float:
    """Lemma 5.3's repaired C for the mean run ``config`` (a quadratic, γ = 0, Σ₁⁻¹ = L·I), at δ
    divided by the proof's δ-events."""
    f, frame = config.run()
    first = frame[frame.k == frame.k.min()]
    kw = {
        "d": config.d,
        "b": config.b,
        "L": f.L,
        "sigma": f.sigma,
        "gamma": 0.0,
        "tau": f.sigma / 2,
        "zeta": 2 * f.L,
        "alpha": config.alpha,
        "K": config.iterations,
        "f_gap_1": float(first.f_gap.max()),
        "initial_error_sq": float((first.precision_error**2).max()),
    }
    events = lemma53_constants_corrected(delta=config.delta, **kw).failures
    return lemma53_constants_corrected(delta=config.delta / events, **kw).C


@decides
def check_theorem54_repaired(config: MeanRun = LEMMA52, C: float | None = None) -> Verdict:
    """Theorem 5.4 repaired, on the run ``section5.check_theorem54`` reads eq:lxi on: at every
    step k of every seed, the measured 𝓛_k and ξ_k must lie within eq:lxi's bounds with the
    repaired C (``theorem54_corrected_C``; ``C`` to test another), in all but a fraction δ of the
    seeds; and the final contraction (``section5.final_rates``) must exceed the repaired final
    rate c₂/(32c₁) (printed c₂/(8c₁)): the lower end of its bootstrap interval over seeds.
    Looseness: the measured final contraction over c₂/(32c₁)."""
    f, frame = config.run()
    if C is None:
        C = theorem54_corrected_C(config)
    tau, zeta = f.sigma / 2, 2 * f.L
    kw = {
        "d": config.d,
        "b": config.b,
        "delta": config.delta,
        "L": f.L,
        "sigma": f.sigma,
        "gamma": 0.0,
        "tau": tau,
        "zeta": zeta,
        "C": C,
    }
    ks = np.sort(frame.k.unique())
    ks = ks[ks >= 1]
    limits = {int(k): theorem54_bounds_corrected(k=int(k), f_gap=0.0, **kw) for k in ks}
    rows = frame[frame.k >= 1]
    curvature_bound = rows.k.map(lambda k: limits[int(k)].curvature).to_numpy()
    xi_bound = rows.k.map(lambda k: limits[int(k)].xi).to_numpy()
    outside = (rows.curvature.to_numpy() > curvature_bound) | (rows.xi.to_numpy() < xi_bound)
    per_seed = rows.assign(outside=outside).groupby("seed").outside.any().to_numpy()
    count = int(per_seed.sum())
    at_least("seeds", per_seed.size, 2, "a bootstrap over seeds")
    rates = final_rates(config)
    final = theorem54_bounds_corrected(k=int(ks[-1]), f_gap=0.0, **{**kw, "C": 0.0}).final_rate
    rates = rates[np.isfinite(rates)]
    if rates.size < 2:
        raise Undecidable("fewer than 2 seeds reached the fitting window of the final rate")
    measured = bootstrap(lambda s: float(np.median(rates[s])), rates.size, "final")
    loose = bootstrap(lambda s: float(np.median(rates[s])) / final, rates.size, "looseness")
    trivial = all(limits[int(k)].curvature == f.L / tau for k in ks)
    fails = (
        exceedance_z(count, per_seed.size, config.delta) > K_SE
        if per_seed.size >= trials_needed(config.delta)
        else count > 0
    )
    low = measured.interval[0] if measured.interval is not None else measured.value
    status = Status.FAILS if fails or low <= final else Status.HOLDS
    return Verdict(
        status,
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds: seeds with 𝓛_k or ξ_k outside eq:lxi (repaired C = " + "{C}) at "
        "some k {outside}; final contraction {final} against the repaired c₂/(32c₁) = "
        "{promised} (printed c₂/(8c₁)), measured/promised {looseness}",
        (
            proportion("outside", count, per_seed.size),
            _number("C", C),
            measured,
            _number("promised", final),
            loose,
        ),
        (
            Qualifier(
                "eq:lxi trivial",
                "its bound on 𝓛_k equals L/τ at every recorded k: with the "
                "repaired C, eq:lxi says nothing within the run",
                trivial,
            ),
        ),
        data={"limits": limits, "rates": rates},
    )


# ---------------------------------------------------------------------------------------------
# Appendix D: Lemmas D.2, D.4, D.5 (the ν-terms), D.7 (G̃)
# ---------------------------------------------------------------------------------------------


def _bias_bounds(experiment: BiasExperiment, delta: float) -> dict:
    """The repaired bounds of D.2, D.4, D.5 on ``experiment`` (∇f(0) = 0, 𝓛 = τ = 1), at δ/(b + 1):
    b events ‖u_i‖² ≤ c₃ and one ‖U‖² ≤ c₁."""
    kw = {
        "d": experiment.d,
        "b": experiment.b,
        "delta": delta / (experiment.b + 1),
        "gamma": experiment.gamma,
        "tau": 1.0,
        "alpha": experiment.alpha,
    }
    return {
        "nu": nu_bounds_corrected(**kw),
        "hh": hh_bound_corrected(curvature=1.0, projected_gradient_sq=0.0, **kw),
        "tgm3": tgm3_bound_corrected(projected_gradient_norm=0.0, **kw),
    }


def _bias_what(experiment: BiasExperiment, quantity: str) -> str:
    return (
        f"{quantity} on the cubic of appendix_d.BiasExperiment (d = {experiment.d}, "
        f"b = {experiment.b}, α = {experiment.alpha:g}, ∇f(0) = 0)"
    )


@decides
def check_lemma_d2_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.2 repaired: ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴) (``bounds.nu_bounds_corrected``) on the
    batches of ``appendix_d.check_lemma_d2`` (where the printed one fails: ‖Ũν‖² grows like b²).
    ``bound``: test another."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["nu"].U_nu_sq
    return exceedance_verdict(
        s["U_nu_sq"],
        bound,
        allowed=delta,
        units="batches",
        what=_bias_what(experiment, "‖Ũν‖²"),
        extra=(_number("bound", bound),),
        summary_tail="; bound {bound}",
    )


@decides
def check_lemma_d4_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.4 repaired: ‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²‖w‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³) on the batches of
    ``appendix_d.check_lemma_d4`` (the left side tends to dγ²α⁴/4; the printed right side to
    0, the repaired one to a positive constant since c₁ ~ b)."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["hh"]
    return exceedance_verdict(
        s["g_sq"],
        bound,
        allowed=delta,
        units="batches",
        what=_bias_what(experiment, "‖g̃‖²_H"),
        extra=(_number("bound", bound),),
        summary_tail="; bound {bound}",
    )


@decides
def check_lemma_d5_repaired(
    experiment: BiasExperiment = BIAS, delta: float = 0.1, bound: float | None = None
) -> Verdict:
    """Lemma D.5 repaired: ‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√bτ²) + √c₁/(bτ^{1/2})‖w‖ on the batches of
    ``appendix_d.check_lemma_d5``."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["tgm3"]
    return exceedance_verdict(
        np.sqrt(s["g_sq"]),
        bound,
        allowed=delta,
        units="batches",
        what=_bias_what(experiment, "‖g̃‖"),
        extra=(_number("bound", bound),),
        summary_tail="; bound {bound}",
    )


@decides
def check_lemma_d7_repaired(experiment: HalfSquareG = D7, bound: float | None = None) -> Verdict:
    """Lemma D.7, the strongest true statement of its form: ‖G̃‖² ≤ (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)²
    (``bounds.G_norm_1_bound_corrected``, at δ/b), on the batches of
    ``appendix_d.check_lemma_d7`` (f = x²/2, Σ⁻¹ = ζ = 0.5, b = 10⁵), where ‖G̃‖² → 0.25 and the
    printed O(1/b) bound fails."""
    G = experiment.run()
    if bound is None:
        bound = G_norm_1_bound_corrected(
            d=1, b=experiment.b, delta=experiment.delta / experiment.b, L=1.0, tau=0.25, zeta=0.5
        )
    return exceedance_verdict(
        G**2,
        bound,
        allowed=experiment.delta,
        units="batches",
        what=f"‖G̃‖² (f = x²/2, Σ⁻¹ = 0.5, b = {experiment.b})",
        extra=(_number("bound", bound), _number("printed", experiment.bound)),
        summary_tail="; bound {bound} (printed {printed})",
    )


# ---------------------------------------------------------------------------------------------
# Lemma E.8 (PDF Lemma 38): the χ² radius A_t, exactly (scipy's χ² tail)
# ---------------------------------------------------------------------------------------------

#: (d, b, δ, t) at which the radius is checked: the runs' settings and large d (Laurent–Massart).
E8_GRID = tuple(
    (d, b, delta, t)
    for d in (1, 2, 5, 10, 50, 300)
    for b in (1, 10, 20, 200)
    for delta in (0.01, 0.05, 0.1)
    for t in (1, 10, 2000)
)


@decides
def check_lemma_e8_repaired(grid=E8_GRID, threshold: Callable | None = None) -> Verdict:
    """Lemma E.8's radius: P(χ²_d ≥ A_t) ≤ δ/(b(t + 1)²) (eq:chi_1), exactly (scipy), at every
    point of ``grid``, for ``bounds.chi_threshold_corrected`` (``threshold`` to test another:
    the printed ``chi_threshold`` fails). Looseness: the smallest allowed/tail ratio."""
    threshold = threshold or chi_threshold_corrected

    def allowed_over_tail(d, b, delta, t):
        tail = float(scipy.stats.chi2.sf(threshold(d=d, b=b, delta=delta, t=t), d))
        return delta / (b * (t + 1) ** 2) / tail if tail > 0 else math.inf

    ratios = np.array([allowed_over_tail(*point) for point in grid])
    worst = float(ratios.min())
    failing = int(np.sum(ratios < 1.0))
    return Verdict(
        Status.HOLDS if failing == 0 else Status.FAILS,
        f"{len(grid)} points (d ≤ {max(g[0] for g in grid)}, b ≤ "
        f"{max(g[1] for g in grid)}, t ≤ {max(g[3] for g in grid)}): the exact χ² tail "
        "exceeds δ/(b(t + 1)²) at {failing}; smallest allowed/tail {worst}",
        (Measurement("failing", failing, kind=Kind.COUNT), _number("worst", worst)),
        data={"ratios": ratios},
    )

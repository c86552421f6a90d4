"""The corrigendum: what the paper proves once repaired, result by result, as data with checks.

Each ``Repair`` names a numbered result (our name, the PDF's number, the .tex label), its
statement as printed and as repaired (MyST math), whether it survives (``SURVIVAL``), the errata
it repairs (labels of ``errata.ERRATA``), the ``bounds.*_corrected`` functions that hold its
constants, the ``derivations`` function that derives them, and a check. The check evaluates the
repaired bound on the same runs the printed one is checked on (the ``section5`` and
``appendix_d`` configurations, cached per process) and returns a ``Verdict`` whose looseness
(bound/measured, with a bootstrap interval) says whether the repaired theorem says anything
at those settings.

Probabilities. The repaired statements hold with 1 − Nδ for the N events of probability δ
their proofs use, or with 1 − δ once δ/N replaces δ inside the constants. The checks use the
second form (the first is vacuous whenever Nδ ≥ 1, as at every setting below): constants at
δ/N, exceedances allowed in a fraction δ of the independent units, with ``K_SE`` one-sided
binomial standard errors (``stats.exceedance_z``).

Every check can fail: each takes the bound (or the constant) as an argument, and
``tests/test_corrigendum.py`` feeds the printed constant, or a run or constant under the
alternative, and sees it flip. Notebook ``08-errata`` renders this module.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable

import numpy as np
import scipy.stats

from .. import bounds
from .paper import with_number
from .appendix_d import BIAS, D7, BiasExperiment, HalfSquareG
from .section5 import (LEMMA52, LEMMA53, NQ_LEMMA52, ONE_STEP, CovarianceRun, MeanRun,
                       NonQuadraticMeanRun, OneStepAtOptimum, final_rates, per_step_ratios,
                       squared_errors)
from .stats import K_SE, at_least, bootstrap, exceedance_z, proportion, trials_needed
from .verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides

__all__ = ["SURVIVAL", "Repair", "REPAIRS", "repair", "repairs_by_survival", "exceedance_verdict",
           "check_lemma51_repaired", "check_lemma52_repaired",
           "check_lemma52_nonquadratic_repaired", "check_lemma53_repaired",
           "check_theorem54_repaired", "check_lemma_d2_repaired", "check_lemma_d4_repaired",
           "check_lemma_d5_repaired", "check_lemma_d7_repaired", "check_lemma_e8_repaired",
           "lemma53_corrected_for", "theorem54_corrected_C", "looseness_table", "readable",
           "errata_outside_repairs", "repair_markdown", "derivation_markdown",
           "errata_markdown"]

#: Whether a result survives, in the order the corrigendum groups them.
SURVIVAL = ("false as printed", "constant changes", "true as printed, proof repaired",
            "cannot be repaired in its approach")


# ---------------------------------------------------------------------------------------------
# One test for every repaired bound: exceedances against an allowed fraction, and looseness
# ---------------------------------------------------------------------------------------------

@decides
def exceedance_verdict(values, bound, *, allowed: float, what: str, units: str = "draws",
                       extra: tuple[Measurement, ...] = (),
                       qualifiers: tuple[Qualifier, ...] = (), summary_tail: str = "",
                       data=None) -> Verdict:
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
        raise Undecidable("{what}: the values are 0 in more than a fraction δ of the units; "
                          "bound/measured is infinite")
    z = exceedance_z(count, n, allowed)
    status = Status.HOLDS if z <= K_SE else Status.FAILS
    summary = (f"{what}: {n} {units}, above the repaired bound in " + "{exceeding} (allowed "
               f"{allowed:g}, {K_SE:g} SE one-sided); bound/measured at the {allowed:g}-quantile "
               "{looseness}" + summary_tail)
    return Verdict(status, summary, (proportion("exceeding", count, n), loose, *extra),
                   qualifiers, data=data)


def _number(name: str, value: float, **kw) -> Measurement:
    return Measurement(name, value, 1e-9 * abs(value), **kw)


# ---------------------------------------------------------------------------------------------
# Lemma 5.1 (PDF Lemma 9): one step from μ*, where eq:dec_0 reduces to Δ_α,1
# ---------------------------------------------------------------------------------------------

@decides
def check_lemma51_repaired(config: OneStepAtOptimum = ONE_STEP,
                           delta_alpha: float | None = None) -> Verdict:
    """Lemma 5.1 repaired: one step from μ* on ``section5.OneStepAtOptimum`` (the run on which
    the printed Δ_α,1 is exceeded) must stay below the repaired Δ_α,1
    (``bounds.delta_alpha_1_corrected``) at δ/(b + 2) in all but a fraction δ of the draws.
    ``delta_alpha``: the bound to test instead (the printed one flips the verdict)."""
    f = config.objective()
    events = bounds.per_step_failures_corrected(b=config.b)
    if delta_alpha is None:
        delta_alpha = bounds.delta_alpha_1_corrected(d=1, b=config.b, delta=config.delta / events,
                                                     L=f.L, gamma=f.gamma, tau=f.sigma,
                                                     alpha=config.alpha)
    gaps = config.run()
    printed = config.bounds()["printed"]
    return exceedance_verdict(
        gaps, delta_alpha, allowed=config.delta,
        what=f"f(μ_k+1) − f* after one step from μ* (SoftCubic1D, s = {config.scale:g}, "
             f"b = {config.b}, α = {config.alpha:g})",
        extra=(_number("delta_alpha", delta_alpha), _number("printed", printed),
               proportion("above_printed", int(np.sum(gaps > printed)), gaps.size)),
        summary_tail="; Δ_α,1 = {delta_alpha} (printed {printed}, exceeded in {above_printed})",
        data={"gaps": gaps})


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
    c = bounds.c_constants(d=config.d, b=config.b, delta=config.delta)
    union = bounds.c_constants(d=config.d, b=config.b,
                               delta=config.delta / bounds.per_step_failures_corrected(b=config.b))
    ratio, mask = per_step_ratios(frame)
    xi = frame.pivot(index="k", columns="seed", values="xi").iloc[:-1].to_numpy()
    curvature = frame.pivot(index="k", columns="seed", values="curvature").iloc[:-1].to_numpy()
    promised = xi * c.c2 / (divisor * curvature * c.c1)
    R, M = ratio.to_numpy(), mask.to_numpy()
    if config.seeds < 2 or not M.any(axis=0).all():
        raise Undecidable("bootstrap intervals over seeds need at least 2 seeds, each with a step "
                          "above the rounding floor")
    above = R > 1.0 - promised
    violations = bootstrap(lambda s: float(np.mean(above[:, s][M[:, s]])), config.seeds,
                           "violations", percent=True)
    loose = bootstrap(lambda s: (1.0 - float(np.median(R[:, s][M[:, s]])))
                      / float(np.median(promised[:, s][M[:, s]])), config.seeds, "looseness")
    status = Status.HOLDS if violations.value <= config.delta else Status.FAILS
    return Verdict(
        status,
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds × {config.iterations} steps: steps above the repaired rate "
        "1 − ξ_kc₂/(" + f"{divisor:g}" + "𝓛_kc₁) {violations} (allowed δ = "
        f"{config.delta:g}); measured/promised contraction " + "{looseness}; with δ/(b + 2) "
        "inside the constants c₂ = {c2_union}",
        (violations, loose, _number("c2_union", union.c2)),
        (Qualifier("union-bound form vacuous", "c₂ ≤ 0 at δ/(b + 2): the repaired lemma with "
                   "probability 1 − δ promises no contraction at these settings",
                   union.c2 <= 0),),
        data={"promised": promised, "ratio": R, "mask": M})


@decides
def check_lemma52_nonquadratic_repaired(config: NonQuadraticMeanRun = NQ_LEMMA52,
                                        divisor: float = 32.0,
                                        delta_alpha: float | None = None) -> Verdict:
    """Lemma 5.2 repaired where Δ_α,2 and eq:cond matter: the 2-D logistic runs of
    ``section5.check_lemma52_nonquadratic`` (γ > 0, the practical step, read with the 𝓛_k it
    assumes). At each step that meets the repaired hypotheses (∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹ and the
    repaired eq:cond) and could violate the bound (f_k − f* > Δ_α,2), f_{k+1} − f* must stay
    below (1 − ξ_kc₂/(``divisor``·𝓛_kc₁))(f_k − f*) + Δ_α,2 (repaired:
    ``bounds.delta_alpha_2_corrected``) in all but a fraction δ (bootstrap over seeds).
    Looseness: the median measured contraction over the median promised one."""
    f, out = config.objective(), config.run()
    d, tau, zeta, gap = f.dim, f.sigma / 2, 2 * f.L, out["gap"]
    c = bounds.c_constants(d=d, b=config.b, delta=config.delta)
    if delta_alpha is None:
        delta_alpha = bounds.delta_alpha_2_corrected(d=d, b=config.b, delta=config.delta,
                                                     sigma=f.sigma, gamma=f.gamma, tau=tau,
                                                     zeta=zeta, alpha=config.alpha)
    assumed = config.b / (4 * c.c1 * out["eta1"])
    region = np.vectorize(lambda x, k: bounds.local_region_threshold_corrected(
        L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, xi=x, curvature=k))(out["xi"], assumed)
    rate = 1 - out["xi"] * c.c2 / (divisor * assumed * c.c1)
    informative = (gap <= region) & (out["curvature"] <= assumed) & (gap > delta_alpha)
    if not informative.any(axis=0).all() or config.seeds < 2:
        raise Undecidable("a seed has no step inside the repaired hypotheses with "
                          "f_k − f* > Δ_α,2: bootstrap intervals over seeds need every seed")
    over = out["next"] > rate * gap + delta_alpha
    violations = bootstrap(lambda s: float(over[:, s][informative[:, s]].mean()), config.seeds,
                           "violations", percent=True)
    loose = bootstrap(lambda s: (1 - float(np.median((out["next"] / gap)[:, s][informative[:, s]])))
                      / float(np.median(1 - rate[:, s][informative[:, s]])), config.seeds,
                      "looseness")
    share = proportion("informative", int(informative.sum()), informative.size)
    return Verdict(
        Status.HOLDS if violations.value <= config.delta else Status.FAILS,
        f"2-D logistic (γ = {f.gamma:.3g}), practical step, α = {config.alpha:g}, "
        f"b = {config.b}, {config.seeds} seeds × {config.iterations} steps: " + "{informative} "
        "of the steps meet the repaired hypotheses with f_k − f* > Δ_α,2 = {delta_alpha}; of "
        f"these {{violations}} exceed the repaired bound (allowed δ = {config.delta:g}); "
        "measured/promised contraction {looseness}",
        (share, _number("delta_alpha", delta_alpha), violations, loose))


# ---------------------------------------------------------------------------------------------
# Lemma 5.3 (PDF Lemma 11): ‖Σ_k⁻¹ − H*‖² ≤ C/k along the covariance runs
# ---------------------------------------------------------------------------------------------

def lemma53_corrected_for(config: CovarianceRun) -> bounds.Lemma53Corrected:
    """The repaired constants of Lemma 5.3 for ``config`` (a quadratic, γ = 0), with δ divided by
    the number of δ-events the proof uses, so that the statement holds with 1 − δ."""
    f, frame = config.run()
    kw = {"d": config.d, "b": config.b, "L": f.L, "sigma": f.sigma, "gamma": 0.0,
          "tau": f.sigma / 2, "zeta": 2 * f.L, "alpha": config.alpha, "K": config.iterations,
          "f_gap_1": float(frame.f_gap.iloc[0]),
          "initial_error_sq": float(frame.precision_error.iloc[0] ** 2)}
    events = bounds.lemma53_constants_corrected(delta=config.delta, **kw).failures
    return bounds.lemma53_constants_corrected(delta=config.delta / events, **kw)


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
        largest, C, allowed=config.delta, units="seeds",
        what=f"max_k k‖Σ_k⁻¹ − H*‖² (d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
             f"{config.iterations} iterations)",
        extra=(_number("C", C), _number("printed", printed), _number("cap", cap),
               _number("events", constants.failures)),
        qualifiers=(Qualifier("too loose to be tested", "the projection onto S' caps "
                              "k‖Σ_k⁻¹ − H*‖² at K·d(ζ − τ)² < C: no run could exceed C",
                              cap < C),),
        summary_tail="; C = {C} (printed {printed}, the cap K·d(ζ − τ)² = {cap}), δ divided by "
                     "the {events} δ-events of the proof",
        data={"largest": largest, "constants": constants})


# ---------------------------------------------------------------------------------------------
# Theorem 5.4 (PDF Theorem 12): eq:lxi with the repaired C, and the final rate
# ---------------------------------------------------------------------------------------------

def theorem54_corrected_C(config: MeanRun) -> float:
    """Lemma 5.3's repaired C for the mean run ``config`` (a quadratic, γ = 0, Σ₁⁻¹ = L·I), at δ
    divided by the proof's δ-events."""
    f, frame = config.run()
    first = frame[frame.k == frame.k.min()]
    kw = {"d": config.d, "b": config.b, "L": f.L, "sigma": f.sigma, "gamma": 0.0,
          "tau": f.sigma / 2, "zeta": 2 * f.L, "alpha": config.alpha, "K": config.iterations,
          "f_gap_1": float(first.f_gap.max()),
          "initial_error_sq": float((first.precision_error ** 2).max())}
    events = bounds.lemma53_constants_corrected(delta=config.delta, **kw).failures
    return bounds.lemma53_constants_corrected(delta=config.delta / events, **kw).C


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
    kw = {"d": config.d, "b": config.b, "delta": config.delta, "L": f.L, "sigma": f.sigma,
          "gamma": 0.0, "tau": tau, "zeta": zeta, "C": C}
    ks = np.sort(frame.k.unique())
    ks = ks[ks >= 1]
    limits = {int(k): bounds.theorem54_bounds_corrected(k=int(k), f_gap=0.0, **kw) for k in ks}
    rows = frame[frame.k >= 1]
    curvature_bound = rows.k.map(lambda k: limits[int(k)].curvature).to_numpy()
    xi_bound = rows.k.map(lambda k: limits[int(k)].xi).to_numpy()
    outside = (rows.curvature.to_numpy() > curvature_bound) | (rows.xi.to_numpy() < xi_bound)
    per_seed = rows.assign(outside=outside).groupby("seed").outside.any().to_numpy()
    count = int(per_seed.sum())
    at_least("seeds", per_seed.size, 2, "a bootstrap over seeds")
    rates = final_rates(config)
    final = bounds.theorem54_bounds_corrected(k=int(ks[-1]), f_gap=0.0,
                                              **{**kw, "C": 0.0}).final_rate
    rates = rates[np.isfinite(rates)]
    if rates.size < 2:
        raise Undecidable("fewer than 2 seeds reached the fitting window of the final rate")
    measured = bootstrap(lambda s: float(np.median(rates[s])), rates.size, "final")
    loose = bootstrap(lambda s: float(np.median(rates[s])) / final, rates.size, "looseness")
    trivial = all(limits[int(k)].curvature == f.L / tau for k in ks)
    fails = exceedance_z(count, per_seed.size, config.delta) > K_SE if per_seed.size >= \
        trials_needed(config.delta) else count > 0
    status = Status.FAILS if fails or measured.interval[0] <= final else Status.HOLDS
    return Verdict(
        status,
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds: seeds with 𝓛_k or ξ_k outside eq:lxi (repaired C = " + "{C}) at "
        "some k {outside}; final contraction {final} against the repaired c₂/(32c₁) = "
        "{promised} (printed c₂/(8c₁)), measured/promised {looseness}",
        (proportion("outside", count, per_seed.size), _number("C", C), measured,
         _number("promised", final), loose),
        (Qualifier("eq:lxi trivial", "its bound on 𝓛_k equals L/τ at every recorded k: with the "
                   "repaired C, eq:lxi says nothing within the run", trivial),),
        data={"limits": limits, "rates": rates})


# ---------------------------------------------------------------------------------------------
# Appendix D: Lemmas D.2, D.4, D.5 (the ν-terms), D.7 (G̃)
# ---------------------------------------------------------------------------------------------

def _bias_bounds(experiment: BiasExperiment, delta: float) -> dict:
    """The repaired bounds of D.2, D.4, D.5 on ``experiment`` (∇f(0) = 0, 𝓛 = τ = 1), at δ/(b + 1):
    b events ‖u_i‖² ≤ c₃ and one ‖U‖² ≤ c₁."""
    kw = {"d": experiment.d, "b": experiment.b, "delta": delta / (experiment.b + 1),
          "gamma": experiment.gamma, "tau": 1.0, "alpha": experiment.alpha}
    return {"nu": bounds.nu_bounds_corrected(**kw),
            "hh": bounds.hh_bound_corrected(curvature=1.0, projected_gradient_sq=0.0, **kw),
            "tgm3": bounds.tgm3_bound_corrected(projected_gradient_norm=0.0, **kw)}


def _bias_what(experiment: BiasExperiment, quantity: str) -> str:
    return (f"{quantity} on the cubic of appendix_d.BiasExperiment (d = {experiment.d}, "
            f"b = {experiment.b}, α = {experiment.alpha:g}, ∇f(0) = 0)")


@decides
def check_lemma_d2_repaired(experiment: BiasExperiment = BIAS, delta: float = 0.1,
                            bound: float | None = None) -> Verdict:
    """Lemma D.2 repaired: ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴) (``bounds.nu_bounds_corrected``) on the
    batches of ``appendix_d.check_lemma_d2`` (where the printed one fails: ‖Ũν‖² grows like b²).
    ``bound``: test another."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["nu"].U_nu_sq
    return exceedance_verdict(s["U_nu_sq"], bound, allowed=delta, units="batches",
                              what=_bias_what(experiment, "‖Ũν‖²"),
                              extra=(_number("bound", bound),),
                              summary_tail="; bound {bound}")


@decides
def check_lemma_d4_repaired(experiment: BiasExperiment = BIAS, delta: float = 0.1,
                            bound: float | None = None) -> Verdict:
    """Lemma D.4 repaired: ‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²‖w‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³) on the batches of
    ``appendix_d.check_lemma_d4`` (the left side tends to dγ²α⁴/4; the printed right side to
    0, the repaired one to a positive constant since c₁ ~ b)."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["hh"]
    return exceedance_verdict(s["g_sq"], bound, allowed=delta, units="batches",
                              what=_bias_what(experiment, "‖g̃‖²_H"),
                              extra=(_number("bound", bound),), summary_tail="; bound {bound}")


@decides
def check_lemma_d5_repaired(experiment: BiasExperiment = BIAS, delta: float = 0.1,
                            bound: float | None = None) -> Verdict:
    """Lemma D.5 repaired: ‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√bτ²) + √c₁/(bτ^{1/2})‖w‖ on the batches of
    ``appendix_d.check_lemma_d5``."""
    s = experiment.run()
    if bound is None:
        bound = _bias_bounds(experiment, delta)["tgm3"]
    return exceedance_verdict(np.sqrt(s["g_sq"]), bound, allowed=delta, units="batches",
                              what=_bias_what(experiment, "‖g̃‖"),
                              extra=(_number("bound", bound),), summary_tail="; bound {bound}")


@decides
def check_lemma_d7_repaired(experiment: HalfSquareG = D7, bound: float | None = None) -> Verdict:
    """Lemma D.7, the strongest true statement of its form: ‖G̃‖² ≤ (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)²
    (``bounds.G_norm_1_bound_corrected``, at δ/b), on the batches of
    ``appendix_d.check_lemma_d7`` (f = x²/2, Σ⁻¹ = ζ = 0.5, b = 10⁵), where ‖G̃‖² → 0.25 and the
    printed O(1/b) bound fails."""
    G = experiment.run()
    if bound is None:
        bound = bounds.G_norm_1_bound_corrected(d=1, b=experiment.b,
                                                delta=experiment.delta / experiment.b, L=1.0,
                                                tau=0.25, zeta=0.5)
    return exceedance_verdict(G**2, bound, allowed=experiment.delta, units="batches",
                              what=f"‖G̃‖² (f = x²/2, Σ⁻¹ = 0.5, b = {experiment.b})",
                              extra=(_number("bound", bound), _number("printed", experiment.bound)),
                              summary_tail="; bound {bound} (printed {printed})")


# ---------------------------------------------------------------------------------------------
# Lemma E.8 (PDF Lemma 38): the χ² radius A_t, exactly (scipy's χ² tail)
# ---------------------------------------------------------------------------------------------

#: (d, b, δ, t) at which the radius is checked: the runs' settings and large d (Laurent–Massart).
E8_GRID = tuple((d, b, delta, t) for d in (1, 2, 5, 10, 50, 300) for b in (1, 10, 20, 200)
                for delta in (0.01, 0.05, 0.1) for t in (1, 10, 2000))


@decides
def check_lemma_e8_repaired(grid=E8_GRID, threshold: Callable | None = None) -> Verdict:
    """Lemma E.8's radius: P(χ²_d ≥ A_t) ≤ δ/(b(t + 1)²) (eq:chi_1), exactly (scipy), at every
    point of ``grid``, for ``bounds.chi_threshold_corrected`` (``threshold`` to test another:
    the printed ``chi_threshold`` fails). Looseness: the smallest allowed/tail ratio."""
    threshold = threshold or bounds.chi_threshold_corrected
    ratios = []
    for d, b, delta, t in grid:
        tail = float(scipy.stats.chi2.sf(threshold(d=d, b=b, delta=delta, t=t), d))
        ratios.append(delta / (b * (t + 1) ** 2) / tail if tail > 0 else math.inf)
    ratios = np.array(ratios)
    worst = float(ratios.min())
    failing = int(np.sum(ratios < 1.0))
    return Verdict(Status.HOLDS if failing == 0 else Status.FAILS,
                   f"{len(grid)} points (d ≤ {max(g[0] for g in grid)}, b ≤ "
                   f"{max(g[1] for g in grid)}, t ≤ {max(g[3] for g in grid)}): the exact χ² tail "
                   "exceeds δ/(b(t + 1)²) at {failing}; smallest allowed/tail {worst}",
                   (Measurement("failing", failing, kind=Kind.COUNT), _number("worst", worst)),
                   data={"ratios": ratios})


# ---------------------------------------------------------------------------------------------
# The repaired results, as data
# ---------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Repair:
    """One repaired result. ``printed`` and ``repaired`` are MyST Markdown with $…$ math;
    ``hypotheses`` what the repaired statement adds; ``survives`` one of ``SURVIVAL``;
    ``errata`` labels of ``errata.ERRATA``; ``corrected`` names in ``bounds``; ``derivation``
    a function of ``derivations`` (or None); ``check`` returns a ``Verdict`` (or None: the
    repair is argued by its errata's checks)."""

    ours: str
    pdf: str
    label: str
    printed: str
    repaired: str
    hypotheses: str
    survives: str
    errata: tuple[str, ...]
    corrected: tuple[str, ...] = ()
    derivation: str | None = None
    check: Callable[[], Verdict] | None = None
    more: tuple[Callable[[], Verdict], ...] = ()      # further checks, on other runs

    def __post_init__(self):
        if self.survives not in SURVIVAL:
            raise ValueError(f"survives must be one of {SURVIVAL}, got {self.survives!r}")

    @property
    def title(self) -> str:
        """Both numbers: "Lemma 5.3 · PDF Lemma 11"."""
        return f"{self.ours} · PDF {self.pdf}"


_UNION = ("Lemmas 5.1, 5.2, D.2, D.4, D.5: \"with probability ≥ 1 − δ\"",)

REPAIRS: tuple[Repair, ...] = (
    Repair(
        "Lemma 5.1", "Lemma 9", "lem:gd_dec_1",
        r"For $f$ $L$-smooth and $\sigma$-strongly convex, with $\eta_{1,k} = b\tau/(4Lc_1)$, "
        r"with probability $\ge 1-\delta$: $f(\mu_{k+1}) - f^* \le \left(1 - \frac{c_2\tau\sigma}"
        r"{16c_1L\zeta}\right)(f(\mu_k) - f^*) + \Delta_{\alpha,1}$, $\Delta_{\alpha,1} = "
        r"\frac{c_3^3\gamma b\alpha^4}{2^5\cdot 3^2\, c_1L\zeta\tau^3}\left(1 + "
        r"\frac{c_1c_3}{2\tau\zeta}\right)$.",
        r"The same rate, with $\Delta_{\alpha,1} = \frac{c_3^3\gamma^2 b\alpha^4}{2^6\cdot 3\, "
        r"c_1L\tau^2}$, with probability $\ge 1-(b+2)\delta$ (or $1-\delta$ with $\delta/(b+2)$ "
        r"in $c_1, c_2, c_3$).",
        r"$f$ also has a $\gamma$-Lipschitz Hessian; $\Sigma_k^{-1} \in \mathcal{S}'$.",
        "false as printed",
        ("proof of Lemma 5.1, substituting η₁,k; Δ_α,1", "Lemma 5.1, hypotheses",
         "eq:nu (Lemma D.2)", *_UNION),
        ("delta_alpha_1_corrected", "per_step_failures_corrected"), "lemma51_repair",
        check_lemma51_repaired),
    Repair(
        "Lemma 5.2", "Lemma 10", "lem:dec_local",
        r"If $\xi_k\Sigma_k^{-1} \preceq \nabla^2 f(\mu_k) \preceq \mathscr{L}_k\Sigma_k^{-1}$ "
        r"and $f(\mu_k) - f^* \le \min\left\{\frac{2^3\cdot 3^2\,\mathscr{L}_k^4\tau^4}"
        r"{L\gamma^2}, "
        r"\frac{\xi_k^2\sigma^3}{8\gamma^2(L\tau^{-1}+2\xi_k)^2}\right\}$, then with "
        r"$\eta_{1,k} = b/(4\mathscr{L}_kc_1)$, w.p. $\ge 1-\delta$: $f(\mu_{k+1}) - f^* \le "
        r"\left(1 - \frac{\xi_kc_2}{8\mathscr{L}_kc_1}\right)(f(\mu_k)-f^*) + \Delta_{\alpha,2}$.",
        r"Under $f(\mu_k) - f^* \le \min\left\{\frac{9\,\mathscr{L}_k^4\tau^4}{2L\gamma^2}, "
        r"\frac{\xi_k^2\sigma^3}{8\gamma^2(L\tau^{-1}+2\xi_k)^2}\right\}$: $f(\mu_{k+1}) - f^* "
        r"\le \left(1 - \frac{\xi_kc_2}{32\mathscr{L}_kc_1}\right)(f(\mu_k)-f^*) + "
        r"\Delta_{\alpha,2}$, $\Delta_{\alpha,2} = \frac{b^{3/2}\zeta^3\gamma^4c_3^{9/2}"
        r"\alpha^6}{2^8\cdot 3^4\,\sigma^3c_1^{3/2}\tau^6} + \frac{b\zeta\gamma^2c_3^3\alpha^4}"
        r"{2^6\cdot 3\,\sigma\tau^3c_1}$, w.p. $\ge 1-(b+2)\delta$.",
        r"$\Sigma_k^{-1} \in \mathcal{S}'$ (Lemmas D.1, D.4, D.5 use $\|\Sigma_k\| \le 1/\tau$).",
        "constant changes",
        ("proof of Lemma 5.2, the step after eq:tgm_3", "proof of Lemma 5.2, fourth line of the "
         "chain", "Δ_α,2 of Lemma 5.2, third term", "eq:nu (Lemma D.2)",
         "proofs of eq:nu, eq:hh, eq:tgm_3", *_UNION),
        ("lemma52_rate_corrected", "local_region_threshold_corrected", "delta_alpha_2_corrected"),
        "lemma52_repair", check_lemma52_repaired, (check_lemma52_nonquadratic_repaired,)),
    Repair(
        "Lemma 5.3", "Lemma 11", "lem:Sig_dec",
        r"With $\eta_{2,k} = 1/k$, w.p. $\ge 1-\delta$: $\|\Sigma_k^{-1} - \Pi_{\mathcal{S}'}"
        r"(\nabla^2 f(\mu^*))\|^2 \le C/k$, $C = \max\left\{\frac{9(C_1+C_2+C_3)^2}{4} + 3C_4,\ "
        r"2C_4 + \frac{L^2}{b},\ \|\Sigma_1^{-1} - H^*\|^2\right\}$ (eq:C).",
        r"The same with $C = \max\left\{9(C_1+C_2+C_3+C_5)^2 + 3C_4,\ 2\min\{d(\zeta-\tau)^2, "
        r"C_4\},\ \|\Sigma_1^{-1} - H^*\|^2\right\}$: $A_K$ with $\log(b/\delta)$; $L \to "
        r"\max(L,\tau)$ in $C_1$; $C_2$ with the repaired $\Delta_{\alpha,1}, \Delta_{\alpha,2}$ "
        r"and $64$ for $32$; $C_3 = \frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{(K-1)d}}{4\tau^{3/2}}"
        r"\alpha$; $C_4 = \left(\frac{Lc_3\zeta(c_3+\sqrt d)}{2\tau} + \sqrt d\zeta\right)^2$ "
        r"(free of $b$); $C_5$ Lemma E.8's term; w.p. $\ge 1 - [(K-1)(b+3) + 2(\pi^2/6-1)]"
        r"\delta$. Not repaired here: $C_1$'s step applies Azuma–Hoeffding to a martingale "
        r"whose ranges depend on the random $\|\Sigma_t^{-1} - H^*\|$; a rigorous version "
        r"needs Freedman's inequality with peeling, or deterministic ranges from the induction "
        r"hypothesis, and would likely add logarithmic factors to $C_1$. An independent "
        r"re-derivation also finds $C_3$ about 5 times smaller (Taylor weight $1/6$, Frobenius "
        r"factor $\sqrt{c_3^2+d}$) and $C_5$ smaller by $2\sqrt d$: this $C$ is valid, not "
        r"the tightest.",
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$ for every $t$ (e.g. $\tau \le \sigma$, "
        r"$L \le \zeta$), and $c_2 > 0$ where $\gamma > 0$.",
        "constant changes",
        ("eq:Sig_dec (Lemma E.2)", "proof of Lemma 5.3, base case k = 2; eq:C", "eq:C, C₃",
         "eq:alpha_err (Lemma E.4)", "eq:alpha_err (Lemma E.4), the step citing eq:GG",
         "eq:sto_err (Lemma E.9), proof", "eq:chi_1 (Lemma E.8); A_K of Lemma 5.3",
         "eq:G_norm_1, eq:G_norm_2 (Lemma D.7)", "eq:Sig_2_bnd (Lemma E.2)",
         "proof of eq:sto_err (Lemma E.9)",
         "Lemma 5.3 (statement and proof); Thm 5.4, item 2"),
        ("lemma53_constants_corrected", "G_norm_1_bound_corrected", "chi_threshold_corrected"),
        "lemma53_repair", check_lemma53_repaired),
    Repair(
        "Theorem 5.4", "Theorem 12", "thm:main_cvg",
        r"Outside eq:cond, eq:dec_0 holds; inside, eq:dec holds with $\mathscr{L}_k \le \min\{L/"
        r"\tau, 1 + \tau^{-1}e_k\}$, $\xi_k \ge \max\{\sigma/\zeta, 1 - \tau^{-1}e_k\}$, $e_k = "
        r"\sqrt{C/k} + \gamma\sqrt{2(f(\mu_k)-f^*)/\sigma} + \|\nabla^2 f(\mu_k) - "
        r"\Pi_{\mathcal{S}'}(\nabla^2 f(\mu_k))\|$ (eq:lxi), each w.p. $\ge 1-\delta$; final "
        r"rate $1 - c_2/(8c_1)$.",
        r"eq:lxi with the repaired $C$; inside the repaired eq:cond the rate is $1 - "
        r"\frac{\xi_kc_2}{32\mathscr{L}_kc_1}$, the final rate $1 - c_2/(32c_1)$, the "
        r"probability Lemma 5.3's. Remark 13's “the convergence rate in the local region is "
        r"no slower than the one before entering” no longer follows: at the worst "
        r"$\mathscr{L}_k = L/\tau$, $\xi_k = \sigma/\zeta$ the repaired local contraction "
        r"$c_2\tau\sigma/(32c_1L\zeta)$ is half Lemma 5.1's $c_2\tau\sigma/(16c_1L\zeta)$.",
        r"Those of the repaired Lemmas 5.1–5.3.",
        "constant changes",
        ("proof of Lemma 5.2, the step after eq:tgm_3",
         "Lemma 5.3 (statement and proof); Thm 5.4, item 2"),
        ("theorem54_bounds_corrected",), None, check_theorem54_repaired),
    Repair(
        "Lemma D.2", "Lemma 25", "eq:nu",
        r"W.p. $\ge 1-\delta$: $\|\nu\|^2 \le \frac{\gamma b\alpha^4c_3^3}{36\tau^3}$ and "
        r"$\|\tilde U\nu\|^2 \le \frac{\gamma b\alpha^4c_3^4}{36\tau^4}$.",
        r"$\|\nu\|^2 \le \frac{\gamma^2 b\alpha^4c_3^3}{36\tau^3}$ and $\|\tilde U\nu\|^2 \le "
        r"\frac{c_1\gamma^2b\alpha^4c_3^3}{36\tau^4}$, w.p. $\ge 1-(b+1)\delta$: "
        r"$\|U\nu\| \le \|U\|\|\nu\|$ replaces $\max_i|\nu_i|\,\|U\mathbf 1\|$.",
        r"$\Sigma \in \mathcal{S}$ ($\|\Sigma\| \le 1/\tau$).",
        "false as printed",
        ("eq:nu (Lemma D.2)", "proofs of eq:nu, eq:hh, eq:tgm_3", *_UNION),
        ("nu_bounds_corrected",), None, check_lemma_d2_repaired),
    Repair(
        "Lemma D.4", "Lemma 27", "lem:tgm",
        r"W.p. $\ge 1-\delta$: $\|\tilde g\|^2_{\nabla^2 f} \le \frac{2\mathscr{L}c_1}{b^2}"
        r"\|U^\top\Sigma^{1/2}\nabla f\|^2 + \frac{\mathscr{L}\gamma^2\alpha^4c_3^4}{18b\tau^3}$.",
        r"$\|\tilde g\|^2_{\nabla^2 f} \le \frac{2\mathscr{L}c_1}{b^2}\|U^\top\Sigma^{1/2}"
        r"\nabla f\|^2 + \frac{\mathscr{L}c_1\gamma^2\alpha^4c_3^3}{18b\tau^3}$, "
        r"w.p. $\ge 1-(b+1)\delta$.",
        r"$\Sigma \in \mathcal{S}$.",
        "false as printed",
        ("proofs of eq:nu, eq:hh, eq:tgm_3", "Lemmas D.1, D.4, D.5, hypotheses"),
        ("hh_bound_corrected",), None, check_lemma_d4_repaired),
    Repair(
        "Lemma D.5", "Lemma 28", "eq:tgm_3",
        r"W.p. $\ge 1-\delta$: $\|\tilde g\| \le \frac{\gamma\alpha^2c_3^2}{6b^{1/2}\tau^2} + "
        r"\frac{\sqrt{c_1}}{b\tau^{1/2}}\|U^\top\Sigma^{1/2}\nabla f\|$.",
        r"$\|\tilde g\| \le \frac{\sqrt{c_1}\gamma\alpha^2c_3^{3/2}}{6b^{1/2}\tau^2} + "
        r"\frac{\sqrt{c_1}}{b\tau^{1/2}}\|U^\top\Sigma^{1/2}\nabla f\|$, w.p. $\ge 1-(b+1)\delta$.",
        r"$\Sigma \in \mathcal{S}$.",
        "false as printed",
        ("proofs of eq:nu, eq:hh, eq:tgm_3", "Lemmas D.1, D.4, D.5, hypotheses"),
        ("tgm3_bound_corrected",), None, check_lemma_d5_repaired),
    Repair(
        "Lemma D.7", "Lemma 30", "eq:G_norm_1",
        r"W.p. $\ge 1-\delta$: $\|\tilde G(\Sigma_k)\|^2$ and $\|\tilde G(\Sigma_k) - (H^* - "
        r"\Sigma_k^{-1})\|^2$ are $\le \frac{2L^2c_3^2(\zeta c_3 + \sqrt d\zeta)^2}{b\tau^2} + "
        r"\frac{d\zeta^2}{2b}$.",
        r"No bound that vanishes with $b$ holds, since $\mathbb{E}\tilde G = \mathbb{E}\nabla^2"
        r"f(\mu+\alpha z) - \Sigma^{-1}$. Strongest true statement of its form: "
        r"$\|\tilde G(\Sigma)\|^2 \le \left(\frac{Lc_3\zeta(c_3+\sqrt d)}{2\tau} + \sqrt d\zeta"
        r"\right)^2$ w.p. $\ge 1-b\delta$.",
        r"$\Sigma^{-1} \in \mathcal{S}'$.",
        "cannot be repaired in its approach",
        ("eq:G_norm_1, eq:G_norm_2 (Lemma D.7)", "eq:G_norm, eq:GG (Lemma D.6)",
         "proof of Lemma D.6, Taylor expansions"),
        ("G_norm_1_bound_corrected",), None, check_lemma_d7_repaired),
    Repair(
        "Lemma E.2", "Lemma 32", "eq:Sig_dec",
        r"$\|\Sigma_{k+1}^{-1}-H^*\|^2 \le \frac{1}{k(k-1)}\sum_{t=2}^k (t-1)\langle "
        r"\bar G(\Sigma_t)"
        r" - H^*, \Sigma_t^{-1} - H^*\rangle + \frac{1}{k(k-1)}\sum_{t=2}^k\frac{t-1}{t}\|\tilde G"
        r"(\Sigma_t)\|^2$, and eq:Sig_2_bnd.",
        r"The first sum with weights $\frac{2(t-1)}{k(k-1)}$; $\|\Sigma_2^{-1} - H^*\|^2 \le "
        r"\min\{d(\zeta-\tau)^2, C_4\}$ with the $b$-free $C_4$ of Lemma D.7.",
        r"None beyond the paper's.",
        "false as printed",
        ("eq:Sig_dec (Lemma E.2)", "eq:Sig_2_bnd (Lemma E.2)"),
        ("lemma53_constants_corrected",), "lemma53_repair", None),
    Repair(
        "Lemma E.4", "Lemma 34", "eq:alpha_err",
        r"$\sum_t z_{t,k}\langle \bar G(\Sigma_t) - \frac{1}{2b}\sum_i(\dots) , \Sigma_t^{-1} - "
        r"H^*\rangle \le \frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{k-1}}{4\tau^{3/2}d^{1/2}}\alpha"
        r"\,(\sum_t (t-1)^2\|\Sigma_t^{-1}-H^*\|^2)^{1/2}$ (up to the $1/(k(k-1))$ weights).",
        r"The factor $\frac{c_3^{3/2}(c_3+1)\zeta\gamma\sqrt{(k-1)d}}{4\tau^{3/2}}\alpha$ "
        r"($\langle A, D\rangle \le \sqrt d\|A\|_2\|D\|_F$), and only where every "
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$.",
        r"$\nabla^2 f(\mu_t) \in \mathcal{S}'$ for every $t$.",
        "false as printed",
        ("eq:alpha_err (Lemma E.4)", "eq:alpha_err (Lemma E.4), the step citing eq:GG"),
        ("lemma53_constants_corrected",), None, None),
    Repair(
        "Lemma E.8", "Lemma 38", "lem:Y",
        r"With $A_t = 8\log\frac{1}{b\delta} + 16\log(t+1) + d$: $P(\|u\|^2 \ge A_t) \le "
        r"\frac{\delta}{b(t+1)^2}$, and eq:Y0 w.p. $\ge 1-\pi^2\delta/6$.",
        r"$A_t = 8\log\frac{b}{\delta} + 16\log(t+1) + d$ where $d \le 8\log\frac{b}{\delta} + "
        r"16\log(t+1)$, else $d + 2\sqrt{dx} + 2x$, $x = \log\frac{b(t+1)^2}{\delta}$; eq:Y0 "
        r"w.p. $\ge 1-(\pi^2/6-1)\delta$.",
        r"None.",
        "false as printed",
        ("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3", "display before eq:Y0 (Lemma E.8)",
         "proof of lem:Y (Lemma E.8), E[Y_{t,i}]"),
        ("chi_threshold_corrected",), None, check_lemma_e8_repaired),
    Repair(
        "Lemma E.9", "Lemma 39", "eq:sto_err",
        r"The stochastic part of eq:Sig_dec is $\le C_1\cdot(\sum_t (t-1)^2\|\Sigma_t - H^*\|^2)"
        r"^{1/2}/(k(k-1))$ w.p. $\ge 1-\delta$.",
        r"$\le (C_1 + C_5)(\sum_t (t-1)^2\|\Sigma_t^{-1} - H^*\|^2)^{1/2}/(k(k-1))$, $C_1$ with "
        r"$\max(L,\tau)$ and the repaired $A_K$, $C_5 = 3\max(L,\tau)d\zeta\delta(A_K^2 + 16A_K "
        r"+ 144)\tau^{-1}(\sum_{t\ge 2}(t+1)^{-4})^{1/2}$ (Lemma E.8's $Y$-part).",
        r"None.",
        "constant changes",
        ("eq:sto_err (Lemma E.9), proof", "proof of eq:sto_err (Lemma E.9)",
         "proof of eq:sto_err (Lemma E.9), the line citing eq:E",
         "eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3",
         "proof of lem:X (Lemma E.7)"),
        ("lemma53_constants_corrected",), "lemma53_repair", None),
)


def repair(ours: str) -> Repair:
    """The entry of ``REPAIRS`` named ``ours`` ("Lemma 5.3"); ValueError for any other."""
    for r in REPAIRS:
        if r.ours == ours:
            return r
    names = [r.ours for r in REPAIRS]
    raise ValueError(f"ours must name an entry of REPAIRS {names}, got {ours!r}")


def repairs_by_survival() -> dict[str, list[Repair]]:
    """The entries grouped by ``survives``, in the order of ``SURVIVAL`` (empty groups kept)."""
    return {s: [r for r in REPAIRS if r.survives == s] for s in SURVIVAL}


@functools.cache
def looseness_table() -> list[dict]:
    """Per check of a repaired result (``check`` and ``more``): its title, the verdict's status
    and looseness (bound/measured, or measured/promised contraction for a rate, a
    ``Measurement``), for the looseness atlas."""
    rows = []
    for r in REPAIRS:
        checks = ((r.check,) if r.check is not None else ()) + r.more
        for i, check in enumerate(checks):
            verdict = check()
            loose = next((m for m in verdict.measurements if m.name in ("looseness", "worst")),
                         None)
            rows.append({"result": r.title + (f" ({check.__name__})" if i else ""),
                         "status": verdict.status.value, "looseness": loose, "verdict": verdict})
    return rows


_SUPERSCRIPT = dict(zip("0123456789+−-=()ikt", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁱᵏᵗ"))
_SUBSCRIPT = dict(zip("0123456789+−-=()ijkt", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ᵢⱼₖₜ"))
_FRACTIONS = {"1/2": "^½", "-1/2": "^−½", "3/2": "^(3/2)"}


def readable(text: str) -> str:
    """``text`` with its TeX-like scripts (Σ^{1/2}, u_{t,i}, (1−ρ)^{k−1}) in Unicode, so that
    no raw brace reaches the book: a script whose characters all have Unicode forms becomes
    them, ^{1/2} becomes ^½ (^{3/2} ^(3/2)), anything else its content in parentheses.

    >>> readable("Σ^{-1/2}uuᵀΣ^{1/2}, Y_{t,i}, (1 − ρ)^{k−1}, Σ_{t≥1}")
    'Σ^−½uuᵀΣ^½, Y_(t,i), (1 − ρ)ᵏ⁻¹, Σ_(t≥1)'
    """
    import re

    def script(match):
        mark, body = match.group(1), match.group(2)
        if mark == "^" and body in _FRACTIONS:
            return _FRACTIONS[body]
        table = _SUPERSCRIPT if mark == "^" else _SUBSCRIPT
        if all(ch in table for ch in body):
            return "".join(table[ch] for ch in body)
        return f"{mark}({body})"

    return re.sub(r"([_^])\{([^{}]*)\}", script, text)


def errata_outside_repairs(kind: str) -> list:
    """The entries of ``errata.ERRATA`` of ``kind`` that no ``Repair`` names (the corrigendum
    lists them in their own sections)."""
    from .errata import ERRATA, KINDS

    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    named = {label for r in REPAIRS for label in r.errata}
    return [e for e in ERRATA if e.kind == kind and e.label not in named]


def _erratum(label: str):
    from .errata import ERRATA

    return next(e for e in ERRATA if e.label == label)


def repair_markdown(entry: Repair, verdict: Verdict | None = None,
                    more: tuple[Verdict, ...] = ()) -> str:
    """The corrigendum's section body for ``entry`` (MyST Markdown, $…$ mathematics, lists
    only): printed and repaired statements, hypotheses, the errata it repairs (each with its
    correct form), the functions that hold the constants, and the check's verdict with its
    numbers (``verdict``, or a pointer to the errata's checks when there is none)."""
    lines = [f"**Printed.** {entry.printed}", "", f"**Repaired.** {entry.repaired}", "",
             f"**Hypotheses added.** {entry.hypotheses}", "",
             f"**Survives?** {entry.survives}.", "", "**Errata it repairs:**", ""]
    lines += [f"* *{readable(label)}*: {readable(_erratum(label).correct)}"
              for label in entry.errata]
    where = ", ".join(f"`bounds.{name}`" for name in entry.corrected)
    if entry.derivation:
        where += f"; derived in `derivations.{entry.derivation}`"
    lines += ["", f"**Constants:** {where}." if where else "", ""]
    if verdict is None:
        lines.append("**Check:** argued by the checks of the errata above (index below).")
    else:
        lines.append(f"**Check ({verdict.status.value}):** {verdict.text()}.")
        lines += [f"* {q.name}: {'yes' if q.outcome else 'no'} ({q.criterion})"
                  for q in verdict.qualifiers]
    for extra in more:
        lines += ["", f"**Check ({extra.status.value}):** {extra.text()}."]
    return with_number("\n".join(lines))


def derivation_markdown(name: str) -> str:
    """Each constant that ``derivations.<name>`` derives: its closed form (display math) and
    whether the derivation from the proof's steps minus it simplifies to 0 (sympy)."""
    import sympy as sp

    from .. import derivations

    lines = []
    for key, (derived, closed) in getattr(derivations, name)().items():
        zero = sp.simplify(derived - closed) == 0
        answer = "yes" if zero else "NO"
        lines += [f"* `{key}`: derived − closed form simplifies to 0: **{answer}**",
                  "", f"  $$ {sp.latex(closed)} $$", ""]
    return "\n".join(lines)


def errata_markdown(kind: str) -> str:
    """The errata of ``kind`` that no repaired result names, as a list: place, printed, correct,
    consequence (Unicode, no raw braces), and whether the check confirms it."""
    lines = []
    for e in errata_outside_repairs(kind):
        seen = "the check confirms it" if e.check() else "the check does NOT confirm it"
        lines.append(f"* **{readable(e.label)}.** Printed: {readable(e.printed)}. Correct: "
                     f"{readable(e.correct)}. {readable(e.consequence)} ({seen}.)")
    return with_number("\n".join(lines)) if lines else "None."

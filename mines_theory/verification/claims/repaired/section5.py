"""The repaired results of Section 5 (Lemmas 9–11 and Theorem 12 of the PDF, our 5.1–5.4), each
declared beside its check with its section of the corrigendum, and evaluated on the runs the
printed result is checked on (the ``section5`` configurations, cached per process), as a
``Verdict`` whose looseness (bound/measured, with a bootstrap interval) says whether the
repaired theorem says anything at those settings.

Every check can fail: each takes the bound (or the constant) as an argument, and
``tests/test_corrigendum.py`` feeds the printed constant, or a run or constant under the
alternative, and sees it flip.
"""

from __future__ import annotations

import numpy as np

from mines_theory.theory.bounds.corrected import (
    Lemma53Corrected,
    delta_alpha_1_corrected,
    delta_alpha_2_corrected,
    local_region_threshold_corrected,
    per_step_failures_corrected,
    theorem54_bounds_corrected,
)
from mines_theory.numbers import powers_of_ten
from mines_theory.theory.bounds.section5 import c_constants

from ..section5.common import frame_inputs
from ..section5.covariance import LEMMA53, CovarianceRun, squared_errors
from ..section5.mean import LEMMA52, MeanRun, per_step_ratios
from ..section5.nonquadratic import (
    NQ_LEMMA52,
    NonQuadraticMeanRun,
    practical_step_bound,
    step_violations,
)
from ..section5.one_step import ONE_STEP, OneStepAtOptimum
from ..section5.kappa import RATE_WINDOW
from ..section5.theorem54 import final_rates
from ...framework.decisions import exceeded, status_of, too_few_seeds
from ...framework.declare import repaired
from ...framework.sizes import Data
from ...framework.stats import (
    MIN_UNITS,
    at_least,
    bootstrap,
    finite,
    proportion,
    trials_needed,
)
from ...framework.verdict import Qualifier, Status, Undecidable, Verdict, decides
from .common import exact, exceedance_verdict, lemma53_at_confidence, union_bound_form

#: The constants of eq:c1 (5.1), as every repaired statement of Section 5 defines them.
C_CONSTANTS = (
    r"$c_1 = (\sqrt d + \sqrt b + \sqrt{2\log(2/\delta)})^2$, $c_2 = b - "
    r"2\sqrt{b\log(1/\delta)}$, $c_3 = 2d + 3\log(1/\delta)$ (eq:c1)"
)

__all__ = [
    "C_CONSTANTS",
    "check_lemma51_repaired",
    "check_lemma52_nonquadratic_repaired",
    "check_lemma52_repaired",
    "check_lemma53_repaired",
    "check_theorem54_repaired",
    "lemma53_corrected_for",
    "outside_eq_lxi",
    "theorem54_repaired_status",
]


# ---------------------------------------------------------------------------------------------
# Lemma 5.1 (PDF Lemma 9): one step from μ*, where eq:dec_0 reduces to Δ_α,1
# ---------------------------------------------------------------------------------------------


@repaired("Lemma 5.1", minimum=Data(draws=trials_needed(0.1), at={"draws": "config.draws"}))
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
        what=f"f(μ_k+1) − f* after one step from μ* (the soft cubic f(x) = s(x² + g(x)) at "
        f"scale s = {config.scale:g}, "
        f"b = {config.b}, α = {config.alpha:g})",
        extra=(
            exact("delta_alpha", delta_alpha),
            exact("printed", printed),
            proportion("above_printed", int(np.sum(gaps > printed)), gaps.size),
        ),
        summary_tail="; Δ_α,1 = {delta_alpha} (printed {printed}, exceeded in {above_printed})",
        data={"gaps": gaps},
        loose=True,
    )


# ---------------------------------------------------------------------------------------------
# Lemma 5.2 (PDF Lemma 10): the per-step contraction along the oracle-step runs
# ---------------------------------------------------------------------------------------------


@repaired(
    "Lemma 5.2",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "config.iterations"}),
)
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
    c2_union, vacuous = union_bound_form(
        d=config.d,
        b=config.b,
        delta=config.delta,
        events=per_step_failures_corrected(b=config.b),
        events_words="b + 2",
        result="lemma",
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
        lambda s: float(np.mean(above[:, s][M[:, s]])),
        config.seeds,
        "violations",
        method="BCa",
        percent=True,
    )
    loose = bootstrap(
        lambda s: (
            (1.0 - float(np.median(R[:, s][M[:, s]]))) / float(np.median(promised[:, s][M[:, s]]))
        ),
        config.seeds,
        "looseness",
    )
    status = Status.HOLDS if violations.value <= config.delta else Status.FAILS
    seeds = (too_few_seeds(violations, config.delta),) if status is Status.HOLDS else ()
    return Verdict(
        status,
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds × {config.iterations} steps: steps above the repaired rate "
        "1 − ξ_kc₂/(" + f"{divisor:g}" + "𝓛_kc₁) {violations} (allowed δ = "
        f"{config.delta:g}); measured/promised contraction " + "{looseness}; with δ/(b + 2) "
        "inside the constants c₂ = {c2_union}",
        (violations, loose, c2_union),
        (vacuous, *seeds),
        data={"promised": promised, "ratio": R, "mask": M},
    )


@repaired(
    "Lemma 5.2, γ > 0",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "config.iterations"}),
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
    ``bounds.delta_alpha_2_corrected``) in all but a fraction δ (bootstrap over seeds). As for
    the quadratic row, the check uses the run's δ per event; with δ/(b + 2) inside c₂ (the
    union-bound form) the qualifier ``VACUOUS_QUALIFIER`` says whether that form promises
    anything here (``common.union_bound_form``, the one rule for both rows).
    Looseness: the median measured contraction over the median promised one."""
    f, out = config.objective(), config.run()
    c2_union, vacuous = union_bound_form(
        d=f.dim,
        b=config.b,
        delta=config.delta,
        events=per_step_failures_corrected(b=config.b),
        events_words="b + 2",
        result="lemma",
    )
    gap = out["gap"]
    if delta_alpha is None:
        delta_alpha = config.delta_alpha_2(delta_alpha_2_corrected)
    rate, applies = practical_step_bound(
        config, divisor=divisor, threshold=local_region_threshold_corrected
    )
    informative = applies & (gap > delta_alpha)
    if not informative.any(axis=0).all() or config.seeds < 2:
        raise Undecidable(
            "a seed has no step inside the repaired hypotheses with "
            "f_k − f* > Δ_α,2: bootstrap intervals over seeds need every seed"
        )
    violations = step_violations(out["next"], rate * gap + delta_alpha, informative, "violations")
    loose = bootstrap(
        lambda s: (
            (1 - float(np.median((out["next"] / gap)[:, s][informative[:, s]])))
            / float(np.median(1 - rate[:, s][informative[:, s]]))
        ),
        config.seeds,
        "looseness",
    )
    share = proportion("informative", int(informative.sum()), informative.size)
    status = Status.HOLDS if violations.value <= config.delta else Status.FAILS
    return Verdict(
        status,
        f"2-D logistic (γ = {f.gamma:.3g}), practical step, α = {config.alpha:g}, "
        f"b = {config.b}, {config.seeds} seeds × {config.iterations} steps: " + "{informative} "
        "of the steps meet the repaired hypotheses with f_k − f* > Δ_α,2 = {delta_alpha}; of "
        f"these {{violations}} exceed the repaired bound (allowed δ = {config.delta:g}); "
        "measured/promised contraction {looseness}; with δ/(b + 2) inside the constants "
        "c₂ = {c2_union}",
        (share, exact("delta_alpha", delta_alpha), violations, loose, c2_union),
        (vacuous, *((too_few_seeds(violations, config.delta),) if status is Status.HOLDS else ())),
    )


# ---------------------------------------------------------------------------------------------
# Lemma 5.3 (PDF Lemma 11): ‖Σ_k⁻¹ − H*‖² ≤ C/k along the covariance runs
# ---------------------------------------------------------------------------------------------


def lemma53_corrected_for(config: CovarianceRun | MeanRun) -> Lemma53Corrected:
    """The repaired constants of Lemma 5.3 for the lockstep run ``config`` (a quadratic, γ = 0;
    the covariance runs and the mean runs Theorem 5.4 reads), with δ divided by the number of
    δ-events the proof uses, so that the statement holds with 1 − δ."""
    f, frame = config.run()
    return lemma53_at_confidence(f, **frame_inputs(config, frame))[1]


@repaired(
    "Lemma 5.3",
    minimum=Data(seeds=trials_needed(0.05), steps=100, at={"steps": "config.iterations"}),
)
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
    cap = config.iterations * config.d * (f.runs_box[1] - f.runs_box[0]) ** 2
    return exceedance_verdict(
        largest,
        C,
        allowed=config.delta,
        units="seeds",
        what=f"max_k k‖Σ_k⁻¹ − H*‖² (d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.iterations} iterations)",
        extra=(
            exact("C", C),
            exact("printed", printed),
            exact("cap", cap),
            exact("events", constants.failures),
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


def outside_eq_lxi(curvature, xi, curvature_bound, xi_bound, seed) -> np.ndarray:
    """Per seed (in the order of ``np.unique(seed)``), whether at some recorded step its 𝓛_k
    lies above its bound or its ξ_k below its bound: a pure function of per-step arrays and
    their seeds. Either bound alone violated at one step puts the seed outside."""
    outside = (np.asarray(curvature) > np.asarray(curvature_bound)) | (
        np.asarray(xi) < np.asarray(xi_bound)
    )
    seeds, index = np.unique(np.asarray(seed), return_inverse=True)
    return np.bincount(index, weights=outside, minlength=seeds.size) > 0


def theorem54_repaired_status(
    outside: int, seeds: int, low: float, final: float, delta: float
) -> Status:
    """Theorem 5.4 repaired's status from its two parts (``decisions.status_of``): eq:lxi, with
    ``outside`` of ``seeds`` seeds outside it at some step, holds in all but a fraction δ
    (``decisions.exceeded``, one-sided, where the seeds suffice for it by
    ``stats.trials_needed``; else no seed may be outside); and the lower end ``low`` of the
    final contraction's interval exceeds the repaired rate ``final``. Undecidable on a NaN."""
    low = float(finite([low, final], "the final contraction and its promised rate")[0])
    lxi = not (exceeded(outside, seeds, delta) if seeds >= trials_needed(delta) else outside > 0)
    return status_of(lxi=lxi, final_rate=low > final)


@repaired(
    "Thm 5.4",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "config.iterations"}),
)
@decides
def check_theorem54_repaired(config: MeanRun = LEMMA52, C: float | None = None) -> Verdict:
    """Theorem 5.4 repaired, on the run ``section5.check_theorem54`` reads eq:lxi on: at every
    step k of every seed, the measured 𝓛_k and ξ_k must lie within eq:lxi's bounds with the
    repaired C (``lemma53_corrected_for``; ``C`` to test another), in all but a fraction δ of the
    seeds; and the final contraction (``section5.final_rates``) must exceed the repaired final
    rate c₂/(32c₁) (printed c₂/(8c₁)): the lower end of its bootstrap interval over seeds.
    The contraction is fitted on the one descent of this 1500-step run where
    10⁻¹⁸ < f − f* < 10⁻⁶ (``kappa.RATE_WINDOW``), early, while Σ_k still learns H: not the
    last window of ``section5.check_theorem54``'s κ runs, whose rate is larger; the summary
    names the window. Looseness: that contraction over c₂/(32c₁)."""
    f, frame = config.run()
    constants = lemma53_corrected_for(config)
    if C is None:
        C = constants.C
    c2_union, vacuous = union_bound_form(
        d=config.d,
        b=config.b,
        delta=config.delta,
        events=constants.failures,
        events_words="(K − 1)(b + 2) + π²/3 − 9/4",
        result="theorem",
    )
    tau, zeta = f.runs_box
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
    per_seed = outside_eq_lxi(
        rows.curvature.to_numpy(), rows.xi.to_numpy(), curvature_bound, xi_bound, rows.seed
    )
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
    window = " < f − f* < ".join(powers_of_ten(f"{x:.0e}") for x in RATE_WINDOW)
    low = measured.interval[0] if measured.interval is not None else measured.value
    return Verdict(
        theorem54_repaired_status(count, per_seed.size, low, final, config.delta),
        f"oracle step, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds: seeds with 𝓛_k or ξ_k outside eq:lxi (repaired C = " + "{C}) at "
        "some k {outside}; contraction {final} on one early descent (fitted where "
        f"{window}, Σ_k still learning H; not the last window of Thm 5.4's κ "
        "runs) against the repaired final rate c₂/(32c₁) = "
        "{promised} (printed c₂/(8c₁)), measured/promised {looseness}; with δ/N inside the "
        "constants (N = (K − 1)(b + 2) + π²/3 − 9/4, the δ-events of the repaired Lemma 5.3) "
        "c₂ = {c2_union}",
        (
            proportion("outside", count, per_seed.size),
            exact("C", C),
            measured,
            exact("promised", final),
            loose,
            c2_union,
        ),
        (
            vacuous,
            Qualifier(
                "eq:lxi trivial",
                "its bound on 𝓛_k equals L/τ at every recorded k: with the "
                "repaired C, eq:lxi says nothing within the run",
                trivial,
            ),
        ),
        data={"limits": limits, "rates": rates},
    )

"""Lemma 5.3 (PDF Lemma 11, lem:Sig_dec) on a non-quadratic objective started outside eq:cond:
the two-stage runs of Theorem 5.4 (``stages.TWO_STAGES``), where C₂ (the Hessians along the
path) and C₃ (the α-term) of eq:C are not zero, decided as on a quadratic
(``covariance.decide_lemma53``) with the constant compared at the run's limit point.

What the run can and cannot show, declared before it: no run can exceed C (the projection onto
S' caps k‖Σ_k⁻¹ − H*‖² at K·d(ζ − τ)², far below C); it can show the constant of the 1/k decay
(Var G̃ at the limit point against E‖G̃ + Σ⁻¹‖², the remark's first term), the transient that
the start outside eq:cond leaves (‖Σ_{t<k}(∇²f(μ_t) − H*)‖²/k, measured), how loose C₂ is
against what it bounds (√Σ_t‖∇²f(μ_t) − H*‖², measured along the run) and whether C₂ and C₃
move C at all."""

from __future__ import annotations

import math

import numpy as np

from mines_theory.theory.gaussian import sigma_gradient_variance
from mines_theory.theory.regularized import GaussianRule, minimize_regularized
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.stats import K_SE, bootstrap, estimate, z_measurement
from ...framework.verdict import Measurement, Qualifier, Verdict, decides
from .common import lemma53_printed
from .covariance import decide_lemma53, describe_lemma53, scaled_final
from .stages import TWO_STAGES, TwoStageRun

__all__ = [
    "ALTERNATIVE",
    "CONSTANT_CONFIRMED",
    "MATTERS",
    "POWER",
    "check_lemma53_nonquadratic",
    "decide_constant",
    "limit_point",
    "terms_matter",
]

#: The terms of eq:C that γ > 0 switches on (C₂, C₃) matter when they add at least this fraction
#: of the others to the sum that C squares.
MATTERS = 0.1


def terms_matter(share: float, others: str) -> Qualifier:
    """The qualifier "C₂ and C₃ move C": ``share`` = (C₂ + C₃)/(``others``) ≥ ``MATTERS``."""
    return Qualifier(
        "C₂ and C₃ move C",
        f"(C₂ + C₃)/({others}) ≥ {MATTERS:g}: the terms of eq:C that γ > 0 switches on add at "
        f"least {MATTERS:.0%} to the sum that C squares (rejects terms that change no number)",
        share >= MATTERS,
    )


#: The constant's alternative: Var G̃ × this (the window must reject it) ...
ALTERNATIVE = 1.25
#: ... with at least this probability (the power of the K_SE window at the measured standard
#: error, normal approximation).
POWER = 0.95
#: The qualifier of ``decide_constant``: the constant confirmed within ``ALTERNATIVE`` − 1 of
#: Var G̃, which needs the seeds' power as well as a z within K_SE (``covariance.CONSTANT_FITS``
#: only compares Var G̃ with E‖G̃ + Σ⁻¹‖²).
CONSTANT_CONFIRMED = f"Var G̃ within {ALTERNATIVE - 1:.0%} confirmed, the transient modelled"


def decide_constant(final, transient, limit: float):
    """Whether k·E‖Σ_k⁻¹ − H*‖² has the constant Var G̃ once the start-up transient is modelled,
    a pure function of per-seed arrays over the second half: ``final`` (the mean of
    k‖Σ_k⁻¹ − H*‖²) and ``transient`` (the mean of ‖Σ_{t<k}(∇²f(μ_t) − H*)‖²/k, the drift of the
    Hessians along the path about H*; with η₂,k = 1/k, Σ_k⁻¹ − H* is the average of that drift
    and of the estimates' noise, so the model is k·E‖Σ_k⁻¹ − H*‖² = Var G̃ + transient), and
    ``limit`` (Var G̃ at the limit point). Returns (measurements, qualifier): ``modelled``, the
    mean over seeds of final − transient with its standard error; ``z_modelled`` against
    ``limit``; ``power``, the probability that the K_SE window rejects a constant
    ``ALTERNATIVE`` × Var G̃ at that standard error, Φ((ALTERNATIVE − 1)·Var/SE − K_SE), its
    uncertainty that of the estimated SE (relative 1/√(2(n − 1)), delta method).

    Criterion, declared before the runs: within K_SE SE of Var G̃ and power ≥ ``POWER`` (rejects
    a constant 25% away from Var G̃; with too few seeds to reject it, no). ``ValueError`` for
    arrays of different lengths or fewer than 2 seeds."""
    final, transient = np.asarray(final, dtype=float), np.asarray(transient, dtype=float)
    if final.shape != transient.shape or final.ndim != 1 or final.size < 2:
        raise ValueError(
            "final and transient must be per-seed arrays of one length, at least 2, got shapes "
            f"{final.shape} and {transient.shape}"
        )
    modelled = estimate("modelled", final - transient)
    z = (modelled.value - limit) / modelled.uncertainty
    shift = (ALTERNATIVE - 1) * limit / modelled.uncertainty  # the alternative, in SE
    power = 0.5 * math.erfc(-(shift - K_SE) / math.sqrt(2))
    # its uncertainty: the SE is itself estimated, to a relative 1/√(2(n − 1)) (delta method)
    spread = math.exp(-((shift - K_SE) ** 2) / 2) / math.sqrt(2 * math.pi) * shift
    spread /= math.sqrt(2 * (final.size - 1))
    qualifier = Qualifier(
        CONSTANT_CONFIRMED,
        f"k·E‖Σ_k⁻¹ − H*‖² − ‖Σ_{{t<k}}(∇²f(μ_t) − H*)‖²/k over the second half within "
        f"{K_SE:g} SE of Var G̃, in a window that rejects Var G̃ × {ALTERNATIVE:g} with "
        f"probability ≥ {POWER:g} at the measured SE: a test of power, which the seeds must "
        f"give before it can confirm the constant within {ALTERNATIVE - 1:.0%}",
        abs(z) <= K_SE and power >= POWER,
    )
    measurements = (
        modelled,
        z_measurement("z_modelled", z),
        Measurement("power", power, max(spread, 1e-12), percent=True),
    )
    return measurements, qualifier


def limit_point(config: TwoStageRun) -> tuple[float, float, float]:
    """(Var G̃ at the limit point, E‖G̃ + Σ⁻¹‖² there, ‖Σ̂*⁻¹ − H*‖²_F): at a fixed α the
    iterates settle at Q_α's minimizer (μ̂*, Σ̂*) (the α-bias finding), so Σ_k⁻¹ averages
    estimates of E∇²f(μ̂* + αz) ≈ ∇²f(μ̂*); Var G̃ of the quadratic with that Hessian at
    Σ⁻¹ = Σ̂*⁻¹ (``gaussian.sigma_gradient_variance``)."""
    f = config.objective()
    hat = minimize_regularized(
        f,
        config.alpha,
        tau=f.runs_box[0],
        zeta=f.runs_box[1],
        rule=GaussianRule.gauss_hermite(f.dim, 30),
    )
    H = f.hessian(hat.mean)
    P = np.linalg.inv(hat.sigma)
    variance = float(sigma_gradient_variance(H, P, config.b))
    bias = float(np.sum((P - f.hessian(f.minimizer)) ** 2))
    return variance, variance + float(np.sum(H**2)), bias


def transient_per_seed(drift, k) -> np.ndarray:
    """Per seed, the mean of ‖Σ_{t<k}(∇²f(μ_t) − H*)‖²/k over the second half (``drift``: the
    norm, (iterations, seeds))."""
    k = np.asarray(k, dtype=float)
    return (np.asarray(drift) ** 2 / k[:, None])[k >= k.max() / 2].mean(axis=0)


@claim("Lemma 5.3, γ > 0", minimum=Data(seeds=8, steps=1500, at={"steps": "config.iterations"}))
@decides
def check_lemma53_nonquadratic(config: TwoStageRun = TWO_STAGES) -> Verdict:
    """Lemma 5.3 with γ > 0 on the run of ``config`` (the logistic objective from outside
    eq:cond with Theorem 5.4's step), decided by ``covariance.decide_lemma53`` against the
    printed C (with its C₂ and C₃); the constant compared with Var G̃ at the limit point
    (``limit_point``). Beyond the lemma: C₂ against what it bounds, √Σ_t‖∇²f(μ_t) − H*‖²
    (Lemma E.4's Cauchy–Schwarz, measured at k = K), and the proof's intermediate
    γ√(2Σ_t(f(μ_t) − f*)/σ); the transient ‖Σ_{t<k}(∇²f(μ_t) − H*)‖²/k over the second half;
    whether C₂ and C₃ move C₁ + C₂ + C₃ by ``MATTERS``."""
    f, out = config.objective(), config.run()
    tau, zeta = f.runs_box
    K, seeds = config.iterations, config.seeds
    constants = lemma53_printed(f, **config.lemma53_inputs())
    variance, second, bias = limit_point(config)
    k = np.arange(1, K + 1, dtype=float)
    status, measurements, qualifiers = decide_lemma53(
        out["error_sq"],
        k,
        C=constants.C,
        cap=K * f.dim * (zeta - tau) ** 2,
        limit=variance,
        second=second,
        delta=config.delta,
        valid=constants.valid,
        iterations=K,
        where="at the limit point (Σ̂*⁻¹, ∇²f(μ̂*))",
        exact=False,  # the last decade carries the start's transient: the bound's question
    )  # only; whether the order 1/k is attained, the quadratic row asks
    drift = np.sqrt(out["drift_sq"][-1])  # √Σ_{t<K}‖∇²f(μ_t) − H*‖², per seed
    proof = f.gamma * np.sqrt(2 * out["gap"].sum(axis=0) / f.sigma)
    transient = transient_per_seed(out["drift"], k)
    constant, modelled = decide_constant(scaled_final(out["error_sq"], k), transient, variance)
    share = (constants.C2 + constants.C3) / constants.C1
    extra = (
        bootstrap(lambda s: float(np.median(drift[s])), seeds, "drift"),
        bootstrap(lambda s: float(np.median(proof[s])), seeds, "drift_proof"),
        *(
            Measurement(name, value, 1e-6 * value)
            for name, value in (
                ("C1", constants.C1),
                ("C2", constants.C2),
                ("C3", constants.C3),
                ("C4", constants.C4),
            )
        ),
        Measurement("share", share, 1e-6 * share),
        estimate("transient", transient),
        Measurement("bias", bias, 1e-6 * bias + 1e-30),
        *constant,
    )
    qualifiers += (modelled, terms_matter(share, "C₁"))
    summary = (
        f"logistic d = {f.dim} (γ = {f.gamma:.3g}), α = {config.alpha:g}, b = {config.b}, "
        f"δ = {config.delta:g}, Theorem 5.4's step from outside eq:cond, {seeds} seeds × {K} "
        "iterations: "
        + describe_lemma53().replace("Var G̃ at Σ⁻¹ = H", "Var G̃ at the limit point")
        + "; ‖Σ̂*⁻¹ − H*‖² = {bias}; the start outside eq:cond leaves "
        "‖Σ_{{t<k}}(∇²f(μ_t) − H*)‖²/k = {transient} over the second half; the difference, "
        "{modelled} (z = {z_modelled} against Var G̃; its window rejects Var G̃ × "
        f"{ALTERNATIVE:g} with probability {{power}}). "
        "eq:C: C₁ = {C1}, "
        "C₂ = {C2}, C₃ = {C3}, C₄ = {C4}, (C₂ + C₃)/C₁ = {share}; C₂ bounds "
        "√Σ_t‖∇²f(μ_t) − H*‖² = {drift} (the proof's γ√(2Σ_t(f(μ_t) − f*)/σ) = {drift_proof})"
    )
    return Verdict(
        status,
        summary,
        measurements + extra,
        qualifiers,
        data={"constants": constants, "limit": variance, "second": second, "k": k},
    )

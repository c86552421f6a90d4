"""The errata in the proofs of Theorems 3.1–3.3 (printed Theorems 1–3: the quadratic case, J close
to f, the mean μ̂*), each ``erratum_*`` returning a ``Verdict`` (``verdict.flagged``: "erratum" when
the printed form is shown wrong, not flagged with ``printed=False`` for the corrected form, with the
numbers that show it), and what they lead to: eq:R cancels (``theorem33_r_cancels``)."""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import sympy as sp

from mines_theory.theory.bounds.section3 import theorem33_bounds
from mines_theory.linalg.spd import random_spd, symmetric_roots
from mines_theory.problems.base import Objective
from mines_theory.theory.regularized import (
    GaussianRule,
    minimize_regularized,
    regularized_objective,
)
from ..framework.declare import erratum
from ..framework.sizes import Data
from ..framework.stats import proportion
from ..framework.verdict import Kind, Measurement, Verdict, flagged
from ..claims.section3.common import SineCurvature as _SineCurvature
from ..claims.section3.common import numeric as _numeric
from ..claims.section3.theorems import SECTION3_SWEEP, AlphaSweep
from ..claims.section4.common import quadratic_case
from mines_theory.theory.derivations.nes import gaussian_expectation, symmetric_matrix_symbol

__all__ = [
    "decide_j_quad_integrand",
    "decide_taylor_sigma",
    "decide_theorem33_sign",
    "Theorem33WithoutR",
    "erratum_j_quad_integrand",
    "erratum_logdet_step",
    "erratum_taylor_sigma",
    "erratum_theorem33_sign",
    "theorem33_r_cancels",
]


def _terms(expr) -> int:
    """How many terms an expanded sympy expression has (0 when it is 0)."""
    return 0 if expr == 0 else len(sp.Add.make_args(sp.expand(expr)))


def decide_taylor_sigma(actual: float, closed: float, form: float) -> bool:
    """Whether the proof of Thm 3.2's z = μ + Σu is shown wrong: the expectation it gives
    (``form``) differs from the actual E f(μ + Σ^½u) − f(μ) (``actual``) by more than 0.1%
    (the printed part), while ``actual`` is ½tr(HΣ) (``closed``, relative 10⁻¹⁰), the control:
    a quadrature that missed the closed form would show nothing about z.

    >>> decide_taylor_sigma(1.0, 1.0, 2.0), decide_taylor_sigma(1.0, 1.1, 2.0)
    (True, False)
    """
    return bool(np.isclose(actual, closed, rtol=1e-10) and not np.isclose(form, actual, rtol=1e-3))


def decide_theorem33_sign(lhs: float, rhs: float) -> bool:
    """Whether the last line of the proof of Thm 3.3 is shown wrong: its right side
    (2/σ)(f(μ*) − f(μ̂*)) is negative while its left side ‖μ* − μ̂*‖² is positive, two parts.

    >>> decide_theorem33_sign(1.0, -0.5), decide_theorem33_sign(0.0, -0.5)
    (True, False)
    """
    return rhs < 0 < lhs


def decide_j_quad_integrand(pointwise: int, mean: int, root: int) -> bool:
    """Whether eq:J_quad's integrand is shown wrong (sympy term counts, 0 for an identity): it
    differs from f(z) (``pointwise``, the printed part) while its mean is the right side
    f(μ) + α²/2⟨H, Σ⟩ (``mean`` = 0, the display's conclusion stands) and, the control, the
    integrand with Σ^½u is f(z) (``root`` = 0).

    >>> decide_j_quad_integrand(2, 0, 0), decide_j_quad_integrand(2, 0, 1)
    (True, False)
    """
    return pointwise != 0 and mean == 0 and root == 0


@erratum("proof of Thm 3.2")
def erratum_taylor_sigma(printed: bool = True) -> Verdict:
    """Proof of Theorem 3.2: z = μ + αΣu should be μ + αΣ^{1/2}u. On a quadratic, E f(μ + αΣ^{1/2}u)
    − f(μ) = α²/2·tr(HΣ) (Gauss–Hermite of the actual expectation, with a Cholesky factor) while
    the printed z gives α²/2·tr(HΣ²): the two differ unless Σ² = Σ. ``printed=False`` tests the
    corrected z with the symmetric root Σ^{1/2} instead (not flagged).

    Evidence (α = 1, d = 3): the actual expectation, its relative residual against ½tr(HΣ), and
    the form's value, each exact up to rounding (the rule is exact on quadratics)."""
    f, mu, sigma_inv = quadratic_case()
    sigma = np.linalg.inv(sigma_inv)
    rule = GaussianRule.gauss_hermite(3, 4)
    C = np.linalg.cholesky(sigma)
    actual = float(rule.expectation(lambda U: f(mu + U @ C.T))) - f(mu)
    step = sigma if printed else symmetric_roots(sigma_inv)[0]  # Σ or Σ^{1/2}
    form = float(rule.expectation(lambda U: f(mu + U @ step.T))) - f(mu)
    closed = 0.5 * np.trace(f.H @ sigma)
    wrong = decide_taylor_sigma(actual, closed, form)
    z = "z = μ + Σu" if printed else "z = μ + Σ^½u (symmetric root)"
    return flagged(
        wrong,
        "quadratic, d = 3: E f(μ + Σ^½u) − f(μ) = {actual} = ½tr(HΣ) (to "
        "{residual}); " + z + " gives {form}; flagged when they differ by > 0.1%",
        (
            _numeric("actual", actual, digits=4),
            Measurement("residual", abs(actual - closed) / abs(closed), 1e-10, Kind.BELOW),
            _numeric("form", form, digits=4),
        ),
    )


@erratum("eq:R (proof of Thm 3.3)", minimum=Data(draws=1, at={"draws": "pairs"}))
def erratum_logdet_step(pairs: int = 2000, printed: bool = True) -> Verdict:
    """eq:R (proof of Theorem 3.3) bounds log det Σ̂ − log det Σ by d(λmax(Σ̂) − λmin(Σ)) for any
    Σ̂, Σ ∈ S. A random search over pairs in S (τ = 4, ζ = 400, d = 2; eigenvalues log-uniform in
    [ζ⁻¹, τ⁻¹], random rotations) finds pairs where it fails, while the repaired
    log det Σ̂ − log det Σ ≤ d·log(ζ/τ) holds for every pair (``printed=False``: not flagged).
    Theorem 3.3 itself does not need the step (``theorem33_r_cancels``).

    Evidence: the fraction of the ``pairs`` that violate the printed form, the number that
    violate the corrected one (any is a counterexample)."""
    rng = np.random.default_rng(36)
    tau, zeta, d = 4.0, 400.0, 2
    printed_fails = corrected_fails = 0
    for _ in range(pairs):
        hat, other = (
            random_spd(
                rng, d, eigenvalues=np.exp(rng.uniform(np.log(1 / zeta), np.log(1 / tau), d))
            )
            for _ in range(2)
        )
        lhs = np.linalg.slogdet(hat)[1] - np.linalg.slogdet(other)[1]
        printed_fails += lhs > d * (np.linalg.eigvalsh(hat)[-1] - np.linalg.eigvalsh(other)[0])
        corrected_fails += lhs > d * np.log(zeta / tau) * (1 + 1e-12)
    fails = int(printed_fails if printed else corrected_fails)
    bound = "d(λmax(Σ̂) − λmin(Σ))" if printed else "d·log(ζ/τ)"
    return flagged(
        fails > 0,
        "{fails} of {pairs} random pairs Σ̂, Σ ∈ S (τ = 4, ζ = 400, d = 2) "
        "violate log det Σ̂ − log det Σ ≤ " + bound + "; flagged when any does",
        (
            proportion("fails", fails, pairs)
            if printed
            else Measurement("fails", fails, kind=Kind.COUNT),
            Measurement("pairs", pairs, kind=Kind.COUNT),
        ),
    )


@erratum("proof of Thm 3.3, last line")
def erratum_theorem33_sign(sweep: AlphaSweep = SECTION3_SWEEP, printed: bool = True) -> Verdict:
    """Last line of the proof of Theorem 3.3: ‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*)) has the wrong
    sign; measured at α = 1 the printed right side is negative while the left side is positive.
    ``printed=False``: the corrected (2/σ)(f(μ̂*) − f(μ*)) (strong convexity) is not exceeded
    at any α of the sweep.

    Evidence: printed, both sides at the largest α; corrected, how many α exceed it and the
    largest ‖μ* − μ̂*‖²/((2/σ)(f(μ̂*) − f(μ*))) (≤ 1 by strong convexity)."""
    f, df = sweep.run()
    if printed:
        row = df[df.alpha == df.alpha.max()].iloc[0]
        lhs, rhs = float(row.distance_sq), float(2 / f.sigma * (-row.f_gap))
        return flagged(
            decide_theorem33_sign(lhs, rhs),
            "at α = {alpha}: ‖μ* − μ̂*‖² = {lhs}, the printed "
            "(2/σ)(f(μ*) − f(μ̂*)) = {rhs}; flagged when the left side is positive and "
            "the right negative",
            (
                _numeric("alpha", float(row.alpha)),
                _numeric("lhs", lhs, 1e-6),
                _numeric("rhs", rhs, 1e-6),
            ),
        )
    exceeded = df.distance_sq > 2 / f.sigma * df.f_gap * (1 + 1e-9) + 1e-15
    positive = df.f_gap > 0
    ratio = float((df.distance_sq[positive] / (2 / f.sigma * df.f_gap[positive])).max())
    return flagged(
        bool(exceeded.any()),
        "(2/σ)(f(μ̂*) − f(μ*)) is exceeded by ‖μ* − μ̂*‖² at "
        "{exceeded} of {alphas} α (largest ratio {ratio}); flagged when at any",
        (
            Measurement("exceeded", int(exceeded.sum()), kind=Kind.COUNT),
            Measurement("alphas", len(df), kind=Kind.COUNT),
            _numeric("ratio", ratio, 1e-6),
        ),
    )


class Theorem33WithoutR(NamedTuple):
    """``theorem33_r_cancels``: Q_α at (μ̂*, Σ̂*) and at (μ*, Σ̂*), f(μ̂*) − f(μ*), the bound
    without R, the printed bound, the R-term the printed bound carries, and α, τ, ζ."""

    q_hat: float
    q_mixed: float
    gap: float
    bound_without_R: float
    printed: float
    r_term: float
    alpha: float
    tau: float
    zeta: float


def theorem33_r_cancels(
    f: Objective | None = None, alpha: float = 0.1, tau: float = 2.0, zeta: float = 20.0
) -> Theorem33WithoutR:
    """Theorem 3.3 holds as printed without eq:R. μ̂* minimizes Q_α(·, Σ̂*), so Q_α(μ̂*, Σ̂*) ≤
    Q_α(μ*, Σ̂*); both sides carry the same R(Σ̂*) = −α²/2 log det Σ̂*, which cancels, and
    Theorem 3.2's sandwich at Σ̂* gives f(μ̂*) − f(μ*) ≤ Lα² tr Σ̂* + 2α³φ(Σ̂*) ≤ dLα²/τ +
    γα³(d + 3)^{3/2}/(3τ^{3/2}): the printed bound without its term dα²/2(τ⁻¹ − ζ⁻¹) ≥ 0.

    Measured on the 1-D sine-curvature objective (μ̂* ≠ μ*; default) at α, τ, ζ: both Q_α values
    (Gauss–Hermite, 40 nodes), the gap, the R-free bound and the printed one."""
    f = _SineCurvature(1) if f is None else f
    rule = GaussianRule.gauss_hermite(f.dim, 40 if f.dim == 1 else 20)
    hat = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)
    q_hat = regularized_objective(f, hat.mean, hat.sigma, alpha, rule)
    q_mixed = regularized_objective(f, f.minimizer, hat.sigma, alpha, rule)
    printed = theorem33_bounds(
        d=f.dim, L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, zeta=zeta, alpha=alpha
    ).f_gap
    r_term = f.dim * alpha**2 / 2 * (1 / tau - 1 / zeta)
    gap = float(f(hat.mean[None, :])[0] - f.f_star)
    return Theorem33WithoutR(
        float(q_hat), float(q_mixed), gap, printed - r_term, printed, r_term, alpha, tau, zeta
    )


def _j_quad_residuals(sigma_power) -> tuple:
    """(integrand − f(z), E[integrand] − (f(μ) + α²/2⟨H, Σ⟩)) for eq:J_quad's integrand
    f(μ) + α⟨∇f(μ), Σ^{sigma_power}u⟩ + α²/2 uᵀΣ^{1/2}HΣ^{1/2}u, with f the quadratic eq:quad,
    z = μ + αΣ^{1/2}u, Σ^{1/2} = R a symmetric 2×2 symbol (Σ = R²)."""
    alpha, f0 = sp.symbols("alpha f_0", positive=True)
    R, H = symmetric_matrix_symbol("r", 2), symmetric_matrix_symbol("h", 2)
    g, u = sp.Matrix(sp.symbols("g1:3", real=True)), sp.Matrix(sp.symbols("u1:3", real=True))
    step = alpha * R * u  # z − μ
    f_z = f0 + (g.T * step)[0, 0] + (step.T * H * step)[0, 0] / 2  # eq:quad
    integrand = (
        f0
        + alpha * (g.T * R ** (2 * sigma_power) * u)[0, 0]
        + alpha**2 / 2 * (u.T * R * H * R * u)[0, 0]
    )
    mean = gaussian_expectation(integrand, list(u))
    return (sp.expand(integrand - f_z), sp.simplify(mean - f0 - alpha**2 / 2 * (H * R * R).trace()))


@erratum("eq:J_quad (proof of Thm 3.1, first display)")
def erratum_j_quad_integrand(printed: bool = True) -> Verdict:
    """eq:J_quad (used in the first display of the proof of Theorem 3.1): the integrand has
    α⟨∇f(μ), Σu⟩ where z − μ = αΣ^{1/2}u gives α⟨∇f(μ), Σ^{1/2}u⟩. Sympy: the printed integrand
    differs from f(z) (its linear term has the wrong matrix) while its mean, like that of f(z),
    is the right side f(μ) + α²/2⟨H, Σ⟩; with Σ^{1/2} it is f(z).

    Evidence: the number of terms of each expanded residual (0 when it is identically zero)."""
    pointwise, mean = _j_quad_residuals(sp.Rational(1, 2))
    root = _terms(pointwise)
    if not printed:
        return flagged(
            pointwise != 0 or mean != 0,
            "sympy, d = 2: eq:J_quad's integrand with "
            "Σ^½u minus f(z) has {pointwise} terms, its mean minus f(μ) + α²/2⟨H, Σ⟩ "
            "{mean}; flagged when either is nonzero",
            (
                Measurement("pointwise", root, kind=Kind.COUNT),
                Measurement("mean", _terms(mean), kind=Kind.COUNT),
            ),
        )
    pointwise, mean = _j_quad_residuals(1)
    return flagged(
        decide_j_quad_integrand(pointwise, mean, root),
        "sympy, d = 2: eq:J_quad's "
        "integrand minus f(z) has {pointwise} terms ({root} with Σ^½u), its mean minus "
        "f(μ) + α²/2⟨H, Σ⟩ {mean}; flagged when only the first is nonzero",
        (
            Measurement("pointwise", _terms(pointwise), kind=Kind.COUNT),
            Measurement("root", root, kind=Kind.COUNT),
            Measurement("mean", _terms(mean), kind=Kind.COUNT),
        ),
    )

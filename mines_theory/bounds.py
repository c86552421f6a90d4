"""The paper's bounds and constants as plain functions of the paper's symbols.

Keyword names follow the paper: ``d, b, delta, L, sigma, gamma, tau, zeta, alpha, K``.
This module uses nothing else of the library. It holds the constants of eq:c1, Theorems 3.2–3.4,
Lemmas 5.1–5.3, Theorem 5.4, and the appendix lemmas of Appendices D and E that their proofs
rest on, each evaluated exactly as printed (errata are noted in the docstrings).
"""

from __future__ import annotations

import math

import numpy as np
from typing import NamedTuple

import functools

from .validation import (finite_scalar, interval, nonnegative_scalar, positive_int,
                         positive_scalar, probability, symmetric_matrix, float_array)

__all__ = ["CConstants", "c_constants", "expected_cubed_norm", "phi", "Sandwich",
           "theorem32_bounds", "Theorem33", "theorem33_bounds", "theorem33_bounds_corrected",
           "theorem33_improved",
           "alpha_condition", "Theorem34", "theorem34_bounds", "Rate", "lemma51_rate",
           "delta_alpha_1", "delta_alpha_1_corrected", "lemma52_rate", "delta_alpha_2",
           "local_region_threshold",
           "Lemma53Constants", "lemma53_constants", "Theorem54", "theorem54_bounds",
           "NuBounds", "nu_bounds", "hh_bound", "tgm3_bound", "G_norm_bound", "GG_bound",
           "G_norm_1_bound", "sig2_bound", "nab_f_threshold", "alpha_err_coefficient",
           "chi_threshold", "sto_err_coefficient", "dd_bound", "NON_FINITE_BY_DESIGN",
           "lemma52_rate_corrected", "local_region_threshold_corrected",
           "delta_alpha_2_corrected", "nu_bounds_corrected", "hh_bound_corrected",
           "tgm3_bound_corrected", "G_norm_1_bound_corrected", "chi_threshold_corrected",
           "per_step_failures_corrected", "Lemma53Corrected", "lemma53_constants_corrected",
           "Theorem54Corrected", "theorem54_bounds_corrected", "Y_SUM"]


class CConstants(NamedTuple):
    """c1, c2, c3 of eq:c1, and whether c2 > 0 (for c2 ≤ 0 Lemmas 5.1 and 5.2 are vacuous)."""

    c1: float
    c2: float
    c3: float
    valid: bool


def c_constants(*, d, b, delta) -> CConstants:
    """The constants of eq:c1 (Lemma 5.1), evaluated exactly as printed:

    c1 = (√d + √b + √(2 log(2/δ)))²,  c2 = b − 2√(b log(1/δ)),  c3 = 2d + 3 log(1/δ).

    c2 is negative for small b (b < 4 log(1/δ)); the value is returned with ``valid=False``.

    By hand: √10 = 3.162278, √(2 ln 20) = 2.447747, √(10 ln 10) = 4.798526, so

    >>> c = c_constants(d=10, b=10, delta=0.1)
    >>> round(c.c1, 4), round(c.c2, 4), round(c.c3, 4), c.valid
    (76.9533, 0.4029, 26.9078, True)
    """
    d = positive_int("d", d)
    b = positive_int("b", b)
    delta = positive_scalar("delta", delta)
    if delta >= 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta!r}")
    c1 = (math.sqrt(d) + math.sqrt(b) + math.sqrt(2.0 * math.log(2.0 / delta))) ** 2
    c2 = b - 2.0 * math.sqrt(b * math.log(1.0 / delta))
    c3 = 2.0 * d + 3.0 * math.log(1.0 / delta)
    return CConstants(c1, c2, c3, c2 > 0.0)


# ---------------------------------------------------------------------------------------------
# Section 3: the regularized objective (Theorems 3.2–3.4)
# ---------------------------------------------------------------------------------------------

def expected_cubed_norm(sigma) -> float:
    """E‖Σ^{1/2}u‖³ for u ~ N(0, I), exactly up to quadrature of a smooth 1-D integral:
    for Q = ‖Σ^{1/2}u‖² ≥ 0 and 1 < s < 2, Q^s = Γ(−s)⁻¹ ∫₀^∞ (e^{−tQ} − 1 + tQ) t^{−s−1} dt, and
    E e^{−tQ} = det(I + 2tΣ)^{−1/2}; with s = 3/2, Γ(−3/2) = 4√π/3."""
    matrix = symmetric_matrix("sigma", np.atleast_2d(float_array("sigma", sigma)))
    eigenvalues = np.linalg.eigvalsh(matrix)
    if eigenvalues[0] < 0:
        raise ValueError(f"sigma must be positive semi-definite, got smallest eigenvalue "
                         f"{eigenvalues[0]!r}")
    largest = float(eigenvalues[-1])
    if largest == 0.0:
        return 0.0
    # E‖Σ^½u‖³ scales like s^{3/2} under Σ → sΣ: integrate at the scale λmax = 1 (accurate
    # for any scale) and scale back.
    with np.errstate(over="ignore"):
        value = np.float64(largest) ** 1.5 * _cubed_norm_unit(eigenvalues / largest)
    if not np.isfinite(value):
        raise FloatingPointError(f"expected_cubed_norm overflows for sigma with largest "
                                 f"eigenvalue {largest!r}: E‖Σ^½u‖³ is not a float")
    return float(value)


def _cubed_norm_unit(eigenvalues) -> float:
    import scipy.integrate

    trace = float(eigenvalues.sum())
    k2, k3 = 2.0 * float(np.sum(eigenvalues**2)), 8.0 * float(np.sum(eigenvalues**3))
    m2, m3 = trace**2 + k2, trace**3 + 3.0 * k2 * trace + k3        # E Q², E Q³ (cumulants)

    def integrand(t):
        if t * trace < 1e-3:       # Taylor: e^{−tQ} − 1 + tQ = t²Q²/2 − t³Q³/6 + O(t⁴)
            return (m2 / 2.0 - t * m3 / 6.0) * t**-0.5
        return (np.prod(1.0 + 2.0 * t * eigenvalues) ** -0.5 - 1.0 + t * trace) * t**-2.5

    scale = 1.0 / trace
    value = sum(scipy.integrate.quad(integrand, a, b, limit=200, epsabs=0, epsrel=1e-11)[0]
                for a, b in [(0.0, 1e-3 * scale), (1e-3 * scale, scale), (scale, np.inf)])
    return float(value / (4.0 * math.sqrt(math.pi) / 3.0))


def phi(sigma, *, gamma) -> float:
    """φ(Σ) = γ/6 · E‖Σ^{1/2}u‖³ (Theorem 3.2)."""
    return nonnegative_scalar("gamma", gamma) / 6.0 * expected_cubed_norm(sigma)


class Sandwich(NamedTuple):
    lower: float
    upper: float


def theorem32_bounds(*, f_mu, sigma_matrix, L, gamma, alpha) -> Sandwich:
    """Theorem 3.2 (prop:close): f(μ) ∓ Lα²/2·tr Σ ∓ α³φ(Σ) + R(Σ), R(Σ) = −α²/2·log det Σ."""
    alpha, f_mu = positive_scalar("alpha", alpha), finite_scalar("f_mu", f_mu)
    S = symmetric_matrix("sigma_matrix", np.atleast_2d(float_array("sigma_matrix", sigma_matrix)))
    sign, logdet = np.linalg.slogdet(S)
    if sign <= 0:
        raise ValueError(f"sigma_matrix must be positive definite, got {S}")
    largest = float(np.linalg.eigvalsh(S)[-1])
    with np.errstate(over="ignore", invalid="ignore"):     # 0·∞ (tiny Σ, huge α) is NaN
        cubed = np.float64(largest) ** 1.5 * np.float64(alpha) ** 3
    if not np.isfinite(cubed):
        raise FloatingPointError(f"theorem32_bounds overflows: α³E‖Σ^½u‖³ is not a float for "
                                 f"sigma_matrix with largest eigenvalue {largest!r} and "
                                 f"alpha = {alpha!r}")
    R = -alpha**2 / 2 * logdet
    spread = (positive_scalar("L", L) * alpha**2 / 2 * float(np.trace(S))
              + alpha**3 * phi(S, gamma=gamma))
    return Sandwich(f_mu - spread + R, f_mu + spread + R)


class Theorem33(NamedTuple):
    f_gap: float           # bound on f(μ̂*) − f(μ*)
    distance_sq: float     # bound on ‖μ* − μ̂*‖²


def theorem33_bounds(*, d, L, sigma, gamma, tau, zeta, alpha) -> Theorem33:
    """Theorem 3.3 (prop:mu), as printed:
    f(μ̂*) − f(μ*) ≤ dLα²/τ + γα³(d+3)^{3/2}/(3τ^{3/2}) + dα²/2·(τ⁻¹ − ζ⁻¹), and 2/σ times that
    for ‖μ* − μ̂*‖²."""
    d, tau, zeta, alpha = positive_int("d", d), positive_scalar("tau", tau), \
        positive_scalar("zeta", zeta), positive_scalar("alpha", alpha)
    gap = (d * positive_scalar("L", L) * alpha**2 / tau
           + nonnegative_scalar("gamma", gamma) * alpha**3 * (d + 3) ** 1.5 / (3 * tau**1.5)
           + d * alpha**2 / 2 * (1 / tau - 1 / zeta))
    return Theorem33(gap, 2 * gap / positive_scalar("sigma", sigma))


def theorem33_bounds_corrected(*, d, L, sigma, gamma, tau, zeta, alpha) -> Theorem33:
    """Theorem 3.3 with the step eq:R repaired: R(Σ*) − R(Σ̂*) = α²/2·(log det Σ̂* − log det Σ*)
    ≤ dα²/2·log(ζ/τ) for Σ*, Σ̂* ∈ S (the printed step bounds a difference of logarithms by the
    difference of the numbers, which fails when eigenvalues are below 1)."""
    printed = theorem33_bounds(d=d, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha)
    gap = (printed.f_gap - d * alpha**2 / 2 * (1 / tau - 1 / zeta)
           + d * alpha**2 / 2 * math.log(zeta / tau))
    return Theorem33(gap, 2 * gap / sigma)


def theorem33_improved(*, d, sigma, gamma, tau, alpha) -> Theorem33:
    """Theorem 3.3's quantities are O(α⁴), not O(α²), under the theorem's own assumptions
    (σ-strongly convex f with a γ-Lipschitz Hessian, Σ̂* ∈ S). Derivation: μ̂* minimizes
    Q_α(·, Σ̂*) without constraint, so E∇f(μ̂* + αz) = 0 with z = Σ̂*^{1/2}u. Taylor's theorem with
    the Lipschitz Hessian gives ∇f(μ̂* + αz) = ∇f(μ̂*) + α∇²f(μ̂*)z + r, ‖r‖ ≤ γα²‖z‖²/2; taking
    the expectation, E z = 0 removes the middle term, so ‖∇f(μ̂*)‖ ≤ γα²E‖z‖²/2 = γα² tr Σ̂*/2
    ≤ γα²d/(2τ). Strong convexity then gives

        ‖μ̂* − μ*‖ ≤ ‖∇f(μ̂*)‖/σ,  so  ‖μ* − μ̂*‖² ≤ γ²α⁴d²/(4σ²τ²),
        f(μ̂*) − f(μ*) ≤ ‖∇f(μ̂*)‖²/(2σ) ≤ γ²α⁴d²/(8στ²).

    (Not in the paper; ``verification.section3`` checks it against the computed minimizers.)

    >>> round(theorem33_improved(d=2, sigma=0.5, gamma=1.0, tau=0.25, alpha=0.1).distance_sq, 12)
    0.0064
    """
    d, sigma, tau, alpha = positive_int("d", d), positive_scalar("sigma", sigma), \
        positive_scalar("tau", tau), positive_scalar("alpha", alpha)
    gradient = nonnegative_scalar("gamma", gamma) * alpha**2 * d / (2 * tau)
    return Theorem33(gradient**2 / (2 * sigma), gradient**2 / sigma**2)


def _theorem34_constant(d):
    return (d + 5) ** 2.5 + d * (d + 3) ** 1.5


def alpha_condition(*, d, sigma, gamma, tau, zeta) -> float:
    """The largest α allowed by eq:alp_cond: 3τ^{3/2}σ/(γζ) · ((d+5)^{5/2} + d(d+3)^{3/2})⁻¹."""
    gamma = nonnegative_scalar("gamma", gamma)
    bound = (3 * positive_scalar("tau", tau) ** 1.5 * positive_scalar("sigma", sigma)
             / positive_scalar("zeta", zeta) / _theorem34_constant(positive_int("d", d)))
    return math.inf if gamma == 0.0 else bound / gamma      # a quadratic: no condition


class Theorem34(NamedTuple):
    sigma_hat: float       # bound on ‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖
    sigma_diff: float      # bound on ‖Σ* − Σ̂*‖
    valid: bool            # α satisfies eq:alp_cond


def theorem34_bounds(*, d, L, sigma, gamma, tau, zeta, alpha) -> Theorem34:
    """Theorem 3.4 (prop:Sigma), as printed; ``valid`` says whether α satisfies eq:alp_cond
    (outside it the theorem claims nothing, and the value is returned flagged). γ = 0 (a
    quadratic) gives 0 for both: Theorem 3.1's exact minimizer."""
    c = _theorem34_constant(positive_int("d", d))
    gamma = nonnegative_scalar("gamma", gamma)
    first = alpha * gamma * zeta / (3 * tau**1.5 * sigma**2) * c
    distance_sq = theorem33_bounds(d=d, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta,
                                   alpha=alpha).distance_sq
    second = 2 * first + gamma / sigma**2 * math.sqrt(distance_sq)
    valid = alpha <= alpha_condition(d=d, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta)
    return Theorem34(first, second, bool(valid))


# ---------------------------------------------------------------------------------------------
# Section 5: convergence (Lemmas 5.1–5.3, Theorem 5.4)
# ---------------------------------------------------------------------------------------------

class Rate(NamedTuple):
    """A per-step contraction factor ρ (f_{k+1} − f* ≤ ρ(f_k − f*) + Δ) and whether it
    contracts (ρ < 1); with c₂ ≤ 0 the factor is ≥ 1 and the lemma is vacuous."""

    rate: float
    valid: bool


def lemma51_rate(*, d, b, delta, L, sigma, tau, zeta) -> Rate:
    """Lemma 5.1 (eq:dec_0): ρ = 1 − c₂τσ/(16 c₁ L ζ)."""
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - c.c2 * positive_scalar("tau", tau) * positive_scalar("sigma", sigma) / (
        16.0 * c.c1 * positive_scalar("L", L) * positive_scalar("zeta", zeta))
    return Rate(rate, c.valid and rate < 1.0)


def delta_alpha_1(*, d, b, delta, L, gamma, tau, zeta, alpha) -> float:
    """Δ_{α,1} of Lemma 5.1: c₃³γbα⁴/(2⁵·3²·c₁Lζτ³)·(1 + c₁c₃/(2τζ)); zero for a quadratic.

    As printed it is not in units of f: with α² in units of f, L, ζ, τ in f/length² and γ in
    f/length³, the leading term is in length⁷/f², and the bracket adds a number to c₁c₃/(2τζ),
    in length⁴/f² (see ``delta_alpha_1_corrected``)."""
    c = c_constants(d=d, b=b, delta=delta)
    return (c.c3**3 * nonnegative_scalar("gamma", gamma) * b * positive_scalar("alpha", alpha) ** 4
            / (2**5 * 3**2 * c.c1 * L * zeta * tau**3) * (1.0 + c.c1 * c.c3 / (2 * tau * zeta)))


def delta_alpha_1_corrected(*, d, b, delta, L, gamma, tau, alpha) -> float:
    """Δ_{α,1} as the proof of Lemma 5.1 gives it once η₁ = bτ/(4Lc₁) is substituted correctly
    (coefficients τ/(8Lc₁) of ‖ν‖² and Lη²/b² ≤ τ²/(16Lc₁²) of ‖Ũν‖²), with eq:nu's γ² and
    ‖Ũν‖² ≤ (c₁/τ)‖ν‖²: c₃³γ²bα⁴/(2⁶·3·c₁Lτ²)."""
    c = c_constants(d=d, b=b, delta=delta)
    return (c.c3**3 * nonnegative_scalar("gamma", gamma) ** 2 * b
            * positive_scalar("alpha", alpha) ** 4
            / (2**6 * 3 * c.c1 * positive_scalar("L", L) * positive_scalar("tau", tau) ** 2))


def lemma52_rate(*, d, b, delta, xi, curvature) -> Rate:
    """Lemma 5.2 (eq:dec): ρ = 1 − ξ_k c₂/(8 𝓛_k c₁), for ξ_kΣ_k⁻¹ ⪯ ∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹."""
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - positive_scalar("xi", xi) * c.c2 / (8.0 * positive_scalar("curvature", curvature)
                                                    * c.c1)
    return Rate(rate, c.valid and rate < 1.0)


def delta_alpha_2(*, d, b, delta, sigma, gamma, tau, zeta, alpha) -> float:
    """Δ_{α,2} of Lemma 5.2 (three terms in γ and α⁴, α⁶); zero for a quadratic."""
    c = c_constants(d=d, b=b, delta=delta)
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    return (b**1.5 * zeta**3 * g**4 * c.c3**6 * a**6 / (2**8 * 3**4 * sigma**3 * c.c1**3 * tau**6)
            + b * zeta * g**2 * c.c3**4 * a**4 / (2**5 * 3**2 * sigma * tau**3 * c.c1**2)
            + b * g * c.c3**3 * a**4 / (2**5 * 3**2 * tau**3 * c.c1))


def local_region_threshold(*, L, sigma, gamma, tau, xi, curvature) -> float:
    """eq:cond: the largest f(μ_k) − f* of the local region,
    min{2³·3²·𝓛_k⁴τ⁴/(Lγ²), ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)}; +∞ for a quadratic (γ = 0)."""
    gamma = nonnegative_scalar("gamma", gamma)
    if gamma == 0.0:
        return math.inf
    first = 2**3 * 3**2 * curvature**4 * tau**4 / (L * gamma**2)
    return min(first, nab_f_threshold(L=L, sigma=sigma, gamma=gamma, tau=tau, xi=xi))


class Lemma53Constants(NamedTuple):
    A_K: float
    C1: float
    C2: float
    C3: float
    C4: float
    C: float
    valid: bool          # A_K's log(1/(bδ)) term is ≥ 0 and c₂ > 0


def lemma53_constants(*, d, b, delta, L, sigma, gamma, tau, zeta, alpha, K, f_gap_1,
                      initial_error_sq) -> Lemma53Constants:
    """The constants of Lemma 5.3 (eq:C), evaluated as printed. ``f_gap_1`` = f(μ₁) − f*,
    ``initial_error_sq`` = ‖Σ₁⁻¹ − H*‖². ``valid`` is False where a printed ingredient is
    ill-defined: log(1/(bδ)) < 0 (bδ > 1) makes A_K's first term negative, and c₂ ≤ 0 makes C₂
    the square root of a negative number (returned as NaN)."""
    c = c_constants(d=d, b=b, delta=delta)
    K = positive_int("K", K)
    A_K = 8 * math.log(1 / (b * delta)) + 16 * math.log(K + 1) + d
    C1 = A_K * L * (zeta * A_K + d * zeta) / tau * math.sqrt(2 / b * math.log(K**2 / delta))
    d1 = delta_alpha_1(d=d, b=b, delta=delta, L=L, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha)
    d2 = delta_alpha_2(d=d, b=b, delta=delta, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta,
                       alpha=alpha)
    inner = (32 * c.c1 * L * zeta * gamma**2 / (c.c2 * tau * sigma**2)
             * (f_gap_1 + (K - 1) * max(d1, d2)))
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = c.c3**1.5 * (c.c3 + 1) * zeta * math.sqrt(K - 1) / (4 * tau**1.5 * math.sqrt(d)) * alpha
    C4 = (2 * L**2 * c.c3**2 * (c.c3 * zeta + math.sqrt(d) * zeta) ** 2 / (b * tau**2)
          + d * zeta**2 / (2 * b))
    C = max(9 * (C1 + C2 + C3) ** 2 / 4 + 3 * C4, 2 * C4 + L**2 / b, initial_error_sq)
    return Lemma53Constants(A_K, C1, C2, C3, C4, C, bool(b * delta <= 1 and c.valid))


class Theorem54(NamedTuple):
    curvature: float     # the bound on 𝓛_k of eq:lxi
    xi: float            # the bound on ξ_k of eq:lxi


def theorem54_bounds(*, L, sigma, gamma, tau, zeta, C, k, f_gap, projection_gap=0.0) -> Theorem54:
    """eq:lxi: 𝓛_k ≤ min{L/τ, 1 + τ⁻¹e_k} and ξ_k ≥ max{σ/ζ, 1 − τ⁻¹e_k} with
    e_k = √(C/k) + γ√(2(f(μ_k) − f*)/σ) + ‖∇²f(μ_k) − Π_S'(∇²f(μ_k))‖ (``projection_gap``)."""
    L, sigma = positive_scalar("L", L), positive_scalar("sigma", sigma)
    tau, zeta = positive_scalar("tau", tau), positive_scalar("zeta", zeta)
    gamma, C = nonnegative_scalar("gamma", gamma), nonnegative_scalar("C", C)
    f_gap = max(finite_scalar("f_gap", f_gap), 0.0)          # rounding may make it slightly < 0
    e = (math.sqrt(C / positive_int("k", k)) + gamma * math.sqrt(2 * f_gap / sigma)
         + nonnegative_scalar("projection_gap", projection_gap))
    return Theorem54(min(L / tau, 1 + e / tau), max(sigma / zeta, 1 - e / tau))


# ---------------------------------------------------------------------------------------------
# Appendix D: properties of g̃(μ) and G̃(Σ); Appendix E: the proof of Lemma 5.3
# ---------------------------------------------------------------------------------------------

class NuBounds(NamedTuple):
    nu_max: float          # eq:sigma_1, the bound on each |ν_i|
    nu_sq: float           # eq:nu, the bound on ‖ν‖²
    U_nu_sq: float         # eq:nu, the bound on ‖Ũν‖²


def nu_bounds(*, d, b, delta, gamma, tau, alpha, gamma_power=1) -> NuBounds:
    """eq:sigma_1 and eq:nu (Lemmas D.1, D.2): |ν_i| ≤ γα²c₃^{3/2}/(6τ^{3/2}),
    ‖ν‖² ≤ γ b α⁴ c₃³/(36τ³), ‖Ũν‖² ≤ γ b α⁴ c₃⁴/(36τ⁴), c₃ = 2d + 3 log(1/δ).

    eq:nu prints γ where squaring eq:sigma_1 gives γ² (``gamma_power=2`` is the corrected form).

    >>> round(nu_bounds(d=1, b=1, delta=math.exp(-1), gamma=6.0, tau=1.0, alpha=1.0).nu_max, 6)
    11.18034
    """
    c3 = c_constants(d=d, b=b, delta=delta).c3
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    t = positive_scalar("tau", tau)
    if gamma_power not in (1, 2):
        raise ValueError(f"gamma_power must be 1 (as printed) or 2 (corrected), got "
                         f"{gamma_power!r}")
    return NuBounds(g * a**2 * c3**1.5 / (6 * t**1.5),
                    g**gamma_power * b * a**4 * c3**3 / (36 * t**3),
                    g**gamma_power * b * a**4 * c3**4 / (36 * t**4))


def hh_bound(*, d, b, delta, curvature, gamma, tau, alpha, projected_gradient_sq) -> float:
    """eq:hh (Lemma D.4): ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f(μ)‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), for
    ∇²f(μ) ⪯ 𝓛Σ⁻¹ and ``projected_gradient_sq`` = ‖UᵀΣ^{1/2}∇f(μ)‖²."""
    c = c_constants(d=d, b=b, delta=delta)
    curvature = positive_scalar("curvature", curvature)
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    return (2 * curvature * c.c1 / b**2
            * nonnegative_scalar("projected_gradient_sq", projected_gradient_sq)
            + curvature * g**2 * a**4 * c.c3**4 / (18 * b * positive_scalar("tau", tau) ** 3))


def tgm3_bound(*, d, b, delta, gamma, tau, alpha, projected_gradient_norm) -> float:
    """eq:tgm_3 (Lemma D.5): ‖g̃‖ ≤ γα²c₃²/(6√b τ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f(μ)‖."""
    c = c_constants(d=d, b=b, delta=delta)
    tau = positive_scalar("tau", tau)
    return (nonnegative_scalar("gamma", gamma) * positive_scalar("alpha", alpha) ** 2 * c.c3**2
            / (6 * math.sqrt(b) * tau**2)
            + math.sqrt(c.c1) / (b * math.sqrt(tau))
            * nonnegative_scalar("projected_gradient_norm", projected_gradient_norm))


def _two_log(d, delta) -> float:
    """2d + 2 log(1/δ), the radius eq:G_norm and eq:GG print (eq:u_norm gives 2d + 3 log(1/δ))."""
    delta = positive_scalar("delta", delta)
    if delta >= 1.0:
        raise ValueError(f"delta must lie in (0, 1), got {delta!r}")
    return 2.0 * positive_int("d", d) + 2.0 * math.log(1.0 / delta)


def G_norm_bound(*, d, delta, L, tau, zeta, alpha) -> float:
    """eq:G_norm (Lemma D.6):
    ‖(f(μ−αΣ^{1/2}u) + f(μ+αΣ^{1/2}u) − 2f(μ))(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)‖_F
    ≤ 2Lτ⁻¹α²r(ζr + √dζ), r = 2d + 2 log(1/δ) as printed."""
    r = _two_log(d, delta)
    zeta = positive_scalar("zeta", zeta)
    return (2 * positive_scalar("L", L) / positive_scalar("tau", tau)
            * positive_scalar("alpha", alpha) ** 2
            * r * (zeta * r + math.sqrt(d) * zeta))


def GG_bound(*, d, delta, gamma, tau, zeta, alpha) -> float:
    """eq:GG (Lemma D.6):
    ‖BG(Σ) − (1/2b)Σ_i u_iᵀΣ^{1/2}∇²f(μ)Σ^{1/2}u_i(Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹)‖₂
    ≤ c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2}) (the statement's c₃ = 2d + 3 log(1/δ))."""
    c3 = c_constants(d=d, b=1, delta=delta).c3
    return (c3**1.5 * (c3 + 1) * positive_scalar("zeta", zeta) * nonnegative_scalar("gamma", gamma)
            * positive_scalar("alpha", alpha) / (4 * positive_scalar("tau", tau) ** 1.5))


def G_norm_1_bound(*, d, b, delta, L, tau, zeta) -> float:
    """eq:G_norm_1 and eq:G_norm_2 (Lemma D.7): ‖G̃(Σ_k)‖² and ‖G̃(Σ_k) − (H* − Σ_k⁻¹)‖² are both
    ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b). (It tends to 0 as b grows, but E G̃ = H − Σ⁻¹ does not:
    see the erratum on this lemma.)"""
    c3 = c_constants(d=d, b=b, delta=delta).c3
    zeta = positive_scalar("zeta", zeta)
    return (2 * positive_scalar("L", L) ** 2 * c3**2 * (zeta * c3 + math.sqrt(d) * zeta) ** 2
            / (b * positive_scalar("tau", tau) ** 2) + d * zeta**2 / (2 * b))


def sig2_bound(*, d, b, delta, L, tau, zeta) -> float:
    """eq:Sig_2_bnd (Lemma E.2): ‖Σ₂⁻¹ − H*‖² ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b."""
    return 2.0 * G_norm_1_bound(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta)


def nab_f_threshold(*, L, sigma, gamma, tau, xi) -> float:
    """eq:nab_rst (Lemma E.1): ‖∇f(μ_k)‖²_{Σ_k} ≥ ξ_k(f(μ_k) − f*) once f(μ_k) − f* is at most
    ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²); +∞ for γ = 0."""
    gamma = nonnegative_scalar("gamma", gamma)
    if gamma == 0.0:
        return math.inf
    xi = positive_scalar("xi", xi)
    return (xi**2 * positive_scalar("sigma", sigma) ** 3
            / (8 * gamma**2
               * (positive_scalar("L", L) / positive_scalar("tau", tau) + 2 * xi) ** 2))


def alpha_err_coefficient(*, d, delta, gamma, tau, zeta, k, printed=True) -> float:
    """eq:alpha_err (Lemma E.4): the factor c₃^{3/2}(c₃+1)ζγ√(k−1)/(4τ^{3/2}d^{1/2}) that multiplies
    α·(Σ_t (t−1)²‖Σ_t⁻¹ − H*‖²)^{1/2} as printed. The proof bounds each ⟨A_t, D_t⟩ by eq:GG, a
    bound on the spectral norm ‖A_t‖₂, times the Frobenius norm ‖D_t‖; but ⟨A, D⟩ ≤ ‖A‖₂‖D‖_* ≤
    √d‖A‖₂‖D‖_F (equality at A = D = I), so the factor must be eq:GG's constant times
    √(k − 1)·√d (``printed=False``): the printed one is d times too small (erratum)."""
    k = positive_int("k", k)
    scale = 1.0 / math.sqrt(positive_int("d", d)) if printed else math.sqrt(d)
    return (GG_bound(d=d, delta=delta, gamma=gamma, tau=tau, zeta=zeta, alpha=1.0)
            * math.sqrt(k - 1) * scale)


def chi_threshold(*, d, b, delta, t, printed=True) -> float:
    """A_t of Lemma E.8 (lem:Y): 8 log(1/(bδ)) + 16 log(t + 1) + d as printed, or the corrected
    8 log(b/δ) + 16 log(t + 1) + d for which eq:chi gives P(‖u‖² ≥ A_t) ≤ δ/(b(t + 1)²)
    (eq:chi_1)."""
    b, d, t = positive_int("b", b), positive_int("d", d), positive_int("t", t)
    delta = positive_scalar("delta", delta)
    first = math.log(1.0 / (b * delta)) if printed else math.log(b / delta)
    return 8.0 * first + 16.0 * math.log(t + 1.0) + d


def sto_err_coefficient(*, d, b, delta, L, tau, zeta, k) -> float:
    """eq:sto_err (Lemma E.9): A_k L(ζA_k + dζ)/(k(k−1)τ)·√((2/b) log(k²/δ)), the factor of
    (Σ_t (t−1)²‖Σ_t⁻¹ − H*‖²)^{1/2} (printed ‖Σ_t − H*‖, a typo), A_k as printed."""
    k = positive_int("k", k)
    if k < 2:
        raise ValueError(f"k must be >= 2, got {k!r}")
    A_k = chi_threshold(d=d, b=b, delta=delta, t=k)
    zeta = positive_scalar("zeta", zeta)
    return (A_k * positive_scalar("L", L) * (zeta * A_k + d * zeta)
            / (k * (k - 1) * positive_scalar("tau", tau))
            * math.sqrt(2.0 / b * math.log(k**2 / delta)))


def dd_bound(*, gamma, rho1, sigma, f_gap_1, k, delta_alpha) -> float:
    """eq:dd (Lemma E.10): Σ_{t=2}^k ‖H_t − H*‖² ≤ 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k−1)max{Δ_α,1, Δ_α,2}),
    ρ₁ = c₂τσ/(16Lc₁ζ) (``delta_alpha`` = the max)."""
    return (2 * nonnegative_scalar("gamma", gamma) ** 2
            / (positive_scalar("rho1", rho1) * positive_scalar("sigma", sigma))
            * (nonnegative_scalar("f_gap_1", f_gap_1)
               + (positive_int("k", k) - 1) * nonnegative_scalar("delta_alpha", delta_alpha)))


# ---------------------------------------------------------------------------------------------
# The corrigendum: Lemmas 5.2, 5.3, Theorem 5.4 and the appendix lemmas they use, repaired
# (each beside its printed form above; ``derivations`` derives the algebra with sympy)
# ---------------------------------------------------------------------------------------------

def lemma52_rate_corrected(*, d, b, delta, xi, curvature) -> Rate:
    """Lemma 5.2 (PDF Lemma 10), the rate its proof gives once the coefficient is repaired.

    Printed
        ρ = 1 − ξ_k c₂/(8𝓛_k c₁) (eq:dec).
    Repaired
        ρ = 1 − ξ_k c₂/(32𝓛_k c₁), under eq:cond with its first threshold cut 16-fold
        (``local_region_threshold_corrected``).

    Derivation (``derivations.lemma52_repair``): with η = b/(4𝓛_kc₁) the coefficient of
    ‖w‖² = ‖UᵀΣ^{1/2}∇f(μ_k)‖² is −η/(2b) + η²𝓛_kc₁/b² = −1/(16𝓛_kc₁) (printed −1/(4𝓛_kc₁));
    the cubic term γ‖w‖³/(2⁵·3·𝓛_k³c₁^{3/2}τ^{3/2}) is at most half of it, +1/(32𝓛_kc₁)·‖w‖²,
    when f(μ_k) − f* ≤ 9𝓛_k⁴τ⁴/(2Lγ²); eq:gd_low (‖w‖² ≥ c₂‖Σ^{1/2}∇f‖²) and eq:nab_rst
    (‖∇f‖²_Σ ≥ ξ_k(f − f*)) then give the rate.

    By hand at d = b = 10, δ = 0.1 (c₁ = 76.9533, c₂ = 0.4029, ``c_constants``), ξ = 𝓛 = 1:
    1 − 0.4029/(32·76.9533) = 0.999836.

    >>> round(lemma52_rate_corrected(d=10, b=10, delta=0.1, xi=1.0, curvature=1.0).rate, 6)
    0.999836
    """
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - positive_scalar("xi", xi) * c.c2 / (32.0 * positive_scalar("curvature", curvature)
                                                     * c.c1)
    return Rate(rate, c.valid and rate < 1.0)


def local_region_threshold_corrected(*, L, sigma, gamma, tau, xi, curvature) -> float:
    """eq:cond (Lemma 5.2, PDF Lemma 10), the local region in which the repaired proof works.

    Printed
        f(μ_k) − f* ≤ min{2³·3²·𝓛_k⁴τ⁴/(Lγ²), ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)}.
    Repaired
        f(μ_k) − f* ≤ min{9𝓛_k⁴τ⁴/(2Lγ²), ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)}: the first threshold is
        16 times smaller; the second (eq:nab_rst, Lemma E.1) stands.

    Derivation: the cubic coefficient γ‖w‖/(2⁵·3·𝓛_k³c₁^{3/2}τ^{3/2}) with ‖w‖ ≤
    √(2c₁Lτ⁻¹(f − f*)) is ≤ 1/(32𝓛_kc₁) exactly when f − f* ≤ 9𝓛_k⁴τ⁴/(2Lγ²)
    (``derivations.lemma52_repair``). At the printed threshold the same term reaches
    1/(8𝓛_kc₁), twice the decrease 1/(16𝓛_kc₁). +∞ for γ = 0.

    >>> local_region_threshold_corrected(L=1.0, sigma=1.0, gamma=1.0, tau=1.0, xi=1.0,
    ...                                  curvature=1.0) == min(4.5, 1 / 72)
    True
    """
    gamma = nonnegative_scalar("gamma", gamma)
    if gamma == 0.0:
        return math.inf
    first = 9.0 * positive_scalar("curvature", curvature) ** 4 * tau**4 / (2.0 * L * gamma**2)
    return min(first, nab_f_threshold(L=L, sigma=sigma, gamma=gamma, tau=tau, xi=xi))


def delta_alpha_2_corrected(*, d, b, delta, sigma, gamma, tau, zeta, alpha) -> float:
    """Δ_{α,2} of Lemma 5.2 (PDF Lemma 10), rebuilt from the repaired Lemmas D.2, D.4, D.5.

    Printed
        b^{3/2}ζ³γ⁴c₃⁶α⁶/(2⁸·3⁴·σ³c₁³τ⁶) + bζγ²c₃⁴α⁴/(2⁵·3²·στ³c₁²) + bγc₃³α⁴/(2⁵·3²·τ³c₁).
    Repaired
        b^{3/2}ζ³γ⁴c₃^{9/2}α⁶/(2⁸·3⁴·σ³c₁^{3/2}τ⁶) + bζγ²c₃³α⁴/(2⁶·3·στ³c₁).

    Derivation (``derivations.lemma52_repair``): the α-terms of the proof's chain are
    η/(2b)·‖ν‖² (eq:nu with γ², erratum), η²/2 times eq:hh's ν-part and (2γη³/3) times the cube of
    eq:tgm_3's ν-part, where the repaired D.4, D.5 bound ‖Uν‖ by ‖U‖‖ν‖ ≤ √c₁‖ν‖ (not
    max|ν_i|·‖U1‖, which fails: ν_i depends on u_i). At η = b/(4𝓛_kc₁) each keeps a power of
    1/𝓛_k, bounded by ζ/σ (the printed third term drops it). The first two α⁴ terms merge:
    1/(2⁵·3²) + 1/(2⁶·3²) = 1/(2⁶·3). Zero for a quadratic; in units of f.
    """
    c = c_constants(d=d, b=b, delta=delta)
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    s, t = positive_scalar("sigma", sigma), positive_scalar("tau", tau)
    z = positive_scalar("zeta", zeta)
    return (b**1.5 * z**3 * g**4 * c.c3**4.5 * a**6 / (2**8 * 3**4 * s**3 * c.c1**1.5 * t**6)
            + b * z * g**2 * c.c3**3 * a**4 / (2**6 * 3 * s * t**3 * c.c1))


def nu_bounds_corrected(*, d, b, delta, gamma, tau, alpha) -> NuBounds:
    """eq:sigma_1 and eq:nu (Lemmas D.1, D.2, PDF Lemmas 24, 25), repaired.

    Printed
        ‖ν‖² ≤ γbα⁴c₃³/(36τ³), ‖Ũν‖² ≤ γbα⁴c₃⁴/(36τ⁴).
    Repaired (Σ ∈ S, every ‖u_i‖² ≤ c₃ and ‖U‖² ≤ c₁: b + 1 events of probability δ)
        ‖ν‖² ≤ γ²bα⁴c₃³/(36τ³), ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴).

    Derivation: ‖ν‖² = Σ_i ν_i² ≤ b·(eq:sigma_1)², which is γ²; ‖Ũν‖² ≤ ‖Σ‖‖U‖²‖ν‖² ≤
    (c₁/τ)‖ν‖². The printed νᵀUᵀUν ≤ max_i ν_i²‖U1‖² is false (u₂ = −u₁, ν = (1, −1)).

    >>> nu_bounds_corrected(d=1, b=1, delta=math.exp(-1), gamma=6.0, tau=1.0, alpha=1.0).nu_sq
    125.0
    """
    c = c_constants(d=d, b=b, delta=delta)
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    t = positive_scalar("tau", tau)
    nu_sq = g**2 * b * a**4 * c.c3**3 / (36 * t**3)
    return NuBounds(g * a**2 * c.c3**1.5 / (6 * t**1.5), nu_sq, c.c1 / t * nu_sq)


def hh_bound_corrected(*, d, b, delta, curvature, gamma, tau, alpha,
                       projected_gradient_sq) -> float:
    """eq:hh (Lemma D.4, PDF Lemma 27), repaired.

    Printed
        ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖w‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), w = UᵀΣ^{1/2}∇f(μ).
    Repaired (Σ ∈ S, as ``nu_bounds_corrected``)
        ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖w‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³).

    Derivation: the proof's νᵀUᵀΣ^{1/2}HΣ^{1/2}Uν ≤ 𝓛‖Uν‖² ≤ 𝓛c₁‖ν‖² ≤ 𝓛c₁γ²bα⁴c₃³/(36τ³),
    times 2/b²: c₃⁴ becomes c₁c₃³.
    """
    c = c_constants(d=d, b=b, delta=delta)
    curvature = positive_scalar("curvature", curvature)
    g, a = nonnegative_scalar("gamma", gamma), positive_scalar("alpha", alpha)
    return (2 * curvature * c.c1 / b**2
            * nonnegative_scalar("projected_gradient_sq", projected_gradient_sq)
            + curvature * c.c1 * g**2 * a**4 * c.c3**3
            / (18 * b * positive_scalar("tau", tau) ** 3))


def tgm3_bound_corrected(*, d, b, delta, gamma, tau, alpha, projected_gradient_norm) -> float:
    """eq:tgm_3 (Lemma D.5, PDF Lemma 28), repaired.

    Printed
        ‖g̃‖ ≤ γα²c₃²/(6√b τ²) + √c₁/(bτ^{1/2})·‖w‖.
    Repaired (Σ ∈ S, as ``nu_bounds_corrected``)
        ‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√b τ²) + √c₁/(bτ^{1/2})·‖w‖.

    Derivation: ‖Ũν‖/b ≤ √(c₁/τ)‖ν‖/b ≤ √(c₁/τ)·√b·γα²c₃^{3/2}/(6τ^{3/2})/b.
    """
    c = c_constants(d=d, b=b, delta=delta)
    tau = positive_scalar("tau", tau)
    return (math.sqrt(c.c1) * nonnegative_scalar("gamma", gamma)
            * positive_scalar("alpha", alpha) ** 2 * c.c3**1.5 / (6 * math.sqrt(b) * tau**2)
            + math.sqrt(c.c1) / (b * math.sqrt(tau))
            * nonnegative_scalar("projected_gradient_norm", projected_gradient_norm))


def G_norm_1_bound_corrected(*, d, b, delta, L, tau, zeta) -> float:
    """eq:G_norm_1 (Lemma D.7, PDF Lemma 30): the strongest bound of its form that is true.

    Printed
        ‖G̃(Σ_k)‖² ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b), which tends to 0 as b grows.
    Cannot be repaired in its approach
        E G̃ = ∇²f-average − Σ⁻¹ (Lemma C.1), so no bound that vanishes with b holds
        (f = x²/2: ‖G̃‖² → 0.25). What the proof's ingredients give, on the event every
        ‖u_i‖² ≤ c₃, is a bound free of b:
        ‖G̃(Σ)‖² ≤ (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)².

    Derivation: G̃ = (1/b)Σ_iY_i − Σ⁻¹ with Y_i = (f₊ + f₋ − 2f)/(2α²)·(Σ^{-1/2}u_iu_iᵀΣ^{-1/2}
    − Σ⁻¹); |f₊ + f₋ − 2f| ≤ Lα²‖Σ^{1/2}u_i‖² ≤ Lα²c₃/τ and ‖Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹‖_F ≤
    ζ‖u‖² + √dζ, so ‖Y_i‖_F ≤ Lc₃ζ(c₃ + √d)/(2τ); ‖Σ⁻¹‖_F ≤ √dζ (``d`` only enters through c₃
    and √d; ``b`` only through the event, not the value).

    By hand, d = 1, δ = 1/e: c₃ = 5, L = 2, τ = ζ = 1, so ‖Y_i‖ ≤ 2·5·6/2 = 30 and the bound is
    (30 + 1)² = 961 for every b:

    >>> G_norm_1_bound_corrected(d=1, b=5, delta=math.exp(-1), L=2.0, tau=1.0, zeta=1.0)
    961.0
    """
    c3 = c_constants(d=d, b=b, delta=delta).c3
    zeta = positive_scalar("zeta", zeta)
    M = (positive_scalar("L", L) * c3 * zeta * (c3 + math.sqrt(d))
         / (2 * positive_scalar("tau", tau)))
    return (M + math.sqrt(d) * zeta) ** 2


def chi_threshold_corrected(*, d, b, delta, t) -> float:
    """A_t of Lemma E.8 (PDF Lemma 38) and of A_K in Lemma 5.3, repaired: a radius with
    P(‖u‖² ≥ A_t) ≤ δ/(b(t + 1)²) for u ~ N(0, I_d).

    Printed
        A_t = 8 log(1/(bδ)) + 16 log(t + 1) + d.
    Repaired
        A_t = 8 log(b/δ) + 16 log(t + 1) + d where eq:chi applies (d ≤ 8 log(b/δ) +
        16 log(t + 1)), and Laurent and Massart's d + 2√(dx) + 2x, x = log(b(t + 1)²/δ), for
        larger d (it holds for every d; eq:chi does not).

    >>> round(chi_threshold_corrected(d=1, b=1, delta=1.0 / math.e, t=1), 6)   # 9 + 16 log 2
    20.090355
    """
    d, b, t = positive_int("d", d), positive_int("b", b), positive_int("t", t)
    delta = probability("delta", delta)
    paper = 8.0 * math.log(b / delta) + 16.0 * math.log(t + 1.0)
    if d <= paper:
        return paper + d
    x = math.log(b * (t + 1.0) ** 2 / delta)
    return d + 2.0 * math.sqrt(d * x) + 2.0 * x


def per_step_failures_corrected(*, b) -> int:
    """How many events of probability δ one step of Lemmas 5.1, 5.2 (PDF Lemmas 9, 10) uses:
    ‖u_i‖² ≤ c₃ for each of the b directions (eq:sigma_1), s_max (eq:smax, c₁) and eq:gd_low
    (c₂): b + 2. The statements hold with probability 1 − (b + 2)δ, printed 1 − δ.

    >>> per_step_failures_corrected(b=10)
    12
    """
    return positive_int("b", b) + 2


#: Σ_{t≥2} (t + 1)⁻⁴ = π⁴/90 − 1 − 1/16, the sum in Lemma E.8's term of eq:sto_err
#: (``derivations.lemma53_repair`` derives it).
Y_SUM = math.pi**4 / 90.0 - 1.0 - 1.0 / 16.0


class Lemma53Corrected(NamedTuple):
    A_K: float
    C1: float
    C2: float
    C3: float
    C4: float
    C5: float              # Lemma E.8's Y term, missing from eq:C
    base: float            # the base case needs C ≥ 2·base (‖Σ₂⁻¹ − H*‖² ≤ base)
    C: float
    failures: float        # the proof uses this many events of probability δ: 1 − failures·δ
    valid: bool            # c₂ > 0


def lemma53_constants_corrected(*, d, b, delta, L, sigma, gamma, tau, zeta, alpha, K, f_gap_1,
                                initial_error_sq) -> Lemma53Corrected:
    """The constants of Lemma 5.3 (PDF Lemma 11), repaired. Hypotheses added: every
    ∇²f(μ_t) ∈ S' (eq:alpha_err uses it; e.g. τ ≤ σ and L ≤ ζ) and c₂ > 0.

    Printed (eq:C)
        C = max{9(C₁ + C₂ + C₃)²/4 + 3C₄, 2C₄ + L²/b, ‖Σ₁⁻¹ − H*‖²} with probability 1 − δ.
    Repaired
        C = max{9B²/4 + 3C₄, 2·base, ‖Σ₁⁻¹ − H*‖²}, B = 2(C₁ + C₂ + C₃ + C₅), with probability
        1 − [(K − 1)(b + 3) + 2(π²/6 − 1)]δ, where

        - A_K = ``chi_threshold_corrected`` (log(b/δ), not log(1/(bδ)));
        - C₁ = A_K·max(L, τ)(ζA_K + dζ)/τ·√((2/b) log(K²/δ)) (‖Λ_t‖₂ ≤ max(L, τ)/τ);
        - C₂ = √(64c₁Lζγ²/(c₂τσ²)·(f(μ₁) − f* + (K − 1)max{Δ_{α,1}, Δ_{α,2}})) with the repaired
          Δ's, and ρ₁ halved: the repaired Lemma 5.2 contracts by ξc₂/(32𝓛c₁) ≥ c₂τσ/(32c₁Lζ);
        - C₃ = c₃^{3/2}(c₃ + 1)ζγ√(K − 1)√d·α/(4τ^{3/2}) (γ, and √d for 1/√d);
        - C₄ = ``G_norm_1_bound_corrected`` (free of b: no O(1/b) bound exists);
        - C₅ = 3max(L, τ)dζδ(A_K² + 16A_K + 144)/τ·√(Σ_{t≥2}(t + 1)⁻⁴) (Lemma E.8's term);
        - base = min{d(ζ − τ)², C₄}: Σ₂⁻¹, H* ∈ S' and Σ₂⁻¹ = Π_S'(Σ₁⁻¹ + G̃(Σ₁)).

    Derivation (``derivations.lemma53_repair``): unrolling eq:Sig_dec's recursion gives the
    weights 2(t − 1)/(k(k − 1)) (the printed 1/(k(k − 1)) drops the 2), so Lemma B.6's b is
    2(C₁ + C₂ + C₃ + C₅); its second term keeps (t − 1)/(t k(k − 1)), so c = C₄. The base case
    needs ‖Σ₂⁻¹ − H*‖² ≤ C/2.
    """
    c = c_constants(d=d, b=b, delta=delta)
    K = positive_int("K", K)
    if K < 2:
        raise ValueError(f"K must be >= 2, got {K!r}")
    A_K = chi_threshold_corrected(d=d, b=b, delta=delta, t=K)
    top = max(L, tau)
    C1 = A_K * top * (zeta * A_K + d * zeta) / tau * math.sqrt(2 / b * math.log(K**2 / delta))
    d1 = delta_alpha_1_corrected(d=d, b=b, delta=delta, L=L, gamma=gamma, tau=tau, alpha=alpha)
    d2 = delta_alpha_2_corrected(d=d, b=b, delta=delta, sigma=sigma, gamma=gamma, tau=tau,
                                 zeta=zeta, alpha=alpha)
    inner = (64 * c.c1 * L * zeta * gamma**2 / (c.c2 * tau * sigma**2)
             * (f_gap_1 + (K - 1) * max(d1, d2)))
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = (c.c3**1.5 * (c.c3 + 1) * zeta * gamma * math.sqrt(K - 1) * math.sqrt(d) * alpha
          / (4 * tau**1.5))
    C4 = G_norm_1_bound_corrected(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta)
    C5 = 3 * top * d * zeta * delta * (A_K**2 + 16 * A_K + 144) / tau * math.sqrt(Y_SUM)
    base = min(d * (zeta - tau) ** 2, C4)
    B = 2 * (C1 + C2 + C3 + C5)
    C = max(9 * B**2 / 4 + 3 * C4, 2 * base, initial_error_sq)
    failures = (K - 1) * (b + 3) + 2 * (math.pi**2 / 6 - 1)
    return Lemma53Corrected(A_K, C1, C2, C3, C4, C5, base, C, failures, bool(c.valid))


class Theorem54Corrected(NamedTuple):
    curvature: float     # the bound on 𝓛_k of eq:lxi
    xi: float            # the bound on ξ_k of eq:lxi
    rate: float          # the contraction 1 − ξc₂/(32𝓛c₁) at these bounds
    threshold: float     # the repaired eq:cond at these bounds
    final_rate: float    # c₂/(32c₁): the contraction per step once 𝓛_k = ξ_k = 1


def theorem54_bounds_corrected(*, d, b, delta, L, sigma, gamma, tau, zeta, C, k, f_gap,
                               projection_gap=0.0) -> Theorem54Corrected:
    """Theorem 5.4 (PDF Theorem 12), item 2, repaired.

    Printed
        eq:dec holds with eq:lxi's 𝓛_k, ξ_k (C of eq:C), rate 1 − ξ_kc₂/(8𝓛_kc₁), w.p. 1 − δ;
        final rate 1 − c₂/(8c₁).
    Repaired
        eq:lxi stands with C of ``lemma53_constants_corrected`` (its derivation is right given
        Lemma 5.3); the rate is 1 − ξ_kc₂/(32𝓛_kc₁) inside the repaired eq:cond
        (``local_region_threshold_corrected``), the final rate 1 − c₂/(32c₁), with probability
        1 − [(K − 1)(b + 3) + 2(π²/6 − 1)]δ (Lemma 5.3's count; each step's own b + 2 events are
        among them).

    Derivation: the rate is increasing in 𝓛 and decreasing in ξ, so it is bounded at eq:lxi's
    bounds; with 𝓛_k = ξ_k = 1 it is 1 − c₂/(32c₁).
    """
    printed = theorem54_bounds(L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, C=C, k=k,
                               f_gap=f_gap, projection_gap=projection_gap)
    rate = lemma52_rate_corrected(d=d, b=b, delta=delta, xi=printed.xi,
                                  curvature=printed.curvature).rate
    threshold = local_region_threshold_corrected(L=L, sigma=sigma, gamma=gamma, tau=tau,
                                                 xi=printed.xi, curvature=printed.curvature)
    c = c_constants(d=d, b=b, delta=delta)
    return Theorem54Corrected(printed.curvature, printed.xi, rate, threshold,
                              c.c2 / (32 * c.c1))


# ---------------------------------------------------------------------------------------------
# One boundary for every bound: τ ≤ ζ, and a named error instead of an overflow
# ---------------------------------------------------------------------------------------------

#: Bounds that return +∞ or NaN by design: the local region of a quadratic is all of R^d
#: (``local_region_threshold``, ``nab_f_threshold``), eq:alp_cond sets no limit for γ = 0, and
#: C₂ is the root of a negative number where c₂ ≤ 0 (``lemma53_constants`` flags it ``valid``).
NON_FINITE_BY_DESIGN = {"local_region_threshold", "nab_f_threshold", "alpha_condition",
                         "lemma53_constants", "local_region_threshold_corrected",
                         "lemma53_constants_corrected", "theorem54_bounds_corrected"}


def _arguments(args, kwargs) -> str:
    shown = [f"{np.shape(a)} array" if np.ndim(a) else repr(a) for a in args]
    return ", ".join(shown + [f"{k}={v!r}" for k, v in kwargs.items()])


#: The rule for each of the paper's symbols (one table for every bound): counts are integers
#: >= 1, δ lies in (0, 1), γ and the gaps and errors are >= 0, f(μ) and f(μ_k) − f* are finite
#: (rounding may make a gap slightly negative), every other scalar symbol is > 0.
SYMBOL_RULES = {
    **dict.fromkeys(("d", "b", "K", "k", "t", "gamma_power"), positive_int),
    "delta": probability,
    **dict.fromkeys(("gamma", "C", "f_gap_1", "initial_error_sq", "delta_alpha",
                     "projection_gap", "projected_gradient_sq", "projected_gradient_norm"),
                    nonnegative_scalar),
    **dict.fromkeys(("f_mu", "f_gap"), finite_scalar),
    **dict.fromkeys(("L", "tau", "zeta", "alpha", "xi", "curvature", "rho1"), positive_scalar),
}


def _check_symbols(kwargs, matrix_sigma: bool) -> None:
    """Apply ``SYMBOL_RULES`` to the keyword arguments (a scalar ``sigma``; the matrix ``sigma``
    of ``expected_cubed_norm`` and ``phi`` is checked there); the values are not replaced."""
    for name, value in kwargs.items():
        rule = SYMBOL_RULES.get(name)
        if name == "sigma" and not matrix_sigma:
            rule = positive_scalar
        if rule is not None:
            rule(name, value)


def _checked(function):
    """Wrap a bound: every symbol must satisfy its rule (``SYMBOL_RULES``), where it takes
    ``tau`` and ``zeta`` they must satisfy τ ≤ ζ (S' is empty otherwise), and arithmetic that
    overflows (an infinite or NaN result from finite arguments, or Python's OverflowError)
    raises ``FloatingPointError`` naming the bound and its arguments."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        _check_symbols(kwargs, function.__name__ in ("expected_cubed_norm", "phi"))
        if "tau" in kwargs and "zeta" in kwargs:
            interval("tau", kwargs["tau"], "zeta", kwargs["zeta"])
        try:
            result = function(*args, **kwargs)
        except (OverflowError, ZeroDivisionError) as error:
            raise FloatingPointError(f"{function.__name__} overflowed ({error}) at "
                                     f"{_arguments(args, kwargs)}") from error
        if function.__name__ not in NON_FINITE_BY_DESIGN:
            values = result if isinstance(result, tuple) else (result,)
            if any(isinstance(v, float) and not math.isfinite(v) for v in values):
                raise FloatingPointError(f"{function.__name__} is not finite at "
                                         f"{_arguments(args, kwargs)}: the "
                                         f"arguments are too large or too small for floats "
                                         f"(got {result!r})")
        return result
    return wrapper


for _name in __all__:
    if isinstance(globals()[_name], type(_checked)):          # the functions, not the tuples
        globals()[_name] = _checked(globals()[_name])

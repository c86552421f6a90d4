"""Appendix D, properties of g̃(μ) and G̃(Σ), and Appendix E, the proof of Lemma 5.3: the
lemmas the proofs of Section 5 rest on, as printed (errata noted in the docstrings)."""

from __future__ import annotations

import math
from typing import NamedTuple

from .checking import checked
from .section5 import c_constants

__all__ = [
    "GG_bound",
    "G_norm_1_bound",
    "G_norm_bound",
    "NuBounds",
    "alpha_err_coefficient",
    "chi_threshold",
    "dd_bound",
    "hh_bound",
    "nu_bounds",
    "sig2_bound",
    "sto_err_coefficient",
    "tgm3_bound",
]


class NuBounds(NamedTuple):
    nu_max: float  # eq:sigma_1, the bound on each |ν_i|
    nu_sq: float  # eq:nu, the bound on ‖ν‖²
    U_nu_sq: float  # eq:nu, the bound on ‖Ũν‖²


@checked
def nu_bounds(
    *, d: int, b: int, delta: float, gamma: float, tau: float, alpha: float, gamma_power: int = 1
) -> NuBounds:
    """eq:sigma_1 and eq:nu (Lemmas D.1, D.2): |ν_i| ≤ γα²c₃^{3/2}/(6τ^{3/2}),
    ‖ν‖² ≤ γ b α⁴ c₃³/(36τ³), ‖Ũν‖² ≤ γ b α⁴ c₃⁴/(36τ⁴), c₃ = 2d + 3 log(1/δ).

    eq:nu prints γ where squaring eq:sigma_1 gives γ² (``gamma_power=2`` is the corrected form).

    >>> round(nu_bounds(d=1, b=1, delta=math.exp(-1), gamma=6.0, tau=1.0, alpha=1.0).nu_max, 6)
    11.18034
    """
    if gamma_power not in (1, 2):
        raise ValueError(
            f"gamma_power must be 1 (as printed) or 2 (corrected), got {gamma_power!r}"
        )
    c3 = c_constants(d=d, b=b, delta=delta).c3
    return NuBounds(
        gamma * alpha**2 * c3**1.5 / (6 * tau**1.5),
        gamma**gamma_power * b * alpha**4 * c3**3 / (36 * tau**3),
        gamma**gamma_power * b * alpha**4 * c3**4 / (36 * tau**4),
    )


@checked
def hh_bound(
    *,
    d: int,
    b: int,
    delta: float,
    curvature: float,
    gamma: float,
    tau: float,
    alpha: float,
    projected_gradient_sq: float,
) -> float:
    """eq:hh (Lemma D.4): ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f(μ)‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), for
    ∇²f(μ) ⪯ 𝓛Σ⁻¹ and ``projected_gradient_sq`` = ‖UᵀΣ^{1/2}∇f(μ)‖²."""
    c = c_constants(d=d, b=b, delta=delta)
    return (
        2 * curvature * c.c1 / b** 2 * projected_gradient_sq
        + curvature * gamma** 2 * alpha** 4 * c.c3** 4 / (18 * b * tau**3)
    )


@checked
def tgm3_bound(
    *,
    d: int,
    b: int,
    delta: float,
    gamma: float,
    tau: float,
    alpha: float,
    projected_gradient_norm: float,
) -> float:
    """eq:tgm_3 (Lemma D.5): ‖g̃‖ ≤ γα²c₃²/(6√b τ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f(μ)‖."""
    c = c_constants(d=d, b=b, delta=delta)
    return (
        gamma * alpha**2 * c.c3**2 / (6 * math.sqrt(b) * tau**2)
        + math.sqrt(c.c1) / (b * math.sqrt(tau)) * projected_gradient_norm
    )


@checked
def G_norm_bound(*, d: int, delta: float, L: float, tau: float, zeta: float, alpha: float) -> float:
    """eq:G_norm (Lemma D.6):
    ‖(f(μ−αΣ^{1/2}u) + f(μ+αΣ^{1/2}u) − 2f(μ))(Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹)‖_F
    ≤ 2Lτ⁻¹α²r(ζr + √dζ), r = 2d + 2 log(1/δ) as printed (eq:u_norm gives 2d + 3 log(1/δ))."""
    r = 2.0 * d + 2.0 * math.log(1.0 / delta)
    return 2 * L / tau * alpha**2 * r * (zeta * r + math.sqrt(d) * zeta)


@checked
def GG_bound(*, d: int, delta: float, gamma: float, tau: float, zeta: float, alpha: float) -> float:
    """eq:GG (Lemma D.6):
    ‖BG(Σ) − (1/2b)Σ_i u_iᵀΣ^{1/2}∇²f(μ)Σ^{1/2}u_i(Σ^{-1/2}u_iu_iᵀΣ^{-1/2} − Σ⁻¹)‖₂
    ≤ c₃^{3/2}(c₃ + 1)ζγα/(4τ^{3/2}) (the statement's c₃ = 2d + 3 log(1/δ))."""
    c3 = c_constants(d=d, b=1, delta=delta).c3
    return c3**1.5 * (c3 + 1) * zeta * gamma * alpha / (4 * tau**1.5)


@checked
def G_norm_1_bound(*, d: int, b: int, delta: float, L: float, tau: float, zeta: float) -> float:
    """eq:G_norm_1 and eq:G_norm_2 (Lemma D.7): ‖G̃(Σ_k)‖² and ‖G̃(Σ_k) − (H* − Σ_k⁻¹)‖² are both
    ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b). (It tends to 0 as b grows, but E G̃ = H − Σ⁻¹ does not:
    see the erratum on this lemma.)"""
    c3 = c_constants(d=d, b=b, delta=delta).c3
    return 2 * L**2 * c3**2 * (zeta * c3 + math.sqrt(d) * zeta) ** 2 / (
        b * tau**2
    ) + d * zeta**2 / (2 * b)


@checked
def sig2_bound(*, d: int, b: int, delta: float, L: float, tau: float, zeta: float) -> float:
    """eq:Sig_2_bnd (Lemma E.2): ‖Σ₂⁻¹ − H*‖² ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b."""
    return 2.0 * G_norm_1_bound(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta)


@checked
def alpha_err_coefficient(
    *, d: int, delta: float, gamma: float, tau: float, zeta: float, k: int, printed: bool = True
) -> float:
    """eq:alpha_err (Lemma E.4): the factor c₃^{3/2}(c₃+1)ζγ√(k−1)/(4τ^{3/2}d^{1/2}) that multiplies
    α·(Σ_t (t−1)²‖Σ_t⁻¹ − H*‖²)^{1/2} as printed. The proof bounds each ⟨A_t, D_t⟩ by eq:GG, a
    bound on the spectral norm ‖A_t‖₂, times the Frobenius norm ‖D_t‖; but ⟨A, D⟩ ≤ ‖A‖₂‖D‖_* ≤
    √d‖A‖₂‖D‖_F (equality at A = D = I), so the factor must be eq:GG's constant times
    √(k − 1)·√d (``printed=False``): the printed one is d times too small (erratum)."""
    scale = 1.0 / math.sqrt(d) if printed else math.sqrt(d)
    return (
        GG_bound(d=d, delta=delta, gamma=gamma, tau=tau, zeta=zeta, alpha=1.0)
        * math.sqrt(k - 1)
        * scale
    )


@checked
def chi_threshold(*, d: int, b: int, delta: float, t: int, printed: bool = True) -> float:
    """A_t of Lemma E.8 (lem:Y): 8 log(1/(bδ)) + 16 log(t + 1) + d as printed, or the corrected
    8 log(b/δ) + 16 log(t + 1) + d for which eq:chi gives P(‖u‖² ≥ A_t) ≤ δ/(b(t + 1)²)
    (eq:chi_1)."""
    first = math.log(1.0 / (b * delta)) if printed else math.log(b / delta)
    return 8.0 * first + 16.0 * math.log(t + 1.0) + d


@checked
def sto_err_coefficient(
    *, d: int, b: int, delta: float, L: float, tau: float, zeta: float, k: int
) -> float:
    """eq:sto_err (Lemma E.9): A_k L(ζA_k + dζ)/(k(k−1)τ)·√((2/b) log(k²/δ)), the factor of
    (Σ_t (t−1)²‖Σ_t⁻¹ − H*‖²)^{1/2} (printed ‖Σ_t − H*‖, a typo), A_k as printed; k ≥ 2."""
    if k < 2:
        raise ValueError(f"k must be >= 2, got {k!r}")
    A_k = chi_threshold(d=d, b=b, delta=delta, t=k)
    return (
        A_k
        * L
        * (zeta * A_k + d * zeta)
        / (k * (k - 1) * tau)
        * math.sqrt(2.0 / b * math.log(k**2 / delta))
    )


@checked
def dd_bound(
    *, gamma: float, rho1: float, sigma: float, f_gap_1: float, k: int, delta_alpha: float
) -> float:
    """eq:dd (Lemma E.10): Σ_{t=2}^k ‖H_t − H*‖² ≤ 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k−1)max{Δ_α,1, Δ_α,2}),
    ρ₁ = c₂τσ/(16Lc₁ζ) (``delta_alpha`` = the max)."""
    return 2 * gamma**2 / (rho1 * sigma) * (f_gap_1 + (k - 1) * delta_alpha)

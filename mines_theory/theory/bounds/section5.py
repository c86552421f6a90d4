"""Section 5, convergence: the constants of eq:c1 and Lemmas 5.1–5.3, Theorem 5.4 (PDF Lemmas
9–11, Theorem 12) as printed, with eq:nab_rst (Lemma E.1), the second half of eq:cond."""

from __future__ import annotations

import math
from typing import NamedTuple

from .checking import checked

__all__ = [
    "CConstants",
    "Lemma53Constants",
    "Rate",
    "Theorem54",
    "c_constants",
    "delta_alpha_1",
    "delta_alpha_2",
    "lemma51_rate",
    "lemma52_rate",
    "lemma53_constants",
    "local_region_threshold",
    "nab_f_threshold",
    "theorem54_bounds",
]


class CConstants(NamedTuple):
    """c1, c2, c3 of eq:c1, and whether c2 > 0 (for c2 ≤ 0 Lemmas 5.1 and 5.2 are vacuous)."""

    c1: float
    c2: float
    c3: float
    valid: bool


@checked
def c_constants(*, d: int, b: int, delta: float) -> CConstants:
    """The constants of eq:c1 (Lemma 5.1), evaluated exactly as printed:

    c1 = (√d + √b + √(2 log(2/δ)))²,  c2 = b − 2√(b log(1/δ)),  c3 = 2d + 3 log(1/δ).

    c2 is negative for small b (b < 4 log(1/δ)); the value is returned with ``valid=False``.

    By hand: √10 = 3.162278, √(2 ln 20) = 2.447747, √(10 ln 10) = 4.798526, so

    >>> c = c_constants(d=10, b=10, delta=0.1)
    >>> round(c.c1, 4), round(c.c2, 4), round(c.c3, 4), c.valid
    (76.9533, 0.4029, 26.9078, True)
    """
    c1 = (math.sqrt(d) + math.sqrt(b) + math.sqrt(2.0 * math.log(2.0 / delta))) ** 2
    c2 = b - 2.0 * math.sqrt(b * math.log(1.0 / delta))
    c3 = 2.0 * d + 3.0 * math.log(1.0 / delta)
    return CConstants(c1, c2, c3, c2 > 0.0)


class Rate(NamedTuple):
    """A per-step contraction factor ρ (f_{k+1} − f* ≤ ρ(f_k − f*) + Δ) and whether it
    contracts (ρ < 1); with c₂ ≤ 0 the factor is ≥ 1 and the lemma is vacuous."""

    rate: float
    valid: bool


@checked
def lemma51_rate(
    *, d: int, b: int, delta: float, L: float, sigma: float, tau: float, zeta: float
) -> Rate:
    """Lemma 5.1 (eq:dec_0): ρ = 1 − c₂τσ/(16 c₁ L ζ)."""
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - c.c2 * tau * sigma / (16.0 * c.c1 * L * zeta)
    return Rate(rate, c.valid and rate < 1.0)


@checked
def delta_alpha_1(
    *, d: int, b: int, delta: float, L: float, gamma: float, tau: float, zeta: float, alpha: float
) -> float:
    """Δ_{α,1} of Lemma 5.1: c₃³γbα⁴/(2⁵·3²·c₁Lζτ³)·(1 + c₁c₃/(2τζ)); zero for a quadratic.

    As printed it is not in units of f: with α² in units of f, L, ζ, τ in f/length² and γ in
    f/length³, the leading term is in length⁷/f², and the bracket adds a number to c₁c₃/(2τζ),
    in length⁴/f² (see ``delta_alpha_1_corrected``)."""
    c = c_constants(d=d, b=b, delta=delta)
    return (
        c.c3**3
        * gamma
        * b
        * alpha**4
        / (2**5 * 3**2 * c.c1 * L * zeta * tau**3)
        * (1.0 + c.c1 * c.c3 / (2 * tau * zeta))
    )


@checked
def lemma52_rate(*, d: int, b: int, delta: float, xi: float, curvature: float) -> Rate:
    """Lemma 5.2 (eq:dec): ρ = 1 − ξ_k c₂/(8 𝓛_k c₁), for ξ_kΣ_k⁻¹ ⪯ ∇²f(μ_k) ⪯ 𝓛_kΣ_k⁻¹."""
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - xi * c.c2 / (8.0 * curvature * c.c1)
    return Rate(rate, c.valid and rate < 1.0)


@checked
def delta_alpha_2(
    *,
    d: int,
    b: int,
    delta: float,
    sigma: float,
    gamma: float,
    tau: float,
    zeta: float,
    alpha: float,
) -> float:
    """Δ_{α,2} of Lemma 5.2 (three terms in γ and α⁴, α⁶); zero for a quadratic."""
    c = c_constants(d=d, b=b, delta=delta)
    return (
        b**1.5
        * zeta**3
        * gamma**4
        * c.c3**6
        * alpha**6
        / (2**8 * 3**4 * sigma**3 * c.c1**3 * tau**6)
        + b * zeta * gamma**2 * c.c3**4 * alpha**4 / (2**5 * 3**2 * sigma * tau**3 * c.c1**2)
        + b * gamma * c.c3**3 * alpha**4 / (2**5 * 3**2 * tau**3 * c.c1)
    )


@checked(non_finite=True)
def nab_f_threshold(*, L: float, sigma: float, gamma: float, tau: float, xi: float) -> float:
    """eq:nab_rst (Lemma E.1): ‖∇f(μ_k)‖²_{Σ_k} ≥ ξ_k(f(μ_k) − f*) once f(μ_k) − f* is at most
    ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²); +∞ for γ = 0."""
    if gamma == 0.0:
        return math.inf
    return xi**2 * sigma**3 / (8 * gamma**2 * (L / tau + 2 * xi) ** 2)


@checked(non_finite=True)
def local_region_threshold(
    *, L: float, sigma: float, gamma: float, tau: float, xi: float, curvature: float
) -> float:
    """eq:cond: the largest f(μ_k) − f* of the local region,
    min{2³·3²·𝓛_k⁴τ⁴/(Lγ²), ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)}; +∞ for a quadratic (γ = 0)."""
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
    valid: bool  # A_K's log(1/(bδ)) term is ≥ 0 and c₂ > 0


@checked(non_finite=True)
def lemma53_constants(
    *,
    d: int,
    b: int,
    delta: float,
    L: float,
    sigma: float,
    gamma: float,
    tau: float,
    zeta: float,
    alpha: float,
    K: int,
    f_gap_1: float,
    initial_error_sq: float,
) -> Lemma53Constants:
    """The constants of Lemma 5.3 (eq:C), evaluated as printed. ``f_gap_1`` = f(μ₁) − f*,
    ``initial_error_sq`` = ‖Σ₁⁻¹ − H*‖². ``valid`` is False where a printed ingredient is
    ill-defined: log(1/(bδ)) < 0 (bδ > 1) makes A_K's first term negative, and c₂ ≤ 0 makes C₂
    the square root of a negative number (returned as NaN)."""
    c = c_constants(d=d, b=b, delta=delta)
    A_K = 8 * math.log(1 / (b * delta)) + 16 * math.log(K + 1) + d
    C1 = A_K * L * (zeta * A_K + d * zeta) / tau * math.sqrt(2 / b * math.log(K**2 / delta))
    d1 = delta_alpha_1(d=d, b=b, delta=delta, L=L, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha)
    d2 = delta_alpha_2(
        d=d, b=b, delta=delta, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha
    )
    inner = (
        32
        * c.c1
        * L
        * zeta
        * gamma**2
        / (c.c2 * tau * sigma**2)
        * (f_gap_1 + (K - 1) * max(d1, d2))
    )
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = c.c3**1.5 * (c.c3 + 1) * zeta * math.sqrt(K - 1) / (4 * tau**1.5 * math.sqrt(d)) * alpha
    C4 = 2 * L**2 * c.c3**2 * (c.c3 * zeta + math.sqrt(d) * zeta) ** 2 / (
        b * tau**2
    ) + d * zeta**2 / (2 * b)
    C = eq_C(C1, C2, C3, C4, L=L, b=b, initial_error_sq=initial_error_sq)
    return Lemma53Constants(A_K, C1, C2, C3, C4, C, bool(b * delta <= 1 and c.valid))


def eq_C(
    C1: float, C2: float, C3: float, C4: float, *, L: float, b: int, initial_error_sq: float
) -> float:
    """eq:C's last line, as printed: C = max(9(C₁ + C₂ + C₃)²/4 + 3C₄, 2C₄ + L²/b,
    ‖Σ₁⁻¹ − H*‖²), from constants already computed (``lemma53_constants``; the corrigendum
    evaluates it with another C₃). Not a bound of its own, so not ``@checked``."""
    return max(9 * (C1 + C2 + C3) ** 2 / 4 + 3 * C4, 2 * C4 + L**2 / b, initial_error_sq)


class Theorem54(NamedTuple):
    curvature: float  # the bound on 𝓛_k of eq:lxi
    xi: float  # the bound on ξ_k of eq:lxi


@checked
def theorem54_bounds(
    *,
    L: float,
    sigma: float,
    gamma: float,
    tau: float,
    zeta: float,
    C: float,
    k: int,
    f_gap: float,
    projection_gap: float = 0.0,
) -> Theorem54:
    """eq:lxi: 𝓛_k ≤ min{L/τ, 1 + τ⁻¹e_k} and ξ_k ≥ max{σ/ζ, 1 − τ⁻¹e_k} with
    e_k = √(C/k) + γ√(2(f(μ_k) − f*)/σ) + ‖∇²f(μ_k) − Π_S'(∇²f(μ_k))‖ (``projection_gap``);
    a negative ``f_gap`` (rounding) counts as 0."""
    e = math.sqrt(C / k) + gamma * math.sqrt(2 * max(f_gap, 0.0) / sigma) + projection_gap
    return Theorem54(min(L / tau, 1 + e / tau), max(sigma / zeta, 1 - e / tau))

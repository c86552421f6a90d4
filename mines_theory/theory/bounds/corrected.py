"""The corrigendum: Theorem 3.3, Lemmas 5.1–5.3, Theorem 5.4 and the appendix lemmas they use,
repaired. Each docstring gives the printed form, the repaired one and its derivation
(``derivations`` derives the algebra with sympy); the printed forms are in ``section3``,
``section5`` and ``appendix``."""

from __future__ import annotations

import math
from typing import NamedTuple

from .appendix import NuBounds
from .checking import checked
from .section3 import Theorem33, theorem33_bounds
from .section5 import Rate, c_constants, nab_f_threshold, theorem54_bounds

__all__ = [
    "G_norm_1_bound_corrected",
    "Lemma53Corrected",
    "Theorem54Corrected",
    "Y_SUM",
    "chi_threshold_corrected",
    "delta_alpha_1_corrected",
    "delta_alpha_2_corrected",
    "hh_bound_corrected",
    "lemma52_rate_corrected",
    "lemma53_constants_corrected",
    "local_region_threshold_corrected",
    "nu_bounds_corrected",
    "per_step_failures_corrected",
    "tgm3_bound_corrected",
    "theorem33_bounds_corrected",
    "theorem54_bounds_corrected",
]


@checked
def theorem33_bounds_corrected(
    *, d: int, L: float, sigma: float, gamma: float, tau: float, zeta: float, alpha: float
) -> Theorem33:
    """Theorem 3.3 with the step eq:R repaired: R(Σ*) − R(Σ̂*) = α²/2·(log det Σ̂* − log det Σ*)
    ≤ dα²/2·log(ζ/τ) for Σ*, Σ̂* ∈ S (the printed step bounds a difference of logarithms by the
    difference of the numbers, which fails when eigenvalues are below 1)."""
    printed = theorem33_bounds(d=d, L=L, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha)
    gap = (
        printed.f_gap
        - d * alpha**2 / 2 * (1 / tau - 1 / zeta)
        + d * alpha**2 / 2 * math.log(zeta / tau)
    )
    return Theorem33(gap, 2 * gap / sigma)


@checked
def delta_alpha_1_corrected(
    *, d: int, b: int, delta: float, L: float, gamma: float, tau: float, alpha: float
) -> float:
    """Δ_{α,1} as the proof of Lemma 5.1 gives it once η₁ = bτ/(4Lc₁) is substituted correctly
    (coefficients τ/(8Lc₁) of ‖ν‖² and Lη²/b² ≤ τ²/(16Lc₁²) of ‖Ũν‖²), with eq:nu's γ² and
    ‖Ũν‖² ≤ (c₁/τ)‖ν‖²: c₃³γ²bα⁴/(2⁶·3·c₁Lτ²)."""
    c = c_constants(d=d, b=b, delta=delta)
    return c.c3**3 * gamma**2 * b * alpha**4 / (2**6 * 3 * c.c1 * L * tau**2)


@checked
def lemma52_rate_corrected(*, d: int, b: int, delta: float, xi: float, curvature: float) -> Rate:
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
    rate = 1.0 - xi * c.c2 / (32.0 * curvature * c.c1)
    return Rate(rate, c.valid and rate < 1.0)


@checked(non_finite=True)
def local_region_threshold_corrected(
    *, L: float, sigma: float, gamma: float, tau: float, xi: float, curvature: float
) -> float:
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
    if gamma == 0.0:
        return math.inf
    first = 9.0 * curvature**4 * tau**4 / (2.0 * L * gamma**2)
    return min(first, nab_f_threshold(L=L, sigma=sigma, gamma=gamma, tau=tau, xi=xi))


@checked
def delta_alpha_2_corrected(
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
    return b**1.5 * zeta**3 * gamma**4 * c.c3**4.5 * alpha**6 / (
        2**8 * 3**4 * sigma**3 * c.c1**1.5 * tau**6
    ) + b * zeta * gamma**2 * c.c3**3 * alpha**4 / (2**6 * 3 * sigma * tau**3 * c.c1)


@checked
def nu_bounds_corrected(
    *, d: int, b: int, delta: float, gamma: float, tau: float, alpha: float
) -> NuBounds:
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
    nu_sq = gamma**2 * b * alpha**4 * c.c3**3 / (36 * tau**3)
    return NuBounds(gamma * alpha**2 * c.c3**1.5 / (6 * tau**1.5), nu_sq, c.c1 / tau * nu_sq)


@checked
def hh_bound_corrected(
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
    """eq:hh (Lemma D.4, PDF Lemma 27), repaired.

    Printed
        ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖w‖² + 𝓛γ²α⁴c₃⁴/(18bτ³), w = UᵀΣ^{1/2}∇f(μ).
    Repaired (Σ ∈ S, as ``nu_bounds_corrected``)
        ‖g̃‖²_{∇²f(μ)} ≤ 2𝓛c₁/b²·‖w‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³).

    Derivation: the proof's νᵀUᵀΣ^{1/2}HΣ^{1/2}Uν ≤ 𝓛‖Uν‖² ≤ 𝓛c₁‖ν‖² ≤ 𝓛c₁γ²bα⁴c₃³/(36τ³),
    times 2/b²: c₃⁴ becomes c₁c₃³.
    """
    c = c_constants(d=d, b=b, delta=delta)
    return (
        2 * curvature * c.c1 / b** 2 * projected_gradient_sq
        + curvature * c.c1 * gamma** 2 * alpha** 4 * c.c3** 3 / (18 * b * tau**3)
    )


@checked
def tgm3_bound_corrected(
    *,
    d: int,
    b: int,
    delta: float,
    gamma: float,
    tau: float,
    alpha: float,
    projected_gradient_norm: float,
) -> float:
    """eq:tgm_3 (Lemma D.5, PDF Lemma 28), repaired.

    Printed
        ‖g̃‖ ≤ γα²c₃²/(6√b τ²) + √c₁/(bτ^{1/2})·‖w‖.
    Repaired (Σ ∈ S, as ``nu_bounds_corrected``)
        ‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√b τ²) + √c₁/(bτ^{1/2})·‖w‖.

    Derivation: ‖Ũν‖/b ≤ √(c₁/τ)‖ν‖/b ≤ √(c₁/τ)·√b·γα²c₃^{3/2}/(6τ^{3/2})/b.
    """
    c = c_constants(d=d, b=b, delta=delta)
    return (
        math.sqrt(c.c1) * gamma * alpha**2 * c.c3**1.5 / (6 * math.sqrt(b) * tau**2)
        + math.sqrt(c.c1) / (b * math.sqrt(tau)) * projected_gradient_norm
    )


@checked
def G_norm_1_bound_corrected(
    *, d: int, b: int, delta: float, L: float, tau: float, zeta: float
) -> float:
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
    M = L * c3 * zeta * (c3 + math.sqrt(d)) / (2 * tau)
    return (M + math.sqrt(d) * zeta) ** 2


@checked
def chi_threshold_corrected(*, d: int, b: int, delta: float, t: int) -> float:
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
    paper = 8.0 * math.log(b / delta) + 16.0 * math.log(t + 1.0)
    if d <= paper:
        return paper + d
    x = math.log(b * (t + 1.0) ** 2 / delta)
    return d + 2.0 * math.sqrt(d * x) + 2.0 * x


@checked
def per_step_failures_corrected(*, b: int) -> int:
    """How many events of probability δ one step of Lemmas 5.1, 5.2 (PDF Lemmas 9, 10) uses:
    ‖u_i‖² ≤ c₃ for each of the b directions (eq:sigma_1), s_max (eq:smax, c₁) and eq:gd_low
    (c₂): b + 2. The statements hold with probability 1 − (b + 2)δ, printed 1 − δ.

    >>> per_step_failures_corrected(b=10)
    12
    """
    return b + 2


#: Σ_{t≥2} (t + 1)⁻⁴ = π⁴/90 − 1 − 1/16, the sum in Lemma E.8's term of eq:sto_err
#: (``derivations.lemma53_repair`` derives it).
Y_SUM = math.pi**4 / 90.0 - 1.0 - 1.0 / 16.0


class Lemma53Corrected(NamedTuple):
    A_K: float
    C1: float
    C2: float
    C3: float
    C4: float
    C5: float  # Lemma E.8's Y term, missing from eq:C
    base: float  # the base case needs C ≥ 2·base (‖Σ₂⁻¹ − H*‖² ≤ base)
    C: float
    failures: float  # the proof uses this many events of probability δ: 1 − failures·δ
    valid: bool  # c₂ > 0


@checked(non_finite=True)
def lemma53_constants_corrected(
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
) -> Lemma53Corrected:
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
    if K < 2:
        raise ValueError(f"K must be >= 2, got {K!r}")
    c = c_constants(d=d, b=b, delta=delta)
    A_K = chi_threshold_corrected(d=d, b=b, delta=delta, t=K)
    top = max(L, tau)
    C1 = A_K * top * (zeta * A_K + d * zeta) / tau * math.sqrt(2 / b * math.log(K**2 / delta))
    d1 = delta_alpha_1_corrected(d=d, b=b, delta=delta, L=L, gamma=gamma, tau=tau, alpha=alpha)
    d2 = delta_alpha_2_corrected(
        d=d, b=b, delta=delta, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha
    )
    inner = (
        64
        * c.c1
        * L
        * zeta
        * gamma**2
        / (c.c2 * tau * sigma**2)
        * (f_gap_1 + (K - 1) * max(d1, d2))
    )
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = (
        c.c3**1.5
        * (c.c3 + 1)
        * zeta
        * gamma
        * math.sqrt(K - 1)
        * math.sqrt(d)
        * alpha
        / (4 * tau**1.5)
    )
    C4 = G_norm_1_bound_corrected(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta)
    C5 = 3 * top * d * zeta * delta * (A_K**2 + 16 * A_K + 144) / tau * math.sqrt(Y_SUM)
    base = min(d * (zeta - tau) ** 2, C4)
    B = 2 * (C1 + C2 + C3 + C5)
    C = max(9 * B**2 / 4 + 3 * C4, 2 * base, initial_error_sq)
    failures = (K - 1) * (b + 3) + 2 * (math.pi**2 / 6 - 1)
    return Lemma53Corrected(A_K, C1, C2, C3, C4, C5, base, C, failures, bool(c.valid))


class Theorem54Corrected(NamedTuple):
    curvature: float  # the bound on 𝓛_k of eq:lxi
    xi: float  # the bound on ξ_k of eq:lxi
    rate: float  # the contraction 1 − ξc₂/(32𝓛c₁) at these bounds
    threshold: float  # the repaired eq:cond at these bounds
    final_rate: float  # c₂/(32c₁): the contraction per step once 𝓛_k = ξ_k = 1


@checked(non_finite=True)
def theorem54_bounds_corrected(
    *,
    d: int,
    b: int,
    delta: float,
    L: float,
    sigma: float,
    gamma: float,
    tau: float,
    zeta: float,
    C: float,
    k: int,
    f_gap: float,
    projection_gap: float = 0.0,
) -> Theorem54Corrected:
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
    printed = theorem54_bounds(
        L=L,
        sigma=sigma,
        gamma=gamma,
        tau=tau,
        zeta=zeta,
        C=C,
        k=k,
        f_gap=f_gap,
        projection_gap=projection_gap,
    )
    rate = lemma52_rate_corrected(
        d=d, b=b, delta=delta, xi=printed.xi, curvature=printed.curvature
    ).rate
    threshold = local_region_threshold_corrected(
        L=L, sigma=sigma, gamma=gamma, tau=tau, xi=printed.xi, curvature=printed.curvature
    )
    c = c_constants(d=d, b=b, delta=delta)
    return Theorem54Corrected(printed.curvature, printed.xi, rate, threshold, c.c2 / (32 * c.c1))

"""The corrigendum: Theorem 3.3, Lemmas 5.1–5.3, Theorem 5.4 and the appendix lemmas they use,
repaired. Each docstring gives the printed form, the repaired one and its derivation
(``derivations`` derives the algebra with sympy); the printed forms are in ``section3``,
``section5`` and ``appendix``. Theorem 3.3's repaired step (no repair of the corrigendum
declares it) is in ``section3``, beside its printed and its O(α⁴) forms."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
import scipy.stats

from mines_theory.validation import interval

from .appendix import NuBounds
from .checking import checked
from .section5 import Rate, c_constants, nab_f_threshold, theorem54_bounds

__all__ = [
    "EXACT_TAIL_STEPS",
    "Concentration",
    "G_norm_1_bound_corrected",
    "G_norm_1_supremum_d1",
    "Lemma53Corrected",
    "Theorem54Corrected",
    "YTerm",
    "Y_SUM",
    "alpha_term_constant_corrected",
    "chi_threshold_corrected",
    "concentration_constant_corrected",
    "delta_alpha_1_corrected",
    "delta_alpha_2_corrected",
    "hh_bound_corrected",
    "lemma51_rate_corrected",
    "lemma52_rate_corrected",
    "lemma53_constants_corrected",
    "local_region_threshold_corrected",
    "nu_bounds_corrected",
    "per_step_failures_corrected",
    "tgm3_bound_corrected",
    "theorem54_bounds_corrected",
    "y_term_constant_corrected",
]


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
def lemma51_rate_corrected(
    *, d: int, b: int, delta: float, L: float, sigma: float, tau: float, zeta: float
) -> Rate:
    """Lemma 5.1 (PDF Lemma 9), the rate its own chain gives.

    Printed
        ρ = 1 − c₂τσ/(16c₁Lζ) (eq:dec_0).
    Repaired
        ρ = 1 − c₂τσ/(8c₁Lζ); the printed /16 is true too, conservative by exactly 2.

    Derivation (``derivations.lemma51_repair``, ``rate``): at η = bτ/(4Lc₁) the coefficient of
    ‖Ũᵀ∇f‖² is −τ/(16Lc₁) (the proof prints −1/(16Lζ)); eq:gd_low gives ‖Ũᵀ∇f‖² ≥
    c₂‖Σ^{1/2}∇f‖² ≥ (c₂/ζ)‖∇f‖² (Σ ⪰ I/ζ), and σ-strong convexity the Polyak–Łojasiewicz
    inequality ‖∇f‖² ≥ 2σ(f − f*), where the proof uses σ(f − f*). Lemma 5.3's C₂ does not
    change: the repaired Lemma 5.2's c₂τσ/(32c₁Lζ), a quarter of this rate, is the smaller.

    By hand at d = b = 10, δ = 0.1 (c₁ = 76.9533, c₂ = 0.4029), L = ζ = 2, σ = τ = 1:
    1 − 0.4029/(8·76.9533·4) = 0.999836.

    >>> round(lemma51_rate_corrected(d=10, b=10, delta=0.1, L=2, sigma=1, tau=1, zeta=2).rate, 6)
    0.999836
    """
    c = c_constants(d=d, b=b, delta=delta)
    rate = 1.0 - c.c2 * tau * sigma / (8.0 * c.c1 * L * zeta)
    return Rate(rate, c.valid and rate < 1.0)


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

    ξ_k ≤ 𝓛_k is required (ξΣ⁻¹ ⪯ ∇²f(μ_k) ⪯ 𝓛Σ⁻¹ has no solution otherwise): a larger ``xi``
    raises ``ValueError``; ``valid`` is False where c₂ ≤ 0 (no contraction).

    >>> round(lemma52_rate_corrected(d=10, b=10, delta=0.1, xi=1.0, curvature=1.0).rate, 6)
    0.999836
    """
    interval("xi", xi, "curvature", curvature)
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


def _sup_factor(d: int, r: float, tau: float, zeta: float) -> float:
    """g(r) ≥ sup of ‖Σ^{1/2}u‖²·‖Σ^{-1/2}(uuᵀ − I)Σ^{-1/2}‖_F over ‖u‖² ≤ r and
    spec(Σ⁻¹) ⊂ [τ, ζ], for r ≥ 1 when d ≥ 2 and for r ≥ (1 + √2)/2 ≈ 1.207 when d = 1: the
    smaller of (ζ/τ)·r√(r² − 2r + d) (‖ABC‖_F ≤ ‖A‖₂‖B‖_F‖C‖₂ with ‖uuᵀ − I‖_F² = r² − 2r + d)
    and r√(ω²r² + dζ²/τ²), ω = (ζ + τ)²/(4ζτ) (Kantorovich's inequality
    (uᵀΣu)(uᵀΣ⁻¹u) ≤ ω‖u‖⁴ with ‖Σ^{-1/2}(uuᵀ − I)Σ^{-1/2}‖_F² ≤ (uᵀΣ⁻¹u)² + dζ²). Both are
    nondecreasing in s = ‖u‖² on [0, ∞) for d ≥ 2 (the first's derivative is at least
    1 − (1/4)/√(d − 1) > 0), so the supremum over ‖u‖² ≤ r is at s = r. At d = 1 the first
    is (ζ/τ)·s|s − 1|, which peaks at (ζ/τ)/4 on [0, 1] (s = 1/2) and passes that value again
    only at s = (1 + √2)/2: below it, g(r) < sup. The caller's r = c₃ = 2d + 3log(1/δ) > 2
    lies above both. Attained (first branch) at ζ = τ; the second is smaller once ζ/τ is large
    (their ratio tends to ωτ/ζ → 1/4).

    At d = 1, ζ = τ, r = 1.1 (below the threshold): g = 1.1·0.1 = 0.11 < 1/4, the value at
    s = 1/2; at r = 1.25 (above it), g = 1.25·0.25 = 0.3125 ≥ 1/4:

    >>> round(_sup_factor(1, 1.1, 1.0, 1.0), 4), _sup_factor(1, 1.25, 1.0, 1.0)
    (0.11, 0.3125)
    """
    kantorovich = (zeta + tau) ** 2 / (4 * zeta * tau)
    frobenius = zeta / tau * r * math.sqrt(r * r - 2 * r + d)
    return min(frobenius, r * math.sqrt(kantorovich**2 * r * r + d * zeta**2 / tau**2))


@checked
def G_norm_1_bound_corrected(
    *, d: int, b: int, delta: float, L: float, tau: float, zeta: float
) -> float:
    """eq:G_norm_1 (Lemma D.7, PDF Lemma 30), repaired: a bound free of b.

    Printed
        ‖G̃(Σ_k)‖² ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b), which tends to 0 as b grows.
    Cannot be repaired in its approach
        E G̃ = ∇²f-average − Σ⁻¹ (Lemma C.1), so no bound that vanishes with b holds
        (f = x²/2: ‖G̃‖² → 0.25).
    Repaired (on the event every ‖u_i‖² ≤ c₃; Σ⁻¹ ∈ S', f convex and L-smooth)
        ‖G̃(Σ)‖² ≤ C₄ = (L·g(c₃)/2 + √dζ)², g(r) = min{(ζ/τ)r√(r² − 2r + d),
        r√(ω²r² + dζ²/τ²)}, ω = (ζ + τ)²/(4ζτ).

    Derivation: G̃ = (1/b)Σ_i q_iM_i − Σ⁻¹ with q_i = (f₊ + f₋ − 2f)/(2α²) ∈ [0, L‖Σ^{1/2}u_i‖²/2]
    (convexity, L-smoothness) and M_i = Σ^{-1/2}(u_iu_iᵀ − I)Σ^{-1/2}; the triangle inequality
    gives ‖G̃‖ ≤ max_i q_i‖M_i‖ + ‖Σ⁻¹‖_F ≤ (L/2)·g(c₃) + √dζ (g: Frobenius/Kantorovich,
    ``derivations.lemma_d7_repair``). Not the supremum: at d = 1 that is
    max{(Lc₃(c₃ − 1)/2 − τ)², (L/8 + ζ)²} (Σ cancels; attained by f = Lx²/2), e.g. 1.367·10⁴
    against C₄ = 2.02·10⁴ at L = 1, τ = 0.25, ζ = 0.5, δ = 0.01 (the form with
    Lc₃ζ(c₃ + √d)/(2τ) for (L/2)g(c₃) gives 7.10·10⁴).

    By hand, d = 1, δ = 1/e (c₃ = 5), L = 2, τ = ζ = 1 (ω = 1): g(5) = min{5·√16, 5·√26} = 20,
    so C₄ = (20 + 1)² = 441 for every b:

    >>> G_norm_1_bound_corrected(d=1, b=5, delta=math.exp(-1), L=2.0, tau=1.0, zeta=1.0)
    441.0
    """
    c3 = c_constants(d=d, b=b, delta=delta).c3
    return (L / 2 * _sup_factor(d, c3, tau, zeta) + math.sqrt(d) * zeta) ** 2


@checked
def G_norm_1_supremum_d1(*, b: int, delta: float, L: float, tau: float, zeta: float) -> float:
    """The supremum of ‖G̃(Σ)‖² at d = 1 over the event of ``G_norm_1_bound_corrected`` (every
    u_i² ≤ c₃, c₃ at ``delta``), Σ⁻¹ ∈ [τ, ζ] and 0 ≤ f'' ≤ L: max{(Lc₃(c₃ − 1)/2 − τ)²,
    (L/8 + ζ)²} (Σ cancels in q_iM_i = f''u_i²(u_i² − 1)/2, which lies in [−L/8, Lc₃(c₃ − 1)/2];
    attained by f = Lx²/2 with every u_i² = c₃ at Σ⁻¹ = τ). Where it lies below C₄, no batch
    on the event can exceed C₄.

    By hand, δ = 1/e (c₃ = 5), L = 2, τ = ζ = 1: (2·5·4/2 − 1)² = 361, below C₄ = 441:

    >>> G_norm_1_supremum_d1(b=5, delta=math.exp(-1), L=2.0, tau=1.0, zeta=1.0)
    361.0
    """
    c3 = c_constants(d=1, b=b, delta=delta).c3
    return max((L * c3 * (c3 - 1) / 2 - tau) ** 2, (L / 8 + zeta) ** 2)


@checked
def chi_threshold_corrected(*, d: int, b: int, delta: float, t: int) -> float:
    """A_t of Lemma E.8 (PDF Lemma 38) and of A_K in Lemma 5.3, repaired: a radius with
    P(‖u‖² ≥ A_t) ≤ δ/(b(t + 1)²) for u ~ N(0, I_d).

    Printed
        A_t = 8 log(1/(bδ)) + 16 log(t + 1) + d.
    Repaired
        A_t = d + 2√(dx) + 2x, x = log(b(t + 1)²/δ) (Laurent and Massart 2000, Lemma 1), for
        every d. It also bounds the Chernoff value (A_t/d)^{d/2}e^{−(A_t − d)/2} ≤ e^{−x}
        (``derivations.lemma53_tail_repair``), which C₅ uses; eq:chi's 8 log(b/δ) +
        16 log(t + 1) + d is valid only for small d and larger wherever it applies.

    By hand, d = b = t = 1, δ = 1/e: x = 1 + log 4 = 2.386294, A = 1 + 2√x + 2x:

    >>> round(chi_threshold_corrected(d=1, b=1, delta=1.0 / math.e, t=1), 6)
    8.862116
    """
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


class Concentration(NamedTuple):
    """C₁ of Lemma 5.3 by the two martingale inequalities, and the one it uses (the smaller)."""

    azuma: float
    freedman: float
    value: float


@checked
def concentration_constant_corrected(
    *, d: int, b: int, delta: float, L: float, tau: float, zeta: float, K: int
) -> Concentration:
    """C₁ of Lemma 5.3 (PDF Lemma 11; Lemma E.7, PDF 37), repaired: on the stopped martingale.

    Printed
        C₁ = A_K L(ζA_K + dζ)/τ·√((2/b) log(K²/δ)), by Hoeffding's inequality for independent
        summands applied to martingale differences whose ranges are random.
    Repaired
        C₁ = min{C₁ᴬ, C₁ᶠ}, ℓ = max(L, τ), A_K = ``chi_threshold_corrected`` at t = K,
        C₁ᴬ = ℓ·g(A_K)·√(log(K²/δ)/(2b)) (Azuma–Hoeffding),
        C₁ᶠ = (ℓζ/τ)√((d + 2)(d + 12)·log(K²/δ)/b) + (2/3)ℓ·g(A_K)·log(K²/δ)/b (Freedman),
        g as in ``G_norm_1_bound_corrected``; each with probability ≥ 1 − (π²/6 − 1)δ over k.

    Derivation (``derivations.lemma53_concentration_repair``): the summands ((t − 1)/b)ξ_{t,i},
    ξ = ½(⟨X, N⟩ − E⟨X, N⟩), are martingale differences with |⟨X, N⟩| ≤ ℓ·g(A_t)·‖D_t‖_F
    (D_t = Σ_t⁻¹ − H*) and E ξ² ≤ (ℓζ/τ)²(d + 2)(d + 12)‖D_t‖²/2 (Isserlis). Stopped at the
    first t with ‖D_t‖² > C/t (an F_{t−1}-measurable event, the induction hypothesis of
    Lemma B.6), ranges and variances become deterministic, ∝ √(C/t); with
    W̄_k² = CΣ_{t≤k}(t − 1)²/t, Azuma–Hoeffding (Hoeffding's lemma per increment) gives
    S_k ≤ C₁ᴬW̄_k and Freedman's inequality (Bernstein form) S_k ≤ C₁ᶠW̄_k at level δ/k², and
    Lemma B.6 needs only W̄_k. No step is conditional and no logarithm is added.
    """
    A_K = chi_threshold_corrected(d=d, b=b, delta=delta, t=K)
    ell, log_K = max(L, tau), math.log(K**2 / delta)
    g = _sup_factor(d, A_K, tau, zeta)
    azuma = ell * g * math.sqrt(log_K / (2 * b))
    freedman = ell * zeta / tau * math.sqrt((d + 2) * (d + 12) * log_K / b) + (
        2 / 3 * ell * g * log_K / b
    )
    return Concentration(azuma, freedman, min(azuma, freedman))


@checked
def alpha_term_constant_corrected(
    *, d: int, delta: float, gamma: float, tau: float, zeta: float, alpha: float, K: int
) -> float:
    """C₃ of Lemma 5.3 (eq:alpha_err, Lemma E.4, PDF 34, with eq:GG, Lemma D.6, PDF 29), repaired.

    Printed
        C₃ = c₃^{3/2}(c₃ + 1)ζ√(K − 1)α/(4τ^{3/2}√d), without γ.
    Repaired (hypothesis: every ∇²f(μ_t) ∈ S'; every ‖u_{t,i}‖² ≤ c₃)
        C₃ = (γα/6)·√(K − 1)·√(c₃/τ)·g(c₃), g as in ``G_norm_1_bound_corrected``. Its first
        branch is γαζc₃^{3/2}√(c₃² − 2c₃ + d)√(K − 1)/(6τ^{3/2}) (≤ the referee's
        c₃^{3/2}ζγα√(c₃² + d)√(K − 1)/(6τ^{3/2})).

    Derivation (``derivations.lemma53_alpha_term_repair``): Taylor's formula with integral
    remainder and the γ-Lipschitz Hessian give |q − q̂| ≤ γα‖Σ^{1/2}u‖³/6 (weight ∫(1 − s)2s ds/2
    = 1/6, attained by x²/2 + γ|x|³/6 at 0); Cauchy–Schwarz (Frobenius) |⟨BG − P, D⟩| ≤
    (1/b)Σ|q_i − q̂_i|‖M_i‖‖D‖; ‖Σ^{1/2}u‖³‖M_u‖ ≤ √(c₃/τ)·g(c₃); Cauchy–Schwarz over t,
    Σ(t − 1)‖D_t‖ ≤ √(K − 1)W_k.
    """
    c3 = c_constants(d=d, b=1, delta=delta).c3  # c₃ = 2d + 3 log(1/δ) does not depend on b
    return (
        gamma * alpha / 6 * math.sqrt(K - 1) * math.sqrt(c3 / tau) * _sup_factor(d, c3, tau, zeta)
    )


class YTerm(NamedTuple):
    """C₅ of Lemma 5.3 with exact χ² tails (the value used) and its closed-form upper bound."""

    exact: float
    closed: float


#: Up to this t the Y-coefficients of C₅ are summed with exact χ² tails; beyond, the closed
#: form bounds the rest of the sum (Σ_{t>T}(t + 1)⁻⁴ ≤ 1/(3(T + 1)³)).
EXACT_TAIL_STEPS = 10_000


@checked
def y_term_constant_corrected(
    *, d: int, b: int, delta: float, L: float, tau: float, zeta: float, K: int
) -> YTerm:
    """C₅ of Lemma 5.3: the Y-term of eq:sto_err (Lemma E.8, PDF 38), missing from eq:C.

    Repaired (on the event ‖u_{t,i}‖² ≤ A_t for 2 ≤ t ≤ K − 1, probability ≥
    1 − (π²/6 − 5/4)δ): C₅ = √(Σ_{t=2}^{K−1} m_t²), ℓ = max(L, τ),
        m_t = (ℓζ√d/(2τ))·(2p₄ + d(p₄ − p₂)), p_j = P(χ²_{d+j} > A_t),
    A_t = ``chi_threshold_corrected``; in closed form
        C₅ ≤ ℓζ(d + 2)A_K²δ/(2τd^{3/2}b)·√(π⁴/90 − 17/16).

    Derivation (``derivations.lemma53_tail_repair``): with ū = rθ (r ⟂ θ), Isserlis'
    E[(uᵀΛu)uuᵀ] = trΛ·I + 2Λ and the χ² moment shift E[r^{2m}1{r² > A}] =
    E[r^{2m}]P(χ²_{d+2m} > A), E Y = 2p₄Λ + trΛ(p₄ − p₂)I exactly; on the event Y = 0, so
    |Z_t^Y| = ½|⟨E Y, N_t⟩| ≤ ½‖E Y‖_F·ζ‖D_t‖_F, largest at Λ = (ℓ/τ)I; Cauchy–Schwarz over t.
    Closed form: 2p₄ + d(p₄ − p₂) ≤ (d + 2)p₄ and Chernoff's p₄ ≤ (A_t/d)²(A_t/d)^{d/2}
    e^{−(A_t−d)/2} ≤ (A_t/d)²δ/(b(t + 1)²) (Laurent–Massart). Exact tails up to
    t = ``EXACT_TAIL_STEPS``, the closed form beyond.
    """
    ell = max(L, tau)
    t = np.arange(2, min(K - 1, EXACT_TAIL_STEPS) + 1)
    x = np.log(b * (t + 1.0) ** 2 / delta)
    A = d + 2 * np.sqrt(d * x) + 2 * x  # chi_threshold_corrected at each t
    p4, p2 = scipy.stats.chi2.sf(A, d + 4.0), scipy.stats.chi2.sf(A, d + 2.0)  # d as a float
    kappa = ell * zeta * math.sqrt(d) / (2 * tau) * (2 * p4 + d * (p4 - p2))
    A_K = chi_threshold_corrected(d=d, b=b, delta=delta, t=K)
    leading = ell * zeta * (d + 2) * A_K**2 * delta / (2 * tau * d**1.5 * b)
    rest = leading**2 / (3 * (EXACT_TAIL_STEPS + 1) ** 3) if K - 1 > EXACT_TAIL_STEPS else 0.0
    return YTerm(math.sqrt(float(np.sum(kappa**2)) + rest), leading * math.sqrt(Y_SUM))


class Lemma53Corrected(NamedTuple):
    A_K: float
    C1: float
    C2: float
    C3: float
    C4: float
    C5: float  # Lemma E.8's Y term, missing from eq:C
    base: float  # ‖Σ₂⁻¹ − H*‖² ≤ base ≤ C₄: the base case C ≥ 2·base holds by 3C₄ ≤ C
    C: float
    failures: float  # the proof uses this many events of probability δ: 1 − failures·δ
    valid: bool  # c₂ > 0 and τ ≤ σ, L ≤ ζ (so that every ∇²f(μ_t) lies in S')


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
    """The constants of Lemma 5.3 (PDF Lemma 11), repaired, every step proved.

    Printed (eq:C)
        C = max{9(C₁ + C₂ + C₃)²/4 + 3C₄, 2C₄ + L²/b, ‖Σ₁⁻¹ − H*‖²} with probability 1 − δ.
    Repaired (f σ-strongly convex, L-smooth, Hessian γ-Lipschitz in ‖·‖_F; τ ≤ σ and L ≤ ζ so
    that every ∇²f(μ_t) ∈ S'; c₂ > 0; η₂,k = 1/k; K ≥ 2)
        ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k for every 1 ≤ k ≤ K, with probability
        ≥ 1 − [(K − 1)(b + 2) + π²/3 − 9/4]δ, where
        C = max{9(C₁ + C₂ + C₃ + C₅)² + 3C₄, ‖Σ₁⁻¹ − H*‖²} and

        - A_K = d + 2√(dx) + 2x, x = log(b(K + 1)²/δ) (``chi_threshold_corrected``);
        - C₁ = ``concentration_constant_corrected`` (stopped martingale, Azuma or Freedman);
        - C₂ = √(64c₁Lζγ²/(c₂τσ²)·(f(μ₁) − f* + (K − 1)max{Δ_{α,1}, Δ_{α,2}})) with the repaired
          Δ's: the repaired Lemma 5.2 contracts by c₂τσ/(32c₁Lζ) at worst, which binds; the
          max is Δ_{α,2}, whose second term is Δ_{α,1}·ζL/(στ) ≥ Δ_{α,1};
        - C₃ = ``alpha_term_constant_corrected`` = (γα/6)√(K − 1)√(c₃/τ)·g(c₃);
        - C₄ = ``G_norm_1_bound_corrected`` = (L·g(c₃)/2 + √dζ)² (free of b);
        - C₅ = ``y_term_constant_corrected`` (exact χ² tails);
        - base = min{d(ζ − τ)², C₄} ≥ ‖Σ₂⁻¹ − H*‖² (Σ₂⁻¹ = Π_S'(BG(Σ₁)), Π_S' non-expansive,
          H* ∈ S'): the base case needs C ≥ 2·base, which 3C₄ ≥ 3·base already gives (so eq:C's
          second entry has no counterpart); for Σ₁⁻¹ ∈ S' also ‖Σ₁⁻¹ − H*‖² ≤ d(ζ − τ)² ≤ C₄,
          and C is the first entry.

    ``valid`` is False where c₂ ≤ 0 (C₂ is then NaN) or τ > σ or L > ζ (the hypothesis that
    the Hessians lie in S' is not met: C₃'s step needs Π_S'(∇²f(μ_t)) = ∇²f(μ_t)).

    Derivation (``derivations.lemma53_repair`` and the ``lemma53_*_repair`` that follow it):
    unrolling eq:Sig_dec gives the weights 2(t − 1)/(k(k − 1)) (the printed 1/(k(k − 1)) drops
    the 2), so Lemma B.6's b is 2(C₁ + C₂ + C₃ + C₅) and 9b²/4 = 9(C₁ + C₂ + C₃ + C₅)²; its
    second term keeps (t − 1)/(t k(k − 1)), so c = C₄. The δ-events: ‖u_{t,i}‖² ≤ c₃ ((K − 1)b),
    eq:smax and eq:gd_low (2(K − 1)), the martingale at δ/k² (π²/6 − 1) and the Y-event at
    δ/(b(t + 1)²) per direction (π²/6 − 5/4).
    """
    if K < 2:
        raise ValueError(f"K must be >= 2, got {K!r}")
    interval("sigma", sigma, "L", L)
    c = c_constants(d=d, b=b, delta=delta)
    A_K = chi_threshold_corrected(d=d, b=b, delta=delta, t=K)
    C1 = concentration_constant_corrected(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta, K=K)
    d2 = delta_alpha_2_corrected(
        d=d, b=b, delta=delta, sigma=sigma, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha
    )
    factor = 64 * c.c1 * L * zeta * gamma**2 / (c.c2 * tau * sigma**2)
    inner = factor * (f_gap_1 + (K - 1) * d2)
    C2 = math.sqrt(inner) if inner >= 0 else math.nan
    C3 = alpha_term_constant_corrected(
        d=d, delta=delta, gamma=gamma, tau=tau, zeta=zeta, alpha=alpha, K=K
    )
    C4 = G_norm_1_bound_corrected(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta)
    C5 = y_term_constant_corrected(d=d, b=b, delta=delta, L=L, tau=tau, zeta=zeta, K=K).exact
    base = min(d * (zeta - tau) ** 2, C4)
    C = max(9 * (C1.value + C2 + C3 + C5) ** 2 + 3 * C4, initial_error_sq)
    failures = (K - 1) * (b + 2) + math.pi**2 / 3 - 9 / 4
    valid = bool(c.valid and tau <= sigma and L <= zeta)
    return Lemma53Corrected(A_K, C1.value, C2, C3, C4, C5, base, C, failures, valid)


class Theorem54Corrected(NamedTuple):
    curvature: float  # the bound on 𝓛_k of eq:lxi
    xi: float  # the bound on ξ_k of eq:lxi
    rate: float  # the contraction 1 − ξc₂/(32𝓛c₁) at these bounds
    threshold: float  # the repaired eq:cond at these bounds
    final_rate: float  # c₂/(32c₁): the contraction per step once 𝓛_k = ξ_k = 1
    valid: bool  # c₂ > 0 (else rate ≥ 1, final_rate ≤ 0) and τ ≤ σ, L ≤ ζ (Lemma 5.3's)


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
        1 − [(K − 1)(b + 2) + π²/3 − 9/4]δ (Lemma 5.3's count; each step's own b + 2 events are
        among them).

    Derivation: the rate is increasing in 𝓛 and decreasing in ξ, so it is bounded at eq:lxi's
    bounds; with 𝓛_k = ξ_k = 1 it is 1 − c₂/(32c₁).

    ``valid`` is False where c₂ ≤ 0 (then the rate is ≥ 1 and the final rate ≤ 0: no
    contraction is promised) or where τ > σ or L > ζ (Lemma 5.3's hypothesis); σ > L (no such
    f) raises ``ValueError``. Under these hypotheses eq:lxi's ξ ≤ 1 ≤ 𝓛; outside them, where
    its ξ exceeds its 𝓛, the rate is NaN.
    """
    interval("sigma", sigma, "L", L)
    f = {"L": L, "sigma": sigma, "gamma": gamma, "tau": tau}  # f's constants, and S's τ
    printed = theorem54_bounds(**f, zeta=zeta, C=C, k=k, f_gap=f_gap, projection_gap=projection_gap)
    at = {"xi": printed.xi, "curvature": printed.curvature}  # eq:lxi's bounds
    ordered = printed.xi <= printed.curvature
    rate = lemma52_rate_corrected(d=d, b=b, delta=delta, **at).rate if ordered else math.nan
    threshold = local_region_threshold_corrected(**f, **at)
    c = c_constants(d=d, b=b, delta=delta)
    valid = bool(c.valid and ordered and tau <= sigma and L <= zeta)
    return Theorem54Corrected(
        printed.curvature, printed.xi, rate, threshold, c.c2 / (32 * c.c1), valid
    )

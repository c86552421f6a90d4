"""The corrigendum's algebra (Section 5 of *Mirror Natural Evolution Strategies*): each function
returns ``{name: (derived, closed form)}``, the derived side built from the proof's own steps, the
closed form what ``bounds.*_corrected`` evaluates; ``simplify(derived − closed) == 0`` is the
test (``tests/test_derivations.py``).
"""

from __future__ import annotations

from typing import Any

import sympy as sp

from .nes import gaussian_expectation

__all__ = [
    "LEMMA53_SYMBOLS",
    "SECTION5_SYMBOLS",
    "lemma51_repair",
    "lemma52_repair",
    "lemma53_alpha_term_repair",
    "lemma53_assembly_repair",
    "lemma53_concentration_repair",
    "lemma53_repair",
    "lemma53_tail_repair",
    "lemma_d7_repair",
]

#: The symbols of the Section 5 derivations, by the paper's names.
SECTION5_SYMBOLS = dict(
    zip(
        [
            "b",
            "d",
            "L",
            "L_k",
            "xi",
            "sigma",
            "tau",
            "zeta",
            "gamma",
            "alpha",
            "c1",
            "c2",
            "c3",
            "Delta",
            "w",
            "eta",
            "delta",
            "f1",
            "K",
        ],
        sp.symbols(
            "b d L L_k xi sigma tau zeta gamma alpha c1 c2 c3 Delta w eta delta f1 K", positive=True
        ),
    )
)


def lemma51_repair() -> dict[str, Any]:
    """Lemma 5.1 (PDF Lemma 9): substituting η = bτ/(4Lc₁) into the proof's line
    f_k − η/(2b)‖Ũᵀ∇f‖² + η/(2b)‖ν‖² + Lη²/b²(‖ŨŨᵀ∇f‖² + ‖Ũν‖²), with ‖ŨŨᵀ∇f‖² ≤ (c₁/τ)‖Ũᵀ∇f‖²,
    ‖ν‖² ≤ γ²bα⁴c₃³/(36τ³) (eq:nu with γ²) and ‖Ũν‖² ≤ (c₁/τ)‖ν‖².

    Returns ``coefficient`` (of ‖Ũᵀ∇f‖²: −τ/(16Lc₁)), ``delta_alpha_1`` (the α-terms:
    c₃³γ²bα⁴/(2⁶·3·c₁Lτ²)), ``polyak_lojasiewicz`` (min_y of the strong-convexity lower bound
    f + g(y − x) + σ(y − x)²/2 is f − g²/(2σ), so ‖∇f‖² ≥ 2σ(f − f*)) and ``rate`` (the
    coefficient's τ/(16Lc₁) times eq:gd_low's c₂, λ_min(Σ) ≥ 1/ζ and that 2σ:
    c₂τσ/(8c₁Lζ); the printed rate's /16 uses σ(f − f*)), each (derived, closed form)."""
    s = SECTION5_SYMBOLS
    b, L, tau, c1, c3, g, a = (s[k] for k in ("b", "L", "tau", "c1", "c3", "gamma", "alpha"))
    c2, sigma, zeta = s["c2"], s["sigma"], s["zeta"]
    y, slope, value = sp.symbols("y g f", real=True)
    lower = value + slope * y + sigma * y**2 / 2
    eta = b * tau / (4 * L * c1)
    nu_sq = g**2 * b * a**4 * c3**3 / (36 * tau**3)
    derived_delta = eta / (2 * b) * nu_sq + L * eta**2 / b**2 * (c1 / tau) * nu_sq
    derived_coefficient = -eta / (2 * b) + L * eta**2 / b**2 * c1 / tau
    return {
        "coefficient": (derived_coefficient, -tau / (16 * L * c1)),
        "delta_alpha_1": (derived_delta, c3**3 * g**2 * b * a**4 / (2**6 * 3 * c1 * L * tau**2)),
        "polyak_lojasiewicz": (
            lower.subs(y, sp.solve(sp.diff(lower, y), y)[0]),
            value - slope**2 / (2 * sigma),
        ),
        "rate": (
            -derived_coefficient * c2 / zeta * 2 * sigma,
            c2 * tau * sigma / (8 * c1 * L * zeta),
        ),
    }


def lemma52_repair() -> dict[str, Any]:
    """Lemma 5.2 (PDF Lemma 10) with η = b/(4𝓛_kc₁), from the proof's chain.

    Returns (derived, closed form) pairs:

    - ``coefficient``: −η/(2b) + η²𝓛_kc₁/b² = −1/(16𝓛_kc₁) (printed −1/(4𝓛_kc₁));
    - ``best_step``: the η minimizing that coefficient, b/(4𝓛_kc₁) (no step does better);
    - ``threshold``: the f − f* = Δ at which the cubic term γ‖w‖/(2⁵·3·𝓛_k³c₁^{3/2}τ^{3/2})
      with ‖w‖ = √(2c₁LΔ/τ) equals 1/(32𝓛_kc₁), half the decrease: 9𝓛_k⁴τ⁴/(2Lγ²);
    - ``printed_threshold_cubic``: that cubic coefficient at the printed 72𝓛_k⁴τ⁴/(Lγ²):
      1/(8𝓛_kc₁), twice the decrease;
    - ``rate``: the decrease −(1/(16𝓛c₁) − 1/(32𝓛c₁))·c₂ξ per unit f − f*, i.e.
      ξc₂/(32𝓛_kc₁);
    - ``delta_alpha_2``: η/(2b)‖ν‖² + (η²/2)·𝓛c₁γ²α⁴c₃³/(18bτ³) + (2γη³/3)(√c₁γα²c₃^{3/2}
      /(6√bτ²))³ with 1/𝓛_k ≤ ζ/σ (the α-terms with the repaired D.2, D.4, D.5)."""
    s = SECTION5_SYMBOLS
    b, Lk, c1, c2, c3, g, a, tau, L, gap, w, eta, xi, sig, zeta = (
        s[k]
        for k in (
            "b",
            "L_k",
            "c1",
            "c2",
            "c3",
            "gamma",
            "alpha",
            "tau",
            "L",
            "Delta",
            "w",
            "eta",
            "xi",
            "sigma",
            "zeta",
        )
    )
    step = b / (4 * Lk * c1)
    coefficient = -eta / (2 * b) + eta**2 * Lk * c1 / b**2
    cubic_w3 = sp.Rational(2, 3) * eta**3 * g * (sp.sqrt(c1) * w / (b * sp.sqrt(tau))) ** 3
    cubic = sp.simplify((cubic_w3 / w**3).subs(eta, step) * sp.sqrt(2 * c1 * L * gap / tau))
    threshold = sp.solve(sp.Eq(cubic, 1 / (32 * Lk * c1)), gap)[0]
    net = coefficient.subs(eta, step) + 1 / (32 * Lk * c1)  # with the cubic absorbed
    nu_sq = g**2 * b * a**4 * c3**3 / (36 * tau**3)
    A = sp.sqrt(c1) * g * a**2 * c3 ** sp.Rational(3, 2) / (6 * sp.sqrt(b) * tau**2)
    terms = (
        eta / (2 * b) * nu_sq
        + eta**2 / 2 * Lk * c1 * g**2 * a**4 * c3**3 / (18 * b * tau**3)
        + sp.Rational(2, 3) * g * eta**3 * A**3
    )
    # every term is a positive multiple of a negative power of 𝓛_k: replace 1/𝓛_k by ζ/σ
    derived_delta = sp.expand(terms.subs(eta, step)).subs(Lk, sig / zeta)
    closed_delta = b ** sp.Rational(3, 2) * zeta**3 * g**4 * c3 ** sp.Rational(9, 2) * a**6 / (
        2**8 * 3**4 * sig**3 * c1 ** sp.Rational(3, 2) * tau**6
    ) + b * zeta * g**2 * c3**3 * a**4 / (2**6 * 3 * sig * tau**3 * c1)
    return {
        "coefficient": (coefficient.subs(eta, step), -1 / (16 * Lk * c1)),
        "best_step": (sp.solve(sp.diff(coefficient, eta), eta)[0], step),
        "threshold": (threshold, 9 * Lk**4 * tau**4 / (2 * L * g**2)),
        "printed_threshold_cubic": (
            cubic.subs(gap, 72 * Lk**4 * tau**4 / (L * g**2)),
            1 / (8 * Lk * c1),
        ),
        "rate": (-net * c2 * xi, xi * c2 / (32 * Lk * c1)),
        "delta_alpha_2": (derived_delta, closed_delta),
    }


def lemma53_repair() -> dict[str, Any]:
    """Lemma 5.3 (PDF Lemma 11): the algebra behind the repaired eq:C.

    Returns (derived, closed form) pairs:

    - ``weight``: Π_{j=t+1}^k (1 − 2/j), the factor eq:Sig_dec's recursion
      a_{j+1} ≤ (1 − 2/j)a_j + … carries from step t to k + 1: t(t − 1)/(k(k − 1));
    - ``inner_weight``: (2/t) times it, the weight of ⟨BG_t − H*, Σ_t⁻¹ − H*⟩:
      2(t − 1)/(k(k − 1)) (printed without the 2);
    - ``square_weight``: (1/t²) times it, the weight of ‖G̃_t‖²: (t − 1)/(t k(k − 1)) (as printed);
    - ``y_sum``: Σ_{t≥2}(t + 1)⁻⁴ = π⁴/90 − 17/16 (Lemma E.8's term);
    - ``rho``: the smallest per-step contraction of the repaired Lemmas 5.1 and 5.2, with
      ξ ≥ σ/ζ and 𝓛 ≤ L/τ (eq:ddd): min{c₂τσ/(16c₁Lζ), c₂τσ/(32c₁Lζ)} = c₂τσ/(32c₁Lζ);
    - ``C2_factor``: eq:dd's 2γ²/(ρσ) at that ρ: 64c₁Lζγ²/(c₂τσ²) (printed 32);
    - ``printed_base``: the right side of eq:Sig_2_bnd over the printed C₄: exactly 2, so the
      printed base case ‖Σ₂⁻¹ − H*‖² ≤ C/2 needs C ≥ 4C₄ (eq:C's entry is 2C₄ + L²/b)."""
    s = SECTION5_SYMBOLS
    c1, c2, c3, L, tau, sig, zeta, g, d, b = (
        s[k] for k in ("c1", "c2", "c3", "L", "tau", "sigma", "zeta", "gamma", "d", "b")
    )
    t, k, j = sp.symbols("t k j", integer=True, positive=True)
    weight = sp.simplify(sp.product(1 - 2 / j, (j, t + 1, k)))
    closed_weight = t * (t - 1) / (k * (k - 1))
    rho1 = c2 * tau * sig / (16 * c1 * L * zeta)
    rho2 = (sig / zeta) * c2 / (32 * (L / tau) * c1)
    rho = sp.Min(rho1, rho2)
    C4 = 2 * L**2 * c3**2 * (c3 * zeta + sp.sqrt(d) * zeta) ** 2 / (b * tau**2) + d * zeta**2 / (
        2 * b
    )
    base = 4 * L**2 * c3**2 * (c3 * zeta + sp.sqrt(d) * zeta) ** 2 / (b * tau**2) + d * zeta**2 / b
    return {
        "weight": (weight, closed_weight),
        "inner_weight": (2 / t * weight, 2 * (t - 1) / (k * (k - 1))),
        "square_weight": (weight / t**2, (t - 1) / (t * k * (k - 1))),
        "y_sum": (sp.summation((t + 1) ** -4, (t, 2, sp.oo)), sp.pi**4 / 90 - sp.Rational(17, 16)),
        "rho": (rho, c2 * tau * sig / (32 * c1 * L * zeta)),
        "C2_factor": (2 * g**2 / (rho2 * sig), 64 * c1 * L * zeta * g**2 / (c2 * tau * sig**2)),
        "printed_base": (base / C4, sp.Integer(2)),
    }


# ---------------------------------------------------------------------------------------------
# Lemma 5.3 repaired with every step proved: C₁ (concentration), C₃ (α-term), A_K and C₅ (the
# χ² tail), the assembly (Lemma B.6 and the δ-events), and Lemma D.7's C₄
# ---------------------------------------------------------------------------------------------

#: The symbols of the Lemma 5.3 steps beyond ``SECTION5_SYMBOLS``: ℓ = max(L, τ), the factor
#: g = g(r), a radius A (or r = ‖u‖²), x = log(1/level), the martingale's log(K²/δ), W̄_k, the
#: trace T = trN and squared Frobenius norm F = ‖N‖² of N, the χ² tails p₂, p₄, λ.
LEMMA53_SYMBOLS = dict(
    zip(
        ["ell", "g", "A", "r", "x", "log_K", "W", "T", "F", "p2", "p4", "lam", "eps"],
        sp.symbols("ell g A r x log_K W T F p2 p4 lambda epsilon", positive=True),
    )
)


def _chi2_density(k: Any, z: Any) -> Any:
    return z ** (k / 2 - 1) * sp.exp(-z / 2) / (2 ** (k / 2) * sp.gamma(k / 2))


def _chi2_moment(d: Any, m: int) -> Any:
    """E[(χ²_d)^m] = 2^m Γ(d/2 + m)/Γ(d/2)."""
    return 2**m * sp.gamma(d / 2 + m) / sp.gamma(d / 2)


def lemma53_concentration_repair() -> dict[str, Any]:
    """C₁ of Lemma 5.3 (Lemma E.7, PDF 37) on the stopped martingale: the algebra of S6–S7.

    The summands are ((t − 1)/b)ξ_{t,i}, ξ = ½(⟨X, N⟩ − E⟨X, N⟩), ⟨X, N⟩ = ūᵀΛū·(ūᵀNū − trN)
    on ‖ū‖² ≤ A_t. Inequalities named: Cauchy–Schwarz and ‖ABC‖_F ≤ ‖A‖₂‖B‖_F‖C‖₂ for the
    range ℓ·g(A_t)‖D_t‖ (g: ``lemma_d7_repair``); (ūᵀΛū)² ≤ ‖Λ‖₂²‖ū‖⁴ ≤ (ℓ/τ)²‖ū‖⁴,
    (trN)² ≤ d‖N‖² and ‖N‖ ≤ ζ‖D‖ for the variance; Azuma–Hoeffding (Hoeffding's lemma per
    increment) and Freedman's inequality in Bernstein form (Freedman 1975, Thm 1.6, with
    h(u) ≥ u²/(2(1 + u/3))) for the deviation; a union bound over k at δ/k².

    Returns (derived, closed form) pairs:

    - ``fourth_moment``: E[‖u‖⁴(uᵀNu − trN)²] by the polar decomposition u = rθ (r ⟂ θ,
      E[(θᵀNθ)²] = (T² + 2F)/(d(d + 2)), EθᵀNθ = T/d, χ² moments): 8T² + 2(d + 4)(d + 6)F,
      for every d;
    - ``fourth_moment_d2``: the same by Isserlis' theorem at d = 2 (general symmetric N);
    - ``variance_factor``: 8d + 2(d + 4)(d + 6) = 2(d + 2)(d + 12) (after (trN)² ≤ d‖N‖²);
    - ``azuma``: the ψ with exp(−2bψ²/(ℓ²g²W̄²)) = δ/k², over W̄: C₁ᴬ = ℓg√(log(K²/δ)/(2b));
    - ``freedman_slack``: ψ = √(2vℓ_K) + (2/3)Rℓ_K in ψ² − 2ℓ_K(v + Rψ/3) leaves
      (2/3)Rℓ_K√(2vℓ_K) ≥ 0 (ℓ_K = log(K²/δ)), so exp(−ψ²/(2(v + Rψ/3))) ≤ δ/K²;
    - ``freedman``: that ψ with v = (ℓζ/τ)²(d + 2)(d + 12)W̄²/(2b), R = ℓgW̄/b, over W̄: C₁ᶠ;
    - ``printed_over_azuma``: the printed C₁ over C₁ᴬ at the same A_K with g's first branch:
      2(A + d)/√(A² − 2A + d) ≥ 2;
    - ``levels``: Σ_{k≥2} δ/k² = (π²/6 − 1)δ."""
    s, q = SECTION5_SYMBOLS, LEMMA53_SYMBOLS
    d, b, tau, zeta = s["d"], s["b"], s["tau"], s["zeta"]
    ell, g, A, log_K, W, T, F = (q[k] for k in ("ell", "g", "A", "log_K", "W", "T", "F"))
    polar = (
        _chi2_moment(d, 4) * (T**2 + 2 * F) / (d * (d + 2))
        - 2 * _chi2_moment(d, 3) * T * T / d
        + _chi2_moment(d, 2) * T**2
    )
    u1, u2 = sp.symbols("u1 u2", real=True)
    n11, n12, n22 = sp.symbols("n11 n12 n22", real=True)
    u, N = sp.Matrix([u1, u2]), sp.Matrix([[n11, n12], [n12, n22]])
    isserlis = gaussian_expectation(
        (u.T * u)[0] ** 2 * ((u.T * N * u)[0] - N.trace()) ** 2, [u1, u2]
    )
    psi = sp.Symbol("psi", positive=True)
    azuma = [p for p in sp.solve(sp.Eq(2 * b * psi**2 / (ell**2 * g**2 * W**2), log_K), psi)]
    v = (ell * zeta / tau) ** 2 * (d + 2) * (d + 12) * W**2 / (2 * b)
    R = ell * g * W / b
    freedman = sp.sqrt(2 * v * log_K) + sp.Rational(2, 3) * R * log_K
    k = sp.Symbol("k", integer=True, positive=True)
    printed = A * ell * (zeta * A + d * zeta) / tau * sp.sqrt(2 / b * log_K)
    first_branch = ell * zeta / tau * A * sp.sqrt(A**2 - 2 * A + d) * sp.sqrt(log_K / (2 * b))
    return {
        "fourth_moment": (
            sp.gammasimp(polar),
            8 * T**2 + 2 * (d + 4) * (d + 6) * F,
        ),
        "fourth_moment_d2": (
            isserlis,
            8 * N.trace() ** 2 + 2 * 6 * 8 * (N * N).trace(),
        ),
        "variance_factor": (8 * d + 2 * (d + 4) * (d + 6), 2 * (d + 2) * (d + 12)),
        "azuma": (azuma[0] / W, ell * g * sp.sqrt(log_K / (2 * b))),
        "freedman_slack": (
            sp.expand(freedman**2 - 2 * log_K * (v + R * freedman / 3)),
            sp.Rational(2, 3) * R * log_K * sp.sqrt(2 * v * log_K),
        ),
        "freedman": (
            freedman / W,
            ell * zeta / tau * sp.sqrt((d + 2) * (d + 12) * log_K / b)
            + sp.Rational(2, 3) * ell * g * log_K / b,
        ),
        "printed_over_azuma": (printed / first_branch, 2 * (A + d) / sp.sqrt(A**2 - 2 * A + d)),
        "levels": (sp.summation(1 / k**2, (k, 2, sp.oo)), sp.pi**2 / 6 - 1),
    }


def lemma53_alpha_term_repair() -> dict[str, Any]:
    """C₃ of Lemma 5.3 (eq:alpha_err, Lemma E.4, PDF 34; eq:GG, Lemma D.6, PDF 29): S4.

    Inequalities named: Taylor's formula with integral remainder, f(μ ± h) = f ± ∇fᵀh +
    ∫₀¹(1 − s)hᵀ∇²f(μ ± sh)h ds, and the γ-Lipschitz Hessian (|hᵀAh| ≤ ‖A‖_F‖h‖²), so
    |f₊ + f₋ − 2f − hᵀ∇²f(μ)h| ≤ ∫₀¹(1 − s)·2γs ds·‖h‖³; Cauchy–Schwarz in Frobenius;
    ‖ABC‖_F ≤ ‖A‖₂‖B‖_F‖C‖₂ and Kantorovich's inequality (``lemma_d7_repair``); Cauchy–Schwarz
    over t, Σ_{t=2}^k (t − 1)a_t ≤ √(k − 1)(Σ(t − 1)²a_t²)^{1/2}.

    Returns (derived, closed form) pairs:

    - ``taylor_weight``: ½∫₀¹(1 − s)·2s ds = 1/6, so |q − q̂| ≤ γα‖Σ^{1/2}u‖³/6 (eq:GG: 1/4);
    - ``attained``: q − q̂ for f = x²/2 + γ|x|³/6 at μ = 0, h = αv: γα|v|³/6 (the 1/6 is
      attained);
    - ``C3_first_branch``: (γα/6)·√(c₃/τ)·(ζ/τ)c₃√(c₃² − 2c₃ + d)·√(K − 1);
    - ``printed_over_referee``: (repaired-before C₃ / the referee's C₃′)² =
      9d(c₃ + 1)²/(4(c₃² + d)), C₃′ = c₃^{3/2}ζγα√(c₃² + d)√(K − 1)/(6τ^{3/2});
    - ``referee_over_first_branch``: (C₃′/first branch)² = (c₃² + d)/(c₃² − 2c₃ + d)."""
    s = SECTION5_SYMBOLS
    d, tau, zeta, g, a, c3, K = (s[k] for k in ("d", "tau", "zeta", "gamma", "alpha", "c3", "K"))
    t = sp.Symbol("s", positive=True)
    v = sp.Symbol("v", positive=True)

    def phi(x: Any) -> Any:
        return x**2 / 2 + g * sp.Abs(x) ** 3 / 6

    q = (phi(a * v) + phi(-a * v) - 2 * phi(0)) / (2 * a**2)
    first = (
        g
        * a
        / 6
        * sp.sqrt(c3 / tau)
        * zeta
        / tau
        * c3
        * sp.sqrt(c3**2 - 2 * c3 + d)
        * sp.sqrt(K - 1)
    )
    before = (c3 ** sp.Rational(3, 2) * (c3 + 1) * zeta * g * sp.sqrt(K - 1) * sp.sqrt(d) * a) / (
        4 * tau ** sp.Rational(3, 2)
    )
    referee = (c3 ** sp.Rational(3, 2) * zeta * g * a * sp.sqrt(c3**2 + d) * sp.sqrt(K - 1)) / (
        6 * tau ** sp.Rational(3, 2)
    )
    return {
        "taylor_weight": (sp.integrate((1 - t) * 2 * t, (t, 0, 1)) / 2, sp.Rational(1, 6)),
        "attained": (q - v**2 / 2, g * a * v**3 / 6),
        "C3_first_branch": (
            first,
            g
            * a
            * zeta
            * c3 ** sp.Rational(3, 2)
            * sp.sqrt(c3**2 - 2 * c3 + d)
            * sp.sqrt(K - 1)
            / (6 * tau ** sp.Rational(3, 2)),
        ),
        "printed_over_referee": (
            sp.powsimp((before / referee) ** 2, force=True),
            9 * d * (c3 + 1) ** 2 / (4 * (c3**2 + d)),
        ),
        "referee_over_first_branch": (
            sp.powsimp((referee / first) ** 2, force=True),
            (c3**2 + d) / (c3**2 - 2 * c3 + d),
        ),
    }


def lemma53_tail_repair() -> dict[str, Any]:
    """A_K and C₅ of Lemma 5.3 (Lemma E.8, PDF 38; lem:chi, PDF 18): S5 and S12.

    Inequalities named: Laurent and Massart (2000, Lemma 1) through the sub-gamma bound
    log E e^{λ(χ²_d − d)} ≤ dλ²/(1 − 2λ) and its Legendre transform; Chernoff's bound for
    χ²_{d+4}; Cauchy–Schwarz (Frobenius) |⟨E Y, N⟩| ≤ ‖E Y‖‖N‖, with ‖E Y‖ increasing in each
    eigenvalue of Λ ⪯ (ℓ/τ)I; Cauchy–Schwarz over t.

    Returns (derived, closed form) pairs:

    - ``moment_shift``: z^m f_{χ²_d}(z) = E[(χ²_d)^m] f_{χ²_{d+2m}}(z) (m = 2), so
      E[‖u‖⁴1{‖u‖² > A}] = d(d + 2)p₄ and E[‖u‖²1{‖u‖² > A}] = d·p₂;
    - ``isserlis_diagonal``, ``isserlis_offdiagonal``: E[(uᵀΛu)u_iu_j] = trΛ·δ_ij + 2Λ_ij
      (d = 3, general symmetric Λ);
    - ``EY``: with E[(θᵀΛθ)θθᵀ] = (trΛ I + 2Λ)/(d(d + 2)), an eigenvalue λ of Λ becomes
      2p₄λ + trΛ(p₄ − p₂) in E Y (exact);
    - ``subgamma_gap``: d/dλ of dλ²/(1 − 2λ) − log E e^{λ(χ²_d − d)} is 2dλ²/(1 − 2λ)² ≥ 0
      (and the gap is 0 at λ = 0);
    - ``laurent_massart``: sup_λ[λs − dλ²/(1 − 2λ)] at s = 2√(dx) + 2x (x = dy², the maximizer
      λ = (1 − (1 + 2s/d)^{−1/2})/2, ``laurent_massart_stationary``) is x, so
      P(χ²_d ≥ d + 2√(dx) + 2x) ≤ e^{−x} and the Chernoff value there is ≤ e^{−x};
    - ``chernoff_d_plus_4``: (1 − 2λ)^{−(d+4)/2}e^{−λA} at λ = (1 − d/A)/2 over the Chernoff value
      (A/d)^{d/2}e^{−(A−d)/2}: (A/d)²;
    - ``C5_closed``: m_t ≤ (ℓζ√d/(2τ))(d + 2)p₄ with p₄ ≤ (A/d)²ε: ℓζ(d + 2)A²ε/(2τd^{3/2});
    - ``printed_over_E8_tail``: the repaired-before C₅ over the form with Lemma E.8's tail
      bound δ(A² + 16A + 144) kept and its 1/b, 1/(d + 2), ½ and √dζ restored: 2√d(d + 2)b;
    - ``event_levels``: Σ_{t≥2} δ/(t + 1)² = (π²/6 − 5/4)δ;
    - ``u_norm_radius``: c₃ minus the Laurent–Massart radius at x = log(1/δ), 2d + 3x −
      (d + 2√(dx) + 2x) = (√d − √x)² ≥ 0: eq:u_norm is such a radius."""
    s, q = SECTION5_SYMBOLS, LEMMA53_SYMBOLS
    d, b, tau, zeta, delta = (s[k] for k in ("d", "b", "tau", "zeta", "delta"))
    ell, A, x, p2, p4, lam, eps = (q[k] for k in ("ell", "A", "x", "p2", "p4", "lam", "eps"))
    z, y = sp.symbols("z y", positive=True)
    shift = z**2 * _chi2_density(d, z) - _chi2_moment(d, 2) * _chi2_density(d + 4, z)
    us = sp.symbols("u1:4", real=True)
    u = sp.Matrix(us)
    entries = sp.symbols("l11 l12 l13 l22 l23 l33", real=True)
    Lam = sp.Matrix(
        [
            [entries[0], entries[1], entries[2]],
            [entries[1], entries[3], entries[4]],
            [entries[2], entries[4], entries[5]],
        ]
    )
    quad = (u.T * Lam * u)[0]
    lam1, trace = sp.symbols("lambda_1 trLambda", positive=True)
    gap = d * lam**2 / (1 - 2 * lam) + d / 2 * sp.log(1 - 2 * lam) + lam * d
    s_at = (2 * sp.sqrt(d * x) + 2 * x).subs(x, d * y**2)
    best = (1 - 1 / sp.sqrt(sp.factor(1 + 2 * s_at / d))) / 2  # the maximizing λ
    legendre = best * s_at - d * best**2 / (1 - 2 * best)
    lam_star = (1 - d / A) / 2
    chernoff_d = (A / d) ** (d / 2) * sp.exp(-(A - d) / 2)
    before = 3 * ell * d * zeta * delta * (A**2 + 16 * A + 144) / tau
    tail_form = (
        3 * ell * sp.sqrt(d) * zeta * delta * (A**2 + 16 * A + 144) / (2 * tau * (d + 2) * b)
    )
    t = sp.Symbol("t", integer=True, positive=True)
    return {
        "moment_shift": (
            sp.powsimp(sp.expand_power_base(shift, force=True), force=True),
            sp.Integer(0),
        ),
        "isserlis_diagonal": (
            gaussian_expectation(quad * u[0] ** 2, us),
            Lam.trace() + 2 * Lam[0, 0],
        ),
        "isserlis_offdiagonal": (gaussian_expectation(quad * u[0] * u[1], us), 2 * Lam[0, 1]),
        "EY": (
            (trace + 2 * lam1) / (d * (d + 2)) * d * (d + 2) * p4 - trace / d * d * p2,
            2 * p4 * lam1 + trace * (p4 - p2),
        ),
        "subgamma_gap": (sp.diff(gap, lam), 2 * d * lam**2 / (1 - 2 * lam) ** 2),
        "laurent_massart_stationary": (
            sp.diff(lam * s_at - d * lam**2 / (1 - 2 * lam), lam).subs(lam, best),
            sp.Integer(0),
        ),
        "laurent_massart": (legendre, d * y**2),
        "chernoff_d_plus_4": (
            sp.powsimp(
                sp.expand_power_base(
                    (1 - 2 * lam_star) ** (-(d + 4) / 2) * sp.exp(-lam_star * A) / chernoff_d,
                    force=True,
                ),
                force=True,
            ),
            (A / d) ** 2,
        ),
        "C5_closed": (
            ell * zeta * sp.sqrt(d) / (2 * tau) * (d + 2) * (A / d) ** 2 * eps,
            ell * zeta * (d + 2) * A**2 * eps / (2 * tau * d ** sp.Rational(3, 2)),
        ),
        "printed_over_E8_tail": (before / tail_form, 2 * sp.sqrt(d) * (d + 2) * b),
        "event_levels": (
            sp.summation((t + 1) ** -2, (t, 2, sp.oo)),
            sp.pi**2 / 6 - sp.Rational(5, 4),
        ),
        "u_norm_radius": (
            2 * d + 3 * x - (d + 2 * sp.sqrt(d * x) + 2 * x),
            (sp.sqrt(d) - sp.sqrt(x)) ** 2,
        ),
    }


def lemma53_assembly_repair() -> dict[str, Any]:
    """Lemma 5.3's assembly: Lemma B.6 (PDF 22, Rakhlin et al.) and the δ-events (S9).

    Lemma B.6: if a_t² ≤ a₀/t for t ≤ k and a_{k+1}² ≤ B(Σ_{t=2}^k(t − 1)²a₀/t)^{1/2}/(k(k − 1))
    + c/k, then a₀ ≥ 9B²/4 + 3c gives a_{k+1}² ≤ a₀/(k + 1). Inequalities named:
    Σ(t − 1)²/t ≤ Σ(t − 1) = k(k − 1)/2; (k + 1)/√(k(k − 1)) ≤ 3/√2 and (k + 1)/k ≤ 3/2 for
    k ≥ 2; the arithmetic–geometric mean inequality.

    Returns (derived, closed form) pairs:

    - ``triangular``: Σ_{t=2}^k (t − 1) = k(k − 1)/2;
    - ``ratio_factor``: 9k(k − 1) − 2(k + 1)² = (k − 2)(7k + 1) (≥ 0 for k ≥ 2);
    - ``amgm``: 9B²/8 + a₀/2 − (3/2)B√a₀ = (√a₀ − 3B/2)²/2;
    - ``B6_constant``: 9B²/4 at B = 2(C₁ + C₂ + C₃ + C₅): 9(C₁ + C₂ + C₃ + C₅)²;
    - ``delta_alpha_ratio``: Δ_α,2's second term over Δ_α,1 (both repaired): ζL/(στ) ≥ 1 for
      τ ≤ ζ and σ ≤ L, so max{Δ_α,1, Δ_α,2} = Δ_α,2 in C₂;
    - ``failures``: the δ-events (‖u_{t,i}‖² ≤ c₃: (K − 1)b; eq:smax, eq:gd_low: 2(K − 1);
      the martingale at δ/k²; the Y-event at δ/(b(t + 1)²) per direction, t ≥ 2):
      (K − 1)(b + 2) + π²/3 − 9/4."""
    s = SECTION5_SYMBOLS
    b, K, c1, c3, g, a = (s[n] for n in ("b", "K", "c1", "c3", "gamma", "alpha"))
    L, sigma, tau, zeta = (s[n] for n in ("L", "sigma", "tau", "zeta"))
    delta_1 = c3**3 * g**2 * b * a**4 / (2**6 * 3 * c1 * L * tau**2)
    delta_2_second = b * zeta * g**2 * c3**3 * a**4 / (2**6 * 3 * sigma * tau**3 * c1)
    k, t = sp.symbols("k t", integer=True, positive=True)
    a0, B, total = sp.symbols("a_0 B S", positive=True)
    events = (
        (K - 1) * b
        + 2 * (K - 1)
        + sp.summation(1 / k**2, (k, 2, sp.oo))
        + sp.summation(b / (b * (t + 1) ** 2), (t, 2, sp.oo))
    )
    return {
        "triangular": (sp.summation(t - 1, (t, 2, k)), k * (k - 1) / 2),
        "ratio_factor": (9 * k * (k - 1) - 2 * (k + 1) ** 2, (k - 2) * (7 * k + 1)),
        "amgm": (
            sp.Rational(9, 8) * B**2 + a0 / 2 - sp.Rational(3, 2) * B * sp.sqrt(a0),
            (sp.sqrt(a0) - sp.Rational(3, 2) * B) ** 2 / 2,
        ),
        "B6_constant": ((9 * (2 * total) ** 2 / 4), 9 * total**2),
        "delta_alpha_ratio": (delta_2_second / delta_1, zeta * L / (sigma * tau)),
        "failures": (events, (K - 1) * (b + 2) + sp.pi**2 / 3 - sp.Rational(9, 4)),
    }


def lemma_d7_repair() -> dict[str, Any]:
    """Lemma D.7 (eq:G_norm_1, PDF 30) repaired, and the factor g shared with C₁ and C₃ (S10).

    Inequalities named: L-smoothness and convexity, 0 ≤ f₊ + f₋ − 2f ≤ L‖h‖²; the triangle
    inequality ‖(1/b)Σq_iM_i − Σ⁻¹‖ ≤ max_i q_i‖M_i‖ + ‖Σ⁻¹‖_F; ‖ABC‖_F ≤ ‖A‖₂‖B‖_F‖C‖₂;
    Kantorovich's inequality (uᵀΣu)(uᵀΣ⁻¹u) ≤ ω‖u‖⁴, ω = (ζ + τ)²/(4ζτ), for
    spec(Σ⁻¹) ⊂ [τ, ζ]; ‖Σ⁻¹‖_F² ≤ dζ².

    Returns (derived, closed form) pairs:

    - ``frobenius_deviation``: ‖uuᵀ − I‖_F² = r² − 2r + d, r = ‖u‖² (d = 3);
    - ``matrix_norm``: ‖S^{1/2}(uuᵀ − I)S^{1/2}‖_F² = (uᵀSu)² − 2uᵀS²u + trS² (d = 2,
      S = Σ⁻¹ symmetric), so ≤ (uᵀΣ⁻¹u)² + dζ²;
    - ``kantorovich_attained``: (uᵀΣu)(uᵀΣ⁻¹u)/‖u‖⁴ at Σ⁻¹ = diag(τ, ζ), u = (1, 1): ω;
    - ``monotone_first_branch``: d/dr[r²(r² − 2r + d)] = 2r(2r² − 3r + d) (≥ 0 for r ≥ 1:
      g's first branch increases, so the supremum over ‖u‖² ≤ r is at r);
    - ``monotone_alpha_term``: d/dr[r³(r² − 2r + d)] = r²(5r² − 8r + 3d) (≥ 0 for r ≥ 1);
    - ``d1_cancellation``: at d = 1, q·Σ^{-1/2}(u² − 1)Σ^{-1/2} with q = κ̄u²/(2Σ⁻¹)
      (κ̄ ∈ [σ, L] the mean second derivative): κ̄u²(u² − 1)/2 (Σ cancels);
    - ``d1_minimum``: the minimum over w = u² of (L/2)w(w − 1): −L/8, so at d = 1
      sup ‖G̃‖² = max{(Lc₃(c₃ − 1)/2 − τ)², (L/8 + ζ)²} (attained by f = Lx²/2)."""
    s = SECTION5_SYMBOLS
    d, tau, zeta, L = s["d"], s["tau"], s["zeta"], s["L"]
    r = LEMMA53_SYMBOLS["r"]
    u = sp.Matrix(sp.symbols("u1:4", real=True))
    norm_sq = (u.T * u)[0]
    dev = u * u.T - sp.eye(3)
    w1, w2 = sp.symbols("w1 w2", real=True)
    s11, s12, s22 = sp.symbols("s11 s12 s22", real=True)
    S, w = sp.Matrix([[s11, s12], [s12, s22]]), sp.Matrix([w1, w2])
    dev2 = w * w.T - sp.eye(2)
    Sinv = sp.diag(tau, zeta)
    one = sp.Matrix([1, 1])
    kbar, uu, sinv = sp.symbols("kappa_bar u s", positive=True)
    wv = sp.Symbol("w", positive=True)
    parabola = L / 2 * wv * (wv - 1)
    return {
        "frobenius_deviation": ((dev * dev).trace(), norm_sq**2 - 2 * norm_sq + 3),
        "matrix_norm": (
            (S * dev2 * S * dev2).trace(),
            (w.T * S * w)[0] ** 2 - 2 * (w.T * S * S * w)[0] + (S * S).trace(),
        ),
        "kantorovich_attained": (
            (one.T * Sinv.inv() * one)[0] * (one.T * Sinv * one)[0] / 4,
            (zeta + tau) ** 2 / (4 * zeta * tau),
        ),
        "monotone_first_branch": (
            sp.diff(r**2 * (r**2 - 2 * r + d), r),
            2 * r * (2 * r**2 - 3 * r + d),
        ),
        "monotone_alpha_term": (
            sp.diff(r**3 * (r**2 - 2 * r + d), r),
            r**2 * (5 * r**2 - 8 * r + 3 * d),
        ),
        "d1_cancellation": (
            kbar * uu**2 / (2 * sinv) * sinv * (uu**2 - 1),
            kbar * uu**2 * (uu**2 - 1) / 2,
        ),
        "d1_minimum": (
            parabola.subs(wv, sp.solve(sp.diff(parabola, wv), wv)[0]),
            -L / 8,
        ),
    }

"""The corrigendum's algebra (Section 5 of *Mirror Natural Evolution Strategies*): each function
returns ``{name: (derived, closed form)}``, the derived side built from the proof's own steps, the
closed form what ``bounds.*_corrected`` evaluates; ``simplify(derived − closed) == 0`` is the
test (``tests/test_derivations.py``).
"""

from __future__ import annotations

from typing import Any

import sympy as sp

__all__ = ["SECTION5_SYMBOLS", "lemma51_repair", "lemma52_repair", "lemma53_repair"]

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

    Returns ``coefficient`` (of ‖Ũᵀ∇f‖²: −τ/(16Lc₁)) and ``delta_alpha_1`` (the α-terms:
    c₃³γ²bα⁴/(2⁶·3·c₁Lτ²)), each (derived, closed form)."""
    s = SECTION5_SYMBOLS
    b, L, tau, c1, c3, g, a = (s[k] for k in ("b", "L", "tau", "c1", "c3", "gamma", "alpha"))
    eta = b * tau / (4 * L * c1)
    nu_sq = g**2 * b * a**4 * c3**3 / (36 * tau**3)
    derived_delta = eta / (2 * b) * nu_sq + L * eta**2 / b**2 * (c1 / tau) * nu_sq
    derived_coefficient = -eta / (2 * b) + L * eta**2 / b**2 * c1 / tau
    return {
        "coefficient": (derived_coefficient, -tau / (16 * L * c1)),
        "delta_alpha_1": (derived_delta, c3**3 * g**2 * b * a**4 / (2**6 * 3 * c1 * L * tau**2)),
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

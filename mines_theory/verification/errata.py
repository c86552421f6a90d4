"""The errata: every typo or faulty step the suite found in the paper, as data.

Each ``Erratum`` names the place, what is printed, what is correct, whether the statement
survives, and a check (in the verification module of the paper's section) that returns True
when the printed form is confirmed wrong as described. ``tests/test_ledger.py`` runs them all;
notebook ``08-errata`` renders ``errata_table``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from . import appendix_d, appendix_e, section2, section3, section4, section5

__all__ = ["Erratum", "ERRATA", "KINDS", "errata_table"]

#: "typo": changes nothing; "error": a stated result or constant is affected; "ill-defined": a
#: printed quantity is undefined or vacuous in part of its range; "imprecision": right in the
#: sense used, wrong as written.
KINDS = ("typo", "error", "ill-defined", "imprecision")


@dataclasses.dataclass(frozen=True)
class Erratum:
    label: str            # equation label or place
    kind: str             # one of KINDS
    printed: str
    correct: str
    consequence: str      # whether the statement survives
    check: Callable[[], bool]


ERRATA: tuple[Erratum, ...] = (
    Erratum("eq:proj_cs_prime, Prop. A.2", "error",
            "Π_S'(Σ⁻¹) clips λ(Σ⁻¹) to [ζ⁻¹, τ⁻¹]; the KKT proof uses the bounds of S",
            "S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: clip λ(Σ⁻¹) to [τ, ζ] (as the prose says)",
            "Prop. A.2 as stated is false; Algorithm 1 is right if implemented from the prose",
            section4.erratum_projection_bounds),
    Erratum("Sec. 2, Fisher matrix", "imprecision",
            "F_θ = blockdiag(Σ̄⁻¹, ½Σ̄⁻¹⊗Σ̄⁻¹) for θ = [μ; vec Σ̄]",
            "in vec coordinates the block is ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K), singular; ½Σ̄⁻¹⊗Σ̄⁻¹ is its action "
            "on symmetric directions",
            "eq:nat_grad survives (in vech coordinates)", section2.erratum_fisher_vec),
    Erratum("proof of Lemma C.1", "typo", "E[G̃] = E[½(uᵀΣ^½HΣ^½u)(…)] − ½Σ⁻¹",
            "E[G̃] = E[½(…)] − Σ⁻¹ = H − Σ⁻¹", "Lemma C.1 survives", section4.erratum_lemma_c1_half),
    Erratum("eq:bG", "typo", "Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹", "Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹",
            "Lemma 4.3 survives", section4.erratum_bG_factor),
    Erratum("proof of Thm 3.2", "typo", "z = μ + αΣu", "z = μ + αΣ^{1/2}u", "Thm 3.2 survives",
            section3.erratum_taylor_sigma),
    Erratum("eq:R (proof of Thm 3.3)", "error",
            "α²/2(log det Σ̂* − log det Σ*) ≤ dα²/2(λmax(Σ̂*) − λmin(Σ*)) ≤ dα²/2(τ⁻¹ − ζ⁻¹)",
            "≤ dα²/2·log(ζ/τ) (logarithms are not bounded by differences below 1)",
            "Thm 3.3 survives with dα²/2·log(ζ/τ) in place of its last term (measured: the step "
            "also holds at the actual minimizers)", section3.erratum_logdet_step),
    Erratum("proof of Thm 3.3, last line", "typo", "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))",
            "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ̂*) − f(μ*))", "Thm 3.3 survives", section3.erratum_theorem33_sign),
    Erratum("eq:Sig_opt_1", "typo", "Π_S((∇²f(μ*) + 2α⁻²Φ(Σ̂*))⁻¹)",
            "Π_S((∇²f(μ̂*) + 2α⁻²Φ(Σ̂*))⁻¹), as in eq:Sig_opt", "Thm 3.4 survives",
            section3.erratum_sig_opt_mu),
    Erratum("Lemma B.5 (Hoeffding)", "typo", "exp(−(−2ψ²)/Σ(b_i − a_i)²)", "exp(−2ψ²/Σ(b_i − a_i)²)",
            "survives (the printed bound exceeds 1 and says nothing)", section4.erratum_hoeffding_sign),
    Erratum("eq:c1 with Lemmas 5.1, 5.2, eq:C", "ill-defined", "c₂ = b − 2√(b log(1/δ)) for any b",
            "c₂ > 0 needs b > 4 log(1/δ) (b ≥ 10 at δ = 0.1)",
            "for smaller b the lemmas give no contraction and C₂ is the root of a negative number",
            section5.erratum_c2_negative),
    Erratum("eq:chi_1 (Lemma E.8); A_K of Lemma 5.3", "error",
            "A_t = 8 log(1/(bδ)) + 16 log(t+1) + d gives P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²)",
            "A_t = 8 log(b/δ) + 16 log(t+1) + d (eq:chi gives bδ/(t+1)² as printed), valid where "
            "eq:chi applies, d ≤ 8 log(b/δ) + 16 log(t+1); for larger d it fails, and Laurent and "
            "Massart's d + 2√(dx) + 2x, x = log(b(t+1)²/δ), holds for every d",
            "eq:chi_1 and eq:Y0 fail (b = 20, δ = 0.1, d = 5: some Y ≠ 0 w.p. far above π²δ/6, Lemma E.8's row); "
            "A_K in C₁ is too small; Lemma 5.3 survives in the cases measured",
            appendix_e.erratum_chi_threshold),
    Erratum("eq:C, C₃", "error", "C₃ = c₃^{3/2}(c₃+1)ζ√(K−1)α/(4τ^{3/2}√d), without γ",
            "C₃ is eq:alpha_err's α-term at k = K, which carries γ (and √d, next rows' erratum)",
            "for γ > 0 the growth like √K (C/K ~ α², a floor) is what the α-bias of G̃ implies; "
            "for a quadratic (γ = 0) there is no bias, yet the printed C₃ > 0 keeps C/K from "
            "vanishing as K → ∞", section5.erratum_C_grows_with_K),
    Erratum("eq:nu (Lemma D.2)", "typo", "‖ν‖² ≤ γbα⁴c₃³/(36τ³), ‖Ũν‖² ≤ γbα⁴c₃⁴/(36τ⁴)",
            "γ² in both (eq:sigma_1 squared; ν scales like γ)",
            "the bound on ‖ν‖² survives with γ²; the one on ‖Ũν‖² fails anyway (next row)",
            appendix_d.erratum_nu_gamma_power),
    Erratum("proofs of eq:nu, eq:hh, eq:tgm_3", "error", "νᵀUᵀUν ≤ max_i ν_i²·‖U1‖²",
            "‖Uν‖² ≤ ‖U‖²‖ν‖² (ν_i depends on u_i: u₂ = −u₁, ν = (1, −1) gives Uν = 2u₁, U1 = 0)",
            "Lemmas D.2 (second half), D.4 and D.5 fail for large b: E[ν_iũ_i] ≠ 0 is a bias of "
            "order γα² that averaging over b does not remove; the Δ_α terms of Lemmas 5.1, 5.2 rest "
            "on them (their contraction part survives)", appendix_d.erratum_U_nu_step),
    Erratum("eq:G_norm, eq:GG (Lemma D.6)", "typo", "‖u‖² ≤ 2d + 2 log(1/δ), citing eq:u_norm",
            "2d + 3 log(1/δ) (eq:u_norm; with 2 log the event fails w.p. > δ at d = 5, δ = e⁻³⁰)",
            "Lemma D.6 survives (measured; eq:G_norm_1 already uses 3 log)", appendix_d.erratum_two_log),
    Erratum("proof of Lemma D.6, Taylor expansions", "typo",
            "f(μ ± αΣ^{1/2}u) = f ± α⟨∇f, Σ^{1/2}u⟩ + α²uᵀΣ^{1/2}[∫₀¹∇²f dt]Σ^{1/2}u; also f(μ − ·) twice",
            "the integral remainder has weight (1 − t): α²uᵀΣ^{1/2}[∫₀¹(1 − t)∇²f dt]Σ^{1/2}u",
            "Lemma D.6 survives (its constants are 2× loose)", appendix_d.erratum_taylor_weight),
    Erratum("eq:G_norm_1, eq:G_norm_2 (Lemma D.7)", "error",
            "‖(1/b)Σ_i Y_i‖² ≤ (1/b²)Σ_i ‖Y_i‖², with α²Σ⁻¹ for 2α²Σ⁻¹: ‖G̃‖² = O(1/b)",
            "≤ (1/b)Σ_i‖Y_i‖²; no O(1/b) bound exists since E G̃ = H − Σ⁻¹ (Lemma C.1)",
            "Lemma D.7 is false for large b (f = x²/2: ‖G̃‖² → 0.25, the bound → 0); eq:G_norm_2 "
            "fails also with H* and Σ⁻¹ inside S', wherever E∇²f(μ_k + αz) ≠ H* (its left side "
            "tends to ‖E∇²f(μ_k + αz) − H*‖²); the C₄ of Lemma 5.3 rests on it; Lemma 5.3 "
            "survives in the cases measured", appendix_d.erratum_G_norm_1),
    Erratum("eq:Sig_dec (Lemma E.2)", "error", "(1/(k(k−1)))Σ_t (t−1)⟨BG_t − H*, Σ_t⁻¹ − H*⟩",
            "2(t−1)/(k(k−1)): the recursion's 2/t times Π_j(1 − 2/j) = (t−1)t/(k(k−1))",
            "as printed it fails along a MiNES run (Lemma E.2's row); C₁ + C₂ + C₃ of eq:C should "
            "double; Lemma 5.3 survives in the cases measured", appendix_e.erratum_sig_dec_factor),
    Erratum("eq:Sig_2_bnd (Lemma E.2)", "error", "‖Σ₂⁻¹ − H*‖² ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b",
            "Σ₂⁻¹ → Π_S'(∇²f(μ₁)) as b → ∞: the base case needs C ≥ 2‖Π_S'(∇²f(μ₁)) − H*‖² + O(1/b)",
            "false for non-quadratic f; Lemma 5.3's induction survives with a larger C",
            appendix_e.erratum_sig2_nonquadratic),
    Erratum("eq:alpha_err (Lemma E.4)", "error", "c₃^{3/2}(c₃+1)ζγ√(k−1)α/(4τ^{3/2}d^{1/2})",
            "c₃^{3/2}(c₃+1)ζγ√(k−1)α·√d/(4τ^{3/2}): eq:GG bounds the spectral norm, and "
            "⟨A, D⟩ ≤ ‖A‖₂‖D‖_* ≤ √d‖A‖₂‖D‖_F (equality at A = D = I); the proof's middle line "
            "also drops γ", "the printed factor is d times too small, and so is C₃ of eq:C; "
            "Lemma 5.3 survives in the cases measured", appendix_e.erratum_alpha_err_factor),
)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def errata_table(errata: tuple[Erratum, ...] = ERRATA) -> str:
    """The errata as a Markdown table, each row with its check's result ("confirmed" or "NOT
    confirmed")."""
    lines = ["| place | kind | printed | correct | consequence | check |", "|---|---|---|---|---|---|"]
    for e in errata:
        status = "confirmed" if e.check() else "NOT confirmed"
        cells = [e.label, e.kind, e.printed, e.correct, e.consequence, status]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)

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

__all__ = ["COLUMNS", "ERRATA", "KINDS", "Erratum", "distinct_flaws", "errata_table", "flaw_groups"]

#: "typo": a slip of writing that changes nothing; "error": a stated result, constant or its
#: units are affected; "ill-defined": a printed quantity is undefined or vacuous in part of its
#: range; "imprecision": a step wrong or unjustified as written whose conclusion, or what the
#: statements need of it, stands (nothing stated changes).
KINDS = ("typo", "error", "ill-defined", "imprecision")


@dataclasses.dataclass(frozen=True)
class Erratum:
    label: str            # equation label or place
    kind: str             # one of KINDS
    printed: str
    correct: str
    consequence: str      # whether the statement survives
    check: Callable[[], bool]
    same_flaw_as: str | None = None   # the label of an entry that states the same flaw


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
    Erratum("eq:R (proof of Thm 3.3)", "imprecision",
            "α²/2(log det Σ̂* − log det Σ*) ≤ dα²/2(λmax(Σ̂*) − λmin(Σ*)) ≤ dα²/2(τ⁻¹ − ζ⁻¹)",
            "≤ dα²/2·log(ζ/τ) (logarithms are not bounded by differences below 1); or avoid R: "
            "compare Q_α(μ̂*, Σ̂*) with Q_α(μ*, Σ̂*), where R(Σ̂*) cancels",
            "Thm 3.3 holds as printed: μ̂* minimizes Q_α(·, Σ̂*), so the comparison with (μ*, Σ̂*) "
            "gives f(μ̂*) − f(μ*) ≤ dLα²/τ + γα³(d+3)^{3/2}/(3τ^{3/2}), the printed bound without "
            "its R-term (section3.theorem33_r_cancels measures Q_α at both points, the gap and "
            "both bounds; notebook 08)", section3.erratum_logdet_step),
    Erratum("proof of Thm 3.3, last line", "typo", "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))",
            "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ̂*) − f(μ*))", "Thm 3.3 survives", section3.erratum_theorem33_sign),
    Erratum("eq:Sig_opt_1", "typo", "Π_S((∇²f(μ*) + 2α⁻²Φ(Σ̂*))⁻¹)",
            "Π_S((∇²f(μ̂*) + 2α⁻²Φ(Σ̂*))⁻¹), as in eq:Sig_opt", "Thm 3.4 survives",
            section3.erratum_sig_opt_mu),
    Erratum("proof of Thm 3.4, after eq:Sig_opt", "imprecision",
            "“the optimization problem is strictly convex”, so the KKT point (Σ̂*, A₁, A₂) is unique",
            "Σ ↦ Q_α(μ̂*, Σ) need not be convex on S, even under eq:alp_cond; eq:Sig_opt is necessary, and "
            "with M̂ = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*) frozen, Σ̂* solves the strictly convex min_S ½⟨M̂, Σ⟩ − ½ log det Σ",
            "Thm 3.4 survives (eq:Sig_opt_1 follows from the frozen problem; uniqueness is not "
            "needed). The flaw bites only far from the paper's regime: the counterexample has "
            "ζ = σ/333, and in 1-D under eq:alp_cond Q_α(μ, ·) is convex on S whenever ζ ≥ "
            "3√(2/π)σ/(2c₁) ≈ σ/80 (section3.convexity_threshold, convexity_scan), so for ζ ≥ L "
            "the sentence is true", section3.erratum_strict_convexity),
    Erratum("eq:Sig_opt → eq:Sig_opt_1", "imprecision",
            "substituting A₁, A₂ gives Σ̂* = Π_S(M̂⁻¹), M̂ = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*), before M̂ ≻ 0 is known",
            "the KKT construction is U diag(1/clip(Λ, τ, ζ)) Uᵀ, equal to Π_S(M̂⁻¹) only if M̂ ≻ 0: "
            "state eq:Sig_opt_1 after eq:tmp1",
            "Thm 3.4 survives (M̂ ⪰ σ/2·I under eq:alp_cond)", section3.erratum_sig_opt_posdef),
    Erratum("eq:J_Sig_0, middle line (same in the proof of eq:Q_Sig)", "typo",
            "E_z[f(z)(½Σ⁻¹(z − μ̂*)(z − μ̂*)ᵀΣ⁻¹α⁻² − ½Σ⁻¹α⁻²)]·α²",
            "½Σ⁻¹(z − μ̂*)(z − μ̂*)ᵀΣ⁻¹α⁻⁴ (Σ̄⁻¹ = α⁻²Σ⁻¹ occurs twice)",
            "survives (the last line of the display is right)", section3.erratum_j_sig_0_power),
    Erratum("eq:tmp2, first line", "typo",
            "2α⁻²‖Φ(Σ̂*)‖ = E_u[ρ̃(αΣ̂*^{1/2}u)(Σ̂*^{-1/2}uuᵀΣ̂*^{-1/2} − Σ̂*⁻¹)]",
            "= α⁻²‖E_u[ρ̃(αΣ̂*^{1/2}u)(Σ̂*^{-1/2}uuᵀΣ̂*^{-1/2} − Σ̂*⁻¹)]‖ (Φ = ½E[…])",
            "Thm 3.4 survives (the next line already uses the correct form)",
            section3.erratum_tmp2_first_line),
    Erratum("eq:tmp, lines 3–4, and the display after eq:tmp1", "typo",
            "‖A⁻¹ − ∇²f(μ̂*)⁻¹‖ ≤ ‖A⁻¹(2α⁻²Φ(Σ_*))∇²f(μ̂*)⁻¹‖ with A = ∇²f(μ̂*) + 2α⁻²Φ(Σ̂*)",
            "Φ(Σ̂*) in place of Φ(Σ_*) (eq:A_inv gives equality)",
            "Thm 3.4 survives (eq:tmp1, eq:tmp2 bound 2α⁻²‖Φ(Σ)‖ for every Σ ∈ S)",
            section3.erratum_tmp_phi_argument),
    Erratum("proof of Thm 3.4, last chain, second line", "imprecision",
            "‖∇²f(μ*)⁻¹‖·‖∇²f(μ̂*)⁻¹‖·‖∇²f(μ*) − ∇²f(μ̂*)‖ ≤ γ/σ²·‖μ* − μ̂*‖, all Frobenius",
            "‖·‖₂ on the inverses (in Frobenius norm each is up to √d/σ), and a Hessian γ-Lipschitz in "
            "the Frobenius norm (eq:gamma_1 names no norm)",
            "the second bound of Thm 3.4 survives with a Frobenius-γ; with a spectral γ its last term "
            "needs √dγ/σ²", section3.erratum_last_chain_norms),
    Erratum("eq:J_quad (proof of Thm 3.1, first display)", "typo",
            "J(θ) = E_u[f(μ) + α⟨∇f(μ), Σu⟩ + α²/2·uᵀΣ^{1/2}HΣ^{1/2}u]",
            "α⟨∇f(μ), Σ^{1/2}u⟩ (z − μ = αΣ^{1/2}u)",
            "Thm 3.1 survives (the right side f(μ) + α²/2⟨H, Σ⟩ is right)",
            section3.erratum_j_quad_integrand),
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
            "vanishing as K → ∞", section5.erratum_C_grows_with_K,
            same_flaw_as="eq:alpha_err (Lemma E.4)"),
    Erratum("proof of Lemma 5.1, substituting η₁,k; Δ_α,1", "error",
            "coefficients −1/(16Lζ), 1/(8Lc₁ζ), 1/(16Lζ²) of ‖Ũᵀ∇f‖², ‖ν‖², ‖Ũν‖²; "
            "Δ_α,1 = c₃³γbα⁴/(2⁵·3²·c₁Lζτ³)(1 + c₁c₃/(2τζ))",
            "−τ/(16Lc₁), τ/(8Lc₁), τ²/(16Lc₁²); with eq:nu's γ² and ‖Ũν‖² ≤ (c₁/τ)‖ν‖², "
            "Δ_α,1 = c₃³γ²bα⁴/(2⁶·3·c₁Lτ²) (the printed one has the wrong units)",
            "Lemma 5.1 as printed is false (one step from μ* exceeds its Δ_α,1; row 'Lemma 5.1, "
            "γ > 0'); the rate and step survive, and so does the lemma with the corrected Δ_α,1; "
            "C₂ of Lemma 5.3 inherits it", section5.erratum_lemma51_substitution,
            same_flaw_as="eq:nu (Lemma D.2)"),
    Erratum("Lemma 5.1, hypotheses", "imprecision", "f L-smooth and σ-strongly convex",
            "also a γ-Lipschitz Hessian, which Δ_α,1 and the proof (eq:sigma_1, eq:nu) use",
            "without it no γ makes the lemma true (f = x² + x|x|/2: one step from μ* moves f by "
            "O(α²) against Δ_α,1 = O(γα⁴)); with it, as for Lemma 5.2, it survives",
            section5.erratum_lemma51_gamma_hypothesis),
    Erratum("proof of Lemma 5.2, the step after eq:tgm_3", "error",
            "with η = b/(4𝓛_kc₁) the coefficient of ‖UᵀΣ^{1/2}∇f‖² is −1/(4𝓛_kc₁)",
            "−η/(2b) + η²𝓛_kc₁/b² = −1/(16𝓛_kc₁), the best any step gives",
            "at eq:cond's first threshold the cubic term then outweighs the decrease, leaving "
            "+1/(16𝓛_kc₁): the proof "
            "shows Lemma 5.2 only with that threshold cut 16-fold (9𝓛_k⁴τ⁴/(2Lγ²)) and the rate "
            "1 − ξ_kc₂/(32𝓛_kc₁); the printed rate is not violated in our runs",
            section5.erratum_lemma52_coefficient),
    Erratum("proof of Lemma 5.2, fourth line of the chain", "typo",
            "η²𝓛_kc₁^{1/2}/b²·‖w‖² and 2γc₁^{3/2}η³/(3b³τ^{3/2})·‖w‖², w = UᵀΣ^{1/2}∇f",
            "η²𝓛_kc₁/b²·‖w‖² (as the line before) and ‖w‖³ (from (A + B)³ ≤ 4(A³ + B³) and "
            "eq:tgm_3; the next line uses ‖w‖³)", "Lemma 5.2's proof survives the typos (not its "
            "coefficient, row above)", section5.erratum_lemma52_line4),
    Erratum("proof of Lemma E.1 (lem:nab_f)", "typo",
            "Δ₁ = ∫₀¹(∇²f(μ* − s(μ_k − μ*)) − ∇²f(μ*))(μ_k − μ*)ds; −‖He + Δ₁‖²_Σ ≤ −‖He‖²_Σ + "
            "2⟨He, ΣΔ₁⟩; \"ξ_kΣ_k ⪯ ∇²f(μ_k)\"",
            "μ* + s(μ_k − μ*) in Δ₁; −2⟨He, ΣΔ₁⟩ (≤ 2|⟨He, ΣΔ₁⟩|, which the next bound controls); "
            "ξ_kΣ_k⁻¹ ⪯ ∇²f(μ_k)", "Lemma E.1 survives", appendix_e.erratum_nab_f_typos),
    Erratum("Δ_α,2 of Lemma 5.2, third term", "error", "bγc₃³α⁴/(2⁵·3²·τ³c₁)",
            "bζγc₃³α⁴/(2⁵·3²·στ³c₁): the step η = b/(4𝓛_kc₁) leaves a factor 1/𝓛_k ≤ ζ/σ, "
            "bounded as in the other two terms", "the printed Δ_α,2 is too small where 𝓛_k < 1; "
            "Lemma 5.2 survives with the corrected term", section5.erratum_delta_alpha_2_third_term),
    Erratum("Lemmas 5.1, 5.2, D.2, D.4, D.5: \"with probability ≥ 1 − δ\"", "error",
            "1 − δ, while eq:sigma_1 is used for all b directions at once",
            "b + 2 events of probability δ (s_max, eq:gd_low, and ‖u_i‖² ≤ c₃ for each i): "
            "1 − (b + 2)δ, or 1 − δ with δ/(b + 2) inside c₁, c₂, c₃",
            "the statements survive with the smaller probability (or larger constants); "
            "Lemma 5.3 and Thm 5.4, which combine them over K steps, lose more",
            section5.erratum_union_bound),
    Erratum("Lemma C.1 (lem:exp_tg), hypotheses", "imprecision",
            "Σ^{1/2}, Σ^{-1/2} unspecified; H positive semi-definite",
            "the symmetric root of Σ, and H symmetric (PSD is not needed); with a factor Σ = AAᵀ "
            "the identity reads ½E[(uᵀAᵀHAu)(A⁻ᵀuuᵀA⁻¹ − Σ⁻¹)] = H",
            "Lemma C.1 survives (every use has symmetric H); eq:TG with a Cholesky factor read "
            "literally would be biased", section4.erratum_lemma_c1_root),
    Erratum("Lemmas D.1, D.4, D.5, hypotheses", "typo",
            "Σ⁻¹ ∈ S (D.1); ∇²f ⪯ 𝓛Σ⁻¹ ⪯ 𝓛τ⁻¹I (D.4); Σ⁻¹ ⪯ τ⁻¹I (D.5)",
            "Σ ∈ S, i.e. Σ⁻¹ ∈ S' (each proof uses ‖Σ‖ ≤ 1/τ)",
            "as printed the conclusions fail (Σ = 100, τ = 1); Lemma 5.1 applies them with Σ_k ∈ S "
            "and is unaffected", appendix_d.erratum_hypotheses),
    Erratum("eq:nu (Lemma D.2)", "error", "‖ν‖² ≤ γbα⁴c₃³/(36τ³), ‖Ũν‖² ≤ γbα⁴c₃⁴/(36τ⁴)",
            "γ² in both (eq:sigma_1 squared; ν scales like γ)",
            "the bound on ‖ν‖² survives with γ²; the one on ‖Ũν‖² fails anyway (next row). The "
            "γ → γ² changes the values and the units of Δ_α,1 and Δ_α,2, which are built from it "
            "(Lemmas 5.1, 5.2)", appendix_d.erratum_nu_gamma_power),
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
            "tends to ‖E∇²f(μ_k + αz) − H*‖²); C₄ of Lemma 5.3 rests on it in the base case and in "
            "eq:dec_sig's C₄/k at every t, where ‖G̃(Σ_t)‖² tends to ‖E∇²f(μ_t + αz) − Σ_t⁻¹‖²: C₄ "
            "must become a bound with ‖∇²f(μ_t) − Π_S'(∇²f(μ_t))‖², ‖H_t − H*‖² and C/t terms; "
            "Lemma 5.3 survives in the cases measured", appendix_d.erratum_G_norm_1),
    Erratum("eq:Sig_dec (Lemma E.2)", "error", "(1/(k(k−1)))Σ_t (t−1)⟨BG_t − H*, Σ_t⁻¹ − H*⟩",
            "2(t−1)/(k(k−1)): the recursion's 2/t times Π_j(1 − 2/j) = (t−1)t/(k(k−1))",
            "as printed it fails along a MiNES run (Lemma E.2's row); C₁ + C₂ + C₃ of eq:C should "
            "double; Lemma 5.3 survives in the cases measured", appendix_e.erratum_sig_dec_factor),
    Erratum("eq:Sig_2_bnd (Lemma E.2)", "error", "‖Σ₂⁻¹ − H*‖² ≤ 4L²c₃²(c₃ζ + √dζ)²/(bτ²) + dζ²/b",
            "with η₂,₁ = 1, Σ₂⁻¹ = Π_S'(BG(Σ₁)) → Π_S'(E BG(Σ₁)) as b → ∞, where E BG(Σ₁) = "
            "E∇²f(μ₁ + αz) = ∇²f(μ₁) + O(γα), z = Σ₁^{1/2}u: the base case needs "
            "C ≥ 2‖Π_S'(E∇²f(μ₁ + αz)) − H*‖² + O(1/b), the O(1/b) part at least 4C₄ (base-case row)",
            "false for non-quadratic f; Lemma 5.3's induction survives with a larger C",
            appendix_e.erratum_sig2_nonquadratic,
            same_flaw_as="eq:G_norm_1, eq:G_norm_2 (Lemma D.7)"),
    Erratum("eq:alpha_err (Lemma E.4)", "error", "c₃^{3/2}(c₃+1)ζγ√(k−1)α/(4τ^{3/2}d^{1/2})",
            "c₃^{3/2}(c₃+1)ζγ√(k−1)α·√d/(4τ^{3/2}): eq:GG bounds the spectral norm, and "
            "⟨A, D⟩ ≤ ‖A‖₂‖D‖_* ≤ √d‖A‖₂‖D‖_F (equality at A = D = I); the proof's middle line "
            "also drops γ", "the printed factor is d times too small, and so is C₃ of eq:C; "
            "Lemma 5.3 survives in the cases measured", appendix_e.erratum_alpha_err_factor),

    # E1
    Erratum("eq:alpha_err (Lemma E.4), the step citing eq:GG", "error",
            "eq:GG applied to BG − (1/2b)Σ_i u_iᵀΣ_t^½H_tΣ_t^½u_i(…), H_t = Π_S'(∇²f(μ_t))",
            "eq:GG bounds the sum built with ∇²f(μ_t); with H_t the difference also holds "
            "(1/2b)Σ_i u_iᵀΣ_t^½(∇²f(μ_t) − H_t)Σ_t^½u_i(…), which does not shrink with α or γ "
            "when ∇²f(μ_t) ∉ S'",
            "eq:alpha_err fails when ∇²f(μ_t) ∉ S' (a quadratic: right side 0, left side > 0); "
            "Lemma 5.3 as proved needs every ∇²f(μ_t) ∈ S' (e.g. τ ≤ σ, L ≤ ζ), while Thm 5.4 keeps "
            "‖∇²f(μ_k) − Π_S'(∇²f(μ_k))‖; otherwise C needs a term in that projection distance",
            appendix_e.erratum_alpha_err_projection),
    # E2
    Erratum("eq:sto_err (Lemma E.9), proof", "error",
            "after eq:EXY only the X-part is bounded (Lemma E.7), and the bound is stated for the "
            "whole sum",
            "the Y-part, −Σ_t z_{t,k}⟨E Y_t, ½V_tᵀΣ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2}V_t⟩ on eq:Y0's "
            "event, is not 0 (E Y_t ≠ 0) and needs Lemma E.8",
            "Lemma E.9 survives with Lemma E.8's term added (tr Λ_t ≤ dL/τ, tr Σ_t⁻¹ ≤ dζ, "
            "Cauchy–Schwarz over t): C₅ = 3Ldζδ(A_K² + 16A_K + 144)/τ·√(Σ_{t≥2}(t+1)⁻⁴) joins "
            "C₁ + C₂ + C₃ in eq:C, and eq:Y0 joins the probability count",
            appendix_e.erratum_sto_err_Y_omitted),
    # E3
    Erratum("proof of lem:X (Lemma E.7)", "imprecision",
            "Hoeffding's inequality (Lemma B.5, independent summands), with the random Γ_t in the "
            "bound",
            "the summands are martingale differences (E X_{t,i} given F_{t−1}) with random ranges; "
            "Azuma–Hoeffding applies to the sum stopped once ‖Σ_s⁻¹ − H*‖² > C/s, with "
            "deterministic ranges from the induction hypothesis",
            "nothing stated changes: Azuma–Hoeffding's exponent 2bψ²/Σz²Γ² is 4× the printed "
            "one, which pays for the two-sided factor 2 (its deviation at level δ/k² is below "
            "the printed one for every k ≥ 2, δ < 1: appendix_e.azuma_margin), so C₁ and the "
            "level δ/k² stand (given ‖Λ_t‖₂ ≤ max(L, τ)/τ, next rows)",
            appendix_e.erratum_lemX_dependence),
    # E4
    Erratum("proof of Lemma 5.3, base case k = 2; eq:C", "error",
            "‖Σ₂⁻¹ − H*‖² ≤ [right side of eq:Sig_2_bnd] ≤ C/2, with C's entry 2C₄ + L²/b",
            "the right side of eq:Sig_2_bnd is exactly 2C₄, so C ≥ 4C₄ is needed; "
            "2C₄ + L²/b < 4C₄ since C₄ ≥ 32L²/b",
            "the base case fails where 9(C₁+C₂+C₃)²/4 < C₄ (a corner: γ = 0, d = 1, b = 10⁸, "
            "δ = 10⁻⁸, or d = 10⁴, b = 1, δ = 0.99); with 4C₄ as eq:C's second entry (plus "
            "eq:Sig_2_bnd's erratum term) the induction starts",
            appendix_e.erratum_base_case_C),
    # E5
    Erratum("Lemma 5.3 (statement and proof); Thm 5.4, item 2", "error",
            "with a probability at least 1 − δ",
            "the proof uses, at each of the K − 1 steps, eq:u_norm for b directions (eq:G_norm_1, "
            "eq:GG) and Lemma 5.1 or 5.2, plus Lemma E.7 at δ/k² and eq:Y0: the union bound gives "
            "1 − [(K − 1)(b + 3) + 2(π²/6 − 1)]δ",
            "Lemma 5.3 and Thm 5.4 hold w.p. 1 − O(Kbδ) as proved, or 1 − δ with "
            "δ/((K − 1)(b + 3) + 2) in every per-step lemma (a log(Kb/δ) in c₁, c₂, c₃, A_K, C₁); "
            "the event ‖u_{t,i}‖² ≤ c₃ alone fails w.p. > δ (d = 5, b = 50, δ = 0.01, K = 200)",
            appendix_e.erratum_probability_bookkeeping,
            same_flaw_as="Lemmas 5.1, 5.2, D.2, D.4, D.5: \"with probability ≥ 1 − δ\""),
    # E6
    Erratum("proof of eq:dd (Lemma E.10), the \"=\" line", "typo",
            "Σ_{t=2}^k[(1−ρ₁)^{t−1}F + ΔΣ_{i=0}^{t−2}(1−ρ₁)^i] = ((1−ρ₁)/ρ₁)[(1 − (1−ρ₁)^{k−1})F "
            "+ ((k−1) − (1 − (1−ρ₁)^{k−1})/ρ₁)Δ]",
            "Δ's coefficient is (k−1)/ρ₁ − (1−ρ₁)(1 − (1−ρ₁)^{k−1})/ρ₁²: the printed line is short "
            "by (k − 1)Δ",
            "eq:dd survives: its last line still bounds the exact sum, and C₂ stands",
            appendix_e.erratum_dd_middle_equality),
    # E7
    Erratum("proof of eq:sto_err (Lemma E.9)", "imprecision",
            "‖Λ_t‖₂ ≤ ‖Σ_t‖₂‖H_t‖₂ ≤ L/τ",
            "‖H_t‖₂ ≤ max(L, τ), since Π_S' lifts eigenvalues below τ to τ: ‖Λ_t‖₂ ≤ max(L, τ)/τ",
            "right when τ ≤ L (e.g. τ ≤ σ); otherwise L becomes max(L, τ) in C₁, or the "
            "unprojected ∇²f(μ_t) is used (eq:alpha_err's projection row), for which L/τ holds",
            appendix_e.erratum_Lambda_norm),
    # E8
    Erratum("display before eq:Y0 (Lemma E.8)", "typo",
            "Σ_{t≥1} δ/(t+1)² = π²δ/6",
            "Σ_{t≥1} δ/(t+1)² = (π²/6 − 1)δ",
            "eq:Y0 holds w.p. ≥ 1 − (π²/6 − 1)δ, which gives Lemma E.8's own 1 − δ (with eq:chi_1's "
            "corrected A_t); the printed π²δ/6 did not",
            appendix_e.erratum_Y0_sum),
    # E9
    Erratum("proof of eq:sto_err (Lemma E.9), the line citing eq:E", "typo",
            "⟨½Σ_{i=1}^b E_{t,i}, V_tᵀΣ_t^{-1/2}(Σ_t⁻¹ − H*)Σ_t^{-1/2}V_t⟩",
            "⟨(1/2b)Σ_i E_{t,i}, …⟩: the printed one is b times the left side",
            "Lemma E.9 survives (the next lines and Lemma E.7 use (1/b)Σ_i)",
            appendix_e.erratum_sto_err_missing_1_over_b),
    # E10
    Erratum("eq:sto_err, eq:dec_sig, induction hypothesis in the proof of Lemma 5.3", "typo",
            "‖Σ_t − H*‖",
            "‖Σ_t⁻¹ − H*‖, as in the line before, in Γ_t (Lemma E.7) and in Lemma 5.3's conclusion "
            "(the two differ, and neither bounds the other)",
            "Lemma 5.3's proof survives, read with Σ_t⁻¹",
            appendix_e.erratum_Sigma_vs_Sigma_inv),
    # E11
    Erratum("proof of lem:Y (Lemma E.8), E[Y_{t,i}]", "typo",
            "E[((tr Λ_t·I + 2Λ_t)/(d² + 2d)·‖ū‖⁴ − tr Λ_t/d·I)1{‖ū‖² > A_t}]",
            "the second term is −tr Λ_t/d·‖ū‖²·I",
            "Lemma E.8 survives (the next display bounds the right form)",
            appendix_e.erratum_EY_formula),
)


def flaw_groups(errata: tuple[Erratum, ...] = ERRATA) -> list[list[str]]:
    """The entries grouped by the flaw they state: an entry with ``same_flaw_as`` joins the
    group of the entry it names (transitively); each group lists labels in table order. A
    ``same_flaw_as`` that names no entry is a ValueError."""
    labels = [e.label for e in errata]
    parent = {label: label for label in labels}

    def root(label):
        while parent[label] != label:
            label = parent[label]
        return label

    for e in errata:
        if e.same_flaw_as is None:
            continue
        if e.same_flaw_as not in parent:
            raise ValueError(f"same_flaw_as of {e.label!r} must name an entry of the table, "
                             f"got {e.same_flaw_as!r}")
        parent[root(e.label)] = root(e.same_flaw_as)
    groups: dict[str, list[str]] = {}
    for label in labels:
        groups.setdefault(root(label), []).append(label)
    return list(groups.values())


def distinct_flaws(errata: tuple[Erratum, ...] = ERRATA) -> int:
    """How many distinct flaws the table states: entries linked by ``same_flaw_as`` (one flaw
    stated twice, e.g. where it arises and where a constant inherits it) count once."""
    return len(flaw_groups(errata))


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


#: The columns ``errata_table`` can show, in their order.
COLUMNS = ("place", "kind", "printed", "correct", "consequence", "check")


def errata_table(errata: tuple[Erratum, ...] = ERRATA, columns: tuple[str, ...] = COLUMNS,
                 evidence: dict | None = None) -> str:
    """The errata as a Markdown table, each row with what its check shows
    (``corrigendum.check_text``): the sentence and numbers of its ``Evidence``, "flagged: …"
    (or "NOT flagged: …"), or, for a check that returns a bool, "confirmed" when it returns True,
    "NOT confirmed" when it returns False. The results are read from ``evidence`` (label →
    bool or Evidence, ``corrigendum.reconciled_evidence``; a missing label is a KeyError) or,
    without it, each check is run here; anything but a bool or an Evidence (a verdict, None or an
    array, whose truth would say nothing) is a TypeError naming the erratum. ``columns``: a
    subset of ``COLUMNS`` (a narrow index for the book, say ("place", "kind", "check")); any
    other name is a ValueError."""
    from .corrigendum.evidence import as_result, check_text

    unknown = [c for c in columns if c not in COLUMNS]
    if unknown or not columns:
        raise ValueError(f"columns must be a non-empty subset of {COLUMNS}, got {columns!r}")
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for e in errata:
        result = evidence[e.label] if evidence is not None else e.check()
        status = check_text(as_result(e.label, result))
        consequence = e.consequence + (f" (same flaw as “{e.same_flaw_as}”)"
                                       if e.same_flaw_as else "")
        cells = dict(zip(COLUMNS, [e.label, e.kind, e.printed, e.correct, consequence, status]))
        lines.append("| " + " | ".join(_cell(cells[c]) for c in columns) + " |")
    return "\n".join(lines)

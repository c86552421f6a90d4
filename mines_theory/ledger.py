"""The claims ledger: one row per numbered claim of the paper, where the suite checks it, and
its verdict.

A verdict is never typed: it is what the row's check function (``mines_theory.checks``)
returns when run. ``tests/test_ledger.py`` recomputes every verdict and compares the README's
rendered ledger with a fresh rendering, so a verdict that changes fails the tests until the
README is regenerated (``make figures``). Rows whose check has not landed yet say so.
Labels are the paper's LaTeX labels where it has one; numbers follow DESIGN.md (Theorems
3.1–3.4, Lemmas 4.1–4.3, Lemmas 5.1–5.3, Theorem 5.4; appendix A–C).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from . import checks
from .checks import Verdict

__all__ = ["Claim", "CLAIMS", "Verdict", "claims_table", "verdicts", "README_START", "README_END",
           "render_into", "Erratum", "ERRATA", "errata_table", "COMPARISON_START",
           "COMPARISON_END"]

PENDING = Verdict("not yet checked", "")


@dataclasses.dataclass(frozen=True)
class Claim:
    number: str       # e.g. "Thm 3.1"
    label: str        # the paper's LaTeX label, or the equation it states
    statement: str    # one line, in the paper's symbols
    notebook: str     # the notebook that checks it
    check: Callable[[], Verdict] | None = None      # recomputes the verdict
    test: str = ""    # the pytest node that recomputes it

    def verdict(self) -> Verdict:
        return PENDING if self.check is None else self.check()


CLAIMS: tuple[Claim, ...] = (
    Claim("Sec. 2", "eq:nab_mu, eq:nab_Sig, eq:nat_grad",
          "log-likelihood gradients of N(μ, Σ̄), the Fisher matrix and the natural gradient",
          "01-nes-background",
          checks.check_section2, "tests/test_ledger.py::test_verdict[Sec. 2]"),
    Claim("Thm 3.1", "prop:quad_case",
          "for quadratic f, argmin over S of Q_α is (μ*, Π_S(H⁻¹))", "02-regularized-objective",
          checks.check_theorem31, "tests/test_ledger.py::test_verdict[Thm 3.1]"),
    Claim("Thm 3.2", "prop:close",
          "f(μ) ∓ Lα²/2·tr Σ ∓ α³φ(Σ) + R(Σ) sandwich Q_α(μ, Σ)", "02-regularized-objective",
          checks.check_theorem32, "tests/test_ledger.py::test_verdict[Thm 3.2]"),
    Claim("Thm 3.3", "prop:mu",
          "f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖² are O(α²)", "02-regularized-objective",
          checks.check_theorem33, "tests/test_ledger.py::test_verdict[Thm 3.3]"),
    Claim("Thm 3.4", "prop:Sigma",
          "‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ = O(α) under eq:alp_cond", "02-regularized-objective",
          checks.check_theorem34, "tests/test_ledger.py::test_verdict[Thm 3.4]"),
    Claim("Lemma 4.1", "eq:ng_mines",
          "the natural gradient in μ is α²·E[(f(μ+αΣ^½u) − f(μ−αΣ^½u))/(2α)·Σ^½u]",
          "03-gradient-estimators", checks.check_lemma41,
          "tests/test_ledger.py::test_verdict[Lemma 4.1]"),
    Claim("Lemma 4.2", "eq:Q_Sig",
          "∂Q_α/∂Σ = ¼E[(f(μ−αΣ^½u) + f(μ+αΣ^½u) − 2f(μ))(Σ^-½uuᵀΣ^-½ − Σ⁻¹)] − α²/2·Σ⁻¹",
          "03-gradient-estimators",
          checks.check_lemma42, "tests/test_ledger.py::test_verdict[Lemma 4.2]"),
    Claim("Lemma 4.3", "prop:TG",
          "G̃(Σ) (eq:TG) is an unbiased estimate of 2α⁻²∂Q_α/∂Σ", "03-gradient-estimators",
          checks.check_lemma43, "tests/test_ledger.py::test_verdict[Lemma 4.3]"),
    Claim("Lemma 5.1", "lem:gd_dec_1",
          "with η₁ = bτ/(4Lc₁): linear rate 1 − c₂τσ/(16c₁Lζ) up to Δ_α,1",
          "05-convergence-mean",
          checks.check_lemma51, "tests/test_ledger.py::test_verdict[Lemma 5.1]"),
    Claim("Lemma 5.2", "lem:dec_local",
          "in the local region, with η₁ = b/(4𝓛_k c₁): rate 1 − ξ_k c₂/(8𝓛_k c₁) up to Δ_α,2",
          "05-convergence-mean",
          checks.check_lemma52, "tests/test_ledger.py::test_verdict[Lemma 5.2]"),
    Claim("Lemma 5.3", "lem:Sig_dec",
          "with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k", "06-convergence-covariance",
          checks.check_lemma53, "tests/test_ledger.py::test_verdict[Lemma 5.3]"),
    Claim("Remark 5.3", "after lem:Sig_dec",
          "d = b = 1: E‖G̃‖² = 39/2·H² − 2Σ⁻¹H + Σ⁻² ≥ 37/2·H² (the 1/k rate is tight)",
          "03-gradient-estimators",
          checks.check_variance_remark, "tests/test_ledger.py::test_verdict[Remark 5.3]"),
    Claim("Thm 5.4", "thm:main_cvg",
          "two-stage convergence; final rate 1 − c₂/(8c₁), independent of κ",
          "05-convergence-mean",
          checks.check_theorem54, "tests/test_ledger.py::test_verdict[Thm 5.4]"),
    Claim("Prop. A.1", "appendix A", "S and S' are convex", "04-mirror-descent-projection",
          checks.check_proposition_a1, "tests/test_ledger.py::test_verdict[Prop. A.1]"),
    Claim("Prop. A.2", "prop:project",
          "Π_S'(Σ⁻¹) clips the spectrum (eq:proj_cs_prime)", "04-mirror-descent-projection",
          checks.check_proposition_a2, "tests/test_ledger.py::test_verdict[Prop. A.2]"),
    Claim("Lemma B.1", "lem:gauss_power", "d^{p/2} ≤ E‖u‖^p ≤ (p + d)^{p/2}",
          "03-gradient-estimators",
          checks.check_lemma_b1, "tests/test_ledger.py::test_verdict[Lemma B.1]"),
    Claim("Lemma B.2", "lem:chi", "χ² tail bounds of Laurent & Massart", "08-errata",
          checks.check_lemma_b2, "tests/test_ledger.py::test_verdict[Lemma B.2]"),
    Claim("Lemma B.3", "eq:smax", "s_max(A) ≤ √N + √n + t w.p. ≥ 1 − 2e^{−t²/2}", "08-errata",
          checks.check_lemma_b3, "tests/test_ledger.py::test_verdict[Lemma B.3]"),
    Claim("Lemma B.4", "eq:u_norm", "‖u‖² ≤ 2d + 3 log(1/δ) w.p. ≥ 1 − δ", "08-errata",
          checks.check_lemma_b4, "tests/test_ledger.py::test_verdict[Lemma B.4]"),
    Claim("Lemma B.5", "lem:hoeffding", "Hoeffding's inequality", "08-errata",
          checks.check_lemma_b5, "tests/test_ledger.py::test_verdict[Lemma B.5]"),
    Claim("Lemma B.6", "lem:sgd_dec", "the recursion a_{k+1} ≤ a₀/(k+1) of Rakhlin et al.",
          "08-errata", checks.check_lemma_b6, "tests/test_ledger.py::test_verdict[Lemma B.6]"),
    Claim("Lemma C.1", "lem:exp_tg",
          "½E[uᵀΣ^½HΣ^½u·(Σ^-½uuᵀΣ^-½ − Σ⁻¹)] = H", "03-gradient-estimators",
          checks.check_lemma_c1, "tests/test_ledger.py::test_verdict[Lemma C.1]"),
    Claim("Lemma D.1", "lem:tgm_1",
          "g̃ = (Ũν + ŨŨᵀ∇f)/b with |ν_i| ≤ γα²(2d + 3 log(1/δ))^{3/2}/(6τ^{3/2}) w.p. ≥ 1 − δ",
          "03-gradient-estimators", checks.check_lemma_d1,
          "tests/test_ledger.py::test_verdict[Lemma D.1]"),
)


def verdicts(claims: tuple[Claim, ...] = CLAIMS) -> dict[str, Verdict]:
    """Run every row's check: claim number → verdict."""
    return {c.number: c.verdict() for c in claims}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def claims_table(claims: tuple[Claim, ...] = CLAIMS, results: dict[str, Verdict] | None = None
                 ) -> str:
    """The ledger as a Markdown table (claim, label, statement, notebook, verdict, measured);
    ``results`` defaults to running every check."""
    results = verdicts(claims) if results is None else results
    lines = ["| claim | label | statement | checked in | verdict | measured |",
             "|---|---|---|---|---|---|"]
    for c in claims:
        v = results[c.number]
        lines.append(f"| {c.number} | `{c.label}` | {_cell(c.statement)} | `{c.notebook}` "
                     f"| **{v.status}** | {_cell(v.detail)} |")
    return "\n".join(lines)


README_START = "<!-- ledger:start (generated by tools/render_ledger.py; do not edit) -->"
README_END = "<!-- ledger:end -->"
COMPARISON_START = "<!-- comparison:start (figures/07-comparison.md, written by notebook 07) -->"
COMPARISON_END = "<!-- comparison:end -->"


def render_into(text: str, table: str, start_marker: str = README_START,
                end_marker: str = README_END) -> str:
    """Replace what stands between two README markers in ``text`` by ``table``."""
    start, end = text.find(start_marker), text.find(end_marker)
    if start < 0 or end < start:
        raise ValueError(f"the README has no markers ({start_marker!r} ... {end_marker!r})")
    return text[:start + len(start_marker)] + "\n" + table + "\n" + text[end:]


# ---------------------------------------------------------------------------------------------
# Errata: every typo or faulty step found, as data; each check returns True when the printed
# form is confirmed wrong as described (tests/test_ledger.py runs them all)
# ---------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Erratum:
    label: str            # equation label or place
    kind: str             # "typo" (changes nothing) | "error" (a stated result or constant is affected)
    printed: str
    correct: str
    consequence: str      # whether the statement survives
    check: Callable[[], bool]


ERRATA: tuple[Erratum, ...] = (
    Erratum("eq:proj_cs_prime, Prop. A.2", "error",
            "Π_S'(Σ⁻¹) clips λ(Σ⁻¹) to [ζ⁻¹, τ⁻¹]; the KKT proof uses the bounds of S",
            "S' = {τI ⪯ Σ⁻¹ ⪯ ζI}: clip λ(Σ⁻¹) to [τ, ζ] (as the prose says)",
            "Prop. A.2 as stated is false; Algorithm 1 is right if implemented from the prose",
            checks.erratum_projection_bounds),
    Erratum("Sec. 2, Fisher matrix", "imprecision",
            "F_θ = blockdiag(Σ̄⁻¹, ½Σ̄⁻¹⊗Σ̄⁻¹) for θ = [μ; vec Σ̄]",
            "in vec coordinates the block is ¼(Σ̄⁻¹⊗Σ̄⁻¹)(I + K), singular; ½Σ̄⁻¹⊗Σ̄⁻¹ is its action "
            "on symmetric directions",
            "eq:nat_grad survives (in vech coordinates)", checks.erratum_fisher_vec),
    Erratum("proof of Lemma C.1", "typo", "E[G̃] = E[½(uᵀΣ^½HΣ^½u)(…)] − ½Σ⁻¹",
            "E[G̃] = E[½(…)] − Σ⁻¹ = H − Σ⁻¹", "Lemma C.1 survives", checks.erratum_lemma_c1_half),
    Erratum("eq:bG", "typo", "Σ^{-1/2}uuᵀΣ^{-1/2}Σ^{-1/2} − Σ⁻¹", "Σ^{-1/2}uuᵀΣ^{-1/2} − Σ⁻¹",
            "Lemma 4.3 survives", checks.erratum_bG_factor),
    Erratum("proof of Thm 3.2", "typo", "z = μ + αΣu", "z = μ + αΣ^{1/2}u", "Thm 3.2 survives",
            checks.erratum_taylor_sigma),
    Erratum("eq:R (proof of Thm 3.3)", "error",
            "α²/2(log det Σ̂* − log det Σ*) ≤ dα²/2(λmax(Σ̂*) − λmin(Σ*)) ≤ dα²/2(τ⁻¹ − ζ⁻¹)",
            "≤ dα²/2·log(ζ/τ) (logarithms are not bounded by differences below 1)",
            "Thm 3.3 survives with dα²/2·log(ζ/τ) in place of its last term (measured: the step "
            "also holds at the actual minimizers)", checks.erratum_logdet_step),
    Erratum("proof of Thm 3.3, last line", "typo", "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ*) − f(μ̂*))",
            "‖μ* − μ̂*‖² ≤ (2/σ)(f(μ̂*) − f(μ*))", "Thm 3.3 survives", checks.erratum_theorem33_sign),
    Erratum("eq:Sig_opt_1", "typo", "Π_S((∇²f(μ*) + 2α⁻²Φ(Σ̂*))⁻¹)",
            "Π_S((∇²f(μ̂*) + 2α⁻²Φ(Σ̂*))⁻¹), as in eq:Sig_opt", "Thm 3.4 survives",
            checks.erratum_sig_opt_mu),
    Erratum("Lemma B.5 (Hoeffding)", "typo", "exp(−(−2ψ²)/Σ(b_i − a_i)²)", "exp(−2ψ²/Σ(b_i − a_i)²)",
            "survives (the printed bound exceeds 1 and says nothing)", checks.erratum_hoeffding_sign),
    Erratum("eq:c1 with Lemmas 5.1, 5.2, eq:C", "ill-defined", "c₂ = b − 2√(b log(1/δ)) for any b",
            "c₂ > 0 needs b > 4 log(1/δ) (b ≥ 10 at δ = 0.1)",
            "for smaller b the lemmas give no contraction and C₂ is the root of a negative number",
            checks.erratum_c2_negative),
    Erratum("Lemma 5.3, A_K", "ill-defined", "A_K = 8 log(1/(bδ)) + 16 log(K+1) + d",
            "the first term is negative for bδ > 1 (the tail bound eq:chi_1 still holds here)",
            "Lemma 5.3 survives in the cases measured", checks.erratum_AK_log),
    Erratum("eq:C, C₃", "error", "C₃ ∝ α√(K−1), present even for a quadratic (γ = 0)",
            "an α-bias term should vanish with γ; as printed C grows like K, so C/K does not vanish",
            "Lemma 5.3 holds (very loosely) but does not give ‖Σ_K⁻¹ − H*‖² → 0 as K → ∞",
            checks.erratum_C_grows_with_K),
)


def errata_table(errata: tuple[Erratum, ...] = ERRATA) -> str:
    """The errata as a Markdown table, each row with its check's result ("confirmed" or "NOT
    confirmed")."""
    lines = ["| place | kind | printed | correct | consequence | check |", "|---|---|---|---|---|---|"]
    for e in errata:
        status = "confirmed" if e.check() else "NOT confirmed"
        cells = [e.label, e.kind, e.printed, e.correct, e.consequence, status]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)

"""The claims ledger: one row per numbered claim of the paper, the notebook that shows it, and its
verdict (``CLAIMS``); what the notebooks find beyond them (``FINDINGS``); one row per check of a
repaired result of the corrigendum (``REPAIRED``, derived from ``corrigendum.REPAIRS``); and the
published verdicts, which make the README and the notebooks' verdict cells the same on every
machine.

A verdict is never typed: it is what the row's check (in the verification module of the
paper's section) returns when run. ``published.json`` beside this module holds the verdicts
as data (status, qualifiers, measurements with their uncertainties); ``tools/render_ledger.py``
(``make figures``) recomputes every check and rewrites a published verdict only when the fresh
one does not agree with it (``Verdict.agrees``: a status, a qualifier, or a number beyond its
uncertainty changed). A Monte Carlo number that moves within its uncertainty on a CPU whose BLAS
kernel rounds otherwise therefore changes nothing that is published. ``tests/test_ledger.py``
recomputes every verdict and fails when it does not agree with the published one, and when the
README's table is not the rendering of ``published.json``.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

from . import (appendix_d, appendix_e, coco_bbob, comparisons, corrigendum, section2, section3,
               section4, section5)
from .paper import with_number
from .verdict import Status, Undecidable, Verdict, decides

__all__ = [
    "CLAIMS",
    "COMPARISON_END",
    "COMPARISON_START",
    "FINDINGS",
    "FINDINGS_END",
    "FINDINGS_START",
    "PRINTED",
    "PUBLISHED",
    "README_END",
    "README_START",
    "REPAIRED",
    "REPAIRED_END",
    "REPAIRED_START",
    "Claim",
    "PublishedVerdictsError",
    "claim",
    "glue_measurements",
    "published",
    "reconcile",
    "reconciled",
    "render_into",
    "repair_of",
    "repaired_rows",
    "verdict_cell",
    "verdicts",
    "write_published",
]

PUBLISHED = Path(__file__).with_name("published.json")


@dataclasses.dataclass(frozen=True)
class Claim:
    number: str       # our section-based name, e.g. "Thm 3.1"
    label: str        # the paper's LaTeX label, or the equation it states
    statement: str    # one line, in the paper's symbols
    notebook: str     # the notebook that shows the check
    check: Callable[[], Verdict] | None = None      # recomputes the verdict

    @property
    def printed(self) -> str:
        """The claim's number as printed in the PDF (``PRINTED``)."""
        return PRINTED.get(self.number, "—")

    def verdict(self) -> Verdict:
        """The check's fresh verdict; "not checked" with the reason where its data cannot decide
        (``verdict.Undecidable``, e.g. a NaN statistic, raised by a check not decorated with
        ``verdict.decides``)."""
        if self.check is None:
            return Verdict(Status.NOT_CHECKED, "no check yet")
        return decides(self.check)()


#: Our section-based names exist nowhere in the PDF: the jmlr2e class numbers theorems, lemmas,
#: propositions and remarks with one counter (Theorems 1–4, Remark 5, Lemmas 6–11, Theorem 12,
#: Remarks 13–14, Propositions 15–16, Lemmas 17–40). The printed name of each row; rows that are
#: not a numbered statement name the section. ``tests/test_paper_numbers.py`` derives every entry
#: from the .tex.
PRINTED: dict[str, str] = {
    "Sec. 2": "Section 2",
    "Thm 3.1": "Theorem 1", "Thm 3.2": "Theorem 2", "Thm 3.3": "Theorem 3", "Thm 3.4": "Theorem 4",
    "Lemma 4.1": "Lemma 6", "Lemma 4.2": "Lemma 7", "Lemma 4.3": "Lemma 8", "Sec. 4": "Section 4",
    "Lemma 5.1": "Lemma 9", "Lemma 5.2": "Lemma 10",
    "Lemma 5.1, γ > 0": "Lemma 9", "Lemma 5.2, γ > 0": "Lemma 10",
    "Lemma 5.3": "Lemma 11", "Remark 5.3": "Section 5", "Thm 5.4": "Theorem 12",
    "Remark 5.6": "Remark 14",
    "Prop. A.1": "Proposition 15", "Prop. A.2": "Proposition 16",
    **{f"Lemma B.{i}": f"Lemma {16 + i}" for i in range(1, 7)},
    "Lemma C.1": "Lemma 23",
    **{f"Lemma D.{i}": f"Lemma {23 + i}" for i in range(1, 8)},
    **{f"Lemma E.{i}": f"Lemma {30 + i}" for i in range(1, 11)},
    "MiNES demo": "Algorithm 1", "NES as printed": "Section 2", "Constant η₂": "Section 4",
    "The start": "Section 4", "α-bias": "Lemmas 6, 8, 11", "Comparison": "—",
}


CLAIMS: tuple[Claim, ...] = (
    Claim("Sec. 2", "eq:nab_mu, eq:nab_Sig, eq:nat_grad",
          "log-likelihood gradients of N(μ, Σ̄), the Fisher matrix and the natural gradient",
          "01-nes-background",
          section2.check_section2),
    Claim("Thm 3.1", "prop:quad_case",
          "for quadratic f, argmin over S of Q_α is (μ*, Π_S(H⁻¹))", "04-regularized-objective",
          section3.check_theorem31),
    Claim("Thm 3.2", "prop:close",
          "f(μ) ∓ Lα²/2·tr Σ ∓ α³φ(Σ) + R(Σ) sandwich Q_α(μ, Σ)", "04-regularized-objective",
          section3.check_theorem32),
    Claim("Thm 3.3", "prop:mu",
          "f(μ̂*) − f(μ*) and ‖μ* − μ̂*‖² are O(α²)", "04-regularized-objective",
          section3.check_theorem33),
    Claim("Thm 3.4", "prop:Sigma",
          "‖Σ̂* − Π_S(∇²f(μ̂*)⁻¹)‖ = O(α) under eq:alp_cond", "04-regularized-objective",
          section3.check_theorem34),
    Claim("Lemma 4.1", "eq:ng_mines",
          "the natural gradient in μ is α²·E[(f(μ+αΣ^½u) − f(μ−αΣ^½u))/(2α)·Σ^½u]",
          "03-gradient-estimators", section4.check_lemma41),
    Claim("Lemma 4.2", "eq:Q_Sig",
          "∂Q_α/∂Σ = ¼E[(f(μ−αΣ^½u) + f(μ+αΣ^½u) − 2f(μ))(Σ^-½uuᵀΣ^-½ − Σ⁻¹)] − α²/2·Σ⁻¹",
          "03-gradient-estimators",
          section4.check_lemma42),
    Claim("Lemma 4.3", "prop:TG",
          "G̃(Σ) (eq:TG) is an unbiased estimate of 2α⁻²∂Q_α/∂Σ", "03-gradient-estimators",
          section4.check_lemma43),
    Claim("Sec. 4", "eq:mirror_prox, eq:Sig_up",
          "the Bregman divergence of R, and the mirror step on Σ is eq:Sig_up",
          "02-mirror-descent-projection", section4.check_mirror_step),
    Claim("Lemma 5.1", "lem:gd_dec_1",
          "with η₁ = bτ/(4Lc₁): linear rate 1 − c₂τσ/(16c₁Lζ) up to Δ_α,1",
          "05-convergence-mean",
          section5.check_lemma51),
    Claim("Lemma 5.2", "lem:dec_local",
          "in the local region, with η₁ = b/(4𝓛_k c₁): rate 1 − ξ_k c₂/(8𝓛_k c₁) up to Δ_α,2",
          "05-convergence-mean",
          section5.check_lemma52),
    Claim("Lemma 5.1, γ > 0", "lem:gd_dec_1",
          "Lemma 5.1 on a non-quadratic f (biased g̃), up to Δ_α,1", "05-convergence-mean",
          section5.check_lemma51_nonquadratic),
    Claim("Lemma 5.2, γ > 0", "lem:dec_local",
          "Lemma 5.2 on a non-quadratic f with the practical step, in the local region eq:cond, "
          "up to Δ_α,2", "05-convergence-mean", section5.check_lemma52_nonquadratic),
    Claim("Lemma 5.3", "lem:Sig_dec",
          "with η₂,k = 1/k: ‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k", "06-convergence-covariance",
          section5.check_lemma53),
    Claim("Remark 5.3", "after lem:Sig_dec",
          "d = b = 1: E‖G̃‖² = 39/2·H² − 2Σ⁻¹H + Σ⁻² ≥ 37/2·H² (the 1/k rate is tight)",
          "03-gradient-estimators",
          section5.check_variance_remark),
    Claim("Thm 5.4", "thm:main_cvg",
          "two-stage convergence; final rate 1 − c₂/(8c₁), independent of κ",
          "05-convergence-mean",
          section5.check_theorem54),
    Claim("Remark 5.6", "after thm:main_cvg",
          "the rate depends on O(b/d): a larger batch improves it", "05-convergence-mean",
          section5.check_batch_remark),
    Claim("Prop. A.1", "appendix A", "S and S' are convex", "02-mirror-descent-projection",
          section4.check_proposition_a1),
    Claim("Prop. A.2", "prop:project",
          "Π_S'(Σ⁻¹) clips the spectrum (eq:proj_cs_prime)", "02-mirror-descent-projection",
          section4.check_proposition_a2),
    Claim("Lemma B.1", "lem:gauss_power", "d^{p/2} ≤ E‖u‖^p ≤ (p + d)^{p/2}",
          "03-gradient-estimators",
          section4.check_lemma_b1),
    Claim("Lemma B.2", "lem:chi", "χ² tail bounds of Laurent & Massart", "08-errata",
          section4.check_lemma_b2),
    Claim("Lemma B.3", "eq:smax", "s_max(A) ≤ √N + √n + t w.p. ≥ 1 − 2e^{−t²/2}", "08-errata",
          section4.check_lemma_b3),
    Claim("Lemma B.4", "eq:u_norm", "‖u‖² ≤ 2d + 3 log(1/δ) w.p. ≥ 1 − δ", "08-errata",
          section4.check_lemma_b4),
    Claim("Lemma B.5", "lem:hoeffding", "Hoeffding's inequality", "08-errata",
          section4.check_lemma_b5),
    Claim("Lemma B.6", "lem:sgd_dec", "the recursion a_{k+1} ≤ a₀/(k+1) of Rakhlin et al.",
          "08-errata", section4.check_lemma_b6),
    Claim("Lemma C.1", "lem:exp_tg",
          "½E[uᵀΣ^½HΣ^½u·(Σ^-½uuᵀΣ^-½ − Σ⁻¹)] = H", "03-gradient-estimators",
          section4.check_lemma_c1),
    Claim("Lemma D.1", "lem:tgm_1",
          "g̃ = (Ũν + ŨŨᵀ∇f)/b with |ν_i| ≤ γα²(2d + 3 log(1/δ))^{3/2}/(6τ^{3/2}) w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d1),
    Claim("Lemma D.2", "eq:nu",
          "‖ν‖² ≤ γbα⁴c₃³/(36τ³) and ‖Ũν‖² ≤ γbα⁴c₃⁴/(36τ⁴) w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d2),
    Claim("Lemma D.3", "eq:gd_low",
          "‖Ũᵀ∇f(μ)‖² ≥ (b − 2√(b log(1/δ)))‖Σ^{1/2}∇f(μ)‖² w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d3),
    Claim("Lemma D.4", "lem:tgm, eq:hh",
          "‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛γ²α⁴c₃⁴/(18bτ³) w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d4),
    Claim("Lemma D.5", "eq:tgm_3",
          "‖g̃‖ ≤ γα²c₃²/(6√b τ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖ w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d5),
    Claim("Lemma D.6", "eq:G_norm, eq:GG",
          "one-sample bound on the G̃ term, and ‖BG − (same sum with ∇²f(μ))‖₂ = O(γα) w.p. ≥ 1 − δ",
          "09-appendix-lemmas", appendix_d.check_lemma_d6),
    Claim("Lemma D.7", "eq:G_norm_1, eq:G_norm_2",
          "‖G̃(Σ_k)‖² and ‖G̃(Σ_k) − (H* − Σ_k⁻¹)‖² ≤ 2L²c₃²(ζc₃ + √dζ)²/(bτ²) + dζ²/(2b)",
          "09-appendix-lemmas", appendix_d.check_lemma_d7),
    Claim("Lemma E.1", "lem:nab_f, eq:nab_rst",
          "‖∇f(μ_k)‖²_{Σ_k} ≥ ξ_k(f(μ_k) − f*) once f(μ_k) − f* ≤ ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)",
          "09-appendix-lemmas", appendix_e.check_lemma_e1),
    Claim("Lemma E.2", "eq:Sig_dec, eq:Sig_2_bnd",
          "the unrolled recursion for ‖Σ_{k+1}⁻¹ − H*‖², and ‖Σ₂⁻¹ − H*‖² = O(1/b)",
          "09-appendix-lemmas", appendix_e.check_lemma_e2),
    Claim("Lemma E.3", "lem:GH",
          "⟨BG − H*, Σ_t⁻¹ − H*⟩ splits into stochastic, α-error and Hessian terms",
          "09-appendix-lemmas", appendix_e.check_lemma_e3),
    Claim("Lemma E.4", "eq:alpha_err",
          "the α-error and Hessian sums ≤ (√Σ‖H_t − H*‖² + c₃^{3/2}(c₃+1)ζγ√(k−1)α/(4τ^{3/2}√d))·W_k",
          "09-appendix-lemmas", appendix_e.check_lemma_e4),
    Claim("Lemma E.5", "lem:E, eq:E",
          "the stochastic term in the eigenbasis of Σ_t^{1/2}H_tΣ_t^{1/2}: ½⟨E_{t,i}, VᵀΣ^{-1/2}(Σ⁻¹ − H*)Σ^{-1/2}V⟩",
          "09-appendix-lemmas", appendix_e.check_lemma_e5),
    Claim("Lemma E.6", "lem:EXY, eq:EXY",
          "E_{t,i} = (X − EX) + (Y − EY), truncating at ‖ū‖² ≤ A_t (needs E[X + Y] = 2Λ)",
          "09-appendix-lemmas", appendix_e.check_lemma_e6),
    Claim("Lemma E.7", "lem:X",
          "the X part of the weighted sum ≤ √((2/b) log(k²/δ)·Σ z_t²Γ_t²) w.p. ≥ 1 − δ/k²",
          "09-appendix-lemmas", appendix_e.check_lemma_e7),
    Claim("Lemma E.8", "lem:Y, eq:chi, eq:chi_1, eq:Y0",
          "with A_t = 8 log(1/(bδ)) + 16 log(t+1) + d, no ‖u_{t,i}‖² exceeds A_t w.p. ≥ 1 − π²δ/6, so Y = 0",
          "09-appendix-lemmas", appendix_e.check_lemma_e8),
    Claim("Lemma E.9", "eq:sto_err",
          "the weighted stochastic sum ≤ A_kL(ζA_k + dζ)/(k(k−1)τ)·√((2/b) log(k²/δ))·W_k",
          "09-appendix-lemmas", appendix_e.check_lemma_e9),
    Claim("Lemma E.10", "eq:dd",
          "Σ_{t=2}^k ‖H_t − H*‖² ≤ 2γ²/(ρ₁σ)·(f(μ₁) − f* + (k−1)max{Δ_α,1, Δ_α,2})",
          "09-appendix-lemmas", appendix_e.check_lemma_e10),
)




#: What the notebooks measure beyond the paper's numbered claims, published like them so that
#: every verdict cell prints the same text on every machine. ``tests/test_ledger.py`` recomputes
#: the claims; the findings are recomputed by the notebooks' verdict cells (nbval).
FINDINGS: tuple[Claim, ...] = (
    Claim("MiNES demo", "Alg. 1", "with the practical step MiNES converges and learns H",
          "00-overview", section5.check_demo),
    Claim("NES as printed", "Sec. 2, after eq:ng",
          "the NES meta-algorithm as printed stalls and its covariance collapses",
          "01-nes-background", section2.check_nes_as_printed),
    Claim("Constant η₂", "eq:Sig_modi", "a constant η₂ plateaus at η₂/(2 − η₂)·Var G̃",
          "06-convergence-covariance", section5.check_constant_steps),
    Claim("The start", "eq:Sig_modi", "η₂,1 = 1: the first steps precondition badly",
          "06-convergence-covariance", section5.check_start),
    Claim("α-bias", "Lemmas 4.1, 4.3, 5.3",
          "at a fixed α on a non-quadratic f, Algorithm 1 settles at the minimizer (μ̂*, Σ̂*) of "
          "Q_α, not at (μ*, H*)", "06-convergence-covariance", section5.check_nonquadratic),
    Claim("Comparison", "—", "evaluations to f − f* ≤ 10⁻⁸ against xNES, CMA-ES, RGF, NES",
          "07-comparisons", comparisons.check_comparison),
    Claim("COCO bbob", "arXiv:1910.11490",
          "the 2019 version's claim: MiNES is competitive with NES and CMA-ES (on COCO's bbob)",
          "10-coco-bbob", coco_bbob.check_coco_claim),
)


#: The repaired results (``corrigendum.REPAIRS``), one row per check (``check`` and each of
#: ``more``). Everything but the one-line statement is derived from the ``Repair``: the name is
#: the base claim's + ", repaired" (a further check's base claim carries its suffix: "Lemma 5.2,
#: repaired, γ > 0" repairs "Lemma 5.2, γ > 0"), the label and the PDF's number are the base
#: claim's, the check the corrigendum's. Keyed by the check's name: (the suffix of its base claim,
#: the repaired statement in one line, in the paper's symbols; the corrigendum states it in full).
_REPAIRED_LINES: dict[str, tuple[str, str]] = {
    "check_lemma51_repaired": (
        "", "the rate of Lemma 5.1 up to Δ_α,1 = c₃³γ²bα⁴/(2⁶·3·c₁Lτ²) (γ², not γ) "
            "w.p. ≥ 1 − (b + 2)δ"),
    "check_lemma52_repaired": (
        "", "in the repaired eq:cond, rate 1 − ξ_kc₂/(32𝓛_kc₁) (printed 8) up to Δ_α,2, "
            "w.p. ≥ 1 − (b + 2)δ"),
    "check_lemma52_nonquadratic_repaired": (
        "γ > 0", "the repaired Lemma 5.2 on a non-quadratic f, up to the repaired Δ_α,2 "
                 "(third term corrected)"),
    "check_lemma53_repaired": (
        "", "‖Σ_k⁻¹ − Π_S'(∇²f(μ*))‖² ≤ C/k with the repaired C of eq:C (doubled sums, C₅, "
            "b-free C₄)"),
    "check_theorem54_repaired": (
        "", "eq:lxi with the repaired C; final rate 1 − c₂/(32c₁) (printed 8)"),
    "check_lemma_d2_repaired": (
        "", "‖ν‖² ≤ γ²bα⁴c₃³/(36τ³) and ‖Ũν‖² ≤ c₁γ²bα⁴c₃³/(36τ⁴) w.p. ≥ 1 − (b + 1)δ"),
    "check_lemma_d4_repaired": (
        "", "‖g̃‖²_{∇²f} ≤ 2𝓛c₁/b²·‖UᵀΣ^{1/2}∇f‖² + 𝓛c₁γ²α⁴c₃³/(18bτ³) w.p. ≥ 1 − (b + 1)δ"),
    "check_lemma_d5_repaired": (
        "", "‖g̃‖ ≤ √c₁γα²c₃^{3/2}/(6√bτ²) + √c₁/(bτ^{1/2})·‖UᵀΣ^{1/2}∇f‖ "
            "w.p. ≥ 1 − (b + 1)δ"),
    "check_lemma_d7_repaired": (
        "", "no bound vanishing with b holds; ‖G̃‖² ≤ (Lc₃ζ(c₃ + √d)/(2τ) + √dζ)² "
            "w.p. ≥ 1 − bδ"),
    "check_lemma_e8_repaired": (
        "", "A_t = 8 log(b/δ) + 16 log(t+1) + d (d + 2√(dx) + 2x at large d): "
            "P(‖u‖² ≥ A_t) ≤ δ/(b(t+1)²)"),
}

#: How the corrigendum's names ("Theorem 5.4") read in the ledger ("Thm 5.4").
_LEDGER_WORDS = {"Theorem": "Thm", "Proposition": "Prop."}


def _repaired() -> tuple[tuple[Claim, ...], dict[str, str]]:
    """The rows of ``REPAIRED``, and each row's ``corrigendum.REPAIRS`` entry (its ``ours``)."""
    base_rows = {c.number: c for c in CLAIMS}
    rows, of = [], {}
    for entry in corrigendum.REPAIRS:
        word, rest = entry.ours.split(" ", 1)
        base = f"{_LEDGER_WORDS.get(word, word)} {rest}"
        for check in ((entry.check,) if entry.check is not None else ()) + entry.more:
            if check.__name__ not in _REPAIRED_LINES:
                raise ValueError(f"corrigendum.REPAIRS: the check {check.__name__!r} of "
                                 f"{entry.ours!r} needs a statement in ledger._REPAIRED_LINES")
            suffix, statement = _REPAIRED_LINES[check.__name__]
            number = f"{base}, repaired" + (f", {suffix}" if suffix else "")
            claimed = base_rows[f"{base}, {suffix}" if suffix else base]
            rows.append(Claim(number, claimed.label, statement, "08-errata", check))
            of[number] = entry.ours
            PRINTED[number] = PRINTED[claimed.number]
    return tuple(rows), of


REPAIRED, _REPAIR_OF = _repaired()


def repair_of(number: str) -> str:
    """The ``corrigendum.REPAIRS`` entry (its ``ours``, "Theorem 5.4") that the ``REPAIRED`` row
    ``number`` checks."""
    if number not in _REPAIR_OF:
        raise ValueError(f"number must be a row of REPAIRED {list(_REPAIR_OF)}, got {number!r}")
    return _REPAIR_OF[number]


def repaired_rows(ours: str) -> tuple[Claim, ...]:
    """The rows of ``REPAIRED`` that check the corrigendum entry ``ours`` (none where its repair
    is argued by its errata's checks alone)."""
    corrigendum.repair(ours)             # ValueError naming the entries for any other name
    return tuple(c for c in REPAIRED if _REPAIR_OF[c.number] == ours)


def claim(number: str) -> Claim:
    """The row of ``CLAIMS``, ``FINDINGS`` or ``REPAIRED`` with this number."""
    for c in CLAIMS + FINDINGS + REPAIRED:
        if c.number == number:
            return c
    raise ValueError(f"number must be one of the ledger's claims, findings or repaired results, "
                     f"got {number!r}")


def verdicts(claims: tuple[Claim, ...] = CLAIMS + FINDINGS + REPAIRED) -> dict[str, Verdict]:
    """Run every row's check: claim number → fresh verdict."""
    return {c.number: c.verdict() for c in claims}


def reconciled(number: str, fresh: Verdict) -> Verdict:
    """The published verdict of ``number`` when ``fresh`` agrees with it, else ``fresh``."""
    old = published().get(number)
    return old if old is not None and old.agrees(fresh) else fresh


class PublishedVerdictsError(RuntimeError):
    """The published verdicts cannot be read: the file is missing, is not JSON, or holds an
    entry that is not a verdict. The message names the file and what is wrong with it; a
    missing file is never read as "nothing published" (that rendered every row "not checked").
    """


def published(path: Path | None = None, *, missing_ok: bool = False) -> dict[str, Verdict]:
    """The published verdicts (``PUBLISHED`` unless ``path`` is given): claim number → verdict
    (without ``data``).

    Raises ``PublishedVerdictsError`` naming the file when it is missing (unless
    ``missing_ok``: then ``{}``, for ``tools/render_ledger.py --init`` only), is not valid
    JSON, or holds an entry that is not a verdict.
    """
    path = Path(PUBLISHED if path is None else path)
    if not path.is_file():
        if missing_ok:
            return {}
        raise PublishedVerdictsError(f"the published verdicts {path} are missing (restore the "
                                     "file from git, or run tools/render_ledger.py --init to "
                                     "publish every verdict afresh)")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise PublishedVerdictsError(f"the published verdicts {path} are not valid JSON: "
                                     f"{error}") from error
    if not isinstance(raw, dict):
        raise PublishedVerdictsError(f"the published verdicts {path} must be a JSON object "
                                     f"(claim number → verdict), got {type(raw).__name__}")
    verdicts = {}
    for number, entry in raw.items():
        if number == corrigendum.ERRATA_KEY:        # the errata's results (corrigendum.evidence)
            continue
        try:
            verdicts[number] = Verdict.from_json(entry)
        except (KeyError, TypeError, ValueError, AttributeError, Undecidable) as error:
            raise PublishedVerdictsError(f"the published verdicts {path}: the entry "
                                         f"{number!r} is not a verdict ({type(error).__name__}: "
                                         f"{error})") from error
    return verdicts


def reconcile(fresh: dict[str, Verdict], old: dict[str, Verdict]
              ) -> tuple[dict[str, Verdict], dict[str, list[str]]]:
    """(what to publish, what changed): a published verdict stays as it is where the fresh one
    agrees with it; otherwise the fresh one replaces it, and ``changed`` says why."""
    merged, changed = {}, {}
    for number, verdict in fresh.items():
        if number in old and old[number].agrees(verdict):
            merged[number] = old[number]
        else:
            merged[number] = verdict
            changed[number] = old[number].differences(verdict) if number in old else ["new"]
    return merged, changed


def write_published(results: dict[str, Verdict], path: Path | None = None) -> None:
    path = PUBLISHED if path is None else path
    text = json.dumps({number: v.to_json() for number, v in results.items()}, indent=1,
                      ensure_ascii=False)
    Path(path).write_text(text + "\n", encoding="utf-8")


def glue_measurements(prefix: str, verdict: Verdict, *names: str) -> None:
    """Glue (MyST-NB) each named measurement of ``verdict``, rendered with its uncertainty, under
    the key ``{prefix}_{name}``, so that a notebook's prose pastes it with
    ``{glue:text}`{prefix}_{name}``` instead of typing the number."""
    from myst_nb import glue

    for name in names:
        glue(f"{prefix}_{name}", verdict[name].render(), display=False)


def verdict_cell(*numbers: str, fresh: dict[str, Verdict] | None = None) -> str:
    """What a notebook's verdict cell prints for these claims: each claim's check is run (or its
    verdict taken from ``fresh``) and compared with the published verdict; where they agree the
    published one is printed, so the text is the same on every machine, and where they do not,
    the fresh one is printed under a line that says so, so the nbval comparison fails. Every eq:
    label is printed with the PDF's equation number (``paper.with_number``)."""
    old = published()
    lines = []
    for number in numbers:
        row = claim(number)
        verdict = (fresh or {}).get(number) or row.verdict()
        header = f"{row.number} (PDF: {row.printed}; {row.label})"
        if number in old and old[number].agrees(verdict):
            lines.append(f"{header}: {old[number].report()}")
        else:
            why = old[number].differences(verdict) if number in old else ["not published"]
            lines.append(f"{header}: DIFFERS FROM THE PUBLISHED VERDICT ({'; '.join(why)}):\n"
                         f"{verdict.report()}")
    return with_number("\n".join(lines))


README_START = "<!-- ledger:start (generated by tools/render_ledger.py; do not edit) -->"
README_END = "<!-- ledger:end -->"
FINDINGS_START = "<!-- findings:start (generated by tools/render_ledger.py; do not edit) -->"
FINDINGS_END = "<!-- findings:end -->"
REPAIRED_START = "<!-- repaired:start (generated by tools/render_ledger.py; do not edit) -->"
REPAIRED_END = "<!-- repaired:end -->"
COMPARISON_START = "<!-- comparison:start (figures/07-comparison.md, written by notebook 07) -->"
COMPARISON_END = "<!-- comparison:end -->"


def render_into(text: str, table: str, start_marker: str = README_START,
                end_marker: str = README_END) -> str:
    """Replace what stands between two README markers in ``text`` by ``table``."""
    start, end = text.find(start_marker), text.find(end_marker)
    if start < 0 or end < start:
        raise ValueError(f"the README has no markers ({start_marker!r} ... {end_marker!r})")
    return text[:start + len(start_marker)] + "\n" + table + "\n" + text[end:]

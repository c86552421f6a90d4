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
           "render_into"]

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
    Claim("Lemma C.1", "lem:exp_tg",
          "½E[uᵀΣ^½HΣ^½u·(Σ^-½uuᵀΣ^-½ − Σ⁻¹)] = H", "03-gradient-estimators",
          checks.check_lemma_c1, "tests/test_ledger.py::test_verdict[Lemma C.1]"),
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


def render_into(text: str, table: str) -> str:
    """Replace the ledger between the README markers in ``text`` by ``table``."""
    start, end = text.find(README_START), text.find(README_END)
    if start < 0 or end < start:
        raise ValueError("the README has no ledger markers "
                         f"({README_START!r} ... {README_END!r})")
    return text[:start + len(README_START)] + "\n" + table + "\n" + text[end:]

"""The corrigendum: each repaired bound holds on the run its printed form is checked on, and
the check flips when fed the printed constant or data under the alternative; the entries are
consistent with the errata table, ``bounds``, ``derivations``, the ledger's PDF numbers and the
.tex."""

import dataclasses
import itertools
import math
import re

import numpy as np
import pytest
import sympy as sp

from mines_theory.theory.bounds import corrected as bound_corrected
from mines_theory.theory.derivations import repairs as derivation_repairs

from mines_theory.verification.framework import ledger, paper
from mines_theory.verification.views import corrigendum
from mines_theory.verification.claims.appendix_d.mean_gradient import BIAS
from mines_theory.verification.claims.appendix_d.sigma_gradient import D7
from mines_theory.verification.claims.section5.covariance import LEMMA53
from mines_theory.verification.claims.section5.one_step import ONE_STEP
from mines_theory.verification.framework.spec import SURVIVAL, Repair
from mines_theory.verification.framework.verdict import Kind, Measurement, Status, flagged
from mines_theory.verification.claims.repaired.common import exceedance_verdict
from mines_theory.verification.claims.repaired.section5 import (
    check_lemma51_repaired,
    check_lemma52_nonquadratic_repaired,
    check_lemma52_repaired,
    check_lemma53_repaired,
    check_theorem54_repaired,
)
from mines_theory.verification.claims.repaired.appendix_d import (
    check_lemma_d2_repaired,
    check_lemma_d4_repaired,
    check_lemma_d5_repaired,
    check_lemma_d7_repaired,
)
from mines_theory.verification.claims.repaired.appendix_e import check_lemma_e8_repaired
from mines_theory.theory.bounds.appendix import chi_threshold
from mines_theory.verification.views.corrigendum import (
    derivation_markdown,
    errata_markdown,
    errata_outside_repairs,
    readable,
    repair_markdown,
    repairs_by_survival,
    statement_box,
)

REPAIRS = ledger.repairs()


# ---------------------------------------------------------------------------------------------
# The generic test, on data generated under the claim and under the alternative
# ---------------------------------------------------------------------------------------------


def test_exceedance_verdict_on_both_sides():
    """Exponential(1) draws: the bound at the true 0.95-quantile (log 20) holds at allowed 0.05;
    the median (log 2) is exceeded by half of them and fails; looseness ≈ 1 at the exact
    quantile."""
    x = np.random.default_rng(0).exponential(size=4000)
    claim = exceedance_verdict(x, np.log(20), allowed=0.05, what="exponential")
    assert claim.status is Status.HOLDS
    low, high = claim["looseness"].interval
    assert low < 1.0 < high
    alternative = exceedance_verdict(x, np.log(2), allowed=0.05, what="exponential")
    assert alternative.status is Status.FAILS


def test_exceedance_verdict_needs_enough_units():
    verdict = exceedance_verdict(np.ones(5), 2.0, allowed=0.05, what="few")
    assert verdict.status is Status.NOT_CHECKED


# ---------------------------------------------------------------------------------------------
# Each repaired result on its run, and with the printed constant (or the alternative)
# ---------------------------------------------------------------------------------------------


def test_lemma51_repaired_holds_and_the_printed_delta_fails():
    repaired = check_lemma51_repaired()
    assert repaired.status is Status.HOLDS
    assert repaired["looseness"].value > 1
    printed = check_lemma51_repaired(delta_alpha=ONE_STEP.bounds()["printed"])
    assert printed.status is Status.FAILS


def test_lemma52_repaired_holds_and_a_faster_promised_rate_fails():
    """The repaired rate (divisor 32) holds with measured/promised ≈ 50; a bound promising 64
    times more contraction per step (divisor 0.5) than the repaired one is violated."""
    repaired = check_lemma52_repaired()
    assert repaired.status is Status.HOLDS
    assert repaired.qualifier("union-bound form vacuous").outcome
    assert check_lemma52_repaired(divisor=0.5).status is Status.FAILS


def test_lemma53_repaired_holds_and_a_smaller_constant_fails():
    repaired = check_lemma53_repaired()
    assert repaired.status is Status.HOLDS
    assert repaired.qualifier("too loose to be tested").outcome
    # the repair adds C₅ and the factor 2 of eq:Sig_dec, but its tight C₁ and C₄ (stopped
    # martingale, the factor g) take more away: at these settings C is below the printed one
    assert repaired["C"].value < LEMMA53.constants().C
    median = float(np.median(repaired.data["largest"]))
    assert check_lemma53_repaired(C=median).status is Status.FAILS


def test_theorem54_repaired_holds_and_C_zero_fails():
    """With C = 0 eq:lxi claims 𝓛_k ≤ 1 from the first step (γ = 0, H ∈ S'), which the runs
    started at Σ₁⁻¹ = L·I violate."""
    repaired = check_theorem54_repaired()
    assert repaired.status is Status.HOLDS
    assert repaired["looseness"].interval[0] > 1
    assert check_theorem54_repaired(C=0.0).status is Status.FAILS


@pytest.mark.parametrize(
    "check, printed",
    [
        (check_lemma_d2_repaired, lambda: BIAS.bounds(0.1)["nu"].U_nu_sq),
        (check_lemma_d4_repaired, lambda: BIAS.bounds(0.1)["hh"]),
        (check_lemma_d5_repaired, lambda: BIAS.bounds(0.1)["tgm3"]),
        (check_lemma_d7_repaired, lambda: D7.bound),
    ],
)
def test_appendix_d_repaired_hold_and_the_printed_bounds_fail(check, printed):
    assert check().status is Status.HOLDS
    assert check(bound=printed()).status is Status.FAILS


def test_lemma_e8_repaired_holds_and_the_printed_radius_fails():
    assert check_lemma_e8_repaired().status is Status.HOLDS
    printed = check_lemma_e8_repaired(threshold=chi_threshold)
    assert printed.status is Status.FAILS and printed["failing"].value > 0


def test_lemma_e8_s_repaired_radius_implies_the_erratum_s_where_eq_chi_applies():
    """What 08c says of the two radii of eq:chi_1's event P(‖u‖² ≥ A_t) ≤
    δ/(b(t+1)²): the erratum's corrected 8 log(b/δ) + 16 log(t+1) + d is d + 8x, x =
    log(b(t+1)²/δ), and the repair's d + 2√(dx) + 2x is no larger exactly where d ≤ 9x, which
    contains eq:chi's range d ≤ 8x; there the repair implies the erratum's (a larger threshold,
    a smaller tail). On a grid of d, b, δ, t, against scipy's exact χ² tail: the repair's meets
    the bound everywhere, the erratum's wherever d ≤ 9x, and fails it at some d > 9x (so the
    implication does not run the other way there)."""
    from scipy.stats import chi2

    grid = itertools.product(
        (1, 2, 5, 10, 20, 50, 100, 300, 1000, 3000), (1, 5, 20, 100), (0.5, 0.1, 1e-3), (1, 2, 10)
    )
    beyond = 0
    for d, b, delta, t in grid:
        x = math.log(b * (t + 1) ** 2 / delta)
        repaired = bound_corrected.chi_threshold_corrected(d=d, b=b, delta=delta, t=t)
        erratum = chi_threshold(d=d, b=b, delta=delta, t=t, printed=False)
        bound = delta / (b * (t + 1) ** 2)
        assert erratum == pytest.approx(d + 8 * x, rel=1e-12)
        assert (repaired <= erratum) is (d <= 9 * x), (d, b, delta, t)
        if d <= 8 * x:  # eq:chi applies (β = 8x/d ≥ 1)
            assert repaired <= erratum
        assert chi2.sf(repaired, d) <= bound
        if d <= 9 * x:
            assert chi2.sf(erratum, d) <= chi2.sf(repaired, d) <= bound
        else:
            beyond += chi2.sf(erratum, d) > bound
    assert beyond > 0


# ---------------------------------------------------------------------------------------------
# The repaired results as declared (``declare.repaired``, ``ledger.repairs``)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("entry", REPAIRS, ids=[r.repairs for r in REPAIRS])
def test_every_repair_names_existing_errata_bounds_and_derivations(entry):
    r = entry.repair
    assert set(r.errata) <= {e.label for e in ledger.errata()}
    assert all(
        name in bound_corrected.__all__ and name.endswith("_corrected") for name in r.corrected
    ), entry.number
    assert all(d in derivation_repairs.__all__ for d in r.derivations)
    assert r.survives in SURVIVAL


def test_pdf_numbers_and_labels_are_the_repaired_claims(tex):
    """A section carries the PDF number and label of the claim it repairs, which the paper
    defines; its heading gives both numbers."""
    for r in REPAIRS:
        base = ledger.claim(r.repairs)
        assert (r.printed, r.label) == (base.printed, base.label), r.number
        first = re.findall(r"(?:eq|lem|thm|prop):[A-Za-z_0-9]+", r.label)[0]
        assert f"\\label{{{first}}}" in tex, first
        if re.match(r"(lem|thm|prop):", first):
            assert paper.statement_name(first) == r.printed


def test_statements_are_myst_math_without_raw_braces():
    """Every brace sits inside $…$ (a raw brace outside math would print as text)."""
    for r in REPAIRS:
        for text in (r.repair.printed, r.repair.repaired, r.repair.hypotheses, r.repair.assumed):
            outside = re.sub(r"\$\$.*?\$\$|\$[^$]*\$", "", text, flags=re.S)
            assert "{" not in outside and "}" not in outside, (r.number, outside)
            assert text.count("$") % 2 == 0, r.number


def test_every_box_states_the_paper_s_hypotheses_then_those_added():
    """One rule for every box (a cold reader found one box listing only what it adds, another
    the paper's own under "added"): each restates the paper's hypotheses (``Repair.assumed``)
    under its own label, then those the repair adds; a repair without them is refused."""
    for r in REPAIRS:
        box = statement_box(r)
        paper_s, added = box.index("*Hypotheses (the paper's):*"), box.index("*Hypotheses added:*")
        assert 0 < paper_s < added, r.number
        assert "(the paper's)" not in r.repair.hypotheses, r.number
    bare = dataclasses.replace(REPAIRS[0].repair, assumed="")
    with pytest.raises(ValueError, match="restate the paper's hypotheses"):
        statement_box(dataclasses.replace(REPAIRS[0], repair=bare))


def test_the_repaired_lemma_e9_states_its_probability_and_its_outline():
    """Lemma E.9 (PDF 39) repaired: its probability (the martingale at δ/k² for every k ≥ 2
    and Lemma E.8's event: π²/3 − 9/4 in all, Lemma 5.3's count less its per-step events), the
    horizon of the induction hypothesis, and the outline its C₁ rests on, as Lemma 5.3's does."""
    e9 = ledger.repair("Lemma E.9").repair
    assert "1 - (\\pi^2/3 - 9/4)\\delta" in e9.repaired
    assert "induction hypothesis" in e9.hypotheses and e9.hypotheses != "None."
    assert "martingale" in e9.outline and "martingale" in ledger.repair("Lemma 5.3").repair.outline
    assert "**Its proof rests on an outline:**" in repair_markdown(ledger.repair("Lemma E.9"))


def test_a_long_list_of_errata_is_folded_as_a_whole():
    """Lemma 5.3's eleven errata sit behind one line that counts them; a short list stays open."""
    long = repair_markdown(ledger.repair("Lemma 5.3"))
    assert "<summary>11 errata, one line each</summary>" in long
    assert "errata, one line each" not in repair_markdown(ledger.repair("Lemma 5.1"))


def test_repair_lookup_and_grouping():
    assert ledger.repair("Lemma 5.3").printed == "Lemma 11"
    assert ledger.title("Thm 5.4") == "Theorem 5.4"
    with pytest.raises(ValueError, match="number must name a repaired result"):
        ledger.repair("Lemma 9.9")
    groups = repairs_by_survival()
    assert list(groups) == list(SURVIVAL)
    assert sum(len(g) for g in groups.values()) == len(REPAIRS)
    with pytest.raises(ValueError, match="survives must be one of"):
        Repair("x", "y", "z", "fine", ())


def test_the_corrigendum_pages_have_a_section_for_every_repaired_result():
    """Each repaired result has its section on the corrigendum's page of its part of the paper
    (``registry.corrigendum_page``), under a heading with both numbers, shown through
    ``section_markdown`` (no statement typed twice); the page's setup reads that page's
    verdicts."""
    import json
    from pathlib import Path

    from mines_theory.verification.framework.registry import CORRIGENDUM_PAGES

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for page in CORRIGENDUM_PAGES.values():
        cells = json.loads((notebooks / f"{page}.ipynb").read_text(encoding="utf-8"))["cells"]
        headings = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        assert f'page_verdicts("{page}")' in code, page
        for r in REPAIRS:
            shown = f"{ledger.title(r.repairs)} · PDF {r.printed}" in headings
            assert shown == (r.notebook == page), (page, r.repairs)
            assert (f'show("{r.repairs}")' in code) == (r.notebook == page), (page, r.repairs)


def _z(value):
    return flagged(
        True, "largest z = {z} (criterion: z > 4)", (Measurement("z", value, 1.0, Kind.Z),)
    )


def test_the_corrigendum_shows_each_erratum_with_its_verdict():
    """``repair_markdown`` puts each repaired erratum's verdict beside it, ``errata_markdown``
    each other erratum's; a label without a verdict is a ValueError; an entry without a
    ``Repair`` is refused."""
    entry = ledger.repair("Lemma 5.3")
    evidence = {e.label: _z(48.31) for e in ledger.errata()}
    folds = re.findall(
        r'<details class="verdict"><summary>([^\n]*)</summary>\n\n(.*?)\n\n</details>',
        repair_markdown(entry, evidence=evidence),
        re.S,
    )
    listed = [(summary, body) for summary, body in folds if not summary.startswith("Check: ")]
    assert len(listed) == len(entry.repair.errata)
    for summary, body in listed:  # one line each, the correct form and its check folded
        assert "check:" not in summary.lower(), summary
        shown = "  *Check:* flagged: largest z = 48.3 (criterion: z > 4)."
        assert body.splitlines()[-1] == shown, body
    assert "\n  *Check:* " not in repair_markdown(entry)
    typos = errata_markdown("typo", evidence)
    outside = len(errata_outside_repairs("typo"))
    assert typos.count("*Check:* flagged: largest z = 48.3") == outside > 0
    with pytest.raises(ValueError, match=re.escape(f"missing {entry.repair.errata[0]!r}")):
        repair_markdown(entry, evidence={})
    with pytest.raises(ValueError, match="entry must be a repaired result with a Repair"):
        repair_markdown(ledger.claim("Lemma 5.3"))


def test_an_erratum_s_consequence_is_labelled_not_glued_to_the_correction():
    """Each item of the errata page is its place, then a line each (hard breaks) for what is
    printed, what is correct, the consequence and the check, each after its label: a consequence
    that begins in lower case ("survives (…)", "for smaller b …") follows its own label, not
    "Correct: …." as a sentence that starts in lower case; no item is one run-on paragraph."""
    lower = [e for e in ledger.errata() if e.consequence[:1].islower()]
    assert any(e.consequence.startswith("survives") for e in lower)
    evidence = {e.label: _z(48.31) for e in ledger.errata()}
    labels = ["*Printed:* ", "*Correct:* ", "*Consequence:* ", "*Check:* "]
    for kind in ("typo", "error", "ill-defined", "imprecision"):
        text = errata_markdown(kind, evidence)
        items = text.split("\n* (")
        assert len(items) == len(errata_outside_repairs(kind)) > 0, kind
        for item in items:
            lines = item.splitlines()[1:]
            assert lines[0].startswith("  **") and lines[0].endswith(".**\\"), item
            assert [line[2:].split(" ", 1)[0] + " " for line in lines[1:]] == labels, item
            assert all(line.endswith("\\") for line in lines[:-1]), item
            assert not re.search(r"[.)]\. [a-z]", item), item


def test_readable_leaves_no_brace_in_the_errata():
    for e in ledger.errata():
        for text in (e.label, e.printed, e.correct, e.consequence):
            out = readable(text)
            assert "^{" not in out and "_{" not in out, out


def test_lemma52_nonquadratic_repaired_holds_and_the_alternative_fails():
    """On the 2-D logistic runs (γ > 0) the repaired bound holds where it applies; a bound with
    no α-term and 64 times the repaired contraction (Δ = 0, divisor 0.5) is exceeded in about half
    of the steps."""
    repaired = check_lemma52_nonquadratic_repaired()
    assert repaired.status is Status.HOLDS and repaired["informative"].value > 0
    alternative = check_lemma52_nonquadratic_repaired(divisor=0.5, delta_alpha=0.0)
    assert alternative.status is Status.FAILS


def test_a_page_of_the_corrigendum_is_one_of_its_parts():
    """``page_verdicts`` reads the pages of the repaired results (``CORRIGENDUM_PAGES``); the
    errata index or a misspelt page is a ValueError naming the pages."""
    from mines_theory.verification.views.corrigendum import page_verdicts

    for page in ("08d-errata", "08-errata", "08a"):
        with pytest.raises(ValueError, match="page must be one of"):
            page_verdicts(page)


#: A name of code in the corrigendum's text: a module path or a snake_case identifier.
CODE_NAME = re.compile(r"`[^`]*`|\b(?:bounds|derivations)\.\w+|\b[a-z]+(?:_[a-z0-9]+)+\b")


def _words(text: str) -> str:
    """``text`` without its mathematics ($…$) and eq: labels (the book prints their numbers)."""
    return re.sub(r"\$[^$]*\$|eq:\w+", "", text)


def test_the_code_name_pattern_finds_what_main_printed():
    old = (
        "**Constants:** `bounds.delta_alpha_1_corrected`; derived in `derivations.lemma51_repair`."
    )
    assert CODE_NAME.search(old) and CODE_NAME.search("* `delta_alpha_1`: derived")
    assert not CODE_NAME.search(_words(r"the constant $C$ of eq:C_2 (5.5); $\xi_k$"))


@pytest.mark.parametrize("entry", REPAIRS, ids=[r.repairs for r in REPAIRS])
def test_a_repairs_constants_are_named_in_words_and_symbols(entry):
    """The corrigendum names each repaired constant as the paper does, with its equation's
    number, not by the function that computes it (a reader of the book reads no code)."""
    line = next(
        line for line in repair_markdown(entry).splitlines() if "**Constants repaired:**" in line
    )
    assert not CODE_NAME.search(_words(line)), line


@pytest.mark.parametrize("name", ["lemma51_repair", "lemma52_repair", "lemma53_repair"])
def test_a_derivation_lists_mathematics_not_identifiers(name):
    """08a's lists of derived quantities: each named in the paper's symbols ($\\Delta_{\\alpha,1}$
    for ``delta_alpha_1``), one item per quantity the derivation returns."""
    text = derivation_markdown(name)
    items = [line for line in text.splitlines() if line.startswith("* ")]
    assert len(items) == len(getattr(derivation_repairs, name)())
    for item in items:
        assert item.endswith(" ✓"), item  # the proof's steps minus it simplify to 0
        name_of = item[: -len(" ✓")]
        assert not CODE_NAME.search(_words(name_of)), item
    if name == "lemma51_repair":
        assert any(item.startswith(r"* $\Delta_{\alpha,1}$ ") for item in items)


def test_a_derived_quantity_without_a_name_is_refused(monkeypatch):
    monkeypatch.setattr(
        derivation_repairs, "unnamed_repair", lambda: {"x_y": (1, 1)}, raising=False
    )
    with pytest.raises(ValueError, match="x_y"):
        derivation_markdown("unnamed_repair")


def test_a_folded_derivation_counts_what_simplifies_to_0(monkeypatch):
    """08a folds its sympy derivations behind one line (a cold reader found the page too tall):
    the line counts the closed forms and those that simplify to 0, and says a wrong one, which
    a derivation whose closed form is off by 1 shows; the list folded is the list unfolded."""
    folded = derivation_markdown("lemma51_repair", fold=True)
    n = len(derivation_repairs.lemma51_repair())
    assert folded.startswith(
        f'<details class="verdict"><summary>The derivation in sympy: {n} closed forms, {n} ✓<'
    )
    assert derivation_markdown("lemma51_repair") in folded
    x = sp.Symbol("x")
    monkeypatch.setattr(
        derivation_repairs, "off_repair", lambda: {"rate": (x + 1, x)}, raising=False
    )
    monkeypatch.setitem(corrigendum.DERIVED_NAMES, ("off_repair", "rate"), "the rate")
    assert "1 closed forms, 0 ✓, 1 ✗" in derivation_markdown("off_repair", fold=True)


def test_a_repairs_folded_check_writes_its_numbers_as_prose():
    """The check folded under a repaired result (08a: "0% [0%, 0%]", "3.3e+12" before) reads as
    the page's prose: a share that is 0 in every seed as the seeds it rests on with its Wilson
    bound (kit16; its value alone, "0%", before), powers of ten."""
    shown = ledger.published()["Lemma 5.2, repaired"]
    assert "0% (none in 16 seeds; Wilson 95% upper bound" in shown.text()
    section = repair_markdown(ledger.repair("Lemma 5.2"), shown)
    assert "[0%, 0%]" not in section and shown["violations"].prose() in section

"""What a ledger row's visible words say, against what its check tests: a cold reader found a
qualifier paired with a number from another run, a repaired statement naming the printed rate,
a "final" rate fitted early, a solver named that was not run, targets in e-notation, and a
"cannot be repaired" beside a repaired check that holds."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from mines_theory.numbers import powers_of_ten
from mines_theory.theory.bounds.corrected import lemma51_rate_corrected
from mines_theory.theory.bounds.section5 import c_constants
from mines_theory.verification.claims.repaired.section5 import check_lemma51_repaired
from mines_theory.verification.claims.section5.kappa import RATE_WINDOW
from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import Qualifier, Status, Verdict
from mines_theory.verification.proofs import published as walk
from mines_theory.verification.views import corrigendum, report
from mines_theory.verification.views.proofgraph import UNTESTABLE_QUALIFIER

PUBLISHED = ledger.published()


def _row(table: str, number: str) -> str:
    return next(line for line in table.splitlines() if line.startswith(f"| {number} |"))


def test_a_run_named_by_a_qualifier_is_named_beside_the_key_number():
    """Lemma 5.2, γ > 0 read "holds, too loose to be tested: contraction 0.0487": the qualifier
    is the α = 0.5 run's, the number the α = 0.005 run's. Every row whose "too loose to be
    tested" names its run shows that run; the row's key words name the run of its number."""
    table = report.summary_table(repairs=True, walk=walk.load())
    suffixed = {
        number: q.name[len(UNTESTABLE_QUALIFIER) :]
        for number, v in PUBLISHED.items()
        for q in v.qualifiers
        if q.outcome and q.name.startswith(UNTESTABLE_QUALIFIER + " ") and v.status is Status.HOLDS
    }
    assert "Lemma 5.2, γ > 0" in suffixed
    for number, suffix in suffixed.items():
        if any(c.number == number for c in ledger.rows()):
            assert f"too loose to be tested{suffix}; " in _row(table, number)
    key = ledger.claim("Lemma 5.2, γ > 0").key.words
    alpha = re.search(r"α = ([\d.]+)", PUBLISHED["Lemma 5.2, γ > 0"].summary).group(1)
    assert f"at α = {alpha}" in key and alpha not in suffixed["Lemma 5.2, γ > 0"]
    # a reader (stop 58) read the colon as "too loose at α = 0.5 because of this number": a
    # semicolon parts the two runs, and the key's α opens the number and its bound
    assert key.startswith(f"at α = {alpha}, ")
    assert "0.5: " not in _row(table, "Lemma 5.2, γ > 0")


def test_said_of_shows_the_qualifier_s_run_and_only_on_a_row_that_holds():
    q = Qualifier(UNTESTABLE_QUALIFIER + " at α = 0.5", "…", True)
    assert report.said_of(Verdict(Status.HOLDS, "…", qualifiers=(q,))).endswith("at α = 0.5")
    refused = Qualifier(q.name, q.criterion, False)
    assert report.said_of(Verdict(Status.HOLDS, "…", qualifiers=(refused,))) == "holds"


def test_a_row_that_holds_says_where_its_statement_is_false_as_printed():
    """Lemma 5.1's row read "repaired: false as printed" beside "holds", and is not counted
    among the rows false as printed: its visible words say where it is false (its γ > 0 row),
    and stop saying so when that row no longer contradicts it."""
    row = ledger.claim("Lemma 5.1")
    words = report.conclusion_words(row, PUBLISHED["Lemma 5.1"], walk.load())
    assert "false as printed](" in words
    assert ", as [Lemma 5.1, γ > 0](ledger.md#claim-lemma-5-1-gamma-0) shows" in words
    assert PUBLISHED["Lemma 5.1, γ > 0"].status is Status.ERRATUM
    holding = {**PUBLISHED, "Lemma 5.1, γ > 0": Verdict(Status.HOLDS, "…")}
    assert report._false_elsewhere(row, holding) == ""


def test_a_row_false_as_printed_by_its_own_verdict_says_so_whatever_the_survival():
    """Thm 5.4's constant changes (the corrigendum), but its row with γ > 0 is contradicted by
    the printed Δ_α,1: that row reads "false as printed"; with the γ > 0 row holding, it reads
    "its constant changes", as Thm 5.4's row does."""
    beside, row = ledger.claim("Thm 5.4, γ > 0"), ledger.claim("Thm 5.4")
    assert report.conclusion_words(beside, PUBLISHED[beside.number]).startswith(
        "**repaired**: [false as printed]("
    )
    assert "[its constant changes](" in report.conclusion_words(row, PUBLISHED[row.number])
    held = Verdict(Status.HOLDS, "…")
    assert "[its constant changes](" in report.conclusion_words(beside, held)


def test_a_repaired_row_that_tests_nothing_concludes_untested():
    """One predicate (``report.untested_by``) on the qualifiers: a repaired row whose "union-bound
    form vacuous" or "too loose to be tested" held concludes "untested", and is counted so in
    the Summary; the same verdict without the qualifier stands."""
    row = ledger.claim("Lemma 5.2, repaired")
    verdict = PUBLISHED[row.number]
    assert report.untested_by(verdict) == report.VACUOUS_QUALIFIER
    assert report.conclusion(row, verdict) is report.Conclusion.UNTESTED
    assert report.conclusion_words(row, verdict) == "**untested**: union-bound form vacuous"
    kept = tuple(q for q in verdict.qualifiers if q.name != report.VACUOUS_QUALIFIER)
    bare = Verdict(verdict.status, verdict.summary, verdict.measurements, kept)
    assert report.untested_by(bare) is None
    assert report.conclusion(row, bare) is report.Conclusion.STANDS
    loose = Qualifier(report.UNTESTABLE_QUALIFIER, "?", True)
    assert report.conclusion(row, Verdict(Status.HOLDS, "…", qualifiers=(loose,))) is (
        report.Conclusion.UNTESTED
    )
    rows = (row,)
    assert "1 holds (1 of them union-bound form vacuous)" in report._status_counts(
        rows, {row.number: verdict}
    )
    assert report._status_counts(rows, {row.number: bare}) == "1 holds"


def test_a_repair_without_a_repaired_row_says_why():
    """Lemmas E.2 and E.9 are repaired by the corrigendum, which argues their repair by the
    checks of their errata: no repaired row, and their sections say so (the table's narrow
    column does not: the ledger page's height); Lemma D.2 has one."""
    for number in ("Lemma E.2", "Lemma E.9"):
        section = report.claim_section(ledger.claim(number), PUBLISHED[number], "nb", None)
        assert f"({report.UNCHECKED_REPAIR})" in section
    d2 = ledger.claim("Lemma D.2")
    assert "no repaired row" not in report.conclusion_words(d2, PUBLISHED[d2.number])
    assert "no repaired row" not in report.claim_section(d2, PUBLISHED[d2.number], "nb", None)


def test_lemma_5_1_repaired_states_the_rate_its_repair_derives():
    """The statement said "the rate of Lemma 5.1" (printed /16); the repaired rate is
    c₂τσ/(8c₁Lζ), as ``bounds.corrected.lemma51_rate_corrected`` computes it."""
    statement = ledger.claim("Lemma 5.1, repaired").statement
    divisor = int(re.search(r"c₂τσ/\((\d+)c₁Lζ\)", statement).group(1))
    kw = {"d": 10, "b": 10, "delta": 0.1, "L": 2.0, "sigma": 1.0, "tau": 1.0, "zeta": 2.0}
    c = c_constants(d=10, b=10, delta=0.1)
    rate = lemma51_rate_corrected(**kw).rate
    assert np.isclose((1 - rate) * c.c1 * 2.0 * 2.0 / c.c2, 1 / divisor)
    assert "printed 16" in statement


def test_lemma_5_1_repaired_carries_loose_and_a_tight_bound_is_not():
    """Its bound is ≈ 5×10⁴ times the data: "loose", the repaired rows' qualifier; a bound
    twice the measured upper 10% quantile holds without it."""
    verdict = check_lemma51_repaired()
    assert verdict.qualifier("loose").outcome
    assert PUBLISHED["Lemma 5.1, repaired"].qualifier("loose").outcome
    tight = 2 * float(np.quantile(verdict.data["gaps"], 0.9))
    again = check_lemma51_repaired(delta_alpha=tight)
    assert again.status is Status.HOLDS and not again.qualifier("loose").outcome


def test_theorem_5_4_repaired_names_the_window_of_its_contraction():
    """Its contraction (0.038) is fitted on an early descent, Thm 5.4's last-window rate at
    κ = 100 (0.080) on the κ runs: both called "final" before. The summary names the window,
    and the two numbers do differ (else the naming would be moot)."""
    verdict = PUBLISHED["Thm 5.4, repaired"]
    window = " < f − f* < ".join(powers_of_ten(f"{x:.0e}") for x in RATE_WINDOW)
    assert window in verdict.summary and "not the last window" in verdict.summary
    assert "final contraction {final}" not in verdict.summary
    assert "not the last window" in ledger.claim("Thm 5.4, repaired").key.words
    final, late = verdict["final"], PUBLISHED["Thm 5.4"]["rate_100"]
    assert final.interval[1] < late.value


def test_coco_names_the_solvers_it_ran_and_writes_targets_as_powers_of_ten():
    verdict = PUBLISHED["COCO bbob"]
    text = verdict.summary + " ".join(q.name + q.criterion for q in verdict.qualifiers)
    assert not re.search(r"\d e-?\d|\de-\d|\de\d", text.replace("1910.11490", ""))
    summary = ledger.PUBLISHED.parent / "coco-bbob-summary.csv"
    ran = set(pd.read_csv(summary, usecols=["solver"]).solver)  # the data, not the verdict
    for solver in re.findall(r"\b(RGF|xNES|CMA-ES)\b", text):
        assert solver in ran, solver
    assert "RGF" in verdict.summary  # "beats RGF" names a solver the summary says was run
    assert "not a reproduction" in ledger.claim("COCO bbob").statement.split(";")[0]
    box = report.found_box(walk=walk.load())
    assert "not a reproduction (the 2019 set-up could not be found)" in box


def test_the_corrigendum_says_survival_of_the_printed_and_of_the_repaired_form():
    row = ledger.claim("Lemma D.7, repaired")
    said = corrigendum.survival(
        "cannot be repaired in its approach", (row,), (PUBLISHED[row.number],)
    )
    assert said.startswith("printed form: cannot be repaired in its approach; ")
    assert said.endswith("repaired form (Lemma D.7, repaired): holds, too loose to be tested")
    failing = corrigendum.survival("x", (row,), (Verdict(Status.FAILS, "…"),))
    assert failing.endswith(": fails")


def test_the_survival_line_says_false_as_printed_where_a_printed_row_is():
    """Thm 5.4 (PDF Theorem 12): its repair changes a constant, but its γ > 0 row is false as
    printed (the printed Δ_α,1 of stage 1 is exceeded), so its box says the printed form is
    false, as the proof map and the Summary do; with no such row it says "constant changes"."""
    assert report.row_false_as_printed(PUBLISHED["Thm 5.4, γ > 0"])
    box = corrigendum.repair_markdown(ledger.repair("Thm 5.4"))
    assert (
        "**Survives?** printed form: false as printed (its γ > 0 row); the repair changes its "
        "constant" in box
    )
    assert corrigendum.survival("constant changes", (), ()) == "printed form: constant changes"
    assert not report.row_false_as_printed(PUBLISHED["Lemma 5.2"])
    box52 = corrigendum.repair_markdown(ledger.repair("Lemma 5.2"))
    assert "**Survives?** printed form: constant changes" in box52

"""One word per ledger row for what a reader should conclude (issue 45, cold readers: "holds"
beside "false as printed" or "too loose to be tested" in one row, Lemma 5.1, Lemma 5.3,
Thm 5.4). ``report.conclusion`` reads the status on the runs, the corrigendum's repair and the
walk together; each test feeds it the alternative a reader could mean and sees the word flip.
These tests read the published verdicts and walk; nothing is built."""

from __future__ import annotations

import copy
import re

import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.framework.verdict import Qualifier, Status, Verdict
from mines_theory.verification.proofs import pages
from mines_theory.verification.proofs import published as walk_data
from mines_theory.verification.views import report
from mines_theory.verification.views.report import Conclusion, conclusion

WALK = pages.with_slips(walk_data.load())
RESULTS = ledger.published()
LOOSE = Qualifier(report.UNTESTABLE_QUALIFIER, "could any run exceed it?", True)


def _of(number: str, walk=WALK) -> Conclusion:
    return conclusion(ledger.claim(number), RESULTS[number], walk)


@pytest.mark.parametrize("number", ["Lemma 5.1", "Lemma 5.3", "Thm 5.4", "Lemma 5.2, γ > 0"])
def test_the_rows_the_readers_flagged_conclude_repaired(number):
    """They hold on the runs (Lemma 5.1 and 5.3 only because no run could exceed the bound),
    and the corrigendum replaces their statements: the word is "repaired", not "holds"."""
    assert RESULTS[number].status is Status.HOLDS
    assert ledger.repair(number.split(", ")[0]).repair is not None
    assert _of(number) is Conclusion.REPAIRED


def _with_error(walk, proof: str, index: int):
    """``walk`` with step ``index`` of ``proof`` false and an error (not a slip)."""
    broken = copy.deepcopy(walk)
    step = broken["proofs"][proof][index - 1]
    step.update(status="fails", slip="error")
    return broken


def test_a_statement_with_no_repair_follows_its_walk():
    """Thm 3.3 holds on the runs; its walk's false steps are slips (imprecisions at eq:R, a
    typo), so it stands. The alternative: a false step that is an error makes its proof fail;
    a walk that finds every step true, or only typos false, leaves it standing."""
    assert _of("Thm 3.3") is Conclusion.STANDS
    assert report.slips_only("Thm 3.3", WALK) == 16
    assert _of("Thm 3.3", _with_error(WALK, "Thm 3.3", 16)) is Conclusion.PROOF_FAILS
    sound = copy.deepcopy(WALK)
    for step in sound["proofs"]["Thm 3.3"]:
        step["status"] = "holds"
    assert _of("Thm 3.3", sound) is Conclusion.STANDS
    typos = copy.deepcopy(WALK)
    for step in typos["proofs"]["Thm 3.3"]:
        if step["status"] == "fails":
            step["slip"] = "typo"
    assert _of("Thm 3.3", typos) is Conclusion.STANDS


def test_the_status_on_the_runs_decides_where_nothing_repairs():
    thm = ledger.claim("Thm 3.1")  # not repaired, not walked to a false step
    assert conclusion(thm, RESULTS["Thm 3.1"], WALK) is Conclusion.STANDS
    assert conclusion(thm, Verdict(Status.FAILS, "…"), WALK) is Conclusion.FALSE
    assert conclusion(thm, Verdict(Status.ERRATUM, "…"), WALK) is Conclusion.REPAIRED
    assert conclusion(thm, Verdict(Status.NOT_CHECKED, "…"), WALK) is Conclusion.NOT_CHECKED
    assert _of("COCO bbob") is Conclusion.FALSE  # a finding that fails, nothing repairs it


def test_a_generalization_test_is_concluded_of_its_set_up():
    """The COCO finding tests the 2019 claim on one set-up (a generalization test, not a
    reproduction: its spec's ``scope``): the ledger's table says "**false** on this set-up",
    not "false" of the claim; a row without a scope says the word alone."""
    coco = ledger.claim("COCO bbob")
    assert coco.scope == "this set-up" and "generalization test" in coco.statement
    said = report.conclusion_words(coco, RESULTS["COCO bbob"], WALK)
    assert said == "**false** on this set-up"
    table = report.summary_table(repairs=True, walk=WALK)
    assert "| COCO bbob | — | **false** on this set-up |" in table
    thm = ledger.claim("Thm 3.1")
    assert report.scoped(thm, Conclusion.FALSE) == "**false**"


def test_too_loose_to_be_tested_stands_only_on_a_walked_proof():
    """Lemma E.7 holds only because no run could exceed its bound; its walk finds no false
    step, so it stands. Without the walk of its proof nothing backs it: "untested"."""
    assert report.category(RESULTS["Lemma E.7"]) is report.Category.UNTESTABLE
    assert _of("Lemma E.7") is Conclusion.STANDS
    unwalked = copy.deepcopy(WALK)
    del unwalked["proofs"]["Lemma E.7"]
    assert _of("Lemma E.7", unwalked) is Conclusion.UNTESTED
    loose = Verdict(Status.HOLDS, "…", qualifiers=(LOOSE,))
    assert conclusion(ledger.claim("Lemma B.2"), loose, WALK) is Conclusion.UNTESTED


def test_a_repaired_result_stands_or_falls_on_its_runs():
    """D.5's repaired bound holds on batches that come within 100× of it (not "too loose to be
    tested", unlike Lemma 5.1's, D.2's, D.4's and D.7's: untested)."""
    row = ledger.claim("Lemma D.5, repaired")
    assert conclusion(row, RESULTS[row.number], WALK) is Conclusion.STANDS
    untested = ledger.claim("Lemma 5.1, repaired")
    assert conclusion(untested, RESULTS[untested.number], WALK) is Conclusion.UNTESTED
    assert conclusion(row, Verdict(Status.FAILS, "…"), WALK) is Conclusion.FALSE


def test_each_row_of_the_book_s_ledger_has_one_bold_word_from_the_closed_set():
    """The readers' complaint as a check on the whole table: a row whose bold word is "holds"
    beside "false as printed" could not be told from one whose statement stands."""
    table = report.summary_table(repairs=True, walk=WALK)
    rows = [line for line in table.splitlines() if line.startswith("| ") and "---" not in line]
    words = {c.value for c in Conclusion}
    for line in rows[1:]:
        bold = re.findall(r"\*\*(.+?)\*\*", line)
        assert len(bold) == 1 and bold[0] in words, line
        if "false as printed" in line:
            assert bold[0] == Conclusion.REPAIRED.value, line


def test_the_ledger_says_what_each_word_it_shows_means():
    page = report.ledger_page(lambda notebook: notebook, walk=WALK)
    shown = {_of(c.number) for c in ledger.rows() if c.number in RESULTS}
    for word in shown:
        assert f"*{word.value}*: {report.CONCLUSION_MEANING[word]}" in page


def test_the_ledger_says_what_fails_and_erratum_mean():
    """Readers confused the statuses "fails" and "erratum": the ledger's opening says what each
    means, in one short phrase each, where its table shows it."""
    page = report.ledger_page(lambda notebook: notebook, walk=WALK)
    opening = page[: page.index("**The numbered claims**")]
    statuses = {RESULTS[c.number].status for c in ledger.rows() if c.number in RESULTS}
    for status, meaning in report.STATUS_MEANING.items():
        assert (f"*{status.value}*: {meaning}" in opening) == (status in statuses)
        assert len(meaning) <= 80


def test_notebook_05_s_verdict_cell_does_not_leave_lemma_5_1_at_holds():
    """05's verdict cell showed Lemma 5.1 as "holds (loose; …)" with nothing of the
    corrigendum's finding; its row now opens with the conclusion."""
    block = ledger.verdict_cell("Lemma 5.1", fresh=RESULTS)
    view = report.verdict_cell_view(block, WALK)
    assert view is not None
    row = next(line for line in view.splitlines() if line.startswith("| Lemma 5.1 |"))
    assert "**repaired**; holds" in row


def test_a_statement_true_as_printed_whose_proof_is_repaired_says_so(monkeypatch):
    """No repair of the published corrigendum is "true as printed, proof repaired" today; a
    repair of that kind (Lemma 5.2's, its survival changed) turns "repaired" into "proof
    repaired" on a row that holds, and leaves a row that fails repaired."""
    import dataclasses

    real = ledger.repair
    kept = "true as printed, proof repaired"

    def repair(name):
        found = real(name)
        if name != "Lemma 5.2":
            return found
        return dataclasses.replace(found, repair=dataclasses.replace(found.repair, survives=kept))

    assert _of("Lemma 5.2") is Conclusion.REPAIRED
    monkeypatch.setattr(ledger, "repair", repair)
    assert _of("Lemma 5.2") is Conclusion.PROOF_REPAIRED
    row = ledger.claim("Lemma 5.2")
    assert conclusion(row, Verdict(Status.FAILS, "…"), WALK) is Conclusion.REPAIRED


def test_a_row_that_holds_points_to_the_runs_that_contradict_its_statement():
    """Lemma 5.1 holds on its runs (γ = 0) and is false as printed: its section links the row
    whose runs contradict it (γ > 0). The alternative, a γ > 0 row that holds too, removes it."""

    def section(results) -> str:
        page = report.ledger_page(lambda notebook: notebook, results, walk=WALK)
        return page.split("(claim-lemma-5-1)=")[1].split("(claim-lemma-5-2)=")[0]

    link = "the runs that contradict it as printed: [Lemma 5.1, γ > 0](ledger.md#claim-lemma-5-1"
    assert link in section(RESULTS)
    held = dict(RESULTS, **{"Lemma 5.1, γ > 0": Verdict(Status.HOLDS, "…")})
    assert "the runs that contradict it" not in section(held)


def test_the_front_page_counts_the_statements_by_their_conclusion():
    """The first bullet counts the 45 statements by conclusion; a walk in which a false step
    of Thm 3.3's proof is an error, not a slip, moves one from "stand" to "proof fails"."""
    claims = ledger.claims()

    def bullet(walk) -> str:
        box = report.found_box(walk=walk)
        return next(line for line in box.splitlines() if "checked statements**" in line)

    stand = sum(_of(c.number) is Conclusion.STANDS for c in claims)
    broken = sum(_of(c.number) is Conclusion.PROOF_FAILS for c in claims)
    have = ("has", "have")  # round 3: "1 have a proof that fails"
    if broken:
        assert f"{stand} **stand**, {broken} {have[broken != 1]} a proof that fails" in bullet(WALK)
    else:  # stop 58: Lemma D.6's last error is its Taylor erratum's, an imprecision
        assert f"{stand} **stand**, " in bullet(WALK)
        assert "a proof that fails" not in bullet(WALK)
    erred = _with_error(WALK, "Thm 3.3", 16)
    said = f"{stand - 1} **stand**, {broken + 1} {have[broken + 1 != 1]} a proof that fails"
    assert said in bullet(erred)

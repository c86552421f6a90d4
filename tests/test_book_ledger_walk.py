"""A ledger row that holds while its proof fails as printed says so (issue 45, a cold reading:
Lemma 24, our D.1, and Lemma 29, our D.6, read "holds" with no sign of their walks' false steps):
beside its status, "proof fails as printed at step N" linked to the walk's page, N computed
from the published walk. These tests read the published verdicts and walk; nothing is built.
"""

from __future__ import annotations

import copy
import json

from mines_theory.verification.framework import ledger
from mines_theory.verification.proofs import published as walk
from mines_theory.verification.views import report

WALK = json.loads(walk.PUBLISHED.read_text(encoding="utf-8"))


def _first_fails(name: str) -> int:
    """The first failing step of a walked proof, read from walked.json as a file."""
    return next(s["index"] for s in WALK["proofs"][name] if s["status"] == "fails")


def _row(table: str, number: str) -> str:
    return next(line for line in table.splitlines() if line.startswith(f"| {number} |"))


def test_lemma_24_and_29_say_where_their_proofs_fail():
    """Their conclusion is "proof fails", with the step; "holds" is what the runs show (the
    walk's data without its slips: every false step an error)."""
    table = report.summary_table(repairs=True, walk=WALK)
    for number, page in (("Lemma D.1", "walk-lemma-d-1"), ("Lemma D.6", "walk-lemma-d-6")):
        conclusion, runs = _row(table, number).split(" | ")[2:4]
        said = f"**proof fails**: [first error at step {_first_fails(number)}]({page}.md)"
        assert conclusion == said
        assert runs.startswith("holds: ")


def test_a_proof_names_its_first_error_after_its_slips():
    """A cold reader (round 3) read Lemma 24 (our D.1) "proof fails" at step 10, a dropped |·|
    its walk calls harmless, and Lemma 29 (our D.6) "proof fails at step 3", an imprecision:
    with the walk's slips, D.1's false steps are all slips (typos at 5 and 13, an imprecision at
    10): it stands; so does D.6 (stop 58: its steps 14-15 answer to its Taylor erratum, an
    imprecision). Were step 14 a new finding (no erratum, so an error), D.6's first error would
    be step 14, after seven slips, and its proof would fail."""
    from mines_theory.verification.proofs import pages

    slipped = pages.with_slips(WALK)
    table = report.summary_table(repairs=True, walk=slipped)
    d1 = [(s["index"], s["slip"]) for s in slipped["proofs"]["Lemma D.1"] if s["status"] == "fails"]
    assert d1 == [(5, "typo"), (10, "imprecision"), (13, "typo")]
    said = "**stands**: [proof has slips only, the first at step 5](walk-lemma-d-1.md)"
    assert _row(table, "Lemma D.1").split(" | ")[2] == said
    said = "**stands**: [proof has slips only, the first at step 1](walk-lemma-d-6.md)"
    assert _row(table, "Lemma D.6").split(" | ")[2] == said
    walk = json.loads(json.dumps(WALK))
    walk["proofs"]["Lemma D.6"][13]["erratum"] = None  # step 14, a new finding: an error
    slipped = pages.with_slips(walk)
    table = report.summary_table(repairs=True, walk=slipped)
    d6 = slipped["proofs"]["Lemma D.6"]
    error = report.first_error(d6)
    assert error == 14 and report.first_false(d6) == 1
    before = sum(s["status"] == "fails" for s in d6 if s["index"] < error)
    said = f"**proof fails**: [first error at step 14](walk-lemma-d-6.md) ({before} slips "
    said += "before it)"
    assert _row(table, "Lemma D.6").split(" | ")[2] == said


def test_a_row_whose_proof_has_no_false_step_says_nothing():
    assert all(s["status"] != "fails" for s in WALK["proofs"]["Thm 5.4"])
    assert "proof fails as printed at step" not in _row(
        report.summary_table(repairs=True, walk=WALK), "Thm 5.4"
    )


def test_the_note_follows_the_walk():
    """The alternative: a note typed by hand would stay when the walk finds the proof sound."""
    sound = copy.deepcopy(WALK)
    for step in sound["proofs"]["Lemma D.1"]:
        step["status"] = "holds"
    row = _row(report.summary_table(repairs=True, walk=sound), "Lemma D.1")
    assert "proof fails" not in row and "**stands**" in row
    assert report.proof_note("Lemma D.1", ledger.published()["Lemma D.1"].status, sound) is None


def test_the_ledger_section_says_it_above_the_verdict():
    page = report.ledger_page(lambda notebook: notebook, walk=WALK)
    section = page[page.index("(claim-lemma-d-6)=") :]
    section = section[: section.index("<details")]
    n = _first_fails("Lemma D.6")
    said = f"**proof fails**: holds on these runs, but its [proof fails as printed at step {n}]"
    assert said + "(walk-lemma-d-6.md)." in section


def test_lemma_24_s_verdict_cell_in_notebook_09_says_it_too():
    """The verdict page of Lemma 24 (our D.1) is notebook 09's verdict cell, as the book shows
    it: its row says where the proof fails."""
    block = ledger.verdict_cell("Lemma D.1", fresh=ledger.published())
    view = report.verdict_cell_view(block, WALK)
    assert view is not None
    n = _first_fails("Lemma D.1")
    table, _, rest = view.partition("\n\n")
    assert "**proof fails**; holds" in _row(table, "Lemma D.1")
    first = rest.split("\n")[0]
    assert first.startswith("Lemma D.1 holds, but ")
    assert f"[its printed proof fails at step {n}](walk-lemma-d-1.md)." in first


def test_a_repaired_statement_says_its_walk_once_and_its_section_says_both():
    """A cold reader read "proof fails as printed: constant changes; proof fails as printed at
    step 1" (Lemma 5.3) as the same note twice: after the corrigendum's note the walk's link
    gives the step alone, and the section, which said only the walk's note, says both."""
    table = report.summary_table(repairs=True, walk=WALK)
    row = _row(table, "Lemma 5.3")
    n = _first_fails("Lemma 5.3")
    assert row.count("proof fails as printed") == 0  # the step alone, after the repair's note
    assert (
        "[its constant changes](08a-corrigendum-section5.ipynb#repair-lemma-5-3); "
        f"[first error at step {n}](walk-lemma-5-3.md)" in row
    )
    alone = _row(table, "Lemma D.1")  # no repair: the conclusion says it, then the step
    assert f"**proof fails**: [first error at step {_first_fails('Lemma D.1')}]" in alone
    page = report.ledger_page(lambda notebook: notebook, walk=WALK)
    section = page[page.index("(claim-lemma-5-3)=") :]
    section = section[: section.index("<details")]
    assert "the corrigendum: [its constant changes](" in section
    assert f"its [proof fails as printed at step {n}](walk-lemma-5-3.md)." in section


def test_a_walked_statement_links_to_its_full_statement_on_its_walk_page():
    """The ledger's one-line statement leaves out hypotheses and constants; a statement whose
    proof is walked links to its page, which prints it in full. A statement not walked
    (Lemma B.2's proof is in Appendix B) gets no such link."""
    page = report.ledger_page(lambda notebook: notebook, walk=WALK)

    def section(number: str) -> str:
        text = page[page.index(f"({report.claim_anchor(number)})=") :]
        return text[: text.index("<details")]

    link = "[In full, with its proof walked](walk-lemma-5-1.md)"
    assert link in section("Lemma 5.1") and link in section("Lemma 5.1, γ > 0")
    assert "with its proof walked" not in section("Lemma B.2")


def test_a_proof_that_first_breaks_at_a_typo_names_its_first_substantive_step():
    """kit9's count: the ledger pointed at a harmless typo on nine rows (Lemma 9 at step 6, the
    printed ŨUΣUᵀŨᵀ, where step 9's coefficients are the error). With each step's slip in the
    walk's data (the build adds it) a row names the first false step that is not a typo, and a
    proof whose false steps are all typos says so; without the slips it names step 3 (the typo
    Ũ_kŨ_k∇f, read as printed as step 6 is)."""
    from mines_theory.verification.proofs import pages

    slipped = pages.with_slips(WALK)
    table = report.summary_table(repairs=True, walk=slipped)
    lemma = _row(table, "Lemma 5.1")
    assert "[first error at step 9](walk-lemma-5-1.md) (2 typos before it)" in lemma  # 3 and 6
    # Thm 3.4's walk: typos at steps 4, 21, 24, 27 and 33, then step 41, an imprecision (the
    # norm of its erratum): slips only, no error; Lemma 5.2's one typo at 5 before step 6
    theorem = "[proof has slips only, the first at step 4](walk-thm-3-4.md)"
    assert theorem in _row(table, "Thm 3.4")
    lemma = _row(table, "Lemma 5.2")
    assert "[first error at step 6](walk-lemma-5-2.md) (a typo at step 5)" in lemma
    # the ledger's sections name the first of several typos too (the table's column wraps)
    page = report.ledger_page(lambda notebook: notebook, walk=slipped)
    section = page[page.index("(claim-lemma-5-1)=") :]
    section = section[: section.index("<details")]
    assert "(walk-lemma-5-1.md) (2 typos before it, the first at step 3)" in section
    bare = report.summary_table(repairs=True, walk=WALK)
    assert "first error at step 3]" in _row(bare, "Lemma 5.1")
    typos = [
        name
        for name, steps in slipped["proofs"].items()
        if any(s["status"] == "fails" for s in steps)
        and all(s.get("slip") == "typo" for s in steps if s["status"] == "fails")
    ]
    assert "Lemma C.1" in typos
    assert "[proof has typos only, the first at step" in _row(table, "Lemma C.1")


def test_a_verdict_view_names_each_proof_once_with_what_fails_at_its_step():
    """Notebook 05's verdict cell shows Lemma 5.2 and its row "γ > 0": their one proof is named
    once, with what fails at its first substantive false step (the printed and the corrected
    form of the erratum the walk names there); Thm 5.4, whose own steps all hold although the
    corrigendum repairs it, is named with the results it cites."""
    from mines_theory.verification.proofs import pages

    slips = pages.with_slips(walk.load())
    block = ledger.verdict_cell(
        "Lemma 5.2", "Lemma 5.2, γ > 0", "Thm 5.4", fresh=ledger.published()
    )
    view = report.verdict_cell_view(block, slips)
    assert view is not None
    note = view.partition("\n\n")[2].split("\n")[0]
    assert note.count("Lemma 5.2 holds, but [its printed proof fails at step") == 1
    assert "](walk-lemma-5-2.md). That step prints " in note
    assert "; the proof's own derivation gives " in note
    assert "Thm 5.4: its own proof's steps hold, but it cites Lemma 5.1, Lemma 5.2" in note

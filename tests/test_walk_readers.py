"""What cold readers of the walk's pages found (walk18), each as a behaviour that can fail: the
walk pages of Lemma 38 (our Lemma E.8) and Lemma 9 (our Lemma 5.1), the walk's counts, the
index's map, the walk's own symbols, and the proof maps under figure rule 9."""

from __future__ import annotations

import math
import re

import pytest

from mines_theory.verification.framework import ledger
from mines_theory.verification.proofs import check, pages, published, spec

PUBLISHED = published.load()


def _step(page: str, index: int) -> str:
    """Step ``index`` of a proof page, from its heading to the next one."""
    m = re.search(rf"^#+ Step {index} ·.*?(?=^##|\Z)", page, re.M | re.S)
    assert m is not None, f"step {index} not on the page"
    return m.group(0)


@pytest.fixture
def lemma38(tex) -> str:
    return pages.proof_page("Lemma E.8", PUBLISHED, tex=tex)


@pytest.fixture
def lemma9(tex) -> str:
    return pages.proof_page("Lemma 5.1", PUBLISHED, tex=tex)


def test_a_range_piece_is_headed_as_checked_with_its_event(lemma38):
    """Steps 7–9 and 16–18 of Lemma 38 are pieces of a quantifier's range, checked as part of
    the event of steps 10 and 19: their headings say so, never "not checked"."""
    for index, event in ((7, 10), (8, 10), (9, 10), (16, 19), (17, 19), (18, 19)):
        head = _step(lemma38, index).splitlines()[0]
        assert "not checked" not in head, head
        assert f"range piece, checked with step {event}" in head, head


def test_a_relation_after_a_quantifier_is_named(lemma38):
    """Step 4 of Lemma 38 is the range β ≥ 1 of "∀ β ≥ 1" (at depth 0 of its display): the page
    names it as the step's relation."""
    assert "*The step is the relation inside:* $\\beta \\ge 1$." in _step(lemma38, 4)


def test_monte_carlo_margins_read_in_the_relation_s_own_orientation(lemma38):
    """An event's probability checked against its bound reads bound − P(event) (positive where
    it holds), never the engine's negated E[−𝟙]; an = by Monte Carlo gives its relative
    difference, never a negative margin on a step that holds; the page says so once."""
    step2 = _step(lemma38, 2)  # P(‖u‖² ≥ (β + 1)d) ≤ exp(−dβ/8), holds
    assert "P(event) is below its bound by 0.15" in step2
    assert "E[left side] exceeds the right side" not in step2
    step5 = _step(lemma38, 5)  # fails
    assert "P(event) exceeds its bound by 0.112" in step5
    for index, step in enumerate(PUBLISHED["proofs"]["Lemma E.8"], 1):
        if step["status"] == "holds" and "Monte Carlo" in step["evidence"]:
            found = _step(lemma38, index).split("What the check found:**")[1].split("\n")[0]
            assert "margin −" not in found, (index, found)
    # said once, on the index the page links (reader, stop 56: not again on every page)
    assert pages.index_page(PUBLISHED).count("printed in the relation's own orientation") == 1


def test_the_y0_erratum_says_what_is_wrong_and_what_is_corrected():
    """The erratum of the display before (E.11) said "as printed" of its value, which read as
    "no error": it says the printed line is wrong, and gives the corrected line."""
    entry = next(e for e in ledger.errata() if e.label == "display before eq:Y0 (Lemma E.8)")
    assert entry.correct.startswith("the printed line is wrong")
    assert "Corrected line: both sums from t = 0" in entry.correct
    assert "as printed" not in entry.correct


@pytest.mark.parametrize("index", [21, 22, 24, 25])
def test_lemma_38_s_moment_identities_are_exact(index):
    """Steps 21, 22, 24 and 25 of Lemma 38 hold with equality: closed forms (sympy) show it, so
    they are identities, not Monte Carlo "holds"; the checker fails a right side doubled."""
    step = spec.find("Lemma E.8").steps[index - 1]
    assert step.how == "identity"
    assert PUBLISHED["proofs"]["Lemma E.8"][index - 1]["status"] == "identity"
    assert check.run(step).status == "identity"
    assert check.run(step, perturb="scaled").status == "fails"


def test_lemma_38_s_statement_is_rerun_with_the_corrected_radius(lemma38):
    """Step 1's counterexample (the printed A_t) is re-run with the corrigendum's A_t at the
    same instances; the published outcome is shown on the page, beside the failure."""
    step = PUBLISHED["proofs"]["Lemma E.8"][0]
    assert step["status"] == "fails"
    fixed = step["corrected"]
    assert fixed["status"] in ("holds", "fails")
    shown = _step(lemma38, 1)
    assert f"{pages.CORRECTED}** {pages.BADGE[fixed['status']]}" in shown
    assert spec.find("Lemma E.8").steps[0].corrected == "lemma_y:statement_corrected"


def test_the_corrected_radius_is_the_corrigendum_s():
    """The corrigendum's A_t = 8 log(b/δ) + 16 log(t + 1) + d, b² inside the log from the
    printed 8 log(1/(bδ)): they differ by 16 log b."""
    from mines_theory.verification.proofs.models.lemma_y import corrected_radius, radius

    assert corrected_radius(3, 4, 0.1, 2) - radius(3, 4, 0.1, 2) == pytest.approx(16 * math.log(4))


def test_a_corrected_field_needs_an_erratum():
    from mines_theory.verification.proofs.spec import _step

    table = dict(index=1, latex="= a", relation="=", how="identity", checker="m:f",
                 corrected="m:g")  # fmt: skip
    with pytest.raises(ValueError, match="corrected"):
        _step(table, "P", "here")
    assert _step({**table, "erratum": "e"}, "P", "here").corrected == "m:g"


def test_a_holding_step_s_header_and_evidence_name_the_same_false_step(lemma9):
    """Lemma 9's step 11 uses step 10, which fails, and the first false step on its way is step
    9: its header and its evidence both name step 10 (the evidence adds step 9)."""
    step11 = _step(lemma9, 11)
    assert "after step 10, which fails" in step11.splitlines()[0]
    assert (
        "reaches it through step 10, which fails (the first false step on its way is step 9)"
        in step11
    )
    assert "reaches it through step 9, which fails" not in step11


def test_lemma_9_s_step_7_uses_the_line_before_it():
    """In the .tex, step 7's left member is step 6's right side (the chain of one display):
    its uses name it, read with its typo corrected (as step 5's value, which the check takes),
    and the norm bound the line applies; the walk does not reach it through the typo."""
    uses = spec.find("Lemma 5.1").steps[6].uses
    assert uses[0] == "step 5" and "step 6" not in uses
    assert uses[1].startswith("the line before it, step 6's right side, read with")
    assert "spectral norm" in uses[2]


def test_the_walk_s_bound_on_u_is_not_the_paper_s_c2():
    """The paper's c₂ is b − 2√(b log(1/δ)) (eq:c1); the walk's model of Lemma 29 names its
    2d + 2 log(1/δ) r_u: no counterexample and no new finding writes c₂ for it."""
    for step in PUBLISHED["proofs"]["Lemma D.6"]:
        assert "c2" not in (step.get("counterexample") or {}), step["index"]
    assert "c₂ =" not in pages.new_findings()
    assert "r_u" in pages.MEANINGS["Lemma D.6"]


def test_every_count_of_failing_steps_comes_from_one_function():
    """The index's table (relations) and 08d's sentence (every failing step) agree: the sentence
    gives the total and its split, from ``published.failing_steps``, the table's "fails"."""
    kinds = published.failing_steps(PUBLISHED)
    table = sum(row.get("fails", 0) for row in PUBLISHED["coverage"].values())
    assert kinds["relation"] == table
    sentence = published.reconciliation(PUBLISHED)
    total = sum(kinds.values())
    assert sentence.startswith(
        f"Of the walk's {total} failing steps ({kinds['relation']} relations, the table's "
        "“fails”, and "
    )
    assert f"{kinds['re-check']} re-checks of another step's bound" in sentence


def test_the_walk_index_shows_the_walk_s_map():
    index = pages.index_page(PUBLISHED)
    assert f"```{{figure}} {pages.WALK_MAP}" in index
    assert index.index(pages.WALK_MAP) < index.index("## The walked proofs")
    assert published.reconciliation(PUBLISHED) in index


def test_the_proof_maps_pass_rule_9():
    """08a's proof map and 08d's walk map keep their legends off every line (rule 9): neither is
    pending any more, and both break no rule."""
    from mines_theory.plotting.figures import PENDING, set_style
    from mines_theory.plotting.rules import figure_violations
    from mines_theory.verification.views import proofmap

    assert "08-proof-map" not in PENDING and "08-proof-walk-map" not in PENDING
    set_style()
    conclusions = proofmap.node_conclusions(pages.with_slips(PUBLISHED))
    maps = (
        proofmap.draw_proof_map(conclusions, false=proofmap.false_as_printed()),
        proofmap.draw_proof_map(walk=pages.proof_summaries(PUBLISHED)),
    )
    for fig in maps:
        assert figure_violations(fig) == []

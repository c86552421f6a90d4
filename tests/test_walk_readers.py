"""What cold readers of the walk's pages found (walk18), each as a behaviour that can fail: the
walk pages of Lemma 38 (our Lemma E.8) and Lemma 9 (our Lemma 5.1), the walk's counts, the
index's map, the walk's own symbols, and the proof maps under figure rule 9."""

from __future__ import annotations

import math

import numpy as np
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


def test_lemma_38_s_steps_are_its_relation_lines(lemma38):
    """Reader (stop 57): "'for all k ≥ 1' is not a relation"; "a sub-expression ✓ is not a step
    of the proof". Lemma 38's steps are the relation lines of its statement and proof: no step
    is a piece of a quantifier's range or an event inside P(·) checked apart; eq:chi's ∀ β ≥ 1
    and the events of its union stay in their lines' text."""
    steps = PUBLISHED["proofs"]["Lemma E.8"]
    assert len(steps) == 32
    assert len(spec.find("Lemma E.8").steps) == 32
    assert "\\forall\\; \\beta\\ge 1" in _step(lemma38, 2)
    assert "\\exists\\; t \\ge 0, 1 \\le i \\le b" in _step(lemma38, 4)
    assert "range piece" not in lemma38 and "The step is the relation inside" not in lemma38


def test_monte_carlo_margins_read_in_the_relation_s_own_orientation(lemma38):
    """An event's probability checked against its bound reads bound − P(event) (positive where
    it holds), never the engine's negated E[−𝟙]; an = by Monte Carlo gives its relative
    difference, never a negative margin on a step that holds; the page says so once."""
    lemma26 = pages.proof_page("Lemma D.3", PUBLISHED)
    step1 = _step(lemma26, 1)  # P(the event of eq:gd_low fails) ≤ δ, holds
    assert "P(event) is below its bound by" in step1
    assert "E[left side] exceeds the right side" not in step1
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


@pytest.mark.parametrize("index", [9, 10, 12, 13])
def test_lemma_38_s_moment_identities_are_exact(index):
    """Steps 9, 10, 12 and 13 of Lemma 38 hold with equality: closed forms (sympy) show it, so
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
    """The erratum's A_t = 8 log(b/δ) + 16 log(t + 1) + d on its range d ≤ 9x, b² inside the
    log from the printed 8 log(1/(bδ)): they differ by 16 log b; beyond it (reader E, stop 59:
    the re-run tested the erratum's A_t outside its range) the corrigendum's d + 2√(dx) + 2x."""
    from mines_theory.verification.proofs.models.lemma_y import corrected_radius, radius

    assert corrected_radius(3, 4, 0.1, 2) - radius(3, 4, 0.1, 2) == pytest.approx(16 * math.log(4))
    x = math.log(4 / 0.3)  # d = 50 > 9x at t = 0
    laurent_massart = 50 + 2 * math.sqrt(50 * x) + 2 * x
    assert corrected_radius(50, 4, 0.3, 0) == pytest.approx(laurent_massart)


def test_lemma_38_s_rerun_is_not_trivial_on_either_side_of_the_erratum_s_range():
    """Reader E, stop 59: the re-run's one non-trivial pass was for an A_t outside its range.
    Its instances now include both sides of d ≤ 9x with some Y ≠ 0 (P_Y, exact)."""
    from mines_theory.verification.proofs.models import lemma_y

    seen = set()
    for seed in range(40):
        e = lemma_y.statement_corrected(np.random.default_rng(seed))
        d, b, delta = e.describe["d"], e.describe["b"], e.describe["delta"]
        inside = d <= 9 * math.log(b / delta)
        if e.describe["P_Y"] > 0.01:
            seen.add(inside)
    assert seen == {True, False}


def test_lemma_9_s_step_9_fails_at_delta_a_tenth():
    """Reader E, stop 59: both counterexamples had δ near 1; the reading's δ = 0.1 instance."""
    from mines_theory.verification.proofs.models.lemma9 import constants, replace_step_sides

    c1 = constants(4, 12, 0.1)[0]
    lhs, rhs = replace_step_sides(tau=0.2424, zeta=936.4, L=0.2638, c1=c1, a=12.87, n=29.51, m=2802)
    assert 2802 <= c1 / 0.2424 * 29.51  # on eq:smax's event
    assert (round(c1, 1), round(lhs, 4), round(rhs, 5)) == (62.6, 0.0523, -0.00226)
    assert "at δ = 0.1 (c₁ = 62.6" in spec.find("Lemma 5.1").steps[8].reason


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
    gives the total, from ``published.failing_steps``, the table's "fails"."""
    failing = published.failing_steps(PUBLISHED)
    table = sum(row.get("fails", 0) for row in PUBLISHED["coverage"].values())
    assert failing == table
    sentence = published.reconciliation(PUBLISHED)
    assert sentence.startswith(f"Of the walk's {failing} failing steps (the table's “fails”), ")


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


def test_lemma_9_s_failing_steps_show_a_counterexample_inside_the_paper_s_regime(lemma9):
    """Reader (stop 57): Lemma 9's walk tests counterexamples inside the paper's regime (Remark
    13's ζ ≥ L, τ ≤ σ: τ ≤ L ≤ ζ) but its page showed only the worst, with τ > L. Where the
    counterexample shown lies outside the regime, the walk publishes the worst failing random
    instance inside it, and the page shows it beside the other, its values read from the data."""
    regime = spec.find("Lemma 5.1").regime
    assert regime == ("tau", "L", "zeta")
    shown = 0
    for step in PUBLISHED["proofs"]["Lemma 5.1"]:
        outside = check.in_regime(step["counterexample"] or {}, regime) is False
        if step["status"] != "fails" or not outside:
            assert "inside" not in step, step["index"]
            continue
        inside = step["inside"]
        assert check.in_regime(inside, regime) and inside["lhs"] > inside["rhs"], step["index"]
        said = pages.inside_words("Lemma 5.1", inside, step["relation"])
        assert said in _step(lemma9, step["index"])
        assert f"τ = {pages.number(inside['tau'])}" in said
        shown += 1
    assert shown == 2  # steps 9 and 10


def test_a_regime_is_declared_with_where_the_paper_sets_it(tmp_path):
    head = '[proof]\nname = "X"\nprinted = "Y"\nlabel = "z"\nanchor = "a"\ncomplete = false\n'
    head += 'hypotheses = "h"\n'
    for extra, match in (
        ('regime = ["tau"]\nregime_from = "r"\n', "two or more names"),
        ('regime = ["tau", "L"]\n', "go together"),
        ('regime_from = "r"\n', "go together"),
    ):
        path = tmp_path / "bad.toml"
        path.write_text(head + extra)
        with pytest.raises(ValueError, match=match):
            spec.load(path)
    path.write_text(head + 'regime = ["tau", "L"]\nregime_from = "r"\n')
    assert spec.load(path).regime == ("tau", "L")

"""Theorem 5.4 repaired decided on synthetic data, no run (issue 43 §2): eq:lxi (either of its
bounds, at one step of one seed) and the final rate each alone fail it; the share of seeds
outside against δ on both sides, with few seeds and with enough for the one-sided test. With
γ > 0: each stage's per-step test and the certified entry each alone fail it."""

import math

import numpy as np
import pytest

from mines_theory.verification.claims.repaired.section5_stages import (
    decide_theorem54_nonquadratic_repaired,
)
from mines_theory.verification.claims.repaired.section5 import (
    outside_eq_lxi,
    theorem54_repaired_status,
)
from mines_theory.verification.framework.stats import trials_needed
from mines_theory.verification.framework.verdict import Status, Undecidable

DELTA = 0.1


def steps(curvature=None, xi=None):
    """Three seeds × four steps, 𝓛_k = 2 ≤ 3 and ξ_k = 1 ≥ 0.5; (step, value) overrides."""
    seed = np.repeat([0, 1, 2], 4)
    c, x = np.full(12, 2.0), np.full(12, 1.0)
    if curvature is not None:
        c[curvature[0]] = curvature[1]
    if xi is not None:
        x[xi[0]] = xi[1]
    return outside_eq_lxi(c, x, np.full(12, 3.0), np.full(12, 0.5), seed)


def test_outside_eq_lxi_by_either_bound_at_one_step():
    assert not steps().any()
    assert steps(curvature=(5, 3.01)).tolist() == [False, True, False]  # 𝓛 alone, seed 1
    assert steps(xi=(11, 0.49)).tolist() == [False, False, True]  # ξ alone, seed 2
    assert not steps(curvature=(5, 3.0), xi=(11, 0.5)).any()  # on the bounds: inside


@pytest.mark.parametrize(
    "outside, seeds, low, status",
    [
        (0, 8, 0.02, Status.HOLDS),
        (1, 8, 0.02, Status.FAILS),  # too few seeds for the test: none may be outside
        (0, 8, 0.01, Status.FAILS),  # the final rate alone: its interval reaches the promise
        (12, 100, 0.02, Status.HOLDS),  # 12% of 100 seeds: not beyond δ by the test
        (26, 100, 0.02, Status.HOLDS),  # 26%: the exact tail 4.1·10⁻⁶ is not beyond δ
        (29, 100, 0.02, Status.FAILS),  # 29%: tail 9.4·10⁻⁸, beyond δ
    ],
)
def test_the_status_needs_eq_lxi_and_the_final_rate(outside, seeds, low, status):
    assert trials_needed(DELTA) == 100
    assert theorem54_repaired_status(outside, seeds, low, 0.01, DELTA) is status


def test_nan_decides_nothing():
    with pytest.raises(Undecidable):
        theorem54_repaired_status(0, 8, float("nan"), 0.01, DELTA)


# ---------------------------------------------------------------------------------------------
# Theorem 5.4 repaired, γ > 0: decide_theorem54_nonquadratic_repaired

TESTS = {("repaired", "A", 1): True, ("repaired", "A", 2): True, ("repaired", "B", 1): True}
ENTER = np.array([150, 206, 180])


def test_gamma_positive_holds_with_every_stage_and_an_entry_not_too_early():
    status, latest = decide_theorem54_nonquadratic_repaired(TESTS, 250.0, ENTER, 1500)
    assert (status, latest) == (Status.HOLDS, 206)


@pytest.mark.parametrize("key", list(TESTS))
def test_gamma_positive_one_stage_failing_alone_fails(key):
    outcomes = {**TESTS, key: False}
    assert decide_theorem54_nonquadratic_repaired(outcomes, 250.0, ENTER, 1500)[0] is (Status.FAILS)


@pytest.mark.parametrize("switch, status", [(206.0, Status.HOLDS), (205.9, Status.FAILS)])
def test_gamma_positive_a_certified_entry_before_the_latest_fails_alone(switch, status):
    assert decide_theorem54_nonquadratic_repaired(TESTS, switch, ENTER, 1500)[0] is status


def test_gamma_positive_does_not_decide_on_a_straddle_no_certificate_or_no_entry():
    with pytest.raises(Undecidable, match="straddles"):
        decide_theorem54_nonquadratic_repaired(
            {**TESTS, ("repaired", "B", 1): None}, 250.0, ENTER, 1500
        )
    with pytest.raises(Undecidable, match="certifies no entry"):
        decide_theorem54_nonquadratic_repaired(TESTS, math.inf, ENTER, 1500)
    with pytest.raises(Undecidable, match="never entered"):
        decide_theorem54_nonquadratic_repaired(TESTS, 250.0, np.array([150, 1501]), 1500)


# ---------------------------------------------------------------------------------------------
# The declared qualifiers "union-bound form vacuous" and "loose" (ledger18: cold readers found
# Thm 5.4, repaired "holds" with no sign that its union-bound form promises nothing, and the
# repaired Lemmas D.2, D.4, D.7 thousands of times loose with no qualifier)
# ---------------------------------------------------------------------------------------------


def _c2(b: int, delta: float) -> float:
    """c₂ of eq:c1, b − 2√(b log(1/δ)), typed here from the paper (independent of the code)."""
    return b - 2 * math.sqrt(b * math.log(1 / delta))


@pytest.mark.parametrize("b, vacuous", [(20, True), (400, False)])
def test_the_union_bound_form_is_vacuous_exactly_where_c2_is_not_positive(b, vacuous):
    """At Thm 5.4's run (d = 10, b = 20, δ = 0.1, K = 1500) the theorem's N = (K − 1)(b + 2) +
    π²/3 − 9/4 δ-events leave c₂ ≤ 0 at δ/N; a batch of 400 (the alternative) leaves c₂ > 0."""
    from mines_theory.verification.claims.repaired.common import union_bound_form
    from mines_theory.verification.framework.verdict import VACUOUS_QUALIFIER

    events = (1500 - 1) * (b + 2) + math.pi**2 / 3 - 9 / 4
    c2, qualifier = union_bound_form(
        d=10, b=b, delta=DELTA, events=events, events_words="N", result="theorem"
    )
    assert c2.value == pytest.approx(_c2(b, DELTA / events), rel=1e-12)
    assert qualifier.name == VACUOUS_QUALIFIER and qualifier.outcome is vacuous


def test_the_repaired_theorem54_publishes_its_void_union_bound_form():
    """The published row carries the qualifier, and its c₂ at δ/N is the paper's closed form
    at the run's settings (so the qualifier is computed, not asserted)."""
    from mines_theory.verification.claims.section5.mean import LEMMA52
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.verdict import VACUOUS_QUALIFIER

    verdict = ledger.published()["Thm 5.4, repaired"]
    events = (LEMMA52.iterations - 1) * (LEMMA52.b + 2) + math.pi**2 / 3 - 9 / 4
    c2 = next(m for m in verdict.measurements if m.name == "c2_union")
    assert c2.value == pytest.approx(_c2(LEMMA52.b, LEMMA52.delta / events), rel=1e-9)
    outcome = {q.name: q.outcome for q in verdict.qualifiers}[VACUOUS_QUALIFIER]
    assert outcome is (c2.value <= 0)


@pytest.mark.parametrize("b, vacuous", [(10, True), (400, False)])
def test_lemma52s_union_bound_form_is_vacuous_exactly_where_c2_is_not_positive(b, vacuous):
    """Lemma 5.2 (PDF Lemma 10) spends b + 2 δ-events per step: at the logistic run's b = 10,
    δ = 0.1, c₂ at δ/12 is 10 − 2√(10 log 120) ≈ −3.8 (void); a batch of 400 (the
    alternative) leaves c₂ > 0."""
    from mines_theory.verification.claims.repaired.common import union_bound_form
    from mines_theory.verification.framework.verdict import VACUOUS_QUALIFIER

    c2, qualifier = union_bound_form(
        d=2, b=b, delta=DELTA, events=b + 2, events_words="b + 2", result="lemma"
    )
    assert c2.value == pytest.approx(_c2(b, DELTA / (b + 2)), rel=1e-12)
    assert qualifier.name == VACUOUS_QUALIFIER and qualifier.outcome is vacuous


@pytest.mark.parametrize("row", ["Lemma 5.2, repaired", "Lemma 5.2, repaired, γ > 0"])
def test_both_rows_of_the_repaired_lemma52_publish_their_union_bound_form(row):
    """One rule for both rows of Lemma 5.2 repaired (γ = 0 and γ > 0): each publishes c₂ at
    δ/(b + 2), the paper's closed form at its run's b and δ, and the qualifier "union-bound form
    vacuous" with the same criterion, whose outcome is c₂ ≤ 0 (so its conclusion is
    "untested" exactly where its union-bound form promises nothing)."""
    from mines_theory.verification.claims.section5.mean import LEMMA52
    from mines_theory.verification.claims.section5.nonquadratic import NQ_LEMMA52
    from mines_theory.verification.framework import ledger
    from mines_theory.verification.framework.verdict import VACUOUS_QUALIFIER
    from mines_theory.verification.views import report

    run = NQ_LEMMA52 if row.endswith("γ > 0") else LEMMA52
    published = ledger.published()
    verdict = published[row]
    c2 = next(m for m in verdict.measurements if m.name == "c2_union")
    assert c2.value == pytest.approx(_c2(run.b, run.delta / (run.b + 2)), rel=1e-9)
    qualifier = next(q for q in verdict.qualifiers if q.name == VACUOUS_QUALIFIER)
    assert qualifier.outcome is (c2.value <= 0)
    other = published["Lemma 5.2, repaired"].qualifier(VACUOUS_QUALIFIER)
    assert qualifier.criterion == other.criterion
    untested = report.repaired_conclusion(verdict) is report.Conclusion.UNTESTED
    assert untested is (c2.value <= 0)


@pytest.mark.parametrize("factor, loose", [(3.0, False), (9.0, False), (40.0, True)])
def test_loose_flips_at_its_declared_factor(factor, loose):
    """``exceedance_verdict(loose=True)`` on 400 draws of |N(0, 1)|, the bound ``factor`` times
    their 90% quantile (the alternative: a bound within 10× of the data is not loose)."""
    from mines_theory.verification.claims.repaired.common import exceedance_verdict
    from mines_theory.verification.framework.decisions import LOOSE

    values = np.abs(np.random.default_rng(5).standard_normal(400))
    bound = factor * np.quantile(values, 0.9)
    verdict = exceedance_verdict(values, bound, allowed=0.1, what="x", loose=True)
    assert LOOSE == 10
    assert verdict.status is Status.HOLDS
    assert {q.name: q.outcome for q in verdict.qualifiers}["loose"] is loose


@pytest.mark.parametrize("row", ["Lemma D.2", "Lemma D.4", "Lemma D.5", "Lemma D.7"])
def test_the_repaired_appendix_d_bounds_say_they_are_loose(row):
    from mines_theory.verification.framework.decisions import LOOSE
    from mines_theory.verification.framework import ledger

    verdict = ledger.published()[f"{row}, repaired"]
    looseness = next(m for m in verdict.measurements if m.name == "looseness")
    assert {q.name: q.outcome for q in verdict.qualifiers}["loose"] is (
        looseness.interval[0] >= LOOSE
    )


@pytest.mark.parametrize("factor, untestable", [(50.0, False), (99.0, False), (101.0, True)])
def test_too_loose_to_be_tested_is_the_printed_rows_rule(factor, untestable):
    """``exceedance_verdict(loose=True)`` declares "too loose to be tested" by the rule of the
    printed bounds (``decisions.too_loose_to_test``): the largest value/bound ≤ 10⁻², here a
    bound ``factor`` times the largest of 400 draws (the alternative: a bound some draw comes
    within 100× of is tested)."""
    from mines_theory.verification.claims.repaired.common import exceedance_verdict
    from mines_theory.verification.framework.decisions import UNTESTABLE

    values = np.abs(np.random.default_rng(6).standard_normal(400))
    verdict = exceedance_verdict(values, factor * values.max(), allowed=0.1, what="x", loose=True)
    assert UNTESTABLE == 1e-2
    assert verdict.qualifier("too loose to be tested").outcome is untestable


@pytest.mark.parametrize("row", ["Lemma D.2", "Lemma D.4", "Lemma D.5", "Lemma D.7"])
def test_a_repaired_row_is_untested_by_the_rule_of_the_printed_rows(row):
    """The published repaired rows of Appendix D carry "too loose to be tested" exactly where
    the rule, on the scale of the norm bounded, says so: D.2, D.4 and D.7 bound squared norms
    (their criterion takes the square root), D.5 a norm. D.4's bound is 2× the square of D.5's
    on these batches (looseness 5754 ≈ 2 × 53.6²) and gets D.5's answer; only D.7 (√ of its
    looseness ≈ 1700) is untested."""
    from mines_theory.verification.framework import ledger

    verdict = ledger.published()[f"{row}, repaired"]
    qualifier = verdict.qualifier("too loose to be tested")
    assert ("√(measured/bound)" in qualifier.criterion) is (row != "Lemma D.5")
    assert qualifier.outcome is (row == "Lemma D.7")


@pytest.mark.parametrize("ratio", [1 / 5, 1 / 50, 1 / 99, 1 / 101, 1 / 1000])
def test_too_loose_to_test_answers_a_norm_and_its_square_alike(ratio):
    """A norm at ``ratio`` of its bound and its square at ``ratio``² of the bound's square get
    one answer; the alternative the rule rules out, the squared scale judged as a norm, answers
    Yes for the square where the norm's answer is No (ratios between 10⁻² and 10⁻¹)."""
    from mines_theory.verification.framework.decisions import UNTESTABLE, too_loose_to_test

    norm = too_loose_to_test(ratio).outcome
    assert too_loose_to_test(ratio**2, power=2).outcome is norm is (ratio <= UNTESTABLE)
    squared_scale = too_loose_to_test(ratio**2).outcome
    assert squared_scale is (ratio <= 0.1)
    assert (squared_scale != norm) is (UNTESTABLE < ratio <= 0.1)


@pytest.mark.parametrize("factor", [3.0, 30.0, 99.0, 101.0, 3000.0])
def test_a_repaired_verdict_on_a_norm_and_on_its_square_agree(factor):
    """``exceedance_verdict`` on 400 norms against a bound ``factor`` times their largest, and
    on their squares against the bound's square (``power=2``): the same status and the same
    answers to "loose" and "too loose to be tested"; on the squared scale without ``power``
    (the alternative), "too loose to be tested" flips for 10 < factor < 100."""
    from mines_theory.verification.claims.repaired.common import exceedance_verdict

    norms = np.abs(np.random.default_rng(7).standard_normal(400)) + 0.1
    bound = factor * norms.max()
    on_norm = exceedance_verdict(norms, bound, allowed=0.1, what="x", loose=True)
    on_square = exceedance_verdict(norms**2, bound**2, allowed=0.1, what="x", loose=True, power=2)
    unjudged = exceedance_verdict(norms**2, bound**2, allowed=0.1, what="x", loose=True)

    def answers(v):
        return v.status, [(q.name, q.outcome) for q in v.qualifiers]

    assert answers(on_norm) == answers(on_square)
    assert on_norm.qualifier("too loose to be tested").outcome is (factor >= 100)
    flips = unjudged.qualifier("too loose to be tested").outcome != (factor >= 100)
    assert flips is (10 < factor < 100)

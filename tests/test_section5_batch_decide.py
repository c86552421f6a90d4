"""Remark 5.6 (PDF Remark 14) decided on synthetic rates, no run (issue 43 §2): "a larger batch
improves the rate", "the bound lies below every measured rate" and the remark's second sentence,
"a larger batch improves the covariance's rate", each alone fail it, and each qualifier flips on
either side of its criterion."""

import pytest

from mines_theory.verification.claims.section5.theorem54 import (
    COVARIANCE_SMALLER,
    decide_batch_remark,
)
from mines_theory.verification.framework.verdict import Kind, Measurement, Status

SHAPES = [(10, 5), (10, 10), (10, 20), (20, 20)]
BELOW = "bound below measurement"
ITERATION = "per iteration faster with larger b"
EVALUATION = "per evaluation faster with larger b"
RATIO = "a function of b/d alone"
#: k·E‖Σ_k⁻¹ − H‖² at b = 2, 5, 20 falling like 1/b (the runs': 11100, 4200, 1100)
FALLING = (11000.0, 4400.0, 1100.0)


def rate(value, half=0.001):
    return Measurement("rate", value, half, Kind.INTERVAL, (value - half, value + half))


def covariance(values=FALLING, half=1000.0):
    return [(b, rate(v, half)) for b, v in zip((2, 5, 20), values)]


def decide(
    values=(0.02, 0.045, 0.09, 0.045),
    bounds=(0.001, 0.001, None, 0.001),
    half=0.001,
    constants=FALLING,
):
    """Rates at d = 10, b = 5, 10, 20 rising faster than 2b + 1, and at d = 20, b = 20 (b/d =
    1, as d = 10, b = 10) equal to that of d = 10, b = 10; covariance constants ``constants``
    at b = 2, 5, 20 (±1000)."""
    status, qualifiers = decide_batch_remark(
        SHAPES, [rate(v, half) for v in values], list(bounds), covariance=covariance(constants)
    )
    return status, {q.name: q.outcome for q in qualifiers}


def test_every_part_met_holds():
    status, outcomes = decide()
    assert status is Status.HOLDS and all(outcomes.values())


def test_overlapping_intervals_at_d_10_fail_it_alone():
    """b = 10 and b = 20 at d = 10 with intervals that overlap: not faster per iteration."""
    status, outcomes = decide(values=(0.02, 0.045, 0.0465, 0.045))
    assert status is Status.FAILS
    assert not outcomes[ITERATION] and outcomes[BELOW] and outcomes[RATIO]


def test_a_bound_above_one_rate_fails_it_alone():
    status, outcomes = decide(bounds=(0.001, 0.05, None, 0.001))  # above b = 10's 0.045
    assert status is Status.FAILS
    assert not outcomes[BELOW] and outcomes[ITERATION]


@pytest.mark.parametrize(
    "constants", [(4400.0, 4400.0, 4400.0), (11000.0, 4400.0, 3500.0), (1100.0, 4400.0, 11000.0)]
)
def test_a_covariance_constant_that_does_not_fall_with_b_fails_it_alone(constants):
    """The alternative to the remark's second sentence: a constant of C/k independent of b,
    one whose last two intervals (±1000) overlap, and one rising with b."""
    status, outcomes = decide(constants=constants)
    assert status is Status.FAILS
    assert not outcomes[COVARIANCE_SMALLER] and outcomes[ITERATION] and outcomes[BELOW]


@pytest.mark.parametrize("last, smaller", [(2399.0, True), (2401.0, False)])
def test_the_covariance_on_both_sides_of_touching_intervals(last, smaller):
    """b = 5 at 4400 ± 1000 and b = 20 at ``last`` ± 1000: apart below 2400, overlapping above."""
    outcomes = decide(constants=(11000.0, 4400.0, last))[1]
    assert outcomes[COVARIANCE_SMALLER] is smaller


def test_a_bound_where_c2_is_not_positive_is_not_compared():
    assert decide(bounds=(0.001, 0.001, None, None))[0] is Status.HOLDS


def test_per_evaluation_and_b_over_d_flip_alone():
    # rate/(2b + 1) falls from b = 10 to 20 (0.0021 → 0.0015), per iteration still faster
    status, outcomes = decide(values=(0.02, 0.045, 0.06, 0.045))
    assert status is Status.HOLDS and not outcomes[EVALUATION] and outcomes[ITERATION]
    # d = 20, b = 20 well apart from d = 10, b = 10 at the same b/d
    status, outcomes = decide(values=(0.02, 0.045, 0.09, 0.03))
    assert status is Status.HOLDS and not outcomes[RATIO]


@pytest.mark.parametrize("gap, increasing", [(0.0021, True), (0.0019, False)])
def test_per_iteration_on_both_sides_of_touching_intervals(gap, increasing):
    """Intervals of half-width 0.001: apart by 0.0021 lie above each other, by 0.0019 overlap."""
    outcomes = decide(values=(0.02, 0.045, 0.045 + gap + 0.0, 0.045))[1]
    assert outcomes[ITERATION] is increasing


def test_the_summary_says_what_was_tested_as_it_came_out():
    """Cold readers found "holds" beside two answers No: the summary opens with the two parts
    the status rests on and the two readings beyond the remark, each as it came out, so the
    words move with the outcomes (the alternative: a fixed sentence)."""
    from mines_theory.verification.claims.section5.theorem54 import describe_batch_remark

    _, qualifiers = decide_batch_remark(
        SHAPES,
        [rate(v) for v in (0.02, 0.045, 0.06, 0.03)],
        [0.001, 0.001, None, 0.001],
        covariance=covariance(),
    )
    said = describe_batch_remark(qualifiers)
    assert "a larger b gives a faster early contraction per iteration" in said
    assert "a larger b gives a smaller constant" in said
    assert "not faster per evaluation" in said and "not a function of b/d alone" in said
    _, qualifiers = decide_batch_remark(
        SHAPES,
        [rate(v) for v in (0.02, 0.045, 0.0465, 0.045)],
        [0.001, 0.05, None, 0.001],
        covariance=covariance((4400.0,) * 3),
    )
    said = describe_batch_remark(qualifiers)
    assert "does not give a faster" in said and "does not lie below" in said
    assert "does not give a smaller constant" in said
    assert "not a function of b/d alone" not in said

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

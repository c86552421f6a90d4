"""The MiNES demo decided on synthetic outcomes, no run (issue 43 §2): every run reaching the
target and the preconditioner learned each alone fail it, on either side of its criterion."""

import numpy as np
import pytest

from mines_theory.verification.claims.section5.findings import LEARNED_CONDITION, decide_demo
from mines_theory.verification.framework.verdict import Status, Undecidable


def decide(reached=8, cond=(1.2, 1.5, 1.9, 2.0, 1.1, 1.4, 3.0, 1.3)):
    status, qualifiers = decide_demo(
        reached, np.array(cond), seeds=8, target=1e-6, budget=1000, condition=100.0
    )
    return status, [q.outcome for q in qualifiers]


def test_both_met_holds():
    assert decide() == (Status.HOLDS, [True, True])


def test_one_run_short_of_the_target_fails_alone():
    assert decide(reached=7) == (Status.FAILS, [False, True])


@pytest.mark.parametrize("median, learned", [(LEARNED_CONDITION, True), (2.01, False)])
def test_the_median_condition_on_both_sides(median, learned):
    cond = np.full(8, median)
    cond[:3] = 50.0  # the median, not the mean, decides
    cond[3:] = median
    status, outcomes = decide(cond=cond)
    assert outcomes == [True, learned]
    assert status is (Status.HOLDS if learned else Status.FAILS)


def test_nan_decides_nothing():
    with pytest.raises(Undecidable):
        decide(cond=(1.0, np.nan) * 4)

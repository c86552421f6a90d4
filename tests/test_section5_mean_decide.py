"""Lemmas 5.1 and 5.2 (γ = 0, PDF Lemmas 9 and 10) decided on synthetic per-step ratios, no run
(issue 43 §2): the share of steps above the bound against δ on both sides, "loose" on both
sides, the uncounted steps ignored, and too few seeds refused."""

import numpy as np
import pytest

from mines_theory.verification.claims.section5.mean import decide_per_step
from mines_theory.verification.framework.decisions import LOOSE
from mines_theory.verification.framework.verdict import Status, Undecidable

STEPS, SEEDS, DELTA = 200, 10, 0.1


def ratios(above_share, measured=0.5, bound=0.99):
    """Every seed: a share ``above_share`` of its steps at ratio 0.995 (> ``bound``), the
    others at 1 − ``measured``."""
    R = np.full((STEPS, SEEDS), 1 - measured)
    R[: int(round(above_share * STEPS))] = 0.995
    return R, np.ones(R.shape, bool), bound


@pytest.mark.parametrize("share, status", [(0.1, Status.HOLDS), (0.105, Status.FAILS)])
def test_the_share_above_the_bound_against_delta(share, status):
    got, (violations, _, _), _ = decide_per_step(*ratios(share), delta=DELTA)
    assert violations.value == pytest.approx(share)
    assert got is status


def test_steps_outside_the_mask_do_not_count():
    R, M, bound = ratios(0.3)
    M[: int(0.3 * STEPS)] = False  # the steps above the bound are below the rounding floor
    assert decide_per_step(R, M, bound, delta=DELTA)[0] is Status.HOLDS


@pytest.mark.parametrize("factor, loose", [(1.01, True), (0.99, False)])
def test_loose_on_both_sides(factor, loose):
    """Promised contraction 0.01 (bound 0.99); measured median exactly LOOSE·0.01·factor."""
    R, M, bound = ratios(0.0, measured=LOOSE * 0.01 * factor)
    status, _, qualifiers = decide_per_step(R, M, bound, delta=DELTA)
    assert status is Status.HOLDS and qualifiers[0].outcome is loose


def test_one_seed_or_a_seed_without_a_counted_step_does_not_decide():
    R, M, bound = ratios(0.0)
    with pytest.raises(Undecidable):
        decide_per_step(R[:, :1], M[:, :1], bound, delta=DELTA)
    M[:, 3] = False
    with pytest.raises(Undecidable):
        decide_per_step(R, M, bound, delta=DELTA)


def test_loose_reads_the_lower_end_of_the_interval():
    """Six seeds contract at 1.2·LOOSE times the promise, four at 0.5·LOOSE: the median is
    loose, the lower end of its interval over seeds is not."""
    R, M, bound = ratios(0.0)
    per_seed = LOOSE * 0.01 * np.array([0.5] * 4 + [1.2] * 6)
    R[:] = 1 - per_seed
    _, (_, _, measured), qualifiers = decide_per_step(R, M, bound, delta=DELTA)
    assert measured.value >= LOOSE * 0.01 > measured.interval[0]
    assert not qualifiers[0].outcome

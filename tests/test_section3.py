"""Section 3's checks: what they report where the theorems' hypotheses do not hold."""

import numpy as np

from mines_theory.bounds import alpha_condition
from mines_theory.objectives import synthetic_logistic
from mines_theory.verification import section3
from mines_theory.verification.verdict import Status


def test_theorem34_without_an_admissible_alpha_reports_hypotheses_not_met():
    """eq:alp_cond allows only small α (its bound is computed here for the 1-D logistic
    objective): a grid of larger α has no point where Theorem 3.4 speaks."""
    f = synthetic_logistic(1)
    largest = alpha_condition(d=1, sigma=f.sigma, gamma=f.gamma, tau=f.sigma / 2, zeta=2 * f.L)
    sweep = section3.AlphaSweep(dim=1, alphas=(10 * largest, 0.1, 1.0), degree=20, small=1.0)
    verdict = section3.check_theorem34(sweep)
    assert verdict.status is Status.HYPOTHESES_NOT_MET
    assert verdict["valid"].value == 0


def test_sweep_slope_is_the_loglog_fit_of_its_columns():
    sweep = section3.SECTION3_SWEEP_1D
    _, df = sweep.run()
    small = df.alpha <= sweep.small
    expected = np.polyfit(np.log(df.alpha[small]), np.log(df.distance_sq[small]), 1)[0]
    assert abs(sweep.slope("distance_sq") - expected) < 1e-12

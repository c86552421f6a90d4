"""Section 3's checks: what they report where the theorems' hypotheses do not hold."""

import numpy as np
import pytest

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


def test_kinked_fixed_point_is_the_minimizer_of_q_alpha():
    """The closed-form fixed point of KinkedSweep against the library's minimizer of Q_α (Newton in
    μ and the KKT fixed point in Σ, with a fine trapezoid rule for the kinked integrand), at
    α = 0.05: Σ̂* agrees to 1e-6 and μ̂* = 0 (symmetry)."""
    from mines_theory.objectives import KinkedHessian1D
    from mines_theory.regularized import GaussianRule, minimize_regularized

    nodes = np.linspace(-12, 12, 48_001)
    weights = np.exp(-nodes**2 / 2)
    rule = GaussianRule(nodes[:, None], weights / weights.sum())
    sweep = section3.KINKED
    result = minimize_regularized(KinkedHessian1D(), 0.05, tau=sweep.tau, zeta=sweep.zeta, rule=rule)
    assert abs(result.mean[0]) < 1e-9
    assert result.sigma[0, 0] == pytest.approx(sweep.sigma_hat(0.05), abs=1e-6)


def test_smoothed_curvature_against_quadrature():
    import scipy.integrate

    for a in (0.01, 0.3, 2.0):
        density = lambda u: min(a * abs(u), 1.0) * np.exp(-u * u / 2) / np.sqrt(2 * np.pi)  # noqa: E731
        value = 2 * sum(scipy.integrate.quad(density, lo, hi)[0]
                        for lo, hi in [(0.0, 1.0 / a), (1.0 / a, np.inf)])
        assert section3.KinkedSweep.smoothed_curvature(a) == pytest.approx(value, rel=1e-9)

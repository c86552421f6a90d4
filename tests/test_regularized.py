"""The regularized objective Q_α and its constrained minimizer (Section 3)."""

import numpy as np
import pytest
import scipy.optimize
from scipy.linalg import expm

from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.problems.objectives import log_cosh_1d
from mines_theory.problems.logistic import synthetic_logistic
from mines_theory.linalg.spd import project_eigenvalues
from mines_theory.theory.regularized import (
    GaussianRule,
    alpha_sweep,
    minimize_regularized,
    minimize_sigma_given_mean,
    regularized_objective,
    smoothed,
)


def test_quadrature_is_exact_for_a_quadratic():
    f = RotatedEllipsoid(2, 10.0, seed=1, minimizer=np.array([1.0, -1.0]))
    mu, sigma = np.array([0.3, 0.2]), np.array([[2.0, 0.5], [0.5, 1.0]])
    exact = regularized_objective(f, mu, sigma, 0.7)  # eq:J_quad
    quad = regularized_objective(f, mu, sigma, 0.7, GaussianRule.gauss_hermite(2, 4))
    assert quad == pytest.approx(exact, rel=1e-13)


def test_quadrature_against_monte_carlo_with_common_random_numbers():
    f = synthetic_logistic(2)
    mu, sigma = f.minimizer + 0.3, np.array([[1.0, 0.2], [0.2, 0.5]])
    quad = smoothed(f, mu, sigma, 0.8, GaussianRule.gauss_hermite(2, 30))[0]
    rule = GaussianRule.monte_carlo(2, 200_000, seed=3)
    X = mu + 0.8 * rule.nodes @ np.linalg.cholesky(sigma).T
    values = f(X)
    assert abs(values.mean() - quad) <= 5 * values.std() / np.sqrt(values.size)


def test_smoothed_derivatives_by_finite_differences():
    f = synthetic_logistic(2)
    rule = GaussianRule.gauss_hermite(2, 30)
    mu, sigma = f.minimizer + np.array([0.2, -0.1]), np.array([[0.6, 0.1], [0.1, 0.4]])
    _, g, H = smoothed(f, mu, sigma, 0.5, rule, derivatives=2)
    for i, e in enumerate(np.eye(2)):
        plus = smoothed(f, mu + 1e-6 * e, sigma, 0.5, rule, derivatives=1)
        minus = smoothed(f, mu - 1e-6 * e, sigma, 0.5, rule, derivatives=1)
        assert (plus[0] - minus[0]) / 2e-6 == pytest.approx(g[i], rel=1e-6, abs=1e-9)
        np.testing.assert_allclose((plus[1] - minus[1]) / 2e-6, H[i], rtol=1e-5, atol=1e-8)


def test_minimizer_against_a_generic_optimizer():
    """The fixed-point solution against L-BFGS-B over (μ, Σ = Q diag(λ) Qᵀ, λ ∈ [ζ⁻¹, τ⁻¹])
    on the 2-D synthetic logistic objective, α = 0.5, with the constraint active."""
    f = synthetic_logistic(2)
    rule = GaussianRule.gauss_hermite(2, 30)
    tau, zeta, alpha = 0.8, 1.2, 0.5  # ∇²f(μ*) has eigenvalues outside
    result = minimize_regularized(f, alpha, tau=tau, zeta=zeta, rule=rule)

    def unpack(x):
        Q = expm(np.array([[0.0, x[4]], [-x[4], 0.0]]))
        return x[:2], (Q * x[2:4]) @ Q.T

    x0 = np.concatenate([f.minimizer, [1.0, 1.0], [0.0]])
    sol = scipy.optimize.minimize(
        lambda x: regularized_objective(f, *unpack(x), alpha, rule),
        x0,
        method="L-BFGS-B",
        bounds=[(None, None)] * 2 + [(1 / zeta, 1 / tau)] * 2 + [(None, None)],
        options={"ftol": 1e-15, "gtol": 1e-11, "maxiter": 5000},
    )
    mu_g, sigma_g = unpack(sol.x)
    assert regularized_objective(f, result.mean, result.sigma, alpha, rule) <= sol.fun + 1e-12
    np.testing.assert_allclose(result.mean, mu_g, atol=1e-5)
    np.testing.assert_allclose(result.sigma, sigma_g, atol=1e-4)
    w = np.linalg.eigvalsh(result.sigma)
    assert w[0] >= 1 / zeta - 1e-12 and w[-1] <= 1 / tau + 1e-12
    assert result.gradient_norm < 1e-12 and result.fixed_point_residual < 1e-12


def test_symmetric_objective_keeps_its_minimizer():
    """log cosh is even about x*, so Gaussian smoothing keeps μ̂* = μ* exactly (why Section 3
    experiments use the asymmetric logistic objective)."""
    f = log_cosh_1d(a=1.0, c=3.0, minimizer=0.5)
    result = minimize_regularized(f, 0.7, tau=0.5, zeta=8.0, rule=GaussianRule.gauss_hermite(1, 40))
    assert result.mean[0] == pytest.approx(0.5, abs=1e-14)


def test_quadratic_fixed_point_is_theorem31():
    f = RotatedEllipsoid(3, 100.0, seed=2)
    sigma = minimize_sigma_given_mean(
        f, f.minimizer, 0.4, tau=2.0, zeta=50.0, rule=GaussianRule.gauss_hermite(3, 4)
    )
    np.testing.assert_allclose(
        sigma, project_eigenvalues(np.linalg.inv(f.H), 1 / 50.0, 1 / 2.0), atol=1e-12
    )


def test_alpha_sweep_columns_and_orders():
    f = synthetic_logistic(1)
    df = alpha_sweep(
        f, [1e-3, 1e-2], tau=f.sigma / 2, zeta=2 * f.L, rule=GaussianRule.gauss_hermite(1, 40)
    )
    assert {"f_gap", "distance_sq", "sigma_hat_error", "sigma_diff", "f_gap_bound", "valid"} <= set(
        df
    )
    # the smoothing moves the minimizer by O(α²): ‖μ* − μ̂*‖² grows 10⁴× per decade of α
    assert df.distance_sq[1] / df.distance_sq[0] == pytest.approx(1e4, rel=0.01)


def test_bad_input():
    f = synthetic_logistic(1)
    with pytest.raises(ValueError, match="tau must be <= zeta"):
        minimize_regularized(f, 0.1, tau=3.0, zeta=1.0, rule=GaussianRule.gauss_hermite(1, 10))
    with pytest.raises(ValueError, match="rule is required"):
        regularized_objective(f, [0.0], [[1.0]], 0.1)
    with pytest.raises(ValueError, match="sigma must be positive definite"):
        regularized_objective(f, [0.0], [[-1.0]], 0.1, GaussianRule.gauss_hermite(1, 10))

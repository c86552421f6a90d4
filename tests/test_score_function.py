"""mines_theory.theory.score_function: the estimators' means and variances against closed forms by
Monte Carlo with standard errors; Stein's lemma and Hutchinson's estimators likewise."""

from __future__ import annotations

import numpy as np
import pytest

from mines_theory.theory import score_function as sf

K_SE = 5
D = 4
H = np.diag([1.0, 2.0, 3.0, 4.0])
X0 = np.array([1.0, -1.0, 0.5, 2.0])


def quadratic(offset=3.0):
    def f(X):
        diff = np.atleast_2d(X) - X0
        return 0.5 * np.einsum("ni,ij,nj->n", diff, H, diff) + offset

    return f


def _mean_and_var_se(estimates):
    """Mean (per entry) and trace of the covariance, each with its standard error."""
    n = len(estimates)
    centred = estimates - estimates.mean(0)
    squares = (centred**2).sum(1)
    return (
        estimates.mean(0),
        estimates.std(0, ddof=1) / np.sqrt(n),
        squares.mean(),
        squares.std(ddof=1) / np.sqrt(n),
    )


@pytest.mark.parametrize("weights", ["raw", "baseline", "antithetic"])
@pytest.mark.parametrize("sigma", [0.1, 1.0])
def test_unbiased_with_the_closed_form_variance(weights, sigma):
    f, mu = quadratic(), np.zeros(D)
    g = H @ (mu - X0)
    u = np.random.default_rng(0).standard_normal((100_000, 1, D))
    mean, se, var, var_se = _mean_and_var_se(sf.mean_gradient_estimates(f, mu, sigma, u, weights))
    assert np.all(np.abs(mean - g) < K_SE * se)
    exact = sf.quadratic_variance(weights, g, H, f(mu)[0], sigma)
    assert abs(var - exact) < K_SE * var_se
    # the alternative: a different weighting's variance is ruled out (except where they coincide)
    others = [w for w in ("raw", "baseline", "antithetic") if w != weights]
    distinct = [
        w
        for w in others
        if abs(sf.quadratic_variance(w, g, H, f(mu)[0], sigma) - exact) > 20 * var_se
    ]
    assert distinct, "no alternative to test against"
    for w in distinct:
        assert abs(var - sf.quadratic_variance(w, g, H, f(mu)[0], sigma)) > K_SE * var_se


def test_a_constant_added_to_f_changes_only_the_raw_estimator():
    mu, u = np.zeros(D), np.random.default_rng(1).standard_normal((2000, 8, D))
    for weights in ("baseline", "antithetic", "rank"):
        a = sf.mean_gradient_estimates(quadratic(0.0), mu, 0.5, u, weights)
        b = sf.mean_gradient_estimates(quadratic(1e3), mu, 0.5, u, weights)
        assert np.allclose(a, b, atol=1e-8)
    raw = [sf.mean_gradient_estimates(quadratic(c), mu, 0.5, u, "raw") for c in (0.0, 1e3)]
    assert not np.allclose(*raw)


def test_rank_weights_are_invariant_under_increasing_maps_and_point_uphill():
    mu, u = np.zeros(D), np.random.default_rng(2).standard_normal((4000, 10, D))
    f = quadratic()
    shaped = sf.mean_gradient_estimates(f, mu, 0.5, u, "rank")
    exp_shaped = sf.mean_gradient_estimates(lambda X: np.exp(f(X) / 10), mu, 0.5, u, "rank")
    assert np.allclose(shaped, exp_shaped)
    g = H @ (mu - X0)
    mean, se = shaped.mean(0), shaped.std(0, ddof=1) / np.sqrt(len(shaped))
    assert mean @ g / (np.linalg.norm(mean) * np.linalg.norm(g)) > 0.9
    assert np.all(np.sign(mean) == np.sign(g)) and np.all(np.abs(mean) > K_SE * se)
    w = sf.rank_utilities(10)
    assert abs(w.sum()) < 1e-12 and np.all(np.diff(w) <= 0)


def test_stein_lemma_sides_agree_and_differ_for_a_non_gaussian_direction():
    rng = np.random.default_rng(3)

    def f(X):
        return np.log(np.cosh(X)).sum(1)

    grad = np.tanh
    mu, sigma = np.array([0.5, -1.0]), 0.8
    u = rng.standard_normal((200_000, 2))
    left, right = sf.stein_terms(f, grad, mu, sigma, u)
    diff = left - right
    assert np.all(np.abs(diff.mean(0)) < K_SE * diff.std(0, ddof=1) / np.sqrt(len(u)))
    v = rng.uniform(-np.sqrt(3), np.sqrt(3), size=u.shape)  # unit variance, not Gaussian
    left, right = sf.stein_terms(f, grad, mu, sigma, v)
    diff = left - right
    assert np.any(np.abs(diff.mean(0)) > K_SE * diff.std(0, ddof=1) / np.sqrt(len(u)))


def test_hutchinson_is_unbiased_with_variance_two_frobenius_squared():
    rng = np.random.default_rng(4)
    X = rng.normal(size=(5, 5))
    A = X + X.T
    trace, diag = sf.hutchinson_terms(A, rng.standard_normal((200_000, 5)))
    n = len(trace)
    assert abs(trace.mean() - np.trace(A)) < K_SE * trace.std(ddof=1) / np.sqrt(n)
    assert np.all(np.abs(diag.mean(0) - np.diag(A)) < K_SE * diag.std(0, ddof=1) / np.sqrt(n))
    squares = (trace - np.trace(A)) ** 2
    se = squares.std(ddof=1) / np.sqrt(n)
    assert abs(squares.mean() - 2 * np.sum(A * A)) < K_SE * se
    offdiag = 2 * (np.sum(A * A) - np.sum(np.diag(A) ** 2))  # Rademacher probes' variance
    assert abs(squares.mean() - offdiag) > K_SE * se


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="weights"):
        sf.mean_gradient_estimates(quadratic(), np.zeros(D), 1.0, np.ones((1, 1, D)), "best")
    with pytest.raises(ValueError, match="sigma"):
        sf.mean_gradient_estimates(quadratic(), np.zeros(D), 0.0, np.ones((1, 1, D)))
    with pytest.raises(ValueError, match="u"):
        sf.hutchinson_terms(np.eye(2), np.ones((3, 3)))

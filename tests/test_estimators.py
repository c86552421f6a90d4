"""The estimators of eq:g_mu and eq:TG (``estimators``), as pure functions of given
directions u, against independent references."""

import numpy as np
import pytest
import scipy.linalg

from mines_theory.algorithm.estimators import mean_gradient, sigma_gradient
from mines_theory.algorithm.estimators import POINTS_BLOCK_ENTRIES
from mines_theory.algorithm.estimators import precision_gradient

from .conftest import random_spd


# ---------------------------------------------------------------------------------------------
# g̃ and G̃ as printed, against a sample-by-sample reference
# ---------------------------------------------------------------------------------------------


def smooth_nonquadratic(X):
    X = np.atleast_2d(X)
    return np.sum(np.exp(0.3 * X), axis=1) + 0.5 * np.sum(X**2, axis=1) + X[:, 0] * X[:, -1]


def reference_estimates(f, mu, sigma_inv, alpha, u):
    """g̃ and G̃ written out sample by sample as printed in eq:g_mu and eq:TG, with the
    symmetric root from scipy's sqrtm (independent of the library's eigh)."""
    sigma = np.linalg.inv(sigma_inv)
    root = np.real(scipy.linalg.sqrtm(sigma))
    root_inv = np.real(scipy.linalg.sqrtm(sigma_inv))
    b, d = u.shape
    g = np.zeros(d)
    G = np.zeros((d, d))
    f0 = f(mu[None, :])[0]
    for i in range(b):
        z = root @ u[i]
        fp, fm = f((mu + alpha * z)[None, :])[0], f((mu - alpha * z)[None, :])[0]
        g += (fp - fm) / (2 * alpha) * z / b
        v = root_inv @ u[i]
        G += (fm + fp - 2 * f0) * (np.outer(v, v) - sigma_inv) / (2 * b * alpha**2)
    return g, G - sigma_inv


@pytest.mark.parametrize("seed, d, b", [(0, 4, 7), (1, 4, 4), (2, 6, 2), (3, 9, 1)])
def test_estimators_match_sample_by_sample_reference(seed, d, b):
    """Both ways of forming Σ w_i v_i v_iᵀ (b < d and b ≥ d) against the printed formulas."""
    rng = np.random.default_rng(seed)
    mu = rng.normal(size=d)
    sigma_inv = random_spd(rng, d)
    u = rng.standard_normal((b, d))
    g_ref, G_ref = reference_estimates(smooth_nonquadratic, mu, sigma_inv, 0.3, u)
    np.testing.assert_allclose(
        mean_gradient(smooth_nonquadratic, mu, sigma_inv, 0.3, u), g_ref, rtol=1e-9, atol=1e-12
    )
    np.testing.assert_allclose(
        sigma_gradient(smooth_nonquadratic, mu, sigma_inv, 0.3, u), G_ref, rtol=1e-9, atol=1e-10
    )


@pytest.mark.parametrize("order", ["C", "F", "slice"])
def test_estimators_query_the_antithetic_points(order):
    """The points the estimators hand to f are μ and μ ± αΣ^{1/2}u_i (Σ^{1/2} from scipy's
    sqrtm, independent of the library's eigh), to rounding, whatever the memory layout of u;
    each pair is the reflection of the other through μ to one rounding of 2μ."""
    rng = np.random.default_rng(17)
    b, d = 9, 5
    mu, sigma_inv = 10.0 * rng.normal(size=d), random_spd(rng, d, 0.2, 5.0)
    u = (
        rng.standard_normal((b, 2 * d))[:, ::2]
        if order == "slice"
        else np.asarray(rng.standard_normal((b, d)), order=order)
    )
    seen = []

    def f(X):
        seen.append(X.copy())
        return smooth_nonquadratic(X)

    mean_gradient(f, mu, sigma_inv, 0.3, u)
    sigma_gradient(f, mu, sigma_inv, 0.3, u)
    Z = u @ np.real(scipy.linalg.sqrtm(np.linalg.inv(sigma_inv)))
    expected = np.vstack([mu, mu + 0.3 * Z, mu - 0.3 * Z])
    for X in seen:
        np.testing.assert_allclose(X, expected, rtol=1e-13, atol=1e-13)
        np.testing.assert_allclose(
            X[1 : b + 1] + X[b + 1 :],
            np.tile(2 * mu, (b, 1)),
            rtol=0,
            atol=4 * np.spacing(np.max(np.abs(2 * mu))),
        )


def test_estimator_terms_average_to_the_batch_estimates():
    from mines_theory.algorithm.estimators import estimator_terms

    rng = np.random.default_rng(5)
    mu, sigma_inv, u = rng.normal(size=3), random_spd(rng, 3), rng.standard_normal((6, 3))
    g_terms, G_terms = estimator_terms(smooth_nonquadratic, mu, sigma_inv, 0.4, u)
    np.testing.assert_allclose(
        g_terms.mean(axis=0), mean_gradient(smooth_nonquadratic, mu, sigma_inv, 0.4, u), rtol=1e-12
    )
    np.testing.assert_allclose(
        G_terms.mean(axis=0),
        sigma_gradient(smooth_nonquadratic, mu, sigma_inv, 0.4, u),
        rtol=1e-10,
        atol=1e-12,
    )


# ---------------------------------------------------------------------------------------------
# precision_gradient: any B with B u_i standing for Σ^{-1/2}u_i; G̃ symmetric to the last bit
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("b, d", [(3, 8), (8, 3)])
def test_precision_gradient_with_a_cholesky_factor(b, d):
    """What ``tell`` computes with B = L (Σ⁻¹ = L Lᵀ) in both branches (b < d and b ≥ d), against
    the explicit sum Σ_i w_i (L u_i)(L u_i)ᵀ − (Σ_i w_i + 1) Σ⁻¹, w_i = s_i/(2b)."""
    rng = np.random.default_rng(b * d)
    sigma_inv = random_spd(rng, d)
    L = np.linalg.cholesky(sigma_inv)
    U = rng.standard_normal((b, d))
    s = rng.normal(size=b)
    w = s / (2 * b)
    expected = (
        sum(w[i] * np.outer(L @ U[i], L @ U[i]) for i in range(b)) - (w.sum() + 1) * sigma_inv
    )
    np.testing.assert_allclose(
        precision_gradient(s, U, L, sigma_inv), expected, rtol=1e-10, atol=1e-10
    )
    stacked = precision_gradient(
        np.stack([s, 2 * s]), np.stack([U, U]), np.stack([L, L]), np.stack([sigma_inv, sigma_inv])
    )
    np.testing.assert_allclose(stacked[0], expected, rtol=1e-10, atol=1e-10)


@pytest.mark.parametrize("b, d", [(3, 6), (7, 4)])
def test_precision_gradient_is_exactly_symmetric_one_matrix_and_stack(b, d):
    """G̃ of eq:TG is a symmetric matrix and ``tell`` factors Σ⁻¹ + η₂G̃ reading one triangle
    only, so G̃ must be symmetric exactly, for one matrix and for each of a stack, in both
    branches (b < d, b ≥ d); and it equals the explicit sum Σ_i w_i (Lu_i)(Lu_i)ᵀ −
    (Σw + 1)Σ⁻¹, w_i = s_i/(2b). Kills ``swapaxes(G, +1, -2)`` (no symmetrization of a stack)
    and ``swapaxes(G, -2, -2)`` (no symmetrization at all)."""
    rng = np.random.default_rng(100 * b + d)
    S = 4
    sigma_inv = np.stack([random_spd(rng, d, 0.3, 5.0) for _ in range(S)])
    L = np.linalg.cholesky(sigma_inv)
    u = rng.standard_normal((S, b, d))
    s = rng.normal(size=(S, b))
    G = precision_gradient(s, u, L, sigma_inv)
    np.testing.assert_array_equal(G, np.swapaxes(G, -1, -2))
    for i in range(S):
        w = s[i] / (2 * b)
        V = u[i] @ L[i].T  # rows L u_j
        expected = sum(w[j] * np.outer(V[j], V[j]) for j in range(b)) - (w.sum() + 1) * sigma_inv[i]
        np.testing.assert_allclose(G[i], expected, rtol=1e-10, atol=1e-10)
        single = precision_gradient(s[i], u[i], L[i], sigma_inv[i])
        np.testing.assert_array_equal(single, single.T)
        np.testing.assert_allclose(single, expected, rtol=1e-10, atol=1e-10)


# ---------------------------------------------------------------------------------------------
# Input checks
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, match",
    [
        ((np.zeros(2), np.eye(2), 0.1, np.ones((3, 3))), r"u must have shape \(b, d\) = \(b, 2\)"),
        ((np.zeros(2), np.eye(2), -0.1, np.ones((3, 2))), "alpha must be a finite number > 0"),
        ((np.zeros(2), -np.eye(2), 0.1, np.ones((3, 2))), "sigma_inv must be positive definite"),
    ],
)
def test_estimator_bad_input(args, match):
    def f(X):
        return np.sum(X**2, axis=1)

    with pytest.raises(ValueError, match=match):
        sigma_gradient(f, *args)
    with pytest.raises(ValueError, match=match):
        mean_gradient(f, *args)


def test_estimators_reject_a_sigma_inv_of_the_wrong_size_and_an_empty_batch():
    """A 3×3 Σ⁻¹ with d = 2 is rejected at the door, naming sigma_inv (not later in a matmul
    with NumPy's message), and so is an empty batch b = 0 (which would divide 0 by 0)."""

    def f(X):
        return np.sum(X**2, axis=1)

    with pytest.raises(ValueError, match=r"sigma_inv must be 2 x 2, got shape \(3, 3\)"):
        mean_gradient(f, np.zeros(2), np.eye(3), 0.1, np.ones((3, 2)))
    with pytest.raises(ValueError, match=r"u must be a non-empty array .*got shape \(0, 2\)"):
        mean_gradient(f, np.zeros(2), np.eye(2), 0.1, np.empty((0, 2)))
    with pytest.raises(ValueError, match=r"u must have shape \(b, d\) = \(b, 2\) with b >= 1"):
        mean_gradient(f, np.zeros(2), np.eye(2), 0.1, np.ones((3, 3)))


@pytest.mark.parametrize("b, d", [(1000, 20), (300, 50), (5, 3)])
def test_query_points_built_block_by_block_are_the_printed_ones(b, d):
    """The points that ``sigma_gradient`` queries are built in blocks of
    ``POINTS_BLOCK_ENTRIES // d`` directions (here 640, 256 and one pass): every row is
    μ, μ + αΣ^{1/2}u_i or μ − αΣ^{1/2}u_i, in that order, computed independently with
    scipy's ``sqrtm``, the last partial block included."""
    rng = np.random.default_rng([b, d])
    mu, u, alpha = rng.standard_normal(d), rng.standard_normal((b, d)), 0.3
    sigma_inv = random_spd(rng, d, 0.5, 2.0)
    seen = []

    def f(X):
        seen.append(X.copy())
        return np.sum(X**2, axis=1)

    sigma_gradient(f, mu, sigma_inv, alpha, u)
    Z = u @ np.real(scipy.linalg.sqrtm(np.linalg.inv(sigma_inv)))
    expected = np.vstack([mu, mu + alpha * Z, mu - alpha * Z])
    assert POINTS_BLOCK_ENTRIES // d in (640, 256, 4266)
    np.testing.assert_allclose(seen[0], expected, rtol=0, atol=1e-12)

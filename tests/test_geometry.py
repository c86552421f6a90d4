"""mines_theory.theory.geometry against closed forms, sympy, finite differences and Monte Carlo
(with standard errors); each check fed an alternative that must flip it."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

from mines_theory.theory import geometry as g
from mines_theory.linalg.spd import project_eigenvalues

K_SE = 5  # Monte Carlo tolerance: 5 standard errors


def _spd(rng, d):
    X = rng.normal(size=(d, d))
    return X @ X.T + np.eye(d)


def test_commutation_and_duplication_matrices_do_what_they_say():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(3, 3))
    K = g.commutation_matrix(3)
    assert np.array_equal(K @ A.ravel(order="F"), A.T.ravel(order="F"))
    assert np.array_equal(K @ K, np.eye(9)) and not np.array_equal(K, np.eye(9))
    S = A + A.T
    D = g.duplication_matrix(3)
    vech = np.array([S[i, j] for j in range(3) for i in range(j, 3)])
    assert np.array_equal(D @ vech, S.ravel(order="F"))
    assert np.allclose(K @ D, D)  # symmetric matrices are fixed by K


def test_kl_matches_monte_carlo_within_its_standard_error():
    rng = np.random.default_rng(1)
    mu0, mu1 = rng.normal(size=3), rng.normal(size=3)
    S0, S1 = _spd(rng, 3), _spd(rng, 3)
    z = rng.multivariate_normal(mu0, S0, size=200_000)

    def logpdf(z, mu, S):
        diff = z - mu
        return -0.5 * (
            np.einsum("ni,ij,nj->n", diff, np.linalg.inv(S), diff) + np.linalg.slogdet(S)[1]
        )

    samples = logpdf(z, mu0, S0) - logpdf(z, mu1, S1)
    se = samples.std(ddof=1) / np.sqrt(len(samples))
    assert abs(samples.mean() - g.gaussian_kl(mu0, S0, mu1, S1)) < K_SE * se
    # the alternative: KL with the arguments swapped is a different number
    assert abs(samples.mean() - g.gaussian_kl(mu1, S1, mu0, S0)) > K_SE * se


def test_kl_is_half_the_fisher_quadratic_form_to_second_order():
    rng = np.random.default_rng(2)
    mu, S = rng.normal(size=2), _spd(rng, 2)
    F = g.gaussian_fisher(S)
    delta = rng.normal(size=5)  # (δμ, δ vech Σ)
    errors = []
    for t in (1e-2, 5e-3, 2.5e-3):
        dS = np.array([[delta[2], delta[3]], [delta[3], delta[4]]])
        kl = g.gaussian_kl(mu, S, mu + t * delta[:2], S + t * dS)
        errors.append(abs(kl - 0.5 * t**2 * delta @ F @ delta))
    ratios = np.array(errors[:-1]) / np.array(errors[1:])
    assert np.all(ratios > 7)  # O(t³): halving t divides by ~8
    # the alternative: the printed ½Σ⁻¹⊗Σ⁻¹ block on vech coordinates without D misses a factor
    wrong = F.copy()
    wrong[2:, 2:] = 0.5 * np.kron(np.linalg.inv(S), np.linalg.inv(S))[np.ix_([0, 1, 3], [0, 1, 3])]
    assert errors[0] < 0.05 * abs(0.5 * 1e-4 * delta @ (wrong - F) @ delta)


def test_the_kl_expansion_by_sympy_gives_the_fisher_matrix_in_one_dimension():
    _mu, a, b, t = sp.symbols("mu a b t", real=True)
    s = sp.Symbol("s", positive=True)
    kl = (sp.log((s + t * b) / s) + (s + (t * a) ** 2) / (s + t * b) - 1) / 2
    second = sp.simplify(sp.series(kl, t, 0, 3).removeO().coeff(t, 2))
    F = np.array([[1 / 2.0, 0], [0, 1 / (2 * 2.0**2)]])  # at s = 2
    delta = np.array([0.3, -0.7])
    assert abs(float(second.subs({s: 2, a: 0.3, b: -0.7})) - 0.5 * delta @ F @ delta) < 1e-12
    numeric = g.gaussian_kl([0.0], [[2.0]], [1e-3 * 0.3], [[2.0 - 1e-3 * 0.7]]) / 1e-6
    assert abs(numeric - float(second.subs({s: 2, a: 0.3, b: -0.7}))) < 1e-3


def test_fisher_in_natural_parameters_is_the_hessian_of_the_log_partition_and_cov_T():
    rng = np.random.default_rng(3)
    mu, S = rng.normal(size=2), _spd(rng, 2)
    theta = g.natural_parameters(mu, S)
    F = g.natural_fisher(mu, S)
    h = 1e-4
    grad = [
        (g.log_partition(theta + h * e) - g.log_partition(theta - h * e)) / (2 * h)
        for e in np.eye(5)
    ]
    assert np.allclose(grad, g.expectation_parameters(mu, S), atol=1e-6)
    hess = np.array(
        [
            [
                (
                    g.log_partition(theta + h * (ei + ej))
                    - g.log_partition(theta + h * (ei - ej))
                    - g.log_partition(theta - h * (ei - ej))
                    + g.log_partition(theta - h * (ei + ej))
                )
                / (4 * h * h)
                for ej in np.eye(5)
            ]
            for ei in np.eye(5)
        ]
    )
    assert np.allclose(hess, F, rtol=1e-4, atol=1e-4)
    z = rng.multivariate_normal(mu, S, size=400_000)
    T = np.column_stack([z, z[:, 0] ** 2, z[:, 1] * z[:, 0], z[:, 1] ** 2])
    cov = np.cov(T.T)
    se = np.sqrt(np.var((T - T.mean(0))[:, :, None] * (T - T.mean(0))[:, None, :], axis=0) / len(T))
    assert np.all(np.abs(cov - F) < K_SE * se)
    assert not np.all(np.abs(cov - g.gaussian_fisher(S)) < K_SE * se)  # other coordinates


def test_parameter_maps_invert_each_other():
    rng = np.random.default_rng(4)
    mu, S = rng.normal(size=3), _spd(rng, 3)
    mu2, S2 = g.from_natural_parameters(g.natural_parameters(mu, S))
    assert np.allclose(mu2, mu) and np.allclose(S2, S)
    with pytest.raises(ValueError, match="theta"):
        g.from_natural_parameters(np.ones(4))


def _quadratic_loss(H, c):
    def loss(mu, S):
        return 0.5 * np.trace(H @ S) + 0.5 * (mu - c) @ H @ (mu - c) - 0.5 * np.linalg.slogdet(S)[1]

    return loss


def test_natural_gradient_step_is_mirror_descent_and_the_mirror_step_of_the_precision():
    """Raskutti & Mukherjee (2015): NGD in θ = MD in m with mirror map A*; and its precision
    update is eq:Sig_up, Σ⁺⁻¹ = Σ⁻¹ + 2η ∂L/∂Σ (here ∂L/∂Σ = ½(H − Σ⁻¹)), its mean update
    μ⁺ = μ − ηΣ⁺∇_μL."""
    rng = np.random.default_rng(5)
    H, c = np.diag([1.0, 4.0, 9.0]), np.ones(3)
    mu, S, eta = rng.normal(size=3), _spd(rng, 3), 0.1
    loss = _quadratic_loss(H, c)
    mu_n, S_n = g.natural_gradient_step(loss, mu, S, eta)
    mu_m, S_m = g.mirror_descent_expectation_step(loss, mu, S, eta)
    assert np.allclose(mu_n, mu_m, atol=1e-7) and np.allclose(S_n, S_m, atol=1e-7)
    P = np.linalg.inv(S)
    assert np.allclose(np.linalg.inv(S_n), P + eta * (H - P), atol=1e-7)
    assert np.allclose(mu_n, mu - eta * S_n @ H @ (mu - c), atol=1e-7)
    # the alternative: a vanilla gradient step on (μ, Σ) is a different step
    assert not np.allclose(S_n, S - eta * 0.5 * (H - P), atol=1e-3)


def test_logdet_divergence_is_the_bregman_divergence_of_minus_logdet_and_twice_a_kl():
    rng = np.random.default_rng(6)
    X, Y = _spd(rng, 3), _spd(rng, 3)
    generic = g.bregman_divergence(
        lambda A: -np.linalg.slogdet(A)[1], lambda A: -np.linalg.inv(A), X, Y
    )
    assert np.isclose(g.logdet_divergence(X, Y), generic)
    assert np.isclose(g.logdet_divergence(X, Y), 2 * g.gaussian_kl(np.zeros(3), X, np.zeros(3), Y))
    assert not np.isclose(g.logdet_divergence(X, Y), g.logdet_divergence(Y, X))
    assert g.bregman_divergence(lambda x: x**2, lambda x: 2 * x, 3.0, 1.0) == 4.0


def test_bregman_projection_onto_s_prime_clips_the_spectrum_like_the_euclidean_one():
    """Brute force over all 2 × 2 matrices with spectrum in [τ, ζ] (angle × eigenvalues), against
    the clip, for the log-det divergence; and a non-unitarily-invariant divergence for which the
    clip is not the projection (the alternative)."""
    from scipy.optimize import minimize

    tau, zeta = 1.0, 10.0
    U = np.array([[np.cos(0.6), -np.sin(0.6)], [np.sin(0.6), np.cos(0.6)]])
    A = U @ np.diag([0.3, 30.0]) @ U.T  # one eigenvalue below τ, one above ζ
    clip = project_eigenvalues(A, tau, zeta)

    def matrix(p):
        c, s = np.cos(p[0]), np.sin(p[0])
        U = np.array([[c, -s], [s, c]])
        return U @ np.diag(p[1:]) @ U.T

    def best(divergence):
        return min(
            minimize(
                lambda p: divergence(matrix(p)),
                x0,
                method="L-BFGS-B",
                bounds=[(0, np.pi), (tau, zeta), (tau, zeta)],
            ).fun
            for x0 in ([0.3, 2, 5], [1.5, 5, 2], [2.5, 9, 9], [0.1, 1.1, 1.1])
        )

    for divergence in (lambda X: g.logdet_divergence(X, A), lambda X: np.sum((X - A) ** 2)):
        assert divergence(clip) <= best(divergence) + 1e-7
    W = np.diag([1.0, 30.0])

    def weighted(X):
        return np.sum(W @ (X - A) @ W * (X - A))

    assert weighted(clip) > best(weighted) + 1e-3


def test_entropic_mirror_descent_is_exponentiated_gradient_and_meets_its_rate():
    rng = np.random.default_rng(8)
    n = 6
    c = rng.normal(size=n)
    x = g.entropic_mirror_descent(lambda x: c, np.full(n, 1 / n), np.full(5, 0.3))
    expected = np.exp(-0.3 * 5 * c)
    assert np.allclose(x[-1], expected / expected.sum())  # linear f: softmax of −Σηg
    p = rng.dirichlet(np.ones(n))
    for T in (100, 1000):
        eta = np.sqrt(2 * np.log(n) / T)
        iterates = g.entropic_mirror_descent(
            lambda x: np.sign(x - p), np.full(n, 1 / n), np.full(T, eta)
        )
        gap = np.abs(iterates[:-1].mean(0) - p).sum()  # f(x) = ‖x − p‖₁, f* = 0, G = 1
        assert gap <= np.sqrt(2 * np.log(n) / T)
    with pytest.raises(ValueError, match="x0"):
        g.entropic_mirror_descent(lambda x: c, np.ones(n), [0.1])


def test_bad_input_names_the_parameter():
    with pytest.raises(ValueError, match="cov1"):
        g.gaussian_kl([0.0], [[1.0]], [0.0], [[-1.0]])
    with pytest.raises(ValueError, match="eta"):
        g.natural_gradient_step(lambda m, S: 0.0, [0.0], [[1.0]], -1.0)

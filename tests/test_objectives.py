"""Objectives: the stated constants against measurement, vectorization and gradients."""

import numpy as np
import pytest
import scipy.optimize

from mines_theory.problems.logistic import LOGISTIC_VARIANCE_LIPSCHITZ, breast_cancer_logistic
from mines_theory.problems.objectives import (
    SECH2_LIPSCHITZ,
    LogCoshQuadratic,
    RotatedEllipsoid,
    SoftCubic1D,
    log_cosh_1d,
)


@pytest.mark.parametrize("dim, condition", [(1, 1.0), (2, 10.0), (10, 100.0), (20, 1e4)])
def test_constants_match_the_hessian(dim, condition):
    f = RotatedEllipsoid(dim, condition, seed=3, scale=0.5)
    w = np.linalg.eigvalsh(f.hessian(np.zeros(dim)))
    np.testing.assert_allclose([w[0], w[-1]], [f.sigma, f.L], rtol=1e-10)
    assert f.sigma == 0.5 and f.condition_number == pytest.approx(condition)
    assert f.gamma == 0.0


def test_runs_box_is_half_sigma_and_twice_L():
    """The runs' S' = [σ/2, 2L] against σ and L measured as the extreme eigenvalues of a
    quadratic's Hessian: τ ≤ σ and ζ ≥ L, so the Hessian lies inside S'."""
    f = RotatedEllipsoid(4, 25.0, seed=7, scale=0.3)
    w = np.linalg.eigvalsh(f.hessian(np.zeros(4)))
    tau, zeta = f.runs_box
    np.testing.assert_allclose([tau, zeta], [w[0] / 2, 2 * w[-1]], rtol=1e-10)
    assert (tau, zeta) == (f.sigma / 2, 2 * f.L)
    assert tau <= w[0] and zeta >= w[-1]


def test_rotation_is_seeded_and_orthogonal():
    a, b, c = (RotatedEllipsoid(5, 10.0, seed=s).rotation for s in (1, 1, 2))
    np.testing.assert_array_equal(a, b)
    assert not np.allclose(a, c)
    np.testing.assert_allclose(a @ a.T, np.eye(5), atol=1e-12)


def test_minimizer_and_value():
    x_star = np.array([1.0, -2.0, 3.0])
    f = RotatedEllipsoid(3, 50.0, seed=0, minimizer=x_star, f_star=-4.0)
    sol = scipy.optimize.minimize(
        f, np.zeros(3), jac=f.gradient, method="BFGS", options={"gtol": 1e-12}
    )
    np.testing.assert_allclose(sol.x, x_star, atol=1e-6)
    assert f(x_star) == -4.0
    np.testing.assert_allclose(f.gradient(x_star), 0.0, atol=1e-12)


def test_gradient_matches_finite_differences_and_vectorizes():
    f = RotatedEllipsoid(4, 30.0, seed=1, minimizer=np.ones(4))
    rng = np.random.default_rng(0)
    X = rng.normal(size=(6, 4))
    values = f(X)
    assert values.shape == (6,)
    np.testing.assert_allclose(values, [f(x) for x in X], rtol=1e-14)
    for x, g in zip(X, f.gradient(X)):
        np.testing.assert_allclose(
            g, scipy.optimize.approx_fprime(x, f, 1e-7), rtol=1e-5, atol=1e-5
        )
    assert f.hessian(X).shape == (6, 4, 4)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"dim": 0, "condition": 2.0}, "dim must be an integer >= 1"),
        ({"dim": 3, "condition": 0.5}, "condition must be >= 1"),
        ({"dim": 3, "condition": 10.0, "minimizer": np.ones(2)}, "minimizer must have length 3"),
    ],
)
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        RotatedEllipsoid(**kwargs)


def test_wrong_point_shape():
    f = RotatedEllipsoid(3, 10.0)
    with pytest.raises(
        ValueError, match=r"X must have shape \(n, 3\) or \(3,\), got shape \(2, 2\)"
    ):
        f(np.zeros((2, 2)))


# ---------------------------------------------------------------------------------------------
# Non-quadratic objectives: certified constants against measurement
# ---------------------------------------------------------------------------------------------


def _objectives():
    return [
        log_cosh_1d(a=1.0, c=3.0, minimizer=0.5),
        LogCoshQuadratic.random(3, condition=10.0, seed=1),
        LogCoshQuadratic.random(8, condition=100.0, num_terms=12, weight=2.0, seed=2),
        breast_cancer_logistic(num_features=5, regularization=1e-2),
        SoftCubic1D(7.0),
    ]


@pytest.fixture(
    scope="module",
    params=range(5),
    ids=["logcosh-1d", "logcosh-3d", "logcosh-8d", "logistic-5d", "softcubic-1d"],
)
def objective(request):
    return _objectives()[request.param]


def _random_points(f, rng, n, scale=3.0):
    return f.minimizer + scale * rng.standard_normal((n, f.dim))


def test_hessian_spectrum_within_sigma_and_L(objective):
    """σ I ⪯ ∇²f(x) ⪯ L I at 2000 random points (and at x*); L is attained for log-cosh."""
    f = objective
    rng = np.random.default_rng(0)
    X = np.vstack(
        [f.minimizer, _random_points(f, rng, 1000, 0.5), _random_points(f, rng, 1000, 5.0)]
    )
    eigenvalues = np.linalg.eigvalsh(f.hessian(X))
    assert eigenvalues.min() >= f.sigma * (1 - 1e-12)
    assert eigenvalues.max() <= f.L * (1 + 1e-12)
    if isinstance(f, LogCoshQuadratic):
        assert eigenvalues[0, -1] == pytest.approx(f.L, rel=1e-12)  # attained at x*


def test_hessian_lipschitz_constant_gamma(objective):
    """‖∇²f(x) − ∇²f(y)‖ ≤ γ‖x − y‖ in spectral and Frobenius norm over 3000 random pairs,
    near and far; the measured ratio is also reported against γ."""
    f = objective
    rng = np.random.default_rng(1)
    X = _random_points(f, rng, 3000, 2.0)
    step = rng.standard_normal((3000, f.dim)) * np.exp(rng.uniform(-8, 1, (3000, 1)))
    diff = f.hessian(X + step) - f.hessian(X)
    distance = np.linalg.norm(step, axis=1)
    spectral = np.linalg.norm(diff, ord=2, axis=(1, 2)) / distance
    frobenius = np.linalg.norm(diff, axis=(1, 2)) / distance
    assert spectral.max() <= f.gamma * (1 + 1e-6)
    assert frobenius.max() <= f.gamma * (1 + 1e-6)


def test_gamma_is_tight_in_one_dimension():
    """For f = a/2 x² + c log cosh x, f''' = −2c sech² tanh, whose maximum modulus 4c/(3√3) is
    reached at tanh x = 1/√3: the finite-difference slope there matches γ."""
    f = log_cosh_1d(a=1.0, c=3.0)
    x = np.arctanh(1 / np.sqrt(3))
    h = 1e-5
    slope = abs(f.hessian(np.array([x + h]))[0, 0] - f.hessian(np.array([x - h]))[0, 0]) / (2 * h)
    assert slope == pytest.approx(f.gamma, rel=1e-8)
    assert f.gamma == pytest.approx(3 * SECH2_LIPSCHITZ)


def test_lipschitz_constants_by_hand():
    # max of 2y(1 − y²) on [0, 1] and of p(1 − p)|1 − 2p| on [0, 1], on fine grids
    y = np.linspace(0, 1, 200_001)
    assert np.max(2 * y * (1 - y**2)) == pytest.approx(SECH2_LIPSCHITZ, rel=1e-9)
    assert np.max(y * (1 - y) * np.abs(1 - 2 * y)) == pytest.approx(
        LOGISTIC_VARIANCE_LIPSCHITZ, rel=1e-9
    )


def test_minimizer_and_derivatives(objective):
    f = objective
    np.testing.assert_allclose(f.gradient(f.minimizer), 0.0, atol=1e-10)
    rng = np.random.default_rng(2)
    for x in _random_points(f, rng, 4, 1.0):
        np.testing.assert_allclose(
            f.gradient(x), scipy.optimize.approx_fprime(x, f, 1e-7), rtol=1e-4, atol=1e-5
        )
        hess_fd = np.array(
            [(f.gradient(x + 1e-6 * e) - f.gradient(x - 1e-6 * e)) / 2e-6 for e in np.eye(f.dim)]
        )
        np.testing.assert_allclose(f.hessian(x), hess_fd, rtol=1e-5, atol=1e-6)
    values = f(_random_points(f, rng, 50, 1.0))
    assert values.min() >= f.f_star - 1e-12


def test_logistic_minimizer_is_certified():
    f = breast_cancer_logistic(regularization=1e-2)
    assert f.dim == 30 and f.features.shape == (569, 30)
    assert f.minimizer_error < 1e-10 and f.f_star_error < 1e-20
    # against scipy's own solver started elsewhere
    sol = scipy.optimize.minimize(
        f,
        np.ones(30),
        jac=f.gradient,
        method="L-BFGS-B",
        options={"gtol": 1e-12, "ftol": 1e-16, "maxiter": 10_000},
    )
    assert sol.fun >= f.f_star - f.f_star_error
    np.testing.assert_allclose(sol.x, f.minimizer, atol=1e-5)


def test_log_cosh_value_is_stable_far_away():
    f = log_cosh_1d(a=1.0, c=3.0)
    x = np.array([[800.0]])
    assert np.isfinite(f(x)).all()
    assert f(x)[0] == pytest.approx(0.5 * 800**2 + 3 * (800 - np.log(2)), rel=1e-14)


def test_soft_cubic_derivatives_and_constants():
    """SoftCubic1D: gradient and Hessian against central differences of f and of the gradient,
    f(x*) = f* with ∇f(x*) = 0, and γ attained at x* (f‴(0) = s: g‴(0) = 1)."""
    f, h = SoftCubic1D(7.0), 1e-5
    for x in (-3.0, -0.2, 0.004, 0.02, 1.5):
        X = np.array([x])
        assert f.gradient(X)[0] == pytest.approx((f(X + h) - f(X - h)) / (2 * h), rel=1e-7)
        assert f.hessian(X)[0, 0] == pytest.approx(
            (f.gradient(X + h)[0] - f.gradient(X - h)[0]) / (2 * h), rel=1e-7
        )
    assert f(f.minimizer) == f.f_star and f.gradient(f.minimizer)[0] == 0.0
    third = (f.hessian(np.array([h]))[0, 0] - f.hessian(np.array([-h]))[0, 0]) / (2 * h)
    assert third == pytest.approx(f.gamma, rel=1e-8)


@pytest.mark.parametrize("power", [1.0, 1.5, 2.0])
def test_power_hessian_against_finite_differences_and_its_constants(power):
    """PowerHessian1D: gradient and Hessian against central differences of f and of the
    gradient on both sides of |x| = 1, f(x*) = f* with ∇f(x*) = 0; σ = inf f″ = 1 at x*, f″ below
    L = 2 + p and approaching it far out; γ = sup|f‴| = p attained at |x| = 1 (one-sided
    differences of f″) and never exceeded on a grid."""
    from mines_theory.problems.objectives import PowerHessian1D

    f, h = PowerHessian1D(power), 1e-5
    for x in (-3.0, -1.0, -0.7, 0.004, 0.5, 1.0, 1.3, 4.0):
        X = np.array([x])
        assert f.gradient(X)[0] == pytest.approx(
            (f(X + h) - f(X - h)) / (2 * h), rel=1e-7, abs=1e-10
        )
        assert f.hessian(X)[0, 0] == pytest.approx(
            (f.gradient(X + h)[0] - f.gradient(X - h)[0]) / (2 * h), rel=1e-7
        )
    assert f(f.minimizer) == f.f_star and f.gradient(f.minimizer)[0] == 0.0
    grid = np.linspace(-50, 50, 200_001)[:, None]
    curvature = f.hessian(grid)[:, 0, 0]
    assert curvature.min() == pytest.approx(f.sigma) and curvature.max() < f.L
    assert f.hessian(np.array([1e8]))[0, 0] == pytest.approx(f.L, rel=1e-7)
    third = np.diff(curvature) / np.diff(grid[:, 0])
    assert np.abs(third).max() <= f.gamma * (1 + 1e-6)
    left = (f.hessian(np.array([1.0]))[0, 0] - f.hessian(np.array([1.0 - h]))[0, 0]) / h
    assert left == pytest.approx(f.gamma, rel=1e-4)


@pytest.mark.parametrize("power", [1.0, 1.5, 2.0])
def test_power_hessian_smoothed_curvature_against_quadrature(power):
    """E f″(a u) − f″(0) in closed form against adaptive quadrature of f″, and its leading term
    a^p E|u|^p at small a (E|u|^p against quadrature too)."""
    import scipy.integrate

    from mines_theory.problems.objectives import PowerHessian1D

    f = PowerHessian1D(power)

    def density(u, a):
        return (f.hessian(np.array([a * u]))[0, 0] - 1.0) * np.exp(-u * u / 2) / np.sqrt(2 * np.pi)

    for a in (0.01, 0.3, 2.0):
        value = 2 * sum(
            scipy.integrate.quad(density, lo, hi, args=(a,), epsabs=1e-14)[0]
            for lo, hi in [(0.0, 1.0 / a), (1.0 / a, np.inf)]
        )
        assert f.smoothed_curvature(a) == pytest.approx(value, rel=1e-8)
    moment = (
        2
        * scipy.integrate.quad(
            lambda u: u**power * np.exp(-u * u / 2) / np.sqrt(2 * np.pi), 0, np.inf
        )[0]
    )
    assert PowerHessian1D.absolute_moment(power) == pytest.approx(moment, rel=1e-10)
    assert f.smoothed_curvature(1e-4) / 1e-4**power == pytest.approx(moment, rel=1e-9)


def test_power_hessian_rejects_a_power_outside_one_to_two():
    from mines_theory.problems.objectives import PowerHessian1D

    for power in (0.5, 2.5):
        with pytest.raises(ValueError, match=r"power must lie in \[1, 2\]"):
            PowerHessian1D(power)

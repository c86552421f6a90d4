"""Objectives: the stated constants against measurement, vectorization and gradients."""

import numpy as np
import pytest
import scipy.optimize

from mines_theory.objectives import RotatedEllipsoid


@pytest.mark.parametrize("dim, condition", [(1, 1.0), (2, 10.0), (10, 100.0), (20, 1e4)])
def test_constants_match_the_hessian(dim, condition):
    f = RotatedEllipsoid(dim, condition, seed=3, scale=0.5)
    w = np.linalg.eigvalsh(f.hessian(np.zeros(dim)))
    np.testing.assert_allclose([w[0], w[-1]], [f.sigma, f.L], rtol=1e-10)
    assert f.sigma == 0.5 and f.condition_number == pytest.approx(condition)
    assert f.gamma == 0.0


def test_rotation_is_seeded_and_orthogonal():
    a, b, c = (RotatedEllipsoid(5, 10.0, seed=s).rotation for s in (1, 1, 2))
    np.testing.assert_array_equal(a, b)
    assert not np.allclose(a, c)
    np.testing.assert_allclose(a @ a.T, np.eye(5), atol=1e-12)


def test_minimizer_and_value():
    x_star = np.array([1.0, -2.0, 3.0])
    f = RotatedEllipsoid(3, 50.0, seed=0, minimizer=x_star, f_star=-4.0)
    sol = scipy.optimize.minimize(f, np.zeros(3), jac=f.gradient, method="BFGS",
                                  options={"gtol": 1e-12})
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
        np.testing.assert_allclose(g, scipy.optimize.approx_fprime(x, f, 1e-7), rtol=1e-5, atol=1e-5)
    assert f.hessian(X).shape == (6, 4, 4)


@pytest.mark.parametrize(
    "kwargs, match",
    [({"dim": 0, "condition": 2.0}, "dim must be an integer >= 1"),
     ({"dim": 3, "condition": 0.5}, "condition must be >= 1"),
     ({"dim": 3, "condition": 10.0, "minimizer": np.ones(2)}, "minimizer must have length 3")],
)
def test_bad_input(kwargs, match):
    with pytest.raises(ValueError, match=match):
        RotatedEllipsoid(**kwargs)


def test_wrong_point_shape():
    f = RotatedEllipsoid(3, 10.0)
    with pytest.raises(ValueError, match=r"X must have shape \(n, 3\) or \(3,\), got shape \(2, 2\)"):
        f(np.zeros((2, 2)))

"""project_eigenvalues: the Frobenius projection onto {lower I ⪯ X ⪯ upper I} (Prop. A.2)."""

import numpy as np
import pytest
import scipy.optimize
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from mines_theory.projection import project_eigenvalues, spectrum_within

TOL = 1e-9


def symmetric(dim):
    entries = arrays(np.float64, (dim, dim), elements=st.floats(-20, 20, allow_nan=False))
    return entries.map(lambda a: 0.5 * (a + a.T))


bounds = st.tuples(st.floats(0.01, 5.0), st.floats(0.0, 10.0)).map(lambda t: (t[0], t[0] + t[1]))


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(symmetric), bounds)
def test_spectrum_in_bounds_and_idempotent(A, lu):
    lower, upper = lu
    P = project_eigenvalues(A, lower, upper)
    w = np.linalg.eigvalsh(P)
    assert np.all(w >= lower - TOL * upper) and np.all(w <= upper + TOL * upper)
    np.testing.assert_allclose(project_eigenvalues(P, lower, upper), P, atol=1e-9 * upper)
    np.testing.assert_array_equal(P, P.T)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 5).flatmap(lambda d: st.tuples(symmetric(d), symmetric(d))), bounds)
def test_non_expansive(AB, lu):
    A, B = AB
    lower, upper = lu
    dist = np.linalg.norm(project_eigenvalues(A, lower, upper) - project_eigenvalues(B, lower, upper))
    assert dist <= np.linalg.norm(A - B) * (1 + 1e-9) + 1e-9


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 5).flatmap(symmetric), bounds, st.integers(0, 2**32 - 1))
def test_variational_inequality(A, lu, seed):
    """P is the projection onto the convex set C iff ⟨A − P, Y − P⟩ ≤ 0 for every Y in C."""
    lower, upper = lu
    P = project_eigenvalues(A, lower, upper)
    rng = np.random.default_rng(seed)
    d = A.shape[0]
    for _ in range(20):
        Q, _ = np.linalg.qr(rng.standard_normal((d, d)))
        Y = (Q * rng.uniform(lower, upper, d)) @ Q.T
        assert np.sum((A - P) * (Y - P)) <= 1e-8 * (1 + np.abs(A).max() * upper)


def _psd_2x2(a, b, c):
    """[[a, c], [c, b]] ⪰ 0 as smooth inequalities: both diagonal entries and the determinant ≥ 0."""
    return [a, b, a * b - c * c]


@pytest.mark.parametrize("seed", range(8))
def test_matches_generic_constrained_solver_2x2(seed):
    """Against SLSQP on min ‖X − A‖²_F over symmetric 2×2 X = [[a, c], [c, b]] with
    X − lower·I ⪰ 0 and upper·I − X ⪰ 0, written as polynomial inequalities."""
    rng = np.random.default_rng(seed)
    A = rng.normal(0, 4, (2, 2))
    A = 0.5 * (A + A.T)
    lower, upper = 0.5, 3.0
    objective = lambda x: (x[0] - A[0, 0]) ** 2 + (x[1] - A[1, 1]) ** 2 + 2 * (x[2] - A[0, 1]) ** 2
    constraints = [
        {"type": "ineq", "fun": lambda x: _psd_2x2(x[0] - lower, x[1] - lower, x[2])},
        {"type": "ineq", "fun": lambda x: _psd_2x2(upper - x[0], upper - x[1], -x[2])},
    ]
    x0 = np.array([1.0, 1.0, 0.0])     # feasible start
    sol = scipy.optimize.minimize(objective, x0, constraints=constraints, method="SLSQP",
                                  options={"ftol": 1e-14, "maxiter": 1000})
    # SLSQP often stops on "positive directional derivative" at a boundary optimum; what
    # matters is the point it found, which must agree with the closed form.
    X = np.array([[sol.x[0], sol.x[2]], [sol.x[2], sol.x[1]]])
    np.testing.assert_allclose(project_eigenvalues(A, lower, upper), X, atol=1e-5)


def test_paper_interval_is_not_s_prime():
    """eq:proj_cs_prime clips Σ⁻¹ to [ζ⁻¹, τ⁻¹]; S' (eq:cS_p) is {τ I ⪯ Σ⁻¹ ⪯ ζ I}.
    With τ = 0.5, ζ = 4, a Σ⁻¹ with spectrum {3, 0.3}: S' keeps 3 and lifts 0.3 to 0.5, the
    printed rule caps 3 at τ⁻¹ = 2 and keeps 0.3 (≥ ζ⁻¹ = 0.25), which is outside S'."""
    tau, zeta = 0.5, 4.0
    A = np.diag([3.0, 0.3])
    np.testing.assert_allclose(project_eigenvalues(A, tau, zeta), np.diag([3.0, 0.5]))
    printed = project_eigenvalues(A, 1 / zeta, 1 / tau)
    np.testing.assert_allclose(printed, np.diag([2.0, 0.3]))
    assert not spectrum_within(printed, tau, zeta)


def test_batched_matches_one_by_one():
    rng = np.random.default_rng(0)
    A = rng.normal(size=(4, 3, 3))
    A = A + np.swapaxes(A, 1, 2)
    batched = project_eigenvalues(A, 0.5, 2.0)
    for i in range(4):
        np.testing.assert_allclose(batched[i], project_eigenvalues(A[i], 0.5, 2.0), atol=1e-12)


def test_spectrum_within_agrees_with_eigenvalues():
    rng = np.random.default_rng(1)
    for _ in range(200):
        d = rng.integers(1, 6)
        A = rng.normal(size=(d, d))
        A = A @ A.T
        w = np.linalg.eigvalsh(A)
        lower, upper = rng.uniform(0, 2), rng.uniform(2, 12)
        assert spectrum_within(A, lower, upper) == bool(w[0] > lower and w[-1] < upper)


@pytest.mark.parametrize(
    "args, match",
    [((np.eye(2), 2.0, 1.0), "lower must be <= upper"),
     ((np.ones((2, 3)), 0.0, 1.0), "A must be a square matrix"),
     ((np.array([[1.0, 2.0], [0.0, 1.0]]), 0.0, 1.0), "A must be symmetric"),
     ((np.array([[np.nan, 0.0], [0.0, 1.0]]), 0.0, 1.0), "A must be finite"),
     ((np.eye(2), np.inf, 1.0), "lower must be finite")],
)
def test_bad_input(args, match):
    with pytest.raises(ValueError, match=match):
        project_eigenvalues(*args)

"""linalg: the projection onto {lower I ⪯ X ⪯ upper I} (Prop. A.2), roots, Cholesky factors,
spectrum tests and preconditioned extremes, one matrix and stacks alike."""

import numpy as np
import pytest
import scipy.optimize
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import scipy.linalg

from mines_theory.linalg import (
    cholesky_lower,
    preconditioned_condition,
    preconditioned_extremes,
    project_eigenvalues,
    project_if_outside,
    random_spd,
    solve_lower_transposed,
    spectrum_within,
    symmetric_roots,
)

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


# ---------------------------------------------------------------------------------------------
# The inner-loop helpers of Algorithm 1: one matrix (LAPACK) and stacks (NumPy) agree
# ---------------------------------------------------------------------------------------------

def _stack(rng, n=5, d=4, low=0.2, high=9.0):
    return np.stack([random_spd(rng, d, low, high) for _ in range(n)])


def test_symmetric_roots():
    rng = np.random.default_rng(2)
    sigma_inv = random_spd(rng, 4, 0.1, 10.0)
    root, root_inv = symmetric_roots(sigma_inv)
    np.testing.assert_allclose(root @ root, np.linalg.inv(sigma_inv), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(root @ root_inv, np.eye(4), atol=1e-12)
    np.testing.assert_allclose(root, root.T, atol=1e-14)
    np.testing.assert_allclose(root_inv, np.real(scipy.linalg.sqrtm(sigma_inv)), rtol=1e-10)
    with pytest.raises(ValueError, match="sigma_inv must be positive definite"):
        symmetric_roots(-np.eye(2))


def test_cholesky_and_triangular_solve_one_matrix_and_stack():
    rng = np.random.default_rng(3)
    stack = _stack(rng)
    rows = rng.standard_normal((5, 6, 4))
    L = cholesky_lower(stack)
    for i in range(5):
        Li = cholesky_lower(stack[i])
        np.testing.assert_allclose(Li, np.linalg.cholesky(stack[i]), rtol=1e-12, atol=1e-14)
        np.testing.assert_allclose(L[i], Li, rtol=1e-12, atol=1e-14)
        Z = solve_lower_transposed(Li, rows[i])
        np.testing.assert_allclose(Z @ Li, rows[i], rtol=1e-10, atol=1e-12)     # (Lᵀz)ᵀ = u
        np.testing.assert_allclose(solve_lower_transposed(L, rows)[i], Z, rtol=1e-10, atol=1e-12)
    with pytest.raises(np.linalg.LinAlgError, match="not positive definite"):
        cholesky_lower(np.diag([1.0, -1.0]))


def test_spectrum_within_stack_and_non_finite():
    rng = np.random.default_rng(4)
    stack = _stack(rng, n=40, d=3, low=0.1, high=12.0)
    w = np.linalg.eigvalsh(stack)
    expected = (w[:, 0] > 1.0) & (w[:, -1] < 10.0)
    assert 0 < expected.sum() < 40
    np.testing.assert_array_equal(spectrum_within(stack, 1.0, 10.0), expected)
    assert [spectrum_within(A, 1.0, 10.0) for A in stack] == list(expected)
    nan = np.full((2, 2), np.nan)
    assert spectrum_within(nan, 0.0, 1.0) is False
    assert not spectrum_within(np.stack([nan, np.eye(2)]), 0.5, 2.0)[0]


def test_project_if_outside():
    rng = np.random.default_rng(5)
    stack = _stack(rng, n=30, d=3, low=0.1, high=12.0)
    projected, mask = project_if_outside(stack, 1.0, 10.0)
    np.testing.assert_array_equal(mask, ~spectrum_within(stack, 1.0, 10.0))
    np.testing.assert_array_equal(projected[~mask], stack[~mask])             # untouched
    np.testing.assert_allclose(projected[mask], project_eigenvalues(stack[mask], 1.0, 10.0))
    for A, was in zip(stack, mask):
        P, flag = project_if_outside(A, 1.0, 10.0)
        assert bool(flag) == bool(was)
        np.testing.assert_allclose(P, project_eigenvalues(A, 1.0, 10.0), atol=1e-12)


def test_preconditioned_extremes_against_generalized_eigenvalues():
    """ξ and 𝓛 are the extreme generalized eigenvalues of H v = λ Σ⁻¹ v (scipy), for a rotated,
    non-diagonal pair in d = 4 with distinct eigenvalues (so an index slip would show)."""
    rng = np.random.default_rng(6)
    H, sigma_inv = _stack(rng, n=2, d=4)
    w = scipy.linalg.eigh(H, sigma_inv, eigvals_only=True)
    assert preconditioned_extremes(H, sigma_inv) == pytest.approx((w[0], w[-1]), rel=1e-10)
    L = np.linalg.cholesky(sigma_inv)
    assert preconditioned_extremes(H, chol=L) == pytest.approx((w[0], w[-1]), rel=1e-10)
    Hs, Ss = _stack(rng), _stack(rng)
    xi, curvature = preconditioned_extremes(Hs, Ss)
    for i in range(5):
        w = scipy.linalg.eigh(Hs[i], Ss[i], eigvals_only=True)
        assert (xi[i], curvature[i]) == pytest.approx((w[0], w[-1]), rel=1e-10)


def test_preconditioned_condition():
    rng = np.random.default_rng(7)
    C, H = _stack(rng, n=2, d=4)
    w = scipy.linalg.eigh(H, np.linalg.inv(C), eigvals_only=True)
    assert preconditioned_condition(C, H) == pytest.approx(w[-1] / w[0], rel=1e-10)
    values = preconditioned_condition(np.stack([C, -np.eye(4)]), H)
    assert values[0] == pytest.approx(w[-1] / w[0], rel=1e-10) and np.isnan(values[1])


def test_random_spd():
    rng = np.random.default_rng(8)
    A = random_spd(rng, 5, 0.5, 2.0)
    w = np.linalg.eigvalsh(A)
    assert np.all(w >= 0.5 - 1e-12) and np.all(w <= 2.0 + 1e-12)
    np.testing.assert_allclose(np.linalg.eigvalsh(random_spd(rng, 3, eigenvalues=[3.0, 1.0, 2.0])),
                               [1.0, 2.0, 3.0], rtol=1e-12)
    with pytest.raises(ValueError, match="low and high must satisfy"):
        random_spd(rng, 3)
    with pytest.raises(ValueError, match=r"eigenvalues must have shape \(3,\)"):
        random_spd(rng, 3, eigenvalues=[1.0, 2.0])

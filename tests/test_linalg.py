"""linalg: the projection onto {lower I ⪯ X ⪯ upper I} (Prop. A.2), roots, Cholesky factors,
spectrum tests and preconditioned extremes, one matrix and stacks alike."""

import warnings

import numpy as np
import pytest
import scipy.linalg
import scipy.optimize
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import mines_theory.linalg.spd as linalg_module
from mines_theory.linalg.lowrank import LowRank, low_rank, low_rank_update, project_low_rank
from mines_theory.linalg.spd import (
    cholesky_lower,
    preconditioned_condition,
    preconditioned_extremes,
    project_eigenvalues,
    project_if_outside,
    random_rotation,
    random_spd,
    solve_lower_transposed,
    spectrum_within,
    symmetric_roots,
    weighted_gram,
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
    dist = np.linalg.norm(
        project_eigenvalues(A, lower, upper) - project_eigenvalues(B, lower, upper)
    )
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
    """[[a, c], [c, b]] ⪰ 0 as smooth inequalities: both diagonal entries and the determinant
    ≥ 0."""
    return [a, b, a * b - c * c]


@pytest.mark.parametrize("seed", range(8))
def test_matches_generic_constrained_solver_2x2(seed):
    """Against SLSQP on min ‖X − A‖²_F over symmetric 2×2 X = [[a, c], [c, b]] with
    X − lower·I ⪰ 0 and upper·I − X ⪰ 0, written as polynomial inequalities."""
    rng = np.random.default_rng(seed)
    A = rng.normal(0, 4, (2, 2))
    A = 0.5 * (A + A.T)
    lower, upper = 0.5, 3.0

    def objective(x):
        return (x[0] - A[0, 0]) ** 2 + (x[1] - A[1, 1]) ** 2 + 2 * (x[2] - A[0, 1]) ** 2

    constraints = [
        {"type": "ineq", "fun": lambda x: _psd_2x2(x[0] - lower, x[1] - lower, x[2])},
        {"type": "ineq", "fun": lambda x: _psd_2x2(upper - x[0], upper - x[1], -x[2])},
    ]
    x0 = np.array([1.0, 1.0, 0.0])  # feasible start
    sol = scipy.optimize.minimize(
        objective,
        x0,
        constraints=constraints,
        method="SLSQP",
        options={"ftol": 1e-14, "maxiter": 1000},
    )
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
    [
        ((np.eye(2), 2.0, 1.0), "lower must be <= upper"),
        ((np.ones((2, 3)), 0.0, 1.0), "A must be a square matrix"),
        ((np.array([[1.0, 2.0], [0.0, 1.0]]), 0.0, 1.0), "A must be symmetric"),
        ((np.array([[np.nan, 0.0], [0.0, 1.0]]), 0.0, 1.0), "A must be finite"),
        ((np.eye(2), np.inf, 1.0), "lower must be finite"),
    ],
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
        np.testing.assert_allclose(Z @ Li, rows[i], rtol=1e-10, atol=1e-12)  # (Lᵀz)ᵀ = u
        np.testing.assert_allclose(solve_lower_transposed(L, rows)[i], Z, rtol=1e-10, atol=1e-12)
    with pytest.raises(ValueError, match="A must be positive definite.*smallest eigenvalue -1"):
        cholesky_lower(np.diag([1.0, -1.0]))
    with pytest.raises(
        ValueError,
        match=r"A must be positive definite, got a stack whose "
        r"matrix \(1,\) is not \(smallest eigenvalue -2\)",
    ):
        cholesky_lower(np.stack([np.eye(2), np.diag([1.0, -2.0])]))


def test_spectrum_within_stack_and_non_finite():
    rng = np.random.default_rng(4)
    stack = _stack(rng, n=40, d=3, low=0.1, high=12.0)
    w = np.linalg.eigvalsh(stack)
    expected = (w[:, 0] > 1.0) & (w[:, -1] < 10.0)
    assert 0 < expected.sum() < 40
    np.testing.assert_array_equal(spectrum_within(stack, 1.0, 10.0), expected)
    assert [spectrum_within(A, 1.0, 10.0) for A in stack] == list(expected)
    nan = np.full((2, 2), np.nan)  # never "within": a named error, not an answer
    for A in (nan, np.stack([nan, np.eye(2)])):
        with pytest.raises(ValueError, match="A must be finite, got non-finite entries"):
            spectrum_within(A, 0.0, 1.0)


def test_project_if_outside():
    rng = np.random.default_rng(5)
    stack = _stack(rng, n=30, d=3, low=0.1, high=12.0)
    projected, mask = project_if_outside(stack, 1.0, 10.0)
    np.testing.assert_array_equal(mask, ~spectrum_within(stack, 1.0, 10.0))
    np.testing.assert_array_equal(projected[~mask], stack[~mask])  # untouched
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
    np.testing.assert_allclose(
        np.linalg.eigvalsh(random_spd(rng, 3, eigenvalues=[3.0, 1.0, 2.0])),
        [1.0, 2.0, 3.0],
        rtol=1e-12,
    )
    with pytest.raises(ValueError, match="low and high must be given when eigenvalues is not"):
        random_spd(rng, 3)
    with pytest.raises(ValueError, match=r"eigenvalues must have shape \(3,\)"):
        random_spd(rng, 3, eigenvalues=[1.0, 2.0])


# ---------------------------------------------------------------------------------------------
# Stacks, bounds and edge cases, each against a value that does not come from the code under
# test: a hand computation, scipy, or an independent numpy computation
# ---------------------------------------------------------------------------------------------


def test_symmetric_roots_of_a_stack_against_scipy_sqrtm():
    """A stack of rotated matrices with distinct eigenvalues: Σ^{-1/2} = sqrtm(Σ⁻¹) and
    Σ^{1/2} = sqrtm(Σ) matrix by matrix (scipy): U·diag·Uᵀ for each matrix of the stack."""
    rng = np.random.default_rng(21)
    stack = np.stack([random_spd(rng, 4, eigenvalues=[0.3, 1.1, 2.5, 7.0]) for _ in range(3)])
    root, root_inv = symmetric_roots(stack)
    for i in range(3):
        np.testing.assert_allclose(
            root_inv[i], np.real(scipy.linalg.sqrtm(stack[i])), rtol=1e-10, atol=1e-12
        )
        np.testing.assert_allclose(
            root[i], np.real(scipy.linalg.sqrtm(np.linalg.inv(stack[i]))), rtol=1e-10, atol=1e-12
        )


@pytest.mark.parametrize(
    "sigma_inv",
    [
        # eigenvalues −1, 1, 3 (by hand: the 2×2 block [[2, 1], [1, 2]] has 1 and 3): indefinite
        np.array([[2.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, -1.0]]),
        # singular: eigenvalues 0 and 3 exactly (positive semi-definite, not definite)
        np.diag([0.0, 3.0]),
    ],
)
def test_symmetric_roots_rejects_indefinite_and_singular(sigma_inv):
    """Kills ``eigenvalues[..., 1]`` (only the second-smallest eigenvalue is checked: the first
    matrix, eigenvalues {−1, 1, 3}, passes) and ``smallest < 0.0`` (the singular matrix passes
    and 1/√0 follows)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(ValueError, match="sigma_inv must be positive definite"):
            symmetric_roots(sigma_inv)


def test_cholesky_lower_accepts_integer_input():
    """The docstring's example given as integers: [[4, 2], [2, 5]] = L Lᵀ with L = [[2, 0], [1, 2]]
    (by hand: 2² = 4, 2·1 = 2, 1² + 2² = 5). Kills ``np.asarray(A, dtype=None)``: LAPACK then
    factors a float copy and the integer input comes back unchanged."""
    L = cholesky_lower([[4, 2], [2, 5]])
    np.testing.assert_array_equal(L, [[2.0, 0.0], [1.0, 2.0]])


def test_spectrum_within_accepts_integer_input():
    """[[2, 1], [1, 2]] has eigenvalues 1 and 3 (by hand), strictly inside (0.5, 3.5). Kills
    ``np.asarray(A, dtype=None)``: the shifted diagonal 2 − 0.5 is truncated to 1 in an integer
    buffer, the shifted matrix [[1, 1], [1, 1]] is singular, and the answer flips to False."""
    assert spectrum_within([[2, 1], [1, 2]], 0.5, 3.5)
    assert not spectrum_within([[2, 1], [1, 2]], 1.5, 3.5)


def test_spectrum_touching_a_bound_is_outside_for_stacks_too():
    """The docstring: a spectrum that touches a bound counts as outside, for one matrix and for
    each of a stack alike. diag(1, 5) touches lower = 1; diag(2, 10) touches upper = 10 (exact
    eigenvalues of diagonal matrices). Kills ``>= lower`` and ``<= upper`` in the stack path."""
    touching = np.stack([np.diag([1.0, 5.0]), np.diag([2.0, 10.0]), np.diag([2.0, 5.0])])
    np.testing.assert_array_equal(spectrum_within(touching, 1.0, 10.0), [False, False, True])
    assert [bool(spectrum_within(A, 1.0, 10.0)) for A in touching] == [False, False, True]


def test_projection_of_a_stack_is_exactly_symmetric():
    """Π of each matrix of a stack is symmetric to the last bit, as for one matrix (the Cholesky
    factorization downstream reads one triangle only), and equals the clipped spectrum put back
    with scipy's eigh. Kills the stack path's ``swapaxes(X, +1, -2)`` (no symmetrization)."""
    rng = np.random.default_rng(22)
    A = rng.normal(size=(6, 5, 5))
    A = A + np.swapaxes(A, 1, 2)
    P = project_eigenvalues(A, 0.5, 3.0)
    np.testing.assert_array_equal(P, np.swapaxes(P, 1, 2))
    for i in range(6):
        w, U = scipy.linalg.eigh(A[i])
        np.testing.assert_allclose(P[i], (U * np.clip(w, 0.5, 3.0)) @ U.T, atol=1e-12)


def test_preconditioned_condition_of_a_stack_has_one_value_per_covariance():
    """Three 4×4 covariances (S = 3 ≠ d = 4), the first not positive definite: the result has
    shape (3,), NaN first, then cond(C^{1/2}HC^{1/2}) = ratio of the extreme generalized
    eigenvalues of H v = λ C⁻¹ v (scipy). Kills ``np.full(C.shape[1], …)`` (length d) and
    ``break`` instead of ``continue`` (everything after a bad covariance left NaN)."""
    rng = np.random.default_rng(23)
    H = random_spd(rng, 4, eigenvalues=[0.5, 1.0, 3.0, 8.0])
    C1 = random_spd(rng, 4, eigenvalues=[0.2, 0.7, 1.5, 4.0])
    C2 = random_spd(rng, 4, eigenvalues=[0.1, 0.3, 2.0, 6.0])
    out = preconditioned_condition(np.stack([-np.eye(4), C1, C2]), H)
    assert out.shape == (3,)
    assert np.isnan(out[0])
    for value, C in zip(out[1:], (C1, C2)):
        w = scipy.linalg.eigh(H, np.linalg.inv(C), eigvals_only=True)
        assert value == pytest.approx(w[-1] / w[0], rel=1e-10)


def test_preconditioned_condition_of_a_singular_product_is_inf_without_warning():
    """C = diag(0.5, 2), H = diag(0, 3): C^{1/2}HC^{1/2} = diag(0, 6) is singular, so the
    condition number is +inf (docstring), with no division by zero. Kills ``(w[0] > 0) or True``,
    ``w[1] > 0`` and ``w[0] >= 0`` (each divides 6 by 0)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        assert preconditioned_condition(np.diag([0.5, 2.0]), np.diag([0.0, 3.0])) == np.inf


def test_random_spd_rejects_bad_bounds_and_accepts_low_equal_high():
    """0 < low ≤ high is required: low > high and low = 0 are rejected with a message naming
    them, low = None is not a TypeError, and low = high is accepted."""
    rng = np.random.default_rng(24)
    for low, high, message in [
        (2.0, 1.0, "low must be <= high, got low = 2.0 > high = 1.0"),
        (None, 2.0, "low and high must be given .* got low=None, high=2.0"),
        (0.5, None, "low and high must be given .* got low=0.5, high=None"),
        (0.0, 1.0, "low must be a finite number > 0, got 0.0"),
        (True, 2.0, "low must be a positive real number, got True"),
    ]:
        with pytest.raises(ValueError, match=message):
            random_spd(rng, 3, low, high)
    # low = high = 2: every eigenvalue is 2, so Q·2I·Qᵀ = 2I (by hand)
    np.testing.assert_allclose(random_spd(rng, 3, 2.0, 2.0), 2.0 * np.eye(3), atol=1e-14)


# ----------------------------------------------------------------------------------------------
# Identity plus low rank (precision_form="lowrank" of Algorithm 1), against dense computations
# ----------------------------------------------------------------------------------------------


def _random_low_rank(rng, d, r, floor, low, high):
    """floor·I + V diag(e) Vᵀ with V the first r columns of a random rotation, e ~ U[low, high]."""
    return LowRank(floor, random_rotation(rng, d)[:, :r], rng.uniform(low, high, r))


def _full_spectrum(A: LowRank):
    d = A.basis.shape[0]
    return np.sort(np.concatenate([A.floor + A.excess, np.full(d - A.rank, A.floor)]))


@pytest.mark.parametrize("c", [-3.0, 0.4, 1.7])
@pytest.mark.parametrize(
    "d, r, b, rows_in_span", [(9, 3, 2, False), (9, 0, 4, False), (7, 5, 4, False), (8, 3, 2, True)]
)
def test_low_rank_update_is_the_dense_update(c, d, r, b, rows_in_span):
    """c·A + YᵀWY from the (r+b)×(r+b) eigenproblem equals the dense sum, and the floor and the
    excesses are its whole spectrum (numpy's dense eigvalsh), also when r + b > d and when the
    rows lie in the span of V (a rank-deficient [V, Yᵀ]); weights of both signs."""
    rng = np.random.default_rng(d * 100 + r * 10 + b)
    A = _random_low_rank(rng, d, r, 0.7, -0.5, 3.0)
    Y = rng.normal(size=(b, d))
    if rows_in_span:
        Y = rng.normal(size=(b, r)) @ A.basis.T
    w = rng.normal(size=b)
    dense = c * A.dense() + Y.T @ (w[:, None] * Y)
    B = low_rank_update(A, c, Y, w)
    scale = np.abs(dense).max()
    np.testing.assert_allclose(B.dense(), dense, rtol=0, atol=1e-13 * scale)
    np.testing.assert_allclose(B.basis.T @ B.basis, np.eye(B.rank), rtol=0, atol=1e-14)
    np.testing.assert_allclose(
        _full_spectrum(B), np.linalg.eigvalsh(dense), rtol=0, atol=1e-13 * scale
    )


@pytest.mark.parametrize(
    "floor, low, high",
    [
        (0.2, 0.0, 5.0),
        (0.2, 0.1, 0.6),  # complement below
        (6.0, -5.9, 0.0),
        (1.0, -0.9, 8.0),  # above / both
        (1.0, -0.4, 0.5),
    ],
)  # inside
def test_project_low_rank_is_the_dense_projection(floor, low, high):
    """Π onto {0.5·I ⪯ X ⪯ 4·I} of a LowRank equals ``project_eigenvalues`` of its dense matrix
    (Prop. A.2), 'projected' is 'not strictly inside' as ``spectrum_within`` decides, and after
    a projection the rank is the number of eigenvalues (dense eigvalsh) that differ from the
    clipped floor; an A inside is returned as it is."""
    rng = np.random.default_rng(int(10 * floor + 100 * high))
    A = _random_low_rank(rng, 10, 4, floor, low, high)
    P, projected = project_low_rank(A, 0.5, 4.0)
    assert projected == (not spectrum_within(A.dense(), 0.5, 4.0))
    np.testing.assert_allclose(
        P.dense(), project_eigenvalues(A.dense(), 0.5, 4.0), rtol=0, atol=1e-13
    )
    if projected:
        eigenvalues = np.linalg.eigvalsh(P.dense())
        assert P.rank == np.sum(np.abs(eigenvalues - np.clip(floor, 0.5, 4.0)) > 1e-12)
    else:
        assert P is A


def test_a_negative_step_leaves_at_most_b_eigenvalues_above_the_floor():
    """While c < 0, c·A with A ⪰ τI has every eigenvalue ≤ cτ < τ, and adding a positive
    semidefinite rank-b term raises at most b of them above τ (Weyl's interlacing), so the
    projection has rank ≤ b: checked with nonnegative weights for 20 random draws (rank 6 → ≤ 2)."""
    rng = np.random.default_rng(7)
    for _ in range(20):
        A = _random_low_rank(rng, 12, 6, 0.5, 0.0, 3.0)
        Y = rng.normal(size=(2, 12))
        P, projected = project_low_rank(low_rank_update(A, -0.3, Y, rng.uniform(0, 2, 2)), 0.5, 9.0)
        assert projected and P.rank <= 2 and P.floor == 0.5


@pytest.mark.parametrize("power", [0.5, -0.5, -1.0])
def test_low_rank_powers_are_scipy_matrix_powers(power):
    """Rows times A^p for p = ±1/2, −1 equal scipy's fractional_matrix_power of the dense A."""
    rng = np.random.default_rng(3)
    A = _random_low_rank(rng, 8, 3, 0.3, 0.5, 6.0)
    u = rng.normal(size=(5, 8))
    expected = u @ np.real(scipy.linalg.fractional_matrix_power(A.dense(), power))
    np.testing.assert_allclose(A.power_rows(power, u), expected, rtol=1e-11, atol=1e-12)


def test_low_rank_of_a_dense_matrix():
    """A multiple of the identity has rank 0 (no eigendecomposition); another matrix keeps the
    eigenvectors whose eigenvalue differs from the floor, and its dense form is the matrix."""
    identity = low_rank(3.0 * np.eye(4), 0.5)
    assert identity.rank == 0 and identity.floor == 3.0
    np.testing.assert_array_equal(identity.dense(), 3.0 * np.eye(4))
    M = random_spd(np.random.default_rng(2), 5, eigenvalues=[0.5, 0.5, 1.0, 2.0, 3.0])
    A = low_rank(M, 0.5)
    assert 3 <= A.rank <= 5  # eigh may return 0.5 up to rounding for the repeated pair
    np.testing.assert_allclose(A.dense(), M, rtol=0, atol=1e-14 * 3)
    np.testing.assert_allclose(_full_spectrum(A), [0.5, 0.5, 1.0, 2.0, 3.0], atol=1e-14)


def test_check_input_false_skips_only_the_array_checks():
    """``check_input=False`` (the inner loop's form, as scipy's ``check_finite=False``) gives the
    same answers on valid input, skips the checks (a NaN matrix is then simply not within,
    an upper entry of L is not read, the scalars are the caller's), not positive definiteness."""
    rng = np.random.default_rng(40)
    A = random_spd(rng, 5, 0.3, 6.0)
    L = cholesky_lower(A)
    u = rng.standard_normal((4, 5))
    np.testing.assert_array_equal(cholesky_lower(A, check_input=False), L)
    np.testing.assert_array_equal(
        solve_lower_transposed(L, u, check_input=False), solve_lower_transposed(L, u)
    )
    for lower, upper in [(0.1, 10.0), (1.0, 10.0)]:
        assert spectrum_within(A, lower, upper, check_input=False) == spectrum_within(
            A, lower, upper
        )
        P, flag = project_if_outside(A, lower, upper, check_input=False)
        Q, flag_checked = project_if_outside(A, lower, upper)
        np.testing.assert_array_equal(P, Q)
        assert flag == flag_checked
    nan = np.full((2, 2), np.nan)
    assert spectrum_within(nan, 0.5, 2.0, check_input=False) is False
    assert list(spectrum_within(np.stack([nan, np.eye(2)]), 0.5, 2.0, check_input=False)) == [
        False,
        True,
    ]
    with_upper = L + np.triu(np.ones((5, 5)), 1)  # the upper part is not read
    np.testing.assert_array_equal(
        solve_lower_transposed(with_upper, u, check_input=False), solve_lower_transposed(L, u)
    )
    with pytest.raises(ValueError, match="lower must be finite, got nan"):
        spectrum_within(A, np.nan, 2.0)  # checked scalars, unless the caller vouches for them
    with pytest.raises(ValueError, match="A must be positive definite"):
        cholesky_lower(-A, check_input=False)
    B = low_rank(np.diag([3.0, 1.0, 1.0, 1.0]), 1.0)
    Y, w = rng.standard_normal((2, 4)), rng.uniform(0.0, 1.0, 2)
    unchecked = low_rank_update(B, 0.7, Y, w, check_input=False)
    checked = low_rank_update(B, 0.7, Y, w)
    np.testing.assert_array_equal(unchecked.dense(), checked.dense())
    np.testing.assert_array_equal(B.power_rows(-0.5, Y, check_input=False), B.power_rows(-0.5, Y))
    with pytest.raises(ValueError, match="c must be finite, got inf"):
        low_rank_update(B, np.inf, Y, w)
    np.testing.assert_array_equal(
        low_rank(np.diag([3.0, 1.0]), 1.0, check_input=False).dense(), np.diag([3.0, 1.0])
    )


# weighted_gram: the three paths (for one large matrix, GEMMs over blocks of rows at small d,
# (4000, 50), and two dsyrk otherwise, (1000, 100); a matmul for a small one) against an explicit
# sum of outer products, written out row by row.


def _sum_of_outer_products(rows, weights):
    total = np.zeros((rows.shape[1], rows.shape[1]))
    for r, w in zip(rows, weights):
        total += w * np.outer(r, r)
    return total


@pytest.mark.parametrize("signs", ["mixed", "positive", "negative", "with zeros"])
@pytest.mark.parametrize("b, d", [(4000, 50), (1000, 100), (30, 7)])
def test_weighted_gram_is_the_sum_of_weighted_outer_products(signs, b, d):
    rng = np.random.default_rng([b, d, len(signs)])
    rows = rng.standard_normal((b, d))
    weights = {
        "mixed": rng.standard_normal(b),
        "positive": rng.uniform(0.1, 2.0, b),
        "negative": -rng.uniform(0.1, 2.0, b),
        "with zeros": rng.standard_normal(b) * (rng.uniform(size=b) < 0.5),
    }[signs]
    uses_syrk = (
        b * d * d >= linalg_module.GRAM_SYRK_MIN_WORK
        and b >= linalg_module.GRAM_SYRK_MIN_ROWS_PER_DIM * d
    )
    assert uses_syrk == (b >= 1000)
    blocks = linalg_module.GRAM_BLOCK_ENTRIES // d
    assert (uses_syrk and blocks >= d and b >= 2 * blocks) == (d == 50)
    gram = weighted_gram(rows, weights)
    # rounding: each entry is a sum of b terms bounded by |w_i| ||r_i||^2
    scale = float(np.abs(weights) @ np.sum(rows**2, axis=1))
    np.testing.assert_allclose(
        gram, _sum_of_outer_products(rows, weights), rtol=0, atol=1e-13 * scale
    )
    if uses_syrk:
        np.testing.assert_array_equal(gram, gram.T)  # one triangle, mirrored


def test_weighted_gram_of_a_stack_is_each_matrix_in_turn():
    rng = np.random.default_rng(7)
    rows, weights = rng.standard_normal((3, 1000, 50)), rng.standard_normal((3, 1000))
    stacked = weighted_gram(rows, weights)
    for k in range(3):
        np.testing.assert_allclose(
            stacked[k], weighted_gram(rows[k], weights[k]), rtol=0, atol=1e-10
        )


def test_weighted_gram_names_bad_input():
    with pytest.raises(
        ValueError,
        match=r"weights must have shape rows.shape\[:-1\] = \(3,\)"
        r".*got shape \(2,\)",
    ):
        weighted_gram(np.ones((3, 2)), np.ones(2))
    with pytest.raises(ValueError, match="rows must be finite"):
        weighted_gram(np.array([[1.0, np.inf]]), np.ones(1))
    with pytest.raises(ValueError, match="weights must be finite"):
        weighted_gram(np.ones((1, 2)), np.array([np.nan]))
    with pytest.raises(
        FloatingPointError,
        match=r"weighted Gram matrix is not finite "
        r"\(largest \|rows\| entry 1e\+300",
    ):
        weighted_gram(np.full((1, 2), 1e300), np.ones(1))

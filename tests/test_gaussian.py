"""Gaussian moments: the Isserlis engine against sympy.stats and closed forms, the G̃ second
moment against the engine, sympy and Monte Carlo, and the Monte-Carlo tools."""

import math
import time

import numpy as np
import pytest
import scipy.stats
import sympy as sp

from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.theory import gaussian
from mines_theory.theory.derivations.nes import gaussian_expectation, symmetric_matrix_symbol
from mines_theory.theory.gaussian import (
    lemma_b1_bounds,
    lemma_c1_expectation,
    monte_carlo,
    norm_moment,
    per_sample_second_moment,
    quadratic_form_moment,
    quadratic_form_moment_matrix,
    sigma_gradient_norm_samples,
    sigma_gradient_second_moment,
    sigma_gradient_variance,
)
from mines_theory.linalg.spd import symmetric_roots

from .conftest import random_spd


def test_isserlis_engine_against_sympy_stats_d2():
    """E[Q_A Q_B Q_C Q_D] (8th moments of u) for generic symmetric 2×2 matrices, the partition
    engine against sympy's own Gaussian moments of the expanded polynomial."""
    mats = [symmetric_matrix_symbol(n, 2) for n in "abcd"]
    u = sp.Matrix(sp.symbols("u1:3", real=True))
    forms = [(u.T * M * u)[0, 0] for M in mats]
    for k in (2, 3, 4):
        engine = quadratic_form_moment(*mats[:k])
        direct = gaussian_expectation(sp.Mul(*forms[:k]), list(u))
        assert sp.expand(engine - direct) == 0, k


def test_symbolic_matrices_must_be_symmetric():
    """The partition formulas assume symmetric A_i: a generic symbolic matrix is refused with
    the entry that differs; a symmetric one written in another form is accepted."""
    a, b, c, x = sp.symbols("a b c x", real=True)
    with pytest.raises(
        ValueError,
        match=r"matrices\[1\] must be symmetric .* "
        r"A\[0, 1\] - A\[1, 0\] = b - c",
    ):
        quadratic_form_moment(sp.eye(2), sp.Matrix([[a, b], [c, a]]))
    symmetric = sp.Matrix([[a, sp.sin(x) ** 2 + sp.cos(x) ** 2], [1, a]])
    assert sp.simplify(quadratic_form_moment(symmetric) - 2 * a) == 0  # tr A


def test_moment_matrix_closed_forms():
    rng = np.random.default_rng(0)
    A, B = random_spd(rng, 4), random_spd(rng, 4)
    np.testing.assert_allclose(quadratic_form_moment_matrix(A), np.trace(A) * np.eye(4) + 2 * A)
    # E[Q_A Q_B uuᵀ] = (tr A tr B + 2 tr AB) I + 2 tr(A) B + 2 tr(B) A + 4(AB + BA)
    expected = (
        (np.trace(A) * np.trace(B) + 2 * np.trace(A @ B)) * np.eye(4)
        + 2 * np.trace(A) * B
        + 2 * np.trace(B) * A
        + 4 * (A @ B + B @ A)
    )
    np.testing.assert_allclose(quadratic_form_moment_matrix(A, B), expected, rtol=1e-12)


def test_one_dimensional_moments():
    """u ~ N(0, 1): E u^{2n} = (2n − 1)!!, so E[u²]…E[u⁸] = 1, 3, 15, 105."""
    one = np.ones((1, 1))
    assert [float(quadratic_form_moment(*[one] * n)) for n in (1, 2, 3, 4)] == [1, 3, 15, 105]


@pytest.mark.parametrize("d", [1, 2, 5, 30])
def test_norm_moment_against_scipy_and_lemma_b1(d):
    for p in (2, 3, 4, 8):  # scipy integrates numerically: agreement to 1e-8 only
        assert norm_moment(d, p) == pytest.approx(scipy.stats.chi(d).moment(p), rel=1e-8)
    for p in (2, 4, 6, 8):  # even p: E‖u‖^p = d(d + 2)⋯(d + p − 2) exactly
        assert norm_moment(d, p) == pytest.approx(np.prod(d + np.arange(0, p, 2)), rel=1e-13)
    for p in (2, 2.5, 7.3):
        lower, upper = lemma_b1_bounds(d, p)
        assert lower <= norm_moment(d, p) * (1 + 1e-12) and norm_moment(d, p) <= upper
    with pytest.raises(ValueError, match="p must be >= 2"):
        lemma_b1_bounds(d, 1.0)


@pytest.mark.parametrize("d", [1, 3, 6])
def test_lemma_c1_exact(d):
    rng = np.random.default_rng(d)
    H, sigma_inv = random_spd(rng, d), random_spd(rng, d, 0.1, 10.0)
    np.testing.assert_allclose(lemma_c1_expectation(H, sigma_inv), H, atol=1e-10)


def test_closed_form_equals_isserlis_engine():
    """The trace formula of E‖X‖² against the partition engine applied to the three
    expectations it is built from (independent code paths), at random d ≤ 6."""
    rng = np.random.default_rng(7)
    for d in range(1, 7):
        H, P = random_spd(rng, d), random_spd(rng, d, 0.2, 6.0)
        root, _ = symmetric_roots(P)
        A = root @ H @ root
        engine = 0.25 * (
            quadratic_form_moment(A, A, P, P)
            - 2 * quadratic_form_moment(A, A, P @ P)
            + np.trace(P @ P) * quadratic_form_moment(A, A)
        )
        assert per_sample_second_moment(H, P) == pytest.approx(engine, rel=1e-11)


def test_second_moment_symbolic_d2():
    """E‖X‖²_F for generic symbolic 2×2 H and diagonal Σ⁻¹ = diag(p1, p2), by sympy from the
    definition of X, against the closed form evaluated at random numbers."""
    h = symmetric_matrix_symbol("h", 2)
    p1, p2 = sp.symbols("p1 p2", positive=True)
    P = sp.diag(p1, p2)
    root = sp.diag(1 / sp.sqrt(p1), 1 / sp.sqrt(p2))
    u = sp.Matrix(sp.symbols("u1:3", real=True))
    X = (u.T * root * h * root * u)[0, 0] / 2 * (root.inv() * u * u.T * root.inv() - P)
    second = gaussian_expectation(sum(X[i, j] ** 2 for i in range(2) for j in range(2)), list(u))
    values = {h[0, 0]: 1.7, h[0, 1]: -0.4, h[1, 1]: 2.9, p1: 0.6, p2: 3.1}
    H = np.array([[1.7, -0.4], [-0.4, 2.9]])
    assert float(second.subs(values)) == pytest.approx(
        per_sample_second_moment(H, np.diag([0.6, 3.1])), rel=1e-12
    )


@pytest.mark.parametrize("d, b", [(1, 1), (2, 3), (5, 1), (5, 8)])
def test_variance_and_second_moment_by_monte_carlo(d, b):
    """Monte Carlo (2·10⁵ batches) within 5 standard errors of the closed forms."""
    rng = np.random.default_rng(100 + 10 * d + b)
    H, P = RotatedEllipsoid(d, 10.0, seed=d).H, random_spd(rng, d, 0.5, 4.0)
    for centered, exact in [
        (False, sigma_gradient_second_moment(H, P, b)),
        (True, sigma_gradient_variance(H, P, b)),
    ]:
        estimate = monte_carlo(
            sigma_gradient_norm_samples(H, P, b, centered=centered),
            200_000,
            np.random.default_rng(d * b + centered),
        )
        assert estimate.z_score(exact) <= 5.0, (centered, estimate, exact)


def test_variance_scales_like_one_over_b():
    H, P = RotatedEllipsoid(4, 10.0).H, np.eye(4)
    assert sigma_gradient_variance(H, P, 8) == pytest.approx(sigma_gradient_variance(H, P, 1) / 8)
    gap = np.sum((H - P) ** 2)
    assert sigma_gradient_second_moment(H, P, 8) == pytest.approx(
        gap + sigma_gradient_variance(H, P, 8)
    )


def test_paper_value_at_d_b_1():
    """39/2·h² − 2h/s + 1/s² for Σ = s, H = h."""
    for h, s in [(2.0, 0.5), (1.0, 1.0), (0.1, 30.0)]:
        assert sigma_gradient_second_moment([[h]], [[1 / s]], 1) == pytest.approx(
            19.5 * h**2 - 2 * h / s + 1 / s**2, rel=1e-12
        )
        assert sigma_gradient_variance([[h]], [[1 / s]], 1) == pytest.approx(18.5 * h**2)


def test_monte_carlo_tool():
    estimate = monte_carlo(
        lambda rng, m: rng.standard_normal((m, 2)) ** 2,
        300_001,
        np.random.default_rng(0),
        chunk_size=70_000,
    )
    assert estimate.n == 300_001
    assert np.all(estimate.z_score(np.ones(2)) <= 5)
    np.testing.assert_allclose(estimate.se, np.sqrt(2 / 300_001), rtol=0.02)  # Var u² = 2


def test_monte_carlo_is_fast():
    """10⁶ samples of ‖G̃‖² at d = 5, b = 1: a speed sanity bound, generous for a loaded
    machine (measured ~0.5 s); the benchmark for speed ratios lives in benchmarks/."""
    H = RotatedEllipsoid(5, 10.0).H
    start = time.perf_counter()
    monte_carlo(sigma_gradient_norm_samples(H, np.eye(5), 1), 1_000_000, np.random.default_rng(0))
    assert time.perf_counter() - start < 10.0


def test_bad_input():
    with pytest.raises(ValueError, match="sigma_inv must be positive definite"):
        sigma_gradient_variance(np.eye(2), -np.eye(2), 1)
    with pytest.raises(ValueError, match="batch_size must be an integer >= 1"):
        sigma_gradient_variance(np.eye(2), np.eye(2), 0)
    with pytest.raises(ValueError, match="sigma_inv must be 2 x 2"):
        sigma_gradient_second_moment(np.eye(2), np.eye(3), 1)


def test_running_mean():
    from mines_theory.theory.gaussian import running_mean

    x = np.array([1.0, 3.0, 2.0, 6.0])
    n, mean, se = running_mean(x)
    np.testing.assert_allclose(mean, [1, 2, 2, 3])
    assert se[-1] == pytest.approx(np.std(x, ddof=1) / 2)
    n2, mean2, se2 = running_mean(np.stack([x, 2 * x], axis=1))
    np.testing.assert_allclose(mean2[:, 1], 2 * mean)


def test_fixed_point_variance_polynomial():
    """At d = b = 1 it is the paper's 37/2 (the variance remark after Lemma 5.3, with
    Σ⁻¹ = H = 1); for every d it is the numeric closed form at Σ⁻¹ = H = I_d; its leading
    term is d⁴/(4b), whose share of the whole grows slowly with d."""
    import sympy as sp

    from mines_theory.theory.gaussian import (
        fixed_point_variance,
        leading_term_dimension,
        leading_term_share,
        sigma_gradient_variance,
    )

    d, b = sp.symbols("d b", positive=True)
    expr = fixed_point_variance()
    assert expr.subs({d: 1, b: 1}) == sp.Rational(37, 2)
    assert sp.limit(expr * b / d**4, d, sp.oo) == sp.Rational(1, 4)
    for dim in range(1, 7):
        assert float(expr.subs({d: dim, b: 3})) == pytest.approx(
            sigma_gradient_variance(np.eye(dim), np.eye(dim), 3), rel=1e-12
        )
    # share = d³/(d³ + 11d² + 34d + 28); it reaches 0.9 past the real root of
    # 0.1d³ − 0.9(11d² + 34d + 28)
    assert leading_term_share(5) == pytest.approx(125 / (125 + 275 + 170 + 28), rel=1e-12)
    roots = np.roots([0.1, -0.9 * 11, -0.9 * 34, -0.9 * 28])
    root = max(r.real for r in roots if abs(r.imag) < 1e-9)
    assert leading_term_dimension(0.9) == math.ceil(root)
    with pytest.raises(ValueError, match="share"):
        leading_term_dimension(1.5)


def test_moment_matrix_entry_by_entry_symbolic():
    """Each entry (j, k) is E[∏Q_i · uᵀB_{jk}u] with B_{jk} = (e_j e_kᵀ + e_k e_jᵀ)/2, a
    quadratic-form moment of its own (symbolic 3 × 3 matrices, three factors)."""
    mats = [
        sp.Matrix(3, 3, lambda i, j, n=n: sp.Symbol(f"a{n}_{min(i, j)}{max(i, j)}"))
        for n in range(3)
    ]
    fast = quadratic_form_moment_matrix(*mats)
    for j in range(3):
        for k in range(j, 3):
            B = sp.zeros(3, 3)
            B[j, k] += sp.Rational(1, 2)
            B[k, j] += sp.Rational(1, 2)
            assert sp.expand(fast[j, k] - quadratic_form_moment(*mats, B)) == 0, (j, k)


def test_sampler_draws_do_not_depend_on_its_memory_budget(monkeypatch):
    """Passes of one draw each read the generator's stream as one pass does."""
    H, P = RotatedEllipsoid(4, 10.0).H, np.eye(4)
    whole = sigma_gradient_norm_samples(H, P, 3)(np.random.default_rng(5), 50)
    monkeypatch.setattr(gaussian, "SAMPLER_BYTES", 1)
    split = sigma_gradient_norm_samples(H, P, 3)(np.random.default_rng(5), 50)
    np.testing.assert_allclose(split, whole, rtol=1e-13)

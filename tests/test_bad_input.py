"""What a named error cannot say about bad or extreme input: the documented answers at the
edges (exact values), the relative symmetry rule accepting rounding at every scale, a failed
tell that leaves the state, short messages, and random streams left alone. Every case that is
a named error or a finite answer and nothing more is a row of the probe's tables
(``tests/probes``, run by ``tests/test_probe.py``)."""

import numpy as np
import pytest

from mines_theory.algorithm.mines import MiNES
from mines_theory.problems.baselines import make_method
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.theory.bounds.section3 import (
    alpha_condition,
    expected_cubed_norm,
    theorem34_bounds,
)

F = RotatedEllipsoid(2, 10.0, seed=0)


def test_cma_es_leaves_the_callers_random_stream_alone_and_is_reproducible():
    np.random.seed(5)
    expected = np.random.rand(2)
    np.random.seed(5)
    first = np.random.rand()
    es = make_method("CMA-ES", F, np.ones(2), seed=1)
    X = es.ask()
    assert [first, np.random.rand()] == list(expected)
    np.random.rand(7)  # draws elsewhere change nothing
    again = make_method("CMA-ES", F, np.ones(2), seed=1)
    np.testing.assert_array_equal(again.ask(), X)


def test_the_quadratic_case_of_theorem_34_is_accepted():
    """γ = 0 (a quadratic, Theorem 3.1): eq:alp_cond sets no limit and both bounds are 0."""
    assert alpha_condition(d=2, sigma=1.0, gamma=0.0, tau=0.5, zeta=4.0) == np.inf
    assert theorem34_bounds(d=2, L=2.0, sigma=1.0, gamma=0.0, tau=0.5, zeta=4.0, alpha=0.1) == (
        0.0,
        0.0,
        True,
    )


def test_expected_cubed_norm_is_scale_invariant():
    """E‖(sΣ)^½u‖³ = s^{3/2}E‖Σ^½u‖³ at every scale, against Monte Carlo at s = 1."""
    from mines_theory.theory.gaussian import monte_carlo

    sigma = np.diag([1.0, 0.25, 4.0])
    unit = expected_cubed_norm(sigma)
    for s in (1e-120, 1e-8, 1e8, 1e120):
        assert expected_cubed_norm(s * sigma) == pytest.approx(s**1.5 * unit, rel=1e-9)
    estimate = monte_carlo(
        lambda g, m: (
            np.linalg.norm(g.standard_normal((m, 3)) * np.sqrt(np.diag(sigma)), axis=1) ** 3
        ),
        200_000,
        np.random.default_rng(0),
    )
    assert abs(estimate.mean - unit) <= 5 * estimate.se


def test_non_finite_values_are_reported_briefly():
    from mines_theory.validation import evaluate

    with pytest.raises(
        ValueError, match=r"at the point x = \[1\. 1\. 1\. \.\.\. 1\. 1\. 1\.\]"
    ) as info:
        evaluate(lambda X: np.full(X.shape[0], np.nan), np.ones((3, 500)))
    assert len(str(info.value)) < 200


def test_a_failed_tell_leaves_the_state_and_frees_ask():
    """A schedule that raises in tell() leaves μ, Σ⁻¹ and k as they were, and the next ask()
    starts a new iteration instead of refusing."""

    def schedule(k, state, estimate):
        if k == 2:
            raise RuntimeError("boom")
        return 0.01

    es = MiNES(np.zeros(2), 10 * np.eye(2), alpha=0.1, batch_size=3, tau=0.5, zeta=20.0,
               eta1=schedule, seed=0)  # fmt: skip
    X = es.ask()
    es.tell(X, F(X))
    mean, iteration = es.mean, es.iteration
    X = es.ask()
    with pytest.raises(RuntimeError, match="boom"):
        es.tell(X, F(X))
    np.testing.assert_array_equal(es.mean, mean)
    assert es.iteration == iteration
    assert es.ask().shape == (7, 2)


def test_all_finite_is_exact_when_the_sum_overflows():
    from mines_theory.validation import all_finite

    assert all_finite(np.full(4, 1e308))  # the sum overflows; entries are finite
    assert not all_finite(np.array([1.0, np.inf, -np.inf]))  # the sum is NaN
    assert not all_finite(np.array([1.0, np.nan]))


def test_documented_edges_of_the_inner_loop():
    """What is an answer, not an error: NaN for a finite symmetric covariance that is not
    positive definite (recorded per step for the baselines), +inf for an objective at a point
    where its strong-convexity bound f* + σ/2‖x − x*‖² overflows (the value is at least that),
    and the projection of a matrix with entries near the largest float (scaled before eigh:
    its eigenvalues 2e308 and 0 clip to 2 and 0.5, so Π = U diag(0.5, 2) Uᵀ, by hand)."""
    from mines_theory.linalg import spd as linalg

    assert np.isnan(linalg.preconditioned_condition(np.diag([1.0, -1.0]), np.eye(2)))
    assert F(np.full(2, 1e300)) == np.inf
    np.testing.assert_array_equal(F(np.array([[1e300, -1e300], [0.0, 0.0]])), [np.inf, 0.0])
    P = linalg.project_eigenvalues(np.full((2, 2), 1e308), 0.5, 2.0)
    np.testing.assert_allclose(P, [[1.25, 0.75], [0.75, 1.25]], rtol=1e-12)


def test_a_seed_of_2_to_the_64_seeds_the_rotation_and_small_seeds_keep_their_rotation():
    """Seeds >= 2**32 (which NumPy's legacy RandomState refuses) go through a Generator; seeds
    below keep the rotation scipy has always drawn from them (the published results)."""
    import scipy.stats

    big = RotatedEllipsoid(3, 10.0, seed=2**64)
    np.testing.assert_allclose(big.rotation @ big.rotation.T, np.eye(3), atol=1e-12)
    np.testing.assert_array_equal(
        RotatedEllipsoid(3, 10.0, seed=7).rotation, scipy.stats.ortho_group.rvs(3, random_state=7)
    )


def _rounded_spd(d, low, high, seed=0):
    """Q diag Qᵀ as computed, with the asymmetry rounding leaves (not symmetrized)."""
    Q = np.linalg.qr(np.random.default_rng(seed).standard_normal((d, d)))[0]
    A = (Q * np.geomspace(low, high, d)) @ Q.T
    assert not np.array_equal(A, A.T)  # the rule is exercised, not skipped
    return A


@pytest.mark.parametrize("scale", [1e-12, 1.0, 1e12])
def test_the_symmetry_rule_accepts_rounding_at_every_scale(scale):
    from mines_theory.linalg.spd import project_eigenvalues

    A = scale * _rounded_spd(50, 0.5, 2.0)
    np.testing.assert_allclose(
        project_eigenvalues(A, 0.0, 10 * scale), 0.5 * (A + A.T), rtol=0, atol=1e-12 * scale
    )
    MiNES(
        np.zeros(50), A, alpha=0.1, batch_size=3, tau=0.25 * scale, zeta=4 * scale, eta1=0.1, seed=0
    )

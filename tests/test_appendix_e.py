"""Appendix E's trajectory, closed forms and checks (mines_theory.verification.appendix_e)."""

import numpy as np
import pytest
import scipy.stats
from hypothesis import given
from hypothesis import strategies as st

from mines_theory.verification.appendix_e import (
    TRAJECTORY,
    check_lemma_e6,
    sig_dec_sides,
    truncated_moments,
)
from mines_theory.verification.verdict import Status


@given(st.lists(st.floats(0.01, 10.0), min_size=1, max_size=6), st.floats(0.1, 200.0))
def test_truncated_moments_add_up_to_two_lambda(lam, A):
    EX, EY = truncated_moments(np.array(lam), A)
    np.testing.assert_allclose(EX + EY, 2 * np.diag(lam), atol=1e-10)


def test_truncated_moments_limits():
    """A → ∞: nothing is truncated (E X = 2Λ, E Y = 0); the scalar case d = 1, Λ = 1:
    E[u²(u² − 1)1{u² ≤ A}] = 3F₅(A) − F₃(A)."""
    EX, EY = truncated_moments(np.array([1.0, 2.0]), 1e4)
    np.testing.assert_allclose(EX, np.diag([2.0, 4.0]), atol=1e-12)
    np.testing.assert_allclose(EY, 0.0, atol=1e-12)
    EX1, _ = truncated_moments(np.array([1.0]), 2.0)
    assert EX1[0, 0] == pytest.approx(3 * scipy.stats.chi2(5).cdf(2.0) - scipy.stats.chi2(3).cdf(2.0))


def test_lemma_e6_check_catches_swapped_truncation():
    swapped = lambda Lam, A: truncated_moments(Lam, A)[::-1]
    assert check_lemma_e6(draws=50_000, moments=swapped).status is Status.FAILS


def test_unrolled_recursion_with_the_factor_two_never_fails():
    """‖Σ_{k+1}⁻¹ − H*‖² ≤ 2A_k + B_k follows from the non-expansive projection. The slack is the
    sum over projected steps t of their slack times Π_{j=t+1}^k (1 − 2/j) = (t−1)t/(k(k−1)), so
    k(k−1)·(2A_k + B_k − ‖Σ_{k+1}⁻¹ − H*‖²) stays constant after the last projected step."""
    tr = TRAJECTORY.run()
    lhs, A, B = sig_dec_sides(tr)
    assert np.all(lhs <= 2 * A + B + 1e-9 * np.maximum(lhs, 1e-12))
    K = tr.G.shape[1]
    k = np.arange(2, K + 1)
    unprojected = tr.sigma_inv[:, 1:K] + tr.G[:, 1:K] / k[None, :, None, None]     # Σ_k⁻¹ + G̃_k/k
    active = ~np.all(np.isclose(tr.sigma_inv[:, 2:K + 1], unprojected, rtol=1e-12, atol=1e-12),
                     axis=(2, 3))
    scaled = k * (k - 1) * (2 * A + B - lhs)
    checked = 0
    for seed in range(lhs.shape[0]):
        last = np.flatnonzero(active[seed])[-1]
        tail = scaled[seed, last:]
        checked += tail.size - 1
        np.testing.assert_allclose(tail, tail[0], rtol=1e-8)
    assert checked > 100

"""Appendix E's trajectory, closed forms and checks (mines_theory.verification.appendix_e)."""

import numpy as np
import pytest
import scipy.stats

from mines_theory.verification.appendix_e import (
    TRAJECTORY,
    check_lemma_e6,
    sig_dec_sides,
    truncated_moments,
)
from mines_theory.verification.verdict import Status


def test_truncated_moments_against_quadrature():
    """E X = E[ūᵀΛū(ūūᵀ − I)1{‖ū‖² ≤ A}] by scipy quadrature, independently of the χ² identity:
    d = 1 (one integral) and d = 2 (polar coordinates, Λ = diag(0.5, 2), A = 3), where
    E X₁₁ = ∫∫ (λ₁r²cos²θ + λ₂r²sin²θ)(r²cos²θ − 1) φ₂(r) r dr dθ and E X₁₂ = 0."""
    import scipy.integrate

    phi = lambda x: np.exp(-x * x / 2) / np.sqrt(2 * np.pi)                      # noqa: E731
    value = scipy.integrate.quad(lambda x: 1.7 * x * x * (x * x - 1) * phi(x), -2.0, 2.0)[0]
    EX, EY = truncated_moments(np.array([1.7]), 4.0)
    assert EX[0, 0] == pytest.approx(value, rel=1e-10)
    lam = np.array([0.5, 2.0])

    def integrand(r, theta, i, j):
        u = np.array([r * np.cos(theta), r * np.sin(theta)])
        return (lam @ u**2) * (u[i] * u[j] - (i == j)) * np.exp(-r * r / 2) / (2 * np.pi) * r

    EX, _ = truncated_moments(lam, 3.0)
    for i, j in [(0, 0), (1, 1), (0, 1)]:
        value = scipy.integrate.dblquad(lambda r, t: integrand(r, t, i, j), 0, 2 * np.pi,
                                        0, np.sqrt(3.0), epsabs=1e-12)[0]
        assert EX[i, j] == pytest.approx(value, abs=1e-9)


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


# The errata of the proof of Lemma 5.3: each check returns True when the printed form is
# confirmed wrong as its docstring describes.



"""The appendix D/E bound formulas and check helpers (mines_theory.bounds, .appendix_checks)."""

import math

import numpy as np
import pytest
import scipy.stats
from hypothesis import given
from hypothesis import strategies as st

from mines_theory import bounds
from mines_theory.appendix_checks import (
    appendix_trajectory,
    check_lemma_e6,
    cubic_perturbed_quadratic,
    sig_dec_sides,
    truncated_moments,
)


def test_nu_bounds_by_hand_and_gamma_power():
    """d = 1, δ = e⁻¹: c₃ = 5; γ = 2, α = τ = 1, b = 3: ‖ν‖² ≤ 2·3·125/36 (printed), 4·3·125/36 (γ²)."""
    kw = dict(d=1, b=3, delta=math.exp(-1), gamma=2.0, tau=1.0, alpha=1.0)
    assert bounds.nu_bounds(**kw).nu_sq == pytest.approx(2 * 3 * 125 / 36)
    assert bounds.nu_bounds(gamma_power=2, **kw).U_nu_sq == pytest.approx(4 * 3 * 625 / 36)
    with pytest.raises(ValueError, match="gamma_power must be 1"):
        bounds.nu_bounds(gamma_power=3, **kw)


def test_chi_threshold_printed_and_corrected_differ_by_16_log_b():
    """8 log(b/δ) − 8 log(1/(bδ)) = 16 log b."""
    printed = bounds.chi_threshold(d=5, b=20, delta=0.1, t=3)
    corrected = bounds.chi_threshold(d=5, b=20, delta=0.1, t=3, printed=False)
    assert corrected - printed == pytest.approx(16 * math.log(20))
    with pytest.raises(ValueError, match="b must be"):
        bounds.chi_threshold(d=5, b=0, delta=0.1, t=3)


def test_sig2_bound_is_twice_G_norm_1_and_both_decay_like_one_over_b():
    kw = dict(d=3, delta=0.1, L=2.0, tau=0.5, zeta=4.0)
    assert bounds.sig2_bound(b=7, **kw) == pytest.approx(2 * bounds.G_norm_1_bound(b=7, **kw))
    assert bounds.G_norm_1_bound(b=70, **kw) == pytest.approx(bounds.G_norm_1_bound(b=7, **kw) / 10)


def test_nab_f_threshold_is_the_second_part_of_the_local_region():
    kw = dict(L=10.0, sigma=1.0, gamma=3.0, tau=0.5)
    assert bounds.nab_f_threshold(xi=0.2, **kw) == pytest.approx(0.04 / (8 * 9 * (20 + 0.4) ** 2))
    assert bounds.local_region_threshold(xi=0.2, curvature=1e6, **kw) == bounds.nab_f_threshold(xi=0.2, **kw)
    assert bounds.nab_f_threshold(xi=0.2, L=1.0, sigma=1.0, gamma=0.0, tau=1.0) == math.inf


def test_hh_and_tgm3_vanish_without_gradient_and_cubic_term():
    kw = dict(d=2, b=10, delta=0.1, gamma=0.0, tau=1.0, alpha=0.5)
    assert bounds.hh_bound(curvature=1.0, projected_gradient_sq=0.0, **kw) == 0.0
    assert bounds.tgm3_bound(projected_gradient_norm=0.0, **kw) == 0.0
    with pytest.raises(ValueError, match="projected_gradient_sq"):
        bounds.hh_bound(curvature=1.0, projected_gradient_sq=-1.0, **kw)


def test_cubic_remainder_is_exact():
    """ν = (f(αu) − f(−αu))/(2α) = γα²/6·Σ_j u_j³ at μ = 0 (derived by hand)."""
    gamma, alpha = 3.0, 0.4
    f = cubic_perturbed_quadratic(gamma)
    u = np.random.default_rng(0).standard_normal((5, 3))
    nu = (f(alpha * u) - f(-alpha * u)) / (2 * alpha)
    np.testing.assert_allclose(nu, gamma * alpha**2 / 6 * np.sum(u**3, axis=1), rtol=1e-12)


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
    assert check_lemma_e6(draws=50_000, moments=swapped).status == "fails"


def test_unrolled_recursion_with_the_factor_two_never_fails():
    """‖Σ_{k+1}⁻¹ − H*‖² ≤ 2A_k + B_k follows from the non-expansive projection. The slack is the
    sum over projected steps t of their slack times Π_{j=t+1}^k (1 − 2/j) = (t−1)t/(k(k−1)), so
    k(k−1)·(2A_k + B_k − ‖Σ_{k+1}⁻¹ − H*‖²) stays constant after the last projected step."""
    tr = appendix_trajectory()
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

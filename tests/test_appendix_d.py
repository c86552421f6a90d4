"""Appendix D's experiments and checks (mines_theory.verification.appendix_d)."""

import numpy as np
import pytest

from mines_theory.verification.appendix_d import cubic_perturbed_quadratic


def test_cubic_remainder_is_exact():
    """ν = (f(αu) − f(−αu))/(2α) = γα²/6·Σ_j u_j³ at μ = 0 (derived by hand)."""
    gamma, alpha = 3.0, 0.4
    f = cubic_perturbed_quadratic(gamma)
    u = np.random.default_rng(0).standard_normal((5, 3))
    nu = (f(alpha * u) - f(-alpha * u)) / (2 * alpha)
    np.testing.assert_allclose(nu, gamma * alpha**2 / 6 * np.sum(u**3, axis=1), rtol=1e-12)


def test_inside_limit_against_taylor():
    """(E f''(αΣ^½u) − f''(0))² for f = x²/2 + log cosh x: f'' = 1 + sech²x, (sech²)''(0) = −2,
    so E f''(αu/√1.5) − 2 = −α²/1.5 + O(α⁴), and the limit at μ* is ≈ (α²/1.5)²; away from μ*,
    at μ = 3, f'' ≈ 1 + 4e^{−6} and the limit is ≈ 1."""
    from mines_theory.verification.appendix_d import InsideG

    for alpha in (0.1, 0.05):
        assert InsideG(0.0, alpha=alpha).limit() == pytest.approx((alpha**2 / 1.5) ** 2, rel=0.05)
    assert InsideG(3.0).limit() == pytest.approx(1.0, abs=0.03)

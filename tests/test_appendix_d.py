"""Appendix D's experiments and checks (mines_theory.verification.appendix_d)."""

import numpy as np

from mines_theory.verification.appendix_d import cubic_perturbed_quadratic


def test_cubic_remainder_is_exact():
    """ν = (f(αu) − f(−αu))/(2α) = γα²/6·Σ_j u_j³ at μ = 0 (derived by hand)."""
    gamma, alpha = 3.0, 0.4
    f = cubic_perturbed_quadratic(gamma)
    u = np.random.default_rng(0).standard_normal((5, 3))
    nu = (f(alpha * u) - f(-alpha * u)) / (2 * alpha)
    np.testing.assert_allclose(nu, gamma * alpha**2 / 6 * np.sum(u**3, axis=1), rtol=1e-12)

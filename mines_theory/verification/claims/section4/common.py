"""What the checks of Section 4 share: the 3-D quadratic (also the setting of the errata of
Section 3, ``errata.section3_mean``) and the 2-D log-cosh settings, and the estimator on
independent batches."""

from __future__ import annotations

import numpy as np

from mines_theory.linalg.spd import random_spd
from mines_theory.problems.objectives import LogCoshQuadratic, RotatedEllipsoid

__all__ = [
    "estimator_batches",
    "nonquadratic_case",
    "quadratic_case",
]


def quadratic_case():
    """(f, μ, Σ⁻¹): a 3-D rotated ellipsoid (κ = 10) and a Σ⁻¹ with spectrum {0.3, 1.5, 6}."""
    f = RotatedEllipsoid(3, condition=10.0, seed=3, minimizer=np.array([1.0, -2.0, 0.5]))
    sigma_inv = random_spd(np.random.default_rng(11), 3, eigenvalues=[0.3, 1.5, 6.0])
    return f, np.array([0.3, 0.2, -0.4]), sigma_inv


def nonquadratic_case():
    """(f, μ, Σ⁻¹, α): a 2-D log-cosh objective away from its minimizer."""
    f = LogCoshQuadratic.random(2, condition=5.0, weight=2.0, seed=7)
    sigma_inv = np.array([[2.0, 0.6], [0.6, 1.0]])
    return f, f.minimizer + np.array([0.4, -0.7]), sigma_inv, 0.8


def estimator_batches(estimator, f, mu, sigma_inv, alpha, batches=400, batch_size=250, seed=2024):
    """The estimator on ``batches`` independent batches of ``batch_size`` directions."""
    rng = np.random.default_rng(seed)
    return np.array(
        [
            estimator(f, mu, sigma_inv, alpha, rng.standard_normal((batch_size, mu.size)))
            for _ in range(batches)
        ]
    )

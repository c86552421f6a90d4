"""Helpers shared by the modules of the Section 3 proof errata (``proofs_mean``,
``proofs_covariance``, ``convexity``): a deterministic measurement, and the sine-curvature
objective whose regularized minimizer is off the minimizer of f."""

from __future__ import annotations

import numpy as np

from mines_theory.problems.base import Objective
from ...framework.verdict import Kind, Measurement

__all__ = ["SineCurvature", "numeric"]


def numeric(name: str, value: float, tolerance: float = 0.0, digits: int = 2) -> Measurement:
    """A deterministic number with its numeric tolerance (Kind.NUMERIC)."""
    return Measurement(name, float(value), float(tolerance), Kind.NUMERIC, digits=digits)


class SineCurvature(Objective):
    """f(x) = Σ_i x_i²/2 + a(x_i − sin x_i), so ∇²f(x) = diag(1 + a sin x_i): σ = 1 − a, L = 1 + a,
    γ = a in the spectral and in the Frobenius norm (the Hessian is diagonal and |sin x − sin y| ≤
    |x − y|), x* = 0, f* = 0. ∇²f − I is odd about x*, so μ̂* ≠ μ*; the smoothing is known
    in closed form (the independent check of the quadratures): E∂²_i f(μ + α Σ^{1/2}u) − ∂²_i f(μ)
    = a sin μ_i · (e^{−α²Σ_ii/2} − 1) for diagonal Σ, i.e. 2α⁻²Φ_μ(Σ) by Price's identity."""

    name = "sine curvature"

    def __init__(self, dim: int = 1, a: float = 0.1):
        self.dim, self.a = dim, a
        self.sigma, self.L, self.gamma = 1.0 - a, 1.0 + a, a
        self.minimizer, self.f_star = np.zeros(dim), 0.0

    def _value(self, X):
        return np.sum(X**2 / 2 + self.a * (X - np.sin(X)), axis=1)

    def _gradient(self, X):
        return X + self.a * (1 - np.cos(X))

    def _hessian(self, X):
        return (1 + self.a * np.sin(X))[:, :, None] * np.eye(self.dim)

    def two_phi(self, mu, sigma_diagonal, alpha):
        """2α⁻²Φ_μ(Σ) = E∇²f(μ + αΣ^{1/2}u) − ∇²f(μ) for diagonal Σ, in closed form."""
        return np.diag(self.a * np.sin(mu) * np.expm1(-(alpha**2) * np.asarray(sigma_diagonal) / 2))

"""Test objectives with known constants: L (smoothness), σ (strong convexity), γ (Lipschitz
constant of the Hessian), the minimizer and f* (Section 2.2 of the paper: eq:L_1, eq:sig_1,
eq:gamma_1).

Every objective is vectorized: ``f(X)`` takes X of shape (n, d) and returns shape (n,); a single
point of shape (d,) gives a scalar. ``gradient`` and ``hessian`` follow the same convention.
"""

from __future__ import annotations

import numpy as np
import scipy.stats

from ._validation import finite_scalar, positive_int, positive_scalar, vector

__all__ = ["Objective", "RotatedEllipsoid"]


class Objective:
    """Base class: subclasses set ``dim, L, sigma, gamma, minimizer, f_star`` and implement
    ``_value, _gradient, _hessian`` on arrays of shape (n, d)."""

    name: str = "objective"
    dim: int
    L: float
    sigma: float
    gamma: float
    minimizer: np.ndarray
    f_star: float

    @property
    def condition_number(self) -> float:
        """κ = L / σ."""
        return self.L / self.sigma

    def _points(self, X) -> tuple[np.ndarray, bool]:
        X = np.asarray(X, dtype=float)
        single = X.ndim == 1
        if single:
            X = X[None, :]
        if X.ndim != 2 or X.shape[1] != self.dim:
            raise ValueError(f"X must have shape (n, {self.dim}) or ({self.dim},), "
                             f"got shape {np.shape(X)}")
        return X, single

    def __call__(self, X):
        X, single = self._points(X)
        values = self._value(X)
        return float(values[0]) if single else values

    def gradient(self, X):
        X, single = self._points(X)
        grads = self._gradient(X)
        return grads[0] if single else grads

    def hessian(self, X):
        X, single = self._points(X)
        hessians = self._hessian(X)
        return hessians[0] if single else hessians


class RotatedEllipsoid(Objective):
    """f(x) = f* + ½ (x − x*)ᵀ H (x − x*) with H = Q diag(λ) Qᵀ.

    The spectrum λ is geometric from ``scale`` to ``scale · condition`` (λ_i = scale ·
    κ^{(i−1)/(d−1)}), Q is a Haar-random rotation drawn with ``scipy.stats.ortho_group`` from
    ``seed``. Then L = max λ, σ = min λ, γ = 0 (a quadratic's Hessian is constant).

    Parameters
    ----------
    dim : int
    condition : float
        κ = L/σ ≥ 1.
    seed : int, optional
        Seeds the rotation (and nothing else).
    scale : float
        σ, the smallest eigenvalue.
    minimizer : array, optional
        x*, default the zero vector.
    f_star : float
        f(x*), default 0.

    >>> f = RotatedEllipsoid(3, condition=100.0, seed=0)
    >>> f.L, f.sigma, f.gamma, f.condition_number
    (100.0, 1.0, 0.0, 100.0)
    >>> f(np.zeros(3)), f(np.zeros((2, 3)))
    (0.0, array([0., 0.]))
    """

    name = "rotated ellipsoid"

    def __init__(self, dim, condition, seed=0, *, scale=1.0, minimizer=None, f_star=0.0):
        self.dim = positive_int("dim", dim)
        condition = positive_scalar("condition", condition)
        if condition < 1.0:
            raise ValueError(f"condition must be >= 1, got {condition!r}")
        scale = positive_scalar("scale", scale)
        exponents = np.linspace(0.0, 1.0, self.dim) if self.dim > 1 else np.zeros(1)
        self.eigenvalues = scale * condition**exponents
        if self.dim > 1:
            self.rotation = scipy.stats.ortho_group.rvs(self.dim, random_state=seed)
        else:
            self.rotation = np.ones((1, 1))
        H = (self.rotation * self.eigenvalues) @ self.rotation.T
        self.H = 0.5 * (H + H.T)
        self.minimizer = (np.zeros(self.dim) if minimizer is None
                          else vector("minimizer", minimizer, self.dim))
        self.f_star = finite_scalar("f_star", f_star)
        self.L = float(self.eigenvalues[-1])
        self.sigma = float(self.eigenvalues[0])
        self.gamma = 0.0
        self.seed = seed

    def __repr__(self) -> str:
        return (f"RotatedEllipsoid(dim={self.dim}, condition={self.condition_number:g}, "
                f"seed={self.seed!r})")

    def _value(self, X):
        D = X - self.minimizer
        return self.f_star + 0.5 * np.sum((D @ self.H) * D, axis=1)

    def _gradient(self, X):
        return (X - self.minimizer) @ self.H

    def _hessian(self, X):
        return np.broadcast_to(self.H, (X.shape[0], self.dim, self.dim)).copy()

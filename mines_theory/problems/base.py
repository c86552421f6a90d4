"""The base class of the test objectives: ``Objective``, a vectorized f with its gradient and
Hessian and its certified constants L, σ, γ, the minimizer and f* (Section 2.2 of the paper:
eq:L_1, eq:sig_1, eq:gamma_1). ``objectives`` holds the objectives and re-exports it.

Every objective is vectorized: ``f(X)`` takes X of shape (n, d) and returns shape (n,); a single
point of shape (d,) gives a scalar. ``gradient`` and ``hessian`` follow the same convention.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from mines_theory.validation import float_array

__all__ = ["Objective"]


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
    # implemented by each subclass, on arrays of shape (n, d)
    _value: Callable[[np.ndarray], np.ndarray]
    _gradient: Callable[[np.ndarray], np.ndarray]
    _hessian: Callable[[np.ndarray], np.ndarray]

    @property
    def condition_number(self) -> float:
        """κ = L / σ."""
        return self.L / self.sigma

    @property
    def runs_box(self) -> tuple[float, float]:
        """The S' of the suite's runs, S' = {Σ⁻¹ : τI ⪯ Σ⁻¹ ⪯ ζI}.

        Returns
        -------
        tuple of float
            (τ, ζ) = (σ/2, 2L): τ ≤ σ and ζ ≥ L as the paper's lemmas require.
        """
        return self.sigma / 2, 2 * self.L

    def _points(self, X) -> tuple[np.ndarray, bool]:
        X = np.asarray(X, dtype=float) if isinstance(X, np.ndarray) else float_array("X", X)
        single = X.ndim == 1
        if single:
            X = X[None, :]
        if X.ndim != 2 or X.shape[1] != self.dim:
            raise ValueError(
                f"X must have shape (n, {self.dim}) or ({self.dim},), got shape {np.shape(X)}"
            )
        if not np.isfinite(X).all():
            raise ValueError(
                f"X must be finite, got non-finite entries in row "
                f"{int(np.flatnonzero(~np.isfinite(X).all(axis=1))[0])}"
            )
        return X, single

    def __call__(self, X: ArrayLike) -> Any:
        """f at the rows of X (a float for one point of shape (d,)). Where the value overflows
        it is +inf: every objective here is σ-strongly convex, f(x) ≥ f* + σ/2‖x − x*‖², and
        where that bound is not a float, neither is f(x); a non-finite value anywhere else
        raises ``FloatingPointError`` naming the point."""
        X, single = self._points(X)
        with np.errstate(over="ignore", invalid="ignore"):
            values = self._value(X)
        if not np.isfinite(values).all():
            values = self._overflow_to_inf(X, values)
        return float(values[0]) if single else values

    def _overflow_to_inf(self, X: np.ndarray, values: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            bound = self.f_star + 0.5 * self.sigma * np.sum((X - self.minimizer) ** 2, axis=1)
        values = np.where(np.isinf(bound), np.inf, values)
        bad = ~np.isfinite(values) & ~np.isinf(bound)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise FloatingPointError(
                f"f is not finite ({values[i]!r}) at X = "
                f"{np.array2string(X[i], threshold=12, edgeitems=3, precision=6)} (row {i} of "
                f"X), where the strong-convexity bound f* + σ/2‖x − x*‖² = {bound[i]:.6g} is "
                f"finite: X is too large for floating point in this objective"
            )
        return values

    def gradient(self, X: ArrayLike) -> np.ndarray:
        X, single = self._points(X)
        grads = self._gradient(X)
        return grads[0] if single else grads

    def hessian(self, X: ArrayLike) -> np.ndarray:
        X, single = self._points(X)
        hessians = self._hessian(X)
        return hessians[0] if single else hessians

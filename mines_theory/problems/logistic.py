"""ℓ2-regularized logistic regression as a test objective with certified L, σ, γ (Section 2.2
of the paper): ``LogisticRegression``, on scikit-learn's breast-cancer data
(``breast_cancer_logistic``) or on a small seeded synthetic set (``synthetic_logistic``).
``objectives`` re-exports these names.
"""

from __future__ import annotations

import numpy as np
import scipy.special
from numpy.typing import ArrayLike

from .base import Objective
from mines_theory.validation import float_array, generator, positive_int, positive_scalar

__all__ = [
    "LOGISTIC_VARIANCE_LIPSCHITZ",
    "LogisticRegression",
    "breast_cancer_logistic",
    "synthetic_logistic",
]

# The largest slope of p(1 − p), p = 1/(1 + e^{−t}): |p(1 − p)(1 − 2p)|, maximal at
# p = 1/2 ± 1/(2√3), where it equals 1/(6√3).
LOGISTIC_VARIANCE_LIPSCHITZ = 1.0 / (6.0 * np.sqrt(3.0))


class LogisticRegression(Objective):
    """ℓ2-regularized logistic loss f(w) = 1/n Σ_i log(1 + exp(−y_i x_iᵀ w)) + λ/2 ‖w‖².

    ∇²f(w) = 1/n Σ_i p_i(1 − p_i) x_i x_iᵀ + λ I with p_i = 1/(1 + exp(−x_iᵀw)). Certified:

    - σ = λ (p(1 − p) ≥ 0);
    - L = λ + λmax(XᵀX)/(4n) (p(1 − p) ≤ 1/4);
    - γ = 1/(6√3) · 1/n Σ_i ‖x_i‖³ (|d/dt p(1 − p)| ≤ 1/(6√3)), in spectral and Frobenius norm.

    The minimizer has no closed form: it is computed by Newton's method until the gradient
    stops decreasing, and ``minimizer_error`` = ‖∇f(ŵ)‖/σ bounds ‖ŵ − w*‖ (strong convexity);
    ``f_star_error`` = ‖∇f(ŵ)‖²/(2σ) bounds f(ŵ) − f*.
    """

    name = "logistic regression"

    def __init__(self, features: ArrayLike, labels: ArrayLike, regularization: float) -> None:
        X = float_array("features", features)
        y = float_array("labels", labels)
        if X.ndim != 2 or y.shape != (X.shape[0],):
            raise ValueError(f"features must be (n, d) and labels (n,), got {X.shape}, {y.shape}")
        if X.size == 0:
            raise ValueError(
                f"features must have at least one sample and one feature, got shape {X.shape}"
            )
        if not np.all(np.isfinite(X)):
            raise ValueError("features must be finite")
        if not np.all(np.isin(y, (-1.0, 1.0))):
            raise ValueError(f"labels must be -1 or +1, got the values {np.unique(y)[:5]}")
        with np.errstate(over="ignore"):
            if not np.isfinite(np.linalg.norm(X, axis=1) ** 3).all():
                raise ValueError(
                    f"features must be small enough that ‖x_i‖³ is a float (γ of "
                    f"the loss), got largest entry {float(np.abs(X).max())!r}"
                )
        self.features, self.labels = X, y
        self.dim = X.shape[1]
        self.regularization = positive_scalar("regularization", regularization)
        n = X.shape[0]
        self.sigma = self.regularization
        self.L = float(self.regularization + np.linalg.eigvalsh(X.T @ X)[-1] / (4.0 * n))
        self.gamma = float(LOGISTIC_VARIANCE_LIPSCHITZ * np.mean(np.linalg.norm(X, axis=1) ** 3))
        self.minimizer, gradient_norm = self._newton()
        self.minimizer_error = gradient_norm / self.sigma
        self.f_star_error = gradient_norm**2 / (2.0 * self.sigma)
        self.f_star = float(self._value(self.minimizer[None, :])[0])

    def __repr__(self) -> str:
        return (
            f"LogisticRegression(n={self.features.shape[0]}, d={self.dim}, "
            f"regularization={self.regularization:g})"
        )

    def _margins(self, W):
        return (W @ self.features.T) * self.labels  # (k, n)

    def _value(self, W):
        loss = np.logaddexp(0.0, -self._margins(W)).mean(axis=1)
        return loss + 0.5 * self.regularization * np.sum(W**2, axis=1)

    def _gradient(self, W):
        coefficient = -self.labels * scipy.special.expit(-self._margins(W))  # (k, n)
        return coefficient @ self.features / self.features.shape[0] + self.regularization * W

    def _hessian(self, W):
        p = scipy.special.expit(W @ self.features.T)  # (k, n)
        weights = p * (1.0 - p) / self.features.shape[0]
        H = np.einsum("kn,ni,nj->kij", weights, self.features, self.features)
        return H + self.regularization * np.eye(self.dim)

    def _newton(self, max_steps=100):
        w = w_best = np.zeros(self.dim)
        best = np.inf
        for _ in range(max_steps):
            g = self._gradient(w[None, :])[0]
            norm = float(np.linalg.norm(g))
            if norm >= best:
                break
            best, w_best = norm, w
            w = w - np.linalg.solve(self._hessian(w[None, :])[0], g)
        if not np.isfinite(best):
            raise FloatingPointError(
                "the minimizer of the logistic loss could not be computed: "
                "its gradient is not finite at w = 0 (features too large)"
            )
        return w_best, best


def breast_cancer_logistic(
    num_features: int | None = None, regularization: float = 1e-2
) -> LogisticRegression:
    """Logistic regression on scikit-learn's breast-cancer data (569 samples, 30 features, shipped
    inside the scikit-learn wheel: nothing is downloaded), features standardized, labels ±1.
    ``num_features`` keeps the first features only (for low-dimensional experiments)."""
    from sklearn.datasets import load_breast_cancer

    data = load_breast_cancer()
    X = data.data
    if num_features is not None:
        X = X[:, : positive_int("num_features", num_features)]
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    return LogisticRegression(X, 2.0 * data.target - 1.0, regularization)


def synthetic_logistic(
    dim: int = 2,
    num_samples: int = 20,
    regularization: float = 0.5,
    scale: float = 2.0,
    seed: int = 0,
) -> LogisticRegression:
    """A small seeded logistic regression (features N(0, scale²), labels from a noisy linear
    rule): strongly convex, *not* symmetric about its minimizer (unlike ``LogCoshQuadratic``,
    whose Gaussian smoothing keeps the minimizer in place), with certified L, σ, γ. Low ``dim``
    keeps Gauss–Hermite quadrature of its smoothing cheap (Section 3 experiments)."""
    rng = generator("seed", seed)
    n, d = positive_int("num_samples", num_samples), positive_int("dim", dim)
    X = positive_scalar("scale", scale) * rng.standard_normal((n, d))
    direction = rng.standard_normal(d)
    y = np.where(X @ direction + rng.standard_normal(n) * scale > 0, 1.0, -1.0)
    return LogisticRegression(X, y, regularization)

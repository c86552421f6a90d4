"""Admissible instances shared by the proofs' numeric models.

Every map here takes free real numbers (a slice of the vector the adversarial search moves) to
an instance that satisfies the paper's hypotheses, so that any point the search visits is
admissible:

``positive(x, low, high)``
    a number in [low, high], log-uniform in x's logistic.
``spd(x, d, low, high)``
    a symmetric matrix with spectrum in [low, high] (Σ⁻¹ ∈ S' = [τ, ζ], σI ⪯ H ⪯ LI): an
    orthogonal factor from the QR factorization of x's first d² entries, eigenvalues from the
    next d.
``constants(d, b, delta)``
    c₁, c₂, c₃ of eq:c1.
``LogCosh``
    f(x) = ½(x − μ*)ᵀA(x − μ*) + β Σᵢ log cosh(wᵢᵀ(x − μ*)): σ-strongly convex with σ = λ_min(A),
    L-smooth with L = λ_max(A) + β Σᵢ‖wᵢ‖², with a γ-Lipschitz Hessian (Frobenius norm) for
    γ = β·(4/(3√3))·Σᵢ‖wᵢ‖³ (|d/ds sech² s| ≤ 4/(3√3)); its minimizer is μ* and f(μ*) = 0.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

__all__ = ["LogCosh", "constants", "logcosh", "logcosh_size", "positive", "shown", "spd"]

_SECH2_SLOPE = 4 / (3 * math.sqrt(3))


def positive(x: float, low: float, high: float) -> float:
    """A number in [low, high]: exp of the logistic of ``x`` between log(low) and log(high)."""
    s = 1 / (1 + math.exp(-max(min(float(x), 40.0), -40.0)))
    return math.exp(math.log(low) + s * (math.log(high) - math.log(low)))


def spd(x: np.ndarray, d: int, low: float, high: float) -> np.ndarray:
    """A symmetric matrix with spectrum in [low, high] from the d² + d numbers ``x``."""
    Q, _ = np.linalg.qr(np.asarray(x[: d * d]).reshape(d, d) + 1e-12 * np.eye(d))
    lam = np.array([positive(v, low, high) for v in x[d * d : d * d + d]])
    return (Q * lam) @ Q.T


def constants(d: int, b: int, delta: float) -> tuple[float, float, float]:
    """(c₁, c₂, c₃) of eq:c1."""
    c1 = (math.sqrt(d) + math.sqrt(b) + math.sqrt(2 * math.log(2 / delta))) ** 2
    c2 = b - 2 * math.sqrt(b * math.log(1 / delta))
    c3 = 2 * d + 3 * math.log(1 / delta)
    return c1, c2, c3


@dataclass(frozen=True)
class LogCosh:
    """The test function of the module docstring."""

    A: np.ndarray
    W: np.ndarray  # rows wᵢ
    beta: float
    mu_star: np.ndarray

    @property
    def sigma(self) -> float:
        return float(np.linalg.eigvalsh(self.A)[0])

    @property
    def L(self) -> float:
        return float(np.linalg.eigvalsh(self.A)[-1] + self.beta * (self.W**2).sum())

    @property
    def gamma(self) -> float:
        return float(self.beta * _SECH2_SLOPE * (np.linalg.norm(self.W, axis=1) ** 3).sum())

    def __call__(self, x: np.ndarray) -> float:
        """f(x) for a point x; ``values`` for many."""
        return float(self.values(np.asarray(x)[None, :])[0])

    def values(self, X: np.ndarray) -> np.ndarray:
        """f at each row of X."""
        E = np.asarray(X) - self.mu_star
        S = E @ self.W.T
        # log cosh s = log1p(2 sinh²(s/2)), accurate for small |s|; = |s| + log1p(exp(−2|s|)) −
        # log 2 for large |s| (no overflow)
        a = np.abs(S)
        small = np.log1p(2 * np.sinh(np.minimum(a, 1.0) / 2) ** 2)
        large = a + np.log1p(np.exp(-2 * a)) - math.log(2)
        lc = np.where(a < 1.0, small, large)
        return 0.5 * np.einsum("ni,ij,nj->n", E, self.A, E) + self.beta * lc.sum(axis=1)

    def gradient(self, x: np.ndarray) -> np.ndarray:
        e = x - self.mu_star
        return self.A @ e + self.beta * self.W.T @ np.tanh(self.W @ e)

    def hessian(self, x: np.ndarray) -> np.ndarray:
        s = self.W @ (x - self.mu_star)
        return self.A + self.beta * (self.W.T * (1 - np.tanh(s) ** 2)) @ self.W


def logcosh(x: np.ndarray, d: int, m: int) -> tuple[LogCosh, np.ndarray]:
    """A ``LogCosh`` in dimension d with m terms, and a point, from d² + d + m·d + d + 2 free
    numbers ``x`` (A's spectrum in [0.05, 20], β in [0.01, 5])."""
    k = d * d + d
    A = spd(x[:k], d, 0.05, 20.0)
    W = np.asarray(x[k : k + m * d]).reshape(m, d)
    beta = positive(x[k + m * d], 0.01, 5.0)
    mu_star = np.zeros(d)
    point = np.asarray(x[k + m * d + 1 : k + m * d + 1 + d]) * positive(x[-1], 0.01, 10.0)
    return LogCosh(A, W, beta, mu_star), point


def logcosh_size(d: int, m: int) -> int:
    """The number of free numbers ``logcosh(x, d, m)`` reads."""
    return d * d + d + m * d + 1 + d + 1


def shown(a: np.ndarray) -> str:
    """A vector or matrix of a counterexample as a reader types it back, 4 digits each:
    "(0.5, 2)" for Λ_t's diagonal, "[[1, 0.1], [0.1, 2]]" for a matrix.

    >>> shown(np.array([0.5, 2.0])), shown(np.array([[1.0, 0.1], [0.1, 2.0]]))
    ('(0.5, 2)', '[[1, 0.1], [0.1, 2]]')
    """
    if a.ndim == 1:
        return "(" + ", ".join(f"{v:.4g}" for v in a) + ")"
    return "[" + ", ".join("[" + ", ".join(f"{v:.4g}" for v in row) + "]" for row in a) + "]"

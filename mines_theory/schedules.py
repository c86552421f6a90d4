"""Step-size schedules η_{1,k} for ``MiNES`` as callables ``eta1(k, es)``.

- ``lemma51_step``: η₁ = bτ / (4 L c₁), the constant step of Lemma 5.1 (needs L).
- ``lemma52_step``: η_{1,k} = b / (4 𝓛_k c₁), the step of Lemma 5.2 / Theorem 5.4, where 𝓛_k is
  the smallest number with ∇²f(μ_k) ⪯ 𝓛_k Σ_k⁻¹. It needs the true Hessian: an *oracle*
  schedule, usable on test functions only.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import scipy.linalg

from ._validation import positive_int, positive_scalar
from .bounds import c_constants

__all__ = ["preconditioned_extremes", "lemma51_step", "lemma52_step", "Lemma52Step"]


def preconditioned_extremes(hessian: np.ndarray, sigma_inv: np.ndarray) -> tuple[float, float]:
    """(ξ, 𝓛): the largest ξ and smallest 𝓛 with ξ Σ⁻¹ ⪯ ∇²f ⪯ 𝓛 Σ⁻¹ (Lemma 5.2), i.e. the
    extreme eigenvalues of Σ^{1/2} ∇²f Σ^{1/2}, from the generalized problem ∇²f v = λ Σ⁻¹ v."""
    eigenvalues = scipy.linalg.eigh(hessian, sigma_inv, eigvals_only=True)
    return float(eigenvalues[0]), float(eigenvalues[-1])


def lemma51_step(*, d, b, delta, L, tau) -> float:
    """η₁ = bτ / (4 L c₁) of Lemma 5.1, with c₁ of eq:c1."""
    c1 = c_constants(d=d, b=b, delta=delta).c1
    return positive_int("b", b) * positive_scalar("tau", tau) / (4.0 * positive_scalar("L", L) * c1)


class Lemma52Step:
    """The oracle schedule η_{1,k} = b / (4 𝓛_k c₁) of Lemma 5.2, with 𝓛_k measured from the
    true Hessian ``hessian(μ_k)`` and the current Σ_k⁻¹. Callable as ``eta1(k, es)``; ``batched``
    evaluates it for a stack of states (the lockstep runner of ``experiments``)."""

    def __init__(self, hessian: Callable[[np.ndarray], np.ndarray], *, d, b, delta):
        self.hessian = hessian
        self.c1 = c_constants(d=d, b=b, delta=delta).c1
        self.b = positive_int("b", b)

    def __call__(self, k: int, es) -> float:
        _, curvature = preconditioned_extremes(self.hessian(es.mean), es.sigma_inv)
        return self.b / (4.0 * curvature * self.c1)

    def batched(self, k: int, means: np.ndarray, sigma_invs: np.ndarray,
                chols: np.ndarray) -> np.ndarray:
        """η for each of S states: ``means`` (S, d), ``chols`` (S, d, d) with Σ⁻¹ = L Lᵀ."""
        hessians = self.hessian(means)                                         # (S, d, d)
        half = np.linalg.solve(chols, hessians)                                # L⁻¹ H
        preconditioned = np.linalg.solve(chols, np.swapaxes(half, -1, -2))     # L⁻¹ H L⁻ᵀ
        curvature = np.linalg.eigvalsh(preconditioned)[:, -1]
        return self.b / (4.0 * curvature * self.c1)


def lemma52_step(hessian: Callable[[np.ndarray], np.ndarray], *, d, b, delta) -> Lemma52Step:
    """The oracle schedule η_{1,k} = b / (4 𝓛_k c₁) of Lemma 5.2 (see ``Lemma52Step``)."""
    return Lemma52Step(hessian, d=d, b=b, delta=delta)

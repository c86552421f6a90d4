"""Step-size schedules η_{1,k} for ``MiNES`` as callables ``eta1(k, es)``.

- ``lemma51_step``: η₁ = bτ / (4 L c₁), the constant step of Lemma 5.1 (needs L).
- ``lemma52_step``: η_{1,k} = b / (4 𝓛_k c₁), the step of Lemma 5.2 / Theorem 5.4, where 𝓛_k is
  the smallest number with ∇²f(μ_k) ⪯ 𝓛_k Σ_k⁻¹. It needs the true Hessian: an *oracle*
  schedule, usable on test functions only.
- ``hutchinson_step``: a practical schedule that needs no oracle: Lemma 5.2's step with 𝓛_k
  replaced by an upper estimate read off the same function values. 𝓛_k = λmax(A_k) for
  A_k = Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2} ⪰ 0, and λmax(A) ≤ tr(A) = E[uᵀAu] (Hutchinson's trace
  estimator); the batch's second differences (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α² equal u_iᵀA u_i
  on a quadratic (up to O(γα) otherwise), so their mean estimates tr(A_k) without extra
  evaluations. Since tr(A) ≤ d·λmax(A), the step is at most d times smaller than the oracle's.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import scipy.linalg

from ._validation import positive_int, positive_scalar
from .bounds import c_constants

__all__ = ["preconditioned_extremes", "lemma51_step", "lemma52_step", "Lemma52Step",
           "hutchinson_step", "HutchinsonStep"]


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
                chols: np.ndarray, second_differences: np.ndarray) -> np.ndarray:
        """η for each of S states: ``means`` (S, d), ``chols`` (S, d, d) with Σ⁻¹ = L Lᵀ."""
        hessians = self.hessian(means)                                         # (S, d, d)
        half = np.linalg.solve(chols, hessians)                                # L⁻¹ H
        preconditioned = np.linalg.solve(chols, np.swapaxes(half, -1, -2))     # L⁻¹ H L⁻ᵀ
        curvature = np.linalg.eigvalsh(preconditioned)[:, -1]
        return self.b / (4.0 * curvature * self.c1)


def lemma52_step(hessian: Callable[[np.ndarray], np.ndarray], *, d, b, delta) -> Lemma52Step:
    """The oracle schedule η_{1,k} = b / (4 𝓛_k c₁) of Lemma 5.2 (see ``Lemma52Step``)."""
    return Lemma52Step(hessian, d=d, b=b, delta=delta)


class HutchinsonStep:
    """η_{1,k} = b / (4 c₁ T̂_k) with T̂_k the mean of the batch's second differences, an unbiased
    estimate of tr(Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2}) ≥ 𝓛_k on a quadratic (see the module docstring).
    A non-positive estimate (possible away from convexity or with rounding) falls back to the
    previous step."""

    def __init__(self, *, d, b, delta):
        self.c1 = c_constants(d=d, b=b, delta=delta).c1
        self.b = positive_int("b", b)
        self._last: float | np.ndarray = np.nan

    def _step(self, trace_estimate):
        step = self.b / (4.0 * self.c1 * np.maximum(trace_estimate, 1e-300))
        return np.where(trace_estimate > 0, step, self._last)

    def __call__(self, k: int, es) -> float:
        step = float(self._step(float(np.mean(es.second_differences))))
        if not np.isfinite(step):
            raise ValueError(f"hutchinson_step: no positive curvature estimate at k={k}")
        self._last = step
        return step

    def batched(self, k, means, sigma_invs, chols, second_differences) -> np.ndarray:
        step = self._step(second_differences.mean(axis=1))
        self._last = step
        return step


def hutchinson_step(*, d, b, delta) -> HutchinsonStep:
    """The practical schedule of ``HutchinsonStep``: no oracle, no extra evaluations."""
    return HutchinsonStep(d=d, b=b, delta=delta)

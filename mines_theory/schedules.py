"""The paper's step-size schedules η_{1,k}, all with the one protocol of ``algorithm.Schedule``:
``schedule(k, state, estimate)`` returns a number, or one number per seed when the state
carries a seed axis.

- ``lemma51_step``: η₁ = bτ / (4 L c₁), the constant step of Lemma 5.1 (needs L).
- ``Lemma52Step``: η_{1,k} = b / (4 𝓛_k c₁), the step of Lemma 5.2 / Theorem 5.4, where 𝓛_k is
  the smallest number with ∇²f(μ_k) ⪯ 𝓛_k Σ_k⁻¹. It needs the true Hessian: an *oracle*
  schedule, usable on test functions only.
- ``HutchinsonStep``: a practical schedule that needs no oracle: Lemma 5.2's step with 𝓛_k
  replaced by an upper estimate read off the same function values. 𝓛_k = λmax(A_k) for
  A_k = Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2} ⪰ 0, and λmax(A) ≤ tr(A) = E[uᵀAu] (Hutchinson's trace
  estimator); the batch's second differences (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α² equal u_iᵀA u_i
  on a quadratic (up to O(γα) otherwise), so their mean estimates tr(A_k) without extra
  evaluations. Since tr(A) ≤ d·λmax(A), the step is at most d times smaller than the oracle's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .algorithm import Constant, Estimate, State, harmonic
from .bounds import c_constants
from .linalg import preconditioned_extremes
from .validation import positive_int, positive_scalar

__all__ = [
    "Constant",
    "harmonic",
    "lemma51_step",
    "Lemma52Step",
    "lemma52_step",
    "HutchinsonStep",
    "hutchinson_step",
]


def lemma51_step(*, d: int, b: int, delta: float, L: float, tau: float) -> Constant:
    """η₁ = bτ / (4 L c₁) of Lemma 5.1, with c₁ of eq:c1.

    >>> round(lemma51_step(d=10, b=10, delta=0.1, L=1.0, tau=1.0).value, 6)   # 10/(4·76.9533)
    0.032487
    """
    c1 = c_constants(d=d, b=b, delta=delta).c1
    return Constant(
        positive_int("b", b) * positive_scalar("tau", tau) / (4.0 * positive_scalar("L", L) * c1)
    )


class Lemma52Step:
    """The oracle schedule η_{1,k} = b / (4 𝓛_k c₁) of Lemma 5.2, with 𝓛_k measured from the
    true Hessian ``hessian(μ_k)`` (one point or a stack) and the Cholesky factor of Σ_k⁻¹ (from
    the state, or computed when the state has none)."""

    def __init__(
        self, hessian: Callable[[np.ndarray], np.ndarray], *, d: int, b: int, delta: float
    ) -> None:
        if not callable(hessian):
            raise TypeError(
                f"hessian must be a callable mu -> ∇²f(mu) (e.g. objective.hessian), "
                f"got {type(hessian).__name__} {hessian!r:.60}"
            )
        self.hessian = hessian
        self.c1 = c_constants(d=d, b=b, delta=delta).c1
        self.b = positive_int("b", b)

    def curvature(self, state: State) -> Any:
        """𝓛_k, the largest eigenvalue of Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2}, per seed."""
        return preconditioned_extremes(self.hessian(state.mean), state.sigma_inv, chol=state.chol)[
            1
        ]  # computed on demand by forms without one

    def __call__(self, k: int, state: State, estimate: Estimate) -> Any:
        return self.b / (4.0 * self.curvature(state) * self.c1)


def lemma52_step(
    hessian: Callable[[np.ndarray], np.ndarray], *, d: int, b: int, delta: float
) -> Lemma52Step:
    """The oracle schedule η_{1,k} = b / (4 𝓛_k c₁) of Lemma 5.2 (see ``Lemma52Step``)."""
    return Lemma52Step(hessian, d=d, b=b, delta=delta)


class HutchinsonStep:
    """η_{1,k} = b / (4 c₁ T̂_k) with T̂_k the mean of the batch's second differences, an unbiased
    estimate of tr(Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2}) ≥ 𝓛_k on a quadratic (see the module docstring).
    A non-positive estimate (possible away from convexity or with rounding) falls back to the
    previous step, ``state.eta1``; at k = 1 there is none, and the step is then not finite (an
    error names it)."""

    def __init__(self, *, d: int, b: int, delta: float) -> None:
        self.c1 = c_constants(d=d, b=b, delta=delta).c1
        self.b = positive_int("b", b)

    def __call__(self, k: int, state: State, estimate: Estimate) -> Any:
        trace = estimate.second_differences.mean(axis=-1)  # T̂_k ≈ tr(A_k)
        step = self.b / (4.0 * self.c1 * np.maximum(trace, 1e-300))
        return np.where(trace > 0, step, state.eta1)


def hutchinson_step(*, d: int, b: int, delta: float) -> HutchinsonStep:
    """The practical schedule of ``HutchinsonStep``: no oracle, no extra evaluations."""
    return HutchinsonStep(d=d, b=b, delta=delta)

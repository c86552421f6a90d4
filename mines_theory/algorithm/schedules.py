"""Step sizes: the one protocol of every schedule, and the paper's schedules η_{1,k}.

``Schedule``: ``schedule(k, state, estimate)`` returns a number, or one number per seed when the
state (an ``algorithm.State``) carries a seed axis; ``estimate`` (``Estimate``) holds what
iteration k estimated. ``Constant`` and ``harmonic`` (η₂,k = 1/k, Lemma 5.3) are the simplest;
``algorithm.MiNESStrategy`` checks every value with ``step_size``.

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

import dataclasses
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from mines_theory.theory.bounds.section5 import c_constants
from mines_theory.linalg.spd import preconditioned_extremes
from mines_theory.validation import positive_int, positive_scalar

__all__ = [
    "Estimate",
    "Schedule",
    "Constant",
    "harmonic",
    "as_schedule",
    "step_size",
    "lemma51_step",
    "Lemma52Step",
    "lemma52_step",
    "HutchinsonStep",
    "hutchinson_step",
]


# ----------------------------------------------------------------------------------------------
# The protocol
# ----------------------------------------------------------------------------------------------


class Estimate(NamedTuple):
    """What iteration k estimated from its 2b+1 values, before any step is taken."""

    g: np.ndarray  # g̃(μ_k), eq:g_mu, shape (…, d)
    G: np.ndarray  # G̃(Σ_k), eq:TG, shape (…, d, d)
    second_differences: np.ndarray  # (f(μ+αz_i) + f(μ−αz_i) − 2f(μ))/α², shape (…, b)


#: A step size η_k: ``schedule(k, state, estimate)`` returns a number or, for a state with a
#: seed axis, one number per seed. ``k`` counts from 1; ``state`` is the ``algorithm.State``
#: before the update (μ_k, Σ_k⁻¹ and its Cholesky factor); ``estimate`` holds g̃, G̃ and the
#: batch's second differences. Below: the paper's schedules; a number means ``Constant``.
Schedule = Callable[[int, Any, Estimate], Any]


@dataclasses.dataclass(frozen=True)
class Constant:
    """η_k = value for every k."""

    value: float

    def __post_init__(self):
        positive_scalar("value", self.value)  # checked, kept as given

    def __call__(self, k: int, state: Any, estimate: Estimate) -> float:
        return self.value


def harmonic(k: int, state: Any, estimate: Estimate) -> float:
    """η_{2,k} = 1/k, the schedule of Lemma 5.3 (the default η₂)."""
    return 1.0 / k


def as_schedule(name: str, value: Any) -> Schedule:
    """``value`` as a schedule: a callable as it is, a number as ``Constant`` (checked > 0)."""
    if callable(value):
        return value
    return Constant(positive_scalar(name, value))


def step_size(name: str, schedule: Schedule, k: int, state: Any, estimate: Estimate) -> np.ndarray:
    """The schedule's value at iteration k, checked: finite and > 0, one per seed of ``state``
    (an ``algorithm.State``); a ``ValueError`` naming the schedule otherwise."""
    raw = schedule(k, state, estimate)
    batch = state.mean.shape[:-1]
    try:
        value = np.broadcast_to(np.asarray(raw, dtype=float), batch)
    except (TypeError, ValueError):
        value = None
    if value is None or not np.all(np.isfinite(value) & (value > 0)):
        if not (np.isfinite(estimate.g).all() and np.isfinite(estimate.G).all()):
            raise FloatingPointError(  # the schedule was handed an overflowed estimate
                f"the estimates g and G at k={k} are not finite (largest |g| = "
                f"{float(np.max(np.abs(estimate.g))):.3g}): f's differences are too large "
                f"for floating point, so {name} returned {raw!r}; rescale f"
            )
        raise ValueError(
            f"the step-size schedule {name} returned {raw!r} at k={k}: expected a "
            f"finite number > 0" + (f" for each of {batch[0]} seeds" if batch else "")
        )
    return value


# ----------------------------------------------------------------------------------------------
# The paper's schedules
# ----------------------------------------------------------------------------------------------


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

    def curvature(self, state: Any) -> Any:
        """𝓛_k, the largest eigenvalue of Σ_k^{1/2}∇²f(μ_k)Σ_k^{1/2}, per seed."""
        return preconditioned_extremes(self.hessian(state.mean), state.sigma_inv, chol=state.chol)[
            1
        ]  # computed on demand by forms without one

    def __call__(self, k: int, state: Any, estimate: Estimate) -> Any:
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

    def __call__(self, k: int, state: Any, estimate: Estimate) -> Any:
        trace = estimate.second_differences.mean(axis=-1)  # T̂_k ≈ tr(A_k)
        step = self.b / (4.0 * self.c1 * np.maximum(trace, 1e-300))
        return np.where(trace > 0, step, state.eta1)


def hutchinson_step(*, d: int, b: int, delta: float) -> HutchinsonStep:
    """The practical schedule of ``HutchinsonStep``: no oracle, no extra evaluations."""
    return HutchinsonStep(d=d, b=b, delta=delta)

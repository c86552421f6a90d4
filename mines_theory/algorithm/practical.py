"""Practical defaults for MiNES: every setting that Algorithm 1 leaves to the user, computed by a
documented rule from function values only, so that ``minimize(f, x0, max_evaluations=n)`` runs
on a black-box f.

What is the paper's and what is not. Algorithm 1 of *Mirror Natural Evolution Strategies* is the
iteration itself: the antithetic estimates g̃ (eq:g_mu) and G̃ (eq:TG) from 2b+1 values, the mean
step μ_{k+1} = μ_k − η_{1,k} g̃ (step 5) and the mirror step Σ⁻¹_{k+1} = Π_S'(Σ_k⁻¹ + η_{2,k} G̃)
(eq:Sig_modi). ``minimize`` with these defaults runs exactly that iteration
(``algorithm.MiNESStrategy``, unchanged). The paper fixes none of α, S' = [τ, ζ], b, Σ₁⁻¹ or η₁
for a user (its step sizes need the smoothness L and the strong convexity σ, or the Hessian:
``schedules``), and it takes η_{2,k} = 1/k (Lemma 5.3). The rules below are this library's
practical choices, which the paper does not make:

1. **Calibration** (2b+1 extra evaluations, counted in ``nfev``): at x₀, with b directions
   u_i ~ N(0, I) and the initial scale σ₀ (``scale``, default 1: like pycma's σ₀, about a fifth
   of the width of the region where the optimum is expected; COCO's bbob domain [−5, 5]ᵈ gives
   2), the second differences s_i = (f(x₀ + σ₀u_i) + f(x₀ − σ₀u_i) − 2f(x₀))/σ₀² give the
   curvature scale h₀ = (1/b) Σ_i |s_i| (= tr ∇²f on average on a quadratic; |s_i| so that
   negative curvature still gives a scale). If every s_i is 0 (f flat at scale σ₀),
   h₀ = (1/b) Σ_i |f(x₀ + σ₀u_i) − f(x₀ − σ₀u_i)| / (2σ₀²) (slope over scale), and if that is
   0 too, h₀ = 1/σ₀². h₀ is clipped to [1e-100, 1e100] (so that α² stays a normal float).
2. **α and Σ₁⁻¹**: α = σ₀ √h₀ and Σ₁⁻¹ = h₀ I, so the first samples μ ± αz_i, z_i ~ N(0, Σ₁),
   have standard deviation σ₀ per coordinate, as pycma's first samples (α is in units of √f:
   later samples spread as α Σ_k^{1/2} ≈ α (∇²f)^{-1/2}, where f changes by about α²).
3. **S'**: τ = 1e-4 h₀, ζ = 1e4 h₀ (``TAU_FACTOR``, ``ZETA_FACTOR``): the eigenvalues of Σ⁻¹
   stay within four decades of the initial curvature scale either way, so the samples'
   spread α Σ^{1/2} stays within [σ₀/100, 100 σ₀] per direction. A lower τ would let Σ⁻¹ fit
   Hessians with eigenvalues below 1e-4 h₀ (bbob's ellipsoids of condition 1e6), but where the
   second differences are negative (non-convex f, rugged bbob functions) the running average
   pushes Σ⁻¹ down to τ, and the samples then spread α/√τ wide: with τ = 1e-8 h₀ (spread
   1e4 σ₀) the runs on bbob f12, f17 and f18 in d = 5 (instance 1) left the domain until f
   overflowed. The choice trades the ill-conditioned functions for the others.
4. **b** = 4 + ⌊3 ln d⌋, pycma's default population size λ.
5. **η_{2,k}** = min(1/(min(k, K) + k₀), ½/(1 + Σ_i |w_i|)) with k₀ = ⌈d(d+1)/(2b)⌉,
   K = ``FORGET`` · (k₀ + 1) and w_i = s_i/(2b) the batch's weights in eq:TG
   (``PracticalEta2``). (a) k₀: Σ_k⁻¹ is the average of Σ₁⁻¹ = h₀ I, counted as k₀ batches, and
   the estimates Σ_j⁻¹ + G̃_j (up to the projections); k₀ batches hold d(d+1)/2 second
   differences, as many as a Hessian has free entries. The paper's η_{2,1} = 1 replaces Σ₁⁻¹ by
   one batch's estimate, Σ_i w_i r_ir_iᵀ − (Σ_i w_i)Σ₁⁻¹, of which all but ≤ b eigenvalues are
   negative when the w_i are positive: Π_S' clips them to τ. (b) K: from k = K on the step
   stays 1/(K + k₀), an exponential average over about K + k₀ batches, which forgets the
   estimates made far from the current mean (the paper's 1/k never forgets them; on a
   quadratic nothing changes along the path). (c) ½/(1 + Σ|w_i|) keeps
   c_k = 1 − η₂(1 + Σ_i w_i) ≥ ½ in eq:Sig_modi (module ``algorithm``): one step at most halves
   Σ_k⁻¹ beside its rank-b term, so a batch whose curvature far exceeds Σ_k⁻¹ cannot flip its
   sign (which Π_S' would clip to τ).
6. **η_{1,k}** (``CurvatureStep``): the step that minimizes the expected value of a quadratic
   model after the step, η = ‖g‖² / (gᵀAg (1 + 1/b) + tr(A) ‖g‖²/b) for
   A = Σ_k^{1/2}∇²f Σ_k^{1/2} (the expectation over u_i ~ N(0, I) of the mean step's
   second-order term), with gᵀAg/‖g‖² replaced by λ̂ = max_i |s_i|/d and tr(A) by
   T̂ = (1/b) Σ_i |s_i| (Hutchinson's estimator, as in ``schedules.HutchinsonStep``):
   1/(λ̂ (1 + 1/b) + T̂/b), which on A = I is b/(b + d + 1) up to the χ² fluctuations of λ̂.
   It is capped so that the mean moves at most α in the Σ_k⁻¹ norm (one standard deviation of
   the samples along the step: ‖η g̃‖_{Σ_k⁻¹} ≤ ``CAP`` · α), a trust region for a model fitted
   at the samples' scale. It needs no oracle, and the |s_i| make it finite and positive for any
   sign of the curvature; if every s_i = 0 (f flat at the sampling scale) it is the previous
   step, and at k = 1 then b/(b + d + 1) (A = I).

``PracticalSettings`` holds what the rules gave for one start; ``practical_settings`` computes
it (the calibration evaluations included).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from mines_theory.validation import evaluate, positive_int, positive_scalar

__all__ = [
    "DEFAULT_SCALE",
    "TAU_FACTOR",
    "ZETA_FACTOR",
    "default_batch_size",
    "prior_batches",
    "curvature_scale",
    "PracticalEta2",
    "CurvatureStep",
    "PracticalSettings",
    "practical_settings",
]

#: σ₀ when ``scale`` is not given: unit-scaled variables.
DEFAULT_SCALE = 1.0

#: S' = [TAU_FACTOR · h₀, ZETA_FACTOR · h₀] (rule 3).
TAU_FACTOR = 1e-4
ZETA_FACTOR = 1e4

#: The mean moves at most CAP · α in the Σ_k⁻¹ norm per iteration (rule 6).
CAP = 1.0

#: η_{2,k} stops decreasing at k = FORGET · (k₀ + 1) (rule 5).
FORGET = 10

#: The range that h₀ is clipped to (rule 1).
SCALE_RANGE = (1e-100, 1e100)


def default_batch_size(d: int) -> int:
    """b = 4 + ⌊3 ln d⌋ (rule 4; pycma's default population size).

    >>> [default_batch_size(d) for d in (1, 2, 5, 10, 40)]
    [4, 6, 8, 10, 15]
    """
    return 4 + int(3 * math.log(positive_int("d", d)))


def prior_batches(d: int, b: int) -> int:
    """k₀ = ⌈d(d+1)/(2b)⌉, the batches that Σ₁⁻¹ counts for in η_{2,k} = 1/(k + k₀) (rule 5).

    >>> prior_batches(10, 10), prior_batches(2, 6)
    (6, 1)
    """
    d, b = positive_int("d", d), positive_int("b", b)
    return -(-d * (d + 1) // (2 * b))


def curvature_scale(f0: float, f_plus: np.ndarray, f_minus: np.ndarray, scale: float) -> float:
    """h₀ of rule 1 from f(x₀), f(x₀ + σ₀u_i) and f(x₀ − σ₀u_i).

    >>> curvature_scale(0.0, np.array([1.0, 4.0]), np.array([1.0, 4.0]), 1.0)  # s = 2, 8
    5.0
    >>> curvature_scale(0.0, np.array([1.0]), np.array([-1.0]), 1.0)   # linear: slope 1
    1.0
    """
    scale = np.float64(positive_scalar("scale", scale))  # scale**2 may overflow: inf, not an error
    f_plus, f_minus = np.asarray(f_plus, float), np.asarray(f_minus, float)
    with np.errstate(over="ignore", invalid="ignore"):  # inf − inf: NaN, then the slope
        h = float(np.mean(np.abs(f_plus + f_minus - 2.0 * f0)) / scale**2)
        if not (h > 0 and np.isfinite(h)):
            h = float(np.mean(np.abs(f_plus - f_minus)) / (2.0 * scale**2))
        if not np.isfinite(h):
            h = SCALE_RANGE[1]
        if h == 0.0:
            h = float(1.0 / scale**2)
    return float(np.clip(h, *SCALE_RANGE))


@dataclasses.dataclass(frozen=True)
class PracticalEta2:
    """η_{2,k} = min(1/(min(k, K) + k₀), ½/(1 + Σ_i |w_i|)), K = ``FORGET`` · (k₀ + 1), with
    k₀ = ``prior`` (rule 5): Σ₁⁻¹ weighs as k₀ batches, the average forgets after about K + k₀
    batches, and c_k = 1 − η₂(1 + Σ_i w_i) ≥ ½."""

    prior: int

    def __post_init__(self):
        if (
            isinstance(self.prior, bool)
            or not isinstance(self.prior, (int, np.integer))
            or self.prior < 0
        ):
            raise ValueError(f"prior must be an integer >= 0, got {self.prior!r}")

    def __call__(self, k: int, state, estimate):
        base = 1.0 / (min(k, FORGET * (self.prior + 1)) + self.prior)
        b = estimate.second_differences.shape[-1]
        total = np.abs(estimate.second_differences).sum(axis=-1) / (2.0 * b)  # Σ_i |w_i|
        return np.minimum(base, 0.5 / (1.0 + total))


@dataclasses.dataclass(frozen=True)
class CurvatureStep:
    """η_{1,k} = min(1/(λ̂ (1 + 1/b) + T̂/b), CAP · α / ‖g̃‖_{Σ_k⁻¹}) with λ̂ = max_i |s_i| / d
    and T̂ = mean_i |s_i| (rule 6); when every s_i = 0, the previous step (b/(b + d + 1) at
    k = 1) under the same cap."""

    dim: int
    batch_size: int
    alpha: float

    def __post_init__(self):
        positive_int("dim", self.dim)
        positive_scalar("alpha", self.alpha)
        positive_int("batch_size", self.batch_size)

    def __call__(self, k: int, state, estimate):
        b, d = self.batch_size, self.dim
        magnitude = np.abs(estimate.second_differences)
        largest = magnitude.max(axis=-1) / d  # λ̂
        trace = magnitude.mean(axis=-1)  # T̂
        with np.errstate(divide="ignore"):
            step = 1.0 / (largest * (1.0 + 1.0 / b) + trace / b)
        fallback = np.where(np.isfinite(state.eta1), state.eta1, b / (b + d + 1.0))
        step = np.where((trace > 0) & np.isfinite(step), step, fallback)
        # the cap: ‖η g̃‖ in the Σ_k⁻¹ norm at most CAP · α
        norm = np.sqrt(np.einsum("...i,...ij,...j->...", estimate.g, state.sigma_inv, estimate.g))
        if not np.all(np.isfinite(norm)):  # g̃ᵀΣ⁻¹g̃ overflowed: the norm of g̃ / max |g̃_i|
            largest = np.max(np.abs(estimate.g), axis=-1)
            with np.errstate(invalid="ignore", divide="ignore"):
                unit = estimate.g / largest[..., None]
                norm = largest * np.sqrt(
                    np.einsum("...i,...ij,...j->...", unit, state.sigma_inv, unit)
                )
        with np.errstate(divide="ignore", invalid="ignore"):
            cap = np.where(norm > 0, CAP * self.alpha / norm, np.inf)
        return np.minimum(step, cap)


@dataclasses.dataclass(frozen=True, eq=False)
class PracticalSettings:
    """The settings of one run: those that rules 1–6 gave for its start (module docstring), or
    the user's where ``given`` put them. Equal when every field is (Σ₁⁻¹ entry by entry)."""

    scale: float  # σ₀
    curvature: float  # h₀
    alpha: float  # α = σ₀ √h₀
    sigma_inv0: np.ndarray  # Σ₁⁻¹ = h₀ I
    tau: float  # τ = TAU_FACTOR · h₀
    zeta: float  # ζ = ZETA_FACTOR · h₀
    batch_size: int  # b
    eta1: Any  # CurvatureStep, or the user's η₁
    eta2: Any  # PracticalEta2, or the user's η₂
    evaluations: int  # the calibration's evaluations, 2b + 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PracticalSettings):
            return NotImplemented
        return all(
            np.array_equal(getattr(self, field.name), getattr(other, field.name))
            if field.name == "sigma_inv0"
            else getattr(self, field.name) == getattr(other, field.name)
            for field in dataclasses.fields(self)
        )

    def given(
        self,
        alpha: Any = None,
        tau: Any = None,
        zeta: Any = None,
        eta1: Any = None,
        eta2: Any = None,
        sigma_inv0: Any = None,
    ) -> PracticalSettings:
        """These settings with each one the user gave (not None) in place of the rule's: a
        given α is also the cap of η₁ (``CurvatureStep``), and Σ₁⁻¹ = h₀I projected onto the
        S' = [τ, ζ] of the run (h₀ clipped to [τ, ζ])."""
        alpha = self.alpha if alpha is None else alpha
        tau = self.tau if tau is None else tau
        zeta = self.zeta if zeta is None else zeta
        d = self.sigma_inv0.shape[0]
        return dataclasses.replace(
            self,
            alpha=alpha,
            tau=tau,
            zeta=zeta,
            sigma_inv0=(
                min(max(self.curvature, tau), zeta) * np.eye(d)
                if sigma_inv0 is None
                else sigma_inv0
            ),
            eta1=(
                eta1
                if eta1 is not None
                else self.eta1
                if alpha == self.alpha
                else CurvatureStep(d, self.batch_size, alpha)
            ),
            eta2=self.eta2 if eta2 is None else eta2,
        )


def practical_settings(
    f: Callable[[np.ndarray], Any],
    mean0: np.ndarray,
    rng: np.random.Generator,
    *,
    scale: float | None = None,
    batch_size: int | None = None,
    check: Callable[[Callable, np.ndarray], None] | None = None,
) -> PracticalSettings:
    """Rules 1–6 for the vectorized ``f`` from ``mean0``: one calibration batch of 2b+1 values
    (directions drawn from ``rng``). ``check(f, X)``, if given, is called on the calibration
    query (``minimize`` passes its test that f is vectorized)."""
    d = mean0.shape[0]
    scale = DEFAULT_SCALE if scale is None else positive_scalar("scale", scale)
    b = default_batch_size(d) if batch_size is None else positive_int("batch_size", batch_size)
    u = rng.standard_normal((b, d))
    X = np.concatenate([mean0[None, :], mean0 + scale * u, mean0 - scale * u])
    values = evaluate(f, X)
    if check is not None and X.shape[0] == d:
        check(f, X)
    h = curvature_scale(values[0], values[1 : b + 1], values[b + 1 :], scale)
    alpha = scale * math.sqrt(h)
    if not np.finfo(float).tiny <= alpha * alpha < np.inf:
        raise ValueError(
            f"scale must give an alpha = scale · √h₀ whose square is a normal float, got scale "
            f"= {scale!r}: alpha = {alpha:.3g} with the curvature scale h₀ = {h:.3g}"
        )
    return PracticalSettings(
        scale=scale,
        curvature=h,
        alpha=alpha,
        sigma_inv0=h * np.eye(d),
        tau=TAU_FACTOR * h,
        zeta=ZETA_FACTOR * h,
        batch_size=b,
        eta1=CurvatureStep(d, b, alpha),
        eta2=PracticalEta2(prior_batches(d, b)),
        evaluations=X.shape[0] + (1 if X.shape[0] == d and check is not None else 0),
    )

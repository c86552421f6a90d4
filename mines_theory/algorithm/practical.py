"""Practical defaults for MiNES: every setting that Algorithm 1 leaves to the user, computed by a
documented rule from function values only, so that ``minimize(f, x0)`` runs
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

7. **The search domain** (``bounds`` = (l, u), optional; ``Box``), in one of two ways
   (``bound_handling``):

   - "project" (the default): after each mean step μ_{k+1} is projected onto the box (each
     coordinate clipped), so that the mean never leaves it; the samples μ ± αz_i may leave it
     by their spread (f must be defined there, as bbob's functions are);
   - "transform": every point evaluated lies in the box: f is evaluated at T(x), T pycma's
     ``BoxConstraintsLinQuadTransformation`` (its default bound handling, ``BoundTransform``):
     the identity on [l + a_l, u − a_u], quadratic in the margins a = min(w/2,
     max(1, |bound|)/20) (w = u − l per coordinate; 0.25 on [−5, 5]), then mirrored and
     periodic; Algorithm 1 runs unchanged on f∘T and the result is T(μ).

   With a box, σ₀ defaults to w̄/5 (w̄ the mean width: 2 on [−5, 5]ᵈ, pycma's guidance) and S'
   is scaled to it: τ = min(h₀, α²/w_min²), so that the samples' spread α/√λ(Σ⁻¹) never
   exceeds the box's smallest width w_min (without a box, rule 3's τ = 1e-4 h₀ allows 100 σ₀,
   20 times bbob's box); ζ stays 1e4 h₀. Measured on bbob (issue 35: f1, f2, f5, f8, f10,
   f11, f12, f15, f20 × d = 2, 5, 10 × instances 1–3, 10⁴·d with the restarts of
   ``experiments.coco``): "project" reached 1e-8 in as many runs as no box (18 of 81, f1 and
   f5), "transform" in 6 (not even f1 in d = 10). With α fixed the samples keep spreading
   about α/√λ(∇²f) however close μ is to the optimum; at that scale T's folds make f∘T
   non-quadratic near the faces, with negative second differences, which push Σ⁻¹ down to τ:
   the samples spread across the box and the runs end pinned at the edge of S'. The box's τ
   has a price where the curvature is far below h₀: on the plain quadratic Σ_i 10^{6(i−1)/4}
   x_i² in d = 5 (from x₀ uniform in [−4, 4]⁵, 5 seeds, 10⁴·d evaluations, target 1e-8,
   measured) no run reached the target with the box [−5, 5]⁵ (τ = 0.04 h₀), 2 of 5 did
   without it (τ = 1e-4 h₀, after about 9,000·d), and 5 of 5 after about 1,300·d with
   τ = 1e-6 h₀ and no box: with α fixed, Σ⁻¹ can match a Hessian of condition 10⁶ only if the
   samples may spread √(h₀/λ_min) σ₀ ≈ 10³ σ₀ along its flattest direction, far beyond any
   box of width 5σ₀.
8. **Termination** (``termination_reason``): a run of the practical defaults stops, like
   pycma's, when its own state says that it has stopped making progress, decided from the
   values f(μ_j) that every iteration queries and from whether each update was projected onto
   S', over the last W = 10 + ⌈30d/(2b+1)⌉ iterations (pycma's ``tolfun`` history, with
   λ = 2b + 1 values per iteration) or the last S = 100 + ⌈100 d^{3/2}/(2b+1)⌉ (pycma's
   ``tolstagnation``):

   - "flat f": max − min of f(μ_j) over the last W iterations ≤ ``TOLFUN`` = 1e-11 (pycma's
     ``tolfun``; on a quadratic the central differences are exact and μ_k converges, so this
     is how a solved run ends when no target is given);
   - "pinned at the edge of S'": Σ⁻¹_{k+½} left S' and was projected in each of the last W
     iterations, and the best f(μ_j) of those W is no better than the best before them: the
     scale the second differences ask for lies outside the spreads S' allows (on bbob, Σ⁻¹
     pushed to τ by negative curvature, the samples spread as wide as S' lets them);
   - "stagnation": no new best f(μ_j) in the last S iterations (the mean wanders: on bbob f2
     in d = 5 it random-walks once Σ⁻¹ is at τ).

   A run that stops is restarted by the caller (``experiments.coco`` restarts with 2b, as
   IPOP-CMA-ES doubles its population); ``MiNES.stop()`` names the rule that fired ("flat",
   "pinned", "stagnation"), and ``minimize``'s result has its own ``status`` for each (3, 4,
   5: ``mines.STOPS``) and its message.

``PracticalSettings`` holds what the rules gave for one start; ``practical_settings`` computes
it (the calibration evaluations included). ``mines.MiNES`` runs rule 1's batch as its first
ask/tell (``calibration_points``, then ``calibrated`` on the values told), and the settings
are rows of the one table ``options.OPTIONS`` (the practical preset).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from mines_theory.validation import evaluate, positive_int, positive_scalar

__all__ = [
    "BOUND_HANDLINGS",
    "Box",
    "DEFAULT_SCALE",
    "TOLFUN",
    "Termination",
    "termination_reason",
    "termination_windows",
    "TAU_FACTOR",
    "ZETA_FACTOR",
    "default_batch_size",
    "prior_batches",
    "curvature_scale",
    "PracticalEta2",
    "CurvatureStep",
    "PracticalSettings",
    "default_scale",
    "calibration_points",
    "calibrated",
    "practical_settings",
    "box_tau",
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

#: The ways of rule 7 to respect a box: the default first.
BOUND_HANDLINGS = ("project", "transform")

#: "flat f" (rule 8): the range of f(μ_j) over the last W iterations at most this (pycma's tolfun).
TOLFUN = 1e-11


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


def _margin(bound: np.ndarray, width: np.ndarray) -> np.ndarray:
    """pycma's margin of the quadratic part beside a bound: min(w/2, max(1, |bound|)/20)."""
    return np.minimum(width / 2.0, np.maximum(1.0, np.abs(bound)) / 20.0)


@dataclasses.dataclass(frozen=True, eq=False)
class Box:
    """The search domain [lower, upper] of rule 7 and how it is respected (``handling``).

    ``transform`` is pycma's ``BoxConstraintsLinQuadTransformation`` (with its default margins)
    applied to the rows of an array: per coordinate, with w = upper − lower and the margins
    a_l, a_u (``_margin``), the identity on [l + a_l, u − a_u]; l + (y − (l − a_l))²/(4a_l) on
    [l − a_l, l + a_l] and u − (y − (u + a_u))²/(4a_u) on [u − a_u, u + a_u]; beyond, mirrored
    at l − a_l and u + a_u, and periodic with period 2(w + a_l + a_u).

    >>> box = Box(np.full(2, -5.0), np.full(2, 5.0))   # margins 0.25
    >>> box.transform(np.array([[0.0, 4.75], [5.0, 5.25], [6.0, 25.5]])).tolist()
    [[0.0, 4.75], [4.9375, 5.0], [4.5, 4.5]]
    >>> box.repair(np.array([6.0, -1.0])).tolist()
    [5.0, -1.0]
    """

    lower: np.ndarray
    upper: np.ndarray
    handling: str = "project"

    def __post_init__(self):
        lower = np.atleast_1d(np.asarray(self.lower, dtype=float))
        upper = np.atleast_1d(np.asarray(self.upper, dtype=float))
        if lower.ndim != 1 or lower.shape != upper.shape:
            raise ValueError(
                f"bounds must be two vectors of one length (lower, upper), got shapes "
                f"{lower.shape} and {upper.shape}"
            )
        if not (np.all(np.isfinite(lower)) and np.all(np.isfinite(upper))):
            raise ValueError(f"bounds must be finite, got lower = {lower}, upper = {upper}")
        if not np.all(lower < upper):
            raise ValueError(
                f"bounds must have lower < upper in every coordinate, got lower = {lower}, "
                f"upper = {upper}"
            )
        if self.handling not in BOUND_HANDLINGS:
            raise ValueError(
                f"bound_handling must be one of {BOUND_HANDLINGS}, got {self.handling!r}"
            )
        object.__setattr__(self, "lower", lower)
        object.__setattr__(self, "upper", upper)

    @property
    def width(self) -> np.ndarray:
        """w = upper − lower, per coordinate."""
        return self.upper - self.lower

    def repair(self, X: np.ndarray) -> np.ndarray:
        """The nearest point of the box to each row (each coordinate clipped)."""
        return np.clip(X, self.lower, self.upper)

    def transform(self, X: np.ndarray) -> np.ndarray:
        """T(X), row by row (class docstring)."""
        lb, ub, w = self.lower, self.upper, self.width
        al, au = _margin(lb, w), _margin(ub, w)
        y = np.array(X, dtype=float)
        start = lb - 2 * al - w / 2  # pycma: shift far points into one period first
        far = (y < start) | (y > ub + 2 * au + w / 2)
        period = 2 * (w + al + au)
        y = np.where(far, y - period * np.floor((y - start) / period), y)
        y = np.where(y > ub + au, y - 2 * (y - ub - au), y)  # mirrored at u + a_u
        y = np.where(y < lb - al, y + 2 * (lb - al - y), y)  # mirrored at l − a_l
        y = np.where(y < lb + al, lb + (y - (lb - al)) ** 2 / (4 * al), y)
        return np.where(y > ub - au, ub - (y - (ub + au)) ** 2 / (4 * au), y)

    def mean(self, mean: np.ndarray) -> np.ndarray:
        """μ after a mean step: projected onto the box ("project"), unchanged ("transform")."""
        return self.repair(mean) if self.handling == "project" else mean

    def solution(self, mean: np.ndarray) -> np.ndarray:
        """The point that a mean (or each row of query points) stands for, where f is
        evaluated: μ ("project") or T(μ) ("transform")."""
        return mean if self.handling == "project" else self.transform(mean)


def termination_windows(d: int, per_iteration: int) -> tuple[int, int]:
    """(W, S) of rule 8 for λ = ``per_iteration`` values per iteration (2b + 1 for MiNES):
    W = 10 + ⌈30d/λ⌉ (pycma's tolfun history) and S = 100 + ⌈100 d^{3/2}/λ⌉ iterations
    (pycma's tolstagnation).

    >>> termination_windows(10, 21), termination_windows(2, 13)
    ((25, 251), (15, 122))
    """
    d, per = positive_int("d", d), positive_int("per_iteration", per_iteration)
    return 10 + -(-30 * d // per), 100 + math.ceil(100 * d**1.5 / per)


def termination_reason(
    f_history: np.ndarray, projected: np.ndarray | None, d: int, per_iteration: int
) -> str | None:
    """Rule 8: why a run should stop after the iterations so far, or None.

    ``f_history``: one value per iteration so far (f(μ_j) for MiNES, as queried; a peer
    passes the best value of each batch); ``projected``: whether update j left S' and was
    projected (``Iteration.projected``), or None for a method without S' (the rule "pinned"
    is then not tested); ``per_iteration``: λ, the values per iteration (2b + 1 for MiNES),
    which sets the windows (``termination_windows``). The rules (module docstring) in the
    order "flat f", "pinned at the edge of S'", "stagnation"; none fires before W iterations.

    >>> termination_reason(np.full(30, 2.0), None, 10, 21)
    'flat f: f varied by ≤ 1e-11 over the last 25 iterations'
    >>> termination_reason(np.arange(30.0)[::-1], np.ones(30, bool), 10, 21) is None
    True
    """
    window, stagnation = termination_windows(d, per_iteration)
    f_history = np.asarray(f_history, dtype=float)
    k = f_history.shape[0]
    if k < window:
        return None
    recent = f_history[-window:]
    if float(recent.max() - recent.min()) <= TOLFUN:
        return f"flat f: f varied by ≤ {TOLFUN:g} over the last {window} iterations"
    before = f_history[:-window]
    no_gain = before.size > 0 and float(recent.min()) >= float(before.min())
    if no_gain and projected is not None:
        projected = np.asarray(projected, dtype=bool)
        if projected.shape[0] >= window and bool(projected[-window:].all()):
            return (
                f"pinned at the edge of S': Σ⁻¹ was projected onto S' in each of the last "
                f"{window} iterations, with no new best f"
            )
    if k > stagnation and float(f_history[-stagnation:].min()) >= float(
        f_history[:-stagnation].min()
    ):
        return f"stagnation: no new best f in the last {stagnation} iterations"
    return None


class Termination:
    """Rule 8 along a run: ``add`` one iteration's value (and whether its update was projected)
    and get what ``termination_reason`` says of the history so far, in O(W) per iteration: it
    keeps the last W values and flags, the best value and the iteration that first reached it
    (min(f[−n:]) ≥ min(f[:−n]) exactly when that iteration lies before the last n).
    ``tests/test_practical.py`` checks that it answers as ``termination_reason`` does.

    >>> rule = Termination(10, 21)
    >>> [rule.add(2.0) for _ in range(25)][-2:]
    [None, 'flat f: f varied by ≤ 1e-11 over the last 25 iterations']
    """

    def __init__(self, d: int, per_iteration: int, *, projections: bool = False) -> None:
        self.window, self.stagnation = termination_windows(d, per_iteration)
        self.projections = projections
        self.recent: list[float] = []
        self.flags: list[bool] = []
        self.k = 0  # iterations so far
        self.best = math.inf
        self.best_at = 0  # the first iteration (1-based) that reached ``best``

    def add(self, value: float, projected: bool = False) -> str | None:
        value = float(value)
        self.k += 1
        if value < self.best:
            self.best, self.best_at = value, self.k
        self.recent = (self.recent + [value])[-self.window :]
        self.flags = (self.flags + [bool(projected)])[-self.window :]
        W, S, k = self.window, self.stagnation, self.k
        if k < W:
            return None
        if max(self.recent) - min(self.recent) <= TOLFUN:
            return f"flat f: f varied by ≤ {TOLFUN:g} over the last {W} iterations"
        no_gain = k > W and self.best_at <= k - W
        if no_gain and self.projections and all(self.flags):
            return (
                f"pinned at the edge of S': Σ⁻¹ was projected onto S' in each of the last "
                f"{W} iterations, with no new best f"
            )
        if k > S and self.best_at <= k - S:
            return f"stagnation: no new best f in the last {S} iterations"
        return None


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
    box: Box | None = None  # T of rule 7, when a box was given

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


def default_scale(box: Box | None) -> float:
    """σ₀ when ``scale`` is not given: ``DEFAULT_SCALE``, or a fifth of the box's mean width."""
    return DEFAULT_SCALE if box is None else float(np.mean(box.width)) / 5.0


def calibration_points(
    mean0: np.ndarray, rng: np.random.Generator, scale: float, batch_size: int
) -> np.ndarray:
    """The calibration batch of rule 1: x₀, x₀ + σ₀u_i, x₀ − σ₀u_i with b directions u_i ~ N(0, I)
    drawn from ``rng``, shape (2b+1, d)."""
    u = rng.standard_normal((batch_size, mean0.shape[0]))
    return np.concatenate([mean0[None, :], mean0 + scale * u, mean0 - scale * u])


def calibrated(
    values: np.ndarray, mean0: np.ndarray, scale: float, batch_size: int, box: Box | None = None
) -> PracticalSettings:
    """Rules 1–7 from the values f at the ``calibration_points`` (finite, checked by the
    caller)."""
    d, b = mean0.shape[0], batch_size
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
        tau=TAU_FACTOR * h if box is None else box_tau(h, scale, box),
        zeta=ZETA_FACTOR * h,
        batch_size=b,
        eta1=CurvatureStep(d, b, alpha),
        eta2=PracticalEta2(prior_batches(d, b)),
        evaluations=2 * b + 1,
        box=box,
    )


def practical_settings(
    f: Callable[[np.ndarray], Any],
    mean0: np.ndarray,
    rng: np.random.Generator,
    *,
    scale: float | None = None,
    batch_size: int | None = None,
    box: Box | None = None,
) -> PracticalSettings:
    """Rules 1–7 for the vectorized ``f`` from ``mean0``: one calibration batch of 2b+1 values
    (``calibration_points``, directions drawn from ``rng``; ``calibrated``). ``box``: the search
    domain of rule 7 (``f`` is then what Algorithm 1 evaluates; the box sets the default σ₀ and
    τ). ``MiNES`` runs the same batch as its first ask/tell."""
    d = mean0.shape[0]
    if box is not None and box.lower.shape != (d,):
        raise ValueError(f"bounds must have the length of mean0 ({d}), got {box.lower.shape[0]}")
    scale = default_scale(box) if scale is None else positive_scalar("scale", scale)
    b = default_batch_size(d) if batch_size is None else positive_int("batch_size", batch_size)
    X = calibration_points(mean0, rng, scale, b)
    return calibrated(evaluate(f, X), mean0, scale, b, box)


def box_tau(h: float, scale: float, box: Box) -> float:
    """τ of rule 7: min(h₀, α²/w_min²) with α² = σ₀²h₀, so that α/√τ ≤ w_min.

    >>> box_tau(8.0, 2.0, Box(np.full(3, -5.0), np.full(3, 5.0)))   # 8·(2/10)²
    0.32000000000000006
    """
    return h * min(1.0, (scale / float(np.min(box.width))) ** 2)

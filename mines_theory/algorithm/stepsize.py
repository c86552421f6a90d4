"""A step-size rule for α, beyond the paper (issue 44 §2): the option ``step_size`` of the
practical preset, off by default in both presets (``options``). Algorithm 1 as printed keeps α
fixed; every claim of the suite runs it so.

**What it targets.** In Algorithm 1 α is the smoothing radius (the samples are μ_k ± αz_i,
z_i ~ N(0, Σ_k)) and, with the practical curvature step (``practical`` rule 6), also the trust
radius of the mean step: ‖μ_{k+1} − μ_k‖_{Σ_k⁻¹} ≤ α (the Σ_k⁻¹ norm measures a move in
standard deviations of the samples, times α). The rule compares the mean's move with half that
radius,

    r_k = ‖μ_{k+1} − μ_k‖_{Σ_k⁻¹} / (½ α_k),       log α_{k+1} = log α_k + c (r_k − 1),

with c = ``RATE`` = 0.3 and the cap α_{k+1} ≤ α₀ (``StepSizeRule.next``): when the mean moves
by more than half the radius (up to the cap, r = 2) the model fitted at the samples' scale is
being used far out, and the radius grows (by e^{0.3} at most per iteration); when it moves by
less, the samples spread wider than the region the iteration is working in, and the radius
shrinks (by e^{−0.3} = 0.74 at most). This is the trust-region rule of a model-based method
and, in spirit, CMA-ES's path-length control of σ (which compares the length of an evolution
path with its length under random selection); here the comparison is with the move itself.

**Its fixed point.** The expected change of log α is zero where E[r_k] = 1: the mean moves by
α/2 per iteration on average. Where the mean converges linearly, ‖μ_{k+1} − μ_k‖ shrinks by a
factor ρ < 1 per iteration, α must shrink by the same factor for the ratio to settle, and then
c (r − 1) = ln ρ: the stationary ratio is

    ‖μ_{k+1} − μ_k‖_{Σ_k⁻¹} / α_k → r*/2,        r* = 1 + ln(ρ)/c.

On f = ½‖x‖² with Σ⁻¹ = I and a fixed η₁ = η, a large batch b makes g̃ ≈ ∇f = μ, so
μ_{k+1} ≈ (1 − η)μ_k, ρ = 1 − η and r* = 1 + ln(1 − η)/0.3 (0.649 for η = 0.1):
``tests/test_stepsize.py`` checks α against this closed form. (It needs r* > 0, a mean that
converges by less than a factor e^{−c} = 0.74 per iteration; faster, α cannot follow and lags
by a growing factor, which costs nothing on that problem.)

**Why the cap α ≤ α₀.** α₀ = σ₀√h₀ is the calibrated radius (``practical`` rule 2): the first
samples spread σ₀, the scale the user declared the optimum to lie within. On a slope (a linear
f, or far from the optimum) the mean step hits its cap every iteration, r = 2, and without a
cap α would grow as e^{0.3k} and the samples would spread beyond every scale the calibration
saw. With the cap, the largest radius is Algorithm 1's own, and the rule can only refine it.

**S' follows α.** The S' box's τ bounds the widest spread of the samples, α/√τ (the smallest
eigenvalue of Σ⁻¹ is at least τ): ``practical`` rule 3 sets it to 100 σ₀ (τ = 1e-4 h₀) and
rule 7, with a box, to the box's smallest width (τ = α₀²/w_min², ``box_tau``). With α fixed,
that bound caps the conditioning Σ⁻¹ can learn, ζ/τ (issue 44 §2: the condition-10⁶ ellipsoid in
d = 5 was never solved with the box's τ). The rule keeps the widest spread where the preset
put it as α changes: τ_k = τ₀ (α_k/α₀)² (``StepSizeRule.tau``), so a radius 10³ times smaller
lets Σ⁻¹ hold a condition 10⁶ times larger; τ_k is kept at least ζ/``MAX_SPREAD`` (the
Cholesky factor's limit, ``options``). Since α_k ≤ α₀, τ_k ≤ τ₀ ≤ ζ and S' is never empty. When
α grows back, τ grows with it and Σ⁻¹ is projected onto the new S' (``MiNES``).

Measured (issue 44 §2, COCO subset of ``experiments.coco``): the rule moved MiNES's ECDF area
from 0.179 to 0.276; ``make coco`` reports it as its own solver, "MiNES-step".
"""

from __future__ import annotations

import dataclasses
import math

from .options import MAX_SPREAD
from mines_theory.validation import positive_scalar

__all__ = ["RATE", "TARGET", "StepSizeRule"]

#: c in log α += c (r − 1).
RATE = 0.3
#: The move aimed at, as a fraction of α (in the Σ_k⁻¹ norm): r = move / (TARGET · α).
TARGET = 0.5


@dataclasses.dataclass(frozen=True)
class StepSizeRule:
    """The rule of the module docstring for a run that started with radius ``alpha0`` and
    S' = [``tau0``, ``zeta``].

    >>> rule = StepSizeRule(alpha0=1.0, tau0=1e-4, zeta=1e4)
    >>> rule.next(0.5, 0.25), rule.next(1.0, 1.0)   # r = 1: unchanged; r = 2: capped at α₀
    (0.5, 1.0)
    >>> f"{rule.next(0.5, 0.0):.4f}", f"{rule.tau(0.1):.3g}"   # r = 0: 0.5 e^{-0.3}; τ₀/100
    ('0.3704', '1e-06')
    """

    alpha0: float
    tau0: float
    zeta: float

    def __post_init__(self) -> None:
        positive_scalar("alpha0", self.alpha0)
        positive_scalar("tau0", self.tau0)
        positive_scalar("zeta", self.zeta)
        if self.tau0 > self.zeta:
            raise ValueError(f"tau0 must be at most zeta = {self.zeta!r}, got {self.tau0!r}")

    def next(self, alpha: float, move: float) -> float:
        """α_{k+1} = min(α₀, α_k exp(c (r − 1))), r = ``move`` / (½ α_k), ``move`` the mean's
        move ‖μ_{k+1} − μ_k‖ in the Σ_k⁻¹ norm (not finite: α unchanged)."""
        if not math.isfinite(move):
            return alpha
        ratio = move / (TARGET * alpha)
        return min(self.alpha0, alpha * math.exp(min(RATE * (ratio - 1.0), 700.0)))

    def tau(self, alpha: float) -> float:
        """τ_k = max(τ₀ (α_k/α₀)², ζ/MAX_SPREAD): the widest spread α/√τ kept at α₀/√τ₀."""
        floor = self.zeta / MAX_SPREAD * (1.0 + 1e-9)  # rounding: ζ/τ ≤ MAX_SPREAD must hold
        return min(max(self.tau0 * (alpha / self.alpha0) ** 2, floor), self.tau0)

"""The runs where Theorem 5.4 (PDF Theorem 12, thm:main_cvg) has two stages: a non-quadratic
objective (γ > 0, so eq:cond is a small region) started outside eq:cond, with the theorem's own
step — bτ/(4Lc₁) while f(μ_k) − f* lies above eq:cond's threshold at (ξ_k, 𝓛_k), b/(4𝓛_kc₁)
inside (``TwoStageStep``, an oracle: it reads f − f* and ∇²f). The same runs carry Lemma 5.3
(PDF Lemma 11) with γ > 0 (``covariance``) and the repaired forms of both
(``repaired.section5_stages``).

Running: ``TwoStageRun.run`` (arrays per step and seed). Deciding, each a pure function of
arrays tested on synthetic runs on both sides (``tests/test_section5_stages.py``):
``stage_entry`` and ``stage_rates`` (where each seed enters eq:cond, the contraction before and
after), ``decide_stage`` (one stage's per-step bound against δ), ``predicted_switch`` (the entry
the theorem itself certifies). The rows are checked in ``theorem54_stages``."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from mines_theory.algorithm.schedules import lemma51_step, lemma52_step
from mines_theory.linalg.spd import preconditioned_extremes
from mines_theory.problems.objectives import SoftCubic1D
from mines_theory.theory.bounds.section5 import local_region_threshold
from ..appendix_e.common import ends
from ...framework.stats import bootstrap, trials_needed
from ...framework.verdict import Kind, Measurement, Undecidable
from .common import asymmetric_logistic, run_from_the_start

__all__ = [
    "ABOVE_LEVEL",
    "FROZEN_STAGES",
    "OBJECTIVES",
    "RESCALED",
    "TWO_STAGES",
    "TwoStageRun",
    "TwoStageStep",
    "decide_stage",
    "fitted_contraction",
    "predicted_switch",
    "region",
    "stage_entry",
    "stage_rates",
]


def region(f, xi, curvature, threshold=local_region_threshold):
    """eq:cond's threshold on f(μ_k) − f* at each (ξ_k, 𝓛_k) (arrays of one shape);
    ``threshold``: the printed ``bounds.local_region_threshold`` or the repaired one."""
    xi, curvature = np.broadcast_arrays(np.asarray(xi, float), np.asarray(curvature, float))
    tau = f.runs_box[0]
    out = [
        threshold(L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, xi=float(x), curvature=float(c))
        for x, c in zip(xi.ravel(), curvature.ravel())
    ]
    return np.reshape(out, xi.shape)


class TwoStageStep:
    """Theorem 5.4's η₁,k: Lemma 5.1's bτ/(4Lc₁) where f(μ_k) − f* exceeds eq:cond's threshold
    (printed) at the measured ξ_k, 𝓛_k, and Lemma 5.2's b/(4𝓛_kc₁) inside (S' = [σ/2, 2L]).

    The threshold is nondecreasing in ξ and 𝓛, which lie in [σ/ζ, L/τ] for Σ⁻¹ ∈ S': a gap below
    its value at (σ/ζ, σ/ζ) is inside whatever Σ_k is, a gap above its value at (L/τ, L/τ)
    outside; only the seeds between are evaluated at their own (ξ_k, 𝓛_k) (the same decision,
    without a bound per seed and step)."""

    def __init__(self, f, *, b: int, delta: float) -> None:
        self.f = f
        tau, zeta = f.runs_box
        self.outer = lemma51_step(d=f.dim, b=b, delta=delta, L=f.L, tau=tau)
        self.inner = lemma52_step(f.hessian, d=f.dim, b=b, delta=delta)
        low, high = f.sigma / zeta, zeta / f.sigma  # σ/ζ and ζ/σ = L/τ
        self.sure = float(region(f, low, low)), float(region(f, high, high))

    def inside(self, state) -> np.ndarray:
        """Per seed, whether f(μ_k) − f* lies in eq:cond at (ξ_k, 𝓛_k)."""
        f = self.f
        gap = np.atleast_1d(f(state.mean) - f.f_star)
        inside = gap <= self.sure[0]
        unsure = (gap > self.sure[0]) & (gap <= self.sure[1])
        if unsure.any():
            xi, curvature = preconditioned_extremes(f.hessian(state.mean), chol=state.chol)
            xi, curvature = np.atleast_1d(xi), np.atleast_1d(curvature)
            inside[unsure] = gap[unsure] <= region(f, xi[unsure], curvature[unsure])
        return inside.reshape(np.shape(f(state.mean) - f.f_star))

    def __call__(self, k, state, estimate):
        return np.where(self.inside(state), self.inner(k, state, estimate), self.outer.value)


#: The objectives of the runs: the asymmetric 2-D logistic of the other γ > 0 rows, and the soft
#: cubic (σ = s, L = 3s, γ = s), whose scale s moves the printed Δ_α,1 (not in units of f).
OBJECTIVES = {
    "logistic": lambda scale: asymmetric_logistic(),
    "soft cubic": lambda scale: SoftCubic1D(scale),
}


@dataclasses.dataclass(frozen=True)
class TwoStageRun:
    """MiNES with ``TwoStageStep`` on ``objective_name`` (``OBJECTIVES``; ``scale`` for the soft
    cubic) from μ₁ = x* + 1, Σ₁⁻¹ = L·I, S' = [σ/2, 2L], η₂,k = 1/k (or the constant ``eta2``:
    ``FROZEN_STAGES``' 10⁻¹² freezes Σ at Σ₁), ``seeds`` streams spawned from ``entropy``,
    ``iterations`` steps.

    The defaults are ``TWO_STAGES``: the logistic objective at α = 0.002, b = 100, δ = 0.01,
    chosen before the runs so that one run meets both Lemma 5.3 as printed (bδ ≤ 1) and as
    repaired (c₂ > 0 with δ divided among its (K − 1)(b + 2) events), and so that stage 2 has the
    ``stats.trials_needed(δ)`` = 1000 steps that could violate its bound (f − f* between Δ_α,2
    and eq:cond's threshold: about 30 per seed at α = 0.002, fewer at a larger α)."""

    objective_name: str = "logistic"
    scale: float = 1.0
    alpha: float = 0.002
    b: int = 100
    delta: float = 0.01
    seeds: int = 40
    iterations: int = 1500
    entropy: int = 11
    eta2: float | None = None

    def objective(self):
        if self.objective_name not in OBJECTIVES:
            raise ValueError(
                f"objective_name must be one of {sorted(OBJECTIVES)}, got {self.objective_name!r}"
            )
        return OBJECTIVES[self.objective_name](self.scale)

    @functools.cache
    def run(self) -> dict:
        """Arrays (iterations, seeds), k = 1..iterations: ``gap`` f(μ_k) − f*, ``next``
        f(μ_{k+1}) − f*, ``xi``, ``curvature`` (at ∇²f(μ_k)), ``eta1`` (the step taken),
        ``inside`` (whether it was stage 2's), ``error_sq`` ‖Σ_k⁻¹ − H*‖², ``drift``
        ‖Σ_{t<k}(∇²f(μ_t) − H*)‖_F and ``drift_sq`` Σ_{t<k}‖∇²f(μ_t) − H*‖²_F (H* = ∇²f(μ*),
        inside S')."""
        f = self.objective()
        d = f.dim
        H = f.hessian(f.minimizer)
        step = TwoStageStep(f, b=self.b, delta=self.delta)
        rows = []
        drift = np.zeros((self.seeds, d, d))
        drift_sq = np.zeros(self.seeds)

        def record(state, it):
            nonlocal drift, drift_sq
            hessian = f.hessian(it.before.mean)
            xi, curvature = preconditioned_extremes(hessian, chol=it.before.chol)
            rows.append(
                (
                    f(it.before.mean) - f.f_star,
                    f(state.mean) - f.f_star,
                    xi,
                    curvature,
                    np.broadcast_to(it.eta1, (self.seeds,)),
                    np.broadcast_to(it.eta1 != step.outer.value, (self.seeds,)),
                    np.sum((it.before.sigma_inv - H) ** 2, axis=(-2, -1)),
                    np.linalg.norm(drift, axis=(-2, -1)),
                    drift_sq.copy(),
                )
            )
            drift = drift + (hessian - H)
            drift_sq = drift_sq + np.sum((hessian - H) ** 2, axis=(-2, -1))

        run_from_the_start(
            f,
            alpha=self.alpha,
            b=self.b,
            eta1=step,
            seeds=self.seeds,
            iterations=self.iterations,
            entropy=self.entropy,
            record=record,
            eta2=self.eta2,
        )
        names = ["gap", "next", "xi", "curvature", "eta1", "inside", "error_sq", "drift"]
        names.append("drift_sq")
        return dict(zip(names, map(np.array, zip(*rows))))

    def lemma53_inputs(self) -> dict:
        """Lemma 5.3's inputs of this run (``common.lemma53_printed``): d, b, δ, γ of its
        objective, α, K = its iterations, f(μ₁) − f* and ‖Σ₁⁻¹ − H*‖² (its first step)."""
        f, out = self.objective(), self.run()
        return {
            "d": f.dim,
            "b": self.b,
            "delta": self.delta,
            "gamma": f.gamma,
            "alpha": self.alpha,
            "K": self.iterations,
            "f_gap_1": float(out["gap"][0, 0]),
            "initial_error_sq": float(out["error_sq"][0, 0]),
        }


#: Theorem 5.4's two stages on the logistic objective (see ``TwoStageRun``).
TWO_STAGES = TwoStageRun()
#: Its control: the same seeds, α, step rule and start with Σ never learned (η₂ = 10⁻¹², Σ stays
#: at Σ₁ = I/L): what the step rule's jump at entry alone makes of the two stages.
FROZEN_STAGES = dataclasses.replace(TWO_STAGES, eta2=1e-12)
#: The same shape rescaled: the soft cubic at s = 1000 and α = 30 (α²/s ≈ 0.9, as α = 0.95 at
#: s = 1), where f(μ̂*) − f* ≈ 9 lies outside eq:cond (threshold ≈ 2): the run stays in stage 1 and
#: item 1 meets its floor, where the printed Δ_α,1 (not in units of f) is ~10⁻⁷.
RESCALED = TwoStageRun("soft cubic", scale=1000.0, alpha=30.0, b=10, delta=0.1, iterations=1000)


def stage_entry(inside) -> np.ndarray:
    """Per seed, the first k (from 1) at which the step is inside eq:cond, or len + 1 if none."""
    inside = np.asarray(inside, dtype=bool)
    first = np.argmax(inside, axis=0) + 1
    return np.where(inside.any(axis=0), first, inside.shape[0] + 1)


#: Stage 2's contraction is fitted while f − f* stays this many times above the level the run
#: settles at (the median over its last tenth): below, the α-bias floor, not the rate, shows.
ABOVE_LEVEL = 100.0


def fitted_contraction(k, gap) -> float:
    """1 − exp(slope) of log(gap) against k; NaN with fewer than 3 points."""
    k, gap = np.asarray(k, float), np.asarray(gap, float)
    if k.size < 3:
        return math.nan
    return 1 - math.exp(np.polyfit(k, np.log(gap), 1)[0])


def stage_rates(gap, enter, above: float = ABOVE_LEVEL) -> tuple[np.ndarray, np.ndarray]:
    """Per seed, the contraction fitted before ``enter`` (stage 1) and from ``enter`` on while
    f − f* > ``above`` × the seed's level (stage 2); NaN where fewer than 3 steps qualify."""
    gap = np.asarray(gap, float)
    k = np.arange(1, gap.shape[0] + 1)
    level = np.median(gap[-max(gap.shape[0] // 10, 1) :], axis=0)
    first, second = [], []
    for s, e in enumerate(enter):
        g = gap[:, s]
        one = k < e
        two = (k >= e) & (g > above * level[s]) & (g > 0)
        first.append(fitted_contraction(k[one], g[one]))
        second.append(fitted_contraction(k[two], g[two]))
    return np.array(first), np.array(second)


def predicted_switch(
    *, rate: float, delta_alpha: float, first_gap: float, threshold: float
) -> float:
    """The k by which item 1's bound f_{k} − f* ≤ ρ^{k−1}(f₁ − f*) + Δ/(1 − ρ) brings f − f* under
    ``threshold`` (ρ = 1 − ``rate``), or ∞ where its floor Δ/(1 − ρ) does not lie below it: the
    switching time Theorem 5.4 can certify."""
    floor = delta_alpha / rate
    if floor >= threshold:
        return math.inf
    return 1 + math.log((threshold - floor) / first_gap) / math.log(1 - rate)


def decide_stage(nxt, bound, informative, *, delta: float, name: str):
    """One stage's per-step bound "f(μ_{k+1}) − f* ≤ bound_k with probability ≥ 1 − δ", tested on
    the ``informative`` steps (those in the stage that could violate it: f_k − f* > Δ_α), a pure
    function of (steps, seeds) arrays. Returns (violations, steps, outcome): the fraction of
    informative steps above the bound with a 95% bootstrap interval over the seeds, their count,
    and True (the interval's upper end ≤ δ), False (its lower end > δ: rejects "at most δ") or
    None (the interval straddles δ). ``Undecidable`` with fewer informative steps than
    ``stats.trials_needed(δ)`` or fewer than 2 seeds with one."""
    nxt, bound = np.asarray(nxt, float), np.broadcast_to(np.asarray(bound, float), np.shape(nxt))
    informative = np.asarray(informative, bool)
    over = nxt > bound
    count = int(informative.sum())
    seeds_with = int(informative.any(axis=0).sum())
    if count < trials_needed(delta) or seeds_with < 2:
        raise Undecidable(
            f"{name}: {{{name}_steps}} steps could violate the bound, in {seeds_with} seeds; a "
            f"fraction against δ = {delta:g} needs {trials_needed(delta)} steps in 2 seeds",
            Measurement(f"{name}_steps", count, kind=Kind.COUNT),
        )

    def fraction(seeds):
        m = informative[:, seeds]
        return float(over[:, seeds][m].mean()) if m.any() else math.nan

    violations = bootstrap(fraction, nxt.shape[1], f"{name}_violations", method="BCa", percent=True)
    low, high = ends(violations)
    outcome = True if high <= delta else False if low > delta else None
    return violations, Measurement(f"{name}_steps", count, kind=Kind.COUNT), outcome

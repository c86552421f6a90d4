"""Section 5, the mean on quadratics: Lemma 5.1 (``lem:gd_dec_1``, the paper's Lemma 6) and
Lemma 5.2 (``lem:dec_local``, Lemma 7) step by step, with the runs (``MeanRun``) they share with
Theorem 5.4."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pandas as pd

from mines_theory.theory.bounds.section5 import c_constants, lemma51_rate
from mines_theory.experiments.sweep import cached_sweep
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.schedules import hutchinson_step, lemma51_step, lemma52_step
from ..appendix_e.common import ends
from .common import ellipsoid, lockstep
from ...framework.decisions import LOOSE
from ...framework.declare import claim
from ...framework.sizes import Data
from ...framework.decisions import too_few_seeds
from ...framework.stats import MIN_UNITS, bootstrap, trials_needed
from ...framework.verdict import Kind, Measurement, Qualifier, Status, Undecidable, Verdict, decides

__all__ = [
    "HUTCHINSON",
    "LEMMA51",
    "LEMMA52",
    "NOISE_FLOOR",
    "MeanRun",
    "asymptotic_rates",
    "check_lemma51",
    "check_lemma52",
    "decide_per_step",
    "mean_step",
    "per_step_ratios",
]


#: f − f* below this is rounding noise (μ* = 1, so ‖δμ‖ ~ 1e-16).
NOISE_FLOOR = 1e-20


def mean_step(schedule: str, f, *, b, delta):
    """η₁ of a run on ``f`` with S' = [σ/2, 2L]: "lemma51" (bτ/(4Lc₁)), "lemma52" (the oracle
    b/(4𝓛_kc₁)) or "hutchinson" (practical: 𝓛_k estimated from the same evaluations)."""
    steps = {
        "lemma51": lambda: lemma51_step(d=f.dim, b=b, delta=delta, L=f.L, tau=f.runs_box[0]),
        "lemma52": lambda: lemma52_step(f.hessian, d=f.dim, b=b, delta=delta),
        "hutchinson": lambda: hutchinson_step(d=f.dim, b=b, delta=delta),
    }
    if schedule not in steps:
        raise ValueError(f"schedule must be one of {sorted(steps)}, got {schedule!r}")
    return steps[schedule]()


@dataclasses.dataclass(frozen=True)
class MeanRun:
    """MiNES in lockstep on the rotated ellipsoid of dimension ``d`` and condition number
    ``condition`` (minimizer 1), μ₁ = 0, Σ₁⁻¹ = L·I, τ = σ/2, ζ = 2L (H inside S'),
    η₂,k = 1/k, and η₁ from ``schedule``: "lemma51" (bτ/(4Lc₁)), "lemma52" (the oracle
    b/(4𝓛_kc₁)) or "hutchinson" (practical: 𝓛_k estimated from the same evaluations).

    ``eta2``: a constant η₂ instead of 1/k (10⁻¹² freezes Σ at Σ₁, the reference of
    ``FROZEN_RUNS``); ``start``: "zero" (μ₁ = 0) or "slowest" (μ₁ = μ* + the unit eigenvector of
    H's smallest eigenvalue, so that f − f* decays at the slowest mode's rate from the start)."""

    schedule: str = "lemma52"
    d: int = 10
    b: int = 20
    delta: float = 0.1
    condition: float = 100.0
    seeds: int = 16
    iterations: int = 1500
    alpha: float = 1e-2
    eta2: float | None = None
    start: str = "zero"

    def objective(self) -> RotatedEllipsoid:
        return ellipsoid(self.d, self.condition)

    def step(self, f):
        return mean_step(self.schedule, f, b=self.b, delta=self.delta)

    def mean0(self, f) -> np.ndarray:
        """μ₁ (see ``start``)."""
        if self.start == "zero":
            return np.zeros(self.d)
        if self.start == "slowest":
            return f.minimizer + np.linalg.eigh(f.hessian(f.minimizer))[1][:, 0]
        raise ValueError(f"start must be 'zero' or 'slowest', got {self.start!r}")

    @cached_sweep
    def run(self, executor=None) -> tuple[RotatedEllipsoid, pd.DataFrame]:
        """(objective, ``common.lockstep``'s frame from ``mean0`` with ``step``)."""
        f = self.objective()
        frame = lockstep(
            f,
            self.seeds,
            mean0=self.mean0(f),
            alpha=self.alpha,
            b=self.b,
            eta1=self.step(f),
            iterations=self.iterations,
            eta2=self.eta2,
            executor=executor,
        )
        return f, frame


LEMMA51 = MeanRun("lemma51")
LEMMA52 = MeanRun("lemma52")
HUTCHINSON = MeanRun("hutchinson")


def per_step_ratios(frame):
    """(ratio, mask) tables indexed by k and seed: (f_{k+1} − f*)/(f_k − f*) and where f_k − f*
    is above the rounding floor ``NOISE_FLOOR``."""
    gap = frame.pivot(index="k", columns="seed", values="f_gap")
    ratio = (gap.shift(-1) / gap).iloc[:-1]
    return ratio, gap.iloc[:-1] > NOISE_FLOOR


def asymptotic_rates(frame, low=1e-18, high=1e-6, after=0) -> np.ndarray:
    """Per seed, the per-iteration contraction 1 − exp(slope) of log(f − f*) against k, fitted
    where low < f − f* < high (after Σ⁻¹ has learned H, above rounding) and k ≥ ``after``; NaN
    for a seed with fewer than 3 points there."""
    rates = []
    for _, run in frame.groupby("seed"):
        window = run[(run.f_gap > low) & (run.f_gap < high) & (run.k >= after)]
        rates.append(
            1 - np.exp(np.polyfit(window.k, np.log(window.f_gap), 1)[0])
            if len(window) >= 3
            else np.nan
        )
    return np.array(rates)


def decide_per_step(ratio, mask, bound, *, delta: float):
    """The decision of a per-step contraction bound, a pure function of the (steps, seeds)
    ratios (f_{k+1} − f*)/(f_k − f*) (``ratio``), the steps that count (``mask``: above the
    rounding floor) and the bound (a number or a (steps, seeds) array). Returns (status,
    (violations, promised, measured), qualifiers): the share of counted steps above the bound
    with a 95% bootstrap interval over seeds, the promised contraction 1 − median bound, the
    median measured contraction with its interval; "holds" where the share is at most δ; the
    qualifier "loose" where the lower end of the measured contraction's interval is at least
    ``LOOSE`` times the promised one, and, where it holds, ``decisions.too_few_seeds``.
    ``Undecidable`` with fewer than 2 seeds or a seed without a counted step."""
    R, M = np.asarray(ratio, dtype=float), np.asarray(mask, dtype=bool)
    B = np.broadcast_to(np.asarray(bound, dtype=float), R.shape)
    seeds = R.shape[1]
    if seeds < 2 or not M.any(axis=0).all():
        raise Undecidable(
            "{seeds} seeds, {with_steps} of them with a step above the rounding "
            "floor: bootstrap intervals over seeds need at least 2 seeds, each "
            "with a step",
            Measurement("seeds", seeds, kind=Kind.COUNT),
            Measurement("with_steps", int(M.any(axis=0).sum()), kind=Kind.COUNT),
        )

    def violations(s):
        m = M[:, s]
        return float(np.mean((R[:, s] > B[:, s])[m]))

    def measured(s):
        return 1.0 - float(np.median(R[:, s][M[:, s]]))

    promised = 1.0 - float(np.median(B[M]))
    v = bootstrap(violations, seeds, "violations", method="BCa", percent=True)
    c = bootstrap(measured, seeds, "measured")
    qualifiers: tuple[Qualifier, ...] = (
        Qualifier(
            "loose",
            f"median measured contraction ≥ {LOOSE:g}× the promised one "
            "(lower end of its 95% interval)",
            ends(c)[0] >= LOOSE * promised,
        ),
    )
    status = Status.HOLDS if v.value <= delta else Status.FAILS
    if status is Status.HOLDS:  # a share of 0 in few seeds cannot exclude a rate above δ
        qualifiers += (too_few_seeds(v, delta),)
    return status, (v, Measurement("promised", promised, 1e-6 * promised), c), qualifiers


def _per_step_verdict(config: MeanRun, bound, name: str) -> Verdict:
    """Violations of a per-step contraction bound (a (k, seed) table or a number) along the runs
    of ``config``, with bootstrap intervals over seeds, and its looseness."""
    _, frame = config.run()
    ratio, mask = per_step_ratios(frame)
    status, (v, promised, c), qualifiers = decide_per_step(
        ratio.to_numpy(), mask.to_numpy(), bound, delta=config.delta
    )
    summary = (
        f"{name}, d = {config.d}, κ = {config.condition:g}, b = {config.b}, "
        f"{config.seeds} seeds × {config.iterations} steps: fraction of steps above the "
        f"bound {{violations}} (allowed δ = {config.delta:g}); promised contraction "
        "{promised}/step, measured median {measured}"
    )
    return Verdict(
        status,
        summary,
        (v, promised, c),
        qualifiers,
        data={"frame": frame, "ratio": ratio, "mask": mask, "bound": bound},
    )


@claim(
    "Lemma 5.1",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "config.iterations"}),
)
@decides
def check_lemma51(config: MeanRun = LEMMA51) -> Verdict:
    """Lemma 5.1: with η₁ = bτ/(4Lc₁), f_{k+1} − f* ≤ (1 − c₂τσ/(16c₁Lζ))(f_k − f*) (+Δ_{α,1} = 0
    on a quadratic) with probability ≥ 1 − δ per step."""
    f = config.objective()
    bound = lemma51_rate(
        d=config.d,
        b=config.b,
        delta=config.delta,
        L=f.L,
        sigma=f.sigma,
        tau=f.runs_box[0],
        zeta=f.runs_box[1],
    )
    verdict = _per_step_verdict(config, bound.rate, "step bτ/(4Lc₁)")
    vacuous = Measurement("vacuous_b", math.floor(4 * math.log(1 / config.delta)), kind=Kind.COUNT)
    over_run = bound.rate**config.iterations
    untestable = Qualifier(
        "too loose to be tested",
        f"over the whole run ({config.iterations} "
        "steps) the bound allows f − f* to fall by less than 1% (ρ^K ≥ 0.99): "
        "no convergent run could violate it",
        over_run >= 0.99,
    )
    return dataclasses.replace(
        verdict,
        summary=verdict.summary + f"; vacuous (c₂ ≤ 0) for b ≤ {{vacuous_b}} at "
        f"δ = {config.delta:g}",
        measurements=verdict.measurements + (vacuous,),
        qualifiers=verdict.qualifiers + (untestable,),
    )


@claim(
    "Lemma 5.2",
    minimum=Data(seeds=MIN_UNITS, steps=trials_needed(0.1), at={"steps": "config.iterations"}),
)
@decides
def check_lemma52(config: MeanRun = LEMMA52) -> Verdict:
    """Lemma 5.2 with the oracle step b/(4𝓛_kc₁): f_{k+1} − f* ≤ (1 − ξ_kc₂/(8𝓛_kc₁))(f_k − f*)
    with the measured ξ_k, 𝓛_k (the local region eq:cond is all of R^d for a quadratic)."""
    _, frame = config.run()
    c = c_constants(d=config.d, b=config.b, delta=config.delta)
    xi = frame.pivot(index="k", columns="seed", values="xi").iloc[:-1].to_numpy()
    curvature = frame.pivot(index="k", columns="seed", values="curvature").iloc[:-1].to_numpy()
    return _per_step_verdict(config, 1.0 - xi * c.c2 / (8 * curvature * c.c1), "oracle step")

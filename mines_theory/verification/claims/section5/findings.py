"""Section 5, what the notebooks measure beyond the paper's claims on quadratics: a constant η₂
(the plateau), the first steps (the start), and the overview's demo run."""

from __future__ import annotations

import dataclasses
import functools
import math

import numpy as np

from mines_theory.experiments.sweep import cached_sweep
from mines_theory.theory.gaussian import sigma_gradient_variance
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.algorithm.schedules import hutchinson_step
from ..appendix_e.common import ends
from ...framework.decisions import status_of
from ...framework.declare import finding
from ...framework.sizes import Data
from ...framework.stats import MIN_UNITS, bootstrap, finite, median_interval
from ...framework.verdict import Kind, Measurement, Qualifier, Undecidable, Verdict, decides
from .common import ellipsoid, lockstep
from .covariance import CONSTANT_STEPS, START_RUNS, CovarianceRun, squared_errors

__all__ = [
    "DEMO",
    "Demo",
    "check_constant_steps",
    "check_demo",
    "check_start",
    "decide_demo",
    "decide_constant_steps",
    "decide_start",
    "plateau_prediction",
]


#: The fewest iterations from which a constant η₂'s plateau is decided: the level is the mean of
#: the last 50 records (500 iterations at record_every = 10), after the transient (1 − η₂)^k
#: has fallen below e⁻⁵ for the smallest η₂ = 0.01 of ``CONSTANT_STEPS`` (5/η₂ = 500).
PLATEAU_STEPS = 1000


def plateau_prediction(eta2: float, variance: float) -> float:
    """The stationary E‖Σ⁻¹ − H‖² of the Σ⁻¹ recursion with a constant step η on a quadratic
    (no projection): e_{k+1} = (1 − η)e_k + η·noise with E‖noise‖² = Var G̃ gives
    η²Var/(1 − (1 − η)²) = η/(2 − η)·Var."""
    return eta2 / (2 - eta2) * variance


@finding(
    "Constant η₂", minimum=Data(seeds=2, steps=PLATEAU_STEPS, at={"steps": "runs.*.iterations"})
)
@decides
def check_constant_steps(runs: tuple[CovarianceRun, ...] = CONSTANT_STEPS) -> Verdict:
    """Not a claim of the paper: with a constant η₂ instead of 1/k, ‖Σ_k⁻¹ − H‖² stops at a
    plateau near η₂/(2 − η₂)·Var G̃ (``plateau_prediction``, which neglects the projection and
    the change of Var G̃ with Σ⁻¹). Mean over the last 50 records and its standard error over
    the seeds, against the prediction, within a factor 1.5."""
    if not runs:
        raise Undecidable("no run to compare")
    per_seed, predicted = [], []
    for i, r in enumerate(runs):
        if r.seeds < 2 or r.eta2 is None:
            raise Undecidable(
                f"run {i}: {{seeds}} seeds, η₂ {'constant' if r.eta2 else '1/k'}: "
                "the level's standard error needs 2 seeds and a constant η₂",
                Measurement("seeds", r.seeds, kind=Kind.COUNT),
            )
        f, frame = r.run()
        errors = squared_errors(frame)
        per_seed.append(errors.iloc[-50:].to_numpy().mean(axis=0))
        predicted.append(plateau_prediction(r.eta2, float(sigma_gradient_variance(f.H, f.H, r.b))))
    status, measurements, qualifiers = decide_constant_steps(per_seed, predicted)
    names = "; ".join(
        f"η₂ = {r.eta2:g}: {{plateau_{i}}} against {{predicted_{i}}}" for i, r in enumerate(runs)
    )
    return Verdict(
        status,
        "mean ‖Σ_k⁻¹ − H‖² over the last 50 records (SE over seeds): " + names,
        measurements,
        qualifiers,
    )


#: How far a measured plateau may lie from ``plateau_prediction`` (a factor, either way).
PLATEAU_FACTOR = 1.5


def decide_constant_steps(per_seed, predicted):
    """The decision of "Constant η₂" from each run's per-seed mean ‖Σ_k⁻¹ − H‖² over its last
    records (``per_seed[i]``) and its predicted plateau (``predicted[i]``), a pure function.
    Returns (status, measurements, qualifiers): "holds" where every run's level (the mean over
    seeds) lies within a factor ``PLATEAU_FACTOR`` of its prediction, one part per run
    (``decisions.status_of``: one run alone outside fails it)."""
    measurements, within = [], {}
    for i, (x, p) in enumerate(zip(per_seed, predicted)):
        x = np.asarray(x, dtype=float)
        level = Measurement(f"plateau_{i}", x.mean(), x.std(ddof=1) / math.sqrt(x.size), Kind.SE)
        measurements += [level, Measurement(f"predicted_{i}", p, 1e-9 * p)]
        within[f"run_{i}"] = bool(p / PLATEAU_FACTOR <= level.value <= PLATEAU_FACTOR * p)
    qualifiers = (
        Qualifier(
            "plateau predicted",
            f"each measured level within a factor {PLATEAU_FACTOR:g} of η₂/(2 − η₂)·Var G̃",
            all(within.values()),
        ),
    )
    return status_of(**within), tuple(measurements), qualifiers


@finding("The start", minimum=Data(seeds=MIN_UNITS, steps=2, at={"steps": "runs.*.iterations"}))
@decides
def check_start(runs: tuple[CovarianceRun, ...] = START_RUNS) -> Verdict:
    """Not a claim of the paper: the first steps. With η₂,1 = 1, Σ₂⁻¹ is one projected batch
    estimate, and cond(Σ_k^{1/2}HΣ_k^{1/2}) jumps far above its start (10) before the average
    recovers; how far and for how long, per b (median over seeds, bootstrap intervals). Holds
    when at every b the worst condition number (lower end of its 95% interval) is at least
    twice the start: rejects a start that the first steps do not make worse (η₂,1 < 1, or a
    batch so large that one estimate is already good)."""
    if not runs:
        raise Undecidable("no run to compare")
    conds = {}
    for r in runs:
        _, frame = r.run()
        conds[r.b] = frame.pivot(index="k", columns="seed", values="condition").to_numpy()
    return decide_start(conds)


def decide_start(conds: dict) -> Verdict:
    """The verdict of "The start" from the condition numbers cond(Σ_k^{1/2}HΣ_k^{1/2}) of each
    batch size b (``conds[b]``: records × seeds, the first record the start), a pure function.
    Status (``decisions.status_of``, one part per b): at every b the lower end of the 95%
    interval of the median worst condition number is at least twice the start (rejects a start
    the first steps do not make worse); "smaller batches start worse" a qualifier.
    ``Undecidable`` with fewer than 2 seeds or records, or a seed that never comes back below
    the start."""
    measurements, worst, jumped = [], {}, {}
    for b, cond in conds.items():
        cond = np.asarray(cond, dtype=float)
        seeds = cond.shape[1]
        if seeds < 2 or cond.shape[0] < 2:
            raise Undecidable(
                f"b = {b}: {{seeds}} seeds × {{records}} records; the interval "
                "over seeds needs 2 seeds and a step after the start",
                Measurement("seeds", seeds, kind=Kind.COUNT),
                Measurement("records", cond.shape[0], kind=Kind.COUNT),
            )
        start = cond[0, 0]
        came_back = (cond[1:] <= start).any(axis=0)
        if not came_back.all():
            raise Undecidable(
                f"b = {b}: {{never}} of {{seeds}} seeds never came back below the "
                "start within the run; the recovery time is undefined",
                Measurement("never", int((~came_back).sum()), kind=Kind.COUNT),
                Measurement("seeds", seeds, kind=Kind.COUNT),
            )
        peak = bootstrap(
            functools.partial(lambda c, s: float(np.median(c[1:, s].max(axis=0))), cond),
            seeds,
            f"worst_{b}",
        )
        back = bootstrap(
            functools.partial(
                lambda c, s: float(np.median(np.argmax(c[1:, s] <= c[0, 0], axis=0) + 1)), cond
            ),
            seeds,
            f"back_{b}",
        )
        measurements += [peak, back]
        worst[b] = peak
        jumped[f"b_{b}"] = bool(ends(peak)[0] >= 2 * start)
    small, large = min(worst), max(worst)
    qualifiers = (
        Qualifier(
            "the first steps precondition worse than the start",
            "at every b the "
            "lower end of the 95% interval of the worst condition number is at "
            "least twice the start",
            all(jumped.values()),
        ),
        Qualifier(
            "smaller batches start worse",
            f"the median worst condition number at "
            f"b = {small} lies above the 95% interval at b = {large}",
            worst[small].value > ends(worst[large])[1],
        ),
    )
    names = "; ".join(
        f"b = {b}: worst {{worst_{b}}}, back below the start after {{back_{b}}} iterations"
        for b in conds
    )
    return Verdict(
        status_of(**jumped),
        "cond(Σ_k^{{1/2}}HΣ_k^{{1/2}}) from 10 at k = 1 (median over seeds): " + names,
        tuple(measurements),
        qualifiers,
    )


@dataclasses.dataclass(frozen=True)
class Demo:
    """The overview's first run: MiNES with the practical (Hutchinson) step, no oracle, on the
    rotated ellipsoid d = 10, κ = 100, b = d, α = 10⁻², Σ₁⁻¹ = L·I, S' = [σ/2, 2L], η₂,k = 1/k,
    ``seeds`` runs in lockstep, ``budget`` evaluations."""

    d: int = 10
    condition: float = 100.0
    seeds: int = 8
    budget: int = 200_000
    target: float = 1e-6
    record_every: int = 10

    def objective(self) -> RotatedEllipsoid:
        return ellipsoid(self.d, self.condition)

    @cached_sweep
    def run(self, executor=None):
        """(objective, ``common.lockstep``'s frame from μ₁ = 0 with the practical step, the
        iterations ``budget`` allows)."""
        f = self.objective()
        frame = lockstep(
            f,
            self.seeds,
            mean0=np.zeros(self.d),
            alpha=1e-2,
            b=self.d,
            eta1=hutchinson_step(d=self.d, b=self.d, delta=0.1),
            iterations=self.budget // (2 * self.d + 1),
            record_every=self.record_every,
            entropy=2024,
            executor=executor,
        )
        return f, frame


DEMO = Demo()


@finding("MiNES demo", minimum=Data(seeds=MIN_UNITS, steps=1, at={"steps": "demo.budget"}))
@decides
def check_demo(demo: Demo = DEMO) -> Verdict:
    """Not a claim of the paper: what the overview's run shows. The mean converges linearly with
    the practical step (every run reaches f − f* ≤ ``target``; evaluations needed, median with
    an order-statistic interval), and Σ_k⁻¹ learns H (the condition number of the
    preconditioned Hessian, 100 at the start, and ‖Σ_k⁻¹ − H‖/‖H‖ at the end)."""
    if demo.seeds < 2:
        raise Undecidable(
            "{seeds} seed: the intervals over seeds need at least 2",
            Measurement("seeds", demo.seeds, kind=Kind.COUNT),
        )
    f, frame = demo.run()
    gap = frame.pivot(index="k", columns="seed", values="f_gap")
    hit = (gap <= demo.target).to_numpy()
    first = np.where(hit.any(axis=0), hit.argmax(axis=0), -1)
    evaluations = np.where(first >= 0, gap.index.to_numpy()[first] * (2 * demo.d + 1), np.inf)
    last = frame[frame.k == frame.k.max()]
    cond = last.condition.to_numpy()
    rel = last.relative_precision_error.to_numpy()
    reached = int(np.sum(first >= 0))
    measurements = (
        Measurement("reached", reached, kind=Kind.COUNT),
        median_interval(evaluations, "evaluations"),
        bootstrap(lambda s: float(np.median(cond[s])), demo.seeds, "condition"),
        bootstrap(lambda s: float(np.median(rel[s])), demo.seeds, "relative"),
    )
    status, qualifiers = decide_demo(
        reached,
        cond,
        seeds=demo.seeds,
        target=demo.target,
        budget=demo.budget,
        condition=demo.condition,
    )
    return Verdict(
        status,
        f"practical step, d = {demo.d}, κ = {demo.condition:g}: {{reached}} of "
        f"{demo.seeds} runs reach f − f* ≤ {demo.target:g}, after {{evaluations}} "
        "evaluations (median); at the end cond(Σ^{{1/2}}HΣ^{{1/2}}) = {condition} and "
        "‖Σ⁻¹ − H‖/‖H‖ = {relative} (medians)",
        measurements,
        qualifiers,
        data={"frame": frame, "objective": f},
    )


#: The median condition number of the preconditioned Hessian at the end of the demo that counts
#: as "learned" (it starts at the objective's κ).
LEARNED_CONDITION = 2.0


def decide_demo(reached: int, cond, *, seeds: int, target: float, budget: int, condition: float):
    """The status and qualifiers of the MiNES demo from the number of runs that ``reached`` the
    target and the per-seed condition numbers cond(Σ^{1/2}HΣ^{1/2}) at the end (``cond``), a
    pure function. Each qualifier a part of the status (``decisions.status_of``): every one of
    the ``seeds`` runs reaches f − f* ≤ ``target`` within ``budget`` evaluations, and the median
    condition number at the end is at most ``LEARNED_CONDITION``."""
    median = float(np.median(finite(cond, "condition numbers at the end")))
    qualifiers = (
        Qualifier(
            "every run reaches the target",
            f"f(μ_k) − f* ≤ {target:g} within {budget} evaluations in all {seeds} runs",
            reached == seeds,
        ),
        Qualifier(
            "preconditioner learned",
            f"median cond(Σ^{{1/2}}HΣ^{{1/2}}) at the end ≤ {LEARNED_CONDITION:g} "
            f"(it is κ = {condition:g} at the start)",
            median <= LEARNED_CONDITION,
        ),
    )
    return status_of(reached=qualifiers[0].outcome, learned=qualifiers[1].outcome), qualifiers

"""MiNES and its peers on COCO's ``bbob`` suite: the solvers as a COCO user runs them, with one
restart rule for all, and the subset that ``make coco`` runs.

This module imports neither ``cocoex`` nor ``cocopp`` (the ``coco`` extra): a problem is any
object with COCO's interface (called on one point x, ``dimension``, ``initial_solution``,
``lower_bounds``, ``upper_bounds``, ``final_target_hit``, ``evaluations``), so the solvers are
tested on problems made here. ``tools/coco_experiment.py`` (``make coco``) runs them on
``cocoex.Suite("bbob", …)`` through ``cocoex.Observer`` and post-processes with ``cocopp``;
``coco_stats`` computes what COCO reports (aRT, runtime ECDFs) from the summary of the runs.

**The solvers** (``SOLVERS``), each from COCO's initial solution with σ₀ = ``initial_scale``
(one fifth of the width of the box [lower, upper], 2 on bbob's [−5, 5]ᵈ, pycma's guidance),
within the budget ``BUDGET_MULTIPLIER`` · d evaluations, stopping once COCO's final target is
hit:

- ``MiNES``: the ask/tell object ``algorithm.mines.MiNES(x0, max_evaluations=…, scale=σ₀,
  bounds=(lower, upper), batch_size=b).optimize(f, vectorized=True)``, with every other setting
  the practical default of ``algorithm.practical`` (Algorithm 1 with documented choices the
  paper does not make; with the box, the mean is projected onto it after each step and S' is
  scaled to it, rule 7), stopped by ``es.stop()``: rule 8 (f(μ) flat, Σ⁻¹ pinned at the edge of
  S', stagnation) or the budget.
- ``MiNES-step``: ``MiNES`` as above with ``step_size=True``: the step-size rule of
  ``algorithm.stepsize`` (beyond the paper: α adapted by a trust-region rule, α ≤ α₀, and the τ of
  S' following α²), to show on COCO what the rule changes beside Algorithm 1's fixed α.
- ``xNES``: ``baselines.XNES`` with its published defaults and σ₁ = σ₀, stopped by pycma's
  criteria applied to its state (``_peer_stop``).
- ``CMA-ES``: ``baselines.CMAES`` (pycma with its defaults, no bounds, as pycma's own bbob
  experiments run it) with σ₁ = σ₀, stopped by pycma's own criteria (``es.stop()``).
- ``RGF``: random gradient-free descent (``baselines.RandomGradientFree``), whose step
  1/(4(d+4)L) needs L: L is replaced by the curvature scale h₀ of ``practical`` rule 1 (the
  calibration batch of MiNES at each start), α = 1e-4 σ₀; stopped as xNES.

**One restart rule for all** (``solve``): a start runs until its solver's own termination
criterion, an error, the budget or the final target; while budget remains, the solver restarts
with its population doubled (IPOP, as pycma's ``fmin(…, restarts=…, incpopsize=2)`` runs
CMA-ES: λ for CMA-ES and xNES, b for MiNES and RGF, whose population is the 2b (+1) points of
an iteration) from a fresh point, drawn as COCO proposes (``restart_point``: per coordinate the
sum of two uniform variates on [lower/2, upper/2], ``Problem.initial_solution_proposal``), from
the run's seeded generator. An error (a non-finite value, a step that overflowed) ends the run,
as COCO counts a crashed run.

**The budget and the subset** (``SUBSET``): 10⁴·d evaluations (the budget of pycma's and most
published bbob experiments: CMA-ES solves f12 at about 10³·d, which a budget of 10³·d cut) on
9 of the 24 functions, f1, f2, f5 (separable), f8 (moderate conditioning), f10, f11, f12
(ill-conditioned), f15 (multimodal, global structure) and f20 (multimodal, weak structure): at
least one of each bbob group, in d ∈ {2, 5, 10}, instances 1–3, 81 runs per solver. The whole
suite (24 functions, d ≤ 10, 288 runs per solver) at 10⁴·d does not fit ``make coco``'s
15 minutes on 2 cores (measured: the README); the subset is the one the issue's reporter
audited (issue 35), and the verdict's scope says so.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from mines_theory.algorithm.mines import STOPS, MiNES
from mines_theory.algorithm.practical import (
    default_batch_size,
    Termination,
    practical_settings,
)
from mines_theory.problems.baselines import (
    CMAES,
    XNES,
    RandomGradientFree,
    nesterov_spokoiny_step,
    xnes_defaults,
)
from mines_theory.validation import positive_int, positive_scalar

__all__ = [
    "SOLVERS",
    "SUBSET",
    "Subset",
    "BUDGET_MULTIPLIER",
    "BBOB_FUNCTIONS",
    "BBOB_DIMENSIONS",
    "Run",
    "initial_scale",
    "restart_point",
    "solve",
    "vectorized",
]

#: The budget, in evaluations per dimension.
BUDGET_MULTIPLIER = 10_000

#: bbob's function numbers and the dimensions cocoex provides.
BBOB_FUNCTIONS = tuple(range(1, 25))
BBOB_DIMENSIONS = (2, 3, 5, 10, 20, 40)

#: pycma's tolx (an absolute bound on σ times the largest standard deviation of the search
#: distribution) and conditioncov (the largest condition number of its covariance), applied to
#: xNES (``_peer_stop``).
TOLX = 1e-11
CONDITION = 1e14


@dataclasses.dataclass(frozen=True)
class Subset:
    """Which bbob problems ``make coco`` runs (module docstring)."""

    functions: tuple[int, ...] = (1, 2, 5, 8, 10, 11, 12, 15, 20)
    dimensions: tuple[int, ...] = (2, 5, 10)
    instances: tuple[int, ...] = (1, 2, 3)
    budget_multiplier: int = BUDGET_MULTIPLIER

    def suite_options(self) -> str:
        """The ``suite_options`` string of ``cocoex.Suite("bbob", "", …)``."""

        def span(values):
            return ",".join(map(str, values))

        return (
            f"function_indices:{span(self.functions)} dimensions:{span(self.dimensions)} "
            f"instance_indices:{span(self.instances)}"
        )

    @property
    def runs(self) -> int:
        """The runs per solver."""
        return len(self.functions) * len(self.dimensions) * len(self.instances)


SUBSET = Subset()


def initial_scale(problem) -> float:
    """σ₀ = (upper − lower)/5, averaged over the coordinates (2 on bbob's [−5, 5]ᵈ).

    >>> class Box: lower_bounds, upper_bounds = np.full(3, -5.0), np.full(3, 5.0)
    >>> initial_scale(Box())
    2.0
    """
    width = np.mean(
        np.asarray(problem.upper_bounds, float) - np.asarray(problem.lower_bounds, float)
    )
    return positive_scalar("the box width / 5", float(width) / 5.0)


def restart_point(problem, rng: np.random.Generator) -> np.ndarray:
    """A restart's initial point as COCO proposes it (``initial_solution_proposal``): per
    coordinate u₁ + u₂ with u₁, u₂ uniform on [lower/2, upper/2] (on bbob a triangular density
    on [−5, 5] with its mode at 0), drawn from ``rng``.

    >>> class Box: lower_bounds, upper_bounds = np.full(2, -5.0), np.full(2, 5.0)
    >>> x = restart_point(Box(), np.random.default_rng(0))
    >>> x.shape, bool(np.all(np.abs(x) <= 5))
    ((2,), True)
    """
    lower = np.asarray(problem.lower_bounds, float)
    upper = np.asarray(problem.upper_bounds, float)
    return rng.uniform(lower / 2, upper / 2) + rng.uniform(lower / 2, upper / 2)


class _TargetHit(Exception):
    """Raised by the wrapped problem once COCO's final target is hit: the run stops there."""


class _BudgetSpent(Exception):
    """Raised by the wrapped problem when a batch would exceed the run's budget."""


def vectorized(problem, budget: int | None = None) -> Callable[[np.ndarray], np.ndarray]:
    """``f(X)`` = the problem's values on the rows of X, raising ``_TargetHit`` (caught by
    ``solve``) after a batch in which COCO's final target was hit; with ``budget``, only the
    rows that fit are evaluated, and then ``_BudgetSpent`` is raised (the last batch is cut to
    the budget and not told)."""

    def f(X):
        room = None if budget is None else budget - int(problem.evaluations)
        rows = X if room is None or X.shape[0] <= room else X[: max(room, 0)]
        values = np.array([problem(x) for x in rows], dtype=float)
        if problem.final_target_hit:
            raise _TargetHit
        if rows.shape[0] < X.shape[0]:
            raise _BudgetSpent
        return values

    return f


class Run(NamedTuple):
    """One run of ``solve``: the problem's evaluation count, "" or the error that ended it, the
    number of starts (1 + restarts) and why each start ended ("target", "budget", the first
    word of the termination rule that fired (``practical.termination_reason``: "flat",
    "pinned", "stagnation"), pycma's termination keys joined by "+", or "error")."""

    evaluations: int
    error: str
    starts: int
    stops: tuple[str, ...]


def solve(
    name: str,
    problem,
    *,
    seed=None,
    budget_multiplier: int = BUDGET_MULTIPLIER,
    scale: float | None = None,
) -> Run:
    """Run the solver ``name`` (a key of ``SOLVERS``) on ``problem`` with the restart rule of
    the module docstring until the budget ``budget_multiplier`` · d or COCO's final target.
    ``seed`` (an int or a SeedSequence) seeds the restart points and each start."""
    if name not in SOLVERS:
        raise ValueError(f"name must be one of {sorted(SOLVERS)}, got {name!r}")
    d = positive_int("problem.dimension", int(problem.dimension))
    budget = positive_int("budget_multiplier", budget_multiplier) * d
    scale = initial_scale(problem) if scale is None else positive_scalar("scale", scale)
    sequence = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    points = np.random.default_rng(sequence.spawn(1)[0])
    f = vectorized(problem, budget)
    stops: list[str] = []
    error = ""
    while problem.evaluations < budget:
        start = len(stops)
        x0 = (
            np.asarray(problem.initial_solution, float)
            if start == 0
            else restart_point(problem, points)
        )
        try:
            reason = SOLVERS[name](problem, f, budget, scale, sequence.spawn(1)[0], x0, 2**start)
        except _TargetHit:
            stops.append("target")
            break
        except _BudgetSpent:
            reason = "budget"
        except (ValueError, FloatingPointError, np.linalg.LinAlgError) as caught:
            error = f"{type(caught).__name__}: {caught}"
            stops.append("error")
            break
        stops.append(reason)
        if reason == "budget":
            break
    return Run(int(problem.evaluations), error, len(stops), tuple(stops))


def _short(reason: str) -> str:
    """A termination message's first word: "flat", "pinned", "stagnation"."""
    return reason.split(":")[0].split()[0]


def _mines(problem, f, budget, scale, seed, x0, factor, step_size: bool = False) -> str:
    d = x0.shape[0]
    room = budget - int(problem.evaluations)
    b = factor * default_batch_size(d)
    if room < 2 * (2 * b + 1):  # no room for the calibration and one iteration
        return "budget"
    es = MiNES(
        x0,
        seed=seed,
        max_evaluations=room,  # a true maximum
        scale=scale,
        bounds=(np.asarray(problem.lower_bounds, float), np.asarray(problem.upper_bounds, float)),
        batch_size=b,
        step_size=step_size,
    ).optimize(f, vectorized=True)
    stops = es.stop()
    if "not finite" in stops:  # stopped where f or the iteration is not finite: a crashed run
        raise FloatingPointError(stops["not finite"])
    first = next(key for key in STOPS if key in stops)  # "flat", "pinned", "stagnation", …
    return "budget" if first == "max_evaluations" else first


def _peer_stop(rule: Termination, best: float, spread: float, condition: float) -> str:
    """pycma's criteria on a peer's state: ``practical.Termination`` fed the best value of each
    batch (tolfun, tolstagnation: the windows of rule 8 with λ = the batch size), tolx (σ times
    the largest standard deviation below ``TOLX``) and conditioncov (``CONDITION``); "" while
    none fires."""
    reason = rule.add(best)
    if reason is not None:
        return _short(reason)
    if spread < TOLX:
        return "tolx"
    if condition > CONDITION:
        return "conditioncov"
    return ""


def _xnes(problem, f, budget, scale, seed, x0, factor) -> str:
    d = x0.shape[0]
    es = XNES(x0, scale, popsize=factor * xnes_defaults(d)["popsize"], seed=seed)
    rule = Termination(d, es.popsize)
    while True:
        X = es.ask()
        values = f(X)
        es.tell(X, values)
        singular = np.linalg.svd(es.B, compute_uv=False)
        reason = _peer_stop(
            rule,
            float(values.min()),
            es.sigma * float(singular[0]),
            float(singular[0] / singular[-1]) ** 2,
        )
        if reason:
            return reason


def _cmaes(problem, f, budget, scale, seed, x0, factor) -> str:
    popsize = factor * (4 + int(3 * math.log(x0.shape[0])))
    es = CMAES(x0, scale, seed=seed, options={"popsize": popsize})
    while True:
        X = es.ask()
        es.tell(X, f(X))
        stop = es.es.stop()
        if stop:
            return "+".join(sorted(stop))


def _rgf(problem, f, budget, scale, seed, x0, factor) -> str:
    rng = np.random.default_rng(seed)
    settings = practical_settings(f, x0, rng, scale=scale)  # MiNES's calibration batch
    es = RandomGradientFree(
        x0,
        alpha=1e-4 * scale,
        eta=nesterov_spokoiny_step(d=x0.shape[0], L=settings.curvature),
        batch_size=factor,
        seed=rng,
    )
    rule = Termination(x0.shape[0], 2 * factor)
    while True:
        X = es.ask()
        values = f(X)
        es.tell(X, values)
        reason = _peer_stop(rule, float(values.min()), es.params.alpha, 1.0)
        if reason:
            return reason


#: name -> start(problem, f, budget, scale, seed, x0, factor) -> why the start ended; f the
#: vectorized problem (raising at the target and at the budget), ``factor`` the population's
#: multiple of its default (2^restarts).
SOLVERS: dict[str, Callable[..., str]] = {
    "MiNES": _mines,
    "MiNES-step": functools.partial(_mines, step_size=True),
    "xNES": _xnes,
    "CMA-ES": _cmaes,
    "RGF": _rgf,
}

"""MiNES and its peers on COCO's ``bbob`` suite: the solvers as a COCO user runs them, the subset
that ``make coco`` runs, and the compact summary of its results that the notebook reads.

This module imports neither ``cocoex`` nor ``cocopp`` (the ``coco`` extra): a problem is any
object with COCO's interface (called on one point x, ``dimension``, ``initial_solution``,
``lower_bounds``, ``upper_bounds``, ``final_target_hit``, ``evaluations``), so the solvers are
tested on problems made here. ``tools/coco_experiment.py`` (``make coco``) runs them on
``cocoex.Suite("bbob", …)`` through ``cocoex.Observer`` and post-processes with ``cocopp``.

The solvers (``SOLVERS``), each from COCO's initial solution with σ₀ = ``initial_scale`` (one
fifth of the width of the box [lower, upper], 2 on bbob's [−5, 5]ᵈ, pycma's guidance) and the
budget ``BUDGET_MULTIPLIER`` · d, stopping early once COCO's final target is hit:

- ``MiNES``: ``algorithm.minimize(f, x0, max_evaluations=…, scale=σ₀)`` with every other
  setting the practical default of ``practical`` (Algorithm 1 with documented choices the paper
  does not make).
- ``xNES``: ``baselines.XNES`` with its published defaults and σ₁ = σ₀.
- ``CMA-ES``: ``baselines.CMAES`` (pycma with its defaults) with σ₁ = σ₀.
- ``RGF``: random gradient-free descent (``baselines.RandomGradientFree``, b = 1), whose step
  1/(4(d+4)L) needs L: L is replaced by the curvature scale h₀ of ``practical`` rule 1 (the
  calibration batch of MiNES, 2b+1 values at x₀; h₀ ≈ tr ∇²f ≥ λmax on a convex quadratic),
  and α = 1e-4 σ₀.

The subset (``SUBSET``): all 24 bbob functions, d ∈ {2, 3, 5, 10}, instances 1–3, budget
10³·d: 288 problems per solver, COCO's standard instances, the dimensions where every solver's
per-iteration cost is small (the measured wall time is in the README), and a budget where
pycma solves most unimodal functions (so that a "not reached" is the solver's, not the
budget's).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

import numpy as np
import pandas as pd

from mines_theory.algorithm.mines import minimize
from mines_theory.problems.baselines import CMAES, XNES, RandomGradientFree, nesterov_spokoiny_step
from mines_theory.algorithm.practical import practical_settings
from mines_theory.validation import positive_int, positive_scalar

__all__ = [
    "SOLVERS",
    "SUBSET",
    "Subset",
    "BUDGET_MULTIPLIER",
    "TARGETS",
    "FUNCTION_GROUPS",
    "initial_scale",
    "solve",
    "vectorized",
    "summary_fractions",
    "SUMMARY_COLUMNS",
    "target_column",
    "function_group",
    "median_evaluations",
]

#: The budget, in evaluations per dimension.
BUDGET_MULTIPLIER = 1000

#: The target precisions f − f_opt that the summary records (COCO's final target is 1e-8).
TARGETS = (1e1, 1e-1, 1e-3, 1e-5, 1e-8)

#: bbob's function groups, as cocopp names them.
FUNCTION_GROUPS = {
    "separable": range(1, 6),
    "moderate": range(6, 10),
    "ill-conditioned": range(10, 15),
    "multimodal": range(15, 20),
    "weakly structured": range(20, 25),
}


def target_column(target: float) -> str:
    """The summary's column for a target precision: evaluations to reach f − f_opt ≤ target.

    >>> [target_column(t) for t in TARGETS]
    ['evals_1e+01', 'evals_1e-01', 'evals_1e-03', 'evals_1e-05', 'evals_1e-08']
    """
    return f"evals_{positive_scalar('target', target):.0e}"


#: The columns of the summary CSV (``tools/coco_experiment.py`` writes it from cocopp's data
#: sets): one row per (solver, function, dimension, instance) run, ``budget`` the evaluations
#: it used, and per target of ``TARGETS`` the evaluations to reach it (empty if not reached).
SUMMARY_COLUMNS = [
    "solver",
    "function",
    "dimension",
    "instance",
    "budget",
    *map(target_column, TARGETS),
]


@dataclasses.dataclass(frozen=True)
class Subset:
    """Which bbob problems ``make coco`` runs (module docstring)."""

    functions: tuple[int, ...] = tuple(range(1, 25))
    dimensions: tuple[int, ...] = (2, 3, 5, 10)
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


class _TargetHit(Exception):
    """Raised by the wrapped problem once COCO's final target is hit: the run stops there."""


def vectorized(problem) -> Callable[[np.ndarray], np.ndarray]:
    """``f(X)`` = the problem's values on the rows of X, raising ``_TargetHit`` (caught by
    ``solve``) after a batch in which COCO's final target was hit."""

    def f(X):
        values = np.array([problem(x) for x in X], dtype=float)
        if problem.final_target_hit:
            raise _TargetHit
        return values

    return f


def _ask_tell(es, f, budget: int) -> None:
    while es.evaluations < budget:
        X = es.ask()
        room = budget - (es.evaluations - X.shape[0])
        if X.shape[0] > room:  # the last batch, cut to the budget (not told)
            f(X[:room])
            return
        es.tell(X, f(X))


def _rgf(problem, f, budget, scale, seed):
    x0 = np.asarray(problem.initial_solution, float)
    rng = np.random.default_rng(seed)
    settings = practical_settings(f, x0, rng, scale=scale)  # MiNES's calibration batch
    es = RandomGradientFree(
        x0,
        alpha=1e-4 * scale,
        eta=nesterov_spokoiny_step(d=x0.shape[0], L=settings.curvature),
        batch_size=1,
        seed=rng,
    )
    _ask_tell(es, f, budget - settings.evaluations)


def solve(
    name: str,
    problem,
    *,
    seed=None,
    budget_multiplier: int = BUDGET_MULTIPLIER,
    scale: float | None = None,
) -> tuple[int, str]:
    """Run the solver ``name`` (a key of ``SOLVERS``) on ``problem`` until the budget
    ``budget_multiplier`` · d or COCO's final target. Returns (the problem's evaluation count,
    "" or the error that ended the run): a solver that raises (a non-finite value, a step that
    overflowed) stops there, and the observer has logged what it evaluated, as COCO counts a
    crashed run. ``seed`` (an int or a SeedSequence) seeds the solver."""
    if name not in SOLVERS:
        raise ValueError(f"name must be one of {sorted(SOLVERS)}, got {name!r}")
    d = positive_int("problem.dimension", int(problem.dimension))
    budget = positive_int("budget_multiplier", budget_multiplier) * d
    scale = initial_scale(problem) if scale is None else positive_scalar("scale", scale)
    f = vectorized(problem)
    error = ""
    try:
        SOLVERS[name](problem, f, budget, scale, seed)
    except _TargetHit:
        pass
    except (ValueError, FloatingPointError, np.linalg.LinAlgError) as caught:
        error = f"{type(caught).__name__}: {caught}"
    return int(problem.evaluations), error


def _mines(problem, f, budget, scale, seed):
    x0 = np.asarray(problem.initial_solution, float)
    res = minimize(f, x0, max_evaluations=budget, scale=scale, seed=seed)  # final f(x) included
    if res.status == 2:  # stopped where f or the iteration is not finite: a crashed run
        raise FloatingPointError(res.message)


def _xnes(problem, f, budget, scale, seed):
    _ask_tell(XNES(np.asarray(problem.initial_solution, float), scale, seed=seed), f, budget)


def _cmaes(problem, f, budget, scale, seed):
    _ask_tell(CMAES(np.asarray(problem.initial_solution, float), scale, seed=seed), f, budget)


#: name -> solver(problem, f, budget, scale, seed), f the vectorized problem.
SOLVERS = {"MiNES": _mines, "xNES": _xnes, "CMA-ES": _cmaes, "RGF": _rgf}


def function_group(function: int) -> str:
    """The bbob group of a function number (``FUNCTION_GROUPS``).

    >>> function_group(1), function_group(12), function_group(24)
    ('separable', 'ill-conditioned', 'weakly structured')
    """
    for name, members in FUNCTION_GROUPS.items():
        if function in members:
            return name
    raise ValueError(f"function must be a bbob function number 1..24, got {function!r}")


def summary_fractions(summary: pd.DataFrame, target: float, *, by=("solver",)) -> pd.DataFrame:
    """Per group of ``by`` (columns of the summary, or "group" for the bbob function group):
    the number of runs, how many reached f − f_opt ≤ ``target`` within their budget, the
    fraction and its 95% Wilson score interval (``low``, ``high``).

    >>> frame = pd.DataFrame({"solver": ["a", "a", "a", "a"], "function": [1, 2, 10, 24],
    ...                       "evals_1e-08": [10.0, np.nan, 5.0, np.nan]})
    >>> summary_fractions(frame, 1e-8)[["solver", "runs", "reached", "fraction"]]
      solver  runs  reached  fraction
    0      a     4        2       0.5
    """
    frame = summary.assign(group=[function_group(int(f)) for f in summary["function"]])
    grouped = frame.groupby(list(by), sort=True)[target_column(target)]
    out = pd.DataFrame({"runs": grouped.size(), "reached": grouped.count()}).reset_index()
    out["fraction"] = out["reached"] / out["runs"]
    bounds = [_wilson(k, n) for k, n in zip(out["reached"], out["runs"])]
    out["low"] = [low for low, _ in bounds]
    out["high"] = [high for _, high in bounds]
    return out


def median_evaluations(
    summary: pd.DataFrame, target: float, *, by=("solver", "function")
) -> pd.DataFrame:
    """Per group of ``by``: the runs, how many reached ``target``, and the median evaluations to
    reach it, a run that did not counting as infinitely many (so the median is ∞ when fewer
    than half reached it).

    >>> frame = pd.DataFrame({"solver": "a", "function": 1,
    ...                       "evals_1e-08": [10.0, 30.0, np.nan]})
    >>> median_evaluations(frame, 1e-8)[["runs", "reached", "median"]].to_numpy().tolist()
    [[3.0, 2.0, 30.0]]
    """
    column = target_column(target)
    frame = summary.assign(
        group=[function_group(int(f)) for f in summary["function"]],
        _evals=summary[column].fillna(np.inf),
    )
    grouped = frame.groupby(list(by), sort=True)
    return pd.DataFrame(
        {
            "runs": grouped.size(),
            "reached": grouped[column].count(),
            "median": grouped["_evals"].median(),
        }
    ).reset_index()


def _wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of a binomial proportion.

    >>> tuple(round(x, 4) for x in _wilson(5, 10))
    (0.2366, 0.7634)
    """
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2)) / (1 + z * z / trials)
    return max(0.0, centre - half), min(1.0, centre + half)

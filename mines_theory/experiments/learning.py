"""How fast a search distribution learns an ill-conditioned Hessian: MiNES's running average of
Hessian estimates (with the practical defaults and the step-size rule, ``step_size=True``)
against CMA-ES's covariance update (pycma's defaults), on one quadratic.

``evaluations_to_learn`` measures, per seed, the evaluations after which the condition number of
the method's search covariance (α²Σ_k for MiNES, whose condition is that of Σ_k⁻¹; σ²C for
CMA-ES) first reaches ``reach`` times the Hessian's. ``predicted_evaluations`` is the model that
a running average with weight η on its newest estimate needs about ln(κ)/η iterations to move a
condition number by a factor κ: for MiNES η is the floor of its η_{2,k} (the average's
forgetting rate, ``practical.PracticalEta2``), for CMA-ES its covariance learning rates
c₁ + c_μ; times the evaluations of one iteration (2b + 1; λ).
"""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import numpy as np
import pandas as pd

from mines_theory.algorithm.mines import MiNES
from mines_theory.algorithm.practical import PracticalEta2, default_batch_size, prior_batches
from mines_theory.problems.baselines import CMAES
from mines_theory.validation import objective as check_objective
from mines_theory.validation import positive_int, positive_scalar

__all__ = ["LEARNERS", "evaluations_to_learn", "learner", "predicted_evaluations", "rate_and_cost"]

#: The methods whose learning is measured: MiNES with the step-size rule, and CMA-ES.
LEARNERS = ("MiNES-step", "CMA-ES")


def learner(method: str, dim: int, seed: int) -> Any:
    """A fresh run of ``method`` from μ₁ = 0: MiNES with the practical defaults and
    ``step_size=True``, or CMA-ES with pycma's defaults and σ₁ = 1 (as in notebook 07)."""
    if method == "MiNES-step":
        return MiNES(np.zeros(dim), seed=seed, step_size=True)
    if method == "CMA-ES":
        return CMAES(np.zeros(dim), 1.0, seed=seed)
    raise ValueError(f"method must be one of {LEARNERS}, got {method!r}")


def rate_and_cost(method: str, dim: int) -> tuple[float, int]:
    """(η, evaluations per iteration) of ``predicted_evaluations``: the floor of MiNES's η_{2,k}
    and 2b + 1, or CMA-ES's c₁ + c_μ and λ."""
    if method == "MiNES-step":
        b = default_batch_size(dim)
        eta2 = PracticalEta2(prior_batches(dim, b))
        # its floor: at a late k, with no second difference to cap it
        late = SimpleNamespace(second_differences=np.zeros(b))
        return float(eta2(10**9, None, late)), 2 * b + 1
    es = learner(method, dim, 0).es
    return float(es.sp.c1 + es.sp.cmu), int(es.popsize)


def predicted_evaluations(method: str, dim: int, condition: float) -> float:
    """ln(κ)/η iterations times the evaluations of one (module docstring)."""
    positive_int("dim", dim)
    positive_scalar("condition", condition)
    rate, cost = rate_and_cost(method, dim)
    return math.log(condition) / rate * cost


def evaluations_to_learn(
    method: str,
    objective: Any,
    condition: float,
    *,
    seeds: int = 5,
    reach: float = 0.5,
    max_evaluations: int = 30_000,
) -> pd.DataFrame:
    """Per seed (0, …, seeds − 1): the evaluations after which cond of the search covariance of
    ``method`` on ``objective`` first reaches ``reach`` × ``condition`` (NaN if not within
    ``max_evaluations`` or before the run stops). Columns ``method, seed, evaluations``."""
    objective = check_objective("objective", objective)
    threshold = positive_scalar("reach", reach) * positive_scalar("condition", condition)
    rows = []
    for seed in range(positive_int("seeds", seeds)):
        es, first = learner(method, objective.dim, seed), math.nan
        while es.evaluations < max_evaluations and not (hasattr(es, "stop") and es.stop()):
            X = es.ask()
            es.tell(X, objective(X))
            if getattr(es, "calibrating", False):
                continue  # MiNES's calibration batch: no Σ yet
            if np.linalg.cond(es.covariance) >= threshold:
                first = float(es.evaluations)
                break
        rows.append({"method": method, "seed": seed, "evaluations": first})
    return pd.DataFrame(rows)

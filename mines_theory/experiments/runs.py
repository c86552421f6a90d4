"""Seeded runs over many seeds and settings, returned as tidy pandas DataFrames (Section 5).

``run_method`` runs any strategy of ``baselines.METHODS`` seed by seed. ``run_mines_lockstep``
and ``run_rgf_lockstep`` run the pure strategies (``algorithm.MiNESStrategy``,
``baselines.RGFStrategy``) for many seeds at once, on states with a leading seed axis
(``strategy.run``): the same algorithm as the one-seed objects, with the same random streams,
without a Python loop over seeds.

Seeds: ``seeds`` is an int (the number of runs, spawned from ``SeedSequence(entropy)``) or a
list of ``SeedSequence`` objects, at most ``MAX_SEEDS`` (100,000) runs. Run i uses
``default_rng(seeds[i])``, so ``MiNES(..., precision_form="cholesky", seed=seeds[i])`` reproduces
it (a stack of states samples with the Cholesky factor; the default precision_form="auto" draws
other z in the low-rank form).

Columns, one row per recorded iteration (k = 0 is the start):
``method, seed, k, evaluations, f_gap`` (f(μ_k) − f*, a diagnostic evaluation that is not
counted), ``precision_error`` (‖Σ_k⁻¹ − H*‖_F for MiNES, NaN otherwise),
``relative_precision_error`` (divided by ‖H*‖_F) and ``condition``
(cond(C_k^{1/2} H* C_k^{1/2}) for the covariance C_k of the search distribution, NaN if C_k is
not positive definite), with H* = ∇²f(x*); ``xi`` and ``curvature`` are the ξ_k and 𝓛_k of
Lemma 5.2 (the extreme eigenvalues of C_k^{1/2} ∇²f(μ_k) C_k^{1/2}, with C_k = Σ_k for MiNES; NaN
for the other methods). ``error`` holds the message of a run that stopped
with an exception (the NES meta-algorithm can), else "".

Scaling out. Every sweep takes ``executor``: None runs in this process; any
``concurrent.futures.Executor`` (a ``ProcessPoolExecutor``, Dask's
``distributed.Client(...).get_executor()`` on a cluster) runs chunks of ``chunk_size`` seeds as
separate tasks, each chunk in lockstep, and the frames are put together in seed order. The seeds
are spawned before any chunk is formed and run i always draws from ``default_rng(seeds[i])``, and
in-process runs go through the same chunks, so the frame is identical, bit for bit, on any
executor (given the same NumPy and BLAS on every worker). ``chunk_size`` itself may change the
last bits of a lockstep run: a stacked BLAS call may round otherwise for another stack size.
Every task needs the objective and options to be picklable (a ``ProcessPoolExecutor`` pickles
them; Dask uses cloudpickle, which also takes lambdas).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.problems.baselines import RGFStrategy, make_method, nesterov_spokoiny_step
from mines_theory.linalg.spd import preconditioned_condition, preconditioned_extremes
from mines_theory.algorithm.schedules import hutchinson_step, lemma51_step, lemma52_step
from mines_theory.algorithm.strategy import progress_bar, run
from .sweep import (
    CHUNK_SIZE,
    COLUMNS,
    combine_chunks,
    gather,
    result_row,
    seed_chunks,
    spawn_seeds,
)
from mines_theory.validation import evaluate, positive_int, vector
from mines_theory.validation import executor as check_executor
from mines_theory.validation import objective as check_objective
from mines_theory.validation import target as check_target

__all__ = ["run_method", "run_mines_lockstep", "run_rgf_lockstep", "compare_methods", "COMPARED"]


def run_method(
    name: str,
    objective: Any,
    seeds: Any,
    *,
    mean0: ArrayLike | None,
    max_evaluations: int,
    target: float | None = None,
    record_every: int = 1,
    entropy: int = 0,
    progress: bool | None = None,
    executor: Any = None,
    chunk_size: int | None = CHUNK_SIZE,
    **options,
) -> pd.DataFrame:
    """Run the strategy ``name`` (see ``baselines.METHODS``; ``options`` go to its factory) from
    ``mean0`` for each seed until f(μ_k) − f* ≤ ``target``, or until the next iteration's queries
    would take the evaluations past ``max_evaluations`` (a run never overshoots its budget; a
    budget below one iteration runs none).
    ``executor`` and ``chunk_size``: see the module docstring (Scaling out)."""
    sweep = _Sweep.of(seeds, entropy, record_every, progress, executor, chunk_size)
    calls = _plan_method(name, objective, sweep, mean0, max_evaluations, target, options)
    return _collect(calls, executor, progress, name)


class _Sweep(NamedTuple):
    """What every sweep of this module takes besides its method's settings."""

    seeds: Any
    entropy: int
    record_every: int
    progress: bool | None
    chunk_size: int | None

    @classmethod
    def of(cls, seeds, entropy, record_every, progress, executor, chunk_size) -> _Sweep:
        """The sweep of a call of this module: a bar over the seeds only where they run here
        (``executor`` None); with an executor, ``gather``'s bar over the chunks shows
        ``progress``."""
        return cls(
            seeds, entropy, record_every, progress if executor is None else False, chunk_size
        )


def _collect(calls, executor, progress, description) -> pd.DataFrame:
    """The frames of the planned ``calls`` run on ``executor``, as one in seed order."""
    executor = check_executor("executor", executor)
    return combine_chunks(gather(calls, executor, progress, description))


def _per_chunk(work, seeds, sweep: _Sweep, **fixed) -> list[Callable[[], pd.DataFrame]]:
    """``work(chunk, first, **fixed)`` for each chunk of ``seeds`` (spawned) and its first
    index, ready to run, the recording interval of ``sweep`` checked."""
    fixed["record_every"] = positive_int("record_every", sweep.record_every)
    return [
        functools.partial(work, chunk, first, **fixed)
        for first, chunk in seed_chunks(seeds, sweep.chunk_size)
    ]


def _plan_method(
    name, objective, sweep, mean0, max_evaluations, target, options
) -> list[Callable[[], pd.DataFrame]]:
    seeds = spawn_seeds(sweep.seeds, sweep.entropy)
    objective = check_objective("objective", objective)
    mean0 = vector("mean0", mean0, objective.dim)
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    target = check_target("target", target)
    return _per_chunk(
        functools.partial(_method_chunk, name, objective),
        seeds,
        sweep,
        mean0=mean0,
        max_evaluations=max_evaluations,
        target=target,
        progress=sweep.progress,
        options=options,
    )


def _method_chunk(
    name,
    objective,
    seeds,
    first,
    *,
    mean0,
    max_evaluations,
    target,
    record_every,
    progress,
    options,
) -> pd.DataFrame:
    """``run_method`` for the seeds ``seeds``, numbered from ``first``, one after the other."""
    h_star = objective.hessian(objective.minimizer)
    h_norm = np.linalg.norm(h_star)
    rows = []
    for index, seed in enumerate(progress_bar(seeds, name, progress), start=first):
        es = make_method(name, objective, mean0, seed=seed, **options)

        def record(error=""):
            sigma_inv = getattr(es, "sigma_inv", None)
            mean = es.mean
            f_gap = float(objective(mean[None, :])[0] - objective.f_star)
            precision = xi = curvature = np.nan
            if sigma_inv is not None:
                precision = np.linalg.norm(sigma_inv - h_star)
                xi, curvature = preconditioned_extremes(objective.hessian(mean), sigma_inv)
            rows.append(
                result_row(
                    name,
                    index,
                    es.iteration,
                    es.evaluations,
                    f_gap,
                    precision,
                    h_norm,
                    preconditioned_condition(es.covariance, h_star),
                    xi,
                    curvature,
                    error,
                )
            )
            return f_gap

        f_gap = record()
        while es.evaluations < max_evaluations and (target is None or f_gap > target):
            try:
                X = es.ask()  # counts X's rows in es.evaluations
                if es.evaluations > max_evaluations:  # the budget ends inside this iteration:
                    break  # stop before it, as ``minimize`` does
                es.tell(X, evaluate(objective, X))
            except RuntimeError as err:  # the NES meta-algorithm's Σ̄ collapsed in ask()
                f_gap = record(str(err))
                break
            if es.iteration % record_every == 0 or (target is not None and f_gap <= target):
                f_gap = record()
            elif target is not None:
                f_gap = float(objective(es.mean[None, :])[0] - objective.f_star)
        if rows[-1]["k"] != es.iteration:
            record()
    return pd.DataFrame(rows, columns=COLUMNS)


def run_mines_lockstep(
    objective: Any,
    seeds: Any,
    *,
    mean0: ArrayLike | None,
    sigma_inv0: ArrayLike | None,
    alpha: float,
    batch_size: int,
    tau: float,
    zeta: float,
    eta1: Any,
    eta2: Any = None,
    max_iterations: int,
    record_every: int = 1,
    entropy: int = 0,
    progress: bool | None = None,
    executor: Any = None,
    chunk_size: int | None = CHUNK_SIZE,
) -> pd.DataFrame:
    """MiNES (Algorithm 1) for all seeds at once, in lockstep: ``algorithm.MiNESStrategy`` on
    a state with a leading seed axis, iterated by ``strategy.run``. The arguments are those of
    ``MiNES``; run i draws from ``default_rng(seeds[i])`` as ``MiNES(...,
    precision_form="cholesky", seed=seeds[i])`` does.
    ``executor`` and ``chunk_size``: see the module docstring (Scaling out)."""
    sweep = _Sweep.of(seeds, entropy, record_every, progress, executor, chunk_size)
    settings = {"alpha": alpha, "batch_size": batch_size, "tau": tau, "zeta": zeta}
    settings.update(eta1=eta1, eta2=eta2)
    calls = _plan_mines(objective, sweep, settings, mean0, sigma_inv0, max_iterations)
    return _collect(calls, executor, progress, "MiNES lockstep")


def _plan_mines(objective, sweep, settings, mean0, sigma_inv0, max_iterations):
    seeds = spawn_seeds(sweep.seeds, sweep.entropy)
    objective = check_objective("objective", objective)
    strategy = MiNESStrategy(dim=objective.dim, **settings)
    start = strategy.init(mean0, sigma_inv0)  # μ₁ and Σ₁⁻¹, checked here
    return _per_chunk(
        functools.partial(_mines_chunk, objective, strategy),
        seeds,
        sweep,
        mean0=start.mean,
        sigma_inv0=start.sigma_inv,
        max_iterations=positive_int("max_iterations", max_iterations),
        progress=sweep.progress,
    )


def _mines_chunk(
    objective, strategy, seeds, first, *, mean0, sigma_inv0, max_iterations, record_every, progress
) -> pd.DataFrame:
    """``run_mines_lockstep`` for the seeds ``seeds``, numbered from ``first``, in lockstep."""
    state = strategy.init(mean0, sigma_inv0, num_seeds=len(seeds))
    b = strategy.params.batch_size
    h_star = objective.hessian(objective.minimizer)
    h_norm = np.linalg.norm(h_star)
    rows = []

    def record(state, info=None):
        k = state.k - 1  # completed iterations
        if k % record_every and k != max_iterations:
            return
        f_gap = objective(state.mean) - objective.f_star
        precision = np.linalg.norm(state.sigma_inv - h_star, axis=(1, 2))
        # cond(Σ^{1/2} H* Σ^{1/2}) (α² cancels), and ξ_k, 𝓛_k at ∇²f(μ_k)
        low, high = preconditioned_extremes(
            np.broadcast_to(h_star, state.sigma_inv.shape), chol=state.chol
        )
        xi, curvature = preconditioned_extremes(objective.hessian(state.mean), chol=state.chol)
        for s in range(len(seeds)):
            rows.append(
                result_row(
                    "MiNES",
                    first + s,
                    k,
                    k * (2 * b + 1),
                    float(f_gap[s]),
                    float(precision[s]),
                    h_norm,
                    float(high[s] / low[s]),
                    float(xi[s]),
                    float(curvature[s]),
                )
            )

    record(state)
    run(
        strategy,
        objective,
        state,
        [np.random.default_rng(s) for s in seeds],
        max_iterations,
        record=record,
        progress=progress,
        description="MiNES lockstep",
    )
    return pd.DataFrame(rows, columns=COLUMNS)


def run_rgf_lockstep(
    objective: Any,
    seeds: Any,
    *,
    mean0: ArrayLike | None,
    alpha: float,
    eta: float,
    batch_size: int = 1,
    max_evaluations: int,
    record_every: int = 1,
    entropy: int = 0,
    executor: Any = None,
    chunk_size: int | None = CHUNK_SIZE,
) -> pd.DataFrame:
    """Random gradient-free descent (``baselines.RGFStrategy``) for all seeds at once, with the
    same random streams as seed-by-seed runs; 2b evaluations per iteration. Same columns as
    ``run_method``; ``executor`` and ``chunk_size``: see the module docstring (Scaling out)."""
    sweep = _Sweep(seeds, entropy, record_every, None, chunk_size)
    settings = {"alpha": alpha, "eta": eta, "batch_size": batch_size}
    return _collect(
        _plan_rgf(objective, sweep, settings, mean0, max_evaluations),
        executor,
        None,
        "RGF lockstep",
    )


def _plan_rgf(objective, sweep, settings, mean0, max_evaluations):
    seeds = spawn_seeds(sweep.seeds, sweep.entropy)
    objective = check_objective("objective", objective)
    d = objective.dim
    strategy = RGFStrategy(dim=d, **settings)
    iterations = positive_int("max_evaluations", max_evaluations) // (
        2 * strategy.params.batch_size
    )
    return _per_chunk(
        functools.partial(_rgf_chunk, objective, strategy),
        seeds,
        sweep,
        mean0=vector("mean0", mean0, d),
        iterations=iterations,
    )


def _rgf_chunk(
    objective, strategy, seeds, first, *, mean0, iterations, record_every
) -> pd.DataFrame:
    """``run_rgf_lockstep`` for the seeds ``seeds``, numbered from ``first``, in lockstep."""
    b = strategy.params.batch_size
    means = np.tile(mean0, (len(seeds), 1))
    h_norm = np.linalg.norm(objective.hessian(objective.minimizer))
    condition = float(np.linalg.cond(objective.hessian(objective.minimizer)))  # covariance α²I
    rows = []
    k = 0

    def record(means, info=None):
        nonlocal k
        if info is not None:
            k += 1
        if k % record_every and k != iterations:
            return
        f_gap = objective(means) - objective.f_star
        for s in range(len(seeds)):
            rows.append(
                result_row(
                    "RGF", first + s, k, 2 * b * k, float(f_gap[s]), np.nan, h_norm, condition
                )
            )

    record(means)
    run(
        strategy,
        objective,
        means,
        [np.random.default_rng(s) for s in seeds],
        iterations,
        record=record,
    )
    return pd.DataFrame(rows, columns=COLUMNS)


COMPARED = (
    "MiNES (Lemma 5.2, oracle)",
    "MiNES (Hutchinson)",
    "MiNES (Lemma 5.1)",
    "RGF",
    "xNES",
    "CMA-ES",
    "NES",
)


def compare_methods(
    objective: Any,
    *,
    seeds: Any = 5,
    max_evaluations: int,
    target: float | None = 1e-8,
    methods: Any = COMPARED,
    record_every: int = 1,
    entropy: int = 0,
    progress: bool | None = None,
    executor: Any = None,
    chunk_size: int | None = CHUNK_SIZE,
) -> pd.DataFrame:
    """Run each method of ``methods`` (names in ``COMPARED``) from μ₁ = 0 with the same seeds and
    budget; returns the concatenated tidy frame. Settings, the same for every problem and chosen
    before any run: MiNES with b = d, α = 10⁻³, S' = [σ/2, 2L], Σ₁⁻¹ = L·I, η₂,k = 1/k and the
    named η₁ (δ = 0.1); RGF with b = 1, α = 10⁻⁶ and Nesterov–Spokoiny's 1/(4(d+4)L); xNES and
    CMA-ES with their defaults and σ₁ = 1; NES as in ``baselines._make_nes``. Oracle information
    used: L and σ (all but xNES/CMA-ES), the Hessian (Lemma 5.2 step only). ``executor`` and
    ``chunk_size``: see the module docstring (Scaling out); the chunks of every method are
    submitted together."""
    d = check_objective("objective", objective).dim
    max_evaluations = positive_int("max_evaluations", max_evaluations)
    if isinstance(methods, str) or not isinstance(methods, (list, tuple)) or not methods:
        raise ValueError(
            f"methods must be a non-empty tuple of names in COMPARED {COMPARED}, got {methods!r}"
        )
    unknown = [name for name in methods if name not in COMPARED]
    if unknown:
        raise ValueError(f"methods must be names in COMPARED {COMPARED}, got {unknown}")
    if any(name.startswith("MiNES") for name in methods) and max_evaluations < 2 * d + 1:
        raise ValueError(
            f"max_evaluations must be at least one MiNES iteration, 2b + 1 = "
            f"{2 * d + 1} evaluations with b = d = {d}, got {max_evaluations}"
        )
    executor = check_executor("executor", executor)
    mean0 = np.zeros(d)
    sweep = _Sweep(seeds, entropy, record_every, False, chunk_size)
    plans = []
    for name in methods:
        if name.startswith("MiNES"):
            eta1 = {
                "MiNES (Lemma 5.2, oracle)": lambda: lemma52_step(
                    objective.hessian, d=d, b=d, delta=0.1
                ),
                "MiNES (Hutchinson)": lambda: hutchinson_step(d=d, b=d, delta=0.1),
                "MiNES (Lemma 5.1)": lambda: lemma51_step(
                    d=d, b=d, delta=0.1, L=objective.L, tau=objective.runs_box[0]
                ),
            }[name]()
            tau, zeta = objective.runs_box
            settings = {"alpha": 1e-3, "batch_size": d, "tau": tau}
            settings.update(zeta=zeta, eta1=eta1, eta2=None)
            iterations = max_evaluations // (2 * d + 1)
            calls = _plan_mines(
                objective, sweep, settings, mean0, objective.L * np.eye(d), iterations
            )
        elif name == "RGF":
            eta = nesterov_spokoiny_step(d=d, L=objective.L)
            settings = {"alpha": 1e-6, "batch_size": 1, "eta": eta}
            calls = _plan_rgf(objective, sweep, settings, mean0, max_evaluations)
        else:
            calls = _plan_method(name, objective, sweep, mean0, max_evaluations, target, {})
        plans.append((name, calls))
    description = getattr(objective, "name", "objective")
    if executor is None:  # one method after the other, with a progress bar over methods
        results = [
            [call() for call in calls] for _, calls in progress_bar(plans, description, progress)
        ]
    else:  # every chunk of every method at once
        flat = iter(
            gather([call for _, calls in plans for call in calls], executor, progress, description)
        )
        results = [[next(flat) for _ in calls] for _, calls in plans]
    frames = [
        combine_chunks(chunks).assign(method=name) for (name, _), chunks in zip(plans, results)
    ]
    return pd.concat(frames, ignore_index=True)

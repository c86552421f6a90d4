"""The set-up the non-quadratic runs of Section 5 share (``nonquadratic``: Lemmas 5.1 and 5.2
with γ > 0 step by step; ``alpha_bias``: where the iterates settle at a fixed α): the asymmetric
2-D logistic objective and MiNES on it from μ₁ = x* + 1, Σ₁⁻¹ = L·I."""

from __future__ import annotations

import functools

import numpy as np

from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.problems.logistic import synthetic_logistic
from mines_theory.algorithm.strategy import run as run_strategy
from mines_theory.experiments.runs import run_mines_lockstep
from mines_theory.problems.objectives import RotatedEllipsoid
from mines_theory.theory.bounds.section5 import lemma53_constants
from ...framework.verdict import Measurement

__all__ = [
    "asymmetric_logistic",
    "ellipsoid",
    "frame_inputs",
    "lemma53_printed",
    "lockstep",
    "number",
    "run_from_the_start",
]


@functools.cache
def asymmetric_logistic():
    """The objective of the non-quadratic runs: ``objectives.synthetic_logistic(2)``,
    asymmetric about its minimizer, so the estimators' α-bias moves it (γ > 0)."""
    return synthetic_logistic(2)


def ellipsoid(d: int, condition: float) -> RotatedEllipsoid:
    """The objective of the quadratic runs: the rotated ellipsoid of dimension ``d`` and
    condition number ``condition`` (rotation seed 0), minimizer 1."""
    return RotatedEllipsoid(d, condition, seed=0, minimizer=np.ones(d))


def lockstep(f, seeds: int, *, mean0, alpha: float, b: int, eta1, iterations: int, **kw):
    """The set-up the quadratic runs share: ``experiments.run_mines_lockstep`` on ``f`` from
    μ₁ = ``mean0`` and Σ₁⁻¹ = L·I, S' = [σ/2, 2L], batch ``b``, step η₁ ``eta1``, ``iterations``
    steps; ``kw``: eta2, record_every, entropy, and executor, which runs the seeds in chunks on
    a ``concurrent.futures.Executor`` (the same frame). Returns its tidy frame."""
    return run_mines_lockstep(
        f,
        seeds,
        mean0=mean0,
        sigma_inv0=f.L * np.eye(f.dim),
        alpha=alpha,
        batch_size=b,
        tau=f.runs_box[0],
        zeta=f.runs_box[1],
        eta1=eta1,
        max_iterations=iterations,
        **kw,
    )


def run_from_the_start(
    f,
    *,
    alpha: float,
    b: int,
    eta1,
    seeds: int,
    iterations: int,
    entropy: int,
    record,
    eta2: float | None = None,
):
    """The set-up both non-quadratic runs share: MiNES on ``f`` (d = f.dim) with S' = [σ/2, 2L],
    η₂,k = 1/k (or the constant ``eta2``: 10⁻¹² freezes Σ at Σ₁), from μ₁ = x* + 1,
    Σ₁⁻¹ = L·I, ``seeds`` independent streams spawned from ``entropy``, ``iterations`` steps with
    ``record(state, it)``; returns the final state."""
    d = f.dim
    tau, zeta = f.runs_box
    strategy = MiNESStrategy(
        dim=d, alpha=alpha, batch_size=b, tau=tau, zeta=zeta, eta1=eta1, eta2=eta2
    )
    start = strategy.init(f.minimizer + 1.0, f.L * np.eye(d), seeds)
    rngs = [np.random.default_rng(c) for c in np.random.SeedSequence(entropy).spawn(seeds)]
    return run_strategy(strategy, f, start, rngs, iterations, record=record)


def number(name: str, value: float, rtol: float = 1e-6, **kw) -> Measurement:
    """A computed (not sampled) number as a measurement: its uncertainty ``rtol``·|value|, the
    rounding it is shown to."""
    return Measurement(name, value, rtol * abs(value), **kw)


def lemma53_printed(f, **inputs):
    """Lemma 5.3's printed constants (eq:C, ``bounds.lemma53_constants``) for a run on ``f``
    with S' = [σ/2, 2L]; ``inputs``: the run's d, b, delta, gamma, alpha, K, f_gap_1 and
    initial_error_sq (``frame_inputs``, ``TwoStageRun.lemma53_inputs``), the keywords
    ``repaired.common.lemma53_at_confidence`` takes for the repaired ones."""
    tau, zeta = f.runs_box
    return lemma53_constants(L=f.L, sigma=f.sigma, tau=tau, zeta=zeta, **inputs)


def frame_inputs(config, frame) -> dict:
    """Lemma 5.3's inputs of a lockstep run on a quadratic (γ = 0: ``MeanRun``,
    ``CovarianceRun``) and its tidy ``frame``: d, b, δ, α, K = its iterations, and f(μ₁) − f*
    and ‖Σ₁⁻¹ − H*‖² from the frame's first row (k = 0, the same start for every seed)."""
    return {
        "d": config.d,
        "b": config.b,
        "delta": config.delta,
        "gamma": 0.0,
        "alpha": config.alpha,
        "K": config.iterations,
        "f_gap_1": float(frame.f_gap.iloc[0]),
        "initial_error_sq": float(frame.precision_error.iloc[0] ** 2),
    }

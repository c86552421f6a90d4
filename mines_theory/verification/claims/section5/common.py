"""The set-up the non-quadratic runs of Section 5 share (``nonquadratic``: Lemmas 5.1 and 5.2
with γ > 0 step by step; ``alpha_bias``: where the iterates settle at a fixed α): the asymmetric
2-D logistic objective and MiNES on it from μ₁ = x* + 1, Σ₁⁻¹ = L·I."""

from __future__ import annotations

import functools

import numpy as np

from mines_theory.algorithm.algorithm1 import MiNESStrategy
from mines_theory.problems.logistic import synthetic_logistic
from mines_theory.algorithm.strategy import run as run_strategy
from ...framework.verdict import Measurement

__all__ = ["asymmetric_logistic", "number", "run_from_the_start"]


@functools.cache
def asymmetric_logistic():
    """The objective of the non-quadratic runs: ``objectives.synthetic_logistic(2)``,
    asymmetric about its minimizer, so the estimators' α-bias moves it (γ > 0)."""
    return synthetic_logistic(2)


def run_from_the_start(
    f, *, alpha: float, b: int, eta1, seeds: int, iterations: int, entropy: int, record
):
    """The set-up both non-quadratic runs share: MiNES on ``f`` (d = f.dim) with S' = [σ/2, 2L],
    η₂,k = 1/k, from μ₁ = x* + 1, Σ₁⁻¹ = L·I, ``seeds`` independent streams spawned from
    ``entropy``, ``iterations`` steps with ``record(state, it)``; returns the final state."""
    d = f.dim
    strategy = MiNESStrategy(
        dim=d, alpha=alpha, batch_size=b, tau=f.sigma / 2, zeta=2 * f.L, eta1=eta1
    )
    start = strategy.init(f.minimizer + 1.0, f.L * np.eye(d), seeds)
    rngs = [np.random.default_rng(c) for c in np.random.SeedSequence(entropy).spawn(seeds)]
    return run_strategy(strategy, f, start, rngs, iterations, record=record)


def number(name: str, value: float, rtol: float = 1e-6, **kw) -> Measurement:
    """A computed (not sampled) number as a measurement: its uncertainty ``rtol``·|value|, the
    rounding it is shown to."""
    return Measurement(name, value, rtol * abs(value), **kw)

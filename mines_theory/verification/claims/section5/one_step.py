"""One step from the minimizer, where Lemma 5.1's bound reduces to its Δ_{α,1}: the run on
which the printed Δ_{α,1} is checked (``errata.section5``), step by step on γ > 0
(``nonquadratic``) and repaired (``repaired``)."""

from __future__ import annotations

import dataclasses
import functools

import numpy as np

from mines_theory.algorithm.estimators import mean_gradient
from mines_theory.theory.bounds.section5 import delta_alpha_1
from mines_theory.theory.bounds.corrected import delta_alpha_1_corrected
from mines_theory.problems.objectives import SoftCubic1D
from mines_theory.algorithm.schedules import lemma51_step
from ...framework.decisions import exceeded
from ...framework.stats import proportion

__all__ = ["ONE_STEP", "OneStepAtOptimum", "one_step_exceedances"]


@dataclasses.dataclass(frozen=True)
class OneStepAtOptimum:
    """One mean step of Algorithm 1 (eq:g_mu, step 5) from μ_k = μ* on
    ``objectives.SoftCubic1D(scale)`` (σ = s, L = 3s, γ = s) with Σ_k⁻¹ = f″(μ*) = 2s, S' =
    [τ, ζ] = [σ, L] (the regime the paper has in mind), α = 0.1, b = 10, δ = 0.1 and Lemma 5.1's
    step η₁ = bτ/(4Lc₁); ``draws`` independent batches. At μ* the contraction term of eq:dec_0
    vanishes, so Lemma 5.1 says f(μ_{k+1}) − f* ≤ Δ_{α,1} with probability ≥ 1 − δ.

    Prediction, before the run: the printed Δ_{α,1} does not have the units of f. With α² in
    units of f (α multiplies Σ^{1/2}u, Σ^{1/2} in length/√f) and L, ζ, τ in f/length², γ in
    f/length³, its leading term γα⁴/(Lζτ³) is in length⁷/f², and its bracket
    (1 + c₁c₃/(2τζ)) adds a number to a term in length⁴/f²; so a large s makes it far too
    small. The corrected ``bounds.delta_alpha_1_corrected`` (γ²α⁴/(Lτ²)) is in f."""

    scale: float = 1000.0
    alpha: float = 0.1
    b: int = 10
    delta: float = 0.1
    draws: int = 2000
    seed: int = 43

    def objective(self):
        return SoftCubic1D(self.scale)

    @functools.cache
    def run(self) -> np.ndarray:
        """f(μ_{k+1}) − f* for each draw."""
        f = self.objective()
        eta = lemma51_step(d=1, b=self.b, delta=self.delta, L=f.L, tau=f.sigma).value
        sigma_inv = f.hessian(f.minimizer)
        rng = np.random.default_rng(self.seed)
        steps = [
            mean_gradient(f, f.minimizer, sigma_inv, self.alpha, rng.standard_normal((self.b, 1)))
            for _ in range(self.draws)
        ]
        return f(f.minimizer - eta * np.array(steps)) - f.f_star

    def bounds(self) -> dict:
        """The printed Δ_{α,1}, the same with γ² for γ (the eq:nu erratum), and the corrected."""
        f = self.objective()
        kw = {
            "d": 1,
            "b": self.b,
            "delta": self.delta,
            "L": f.L,
            "tau": f.sigma,
            "alpha": self.alpha,
        }
        return {
            "printed": delta_alpha_1(gamma=f.gamma, zeta=f.L, **kw),
            "printed_gamma_sq": delta_alpha_1(gamma=f.gamma**2, zeta=f.L, **kw),
            "corrected": delta_alpha_1_corrected(gamma=f.gamma, **kw),
        }


ONE_STEP = OneStepAtOptimum()


def one_step_exceedances(config: OneStepAtOptimum = ONE_STEP) -> dict:
    """For each Δ of ``OneStepAtOptimum.bounds``: the proportion of draws with
    f(μ_{k+1}) − f* above it, and whether that is more than δ (``decisions.exceeded``)."""
    gaps = config.run()
    out = {}
    for name, value in config.bounds().items():
        count = int(np.sum(gaps > value))
        out[name] = {
            "value": value,
            "proportion": proportion(name, count, config.draws),
            "exceeds": exceeded(count, config.draws, config.delta),
        }
    return out

"""Lemma E.1 of the paper (PDF Lemma 31, ``lem:nab_f``): ‖∇f(μ)‖²_Σ against ξ(f(μ) − f*) in the
local region of eq:nab_rst, on random points and preconditioners of a 3-D log-cosh objective
(off the trajectory of ``trajectory``, which the other lemmas of Appendix E share)."""

from __future__ import annotations

import numpy as np

from mines_theory.linalg.spd import preconditioned_extremes, random_spd
from mines_theory.problems.objectives import LogCoshQuadratic
from mines_theory.theory.bounds.section5 import nab_f_threshold
from ...framework.registry import claim
from ...framework.sizes import Data
from ...framework.spec import Bar, Cites, Key
from ...framework.stats import smallest
from ...framework.verdict import Kind, Measurement, Status, Verdict

__all__ = ["check_lemma_e1"]


# ---------------------------------------------------------------------------------------------
# Lemma E.1: ‖∇f‖²_Σ against f − f* in the local region
# ---------------------------------------------------------------------------------------------


@claim(
    "Lemma E.1",
    printed="Lemma 31",
    label="lem:nab_f, eq:nab_rst",
    statement="‖∇f(μ_k)‖²_{Σ_k} ≥ ξ_k(f(μ_k) − f*) once f(μ_k) − f* ≤ ξ_k²σ³/(8γ²(Lτ⁻¹ + 2ξ_k)²)",
    notebook="09-appendix-lemmas",
    key=Key("worst", "smallest ratio inside the region"),
    atlas=Bar(
        "‖∇f‖²_Σ ≥ ξ(f − f*), eq:nab_rst",
        ratio="worst",
        sense="lower",
    ),
    rests_on=(Cites("Thm 3.2", kind="proof step"),),
    minimum=Data(draws=100, at={"draws": ("draws", "measured:inside")}),
)
def check_lemma_e1(draws: int = 3000) -> Verdict:
    """Lemma E.1 (lem:nab_f, eq:nab_rst): if ξΣ⁻¹ ⪯ ∇²f(μ) and f(μ) − f* ≤ ξ²σ³/(8γ²(Lτ⁻¹ + 2ξ)²),
    then ‖∇f(μ)‖²_Σ ≥ ξ(f(μ) − f*). 3-D log-cosh (weight 0.5), random Σ⁻¹ ∈ S' = [σ/2, 2L],
    random directions and radii 10^U(−4, 0); "not checked" with fewer than 100 draws inside the
    region (its declaration's minimum)."""
    f = LogCoshQuadratic.random(3, condition=10.0, weight=0.5, seed=21)
    tau, zeta = f.sigma / 2, 2 * f.L
    rng = np.random.default_rng(22)
    inside, holds_inside, holds_outside, outside, ratios = 0, 0, 0, 0, []
    for _ in range(draws):
        sigma_inv = random_spd(rng, 3, tau, zeta)
        v = rng.standard_normal(3)
        mu = f.minimizer + 10 ** rng.uniform(-4, 0) * v / np.linalg.norm(v)
        gap = f(mu) - f.f_star
        xi, _ = preconditioned_extremes(f.hessian(mu), sigma_inv)
        grad = f.gradient(mu)
        ratio = grad @ np.linalg.solve(sigma_inv, grad) / (xi * gap)
        if gap <= nab_f_threshold(L=f.L, sigma=f.sigma, gamma=f.gamma, tau=tau, xi=xi):
            inside += 1
            holds_inside += ratio >= 1.0
            ratios.append(ratio)
        else:
            outside += 1
            holds_outside += ratio >= 1.0
    worst = smallest(ratios, "‖∇f‖²_Σ/(ξ(f − f*)) inside the region")
    ok = holds_inside == inside
    status = Status.HOLDS if ok else Status.FAILS
    count = lambda name, n: Measurement(name, n, kind=Kind.COUNT)  # noqa: E731
    return Verdict(
        status,
        "3-D log-cosh: the inequality held at {held_in} of {inside} points "
        "inside the region (smallest ratio {worst}) and at {held_out} of {outside} "
        "outside it",
        (
            count("held_in", holds_inside),
            count("inside", inside),
            Measurement("worst", worst, 1e-6 * worst, digits=3),
            count("held_out", holds_outside),
            count("outside", outside),
        ),
    )

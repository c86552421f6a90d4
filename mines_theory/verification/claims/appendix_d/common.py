"""What the lemmas of Appendix D and the errata in their proofs share: the quadratic whose G̃
weights have no α-error, the one-sided exceedance test, and the 3-D log-cosh setting of
Lemma D.6."""

from __future__ import annotations

import numpy as np

from mines_theory.linalg.spd import random_spd
from ...framework.decisions import exceeded, status_of
from ...framework.verdict import Status
from mines_theory.problems.objectives import LogCoshQuadratic

__all__ = ["d6_setting", "decide_tails", "log_cosh_3d", "quadratic"]


def quadratic(H):
    """q(x) = ½xᵀHx, vectorized: its G̃-weights are exactly u_iᵀΣ^{1/2}HΣ^{1/2}u_i (no α-error)."""
    return lambda X: 0.5 * np.einsum("ni,ij,nj->n", X, H, X)


def log_cosh_3d(weight=2.0, seed=11):
    """The 3-D log-cosh objective (κ = 10) of Lemmas D.1, D.3 and D.6."""
    return LogCoshQuadratic.random(3, condition=10.0, weight=weight, seed=seed)


def d6_setting():
    """(f, τ, ζ, Σ⁻¹, μ) of Lemma D.6: the 3-D log-cosh objective, Σ⁻¹ ∈ S' = [σ/2, 2L]."""
    f = log_cosh_3d()
    tau, zeta = f.runs_box
    sigma_inv = random_spd(np.random.default_rng(14), 3, eigenvalues=[tau * 1.2, f.L, zeta * 0.9])
    return f, tau, zeta, sigma_inv, f.minimizer + np.array([0.5, -0.3, 0.2])


def decide_tails(**tails: tuple[int, int, float]) -> Status:
    """The status of bounds that each hold "with probability ≥ 1 − δ", one part per bound
    (``decisions.status_of``): a part is met unless its bound is exceeded in ``count`` of
    ``trials`` more often than its δ (``allowed``) by the one-sided test
    (``decisions.exceeded``). Each tail is ``(count, trials, allowed)``.

    >>> decide_tails(nu=(10, 400, 0.1), U_nu=(30, 400, 0.1)).value
    'holds'
    >>> decide_tails(nu=(10, 400, 0.1), U_nu=(400, 400, 0.1)).value
    'fails'
    """
    return status_of(
        **{
            name: not exceeded(count, trials, allowed)
            for name, (count, trials, allowed) in tails.items()
        }
    )

"""The checkers of the proof of Lemma 33 (our Lemma E.3, lem:GH; Appendix E).

The admissible instances: d ∈ {1, …, 5}, b ∈ {1, …, 8}, S' = [τ, ζ], Σ_t⁻¹, H_t = Π_S'(∇²f(μ_t))
and H* with spectra in [τ, ζ], BG any symmetric matrix, u_i any vectors: the lines are
identities of matrix algebra (inner product ⟨A, B⟩ = tr(AᵀB)).
"""

from __future__ import annotations

import numpy as np

from ..check import Draw
from .common import positive, spd

__all__ = ["statement_decompose", "add_subtract", "decompose"]


def _instance(x: np.ndarray, d: int, b: int) -> dict:
    tau = positive(x[0], 1e-2, 10.0)
    zeta = tau * positive(x[1], 1.0, 1e3)
    m = d * d + d
    sigma_inv = spd(x[2 : 2 + m], d, tau, zeta)
    H_t = spd(x[2 + m : 2 + 2 * m], d, tau, zeta)
    H_star = spd(x[2 + 2 * m : 2 + 3 * m], d, tau, zeta)
    at = 2 + 3 * m
    B = np.asarray(x[at : at + d * d]).reshape(d, d) * zeta
    U = np.asarray(x[at + d * d : at + d * d + d * b]).reshape(d, b)
    w, V = np.linalg.eigh(sigma_inv)
    root, inv_root = (V / np.sqrt(w)) @ V.T, (V * np.sqrt(w)) @ V.T  # Σ^{1/2}, Σ^{-1/2}
    Q = sum(
        (u @ root @ H_t @ root @ u) * (inv_root @ np.outer(u, u) @ inv_root - sigma_inv)
        for u in U.T
    ) / (2 * b)
    return dict(BG=B + B.T, H_t=H_t, H_star=H_star, X=sigma_inv - H_star, Q=Q)


def _ip(A: np.ndarray, B: np.ndarray) -> float:
    return float(np.sum(A * B))


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, b = int(rng.integers(1, 6)), int(rng.integers(1, 9))
    x0 = rng.standard_normal(2 + 3 * (d * d + d) + d * d + d * b)
    return Draw(x0, lambda x: sides(_instance(x, d, b)), lambda x: dict(d=d, b=b))


def add_subtract(rng: np.random.Generator) -> Draw:
    """Step 1: ⟨BG − H*, X⟩ = ⟨BG − H_t + H_t − H*, X⟩."""

    def sides(s):
        BG, H_t, H_star, X = s["BG"], s["H_t"], s["H_star"], s["X"]
        lhs, rhs = _ip(BG - H_star, X), _ip(BG - H_t + H_t - H_star, X)
        size = np.linalg.norm(X) * (
            np.linalg.norm(BG) + 2 * np.linalg.norm(H_t) + np.linalg.norm(H_star)
        )
        return lhs, rhs, float(size)

    return _draw(rng, sides)


def decompose(rng: np.random.Generator) -> Draw:
    """Step 2: ⟨BG − H_t + H_t − H*, X⟩ = ⟨Q − H_t, X⟩ + ⟨BG − Q, X⟩ + ⟨H_t − H*, X⟩, Q =
    (1/2b)Σ_i u_iᵀΣ_t^{1/2}H_tΣ_t^{1/2}u_i(Σ_t^{-1/2}u_iu_iᵀΣ_t^{-1/2} − Σ_t⁻¹)."""

    def sides(s):
        BG, H_t, H_star, X, Q = s["BG"], s["H_t"], s["H_star"], s["X"], s["Q"]
        lhs = _ip(BG - H_t + H_t - H_star, X)
        rhs = _ip(Q - H_t, X) + _ip(BG - Q, X) + _ip(H_t - H_star, X)
        size = np.linalg.norm(X) * (
            np.linalg.norm(BG)
            + 2 * np.linalg.norm(Q)
            + 2 * np.linalg.norm(H_t)
            + np.linalg.norm(H_star)
        )
        return lhs, rhs, float(size)

    return _draw(rng, sides)


def statement_decompose(rng: np.random.Generator) -> Draw:
    """The statement: ⟨BG − H*, X⟩ = ⟨Q − H_t, X⟩ + ⟨BG − Q, X⟩ + ⟨H_t − H*, X⟩."""

    def sides(s):
        BG, H_t, H_star, X, Q = s["BG"], s["H_t"], s["H_star"], s["X"], s["Q"]
        rhs = _ip(Q - H_t, X) + _ip(BG - Q, X) + _ip(H_t - H_star, X)
        size = np.linalg.norm(X) * (
            np.linalg.norm(BG)
            + 2 * np.linalg.norm(Q)
            + 2 * np.linalg.norm(H_t)
            + np.linalg.norm(H_star)
        )
        return _ip(BG - H_star, X), rhs, float(size)

    return _draw(rng, sides)

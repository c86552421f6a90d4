"""The checkers of the proof of Theorem 12 (our Thm 5.4, thm:main_cvg; Appendix F).

The admissible instances: the σ-strongly convex, L-smooth ``common.LogCosh`` with its
γ-Lipschitz Hessian, a point μ_k, S' = [τ, ζ] with τ ≤ ζ, Σ_k⁻¹ with spectrum in [τ, ζ],
H* = Π_S'(∇²f(μ*)) (``linalg.spd.project_eigenvalues``), and Lemma 11's conclusion as the
hypothesis it is here: C/k is any number ≥ ‖Σ_k⁻¹ − H*‖². ‖·‖ is the Frobenius norm, ‖·‖₂ the
spectral one.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ..check import Draw
from .common import logcosh, logcosh_size, positive, spd

__all__ = [
    "submultiplicative",
    "spectral_by_frobenius",
    "triangle",
    "lipschitz_and_projection",
    "strong_convexity",
    "lower_sandwich",
    "upper_sandwich",
]


def _instance(x: np.ndarray, d: int, m: int) -> dict:
    from ....linalg.spd import project_eigenvalues

    n = logcosh_size(d, m)
    f, mu = logcosh(x[:n], d, m)
    tau = positive(x[n], 1e-2, 10.0)
    zeta = tau * positive(x[n + 1], 1.0, 1e3)
    sigma_inv = spd(x[n + 2 : n + 2 + d * d + d], d, tau, zeta)
    B = f.hessian(mu)
    H_star = project_eigenvalues(f.hessian(f.mu_star), tau, zeta)
    C_k = np.linalg.norm(sigma_inv - H_star) ** 2 * (1 + positive(x[-1], 1e-6, 10.0))
    Sigma = np.linalg.inv(sigma_inv)
    return dict(
        f=f,
        mu=mu,
        tau=tau,
        zeta=zeta,
        sigma_inv=sigma_inv,
        Sigma=Sigma,
        B=B,
        PB=project_eigenvalues(B, tau, zeta),
        H_star=H_star,
        C_k=C_k,
    )


def _draw(rng: np.random.Generator, sides) -> Draw:
    d, m = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    n = logcosh_size(d, m) + 2 + d * d + d + 1
    x0 = rng.standard_normal(n)

    def describe(x: np.ndarray) -> dict[str, float]:
        s = _instance(x, d, m)
        return dict(d=d, terms=m, tau=s["tau"], zeta=s["zeta"], sigma=s["f"].sigma, L=s["f"].L)

    return Draw(x0, lambda x: sides(_instance(x, d, m)), describe)


def _root(M: np.ndarray) -> np.ndarray:
    w, V = np.linalg.eigh(M)
    return (V * np.sqrt(np.maximum(w, 0))) @ V.T


def _sides(lhs: Any, rhs: Any) -> tuple[float, float, float]:
    return float(lhs), float(rhs), abs(float(lhs)) + abs(float(rhs))


def submultiplicative(rng: np.random.Generator) -> Draw:
    """Step 1: ‖Σ^{1/2}(Σ⁻¹ − ∇²f(μ_k))Σ^{1/2}‖₂ ≤ ‖Σ‖₂‖Σ⁻¹ − ∇²f(μ_k)‖₂ (Σ = Σ_k)."""

    def sides(s: dict):
        R = _root(s["Sigma"])
        X = s["sigma_inv"] - s["B"]
        return _sides(
            np.linalg.norm(R @ X @ R, 2), np.linalg.norm(s["Sigma"], 2) * np.linalg.norm(X, 2)
        )

    return _draw(rng, sides)


def spectral_by_frobenius(rng: np.random.Generator) -> Draw:
    """Step 2: ‖Σ‖₂‖X‖₂ ≤ τ⁻¹‖X‖ (Σ⁻¹ ⪰ τI, ‖·‖₂ ≤ ‖·‖)."""

    def sides(s: dict):
        X = s["sigma_inv"] - s["B"]
        return _sides(
            np.linalg.norm(s["Sigma"], 2) * np.linalg.norm(X, 2), np.linalg.norm(X) / s["tau"]
        )

    return _draw(rng, sides)


def triangle(rng: np.random.Generator) -> Draw:
    """Step 3: the triangle inequality through H*."""

    def sides(s: dict):
        lhs = np.linalg.norm(s["sigma_inv"] - s["B"]) / s["tau"]
        rhs = (
            np.linalg.norm(s["sigma_inv"] - s["H_star"]) + np.linalg.norm(s["H_star"] - s["B"])
        ) / s["tau"]
        return _sides(lhs, rhs)

    return _draw(rng, sides)


def _e(s: dict, through_gap: bool) -> float:
    f, mu = s["f"], s["mu"]
    if through_gap:
        middle = f.gamma * math.sqrt(2 * (f(mu) - f(f.mu_star)) / f.sigma)
    else:
        middle = f.gamma * float(np.linalg.norm(mu - f.mu_star))
    return (math.sqrt(s["C_k"]) + middle + np.linalg.norm(s["B"] - s["PB"])) / s["tau"]


def lipschitz_and_projection(rng: np.random.Generator) -> Draw:
    """Step 4: ‖Σ⁻¹ − H*‖ ≤ √(C/k) (Lemma 11) and ‖H* − ∇²f(μ_k)‖ ≤ γ‖μ_k − μ*‖ +
    ‖∇²f(μ_k) − Π_S'(∇²f(μ_k))‖ (Π_S' is non-expansive, the Hessian γ-Lipschitz)."""

    def sides(s: dict):
        lhs = (
            np.linalg.norm(s["sigma_inv"] - s["H_star"]) + np.linalg.norm(s["H_star"] - s["B"])
        ) / s["tau"]
        return _sides(lhs, _e(s, through_gap=False))

    return _draw(rng, sides)


def strong_convexity(rng: np.random.Generator) -> Draw:
    """Step 5: ‖μ_k − μ*‖ ≤ √(2(f(μ_k) − f(μ*))/σ) (σ-strong convexity)."""

    def sides(s: dict):
        return _sides(_e(s, through_gap=False), _e(s, through_gap=True))

    return _draw(rng, sides)


def _sandwich(s: dict, upper: bool):
    e = _e(s, through_gap=True)
    side = (1 + e if upper else 1 - e) * s["sigma_inv"]
    return side, e


def lower_sandwich(rng: np.random.Generator) -> Draw:
    """Step 6: (1 − e)Σ_k⁻¹ ⪯ H_k, e = τ⁻¹(√(C/k) + γ√(2(f(μ_k) − f*)/σ) + ‖∇²f − Π_S'(∇²f)‖),
    for both readings of H_k, ∇²f(μ_k) (what Lemma 10 needs) and Π_S'(∇²f(μ_k)) (Appendix E's
    H_t): the margin is the smaller of the two."""

    def sides(s: dict):
        low, _ = _sandwich(s, upper=False)
        worst = min((s["B"], s["PB"]), key=lambda H: np.linalg.eigvalsh(H - low).min())
        return low, worst, float(np.linalg.norm(low, 2) + np.linalg.norm(worst, 2))

    return _draw(rng, sides)


def upper_sandwich(rng: np.random.Generator) -> Draw:
    """Step 7: H_k ⪯ (1 + e)Σ_k⁻¹, both readings of H_k (as step 6)."""

    def sides(s: dict):
        high, _ = _sandwich(s, upper=True)
        worst = min((s["B"], s["PB"]), key=lambda H: np.linalg.eigvalsh(high - H).min())
        return worst, high, float(np.linalg.norm(high, 2) + np.linalg.norm(worst, 2))

    return _draw(rng, sides)
